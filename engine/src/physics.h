#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Private to the physics sources (player.c, ground.c, air.c); tests include it on purpose to
 * check single rules (slope factors, slip, landing) in isolation. Every function works on an
 * lw_sim and follows spec/PHYSICS.md to the letter; section numbers are in the comments.
 *
 * Internal: nothing here is engine API. The header is outside include/, and its functions
 * (lw_phys_*) have hidden visibility, so a shared build of the engine would not export them.
 */

#include "loopwright/player.h"

#pragma GCC visibility push(hidden)

/* The buttons of one frame, decoded once. */
typedef struct lw_frame_input {
    bool left, right, up, down;
    bool jump_held;    /* J held this frame */
    bool jump_pressed; /* J held this frame and not on the previous one */
} lw_frame_input;

/* ---- small integer helpers ---- */

static inline int32_t lw_abs32(int32_t v)
{
    return v < 0 ? -v : v;
}

/* Byte arithmetic on hex angles. */
static inline uint8_t lw_ang(int32_t v)
{
    return (uint8_t)((uint32_t)v & 0xFFu);
}

/* ---- sensors with debug recording (player.c) ---- */

/* Cast one sensor on the player's path, recording it in sim->debug. Returns the result, which
 * lives in the debug record (or in @scratch once the records are full); valid until the next
 * cast of the frame at least. */
const lw_sensor_hit *lw_phys_cast(lw_sim *sim, lw_sensor_id id, lw_cast_use use, int32_t x,
                                  int32_t y, lw_sensor_dir dir, unsigned solidity,
                                  uint8_t initial_angle, lw_sensor_hit *scratch);

/* Result of a sensor pair (A/B or C/D): the smaller distance wins, "A" on ties (§3.5). */
typedef struct lw_pair {
    int32_t d;       /* winner's distance */
    int32_t d_other; /* loser's distance */
    uint8_t angle;   /* winner's angle output */
    uint8_t angle_a; /* A's angle output */
    uint8_t angle_b; /* B's angle output */
} lw_pair;

/* Cast the pair A at (ax, ay) and B at (bx, by), both pointing @dir. */
void lw_phys_cast_pair(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use, int32_t ax,
                       int32_t ay, int32_t bx, int32_t by, lw_sensor_dir dir, unsigned solidity,
                       uint8_t initial_angle, lw_pair *out);

/* ---- shared steps (player.c) ---- */

/* §4.7: boundary clamp before moving; false when the player fell out of the level (then the
 * status is LW_SIM_DEAD and the frame ends). */
bool lw_phys_bounds(lw_sim *sim);

/* §5.11 resetOnFloor: landing bookkeeping (un-roll with its Y shift, clear the air flags). */
void lw_phys_reset_on_floor(lw_sim *sim);

/* ---- ground (ground.c) ---- */

/* §7.1 / §7.2: one grounded frame, not rolling / rolling. */
void lw_phys_ground_frame(lw_sim *sim, const lw_frame_input *in);
void lw_phys_roll_frame(lw_sim *sim, const lw_frame_input *in);

/* §5.2 + §8: try to jump; true when the jump happened (the frame's ground movement ends). */
bool lw_phys_try_jump(lw_sim *sim);

/* §4.4: Gsp after the running slope factor at @angle. */
int32_t lw_phys_slope_factor(const lw_profile *p, uint8_t angle, int32_t gsp);

/* §6.3: Gsp after the rolling slope factor at @angle. */
int32_t lw_phys_roll_slope_factor(const lw_profile *p, uint8_t angle, int32_t gsp);

/* §4.2: Gsp after LEFT / RIGHT input (ground, not rolling); updates facing/pushing. */
void lw_phys_move_left(lw_sim *sim);
void lw_phys_move_right(lw_sim *sim);

/* §4.3: friction toward 0 by @amount. */
int32_t lw_phys_friction(int32_t gsp, int32_t amount);

/* §4.6: grounded push sensor (uses this frame's Xsp/Ysp). */
void lw_phys_push_sensor(lw_sim *sim);

/* §4.8: grounded A/B scan, angle update and snap / leave the ground. */
void lw_phys_ground_sensors(lw_sim *sim);

/* §4.8.4: positive snap limit for the speed component @v (Xsp or Ysp). */
int32_t lw_phys_snap_limit(const lw_profile *p, int32_t v);

/* §4.8.3: the new ground angle given the current one and the winner's angle output. */
uint8_t lw_phys_ground_angle(const lw_profile *p, uint8_t current, uint8_t sensed);

/* §4.9: slip / fall check and control-lock countdown. */
void lw_phys_slope_repel(lw_sim *sim);

/* ---- air (air.c) ---- */

/* §7.3: one airborne frame. */
void lw_phys_air_frame(lw_sim *sim, const lw_frame_input *in);

/* §5.7: one step of the air angle relaxation. */
uint8_t lw_phys_relax_angle(uint8_t angle);

/* §5.5: Xsp after air drag for the given Ysp. */
int32_t lw_phys_air_drag(const lw_profile *p, int32_t xsp, int32_t ysp);

/* §5.9: land on a floor with distance @d and (unflagged) floor angle @a, mostly-down rules. */
void lw_phys_land_floor(lw_sim *sim, int32_t d, uint8_t a);

/* §5.8: the movement quadrant of a velocity (0x00 down, 0x40 left, 0x80 up, 0xC0 right). */
static inline uint8_t lw_phys_air_quadrant(int32_t xsp, int32_t ysp)
{
    return (uint8_t)((unsigned)lw_ang(lw_calc_angle(xsp, ysp) - 0x20) & 0xC0u);
}

#pragma GCC visibility pop
