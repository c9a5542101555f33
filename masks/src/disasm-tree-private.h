#pragma once
/* SPDX-License-Identifier: MIT */
/* Internals shared by disasm-tree.c, disasm-tree-import.c, disasm-tree-export.c and
 * disasm-tree-art.c. */

#include "disasm-private.h"
#include "loopwright-masks/disasm-tree.h"

#include <loopwright/kosm.h>
#include <loopwright/nemesis.h>

/** Bytes owned by their holder. */
typedef struct tree_blob {
    uint8_t *data;
    size_t size;
} tree_blob;

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

/** One slice "FILE:SRC:DST:LEN" of a palette value: LEN colours from colour SRC of FILE into
 * colours DST.. of the 64. */
typedef struct tree_pal_slice {
    char path[512]; /* as the INI gives it (tree_resolve it) */
    uint32_t from, to, len;
} tree_pal_slice;

/** Parse the @n bytes at @spec as one slice; false when malformed or when DST + LEN passes
 * @limit (64 colours for a palette; VRAM tiles for `animtilesN=FILE:SRC:DST:LEN`). */
bool tree_parse_slice(const char *spec, size_t n, uint32_t limit, tree_pal_slice *out);

/** Sonic 1: the file chunk id FindNearestTile reads on the low plane for special layout byte
 * @slot (bit 7 set): (slot & 0x7F) + 1, except 0x29, read as 0x51. */
uint32_t tree_s1_loop_alt(uint8_t slot);

/** Sonic 1: @level's loop table (engine level.h) from the @w x @h foreground layout bytes @fg
 * (special slots' path B) and the tree's LoopTileNums row for the zone @fg_path names (else the
 * INI's `loopchunks`); @chunk_count file chunks are loaded. Notes and warnings to @report. */
bool tree_s1_loops(const lwm_tree *tree, const lwm_ini_section *sec, const char *fg_path,
                   const uint8_t *fg, uint32_t w, uint32_t h, uint32_t chunk_count, lw_level *level,
                   lwm_report *report, lw_error *err);

#include "loopwright-masks/objlayout.h"

/** The object (or, @rings, ring) layout format of @game; false when the game has none (S1
 * rings are objects). */
bool tree_layout_format(lwm_game game, bool rings, lwm_layout_format *out);

/** Parse a layout file and add one marker per record to @level (docs/DISASM.md §8.3); *@count =
 * records. @names (may be NULL) names the objects. */
bool tree_layout_to_markers(lw_level *level, lwm_layout_format format, const uint8_t *data,
                            size_t size, const lwm_object_names *names, size_t *count,
                            lw_error *err);

/** The layout file @old with its records replaced by @level's markers of that kind, in level
 * order (head and tail kept); *@out malloc()ed. LW_ERR_RANGE names a marker that does not fit. */
bool tree_markers_to_layout(const lw_level *level, lwm_layout_format format, const uint8_t *old,
                            size_t old_size, uint8_t **out, size_t *out_size, lw_error *err);

/* ---- SonLVL's animated blocks (disasm-tree-anim.c, docs/DISASM.md §7.6) ---- */

#define TREE_BLOCK_IDS 0x400u /* chunk words hold 10-bit block ids */

/** An `animblocks` file: blocks file_first.. (file_count of them) as the game copies them over
 * its block table; first.. (count) are those past the @block_count loaded blocks, shown. */
typedef struct tree_anim {
    uint32_t file_first, file_count, first, count;
} tree_anim;

/** Parse an animated blocks file (a word byte offset into the block table, a word count - 1,
 * then the words). False, with the reason in @why, when malformed. */
bool tree_anim_parse(const uint8_t *data, size_t size, uint32_t block_count, tree_anim *out,
                     char *why, size_t why_size);

/** The 8 bytes (four words) of block @block in the animated blocks file @data; NULL outside. */
const uint8_t *tree_anim_block(const uint8_t *data, size_t size, uint32_t block);
