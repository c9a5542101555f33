/* SPDX-License-Identifier: MIT */
/* Game objects (docs/OBJECTS.md; section numbers refer to it): the table and its culling index
 * built at init (§1.3), reset, the index's brute-force check, the timers and the state hash
 * block (§13). The other parts: objects-markers.c (the marker table), objects-solid.c (solid
 * objects, springs, spikes, monitors, bridges, hurt and ring loss), objects-touch.c (touch
 * hitboxes, scattered rings), objects-run.c (platforms, the enemy, the object phase). */
#include "objects-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- the culling index (§1.3), built once at init in the table's block ---- */

/* Each instance of game object @so (a ring row is one instance a ring) at its place. */
static uint32_t instances(const lw_sim_object *so)
{
    return so->type == LW_OBJ_RING ? so->logs : 1u;
}

/* Update reach (§1.3: what the culling loop may skip): in X the solid box plus the player's
 * push radius and a margin for one frame of motion; in Y the box's vertical extent, to which
 * the loop adds the player's radius and a 64 px margin. */
static void set_reach(lw_sim_object *o)
{
    int32_t r = 0, h = 0;
    bool top_solid = false;
    o->runs = 1;
    switch ((lw_obj_type)o->type) {
    case LW_OBJ_SPRING:
        r = 16 + 40 + 32; /* also the horizontal springs' 40 px trigger area */
        h = (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT) ? 24 /* trigger ±24 */
            : o->dir >= LW_DIR8_UP_LEFT                         ? 16
                                                                : 8;
        break;
    case LW_OBJ_SPIKES:
        r = o->half_w + 16 + 32;
        h = (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT) ? o->half_w : 16;
        break;
    case LW_OBJ_MONITOR:
        r = 16 + 32;
        h = 15;
        break;
    case LW_OBJ_PLATFORM:
        r = o->half_w + 32;
        o->busy = o->variant == LW_PLATFORM_HORIZONTAL || o->variant == LW_PLATFORM_VERTICAL;
        top_solid = true;
        break;
    case LW_OBJ_BRIDGE:
        r = 8 * o->logs + 8 + 32;
        top_solid = true;
        break;
    case LW_OBJ_ENEMY:
        o->busy = 1;
        break;
    case LW_OBJ_RING:
    case LW_OBJ_CHECKPOINT:
    case LW_OBJ_GOAL:
    case LW_OBJ_TYPE_COUNT:
        o->runs = 0;
        break;
    }
    /* (at most 288 px with the properties' ranges; the object phase relies on reach staying
     * inside the culling window) */
    if (r > LW_OBJ_CULL_PX - 1)
        r = LW_OBJ_CULL_PX - 1;
    o->reach = (uint16_t)r;
    if (top_solid) {
        /* §3.3: lands when py - oy is in [-12 - hr, 4 - hr] */
        o->near_c = 12;
        o->near_span = 16;
    } else {
        /* §3.1: d3 = py - oy + 4 + (h + hr) in [0, 2 (h + hr)) modulo 2048 */
        o->near_c = (int16_t)(4 + h);
        o->near_span = (uint16_t)(2 * h);
    }
}

/* The game objects of @src: a count (ring rows expanded) and their x range; false on a bad
 * property or record, or over the limit. */
static bool count_objects(const lwi_obj_source *src, uint32_t *count_out, int32_t *xmin,
                          int32_t *xmax, lw_error *err)
{
    uint32_t count = 0;
    *xmin = INT32_MAX;
    *xmax = INT32_MIN;
    for (uint32_t i = 0; i < lwi_objects_source_count(src) && count <= LW_SIM_MAX_OBJECTS; i++) {
        lw_sim_object so;
        int got = lwi_objects_source_read(src, i, &so, err);
        if (got < 0)
            return false;
        if (!got)
            continue;
        uint32_t n = instances(&so);
        int32_t x_last = so.x + (int32_t)(n - 1) * so.distance;
        int32_t lo = so.x < x_last ? so.x : x_last, hi = so.x < x_last ? x_last : so.x;
        *xmin = lo < *xmin ? lo : *xmin;
        *xmax = hi > *xmax ? hi : *xmax;
        count += n;
    }
    if (count > LW_SIM_MAX_OBJECTS)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "the level has %u game objects; the simulation supports %u", count,
                            (unsigned)LW_SIM_MAX_OBJECTS);
    *count_out = count;
    return true;
}

/* The compact record of moving platform @i (@o). */
static lwi_mover mover_of(const lw_sim_object *o, uint32_t i)
{
    bool h = o->variant == LW_PLATFORM_HORIZONTAL;
    return (lwi_mover){.key = o->period | (uint32_t)(uint16_t)o->distance << 16 |
                              (h ? LWI_MOVER_H : 0),
                       .field = i * (uint32_t)sizeof(lw_obj_state) + (h ? 0u : 4u),
                       .base = (h ? o->x : o->y) * LW_SUBPX,
                       .lo = o->x - o->half_w,
                       .span = (uint16_t)(2u * (uint32_t)o->half_w),
                       .half_w = o->half_w};
}

/* The touch test's reach of a toucher of @type (§4.1, objects-touch.c's tests): it can touch
 * only with its x in [px - @lo, px + @hi). */
static void touch_reach(uint8_t type, int32_t *lo, int32_t *hi)
{
    switch (type) {
    case LW_OBJ_RING: /* |ox - px| <= 6 + 8 */
        *lo = 14, *hi = 15;
        break;
    case LW_OBJ_MONITOR: /* |ox - px| <= 16 + 8 */
        *lo = 24, *hi = 25;
        break;
    case LW_OBJ_CHECKPOINT: /* px - ox + 8 in [0, 16) */
        *lo = 7, *hi = 9;
        break;
    default: /* the goal: px - ox in [0, 32) */
        *lo = 31, *hi = 1;
        break;
    }
}

/* The y range of moving platform @o in px: its origin's, or ± its distance when vertical (the
 * offset's sine is within ±256). */
static void mover_y_range(const lw_sim_object *o, int32_t *lo, int32_t *hi)
{
    int32_t d =
        o->variant == LW_PLATFORM_VERTICAL ? (o->distance < 0 ? -o->distance : o->distance) : 0;
    *lo = o->y - d;
    *hi = o->y + d;
}

/* The culling index of the sorted table (§1.3). */
static void build_cull(lw_sim *sim, lwi_obj_cull *c, int32_t *xs)
{
    uint32_t n = sim->object_count;
    uint32_t e = 0, m = 0;
    c->gy_a = c->my_lo = INT32_MAX;
    c->gy_b = c->my_hi = INT32_MIN;
    for (uint32_t i = 0; i < n; i++) {
        const lw_sim_object *o = &sim->objects[i];
        xs[i] = o->x;
        c->enemy_rank[i] = e;
        if (o->type == LW_OBJ_ENEMY) {
            c->memo[e].i = i;
            sim->enemies[e++] = i;
        }
        c->mover_rank[i] = m;
        if (o->type != LW_OBJ_ENEMY && o->busy) {
            c->movers[m++] = mover_of(o, i);
            int32_t lo, hi;
            mover_y_range(o, &lo, &hi);
            c->my_lo = lo < c->my_lo ? lo : c->my_lo;
            c->my_hi = hi > c->my_hi ? hi : c->my_hi;
        }
        if (o->runs)
            c->runnable++;
        if (o->runs && !o->busy) {
            c->idler_x[c->idler_count] = o->x;
            c->idlers[c->idler_count++] = (lwi_idle_near){.lo = o->x - o->reach,
                                                          .yc = o->near_c - o->y,
                                                          .span = (uint16_t)(2u * o->reach),
                                                          .s = o->near_span,
                                                          .i = i};
            if (o->reach > c->max_reach)
                c->max_reach = o->reach;
            int32_t ylo = o->y - o->near_c;
            c->gy_a = ylo < c->gy_a ? ylo : c->gy_a;
            c->gy_b = ylo + o->near_span > c->gy_b ? ylo + o->near_span : c->gy_b;
        }
        if (o->type == LW_OBJ_RING || o->type == LW_OBJ_MONITOR || o->type == LW_OBJ_CHECKPOINT ||
            o->type == LW_OBJ_GOAL) {
            int32_t lo, hi;
            touch_reach(o->type, &lo, &hi);
            c->touch_lo = lo > c->touch_lo ? lo : c->touch_lo;
            c->touch_hi = hi > c->touch_hi ? hi : c->touch_hi;
            c->toucher_x[c->toucher_count] = o->x;
            c->touchers[c->toucher_count++] = i;
        }
    }
    c->enemy_rank[n] = e;
    c->mover_rank[n] = m;
    sim->enemy_count = e;
    c->xs = xs;
}

bool lwi_objects_init_from(lw_sim *sim, const lwi_obj_source *src, lw_error *err)
{
    uint32_t count = 0;
    int32_t xmin = 0, xmax = 0;
    if (!count_objects(src, &count, &xmin, &xmax, err))
        return false;
    if (!count)
        return true;
    /* one block: the table, the reset states, the culling index and its arrays */
    size_t size = count * (sizeof *sim->objects + sizeof *sim->initial) + sizeof(lwi_obj_cull) +
                  count * (sizeof(lwi_enemy_memo) + sizeof(lwi_idle_near) + sizeof(lwi_mover)) +
                  ((size_t)7 * count + 2u) * sizeof(uint32_t);
    sim->objects = calloc(1, size);
    if (!sim->objects)
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    sim->initial = (lw_obj_state *)(void *)(sim->objects + count);
    lwi_obj_cull *c = (lwi_obj_cull *)(void *)(sim->initial + count);
    /* (the 8-byte aligned records first) */
    c->movers = (lwi_mover *)(void *)(c + 1);
    c->memo = (lwi_enemy_memo *)(void *)(c->movers + count);
    c->idlers = (lwi_idle_near *)(void *)(c->memo + count);
    sim->enemies = (uint32_t *)(void *)(c->idlers + count);
    c->enemy_rank = sim->enemies + count;
    c->touchers = c->enemy_rank + count + 1;
    c->mover_rank = c->touchers + count;
    int32_t *xs = (int32_t *)(void *)(c->mover_rank + count + 1);
    c->idler_x = xs + count;
    c->toucher_x = c->idler_x + count;
    for (uint32_t i = 0; i < lwi_objects_source_count(src); i++) {
        lw_sim_object so;
        if (lwi_objects_source_read(src, i, &so, err) != 1)
            continue; /* checked above */
        set_reach(&so);
        for (uint32_t k = 0; k < instances(&so); k++) {
            lw_sim_object *d = &sim->objects[sim->object_count++];
            *d = so;
            d->x = so.x + (int32_t)k * so.distance;
            if (so.type == LW_OBJ_RING)
                d->y = so.y + (int32_t)k * so.half_w;
        }
    }
    /* Insertion sort by x keeps level order among equal x (deterministic, no qsort). */
    for (uint32_t i = 1; i < sim->object_count; i++) {
        lw_sim_object v = sim->objects[i];
        uint32_t j = i;
        while (j > 0 && sim->objects[j - 1].x > v.x) {
            sim->objects[j] = sim->objects[j - 1];
            j--;
        }
        sim->objects[j] = v;
    }
    build_cull(sim, c, xs);
    return true;
}

/* ---- resetting ---- */

void lwi_objects_reset(lw_sim *sim)
{
    lw_game_state *g = lwi_obj_game(sim);
    g->respawn_x = sim->state.player.x >> 8;
    g->respawn_y = sim->state.player.y >> 8;
    g->enemy_gap = -1;
    for (uint32_t i = 0; i < sim->object_count; i++) {
        const lw_sim_object *o = &sim->objects[i];
        lw_obj_state *s = &g->obj[i];
        s->x = o->x * LW_SUBPX;
        s->y = o->y * LW_SUBPX;
        if (o->type == LW_OBJ_ENEMY) {
            s->xsp = o->dir == LW_DIR8_LEFT ? -LWI_ENEMY_XSP : LWI_ENEMY_XSP;
            if (o->dir == LW_DIR8_LEFT)
                s->flags |= LW_OBJF_FLIP;
            /* §11: placed on the floor below its spot (within 32 px) */
            int32_t d = lwi_obj_floor_distance(sim, o->x, o->y + 14);
            if (d > -16 && d < 32)
                s->y += d * LW_SUBPX;
        }
        sim->initial[i] = *s;
    }
    if (sim->object_count)
        lw_sim_terrain_changed(sim);
}

void lw_sim_terrain_changed(lw_sim *sim)
{
    if (!sim->object_count)
        return;
    lwi_obj_cull *c = lwi_cull_of(sim);
    for (uint32_t k = 0; k < sim->enemy_count; k++)
        c->memo[k].xspan = 0;
}

/* ---- the object phase ---- */

uint32_t lwi_objects_first(const lw_sim *sim, int32_t x)
{
    return sim->object_count ? lwi_obj_lower_bound(lwi_cull_of(sim)->xs, sim->object_count, x) : 0;
}

/* The Y extent [*@a, *@b) of the near tests of idlers [@k0, @k1) (from their objects, for
 * lwi_objects_check_index); INT32_MAX, INT32_MIN when the range is empty. */
static void idlers_y_extent(const lw_sim *sim, uint32_t k0, uint32_t k1, int32_t *a, int32_t *b)
{
    const lwi_obj_cull *c = lwi_cull_of(sim);
    *a = INT32_MAX;
    *b = INT32_MIN;
    for (uint32_t k = k0; k < k1; k++) {
        const lw_sim_object *o = &sim->objects[c->idlers[k].i];
        int32_t lo = o->y - o->near_c;
        *a = lo < *a ? lo : *a;
        *b = lo + o->near_span > *b ? lo + o->near_span : *b;
    }
}

/* lwi_objects_check_index: the level's and the near range's Y extents over the @idle idlers. */
static const char *check_extents(const lw_sim *sim, uint32_t idle)
{
    const lwi_obj_cull *c = lwi_cull_of(sim);
    int32_t a, b;
    idlers_y_extent(sim, 0, idle, &a, &b); /* the level's idlers' */
    if (a != c->gy_a || b != c->gy_b)
        return "level's near extent";
    if (c->ny_valid) {
        /* the near range's, against its idlers' records */
        if (c->ny_n0 > c->ny_n1 || c->ny_n1 > idle)
            return "near extent range";
        idlers_y_extent(sim, c->ny_n0, c->ny_n1, &a, &b);
        if (a != c->ny_a || b != c->ny_b)
            return "near extent";
    }
    return NULL;
}

/* lwi_objects_check_index: the @e enemies' touch gap and floor probe records. */
static const char *check_enemies(const lw_sim *sim, uint32_t e)
{
    const lwi_obj_cull *c = lwi_cull_of(sim);
    /* the enemies' touch gap: each enemy walks at LWI_ENEMY_XSP, so one of its ranks that is
     * not gone is still at least the gap + 25 px from its X, less a pixel for every frame's
     * update since (the last one included) */
    const lw_game_state *gs = &sim->state.game;
    for (uint32_t k = 0; k < e; k++) {
        int32_t xsp = gs->obj[sim->enemies[k]].xsp;
        if (xsp != LWI_ENEMY_XSP && xsp != -LWI_ENEMY_XSP)
            return "enemy speed";
    }
    if (gs->enemy_gap >= 0) {
        if (gs->enemy_gap_k0 > gs->enemy_gap_k1 || gs->enemy_gap_k1 > e ||
            gs->enemy_gap_frame > sim->state.frame)
            return "enemy gap range";
        int64_t need = (int64_t)gs->enemy_gap + 25 - (sim->state.frame - gs->enemy_gap_frame + 1);
        for (uint32_t k = gs->enemy_gap_k0; k < gs->enemy_gap_k1; k++) {
            const lw_obj_state *st = &gs->obj[sim->enemies[k]];
            int64_t dx = (int64_t)(st->x >> 8) - gs->enemy_gap_x;
            if (!(st->flags & LW_OBJF_GONE) && (dx < 0 ? -dx : dx) < need)
                return "enemy gap";
        }
    }
    /* every kept probe result holds at every pixel of its block columns */
    for (uint32_t k = 0; k < e; k++) {
        const lwi_enemy_memo *mm = &c->memo[k];
        if (mm->i != sim->enemies[k])
            return "enemy records";
        if (!mm->xspan)
            continue;
        int32_t bx = lwi_memo_bx(mm), y = lwi_memo_row(mm);
        if ((mm->xlo & 0xFFFu) || (mm->ylo & 0xFFu) || (mm->xspan & 0xFFFu))
            return "memo alignment";
        uint32_t span = (mm->xspan >> 12) - 1u;
        if (span > LWI_MEMO_AHEAD)
            return "memo span";
        for (int64_t x = (int64_t)bx * 16; x < ((int64_t)bx + span + 1) * 16; x++)
            if (lwi_obj_floor_distance(sim, (int32_t)x, y) != mm->d)
                return "enemy floor memo";
    }
    return NULL;
}

/* The number of the @n sorted @xs below @x, counted. */
static uint32_t count_below(const int32_t *xs, uint32_t n, int64_t x)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += xs[i] < x;
    return k;
}

static bool bound_ok(const lwi_cull_bound *b, const int32_t *xs, uint32_t n, int64_t x)
{
    return b->i == count_below(xs, n, x) && b->lo == (b->i > 0 ? xs[b->i - 1] : INT64_MIN) &&
           b->hi == (b->i < n ? xs[b->i] : INT64_MAX) && (b->i == 0 || xs[b->i - 1] < x) &&
           (b->i == n || xs[b->i] >= x);
}

const char *lwi_objects_check_index(const lw_sim *sim)
{
    if (!sim->object_count)
        return NULL;
    const lwi_obj_cull *c = lwi_cull_of(sim);
    uint32_t n = sim->object_count, e = 0, m = 0, idle = 0, touch = 0;
    for (uint32_t i = 0; i < n; i++) {
        const lw_sim_object *o = &sim->objects[i];
        if (c->xs[i] != o->x || (i > 0 && c->xs[i - 1] > o->x))
            return "x table";
        if (c->enemy_rank[i] != e || c->mover_rank[i] != m)
            return "ranks";
        if (o->type == LW_OBJ_ENEMY && sim->enemies[e++] != i)
            return "enemy list";
        if (o->type != LW_OBJ_ENEMY && o->busy) {
            const lwi_mover *mv = &c->movers[m++];
            bool h = o->variant == LW_PLATFORM_HORIZONTAL;
            if (lwi_mover_index(mv) != i || (mv->field & 15u) != (h ? 0u : 4u) ||
                mv->span != (uint16_t)(2u * (uint32_t)o->half_w) ||
                mv->base != (h ? o->x : o->y) * LW_SUBPX || !(mv->key & LWI_MOVER_H) != !h ||
                mv->half_w != o->half_w || mv->lo != o->x - o->half_w ||
                (mv->key & 0xFFFFu) != o->period || (int16_t)(mv->key >> 16) != o->distance)
                return "mover list";
            /* the landing test takes a vertical one's x from its origin */
            if (!h && sim->state.game.obj[i].x != o->x * LW_SUBPX)
                return "vertical mover's x";
            /* and every one's y from within the movers' y range */
            int32_t lo, hi, y = sim->state.game.obj[i].y >> 8;
            mover_y_range(o, &lo, &hi);
            if ((h && sim->state.game.obj[i].y != o->y * LW_SUBPX) || y < lo || y > hi ||
                lo < c->my_lo || hi > c->my_hi)
                return "mover's y";
        }
        if (o->runs && !o->busy) {
            const lwi_idle_near *q = &c->idlers[idle];
            if (q->i != i || c->idler_x[idle] != o->x || o->reach > c->max_reach ||
                o->reach >= LW_OBJ_CULL_PX || q->lo != o->x - o->reach ||
                q->span != 2u * o->reach || q->yc != o->near_c - o->y || q->s != o->near_span)
                return "idler list";
            /* the near test takes an idle one's y from its origin */
            const lw_obj_state *st = &sim->state.game.obj[i];
            if (!(sim->state.game.awake[i >> 6] & (1ull << (i & 63u))) &&
                !(st->flags & LW_OBJF_GONE) && st->y != o->y * LW_SUBPX)
                return "idler away from its origin's y, not awake";
            idle++;
        }
        if ((o->type == LW_OBJ_RING || o->type == LW_OBJ_MONITOR || o->type == LW_OBJ_CHECKPOINT ||
             o->type == LW_OBJ_GOAL) &&
            (c->touchers[touch] != i || c->toucher_x[touch++] != o->x))
            return "toucher list";
    }
    if (e != sim->enemy_count || c->enemy_rank[n] != e || c->mover_rank[n] != m ||
        idle != c->idler_count || touch != c->toucher_count)
        return "list lengths";
    if (c->wvalid) {
        int64_t x = c->wpx;
        if (!bound_ok(&c->first, c->xs, n, x - LW_OBJ_CULL_PX) ||
            !bound_ok(&c->last, c->xs, n, x + LW_OBJ_CULL_PX))
            return "window bounds";
    }
    if (c->nvalid) {
        int64_t x = c->npx;
        if (!bound_ok(&c->n0, c->idler_x, idle, x - c->max_reach) ||
            !bound_ok(&c->n1, c->idler_x, idle, x + c->max_reach + 1))
            return "near bounds";
    }
    const char *why = check_extents(sim, idle);
    if (why)
        return why;
    /* the touch range's reach: the widest of the touchers' */
    {
        int32_t tl = 0, th = 0;
        for (uint32_t k = 0; k < touch; k++) {
            int32_t lo, hi;
            touch_reach(sim->objects[c->touchers[k]].type, &lo, &hi);
            tl = lo > tl ? lo : tl;
            th = hi > th ? hi : th;
        }
        if (tl != c->touch_lo || th != c->touch_hi)
            return "touch reach";
    }
    if (c->tvalid && (!bound_ok(&c->t0, c->toucher_x, touch, (int64_t)c->tpx - c->touch_lo) ||
                      !bound_ok(&c->t1, c->toucher_x, touch, (int64_t)c->tpx + c->touch_hi)))
        return "touch bounds";
    if (c->tvalid) {
        /* the kept interval holds the X the bounds were found for, and the bounds hold at both
         * of its ends (so everywhere in it: the counts only grow with X) */
        int64_t ends[2] = {c->tlo, (int64_t)c->tlo + c->tspan};
        if (ends[0] > c->tpx || ends[1] < c->tpx)
            return "touch interval";
        for (int k = 0; k < 2; k++)
            if (count_below(c->toucher_x, touch, ends[k] - c->touch_lo) != c->t0.i ||
                count_below(c->toucher_x, touch, ends[k] + c->touch_hi) != c->t1.i)
                return "touch interval";
    }
    return check_enemies(sim, e);
}

void lwi_objects_set_reference(lw_sim *sim, bool on)
{
    if (sim->object_count)
        lwi_cull_of(sim)->reference = on;
}

/* ---- timers at the start of the player's display step (S2 Sonic_Display) ---- */

void lwi_objects_timers(lw_sim *sim, bool hurt_frame)
{
    lw_game_state *g = lwi_obj_game(sim);
    if (g->invuln && !hurt_frame)
        g->invuln--;
    if (g->invincible)
        g->invincible--;
    if (g->shoes)
        g->shoes--;
}

/* ---- §13 hash ---- */

bool lwi_objects_game_is_default(const lw_sim *sim)
{
    const lw_game_state *g = &sim->state.game;
    return g->rings == 0 && g->invuln == 0 && g->invincible == 0 && g->shoes == 0 &&
           g->on_object == 0 && g->spindash_counter == 0 && g->spill_count == 0 &&
           g->checkpoint == 0 && g->spindash == 0 && g->hurt == 0 && g->shield == 0 &&
           g->extra_lives == 0 && g->chain == 0 && g->events == 0 && g->score == 0;
}

uint64_t lwi_objects_hash(const lw_sim *sim, uint64_t h)
{
    const lw_game_state *g = &sim->state.game;
    if (lwi_objects_game_is_default(sim) &&
        (sim->object_count == 0 ||
         memcmp(g->obj, sim->initial, sim->object_count * sizeof *sim->initial) == 0))
        return h;
    h = lwi_fnv16(h, g->rings);
    h = lwi_fnv16(h, g->invuln);
    h = lwi_fnv16(h, g->invincible);
    h = lwi_fnv16(h, g->shoes);
    h = lwi_fnv16(h, g->on_object);
    h = lwi_fnv16(h, g->spindash_counter);
    h = lwi_fnv16(h, g->checkpoint);
    h = lwi_fnv8(h, g->spindash);
    h = lwi_fnv8(h, g->hurt);
    h = lwi_fnv8(h, g->shield);
    h = lwi_fnv8(h, g->extra_lives);
    h = lwi_fnv8(h, g->chain);
    h = lwi_fnv8(h, g->events);
    h = lwi_fnv32(h, g->score);
    h = lwi_fnv32(h, (uint32_t)g->respawn_x);
    h = lwi_fnv32(h, (uint32_t)g->respawn_y);
    h = lwi_fnv16(h, g->spill_count);
    if (g->spill_count) {
        h = lwi_fnv8(h, g->spill_timer);
        for (uint32_t k = 0; k < g->spill_count; k++) {
            h = lwi_fnv32(h, (uint32_t)g->spill[k].x);
            h = lwi_fnv32(h, (uint32_t)g->spill[k].y);
            h = lwi_fnv16(h, (uint16_t)g->spill[k].xsp);
            h = lwi_fnv16(h, (uint16_t)g->spill[k].ysp);
        }
    }
    for (uint32_t i = 0; i < sim->object_count; i++) {
        const lw_obj_state *s = &g->obj[i];
        h = lwi_fnv32(h, (uint32_t)s->x);
        h = lwi_fnv32(h, (uint32_t)s->y);
        h = lwi_fnv16(h, (uint16_t)s->xsp);
        h = lwi_fnv16(h, (uint16_t)s->ysp);
        h = lwi_fnv16(h, s->timer);
        h = lwi_fnv8(h, s->flags);
        h = lwi_fnv8(h, s->aux);
    }
    return h;
}
