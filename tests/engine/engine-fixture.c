/* SPDX-License-Identifier: MIT */
/* Test helper: the engine tests' shared set-ups (engine-fixture.h). */
#include "engine-fixture.h"

lw_level *fixture_flat_level(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    return level;
}

void fixture_make_airborne(lw_sim *sim, int32_t x, int32_t y, int32_t xsp, int32_t ysp)
{
    lw_player *pl = &sim->state.player;
    pl->airborne = true;
    pl->x = x;
    pl->y = y;
    pl->xsp = xsp;
    pl->ysp = ysp;
    pl->gsp = 0;
    pl->angle = 0;
}

int fixture_step_until(lw_sim *sim, lw_input input, int max, uint32_t events)
{
    for (int f = 1; f <= max; f++) {
        lw_sim_step(sim, input);
        if (sim->state.game.events & events)
            return f;
    }
    return 0;
}
