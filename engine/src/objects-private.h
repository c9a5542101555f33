#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: the game objects' entry points for the simulation (objects.c, docs/OBJECTS.md).
 * Hidden visibility, `lwi_` names (phys.h).
 */

#include "objects-load.h"
#include "phys.h"

#pragma GCC visibility push(hidden)

/* ---- game objects (objects.c, docs/OBJECTS.md) ---- */

/* Where lw_sim_init's game objects come from: the level's markers (parsed, OBJECTS.md §2), or
 * typed records (a packed file's GOBJ section, docs/FORMAT.md §4.8; objects-load.c). */
typedef struct lwi_obj_source {
    const lw_level *level;        /* markers (typed = false) */
    bool typed;                   /* read @records instead */
    const lw_sim_object *records; /* typed records in level order (record_count entries) */
    uint32_t record_count;
} lwi_obj_source;

static inline uint32_t lwi_objects_source_count(const lwi_obj_source *src)
{
    return src->typed ? src->record_count : src->level->object_count;
}

/* Entry @i of @src as a game object in @out: 1; not a game object (a marker of another name, a
 * swapper...): 0; a bad property or record: -1 with @err (LW_ERR_RANGE naming the object). */
int lwi_objects_source_read(const lwi_obj_source *src, uint32_t i, lw_sim_object *out,
                            lw_error *err);

/* Level object @i as a game object (a marker of a known type or a mapped disassembly object):
 * 1, 0 when it is none, -1 on a bad property (objects.c). */
int lwi_objects_from_level(const lw_level *level, uint32_t i, lw_sim_object *out, lw_error *err);

/* Read @src's game objects into sim->objects (sorted by x; allocates once). */
bool lwi_objects_init_from(lw_sim *sim, const lwi_obj_source *src, lw_error *err);

/* lw_sim_init with the game objects from @src (sim.c). */
bool lwi_sim_init(lw_sim *sim, const lw_level *level, const lwi_obj_source *src,
                  const lw_profile *profile, int32_t x_px, int32_t y_px, lw_error *err);

/* Every object's state and the player's game fields at reset (after the player is placed). */
void lwi_objects_reset(lw_sim *sim);

/* An S2 collision plane switcher (Obj03) imported from a disassembly as a marker (docs/DISASM.md
 * §8.3), as the path swapper it is in @sw; false for every other object. */
bool lwi_objects_swapper_from_marker(const lw_level *level, const lw_object *o, lw_sim_swapper *sw);

/* Index of the first object whose origin x is >= @x (the culling index's column table). */
uint32_t lwi_objects_first(const lw_sim *sim, int32_t x);

/* Post-hit invulnerability, invincibility and speed-shoe countdowns (S2 Sonic_Display, which
 * the hurt routine does not run: @hurt_frame keeps the invulnerability then). */
void lwi_objects_timers(lw_sim *sim, bool hurt_frame);

/* Touch hitboxes at the end of the player's update (§4): rings, monitors, enemies, checkpoint,
 * goal, scattered rings. */
void lwi_objects_touch(lw_sim *sim);

/* The objects' own updates in object order (x order) within the culling window, solid and
 * platform collision with the player, then the scattered rings. */
void lwi_objects_run(lw_sim *sim);

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
