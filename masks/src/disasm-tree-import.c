/* SPDX-License-Identifier: MIT */
/*
 * A level of a disassembly tree, by its SonLVL INI section -> a Loopwright level, its tileset and
 * its source record (disasm-tree.h, docs/DISASM.md §7). Small steps over one context: read the
 * INI's files into the game's tables, check them, then build the level from the tables.
 */
#include "disasm-tree-private.h"

#include <dirent.h>
#include <errno.h>
#include <loopwright-masks/file-io.h>
#include <loopwright/crc32.h>
#include <loopwright/enigma.h>
#include <loopwright/kosinski.h>
#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define MAX_INPUT_FILE (4u << 20)
#define MAX_ART_BYTES  0x10000u /* all of VRAM */
#define MAX_BLOCKS     0x400u   /* chunk words hold 10-bit block ids */
#define S2_INDEX_BYTES 0x300u
#define MAX_TABLE_READ 0x20000u /* what a part may unpack to before it is clipped */

typedef tree_blob blob;

typedef struct tree_ctx {
    const lwm_tree *tree;
    const lwm_ini_section *sec;
    lwm_tree_import *out;
    lwm_tree_source *src;
    lwm_report *report;
    char *failed; /* 4096 bytes */
    lw_error *err;
    lwm_game game;
    uint32_t chunk_bytes, chunk_px, chunk_cells;
    /* the game's tables, unpacked */
    blob tiles, blocks, chunks, layout[2], index[2], heights, widths, angles;
    uint16_t pal[64];
    bool have_pal[64], have_start;
    int32_t start_x, start_y;
    uint32_t lay_w[2], lay_h[2]; /* layout sizes in chunks (S2: 128x16 both) */
    uint32_t lay_at[2];          /* offset of the first id in layout[layer] */
    uint32_t row_at[2][32];      /* S3K: offset of each row in layout[0] */
    uint32_t w, h;               /* the level's size in chunks */
    int32_t mask_of[LWM_CLASSIC_MASKS];
    uint8_t
        *anim[MAX_ART_BYTES / MD_PATTERN_BYTES]; /* animated tiles' first frames, by VRAM tile */
    blob animblk; /* SonLVL's animated blocks file (`animblocks`), as read */
} tree_ctx;

void lwm_tree_import_clear(lwm_tree_import *im)
{
    if (!im)
        return;
    lw_level_free(im->level);
    lwm_image_clear(&im->tileset);
    free(im->source.mask_ids);
    free(im->source.kept);
    free(im->source.kept_slots);
    free(im->source.layout_copy);
    memset(im, 0, sizeof *im);
}

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static bool nomem(tree_ctx *c)
{
    return lw_error_set(c->err, LW_ERR_NOMEM, "out of memory");
}

/* The level's value of @key, else the global one. */
static const char *ctx_get(const tree_ctx *c, const char *key)
{
    const char *v = lwm_ini_get(c->sec, key);
    return v ? v : lwm_ini_get(&c->tree->ini.sections[0], key);
}

lwm_disasm_codec tree_codec_of(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return LWM_CODEC_NONE;
    if (strcmp(dot, ".kos") == 0)
        return LWM_CODEC_KOSINSKI;
    if (strcmp(dot, ".eni") == 0)
        return LWM_CODEC_ENIGMA;
    if (strcmp(dot, ".nem") == 0)
        return LWM_CODEC_NEMESIS;
    if (strcmp(dot, ".kosm") == 0)
        return LWM_CODEC_KOSM;
    return LWM_CODEC_NONE;
}

bool tree_unpack(lwm_disasm_codec codec, const uint8_t *in, size_t n, size_t max, uint8_t **out,
                 size_t *out_size, lw_error *err)
{
    uint8_t *buf = malloc(max ? max : 1);
    if (!buf)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    lw_error e;
    bool ok = true;
    lw_error_clear(&e);
    if (codec == LWM_CODEC_NONE) {
        ok = n <= max || lw_error_set_at(&e, LW_ERR_LIMIT, (long)max, "more than %zu bytes", max);
        if (ok)
            memcpy(buf, in, n);
        *out_size = n;
    } else if (codec == LWM_CODEC_KOSINSKI) {
        ok = lw_kosinski_decompress(in, n, buf, max, out_size, NULL, &e);
    } else if (codec == LWM_CODEC_ENIGMA) {
        uint16_t *words = malloc((max / 2 ? max / 2 : 1) * sizeof *words);
        size_t nw = 0;
        ok = words ? lw_enigma_decompress(in, n, 0, words, max / 2, &nw, NULL, &e)
                   : lw_error_set(&e, LW_ERR_NOMEM, "out of memory");
        for (size_t i = 0; ok && i < nw; i++) {
            buf[2 * i] = (uint8_t)(words[i] >> 8);
            buf[2 * i + 1] = (uint8_t)words[i];
        }
        *out_size = 2 * nw;
        free(words);
    } else if (codec == LWM_CODEC_NEMESIS) {
        ok = lw_nemesis_decompress(in, n, buf, max, out_size, NULL, &e);
    } else if (codec == LWM_CODEC_KOSM) {
        ok = lw_kosm_decompress(in, n, buf, max, out_size, NULL, &e);
    } else {
        ok = lw_error_set(&e, LW_ERR_VERSION, "no decoder for this compression yet");
    }
    if (!ok) {
        free(buf);
        if (e.code == LW_ERR_LIMIT)
            return lw_error_set_at(err, LW_ERR_LIMIT, e.offset,
                                   "unpacks to more than %zu bytes, the most this table holds",
                                   max);
        if (err)
            *err = e;
        return false;
    }
    *out = buf;
    return true;
}

static bool parse_number(const char *s, size_t n, uint32_t *out)
{
    char buf[24];
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    unsigned long v =
        strtoul(buf, &end, (n > 2 && buf[0] == '0' && (buf[1] | 32) == 'x') ? 16 : 10);
    if (*end || errno || v > 0xFFFFFFul || buf[0] == '-' || buf[0] == '+')
        return false;
    *out = (uint32_t)v;
    return true;
}

/* A hexadecimal INI number ("B8", "0x710"): SonLVL's `waterheight` is hexadecimal, as the
 * games' tables have it (s1disasm's WaterHeight dc.w $B8, SonLVL.ini waterheight=B8). */
static bool parse_hex(const char *s, uint32_t *out)
{
    const char *d = (s[0] == '0' && (s[1] | 32) == 'x') ? s + 2 : s;
    size_t n = strlen(d);
    if (n == 0 || n > 6 || strspn(d, "0123456789abcdefABCDEF") != n)
        return false;
    *out = (uint32_t)strtoul(d, NULL, 16);
    return true;
}

/* @rel with each component matched case-insensitively where the exact name is missing (SonLVL
 * runs on Windows: skdisasm's INI names `Levels/Misc/Angles.bin` for `angles.bin`). */
static bool resolve_case(const char *root, char *rel, size_t size)
{
    char out[512] = "", path[4096];
    char copy[512];
    snprintf(copy, sizeof copy, "%s", rel);
    char *save = NULL;
    for (char *tok = strtok_r(copy, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
        snprintf(path, sizeof path, "%s/%s%s%s", root, out, *out ? "/" : "", tok);
        struct stat st;
        const char *name = tok;
        char found[256] = "";
        if (stat(path, &st) != 0) {
            snprintf(path, sizeof path, "%s/%s", root, out);
            DIR *d = opendir(path);
            struct dirent *e;
            while (d && (e = readdir(d)))
                if (strcasecmp(e->d_name, tok) == 0) {
                    snprintf(found, sizeof found, "%s", e->d_name);
                    break;
                }
            if (d)
                closedir(d);
            if (!found[0])
                return false;
            name = found;
        }
        size_t n = strlen(out);
        if (n + strlen(name) + 2 > sizeof out)
            return false;
        snprintf(out + n, sizeof out - n, "%s%s", n ? "/" : "", name);
    }
    if (strlen(out) >= size)
        return false;
    memcpy(rel, out, strlen(out) + 1);
    return true;
}

/* Read tree file @value (an INI path) into *@data: resolves it, sets c->failed, records it. */
static bool read_tree_file(tree_ctx *c, const char *role, const char *value, bool optional,
                           bool *missing, uint8_t **data, size_t *size)
{
    char rel[512];
    *data = NULL;
    *size = 0;
    if (missing)
        *missing = false;
    if (!tree_resolve(value, rel, sizeof rel, c->err)) {
        snprintf(c->failed, 4096, "%s/%s", c->tree->root, LWM_TREE_INI_FILE);
        return false;
    }
    int n = snprintf(c->failed, 4096, "%s/%s", c->tree->root, rel);
    if (n < 0 || n >= 4096)
        return lw_error_set(c->err, LW_ERR_IO, "path too long");
    struct stat st;
    if (stat(c->failed, &st) != 0 && errno == ENOENT) {
        char exact[512];
        snprintf(exact, sizeof exact, "%s", rel);
        if (resolve_case(c->tree->root, rel, sizeof rel)) {
            snprintf(c->failed, 4096, "%s/%s", c->tree->root, rel);
            lwm_report_add(c->report, LWM_REPORT_NOTE, rel, -1,
                           "found for the INI's \"%s\" (the name's case differs)", exact);
        } else if (optional) {
            *missing = true;
            return true;
        }
    }
    char *buf;
    if (!lwm_file_read(c->failed, MAX_INPUT_FILE, &buf, size, c->err))
        return false;
    *data = (uint8_t *)buf;
    if (c->src->file_count == LWM_TREE_MAX_FILES)
        return lw_error_set(c->err, LW_ERR_LIMIT, "a level reads at most %u files",
                            LWM_TREE_MAX_FILES);
    lwm_tree_file *f = &c->src->files[c->src->file_count++];
    memset(f, 0, sizeof *f);
    snprintf(f->role, sizeof f->role, "%s", role);
    snprintf(f->path, sizeof f->path, "%s", rel);
    f->codec = tree_codec_of(rel);
    /* S&K's SOZ chunks are Kosinski in a `.bin` (as SonLVL, S3K chunks are always Kosinski) */
    if (f->codec == LWM_CODEC_NONE && c->game == LWM_GAME_S3K && strcmp(role, "chunks") == 0)
        f->codec = LWM_CODEC_KOSINSKI;
    f->size = (uint32_t)*size;
    f->crc32 = lw_crc32(0, buf, *size);
    return true;
}

/* Place @n bytes at @off of @dst (growing it, zero-filling a gap), at most @max in all. */
static bool place(tree_ctx *c, blob *dst, size_t off, const uint8_t *p, size_t n, size_t max)
{
    if (off > max || n > max - off)
        return lw_error_set(c->err, LW_ERR_LIMIT,
                            "%zu bytes at offset 0x%zX pass the table's 0x%zX bytes", n, off, max);
    size_t end = off + n > dst->size ? off + n : dst->size;
    uint8_t *d = realloc(dst->data, end ? end : 1);
    if (!d)
        return nomem(c);
    if (off > dst->size)
        memset(d + dst->size, 0, off - dst->size);
    memcpy(d + off, p, n);
    dst->data = d;
    dst->size = end;
    return true;
}

/* One part "path[:offset]" of @role into @dst. */
static bool load_part(tree_ctx *c, const char *role, const char *part, size_t len, size_t max,
                      blob *dst)
{
    char spec[600];
    if (len >= sizeof spec)
        return lw_error_set(c->err, LW_ERR_PATH, "INI value too long");
    memcpy(spec, part, len);
    spec[len] = '\0';
    char *colon = strchr(spec, ':');
    uint32_t off = (uint32_t)dst->size;
    if (colon) {
        *colon = '\0';
        if (!parse_number(colon + 1, strlen(colon + 1), &off))
            return lw_error_set(c->err, LW_ERR_FORMAT, "%s: bad offset \"%.20s\" after \"%.80s\"",
                                role, colon + 1, spec);
    }
    uint8_t *file = NULL, *raw = NULL;
    size_t size = 0, raw_size = 0;
    bool ok = read_tree_file(c, role, spec, false, NULL, &file, &size);
    lwm_tree_file *f = ok ? &c->src->files[c->src->file_count - 1] : NULL;
    /* blocks and patterns past the table: no word can name them (the game loads the part at
     * its own place); not shown, the file is never rewritten */
    bool clip = strcmp(role, "blocks") == 0 || strcmp(role, "tiles") == 0;
    ok = ok &&
         tree_unpack(f->codec, file, size, clip ? MAX_TABLE_READ : max, &raw, &raw_size, c->err);
    if (ok && clip && off < max && off + raw_size > max) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, f->path, -1,
                       "%zu unpacked bytes placed at 0x%X pass the table's 0x%zX bytes, which "
                       "is all the game's ids can name: the last %zu are not shown",
                       raw_size, off, max, off + raw_size - max);
        f->raw_size = (uint32_t)raw_size;
        raw_size = max - off;
    }
    ok = ok && place(c, dst, off, raw, raw_size, max);
    if (ok) {
        f->offset = off;
        if (!f->raw_size)
            f->raw_size = (uint32_t)raw_size;
    }
    free(file);
    free(raw);
    return ok;
}

/* Every part of INI key @role ("a|b:0x980") into @dst. */
static bool load_role(tree_ctx *c, const char *role, size_t max, blob *dst, bool required)
{
    const char *v = ctx_get(c, role);
    if (!v) {
        if (!required)
            return true;
        snprintf(c->failed, 4096, "%s/%s", c->tree->root, LWM_TREE_INI_FILE);
        lw_error_set(c->err, LW_ERR_FORMAT, "[%.100s] has no \"%s\" file", c->sec->name, role);
        if (c->err)
            c->err->line = c->sec->line;
        return false;
    }
    while (*v) {
        size_t n = strcspn(v, "|");
        if (!load_part(c, role, v, n, max, dst))
            return false;
        v += n + (v[n] == '|');
    }
    return true;
}

static bool fail_unpacked(tree_ctx *c, const char *role, lw_status code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* An error in the unpacked data of @role: the message already says "unpacked byte N". */
static bool fail_unpacked(tree_ctx *c, const char *role, lw_status code, const char *fmt, ...)
{
    for (size_t i = c->src->file_count; i-- > 0;)
        if (strcmp(c->src->files[i].role, role) == 0) {
            snprintf(c->failed, 4096, "%s/%s", c->tree->root, c->src->files[i].path);
            break;
        }
    va_list ap;
    va_start(ap, fmt);
    lw_error_setv(c->err, code, fmt, ap);
    va_end(ap);
    return false;
}

static const char *role_file(const tree_ctx *c, const char *role)
{
    for (size_t i = 0; i < c->src->file_count; i++)
        if (strcmp(c->src->files[i].role, role) == 0)
            return c->src->files[i].path;
    return NULL;
}

/* ---- reading the tables ---- */

static bool read_mappings(tree_ctx *c)
{
    bool s2 = c->game != LWM_GAME_S1;
    size_t max_chunks = s2 ? 0x8000u : (size_t)LWM_S1_MAX_CHUNKS * 512u;
    if (!load_role(c, "chunks", max_chunks, &c->chunks, true) ||
        !load_role(c, "blocks", MAX_BLOCKS * 8u, &c->blocks, true))
        return false;
    if (c->chunks.size == 0 || c->chunks.size % c->chunk_bytes)
        return fail_unpacked(c, "chunks", LW_ERR_FORMAT,
                             "unpacked size %zu is not a whole number of %u-byte chunks",
                             c->chunks.size, c->chunk_bytes);
    if (c->blocks.size == 0 || c->blocks.size % 8u)
        return fail_unpacked(c, "blocks", LW_ERR_FORMAT,
                             "unpacked size %zu is not a whole number of 8-byte blocks",
                             c->blocks.size);
    c->src->chunk_count = (uint32_t)(c->chunks.size / c->chunk_bytes);
    c->src->block_count = (uint32_t)(c->blocks.size / 8u);
    return true;
}

static bool read_art(tree_ctx *c)
{
    if (!load_role(c, "tiles", MAX_ART_BYTES, &c->tiles, false))
        return false;
    if (c->tiles.size % MD_PATTERN_BYTES)
        return fail_unpacked(c, "tiles", LW_ERR_FORMAT,
                             "unpacked size %zu is not a whole number of 32-byte patterns",
                             c->tiles.size);
    c->src->pattern_count = (uint32_t)(c->tiles.size / MD_PATTERN_BYTES);
    return true;
}

/* S1: width-1, height-1, then rows; bytes after them (padding) are kept and warned. */
static bool check_s1_layout(tree_ctx *c, int layer, const char *role)
{
    blob *b = &c->layout[layer];
    if (b->size < 2)
        return fail_unpacked(c, role, LW_ERR_TRUNCATED,
                             "%zu bytes: an S1 layout starts with width-1 and height-1", b->size);
    uint32_t w = b->data[0] + 1u, h = b->data[1] + 1u;
    if (w > LWM_S1_LAYOUT_W || h > LWM_S1_LAYOUT_H)
        return fail_unpacked(c, role, LW_ERR_RANGE,
                             "byte 0: a %ux%u layout: S1's holds at most %ux%u chunks", w, h,
                             LWM_S1_LAYOUT_W, LWM_S1_LAYOUT_H);
    size_t want = 2u + (size_t)w * h;
    if (b->size < want) {
        /* the game reads on into what follows the file in ROM (S1's ending: 30 of 45 bytes) */
        lwm_report_add(c->report, LWM_REPORT_WARNING, role_file(c, role), (long)b->size,
                       "%zu bytes: a %ux%u layout is %zu; the game reads the rest from what "
                       "follows in ROM, taken here as empty slots (the file keeps its size)",
                       b->size, w, h, want);
        c->src->layout_short[layer] = (uint32_t)(want - b->size);
        size_t had = b->size;
        uint8_t zero[64 * 8] = {0};
        if (!place(c, b, had, zero, want - had, want))
            return false;
    }
    size_t pad = b->size - (2u + (size_t)w * h);
    if (pad)
        lwm_report_add(c->report, LWM_REPORT_WARNING, role_file(c, role), (long)(b->size - pad),
                       "%zu bytes after the %ux%u layout (padding): kept as they are", pad, w, h);
    c->src->layout_padding[layer] = (uint32_t)pad;
    c->lay_w[layer] = w;
    c->lay_h[layer] = h;
    c->lay_at[layer] = 2;
    return true;
}

/* S3K: FG width, BG width, FG height, BG height (words), 32 pairs of row pointers (FG, BG;
 * RAM addresses 0x8000 + the row's offset in the file), then the rows. */
static bool read_s3k_layout(tree_ctx *c)
{
    if (!load_role(c, "layout", 0x1000, &c->layout[0], true))
        return false;
    const blob *b = &c->layout[0];
    if (b->size < 0x88)
        return fail_unpacked(c, "layout", LW_ERR_TRUNCATED,
                             "%zu bytes: an S3K layout starts with 8 bytes of sizes and 32 "
                             "pairs of row pointers (0x88 bytes)",
                             b->size);
    for (int layer = 0; layer < 2; layer++) {
        uint32_t w = be16(b->data + 2u * (unsigned)layer),
                 h = be16(b->data + 4u + 2u * (unsigned)layer);
        if (w == 0 || h == 0 || w > 0x100 || h > 32)
            return fail_unpacked(c, "layout", LW_ERR_RANGE,
                                 "byte %d: %s layout %ux%u chunks: S3K's holds 1..256 x 1..32",
                                 layer * 2, layer ? "BG" : "FG", w, h);
        c->lay_w[layer] = w;
        c->lay_h[layer] = h;
        for (uint32_t y = 0; y < h; y++) {
            uint32_t at = 8u + y * 4u + 2u * (unsigned)layer, p = be16(b->data + at);
            if (p < 0x8000u || p - 0x8000u + w > b->size)
                return fail_unpacked(c, "layout", LW_ERR_RANGE,
                                     "byte %u: %s row %u's pointer 0x%04X is outside the file's "
                                     "%zu bytes (0x8000 + offset)",
                                     at, layer ? "BG" : "FG", y, p, b->size);
            c->row_at[layer][y] = p - 0x8000u;
        }
    }
    return true;
}

static bool read_layout(tree_ctx *c)
{
    if (c->game == LWM_GAME_S3K)
        return read_s3k_layout(c);
    if (c->game == LWM_GAME_S1) {
        if (!load_role(c, "fglayout", 2u + 64u * 8u + 64u, &c->layout[0], true) ||
            !load_role(c, "bglayout", 2u + 64u * 8u + 64u, &c->layout[1], true))
            return false;
        return check_s1_layout(c, 0, "fglayout") && check_s1_layout(c, 1, "bglayout");
    }
    if (!load_role(c, "layout", 0x1000, &c->layout[0], true))
        return false;
    if (c->layout[0].size != 0x1000)
        return fail_unpacked(c, "layout", LW_ERR_TRUNCATED,
                             "unpacked size %zu: an S2 layout is 0x1000 bytes (16 rows of 128 "
                             "FG and 128 BG chunk ids)",
                             c->layout[0].size);
    c->lay_w[0] = c->lay_w[1] = LWM_S2_LAYOUT_W;
    c->lay_h[0] = c->lay_h[1] = LWM_S2_LAYOUT_H;
    c->lay_at[0] = 0;
    c->lay_at[1] = 128;
    return true;
}

/* Layout slot (x, y) of @layer as a file chunk id (S1: loop bit masked off); 0 outside. */
static uint32_t slot(const tree_ctx *c, int layer, uint32_t x, uint32_t y)
{
    if (x >= c->lay_w[layer] || y >= c->lay_h[layer])
        return 0;
    if (c->game == LWM_GAME_S3K)
        return c->layout[0].data[c->row_at[layer][y] + x];
    const blob *b = c->game == LWM_GAME_S1 ? &c->layout[layer] : &c->layout[0];
    uint32_t stride = c->game == LWM_GAME_S1 ? c->lay_w[layer] : 256u;
    uint8_t v = b->data[c->lay_at[layer] + y * stride + x];
    return c->game == LWM_GAME_S1 ? v & 0x7Fu : v;
}

static uint32_t slot_offset(const tree_ctx *c, int layer, uint32_t x, uint32_t y)
{
    if (c->game == LWM_GAME_S3K)
        return c->row_at[layer][y] + x;
    return c->lay_at[layer] + y * (c->game == LWM_GAME_S1 ? c->lay_w[layer] : 256u) + x;
}

/* Slots naming chunks past the loaded ones (the game reads whatever RAM holds there): empty in
 * the level, each byte kept. */
static bool keep_layout_ids(tree_ctx *c)
{
    bool s1 = c->game == LWM_GAME_S1;
    uint32_t limit = s1 ? c->src->chunk_count + 1u : c->src->chunk_count;
    lwm_tree_source *src = c->src;
    long first = -1;
    for (int layer = 0; layer < 2; layer++)
        for (uint32_t y = 0; y < c->lay_h[layer]; y++)
            for (uint32_t x = 0; x < c->lay_w[layer]; x++) {
                uint32_t id = slot(c, layer, x, y), off = slot_offset(c, layer, x, y);
                if (id < limit)
                    continue;
                lwm_tree_kept_slot *k =
                    realloc(src->kept_slots, (src->kept_slot_count + 1) * sizeof *k);
                if (!k)
                    return nomem(c);
                src->kept_slots = k;
                const blob *b = s1 ? &c->layout[layer] : &c->layout[0];
                k[src->kept_slot_count++] =
                    (lwm_tree_kept_slot){(uint32_t)layer, off, b->data[off]};
                if (first < 0)
                    first = off;
            }
    if (src->kept_slot_count)
        lwm_report_add(c->report, LWM_REPORT_WARNING, role_file(c, s1 ? "fglayout" : "layout"), -1,
                       "unpacked byte %ld: %zu layout slots name chunks past the %u loaded: "
                       "shown empty, each byte kept",
                       first, src->kept_slot_count, c->src->chunk_count);
    return true;
}

static bool read_table(tree_ctx *c, const char *role, size_t want, blob *dst)
{
    if (!load_role(c, role, want, dst, true))
        return false;
    if (dst->size != want)
        return fail_unpacked(c, role, LW_ERR_TRUNCATED, "%zu bytes: this table has %zu", dst->size,
                             want);
    return true;
}

/* S3K: one file for both paths; `colindsz=2` (S3): 0x300 words of path A then 0x300 of path B;
 * else (S&K): 0x300 pairs of bytes (A, B). */
static bool read_s3k_index(tree_ctx *c)
{
    blob raw = {NULL, 0};
    const char *sz = ctx_get(c, "colindsz");
    bool words = sz && strcmp(sz, "2") == 0;
    size_t want = words ? 0xC00u : 0x600u;
    if (!load_role(c, "colind", want, &raw, true))
        return false;
    bool ok = raw.size == want || fail_unpacked(c, "colind", LW_ERR_TRUNCATED,
                                                "%zu bytes: this index (colindsz=%s) is %zu",
                                                raw.size, words ? "2" : "1", want);
    for (int p = 0; ok && p < 2; p++) {
        ok = place(c, &c->index[p], 0, raw.data, 0x300, 0x300); /* sized; filled below */
        for (uint32_t b = 0; ok && b < 0x300; b++) {
            size_t at = words ? 2u * (b + (unsigned)p * 0x300u) : 2u * b + (unsigned)p;
            if (words && raw.data[at])
                ok = fail_unpacked(c, "colind", LW_ERR_RANGE,
                                   "byte %zu: mask id 0x%04X: the arrays hold 256", at,
                                   be16(raw.data + at));
            c->index[p].data[b] = raw.data[at + (words ? 1u : 0u)];
        }
    }
    free(raw.data);
    return ok;
}

static bool read_collision(tree_ctx *c)
{
    if (!read_table(c, "colarr1", 4096, &c->heights) ||
        !read_table(c, "colarr2", 4096, &c->widths) || !read_table(c, "angles", 256, &c->angles))
        return false;
    for (uint32_t i = 0; i < 4096; i++) {
        int v = (int8_t)c->heights.data[i], w = (int8_t)c->widths.data[i];
        if (v < -16 || v > 16 || w < -16 || w > 16)
            return fail_unpacked(c, v < -16 || v > 16 ? "colarr1" : "colarr2", LW_ERR_RANGE,
                                 "byte %u: %d (mask %u) is outside -16..16", i,
                                 v < -16 || v > 16 ? v : w, i / 16);
    }
    if (c->game == LWM_GAME_S1)
        return load_role(c, "colind", LWM_CLASSIC_MAX_BLOCKS, &c->index[0], true);
    if (c->game == LWM_GAME_S3K)
        return read_s3k_index(c);
    if (!load_role(c, "colind1", S2_INDEX_BYTES, &c->index[0], true) ||
        !load_role(c, "colind2", S2_INDEX_BYTES, &c->index[1], false))
        return false;
    return true;
}

bool tree_parse_slice(const char *spec, size_t n, uint32_t limit, tree_pal_slice *out)
{
    char buf[600];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < 599 ? n : 599), spec);
    char *f[4] = {buf, NULL, NULL, NULL};
    for (int k = 1; k < 4; k++) {
        char *col = f[k - 1] ? strchr(f[k - 1], ':') : NULL;
        if (col)
            *col = '\0';
        f[k] = col ? col + 1 : NULL;
    }
    if (!f[3] || !parse_number(f[1], strlen(f[1]), &out->from) ||
        !parse_number(f[2], strlen(f[2]), &out->to) ||
        !parse_number(f[3], strlen(f[3]), &out->len) || out->to + out->len > limit ||
        strlen(buf) >= sizeof out->path)
        return false;
    memcpy(out->path, buf, strlen(buf) + 1);
    return true;
}

/* "file:src:dst:len|..." in colours: dst 0..63 over the four lines. */
static bool read_palette(tree_ctx *c)
{
    const char *v = ctx_get(c, "palette");
    while (v && *v) {
        size_t n = strcspn(v, "|");
        tree_pal_slice sl;
        bool good = tree_parse_slice(v, n, 64, &sl);
        const char *spec = v;
        v += n + (v[n] == '|');
        if (!good) {
            snprintf(c->failed, 4096, "%s/%s", c->tree->root, LWM_TREE_INI_FILE);
            return lw_error_set(c->err, LW_ERR_FORMAT,
                                "[%.80s] palette: \"%.*s\" is not FILE:SRC:DST:LEN within 64 "
                                "colours",
                                c->sec->name, (int)(n < 80 ? n : 80), spec);
        }
        uint32_t from = sl.from, to = sl.to, len = sl.len;
        uint8_t *file;
        size_t size;
        bool missing;
        if (!read_tree_file(c, "palette", sl.path, true, &missing, &file, &size))
            return false;
        if (missing) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, sl.path, -1, "palette file not found");
            continue;
        }
        bool ok = (size_t)(from + len) * 2u <= size;
        for (uint32_t i = 0; ok && i < len; i++) {
            uint16_t w = be16(file + 2u * (from + i));
            if (w & ~0x0EEEu)
                ok = lw_error_set_at(c->err, LW_ERR_FORMAT, (long)(2u * (from + i)),
                                     "colour word 0x%04X: only the bits 0x0EEE are colour", w);
            c->pal[to + i] = w;
            c->have_pal[to + i] = true;
        }
        if ((size_t)(from + len) * 2u > size)
            lw_error_set_at(c->err, LW_ERR_TRUNCATED, (long)size,
                            "%zu bytes: colours %u..%u are asked for", size, from, from + len - 1u);
        free(file);
        if (!ok)
            return false;
    }
    return true;
}

/* The first start position "file:character:label" (4 bytes: X, Y). */
static bool read_start(tree_ctx *c)
{
    const char *v = ctx_get(c, "startpos");
    if (!v)
        return true;
    char path[512];
    tree_first_path(v, path, sizeof path);
    uint8_t *file;
    size_t size;
    bool missing;
    if (!read_tree_file(c, "startpos", path, true, &missing, &file, &size))
        return false;
    if (missing) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, path, -1,
                       "no start position: the level has no player start");
        return true;
    }
    bool ok = size == 4 || lw_error_set_at(c->err, size < 4 ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                                           (long)(size < 4 ? size : 4),
                                           "%zu bytes: a start position is 4 (X, Y)", size);
    if (ok) {
        c->have_start = true;
        c->start_x = be16(file);
        c->start_y = be16(file + 2);
    }
    free(file);
    return ok;
}

/* What the level does not model but the INI gives (docs/DISASM.md §8.1): the water height and
 * `layoutcopy` are kept in the source; each `animtilesN=FILE:SRC:DST:LEN` file is read and
 * recorded (its CRC pins it; it is never rewritten) and its patterns drawn where the blocks
 * name VRAM tiles DST.. past the art. */
static bool read_extras(tree_ctx *c)
{
    const char *v = ctx_get(c, "waterheight");
    uint32_t h;
    if (v && parse_hex(v, &h) && h <= 0x7FFF) {
        c->src->has_water = true;
        c->src->water_height = h;
        lwm_report_add(c->report, LWM_REPORT_NOTE, NULL, -1,
                       "water height %u px: the level's water_height, and kept in the source "
                       "section (a changed height is saved into the INI and the game's table, "
                       "docs/DISASM.md §8.6)",
                       h);
    } else if (v) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, LWM_TREE_INI_FILE, -1,
                       "[%.80s] waterheight \"%.20s\" is not a height: not kept", c->sec->name, v);
    }
    v = ctx_get(c, "layoutcopy");
    if (v && !(c->src->layout_copy = strdup(v)))
        return nomem(c);
    for (unsigned n = 1; n <= LWM_TREE_ANIMTILES; n++) {
        char key[16];
        snprintf(key, sizeof key, "animtiles%u", n);
        v = ctx_get(c, key);
        tree_pal_slice sl;
        if (!v)
            continue;
        if (!tree_parse_slice(v, strlen(v), MAX_ART_BYTES / MD_PATTERN_BYTES, &sl)) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, LWM_TREE_INI_FILE, -1,
                           "[%.80s] %s is not FILE:SRC:DST:LEN within VRAM: not read", c->sec->name,
                           key);
            continue;
        }
        uint8_t *file = NULL;
        size_t size = 0;
        bool missing = true;
        if (!read_tree_file(c, key, sl.path, true, &missing, &file, &size))
            return false;
        if (missing)
            lwm_report_add(c->report, LWM_REPORT_WARNING, sl.path, -1,
                           "animated tiles file not found");
        bool ok = true;
        for (uint32_t i = 0; ok && i < sl.len && (sl.from + i + 1u) * MD_PATTERN_BYTES <= size;
             i++) {
            uint8_t **slot = &c->anim[sl.to + i];
            ok = *slot || (*slot = malloc(MD_PATTERN_BYTES)) != NULL;
            if (ok)
                memcpy(*slot, file + (size_t)(sl.from + i) * MD_PATTERN_BYTES, MD_PATTERN_BYTES);
        }
        free(file);
        if (!ok)
            return nomem(c);
    }
    return true;
}

/* SonLVL's `animblocks=FILE` (docs/DISASM.md §7.6): the blocks the game copies over the end of
 * its block table. Those past the loaded blocks become level tiles after the block data's; the
 * file is recorded (its CRC pins it) and never written. A malformed file is warned about and not
 * used: it is SonLVL's, not the game's. */
static bool read_anim_blocks(tree_ctx *c)
{
    const char *v = ctx_get(c, "animblocks");
    if (!v)
        return true;
    bool missing = true;
    uint8_t *data = NULL;
    size_t size = 0;
    if (!read_tree_file(c, "animblocks", v, true, &missing, &data, &size))
        return false;
    if (missing) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, v, -1, "animated blocks file not found");
        return true;
    }
    const char *rel = c->src->files[c->src->file_count - 1].path;
    c->src->files[c->src->file_count - 1].raw_size = (uint32_t)size;
    c->animblk = (blob){data, size};
    tree_anim an;
    char why[200];
    if (!tree_anim_parse(data, size, c->src->block_count, &an, why, sizeof why)) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, rel, -1, "%s: not used", why);
        return true;
    }
    c->src->anim_limit = an.file_first;
    c->src->anim_first = an.first;
    c->src->anim_count = an.count;
    if (an.count)
        lwm_report_add(c->report, LWM_REPORT_NOTE, rel, -1,
                       "%u animated blocks (%u..%u) drawn as tiles %u..%u; never written back",
                       an.count, an.first, an.first + an.count - 1u, c->src->block_count - 1u,
                       c->src->block_count - 2u + an.count);
    if (an.count < an.file_count)
        lwm_report_add(c->report, LWM_REPORT_NOTE, rel, -1,
                       "animated blocks %u..%u lie inside the block data's %u blocks: drawn "
                       "over them, as the game copies them there; the block data's words are "
                       "kept",
                       an.file_first,
                       (an.file_first + an.file_count < c->src->block_count
                            ? an.file_first + an.file_count
                            : c->src->block_count) -
                           1u,
                       c->src->block_count);
    return true;
}

/* The water palette: `waterpal=N` names `paletteN=NAME|FILE:SRC:DST:LEN|...`. Its files are
 * recorded (role "waterpal", never written) and its colours kept in the source (§8.1). */
static bool read_water_palette(tree_ctx *c)
{
    const char *n = ctx_get(c, "waterpal");
    uint32_t k;
    if (!n)
        return true;
    lwm_tree_source *s = c->src;
    snprintf(s->water_palette_key, sizeof s->water_palette_key, "palette%.6s", n);
    const char *v = parse_number(n, strlen(n), &k) && k >= 2 && k <= 99
                        ? ctx_get(c, s->water_palette_key)
                        : NULL;
    const char *bar = v ? strchr(v, '|') : NULL;
    if (!bar) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, LWM_TREE_INI_FILE, -1,
                       "[%.80s] waterpal=%.8s names no palette NAME|FILE:SRC:DST:LEN: not kept",
                       c->sec->name, n);
        return true;
    }
    snprintf(s->water_palette_name, sizeof s->water_palette_name, "%.*s",
             (int)(bar - v < 63 ? bar - v : 63), v);
    for (unsigned i = 0; i < 64; i++)
        s->water_palette[i] = -1;
    for (v = bar + 1; *v;) {
        size_t len = strcspn(v, "|");
        tree_pal_slice sl;
        bool good = tree_parse_slice(v, len, 64, &sl);
        v += len + (v[len] == '|');
        uint8_t *file = NULL;
        size_t size = 0;
        bool missing = true;
        if (good && !read_tree_file(c, "waterpal", sl.path, true, &missing, &file, &size))
            return false;
        if (!good || missing || (size_t)(sl.from + sl.len) * 2u > size) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, good ? sl.path : LWM_TREE_INI_FILE, -1,
                           "%s: a slice of the water palette %s is %s: not kept",
                           s->water_palette_key, s->water_palette_name,
                           !good     ? "malformed"
                           : missing ? "missing"
                                     : "short");
            free(file);
            continue;
        }
        for (uint32_t i = 0; i < sl.len; i++)
            s->water_palette[sl.to + i] = (int32_t)be16(file + 2u * (sl.from + i));
        free(file);
    }
    s->has_water_palette = true;
    lwm_report_add(c->report, LWM_REPORT_NOTE, NULL, -1,
                   "water palette %s (%s): kept in the source section (not drawn: the editor "
                   "tints below the water, docs/DISASM.md §8.1)",
                   s->water_palette_name, s->water_palette_key);
    return true;
}

/* ---- building the level ---- */

static bool chunk_empty(const tree_ctx *c, uint32_t chunk)
{
    for (uint32_t i = 0; i < c->chunk_bytes; i++)
        if (c->chunks.data[(size_t)chunk * c->chunk_bytes + i])
            return false;
    return true;
}

/* File chunk id -> level chunk (LW_NONE: the empty slot). */
static uint16_t level_chunk(const tree_ctx *c, uint32_t file_id)
{
    if (file_id >= c->src->chunk_count + (c->game == LWM_GAME_S1 ? 1u : 0u))
        return (uint16_t)LW_NONE;
    if (c->game == LWM_GAME_S1)
        return file_id == 0 ? (uint16_t)LW_NONE : (uint16_t)(file_id - 1u);
    return file_id < c->src->first_chunk ? (uint16_t)LW_NONE
                                         : (uint16_t)(file_id - c->src->first_chunk);
}

static void level_size(tree_ctx *c)
{
    if (c->game == LWM_GAME_S1) {
        c->w = c->lay_w[0];
        c->h = c->lay_h[0];
        return;
    }
    c->src->first_chunk = chunk_empty(c, 0) ? 1u : 0u;
    if (c->game == LWM_GAME_S3K) { /* the FG's size is in the layout's header */
        c->w = c->lay_w[0];
        c->h = c->lay_h[0];
        return;
    }
    uint32_t w = 0, h = 0;
    for (int layer = 0; layer < 2; layer++)
        for (uint32_t y = 0; y < c->lay_h[layer]; y++)
            for (uint32_t x = 0; x < c->lay_w[layer]; x++)
                if (level_chunk(c, slot(c, layer, x, y)) != LW_NONE) {
                    w = x + 1 > w ? x + 1 : w;
                    h = y + 1 > h ? y + 1 : h;
                }
    c->w = w ? w : 1;
    c->h = h ? h : 1;
}

static int32_t mask_for(tree_ctx *c, uint8_t id)
{
    if (c->mask_of[id] >= 0)
        return c->mask_of[id];
    lw_mask m;
    memset(&m, 0, sizeof m);
    memcpy(m.heights, c->heights.data + id * 16u, 16);
    memcpy(m.widths, c->widths.data + id * 16u, 16);
    m.angle = c->angles.data[id];
    m.flags = (m.angle & 1u) ? LW_MASK_FLAGGED : 0;
    int32_t k = lw_level_add_mask(c->out->level, &m);
    if (k < 0)
        return -1;
    uint8_t *ids = realloc(c->src->mask_ids, (size_t)k + 1u);
    if (!ids)
        return -1;
    ids[k] = id;
    c->src->mask_ids = ids;
    c->src->mask_count = (uint32_t)k + 1u;
    c->mask_of[id] = k;
    return k;
}

static bool build_tiles(tree_ctx *c)
{
    uint32_t blocks = c->src->block_count, indexed = (uint32_t)c->index[0].size;
    uint32_t tiles = blocks - 1u + c->src->anim_count;
    const blob *second = c->index[1].size ? &c->index[1] : &c->index[0];
    for (uint32_t i = 0; i < LWM_CLASSIC_MASKS; i++)
        c->mask_of[i] = -1;
    for (uint32_t t = 0; t < tiles; t++) {
        uint32_t b = lwm_tree_tile_block(c->src, t); /* t + 1, or an animated block */
        lw_tile tile = {c->tiles.size ? (uint16_t)t : (uint16_t)LW_NONE, {LW_NONE, LW_NONE}, 0};
        for (int p = 0; p < 2 && b < indexed; p++) {
            const blob *ix = p ? second : &c->index[0];
            uint8_t id = b < ix->size ? ix->data[b] : 0;
            int32_t k = id ? mask_for(c, id) : (int32_t)LW_NONE;
            if (k < 0)
                return nomem(c);
            tile.mask[p] = (uint16_t)k;
        }
        if (lw_level_add_tile(c->out->level, &tile) < 0)
            return nomem(c);
    }
    if (indexed < blocks)
        lwm_report_add(c->report, LWM_REPORT_WARNING, role_file(c, "blocks"), -1,
                       "%u blocks, the collision index covers %u: blocks %u.. have no collision",
                       blocks, indexed, indexed);
    return true;
}

static bool keep_word(tree_ctx *c, uint32_t off, uint16_t word)
{
    lwm_tree_source *s = c->src;
    lwm_tree_kept_word *k = realloc(s->kept, (s->kept_count + 1) * sizeof *k);
    if (!k)
        return nomem(c);
    s->kept = k;
    s->kept[s->kept_count++] = (lwm_tree_kept_word){off, word};
    return true;
}

/* One chunk word as a cell; a block past the loaded ones is an empty cell, the word kept. */
static bool chunk_cell(tree_ctx *c, uint32_t off, lw_cell *cell)
{
    uint16_t wd = be16(c->chunks.data + off);
    uint32_t b = wd & 0x3FFu, t = lwm_tree_block_tile(c->src, b);
    *cell = (lw_cell){LW_NONE, 0, 0};
    if (b == 0) {
        if (wd)
            return keep_word(c, off, wd);
        return true;
    }
    if (t == LW_NONE)
        return keep_word(c, off, wd);
    if (c->game == LWM_GAME_S1) {
        unsigned sol = (wd >> 13) & 3u;
        *cell = (lw_cell){(uint16_t)t, (uint8_t)((wd >> 11) & 3u), (uint8_t)(sol | sol << 2)};
        if (wd & 0x8400u)
            return keep_word(c, off, wd);
    } else {
        *cell = (lw_cell){(uint16_t)t, (uint8_t)((wd >> 10) & 3u), (uint8_t)((wd >> 12) & 15u)};
    }
    return true;
}

static bool build_chunks(tree_ctx *c)
{
    uint32_t cells = c->chunk_cells * c->chunk_cells;
    lw_cell *buf = malloc(cells * sizeof *buf);
    if (!buf)
        return nomem(c);
    bool ok = true;
    for (uint32_t k = c->src->first_chunk; ok && k < c->src->chunk_count; k++) {
        for (uint32_t i = 0; ok && i < cells; i++)
            ok = chunk_cell(c, k * c->chunk_bytes + 2u * i, &buf[i]);
        ok = ok && (lw_level_add_chunk(c->out->level, buf) >= 0 || nomem(c));
    }
    free(buf);
    size_t past = 0;
    for (size_t i = 0; i < c->src->kept_count; i++)
        past += (c->src->kept[i].word & 0x3FFu) >= c->src->block_count;
    if (ok && past)
        lwm_report_add(c->report, LWM_REPORT_WARNING, role_file(c, "chunks"), -1,
                       "unpacked byte %u: %zu chunk words name blocks past the %u loaded: "
                       "drawn empty, each word kept exactly",
                       c->src->kept[0].offset, past, c->src->block_count);
    return ok;
}

static bool build_layout(tree_ctx *c)
{
    lw_level *level = c->out->level;
    bool any_bg = false;
    for (uint32_t y = 0; y < c->lay_h[1]; y++)
        for (uint32_t x = 0; x < c->lay_w[1]; x++)
            any_bg |= level_chunk(c, slot(c, 1, x, y)) != LW_NONE;
    if (any_bg && !lw_level_ensure_background(level))
        return nomem(c);
    unsigned cropped = 0;
    for (int layer = 0; layer < 2; layer++)
        for (uint32_t y = 0; y < c->lay_h[layer]; y++)
            for (uint32_t x = 0; x < c->lay_w[layer]; x++) {
                uint16_t id = level_chunk(c, slot(c, layer, x, y));
                if (x < c->w && y < c->h && level->layout[layer])
                    lw_level_layout_mut(level, (lw_layer)layer)[(size_t)y * c->w + x] = id;
                else
                    cropped += id != LW_NONE;
            }
    if (cropped)
        lwm_report_add(c->report, LWM_REPORT_WARNING, NULL, -1,
                       "%u background slots lie outside the foreground's %ux%u chunks: not "
                       "shown (kept in the file)",
                       cropped, c->w, c->h);
    return true;
}

static void line_rgba(const tree_ctx *c, uint32_t rgba[4][16])
{
    for (unsigned i = 0; i < 64; i++)
        rgba[i / 16][i % 16] = c->have_pal[i] ? lwm_md_color_rgb(c->pal[i]) << 8 | 0xFFu
                                              : (uint32_t)((i % 16) * 17u) * 0x010101u << 8 | 0xFFu;
}

/* The four words of level tile @t's block: the block data's, or an animated block's, also
 * for a block of the data that the game overwrites with one at level load (ARZ's 760..767,
 * docs/DISASM.md §7.6; anim_limit is set only when the file parsed). */
static const uint8_t *tile_words(const tree_ctx *c, uint32_t t)
{
    uint32_t b = lwm_tree_tile_block(c->src, t);
    if (b >= c->src->block_count || (c->src->anim_limit && b >= c->src->anim_limit)) {
        const uint8_t *anim = tree_anim_block(c->animblk.data, c->animblk.size, b);
        if (anim || b >= c->src->block_count)
            return anim;
    }
    return c->blocks.data + b * 8u;
}

static bool build_tileset(tree_ctx *c)
{
    uint32_t tiles = c->src->block_count - 1u + c->src->anim_count,
             patterns = c->src->pattern_count;
    if (!c->tiles.size || !tiles)
        return true;
    uint32_t rgba[4][16];
    line_rgba(c, rgba);
    if (!lwm_image_init(&c->out->tileset, 256u, 16u * ((tiles + 15u) / 16u), 0, c->err))
        return false;
    unsigned past = 0;
    long first_past = -1;
    for (uint32_t b = 1; b <= tiles; b++)
        for (uint32_t k = 0; k < 4; k++) {
            uint16_t wd = be16(tile_words(c, b - 1u) + k * 2u);
            uint32_t idx = wd & MD_WORD_INDEX, line = (wd >> MD_WORD_LINE_SHIFT) & 3u;
            const uint8_t *anim = idx < MAX_ART_BYTES / MD_PATTERN_BYTES ? c->anim[idx] : NULL;
            if (idx >= patterns && !anim) {
                if (!past++)
                    first_past = (long)(b * 8u + k * 2u);
                continue;
            }
            uint32_t t = b - 1u;
            md_pattern_draw(&c->out->tileset, (t % 16u) * 16u + (k & 1u) * 8u,
                            (t / 16u) * 16u + (k >> 1) * 8u,
                            anim ? anim : c->tiles.data + idx * MD_PATTERN_BYTES, wd, rgba[line]);
        }
    if (past)
        lwm_report_add(c->report, LWM_REPORT_WARNING, role_file(c, "blocks"), -1,
                       "unpacked byte %ld: %u pattern words refer past the art's %u patterns "
                       "(art the game loads elsewhere, e.g. animated tiles): drawn transparent",
                       first_past, past, patterns);
    for (uint32_t i = 0; i < 8; i++)
        if (c->blocks.data[i]) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, role_file(c, "blocks"), 0,
                           "block 0 has art: Loopwright draws block 0 (an empty cell) as "
                           "nothing; its words are kept");
            break;
        }
    return true;
}

/* The object lists SonLVL loads for the level: the global `objlst`, then the level's. */
static lwm_object_names *load_names(tree_ctx *c)
{
    lwm_object_names *names = malloc(sizeof *names);
    if (!names)
        return NULL;
    lwm_object_names_init(names);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", c->tree->root, LWM_TREE_INI_DIR);
    const char *lists[2] = {lwm_ini_get(&c->tree->ini.sections[0], "objlst"),
                            lwm_ini_get(c->sec, "objlst")};
    for (int k = 0; k < 2; k++)
        for (const char *v = lists[k]; v && *v;) {
            size_t n = strcspn(v, "|");
            char part[600];
            snprintf(part, sizeof part, "%.*s", (int)(n < 599 ? n : 599), v);
            v += n + (v[n] == '|');
            lw_error e;
            if (!lwm_object_names_add_file(names, dir, part, &e))
                lwm_report_add(c->report, LWM_REPORT_WARNING, NULL, -1,
                               "object list %s: %s (its names are not used)", part, e.message);
        }
    return names;
}

/* The INI's `objects` or `rings` file as markers (docs/DISASM.md §8.3). */
static bool read_layout_role(tree_ctx *c, const char *role, bool rings,
                             const lwm_object_names *names)
{
    lwm_layout_format fmt;
    const char *v = lwm_ini_get(c->sec, role);
    if (!v || !tree_layout_format(c->game, rings, &fmt))
        return true;
    char path[512];
    tree_first_path(v, path, sizeof path);
    uint8_t *data;
    size_t size, count = 0;
    bool missing;
    if (!read_tree_file(c, role, path, true, &missing, &data, &size))
        return false;
    if (missing) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, path, -1, "no %s file", role);
        return true;
    }
    c->src->files[c->src->file_count - 1].raw_size = (uint32_t)size;
    bool ok = tree_layout_to_markers(c->out->level, fmt, data, size, names, &count, c->err);
    free(data);
    if (ok)
        lwm_report_add(c->report, LWM_REPORT_NOTE, role_file(c, role), -1,
                       "%zu %s records as markers", count, rings ? "ring" : "object");
    return ok;
}

static bool read_layouts(tree_ctx *c)
{
    lwm_object_names *names = load_names(c);
    if (!names)
        return nomem(c);
    bool ok =
        read_layout_role(c, "objects", false, names) && read_layout_role(c, "rings", true, names);
    free(names);
    return ok;
}

static bool build_level(tree_ctx *c)
{
    level_size(c);
    c->out->level = lw_level_new((uint16_t)c->chunk_px, (uint16_t)c->w, (uint16_t)c->h, c->err);
    if (!c->out->level)
        return false;
    lw_level *level = c->out->level;
    if (!build_tiles(c) || !build_chunks(c) || !build_layout(c) || !build_tileset(c))
        return false;
    const char *name = c->tree->levels[0].name;
    for (size_t i = 0; i < c->tree->level_count; i++)
        if (strcmp(c->tree->levels[i].section, c->sec->name) == 0)
            name = c->tree->levels[i].name;
    if (!lw_level_set_string(&level->name, name))
        return nomem(c);
    snprintf(level->profile, sizeof level->profile, "%s",
             c->game == LWM_GAME_S1   ? "s1"
             : c->game == LWM_GAME_S2 ? "s2"
                                      : "s3k");
    if (c->tiles.size && c->have_pal[32])
        level->background_rgb = lwm_md_color_rgb(c->pal[32]);
    level->has_water = c->src->has_water && c->src->water_height <= LW_MAX_WATER_HEIGHT;
    level->water_height = level->has_water ? (int32_t)c->src->water_height : 0;
    if (c->have_start) {
        lw_object start = {0};
        start.type = LW_OBJECT_PLAYER_START;
        start.x = c->start_x;
        start.y = c->start_y;
        if (!lw_level_add_object(level, &start))
            return nomem(c);
    }
    if (c->game == LWM_GAME_S1 &&
        !tree_s1_loops(c->tree, c->sec, role_file(c, "fglayout"), c->layout[0].data + c->lay_at[0],
                       c->lay_w[0], c->lay_h[0], c->src->chunk_count, level, c->report, c->err))
        return false;
    return read_layouts(c) && lw_level_validate(level, c->err);
}

static void ctx_free(tree_ctx *c)
{
    blob *all[] = {&c->tiles,    &c->blocks,   &c->chunks,  &c->layout[0], &c->layout[1],
                   &c->index[0], &c->index[1], &c->heights, &c->widths,    &c->angles};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]->data);
    for (size_t i = 0; i < sizeof c->anim / sizeof c->anim[0]; i++)
        free(c->anim[i]);
    free(c->animblk.data);
}

bool lwm_tree_import_level(const lwm_tree *tree, size_t index, lwm_tree_import *out,
                           lwm_report *report, char *failed, lw_error *err)
{
    memset(out, 0, sizeof *out);
    snprintf(failed, 4096, "%s/%s", tree->root, LWM_TREE_INI_FILE);
    if (index >= tree->level_count)
        return lw_error_set(err, LW_ERR_RANGE, "no level %zu", index);
    tree_ctx c;
    memset(&c, 0, sizeof c);
    c.tree = tree;
    c.sec = &tree->ini.sections[index + 1];
    c.out = out;
    c.src = &out->source;
    c.report = report;
    c.failed = failed;
    c.err = err;
    c.game = tree->game;
    c.chunk_px = c.game == LWM_GAME_S1 ? 256u : 128u;
    c.chunk_cells = c.chunk_px / 16u;
    c.chunk_bytes = c.chunk_cells * c.chunk_cells * 2u;
    out->source.game = c.game;
    snprintf(out->source.level, sizeof out->source.level, "%s", c.sec->name);
    bool ok = read_mappings(&c) && read_layout(&c) && keep_layout_ids(&c) && read_art(&c) &&
              read_palette(&c) && read_collision(&c) && read_start(&c) && read_extras(&c) &&
              read_anim_blocks(&c) && read_water_palette(&c) && build_level(&c);
    ctx_free(&c);
    if (!ok) {
        lwm_tree_import_clear(out);
        return false;
    }
    snprintf(failed, 4096, "%s", tree->root);
    lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                   "%s: %u chunks of %u px, %u blocks, %u masks, %u patterns, layout %ux%u%s",
                   c.sec->name, out->level->chunk_count, c.chunk_px, out->source.block_count,
                   out->level->mask_count, out->source.pattern_count, c.w, c.h,
                   out->level->layout[LW_LAYER_BG] ? " with a background" : "");
    return true;
}
