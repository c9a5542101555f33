#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Level JSON format v1 (docs/LEVEL-JSON.md): load with full validation, save with a stable key
 * order and layout so save -> load -> save is byte-identical. Uses jansson; no GTK. Every data
 * error comes back in an lw_error whose message starts with the JSON path of the offending
 * value and whose line/column point at it.
 */

#include <loopwright/level.h>

#define EDITOR_LEVEL_FORMAT         "loopwright-level"
#define EDITOR_LEVEL_VERSION        1
#define EDITOR_LEVEL_MAX_FILE_BYTES (64u << 20) /* refuse larger level files before parsing */

enum {
    /* Accept tileset paths that are absolute or leave the level's folder. */
    EDITOR_LOAD_ALLOW_OUTSIDE_PATHS = 1u << 0,
};

/** Parse and validate a level file. On success *@out owns a new level. */
bool editor_level_load_file(const char *path, unsigned flags, lw_level **out, lw_error *err);

/** Parse and validate level JSON held in memory (@text need not be NUL-terminated). */
bool editor_level_load_text(const char *text, size_t len, unsigned flags, lw_level **out,
                            lw_error *err);

/** Serialise @level as level JSON v1. Returns a malloc()ed NUL-terminated string (ends with a
 * newline) and its length in *@len (may be NULL); NULL when out of memory. */
char *editor_level_to_json(const lw_level *level, size_t *len);

/** Save atomically (temporary file, fsync, rename), keeping the previous file as PATH.bak. The
 * `source` section of the file already at @path, if any, is kept (a CLI edit of a tree level). */
bool editor_level_save_file(const char *path, const lw_level *level, lw_error *err);

/** editor_level_save_file writing @source_json as the `source` section (JSON object text, NULL =
 * none: docs/DISASM.md §8.1) instead of the section of the file at @path, which it may not have
 * (the editor's Save As keeps the section the document was opened with, to a new file).
 * LW_ERR_NOMEM also when @source_json is not a JSON object. */
bool editor_level_save_file_source(const char *path, const lw_level *level, const char *source_json,
                                   lw_error *err);

/** True when @relative is a relative path that stays inside its base folder (no "..", not
 * absolute, not empty). */
bool editor_path_stays_inside(const char *relative);

/** Join the folder of @level_path with @relative (absolute @relative is returned as is).
 * Returns a malloc()ed string. */
char *editor_level_resolve_path(const char *level_path, const char *relative);

/**
 * Check the level's art: the tileset PNG exists, is readable and a PNG whose sides are
 * multiples of 16, and every tile's art cell lies inside it; a water tileset the file names
 * (editor_level_find_water_tileset) likewise, but for the cells. No-op success without a tileset.
 * The tileset is read with editor_level_png_size (real-path.h): unless @allow_outside, the file
 * opened must lie inside the level's folder. On success *@cells (may be NULL) receives the
 * number of 16x16 cells in the tileset.
 */
bool editor_level_check_art(const lw_level *level, const char *level_path, bool allow_outside,
                            uint32_t *cells, lw_error *err);

/** Format "loopwright: FILE:LINE:COL: message" (or "FILE: message", or a byte offset) into
 * @buf. */
void editor_format_error(const char *file, const lw_error *err, char *buf, size_t size);

/** Parse a cell token ("." or TILE[x][y]:AB, see LEVEL-JSON.md) into @cell. */
bool editor_cell_parse(const char *token, lw_cell *cell);

/** Write the token for @cell into @buf (at least 16 bytes). */
void editor_cell_format(const lw_cell *cell, char *buf, size_t size);

/**
 * editor_level_to_json with a `source` object (docs/DISASM.md §8) given as JSON text
 * (@source_json, NULL = none) added as the last key. NULL when out of memory or when
 * @source_json is not a JSON object.
 */
char *editor_level_to_json_source(const lw_level *level, const char *source_json, size_t *len);

/**
 * The `source` object of level JSON @text as compact JSON text (*@source_json malloc()ed; NULL
 * when the level has none). False (LW_ERR_FORMAT) when @text is not JSON.
 */
bool editor_level_source_text(const char *text, size_t len, char **source_json, lw_error *err);

/**
 * The `source` section of the level file at @path as compact JSON text (malloc()ed), or NULL
 * when @path is NULL, the file cannot be read or is not JSON, or it has no `source`. With
 * @mention, a file whose text holds no string "@mention" is not parsed (NULL): a cheap test
 * for a key inside the section.
 */
char *editor_level_file_source(const char *path, const char *mention);

/**
 * The water tileset the level file at @level_path names (`source.water_tileset`,
 * docs/LEVEL-JSON.md: the tileset drawn with the water palette, for the rows below the water
 * surface), relative to its folder, in *@out (malloc()ed; NULL when the file names none or
 * cannot be read, which its own reader reports). False (LW_ERR_FORMAT, LW_ERR_PATH) when the
 * member is not a path of at most 1024 bytes, or one that leaves the level's folder and
 * @allow_outside is false; the file itself is checked by its reader (editor_tileset_load).
 */
bool editor_level_find_water_tileset(const char *level_path, bool allow_outside, char **out,
                                     lw_error *err);
