/* SPDX-License-Identifier: MIT */
/*
 * The `real` suite's edit story through the editor's document (docs/DISASM.md §9.1): s2disasm's
 * Emerald Hill Zone Act 1, from a copy of the tree, unpacked as File ▸ Open Disassembly… does,
 * loaded as a document, its first ring moved 16 px and one column of its first unflagged slope
 * mask lowered by one pixel through the editor's commands. doc.save is refused (the index is
 * shared with other levels: EDITOR_DOCUMENT_ERROR_SHARED naming them), nothing is written; the
 * confirmed save writes only the rings file, the EHZ/HTZ indexes and the collision arrays; a
 * second save writes nothing. Prints TAP.
 *
 *   real-doc-save S2DISASM
 */
#include "doc-fixture.h"
#include "editor-commands-mask.h"
#include "editor-commands.h"
#include "editor-document.h"
#include "tree-fixture.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *tree_arg;
static char *tmp;

static GError *failure;

static void on_failed(EditorDocument *doc, const char *action, const GError *error, gpointer u)
{
    g_clear_error(&failure);
    failure = g_error_copy(error);
}

static gboolean allowed(const char *path)
{
    static const char *const ok[] = {
        "level/rings/EHZ_1.bin",
        "collision/EHZ and HTZ primary 16x16 collision index.kos",
        "collision/EHZ and HTZ secondary 16x16 collision index.kos",
        "collision/Collision array - Vertical.bin",
        "collision/Collision array - Horizontal.bin",
        "collision/Curve and resistance mapping.bin",
    };
    for (guint i = 0; i < G_N_ELEMENTS(ok); i++)
        if (strcmp(path, ok[i]) == 0)
            return TRUE;
    return FALSE;
}

static void test_story(void)
{
    char *copy = g_build_filename(tmp, "s2disasm", NULL);
    char *cmd = g_strdup_printf("cp -a '%s' '%s'", tree_arg, copy);
    g_assert_cmpint(system(cmd), ==, 0);
    g_free(cmd);
    char *json = g_build_filename(tmp, "ehz1.json", NULL);
    EditorDocument *doc = doc_fixture_open(copy, "Emerald Hill Zone Act 1", json, NULL);
    GError *error = NULL;
    GHashTable *before = tree_fixture_snapshot(copy);

    const lw_level *l = editor_document_get_level(doc);
    const lw_object *ring = NULL;
    for (uint32_t i = 0; !ring && i < l->object_count; i++)
        if (g_strcmp0(l->objects[i].name, "ring") == 0)
            ring = &l->objects[i];
    g_assert_nonnull(ring);
    editor_document_push(doc, editor_cmd_move_object_new(doc, ring->id, ring->x + 16, ring->y, 0));
    guint slope = 0;
    for (; slope < l->mask_count; slope++) {
        const lw_mask *m = &l->masks[slope];
        if (!(m->flags & LW_MASK_FLAGGED) && m->heights[0] > 1 && m->heights[0] != m->heights[15])
            break;
    }
    g_assert_cmpuint(slope, <, l->mask_count);
    editor_document_push(
        doc, editor_cmd_mask_set_column_new(doc, slope, 0, l->masks[slope].heights[0] - 1, 0));

    /* doc.save: refused, naming the levels; nothing written */
    g_signal_connect(doc, "failed", G_CALLBACK(on_failed), NULL);
    g_action_group_activate_action(editor_document_get_actions(doc), "save", NULL);
    g_assert_error(failure, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_SHARED);
    g_assert_nonnull(strstr(failure->message, "Hill Top Zone Act 1"));
    g_clear_error(&failure);
    char *d = tree_fixture_diff(before, copy);
    g_assert_cmpstr(d, ==, "");
    g_free(d);

    /* confirmed: only the expected files */
    char *rep = NULL;
    g_assert_true(editor_document_save_into_tree(doc, TRUE, FALSE, &rep, &error));
    g_assert_no_error(error);
    char **lines = g_strsplit(rep, "\n", -1);
    for (char **line = lines; *line; line++)
        if (**line)
            printf("# %s\n", *line); /* TAP comments */
    g_strfreev(lines);
    g_free(rep);
    g_assert_false(editor_document_get_modified(doc));
    d = tree_fixture_diff(before, copy);
    printf("# written: %s\n", d);
    char **files = g_strsplit(d, ",", -1);
    gboolean rings = FALSE, index_file = FALSE;
    for (char **f = files; *f; f++) {
        if (!allowed(*f))
            g_error("unexpected file written: %s", *f);
        rings = rings || strcmp(*f, "level/rings/EHZ_1.bin") == 0;
        index_file = index_file || strstr(*f, "collision index") != NULL;
    }
    g_assert_true(rings && index_file);
    g_strfreev(files);
    g_free(d);
    g_hash_table_unref(before);

    /* in step: a second save writes nothing */
    before = tree_fixture_snapshot(copy);
    g_assert_true(editor_document_save(doc, &error));
    g_assert_no_error(error);
    d = tree_fixture_diff(before, copy);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    g_hash_table_unref(before);
    g_object_unref(doc);
    g_free(json);
    g_free(copy);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    if (argc < 2) {
        fprintf(stderr, "usage: real-doc-save S2DISASM\n");
        return 2;
    }
    tree_arg = argv[1];
    tmp = g_dir_make_tmp("lw-real-doc-XXXXXX", NULL);
    g_assert_nonnull(tmp);
    g_setenv("XDG_STATE_HOME", tmp, TRUE);
    g_test_add_func("/real/s2disasm/doc-save", test_story);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_free(cmd);
    g_free(tmp);
    return rc;
}
