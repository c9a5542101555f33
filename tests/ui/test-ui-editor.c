/* SPDX-License-Identifier: MIT */
/*
 * The real editor, in process, under a display (xvfb-run in CI): crash recovery (a spawned
 * editor makes an edit, autosaves and is SIGKILLed; this process's editor offers the work back),
 * then a level driven through its actions — paint, stroke, rectangle, fill, edit a chunk in
 * place, make unique, flip, solidity, tile paint, object move, snap to ground, undo, redo,
 * history, copy/paste, save to a temporary folder — asserting on the document and the saved
 * file, a bad level's precise error dialog, and a rendered window that is not blank.
 * Without a display it exits 77 (meson SKIP, counted as a failure by scripts/test).
 */
#include "doc/editor-commands.h"
#include "doc/level-check.h"
#include "doc/level-json.h"
#include "editor-application.h"
#include "editor-new-level.h"
#include "editor-render.h"
#include "editor-window.h"
#include "ui-app.h"
#include "ui-snapshot.h"
#include "ui-support.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <loopwright-masks/image.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

static EditorApplication *app;
static char *tmpdir;
static char *level_path;

static EditorWindow *window_for(const char *path, gboolean want_modified)
{
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(app)); w; w = w->next) {
        if (!EDITOR_IS_WINDOW(w->data))
            continue;
        EditorDocument *doc = editor_window_get_document(w->data);
        const char *p = editor_document_get_path(doc);
        if (p && g_str_equal(p, path) && editor_document_get_modified(doc) == want_modified)
            return w->data;
    }
    return NULL;
}

static void act(EditorWindow *win, const char *detailed)
{
    ui_act(GTK_WIDGET(win), detailed);
}

static void pointer(EditorWindow *win, int x, int y, int kind)
{
    g_autofree char *a = g_strdup_printf("win.pointer((%d, %d, uint32 1, %d))", x, y, kind);
    act(win, a);
}

static guint stack_index(EditorDocument *doc)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
}

/* ---- crash recovery, with a real process killed after an autosave ---- */

static void test_recovery_after_kill(void)
{
    g_autofree char *rdir = editor_recovery_dir();
    const char *exe = g_getenv("LW_LOOPWRIGHT");
    g_assert_nonnull(exe);
    char **env = g_get_environ();
    env = g_environ_setenv(env, "XDG_STATE_HOME", g_get_user_state_dir(), TRUE);
    env = g_environ_setenv(env, "GTK_A11Y", "none", TRUE);
    /* slot (1, 0) gets chunk 9 through the pencil tool, then an autosave every second */
    char *argv[] = {(char *)exe,
                    level_path,
                    "--autosave-interval=1",
                    "--run-action=win.select-chunk(uint32 9)",
                    "--run-action=win.tool('pencil')",
                    "--run-action=win.pointer((130, 5, uint32 1, 0))",
                    NULL};
    GPid pid;
    g_autoptr(GError) error = NULL;
    g_assert_true(
        g_spawn_async(NULL, argv, env, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error));
    g_strfreev(env);
    g_autofree char *found = NULL;
    for (int i = 0; i < 150 && !found; i++) {
        g_usleep(100000);
        GDir *d = g_dir_open(rdir, 0, NULL);
        const char *n;
        while (d && (n = g_dir_read_name(d)))
            if (g_str_has_suffix(n, ".json"))
                found = g_build_filename(rdir, n, NULL);
        if (d)
            g_dir_close(d);
    }
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    g_spawn_close_pid(pid);
    g_assert_nonnull(found);
    g_assert_true(WIFSIGNALED(status));

    /* start the editor (this process) on the same level: the work is offered back */
    g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));
    g_assert_cmpuint(editor_application_get_pending_recovery_count(app), ==, 1);
    GFile *file = g_file_new_for_path(level_path);
    g_application_open(G_APPLICATION(app), &file, 1, "");
    g_object_unref(file);
    ui_spin(300);
    /* the offer is a dialog; answer it through its action */
    gboolean dialog = FALSE;
    GListModel *tops = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(tops); i++) {
        GtkWindow *w = g_list_model_get_item(tops, i);
        if (GTK_IS_MESSAGE_DIALOG(w))
            dialog = TRUE;
        g_object_unref(w);
    }
    g_assert_true(dialog);
    g_action_group_activate_action(G_ACTION_GROUP(app), "recover", NULL);
    ui_spin(200);
    EditorWindow *rec = window_for(level_path, TRUE);
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(app)); w && !rec; w = w->next)
        if (EDITOR_IS_WINDOW(w->data)) {
            EditorDocument *d = editor_window_get_document(w->data);
            g_test_message("window: %s modified %d", editor_document_get_path(d),
                           editor_document_get_modified(d));
        }
    g_assert_nonnull(rec);
    const lw_level *l = editor_document_get_level(editor_window_get_document(rec));
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 1, 0), ==, 9);
    g_assert_cmpuint(editor_application_get_pending_recovery_count(app), ==, 0);
    /* the recovered work replaced the window already showing the file (one undoable step): no
     * stale pre-crash copy is left open beside it to be saved over the recovered edits */
    guint windows_on_file = 0;
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(app)); w; w = w->next)
        if (EDITOR_IS_WINDOW(w->data) &&
            g_strcmp0(editor_document_get_path(editor_window_get_document(w->data)), level_path) ==
                0)
            windows_on_file++;
    g_assert_cmpuint(windows_on_file, ==, 1);
    g_assert_cmpstr(editor_document_get_undo_label(editor_window_get_document(rec)), ==,
                    "Recover Autosaved Work");
    /* discard the recovered work: undone, the window shows the file again; closing without
     * saving deletes the recovery file */
    act(rec, "doc.undo");
    g_assert_false(editor_document_get_modified(editor_window_get_document(rec)));
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 1, 0), !=, 9);
    editor_document_delete_recovery(editor_window_get_document(rec));
    ui_spin(100);
    g_assert_false(g_file_test(found, G_FILE_TEST_EXISTS));
}

/* ---- editing through actions ---- */

static void test_edit_through_actions(void)
{
    EditorWindow *win = window_for(level_path, FALSE);
    g_assert_nonnull(win);
    gtk_window_present(GTK_WINDOW(win));
    ui_spin(200);
    EditorDocument *doc = editor_window_get_document(win);
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *original = editor_level_to_json(l, NULL);
    GActionGroup *dg = editor_document_get_actions(doc);
    g_assert_false(g_action_group_get_action_enabled(dg, "undo"));

    /* pencil: one click paints a slot */
    act(win, "win.tool('pencil')");
    act(win, "win.select-chunk(uint32 9)");
    pointer(win, 2 * 128 + 5, 5, 0);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 2, 0), ==, 9);
    g_assert_true(editor_document_get_modified(doc));
    g_assert_true(g_str_has_prefix(gtk_window_get_title(GTK_WINDOW(win)), "*loop-hill"));
    g_assert_true(g_action_group_get_action_enabled(dg, "undo"));

    /* a drag across four slots is one undo step */
    guint before = stack_index(doc);
    pointer(win, 3 * 128 + 5, 130, 1);
    pointer(win, 5 * 128 + 60, 140, 2);
    pointer(win, 6 * 128 + 60, 140, 3);
    g_assert_cmpuint(stack_index(doc), ==, before + 1);
    for (guint x = 3; x <= 6; x++)
        g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, 1), ==, 9);

    /* rectangle */
    act(win, "win.tool('rect')");
    act(win, "win.select-chunk(uint32 13)");
    pointer(win, 10 * 128 + 1, 1, 1);
    pointer(win, 12 * 128 + 1, 1 * 128 + 1, 3);
    for (guint y = 0; y < 2; y++)
        for (guint x = 10; x <= 12; x++)
            g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, y), ==, 13);

    /* flood fill replaces the connected region of the clicked chunk id */
    act(win, "win.tool('fill')");
    uint16_t from = lw_level_layout_get(l, LW_LAYER_FG, 20, 0);
    act(win, "win.select-chunk(uint32 14)");
    before = stack_index(doc);
    pointer(win, 20 * 128 + 3, 3, 0);
    g_assert_cmpuint(stack_index(doc), ==, before + 1);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 20, 0), ==, 14);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 21, 0), ==, 14);
    g_assert_cmpuint(from, !=, 14);
    /* undo the fill: every slot is back */
    act(win, "doc.undo");
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 20, 0), ==, from);
    act(win, "doc.redo");
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 20, 0), ==, 14);

    /* a double-click with the pencil edits the chunk in place and takes back what its clicks
     * painted */
    act(win, "win.tool('pencil')");
    act(win, "win.select-chunk(uint32 3)");
    uint16_t under = lw_level_layout_get(l, LW_LAYER_FG, 8, 6);
    g_autofree char *before_click = editor_level_to_json(l, NULL);
    pointer(win, 8 * 128 + 10, 6 * 128 + 10, 0);
    pointer(win, 8 * 128 + 10, 6 * 128 + 10, 0);
    EditorTools *clicker = editor_window_get_tools(win);
    editor_tools_undo_click(clicker);
    g_assert_true(editor_tools_edit_chunk_at(clicker, 8, 6));
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 8, 6), ==, under);
    g_autofree char *after_click = editor_level_to_json(l, NULL);
    g_assert_cmpstr(after_click, ==, before_click);
    act(win, "win.stop-editing");

    /* edit chunk 9 in place at slot (2, 0), then make it unique there */
    guint chunks = l->chunk_count;
    act(win, "win.edit-chunk-at((uint32 2, uint32 0))");
    EditorTools *tools = editor_window_get_tools(win);
    g_assert_true(tools->editing_chunk);
    act(win, "win.make-unique");
    g_assert_cmpuint(l->chunk_count, ==, chunks + 1);
    uint16_t mine = lw_level_layout_get(l, LW_LAYER_FG, 2, 0);
    g_assert_cmpuint(mine, ==, chunks);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 3, 1), ==, 9); /* others keep chunk 9 */
    g_assert_cmpmem(lw_level_chunk_cells(l, mine), 64 * sizeof(lw_cell), lw_level_chunk_cells(l, 9),
                    64 * sizeof(lw_cell));

    /* flip the two top-left cells horizontally */
    lw_cell c0 = lw_level_chunk_cells(l, mine)[7 * 8 + 0];
    act(win, "win.select-cells((0, 7, 2, 1))");
    act(win, "win.flip-x");
    g_assert_cmpuint(lw_level_chunk_cells(l, mine)[7 * 8 + 0].flags, ==, c0.flags ^ LW_CELL_FLIP_X);
    g_assert_cmpuint(lw_level_chunk_cells(l, 9)[7 * 8 + 0].flags, ==, c0.flags);

    /* solidity of those cells on path A only: top-only */
    act(win, "win.solidity-path('a')");
    act(win, "win.solidity('top')");
    g_assert_cmpuint(lw_cell_solidity(&lw_level_chunk_cells(l, mine)[7 * 8 + 1], LW_PATH_A), ==,
                     LW_SOLID_TOP);
    g_assert_cmpuint(lw_cell_solidity(&lw_level_chunk_cells(l, mine)[7 * 8 + 1], LW_PATH_B), ==,
                     lw_cell_solidity(&lw_level_chunk_cells(l, 9)[7 * 8 + 1], LW_PATH_B));

    /* paint tile 5 into cell (3, 2) of the edited chunk with the pencil */
    act(win, "win.tool('pencil')");
    act(win, "win.select-tile(uint32 5)");
    pointer(win, 2 * 128 + 3 * 16 + 4, 2 * 16 + 4, 0);
    g_assert_cmpuint(lw_level_chunk_cells(l, mine)[2 * 8 + 3].tile, ==, 5);
    act(win, "win.stop-editing");
    g_assert_false(tools->editing_chunk);

    /* move the ring marker (id 4, at 3200, 800) by dragging: one step */
    act(win, "win.tool('object')");
    before = stack_index(doc);
    pointer(win, 3200, 800, 1);
    pointer(win, 3250, 790, 2);
    pointer(win, 3300, 780, 2);
    pointer(win, 3300, 700, 3);
    g_assert_cmpuint(stack_index(doc), ==, before + 1);
    const lw_object *ring = lw_level_find_object(l, 4);
    g_assert_cmpint(ring->x, ==, 3300);
    g_assert_cmpint(ring->y, ==, 700);
    g_assert_cmpuint(tools->selected_object, ==, 4);
    /* snap it to the ground under it */
    act(win, "win.snap-to-ground");
    int32_t snapped = lw_level_find_object(l, 4)->y;
    g_assert_cmpint(snapped, >, 700);
    const lw_cell *below = lw_level_cell_at(l, 3300, snapped + 1);
    g_assert_nonnull(below);
    g_assert_cmpuint(below->tile, !=, LW_NONE);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Snap to Ground");

    /* copy two slots and paste them elsewhere */
    act(win, "win.tool('select')");
    act(win, "win.select-slots((2, 1, 2, 1))");
    act(win, "win.copy");
    act(win, "win.paste");
    pointer(win, 30 * 128 + 5, 5, 0); /* the floating block lands where clicked */
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 30, 0), ==,
                     lw_level_layout_get(l, LW_LAYER_FG, 2, 1));
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 31, 0), ==,
                     lw_level_layout_get(l, LW_LAYER_FG, 3, 1));

    /* undo everything back to the opened state: the mark clears; redo all again */
    g_autofree char *edited = editor_level_to_json(l, NULL);
    guint n = stack_index(doc);
    for (guint i = 0; i < n; i++)
        act(win, "doc.undo");
    g_assert_false(editor_document_get_modified(doc));
    g_assert_false(g_str_has_prefix(gtk_window_get_title(GTK_WINDOW(win)), "*"));
    g_autofree char *undone = editor_level_to_json(l, NULL);
    g_assert_cmpstr(undone, ==, original);
    for (guint i = 0; i < n; i++)
        act(win, "doc.redo");
    g_autofree char *redone = editor_level_to_json(l, NULL);
    g_assert_cmpstr(redone, ==, edited);

    /* save (Ctrl+S path) into the temporary folder: the file is what the document holds */
    act(win, "win.save");
    g_assert_false(editor_document_get_modified(doc));
    g_autofree char *saved = NULL;
    g_assert_true(g_file_get_contents(level_path, &saved, NULL, NULL));
    g_assert_cmpstr(saved, ==, edited);
    g_autofree char *bak = g_strconcat(level_path, ".bak", NULL);
    g_autofree char *backup = NULL;
    g_assert_true(g_file_get_contents(bak, &backup, NULL, NULL));
    g_assert_cmpstr(backup, ==, original);
    /* and it loads back */
    lw_level *again = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(level_path, 0, &again, &err));
    lw_level_free(again);
    /* undo one step after saving: modified again; redo: clean */
    act(win, "doc.undo");
    g_assert_true(editor_document_get_modified(doc));
    act(win, "doc.redo");
    g_assert_false(editor_document_get_modified(doc));
}

/* ---- overlays, zoom, and a picture of the window that is not blank ---- */

static size_t count_near(const guchar *px, gsize stride, int w, int h, guint32 rgb, int tol)
{
    size_t n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const guchar *p = px + (gsize)y * stride + (gsize)x * 4;
            /* GDK_MEMORY_DEFAULT is B8G8R8A8 premultiplied on little-endian */
            int dr = p[2] - (int)(rgb >> 16 & 255), dg = p[1] - (int)(rgb >> 8 & 255),
                db = p[0] - (int)(rgb & 255);
            if (dr * dr + dg * dg + db * db <= tol * tol)
                n++;
        }
    return n;
}

static void test_window_picture(void)
{
    EditorWindow *win = window_for(level_path, FALSE);
    g_assert_nonnull(win);
    act(win, "win.overlay-collision-a");
    act(win, "win.zoom-reset"); /* editing a chunk earlier zoomed to it */
    act(win, "win.zoom-in");
    g_assert_cmpfloat(editor_canvas_get_zoom(editor_window_get_canvas(win)), ==, 2);
    act(win, "win.zoom-reset");
    g_assert_cmpfloat(editor_canvas_get_zoom(editor_window_get_canvas(win)), ==, 1);
    act(win, "win.overlay-collision-a");
    ui_spin(300);
    g_assert_cmpint(gtk_widget_get_width(GTK_WIDGET(win)), >, 400);
    GdkTexture *tex = ui_snapshot_texture(GTK_WIDGET(win));
    g_autofree char *png = g_build_filename(g_getenv("G_TEST_BUILDDIR"), "ui-editor.png", NULL);
    g_assert_true(gdk_texture_save_to_png(tex, png));
    gsize stride = (gsize)gdk_texture_get_width(tex) * 4;
    guchar *px = g_malloc(stride * (gsize)gdk_texture_get_height(tex));
    gdk_texture_download(tex, px, stride);
    int tw = gdk_texture_get_width(tex), th = gdk_texture_get_height(tex);
    size_t sky = count_near(px, stride, tw, th, 0x78B4E8, 8);
    size_t ground =
        count_near(px, stride, tw, th, 0xB06830, 10) + count_near(px, stride, tw, th, 0x8C4C20, 10);
    g_test_message("window picture %dx%d: %zu sky px, %zu ground px (%s)", tw, th, sky, ground,
                   png);
    g_assert_cmpuint(sky, >, 100000);
    g_assert_cmpuint(ground, >, 20000);
    g_free(px);
    g_object_unref(tex);
}

/* ---- a bad level: the loader's message, and the editor stays usable ---- */

static void test_bad_level_dialog(void)
{
    g_autofree char *bad = g_build_filename(tmpdir, "bad.json", NULL);
    g_assert_true(g_file_set_contents(bad,
                                      "{\"format\": \"loopwright-level\", \"version\": 1,\n"
                                      "  \"chunk_size\": 100}\n",
                                      -1, NULL));
    GtkWindow *res = editor_application_open_path(bad);
    g_assert_null(res);
    ui_spin(200);
    GtkMessageDialog *dialog = NULL;
    GListModel *tops = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(tops); i++) {
        GtkWindow *w = g_list_model_get_item(tops, i);
        if (GTK_IS_MESSAGE_DIALOG(w) && gtk_widget_get_visible(GTK_WIDGET(w)))
            dialog = GTK_MESSAGE_DIALOG(w);
        g_object_unref(w);
    }
    g_assert_nonnull(dialog);
    g_autofree char *text = NULL;
    g_object_get(dialog, "secondary-text", &text, NULL);
    g_autofree char *expect = g_strdup_printf("%s:2:", bad);
    g_test_message("error dialog: %s", text);
    g_assert_true(g_str_has_prefix(text, expect));
    g_assert_nonnull(strstr(text, "chunk_size"));
    gtk_window_destroy(GTK_WINDOW(dialog));
    ui_spin(50);
    /* still usable: the open level takes an edit */
    EditorWindow *win = window_for(level_path, FALSE);
    g_assert_nonnull(win);
    act(win, "win.add-marker");
    g_assert_true(editor_document_get_modified(editor_window_get_document(win)));
    act(win, "doc.undo");
}

/* ---- the "done": a level from scratch, without a text editor ---- */

static EditorWindow *untitled_window(void)
{
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(app)); w; w = w->next)
        if (EDITOR_IS_WINDOW(w->data) &&
            !editor_document_get_path(editor_window_get_document(w->data)))
            return w->data;
    return NULL;
}

static void count_problems(const editor_problem *p, void *user)
{
    if (p->severity == EDITOR_SEVERITY_ERROR)
        (*(int *)user)++;
}

static void test_build_from_scratch(void)
{
    /* copy the loop (slots 31..32 x 4..6) out of the sample */
    EditorWindow *sample = window_for(level_path, FALSE);
    g_assert_nonnull(sample);
    act(sample, "win.select-slots((31, 4, 2, 3))");
    act(sample, "win.copy");

    /* a new level (File > New), empty: no ground row, no tileset */
    g_assert_null(untitled_window());
    g_action_group_activate_action(
        G_ACTION_GROUP(app), "new-level",
        g_variant_new_parsed("{'ground': <false>, 'placeholder': <false>}"));
    ui_spin(200);
    EditorWindow *win = untitled_window();
    g_assert_nonnull(win);
    EditorDocument *doc = editor_window_get_document(win);
    const lw_level *l = editor_document_get_level(doc);
    g_assert_cmpuint(l->chunk_count, ==, 0);
    g_assert_cmpstr(editor_document_get_title(doc), ==, "Untitled");

    /* tiles and masks (and the tileset) from the shipped sample */
    g_autofree char *sample_src =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    g_autofree char *import = g_strdup_printf("win.import-tiles-from('%s')", sample_src);
    act(win, import);
    g_assert_cmpuint(l->tile_count, >, 200);
    g_assert_nonnull(l->tileset);

    /* a new chunk, painted along the bottom row with the rectangle tool */
    act(win, "win.new-chunk");
    g_assert_cmpuint(l->chunk_count, ==, 1);
    act(win, "win.tool('rect')");
    pointer(win, 5, 7 * 128 + 5, 1);
    pointer(win, 31 * 128 + 5, 7 * 128 + 5, 3);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 31, 7), ==, 0);

    /* its tiles, in place: grass on top, dirt below, all solid on both paths */
    act(win, "win.edit-chunk-at((uint32 0, uint32 7))");
    act(win, "win.tool('pencil')");
    act(win, "win.solidity-path('both')");
    act(win, "win.solidity('all')");
    for (int row = 0; row < 8; row++) {
        g_autofree char *tile = g_strdup_printf("win.select-tile(uint32 %d)", row == 0 ? 3 : 16);
        act(win, tile);
        int y = 7 * 128 + row * 16 + 8;
        pointer(win, 8, y, 1);
        for (int col = 1; col < 8; col++)
            pointer(win, col * 16 + 8, y, 2);
        pointer(win, 7 * 16 + 8, y, 3);
    }
    act(win, "win.stop-editing");
    const lw_cell *grass = lw_level_cell_at(l, 20 * 128 + 40, 7 * 128 + 2);
    g_assert_nonnull(grass);
    g_assert_cmpuint(grass->tile, ==, 3);
    g_assert_cmpuint(grass->solid, ==, lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL));

    /* the loop, pasted from the other window; its chunks, tiles and masks come along */
    act(win, "win.tool('select')");
    act(win, "win.paste");
    pointer(win, 10 * 128 + 5, 4 * 128 + 5, 0);
    g_assert_cmpuint(l->chunk_count, ==, 7); /* ours + the loop's six */
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 11, 6), !=, LW_NONE);

    /* its two path swappers: the grounded-only one at the top, the other after the loop */
    const int32_t sx[2] = {11 * 128, 11 * 128 + 160}, sy[2] = {672, 768};
    for (int i = 0; i < 2; i++) {
        act(win, "win.add-swapper");
        guint32 id = editor_window_get_tools(win)->selected_object;
        lw_object o = *lw_level_find_object(l, id);
        o.x = sx[i];
        o.y = sy[i];
        o.swapper.radius = 64;
        o.swapper.path[0] = LW_PATH_B;
        o.swapper.path[1] = LW_PATH_A;
        o.swapper.grounded_only = i == 0;
        /* what the properties panel pushes */
        editor_document_push(doc, editor_cmd_set_object_new(doc, &o, NULL));
    }
    /* the start stands on the new ground */
    act(win, "win.tool('object')");
    act(win, "win.select-object(uint32 1)");
    act(win, "win.snap-to-ground");
    g_assert_cmpint(lw_level_find_object(l, 1)->y, ==, 7 * 128 - 20);

    /* save into a new folder: the tileset comes along; reopen: the same level, no errors */
    g_autofree char *dir = g_build_filename(tmpdir, "scratch", NULL);
    g_assert_cmpint(g_mkdir(dir, 0755), ==, 0);
    g_autofree char *path = g_build_filename(dir, "my-level.json", NULL);
    g_autofree char *save = g_strdup_printf("win.save-to('%s')", path);
    act(win, save);
    g_assert_false(editor_document_get_modified(doc));
    g_assert_cmpstr(l->tileset, ==, "tiles.png");
    g_autofree char *png = g_build_filename(dir, "tiles.png", NULL);
    g_assert_true(g_file_test(png, G_FILE_TEST_EXISTS));
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) again = editor_document_load(path, &error);
    g_assert_no_error(error);
    char *a = editor_level_to_json(l, NULL),
         *b = editor_level_to_json(editor_document_get_level(again), NULL);
    g_assert_cmpstr(a, ==, b);
    free(a);
    free(b);
    int errors = 0;
    editor_level_check(editor_document_get_level(again), path, count_problems, &errors);
    g_assert_cmpint(errors, ==, 0);
    g_assert_cmpuint(editor_document_get_level(again)->object_count, ==, 3);
    editor_window_close_now(win);
    ui_spin(50);
}

static EditorNewLevelDialog *new_level_dialog(void)
{
    GListModel *tops = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(tops); i++) {
        g_autoptr(GObject) w = g_list_model_get_item(tops, i);
        if (EDITOR_IS_NEW_LEVEL_DIALOG(w))
            return EDITOR_NEW_LEVEL_DIALOG(w);
    }
    return NULL;
}

/* File > New: the dialog (limits inline, Create off while wrong) and app.new-level. Before the
 * New Level dialog, "new" made a 32 x 8 black level at once and there was no "new-level". */
static void test_new_level(void)
{
    g_assert_null(untitled_window());
    g_action_group_activate_action(
        G_ACTION_GROUP(app), "new-level",
        g_variant_new_parsed("{'width': <uint32 20>, 'height': <uint32 6>, 'chunk-size': "
                             "<uint32 256>, 'profile': <'s3k'>}"));
    ui_spin(100);
    EditorWindow *win = untitled_window();
    g_assert_nonnull(win);
    const lw_level *l = editor_document_get_level(editor_window_get_document(win));
    g_assert_cmpuint(l->layout_width, ==, 20);
    g_assert_cmpuint(l->layout_height, ==, 6);
    g_assert_cmpuint(l->chunk_px, ==, 256);
    g_assert_cmpstr(l->profile, ==, "s3k");
    g_assert_true(g_str_has_suffix(l->tileset, "/loopwright/new/placeholder-tiles.png"));
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 19, 5), ==, 0); /* the ground row */
    g_assert_cmpint(l->objects[0].y, ==, 5 * 256 - 20);                  /* standing on it */
    /* the canvas draws the ground's art, not black: the placeholder tileset was loaded */
    const lwm_image *art = editor_renderer_get_art(editor_window_get_renderer(win));
    g_assert_cmpuint(art->width, ==, 32);
    g_assert_cmpuint(art->height, ==, 16);
    editor_window_close_now(win);
    ui_spin(50);

    /* the dialog: the engine's limits inline, Create refused while they are broken */
    g_assert_null(new_level_dialog());
    g_action_group_activate_action(G_ACTION_GROUP(app), "new", NULL);
    ui_spin(100);
    EditorNewLevelDialog *d = new_level_dialog();
    g_assert_nonnull(d);
    g_assert_null(untitled_window()); /* nothing made yet */
    g_assert_null(editor_new_level_dialog_get_problem(d));
    g_assert_nonnull(strstr(editor_new_level_dialog_get_limits(d), "1 to 512 × 2 to 128 chunks"));
    EditorNewLevel spec;
    editor_new_level_dialog_get_spec(d, &spec);
    spec.width = 300;
    spec.chunk_px = 256;
    spec.profile = "cd";
    editor_new_level_dialog_set_spec(d, &spec);
    g_assert_cmpstr(editor_new_level_dialog_get_problem(d), ==,
                    "Width: 300 chunks of 256 px are 76800 px; the engine's limit is 65536 px "
                    "(256 chunks).");
    g_assert_nonnull(strstr(editor_new_level_dialog_get_limits(d), "1 to 256 × 2 to 64 chunks"));
    g_assert_false(editor_new_level_dialog_create(d));
    g_assert_null(untitled_window());
    spec.width = 40;
    editor_new_level_dialog_set_spec(d, &spec);
    g_assert_null(editor_new_level_dialog_get_problem(d));
    g_assert_true(editor_new_level_dialog_create(d));
    ui_spin(100);
    g_assert_null(new_level_dialog()); /* closed */
    win = untitled_window();
    g_assert_nonnull(win);
    l = editor_document_get_level(editor_window_get_document(win));
    g_assert_cmpuint(l->layout_width, ==, 40);
    g_assert_cmpuint(l->chunk_px, ==, 256);
    g_assert_cmpstr(l->profile, ==, "cd");
    editor_window_close_now(win);
    ui_spin(50);
}

int main(int argc, char **argv)
{
    UiTest ui;
    if (!ui_test_init(&argc, &argv, "lw-ui-XXXXXX", UI_TEST_NO_REGISTER, &ui))
        return UI_TEST_SKIP;
    app = ui.app;
    tmpdir = ui.tmpdir;
    level_path = ui.level_path;
    g_test_add_func("/ui/editor/recovery-after-kill", test_recovery_after_kill);
    g_test_add_func("/ui/editor/edit-through-actions", test_edit_through_actions);
    g_test_add_func("/ui/editor/window-picture", test_window_picture);
    g_test_add_func("/ui/editor/bad-level-dialog", test_bad_level_dialog);
    g_test_add_func("/ui/editor/build-from-scratch", test_build_from_scratch);
    g_test_add_func("/ui/editor/new-level", test_new_level);
    return ui_test_run(&ui);
}
