#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: drawing a level (or parts of one) into an RGBA image — tile art
 * from the tileset, collision coloured by solidity type and path, angles, objects and a player
 * trace. Shared by `loopwright render`, mask previews and tests. No GUI toolkit involved.
 */

#include "loopwright-masks/image.h"
#include "loopwright/level.h"

/** Colours of the collision view (0xRRGGBBAA). */
#define LWM_COLOR_SOLID_ALL 0xE8E8E8FFu /* top + LRB: fully solid */
#define LWM_COLOR_SOLID_TOP 0x40D060FFu /* top only: jump-through */
#define LWM_COLOR_SOLID_LRB 0xE05050FFu /* LRB only: not for floor sensors */
#define LWM_COLOR_ANGLE     0xFFD020FFu /* surface direction glyphs and angle labels */
#define LWM_COLOR_SWAPPER   0xFF40FFFFu /* path swappers */
#define LWM_COLOR_START     0x40A0FFFFu /* player start */
#define LWM_COLOR_TRACE     0xFF3030FFu /* a sim trace */

typedef struct lwm_render_options {
    bool collision;       /* draw two panels (path A above, path B below) of collision over
                             dimmed art instead of plain art */
    bool objects;         /* draw player start, swappers and markers */
    bool angle_labels;    /* with collision: print each tile's hex angle (needs scale >= 2) */
    uint32_t scale;       /* integer zoom, 1..8 (nearest neighbour) */
    const int32_t *trace; /* optional: trace_count (x, y) pixel pairs of a player's path */
    size_t trace_count;
    const lwm_image *water_art; /* optional: the tileset drawn with the water palette; with art,
                                   the rows below a water level's surface (y > water_height)
                                   take their cells from it (cells past it: from the art) */
} lwm_render_options;

/** Options for a plain picture at 1:1 with objects. */
lwm_render_options lwm_render_options_default(void);

/**
 * Draw @level into @out (allocated here; clear it with lwm_image_clear). @art is the decoded
 * tileset or NULL (tiles then drawn as flat grey squares). Fails with LW_ERR_LIMIT when the
 * picture would exceed the image limits.
 */
bool lwm_render_level(const lw_level *level, const lwm_image *art, const lwm_render_options *opts,
                      lwm_image *out, lw_error *err);

/**
 * Draw @level straight into the PNG file @path, a band of rows at a time: the picture is never
 * whole in memory (a few MiB at any size, so any valid level renders, at any --scale), and the
 * file is written atomically (a temporary file beside it, then renamed). Indexed (8-bit
 * palette) when the picture has at most 256 colours, RGB otherwise. The pixels are those of
 * lwm_render_level.
 */
bool lwm_render_level_png(const lw_level *level, const lwm_image *art,
                          const lwm_render_options *opts, const char *path, lw_error *err);

/** Copy 16x16 art cell @cell of @art to (@x, @y) in @dst with flips; transparent pixels
 * (alpha < 128) are skipped. Cells outside @art draw nothing. */
void lwm_blit_art_cell(lwm_image *dst, int32_t x, int32_t y, const lwm_image *art, uint32_t cell,
                       uint8_t flip_flags);

/* ---- primitive drawing (clipped to the image) ---- */

void lwm_fill_rect(lwm_image *img, int32_t x, int32_t y, int32_t w, int32_t h, uint32_t rgba);
void lwm_draw_line(lwm_image *img, int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t rgba);
/** Text in a 3x5 pixel font (0-9, A-Z, a few symbols), each glyph 4 px wide at @scale 1. */
void lwm_draw_text(lwm_image *img, int32_t x, int32_t y, const char *text, uint32_t rgba,
                   uint32_t scale);
/** Blend @rgba over the pixel at (x, y) by its alpha. */
void lwm_blend_pixel(lwm_image *img, int32_t x, int32_t y, uint32_t rgba);

/**
 * Integer unit direction of a hex angle for drawing (sine table, 8.8): the surface tangent
 * (dx, dy) in screen space, each in -256..256. Shared so every picture draws angles alike.
 */
void lwm_angle_direction(uint8_t angle, int32_t *dx, int32_t *dy);
