#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Level computations the editor's tools and commands build on: usage counts, compaction
 * (remove unused or duplicate chunks and tiles), layout row/column edits, resize, chunk size
 * conversion, flood fill, and snap-to-ground. Pure functions: they read a level and return new
 * data (a new level for structural edits, wrapped by editor_cmd_replace_level_new); they never
 * change the level they are given. No GTK.
 */

#include "editor-commands.h"
#include "editor-types.h"

G_BEGIN_DECLS

/** Count how many layout slots (both layers) use each chunk: @counts has chunk_count entries. */
void editor_level_chunk_usage(const lw_level *level, guint *counts);

/** Count how many chunk cells use each tile: @counts has tile_count entries. */
void editor_level_tile_usage(const lw_level *level, guint *counts);

/**
 * A copy of @level without the chunks no layout slot uses and, when @duplicates, with
 * identical chunks merged into the first of them; ids are renumbered in order. *@removed
 * (may be NULL) receives how many chunks went, *@remap (may be NULL) how the ids moved (for
 * editor_cmd_replace_level_remap_new). Returns NULL when out of memory.
 */
lw_level *editor_level_compact_chunks(const lw_level *level, gboolean duplicates, guint *removed,
                                      EditorRemap *remap);

/** The same for tiles: unused ones (no chunk cell uses them) and, with @duplicates, identical
 * tiles (same art, masks and flags). */
lw_level *editor_level_compact_tiles(const lw_level *level, gboolean duplicates, guint *removed,
                                     EditorRemap *remap);

/**
 * A copy with @count empty rows (or columns when @columns) inserted before row/column @at;
 * a negative @count removes -@count rows/columns starting at @at. Objects below/right of the
 * edit move with the terrain; objects in removed rows/columns move to the edit line.
 * NULL and @error when the result breaks the size limits or removes everything.
 */
lw_level *editor_level_edit_rows(const lw_level *level, gboolean columns, guint at, int count,
                                 GError **error);

/** A copy resized to @width x @height chunks (top-left kept). NULL and @error on limits. */
lw_level *editor_level_resized(const lw_level *level, guint width, guint height, GError **error);

/**
 * A copy using @chunk_px chunks (128 or 256): 128 -> 256 joins 2x2 chunks, 256 -> 128 splits
 * each into four; identical chunks are merged and the level keeps its pixel content exactly
 * (a level whose width or height in px is not a multiple of the new chunk size grows).
 * NULL and @error over the limits.
 */
lw_level *editor_level_with_chunk_size(const lw_level *level, guint chunk_px, GError **error);

/**
 * Flood fill of layout @layer from slot (@x, @y): every 4-connected slot holding the same chunk
 * id as the start is set to @chunk. Returns an array of EditorLayoutEdit (possibly empty).
 */
GArray *editor_level_flood_fill(const lw_level *level, lw_layer layer, guint x, guint y,
                                uint16_t chunk);

/**
 * A floor sensor (down, top-solid bit) on @path from pixel (@x, @y) through the engine's
 * lw_sensor_cast (PHYSICS.md §3.3): returns the distance d (-32..31; > 15 when nothing was
 * found within two blocks).
 */
int editor_sensor_scan_down(const lw_level *level, lw_path path, int32_t x, int32_t y);

/**
 * Where @obj would rest on the terrain under it on @path: the player start stands on the floor
 * with its feet sensors (x -/+ 9, centre = surface - 20), other objects sit with their point on
 * the surface's top pixel row minus one. Searches down to the level's bottom. Returns FALSE
 * when there is no floor below; else *@y receives the new y (px).
 */
gboolean editor_level_snap_to_ground(const lw_level *level, const lw_object *obj, lw_path path,
                                     int32_t *y);

G_END_DECLS
