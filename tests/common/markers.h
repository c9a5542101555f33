#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Level markers for the engine tests and benchmarks: a game object (docs/OBJECTS.md §2) is a
 * marker with a type name and a few key/value properties. Engine API only (no GLib), so a
 * benchmark links it as the tests do.
 */

#include <loopwright/level.h>

/**
 * Append a marker named @name at (@x, @y) px to @level with the properties @k1 = @v1 and
 * @k2 = @v2: none when @k1 is NULL, one when @k2 is NULL. The strings are copied. Returns the
 * stored object (lw_level_add_object), or NULL when the level refused it.
 */
lw_object *test_marker_add(lw_level *level, const char *name, int32_t x, int32_t y, const char *k1,
                           const char *v1, const char *k2, const char *v2);
