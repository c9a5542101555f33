#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal to the game objects' sources (objects.c, objects-markers.c, objects-solid.c,
 * objects-touch.c, objects-run.c; docs/OBJECTS.md): the object source, the culling index's types
 * and range helpers, the small helpers they share and the functions each defines for the others
 * and for sim.c. Its own module, so the objects files include it without depending on objects.c
 * (objects-private.h, which sim.c and the tests use, includes it). Hidden visibility, `lwi_` names.
 */

#include "loopwright/sensor.h"
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

/* One enemy's compact record (§1.3, "the enemies' floor probe"): its index and its last floor
 * probe's result @d, kept while it walks through a few 16 px block columns at one height: @d is
 * lw_sensor_floor_distance at any x of those columns and the probe row. In 1/256 px, so the
 * enemy's state tests it as it is: the result holds for an enemy at (x, y) (after its move)
 * while (uint32_t)(x - @xlo) < @xspan (the columns) and (uint32_t)(y - @ylo) < 256 (y >> 8 is
 * the probe row less 14). Filled only where the blocks the probe reads there read the same for
 * all 16 columns and in every column of the run; @xspan = 0: empty. A pure function of the
 * terrain, so it is not part of the state (rewind and the hash ignore it);
 * lw_sim_terrain_changed() and lw_sim_reset() empty it. */
typedef struct lwi_enemy_memo {
    uint32_t i;     /* the enemy's object index */
    uint32_t xlo;   /* 1/256 px: the first column's x (modulo 2^32) */
    uint32_t xspan; /* 1/256 px: the columns' width; 0: empty */
    uint32_t ylo;   /* 1/256 px: (probe row - 14) << 8 (modulo 2^32) */
    int32_t d;
} lwi_enemy_memo;

/* 1/256 px a frame: an enemy's walking speed (§11). Its x changes by exactly this or not at
 * all in a frame, so its pixel by at most 1 (the enemies' touch skip relies on it). */
#define LWI_ENEMY_XSP 0x100

/* Block columns a memo may cover beyond the one probed, in the walking direction (within the
 * probed column's chunk: up to its last column). */
#define LWI_MEMO_AHEAD 15

/* The block columns and probe row of memo @m (tests). */
static inline int32_t lwi_memo_bx(const lwi_enemy_memo *m)
{
    return (int32_t)m->xlo >> 12;
}

static inline int32_t lwi_memo_row(const lwi_enemy_memo *m)
{
    return ((int32_t)m->ylo >> 8) + 14;
}

/* An idler's near test (§1.3) in one record: near in X while (uint32_t)(px - lo) <= span, in Y
 * while v = py + yc + hr + 64 is in [0, s + 2 (hr + 64)) modulo 2048. @yc is near_c less the
 * origin's y: an idler that is not awake is at its origin's y (lwi_obj_awake_update keeps one
 * that rests elsewhere, a knocked monitor, awake), and its x never changes. */
typedef struct lwi_idle_near {
    int32_t lo;    /* px: origin x - reach */
    int32_t yc;    /* px: near_c - origin y */
    uint16_t span; /* 2 * reach (< 2 LW_OBJ_CULL_PX) */
    uint16_t s;    /* near_span */
    uint32_t i;    /* its index */
} lwi_idle_near;

/* A moving platform (§8) in one record, in object order: its position at frame f is @base +
 * ((@distance * sin(256 (f mod @period) / @period)) >> 8) px on X (horizontal) or Y, as
 * platform_motion computes it from the table; @key = @period | @distance << 16 | horizontal
 * << 32 (the moving platforms with the same key have the same offset at every frame, and move
 * on the same axis). Its landing test's X overlap, (uint32_t)(px - ox + half_w) < 2 half_w, is
 * (uint32_t)(px - off - @lo) < 2 half_w with off the offset on X (0 for a vertical one, whose
 * x stays at its origin: nothing else writes it). */
typedef struct lwi_mover {
    uint64_t key; /* period | (uint16_t)distance << 16 | horizontal << 32 */
    /* the byte offset of its moving coordinate in lw_game_state.obj (i * 16 + 0 or 4) */
    uint32_t field;
    int32_t base;   /* 1/256 px: the origin's x (horizontal) or y, * LW_SUBPX */
    int32_t lo;     /* px: the origin's x - half_w */
    uint16_t span;  /* px: 2 * half_w (the properties keep it under 2^16) */
    int16_t half_w; /* px */
} lwi_mover;

_Static_assert(sizeof(lw_obj_state) == 16, "lwi_mover.field: an object's state is 16 bytes");

/* The index of mover @mv. */
static inline uint32_t lwi_mover_index(const lwi_mover *mv)
{
    return mv->field >> 4;
}

/* The key's axis: horizontal. */
#define LWI_MOVER_H (1ull << 32)

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
    /* For the idlers [@ny_n0, @ny_n1) (the near range's last bounds, @ny_valid): the smallest
     * -yc (@ny_a) and the largest -yc + s (@ny_b) of their records, a pure function of the
     * range. No idler of it is near a player at py with hm = hr + 64 when py + hm < @ny_a, or
     * when py - hm >= @ny_b and py + hm < @ny_a + 2048 (run_culled). */
    uint32_t ny_n0, ny_n1;
    int32_t ny_a, ny_b;
    bool ny_valid;
    /* The same extent over all the idlers of the level (built at init): a frame with the
     * player above or below all of them finds no near range at all (run_culled). */
    int32_t gy_a, gy_b;
    lwi_mover *movers; /* the moving platforms (they run every frame in the window) */
    /* px: the lowest and highest y a moving platform takes (its origin's, ± the distance for a
     * vertical one; INT32_MAX / INT32_MIN: none), so a frame whose player cannot land on any
     * of them (run_movers) skips the landing tests */
    int32_t my_lo, my_hi;
    uint32_t *mover_rank; /* [i]: moving platforms before object i (object_count + 1) */
    lwi_enemy_memo *memo; /* [enemy rank] */
    /* The last offset worked out for the movers' key @off_key at frame @off_frame (a pure
     * function of the two; @off_valid false: none yet). */
    uint64_t off_key;
    uint32_t off_frame;
    int32_t off_px;
    bool off_valid;
    /* The index ranges for the player's pixel X (@wpx for the window's, @npx for the near
     * range's, @tpx for the touch range's), kept between frames (a pure function of that X,
     * whatever they were found from; the touch range alone when nothing in the level runs nor
     * walks, the near range only on frames the player is within the idlers' Y extent). */
    int32_t wpx, npx, tpx;
    bool wvalid, nvalid, tvalid;
    /* The touch range holds for every player X with (uint32_t)(X - tlo) <= tspan (while
     * tvalid): the X interval where both t0 and t1 hold, so a frame whose X stays in it tests
     * one interval. */
    int32_t tlo;
    uint32_t tspan;
    bool reference;             /* lwi_objects_set_reference() */
    lwi_cull_bound first, last; /* objects: the culling window, x in [px - 512, px + 512) */
    lwi_cull_bound n0, n1;      /* idlers: x in [px - max_reach, px + max_reach] */
    lwi_cull_bound t0, t1;      /* touchers: x in [px - touch_lo, px + touch_hi) */
    /* px: the touch range's reach, the widest of the level's touchers' exact ones (§4.1: a ring
     * touches for origin x in [px - 14, px + 14], a monitor [px - 24, px + 24], a checkpoint
     * [px - 7, px + 8], a goal [px - 31, px]; at most LW_OBJ_TOUCH_PX) */
    int32_t touch_lo, touch_hi;
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

/* ---- shared by the objects files (objects*.c) ---- */

/* The game fields and object states of @sim (lw_sim_state.game). */
static inline lw_game_state *lwi_obj_game(lw_sim *sim)
{
    return &sim->state.game;
}

/* The pixel of a 1/256 px coordinate (rounded down). */
static inline int32_t lwi_obj_px(int32_t v)
{
    return v >> 8;
}

/* After idler @i's own update: its awake bit follows its state (§1.3). A gone object with no
 * countdown left never does anything again. One that is not gone and not at its origin's y
 * (@origin_y, 1/256 px: a monitor knocked up that came to rest on a lower floor) stays awake, so
 * the near test can take the y from its record. */
static inline void lwi_obj_awake_update(lw_game_state *g, uint32_t i, int32_t origin_y)
{
    const lw_obj_state *s = &g->obj[i];
    bool gone = s->flags & LW_OBJF_GONE;
    bool awake =
        ((s->flags | s->timer | s->aux) != 0 && (!gone || s->timer)) || (!gone && s->y != origin_y);
    uint64_t bit = 1ull << (i & 63u);
    if (awake)
        g->awake[i >> 6] |= bit;
    else
        g->awake[i >> 6] &= ~bit;
}

static inline void lwi_obj_awake_set(lw_game_state *g, uint32_t i)
{
    g->awake[i >> 6] |= 1ull << (i & 63u);
}

/* The first of the @n sorted @xs that is >= @x (binary search). */
static inline uint32_t lwi_obj_lower_bound(const int32_t *xs, uint32_t n, int64_t x)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (xs[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* @b for @x over the @n sorted @xs: kept while it holds, else stepped from where it was, or
 * searched afresh when @jump. */
static inline void lwi_obj_bound_to(lwi_cull_bound *b, const int32_t *xs, uint32_t n, int64_t x,
                                    bool jump)
{
    if (!jump && x > b->lo && x <= b->hi)
        return;
    uint32_t i = b->i;
    if (jump) {
        i = lwi_obj_lower_bound(xs, n, x);
    } else {
        while (i < n && xs[i] < x)
            i++;
        while (i > 0 && xs[i - 1] >= x)
            i--;
    }
    b->i = i;
    b->lo = i > 0 ? xs[i - 1] : INT64_MIN;
    b->hi = i < n ? xs[i] : INT64_MAX;
}

/* A kept X for ranges found for @old (@valid): the same X, a step of at most 64 px, or a jump
 * (a reset, a rewind) after which the bounds are searched afresh (the result is the same). */
static inline bool lwi_obj_is_jump(bool valid, int32_t old, int32_t px)
{
    return !valid || px - old > 64 || old - px > 64;
}

/* The culling window's bounds for the player at pixel X @px. */
static inline __attribute__((always_inline)) lwi_obj_cull *lwi_obj_window_ranges(const lw_sim *sim,
                                                                                 int32_t px)
{
    lwi_obj_cull *c = lwi_cull_of(sim);
    if (c->wvalid && px == c->wpx)
        return c;
    bool jump = lwi_obj_is_jump(c->wvalid, c->wpx, px);
    int64_t x = px;
    lwi_obj_bound_to(&c->first, c->xs, sim->object_count, x - LW_OBJ_CULL_PX, jump);
    lwi_obj_bound_to(&c->last, c->xs, sim->object_count, x + LW_OBJ_CULL_PX, jump);
    c->wpx = px;
    c->wvalid = true;
    return c;
}

/* lw_sensor_floor_distance on path A, top solidity (an enemy's, a ring's, a monitor's floor). */
static inline int32_t lwi_obj_floor_distance(const lw_sim *sim, int32_t x, int32_t y)
{
    return lw_sensor_floor_distance(sim->level, LW_PATH_A, x, y, LW_SOLID_TOP);
}

/* True when the player stands on object @i. */
static inline bool lwi_obj_standing_on(lw_sim *sim, uint32_t i)
{
    return lwi_obj_game(sim)->on_object == i + 1;
}

/* ---- the objects files' functions (hidden) ---- */

/* objects-solid.c (§3): a standing player still on object @i with half-width @d1 (moved onto
 * its top @top_px and by its X change since @prev_x: true) or off its edge (airborne). */
bool lwi_obj_keep_standing(lw_sim *sim, uint32_t i, int32_t d1, int32_t top_px, int32_t prev_x);

/* objects-solid.c: S2 PlatformObject, top-solid; @d1 half-width (no player radius), @top_px the
 * surface. True when the player lands on object @i. */
bool lwi_obj_platform_land(lw_sim *sim, uint32_t i, int32_t ox, int32_t d1, int32_t top_px);

/* objects-solid.c: the player leaves object @i (airborne when it stood on it). */
void lwi_obj_leave(lw_sim *sim, uint32_t i);

/* objects-solid.c: the updates of springs (§6), spikes, monitors (§10) and bridges (§7). */
void lwi_obj_run_spring(lw_sim *sim, uint32_t i);
void lwi_obj_run_spikes(lw_sim *sim, uint32_t i);
void lwi_obj_run_monitor(lw_sim *sim, uint32_t i);
void lwi_obj_run_bridge(lw_sim *sim, uint32_t i);

/* objects-touch.c: S2 HurtCharacter (§4); @src_x is the hurting object's pixel X. */
void lwi_obj_hurt(lw_sim *sim, int32_t src_x);

/* objects-touch.c: the scattered rings' motion and lifetime (§5). */
void lwi_obj_run_spill(lw_sim *sim);

/* ---- defined outside objects.c, for sim.c ---- */

/* An S2 collision plane switcher (Obj03) imported from a disassembly as a marker (docs/DISASM.md
 * §8.3), as the path swapper it is in @sw; false for every other object. */
bool lwi_objects_swapper_from_marker(const lw_level *level, const lw_object *o, lw_sim_swapper *sw);

/* Touch hitboxes at the end of the player's update (§4): rings, monitors, enemies, checkpoint,
 * goal, scattered rings. */
void lwi_objects_touch(lw_sim *sim);

/* The objects' own updates in object order (x order) within the culling window, solid and
 * platform collision with the player, then the scattered rings. */
void lwi_objects_run(lw_sim *sim);

#pragma GCC visibility pop
