#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: the grounded player (ground.c): running (§4), rolling (§6), the jump off the ground
 * (§5.2, §8) and the spindash (docs/OBJECTS.md §9). Hidden visibility, `lwi_` names (phys.h).
 */

#include "phys.h"

#pragma GCC visibility push(hidden)

/* §7.1 / §7.2: one grounded frame, not rolling / rolling. */
void lwi_phys_ground_frame(lw_sim *sim, const lwi_frame_input *in);
void lwi_phys_roll_frame(lw_sim *sim, const lwi_frame_input *in);

/* §5.2 + §8: try to jump; true when the jump happened (the frame's ground movement ends). */
bool lwi_phys_try_jump(lw_sim *sim);

/* OBJECTS.md §9: the spindash at the start of a grounded, not-rolling frame: true when it used
 * the frame (charging, starting or releasing). @ducking: the player ducked on the previous
 * frame. */
bool lwi_phys_spindash(lw_sim *sim, const lwi_frame_input *in, bool ducking);

/* §4.4: Gsp after the running slope factor at @angle. */
int32_t lwi_phys_slope_factor(const lw_profile *p, uint8_t angle, int32_t gsp);

/* §6.3: Gsp after the rolling slope factor at @angle. */
int32_t lwi_phys_roll_slope_factor(const lw_profile *p, uint8_t angle, int32_t gsp);

/* §4.2: Gsp after LEFT / RIGHT input (ground, not rolling); updates facing/pushing. */
void lwi_phys_move_left(lw_sim *sim);
void lwi_phys_move_right(lw_sim *sim);

/* §4.3: friction toward 0 by @amount. */
int32_t lwi_phys_friction(int32_t gsp, int32_t amount);

/* §4.6: grounded push sensor (uses this frame's Xsp/Ysp). */
void lwi_phys_push_sensor(lw_sim *sim);

/* §4.8: grounded A/B scan, angle update and snap / leave the ground. */
void lwi_phys_ground_sensors(lw_sim *sim);

/* §4.8.4: positive snap limit for the speed component @v (Xsp or Ysp). */
int32_t lwi_phys_snap_limit(const lw_profile *p, int32_t v);

/* §4.8.3: the new ground angle given the current one and the winner's angle output. */
uint8_t lwi_phys_ground_angle(const lw_profile *p, uint8_t current, uint8_t sensed);

/* §4.9: slip / fall check and control-lock countdown. */
void lwi_phys_slope_repel(lw_sim *sim);

#pragma GCC visibility pop
