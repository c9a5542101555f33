#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Test helper: build collision terrain with the level API. Every layout slot gets its own chunk,
 * so any 16x16 block of the level can be set on its own by block coordinates (bx = x / 16,
 * by = y / 16). Blocks are set on both paths unless a function takes a path.
 */

#include <loopwright/level.h>
#include <loopwright/sim.h>

/** A level of @width_px x @height_px (rounded up to whole chunks of @chunk_px), all empty. */
lw_level *terrain_new(uint16_t chunk_px, int32_t width_px, int32_t height_px);

/** Add a mask with @heights and @angle (flagged when @flagged) and a tile using it on both
 * paths; returns the tile index. */
uint16_t terrain_shape(lw_level *level, const int8_t heights[16], uint8_t angle, bool flagged);

/** A fully solid block with the flagged angle (0xFF): the §9 floor. */
uint16_t terrain_full(lw_level *level);

/** A fully solid block reporting angle @angle (unflagged). */
uint16_t terrain_full_angle(lw_level *level, uint8_t angle);

/** Set block (@bx, @by) to @tile with @flip (LW_CELL_FLIP_*) and solidity @a / @b per path. */
void terrain_set_path(lw_level *level, int32_t bx, int32_t by, uint16_t tile, uint8_t flip,
                      lw_solidity a, lw_solidity b);

/** Set block (@bx, @by) to @tile, solid on both paths. */
void terrain_set(lw_level *level, int32_t bx, int32_t by, uint16_t tile, uint8_t flip);

/** Empty block (@bx, @by). */
void terrain_clear(lw_level *level, int32_t bx, int32_t by);

/** Fill blocks bx0..bx1 x by0..by1 (inclusive) with @tile (no flip, all solid). */
void terrain_fill(lw_level *level, int32_t bx0, int32_t by0, int32_t bx1, int32_t by1,
                  uint16_t tile);

/** A floor of full flagged blocks whose top solid row is @top_px (a multiple of 16), @depth
 * blocks deep, over the pixel columns x0_px..x1_px (rounded out to blocks). */
void terrain_floor(lw_level *level, int32_t top_px, int32_t x0_px, int32_t x1_px, int depth);

/** Full flagged blocks covering the pixel rectangle (rounded out to whole blocks). */
void terrain_rect(lw_level *level, int32_t x0_px, int32_t y0_px, int32_t x1_px, int32_t y1_px);

/** Rasterise a pixel predicate into blocks bx0..bx1 x by0..by1: each block whose pixels the
 * predicate makes solid gets a new mask (heights from each column's solid run: bottom-anchored
 * runs positive, top-anchored negative, full 16) with the angle @angle_fn returns for the
 * block (an odd value or NULL = flagged). Blocks with no solid pixel are left alone. Returns the
 * number of blocks set. */
typedef bool (*terrain_pixel_fn)(int32_t x, int32_t y, void *user);
typedef uint8_t (*terrain_angle_fn)(int32_t bx, int32_t by, void *user);
int terrain_raster(lw_level *level, int32_t bx0, int32_t by0, int32_t bx1, int32_t by1,
                   terrain_pixel_fn solid, terrain_angle_fn angle, void *user);

/** Start a simulation on @level with preset @profile ("s2" etc.) at (@x, @y); asserts. */
void terrain_sim(lw_sim *sim, const lw_level *level, const char *profile, int32_t x, int32_t y);

/** Step @n frames with @input; returns the status of the last step. */
lw_sim_status terrain_run(lw_sim *sim, lw_input input, int n);

/** Position helper: @px whole pixels plus @sub subpixels, in 1/256 px. */
static inline int32_t subpx(int32_t px, int32_t sub)
{
    return px * 256 + sub;
}
