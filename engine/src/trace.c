/* SPDX-License-Identifier: MIT */
#include "loopwright/trace.h"

#include <inttypes.h>
#include <stdio.h>

/* The five 1/256 values of a row, as exact decimals. */
typedef struct motion_text {
    char x[LW_FIXED_FORMAT_MAX], y[LW_FIXED_FORMAT_MAX], xsp[LW_FIXED_FORMAT_MAX],
        ysp[LW_FIXED_FORMAT_MAX], gsp[LW_FIXED_FORMAT_MAX];
} motion_text;

static void format_motion(motion_text *t, const lw_player *player)
{
    lw_fixed_format(t->x, sizeof t->x, player->x);
    lw_fixed_format(t->y, sizeof t->y, player->y);
    lw_fixed_format(t->xsp, sizeof t->xsp, player->xsp);
    lw_fixed_format(t->ysp, sizeof t->ysp, player->ysp);
    lw_fixed_format(t->gsp, sizeof t->gsp, player->gsp);
}

size_t lw_trace_format_row(char *buf, size_t size, uint32_t frame, const lw_player *player)
{
    motion_text t;
    format_motion(&t, player);
    int n = snprintf(buf, size, "%u,%s,%s,%s,%s,%s,%u,%s,%d,%d,%c\n", (unsigned)frame, t.x, t.y,
                     t.xsp, t.ysp, t.gsp, (unsigned)player->angle,
                     lw_mode_name(lw_player_mode(player)), player->airborne ? 1 : 0,
                     player->rolling ? 1 : 0, player->path == LW_PATH_B ? 'B' : 'A');
    return n < 0 ? 0 : (size_t)n;
}

size_t lw_trace_format_state(char *buf, size_t size, const lw_sim *sim)
{
    const lw_player *pl = &sim->state.player;
    motion_text t;
    format_motion(&t, pl);
    int n = snprintf(buf, size,
                     "frame %" PRIu32 "\nx %s\ny %s\nxsp %s\nysp %s\ngsp %s\nangle %u\nmode %s\n"
                     "air %d\nrolling %d\npath %c\nstatus %s\nhash %016" PRIx64 "\n",
                     sim->state.frame, t.x, t.y, t.xsp, t.ysp, t.gsp, (unsigned)pl->angle,
                     lw_mode_name(lw_player_mode(pl)), pl->airborne ? 1 : 0, pl->rolling ? 1 : 0,
                     pl->path == LW_PATH_B ? 'B' : 'A',
                     sim->state.status == LW_SIM_DEAD ? "dead" : "ok", lw_sim_hash(sim));
    return n < 0 ? 0 : (size_t)n;
}
