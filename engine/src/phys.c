/* SPDX-License-Identifier: MIT */
/* The steps the physics sources share (phys.h): recorded sensor casts, the level boundary (§4.7)
 * and the landing bookkeeping (§5.11). */
#include "phys.h"

/* ---- sensors with debug records ---- */

const lw_sensor_hit *lwi_phys_cast(lw_sim *sim, lw_sensor_id id, lw_cast_use use, int32_t x,
                                   int32_t y, lw_sensor_dir dir, unsigned solidity,
                                   uint8_t initial_angle, lw_sensor_hit *scratch)
{
    /* Cast straight into the frame's debug record; past the last record (never in practice: a
     * frame casts at most 7) into the caller's scratch. */
    lw_sim_debug *dbg = &sim->debug;
    lw_sensor_hit *out = scratch;
    if (dbg->cast_count < LW_SIM_MAX_CASTS) {
        lw_cast_record *r = &dbg->casts[dbg->cast_count++];
        r->sensor = (uint8_t)id;
        r->use = (uint8_t)use;
        r->dir = (uint8_t)dir;
        r->solidity = (uint8_t)solidity;
        r->x = x;
        r->y = y;
        out = &r->hit;
    }
    lw_sensor_cast(sim->level, (lw_path)sim->state.player.path, x, y, dir, solidity, initial_angle,
                   out);
    return out;
}

void lwi_phys_cast_pair(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                        int32_t ax, int32_t ay, int32_t bx, int32_t by, lw_sensor_dir dir,
                        unsigned solidity, uint8_t initial_angle, lwi_pair *out)
{
    lw_sensor_hit sa, sb;
    const lw_sensor_hit *a =
        lwi_phys_cast(sim, ida, use, ax, ay, dir, solidity, initial_angle, &sa);
    const lw_sensor_hit *b =
        lwi_phys_cast(sim, idb, use, bx, by, dir, solidity, initial_angle, &sb);
    out->angle_a = a->angle;
    out->angle_b = b->angle;
    if (a->distance <= b->distance) {
        out->d = a->distance;
        out->d_other = b->distance;
        out->angle = a->angle;
    } else {
        out->d = b->distance;
        out->d_other = a->distance;
        out->angle = b->angle;
    }
}

/* ---- shared steps ---- */

bool lwi_phys_bounds(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    /* Sonic_LevelBound: the predicted pixel X is compared with the limits; a clamp sets the
     * position with subpixel 0 and stops the player horizontally. */
    int32_t next_px = (pl->x + pl->xsp) >> 8;
    int32_t right = lw_level_width_px(sim->level) - p->bound_right;
    if (next_px < p->bound_left) {
        pl->x = p->bound_left * LW_SUBPX;
        pl->xsp = 0;
        pl->gsp = 0;
    } else if (next_px >= right) {
        pl->x = right * LW_SUBPX;
        pl->xsp = 0;
        pl->gsp = 0;
    }
    if ((pl->y >> 8) > lw_level_height_px(sim->level) + p->kill_margin) {
        sim->state.status = LW_SIM_DEAD;
        return false;
    }
    return true;
}

void lwi_phys_reset_on_floor(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    if (pl->rolling) {
        pl->rolling = false;
        /* S1/S2: a fixed shift (standing minus ball radius) whenever the rolling flag is set,
         * even after a rolling jump that kept the standing radii (§11.4); S3K: the shift is
         * computed from the current radius. */
        if (p->landing_shift_from_radius)
            pl->y += (pl->hr - p->stand_hr) * LW_SUBPX;
        else
            pl->y -= (p->stand_hr - p->ball_hr) * LW_SUBPX;
        pl->wr = (uint8_t)p->stand_wr;
        pl->hr = (uint8_t)p->stand_hr;
    }
    pl->airborne = false;
    pl->pushing = false;
    pl->rolljump = false;
    pl->jumping = false;
    sim->state.game.chain = 0; /* the enemy score chain ends on landing (OBJECTS.md §11) */
}
