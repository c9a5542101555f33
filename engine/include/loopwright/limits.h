#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the limits every loader applies (level JSON, packed binaries, disassembly
 * importers), so a level one of them accepts is one every other accepts and the simulation and
 * the renderer can compute with without overflow (docs/RELIABILITY.md). The counts and sizes
 * (LW_MAX_MASKS ...) are in level.h; the positions and replay fields are here.
 *
 * Every position below times 256 (subpixels), plus the largest speed, fits an int32 with room to
 * spare: 2 * 65536 * 256 = 2^25.
 */

#include "loopwright/level.h"

#define LW_MIN_OBJECT_X      (-LW_MAX_LEVEL_W_PX) /* px: objects may lie a level's size outside */
#define LW_MAX_OBJECT_X      (2 * LW_MAX_LEVEL_W_PX) /* px */
#define LW_MIN_OBJECT_Y      (-LW_MAX_LEVEL_H_PX)    /* px */
#define LW_MAX_OBJECT_Y      (2 * LW_MAX_LEVEL_H_PX) /* px */
#define LW_MAX_START_X       LW_MAX_LEVEL_W_PX       /* px: a replay's start, 0..this */
#define LW_MAX_START_Y       LW_MAX_LEVEL_H_PX       /* px */
#define LW_MAX_REPLAY_FRAMES 100000000u /* frames of one replay (about 19 days at 60 Hz) */

/** True when (@x, @y) is a position an object may have. */
static inline bool lw_limits_object_pos_ok(int64_t x, int64_t y)
{
    return x >= LW_MIN_OBJECT_X && x <= LW_MAX_OBJECT_X && y >= LW_MIN_OBJECT_Y &&
           y <= LW_MAX_OBJECT_Y;
}

/** True when (@x, @y) is a start position a replay may have. */
static inline bool lw_limits_start_ok(int64_t x, int64_t y)
{
    return x >= 0 && x <= LW_MAX_START_X && y >= 0 && y <= LW_MAX_START_Y;
}

/**
 * Check every object position, replay start, replay frame count and replay expectation of
 * @level against the limits above (lw_level_validate calls it). LW_ERR_RANGE with the object id
 * or replay index on failure.
 */
bool lw_level_check_limits(const lw_level *level, lw_error *err);
