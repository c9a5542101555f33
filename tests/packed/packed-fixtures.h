#pragma once
/* SPDX-License-Identifier: MIT */
/* Levels built in code for the packed-format tests, the fuzz seeds and the benchmarks. */

#include <loopwright/level.h>

/** A small level using every feature the format carries: masks (flagged, locked, ceiling),
 * tiles (jump-through, no mask on B), both layers, flips and every solidity, all object kinds,
 * marker properties, overrides and replays. Owned by the caller (lw_level_free). */
lw_level *fixture_level_rich(void);

/** The maximum-size level of the performance target: 128x16 layout of 128 px chunks, 1024
 * distinct chunks with every cell used, 1023 tiles, 1023 masks, foreground only. */
lw_level *fixture_level_max(void);

/** True when two levels hold the same data (arrays, strings, objects, settings, replays);
 * capacities and storage are ignored. On a difference, describes it in @why (may be NULL). */
bool fixture_levels_equal(const lw_level *a, const lw_level *b, char *why, size_t why_size);
