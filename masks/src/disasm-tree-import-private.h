#pragma once
/* SPDX-License-Identifier: MIT */
/* Internals of the tree import (disasm-tree-import.c reads the INI's files into the game's
 * tables, disasm-tree-import-extras.c what the INI gives besides them, disasm-tree-import-build.c
 * builds the level): the import's context and the helpers the three share. */

#include "disasm-tree-private.h"

#define MAX_INPUT_FILE (4u << 20)
#define MAX_ART_BYTES  0x10000u /* all of VRAM */
#define MAX_BLOCKS     0x400u   /* chunk words hold 10-bit block ids */
#define S2_INDEX_BYTES 0x300u
#define MAX_TABLE_READ 0x20000u /* what a part may unpack to before it is clipped */

typedef tree_blob blob;

typedef struct tree_ctx {
    const lwm_tree *tree;
    const lwm_ini_section *sec;
    lwm_tree_import *out;
    lwm_tree_source *src;
    lwm_report *report;
    char *failed; /* 4096 bytes */
    lw_error *err;
    lwm_game game;
    uint32_t chunk_bytes, chunk_px, chunk_cells;
    /* the game's tables, unpacked */
    blob tiles, blocks, chunks, layout[2], index[2], heights, widths, angles;
    uint16_t pal[64];
    bool have_pal[64], have_start;
    int32_t start_x, start_y;
    uint32_t lay_w[2], lay_h[2]; /* layout sizes in chunks (S2: 128x16 both) */
    uint32_t lay_at[2];          /* offset of the first id in layout[layer] */
    uint32_t row_at[2][32];      /* S3K: offset of each row in layout[0] */
    uint32_t w, h;               /* the level's size in chunks */
    int32_t mask_of[LWM_CLASSIC_MASKS];
    uint8_t
        *anim[MAX_ART_BYTES / MD_PATTERN_BYTES]; /* animated tiles' first frames, by VRAM tile */
    blob animblk; /* SonLVL's animated blocks file (`animblocks`), as read */
} tree_ctx;

/** Big-endian word at @p. */
uint16_t ti_be16(const uint8_t *p);

/** LW_ERR_NOMEM into c->err; false. */
bool ti_nomem(tree_ctx *c);

/** The level section's value of @key, else the global section's; NULL when neither has it. */
const char *ti_get(const tree_ctx *c, const char *key);

/** A decimal or 0x-hexadecimal number of @n bytes at @s into *@out. */
bool ti_parse_number(const char *s, size_t n, uint32_t *out);

/** Read tree file @value (an INI path) into *@data (malloc()ed): resolved (case-insensitively
 * when the exact name is missing), c->failed set, recorded in the source's files under @role.
 * @optional: a missing file sets *@missing and returns true. */
bool ti_read_file(tree_ctx *c, const char *role, const char *value, bool optional, bool *missing,
                  uint8_t **data, size_t *size);

/** The path of the first file read for @role, NULL when none. */
const char *ti_role_file(const tree_ctx *c, const char *role);

/** The chunk id at layout slot (@x, @y) of @layer. */
uint32_t ti_slot(const tree_ctx *c, int layer, uint32_t x, uint32_t y);

/* ---- disasm-tree-import-extras.c: what the INI gives besides the tables ---- */

/** The `palette` slices into c->pal. */
bool ti_read_palette(tree_ctx *c);
/** The `startpos` file: the player start. */
bool ti_read_start(tree_ctx *c);
/** `waterheight`, `layoutcopy` and the `animtilesN` files (docs/DISASM.md §8.1). */
bool ti_read_extras(tree_ctx *c);
/** SonLVL's `animblocks` file (§7.6). */
bool ti_read_anim_blocks(tree_ctx *c);
/** The water palette `waterpal=N` / `paletteN` (§8.1). */
bool ti_read_water_palette(tree_ctx *c);

/* ---- disasm-tree-import-build.c ---- */

/** The level, its tileset and the rest of the source from the tables read. */
bool ti_build_level(tree_ctx *c);
