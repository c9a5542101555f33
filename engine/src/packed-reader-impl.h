#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Private to the packed-level reader's sources (packed-reader.c: header and section table, the
 * public functions; packed-reader-check.c: every section's checks; packed-reader-build.c: the
 * level built in one block). Internal like physics.h: outside include/, hidden visibility; named
 * -impl (like objects-impl.h) so that scripts/check-include-cycles sees no module cycle.
 */

#include "packed-format.h"

#pragma GCC visibility push(hidden)

/* A loaded level: the block lw_packed_load allocates starts with this struct; the level's
 * arrays and strings follow it in the same block. */
struct lw_packed_level {
    lw_level level;
    bool has_game_objects;             /* the file has a GOBJ section */
    uint32_t game_object_count;        /* its records */
    const lw_sim_object *game_objects; /* in the same block */
};

typedef struct section_in {
    bool present;
    uint32_t flags;
    size_t entry;  /* file offset of the table entry */
    size_t offset; /* file offset of the stored bytes */
    size_t stored, raw;
    const uint8_t *data; /* stored bytes */
} section_in;

typedef struct loader {
    const uint8_t *file;
    size_t size;
    section_in sec[SEC_COUNT];
    lw_error *err;
    /* from INFO */
    uint32_t chunk_px, width, height, has_bg, masks, tiles, chunks, bg_rgb, name_ref, tileset_ref,
        next_id;
    uint32_t objects, props, overrides, replays, game_objects, loops;
    size_t strs_size;
} loader;

#define FAIL(code, off, ...) lw_error_set_at(L->err, (code), (long)(off), __VA_ARGS__)

static inline bool zero_bytes(loader *L, size_t from, size_t to, const char *what)
{
    for (size_t i = from; i < to; i++)
        if (L->file[i] != 0)
            return FAIL(LW_ERR_FORMAT, i, "%s: byte is 0x%02X, must be zero", what, L->file[i]);
    return true;
}

/* Exact raw size of a section, else an error at the entry's raw-size field. */
bool lwi_packed_want_size(loader *L, int idx, size_t expect);

/* Decode a section's raw bytes into @dst (exactly s->raw bytes). */
bool lwi_packed_section_bytes(loader *L, int idx, uint8_t *dst);

/* Every section after the header and table (packed-reader-check.c), in the order of
 * docs/FORMAT.md §5 step 4: INFO, STRS, MASK, TILE, OBJS, PROP, GOBJ, PROF, RPLY, ARTP, LOOP. */
bool lwi_packed_check_sections(loader *L);

/* Build the checked level in one block (packed-reader-build.c); *@out owns it. */
bool lwi_packed_build(loader *L, lw_packed_level **out);

#pragma GCC visibility pop
