/* SPDX-License-Identifier: MIT */
/*
 * Sonic 1's loop planes (loop-planes.h): the rule of s1disasm's Sonic_Loops on the level's loop
 * table (level.h). The low plane is Loopwright's path B, the high plane path A; the path-B
 * collision of a loop chunk (FindNearestTile's chunk id + 1) is read by the sensors themselves
 * (lw_level_collision_chunk), so this is only the plane.
 */
#include "loop-planes.h"

/* x offsets in a 256 px chunk (Sonic_Loops' immediate operands) */
#define LOOP_LEFT_PX  0x2C /* left of it: the high plane */
#define LOOP_RIGHT_PX 0xE0 /* from it on: the low plane */

/* Sonic_ChkRoll: into the ball unless already in it (on the ground or in the air, as the game's
 * status bit 2), the feet kept where they are, and a standing player given speed 0x200. */
static void tunnel_roll(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const lw_profile *p = &sim->profile;
    if (pl->rolling)
        return;
    pl->rolling = true;
    pl->wr = (uint8_t)p->ball_wr;
    pl->hr = (uint8_t)p->ball_hr;
    pl->y += (p->stand_hr - p->ball_hr) * LW_SUBPX;
    if (pl->gsp == 0)
        pl->gsp = 0x200;
}

/* .chkifleft onwards: by the x within the chunk, then between the thresholds by the angle. */
static uint8_t loop_path(const lw_player *pl, int32_t x_in_chunk)
{
    if (x_in_chunk < LOOP_LEFT_PX)
        return LW_PATH_A;
    if (x_in_chunk >= LOOP_RIGHT_PX)
        return LW_PATH_B;
    if (pl->path == LW_PATH_A)
        return pl->angle != 0 && pl->angle <= 0x80 ? LW_PATH_B : LW_PATH_A;
    return pl->angle > 0x80 ? LW_PATH_A : LW_PATH_B;
}

void lwi_loop_planes_run(lw_sim *sim)
{
    const lw_level *level = sim->level;
    uint32_t n = level->loop_chunk_count;
    if (!n)
        return;
    bool any_rule = false;
    for (uint32_t i = 0; i < n && !any_rule; i++)
        any_rule = level->loop_chunks[i].rule != LW_LOOP_NONE;
    if (!any_rule) /* Sonic_Loops runs in GHZ and SLZ only */
        return;
    if (sim->state.game.hurt) /* the hurt routine (Sonic_Hurt) does not call Sonic_Loops */
        return;
    lw_player *pl = &sim->state.player;
    int32_t x = pl->x >> 8, y = pl->y >> 8; /* the centre, px */
    const lw_loop_chunk *e = NULL;
    if (x >= 0 && y >= 0 && x < lw_level_width_px(level) && y < lw_level_height_px(level)) {
        uint16_t chunk = lw_level_layout_get(level, LW_LAYER_FG, (uint32_t)x >> level->chunk_shift,
                                             (uint32_t)y >> level->chunk_shift);
        e = chunk == LW_NONE ? NULL : lw_level_loop_chunk(level, chunk);
    }
    uint8_t rule = e ? e->rule : LW_LOOP_NONE;
    if (rule == LW_LOOP_TUNNEL) {
        tunnel_roll(sim);
        return;
    }
    if (rule == LW_LOOP_NONE || (rule == LW_LOOP_GROUNDED && pl->airborne)) {
        pl->path = LW_PATH_A; /* "return Sonic to high plane" */
        return;
    }
    pl->path = loop_path(pl, x & (int32_t)(level->chunk_px - 1u));
}
