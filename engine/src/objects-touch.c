/* SPDX-License-Identifier: MIT */
/* Touch hitboxes at the end of the player's update (docs/OBJECTS.md §4: rings, monitors, the
 * enemy, checkpoints, the goal, scattered rings) and the scattered rings' motion (§5). */
#include "objects-impl.h"

/* ---- §5 scattered rings ---- */

void lwi_obj_run_spill(lw_sim *sim)
{
    lw_game_state *g = lwi_obj_game(sim);
    if (!g->spill_count)
        return;
    if (--g->spill_timer == 0) {
        g->spill_count = 0;
        return;
    }
    int32_t bottom = lw_level_height_px(sim->level) + sim->profile.kill_margin;
    uint32_t mask = (uint32_t)sim->profile.ring_check_mask;
    for (uint32_t k = 0; k < g->spill_count; k++) {
        lw_spill_ring *r = &g->spill[k];
        if (r->y == INT32_MIN)
            continue;
        r->x += r->xsp;
        r->y += r->ysp;
        int32_t ysp = r->ysp + 0x18;
        if (ysp >= 0 && ((sim->state.frame + k) & mask) == 0) {
            int32_t d = lwi_obj_floor_distance(sim, lwi_obj_px(r->x), lwi_obj_px(r->y) + 8);
            if (d < 0) {
                r->y += d * LW_SUBPX;
                ysp = -(ysp - (ysp >> 2));
            }
        }
        r->ysp = (int16_t)(ysp > 32767 ? 32767 : ysp);
        if (lwi_obj_px(r->y) > bottom)
            r->y = INT32_MIN; /* fell out: gone */
    }
}

/* ---- §4 touch hitboxes ---- */

/* @v clamped to the int32_t range. */
static inline int64_t clamp32(int64_t v)
{
    return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v;
}

/* The touch range's bounds for the player at pixel X @px. */
static inline __attribute__((always_inline)) const lwi_obj_cull *touch_range(const lw_sim *sim,
                                                                             int32_t px)
{
    lwi_obj_cull *c = lwi_cull_of(sim);
    if (c->tvalid && (uint32_t)px - (uint32_t)c->tlo <= c->tspan)
        return c;
    bool jump = lwi_obj_is_jump(c->tvalid, c->tpx, px);
    int32_t tl = c->touch_lo, th = c->touch_hi;
    lwi_obj_bound_to(&c->t0, c->toucher_x, c->toucher_count, (int64_t)px - tl, jump);
    lwi_obj_bound_to(&c->t1, c->toucher_x, c->toucher_count, (int64_t)px + th, jump);
    /* t0 holds for lo < X - tl <= hi, t1 for lo < X + th <= hi: both on (lo, hi] */
    int64_t lo0 = c->t0.lo == INT64_MIN ? INT64_MIN : c->t0.lo + tl;
    int64_t lo1 = c->t1.lo == INT64_MIN ? INT64_MIN : c->t1.lo - th;
    int64_t hi0 = c->t0.hi == INT64_MAX ? INT64_MAX : c->t0.hi + tl;
    int64_t hi1 = c->t1.hi == INT64_MAX ? INT64_MAX : c->t1.hi - th;
    int64_t lo = clamp32((lo0 > lo1 ? lo0 : lo1) + 1), hi = clamp32(hi0 < hi1 ? hi0 : hi1);
    c->tlo = (int32_t)lo;
    c->tspan = (uint32_t)(hi - lo);
    c->tpx = px;
    c->tvalid = true;
    return c;
}

/* S2 TouchResponse overlap: the player's box x-8..x+8, y-(hr-3)..y+(hr-3) against an object's
 * (ow, oh) radii, edges included. */
static inline bool touches(const lw_player *pl, int32_t ox, int32_t oy, int32_t ow, int32_t oh)
{
    int32_t px = lwi_obj_px(pl->x), py = lwi_obj_px(pl->y);
    int32_t ph = pl->hr - 3;
    int32_t l = ox - ow - (px - 8);
    if (l >= 0 ? l > 16 : l + 2 * ow < 0)
        return false;
    int32_t t = oy - oh - (py - ph);
    if (t >= 0 ? t > 2 * ph : t + 2 * oh < 0)
        return false;
    return true;
}

static void break_monitor(lw_sim *sim, uint32_t i)
{
    lw_obj_state *s = &lwi_obj_game(sim)->obj[i];
    s->flags |= LW_OBJF_GONE;
    s->timer = 32; /* the icon rises for 32 frames (0x300 / 0x18) before it takes effect */
    lwi_obj_game(sim)->events |= LW_EVENT_MONITOR;
    if (lwi_obj_standing_on(sim, i))
        lwi_obj_leave(sim, i);
}

static void kill_enemy(lw_sim *sim, uint32_t i)
{
    static const uint16_t points[4] = {100, 200, 500, 1000};
    lw_player *pl = &sim->state.player;
    lw_game_state *g = lwi_obj_game(sim);
    lw_obj_state *s = &g->obj[i];
    s->flags |= LW_OBJF_GONE;
    g->score += g->chain >= 16 ? 10000u : points[g->chain < 3 ? g->chain : 3];
    if (g->chain < 255)
        g->chain++;
    g->events |= LW_EVENT_ENEMY;
    /* S2 Touch_KillEnemy rebound */
    if (pl->ysp < 0)
        pl->ysp += 0x100;
    else if (lwi_obj_px(pl->y) >= lwi_obj_px(s->y))
        pl->ysp -= 0x100;
    else
        pl->ysp = -pl->ysp;
}

/* One object's touch test (§4.1); false once the run is over. */
static bool touch_one(lw_sim *sim, uint32_t i, int32_t px, bool *first_done)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = lwi_obj_game(sim);
    const lw_sim_object *o = &sim->objects[i];
    lw_obj_state *s = &g->obj[i];
    if (s->flags & LW_OBJF_GONE)
        return true;
    int32_t ox = lwi_obj_px(s->x), oy = lwi_obj_px(s->y);
    switch (o->type) {
    case LW_OBJ_RING:
        if (g->invuln < 90 && touches(pl, ox, oy, 6, 6)) {
            s->flags |= LW_OBJF_GONE;
            if (g->rings < 999)
                g->rings++;
            g->events |= LW_EVENT_RING;
            sim->debug.touched = (uint16_t)(i + 1);
        }
        break;
    case LW_OBJ_MONITOR:
        if (*first_done || !touches(pl, ox, oy, 16, 16))
            break;
        *first_done = true;
        sim->debug.touched = (uint16_t)(i + 1);
        if (pl->ysp < 0) {
            /* from below: only when the centre is 16 px under the monitor's */
            if (lwi_obj_px(pl->y) - 16 < oy)
                break;
            pl->ysp = -pl->ysp;
            s->ysp = -0x180;
            s->flags |= LW_OBJF_TRIGGERED; /* knocked up: falls back (§10) */
            lwi_obj_awake_set(g, i);
        } else if (pl->rolling) {
            pl->ysp = -pl->ysp;
            break_monitor(sim, i);
            lwi_obj_awake_set(g, i);
        }
        break;
    case LW_OBJ_ENEMY:
        if (*first_done || !touches(pl, ox, oy, 16, 14))
            break;
        *first_done = true;
        sim->debug.touched = (uint16_t)(i + 1);
        if (g->invincible || pl->rolling || g->spindash)
            kill_enemy(sim, i);
        else
            lwi_obj_hurt(sim, ox);
        break;
    case LW_OBJ_CHECKPOINT:
        if (!(s->flags & LW_OBJF_TRIGGERED) && px - ox + 8 >= 0 && px - ox + 8 < 16 &&
            lwi_obj_px(pl->y) - oy + 64 >= 0 && lwi_obj_px(pl->y) - oy + 64 < 104) {
            s->flags |= LW_OBJF_TRIGGERED;
            g->checkpoint = (uint16_t)(i + 1);
            g->respawn_x = ox;
            g->respawn_y = oy;
            g->events |= LW_EVENT_CHECKPOINT;
            sim->debug.touched = (uint16_t)(i + 1);
        }
        break;
    case LW_OBJ_GOAL:
        if (!(s->flags & LW_OBJF_TRIGGERED) && px - ox >= 0 && px - ox < 32) {
            s->flags |= LW_OBJF_TRIGGERED;
            g->events |= LW_EVENT_GOAL;
            sim->state.status = LW_SIM_FINISHED;
            sim->debug.touched = (uint16_t)(i + 1);
        }
        break;
    default:
        break;
    }
    return sim->state.status == LW_SIM_RUNNING;
}

/* True when no enemy of ranks [@k0, @k1) can touch the player at pixel X @px in frame @frame,
 * from the gap kept in @g (lw_game_state.enemy_gap): those enemies are among the ones it was
 * found for, and the player's X moved less since than the gap less one pixel a frame for
 * the enemies' walk (LWI_ENEMY_XSP). */
static inline bool enemies_far(const lw_game_state *g, uint32_t frame, int32_t px, uint32_t k0,
                               uint32_t k1)
{
    int64_t s = (int64_t)g->enemy_gap - (frame - g->enemy_gap_frame);
    return s >= 0 && k0 >= g->enemy_gap_k0 && k1 <= g->enemy_gap_k1 &&
           (uint64_t)((int64_t)px - g->enemy_gap_x + s) <= (uint64_t)(2 * s);
}

/* The touch tests of the enemies of ranks [@k0, @k1) (the window's, in their order; the first
 * that overlaps is the frame's one touch): false once the run is over. Without a touch, the
 * gap to the nearest one is kept in the state for enemies_far. */
static bool touch_enemies(lw_sim *sim, int32_t px, uint32_t k0, uint32_t k1, bool *first_done)
{
    lw_game_state *g = lwi_obj_game(sim);
    const lw_player *pl = &sim->state.player;
    const uint32_t *enemies = sim->enemies;
    const lw_obj_state *os = g->obj;
    uint32_t near = UINT32_MAX;
    for (uint32_t k = k0; k < k1; k++) {
        const lw_obj_state *s = &os[enemies[k]];
        if (s->flags & LW_OBJF_GONE)
            continue;
        /* the hitbox test first (touch_one tests it again): |ex - px| <= 8 + 16, then both
         * intervals; an enemy that overlaps is the frame's one touch (first_done) */
        int32_t dx = lwi_obj_px(s->x) - px;
        uint32_t ad = dx < 0 ? 0u - (uint32_t)dx : (uint32_t)dx;
        near = ad < near ? ad : near;
        if (ad > 24u || !touches(pl, lwi_obj_px(s->x), lwi_obj_px(s->y), 16, 14))
            continue;
        g->enemy_gap = -1;
        return touch_one(sim, enemies[k], px, first_done);
    }
    g->enemy_gap = near > INT32_MAX ? INT32_MAX : (int32_t)near - 25;
    g->enemy_gap_x = px;
    g->enemy_gap_frame = sim->state.frame;
    g->enemy_gap_k0 = (uint16_t)k0;
    g->enemy_gap_k1 = (uint16_t)k1;
    return true;
}

void lwi_objects_touch(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = lwi_obj_game(sim);
    if (g->hurt || sim->state.status != LW_SIM_RUNNING)
        return;
    int32_t px = lwi_obj_px(pl->x);
    bool first_done = false;
    if (sim->object_count) {
        /* Objects that stay at their origin touch only within the touch range's reach of the
         * player (touch_lo, touch_hi); the enemies (which walk) come after them, from their own
         * list, within the culling window (§4.1). Placed rings: every overlapping one (S2
         * Touch_Rings). */
        const lwi_obj_cull *c = touch_range(sim, px);
        if (c->reference) {
            c = lwi_obj_window_ranges(sim, px);
            for (uint32_t i = c->first.i; i < c->last.i; i++) {
                uint8_t type = sim->objects[i].type;
                if (type == LW_OBJ_RING || type == LW_OBJ_MONITOR || type == LW_OBJ_CHECKPOINT ||
                    type == LW_OBJ_GOAL)
                    if (!touch_one(sim, i, px, &first_done))
                        return;
            }
        } else {
            for (uint32_t k = c->t0.i; k < c->t1.i; k++) {
                uint32_t i = c->touchers[k];
                const lw_obj_state *s = &g->obj[i];
                if (s->flags & LW_OBJF_GONE)
                    continue;
                /* the rings' and monitors' hitbox first (touch_one tests it again) */
                uint8_t type = sim->objects[i].type;
                if (type == LW_OBJ_RING
                        ? g->invuln >= 90 || !touches(pl, lwi_obj_px(s->x), lwi_obj_px(s->y), 6, 6)
                        : type == LW_OBJ_MONITOR &&
                              (first_done ||
                               !touches(pl, lwi_obj_px(s->x), lwi_obj_px(s->y), 16, 16)))
                    continue;
                if (!touch_one(sim, i, px, &first_done))
                    return;
            }
        }
        if (sim->enemy_count)
            c = lwi_obj_window_ranges(sim, px);
        uint32_t k0 = sim->enemy_count ? c->enemy_rank[c->first.i] : 0;
        uint32_t k1 = sim->enemy_count ? c->enemy_rank[c->last.i] : 0;
        /* (the reference mode tests them every frame) */
        if (k0 < k1 && !first_done &&
            (c->reference || !enemies_far(g, sim->state.frame, px, k0, k1)) &&
            !touch_enemies(sim, px, k0, k1, &first_done))
            return;
    }
    /* scattered rings: one per frame, as any touch-list object */
    if (!first_done && g->invuln < 90) {
        for (uint32_t k = 0; k < g->spill_count; k++) {
            lw_spill_ring *r = &g->spill[k];
            if (r->y == INT32_MIN || !touches(pl, lwi_obj_px(r->x), lwi_obj_px(r->y), 6, 6))
                continue;
            r->y = INT32_MIN;
            if (g->rings < 999)
                g->rings++;
            g->events |= LW_EVENT_RING;
            break;
        }
    }
}
