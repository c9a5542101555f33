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

/** The codec of a tree file by its extension: .kos, .eni, .nem, .kosm, else none. */
lwm_disasm_codec tree_codec_of(const char *path);

/** Unpack @in by @codec into a new malloc()ed buffer of at most @max bytes (Enigma's words
 * big-endian). LW_ERR_VERSION for a codec this build cannot decode. */
bool tree_unpack(lwm_disasm_codec codec, const uint8_t *in, size_t n, size_t max, uint8_t **out,
                 size_t *out_size, lw_error *err);
