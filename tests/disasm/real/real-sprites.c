/* SPDX-License-Identifier: MIT */
/*
 * The `real` suite's object sprites (docs/DISASM.md §11): for every level of a tree's SonLVL.ini,
 * import it (lwm_tree_import_level) and ask editor/doc/disasm-sprites.h for the sprite of every
 * imported object and ring record, counting those drawn with a sprite and those left a box;
 * prints the counts per level and in total, and the warnings. On s2disasm's Emerald Hill Zone
 * Act 1 every ring record, spring (0x41), monitor (0x26) and bridge (0x11) must have a sprite,
 * and the time to read the lists and build every sprite of the level is printed (the cost at
 * open). Prints TAP.
 *
 *   real-sprites TREE
 */
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
} counts;

static gboolean needed(const lw_object *o)
{
    const char *kind = editor_disasm_marker_prop(o, "disasm"),
               *id = editor_disasm_marker_prop(o, "id");
    if (strcmp(kind, "ring") == 0)
        return TRUE;
    return id && (strcmp(id, "0x41") == 0 || strcmp(id, "0x26") == 0 || strcmp(id, "0x11") == 0);
}

static void count_level(EditorDisasmSprites *s, const lw_level *level, counts *c, gboolean ehz)
{
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        const char *kind =
            o->type == LW_OBJECT_MARKER ? editor_disasm_marker_prop(o, "disasm") : NULL;
        if (!kind || (strcmp(kind, "object") && strcmp(kind, "ring")))
            continue;
        gboolean ok = editor_disasm_sprites_get(s, o) != NULL;
        ok ? c->sprites++ : c->boxes++;
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
        if (s)
            count_level(s, im.level, &c, ehz);
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
        total.sprites += c.sprites;
        total.boxes += c.boxes;
        for (int k = 0; k < 257; k++)
            total.box_ids[k] += c.box_ids[k];
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
    printf("ok %zu - total: %u objects with a sprite, %u boxes\n", ++points, total.sprites,
           total.boxes);
    printf("1..%zu\n", points);
    lwm_tree_clear(&tree);
    free(failed);
    return ehz_ok ? 0 : 1;
}
