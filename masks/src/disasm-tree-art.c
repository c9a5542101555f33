/* SPDX-License-Identifier: MIT */
/*
 * The art of a level written back into its disassembly tree (docs/DISASM.md §8.5): palette
 * colours, block mappings and 8x8 patterns, from the level's tiles and its tileset image.
 *
 * The tileset the import drew is the reference: a tile whose cell still shows what its block
 * draws keeps its block; a palette colour whose every pixel in the tileset now shows one other
 * colour is changed in the palette file; a changed quarter of a tile (or a new tile's) gets the
 * pattern that draws it, an existing one (flips allowed) or a new one appended to the art. No
 * existing pattern is changed, and a block other tiles' cells could use is changed only when its
 * own tile's art changed.
 */
#include "disasm-tree-export-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PATTERN_BYTES   32u
#define MAX_PATTERNS    0x800u /* 11-bit pattern index: all of VRAM */
#define MAX_BLOCK_IDS   0x400u /* 10-bit block ids */
#define BLOCK_RAM       0x300u /* the games' block table in RAM (0x1800 bytes) */
#define WORD_PRIORITY   0x8000u
#define WORD_LINE_SHIFT 13
#define WORD_VFLIP      0x1000u
#define WORD_HFLIP      0x0800u
#define WORD_INDEX      0x07FFu

typedef struct art_ctx {
    export_ctx *c;
    uint16_t pal[64], npal[64];
    bool have[64];
    int owner[64]; /* the slice that gives each colour (the last one), -1 */
    tree_pal_slice slices[64];
    size_t file_of[64]; /* the source file of each slice */
    size_t slice_count;
    uint32_t rgba[4][16]; /* the lines as drawn, from npal */
    tx_blob blocks, tiles;
    size_t blocks_old, tiles_old;
    uint32_t nb_old, np_old, np;
    uint32_t fillers;                  /* blank patterns appended over reserved VRAM tiles */
    bool art;                          /* patterns were read and the tileset is given */
    bool reserved[MAX_PATTERNS];       /* VRAM tiles past the art that blocks or animtiles use */
    const uint8_t *anim[MAX_PATTERNS]; /* animated tiles' first frames (the import draws them) */
    const tx_blob *animblk;            /* SonLVL's animated blocks file (`animblocks`), or NULL */
} art_ctx;

static uint16_t be16(const uint8_t *d)
{
    return (uint16_t)(d[0] << 8 | d[1]);
}

static void put16(uint8_t *d, uint16_t v)
{
    d[0] = (uint8_t)(v >> 8);
    d[1] = (uint8_t)v;
}

/* ---- the palette ---- */

static long palette_file(const art_ctx *a, const char *ini_path)
{
    char rel[512];
    if (!tree_resolve(ini_path, rel, sizeof rel, NULL))
        return -1;
    const lwm_tree_source *src = a->c->src;
    for (int pass = 0; pass < 2; pass++)
        for (size_t j = 0; j < src->file_count; j++)
            if (strcmp(src->files[j].role, "palette") == 0 && a->c->decoded[j] &&
                (pass ? strcasecmp(src->files[j].path, rel) : strcmp(src->files[j].path, rel)) == 0)
                return (long)j;
    return -1;
}

/* The colours as the import read them, and which slice of which file gives each. */
static void read_palette(art_ctx *a)
{
    const lwm_ini_section *sec = a->c->sec;
    const char *v = lwm_ini_get(sec, "palette");
    if (!v)
        v = lwm_ini_get(&a->c->tree->ini.sections[0], "palette");
    for (unsigned i = 0; i < 64; i++)
        a->owner[i] = -1;
    while (v && *v && a->slice_count < 64) {
        size_t n = strcspn(v, "|");
        tree_pal_slice *sl = &a->slices[a->slice_count];
        bool good = tree_parse_slice(v, n, 64, sl);
        v += n + (v[n] == '|');
        long j = good ? palette_file(a, sl->path) : -1;
        if (j < 0 || (size_t)(sl->from + sl->len) * 2u > a->c->raw[j].size)
            continue;
        a->file_of[a->slice_count] = (size_t)j;
        for (uint32_t i = 0; i < sl->len; i++) {
            a->pal[sl->to + i] = be16(a->c->raw[j].data + 2u * (sl->from + i));
            a->have[sl->to + i] = true;
            a->owner[sl->to + i] = (int)a->slice_count;
        }
        a->slice_count++;
    }
    memcpy(a->npal, a->pal, sizeof a->pal);
}

static void draw_lines(art_ctx *a)
{
    for (unsigned i = 0; i < 64; i++)
        a->rgba[i / 16][i % 16] =
            a->have[i] ? lwm_md_color_rgb(a->npal[i]) : (uint32_t)((i % 16) * 17u) * 0x010101u;
}

/* ---- cells of the tileset ---- */

static bool cell_at(const art_ctx *a, uint16_t art, uint32_t *x, uint32_t *y)
{
    const lwm_image *img = a->c->tileset;
    if (art == LW_NONE || img->width < 16)
        return false;
    uint32_t per_row = img->width / 16u;
    *x = (art % per_row) * 16u;
    *y = (art / per_row) * 16u;
    return *y + 16u <= img->height;
}

/* The colour index of pixel (@px, @py) of @pattern drawn with @word's flips. */
static unsigned pattern_index(const uint8_t *pattern, uint16_t word, unsigned px, unsigned py)
{
    unsigned sx = (word & WORD_HFLIP) ? 7u - px : px, sy = (word & WORD_VFLIP) ? 7u - py : py;
    uint8_t b = pattern[sy * 4u + sx / 2u];
    return (sx & 1u) ? b & 15u : (unsigned)b >> 4;
}

static const uint8_t *pattern_of(const art_ctx *a, uint16_t word)
{
    uint32_t idx = word & WORD_INDEX;
    if (a->anim[idx])
        return a->anim[idx];
    return idx < a->np ? a->tiles.data + idx * PATTERN_BYTES : NULL;
}

/* Whether the pixel @p shows colour @index of @line (0: transparent). */
static bool pixel_is(const art_ctx *a, const uint8_t *p, unsigned line, unsigned index)
{
    if (index == 0)
        return p[3] < 128;
    if (p[3] < 128)
        return false;
    uint32_t rgb = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    unsigned e = line * 16u + index;
    return rgb == a->rgba[line][index] ||
           (a->have[e] && lwm_md_color(p[0], p[1], p[2]) == a->npal[e]);
}

/* Whether quarter @k of the cell at (@x, @y) shows what @word draws (past the art: nothing). */
static bool quarter_shows(const art_ctx *a, uint32_t x, uint32_t y, unsigned k, uint16_t word)
{
    const uint8_t *pat = pattern_of(a, word);
    unsigned line = (word >> WORD_LINE_SHIFT) & 3u;
    for (unsigned py = 0; py < 8; py++)
        for (unsigned px = 0; px < 8; px++) {
            const uint8_t *p =
                lwm_image_pixel(a->c->tileset, x + (k & 1u) * 8u + px, y + (k >> 1) * 8u + py);
            if (!pixel_is(a, p, line, pat ? pattern_index(pat, word, px, py) : 0))
                return false;
        }
    return true;
}

/* Whether level tile @t is one of SonLVL's animated blocks (docs/DISASM.md §7.6). */
static bool is_anim_tile(const art_ctx *a, uint32_t t)
{
    const lwm_tree_source *src = a->c->src;
    return src->anim_count && t + 1u >= src->block_count &&
           t + 1u - src->block_count < src->anim_count;
}

/* Whether level tile @t is a block of the block mappings that the game overwrites with an
 * animated block at level load (ARZ's 760..767, §7.6): the import drew the animated one. */
static bool is_anim_inside(const art_ctx *a, uint32_t t)
{
    const lwm_tree_source *src = a->c->src;
    uint32_t b = lwm_tree_tile_block(src, t);
    return a->animblk && src->anim_limit && b >= src->anim_limit && b < src->block_count &&
           !is_anim_tile(a, t) && tree_anim_block(a->animblk->data, a->animblk->size, b);
}

/* The block bytes tile @t draws: the block mappings' (NULL past them: a tile new since), or its
 * animated block's. */
static const uint8_t *tile_block(const art_ctx *a, uint32_t t)
{
    uint32_t b = lwm_tree_tile_block(a->c->src, t);
    if (is_anim_tile(a, t) || is_anim_inside(a, t))
        return a->animblk ? tree_anim_block(a->animblk->data, a->animblk->size, b) : NULL;
    return b < a->nb_old && (size_t)(b + 1u) * 8u <= a->blocks.size ? a->blocks.data + b * 8u
                                                                    : NULL;
}

/* ---- palette colours the tileset changed ---- */

enum { SEEN_NONE, SEEN_ONE, SEEN_MANY };

/* Each colour's pixels in the cells of the tiles the tree's blocks draw: when all of them now
 * show one other colour, that colour changed. Colour 32 (line 2's colour 0, the backdrop) is the
 * level's background colour. */
static void infer_palette(art_ctx *a)
{
    const lw_level *lv = a->c->level;
    uint8_t seen[64] = {0};
    uint16_t now[64] = {0};
    for (uint32_t t = 0; a->art && t < lv->tile_count; t++) {
        uint32_t x, y;
        const uint8_t *block = tile_block(a, t);
        if (!block || !cell_at(a, lv->tiles[t].art, &x, &y))
            continue;
        for (unsigned k = 0; k < 4; k++) {
            uint16_t wd = be16(block + k * 2u);
            const uint8_t *pat = pattern_of(a, wd);
            unsigned line = (wd >> WORD_LINE_SHIFT) & 3u;
            for (unsigned py = 0; pat && py < 8; py++)
                for (unsigned px = 0; px < 8; px++) {
                    unsigned i = pattern_index(pat, wd, px, py), e = line * 16u + i;
                    if (i == 0 || !a->have[e] || seen[e] == SEEN_MANY)
                        continue;
                    const uint8_t *p = lwm_image_pixel(a->c->tileset, x + (k & 1u) * 8u + px,
                                                       y + (k >> 1) * 8u + py);
                    uint16_t w = p[3] < 128 ? 0xFFFFu : lwm_md_color(p[0], p[1], p[2]);
                    if (seen[e] == SEEN_NONE) {
                        seen[e] = SEEN_ONE;
                        now[e] = w;
                    } else if (now[e] != w) {
                        seen[e] = SEEN_MANY;
                    }
                }
        }
    }
    for (unsigned e = 0; e < 64; e++)
        if (seen[e] == SEEN_ONE && now[e] != 0xFFFFu)
            a->npal[e] = now[e];
    uint32_t bg = lv->background_rgb;
    if (a->have[32] && a->np_old)
        a->npal[32] = lwm_md_color((uint8_t)(bg >> 16), (uint8_t)(bg >> 8), (uint8_t)bg);
}

/* Each changed palette file: the colours at the place of the slice that gives them. */
static bool write_palette(art_ctx *a)
{
    export_ctx *c = a->c;
    for (size_t j = 0; j < c->src->file_count; j++) {
        if (strcmp(c->src->files[j].role, "palette") != 0 || !c->decoded[j])
            continue;
        bool first = true;
        for (size_t k = 0; k < j; k++)
            first &= strcmp(c->src->files[k].path, c->src->files[j].path) != 0;
        if (!first)
            continue;
        tx_blob nw = {malloc(c->raw[j].size + 1u), c->raw[j].size};
        if (!nw.data)
            return tx_nomem(c);
        memcpy(nw.data, c->raw[j].data, nw.size);
        uint32_t changed = 0;
        for (unsigned e = 0; e < 64; e++) {
            if (a->npal[e] == a->pal[e] || a->owner[e] < 0)
                continue;
            const tree_pal_slice *sl = &a->slices[a->owner[e]];
            if (strcmp(c->src->files[a->file_of[a->owner[e]]].path, c->src->files[j].path) != 0)
                continue;
            put16(nw.data + 2u * (sl->from + (e - sl->to)), a->npal[e]);
            changed += 2;
            c->out->colours_changed++;
        }
        bool ok = !changed || tx_add_file(c, j, &nw, changed, true);
        if (!changed)
            c->out->unchanged++;
        free(nw.data);
        if (!ok)
            return false;
    }
    return true;
}

/* ---- patterns and blocks ---- */

static void pack_pattern(const uint8_t idx[64], bool h, bool v, uint8_t out[PATTERN_BYTES])
{
    memset(out, 0, PATTERN_BYTES);
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++) {
            unsigned sx = h ? 7u - x : x, sy = v ? 7u - y : y;
            out[y * 4u + x / 2u] |= (uint8_t)(idx[sy * 8u + sx] << ((x & 1u) ? 0 : 4));
        }
}

/* Quarter @k of the cell at (@x, @y) in the indices of @line; false when a pixel has no colour
 * of that line. */
static bool quarter_indices(const art_ctx *a, uint32_t x, uint32_t y, unsigned k, unsigned line,
                            uint8_t idx[64])
{
    for (unsigned py = 0; py < 8; py++)
        for (unsigned px = 0; px < 8; px++) {
            const uint8_t *p =
                lwm_image_pixel(a->c->tileset, x + (k & 1u) * 8u + px, y + (k >> 1) * 8u + py);
            unsigned found = p[3] < 128 ? 0u : 16u;
            for (unsigned i = 1; found == 16u && i < 16; i++)
                if (pixel_is(a, p, line, i))
                    found = i;
            if (found == 16u)
                return false;
            idx[py * 8u + px] = (uint8_t)found;
        }
    return true;
}

/* The pattern word that draws @idx on @line: an existing pattern (with flips) or a new one. */
static bool intern(art_ctx *a, const uint8_t idx[64], unsigned line, uint16_t *word)
{
    uint8_t flip[4][PATTERN_BYTES];
    for (unsigned f = 0; f < 4; f++)
        pack_pattern(idx, f & 1u, f & 2u, flip[f]);
    for (uint32_t p = 0; p < a->np; p++)
        for (unsigned f = 0; f < 4 && !a->anim[p] && !a->reserved[p]; f++)
            if (memcmp(a->tiles.data + p * PATTERN_BYTES, flip[f], PATTERN_BYTES) == 0) {
                *word = (uint16_t)(line << WORD_LINE_SHIFT | (f & 1u ? WORD_HFLIP : 0u) |
                                   (f & 2u ? WORD_VFLIP : 0u) | p);
                return true;
            }
    export_ctx *c = a->c;
    while (a->np < MAX_PATTERNS && a->reserved[a->np] &&
           a->tiles.size == (size_t)a->np * PATTERN_BYTES) {
        uint8_t *d = realloc(a->tiles.data, a->tiles.size + PATTERN_BYTES);
        if (!d)
            return tx_nomem(c);
        a->tiles.data = d;
        memset(d + a->tiles.size, 0, PATTERN_BYTES);
        a->tiles.size += PATTERN_BYTES;
        a->np++;
        a->fillers++;
    }
    if (a->np >= MAX_PATTERNS || a->tiles.size != (size_t)a->np * PATTERN_BYTES)
        return lw_error_set(c->err, LW_ERR_LIMIT,
                            "a new 8x8 pattern past the art's %u: the art holds at most %u "
                            "patterns (and no bytes past its last)",
                            a->np, MAX_PATTERNS);
    uint8_t *d = realloc(a->tiles.data, a->tiles.size + PATTERN_BYTES);
    if (!d)
        return tx_nomem(c);
    a->tiles.data = d;
    memcpy(d + a->tiles.size, flip[0], PATTERN_BYTES);
    a->tiles.size += PATTERN_BYTES;
    *word = (uint16_t)(line << WORD_LINE_SHIFT | a->np++);
    c->out->patterns_added++;
    return true;
}

/* The VRAM tiles past the art that the game fills with other art: those the blocks' (and the
 * animated blocks') words name (animated tiles, art loaded elsewhere) and the INI's
 * `animtilesN=FILE:SRC:DST:LEN` ranges. A new pattern never takes one (a blank pattern fills it),
 * or the game would draw over it. */
static void reserve(art_ctx *a)
{
    for (size_t i = 8; i + 1 < a->blocks.size; i += 2) {
        uint32_t idx = be16(a->blocks.data + i) & WORD_INDEX;
        if (idx >= a->np_old)
            a->reserved[idx] = true;
    }
    for (size_t i = 4; a->animblk && i + 1 < a->animblk->size; i += 2) {
        uint32_t idx = be16(a->animblk->data + i) & WORD_INDEX;
        if (idx >= a->np_old)
            a->reserved[idx] = true;
    }
    const lwm_tree_source *src = a->c->src;
    for (unsigned n = 1; n <= LWM_TREE_ANIMTILES; n++) {
        char key[16];
        snprintf(key, sizeof key, "animtiles%u", n);
        const char *v = lwm_ini_get(a->c->sec, key);
        if (!v)
            v = lwm_ini_get(&a->c->tree->ini.sections[0], key);
        tree_pal_slice sl;
        if (!v || !tree_parse_slice(v, strlen(v), MAX_PATTERNS, &sl))
            continue;
        const tree_blob *file = NULL;
        for (size_t j = 0; j < src->file_count && !file; j++)
            if (strcmp(src->files[j].role, key) == 0 && a->c->decoded[j])
                file = &a->c->raw[j];
        for (uint32_t i = 0; i < sl.len; i++) {
            a->reserved[sl.to + i] = true;
            if (file && (size_t)(sl.from + i + 1u) * PATTERN_BYTES <= file->size)
                a->anim[sl.to + i] = file->data + (size_t)(sl.from + i) * PATTERN_BYTES;
        }
    }
}

/* The four words of tile @t's block: kept where the cell shows them, else fitted. */
static bool tile_words(art_ctx *a, uint32_t t, uint16_t words[4])
{
    uint32_t x, y;
    const lw_tile *tile = &a->c->level->tiles[t];
    if (!a->art || !cell_at(a, tile->art, &x, &y))
        return true;
    static const unsigned order[4] = {1, 2, 3, 0};
    for (unsigned k = 0; k < 4; k++) {
        if (quarter_shows(a, x, y, k, words[k]))
            continue;
        unsigned old_line = (words[k] >> WORD_LINE_SHIFT) & 3u;
        uint8_t idx[64];
        bool fitted = false;
        for (int n = -1; n < 4 && !fitted; n++) {
            unsigned line = n < 0 ? old_line : order[n];
            if (!quarter_indices(a, x, y, k, line, idx))
                continue;
            uint16_t w = 0;
            if (!intern(a, idx, line, &w))
                return false;
            words[k] = (uint16_t)(w | (words[k] & WORD_PRIORITY));
            fitted = true;
        }
        if (!fitted) {
            static const char *const names[4] = {"top-left", "top-right", "bottom-left",
                                                 "bottom-right"};
            return lw_error_set(a->c->err, LW_ERR_LIMIT,
                                "tile %u (tileset cell %u), %s quarter: its colours are not all "
                                "in one palette line",
                                t, tile->art, names[k]);
        }
    }
    return true;
}

/* An animated block's tile (SonLVL's data, never written): its art must still show it. */
static bool anim_tile_words(art_ctx *a, uint32_t t)
{
    const uint8_t *block = tile_block(a, t);
    uint16_t words[4], was[4];
    for (unsigned k = 0; block && k < 4; k++)
        words[k] = was[k] = be16(block + k * 2u);
    if (!block || !tile_words(a, t, words))
        return block != NULL;
    if (memcmp(words, was, sizeof words) != 0)
        return lw_error_set(a->c->err, LW_ERR_FORMAT,
                            "tile %u is animated block %u, which SonLVL's animated blocks file "
                            "gives (the game's are code in its source): its art is not written "
                            "back; undo the edit of its art",
                            t, lwm_tree_tile_block(a->c->src, t));
    return true;
}

static bool build_blocks(art_ctx *a, bool *alters)
{
    export_ctx *c = a->c;
    const lw_level *lv = c->level;
    uint32_t need = 1u;
    for (uint32_t t = 0; t < lv->tile_count; t++)
        if (!is_anim_tile(a, t) && lwm_tree_tile_block(c->src, t) + 1u > need)
            need = lwm_tree_tile_block(c->src, t) + 1u;
    uint32_t max = a->nb_old > BLOCK_RAM ? a->nb_old : BLOCK_RAM;
    if (c->src->anim_limit > a->nb_old && c->src->anim_limit < max)
        max = c->src->anim_limit; /* the game copies its animated blocks from there on */
    if (need > a->nb_old) {
        if (need > max || need > MAX_BLOCK_IDS)
            return lw_error_set(c->err, LW_ERR_LIMIT,
                                "%u tiles: the game's block table holds %u blocks (block 0 "
                                "included%s)",
                                lv->tile_count, max,
                                max == c->src->anim_limit ? "; the animated blocks follow" : "");
        if (a->blocks.size != (size_t)a->nb_old * 8u)
            return lw_error_set(c->err, LW_ERR_LIMIT,
                                "new tiles, but the block mappings hold bytes past their %u "
                                "blocks",
                                a->nb_old);
        uint8_t *d = realloc(a->blocks.data, (size_t)need * 8u);
        if (!d)
            return tx_nomem(c);
        memset(d + a->blocks.size, 0, (size_t)need * 8u - a->blocks.size);
        a->blocks.data = d;
        a->blocks.size = (size_t)need * 8u;
        c->out->blocks_added = need - a->nb_old;
    }
    for (uint32_t t = 0; t < lv->tile_count; t++) {
        if (is_anim_tile(a, t) || is_anim_inside(a, t)) {
            /* its block data's words (ARZ's placeholders) stay as they are */
            if (!anim_tile_words(a, t))
                return false;
            continue;
        }
        uint32_t id = lwm_tree_tile_block(c->src, t);
        uint8_t *b = a->blocks.data + id * 8u;
        uint16_t words[4];
        for (unsigned k = 0; k < 4; k++)
            words[k] = be16(b + k * 2u);
        if (!tile_words(a, t, words))
            return false;
        bool changed = false;
        for (unsigned k = 0; k < 4; k++) {
            changed |= words[k] != be16(b + k * 2u);
            put16(b + k * 2u, words[k]);
        }
        if (changed && id < a->nb_old) {
            c->out->blocks_changed++;
            *alters = true;
        }
    }
    return true;
}

static void notes(const art_ctx *a)
{
    const lwm_tree_export *o = a->c->out;
    if (o->blocks_added || o->blocks_changed || o->patterns_added || o->colours_changed)
        lwm_report_add(a->c->report, LWM_REPORT_NOTE, NULL, -1,
                       "art: %u blocks added, %u changed, %u 8x8 patterns added, %u palette "
                       "colours changed",
                       o->blocks_added, o->blocks_changed, o->patterns_added, o->colours_changed);
    if (a->fillers)
        lwm_report_add(a->c->report, LWM_REPORT_NOTE, NULL, -1,
                       "%u blank 8x8 patterns fill the VRAM tiles between 0x%X and 0x%X that the "
                       "zone's blocks or animated tiles use for other art",
                       a->fillers, a->np_old, a->np - 1u);
    if (o->patterns_added)
        lwm_report_add(a->c->report, LWM_REPORT_WARNING, NULL, -1,
                       "the new 8x8 patterns are VRAM tiles 0x%X..0x%X, after the zone's art: "
                       "check that the game loads no other art (objects) there",
                       a->np_old, a->np - 1u);
}

bool tree_export_art(export_ctx *c)
{
    if (!tx_role_present(c, "blocks"))
        return true;
    art_ctx a;
    memset(&a, 0, sizeof a);
    a.c = c;
    for (size_t j = 0; j < c->src->file_count; j++)
        if (strcmp(c->src->files[j].role, "animblocks") == 0 && c->decoded[j])
            a.animblk = &c->raw[j];
    bool ok = tx_composite(c, "blocks", &a.blocks) && tx_composite(c, "tiles", &a.tiles);
    a.blocks_old = a.blocks.size;
    a.tiles_old = a.tiles.size;
    /* the tables as the tree has them now (a save may have appended to them since the import,
     * whose counts the source keeps: its kept chunk words refer to them) */
    a.nb_old =
        (uint32_t)((a.blocks.size < MAX_BLOCK_IDS * 8u ? a.blocks.size : MAX_BLOCK_IDS * 8u) / 8u);
    a.np_old = a.np =
        (uint32_t)((a.tiles.size < MAX_PATTERNS * PATTERN_BYTES ? a.tiles.size
                                                                : MAX_PATTERNS * PATTERN_BYTES) /
                   PATTERN_BYTES);
    if (!c->src->pattern_count)
        a.np_old = a.np = 0; /* the import read no art (no decoder): none is compared */
    a.art = ok && c->tileset && c->tileset->rgba && tx_role_present(c, "tiles") && a.np_old &&
            a.tiles.size >= (size_t)a.np_old * PATTERN_BYTES &&
            a.blocks.size >= (size_t)a.nb_old * 8u;
    bool alters = false;
    if (ok && a.nb_old >= 1u && a.blocks.size >= (size_t)a.nb_old * 8u) {
        read_palette(&a);
        reserve(&a);
        infer_palette(&a);
        draw_lines(&a);
        ok = build_blocks(&a, &alters);
        if (ok)
            snprintf(c->failed, 4096, "%s", c->tree->root);
        ok = ok && tx_write_role(c, "blocks", &a.blocks, a.blocks_old, alters) &&
             (a.np == a.np_old || tx_write_role(c, "tiles", &a.tiles, a.tiles_old, false)) &&
             write_palette(&a);
        c->out->block_count = a.nb_old + c->out->blocks_added;
        c->out->pattern_count = a.np;
        if (ok)
            notes(&a);
    }
    free(a.blocks.data);
    free(a.tiles.data);
    return ok;
}
