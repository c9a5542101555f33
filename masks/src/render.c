/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/render.h"

#include <loopwright/fixed.h>
#include <string.h>

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

void lwm_draw_line(lwm_image *img, int32_t ix0, int32_t iy0, int32_t ix1, int32_t iy1,
                   uint32_t rgba)
{
    if (!img->width || !img->height)
        return;
    int64_t x0 = ix0, y0 = iy0, x1 = ix1, y1 = iy1;
    /* only the part inside the picture is walked: a line to (2^31, 2^31) costs what its visible
     * part costs, and every coordinate below stays inside the image (no overflow) */
    if (!clip_line(&x0, &y0, &x1, &y1, img->width, img->height))
        return;
    int64_t dx = x1 > x0 ? x1 - x0 : x0 - x1, sx = x0 < x1 ? 1 : -1;
    int64_t dy = y1 > y0 ? y0 - y1 : y1 - y0, sy = y0 < y1 ? 1 : -1;
    int64_t e = dx + dy;
    for (int64_t steps = dx - dy + 1; steps > 0; steps--) {
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

void lwm_blit_art_cell(lwm_image *dst, int32_t x, int32_t y, const lwm_image *art, uint32_t cell,
                       uint8_t flip_flags)
{
    uint32_t per_row = art->width / LW_TILE_PX;
    if (per_row == 0 || cell >= per_row * (art->height / LW_TILE_PX))
        return;
    uint32_t sx = (cell % per_row) * LW_TILE_PX, sy = (cell / per_row) * LW_TILE_PX;
    for (int r = 0; r < LW_TILE_PX; r++) {
        int32_t ty = y + r;
        if (ty < 0 || (uint32_t)ty >= dst->height)
            continue;
        int rr = (flip_flags & LW_CELL_FLIP_Y) ? 15 - r : r;
        for (int c = 0; c < LW_TILE_PX; c++) {
            int32_t tx = x + c;
            if (tx < 0 || (uint32_t)tx >= dst->width)
                continue;
            int cc = (flip_flags & LW_CELL_FLIP_X) ? 15 - c : c;
            const uint8_t *s = lwm_image_pixel(art, sx + (uint32_t)cc, sy + (uint32_t)rr);
            if (s[3] < 128)
                continue;
            uint8_t *d = lwm_image_pixel(dst, (uint32_t)tx, (uint32_t)ty);
            d[0] = s[0];
            d[1] = s[1];
            d[2] = s[2];
            d[3] = 255;
        }
    }
}

static void draw_layer_art(lwm_image *img, int32_t oy, const lw_level *level, lw_layer layer,
                           const lwm_image *art)
{
    const uint16_t *grid = level->layout[layer];
    if (!grid)
        return;
    uint32_t n = level->chunk_cells;
    for (uint32_t ly = 0; ly < level->layout_height; ly++) {
        for (uint32_t lx = 0; lx < level->layout_width; lx++) {
            uint16_t chunk = grid[(size_t)ly * level->layout_width + lx];
            if (chunk == LW_NONE || chunk >= level->chunk_count)
                continue;
            const lw_cell *cells = lw_level_chunk_cells(level, chunk);
            for (uint32_t i = 0; i < n * n; i++) {
                const lw_cell *cell = &cells[i];
                if (cell->tile == LW_NONE || cell->tile >= level->tile_count)
                    continue;
                int32_t x = (int32_t)((lx << level->chunk_shift) + (i % n) * LW_TILE_PX);
                int32_t y = oy + (int32_t)((ly << level->chunk_shift) + (i / n) * LW_TILE_PX);
                uint16_t a = level->tiles[cell->tile].art;
                if (art && a != LW_NONE)
                    lwm_blit_art_cell(img, x, y, art, a, cell->flags);
                else if (!art)
                    lwm_fill_rect(img, x, y, LW_TILE_PX, LW_TILE_PX,
                                  layer == LW_LAYER_FG ? 0x707070FFu : 0x404040FFu);
            }
        }
    }
}

/* Collision of one path over (dimmed) art at vertical offset @oy. */
static void draw_collision(lwm_image *img, int32_t oy, const lw_level *level, lw_path path)
{
    int32_t w = lw_level_width_px(level), h = lw_level_height_px(level);
    for (int32_t ty = 0; ty < h; ty += LW_TILE_PX) {
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
static void draw_angles(lwm_image *img, int32_t oy, const lw_level *level, lw_path path)
{
    int32_t w = lw_level_width_px(level), h = lw_level_height_px(level);
    for (int32_t ty = 0; ty < h; ty += LW_TILE_PX) {
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

static void draw_trace(lwm_image *img, int32_t oy, const lwm_render_options *opts)
{
    for (size_t i = 1; i < opts->trace_count; i++)
        lwm_draw_line(img, opts->trace[2 * i - 2], oy + opts->trace[2 * i - 1], opts->trace[2 * i],
                      oy + opts->trace[2 * i + 1], LWM_COLOR_TRACE);
}

/* Integer upscale of @src by @s into @dst (allocated here). */
static bool upscale(const lwm_image *src, uint32_t s, lwm_image *dst, lw_error *err)
{
    if (!lwm_image_init(dst, src->width * s, src->height * s, 0, err))
        return false;
    for (uint32_t y = 0; y < dst->height; y++) {
        const uint8_t *srow = lwm_image_pixel(src, 0, y / s);
        uint8_t *drow = lwm_image_pixel(dst, 0, y);
        for (uint32_t x = 0; x < dst->width; x++)
            memcpy(drow + x * 4, srow + (x / s) * 4, 4);
    }
    return true;
}

bool lwm_render_level(const lw_level *level, const lwm_image *art, const lwm_render_options *opts,
                      lwm_image *out, lw_error *err)
{
    uint32_t scale = opts->scale ? opts->scale : 1;
    if (scale > 8)
        return lw_error_set(err, LW_ERR_RANGE, "scale %u is over 8", scale);
    uint32_t w = (uint32_t)lw_level_width_px(level), h = (uint32_t)lw_level_height_px(level);
    uint32_t gap = 16, panels = opts->collision ? 2 : 1;
    uint32_t total_h = h * panels + gap * (panels - 1);
    if ((uint64_t)w * scale * total_h * scale > LWM_MAX_IMAGE_PIXELS)
        return lw_error_set(err, LW_ERR_LIMIT, "a %ux%u picture is over the image limit of %u px%s",
                            w * scale, total_h * scale, LWM_MAX_IMAGE_PIXELS,
                            scale > 1         ? "; lower --scale"
                            : opts->collision ? "; leave out --collision"
                                              : " (the level is too large to render whole)");
    lwm_image img;
    uint32_t bg = (level->background_rgb << 8) | 0xFFu;
    if (!lwm_image_init(&img, w, total_h, bg, err))
        return false;
    if (panels == 2)
        lwm_fill_rect(&img, 0, (int32_t)h, (int32_t)w, (int32_t)gap, 0x202020FFu);
    for (uint32_t p = 0; p < panels; p++) {
        int32_t oy = (int32_t)(p * (h + gap));
        draw_layer_art(&img, oy, level, LW_LAYER_BG, art);
        draw_layer_art(&img, oy, level, LW_LAYER_FG, art);
        if (opts->collision) {
            lwm_fill_rect(&img, 0, oy, (int32_t)w, (int32_t)h, 0x000000A0u); /* dim the art */
            draw_collision(&img, oy, level, (lw_path)p);
            draw_angles(&img, oy, level, (lw_path)p);
            lwm_draw_text(&img, 4, oy + 4, p ? "PATH B" : "PATH A", 0xFFFFFFFFu, 2);
        }
        if (opts->objects)
            draw_objects(&img, oy, level);
        if (opts->trace_count)
            draw_trace(&img, oy, opts);
    }
    if (scale == 1) {
        *out = img;
        return true;
    }
    lwm_image big;
    bool ok = upscale(&img, scale, &big, err);
    lwm_image_clear(&img);
    if (!ok)
        return false;
    if (opts->collision && opts->angle_labels) {
        for (uint32_t p = 0; p < panels; p++) {
            int32_t oy = (int32_t)(p * (h + gap));
            for (int32_t ty = 0; ty < (int32_t)h; ty += LW_TILE_PX)
                for (int32_t tx = 0; tx < (int32_t)w; tx += LW_TILE_PX) {
                    lw_collision_cell cc;
                    if (!lw_level_collision_at(level, tx, ty, (lw_path)p, &cc))
                        continue;
                    uint8_t a = lw_angle_flip(lw_mask_angle_byte(cc.mask),
                                              cc.flags & LW_CELL_FLIP_X, cc.flags & LW_CELL_FLIP_Y);
                    if (lw_angle_is_flagged(a))
                        continue;
                    char label[3] = {"0123456789ABCDEF"[a >> 4], "0123456789ABCDEF"[a & 15], 0};
                    int32_t lx = tx * (int32_t)scale + 1, ly = (oy + ty) * (int32_t)scale + 1;
                    lwm_fill_rect(&big, lx - 1, ly - 1, 9, 7, 0x000000C0u);
                    lwm_draw_text(&big, lx, ly, label, LWM_COLOR_ANGLE, 1);
                }
        }
    }
    *out = big;
    return true;
}
