#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: a whole level from terrain images. The terrain is sliced into 16x16
 * cells; each cell gets a mask per collision path (heights with the hole policy of masks.h), an
 * angle by Sega's chord rule in the direction the surrounding surface faces (contours of the
 * whole terrain split into straight segments; long straight lines keep their fitted angle; full
 * cells carrying a slope get the slope's angle: docs/MASKS.md §4.3-4.4), a solidity per path and
 * an art cell.
 * Identical (art, mask A, mask B, jump-through) combinations share a tile, flips included; equal
 * cell grids share a chunk; empty chunks leave their layout slot empty. No file I/O here: the
 * caller decodes the PNGs and saves the level and the tileset.
 */

#include "loopwright-masks/image.h"
#include "loopwright-masks/masks.h"
#include "loopwright/level.h"

/** Called now and then with a stage name ("cells", "angles", "tiles", "chunks") and progress. */
typedef void (*lwm_progress_fn)(void *user, const char *stage, uint64_t done, uint64_t total);

/** Called for each warning with the level pixel it is about (top-left of the cell) and a
 * message without the file name. */
typedef void (*lwm_warn_fn)(void *user, int32_t x, int32_t y, const char *message);

typedef struct lwm_import_options {
    /* Borrowed images, all the same size; pixels are solid when alpha >= 128 (apply a colour
     * key first for images without alpha). */
    const lwm_image *terrain;   /* path A collision; required */
    const lwm_image *art;       /* visible art; NULL = the terrain image itself */
    const lwm_image *top_solid; /* jump-through pixels; NULL = none */
    const lwm_image *path_b;    /* path B collision; NULL = same as path A */
    uint16_t chunk_px;          /* 128 or 256 */
    uint32_t tileset_columns;   /* art cells per row of the tileset image; 0 = 16 */
    bool neighbour_angles;      /* true: angles from the surrounding surface (default);
                                   false: every cell on its own, as `masks` does */
    const char *profile;        /* the level's physics profile and the angle style of its game
                                   (lwm_angle_style_for_profile); NULL = the level default, s2 */
    lwm_progress_fn progress;   /* may be NULL */
    lwm_warn_fn warn;           /* may be NULL */
    void *user;                 /* passed to progress and warn */
} lwm_import_options;

/** Defaults: chunk 128, 16 tileset columns, neighbour angles on, no callbacks. */
lwm_import_options lwm_import_options_default(void);

typedef struct lwm_import_result {
    /* Owned */
    lw_level *level;   /* the level; its tileset path is left NULL for the caller to set */
    lwm_image tileset; /* unique art cells, row-major; width 0 when there is no art at all */
    /* Counts */
    uint32_t warnings;        /* warnings reported */
    uint32_t art_cells;       /* cells in the tileset */
    int32_t start_x, start_y; /* the player start placed (px) */
    bool start_found;         /* false: no floor found, start placed at the top-left */
} lwm_import_result;

/**
 * Build a level. The images are padded (with empty pixels) to multiples of the chunk size.
 * Fails with LW_ERR_RANGE (sizes differ, bad chunk size), LW_ERR_LIMIT (level over the size
 * limits, more than LW_MAX_TILES distinct tiles or LW_MAX_CHUNKS distinct chunks; the message
 * names the place where the limit was reached) or LW_ERR_NOMEM.
 *
 * A player start is added above the first floor from the left: the first cell column centre
 * x = 16k + 8 (k >= 1) whose topmost solid pixel y on path A has 40 free pixels above it and
 * 9 px free on either side; the start is (x, y - 20), where a standing player's centre is.
 */
bool lwm_import_terrain(const lwm_import_options *opts, lwm_import_result *out, lw_error *err);

/** Free what @result owns and zero it. */
void lwm_import_result_clear(lwm_import_result *result);
