#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Private to the packed-level sources (packed-format.c, packed-writer.c, packed-reader.c): the
 * byte layout of docs/FORMAT.md shared by the writer and the reader. The constants carry the
 * same names as the tables there. Internal like physics.h: outside include/, hidden visibility.
 */

#include "loopwright/packed.h"
#include "objects-private.h"

#include <string.h>

#pragma GCC visibility push(hidden)

/* ---- format constants (docs/FORMAT.md §2–§4) ---- */

#define HEADER_SIZE      64u
#define ENTRY_SIZE       32u
#define MAX_SECTIONS     32u
#define SECTION_ALIGN    16u
#define SECTION_KOSINSKI 1u          /* entry flag: the stored bytes are a Kosinski stream */
#define REF_NONE         0xFFFFFFFFu /* string reference meaning "no string" */
#define INFO_SIZE        40u
#define MASK_RECORD      34u /* 16 heights + 16 widths + angle + flags, stored as four arrays */
#define TILE_RECORD      8u
#define OBJ_RECORD       32u
#define PROP_RECORD      8u
#define PROF_HEAD        40u
#define OVERRIDE_RECORD  36u
#define REPLAY_RECORD    80u
#define LIST_HEAD        8u /* OBJS, PROP, RPLY: u32 count + u32 zero */
#define GOBJ_HEAD        8u /* u16 section version, u16 record size, u32 count */
#define GOBJ_RECORD      32u
#define GOBJ_VERSION     1u /* the GOBJ layout of docs/FORMAT.md §4.8 */
#define LOOP_HEAD        8u /* u16 section version, u16 record size, u32 count */
#define LOOP_RECORD      8u /* u16 chunk, u16 path-B chunk, u8 rule, 3 zero bytes */
#define LOOP_VERSION     1u /* the LOOP layout of docs/FORMAT.md §4.12 */
#define WATR_SIZE        8u /* u16 section version, u16 zero, u32 water height in px */
#define WATR_VERSION     1u /* the WATR layout of docs/FORMAT.md §4.13 */

/* Sections in the order the writer stores them. */
enum {
    SEC_INFO,
    SEC_STRS,
    SEC_MASK,
    SEC_TILE,
    SEC_CHNK,
    SEC_LAYT,
    SEC_OBJS,
    SEC_PROP,
    SEC_GOBJ,
    SEC_PROF,
    SEC_RPLY,
    SEC_ARTP,
    SEC_LOOP,
    SEC_WATR,
    SEC_COUNT
};

/* The four-letter tag of each section, and whether a file must carry it (packed-format.c). */
extern const char lwi_packed_section_tags[SEC_COUNT][5];
extern const bool lwi_packed_section_required[SEC_COUNT];

/* The 8 bytes a PNG file starts with (the ARTP section's content is checked against them). */
extern const uint8_t lwi_packed_png_signature[8];

/* Where each typed field of a GOBJ record is (LWI_OBJ_* order): u8 at 5, 6, 7; i16 at 16..22;
 * u16 period at 24. */
extern const uint8_t lwi_packed_gobj_field_at[LWI_OBJ_FIELDS];

/* GOBJ record @r (GOBJ_RECORD bytes) of game object @o. */
void lwi_packed_gobj_put(uint8_t *r, const lw_sim_object *o);

/* The typed fields of GOBJ record @r (range-checked by lwi_obj_fields_check). */
void lwi_packed_gobj_fields(const uint8_t *r, int32_t v[LWI_OBJ_FIELDS]);

/* ---- little-endian access ---- */

static inline uint16_t get16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v & 0xFFu);
    p[1] = (uint8_t)((v >> 8) & 0xFFu);
}

static inline void put32(uint8_t *p, uint32_t v)
{
    put16(p, v & 0xFFFFu);
    put16(p + 2, v >> 16);
}

static inline size_t align_up(size_t v, size_t a)
{
    return (v + a - 1) / a * a;
}

/* ---- cell words: bits 0-9 tile + 1 (0 = empty), 10 X flip, 11 Y flip, 12/13 path A top/LRB,
 * 14/15 path B top/LRB (the S2 chunk word with the tile index shifted by one) ---- */

static inline uint16_t cell_word(const lw_cell *c)
{
    if (c->tile == LW_NONE)
        return (uint16_t)(((unsigned)c->flags & 3u) << 10 | ((unsigned)c->solid & 15u) << 12);
    return (uint16_t)(((unsigned)c->tile + 1u) | ((unsigned)c->flags & 3u) << 10 |
                      ((unsigned)c->solid & 15u) << 12);
}

static inline lw_cell cell_from_word(uint16_t w)
{
    unsigned t = w & 0x3FFu;
    lw_cell c;
    c.tile = t ? (uint16_t)(t - 1u) : (uint16_t)LW_NONE;
    c.flags = (uint8_t)((w >> 10) & 3u);
    c.solid = (uint8_t)((w >> 12) & 15u);
    return c;
}

#pragma GCC visibility pop
