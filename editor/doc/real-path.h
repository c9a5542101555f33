#pragma once
/* SPDX-License-Identifier: MIT */
/* The "stays inside the level's folder" rule on real paths, symlinks resolved. */

#include <loopwright/base.h>

/**
 * False (LW_ERR_PATH) when the file @relative names from the level at @level_path exists and its
 * real path (every symlink resolved) lies outside the real path of the level's folder. A missing
 * file passes (its reader reports it). editor_path_stays_inside checks only the text.
 */
bool editor_path_real_inside(const char *level_path, const char *relative, lw_error *err);
