/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the trace CSV reader of `render --trace` (cli_trace_parse) and the line
 * drawing it feeds (lwm_draw_line): every accepted point is within 2^24 px, a refusal names its
 * line, and the polyline is drawn into a 64x48 picture (coordinates wrapped into a band around it
 * half the time, so both the visible and the far-away paths of the clipper run).
 */
#include "trace-csv.h"

#include <loopwright-masks/render.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int32_t *xy = NULL;
    size_t n = 0;
    lw_error err;
    if (!cli_trace_parse((const char *)data, size, &xy, &n, &err)) {
        if (err.code == LW_OK || !err.message[0] || err.line < 1)
            abort();
        return 0;
    }
    lwm_image img;
    if (!lwm_image_init(&img, 64, 48, 0x000000FFu, &err))
        abort();
    bool wrap = size & 1;
    for (size_t i = 0; i < n; i++) {
        if (xy[2 * i] < -CLI_TRACE_MAX_COORD || xy[2 * i] > CLI_TRACE_MAX_COORD ||
            xy[2 * i + 1] < -CLI_TRACE_MAX_COORD || xy[2 * i + 1] > CLI_TRACE_MAX_COORD)
            abort();
        if (wrap) {
            xy[2 * i] = xy[2 * i] % 200 - 60;
            xy[2 * i + 1] = xy[2 * i + 1] % 150 - 50;
        }
    }
    for (size_t i = 1; i < n && i < 4096; i++)
        lwm_draw_line(&img, xy[2 * i - 2], xy[2 * i - 1], xy[2 * i], xy[2 * i + 1], 0xFF3030FFu);
    lwm_image_clear(&img);
    free(xy);
    return 0;
}
