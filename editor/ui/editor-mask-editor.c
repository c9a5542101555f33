/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-mask-editor"

#include "editor-mask-editor.h"

#include "doc/editor-commands-mask.h"
#include "doc/mask-ops.h"
#include "editor-mask-editor-state.h"

#include <loopwright-masks/masks.h>
#include <loopwright/fixed.h>
#include <loopwright/sensor.h>
#include <math.h>

G_DEFINE_FINAL_TYPE(EditorMaskEditor, editor_mask_editor, GTK_TYPE_WINDOW)

/* The level of the document shown (read only: edits go through commands). */
const lw_level *editor_mask_editor_doc_level(EditorMaskEditor *self)
{
    return editor_document_get_level(self->doc);
}

guint editor_mask_editor_get_mask(EditorMaskEditor *self)
{
    const lw_level *l = editor_mask_editor_doc_level(self);
    if (self->tile >= l->tile_count)
        return LW_NONE;
    uint16_t m = l->tiles[self->tile].mask[self->path & 1u];
    return m < l->mask_count ? m : LW_NONE;
}

/* The mask as the view shows it (flips applied); FALSE without a mask. */
gboolean editor_mask_editor_view_mask(EditorMaskEditor *self, lw_mask *out)
{
    guint m = editor_mask_editor_get_mask(self);
    if (m == LW_NONE)
        return FALSE;
    lwm_mask_flip(&editor_mask_editor_doc_level(self)->masks[m], self->view_flips & LW_CELL_FLIP_X,
                  self->view_flips & LW_CELL_FLIP_Y, out);
    lw_mask_derive_widths(out);
    return TRUE;
}

/* ---- text and state ---- */

static void update_widgets(EditorMaskEditor *self)
{
    const lw_level *l = editor_mask_editor_doc_level(self);
    self->updating = TRUE;
    guint m = editor_mask_editor_get_mask(self);
    g_autofree char *title = NULL;
    if (self->tile >= l->tile_count)
        title =
            g_strdup("No tile: pick one in the Tiles palette (or a cell while editing a chunk)");
    else if (m == LW_NONE)
        title = g_strdup_printf("Tile %u · path %c · no mask", self->tile, 'A' + self->path);
    else
        title = g_strdup_printf("Tile %u · path %c · mask %u", self->tile, 'A' + self->path, m);
    gtk_label_set_text(self->title_label, title);

    g_autofree char *share = NULL;
    gboolean shared = FALSE;
    if (m != LW_NONE) {
        guint tiles = 0, cells = 0;
        editor_level_mask_usage(l, m, &tiles, &cells);
        shared = tiles > 1;
        share = shared ? g_strdup_printf("Mask %u is shared by %u tiles (%u placed cell%s): "
                                         "edits change all of them. Make Unique gives tile %u "
                                         "its own copy.",
                                         m, tiles, cells, cells == 1 ? "" : "s", self->tile)
                       : g_strdup_printf("Mask %u belongs to this tile only (%u placed cell%s).", m,
                                         cells, cells == 1 ? "" : "s");
    } else if (self->tile < l->tile_count) {
        share = g_strdup_printf("Tile %u has no mask on path %c: Reset from Art makes one from its "
                                "art, Paste puts a copied mask here, Copy A to B shares path A's.",
                                self->tile, 'A' + self->path);
    } else {
        share = g_strdup("");
    }
    gtk_label_set_text(self->share_label, share);
    gtk_widget_set_visible(self->share_button, shared);

    lw_mask v;
    if (editor_mask_editor_view_mask(self, &v)) {
        const lw_mask *stored = &l->masks[m];
        char hex[8];
        g_snprintf(hex, sizeof hex, "%02X", v.angle);
        if (!gtk_widget_has_focus(GTK_WIDGET(self->angle_entry)))
            gtk_editable_set_text(GTK_EDITABLE(self->angle_entry), hex);
        g_autofree char *deg = NULL;
        if (stored->flags & LW_MASK_FLAGGED)
            deg = g_strdup_printf("flagged: the game reads 0xFF (kept: 0x%02X, %.1f°)", v.angle,
                                  lw_angle_to_millidegrees(v.angle) / 1000.0);
        else
            deg = g_strdup_printf("%.2f° · mode %s%s", lw_angle_to_millidegrees(v.angle) / 1000.0,
                                  lw_mode_name(lw_mode_of(v.angle)),
                                  self->view_flips ? " (as flipped)" : "");
        gtk_label_set_text(self->angle_label, deg);
        lw_mask fitted;
        editor_mask_compute_angle(stored, &fitted);
        g_autofree char *lock = NULL;
        if (!(stored->flags & LW_MASK_LOCKED))
            lock = g_strdup("Computed from the pixels: column edits recompute it.");
        else if (fitted.flags & LW_MASK_FLAGGED)
            lock = g_strdup("Locked: set by hand, regeneration keeps it. The fitter would flag "
                            "these pixels.");
        else
            lock = g_strdup_printf("Locked: set by hand, regeneration keeps it. The fitter would "
                                   "say 0x%02X.",
                                   lw_angle_flip(fitted.angle, self->view_flips & LW_CELL_FLIP_X,
                                                 self->view_flips & LW_CELL_FLIP_Y));
        gtk_label_set_text(self->lock_label, lock);
    } else {
        gtk_editable_set_text(GTK_EDITABLE(self->angle_entry), "");
        gtk_label_set_text(self->angle_label, "");
        gtk_label_set_text(self->lock_label, "");
    }
    gtk_widget_set_sensitive(GTK_WIDGET(self->angle_entry), m != LW_NONE);
    for (int i = 0; i < 4; i++)
        gtk_toggle_button_set_active(self->view_buttons[i], self->view_flips == i);
    self->updating = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self->grid));
    gtk_widget_queue_draw(GTK_WIDGET(self->dial));
    gtk_widget_queue_draw(GTK_WIDGET(self->probe));
    for (int i = 0; i < 4; i++)
        gtk_widget_queue_draw(GTK_WIDGET(self->thumbs[i]));
}

static void on_doc_changed(EditorMaskEditor *self, EditorChange *change)
{
    if (self->tile != LW_NONE && self->tile >= editor_mask_editor_doc_level(self)->tile_count)
        self->tile = LW_NONE;
    update_widgets(self);
}

void editor_mask_editor_set_tile(EditorMaskEditor *self, guint tile)
{
    self->tile = tile < editor_mask_editor_doc_level(self)->tile_count ? tile : LW_NONE;
    self->dragging = FALSE;
    update_widgets(self);
}

guint editor_mask_editor_get_tile(EditorMaskEditor *self)
{
    return self->tile;
}

void editor_mask_editor_set_path(EditorMaskEditor *self, guint path)
{
    self->path = path & 1u;
    self->dragging = FALSE;
    update_widgets(self);
}

guint editor_mask_editor_get_path(EditorMaskEditor *self)
{
    return self->path;
}

void editor_mask_editor_set_view_flips(EditorMaskEditor *self, guint8 flips)
{
    self->view_flips = flips & 3u;
    update_widgets(self);
}

guint8 editor_mask_editor_get_view_flips(EditorMaskEditor *self)
{
    return self->view_flips;
}

void editor_mask_editor_set_widths_view(EditorMaskEditor *self, gboolean widths)
{
    self->widths_view = widths;
    gtk_widget_queue_draw(GTK_WIDGET(self->grid));
}

void editor_mask_editor_set_probe_gap(EditorMaskEditor *self, int gap)
{
    self->probe_gap = CLAMP(gap, 1, 16);
    if (gtk_spin_button_get_value_as_int(self->gap_spin) != self->probe_gap)
        gtk_spin_button_set_value(self->gap_spin, self->probe_gap);
    gtk_widget_queue_draw(GTK_WIDGET(self->probe));
}

/* ---- edits ---- */

static void set_column(EditorMaskEditor *self, int col, int row)
{
    guint m = editor_mask_editor_get_mask(self);
    if (m == LW_NONE || col < 0 || col > 15)
        return;
    int h;
    if (self->button == 3)
        h = row < 0 ? 0 : row >= 15 ? -16 : -(row + 1);
    else
        h = row < 0 ? 16 : row > 15 ? 0 : 16 - row;
    int c = (self->view_flips & LW_CELL_FLIP_X) ? 15 - col : col;
    if (self->view_flips & LW_CELL_FLIP_Y)
        h = -h;
    EditorCommand *cmd = editor_cmd_mask_set_column_new(self->doc, m, (guint)c, h, self->stroke);
    if (cmd)
        editor_document_push(self->doc, cmd);
}

void editor_mask_editor_press(EditorMaskEditor *self, int col, int row, guint button)
{
    self->dragging = TRUE;
    self->button = button == 3 ? 3 : 1;
    self->stroke = editor_command_new_stroke();
    col = CLAMP(col, 0, 15);
    self->last_col = col;
    self->last_row = row;
    set_column(self, col, row);
}

void editor_mask_editor_motion(EditorMaskEditor *self, int col, int row)
{
    if (!self->dragging)
        return;
    col = CLAMP(col, 0, 15);
    /* every column between the last point and this one, so a fast drag leaves no gap */
    int n = abs(col - self->last_col);
    for (int i = 1; i <= n; i++) {
        int c = self->last_col + (col > self->last_col ? i : -i);
        int r = self->last_row + (row - self->last_row) * i / n;
        set_column(self, c, r);
    }
    if (n == 0)
        set_column(self, col, row);
    self->last_col = col;
    self->last_row = row;
}

void editor_mask_editor_release(EditorMaskEditor *self)
{
    self->dragging = FALSE;
}

void editor_mask_editor_set_view_angle(EditorMaskEditor *self, guint8 angle, guint stroke)
{
    guint m = editor_mask_editor_get_mask(self);
    if (m == LW_NONE)
        return;
    guint8 stored =
        lw_angle_flip(angle, self->view_flips & LW_CELL_FLIP_X, self->view_flips & LW_CELL_FLIP_Y);
    EditorCommand *cmd = editor_cmd_mask_set_angle_new(self->doc, m, stored, stroke);
    if (cmd)
        editor_document_push(self->doc, cmd);
}

static void angle_activated(GtkEntry *entry, EditorMaskEditor *self)
{
    const char *text = gtk_editable_get_text(GTK_EDITABLE(entry));
    if (g_str_has_prefix(text, "0x") || g_str_has_prefix(text, "0X"))
        text += 2;
    char *end = NULL;
    guint64 v = g_ascii_strtoull(text, &end, 16);
    if (!*text || (end && *end) || v > 255) {
        gtk_widget_error_bell(GTK_WIDGET(entry));
        update_widgets(self);
        return;
    }
    editor_mask_editor_set_view_angle(self, (guint8)v, 0);
}

/* ---- construction ---- */

static GtkWidget *section(const char *title, GtkWidget *child)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *l = gtk_label_new(NULL);
    g_autofree char *m = g_markup_printf_escaped("<b>%s</b>", title);
    gtk_label_set_markup(GTK_LABEL(l), m);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_box_append(GTK_BOX(box), l);
    gtk_box_append(GTK_BOX(box), child);
    return box;
}

static GtkWidget *action_button(const char *label, const char *action, const char *tooltip,
                                gboolean toggle)
{
    GtkWidget *b =
        toggle ? gtk_toggle_button_new_with_label(label) : gtk_button_new_with_label(label);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(b), action);
    gtk_widget_set_tooltip_text(b, tooltip);
    return b;
}

static GtkWidget *wrap_label(GtkLabel **out)
{
    GtkWidget *l = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(l), TRUE);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    if (out)
        *out = GTK_LABEL(l);
    return l;
}

static void editor_mask_editor_dispose(GObject *object)
{
    EditorMaskEditor *self = EDITOR_MASK_EDITOR(object);
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    g_clear_object(&self->doc);
    G_OBJECT_CLASS(editor_mask_editor_parent_class)->dispose(object);
}

static void editor_mask_editor_class_init(EditorMaskEditorClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = editor_mask_editor_dispose;
}

static void editor_mask_editor_init(EditorMaskEditor *self)
{
    self->tile = LW_NONE;
    self->probe_gap = 1;
    self->hover_col = self->hover_row = -10;
}

/* The default size: room for a large grid and every control without scrolling, within the
 * screen (a 1366x768 laptop, 1920x1080 at scale 2: 960x540 logical px). Whether the angle and
 * the flips go side by side (a screen 1280 logical px wide or more) or one above the other. */
static void set_default_size_for_screen(EditorMaskEditor *self)
{
    self->wide = TRUE;
    int w = 1320, h = 720;
    GListModel *monitors = gdk_display_get_monitors(gdk_display_get_default());
    GdkMonitor *mon =
        g_list_model_get_n_items(monitors) ? g_list_model_get_item(monitors, 0) : NULL;
    if (mon) {
        GdkRectangle r;
        gdk_monitor_get_geometry(mon, &r);
        w = MIN(w, r.width - 32);
        self->wide = r.width >= 1280;
        h = MIN(h, r.height - 40);
        g_object_unref(mon);
    }
    gtk_window_set_default_size(GTK_WINDOW(self), w, h);
}

static GtkWidget *build_header(void)
{
    GtkWidget *header = gtk_header_bar_new();
    GtkWidget *undo = gtk_button_new_with_label("Undo");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(undo), "doc.undo");
    gtk_widget_set_tooltip_text(undo, "Undo (Ctrl+Z)");
    gtk_header_bar_pack_start(GTK_HEADER_BAR(header), undo);
    GtkWidget *redo = gtk_button_new_with_label("Redo");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(redo), "doc.redo");
    gtk_widget_set_tooltip_text(redo, "Redo (Ctrl+Shift+Z)");
    gtk_header_bar_pack_start(GTK_HEADER_BAR(header), redo);
    GtkWidget *path = action_button("Edit Path B", "win.mask-path-b",
                                    "Edit the tile's path B mask (Ctrl+Alt+B)", TRUE);
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), path);
    return header;
}

/* The left column: the tile's title, the grid (it takes the room the window has) and the
 * pointer's reading. */
static GtkWidget *build_grid_column(EditorMaskEditor *self)
{
    GtkWidget *left = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *title = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(title, "title-4");
    self->title_label = GTK_LABEL(title);
    gtk_box_append(GTK_BOX(left), title);

    self->grid = GTK_DRAWING_AREA(gtk_drawing_area_new());
    gtk_widget_set_name(GTK_WIDGET(self->grid), "mask-grid");
    /* the smallest readable grid is its minimum; a 22 px grid its natural size; it grows with
     * the window (editor-mask-editor-grid.h) */
    gtk_drawing_area_set_content_width(self->grid,
                                       editor_mask_grid_area_width(EDITOR_MASK_CELL_MIN));
    gtk_drawing_area_set_content_height(self->grid,
                                        editor_mask_grid_area_height(EDITOR_MASK_CELL_MIN));
    gtk_widget_set_size_request(GTK_WIDGET(self->grid),
                                editor_mask_grid_area_width(EDITOR_MASK_CELL_MIN),
                                editor_mask_grid_area_height(EDITOR_MASK_CELL_MIN));
    gtk_widget_set_hexpand(GTK_WIDGET(self->grid), TRUE);
    gtk_widget_set_vexpand(GTK_WIDGET(self->grid), TRUE);
    gtk_drawing_area_set_draw_func(self->grid, editor_mask_editor_draw_grid, self, NULL);
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), 0);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(editor_mask_editor_grid_drag_begin), self);
    g_signal_connect(drag, "drag-update", G_CALLBACK(editor_mask_editor_grid_drag_update), self);
    g_signal_connect(drag, "drag-end", G_CALLBACK(editor_mask_editor_grid_drag_end), self);
    gtk_widget_add_controller(GTK_WIDGET(self->grid), GTK_EVENT_CONTROLLER(drag));
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "motion", G_CALLBACK(editor_mask_editor_grid_motion), self);
    g_signal_connect(motion, "leave", G_CALLBACK(editor_mask_editor_grid_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self->grid), motion);
    gtk_box_append(GTK_BOX(left), GTK_WIDGET(self->grid));

    GtkWidget *hover = wrap_label(&self->hover_label);
    gtk_widget_add_css_class(hover, "dim-label");
    gtk_label_set_width_chars(self->hover_label, 40);
    gtk_label_set_max_width_chars(self->hover_label, 60);
    gtk_label_set_lines(self->hover_label, 2);
    gtk_label_set_text(self->hover_label,
                       "Drag in a column to set its height from the bottom; right-drag from the "
                       "top.");
    gtk_box_append(GTK_BOX(left), hover);
    return left;
}

/* Sharing and Make Unique, the view flips and the mask's edit buttons. */
static GtkWidget *build_mask_rows(EditorMaskEditor *self)
{
    GtkWidget *rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *share = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_add_css_class(share, "mask-share");
    GtkWidget *share_text = wrap_label(&self->share_label);
    gtk_label_set_max_width_chars(self->share_label, 50);
    gtk_widget_set_hexpand(share_text, TRUE);
    gtk_box_append(GTK_BOX(share), share_text);
    self->share_button =
        action_button("Make Unique", "win.mask-make-unique",
                      "Give this tile its own copy of the mask (Ctrl+Shift+U)", FALSE);
    gtk_widget_set_valign(self->share_button, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(share), self->share_button);
    gtk_box_append(GTK_BOX(rows), share);

    GtkWidget *views = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(views, "linked");
    static const char *const view_names[4] = {"As stored", "X flip", "Y flip", "XY flip"};
    for (int i = 0; i < 4; i++) {
        GtkWidget *b = gtk_toggle_button_new_with_label(view_names[i]);
        g_object_set_data(G_OBJECT(b), "flips", GUINT_TO_POINTER((guint)i));
        if (i)
            gtk_toggle_button_set_group(GTK_TOGGLE_BUTTON(b), self->view_buttons[0]);
        g_signal_connect(b, "toggled", G_CALLBACK(editor_mask_editor_view_toggled), self);
        g_autofree char *tip = g_strdup_printf("Show, edit and probe the mask as a cell %s reads "
                                               "it",
                                               i == 0 ? "without flips" : view_names[i]);
        gtk_widget_set_tooltip_text(b, tip);
        self->view_buttons[i] = GTK_TOGGLE_BUTTON(b);
        gtk_box_append(GTK_BOX(views), b);
    }
    GtkWidget *view_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_box_append(GTK_BOX(view_row), views);
    gtk_box_append(GTK_BOX(view_row),
                   action_button("Widths", "win.mask-widths",
                                 "Show the width runs wall sensors read (Ctrl+Shift+W)", TRUE));
    gtk_box_append(GTK_BOX(rows), view_row);
    GtkWidget *edit_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_box_append(GTK_BOX(edit_row),
                   action_button("Copy", "win.mask-copy", "Copy the mask (Ctrl+Shift+C)", FALSE));
    gtk_box_append(
        GTK_BOX(edit_row),
        action_button("Paste", "win.mask-paste", "Paste a copied mask here (Ctrl+Shift+V)", FALSE));
    gtk_box_append(GTK_BOX(edit_row),
                   action_button("Copy A to B", "win.mask-copy-a-to-b",
                                 "Path B uses path A's mask (Ctrl+Shift+B)", FALSE));
    gtk_box_append(GTK_BOX(edit_row),
                   action_button("Reset from Art", "win.mask-reset-from-art",
                                 "The mask of the tile's art: heights, fitted angle, flag "
                                 "(Ctrl+Shift+T)",
                                 FALSE));
    gtk_box_append(GTK_BOX(rows), edit_row);
    return rows;
}

static GtkWidget *build_angle(EditorMaskEditor *self)
{
    GtkWidget *angle = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *angle_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_box_append(GTK_BOX(angle_row), gtk_label_new("0x"));
    self->angle_entry = GTK_ENTRY(gtk_entry_new());
    gtk_editable_set_width_chars(GTK_EDITABLE(self->angle_entry), 4);
    gtk_editable_set_max_width_chars(GTK_EDITABLE(self->angle_entry), 4);
    gtk_widget_set_tooltip_text(GTK_WIDGET(self->angle_entry),
                                "The hex angle (Return sets it by hand, which locks it)");
    g_signal_connect(self->angle_entry, "activate", G_CALLBACK(angle_activated), self);
    gtk_box_append(GTK_BOX(angle_row), GTK_WIDGET(self->angle_entry));
    GtkWidget *deg = wrap_label(&self->angle_label);
    gtk_label_set_max_width_chars(self->angle_label, 26);
    gtk_widget_set_hexpand(deg, TRUE);
    gtk_box_append(GTK_BOX(angle_row), deg);
    gtk_box_append(GTK_BOX(angle), angle_row);
    GtkWidget *dial_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    self->dial = GTK_DRAWING_AREA(gtk_drawing_area_new());
    gtk_drawing_area_set_content_width(self->dial, 140);
    gtk_drawing_area_set_content_height(self->dial, 140);
    gtk_widget_set_valign(GTK_WIDGET(self->dial), GTK_ALIGN_START);
    gtk_drawing_area_set_draw_func(self->dial, editor_mask_editor_draw_dial, self, NULL);
    gtk_widget_set_tooltip_text(GTK_WIDGET(self->dial),
                                "Drag to set the surface direction (yellow: where positive ground "
                                "speed goes; blue: the normal; brown: the solid side)");
    GtkGesture *dd = gtk_gesture_drag_new();
    g_signal_connect(dd, "drag-begin", G_CALLBACK(editor_mask_editor_dial_drag_begin), self);
    g_signal_connect(dd, "drag-update", G_CALLBACK(editor_mask_editor_dial_drag_update), self);
    gtk_widget_add_controller(GTK_WIDGET(self->dial), GTK_EVENT_CONTROLLER(dd));
    gtk_box_append(GTK_BOX(dial_row), GTK_WIDGET(self->dial));
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_box_append(GTK_BOX(buttons),
                   action_button("Compute", "win.mask-compute-angle",
                                 "The masks library's fitter: angle and flag from the pixels "
                                 "(unlocks) (Ctrl+Shift+A)",
                                 FALSE));
    gtk_box_append(GTK_BOX(buttons),
                   action_button("Flagged", "win.mask-flag",
                                 "The game reads 0xFF: snap to the mode's cardinal angle "
                                 "(Ctrl+Shift+F)",
                                 TRUE));
    gtk_box_append(GTK_BOX(buttons),
                   action_button("Locked", "win.mask-lock",
                                 "Keep this angle through regeneration (Ctrl+Shift+L)", TRUE));
    GtkWidget *lock = wrap_label(&self->lock_label);
    gtk_widget_add_css_class(lock, "dim-label");
    gtk_label_set_width_chars(self->lock_label, 18);
    gtk_label_set_max_width_chars(self->lock_label, 20);
    gtk_box_append(GTK_BOX(buttons), lock);
    gtk_box_append(GTK_BOX(dial_row), buttons);
    gtk_box_append(GTK_BOX(angle), dial_row);
    return section("Angle", angle);
}

static GtkWidget *build_flips(EditorMaskEditor *self)
{
    GtkWidget *thumbs = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    for (int i = 0; i < 4; i++) {
        GtkDrawingArea *a = GTK_DRAWING_AREA(gtk_drawing_area_new());
        gtk_drawing_area_set_content_width(a, 84);
        gtk_drawing_area_set_content_height(a, 18 + THUMB + 72);
        g_object_set_data(G_OBJECT(a), "flips", GUINT_TO_POINTER((guint)i));
        gtk_drawing_area_set_draw_func(a, editor_mask_editor_draw_thumb, self, NULL);
        GtkGesture *click = gtk_gesture_click_new();
        g_signal_connect(click, "pressed", G_CALLBACK(editor_mask_editor_thumb_pressed), self);
        gtk_widget_add_controller(GTK_WIDGET(a), GTK_EVENT_CONTROLLER(click));
        gtk_widget_set_tooltip_text(GTK_WIDGET(a), "The mask, angle, heights (h) and widths (w) "
                                                   "as a cell with this flip reads them; click "
                                                   "to view it large");
        self->thumbs[i] = a;
        gtk_box_append(GTK_BOX(thumbs), GTK_WIDGET(a));
    }
    return section("Flips", thumbs);
}

static GtkWidget *build_probe(EditorMaskEditor *self)
{
    GtkWidget *probe = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    GtkWidget *probe_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_box_append(GTK_BOX(probe_row), gtk_label_new("Anchor"));
    self->gap_spin = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(1, 16, 1));
    gtk_spin_button_set_value(self->gap_spin, 1);
    gtk_widget_set_valign(GTK_WIDGET(self->gap_spin), GTK_ALIGN_START);
    g_signal_connect(self->gap_spin, "value-changed", G_CALLBACK(editor_mask_editor_gap_changed),
                     self);
    gtk_box_append(GTK_BOX(probe_row), GTK_WIDGET(self->gap_spin));
    GtkWidget *probe_help =
        gtk_label_new("px outside the tile (1: the pixel next to it; try 16). Each cell: the "
                      "distance the ground sensor returns in that mode and the angle it reads; "
                      "–: nothing within two blocks.");
    static const char *const probe_tip =
        "Each cell: the distance the engine's ground sensor (lw_sensor_cast, top-solid bit) "
        "returns in that mode, and the angle it reads; – : nothing within two blocks. Close by, "
        "the originals read a run anchored at the tile's far side as nothing (PHYSICS.md §3.3): "
        "try an anchor of 16.";
    gtk_widget_set_tooltip_text(probe_help, probe_tip);
    gtk_label_set_wrap(GTK_LABEL(probe_help), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(probe_help), 50);
    gtk_label_set_xalign(GTK_LABEL(probe_help), 0);
    gtk_widget_set_hexpand(probe_help, TRUE);
    gtk_widget_add_css_class(probe_help, "dim-label");
    gtk_box_append(GTK_BOX(probe_row), probe_help);
    gtk_box_append(GTK_BOX(probe), probe_row);
    self->probe = GTK_DRAWING_AREA(gtk_drawing_area_new());
    /* the narrowest readable table; its columns widen with the room (editor_mask_editor_draw_probe)
     */
    gtk_drawing_area_set_content_width(self->probe, PROBE_LABEL + 16 * PROBE_COL_MIN + 6);
    gtk_drawing_area_set_content_height(self->probe, 18 + 4 * PROBE_ROW + 6);
    gtk_drawing_area_set_draw_func(self->probe, editor_mask_editor_draw_probe, self, NULL);
    gtk_widget_set_tooltip_text(GTK_WIDGET(self->probe), probe_tip);
    gtk_widget_set_hexpand(GTK_WIDGET(self->probe), TRUE);
    gtk_box_append(GTK_BOX(probe), GTK_WIDGET(self->probe));
    return section("Sensor probe", probe);
}

/* The right column: the mask's rows, angle and flips (side by side when there is room), the
 * probe; it scrolls when the window is smaller than it. */
static GtkWidget *build_side_column(EditorMaskEditor *self)
{
    GtkWidget *side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_box_append(GTK_BOX(side), build_mask_rows(self));
    GtkWidget *flow = gtk_flow_box_new();
    gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(flow), GTK_SELECTION_NONE);
    gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(flow), 2);
    gtk_flow_box_set_min_children_per_line(GTK_FLOW_BOX(flow), self->wide ? 2 : 1);
    gtk_flow_box_set_column_spacing(GTK_FLOW_BOX(flow), 16);
    gtk_flow_box_set_row_spacing(GTK_FLOW_BOX(flow), 12);
    gtk_flow_box_append(GTK_FLOW_BOX(flow), build_angle(self));
    gtk_flow_box_append(GTK_FLOW_BOX(flow), build_flips(self));
    for (GtkWidget *c = gtk_widget_get_first_child(flow); c; c = gtk_widget_get_next_sibling(c))
        gtk_widget_set_focusable(c, FALSE);
    gtk_box_append(GTK_BOX(side), flow);
    gtk_box_append(GTK_BOX(side), build_probe(self));

    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_widget_set_name(scroller, "mask-side");
    gtk_widget_set_hexpand(scroller, FALSE); /* the grid takes the room left over */
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), side);
    gtk_scrolled_window_set_propagate_natural_width(GTK_SCROLLED_WINDOW(scroller), TRUE);
    gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(scroller), TRUE);
    gtk_scrolled_window_set_min_content_width(GTK_SCROLLED_WINDOW(scroller), 320);
    gtk_scrolled_window_set_min_content_height(GTK_SCROLLED_WINDOW(scroller), 200);
    return scroller;
}

EditorMaskEditor *editor_mask_editor_new(EditorDocument *doc, EditorRenderer *renderer,
                                         GActionGroup *actions)
{
    EditorMaskEditor *self =
        g_object_new(EDITOR_TYPE_MASK_EDITOR, "title", "Mask Editor", "hide-on-close", TRUE, NULL);
    set_default_size_for_screen(self); /* before the side column: it sets self->wide */
    self->renderer = renderer;
    self->doc = g_object_ref(doc);
    gtk_widget_insert_action_group(GTK_WIDGET(self), "win", actions);
    gtk_widget_insert_action_group(GTK_WIDGET(self), "doc", editor_document_get_actions(self->doc));
    gtk_window_set_titlebar(GTK_WINDOW(self), build_header());

    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 16);
    gtk_widget_set_margin_start(outer, 12);
    gtk_widget_set_margin_end(outer, 12);
    gtk_widget_set_margin_top(outer, 10);
    gtk_widget_set_margin_bottom(outer, 10);
    gtk_box_append(GTK_BOX(outer), build_grid_column(self));
    gtk_box_append(GTK_BOX(outer), build_side_column(self));
    gtk_window_set_child(GTK_WINDOW(self), outer);

    g_signal_connect_object(self->doc, "changed", G_CALLBACK(on_doc_changed), self,
                            G_CONNECT_SWAPPED);
    update_widgets(self);
    return self;
}
