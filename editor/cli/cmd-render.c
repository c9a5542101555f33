/* SPDX-License-Identifier: MIT */
#include "cli.h"
#include "level-json.h"
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
    const char *path = NULL, *out = NULL, *trace = NULL, *v;
    unsigned flags = 0;
    lwm_render_options opts = lwm_render_options_default();
    for (int i = 1; i < argc; i++) {
        int r;
        if (cli_is_help(argv[i]))
            return usage();
        if ((r = cli_option_value("render", argc, argv, &i, "-o", &out)) != 0) {
            if (r < 0)
                return CLI_EXIT_USAGE;
        } else if ((r = cli_option_value("render", argc, argv, &i, "--trace", &trace)) != 0) {
            if (r < 0)
                return CLI_EXIT_USAGE;
        } else if ((r = cli_option_value("render", argc, argv, &i, "--scale", &v)) != 0) {
            unsigned long s;
            if (r < 0)
                return CLI_EXIT_USAGE;
            if (!cli_parse_count(v, 8, &s) || s < 1)
                return cli_usage_error("render", "--scale takes an integer from 1 to 8");
            opts.scale = (uint32_t)s;
        } else if (strcmp(argv[i], "--collision") == 0) {
            opts.collision = true;
        } else if (strcmp(argv[i], "--labels") == 0) {
            opts.angle_labels = true;
        } else if (strcmp(argv[i], "--no-objects") == 0) {
            opts.objects = false;
        } else if (strcmp(argv[i], "--allow-outside-paths") == 0) {
            flags |= CLI_LOAD_ALLOW_OUTSIDE_PATHS;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_usage_error("render", "unknown option %s", argv[i]);
        } else if (path) {
            return cli_usage_error("render", "one level at a time");
        } else {
            path = argv[i];
        }
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
        char *png = editor_level_resolve_path(path, level->tileset);
        bool ok = png && lwm_image_load_png(png, &art, &err);
        if (!ok) {
            cli_print_error(png ? png : path, &err);
            free(png);
            goto done;
        }
        free(png);
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
