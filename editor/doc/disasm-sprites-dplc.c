/* SPDX-License-Identifier: MIT */
/*
 * Dynamic pattern load cues of the disassemblies' objects (disasm-sprites-map.h,
 * docs/DISASM.md §11): the binary reader and the patterns a frame loads (plain C), and the
 * sprite builder's DPLC files (read, cached, applied to an image's art; GLib).
 */
#include "disasm-sprites-map.h"
#include "disasm-sprites-private.h"

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
    if (size > EDITOR_MAP_MAX_BYTES)
        return lw_error_set_at(err, LW_ERR_LIMIT, 0, "%zu bytes of DPLCs, more than %u", size,
                               EDITOR_MAP_MAX_BYTES);
    if (size < 2)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)size, "no offset table");
    /* the table ends where the nearest frame it points to begins */
    size_t limit = table_bytes < size ? table_bytes : size, n = 0;
    while (2 * n + 2 <= limit && n < EDITOR_MAP_MAX_FRAMES) {
        size_t off = rd16(data + 2 * n);
        if (off >= size)
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)(2 * n),
                                   "frame %zu: offset %zu is past the end (%zu bytes)", n, off,
                                   size);
        if (off >= 2 * n + 2 && off < limit)
            limit = off;
        n++;
    }
    if (2 * n + 2 <= limit)
        return lw_error_set_at(err, LW_ERR_LIMIT, (long)(2 * n), "more than %u frames",
                               EDITOR_MAP_MAX_FRAMES);
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

/* ---- the sprite builder's DPLC files ---- */

void dspr_dplcs_free(gpointer p)
{
    if (p) {
        editor_dplcs_clear(p);
        g_free(p);
    }
}

static editor_dplc_format dplc_format(const EditorDisasmSprites *self, int ver)
{
    if (ver >= EDITOR_DPLC_S1 && ver <= EDITOR_DPLC_S3K)
        return (editor_dplc_format)ver;
    return self->game == LWM_GAME_S1   ? EDITOR_DPLC_S1
           : self->game == LWM_GAME_S2 ? EDITOR_DPLC_S2
                                       : EDITOR_DPLC_S3K;
}

static const editor_dplcs *load_dplcs(EditorDisasmSprites *self, const dspr_image *im)
{
    editor_dplc_format f = dplc_format(self, im->dplc_ver);
    g_autofree char *key = g_strdup_printf("%s\n%d\n%d", im->dplc, (int)f, im->dplc_bin);
    gpointer cached;
    if (g_hash_table_lookup_extended(self->dplcs, key, NULL, &cached))
        return cached;
    gsize n;
    g_autofree char *where = NULL;
    g_autofree char *text = dspr_read(
        self, im->dplc, im->dplc_bin ? EDITOR_MAP_MAX_BYTES : EDITOR_MAP_MAX_TEXT, &n, &where);
    editor_dplcs *d = NULL;
    if (text) {
        d = g_new0(editor_dplcs, 1);
        lw_error err;
        bool ok = im->dplc_bin ? editor_dplcs_parse_bin(f, (const uint8_t *)text, n, d, &err)
                               : editor_dplcs_parse_asm(f, text, n, d, &err);
        if (!ok) {
            if (im->dplc_bin)
                dspr_warn(self, where, 0, "byte %ld: %s", err.offset, err.message);
            else
                dspr_warn(self, where, err.line, "%s", err.message);
            g_clear_pointer(&d, g_free);
        }
    }
    g_hash_table_insert(self->dplcs, g_steal_pointer(&key), d);
    return d;
}

GBytes *dspr_dplc_art(EditorDisasmSprites *self, const dspr_image *im, GBytes *art)
{
    const editor_dplcs *d = load_dplcs(self, im);
    if (!d)
        return NULL;
    if (im->frame < 0 || (size_t)im->frame >= d->count) {
        g_autofree char *where = dspr_tree_path(self, im->dplc);
        dspr_warn(self, where ? where : im->dplc, 0, "frame %d: the DPLCs have %zu frames",
                  im->frame, d->count);
        return NULL;
    }
    gsize n;
    const uint8_t *src = g_bytes_get_data(art, &n);
    uint8_t *out = g_malloc(EDITOR_DPLC_MAX_TILES * 32); /* VRAM */
    size_t got = editor_dplc_load(&d->frames[im->frame], src, n, out, EDITOR_DPLC_MAX_TILES * 32);
    return g_bytes_new_take(g_realloc(out, got ? got : 1), got);
}
