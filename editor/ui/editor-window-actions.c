/* SPDX-License-Identifier: MIT */
/* The editor window's "win" actions and their table (see editor-window-state.h). */
#define G_LOG_DOMAIN "editor-window"

#include "doc/editor-app-clipboard.h"
#include "doc/editor-commands.h"
#include "doc/level-json.h"
#include "doc/level-ops.h"
#include "doc/object-schema.h"
#include "doc/replay-check.h"
#include "editor-actions.h"
#include "editor-command-palette.h"
#include "editor-file-chooser.h"
#include "editor-history-panel.h"
#include "editor-issues-panel.h"
#include "editor-level-props.h"
#include "editor-loop-table.h"
#include "editor-minimap.h"
#include "editor-palette.h"
#include "editor-properties.h"
#include "editor-window-state.h"
#include "editor-window.h"
#include "play-window.h"

#include <loopwright/fixed.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- actions ---- */

static void set_enabled(EditorWindow *self, const char *name, gboolean enabled)
{
    GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self), name);
    if (a)
        g_simple_action_set_enabled(G_SIMPLE_ACTION(a), enabled);
}

void editor_window_update_actions(EditorWindow *self)
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
        editor_window_update_brush_label(self);
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
    editor_window_update_brush_label(self);
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
    editor_window_refresh_status(self);
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
    editor_window_update_actions(self);
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

void editor_window_on_clipboard_changed(EditorWindow *self)
{
    /* a floating paste borrows the old block */
    editor_tools_cancel_paste(&self->tools);
    editor_window_update_actions(self);
}

static void action_select_all(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const lw_level *l = doc_level(self);
    if (self->tools.editing_chunk) {
        self->tools.cell_selection = (EditorRect){0, 0, l->chunk_cells, l->chunk_cells};
        editor_window_on_tools_notify(self, EDITOR_TOOLS_NOTIFY_SELECTION);
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

void editor_window_action_edit_chunk(GSimpleAction *a, GVariant *p, gpointer user)
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
                    editor_tools_edit_chunk_at(&self->tools, x, y))
                    return; /* the view goes to it (editor-window.c, follow_chunk_editing) */
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
    editor_window_on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
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

void editor_window_action_check(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_level_properties(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_import_tiles(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_import_tiles_from(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_add_art_tiles(GSimpleAction *a, GVariant *p, gpointer user);

/* Automation (tests, --run-action): choose a brush chunk / tile, paint a slot through the
 * pencil tool, select an object. */
static void action_select_chunk(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    guint32 id = g_variant_get_uint32(p);
    if (id < doc_level(self)->chunk_count || id == LW_NONE) {
        self->tools.brush_chunk = (uint16_t)id;
        editor_window_on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
    }
}

static void action_select_tile(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    guint32 id = g_variant_get_uint32(p);
    if (id < doc_level(self)->tile_count || id == LW_NONE) {
        self->tools.brush_tile = (uint16_t)id;
        editor_window_on_tools_notify(self, EDITOR_TOOLS_NOTIFY_BRUSH);
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
        editor_window_refresh_status(self);
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
    editor_window_on_tools_notify(self, EDITOR_TOOLS_NOTIFY_SELECTION);
}

static void action_select_slots(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    gint32 x, y, w, h;
    g_variant_get(p, "(iiii)", &x, &y, &w, &h);
    editor_tools_set_slot_selection(&self->tools, (EditorRect){x, y, w, h});
    editor_window_update_actions(self);
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

static void action_loop_table(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_loop_table_dialog_present(GTK_WINDOW(self), self->doc, self->renderer);
}

static const GActionEntry win_entries[] = {
    {.name = "save", .activate = editor_window_action_save},
    {.name = "save-as", .activate = editor_window_action_save_as},
    {.name = "revert", .activate = editor_window_action_revert},
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
    {.name = "level-properties", .activate = editor_window_action_level_properties},
    {.name = "resize-level", .activate = editor_window_action_level_properties},
    {.name = "loop-table", .activate = action_loop_table},
    {.name = "import-tiles", .activate = editor_window_action_import_tiles},
    {.name = "import-tiles-from",
     .parameter_type = "s",
     .activate = editor_window_action_import_tiles_from},
    {.name = "add-art-tiles", .activate = editor_window_action_add_art_tiles},
    {.name = "edit-chunk", .activate = editor_window_action_edit_chunk},
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
    {.name = "check", .activate = editor_window_action_check},
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

void editor_window_add_actions(EditorWindow *self)
{
    g_action_map_add_action_entries(G_ACTION_MAP(self), win_entries, G_N_ELEMENTS(win_entries),
                                    self);
}
