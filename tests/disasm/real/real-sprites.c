/* SPDX-License-Identifier: MIT */
/*
 * The `real` suite's object sprites (docs/DISASM.md §11): for every level of a tree's SonLVL.ini,
 * import it (lwm_tree_import_level) and ask editor/doc/disasm-sprites.h for the sprite of every
 * imported object and ring record, counting those drawn with a sprite and those left a box;
 * prints the counts per level and in total, and the warnings. On s2disasm's Emerald Hill Zone
 * Act 1 every ring record, spring (0x41), monitor (0x26) and bridge (0x11) must have a sprite,
 * and the time to read the lists and build every sprite of the level is printed (the cost at
 * open). The objects drawn through DPLCs are counted; the boxes are listed by id per level. Every
 * DPLC file of the tree (a name starting with "DPLC", S1's "Dynamic Gfx Script", files in
 * s2disasm's mappings/spriteDPLC) is parsed in its game's format; skdisasm's in S3K's, else in S2's
 * (the players', shields' and a few others, which the game loads with S2's routine; the lists say
 * dplcver="S2" for the players): all must parse in one. Prints TAP.
 *
 *   real-sprites TREE
 */
#include "disasm-sprites-map.h"
#include "disasm-sprites.h"

#include <loopwright-masks/disasm-tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    guint sprites, boxes;
    guint box_ids[257];  /* boxes by object id (256: rings) */
    guint need, need_ok; /* EHZ 1's rings, springs, monitors, bridges */
    guint dplc;          /* drawn through DPLCs */
    guint dplc_ids[256]; /* ... by object id */
    guint64 digest[257]; /* the pictures (FNV-1a, in the objects' order) by object id */
} counts;

typedef struct {
    guint files, parsed, frames, entries, as_s2; /* as_s2: skdisasm's read in S2's format */
} dplc_counts;

static gboolean is_dplc(const char *dir, const char *name)
{
    g_autofree char *lower = g_ascii_strdown(name, -1);
    return (g_str_has_suffix(lower, ".asm") || g_str_has_suffix(lower, ".bin")) &&
           (g_str_has_prefix(lower, "dplc") || strstr(lower, "dynamic gfx") ||
            g_str_has_suffix(dir, "/spriteDPLC"));
}

static bool parse_dplc(editor_dplc_format f, const char *name, const char *text, gsize n,
                       editor_dplcs *out, lw_error *err)
{
    return g_str_has_suffix(name, ".bin")
               ? editor_dplcs_parse_bin(f, (const uint8_t *)text, n, out, err)
               : editor_dplcs_parse_asm(f, text, n, out, err);
}

static void walk_dplcs(lwm_game game, const char *dir, int depth, dplc_counts *d)
{
    GDir *g = depth < 12 ? g_dir_open(dir, 0, NULL) : NULL;
    for (const char *name; g && (name = g_dir_read_name(g));) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        if (name[0] == '.')
            continue;
        if (g_file_test(path, G_FILE_TEST_IS_DIR) && !g_file_test(path, G_FILE_TEST_IS_SYMLINK)) {
            walk_dplcs(game, path, depth + 1, d);
            continue;
        }
        if (!is_dplc(dir, name))
            continue;
        gchar *text;
        gsize n;
        d->files++;
        if (!g_file_get_contents(path, &text, &n, NULL)) {
            printf("# %s: cannot read\n", path);
            continue;
        }
        editor_dplcs out;
        lw_error err;
        editor_dplc_format f = game == LWM_GAME_S1   ? EDITOR_DPLC_S1
                               : game == LWM_GAME_S2 ? EDITOR_DPLC_S2
                                                     : EDITOR_DPLC_S3K;
        bool ok = parse_dplc(f, name, text, n, &out, &err);
        if (!ok && f == EDITOR_DPLC_S3K && parse_dplc(EDITOR_DPLC_S2, name, text, n, &out, &err)) {
            ok = true;
            d->as_s2++;
            printf("# %s: in S2's format\n", path);
        }
        if (ok) {
            d->parsed++;
            d->frames += (guint)out.count;
            for (size_t i = 0; i < out.count; i++)
                d->entries += (guint)out.frames[i].count;
        } else {
            printf("# %s:%d: %s\n", path, err.line, err.message);
        }
        editor_dplcs_clear(&out);
        g_free(text);
    }
    if (g)
        g_dir_close(g);
}

static gboolean needed(const lw_object *o)
{
    const char *kind = editor_disasm_marker_prop(o, "disasm"),
               *id = editor_disasm_marker_prop(o, "id");
    if (strcmp(kind, "ring") == 0)
        return TRUE;
    return id && (strcmp(id, "0x41") == 0 || strcmp(id, "0x26") == 0 || strcmp(id, "0x11") == 0);
}

static guint64 fnv(guint64 h, const void *data, gsize n)
{
    for (gsize i = 0; i < n; i++)
        h = (h ^ ((const guint8 *)data)[i]) * 0x100000001b3ull;
    return h;
}

/* @h with sprite @sp (NULL: a box) added: its place, size and pixels. */
static guint64 digest_add(guint64 h, const EditorDisasmSprite *sp)
{
    if (!sp)
        return fnv(h, "box", 3);
    int head[4] = {sp->left, sp->top, (int)sp->width, (int)sp->height};
    h = fnv(h, head, sizeof head);
    return fnv(h, sp->argb, (gsize)sp->width * sp->height * sizeof *sp->argb);
}

static void count_level(EditorDisasmSprites *s, const lw_level *level, counts *c, gboolean ehz)
{
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        const char *kind =
            o->type == LW_OBJECT_MARKER ? editor_disasm_marker_prop(o, "disasm") : NULL;
        if (!kind || (strcmp(kind, "object") && strcmp(kind, "ring")))
            continue;
        const EditorDisasmSprite *sp = editor_disasm_sprites_get(s, o);
        gboolean ok = sp != NULL;
        const char *oid = editor_disasm_marker_prop(o, "id");
        int slot = strcmp(kind, "ring") == 0 || !oid ? 256 : (int)(strtoul(oid, NULL, 0) & 255);
        c->digest[slot] = digest_add(c->digest[slot] ? c->digest[slot] : 0xcbf29ce484222325ull, sp);
        ok ? c->sprites++ : c->boxes++;
        c->dplc += ok && sp->dplc;
        if (ok && sp->dplc && strcmp(kind, "object") == 0)
            c->dplc_ids[strtoul(editor_disasm_marker_prop(o, "id"), NULL, 0) & 255]++;
        if (!ok) {
            const char *id = editor_disasm_marker_prop(o, "id");
            c->box_ids[strcmp(kind, "ring") == 0 || !id ? 256 : strtoul(id, NULL, 0) & 255]++;
        }
        if (ehz && needed(o)) {
            c->need++;
            c->need_ok += ok;
            if (!ok)
                printf("# EHZ 1: %s %s at (%d, %d) has no sprite\n", kind,
                       editor_disasm_marker_prop(o, "id"), o->x, o->y);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: real-sprites TREE\n");
        return 2;
    }
    lwm_tree tree;
    char *failed = malloc(4096);
    lw_error err;
    if (!lwm_tree_open(argv[1], &tree, failed, &err)) {
        printf("1..1\nnot ok 1 open %s: %s\n", failed, err.message);
        return 1;
    }
    size_t points = 0; /* the plan goes at the end: a level that does not import is no point */
    counts total = {0};
    gboolean ehz_ok = TRUE;
    for (size_t i = 0; i < tree.level_count; i++) {
        const char *name = tree.levels[i].section;
        gboolean ehz = tree.game == LWM_GAME_S2 && strcmp(name, "Emerald Hill Zone Act 1") == 0;
        lwm_tree_import im;
        lwm_report report = {0};
        if (!lwm_tree_import_level(&tree, i, &im, &report, failed, &err)) {
            lwm_report_clear(&report);
            printf("# %s: not importable (%s: %s), not counted\n", name, failed, err.message);
            continue;
        }
        lwm_report_clear(&report);
        gint64 t0 = g_get_monotonic_time();
        clock_t c0 = clock();
        GError *error = NULL;
        EditorDisasmSprites *s = editor_disasm_sprites_new(argv[1], name, &error);
        counts c = {0};
        if (s) {
            editor_disasm_sprites_set_level(s, im.level); /* the floors and ceilings some read */
            count_level(s, im.level, &c, ehz);
        }
        gint64 t1 = g_get_monotonic_time();
        clock_t c1 = clock();
        for (guint w = 0; s && w < editor_disasm_sprites_warning_count(s); w++)
            printf("# %s: warning: %s\n", name, editor_disasm_sprites_warning(s, w));
        gboolean ok = s != NULL && (!ehz || (c.need > 0 && c.need_ok == c.need));
        if (ehz) {
            printf("# EHZ 1: %u rings/springs/monitors/bridges, %u with sprites; lists read and "
                   "every sprite built in %.1f ms (%.1f ms CPU)\n",
                   c.need, c.need_ok, (double)(t1 - t0) / 1000.0,
                   (double)(c1 - c0) * 1000.0 / CLOCKS_PER_SEC);
            ehz_ok = ok;
        }
        printf("%s %zu - %s: %u with a sprite, %u boxes%s%s\n", ok ? "ok" : "not ok", ++points,
               name, c.sprites, c.boxes, error ? ": " : "", error ? error->message : "");
        if (c.boxes) {
            printf("# %s: boxes by id:", name);
            for (int k = 0; k < 257; k++)
                if (c.box_ids[k] && k == 256)
                    printf(" rings %u", c.box_ids[k]);
                else if (c.box_ids[k])
                    printf(" 0x%02X %u", (unsigned)k, c.box_ids[k]);
            printf("\n");
        }
        total.sprites += c.sprites;
        total.boxes += c.boxes;
        total.dplc += c.dplc;
        for (int k = 0; k < 257; k++)
            total.box_ids[k] += c.box_ids[k];
        for (int k = 0; k < 256; k++)
            total.dplc_ids[k] += c.dplc_ids[k];
        for (int k = 0; k < 257; k++)
            if (c.digest[k])
                total.digest[k] = fnv(total.digest[k] ? total.digest[k] : 0xcbf29ce484222325ull,
                                      &c.digest[k], sizeof c.digest[k]);
        g_clear_error(&error);
        editor_disasm_sprites_free(s);
        lwm_tree_import_clear(&im);
    }
    printf("# boxes by id (all levels):");
    for (int k = 0; k < 257; k++)
        if (total.box_ids[k])
            printf(k == 256 ? " rings %u" : " 0x%02X %u", k == 256 ? total.box_ids[k] : (unsigned)k,
                   total.box_ids[k]);
    printf("\n");
    printf("# pictures by id (a digest of every object's sprite, to compare two builds):");
    for (int k = 0; k < 257; k++)
        if (total.digest[k] && k == 256)
            printf(" rings %016" G_GINT64_MODIFIER "x", total.digest[k]);
        else if (total.digest[k])
            printf(" 0x%02X %016" G_GINT64_MODIFIER "x", (unsigned)k, total.digest[k]);
    printf("\n");
    printf("# drawn through DPLCs by id:");
    for (int k = 0; k < 256; k++)
        if (total.dplc_ids[k])
            printf(" 0x%02X %u", (unsigned)k, total.dplc_ids[k]);
    printf("\n");
    printf("ok %zu - total: %u objects with a sprite (%u through DPLCs), %u boxes\n", ++points,
           total.sprites, total.dplc, total.boxes);
    dplc_counts d = {0};
    walk_dplcs(tree.game, argv[1], 0, &d);
    printf("%s %zu - DPLC files: %u, %u parse (%u of them in S2's format; %u frames, %u "
           "entries)\n",
           d.parsed == d.files && d.files > 0 ? "ok" : "not ok", ++points, d.files, d.parsed,
           d.as_s2, d.frames, d.entries);
    printf("1..%zu\n", points);
    lwm_tree_clear(&tree);
    free(failed);
    return ehz_ok && d.parsed == d.files && d.files > 0 ? 0 : 1;
}
