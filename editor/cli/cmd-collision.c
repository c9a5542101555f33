/* SPDX-License-Identifier: MIT */
/* `loopwright collision import|export`: the disassemblies' collision arrays, angle maps and
 * per-zone collision indexes. */
#include "cli.h"
#include "masks-json.h"

#include <errno.h>
#include <loopwright-masks/classic.h>
#include <loopwright-masks/file-io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const cli_spec spec = {
    .cmd = "collision",
    .usage = "export --format s1|s2|s3k LEVEL -o DIR [--zone NAME]\n"
             "import --format s1|s2|s3k DIR [--zone NAME] [-o OUT.json]",
    .about =
        "Write or read the collision data of the Sonic disassemblies under their file names:\n"
        "  s1   Collision Array (Normal).bin, Collision Array (Rotated).bin, Angle Map.bin,\n"
        "       NAME.bin (index: one byte per block, one collision path)\n"
        "  s2   Collision array - Vertical.bin, Collision array - Horizontal.bin,\n"
        "       Curve and resistance mapping.bin, NAME primary 16x16 collision index.kos and\n"
        "       NAME secondary 16x16 collision index.kos (Kosinski, 768 bytes unpacked)\n"
        "  s3k  Height Maps.bin, Height Maps Rotated.bin, angles.bin, NAME.bin (S&K layout:\n"
        "       primary and secondary interleaved, 1536 bytes; import also reads the S3 layout)\n"
        "export: tile t is block t+1 (block 0 is empty), mask id 0 is the empty mask, so at most\n"
        "  255 distinct masks and 767 tiles (s1: 1023); flagged angles are written as 0xFF.\n"
        "  Limits are checked before anything is written. DIR is created when missing. NAME\n"
        "  defaults to the level file's name without extension.\n"
        "import: prints (or writes with -o) the masks JSON of docs/MASKS-JSON.md with the 256\n"
        "  masks in id order and, with --zone, the index tables; sizes and values are checked\n"
        "  and problems reported with their byte offsets.",
    .after = "Exit status: 0 success, 1 bad input file or over a limit, 2 bad usage.",
    .max_pos = 2,
    .too_many = NULL,
};

static void on_warn(void *user, const char *file, long offset, const char *message)
{
    const char *fallback = user;
    if (offset >= 0)
        fprintf(stderr, "loopwright: %s: byte %ld: warning: %s\n", file ? file : fallback, offset,
                message);
    else
        fprintf(stderr, "loopwright: %s: warning: %s\n", file ? file : fallback, message);
}

static int do_export(lwm_game game, const char *level_path, const char *dir, const char *zone)
{
    lw_level *level;
    if (!cli_load_level(level_path, 0, &level))
        return CLI_EXIT_DATA;
    int status = CLI_EXIT_DATA;
    char *stem = NULL;
    char *failed = malloc(4096);
    lwm_classic *data = malloc(sizeof *data);
    lw_error err;
    if (!failed || !data || (!zone && !(zone = stem = cli_path_stem(level_path)))) {
        fprintf(stderr, "loopwright: %s: out of memory\n", level_path);
        goto done;
    }
    if (!lwm_classic_from_level(level, game, data, on_warn, (void *)level_path, &err)) {
        cli_print_error(level_path, &err);
        goto done;
    }
    /* the folder and any missing parent (mkdir -p), as the usage text says */
    size_t dlen = strlen(dir);
    char *slashed = malloc(dlen + 2);
    bool made = false;
    if (slashed) {
        snprintf(slashed, dlen + 2, "%s/", dir);
        made = lwm_file_make_parents(slashed, NULL, NULL, 0);
        free(slashed);
    }
    if (!made) {
        fprintf(stderr, "loopwright: %s: cannot create the folder: %s\n", dir, strerror(errno));
        goto done;
    }
    if (!lwm_classic_write_dir(data, dir, zone, failed, &err)) {
        cli_print_error(failed, &err);
        goto done;
    }
    unsigned masks = 0;
    for (unsigned m = 1; m < LWM_CLASSIC_MASKS; m++)
        for (int c = 0; c < 16; c++)
            if (data->masks[m].heights[c]) {
                masks++;
                break;
            }
    printf("%s: %u masks, %u tiles as blocks 1..%u, zone \"%s\"\n", dir, masks, level->tile_count,
           level->tile_count, zone);
    status = CLI_EXIT_OK;
done:
    free(stem);
    free(failed);
    free(data);
    lw_level_free(level);
    return status;
}

typedef struct warn_list {
    json_t *array;
    const char *dir;
} warn_list;

static void collect_warn(void *user, const char *file, long offset, const char *message)
{
    warn_list *w = user;
    on_warn((void *)w->dir, file, offset, message);
    json_t *o = json_object();
    if (!o)
        return;
    const char *slash = file ? strrchr(file, '/') : NULL;
    json_object_set_new(o, "file", json_string(slash ? slash + 1 : file ? file : w->dir));
    json_object_set_new(o, "offset", json_integer(offset));
    json_object_set_new(o, "message", json_string(message));
    json_array_append_new(w->array, o);
}

static json_t *byte_array(const uint8_t *v, uint32_t n)
{
    json_t *a = json_array();
    for (uint32_t i = 0; a && i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static int do_import(lwm_game game, const char *game_name, const char *dir, const char *zone,
                     const char *out)
{
    int status = CLI_EXIT_DATA;
    char *failed = malloc(4096);
    lwm_classic *data = malloc(sizeof *data);
    json_t *root = json_object(), *masks = json_array(), *tiles = json_array();
    warn_list wl = {json_array(), dir};
    lw_error err;
    bool ok = failed && data && root && masks && tiles && wl.array;
    if (!ok) {
        fprintf(stderr, "loopwright: %s: out of memory\n", dir);
        goto done;
    }
    if (!lwm_classic_read_dir(dir, game, zone, data, collect_warn, &wl, failed, &err)) {
        cli_print_error(failed, &err);
        goto done;
    }
    ok = json_object_set_new(root, "format", json_string("loopwright-masks")) == 0 &&
         json_object_set_new(root, "version", json_integer(1)) == 0 &&
         json_object_set_new(root, "source", json_string(dir)) == 0 &&
         json_object_set_new(root, "game", json_string(game_name)) == 0;
    for (uint32_t m = 0; ok && m < LWM_CLASSIC_MASKS; m++) {
        json_t *mo = cli_mask_json(&data->masks[m]);
        json_t *to = cli_mask_json(&data->masks[m]);
        ok = mo && to && json_object_set_new(to, "mask", json_integer(m)) == 0 &&
             json_object_set_new(to, "flip", json_string("")) == 0 &&
             json_array_append_new(masks, mo) == 0 && json_array_append_new(tiles, to) == 0;
    }
    ok = ok && json_object_set_new(root, "masks", masks) == 0;
    masks = NULL;
    ok = ok && json_object_set_new(root, "tiles", tiles) == 0;
    tiles = NULL;
    if (ok && data->has_index) {
        json_object_set_new(root, "zone", json_string(zone));
        json_object_set_new(root, "blocks", json_integer(data->block_count));
        ok = json_object_set_new(root, "primary", byte_array(data->index[0], data->block_count)) ==
                 0 &&
             json_object_set_new(root, "secondary",
                                 byte_array(data->index[1], data->block_count)) == 0;
    }
    ok = ok && json_object_set_new(root, "warnings", wl.array) == 0;
    wl.array = NULL;
    if (!ok) {
        fprintf(stderr, "loopwright: %s: out of memory\n", dir);
        goto done;
    }
    if (cli_json_write(root, out))
        status = CLI_EXIT_OK;
done:
    json_decref(masks);
    json_decref(tiles);
    json_decref(wl.array);
    json_decref(root);
    free(failed);
    free(data);
    return status;
}

int cli_collision_main(int argc, char **argv)
{
    const char *action = NULL, *format = NULL, *input = NULL, *out = NULL, *zone = NULL;
    const cli_option table[] = {
        {.name = "--format", .arg = "s1|s2|s3k", .value = &format, .help = "the game's files"},
        {.name = "-o",
         .arg = "DIR|OUT.json",
         .value = &out,
         .help = "export: the folder to write; import: the JSON to write (default:\n"
                 "standard output)"},
        {.name = "--zone",
         .arg = "NAME",
         .value = &zone,
         .help = "the zone's index files (export default: the level's file name)"},
        {.name = NULL},
    };
    const char *pos[2] = {NULL, NULL};
    int npos, parsed = cli_parse(&spec, table, argc, argv, pos, &npos);
    if (parsed >= 0)
        return parsed;
    action = pos[0];
    input = pos[1];
    if (!action || (strcmp(action, "import") != 0 && strcmp(action, "export") != 0))
        return cli_usage_error("collision", "expected import or export");
    lwm_game game;
    if (!format)
        return cli_usage_error("collision", "missing --format s1|s2|s3k");
    if (!lwm_game_parse(format, &game))
        return cli_usage_error("collision", "--format takes s1, s2 or s3k, not \"%s\"", format);
    if (zone && (!*zone || strchr(zone, '/')))
        return cli_usage_error("collision", "--zone takes a non-empty name without '/'");
    if (strcmp(action, "export") == 0) {
        if (!input)
            return cli_usage_error("collision", "missing LEVEL");
        if (!out)
            return cli_usage_error("collision", "missing -o DIR");
        return do_export(game, input, out, zone);
    }
    if (!input)
        return cli_usage_error("collision", "missing DIR");
    return do_import(game, format, input, zone, out);
}
