#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * One level of a disassembly tree into a level JSON with its `source` section and its tileset
 * PNG beside it (LEVEL-tiles.png), written together atomically (docs/DISASM.md §7-§8). Used by
 * `loopwright unpack TREE --level` and the editor's File ▸ Open Disassembly…. No GTK.
 */

#include <loopwright-masks/disasm-tree.h>

/**
 * Import level @index of @tree and write @json_path and its tileset. Warnings and notes go into
 * @report; on failure @failed (at least 4096 bytes) names the file and @err says why. On success
 * *@im (may be NULL) keeps the import (free with lwm_tree_import_clear).
 */
bool editor_disasm_unpack(const lwm_tree *tree, size_t index, const char *json_path,
                          lwm_tree_import *im, lwm_report *report, char *failed, lw_error *err);
