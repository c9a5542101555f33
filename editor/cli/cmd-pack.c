/* SPDX-License-Identifier: MIT */
/* `loopwright pack` and `loopwright unpack`: packed level binaries (docs/FORMAT.md). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli.h"
#include "level-json.h"
#include "level-save.h"
#include "real-path.h"

#include <errno.h>
#include <limits.h>
#include <loopwright-masks/art-png.h>
#include <loopwright-masks/image.h>
#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef enum art_mode { ART_EMBED, ART_EXTERNAL, ART_NONE } art_mode;

static const cli_spec pack_spec = {
    .cmd = "pack",
    .usage = "LEVEL -o OUT.bin [--compress] [--no-replays] [--art embed|external|none]\n"
             " [--allow-outside-paths]",
    .about = "Write a packed level binary (docs/FORMAT.md). LEVEL is a level JSON or a packed\n"
             "binary.",
    .after = "With --format s1|s2, pack writes a Sonic 1/2 disassembly's level files instead\n"
             "(loopwright pack --format s2 --help); with --into TREE, it saves a level back into\n"
             "its disassembly tree (loopwright pack --into TREE --help).\n"
             "Exit status: 0 written, 1 bad input, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one level at a time",
};

static const cli_spec unpack_spec = {
    .cmd = "unpack",
    .usage = "IN.bin -o LEVEL.json [--art-dir DIR]",
    .about =
        "Turn a packed level binary back into a level JSON. Embedded art is written as a PNG:\n"
        "by default at the tileset path the binary records, relative to LEVEL.json's folder;\n"
        "with --art-dir into DIR (the JSON then refers to it).",
    .after = "With --format s1|s2, unpack reads a Sonic 1/2 disassembly's level instead\n"
             "(loopwright unpack --format s2 --help); with --list or --level, a whole disassembly\n"
             "tree (loopwright unpack --list --help).\n"
             "Exit status: 0 written, 1 bad input, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one binary at a time",
};

/* Embedded art for @level: the tileset PNG re-encoded compactly, or the art @src_bin already
 * embeds when the input was a packed binary. The tileset must be inside the level's folder as
 * opened (real-path.h), unless @allow_outside. */
static bool art_for(const char *level_path, const lw_level *level, const uint8_t *src_bin,
                    size_t src_size, bool allow_outside, void **png, size_t *png_size)
{
    lw_error err;
    *png = NULL;
    *png_size = 0;
    if (src_bin) {
        const uint8_t *art;
        size_t n;
        if (!lw_packed_find_art(src_bin, src_size, &art, &n, &err)) {
            cli_print_error(level_path, &err);
            return false;
        }
        if (art) {
            *png = malloc(n);
            if (!*png)
                return false;
            memcpy(*png, art, n);
            *png_size = n;
            return true;
        }
    }
    if (!level->tileset)
        return true;
    lwm_image img = {0};
    bool ok = editor_tileset_load(level_path, level->tileset, allow_outside, &img, &err) &&
              lwm_art_encode_png(&img, png, png_size, NULL, &err);
    if (!ok)
        cli_print_error(level_path, &err);
    lwm_image_clear(&img);
    return ok;
}

/* --format: "packed" (this file), "s1" or "s2" (cmd-disasm.c); NULL on a bad value. */
static const char *format_of(const char *cmd, int argc, char **argv, int *rc)
{
    const char *format = cli_find_option(argc, argv, "--format");
    if (!format)
        return "packed";
    if (strcmp(format, "packed") == 0 || strcmp(format, "s1") == 0 || strcmp(format, "s2") == 0)
        return format;
    *rc = cli_usage_error(cmd, "--format takes packed, s1 or s2");
    return NULL;
}

int cli_pack_main(int argc, char **argv)
{
    if (cli_find_option(argc, argv, "--into")) /* back into a disassembly tree */
        return cli_tree_pack_main(argc, argv);
    int usage_rc = CLI_EXIT_USAGE;
    const char *format = format_of("pack", argc, argv, &usage_rc);
    if (!format)
        return usage_rc;
    if (strcmp(format, "packed") != 0)
        return cli_disasm_pack_main(argc, argv, format);
    const char *in = NULL, *out = NULL, *art = "embed", *format_v = NULL;
    bool outside = false, no_replays = false;
    lw_packed_options opts = {.replays = true};
    const cli_option table[] = {
        {.name = "-o",
         .alias = "--output",
         .arg = "OUT.bin",
         .value = &out,
         .help = "the binary to write (atomically)"},
        {.name = "--compress",
         .flag = &opts.compress,
         .help = "Kosinski-compress the chunk and layout sections"},
        {.name = "--no-replays",
         .flag = &no_replays,
         .help = "leave the level's saved replays out"},
        {.name = "--art",
         .arg = "embed|external|none",
         .value = &art,
         .help = "embed (default): the tileset inside the file, as an indexed PNG\n"
                 "when it has at most 256 colours; external: keep only its path;\n"
                 "none: drop the art reference too"},
        {.name = "--format",
         .arg = "packed",
         .value = &format_v,
         .help = "this form (the default)"},
        CLI_OPTION_ALLOW_OUTSIDE_PATHS(&outside),
        {.name = NULL},
    };
    int npos, parsed = cli_parse(&pack_spec, table, argc, argv, &in, &npos);
    if (parsed >= 0)
        return parsed;
    unsigned flags = outside ? CLI_LOAD_ALLOW_OUTSIDE_PATHS : 0;
    opts.replays = !no_replays;
    art_mode mode;
    if (strcmp(art, "embed") == 0)
        mode = ART_EMBED;
    else if (strcmp(art, "external") == 0)
        mode = ART_EXTERNAL;
    else if (strcmp(art, "none") == 0)
        mode = ART_NONE;
    else
        return cli_usage_error("pack", "--art must be embed, external or none");
    if (!in)
        return cli_usage_error("pack", "missing LEVEL");
    if (!out)
        return cli_usage_error("pack", "missing -o OUT.bin");

    lw_level *level = NULL;
    uint8_t *src_bin = NULL;
    size_t src_size = 0;
    if (cli_file_is_packed(in)) {
        lw_packed_level *packed;
        if (!cli_load_packed(in, &packed, &src_bin, &src_size))
            return CLI_EXIT_DATA;
        level = lw_level_dup(lw_packed_level_get(packed));
        lw_packed_level_free(packed);
    } else if (!cli_load_level(in, flags, &level)) {
        return CLI_EXIT_DATA;
    }
    int rc = CLI_EXIT_DATA;
    void *png = NULL;
    size_t png_size = 0;
    uint8_t *bin = NULL;
    size_t bin_size = 0;
    lw_error err;
    if (!level)
        goto done;
    if (mode == ART_NONE)
        lw_level_set_string(&level->tileset, NULL);
    if (mode == ART_EMBED && !art_for(in, level, src_bin, src_size,
                                      (flags & CLI_LOAD_ALLOW_OUTSIDE_PATHS) != 0, &png, &png_size))
        goto done;
    opts.art_png = png;
    opts.art_png_size = png_size;
    if (!lw_packed_write(level, &opts, &bin, &bin_size, &err)) {
        cli_print_error(in, &err);
        goto done;
    }
    if (!lwm_file_write_atomic(out, bin, bin_size, NULL, &err)) {
        cli_print_error(out, &err);
        goto done;
    }
    rc = CLI_EXIT_OK;
done:
    free(bin);
    free(png);
    free(src_bin);
    lw_level_free(level);
    return rc;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The tileset reference to store in the JSON at @json_path for art written to @art_path: relative
 * when the art lies inside the JSON's folder, else absolute. malloc()ed. */
static char *art_reference(const char *json_path, const char *art_path)
{
    char dir[PATH_MAX], art_dir[PATH_MAX];
    char *json_copy = malloc(strlen(json_path) + 3), *art_copy = malloc(strlen(art_path) + 3);
    char *result = NULL;
    if (!json_copy || !art_copy)
        goto out;
    const char *js = strrchr(json_path, '/');
    if (js)
        snprintf(json_copy, strlen(json_path) + 3, "%.*s", (int)(js - json_path), json_path);
    else
        strcpy(json_copy, ".");
    const char *as = strrchr(art_path, '/');
    if (as)
        snprintf(art_copy, strlen(art_path) + 3, "%.*s", (int)(as - art_path), art_path);
    else
        strcpy(art_copy, ".");
    if (!realpath(json_copy, dir) || !realpath(art_copy, art_dir))
        goto out;
    size_t n = strlen(dir);
    const char *name = base_name(art_path);
    if (strcmp(dir, art_dir) == 0) {
        result = malloc(strlen(name) + 1);
        if (result)
            strcpy(result, name);
    } else if (strncmp(art_dir, dir, n) == 0 && art_dir[n] == '/') {
        size_t len = strlen(art_dir + n + 1) + 1 + strlen(name) + 1;
        result = malloc(len);
        if (result)
            snprintf(result, len, "%s/%s", art_dir + n + 1, name);
    } else {
        size_t len = strlen(art_dir) + 1 + strlen(name) + 1;
        result = malloc(len);
        if (result)
            snprintf(result, len, "%s/%s", art_dir, name);
    }
out:
    free(json_copy);
    free(art_copy);
    return result;
}

int cli_unpack_main(int argc, char **argv)
{
    if (cli_tree_wanted(argc, argv))
        return cli_tree_unpack_main(argc, argv);
    int usage_rc = CLI_EXIT_USAGE;
    const char *format = format_of("unpack", argc, argv, &usage_rc);
    if (!format)
        return usage_rc;
    if (strcmp(format, "packed") != 0)
        return cli_disasm_unpack_main(argc, argv, format);
    const char *in = NULL, *out = NULL, *art_dir = NULL, *format_v = NULL;
    const cli_option table[] = {
        {.name = "-o",
         .alias = "--output",
         .arg = "LEVEL.json",
         .value = &out,
         .help = "the level JSON to write"},
        {.name = "--art-dir",
         .arg = "DIR",
         .value = &art_dir,
         .help = "write the embedded art into DIR (default: at the tileset path the\n"
                 "binary records, beside LEVEL.json)"},
        {.name = "--format",
         .arg = "packed",
         .value = &format_v,
         .help = "this form (the default)"},
        {.name = NULL},
    };
    int npos, parsed = cli_parse(&unpack_spec, table, argc, argv, &in, &npos);
    if (parsed >= 0)
        return parsed;
    if (!in)
        return cli_usage_error("unpack", "missing IN.bin");
    if (!out)
        return cli_usage_error("unpack", "missing -o LEVEL.json");
    lw_error err;
    if (!cli_file_is_packed(in)) {
        char *head;
        size_t head_n;
        /* a pipe, a folder or a missing file is named as such, not as bad magic */
        if (lwm_file_read(in, LW_PACKED_MAX_FILE, &head, &head_n, &err)) {
            free(head);
            lw_error_set_at(&err, LW_ERR_FORMAT, 0, "not a Loopwright packed level (bad magic)");
        }
        cli_print_error(in, &err);
        return CLI_EXIT_DATA;
    }
    lw_packed_level *packed = NULL;
    uint8_t *bytes = NULL;
    size_t size = 0;
    if (!cli_load_packed(in, &packed, &bytes, &size))
        return CLI_EXIT_DATA;
    int rc = CLI_EXIT_DATA;
    lw_level *level = lw_level_dup(lw_packed_level_get(packed));
    char *art_path = NULL, *json = NULL;
    const uint8_t *png = NULL;
    size_t png_size = 0;
    if (!level || !lw_packed_find_art(bytes, size, &png, &png_size, &err))
        goto done;
    const char *rel = level->tileset ? level->tileset : "tiles.png";
    if (png && !art_dir) {
        /* the art beside the JSON: one pair, changed at the JSON's rename */
        if (!editor_path_stays_inside(rel)) {
            lw_error_set(&err, LW_ERR_PATH,
                         "the recorded tileset path \"%s\" leaves the output folder; use "
                         "--art-dir",
                         rel);
            cli_print_error(in, &err);
            goto done;
        }
        art_path = editor_level_resolve_path(out, rel);
        if (!art_path || !lwm_file_make_parents(art_path, NULL, NULL, 0)) {
            fprintf(stderr, "loopwright: %s: cannot create the art folder\n",
                    art_path ? art_path : out);
            goto done;
        }
        char *copy = strdup(rel);
        bool saved = copy && cli_save_level_pair(out, level, copy, png, png_size, NULL, NULL);
        free(copy);
        if (!saved)
            goto done;
        rc = CLI_EXIT_OK;
        goto done;
    }
    if (png) {
        size_t len = strlen(art_dir) + 1 + strlen(base_name(rel)) + 1;
        char *wanted = malloc(len);
        if (wanted)
            snprintf(wanted, len, "%s/%s", art_dir, base_name(rel));
        if (!wanted || !lwm_file_make_parents(wanted, NULL, NULL, 0)) {
            fprintf(stderr, "loopwright: %s: cannot create the art folder\n",
                    wanted ? wanted : out);
            free(wanted);
            goto done;
        }
        /* a new name when the file there holds other art: the old JSON may still name it */
        bool same = false;
        char *name = lwm_file_dependent_name(wanted, base_name(rel), png, png_size, &same);
        art_path = name ? editor_level_resolve_path(wanted, name) : NULL;
        free(name);
        free(wanted);
        if (!art_path) {
            fprintf(stderr, "loopwright: %s: out of memory\n", out);
            goto done;
        }
        if (!same && !lwm_file_write_atomic(art_path, png, png_size, NULL, &err)) {
            cli_print_error(art_path, &err);
            goto done;
        }
        char *ref = art_reference(out, art_path);
        if (!ref || !lw_level_set_string(&level->tileset, ref)) {
            free(ref);
            fprintf(stderr, "loopwright: %s: cannot refer to %s\n", out, art_path);
            goto done;
        }
        free(ref);
    }
    size_t len = 0;
    json = editor_level_to_json(level, &len);
    if (!json)
        goto done;
    if (!lwm_file_write_atomic(out, json, len, NULL, &err)) {
        cli_print_error(out, &err);
        goto done;
    }
    rc = CLI_EXIT_OK;
done:
    free(json);
    free(art_path);
    free(bytes);
    lw_level_free(level);
    lw_packed_level_free(packed);
    return rc;
}
