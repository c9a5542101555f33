/* SPDX-License-Identifier: MIT */
/*
 * The tree import, building the level from the game's tables read (disasm-tree.h,
 * docs/DISASM.md §7.4): tiles and masks, chunks (kept words), the layout, the tileset, objects
 * and rings.
 */
#include "disasm-tree-import-private.h"

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
                if (level_chunk(c, ti_slot(c, layer, x, y)) != LW_NONE) {
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
                return ti_nomem(c);
            tile.mask[p] = (uint16_t)k;
        }
        if (lw_level_add_tile(c->out->level, &tile) < 0)
            return ti_nomem(c);
    }
    if (indexed < blocks)
        lwm_report_add(c->report, LWM_REPORT_WARNING, ti_role_file(c, "blocks"), -1,
                       "%u blocks, the collision index covers %u: blocks %u.. have no collision",
                       blocks, indexed, indexed);
    return true;
}

static bool keep_word(tree_ctx *c, uint32_t off, uint16_t word)
{
    lwm_tree_source *s = c->src;
    lwm_tree_kept_word *k = realloc(s->kept, (s->kept_count + 1) * sizeof *k);
    if (!k)
        return ti_nomem(c);
    s->kept = k;
    s->kept[s->kept_count++] = (lwm_tree_kept_word){off, word};
    return true;
}

/* One chunk word as a cell; a block past the loaded ones is an empty cell, the word kept. */
static bool chunk_cell(tree_ctx *c, uint32_t off, lw_cell *cell)
{
    uint16_t wd = ti_be16(c->chunks.data + off);
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
        return ti_nomem(c);
    bool ok = true;
    for (uint32_t k = c->src->first_chunk; ok && k < c->src->chunk_count; k++) {
        for (uint32_t i = 0; ok && i < cells; i++)
            ok = chunk_cell(c, k * c->chunk_bytes + 2u * i, &buf[i]);
        ok = ok && (lw_level_add_chunk(c->out->level, buf) >= 0 || ti_nomem(c));
    }
    free(buf);
    size_t past = 0;
    for (size_t i = 0; i < c->src->kept_count; i++)
        past += (c->src->kept[i].word & 0x3FFu) >= c->src->block_count;
    if (ok && past)
        lwm_report_add(c->report, LWM_REPORT_WARNING, ti_role_file(c, "chunks"), -1,
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
            any_bg |= level_chunk(c, ti_slot(c, 1, x, y)) != LW_NONE;
    if (any_bg && !lw_level_ensure_background(level))
        return ti_nomem(c);
    unsigned cropped = 0;
    for (int layer = 0; layer < 2; layer++)
        for (uint32_t y = 0; y < c->lay_h[layer]; y++)
            for (uint32_t x = 0; x < c->lay_w[layer]; x++) {
                uint16_t id = level_chunk(c, ti_slot(c, layer, x, y));
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

/* The water palette's lines (docs/DISASM.md §8.1), each entry the water colour or, where the
 * water palette gives none (-1), the normal colour; @fallback marks those entries. */
static void water_line_rgba(const tree_ctx *c, uint32_t normal[4][16], uint32_t rgba[4][16],
                            bool fallback[4][16])
{
    for (unsigned i = 0; i < 64; i++) {
        int32_t w = c->src->water_palette[i];
        fallback[i / 16][i % 16] = w < 0;
        rgba[i / 16][i % 16] =
            w >= 0 ? lwm_md_color_rgb((uint16_t)w) << 8 | 0xFFu : normal[i / 16][i % 16];
    }
}

/* The drawn (non-zero) pixels of @pattern whose colour entry has no water colour. */
static uint32_t fallback_pixels(const uint8_t *pattern, const bool fallback[16])
{
    uint32_t n = 0;
    for (unsigned i = 0; i < MD_PATTERN_BYTES * 2u; i++) {
        unsigned idx = (i & 1u) ? pattern[i / 2u] & 15u : (unsigned)pattern[i / 2u] >> 4;
        n += idx && fallback[idx];
    }
    return n;
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
    uint32_t rgba[4][16], water[4][16];
    bool fallback[4][16];
    line_rgba(c, rgba);
    water_line_rgba(c, rgba, water, fallback);
    /* the water tileset: the same patterns with the water palette, exact because the patterns
     * keep their palette indices here (docs/DISASM.md §8.1) */
    bool wet = c->src->has_water_palette;
    uint32_t fallback_px = 0;
    if (!lwm_image_init(&c->out->tileset, 256u, 16u * ((tiles + 15u) / 16u), 0, c->err) ||
        (wet &&
         !lwm_image_init(&c->out->water_tileset, 256u, 16u * ((tiles + 15u) / 16u), 0, c->err)))
        return false;
    unsigned past = 0;
    long first_past = -1;
    for (uint32_t b = 1; b <= tiles; b++)
        for (uint32_t k = 0; k < 4; k++) {
            uint16_t wd = ti_be16(tile_words(c, b - 1u) + k * 2u);
            uint32_t idx = wd & MD_WORD_INDEX, line = (wd >> MD_WORD_LINE_SHIFT) & 3u;
            const uint8_t *anim = idx < MAX_ART_BYTES / MD_PATTERN_BYTES ? c->anim[idx] : NULL;
            if (idx >= patterns && !anim) {
                if (!past++)
                    first_past = (long)(b * 8u + k * 2u);
                continue;
            }
            uint32_t t = b - 1u, x = (t % 16u) * 16u + (k & 1u) * 8u,
                     y = (t / 16u) * 16u + (k >> 1) * 8u;
            const uint8_t *pattern = anim ? anim : c->tiles.data + idx * MD_PATTERN_BYTES;
            md_pattern_draw(&c->out->tileset, x, y, pattern, wd, rgba[line]);
            if (wet) {
                md_pattern_draw(&c->out->water_tileset, x, y, pattern, wd, water[line]);
                fallback_px += fallback_pixels(pattern, fallback[line]);
            }
        }
    c->out->water_fallback_px = fallback_px;
    if (wet)
        lwm_report_add(c->report, LWM_REPORT_NOTE, NULL, -1,
                       "water tileset drawn with the water palette %s: %u pixels have no water "
                       "colour (drawn in the normal colour)",
                       c->src->water_palette_name, fallback_px);
    if (past)
        lwm_report_add(c->report, LWM_REPORT_WARNING, ti_role_file(c, "blocks"), -1,
                       "unpacked byte %ld: %u pattern words refer past the art's %u patterns "
                       "(art the game loads elsewhere, e.g. animated tiles): drawn transparent",
                       first_past, past, patterns);
    for (uint32_t i = 0; i < 8; i++)
        if (c->blocks.data[i]) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, ti_role_file(c, "blocks"), 0,
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
    if (!ti_read_file(c, role, path, true, &missing, &data, &size))
        return false;
    if (missing) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, path, -1, "no %s file", role);
        return true;
    }
    c->src->files[c->src->file_count - 1].raw_size = (uint32_t)size;
    bool ok = tree_layout_to_markers(c->out->level, fmt, data, size, names, &count, c->err);
    free(data);
    if (ok)
        lwm_report_add(c->report, LWM_REPORT_NOTE, ti_role_file(c, role), -1,
                       "%zu %s records as markers", count, rings ? "ring" : "object");
    return ok;
}

static bool read_layouts(tree_ctx *c)
{
    lwm_object_names *names = load_names(c);
    if (!names)
        return ti_nomem(c);
    bool ok =
        read_layout_role(c, "objects", false, names) && read_layout_role(c, "rings", true, names);
    free(names);
    return ok;
}

bool ti_build_level(tree_ctx *c)
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
        return ti_nomem(c);
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
            return ti_nomem(c);
    }
    if (c->game == LWM_GAME_S1 &&
        !tree_s1_loops(c->tree, c->sec, ti_role_file(c, "fglayout"),
                       c->layout[0].data + c->lay_at[0], c->lay_w[0], c->lay_h[0],
                       c->src->chunk_count, level, c->report, c->err))
        return false;
    return read_layouts(c) && lw_level_validate(level, c->err);
}
