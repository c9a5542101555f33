/* SPDX-License-Identifier: MIT */
/*
 * The side panels as widgets of their own (issue 13's reshape): the History panel, the Issues
 * panel and the minimap, each built from its template and given only a document (and for the
 * minimap the renderer and canvas) — no window — follow the document by themselves and report
 * through their signals.
 * Without a display it exits 77 (meson SKIP, counted as a failure by scripts/test).
 */
#include "doc/editor-commands.h"
#include "doc/editor-tools.h"
#include "editor-canvas.h"
#include "editor-history-panel.h"
#include "editor-issues-panel.h"
#include "editor-minimap.h"
#include "editor-render.h"
#include "editor-resources.h"
#include "ui-app.h"
#include "ui-support.h"

#include <gtk/gtk.h>
#include <string.h>

static char *tmpdir;
static char *level_path;

static void on_moved(EditorHistoryPanel *panel, guint index, guint *out)
{
    *out = index;
}

static EditorCommand *move_start_by(EditorDocument *doc, int dx, guint stroke)
{
    const lw_level *l = editor_document_get_level(doc);
    g_assert_cmpuint(l->object_count, >, 0);
    const lw_object *o = &l->objects[0];
    return editor_cmd_move_object_new(doc, o->id, o->x + dx, o->y, stroke);
}

static void test_history_panel(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = editor_document_load(level_path, &error);
    g_assert_no_error(error);
    EditorHistoryPanel *panel = g_object_new(EDITOR_TYPE_HISTORY_PANEL, NULL);
    g_object_ref_sink(panel);
    editor_history_panel_set_document(panel, doc);
    g_assert_cmpuint(editor_history_panel_get_row_count(panel), ==, 1); /* "Opened" */

    editor_document_push(doc, move_start_by(doc, 16, 1));
    editor_document_push(doc, move_start_by(doc, 16, 2));
    g_assert_cmpuint(editor_history_panel_get_row_count(panel), ==, 3);
    /* a group shows as its one step at once (no `changed` of its own at the end) */
    editor_document_begin_group(doc, "Two Moves");
    editor_document_push(doc, move_start_by(doc, 16, 3));
    editor_document_push(doc, move_start_by(doc, 16, 4));
    editor_document_end_group(doc);
    g_assert_cmpuint(editor_history_panel_get_row_count(panel), ==, 4);

    /* picking a row moves the document there and says so */
    guint moved = G_MAXUINT;
    g_signal_connect(panel, "moved", G_CALLBACK(on_moved), &moved);
    GtkWidget *list = gtk_widget_get_first_child(gtk_widget_get_first_child(GTK_WIDGET(panel)));
    while (list && !GTK_IS_LIST_BOX(list))
        list = gtk_widget_get_first_child(list);
    g_assert_nonnull(list);
    gtk_list_box_select_row(GTK_LIST_BOX(list),
                            gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 1));
    g_assert_cmpuint(moved, ==, 1);
    g_assert_cmpuint(editor_undo_stack_get_index(editor_document_get_undo_stack(doc)), ==, 1);
    /* an undo + new edit drops the redo rows */
    editor_document_push(doc, move_start_by(doc, -8, 5));
    g_assert_cmpuint(editor_history_panel_get_row_count(panel), ==, 3);
    g_object_unref(panel);
}

typedef struct {
    guint count, errors, activated;
    int x, y;
    char message[256];
} IssuesLog;

static void on_issues_changed(EditorIssuesPanel *p, guint count, guint errors, IssuesLog *log)
{
    log->count = count;
    log->errors = errors;
}

static void on_activated(EditorIssuesPanel *p, int x, int y, const char *message, IssuesLog *log)
{
    log->activated++;
    log->x = x;
    log->y = y;
    g_strlcpy(log->message, message, sizeof log->message);
}

static void test_issues_panel(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = editor_document_load(level_path, &error);
    g_assert_no_error(error);
    EditorIssuesPanel *panel = g_object_new(EDITOR_TYPE_ISSUES_PANEL, NULL);
    g_object_ref_sink(panel);
    IssuesLog log = {0};
    g_signal_connect(panel, "issues-changed", G_CALLBACK(on_issues_changed), &log);
    g_signal_connect(panel, "activated", G_CALLBACK(on_activated), &log);
    editor_issues_panel_set_document(panel, doc);
    editor_issues_panel_check_now(panel);
    guint base = editor_issues_panel_get_count(panel);
    g_assert_cmpuint(log.count, ==, base);

    /* removing the player start is a problem `check` names, found a moment after the change */
    const lw_level *l = editor_document_get_level(doc);
    guint32 start = 0;
    for (guint i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_PLAYER_START)
            start = l->objects[i].id;
    g_assert_cmpuint(start, !=, 0);
    editor_document_push(doc, editor_cmd_remove_object_new(doc, start));
    UI_WAIT_FOR(log.count > base, 3000);
    g_assert_cmpuint(log.count, >, base);

    /* another source's list sits beside check's; activating an entry reports its place */
    editor_problem p = {.severity = EDITOR_SEVERITY_ERROR, .code = "test", .x = 40, .y = 50};
    g_strlcpy(p.message, "a test error", sizeof p.message);
    guint before = log.count, errors_before = log.errors;
    editor_issues_panel_set_issues(panel, "test", &p, 1);
    g_assert_cmpuint(log.count, ==, before + 1);
    g_assert_cmpuint(log.errors, ==, errors_before + 1);
    editor_issues_panel_activate(panel, log.count - 1);
    g_assert_cmpuint(log.activated, ==, 1);
    g_assert_cmpint(log.x, ==, 40);
    g_assert_cmpint(log.y, ==, 50);
    g_assert_cmpstr(log.message, ==, "a test error");
    editor_issues_panel_activate(panel, 9999); /* out of range: nothing */
    g_assert_cmpuint(log.activated, ==, 1);
    editor_issues_panel_set_issues(panel, "test", NULL, 0);
    g_assert_cmpuint(log.count, ==, before);
    g_object_unref(panel);
}

static void on_navigated(EditorMinimap *m, double x, double y, double *out)
{
    out[0] = x;
    out[1] = y;
}

static void test_minimap(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = editor_document_load(level_path, &error);
    g_assert_no_error(error);
    const lw_level *l = editor_document_get_level(doc);
    EditorRenderer *renderer = editor_renderer_new(l);
    EditorTools tools;
    editor_tools_init(&tools, doc);
    GtkWidget *win = gtk_window_new();
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_widget_set_size_request(scroller, 400, 300);
    EditorCanvas *canvas = editor_canvas_new(renderer, &tools);
    editor_canvas_set_document(canvas, doc);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), GTK_WIDGET(canvas));
    EditorMinimap *map = g_object_new(EDITOR_TYPE_MINIMAP, NULL);
    gtk_widget_set_size_request(GTK_WIDGET(map), 220, 110);
    gtk_box_append(GTK_BOX(box), scroller);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(map));
    gtk_window_set_child(GTK_WINDOW(win), box);
    editor_minimap_set_context(map, doc, renderer, canvas);
    gtk_window_present(GTK_WINDOW(win));
    ui_spin(300);

    double got[2] = {-1, -1};
    g_signal_connect(map, "navigated", G_CALLBACK(on_navigated), got);
    /* the middle of the minimap is the middle of the level */
    int w = gtk_widget_get_width(GTK_WIDGET(map)), h = gtk_widget_get_height(GTK_WIDGET(map));
    g_assert_cmpint(w, >, 0);
    editor_minimap_navigate(map, w / 2.0, h / 2.0);
    ui_spin(50);
    g_assert_cmpfloat_with_epsilon(got[0], lw_level_width_px(l) / 2.0, lw_level_width_px(l) / 50.0);
    g_assert_cmpfloat_with_epsilon(got[1], lw_level_height_px(l) / 2.0,
                                   lw_level_height_px(l) / 20.0);
    /* and the canvas's view is centred there (up to the level's edges) */
    double vx, vy, vw, vh;
    editor_canvas_get_view(canvas, &vx, &vy, &vw, &vh);
    g_assert_cmpfloat_with_epsilon(vx + vw / 2, got[0], 2.0);
    gtk_window_destroy(GTK_WINDOW(win));
    ui_spin(50);
    editor_renderer_free(renderer);
}

int main(int argc, char **argv)
{
    UiTest ui;
    if (!ui_test_init(&argc, &argv, "lw-ui-panels-XXXXXX", UI_TEST_NO_ISOLATE | UI_TEST_NO_APP,
                      &ui))
        return UI_TEST_SKIP;
    tmpdir = ui.tmpdir;
    level_path = ui.level_path;
    g_resources_register(editor_get_resource()); /* the templates (an application does this) */
    g_test_add_func("/ui/panels/history", test_history_panel);
    g_test_add_func("/ui/panels/issues", test_issues_panel);
    g_test_add_func("/ui/panels/minimap", test_minimap);
    return g_test_run();
}
