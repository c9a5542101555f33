/* SPDX-License-Identifier: MIT */
/*
 * The editor UI's second round (issue 13), one test per defect found by trying the editor as a
 * new user would, each driven through actions and the document model: a file changed on disk
 * is never overwritten silently (reload / keep mine / compare); History shows a Paste at once;
 * a paste floats under the pointer until a click lands it, Escape cancels; Open Recent lists
 * opened and saved levels only; chunk editing's right-click picks the tile with every tool and
 * the properties panel shows that tile.
 * Without a display it exits 77 (meson SKIP, counted as a failure by scripts/test).
 */
#include "doc/editor-commands.h"
#include "doc/level-json.h"
#include "editor-application.h"
#include "editor-file-chooser.h"
#include "editor-window.h"
#include "ui-support.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

static EditorApplication *app;
static char *tmpdir;
static char *level_path;

static void act(GtkWidget *win, const char *detailed)
{
    g_autofree char *name = NULL;
    g_autoptr(GVariant) target = NULL;
    g_assert_true(g_action_parse_detailed_name(detailed, &name, &target, NULL));
    if (g_str_has_prefix(name, "app."))
        g_action_group_activate_action(G_ACTION_GROUP(app), name + 4, target);
    else
        g_assert_true(gtk_widget_activate_action_variant(win, name, target));
    ui_spin(10);
}

static void pointer(EditorWindow *win, int x, int y, int button, int kind)
{
    g_autofree char *a =
        g_strdup_printf("win.pointer((%d, %d, uint32 %d, %d))", x, y, button, kind);
    act(GTK_WIDGET(win), a);
}

/* The first descendant of @w whose widget name is @name. */
static GtkWidget *find_named(GtkWidget *w, const char *name)
{
    if (g_strcmp0(gtk_widget_get_name(w), name) == 0)
        return w;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_named(c, name);
        if (found)
            return found;
    }
    return NULL;
}

/* The text of the first GtkLabel under @w (depth first), or NULL. */
static const char *first_label(GtkWidget *w)
{
    if (GTK_IS_LABEL(w))
        return gtk_label_get_text(GTK_LABEL(w));
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
        const char *t = first_label(c);
        if (t)
            return t;
    }
    return NULL;
}

static GtkWindow *find_toplevel_with_data(const char *key)
{
    GtkWindow *found = NULL;
    GListModel *tops = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(tops) && !found; i++) {
        GtkWindow *w = g_list_model_get_item(tops, i);
        if (g_object_get_data(G_OBJECT(w), key))
            found = w;
        g_object_unref(w);
    }
    return found;
}

static char *read_file(const char *path)
{
    char *text = NULL;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    return text;
}

static EditorWindow *open_window(const char *path)
{
    GtkWindow *w = editor_application_open_path(path);
    g_assert_true(EDITOR_IS_WINDOW(w));
    ui_spin(150);
    return EDITOR_WINDOW(w);
}

/* ---- 1: a file changed on disk is never overwritten silently ---- */

static void test_changed_on_disk(void)
{
    g_autofree char *path = g_build_filename(tmpdir, "disk.json", NULL);
    ui_copy_file(level_path, path);
    EditorWindow *a = open_window(path);
    /* a second window on the same file (what recovery used to leave behind) */
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc_b = editor_document_load(path, &error);
    g_assert_no_error(error);
    EditorWindow *b = EDITOR_WINDOW(editor_application_open_document(app, doc_b));
    ui_spin(150);
    EditorDocument *doc_a = editor_window_get_document(a);

    act(GTK_WIDGET(a), "win.tool('pencil')");
    act(GTK_WIDGET(a), "win.select-chunk(uint32 9)");
    pointer(a, 1 * 128 + 5, 5, 1, 0);
    act(GTK_WIDGET(a), "win.save");
    g_assert_false(editor_document_get_modified(doc_a));
    g_autofree char *saved_a = read_file(path);

    /* B edits and saves: it notices the file changed and asks; nothing is written */
    act(GTK_WIDGET(b), "win.tool('pencil')");
    act(GTK_WIDGET(b), "win.select-chunk(uint32 13)");
    pointer(b, 2 * 128 + 5, 5, 1, 0);
    act(GTK_WIDGET(b), "win.save");
    GtkWindow *ask = find_toplevel_with_data("loopwright-disk-conflict");
    g_assert_nonnull(ask);
    g_assert_true(GTK_IS_MESSAGE_DIALOG(ask));
    g_autofree char *now = read_file(path);
    g_assert_cmpstr(now, ==, saved_a);
    g_assert_true(editor_document_get_modified(doc_b));
    /* "Keep Mine" writes B's version */
    gtk_dialog_response(GTK_DIALOG(ask), 2);
    ui_spin(50);
    g_assert_null(find_toplevel_with_data("loopwright-disk-conflict"));
    g_assert_false(editor_document_get_modified(doc_b));
    g_autofree char *saved_b = read_file(path);
    g_assert_cmpstr(saved_b, !=, saved_a);
    g_autofree char *json_b = editor_level_to_json(editor_document_get_level(doc_b), NULL);

    /* A edits again and saves: asked again; "Reload" takes B's file (undoably) */
    pointer(a, 3 * 128 + 5, 5, 1, 0);
    act(GTK_WIDGET(a), "win.save");
    ask = find_toplevel_with_data("loopwright-disk-conflict");
    g_assert_nonnull(ask);
    gtk_dialog_response(GTK_DIALOG(ask), 1);
    ui_spin(50);
    g_autofree char *json_a = editor_level_to_json(editor_document_get_level(doc_a), NULL);
    g_assert_cmpstr(json_a, ==, json_b);
    g_assert_false(editor_document_get_modified(doc_a));
    g_autofree char *after = read_file(path);
    g_assert_cmpstr(after, ==, saved_b);
    /* an edit on top of the reloaded file saves without asking */
    pointer(a, 4 * 128 + 5, 5, 1, 0);
    act(GTK_WIDGET(a), "win.save");
    g_assert_null(find_toplevel_with_data("loopwright-disk-conflict"));
    g_assert_false(editor_document_get_modified(doc_a));

    /* "Compare" opens the file as it is on disk in a window of its own */
    pointer(b, 5 * 128 + 5, 5, 1, 0);
    guint windows = g_list_length(gtk_application_get_windows(GTK_APPLICATION(app)));
    act(GTK_WIDGET(b), "win.save");
    ask = find_toplevel_with_data("loopwright-disk-conflict");
    g_assert_nonnull(ask);
    gtk_dialog_response(GTK_DIALOG(ask), 3);
    ui_spin(100);
    g_assert_cmpuint(g_list_length(gtk_application_get_windows(GTK_APPLICATION(app))), ==,
                     windows + 1);
    EditorWindow *cmp = EDITOR_WINDOW(gtk_application_get_windows(GTK_APPLICATION(app))->data);
    g_assert_null(editor_document_get_path(editor_window_get_document(cmp)));
    g_autofree char *disk = read_file(path);
    g_autofree char *cmp_json =
        editor_level_to_json(editor_document_get_level(editor_window_get_document(cmp)), NULL);
    g_autoptr(EditorDocument) on_disk = editor_document_load(path, NULL);
    g_autofree char *disk_json = editor_level_to_json(editor_document_get_level(on_disk), NULL);
    g_assert_cmpstr(cmp_json, ==, disk_json);
    g_assert_true(editor_document_get_modified(doc_b)); /* B's edit is still there, unsaved */

    editor_window_close_now(cmp);
    editor_document_delete_recovery(doc_b);
    editor_window_close_now(b);
    editor_window_close_now(a);
    ui_spin(50);
}

/* ---- 2 and 3: a paste floats under the pointer, lands on click, shows in History at once ---- */

static guint history_rows(EditorWindow *win)
{
    GtkWidget *list = find_named(GTK_WIDGET(win), "history-list");
    g_assert_nonnull(list);
    guint n = 0;
    while (gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), (int)n))
        n++;
    return n;
}

static void test_floating_paste(void)
{
    EditorWindow *win = open_window(level_path);
    EditorDocument *doc = editor_window_get_document(win);
    const lw_level *l = editor_document_get_level(doc);
    EditorTools *t = editor_window_get_tools(win);
    act(GTK_WIDGET(win), "win.show-panel('history')");
    act(GTK_WIDGET(win), "win.tool('select')");
    act(GTK_WIDGET(win), "win.select-slots((2, 7, 2, 1))");
    act(GTK_WIDGET(win), "win.copy");
    uint16_t c0 = lw_level_layout_get(l, LW_LAYER_FG, 2, 7),
             c1 = lw_level_layout_get(l, LW_LAYER_FG, 3, 7);
    g_assert_cmpuint(c0, !=, LW_NONE);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 25, 2), ==, LW_NONE);
    guint steps = editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
    guint rows = history_rows(win);

    /* Ctrl+V with the selection still in place: the block floats, nothing is pasted yet */
    act(GTK_WIDGET(win), "win.paste");
    g_assert_nonnull(t->paste_clip);
    g_assert_cmpuint(editor_undo_stack_get_index(editor_document_get_undo_stack(doc)), ==, steps);
    /* it follows the pointer */
    pointer(win, 20 * 128 + 5, 2 * 128 + 5, 0, 4);
    g_assert_cmpint(t->paste_x, ==, 20);
    g_assert_cmpint(t->paste_y, ==, 2);
    /* Escape cancels: nothing changed */
    act(GTK_WIDGET(win), "win.escape");
    g_assert_null(t->paste_clip);
    g_assert_cmpuint(editor_undo_stack_get_index(editor_document_get_undo_stack(doc)), ==, steps);

    /* again, and a click lands it there: one step, shown in History at once, selected */
    act(GTK_WIDGET(win), "win.paste");
    pointer(win, 24 * 128 + 5, 3 * 128 + 5, 0, 4);
    pointer(win, 25 * 128 + 5, 2 * 128 + 5, 1, 0);
    g_assert_null(t->paste_clip);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 25, 2), ==, c0);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 26, 2), ==, c1);
    g_assert_cmpuint(editor_undo_stack_get_index(editor_document_get_undo_stack(doc)), ==,
                     steps + 1);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Paste");
    g_assert_cmpuint(history_rows(win), ==, rows + 1);
    g_assert_cmpint(t->slot_selection.x, ==, 25);
    g_assert_cmpint(t->slot_selection.w, ==, 2);
    act(GTK_WIDGET(win), "doc.undo");
    g_assert_false(editor_document_get_modified(doc));
    /* a right-click cancels too */
    act(GTK_WIDGET(win), "win.paste");
    pointer(win, 25 * 128 + 5, 2 * 128 + 5, 3, 0);
    g_assert_null(t->paste_clip);
    g_assert_false(editor_document_get_modified(doc));
    editor_window_close_now(win);
    ui_spin(50);
}

/* ---- 8: chunk editing, right-click with the Select tool picks the tile; Properties shows it */

static void test_chunk_edit_pick(void)
{
    EditorWindow *win = open_window(level_path);
    EditorDocument *doc = editor_window_get_document(win);
    const lw_level *l = editor_document_get_level(doc);
    EditorTools *t = editor_window_get_tools(win);
    act(GTK_WIDGET(win), "win.show-panel('properties')");
    act(GTK_WIDGET(win), "win.select-object(uint32 1)");
    ui_spin(50);
    GtkWidget *props = find_named(GTK_WIDGET(win), "properties-box");
    g_assert_nonnull(props);
    UI_WAIT_FOR(g_str_has_prefix(first_label(props), "Player start"), 3000);
    g_assert_true(g_str_has_prefix(first_label(props), "Player start"));
    /* the ground chunk of slot (20, 7); a cell holding a tile other than the brush's */
    uint16_t chunk = lw_level_layout_get(l, LW_LAYER_FG, 20, 7);
    g_assert_cmpuint(chunk, !=, LW_NONE);
    const lw_cell *cells = lw_level_chunk_cells(l, chunk);
    guint pick = 0;
    while (pick < lw_level_cells_per_chunk(l) && cells[pick].tile == LW_NONE)
        pick++;
    g_assert_cmpuint(pick, <, lw_level_cells_per_chunk(l));
    act(GTK_WIDGET(win), "win.edit-chunk-at((uint32 20, uint32 7))");
    act(GTK_WIDGET(win), "win.tool('select')");
    act(GTK_WIDGET(win), "win.select-tile(uint32 4294967295)"); /* the eraser */
    int x = 20 * 128 + (int)(pick % l->chunk_cells) * 16 + 8,
        y = 7 * 128 + (int)(pick / l->chunk_cells) * 16 + 8;
    pointer(win, x, y, 3, 0);
    g_assert_cmpuint(t->brush_tile, ==, cells[pick].tile);
    ui_spin(50);
    g_autofree char *want = g_strdup_printf("Tile %u", cells[pick].tile);
    UI_WAIT_FOR(g_str_has_prefix(first_label(props), want), 3000);
    g_assert_true(g_str_has_prefix(first_label(props), want));
    act(GTK_WIDGET(win), "win.stop-editing");
    editor_window_close_now(win);
    ui_spin(50);
}

/* ---- 4: Open Recent lists the levels opened and saved, nothing else ---- */

/* Whether the recent menu opens @path; *@others counts entries that are not levels. */
static gboolean recent_has(const char *path, guint *others)
{
    GMenuModel *m = editor_application_get_recent_menu();
    g_assert_nonnull(m);
    gboolean found = FALSE;
    *others = 0;
    for (int i = 0; i < g_menu_model_get_n_items(m); i++) {
        g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value(
            m, i, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
        if (!target)
            continue; /* "No recent levels" */
        const char *t = g_variant_get_string(target, NULL);
        found |= g_str_equal(t, path);
        if (!g_str_has_suffix(t, ".json"))
            (*others)++;
    }
    return found;
}

/* Every label of @m and its submenus and sections. */
static void collect_labels(GMenuModel *m, GPtrArray *out)
{
    for (int i = 0; i < g_menu_model_get_n_items(m); i++) {
        char *label = NULL;
        if (g_menu_model_get_item_attribute(m, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
            g_ptr_array_add(out, label);
        GMenuLinkIter *it = g_menu_model_iterate_item_links(m, i);
        GMenuModel *child;
        while (g_menu_link_iter_get_next(it, NULL, &child)) {
            collect_labels(child, out);
            g_object_unref(child);
        }
        g_object_unref(it);
    }
}

static void test_open_recent(void)
{
    guint others;
    g_autofree char *a = g_build_filename(tmpdir, "recent-a.json", NULL);
    g_autofree char *b = g_build_filename(tmpdir, "recent-b.json", NULL);
    ui_copy_file(level_path, a);
    g_assert_false(recent_has(a, &others));
    EditorWindow *win = open_window(a);
    UI_WAIT_FOR(recent_has(a, &others), 3000);
    g_assert_true(recent_has(a, &others));
    /* a save under another name is recorded too */
    g_assert_false(recent_has(b, &others));
    g_autofree char *save = g_strdup_printf("win.save-to('%s')", b);
    act(GTK_WIDGET(win), save);
    UI_WAIT_FOR(recent_has(b, &others), 3000);
    g_assert_true(recent_has(b, &others));
    /* what the file choosers record on their own (a tileset, a terrain PNG) is not a level */
    g_autofree char *png = g_build_filename(tmpdir, "tiles.png", NULL);
    g_autofree char *uri = g_filename_to_uri(png, NULL, NULL);
    gtk_recent_manager_add_item(gtk_recent_manager_get_default(), uri);
    ui_spin(500);
    g_assert_true(recent_has(b, &others));
    g_assert_cmpuint(others, ==, 0);
    /* the newest first, and it opens */
    GMenuModel *m = editor_application_get_recent_menu();
    g_autoptr(GVariant) first =
        g_menu_model_get_item_attribute_value(m, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
    g_assert_cmpstr(g_variant_get_string(first, NULL), ==, b);
    /* no menu label shows a literal mnemonic of a nested submenu */
    GtkWidget *button = find_named(GTK_WIDGET(win), "primary-menu");
    g_assert_nonnull(button);
    g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func(g_free);
    collect_labels(gtk_menu_button_get_menu_model(GTK_MENU_BUTTON(button)), labels);
    gboolean recent_header = FALSE;
    for (guint i = 0; i < labels->len; i++) {
        g_assert_cmpstr(labels->pdata[i], !=, "Open _Recent");
        recent_header |= g_str_equal(labels->pdata[i], "Recent Levels");
    }
    g_assert_true(recent_header);
    editor_window_close_now(win);
    ui_spin(50);
}

/* ---- 5: the terrain import's file chooser says what it is for ---- */

static void test_chooser_titles(void)
{
    EditorWindow *win = open_window(level_path);
    act(GTK_WIDGET(win), "win.import-terrain");
    ui_spin(200);
    g_assert_cmpstr(editor_file_chooser_get_last_title(), ==, "Import a Terrain PNG");
    /* GTK's own chooser dialog (no portal under Xvfb) carries the same title: close it */
    GListModel *tops = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(tops); i++) {
        GtkWindow *w = g_list_model_get_item(tops, i);
        if (GTK_IS_FILE_CHOOSER_DIALOG(w)) {
            g_assert_cmpstr(gtk_window_get_title(w), ==, "Import a Terrain PNG");
            gtk_dialog_response(GTK_DIALOG(w), GTK_RESPONSE_CANCEL);
        }
        g_object_unref(w);
    }
    ui_spin(100);
    editor_window_close_now(win);
    ui_spin(50);
}

/* ---- 9: F1 is help, zoom steps and their labels, the status bar after a keyboard edit ---- */

static void test_help_zoom_status(void)
{
    EditorWindow *win = open_window(level_path);
    g_auto(GStrv) f1 = gtk_application_get_actions_for_accel(GTK_APPLICATION(app), "F1");
    g_assert_cmpuint(g_strv_length(f1), ==, 1);
    g_assert_cmpstr(f1[0], ==, "app.help");
    act(GTK_WIDGET(win), "app.help");
    ui_spin(200);
    GtkWindow *help = NULL;
    GListModel *tops = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(tops); i++) {
        GtkWindow *w = g_list_model_get_item(tops, i);
        if (g_strcmp0(gtk_window_get_title(w), "Loopwright Help") == 0)
            help = w;
        g_object_unref(w);
    }
    g_assert_nonnull(help);
    GtkWidget *text = find_named(GTK_WIDGET(help), "help-text");
    g_assert_nonnull(text);
    g_assert_cmpstr(first_label(text), ==, "The editor"); /* docs/EDITOR.md's title */
    gtk_window_destroy(help);

    /* zoom: fixed steps, labelled "25 %" */
    EditorCanvas *canvas = editor_window_get_canvas(win);
    const double *steps;
    guint n = editor_canvas_get_zoom_steps(&steps);
    act(GTK_WIDGET(win), "win.zoom-fit");
    for (int i = 0; i < 12; i++) {
        double z = editor_canvas_get_zoom(canvas);
        gboolean is_step = FALSE;
        for (guint k = 0; k < n; k++)
            is_step |= z == steps[k];
        g_assert_true(is_step);
        g_autofree char *label = editor_canvas_format_zoom(z);
        g_autofree char *tail = g_strdup_printf("zoom %s", label);
        g_assert_true(g_str_has_suffix(editor_window_get_status_text(win), tail));
        g_assert_null(strchr(label, 'e'));
        g_assert_true(g_str_has_suffix(label, " %"));
        act(GTK_WIDGET(win), i < 6 ? "win.zoom-out" : "win.zoom-in");
    }
    act(GTK_WIDGET(win), "win.zoom-reset");
    g_assert_true(g_str_has_suffix(editor_window_get_status_text(win), "zoom 100 %"));
    act(GTK_WIDGET(win), "win.view((1000.0, 500.0, 0.3))"); /* an odd zoom snaps to a step */
    g_assert_cmpfloat(editor_canvas_get_zoom(canvas), ==, 0.25);
    g_autofree char *q = editor_canvas_format_zoom(0.25);
    g_assert_cmpstr(q, ==, "25 %");
    g_autofree char *e = editor_canvas_format_zoom(0.125);
    g_assert_cmpstr(e, ==, "12.5 %");

    /* the status bar follows a keyboard edit under a pointer that did not move */
    const lw_level *l = editor_document_get_level(editor_window_get_document(win));
    uint16_t chunk = lw_level_layout_get(l, LW_LAYER_FG, 20, 7);
    act(GTK_WIDGET(win), "win.edit-chunk-at((uint32 20, uint32 7))");
    int x = 20 * 128 + 8, y = 7 * 128 + 8;
    const lw_cell *cell = lw_level_cell_at(l, x, y);
    g_assert_nonnull(cell);
    g_assert_cmpuint(cell->tile, !=, LW_NONE);
    pointer(win, x, y, 0, 4);
    g_assert_nonnull(strstr(editor_window_get_status_text(win), "solid A all"));
    act(GTK_WIDGET(win), "win.select-cells((0, 0, 1, 1))");
    act(GTK_WIDGET(win), "win.solidity('none')");
    g_assert_cmpuint(lw_level_chunk_cells(l, chunk)[0].solid, ==, 0);
    g_assert_nonnull(strstr(editor_window_get_status_text(win), "solid A none"));
    act(GTK_WIDGET(win), "doc.undo");
    g_assert_nonnull(strstr(editor_window_get_status_text(win), "solid A all"));
    act(GTK_WIDGET(win), "win.stop-editing");
    editor_window_close_now(win);
    ui_spin(50);
}

int main(int argc, char **argv)
{
    /* one set of user folders for the whole run (the recent manager keeps its file's path) */
    char *home = g_dir_make_tmp("lw-ui-defects-home-XXXXXX", NULL);
    g_assert_nonnull(home);
    static const char *const vars[] = {"HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
                                       "XDG_CACHE_HOME"};
    for (guint i = 0; i < G_N_ELEMENTS(vars); i++) {
        g_autofree char *d = i ? g_build_filename(home, vars[i], NULL) : g_strdup(home);
        g_mkdir_with_parents(d, 0700);
        g_setenv(vars[i], d, TRUE);
    }
    g_test_init(&argc, &argv, NULL);
    gtk_disable_setlocale();
    if (!gtk_init_check()) {
        printf("1..0 # SKIP no display (run under xvfb-run)\n");
        return 77;
    }
    level_path = ui_copy_sample_level("lw-ui-defects-XXXXXX", &tmpdir);
    app = editor_application_new();
    g_application_hold(G_APPLICATION(app));
    g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));
    g_test_add_func("/ui/defects/changed-on-disk", test_changed_on_disk);
    g_test_add_func("/ui/defects/floating-paste", test_floating_paste);
    g_test_add_func("/ui/defects/chunk-edit-pick", test_chunk_edit_pick);
    g_test_add_func("/ui/defects/open-recent", test_open_recent);
    g_test_add_func("/ui/defects/chooser-titles", test_chooser_titles);
    g_test_add_func("/ui/defects/help-zoom-status", test_help_zoom_status);
    int status = g_test_run();
    g_application_release(G_APPLICATION(app));
    return status;
}
