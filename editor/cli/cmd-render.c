/* SPDX-License-Identifier: MIT */
#include "cli.h"
#include "level-json.h"
#include "real-path.h"
#include "trace-csv.h"

#include <loopwright-masks/render.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    printf("Usage: loopwright render LEVEL -o OUT.png [--collision] [--labels] [--scale N]\n"
           "                           [--trace T.csv] [--no-objects] [--allow-outside-paths]\n\n"
           "Draw the whole level as a PNG from its tileset art.\n"
           "  --collision   two panels, path A above and path B below: solid pixels coloured by\n"
           "                type (white all, green top-only, red left/right/bottom only) over the\n"
           "                dimmed art, with a yellow surface-direction line on every sloped tile\n"
           "  --labels      with --collision: each tile's hex angle (needs --scale 2 or more)\n"
           "  --scale N     integer zoom 1..8 (nearest neighbour)\n"
           "  --trace T.csv draw a `loopwright sim` trace as a red line\n"
           "  --no-objects  leave out the player start, path swappers and markers\n");
    return CLI_EXIT_OK;
}

int cli_render_main(int argc, char **argv)
{
    const char *path = NULL, *out = NULL, *trace = NULL, *scale = NULL;
    bool collision = false, labels = false, no_objects = false, outside = false;
    const cli_option table[] = {
        {"-o", NULL, &out},
        {"--trace", NULL, &trace},
        {"--scale", NULL, &scale},
        {"--collision", &collision, NULL},
        {"--labels", &labels, NULL},
        {"--no-objects", &no_objects, NULL},
        {"--allow-outside-paths", &outside, NULL},
        {NULL, NULL, NULL},
    };
    int npos, r = cli_parse_options("render", argc, argv, table, &path, 1, &npos,
                                    "one level at a time", usage);
    if (r >= 0)
        return r;
    unsigned flags = outside ? CLI_LOAD_ALLOW_OUTSIDE_PATHS : 0;
    lwm_render_options opts = lwm_render_options_default();
    opts.collision = collision;
    opts.angle_labels = labels;
    opts.objects = !no_objects;
    if (scale) {
        unsigned long s;
        if (!cli_parse_count(scale, 8, &s) || s < 1)
            return cli_usage_error("render", "--scale takes an integer from 1 to 8");
        opts.scale = (uint32_t)s;
    }
    if (!path)
        return cli_usage_error("render", "missing LEVEL");
    if (!out)
        return cli_usage_error("render", "missing -o OUT.png");
    if (opts.angle_labels && (!opts.collision || opts.scale < 2))
        return cli_usage_error("render", "--labels needs --collision and --scale 2 or more");

    lw_level *level;
    if (!cli_load_level(path, flags, &level))
        return CLI_EXIT_DATA;
    int status = CLI_EXIT_DATA;
    lw_error err;
    lwm_image art = {0};
    int32_t *xy = NULL;
    if (level->tileset) {
        if (!editor_level_check_art(level, path, NULL, &err)) {
            cli_print_error(path, &err);
            goto done;
        }
        if (!editor_tileset_load(path, level->tileset, outside, &art, &err)) {
            cli_print_error(path, &err);
            goto done;
        }
    }
    if (trace) {
        if (!cli_trace_load(trace, &xy, &opts.trace_count, &err)) {
            cli_print_error(trace, &err);
            goto done;
        }
        opts.trace = xy;
    }
    /* straight to the file, band by band: no picture-size limit */
    if (!lwm_render_level_png(level, level->tileset ? &art : NULL, &opts, out, &err)) {
        cli_print_error(out, &err);
        goto done;
    }
    status = CLI_EXIT_OK;
done:
    free(xy);
    lwm_image_clear(&art);
    lw_level_free(level);
    return status;
}
