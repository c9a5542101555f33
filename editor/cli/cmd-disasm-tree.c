/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath */
/* `loopwright unpack TREE --list | --level NAME -o LEVEL.json` and the `--format s1|s2 TREE
 * --zone Z --act N` form on a tree with a SonLVL project file (docs/DISASM.md §7). */
#include "cli.h"
#include "disasm-save.h"
#include "disasm-source.h"
#include "disasm-unpack.h"
#include "level-json.h"

#include <loopwright-masks/art-png.h>
#include <loopwright-masks/disasm-tree.h>
#include <loopwright-masks/file-io.h>
#include <loopwright/crc32.h>
#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_spec tree_spec = {
    .cmd = "unpack",
    .usage = "TREE --list\nTREE --level NAME -o LEVEL.json\n--format s1|s2 TREE --zone Z [--act N] "
             "-o LEVEL.json",
    .about = "Open a disassembly tree (s1disasm, s2disasm, skdisasm) through its own SonLVL\n"
             "project file, \"SonLVL INI Files/SonLVL.ini\" (docs/DISASM.md section 7).",
    .after = "Writes LEVEL.json and its tileset LEVEL-tiles.png (when the art was read).\n"
             "Exit status: 0 written, 1 bad input, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one tree at a time",
    .form = "for a tree",
};

/* Warnings on stderr as "loopwright: TREE/FILE: [byte N: ]warning: ...", notes on stdout. */
static void print_tree_report(const lwm_report *r, const char *root)
{
    for (size_t i = 0; i < r->count; i++) {
        const lwm_report_item *it = &r->items[i];
        if (it->kind == LWM_REPORT_NOTE) {
            printf("%s%s%s\n", it->file[0] ? it->file : "", it->file[0] ? ": " : "", it->message);
            continue;
        }
        char where[4400];
        if (it->file[0])
            snprintf(where, sizeof where, "%s/%s", root, it->file);
        else
            snprintf(where, sizeof where, "%s", root);
        if (it->offset >= 0)
            fprintf(stderr, "loopwright: %s: byte %ld: warning: %s\n", where, it->offset,
                    it->message);
        else
            fprintf(stderr, "loopwright: %s: warning: %s\n", where, it->message);
    }
}

static void list_levels(const lwm_tree *t)
{
    static const char *games[] = {"?", "s1", "s2", "s3k"};
    printf("%s: %s, %zu levels\n", t->root, games[t->game <= 3 ? t->game : 0], t->level_count);
    for (size_t i = 0; i < t->level_count; i++) {
        const lwm_tree_level *l = &t->levels[i];
        printf("%s\t%s %u", l->name, l->zone[0] ? l->zone : "-", l->act);
        if (strcmp(l->name, l->section) != 0)
            printf("\t[%s]", l->section);
        printf("\n");
    }
}

/* Import level @index of @t and write @out (+ its tileset) atomically. */
static int write_level(const lwm_tree *t, size_t index, const char *out)
{
    char *failed = malloc(4096);
    lwm_report report = {0};
    lwm_tree_import im = {0};
    lw_error err;
    if (!failed) {
        fprintf(stderr, "loopwright: %s: out of memory\n", out);
        return CLI_EXIT_DATA;
    }
    bool ok = editor_disasm_unpack(t, index, out, &im, &report, failed, &err);
    print_tree_report(&report, t->root);
    if (!ok)
        cli_print_error(failed, &err);
    else
        printf("%s: %u masks, %u tiles, %u chunks of %u px, layout %ux%u; tileset %s%s%s\n", out,
               im.level->mask_count, im.level->tile_count, im.level->chunk_count,
               im.level->chunk_px, im.level->layout_width, im.level->layout_height,
               im.level->tileset ? im.level->tileset : "none",
               im.source.water_tileset ? "; water tileset " : "",
               im.source.water_tileset ? im.source.water_tileset : "");
    lwm_tree_import_clear(&im);
    lwm_report_clear(&report);
    free(failed);
    return ok ? CLI_EXIT_OK : CLI_EXIT_DATA;
}

typedef struct tree_args {
    const char *tree, *out, *level, *zone, *format;
    unsigned act;
    bool list;
} tree_args;

static int parse_args(int argc, char **argv, tree_args *a)
{
    const char *act_s = NULL;
    const cli_option opts[] = {
        {.name = "--list",
         .flag = &a->list,
         .help = "print every level of the INI: name, zone and act"},
        {.name = "--level",
         .arg = "NAME",
         .value = &a->level,
         .help = "the level's INI name or display name (as --list prints it)"},
        {.name = "--format", .arg = "s1|s2", .value = &a->format, .help = "with --zone: the game"},
        {.name = "--zone",
         .arg = "Z",
         .value = &a->zone,
         .help = "with --act N: the first level whose layout file is Z's act N"},
        {.name = "--act", .arg = "N", .value = &act_s, .help = "the act, 1..9 (default 1)"},
        {.name = "-o",
         .alias = "--output",
         .arg = "LEVEL.json",
         .value = &a->out,
         .help = "the level to write"},
        {.name = NULL},
    };
    int npos, r = cli_parse(&tree_spec, opts, argc, argv, &a->tree, &npos);
    if (r == CLI_EXIT_OK)
        return -1; /* --help */
    if (r > 0)
        return r;
    unsigned long n = 1;
    if (act_s && (!cli_parse_count(act_s, 9, &n) || n < 1))
        return cli_usage_error("unpack", "--act takes 1 to 9");
    a->act = (unsigned)n;
    if (!a->tree)
        return cli_usage_error("unpack", "missing TREE");
    if (!a->list && !a->level && !a->zone)
        return cli_usage_error("unpack", "give --list, --level NAME or --zone Z");
    if (!a->list && !a->out)
        return cli_usage_error("unpack", "missing -o LEVEL.json");
    return 0;
}

bool cli_tree_wanted(int argc, char **argv)
{
    if (cli_find_option(argc, argv, "--level"))
        return true;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--list") == 0)
            return true;
    return false;
}

int cli_tree_unpack_main(int argc, char **argv)
{
    tree_args a = {0};
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? CLI_EXIT_OK : rc;
    lwm_tree t;
    lw_error err;
    char *failed = malloc(4096);
    if (!failed)
        return CLI_EXIT_DATA;
    if (!lwm_tree_open(a.tree, &t, failed, &err)) {
        cli_print_error(failed, &err);
        free(failed);
        return CLI_EXIT_DATA;
    }
    free(failed);
    static const char *games[] = {"?", "s1", "s2", "s3k"};
    long index = -1;
    if (a.format && strcmp(a.format, games[t.game <= 3 ? t.game : 0]) != 0) {
        rc = cli_usage_error("unpack", "%s is a %s tree, not %s", a.tree,
                             games[t.game <= 3 ? t.game : 0], a.format);
    } else if (a.list) {
        list_levels(&t);
    } else if (a.level && (index = lwm_tree_find(&t, a.level)) < 0) {
        fprintf(stderr, "loopwright: %s: no level \"%s\" in its SonLVL INI (--list shows them)\n",
                a.tree, a.level);
        rc = CLI_EXIT_DATA;
    } else if (!a.level && (index = lwm_tree_find_zone(&t, a.zone, a.act)) < 0) {
        fprintf(stderr, "loopwright: %s: no level of zone %s act %u in its SonLVL INI\n", a.tree,
                a.zone, a.act);
        rc = CLI_EXIT_DATA;
    } else {
        rc = write_level(&t, (size_t)index, a.out);
    }
    lwm_tree_clear(&t);
    return rc;
}

/* ---- pack LEVEL --into TREE ---- */

static const cli_spec pack_spec = {
    .cmd = "pack",
    .usage = "LEVEL.json --into TREE [--allow-shared] [--dry-run]",
    .about = "Save a level unpacked from a disassembly tree (its \"source\" section) back into\n"
             "the tree, in place (docs/DISASM.md section 8). Only the files whose content\n"
             "changed are written, all or nothing; an unchanged level writes no file.",
    .after = "Exit status: 0 written (or nothing to write), 1 bad input or refused, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one level at a time",
    .form = "with --into",
};

typedef struct pack_args {
    const char *level, *tree;
    bool allow_shared, dry_run;
} pack_args;

static int parse_pack_args(int argc, char **argv, pack_args *a)
{
    const cli_option opts[] = {
        {.name = "--into", .arg = "TREE", .value = &a->tree, .help = "the tree to write into"},
        {.name = "--allow-shared",
         .flag = &a->allow_shared,
         .help = "also write files other levels read when that changes their\n"
                 "collision, layout or art (the levels are listed either way)"},
        {.name = "--dry-run",
         .flag = &a->dry_run,
         .help = "list what would be written, write nothing"},
        {.name = NULL},
    };
    int npos, r = cli_parse(&pack_spec, opts, argc, argv, &a->level, &npos);
    if (r == CLI_EXIT_OK)
        return -1; /* --help */
    if (r > 0)
        return r;
    if (!a->level)
        return cli_usage_error("pack", "missing LEVEL");
    return 0;
}

/* Report the changes (what editor_disasm_save_level computed), and each refusal. */
static void report_changes(const char *root, const lwm_tree_export *ex, bool allow_shared)
{
    for (size_t i = 0; i < ex->file_count; i++) {
        const lwm_tree_out_file *f = &ex->files[i];
        printf("%s/%s: %u unpacked %s (%s), %zu bytes\n", root, f->path, f->changed_bytes,
               f->changed_bytes == 1 ? "byte changes" : "bytes change", f->role, f->size);
        if (f->shared)
            printf("  also read by: %s\n", f->shared);
        if (f->alters_others && !allow_shared)
            fprintf(stderr,
                    "loopwright: %s/%s: the change alters the collision, layout or art of other "
                    "levels (%s); pass --allow-shared to write it\n",
                    root, f->path, f->shared);
    }
}

/* The same write-back as the editor's Save of a level opened from a tree (disasm-save.h). */
static int pack_into(const pack_args *a, const lw_level *level)
{
    char *failed = malloc(4096);
    if (!failed)
        return CLI_EXIT_DATA;
    editor_disasm_save s;
    lw_error err;
    unsigned flags = (a->allow_shared ? EDITOR_DISASM_ALLOW_SHARED : 0) |
                     (a->dry_run ? EDITOR_DISASM_DRY_RUN : 0);
    bool ok = editor_disasm_save_level(a->level, level, a->tree, flags, &s, failed, &err);
    int rc = CLI_EXIT_DATA;
    print_tree_report(&s.report, a->tree);
    report_changes(a->tree, &s.ex, a->allow_shared);
    if (s.refused) {
        fprintf(stderr, "loopwright: %s: nothing was written\n", a->tree);
    } else if (!ok) {
        cli_print_error(failed, &err);
    } else if (s.ex.file_count == 0) {
        printf("%s: no file changed (the %zu files rebuilt from the level are the same); nothing "
               "written\n",
               a->tree, s.ex.unchanged);
        rc = CLI_EXIT_OK;
    } else if (a->dry_run) {
        printf("%s: %zu files would be written (--dry-run: nothing written)\n", a->tree,
               s.ex.file_count);
        rc = CLI_EXIT_OK;
    } else {
        printf("%s: %zu files written, %zu unchanged; %s updated\n", a->tree, s.ex.file_count,
               s.ex.unchanged, a->level);
        rc = CLI_EXIT_OK;
    }
    editor_disasm_save_clear(&s);
    free(failed);
    return rc;
}

int cli_tree_pack_main(int argc, char **argv)
{
    pack_args a = {0};
    int rc = parse_pack_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? CLI_EXIT_OK : rc;
    lw_level *level = NULL;
    if (!cli_load_level(a.level, 0, &level))
        return CLI_EXIT_DATA;
    rc = pack_into(&a, level);
    lw_level_free(level);
    return rc;
}
