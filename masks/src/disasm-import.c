/* SPDX-License-Identifier: MIT */
/*
 * A Sonic 1 / Sonic 2 disassembly's level -> a Loopwright level and tileset (docs/DISASM.md §5).
 * Every file is bounds-checked: sizes against the games' tables, every id against what it refers
 * to, every colour word against the 9 bits the VDP has.
 */
#include "disasm-private.h"

#include <errno.h>
#include <loopwright/enigma.h>
#include <loopwright/kosinski.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_INPUT_FILE (4u << 20) /* no level file of the games comes near this */
#define S2_CHUNK_BYTES 128u
#define S1_CHUNK_BYTES 512u
#define MAX_ART_BYTES  0x10000u /* 2048 patterns: all of VRAM */

void lwm_disasm_import_clear(lwm_disasm_import *im)
{
    if (!im)
        return;
    lw_level_free(im->level);
    lwm_image_clear(&im->tileset);
    memset(im, 0, sizeof *im);
}

typedef struct input {
    const char *dir;
    char *failed; /* 4096 bytes: the path of the file being read */
    lwm_report *report;
} input;

/* Read @rel from the folder. An @optional file that does not exist sets *@missing and succeeds. */
static bool read_rel(const input *in, const char *rel, bool optional, bool *missing, uint8_t **data,
                     size_t *size, lw_error *err)
{
    *data = NULL;
    *size = 0;
    if (missing)
        *missing = false;
    int n = snprintf(in->failed, 4096, "%s/%s", in->dir, rel);
    if (n < 0 || n >= 4096)
        return lw_error_set(err, LW_ERR_IO, "path too long");
    struct stat st;
    if (optional && stat(in->failed, &st) != 0 && errno == ENOENT) {
        *missing = true;
        return true;
    }
    char *buf;
    if (!lwm_file_read(in->failed, MAX_INPUT_FILE, &buf, size, err))
        return false;
    *data = (uint8_t *)buf;
    return true;
}

/* Decompress a Kosinski file into a new buffer of at most @max bytes. */
static bool kos_unpack(const uint8_t *in, size_t n, size_t max, uint8_t **out, size_t *out_size,
                       lw_error *err)
{
    uint8_t *buf = malloc(max ? max : 1);
    if (!buf)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    lw_error kerr;
    if (!lw_kosinski_decompress(in, n, buf, max, out_size, NULL, &kerr)) {
        free(buf);
        if (kerr.code == LW_ERR_LIMIT)
            return lw_error_set_at(err, LW_ERR_LIMIT, kerr.offset,
                                   "the Kosinski stream unpacks to more than %zu bytes, the "
                                   "most this file can hold",
                                   max);
        if (err)
            *err = kerr;
        return false;
    }
    *out = buf;
    return true;
}

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static bool all_zero_bytes(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

static bool all_zero_words(const uint16_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

typedef struct warn_ctx {
    lwm_report *report;
    const char *dir;
} warn_ctx;

/* classic.h's warnings (stored widths that break the ROM rule): file relative to the folder */
static void classic_warn(void *user, const char *file, long offset, const char *message)
{
    warn_ctx *w = user;
    size_t n = strlen(w->dir);
    if (file && strncmp(file, w->dir, n) == 0 && file[n] == '/')
        file += n + 1;
    lwm_report_add(w->report, LWM_REPORT_WARNING, file, offset, "%s", message);
}

static const char *default_or(const lwm_disasm_import_options *o, lwm_disasm_kind kind, char *buf,
                              size_t size)
{
    if (o->paths[kind])
        return o->paths[kind];
    if (!lwm_disasm_path(o->game, kind, o->zone, o->act, buf, size))
        return NULL;
    return buf;
}

/* A palette file: 3 lines (into lines 1..3) or 4 lines. */
static bool parse_palette(const uint8_t *p, size_t n, uint16_t pal[4][16], bool have[4],
                          lw_error *err)
{
    if (n != 96 && n != 128)
        return lw_error_set_at(err, n < 96 ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                               (long)(n < 96    ? n
                                      : n < 128 ? 96
                                                : 128),
                               "%zu bytes: a zone palette has 3 lines (96 bytes, loaded into "
                               "lines 1-3) or 4 lines (128 bytes)",
                               n);
    unsigned first = n == 96 ? 1u : 0u;
    for (size_t i = 0; i < n / 2u; i++) {
        uint16_t w = be16(p + 2 * i);
        if (w & ~0x0EEEu)
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)(2 * i),
                                   "colour word 0x%04X: only the bits 0x0EEE are colour (0000BBB0 "
                                   "GGG0RRR0)",
                                   w);
        pal[first + i / 16u][i % 16u] = w;
    }
    for (unsigned l = first; l < 4; l++)
        have[l] = true;
    return true;
}

bool lwm_disasm_import_level(const char *dir, const lwm_disasm_import_options *opts,
                             lwm_disasm_import *out, lwm_report *report, char *failed,
                             lw_error *err)
{
    memset(out, 0, sizeof *out);
    snprintf(failed, 4096, "%s", dir);
    lwm_game game = opts->game;
    bool s2 = game == LWM_GAME_S2;
    if (game != LWM_GAME_S1 && game != LWM_GAME_S2)
        return lw_error_set(err, LW_ERR_RANGE, "the disassembly formats are s1 and s2");
    if (!opts->zone || !*opts->zone || strchr(opts->zone, '/'))
        return lw_error_set(err, LW_ERR_RANGE, "the zone name must be non-empty without '/'");
    if (opts->act < 1 || opts->act > 9)
        return lw_error_set(err, LW_ERR_RANGE, "the act must be 1 to 9");
    uint32_t chunk_px = s2 ? 128u : 256u;
    uint32_t max_w = s2 ? LWM_S2_LAYOUT_W : LWM_S1_LAYOUT_W;
    uint32_t max_h = s2 ? LWM_S2_LAYOUT_H : LWM_S1_LAYOUT_H;
    if (opts->width_px % chunk_px || opts->height_px % chunk_px ||
        opts->width_px > max_w * chunk_px || opts->height_px > max_h * chunk_px)
        return lw_error_set(err, LW_ERR_RANGE,
                            "the level size must be a multiple of %u px, at most %ux%u px",
                            chunk_px, max_w * chunk_px, max_h * chunk_px);

    input in = {dir, failed, report};
    char name[LWM_DISASM_KIND_COUNT][256];
    const char *rel[LWM_DISASM_KIND_COUNT];
    for (int k = 0; k < LWM_DISASM_KIND_COUNT; k++)
        rel[k] = default_or(opts, (lwm_disasm_kind)k, name[k], sizeof name[k]);
    if (!rel[LWM_DISASM_CHUNKS] || !rel[LWM_DISASM_LAYOUT] || !rel[LWM_DISASM_COLLISION])
        return lw_error_set(err, LW_ERR_RANGE, "zone name too long");

    uint8_t *file = NULL, *chunks = NULL, *layout = NULL, *bg = NULL, *art = NULL;
    uint16_t *blocks = NULL;
    size_t file_size = 0, chunks_size = 0, layout_size = 0, art_size = 0;
    size_t block_words = 0;
    lwm_classic *classic = NULL;
    uint16_t pal[4][16];
    bool have_line[4] = {false, false, false, false};
    bool missing = false, ok = true;
    memset(pal, 0, sizeof pal);
    uint32_t chunk_bytes = s2 ? S2_CHUNK_BYTES : S1_CHUNK_BYTES;
    uint32_t max_chunks = s2 ? LWM_S2_MAX_CHUNKS : LWM_S1_MAX_CHUNKS;
    char layout_path[4096] = "", chunks_path[4096] = "";

    /* chunks */
    ok = read_rel(&in, rel[LWM_DISASM_CHUNKS], false, NULL, &file, &file_size, err) &&
         kos_unpack(file, file_size, (size_t)max_chunks * chunk_bytes, &chunks, &chunks_size, err);
    free(file);
    file = NULL;
    if (ok && chunks_size % chunk_bytes)
        ok = lw_error_set(err, LW_ERR_FORMAT,
                          "unpacked size %zu is not a whole number of %u-byte chunks", chunks_size,
                          chunk_bytes);
    if (ok && s2 && chunks_size == 0)
        ok = lw_error_set(err, LW_ERR_FORMAT, "no chunk (S2's chunk 0 must exist)");
    if (ok)
        snprintf(chunks_path, sizeof chunks_path, "%s", failed);
    uint32_t chunk_count = (uint32_t)(chunks_size / chunk_bytes);

    /* block mappings: S2 Kosinski bytes, S1 Enigma words */
    if (ok && !rel[LWM_DISASM_BLOCKS])
        ok = lw_error_set(err, LW_ERR_RANGE, "zone name too long");
    ok = ok && read_rel(&in, rel[LWM_DISASM_BLOCKS], false, NULL, &file, &file_size, err);
    if (ok) {
        blocks = malloc(LWM_MD_MAX_BLOCKS * 4u * sizeof *blocks);
        ok = blocks || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    if (ok && s2) {
        uint8_t *raw = NULL;
        size_t n = 0;
        ok = kos_unpack(file, file_size, LWM_MD_MAX_BLOCKS * 8u, &raw, &n, err);
        if (ok && (n == 0 || n % 8u))
            ok = lw_error_set(err, LW_ERR_FORMAT,
                              "unpacked size %zu is not a whole number of 8-byte blocks (at "
                              "least block 0)",
                              n);
        for (size_t i = 0; ok && i < n / 2u; i++)
            blocks[i] = be16(raw + 2 * i);
        block_words = n / 2u;
        free(raw);
    } else if (ok) {
        lw_error eerr;
        if (!lw_enigma_decompress(file, file_size, 0, blocks, LWM_MD_MAX_BLOCKS * 4u, &block_words,
                                  NULL, &eerr)) {
            if (eerr.code == LW_ERR_LIMIT)
                lw_error_set_at(err, LW_ERR_LIMIT, eerr.offset,
                                "the Enigma stream holds more than 0x%X blocks (%u words)",
                                LWM_MD_MAX_BLOCKS, LWM_MD_MAX_BLOCKS * 4u);
            else if (err)
                *err = eerr;
            ok = false;
        } else if (block_words == 0 || block_words % 4u) {
            ok = lw_error_set(err, LW_ERR_FORMAT,
                              "the Enigma stream holds %zu words, not a whole number of 4-word "
                              "blocks (at least block 0)",
                              block_words);
        }
    }
    free(file);
    file = NULL;
    uint32_t block_count = (uint32_t)(block_words / 4u);

    /* layout(s) */
    uint32_t fg_w = 0, fg_h = 0, bg_w = 0, bg_h = 0;
    if (ok)
        ok = read_rel(&in, rel[LWM_DISASM_LAYOUT], false, NULL, &file, &file_size, err);
    if (ok && s2) {
        ok = kos_unpack(file, file_size, 0x1000, &layout, &layout_size, err);
        if (ok && layout_size != 0x1000)
            ok = lw_error_set(err, LW_ERR_TRUNCATED,
                              "unpacked size %zu: an S2 layout is 0x1000 bytes (16 rows of 128 "
                              "FG and 128 BG chunk ids)",
                              layout_size);
        free(file);
        file = NULL;
        fg_w = bg_w = LWM_S2_LAYOUT_W;
        fg_h = bg_h = LWM_S2_LAYOUT_H;
    } else if (ok) {
        for (int layer = 0; ok && layer < 2; layer++) {
            if (layer == 1) {
                if (!rel[LWM_DISASM_LAYOUT_BG]) {
                    ok = lw_error_set(err, LW_ERR_RANGE, "zone name too long");
                    break;
                }
                ok = read_rel(&in, rel[LWM_DISASM_LAYOUT_BG], false, NULL, &file, &file_size, err);
                if (!ok)
                    break;
            }
            uint32_t w = file_size >= 1 ? file[0] + 1u : 0, h = file_size >= 2 ? file[1] + 1u : 0;
            if (file_size < 2)
                ok = lw_error_set_at(err, LW_ERR_TRUNCATED, (long)file_size,
                                     "%zu bytes: an S1 layout starts with width-1 and height-1",
                                     file_size);
            else if (w > LWM_S1_LAYOUT_W)
                ok = lw_error_set_at(err, LW_ERR_RANGE, 0,
                                     "width %u chunks: S1's layout rows hold %u", w,
                                     LWM_S1_LAYOUT_W);
            else if (h > LWM_S1_LAYOUT_H)
                ok = lw_error_set_at(err, LW_ERR_RANGE, 1,
                                     "height %u chunks: S1's layout has %u rows", h,
                                     LWM_S1_LAYOUT_H);
            else if (file_size != 2u + (size_t)w * h)
                ok = lw_error_set_at(
                    err, file_size < 2u + (size_t)w * h ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                    (long)(file_size < 2u + (size_t)w * h ? file_size : 2u + (size_t)w * h),
                    "%zu bytes: a %ux%u layout is %zu", file_size, w, h, 2u + (size_t)w * h);
            for (size_t i = 2; ok && i < file_size; i++) {
                unsigned id = file[i] & 0x7Fu;
                if (id > chunk_count)
                    ok = lw_error_set_at(err, LW_ERR_RANGE, (long)i,
                                         "%s row %zu column %zu: chunk id %u, the chunk file "
                                         "holds %u (ids 1..%u, 0 = empty)",
                                         layer ? "BG" : "FG", (i - 2) / w, (i - 2) % w, id,
                                         chunk_count, chunk_count);
            }
            if (ok) {
                unsigned loops = 0;
                long first = -1;
                for (size_t i = 2; i < file_size; i++)
                    if (file[i] & 0x80u) {
                        if (!loops++)
                            first = (long)i;
                    }
                if (loops)
                    lwm_report_add(report, LWM_REPORT_WARNING,
                                   rel[layer ? LWM_DISASM_LAYOUT_BG : LWM_DISASM_LAYOUT], first,
                                   "%u slots have the loop flag (bit 7): the chunk itself is "
                                   "used; Loopwright switches paths with path swappers instead",
                                   loops);
            }
            if (layer == 0) {
                layout = file;
                layout_size = file_size;
                fg_w = w;
                fg_h = h;
            } else {
                bg = file;
                bg_w = w;
                bg_h = h;
            }
            file = NULL;
        }
    }
    if (ok)
        snprintf(layout_path, sizeof layout_path, "%s", failed);

    /* chunk words: every block id must exist */
    for (uint32_t c = 0; ok && c < chunk_count; c++)
        for (uint32_t i = 0; ok && i < chunk_bytes / 2u; i++) {
            size_t off = (size_t)c * chunk_bytes + 2u * i;
            uint16_t w = be16(chunks + off);
            uint32_t b = w & 0x3FFu;
            if (b >= block_count) {
                snprintf(failed, 4096, "%s", chunks_path);
                ok = lw_error_set(err, LW_ERR_RANGE,
                                  "unpacked byte %zu: chunk %u cell (%u,%u): block %u, the block "
                                  "mappings hold %u",
                                  off, c, i % (s2 ? 8u : 16u), i / (s2 ? 8u : 16u), b, block_count);
            }
        }
    if (ok && !s2) {
        unsigned odd = 0;
        size_t first = 0;
        for (size_t off = 0; off < chunks_size; off += 2)
            if (be16(chunks + off) & 0x8400u)
                if (!odd++)
                    first = off;
        if (odd)
            lwm_report_add(report, LWM_REPORT_WARNING, rel[LWM_DISASM_CHUNKS], -1,
                           "unpacked byte %zu: %u chunk words set bit 10 or 15, which S1 does not "
                           "use; ignored",
                           first, odd);
    }
    /* S2 layout ids */
    for (size_t i = 0; ok && s2 && i < 0x1000; i++)
        if (layout[i] >= chunk_count) {
            snprintf(failed, 4096, "%s", layout_path);
            ok = lw_error_set(err, LW_ERR_RANGE,
                              "unpacked byte %zu: %s row %zu column %zu: chunk %u, the chunk "
                              "mappings hold %u",
                              i, (i % 256u) < 128u ? "FG" : "BG", i / 256u, i % 128u, layout[i],
                              chunk_count);
        }

    /* art and palette (optional) */
    if (ok && rel[LWM_DISASM_ART])
        ok = read_rel(&in, rel[LWM_DISASM_ART], true, &missing, &file, &file_size, err);
    if (ok && rel[LWM_DISASM_ART] && !missing) {
        if (s2) {
            ok = kos_unpack(file, file_size, MAX_ART_BYTES, &art, &art_size, err);
            free(file);
        } else {
            art = file;
            art_size = file_size;
            if (art_size > MAX_ART_BYTES)
                ok = lw_error_set_at(err, LW_ERR_LIMIT, MAX_ART_BYTES,
                                     "%zu bytes: VRAM holds 0x%X bytes of patterns", art_size,
                                     MAX_ART_BYTES);
        }
        file = NULL;
        if (ok && (art_size == 0 || art_size % MD_PATTERN_BYTES))
            ok = lw_error_set(err, LW_ERR_FORMAT,
                              "%s size %zu is not a whole number of 32-byte 8x8 patterns",
                              s2 ? "unpacked" : "file", art_size);
    } else if (ok) {
        lwm_report_add(report, LWM_REPORT_NOTE, rel[LWM_DISASM_ART], -1,
                       "no level art: the level is imported without a tileset");
    }
    bool have_palette = false;
    if (ok && art && rel[LWM_DISASM_PALETTE]) {
        ok = read_rel(&in, rel[LWM_DISASM_PALETTE], true, &missing, &file, &file_size, err);
        if (ok && !missing) {
            ok = parse_palette(file, file_size, pal, have_line, err);
            have_palette = ok;
        } else if (ok) {
            lwm_report_add(report, LWM_REPORT_WARNING, rel[LWM_DISASM_PALETTE], -1,
                           "no palette: the art is drawn in grey");
        }
        free(file);
        file = NULL;
        /* the games load the character's palette into line 0 */
        const char *line0 = s2 ? "art/palettes/SonicAndTails.bin" : "palette/Sonic.bin";
        if (ok && have_palette && !have_line[0]) {
            ok = read_rel(&in, line0, true, &missing, &file, &file_size, err);
            if (ok && !missing) {
                if (file_size < 32)
                    ok = lw_error_set_at(err, LW_ERR_TRUNCATED, (long)file_size,
                                         "%zu bytes: palette line 0 needs 32", file_size);
                for (size_t i = 0; ok && i < 16; i++) {
                    uint16_t w = be16(file + 2 * i);
                    if (w & ~0x0EEEu)
                        ok = lw_error_set_at(err, LW_ERR_FORMAT, (long)(2 * i),
                                             "colour word 0x%04X: only the bits 0x0EEE are colour",
                                             w);
                    pal[0][i] = w;
                }
                have_line[0] = ok;
            }
            free(file);
            file = NULL;
        }
    }

    /* collision */
    if (ok) {
        classic = malloc(sizeof *classic);
        ok = classic || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    if (ok) {
        char coll[4096];
        snprintf(coll, sizeof coll, "%s/%s", dir, rel[LWM_DISASM_COLLISION]);
        warn_ctx wc = {report, dir};
        ok = lwm_classic_read_dir(coll, game,
                                  opts->collision_zone ? opts->collision_zone : opts->zone, classic,
                                  classic_warn, &wc, failed, err);
    }

    /* start position (optional) */
    bool have_start = false;
    int32_t start_x = 0, start_y = 0;
    if (ok && rel[LWM_DISASM_STARTPOS]) {
        ok = read_rel(&in, rel[LWM_DISASM_STARTPOS], true, &missing, &file, &file_size, err);
        if (ok && !missing) {
            if (file_size != 4)
                ok = lw_error_set_at(err, file_size < 4 ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                                     (long)(file_size < 4 ? file_size : 4),
                                     "%zu bytes: a start position is 4 (X, Y: big-endian words)",
                                     file_size);
            else {
                have_start = true;
                start_x = be16(file);
                start_y = be16(file + 2);
            }
        } else if (ok) {
            lwm_report_add(report, LWM_REPORT_WARNING, rel[LWM_DISASM_STARTPOS], -1,
                           "no start position: the level has no player start");
        }
        free(file);
        file = NULL;
    }

    /* ---- build the level ---- */
    lw_level *level = NULL;
    uint16_t *chunk_of = NULL; /* file chunk id (layout value) -> level chunk or LW_NONE */
    if (ok) {
        chunk_of = malloc(256 * sizeof *chunk_of);
        ok = chunk_of || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    uint32_t first_chunk = 0; /* first file chunk imported */
    if (ok) {
        if (s2) {
            first_chunk = all_zero_bytes(chunks, S2_CHUNK_BYTES) ? 1u : 0u;
            for (uint32_t i = 0; i < 256; i++)
                chunk_of[i] = i < first_chunk ? (uint16_t)LW_NONE : (uint16_t)(i - first_chunk);
        } else {
            chunk_of[0] = LW_NONE;
            for (uint32_t i = 1; i < 256; i++)
                chunk_of[i] = (uint16_t)(i - 1u);
        }
    }
    /* layout slot (x, y) of @layer as a file chunk id (0 outside the file's layout) */
#define SLOT(layer, x, y)                                                                          \
    (s2             ? ((x) < 128u && (y) < 16u ? layout[(y)*256u + (layer)*128u + (x)] : 0u)       \
     : (layer) == 0 ? ((x) < fg_w && (y) < fg_h ? layout[2u + (y)*fg_w + (x)] & 0x7Fu : 0u)        \
                    : ((x) < bg_w && (y) < bg_h ? bg[2u + (y)*bg_w + (x)] & 0x7Fu : 0u))
    uint32_t w = 0, h = 0;
    bool any_bg = false;
    if (ok) {
        uint32_t scan_w = s2 ? 128u : (fg_w > bg_w ? fg_w : bg_w);
        uint32_t scan_h = s2 ? 16u : (fg_h > bg_h ? fg_h : bg_h);
        uint32_t used_w = 0, used_h = 0;
        for (uint32_t layer = 0; layer < 2; layer++)
            for (uint32_t y = 0; y < scan_h; y++)
                for (uint32_t x = 0; x < scan_w; x++)
                    if (chunk_of[SLOT(layer, x, y)] != LW_NONE) {
                        if (x + 1 > used_w)
                            used_w = x + 1;
                        if (y + 1 > used_h)
                            used_h = y + 1;
                        any_bg |= layer == 1;
                    }
        w = opts->width_px ? opts->width_px / chunk_px : s2 ? used_w : fg_w;
        h = opts->height_px ? opts->height_px / chunk_px : s2 ? used_h : fg_h;
        if (w == 0)
            w = 1;
        if (h == 0)
            h = 1;
        unsigned cropped = 0;
        for (uint32_t layer = 0; layer < 2; layer++)
            for (uint32_t y = 0; y < scan_h; y++)
                for (uint32_t x = 0; x < scan_w; x++)
                    cropped += (x >= w || y >= h) && chunk_of[SLOT(layer, x, y)] != LW_NONE;
        if (cropped)
            lwm_report_add(report, LWM_REPORT_WARNING, rel[LWM_DISASM_LAYOUT], -1,
                           "%u non-empty layout slots lie outside the level's %ux%u chunks and "
                           "are dropped",
                           cropped, w, h);
        level = lw_level_new((uint16_t)chunk_px, (uint16_t)w, (uint16_t)h, err);
        ok = level != NULL;
    }
    if (ok && any_bg)
        ok = lw_level_ensure_background(level) || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    /* masks and tiles: tile t is block t + 1 */
    int32_t mask_of[LWM_CLASSIC_MASKS];
    for (uint32_t m = 0; m < LWM_CLASSIC_MASKS; m++)
        mask_of[m] = -1;
    unsigned unindexed = 0;
    for (uint32_t b = 1; ok && b < block_count; b++) {
        lw_tile tile = {art ? (uint16_t)(b - 1u) : (uint16_t)LW_NONE, {LW_NONE, LW_NONE}, 0};
        if (b >= classic->block_count) {
            unindexed++;
        } else {
            for (int p = 0; ok && p < 2; p++) {
                uint8_t id = classic->index[p][b];
                if (id == 0)
                    continue;
                if (mask_of[id] < 0) {
                    mask_of[id] = lw_level_add_mask(level, &classic->masks[id]);
                    ok = mask_of[id] >= 0 || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
                }
                tile.mask[p] = (uint16_t)mask_of[id];
            }
        }
        ok = ok && (lw_level_add_tile(level, &tile) >= 0 ||
                    lw_error_set(err, LW_ERR_NOMEM, "out of memory"));
    }
    if (unindexed)
        lwm_report_add(report, LWM_REPORT_WARNING, NULL, -1,
                       "the collision index covers %u blocks, the mappings have %u: blocks %u.. "
                       "have no collision",
                       classic->block_count, block_count, classic->block_count);
    /* chunks */
    uint32_t cells = s2 ? 64u : 256u;
    lw_cell *cellbuf = ok ? malloc(cells * sizeof *cellbuf) : NULL;
    if (ok && !cellbuf)
        ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    for (uint32_t c = first_chunk; ok && c < chunk_count; c++) {
        for (uint32_t i = 0; i < cells; i++) {
            uint16_t wd = be16(chunks + (size_t)c * chunk_bytes + 2u * i);
            uint32_t b = wd & 0x3FFu;
            lw_cell *cell = &cellbuf[i];
            if (b == 0) {
                *cell = (lw_cell){LW_NONE, 0, 0};
            } else if (s2) {
                *cell = (lw_cell){(uint16_t)(b - 1u), (uint8_t)((wd >> 10) & 3u),
                                  (uint8_t)((wd >> 12) & 15u)};
            } else {
                unsigned sol = (wd >> 13) & 3u;
                *cell = (lw_cell){(uint16_t)(b - 1u), (uint8_t)((wd >> 11) & 3u),
                                  (uint8_t)(sol | sol << 2)};
            }
        }
        ok = lw_level_add_chunk(level, cellbuf) >= 0 ||
             lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    free(cellbuf);
    /* layout */
    for (uint32_t layer = 0; ok && layer < 2; layer++) {
        if (!level->layout[layer])
            continue;
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                level->layout[layer][(size_t)y * w + x] = chunk_of[SLOT(layer, x, y)];
    }
#undef SLOT
    /* settings and the start */
    if (ok) {
        ok = lw_level_set_string(&level->name, opts->zone) ||
             lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        snprintf(level->profile, sizeof level->profile, "%s", s2 ? "s2" : "s1");
        if (have_palette)
            level->background_rgb = lwm_md_color_rgb(pal[2][0]);
    }
    if (ok && have_start) {
        lw_object start = {0};
        start.type = LW_OBJECT_PLAYER_START;
        start.x = start_x;
        start.y = start_y;
        ok = lw_level_add_object(level, &start) != NULL ||
             lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }

    /* ---- the tileset: block b's patterns drawn into art cell b - 1 ---- */
    uint32_t tiles = block_count ? block_count - 1u : 0u;
    if (ok && art && tiles) {
        uint32_t patterns = (uint32_t)(art_size / MD_PATTERN_BYTES);
        uint32_t rgba[4][16];
        for (unsigned l = 0; l < 4; l++)
            for (unsigned c = 0; c < 16; c++)
                rgba[l][c] = have_line[l] ? lwm_md_color_rgb(pal[l][c]) << 8 | 0xFFu
                                          : (uint32_t)(c * 17u) * 0x010101u << 8 | 0xFFu;
        ok = lwm_image_init(&out->tileset, 256u, 16u * ((tiles + 15u) / 16u), 0, err);
        unsigned past = 0, grey = 0;
        long first_past = -1, first_grey = -1;
        for (uint32_t b = 1; ok && b < block_count; b++)
            for (uint32_t k = 0; k < 4; k++) {
                uint16_t wd = blocks[b * 4u + k];
                uint32_t idx = wd & MD_WORD_INDEX, line = (wd >> MD_WORD_LINE_SHIFT) & 3u;
                if (idx >= patterns) {
                    if (!past++)
                        first_past = (long)(b * 8u + k * 2u);
                    continue;
                }
                if (!have_line[line] &&
                    !all_zero_bytes(art + idx * MD_PATTERN_BYTES, MD_PATTERN_BYTES) && !grey++)
                    first_grey = (long)(b * 8u + k * 2u);
                uint32_t t = b - 1u;
                md_pattern_draw(&out->tileset, (t % 16u) * 16u + (k & 1u) * 8u,
                                (t / 16u) * 16u + (k >> 1) * 8u, art + idx * MD_PATTERN_BYTES, wd,
                                rgba[line]);
            }
        if (past)
            lwm_report_add(report, LWM_REPORT_WARNING, rel[LWM_DISASM_BLOCKS], -1,
                           "unpacked byte %ld: %u pattern words refer past the art's %u patterns "
                           "(art the game loads elsewhere, e.g. animated tiles): drawn "
                           "transparent",
                           first_past, past, patterns);
        if (grey && have_palette)
            lwm_report_add(report, LWM_REPORT_WARNING, rel[LWM_DISASM_BLOCKS], -1,
                           "unpacked byte %ld: %u pattern words use palette line 0, which the "
                           "game loads from the character's palette (not found): drawn in grey",
                           first_grey, grey);
        if (ok && !all_zero_words(blocks, 4))
            lwm_report_add(report, LWM_REPORT_WARNING, rel[LWM_DISASM_BLOCKS], 0,
                           "block 0 has art; Loopwright draws block 0 (an empty cell) as nothing");
    }
    if (ok)
        ok = lw_level_validate(level, err);
    if (ok) {
        out->level = level;
        lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                       "%s: %u chunks of %u px, %u blocks (%u tiles), %u masks, %u patterns, "
                       "layout %ux%u%s",
                       s2 ? "S2" : "S1", level->chunk_count, chunk_px, block_count, tiles,
                       level->mask_count, (uint32_t)(art_size / MD_PATTERN_BYTES), w, h,
                       level->layout[LW_LAYER_BG] ? " with a background" : "");
    } else {
        lw_level_free(level);
        lwm_image_clear(&out->tileset);
    }
    free(chunk_of);
    free(classic);
    free(chunks);
    free(blocks);
    free(layout);
    free(bg);
    free(art);
    return ok;
}
