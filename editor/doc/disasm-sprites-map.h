#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Sprite mappings of the disassemblies' objects (docs/DISASM.md §11): which 8x8 patterns of an
 * object's art make each frame, where, flipped how and on which palette line. Two sources:
 *
 * - the binary form (SonLVL's `mapbin=`, an XML `MapFile type="Binary"`): an offset table of
 *   big-endian words, then frames; S1 frames are a count byte and 5-byte pieces (y, size, tile
 *   word, x byte), S2 a count word and 8-byte pieces (y, size, tile word, two-player tile word, x
 *   word), S3K a count word and 6-byte pieces (y, size, tile word, x word);
 * - the assembly form (`mapasm=`), assembled here into that binary form: the trees'
 *   `mappingsTable` / `mappingsTableEntry.w LABEL` / `spriteHeader` / `spritePiece x, y, w, h,
 *   tile, xflip, yflip, pal, pri` (and `spritePiece2P`) macros (all three trees' MapMacros.asm
 *   define them the same way), and plain `dc.b` / `dc.w` lists with label arithmetic (skdisasm's
 *   and s2.asm's raw mappings), `even`. A file is read whole (every statement must be one of
 *   those), or from one label on (SonLVL's `label=`): then only that frame, the statements from
 *   the label to the end of its pieces, is read, so a label inside s2.asm works.
 *
 * Dynamic pattern load cues (DPLCs, SonLVL's `dplcasm=` / `dplcbin=`, an XML MapFile's
 * `dplcfile=`): per frame, the runs of patterns of the object's art that the game copies to
 * VRAM, one after the other, before it draws the frame; the frame's tiles index that copy. The
 * binary form is an offset table (as the mappings') then frames: the games' SonicDplcVer 1 (S1:
 * a count byte; entries ((n-1) << 12) | tile), 2 (S2: a count word, the same entries) and 3 (S3K
 * objects: a count-1 word; entries (tile << 4) | (n-1)); S3K's players use version 2. The
 * assembly form adds the trees' `dplcHeader` / `dplcEntry tiles, offset` macros to the
 * statements above.
 *
 * Strict and bounded: sizes, counts, offsets and values are checked and a refusal names the line
 * (assembly) or byte (binary). Plain C + libc (the fuzz target links it alone).
 */

#include <loopwright/base.h>
#include <stddef.h>
#include <stdint.h>

#define EDITOR_MAP_MAX_TEXT   (16u << 20) /* s2.asm is about 3.5 MiB */
#define EDITOR_MAP_MAX_BYTES  (64u << 10) /* the assembled or binary mappings */
#define EDITOR_MAP_MAX_FRAMES 1024u
#define EDITOR_MAP_MAX_PIECES 128u /* per frame (the VDP shows 80 sprites) */

/** Mapping formats: the games' SonicMappingsVer. */
typedef enum editor_map_format {
    EDITOR_MAP_S1 = 1,
    EDITOR_MAP_S2 = 2,
    EDITOR_MAP_S3K = 3,
} editor_map_format;

/** One sprite piece: 1..4 x 1..4 patterns, column by column from `tile`. */
typedef struct editor_map_piece {
    int16_t x, y;  /* px from the object's origin, top-left of the piece */
    uint8_t w, h;  /* in 8 px patterns, 1..4 */
    uint16_t tile; /* first pattern (11 bits) */
    uint8_t pal;   /* palette line 0..3 */
    uint8_t xflip, yflip, pri;
} editor_map_piece;

typedef struct editor_map_frame {
    editor_map_piece *pieces; /* owned */
    size_t count;
} editor_map_frame;

typedef struct editor_mappings {
    editor_map_frame *frames; /* owned */
    size_t count;
} editor_mappings;

/**
 * Parse binary mappings (@size bytes) in @format. Frames are found from the offset table: the
 * table's length is its smallest entry that points past it. Fails with LW_ERR_TRUNCATED /
 * LW_ERR_FORMAT / LW_ERR_LIMIT and err->offset = the byte concerned. @out is zeroed first and
 * empty on failure.
 */
bool editor_mappings_parse_bin(editor_map_format format, const uint8_t *data, size_t size,
                               editor_mappings *out, lw_error *err);

/**
 * The offset table at the start of @size bytes of mappings or DPLCs (@what names them in
 * errors): its entries up to the first byte a frame starts at, or @table_bytes when smaller (an
 * assembled table followed by another). Sets *@count (0 on failure); fails with
 * LW_ERR_LIMIT (over EDITOR_MAP_MAX_BYTES or EDITOR_MAP_MAX_FRAMES), LW_ERR_TRUNCATED (under two
 * bytes), LW_ERR_FORMAT (an entry past the end), err->offset = the byte concerned.
 */
bool editor_sprite_offset_table(const uint8_t *data, size_t size, size_t table_bytes,
                                const char *what, size_t *count, lw_error *err);

/**
 * Assemble mapping source text (@size bytes, not necessarily NUL-terminated) in @format and
 * parse it. @label NULL: the whole text is the mappings (a table then its frames). @label given:
 * the one frame that starts at that label (a `spriteHeader` or a `dc.w` count), returned as
 * a single-frame @out. Fails with err->line (1-based) set: LW_ERR_FORMAT (unknown statement,
 * bad expression, undefined or duplicate label, a value out of range for dc.b/dc.w, the label
 * not found), LW_ERR_LIMIT (sizes), and the binary parser's errors with the line of the
 * statement that made the byte.
 */
bool editor_mappings_parse_asm(editor_map_format format, const char *text, size_t size,
                               const char *label, editor_mappings *out, lw_error *err);

/**
 * Assemble mapping source text (@size bytes) in @format into the binary form, as SonLVL's
 * `LevelData.ASMToBin` does: the whole text, a table then its frames. *@bytes (malloc'd, free
 * it; NULL on failure) and *@n get the bytes; fails as editor_mappings_parse_asm does with no
 * label, but the bytes are not parsed as mappings.
 */
bool editor_mappings_assemble(editor_map_format format, const char *text, size_t size,
                              uint8_t **bytes, size_t *n, lw_error *err);

/** Free and zero @m (accepts a zeroed one). */
void editor_mappings_clear(editor_mappings *m);

/** DPLC formats: the games' SonicDplcVer. */
typedef enum editor_dplc_format {
    EDITOR_DPLC_S1 = 1,
    EDITOR_DPLC_S2 = 2,
    EDITOR_DPLC_S3K = 3,
} editor_dplc_format;

#define EDITOR_DPLC_MAX_ENTRIES 256u  /* per frame */
#define EDITOR_DPLC_MAX_TILES   2048u /* patterns a frame loads: all of VRAM */

/** One run: @count (1..16) patterns from pattern @tile (0..4095) of the art. */
typedef struct editor_dplc_entry {
    uint16_t tile;
    uint8_t count;
} editor_dplc_entry;

typedef struct editor_dplc_frame {
    editor_dplc_entry *entries; /* owned */
    size_t count;
} editor_dplc_frame;

typedef struct editor_dplcs {
    editor_dplc_frame *frames; /* owned */
    size_t count;
} editor_dplcs;

/**
 * Parse binary DPLCs (@size bytes) in @format, as editor_mappings_parse_bin (the same offset
 * table rule and limits): LW_ERR_TRUNCATED / LW_ERR_FORMAT / LW_ERR_LIMIT with err->offset;
 * a frame loading more than EDITOR_DPLC_MAX_TILES patterns is refused. @out zeroed first.
 */
bool editor_dplcs_parse_bin(editor_dplc_format format, const uint8_t *data, size_t size,
                            editor_dplcs *out, lw_error *err);

/** As editor_dplcs_parse_bin with the offset table at most @table_bytes long. */
bool editor_dplcs_parse_table(editor_dplc_format format, const uint8_t *data, size_t size,
                              size_t table_bytes, editor_dplcs *out, lw_error *err);

/** Assemble DPLC source text (the whole file) in @format and parse it; errors with err->line.
 * The offset table ends at the first label after its start at the latest (skdisasm's Sonic file
 * holds a second table, Super Sonic's, right after the first). */
bool editor_dplcs_parse_asm(editor_dplc_format format, const char *text, size_t size,
                            editor_dplcs *out, lw_error *err);

/** Free and zero @d (accepts a zeroed one). */
void editor_dplcs_clear(editor_dplcs *d);

/**
 * The patterns frame @f loads, in order, from @art (@art_size bytes, 32 a pattern) into @out
 * (@cap bytes): patterns past the art are zero (transparent). Returns the bytes written (at
 * most @cap, whole patterns).
 */
size_t editor_dplc_load(const editor_dplc_frame *f, const uint8_t *art, size_t art_size,
                        uint8_t *out, size_t cap);
