#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: packed level binaries (docs/FORMAT.md). A game embeds the engine alone and
 * loads levels with lw_packed_load from a buffer it read or mapped itself: no libc I/O here.
 *
 * The loader validates everything before trusting it — magic, version, header and section
 * table, every offset and size against the buffer, every count against the limits of level.h,
 * every id against what it refers to, the CRC-32 of each section and of the whole file — and
 * reports the first problem with its exact reason and byte offset (lw_error.offset). It never
 * reads outside the buffer. A loaded level is an lw_packed_level: ONE allocation holding the
 * level, its arrays and its strings, read through lw_packed_level_get (a const lw_level, so the
 * level's mutators do not accept it) and freed with lw_packed_level_free; lw_level_dup of the
 * level it gives makes an ordinary, editable copy.
 *
 * The writer produces the canonical file for a level: the same level always gives the same
 * bytes, so pack -> unpack -> pack is byte-identical.
 *
 * Game objects (objects.h) travel twice: as the level's markers (names and string properties,
 * what the editor and unpack read) and, from version 1.1, as typed records in a GOBJ section
 * (docs/FORMAT.md §4.8) that the writer derives from the markers. A game starts its simulation
 * with lw_sim_init_packed, which builds the object pool from the records without reading a
 * string; a file without GOBJ (version 1.0) plays from its markers as before.
 */

#include "loopwright/level.h"
#include "loopwright/objects.h"
#include "loopwright/sim.h"

/** The 8 bytes every packed file starts with: "LWPK" CR LF SUB LF. */
#define LW_PACKED_MAGIC      "LWPK\r\n\x1a\n"
#define LW_PACKED_MAGIC_SIZE 8
/** Format version written by this engine; files with another major version are refused, a
 * higher minor version is accepted (unknown optional sections are skipped). */
#define LW_PACKED_VERSION_MAJOR 1
#define LW_PACKED_VERSION_MINOR                                                                    \
    3 /* 1.2 added LOOP, 1.3 WATR; a file is written with the lowest                               \
         minor version its sections need (1.1 without either) */
/** Largest file the loader accepts (and the writer produces), in bytes. */
#define LW_PACKED_MAX_FILE (256u << 20)

/** Writer options. Zero-initialise, then set what you need. */
typedef struct lw_packed_options {
    bool compress;       /* Kosinski-compress the chunk and layout sections */
    bool replays;        /* carry lw_level.replays in an RPLY section (else dropped) */
    const void *art_png; /* optional: PNG file bytes to embed as the level's art (borrowed) */
    size_t art_png_size; /* bytes at art_png */
} lw_packed_options;

/** True when @data starts with LW_PACKED_MAGIC (content sniffing; validates nothing else). */
bool lw_packed_is_packed(const void *data, size_t size);

/**
 * Serialise @level. On success *@out is a malloc()ed buffer of *@out_size bytes (free() it).
 * Fails with LW_ERR_RANGE/LW_ERR_LIMIT when the level is invalid (lw_level_validate) or does
 * not fit the format (e.g. a string longer than LW_MAX_STRING, a script longer than
 * LW_MAX_SCRIPT, an art PNG without a PNG signature), LW_ERR_NOMEM when out of memory.
 * @opts may be NULL (no compression, no replays, no art).
 */
bool lw_packed_write(const lw_level *level, const lw_packed_options *opts, uint8_t **out,
                     size_t *out_size, lw_error *err);

/** A level loaded from a packed file (opaque, read-only). */
typedef struct lw_packed_level lw_packed_level;

/**
 * Load a packed level from @data (@size bytes; the exact file, no trailing bytes). On success
 * *@out is a new packed level living in one allocation, independent of @data; read it with
 * lw_packed_level_get and free it with lw_packed_level_free. On failure returns false, *@out is
 * untouched and @err (may be NULL) holds the code — LW_ERR_FORMAT (bad magic, structure or value),
 * LW_ERR_VERSION, LW_ERR_TRUNCATED, LW_ERR_CRC, LW_ERR_RANGE (an id that refers to nothing),
 * LW_ERR_LIMIT, LW_ERR_NOMEM — the reason, and err->offset = the file offset of the offending byte
 * or field. Inside a compressed section the offset is the section's start and the message gives the
 * offset in its data. Makes exactly one allocation on success and none that survive a failure.
 */
bool lw_packed_load(const void *data, size_t size, lw_packed_level **out, lw_error *err);

/** The level inside @packed (borrowed, valid until lw_packed_level_free). It is read-only: to
 * edit it, lw_level_dup it (the copy is an ordinary level, freed with lw_level_free). */
const lw_level *lw_packed_level_get(const lw_packed_level *packed);

/** True when @packed's file has a GOBJ section (typed game objects; every file written by a 1.1
 * writer has one, possibly with no records). */
bool lw_packed_level_has_game_objects(const lw_packed_level *packed);

/** The typed game objects of @packed's GOBJ section, in level order (borrowed, valid until
 * lw_packed_level_free), *@count of them; NULL and 0 when there are none or no GOBJ. Each is an
 * lw_sim_object as lw_sim_object_from_marker gives it for its marker (the culling fields 0). */
const lw_sim_object *lw_packed_level_game_objects(const lw_packed_level *packed, uint32_t *count);

/**
 * lw_sim_init (sim.h) on the level inside @packed, with its game objects from the GOBJ records
 * when the file has them (no marker strings are read for them), else from the markers (a 1.0
 * file). Same results, limits and errors as lw_sim_init on the level the file was packed from:
 * the same object table, hashes and traces. @packed must outlive @sim.
 */
bool lw_sim_init_packed(lw_sim *sim, const lw_packed_level *packed, const lw_profile *profile,
                        int32_t x_px, int32_t y_px, lw_error *err);

/** Free @packed and the level inside it (accepts NULL). */
void lw_packed_level_free(lw_packed_level *packed);

/**
 * Find the embedded art of a packed file: after the same validation as lw_packed_load, sets
 * *@png / *@png_size to the PNG bytes inside @data (borrowed, valid as long as @data), or to
 * NULL / 0 when the file carries no art. Returns false (and fills @err) on an invalid file.
 */
bool lw_packed_find_art(const void *data, size_t size, const uint8_t **png, size_t *png_size,
                        lw_error *err);
