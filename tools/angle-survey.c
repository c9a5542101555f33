/* SPDX-License-Identifier: MIT */
/*
 * angle-survey: measures the masks library's angles against Sega's on the real games.
 *
 *   angle-survey [--per-mask] [--cells OUT.csv] [--level NAME] [--ini FILE] [--own-angles]
 *                [--path A|B] [--sheet] TREE
 *
 * TREE is a disassembly (s1disasm, s2disasm or skdisasm); its "SonLVL INI Files/SonLVL.ini" names
 * every level's chunks, layout and collision index, and the collision arrays and angle map. For
 * each level (FG layout; paths A and B), the level's collision is drawn as the terrain pictures
 * the import takes (one per path; a cell's pixels are its mask seen through the cell's flips,
 * where the chunk makes the cell solid on that path), the pictures go through the default
 * terrain import (lwm_import_terrain), and every placed cell's imported angle and flag are
 * compared with Sega's (the angle map byte of the cell's mask, flipped as the game flips it).
 *
 * Printed per level (one line, '|'-separated for docs/MASKS.md): cells, sloped cells (Sega's
 * angle not flagged and not a multiple of 0x40), their share within +-2 hex steps and exact,
 * and the share of cells whose flag agrees. --per-mask adds, per mask, the angle `masks --profile`
 * of the game gives
 * the mask on its own. --cells writes one CSV row per compared cell for further study (with the
 * surface's depth on 48 lines around the cell in the frame of Sega's quadrant, the imported
 * mask's heights and Sega's, both as placed: docs/MASKS.md §4.8). The last
 * lines on stderr give the bound of docs/MASKS.md §4.8: how many sloped cells a rule giving one
 * angle per context (the cell's pixels as placed, or its surface's shape) could get at best.
 *
 * --own-angles imports with every cell's angle on its own (`import --own-angles`); --path A or B
 * compares that path's cells only. --sheet adds, on stderr, `masks` on a sheet of the distinct
 * masks placed in the levels measured (each once, unflipped, as lwm_sheet_build_style gives them
 * for the game, which is what `loopwright masks --profile` runs) against Sega's angle map, and
 * the plain endpoint formula (h[0] - h[15] over 16 px, to a multiple of 4) on the same masks
 * (docs/MASKS.md §4.5, the Emerald Hill figures).
 *
 * Nothing read here is written anywhere but stdout and the --cells file (never commit those).
 */
#include <dirent.h>
#include <loopwright-masks/file-io.h>
#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>
#include <loopwright-masks/terrain.h>
#include <loopwright/fixed.h>
#include <loopwright/kosinski.h>
#include <loopwright/level.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_FILE (4u << 20)

/* ---- INI files ---- */

typedef struct ini_key {
    char section[128], key[64], value[512];
} ini_key;

typedef struct ini {
    ini_key *keys;
    size_t count;
    char dir[2048]; /* the INI's folder */
} ini;

static bool ini_load(const char *path, ini *out)
{
    memset(out, 0, sizeof *out);
    char *data;
    size_t size;
    lw_error err;
    if (!lwm_file_read(path, MAX_FILE, &data, &size, &err)) {
        fprintf(stderr, "angle-survey: %s: %s\n", path, err.message);
        return false;
    }
    snprintf(out->dir, sizeof out->dir, "%s", path);
    char *slash = strrchr(out->dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(out->dir, sizeof out->dir, ".");
    size_t cap = 0;
    char section[128] = "";
    char *line = data, *end = data + size;
    while (line < end) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        char *le = nl ? nl : end;
        char *e = le;
        while (e > line && (e[-1] == '\r' || e[-1] == ' '))
            e--;
        size_t len = (size_t)(e - line);
        if (len > 2 && line[0] == '[') {
            char *close = memchr(line, ']', len);
            if (close) {
                size_t n = (size_t)(close - line - 1);
                if (n >= sizeof section)
                    n = sizeof section - 1;
                memcpy(section, line + 1, n);
                section[n] = 0;
            }
        } else {
            char *eq = memchr(line, '=', len);
            if (eq && eq > line) {
                if (out->count == cap) {
                    cap = cap ? cap * 2 : 256;
                    ini_key *k = realloc(out->keys, cap * sizeof *k);
                    if (!k) {
                        free(data);
                        return false;
                    }
                    out->keys = k;
                }
                ini_key *k = &out->keys[out->count++];
                snprintf(k->section, sizeof k->section, "%s", section);
                size_t kl = (size_t)(eq - line), vl = (size_t)(e - eq - 1);
                if (kl >= sizeof k->key)
                    kl = sizeof k->key - 1;
                if (vl >= sizeof k->value)
                    vl = sizeof k->value - 1;
                memcpy(k->key, line, kl);
                k->key[kl] = 0;
                memcpy(k->value, eq + 1, vl);
                k->value[vl] = 0;
            }
        }
        line = le + 1;
    }
    free(data);
    return true;
}

static const char *ini_get(const ini *f, const char *section, const char *key)
{
    for (size_t i = 0; i < f->count; i++)
        if (strcmp(f->keys[i].section, section) == 0 && strcmp(f->keys[i].key, key) == 0)
            return f->keys[i].value;
    return NULL;
}

/* Read @rel (relative to the INI's folder); the file name may differ in case. */
static bool read_rel(const ini *f, const char *rel, uint8_t **data, size_t *size)
{
    char path[2048 + 512];
    snprintf(path, sizeof path, "%s/%s", f->dir, rel);
    lw_error err;
    if (lwm_file_read(path, MAX_FILE, (char **)data, size, &err))
        return true;
    char *slash = strrchr(path, '/');
    *slash = 0;
    const char *name = slash + 1;
    DIR *d = opendir(path);
    if (d) {
        struct dirent *de;
        while ((de = readdir(d))) {
            if (strcasecmp(de->d_name, name) == 0) {
                char p2[2048 + 512 + 256];
                snprintf(p2, sizeof p2, "%s/%s", path, de->d_name);
                closedir(d);
                if (lwm_file_read(p2, MAX_FILE, (char **)data, size, &err))
                    return true;
                fprintf(stderr, "angle-survey: %s: %s\n", p2, err.message);
                return false;
            }
        }
        closedir(d);
    }
    fprintf(stderr, "angle-survey: %s/%s: %s\n", path, name, err.message);
    return false;
}

/* Read and (for *.kos) decompress; '|'-separated parts are concatenated. */
static bool read_parts(const ini *f, const char *value, uint8_t **out, size_t *out_size)
{
    uint8_t *all = NULL;
    size_t total = 0;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", value);
    for (char *part = strtok(buf, "|"); part; part = strtok(NULL, "|")) {
        uint8_t *d;
        size_t n;
        if (!read_rel(f, part, &d, &n)) {
            free(all);
            return false;
        }
        size_t pl = strlen(part);
        if (pl > 4 && strcasecmp(part + pl - 4, ".kos") == 0) {
            uint8_t *u = malloc(1u << 20);
            size_t got = 0;
            lw_error err;
            if (!u || !lw_kosinski_decompress(d, n, u, 1u << 20, &got, NULL, &err)) {
                fprintf(stderr, "angle-survey: %s: bad Kosinski data\n", part);
                free(u);
                free(d);
                free(all);
                return false;
            }
            free(d);
            d = u;
            n = got;
        }
        uint8_t *na = realloc(all, total + n + 1);
        if (!na) {
            free(d);
            free(all);
            return false;
        }
        all = na;
        memcpy(all + total, d, n);
        total += n;
        free(d);
    }
    *out = all;
    *out_size = total;
    return true;
}

/* ---- a level's collision ---- */

typedef enum game { S1 = 1, S2 = 2, S3K = 3 } game;

typedef struct cellinfo {
    uint8_t mask[2];  /* Sega mask id per path, 0 = none or not solid there */
    uint8_t flip;     /* LW_CELL_FLIP_X | LW_CELL_FLIP_Y */
    uint8_t solid[2]; /* bit 0 top solid, bit 1 left/right/bottom solid */
} cellinfo;

typedef struct sega {
    game g;
    lw_mask masks[256]; /* heights from the array, widths derived, angle = the map byte */
    uint8_t angle[256];
} sega;

typedef struct level {
    uint32_t cw, ch; /* cells */
    cellinfo *cells;
} level;

static inline uint16_t be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static bool load_sega(const ini *f, game g, sega *s)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    const char *h = ini_get(f, "", "colarr1"), *a = ini_get(f, "", "angles");
    uint8_t *hd = NULL, *ad = NULL;
    size_t hn = 0, an = 0;
    if (!h || !a || !read_rel(f, h, &hd, &hn) || !read_rel(f, a, &ad, &an) || hn < 4096 ||
        an < 256) {
        fprintf(stderr, "angle-survey: collision arrays missing or short\n");
        free(hd);
        free(ad);
        return false;
    }
    for (int m = 0; m < 256; m++) {
        for (int c = 0; c < 16; c++) {
            int v = (int8_t)hd[m * 16 + c];
            if (v < -16 || v > 16)
                v = 0;
            s->masks[m].heights[c] = (int8_t)v;
        }
        lw_mask_derive_widths(&s->masks[m]);
        s->angle[m] = ad[m];
        s->masks[m].angle = ad[m];
        s->masks[m].flags = (ad[m] & 1u) ? LW_MASK_FLAGGED : 0;
    }
    free(hd);
    free(ad);
    return true;
}

/* The level of INI section @sec; false (with a message) when its files are missing or bad. */
static bool load_level(const ini *f, const char *sec, game g, level *lv)
{
    memset(lv, 0, sizeof *lv);
    const char *cv = ini_get(f, sec, "chunks");
    const char *lvv = ini_get(f, sec, g == S1 ? "fglayout" : "layout");
    const char *iv = ini_get(f, sec, g == S2 ? "colind1" : "colind");
    if (!cv || !lvv || !iv)
        return false;
    uint8_t *chunks = NULL, *lay = NULL, *ix1 = NULL, *ix2 = NULL;
    size_t cn = 0, ln = 0, in1 = 0, in2 = 0;
    bool ok = read_parts(f, cv, &chunks, &cn) && read_parts(f, lvv, &lay, &ln) &&
              read_parts(f, iv, &ix1, &in1);
    const char *iv2 = g == S2 ? ini_get(f, sec, "colind2") : NULL;
    if (ok && iv2)
        ok = read_parts(f, iv2, &ix2, &in2);
    uint32_t chunk_cells = g == S1 ? 16 : 8;
    uint32_t lw = 0, lh = 0; /* layout in chunks */
    uint8_t *ids = NULL;     /* lw x lh chunk ids, 0 = empty */
    if (ok) {
        if (g == S1) {
            ok = ln >= 2;
            if (ok) {
                lw = lay[0] + 1u;
                lh = lay[1] + 1u;
            }
            /* the ending's file is shorter than its header says (the game reads on into the
             * next file): what is missing is empty here */
            if (ok && (ids = calloc((size_t)lw * lh, 1)))
                for (uint32_t i = 0; i < lw * lh && 2 + (size_t)i < ln; i++)
                    ids[i] = lay[2 + i] & 0x7Fu;
        } else if (g == S2) {
            ok = ln >= 0x1000;
            lw = 128;
            lh = 16;
            if (ok && (ids = calloc((size_t)lw * lh, 1)))
                for (uint32_t y = 0; y < lh; y++)
                    memcpy(ids + y * lw, lay + y * 256u, 128);
        } else {
            ok = ln >= 8;
            if (ok) {
                lw = be16(lay);
                lh = be16(lay + 4);
                ok = lw > 0 && lw <= 512 && lh > 0 && lh <= 64 && ln >= 8 + 4u * lh;
            }
            if (ok && (ids = calloc((size_t)lw * lh, 1)))
                for (uint32_t y = 0; y < lh && ok; y++) {
                    uint32_t off = be16(lay + 8 + 4 * y) - 0x8000u;
                    ok = off + lw <= ln;
                    if (ok)
                        memcpy(ids + y * lw, lay + off, lw);
                }
        }
        ok = ok && ids;
    }
    /* trim empty columns and rows at the right and bottom */
    uint32_t tw = 0, th = 0;
    for (uint32_t y = 0; ok && y < lh; y++)
        for (uint32_t x = 0; x < lw; x++)
            if (ids[y * lw + x]) {
                if (x + 1 > tw)
                    tw = x + 1;
                if (y + 1 > th)
                    th = y + 1;
            }
    if (ok && (tw == 0 || th == 0))
        ok = false;
    if (ok) {
        lv->cw = tw * chunk_cells;
        lv->ch = th * chunk_cells;
        lv->cells = calloc((size_t)lv->cw * lv->ch, sizeof *lv->cells);
        ok = lv->cells != NULL;
    }
    uint32_t chunk_bytes = chunk_cells * chunk_cells * 2;
    for (uint32_t y = 0; ok && y < th; y++)
        for (uint32_t x = 0; x < tw; x++) {
            uint32_t id = ids[y * lw + x];
            if (g == S1) {
                if (id == 0)
                    continue;
                id -= 1;
            }
            if ((size_t)(id + 1) * chunk_bytes > cn)
                continue;
            const uint8_t *ch = chunks + (size_t)id * chunk_bytes;
            for (uint32_t i = 0; i < chunk_cells * chunk_cells; i++) {
                uint16_t w = be16(ch + 2 * i);
                uint32_t block = w & 0x3FFu;
                cellinfo *c = &lv->cells[(size_t)(y * chunk_cells + i / chunk_cells) * lv->cw +
                                         x * chunk_cells + i % chunk_cells];
                uint8_t sa, sb;
                if (g == S1) {
                    c->flip = (uint8_t)(((w >> 11) & 1u ? LW_CELL_FLIP_X : 0) |
                                        ((w >> 12) & 1u ? LW_CELL_FLIP_Y : 0));
                    sa = sb = (uint8_t)((w >> 13) & 3u);
                } else {
                    c->flip = (uint8_t)(((w >> 10) & 1u ? LW_CELL_FLIP_X : 0) |
                                        ((w >> 11) & 1u ? LW_CELL_FLIP_Y : 0));
                    sa = (uint8_t)((w >> 12) & 3u);
                    sb = (uint8_t)((w >> 14) & 3u);
                }
                uint8_t m[2] = {0, 0};
                if (g == S1) {
                    if (block < in1)
                        m[0] = m[1] = ix1[block];
                } else if (g == S2) {
                    if (block < in1 && block < 0x300)
                        m[0] = ix1[block];
                    const uint8_t *b2 = ix2 ? ix2 : ix1;
                    size_t n2 = ix2 ? in2 : in1;
                    if (block < n2 && block < 0x300)
                        m[1] = b2[block];
                } else if (in1 == 3072) {
                    if (block < 0x300) {
                        m[0] = (uint8_t)be16(ix1 + 2 * block);
                        m[1] = (uint8_t)be16(ix1 + 0x600 + 2 * block);
                    }
                } else if (block < 0x300 && 2 * block + 1 < in1) {
                    m[0] = ix1[2 * block];
                    m[1] = ix1[2 * block + 1];
                }
                c->solid[0] = sa;
                c->solid[1] = sb;
                c->mask[0] = sa ? m[0] : 0;
                c->mask[1] = sb ? m[1] : 0;
            }
        }
    free(chunks);
    free(lay);
    free(ix1);
    free(ix2);
    free(ids);
    if (!ok) {
        free(lv->cells);
        lv->cells = NULL;
    }
    return ok;
}

/* ---- the bound: cells whose picture context carries different Sega angles ---- */

/* Counts per (context, Sega's angle relative to its quadrant). Two contexts: the cell's own
 * pixels as placed (flips applied), and its surface alone (the depth of the surface on each of
 * its 16 lines in the quadrant's frame, relative to the first: what any rule that reads the
 * surface's shape, not its height in the cell, sees). docs/MASKS.md §4.8. */
typedef struct bound_entry {
    uint64_t key;
    int32_t dev;
    uint32_t n;
} bound_entry;

typedef struct bound_table {
    bound_entry *e;
    size_t cap, used;
    bool nomem;
} bound_table;

static uint64_t mix_key(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

static void bound_add(bound_table *t, uint64_t key, int dev)
{
    if (t->nomem)
        return;
    if (2 * (t->used + 1) > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 4096;
        bound_entry *n = calloc(cap, sizeof *n);
        if (!n) {
            t->nomem = true;
            return;
        }
        for (size_t i = 0; i < t->cap; i++)
            if (t->e[i].n) {
                size_t j = mix_key(t->e[i].key ^ (uint64_t)(int64_t)t->e[i].dev) & (cap - 1);
                while (n[j].n)
                    j = (j + 1) & (cap - 1);
                n[j] = t->e[i];
            }
        free(t->e);
        t->e = n;
        t->cap = cap;
    }
    size_t j = mix_key(key ^ (uint64_t)(int64_t)dev) & (t->cap - 1);
    while (t->e[j].n && (t->e[j].key != key || t->e[j].dev != dev))
        j = (j + 1) & (t->cap - 1);
    if (!t->e[j].n) {
        t->e[j].key = key;
        t->e[j].dev = dev;
        t->used++;
    }
    t->e[j].n++;
}

static int bound_cmp(const void *a, const void *b)
{
    const bound_entry *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->dev > y->dev) - (x->dev < y->dev);
}

/* The most cells a rule giving one angle per context can get exact and within 2, and the
 * number of contexts. */
static void bound_best(bound_table *t, uint64_t *exact, uint64_t *within2, uint64_t *contexts)
{
    *exact = *within2 = *contexts = 0;
    size_t m = 0;
    for (size_t i = 0; i < t->cap; i++)
        if (t->e[i].n)
            t->e[m++] = t->e[i];
    qsort(t->e, m, sizeof *t->e, bound_cmp);
    for (size_t i = 0; i < m;) {
        size_t j = i;
        while (j < m && t->e[j].key == t->e[i].key)
            j++;
        uint32_t top = 0, best2 = 0;
        for (size_t k = i; k < j; k++) {
            if (t->e[k].n > top)
                top = t->e[k].n;
            for (int a = t->e[k].dev - 2; a <= t->e[k].dev + 2; a += 2) {
                uint32_t sum = 0;
                for (size_t l = i; l < j; l++)
                    sum += abs(t->e[l].dev - a) <= 2 ? t->e[l].n : 0;
                if (sum > best2)
                    best2 = sum;
            }
        }
        *exact += top;
        *within2 += best2;
        (*contexts)++;
        i = j;
    }
    free(t->e);
    memset(t, 0, sizeof *t);
}

static bool img_solid(const lwm_image *img, int32_t x, int32_t y)
{
    if (x < 0 || y < 0 || (uint32_t)x >= img->width || (uint32_t)y >= img->height)
        return false;
    return lwm_image_pixel(img, (uint32_t)x, (uint32_t)y)[3] >= 128;
}

/* Pixel (u, v) of cell (x0, y0) in the frame where quadrant @q's surface faces up (u along the
 * direction positive ground speed moves, v into the solid), as in contour.c. */
static bool frame_solid(const lwm_image *img, int q, int32_t x0, int32_t y0, int u, int v)
{
    switch (q & 3) {
    case 0:
        return img_solid(img, x0 + u, y0 + v);
    case 1:
        return img_solid(img, x0 + 15 - v, y0 + u);
    case 2:
        return img_solid(img, x0 + 15 - u, y0 + 15 - v);
    default:
        return img_solid(img, x0 + v, y0 + 15 - u);
    }
}

/* The surface-shape key of cell (x0, y0) in quadrant @q: per line, the open-to-solid change
 * nearest the cell's middle row within 32 px either side, relative to the first line that has
 * one. */
static uint64_t surface_key(const lwm_image *img, int q, int32_t x0, int32_t y0)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    int base = 0;
    bool have_base = false;
    for (int u = 0; u < 16; u++) {
        int d = 1000;
        bool prev = frame_solid(img, q, x0, y0, u, -33);
        for (int v = -32; v < 48; v++) {
            bool now = frame_solid(img, q, x0, y0, u, v);
            if (now && !prev && (d == 1000 || abs(v - 8) < abs(d - 8)))
                d = v;
            prev = now;
        }
        if (d != 1000 && !have_base) {
            base = d;
            have_base = true;
        }
        int rel = d == 1000 ? 1000 : d - base;
        h = (h ^ (uint64_t)(uint32_t)rel) * 0x100000001b3ULL;
    }
    return h;
}

static uint64_t pixels_key(const lwm_bits *b)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int c = 0; c < 16; c++)
        h = (h ^ b->col[c]) * 0x100000001b3ULL;
    return h;
}

/* ---- measuring ---- */

typedef struct tally {
    uint64_t cells, sloped, within2, exact, within4, flat, flat_ok;
    uint64_t flag_cells, flag_agree, sega_flagged, ours_flagged, both_flagged;
    uint64_t full_sloped, full_within2;
} tally;

static void tally_add(tally *t, const tally *u)
{
    t->cells += u->cells;
    t->sloped += u->sloped;
    t->within2 += u->within2;
    t->exact += u->exact;
    t->within4 += u->within4;
    t->flat += u->flat;
    t->flat_ok += u->flat_ok;
    t->flag_cells += u->flag_cells;
    t->flag_agree += u->flag_agree;
    t->sega_flagged += u->sega_flagged;
    t->ours_flagged += u->ours_flagged;
    t->both_flagged += u->both_flagged;
    t->full_sloped += u->full_sloped;
    t->full_within2 += u->full_within2;
}

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 100.0;
}

/* The angle and flag of the imported level at cell (@x, @y) on @path; false when it is empty. */
static bool imported_cell(const lw_level *L, uint32_t x, uint32_t y, int path, uint8_t *angle,
                          bool *flagged)
{
    uint32_t cpc = L->chunk_px / 16u;
    uint32_t lx = x / cpc, ly = y / cpc;
    if (lx >= L->layout_width || ly >= L->layout_height)
        return false;
    uint16_t chunk = L->layout[LW_LAYER_FG][(size_t)ly * L->layout_width + lx];
    if (chunk == LW_NONE)
        return false;
    const lw_cell *c = &lw_level_chunk_cells(L, chunk)[(y % cpc) * cpc + x % cpc];
    if (c->tile == LW_NONE)
        return false;
    uint16_t m = L->tiles[c->tile].mask[path];
    if (m == LW_NONE)
        return false;
    const lw_mask *mk = &L->masks[m];
    *angle = lw_angle_flip(mk->angle, c->flags & LW_CELL_FLIP_X, c->flags & LW_CELL_FLIP_Y);
    *flagged = (mk->flags & LW_MASK_FLAGGED) != 0;
    return true;
}

/* Depth of the surface on line @u of cell (x0, y0) in quadrant @q's frame, as contour.c's
 * line_depth reads it: the first solid pixel when the line's outer pixel is open (up to 31 px
 * in), the last solid one outwards when it is solid (up to 16 px out); 99 when none. */
static int study_depth(const lwm_image *img, int q, int32_t x0, int32_t y0, int u)
{
    if (frame_solid(img, q, x0, y0, u, 0)) {
        for (int v = -1; v >= -16; v--)
            if (!frame_solid(img, q, x0, y0, u, v))
                return v + 1;
        return 99;
    }
    for (int v = 1; v < 32; v++)
        if (frame_solid(img, q, x0, y0, u, v))
            return v;
    return 99;
}

/* One row of --cells: the cell, Sega's angle, ours, and for study the surface depth on the 48
 * lines u = -16..31 in the frame of Sega's quadrant (the picture as drawn) and the heights of
 * the mask the import made and of Sega's mask through the cell's flips. */
static void csv_cell(FILE *csv, const char *name, int p, uint32_t cx, uint32_t cy, uint8_t m,
                     const cellinfo *c, uint8_t sa, bool of, uint8_t oa, const lwm_image *img,
                     const lw_level *L, const lw_mask *sega_mask)
{
    fprintf(csv, "%s,%d,%u,%u,%u,%u,%u,%u,%d,%u,", name, p, cx, cy, m, c->flip, c->solid[p], sa,
            of ? 1 : 0, oa);
    int q = (int)(((unsigned)sa + 32u) >> 6) & 3;
    for (int u = -16; u < 32; u++)
        fprintf(csv, "%s%d", u > -16 ? ";" : "",
                study_depth(img, q, (int32_t)cx * 16, (int32_t)cy * 16, u));
    fputc(',', csv);
    uint32_t cpc = L->chunk_px / 16u;
    uint16_t chunk = L->layout[LW_LAYER_FG][(size_t)(cy / cpc) * L->layout_width + cx / cpc];
    const lw_cell *cell = &lw_level_chunk_cells(L, chunk)[(cy % cpc) * cpc + cx % cpc];
    lw_mask mk = L->masks[L->tiles[cell->tile].mask[p]];
    lw_mask f;
    lwm_mask_flip(&mk, cell->flags & LW_CELL_FLIP_X, cell->flags & LW_CELL_FLIP_Y, &f);
    for (int k = 0; k < 16; k++)
        fprintf(csv, "%s%d", k ? ";" : "", f.heights[k]);
    fputc(',', csv);
    lwm_mask_flip(sega_mask, c->flip & LW_CELL_FLIP_X, c->flip & LW_CELL_FLIP_Y, &f);
    for (int k = 0; k < 16; k++)
        fprintf(csv, "%s%d", k ? ";" : "", f.heights[k]);
    fputc('\n', csv);
}

typedef struct survey_opts {
    bool own_angles;   /* import --own-angles */
    int path;          /* -1 both, 0 A, 1 B */
    bool used[256][4]; /* masks placed in the levels measured, per flip (--sheet) */
} survey_opts;

static bool measure(const sega *s, const level *lv, const char *name, FILE *csv, tally *out,
                    bound_table bound[2], survey_opts *so)
{
    memset(out, 0, sizeof *out);
    uint32_t w = lv->cw * 16, h = lv->ch * 16;
    lwm_image img[2], art;
    lw_error err;
    memset(img, 0, sizeof img);
    memset(&art, 0, sizeof art);
    bool ok = lwm_image_init(&img[0], w, h, 0, &err) && lwm_image_init(&img[1], w, h, 0, &err) &&
              lwm_image_init(&art, w, h, 0, &err);
    for (int p = 0; ok && p < 2; p++)
        for (uint32_t cy = 0; cy < lv->ch; cy++)
            for (uint32_t cx = 0; cx < lv->cw; cx++) {
                const cellinfo *c = &lv->cells[(size_t)cy * lv->cw + cx];
                if (!c->mask[p])
                    continue;
                lwm_bits b;
                lwm_bits_from_mask(&s->masks[c->mask[p]], &b);
                lwm_bits_flip(&b, c->flip & LW_CELL_FLIP_X, c->flip & LW_CELL_FLIP_Y, &b);
                for (int col = 0; col < 16; col++)
                    for (int r = 0; r < 16; r++)
                        if ((b.col[col] >> r) & 1u) {
                            uint8_t *px = lwm_image_pixel(&img[p], cx * 16 + (uint32_t)col,
                                                          cy * 16 + (uint32_t)r);
                            px[0] = px[1] = px[2] = 0x80;
                            px[3] = 0xFF;
                        }
            }
    lwm_import_options o = lwm_import_options_default();
    o.terrain = &img[0];
    o.path_b = &img[1];
    o.art = &art; /* no art: tiles differ by their masks only */
    o.chunk_px = s->g == S1 ? 256 : 128;
    o.profile = s->g == S1 ? "s1" : s->g == S2 ? "s2" : "s3k"; /* the game's angle style */
    o.neighbour_angles = !so->own_angles;
    lwm_import_result res;
    memset(&res, 0, sizeof res);
    if (ok && !lwm_import_terrain(&o, &res, &err)) {
        fprintf(stderr, "angle-survey: %s: import failed: %s\n", name, err.message);
        ok = false;
    }
    for (int p = 0; ok && p < 2; p++) {
        if (s->g == S1 && p == 1)
            break; /* one path */
        if (so->path >= 0 && p != so->path)
            continue;
        for (uint32_t cy = 0; cy < lv->ch; cy++)
            for (uint32_t cx = 0; cx < lv->cw; cx++) {
                const cellinfo *c = &lv->cells[(size_t)cy * lv->cw + cx];
                uint8_t m = c->mask[p];
                if (!m)
                    continue;
                lwm_bits b;
                lwm_bits_from_mask(&s->masks[m], &b);
                if (lwm_bits_count(&b) == 0)
                    continue;
                so->used[m][c->flip & 3u] = true;
                uint8_t sa =
                    lw_angle_flip(s->angle[m], c->flip & LW_CELL_FLIP_X, c->flip & LW_CELL_FLIP_Y);
                bool sf = (s->angle[m] & 1u) != 0;
                uint8_t oa = 0;
                bool of = true;
                if (!imported_cell(res.level, cx, cy, p, &oa, &of))
                    continue;
                out->cells++;
                out->flag_cells++;
                out->flag_agree += sf == of;
                out->sega_flagged += sf;
                out->ours_flagged += of;
                out->both_flagged += sf && of;
                int d = (int8_t)(uint8_t)(oa - sa);
                if (d < 0)
                    d = -d;
                bool full = true;
                for (int col = 0; col < 16; col++)
                    full &= s->masks[m].heights[col] == 16;
                if (!sf && (sa & 0x3Fu) != 0 && full) {
                    /* full blocks Sega gives a slope's angle (S2's 251-254) */
                    out->full_sloped++;
                    out->full_within2 += !of && d <= 2;
                } else if (!sf && (sa & 0x3Fu) != 0) {
                    out->sloped++;
                    int q = (int)(((unsigned)sa + 32u) >> 6) & 3;
                    int dev = (int8_t)(uint8_t)(sa - (uint8_t)(64 * q));
                    lwm_bits pb;
                    lwm_bits_flip(&b, c->flip & LW_CELL_FLIP_X, c->flip & LW_CELL_FLIP_Y, &pb);
                    bound_add(&bound[0], pixels_key(&pb), dev);
                    bound_add(&bound[1],
                              surface_key(&img[p], q, (int32_t)cx * 16, (int32_t)cy * 16), dev);
                    if (!of) {
                        out->within2 += d <= 2;
                        out->within4 += d <= 4;
                        out->exact += d == 0;
                    }
                } else if (!sf) {
                    out->flat++;
                    out->flat_ok += (of && (oa & 0x3Fu) == 0 && d == 0) || (!of && d <= 2);
                }
                if (csv)
                    csv_cell(csv, name, p, cx, cy, m, c, sa, of, oa, &img[p], res.level,
                             &s->masks[m]);
            }
    }
    lwm_import_result_clear(&res);
    lwm_image_clear(&img[0]);
    lwm_image_clear(&img[1]);
    lwm_image_clear(&art);
    return ok;
}

static void print_row(const char *game_name, const char *name, const tally *t)
{
    if (t->sloped == 0) {
        printf("| %s | %s | %llu | 0 | — | — | — | %.1f %% |\n", game_name, name,
               (unsigned long long)t->cells, pct(t->flag_agree, t->flag_cells));
        return;
    }
    printf("| %s | %s | %llu | %llu | %.1f %% | %.1f %% | %.1f %% | %.1f %% |\n", game_name, name,
           (unsigned long long)t->cells, (unsigned long long)t->sloped, pct(t->within2, t->sloped),
           pct(t->exact, t->sloped), pct(t->within4, t->sloped), pct(t->flag_agree, t->flag_cells));
}

static void per_mask(const sega *s)
{
    unsigned n = 0, exact = 0, within2 = 0;
    printf("mask,sega,masks,heights\n");
    for (int m = 1; m < 256; m++) {
        lwm_bits b;
        lwm_bits_from_mask(&s->masks[m], &b);
        if (lwm_bits_count(&b) == 0)
            continue;
        lw_mask ours;
        lwm_mask_from_bits_style(&b,
                                 s->g == S1   ? LWM_ANGLES_S1
                                 : s->g == S2 ? LWM_ANGLES_S2
                                              : LWM_ANGLES_S3K,
                                 &ours, NULL, NULL); /* as `masks --profile` of the game */
        printf("%d,%u,%u%s,", m, s->angle[m], ours.angle,
               (ours.flags & LW_MASK_FLAGGED) ? "F" : "");
        for (int c = 0; c < 16; c++)
            printf("%s%d", c ? " " : "", s->masks[m].heights[c]);
        printf("\n");
        bool full = true;
        for (int c = 0; c < 16; c++)
            full &= s->masks[m].heights[c] == 16;
        if ((s->angle[m] & 1u) || (s->angle[m] & 0x3Fu) == 0 || full)
            continue; /* sloped masks only, as in the level table */
        int d = (int8_t)(uint8_t)(ours.angle - s->angle[m]);
        bool of = (ours.flags & LW_MASK_FLAGGED) != 0;
        n++;
        exact += !of && d == 0;
        within2 += !of && d >= -2 && d <= 2;
    }
    fprintf(stderr,
            "angle-survey: %u sloped masks, `masks` on each alone: %u within 2 (%.1f %%), "
            "%u exact (%.1f %%)\n",
            n, within2, pct(within2, n), exact, pct(exact, n));
}

/* --sheet: `masks` on a sheet of the masks placed in the levels measured (each once, as stored)
 * and the plain endpoint formula on them, against Sega's angle map. */
static bool sheet_masks(const sega *s, bool used[256][4], const char *gname)
{
    int ids[1024], flips[1024], n = 0;
    for (int m = 1; m < 256; m++)
        for (int fl = 0; fl < 4; fl++) {
            lwm_bits b;
            lwm_bits_from_mask(&s->masks[m], &b);
            if (used[m][fl] && lwm_bits_count(&b) > 0) {
                ids[n] = m;
                flips[n++] = fl;
            }
        }
    if (n == 0)
        return true;
    uint32_t cols = n < 16 ? (uint32_t)n : 16u, rows = ((uint32_t)n + 15u) / 16u;
    lwm_image img;
    lw_error err;
    if (!lwm_image_init(&img, cols * 16u, rows * 16u, 0, &err))
        return false;
    for (int i = 0; i < n; i++) {
        lwm_bits b;
        lwm_bits_from_mask(&s->masks[ids[i]], &b);
        lwm_bits_flip(&b, flips[i] & LW_CELL_FLIP_X, flips[i] & LW_CELL_FLIP_Y, &b);
        for (int c = 0; c < 16; c++)
            for (int r = 0; r < 16; r++)
                if ((b.col[c] >> r) & 1u) {
                    uint8_t *px = lwm_image_pixel(&img, (uint32_t)(i % 16) * 16u + (uint32_t)c,
                                                  (uint32_t)(i / 16) * 16u + (uint32_t)r);
                    px[0] = px[1] = px[2] = 0x80;
                    px[3] = 0xFF;
                }
    }
    lwm_sheet sh;
    bool ok = lwm_sheet_build_style(&img,
                                    s->g == S1   ? LWM_ANGLES_S1
                                    : s->g == S2 ? LWM_ANGLES_S2
                                                 : LWM_ANGLES_S3K,
                                    &sh, &err);
    lwm_image_clear(&img);
    if (!ok) {
        fprintf(stderr, "angle-survey: sheet: %s\n", err.message);
        return false;
    }
    unsigned sloped = 0, w2 = 0, w4 = 0, ex = 0, plain = 0, plain2 = 0;
    for (int i = 0; i < n; i++) {
        int m = ids[i];
        bool full = true;
        for (int c = 0; c < 16; c++)
            full &= s->masks[m].heights[c] == 16;
        if ((s->angle[m] & 1u) || (s->angle[m] & 0x3Fu) == 0 || full)
            continue;
        sloped++;
        uint8_t sa =
            lw_angle_flip(s->angle[m], flips[i] & LW_CELL_FLIP_X, flips[i] & LW_CELL_FLIP_Y);
        const lw_mask *t = &sh.tiles[i].mask;
        int d = (int8_t)(uint8_t)(t->angle - sa);
        if (d < 0)
            d = -d;
        bool of = (t->flags & LW_MASK_FLAGGED) != 0;
        w2 += !of && d <= 2;
        w4 += !of && d <= 4;
        ex += !of && d == 0;
        /* the plain endpoint formula on the tile's heights as placed: floors (h[0] > 0) rise
         * h[15] - h[0] to the right */
        const int8_t *h = t->heights;
        int q = h[0] < 0 || h[15] < 0 ? 2 : 0;
        int rise = q == 0 ? h[0] - h[15] : -(h[0] - h[15]);
        long k = 4 * lround(atan((double)rise / 16.0) * 128.0 / 3.14159265358979323846 / 4.0);
        uint8_t pa = (uint8_t)((unsigned long)(64 * q + k) & 0xFFu);
        int pd = (int8_t)(uint8_t)(pa - sa);
        plain += pd == 0;
        plain2 += pd >= -2 && pd <= 2;
    }
    fprintf(stderr,
            "angle-survey: %s: sheet of the %d distinct shapes placed (mask and flip; %u sloped): "
            "`masks` %u "
            "within 4, %u within 2, %u exact; the plain endpoint formula %u within 2, %u exact\n",
            gname, n, sloped, w4, w2, ex, plain2, plain);
    lwm_sheet_clear(&sh);
    return true;
}

int main(int argc, char **argv)
{
    const char *tree = NULL, *only = NULL, *csv_path = NULL, *ini_name = "SonLVL.ini";
    bool masks_only = false, sheet = false;
    static survey_opts so = {.path = -1};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--per-mask") == 0)
            masks_only = true;
        else if (strcmp(argv[i], "--own-angles") == 0)
            so.own_angles = true;
        else if (strcmp(argv[i], "--sheet") == 0)
            sheet = true;
        else if (strcmp(argv[i], "--path") == 0 && i + 1 < argc &&
                 (strcmp(argv[i + 1], "A") == 0 || strcmp(argv[i + 1], "B") == 0))
            so.path = argv[++i][0] - 'A';
        else if (strcmp(argv[i], "--cells") == 0 && i + 1 < argc)
            csv_path = argv[++i];
        else if (strcmp(argv[i], "--ini") == 0 && i + 1 < argc)
            ini_name = argv[++i];
        else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (argv[i][0] != '-' && !tree)
            tree = argv[i];
        else {
            fprintf(stderr, "usage: angle-survey [--per-mask] [--cells OUT.csv] [--level NAME] "
                            "[--ini FILE] [--own-angles] [--path A|B] [--sheet] TREE\n");
            return 2;
        }
    }
    if (!tree) {
        fprintf(stderr, "usage: angle-survey [--per-mask] [--cells OUT.csv] [--level NAME] [--ini "
                        "FILE] [--own-angles] [--path A|B] [--sheet] TREE\n");
        return 2;
    }
    char path[2048];
    snprintf(path, sizeof path, "%s/SonLVL INI Files/%s", tree, ini_name);
    ini f;
    if (!ini_load(path, &f))
        return 1;
    const char *ver = ini_get(&f, "", "version");
    game g = !ver ? S1 : strcmp(ver, "S1") == 0 ? S1 : strcmp(ver, "S2") == 0 ? S2 : S3K;
    const char *gname = g == S1 ? "S1" : g == S2 ? "S2" : "S3K";
    sega s;
    if (!load_sega(&f, g, &s))
        return 1;
    if (masks_only) {
        per_mask(&s);
        free(f.keys);
        return 0;
    }
    FILE *csv = NULL;
    if (csv_path) {
        csv = fopen(csv_path, "w");
        if (!csv) {
            perror(csv_path);
            return 1;
        }
        fprintf(
            csv,
            "level,path,x,y,mask,flip,solid,sega,ours_flagged,ours,depths,heights,sega_heights\n");
    }
    /* sections in order, each (chunks, layout, index) once */
    char done[128][1600];
    size_t ndone = 0;
    tally all;
    memset(&all, 0, sizeof all);
    bound_table bound[2];
    memset(bound, 0, sizeof bound);
    int failures = 0;
    for (size_t i = 0; i < f.count; i++) {
        const char *sec = f.keys[i].section;
        if (!sec[0] || strcmp(f.keys[i].key, "chunks") != 0)
            continue;
        if (only && !strstr(sec, only))
            continue;
        char key[1600];
        const char *lk = ini_get(&f, sec, g == S1 ? "fglayout" : "layout");
        const char *ik = ini_get(&f, sec, g == S2 ? "colind1" : "colind");
        snprintf(key, sizeof key, "%s|%s|%s", ini_get(&f, sec, "chunks"), lk ? lk : "",
                 ik ? ik : "");
        bool seen = false;
        for (size_t k = 0; k < ndone && !seen; k++)
            seen = strcmp(done[k], key) == 0;
        if (seen || ndone == 128)
            continue;
        snprintf(done[ndone++], sizeof done[0], "%s", key);
        if (!ini_get(&f, sec, g == S1 ? "fglayout" : "layout") ||
            !ini_get(&f, sec, g == S2 ? "colind1" : "colind")) {
            fprintf(stderr, "angle-survey: %s: no layout or collision index named, skipped\n", sec);
            continue;
        }
        level lv;
        if (!load_level(&f, sec, g, &lv)) {
            fprintf(stderr, "angle-survey: %s: level files missing or bad, skipped\n", sec);
            continue;
        }
        const char *name = strrchr(sec, '\\');
        name = name ? name + 1 : sec;
        tally t;
        if (measure(&s, &lv, name, csv, &t, bound, &so)) {
            print_row(gname, name, &t);
            tally_add(&all, &t);
        } else {
            failures++;
        }
        free(lv.cells);
    }
    print_row(gname, "**all**", &all);
    fprintf(stderr,
            "angle-survey: %s: %llu cells, flagged: Sega %llu, ours %llu, both %llu; flat (Sega "
            "0x00/0x40/0x80/0xC0) %llu, ours agreeing %llu; full blocks with a slope's angle %llu, "
            "ours within 2 %llu; %d level(s) failed\n",
            gname, (unsigned long long)all.cells, (unsigned long long)all.sega_flagged,
            (unsigned long long)all.ours_flagged, (unsigned long long)all.both_flagged,
            (unsigned long long)all.flat, (unsigned long long)all.flat_ok,
            (unsigned long long)all.full_sloped, (unsigned long long)all.full_within2, failures);
    static const char *const bound_names[2] = {"pixels as placed", "surface shape"};
    for (int k = 0; k < 2; k++) {
        bool nomem = bound[k].nomem;
        uint64_t bx, b2, nc;
        bound_best(&bound[k], &bx, &b2, &nc);
        if (nomem) {
            fprintf(stderr, "angle-survey: %s: bound: out of memory\n", gname);
            failures++;
            continue;
        }
        fprintf(stderr,
                "angle-survey: %s: bound (a rule reading only a cell's %s; %llu contexts): at "
                "most %.1f %% exact, %.1f %% within 2; %llu sloped cells (%.1f %%) share their "
                "context with cells Sega gave another angle\n",
                gname, bound_names[k], (unsigned long long)nc, pct(bx, all.sloped),
                pct(b2, all.sloped), (unsigned long long)(all.sloped - bx),
                100.0 - pct(bx, all.sloped));
    }
    if (sheet && !sheet_masks(&s, so.used, gname))
        failures++;
    if (csv)
        fclose(csv);
    free(f.keys);
    return failures ? 1 : 0;
}
