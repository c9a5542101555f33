#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: one terrain sensor cast, exactly as the originals scan (spec/PHYSICS.md §3).
 * A sensor is a pixel (the anchor), a direction and a solidity mask; it examines at most two
 * 16x16 blocks along its direction and reports the signed distance to the first solid pixel,
 * the flip-adjusted angle of the last solid block it read and which block that was.
 *
 * The player uses this internally; the editor may call it for a mask-probe preview or for
 * "snap to ground". It reads the level only (lw_level_collision_at semantics: an empty slot,
 * an empty cell, a tile without a mask on the path, a cell without the requested solidity bit
 * and anything outside the level are "nothing"), never allocates and keeps no state.
 */

#include "loopwright/level.h"

/** Direction a sensor points in. */
typedef enum lw_sensor_dir {
    LW_DIR_DOWN = 0,
    LW_DIR_RIGHT = 1,
    LW_DIR_UP = 2,
    LW_DIR_LEFT = 3,
} lw_sensor_dir;

/** Result of one cast. */
typedef struct lw_sensor_hit {
    int32_t distance; /* px, -32..31: 0 = anchor touches the surface, < 0 = inside, > 0 = gap;
                         "nothing within two blocks" = 31 - (anchor offset in its block) */
    uint8_t angle;    /* hex angle of the last solid block read (flips applied, may be odd =
                         flagged); the caller's initial value when no block was read */
    bool found;       /* a block with a shape and the requested solidity was read (the angle
                         output was written) */
    bool surface;     /* a solid pixel was met within the scanned blocks (false exactly when the
                         distance is the "nothing found" value) */
    uint16_t tile;    /* tile index of the last solid block read, LW_NONE when !found */
    int32_t cell_x;   /* px: top-left corner of that block (0 when !found) */
    int32_t cell_y;
} lw_sensor_hit;

/**
 * Cast one sensor from pixel (@x, @y) of @level on collision path @path, testing cells whose
 * solidity on that path has any bit of @solidity (LW_SOLID_TOP for floor sensors A/B,
 * LW_SOLID_LRB for ceiling, wall and head-room sensors). @initial_angle is the value the angle
 * output keeps when no solid block is read (the originals preload 3 for grounded A/B).
 * Fills @out; returns out->distance.
 */
int32_t lw_sensor_cast(const lw_level *level, lw_path path, int32_t x, int32_t y, lw_sensor_dir dir,
                       unsigned solidity, uint8_t initial_angle, lw_sensor_hit *out);

/**
 * The distance lw_sensor_cast() returns for a sensor pointing down from pixel (@x, @y) on
 * @path with @solidity, without the rest of the hit record (game objects' floor checks: the
 * same code, with the record's stores folded away).
 */
int32_t lw_sensor_floor_distance(const lw_level *level, lw_path path, int32_t x, int32_t y,
                                 unsigned solidity);

/* ---- ground modes (§4.8.1) ---- */

/** The four ground modes; the value is the mode's cardinal hex angle. */
typedef enum lw_mode {
    LW_MODE_FLOOR = 0x00,
    LW_MODE_LWALL = 0x40, /* the surface is on the player's left; positive Gsp moves down */
    LW_MODE_CEILING = 0x80,
    LW_MODE_RWALL = 0xC0, /* the surface is on the player's right; positive Gsp moves up */
} lw_mode;

/**
 * The ground mode of hex angle @a with the originals' symmetric rounding: floor 0xE0..0x20,
 * right wall 0xA1..0xDF, ceiling 0x60..0xA0, left wall 0x21..0x5F.
 */
static inline lw_mode lw_mode_of(uint8_t a)
{
    unsigned t;
    if ((uint8_t)(a + 0x20u) < 0x80u)
        t = (unsigned)a + (a >= 0x80u ? 1u : 0u) + 0x1Fu;
    else
        t = (unsigned)a - (a >= 0x80u ? 1u : 0u) + 0x20u;
    return (lw_mode)(t & 0xC0u);
}

/** "floor", "rwall", "ceiling" or "lwall" (the trace CSV's spelling). */
const char *lw_mode_name(lw_mode mode);
