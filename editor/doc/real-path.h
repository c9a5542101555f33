#pragma once
/* SPDX-License-Identifier: MIT */
/* The "stays inside the level's folder" rule on real paths, symlinks resolved. */

#include <loopwright-masks/image.h>
#include <loopwright/base.h>

/**
 * False (LW_ERR_PATH) when the file @relative names from the level at @level_path exists and its
 * real path (every symlink resolved) lies outside the real path of the level's folder. A missing
 * file passes (its reader reports it). editor_path_stays_inside checks only the text.
 *
 * This is the loader's early check, on the path: a link swapped after it is caught by the read,
 * editor_tileset_read, which checks the file it actually opened.
 */
bool editor_path_real_inside(const char *level_path, const char *relative, lw_error *err);

/**
 * Read the tileset @relative of the level at @level_path (at most LWM_MAX_PNG_FILE_BYTES) into a
 * malloc()ed buffer. Unless @allow_outside, the file opened must lie inside the level's folder,
 * judged on the open descriptor (lwm_file_read_inside): a symbolic link pointing outside, also
 * one swapped in after editor_path_real_inside passed, is refused with LW_ERR_PATH and never
 * read. Messages name the tileset as the level writes it.
 */
bool editor_tileset_read(const char *level_path, const char *relative, bool allow_outside,
                         char **data, size_t *size, lw_error *err);

/** editor_tileset_read, decoded as a PNG into @out. */
bool editor_tileset_load(const char *level_path, const char *relative, bool allow_outside,
                         lwm_image *out, lw_error *err);
