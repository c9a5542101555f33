/* SPDX-License-Identifier: MIT */
/*
 * A Sonic 1 / Sonic 2 disassembly's level -> a Loopwright level and tileset (docs/DISASM.md §5).
 * Every file is bounds-checked: sizes against the games' tables, every id against what it refers
 * to, every colour word against the 9 bits the VDP has.
 */
#include "disasm-private.h"

#include <errno.h>
#include <loopwright-masks/file-io.h>
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

/* The state of one import, shared by its steps. Each step takes and returns `ok`: a step whose
 * input is already failed does only what the import always did after a failure. */
typedef struct importer {
    const char *dir;
    const lwm_disasm_import_options *opts;
    lwm_disasm_import *out;
    lwm_report *report;
    char *failed;
    lw_error *err;
    bool s2;
    uint32_t chunk_px;
    input in;
    char name[LWM_DISASM_KIND_COUNT][256];
    const char *rel[LWM_DISASM_KIND_COUNT];
    uint8_t *chunks, *layout, *bg, *art;
    uint16_t *blocks;
    size_t chunks_size, layout_size, art_size, block_words;
    lwm_classic *classic;
    uint16_t pal[4][16];
    bool have_line[4];
    uint32_t chunk_bytes, chunk_count, block_count;
    char layout_path[4096], chunks_path[4096];
    uint32_t fg_w, fg_h, bg_w, bg_h;
    bool have_palette, have_start;
    int32_t start_x, start_y;
    lw_level *level;
    uint16_t *chunk_of;   /* file chunk id (layout value) -> level chunk or LW_NONE */
    uint32_t first_chunk; /* first file chunk imported */
    uint32_t w, h, tiles;
    bool any_bg;
} importer;

/* chunks */
static bool import_chunks(importer *s, bool ok)
{
    lw_error *err = s->err;
    uint8_t *file = NULL;
    size_t file_size = 0;
    uint32_t max_chunks = s->s2 ? LWM_S2_MAX_CHUNKS : LWM_S1_MAX_CHUNKS;
    ok = read_rel(&s->in, s->rel[LWM_DISASM_CHUNKS], false, NULL, &file, &file_size, err) &&
         kos_unpack(file, file_size, (size_t)max_chunks * s->chunk_bytes, &s->chunks,
                    &s->chunks_size, err);
    free(file);
    file = NULL;
    if (ok && s->chunks_size % s->chunk_bytes)
        ok = lw_error_set(err, LW_ERR_FORMAT,
                          "unpacked size %zu is not a whole number of %u-byte chunks",
                          s->chunks_size, s->chunk_bytes);
    if (ok && s->s2 && s->chunks_size == 0)
        ok = lw_error_set(err, LW_ERR_FORMAT, "no chunk (S2's chunk 0 must exist)");
    if (ok)
        snprintf(s->chunks_path, sizeof s->chunks_path, "%s", s->failed);
    s->chunk_count = (uint32_t)(s->chunks_size / s->chunk_bytes);
    return ok;
}

/* block mappings: S2 Kosinski bytes, S1 Enigma words */
static bool import_blocks(importer *s, bool ok)
{
    lw_error *err = s->err;
    uint8_t *file = NULL;
    size_t file_size = 0;
    if (ok && !s->rel[LWM_DISASM_BLOCKS])
        ok = lw_error_set(err, LW_ERR_RANGE, "zone name too long");
    ok = ok && read_rel(&s->in, s->rel[LWM_DISASM_BLOCKS], false, NULL, &file, &file_size, err);
    if (ok) {
        s->blocks = malloc(LWM_MD_MAX_BLOCKS * 4u * sizeof *s->blocks);
        ok = s->blocks || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    if (ok && s->s2) {
        uint8_t *raw = NULL;
        size_t n = 0;
        ok = kos_unpack(file, file_size, LWM_MD_MAX_BLOCKS * 8u, &raw, &n, err);
        if (ok && (n == 0 || n % 8u))
            ok = lw_error_set(err, LW_ERR_FORMAT,
                              "unpacked size %zu is not a whole number of 8-byte blocks (at "
                              "least block 0)",
                              n);
        for (size_t i = 0; ok && i < n / 2u; i++)
            s->blocks[i] = be16(raw + 2 * i);
        s->block_words = n / 2u;
        free(raw);
    } else if (ok) {
        lw_error eerr;
        if (!lw_enigma_decompress(file, file_size, 0, s->blocks, LWM_MD_MAX_BLOCKS * 4u,
                                  &s->block_words, NULL, &eerr)) {
            if (eerr.code == LW_ERR_LIMIT)
                lw_error_set_at(err, LW_ERR_LIMIT, eerr.offset,
                                "the Enigma stream holds more than 0x%X blocks (%u words)",
                                LWM_MD_MAX_BLOCKS, LWM_MD_MAX_BLOCKS * 4u);
            else if (err)
                *err = eerr;
            ok = false;
        } else if (s->block_words == 0 || s->block_words % 4u) {
            ok = lw_error_set(err, LW_ERR_FORMAT,
                              "the Enigma stream holds %zu words, not a whole number of 4-word "
                              "blocks (at least block 0)",
                              s->block_words);
        }
    }
    free(file);
    file = NULL;
    s->block_count = (uint32_t)(s->block_words / 4u);
    return ok;
}

/* layout(s): S1's two files, one checked layer at a time */
static bool import_s1_layouts(importer *s, bool ok, uint8_t *file, size_t file_size)
{
    lw_error *err = s->err;
    for (int layer = 0; ok && layer < 2; layer++) {
        if (layer == 1) {
            if (!s->rel[LWM_DISASM_LAYOUT_BG]) {
                ok = lw_error_set(err, LW_ERR_RANGE, "zone name too long");
                break;
            }
            ok =
                read_rel(&s->in, s->rel[LWM_DISASM_LAYOUT_BG], false, NULL, &file, &file_size, err);
            if (!ok)
                break;
        }
        uint32_t w = file_size >= 1 ? file[0] + 1u : 0, h = file_size >= 2 ? file[1] + 1u : 0;
        if (file_size < 2)
            ok = lw_error_set_at(err, LW_ERR_TRUNCATED, (long)file_size,
                                 "%zu bytes: an S1 layout starts with width-1 and height-1",
                                 file_size);
        else if (w > LWM_S1_LAYOUT_W)
            ok = lw_error_set_at(err, LW_ERR_RANGE, 0, "width %u chunks: S1's layout rows hold %u",
                                 w, LWM_S1_LAYOUT_W);
        else if (h > LWM_S1_LAYOUT_H)
            ok = lw_error_set_at(err, LW_ERR_RANGE, 1, "height %u chunks: S1's layout has %u rows",
                                 h, LWM_S1_LAYOUT_H);
        else if (file_size != 2u + (size_t)w * h)
            ok = lw_error_set_at(
                err, file_size < 2u + (size_t)w * h ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                (long)(file_size < 2u + (size_t)w * h ? file_size : 2u + (size_t)w * h),
                "%zu bytes: a %ux%u layout is %zu", file_size, w, h, 2u + (size_t)w * h);
        for (size_t i = 2; ok && i < file_size; i++) {
            unsigned id = file[i] & 0x7Fu;
            if (id > s->chunk_count)
                ok = lw_error_set_at(err, LW_ERR_RANGE, (long)i,
                                     "%s row %zu column %zu: chunk id %u, the chunk file "
                                     "holds %u (ids 1..%u, 0 = empty)",
                                     layer ? "BG" : "FG", (i - 2) / w, (i - 2) % w, id,
                                     s->chunk_count, s->chunk_count);
        }
        if (ok && layer == 1) { /* the FG's loop slots are the level's loop table (below) */
            unsigned loops = 0;
            long first = -1;
            for (size_t i = 2; i < file_size; i++)
                if (file[i] & 0x80u) {
                    if (!loops++)
                        first = (long)i;
                }
            if (loops)
                lwm_report_add(s->report, LWM_REPORT_WARNING,
                               s->rel[layer ? LWM_DISASM_LAYOUT_BG : LWM_DISASM_LAYOUT], first,
                               "%u background slots have the loop flag (bit 7), which the "
                               "game reads in the foreground only: the chunk itself is used",
                               loops);
        }
        if (layer == 0) {
            s->layout = file;
            s->layout_size = file_size;
            s->fg_w = w;
            s->fg_h = h;
        } else {
            s->bg = file;
            s->bg_w = w;
            s->bg_h = h;
        }
        file = NULL;
    }
    return ok;
}

/* layout(s) */
static bool import_layouts(importer *s, bool ok)
{
    lw_error *err = s->err;
    uint8_t *file = NULL;
    size_t file_size = 0;
    if (ok)
        ok = read_rel(&s->in, s->rel[LWM_DISASM_LAYOUT], false, NULL, &file, &file_size, err);
    if (ok && s->s2) {
        ok = kos_unpack(file, file_size, 0x1000, &s->layout, &s->layout_size, err);
        if (ok && s->layout_size != 0x1000)
            ok = lw_error_set(err, LW_ERR_TRUNCATED,
                              "unpacked size %zu: an S2 layout is 0x1000 bytes (16 rows of 128 "
                              "FG and 128 BG chunk ids)",
                              s->layout_size);
        free(file);
        file = NULL;
        s->fg_w = s->bg_w = LWM_S2_LAYOUT_W;
        s->fg_h = s->bg_h = LWM_S2_LAYOUT_H;
    } else if (ok) {
        ok = import_s1_layouts(s, ok, file, file_size);
    }
    if (ok)
        snprintf(s->layout_path, sizeof s->layout_path, "%s", s->failed);
    return ok;
}

/* chunk words: every block id must exist; S2 layout ids */
static bool import_check_ids(importer *s, bool ok)
{
    lw_error *err = s->err;
    bool s2 = s->s2;
    for (uint32_t c = 0; ok && c < s->chunk_count; c++)
        for (uint32_t i = 0; ok && i < s->chunk_bytes / 2u; i++) {
            size_t off = (size_t)c * s->chunk_bytes + 2u * i;
            uint16_t w = be16(s->chunks + off);
            uint32_t b = w & 0x3FFu;
            if (b >= s->block_count) {
                snprintf(s->failed, 4096, "%s", s->chunks_path);
                ok = lw_error_set(err, LW_ERR_RANGE,
                                  "unpacked byte %zu: chunk %u cell (%u,%u): block %u, the block "
                                  "mappings hold %u",
                                  off, c, i % (s2 ? 8u : 16u), i / (s2 ? 8u : 16u), b,
                                  s->block_count);
            }
        }
    if (ok && !s2) {
        unsigned odd = 0;
        size_t first = 0;
        for (size_t off = 0; off < s->chunks_size; off += 2)
            if (be16(s->chunks + off) & 0x8400u)
                if (!odd++)
                    first = off;
        if (odd)
            lwm_report_add(s->report, LWM_REPORT_WARNING, s->rel[LWM_DISASM_CHUNKS], -1,
                           "unpacked byte %zu: %u chunk words set bit 10 or 15, which S1 does not "
                           "use; ignored",
                           first, odd);
    }
    /* S2 layout ids */
    for (size_t i = 0; ok && s2 && i < 0x1000; i++)
        if (s->layout[i] >= s->chunk_count) {
            snprintf(s->failed, 4096, "%s", s->layout_path);
            ok = lw_error_set(err, LW_ERR_RANGE,
                              "unpacked byte %zu: %s row %zu column %zu: chunk %u, the chunk "
                              "mappings hold %u",
                              i, (i % 256u) < 128u ? "FG" : "BG", i / 256u, i % 128u, s->layout[i],
                              s->chunk_count);
        }
    return ok;
}

/* art (optional) */
static bool import_art(importer *s, bool ok)
{
    lw_error *err = s->err;
    uint8_t *file = NULL;
    size_t file_size = 0;
    bool missing = false;
    if (ok && s->rel[LWM_DISASM_ART])
        ok = read_rel(&s->in, s->rel[LWM_DISASM_ART], true, &missing, &file, &file_size, err);
    if (ok && s->rel[LWM_DISASM_ART] && !missing) {
        if (s->s2) {
            ok = kos_unpack(file, file_size, MAX_ART_BYTES, &s->art, &s->art_size, err);
            free(file);
        } else {
            s->art = file;
            s->art_size = file_size;
            if (s->art_size > MAX_ART_BYTES)
                ok = lw_error_set_at(err, LW_ERR_LIMIT, MAX_ART_BYTES,
                                     "%zu bytes: VRAM holds 0x%X bytes of patterns", s->art_size,
                                     MAX_ART_BYTES);
        }
        file = NULL;
        if (ok && (s->art_size == 0 || s->art_size % MD_PATTERN_BYTES))
            ok = lw_error_set(err, LW_ERR_FORMAT,
                              "%s size %zu is not a whole number of 32-byte 8x8 patterns",
                              s->s2 ? "unpacked" : "file", s->art_size);
    } else if (ok) {
        lwm_report_add(s->report, LWM_REPORT_NOTE, s->rel[LWM_DISASM_ART], -1,
                       "no level art: the level is imported without a tileset");
    }
    return ok;
}

/* palette (optional, only with art) */
static bool import_palette(importer *s, bool ok)
{
    lw_error *err = s->err;
    uint8_t *file = NULL;
    size_t file_size = 0;
    bool missing = false;
    if (ok && s->art && s->rel[LWM_DISASM_PALETTE]) {
        ok = read_rel(&s->in, s->rel[LWM_DISASM_PALETTE], true, &missing, &file, &file_size, err);
        if (ok && !missing) {
            ok = parse_palette(file, file_size, s->pal, s->have_line, err);
            s->have_palette = ok;
        } else if (ok) {
            lwm_report_add(s->report, LWM_REPORT_WARNING, s->rel[LWM_DISASM_PALETTE], -1,
                           "no palette: the art is drawn in grey");
        }
        free(file);
        file = NULL;
        /* the games load the character's palette into line 0 */
        const char *line0 = s->s2 ? "art/palettes/SonicAndTails.bin" : "palette/Sonic.bin";
        if (ok && s->have_palette && !s->have_line[0]) {
            ok = read_rel(&s->in, line0, true, &missing, &file, &file_size, err);
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
                    s->pal[0][i] = w;
                }
                s->have_line[0] = ok;
            }
            free(file);
            file = NULL;
        }
    }
    return ok;
}

/* collision; start position (optional) */
static bool import_collision_start(importer *s, bool ok)
{
    lw_error *err = s->err;
    if (ok) {
        s->classic = malloc(sizeof *s->classic);
        ok = s->classic || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    if (ok) {
        char coll[4096];
        snprintf(coll, sizeof coll, "%s/%s", s->dir, s->rel[LWM_DISASM_COLLISION]);
        warn_ctx wc = {s->report, s->dir};
        ok = lwm_classic_read_dir(coll, s->opts->game,
                                  s->opts->collision_zone ? s->opts->collision_zone : s->opts->zone,
                                  s->classic, classic_warn, &wc, s->failed, err);
    }

    /* start position (optional) */
    uint8_t *file = NULL;
    size_t file_size = 0;
    bool missing = false;
    if (ok && s->rel[LWM_DISASM_STARTPOS]) {
        ok = read_rel(&s->in, s->rel[LWM_DISASM_STARTPOS], true, &missing, &file, &file_size, err);
        if (ok && !missing) {
            if (file_size != 4)
                ok = lw_error_set_at(err, file_size < 4 ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                                     (long)(file_size < 4 ? file_size : 4),
                                     "%zu bytes: a start position is 4 (X, Y: big-endian words)",
                                     file_size);
            else {
                s->have_start = true;
                s->start_x = be16(file);
                s->start_y = be16(file + 2);
            }
        } else if (ok) {
            lwm_report_add(s->report, LWM_REPORT_WARNING, s->rel[LWM_DISASM_STARTPOS], -1,
                           "no start position: the level has no player start");
        }
        free(file);
        file = NULL;
    }
    return ok;
}

/* layout slot (x, y) of @layer as a file chunk id (0 outside the file's layout) */
#define SLOT(s, layer, x, y)                                                                       \
    ((s)->s2 ? ((x) < 128u && (y) < 16u ? (s)->layout[(y)*256u + (layer)*128u + (x)] : 0u)         \
     : (layer) == 0                                                                                \
         ? ((x) < (s)->fg_w && (y) < (s)->fg_h ? (s)->layout[2u + (y) * (s)->fg_w + (x)] & 0x7Fu   \
                                               : 0u)                                               \
         : ((x) < (s)->bg_w && (y) < (s)->bg_h ? (s)->bg[2u + (y) * (s)->bg_w + (x)] & 0x7Fu       \
                                               : 0u))

/* ---- build the level ---- : its size from the used slots */
static bool import_new_level(importer *s, bool ok)
{
    lw_error *err = s->err;
    bool s2 = s->s2;
    const lwm_disasm_import_options *opts = s->opts;
    if (ok) {
        s->chunk_of = malloc(256 * sizeof *s->chunk_of);
        ok = s->chunk_of || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    if (ok) {
        if (s2) {
            s->first_chunk = all_zero_bytes(s->chunks, S2_CHUNK_BYTES) ? 1u : 0u;
            for (uint32_t i = 0; i < 256; i++)
                s->chunk_of[i] =
                    i < s->first_chunk ? (uint16_t)LW_NONE : (uint16_t)(i - s->first_chunk);
        } else {
            s->chunk_of[0] = LW_NONE;
            for (uint32_t i = 1; i < 256; i++)
                s->chunk_of[i] = (uint16_t)(i - 1u);
        }
    }
    if (ok) {
        uint32_t scan_w = s2 ? 128u : (s->fg_w > s->bg_w ? s->fg_w : s->bg_w);
        uint32_t scan_h = s2 ? 16u : (s->fg_h > s->bg_h ? s->fg_h : s->bg_h);
        uint32_t used_w = 0, used_h = 0;
        for (uint32_t layer = 0; layer < 2; layer++)
            for (uint32_t y = 0; y < scan_h; y++)
                for (uint32_t x = 0; x < scan_w; x++)
                    if (s->chunk_of[SLOT(s, layer, x, y)] != LW_NONE) {
                        if (x + 1 > used_w)
                            used_w = x + 1;
                        if (y + 1 > used_h)
                            used_h = y + 1;
                        s->any_bg |= layer == 1;
                    }
        uint32_t w = opts->width_px ? opts->width_px / s->chunk_px : s2 ? used_w : s->fg_w;
        uint32_t h = opts->height_px ? opts->height_px / s->chunk_px : s2 ? used_h : s->fg_h;
        if (w == 0)
            w = 1;
        if (h == 0)
            h = 1;
        s->w = w;
        s->h = h;
        unsigned cropped = 0;
        for (uint32_t layer = 0; layer < 2; layer++)
            for (uint32_t y = 0; y < scan_h; y++)
                for (uint32_t x = 0; x < scan_w; x++)
                    cropped += (x >= w || y >= h) && s->chunk_of[SLOT(s, layer, x, y)] != LW_NONE;
        if (cropped)
            lwm_report_add(s->report, LWM_REPORT_WARNING, s->rel[LWM_DISASM_LAYOUT], -1,
                           "%u non-empty layout slots lie outside the level's %ux%u chunks and "
                           "are dropped",
                           cropped, w, h);
        s->level = lw_level_new((uint16_t)s->chunk_px, (uint16_t)w, (uint16_t)h, err);
        ok = s->level != NULL;
    }
    if (ok && s->any_bg)
        ok = lw_level_ensure_background(s->level) ||
             lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    return ok;
}

/* masks and tiles: tile t is block t + 1 */
static bool import_tiles(importer *s, bool ok)
{
    lw_error *err = s->err;
    const lwm_classic *classic = s->classic;
    int32_t mask_of[LWM_CLASSIC_MASKS];
    for (uint32_t m = 0; m < LWM_CLASSIC_MASKS; m++)
        mask_of[m] = -1;
    unsigned unindexed = 0;
    for (uint32_t b = 1; ok && b < s->block_count; b++) {
        lw_tile tile = {s->art ? (uint16_t)(b - 1u) : (uint16_t)LW_NONE, {LW_NONE, LW_NONE}, 0};
        if (b >= classic->block_count) {
            unindexed++;
        } else {
            for (int p = 0; ok && p < 2; p++) {
                uint8_t id = classic->index[p][b];
                if (id == 0)
                    continue;
                if (mask_of[id] < 0) {
                    mask_of[id] = lw_level_add_mask(s->level, &classic->masks[id]);
                    ok = mask_of[id] >= 0 || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
                }
                tile.mask[p] = (uint16_t)mask_of[id];
            }
        }
        ok = ok && (lw_level_add_tile(s->level, &tile) >= 0 ||
                    lw_error_set(err, LW_ERR_NOMEM, "out of memory"));
    }
    if (unindexed)
        lwm_report_add(s->report, LWM_REPORT_WARNING, NULL, -1,
                       "the collision index covers %u blocks, the mappings have %u: blocks %u.. "
                       "have no collision",
                       classic->block_count, s->block_count, classic->block_count);
    return ok;
}

/* chunks; layout; settings and the start */
static bool import_chunks_layout(importer *s, bool ok)
{
    lw_error *err = s->err;
    bool s2 = s->s2;
    lw_level *level = s->level;
    uint32_t cells = s2 ? 64u : 256u;
    lw_cell *cellbuf = ok ? malloc(cells * sizeof *cellbuf) : NULL;
    if (ok && !cellbuf)
        ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    for (uint32_t c = s->first_chunk; ok && c < s->chunk_count; c++) {
        for (uint32_t i = 0; i < cells; i++) {
            uint16_t wd = be16(s->chunks + (size_t)c * s->chunk_bytes + 2u * i);
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
        for (uint32_t y = 0; y < s->h; y++)
            for (uint32_t x = 0; x < s->w; x++)
                lw_level_layout_mut(level, (lw_layer)layer)[(size_t)y * s->w + x] =
                    s->chunk_of[SLOT(s, layer, x, y)];
    }
    /* settings and the start */
    if (ok) {
        ok = lw_level_set_string(&level->name, s->opts->zone) ||
             lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        snprintf(level->profile, sizeof level->profile, "%s", s2 ? "s2" : "s1");
        if (s->have_palette)
            level->background_rgb = lwm_md_color_rgb(s->pal[2][0]);
    }
    if (ok && s->have_start) {
        lw_object start = {0};
        start.type = LW_OBJECT_PLAYER_START;
        start.x = s->start_x;
        start.y = s->start_y;
        ok = lw_level_add_object(level, &start) != NULL ||
             lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    return ok;
}
#undef SLOT

/* ---- the tileset: block b's patterns drawn into art cell b - 1 ---- */
static bool import_tileset(importer *s, bool ok)
{
    lw_error *err = s->err;
    const uint8_t *art = s->art;
    const uint16_t *blocks = s->blocks;
    uint32_t block_count = s->block_count;
    uint32_t tiles = block_count ? block_count - 1u : 0u;
    s->tiles = tiles;
    if (ok && art && tiles) {
        uint32_t patterns = (uint32_t)(s->art_size / MD_PATTERN_BYTES);
        uint32_t rgba[4][16];
        for (unsigned l = 0; l < 4; l++)
            for (unsigned c = 0; c < 16; c++)
                rgba[l][c] = s->have_line[l] ? lwm_md_color_rgb(s->pal[l][c]) << 8 | 0xFFu
                                             : (uint32_t)(c * 17u) * 0x010101u << 8 | 0xFFu;
        ok = lwm_image_init(&s->out->tileset, 256u, 16u * ((tiles + 15u) / 16u), 0, err);
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
                if (!s->have_line[line] &&
                    !all_zero_bytes(art + idx * MD_PATTERN_BYTES, MD_PATTERN_BYTES) && !grey++)
                    first_grey = (long)(b * 8u + k * 2u);
                uint32_t t = b - 1u;
                md_pattern_draw(&s->out->tileset, (t % 16u) * 16u + (k & 1u) * 8u,
                                (t / 16u) * 16u + (k >> 1) * 8u, art + idx * MD_PATTERN_BYTES, wd,
                                rgba[line]);
            }
        if (past)
            lwm_report_add(s->report, LWM_REPORT_WARNING, s->rel[LWM_DISASM_BLOCKS], -1,
                           "unpacked byte %ld: %u pattern words refer past the art's %u patterns "
                           "(art the game loads elsewhere, e.g. animated tiles): drawn "
                           "transparent",
                           first_past, past, patterns);
        if (grey && s->have_palette)
            lwm_report_add(s->report, LWM_REPORT_WARNING, s->rel[LWM_DISASM_BLOCKS], -1,
                           "unpacked byte %ld: %u pattern words use palette line 0, which the "
                           "game loads from the character's palette (not found): drawn in grey",
                           first_grey, grey);
        if (ok && !all_zero_words(blocks, 4))
            lwm_report_add(s->report, LWM_REPORT_WARNING, s->rel[LWM_DISASM_BLOCKS], 0,
                           "block 0 has art; Loopwright draws block 0 (an empty cell) as nothing");
    }
    return ok;
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
    /* a `pack --format` into this folder killed between its renames: complete it first */
    if (!lwm_file_recover(dir, err))
        return false;
    uint32_t chunk_px = s2 ? 128u : 256u;
    uint32_t max_w = s2 ? LWM_S2_LAYOUT_W : LWM_S1_LAYOUT_W;
    uint32_t max_h = s2 ? LWM_S2_LAYOUT_H : LWM_S1_LAYOUT_H;
    if (opts->width_px % chunk_px || opts->height_px % chunk_px ||
        opts->width_px > max_w * chunk_px || opts->height_px > max_h * chunk_px)
        return lw_error_set(err, LW_ERR_RANGE,
                            "the level size must be a multiple of %u px, at most %ux%u px",
                            chunk_px, max_w * chunk_px, max_h * chunk_px);

    importer st;
    importer *s = &st;
    memset(s, 0, sizeof *s);
    s->dir = dir;
    s->opts = opts;
    s->out = out;
    s->report = report;
    s->failed = failed;
    s->err = err;
    s->s2 = s2;
    s->chunk_px = chunk_px;
    s->in = (input){dir, failed, report};
    for (int k = 0; k < LWM_DISASM_KIND_COUNT; k++)
        s->rel[k] = default_or(opts, (lwm_disasm_kind)k, s->name[k], sizeof s->name[k]);
    if (!s->rel[LWM_DISASM_CHUNKS] || !s->rel[LWM_DISASM_LAYOUT] || !s->rel[LWM_DISASM_COLLISION])
        return lw_error_set(err, LW_ERR_RANGE, "zone name too long");
    s->chunk_bytes = s2 ? S2_CHUNK_BYTES : S1_CHUNK_BYTES;

    bool ok = import_chunks(s, true);
    ok = import_blocks(s, ok);
    ok = import_layouts(s, ok);
    ok = import_check_ids(s, ok);
    ok = import_art(s, ok);
    ok = import_palette(s, ok);
    ok = import_collision_start(s, ok);
    ok = import_new_level(s, ok);
    ok = import_tiles(s, ok);
    ok = import_chunks_layout(s, ok);
    ok = import_tileset(s, ok);
    if (ok && !s2) /* the loop slots' path B and LoopTileNums' rules, as a tree's (§7.5) */
        ok = lwm_s1_loops_from_layout(dir, NULL, s->rel[LWM_DISASM_LAYOUT], s->layout + 2, s->fg_w,
                                      s->fg_h, s->chunk_count, s->level, report, err);
    lw_level *level = s->level;
    if (ok)
        ok = lw_level_validate(level, err);
    if (ok) {
        out->level = level;
        lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                       "%s: %u chunks of %u px, %u blocks (%u tiles), %u masks, %u patterns, "
                       "layout %ux%u%s",
                       s2 ? "S2" : "S1", level->chunk_count, chunk_px, s->block_count, s->tiles,
                       level->mask_count, (uint32_t)(s->art_size / MD_PATTERN_BYTES), s->w, s->h,
                       level->layout[LW_LAYER_BG] ? " with a background" : "");
    } else {
        lw_level_free(level);
        lwm_image_clear(&out->tileset);
    }
    free(s->chunk_of);
    free(s->classic);
    free(s->chunks);
    free(s->blocks);
    free(s->layout);
    free(s->bg);
    free(s->art);
    return ok;
}
