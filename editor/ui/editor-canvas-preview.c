/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-canvas"

#include "editor-canvas-preview.h"

#include "doc/editor-commands.h"
#include "doc/mask-ops.h"

#include <loopwright/fixed.h>
#include <math.h>

void editor_canvas_stroke_rect(cairo_t *cr, double x, double y, double w, double h, double r,
                               double g, double b, gboolean dashed)
{
    cairo_save(cr);
    cairo_set_line_width(cr, 2);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
    cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1, h - 1);
    cairo_stroke(cr);
    if (dashed) {
        double d[] = {6, 4};
        cairo_set_dash(cr, d, 2, 0);
    }
    cairo_set_source_rgb(cr, r, g, b);
    cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1, h - 1);
    cairo_stroke(cr);
    cairo_restore(cr);
}

/* The slope tool's line while it is dragged: the cells it crosses, the line, its angle. */
static void draw_slope_preview(cairo_t *cr, const lw_level *l, const EditorTools *t, guint8 angle,
                               double vx, double vy, double z)
{
    double x0 = t->start_x + 0.5, y0 = t->start_y + 0.5, x1 = t->last_x + 0.5, y1 = t->last_y + 0.5;
    GArray *cells = editor_line_cells(l, x0, y0, x1, y1);
    cairo_save(cr);
    cairo_set_line_width(cr, 1);
    cairo_set_source_rgba(cr, 1, 0.85, 0.2, 0.8);
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        cairo_rectangle(cr, round(((v & 0xFFFFu) * 16.0 - vx) * z) + 0.5,
                        round(((v >> 16) * 16.0 - vy) * z) + 0.5, round(16 * z) - 1,
                        round(16 * z) - 1);
    }
    cairo_stroke(cr);
    g_array_unref(cells);
    double ax = (x0 - vx) * z, ay = (y0 - vy) * z, bx = (x1 - vx) * z, by = (y1 - vy) * z;
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_width(cr, 5);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
    cairo_move_to(cr, ax, ay);
    cairo_line_to(cr, bx, by);
    cairo_stroke(cr);
    cairo_set_line_width(cr, 2.5);
    cairo_set_source_rgb(cr, 1, 0.85, 0.2);
    cairo_move_to(cr, ax, ay);
    cairo_line_to(cr, bx, by);
    cairo_stroke(cr);
    if (hypot(x1 - x0, y1 - y0) >= 4) {
        guint8 a = angle;
        char text[64];
        g_snprintf(text, sizeof text, "0x%02X  %.1f°%s", a, lw_angle_to_millidegrees(a) / 1000.0,
                   t->slope_masks ? "  masks" : "");
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        cairo_set_font_size(cr, 13);
        cairo_text_extents_t ext;
        cairo_text_extents(cr, text, &ext);
        double lx = bx + 12, ly = by - 12;
        cairo_set_source_rgba(cr, 0, 0, 0, 0.75);
        cairo_rectangle(cr, lx - 4, ly - ext.height - 5, ext.x_advance + 8, ext.height + 10);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 0.85, 0.2);
        cairo_move_to(cr, lx, ly);
        cairo_show_text(cr, text);
    }
    cairo_restore(cr);
}

/* Chunk @c drawn translucent over the slot at widget (@px, @py); LW_NONE (erase, or a chunk this
 * level lacks): a tint. */
static void draw_ghost_chunk(cairo_t *cr, EditorRenderer *renderer, uint16_t c, double px,
                             double py, int cpx, double z, gboolean erase)
{
    cairo_save(cr);
    cairo_rectangle(cr, px, py, cpx * z, cpx * z);
    cairo_clip(cr);
    if (c != LW_NONE) {
        cairo_translate(cr, px, py);
        cairo_scale(cr, z, z);
        cairo_set_source_surface(cr, editor_renderer_get_chunk_surface(renderer, c), 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
        cairo_paint_with_alpha(cr, 0.75);
    } else if (erase) {
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.12, 0.55);
        cairo_paint(cr);
    } else {
        cairo_set_source_rgba(cr, 0.4, 0.9, 1, 0.3);
        cairo_paint(cr);
    }
    cairo_restore(cr);
}

/* The rectangle tool's drag: the slots it will fill, with the brush chunk, framed. */
static void draw_rect_preview(cairo_t *cr, EditorRenderer *renderer, const lw_level *l,
                              const EditorTools *t, double vx, double vy, double z)
{
    int cpx = l->chunk_px;
    GArray *edits = editor_tools_preview_layout(t);
    for (guint k = 0; edits && k < edits->len; k++) {
        const EditorLayoutEdit *e = &g_array_index(edits, EditorLayoutEdit, k);
        draw_ghost_chunk(cr, renderer, e->chunk, (e->x * (double)cpx - vx) * z,
                         (e->y * (double)cpx - vy) * z, cpx, z, TRUE);
    }
    if (edits)
        g_array_unref(edits);
    if (t->preview.w > 0)
        editor_canvas_stroke_rect(cr, (t->preview.x * (double)cpx - vx) * z,
                                  (t->preview.y * (double)cpx - vy) * z, t->preview.w * cpx * z,
                                  t->preview.h * cpx * z, 1, 1, 1, TRUE);
}

/* The masks a slope line or the loop preset would give its cells: each cell's solid pixels on
 * path A (yellow; path B in blue where only B is set), a red tint where a cell loses its mask. */
static void draw_paints(cairo_t *cr, const lw_level *l, GArray *paints, double vx, double vy,
                        double z)
{
    cairo_save(cr);
    for (guint k = 0; k < paints->len; k++) {
        const EditorCellPaint *p = &g_array_index(paints, EditorCellPaint, k);
        double x = (p->slot_x * (double)l->chunk_px + (p->index % l->chunk_cells) * 16.0 - vx) * z;
        double y = (p->slot_y * (double)l->chunk_px + (p->index / l->chunk_cells) * 16.0 - vy) * z;
        int path = (p->paths & 1) ? 0 : 1;
        if (!p->has_mask[path]) {
            cairo_set_source_rgba(cr, 1, 0.2, 0.2, 0.3);
            cairo_rectangle(cr, x, y, 16 * z, 16 * z);
            cairo_fill(cr);
            continue;
        }
        if (path == 0)
            cairo_set_source_rgba(cr, 1, 0.85, 0.2, 0.55);
        else
            cairo_set_source_rgba(cr, 0.3, 0.7, 1, 0.55);
        for (int c = 0; c < 16; c++) {
            int h = p->mask[path].heights[c];
            if (h > 0)
                cairo_rectangle(cr, x + c * z, y + (16 - h) * z, z, h * z);
            else if (h < 0)
                cairo_rectangle(cr, x + c * z, y, z, -h * z);
        }
        cairo_fill(cr);
    }
    cairo_restore(cr);
}

/* The floating paste: the block's chunks (when this level has them), framed. */
static void draw_paste(cairo_t *cr, EditorRenderer *renderer, const lw_level *l,
                       const EditorTools *t, double vx, double vy, double z)
{
    int cpx = l->chunk_px;
    guint pw = editor_clip_get_width(t->paste_clip), ph = editor_clip_get_height(t->paste_clip);
    for (guint j = 0; j < ph; j++)
        for (guint i = 0; i < pw; i++) {
            if (!editor_clip_slot_filled(t->paste_clip, i, j))
                continue;
            draw_ghost_chunk(cr, renderer, editor_clip_preview_chunk(t->paste_clip, l, i, j),
                             ((t->paste_x + (double)i) * cpx - vx) * z,
                             ((t->paste_y + (double)j) * cpx - vy) * z, cpx, z, FALSE);
        }
    editor_canvas_stroke_rect(cr, (t->paste_x * (double)cpx - vx) * z,
                              (t->paste_y * (double)cpx - vy) * z, pw * cpx * z, ph * cpx * z, 1,
                              0.85, 0.2, TRUE);
}

void editor_canvas_draw_previews(cairo_t *cr, EditorRenderer *renderer, const lw_level *l,
                                 const EditorTools *t, double vx, double vy, double z)
{
    draw_rect_preview(cr, renderer, l, t, vx, vy, z);
    guint8 angle = 0;
    GArray *paints = editor_tools_preview_paints(t, &angle);
    if (paints) {
        draw_paints(cr, l, paints, vx, vy, z);
        g_array_unref(paints);
    }
    if (t->kind == EDITOR_TOOL_SLOPE && t->dragging)
        draw_slope_preview(cr, l, t, angle, vx, vy, z);
    if (t->paste_clip)
        draw_paste(cr, renderer, l, t, vx, vy, z);
}
