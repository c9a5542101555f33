/* SPDX-License-Identifier: MIT */
/* Water: the underwater constant set and the entering/leaving check (water.h). The rules are
 * s1disasm's Sonic_Water (_incObj/Sonic Water.asm), s2disasm's Sonic_Water (s2.asm,
 * Obj01_InWater / Obj01_OutWater) and skdisasm's Sonic_Water (s3.asm); docs/ENGINE.md, "Water",
 * lists them with their sources. */
#include "water.h"

void lwi_water_profile(lw_profile *p)
{
    p->top = p->water_top;
    p->acc = p->water_acc;
    p->dec = p->water_dec;
    p->frc = p->water_frc;
    p->air_acc = p->water_air_acc;
    p->roll_frc = p->water_roll_frc;
    p->roll_dec = p->water_roll_dec;
    p->gravity = p->water_gravity;
    p->jump = p->water_jump;
    p->jump_release = p->water_jump_release;
}

void lwi_water_check(lw_sim *sim)
{
    const lw_level *level = sim->level;
    lw_player *pl = &sim->state.player;
    /* cmp.w y_pos,d0 / bge: above (or at) the surface while water_height >= the centre's row */
    bool below = (pl->y >> 8) > level->water_height;
    if (below == pl->underwater)
        return;
    pl->underwater = below;
    if (below) {
        pl->xsp = lw_asr(pl->xsp, 1); /* asr x_vel */
        pl->ysp = lw_asr(pl->ysp, 2); /* asr y_vel, twice */
        return;
    }
    const lw_profile *p = &sim->profile;
    if (!p->water_exit_slow_only || pl->ysp >= -0x400)
        pl->ysp *= 2; /* asl y_vel */
    if (pl->ysp <= -p->water_exit_cap)
        pl->ysp = -p->water_exit_cap;
}
