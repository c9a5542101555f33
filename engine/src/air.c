/* SPDX-License-Identifier: MIT */
/* Airborne player (§5), frame order of §7.3: jump-release/up cap, air input, drag, boundary,
 * move, gravity, angle relaxation, collision by movement quadrant. */
#include "air.h"

uint8_t lwi_phys_relax_angle(uint8_t angle)
{
    if (angle == 0)
        return 0;
    if (angle >= 0x80)
        return angle >= 0xFE ? 0 : (uint8_t)(angle + 2u); /* carry out of the byte -> 0 */
    return angle < 2 ? 0 : (uint8_t)(angle - 2u);         /* borrow -> 0 */
}

int32_t lwi_phys_air_drag(const lw_profile *p, int32_t xsp, int32_t ysp)
{
    bool in_window = p->drag_window_exclusive ? (ysp > -p->drag_window && ysp < 0)
                                              : (ysp >= -p->drag_window && ysp <= -1);
    if (!in_window)
        return xsp;
    return xsp - (xsp >> 5);
}

/* ---- air sensors ---- */

/* E: left wall sensor at (X - push_radius, Y), LRB. */
static int32_t wall_left(lw_sim *sim)
{
    const lw_player *pl = &sim->state.player;
    lw_sensor_hit scratch;
    return lwi_phys_cast(sim, LW_SENSOR_E, LW_CAST_AIR_WALL,
                         (pl->x >> 8) - sim->profile.push_radius, pl->y >> 8, LW_DIR_LEFT,
                         LW_SOLID_LRB, 0x40, &scratch)
        ->distance;
}

/* F: right wall sensor at (X + push_radius, Y), LRB. */
static int32_t wall_right(lw_sim *sim)
{
    const lw_player *pl = &sim->state.player;
    lw_sensor_hit scratch;
    return lwi_phys_cast(sim, LW_SENSOR_F, LW_CAST_AIR_WALL,
                         (pl->x >> 8) + sim->profile.push_radius, pl->y >> 8, LW_DIR_RIGHT,
                         LW_SOLID_LRB, 0xC0, &scratch)
        ->distance;
}

/* A/B: floor pair at (X -/+ wr, Y + hr), T bit; a flagged winner angle reads as 0x00. */
static void floor_pair(lw_sim *sim, lwi_pair *out)
{
    lwi_phys_cast_pair_toward(sim, LW_SENSOR_A, LW_SENSOR_B, LW_CAST_AIR_FLOOR, LW_DIR_DOWN,
                              LW_SOLID_TOP, 0, out);
    if (lw_angle_is_flagged(out->angle))
        out->angle = 0x00;
}

/* C/D: ceiling pair at (X -/+ wr, Y - hr), LRB; a flagged winner angle reads as 0x80. */
static void ceiling_pair(lw_sim *sim, lwi_pair *out)
{
    lwi_phys_cast_pair_toward(sim, LW_SENSOR_C, LW_SENSOR_D, LW_CAST_AIR_CEILING, LW_DIR_UP,
                              LW_SOLID_LRB, 0x80, out);
    if (lw_angle_is_flagged(out->angle))
        out->angle = 0x80;
}

/* The -(hi(Ysp) + 8) landing filter, in the originals' byte arithmetic: the high byte of Ysp,
 * plus 8, negated, compared as signed bytes with the distances. */
static bool landing_filter(int32_t ysp, const lwi_pair *f)
{
    int8_t t = (int8_t)(uint8_t)((0u - (((uint32_t)ysp >> 8) + 8u)) & 0xFFu);
    return (int8_t)f->d >= t || (int8_t)f->d_other >= t;
}

/* ---- landing ---- */

void lwi_phys_land_floor(lw_sim *sim, int32_t d, uint8_t a)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    pl->y += d * LW_SUBPX;
    pl->angle = a;
    lwi_phys_reset_on_floor(sim);
    sim->debug.landed = true;
    if (((unsigned)lwi_ang(a + 0x20) & 0x40u) != 0) {
        /* steep: a in 0x20..0x5F or 0xA0..0xDF */
        pl->xsp = 0;
        if (pl->ysp > p->land_cap)
            pl->ysp = p->land_cap;
        pl->gsp = a < 0x80 ? pl->ysp : -pl->ysp;
    } else if (((unsigned)lwi_ang(a + 0x10) & 0x20u) != 0) {
        /* slope: a in 0x10..0x1F or 0xE0..0xEF */
        pl->ysp >>= 1;
        pl->gsp = a < 0x80 ? pl->ysp : -pl->ysp;
    } else {
        /* flat: a in 0xF0..0x0F */
        pl->ysp = 0;
        pl->gsp = pl->xsp;
    }
}

/* Landing from the left/right rows: the floor angle is taken but Gsp = Xsp. */
static void land_side(lw_sim *sim, int32_t d, uint8_t a)
{
    lw_player *pl = &sim->state.player;
    pl->y += d * LW_SUBPX;
    pl->angle = a;
    lwi_phys_reset_on_floor(sim);
    sim->debug.landed = true;
    pl->ysp = 0;
    pl->gsp = pl->xsp;
}

/* ---- collision by quadrant (§5.8) ---- */

/* The wall sensors E then F of the mostly-down and mostly-up rows: out of a wall, X speed 0. */
static void push_out_of_walls(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    int32_t d = wall_left(sim);
    if (d < 0) {
        pl->x -= d * LW_SUBPX;
        pl->xsp = 0;
    }
    d = wall_right(sim);
    if (d < 0) {
        pl->x += d * LW_SUBPX;
        pl->xsp = 0;
    }
}

static void collide_down(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    push_out_of_walls(sim);
    lwi_pair f;
    floor_pair(sim, &f);
    if (f.d < 0 && landing_filter(pl->ysp, &f))
        lwi_phys_land_floor(sim, f.d, f.angle);
}

static void collide_up(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    push_out_of_walls(sim);
    lwi_pair c;
    ceiling_pair(sim, &c);
    if (c.d >= 0)
        return;
    pl->y -= c.d * LW_SUBPX;
    uint8_t a = c.angle;
    if (((unsigned)lwi_ang(a + 0x20) & 0x40u) != 0) {
        /* §5.10: steep enough to run on: attach */
        pl->angle = a;
        lwi_phys_reset_on_floor(sim);
        sim->debug.landed = true;
        pl->gsp = a < 0x80 ? pl->ysp : -pl->ysp;
    } else {
        pl->ysp = 0; /* bump */
    }
}

/* The mostly-left (@left) and mostly-right rows. */
static void collide_side(lw_sim *sim, bool left)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    int32_t d = left ? wall_left(sim) : wall_right(sim);
    if (d < 0) {
        if (left)
            pl->x -= d * LW_SUBPX;
        else
            pl->x += d * LW_SUBPX;
        pl->xsp = 0;
        pl->gsp = pl->ysp;
        if (!p->air_wall_hit_continues)
            return;
    }
    lwi_pair c;
    ceiling_pair(sim, &c);
    if (c.d < 0) {
        if (left && p->deep_ceiling_wall_check && c.d <= -20) {
            /* S3K: a ceiling hit this deep is really a wall on the other side */
            d = wall_right(sim);
            if (d < 0) {
                pl->x += d * LW_SUBPX;
                pl->xsp = 0;
            }
            return;
        }
        pl->y -= c.d * LW_SUBPX; /* always a bump in these rows */
        if (pl->ysp < 0)
            pl->ysp = 0;
        return;
    }
    if (pl->ysp < 0)
        return;
    lwi_pair f;
    floor_pair(sim, &f);
    if (f.d >= 0)
        return;
    if (p->landing_filter_all_quadrants && !landing_filter(pl->ysp, &f))
        return;
    land_side(sim, f.d, f.angle);
}

/* ---- the air routine ---- */

void lwi_phys_air_frame(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    pl->balance = LW_BALANCE_NONE;
    pl->balance_extreme = false;

    /* OBJECTS.md §4.2: the hurt routine has no jump cap, input or drag and a gravity of 0x30 */
    bool hurt = sim->state.game.hurt != 0;
    if (hurt)
        goto move;

    /* §5.3: variable jump height, or the upward cap */
    if (pl->jumping) {
        if (pl->ysp < -p->jump_release && !in->jump_held)
            pl->ysp = -p->jump_release;
    } else if (pl->ysp < -p->up_cap) {
        pl->ysp = -p->up_cap;
    }

    /* §5.4: air input (none after a rolling jump, except in CD) */
    if (!pl->rolljump || p->rolljump_air_control) {
        int32_t v = pl->xsp;
        if (in->left) {
            pl->facing_left = true;
            int32_t old = v;
            v = old - p->air_acc;
            if (v <= -p->top)
                v = (!p->fix_air_topspeed_clamp || old > -p->top) ? -p->top : old;
        }
        if (in->right) {
            pl->facing_left = false;
            int32_t old = v;
            v = old + p->air_acc;
            if (v >= p->top)
                v = (!p->fix_air_topspeed_clamp || old < p->top) ? p->top : old;
        }
        pl->xsp = v;
    }

    /* §5.5: drag, with the Ysp from before gravity */
    pl->xsp = lwi_phys_air_drag(p, pl->xsp, pl->ysp);

move:
    if (!lwi_phys_bounds(sim))
        return;

    /* §5.6: move, then gravity */
    pl->x += pl->xsp;
    pl->y += pl->ysp;
    /* hurt underwater: addi #$30 then subi #$20 (S1 Sonic_Hurt, S2 Obj01_Hurt_Normal) */
    pl->ysp += hurt ? (pl->underwater ? 0x10 : 0x30) : p->gravity;
    if (p->terminal > 0 && pl->ysp > p->terminal)
        pl->ysp = p->terminal;

    if (!hurt)
        pl->angle = lwi_phys_relax_angle(pl->angle);

    uint8_t q = lwi_phys_air_quadrant(pl->xsp, pl->ysp);
    sim->debug.air_quadrant = q;
    switch (q) {
    case 0x00:
        collide_down(sim);
        break;
    case 0x40:
        collide_side(sim, true);
        break;
    case 0x80:
        collide_up(sim);
        break;
    default:
        collide_side(sim, false);
        break;
    }
    if (hurt && !pl->airborne) {
        /* S2 Sonic_HurtStop: landing ends the hurt routine with no speed */
        pl->xsp = pl->ysp = pl->gsp = 0;
        sim->state.game.hurt = 0;
        sim->state.game.invuln = 120;
    }
}
