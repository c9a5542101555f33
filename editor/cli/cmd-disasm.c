/* SPDX-License-Identifier: MIT */
/* `loopwright pack --format s1|s2` and `loopwright unpack --format s1|s2`: a level as the Sonic 1 /
 * Sonic 2 disassemblies store one (docs/DISASM.md). */
#include "cli.h"
#include "level-json.h"
#include "level-save.h"
#include "real-path.h"

#include <loopwright-masks/art-png.h>
#include <loopwright-masks/disasm-tree.h>
#include <loopwright-masks/disasm.h>
#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_spec pack_spec = {
    .cmd = "pack",
    .usage = "LEVEL --format s1|s2 -o DIR [--zone NAME] [--act N]\n"
             " [--quantize | --no-art] [--palette-lines 3|4] [--allow-outside-paths]",
    .about =
        "Write the files of a Sonic 1 or Sonic 2 disassembly's level into DIR, under the\n"
        "disassembly's names (docs/DISASM.md):\n"
        "  s2  mappings/128x128/NAME.kos, mappings/16x16/NAME.kos, level/layout/NAME_N.kos,\n"
        "      art/kosinski/NAME.kos, art/palettes/NAME.bin, startpos/NAME_N.bin,\n"
        "      collision/ (arrays, angle map, NAME primary|secondary 16x16 collision index.kos)\n"
        "  s1  map256/NAME.kos, map16/NAME.eni, levels/nameN.bin, levels/namebg.bin,\n"
        "      artunc/8x8 - NAME.bin, palette/NAME.bin, startpos/nameN.bin,\n"
        "      collide/ (arrays, angle map, NAME.bin)",
    .after = "Every limit of the game is checked first; a level that does not fit gets a report\n"
             "and no file is written. Files are written all at once (nothing partial).\n"
             "Exit status: 0 written, 1 bad input or over a limit, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one level at a time",
};

static const cli_spec unpack_spec = {
    .cmd = "unpack",
    .usage = "--format s1|s2 DIR --zone NAME -o LEVEL.json [--act N]\n"
             " [--collision-zone NAME] [--size W,H] [--path KIND=FILE]...",
    .about = "Read a Sonic 1 or Sonic 2 disassembly's level (the files `pack --format` writes,\n"
             "docs/DISASM.md) into a level JSON and its tileset LEVEL-tiles.png.",
    .after = "Every size, count and id is checked; errors name the file and byte offset.\n"
             "Exit status: 0 written, 1 bad input, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one folder at a time",
};

static const char *kind_names[LWM_DISASM_KIND_COUNT] = {
    "chunks", "blocks", "layout", "layout-bg", "art", "palette", "startpos", "collision",
};

/* Notes on stdout; warnings and limits on stderr as "loopwright: WHERE: ...", WHERE = @base
 * (the level for an export) or @base/FILE (a file of the folder, for an import). */
static void print_report(const lwm_report *r, const char *base, bool with_files)
{
    for (size_t i = 0; i < r->count; i++) {
        const lwm_report_item *it = &r->items[i];
        if (it->kind == LWM_REPORT_NOTE) {
            printf("%s\n", it->message);
            continue;
        }
        const char *tag = it->kind == LWM_REPORT_LIMIT ? "over the limit" : "warning";
        char where[4400];
        if (with_files && it->file[0])
            snprintf(where, sizeof where, "%s/%s", base, it->file);
        else
            snprintf(where, sizeof where, "%s", base);
        if (it->offset >= 0)
            fprintf(stderr, "loopwright: %s: byte %ld: %s: %s\n", where, it->offset, tag,
                    it->message);
        else
            fprintf(stderr, "loopwright: %s: %s: %s\n", where, tag, it->message);
    }
    size_t dropped = r->limits + r->warnings + r->notes - r->count;
    if (dropped)
        fprintf(stderr, "loopwright: %s: %zu more report lines were lost (out of memory)\n", base,
                dropped);
}

/* The level's art: the tileset PNG beside a JSON (inside the level's folder as opened, unless
 * @allow_outside: real-path.h), or the art a packed binary embeds. */
static bool load_art(const char *path, const lw_level *level, bool allow_outside, lwm_image *img,
                     bool *have)
{
    lw_error err;
    *have = false;
    if (cli_file_is_packed(path)) {
        lw_packed_level *packed;
        uint8_t *bytes;
        size_t size;
        if (!cli_load_packed(path, &packed, &bytes, &size))
            return false;
        lw_packed_level_free(packed);
        const uint8_t *png;
        size_t png_size;
        bool ok = lw_packed_find_art(bytes, size, &png, &png_size, &err);
        if (ok && png) {
            ok = lwm_image_load_png_memory(png, png_size, img, &err);
            *have = ok;
        }
        if (!ok)
            cli_print_error(path, &err);
        free(bytes);
        if (!ok || *have || !level->tileset)
            return ok;
    }
    if (!level->tileset)
        return true;
    bool ok = editor_tileset_load(path, level->tileset, allow_outside, img, &err);
    if (!ok)
        cli_print_error(path, &err);
    *have = ok;
    return ok;
}

int cli_disasm_pack_main(int argc, char **argv, const char *format)
{
    lwm_game game = strcmp(format, "s1") == 0 ? LWM_GAME_S1 : LWM_GAME_S2;
    const char *in = NULL, *out = NULL, *zone = NULL, *act_s = NULL, *lines_s = NULL,
               *format_v = NULL;
    lwm_disasm_options opts = lwm_disasm_options_default(game, NULL);
    bool quantize = false, no_art = false, outside = false;
    const cli_option table[] = {
        {.name = "--format", .arg = "s1|s2", .value = &format_v, .help = "the game"},
        {.name = "-o",
         .alias = "--output",
         .arg = "DIR",
         .value = &out,
         .help = "the folder to write the files into"},
        {.name = "--zone",
         .arg = "NAME",
         .value = &zone,
         .help = "file-name stem (default: LEVEL's name without extension)"},
        {.name = "--act",
         .arg = "N",
         .value = &act_s,
         .help = "act number in the layout and start names, 1..9 (default 1)"},
        {.name = "--quantize",
         .flag = &quantize,
         .help = "draw 8x8 patterns whose colours fit no palette line with the\n"
                 "nearest colours of one line (default: refuse, with a report)"},
        {.name = "--no-art", .flag = &no_art, .help = "write no art and no palette"},
        {.name = "--palette-lines",
         .arg = "3|4",
         .value = &lines_s,
         .help = "3 (default): lines 1-3, as the games' zone palettes; 4: all"},
        CLI_OPTION_ALLOW_OUTSIDE_PATHS(&outside),
        {.name = NULL},
    };
    int npos, parsed = cli_parse(&pack_spec, table, argc, argv, &in, &npos);
    if (parsed >= 0)
        return parsed;
    unsigned flags = outside ? CLI_LOAD_ALLOW_OUTSIDE_PATHS : 0;
    unsigned long n;
    if (act_s) {
        if (!cli_parse_count(act_s, 9, &n) || n < 1)
            return cli_usage_error("pack", "--act takes 1 to 9");
        opts.act = (unsigned)n;
    }
    if (lines_s) {
        if (!cli_parse_count(lines_s, 4, &n) || n < 3)
            return cli_usage_error("pack", "--palette-lines takes 3 or 4");
        opts.palette_lines = (unsigned)n;
    }
    if (quantize && no_art)
        return cli_usage_error("pack", "--quantize and --no-art exclude each other");
    opts.art_mode = no_art ? LWM_ART_NONE : quantize ? LWM_ART_QUANTIZE : LWM_ART_EXACT;
    if (zone && (!*zone || strchr(zone, '/') || strlen(zone) > 64))
        return cli_usage_error("pack", "--zone takes 1 to 64 characters without '/'");
    if (!in)
        return cli_usage_error("pack", "missing LEVEL");
    if (!out)
        return cli_usage_error("pack", "missing -o DIR");

    lw_level *level = NULL;
    if (!cli_load_level(in, flags, &level))
        return CLI_EXIT_DATA;
    int rc = CLI_EXIT_DATA;
    char *stem = NULL, *failed = malloc(4096);
    lwm_image art = {0};
    bool have_art = false;
    lwm_report report = {0};
    lwm_disasm_export ex = {0};
    lw_error err;
    if (!failed || (!zone && !(zone = stem = cli_path_stem(in)))) {
        fprintf(stderr, "loopwright: %s: out of memory\n", in);
        goto done;
    }
    if (strlen(zone) > 64 || !*zone) {
        fprintf(stderr, "loopwright: %s: the zone name \"%s\" is not usable; give --zone\n", in,
                zone);
        goto done;
    }
    if (!no_art &&
        !load_art(in, level, (flags & CLI_LOAD_ALLOW_OUTSIDE_PATHS) != 0, &art, &have_art))
        goto done;
    opts.zone = zone;
    bool ok = lwm_disasm_export_level(level, have_art ? &art : NULL, &opts, &ex, &report, &err);
    print_report(&report, in, false);
    if (!ok) {
        if (err.code == LW_ERR_LIMIT)
            fprintf(stderr, "loopwright: %s: %s; nothing was written\n", in, err.message);
        else
            cli_print_error(in, &err);
        goto done;
    }
    if (!lwm_disasm_export_write(&ex, out, failed, &err)) {
        cli_print_error(failed, &err);
        fprintf(stderr, "loopwright: %s: nothing was written\n", out);
        goto done;
    }
    for (size_t i = 0; i < ex.file_count; i++)
        printf("%s/%s: %zu bytes%s\n", out, ex.files[i].path, ex.files[i].size,
               ex.files[i].codec == LWM_CODEC_KOSINSKI ? " (Kosinski)"
               : ex.files[i].codec == LWM_CODEC_ENIGMA ? " (Enigma)"
                                                       : "");
    rc = CLI_EXIT_OK;
done:
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&report);
    lwm_image_clear(&art);
    free(stem);
    free(failed);
    lw_level_free(level);
    return rc;
}

/* --path KIND=FILE, once per use: FILE for that kind of the import options @user. */
static int take_path(void *user, const char *v)
{
    lwm_disasm_import_options *opts = user;
    const char *eq = strchr(v, '=');
    int k = 0;
    while (eq && k < LWM_DISASM_KIND_COUNT &&
           !(strlen(kind_names[k]) == (size_t)(eq - v) &&
             strncmp(v, kind_names[k], (size_t)(eq - v)) == 0))
        k++;
    if (!eq || k == LWM_DISASM_KIND_COUNT || !eq[1])
        return cli_usage_error("unpack", "--path takes KIND=FILE with KIND one of chunks, blocks, "
                                         "layout, layout-bg, art, palette, startpos, collision");
    opts->paths[k] = eq + 1;
    return -1;
}

int cli_disasm_unpack_main(int argc, char **argv, const char *format)
{
    lwm_game game = strcmp(format, "s1") == 0 ? LWM_GAME_S1 : LWM_GAME_S2;
    const char *in = NULL, *out = NULL, *act_s = NULL, *size_s = NULL, *format_v = NULL;
    lwm_disasm_import_options opts = {0};
    opts.game = game;
    opts.act = 1;
    const cli_option table[] = {
        {.name = "--format", .arg = "s1|s2", .value = &format_v, .help = "the game"},
        {.name = "--zone",
         .arg = "NAME",
         .value = &opts.zone,
         .help = "file-name stem of the zone's files"},
        {.name = "-o",
         .alias = "--output",
         .arg = "LEVEL.json",
         .value = &out,
         .help = "the level JSON to write"},
        {.name = "--act",
         .arg = "N",
         .value = &act_s,
         .help = "act of the layout and start position (default 1)"},
        {.name = "--collision-zone",
         .arg = "NAME",
         .value = &opts.collision_zone,
         .help = "zone name of the collision index files when it differs\n"
                 "(S2: \"EHZ and HTZ\", \"CPZ and DEZ\", ...)"},
        {.name = "--size",
         .arg = "W,H",
         .value = &size_s,
         .help = "level size in px (default: the layout up to its last used\n"
                 "column and row)"},
        {.name = "--path",
         .arg = "KIND=FILE",
         .each = take_path,
         .user = &opts,
         .help = "read FILE (relative to DIR) instead of the default name;\n"
                 "KIND: chunks, blocks, layout, layout-bg, art, palette,\n"
                 "startpos, collision (a folder); may be given once per KIND"},
        {.name = NULL},
    };
    int npos, parsed = cli_parse(&unpack_spec, table, argc, argv, &in, &npos);
    if (parsed >= 0)
        return parsed;
    unsigned long n;
    if (act_s) {
        if (!cli_parse_count(act_s, 9, &n) || n < 1)
            return cli_usage_error("unpack", "--act takes 1 to 9");
        opts.act = (unsigned)n;
    }
    if (size_s) {
        long w, h;
        if (!cli_parse_point(size_s, &w, &h) || w < 0 || h < 0 || w > 65536 || h > 65536)
            return cli_usage_error("unpack", "--size takes W,H in px");
        opts.width_px = (uint32_t)w;
        opts.height_px = (uint32_t)h;
    }
    if (!in)
        return cli_usage_error("unpack", "missing DIR");
    if (lwm_tree_exists(in)) /* a whole tree: resolved through its SonLVL INI */
        return cli_tree_unpack_main(argc, argv);
    if (!opts.zone)
        return cli_usage_error("unpack", "missing --zone NAME");
    if (!*opts.zone || strchr(opts.zone, '/'))
        return cli_usage_error("unpack", "--zone takes a non-empty name without '/'");
    if (!out)
        return cli_usage_error("unpack", "missing -o LEVEL.json");

    int rc = CLI_EXIT_DATA;
    char *failed = malloc(4096), *rel = NULL, *full = NULL;
    void *png = NULL;
    size_t png_size = 0;
    lwm_report report = {0};
    lwm_disasm_import im = {0};
    lw_error err;
    if (!failed || !cli_tileset_paths(out, &rel, &full)) {
        fprintf(stderr, "loopwright: %s: out of memory\n", in);
        goto done;
    }
    bool ok = lwm_disasm_import_level(in, &opts, &im, &report, failed, &err);
    print_report(&report, in, true);
    if (!ok) {
        if (err.code == LW_ERR_RANGE && err.offset < 0 && strcmp(failed, in) == 0)
            rc = cli_usage_error("unpack", "%s", err.message);
        else
            cli_print_error(failed, &err);
        goto done;
    }
    if (im.tileset.width && !lwm_art_encode_png(&im.tileset, &png, &png_size, NULL, &err)) {
        cli_print_error(full, &err);
        goto done;
    }
    /* tileset, then the JSON naming it: one change at the JSON's rename */
    char *chosen = NULL;
    if (!cli_save_level_pair(out, im.level, rel, png, png_size, NULL, &chosen))
        goto done;
    if (chosen) {
        free(rel);
        rel = chosen;
    }
    printf("%s: %u masks, %u tiles, %u chunks of %u px, layout %ux%u; tileset %s\n", out,
           im.level->mask_count, im.level->tile_count, im.level->chunk_count, im.level->chunk_px,
           im.level->layout_width, im.level->layout_height, im.tileset.width ? rel : "none");
    rc = CLI_EXIT_OK;
done:
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&report);
    free(png);
    free(rel);
    free(full);
    free(failed);
    return rc;
}
