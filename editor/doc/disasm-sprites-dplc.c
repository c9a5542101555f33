/* SPDX-License-Identifier: MIT */
/*
 * Dynamic pattern load cues of the disassemblies' objects (disasm-sprites-map.h,
 * docs/DISASM.md §11): the binary reader and the patterns a frame loads. Plain C + libc (the
 * fuzz target links it alone); the sprite builder reads its DPLC files in disasm-sprites-defs.c.
 */
#include "disasm-sprites-map.h"

#include <stdlib.h>
#include <string.h>

void editor_dplcs_clear(editor_dplcs *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->count; i++)
        free(d->frames[i].entries);
    free(d->frames);
    memset(d, 0, sizeof *d);
}

static unsigned rd16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

/* The frame at byte @off of @data into @fr. */
static bool parse_frame(editor_dplc_format f, const uint8_t *data, size_t size, size_t off,
                        editor_dplc_frame *fr, lw_error *err)
{
    size_t head = f == EDITOR_DPLC_S1 ? 1 : 2;
    if (off + head > size)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)off,
                               "frame at byte %zu: the entry count is past the end", off);
    long n = f == EDITOR_DPLC_S1   ? data[off]
             : f == EDITOR_DPLC_S2 ? (long)rd16(data + off)
                                   : (long)(int16_t)rd16(data + off) + 1;
    if (n < 0)
        return lw_error_set_at(err, LW_ERR_FORMAT, (long)off,
                               "frame at byte %zu: entry count %ld (a count-1 word below -1)", off,
                               n - 1);
    if ((size_t)n > EDITOR_DPLC_MAX_ENTRIES)
        return lw_error_set_at(err, LW_ERR_LIMIT, (long)off,
                               "frame at byte %zu: %ld entries, more than %u", off, n,
                               EDITOR_DPLC_MAX_ENTRIES);
    if (off + head + 2 * (size_t)n > size)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)off,
                               "frame at byte %zu: %ld entries of 2 bytes run past the end", off,
                               n);
    fr->entries = calloc(n ? (size_t)n : 1, sizeof *fr->entries);
    if (!fr->entries)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    fr->count = (size_t)n;
    size_t tiles = 0;
    for (size_t i = 0; i < fr->count; i++) {
        unsigned w = rd16(data + off + head + 2 * i);
        editor_dplc_entry *e = &fr->entries[i];
        e->tile = (uint16_t)(f == EDITOR_DPLC_S3K ? w >> 4 : w & 0xFFFu);
        e->count = (uint8_t)((f == EDITOR_DPLC_S3K ? w & 0xFu : w >> 12) + 1);
        tiles += e->count;
    }
    if (tiles > EDITOR_DPLC_MAX_TILES)
        return lw_error_set_at(err, LW_ERR_LIMIT, (long)off,
                               "frame at byte %zu: loads %zu patterns, more than VRAM's %u", off,
                               tiles, EDITOR_DPLC_MAX_TILES);
    return true;
}

bool editor_dplcs_parse_bin(editor_dplc_format format, const uint8_t *data, size_t size,
                            editor_dplcs *out, lw_error *err)
{
    return editor_dplcs_parse_table(format, data, size, size, out, err);
}

bool editor_dplcs_parse_table(editor_dplc_format format, const uint8_t *data, size_t size,
                              size_t table_bytes, editor_dplcs *out, lw_error *err)
{
    memset(out, 0, sizeof *out);
    if (format < EDITOR_DPLC_S1 || format > EDITOR_DPLC_S3K)
        return lw_error_set(err, LW_ERR_FORMAT, "unknown DPLC format %d", (int)format);
    size_t n;
    if (!editor_sprite_offset_table(data, size, table_bytes, "DPLCs", &n, err))
        return false;
    if (!n)
        return lw_error_set_at(err, LW_ERR_FORMAT, 0, "the offset table is empty");
    out->frames = calloc(n, sizeof *out->frames);
    if (!out->frames)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    out->count = n;
    for (size_t i = 0; i < n; i++)
        if (!parse_frame(format, data, size, rd16(data + 2 * i), &out->frames[i], err)) {
            editor_dplcs_clear(out);
            return false;
        }
    return true;
}

size_t editor_dplc_load(const editor_dplc_frame *f, const uint8_t *art, size_t art_size,
                        uint8_t *out, size_t cap)
{
    size_t at = 0;
    for (size_t i = 0; i < f->count; i++)
        for (size_t t = 0; t < f->entries[i].count && at + 32 <= cap; t++, at += 32) {
            size_t from = ((size_t)f->entries[i].tile + t) * 32;
            size_t have = from < art_size ? art_size - from : 0;
            if (have > 32)
                have = 32;
            memcpy(out + at, art + from, have);
            memset(out + at + have, 0, 32 - have);
        }
    return at;
}
