#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: the sensor scan (spec/PHYSICS.md §3) as forced-inline code, for sensor.c's public
 * casts and for the physics steps' recorded casts (phys.c), which inline it with the direction
 * and the chunk shift as constants. Not engine API (docs/ENGINE.md, "Internal names").
 */

#include "loopwright/fixed.h"
#include "loopwright/sensor.h"

#if defined(__GNUC__)
#define LWI_ALWAYS_INLINE __attribute__((always_inline)) inline
#define LWI_NOINLINE      __attribute__((noinline))
#else
#define LWI_ALWAYS_INLINE inline
#define LWI_NOINLINE
#endif

/*
 * The hot path of the simulation: every frame casts 2 to 7 sensors, each reading one or two
 * blocks. lwi_scan_block() is lw_level_collision_at() inlined (same rules: outside the level, an
 * empty layout slot, an empty cell, no mask on the path or none of the requested solidity bits all
 * read as "nothing"; a jump-through tile keeps only its top bit); tests/engine/test-sensor.c checks
 * that both agree everywhere. It is forced inline: the call overhead was a tenth of a frame's
 * instructions (docs/BENCHMARKS.md).
 *
 * What a cast needs of the level is copied once into a scan (the hit record's byte stores could
 * alias the level, so the compiler would otherwise reload every field after each store), and the
 * scan remembers the last chunk it looked up: the second block of a cast and the second sensor of
 * a pair are nearly always in the same chunk, so they skip the bounds test and the layout read.
 */

typedef struct lwi_scan {
    const uint16_t *layout; /* foreground layout, w * h chunk indices */
    const lw_cell *cells;
    const lw_tile *tiles;
    const lw_mask *masks;
    uint32_t w, h;         /* layout size in chunks */
    unsigned shift;        /* log2 of the chunk size in px */
    unsigned cs;           /* log2 of the cells per chunk side (shift - 4) */
    uint32_t cm;           /* cells per chunk side - 1 */
    unsigned path;         /* 0 = A, 1 = B */
    unsigned want;         /* the cell solidity bits tested: the requested ones on the path */
    unsigned want_jt;      /* the same for a jump-through tile: only the top bit */
    uint32_t cx, cy;       /* the chunk last looked up (UINT32_MAX before the first) */
    const lw_level *loops; /* path B of a level with a loop table (level.h), else NULL */
    const lw_cell *in;     /* its first cell; NULL when it is outside the level or empty */
} lwi_scan;

/* @shift is the level's chunk_shift, passed as a constant where the caller has tested it, so
 * the chunk and cell arithmetic below uses immediate shifts. */
static LWI_ALWAYS_INLINE void lwi_scan_init(lwi_scan *s, const lw_level *level, lw_path path,
                                            unsigned want, unsigned shift)
{
    s->layout = level->layout[LW_LAYER_FG];
    s->cells = level->cells;
    s->tiles = level->tiles;
    s->masks = level->masks;
    s->w = level->layout_width;
    s->h = level->layout_height;
    s->shift = shift;
    s->cs = shift - 4u;
    s->cm = (1u << s->cs) - 1u;
    s->path = (unsigned)path & 1u;
    s->want = (want & 3u) << (2u * s->path);
    s->want_jt = (want & LW_SOLID_TOP) << (2u * s->path);
    s->cx = UINT32_MAX;
    s->cy = UINT32_MAX;
    s->in = NULL;
    s->loops = s->path && level->loop_chunk_count ? level : NULL;
}

/* Read the block containing pixel (@x, @y) for a sensor pointing @dir. Returns false when the
 * block is "nothing"; otherwise stores the direction-normalised height/width at the sensor's
 * column/row in *@v and records the block's angle and place in @hit (§3.3: the angle output is
 * overwritten by every solid block read, even when its column is empty). */
static LWI_ALWAYS_INLINE bool lwi_scan_block(lwi_scan *s, int32_t x, int32_t y, lw_sensor_dir dir,
                                             lw_sensor_hit *hit, int *v)
{
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
    /* (ux >> shift) < w is ux < w << shift: the level's bounds, tested per chunk */
    uint32_t cx = ux >> s->shift, cy = uy >> s->shift;
    if (cx != s->cx || cy != s->cy) {
        s->cx = cx;
        s->cy = cy;
        s->in = NULL;
        if (cx < s->w && cy < s->h) {
            uint16_t chunk = s->layout[cy * s->w + cx];
            if (chunk != LW_NONE && s->loops) /* a loop chunk's path B (level.h) */
                chunk = lw_level_collision_chunk(s->loops, chunk, LW_PATH_B);
            if (chunk != LW_NONE)
                s->in = s->cells + ((size_t)chunk << (2u * s->cs));
        }
    }
    if (!s->in)
        return false;
    const lw_cell *cell = s->in + ((((uy >> 4) & s->cm) << s->cs) + ((ux >> 4) & s->cm));
    if (cell->tile == LW_NONE)
        return false;
    const lw_tile *tile = &s->tiles[cell->tile];
    uint16_t mask_index = tile->mask[s->path];
    if (mask_index == LW_NONE)
        return false;
    if (!(cell->solid & ((tile->flags & LW_TILE_JUMP_THROUGH) ? s->want_jt : s->want)))
        return false;

    const lw_mask *mask = &s->masks[mask_index];
    bool fx = (cell->flags & LW_CELL_FLIP_X) != 0, fy = (cell->flags & LW_CELL_FLIP_Y) != 0;
    hit->angle = lw_angle_flip(lw_mask_angle_byte(mask), fx, fy);
    hit->found = true;
    hit->tile = cell->tile;
    hit->cell_x = x & ~15;
    hit->cell_y = y & ~15;
    int h;
    if (dir == LW_DIR_DOWN || dir == LW_DIR_UP) {
        unsigned c = ux & 15u;
        h = mask->heights[fx ? 15u - c : c];
        if (fy != (dir == LW_DIR_UP))
            h = -h;
    } else {
        unsigned r = uy & 15u;
        h = mask->widths[fy ? 15u - r : r];
        if (fx != (dir == LW_DIR_LEFT))
            h = -h;
    }
    *v = h;
    return true;
}

/* "Nothing here, or only the far part of the block is solid": the sensor looks further. */
static inline bool lwi_scan_is_gap(bool read, int v, int32_t o)
{
    return !read || v == 0 || (v < 0 && o + v >= 0);
}

/* The cast for one direction: @dir is a constant in each caller below, so the direction's
 * branches (here and in lwi_scan_block) fold away. The record is built in a local and stored once.
 */
static LWI_ALWAYS_INLINE int32_t lwi_scan_cast(lwi_scan *s, int32_t x, int32_t y,
                                               const lw_sensor_dir dir, uint8_t initial_angle,
                                               lw_sensor_hit *out)
{
    lw_sensor_hit hit = {.angle = initial_angle, .surface = true, .tile = LW_NONE};

    /* Normalise to "pointing down" (§3.3): o is the anchor's offset inside its block along the
     * direction, (dx, dy) the step to the next block. Up/left sensors read the same block with
     * their offset mirrored (the originals XOR the low four bits) and the values negated. */
    int32_t o, dx = 0, dy = 0;
    switch (dir) {
    case LW_DIR_DOWN:
        o = y & 15;
        dy = 16;
        break;
    case LW_DIR_UP:
        o = 15 - (y & 15);
        dy = -16;
        break;
    case LW_DIR_RIGHT:
        o = x & 15;
        dx = 16;
        break;
    case LW_DIR_LEFT:
    default:
        o = 15 - (x & 15);
        dx = -16;
        break;
    }
    int v = 0;
    int32_t d;
    bool read = lwi_scan_block(s, x, y, dir, &hit, &v);
    if (lwi_scan_is_gap(read, v, o)) {
        /* Extension: the second block decides; its result is 16 px further away. */
        int w = 0;
        bool read2 = lwi_scan_block(s, x + dx, y + dy, dir, &hit, &w);
        if (lwi_scan_is_gap(read2, w, o)) {
            d = 15 - o;
            hit.surface = false;
        } else {
            d = (w < 0) ? -o - 1 : 15 - o - w;
        }
        d += 16;
    } else if (v == 16 || v < 0) {
        /* Regression: the anchor is inside a full column; look one block back. */
        int w = 0;
        bool read2 = lwi_scan_block(s, x - dx, y - dy, dir, &hit, &w);
        if (lwi_scan_is_gap(read2, w, o))
            d = 15 - o;
        else
            d = (w < 0) ? -o - 1 : 15 - o - w;
        d -= 16;
    } else {
        d = 15 - o - v;
    }
    hit.distance = d;
    *out = hit;
    return d;
}
