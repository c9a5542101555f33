#pragma once
/* SPDX-License-Identifier: MIT */
/* Saving a level JSON together with the tileset PNG it names, as one change seen by readers. */

#include <loopwright/level.h>
#include <stddef.h>

/**
 * Save @level to @json_path (atomically; @backup_suffix as in lwm_file_write_atomic) with the
 * tileset
 * @png (@png_size bytes; NULL: none) as a file beside it. The tileset never replaces a file the
 * previous JSON may name: it is written under @rel (relative to the JSON's folder) when that is
 * free or already holds these bytes, else under `rel`'s stem plus a hash of its content
 * (lwm_file_dependent_name). Only then is the JSON, naming it (level->tileset is set), renamed
 * into place: a kill or a full disk at any point leaves the old pair or the new pair. A tileset of
 * that hashed pattern the previous JSON named and the new one does not is removed afterwards.
 * Prints the error (`loopwright: FILE: msg`) and returns false on failure.
 * *@chosen (may be NULL) = the tileset name used, malloc()ed.
 */
bool cli_save_level_pair(const char *json_path, lw_level *level, const char *rel, const void *png,
                         size_t png_size, const char *backup_suffix, char **chosen);
