/* SPDX-License-Identifier: MIT */
/*
 * Packed level binaries: the strict reader. It checks the whole file (header, section table,
 * every section's size, ids and strings) before it allocates, then builds the level in one
 * block that the lw_packed_level handle owns. The byte layout is docs/FORMAT.md.
 */
#include "loopwright/crc32.h"
#include "packed-reader-impl.h"

#include <stdlib.h>
#include <string.h>

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

/* Check the whole file, then build the level in one block (*@out owns it). */
static bool load_all(loader *L, lw_packed_level **out)
{
    return load_header(L) && lwi_packed_check_sections(L) && lwi_packed_build(L, out);
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