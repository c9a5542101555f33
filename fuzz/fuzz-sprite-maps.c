/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the object sprite mappings parser (editor/doc/disasm-sprites-map.h,
 * docs/DISASM.md §11). The first byte picks the form: bits 0-1 the format (S1, S2, S3K; 0 reads
 * as S2), bit 2 binary instead of assembly, bit 3 (assembly) the frame at the label "L" only,
 * bit 4 DPLCs instead of mappings (the same format bits: SonicDplcVer 1, 2, 3).
 * Besides "never crashes, never reads out of bounds" (sanitizers), it checks: a refusal has a
 * code and a message, and in assembly a line inside the text; an accepted result has at most
 * EDITOR_MAP_MAX_FRAMES frames of at most EDITOR_MAP_MAX_PIECES pieces, each 1..4 x 1..4
 * patterns, palette line 0..3, tile < 2048, flags 0 or 1; accepted DPLCs have at most
 * EDITOR_DPLC_MAX_ENTRIES runs of 1..16 patterns from pattern 0..4095 a frame, at most
 * EDITOR_DPLC_MAX_TILES in all, and editor_dplc_load writes exactly that many patterns.
 */
#include "disasm-sprites-map.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const editor_mappings *m)
{
    if (m->count > EDITOR_MAP_MAX_FRAMES)
        abort();
    for (size_t i = 0; i < m->count; i++) {
        const editor_map_frame *f = &m->frames[i];
        if (f->count > EDITOR_MAP_MAX_PIECES || (f->count && !f->pieces))
            abort();
        for (size_t k = 0; k < f->count; k++) {
            const editor_map_piece *p = &f->pieces[k];
            if (p->w < 1 || p->w > 4 || p->h < 1 || p->h > 4 || p->pal > 3 || p->tile >= 2048 ||
                p->xflip > 1 || p->yflip > 1 || p->pri > 1)
                abort();
        }
    }
}

static void check_dplcs(const editor_dplcs *d)
{
    static uint8_t out[EDITOR_DPLC_MAX_TILES * 32];
    const uint8_t art[64] = {1};
    if (d->count > EDITOR_MAP_MAX_FRAMES)
        abort();
    for (size_t i = 0; i < d->count; i++) {
        const editor_dplc_frame *f = &d->frames[i];
        size_t tiles = 0;
        if (f->count > EDITOR_DPLC_MAX_ENTRIES || (f->count && !f->entries))
            abort();
        for (size_t k = 0; k < f->count; k++) {
            if (f->entries[k].count < 1 || f->entries[k].count > 16 || f->entries[k].tile > 0xFFF)
                abort();
            tiles += f->entries[k].count;
        }
        if (tiles > EDITOR_DPLC_MAX_TILES ||
            editor_dplc_load(f, art, sizeof art, out, sizeof out) != tiles * 32)
            abort();
    }
}

/* DPLCs (mode bit 4): the same checks of a refusal as the mappings' */
static void one_dplc(unsigned mode, const uint8_t *in, size_t n, int lines)
{
    editor_dplc_format f = (mode & 3) == 1   ? EDITOR_DPLC_S1
                           : (mode & 3) == 3 ? EDITOR_DPLC_S3K
                                             : EDITOR_DPLC_S2;
    editor_dplcs d;
    lw_error err;
    memset(&err, 0, sizeof err);
    bool ok = (mode & 4) ? editor_dplcs_parse_bin(f, in, n, &d, &err)
                         : editor_dplcs_parse_asm(f, (const char *)in, n, &d, &err);
    if (ok) {
        check_dplcs(&d);
    } else {
        if (err.code == LW_OK || !err.message[0] || d.count || d.frames)
            abort();
        if (!(mode & 4) && (err.line < 0 || err.line > lines))
            abort();
        if ((mode & 4) && (err.offset < 0 || (size_t)err.offset > n))
            abort();
    }
    editor_dplcs_clear(&d);
}

static int count_lines(const uint8_t *text, size_t size)
{
    int n = 1;
    for (size_t i = 0; i < size; i++)
        n += text[i] == '\n';
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned mode = data[0];
    editor_map_format f = (mode & 3) == 1   ? EDITOR_MAP_S1
                          : (mode & 3) == 3 ? EDITOR_MAP_S3K
                                            : EDITOR_MAP_S2;
    const uint8_t *in = data + 1;
    size_t n = size - 1;
    if (mode & 16) {
        one_dplc(mode, in, n, (mode & 4) ? 0 : count_lines(in, n));
        return 0;
    }
    editor_mappings m;
    lw_error err;
    memset(&err, 0, sizeof err);
    bool ok = (mode & 4) ? editor_mappings_parse_bin(f, in, n, &m, &err)
                         : editor_mappings_parse_asm(f, (const char *)in, n,
                                                     (mode & 8) ? "L" : NULL, &m, &err);
    if (ok) {
        check(&m);
    } else {
        if (err.code == LW_OK || !err.message[0] || m.count || m.frames)
            abort();
        if (!(mode & 4) && (err.line < 0 || err.line > count_lines(in, n)))
            abort();
        if ((mode & 4) && (err.offset < 0 || (size_t)err.offset > n))
            abort();
    }
    editor_mappings_clear(&m);
    return 0;
}
