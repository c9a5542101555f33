/* SPDX-License-Identifier: MIT */
/* The object phase (docs/OBJECTS.md §1.3): moving, falling and collapsing platforms (§8), the
 * enemy (§11), and the culled and reference runs over the culling window. */
#include "objects-impl.h"

#include <string.h>

/* ---- §8 platforms ---- */

/* A moving platform's position at this frame (§8): a function of the frame counter. */
static inline void platform_motion(const lw_sim_object *o, lw_obj_state *st, uint32_t frame)
{
    uint32_t t = frame % o->period;
    uint8_t phase = (uint8_t)((t * 256u) / o->period);
    int32_t off = (o->distance * lw_sine_table[phase]) >> 8;
    if (o->variant == LW_PLATFORM_HORIZONTAL)
        st->x = (o->x + off) * LW_SUBPX;
    else
        st->y = (o->y + off) * LW_SUBPX;
}

/* A platform's top-solid collision after its motion: carrying the player who stands on it
 * (moved by the platform's X change since @prev_x) or landing one. */
static inline void platform_collide(lw_sim *sim, uint32_t i, const lw_sim_object *o,
                                    const lw_obj_state *st, int32_t prev_x)
{
    int32_t ox = lwi_obj_px(st->x), top = lwi_obj_px(st->y) - 8;
    if (lwi_obj_standing_on(sim, i))
        lwi_obj_keep_standing(sim, i, o->half_w, top - 1, prev_x);
    else if ((uint32_t)(lwi_obj_px(sim->state.player.x) - ox + o->half_w) <
             2u * (uint32_t)o->half_w)
        lwi_obj_platform_land(sim, i, ox, o->half_w, top); /* (which tests that X overlap again) */
}

static void run_platform(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_obj_state *st = &lwi_obj_game(sim)->obj[i];
    if (st->flags & LW_OBJF_GONE)
        return;
    int32_t prev_x = lwi_obj_px(st->x);
    switch (o->variant) {
    case LW_PLATFORM_HORIZONTAL:
    case LW_PLATFORM_VERTICAL:
        platform_motion(o, st, sim->state.frame);
        break;
    case LW_PLATFORM_FALLING:
        if (st->flags & LW_OBJF_TRIGGERED) {
            if (st->timer) {
                st->timer--;
            } else {
                st->y += st->ysp;
                st->ysp = (int16_t)(st->ysp + 0x38 > 0x1000 ? 0x1000 : st->ysp + 0x38);
                if (lwi_obj_px(st->y) > lw_level_height_px(sim->level) + 64) {
                    st->flags |= LW_OBJF_GONE;
                    if (lwi_obj_standing_on(sim, i))
                        lwi_obj_leave(sim, i);
                    return;
                }
            }
        } else if (lwi_obj_standing_on(sim, i)) {
            st->flags |= LW_OBJF_TRIGGERED;
            st->timer = 30;
        }
        break;
    case LW_PLATFORM_COLLAPSING:
        if (st->flags & LW_OBJF_TRIGGERED) {
            if (--st->timer == 0) {
                st->flags |= LW_OBJF_GONE;
                if (lwi_obj_standing_on(sim, i))
                    lwi_obj_leave(sim, i);
                return;
            }
        } else if (lwi_obj_standing_on(sim, i)) {
            st->flags |= LW_OBJF_TRIGGERED;
            st->timer = 8;
        }
        break;
    default:
        break;
    }
    platform_collide(sim, i, o, st, prev_x);
}

/* platform_motion's offset in px for a moving platform's @key (lwi_mover) at @frame. */
static inline int32_t mover_offset(uint64_t key, uint32_t frame)
{
    uint32_t period = (uint32_t)key & 0xFFFFu;
    uint8_t phase = (uint8_t)(((frame % period) * 256u) / period);
    return ((int32_t)(int16_t)(key >> 16) * lw_sine_table[phase]) >> 8;
}

/* mover_offset, kept in @c for the last key and frame it was worked out for (a pure function of
 * the two, so it holds whatever the state). */
static inline int32_t mover_offset_kept(lwi_obj_cull *c, uint64_t key, uint32_t frame)
{
    if (c->off_valid && c->off_key == key && c->off_frame == frame)
        return c->off_px;
    c->off_key = key;
    c->off_frame = frame;
    c->off_px = mover_offset(key, frame);
    c->off_valid = true;
    return c->off_px;
}

/* The per-key values of run_movers for the records of @key at @frame: the offset in 1/256 px,
 * the player's X less the offset on X (@pxo), the moving coordinate's offset in a state. */
typedef struct mover_run {
    uint64_t key;
    int32_t off, pxo;
} mover_run;

static inline mover_run mover_run_of(lwi_obj_cull *c, uint64_t key, uint32_t frame, int32_t px)
{
    int32_t off = mover_offset_kept(c, key, frame);
    return (mover_run){key, off * LW_SUBPX, px - (key & LWI_MOVER_H ? off : 0)};
}

/* One moving platform's update after its motion to @pos with the player on it or over it (the
 * landing test's X overlap passed): run_platform's platform_collide. */
static __attribute__((noinline)) void mover_collide(lw_sim *sim, const lwi_mover *mv, int32_t pos)
{
    lw_obj_state *os = sim->state.game.obj;
    uint32_t i = lwi_mover_index(mv);
    int32_t *p = (int32_t *)(void *)((char *)os + mv->field);
    if (lwi_obj_standing_on(sim, i)) {
        int32_t prev_x = lwi_obj_px(os[i].x);
        *p = pos;
        lwi_obj_keep_standing(sim, i, mv->half_w, lwi_obj_px(os[i].y) - 9, prev_x);
    } else {
        *p = pos;
        lwi_obj_platform_land(sim, i, lwi_obj_px(os[i].x), mv->half_w, lwi_obj_px(os[i].y) - 8);
    }
}

/* run_platform for the moving (horizontal or vertical) platforms @movers[@m..@m1), which are
 * never gone, in order, from their compact records (lwi_mover: the same position as
 * platform_motion, whose offset is worked out once for a run of records with the same key and
 * kept for the frame). These run every frame in the window, so the loop is forced inline and
 * per record does only the store of the position and the landing test's X overlap from the
 * record (a vertical one's x is its origin's); while the player stands on none of them
 * (the object stood on in a local), the collision is out of line, and the player's X is
 * refreshed after it. */
static inline __attribute__((always_inline)) void run_movers(lw_sim *sim, lwi_obj_cull *c,
                                                             uint32_t m, uint32_t m1)
{
    if (m >= m1)
        return;
    const lwi_mover *movers = c->movers;
    char *os = (char *)(void *)sim->state.game.obj;
    uint32_t frame = sim->state.frame;
    int32_t px = lwi_obj_px(sim->state.player.x);
    mover_run r = mover_run_of(c, movers[m].key, frame, px);
    uint32_t on = sim->state.game.on_object;
    const lw_player *pl = &sim->state.player;
    int32_t feet = lwi_obj_px(pl->y) + pl->hr;
    if (!on && (pl->ysp < 0 || feet < c->my_lo - 12 || feet > c->my_hi + 4)) {
        /* standing on none, and no landing on any (lwi_obj_platform_land: moving down, and
         * py + hr within [oy - 12, oy + 4]): the positions alone */
        for (; m < m1; m++) {
            const lwi_mover *mv = &movers[m];
            if (mv->key != r.key)
                r = mover_run_of(c, mv->key, frame, px);
            int32_t pos = mv->base + r.off;
            memcpy(os + mv->field, &pos, sizeof pos);
        }
        return;
    }
    for (; m < m1; m++) {
        const lwi_mover *mv = &movers[m];
        if (mv->key != r.key)
            r = mover_run_of(c, mv->key, frame, px);
        int32_t pos = mv->base + r.off;
        /* stood on: the player's X before its move counts (mover_collide) */
        if (__builtin_expect(!on, 1) || lwi_mover_index(mv) != on - 1u) {
            memcpy(os + mv->field, &pos, sizeof pos);
            if (__builtin_expect((uint32_t)(r.pxo - mv->lo) >= mv->span, 1))
                continue;
        }
        mover_collide(sim, mv, pos);
        px = lwi_obj_px(sim->state.player.x);
        r = mover_run_of(c, r.key, frame, px);
        on = sim->state.game.on_object;
    }
}

/* ---- §11 the enemy ---- */

/* True when the floor probe reads the same at every column of the block at (@x, @y): nothing
 * there for a floor sensor on path A (as lwi_scan_block decides: no cell, tile or mask, or no
 * top solidity), or a mask whose 16 heights are equal (a flip mirrors or negates them all
 * alike). */
static bool block_uniform(const lw_level *level, int32_t x, int32_t y)
{
    lw_collision_cell cc;
    if (!lw_level_collision_at(level, x, y, LW_PATH_A, &cc) || !(cc.solid & LW_SOLID_TOP))
        return true;
    uint64_t a, b;
    memcpy(&a, cc.mask->heights, 8);
    memcpy(&b, cc.mask->heights + 8, 8);
    return a == b && a == (uint64_t)(uint8_t)cc.mask->heights[0] * 0x0101010101010101ull;
}

/* Cells alike: both absent, or equal (tile, flips, solidity), so a probe reads the same in
 * both blocks. */
static inline bool same_cell(const lw_cell *a, const lw_cell *b)
{
    return a->tile == b->tile && a->flags == b->flags && a->solid == b->solid;
}

/* The enemy's floor probe at (@x, @y) (§11) walking at @xsp, afresh, kept in its memo @m for
 * the columns it holds for (NULL: the reference mode, which probes every frame). Out of line:
 * the memo holds on most frames (run_enemies). */
static __attribute__((noinline)) int32_t enemy_probe(const lw_sim *sim, lwi_enemy_memo *m,
                                                     int32_t x, int32_t y, int32_t xsp)
{
    int32_t d = lwi_obj_floor_distance(sim, x, y);
    if (m) {
        /* Which blocks the probe read follows from @d with the anchor's row o: the anchor's
         * alone (d in [-o, 14 - o]), then the one below (d >= 15 - o) or above (d <= -1 - o;
         * sensor-scan.h). With the anchor's block the same at every column, every column reads
         * the same second block. */
        int32_t o = y & 15;
        int32_t y2 = d >= 15 - o ? y + 16 : d <= -1 - o ? y - 16 : y;
        m->xspan = 0;
        if (!block_uniform(sim->level, x, y) || (y2 != y && !block_uniform(sim->level, x, y2)))
            return d;
        /* the next columns ahead in the same chunk whose cells in those rows are the same read
         * the same (a cell's neighbour in its chunk row is the next cell) */
        int32_t bx = x >> 4, lo = bx, hi = bx, dir = xsp < 0 ? -1 : 1;
        const lw_cell *a = lw_level_cell_at(sim->level, x, y);
        const lw_cell *a2 = y2 != y ? lw_level_cell_at(sim->level, x, y2) : a;
        int32_t n = (int32_t)sim->level->chunk_cells, col = bx & (n - 1);
        for (int32_t j = 1; a && a2 && j <= LWI_MEMO_AHEAD; j++) {
            int32_t k = j * dir;
            if (col + k < 0 || col + k >= n || !same_cell(a, a + k) || !same_cell(a2, a2 + k))
                break;
            if (dir < 0)
                lo = bx - j;
            else
                hi = bx + j;
        }
        /* (modulo 2^32, as the test in run_enemies) */
        m->xlo = (uint32_t)lo * 4096u;
        m->xspan = (uint32_t)(hi - lo + 1) * 4096u;
        m->ylo = (uint32_t)(y - 14) * 256u;
        m->d = d;
    }
    return d;
}

/* The enemy's walk (§11) after its move, with the floor distance @d below it. */
static inline void enemy_step(lw_obj_state *st, int32_t d)
{
    if ((uint32_t)d + 8u >= 20u) { /* d < -8 || d >= 12 */
        /* a ledge or a wall: turn round and wait 60 frames (S1 Motobug) */
        st->timer = 59;
        st->xsp = (int16_t)-st->xsp;
        st->flags ^= LW_OBJF_FLIP;
        return;
    }
    st->y += d * LW_SUBPX;
}

/* True when enemy @st is gone or waiting (its timer): the two tested as one word. */
static inline bool enemy_idle(const lw_obj_state *st)
{
    uint32_t w;
    memcpy(&w, &st->timer, sizeof w); /* timer, flags, aux */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (w & (0xFFFF0000u | (uint32_t)LW_OBJF_GONE << 8)) != 0;
#else
    return (w & (0xFFFFu | (uint32_t)LW_OBJF_GONE << 16)) != 0;
#endif
}

/* A gone or waiting enemy's update: the countdown. */
static inline void enemy_wait(lw_obj_state *st)
{
    if (!(st->flags & LW_OBJF_GONE))
        st->timer--;
}

/* The enemy @st's update (§11) in the reference mode: the floor probed every frame. */
static void run_enemy(const lw_sim *sim, lw_obj_state *st)
{
    if (enemy_idle(st)) {
        enemy_wait(st);
        return;
    }
    int32_t x = st->x + st->xsp;
    st->x = x;
    enemy_step(st, enemy_probe(sim, NULL, lwi_obj_px(x), lwi_obj_px(st->y) + 14, st->xsp));
}

/* The enemies with the records @memo[@k..@k1) (§11): their updates as run_enemy's, the floor
 * probe's result taken from the record while it holds there (its test on the state's
 * coordinates as they are, in 1/256 px), probed afresh out of line otherwise. */
static inline __attribute__((always_inline)) void run_enemies(lw_sim *sim, lwi_enemy_memo *memo,
                                                              uint32_t k, uint32_t k1)
{
    lw_obj_state *os = sim->state.game.obj;
    for (; k < k1; k++) {
        lwi_enemy_memo *m = &memo[k];
        lw_obj_state *st = &os[m->i];
        if (__builtin_expect(enemy_idle(st), 0)) {
            enemy_wait(st);
            continue;
        }
        int32_t x = st->x + st->xsp;
        st->x = x;
        int32_t y = st->y;
        int32_t d = (uint32_t)x - m->xlo < m->xspan && (uint32_t)y - m->ylo < 256u
                        ? m->d
                        : enemy_probe(sim, m, lwi_obj_px(x), lwi_obj_px(y) + 14, st->xsp);
        enemy_step(st, d);
    }
}

/* ---- the object phase ---- */

/* An idle object's update could touch the player at (@px, @py) with height radius hr this frame
 * (§1.3) only within its reach in X and within its box plus hr and 64 px in Y (modulo 2048, as
 * the solid test's `d3 &= 0x7FF`): run_culled tests both from the idler's record. */

/* The updates of the types that run only when awake or near the player (§1.3), by type; rings,
 * checkpoints and goals have none (the touch tests do theirs). Moving platforms and enemies run
 * every frame: they are called directly, so their updates inline into the object loops. */
typedef void (*run_fn)(lw_sim *sim, uint32_t i);
static const run_fn run_fns[LW_OBJ_TYPE_COUNT] = {
    [LW_OBJ_SPRING] = lwi_obj_run_spring,
    [LW_OBJ_SPIKES] = lwi_obj_run_spikes,
    [LW_OBJ_MONITOR] = lwi_obj_run_monitor,
    [LW_OBJ_BRIDGE] = lwi_obj_run_bridge,
};

/* Reference mode (tests): every object of the window in object order, the enemies probing the
 * floor every frame. The culled run below must give the same states. */
static void run_reference(lw_sim *sim, uint32_t first, uint32_t last)
{
    lw_game_state *g = lwi_obj_game(sim);
    for (uint32_t i = first; i < last; i++) {
        uint8_t type = sim->objects[i].type;
        if (type == LW_OBJ_PLATFORM)
            run_platform(sim, i);
        else if (type == LW_OBJ_ENEMY)
            run_enemy(sim, &g->obj[i]);
        else if (type < LW_OBJ_TYPE_COUNT && run_fns[type])
            run_fns[type](sim, i);
        if (!sim->objects[i].busy)
            lwi_obj_awake_update(g, i, sim->objects[i].y * LW_SUBPX);
        if (sim->state.status != LW_SIM_RUNNING)
            return;
    }
}

/* The near range's Y extent for the idlers [@n0, @n1) (lwi_obj_cull.ny_*). */
static __attribute__((noinline)) void near_extent(lwi_obj_cull *c, uint32_t n0, uint32_t n1)
{
    int32_t a = INT32_MAX, b = INT32_MIN;
    for (uint32_t k = n0; k < n1; k++) {
        const lwi_idle_near *q = &c->idlers[k];
        a = -q->yc < a ? -q->yc : a;
        b = -q->yc + q->s > b ? -q->yc + q->s : b;
    }
    c->ny_n0 = n0;
    c->ny_n1 = n1;
    c->ny_a = a;
    c->ny_b = b;
    c->ny_valid = true;
}

/* True when a player at pixel Y @py with hm = hr + 64 is near none of the idlers whose
 * records' -yc are >= @a and -yc + s <= @b: above all of them, or below all of them and
 * less than 2048 px under the first (the near test's Y is modulo 2048). */
static inline bool far_from(int32_t a, int32_t b, int32_t py, int32_t hm)
{
    int32_t pyh = py + hm;
    return pyh < a || (py - hm >= b && pyh - a < 2048);
}

/* The near range's bounds for the player at pixel X @px (found only on frames the player is
 * within the level's idlers' Y extent, so a jump from where they were last found is a search). */
static inline __attribute__((always_inline)) void near_ranges(lwi_obj_cull *c, int32_t px)
{
    if (c->nvalid && px == c->npx)
        return;
    bool jump = lwi_obj_is_jump(c->nvalid, c->npx, px);
    int64_t x = px;
    lwi_obj_bound_to(&c->n0, c->idler_x, c->idler_count, x - c->max_reach, jump);
    lwi_obj_bound_to(&c->n1, c->idler_x, c->idler_count, x + c->max_reach + 1, jump);
    c->npx = px;
    c->nvalid = true;
}

/* @bits over the words of objects [@first, @last): their awake bits. (The edge words masked in
 * the loop, which the compiler would otherwise make a memcpy call.) */
static inline void fill_bits(uint64_t *bits, const lw_game_state *g, uint32_t first, uint32_t last)
{
    uint32_t w0 = first >> 6, w1 = (last - 1) >> 6;
    for (uint32_t w = w0; w <= w1; w++) {
        uint64_t keep = w == w0 ? ~0ull << (first & 63u) : ~0ull;
        if (w == w1 && (last & 63u))
            keep &= ~(~0ull << (last & 63u));
        bits[w - w0] = g->awake[w] & keep;
    }
}

/* The culled object phase over the window [@first, @last) (§1.3). In object order: the moving
 * platforms (every frame, from their own list), the awake objects and the idle ones near the
 * player. Then the
 * enemies of the window, from their own list: an enemy's update reads and writes only its own
 * state and the terrain (its touch test came before, with the player's), so running them after
 * the others gives the same states, as long as only those before the object that ended the run
 * (if one did) move. */
static void run_culled(lw_sim *sim, lwi_obj_cull *c, uint32_t first, uint32_t last)
{
    lw_game_state *g = lwi_obj_game(sim);
    const lw_player *pl = &sim->state.player;
    uint32_t w0 = first >> 6, w1 = (last - 1) >> 6;
    uint32_t m = c->mover_rank[first], m1 = c->mover_rank[last];
    uint32_t stop = last;
    /* the awake objects and the idle ones near the player, as bits over words [w0, w1], filled
     * at the first near idler (or after the near test when a word of the window is awake) */
    uint64_t bits[LWI_WORDS(LW_SIM_MAX_OBJECTS) + 1];
    bool have = false;
    int32_t px = lwi_obj_px(pl->x), py = lwi_obj_px(pl->y);
    int32_t hr = pl->hr > sim->profile.stand_hr ? pl->hr : sim->profile.stand_hr;
    int32_t hm = hr + 64, pyh = py + hm;
    uint32_t ys = 2u * (uint32_t)hm;
    /* the level's idlers' Y extent, then the near range's (kept for its bounds): no idler
     * near, none to test */
    uint32_t n0 = 0, n1 = 0;
    if (!far_from(c->gy_a, c->gy_b, py, hm)) {
        near_ranges(c, px);
        n0 = c->n0.i;
        n1 = c->n1.i;
        if (!c->ny_valid || c->ny_n0 != n0 || c->ny_n1 != n1)
            near_extent(c, n0, n1);
        if (far_from(c->ny_a, c->ny_b, py, hm))
            n1 = n0;
    }
    for (uint32_t k = n0; k < n1; k++) {
        /* the near test from the idler's record (within max_reach < LW_OBJ_CULL_PX of the
         * player: inside the window) */
        const lwi_idle_near *q = &c->idlers[k];
        if ((uint32_t)(px - q->lo) > q->span)
            continue;
        int32_t v = pyh + q->yc;
        if (v < 0 || (uint32_t)(v & 0x7FF) >= q->s + ys)
            continue;
        if (!have) {
            have = true;
            fill_bits(bits, g, first, last);
        }
        bits[(q->i >> 6) - w0] |= 1ull << (q->i & 63u);
    }
    if (!have) {
        uint64_t any = 0;
        for (uint32_t w = w0; w <= w1; w++)
            any |= g->awake[w];
        if (!any) /* nothing awake or near in the window: the moving platforms alone */
            goto movers;
        fill_bits(bits, g, first, last);
    }
    /* those in object order, merged with the window's moving platforms */
    for (uint32_t w = w0; w <= w1; w++) {
        for (uint64_t b = bits[w - w0]; b; b &= b - 1) {
            uint32_t i = (w << 6) + (uint32_t)__builtin_ctzll(b);
            uint32_t before = m;
            while (m < m1 && lwi_mover_index(&c->movers[m]) < i)
                m++;
            run_movers(sim, c, before, m);
            const lw_sim_object *o = &sim->objects[i];
            uint8_t type = o->type;
            if (type == LW_OBJ_PLATFORM)
                run_platform(sim, i);
            else if (type < LW_OBJ_TYPE_COUNT && run_fns[type])
                run_fns[type](sim, i);
            lwi_obj_awake_update(g, i, o->y * LW_SUBPX);
            if (sim->state.status != LW_SIM_RUNNING) {
                stop = i;
                goto enemies;
            }
        }
    }
movers:
    /* (a moving platform never ends the run) */
    run_movers(sim, c, m, m1);
enemies:
    run_enemies(sim, c->memo, c->enemy_rank[first], c->enemy_rank[stop]);
}

/* (not inlined into lw_sim_step: a level without objects keeps that step lean) */
__attribute__((noinline)) void lwi_objects_run(lw_sim *sim)
{
    lw_game_state *g = lwi_obj_game(sim);
    /* (no object with an update of its own: nothing to stand on either) */
    if (sim->object_count && lwi_cull_of(sim)->runnable) {
        lwi_obj_cull *c = lwi_obj_window_ranges(sim, lwi_obj_px(sim->state.player.x));
        uint32_t first = c->first.i, last = c->last.i;
        /* an object the player stands on always runs (it carries the player) */
        if (g->on_object) {
            uint32_t s = g->on_object - 1u;
            if (s < first || s >= last)
                lwi_obj_leave(sim, s);
        }
        if (first < last) {
            if (c->reference)
                run_reference(sim, first, last);
            else
                run_culled(sim, c, first, last);
        }
    }
    lwi_obj_run_spill(sim);
}
