#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks: object and ring layouts of the disassemblies (docs/CODECS.md §3), read and
 * written byte for byte, and the object names of the trees' SonLVL object lists.
 *
 * Every format is a list of big-endian records; what the game does not read (a leading
 * sentinel record, the terminator and anything after it, bits it ignores) is kept verbatim so
 * an unchanged layout writes back to the same bytes. Positions are in pixels; y is 12 bits.
 *
 *   S1 objects (objpos/FILE.bin): 6-byte records  x, y word (bit 15 Y flip, 14 X flip, 13-12
 *     unused, 11-0 y), id byte (bit 7 = respawn: remember state), subtype; the record with
 *     x = 0xFFFF ends the list (the files end FFFF 0000 0000).
 *   S1 platforms (objpos/NNpfN.bin, LZ/SBZ platform paths): count - 1 word, then that many
 *     records x, y word, a word kept as id (high byte) / subtype (low byte); then the tail.
 *   S2 objects (level/objects/FILE.bin): 6-byte records x, y word (bit 15 respawn, 14 Y flip,
 *     13 X flip, 12 unused), id, subtype; no terminator in the file (s2.asm adds it).
 *   S2 CNZ bumpers (level/objects/CNZ N bumpers.bin): 6-byte records type word (kept as id
 *     = high byte, subtype = low byte), x, y word (bits 15-12 kept as spare bits); x = 0xFFFF
 *     ends the list; an all-zero first record is a sentinel (head).
 *   S3K objects (Levels/X/Object Pos/FILE.bin): 6-byte records x, y word (bit 15 = loaded at any
 *     camera height, 14 Y flip, 13 X flip, 12 unused), id, subtype; x = 0xFFFF ends the list.
 *   S2 rings (level/rings/FILE.bin): 4-byte records x (bit 15 set ends the list), y word (bit 15
 *     = a column, else a row; bits 14-12 = ring count - 1; spacing 0x18 px).
 *   S3K rings (Levels/X/Ring Pos/FILE.bin): 4-byte records x, y word (bits 15-12 kept as spare
 *     bits), one ring each; a first record 0000 0000 is a sentinel (head); x = 0xFFFF ends it.
 *
 * Depends on the engine (lw_error) and libc. Nothing global: reentrant.
 */

#include <loopwright/base.h>

typedef enum lwm_layout_format {
    LWM_LAYOUT_S1_OBJECTS,
    LWM_LAYOUT_S1_PLATFORMS,
    LWM_LAYOUT_S2_OBJECTS,
    LWM_LAYOUT_S2_BUMPERS,
    LWM_LAYOUT_S3K_OBJECTS,
    LWM_LAYOUT_S2_RINGS,
    LWM_LAYOUT_S3K_RINGS,
    LWM_LAYOUT_FORMAT_COUNT
} lwm_layout_format;

/** Largest layout file accepted by lwm_layout_parse (the games' lists are a few KiB). */
#define LWM_LAYOUT_MAX_BYTES (1u << 20)

/** Largest head (leading sentinel record) kept verbatim. */
#define LWM_LAYOUT_MAX_HEAD 6u

/** One object record. Which fields a format uses is listed in the file comment; the others
 * stay 0/false (the writer refuses them otherwise). */
typedef struct lwm_object {
    uint16_t x_px;      /* 0..0xFFFE (0xFFFF is the terminator) */
    uint16_t y_px;      /* 0..0xFFF */
    uint8_t id;         /* S1 objects: 0..0x7F */
    uint8_t subtype;    /* */
    bool x_flip;        /* S1/S2/S3K objects */
    bool y_flip;        /* S1/S2/S3K objects */
    bool respawn;       /* S1 (id bit 7) and S2 (y bit 15) objects: remember state */
    bool any_height;    /* S3K objects (y bit 15): loaded whatever the camera's y */
    uint8_t spare_bits; /* y-word bits the game ignores, from bit 12 up: S1 objects 2 bits,
                           S2/S3K objects 1 bit, platforms/bumpers 4 bits */
} lwm_object;

/** One ring record: S2 a row or column of 1..8 rings, S3K a single ring. */
typedef struct lwm_ring {
    uint16_t x_px;      /* S2: 0..0x7FFF; S3K: 0..0xFFFE */
    uint16_t y_px;      /* 0..0xFFF */
    uint8_t count;      /* S2: 1..8; S3K: 1 */
    bool column;        /* S2: rings go down (y + 0x18 each), else right (x + 0x18) */
    uint8_t spare_bits; /* S3K: y bits 15-12 (4 bits); S2: 0 */
} lwm_ring;

/** A parsed layout. Own it with lwm_layout_init / lwm_layout_clear. */
typedef struct lwm_layout {
    lwm_layout_format format;
    lwm_object *objects; /* object formats: heap array of object_count */
    size_t object_count;
    lwm_ring *rings; /* ring formats: heap array of ring_count */
    size_t ring_count;
    uint8_t head[LWM_LAYOUT_MAX_HEAD]; /* leading sentinel record, verbatim */
    size_t head_size;
    uint8_t *tail; /* heap: the terminator and everything after it, verbatim */
    size_t tail_size;
    bool terminated; /* the terminator was found (never for S2 objects and S1 platforms) */
} lwm_layout;

/** Short name of a format ("s1-objects", ...). Never NULL. */
const char *lwm_layout_format_name(lwm_layout_format format);

/** True for the formats holding lwm_ring records. */
bool lwm_layout_format_has_rings(lwm_layout_format format);

/**
 * An empty layout of @format with the game's usual sentinel and terminator (S1/S3K objects
 * FFFF 0000 0000, S2 bumpers and S3K rings a zero head record and an FFFF end, S2 rings FFFF,
 * S2 objects none), so a layout built from scratch writes a file the game reads.
 * Returns false only when memory runs out (the layout is then empty and needs no clear).
 */
bool lwm_layout_init(lwm_layout *layout, lwm_layout_format format);

/** Free what @layout owns and leave it empty (accepts NULL). */
void lwm_layout_clear(lwm_layout *layout);

/**
 * Parse @size bytes of @data as @format into @layout (initialised here; clear it after, also
 * on failure). Records are read until the terminator (or, when the file has none, until fewer
 * bytes than a record remain); the terminator and everything after it go to the tail.
 * Fails with LW_ERR_LIMIT (over LWM_LAYOUT_MAX_BYTES, offset 0), LW_ERR_TRUNCATED (a platform
 * list shorter than its count; offset = @size) or LW_ERR_NOMEM.
 */
bool lwm_layout_parse(lwm_layout *layout, lwm_layout_format format, const uint8_t *data,
                      size_t size, lw_error *err);

/** Bytes lwm_layout_write produces for @layout. */
size_t lwm_layout_size(const lwm_layout *layout);

/**
 * Write @layout into @out (room for @out_cap bytes, at least lwm_layout_size). Returns false
 * with LW_ERR_RANGE when a record does not fit its format (a field out of range, a flag the
 * format lacks, x equal to the terminator; err->offset = the record's byte offset in the
 * output, the message names the record) or LW_ERR_LIMIT when @out_cap is too small.
 * A parsed layout writes back to exactly the bytes it was parsed from.
 */
bool lwm_layout_write(const lwm_layout *layout, uint8_t *out, size_t out_cap, size_t *out_size,
                      lw_error *err);

/* ---------------------------------------------------------------------------------------------
 * Object names from SonLVL object lists
 * ------------------------------------------------------------------------------------------- */

#define LWM_OBJECT_NAME_MAX 64

/** id -> name table. A name is "" when no list names the id. */
typedef struct lwm_object_names {
    char name[256][LWM_OBJECT_NAME_MAX];
    size_t named; /* ids with a name */
} lwm_object_names;

/** Empty table. */
void lwm_object_names_init(lwm_object_names *names);

/**
 * Read one SonLVL object list (obj*.ini, or one of the '|'-separated lists of an S3K project
 * INI) at @dir/@rel_path and add its names to @names; a later list overrides an id named
 * before, as in SonLVL. Sections are hexadecimal ids ("[4B]"; others such as "[Ring]" are
 * skipped). The name is the section's name= key, else the Name attribute of its xmlfile= (an
 * ObjDef XML), else the string returned by the Name property of its codefile= (a C# object
 * definition; searched from the class its codetype= names), else the last part of its
 * codetype= (paths relative to @dir; backslashes read as '/'). A missing or
 * unreadable xml/code file only loses that name.
 * Fails with LW_ERR_IO (the list cannot be read), LW_ERR_LIMIT (list over 1 MiB or a line over
 * 4096 bytes) or LW_ERR_FORMAT (a section header without its ']'); err->line is the 1-based
 * line in the list. On failure @names keeps what was added before the bad line.
 */
bool lwm_object_names_add_file(lwm_object_names *names, const char *dir, const char *rel_path,
                               lw_error *err);

/**
 * Like lwm_object_names_add_file, for a list already in memory (@size bytes of @text, not
 * necessarily NUL-terminated); xml/code files are still read from @dir. Same errors, except
 * LW_ERR_IO.
 */
bool lwm_object_names_add_text(lwm_object_names *names, const char *dir, const char *text,
                               size_t size, lw_error *err);

/** The name of @id, "" if none. Never NULL. */
const char *lwm_object_names_get(const lwm_object_names *names, uint8_t id);
