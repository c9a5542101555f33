/* SPDX-License-Identifier: MIT */
#include "cli.h"
#include "level-json.h"
#include "real-path.h"
#include "trace-csv.h"

#include <loopwright-masks/render.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_spec spec = {
    .cmd = "render",
    .usage = "LEVEL -o OUT.png [--collision] [--labels] [--scale N] [--trace T.csv]\n"
             " [--no-objects] [--allow-outside-paths]",
    .about = "Draw the whole level as a PNG from its tileset art, written band by band (no size\n"
             "limit) to a temporary file renamed over OUT.png when complete.",
    .after =
        "Exit status: 0 written, 1 bad input or a file that could not be written, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one level at a time",
};

int cli_render_main(int argc, char **argv)
{
    const char *path = NULL, *out = NULL, *trace = NULL, *scale = NULL;
    bool collision = false, labels = false, no_objects = false, outside = false;
    const cli_option table[] = {
        {.name = "-o", .arg = "OUT.png", .value = &out, .help = "the picture to write"},
        {.name = "--collision",
         .flag = &collision,
         .help = "two panels, path A above and path B below: solid pixels coloured by\n"
                 "type (white all, green top-only, red left/right/bottom only) over the\n"
                 "dimmed art, with a yellow surface-direction line on every sloped tile"},
        {.name = "--labels",
         .flag = &labels,
         .help = "with --collision: each tile's hex angle (needs --scale 2 or more)"},
        {.name = "--scale",
         .arg = "N",
         .value = &scale,
         .help = "integer zoom 1..8 (nearest neighbour)"},
        {.name = "--trace",
         .arg = "T.csv",
         .value = &trace,
         .help = "draw a `loopwright sim` trace as a red line"},
        {.name = "--no-objects",
         .flag = &no_objects,
         .help = "leave out the player start, path swappers and markers"},
        {.name = "--allow-outside-paths",
         .flag = &outside,
         .help = "accept a tileset outside the level's folder"},
        {.name = NULL},
    };
    int npos, r = cli_parse(&spec, table, argc, argv, &path, &npos);
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
    lwm_image art = {0}, water = {0};
    int32_t *xy = NULL;
    if (level->tileset) {
        if (!editor_level_check_art(level, path, outside, NULL, &err)) {
            cli_print_error(path, &err);
            goto done;
        }
        if (!editor_tileset_load(path, level->tileset, outside, &art, &err)) {
            cli_print_error(path, &err);
            goto done;
        }
        /* below the water surface: the tileset drawn with the water palette (DISASM.md §8.1) */
        char *wet = NULL;
        if (!editor_level_find_water_tileset(path, outside, &wet, &err) ||
            (wet && !editor_tileset_load(path, wet, outside, &water, &err))) {
            free(wet);
            cli_print_error(path, &err);
            goto done;
        }
        if (wet)
            opts.water_art = &water;
        free(wet);
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
    lwm_image_clear(&water);
    lw_level_free(level);
    return status;
}
