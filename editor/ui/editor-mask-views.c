/* SPDX-License-Identifier: MIT */
/* The mask editor's views: the big grid, the angle dial, the flip previews and the probe — drawing
 * and pointer input (see editor-mask-editor-state.h). */
#define G_LOG_DOMAIN "editor-mask-editor"

#include "doc/editor-commands-mask.h"
#include "doc/mask-ops.h"
#include "editor-mask-editor-state.h"
#include "editor-mask-editor.h"

#include <loopwright-masks/masks.h>
#include <loopwright/fixed.h>
#include <loopwright/sensor.h>
#include <math.h>

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

/* The grid's place in the drawing area at its current size: the mapping drawing and pointer
 * share (editor-mask-editor-grid.h). */
EditorMaskGrid editor_mask_editor_grid_geometry(EditorMaskEditor *self)
{
    GtkWidget *w = GTK_WIDGET(self->grid);
    return editor_mask_grid_layout(gtk_widget_get_width(w), gtk_widget_get_height(w));
}

/* The solid pixels and each column's (or, in the widths view, each row's) run as a bar. */
static void draw_grid_mask(EditorMaskEditor *self, cairo_t *cr, const EditorMaskGrid *g,
                           const lw_mask *m)
{
    const double cell = g->cell;
    for (int c = 0; c < 16; c++)
        for (int r = 0; r < 16; r++)
            if (lw_mask_pixel(m, c, r)) {
                set_rgb(cr, self->widths_view ? 0x70D8FF : 0xFFFFFF, 0.42);
                cairo_rectangle(cr, editor_mask_grid_col_x(g, c), editor_mask_grid_row_y(g, r),
                                cell, cell);
                cairo_fill(cr);
            }
    cairo_set_line_width(cr, 2);
    const double inset = cell > 18 ? 3 : 2;
    for (int i = 0; i < 16; i++) {
        int v = self->widths_view ? m->widths[i] : m->heights[i];
        if (v == 0)
            continue;
        int from = v > 0 ? 16 - v : 0, len = v > 0 ? v : -v;
        if (self->widths_view) {
            set_rgb(cr, 0x70D8FF, 0.95);
            cairo_rectangle(cr, editor_mask_grid_col_x(g, from) + 1,
                            editor_mask_grid_row_y(g, i) + inset, len * cell - 2, cell - 2 * inset);
        } else {
            set_rgb(cr, v > 0 ? 0xF0F0F0 : 0xFFB060, 0.9);
            cairo_rectangle(cr, editor_mask_grid_col_x(g, i) + inset,
                            editor_mask_grid_row_y(g, from) + 1, cell - 2 * inset, len * cell - 2);
        }
        cairo_stroke(cr);
    }
}

/* The heights below the grid and the widths on its right: numbers and bars. */
static void draw_grid_strips(EditorMaskEditor *self, cairo_t *cr, const EditorMaskGrid *g,
                             const lw_mask *m)
{
    const double cell = g->cell, side = editor_mask_grid_side(g);
    const double font = MIN(11.0, cell * 0.6);
    double by = g->y + side + 6;
    for (int c = 0; c < 16; c++) {
        int v = m->heights[c];
        double x = editor_mask_grid_col_x(g, c);
        double bar = fabs((double)v) / 16.0 * 26;
        set_rgb(cr, v >= 0 ? 0xD8D8D8 : 0xFFB060, self->widths_view ? 0.4 : 0.85);
        if (v > 0)
            cairo_rectangle(cr, x + cell * 0.22, by + 26 - bar, cell * 0.56, bar);
        else if (v < 0)
            cairo_rectangle(cr, x + cell * 0.22, by, cell * 0.56, bar);
        cairo_fill(cr);
        char t[8];
        g_snprintf(t, sizeof t, "%d", v);
        set_rgb(cr, c == self->hover_col ? 0xFFD020 : 0xFFFFFF, self->widths_view ? 0.55 : 1);
        text_at(cr, x + cell / 2.0, by + 42, t, font, TRUE);
    }
    set_rgb(cr, 0xB0B0B0, 1);
    text_at(cr, g->x, by + 56, "heights (per column; negative: from the top)", 10, FALSE);
    double bx = g->x + side + EDITOR_MASK_GRID_GAP;
    for (int r = 0; r < 16; r++) {
        int v = m->widths[r];
        double y = editor_mask_grid_row_y(g, r);
        double bar = fabs((double)v) / 16.0 * 48;
        set_rgb(cr, 0x70D8FF, self->widths_view ? 0.9 : 0.45);
        if (v > 0)
            cairo_rectangle(cr, bx + 48 - bar, y + cell * 0.27, bar, cell * 0.46);
        else if (v < 0)
            cairo_rectangle(cr, bx, y + cell * 0.27, bar, cell * 0.46);
        cairo_fill(cr);
        char t[8];
        g_snprintf(t, sizeof t, "%d", v);
        set_rgb(cr, 0xFFFFFF, self->widths_view ? 1 : 0.6);
        text_at(cr, bx + 54, y + cell / 2.0 + font * 0.36, t, font, FALSE);
    }
    set_rgb(cr, 0xB0B0B0, 1);
    cairo_save(cr);
    cairo_translate(cr, bx + EDITOR_MASK_GRID_STRIP_W - 12, g->y + side);
    cairo_rotate(cr, -G_PI / 2);
    text_at(cr, 0, 0, "widths (per row; what wall sensors see)", 10, FALSE);
    cairo_restore(cr);
}

void editor_mask_editor_draw_grid(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorMaskEditor *self = user;
    const lw_level *l = editor_mask_editor_doc_level(self);
    const EditorMaskGrid g = editor_mask_grid_layout(w, h);
    const double side = editor_mask_grid_side(&g);
    panel(cr, w, h);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    set_rgb(cr, 0x26262B, 1);
    cairo_rectangle(cr, g.x, g.y, side, side);
    cairo_fill(cr);
    if (self->tile < l->tile_count)
        editor_renderer_draw_tile(self->renderer, cr, self->tile, g.x, g.y, side, self->view_flips,
                                  -1);
    lw_mask m;
    gboolean have = editor_mask_editor_view_mask(self, &m);
    if (have)
        draw_grid_mask(self, cr, &g, &m);
    /* pixel grid */
    cairo_set_line_width(cr, 1);
    set_rgb(cr, 0x000000, 0.35);
    for (int i = 0; i <= 16; i++) {
        cairo_move_to(cr, editor_mask_grid_col_x(&g, i) + 0.5, g.y);
        cairo_line_to(cr, editor_mask_grid_col_x(&g, i) + 0.5, g.y + side);
        cairo_move_to(cr, g.x, editor_mask_grid_row_y(&g, i) + 0.5);
        cairo_line_to(cr, g.x + side, editor_mask_grid_row_y(&g, i) + 0.5);
    }
    cairo_stroke(cr);
    set_rgb(cr, 0xFFFFFF, 0.25);
    cairo_rectangle(cr, g.x - 0.5, g.y - 0.5, side + 1, side + 1);
    cairo_stroke(cr);
    if (!have) {
        set_rgb(cr, 0xFFFFFF, 0.8);
        text_at(cr, g.x + side / 2.0, g.y + side / 2.0,
                self->tile < l->tile_count ? "no mask on this path" : "no tile", 15, TRUE);
        return;
    }
    /* the hovered column */
    if (self->hover_col >= 0 && self->hover_col < 16 && self->hover_row >= -1 &&
        self->hover_row <= 16) {
        set_rgb(cr, 0xFFD020, 0.9);
        cairo_set_line_width(cr, 2);
        cairo_rectangle(cr, editor_mask_grid_col_x(&g, self->hover_col) + 1, g.y + 1, g.cell - 2,
                        side - 2);
        cairo_stroke(cr);
    }
    /* the surface normal */
    const lw_mask *stored = &l->masks[editor_mask_editor_get_mask(self)];
    double sx, sy;
    if (surface_middle(&m, &sx, &sy))
        draw_normal(cr, editor_mask_grid_col_x(&g, sx), editor_mask_grid_row_y(&g, sy), m.angle,
                    side / 3, stored->flags & LW_MASK_FLAGGED);
    draw_grid_strips(self, cr, &g, &m);
}

/* The mask pixel under (@x, @y) of the grid's drawing area. */
static void grid_cell(EditorMaskEditor *self, double x, double y, int *col, int *row)
{
    const EditorMaskGrid g = editor_mask_editor_grid_geometry(self);
    editor_mask_grid_cell_at(&g, x, y, col, row);
}

void editor_mask_editor_grid_drag_begin(GtkGestureDrag *g, double x, double y,
                                        EditorMaskEditor *self)
{
    int col, row;
    grid_cell(self, x, y, &col, &row);
    self->drag_x = x;
    self->drag_y = y;
    if (col < 0 || col > 15 || row < -1 || row > 16)
        return;
    guint button = gtk_gesture_single_get_current_button(GTK_GESTURE_SINGLE(g));
    editor_mask_editor_press(self, col, row, button);
}

void editor_mask_editor_grid_drag_update(GtkGestureDrag *g, double dx, double dy,
                                         EditorMaskEditor *self)
{
    int col, row;
    grid_cell(self, self->drag_x + dx, self->drag_y + dy, &col, &row);
    self->hover_col = col;
    self->hover_row = row;
    editor_mask_editor_motion(self, col, row);
}

void editor_mask_editor_grid_drag_end(GtkGestureDrag *g, double dx, double dy,
                                      EditorMaskEditor *self)
{
    editor_mask_editor_release(self);
}

void editor_mask_editor_grid_motion(GtkEventControllerMotion *c, double x, double y,
                                    EditorMaskEditor *self)
{
    int col, row;
    grid_cell(self, x, y, &col, &row);
    if (col == self->hover_col && row == self->hover_row)
        return;
    self->hover_col = col;
    self->hover_row = row;
    lw_mask m;
    if (col >= 0 && col < 16 && row >= 0 && row < 16 && editor_mask_editor_view_mask(self, &m)) {
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

void editor_mask_editor_grid_leave(GtkEventControllerMotion *c, EditorMaskEditor *self)
{
    self->hover_col = self->hover_row = -10;
    gtk_widget_queue_draw(GTK_WIDGET(self->grid));
}

/* ---- the dial ---- */

void editor_mask_editor_draw_dial(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
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
    if (!editor_mask_editor_view_mask(self, &m))
        return;
    const lw_mask *stored =
        &editor_mask_editor_doc_level(self)->masks[editor_mask_editor_get_mask(self)];
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

void editor_mask_editor_dial_drag_begin(GtkGestureDrag *g, double x, double y,
                                        EditorMaskEditor *self)
{
    self->dial_stroke = editor_command_new_stroke();
    dial_set(self, x, y);
}

void editor_mask_editor_dial_drag_update(GtkGestureDrag *g, double dx, double dy,
                                         EditorMaskEditor *self)
{
    double x, y;
    gtk_gesture_drag_get_start_point(g, &x, &y);
    dial_set(self, x + dx, y + dy);
}

/* ---- flip previews ---- */

void editor_mask_editor_draw_thumb(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
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
    const lw_mask *stored = &editor_mask_editor_doc_level(self)->masks[mi];
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
        text_at(cr, x0 - 8, base + 3, k == 0 ? "h" : "w", 9, FALSE);
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

void editor_mask_editor_thumb_pressed(GtkGestureClick *g, int n, double x, double y,
                                      EditorMaskEditor *self)
{
    GtkWidget *w = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(g));
    editor_mask_editor_set_view_flips(
        self, (guint8)GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(w), "flips")));
}

void editor_mask_editor_view_toggled(GtkToggleButton *b, EditorMaskEditor *self)
{
    if (self->updating || !gtk_toggle_button_get_active(b))
        return;
    editor_mask_editor_set_view_flips(
        self, (guint8)GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(b), "flips")));
}

/* ---- the probe ---- */

void editor_mask_editor_draw_probe(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorMaskEditor *self = user;
    static const char *const rows[4] = {"↓ floor", "→ right wall", "↑ ceiling", "← left wall"};
    static const char *const units[4] = {"column", "row", "column", "row"};
    const double col = CLAMP((w - PROBE_LABEL - 6) / 16, PROBE_COL_MIN, PROBE_COL_MAX);
    panel(cr, PROBE_LABEL + 16 * col + 6, h);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    for (int i = 0; i < 16; i++) {
        char t[4];
        g_snprintf(t, sizeof t, "%d", i);
        set_rgb(cr, 0x9A9A9A, 1);
        text_at(cr, PROBE_LABEL + i * col + col / 2.0, 12, t, 10, TRUE);
    }
    guint mi = editor_mask_editor_get_mask(self);
    if (mi == LW_NONE)
        return;
    EditorProbeHit hits[4][16];
    editor_mask_probe(&editor_mask_editor_doc_level(self)->masks[mi], self->view_flips,
                      self->probe_gap, hits);
    /* rows in mode order: floor, right wall, ceiling, left wall */
    static const int order[4] = {LW_DIR_DOWN, LW_DIR_RIGHT, LW_DIR_UP, LW_DIR_LEFT};
    for (int k = 0; k < 4; k++) {
        int d = order[k];
        double y = 18 + k * PROBE_ROW;
        set_rgb(cr, k % 2 ? 0x26262B : 0x2E2E34, 1);
        cairo_rectangle(cr, 4, y, PROBE_LABEL + 16 * col - 4, PROBE_ROW);
        cairo_fill(cr);
        set_rgb(cr, 0xFFFFFF, 1);
        text_at(cr, 10, y + 15, rows[k], 12, FALSE);
        set_rgb(cr, 0x9A9A9A, 1);
        g_autofree char *sub = g_strdup_printf("per %s", units[k]);
        text_at(cr, 10, y + 28, sub, 9, FALSE);
        for (int i = 0; i < 16; i++) {
            const EditorProbeHit *hit = &hits[d][i];
            double x = PROBE_LABEL + i * col + col / 2.0;
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

void editor_mask_editor_gap_changed(GtkSpinButton *spin, EditorMaskEditor *self)
{
    self->probe_gap = gtk_spin_button_get_value_as_int(spin);
    gtk_widget_queue_draw(GTK_WIDGET(self->probe));
}
