#pragma once
/* SPDX-License-Identifier: MIT */
/* Internals shared by disasm-export.c, disasm-import.c and disasm-art.c. */

#include "loopwright-masks/disasm.h"

/** Append an item (printf-style message). Never fails: when memory runs out the item is only
 * counted. */
void lwm_report_add(lwm_report *r, lwm_report_kind kind, const char *file, long offset,
                    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#define MD_PATTERN_BYTES 32u /* 8x8 pixels, 4 bits each, two pixels a byte, left pixel high */

/* VDP pattern-name word fields (FORMATS.md §3.1). */
#define MD_WORD_PRIORITY   0x8000u
#define MD_WORD_LINE_SHIFT 13
#define MD_WORD_VFLIP      0x1000u
#define MD_WORD_HFLIP      0x0800u
#define MD_WORD_INDEX      0x07FFu

/** Art converted for the Mega Drive: patterns, palette and the blocks' pattern words. */
typedef struct md_art {
    /* Owned */
    uint8_t *patterns;     /* pattern_count * 32 bytes; pattern 0 is blank */
    uint16_t *block_words; /* 4 per block (TL, TR, BL, BR), block 0 all zero */
    /* Plain */
    uint32_t pattern_count;
    uint32_t block_count;    /* tile_count + 1 */
    uint16_t palette[4][16]; /* colour words; [l][0] = 0 except the backdrop at [2][0] */
} md_art;

/**
 * Convert the tiles' art (tile t = block t + 1) for @opts->art_mode and @opts->palette_lines:
 * colours rounded to 9 bits, alpha < 128 transparent, each 8x8 quarter placed in one palette
 * line (first fit, largest colour sets first), patterns de-duplicated with H/V flips. Fills the
 * art fields of @stats and adds report items (LIMIT when a quarter does not fit in EXACT mode or
 * there are too many patterns). With no @art or LWM_ART_NONE every block word is 0.
 * Returns false only when out of memory.
 */
bool md_art_build(const lw_level *level, const lwm_image *art, const lwm_disasm_options *opts,
                  md_art *out, lwm_disasm_stats *stats, lwm_report *report, lw_error *err);

void md_art_clear(md_art *art);

/** Draw pattern @pattern (32 bytes) with @word's flips and palette line @line_rgba (16 colours as
 * 0xRRGGBBAA; index 0 is transparent) at (@x, @y) of @dst. */
void md_pattern_draw(lwm_image *dst, uint32_t x, uint32_t y, const uint8_t *pattern, uint16_t word,
                     const uint32_t line_rgba[16]);

/**
 * Sonic 1: @level's loop table (engine level.h; docs/DISASM.md §7.5) from the @w x @h foreground
 * layout bytes @fg (the file @fg_path, relative to @root, whose name gives the zone): each
 * special slot (bit 7) gives its chunk an entry with path B = chunk (id & 0x7F) + 1, and the
 * zone's row of LoopTileNums in @root's `_inc/LevelSizeLoad & BgScrollSpeed.asm` the rules; else
 * @loopchunks (SonLVL's `loopchunks=2A,34`, NULL when none) names the loop chunks. @chunk_count
 * stored chunks are loaded. Used by the tree import and the folder import (disasm-tree-loops.c).
 */
bool lwm_s1_loops_from_layout(const char *root, const char *loopchunks, const char *fg_path,
                              const uint8_t *fg, uint32_t w, uint32_t h, uint32_t chunk_count,
                              lw_level *level, lwm_report *report, lw_error *err);
