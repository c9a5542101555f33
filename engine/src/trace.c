/* SPDX-License-Identifier: MIT */
#include "loopwright/trace.h"

#include <stdio.h>

size_t lw_trace_format_row(char *buf, size_t size, uint32_t frame, const lw_player *player)
{
    char x[LW_FIXED_FORMAT_MAX], y[LW_FIXED_FORMAT_MAX], xsp[LW_FIXED_FORMAT_MAX],
        ysp[LW_FIXED_FORMAT_MAX], gsp[LW_FIXED_FORMAT_MAX];
    lw_fixed_format(x, sizeof x, player->x);
    lw_fixed_format(y, sizeof y, player->y);
    lw_fixed_format(xsp, sizeof xsp, player->xsp);
    lw_fixed_format(ysp, sizeof ysp, player->ysp);
    lw_fixed_format(gsp, sizeof gsp, player->gsp);
    int n = snprintf(buf, size, "%u,%s,%s,%s,%s,%s,%u,%s,%d,%d,%c\n", (unsigned)frame, x, y, xsp,
                     ysp, gsp, (unsigned)player->angle, lw_mode_name(lw_player_mode(player)),
                     player->airborne ? 1 : 0, player->rolling ? 1 : 0,
                     player->path == LW_PATH_B ? 'B' : 'A');
    return n < 0 ? 0 : (size_t)n;
}

const char *lw_trace_header_for(const lw_sim *sim)
{
    return sim->object_count ? LW_TRACE_HEADER LW_TRACE_OBJECT_COLUMNS : LW_TRACE_HEADER;
}

size_t lw_trace_format_sim_row(char *buf, size_t size, const lw_sim *sim)
{
    size_t n = lw_trace_format_row(buf, size, sim->state.frame, &sim->state.player);
    if (!sim->object_count || n == 0 || n >= size)
        return n;
    const lw_game_state *g = &sim->state.game;
    uint32_t on = g->on_object ? sim->objects[g->on_object - 1].id : 0;
    n--; /* overwrite the newline */
    int m = snprintf(buf + n, size - n, ",%u,%d,%d,%u,%u\n", (unsigned)g->rings,
                     (g->hurt || (g->events & LW_EVENT_HURT)) ? 1 : 0,
                     (g->events & LW_EVENT_SPRING) ? 1 : 0, (unsigned)on, (unsigned)g->events);
    return m < 0 ? n : n + (size_t)m;
}
