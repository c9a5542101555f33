/* SPDX-License-Identifier: MIT */
/*
 * The panels as widgets of their own (issue 13's reshape): the History panel, the Issues panel,
 * the minimap, the Properties panel, the palettes, the level properties dialog and the test-play
 * window's Tuning and Replays tabs, each
 * built from its template and given only a document or a play session (and the renderer, the
 * tools or the canvas where it draws or follows them) —
 * no window — follow it by themselves and report through their signals.
 * Without a display it exits 77 (meson SKIP, counted as a failure by scripts/test).
 */
#include "doc/editor-commands-play.h"
#include "doc/editor-commands.h"
#include "doc/editor-tools.h"
#include "doc/object-props.h"
#include "editor-canvas.h"
#include "editor-history-panel.h"
#include "editor-issues-panel.h"
#include "editor-level-props.h"
#include "editor-minimap.h"
#include "editor-palette.h"
#include "editor-properties.h"
#include "editor-render.h"
#include "editor-resources.h"
#include "play-replays-panel.h"
#include "play-tuning-panel.h"
#include "ui-app.h"
#include "ui-support.h"

#include <gtk/gtk.h>
#include <string.h>

static char *tmpdir;
static char *level_path;

/* The test's copy of the sample level as a document (asserts it loads). */
static EditorDocument *load_level(void)
{
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(level_path, &error);
    g_assert_no_error(error);
    return doc;
}

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
    g_autoptr(EditorDocument) doc = load_level();
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
    g_autoptr(EditorDocument) doc = load_level();
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
    g_autoptr(EditorDocument) doc = load_level();
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

/* ---- the Properties panel ---- */

static void on_properties_edited(EditorProperties *p, const char *field, const char *label,
                                 GString *log)
{
    g_string_append_printf(log, "%s|%s;", field, label);
}

static guint undo_index(EditorDocument *doc)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
}

static void show_object(EditorProperties *panel, EditorTools *tools, guint32 id)
{
    editor_tools_select_object(tools, id);
    editor_properties_rebuild_now(panel);
    g_assert_cmpstr(editor_properties_get_page(panel), ==, "object");
}

static void test_properties_panel(void)
{
    g_autoptr(EditorDocument) doc = load_level();
    const lw_level *l = editor_document_get_level(doc);
    EditorRenderer *renderer = editor_renderer_new(l);
    EditorTools tools;
    editor_tools_init(&tools, doc);
    EditorProperties *panel = g_object_new(EDITOR_TYPE_PROPERTIES, NULL);
    g_object_ref_sink(panel);
    GString *log = g_string_new(NULL);
    g_signal_connect(panel, "edited", G_CALLBACK(on_properties_edited), log);
    editor_properties_set_context(panel, doc, renderer, &tools);
    g_assert_cmpstr(editor_properties_get_page(panel), ==, "level");
    g_assert_cmpstr(editor_properties_get_title(panel), ==, l->name);

    /* the player start (id 1): each edit one undo step, reported */
    show_object(panel, &tools, 1);
    g_assert_true(g_str_has_prefix(editor_properties_get_title(panel), "Player start (id 1)"));
    guint before = undo_index(doc);
    g_assert_true(editor_properties_edit(panel, "object-x", "200"));
    g_assert_cmpint(lw_level_find_object(l, 1)->x, ==, 200);
    g_assert_cmpuint(undo_index(doc), ==, before + 1);
    g_assert_true(editor_properties_edit(panel, "facing", "left"));
    g_assert_true(lw_level_find_object(l, 1)->facing_left);
    g_assert_cmpuint(undo_index(doc), ==, before + 2);
    g_assert_nonnull(strstr(log->str, "object-x|"));
    g_assert_nonnull(strstr(log->str, "facing|"));
    /* a swapper's field is not shown for a player start; a value the field does not take and
     * the tile page's fields are refused, and nothing is pushed */
    g_assert_false(editor_properties_edit(panel, "radius", "64"));
    g_assert_false(editor_properties_edit(panel, "facing", "up"));
    g_assert_false(editor_properties_edit(panel, "object-x", "ten"));
    g_assert_false(editor_properties_edit(panel, "art", "0"));
    g_assert_cmpuint(undo_index(doc), ==, before + 2);

    /* it follows the document by itself: the object removed, the level page; undone, back */
    editor_document_push(doc, editor_cmd_remove_object_new(doc, 1));
    UI_WAIT_FOR(g_str_equal(editor_properties_get_page(panel), "level"), 2000);
    g_assert_cmpstr(editor_properties_get_page(panel), ==, "level");
    editor_document_undo(doc);
    UI_WAIT_FOR(g_str_equal(editor_properties_get_page(panel), "object"), 2000);
    g_assert_cmpstr(editor_properties_get_page(panel), ==, "object");
    editor_document_undo(doc); /* facing */
    g_assert_false(lw_level_find_object(l, 1)->facing_left);

    /* a path swapper (id 2): its own rows */
    show_object(panel, &tools, 2);
    g_assert_false(editor_properties_edit(panel, "facing", "left"));
    g_assert_true(editor_properties_edit(panel, "radius", "128"));
    g_assert_true(editor_properties_edit(panel, "path0", "A"));
    g_assert_true(editor_properties_edit(panel, "grounded", "0"));
    const lw_object *sw = lw_level_find_object(l, 2);
    g_assert_cmpuint(sw->swapper.radius, ==, 128);
    g_assert_cmpuint(sw->swapper.path[0], ==, LW_PATH_A);
    g_assert_false(sw->swapper.grounded_only);

    /* a marker (id 4, a ring): its name and its key = value properties */
    show_object(panel, &tools, 4);
    g_assert_true(editor_properties_edit(panel, "name", "goal"));
    g_assert_cmpstr(lw_level_find_object(l, 4)->name, ==, "goal");
    g_assert_true(editor_properties_edit(panel, "props", "colour = blue"));
    g_autofree char *props = editor_object_properties_text(lw_level_find_object(l, 4));
    g_assert_nonnull(strstr(props, "colour = blue"));

    /* the tile page while a chunk is edited: the brush tile */
    tools.selected_object = 0;
    g_assert_true(editor_tools_edit_chunk_at(&tools, 20, 7));
    uint16_t tile = 0;
    tools.brush_tile = tile;
    editor_properties_rebuild_now(panel);
    g_assert_cmpstr(editor_properties_get_page(panel), ==, "tile");
    g_assert_true(g_str_has_prefix(editor_properties_get_title(panel), "Tile 0 — used in"));
    g_assert_false(editor_properties_edit(panel, "object-x", "0"));
    g_autofree char *too_big = g_strdup_printf("%u", l->mask_count);
    g_assert_false(editor_properties_edit(panel, "mask-a", too_big));
    gboolean jump = (l->tiles[tile].flags & LW_TILE_JUMP_THROUGH) != 0;
    g_assert_true(editor_properties_edit(panel, "jump", jump ? "0" : "1"));
    g_assert_cmpint((l->tiles[tile].flags & LW_TILE_JUMP_THROUGH) != 0, ==, !jump);
    g_assert_true(editor_properties_edit(panel, "mask-b", "-1"));
    g_assert_cmpuint(l->tiles[tile].mask[1], ==, LW_NONE);
    g_assert_nonnull(strstr(log->str, "mask-b|"));
    /* every edit was a command: undoing them all gives the level as loaded */
    while (editor_document_get_modified(doc))
        editor_document_undo(doc);
    g_assert_cmpint(lw_level_find_object(l, 1)->x, !=, 200);
    g_assert_cmpuint(lw_level_find_object(l, 2)->swapper.radius, ==, 64);
    g_object_unref(panel);
    g_string_free(log, TRUE);
    editor_renderer_free(renderer);
}

/* ---- the Chunks and Tiles palettes ---- */

typedef struct {
    guint calls, item;
    int n_press;
} PickLog;

static void on_picked(EditorPalette *p, guint item, int n_press, PickLog *log)
{
    log->calls++;
    log->item = item;
    log->n_press = n_press;
}

/* Items in a row: the first x cell that is no item. */
static guint palette_columns_of(EditorPalette *p, int cell)
{
    guint cols = 0, item;
    while (cols < 100 && editor_palette_item_at(p, cols * cell + 5.0, 5, &item))
        cols++;
    return cols;
}

static void test_palettes(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = load_level();
    const lw_level *l = editor_document_get_level(doc);
    EditorRenderer *renderer = editor_renderer_new(l);
    EditorTools tools;
    editor_tools_init(&tools, doc);
    GtkWidget *win = gtk_window_new();
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    EditorPalette *chunks = g_object_new(EDITOR_TYPE_PALETTE, "kind", EDITOR_PALETTE_CHUNKS, NULL);
    EditorPalette *tiles = g_object_new(EDITOR_TYPE_PALETTE, "kind", EDITOR_PALETTE_TILES, NULL);
    gtk_widget_set_size_request(GTK_WIDGET(chunks), 220, 400);
    gtk_widget_set_size_request(GTK_WIDGET(tiles), 220, 400);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(chunks));
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(tiles));
    gtk_window_set_child(GTK_WINDOW(win), box);
    editor_palette_set_context(chunks, doc, renderer, &tools);
    editor_palette_set_context(tiles, doc, renderer, &tools);
    gtk_window_present(GTK_WINDOW(win));
    ui_spin(300);
    g_assert_cmpint(editor_palette_get_kind(tiles), ==, EDITOR_PALETTE_TILES);
    g_assert_cmpuint(editor_palette_get_item_count(chunks), ==, l->chunk_count);
    g_assert_cmpuint(editor_palette_get_item_count(tiles), ==, l->tile_count + 1u);

    /* chunks: 76 px cells, row by row; a press on one is "picked" with its press count */
    guint ccols = palette_columns_of(chunks, 76);
    g_assert_cmpuint(ccols, >=, 2);
    PickLog log = {0};
    g_signal_connect(chunks, "picked", G_CALLBACK(on_picked), &log);
    editor_palette_press(chunks, 76 + 5, 5, 1);
    g_assert_cmpuint(log.calls, ==, 1);
    g_assert_cmpuint(log.item, ==, 1);
    editor_palette_press(chunks, 5, 76 + 5, 2);
    g_assert_cmpuint(log.calls, ==, 2);
    g_assert_cmpuint(log.item, ==, ccols);
    g_assert_cmpint(log.n_press, ==, 2);
    editor_palette_press(chunks, 5, 76.0 * 1000, 1); /* past the last chunk: nothing */
    editor_palette_press(chunks, 76.0 * ccols + 5, 5, 1);
    g_assert_cmpuint(log.calls, ==, 2);

    /* tiles: the eraser first, then tile 0 */
    guint item = 0;
    g_assert_true(editor_palette_item_at(tiles, 5, 5, &item));
    g_assert_cmpuint(item, ==, LW_NONE);
    g_assert_true(editor_palette_item_at(tiles, 34 + 5, 5, &item));
    g_assert_cmpuint(item, ==, 0);
    guint tcols = palette_columns_of(tiles, 34);
    g_assert_true(editor_palette_item_at(tiles, 5, 34 + 5, &item));
    g_assert_cmpuint(item, ==, tcols - 1);

    /* it follows the document: an appended chunk is an item at once, where the next one goes */
    guint n = l->chunk_count;
    g_autofree lw_cell *cells =
        g_memdup2(lw_level_chunk_cells(l, 0), lw_level_cells_per_chunk(l) * sizeof(lw_cell));
    editor_document_push(doc, editor_cmd_add_chunk_new(doc, cells, "Add Chunk", &error));
    g_assert_no_error(error);
    g_assert_cmpuint(editor_palette_get_item_count(chunks), ==, n + 1);
    ui_spin(100);
    g_assert_true(
        editor_palette_item_at(chunks, (n % ccols) * 76 + 5.0, (n / ccols) * 76 + 5.0, &item));
    g_assert_cmpuint(item, ==, n);
    editor_document_undo(doc);
    g_assert_false(
        editor_palette_item_at(chunks, (n % ccols) * 76 + 5.0, (n / ccols) * 76 + 5.0, &item));

    /* the tiles' mask overlay: the property and the palette's own switch agree */
    g_assert_true(editor_palette_get_show_masks(tiles));
    GtkWidget *sw = ui_find_named(GTK_WIDGET(tiles), "palette-masks");
    g_assert_nonnull(sw);
    g_assert_true(gtk_widget_get_visible(gtk_widget_get_parent(sw)));
    g_assert_false(gtk_widget_get_visible(
        gtk_widget_get_parent(ui_find_named(GTK_WIDGET(chunks), "palette-masks"))));
    editor_palette_set_show_masks(tiles, FALSE);
    g_assert_false(gtk_switch_get_active(GTK_SWITCH(sw)));
    gtk_switch_set_active(GTK_SWITCH(sw), TRUE);
    g_assert_true(editor_palette_get_show_masks(tiles));
    gtk_window_destroy(GTK_WINDOW(win));
    ui_spin(50);
    editor_renderer_free(renderer);
}

/* ---- the level properties dialog ---- */

static void on_applied(EditorLevelPropsDialog *d, guint *count)
{
    (*count)++;
}

static EditorLevelPropsDialog *props_dialog(EditorDocument *doc, guint *applied)
{
    EditorLevelPropsDialog *d = editor_level_props_dialog_new(NULL, doc);
    g_signal_connect(d, "applied", G_CALLBACK(on_applied), applied);
    return d;
}

static void test_level_props_dialog(void)
{
    g_autoptr(EditorDocument) doc = load_level();
    const lw_level *l = editor_document_get_level(doc);
    guint applied = 0, w0 = l->layout_width, h0 = l->layout_height;
    g_autofree char *name0 = g_strdup(l->name);
    g_assert_cmpuint(l->chunk_px, ==, 128);

    /* the fields show the level; Apply is one undo step with every change in it */
    EditorLevelPropsDialog *d = props_dialog(doc, &applied);
    EditorLevelPropsFields f;
    editor_level_props_dialog_get_fields(d, &f);
    g_assert_cmpstr(f.props.name, ==, l->name);
    g_assert_cmpstr(f.props.profile, ==, l->profile);
    g_assert_cmpuint(f.props.background_rgb, ==, l->background_rgb);
    g_assert_cmpuint(f.chunk_px, ==, 128);
    g_assert_cmpuint(f.width, ==, w0);
    g_assert_cmpuint(f.height, ==, h0);
    g_strlcpy(f.props.name, "Renamed", sizeof f.props.name);
    g_strlcpy(f.props.profile, "s3k", sizeof f.props.profile);
    f.props.background_rgb = 0x102030;
    f.width = w0 + 4;
    editor_level_props_dialog_set_fields(d, &f);
    guint before = undo_index(doc);
    g_assert_true(editor_level_props_dialog_apply(d)); /* and the dialog is gone */
    g_assert_cmpuint(applied, ==, 1);
    g_assert_cmpstr(l->name, ==, "Renamed");
    g_assert_cmpstr(l->profile, ==, "s3k");
    g_assert_cmpuint(l->background_rgb, ==, 0x102030);
    g_assert_cmpuint(l->layout_width, ==, w0 + 4);
    g_assert_cmpuint(undo_index(doc), ==, before + 1);
    editor_document_undo(doc);
    g_assert_cmpstr(l->name, ==, name0);
    g_assert_cmpuint(l->layout_width, ==, w0);

    /* the chunk size converts the level (the size fields are ignored then) */
    d = props_dialog(doc, &applied);
    editor_level_props_dialog_get_fields(d, &f);
    f.chunk_px = 256;
    f.width = 1;
    editor_level_props_dialog_set_fields(d, &f);
    g_assert_true(editor_level_props_dialog_apply(d));
    g_assert_cmpuint(applied, ==, 2);
    g_assert_cmpuint(l->chunk_px, ==, 256);
    g_assert_cmpuint(l->layout_width, ==, (w0 + 1) / 2);

    /* a size the engine cannot take (512 chunks of 256 px): said inline, nothing pushed, the
     * dialog stays; editing the size clears it; Cancel (window.close) pushes nothing */
    d = props_dialog(doc, &applied);
    GtkWidget *weak = GTK_WIDGET(d);
    g_object_add_weak_pointer(G_OBJECT(d), (gpointer *)&weak);
    editor_level_props_dialog_get_fields(d, &f);
    f.width = 512;
    editor_level_props_dialog_set_fields(d, &f);
    before = undo_index(doc);
    g_assert_false(editor_level_props_dialog_apply(d));
    g_assert_nonnull(editor_level_props_dialog_get_problem(d));
    g_assert_nonnull(strstr(editor_level_props_dialog_get_problem(d), "cannot take that size"));
    g_assert_cmpuint(applied, ==, 2);
    g_assert_cmpuint(undo_index(doc), ==, before);
    g_assert_cmpuint(l->layout_width, ==, (w0 + 1) / 2);
    f.width = 40;
    editor_level_props_dialog_set_fields(d, &f);
    g_assert_null(editor_level_props_dialog_get_problem(d));
    gtk_window_present(GTK_WINDOW(d)); /* an unrealized window does not close */
    ui_spin(100);
    gtk_widget_activate_action(GTK_WIDGET(d), "window.close", NULL);
    ui_spin(50);
    g_assert_null(weak);
    g_assert_cmpuint(undo_index(doc), ==, before);
    g_assert_cmpuint(applied, ==, 2);
}

/* ---- the test-play window's Tuning tab ---- */

typedef struct {
    guint calls, index;
    int value;
} FieldLog;

static void on_field_changed(PlayTuningPanel *p, guint index, int value, FieldLog *log)
{
    log->calls++;
    log->index = index;
    log->value = value;
}

static int32_t session_value(PlaySession *session, guint index)
{
    return lw_profile_get(&play_session_get_sim(session)->profile, index);
}

/* A play session on @doc's level (play_session_free it), with the preset @profile and Sonic
 * (NULL: the level's physics), and its Tuning tab in *@panel, the panel's field-changed signals
 * counted in @log (g_object_unref it). */
static PlaySession *tuning_session_new(EditorDocument *doc, const char *profile, FieldLog *log,
                                       PlayTuningPanel **panel)
{
    GError *error = NULL;
    PlaySession *session = play_session_new(editor_document_get_level(doc), NULL, &error);
    g_assert_no_error(error);
    if (profile) {
        g_assert_true(play_session_set_physics(session, profile, "sonic", &error));
        g_assert_no_error(error);
    }
    *panel = g_object_new(PLAY_TYPE_TUNING_PANEL, NULL);
    g_object_ref_sink(*panel);
    g_signal_connect(*panel, "field-changed", G_CALLBACK(on_field_changed), log);
    play_tuning_panel_set_session(*panel, session);
    return session;
}

static void test_tuning_panel(void)
{
    g_autoptr(EditorDocument) doc = load_level();
    FieldLog log = {0};
    PlayTuningPanel *panel;
    PlaySession *session = tuning_session_new(doc, NULL, &log, &panel);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 0);
    g_assert_nonnull(strstr(play_tuning_panel_get_summary(panel), "0 changed from the preset"));
    g_assert_nonnull(strstr(play_tuning_panel_get_summary(panel), "(as in the level)"));

    /* an edit of a constant goes to the session and is reported with the value taken */
    int32_t top = lw_param_find("top");
    g_assert_cmpint(top, >=, 0);
    g_assert_cmpint(lw_profile_get(play_session_get_preset(session), (guint)top), !=, 2048);
    g_assert_true(play_tuning_panel_edit(panel, (guint)top, 2048));
    g_assert_cmpuint(log.calls, ==, 1);
    g_assert_cmpuint(log.index, ==, (guint)top);
    g_assert_cmpint(log.value, ==, 2048);
    g_assert_cmpint(session_value(session, (guint)top), ==, 2048);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 1);
    g_assert_nonnull(strstr(play_tuning_panel_get_summary(panel), "1 changed from the preset"));
    g_assert_nonnull(strstr(play_tuning_panel_get_summary(panel), "(not in the level)"));

    /* out of range, or not a constant: refused, nothing changes */
    g_assert_false(play_tuning_panel_edit(panel, (guint)top, lw_param_at((guint)top)->max + 1));
    g_assert_false(play_tuning_panel_edit(panel, (guint)lw_param_count(), 0));
    g_assert_cmpuint(log.calls, ==, 1);
    g_assert_cmpint(session_value(session, (guint)top), ==, 2048);

    /* a switch is a check button: 0 or 1 */
    guint sw = 0;
    while (sw < lw_param_count() && lw_param_at(sw)->kind != LW_PARAM_SWITCH)
        sw++;
    g_assert_cmpuint(sw, <, lw_param_count());
    int32_t flipped = !session_value(session, sw);
    g_assert_true(play_tuning_panel_edit(panel, sw, flipped));
    g_assert_cmpuint(log.calls, ==, 2);
    g_assert_cmpuint(log.index, ==, sw);
    g_assert_cmpint(log.value, ==, flipped);
    g_assert_cmpint(session_value(session, sw), ==, flipped);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 2);

    /* changed elsewhere (the window's Reset): a refresh shows it and reports no edit */
    play_session_reset_tuning(session);
    play_tuning_panel_refresh(panel);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 0);
    g_assert_cmpuint(log.calls, ==, 2);
    /* the tuning is the session's: the level is only changed by the window's Save to Level */
    g_assert_false(editor_document_get_modified(doc));
    g_object_unref(panel);
    play_session_free(session);
}

/* The session's run from its start: UP, then UP+jump (the peel-out's start, §19.1), UP for
 * @up_frames more frames, then nothing until frame @frames. Returns the Gsp on the frame UP is
 * released (the launch) and the X (1/256 px) at @frames in @x. */
static int32_t peelout_run(PlaySession *session, guint up_frames, guint frames, int32_t *x)
{
    play_session_restart(session);
    const lw_player *pl = &play_session_get_sim(session)->state.player;
    play_session_step(session, LW_BUTTON_UP);
    play_session_step(session, LW_BUTTON_UP | LW_BUTTON_JUMP);
    for (guint i = 0; i < up_frames; i++)
        play_session_step(session, LW_BUTTON_UP);
    play_session_step(session, 0);
    int32_t launch = pl->gsp;
    while (play_session_get_frame(session) < frames)
        play_session_step(session, 0);
    *x = pl->x;
    return launch;
}

/* A spindash from the session's start: DOWN, DOWN+jump, DOWN for @hold frames (no more presses),
 * released; the Gsp on the release frame. */
static int32_t spindash_run(PlaySession *session, guint hold)
{
    play_session_restart(session);
    play_session_step(session, LW_BUTTON_DOWN);
    play_session_step(session, LW_BUTTON_DOWN | LW_BUTTON_JUMP);
    for (guint i = 0; i < hold; i++)
        play_session_step(session, LW_BUTTON_DOWN);
    play_session_step(session, 0);
    return play_session_get_sim(session)->state.player.gsp;
}

static guint param(const char *name)
{
    int32_t i = lw_param_find(name);
    g_assert_cmpint(i, >=, 0);
    return (guint)i;
}

/* The moves' constants (OBJECTS.md §9, §19.1, §19.5) on the Tuning tab: an edit through the
 * panel is what the next run uses, Save to Level writes it as an override (undoable), Reset
 * brings the preset's run back. */
static void test_tuning_panel_moves(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = load_level();
    FieldLog log = {0};
    PlayTuningPanel *panel;
    PlaySession *session = tuning_session_new(doc, "cd", &log, &panel);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 0);

    /* the preset: a 30-frame charge, launched at 0xC00; a 20-frame charge does nothing */
    int32_t x_preset, x;
    g_assert_cmpint(peelout_run(session, 30, 90, &x_preset), ==, 0xC00);
    g_assert_cmpint(peelout_run(session, 20, 90, &x), ==, 0);

    /* a slower peel-out from the panel: the next run launches at it and is behind at frame 90 */
    g_assert_true(play_tuning_panel_edit(panel, param("peelout_speed"), 0x800));
    g_assert_cmpuint(log.calls, ==, 1);
    g_assert_cmpuint(log.index, ==, param("peelout_speed"));
    g_assert_cmpint(log.value, ==, 0x800);
    g_assert_cmpint(peelout_run(session, 30, 90, &x), ==, 0x800);
    g_assert_cmpint(x, <, x_preset);
    /* a shorter charge: 20 frames of UP now launch */
    g_assert_true(play_tuning_panel_edit(panel, param("peelout_charge"), 20));
    g_assert_cmpint(peelout_run(session, 20, 90, &x), ==, 0x800);
    g_assert_cmpint(peelout_run(session, 19, 90, &x), ==, 0);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 2);
    /* out of range (the charge counts in a byte): refused */
    g_assert_false(play_tuning_panel_edit(panel, param("peelout_charge"), 256));
    g_assert_cmpuint(log.calls, ==, 2);

    /* CD's spindash: 45 frames of DOWN at 0xC00 in the preset, then the edited values */
    g_assert_cmpint(spindash_run(session, 45), ==, 0xC00);
    g_assert_cmpint(spindash_run(session, 30), ==, 0);
    g_assert_true(play_tuning_panel_edit(panel, param("cd_spindash_charge"), 30));
    g_assert_true(play_tuning_panel_edit(panel, param("cd_spindash_speed"), 0x900));
    g_assert_cmpint(spindash_run(session, 30), ==, 0x900);

    /* Save to Level (what win.save-tuning does): the four overrides, one undoable command */
    lw_override ov[LW_MAX_OVERRIDES];
    guint n = play_session_get_overrides(session, ov, LW_MAX_OVERRIDES);
    g_assert_cmpuint(n, ==, 4);
    editor_document_push(doc, editor_cmd_set_physics_new(doc, "cd", "sonic", ov, n));
    const lw_level *l = editor_document_get_level(doc);
    g_assert_cmpuint(l->override_count, ==, 4);
    g_assert_cmpstr(l->overrides[0].name, ==, "peelout_charge");
    g_assert_cmpint(l->overrides[0].value, ==, 20);
    g_assert_cmpstr(l->overrides[1].name, ==, "peelout_speed");
    g_assert_cmpint(l->overrides[1].value, ==, 0x800);
    g_assert_true(play_session_physics_match_level(session));
    editor_document_undo(doc);
    g_assert_cmpuint(l->override_count, ==, 0);

    /* Reset: the preset's values and the preset's run again, to the subpixel */
    play_session_reset_tuning(session);
    play_tuning_panel_refresh(panel);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 0);
    g_assert_cmpint(peelout_run(session, 30, 90, &x), ==, 0xC00);
    g_assert_cmpint(x, ==, x_preset);

    /* S2's spindash release table: a release with no revs gives spindash_speed, each rev level
     * adds spindash_step (one press = 0x200 of charge, two levels) */
    g_assert_true(play_session_set_physics(session, "s2", "sonic", &error));
    play_tuning_panel_refresh(panel);
    g_assert_cmpint(spindash_run(session, 3), ==, 0x800);
    g_assert_true(play_tuning_panel_edit(panel, param("spindash_speed"), 0x600));
    g_assert_true(play_tuning_panel_edit(panel, param("spindash_step"), 0x100));
    g_assert_cmpint(spindash_run(session, 3), ==, 0x600);
    play_session_restart(session);
    play_session_step(session, LW_BUTTON_DOWN);
    play_session_step(session, LW_BUTTON_DOWN | LW_BUTTON_JUMP); /* the start: charge 0 */
    play_session_step(session, LW_BUTTON_DOWN);
    play_session_step(session, LW_BUTTON_DOWN | LW_BUTTON_JUMP); /* a rev: 0x200 */
    play_session_step(session, 0);
    g_assert_cmpint(play_session_get_sim(session)->state.player.gsp, ==, 0x600 + 2 * 0x100);

    g_object_unref(panel);
    play_session_free(session);
}

/* A drop dash from the session's start (OBJECTS.md §19.2): jump, let go, press again on frame 3
 * and hold jump to the landing and one frame more (the release). Returns the Gsp on that frame
 * and, in @x, the X (1/256 px) at @frames with nothing held after it. */
static int32_t drop_dash_run(PlaySession *session, guint frames, int32_t *x)
{
    play_session_restart(session);
    const lw_player *pl = &play_session_get_sim(session)->state.player;
    play_session_step(session, LW_BUTTON_JUMP);
    play_session_step(session, 0);
    do
        play_session_step(session, LW_BUTTON_JUMP);
    while (pl->airborne && play_session_get_frame(session) < frames);
    play_session_step(session, LW_BUTTON_JUMP);
    int32_t release = pl->gsp;
    while (play_session_get_frame(session) < frames)
        play_session_step(session, 0);
    *x = pl->x;
    return release;
}

/* The drop dash's constants (OBJECTS.md §19.6) on the Tuning tab, with its switch: the next run
 * uses an edit, Save to Level writes the overrides (undoable), Reset gives the preset's run. */
static void test_tuning_panel_drop_dash(void)
{
    g_autoptr(EditorDocument) doc = load_level();
    FieldLog log = {0};
    PlayTuningPanel *panel;
    PlaySession *session = tuning_session_new(doc, "s2", &log, &panel);

    /* the preset has no drop dash: the landing is standing, Gsp 0 */
    int32_t x_preset, x_dash, x;
    g_assert_cmpint(drop_dash_run(session, 90, &x_preset), ==, 0);
    /* the switch on: drpspd 0x800 (then rolling friction) */
    g_assert_true(play_tuning_panel_edit(panel, param("drop_dash"), 1));
    g_assert_cmpuint(log.index, ==, param("drop_dash"));
    g_assert_cmpint(drop_dash_run(session, 90, &x_dash), ==, 0x800 - 6);
    g_assert_cmpint(x_dash, >, x_preset);
    /* a slower release: launched at it, behind the preset's dash at frame 90 */
    g_assert_true(play_tuning_panel_edit(panel, param("drop_dash_speed"), 0x600));
    g_assert_cmpint(log.value, ==, 0x600);
    g_assert_cmpint(drop_dash_run(session, 90, &x), ==, 0x600 - 6);
    g_assert_cmpint(x, <, x_dash);
    /* a charge longer than the fall (36 held frames): not charged at the landing */
    g_assert_true(play_tuning_panel_edit(panel, param("drop_dash_charge"), 40));
    g_assert_cmpint(drop_dash_run(session, 90, &x), ==, 0);
    g_assert_true(play_tuning_panel_edit(panel, param("drop_dash_charge"), 36));
    g_assert_cmpint(drop_dash_run(session, 90, &x), ==, 0x600 - 6);
    g_assert_false(play_tuning_panel_edit(panel, param("drop_dash_charge"), 256));
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 3);

    /* Save to Level: the two constants and the switch, in the parameters' order; undoable */
    lw_override ov[LW_MAX_OVERRIDES];
    guint n = play_session_get_overrides(session, ov, LW_MAX_OVERRIDES);
    g_assert_cmpuint(n, ==, 3);
    editor_document_push(doc, editor_cmd_set_physics_new(doc, "s2", "sonic", ov, n));
    const lw_level *l = editor_document_get_level(doc);
    g_assert_cmpuint(l->override_count, ==, 3);
    g_assert_cmpstr(l->overrides[0].name, ==, "drop_dash_charge");
    g_assert_cmpint(l->overrides[0].value, ==, 36);
    g_assert_cmpstr(l->overrides[1].name, ==, "drop_dash_speed");
    g_assert_cmpint(l->overrides[1].value, ==, 0x600);
    g_assert_cmpstr(l->overrides[2].name, ==, "drop_dash");
    g_assert_cmpint(l->overrides[2].value, ==, 1);
    g_assert_true(play_session_physics_match_level(session));
    editor_document_undo(doc);
    g_assert_cmpuint(l->override_count, ==, 0);
    g_assert_false(play_session_physics_match_level(session));

    /* Reset: the preset's run again, to the subpixel */
    play_session_reset_tuning(session);
    play_tuning_panel_refresh(panel);
    g_assert_cmpuint(play_tuning_panel_get_changed_count(panel), ==, 0);
    g_assert_cmpint(drop_dash_run(session, 90, &x), ==, 0);
    g_assert_cmpint(x, ==, x_preset);
    g_object_unref(panel);
    play_session_free(session);
}

/* ---- the test-play window's Replays tab ---- */

typedef struct {
    guint verdict_calls, count, failing;
    guint selection_calls;
    int selected;
    guint activated_calls, activated;
} ReplaysLog;

static void on_verdicts(PlayReplaysPanel *p, guint count, guint failing, ReplaysLog *log)
{
    log->verdict_calls++;
    log->count = count;
    log->failing = failing;
}

static void on_selection(PlayReplaysPanel *p, int index, ReplaysLog *log)
{
    log->selection_calls++;
    log->selected = index;
}

static void on_replay_activated(PlayReplaysPanel *p, guint index, ReplaysLog *log)
{
    log->activated_calls++;
    log->activated = index;
}

static void test_replays_panel(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = load_level();
    const lw_level *l = editor_document_get_level(doc);
    g_assert_cmpuint(l->replay_count, ==, 0);
    PlayReplaysPanel *panel = g_object_new(PLAY_TYPE_REPLAYS_PANEL, NULL);
    g_object_ref_sink(panel);
    ReplaysLog log = {.selected = -2};
    g_signal_connect(panel, "verdicts-changed", G_CALLBACK(on_verdicts), &log);
    g_signal_connect(panel, "selection-changed", G_CALLBACK(on_selection), &log);
    g_signal_connect(panel, "replay-activated", G_CALLBACK(on_replay_activated), &log);
    play_replays_panel_set_document(panel, doc);
    g_assert_cmpuint(log.verdict_calls, ==, 1);
    g_assert_cmpuint(log.count, ==, 0);
    g_assert_cmpuint(play_replays_panel_get_count(panel), ==, 0);
    g_assert_cmpint(play_replays_panel_get_selected(panel), ==, -1);

    /* a replay saved in the level (a command, as the window's Save Run): a passing row at once */
    lw_replay r = {.name = "run right", .script = "120 R\n", .frames = 120};
    EditorReplayResult res;
    g_assert_true(editor_replay_run(l, &r, &res, &error));
    editor_replay_set_expect(&r, &res);
    editor_document_push(doc, editor_cmd_add_replay_new(doc, &r, -1));
    g_assert_cmpuint(log.verdict_calls, ==, 2);
    g_assert_cmpuint(log.count, ==, 1);
    g_assert_cmpuint(log.failing, ==, 0);
    g_assert_cmpint(play_replays_panel_get_verdict(panel, 0), ==, EDITOR_REPLAY_PASS);
    g_assert_cmpint(play_replays_panel_get_verdict(panel, 1), ==, EDITOR_REPLAY_INVALID);

    /* selecting says so once; activating a row asks for it to be played */
    play_replays_panel_select(panel, 0);
    play_replays_panel_select(panel, 0);
    g_assert_cmpuint(log.selection_calls, ==, 1);
    g_assert_cmpint(log.selected, ==, 0);
    g_assert_cmpint(play_replays_panel_get_selected(panel), ==, 0);
    play_replays_panel_activate(panel, 0);
    play_replays_panel_activate(panel, 7); /* no such row: nothing */
    g_assert_cmpuint(log.activated_calls, ==, 1);
    g_assert_cmpuint(log.activated, ==, 0);

    /* an edit that is not a replay's (the player start moved 32 px, the replay starts there):
     * the verdicts run again a moment later and the selection stays */
    const lw_object *start = NULL;
    for (guint i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_PLAYER_START)
            start = &l->objects[i];
    g_assert_nonnull(start);
    guint32 start_id = start->id;
    editor_document_push(doc,
                         editor_cmd_move_object_new(doc, start_id, start->x + 32, start->y, 9));
    g_assert_cmpuint(log.failing, ==, 0); /* not at once */
    UI_WAIT_FOR(log.failing == 1, 3000);
    g_assert_cmpuint(log.failing, ==, 1);
    g_assert_cmpint(play_replays_panel_get_verdict(panel, 0), !=, EDITOR_REPLAY_PASS);
    g_assert_cmpuint(play_replays_panel_get_failing(panel), ==, 1);
    g_assert_cmpint(play_replays_panel_get_selected(panel), ==, 0);
    g_assert_cmpuint(log.selection_calls, ==, 1);

    /* the replay removed: no rows, nothing selected, said at once */
    editor_document_push(doc, editor_cmd_remove_replay_new(doc, 0));
    g_assert_cmpuint(log.count, ==, 0);
    g_assert_cmpuint(play_replays_panel_get_count(panel), ==, 0);
    g_assert_cmpuint(log.selection_calls, ==, 2);
    g_assert_cmpint(log.selected, ==, -1);
    /* undone: it is back, failing as before */
    editor_document_undo(doc);
    g_assert_cmpuint(log.count, ==, 1);
    g_assert_cmpuint(log.failing, ==, 1);
    g_object_unref(panel);
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
    g_test_add_func("/ui/panels/properties", test_properties_panel);
    g_test_add_func("/ui/panels/palettes", test_palettes);
    g_test_add_func("/ui/panels/level-properties", test_level_props_dialog);
    g_test_add_func("/ui/panels/play-tuning", test_tuning_panel);
    g_test_add_func("/ui/panels/play-tuning-moves", test_tuning_panel_moves);
    g_test_add_func("/ui/panels/play-tuning-drop-dash", test_tuning_panel_drop_dash);
    g_test_add_func("/ui/panels/play-replays", test_replays_panel);
    return g_test_run();
}
