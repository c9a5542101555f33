/* SPDX-License-Identifier: MIT */
/* Player moves (docs/OBJECTS.md §19): the CD super peel-out, CD's spindash and Mania's drop dash,
 * run at the start of a frame before its routine. Integer maths on lw_sim_state.moves only; no
 * allocation. */
#include "moves.h"

#include "ground.h"

/* §19.1, §19.2 and §19.5: the charges and launch speeds are profile constants (peelout_charge,
 * peelout_speed: 30, 0xC00; drop_dash_charge, drop_dash_speed, drop_dash_max: 20, 0x800, 0xC00;
 * cd_spindash_charge, cd_spindash_speed: 45, 0xC00 in every preset). */

/* The ball, as a jump or the spindash's release curls up: the feet stay where they are. */
static void curl_up(lw_player *pl, const lw_profile *p)
{
    pl->rolling = true;
    pl->wr = (uint8_t)p->ball_wr;
    pl->hr = (uint8_t)p->ball_hr;
    pl->y += (p->stand_hr - p->ball_hr) * LW_SUBPX;
}

/* §19.2: the drop dash in the air. Only after a jump, in the ball and not hurt; anything else
 * (a spring, a hit, rolling off a ledge) ends it. */
static void drop_dash_air(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    lw_moves_state *mv = &sim->state.moves;
    if (!sim->profile.drop_dash || !pl->jumping || !pl->rolling || sim->state.game.hurt) {
        mv->drop_dash = LW_MOVE_NONE;
        mv->drop_dash_timer = 0;
        return;
    }
    switch (mv->drop_dash) {
    case LW_MOVE_NONE:
        if (in->jump_pressed) { /* a second press: the jump's own was on the ground */
            /* a tuned charge of 0 is charged at the press */
            mv->drop_dash = sim->profile.drop_dash_charge > 0 ? LW_MOVE_CHARGING : LW_MOVE_CHARGED;
            mv->drop_dash_timer = 0;
        }
        break;
    case LW_MOVE_CHARGING:
        /* released early: the count pauses (Mania); a later hold goes on counting */
        if (in->jump_held && ++mv->drop_dash_timer >= sim->profile.drop_dash_charge)
            mv->drop_dash = LW_MOVE_CHARGED;
        break;
    case LW_MOVE_CHARGED:
        if (!in->jump_held) { /* released before landing: no drop dash in this jump */
            mv->drop_dash = LW_MOVE_SPENT;
            mv->drop_dash_timer = 0;
        }
        break;
    default:
        break;
    }
}

/* §19.2: the first grounded frame after the landing: a charged drop dash launches, anything
 * else ends. */
static void drop_dash_ground(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    lw_moves_state *mv = &sim->state.moves;
    bool charged = mv->drop_dash == LW_MOVE_CHARGED;
    mv->drop_dash = LW_MOVE_NONE;
    mv->drop_dash_timer = 0;
    if (!charged || !sim->profile.drop_dash || pl->rolling)
        return;
    if (in->right)
        pl->facing_left = false;
    if (in->left)
        pl->facing_left = true;
    int32_t g = pl->gsp;
    const int32_t speed = sim->profile.drop_dash_speed, max = sim->profile.drop_dash_max;
    if (!pl->facing_left) {
        if (pl->xsp >= 0) { /* forwards: a quarter of the landing Gsp on top, capped */
            g = speed + (g >> 2);
            if (g > max)
                g = max;
        } else if (pl->angle != 0) { /* backwards on a slope: half of it */
            g = speed + (g >> 1);
        } else { /* backwards on flat ground */
            g = speed;
        }
    } else {
        if (pl->xsp <= 0) {
            g = (g >> 2) - speed;
            if (g < -max)
                g = -max;
        } else if (pl->angle != 0) {
            g = (g >> 1) - speed;
        } else {
            g = -speed;
        }
    }
    pl->gsp = g;
    pl->pushing = false;
    curl_up(pl, &sim->profile);
}

/* A charging frame of the peel-out or CD's spindash, as a spindash frame (§9): no input, no move;
 * the boundary and the ground sensors only. */
static void charge_frame(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    sim->debug.routine = LW_ROUTINE_GROUND;
    pl->balance = LW_BALANCE_NONE;
    pl->balance_extreme = false;
    if (lwi_phys_bounds(sim) && !sim->state.game.on_object)
        lwi_phys_ground_sensors(sim);
}

/* §19.1: the super peel-out on a grounded, not-rolling frame; true when it used the frame. */
static bool peelout(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    lw_moves_state *mv = &sim->state.moves;
    if (mv->peelout == LW_MOVE_NONE) {
        if (!sim->profile.peelout || !in->looking_up || !in->jump_pressed ||
            sim->state.game.spindash)
            return false;
        mv->peelout = LW_MOVE_CHARGING;
        mv->peelout_timer = 0;
    } else if (in->up) {
        if (mv->peelout_timer < sim->profile.peelout_charge)
            mv->peelout_timer++;
    } else {
        /* UP released: launch when charged, else nothing happens */
        if (mv->peelout_timer >= sim->profile.peelout_charge)
            pl->gsp = pl->facing_left ? -sim->profile.peelout_speed : sim->profile.peelout_speed;
        mv->peelout = LW_MOVE_NONE;
        mv->peelout_timer = 0;
    }
    charge_frame(sim);
    return true;
}

/* §19.5: Sonic CD's spindash on a grounded, not-rolling frame; true when it used the frame. The
 * player stays standing while it charges (not a ball: enemies hurt) and curls up on the
 * launch. */
static bool cd_spindash(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    lw_moves_state *mv = &sim->state.moves;
    if (mv->spindash == LW_MOVE_NONE) {
        /* UP held with the press: neither a duck nor a look-up (as the peel-out's looking_up) */
        if (!sim->profile.cd_spindash || !in->ducking || !in->jump_pressed || in->up ||
            mv->peelout || sim->state.game.spindash)
            return false;
        mv->spindash = LW_MOVE_CHARGING;
        mv->spindash_timer = 0;
    } else if (in->down) {
        /* no revving: jump presses change nothing, only the time DOWN is held counts */
        if (mv->spindash_timer < sim->profile.cd_spindash_charge)
            mv->spindash_timer++;
    } else {
        /* DOWN released: launch when charged, else nothing happens (the player stands) */
        if (mv->spindash_timer >= sim->profile.cd_spindash_charge) {
            int32_t speed = sim->profile.cd_spindash_speed;
            curl_up(pl, &sim->profile);
            pl->gsp = pl->facing_left ? -speed : speed;
            sim->state.game.events |= LW_EVENT_SPINDASH;
        }
        mv->spindash = LW_MOVE_NONE;
        mv->spindash_timer = 0;
    }
    charge_frame(sim);
    return true;
}

uint64_t lwi_moves_hash(const lw_moves_state *mv, uint64_t h)
{
    if (mv->peelout || mv->peelout_timer || mv->drop_dash || mv->drop_dash_timer) {
        h = lwi_fnv8(h, mv->peelout);
        h = lwi_fnv8(h, mv->peelout_timer);
        h = lwi_fnv8(h, mv->drop_dash);
        h = lwi_fnv8(h, mv->drop_dash_timer);
    }
    if (mv->spindash || mv->spindash_timer) { /* after the four: their hashes are unchanged */
        h = lwi_fnv8(h, mv->spindash);
        h = lwi_fnv8(h, mv->spindash_timer);
    }
    return h;
}

bool lwi_moves_frame(lw_sim *sim, const lwi_frame_input *in)
{
    lw_player *pl = &sim->state.player;
    lw_moves_state *mv = &sim->state.moves;
    if (pl->airborne) {
        /* knocked or fallen off: a charge on the ground is lost */
        mv->peelout = LW_MOVE_NONE;
        mv->peelout_timer = 0;
        mv->spindash = LW_MOVE_NONE;
        mv->spindash_timer = 0;
        if (sim->profile.drop_dash || mv->drop_dash)
            drop_dash_air(sim, in);
        return false;
    }
    if (mv->drop_dash)
        drop_dash_ground(sim, in);
    if (pl->rolling) {
        mv->peelout = LW_MOVE_NONE;
        mv->peelout_timer = 0;
        mv->spindash = LW_MOVE_NONE;
        mv->spindash_timer = 0;
        return false;
    }
    if ((sim->profile.cd_spindash || mv->spindash) && cd_spindash(sim, in))
        return true;
    if (!sim->profile.peelout && !mv->peelout)
        return false;
    return peelout(sim, in);
}
