#pragma once
/* SPDX-License-Identifier: MIT */
/* Internals shared by disasm-tree.c and disasm-tree-import.c. */

#include "disasm-private.h"
#include "loopwright-masks/disasm-tree.h"

/** The first file of an INI value "a/b.kos:0x10|c.kos" into @out ("a/b.kos"). */
void tree_first_path(const char *value, char *out, size_t size);

/** An INI path (relative to LWM_TREE_INI_DIR, '/' or '\' separated) as a path relative to the
 * tree's root, normalised; LW_ERR_PATH when absolute, empty or leaving the tree. */
bool tree_resolve(const char *value, char *out, size_t size, lw_error *err);
