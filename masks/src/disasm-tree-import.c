/* SPDX-License-Identifier: MIT */
/*
 * A level of a disassembly tree, by its SonLVL INI section -> a Loopwright level, its tileset and
 * its source record (disasm-tree.h, docs/DISASM.md §7). Small steps over one context: read the
 * INI's files into the game's tables, check them, then build the level from the tables.
 */
#include "disasm-tree-import-private.h"

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

void lwm_tree_import_clear(lwm_tree_import *im)
{
    if (!im)
        return;
    lw_level_free(im->level);
    lwm_image_clear(&im->tileset);
    lwm_image_clear(&im->water_tileset);
    free(im->source.water_tileset);
    free(im->source.mask_ids);
    free(im->source.kept);
    free(im->source.kept_slots);
    free(im->source.layout_copy);
    memset(im, 0, sizeof *im);
}

uint16_t ti_be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

bool ti_nomem(tree_ctx *c)
{
    return lw_error_set(c->err, LW_ERR_NOMEM, "out of memory");
}

/* The level's value of @key, else the global one. */
const char *ti_get(const tree_ctx *c, const char *key)
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

bool ti_parse_number(const char *s, size_t n, uint32_t *out)
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
bool ti_read_file(tree_ctx *c, const char *role, const char *value, bool optional, bool *missing,
                  uint8_t **data, size_t *size)
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
        return ti_nomem(c);
    if (off > dst->size)
        memset(d + dst->size, 0, off - dst->size);
    memcpy(d + off, p, n);
    dst->data = d;
    dst->size = end;
    return true;
}

/* One part "path[:offset]" of @role into @dst. A later part (@first false) of the blocks or the
 * tiles that is not in the tree is skipped with a warning, as SonLVL skips it (it logs "16x16
 * block file ... not found" and goes on): skdisasm's AIZ 2 Boss names `Act 2 Bombership.bin`,
 * which no file matches even case-insensitively (the tree has `Act 2 BomberShip.kos`). */
static bool load_part(tree_ctx *c, const char *role, const char *part, size_t len, size_t max,
                      blob *dst, bool first)
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
        if (!ti_parse_number(colon + 1, strlen(colon + 1), &off))
            return lw_error_set(c->err, LW_ERR_FORMAT, "%s: bad offset \"%.20s\" after \"%.80s\"",
                                role, colon + 1, spec);
    }
    uint8_t *file = NULL, *raw = NULL;
    size_t size = 0, raw_size = 0;
    /* blocks and patterns past the table: no word can name them (the game loads the part at
     * its own place); not shown, the file is never rewritten */
    bool clip = strcmp(role, "blocks") == 0 || strcmp(role, "tiles") == 0, missing = false;
    bool ok = ti_read_file(c, role, spec, clip && !first, &missing, &file, &size);
    if (ok && missing) {
        char rel[512] = "";
        tree_resolve(spec, rel, sizeof rel, NULL);
        lwm_report_add(c->report, LWM_REPORT_WARNING, rel, -1,
                       "%s part \"%.200s\" is not in the tree (no name matches, whatever the "
                       "case): skipped, as SonLVL skips it; chunk words naming its %s are kept "
                       "and drawn empty",
                       role, spec, strcmp(role, "blocks") == 0 ? "blocks" : "patterns");
        return true;
    }
    lwm_tree_file *f = ok ? &c->src->files[c->src->file_count - 1] : NULL;
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
    const char *v = ti_get(c, role);
    if (!v) {
        if (!required)
            return true;
        snprintf(c->failed, 4096, "%s/%s", c->tree->root, LWM_TREE_INI_FILE);
        lw_error_set(c->err, LW_ERR_FORMAT, "[%.100s] has no \"%s\" file", c->sec->name, role);
        if (c->err)
            c->err->line = c->sec->line;
        return false;
    }
    for (bool first = true; *v; first = false) {
        size_t n = strcspn(v, "|");
        if (!load_part(c, role, v, n, max, dst, first))
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

const char *ti_role_file(const tree_ctx *c, const char *role)
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
        lwm_report_add(c->report, LWM_REPORT_WARNING, ti_role_file(c, role), (long)b->size,
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
        lwm_report_add(c->report, LWM_REPORT_WARNING, ti_role_file(c, role), (long)(b->size - pad),
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
        uint32_t w = ti_be16(b->data + 2u * (unsigned)layer),
                 h = ti_be16(b->data + 4u + 2u * (unsigned)layer);
        if (w == 0 || h == 0 || w > 0x100 || h > 32)
            return fail_unpacked(c, "layout", LW_ERR_RANGE,
                                 "byte %d: %s layout %ux%u chunks: S3K's holds 1..256 x 1..32",
                                 layer * 2, layer ? "BG" : "FG", w, h);
        c->lay_w[layer] = w;
        c->lay_h[layer] = h;
        for (uint32_t y = 0; y < h; y++) {
            uint32_t at = 8u + y * 4u + 2u * (unsigned)layer, p = ti_be16(b->data + at);
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
uint32_t ti_slot(const tree_ctx *c, int layer, uint32_t x, uint32_t y)
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
                uint32_t id = ti_slot(c, layer, x, y), off = slot_offset(c, layer, x, y);
                if (id < limit)
                    continue;
                lwm_tree_kept_slot *k =
                    realloc(src->kept_slots, (src->kept_slot_count + 1) * sizeof *k);
                if (!k)
                    return ti_nomem(c);
                src->kept_slots = k;
                const blob *b = s1 ? &c->layout[layer] : &c->layout[0];
                k[src->kept_slot_count++] =
                    (lwm_tree_kept_slot){(uint32_t)layer, off, b->data[off]};
                if (first < 0)
                    first = off;
            }
    if (src->kept_slot_count)
        lwm_report_add(c->report, LWM_REPORT_WARNING, ti_role_file(c, s1 ? "fglayout" : "layout"),
                       -1,
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
    const char *sz = ti_get(c, "colindsz");
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
                                   ti_be16(raw.data + at));
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
              ti_read_palette(&c) && read_collision(&c) && ti_read_start(&c) &&
              ti_read_extras(&c) && ti_read_anim_blocks(&c) && ti_read_water_palette(&c) &&
              ti_build_level(&c);
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
