/* SPDX-License-Identifier: MIT */
/* The steps the physics sources share (phys.h): recorded sensor casts, the level boundary (§4.7)
 * and the landing bookkeeping (§5.11). */
#include "phys.h"

#include "sensor-scan.h"

/* ---- sensors with debug records ---- */

/* The frame's next debug record for a cast (filled in but for the hit), and where the hit goes:
 * the record's own, or past the last record (never in practice: a frame casts at most 7) the
 * caller's scratch. */
static inline lw_sensor_hit *record(lw_sim *sim, lw_sensor_id id, lw_cast_use use, int32_t x,
                                    int32_t y, lw_sensor_dir dir, unsigned solidity,
                                    lw_sensor_hit *scratch)
{
    lw_sim_debug *dbg = &sim->debug;
    if (dbg->cast_count >= LW_SIM_MAX_CASTS)
        return scratch;
    lw_cast_record *r = &dbg->casts[dbg->cast_count++];
    r->sensor = (uint8_t)id;
    r->use = (uint8_t)use;
    r->dir = (uint8_t)dir;
    r->solidity = (uint8_t)solidity;
    r->x = x;
    r->y = y;
    return &r->hit;
}

/* One cast on the player's path: the scan inlined with @dir and @shift constant (sensor-scan.h);
 * @shift 0 stands for a chunk shift other than 7 or 8, cast by lw_sensor_cast(). */
static LWI_ALWAYS_INLINE void scan_one(lw_sim *sim, int32_t x, int32_t y, const lw_sensor_dir dir,
                                       unsigned solidity, uint8_t initial_angle, lw_sensor_hit *out,
                                       const unsigned shift)
{
    lw_path path = (lw_path)sim->state.player.path;
    if (!shift) {
        lw_sensor_cast(sim->level, path, x, y, dir, solidity, initial_angle, out);
        return;
    }
    lwi_scan s;
    lwi_scan_init(&s, sim->level, path, solidity, shift);
    lwi_scan_cast(&s, x, y, dir, initial_angle, out);
}

static LWI_ALWAYS_INLINE void cast_dir(lw_sim *sim, int32_t x, int32_t y, const lw_sensor_dir dir,
                                       unsigned solidity, uint8_t initial_angle, lw_sensor_hit *out)
{
    switch (sim->level->chunk_shift) {
    case 7:
        scan_one(sim, x, y, dir, solidity, initial_angle, out, 7);
        break;
    case 8:
        scan_one(sim, x, y, dir, solidity, initial_angle, out, 8);
        break;
    default:
        scan_one(sim, x, y, dir, solidity, initial_angle, out, 0);
        break;
    }
}

const lw_sensor_hit *lwi_phys_cast(lw_sim *sim, lw_sensor_id id, lw_cast_use use, int32_t x,
                                   int32_t y, lw_sensor_dir dir, unsigned solidity,
                                   uint8_t initial_angle, lw_sensor_hit *scratch)
{
    lw_sensor_hit *out = record(sim, id, use, x, y, dir, solidity, scratch);
    switch (dir) {
    case LW_DIR_DOWN:
        cast_dir(sim, x, y, LW_DIR_DOWN, solidity, initial_angle, out);
        break;
    case LW_DIR_UP:
        cast_dir(sim, x, y, LW_DIR_UP, solidity, initial_angle, out);
        break;
    case LW_DIR_RIGHT:
        cast_dir(sim, x, y, LW_DIR_RIGHT, solidity, initial_angle, out);
        break;
    case LW_DIR_LEFT:
    default:
        cast_dir(sim, x, y, LW_DIR_LEFT, solidity, initial_angle, out);
        break;
    }
    return out;
}

/* A pair from the player's edges (phys.h) in one scan: B's first block is nearly always in the
 * chunk A's scan looked up last, so it skips the bounds test and the layout read. */
static LWI_ALWAYS_INLINE void scan_pair(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb,
                                        lw_cast_use use, const lw_sensor_dir dir, unsigned solidity,
                                        uint8_t initial_angle, lwi_pair *out, const unsigned shift)
{
    const lw_player *pl = &sim->state.player;
    int32_t x = pl->x >> 8, y = pl->y >> 8, wr = pl->wr, hr = pl->hr;
    int32_t ax, ay, bx, by;
    switch (dir) {
    case LW_DIR_DOWN:
        ax = x - wr, ay = y + hr, bx = x + wr, by = y + hr;
        break;
    case LW_DIR_UP:
        ax = x - wr, ay = y - hr, bx = x + wr, by = y - hr;
        break;
    case LW_DIR_RIGHT:
        ax = x + hr, ay = y + wr, bx = x + hr, by = y - wr;
        break;
    case LW_DIR_LEFT:
    default:
        ax = x - hr, ay = y + wr, bx = x - hr, by = y - wr;
        break;
    }
    lw_sensor_hit sa, sb;
    lw_sensor_hit *a = record(sim, ida, use, ax, ay, dir, solidity, &sa);
    lw_sensor_hit *b = record(sim, idb, use, bx, by, dir, solidity, &sb);
    lw_path path = (lw_path)pl->path;
    if (shift) {
        lwi_scan s;
        lwi_scan_init(&s, sim->level, path, solidity, shift);
        lwi_scan_cast(&s, ax, ay, dir, initial_angle, a);
        lwi_scan_cast(&s, bx, by, dir, initial_angle, b);
    } else {
        lw_sensor_cast(sim->level, path, ax, ay, dir, solidity, initial_angle, a);
        lw_sensor_cast(sim->level, path, bx, by, dir, solidity, initial_angle, b);
    }
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

static LWI_ALWAYS_INLINE void pair_dir(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb,
                                       lw_cast_use use, const lw_sensor_dir dir, unsigned solidity,
                                       uint8_t initial_angle, lwi_pair *out)
{
    switch (sim->level->chunk_shift) {
    case 7:
        scan_pair(sim, ida, idb, use, dir, solidity, initial_angle, out, 7);
        break;
    case 8:
        scan_pair(sim, ida, idb, use, dir, solidity, initial_angle, out, 8);
        break;
    default:
        scan_pair(sim, ida, idb, use, dir, solidity, initial_angle, out, 0);
        break;
    }
}

void lwi_phys_cast_pair_down(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                             unsigned solidity, uint8_t initial_angle, lwi_pair *out)
{
    pair_dir(sim, ida, idb, use, LW_DIR_DOWN, solidity, initial_angle, out);
}

void lwi_phys_cast_pair_up(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                           unsigned solidity, uint8_t initial_angle, lwi_pair *out)
{
    pair_dir(sim, ida, idb, use, LW_DIR_UP, solidity, initial_angle, out);
}

void lwi_phys_cast_pair_right(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                              unsigned solidity, uint8_t initial_angle, lwi_pair *out)
{
    pair_dir(sim, ida, idb, use, LW_DIR_RIGHT, solidity, initial_angle, out);
}

void lwi_phys_cast_pair_left(lw_sim *sim, lw_sensor_id ida, lw_sensor_id idb, lw_cast_use use,
                             unsigned solidity, uint8_t initial_angle, lwi_pair *out)
{
    pair_dir(sim, ida, idb, use, LW_DIR_LEFT, solidity, initial_angle, out);
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
