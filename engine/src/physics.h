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
    bool ducking;      /* the previous frame ended grounded, not rolling, at Gsp 0 with DOWN
                          held and neither LEFT nor RIGHT (S2's duck animation) */
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

/* ---- game objects (objects.c, docs/OBJECTS.md) ---- */

/* Read the level's game-object markers into sim->objects (sorted by x; allocates once). */
bool lw_objects_init(lw_sim *sim, const lw_level *level, lw_error *err);

/* Every object's state and the player's game fields at reset (after the player is placed). */
void lw_objects_reset(lw_sim *sim);

/* An S2 collision plane switcher (Obj03) imported from a disassembly as a marker (docs/DISASM.md
 * §8.3), as the path swapper it is in @sw; false for every other object. */
bool lw_objects_swapper_from_marker(const lw_level *level, const lw_object *o, lw_sim_swapper *sw);

/* Index of the first object whose origin x is >= @x (binary search). */
uint32_t lw_objects_first(const lw_sim *sim, int32_t x);

/* Post-hit invulnerability, invincibility and speed-shoe countdowns (S2 Sonic_Display, which
 * the hurt routine does not run: @hurt_frame keeps the invulnerability then). */
void lw_objects_timers(lw_sim *sim, bool hurt_frame);

/* Touch hitboxes at the end of the player's update (§4): rings, monitors, enemies, checkpoint,
 * goal, scattered rings. */
void lw_objects_touch(lw_sim *sim);

/* The objects' own updates in object order (x order) within the culling window, solid and
 * platform collision with the player, then the scattered rings. */
void lw_objects_run(lw_sim *sim);

/* §9: the spindash at the start of a grounded, not-rolling frame: true when it used the frame
 * (charging, starting or releasing). @ducking: the player ducked on the previous frame. */
bool lw_phys_spindash(lw_sim *sim, const lw_frame_input *in, bool ducking);

/* True when the game fields are at their reset values (the hash then leaves them out). */
bool lw_objects_game_is_default(const lw_sim *sim);

/* Append the game block to the FNV-1a hash @h: nothing while the game fields and every object
 * are at their reset values (so a level whose objects were never touched hashes as before). */
uint64_t lw_objects_hash(const lw_sim *sim, uint64_t h);

#pragma GCC visibility pop
