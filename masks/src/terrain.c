/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/terrain.h"

#include "loopwright-masks/masks.h"
#include "masks-private.h"

#include <loopwright/fixed.h>
#include <loopwright/profile.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE_ID    0xFFFFFFFFu /* no art / no mask on this path */
#define MISSING_ID 0xFFFFFFFEu /* a flipped version that does not exist */
#define ART_LIMIT  (4u * LW_MAX_TILES)
#define MASK_LIMIT (8u * LW_MAX_TILES)

lwm_import_options lwm_import_options_default(void)
{
    return (lwm_import_options){.chunk_px = 128, .tileset_columns = 16, .neighbour_angles = true};
}

void lwm_import_result_clear(lwm_import_result *result)
{
    if (!result)
        return;
    lw_level_free(result->level);
    lwm_image_clear(&result->tileset);
    memset(result, 0, sizeof *result);
}

/* ---- a small open-addressing set of ids; the caller hashes and compares ---- */

typedef struct idset {
    uint32_t *slots;
    size_t cap; /* power of two */
} idset;

static bool idset_init(idset *s, size_t expect)
{
    s->cap = 64;
    while (s->cap < expect * 2)
        s->cap *= 2;
    s->slots = malloc(s->cap * sizeof *s->slots);
    if (!s->slots)
        return false;
    memset(s->slots, 0xFF, s->cap * sizeof *s->slots);
    return true;
}

static uint64_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
}

/* ---- the import state ---- */

typedef struct mask_entry {
    lwm_bits bits;
    uint8_t angle, flags;
} mask_entry;

typedef struct tile_key {
    uint32_t art, mask[2];
    uint8_t jump;
} tile_key;

typedef struct importer {
    const lwm_import_options *o;
    lwm_import_result *res;
    uint32_t w, h;   /* image px */
    uint32_t tw, th; /* cells of the padded level */
    size_t nt;
    /* per cell */
    lwm_bits *bits[2]; /* representable pixels per path ([1] may alias [0]) */
    uint8_t *angle[2], *flags[2];
    uint8_t *solid[2]; /* lw_solidity per path */
    uint32_t *mask_id[2];
    uint32_t *art_id;
    uint32_t *tile_id; /* LW_NONE for empty cells */
    uint8_t *cell_flip;
    /* unique art cells: 256 RGBA words each, fully transparent pixels zeroed */
    uint32_t *art;
    uint32_t art_count;
    idset art_set;
    mask_entry *masks;
    uint32_t mask_count;
    idset mask_set;
    uint32_t *art_flip[4], *mask_flip[4];
    tile_key *tiles;
    uint32_t tile_count;
    idset tile_set;
} importer;

static void warn(importer *im, int32_t x, int32_t y, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void warn(importer *im, int32_t x, int32_t y, const char *fmt, ...)
{
    im->res->warnings++;
    if (!im->o->warn)
        return;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    im->o->warn(im->o->user, x, y, msg);
}

static void progress(importer *im, const char *stage, uint64_t done, uint64_t total)
{
    if (im->o->progress)
        im->o->progress(im->o->user, stage, done, total);
}

/* ---- art cells ---- */

/* Copy cell (cx, cy) of @img normalised (alpha 0 -> all zero); false when it has no visible
 * pixel at all. */
static bool art_cell(const lwm_image *img, uint32_t cx, uint32_t cy, uint32_t out[256])
{
    uint32_t any = 0;
    bool inside = (cx + 1) * 16 <= img->width && (cy + 1) * 16 <= img->height;
    for (uint32_t r = 0; r < 16; r++) {
        uint32_t y = cy * 16 + r;
        if (inside) {
            const uint8_t *row = lwm_image_pixel(img, cx * 16, y);
            for (uint32_t c = 0; c < 16; c++) {
                const uint8_t *p = row + c * 4u;
                uint32_t v = p[3] ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                                        (uint32_t)p[3] << 24
                                  : 0;
                out[r * 16 + c] = v;
                any |= v;
            }
            continue;
        }
        for (uint32_t c = 0; c < 16; c++) {
            uint32_t x = cx * 16 + c, v = 0;
            if (x < img->width && y < img->height) {
                const uint8_t *p = lwm_image_pixel(img, x, y);
                if (p[3])
                    v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                        (uint32_t)p[3] << 24;
            }
            out[r * 16 + c] = v;
            any |= v;
        }
    }
    return any != 0;
}

static uint64_t art_hash(const uint32_t px[256])
{
    uint64_t h = 0x243F6A8885A308D3ull;
    for (int i = 0; i < 256; i += 2)
        h = (h ^ ((uint64_t)px[i] | (uint64_t)px[i + 1] << 32)) * 0x9E3779B97F4A7C15ull;
    return mix64(h);
}

static void art_flip_px(const uint32_t in[256], uint8_t f, uint32_t out[256])
{
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++)
            out[r * 16 + c] =
                in[((f & LW_CELL_FLIP_Y) ? 15 - r : r) * 16 + ((f & LW_CELL_FLIP_X) ? 15 - c : c)];
}

/* Find @px among the art cells; insert it when @insert. Returns the id, NONE_ID when absent and
 * not inserted, MISSING_ID over the limit. */
static uint32_t art_find(importer *im, const uint32_t px[256], bool insert)
{
    idset *s = &im->art_set;
    size_t i = art_hash(px) & (s->cap - 1);
    for (; s->slots[i] != UINT32_MAX; i = (i + 1) & (s->cap - 1))
        if (memcmp(im->art + (size_t)s->slots[i] * 256u, px, 1024) == 0)
            return s->slots[i];
    if (!insert)
        return NONE_ID;
    if (im->art_count >= ART_LIMIT)
        return MISSING_ID;
    uint32_t id = im->art_count++;
    memcpy(im->art + (size_t)id * 256u, px, 1024);
    s->slots[i] = id;
    return id;
}

/* ---- masks ---- */

static uint32_t mask_find(importer *im, const lwm_bits *b, uint8_t angle, uint8_t flags,
                          bool insert)
{
    idset *s = &im->mask_set;
    size_t i = lwm_mask_key_hash(b, angle, flags) & (s->cap - 1);
    for (; s->slots[i] != UINT32_MAX; i = (i + 1) & (s->cap - 1)) {
        const mask_entry *e = &im->masks[s->slots[i]];
        if (e->angle == angle && e->flags == flags && memcmp(&e->bits, b, sizeof *b) == 0)
            return s->slots[i];
    }
    if (!insert)
        return NONE_ID;
    if (im->mask_count >= MASK_LIMIT)
        return MISSING_ID;
    uint32_t id = im->mask_count++;
    im->masks[id] = (mask_entry){*b, angle, flags};
    s->slots[i] = id;
    return id;
}

/* ---- tiles ---- */

static uint64_t tile_hash(const tile_key *k)
{
    return mix64((uint64_t)k->art * 0x9E3779B97F4A7C15ull ^ (uint64_t)k->mask[0] << 21 ^
                 (uint64_t)k->mask[1] << 42 ^ k->jump);
}

static bool tile_equal(const tile_key *a, const tile_key *b)
{
    return a->art == b->art && a->mask[0] == b->mask[0] && a->mask[1] == b->mask[1] &&
           a->jump == b->jump;
}

static uint32_t tile_find(importer *im, const tile_key *k, size_t *slot)
{
    idset *s = &im->tile_set;
    size_t i = tile_hash(k) & (s->cap - 1);
    for (; s->slots[i] != UINT32_MAX; i = (i + 1) & (s->cap - 1))
        if (tile_equal(&im->tiles[s->slots[i]], k))
            return s->slots[i];
    if (slot)
        *slot = i;
    return NONE_ID;
}

/* The key of a cell seen through flip @f, or false when a part of it has no flipped twin. */
static bool flip_key(const importer *im, const tile_key *k, uint8_t f, tile_key *out)
{
    out->jump = k->jump;
    out->art = k->art == NONE_ID ? NONE_ID : im->art_flip[f][k->art];
    if (out->art == MISSING_ID)
        return false;
    for (int p = 0; p < 2; p++) {
        out->mask[p] = k->mask[p] == NONE_ID ? NONE_ID : im->mask_flip[f][k->mask[p]];
        if (out->mask[p] == MISSING_ID)
            return false;
    }
    return true;
}

/* ---- the steps ---- */

static const char *path_name(int p)
{
    return p ? "path B" : "path A";
}

/* Solid pixels of a cell from its normalised art words (alpha in bits 24..31). */
static void bits_from_words(const uint32_t px[256], lwm_bits *out)
{
    for (int c = 0; c < 16; c++)
        out->col[c] = 0;
    for (uint32_t r = 0; r < 16; r++)
        for (uint32_t c = 0; c < 16; c++)
            out->col[c] = (uint16_t)(out->col[c] | (px[r * 16 + c] >> 31) << r);
}

/* A run anchored at a cell's top edge is ceiling-type (negative heights), which a floor sensor
 * coming from above cannot see (PHYSICS.md §3.3: a top-anchored run is "nothing" unless the
 * anchor is already inside it). That is right for a ceiling, whose solid continues into the cell
 * above, but a run with open air above it is a surface someone stands on: a thin ledge or
 * jump-through bar lying at the top of its cell. Such columns are made solid down to the cell's
 * bottom, the shape the originals use for ledges. Only a flat underside is a ledge: when the
 * hanging runs differ in length the underside slopes, and the cell is a ceiling piece however
 * open the air above it (Sega's games have thousands, docs/MASKS.md §4.8). Returns the columns
 * changed. */
static uint16_t stand_on_hanging_runs(importer *im, int p, uint32_t tx, uint32_t ty)
{
    size_t t = (size_t)ty * im->tw + tx;
    lwm_bits *b = &im->bits[p][t];
    const lwm_bits *above = ty > 0 ? &im->bits[p][t - im->tw] : NULL;
    uint16_t changed = 0, run = 0;
    for (int c = 0; c < 16; c++) {
        uint16_t col = b->col[c];
        if (col != 0 && col != 0xFFFFu && (col & (col + 1u)) == 0) {
            if (run && col != run)
                return 0; /* a sloped underside: a ceiling piece, not a ledge */
            run = col;
        }
    }
    for (int c = 0; c < 16; c++) {
        uint16_t col = b->col[c];
        bool hanging = col != 0 && col != 0xFFFFu && (col & (col + 1u)) == 0; /* rows 0..n-1 */
        bool open_above = !above || !(above->col[c] & 0x8000u);               /* row 15 */
        if (hanging && open_above) {
            b->col[c] = 0xFFFFu;
            changed = (uint16_t)(changed | (1u << c));
        }
    }
    return changed;
}

static bool cells_step(importer *im, lw_error *err)
{
    const lwm_import_options *o = im->o;
    const lwm_image *src[2] = {o->terrain, o->path_b};
    const lwm_image *art = o->art ? o->art : o->terrain;
    /* with the terrain as its own art, one read of each cell gives both */
    bool shared = art == o->terrain;
    uint32_t px[256];
    for (uint32_t ty = 0; ty < im->th; ty++) {
        if ((ty & 7u) == 0)
            progress(im, "cells", ty, im->th);
        for (uint32_t tx = 0; tx < im->tw; tx++) {
            size_t t = (size_t)ty * im->tw + tx;
            bool has_art = art_cell(art, tx, ty, px);
            lwm_bits top;
            bool have_top = o->top_solid != NULL;
            if (have_top)
                lwm_bits_from_image(o->top_solid, tx * 16, ty * 16, &top);
            for (int p = 0; p < 2; p++) {
                if (p == 1 && !src[1]) {
                    im->solid[1][t] = im->solid[0][t];
                    continue;
                }
                lwm_bits raw;
                if (p == 0 && shared)
                    bits_from_words(px, &raw);
                else
                    lwm_bits_from_image(src[p], tx * 16, ty * 16, &raw);
                lwm_fix_report fix;
                if (!lwm_bits_fix(&raw, &im->bits[p][t], &fix)) {
                    char cols[64] = "";
                    size_t len = 0;
                    for (int c = 0; c < 16; c++)
                        if (fix.columns & (1u << c))
                            len += (size_t)snprintf(cols + len, sizeof cols - len, "%s%d",
                                                    len ? "," : "", c);
                    warn(im, (int32_t)tx * 16, (int32_t)ty * 16,
                         "%s: cell (%u, %u) columns %s are not one run from the top or the "
                         "bottom (holes or floating pixels); nearest mask used: %u px filled, "
                         "%u px cleared",
                         path_name(p), tx, ty, cols, fix.added, fix.removed);
                }
                uint16_t stood = stand_on_hanging_runs(im, p, tx, ty);
                uint8_t s = LW_SOLID_NONE;
                uint16_t any = 0;
                for (int c = 0; c < 16; c++)
                    any |= im->bits[p][t].col[c];
                if (any) {
                    s = LW_SOLID_ALL;
                    if (have_top) {
                        bool all_top = true, some_top = false;
                        for (int c = 0; c < 16; c++) {
                            all_top &= (raw.col[c] & ~top.col[c]) == 0;
                            some_top |= (raw.col[c] & top.col[c]) != 0;
                        }
                        if (all_top)
                            s = LW_SOLID_TOP;
                        else if (some_top)
                            warn(im, (int32_t)tx * 16, (int32_t)ty * 16,
                                 "%s: cell (%u, %u) is partly jump-through; made fully solid",
                                 path_name(p), tx, ty);
                    }
                }
                if (stood && s == LW_SOLID_ALL)
                    warn(im, (int32_t)tx * 16, (int32_t)ty * 16,
                         "%s: cell (%u, %u): a run hanging from the cell's top edge with open air "
                         "above is a floor; made solid down to the cell's bottom so a player can "
                         "stand on it (its underside is now the cell's bottom edge)",
                         path_name(p), tx, ty);
                im->solid[p][t] = s;
            }
            if (!has_art) {
                im->art_id[t] = NONE_ID;
                continue;
            }
            uint32_t id = art_find(im, px, true);
            if (id == MISSING_ID)
                return lw_error_set(err, LW_ERR_LIMIT,
                                    "cell at (%u, %u) px: more than %u distinct art cells; the "
                                    "level could not fit %u tiles (simplify the art or split the "
                                    "level)",
                                    tx * 16, ty * 16, ART_LIMIT, LW_MAX_TILES);
            im->art_id[t] = id;
        }
    }
    progress(im, "cells", im->th, im->th);
    return true;
}

static bool mask_step(importer *im, lw_error *err)
{
    int paths = im->o->path_b ? 2 : 1;
    for (int p = 0; p < paths; p++) {
        progress(im, "angles", (uint64_t)p, (uint64_t)paths);
        if (!lwm_terrain_angles(im->bits[p], im->tw, im->th, (int32_t)im->w, (int32_t)im->h,
                                im->o->neighbour_angles,
                                lwm_angle_style_for_profile(im->o->profile), im->angle[p],
                                im->flags[p]))
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory fitting angles");
    }
    progress(im, "angles", (uint64_t)paths, (uint64_t)paths);
    for (int p = 0; p < 2; p++) {
        if (p == 1 && paths == 1) {
            memcpy(im->mask_id[1], im->mask_id[0], im->nt * sizeof(uint32_t));
            break;
        }
        for (size_t t = 0; t < im->nt; t++) {
            const lwm_bits *b = &im->bits[p][t];
            bool any = false;
            for (int c = 0; c < 16; c++)
                any |= b->col[c] != 0;
            uint32_t id = NONE_ID;
            if (any) {
                id = mask_find(im, b, im->angle[p][t], im->flags[p][t], true);
                if (id == MISSING_ID)
                    return lw_error_set(err, LW_ERR_LIMIT,
                                        "cell at (%zu, %zu) px: more than %u distinct masks; "
                                        "the level could not fit %u tiles",
                                        (t % im->tw) * 16, (t / im->tw) * 16, MASK_LIMIT,
                                        LW_MAX_TILES);
            }
            im->mask_id[p][t] = id;
        }
    }
    return true;
}

static bool flip_maps(importer *im, lw_error *err)
{
    for (uint8_t f = 1; f < 4; f++) {
        im->art_flip[f] = malloc((im->art_count + 1) * sizeof(uint32_t));
        im->mask_flip[f] = malloc((im->mask_count + 1) * sizeof(uint32_t));
        if (!im->art_flip[f] || !im->mask_flip[f])
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        uint32_t px[256];
        for (uint32_t a = 0; a < im->art_count; a++) {
            art_flip_px(im->art + (size_t)a * 256u, f, px);
            uint32_t id = art_find(im, px, false);
            im->art_flip[f][a] = id == NONE_ID ? MISSING_ID : id;
        }
        for (uint32_t m = 0; m < im->mask_count; m++) {
            const mask_entry *e = &im->masks[m];
            lwm_bits b;
            lwm_bits_flip(&e->bits, f & LW_CELL_FLIP_X, f & LW_CELL_FLIP_Y, &b);
            uint8_t a = lw_angle_flip(e->angle, f & LW_CELL_FLIP_X, f & LW_CELL_FLIP_Y);
            uint32_t id = mask_find(im, &b, a, e->flags, false);
            im->mask_flip[f][m] = id == NONE_ID ? MISSING_ID : id;
        }
    }
    return true;
}

static bool tile_step(importer *im, lw_error *err)
{
    for (size_t t = 0; t < im->nt; t++) {
        if ((t & 0xFFFFu) == 0)
            progress(im, "tiles", t, im->nt);
        tile_key k = {im->art_id[t], {im->mask_id[0][t], im->mask_id[1][t]}, 0};
        bool jump = (im->solid[0][t] == LW_SOLID_TOP || im->solid[0][t] == LW_SOLID_NONE) &&
                    (im->solid[1][t] == LW_SOLID_TOP || im->solid[1][t] == LW_SOLID_NONE) &&
                    (im->solid[0][t] | im->solid[1][t]) != LW_SOLID_NONE;
        k.jump = jump ? 1 : 0;
        if (k.art == NONE_ID && k.mask[0] == NONE_ID && k.mask[1] == NONE_ID) {
            im->tile_id[t] = LW_NONE;
            im->cell_flip[t] = 0;
            continue;
        }
        uint32_t found = NONE_ID;
        uint8_t flip = 0;
        size_t slot = 0;
        for (uint8_t f = 0; f < 4 && found == NONE_ID; f++) {
            tile_key fk;
            if (f == 0)
                fk = k;
            else if (!flip_key(im, &k, f, &fk))
                continue;
            found = tile_find(im, &fk, f == 0 ? &slot : NULL);
            flip = f;
        }
        if (found == NONE_ID) {
            if (im->tile_count >= LW_MAX_TILES)
                return lw_error_set(err, LW_ERR_LIMIT,
                                    "cell at (%zu, %zu) px would be distinct tile %u; a level "
                                    "holds at most %u (fewer art or collision variations, or "
                                    "split the level)",
                                    (t % im->tw) * 16, (t / im->tw) * 16, im->tile_count + 1,
                                    LW_MAX_TILES);
            found = im->tile_count++;
            im->tiles[found] = k;
            im->tile_set.slots[slot] = found;
            flip = 0;
        }
        im->tile_id[t] = (uint16_t)found;
        im->cell_flip[t] = flip;
    }
    progress(im, "tiles", im->nt, im->nt);
    return true;
}

/* Masks and tiles in the order the tiles first use them; @mask_new / @art_new map the
 * importer's ids to the level's (NONE_ID until used); *@art_used counts the art cells. */
static bool level_tiles(importer *im, lw_level *level, uint32_t *mask_new, uint32_t *art_new,
                        uint32_t *art_used, lw_error *err)
{
    for (uint32_t i = 0; i < im->tile_count; i++) {
        const tile_key *k = &im->tiles[i];
        lw_tile tile = {LW_NONE, {LW_NONE, LW_NONE}, k->jump ? LW_TILE_JUMP_THROUGH : 0};
        if (k->art != NONE_ID) {
            if (art_new[k->art] == NONE_ID)
                art_new[k->art] = (*art_used)++;
            tile.art = (uint16_t)art_new[k->art];
        }
        for (int p = 0; p < 2; p++) {
            uint32_t m = k->mask[p];
            if (m == NONE_ID)
                continue;
            if (mask_new[m] == NONE_ID) {
                const mask_entry *e = &im->masks[m];
                lw_mask mask;
                lwm_heights_from_bits(&e->bits, &mask, NULL, NULL);
                mask.angle = e->angle;
                mask.flags = e->flags;
                int32_t id = lw_level_add_mask(level, &mask);
                if (id < 0)
                    return lw_error_set(err, LW_ERR_LIMIT, "more than %u masks", LW_MAX_MASKS);
                mask_new[m] = (uint32_t)id;
            }
            tile.mask[p] = (uint16_t)mask_new[m];
        }
        if (lw_level_add_tile(level, &tile) < 0)
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory adding tiles");
    }
    return true;
}

/* The tileset image: the @art_used art cells the tiles use, in their new order. */
static bool level_tileset(importer *im, const uint32_t *art_new, uint32_t art_used, lw_error *err)
{
    uint32_t cols = im->o->tileset_columns ? im->o->tileset_columns : 16;
    if (cols > art_used)
        cols = art_used;
    uint32_t rows = (art_used + cols - 1) / cols;
    im->res->art_cells = art_used;
    if (!lwm_image_init(&im->res->tileset, cols * 16, rows * 16, 0, err))
        return false;
    for (uint32_t a = 0; a < im->art_count; a++) {
        uint32_t n = art_new[a];
        if (n == NONE_ID)
            continue;
        const uint32_t *px = im->art + (size_t)a * 256u;
        for (uint32_t r = 0; r < 16; r++)
            for (uint32_t c = 0; c < 16; c++) {
                uint8_t *d =
                    lwm_image_pixel(&im->res->tileset, (n % cols) * 16 + c, (n / cols) * 16 + r);
                uint32_t v = px[r * 16 + c];
                d[0] = (uint8_t)v;
                d[1] = (uint8_t)(v >> 8);
                d[2] = (uint8_t)(v >> 16);
                d[3] = (uint8_t)(v >> 24);
            }
    }
    return true;
}

/* The cells of layout slot (@lx, @ly) into @cells; false when all are empty. */
static bool slot_cells(const importer *im, const lw_level *level, uint32_t lx, uint32_t ly,
                       uint32_t cpc, lw_cell *cells)
{
    bool empty = true;
    for (uint32_t i = 0; i < cpc * cpc; i++) {
        size_t t = (size_t)(ly * cpc + i / cpc) * im->tw + lx * cpc + i % cpc;
        lw_cell *c = &cells[i];
        c->tile = (uint16_t)im->tile_id[t];
        c->flags = c->tile == LW_NONE ? 0 : im->cell_flip[t];
        c->solid = c->tile == LW_NONE ? 0
                                      : lw_cell_solid_bits((lw_solidity)im->solid[0][t],
                                                           (lw_solidity)im->solid[1][t]);
        if (c->tile != LW_NONE) {
            /* no mask on a path: nothing there to be solid */
            const lw_tile *tl = &level->tiles[c->tile];
            c->solid = lw_cell_solid_bits(
                tl->mask[0] == LW_NONE ? LW_SOLID_NONE : lw_cell_solidity(c, LW_PATH_A),
                tl->mask[1] == LW_NONE ? LW_SOLID_NONE : lw_cell_solidity(c, LW_PATH_B));
        }
        empty &= c->tile == LW_NONE;
    }
    return !empty;
}

/* The id of a chunk equal to @cells, appended when new; NONE_ID (and @err) at a limit. */
static uint32_t chunk_intern(importer *im, lw_level *level, idset *chunk_set, const lw_cell *cells,
                             uint32_t per, uint32_t lx, uint32_t ly, lw_error *err)
{
    uint64_t h = 0x51ED270B27D3A2C5ull;
    for (uint32_t i = 0; i < per; i++)
        h = (h ^ ((uint64_t)cells[i].tile | (uint64_t)cells[i].flags << 16 |
                  (uint64_t)cells[i].solid << 24)) *
            0x9E3779B97F4A7C15ull;
    size_t slot = mix64(h) & (chunk_set->cap - 1);
    for (; chunk_set->slots[slot] != UINT32_MAX; slot = (slot + 1) & (chunk_set->cap - 1))
        if (memcmp(lw_level_chunk_cells(level, chunk_set->slots[slot]), cells,
                   per * sizeof *cells) == 0)
            return chunk_set->slots[slot];
    if (level->chunk_count >= LW_MAX_CHUNKS) {
        lw_error_set(err, LW_ERR_LIMIT,
                     "chunk at (%u, %u) px would be distinct chunk %u; a level holds at most %u",
                     lx * im->o->chunk_px, ly * im->o->chunk_px, level->chunk_count + 1,
                     LW_MAX_CHUNKS);
        return NONE_ID;
    }
    int32_t nid = lw_level_add_chunk(level, cells);
    if (nid < 0) {
        lw_error_set(err, LW_ERR_NOMEM, "out of memory adding chunks");
        return NONE_ID;
    }
    chunk_set->slots[slot] = (uint32_t)nid;
    return (uint32_t)nid;
}

/* Chunks and the foreground layout: identical slots share one chunk, empty ones stay empty. */
static bool level_chunks(importer *im, lw_level *level, lw_cell *cells, lw_error *err)
{
    uint32_t cpc = (uint32_t)im->o->chunk_px / 16u, per = cpc * cpc;
    uint16_t lw = level->layout_width, lh = level->layout_height;
    idset chunk_set = {NULL, 0};
    if (!idset_init(&chunk_set, LW_MAX_CHUNKS + 1))
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    bool ok = true;
    for (uint32_t ly = 0; ok && ly < lh; ly++) {
        progress(im, "chunks", ly, lh);
        for (uint32_t lx = 0; ok && lx < lw; lx++) {
            if (!slot_cells(im, level, lx, ly, cpc, cells))
                continue; /* the layout slot stays LW_NONE */
            uint32_t id = chunk_intern(im, level, &chunk_set, cells, per, lx, ly, err);
            ok = id != NONE_ID;
            if (ok)
                lw_level_layout_mut(level, LW_LAYER_FG)[(size_t)ly * lw + lx] = (uint16_t)id;
        }
    }
    if (ok)
        progress(im, "chunks", lh, lh);
    free(chunk_set.slots);
    return ok;
}

/* The level: masks, tiles, the tileset image, chunks and layout. */
static bool level_step(importer *im, lw_error *err)
{
    const lwm_import_options *o = im->o;
    uint32_t cpc = (uint32_t)o->chunk_px / 16u; /* cells per chunk side */
    uint16_t lw = (uint16_t)(im->tw / cpc), lh = (uint16_t)(im->th / cpc);
    lw_level *level = lw_level_new(o->chunk_px, lw, lh, err);
    if (!level)
        return false;
    im->res->level = level;
    if (o->profile)
        snprintf(level->profile, sizeof level->profile, "%s", o->profile);
    uint32_t *mask_new = malloc((im->mask_count + 1) * sizeof *mask_new);
    uint32_t *art_new = malloc((im->art_count + 1) * sizeof *art_new);
    lw_cell *cells = malloc((size_t)cpc * cpc * sizeof *cells);
    bool ok = mask_new && art_new && cells;
    if (!ok) {
        free(mask_new);
        free(art_new);
        free(cells);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    memset(mask_new, 0xFF, (im->mask_count + 1) * sizeof *mask_new);
    memset(art_new, 0xFF, (im->art_count + 1) * sizeof *art_new);
    uint32_t art_used = 0;
    ok = level_tiles(im, level, mask_new, art_new, &art_used, err) &&
         (!art_used || level_tileset(im, art_new, art_used, err)) &&
         level_chunks(im, level, cells, err);
    free(mask_new);
    free(art_new);
    free(cells);
    return ok;
}

/* Solid for a floor sensor on path A: any solidity and the mask pixel set. */
static bool floor_solid(const importer *im, int32_t x, int32_t y)
{
    if (x < 0 || y < 0 || x >= (int32_t)(im->tw * 16) || y >= (int32_t)(im->th * 16))
        return false;
    size_t t = (size_t)(y >> 4) * im->tw + (size_t)(x >> 4);
    if (im->solid[0][t] == LW_SOLID_NONE)
        return false;
    return ((unsigned)im->bits[0][t].col[x & 15] >> (y & 15)) & 1u;
}

static bool start_step(importer *im, lw_error *err)
{
    int32_t sx = 24, sy = 20;
    bool found = false;
    for (int32_t x = 24; x + 9 < (int32_t)(im->tw * 16) && !found; x += 16) {
        int32_t y = 0;
        while (y < (int32_t)(im->th * 16) && !floor_solid(im, x, y))
            y++;
        if (y >= (int32_t)(im->th * 16) || y < 40)
            continue;
        bool clear = true;
        for (int32_t yy = y - 40; yy < y && clear; yy++)
            for (int32_t xx = x - 9; xx <= x + 9 && clear; xx++)
                clear = !floor_solid(im, xx, yy);
        if (clear) {
            sx = x;
            sy = y - 20;
            found = true;
        }
    }
    if (!found)
        warn(im, sx, sy,
             "no floor with room above it found on path A; player start put at "
             "(%d, %d)",
             sx, sy);
    lw_object obj;
    memset(&obj, 0, sizeof obj);
    obj.type = LW_OBJECT_PLAYER_START;
    obj.x = sx;
    obj.y = sy;
    if (!lw_level_add_object(im->res->level, &obj))
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    im->res->start_x = sx;
    im->res->start_y = sy;
    im->res->start_found = found;
    return true;
}

static void importer_free(importer *im)
{
    for (int p = 0; p < 2; p++) {
        if (p == 0 || im->bits[1] != im->bits[0])
            free(im->bits[p]);
        free(im->angle[p]);
        free(im->flags[p]);
        free(im->solid[p]);
        free(im->mask_id[p]);
    }
    free(im->art_id);
    free(im->tile_id);
    free(im->cell_flip);
    free(im->art);
    free(im->art_set.slots);
    free(im->masks);
    free(im->mask_set.slots);
    for (int f = 0; f < 4; f++) {
        free(im->art_flip[f]);
        free(im->mask_flip[f]);
    }
    free(im->tiles);
    free(im->tile_set.slots);
}

bool lwm_import_terrain(const lwm_import_options *o, lwm_import_result *out, lw_error *err)
{
    if (!o->terrain || !o->terrain->rgba)
        return lw_error_set(err, LW_ERR_RANGE, "no terrain image");
    if (o->chunk_px != 128 && o->chunk_px != 256)
        return lw_error_set(err, LW_ERR_RANGE, "chunk size %u is not 128 or 256", o->chunk_px);
    if (o->profile && !lw_profile_find(o->profile))
        return lw_error_set(err, LW_ERR_RANGE, "unknown profile \"%s\"", o->profile);
    uint32_t w = o->terrain->width, h = o->terrain->height;
    const lwm_image *others[3] = {o->art, o->top_solid, o->path_b};
    static const char *const names[3] = {"the art image", "the top-solid image",
                                         "the path B image"};
    for (int i = 0; i < 3; i++)
        if (others[i] && (others[i]->width != w || others[i]->height != h))
            return lw_error_set(err, LW_ERR_RANGE, "%s is %ux%u px but the terrain is %ux%u px",
                                names[i], others[i]->width, others[i]->height, w, h);
    uint64_t pw = ((uint64_t)w + o->chunk_px - 1) / o->chunk_px * o->chunk_px;
    uint64_t ph = ((uint64_t)h + o->chunk_px - 1) / o->chunk_px * o->chunk_px;
    if (pw > LW_MAX_LEVEL_W_PX || ph > LW_MAX_LEVEL_H_PX ||
        (pw / o->chunk_px) * (ph / o->chunk_px) > LW_MAX_LAYOUT_CELLS)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "the terrain is %ux%u px (padded %llux%llu); a level is at most "
                            "%ux%u px",
                            w, h, (unsigned long long)pw, (unsigned long long)ph, LW_MAX_LEVEL_W_PX,
                            LW_MAX_LEVEL_H_PX);

    memset(out, 0, sizeof *out);
    importer im;
    memset(&im, 0, sizeof im);
    im.o = o;
    im.res = out;
    im.w = w;
    im.h = h;
    im.tw = (uint32_t)(pw / 16);
    im.th = (uint32_t)(ph / 16);
    im.nt = (size_t)im.tw * im.th;
    bool ok = true;
    im.bits[0] = malloc(im.nt * sizeof(lwm_bits));
    im.bits[1] = o->path_b ? malloc(im.nt * sizeof(lwm_bits)) : im.bits[0];
    for (int p = 0; p < 2; p++) {
        im.angle[p] = malloc(im.nt);
        im.flags[p] = malloc(im.nt);
        im.solid[p] = malloc(im.nt);
        im.mask_id[p] = malloc(im.nt * sizeof(uint32_t));
        ok &= im.bits[p] && im.angle[p] && im.flags[p] && im.solid[p] && im.mask_id[p];
    }
    im.art_id = malloc(im.nt * sizeof(uint32_t));
    im.tile_id = malloc(im.nt * sizeof(uint32_t));
    im.cell_flip = malloc(im.nt);
    im.art = malloc((size_t)ART_LIMIT * 1024u);
    im.masks = malloc((size_t)MASK_LIMIT * sizeof(mask_entry));
    im.tiles = malloc((size_t)LW_MAX_TILES * sizeof(tile_key));
    ok = ok && im.art_id && im.tile_id && im.cell_flip && im.art && im.masks && im.tiles &&
         idset_init(&im.art_set, ART_LIMIT) && idset_init(&im.mask_set, MASK_LIMIT) &&
         idset_init(&im.tile_set, LW_MAX_TILES);
    if (!ok) {
        importer_free(&im);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory for a %ux%u px terrain", w, h);
    }
    ok = cells_step(&im, err) && mask_step(&im, err) && flip_maps(&im, err) &&
         tile_step(&im, err) && level_step(&im, err) && start_step(&im, err);
    if (ok) {
        const char *name = "imported";
        if (!lw_level_set_string(&out->level->name, name))
            ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    if (ok && !lw_level_validate(out->level, err))
        ok = false;
    importer_free(&im);
    if (!ok)
        lwm_import_result_clear(out);
    return ok;
}
