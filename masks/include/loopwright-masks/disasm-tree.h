#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: a whole disassembly tree (s1disasm, s2disasm, skdisasm) opened through
 * its own SonLVL project file, `SonLVL INI Files/SonLVL.ini` (docs/DISASM.md §7). Every level the
 * INI names can be listed, found by its name or by zone and act, and imported with the files the
 * INI gives it: shared files, concatenated parts (`a.kos|b.kos:0x980`), per-act layouts, palette
 * slices (`file:src:dst:len`), start positions, both collision indexes and the game-wide arrays.
 *
 * The import tolerates what the games tolerate and says so in the report: chunk words whose block
 * is past the loaded blocks (drawn empty, the word kept in the import's source record), bytes
 * after a layout (padding), blocks past the collision index, pattern words past the art, block
 * 0's art. It refuses only what the game could not load, naming the file and byte.
 *
 * Depends on the engine (level model, Kosinski, Enigma), sonlvl-ini.h, disasm.h and libc.
 */

#include "loopwright-masks/disasm.h"
#include "loopwright-masks/sonlvl-ini.h"

#define LWM_TREE_INI_DIR  "SonLVL INI Files"
#define LWM_TREE_INI_FILE "SonLVL INI Files/SonLVL.ini"

typedef struct lwm_tree_level {
    /* Owned */
    char *section; /* the INI section's name, e.g. "Emerald Hill Zone Act 1" */
    char *name;    /* its `displayname` when given, else the section's name */
    /* Plain */
    char zone[16]; /* from the layout file's name: S2 "EHZ" (EHZ_1.kos), S1 "GHZ" (ghz1.bin),
                      S3K "AIZ" (Levels/AIZ/Layout/1.bin); "" when the name has no zone */
    unsigned act;  /* likewise (1 when the name has no number) */
} lwm_tree_level;

typedef struct lwm_tree {
    /* Owned */
    char *root; /* the tree's folder as given */
    lwm_ini ini;
    lwm_tree_level *levels; /* every section but the global one, in file order */
    /* Plain */
    size_t level_count;
    lwm_game game; /* from the INI's `version` (S1, S2, S3K) */
} lwm_tree;

/**
 * Open the tree at @root: read and parse @root/LWM_TREE_INI_FILE, take the game from its
 * `version` key and list its levels. On failure @failed (at least 4096 bytes) holds the path of
 * the file concerned and @err its line and column. LW_ERR_IO when there is no such file,
 * LW_ERR_FORMAT for a bad INI or an unknown version.
 */
bool lwm_tree_open(const char *root, lwm_tree *out, char *failed, lw_error *err);

/** Free everything and zero @tree (accepts a zeroed one). */
void lwm_tree_clear(lwm_tree *tree);

/** True when @root holds a SonLVL project file (LWM_TREE_INI_FILE). */
bool lwm_tree_exists(const char *root);

/** Index of the level whose section name or display name is @name, or -1. */
long lwm_tree_find(const lwm_tree *tree, const char *name);

/** Index of the first level (in INI order) whose layout file gives zone @zone (case-insensitive)
 * and act @act, or -1. */
long lwm_tree_find_zone(const lwm_tree *tree, const char *zone, unsigned act);

/** One file an imported level was read from. */
typedef struct lwm_tree_file {
    char role[16];  /* the INI key: "tiles", "blocks", "chunks", "layout", "fglayout", ... */
    char path[512]; /* relative to the tree's root, '/'-separated */
    lwm_disasm_codec codec;
    uint32_t offset;   /* where its unpacked bytes go in the role's data (`file:OFFSET`) */
    uint32_t size;     /* the file's stored size */
    uint32_t raw_size; /* unpacked size */
    uint32_t crc32;    /* of the stored bytes, to notice a tree changed since the import */
} lwm_tree_file;

/** A chunk word the level cannot hold (its block is past the loaded blocks): kept as is. */
typedef struct lwm_tree_kept_word {
    uint32_t offset; /* byte offset in the unpacked chunk data */
    uint16_t word;
} lwm_tree_kept_word;

/** A layout slot the level cannot hold (its chunk is past the loaded ones): kept as is. */
typedef struct lwm_tree_kept_slot {
    uint32_t layer;  /* 0 FG, 1 BG */
    uint32_t offset; /* byte offset in the layout file (S1: the FG or BG file) */
    uint8_t value;   /* the stored byte */
} lwm_tree_kept_slot;

#define LWM_TREE_MAX_FILES 48
#define LWM_TREE_ANIMTILES 16 /* INI keys animtiles1..animtiles16 are read */

/** Where an imported level came from (the level JSON's `source` section, docs/DISASM.md §8). */
typedef struct lwm_tree_source {
    lwm_game game;
    char level[160]; /* the INI section */
    lwm_tree_file files[LWM_TREE_MAX_FILES];
    size_t file_count;
    /* Owned */
    uint8_t *mask_ids;        /* original collision id of each level mask (mask_count entries) */
    lwm_tree_kept_word *kept; /* chunk words past the loaded blocks */
    lwm_tree_kept_slot *kept_slots; /* layout slots naming chunks past the loaded ones */
    /* Plain */
    uint32_t mask_count;
    size_t kept_count, kept_slot_count;
    uint32_t first_chunk;       /* file chunk of level chunk 0 (S2: 1 when chunk 0 is empty) */
    uint32_t chunk_count;       /* chunks in the chunk data */
    uint32_t block_count;       /* blocks in the block data */
    uint32_t pattern_count;     /* 8x8 patterns in the art (0: no art) */
    uint32_t layout_padding[2]; /* S1: bytes after the FG and BG layout rows */
    uint32_t layout_short[2];   /* S1: bytes the rows lack at the file's end (read as empty) */
    /* Kept from the INI, not modelled by the level (docs/DISASM.md §8.1) */
    bool has_water;        /* the INI gives `waterheight` (S3K) */
    uint32_t water_height; /* px from the top of the level */
    char *layout_copy;     /* owned: `layoutcopy` (S3K) verbatim, NULL when not given */
    /* SonLVL's `animblocks` file (docs/DISASM.md §7.6): the animated blocks past the block
     * data the chunks name are level tiles block_count - 1 .. block_count - 2 + anim_count, for
     * blocks anim_first .. anim_first + anim_count - 1 (anim_first >= block_count); 0: none */
    uint32_t anim_first, anim_count;
    uint32_t anim_limit; /* the first block the game overwrites with animated blocks (the
                            file's offset / 8): new blocks stay below it; 0 when none */
    /* The water palette (`waterpal=N` names `paletteN=NAME|FILE:SRC:DST:LEN|...`), kept, not
     * modelled (docs/DISASM.md §8.1); has_water_palette false when the INI gives none */
    bool has_water_palette;
    char water_palette_key[16];  /* "palette2" */
    char water_palette_name[64]; /* "Water" */
    int32_t water_palette[64];   /* colour words; -1 where no slice gives the colour */
    char *water_tileset; /* owned: the water tileset PNG the unpack wrote, relative to the level
                            JSON (`source.water_tileset`); NULL when none */
} lwm_tree_source;

/** The block id level tile @tile stands for in a level imported as @src: tile t is block t + 1,
 * except the animated blocks (anim_first.., after the block data's tiles) and the tiles after
 * them (new tiles: block t + 1 - anim_count). */
uint32_t lwm_tree_tile_block(const lwm_tree_source *src, uint32_t tile);

/** The level tile that shows block @block (1..0x3FF) of a level imported as @src, LW_NONE (as
 * uint32_t 0xFFFF) when the level has none (past the loaded and the animated blocks). */
uint32_t lwm_tree_block_tile(const lwm_tree_source *src, uint32_t block);

typedef struct lwm_tree_import {
    /* Owned */
    lw_level *level;         /* tileset field unset: the caller names the PNG */
    lwm_image tileset;       /* one 16x16 cell per tile (tile t = block t + 1); width 0 = no art */
    lwm_image water_tileset; /* the same cells drawn with the water palette (docs/DISASM.md
                                §8.1); width 0 = none (no art, or no water palette) */
    lwm_tree_source source;
    /* Plain */
    uint32_t water_fallback_px; /* drawn pixels of the water tileset whose colour entry the
                                   water palette does not give (the normal colour is used) */
} lwm_tree_import;

/**
 * Import level @index of @tree. Every size, count and id is checked; the first error returns
 * false with @failed (at least 4096 bytes) = the file's path and @err->offset = the byte in that
 * file (an error inside a compressed file's unpacked data says "unpacked byte N"). Warnings and
 * notes go into @report, each with its file relative to the tree.
 */
bool lwm_tree_import_level(const lwm_tree *tree, size_t index, lwm_tree_import *out,
                           lwm_report *report, char *failed, lw_error *err);

/** Free the level, tileset and source and zero @im. */
void lwm_tree_import_clear(lwm_tree_import *im);

/* ---- write-back (docs/DISASM.md §8) ---- */

/** One file of a write-back whose bytes differ from the tree's. */
typedef struct lwm_tree_out_file {
    char path[512]; /* relative to the tree's root */
    char role[16];
    /* Owned */
    uint8_t *data; /* the new stored bytes */
    char *shared;  /* other levels (INI names, "; "-separated) reading this file; NULL = none */
    /* Plain */
    size_t size;
    size_t raw_size;        /* its unpacked size */
    uint32_t changed_bytes; /* unpacked bytes that differ */
    bool alters_others;     /* another level's collision or layout would change */
} lwm_tree_out_file;

typedef struct lwm_tree_export {
    lwm_tree_out_file files[LWM_TREE_MAX_FILES];
    size_t file_count;      /* files that changed */
    size_t unchanged;       /* files the level was read from that stay as they are */
    uint32_t masks_added;   /* collision ids newly used (changed or new masks) */
    uint32_t block_count;   /* blocks in the block data after the write-back (the source keeps
                               the import's count: its kept chunk words refer to it) */
    uint32_t pattern_count; /* 8x8 patterns in the art after the write-back */
    uint32_t blocks_added, blocks_changed, patterns_added, colours_changed;
    /* Owned */
    uint8_t *mask_ids; /* the collision id of each level mask after the write-back */
    /* Plain */
    uint32_t mask_count;
    bool water_written; /* the level's water height goes to the INI (and the game's table) */
    bool cannot_hold;   /* on failure: the level holds what the tree cannot (its water added or
                           removed, docs/DISASM.md §8.6); nothing is written */
} lwm_tree_export;

/**
 * Compute the files of @tree that @level (imported as @src) changes: the chunk mappings,
 * layout(s), collision indexes, collision arrays and angle map, the start position, the objects
 * and rings, and, from @tileset (the level's tileset PNG decoded; NULL: the art is taken as
 * unchanged and new tiles get blocks without art), the palette colours, the block mappings and
 * the art (docs/DISASM.md §8.5) are rebuilt from the level over the tree's current bytes (bytes
 * the level does not model stay as they are: kept chunk words, padding, layout slots outside the
 * level, unused ids, patterns and blocks no changed tile uses). A mask whose content changed, or
 * a new mask, takes a collision id that no level of the tree uses, so other levels' collision
 * never changes through the arrays; new blocks and patterns are appended, so other levels'
 * blocks never change through them. Every file is checked against @src's CRC first
 * (LW_ERR_FORMAT "changed since the import"). A changed water height rewrites the INI's
 * `waterheight` value bytes and the game's start-height table entry (docs/DISASM.md §8.6); water
 * added or removed is refused with @out->cannot_hold set. Writes nothing.
 */
bool lwm_tree_export_level(const lwm_tree *tree, const lwm_tree_source *src, const lw_level *level,
                           const lwm_image *tileset, lwm_tree_export *out, lwm_report *report,
                           char *failed, lw_error *err);

/** Free the files and zero @ex. */
void lwm_tree_export_clear(lwm_tree_export *ex);
