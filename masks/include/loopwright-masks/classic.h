#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: the collision data of the Sonic 1 / Sonic 2 / Sonic 3 & Knuckles
 * disassemblies (spec FORMATS.md §2): the height array, the width ("rotated") array, the angle
 * map, and the per-zone collision index (block id -> mask id). Reads and writes the files under
 * the names the disassemblies use. S2's indexes are Kosinski-compressed (the engine's codec);
 * S1's and S&K's are plain. Depends on the engine and libc; file I/O through image.h's helpers.
 */

#include "loopwright/level.h"

#define LWM_CLASSIC_MASKS      256u  /* masks in each table; id 0 is "no collision" */
#define LWM_CLASSIC_MAX_BLOCKS 1024u /* index entries we keep (block ids are 10 bits) */

typedef enum lwm_game {
    LWM_GAME_S1 = 1,  /* collide/: Collision Array (Normal|Rotated).bin, Angle Map.bin, ZONE.bin */
    LWM_GAME_S2 = 2,  /* collision/: Collision array - Vertical|Horizontal.bin, Curve and
                         resistance mapping.bin, ZONE primary|secondary 16x16 collision index.kos */
    LWM_GAME_S3K = 3, /* Levels/Misc/Height Maps[ Rotated].bin, angles.bin; ZONE.bin (S&K
                         layout: primary and secondary interleaved, 1536 bytes) */
} lwm_game;

/** "s1", "s2" or "s3k" -> game. False for anything else. */
bool lwm_game_parse(const char *name, lwm_game *out);

typedef enum lwm_classic_file {
    LWM_FILE_HEIGHTS = 0,
    LWM_FILE_WIDTHS = 1,
    LWM_FILE_ANGLES = 2,
    LWM_FILE_INDEX = 3,   /* S2: the primary index; S1/S3K: the only index file */
    LWM_FILE_INDEX_B = 4, /* S2 only: the secondary index */
} lwm_classic_file;

/** The disassembly's file name for @which (with @zone for the indexes) into @buf. False when the
 * game has no such file (LWM_FILE_INDEX_B outside S2) or @buf is too small. */
bool lwm_classic_file_name(lwm_game game, lwm_classic_file which, const char *zone, char *buf,
                           size_t size);

/** Collision data as the games hold it. */
typedef struct lwm_classic {
    lwm_game game;
    lw_mask masks[LWM_CLASSIC_MASKS]; /* heights and widths as stored; angle = the stored byte;
                                         LW_MASK_FLAGGED when that byte is odd (bit 0 test) */
    bool has_index;
    uint32_t block_count;                     /* entries in each index table */
    uint8_t index[2][LWM_CLASSIC_MAX_BLOCKS]; /* mask id per block: [0] primary = path A,
                                                 [1] secondary = path B (S1: a copy of [0]) */
} lwm_classic;

/** A non-fatal problem in a file, with the byte offset it is about (-1 when none). */
typedef void (*lwm_file_warn_fn)(void *user, const char *file, long offset, const char *message);

/**
 * Turn a level's masks and tiles into classic tables: masks with the same heights and angle byte
 * share an id, empty masks use id 0, the others get 1..255 in order of first use; tile t is
 * block t + 1 (block 0 stays empty); flagged masks get angle byte 0xFF. Limits are checked
 * first: more than 255 distinct masks, or more tiles than the game's blocks (S2 and S3K: 767,
 * S1: 1023), fail with LW_ERR_LIMIT. Warnings: odd genuine angles (the game reads them as
 * flagged), S1 dropping path B where it differs from path A.
 */
bool lwm_classic_from_level(const lw_level *level, lwm_game game, lwm_classic *out,
                            lwm_file_warn_fn warn, void *user, lw_error *err);

/**
 * The bytes of file @which exactly as lwm_classic_write_dir writes it (S2 indexes Kosinski-
 * compressed, S1's plain, S&K's interleaved). *@data is malloc()ed (free() it). Fails with
 * LW_ERR_RANGE when the game has no such file or @data->has_index is false for an index,
 * LW_ERR_NOMEM when out of memory.
 */
bool lwm_classic_encode_file(const lwm_classic *data, lwm_classic_file which, uint8_t **out,
                             size_t *size, lw_error *err);

/**
 * Write the tables (and the index files when @data->has_index) into folder @dir under the
 * disassembly's names for @zone, as one set (lwm_file_write_set, journaled in @dir: all old or
 * all new after a kill or a full disk). On failure @failed (at least
 * 4096 bytes) holds the path of the file concerned.
 */
bool lwm_classic_write_dir(const lwm_classic *data, const char *dir, const char *zone, char *failed,
                           lw_error *err);

/**
 * Read the tables of @game from @dir, and the zone's index files when @zone is non-NULL (S2: a
 * missing secondary file means the zone reuses its primary, as MCZ, MTZ and OOZ do). Every size
 * is checked (heights/widths 4096 bytes, angles 256, S2 indexes 768 bytes once decompressed, S&K
 * indexes 1536 bytes or S3-layout 3072); a height outside -16..16 or a bad Kosinski stream fails
 * with the byte offset. Stored widths that differ from the ROM rule applied to the heights are
 * warnings (with their offset), not errors: S1's table has one such mask. On failure @failed
 * (at least 4096 bytes) holds the path of the file concerned.
 */
bool lwm_classic_read_dir(const char *dir, lwm_game game, const char *zone, lwm_classic *out,
                          lwm_file_warn_fn warn, void *user, char *failed, lw_error *err);
