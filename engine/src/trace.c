/* SPDX-License-Identifier: MIT */
#include "loopwright/trace.h"

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
