/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/render.h"

#include "loopwright-masks/file-io.h"
#include "png-write.h"

#include <errno.h>
#include <fcntl.h>
#include <loopwright/fixed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

lwm_render_options lwm_render_options_default(void)
{
    return (lwm_render_options){.collision = false, .objects = true, .scale = 1};
}

/* ---- primitives ---- */

void lwm_blend_pixel(lwm_image *img, int32_t x, int32_t y, uint32_t rgba)
{
    if (x < 0 || y < 0 || (uint32_t)x >= img->width || (uint32_t)y >= img->height)
        return;
    uint8_t *p = lwm_image_pixel(img, (uint32_t)x, (uint32_t)y);
    uint32_t a = rgba & 0xFFu;
    uint32_t src[3] = {(rgba >> 24) & 0xFFu, (rgba >> 16) & 0xFFu, (rgba >> 8) & 0xFFu};
    for (int i = 0; i < 3; i++)
        p[i] = (uint8_t)((src[i] * a + p[i] * (255u - a) + 127u) / 255u);
    p[3] = (uint8_t)(a + p[3] * (255u - a) / 255u);
}

void lwm_fill_rect(lwm_image *img, int32_t x, int32_t y, int32_t w, int32_t h, uint32_t rgba)
{
    int32_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int32_t x1 = x + w, y1 = y + h;
    if (x1 > (int32_t)img->width)
        x1 = (int32_t)img->width;
    if (y1 > (int32_t)img->height)
        y1 = (int32_t)img->height;
    if ((rgba & 0xFFu) == 0xFFu) {
        uint8_t px[4] = {(uint8_t)(rgba >> 24), (uint8_t)(rgba >> 16), (uint8_t)(rgba >> 8), 0xFF};
        for (int32_t yy = y0; yy < y1; yy++)
            for (int32_t xx = x0; xx < x1; xx++)
                memcpy(lwm_image_pixel(img, (uint32_t)xx, (uint32_t)yy), px, 4);
        return;
    }
    for (int32_t yy = y0; yy < y1; yy++)
        for (int32_t xx = x0; xx < x1; xx++)
            lwm_blend_pixel(img, xx, yy, rgba);
}

/* Clip the segment (*x0,*y0)-(*x1,*y1) to [0,w-1]x[0,h-1] (Cohen-Sutherland in integers; the
 * products of two 33-bit differences are formed in 128 bits). False when nothing of it is inside.
 * Endpoints inside are kept exactly. */
static int outcode(int64_t x, int64_t y, int64_t w, int64_t h)
{
    return (x < 0) | (x >= w) << 1 | (y < 0) << 2 | (y >= h) << 3;
}

__extension__ typedef __int128 wide_int;

/* a + (b - a) * num / den rounded to nearest (den != 0). */
static int64_t lerp(int64_t a, int64_t b, int64_t num, int64_t den)
{
    wide_int p = (wide_int)(b - a) * num;
    if (den < 0) {
        p = -p;
        den = -den;
    }
    wide_int t = p >= 0 ? (p + den / 2) / den : -((-p + den / 2) / den);
    return a + (int64_t)t;
}

static bool clip_line(int64_t *x0, int64_t *y0, int64_t *x1, int64_t *y1, int64_t w, int64_t h)
{
    for (int guard = 0; guard < 8; guard++) {
        int c0 = outcode(*x0, *y0, w, h), c1 = outcode(*x1, *y1, w, h);
        if (!(c0 | c1))
            return true;
        if (c0 & c1)
            return false;
        int c = c0 ? c0 : c1;
        int64_t x, y;
        int64_t ax = *x0, ay = *y0, bx = *x1, by = *y1;
        if (c & 8) {
            y = h - 1;
            x = lerp(ax, bx, y - ay, by - ay);
        } else if (c & 4) {
            y = 0;
            x = lerp(ax, bx, y - ay, by - ay);
        } else if (c & 2) {
            x = w - 1;
            y = lerp(ay, by, x - ax, bx - ax);
        } else {
            x = 0;
            y = lerp(ay, by, x - ax, bx - ax);
        }
        if (c == c0) {
            *x0 = x;
            *y0 = y;
        } else {
            *x1 = x;
            *y1 = y;
        }
    }
    return outcode(*x0, *y0, w, h) == 0 && outcode(*x1, *y1, w, h) == 0;
}

/* The line's pixels inside the rectangle [cx, cx + cw) x [cy, cy + ch) of @img's coordinates (which
 * may reach outside @img: pixels off the image are dropped). Clipping against a rectangle that
 * does not depend on @img keeps the pixels of a line drawn in bands of a picture (render's
 * streaming) exactly those of the line drawn into the whole picture. */
static void draw_line_within(lwm_image *img, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                             uint32_t rgba, int64_t cx, int64_t cw, int64_t cy, int64_t ch)
{
    if (cw <= 0 || ch <= 0)
        return;
    x0 -= cx;
    x1 -= cx;
    y0 -= cy;
    y1 -= cy;
    /* only the part inside the rectangle is walked: a line to (2^31, 2^31) costs what its
     * visible part costs, and every coordinate below stays small (no overflow) */
    if (!clip_line(&x0, &y0, &x1, &y1, cw, ch))
        return;
    x0 += cx;
    x1 += cx;
    y0 += cy;
    y1 += cy;
    int64_t dx = x1 > x0 ? x1 - x0 : x0 - x1, sx = x0 < x1 ? 1 : -1;
    int64_t dy = y1 > y0 ? y0 - y1 : y1 - y0, sy = y0 < y1 ? 1 : -1;
    int64_t e = dx + dy;
    for (int64_t steps = dx - dy + 1; steps > 0; steps--) {
        if (x0 >= 0 && y0 >= 0 && x0 < (int64_t)img->width && y0 < (int64_t)img->height)
            lwm_blend_pixel(img, (int32_t)x0, (int32_t)y0, rgba);
        if (x0 == x1 && y0 == y1)
            break;
        int64_t e2 = 2 * e;
        if (e2 >= dy) {
            e += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            e += dx;
            y0 += sy;
        }
    }
}

/* Lines of level data (angles, objects, previews) are clipped to a fixed square far larger than
 * any picture, not to @img: a line crossing two bands of a streamed render keeps the pixels it has
 * in the whole picture, and a hostile coordinate still costs at most 2^22 steps. */
#define LINE_CLIP_MIN  (-(INT64_C(1) << 20))
#define LINE_CLIP_SIZE (INT64_C(1) << 21)

void lwm_draw_line(lwm_image *img, int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t rgba)
{
    draw_line_within(img, x0, y0, x1, y1, rgba, LINE_CLIP_MIN, LINE_CLIP_SIZE, LINE_CLIP_MIN,
                     LINE_CLIP_SIZE);
}

/* 3x5 glyphs, one row per 3 bits (bit 2 = left column). */
typedef struct glyph {
    char ch;
    uint8_t rows[5];
} glyph;

static const glyph font[] = {
    {'0', {7, 5, 5, 5, 7}}, {'1', {2, 6, 2, 2, 7}}, {'2', {7, 1, 7, 4, 7}}, {'3', {7, 1, 3, 1, 7}},
    {'4', {5, 5, 7, 1, 1}}, {'5', {7, 4, 7, 1, 7}}, {'6', {7, 4, 7, 5, 7}}, {'7', {7, 1, 1, 2, 2}},
    {'8', {7, 5, 7, 5, 7}}, {'9', {7, 5, 7, 1, 7}}, {'A', {2, 5, 7, 5, 5}}, {'B', {6, 5, 6, 5, 6}},
    {'C', {3, 4, 4, 4, 3}}, {'D', {6, 5, 5, 5, 6}}, {'E', {7, 4, 6, 4, 7}}, {'F', {7, 4, 6, 4, 4}},
    {'G', {3, 4, 5, 5, 3}}, {'H', {5, 5, 7, 5, 5}}, {'I', {7, 2, 2, 2, 7}}, {'J', {1, 1, 1, 5, 2}},
    {'K', {5, 5, 6, 5, 5}}, {'L', {4, 4, 4, 4, 7}}, {'M', {5, 7, 7, 5, 5}}, {'N', {6, 5, 5, 5, 5}},
    {'O', {2, 5, 5, 5, 2}}, {'P', {6, 5, 6, 4, 4}}, {'Q', {2, 5, 5, 6, 3}}, {'R', {6, 5, 6, 5, 5}},
    {'S', {3, 4, 2, 1, 6}}, {'T', {7, 2, 2, 2, 2}}, {'U', {5, 5, 5, 5, 7}}, {'V', {5, 5, 5, 5, 2}},
    {'W', {5, 5, 7, 7, 5}}, {'X', {5, 5, 2, 5, 5}}, {'Y', {5, 5, 2, 2, 2}}, {'Z', {7, 1, 2, 4, 7}},
    {'-', {0, 0, 7, 0, 0}}, {'.', {0, 0, 0, 0, 2}}, {':', {0, 2, 0, 2, 0}}, {'/', {1, 1, 2, 4, 4}},
    {'+', {0, 2, 7, 2, 0}}, {'=', {0, 7, 0, 7, 0}}, {'(', {1, 2, 2, 2, 1}}, {')', {4, 2, 2, 2, 4}},
    {',', {0, 0, 0, 2, 4}}, {'%', {5, 1, 2, 4, 5}}, {'#', {5, 7, 5, 7, 5}},
};

static const glyph *find_glyph(char ch)
{
    if (ch >= 'a' && ch <= 'z')
        ch = (char)(ch - 'a' + 'A');
    for (size_t i = 0; i < sizeof font / sizeof font[0]; i++)
        if (font[i].ch == ch)
            return &font[i];
    return NULL;
}

void lwm_draw_text(lwm_image *img, int32_t x, int32_t y, const char *text, uint32_t rgba,
                   uint32_t scale)
{
    int32_t s = (int32_t)(scale ? scale : 1);
    for (; *text; text++, x += 4 * s) {
        const glyph *g = find_glyph(*text);
        if (!g)
            continue;
        for (int r = 0; r < 5; r++)
            for (int c = 0; c < 3; c++)
                if (g->rows[r] & (4 >> c))
                    lwm_fill_rect(img, x + c * s, y + r * s, s, s, rgba);
    }
}

void lwm_angle_direction(uint8_t angle, int32_t *dx, int32_t *dy)
{
    *dx = lw_cos(angle);
    *dy = lw_sin(angle);
}

/* ---- tiles ---- */

static bool art_has_cell(const lwm_image *art, uint32_t cell)
{
    uint32_t per_row = art->width / LW_TILE_PX;
    return per_row && cell < per_row * (art->height / LW_TILE_PX);
}

/* Rows [@r0, @r1) of the cell (destination rows y + r0 ..) of lwm_blit_art_cell. */
static void blit_cell_rows(lwm_image *dst, int32_t x, int32_t y, const lwm_image *art,
                           uint32_t cell, uint8_t flip_flags, int r0, int r1)
{
    if (!art_has_cell(art, cell))
        return;
    uint32_t per_row = art->width / LW_TILE_PX;
    uint32_t sx = (cell % per_row) * LW_TILE_PX, sy = (cell / per_row) * LW_TILE_PX;
    int c0 = x < 0 ? -x : 0, c1 = LW_TILE_PX;
    if (x + LW_TILE_PX > (int32_t)dst->width)
        c1 = (int32_t)dst->width - x;
    bool fx = flip_flags & LW_CELL_FLIP_X;
    for (int r = r0; r < r1; r++) {
        int32_t ty = y + r;
        if (ty < 0 || (uint32_t)ty >= dst->height)
            continue;
        int rr = (flip_flags & LW_CELL_FLIP_Y) ? 15 - r : r;
        const uint8_t *srow = lwm_image_pixel(art, sx, sy + (uint32_t)rr);
        uint8_t *drow = lwm_image_pixel(dst, 0, (uint32_t)ty);
        for (int c = c0; c < c1; c++) {
            const uint8_t *sp = srow + 4 * (fx ? 15 - c : c);
            if (sp[3] < 128)
                continue;
            uint8_t *d = drow + 4 * (size_t)(x + c);
            d[0] = sp[0];
            d[1] = sp[1];
            d[2] = sp[2];
            d[3] = 255;
        }
    }
}

void lwm_blit_art_cell(lwm_image *dst, int32_t x, int32_t y, const lwm_image *art, uint32_t cell,
                       uint8_t flip_flags)
{
    blit_cell_rows(dst, x, y, art, cell, flip_flags, 0, LW_TILE_PX);
}

/* Art cell @a at (@x, @y), whose top is level row @top: the rows below the water surface (from
 * level row @wet on) from @water where it has the cell, the rest from @art. */
static void blit_wet(lwm_image *img, int32_t x, int32_t y, int32_t top, const lwm_image *art,
                     const lwm_image *water, int32_t wet, uint16_t a, uint8_t flags)
{
    int32_t split = wet - top;
    if (!water || split >= LW_TILE_PX || !art_has_cell(water, a)) {
        blit_cell_rows(img, x, y, art, a, flags, 0, LW_TILE_PX);
        return;
    }
    split = split < 0 ? 0 : split;
    blit_cell_rows(img, x, y, art, a, flags, 0, (int)split);
    blit_cell_rows(img, x, y, water, a, flags, (int)split, LW_TILE_PX);
}

/* The art of @layer on the level rows [r0, r1) (px), the level's top at row @oy of @img; rows
 * below the water surface from @water when given. */
static void draw_layer_art(lwm_image *img, int32_t oy, const lw_level *level, lw_layer layer,
                           const lwm_image *art, const lwm_image *water, int32_t r0, int32_t r1)
{
    /* underwater: rows below water_height (the engine's rule, docs/ENGINE.md "Water") */
    int32_t wet = water && level->has_water ? level->water_height + 1 : INT32_MAX;
    const uint16_t *grid = level->layout[layer];
    if (!grid || r0 >= r1)
        return;
    uint32_t n = level->chunk_cells;
    uint32_t ly0 = (uint32_t)r0 >> level->chunk_shift,
             ly1 = (uint32_t)(r1 - 1) >> level->chunk_shift;
    for (uint32_t ly = ly0; ly <= ly1 && ly < level->layout_height; ly++) {
        int32_t ctop = (int32_t)(ly << level->chunk_shift);
        /* the cell rows of this chunk row that meet [r0, r1) */
        uint32_t cy0 = r0 > ctop ? (uint32_t)(r0 - ctop) / LW_TILE_PX : 0;
        uint32_t cy1 = (uint32_t)(r1 - ctop + LW_TILE_PX - 1) / LW_TILE_PX;
        if (cy1 > n)
            cy1 = n;
        for (uint32_t lx = 0; lx < level->layout_width; lx++) {
            uint16_t chunk = grid[(size_t)ly * level->layout_width + lx];
            if (chunk == LW_NONE || chunk >= level->chunk_count)
                continue;
            const lw_cell *cells = lw_level_chunk_cells(level, chunk);
            for (uint32_t i = cy0 * n; i < cy1 * n; i++) {
                const lw_cell *cell = &cells[i];
                if (cell->tile == LW_NONE || cell->tile >= level->tile_count)
                    continue;
                int32_t x = (int32_t)((lx << level->chunk_shift) + (i % n) * LW_TILE_PX);
                int32_t y = oy + ctop + (int32_t)((i / n) * LW_TILE_PX);
                uint16_t a = level->tiles[cell->tile].art;
                if (art && a != LW_NONE)
                    blit_wet(img, x, y, y - oy, art, water, wet, a, cell->flags);
                else if (!art)
                    lwm_fill_rect(img, x, y, LW_TILE_PX, LW_TILE_PX,
                                  layer == LW_LAYER_FG ? 0x707070FFu : 0x404040FFu);
            }
        }
    }
}

/* Collision of one path over (dimmed) art at vertical offset @oy, level rows [r0, r1). */
static void draw_collision(lwm_image *img, int32_t oy, const lw_level *level, lw_path path,
                           int32_t r0, int32_t r1)
{
    int32_t w = lw_level_width_px(level);
    for (int32_t ty = r0 & ~(LW_TILE_PX - 1); ty < r1; ty += LW_TILE_PX) {
        for (int32_t tx = 0; tx < w; tx += LW_TILE_PX) {
            lw_collision_cell cc;
            if (!lw_level_collision_at(level, tx, ty, path, &cc))
                continue;
            uint32_t color = cc.solid == LW_SOLID_ALL   ? LWM_COLOR_SOLID_ALL
                             : cc.solid == LW_SOLID_TOP ? LWM_COLOR_SOLID_TOP
                                                        : LWM_COLOR_SOLID_LRB;
            bool fx = cc.flags & LW_CELL_FLIP_X, fy = cc.flags & LW_CELL_FLIP_Y;
            for (int r = 0; r < 16; r++)
                for (int c = 0; c < 16; c++)
                    if (lw_mask_pixel(cc.mask, fx ? 15 - c : c, fy ? 15 - r : r))
                        lwm_blend_pixel(img, tx + c, oy + ty + r, (color & ~0xFFu) | 0xD0u);
        }
    }
}

/* A surface-direction glyph through each tile's centre: a short line along the angle. */
static void draw_angles(lwm_image *img, int32_t oy, const lw_level *level, lw_path path, int32_t r0,
                        int32_t r1)
{
    int32_t w = lw_level_width_px(level);
    for (int32_t ty = r0 & ~(LW_TILE_PX - 1); ty < r1; ty += LW_TILE_PX) {
        for (int32_t tx = 0; tx < w; tx += LW_TILE_PX) {
            lw_collision_cell cc;
            if (!lw_level_collision_at(level, tx, ty, path, &cc))
                continue;
            uint8_t a = lw_angle_flip(lw_mask_angle_byte(cc.mask), cc.flags & LW_CELL_FLIP_X,
                                      cc.flags & LW_CELL_FLIP_Y);
            if (lw_angle_is_flagged(a))
                continue;
            int32_t dx, dy;
            lwm_angle_direction(a, &dx, &dy);
            int32_t cx = tx + 8, cy = oy + ty + 8;
            lwm_draw_line(img, cx - dx * 6 / 256, cy - dy * 6 / 256, cx + dx * 6 / 256,
                          cy + dy * 6 / 256, LWM_COLOR_ANGLE);
        }
    }
}

static void draw_objects(lwm_image *img, int32_t oy, const lw_level *level)
{
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        int32_t x = o->x, y = oy + o->y;
        int32_t reach = 24 + (o->type == LW_OBJECT_PATH_SWAPPER ? o->swapper.radius : 0);
        if (y + reach < 0 || y - reach >= (int32_t)img->height)
            continue; /* nothing of it in this band */
        switch (o->type) {
        case LW_OBJECT_PLAYER_START:
            lwm_draw_line(img, x - 9, y - 19, x + 9, y - 19, LWM_COLOR_START);
            lwm_draw_line(img, x - 9, y + 19, x + 9, y + 19, LWM_COLOR_START);
            lwm_draw_line(img, x - 9, y - 19, x - 9, y + 19, LWM_COLOR_START);
            lwm_draw_line(img, x + 9, y - 19, x + 9, y + 19, LWM_COLOR_START);
            lwm_draw_line(img, x, y, x + (o->facing_left ? -6 : 6), y, LWM_COLOR_START);
            break;
        case LW_OBJECT_PATH_SWAPPER: {
            int32_t r = o->swapper.radius;
            char label[4] = {(char)('A' + o->swapper.path[0]), '/',
                             (char)('A' + o->swapper.path[1]), 0};
            if (o->swapper.horizontal)
                lwm_draw_line(img, x - r, y, x + r - 1, y, LWM_COLOR_SWAPPER);
            else
                lwm_draw_line(img, x, y - r, x, y + r - 1, LWM_COLOR_SWAPPER);
            lwm_draw_text(img, x + 2, y - r, label, LWM_COLOR_SWAPPER, 1);
            if (o->swapper.grounded_only)
                lwm_draw_text(img, x + 2, y - r + 6, "G", LWM_COLOR_SWAPPER, 1);
            break;
        }
        case LW_OBJECT_MARKER:
            lwm_fill_rect(img, x - 2, y - 2, 5, 5, 0xFFA000FFu);
            break;
        }
    }
}

/* The trace, clipped to the whole picture ([0, w) x [clip_top, clip_top + clip_h) in @img's
 * rows), so every band draws exactly the pixels the whole picture has. */
static void draw_trace(lwm_image *img, int32_t oy, int64_t clip_top, int64_t clip_h,
                       const lwm_render_options *opts)
{
    for (size_t i = 1; i < opts->trace_count; i++) {
        int64_t ya = (int64_t)oy + opts->trace[2 * i - 1],
                yb = (int64_t)oy + opts->trace[2 * i + 1];
        if ((ya < 0 && yb < 0) || (ya >= (int64_t)img->height && yb >= (int64_t)img->height))
            continue; /* not in this band */
        draw_line_within(img, opts->trace[2 * i - 2], ya, opts->trace[2 * i], yb, LWM_COLOR_TRACE,
                         0, img->width, clip_top, clip_h);
    }
}

/* The picture's geometry: panels of the level's height, a gap between them. */
typedef struct layout {
    uint32_t w, h, gap, panels, total_h, scale;
} layout;

static bool picture_layout(const lw_level *level, const lwm_render_options *opts, layout *g,
                           lw_error *err)
{
    g->scale = opts->scale ? opts->scale : 1;
    if (g->scale > 8)
        return lw_error_set(err, LW_ERR_RANGE, "scale %u is over 8", g->scale);
    g->w = (uint32_t)lw_level_width_px(level);
    g->h = (uint32_t)lw_level_height_px(level);
    g->gap = 16;
    g->panels = opts->collision ? 2 : 1;
    g->total_h = g->h * g->panels + g->gap * (g->panels - 1);
    return true;
}

/* Everything of the picture on its rows [y0, y0 + band->height) (unscaled), drawn into @band
 * whose row 0 is picture row @y0. Drawing is clipped to the band, and each step draws exactly
 * what it draws into the whole picture, in the same order, so bands join seamlessly. */
static void draw_band(lwm_image *band, int32_t y0, const lw_level *level, const lwm_image *art,
                      const lwm_render_options *opts, const layout *g)
{
    uint32_t bg = (level->background_rgb << 8) | 0xFFu;
    uint8_t px[4] = {(uint8_t)(bg >> 24), (uint8_t)(bg >> 16), (uint8_t)(bg >> 8), 0xFF};
    size_t npx = (size_t)band->width * band->height;
    for (size_t i = 0; i < npx; i++)
        memcpy(band->rgba + 4 * i, px, 4);
    int32_t h = (int32_t)g->h, bh = (int32_t)band->height;
    if (g->panels == 2)
        lwm_fill_rect(band, 0, h - y0, (int32_t)g->w, (int32_t)g->gap, 0x202020FFu);
    for (uint32_t p = 0; p < g->panels; p++) {
        int32_t top = (int32_t)(p * (g->h + g->gap)), oy = top - y0;
        int32_t r0 = y0 > top ? y0 - top : 0, r1 = y0 + bh - top < h ? y0 + bh - top : h;
        if (r0 < r1) {
            const lwm_image *water = art ? opts->water_art : NULL;
            draw_layer_art(band, oy, level, LW_LAYER_BG, art, water, r0, r1);
            draw_layer_art(band, oy, level, LW_LAYER_FG, art, water, r0, r1);
            if (opts->collision) {
                lwm_fill_rect(band, 0, oy, (int32_t)g->w, h, 0x000000A0u); /* dim the art */
                draw_collision(band, oy, level, (lw_path)p, r0, r1);
                draw_angles(band, oy, level, (lw_path)p, r0, r1);
                lwm_draw_text(band, 4, oy + 4, p ? "PATH B" : "PATH A", 0xFFFFFFFFu, 2);
            }
        }
        if (opts->objects)
            draw_objects(band, oy, level);
        if (opts->trace_count)
            draw_trace(band, oy, -(int64_t)y0, g->total_h, opts);
    }
}

/* Integer upscale of unscaled picture rows in @src into @dst (@s times both ways). */
static void upscale_into(const lwm_image *src, uint32_t s, lwm_image *dst)
{
    for (uint32_t y = 0; y < dst->height; y++) {
        const uint8_t *srow = lwm_image_pixel(src, 0, y / s);
        uint8_t *drow = lwm_image_pixel(dst, 0, y);
        if (y % s) {
            memcpy(drow, drow - (size_t)dst->width * 4u, (size_t)dst->width * 4u);
            continue;
        }
        for (uint32_t x = 0; x < dst->width; x++)
            memcpy(drow + x * 4, srow + (x / s) * 4, 4);
    }
}

/* Hex angle labels over the scaled band @big, whose row 0 is scaled picture row @y0s. */
static void draw_labels(lwm_image *big, int32_t y0s, const lw_level *level, const layout *g)
{
    int32_t s = (int32_t)g->scale, h = (int32_t)g->h, w = (int32_t)g->w;
    for (uint32_t p = 0; p < g->panels; p++) {
        int32_t top = (int32_t)(p * (g->h + g->gap));
        /* tile rows whose label (rows ty*s .. ty*s + 6 of the panel) meets the band */
        int32_t first = (y0s / s - top) - LW_TILE_PX, last = (y0s + (int32_t)big->height) / s - top;
        if (first < 0)
            first = 0;
        if (last > h)
            last = h;
        for (int32_t ty = first & ~(LW_TILE_PX - 1); ty < last; ty += LW_TILE_PX)
            for (int32_t tx = 0; tx < w; tx += LW_TILE_PX) {
                lw_collision_cell cc;
                if (!lw_level_collision_at(level, tx, ty, (lw_path)p, &cc))
                    continue;
                uint8_t a = lw_angle_flip(lw_mask_angle_byte(cc.mask), cc.flags & LW_CELL_FLIP_X,
                                          cc.flags & LW_CELL_FLIP_Y);
                if (lw_angle_is_flagged(a))
                    continue;
                char label[3] = {"0123456789ABCDEF"[a >> 4], "0123456789ABCDEF"[a & 15], 0};
                int32_t lx = tx * s + 1, ly = (top + ty) * s + 1 - y0s;
                lwm_fill_rect(big, lx - 1, ly - 1, 9, 7, 0x000000C0u);
                lwm_draw_text(big, lx, ly, label, LWM_COLOR_ANGLE, 1);
            }
    }
}

/* A band of picture rows at a time: unscaled rows per band, its unscaled and scaled images. */
typedef struct banding {
    uint32_t rows;
    lwm_image small, big;
} banding;

static void banding_clear(banding *b)
{
    lwm_image_clear(&b->small);
    lwm_image_clear(&b->big);
}

/* Bands of about 4 MiB of scaled pixels (at least one row). */
static bool banding_init(banding *b, const layout *g, uint32_t rows, lw_error *err)
{
    memset(b, 0, sizeof *b);
    b->rows = rows;
    if (!lwm_image_init(&b->small, g->w, rows, 0, err))
        return false;
    if (g->scale > 1 && !lwm_image_init(&b->big, g->w * g->scale, rows * g->scale, 0, err)) {
        banding_clear(b);
        return false;
    }
    return true;
}

/* Draw the band starting at unscaled row @y0 (@rows of them); returns the scaled image. */
static const lwm_image *banding_draw(banding *b, uint32_t y0, uint32_t rows, const lw_level *level,
                                     const lwm_image *art, const lwm_render_options *opts,
                                     const layout *g)
{
    b->small.height = rows; /* the last band may be shorter: fewer rows of the same buffer */
    draw_band(&b->small, (int32_t)y0, level, art, opts, g);
    if (g->scale == 1)
        return &b->small;
    b->big.height = rows * g->scale;
    upscale_into(&b->small, g->scale, &b->big);
    if (opts->collision && opts->angle_labels)
        draw_labels(&b->big, (int32_t)(y0 * g->scale), level, g);
    return &b->big;
}

bool lwm_render_level(const lw_level *level, const lwm_image *art, const lwm_render_options *opts,
                      lwm_image *out, lw_error *err)
{
    layout g = {0};
    if (!picture_layout(level, opts, &g, err))
        return false;
    if ((uint64_t)g.w * g.scale * g.total_h * g.scale > LWM_MAX_IMAGE_PIXELS)
        return lw_error_set(err, LW_ERR_LIMIT, "a %ux%u picture is over the image limit of %u px%s",
                            g.w * g.scale, g.total_h * g.scale, LWM_MAX_IMAGE_PIXELS,
                            g.scale > 1 ? "; lower --scale" : "; render it to a file instead");
    /* one band: the whole picture */
    banding b;
    if (!banding_init(&b, &g, g.total_h, err))
        return false;
    banding_draw(&b, 0, g.total_h, level, art, opts, &g);
    if (g.scale == 1) {
        *out = b.small;
        b.small = (lwm_image){0};
    } else {
        *out = b.big;
        b.big = (lwm_image){0};
    }
    banding_clear(&b);
    return true;
}

/* ---- straight to a PNG file, band by band ---- */

/* Colours seen so far, for an indexed picture: open addressing from RGBA to index. */
typedef struct colour_table {
    uint32_t keys[1024];
    int16_t vals[1024];
    uint8_t rgba[256 * 4];
    unsigned count;
    uint32_t last_key;
    uint8_t last_val;
} colour_table;

/* Row of RGBA pixels to palette indices; false when a 257th colour turns up. */
static bool index_row(colour_table *t, const uint8_t *rgba, uint32_t width, uint8_t *out)
{
    for (uint32_t x = 0; x < width; x++) {
        uint32_t key;
        memcpy(&key, rgba + 4 * x, 4);
        if (key == t->last_key && t->count) {
            out[x] = t->last_val;
            continue;
        }
        uint32_t h = (key * 2654435761u) >> 22;
        while (t->vals[h] >= 0 && t->keys[h] != key)
            h = (h + 1) & 1023u;
        if (t->vals[h] < 0) {
            if (t->count == 256)
                return false;
            t->keys[h] = key;
            t->vals[h] = (int16_t)t->count;
            memcpy(t->rgba + 4 * t->count, rgba + 4 * x, 4);
            t->count++;
        }
        t->last_key = key;
        t->last_val = (uint8_t)t->vals[h];
        out[x] = t->last_val;
    }
    return true;
}

enum { ENCODE_OK, ENCODE_FAILED, ENCODE_TOO_MANY_COLOURS };

/* One attempt at the whole picture into @f: indexed (256-entry palette, patched at the end) or
 * RGB. The picture is opaque (everything is drawn over the background colour). */
static int encode_file(FILE *f, bool indexed, const lw_level *level, const lwm_image *art,
                       const lwm_render_options *opts, const layout *g, banding *b, lw_error *err)
{
    uint32_t width = g->w * g->scale, height = g->total_h * g->scale;
    /* zlib level 3, no filter for the indexed picture, adaptive filters for RGB: measured on
     * the render benchmark's art (docs/BENCHMARKS.md, "Command line": level 3 is 0.47x
     * Tiled's file in half the time of level 6, which saves 9 % more; filters cost 30 % in
     * size on an indexed picture) */
    lwm_png_format fmt = {.width = width,
                          .height = height,
                          .kind = indexed ? LWM_PNGW_PALETTE : LWM_PNGW_RGB,
                          .palette = NULL,
                          .colors = 256,
                          .zlib_level = 3,
                          .filter = !indexed};
    colour_table *table = indexed ? malloc(sizeof *table) : NULL;
    uint8_t *row = malloc((size_t)width * (indexed ? 1u : 3u));
    lwm_png_writer *w = NULL;
    int result = ENCODE_FAILED;
    if (!row || (indexed && !table)) {
        lw_error_set(err, LW_ERR_NOMEM, "out of memory rendering");
        goto done;
    }
    if (table) {
        table->count = 0;
        memset(table->vals, 0xFF, sizeof table->vals);
    }
    w = lwm_png_writer_new(f, &fmt, err);
    if (!w)
        goto done;
    for (uint32_t y0 = 0; y0 < g->total_h; y0 += b->rows) {
        uint32_t rows = g->total_h - y0 < b->rows ? g->total_h - y0 : b->rows;
        const lwm_image *img = banding_draw(b, y0, rows, level, art, opts, g);
        for (uint32_t y = 0; y < img->height; y++) {
            const uint8_t *src = lwm_image_pixel(img, 0, y);
            if (indexed) {
                if (!index_row(table, src, width, row)) {
                    result = ENCODE_TOO_MANY_COLOURS;
                    goto done;
                }
            } else {
                for (uint32_t x = 0; x < width; x++)
                    memcpy(row + 3 * x, src + 4 * x, 3);
            }
            if (!lwm_png_writer_rows(w, row, 0, 1, err)) {
                w = NULL;
                goto done;
            }
        }
    }
    if (indexed)
        lwm_png_writer_set_palette(w, table->rgba, table->count);
    bool ok = lwm_png_writer_finish(w, NULL, NULL, err);
    w = NULL;
    result = ok ? ENCODE_OK : ENCODE_FAILED;
done:
    lwm_png_writer_abort(w);
    free(row);
    free(table);
    return result;
}

bool lwm_render_level_png(const lw_level *level, const lwm_image *art,
                          const lwm_render_options *opts, const char *path, lw_error *err)
{
    layout g = {0};
    if (!picture_layout(level, opts, &g, err))
        return false;
    /* bands of about 4 MiB of scaled RGBA, whole rows */
    size_t scaled_row = (size_t)g.w * g.scale * 4u * g.scale;
    uint32_t rows = (uint32_t)((4u << 20) / (scaled_row ? scaled_row : 1));
    if (rows < 1)
        rows = 1;
    if (rows > g.total_h)
        rows = g.total_h;
    banding b;
    if (!banding_init(&b, &g, rows, err))
        return false;
    /* the file layer's stream: a temporary beside the target, the umask honoured, stale
     * temporaries of ours removed, renamed over the target only when complete */
    lwm_file_stream out;
    if (!lwm_file_stream_open(&out, path, err)) {
        banding_clear(&b);
        return false;
    }
    FILE *f = out.f;
    /* indexed when the picture has at most 256 colours (most level art), found while writing:
     * on the 257th colour the file starts again as RGB */
    int r = encode_file(f, true, level, art, opts, &g, &b, err);
    if (r == ENCODE_TOO_MANY_COLOURS) {
        if (fflush(f) != 0 || ftruncate(fileno(f), 0) != 0 || fseek(f, 0, SEEK_SET) != 0) {
            lw_error_set(err, LW_ERR_IO, "write failed: %s (the previous file is intact)",
                         strerror(errno));
            r = ENCODE_FAILED;
        } else {
            r = encode_file(f, false, level, art, opts, &g, &b, err);
        }
    }
    banding_clear(&b);
    if (r != ENCODE_OK) {
        lwm_file_stream_abort(&out);
        return false;
    }
    return lwm_file_stream_commit(&out, err);
}
