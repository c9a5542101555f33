#pragma once
/* SPDX-License-Identifier: MIT */
/* Internals shared by disasm-tree-export.c and disasm-tree-art.c: the write-back's context and
 * the steps that rebuild a role's table and split it back into the role's files. */

#include "disasm-tree-private.h"

#define TREE_MAX_TABLE 0x10000u

typedef tree_blob tx_blob;

typedef struct export_ctx {
    const lwm_tree *tree;
    const lwm_tree_source *src;
    const lw_level *level;
    const lwm_image *tileset; /* the level's tileset PNG decoded; NULL: the art is not compared */
    const lwm_ini_section *sec;
    lwm_tree_export *out;
    lwm_report *report;
    char *failed;
    lw_error *err;
    lwm_game game;
    uint32_t chunk_bytes, chunk_cells;
    tx_blob raw[LWM_TREE_MAX_FILES]; /* each source file unpacked, as the tree has it now */
    bool decoded[LWM_TREE_MAX_FILES];
    bool used_self[LWM_CLASSIC_MASKS], used_other[LWM_CLASSIC_MASKS];
    uint8_t *mask_id; /* level mask -> collision id */
    tx_blob heights, widths, angles;
} export_ctx;

bool tx_nomem(export_ctx *c);

/** c->failed = the tree's root / @rel. */
void tx_set_failed(export_ctx *c, const char *rel);

/** True when a file of @role was read and unpacked. */
bool tx_role_present(const export_ctx *c, const char *role);

/** The role's table as the tree has it now: its files placed at their offsets, in order. */
bool tx_composite(export_ctx *c, const char *role, tx_blob *out);

/** Write @table (the role's new content; @old_size its size before) back into the role's files;
 * @alters: a change alters what other levels reading a changed file show. */
bool tx_write_role(export_ctx *c, const char *role, const tx_blob *table, size_t old_size,
                   bool alters);

/** Add file @j of the source, whose new unpacked bytes are @nw (@changed of them differ), to the
 * output: encoded in the file's codec, with the levels that share it. */
bool tx_add_file(export_ctx *c, size_t j, const tx_blob *nw, uint32_t changed, bool alters);

/**
 * The art of the write-back (docs/DISASM.md §8.5): the palette colours the tileset's pixels (and
 * the level's background colour) now show, the block mappings of changed and new tiles and the
 * patterns their art needs (existing ones reused with flips, new ones appended), each written
 * into the file it came from when its bytes change.
 */
bool tree_export_art(export_ctx *c);

/**
 * The water height (docs/DISASM.md §8.6): when the level's differs from the INI's, the INI
 * value's bytes and the game's start-height table entry (where it holds the INI's old value)
 * are added to the output; water added or removed is refused (c->out->cannot_hold).
 */
bool tree_export_water(export_ctx *c);
