/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-window"

#include "editor-window.h"

#include "doc/editor-app-clipboard.h"
#include "doc/editor-commands.h"
#include "doc/level-json.h"
#include "doc/level-ops.h"
#include "doc/object-schema.h"
#include "doc/replay-check.h"
#include "editor-actions.h"
#include "editor-authoring.h"
#include "editor-command-palette.h"
#include "editor-file-chooser.h"
#include "editor-level-props.h"
#include "editor-object-palette.h"
#include "editor-palette.h"
#include "editor-properties.h"
#include "play-window.h"

#include <loopwright/fixed.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char *source;
    editor_problem problem;
} Issue;

struct _EditorWindow {
    GtkApplicationWindow parent_instance;

    /* Owned */
    EditorDocument *doc;
    EditorClipboard *clipboard; /* shared with the application's other windows, may be NULL */
    EditorRenderer *renderer;
    GArray *issues; /* Issue */
    char *tileset_error;

    /* Template widgets */
    GtkLabel *brush_label;
    GtkRevealer *chunk_banner_revealer;
    GtkLabel *chunk_banner_label;
    GtkScrolledWindow *chunk_palette_scroller;
    GtkScrolledWindow *tile_palette_scroller;
    GtkScrolledWindow *canvas_scroller;
    GtkNotebook *palette_notebook;
    GtkNotebook *side_notebook;
    GtkDrawingArea *minimap;
    EditorProperties *properties_box;
    GtkListBox *history_list;
    GtkListBox *issues_list;
    GtkLabel *issues_tab_label;
    GtkLabel *status_label;   /* what is under the pointer, the zoom: always live */
    GtkLabel *status_message; /* what the last command did, for a few seconds */
    GMenu *recent_section;
    GtkWidget *side_panel;
    GtkScrolledWindow *toolbar_scroller;
    GtkWidget *overlay_group;
    GtkWidget *bg_layer_button;
    GtkWidget *overflow_button;

    /* Other widgets */
    EditorCanvas *canvas;
    EditorPalette *chunk_palette;
    EditorPalette *tile_palette;

    /* State */
    EditorTools tools;
    guint check_timeout;
    guint history_rows;
    gboolean updating_history;
    gboolean closing_confirmed;
    gboolean save_close_after; /* the save running now closes the window when it succeeds */
    guint saves;               /* successful saves of the document (its `saved` signal) */
    guint32 properties_object; /* object the properties panel shows, 0 = none */
    gboolean properties_dirty;
    guint properties_idle;        /* a rebuild is scheduled */
    guint status_message_timeout; /* clears the message */
    double status_x, status_y;    /* the level pixel last reported under the pointer (-1: none) */
    gboolean toolbar_overflow;    /* the view toggles went into the overflow menu */
    double toolbar_full_width;    /* the toolbar's width with them in it */
    guint toolbar_idle;
    gboolean disposed;
    gboolean was_editing_chunk;
};

G_DEFINE_FINAL_TYPE(EditorWindow, editor_window, GTK_TYPE_APPLICATION_WINDOW)

enum { SIGNAL_FILE_SAVED, SIGNAL_OPEN_FILE, SIGNAL_OPEN_DOCUMENT, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The clipboard shared by the application's windows (blocks paste between open levels). */
static const EditorClip *clipboard_clip_of(EditorWindow *self)
{
    return self->clipboard ? editor_clipboard_get(self->clipboard) : NULL;
}
#define clipboard_clip() clipboard_clip_of(self)
#define app_clipboard()  (self->clipboard)

/* The document saved (however the save was started): the file goes into the recent list (the
 * application listens). */
static void on_doc_saved(EditorWindow *self, const char *path)
{
    self->saves++;
    g_signal_emit(self, signals[SIGNAL_FILE_SAVED], 0, path);
}

static void update_actions(EditorWindow *self);
static void rebuild_properties(EditorWindow *self)
{
    editor_properties_queue_rebuild(self->properties_box);
}
static void update_history(EditorWindow *self);
static void update_status(EditorWindow *self, double lx, double ly);
static void refresh_status(EditorWindow *self);
static void update_brush_label(EditorWindow *self);
static void update_chunk_banner(EditorWindow *self);
static void schedule_check(EditorWindow *self);

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

/* The level of the document shown (read only: edits go through commands). */
static const lw_level *doc_level(EditorWindow *self)
{
    return editor_document_get_level(self->doc);
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

static void show_message(EditorWindow *self, const char *title, const char *text)
{
    GError error = {EDITOR_DOCUMENT_ERROR, LW_ERR_IO, (char *)text};
    editor_window_show_error(self, title, &error);
}

/* ---- document wiring ---- */

static void load_tileset(EditorWindow *self)
{
    g_autofree char *png = editor_document_dup_tileset_path(self->doc);
    g_autoptr(GError) error = NULL;
    g_clear_pointer(&self->tileset_error, g_free);
    if (!editor_renderer_load_tileset(self->renderer, png, &error))
        self->tileset_error = g_strdup(error->message);
    if (self->properties_box)
        editor_properties_set_tileset_error(self->properties_box, self->tileset_error);
}

static void update_title(EditorWindow *self)
{
    g_autofree char *title =
        g_strdup_printf("%s — Loopwright", editor_document_get_title(self->doc));
    gtk_window_set_title(GTK_WINDOW(self), title);
}

static void resize_palettes(EditorWindow *self);

static void on_doc_changed(EditorWindow *self, EditorChange *change)
{
    if (change->flags & (EDITOR_CHANGE_EVERYTHING | EDITOR_CHANGE_PROPERTIES)) {
        /* the tileset path may have changed: reload the art */
        load_tileset(self);
    }
    editor_renderer_invalidate(self->renderer, change);
    if (change->flags & (EDITOR_CHANGE_COUNTS | EDITOR_CHANGE_EVERYTHING))
        resize_palettes(self);
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
    gtk_widget_queue_draw(GTK_WIDGET(self->chunk_palette));
    gtk_widget_queue_draw(GTK_WIDGET(self->tile_palette));
    gtk_widget_queue_draw(GTK_WIDGET(self->minimap));
    if (change->flags & (EDITOR_CHANGE_OBJECTS | EDITOR_CHANGE_TILES | EDITOR_CHANGE_MASKS |
                         EDITOR_CHANGE_EVERYTHING | EDITOR_CHANGE_COUNTS))
        rebuild_properties(self);
    update_history(self);
    update_chunk_banner(self);
    update_brush_label(self);
    update_actions(self);
    schedule_check(self);
    /* an edit made from the keyboard changes what is under a pointer that did not move */
    refresh_status(self);
}

static void on_doc_notify(EditorWindow *self)
{
    update_title(self);
    update_actions(self);
}

/* ---- tools notifications ---- */

/* Entering chunk editing: the chunk fills most of the view (the largest zoom step at which it
 * fits in 80 % of it), centred. */
static void zoom_to_edited_chunk(EditorWindow *self)
{
    const lw_level *l = doc_level(self);
    int w = gtk_widget_get_width(GTK_WIDGET(self->canvas)),
        h = gtk_widget_get_height(GTK_WIDGET(self->canvas));
    if (w <= 0 || h <= 0)
        return;
    double fit = MIN(w, h) * 0.8 / l->chunk_px;
    const double *steps;
    guint n = editor_canvas_get_zoom_steps(&steps);
    double z = steps[0];
    for (guint i = 0; i < n; i++)
        if (steps[i] <= fit)
            z = steps[i];
    editor_canvas_set_zoom(self->canvas, MAX(z, editor_canvas_get_zoom(self->canvas)), -1, -1);
    editor_canvas_center_on(self->canvas, (self->tools.edit_slot_x + 0.5) * l->chunk_px,
                            (self->tools.edit_slot_y + 0.5) * l->chunk_px);
}

static void on_tools_notify(gpointer user, EditorToolsNotify what)
{
    EditorWindow *self = user;
    if (what & EDITOR_TOOLS_NOTIFY_MESSAGE)
        editor_window_set_status(self, self->tools.message);
    editor_authoring_tools_changed(GTK_WINDOW(self), what);
    if (what &
        (EDITOR_TOOLS_NOTIFY_BRUSH | EDITOR_TOOLS_NOTIFY_SELECTION | EDITOR_TOOLS_NOTIFY_MODE)) {
        gtk_widget_queue_draw(GTK_WIDGET(self->chunk_palette));
        gtk_widget_queue_draw(GTK_WIDGET(self->tile_palette));
        update_brush_label(self);
        rebuild_properties(self);
    }
    if (what & EDITOR_TOOLS_NOTIFY_MODE) {
        update_chunk_banner(self);
        /* painting tiles happens in the tile palette */
        gtk_notebook_set_current_page(self->palette_notebook, self->tools.editing_chunk ? 1 : 0);
        if (self->tools.editing_chunk != self->was_editing_chunk) {
            self->was_editing_chunk = self->tools.editing_chunk;
            if (self->tools.editing_chunk)
                zoom_to_edited_chunk(self);
        }
    }
    update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->canvas));
}

static void update_brush_label(EditorWindow *self)
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

/* ---- actions ---- */

static void set_enabled(EditorWindow *self, const char *name, gboolean enabled)
{
    GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self), name);
    if (a)
        g_simple_action_set_enabled(G_SIMPLE_ACTION(a), enabled);
}

static void update_actions(EditorWindow *self)
{
    EditorTools *t = &self->tools;
    gboolean editing = t->editing_chunk;
    gboolean has_sel = t->slot_selection.w > 0 && !editing;
    set_enabled(self, "revert",
                editor_document_get_path(self->doc) != NULL &&
                    editor_document_get_modified(self->doc));
    set_enabled(self, "copy", has_sel);
    set_enabled(self, "cut", has_sel);
    set_enabled(self, "paste", clipboard_clip() != NULL && !editing);
    set_enabled(self, "delete",
                has_sel || t->selected_object || (editing && t->cell_selection.w > 0));
    set_enabled(self, "stop-editing", editing);
    set_enabled(self, "make-unique", editing);
    set_enabled(self, "snap-to-ground", t->selected_object != 0);
}

static void change_state_bool(GSimpleAction *a, GVariant *v, gpointer user);

/* Overlay toggles: the action name maps to a canvas overlay bit. */
static const struct {
    const char *action;
    guint bit;
} overlay_actions[] = {
    {"overlay-collision-a", EDITOR_OVERLAY_COLLISION_A},
    {"overlay-collision-b", EDITOR_OVERLAY_COLLISION_B},
    {"overlay-angles", EDITOR_OVERLAY_ANGLES},
    {"overlay-objects", EDITOR_OVERLAY_OBJECTS},
    {"overlay-swappers", EDITOR_OVERLAY_SWAPPERS},
    {"grid-tiles", EDITOR_OVERLAY_TILE_GRID},
    {"grid-chunks", EDITOR_OVERLAY_CHUNK_GRID},
};

static void change_state_bool(GSimpleAction *a, GVariant *v, gpointer user)
{
    EditorWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    gboolean on = g_variant_get_boolean(v);
    g_simple_action_set_state(a, v);
    for (guint i = 0; i < G_N_ELEMENTS(overlay_actions); i++)
        if (g_str_equal(name, overlay_actions[i].action)) {
            guint o = editor_canvas_get_overlays(self->canvas);
            editor_canvas_set_overlays(self->canvas, on ? o | overlay_actions[i].bit
                                                        : o & ~overlay_actions[i].bit);
            return;
        }
    if (g_str_equal(name, "show-sidebar")) {
        gtk_widget_set_visible(self->side_panel, on);
        return;
    }
    if (g_str_equal(name, "show-palettes")) {
        gtk_widget_set_visible(GTK_WIDGET(self->palette_notebook), on);
        return;
    }
    if (g_str_equal(name, "background-layer")) {
        self->tools.layer = on ? LW_LAYER_BG : LW_LAYER_FG;
        update_brush_label(self);
    }
}

static void change_tool(GSimpleAction *a, GVariant *v, gpointer user)
{
    EditorWindow *self = user;
    EditorToolKind kind;
    if (!editor_tool_kind_from_string(g_variant_get_string(v, NULL), &kind))
        return;
    g_simple_action_set_state(a, v);
    self->tools.kind = kind;
    self->tools.dragging = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self->canvas));
}

static void change_solidity(GSimpleAction *a, GVariant *v, gpointer user)
{
    EditorWindow *self = user;
    const char *s = g_variant_get_string(v, NULL);
    lw_solidity sol = g_str_equal(s, "none")  ? LW_SOLID_NONE
                      : g_str_equal(s, "top") ? LW_SOLID_TOP
                      : g_str_equal(s, "lrb") ? LW_SOLID_LRB
                                              : LW_SOLID_ALL;
    g_simple_action_set_state(a, v);
    editor_tools_set_solidity(&self->tools, sol);
}

static void change_solidity_path(GSimpleAction *a, GVariant *v, gpointer user)
{
    EditorWindow *self = user;
    const char *s = g_variant_get_string(v, NULL);
    g_simple_action_set_state(a, v);
    self->tools.solidity_paths = g_str_equal(s, "a") ? 1u : g_str_equal(s, "b") ? 2u : 3u;
    update_brush_label(self);
}

static void on_saved_as(const char *path, gpointer user)
{
    EditorWindow *self = user;
    if (path) {
        g_autoptr(GError) error = NULL;
        if (!editor_document_save_as(self->doc, path, &error))
            editor_window_show_error(self, "The level could not be saved", error);
    }
    g_object_unref(self);
}

static void action_save_as(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_file_chooser_save_level(GTK_WINDOW(self), editor_document_get_path(self->doc),
                                   on_saved_as, g_object_ref(self));
}

/* ---- saving: the document's own save (doc.save, the same code as headless), the window only
 * adds dialogs: what failed is shown, a file changed on disk asks reload / keep mine / compare,
 * never overwritten silently ---- */

enum { DISK_RELOAD = 1, DISK_KEEP_MINE = 2, DISK_COMPARE = 3 };

/* Activate one of the document's save actions ("save", "save-keep-mine"); TRUE when it wrote
 * the file. A failure comes back through on_doc_failed (which asks or shows the error). */
static gboolean run_doc_save(EditorWindow *self, const char *action, gboolean close_after)
{
    guint before = self->saves;
    self->save_close_after = close_after;
    g_action_group_activate_action(editor_document_get_actions(self->doc), action, NULL);
    self->save_close_after = FALSE;
    return self->saves != before;
}

static void disk_conflict_response(GtkDialog *d, int response, EditorWindow *self)
{
    gboolean close_after = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(d), "close-after"));
    gtk_window_destroy(GTK_WINDOW(d));
    g_autoptr(GError) error = NULL;
    if (response == DISK_RELOAD) {
        if (!editor_document_revert(self->doc, &error))
            editor_window_show_error(self, "The level could not be reloaded", error);
    } else if (response == DISK_KEEP_MINE) {
        if (run_doc_save(self, "save-keep-mine", close_after) && close_after)
            editor_window_close_now(self);
    } else if (response == DISK_COMPARE) {
        /* the file as it is now, in a window of its own (untitled: saving it asks where) */
        g_autoptr(EditorDocument) disk =
            editor_document_load(editor_document_get_path(self->doc), &error);
        if (!disk) {
            editor_window_show_error(self, "The file on disk could not be read", error);
            return;
        }
        lw_level *copy = lw_level_dup(editor_document_get_level(disk));
        if (copy) {
            g_autoptr(EditorDocument) view = editor_document_new_for_level(copy, NULL);
            g_signal_emit(self, signals[SIGNAL_OPEN_DOCUMENT], 0, view);
        }
    }
}

static void ask_disk_conflict(EditorWindow *self, gboolean close_after)
{
    g_autofree char *base = g_path_get_basename(editor_document_get_path(self->doc));
    GtkWidget *d = gtk_message_dialog_new(GTK_WINDOW(self), GTK_DIALOG_MODAL, GTK_MESSAGE_WARNING,
                                          GTK_BUTTONS_NONE, "“%s” changed on disk", base);
    gtk_message_dialog_format_secondary_text(
        GTK_MESSAGE_DIALOG(d),
        "Another program or window wrote the file after this window opened or saved it. "
        "Reload it (your changes here can be undone back), keep your version (the other one "
        "is kept as %s.bak), or open the file as it is now to compare.",
        base);
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Cancel", GTK_RESPONSE_CANCEL, "C_ompare", DISK_COMPARE,
                           "_Reload", DISK_RELOAD, "_Keep Mine", DISK_KEEP_MINE, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_CANCEL);
    g_object_set_data(G_OBJECT(d), "close-after", GINT_TO_POINTER(close_after));
    g_object_set_data(G_OBJECT(d), "loopwright-disk-conflict", self);
    g_signal_connect(d, "response", G_CALLBACK(disk_conflict_response), self);
    gtk_window_present(GTK_WINDOW(d));
}

/* A document action failed (from this window's Save, a shortcut, the mask editor or a script):
 * a file changed on disk asks, anything else is shown. */
static void on_doc_failed(EditorWindow *self, const char *action, const GError *error)
{
    if (g_str_equal(action, "save") &&
        g_error_matches(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_CHANGED_ON_DISK)) {
        ask_disk_conflict(self, self->save_close_after);
        return;
    }
    editor_window_show_error(self,
                             g_str_equal(action, "revert") ? "The level could not be reverted"
                                                           : "The level could not be saved",
                             error);
}

/* Save through doc.save. Returns FALSE when nothing was written (an error or the question is
 * shown). */
static gboolean save_checked(EditorWindow *self, gboolean close_after)
{
    return run_doc_save(self, "save", close_after);
}

static void action_save(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    if (!editor_document_get_path(self->doc)) {
        action_save_as(a, p, user);
        return;
    }
    save_checked(self, FALSE);
}

static void revert_response(GtkDialog *d, int response, EditorWindow *self)
{
    gtk_window_destroy(GTK_WINDOW(d));
    if (response != GTK_RESPONSE_ACCEPT)
        return;
    g_autoptr(GError) error = NULL;
    if (!editor_document_revert(self->doc, &error))
        editor_window_show_error(self, "The level could not be reverted", error);
}

static void action_revert(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    GtkWidget *d = gtk_message_dialog_new(GTK_WINDOW(self), GTK_DIALOG_MODAL, GTK_MESSAGE_QUESTION,
                                          GTK_BUTTONS_NONE, "Revert to the saved file?");
    gtk_message_dialog_format_secondary_text(
        GTK_MESSAGE_DIALOG(d), "Your changes since the last save are replaced by the file on "
                               "disk. Revert can itself be undone.");
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Cancel", GTK_RESPONSE_CANCEL, "_Revert",
                           GTK_RESPONSE_ACCEPT, NULL);
    g_signal_connect(d, "response", G_CALLBACK(revert_response), self);
    gtk_window_present(GTK_WINDOW(d));
}

static void action_close(GSimpleAction *a, GVariant *p, gpointer user)
{
    gtk_window_close(GTK_WINDOW(user));
}

static void action_zoom(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    if (g_str_equal(name, "zoom-in"))
        editor_canvas_zoom_in(self->canvas);
    else if (g_str_equal(name, "zoom-out"))
        editor_canvas_zoom_out(self->canvas);
    else if (g_str_equal(name, "zoom-reset"))
        editor_canvas_set_zoom(self->canvas, 1, -1, -1);
    else
        editor_canvas_zoom_fit(self->canvas);
    refresh_status(self);
}

static void action_copy(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    EditorRect r = self->tools.slot_selection;
    if (r.w <= 0)
        return;
    EditorClip *clip = editor_clip_new_from_layout(doc_level(self), self->tools.layer, (guint)r.x,
                                                   (guint)r.y, (guint)r.w, (guint)r.h);
    if (!clip)
        return;
    editor_clipboard_set(app_clipboard(), clip);
}

static void action_delete(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_tools_delete_selection(&self->tools);
    update_actions(self);
}

static void action_cut(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    action_copy(a, p, user);
    if (clipboard_clip() && self->tools.slot_selection.w > 0) {
        guint32 keep = self->tools.selected_object;
        self->tools.selected_object = 0;
        editor_tools_delete_selection(&self->tools);
        self->tools.selected_object = keep;
    }
}

/* The slot a command acts on: the selection's corner, else the slot under the pointer's last
 * position, else the middle of the view. */
static void target_slot(EditorWindow *self, guint *sx, guint *sy)
{
    const lw_level *l = doc_level(self);
    if (self->tools.slot_selection.w > 0) {
        *sx = (guint)self->tools.slot_selection.x;
        *sy = (guint)self->tools.slot_selection.y;
        return;
    }
    double x, y, w, h;
    editor_canvas_get_view(self->canvas, &x, &y, &w, &h);
    double cx = CLAMP(x + w / 2, 0, lw_level_width_px(l) - 1);
    double cy = CLAMP(y + h / 2, 0, lw_level_height_px(l) - 1);
    *sx = (guint)cx >> l->chunk_shift;
    *sy = (guint)cy >> l->chunk_shift;
}

/* Paste floats the block under the pointer (the middle of the view when the pointer is not on
 * the canvas) until a click lands it; Escape cancels. */
static void action_paste(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const EditorClip *clip = clipboard_clip();
    if (!clip || self->tools.editing_chunk)
        return;
    const lw_level *l = doc_level(self);
    double x, y, w, h;
    if (!editor_canvas_get_pointer(self->canvas, &x, &y)) {
        editor_canvas_get_view(self->canvas, &x, &y, &w, &h);
        x += w / 2;
        y += h / 2;
    }
    x = CLAMP(x, 0, lw_level_width_px(l) - 1);
    y = CLAMP(y, 0, lw_level_height_px(l) - 1);
    editor_tools_begin_paste(&self->tools, clip, (guint)x >> l->chunk_shift,
                             (guint)y >> l->chunk_shift);
}

static void action_escape(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_tools_escape(&self->tools);
    gtk_widget_queue_draw(GTK_WIDGET(self->canvas));
}

static void action_command_palette(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_command_palette_open(GTK_WINDOW(self), editor_document_get_actions(self->doc));
}

static void on_clipboard_changed(EditorWindow *self)
{
    /* a floating paste borrows the old block */
    editor_tools_cancel_paste(&self->tools);
    update_actions(self);
}

static void action_select_all(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const lw_level *l = doc_level(self);
    if (self->tools.editing_chunk) {
        self->tools.cell_selection = (EditorRect){0, 0, l->chunk_cells, l->chunk_cells};
        on_tools_notify(self, EDITOR_TOOLS_NOTIFY_SELECTION);
        return;
    }
    editor_tools_set_slot_selection(&self->tools,
                                    (EditorRect){0, 0, l->layout_width, l->layout_height});
}

static void push_replace(EditorWindow *self, lw_level *next, const char *label, GError *error)
{
    if (!next) {
        editor_window_show_error(self, label, error);
        return;
    }
    editor_document_push(self->doc, editor_cmd_replace_level_new(self->doc, next, label));
}

static void action_rows(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    gboolean columns = strstr(name, "column") != NULL;
    gboolean insert = g_str_has_prefix(name, "insert");
    guint sx, sy;
    target_slot(self, &sx, &sy);
    guint at = columns ? sx : sy;
    int count = 1;
    if (self->tools.slot_selection.w > 0)
        count = columns ? self->tools.slot_selection.w : self->tools.slot_selection.h;
    g_autoptr(GError) error = NULL;
    lw_level *next =
        editor_level_edit_rows(doc_level(self), columns, at, insert ? count : -count, &error);
    g_autofree char *label = g_strdup_printf("%s %s", insert ? "Insert" : "Remove",
                                             columns ? (count > 1 ? "Columns" : "Column")
                                                     : (count > 1 ? "Rows" : "Row"));
    push_replace(self, next, label, error);
}

static void action_compact(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    gboolean tiles = strstr(name, "tiles") != NULL;
    gboolean dups = strstr(name, "duplicate") != NULL;
    guint removed = 0;
    g_autofree EditorRemap *remap = g_new(EditorRemap, 1);
    lw_level *next = tiles ? editor_level_compact_tiles(doc_level(self), dups, &removed, remap)
                           : editor_level_compact_chunks(doc_level(self), dups, &removed, remap);
    if (removed == 0) {
        lw_level_free(next);
        g_autofree char *msg = g_strdup_printf("No %s %s to remove.", dups ? "duplicate" : "unused",
                                               tiles ? "tiles" : "chunks");
        editor_window_set_status(self, msg);
        return;
    }
    g_autofree char *label =
        g_strdup_printf("%s %u %s %s", dups ? "Merge" : "Remove", removed,
                        dups ? "Duplicate" : "Unused", tiles ? "Tiles" : "Chunks");
    if (next)
        editor_document_push(self->doc,
                             editor_cmd_replace_level_remap_new(self->doc, next, label, remap));
    editor_window_set_status(self, label);
}

static void action_edit_chunk(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    guint sx, sy;
    target_slot(self, &sx, &sy);
    if (!editor_tools_edit_chunk_at(&self->tools, sx, sy)) {
        /* an empty slot: find the brush chunk's first use */
        const lw_level *l = doc_level(self);
        for (guint y = 0; y < l->layout_height; y++)
            for (guint x = 0; x < l->layout_width; x++)
                if (lw_level_layout_get(l, LW_LAYER_FG, x, y) == self->tools.brush_chunk &&
                    editor_tools_edit_chunk_at(&self->tools, x, y)) {
                    editor_canvas_center_on(self->canvas, (x + 0.5) * l->chunk_px,
                                            (y + 0.5) * l->chunk_px);
                    return;
                }
        editor_window_set_status(self, "Place the chunk in the level (or pick a slot "
                                       "with a chunk) to edit it in place.");
    }
}

static void action_stop_editing(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_tools_stop_editing(&((EditorWindow *)user)->tools);
}

static void action_make_unique(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    g_autoptr(GError) error = NULL;
    if (!editor_tools_make_unique(&self->tools, &error))
        editor_window_show_error(self, "Cannot make the chunk unique", error);
}

static void action_new_chunk(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const lw_level *l = doc_level(self);
    gboolean dup = g_str_equal(g_action_get_name(G_ACTION(a)), "duplicate-chunk");
    uint16_t src = self->tools.editing_chunk ? editor_tools_get_edited_chunk(&self->tools)
                                             : self->tools.brush_chunk;
    if (dup && (src == LW_NONE || src >= l->chunk_count))
        return;
    guint id = l->chunk_count;
    g_autoptr(GError) error = NULL;
    EditorCommand *cmd =
        editor_cmd_add_chunk_new(self->doc, dup ? lw_level_chunk_cells(l, src) : NULL,
                                 dup ? "Duplicate Chunk" : "New Chunk", &error);
    if (!cmd) {
        editor_window_show_error(self, "Cannot add a chunk", error);
        return;
    }
    editor_document_push(self->doc, cmd);
    self->tools.brush_chunk = (uint16_t)id;
    on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
}

static void action_flip(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    gboolean x = g_str_equal(g_action_get_name(G_ACTION(a)), "flip-x");
    editor_tools_flip(&self->tools, x ? LW_CELL_FLIP_X : LW_CELL_FLIP_Y);
}

static void add_object(EditorWindow *self, lw_object *o)
{
    double x, y, w, h;
    editor_canvas_get_view(self->canvas, &x, &y, &w, &h);
    const lw_level *l = doc_level(self);
    o->x = (int32_t)CLAMP(x + w / 2, 0, lw_level_width_px(l) - 1);
    o->y = (int32_t)CLAMP(y + h / 2, 0, lw_level_height_px(l) - 1);
    guint32 id = 0;
    EditorCommand *cmd = editor_cmd_add_object_new(self->doc, o, &id);
    if (!cmd)
        return;
    editor_document_push(self->doc, cmd);
    editor_tools_select_object(&self->tools, id);
    g_action_group_activate_action(G_ACTION_GROUP(self), "tool", g_variant_new_string("object"));
}

static void action_add_object(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    lw_object o = {0};
    lw_property prop = {.key = "count", .value = "1"};
    if (g_str_equal(name, "add-player-start")) {
        o.type = LW_OBJECT_PLAYER_START;
    } else if (g_str_equal(name, "add-swapper")) {
        o.type = LW_OBJECT_PATH_SWAPPER;
        o.swapper.radius = 64;
        o.swapper.path[0] = LW_PATH_A;
        o.swapper.path[1] = LW_PATH_B;
        o.swapper.priority[1] = 1;
    } else {
        o.type = LW_OBJECT_MARKER;
        o.name = "ring";
        o.props = &prop;
        o.prop_count = 1;
    }
    add_object(self, &o);
}

static void action_snap(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const lw_object *o = lw_level_find_object(doc_level(self), self->tools.selected_object);
    if (!o)
        return;
    int32_t y;
    if (!editor_object_snap_to_ground(doc_level(self), o, LW_PATH_A, &y)) {
        editor_window_set_status(self, "Snap to ground: no floor below on path A.");
        return;
    }
    EditorCommand *cmd = editor_cmd_move_object_new(self->doc, o->id, o->x, y, 0);
    g_free(cmd->label);
    cmd->label = g_strdup("Snap to Ground");
    editor_document_push(self->doc, cmd);
}

/* F5: the test-play window from the level's player start; Shift+F5: from the level pixel under
 * the pointer (the middle of the view when the pointer is elsewhere). One play window per
 * level. */
static void action_play(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    int32_t start[2];
    const int32_t *at = NULL;
    if (g_str_equal(g_action_get_name(G_ACTION(a)), "play-here")) {
        double x, y, w, h;
        if (!editor_canvas_get_pointer(self->canvas, &x, &y)) {
            editor_canvas_get_view(self->canvas, &x, &y, &w, &h);
            x += w / 2;
            y += h / 2;
        }
        start[0] = (int32_t)x;
        start[1] = (int32_t)y;
        at = start;
    }
    GtkApplication *app = gtk_window_get_application(GTK_WINDOW(self));
    PlayWindow *pw = play_window_find(app, self->doc);
    g_autoptr(GError) error = NULL;
    if (pw ? !play_window_restart_at(pw, at, &error)
           : !(pw = play_window_new(app, self->doc, at, &error))) {
        editor_window_show_error(self, "The level cannot be played", error);
        return;
    }
    gtk_window_present(GTK_WINDOW(pw));
}

static void action_check(GSimpleAction *a, GVariant *p, gpointer user);
static void action_level_properties(GSimpleAction *a, GVariant *p, gpointer user);
static void action_import_tiles(GSimpleAction *a, GVariant *p, gpointer user);
static void action_import_tiles_from(GSimpleAction *a, GVariant *p, gpointer user);
static void action_add_art_tiles(GSimpleAction *a, GVariant *p, gpointer user);

/* Automation (tests, --run-action): choose a brush chunk / tile, paint a slot through the
 * pencil tool, select an object. */
static void action_select_chunk(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    guint32 id = g_variant_get_uint32(p);
    if (id < doc_level(self)->chunk_count || id == LW_NONE) {
        self->tools.brush_chunk = (uint16_t)id;
        on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
    }
}

static void action_select_tile(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    guint32 id = g_variant_get_uint32(p);
    if (id < doc_level(self)->tile_count || id == LW_NONE) {
        self->tools.brush_tile = (uint16_t)id;
        on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
    }
}

static void action_select_object(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_tools_select_object(&self->tools, g_variant_get_uint32(p));
}

/* (x, y, button, kind): kind 0 press+release, 1 press, 2 motion, 3 release, 4 hover (motion
 * with no button held) — level pixels. */
static void action_pointer(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    gint32 x, y, kind;
    guint32 button;
    g_variant_get(p, "(iiui)", &x, &y, &button, &kind);
    if (kind == 0 || kind == 1)
        editor_tools_press(&self->tools, x, y, button);
    if (kind == 2)
        editor_tools_motion(&self->tools, x, y);
    if (kind == 0 || kind == 3)
        editor_tools_release(&self->tools, x, y);
    if (kind == 4) {
        editor_tools_hover(&self->tools, x, y);
        /* what the canvas reports when the pointer moves */
        self->status_x = x;
        self->status_y = y;
        refresh_status(self);
    }
    gtk_widget_queue_draw(GTK_WIDGET(self->canvas));
}

static void action_edit_chunk_at(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    guint32 x, y;
    g_variant_get(p, "(uu)", &x, &y);
    editor_tools_edit_chunk_at(&self->tools, x, y);
}

static void action_select_cells(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    gint32 x, y, w, h;
    g_variant_get(p, "(iiii)", &x, &y, &w, &h);
    self->tools.cell_selection = (EditorRect){x, y, w, h};
    on_tools_notify(self, EDITOR_TOOLS_NOTIFY_SELECTION);
}

static void action_select_slots(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    gint32 x, y, w, h;
    g_variant_get(p, "(iiii)", &x, &y, &w, &h);
    editor_tools_set_slot_selection(&self->tools, (EditorRect){x, y, w, h});
    update_actions(self);
}

static void action_save_to(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    g_autoptr(GError) error = NULL;
    if (!editor_document_save_as(self->doc, g_variant_get_string(p, NULL), &error))
        editor_window_show_error(self, "The level could not be saved", error);
}

/* (x, y, zoom): centre the view on level pixel (x, y) at @zoom (automation, screenshots) */
static void action_view(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    double x, y, zoom;
    g_variant_get(p, "(ddd)", &x, &y, &zoom);
    editor_canvas_set_zoom(self->canvas, zoom, -1, -1);
    editor_canvas_center_on(self->canvas, x, y);
}

/* (width, height): the window's size (automation, screenshots) */
static void action_window_size(GSimpleAction *a, GVariant *p, gpointer user)
{
    gint32 w, h;
    g_variant_get(p, "(ii)", &w, &h);
    gtk_window_set_default_size(GTK_WINDOW(user), w, h);
}

static void action_show_panel(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const char *name = g_variant_get_string(p, NULL);
    if (g_str_equal(name, "tiles") || g_str_equal(name, "chunks"))
        gtk_notebook_set_current_page(self->palette_notebook, g_str_equal(name, "tiles"));
    else
        gtk_notebook_set_current_page(self->side_notebook, g_str_equal(name, "history")  ? 1
                                                           : g_str_equal(name, "issues") ? 2
                                                                                         : 0);
}

static const GActionEntry win_entries[] = {
    {.name = "save", .activate = action_save},
    {.name = "save-as", .activate = action_save_as},
    {.name = "revert", .activate = action_revert},
    {.name = "close", .activate = action_close},
    {.name = "zoom-in", .activate = action_zoom},
    {.name = "zoom-out", .activate = action_zoom},
    {.name = "zoom-reset", .activate = action_zoom},
    {.name = "zoom-fit", .activate = action_zoom},
    {.name = "overlay-collision-a", .state = "false", .change_state = change_state_bool},
    {.name = "overlay-collision-b", .state = "false", .change_state = change_state_bool},
    {.name = "overlay-angles", .state = "false", .change_state = change_state_bool},
    {.name = "overlay-objects", .state = "true", .change_state = change_state_bool},
    {.name = "overlay-swappers", .state = "true", .change_state = change_state_bool},
    {.name = "grid-tiles", .state = "false", .change_state = change_state_bool},
    {.name = "grid-chunks", .state = "true", .change_state = change_state_bool},
    {.name = "background-layer", .state = "false", .change_state = change_state_bool},
    {.name = "show-sidebar", .state = "true", .change_state = change_state_bool},
    {.name = "show-palettes", .state = "true", .change_state = change_state_bool},
    {.name = "tool", .parameter_type = "s", .state = "'pencil'", .change_state = change_tool},
    {.name = "solidity", .parameter_type = "s", .state = "'all'", .change_state = change_solidity},
    {.name = "solidity-path",
     .parameter_type = "s",
     .state = "'both'",
     .change_state = change_solidity_path},
    {.name = "copy", .activate = action_copy},
    {.name = "cut", .activate = action_cut},
    {.name = "paste", .activate = action_paste},
    {.name = "escape", .activate = action_escape},
    {.name = "command-palette", .activate = action_command_palette},
    {.name = "delete", .activate = action_delete},
    {.name = "select-all", .activate = action_select_all},
    {.name = "insert-row", .activate = action_rows},
    {.name = "insert-column", .activate = action_rows},
    {.name = "remove-row", .activate = action_rows},
    {.name = "remove-column", .activate = action_rows},
    {.name = "remove-unused-chunks", .activate = action_compact},
    {.name = "remove-duplicate-chunks", .activate = action_compact},
    {.name = "remove-unused-tiles", .activate = action_compact},
    {.name = "remove-duplicate-tiles", .activate = action_compact},
    {.name = "level-properties", .activate = action_level_properties},
    {.name = "resize-level", .activate = action_level_properties},
    {.name = "import-tiles", .activate = action_import_tiles},
    {.name = "import-tiles-from", .parameter_type = "s", .activate = action_import_tiles_from},
    {.name = "add-art-tiles", .activate = action_add_art_tiles},
    {.name = "edit-chunk", .activate = action_edit_chunk},
    {.name = "stop-editing", .activate = action_stop_editing},
    {.name = "make-unique", .activate = action_make_unique},
    {.name = "new-chunk", .activate = action_new_chunk},
    {.name = "duplicate-chunk", .activate = action_new_chunk},
    {.name = "flip-x", .activate = action_flip},
    {.name = "flip-y", .activate = action_flip},
    {.name = "add-player-start", .activate = action_add_object},
    {.name = "add-swapper", .activate = action_add_object},
    {.name = "add-marker", .activate = action_add_object},
    {.name = "snap-to-ground", .activate = action_snap},
    {.name = "play", .activate = action_play},
    {.name = "play-here", .activate = action_play},
    {.name = "check", .activate = action_check},
    /* automation */
    {.name = "select-chunk", .parameter_type = "u", .activate = action_select_chunk},
    {.name = "select-tile", .parameter_type = "u", .activate = action_select_tile},
    {.name = "select-object", .parameter_type = "u", .activate = action_select_object},
    {.name = "pointer", .parameter_type = "(iiui)", .activate = action_pointer},
    {.name = "edit-chunk-at", .parameter_type = "(uu)", .activate = action_edit_chunk_at},
    {.name = "select-cells", .parameter_type = "(iiii)", .activate = action_select_cells},
    {.name = "select-slots", .parameter_type = "(iiii)", .activate = action_select_slots},
    {.name = "save-to", .parameter_type = "s", .activate = action_save_to},
    {.name = "view", .parameter_type = "(ddd)", .activate = action_view},
    {.name = "show-panel", .parameter_type = "s", .activate = action_show_panel},
    {.name = "window-size", .parameter_type = "(ii)", .activate = action_window_size},
};

/* ---- level properties (the dialog is editor-level-props.c) ---- */

static void level_props_applied(gpointer user)
{
    EditorWindow *self = user;
    if (self->tileset_error)
        show_message(self, "The tileset could not be loaded", self->tileset_error);
}

static void action_level_properties(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_level_props_dialog_show(GTK_WINDOW(user), EDITOR_WINDOW(user)->doc, level_props_applied,
                                   user);
}

/* ---- tiles from elsewhere ---- */

/* Append another level's masks and tiles (and take its tileset when this level has none). */
static void import_tiles_from(EditorWindow *self, const char *path)
{
    lw_level *src = NULL;
    lw_error err;
    if (!editor_level_load_file(path, 0, &src, &err)) {
        char buf[1200];
        editor_format_error(path, &err, buf, sizeof buf);
        show_message(self, "The level could not be read", buf + strlen("loopwright: "));
        return;
    }
    EditorDocument *doc = self->doc;
    const lw_level *l = doc_level(self);
    editor_document_begin_group(doc, "Import Tiles");
    g_autofree guint *mask_map = g_new(guint, MAX(src->mask_count, 1u));
    gboolean ok = TRUE;
    for (guint m = 0; ok && m < src->mask_count; m++) {
        mask_map[m] = l->mask_count;
        EditorCommand *cmd = editor_cmd_add_mask_new(doc, &src->masks[m], NULL, NULL);
        ok = cmd != NULL;
        if (cmd)
            editor_document_push(doc, cmd);
    }
    for (guint t = 0; ok && t < src->tile_count; t++) {
        lw_tile tile = src->tiles[t];
        for (int pth = 0; pth < 2; pth++)
            if (tile.mask[pth] != LW_NONE)
                tile.mask[pth] = (uint16_t)mask_map[tile.mask[pth]];
        EditorCommand *cmd = editor_cmd_add_tile_new(doc, &tile, NULL, NULL);
        ok = cmd != NULL;
        if (cmd)
            editor_document_push(doc, cmd);
    }
    if (ok && !l->tileset && src->tileset) {
        char *png = editor_level_resolve_path(path, src->tileset);
        g_autofree char *abs = g_canonicalize_filename(png, NULL);
        free(png);
        EditorLevelProps props;
        editor_level_props_get(l, &props);
        g_strlcpy(props.tileset, abs, sizeof props.tileset);
        editor_document_push(doc, editor_cmd_set_level_props_new(doc, &props));
    }
    if (ok) {
        editor_document_end_group(doc);
    } else {
        editor_document_cancel_group(doc);
        show_message(self, "Too many tiles or masks",
                     "the level would go over its tile or mask limit");
    }
    lw_level_free(src);
}

static void import_tiles_chosen(const char *path, gpointer user)
{
    EditorWindow *self = user;
    if (path)
        import_tiles_from(self, path);
    g_object_unref(self);
}

static void action_import_tiles_from(GSimpleAction *a, GVariant *p, gpointer user)
{
    import_tiles_from(user, g_variant_get_string(p, NULL));
}

static void action_import_tiles(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_file_chooser_open_level(GTK_WINDOW(self), import_tiles_chosen, g_object_ref(self));
}

static void action_add_art_tiles(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const lw_level *l = doc_level(self);
    guint cells = editor_renderer_get_art_cell_count(self->renderer);
    if (cells == 0) {
        editor_window_set_status(self, "Choose a tileset PNG in Level Properties first.");
        return;
    }
    g_autofree gboolean *used = g_new0(gboolean, cells);
    for (guint t = 0; t < l->tile_count; t++)
        if (l->tiles[t].art < cells)
            used[l->tiles[t].art] = TRUE;
    editor_document_begin_group(self->doc, "Add Tiles for Art");
    for (guint c = 0; c < cells; c++) {
        if (used[c])
            continue;
        lw_tile tile = {.art = (uint16_t)c, .mask = {LW_NONE, LW_NONE}};
        EditorCommand *cmd = editor_cmd_add_tile_new(self->doc, &tile, NULL, NULL);
        if (!cmd)
            break;
        editor_document_push(self->doc, cmd);
    }
    editor_document_end_group(self->doc);
}

/* ---- palettes (EditorPalette, editor-palette.c) ---- */

static void resize_palettes(EditorWindow *self)
{
    editor_palette_update_size(self->chunk_palette);
    editor_palette_update_size(self->tile_palette);
}

static void chunk_picked(EditorPalette *palette, guint c, int n, EditorWindow *self)
{
    self->tools.brush_chunk = (uint16_t)c;
    if (self->tools.kind == EDITOR_TOOL_OBJECT || self->tools.kind == EDITOR_TOOL_SELECT ||
        self->tools.kind == EDITOR_TOOL_SOLIDITY)
        g_action_group_activate_action(G_ACTION_GROUP(self), "tool",
                                       g_variant_new_string("pencil"));
    if (self->tools.editing_chunk)
        editor_tools_stop_editing(&self->tools);
    on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
    if (n == 2)
        action_edit_chunk(NULL, NULL, self);
}

static void tile_picked(EditorPalette *palette, guint tile, int n, EditorWindow *self)
{
    self->tools.brush_tile = (uint16_t)tile;
    on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
    gtk_notebook_set_current_page(self->side_notebook, 0);
}

/* ---- minimap ---- */

static double minimap_scale(EditorWindow *self, int w, int h, double *ox, double *oy)
{
    const lw_level *l = doc_level(self);
    double s = MIN((double)w / lw_level_width_px(l), (double)h / lw_level_height_px(l));
    *ox = floor((w - lw_level_width_px(l) * s) / 2);
    *oy = floor((h - lw_level_height_px(l) * s) / 2);
    return s;
}

static gboolean redraw_later(gpointer widget)
{
    gtk_widget_queue_draw(widget);
    return G_SOURCE_REMOVE;
}

static void draw_minimap(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorWindow *self = user;
    double ox, oy;
    double s = minimap_scale(self, w, h, &ox, &oy);
    cairo_set_source_rgb(cr, 0.12, 0.12, 0.14);
    cairo_paint(cr);
    cairo_save(cr);
    cairo_translate(cr, ox, oy);
    /* a large level's overview is built a few slots per frame, never holding up the canvas */
    editor_renderer_set_mip_budget(self->renderer, 48);
    editor_renderer_draw_view(self->renderer, cr, 0, 0, s,
                              gtk_widget_get_scale_factor(GTK_WIDGET(area)), w, h, 0);
    gboolean pending = editor_renderer_get_mip_pending(self->renderer);
    editor_renderer_set_mip_budget(self->renderer, 0);
    if (pending) /* draw again once this frame is out (a queue_draw now would be dropped) */
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, redraw_later, g_object_ref(area), g_object_unref);
    editor_renderer_draw_objects(self->renderer, cr, 0, 0, s, EDITOR_OVERLAY_SWAPPERS, 0);
    double vx, vy, vw, vh;
    editor_canvas_get_view(self->canvas, &vx, &vy, &vw, &vh);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 1.5);
    cairo_rectangle(cr, vx * s, vy * s, vw * s, vh * s);
    cairo_stroke(cr);
    cairo_restore(cr);
}

static void minimap_goto(EditorWindow *self, double x, double y)
{
    int w = gtk_widget_get_width(GTK_WIDGET(self->minimap)),
        h = gtk_widget_get_height(GTK_WIDGET(self->minimap));
    double ox, oy;
    double s = minimap_scale(self, w, h, &ox, &oy);
    editor_canvas_center_on(self->canvas, (x - ox) / s, (y - oy) / s);
}

static void minimap_drag_begin(GtkGestureDrag *g, double x, double y, gpointer user)
{
    minimap_goto(user, x, y);
}

static void minimap_drag_update(GtkGestureDrag *g, double dx, double dy, gpointer user)
{
    double x, y;
    gtk_gesture_drag_get_start_point(g, &x, &y);
    minimap_goto(user, x + dx, y + dy);
}

/* ---- history ---- */

static void history_row_selected(GtkListBox *list, GtkListBoxRow *r, EditorWindow *self)
{
    if (self->updating_history || !r)
        return;
    editor_document_set_history_index(self->doc, (guint)gtk_list_box_row_get_index(r));
}

static void update_history(EditorWindow *self)
{
    EditorUndoStack *stack = editor_document_get_undo_stack(self->doc);
    guint n = editor_undo_stack_get_count(stack);
    self->updating_history = TRUE;
    /* row 0 is the state the level was opened in; row i + 1 is after command i */
    if (self->history_rows == 0) {
        GtkWidget *l = gtk_label_new("Opened");
        gtk_label_set_xalign(GTK_LABEL(l), 0);
        gtk_list_box_append(self->history_list, l);
        self->history_rows = 1;
    }
    while (self->history_rows > n + 1) {
        GtkListBoxRow *r =
            gtk_list_box_get_row_at_index(self->history_list, (int)self->history_rows - 1);
        gtk_list_box_remove(self->history_list, GTK_WIDGET(r));
        self->history_rows--;
    }
    /* labels of the last rows may belong to new commands after an undo + new edit */
    for (guint i = 1; i < self->history_rows; i++) {
        GtkListBoxRow *r = gtk_list_box_get_row_at_index(self->history_list, (int)i);
        GtkLabel *l = GTK_LABEL(gtk_list_box_row_get_child(r));
        if (g_object_get_data(G_OBJECT(l), "cmd") != editor_undo_stack_get_command(stack, i - 1)) {
            gtk_label_set_text(l, editor_undo_stack_get_label(stack, i - 1));
            g_object_set_data(G_OBJECT(l), "cmd",
                              (gpointer)editor_undo_stack_get_command(stack, i - 1));
        }
    }
    while (self->history_rows < n + 1) {
        GtkWidget *l = gtk_label_new(editor_undo_stack_get_label(stack, self->history_rows - 1));
        g_object_set_data(G_OBJECT(l), "cmd",
                          (gpointer)editor_undo_stack_get_command(stack, self->history_rows - 1));
        gtk_label_set_xalign(GTK_LABEL(l), 0);
        gtk_list_box_append(self->history_list, l);
        self->history_rows++;
    }
    guint index = editor_undo_stack_get_index(stack);
    for (guint i = 0; i < self->history_rows; i++) {
        GtkListBoxRow *r = gtk_list_box_get_row_at_index(self->history_list, (int)i);
        if (i > index)
            gtk_widget_add_css_class(GTK_WIDGET(r), "dim-label");
        else
            gtk_widget_remove_css_class(GTK_WIDGET(r), "dim-label");
    }
    gtk_list_box_select_row(self->history_list,
                            gtk_list_box_get_row_at_index(self->history_list, (int)index));
    self->updating_history = FALSE;
}

/* ---- issues ---- */

static void issue_clear(Issue *i)
{
    g_free(i->source);
}

guint editor_window_get_issue_count(EditorWindow *self)
{
    return self->issues->len;
}

void editor_window_activate_issue(EditorWindow *self, guint index)
{
    if (index >= self->issues->len)
        return;
    const Issue *i = &g_array_index(self->issues, Issue, index);
    if (i->problem.x >= 0)
        editor_canvas_highlight(self->canvas, i->problem.x, i->problem.y);
    editor_window_set_status(self, i->problem.message);
}

static void issue_activated(GtkListBox *list, GtkListBoxRow *r, EditorWindow *self)
{
    editor_window_activate_issue(self, (guint)gtk_list_box_row_get_index(r));
}

static void rebuild_issue_rows(EditorWindow *self)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->issues_list))))
        gtk_list_box_remove(self->issues_list, child);
    guint errors = 0;
    for (guint k = 0; k < self->issues->len; k++) {
        const Issue *i = &g_array_index(self->issues, Issue, k);
        gboolean error = i->problem.severity == EDITOR_SEVERITY_ERROR;
        errors += error;
        GtkWidget *r = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_widget_set_margin_start(r, 6);
        gtk_widget_set_margin_top(r, 3);
        gtk_widget_set_margin_bottom(r, 3);
        gtk_box_append(GTK_BOX(r), gtk_image_new_from_icon_name(error ? "dialog-error-symbolic"
                                                                      : "dialog-warning-symbolic"));
        g_autofree char *text =
            g_strdup_printf("%s%s", i->problem.message, i->problem.x >= 0 ? "" : " (no place)");
        GtkWidget *l = gtk_label_new(text);
        gtk_label_set_wrap(GTK_LABEL(l), TRUE);
        gtk_label_set_xalign(GTK_LABEL(l), 0);
        gtk_widget_set_tooltip_text(r, i->problem.code);
        gtk_box_append(GTK_BOX(r), l);
        gtk_list_box_append(self->issues_list, r);
    }
    g_autofree char *tab =
        self->issues->len ? g_strdup_printf("Issues (%u)", self->issues->len) : g_strdup("Issues");
    gtk_label_set_text(self->issues_tab_label, tab);
}

void editor_window_set_issues(EditorWindow *self, const char *source,
                              const editor_problem *problems, guint n)
{
    for (guint k = self->issues->len; k-- > 0;)
        if (g_str_equal(g_array_index(self->issues, Issue, k).source, source))
            g_array_remove_index(self->issues, k);
    for (guint k = 0; k < n; k++) {
        Issue i = {g_strdup(source), problems[k]};
        g_array_append_val(self->issues, i);
    }
    rebuild_issue_rows(self);
}

static void collect_problem(const editor_problem *p, void *user)
{
    g_array_append_val((GArray *)user, *p);
}

static gboolean run_check(gpointer data)
{
    EditorWindow *self = data;
    self->check_timeout = 0;
    GArray *found = g_array_new(FALSE, FALSE, sizeof(editor_problem));
    editor_level_check(doc_level(self), editor_document_get_path(self->doc), collect_problem,
                       found);
    editor_window_set_issues(self, "check", (editor_problem *)found->data, found->len);
    /* saved replays as regression tests: the ones that now end differently */
    g_array_set_size(found, 0);
    editor_replay_check(doc_level(self), collect_problem, found);
    editor_window_set_issues(self, "replays", (editor_problem *)found->data, found->len);
    g_array_unref(found);
    return G_SOURCE_REMOVE;
}

static void schedule_check(EditorWindow *self)
{
    g_clear_handle_id(&self->check_timeout, g_source_remove);
    self->check_timeout = g_timeout_add(700, run_check, self);
}

static void action_check(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    g_clear_handle_id(&self->check_timeout, g_source_remove);
    run_check(self);
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

static void refresh_status(EditorWindow *self)
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
    gtk_widget_queue_draw(GTK_WIDGET(self->minimap));
}

static void on_zoom_changed(EditorWindow *self)
{
    refresh_status(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->minimap));
}

/* ---- closing ---- */

void editor_window_close_now(EditorWindow *self)
{
    self->closing_confirmed = TRUE;
    gtk_window_close(GTK_WINDOW(self));
}

static void close_response(GtkDialog *d, int response, EditorWindow *self)
{
    gtk_window_destroy(GTK_WINDOW(d));
    if (response == GTK_RESPONSE_REJECT) {
        editor_document_delete_recovery(self->doc);
        editor_window_close_now(self);
    } else if (response == GTK_RESPONSE_ACCEPT) {
        if (!editor_document_get_path(self->doc)) {
            action_save_as(NULL, NULL, self);
            return;
        }
        if (save_checked(self, TRUE))
            editor_window_close_now(self);
    }
}

static gboolean editor_window_close_request(GtkWindow *window)
{
    EditorWindow *self = EDITOR_WINDOW(window);
    if (self->closing_confirmed || !editor_document_get_modified(self->doc)) {
        if (!editor_document_get_modified(self->doc))
            editor_document_delete_recovery(self->doc);
        /* the level's test-play window goes with its editor */
        PlayWindow *pw = play_window_find(gtk_window_get_application(window), self->doc);
        if (pw)
            gtk_window_destroy(GTK_WINDOW(pw));
        return GTK_WINDOW_CLASS(editor_window_parent_class)->close_request(window);
    }
    GtkWidget *d = gtk_message_dialog_new(window, GTK_DIALOG_MODAL, GTK_MESSAGE_QUESTION,
                                          GTK_BUTTONS_NONE, "Save changes to “%s” before closing?",
                                          editor_document_get_title(self->doc) + 1);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d),
                                             "Your changes are lost if you close without saving.");
    gtk_dialog_add_buttons(GTK_DIALOG(d), "Close _Without Saving", GTK_RESPONSE_REJECT, "_Cancel",
                           GTK_RESPONSE_CANCEL, "_Save", GTK_RESPONSE_ACCEPT, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_ACCEPT);
    g_signal_connect(d, "response", G_CALLBACK(close_response), self);
    gtk_window_present(GTK_WINDOW(d));
    return TRUE;
}

/* ---- drag and drop ---- */

static gboolean on_drop(GtkDropTarget *target, const GValue *value, double x, double y,
                        gpointer user)
{
    if (!G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST))
        return FALSE;
    for (GSList *l = g_value_get_boxed(value); l; l = l->next) {
        g_autofree char *path = g_file_get_path(l->data);
        if (path)
            g_signal_emit(user, signals[SIGNAL_OPEN_FILE], 0, path);
    }
    return TRUE;
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
    g_clear_handle_id(&self->check_timeout, g_source_remove);
    g_clear_handle_id(&self->status_message_timeout, g_source_remove);
    g_clear_handle_id(&self->toolbar_idle, g_source_remove);
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
    g_clear_pointer(&self->renderer, editor_renderer_free);
    g_clear_pointer(&self->issues, g_array_unref);
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
    signals[SIGNAL_FILE_SAVED] =
        g_signal_new("file-saved", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[SIGNAL_OPEN_FILE] =
        g_signal_new("open-file", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[SIGNAL_OPEN_DOCUMENT] =
        g_signal_new("open-document", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 1, EDITOR_TYPE_DOCUMENT);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/editor-window.ui");
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, brush_label);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, chunk_banner_revealer);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, chunk_banner_label);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, chunk_palette_scroller);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, tile_palette_scroller);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, canvas_scroller);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, palette_notebook);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, side_notebook);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, minimap);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, properties_box);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, history_list);
    gtk_widget_class_bind_template_child(widget_class, EditorWindow, issues_list);
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
    g_type_ensure(GTK_TYPE_DRAWING_AREA);
    g_type_ensure(EDITOR_TYPE_PROPERTIES);
    gtk_widget_init_template(GTK_WIDGET(self));
    self->issues = g_array_new(FALSE, FALSE, sizeof(Issue));
    g_array_set_clear_func(self->issues, (GDestroyNotify)issue_clear);
    g_action_map_add_action_entries(G_ACTION_MAP(self), win_entries, G_N_ELEMENTS(win_entries),
                                    self);
}

static void host_set_status(GtkWindow *w, const char *text)
{
    editor_window_set_status(EDITOR_WINDOW(w), text);
}

static void host_show_error(GtkWindow *w, const char *title, const GError *error)
{
    editor_window_show_error(EDITOR_WINDOW(w), title, error);
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
    self->tools.notify = on_tools_notify;
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
    EditorAuthoringHost host = {
        .window = GTK_APPLICATION_WINDOW(self),
        .doc = doc,
        .renderer = self->renderer,
        .tools = &self->tools,
        .canvas = self->canvas,
        .set_status = host_set_status,
        .show_error = host_show_error,
    };
    editor_authoring_install(&host);

    self->chunk_palette =
        editor_palette_new(EDITOR_PALETTE_CHUNKS, doc, self->renderer, &self->tools);
    g_signal_connect(self->chunk_palette, "picked", G_CALLBACK(chunk_picked), self);
    gtk_scrolled_window_set_child(self->chunk_palette_scroller, GTK_WIDGET(self->chunk_palette));
    self->tile_palette =
        editor_palette_new(EDITOR_PALETTE_TILES, doc, self->renderer, &self->tools);
    g_signal_connect(self->tile_palette, "picked", G_CALLBACK(tile_picked), self);
    gtk_scrolled_window_set_child(self->tile_palette_scroller, GTK_WIDGET(self->tile_palette));
    editor_object_palette_attach(&host, self->palette_notebook);

    GtkGesture *g;
    gtk_drawing_area_set_draw_func(self->minimap, draw_minimap, self, NULL);
    g = gtk_gesture_drag_new();
    g_signal_connect(g, "drag-begin", G_CALLBACK(minimap_drag_begin), self);
    g_signal_connect(g, "drag-update", G_CALLBACK(minimap_drag_update), self);
    gtk_widget_add_controller(GTK_WIDGET(self->minimap), GTK_EVENT_CONTROLLER(g));
    g_signal_connect_swapped(gtk_scrolled_window_get_hadjustment(self->canvas_scroller),
                             "value-changed", G_CALLBACK(gtk_widget_queue_draw), self->minimap);
    g_signal_connect_swapped(gtk_scrolled_window_get_vadjustment(self->canvas_scroller),
                             "value-changed", G_CALLBACK(gtk_widget_queue_draw), self->minimap);

    g_signal_connect(self->history_list, "row-selected", G_CALLBACK(history_row_selected), self);
    g_signal_connect(self->issues_list, "row-activated", G_CALLBACK(issue_activated), self);
    gtk_list_box_set_selection_mode(self->issues_list, GTK_SELECTION_NONE);
    gtk_list_box_set_activate_on_single_click(self->issues_list, TRUE);

    GtkAdjustment *tb = gtk_scrolled_window_get_hadjustment(self->toolbar_scroller);
    g_signal_connect_object(tb, "changed", G_CALLBACK(toolbar_resized), self, G_CONNECT_SWAPPED);
    /* growing: the toolbar's own size does not move while its toggles are in the menu, the
     * canvas's does */
    g_signal_connect_object(gtk_scrolled_window_get_hadjustment(self->canvas_scroller), "changed",
                            G_CALLBACK(toolbar_resized), self, G_CONNECT_SWAPPED);

    GtkDropTarget *drop = gtk_drop_target_new(GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
    g_signal_connect(drop, "drop", G_CALLBACK(on_drop), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(drop));

    g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "saved", G_CALLBACK(on_doc_saved), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "failed", G_CALLBACK(on_doc_failed), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "notify::title", G_CALLBACK(on_doc_notify), self,
                            G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "notify::modified", G_CALLBACK(on_doc_notify), self,
                            G_CONNECT_SWAPPED);
    /* a group (a paste, an import) ends without a `changed` of its own: its one step shows
     * when the undo/redo labels move */
    g_signal_connect_object(doc, "notify::undo-label", G_CALLBACK(update_history), self,
                            G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "notify::redo-label", G_CALLBACK(update_history), self,
                            G_CONNECT_SWAPPED);
    if (app_clipboard())
        g_signal_connect_object(app_clipboard(), "changed", G_CALLBACK(on_clipboard_changed), self,
                                G_CONNECT_SWAPPED);
    if (recent)
        g_menu_append_section(self->recent_section, NULL, recent);
    update_title(self);
    update_history(self);
    editor_properties_set_context(self->properties_box, self->doc, self->renderer, &self->tools);
    editor_properties_set_tileset_error(self->properties_box, self->tileset_error);
    editor_properties_rebuild_now(self->properties_box);
    update_brush_label(self);
    update_actions(self);
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
    schedule_check(self); /* after the first frame */
    gtk_widget_grab_focus(GTK_WIDGET(self->canvas));
    return self;
}
