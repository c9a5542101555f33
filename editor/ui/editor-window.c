/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-window"

#include "editor-window.h"

#include "doc/editor-app-clipboard.h"
#include "doc/editor-commands.h"
#include "doc/level-json.h"
#include "doc/level-ops.h"
#include "doc/replay-check.h"
#include "editor-actions.h"
#include "editor-authoring.h"
#include "editor-command-palette.h"
#include "editor-file-chooser.h"
#include "editor-history-panel.h"
#include "editor-issues-panel.h"
#include "editor-level-props.h"
#include "editor-minimap.h"
#include "editor-object-palette.h"
#include "editor-palette.h"
#include "editor-properties.h"
#include "editor-window-state.h"
#include "editor-window-title.h"
#include "play-window.h"

#include <loopwright/fixed.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_FINAL_TYPE(EditorWindow, editor_window, GTK_TYPE_APPLICATION_WINDOW)

static guint signals[EDITOR_WINDOW_N_SIGNALS];

guint editor_window_signal_id(EditorWindowSignal which)
{
    return signals[which];
}

/* The document saved (however the save was started): the file goes into the recent list (the
 * application listens). */
static void on_doc_saved(EditorWindow *self, const char *path)
{
    self->saves++;
    g_signal_emit(self, signals[EDITOR_WINDOW_SIGNAL_FILE_SAVED], 0, path);
}

/* The tools' selection, brush or mode changed: the Properties panel shows it. */
static void rebuild_properties(EditorWindow *self)
{
    editor_properties_queue_rebuild(self->properties_box);
}

static void on_properties_edited(EditorProperties *panel, const char *field, const char *label,
                                 EditorWindow *self)
{
    g_autofree char *text = g_strdup_printf("%s (Ctrl+Z undoes it).", label);
    editor_window_set_status(self, text);
}
static void update_status(EditorWindow *self, double lx, double ly);
static void update_chunk_banner(EditorWindow *self);

EditorDocument *editor_window_get_document(EditorWindow *self)
{
    return self->doc;
}

EditorCanvas *editor_window_get_canvas(EditorWindow *self)
{
    return self->canvas;
}

EditorTools *editor_window_get_tools(EditorWindow *self)
{
    return &self->tools;
}

EditorRenderer *editor_window_get_renderer(EditorWindow *self)
{
    return self->renderer;
}

EditorAuthoring *editor_window_get_authoring(EditorWindow *self)
{
    return self->authoring;
}

/* ---- dialogs ---- */

void editor_window_show_error(EditorWindow *self, const char *title, const GError *error)
{
    GtkWidget *d =
        gtk_message_dialog_new(GTK_WINDOW(self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                               GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", title);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d), "%s",
                                             error ? error->message : "");
    g_signal_connect(d, "response", G_CALLBACK(gtk_window_destroy), NULL);
    gtk_window_present(GTK_WINDOW(d));
}

void editor_window_show_message(EditorWindow *self, const char *title, const char *text)
{
    GError error = {EDITOR_DOCUMENT_ERROR, LW_ERR_IO, (char *)text};
    editor_window_show_error(self, title, &error);
}

/* ---- document wiring ---- */

static void load_tileset(EditorWindow *self)
{
    g_autoptr(GError) error = NULL;
    g_clear_pointer(&self->tileset_error, g_free);
    if (!editor_renderer_load_document_tileset(self->renderer, self->doc, &error))
        self->tileset_error = g_strdup(error->message);
    editor_renderer_set_level_file(self->renderer, editor_document_get_path(self->doc));
    if (self->properties_box)
        editor_properties_set_tileset_error(self->properties_box, self->tileset_error);
}

static void update_title(EditorWindow *self)
{
    g_autofree char *name = editor_window_dup_doc_title(self->doc);
    g_autofree char *title = g_strdup_printf("%s — Loopwright", name);
    gtk_window_set_title(GTK_WINDOW(self), title);
}

static void on_doc_changed(EditorWindow *self, EditorChange *change)
{
    if (change->flags & (EDITOR_CHANGE_EVERYTHING | EDITOR_CHANGE_PROPERTIES)) {
        /* the tileset path may have changed: reload the art */
        load_tileset(self);
    }
    editor_renderer_invalidate(self->renderer, change);
    /* a structural change can leave the edited slot or selection outside the level */
    const lw_level *l = doc_level(self);
    if (self->tools.editing_chunk &&
        ((change->flags & EDITOR_CHANGE_EVERYTHING) || self->tools.edit_slot_x >= l->layout_width ||
         self->tools.edit_slot_y >= l->layout_height ||
         editor_tools_get_edited_chunk(&self->tools) == LW_NONE))
        editor_tools_stop_editing(&self->tools);
    if (self->tools.selected_object && !lw_level_find_object(l, self->tools.selected_object))
        editor_tools_select_object(&self->tools, 0);
    self->tools.brush_chunk =
        editor_change_follow_chunk(change, self->tools.brush_chunk, l->chunk_count);
    self->tools.brush_tile =
        editor_change_follow_tile(change, self->tools.brush_tile, l->tile_count);
    /* the palettes and the Properties panel follow the document by themselves */
    update_chunk_banner(self);
    editor_window_update_brush_label(self);
    editor_window_update_actions(self);
    /* an edit made from the keyboard changes what is under a pointer that did not move */
    editor_window_refresh_status(self);
}

static void on_doc_notify(EditorWindow *self)
{
    update_title(self);
    editor_window_update_actions(self);
}

/* ---- tools notifications ---- */

/* Entering chunk editing zooms to the chunk: it fills the view (the largest zoom step at which
 * it fits in 80 % of it), centred — also when the window has no size yet (a --run-action at
 * start-up), then at the canvas's first allocation. Moving on to another chunk (a double-click
 * elsewhere) zooms to that one; leaving brings back the view from before. The action
 * (win.edit-chunk-at), Return and the canvas's double-click all come here through the tools'
 * MODE notification. */
static void follow_chunk_editing(EditorWindow *self)
{
    const EditorTools *t = &self->tools;
    if (!t->editing_chunk) {
        if (self->was_editing_chunk) {
            self->was_editing_chunk = FALSE;
            editor_canvas_show(self->canvas, self->view_before_chunk[2], self->view_before_chunk[0],
                               self->view_before_chunk[1]);
        }
        return;
    }
    if (!self->was_editing_chunk) {
        editor_canvas_get_center(self->canvas, &self->view_before_chunk[0],
                                 &self->view_before_chunk[1]);
        self->view_before_chunk[2] = editor_canvas_get_zoom(self->canvas);
    } else if (t->edit_slot_x == self->zoomed_slot[0] && t->edit_slot_y == self->zoomed_slot[1]) {
        return; /* the same chunk (make unique, an edit): the view stays as the user left it */
    }
    self->was_editing_chunk = TRUE;
    self->zoomed_slot[0] = t->edit_slot_x;
    self->zoomed_slot[1] = t->edit_slot_y;
    double px = doc_level(self)->chunk_px;
    editor_canvas_zoom_to_rect(self->canvas, t->edit_slot_x * px, t->edit_slot_y * px, px, px, 0.8);
}

void editor_window_on_tools_notify(gpointer user, EditorToolsNotify what)
{
    EditorWindow *self = user;
    if (what & EDITOR_TOOLS_NOTIFY_MESSAGE)
        editor_window_set_status(self, self->tools.message);
    if (self->authoring)
        editor_authoring_tools_changed(self->authoring, what);
    if (what &
        (EDITOR_TOOLS_NOTIFY_BRUSH | EDITOR_TOOLS_NOTIFY_SELECTION | EDITOR_TOOLS_NOTIFY_MODE)) {
        editor_palette_refresh(self->chunk_palette);
        editor_palette_refresh(self->tile_palette);
        editor_window_update_brush_label(self);
        rebuild_properties(self);
    }
    if (what & EDITOR_TOOLS_NOTIFY_MODE) {
        update_chunk_banner(self);
        /* painting tiles happens in the tile palette */
        gtk_notebook_set_current_page(self->palette_notebook, self->tools.editing_chunk ? 1 : 0);
        follow_chunk_editing(self);
    }
    editor_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->canvas));
}

void editor_window_update_brush_label(EditorWindow *self)
{
    EditorTools *t = &self->tools;
    static const char *const sol[4] = {"none", "top", "LRB", "all"};
    g_autofree char *text = NULL;
    if (t->editing_chunk) {
        char tile[32];
        if (t->brush_tile == LW_NONE)
            g_snprintf(tile, sizeof tile, "eraser");
        else
            g_snprintf(tile, sizeof tile, "tile %u", t->brush_tile);
        text = g_strdup_printf("Brush: %s%s%s · solidity A %s, B %s · paints path %s", tile,
                               (t->brush_flips & LW_CELL_FLIP_X) ? " flip-X" : "",
                               (t->brush_flips & LW_CELL_FLIP_Y) ? " flip-Y" : "",
                               sol[t->brush_solid & 3], sol[t->brush_solid >> 2 & 3],
                               t->solidity_paths == 3   ? "A+B"
                               : t->solidity_paths == 1 ? "A"
                                                        : "B");
    } else if (t->brush_chunk == LW_NONE) {
        text = g_strdup_printf("Brush: eraser · %s layer",
                               t->layer == LW_LAYER_BG ? "background" : "foreground");
    } else {
        text = g_strdup_printf("Brush: chunk %u · %s layer", t->brush_chunk,
                               t->layer == LW_LAYER_BG ? "background" : "foreground");
    }
    gtk_label_set_text(self->brush_label, text);
}

static void update_chunk_banner(EditorWindow *self)
{
    uint16_t chunk = editor_tools_get_edited_chunk(&self->tools);
    gtk_revealer_set_reveal_child(self->chunk_banner_revealer, chunk != LW_NONE);
    if (chunk == LW_NONE)
        return;
    const lw_level *l = doc_level(self);
    g_autofree guint *counts = g_new0(guint, MAX(l->chunk_count, 1u));
    editor_level_chunk_usage(l, counts);
    g_autofree char *text = NULL;
    if (counts[chunk] > 1)
        text = g_strdup_printf("Editing chunk %u in place — it is used in %u places, and edits "
                               "change all of them. Make Unique gives this place its own copy.",
                               chunk, counts[chunk]);
    else
        text = g_strdup_printf("Editing chunk %u in place (used once). Pick tiles in the Tiles "
                               "palette; right-click picks a cell; Escape or Done when finished.",
                               chunk);
    gtk_label_set_text(self->chunk_banner_label, text);
}

/* ---- palettes (EditorPalette, editor-palette.c) ---- */

static void chunk_picked(EditorPalette *palette, guint c, int n, EditorWindow *self)
{
    self->tools.brush_chunk = (uint16_t)c;
    if (self->tools.kind == EDITOR_TOOL_OBJECT || self->tools.kind == EDITOR_TOOL_SELECT ||
        self->tools.kind == EDITOR_TOOL_SOLIDITY)
        g_action_group_activate_action(G_ACTION_GROUP(self), "tool",
                                       g_variant_new_string("pencil"));
    if (self->tools.editing_chunk)
        editor_tools_stop_editing(&self->tools);
    editor_window_on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
    if (n == 2)
        editor_window_action_edit_chunk(NULL, NULL, self);
}

static void tile_picked(EditorPalette *palette, guint tile, int n, EditorWindow *self)
{
    self->tools.brush_tile = (uint16_t)tile;
    editor_window_on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
    gtk_notebook_set_current_page(self->side_notebook, 0);
}

/* ---- issues (EditorIssuesPanel, editor-issues-panel.c) ---- */

guint editor_window_get_issue_count(EditorWindow *self)
{
    return editor_issues_panel_get_count(self->issues_panel);
}

void editor_window_activate_issue(EditorWindow *self, guint index)
{
    editor_issues_panel_activate(self->issues_panel, index);
}

void editor_window_set_issues(EditorWindow *self, const char *source,
                              const editor_problem *problems, guint n)
{
    editor_issues_panel_set_issues(self->issues_panel, source, problems, n);
}

static void issue_activated(EditorIssuesPanel *panel, int x, int y, const char *message,
                            EditorWindow *self)
{
    if (x >= 0)
        editor_canvas_highlight(self->canvas, x, y);
    editor_window_set_status(self, message);
}

static void issues_changed(EditorIssuesPanel *panel, guint count, guint errors, EditorWindow *self)
{
    g_autofree char *tab = count ? g_strdup_printf("Issues (%u)", count) : g_strdup("Issues");
    gtk_label_set_text(self->issues_tab_label, tab);
}

void editor_window_action_check(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_issues_panel_check_now(self->issues_panel);
    gtk_notebook_set_current_page(self->side_notebook, 2);
}

/* ---- status bar ---- */

static gboolean clear_status_message(gpointer data)
{
    EditorWindow *self = data;
    self->status_message_timeout = 0;
    gtk_label_set_text(self->status_message, "");
    return G_SOURCE_REMOVE;
}

void editor_window_set_status(EditorWindow *self, const char *text)
{
    gtk_label_set_text(self->status_message, text);
    gtk_widget_set_tooltip_text(GTK_WIDGET(self->status_message), text);
    g_clear_handle_id(&self->status_message_timeout, g_source_remove);
    self->status_message_timeout = g_timeout_add_seconds(6, clear_status_message, self);
}

const char *editor_window_get_status_text(EditorWindow *self)
{
    return gtk_label_get_text(self->status_label);
}

void editor_window_refresh_status(EditorWindow *self)
{
    update_status(self, self->status_x, self->status_y);
}

static void update_status(EditorWindow *self, double lx, double ly)
{
    const lw_level *l = doc_level(self);
    GString *s = g_string_new(NULL);
    if (lx >= 0 && ly >= 0 && lx < lw_level_width_px(l) && ly < lw_level_height_px(l)) {
        int32_t x = (int32_t)lx, y = (int32_t)ly;
        guint sx = (guint)x >> l->chunk_shift, sy = (guint)y >> l->chunk_shift;
        uint16_t chunk = lw_level_layout_get(l, LW_LAYER_FG, sx, sy);
        g_string_append_printf(s, "px %d, %d · tile %d, %d · slot %u, %u", x, y, x / 16, y / 16, sx,
                               sy);
        if (chunk == LW_NONE) {
            g_string_append(s, " · empty slot");
        } else {
            const lw_cell *cell = lw_level_cell_at(l, x, y);
            g_string_append_printf(s, " · chunk %u", chunk);
            if (cell && cell->tile != LW_NONE) {
                static const char *const sol[4] = {"none", "top", "LRB", "all"};
                g_string_append_printf(s, " · cell tile %u%s%s · solid A %s, B %s", cell->tile,
                                       (cell->flags & LW_CELL_FLIP_X) ? " flipX" : "",
                                       (cell->flags & LW_CELL_FLIP_Y) ? " flipY" : "",
                                       sol[lw_cell_solidity(cell, LW_PATH_A)],
                                       sol[lw_cell_solidity(cell, LW_PATH_B)]);
                const lw_tile *t = &l->tiles[cell->tile];
                for (int p = 0; p < 2; p++) {
                    if (t->mask[p] == LW_NONE)
                        continue;
                    const lw_mask *m = &l->masks[t->mask[p]];
                    lw_angle a = lw_angle_flip(m->angle, cell->flags & LW_CELL_FLIP_X,
                                               cell->flags & LW_CELL_FLIP_Y);
                    int c = x & 15;
                    int h = m->heights[(cell->flags & LW_CELL_FLIP_X) ? 15 - c : c];
                    if (cell->flags & LW_CELL_FLIP_Y)
                        h = -h;
                    if (m->flags & LW_MASK_FLAGGED)
                        g_string_append_printf(s, " · mask %c %u h%d angle flagged", "AB"[p],
                                               t -> mask[p], h);
                    else
                        g_string_append_printf(s, " · mask %c %u h%d angle 0x%02X (%.1f°)", "AB"[p],
                                               t -> mask[p], h, a,
                                               lw_angle_to_millidegrees(a) / 1000.0);
                }
            } else {
                g_string_append(s, " · empty cell");
            }
        }
    } else {
        g_string_append_printf(s, "%s · %u x %u chunks", l->name, l->layout_width,
                               l->layout_height);
    }
    g_autofree char *zoom = editor_canvas_format_zoom(editor_canvas_get_zoom(self->canvas));
    g_string_append_printf(s, " · zoom %s", zoom);
    gtk_label_set_text(self->status_label, s->str);
    g_string_free(s, TRUE);
}

static void on_cursor_moved(EditorCanvas *canvas, double x, double y, EditorWindow *self)
{
    self->status_x = x;
    self->status_y = y;
    update_status(self, x, y);
}

static void on_zoom_changed(EditorWindow *self)
{
    editor_window_refresh_status(self);
}

/* ---- the toolbar overflows into a menu ---- */

/* The view toggles leave the toolbar for the overflow menu when the tools would not fit, and
 * come back when the window is wide enough for all of it again. */
static gboolean toolbar_fit(gpointer data)
{
    EditorWindow *self = data;
    self->toolbar_idle = 0;
    GtkAdjustment *h = gtk_scrolled_window_get_hadjustment(self->toolbar_scroller);
    double page = gtk_adjustment_get_page_size(h), upper = gtk_adjustment_get_upper(h);
    if (page <= 1)
        return G_SOURCE_REMOVE;
    gboolean overflow = self->toolbar_overflow;
    if (!overflow && upper > page + 0.5) {
        self->toolbar_full_width = upper;
        overflow = TRUE;
    } else if (overflow) {
        /* the room the toolbar row has beside the brush label's minimum */
        GtkWidget *row = gtk_widget_get_parent(GTK_WIDGET(self->toolbar_scroller));
        int label_min;
        gtk_widget_measure(GTK_WIDGET(self->brush_label), GTK_ORIENTATION_HORIZONTAL, -1,
                           &label_min, NULL, NULL, NULL);
        double room = gtk_widget_get_width(row) - label_min - gtk_box_get_spacing(GTK_BOX(row)) -
                      gtk_widget_get_margin_end(row);
        overflow = room < self->toolbar_full_width;
    }
    if (overflow != self->toolbar_overflow) {
        self->toolbar_overflow = overflow;
        gtk_widget_set_visible(self->overlay_group, !overflow);
        gtk_widget_set_visible(self->bg_layer_button, !overflow);
        gtk_widget_set_visible(self->overflow_button, overflow);
    }
    return G_SOURCE_REMOVE;
}

static void toolbar_resized(EditorWindow *self)
{
    if (self->disposed)
        return;
    if (self->toolbar_overflow && gtk_widget_get_width(GTK_WIDGET(self)) <= 1)
        return;
    /* not during the allocation that reported it */
    if (!self->toolbar_idle)
        self->toolbar_idle = g_idle_add(toolbar_fit, self);
}

gboolean editor_window_get_toolbar_overflow(EditorWindow *self)
{
    return self->toolbar_overflow;
}

/* ---- lifetime ---- */

static void editor_window_dispose(GObject *object)
{
    EditorWindow *self = EDITOR_WINDOW(object);
    self->disposed = TRUE;
    g_clear_handle_id(&self->status_message_timeout, g_source_remove);
    g_clear_handle_id(&self->toolbar_idle, g_source_remove);
    editor_window_unwatch_file(self);
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    gtk_widget_dispose_template(GTK_WIDGET(self), EDITOR_TYPE_WINDOW);
    G_OBJECT_CLASS(editor_window_parent_class)->dispose(object);
}

static void editor_window_finalize(GObject *object)
{
    EditorWindow *self = EDITOR_WINDOW(object);
    g_clear_object(&self->doc);
    g_clear_object(&self->clipboard);
    g_clear_object(&self->authoring); /* before the renderer and tools it borrows */
    g_clear_pointer(&self->renderer, editor_renderer_free);
    g_clear_pointer(&self->tileset_error, g_free);
    G_OBJECT_CLASS(editor_window_parent_class)->finalize(object);
}

static void editor_window_class_init(EditorWindowClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    GtkWindowClass *window_class = GTK_WINDOW_CLASS(klass);
    object_class->dispose = editor_window_dispose;
    object_class->finalize = editor_window_finalize;
    window_class->close_request = editor_window_close_request;
    /* what the window asks of the application: remember a saved file, open a file (dropped),
     * open a document in a window of its own (the file as it is on disk, to compare) */
    signals[EDITOR_WINDOW_SIGNAL_FILE_SAVED] =
        g_signal_new("file-saved", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[EDITOR_WINDOW_SIGNAL_OPEN_FILE] =
        g_signal_new("open-file", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[EDITOR_WINDOW_SIGNAL_OPEN_DOCUMENT] =
        g_signal_new("open-document", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 1, EDITOR_TYPE_DOCUMENT);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/editor-window.ui");
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, brush_label);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, disk_bar);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, disk_bar_label);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, chunk_banner_revealer);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, chunk_banner_label);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, chunk_palette);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, tile_palette);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, canvas_scroller);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, palette_notebook);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, side_notebook);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, minimap);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, properties_box);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, history_panel);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, issues_panel);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, issues_tab_label);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, status_label);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, status_message);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, recent_section);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, side_panel);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, toolbar_scroller);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, overlay_group);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, bg_layer_button);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, overflow_button);
}

static void editor_window_init(EditorWindow *self)
{
    g_type_ensure(EDITOR_TYPE_PROPERTIES);
    g_type_ensure(EDITOR_TYPE_PALETTE);
    g_type_ensure(EDITOR_TYPE_MINIMAP);
    g_type_ensure(EDITOR_TYPE_HISTORY_PANEL);
    g_type_ensure(EDITOR_TYPE_ISSUES_PANEL);
    gtk_widget_init_template(GTK_WIDGET(self));
    editor_window_add_actions(self);
}

static void host_set_status(GtkWindow *w, const char *text)
{
    editor_window_set_status(EDITOR_WINDOW(w), text);
}

static void on_authoring_status(EditorAuthoring *a, const char *text, EditorWindow *self)
{
    editor_window_set_status(self, text);
}

static void on_authoring_error(EditorAuthoring *a, const char *title, const GError *error,
                               EditorWindow *self)
{
    editor_window_show_error(self, title, error);
}

/* Mask and angle authoring: an object of its own, its actions in the window's map (win.*). */
static void add_authoring(EditorWindow *self)
{
    self->authoring = editor_authoring_new(self->doc, self->renderer, &self->tools, self->canvas);
    g_signal_connect_object(self->authoring, "status", G_CALLBACK(on_authoring_status), self, 0);
    g_signal_connect_object(self->authoring, "error", G_CALLBACK(on_authoring_error), self, 0);
    GActionGroup *group = editor_authoring_get_actions(self->authoring);
    g_auto(GStrv) names = g_action_group_list_actions(group);
    for (guint i = 0; names[i]; i++)
        g_action_map_add_action(G_ACTION_MAP(self),
                                g_action_map_lookup_action(G_ACTION_MAP(group), names[i]));
}

EditorWindow *editor_window_new(GtkApplication *app, EditorDocument *doc,
                                EditorClipboard *clipboard, GMenuModel *recent)
{
    EditorWindow *self = g_object_new(EDITOR_TYPE_WINDOW, "application", app, NULL);
    self->doc = g_object_ref(doc);
    self->clipboard = clipboard ? g_object_ref(clipboard) : NULL;
    g_object_set_data(G_OBJECT(self), "loopwright-document", doc);
    self->renderer = editor_renderer_new(editor_document_get_level(doc));
    load_tileset(self);
    editor_tools_init(&self->tools, doc);
    self->tools.notify = editor_window_on_tools_notify;
    self->tools.notify_user = self;
    gtk_widget_insert_action_group(GTK_WIDGET(self), "doc", editor_document_get_actions(doc));

    self->canvas = editor_canvas_new(self->renderer, &self->tools);
    editor_canvas_set_document(self->canvas, doc);
    gtk_scrolled_window_set_child(self->canvas_scroller, GTK_WIDGET(self->canvas));
    g_signal_connect(self->canvas, "cursor-moved", G_CALLBACK(on_cursor_moved), self);
    g_signal_connect_swapped(self->canvas, "notify::zoom", G_CALLBACK(on_zoom_changed), self);
    /* single keys belong to the canvas (they must not fire while typing in a field) */
    gtk_widget_add_controller(GTK_WIDGET(self->canvas), editor_actions_canvas_shortcuts());
    GtkShortcutsWindow *help = editor_actions_new_shortcuts_window();
    gtk_application_window_set_help_overlay(GTK_APPLICATION_WINDOW(self), help);
    g_object_unref(help);
    add_authoring(self);

    editor_palette_set_context(self->chunk_palette, doc, self->renderer, &self->tools);
    g_signal_connect(self->chunk_palette, "picked", G_CALLBACK(chunk_picked), self);
    editor_palette_set_context(self->tile_palette, doc, self->renderer, &self->tools);
    g_signal_connect(self->tile_palette, "picked", G_CALLBACK(tile_picked), self);
    EditorObjectPaletteHost host = {
        .window = GTK_WINDOW(self),
        .doc = doc,
        .tools = &self->tools,
        .canvas = self->canvas,
        .set_status = host_set_status,
    };
    editor_object_palette_attach(&host, self->palette_notebook);

    editor_minimap_set_context(self->minimap, doc, self->renderer, self->canvas);
    editor_history_panel_set_document(self->history_panel, doc);
    editor_issues_panel_set_document(self->issues_panel, doc);
    g_signal_connect(self->issues_panel, "activated", G_CALLBACK(issue_activated), self);
    g_signal_connect(self->issues_panel, "issues-changed", G_CALLBACK(issues_changed), self);

    GtkAdjustment *tb = gtk_scrolled_window_get_hadjustment(self->toolbar_scroller);
    g_signal_connect_object(tb, "changed", G_CALLBACK(toolbar_resized), self, G_CONNECT_SWAPPED);
    /* growing: the toolbar's own size does not move while its toggles are in the menu, the
     * canvas's does */
    g_signal_connect_object(gtk_scrolled_window_get_hadjustment(self->canvas_scroller), "changed",
                            G_CALLBACK(toolbar_resized), self, G_CONNECT_SWAPPED);

    GtkDropTarget *drop = gtk_drop_target_new(GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
    g_signal_connect(drop, "drop", G_CALLBACK(editor_window_on_drop), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(drop));

    g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "saved", G_CALLBACK(on_doc_saved), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "failed", G_CALLBACK(editor_window_on_doc_failed), self,
                            G_CONNECT_SWAPPED);
    /* a file changed on disk while open shows a bar (Reload / Keep Mine / Compare) */
    g_signal_connect_object(doc, "notify::path", G_CALLBACK(editor_window_watch_file), self,
                            G_CONNECT_SWAPPED);
    editor_window_watch_file(self);
    g_signal_connect_object(doc, "notify::title", G_CALLBACK(on_doc_notify), self,
                            G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "notify::modified", G_CALLBACK(on_doc_notify), self,
                            G_CONNECT_SWAPPED);
    if (app_clipboard())
        g_signal_connect_object(app_clipboard(), "changed",
                                G_CALLBACK(editor_window_on_clipboard_changed), self,
                                G_CONNECT_SWAPPED);
    if (recent)
        g_menu_append_section(self->recent_section, NULL, recent);
    update_title(self);
    editor_properties_set_tileset_error(self->properties_box, self->tileset_error);
    editor_properties_set_context(self->properties_box, self->doc, self->renderer, &self->tools);
    g_signal_connect(self->properties_box, "edited", G_CALLBACK(on_properties_edited), self);
    editor_window_update_brush_label(self);
    editor_window_update_actions(self);
    /* a default size that fits the screen: most of it, up to 1600 x 1000 */
    GListModel *monitors = gdk_display_get_monitors(gtk_widget_get_display(GTK_WIDGET(self)));
    GdkMonitor *mon =
        g_list_model_get_n_items(monitors) ? g_list_model_get_item(monitors, 0) : NULL;
    if (mon) {
        GdkRectangle geo;
        gdk_monitor_get_geometry(mon, &geo);
        gtk_window_set_default_size(GTK_WINDOW(self), MIN(1600, geo.width * 9 / 10),
                                    MIN(1000, geo.height * 9 / 10));
        g_object_unref(mon);
    }
    self->status_x = self->status_y = -1;
    update_status(self, -1, -1);
    gtk_widget_grab_focus(GTK_WIDGET(self->canvas));
    return self;
}
