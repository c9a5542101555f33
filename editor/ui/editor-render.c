/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-render"

#include "editor-render.h"

#include "doc/editor-document.h"
#include "doc/level-json.h"
#include "doc/real-path.h"
#include "editor-render-objects.h"
#include "editor-render-private.h"

#include <loopwright-masks/image.h>
#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- colours ---- */

void editor_renderer_solidity_color(lw_solidity solidity, double rgba[4])
{
    uint32_t c = solidity == LW_SOLID_ALL   ? LWM_COLOR_SOLID_ALL
                 : solidity == LW_SOLID_TOP ? LWM_COLOR_SOLID_TOP
                                            : LWM_COLOR_SOLID_LRB;
    rgba[0] = (c >> 24 & 255) / 255.0;
    rgba[1] = (c >> 16 & 255) / 255.0;
    rgba[2] = (c >> 8 & 255) / 255.0;
    rgba[3] = 0.72;
}

/* premultiplied ARGB32 of an 0xRRGGBB colour at alpha @a (0..255) */
static uint32_t argb(uint32_t rgb, uint32_t a)
{
    uint32_t r = (rgb >> 16 & 255) * a / 255, g = (rgb >> 8 & 255) * a / 255,
             b = (rgb & 255) * a / 255;
    return a << 24 | r << 16 | g << 8 | b;
}

uint32_t editor_render_solidity_argb(lw_solidity s)
{
    uint32_t c = s == LW_SOLID_ALL   ? LWM_COLOR_SOLID_ALL
                 : s == LW_SOLID_TOP ? LWM_COLOR_SOLID_TOP
                                     : LWM_COLOR_SOLID_LRB;
    return argb(c >> 8, 150);
}

/* ---- lifetime ---- */

static void drop_mips(EditorRenderer *self)
{
    for (int k = 0; k < N_KINDS; k++)
        for (int m = 0; m < N_MIPS; m++) {
            g_clear_pointer(&self->mips[k][m].surface, cairo_surface_destroy);
            g_clear_pointer(&self->mips[k][m].dirty, g_free);
            self->mips[k][m].any_dirty = FALSE;
        }
}

void editor_renderer_invalidate_all(EditorRenderer *self)
{
    for (int k = 0; k < N_KINDS; k++)
        for (guint c = 0; c < LW_MAX_CHUNKS; c++)
            g_clear_pointer(&self->chunks[k][c], cairo_surface_destroy);
    drop_mips(self);
    if (self->level) {
        self->opaque = self->level->layout[LW_LAYER_BG] == NULL;
        self->background_rgb = self->level->background_rgb;
    }
}

EditorRenderer *editor_renderer_new(const lw_level *level)
{
    EditorRenderer *self = g_new0(EditorRenderer, 1);
    editor_renderer_set_level(self, level);
    return self;
}

void editor_renderer_free(EditorRenderer *self)
{
    if (!self)
        return;
    self->level = NULL;
    editor_renderer_invalidate_all(self);
    lwm_image_clear(&self->art);
    lwm_image_clear(&self->water_art);
    editor_object_sprites_free(self->sprites);
    g_free(self->sprites_path);
    g_free(self);
}

void editor_renderer_set_level_file(EditorRenderer *self, const char *path)
{
    if (g_strcmp0(path, self->sprites_path) == 0)
        return;
    g_clear_pointer(&self->sprites, editor_object_sprites_free);
    g_free(self->sprites_path);
    self->sprites_path = g_strdup(path);
    self->sprites_tried = FALSE;
}

void editor_renderer_set_level(EditorRenderer *self, const lw_level *level)
{
    self->level = level;
    editor_object_sprites_set_level(self->sprites, level); /* what their code reads */
    editor_renderer_invalidate_all(self);
}

static void drop_water_art(EditorRenderer *self)
{
    lwm_image_clear(&self->water_art);
    self->water_cols = self->water_cells = 0;
}

gboolean editor_renderer_load_tileset(EditorRenderer *self, const char *png_path, GError **error)
{
    lwm_image_clear(&self->art);
    drop_water_art(self);
    self->art_cols = self->art_cells = 0;
    editor_renderer_invalidate_all(self);
    if (!png_path)
        return TRUE;
    lw_error err;
    if (!lwm_image_load_png(png_path, &self->art, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, (gint)err.code, "%s: %s", png_path, err.message);
        return FALSE;
    }
    self->art_cols = self->art.width / LW_TILE_PX;
    self->art_cells = self->art_cols * (self->art.height / LW_TILE_PX);
    return TRUE;
}

gboolean editor_renderer_load_document_tileset(EditorRenderer *self, EditorDocument *doc,
                                               GError **error)
{
    g_autofree char *png = editor_document_dup_tileset_path(doc);
    if (!png)
        return editor_renderer_load_tileset(self, NULL, error);
    lwm_image_clear(&self->art);
    self->art_cols = self->art_cells = 0;
    editor_renderer_invalidate_all(self);
    drop_water_art(self);
    if (!editor_document_load_art(doc, &self->art, error))
        return FALSE;
    self->art_cols = self->art.width / LW_TILE_PX;
    self->art_cells = self->art_cols * (self->art.height / LW_TILE_PX);
    /* the water tileset (docs/DISASM.md §8.1), read with the tileset's rules; one that cannot be
     * read leaves the tinted water */
    const char *path = editor_document_get_path(doc);
    char *wet = NULL;
    lw_error err;
    if (path && editor_level_find_water_tileset(path, false, &wet, &err) && wet &&
        editor_tileset_load(path, wet, false, &self->water_art, &err)) {
        self->water_cols = self->water_art.width / LW_TILE_PX;
        self->water_cells = self->water_cols * (self->water_art.height / LW_TILE_PX);
    }
    free(wet);
    return TRUE;
}

gboolean editor_renderer_has_water_art(EditorRenderer *self)
{
    return self->water_cells > 0;
}

void editor_renderer_set_mip_budget(EditorRenderer *self, guint slots)
{
    self->mip_budget = slots;
    self->mip_pending = FALSE;
}

gboolean editor_renderer_get_mip_pending(EditorRenderer *self)
{
    return self->mip_pending;
}

guint editor_renderer_get_art_cell_count(EditorRenderer *self)
{
    return self->art_cells;
}

guint editor_renderer_get_art_columns(EditorRenderer *self)
{
    return self->art_cols;
}

const lwm_image *editor_renderer_get_art(EditorRenderer *self)
{
    return &self->art;
}

/* Mark every level-mip slot that shows @chunk (or all slots) dirty. */
static void mark_slots(EditorRenderer *self, int kind_lo, int kind_hi, gint chunk, gint x0, gint y0,
                       gint x1, gint y1)
{
    const lw_level *l = self->level;
    for (int k = kind_lo; k <= kind_hi; k++)
        for (int m = 1; m < N_MIPS; m++) {
            LevelMip *mip = &self->mips[k][m];
            if (!mip->surface)
                continue;
            for (gint y = MAX(y0, 0); y < MIN(y1, (gint)l->layout_height); y++)
                for (gint x = MAX(x0, 0); x < MIN(x1, (gint)l->layout_width); x++) {
                    size_t i = (size_t)y * l->layout_width + (size_t)x;
                    if (chunk >= 0 && l->layout[0][i] != chunk &&
                        !(l->layout[1] && l->layout[1][i] == chunk))
                        continue;
                    mip->dirty[i] = 1;
                    mip->any_dirty = TRUE;
                }
        }
}

void editor_renderer_invalidate(EditorRenderer *self, const EditorChange *change)
{
    const lw_level *l = self->level;
    if (!l)
        return;
    if (change->flags & ~(guint)(EDITOR_CHANGE_OBJECTS | EDITOR_CHANGE_PROPERTIES))
        editor_object_sprites_set_level(self->sprites, l); /* the terrain some sprites read */
    gboolean opaque = l->layout[LW_LAYER_BG] == NULL;
    if ((change->flags & EDITOR_CHANGE_EVERYTHING) || opaque != self->opaque ||
        l->background_rgb != self->background_rgb || l->layout_width != self->mip_w ||
        l->layout_height != self->mip_h || l->chunk_px != self->mip_chunk_px) {
        editor_renderer_invalidate_all(self);
        return;
    }
    if (change->flags & EDITOR_CHANGE_MASKS) {
        /* masks only show in the collision kinds: drop those */
        for (int k = KIND_COLL_A; k < N_KINDS; k++)
            for (guint c = 0; c < LW_MAX_CHUNKS; c++)
                g_clear_pointer(&self->chunks[k][c], cairo_surface_destroy);
        mark_slots(self, KIND_COLL_A, N_KINDS - 1, -1, 0, 0, l->layout_width, l->layout_height);
    }
    if (change->flags & EDITOR_CHANGE_TILES) {
        /* chunks that use a changed tile */
        guint per = lw_level_cells_per_chunk(l);
        for (guint c = 0; c < l->chunk_count; c++) {
            const lw_cell *cells = lw_level_chunk_cells(l, c);
            for (guint i = 0; i < per; i++)
                if (cells[i].tile != LW_NONE && editor_change_has_tile(change, cells[i].tile)) {
                    for (int k = 0; k < N_KINDS; k++)
                        g_clear_pointer(&self->chunks[k][c], cairo_surface_destroy);
                    mark_slots(self, 0, N_KINDS - 1, (gint)c, 0, 0, l->layout_width,
                               l->layout_height);
                    break;
                }
        }
    }
    if (change->flags & (EDITOR_CHANGE_CHUNKS | EDITOR_CHANGE_COUNTS)) {
        for (guint c = 0; c < LW_MAX_CHUNKS; c++) {
            if (!editor_change_has_chunk(change, c))
                continue;
            for (int k = 0; k < N_KINDS; k++)
                g_clear_pointer(&self->chunks[k][c], cairo_surface_destroy);
            if (c < l->chunk_count)
                mark_slots(self, 0, N_KINDS - 1, (gint)c, 0, 0, l->layout_width, l->layout_height);
        }
    }
    if (change->flags & EDITOR_CHANGE_LAYOUT)
        mark_slots(self, 0, N_KINDS - 1, -1, change->layout_x0, change->layout_y0,
                   change->layout_x1, change->layout_y1);
}

/* ---- chunk surfaces ---- */

/* editor_render_blit_art from the water tileset when @wet and it has the tile's cell. */
static void blit_art_from(EditorRenderer *self, gboolean wet, uint32_t *dst, int stride_px, int x,
                          int y, const lw_tile *tile, uint8_t flips)
{
    wet = wet && tile->art != LW_NONE && tile->art < self->water_cells;
    const lwm_image *art = wet ? &self->water_art : &self->art;
    guint cols = wet ? self->water_cols : self->art_cols;
    if (tile->art == LW_NONE || tile->art >= self->art_cells) {
        /* no art: show the path A shape in grey so collision-only tiles are visible */
        if (tile->mask[0] == LW_NONE || tile->mask[0] >= self->level->mask_count)
            return;
        const lw_mask *m = &self->level->masks[tile->mask[0]];
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                int sc = (flips & LW_CELL_FLIP_X) ? 15 - c : c;
                int sr = (flips & LW_CELL_FLIP_Y) ? 15 - r : r;
                if (lw_mask_pixel(m, sc, sr))
                    dst[(y + r) * stride_px + x + c] = 0xFF808080u;
            }
        return;
    }
    uint32_t sx = (tile->art % cols) * 16u, sy = (tile->art / cols) * 16u;
    for (int r = 0; r < 16; r++) {
        int rr = (flips & LW_CELL_FLIP_Y) ? 15 - r : r;
        const uint8_t *row = lwm_image_pixel(art, sx, sy + (uint32_t)rr);
        uint32_t *out = dst + (y + r) * stride_px + x;
        for (int c = 0; c < 16; c++) {
            int cc = (flips & LW_CELL_FLIP_X) ? 15 - c : c;
            const uint8_t *p = row + cc * 4;
            if (p[3] >= 128)
                out[c] = 0xFF000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
    }
}

void editor_render_blit_art(EditorRenderer *self, uint32_t *dst, int stride_px, int x, int y,
                            const lw_tile *tile, uint8_t flips)
{
    blit_art_from(self, FALSE, dst, stride_px, x, y, tile, flips);
}

static void render_art(EditorRenderer *self, guint chunk, gboolean wet, uint32_t *data,
                       int stride_px)
{
    const lw_level *l = self->level;
    guint n = l->chunk_cells;
    const lw_cell *cells = lw_level_chunk_cells(l, chunk);
    for (guint i = 0; i < n * n; i++) {
        if (cells[i].tile == LW_NONE || cells[i].tile >= l->tile_count)
            continue;
        blit_art_from(self, wet, data, stride_px, (int)(i % n) * 16, (int)(i / n) * 16,
                      &l->tiles[cells[i].tile], cells[i].flags);
    }
}

static void render_collision(EditorRenderer *self, guint chunk, lw_path path, uint32_t *data,
                             int stride_px)
{
    const lw_level *l = self->level;
    guint n = l->chunk_cells;
    const lw_cell *cells = lw_level_chunk_cells(l, chunk);
    for (guint i = 0; i < n * n; i++) {
        const lw_cell *cell = &cells[i];
        if (cell->tile == LW_NONE || cell->tile >= l->tile_count)
            continue;
        const lw_tile *tile = &l->tiles[cell->tile];
        if (tile->mask[path] == LW_NONE || tile->mask[path] >= l->mask_count)
            continue;
        unsigned solid = lw_cell_solidity(cell, path);
        if (tile->flags & LW_TILE_JUMP_THROUGH)
            solid &= LW_SOLID_TOP;
        if (!solid)
            continue;
        uint32_t color = editor_render_solidity_argb((lw_solidity)solid);
        const lw_mask *m = &l->masks[tile->mask[path]];
        int x = (int)(i % n) * 16, y = (int)(i / n) * 16;
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                int sc = (cell->flags & LW_CELL_FLIP_X) ? 15 - c : c;
                int sr = (cell->flags & LW_CELL_FLIP_Y) ? 15 - r : r;
                if (lw_mask_pixel(m, sc, sr))
                    data[(y + r) * stride_px + x + c] = color;
            }
    }
}

static void render_angles(EditorRenderer *self, guint chunk, lw_path path, cairo_surface_t *s)
{
    const lw_level *l = self->level;
    guint n = l->chunk_cells;
    const lw_cell *cells = lw_level_chunk_cells(l, chunk);
    cairo_t *cr = cairo_create(s);
    cairo_set_line_width(cr, 1.5);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (guint i = 0; i < n * n; i++) {
        const lw_cell *cell = &cells[i];
        if (cell->tile == LW_NONE || cell->tile >= l->tile_count)
            continue;
        const lw_tile *tile = &l->tiles[cell->tile];
        if (tile->mask[path] == LW_NONE || tile->mask[path] >= l->mask_count ||
            !lw_cell_solidity(cell, path))
            continue;
        const lw_mask *m = &l->masks[tile->mask[path]];
        double cx = (i % n) * 16 + 8, cy = (i / n) * 16 + 8;
        if (m->flags & LW_MASK_FLAGGED) {
            cairo_set_source_rgba(cr, 1, 0.82, 0.13, 0.9);
            cairo_arc(cr, cx, cy, 1.5, 0, 2 * G_PI);
            cairo_fill(cr);
            continue;
        }
        lw_angle a =
            lw_angle_flip(m->angle, cell->flags & LW_CELL_FLIP_X, cell->flags & LW_CELL_FLIP_Y);
        int32_t dx, dy;
        lwm_angle_direction(a, &dx, &dy);
        double ux = dx / 256.0, uy = dy / 256.0;
        cairo_set_source_rgba(cr, 0, 0, 0, 0.6);
        cairo_set_line_width(cr, 3);
        cairo_move_to(cr, cx - ux * 6, cy - uy * 6);
        cairo_line_to(cr, cx + ux * 6, cy + uy * 6);
        cairo_stroke(cr);
        cairo_set_source_rgba(cr, 1, 0.82, 0.13, 1);
        cairo_set_line_width(cr, 1.5);
        cairo_move_to(cr, cx - ux * 6, cy - uy * 6);
        cairo_line_to(cr, cx + ux * 6, cy + uy * 6);
        /* the normal points out of the surface (up for a floor) */
        cairo_move_to(cr, cx, cy);
        cairo_line_to(cr, cx + uy * 4, cy - ux * 4);
        cairo_stroke(cr);
    }
    cairo_destroy(cr);
}

static cairo_surface_t *chunk_surface(EditorRenderer *self, int kind, guint chunk)
{
    if (chunk >= self->level->chunk_count)
        return NULL;
    if (self->chunks[kind][chunk])
        return self->chunks[kind][chunk];
    int px = self->level->chunk_px;
    gboolean opaque = (kind == KIND_ART || kind == KIND_WATER_ART) && self->opaque;
    cairo_surface_t *s =
        cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, px, px);
    cairo_surface_flush(s);
    uint32_t *data = (uint32_t *)cairo_image_surface_get_data(s);
    int stride_px = cairo_image_surface_get_stride(s) / 4;
    uint32_t fill = opaque ? 0xFF000000u | self->background_rgb : 0;
    for (int y = 0; y < px; y++)
        for (int x = 0; x < px; x++)
            data[y * stride_px + x] = fill;
    switch (kind) {
    case KIND_ART:
    case KIND_WATER_ART:
        render_art(self, chunk, kind == KIND_WATER_ART, data, stride_px);
        cairo_surface_mark_dirty(s);
        break;
    case KIND_COLL_A:
    case KIND_COLL_B:
        render_collision(self, chunk, kind == KIND_COLL_A ? LW_PATH_A : LW_PATH_B, data, stride_px);
        cairo_surface_mark_dirty(s);
        break;
    case KIND_ANG_A:
    case KIND_ANG_B:
        cairo_surface_mark_dirty(s);
        render_angles(self, chunk, kind == KIND_ANG_A ? LW_PATH_A : LW_PATH_B, s);
        break;
    default:
        break;
    }
    self->chunks[kind][chunk] = s;
    return s;
}

cairo_surface_t *editor_renderer_get_chunk_surface(EditorRenderer *self, guint chunk)
{
    return chunk_surface(self, KIND_ART, chunk);
}

/* ---- level mips ---- */

/* Average @f x @f blocks of @src (ARGB32 premultiplied, or RGB24) into @dst at (dx, dy). */
static void downsample(const uint32_t *src, int src_stride_px, int w, int h, int f, uint32_t *dst,
                       int dst_stride_px, int dx, int dy)
{
    int n = f * f;
    for (int y = 0; y < h / f; y++)
        for (int x = 0; x < w / f; x++) {
            uint32_t a = 0, r = 0, g = 0, b = 0;
            for (int j = 0; j < f; j++) {
                const uint32_t *row = src + (y * f + j) * src_stride_px + x * f;
                for (int i = 0; i < f; i++) {
                    uint32_t p = row[i];
                    a += p >> 24;
                    r += p >> 16 & 255;
                    g += p >> 8 & 255;
                    b += p & 255;
                }
            }
            dst[(dy + y) * dst_stride_px + dx + x] = (a / (uint32_t)n) << 24 |
                                                     (r / (uint32_t)n) << 16 |
                                                     (g / (uint32_t)n) << 8 | (b / (uint32_t)n);
        }
}

/* Redraw one layout slot of a level mip. */
static void update_mip_slot(EditorRenderer *self, int kind, int m, guint sx, guint sy,
                            cairo_surface_t *scratch)
{
    const lw_level *l = self->level;
    LevelMip *mip = &self->mips[kind][m];
    int px = l->chunk_px;
    size_t i = (size_t)sy * l->layout_width + sx;
    uint16_t fg = l->layout[LW_LAYER_FG][i];
    uint16_t bg = l->layout[LW_LAYER_BG] ? l->layout[LW_LAYER_BG][i] : (uint16_t)LW_NONE;
    cairo_t *cr = cairo_create(scratch);
    gboolean art = kind == KIND_ART || kind == KIND_WATER_ART;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    if (art)
        cairo_set_source_rgb(cr, (self->background_rgb >> 16 & 255) / 255.0,
                             (self->background_rgb >> 8 & 255) / 255.0,
                             (self->background_rgb & 255) / 255.0);
    else
        cairo_set_source_rgba(cr, 0, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    if (art && bg != LW_NONE) {
        cairo_set_source_surface(cr, chunk_surface(self, kind, bg), 0, 0);
        cairo_paint(cr);
    }
    if (fg != LW_NONE) {
        cairo_set_source_surface(cr, chunk_surface(self, kind, fg), 0, 0);
        cairo_paint(cr);
    }
    cairo_destroy(cr);
    cairo_surface_flush(scratch);
    cairo_surface_flush(mip->surface);
    int f = 1 << m;
    downsample((const uint32_t *)cairo_image_surface_get_data(scratch),
               cairo_image_surface_get_stride(scratch) / 4, px, px, f,
               (uint32_t *)cairo_image_surface_get_data(mip->surface),
               cairo_image_surface_get_stride(mip->surface) / 4, (int)sx * px / f,
               (int)sy * px / f);
    cairo_surface_mark_dirty(mip->surface);
    mip->dirty[i] = 0;
}

static cairo_surface_t *level_mip(EditorRenderer *self, int kind, int m, guint x0, guint y0,
                                  guint x1, guint y1)
{
    const lw_level *l = self->level;
    LevelMip *mip = &self->mips[kind][m];
    int px = l->chunk_px;
    if (!mip->surface) {
        self->mip_w = l->layout_width;
        self->mip_h = l->layout_height;
        self->mip_chunk_px = l->chunk_px;
        mip->surface = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, (int)l->layout_width * px >> m, (int)l->layout_height * px >> m);
        cairo_surface_set_device_scale(mip->surface, 1.0 / (1 << m), 1.0 / (1 << m));
        mip->dirty = g_malloc((size_t)l->layout_width * l->layout_height);
        memset(mip->dirty, 1, (size_t)l->layout_width * l->layout_height);
        mip->any_dirty = TRUE;
    }
    if (!mip->any_dirty)
        return mip->surface;
    /* Bring the visible slots up to date now (within the budget); the rest stay dirty until
     * they are seen. */
    cairo_surface_t *scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, px, px);
    gboolean left = FALSE;
    guint done = 0;
    for (guint y = 0; y < l->layout_height; y++)
        for (guint x = 0; x < l->layout_width; x++) {
            size_t i = (size_t)y * l->layout_width + x;
            if (!mip->dirty[i])
                continue;
            if (x >= x0 && x < x1 && y >= y0 && y < y1 &&
                (self->mip_budget == 0 || done < self->mip_budget)) {
                update_mip_slot(self, kind, m, x, y, scratch);
                done++;
            } else {
                left = TRUE;
                if (x >= x0 && x < x1 && y >= y0 && y < y1)
                    self->mip_pending = TRUE;
            }
        }
    mip->any_dirty = left;
    cairo_surface_destroy(scratch);
    return mip->surface;
}

/* ---- views ---- */

static void draw_grids(EditorRenderer *self, cairo_t *cr, double view_x, double view_y, double zoom,
                       int width, int height, guint overlays)
{
    const lw_level *l = self->level;
    double lw_px = lw_level_width_px(l), lh_px = lw_level_height_px(l);
    double x_end = MIN(view_x + width / zoom, lw_px), y_end = MIN(view_y + height / zoom, lh_px);
    cairo_save(cr);
    cairo_set_line_width(cr, 1);
    for (int pass = 0; pass < 2; pass++) {
        double step;
        if (pass == 0) {
            if (!(overlays & EDITOR_OVERLAY_TILE_GRID) || zoom * 16 < 6)
                continue;
            step = 16;
            cairo_set_source_rgba(cr, 0, 0, 0, 0.18);
        } else {
            if (!(overlays & EDITOR_OVERLAY_CHUNK_GRID))
                continue;
            step = l->chunk_px;
            cairo_set_source_rgba(cr, 1, 1, 1, 0.45);
        }
        /* 1 px lines on pixel centres, as 1 px wide rectangles filled at once: the same pixels
         * as stroking them (crossings covered once), through cairo's rectangle fast path */
        double x = floor(MAX(view_x, 0) / step) * step;
        double top = MAX(0, -view_y * zoom), bottom = (y_end - view_y) * zoom;
        double left = MAX(0, -view_x * zoom), right = (x_end - view_x) * zoom;
        for (; x <= x_end; x += step) {
            double sx = round((x - view_x) * zoom);
            cairo_rectangle(cr, sx, top, 1, bottom - top);
        }
        double y = floor(MAX(view_y, 0) / step) * step;
        for (; y <= y_end; y += step) {
            double sy = round((y - view_y) * zoom);
            cairo_rectangle(cr, left, sy, right - left, 1);
        }
        cairo_fill(cr);
    }
    cairo_restore(cr);
}

/*
 * The hot path of a repaint at 1:1 (docs/BENCHMARKS.md, "Editor"): opaque chunk art copied row
 * by row straight into an image-surface target, instead of ~135 cairo fills each building a
 * pattern, a path and a clip. Only when the target is a 32-bit image surface, the transform a
 * whole-pixel translation and the clip a rectangle; otherwise (HiDPI, a recording surface, a
 * rotated context) FALSE, and cairo draws as before. Empty slots get the background colour.
 */
static gboolean copy_view_direct(EditorRenderer *self, cairo_t *cr, int kind, int sx0, int sy0,
                                 int sx1, int sy1)
{
    cairo_surface_t *target = cairo_get_target(cr);
    if (cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE)
        return FALSE;
    cairo_format_t fmt = cairo_image_surface_get_format(target);
    if (fmt != CAIRO_FORMAT_RGB24 && fmt != CAIRO_FORMAT_ARGB32)
        return FALSE;
    cairo_matrix_t mx;
    cairo_get_matrix(cr, &mx);
    double dx = 0, dy = 0;
    cairo_surface_get_device_offset(target, &dx, &dy);
    double sx = 1, sy = 1;
    cairo_surface_get_device_scale(target, &sx, &sy);
    if (mx.xx != 1 || mx.yy != 1 || mx.xy != 0 || mx.yx != 0 || sx != 1 || sy != 1)
        return FALSE;
    double ox = mx.x0 + dx, oy = mx.y0 + dy; /* device position of level pixel (0, 0) */
    if (ox != floor(ox) || oy != floor(oy))
        return FALSE;
    cairo_rectangle_list_t *clips = cairo_copy_clip_rectangle_list(cr);
    if (clips->status != CAIRO_STATUS_SUCCESS || clips->num_rectangles != 1) {
        cairo_rectangle_list_destroy(clips);
        return FALSE;
    }
    /* the clip in device pixels, within the target */
    cairo_rectangle_t c = clips->rectangles[0];
    cairo_rectangle_list_destroy(clips);
    double cx0 = c.x + ox, cy0 = c.y + oy, cx1 = cx0 + c.width, cy1 = cy0 + c.height;
    if (cx0 != floor(cx0) || cy0 != floor(cy0) || cx1 != floor(cx1) || cy1 != floor(cy1))
        return FALSE;
    int tw = cairo_image_surface_get_width(target), th = cairo_image_surface_get_height(target);
    int clip_x0 = MAX(0, (int)cx0), clip_y0 = MAX(0, (int)cy0);
    int clip_x1 = MIN(tw, (int)cx1), clip_y1 = MIN(th, (int)cy1);
    if (clip_x0 >= clip_x1 || clip_y0 >= clip_y1)
        return TRUE;
    const lw_level *l = self->level;
    int px = l->chunk_px, ix = (int)ox, iy = (int)oy;
    cairo_surface_flush(target);
    unsigned char *tdata = cairo_image_surface_get_data(target);
    int tstride = cairo_image_surface_get_stride(target);
    uint32_t bg = 0xFF000000u | self->background_rgb;
    for (int y = sy0; y < sy1; y++)
        for (int x = sx0; x < sx1; x++) {
            int x0 = MAX(clip_x0, ix + x * px), x1 = MIN(clip_x1, ix + (x + 1) * px);
            int y0 = MAX(clip_y0, iy + y * px), y1 = MIN(clip_y1, iy + (y + 1) * px);
            if (x0 >= x1 || y0 >= y1)
                continue;
            uint16_t id = l->layout[LW_LAYER_FG][(size_t)y * l->layout_width + (size_t)x];
            cairo_surface_t *cs =
                (id == LW_NONE || id >= l->chunk_count) ? NULL : chunk_surface(self, kind, id);
            if (!cs) {
                for (int r = y0; r < y1; r++) {
                    uint32_t *d = (uint32_t *)(tdata + (size_t)r * tstride) + x0;
                    for (int k = 0; k < x1 - x0; k++)
                        d[k] = bg;
                }
                continue;
            }
            const unsigned char *sdata = cairo_image_surface_get_data(cs);
            int sstride = cairo_image_surface_get_stride(cs);
            int ux = x0 - (ix + x * px), uy = y0 - (iy + y * px);
            for (int r = 0; r < y1 - y0; r++)
                memcpy(tdata + (size_t)(y0 + r) * tstride + (size_t)x0 * 4,
                       sdata + (size_t)(uy + r) * sstride + (size_t)ux * 4, (size_t)(x1 - x0) * 4);
        }
    cairo_surface_mark_dirty_rectangle(target, clip_x0, clip_y0, clip_x1 - clip_x0,
                                       clip_y1 - clip_y0);
    return TRUE;
}

/* One kind of surface (art, water art, collision, angles) over the visible slots [sx0, sx1) x
 * [sy0, sy1) at level mip @m, in level pixels. */
static void draw_kind(EditorRenderer *self, cairo_t *cr, int kind, int m, cairo_filter_t filter,
                      int sx0, int sy0, int sx1, int sy1)
{
    const lw_level *l = self->level;
    int px = l->chunk_px;
    gboolean art = kind == KIND_ART || kind == KIND_WATER_ART;
    if (m > 0 && sx1 > sx0 && sy1 > sy0) {
        /* zoomed out: one blit from the whole-level mip */
        cairo_surface_t *mip =
            level_mip(self, kind, m, (guint)sx0, (guint)sy0, (guint)sx1, (guint)sy1);
        cairo_set_source_surface(cr, mip, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), filter);
        cairo_set_operator(cr, art ? CAIRO_OPERATOR_SOURCE : CAIRO_OPERATOR_OVER);
        cairo_rectangle(cr, sx0 * px, sy0 * px, (sx1 - sx0) * px, (sy1 - sy0) * px);
        cairo_fill(cr);
        return;
    }
    if (art && self->opaque && copy_view_direct(self, cr, kind, sx0, sy0, sx1, sy1))
        return;
    if (art && !self->opaque) {
        /* background colour, then the background layer, then the foreground */
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_rgb(cr, (self->background_rgb >> 16 & 255) / 255.0,
                             (self->background_rgb >> 8 & 255) / 255.0,
                             (self->background_rgb & 255) / 255.0);
        cairo_paint(cr);
    }
    for (int layer = (art && !self->opaque) ? LW_LAYER_BG : LW_LAYER_FG; layer >= 0; layer--) {
        if (!l->layout[layer])
            continue;
        for (int y = sy0; y < sy1; y++)
            for (int x = sx0; x < sx1; x++) {
                uint16_t id = l->layout[layer][(size_t)y * l->layout_width + (size_t)x];
                if (id == LW_NONE || id >= l->chunk_count) {
                    if (art && self->opaque) {
                        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
                        cairo_set_source_rgb(cr, (self->background_rgb >> 16 & 255) / 255.0,
                                             (self->background_rgb >> 8 & 255) / 255.0,
                                             (self->background_rgb & 255) / 255.0);
                        cairo_rectangle(cr, x * px, y * px, px, px);
                        cairo_fill(cr);
                    }
                    continue;
                }
                cairo_set_operator(cr, art && self->opaque ? CAIRO_OPERATOR_SOURCE
                                                           : CAIRO_OPERATOR_OVER);
                cairo_set_source_surface(cr, chunk_surface(self, kind, id), x * px, y * px);
                cairo_pattern_set_filter(cairo_get_source(cr), filter);
                cairo_rectangle(cr, x * px, y * px, px, px);
                cairo_fill(cr);
            }
    }
}

/* The water (docs/EDITOR.md, "Water"): a line on the surface row and, when @tint (a level
 * without a water tileset, whose art below is not drawn with the water palette), a translucent
 * tint over the rows below the surface (underwater is the centre's row greater than
 * water_height), in level pixels (@cr scaled by @zoom). */
static void draw_water(const lw_level *l, cairo_t *cr, double zoom, gboolean tint)
{
    double top = l->water_height + 1, bottom = lw_level_height_px(l);
    if (tint && top < bottom) {
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        cairo_set_source_rgba(cr, 0.05, 0.35, 0.85, 0.30);
        cairo_rectangle(cr, 0, top, lw_level_width_px(l), bottom - top);
        cairo_fill(cr);
    }
    /* the surface: at least 2 screen px thick, over the surface row */
    double line = MAX(1.0, 2.0 / zoom);
    cairo_set_source_rgba(cr, 0.65, 0.92, 1.0, 0.95);
    cairo_rectangle(cr, 0, l->water_height + 1 - line, lw_level_width_px(l), line);
    cairo_fill(cr);
}

void editor_renderer_draw_view(EditorRenderer *self, cairo_t *cr, double view_x, double view_y,
                               double zoom, double device_scale, int width, int height,
                               guint overlays)
{
    const lw_level *l = self->level;
    if (!l || zoom <= 0)
        return;
    if (l->layout_width != self->mip_w || l->layout_height != self->mip_h ||
        l->chunk_px != self->mip_chunk_px || (l->layout[LW_LAYER_BG] == NULL) != self->opaque ||
        l->background_rgb != self->background_rgb) {
        editor_renderer_invalidate_all(self);
        self->mip_w = l->layout_width;
        self->mip_h = l->layout_height;
        self->mip_chunk_px = l->chunk_px;
    }
    double s = zoom * device_scale;
    int m = 0;
    while (m < N_MIPS - 1 && s <= 1.0 / (2 << m) + 1e-9)
        m++;
    cairo_filter_t filter = s >= 0.999 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR;
    int px = l->chunk_px;
    double lw_px = lw_level_width_px(l), lh_px = lw_level_height_px(l);
    int sx0 = MAX(0, (int)floor(view_x / px)), sy0 = MAX(0, (int)floor(view_y / px));
    int sx1 = MIN((int)l->layout_width, (int)ceil((view_x + width / zoom) / px));
    int sy1 = MIN((int)l->layout_height, (int)ceil((view_y + height / zoom) / px));

    cairo_save(cr);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_clip(cr);
    cairo_save(cr);
    cairo_scale(cr, zoom, zoom);
    cairo_translate(cr, -view_x, -view_y);
    /* the level's area only */
    cairo_rectangle(cr, 0, 0, lw_px, lh_px);
    cairo_clip(cr);

    int kinds[N_KINDS], nk = 0;
    kinds[nk++] = KIND_ART;
    if (overlays & EDITOR_OVERLAY_COLLISION_A)
        kinds[nk++] = KIND_COLL_A;
    if (overlays & EDITOR_OVERLAY_COLLISION_B)
        kinds[nk++] = KIND_COLL_B;
    if (overlays & EDITOR_OVERLAY_ANGLES && m == 0)
        kinds[nk++] =
            (overlays & EDITOR_OVERLAY_COLLISION_B) && !(overlays & EDITOR_OVERLAY_COLLISION_A)
                ? KIND_ANG_B
                : KIND_ANG_A;
    gboolean wet = (overlays & EDITOR_OVERLAY_WATER) && l->has_water && self->water_cells &&
                   l->water_height + 1 < lh_px;
    for (int ki = 0; ki < nk; ki++) {
        draw_kind(self, cr, kinds[ki], m, filter, sx0, sy0, sx1, sy1);
        if (kinds[ki] == KIND_ART && wet) {
            /* below the surface, the art drawn with the water palette (docs/EDITOR.md, "Water") */
            cairo_save(cr);
            cairo_rectangle(cr, 0, l->water_height + 1, lw_px, lh_px - (l->water_height + 1));
            cairo_clip(cr);
            draw_kind(self, cr, KIND_WATER_ART, m, filter, sx0, sy0, sx1, sy1);
            cairo_restore(cr);
        }
    }
    if ((overlays & EDITOR_OVERLAY_WATER) && l->has_water)
        draw_water(l, cr, zoom, !self->water_cells);
    cairo_restore(cr);
    draw_grids(self, cr, view_x, view_y, zoom, width, height, overlays);
    cairo_restore(cr);
}

/* ---- objects ---- */

static void label(cairo_t *cr, double x, double y, const char *text)
{
    editor_render_label(cr, x, y, text, 11);
}

void editor_renderer_draw_objects(EditorRenderer *self, cairo_t *cr, double view_x, double view_y,
                                  double zoom, guint overlays, guint32 selected_id)
{
    const lw_level *l = self->level;
    if (!l)
        return;
    if (!self->sprites_tried && self->sprites_path) {
        self->sprites_tried = TRUE;
        self->sprites = editor_object_sprites_new_for_file(self->sprites_path, NULL);
        editor_object_sprites_set_level(self->sprites, l);
    }
    if (overlays & EDITOR_OVERLAY_SWAPPERS) /* loop chunks switch paths as swappers do */
        editor_renderer_draw_loop_marks(self, cr, view_x, view_y, zoom);
    cairo_save(cr);
    cairo_set_line_width(cr, 2);
    for (guint i = 0; i < l->object_count; i++) {
        const lw_object *o = &l->objects[i];
        double x = (o->x - view_x) * zoom, y = (o->y - view_y) * zoom;
        gboolean sel = o->id == selected_id;
        switch (o->type) {
        case LW_OBJECT_PLAYER_START:
            if (overlays & EDITOR_OVERLAY_OBJECTS)
                editor_render_object_start(cr, o, x, y, zoom, sel);
            break;
        case LW_OBJECT_PATH_SWAPPER: {
            if (!(overlays & EDITOR_OVERLAY_SWAPPERS))
                break;
            double r = o->swapper.radius * zoom;
            const lw_path_swapper *sw = &o->swapper;
            cairo_set_source_rgb(cr, 1, 0.25, 1);
            cairo_set_line_width(cr, sel ? 4 : 2);
            if (sw->horizontal) {
                cairo_move_to(cr, x - r, y);
                cairo_line_to(cr, x + r, y);
            } else {
                cairo_move_to(cr, x, y - r);
                cairo_line_to(cr, x, y + r);
            }
            cairo_stroke(cr);
            cairo_set_line_width(cr, 2);
            if (zoom < 0.3)
                break; /* too small for labels (minimap, far zoom) */
            char a[16], b[16];
            g_snprintf(a, sizeof a, "%s%c", sw->priority_only ? "p" : "", "AB"[sw->path[0] & 1]);
            g_snprintf(b, sizeof b, "%s%c%s", sw->priority_only ? "p" : "", "AB"[sw->path[1] & 1],
                       sw -> grounded_only ? " g" : "");
            if (sw->horizontal) {
                label(cr, x - 6, y - 6, a);
                label(cr, x - 6, y + 16, b);
            } else {
                label(cr, x - 18, y, a);
                label(cr, x + 5, y, b);
            }
            if (sel) {
                cairo_set_source_rgb(cr, 1, 1, 1);
                cairo_arc(cr, x, y, 6, 0, 2 * G_PI);
                cairo_stroke(cr);
            }
            break;
        }
        case LW_OBJECT_MARKER:
            if ((overlays & EDITOR_OVERLAY_OBJECTS) &&
                !editor_render_object_disasm(cr, self->sprites, o, x, y, zoom, sel))
                editor_render_object_marker(cr, o, x, y, zoom, sel);
            break;
        }
    }
    editor_object_sprites_report(self->sprites);
    cairo_restore(cr);
}
