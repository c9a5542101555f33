/* SPDX-License-Identifier: MIT */
#include "loopwright/sensor.h"

#include "loopwright/fixed.h"

/*
 * The hot path of the simulation: every frame casts 2 to 7 sensors, each reading one or two
 * blocks. read_block() is lw_level_collision_at() inlined (same rules: outside the level, an empty
 * layout slot, an empty cell, no mask on the path or none of the requested solidity bits all read
 * as "nothing"; a jump-through tile keeps only its top bit); tests/engine/test-sensor.c checks that
 * both agree everywhere. It is forced inline: the call overhead was a tenth of a frame's
 * instructions (docs/BENCHMARKS.md).
 */

/* Read the block containing pixel (@x, @y) for a sensor pointing @dir. Returns false when the
 * block is "nothing"; otherwise stores the direction-normalised height/width at the sensor's
 * column/row in *@v and records the block's angle and place in @out (§3.3: the angle output is
 * overwritten by every solid block read, even when its column is empty). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool
read_block(const lw_level *level, unsigned path, unsigned want, int32_t x, int32_t y,
           lw_sensor_dir dir, lw_sensor_hit *out, int *v)
{
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
    unsigned shift = level->chunk_shift;
    if (ux >= ((uint32_t)level->layout_width << shift) ||
        uy >= ((uint32_t)level->layout_height << shift))
        return false;
    uint16_t chunk =
        level->layout[LW_LAYER_FG][(uy >> shift) * level->layout_width + (ux >> shift)];
    if (chunk == LW_NONE)
        return false;
    /* chunk_cells is 1 << (shift - 4): cells by shifts, not multiplications */
    unsigned cs = shift - 4u;
    uint32_t n = 1u << cs;
    const lw_cell *cell = &level->cells[((size_t)chunk << (2u * cs)) +
                                        (((uy >> 4) & (n - 1)) << cs) + ((ux >> 4) & (n - 1))];
    if (cell->tile == LW_NONE)
        return false;
    const lw_tile *tile = &level->tiles[cell->tile];
    uint16_t mask_index = tile->mask[path];
    if (mask_index == LW_NONE)
        return false;
    unsigned solid = (cell->solid >> (2u * path)) & 3u;
    if (tile->flags & LW_TILE_JUMP_THROUGH)
        solid &= LW_SOLID_TOP;
    if (!(solid & want))
        return false;

    const lw_mask *mask = &level->masks[mask_index];
    bool fx = (cell->flags & LW_CELL_FLIP_X) != 0, fy = (cell->flags & LW_CELL_FLIP_Y) != 0;
    out->angle = lw_angle_flip(lw_mask_angle_byte(mask), fx, fy);
    out->found = true;
    out->tile = cell->tile;
    out->cell_x = x & ~15;
    out->cell_y = y & ~15;
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
static inline bool is_gap(bool read, int v, int32_t o)
{
    return !read || v == 0 || (v < 0 && o + v >= 0);
}

/* The cast for one direction: @dir is a constant in each caller below, so the direction's
 * branches (here and in read_block) fold away. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int32_t
cast_dir(const lw_level *level, lw_path path, int32_t x, int32_t y, const lw_sensor_dir dir,
         unsigned solidity, uint8_t initial_angle, lw_sensor_hit *out)
{
    out->angle = initial_angle;
    out->found = false;
    out->surface = true;
    out->tile = LW_NONE;
    out->cell_x = 0;
    out->cell_y = 0;

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
    unsigned p = (unsigned)path & 1u;
    int v = 0;
    int32_t d;
    bool read = read_block(level, p, solidity, x, y, dir, out, &v);
    if (is_gap(read, v, o)) {
        /* Extension: the second block decides; its result is 16 px further away. */
        int w = 0;
        bool read2 = read_block(level, p, solidity, x + dx, y + dy, dir, out, &w);
        if (is_gap(read2, w, o)) {
            d = 15 - o;
            out->surface = false;
        } else {
            d = (w < 0) ? -o - 1 : 15 - o - w;
        }
        d += 16;
    } else if (v == 16 || v < 0) {
        /* Regression: the anchor is inside a full column; look one block back. */
        int w = 0;
        bool read2 = read_block(level, p, solidity, x - dx, y - dy, dir, out, &w);
        if (is_gap(read2, w, o))
            d = 15 - o;
        else
            d = (w < 0) ? -o - 1 : 15 - o - w;
        d -= 16;
    } else {
        d = 15 - o - v;
    }
    out->distance = d;
    return d;
}

int32_t lw_sensor_cast(const lw_level *level, lw_path path, int32_t x, int32_t y, lw_sensor_dir dir,
                       unsigned solidity, uint8_t initial_angle, lw_sensor_hit *out)
{
    switch (dir) {
    case LW_DIR_DOWN:
        return cast_dir(level, path, x, y, LW_DIR_DOWN, solidity, initial_angle, out);
    case LW_DIR_UP:
        return cast_dir(level, path, x, y, LW_DIR_UP, solidity, initial_angle, out);
    case LW_DIR_RIGHT:
        return cast_dir(level, path, x, y, LW_DIR_RIGHT, solidity, initial_angle, out);
    case LW_DIR_LEFT:
    default:
        return cast_dir(level, path, x, y, LW_DIR_LEFT, solidity, initial_angle, out);
    }
}

int32_t lw_sensor_floor_distance(const lw_level *level, lw_path path, int32_t x, int32_t y,
                                 unsigned solidity)
{
    lw_sensor_hit hit; /* local: only the distance is used, so its stores fold away */
    return cast_dir(level, path, x, y, LW_DIR_DOWN, solidity, 0, &hit);
}

const char *lw_mode_name(lw_mode mode)
{
    switch (mode) {
    case LW_MODE_FLOOR:
        return "floor";
    case LW_MODE_RWALL:
        return "rwall";
    case LW_MODE_CEILING:
        return "ceiling";
    case LW_MODE_LWALL:
        return "lwall";
    }
    return "floor";
}
