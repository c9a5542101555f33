/* SPDX-License-Identifier: MIT */
/* Single tiles and art cells for the palettes, the properties panel and dialogs (see
 * editor-render-private.h). */
#define G_LOG_DOMAIN "editor-render"

#include "doc/editor-document.h"
#include "editor-render-objects.h"
#include "editor-render-private.h"
#include "editor-render.h"

#include <loopwright-masks/image.h>
#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

/* ---- palettes ---- */

/* Paint the 16x16 surface @s (then freed) at (@x, @y), @size px square, pixels kept sharp. */
static void paint_tile_surface(cairo_t *cr, cairo_surface_t *s, double x, double y, double size)
{
    cairo_surface_mark_dirty(s);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, size / 16, size / 16);
    cairo_set_source_surface(cr, s, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_destroy(s);
}

void editor_renderer_draw_art_cell(EditorRenderer *self, cairo_t *cr, guint cell, double x,
                                   double y, double size)
{
    lw_tile t = {.art = (uint16_t)cell, .mask = {LW_NONE, LW_NONE}};
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16);
    cairo_surface_flush(s);
    if (cell < self->art_cells)
        editor_render_blit_art(self, (uint32_t *)cairo_image_surface_get_data(s),
                               cairo_image_surface_get_stride(s) / 4, 0, 0, &t, 0);
    paint_tile_surface(cr, s, x, y, size);
}

void editor_renderer_draw_tile(EditorRenderer *self, cairo_t *cr, guint tile, double x, double y,
                               double size, guint8 flip_flags, int mask_path)
{
    const lw_level *l = self->level;
    if (!l || tile >= l->tile_count)
        return;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16);
    cairo_surface_flush(s);
    uint32_t *data = (uint32_t *)cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s) / 4;
    editor_render_blit_art(self, data, stride, 0, 0, &l->tiles[tile], flip_flags);
    if (mask_path >= 0) {
        uint16_t m = l->tiles[tile].mask[mask_path];
        if (m != LW_NONE && m < l->mask_count) {
            lw_solidity sol =
                (l->tiles[tile].flags & LW_TILE_JUMP_THROUGH) ? LW_SOLID_TOP : LW_SOLID_ALL;
            uint32_t c = editor_render_solidity_argb(sol);
            for (int r = 0; r < 16; r++)
                for (int cc = 0; cc < 16; cc++) {
                    int sc = (flip_flags & LW_CELL_FLIP_X) ? 15 - cc : cc;
                    int sr = (flip_flags & LW_CELL_FLIP_Y) ? 15 - r : r;
                    if (!lw_mask_pixel(&l->masks[m], sc, sr))
                        continue;
                    /* blend the overlay over the art (both premultiplied) */
                    uint32_t d = data[r * stride + cc], a = c >> 24, ia = 255 - a, out = 0;
                    for (int sh = 0; sh < 32; sh += 8) {
                        uint32_t v = ((c >> sh) & 255) + ((d >> sh) & 255) * ia / 255;
                        out |= MIN(v, 255u) << sh;
                    }
                    data[r * stride + cc] = out;
                }
        }
    }
    paint_tile_surface(cr, s, x, y, size);
}

/* ---- loop table marks ---- */

void editor_renderer_draw_loop_marks(EditorRenderer *self, cairo_t *cr, double view_x,
                                     double view_y, double zoom)
{
    const lw_level *l = self->level;
    if (!l || !l->loop_chunk_count || zoom <= 0 || !l->layout[LW_LAYER_FG])
        return;
    double cx0, cy0, cx1, cy1, px = l->chunk_px;
    cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
    int sx0 = MAX(0, (int)floor((view_x + cx0 / zoom) / px));
    int sy0 = MAX(0, (int)floor((view_y + cy0 / zoom) / px));
    int sx1 = MIN((int)l->layout_width, (int)ceil((view_x + cx1 / zoom) / px));
    int sy1 = MIN((int)l->layout_height, (int)ceil((view_y + cy1 / zoom) / px));
    cairo_save(cr);
    static const double dash[] = {6, 4};
    for (int y = sy0; y < sy1; y++)
        for (int x = sx0; x < sx1; x++) {
            uint16_t id = l->layout[LW_LAYER_FG][(size_t)y * l->layout_width + (size_t)x];
            const lw_loop_chunk *e = id == LW_NONE ? NULL : lw_level_loop_chunk(l, id);
            if (!e)
                continue;
            /* orange: a loop rule, cyan: a tunnel, yellow: path B only */
            double r = 1, g = 0.85, b = 0.2;
            if (e->rule == LW_LOOP_LOOP || e->rule == LW_LOOP_GROUNDED)
                g = 0.55, b = 0.1;
            else if (e->rule == LW_LOOP_TUNNEL)
                r = 0.3, g = 0.9, b = 1;
            double wx = (x * px - view_x) * zoom, wy = (y * px - view_y) * zoom, size = px * zoom;
            cairo_set_source_rgb(cr, r, g, b);
            cairo_set_line_width(cr, zoom >= 0.3 ? 2 : 1);
            cairo_set_dash(cr, dash, zoom >= 0.3 ? 2 : 0, 0);
            cairo_rectangle(cr, wx + 3, wy + 3, MAX(size - 6, 1), MAX(size - 6, 1));
            cairo_stroke(cr);
            if (zoom < 0.3)
                continue; /* too small for labels (minimap, far zoom) */
            char text[64];
            const char *rule = e->rule == LW_LOOP_NONE ? NULL : lw_loop_rule_name(e->rule);
            if (e->path_b != LW_NONE)
                g_snprintf(text, sizeof text, "%s%spath B: chunk %u", rule ? rule : "",
                           rule ? ", " : "", e->path_b);
            else
                g_snprintf(text, sizeof text, "%s", rule ? rule : "loop table");
            editor_render_label(cr, wx + 8, wy + 18, text, 11);
        }
    cairo_restore(cr);
}
