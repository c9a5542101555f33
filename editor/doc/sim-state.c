/* SPDX-License-Identifier: MIT */
#include "sim-state.h"

#include <inttypes.h>
#include <loopwright/trace.h>

void editor_sim_print_state(FILE *out, const lw_sim *sim)
{
    const lw_player *pl = &sim->state.player;
    char x[LW_FIXED_FORMAT_MAX], y[LW_FIXED_FORMAT_MAX], xsp[LW_FIXED_FORMAT_MAX],
        ysp[LW_FIXED_FORMAT_MAX], gsp[LW_FIXED_FORMAT_MAX];
    lw_fixed_format(x, sizeof x, pl->x);
    lw_fixed_format(y, sizeof y, pl->y);
    lw_fixed_format(xsp, sizeof xsp, pl->xsp);
    lw_fixed_format(ysp, sizeof ysp, pl->ysp);
    lw_fixed_format(gsp, sizeof gsp, pl->gsp);
    fprintf(out,
            "frame %" PRIu32 "\nx %s\ny %s\nxsp %s\nysp %s\ngsp %s\nangle %u\nmode %s\nair %d\n"
            "rolling %d\npath %c\nstatus %s\nhash %016" PRIx64 "\n",
            sim->state.frame, x, y, xsp, ysp, gsp, (unsigned)pl->angle,
            lw_mode_name(lw_player_mode(pl)), pl->airborne ? 1 : 0, pl->rolling ? 1 : 0,
            pl->path == LW_PATH_B ? 'B' : 'A',
            sim->state.status == LW_SIM_DEAD       ? "dead"
            : sim->state.status == LW_SIM_FINISHED ? "finished"
                                                   : "ok",
            lw_sim_hash(sim));
}
