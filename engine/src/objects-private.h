#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: the game objects' entry points for the simulation (docs/OBJECTS.md): objects.c's
 * here, the other objects files' and what they share in objects-impl.h. Hidden visibility, `lwi_`
 * names (phys.h).
 */

#include "objects-impl.h"

#pragma GCC visibility push(hidden)

/* ---- objects.c ---- */

/* Read @src's game objects into sim->objects (sorted by x; allocates once). */
bool lwi_objects_init_from(lw_sim *sim, const lwi_obj_source *src, lw_error *err);

/* lw_sim_init with the game objects from @src (sim.c). */
bool lwi_sim_init(lw_sim *sim, const lw_level *level, const lwi_obj_source *src,
                  const lw_profile *profile, int32_t x_px, int32_t y_px, lw_error *err);

/* Every object's state and the player's game fields at reset (after the player is placed). */
void lwi_objects_reset(lw_sim *sim);

/* Index of the first object whose origin x is >= @x (the culling index's column table). */
uint32_t lwi_objects_first(const lw_sim *sim, int32_t x);

/* Post-hit invulnerability, invincibility and speed-shoe countdowns (S2 Sonic_Display, which
 * the hurt routine does not run: @hurt_frame keeps the invulnerability then). */
void lwi_objects_timers(lw_sim *sim, bool hurt_frame);

/* True when the game fields are at their reset values (the hash then leaves them out). */
bool lwi_objects_game_is_default(const lw_sim *sim);

/* Append the game block to the FNV-1a hash @h: nothing while the game fields and every object
 * are at their reset values (so a level whose objects were never touched hashes as before). */
uint64_t lwi_objects_hash(const lw_sim *sim, uint64_t h);

/* Reference mode for @sim (tests only): every object of the culling window runs every frame and
 * every object of the window is tested for touch, in the same order, without the culling
 * index's reach and touch-range narrowing (docs/OBJECTS.md §1.3). The optimised run must give
 * the same states frame for frame; /engine/objects/culling-reference checks it. No effect on a
 * simulation without objects. */
void lwi_objects_set_reference(lw_sim *sim, bool on);

/* Tests: the culling index checked against brute force (docs/OBJECTS.md §1.3): the x table,
 * ranks and lists against the table, each kept range bound against a count of the entries
 * below it for the player X it was found for, and every kept enemy floor probe result against
 * lw_sensor_floor_distance at each pixel it covers. NULL when all hold, else what failed. */
const char *lwi_objects_check_index(const lw_sim *sim);

#pragma GCC visibility pop
