#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A bounded pre-scan of level JSON text, run before jansson builds its tree: it counts, without
 * allocating, the entries of the top-level arrays (refused with the loader's own message when over
 * the loader's limits), the values in each top-level section (bounded by what a level at every
 * limit holds there) and the nesting depth (at most 32). So the memory the parse takes is bounded
 * by the level's limits, not by what a hostile file repeats (docs/RELIABILITY.md). Malformed text
 * is left to jansson, which reports it with its place.
 */

#include <loopwright/base.h>
#include <stddef.h>

/** False (LW_ERR_LIMIT, with line and column) when @text is over one of the bounds above. */
bool editor_json_prescan(const char *text, size_t len, lw_error *err);
