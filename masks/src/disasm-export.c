/* SPDX-License-Identifier: MIT */
/*
 * A level -> the files of a Sonic 1 / Sonic 2 disassembly's level (docs/DISASM.md). Everything is
 * computed and every limit checked before a single byte is written.
 */
#include "disasm-private.h"

#include <ctype.h>
#include <errno.h>
#include <loopwright/enigma.h>
#include <loopwright/kosinski.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- names ---- */

bool lwm_disasm_path(lwm_game game, lwm_disasm_kind kind, const char *zone, unsigned act, char *buf,
                     size_t size)
{
    if (game != LWM_GAME_S1 && game != LWM_GAME_S2)
        return false;
    char lower[128];
    size_t n = strlen(zone);
    if (n >= sizeof lower)
        return false;
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)zone[i]);
    int r;
    bool s2 = game == LWM_GAME_S2;
    switch (kind) {
    case LWM_DISASM_CHUNKS:
        r = s2 ? snprintf(buf, size, "mappings/128x128/%s.kos", zone)
               : snprintf(buf, size, "map256/%s.kos", zone);
        break;
    case LWM_DISASM_BLOCKS:
        r = s2 ? snprintf(buf, size, "mappings/16x16/%s.kos", zone)
               : snprintf(buf, size, "map16/%s.eni", zone);
        break;
    case LWM_DISASM_LAYOUT:
        r = s2 ? snprintf(buf, size, "level/layout/%s_%u.kos", zone, act)
               : snprintf(buf, size, "levels/%s%u.bin", lower, act);
        break;
    case LWM_DISASM_LAYOUT_BG:
        if (s2)
            return false;
        r = snprintf(buf, size, "levels/%sbg.bin", lower);
        break;
    case LWM_DISASM_ART:
        r = s2 ? snprintf(buf, size, "art/kosinski/%s.kos", zone)
               : snprintf(buf, size, "artunc/8x8 - %s.bin", zone);
        break;
    case LWM_DISASM_PALETTE:
        r = s2 ? snprintf(buf, size, "art/palettes/%s.bin", zone)
               : snprintf(buf, size, "palette/%s.bin", zone);
        break;
    case LWM_DISASM_STARTPOS:
        r = s2 ? snprintf(buf, size, "startpos/%s_%u.bin", zone, act)
               : snprintf(buf, size, "startpos/%s%u.bin", lower, act);
        break;
    case LWM_DISASM_COLLISION:
        r = snprintf(buf, size, "%s", s2 ? "collision" : "collide");
        break;
    case LWM_DISASM_KIND_COUNT:
    default:
        return false;
    }
    return r >= 0 && (size_t)r < size;
}

lwm_disasm_options lwm_disasm_options_default(lwm_game game, const char *zone)
{
    lwm_disasm_options o = {game, zone, 1, LWM_ART_EXACT, 3};
    return o;
}

void lwm_disasm_export_clear(lwm_disasm_export *ex)
{
    for (size_t i = 0; i < ex->file_count; i++) {
        free(ex->files[i].data);
        free(ex->files[i].raw);
    }
    memset(ex, 0, sizeof *ex);
}

/* ---- chunk tables: de-duplicated arrays of big-endian-to-be words ---- */

typedef struct chunk_table {
    uint16_t *words; /* count * n words */
    uint32_t count, capacity;
    uint32_t n;         /* words per chunk: 64 (S2) or 256 (S1) */
    uint32_t *slots;    /* open addressing: chunk index + 1, 0 = free */
    uint32_t slot_mask; /* slots - 1 (a power of two above twice the most chunks) */
} chunk_table;

static uint32_t chunk_hash(const uint16_t *w, uint32_t n)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ w[i]) * 16777619u;
    return h;
}

static bool all_zero(const uint16_t *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (w[i])
            return false;
    return true;
}

/* Id of chunk @w in @t, adding it when new; @base is the id of stored chunk 0. An all-zero chunk
 * is id 0. Returns UINT32_MAX when out of memory. Counting continues past the
 * game's limit so the report can give the full number. */
static uint32_t chunk_intern(chunk_table *t, const uint16_t *w, uint32_t base)
{
    if (all_zero(w, t->n))
        return 0;
    uint32_t h = chunk_hash(w, t->n) & t->slot_mask;
    while (t->slots[h]) {
        uint32_t i = t->slots[h] - 1u;
        if (memcmp(t->words + (size_t)i * t->n, w, t->n * sizeof *w) == 0)
            return i + base;
        h = (h + 1u) & t->slot_mask;
    }
    if (t->count == t->capacity) {
        uint32_t cap = t->capacity ? t->capacity * 2u : 64u;
        uint16_t *p = realloc(t->words, (size_t)cap * t->n * sizeof *p);
        if (!p)
            return UINT32_MAX;
        t->words = p;
        t->capacity = cap;
    }
    memcpy(t->words + (size_t)t->count * t->n, w, t->n * sizeof *w);
    t->slots[h] = t->count + 1u;
    return base + t->count++;
}

/* The game's word for @cell (NULL = empty). Effective solidity: a jump-through tile is only ever
 * top-solid, so its LRB bits are cleared (the games have no per-block flag). */
static uint16_t cell_word(const lw_level *level, const lw_cell *cell, lwm_game game,
                          uint32_t *path_b_differs)
{
    if (!cell || cell->tile == LW_NONE)
        return 0;
    unsigned sa = lw_cell_solidity(cell, LW_PATH_A), sb = lw_cell_solidity(cell, LW_PATH_B);
    if (level->tiles[cell->tile].flags & LW_TILE_JUMP_THROUGH) {
        sa &= LW_SOLID_TOP;
        sb &= LW_SOLID_TOP;
    }
    unsigned block = cell->tile + 1u;
    unsigned fx = (cell->flags & LW_CELL_FLIP_X) ? 1u : 0u,
             fy = (cell->flags & LW_CELL_FLIP_Y) ? 1u : 0u;
    if (game == LWM_GAME_S2)
        return (uint16_t)(block | fx << 10 | fy << 11 | sa << 12 | sb << 14);
    if (sa != sb)
        (*path_b_differs)++;
    return (uint16_t)(block | fx << 11 | fy << 12 | sa << 13);
}

/* The level cell at cell coordinates (@cx, @cy) of @layer, or NULL when empty/outside. */
static const lw_cell *level_cell(const lw_level *level, lw_layer layer, uint32_t cx, uint32_t cy)
{
    uint32_t k = level->chunk_cells;
    uint32_t lx = cx / k, ly = cy / k;
    if (!level->layout[layer] || lx >= level->layout_width || ly >= level->layout_height)
        return NULL;
    uint16_t c = lw_level_layout_get(level, layer, lx, ly);
    if (c == LW_NONE)
        return NULL;
    return lw_level_chunk_cells(level, c) + (cy % k) * k + cx % k;
}

/* ---- files ---- */

/* Add a file whose compressed bytes are already known (@data, @size; @raw = NULL for a plain
 * file). */
static bool add_file_given(lwm_disasm_export *ex, lwm_game game, const char *zone, unsigned act,
                           const char *name, lwm_disasm_codec codec, const uint8_t *data,
                           size_t size, const uint8_t *raw, size_t raw_size, lw_error *err)
{
    LW_ASSERT(ex->file_count < LWM_DISASM_MAX_FILES);
    lwm_disasm_file *f = &ex->files[ex->file_count];
    memset(f, 0, sizeof *f);
    char dir[64];
    if (!lwm_disasm_path(game, LWM_DISASM_COLLISION, zone, act, dir, sizeof dir) ||
        snprintf(f->path, sizeof f->path, "%s/%s", dir, name) >= (int)sizeof f->path)
        return lw_error_set(err, LW_ERR_RANGE, "zone name too long");
    f->codec = codec;
    f->data = malloc(size ? size : 1);
    f->raw = raw ? malloc(raw_size ? raw_size : 1) : NULL;
    if (!f->data || (raw && !f->raw)) {
        free(f->data);
        free(f->raw);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    memcpy(f->data, data, size);
    f->size = size;
    if (raw) {
        memcpy(f->raw, raw, raw_size);
        f->raw_size = raw_size;
    }
    ex->file_count++;
    return true;
}

/* Add file @kind made from @raw, compressed with @codec. */
static bool add_file(lwm_disasm_export *ex, lwm_game game, lwm_disasm_kind kind, const char *zone,
                     unsigned act, lwm_disasm_codec codec, const uint8_t *raw, size_t raw_size,
                     lw_error *err)
{
    LW_ASSERT(ex->file_count < LWM_DISASM_MAX_FILES);
    lwm_disasm_file *f = &ex->files[ex->file_count];
    memset(f, 0, sizeof *f);
    if (!lwm_disasm_path(game, kind, zone, act, f->path, sizeof f->path)) {
        return lw_error_set(err, LW_ERR_RANGE, "zone name too long");
    }
    f->codec = codec;
    size_t cap = codec == LWM_CODEC_KOSINSKI ? lw_kosinski_bound(raw_size)
                 : codec == LWM_CODEC_ENIGMA ? lw_enigma_bound(raw_size / 2u)
                                             : raw_size;
    f->data = malloc(cap ? cap : 1);
    if (!f->data)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    if (codec == LWM_CODEC_NONE) {
        memcpy(f->data, raw, raw_size);
        f->size = raw_size;
    } else {
        f->raw = malloc(raw_size ? raw_size : 1);
        if (!f->raw) {
            free(f->data);
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        }
        memcpy(f->raw, raw, raw_size);
        f->raw_size = raw_size;
        if (codec == LWM_CODEC_KOSINSKI) {
            f->size = lw_kosinski_compress(raw, raw_size, f->data);
        } else {
            uint16_t *w = malloc((raw_size / 2u + 1u) * sizeof *w);
            if (w) {
                for (size_t i = 0; i < raw_size / 2u; i++)
                    w[i] = (uint16_t)(raw[2 * i] << 8 | raw[2 * i + 1]);
                f->size = lw_enigma_compress(w, raw_size / 2u, f->data);
                free(w);
            }
        }
        if (f->size == 0) {
            free(f->data);
            free(f->raw);
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory compressing %s", f->path);
        }
    }
    ex->file_count++;
    return true;
}

static void put_be16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

typedef struct warn_ctx {
    lwm_report *report;
} warn_ctx;

static void classic_warn(void *user, const char *file, long offset, const char *message)
{
    warn_ctx *w = user;
    lwm_report_add(w->report, LWM_REPORT_WARNING, file, offset, "collision: %s", message);
}

static bool zone_ok(const char *zone)
{
    if (!zone || !*zone || strlen(zone) > 64)
        return false;
    for (const char *p = zone; *p; p++)
        if (*p == '/' || (unsigned char)*p < 0x20)
            return false;
    return strcmp(zone, ".") != 0 && strcmp(zone, "..") != 0;
}

/* The state of one export, shared by its steps. */
typedef struct exporter {
    const lw_level *level;
    const lwm_image *art;
    const lwm_disasm_options *opts;
    lwm_disasm_export *out;
    lwm_report *report;
    lw_error *err;
    lwm_game game;
    bool s2;
    lwm_disasm_stats *st;
    const char *gname;
    lwm_classic *classic;
    uint32_t game_px, game_cells, n, lw, lh;
    chunk_table table;
    uint8_t *ids[2]; /* game chunk id per game layout slot, FG and BG */
    const lw_object *start;
    md_art mart;
} exporter;

/* collision: classic.h does the tables and the indexes */
static bool export_collision(exporter *e)
{
    const lw_level *level = e->level;
    lwm_report *report = e->report;
    lwm_classic *classic = calloc(1, sizeof *classic);
    if (!classic)
        return lw_error_set(e->err, LW_ERR_NOMEM, "out of memory");
    e->classic = classic;
    warn_ctx wc = {report};
    bool have_classic = false;
    if (level->tile_count + 1u <= LWM_MD_MAX_BLOCKS) {
        lw_error cerr;
        have_classic = lwm_classic_from_level(level, e->game, classic, classic_warn, &wc, &cerr);
        if (!have_classic) {
            if (cerr.code != LW_ERR_LIMIT) {
                free(classic);
                e->classic = NULL;
                if (e->err)
                    *e->err = cerr;
                return false;
            }
            lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1, "collision: %s", cerr.message);
        } else {
            for (uint32_t m = 1; m < LWM_CLASSIC_MASKS; m++) {
                bool empty = true;
                for (int c = 0; c < 16; c++)
                    empty &= classic->masks[m].heights[c] == 0;
                e->st->masks += !empty;
            }
        }
    }
    return true;
}

/* chunks and layout: the level's chunks cut or joined into the game's, de-duplicated */
static bool export_chunks(exporter *e)
{
    const lw_level *level = e->level;
    lwm_report *report = e->report;
    lwm_disasm_stats *st = e->st;
    bool s2 = e->s2;
    lwm_game game = e->game;
    uint32_t game_px = s2 ? 128u : 256u, game_cells = game_px / 16u;
    uint32_t n = game_cells * game_cells;
    uint32_t f = level->chunk_px >= game_px ? level->chunk_px / game_px : 1u; /* pieces a side */
    uint32_t g = level->chunk_px < game_px ? game_px / level->chunk_px : 1u;  /* slots a side */
    uint32_t lw = (level->layout_width * f + g - 1u) / g,
             lh = (level->layout_height * f + g - 1u) / g;
    e->game_px = game_px;
    e->game_cells = game_cells;
    e->n = n;
    e->lw = lw;
    e->lh = lh;
    st->layout_width = lw;
    st->layout_height = lh;
    uint32_t max_w = s2 ? LWM_S2_LAYOUT_W : LWM_S1_LAYOUT_W;
    uint32_t max_h = s2 ? LWM_S2_LAYOUT_H : LWM_S1_LAYOUT_H;
    if (lw > max_w || lh > max_h)
        lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1,
                       "layout: %ux%u chunks of %u px (the level's %ux%u of %u px); %s's layout "
                       "holds %ux%u",
                       lw, lh, game_px, level->layout_width, level->layout_height, level->chunk_px,
                       e->gname, max_w, max_h);
    /* every game layout slot may hold a distinct chunk: size the hash for all of them */
    uint32_t slots = 64;
    while (slots < 4u * lw * lh + 2u)
        slots <<= 1;
    e->table = (chunk_table){NULL, 0, 0, n, calloc(slots, sizeof(uint32_t)), slots - 1u};
    chunk_table *table = &e->table;
    uint8_t **ids = e->ids;
    uint16_t *words = malloc(n * sizeof *words);
    ids[0] = calloc((size_t)lw * lh + 1u, 1);
    ids[1] = calloc((size_t)lw * lh + 1u, 1);
    uint32_t *full_ids = calloc(((size_t)lw * lh + 1u) * 2u, sizeof *full_ids);
    bool ok = words && ids[0] && ids[1] && full_ids && table->slots;
    /* Stored chunk i gets id i + 1: S2 writes the empty chunk 0 at the head of its file, S1's ids
     * are 1-based with 0 meaning "empty". */
    uint32_t bg_path_b = 0; /* the background never collides: its path B does not matter */
    for (uint32_t layer = 0; ok && layer < 2; layer++) {
        if (!level->layout[layer])
            continue;
        for (uint32_t y = 0; ok && y < lh; y++)
            for (uint32_t x = 0; ok && x < lw; x++) {
                for (uint32_t r = 0; r < game_cells; r++)
                    for (uint32_t c = 0; c < game_cells; c++)
                        words[r * game_cells + c] =
                            cell_word(level,
                                      level_cell(level, (lw_layer)layer, x * game_cells + c,
                                                 y * game_cells + r),
                                      game, layer == 0 ? &st->path_b_cells : &bg_path_b);
                uint32_t id = chunk_intern(table, words, 1u);
                if (id == UINT32_MAX)
                    ok = false;
                full_ids[(size_t)layer * lw * lh + (size_t)y * lw + x] = id;
            }
    }
    if (!ok) {
        free(words);
        free(full_ids);
        return lw_error_set(e->err, LW_ERR_NOMEM, "out of memory");
    }
    uint32_t max_chunks = s2 ? LWM_S2_MAX_CHUNKS : LWM_S1_MAX_CHUNKS;
    st->chunks = s2 ? table->count + 1u : table->count;
    if (st->chunks > max_chunks)
        lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1,
                       "chunks: %u distinct %u px chunks%s; %s holds %u%s", st->chunks, game_px,
                       s2 ? " (the empty chunk 0 included)" : " (besides the empty id 0)", e->gname,
                       max_chunks, s2 ? "" : " (ids 1..0x52)");
    for (uint32_t layer = 0; layer < 2; layer++)
        for (size_t i = 0; i < (size_t)lw * lh; i++)
            ids[layer][i] = (uint8_t)full_ids[(size_t)layer * lw * lh + i];
    free(full_ids);
    free(words);
    return true;
}

/* chunks and layout: what the export leaves out or changes */
static void export_chunk_notes(exporter *e)
{
    const lw_level *level = e->level;
    lwm_report *report = e->report;
    uint32_t game_px = e->game_px, lw = e->lw, lh = e->lh;
    uint32_t unused = level->chunk_count;
    uint8_t *placed = calloc(level->chunk_count + 1u, 1);
    for (uint32_t layer = 0; placed && layer < 2; layer++)
        for (size_t k = 0;
             level->layout[layer] && k < (size_t)level->layout_width * level->layout_height; k++) {
            uint16_t c = level->layout[layer][k];
            if (c != LW_NONE && !placed[c]) {
                placed[c] = 1;
                unused--;
            }
        }
    if (!placed)
        unused = 0; /* out of memory: skip the warning, not the export */
    free(placed);
    if (unused)
        lwm_report_add(report, LWM_REPORT_WARNING, NULL, -1,
                       "chunks: %u of the level's %u chunks are not placed in the layout and are "
                       "not exported",
                       unused, level->chunk_count);
    if (level->chunk_px != game_px)
        lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                       level->chunk_px > game_px
                           ? "chunks: the level's %u px chunks were cut into %u px chunks (2x2 "
                             "each, exact), de-duplicated"
                           : "chunks: the level's %u px chunks were joined 2x2 into %u px chunks "
                             "(exact), de-duplicated",
                       level->chunk_px, game_px);
    if (level->chunk_px < game_px && (level->layout_width % 2u || level->layout_height % 2u))
        lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                       "layout: %ux%u chunks of %u px fill %ux%u of %u px: the extra %s empty",
                       level->layout_width, level->layout_height, level->chunk_px, lw, lh, game_px,
                       level->layout_width % 2u && level->layout_height % 2u ? "column and row are"
                       : level->layout_width % 2u                            ? "column is"
                                                                             : "row is");
    if (!e->s2 && e->st->path_b_cells)
        lwm_report_add(report, LWM_REPORT_WARNING, NULL, -1,
                       "S1 has one collision path: %u cells have another solidity on path B; "
                       "path A is exported",
                       e->st->path_b_cells);
}

/* start position and other objects */
static void export_objects(exporter *e)
{
    const lw_level *level = e->level;
    lwm_report *report = e->report;
    const lw_object *start = NULL;
    uint32_t others = 0;
    for (uint32_t i = 0; i < level->object_count; i++) {
        if (level->objects[i].type == LW_OBJECT_PLAYER_START && !start)
            start = &level->objects[i];
        else
            others++;
    }
    if (start && (start->x < 0 || start->x > 0xFFFF || start->y < 0 || start->y > 0xFFFF)) {
        lwm_report_add(report, LWM_REPORT_WARNING, NULL, -1,
                       "start: the player start (%d, %d) is outside 0..65535: not written",
                       start->x, start->y);
        start = NULL;
    }
    if (others)
        lwm_report_add(report, LWM_REPORT_WARNING, NULL, -1,
                       "objects: %u objects besides the player start are not exported (path "
                       "swappers and markers have no place in these files)",
                       others);
    e->start = start;
}

/* the files, in memory */
static bool export_files(exporter *e, bool with_art)
{
    const lw_level *level = e->level;
    const lwm_disasm_options *opts = e->opts;
    lwm_disasm_export *out = e->out;
    lwm_disasm_stats *st = e->st;
    lw_error *err = e->err;
    lwm_game game = e->game;
    bool s2 = e->s2;
    uint32_t n = e->n, lw = e->lw, lh = e->lh;
    uint8_t **ids = e->ids;
    const md_art *mart = &e->mart;
    const char *zone = opts->zone;
    unsigned act = opts->act;
    size_t chunk_bytes = (size_t)st->chunks * n * 2u;
    size_t layout_bytes = s2 ? 0x1000u : 2u + (size_t)lw * lh;
    size_t bg_bytes = level->layout[LW_LAYER_BG] ? layout_bytes : 3u;
    size_t block_bytes = (size_t)st->blocks * 8u;
    size_t buf_size = chunk_bytes;
    if (layout_bytes > buf_size)
        buf_size = layout_bytes;
    if (block_bytes > buf_size)
        buf_size = block_bytes;
    if ((size_t)mart->pattern_count * MD_PATTERN_BYTES > buf_size)
        buf_size = (size_t)mart->pattern_count * MD_PATTERN_BYTES;
    uint8_t *buf = calloc(buf_size + 128u, 1);
    bool ok = buf != NULL;
    if (ok) { /* chunks (S2: the empty chunk 0 first) */
        size_t o = s2 ? n * 2u : 0u;
        memset(buf, 0, chunk_bytes);
        for (size_t i = 0; i < (size_t)e->table.count * n; i++, o += 2)
            put_be16(buf + o, e->table.words[i]);
        ok = add_file(out, game, LWM_DISASM_CHUNKS, zone, act, LWM_CODEC_KOSINSKI, buf, chunk_bytes,
                      err);
    }
    if (ok) { /* block mappings */
        for (size_t i = 0; i < (size_t)st->blocks * 4u; i++)
            put_be16(buf + 2u * i, mart->block_words[i]);
        ok = add_file(out, game, LWM_DISASM_BLOCKS, zone, act,
                      s2 ? LWM_CODEC_KOSINSKI : LWM_CODEC_ENIGMA, buf, block_bytes, err);
    }
    if (ok && s2) { /* layout: 16 rows of 128 FG ids then 128 BG ids */
        memset(buf, 0, 0x1000);
        for (uint32_t y = 0; y < lh; y++)
            for (uint32_t x = 0; x < lw; x++) {
                buf[y * 256u + x] = ids[0][y * lw + x];
                buf[y * 256u + 128u + x] = ids[1][y * lw + x];
            }
        ok =
            add_file(out, game, LWM_DISASM_LAYOUT, zone, act, LWM_CODEC_KOSINSKI, buf, 0x1000, err);
    } else if (ok) { /* S1: width-1, height-1, rows of 1-based ids; FG and BG files */
        buf[0] = (uint8_t)(lw - 1u);
        buf[1] = (uint8_t)(lh - 1u);
        memcpy(buf + 2, ids[0], (size_t)lw * lh);
        ok = add_file(out, game, LWM_DISASM_LAYOUT, zone, act, LWM_CODEC_NONE, buf, layout_bytes,
                      err);
        if (ok) {
            if (level->layout[LW_LAYER_BG])
                memcpy(buf + 2, ids[1], (size_t)lw * lh);
            else
                memset(buf, 0, 3); /* a 1x1 empty background */
            ok = add_file(out, game, LWM_DISASM_LAYOUT_BG, zone, act, LWM_CODEC_NONE, buf, bg_bytes,
                          err);
        }
    }
    if (ok && with_art) {
        ok =
            add_file(out, game, LWM_DISASM_ART, zone, act, s2 ? LWM_CODEC_KOSINSKI : LWM_CODEC_NONE,
                     mart->patterns, (size_t)mart->pattern_count * MD_PATTERN_BYTES, err);
        unsigned first = opts->palette_lines == 4 ? 0u : 1u;
        for (unsigned l = first; l < 4; l++)
            for (unsigned c = 0; c < 16; c++)
                put_be16(buf + ((l - first) * 16u + c) * 2u, mart->palette[l][c]);
        ok = ok && add_file(out, game, LWM_DISASM_PALETTE, zone, act, LWM_CODEC_NONE, buf,
                            (4u - first) * 32u, err);
    }
    /* collision: the tables and the index files, as classic.h encodes them */
    static const lwm_classic_file cfiles[] = {LWM_FILE_HEIGHTS, LWM_FILE_WIDTHS, LWM_FILE_ANGLES,
                                              LWM_FILE_INDEX, LWM_FILE_INDEX_B};
    for (size_t i = 0; ok && i < (s2 ? 5u : 4u); i++) {
        char name[160];
        uint8_t *data = NULL;
        size_t size = 0;
        ok = lwm_classic_file_name(game, cfiles[i], zone, name, sizeof name) ||
             lw_error_set(err, LW_ERR_RANGE, "zone name too long");
        ok = ok && lwm_classic_encode_file(e->classic, cfiles[i], &data, &size, err);
        if (ok && s2 && cfiles[i] >= LWM_FILE_INDEX) /* keep the unpacked index beside it */
            ok = add_file_given(out, game, zone, act, name, LWM_CODEC_KOSINSKI, data, size,
                                e->classic->index[cfiles[i] == LWM_FILE_INDEX_B], 768u, err);
        else if (ok)
            ok = add_file_given(out, game, zone, act, name, LWM_CODEC_NONE, data, size, NULL, 0,
                                err);
        free(data);
    }
    if (ok && e->start) {
        put_be16(buf, (uint16_t)e->start->x);
        put_be16(buf + 2, (uint16_t)e->start->y);
        ok = add_file(out, game, LWM_DISASM_STARTPOS, zone, act, LWM_CODEC_NONE, buf, 4, err);
    }
    free(buf);
    return ok;
}

static void export_free(exporter *e)
{
    free(e->ids[0]);
    free(e->ids[1]);
    free(e->table.words);
    free(e->table.slots);
    free(e->classic);
}

bool lwm_disasm_export_level(const lw_level *level, const lwm_image *art,
                             const lwm_disasm_options *opts, lwm_disasm_export *out,
                             lwm_report *report, lw_error *err)
{
    memset(out, 0, sizeof *out);
    lwm_game game = opts->game;
    bool s2 = game == LWM_GAME_S2;
    if (game != LWM_GAME_S1 && game != LWM_GAME_S2)
        return lw_error_set(err, LW_ERR_RANGE, "the disassembly formats are s1 and s2");
    if (!zone_ok(opts->zone))
        return lw_error_set(err, LW_ERR_RANGE,
                            "the zone name must be 1 to 64 characters without '/'");
    if (opts->act < 1 || opts->act > 9)
        return lw_error_set(err, LW_ERR_RANGE, "the act must be 1 to 9");
    if (opts->palette_lines != 3 && opts->palette_lines != 4)
        return lw_error_set(err, LW_ERR_RANGE, "the palette has 3 or 4 lines");
    if (!lw_level_validate(level, err))
        return false;
    lwm_disasm_stats *st = &out->stats;
    const char *gname = s2 ? "S2" : "S1";
    unsigned limits_before = report->limits;

    /* blocks: tile t is block t + 1 */
    if (level->tile_count + 1u > LWM_MD_MAX_BLOCKS)
        lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1,
                       "%u tiles: %s's block table holds 0x%X blocks, the empty block 0 included "
                       "(tile t is block t+1), so at most %u tiles",
                       level->tile_count, gname, LWM_MD_MAX_BLOCKS, LWM_MD_MAX_BLOCKS - 1u);
    st->blocks = level->tile_count + 1u;

    exporter ex;
    exporter *e = &ex;
    memset(e, 0, sizeof *e);
    e->level = level;
    e->art = art;
    e->opts = opts;
    e->out = out;
    e->report = report;
    e->err = err;
    e->game = game;
    e->s2 = s2;
    e->st = st;
    e->gname = gname;
    if (!export_collision(e))
        return false;
    if (!export_chunks(e)) {
        export_free(e);
        return false;
    }
    export_chunk_notes(e);
    export_objects(e);

    /* art */
    if (!md_art_build(level, art, opts, &e->mart, st, report, err)) {
        export_free(e);
        return false;
    }
    st->patterns = e->mart.pattern_count;

    if (report->limits != limits_before) {
        md_art_clear(&e->mart);
        export_free(e);
        return lw_error_set(
            err, LW_ERR_LIMIT, "the level does not fit %s (%u report line%s over the limits)",
            gname, report->limits - limits_before, report->limits - limits_before == 1 ? "" : "s");
    }

    bool with_art = art && opts->art_mode != LWM_ART_NONE && level->tile_count > 0;
    bool ok = export_files(e, with_art);
    md_art_clear(&e->mart);
    export_free(e);
    if (!ok) {
        lwm_disasm_export_clear(out);
        return false;
    }
    const char *zone = opts->zone;
    if (!with_art)
        lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                       art ? "art: not exported (--no-art); the block mappings refer to the "
                             "blank pattern 0"
                           : "art: the level has no tileset; the block mappings refer to the "
                             "blank pattern 0");
    else if (!s2)
        lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                       "art: S1 loads level art Nemesis-compressed (artnem/8x8 - %s.nem), which "
                       "Loopwright does not write; the patterns are written uncompressed to "
                       "artunc/8x8 - %s.bin for a Nemesis compressor",
                       zone, zone);
    lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                   "%s: %u chunks of %u px, %u blocks, %u masks, %u patterns, layout %ux%u", gname,
                   st->chunks, e->game_px, st->blocks, st->masks, st->patterns, e->lw, e->lh);
    return true;
}

/* ---- writing ---- */

bool lwm_disasm_export_write(const lwm_disasm_export *ex, const char *dir, char *failed,
                             lw_error *err)
{
    snprintf(failed, 4096, "%s", dir);
    char(*paths)[4096] = calloc(ex->file_count + 1u, sizeof *paths);
    char(*made)[LWM_FILE_PATH_MAX + 1] = calloc(32, sizeof *made);
    lwm_file_job jobs[LWM_DISASM_MAX_FILES];
    size_t made_count = 0;
    bool ok = paths && made;
    if (!ok)
        lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    /* the folder itself, then each file's sub-folders */
    if (ok) {
        int r = snprintf(paths[0], sizeof paths[0], "%s/", dir);
        ok =
            (r > 0 && (size_t)r < sizeof paths[0]) || lw_error_set(err, LW_ERR_IO, "path too long");
        if (ok && !lwm_file_make_parents(paths[0], made, &made_count, 32))
            ok = lw_error_set(err, LW_ERR_IO, "cannot create the folder: %s", strerror(errno));
    }
    for (size_t i = 0; ok && i < ex->file_count; i++) {
        int r = snprintf(paths[i], sizeof paths[i], "%s/%s", dir, ex->files[i].path);
        if (r < 0 || (size_t)r >= sizeof paths[i]) {
            ok = lw_error_set(err, LW_ERR_IO, "path too long");
            break;
        }
        if (!lwm_file_make_parents(paths[i], made, &made_count, 32)) {
            snprintf(failed, 4096, "%s", paths[i]);
            ok = lw_error_set(err, LW_ERR_IO, "cannot create its folder: %s", strerror(errno));
            break;
        }
        jobs[i].path = paths[i];
        jobs[i].data = ex->files[i].data;
        jobs[i].size = ex->files[i].size;
    }
    size_t bad = 0;
    if (ok && !lwm_file_write_set(jobs, ex->file_count, dir, &bad, err)) {
        snprintf(failed, 4096, "%s", paths[bad]);
        ok = false;
    }
    if (!ok)
        lwm_file_remove_dirs(made, made_count);
    free(paths);
    free(made);
    return ok;
}
