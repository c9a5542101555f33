/* SPDX-License-Identifier: MIT */
/*
 * Packed level binaries: the strict reader. It checks the whole file (header, section table,
 * every section's size, ids and strings) before it allocates, then builds the level in one
 * block that the lw_packed_level handle owns. The byte layout is docs/FORMAT.md.
 */
#include "loopwright/crc32.h"
#include "loopwright/kosinski.h"
#include "loopwright/limits.h"
#include "packed-format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static bool zero_bytes(loader *L, size_t from, size_t to, const char *what)
{
    for (size_t i = from; i < to; i++)
        if (L->file[i] != 0)
            return FAIL(LW_ERR_FORMAT, i, "%s: byte is 0x%02X, must be zero", what, L->file[i]);
    return true;
}

/* The header's fixed fields: magic, version, sizes, section count, flags, reserved bytes. */
static bool check_header_fields(loader *L, uint32_t *out_file_size, uint32_t *out_count)
{
    const uint8_t *f = L->file;
    size_t n = L->size < 8 ? L->size : 8;
    if (memcmp(f, LW_PACKED_MAGIC, n) != 0)
        return FAIL(LW_ERR_FORMAT, 0, "not a Loopwright packed level (bad magic)");
    if (L->size < HEADER_SIZE)
        return FAIL(LW_ERR_TRUNCATED, L->size, "file ends inside the %u-byte header", HEADER_SIZE);
    uint32_t major = get16(f + 8), minor = get16(f + 10);
    if (major != LW_PACKED_VERSION_MAJOR)
        return FAIL(LW_ERR_VERSION, 8,
                    "format version %u.%u is not supported (this engine reads %u.x)", major, minor,
                    LW_PACKED_VERSION_MAJOR);
    if (get32(f + 12) != HEADER_SIZE)
        return FAIL(LW_ERR_FORMAT, 12, "header size is %u, expected %u", get32(f + 12),
                    HEADER_SIZE);
    uint32_t file_size = get32(f + 16);
    if (file_size < HEADER_SIZE || file_size > LW_PACKED_MAX_FILE || file_size % SECTION_ALIGN)
        return FAIL(LW_ERR_FORMAT, 16, "file size field %u is invalid", file_size);
    if (L->size < file_size)
        return FAIL(LW_ERR_TRUNCATED, L->size,
                    "file is truncated: the header says %u bytes, only %zu are present", file_size,
                    L->size);
    if (L->size > file_size)
        return FAIL(LW_ERR_FORMAT, file_size, "%zu unexpected bytes after the end of the file",
                    L->size - file_size);
    uint32_t count = get32(f + 20);
    if (count == 0 || count > MAX_SECTIONS)
        return FAIL(LW_ERR_FORMAT, 20, "section count %u is not 1..%u", count, MAX_SECTIONS);
    if (HEADER_SIZE + (size_t)count * ENTRY_SIZE > file_size)
        return FAIL(LW_ERR_FORMAT, 20, "the section table (%u entries) does not fit the file",
                    count);
    if (get32(f + 24) != 0)
        return FAIL(LW_ERR_FORMAT, 24, "header flags 0x%08X are unknown", get32(f + 24));
    if (!zero_bytes(L, 32, HEADER_SIZE, "reserved header field"))
        return false;
    *out_file_size = file_size;
    *out_count = count;
    return true;
}

/* Section table entry @k: tag, place right after the previous section (*@end), sizes, flags,
 * reserved bytes, the padding before it and its CRC. A known section is recorded in L->sec. */
static bool load_entry(loader *L, uint32_t k, uint32_t file_size, size_t *end)
{
    const uint8_t *f = L->file;
    size_t e = HEADER_SIZE + (size_t)k * ENTRY_SIZE;
    const uint8_t *t = f + e;
    uint32_t flags = get32(t + 4), off = get32(t + 8), stored = get32(t + 12), raw = get32(t + 16),
             crc = get32(t + 20);
    int idx = -1;
    for (int i = 0; i < SEC_COUNT; i++)
        if (memcmp(t, lwi_packed_section_tags[i], 4) == 0)
            idx = i;
    for (int c = 0; c < 4; c++)
        if (t[c] < 0x20 || t[c] > 0x7E)
            return FAIL(LW_ERR_FORMAT, e + (size_t)c, "section %u: tag is not printable ASCII", k);
    size_t expect = align_up(*end, SECTION_ALIGN);
    if (off != expect)
        return FAIL(LW_ERR_FORMAT, e + 8,
                    "section %.4s: offset %u, expected %zu (sections follow each other, "
                    "16-byte aligned)",
                    (const char *)t, off, expect);
    if (stored > file_size - off)
        return FAIL(LW_ERR_FORMAT, e + 12,
                    "section %.4s: %u bytes at offset %u run past the end of the file (%u)",
                    (const char *)t, stored, off, file_size);
    if (flags & ~SECTION_KOSINSKI)
        return FAIL(LW_ERR_FORMAT, e + 4, "section %.4s: unknown flags 0x%08X", (const char *)t,
                    flags);
    if ((flags & SECTION_KOSINSKI) && idx != SEC_CHNK && idx != SEC_LAYT)
        return FAIL(LW_ERR_FORMAT, e + 4, "section %.4s cannot be compressed", (const char *)t);
    if (!(flags & SECTION_KOSINSKI) && raw != stored)
        return FAIL(LW_ERR_FORMAT, e + 16,
                    "section %.4s: raw size %u differs from stored size %u without "
                    "compression",
                    (const char *)t, raw, stored);
    if (raw > LW_PACKED_MAX_FILE)
        return FAIL(LW_ERR_LIMIT, e + 16, "section %.4s: raw size %u is over the limit",
                    (const char *)t, raw);
    if (!zero_bytes(L, e + 24, e + 32, "reserved section-table field") ||
        !zero_bytes(L, *end, off, "padding before a section"))
        return false;
    if (idx >= 0) {
        if (L->sec[idx].present)
            return FAIL(LW_ERR_FORMAT, e, "section %.4s appears twice", (const char *)t);
        L->sec[idx] = (section_in){.present = true,
                                   .flags = flags,
                                   .entry = e,
                                   .offset = off,
                                   .stored = stored,
                                   .raw = raw,
                                   .data = f + off};
    }
    uint32_t got = lw_crc32(0, f + off, stored);
    if (got != crc)
        return FAIL(LW_ERR_CRC, off,
                    "section %.4s: CRC-32 is 0x%08X, the table says 0x%08X (damaged data)",
                    (const char *)t, got, crc);
    *end = (size_t)off + stored;
    return true;
}

static bool load_header(loader *L)
{
    const uint8_t *f = L->file;
    uint32_t file_size = 0, count = 0;
    if (!check_header_fields(L, &file_size, &count))
        return false;
    size_t end = HEADER_SIZE + (size_t)count * ENTRY_SIZE;
    for (uint32_t k = 0; k < count; k++)
        if (!load_entry(L, k, file_size, &end))
            return false;
    if (align_up(end, SECTION_ALIGN) != file_size)
        return FAIL(LW_ERR_FORMAT, 16, "file size %u does not end at the last section (%zu)",
                    file_size, align_up(end, SECTION_ALIGN));
    if (!zero_bytes(L, end, file_size, "padding after the last section"))
        return false;
    for (int i = 0; i < SEC_COUNT; i++)
        if (lwi_packed_section_required[i] && !L->sec[i].present)
            return FAIL(LW_ERR_FORMAT, 20, "required section %s is missing",
                        lwi_packed_section_tags[i]);
    /* the whole file, with the CRC field itself read as zero */
    static const uint8_t zeros[4] = {0};
    uint32_t whole = lw_crc32(0, f, 28);
    whole = lw_crc32(whole, zeros, 4);
    whole = lw_crc32(whole, f + 32, file_size - 32);
    if (whole != get32(f + 28))
        return FAIL(LW_ERR_CRC, 28, "file CRC-32 is 0x%08X, the header says 0x%08X", whole,
                    get32(f + 28));
    return true;
}

/* Exact raw size of a section, else an error at the entry's raw-size field. */
static bool want_size(loader *L, int idx, size_t expect)
{
    const section_in *s = &L->sec[idx];
    if (s->raw != expect)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section %s is %zu bytes, expected %zu",
                    lwi_packed_section_tags[idx], s->raw, expect);
    return true;
}

/* A string reference at file offset @at: REF_NONE (when allowed) or the offset of a
 * NUL-terminated string of at most @max bytes inside STRS. */
static bool check_ref(loader *L, size_t at, uint32_t ref, bool allow_none, size_t max,
                      const char *what)
{
    if (ref == REF_NONE) {
        if (allow_none)
            return true;
        return FAIL(LW_ERR_FORMAT, at, "%s: a string is required", what);
    }
    if (ref >= L->strs_size)
        return FAIL(LW_ERR_RANGE, at, "%s: string offset %u is outside the string table (%zu)",
                    what, ref, L->strs_size);
    const uint8_t *s = L->sec[SEC_STRS].data + ref;
    size_t avail = L->strs_size - ref, look = avail < max + 1 ? avail : max + 1;
    if (!memchr(s, 0, look))
        return FAIL(LW_ERR_LIMIT, at, "%s: string at %u is longer than %zu bytes", what, ref, max);
    return true;
}

/* A NUL-terminated name in a fixed field of @cap bytes, zero after the terminator. */
static bool check_fixed(loader *L, size_t at, size_t cap, bool nonempty, const char *what)
{
    const uint8_t *p = L->file + at;
    const uint8_t *nul = memchr(p, 0, cap);
    if (!nul)
        return FAIL(LW_ERR_FORMAT, at, "%s is not NUL-terminated within %zu bytes", what, cap);
    if (nonempty && nul == p)
        return FAIL(LW_ERR_FORMAT, at, "%s is empty", what);
    return zero_bytes(L, at + (size_t)(nul - p), at + cap, what);
}

static bool load_info(loader *L)
{
    const section_in *s = &L->sec[SEC_INFO];
    if (!want_size(L, SEC_INFO, INFO_SIZE))
        return false;
    const uint8_t *p = s->data;
    size_t o = s->offset;
    L->chunk_px = get16(p);
    L->width = get16(p + 2);
    L->height = get16(p + 4);
    uint32_t flags = get16(p + 6);
    L->masks = get32(p + 8);
    L->tiles = get32(p + 12);
    L->chunks = get32(p + 16);
    L->bg_rgb = get32(p + 20);
    L->name_ref = get32(p + 24);
    L->tileset_ref = get32(p + 28);
    L->next_id = get32(p + 32);
    if (L->chunk_px != 128 && L->chunk_px != 256)
        return FAIL(LW_ERR_RANGE, o, "chunk size %u is not 128 or 256", L->chunk_px);
    if (L->width == 0 || L->height == 0)
        return FAIL(LW_ERR_RANGE, o + 2, "layout size %ux%u is empty", L->width, L->height);
    if (L->width * L->chunk_px > LW_MAX_LEVEL_W_PX)
        return FAIL(LW_ERR_LIMIT, o + 2, "layout width %u chunks is over %u px", L->width,
                    LW_MAX_LEVEL_W_PX);
    if (L->height * L->chunk_px > LW_MAX_LEVEL_H_PX)
        return FAIL(LW_ERR_LIMIT, o + 4, "layout height %u chunks is over %u px", L->height,
                    LW_MAX_LEVEL_H_PX);
    if (L->width * L->height > LW_MAX_LAYOUT_CELLS)
        return FAIL(LW_ERR_LIMIT, o + 2, "layout %ux%u is over %u chunks", L->width, L->height,
                    LW_MAX_LAYOUT_CELLS);
    if (flags & ~1u)
        return FAIL(LW_ERR_FORMAT, o + 6, "unknown level flags 0x%04X", flags);
    L->has_bg = flags & 1u;
    if (L->masks > LW_MAX_MASKS)
        return FAIL(LW_ERR_LIMIT, o + 8, "%u masks is over the limit of %u", L->masks,
                    LW_MAX_MASKS);
    if (L->tiles > LW_MAX_TILES)
        return FAIL(LW_ERR_LIMIT, o + 12, "%u tiles is over the limit of %u", L->tiles,
                    LW_MAX_TILES);
    if (L->chunks > LW_MAX_CHUNKS)
        return FAIL(LW_ERR_LIMIT, o + 16, "%u chunks is over the limit of %u", L->chunks,
                    LW_MAX_CHUNKS);
    if (L->bg_rgb > 0xFFFFFFu)
        return FAIL(LW_ERR_RANGE, o + 20, "background colour 0x%08X is not 0xRRGGBB", L->bg_rgb);
    if (!zero_bytes(L, o + 36, o + 40, "reserved INFO field"))
        return false;
    return true;
}

static bool load_strings(loader *L)
{
    const section_in *s = &L->sec[SEC_STRS];
    L->strs_size = s->raw;
    if (s->raw && s->data[s->raw - 1] != 0)
        return FAIL(LW_ERR_FORMAT, s->offset + s->raw - 1,
                    "the string table does not end with a NUL byte");
    return check_ref(L, L->sec[SEC_INFO].offset + 24, L->name_ref, false, LW_MAX_STRING,
                     "level name") &&
           check_ref(L, L->sec[SEC_INFO].offset + 28, L->tileset_ref, true, LW_MAX_STRING,
                     "tileset path");
}

/* Widths from heights by the ROM rule (same result as lw_mask_derive_widths, FORMATS.md §2.4),
 * with bit operations: the loader checks every stored width against it. */
static void derive_widths_fast(const int8_t heights[16], int8_t widths[16])
{
    uint16_t rows[16] = {0}; /* bit c of rows[r]: pixel (c, r) solid */
    for (unsigned c = 0; c < 16; c++) {
        int h = heights[c];
        uint32_t col = h > 0   ? (0xFFFFu << (16 - h)) & 0xFFFFu /* rows 16-h..15 */
                       : h < 0 ? (1u << -h) - 1u                 /* rows 0..-h-1 */
                               : 0u;
        for (unsigned r = 0; col; r++, col >>= 1)
            rows[r] = (uint16_t)(rows[r] | (col & 1u) << c);
    }
    for (unsigned r = 0; r < 16; r++) {
        unsigned bits = rows[r], n = 0;
        for (unsigned v = bits; v; v &= v - 1)
            n++;
        widths[r] = (int8_t)(n == 0 || n == 16 ? (int)n : (bits & 1u) ? -(int)n : (int)n);
    }
}

static bool check_masks(loader *L)
{
    if (!want_size(L, SEC_MASK, (size_t)L->masks * MASK_RECORD))
        return false;
    const uint8_t *p = L->sec[SEC_MASK].data;
    size_t o = L->sec[SEC_MASK].offset, n = L->masks;
    for (size_t m = 0; m < n; m++) {
        lw_mask mk;
        memcpy(mk.heights, p + m * 16, 16);
        for (int c = 0; c < 16; c++)
            if (mk.heights[c] < -16 || mk.heights[c] > 16)
                return FAIL(LW_ERR_RANGE, o + m * 16 + (size_t)c,
                            "mask %zu column %d: height %d is outside -16..16", m, c,
                            mk.heights[c]);
        derive_widths_fast(mk.heights, mk.widths);
        const uint8_t *w = p + n * 16 + m * 16;
        if (memcmp(mk.widths, w, 16) != 0) {
            int r = 0;
            while (mk.widths[r] == (int8_t)w[r])
                r++;
            return FAIL(LW_ERR_FORMAT, o + n * 16 + m * 16 + (size_t)r,
                        "mask %zu row %d: width %d is not the one its heights give (%d)", m, r,
                        (int8_t)w[r], mk.widths[r]);
        }
        uint8_t flags = p[n * 33 + m];
        if (flags & ~(LW_MASK_FLAGGED | LW_MASK_LOCKED))
            return FAIL(LW_ERR_FORMAT, o + n * 33 + m, "mask %zu: unknown flags 0x%02X", m, flags);
    }
    return true;
}

static bool check_tiles(loader *L)
{
    if (!want_size(L, SEC_TILE, (size_t)L->tiles * TILE_RECORD))
        return false;
    const uint8_t *p = L->sec[SEC_TILE].data;
    size_t o = L->sec[SEC_TILE].offset;
    for (size_t t = 0; t < L->tiles; t++) {
        const uint8_t *r = p + t * TILE_RECORD;
        for (int k = 0; k < 2; k++) {
            uint32_t m = get16(r + 2 + 2 * k);
            if (m != LW_NONE && m >= L->masks)
                return FAIL(LW_ERR_RANGE, o + t * TILE_RECORD + 2 + 2 * (size_t)k,
                            "tile %zu: path %c mask %u does not exist (%u masks)", t, "AB"[k], m,
                            L -> masks);
        }
        if (r[6] & ~LW_TILE_JUMP_THROUGH)
            return FAIL(LW_ERR_FORMAT, o + t * TILE_RECORD + 6, "tile %zu: unknown flags 0x%02X", t,
                        r[6]);
        if (r[7])
            return FAIL(LW_ERR_FORMAT, o + t * TILE_RECORD + 7, "tile %zu: padding is not zero", t);
    }
    return true;
}

/* The head of a list section (OBJS, RPLY): a count of at most @limit @noun, then 4 reserved
 * zero bytes, then @count records of @record bytes. */
static bool check_list_head(loader *L, int idx, uint32_t limit, const char *noun, size_t record,
                            uint32_t *count)
{
    const section_in *s = &L->sec[idx];
    const char *tag = lwi_packed_section_tags[idx];
    if (s->raw < LIST_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section %s is shorter than its count", tag);
    *count = get32(s->data);
    if (*count > limit)
        return FAIL(LW_ERR_LIMIT, s->offset, "%u %s is over the limit of %u", *count, noun, limit);
    char what[32];
    snprintf(what, sizeof what, "%s reserved field", tag);
    return want_size(L, idx, LIST_HEAD + (size_t)*count * record) &&
           zero_bytes(L, s->offset + 4, s->offset + 8, what);
}

/* OBJS: every record's type, flags, swapper fields, name and property range */
static bool check_objects(loader *L)
{
    const section_in *s = &L->sec[SEC_OBJS];
    if (!check_list_head(L, SEC_OBJS, LW_MAX_OBJECTS, "objects", OBJ_RECORD, &L->objects))
        return false;
    uint32_t props = 0;
    for (size_t i = 0; i < L->objects; i++) {
        const uint8_t *r = s->data + LIST_HEAD + i * OBJ_RECORD;
        size_t o = s->offset + LIST_HEAD + i * OBJ_RECORD;
        uint32_t id = get32(r), type = r[4], flags = r[5], radius = get16(r + 6);
        if (id == 0)
            return FAIL(LW_ERR_RANGE, o, "object %zu: id 0 is reserved", i);
        if (type > LW_OBJECT_MARKER)
            return FAIL(LW_ERR_FORMAT, o + 4, "object %u: unknown type %u", id, type);
        int32_t ox = (int32_t)get32(r + 8), oy = (int32_t)get32(r + 12);
        if (!lw_limits_object_pos_ok(ox, oy))
            return FAIL(LW_ERR_RANGE, o + 8,
                        "object %zu: position (%ld, %ld) is outside %d..%d, %d..%d", i, (long)ox,
                        (long)oy, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, LW_MIN_OBJECT_Y,
                        LW_MAX_OBJECT_Y);
        uint32_t allowed = type == LW_OBJECT_PLAYER_START   ? 1u
                           : type == LW_OBJECT_PATH_SWAPPER ? 14u
                                                            : 0u;
        if (flags & ~allowed)
            return FAIL(LW_ERR_FORMAT, o + 5, "object %u: flags 0x%02X not allowed for its type",
                        id, flags);
        if (type == LW_OBJECT_PATH_SWAPPER) {
            if (radius != 32 && radius != 64 && radius != 128 && radius != 256)
                return FAIL(LW_ERR_RANGE, o + 6,
                            "object %u: swapper radius %u is not 32, 64, 128 or 256", id, radius);
            for (int k = 0; k < 4; k++)
                if (r[16 + k] > 1)
                    return FAIL(LW_ERR_RANGE, o + 16 + (size_t)k,
                                "object %u: swapper %s %u is not 0 or 1", id,
                                k < 2 ? "path" : "priority", r[16 + k]);
        } else if (radius || get32(r + 16)) {
            return FAIL(LW_ERR_FORMAT, o + (radius ? 6u : 16u),
                        "object %u: swapper fields must be zero for its type", id);
        }
        uint32_t name = get32(r + 20), first = get32(r + 24), count = get32(r + 28);
        if (type == LW_OBJECT_MARKER) {
            if (!check_ref(L, o + 20, name, true, LW_MAX_STRING, "marker name"))
                return false;
        } else if (name != REF_NONE) {
            return FAIL(LW_ERR_FORMAT, o + 20, "object %u: only markers have a name", id);
        }
        if (first != props)
            return FAIL(LW_ERR_FORMAT, o + 24,
                        "object %u: first property %u, expected %u (properties are stored in "
                        "object order)",
                        id, first, props);
        if (count > (type == LW_OBJECT_MARKER ? LW_MAX_PROPERTIES : 0u))
            return FAIL(LW_ERR_LIMIT, o + 28, "object %u: %u properties is not allowed", id, count);
        props += count;
    }
    L->props = props;
    return true;
}

/* The OBJS index of the marker game object @k (file offset @o) stands for: the first object
 * after @*next with its id; the record's own fields are checked against it. */
static bool gobj_marker(loader *L, size_t k, size_t o, uint32_t *next)
{
    const uint8_t *op = L->sec[SEC_OBJS].data + LIST_HEAD, *r = L->file + o;
    uint32_t id = get32(r);
    if (id == 0)
        return FAIL(LW_ERR_RANGE, o, "game object %zu: id 0 is reserved", k);
    uint32_t j = *next;
    while (j < L->objects && get32(op + (size_t)j * OBJ_RECORD) != id)
        j++;
    if (j == L->objects)
        return FAIL(LW_ERR_RANGE, o,
                    "game object %zu: id %u is not an object after the previous game object's "
                    "(records follow level order, one per marker)",
                    k, id);
    const uint8_t *m = op + (size_t)j * OBJ_RECORD;
    if (m[4] != LW_OBJECT_MARKER)
        return FAIL(LW_ERR_FORMAT, o, "game object %zu: object %u is not a marker", k, id);
    int32_t x = (int32_t)get32(r + 8), y = (int32_t)get32(r + 12);
    if (!lw_limits_object_pos_ok(x, y))
        return FAIL(LW_ERR_RANGE, o + 8,
                    "game object %u: position (%ld, %ld) is outside %d..%d, %d..%d", id, (long)x,
                    (long)y, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y);
    for (int c = 0; c < 2; c++)
        if (get32(r + 8 + 4 * c) != get32(m + 8 + 4 * c))
            return FAIL(LW_ERR_FORMAT, o + 8 + 4 * (size_t)c,
                        "game object %u: %c %ld differs from its marker's (%ld)", id, "xy"[c],
                        (long)(int32_t)get32(r + 8 + 4 * c), (long)(int32_t)get32(m + 8 + 4 * c));
    *next = j + 1;
    return true;
}

/* GOBJ (optional): section version, record size, count, then each record's marker, type and
 * typed fields (the rules of objects-load.c), reserved bytes zero */
static bool check_game_objects(loader *L)
{
    const section_in *s = &L->sec[SEC_GOBJ];
    L->game_objects = 0;
    if (!s->present)
        return true;
    if (s->raw < GOBJ_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section GOBJ is shorter than its header");
    uint32_t version = get16(s->data), record = get16(s->data + 2), count = get32(s->data + 4);
    if (version != GOBJ_VERSION)
        return FAIL(LW_ERR_VERSION, s->offset,
                    "game objects section version %u is not supported (this engine reads %u)",
                    version, GOBJ_VERSION);
    if (record != GOBJ_RECORD)
        return FAIL(LW_ERR_FORMAT, s->offset + 2, "game object records are %u bytes, expected %u",
                    record, GOBJ_RECORD);
    if (count > L->objects)
        return FAIL(count > LW_MAX_OBJECTS ? LW_ERR_LIMIT : LW_ERR_RANGE, s->offset + 4,
                    "%u game objects, but the level has %u objects", count, L->objects);
    if (!want_size(L, SEC_GOBJ, GOBJ_HEAD + (size_t)count * GOBJ_RECORD))
        return false;
    uint32_t next = 0;
    for (size_t k = 0; k < count; k++) {
        size_t o = s->offset + GOBJ_HEAD + k * GOBJ_RECORD;
        const uint8_t *r = L->file + o;
        if (!gobj_marker(L, k, o, &next))
            return false;
        if (r[4] >= LW_OBJ_TYPE_COUNT)
            return FAIL(LW_ERR_FORMAT, o + 4, "game object %u: type %u is not one of 0..%d",
                        get32(r), r[4], LW_OBJ_TYPE_COUNT - 1);
        int32_t v[LWI_OBJ_FIELDS];
        lwi_packed_gobj_fields(r, v);
        lw_error why;
        int bad = lwi_obj_fields_check(get32(r), r[4], v, &why);
        if (bad >= 0)
            return FAIL(why.code, o + lwi_packed_gobj_field_at[bad], "%s", why.message);
        if (!zero_bytes(L, o + 26, o + GOBJ_RECORD, "reserved game object field"))
            return false;
    }
    L->game_objects = count;
    return true;
}

/* PROP: as many records as the objects use, each a non-empty name and a value */
static bool check_props(loader *L)
{
    const section_in *s = &L->sec[SEC_PROP];
    uint32_t props = L->props;
    if (s->raw < LIST_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section PROP is shorter than its count");
    if (get32(s->data) != props)
        return FAIL(LW_ERR_FORMAT, s->offset, "PROP holds %u properties, the objects use %u",
                    get32(s->data), props);
    if (!want_size(L, SEC_PROP, LIST_HEAD + (size_t)props * PROP_RECORD) ||
        !zero_bytes(L, s->offset + 4, s->offset + 8, "PROP reserved field"))
        return false;
    for (size_t i = 0; i < props; i++) {
        size_t o = s->offset + LIST_HEAD + i * PROP_RECORD;
        const uint8_t *r = s->data + LIST_HEAD + i * PROP_RECORD;
        if (!check_ref(L, o, get32(r), false, LW_MAX_STRING, "property name") ||
            !check_ref(L, o + 4, get32(r + 4), false, LW_MAX_STRING, "property value"))
            return false;
        if (L->sec[SEC_STRS].data[get32(r)] == 0)
            return FAIL(LW_ERR_FORMAT, o, "property %zu: the name is empty", i);
    }
    return true;
}

/* PROF: profile and character names, overrides with unique names */
static bool check_profile(loader *L)
{
    const section_in *s = &L->sec[SEC_PROF];
    if (s->raw < PROF_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section PROF is shorter than its header");
    L->overrides = get32(s->data + 32);
    if (L->overrides > LW_MAX_OVERRIDES)
        return FAIL(LW_ERR_LIMIT, s->offset + 32, "%u overrides is over the limit of %u",
                    L->overrides, LW_MAX_OVERRIDES);
    if (!want_size(L, SEC_PROF, PROF_HEAD + (size_t)L->overrides * OVERRIDE_RECORD) ||
        !check_fixed(L, s->offset, 16, false, "profile name") ||
        !check_fixed(L, s->offset + 16, 16, false, "character name") ||
        !zero_bytes(L, s->offset + 36, s->offset + 40, "PROF reserved field"))
        return false;
    for (size_t i = 0; i < L->overrides; i++) {
        size_t o = s->offset + PROF_HEAD + i * OVERRIDE_RECORD;
        if (!check_fixed(L, o, 32, true, "override name"))
            return false;
        for (size_t j = 0; j < i; j++)
            if (strcmp((const char *)L->file + o,
                       (const char *)L->file + s->offset + PROF_HEAD + j * OVERRIDE_RECORD) == 0)
                return FAIL(LW_ERR_FORMAT, o, "override \"%s\" is set twice",
                            (const char *)L->file + o);
    }
    return true;
}

/* RPLY (optional): replay records */
static bool check_replays(loader *L)
{
    const section_in *s = &L->sec[SEC_RPLY];
    L->replays = 0;
    if (s->present) {
        if (!check_list_head(L, SEC_RPLY, LW_MAX_REPLAYS, "replays", REPLAY_RECORD, &L->replays))
            return false;
        for (size_t i = 0; i < L->replays; i++) {
            size_t o = s->offset + LIST_HEAD + i * REPLAY_RECORD;
            const uint8_t *r = L->file + o;
            if (!check_ref(L, o, get32(r), false, LW_MAX_STRING, "replay name") ||
                !check_ref(L, o + 4, get32(r + 4), false, LW_MAX_SCRIPT, "replay script"))
                return false;
            for (int k = 8; k < 12; k++)
                if (r[k] > 1)
                    return FAIL(LW_ERR_RANGE, o + (size_t)k, "replay %zu: field is not 0 or 1", i);
            if (!check_fixed(L, o + 20, 16, false, "replay profile") ||
                !check_fixed(L, o + 36, 16, false, "replay character") ||
                !zero_bytes(L, o + 72, o + 80, "replay reserved field"))
                return false;
            int32_t sx = (int32_t)get32(r + 12), sy = (int32_t)get32(r + 16);
            uint32_t frames = get32(r + 52);
            if (r[8] && !lw_limits_start_ok(sx, sy))
                return FAIL(LW_ERR_RANGE, o + 12,
                            "replay %zu: start (%ld, %ld) is outside 0..%d, 0..%d", i, (long)sx,
                            (long)sy, LW_MAX_START_X, LW_MAX_START_Y);
            if (frames > LW_MAX_REPLAY_FRAMES)
                return FAIL(LW_ERR_RANGE, o + 52, "replay %zu: %lu frames is over the limit of %u",
                            i, (unsigned long)frames, LW_MAX_REPLAY_FRAMES);
            if (r[9] && !lw_limits_object_pos_ok((int32_t)get32(r + 64), (int32_t)get32(r + 68)))
                return FAIL(LW_ERR_RANGE, o + 64, "replay %zu: expected position is out of range",
                            i);
        }
    }
    return true;
}

/* ARTP (optional): a PNG file */
static bool check_art(loader *L)
{
    const section_in *s = &L->sec[SEC_ARTP];
    if (s->present && (s->raw < 8 || memcmp(s->data, lwi_packed_png_signature, 8) != 0))
        return FAIL(LW_ERR_FORMAT, s->offset, "the embedded art is not a PNG file");
    return true;
}

/* LOOP (optional, 1.2): the loop table (level.h); chunks are checked against INFO's count */
static bool check_loops(loader *L)
{
    const section_in *s = &L->sec[SEC_LOOP];
    L->loops = 0;
    if (!s->present)
        return true;
    if (s->raw < LOOP_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section LOOP is shorter than its header");
    uint32_t version = get16(s->data), record = get16(s->data + 2), count = get32(s->data + 4);
    if (version != LOOP_VERSION)
        return FAIL(LW_ERR_VERSION, s->offset,
                    "loop chunks section version %u is not supported (this engine reads %u)",
                    version, LOOP_VERSION);
    if (record != LOOP_RECORD)
        return FAIL(LW_ERR_FORMAT, s->offset + 2, "loop chunk records of %u bytes, expected %u",
                    record, LOOP_RECORD);
    if (count > LW_MAX_LOOP_CHUNKS)
        return FAIL(LW_ERR_LIMIT, s->offset + 4, "%u loop chunks is over the limit of %u", count,
                    LW_MAX_LOOP_CHUNKS);
    if (!want_size(L, SEC_LOOP, LOOP_HEAD + (size_t)count * LOOP_RECORD))
        return false;
    for (uint32_t i = 0; i < count; i++) {
        size_t o = s->offset + LOOP_HEAD + (size_t)i * LOOP_RECORD;
        const uint8_t *r = s->data + LOOP_HEAD + (size_t)i * LOOP_RECORD;
        uint32_t chunk = get16(r), alt = get16(r + 2);
        if (chunk >= L->chunks || (alt != LW_NONE && alt >= L->chunks))
            return FAIL(LW_ERR_RANGE, o,
                        "loop chunk %u: chunk %u or path-B chunk %u does not "
                        "exist (%u chunks)",
                        i, chunk, alt, L->chunks);
        if (r[4] > LW_LOOP_TUNNEL || (r[4] != LW_LOOP_NONE && L->chunk_px != 256))
            return FAIL(LW_ERR_RANGE, o + 4, "loop chunk %u: rule %u (rules need 256 px chunks)", i,
                        r[4]);
        if (!zero_bytes(L, o + 5, o + 8, "loop chunk reserved field"))
            return false;
        for (uint32_t j = 0; j < i; j++)
            if (get16(s->data + LOOP_HEAD + (size_t)j * LOOP_RECORD) == chunk)
                return FAIL(LW_ERR_RANGE, o, "loop chunk %u: chunk %u is listed twice", i, chunk);
    }
    L->loops = count;
    return true;
}

/* Decode a section's raw bytes into @dst (exactly s->raw bytes). */
static bool section_bytes(loader *L, int idx, uint8_t *dst)
{
    const section_in *s = &L->sec[idx];
    if (!(s->flags & SECTION_KOSINSKI)) {
        memcpy(dst, s->data, s->raw);
        return true;
    }
    lw_error kerr;
    size_t got = 0, used = 0;
    if (!lw_kosinski_decompress(s->data, s->stored, dst, s->raw, &got, &used, &kerr))
        return FAIL(kerr.code == LW_ERR_TRUNCATED ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                    s->offset + (size_t)(kerr.offset < 0 ? 0 : kerr.offset),
                    "section %s: bad Kosinski data: %s", lwi_packed_section_tags[idx],
                    kerr.message);
    if (got != s->raw)
        return FAIL(LW_ERR_FORMAT, s->entry + 16,
                    "section %s: Kosinski data gives %zu bytes, the table says %zu",
                    lwi_packed_section_tags[idx], got, s->raw);
    for (size_t i = used; i < s->stored; i++)
        if (s->data[i])
            return FAIL(LW_ERR_FORMAT, s->offset + i,
                        "section %s: non-zero byte after the Kosinski terminator",
                        lwi_packed_section_tags[idx]);
    return true;
}

/* ---- building the level: one block, laid out by a plan ---- */

/* Byte offsets inside the block of each area (the lw_packed_level itself is at 0). */
typedef struct block_plan {
    size_t total;
    size_t masks, tiles, cells, layout, objects, props, game_objects, overrides, replays, strs,
        scratch, loops;
} block_plan;

static size_t plan_add(size_t *total, size_t bytes)
{
    size_t at = align_up(*total, 16);
    *total = at + bytes;
    return at;
}

/* The state of one build: the checked file, the block and the level inside it. */
typedef struct builder {
    loader *L;
    size_t per, ncells, slots; /* cells per chunk, cells in all chunks, slots per layout layer */
    block_plan plan;
    uint8_t *block;
    lw_level *level;
    char *strs; /* the block's copy of STRS */
} builder;

static void plan_block(builder *B)
{
    const loader *L = B->L;
    block_plan *b = &B->plan;
    plan_add(&b->total, sizeof(lw_packed_level));
    b->masks = plan_add(&b->total, (size_t)L->masks * sizeof(lw_mask));
    b->tiles = plan_add(&b->total, (size_t)L->tiles * sizeof(lw_tile));
    b->cells = plan_add(&b->total, B->ncells * sizeof(lw_cell));
    /* both layers in one area: LAYT holds them back to back */
    b->layout = plan_add(&b->total, B->slots * sizeof(uint16_t) * (L->has_bg ? 2u : 1u));
    b->objects = plan_add(&b->total, (size_t)L->objects * sizeof(lw_object));
    b->props = plan_add(&b->total, (size_t)L->props * sizeof(lw_property));
    b->game_objects = plan_add(&b->total, (size_t)L->game_objects * sizeof(lw_sim_object));
    b->overrides = plan_add(&b->total, (size_t)L->overrides * sizeof(lw_override));
    b->replays = plan_add(&b->total, (size_t)L->replays * sizeof(lw_replay));
    b->strs = plan_add(&b->total, L->strs_size);
    b->loops = plan_add(&b->total, (size_t)L->loops * sizeof(lw_loop_chunk));
    /* scratch for the id-uniqueness check; part of the same block, unused afterwards */
    b->scratch = plan_add(&b->total, (size_t)L->objects * sizeof(uint32_t));
}

/* The level's scalar fields and counts, and its strings copied into the block. */
static void build_header(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    memset(level, 0, sizeof *level);
    level->chunk_px = (uint16_t)L->chunk_px;
    level->chunk_shift = L->chunk_px == 128 ? 7 : 8;
    level->chunk_cells = (uint8_t)(L->chunk_px / LW_TILE_PX);
    level->layout_width = (uint16_t)L->width;
    level->layout_height = (uint16_t)L->height;
    level->background_rgb = L->bg_rgb;
    level->next_object_id = L->next_id;
    level->mask_count = level->mask_capacity = L->masks;
    level->tile_count = level->tile_capacity = L->tiles;
    level->chunk_count = level->chunk_capacity = L->chunks;
    level->object_count = level->object_capacity = L->objects;
    level->override_count = L->overrides;
    level->replay_count = L->replays;

    char *strs = (char *)B->block + B->plan.strs;
    memcpy(strs, L->sec[SEC_STRS].data, L->strs_size);
    B->strs = strs;
    level->name = strs + L->name_ref;
    level->tileset = L->tileset_ref == REF_NONE ? NULL : strs + L->tileset_ref;
}

/* masks: four arrays -> structs; tiles: records -> structs */
static void build_masks_tiles(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    level->masks = L->masks ? (lw_mask *)(B->block + B->plan.masks) : NULL;
    const uint8_t *mp = L->sec[SEC_MASK].data;
    for (size_t m = 0; m < L->masks; m++) {
        lw_mask *mk = &lw_level_masks_mut(level)[m];
        memcpy(mk->heights, mp + m * 16, 16);
        memcpy(mk->widths, mp + (size_t)L->masks * 16 + m * 16, 16);
        mk->angle = mp[(size_t)L->masks * 32 + m];
        mk->flags = mp[(size_t)L->masks * 33 + m];
    }
    level->tiles = L->tiles ? (lw_tile *)(B->block + B->plan.tiles) : NULL;
    const uint8_t *tp = L->sec[SEC_TILE].data;
    for (size_t t = 0; t < L->tiles; t++) {
        const uint8_t *r = tp + t * TILE_RECORD;
        lw_level_tiles_mut(level)[t] =
            (lw_tile){.art = get16(r), .mask = {get16(r + 2), get16(r + 4)}, .flags = r[6]};
    }
}

/* cells: the words are decoded into the upper half of the cell area, then widened in place
 * front to back (cell i never overwrites a word that has not been read yet) */
static bool build_cells(builder *B)
{
    loader *L = B->L;
    lw_level *level = B->level;
    uint8_t *area = B->block + B->plan.cells;
    level->cells = B->ncells ? (lw_cell *)area : NULL;
    if (!B->ncells)
        return section_bytes(L, SEC_CHNK, area);
    uint8_t *words = area + B->ncells * 2u;
    if (!section_bytes(L, SEC_CHNK, words))
        return false;
    bool packed = L->sec[SEC_CHNK].flags & SECTION_KOSINSKI;
    size_t side = L->chunk_px / 16;
    for (size_t i = 0; i < B->ncells; i++) {
        lw_cell c = cell_from_word(get16(words + 2 * i));
        if (c.tile != LW_NONE && c.tile >= L->tiles)
            return FAIL(LW_ERR_RANGE,
                        packed ? L->sec[SEC_CHNK].offset : L->sec[SEC_CHNK].offset + 2 * i,
                        "chunk %zu cell (%zu,%zu): tile %u does not exist (%u tiles)%s", i / B->per,
                        (i % B->per) % side, (i % B->per) / side, c.tile, L->tiles,
                        packed ? " (compressed section)" : "");
        lw_level_cells_mut(level)[i] = c;
    }
    return true;
}

/* layout: both layers decoded in place, every chunk id checked */
static bool build_layout(builder *B)
{
    loader *L = B->L;
    lw_level *level = B->level;
    uint16_t *lay = (uint16_t *)(B->block + B->plan.layout);
    level->layout[0] = lay;
    level->layout[1] = L->has_bg ? lay + B->slots : NULL;
    if (!section_bytes(L, SEC_LAYT, (uint8_t *)lay))
        return false;
    bool packed = L->sec[SEC_LAYT].flags & SECTION_KOSINSKI;
    size_t slots = B->slots;
    for (size_t i = 0; i < slots * (L->has_bg ? 2u : 1u); i++) {
        uint16_t v = get16((const uint8_t *)(lay + i));
        if (v != LW_NONE && v >= L->chunks)
            return FAIL(
                LW_ERR_RANGE, packed ? L->sec[SEC_LAYT].offset : L->sec[SEC_LAYT].offset + 2 * i,
                "%s layout (%zu,%zu): chunk %u does not exist (%u chunks)%s",
                i >= slots ? "background" : "foreground", (i % slots) % L->width,
                (i % slots) / L->width, v, L->chunks, packed ? " (compressed section)" : "");
        lay[i] = v;
    }
    return true;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Object ids are unique: sort a copy, and on a repeat name the second record that uses it. */
static bool check_unique_ids(builder *B, uint32_t *ids)
{
    loader *L = B->L;
    if (L->objects < 2)
        return true;
    const uint8_t *op = L->sec[SEC_OBJS].data + LIST_HEAD;
    qsort(ids, L->objects, sizeof *ids, cmp_u32);
    for (size_t i = 1; i < L->objects; i++) {
        if (ids[i] != ids[i - 1])
            continue;
        size_t at = 0;
        while (get32(op + at * OBJ_RECORD) != ids[i])
            at++;
        size_t second = at + 1;
        while (get32(op + second * OBJ_RECORD) != ids[i])
            second++;
        return FAIL(LW_ERR_RANGE, L->sec[SEC_OBJS].offset + LIST_HEAD + second * OBJ_RECORD,
                    "object %zu: id %u is used twice", second, ids[i]);
    }
    return true;
}

/* objects, properties */
static bool build_objects(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    char *strs = B->strs;
    level->objects = L->objects ? (lw_object *)(B->block + B->plan.objects) : NULL;
    lw_property *props = L->props ? (lw_property *)(B->block + B->plan.props) : NULL;
    uint32_t *ids = (uint32_t *)(B->block + B->plan.scratch);
    const uint8_t *op = L->sec[SEC_OBJS].data + LIST_HEAD;
    const uint8_t *pp = L->sec[SEC_PROP].data + LIST_HEAD;
    for (size_t i = 0; i < L->objects; i++) {
        const uint8_t *r = op + i * OBJ_RECORD;
        lw_object *o = &lw_level_objects_mut(level)[i];
        memset(o, 0, sizeof *o);
        o->id = get32(r);
        o->type = (lw_object_type)r[4];
        o->facing_left = r[5] & 1u;
        o->swapper.horizontal = (r[5] & 2u) != 0;
        o->swapper.grounded_only = (r[5] & 4u) != 0;
        o->swapper.priority_only = (r[5] & 8u) != 0;
        o->swapper.radius = get16(r + 6);
        o->x = (int32_t)get32(r + 8);
        o->y = (int32_t)get32(r + 12);
        o->swapper.path[0] = r[16];
        o->swapper.path[1] = r[17];
        o->swapper.priority[0] = r[18];
        o->swapper.priority[1] = r[19];
        uint32_t name = get32(r + 20), first = get32(r + 24), count = get32(r + 28);
        o->name = name == REF_NONE ? NULL : strs + name;
        o->prop_count = count;
        o->props = count ? props + first : NULL;
        for (uint32_t k = 0; k < count; k++) {
            const uint8_t *pr = pp + ((size_t)first + k) * PROP_RECORD;
            props[first + k].key = strs + get32(pr);
            props[first + k].value = strs + get32(pr + 4);
        }
        ids[i] = o->id;
    }
    return check_unique_ids(B, ids);
}

/* GOBJ records -> the simulation's typed objects (checked by check_game_objects) */
static void build_game_objects(builder *B, lw_packed_level *packed)
{
    const loader *L = B->L;
    lw_sim_object *objs = (lw_sim_object *)(void *)(B->block + B->plan.game_objects);
    packed->has_game_objects = L->sec[SEC_GOBJ].present;
    packed->game_object_count = L->game_objects;
    packed->game_objects = L->game_objects ? objs : NULL;
    for (size_t k = 0; k < L->game_objects; k++) {
        const uint8_t *r = L->sec[SEC_GOBJ].data + GOBJ_HEAD + k * GOBJ_RECORD;
        int32_t v[LWI_OBJ_FIELDS];
        lwi_packed_gobj_fields(r, v);
        lwi_obj_fields_set(&objs[k], get32(r), r[4], (int32_t)get32(r + 8), (int32_t)get32(r + 12),
                           v);
    }
}

/* profile, overrides, replays */
static void build_profile_replays(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    char *strs = B->strs;
    const uint8_t *pf = L->sec[SEC_PROF].data;
    memcpy(level->profile, pf, 16);
    memcpy(level->character, pf + 16, 16);
    level->overrides = L->overrides ? (lw_override *)(B->block + B->plan.overrides) : NULL;
    for (size_t i = 0; i < L->overrides; i++) {
        const uint8_t *r = pf + PROF_HEAD + i * OVERRIDE_RECORD;
        lw_override *ov = &lw_level_overrides_mut(level)[i];
        memcpy(ov->name, r, 32);
        ov->value = (int32_t)get32(r + 32);
    }
    level->replays = L->replays ? (lw_replay *)(B->block + B->plan.replays) : NULL;
    for (size_t i = 0; i < L->replays; i++) {
        const uint8_t *r = L->sec[SEC_RPLY].data + LIST_HEAD + i * REPLAY_RECORD;
        lw_replay *rp = &lw_level_replays_mut(level)[i];
        memset(rp, 0, sizeof *rp);
        rp->name = strs + get32(r);
        rp->script = strs + get32(r + 4);
        rp->has_start = r[8];
        rp->has_expect = r[9];
        rp->expect_path = r[10];
        rp->expect_air = r[11];
        rp->start_x = (int32_t)get32(r + 12);
        rp->start_y = (int32_t)get32(r + 16);
        memcpy(rp->profile, r + 20, 16);
        memcpy(rp->character, r + 36, 16);
        rp->frames = get32(r + 52);
        rp->expect_hash = (uint64_t)get32(r + 56) | (uint64_t)get32(r + 60) << 32;
        rp->expect_x = (int32_t)get32(r + 64);
        rp->expect_y = (int32_t)get32(r + 68);
    }
    level->loop_chunk_count = L->loops;
    level->loop_chunks = L->loops ? (lw_loop_chunk *)(void *)(B->block + B->plan.loops) : NULL;
    for (size_t i = 0; i < L->loops; i++) {
        const uint8_t *r = L->sec[SEC_LOOP].data + LOOP_HEAD + i * LOOP_RECORD;
        ((lw_loop_chunk *)(void *)(B->block + B->plan.loops))[i] =
            (lw_loop_chunk){.chunk = get16(r), .path_b = get16(r + 2), .rule = r[4]};
    }
}

/* Check the whole file, then build the level in one block (*@out owns it). */
static bool load_all(loader *L, lw_packed_level **out)
{
    if (!load_header(L) || !load_info(L) || !load_strings(L) || !check_masks(L) ||
        !check_tiles(L) || !check_objects(L) || !check_props(L) || !check_game_objects(L) ||
        !check_profile(L) || !check_replays(L) || !check_art(L) || !check_loops(L))
        return false;
    builder B = {.L = L};
    B.per = (L->chunk_px / LW_TILE_PX) * (L->chunk_px / LW_TILE_PX);
    B.ncells = (size_t)L->chunks * B.per;
    B.slots = (size_t)L->width * L->height;
    if (!want_size(L, SEC_CHNK, B.ncells * 2u) ||
        !want_size(L, SEC_LAYT, B.slots * 2u * (L->has_bg ? 2u : 1u)))
        return false;

    plan_block(&B);
    B.block = malloc(B.plan.total);
    if (!B.block)
        return FAIL(LW_ERR_NOMEM, -1, "out of memory (%zu bytes for the level)", B.plan.total);
    lw_packed_level *packed = (lw_packed_level *)(void *)B.block;
    B.level = &packed->level;
    build_header(&B);
    build_masks_tiles(&B);
    if (!build_cells(&B) || !build_layout(&B) || !build_objects(&B)) {
        free(B.block);
        return false;
    }
    build_game_objects(&B, packed);
    build_profile_replays(&B);
    *out = packed;
    return true;
}

bool lw_packed_load(const void *data, size_t size, lw_packed_level **out, lw_error *err)
{
    LW_ASSERT(data || size == 0);
    lw_error_clear(err);
    if (!data || size == 0)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, 0, "the file is empty");
    loader L = {.file = data, .size = size, .err = err};
    return load_all(&L, out);
}

const lw_level *lw_packed_level_get(const lw_packed_level *packed)
{
    LW_ASSERT(packed);
    return &packed->level;
}

const lw_sim_object *lw_packed_level_game_objects(const lw_packed_level *packed, uint32_t *count)
{
    LW_ASSERT(packed && count);
    *count = packed->game_object_count;
    return packed->game_objects;
}

bool lw_packed_level_has_game_objects(const lw_packed_level *packed)
{
    LW_ASSERT(packed);
    return packed->has_game_objects;
}

bool lw_sim_init_packed(lw_sim *sim, const lw_packed_level *packed, const lw_profile *profile,
                        int32_t x_px, int32_t y_px, lw_error *err)
{
    LW_ASSERT(packed);
    lwi_obj_source src = {.level = &packed->level,
                          .typed = packed->has_game_objects,
                          .records = packed->game_objects,
                          .record_count = packed->game_object_count};
    return lwi_sim_init(sim, &packed->level, &src, profile, x_px, y_px, err);
}

void lw_packed_level_free(lw_packed_level *packed)
{
    free(packed); /* the level, its arrays and its strings are all inside this block */
}

bool lw_packed_find_art(const void *data, size_t size, const uint8_t **png, size_t *png_size,
                        lw_error *err)
{
    lw_error_clear(err);
    if (!data || size == 0)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, 0, "the file is empty");
    loader L = {.file = data, .size = size, .err = err};
    lw_packed_level *packed = NULL;
    if (!load_all(&L, &packed))
        return false;
    lw_packed_level_free(packed);
    *png = L.sec[SEC_ARTP].present ? L.sec[SEC_ARTP].data : NULL;
    *png_size = L.sec[SEC_ARTP].present ? L.sec[SEC_ARTP].raw : 0;
    return true;
}
