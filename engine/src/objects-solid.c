/* SPDX-License-Identifier: MIT */
/* Solid objects (docs/OBJECTS.md §3, S2 SolidObject / PlatformObject) and the types built on
 * them: springs (§6), spikes (§11), monitors (§10), log bridges (§7); hurting the player (§4)
 * with the ring loss (§5). */
#include "objects-impl.h"

/* §3.1: the solid box of a type: half-width without the player (d1 - push_radius - 1), half
 * height for the collision (d2), standing height (d3) and the landing half-width (wp). */
typedef struct solid_box {
    int32_t w, h, stand, land_w;
} solid_box;

static solid_box box_of(const lw_sim_object *o)
{
    switch (o->type) {
    case LW_OBJ_SPRING:
        if (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT)
            return (solid_box){8, 14, 15, 8};
        if (o->dir >= LW_DIR8_UP_LEFT)
            return (solid_box){16, 16, 17, 16};
        return (solid_box){16, 8, 16, 16};
    case LW_OBJ_SPIKES:
        if (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT)
            return (solid_box){16, o->half_w, o->half_w + 1, 16};
        return (solid_box){o->half_w, 16, 17, o->half_w};
    case LW_OBJ_MONITOR:
        return (solid_box){15, 15, 16, 14};
    default:
        return (solid_box){0, 0, 0, 0};
    }
}

/* ---- §3 solid objects (S2 SolidObject / PlatformObject) ---- */

static void set_ride(lw_sim *sim, uint32_t i)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = lwi_obj_game(sim);
    if (g->on_object && g->on_object != i + 1)
        g->obj[g->on_object - 1].flags &= (uint8_t)~LW_OBJF_STANDING;
    g->on_object = (uint16_t)(i + 1);
    g->obj[i].flags |= LW_OBJF_STANDING;
    pl->angle = 0;
    pl->ysp = 0;
    pl->gsp = pl->xsp;
    if (pl->airborne) {
        lwi_phys_reset_on_floor(sim);
        sim->debug.landed = true;
    }
}

void lwi_obj_leave(lw_sim *sim, uint32_t i)
{
    lw_game_state *g = lwi_obj_game(sim);
    g->obj[i].flags &= (uint8_t)~LW_OBJF_STANDING;
    if (g->on_object == i + 1) {
        g->on_object = 0;
        sim->state.player.airborne = true;
    }
}

/* Result of a solid check. */
enum { SOLID_NONE = 0, SOLID_SIDE = 1, SOLID_TOP = -1, SOLID_BOTTOM = -2 };

/* A standing player: still on it (moved with it, returns true) or off the edge (airborne). */
bool lwi_obj_keep_standing(lw_sim *sim, uint32_t i, int32_t d1, int32_t top_px, int32_t prev_x)
{
    lw_player *pl = &sim->state.player;
    int32_t ox = lwi_obj_px(lwi_obj_game(sim)->obj[i].x);
    int32_t rel = lwi_obj_px(pl->x) - ox + d1;
    if (pl->airborne || rel < 0 || rel >= 2 * d1) {
        lwi_obj_leave(sim, i);
        return false;
    }
    pl->y = (top_px - pl->hr) * LW_SUBPX + (pl->y & 0xFF);
    pl->x -= (prev_x - ox) * LW_SUBPX;
    sim->debug.touched = (uint16_t)(i + 1);
    return true;
}

static int solid_object(lw_sim *sim, uint32_t i, solid_box b, int32_t prev_x)
{
    lw_player *pl = &sim->state.player;
    lw_obj_state *s = &lwi_obj_game(sim)->obj[i];
    int32_t ox = lwi_obj_px(s->x), oy = lwi_obj_px(s->y);
    int32_t d1 = b.w + sim->profile.push_radius + 1;
    if (lwi_obj_standing_on(sim, i)) {
        lwi_obj_keep_standing(sim, i, d1, oy - b.stand, prev_x);
        return SOLID_NONE;
    }
    int32_t px = lwi_obj_px(pl->x), py = lwi_obj_px(pl->y);
    int32_t d0 = px - ox + d1;
    if (d0 < 0 || d0 > 2 * d1)
        goto clear_push;
    int32_t d2 = b.h + pl->hr;
    int32_t d3 = py - oy + 4 + d2;
    if (d3 < 0)
        goto clear_push;
    d3 &= 0x7FF;
    int32_t d4 = 2 * d2;
    if (d3 >= d4)
        goto clear_push;
    sim->debug.touched = (uint16_t)(i + 1);
    int32_t d5 = d0;
    if (d0 > d1) {
        d0 -= 2 * d1;
        d5 = -d0;
    }
    int32_t dv = d3;
    if (d3 > d2) {
        d3 = d3 - 4 - d4;
        dv = -d3;
    }
    if (d5 > dv)
        goto top_bottom;
left_right:
    if (dv <= 4)
        goto side_air;
    if (d0 != 0) {
        bool stop = d0 > 0 ? pl->xsp >= 0 : pl->xsp < 0;
        if (stop) {
            pl->gsp = 0;
            pl->xsp = 0;
        }
    }
    pl->x -= d0 * LW_SUBPX;
    if (pl->airborne)
        goto side_air;
    s->flags |= LW_OBJF_PUSHING;
    pl->pushing = true;
    return SOLID_SIDE;
side_air:
    s->flags &= (uint8_t)~LW_OBJF_PUSHING;
    pl->pushing = false;
    return SOLID_SIDE;
top_bottom:
    if (d3 < 0) {
        if (pl->ysp == 0) {
            if (!pl->airborne) {
                if (lwi_abs32(d0) < 16)
                    goto left_right;
                /* crushed: the originals kill the player (OBJECTS.md §3.1) */
                sim->state.status = LW_SIM_DEAD;
            }
            return SOLID_BOTTOM;
        }
        if (pl->ysp < 0) {
            pl->y -= d3 * LW_SUBPX;
            pl->ysp = 0;
        }
        return SOLID_BOTTOM;
    }
    if (d3 < 16) {
        d3 -= 4;
        int32_t rel = px - ox + b.land_w;
        if (rel < 0 || rel >= 2 * b.land_w || pl->ysp < 0)
            return SOLID_NONE;
        pl->y -= (d3 + 1) * LW_SUBPX;
        set_ride(sim, i);
        return SOLID_TOP;
    }
clear_push:
    if (s->flags & LW_OBJF_PUSHING) {
        s->flags &= (uint8_t)~LW_OBJF_PUSHING;
        pl->pushing = false;
    }
    return SOLID_NONE;
}

/* True when the player does not overlap the solid box (@w, @h) of the object in state @s: the
 * first tests of solid_object, which then only clears the object's pushing flag. */
static inline bool solid_miss(const lw_sim *sim, const lw_obj_state *s, int32_t w, int32_t h)
{
    const lw_player *pl = &sim->state.player;
    int32_t d1 = w + sim->profile.push_radius + 1;
    int32_t d0 = lwi_obj_px(pl->x) - lwi_obj_px(s->x) + d1;
    if (d0 < 0 || d0 > 2 * d1)
        return true;
    int32_t d2 = h + pl->hr;
    int32_t d3 = lwi_obj_px(pl->y) - lwi_obj_px(s->y) + 4 + d2;
    return d3 < 0 || (d3 & 0x7FF) >= 2 * d2;
}

/* True when an object's update is only solid_object's and its state and the player's stay as
 * they are: not stood on, not pushed, and the player outside its box (@w, @h). */
static inline bool solid_idle(lw_sim *sim, uint32_t i, const lw_obj_state *st, int32_t w, int32_t h)
{
    return !(st->flags & LW_OBJF_PUSHING) && !lwi_obj_standing_on(sim, i) &&
           solid_miss(sim, st, w, h);
}

/* S2 PlatformObject: top-solid. @d1 half-width (no player radius), @top_px the surface. */
bool lwi_obj_platform_land(lw_sim *sim, uint32_t i, int32_t ox, int32_t d1, int32_t top_px)
{
    lw_player *pl = &sim->state.player;
    if (pl->ysp < 0)
        return false;
    int32_t rel = lwi_obj_px(pl->x) - ox + d1;
    if (rel < 0 || rel >= 2 * d1)
        return false;
    int32_t py = lwi_obj_px(pl->y);
    int32_t d0 = top_px - (py + pl->hr + 4);
    if (d0 > 0 || d0 < -16)
        return false;
    pl->y += (d0 + 3) * LW_SUBPX;
    set_ride(sim, i);
    sim->debug.touched = (uint16_t)(i + 1);
    return true;
}

/* ---- §6 springs ---- */

static void spring_launch(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_game_state *g = lwi_obj_game(sim);
    int32_t s = o->speed;
    switch (o->dir) {
    case LW_DIR8_UP:
        pl->y += 8 * LW_SUBPX;
        pl->ysp = -s;
        pl->airborne = true;
        break;
    case LW_DIR8_DOWN:
        pl->y -= 8 * LW_SUBPX;
        pl->ysp = s;
        pl->airborne = true;
        break;
    case LW_DIR8_LEFT:
    case LW_DIR8_RIGHT:
        if (o->dir == LW_DIR8_RIGHT) {
            pl->xsp = s;
            pl->x -= 8 * LW_SUBPX;
            pl->facing_left = false;
        } else {
            pl->xsp = -s;
            pl->x += 8 * LW_SUBPX;
            pl->facing_left = true;
        }
        pl->control_lock = 15;
        pl->gsp = pl->xsp;
        pl->pushing = false;
        g->obj[i].flags &= (uint8_t)~LW_OBJF_PUSHING;
        break;
    default: {
        bool right = o->dir == LW_DIR8_UP_RIGHT || o->dir == LW_DIR8_DOWN_RIGHT;
        bool down = o->dir >= LW_DIR8_DOWN_LEFT;
        pl->ysp = down ? s : -s;
        pl->xsp = right ? s : -s;
        pl->y += (down ? -6 : 6) * LW_SUBPX;
        pl->x += (right ? -6 : 6) * LW_SUBPX;
        pl->facing_left = !right;
        pl->airborne = true;
        break;
    }
    }
    if (g->on_object == i + 1)
        g->on_object = 0;
    g->obj[i].flags &= (uint8_t)~LW_OBJF_STANDING;
    g->obj[i].timer = 8; /* animation: compressed for 8 frames */
    g->events |= LW_EVENT_SPRING;
}

void lwi_obj_run_spring(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_obj_state *st = &lwi_obj_game(sim)->obj[i];
    /* one that is not horizontal (their trigger area reaches past the box), with no timer, off
     * its box: solid_object changes nothing, nor do the launch tests (box_of's box) */
    if (!st->timer && o->dir != LW_DIR8_LEFT && o->dir != LW_DIR8_RIGHT &&
        solid_idle(sim, i, st, 16, o->dir >= LW_DIR8_UP_LEFT ? 16 : 8))
        return;
    if (st->timer)
        st->timer--;
    int32_t ox = lwi_obj_px(st->x), oy = lwi_obj_px(st->y);
    int r = solid_object(sim, i, box_of(o), ox);
    switch (o->dir) {
    case LW_DIR8_UP:
        if (lwi_obj_standing_on(sim, i))
            spring_launch(sim, i);
        break;
    case LW_DIR8_DOWN:
        if (r == SOLID_BOTTOM)
            spring_launch(sim, i);
        break;
    case LW_DIR8_LEFT:
    case LW_DIR8_RIGHT: {
        bool facing_right = o->dir == LW_DIR8_RIGHT;
        int32_t px = lwi_obj_px(pl->x), py = lwi_obj_px(pl->y);
        if ((st->flags & LW_OBJF_PUSHING) && (px > ox) == facing_right) {
            spring_launch(sim, i);
            break;
        }
        /* S2: a grounded player running at the spring's face within 40 px is launched */
        int32_t x0 = facing_right ? ox : ox - 40, x1 = facing_right ? ox + 40 : ox;
        int32_t g = facing_right ? -pl->gsp : pl->gsp;
        if (st->timer == 0 && !pl->airborne && g >= 0 && px >= x0 && px < x1 && py >= oy - 24 &&
            py < oy + 24)
            spring_launch(sim, i);
        break;
    }
    case LW_DIR8_UP_LEFT:
    case LW_DIR8_UP_RIGHT:
        if (lwi_obj_standing_on(sim, i) &&
            (o->dir == LW_DIR8_UP_RIGHT ? ox - 4 < lwi_obj_px(pl->x) : ox + 4 >= lwi_obj_px(pl->x)))
            spring_launch(sim, i);
        break;
    default:
        if (r == SOLID_BOTTOM)
            spring_launch(sim, i);
        break;
    }
}

/* ---- spikes (§11) ---- */

void lwi_obj_run_spikes(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_obj_state *st = &lwi_obj_game(sim)->obj[i];
    /* off its box (box_of's) and not stood on: no hit, nothing changes */
    bool side = o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT;
    if (solid_idle(sim, i, st, side ? 16 : o->half_w, side ? o->half_w : 16))
        return;
    int32_t ox = lwi_obj_px(st->x);
    int r = solid_object(sim, i, box_of(o), ox);
    bool hit = false;
    switch (o->dir) {
    case LW_DIR8_UP:
        hit = lwi_obj_standing_on(sim, i);
        break;
    case LW_DIR8_DOWN:
        hit = r == SOLID_BOTTOM;
        break;
    default: /* S2 Obj36_Sideways: any side contact hurts */
        hit = r == SOLID_SIDE;
        break;
    }
    if (hit && !lwi_obj_game(sim)->invincible && !lwi_obj_game(sim)->invuln) {
        /* S2 Touch_ChkHurt2: undo this frame's vertical move first */
        pl->y -= pl->ysp;
        lwi_obj_hurt(sim, ox);
    }
}

/* ---- §10 monitors ---- */

static void monitor_effect(lw_sim *sim, const lw_sim_object *o)
{
    lw_game_state *g = lwi_obj_game(sim);
    switch (o->variant) {
    case LW_MONITOR_RINGS:
        g->rings = (uint16_t)(g->rings + 10 > 999 ? 999 : g->rings + 10);
        break;
    case LW_MONITOR_SHIELD:
        g->shield = LW_SHIELD_BASIC;
        break;
    case LW_MONITOR_INVINCIBILITY:
        g->invincible = 1200;
        break;
    case LW_MONITOR_SHOES:
        g->shoes = 1200;
        break;
    default:
        if (g->extra_lives < 99)
            g->extra_lives++;
        break;
    }
}

void lwi_obj_run_monitor(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_obj_state *st = &lwi_obj_game(sim)->obj[i];
    if (st->flags & LW_OBJF_GONE) {
        if (st->timer && --st->timer == 0)
            monitor_effect(sim, o);
        return;
    }
    int32_t prev_x = lwi_obj_px(st->x);
    if (st->flags & LW_OBJF_TRIGGERED) { /* knocked up from below: falls back onto the floor */
        st->y += st->ysp;
        st->ysp = (int16_t)(st->ysp + 0x38);
        if (st->ysp >= 0) {
            int32_t d = lwi_obj_floor_distance(sim, lwi_obj_px(st->x), lwi_obj_px(st->y) + 15);
            if (d < 0) {
                st->y += d * LW_SUBPX;
                st->ysp = 0;
                st->flags &= (uint8_t)~LW_OBJF_TRIGGERED;
            }
        }
    }
    /* S2 SolidObject_Monitor: not solid to a rolling player who is not standing on it */
    if (sim->state.player.rolling && !lwi_obj_standing_on(sim, i))
        return;
    solid_object(sim, i, box_of(o), prev_x);
}

/* ---- §7 bridges ---- */

int32_t lw_bridge_log_offset(uint32_t logs, uint32_t stand, uint32_t k, uint32_t phase)
{
    if (logs == 0 || stand >= logs || k >= logs)
        return 0;
    uint32_t depth = 2u * (stand + 1 < logs - stand ? stand + 1 : logs - stand);
    uint32_t n, idx; /* the curve's row (n logs on that side) and position 1..n */
    if (k <= stand) {
        n = stand + 1;
        idx = k + 1;
    } else {
        n = logs - stand; /* the logs right of the standing one, plus one */
        idx = n - (k - stand);
    }
    int32_t w = idx >= n ? 255 : lw_sine_table[(64u * idx) / n];
    if (w > 255)
        w = 255;
    uint32_t s = (uint32_t)lw_sine_table[phase > 0x40 ? 0x40 : phase];
    return (int32_t)((((uint32_t)w + 1u) * depth * s) >> 16);
}

void lwi_obj_run_bridge(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_obj_state *st = &lwi_obj_game(sim)->obj[i];
    int32_t ox = lwi_obj_px(st->x), oy = lwi_obj_px(st->y);
    uint32_t n = o->logs;
    if (lwi_obj_standing_on(sim, i)) {
        if (st->aux < 0x40)
            st->aux = (uint8_t)(st->aux + 4);
    } else if (st->aux) {
        st->aux = (uint8_t)(st->aux - 4);
    }
    int32_t d1 = 8 * (int32_t)n + 8, d2 = 16 * (int32_t)n;
    if (lwi_obj_standing_on(sim, i)) {
        int32_t rel = lwi_obj_px(pl->x) - ox + d1;
        if (pl->airborne || rel < 0 || rel >= d2) {
            lwi_obj_leave(sim, i);
            return;
        }
        uint32_t j = (uint32_t)rel >> 4;
        /* the logs were placed with last frame's standing log (S2 order) */
        int32_t log_y = oy + lw_bridge_log_offset(n, st->timer, j, st->aux);
        pl->y = (log_y - 8 - pl->hr) * LW_SUBPX + (pl->y & 0xFF);
        st->timer = (uint16_t)j;
        sim->debug.touched = (uint16_t)(i + 1);
        return;
    }
    if (lwi_obj_platform_land(sim, i, ox, d1, oy - 8)) {
        int32_t rel = lwi_obj_px(pl->x) - ox + d1;
        st->timer = (uint16_t)((uint32_t)rel >> 4);
    }
}

/* ---- §4 hurting the player, §5 ring loss ---- */

static void spill_rings(lw_sim *sim);

/* S2 HurtCharacter: @src_x is the hurting object's pixel X. */
void lwi_obj_hurt(lw_sim *sim, int32_t src_x)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = lwi_obj_game(sim);
    if (g->invincible || g->invuln || g->hurt)
        return;
    if (g->shield) {
        g->shield = LW_SHIELD_NONE;
    } else if (g->rings == 0) {
        sim->state.status = LW_SIM_DEAD;
        g->events |= LW_EVENT_HURT;
        return;
    } else {
        spill_rings(sim);
    }
    if (g->on_object) {
        g->obj[g->on_object - 1].flags &= (uint8_t)~LW_OBJF_STANDING;
        g->on_object = 0;
    }
    if (!pl->airborne || pl->rolling)
        lwi_phys_reset_on_floor(sim);
    g->spindash = 0;
    pl->airborne = true;
    pl->ysp = -0x400;
    pl->xsp = lwi_obj_px(pl->x) < src_x ? -0x200 : 0x200;
    pl->gsp = 0;
    g->hurt = 1;
    g->invuln = 120;
    g->events |= LW_EVENT_HURT;
}

static void spill_rings(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = lwi_obj_game(sim);
    uint32_t n = g->rings < LW_SIM_MAX_SPILL ? g->rings : LW_SIM_MAX_SPILL;
    /* §5.2: pairs mirrored in X, angle 0x88 + 0x10 per pair, 4x then 2x the sine table */
    for (uint32_t k = 0; k < n; k++) {
        uint32_t pair = (k & 15u) >> 1;
        int shift = k < 16 ? 2 : 1;
        uint8_t a = (uint8_t)(0x88 + 0x10 * pair);
        int32_t xs = lw_sine_table[a] * (1 << shift);
        int32_t ys = lw_sine_table[(uint8_t)(a + 0x40)] * (1 << shift);
        lw_spill_ring *r = &g->spill[k];
        r->x = (pl->x >> 8) * LW_SUBPX;
        r->y = (pl->y >> 8) * LW_SUBPX;
        r->xsp = (int16_t)((k & 1u) ? -xs : xs);
        r->ysp = (int16_t)ys;
    }
    g->spill_count = (uint16_t)n;
    g->spill_timer = 0xFF;
    g->rings = 0;
}
