#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: what the physics steps share (sim.c, ground.c, air.c, objects.c): the decoded buttons
 * of a frame, byte arithmetic on angles, sensor casts recorded in the frame's debug records, the
 * level boundary (§4.7) and the landing bookkeeping (§5.11). Implemented in phys.c.
 *
 * Nothing here is engine API: the header is outside include/, its functions have hidden
 * visibility, and internal names start with `lwi_` (docs/ENGINE.md, "Internal names").
 */

#include "loopwright/sim.h"

#pragma GCC visibility push(hidden)

/* The buttons of one frame, decoded once. */
typedef struct lwi_frame_input {
    bool left, right, up, down;
    bool jump_held;    /* J held this frame */
    bool jump_pressed; /* J held this frame and not on the previous one */
    bool ducking;      /* the previous frame ended grounded, not rolling, at Gsp 0 with DOWN
                          held and neither LEFT nor RIGHT (S2's duck animation) */
} lwi_frame_input;

/* ---- small integer helpers ---- */

static inline int32_t lwi_abs32(int32_t v)
{
    return v < 0 ? -v : v;
}

/* Byte arithmetic on hex angles. */
static inline uint8_t lwi_ang(int32_t v)
{
    return (uint8_t)((uint32_t)v & 0xFFu);
}

/* ---- the state hash: FNV-1a 64 over bytes, multi-byte values low byte first (sim.c, objects.c) */

#define LWI_FNV_OFFSET 0xcbf29ce484222325ull
#define LWI_FNV_PRIME  0x100000001b3ull

static inline uint64_t lwi_fnv8(uint64_t h, uint32_t b)
{
    return (h ^ (uint8_t)b) * LWI_FNV_PRIME;
}

static inline uint64_t lwi_fnv16(uint64_t h, uint32_t v)
{
    return lwi_fnv8(lwi_fnv8(h, v), v >> 8);
}

static inline uint64_t lwi_fnv32(uint64_t h, uint32_t v)
{
    return lwi_fnv16(lwi_fnv16(h, v), v >> 16);
}

/* ---- sensors with debug recording ---- */

/* Cast one sensor on the player's path, recording it in sim->debug. Returns the result, which
 * lives in the debug record (or in @scratch once the records are full); valid until the next
 * cast of the frame at least. */
const lw_sensor_hit *lwi_phys_cast(lw_sim *sim, lw_sensor_id id, lw_cast_use use, int32_t x,
                                   int32_t y, lw_sensor_dir dir, unsigned solidity,
                                   uint8_t initial_angle, lw_sensor_hit *scratch);

/* Result of a sensor pair (A/B or C/D): the smaller distance wins, "A" on ties (§3.5). */
typedef struct lwi_pair {
    int32_t d;       /* winner's distance */
    int32_t d_other; /* loser's distance */
    uint8_t angle;   /* winner's angle output */
    uint8_t angle_a; /* A's angle output */
    uint8_t angle_b; /* B's angle output */
} lwi_pair;

/* Cast a pair from the player's edges (centre X, Y and radii wr, hr now) toward @dir: DOWN and UP
 * from A (X - wr, Y +/- hr) and B (X + wr, Y +/- hr); RIGHT and LEFT from A (X +/- hr, Y + wr) and
 * B (X +/- hr, Y - wr), both recorded in sim->debug. The ground sensors, the head-room check and
 * the air floor and ceiling pairs all cast this shape. One function per direction, each with the
 * scan inlined (phys.c); the inline selector folds away where @dir is a constant. */
void lwi_phys_cast_pair_down(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                             unsigned solidity, uint8_t initial_angle, lwi_pair *out);
void lwi_phys_cast_pair_up(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                           unsigned solidity, uint8_t initial_angle, lwi_pair *out);
void lwi_phys_cast_pair_right(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                              unsigned solidity, uint8_t initial_angle, lwi_pair *out);
void lwi_phys_cast_pair_left(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                             unsigned solidity, uint8_t initial_angle, lwi_pair *out);

static inline void lwi_phys_cast_pair_toward(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb,
                                             lw_cast_use use, lw_sensor_dir dir, unsigned solidity,
                                             uint8_t initial_angle, lwi_pair *out)
{
    switch (dir) {
    case LW_DIR_DOWN:
        lwi_phys_cast_pair_down(sim, ida, idb, use, solidity, initial_angle, out);
        break;
    case LW_DIR_UP:
        lwi_phys_cast_pair_up(sim, ida, idb, use, solidity, initial_angle, out);
        break;
    case LW_DIR_RIGHT:
        lwi_phys_cast_pair_right(sim, ida, idb, use, solidity, initial_angle, out);
        break;
    case LW_DIR_LEFT:
    default:
        lwi_phys_cast_pair_left(sim, ida, idb, use, solidity, initial_angle, out);
        break;
    }
}

/* ---- shared steps ---- */

/* §4.7: boundary clamp before moving; false when the player fell out of the level (then the
 * status is LW_SIM_DEAD and the frame ends). */
bool lwi_phys_bounds(lw_sim *sim);

/* §5.11 resetOnFloor: landing bookkeeping (un-roll with its Y shift, clear the air flags). */
void lwi_phys_reset_on_floor(lw_sim *sim);

#pragma GCC visibility pop
