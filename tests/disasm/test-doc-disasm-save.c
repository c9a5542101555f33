/* SPDX-License-Identifier: MIT */
/*
 * Save of a level opened from a disassembly tree (editor_document_save_into_tree, doc.save;
 * docs/DISASM.md §8.4), headless, on the synthetic tree of tree-fixture.h: the level is unpacked
 * as File ▸ Open Disassembly… does (editor_disasm_unpack), loaded as a document and edited
 * through commands. An unchanged save writes no file of the tree; moving a ring and changing one
 * mask then doc.save writes exactly the rings file, the two collision indexes and the arrays the
 * new collision id touches, every other file byte-identical; the tree then unpacks to the edited
 * level, and a second save writes nothing. When level 2 shares the index, doc.save is refused
 * (EDITOR_DOCUMENT_ERROR_SHARED naming the level, nothing written, the document still modified)
 * and the confirmed save (allow_shared) writes it.
 */
#include "disasm-save.h"
#include "disasm-unpack.h"
#include "editor-commands-mask.h"
#include "editor-commands.h"
#include "editor-document.h"
#include "tree-fixture.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

static char *tmp;

/* Unpack "Test Zone Act 1" of @tree into @json, as Open Disassembly does, and load it. */
static EditorDocument *open_level(const char *tree, const char *json)
{
    lwm_tree t;
    char failed[4096];
    lw_error err;
    lwm_report report = {0};
    if (!lwm_tree_open(tree, &t, failed, &err))
        g_error("%s: %s", failed, err.message);
    long index = lwm_tree_find(&t, "Test Zone Act 1");
    g_assert_cmpint(index, ==, 0);
    if (!editor_disasm_unpack(&t, (size_t)index, json, NULL, &report, failed, &err))
        g_error("%s: %s", failed, err.message);
    lwm_report_clear(&report);
    lwm_tree_clear(&t);
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(json, &error);
    g_assert_no_error(error);
    g_assert_true(editor_document_is_from_tree(doc));
    return doc;
}

/* The first marker named @name. */
static const lw_object *marker(EditorDocument *doc, const char *name)
{
    const lw_level *l = editor_document_get_level(doc);
    for (uint32_t i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_MARKER && g_strcmp0(l->objects[i].name, name) == 0)
            return &l->objects[i];
    g_error("no marker %s", name);
}

/* Move the first ring 16 px right and lower the first column of mask 0 (both undoable). */
static void edit(EditorDocument *doc, int32_t *ring_x, int *height)
{
    const lw_object *ring = marker(doc, "ring");
    *ring_x = ring->x + 16;
    editor_document_push(doc, editor_cmd_move_object_new(doc, ring->id, *ring_x, ring->y, 0));
    const lw_mask *m = &editor_document_get_level(doc)->masks[0];
    *height = m->heights[0] > 1 ? m->heights[0] - 1 : 3;
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, 0, 0, *height, 0));
    g_assert_true(editor_document_get_modified(doc));
}

static GError *failure;

static void on_failed(EditorDocument *doc, const char *action, const GError *error, gpointer u)
{
    g_clear_error(&failure);
    failure = g_error_copy(error);
}

static void test_save(void)
{
    char *dir = g_build_filename(tmp, "own", NULL);
    char *tree = tree_fixture_make(dir, FALSE);
    char *json = g_build_filename(dir, "cache", "level.json", NULL);
    char *cache = g_path_get_dirname(json);
    g_mkdir_with_parents(cache, 0755);
    g_free(cache);
    EditorDocument *doc = open_level(tree, json);
    GActionGroup *actions = editor_document_get_actions(doc);

    /* unchanged: doc.save writes no file of the tree */
    GHashTable *before = tree_fixture_snapshot(tree);
    g_action_group_activate_action(actions, "save", NULL);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);

    /* a ring moved and one mask reshaped: exactly those files */
    int32_t ring_x;
    int height;
    edit(doc, &ring_x, &height);
    g_signal_connect(doc, "failed", G_CALLBACK(on_failed), NULL);
    g_action_group_activate_action(actions, "save", NULL);
    g_assert_no_error(failure);
    g_assert_false(editor_document_get_modified(doc));
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==,
                    "collision/Collision array - Horizontal.bin,"
                    "collision/Collision array - Vertical.bin,"
                    "collision/Curve and resistance mapping.bin,"
                    "collision/TST primary 16x16 collision index.kos,"
                    "collision/TST secondary 16x16 collision index.kos,"
                    "level/rings/TST_1.bin");
    g_free(d);
    g_hash_table_unref(before);
    /* the angle map changes because the reshaped mask's angle (it follows the pixels) is not
     * the 0 the exporter wrote at the unused id it now takes */
    g_assert_cmpuint(editor_document_get_level(doc)->masks[0].angle, !=, 0);

    /* the cached JSON is in step: saving again writes nothing, and the tree unpacks to the edit */
    before = tree_fixture_snapshot(tree);
    char *report = NULL;
    GError *error = NULL;
    g_assert_true(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_assert_cmpstr(report, ==, "");
    g_free(report);
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    g_hash_table_unref(before);
    char *again = g_build_filename(dir, "again.json", NULL);
    EditorDocument *re = open_level(tree, again);
    g_assert_cmpint(marker(re, "ring")->x, ==, ring_x);
    const lw_level *a = editor_document_get_level(doc), *b = editor_document_get_level(re);
    g_assert_cmpuint(a->mask_count, ==, b->mask_count);
    gboolean found = FALSE; /* the reshaped mask is in the re-read level (order may differ) */
    for (uint32_t i = 0; i < b->mask_count; i++)
        found = found || memcmp(b->masks[i].heights, a->masks[0].heights, 16) == 0;
    g_assert_true(found);
    g_assert_cmpint(a->masks[0].heights[0], ==, height);
    g_object_unref(re);
    g_object_unref(doc);
    g_clear_error(&failure);
    g_free(again);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

static void test_shared(void)
{
    char *dir = g_build_filename(tmp, "shared", NULL);
    char *tree = tree_fixture_make(dir, TRUE);
    char *json = g_build_filename(dir, "level.json", NULL);
    EditorDocument *doc = open_level(tree, json);
    int32_t ring_x;
    int height;
    edit(doc, &ring_x, &height);
    gchar *json_before;
    g_assert_true(g_file_get_contents(json, &json_before, NULL, NULL));
    GHashTable *before = tree_fixture_snapshot(tree);

    /* doc.save: refused, nothing written, the reason names the other level */
    g_signal_connect(doc, "failed", G_CALLBACK(on_failed), NULL);
    g_action_group_activate_action(editor_document_get_actions(doc), "save", NULL);
    g_assert_error(failure, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_SHARED);
    g_assert_nonnull(strstr(failure->message, "also read by: Test Zone Act 2"));
    g_assert_nonnull(strstr(failure->message, "TST primary 16x16 collision index.kos"));
    g_clear_error(&failure);
    g_assert_true(editor_document_get_modified(doc));
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    gchar *json_now;
    g_assert_true(g_file_get_contents(json, &json_now, NULL, NULL));
    g_assert_cmpstr(json_now, ==, json_before);
    g_free(json_now);

    /* the same report without writing, then the confirmed save */
    char *report = NULL;
    GError *error = NULL;
    g_assert_false(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_SHARED);
    g_clear_error(&error);
    g_assert_nonnull(strstr(report, "alters those levels' collision or layout"));
    g_free(report);
    g_assert_true(editor_document_save_into_tree(doc, TRUE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_assert_nonnull(strstr(report, "also read by: Test Zone Act 2"));
    g_free(report);
    g_assert_false(editor_document_get_modified(doc));
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==,
                    "collision/Collision array - Horizontal.bin,"
                    "collision/Collision array - Vertical.bin,"
                    "collision/Curve and resistance mapping.bin,"
                    "collision/TST primary 16x16 collision index.kos,"
                    "collision/TST secondary 16x16 collision index.kos,"
                    "level/rings/TST_1.bin");
    g_free(d);
    g_hash_table_unref(before);
    g_object_unref(doc);
    g_free(json_before);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

/* The path swapper objects of the level, in level order. */
static guint swappers(EditorDocument *doc, const lw_object **out, guint max)
{
    const lw_level *l = editor_document_get_level(doc);
    guint n = 0;
    for (uint32_t i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_PATH_SWAPPER && n < max)
            out[n++] = &l->objects[i];
    return n;
}

/* S2 plane switchers (Obj03) open as the level's path swappers and go back as the same bytes;
 * one with a bit a swapper has no place for (bit 12 of y) stays a marker. */
static void test_swappers(void)
{
    char *dir = g_build_filename(tmp, "swap", NULL);
    char *tree = tree_fixture_make(dir, FALSE);
    char *json = g_build_filename(dir, "level.json", NULL);
    EditorDocument *doc = open_level(tree, json);
    const lw_object *sw[4];
    g_assert_cmpuint(swappers(doc, sw, 4), ==, 1);
    /* x 0x300, y 0x150 (X flip: priority only), subtype 0xE9 */
    g_assert_cmpint(sw[0]->x, ==, 0x300);
    g_assert_cmpint(sw[0]->y, ==, 0x150);
    g_assert_cmpuint(sw[0]->swapper.radius, ==, 64);
    g_assert_false(sw[0]->swapper.horizontal);
    g_assert_cmpuint(sw[0]->swapper.path[0], ==, LW_PATH_A);
    g_assert_cmpuint(sw[0]->swapper.path[1], ==, LW_PATH_B);
    g_assert_cmpuint(sw[0]->swapper.priority[0], ==, 1);
    g_assert_cmpuint(sw[0]->swapper.priority[1], ==, 1);
    g_assert_true(sw[0]->swapper.grounded_only);
    g_assert_true(sw[0]->swapper.priority_only);
    const lw_object *kept = marker(doc, "object 0x03");
    g_assert_cmpstr(kept->props[0].value, ==, "object");

    /* unchanged: nothing written; moved 16 px right: exactly the objects file, same record */
    GHashTable *before = tree_fixture_snapshot(tree);
    GError *error = NULL;
    g_assert_true(editor_document_save(doc, &error));
    g_assert_no_error(error);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    editor_document_push(doc, editor_cmd_move_object_new(doc, sw[0]->id, 0x310, 0x150, 0));
    g_assert_true(editor_document_save(doc, &error));
    g_assert_no_error(error);
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "level/objects/TST_1.bin");
    g_free(d);
    char *path = g_build_filename(tree, "level", "objects", "TST_1.bin", NULL);
    gchar *bytes;
    gsize size;
    g_assert_true(g_file_get_contents(path, &bytes, &size, NULL));
    static const uint8_t want[] = {0x03, 0x10, 0x21, 0x50, 0x03, 0xE9,
                                   0x03, 0x80, 0x11, 0x60, 0x03, 0x04};
    g_assert_cmpuint(size, ==, 24);
    g_assert_cmpmem(bytes + 12, 12, want, sizeof want);
    g_free(bytes);
    g_free(path);
    g_hash_table_unref(before);

    /* a path swapper added in the editor goes into the tree as a plane switcher */
    lw_object added = {.type = LW_OBJECT_PATH_SWAPPER, .x = 0x400, .y = 0x100};
    added.swapper = (lw_path_swapper){.horizontal = true, .radius = 256, .path = {LW_PATH_B, 0}};
    editor_document_push(doc, editor_cmd_add_object_new(doc, &added, NULL));
    g_assert_true(editor_document_save(doc, &error));
    g_assert_no_error(error);
    path = g_build_filename(tree, "level", "objects", "TST_1.bin", NULL);
    g_assert_true(g_file_get_contents(path, &bytes, &size, NULL));
    static const uint8_t add_want[] = {0x04, 0x00, 0x01, 0x00, 0x03, 0x17};
    g_assert_cmpuint(size, ==, 30);
    g_assert_cmpmem(bytes + 24, 6, add_want, sizeof add_want);
    g_free(bytes);
    g_free(path);
    g_object_unref(doc);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

/* A plain level (no source section) saves as before: not from a tree. */
static void test_plain(void)
{
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(sample, &error);
    g_assert_no_error(error);
    g_assert_false(editor_document_is_from_tree(doc));
    char *copy = g_build_filename(tmp, "plain.json", NULL);
    g_assert_true(editor_document_save_as(doc, copy, &error));
    g_assert_no_error(error);
    g_assert_false(editor_document_is_from_tree(doc));
    char *report = (char *)"unset";
    g_assert_false(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_null(report);
    g_assert_nonnull(strstr(error->message, "no \"source\" section"));
    g_clear_error(&error);
    g_object_unref(doc);
    g_free(copy);
    g_free(sample);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-doc-tree-XXXXXX", &error);
    g_assert_no_error(error);
    g_setenv("XDG_STATE_HOME", tmp, TRUE); /* recovery files */
    g_test_add_func("/editor/disasm-save/doc", test_save);
    g_test_add_func("/editor/disasm-save/shared", test_shared);
    g_test_add_func("/editor/disasm-save/plain", test_plain);
    g_test_add_func("/editor/disasm-save/swappers", test_swappers);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_free(cmd);
    g_free(tmp);
    return rc;
}
