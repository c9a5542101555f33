#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: a whole level as the Sonic 1 and Sonic 2 disassemblies store one
 * (docs/DISASM.md; spec FORMATS.md §2-§3): chunk mappings, 16x16 block mappings, 8x8 patterns and
 * a palette, the layout, the collision arrays, angle map and indexes (through classic.h), and the
 * player's start position — each under the file name the disassembly uses.
 *
 * Export computes every file in memory first and checks every limit of the target game, so an
 * over-limit level yields a report and no file; lwm_disasm_export_write then writes all files as
 * one operation (lwm_file_write_set). Import reads such a folder back into a level and a
 * tileset image, checking every size, count, id and offset (errors carry the byte offset).
 *
 * Depends on the engine (level model, Kosinski, Enigma) and libc; files through image.h.
 */

#include "loopwright-masks/classic.h"
#include "loopwright-masks/image.h"

/* ---- limits of the games (docs/DISASM.md §2) ---- */

#define LWM_S2_MAX_CHUNKS   256u /* Chunk_Table: 0x8000 bytes of 128x128 chunks, chunk 0 empty */
#define LWM_S2_LAYOUT_W     128u /* layout: 16 rows of 128 FG + 128 BG chunk ids */
#define LWM_S2_LAYOUT_H     16u
#define LWM_S1_MAX_CHUNKS   0x52u /* v_256x256: 0xA400 bytes; layout ids 1..0x52, 0 = empty */
#define LWM_S1_LAYOUT_W     64u   /* v_lvllayout: 8 rows of 0x40 FG + 0x40 BG bytes */
#define LWM_S1_LAYOUT_H     8u
#define LWM_MD_MAX_BLOCKS   0x300u /* 16x16 block table (both games): 0x1800 bytes, block 0 empty */
#define LWM_MD_MAX_PATTERNS 0x600u /* 8x8 patterns below the plane name tables at VRAM 0xC000 */

/* ---- the report ---- */

typedef enum lwm_report_kind {
    LWM_REPORT_NOTE = 0,    /* information: what was converted and how */
    LWM_REPORT_WARNING = 1, /* something is lost or approximated, the result is still written */
    LWM_REPORT_LIMIT = 2,   /* the level does not fit the game: nothing may be written */
} lwm_report_kind;

typedef struct lwm_report_item {
    lwm_report_kind kind;
    long offset;       /* byte offset in @file (-1 when none) */
    char file[160];    /* the file concerned, relative to the folder ("" when none) */
    char message[320]; /* the text, without the file name */
} lwm_report_item;

/** Everything an export or import has to say, in order. Zero-initialise; lwm_report_clear. */
typedef struct lwm_report {
    /* Owned */
    lwm_report_item *items;
    /* Plain */
    size_t count, capacity;
    unsigned limits, warnings, notes; /* items of each kind (kept even when memory ran out) */
} lwm_report;

/** Free the items and zero the report (accepts a zeroed report). */
void lwm_report_clear(lwm_report *report);

/* ---- file names ---- */

typedef enum lwm_disasm_kind {
    LWM_DISASM_CHUNKS = 0,    /* S2 mappings/128x128/Z.kos; S1 map256/Z.kos */
    LWM_DISASM_BLOCKS = 1,    /* S2 mappings/16x16/Z.kos; S1 map16/Z.eni */
    LWM_DISASM_LAYOUT = 2,    /* S2 level/layout/Z_A.kos (FG and BG); S1 levels/zA.bin (FG) */
    LWM_DISASM_LAYOUT_BG = 3, /* S1 levels/zbg.bin; S2 has none (BG is in the layout) */
    LWM_DISASM_ART = 4,       /* S2 art/kosinski/Z.kos; S1 artunc/8x8 - Z.bin (see DISASM.md) */
    LWM_DISASM_PALETTE = 5,   /* S2 art/palettes/Z.bin; S1 palette/Z.bin */
    LWM_DISASM_STARTPOS = 6,  /* S2 startpos/Z_A.bin; S1 startpos/zA.bin */
    LWM_DISASM_COLLISION = 7, /* the collision folder: S2 collision, S1 collide */
    LWM_DISASM_KIND_COUNT = 8,
} lwm_disasm_kind;

/**
 * The path of @kind, relative to the disassembly's root, for zone @zone and act @act (1..9) into
 * @buf. False when the game has no such file (S2 has no separate BG layout), the game is not
 * S1 or S2, or @buf is too small.
 */
bool lwm_disasm_path(lwm_game game, lwm_disasm_kind kind, const char *zone, unsigned act, char *buf,
                     size_t size);

/* ---- Mega Drive colours ---- */

/** 8-bit RGB -> the Mega Drive's 9-bit colour word 0000BBB0GGG0RRR0 (each channel rounded to
 * the nearest of the 8 levels of lwm_md_channel). */
uint16_t lwm_md_color(uint8_t r, uint8_t g, uint8_t b);

/** A 3-bit channel level (0..7) as 8 bits: round(level * 255 / 7) = 0, 36, 73, ..., 255. */
uint8_t lwm_md_channel(unsigned level);

/** A colour word as 0xRRGGBB (bits outside 0x0EEE ignored). */
uint32_t lwm_md_color_rgb(uint16_t word);

/* ---- export ---- */

typedef enum lwm_art_mode {
    LWM_ART_EXACT = 0,    /* every 8x8 pattern must fit one palette line, else a LIMIT item */
    LWM_ART_QUANTIZE = 1, /* patterns that do not fit take the nearest colours of one line */
    LWM_ART_NONE = 2,     /* no art and no palette; block mappings refer to pattern 0 */
} lwm_art_mode;

typedef struct lwm_disasm_options {
    lwm_game game;    /* LWM_GAME_S1 or LWM_GAME_S2 */
    const char *zone; /* file-name stem, e.g. "EHZ": non-empty, no '/' */
    unsigned act;     /* 1..9 (layout and start position names) */
    lwm_art_mode art_mode;
    unsigned palette_lines; /* 3: lines 1..3, as the games' zone palettes (line 0 is the
                               character's); 4: lines 0..3 */
} lwm_disasm_options;

/** Options for S2 zone "ZONE", act 1, exact art, 3 palette lines. */
lwm_disasm_options lwm_disasm_options_default(lwm_game game, const char *zone);

typedef enum lwm_disasm_codec {
    LWM_CODEC_NONE = 0,
    LWM_CODEC_KOSINSKI = 1,
    LWM_CODEC_ENIGMA = 2,
    LWM_CODEC_NEMESIS = 3, /* read by disasm-tree.h when the engine has a Nemesis decoder */
    LWM_CODEC_KOSM = 4,    /* KosinskiM (S3K art), likewise */
} lwm_disasm_codec;

/** One file of an export, computed in memory. */
typedef struct lwm_disasm_file {
    char path[192];         /* relative to the output folder, '/'-separated */
    lwm_disasm_codec codec; /* how @data is compressed */
    /* Owned */
    uint8_t *data; /* the file's bytes */
    uint8_t *raw;  /* the decompressed content (NULL when codec is NONE: = data) */
    /* Plain */
    size_t size, raw_size;
} lwm_disasm_file;

#define LWM_DISASM_MAX_FILES 16

/** What an export made, for reports and tests. */
typedef struct lwm_disasm_stats {
    uint32_t chunks;       /* chunks in the chunk file (S2: chunk 0, the empty one, included) */
    uint32_t blocks;       /* blocks in the 16x16 file, the empty block 0 included */
    uint32_t masks;        /* non-empty collision masks (ids 1..) */
    uint32_t patterns;     /* 8x8 patterns in the art, the blank pattern 0 included */
    uint32_t layout_width; /* layout size in the game's chunks */
    uint32_t layout_height;
    uint32_t art_patterns;     /* non-blank 8x8 quarters of the tiles' art */
    uint32_t art_fit;          /* of those, the ones whose colours fit one palette line */
    uint32_t colors;           /* distinct Mega Drive colours in the art */
    uint64_t pixels_rounded;   /* opaque pixels whose colour changed by rounding to 9 bits */
    uint64_t pixels_alpha;     /* pixels with alpha 1..254 (opaque from 128, as drawn) */
    uint64_t pixels_quantized; /* pixels given another colour by LWM_ART_QUANTIZE */
    uint32_t path_b_cells;     /* S1: cells whose path B solidity differs from path A's */
} lwm_disasm_stats;

typedef struct lwm_disasm_export {
    lwm_disasm_file files[LWM_DISASM_MAX_FILES];
    size_t file_count;
    lwm_disasm_stats stats;
} lwm_disasm_export;

/**
 * Convert @level (with its tileset @art, NULL = no art) into the files of @opts->game. Every
 * limit is checked and every problem goes into @report (which must be zeroed or hold earlier
 * items): LIMIT items for what does not fit the game, WARNING items for what is lost, NOTE items
 * for what was converted (chunk re-sizing, palette use, colour rounding counts). Returns false
 * when the report holds any LIMIT item (err: LW_ERR_LIMIT) or on LW_ERR_NOMEM / LW_ERR_RANGE
 * (bad options); @out is then empty. Writes nothing.
 */
bool lwm_disasm_export_level(const lw_level *level, const lwm_image *art,
                             const lwm_disasm_options *opts, lwm_disasm_export *out,
                             lwm_report *report, lw_error *err);

/**
 * Write the files of @ex under folder @dir (created, with the files' sub-folders, when missing)
 * with lwm_file_write_set: on failure no file is changed, folders this call created are
 * removed again, and @failed (at least 4096 bytes) holds the path concerned.
 */
bool lwm_disasm_export_write(const lwm_disasm_export *ex, const char *dir, char *failed,
                             lw_error *err);

/** Free the files and zero @ex. */
void lwm_disasm_export_clear(lwm_disasm_export *ex);

/* ---- import ---- */

typedef struct lwm_disasm_import_options {
    lwm_game game;              /* LWM_GAME_S1 or LWM_GAME_S2 */
    const char *zone;           /* file-name stem */
    unsigned act;               /* 1..9 */
    const char *collision_zone; /* the index files' zone name (S2 "EHZ and HTZ"); NULL = zone */
    const char *paths[LWM_DISASM_KIND_COUNT]; /* per-kind path relative to the folder instead of
                                                 the default name; NULL = default */
    uint32_t width_px, height_px; /* level size (multiples of the chunk size); 0 = trim the
                                     layout to its last non-empty column / row */
} lwm_disasm_import_options;

typedef struct lwm_disasm_import {
    /* Owned */
    lw_level *level;   /* the level (tileset field unset: the caller names the PNG) */
    lwm_image tileset; /* one 16x16 cell per tile, 16 cells a row; width 0 = no art */
} lwm_disasm_import;

/**
 * Read the level of @opts->zone from disassembly folder @dir. Required: chunks, blocks, layout
 * (S1: and the BG layout), the collision tables and index. Optional: art and palette (without
 * art the level has no tileset), start position. Every size, count, id and colour is checked;
 * on the first error returns false with @failed (at least 4096 bytes) = the file's path and
 * @err->offset = the byte offset in that file (errors inside a compressed file's unpacked data
 * say "unpacked byte N" in the message, offset -1). Warnings (pattern ids past the art, S1 loop
 * flags, unused bits) go into @report.
 */
bool lwm_disasm_import_level(const char *dir, const lwm_disasm_import_options *opts,
                             lwm_disasm_import *out, lwm_report *report, char *failed,
                             lw_error *err);

/** Free the level and the tileset and zero @im. */
void lwm_disasm_import_clear(lwm_disasm_import *im);
