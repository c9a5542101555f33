#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The `source` section of a level imported from a disassembly tree (docs/DISASM.md §8), to and
 * from JSON text: the tree, the INI level, every file read (role, path, codec, offset, sizes,
 * CRC-32), the original collision id of each mask, the chunk words the level cannot hold, and
 * the layouts' padding. Uses jansson; no GTK.
 */

#include <loopwright-masks/disasm-tree.h>

/** @src and the tree's folder @tree as compact JSON text (malloc()ed), NULL when out of memory. */
char *editor_source_to_json(const lwm_tree_source *src, const char *tree);

/**
 * Parse JSON text @json into @src (zeroed first; free with lwm_tree_import_clear-style
 * editor_source_clear) and *@tree (malloc()ed). Every field is checked (types, counts, ranges);
 * errors say "source.FIELD: ...".
 */
bool editor_source_from_json(const char *json, lwm_tree_source *src, char **tree, lw_error *err);

/** Free what editor_source_from_json allocated in @src and zero it. */
void editor_source_clear(lwm_tree_source *src);
