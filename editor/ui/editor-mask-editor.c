/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-mask-editor"

#include "editor-mask-editor.h"

#include "doc/editor-commands-mask.h"
#include "doc/mask-ops.h"

#include <loopwright-masks/masks.h>
#include <loopwright/fixed.h>
#include <loopwright/sensor.h>
#include <math.h>

#define CELL        22          /* px per mask pixel in the big view */
#define GRID        (16 * CELL) /* the 16x16 grid */
#define OX          14          /* grid origin in the drawing area */
#define OY          14
#define STRIP_W     104 /* widths strip on the right */
#define STRIP_H     58  /* heights strip below */
#define THUMB       64  /* flip preview tile size */
#define PROBE_LABEL 118 /* probe table: row label width */
#define PROBE_COL   34  /* probe table: column width */
#define PROBE_ROW   34

struct _EditorMaskEditor {
    GtkWindow parent_instance;

    /* Borrowed (the editor window outlives us: we are destroyed with it) */
    EditorRenderer *renderer; /* borrowed: the editor window's art */
    EditorDocument *doc;

    /* Widgets */
    GtkLabel *title_label;
    GtkLabel *share_label;
    GtkWidget *share_button;
    GtkDrawingArea *grid;
    GtkDrawingArea *dial;
    GtkDrawingArea *probe;
    GtkDrawingArea *thumbs[4];
    GtkToggleButton *view_buttons[4];
    GtkEntry *angle_entry;
    GtkLabel *angle_label;
    GtkLabel *lock_label;
    GtkLabel *hover_label;
    GtkSpinButton *gap_spin;

    /* State */
    guint tile;
    guint path;
    guint8 view_flips;
    gboolean widths_view;
    int probe_gap;
    gboolean updating;
    /* drag */
    gboolean dragging;
    guint button;
    guint stroke;
    int last_col, last_row;
    int hover_col, hover_row;
    guint dial_stroke;
};

G_DEFINE_FINAL_TYPE(EditorMaskEditor, editor_mask_editor, GTK_TYPE_WINDOW)

/* The level of the document shown (read only: edits go through commands). */
static const lw_level *doc_level(EditorMaskEditor *self)
{
    return editor_document_get_level(self->doc);
}

guint editor_mask_editor_get_mask(EditorMaskEditor *self)
{
    const lw_level *l = doc_level(self);
    if (self->tile >= l->tile_count)
        return LW_NONE;
    uint16_t m = l->tiles[self->tile].mask[self->path & 1u];
    return m < l->mask_count ? m : LW_NONE;
}

/* The mask as the view shows it (flips applied); FALSE without a mask. */
static gboolean view_mask(EditorMaskEditor *self, lw_mask *out)
{
    guint m = editor_mask_editor_get_mask(self);
    if (m == LW_NONE)
        return FALSE;
    lwm_mask_flip(&doc_level(self)->masks[m], self->view_flips & LW_CELL_FLIP_X,
                  self->view_flips & LW_CELL_FLIP_Y, out);
    lw_mask_derive_widths(out);
    return TRUE;
}

/* ---- text and state ---- */

static void update_widgets(EditorMaskEditor *self)
{
    const lw_level *l = doc_level(self);
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
    if (view_mask(self, &v)) {
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
    if (self->tile != LW_NONE && self->tile >= doc_level(self)->tile_count)
        self->tile = LW_NONE;
    update_widgets(self);
}

void editor_mask_editor_set_tile(EditorMaskEditor *self, guint tile)
{
    self->tile = tile < doc_level(self)->tile_count ? tile : LW_NONE;
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

/* ---- drawing helpers ---- */

static void set_rgb(cairo_t *cr, guint32 rgb, double a)
{
    cairo_set_source_rgba(cr, (rgb >> 16 & 255) / 255.0, (rgb >> 8 & 255) / 255.0,
                          (rgb & 255) / 255.0, a);
}

static void text_at(cairo_t *cr, double x, double y, const char *text, double size, gboolean centre)
{
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    cairo_move_to(cr, centre ? x - e.x_advance / 2 : x, y);
    cairo_show_text(cr, text);
}

/* The drawing areas paint their own dark panel, so they read alike in light and dark themes. */
static void panel(cairo_t *cr, double w, double h)
{
    double r = 6;
    cairo_new_sub_path(cr);
    cairo_arc(cr, w - r, r, r, -G_PI / 2, 0);
    cairo_arc(cr, w - r, h - r, r, 0, G_PI / 2);
    cairo_arc(cr, r, h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, r, r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
    set_rgb(cr, 0x1E1E22, 1);
    cairo_fill(cr);
}

/* Surface direction of hex angle @a in screen space (unit). */
static void angle_dir(guint8 a, double *dx, double *dy)
{
    double t = a * 2 * G_PI / 256.0;
    *dx = cos(t);
    *dy = sin(t);
}

/* Where to draw the surface normal from: the middle of the tile's surface pixels (solid pixels
 * with an open neighbour inside the tile), in mask pixel units. */
static gboolean surface_middle(const lw_mask *m, double *x, double *y)
{
    double sx = 0, sy = 0;
    int n = 0;
    for (int c = 0; c < 16; c++)
        for (int r = 0; r < 16; r++) {
            if (!lw_mask_pixel(m, c, r))
                continue;
            gboolean open =
                (r > 0 && !lw_mask_pixel(m, c, r - 1)) || (r < 15 && !lw_mask_pixel(m, c, r + 1)) ||
                (c > 0 && !lw_mask_pixel(m, c - 1, r)) || (c < 15 && !lw_mask_pixel(m, c + 1, r));
            if (open) {
                sx += c + 0.5;
                sy += r + 0.5;
                n++;
            }
        }
    if (n == 0)
        return FALSE;
    *x = sx / n;
    *y = sy / n;
    return TRUE;
}

/* The surface line and its outward normal at (@x, @y) (px), @len long. */
static void draw_normal(cairo_t *cr, double x, double y, guint8 a, double len, gboolean flagged)
{
    double dx, dy;
    angle_dir(a, &dx, &dy);
    cairo_save(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    /* the surface direction (positive ground speed), yellow */
    cairo_set_line_width(cr, len > 60 ? 3 : 2);
    set_rgb(cr, 0xFFD020, flagged ? 0.45 : 1);
    if (flagged) {
        double d[] = {5, 4};
        cairo_set_dash(cr, d, 2, 0);
    }
    cairo_move_to(cr, x - dx * len * 0.6, y - dy * len * 0.6);
    cairo_line_to(cr, x + dx * len * 0.6, y + dy * len * 0.6);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    /* the outward normal, blue, with a head */
    double nx = dy, ny = -dx;
    double ex = x + nx * len * 0.5, ey = y + ny * len * 0.5;
    set_rgb(cr, 0x50B0FF, flagged ? 0.45 : 1);
    cairo_move_to(cr, x, y);
    cairo_line_to(cr, ex, ey);
    cairo_stroke(cr);
    double h = len > 60 ? 9 : 5;
    cairo_move_to(cr, ex, ey);
    cairo_line_to(cr, ex - nx * h + dx * h * 0.6, ey - ny * h + dy * h * 0.6);
    cairo_line_to(cr, ex - nx * h - dx * h * 0.6, ey - ny * h - dy * h * 0.6);
    cairo_close_path(cr);
    cairo_fill(cr);
    cairo_restore(cr);
}

/* ---- the big grid ---- */

static void draw_grid(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorMaskEditor *self = user;
    const lw_level *l = doc_level(self);
    panel(cr, w, h);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    set_rgb(cr, 0x26262B, 1);
    cairo_rectangle(cr, OX, OY, GRID, GRID);
    cairo_fill(cr);
    if (self->tile < l->tile_count)
        editor_renderer_draw_tile(self->renderer, cr, self->tile, OX, OY, GRID, self->view_flips,
                                  -1);
    lw_mask m;
    gboolean have = view_mask(self, &m);
    if (have) {
        /* the solid pixels; the array of the view as bars */
        for (int c = 0; c < 16; c++)
            for (int r = 0; r < 16; r++)
                if (lw_mask_pixel(&m, c, r)) {
                    set_rgb(cr, self->widths_view ? 0x70D8FF : 0xFFFFFF, 0.42);
                    cairo_rectangle(cr, OX + c * CELL, OY + r * CELL, CELL, CELL);
                    cairo_fill(cr);
                }
        cairo_set_line_width(cr, 2);
        if (!self->widths_view) {
            /* each column's run as an outlined bar */
            for (int c = 0; c < 16; c++) {
                int v = m.heights[c];
                if (v == 0)
                    continue;
                int top = v > 0 ? 16 - v : 0, len = v > 0 ? v : -v;
                set_rgb(cr, v > 0 ? 0xF0F0F0 : 0xFFB060, 0.9);
                cairo_rectangle(cr, OX + c * CELL + 3, OY + top * CELL + 1, CELL - 6,
                                len * CELL - 2);
                cairo_stroke(cr);
            }
        } else {
            for (int r = 0; r < 16; r++) {
                int v = m.widths[r];
                if (v == 0)
                    continue;
                int left = v > 0 ? 16 - v : 0, len = v > 0 ? v : -v;
                set_rgb(cr, 0x70D8FF, 0.95);
                cairo_rectangle(cr, OX + left * CELL + 1, OY + r * CELL + 3, len * CELL - 2,
                                CELL - 6);
                cairo_stroke(cr);
            }
        }
    }
    /* pixel grid */
    cairo_set_line_width(cr, 1);
    set_rgb(cr, 0x000000, 0.35);
    for (int i = 0; i <= 16; i++) {
        cairo_move_to(cr, OX + i * CELL + 0.5, OY);
        cairo_line_to(cr, OX + i * CELL + 0.5, OY + GRID);
        cairo_move_to(cr, OX, OY + i * CELL + 0.5);
        cairo_line_to(cr, OX + GRID, OY + i * CELL + 0.5);
    }
    cairo_stroke(cr);
    set_rgb(cr, 0xFFFFFF, 0.25);
    cairo_rectangle(cr, OX - 0.5, OY - 0.5, GRID + 1, GRID + 1);
    cairo_stroke(cr);
    if (!have) {
        set_rgb(cr, 0xFFFFFF, 0.8);
        text_at(cr, OX + GRID / 2.0, OY + GRID / 2.0,
                self->tile < l->tile_count ? "no mask on this path" : "no tile", 15, TRUE);
        return;
    }
    /* the hovered column */
    if (self->hover_col >= 0 && self->hover_col < 16 && self->hover_row >= -1 &&
        self->hover_row <= 16) {
        set_rgb(cr, 0xFFD020, 0.9);
        cairo_set_line_width(cr, 2);
        cairo_rectangle(cr, OX + self->hover_col * CELL + 1, OY + 1, CELL - 2, GRID - 2);
        cairo_stroke(cr);
    }
    /* the surface normal */
    const lw_mask *stored = &l->masks[editor_mask_editor_get_mask(self)];
    double sx, sy;
    if (surface_middle(&m, &sx, &sy))
        draw_normal(cr, OX + sx * CELL, OY + sy * CELL, m.angle, 120,
                    stored->flags & LW_MASK_FLAGGED);

    /* heights below: numbers and bars */
    double by = OY + GRID + 6;
    for (int c = 0; c < 16; c++) {
        int v = m.heights[c];
        double x = OX + c * CELL;
        double bar = fabs((double)v) / 16.0 * 26;
        set_rgb(cr, v >= 0 ? 0xD8D8D8 : 0xFFB060, self->widths_view ? 0.4 : 0.85);
        if (v > 0)
            cairo_rectangle(cr, x + 5, by + 26 - bar, CELL - 10, bar);
        else if (v < 0)
            cairo_rectangle(cr, x + 5, by, CELL - 10, bar);
        cairo_fill(cr);
        char t[8];
        g_snprintf(t, sizeof t, "%d", v);
        set_rgb(cr, c == self->hover_col ? 0xFFD020 : 0xFFFFFF, self->widths_view ? 0.55 : 1);
        text_at(cr, x + CELL / 2.0, by + 42, t, 11, TRUE);
    }
    set_rgb(cr, 0xB0B0B0, 1);
    text_at(cr, OX, by + 56, "heights (per column; negative: from the top)", 10, FALSE);
    /* widths on the right */
    double bx = OX + GRID + 8;
    for (int r = 0; r < 16; r++) {
        int v = m.widths[r];
        double y = OY + r * CELL;
        double bar = fabs((double)v) / 16.0 * 48;
        set_rgb(cr, 0x70D8FF, self->widths_view ? 0.9 : 0.45);
        if (v > 0)
            cairo_rectangle(cr, bx + 48 - bar, y + 6, bar, CELL - 12);
        else if (v < 0)
            cairo_rectangle(cr, bx, y + 6, bar, CELL - 12);
        cairo_fill(cr);
        char t[8];
        g_snprintf(t, sizeof t, "%d", v);
        set_rgb(cr, 0xFFFFFF, self->widths_view ? 1 : 0.6);
        text_at(cr, bx + 54, y + CELL / 2.0 + 4, t, 11, FALSE);
    }
    set_rgb(cr, 0xB0B0B0, 1);
    cairo_save(cr);
    cairo_translate(cr, bx + STRIP_W - 12, OY + GRID);
    cairo_rotate(cr, -G_PI / 2);
    text_at(cr, 0, 0, "widths (per row; what wall sensors see)", 10, FALSE);
    cairo_restore(cr);
}

static void grid_cell(double x, double y, int *col, int *row)
{
    *col = (int)floor((x - OX) / CELL);
    *row = (int)floor((y - OY) / CELL);
}

static void grid_drag_begin(GtkGestureDrag *g, double x, double y, EditorMaskEditor *self)
{
    int col, row;
    grid_cell(x, y, &col, &row);
    if (col < 0 || col > 15 || row < -1 || row > 16)
        return;
    guint button = gtk_gesture_single_get_current_button(GTK_GESTURE_SINGLE(g));
    editor_mask_editor_press(self, col, row, button);
}

static void grid_drag_update(GtkGestureDrag *g, double dx, double dy, EditorMaskEditor *self)
{
    double x, y;
    gtk_gesture_drag_get_start_point(g, &x, &y);
    int col, row;
    grid_cell(x + dx, y + dy, &col, &row);
    self->hover_col = col;
    self->hover_row = row;
    editor_mask_editor_motion(self, col, row);
}

static void grid_drag_end(GtkGestureDrag *g, double dx, double dy, EditorMaskEditor *self)
{
    editor_mask_editor_release(self);
}

static void grid_motion(GtkEventControllerMotion *c, double x, double y, EditorMaskEditor *self)
{
    int col, row;
    grid_cell(x, y, &col, &row);
    if (col == self->hover_col && row == self->hover_row)
        return;
    self->hover_col = col;
    self->hover_row = row;
    lw_mask m;
    if (col >= 0 && col < 16 && row >= 0 && row < 16 && view_mask(self, &m)) {
        g_autofree char *t = g_strdup_printf(
            "column %d: height %d · row %d: width %d · drag: height %d from the bottom, "
            "right-drag: %d from the top",
            col, m.heights[col], row, m.widths[row], 16 - row, row + 1);
        gtk_label_set_text(self->hover_label, t);
    } else {
        gtk_label_set_text(self->hover_label, "Drag in a column to set its height from the "
                                              "bottom; right-drag from the top.");
    }
    gtk_widget_queue_draw(GTK_WIDGET(self->grid));
}

static void grid_leave(GtkEventControllerMotion *c, EditorMaskEditor *self)
{
    self->hover_col = self->hover_row = -10;
    gtk_widget_queue_draw(GTK_WIDGET(self->grid));
}

/* ---- the dial ---- */

static void draw_dial(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorMaskEditor *self = user;
    double cx = w / 2.0, cy = h / 2.0, r = MIN(w, h) / 2.0 - 18;
    panel(cr, w, h);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    set_rgb(cr, 0x26262B, 1);
    cairo_arc(cr, cx, cy, r, 0, 2 * G_PI);
    cairo_fill(cr);
    cairo_set_line_width(cr, 1);
    /* the four mode sectors' borders (the diagonals) and ticks every 0x10 */
    for (int a = 0; a < 256; a += 0x10) {
        double dx, dy;
        angle_dir((guint8)a, &dx, &dy);
        gboolean diag = (a & 0x3F) == 0x20, card = (a & 0x3F) == 0;
        set_rgb(cr, 0xFFFFFF, diag ? 0.35 : card ? 0.6 : 0.25);
        double in = diag ? 0 : card ? r - 12 : r - 6;
        cairo_move_to(cr, cx + dx * in, cy + dy * in);
        cairo_line_to(cr, cx + dx * r, cy + dy * r);
        cairo_stroke(cr);
        if (card) {
            char t[8];
            g_snprintf(t, sizeof t, "%02X", a);
            set_rgb(cr, 0xB0B0B0, 1);
            text_at(cr, cx + dx * (r + 9), cy + dy * (r + 9) + 4, t, 10, TRUE);
        }
    }
    lw_mask m;
    if (!view_mask(self, &m))
        return;
    const lw_mask *stored = &doc_level(self)->masks[editor_mask_editor_get_mask(self)];
    /* the solid side, shaded: a floor's solid is below its surface line */
    double dx, dy;
    angle_dir(m.angle, &dx, &dy);
    double t = atan2(dy, dx);
    set_rgb(cr, 0xB06830, 0.55);
    cairo_move_to(cr, cx, cy);
    cairo_arc(cr, cx, cy, r - 1, t, t + G_PI);
    cairo_close_path(cr);
    cairo_fill(cr);
    draw_normal(cr, cx, cy, m.angle, 2 * r - 10, stored->flags & LW_MASK_FLAGGED);
}

static void dial_set(EditorMaskEditor *self, double x, double y)
{
    int w = gtk_widget_get_width(GTK_WIDGET(self->dial)),
        h = gtk_widget_get_height(GTK_WIDGET(self->dial));
    double dx = x - w / 2.0, dy = y - h / 2.0;
    if (hypot(dx, dy) < 4)
        return;
    double hex = atan2(dy, dx) * 128.0 / G_PI;
    if (hex < 0)
        hex += 256;
    editor_mask_editor_set_view_angle(self, lwm_angle_round_even(hex), self->dial_stroke);
}

static void dial_drag_begin(GtkGestureDrag *g, double x, double y, EditorMaskEditor *self)
{
    self->dial_stroke = editor_command_new_stroke();
    dial_set(self, x, y);
}

static void dial_drag_update(GtkGestureDrag *g, double dx, double dy, EditorMaskEditor *self)
{
    double x, y;
    gtk_gesture_drag_get_start_point(g, &x, &y);
    dial_set(self, x + dx, y + dy);
}

/* ---- flip previews ---- */

static void draw_thumb(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorMaskEditor *self = user;
    guint8 flips = (guint8)GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(area), "flips"));
    static const char *const names[4] = {"as stored", "X flip", "Y flip", "XY flip"};
    double x0 = (w - THUMB) / 2.0, y0 = 18;
    panel(cr, w, h);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    set_rgb(cr, 0xB0B0B0, 1);
    text_at(cr, w / 2.0, 13, names[flips], 11, TRUE);
    set_rgb(cr, 0x26262B, 1);
    cairo_rectangle(cr, x0, y0, THUMB, THUMB);
    cairo_fill(cr);
    guint mi = editor_mask_editor_get_mask(self);
    if (mi == LW_NONE)
        return;
    const lw_mask *stored = &doc_level(self)->masks[mi];
    lw_mask m;
    lwm_mask_flip(stored, flips & LW_CELL_FLIP_X, flips & LW_CELL_FLIP_Y, &m);
    lw_mask_derive_widths(&m);
    double s = THUMB / 16.0;
    set_rgb(cr, 0xE8E8E8, 0.85);
    for (int c = 0; c < 16; c++)
        for (int r = 0; r < 16; r++)
            if (lw_mask_pixel(&m, c, r))
                cairo_rectangle(cr, x0 + c * s, y0 + r * s, s, s);
    cairo_fill(cr);
    double sx, sy;
    if (surface_middle(&m, &sx, &sy))
        draw_normal(cr, x0 + sx * s, y0 + sy * s, m.angle, 34, stored->flags & LW_MASK_FLAGGED);
    if (flips == self->view_flips) {
        set_rgb(cr, 0x50B0FF, 1);
        cairo_set_line_width(cr, 2);
        cairo_rectangle(cr, x0 - 2, y0 - 2, THUMB + 4, THUMB + 4);
        cairo_stroke(cr);
    }
    char t[48];
    if (stored->flags & LW_MASK_FLAGGED)
        g_snprintf(t, sizeof t, "FF (0x%02X)", m.angle);
    else
        g_snprintf(t, sizeof t, "0x%02X %.1f°", m.angle,
                   lw_angle_to_millidegrees(m.angle) / 1000.0);
    set_rgb(cr, (stored->flags & LW_MASK_FLAGGED) ? 0xFFA040 : 0xFFFFFF, 1);
    text_at(cr, w / 2.0, y0 + THUMB + 16, t, 11, TRUE);
    /* the two arrays as the engine reads them under this flip, as bars: heights up (from the
     * bottom) or down (from the top), widths right (from the right) or left */
    for (int k = 0; k < 2; k++) {
        const int8_t *v = k == 0 ? m.heights : m.widths;
        double base = y0 + THUMB + 40 + k * 20, bw = THUMB / 16.0;
        set_rgb(cr, 0x9A9A9A, 1);
        text_at(cr, x0 - 12, base + 3, k == 0 ? "h" : "w", 9, FALSE);
        set_rgb(cr, 0xFFFFFF, 0.15);
        cairo_rectangle(cr, x0, base, THUMB, 0.6);
        cairo_fill(cr);
        set_rgb(cr, k == 0 ? 0xD8D8D8 : 0x70D8FF, 0.9);
        for (int i = 0; i < 16; i++) {
            double len = v[i] / 16.0 * 8;
            cairo_rectangle(cr, x0 + i * bw + 0.5, len > 0 ? base - len : base, bw - 1, fabs(len));
        }
        cairo_fill(cr);
    }
}

static void thumb_pressed(GtkGestureClick *g, int n, double x, double y, EditorMaskEditor *self)
{
    GtkWidget *w = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(g));
    editor_mask_editor_set_view_flips(
        self, (guint8)GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(w), "flips")));
}

static void view_toggled(GtkToggleButton *b, EditorMaskEditor *self)
{
    if (self->updating || !gtk_toggle_button_get_active(b))
        return;
    editor_mask_editor_set_view_flips(
        self, (guint8)GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(b), "flips")));
}

/* ---- the probe ---- */

static void draw_probe(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorMaskEditor *self = user;
    static const char *const rows[4] = {"↓ floor", "→ right wall", "↑ ceiling", "← left wall"};
    static const char *const units[4] = {"column", "row", "column", "row"};
    panel(cr, w, h);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    for (int i = 0; i < 16; i++) {
        char t[4];
        g_snprintf(t, sizeof t, "%d", i);
        set_rgb(cr, 0x9A9A9A, 1);
        text_at(cr, PROBE_LABEL + i * PROBE_COL + PROBE_COL / 2.0, 12, t, 10, TRUE);
    }
    guint mi = editor_mask_editor_get_mask(self);
    if (mi == LW_NONE)
        return;
    EditorProbeHit hits[4][16];
    editor_mask_probe(&doc_level(self)->masks[mi], self->view_flips, self->probe_gap, hits);
    /* rows in mode order: floor, right wall, ceiling, left wall */
    static const int order[4] = {LW_DIR_DOWN, LW_DIR_RIGHT, LW_DIR_UP, LW_DIR_LEFT};
    for (int k = 0; k < 4; k++) {
        int d = order[k];
        double y = 18 + k * PROBE_ROW;
        set_rgb(cr, k % 2 ? 0x26262B : 0x2E2E34, 1);
        cairo_rectangle(cr, 4, y, PROBE_LABEL + 16 * PROBE_COL - 4, PROBE_ROW);
        cairo_fill(cr);
        set_rgb(cr, 0xFFFFFF, 1);
        text_at(cr, 10, y + 15, rows[k], 12, FALSE);
        set_rgb(cr, 0x9A9A9A, 1);
        g_autofree char *sub = g_strdup_printf("per %s", units[k]);
        text_at(cr, 10, y + 28, sub, 9, FALSE);
        for (int i = 0; i < 16; i++) {
            const EditorProbeHit *hit = &hits[d][i];
            double x = PROBE_LABEL + i * PROBE_COL + PROBE_COL / 2.0;
            char dist[8], ang[8];
            if (hit->surface)
                g_snprintf(dist, sizeof dist, "%d", hit->distance);
            else
                g_snprintf(dist, sizeof dist, "–");
            set_rgb(cr, hit->surface ? 0xFFFFFF : 0x808080, 1);
            text_at(cr, x, y + 15, dist, 12, TRUE);
            if (hit->surface) {
                g_snprintf(ang, sizeof ang, "%02X", hit->angle);
                set_rgb(cr, lw_angle_is_flagged(hit->angle) ? 0xFFA040 : 0xFFD020, 1);
                text_at(cr, x, y + 28, ang, 9, TRUE);
            }
        }
    }
}

static void gap_changed(GtkSpinButton *spin, EditorMaskEditor *self)
{
    self->probe_gap = gtk_spin_button_get_value_as_int(spin);
    gtk_widget_queue_draw(GTK_WIDGET(self->probe));
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

EditorMaskEditor *editor_mask_editor_new(GtkWindow *win, EditorDocument *doc,
                                         EditorRenderer *renderer, GActionGroup *actions)
{
    EditorMaskEditor *self =
        g_object_new(EDITOR_TYPE_MASK_EDITOR, "title", "Mask Editor", "transient-for", win,
                     "destroy-with-parent", TRUE, "hide-on-close", TRUE, "default-width", 1040,
                     "default-height", 930, NULL);
    self->renderer = renderer;
    self->doc = g_object_ref(doc);
    /* the application's accelerators (Ctrl+Z, the Masks shortcuts) work here too: they resolve
     * through the "win" and "doc" groups inserted below */
    gtk_window_set_application(GTK_WINDOW(self), gtk_window_get_application(win));
    gtk_widget_insert_action_group(GTK_WIDGET(self), "win", actions);
    gtk_widget_insert_action_group(GTK_WIDGET(self), "doc", editor_document_get_actions(self->doc));

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
    gtk_window_set_titlebar(GTK_WINDOW(self), header);

    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_set_margin_start(outer, 12);
    gtk_widget_set_margin_end(outer, 12);
    gtk_widget_set_margin_top(outer, 10);
    gtk_widget_set_margin_bottom(outer, 10);

    /* title and sharing */
    GtkWidget *title = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_add_css_class(title, "title-4");
    self->title_label = GTK_LABEL(title);
    gtk_box_append(GTK_BOX(outer), title);
    GtkWidget *share = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_add_css_class(share, "mask-share");
    GtkWidget *share_text = wrap_label(&self->share_label);
    gtk_widget_set_hexpand(share_text, TRUE);
    gtk_box_append(GTK_BOX(share), share_text);
    self->share_button =
        action_button("Make Unique", "win.mask-make-unique",
                      "Give this tile its own copy of the mask (Ctrl+Shift+U)", FALSE);
    gtk_box_append(GTK_BOX(share), self->share_button);
    gtk_box_append(GTK_BOX(outer), share);

    GtkWidget *main = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 16);
    /* left: the grid and its view controls */
    GtkWidget *left = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    self->grid = GTK_DRAWING_AREA(gtk_drawing_area_new());
    gtk_drawing_area_set_content_width(self->grid, OX + GRID + 8 + STRIP_W);
    gtk_drawing_area_set_content_height(self->grid, OY + GRID + STRIP_H + 8);
    gtk_drawing_area_set_draw_func(self->grid, draw_grid, self, NULL);
    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), 0);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(grid_drag_begin), self);
    g_signal_connect(drag, "drag-update", G_CALLBACK(grid_drag_update), self);
    g_signal_connect(drag, "drag-end", G_CALLBACK(grid_drag_end), self);
    gtk_widget_add_controller(GTK_WIDGET(self->grid), GTK_EVENT_CONTROLLER(drag));
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "motion", G_CALLBACK(grid_motion), self);
    g_signal_connect(motion, "leave", G_CALLBACK(grid_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self->grid), motion);
    gtk_box_append(GTK_BOX(left), GTK_WIDGET(self->grid));
    GtkWidget *hover = wrap_label(&self->hover_label);
    gtk_widget_add_css_class(hover, "dim-label");
    gtk_label_set_text(self->hover_label,
                       "Drag in a column to set its height from the bottom; right-drag from the "
                       "top.");
    gtk_widget_set_size_request(hover, OX + GRID + STRIP_W, -1);
    gtk_box_append(GTK_BOX(left), hover);
    GtkWidget *views = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(views, "linked");
    static const char *const view_names[4] = {"As stored", "X flip", "Y flip", "XY flip"};
    for (int i = 0; i < 4; i++) {
        GtkWidget *b = gtk_toggle_button_new_with_label(view_names[i]);
        g_object_set_data(G_OBJECT(b), "flips", GUINT_TO_POINTER((guint)i));
        if (i)
            gtk_toggle_button_set_group(GTK_TOGGLE_BUTTON(b), self->view_buttons[0]);
        g_signal_connect(b, "toggled", G_CALLBACK(view_toggled), self);
        gtk_widget_set_tooltip_text(b, "Show, edit and probe the mask as a cell with these flips "
                                       "reads it");
        self->view_buttons[i] = GTK_TOGGLE_BUTTON(b);
        gtk_box_append(GTK_BOX(views), b);
    }
    GtkWidget *view_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_box_append(GTK_BOX(view_row), views);
    gtk_box_append(GTK_BOX(view_row),
                   action_button("Widths", "win.mask-widths",
                                 "Show the width runs wall sensors read (Ctrl+Shift+W)", TRUE));
    gtk_box_append(GTK_BOX(left), view_row);
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
    gtk_box_append(GTK_BOX(left), edit_row);
    gtk_box_append(GTK_BOX(main), left);

    /* right: angle and flips */
    GtkWidget *right = gtk_box_new(GTK_ORIENTATION_VERTICAL, 14);
    gtk_widget_set_hexpand(right, TRUE);
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
    gtk_widget_set_hexpand(deg, TRUE);
    gtk_box_append(GTK_BOX(angle_row), deg);
    gtk_box_append(GTK_BOX(angle), angle_row);
    GtkWidget *dial_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    self->dial = GTK_DRAWING_AREA(gtk_drawing_area_new());
    gtk_drawing_area_set_content_width(self->dial, 170);
    gtk_drawing_area_set_content_height(self->dial, 170);
    gtk_drawing_area_set_draw_func(self->dial, draw_dial, self, NULL);
    gtk_widget_set_tooltip_text(GTK_WIDGET(self->dial),
                                "Drag to set the surface direction (yellow: where positive ground "
                                "speed goes; blue: the normal; brown: the solid side)");
    GtkGesture *dd = gtk_gesture_drag_new();
    g_signal_connect(dd, "drag-begin", G_CALLBACK(dial_drag_begin), self);
    g_signal_connect(dd, "drag-update", G_CALLBACK(dial_drag_update), self);
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
    gtk_widget_set_size_request(lock, 160, -1);
    gtk_box_append(GTK_BOX(buttons), lock);
    gtk_box_append(GTK_BOX(dial_row), buttons);
    gtk_box_append(GTK_BOX(angle), dial_row);
    gtk_box_append(GTK_BOX(right), section("Angle", angle));

    GtkWidget *thumbs = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    for (int i = 0; i < 4; i++) {
        GtkDrawingArea *a = GTK_DRAWING_AREA(gtk_drawing_area_new());
        gtk_drawing_area_set_content_width(a, 112);
        gtk_drawing_area_set_content_height(a, 18 + THUMB + 72);
        g_object_set_data(G_OBJECT(a), "flips", GUINT_TO_POINTER((guint)i));
        gtk_drawing_area_set_draw_func(a, draw_thumb, self, NULL);
        GtkGesture *click = gtk_gesture_click_new();
        g_signal_connect(click, "pressed", G_CALLBACK(thumb_pressed), self);
        gtk_widget_add_controller(GTK_WIDGET(a), GTK_EVENT_CONTROLLER(click));
        gtk_widget_set_tooltip_text(GTK_WIDGET(a), "The mask, angle, heights (h) and widths (w) "
                                                   "as a cell with this flip reads them; click "
                                                   "to view it large");
        self->thumbs[i] = a;
        gtk_box_append(GTK_BOX(thumbs), GTK_WIDGET(a));
    }
    gtk_box_append(GTK_BOX(right), section("Flips", thumbs));
    gtk_box_append(GTK_BOX(main), right);
    gtk_box_append(GTK_BOX(outer), main);

    /* the probe */
    GtkWidget *probe = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    GtkWidget *probe_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_box_append(GTK_BOX(probe_row), gtk_label_new("Anchor"));
    self->gap_spin = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(1, 16, 1));
    gtk_spin_button_set_value(self->gap_spin, 1);
    g_signal_connect(self->gap_spin, "value-changed", G_CALLBACK(gap_changed), self);
    gtk_box_append(GTK_BOX(probe_row), GTK_WIDGET(self->gap_spin));
    GtkWidget *probe_help = gtk_label_new(
        "px outside the tile (1: the pixel next to it). Each cell: the distance the engine's "
        "ground sensor (lw_sensor_cast, top-solid bit) returns in that mode, and the angle it "
        "reads; – : nothing within two blocks. Close by, the originals read a run anchored at the "
        "tile's far side as nothing (PHYSICS.md §3.3): try 16.");
    gtk_label_set_wrap(GTK_LABEL(probe_help), TRUE);
    gtk_label_set_xalign(GTK_LABEL(probe_help), 0);
    gtk_widget_set_hexpand(probe_help, TRUE);
    gtk_widget_add_css_class(probe_help, "dim-label");
    gtk_box_append(GTK_BOX(probe_row), probe_help);
    gtk_box_append(GTK_BOX(probe), probe_row);
    self->probe = GTK_DRAWING_AREA(gtk_drawing_area_new());
    gtk_drawing_area_set_content_width(self->probe, PROBE_LABEL + 16 * PROBE_COL + 6);
    gtk_drawing_area_set_content_height(self->probe, 18 + 4 * PROBE_ROW + 6);
    gtk_drawing_area_set_draw_func(self->probe, draw_probe, self, NULL);
    gtk_widget_set_halign(GTK_WIDGET(self->probe), GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(probe), GTK_WIDGET(self->probe));
    gtk_box_append(GTK_BOX(outer), section("Sensor probe", probe));

    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), outer);
    gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(scroller), TRUE);
    gtk_window_set_child(GTK_WINDOW(self), scroller);

    g_signal_connect_object(self->doc, "changed", G_CALLBACK(on_doc_changed), self,
                            G_CONNECT_SWAPPED);
    update_widgets(self);
    return self;
}
