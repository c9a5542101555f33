/* SPDX-License-Identifier: MIT */
/* Grounded player: running (§4), rolling (§6), jumping off the ground (§5.2, §8), in the frame
 * order of §7.1 and §7.2, and the spindash (docs/OBJECTS.md §9). */
#include "ground.h"

#include "air.h"

/* Curl into a ball: rolling, ball radii, and the centre moved down by the radius difference so
 * the feet stay where they were (the jump §5.2, the roll start §6.2, the spindash release). */
static void curl_up(lw_player *pl, const lw_profile *p)
{
    pl->rolling = true;
    pl->wr = (uint8_t)p->ball_wr;
    pl->hr = (uint8_t)p->ball_hr;
    pl->y += (p->stand_hr - p->ball_hr) * LW_SUBPX;
}

/* ---- §5.2 + §8: jump ---- */

bool lwi_phys_try_jump(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;

    /* §8 head-room: a pair of head sensors oriented by plain rounding of the angle opposite the
     * ground; the smaller distance decides. */
    lwi_pair room;
    switch ((unsigned)lwi_ang(pl->angle + 0x80 + 0x20) & 0xC0u) {
    case 0x80: /* floor-ish ground: up */
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_C, LW_SENSOR_D, LW_CAST_HEADROOM, LW_DIR_UP,
                                  LW_SOLID_LRB, 0, &room);
        break;
    case 0x40: /* ground angle 0xA0..0xDF (right wall): the head points left */
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_C, LW_SENSOR_D, LW_CAST_HEADROOM, LW_DIR_LEFT,
                                  LW_SOLID_LRB, 0, &room);
        break;
    case 0xC0: /* ground angle 0x20..0x5F (left wall): the head points right */
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_C, LW_SENSOR_D, LW_CAST_HEADROOM, LW_DIR_RIGHT,
                                  LW_SOLID_LRB, 0, &room);
        break;
    default: /* ceiling: the head points down, tested with the floor sensors' top bit */
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_C, LW_SENSOR_D, LW_CAST_HEADROOM, LW_DIR_DOWN,
                                  LW_SOLID_TOP, 0, &room);
        break;
    }
    if (room.d < p->headroom)
        return false;

    /* The impulse pushes away from the surface: direction ang - 0x40; added to last frame's
     * velocity (this frame's Gsp conversion has not run). */
    uint8_t a = lwi_ang(pl->angle - 0x40);
    pl->xsp += (p->jump * lw_profile_cos(p, a)) >> 8;
    pl->ysp += (p->jump * lw_profile_sin(p, a)) >> 8;
    pl->airborne = true;
    pl->pushing = false;
    pl->jumping = true;
    pl->balance = LW_BALANCE_NONE;
    pl->balance_extreme = false;
    /* §11.4: the originals restore the standing radii first and only shrink them again when not
     * already rolling, so a rolling jump flies with the standing radii. */
    if (!(p->fix_rolljump_radius && pl->rolling)) {
        pl->wr = (uint8_t)p->stand_wr;
        pl->hr = (uint8_t)p->stand_hr;
    }
    if (!pl->rolling)
        curl_up(pl, p);
    else
        pl->rolljump = true;
    sim->debug.jumped = true;
    return true;
}

/* The jump at the start of both grounded routines: true when the player jumped, and then the
 * frame's ground movement is over: the frame ends (original) or goes on in the air (§11.3 fix). */
static bool jump_off(lw_sim *sim, const lwi_frame_input *in)
{
    if (!in->jump_pressed || !lwi_phys_try_jump(sim))
        return false;
    if (sim->profile.move_on_jump_frame)
        lwi_phys_air_frame(sim, in);
    return true;
}

/* ---- OBJECTS.md §9: spindash ---- */

bool lwi_phys_spindash(lw_sim *sim, const lwi_frame_input *in, bool ducking)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = &sim->state.game;
    const lw_profile *p = &sim->profile;
    if (!g->spindash) {
        if (!p->spindash || !ducking || !in->jump_pressed)
            return false;
        g->spindash = 1;
        g->spindash_counter = 0;
    } else if (!in->down) {
        /* release: curled up, Gsp from the charge; no move this frame */
        curl_up(pl, p);
        g->spindash = 0;
        pl->gsp = lw_profile_spindash_speed(p, g->spindash_counter);
        if (pl->facing_left)
            pl->gsp = -pl->gsp;
        g->events |= LW_EVENT_SPINDASH;
    } else {
        uint32_t c = g->spindash_counter;
        c -= c >> 5;
        if (in->jump_pressed) {
            c += 0x200;
            if (c > 0x800)
                c = 0x800;
        }
        g->spindash_counter = (uint16_t)c;
    }
    if (!lwi_phys_bounds(sim))
        return true;
    if (!g->on_object)
        lwi_phys_ground_sensors(sim);
    return true;
}

/* ---- §4.4 / §6.3: slope factors ---- */

int32_t lwi_phys_slope_factor(const lw_profile *p, uint8_t angle, int32_t gsp)
{
    if (lwi_ang(angle + 0x60) >= 0xC0) /* on a ceiling angle 0x60..0x9F */
        return gsp;
    int32_t s = (lw_profile_sin(p, angle) * p->slp) >> 8;
    if (gsp != 0)
        return gsp + s;
    if (p->slope_factor_at_rest && lwi_abs32(s) >= p->slp_rest_min)
        return gsp + s;
    return gsp;
}

int32_t lwi_phys_roll_slope_factor(const lw_profile *p, uint8_t angle, int32_t gsp)
{
    if (lwi_ang(angle + 0x60) >= 0xC0)
        return gsp;
    int32_t s = (lw_profile_sin(p, angle) * p->roll_slp) >> 8;
    /* Uphill (the slope pushes against the motion) only a quarter, taken from the already
     * floored product. */
    if (gsp >= 0) {
        if (s < 0)
            s >>= 2;
    } else {
        if (s >= 0)
            s >>= 2;
    }
    return gsp + s;
}

/* ---- §4.2 / §4.3: input and friction ---- */

void lwi_phys_move_left(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    int32_t g = pl->gsp;
    if (g > 0) {
        /* Braking: crossing zero gives -0x80; landing exactly on 0 stays 0 (no borrow). */
        g -= p->dec;
        if (g < 0 || (g == 0 && p->symmetric_brake_flip))
            g = -0x80;
        pl->gsp = g;
        return;
    }
    if (!pl->facing_left)
        pl->pushing = false;
    pl->facing_left = true;
    int32_t next = g - p->acc;
    if (next <= -p->top) {
        if (!p->fix_ground_topspeed_clamp)
            next = -p->top; /* S1: clamps even an already faster player */
        else
            next = g > -p->top ? -p->top : g;
    }
    pl->gsp = next;
}

void lwi_phys_move_right(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    int32_t g = pl->gsp;
    if (g < 0) {
        /* Braking: reaching 0 or above gives +0x80, exact 0 included (carry out of the add). */
        g += p->dec;
        if (g >= 0)
            g = 0x80;
        pl->gsp = g;
        return;
    }
    if (pl->facing_left)
        pl->pushing = false;
    pl->facing_left = false;
    int32_t next = g + p->acc;
    if (next >= p->top) {
        if (!p->fix_ground_topspeed_clamp)
            next = p->top;
        else
            next = g < p->top ? p->top : g;
    }
    pl->gsp = next;
}

int32_t lwi_phys_friction(int32_t gsp, int32_t amount)
{
    if (gsp > 0)
        return gsp > amount ? gsp - amount : 0;
    if (gsp < 0)
        return gsp < -amount ? gsp + amount : 0;
    return 0;
}

/* ---- §4.10: ledge balance (animation only) ---- */

static void balance_check(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    if (((unsigned)lwi_ang(pl->angle + 0x20) & 0xC0u) != 0 || pl->gsp != 0)
        return;
    pl->pushing = false;
    int32_t x = pl->x >> 8, y = (pl->y >> 8) + pl->hr;
    lw_sensor_hit scratch;
    if (lwi_phys_cast(sim, LW_SENSOR_CENTRE, LW_CAST_BALANCE, x, y, LW_DIR_DOWN, LW_SOLID_TOP, 0,
                      &scratch)
            ->distance < p->balance_dist)
        return;
    /* A foot sensor that found no block at all in the last ground scan still holds the
     * preloaded 3. */
    if (pl->ground_angle[1] == 3) {
        pl->balance = LW_BALANCE_LEDGE_RIGHT;
        pl->facing_left = false;
        if (p->extreme_balance &&
            lwi_phys_cast(sim, LW_SENSOR_EDGE, LW_CAST_BALANCE, x - p->balance_extreme, y,
                          LW_DIR_DOWN, LW_SOLID_TOP, 0, &scratch)
                    ->distance >= p->balance_dist)
            pl->balance_extreme = true;
    } else if (pl->ground_angle[0] == 3) {
        pl->balance = LW_BALANCE_LEDGE_LEFT;
        pl->facing_left = true;
        if (p->extreme_balance &&
            lwi_phys_cast(sim, LW_SENSOR_EDGE, LW_CAST_BALANCE, x + p->balance_extreme, y,
                          LW_DIR_DOWN, LW_SOLID_TOP, 0, &scratch)
                    ->distance >= p->balance_dist)
            pl->balance_extreme = true;
    }
}

/* ---- §4.5: Gsp -> velocity ---- */

static void ground_velocity(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    pl->xsp = (pl->gsp * lw_profile_cos(p, pl->angle)) >> 8;
    pl->ysp = (pl->gsp * lw_profile_sin(p, pl->angle)) >> 8;
}

/* ---- §4.6: push sensor ---- */

void lwi_phys_push_sensor(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    if (pl->gsp == 0)
        return;
    uint8_t ang = pl->angle;
    bool active = lwi_ang(ang + 0x40) < 0x80;
    if (!active && p->push_sensors_on_cardinals && (ang & 0x3Fu) == 0)
        active = true;
    if (!active)
        return;

    /* Where the player will be after this frame's move; subpixels are ignored. */
    uint8_t dir_ang = pl->gsp > 0 ? lwi_ang(ang - 0x40) : lwi_ang(ang + 0x40);
    int32_t sx = (pl->x + pl->xsp) >> 8, sy = (pl->y + pl->ysp) >> 8;
    lw_mode orient = lw_mode_of(dir_ang);
    lw_sensor_id id = pl->gsp > 0 ? LW_SENSOR_F : LW_SENSOR_E;
    int32_t r = p->push_radius;
    lw_sensor_hit scratch;
    const lw_sensor_hit *hit;
    if (orient == LW_MODE_FLOOR) {
        hit = lwi_phys_cast(sim, id, LW_CAST_PUSH, sx, sy + r, LW_DIR_DOWN, LW_SOLID_LRB, dir_ang,
                            &scratch);
    } else if (orient == LW_MODE_CEILING) {
        hit = lwi_phys_cast(sim, id, LW_CAST_PUSH, sx, sy - r, LW_DIR_UP, LW_SOLID_LRB, dir_ang,
                            &scratch);
    } else {
        /* The "low" sensor: 8 px lower on flat ground, only for ang 0x00..0x07 in the original
         * (dir_ang & 0x38 == 0; §11.12). */
        bool low = p->push_low_symmetric ? ((dir_ang + 7u) & 0x3Fu) <= 14u : (dir_ang & 0x38u) == 0;
        if (low)
            sy += p->push_low;
        if (orient == LW_MODE_LWALL)
            hit = lwi_phys_cast(sim, id, LW_CAST_PUSH, sx - r, sy, LW_DIR_LEFT, LW_SOLID_LRB,
                                dir_ang, &scratch);
        else
            hit = lwi_phys_cast(sim, id, LW_CAST_PUSH, sx + r, sy, LW_DIR_RIGHT, LW_SOLID_LRB,
                                dir_ang, &scratch);
    }
    int32_t d = hit->distance;
    if (d >= 0)
        return;
    /* The response uses plain rounding of dir_ang, which differs from the cast's orientation at
     * exactly 0xE0 (§11.11). */
    unsigned q = p->fix_push_response_rounding ? (unsigned)orient
                                               : (unsigned)lwi_ang(dir_ang + 0x20) & 0xC0u;
    int32_t shift = d * LW_SUBPX;
    switch (q) {
    case 0x00:
        pl->ysp += shift;
        break;
    case 0x80:
        pl->ysp -= shift;
        break;
    case 0x40:
        pl->xsp -= shift;
        pl->pushing = true;
        pl->gsp = 0;
        break;
    default:
        pl->xsp += shift;
        pl->pushing = true;
        pl->gsp = 0;
        break;
    }
}

/* ---- §4.8: ground sensors ---- */

int32_t lwi_phys_snap_limit(const lw_profile *p, int32_t v)
{
    if (!p->speed_snap_limit)
        return p->snap_max;
    /* The originals take the high byte of the speed (floored pixel part) as a signed byte and
     * negate it as a byte: -0x180 -> 2 -> 6, +0x180 -> 1 -> 5. */
    int8_t hi = (int8_t)(uint8_t)((uint32_t)(v >> 8) & 0xFFu);
    int32_t mag = hi < 0 ? -(int32_t)hi : hi;
    int32_t limit = mag + p->snap_base;
    return limit < p->snap_max ? limit : p->snap_max;
}

uint8_t lwi_phys_ground_angle(const lw_profile *p, uint8_t current, uint8_t sensed)
{
    bool snap = lw_angle_is_flagged(sensed);
    if (!snap && p->angle_diff_snap) {
        int32_t diff = (int8_t)lwi_ang(sensed - current);
        if (lwi_abs32(diff) >= 0x20)
            snap = true;
    }
    if (snap) /* nearest quarter; exact diagonals round up */
        return (uint8_t)((unsigned)lwi_ang(current + 0x20) & 0xC0u);
    return sensed;
}

void lwi_phys_ground_sensors(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    lw_mode mode = lw_mode_of(pl->angle);
    sim->debug.mode = (uint8_t)mode;
    /* the feet point toward the ground; Xsp or Ysp decides the snap limit (§4.8.4) */
    lwi_pair g;
    int32_t speed;
    switch (mode) {
    case LW_MODE_FLOOR:
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_A, LW_SENSOR_B, LW_CAST_GROUND, LW_DIR_DOWN,
                                  LW_SOLID_TOP, 3, &g);
        speed = pl->xsp;
        break;
    case LW_MODE_RWALL:
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_A, LW_SENSOR_B, LW_CAST_GROUND, LW_DIR_RIGHT,
                                  LW_SOLID_TOP, 3, &g);
        speed = pl->ysp;
        break;
    case LW_MODE_CEILING:
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_A, LW_SENSOR_B, LW_CAST_GROUND, LW_DIR_UP,
                                  LW_SOLID_TOP, 3, &g);
        speed = pl->xsp;
        break;
    case LW_MODE_LWALL:
    default:
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_A, LW_SENSOR_B, LW_CAST_GROUND, LW_DIR_LEFT,
                                  LW_SOLID_TOP, 3, &g);
        speed = pl->ysp;
        break;
    }
    pl->ground_angle[0] = g.angle_a;
    pl->ground_angle[1] = g.angle_b;
    pl->angle = lwi_phys_ground_angle(p, pl->angle, g.angle);

    int32_t d = g.d;
    if (d == 0)
        return;
    if (d < 0) {
        if (d < -p->snap_inside)
            return; /* too deep: stays grounded, not moved */
    } else if (d > lwi_phys_snap_limit(p, speed)) {
        pl->airborne = true; /* ledge or crest: Xsp/Ysp keep their values */
        pl->pushing = false;
        return;
    }
    switch (mode) {
    case LW_MODE_FLOOR:
        pl->y += d * LW_SUBPX;
        break;
    case LW_MODE_RWALL:
        pl->x += d * LW_SUBPX;
        break;
    case LW_MODE_CEILING:
        pl->y -= d * LW_SUBPX;
        break;
    case LW_MODE_LWALL:
    default:
        pl->x -= d * LW_SUBPX;
        break;
    }
}

/* ---- §4.9: slip / fall and control lock ---- */

void lwi_phys_slope_repel(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    if (pl->control_lock != 0) {
        pl->control_lock--;
        return;
    }
    if (p->fix_slip_after_ledge && pl->airborne)
        return;
    uint8_t ang = pl->angle;
    if (!p->s3k_slip) {
        if (((unsigned)lwi_ang(ang + 0x20) & 0xC0u) == 0)
            return;
        if (lwi_abs32(pl->gsp) >= p->slip_speed)
            return;
        pl->gsp = 0;
        pl->airborne = true;
        pl->control_lock = (uint16_t)p->slip_lock;
        return;
    }
    if (lwi_ang(ang + 0x18) < 0x30)
        return;
    if (lwi_abs32(pl->gsp) >= p->slip_speed)
        return;
    pl->control_lock = (uint16_t)p->slip_lock;
    uint8_t t = lwi_ang(ang + 0x30);
    if (t >= 0x60)
        pl->airborne = true; /* steep: detach, Gsp unchanged */
    else if (t >= 0x30)
        pl->gsp += p->slip_nudge;
    else
        pl->gsp -= p->slip_nudge;
}

/* ---- the two grounded routines ---- */

/* Steps 8-11 / 5-8 common to both routines: boundary, move, ground sensors, slip. */
static void ground_move_and_stick(lw_sim *sim)
{
    if (!lwi_phys_bounds(sim))
        return;
    lw_player *pl = &sim->state.player;
    pl->x += pl->xsp;
    pl->y += pl->ysp;
    /* §1.7 onObject: the object keeps the player on top (OBJECTS.md §3.2) */
    if (!sim->state.game.on_object)
        lwi_phys_ground_sensors(sim);
    lwi_phys_slope_repel(sim);
}

void lwi_phys_ground_frame(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    pl->balance = LW_BALANCE_NONE;
    pl->balance_extreme = false;

    /* OBJECTS.md §9: the spindash comes before the jump (S2 Sonic_CheckSpindash) */
    if ((in->ducking || sim->state.game.spindash) && lwi_phys_spindash(sim, in, in->ducking))
        return;
    if (jump_off(sim, in))
        return;
    pl->gsp = lwi_phys_slope_factor(p, pl->angle, pl->gsp);
    if (pl->control_lock == 0) {
        if (in->left)
            lwi_phys_move_left(sim);
        if (in->right)
            lwi_phys_move_right(sim);
        balance_check(sim);
    }
    if (!in->left && !in->right)
        pl->gsp = lwi_phys_friction(pl->gsp, p->frc);
    ground_velocity(sim);
    lwi_phys_push_sensor(sim);

    /* §6.2: roll start, measured after this frame's input and friction. */
    if (in->down && !in->left && !in->right && lwi_abs32(pl->gsp) >= p->roll_start) {
        curl_up(pl, p);
        if (pl->gsp == 0)
            pl->gsp = p->roll_force;
    }
    ground_move_and_stick(sim);
}

void lwi_phys_roll_frame(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    pl->balance = LW_BALANCE_NONE;
    pl->balance_extreme = false;

    if (jump_off(sim, in))
        return;
    pl->gsp = lwi_phys_roll_slope_factor(p, pl->angle, pl->gsp);

    /* §6.4: pressing against the motion brakes; with the motion it only turns the player. */
    if (pl->control_lock == 0) {
        if (in->left) {
            if (pl->gsp > 0) {
                pl->gsp -= p->roll_dec;
                if (pl->gsp < 0 || (pl->gsp == 0 && p->symmetric_brake_flip))
                    pl->gsp = -0x80;
            } else {
                pl->facing_left = true;
            }
        }
        if (in->right) {
            if (pl->gsp < 0) {
                pl->gsp += p->roll_dec;
                if (pl->gsp >= 0)
                    pl->gsp = 0x80;
            } else {
                pl->facing_left = false;
            }
        }
    }
    pl->gsp = lwi_phys_friction(pl->gsp, p->roll_frc);

    /* §6.5: stop rolling (the velocity is still computed on this frame). */
    if (lwi_abs32(pl->gsp) < p->roll_stop) {
        pl->rolling = false;
        pl->wr = (uint8_t)p->stand_wr;
        pl->hr = (uint8_t)p->stand_hr;
        pl->y -= (p->stand_hr - p->ball_hr) * LW_SUBPX;
    }
    if (p->roll_cap_on_gsp) {
        if (pl->gsp > p->roll_cap)
            pl->gsp = p->roll_cap;
        else if (pl->gsp < -p->roll_cap)
            pl->gsp = -p->roll_cap;
    }
    pl->ysp = (pl->gsp * lw_profile_sin(p, pl->angle)) >> 8;
    int32_t xsp = (pl->gsp * lw_profile_cos(p, pl->angle)) >> 8;
    if (xsp > p->roll_cap)
        xsp = p->roll_cap;
    if (xsp < -p->roll_cap)
        xsp = -p->roll_cap;
    pl->xsp = xsp;
    lwi_phys_push_sensor(sim);
    ground_move_and_stick(sim);
}
