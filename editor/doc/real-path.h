#pragma once
/* SPDX-License-Identifier: MIT */
/* The "stays inside the level's folder" rule on real paths, symlinks resolved. */

#include <loopwright-masks/image.h>
#include <loopwright/base.h>
#include <stdint.h>

/**
 * False (LW_ERR_PATH) when the file @relative names from the level at @level_path exists and its
 * real path (every symlink resolved) lies outside the real path of the level's folder; the message
 * names the file as @what ("tileset", "player_sprites"). A missing file passes (its reader
 * reports it). editor_path_stays_inside checks only the text.
 *
 * This is the loader's early check, on the path: a link swapped after it is caught by the read,
 * editor_tileset_read, which checks the file it actually opened.
 */
bool editor_path_real_inside(const char *level_path, const char *relative, const char *what,
                             lw_error *err);

/**
 * Read the file @relative (a tileset or a sprite sheet; @what names it in messages: "tileset",
 * "player_sprites") of the level at @level_path, at most LWM_MAX_PNG_FILE_BYTES, into a
 * malloc()ed buffer. The level-folder rule is judged on the open descriptor
 * (lwm_file_read_inside): the file actually opened must lie inside the level's folder, so a
 * symbolic link pointing outside, also one swapped in after editor_path_real_inside passed, is
 * refused with LW_ERR_PATH and never read. The rule is for paths a level file may hold (relative,
 * staying inside: editor_path_stays_inside); it is not applied with @allow_outside
 * (--allow-outside-paths), nor to an absolute path, which only an editor session holds (a file
 * the user picked; saving copies it beside the level), and those are read as given. Messages
 * name the file as the level writes it.
 */
bool editor_level_file_read(const char *level_path, const char *relative, const char *what,
                            bool allow_outside, char **data, size_t *size, lw_error *err);

/** editor_level_file_read of the level's tileset. */
bool editor_tileset_read(const char *level_path, const char *relative, bool allow_outside,
                         char **data, size_t *size, lw_error *err);

/** editor_tileset_read, decoded as a PNG into @out. */
bool editor_tileset_load(const char *level_path, const char *relative, bool allow_outside,
                         lwm_image *out, lw_error *err);

/** editor_level_file_read, then only the PNG's size (lwm_png_read_size_memory): the checks'
 * read of the tileset and the player sprite sheet. */
bool editor_level_png_size(const char *level_path, const char *relative, const char *what,
                           bool allow_outside, uint32_t *width, uint32_t *height, lw_error *err);
