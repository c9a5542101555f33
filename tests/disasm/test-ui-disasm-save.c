/* SPDX-License-Identifier: MIT */
/*
 * Save in the editor for a level opened with File ▸ Open Disassembly… (editor-disasm-save.c,
 * docs/DISASM.md §8.4), driven through the window's actions on the synthetic tree of
 * tree-fixture.h. With its own collision index, a moved ring and a reshaped mask then win.save
 * write exactly the rings file, the indexes and the arrays, and no question is asked. With the
 * index shared by level 2, win.save asks (a dialog naming the level), writes nothing on Cancel,
 * and writes the shared files on "Write Shared Files".
 */
#include "editor-application.h"
#include "editor-commands-mask.h"
#include "editor-commands.h"
#include "editor-disasm-open.h"
#include "editor-disasm-save.h"
#include "editor-window.h"
#include "tree-fixture.h"
#include "ui-fixture.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static EditorApplication *app;
static char *tmp;

static const char *const written = "collision/Collision array - Horizontal.bin,"
                                   "collision/Collision array - Vertical.bin,"
                                   "collision/Curve and resistance mapping.bin,"
                                   "collision/TST primary 16x16 collision index.kos,"
                                   "collision/TST secondary 16x16 collision index.kos,"
                                   "level/rings/TST_1.bin";

/* The open shared-files confirmation, or NULL. */
static GtkDialog *confirmation(void)
{
    GListModel *tops = gtk_window_get_toplevels();
    GtkDialog *found = NULL;
    for (guint i = 0; !found && i < g_list_model_get_n_items(tops); i++) {
        GtkWindow *w = g_list_model_get_item(tops, i);
        if (g_object_get_data(G_OBJECT(w), "loopwright-disasm-shared"))
            found = GTK_DIALOG(w);
        g_object_unref(w);
    }
    return found;
}

/* Open "Test Zone Act 1" of @tree through the chooser; its window. */
static EditorWindow *open_level(const char *tree)
{
    GtkWindow *chooser = editor_disasm_open_tree(NULL, tree);
    g_assert_nonnull(chooser);
    ui_fixture_spin(100);
    g_assert_true(editor_disasm_open_choose(chooser, 0));
    ui_fixture_spin(200);
    char *path = editor_disasm_cache_path(tree, "Test Zone Act 1");
    EditorWindow *win = ui_fixture_window_for(app, path);
    g_assert_nonnull(win);
    g_free(path);
    return win;
}

/* Move the first ring 16 px right and lower mask 0's first column, through commands. */
static void edit(EditorDocument *doc)
{
    const lw_level *l = editor_document_get_level(doc);
    const lw_object *ring = NULL;
    for (uint32_t i = 0; !ring && i < l->object_count; i++)
        if (g_strcmp0(l->objects[i].name, "ring") == 0)
            ring = &l->objects[i];
    g_assert_nonnull(ring);
    editor_document_push(doc, editor_cmd_move_object_new(doc, ring->id, ring->x + 16, ring->y, 0));
    int h = l->masks[0].heights[0];
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, 0, 0, h > 1 ? h - 1 : 3, 0));
    g_assert_true(editor_document_get_modified(doc));
}

static void test_save_own(void)
{
    char *dir = g_build_filename(tmp, "own", NULL);
    char *tree = tree_fixture_make(dir, FALSE);
    EditorWindow *win = open_level(tree);
    EditorDocument *doc = editor_window_get_document(win);
    GHashTable *before = tree_fixture_snapshot(tree);
    edit(doc);
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(win), "win.save", NULL));
    ui_fixture_spin(200);
    g_assert_null(confirmation());
    g_assert_false(editor_document_get_modified(doc));
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, written);
    g_free(d);
    g_hash_table_unref(before);
    editor_window_close_now(win);
    ui_fixture_spin(50);
    g_free(tree);
    g_free(dir);
}

static void test_save_shared(void)
{
    char *dir = g_build_filename(tmp, "shared", NULL);
    char *tree = tree_fixture_make(dir, TRUE);
    EditorWindow *win = open_level(tree);
    EditorDocument *doc = editor_window_get_document(win);
    GHashTable *before = tree_fixture_snapshot(tree);
    edit(doc);

    /* asked; Cancel writes nothing */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(win), "win.save", NULL));
    ui_fixture_spin(200);
    GtkDialog *d = confirmation();
    g_assert_nonnull(d);
    char *text = NULL;
    g_object_get(d, "secondary-text", &text, NULL);
    g_assert_nonnull(strstr(text, "also read by: Test Zone Act 2"));
    g_free(text);
    gtk_dialog_response(d, GTK_RESPONSE_CANCEL);
    ui_fixture_spin(100);
    g_assert_null(confirmation());
    g_assert_true(editor_document_get_modified(doc));
    char *diff = tree_fixture_diff(before, tree);
    g_assert_cmpstr(diff, ==, "");
    g_free(diff);

    /* asked again; Write Shared Files writes them */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(win), "win.save", NULL));
    ui_fixture_spin(200);
    d = confirmation();
    g_assert_nonnull(d);
    gtk_dialog_response(d, EDITOR_DISASM_SAVE_SHARED);
    ui_fixture_spin(200);
    g_assert_null(confirmation());
    g_assert_false(editor_document_get_modified(doc));
    diff = tree_fixture_diff(before, tree);
    g_assert_cmpstr(diff, ==, written);
    g_free(diff);
    g_hash_table_unref(before);
    editor_window_close_now(win);
    ui_fixture_spin(50);
    g_free(tree);
    g_free(dir);
}

int main(int argc, char **argv)
{
    int status = ui_fixture_start(&argc, &argv, "lw-ui-disasm-save", &tmp, &app);
    if (status >= 0)
        return status;
    g_test_add_func("/ui/disasm/save-into-tree", test_save_own);
    g_test_add_func("/ui/disasm/save-shared-confirm", test_save_shared);
    return ui_fixture_finish(app, tmp, g_test_run());
}
