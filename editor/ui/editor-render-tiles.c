/* SPDX-License-Identifier: MIT */
/* Single tiles and art cells for the palettes, the properties panel and dialogs (see
 * editor-render-private.h). */
#define G_LOG_DOMAIN "editor-render"

#include "doc/editor-document.h"
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
