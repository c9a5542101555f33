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
