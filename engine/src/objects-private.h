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

/* ---- the culling index (§1.3), built once at init in the table's block ---- */

/* One enemy's floor probe result, kept while it walks through a few 16 px block columns at one
 * height (§1.3, "the enemies' floor probe"): @d is lw_sensor_floor_distance at any x of block
 * columns @bx..@bx + @span and probe row @y. Filled only where the blocks the probe reads there
 * read the same for all 16 columns and in every column of the run; @bx = INT32_MIN: empty. A pure
 * function of the terrain, so it is not part of the state (rewind and the hash ignore it);
 * lw_sim_terrain_changed() and lw_sim_reset() empty it. */
typedef struct lwi_enemy_memo {
    int32_t bx;
    uint32_t span;
    int32_t y, d;
} lwi_enemy_memo;

/* Block columns a memo may cover beyond the one probed, in the walking direction. */
#define LWI_MEMO_AHEAD 3

#define LWI_MEMO_EMPTY INT32_MIN

/* An idler's near test (§1.3) in one record: near in X while (uint32_t)(px - lo) <= span. */
typedef struct lwi_idle_near {
    int32_t lo;    /* px: origin x - reach */
    uint32_t span; /* 2 * reach */
    int16_t c;     /* near_c */
    uint16_t s;    /* near_span */
    uint32_t i;    /* its index */
} lwi_idle_near;

/* A lower bound kept between frames: @i is the first entry of a sorted x list that is >= X, and
 * holds while lo < X <= hi (the x of the entries before and at @i). */
typedef struct lwi_cull_bound {
    uint32_t i, pad;
    int64_t lo, hi;
} lwi_cull_bound;

/* Placed after the table and the reset states (sim->initial + object_count), so the block a
 * host swaps along with sim->objects / sim->initial (test-play after an edit) carries it. */
typedef struct lwi_obj_cull {
    int32_t max_reach; /* px: the largest reach of an idler (< LW_OBJ_CULL_PX, set_reach) */
    uint32_t runnable; /* objects with an update of their own */
    uint32_t idler_count, toucher_count;
    const int32_t *xs;     /* [i]: objects[i].x */
    uint32_t *enemy_rank;  /* [i]: enemies before object i (object_count + 1 entries) */
    lwi_idle_near *idlers; /* objects with an update that runs only when awake or near, x order */
    uint32_t *touchers;    /* rings, monitors, checkpoints, goals (touch-tested by origin) */
    int32_t *idler_x, *toucher_x; /* their x */
    uint32_t *movers;             /* the moving platforms (they run every frame in the window) */
    uint32_t *mover_rank;         /* [i]: moving platforms before object i (object_count + 1) */
    lwi_enemy_memo *memo;         /* [enemy rank] */
    /* The index ranges for the player's pixel X (@wpx for the window's, @tpx for the touch
     * range's), kept between frames (a pure function of that X, whatever they were found from;
     * the touch range alone when nothing in the level runs nor walks). */
    int32_t wpx, tpx;
    bool wvalid, tvalid;
    /* The touch range holds for every player X with (uint32_t)(X - tlo) <= tspan (while
     * tvalid): the X interval where both t0 and t1 hold, so a frame whose X stays in it tests
     * one interval. */
    int32_t tlo;
    uint32_t tspan;
    bool reference;             /* lwi_objects_set_reference() */
    lwi_cull_bound first, last; /* objects: the culling window, x in [px - 512, px + 512) */
    lwi_cull_bound n0, n1;      /* idlers: x in [px - max_reach, px + max_reach] */
    lwi_cull_bound t0, t1;      /* touchers: x in [px - LW_OBJ_TOUCH_PX, px + LW_OBJ_TOUCH_PX) */
} lwi_obj_cull;

#define LWI_WORDS(n) (((n) + 63u) / 64u)

_Static_assert(sizeof(lw_sim_object) % 8 == 0 && sizeof(lw_obj_state) % 8 == 0,
               "the culling index after the table stays 8-byte aligned");

static inline lwi_obj_cull *lwi_cull_of(const lw_sim *sim)
{
    return (lwi_obj_cull *)(void *)(sim->initial + sim->object_count);
}

/* True when lwi_objects_run has something to do this frame: scattered rings, or an object with
 * an update of its own (a level of rings and goals alone skips the call). */
static inline bool lwi_objects_any_run(const lw_sim *sim)
{
    return sim->state.game.spill_count || (sim->object_count && lwi_cull_of(sim)->runnable);
}

/* True when one of lwi_objects_timers' countdowns runs. */
static inline bool lwi_objects_any_timer(const lw_sim *sim)
{
    const lw_game_state *g = &sim->state.game;
    return (g->invuln | g->invincible | g->shoes) != 0;
}

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
