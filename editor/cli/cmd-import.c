/* SPDX-License-Identifier: MIT */
/* `loopwright import`: a whole level (masks, tiles, chunks, layout, tileset PNG, player start)
 * from a terrain image. */
#include "cli.h"
#include "level-json.h"
#include "level-save.h"
#include "masks-json.h"

#include <loopwright-masks/terrain.h>
#include <loopwright/profile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const cli_spec spec = {
    .cmd = "import",
    .usage = "TERRAIN.png [--art ART.png] [--top-solid TOP.png] [--path-b B.png]\n"
             " [--chunk 128|256] [--key RRGGBB] [--profile P] [--own-angles]\n"
             " [--progress | --no-progress] -o LEVEL.json",
    .about =
        "Build a level from a terrain image of any size (padded to whole chunks with empty\n"
        "space). A pixel is solid when its alpha is 128 or more (images without alpha: every\n"
        "colour but the key, by default the top-left pixel's). Identical cells share a tile and\n"
        "mask (flips included), identical chunks share a chunk, empty chunks stay empty.\n"
        "Writes LEVEL.json and its tileset LEVEL-tiles.png (the unique art cells, 16 per row)\n"
        "beside it, and puts a player start above the first floor from the left.",
    .after = "Exit status: 0 success, 1 bad input file, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one terrain image at a time",
};

typedef struct import_ui {
    const char *terrain;
    bool progress;
    unsigned printed;
    int last_percent;
    const char *last_stage;
} import_ui;

static void on_progress(void *user, const char *stage, uint64_t done, uint64_t total)
{
    import_ui *ui = user;
    if (!ui->progress)
        return;
    int percent = total ? (int)(done * 100 / total) : 100;
    if (stage == ui->last_stage && percent == ui->last_percent)
        return;
    ui->last_stage = stage;
    ui->last_percent = percent;
    fprintf(stderr, "\rloopwright import: %-7s %3d%%", stage, percent);
    fflush(stderr);
}

static void on_warn(void *user, int32_t x, int32_t y, const char *message)
{
    import_ui *ui = user;
    if (ui->printed++ >= 50)
        return;
    if (ui->progress)
        fprintf(stderr, "\r\033[K");
    fprintf(stderr, "loopwright: %s:%d,%d: warning: %s\n", ui->terrain, x, y, message);
}

/* "dir/name.json" -> "name-tiles.png" (relative) and "dir/name-tiles.png" (full). */
int cli_import_main(int argc, char **argv)
{
    const char *terrain = NULL, *art = NULL, *top = NULL, *path_b = NULL, *out = NULL;
    const char *chunk_s = NULL, *key_s = NULL, *profile = NULL;
    int progress = -1; /* -1: when standard error is a terminal */
    bool own_angles = false;
    const cli_option table[] = {
        {.name = "-o", .arg = "LEVEL.json", .value = &out, .help = "the level to write"},
        {.name = "--art",
         .arg = "ART.png",
         .value = &art,
         .help = "visible art (default: the terrain image itself)"},
        {.name = "--top-solid",
         .arg = "TOP.png",
         .value = &top,
         .help = "jump-through pixels: cells whose solid pixels are all marked\n"
                 "here are top-only ('t') on that path"},
        {.name = "--path-b",
         .arg = "B.png",
         .value = &path_b,
         .help = "collision of path B (default: the same as path A)"},
        {.name = "--chunk",
         .arg = "128|256",
         .value = &chunk_s,
         .help = "chunk size (default 128)"},
        {.name = "--key",
         .arg = "RRGGBB",
         .value = &key_s,
         .help = "colour key for solidity images without alpha"},
        {.name = "--profile",
         .arg = "P",
         .value = &profile,
         .help = "the level's profile (s1, s2, s3k, cd, modern; default s2); angles follow\n"
                 "the conventions of its game (docs/MASKS.md)"},
        {.name = "--own-angles",
         .flag = &own_angles,
         .help = "fit each cell's angle on its own instead of along the surface"},
        {.name = "--progress",
         .set = &progress,
         .to = 1,
         .help = "show progress on standard error even when it is not a terminal"},
        {.name = "--no-progress", .set = &progress, .to = 0, .help = "never show progress"},
        {.name = NULL},
    };
    int npos, parsed = cli_parse(&spec, table, argc, argv, &terrain, &npos);
    if (parsed >= 0)
        return parsed;
    if (!terrain)
        return cli_usage_error("import", "missing TERRAIN.png");
    if (!out)
        return cli_usage_error("import", "missing -o LEVEL.json");
    lwm_import_options opts = lwm_import_options_default();
    if (chunk_s) {
        if (strcmp(chunk_s, "128") == 0)
            opts.chunk_px = 128;
        else if (strcmp(chunk_s, "256") == 0)
            opts.chunk_px = 256;
        else
            return cli_usage_error("import", "--chunk takes 128 or 256");
    }
    uint32_t key = 0;
    if (key_s && !cli_parse_rgb(key_s, &key))
        return cli_usage_error("import", "--key takes a colour as RRGGBB (hex)");
    opts.neighbour_angles = !own_angles;
    if (profile && !lw_profile_find(profile))
        return cli_usage_error(
            "import", "unknown profile \"%s\" (expected s1, s2, s3k, cd or modern)", profile);
    opts.profile = profile;

    import_ui ui = {terrain, progress < 0 ? isatty(2) != 0 : progress == 1, 0, -1, NULL};
    int status = CLI_EXIT_DATA;
    lwm_image img[4] = {{0}, {0}, {0}, {0}}; /* terrain, art, top, path B */
    char rule[64];
    lw_error err;
    lwm_import_result res = {0};
    char *rel = NULL, *full = NULL, *name = NULL;
    if (!cli_load_solidity_png(terrain, key_s != NULL, key, &img[0], rule, sizeof rule))
        goto done;
    if (art && !lwm_image_load_png(art, &img[1], &err)) {
        cli_print_error(art, &err);
        goto done;
    }
    if (top && !cli_load_solidity_png(top, key_s != NULL, key, &img[2], rule, sizeof rule))
        goto done;
    if (path_b && !cli_load_solidity_png(path_b, key_s != NULL, key, &img[3], rule, sizeof rule))
        goto done;
    opts.terrain = &img[0];
    opts.art = art ? &img[1] : NULL;
    opts.top_solid = top ? &img[2] : NULL;
    opts.path_b = path_b ? &img[3] : NULL;
    opts.progress = on_progress;
    opts.warn = on_warn;
    opts.user = &ui;
    bool ok = lwm_import_terrain(&opts, &res, &err);
    if (ui.progress)
        fprintf(stderr, "\r\033[K");
    if (!ok) {
        cli_print_error(terrain, &err);
        goto done;
    }
    if (ui.printed > 50)
        fprintf(stderr, "loopwright: %s: warning: %u more warnings not shown\n", terrain,
                ui.printed - 50);
    if (!cli_tileset_paths(out, &rel, &full) || !(name = cli_path_stem(terrain)) ||
        !lw_level_set_string(&res.level->name, name)) {
        fprintf(stderr, "loopwright: %s: out of memory\n", out);
        goto done;
    }
    void *png = NULL;
    size_t png_size = 0;
    if (res.tileset.width && !lwm_image_encode_png(&res.tileset, &png, &png_size, &err)) {
        cli_print_error(full, &err);
        goto done;
    }
    char *chosen = NULL;
    ok = cli_save_level_pair(out, res.level, rel, png, png_size, ".bak", &chosen);
    free(png);
    if (!ok)
        goto done;
    free(rel);
    rel = chosen;
    const lw_level *lv = res.level;
    printf("%s: %u masks, %u tiles, %u chunks of %u px, layout %ux%u; tileset %s (%u cells); "
           "player start (%d, %d)%s; %u warnings\n",
           out, lv->mask_count, lv->tile_count, lv->chunk_count, lv->chunk_px, lv->layout_width,
           lv->layout_height, res.tileset.width ? rel : "none", res.art_cells, res.start_x,
           res.start_y, res.start_found ? "" : " (no floor found)", res.warnings);
    status = CLI_EXIT_OK;
done:
    for (int i = 0; i < 4; i++)
        lwm_image_clear(&img[i]);
    lwm_import_result_clear(&res);
    free(rel);
    free(full);
    free(name);
    return status;
}
