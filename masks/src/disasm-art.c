/* SPDX-License-Identifier: MIT */
/*
 * Tile art -> Mega Drive patterns and palette (docs/DISASM.md §4): colours rounded to the VDP's
 * 3 bits per channel, each 8x8 quarter of a tile in one palette line of 15 colours, patterns
 * de-duplicated with flips. Also the report helper and pattern drawing shared with the importer.
 */
#include "disasm-private.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- report ---- */

void lwm_report_add(lwm_report *r, lwm_report_kind kind, const char *file, long offset,
                    const char *fmt, ...)
{
    if (kind == LWM_REPORT_LIMIT)
        r->limits++;
    else if (kind == LWM_REPORT_WARNING)
        r->warnings++;
    else
        r->notes++;
    if (r->count == r->capacity) {
        size_t cap = r->capacity ? r->capacity * 2 : 16;
        lwm_report_item *items = realloc(r->items, cap * sizeof *items);
        if (!items)
            return;
        r->items = items;
        r->capacity = cap;
    }
    lwm_report_item *it = &r->items[r->count++];
    it->kind = kind;
    it->offset = offset;
    snprintf(it->file, sizeof it->file, "%s", file ? file : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->message, sizeof it->message, fmt, ap);
    va_end(ap);
}

void lwm_report_clear(lwm_report *report)
{
    if (!report)
        return;
    free(report->items);
    memset(report, 0, sizeof *report);
}

/* ---- colours ---- */

uint8_t lwm_md_channel(unsigned level)
{
    return (uint8_t)(((level & 7u) * 255u + 3u) / 7u);
}

static unsigned channel_level(uint8_t v)
{
    return ((unsigned)v * 7u + 127u) / 255u;
}

uint16_t lwm_md_color(uint8_t r, uint8_t g, uint8_t b)
{
    return (uint16_t)(channel_level(r) << 1 | channel_level(g) << 5 | channel_level(b) << 9);
}

uint32_t lwm_md_color_rgb(uint16_t word)
{
    return (uint32_t)lwm_md_channel((word >> 1) & 7u) << 16 |
           (uint32_t)lwm_md_channel((word >> 5) & 7u) << 8 | lwm_md_channel((word >> 9) & 7u);
}

/* Squared distance of two colour words in 3-bit channel steps. */
static unsigned color_dist(uint16_t a, uint16_t b)
{
    unsigned d = 0;
    for (unsigned s = 1; s <= 9; s += 4) {
        int x = (int)(((unsigned)a >> s) & 7u) - (int)(((unsigned)b >> s) & 7u);
        d += (unsigned)(x * x);
    }
    return d;
}

/* ---- colour sets: one bit per 9-bit colour (512) ---- */

typedef struct color_set {
    uint64_t bits[8]; /* bit r | g << 3 | b << 6 of the colour word 0000BBB0GGG0RRR0 */
} color_set;

static unsigned set_index(uint16_t word)
{
    return ((unsigned)word >> 1 & 7u) | ((unsigned)word >> 2 & 0x38u) |
           ((unsigned)word >> 3 & 0x1C0u);
}

static uint16_t set_word(unsigned i)
{
    return (uint16_t)((i & 7u) << 1 | (i & 0x38u) << 2 | (i & 0x1C0u) << 3);
}

static void set_add(color_set *s, uint16_t word)
{
    unsigned i = set_index(word);
    s->bits[i >> 6] |= 1ull << (i & 63u);
}

static bool set_has(const color_set *s, uint16_t word)
{
    unsigned i = set_index(word);
    return (s->bits[i >> 6] >> (i & 63u)) & 1u;
}

static unsigned popcount64(uint64_t v)
{
    unsigned n = 0;
    while (v) {
        v &= v - 1;
        n++;
    }
    return n;
}

static unsigned set_count(const color_set *s)
{
    unsigned n = 0;
    for (int i = 0; i < 8; i++)
        n += popcount64(s->bits[i]);
    return n;
}

/* Colours of @a not in @b. */
static unsigned set_count_new(const color_set *a, const color_set *b)
{
    unsigned n = 0;
    for (int i = 0; i < 8; i++)
        n += popcount64(a->bits[i] & ~b->bits[i]);
    return n;
}

/* ---- the palette being built ---- */

typedef struct pal_line {
    color_set set;
    uint16_t colors[15]; /* in the order they were added */
    unsigned count;
} pal_line;

static void line_add(pal_line *l, uint16_t word)
{
    if (set_has(&l->set, word) || l->count == 15)
        return;
    set_add(&l->set, word);
    l->colors[l->count++] = word;
}

/* Add the colours of @s to @l in ascending word order (deterministic). */
static void line_add_set(pal_line *l, const color_set *s)
{
    for (unsigned i = 0; i < 512; i++)
        if ((s->bits[i >> 6] >> (i & 63u)) & 1u)
            line_add(l, set_word(i));
}

static unsigned line_nearest(const pal_line *l, uint16_t word)
{
    unsigned best = 0, best_d = ~0u;
    for (unsigned i = 0; i < l->count; i++) {
        unsigned d = color_dist(l->colors[i], word);
        if (d < best_d) {
            best_d = d;
            best = i + 1;
        }
    }
    return best;
}

/* ---- quarters: the 8x8 pieces of the tiles' art ---- */

#define TRANSPARENT 0xFFFFu

typedef struct quarter {
    uint16_t px[64]; /* colour word per pixel, TRANSPARENT for alpha < 128 */
    color_set set;
    uint32_t set_id; /* index into the distinct sets, UINT32_MAX when blank */
    int line;        /* palette line, -1 = does not fit */
} quarter;

typedef struct distinct_set {
    color_set set;
    unsigned count;
    uint32_t first; /* first quarter using it (order of appearance) */
    int line;
} distinct_set;

static int cmp_distinct(const void *a, const void *b)
{
    const distinct_set *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* ---- pattern de-duplication with flips ---- */

typedef struct pattern_table {
    uint8_t *data; /* count * 64 pixel indices (unpacked) */
    uint32_t count, capacity;
    uint32_t *slots; /* hash -> pattern index + 1, 0 = free */
    uint32_t slot_mask;
} pattern_table;

static uint32_t hash64(const uint8_t *p)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < 64; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static bool table_init(pattern_table *t, uint32_t max_patterns)
{
    uint32_t slots = 64;
    while (slots < max_patterns * 2u + 2u)
        slots <<= 1;
    t->capacity = max_patterns + 1u;
    t->data = malloc((size_t)t->capacity * 64u);
    t->slots = calloc(slots, sizeof *t->slots);
    t->slot_mask = slots - 1u;
    t->count = 0;
    return t->data && t->slots;
}

static void table_clear(pattern_table *t)
{
    free(t->data);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static uint32_t table_find(const pattern_table *t, const uint8_t *p)
{
    uint32_t h = hash64(p) & t->slot_mask;
    while (t->slots[h]) {
        uint32_t i = t->slots[h] - 1u;
        if (memcmp(t->data + (size_t)i * 64u, p, 64) == 0)
            return i;
        h = (h + 1u) & t->slot_mask;
    }
    return UINT32_MAX;
}

static uint32_t table_add(pattern_table *t, const uint8_t *p)
{
    uint32_t h = hash64(p) & t->slot_mask;
    while (t->slots[h])
        h = (h + 1u) & t->slot_mask;
    uint32_t i = t->count++;
    memcpy(t->data + (size_t)i * 64u, p, 64);
    t->slots[h] = i + 1u;
    return i;
}

static void flip_pixels(const uint8_t *src, uint8_t *dst, bool h, bool v)
{
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++)
            dst[y * 8 + x] = src[(v ? 7 - y : y) * 8 + (h ? 7 - x : x)];
}

/* Pattern word bits (index and flips) for @px, adding it when new. */
static uint16_t table_intern(pattern_table *t, const uint8_t *px)
{
    static const uint16_t flips[4] = {0, MD_WORD_HFLIP, MD_WORD_VFLIP,
                                      MD_WORD_HFLIP | MD_WORD_VFLIP};
    uint8_t f[64];
    for (unsigned k = 0; k < 4; k++) {
        flip_pixels(px, f, k & 1u, k & 2u);
        uint32_t i = table_find(t, f);
        if (i != UINT32_MAX) /* px = flip(stored pattern i) */
            return (uint16_t)(i | flips[k]);
    }
    return (uint16_t)table_add(t, px);
}

/* ---- the conversion ---- */

void md_art_clear(md_art *art)
{
    free(art->patterns);
    free(art->block_words);
    memset(art, 0, sizeof *art);
}

static const char *const quarter_names[4] = {"top-left", "top-right", "bottom-left",
                                             "bottom-right"};

/* The state of one conversion, shared by its steps. */
typedef struct art_build {
    const lw_level *level;
    const lwm_image *art;
    const lwm_disasm_options *opts;
    md_art *out;
    lwm_disasm_stats *stats;
    lwm_report *report;
    uint32_t tiles;
    quarter *q;
    distinct_set *sets;
    pattern_table table;
    uint32_t set_count_total;
    unsigned first_line;
    pal_line lines[4];
    uint32_t unfit;
    unsigned total, permille;
} art_build;

/* 1. read every quarter: rounded colours, transparency, colour sets */
static bool art_read_quarters(art_build *ctx)
{
    const lw_level *level = ctx->level;
    const lwm_image *art = ctx->art;
    lwm_disasm_stats *stats = ctx->stats;
    uint32_t tiles = ctx->tiles;
    quarter *q = ctx->q;
    distinct_set *sets = ctx->sets;
    uint32_t cells_x = art->width / 16u, cells = cells_x * (art->height / 16u);
    uint32_t set_count_total = 0, outside = 0, first_outside = 0;
    color_set all = {0};
    /* per channel value: its 3-bit level and whether rounding changes it (one table, not three
     * divisions per pixel) */
    uint8_t level_of[256];
    bool exact[256];
    for (unsigned v = 0; v < 256; v++) {
        level_of[v] = (uint8_t)channel_level((uint8_t)v);
        exact[v] = lwm_md_channel(level_of[v]) == v;
    }
    /* distinct colour sets by hash (64-byte keys), slot = set index + 1 */
    uint32_t set_slots = 64;
    while (set_slots < tiles * 8u + 2u)
        set_slots <<= 1;
    uint32_t *set_hash = calloc(set_slots, sizeof *set_hash);
    if (!set_hash)
        return false;
    for (uint32_t t = 0; t < tiles; t++) {
        uint16_t cell = level->tiles[t].art;
        for (uint32_t k = 0; k < 4; k++) {
            quarter *qq = &q[t * 4u + k];
            qq->set_id = UINT32_MAX;
            qq->line = -1;
            for (int i = 0; i < 64; i++)
                qq->px[i] = TRANSPARENT;
        }
        if (cell == LW_NONE)
            continue;
        if (cell >= cells) {
            if (!outside++)
                first_outside = t;
            continue;
        }
        uint32_t ox = (cell % cells_x) * 16u, oy = (cell / cells_x) * 16u;
        for (uint32_t k = 0; k < 4; k++) {
            quarter *qq = &q[t * 4u + k];
            bool blank = true;
            for (uint32_t y = 0; y < 8; y++)
                for (uint32_t x = 0; x < 8; x++) {
                    const uint8_t *p =
                        lwm_image_pixel(art, ox + (k & 1u) * 8u + x, oy + (k >> 1) * 8u + y);
                    if (p[3] > 0 && p[3] < 255)
                        stats->pixels_alpha++;
                    if (p[3] < 128)
                        continue;
                    uint16_t w =
                        (uint16_t)(level_of[p[0]] << 1 | level_of[p[1]] << 5 | level_of[p[2]] << 9);
                    if (!exact[p[0]] || !exact[p[1]] || !exact[p[2]])
                        stats->pixels_rounded++;
                    qq->px[y * 8 + x] = w;
                    set_add(&qq->set, w);
                    set_add(&all, w);
                    blank = false;
                }
            if (blank)
                continue;
            stats->art_patterns++;
            uint32_t h = 2166136261u;
            for (int i = 0; i < 8; i++)
                h = (h ^ (uint32_t)(qq->set.bits[i] ^ qq->set.bits[i] >> 32)) * 16777619u;
            h &= set_slots - 1u;
            while (set_hash[h] &&
                   memcmp(&sets[set_hash[h] - 1u].set, &qq->set, sizeof qq->set) != 0)
                h = (h + 1u) & (set_slots - 1u);
            uint32_t s = set_hash[h] ? set_hash[h] - 1u : set_count_total;
            if (s == set_count_total) {
                set_hash[h] = s + 1u;
                sets[s].set = qq->set;
                sets[s].count = set_count(&qq->set);
                sets[s].first = t * 4u + k;
                sets[s].line = -1;
                set_count_total++;
            }
            qq->set_id = s;
        }
    }
    free(set_hash);
    ctx->set_count_total = set_count_total;
    stats->colors = set_count(&all);
    if (outside)
        lwm_report_add(ctx->report, LWM_REPORT_WARNING, NULL, -1,
                       "art: %u tiles refer to art cells outside the tileset (%u cells), first "
                       "tile %u; they are written without art",
                       outside, cells, first_outside);
    return true;
}

/* 2. place the distinct colour sets in palette lines: largest first, each into the line it
 * adds the fewest new colours to (lowest line on ties) */
static bool art_place_sets(art_build *ctx)
{
    uint32_t set_count_total = ctx->set_count_total;
    distinct_set *sets = ctx->sets;
    pal_line *lines = ctx->lines;
    unsigned first_line = ctx->first_line;
    /* sort a copy, then map back through .first */
    distinct_set *order = malloc(((size_t)set_count_total + 1u) * sizeof *order);
    if (!order)
        return false;
    memcpy(order, sets, (size_t)set_count_total * sizeof *order);
    qsort(order, set_count_total, sizeof *order, cmp_distinct);
    for (uint32_t i = 0; i < set_count_total; i++) {
        distinct_set *d = &order[i];
        int best = -1;
        unsigned best_new = 16;
        for (unsigned l = first_line; l < 4; l++) {
            unsigned added = set_count_new(&d->set, &lines[l].set);
            if (lines[l].count + added <= 15 && added < best_new) {
                best = (int)l;
                best_new = added;
            }
        }
        if (best >= 0)
            line_add_set(&lines[best], &d->set);
        sets[ctx->q[d->first].set_id].line = best;
    }
    free(order);
    return true;
}

/* quantise: the line that, filled up with this quarter's most frequent missing colours, draws it
 * with the least squared error */
static void art_quantise(art_build *ctx, quarter *qq)
{
    pal_line *lines = ctx->lines;
    uint16_t freq_color[64];
    unsigned freq_count[64], distinct = 0;
    for (int p = 0; p < 64; p++) {
        uint16_t w = qq->px[p];
        if (w == TRANSPARENT)
            continue;
        unsigned j = 0;
        while (j < distinct && freq_color[j] != w)
            j++;
        if (j == distinct) {
            freq_color[distinct] = w;
            freq_count[distinct++] = 0;
        }
        freq_count[j]++;
    }
    for (unsigned a = 1; a < distinct; a++) /* insertion sort: most frequent first */
        for (unsigned b = a; b > 0 && freq_count[b] > freq_count[b - 1]; b--) {
            unsigned c = freq_count[b];
            freq_count[b] = freq_count[b - 1];
            freq_count[b - 1] = c;
            uint16_t w = freq_color[b];
            freq_color[b] = freq_color[b - 1];
            freq_color[b - 1] = w;
        }
    int best = -1;
    uint64_t best_err = UINT64_MAX;
    for (unsigned l = ctx->first_line; l < 4; l++) {
        pal_line trial = lines[l];
        for (unsigned j = 0; j < distinct && trial.count < 15; j++)
            line_add(&trial, freq_color[j]);
        uint64_t e = 0;
        for (unsigned j = 0; j < distinct; j++)
            e += (uint64_t)freq_count[j] *
                 color_dist(freq_color[j], trial.colors[line_nearest(&trial, freq_color[j]) - 1]);
        if (e < best_err) {
            best_err = e;
            best = (int)l;
        }
    }
    for (unsigned j = 0; j < distinct && lines[best].count < 15; j++)
        line_add(&lines[best], freq_color[j]);
    qq->line = best;
}

/* 3. each quarter's line; quarters that do not fit are listed, or quantised on request */
static void art_quarter_lines(art_build *ctx)
{
    const lw_level *level = ctx->level;
    const lwm_disasm_options *opts = ctx->opts;
    lwm_disasm_stats *stats = ctx->stats;
    lwm_report *report = ctx->report;
    uint32_t unfit = 0;
    for (uint32_t i = 0; i < ctx->tiles * 4u; i++) {
        quarter *qq = &ctx->q[i];
        if (qq->set_id == UINT32_MAX)
            continue;
        qq->line = ctx->sets[qq->set_id].line;
        if (qq->line >= 0) {
            stats->art_fit++;
            continue;
        }
        unfit++;
        uint32_t t = i / 4u;
        if (opts->art_mode == LWM_ART_EXACT) {
            if (unfit <= 8) {
                unsigned n = set_count(&qq->set);
                if (n > 15)
                    lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1,
                                   "art: tile %u (art cell %u), %s 8x8: %u colours, a palette "
                                   "line holds 15",
                                   t, level->tiles[t].art, quarter_names[i % 4u], n);
                else
                    lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1,
                                   "art: tile %u (art cell %u), %s 8x8: its %u colours do not "
                                   "fit in any palette line beside the others",
                                   t, level->tiles[t].art, quarter_names[i % 4u], n);
            }
            continue;
        }
        art_quantise(ctx, qq);
    }
    unsigned total = stats->art_patterns;
    unsigned permille = total ? (unsigned)((uint64_t)stats->art_fit * 1000u / total) : 1000u;
    if (unfit && opts->art_mode == LWM_ART_EXACT) {
        if (unfit > 8)
            lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1, "art: ... and %u more such 8x8s",
                           unfit - 8);
        lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1,
                       "art: %u of %u 8x8 patterns (%u.%u%%) fit the palette (%u lines of 15 "
                       "colours, one line per pattern; %u colours in all); use --quantize to "
                       "draw the others with the nearest colours of one line, or --no-art",
                       stats->art_fit, total, permille / 10u, permille % 10u, 4u - ctx->first_line,
                       stats->colors);
    }
    ctx->unfit = unfit;
    ctx->total = total;
    ctx->permille = permille;
}

/* 4. pixel indices, patterns (flip-aware de-duplication), block words */
static void art_make_patterns(art_build *ctx)
{
    const lwm_disasm_options *opts = ctx->opts;
    lwm_disasm_stats *stats = ctx->stats;
    md_art *out = ctx->out;
    pattern_table *table = &ctx->table;
    const pal_line *lines = ctx->lines;
    uint32_t unfit = ctx->unfit;
    uint8_t blank[64] = {0};
    table_add(table, blank);  /* pattern 0: blank, as VRAM tile 0 in the games */
    uint8_t index_of[4][512]; /* colour index in each line, 0 = not there */
    memset(index_of, 0, sizeof index_of);
    for (unsigned l = 0; l < 4; l++)
        for (unsigned c = 0; c < lines[l].count; c++)
            index_of[l][set_index(lines[l].colors[c])] = (uint8_t)(c + 1u);
    for (uint32_t i = 0; i < ctx->tiles * 4u && (unfit == 0 || opts->art_mode == LWM_ART_QUANTIZE);
         i++) {
        quarter *qq = &ctx->q[i];
        if (qq->set_id == UINT32_MAX)
            continue;
        const pal_line *l = &lines[qq->line];
        uint8_t idx[64];
        for (int p = 0; p < 64; p++) {
            uint16_t w = qq->px[p];
            if (w == TRANSPARENT) {
                idx[p] = 0;
                continue;
            }
            unsigned k = index_of[qq->line][set_index(w)];
            if (!k) {
                k = line_nearest(l, w);
                stats->pixels_quantized++;
            }
            idx[p] = (uint8_t)k;
        }
        uint16_t word = table_intern(table, idx);
        out->block_words[(i / 4u + 1u) * 4u + i % 4u] =
            (uint16_t)(word | (unsigned)qq->line << MD_WORD_LINE_SHIFT);
    }
    if (unfit && opts->art_mode == LWM_ART_QUANTIZE)
        lwm_report_add(ctx->report, LWM_REPORT_WARNING, NULL, -1,
                       "art: %u of %u 8x8 patterns (%u.%u%%) fit the palette; the other %u were "
                       "quantised to the nearest colours of one line: %llu pixels changed",
                       stats->art_fit, ctx->total, ctx->permille / 10u, ctx->permille % 10u, unfit,
                       (unsigned long long)stats->pixels_quantized);
    out->pattern_count = table->count;
    out->patterns = calloc(table->count, MD_PATTERN_BYTES);
    if (out->patterns)
        for (uint32_t i = 0; i < table->count; i++)
            for (uint32_t b = 0; b < MD_PATTERN_BYTES; b++)
                out->patterns[i * MD_PATTERN_BYTES + b] =
                    (uint8_t)(table->data[i * 64u + b * 2u] << 4 |
                              table->data[i * 64u + b * 2u + 1u]);
    for (unsigned l = 0; l < 4; l++)
        for (unsigned c = 0; c < lines[l].count; c++)
            out->palette[l][c + 1] = lines[l].colors[c];
}

/* the conversion's notes and warnings */
static void art_notes(const art_build *ctx)
{
    const md_art *out = ctx->out;
    const lwm_disasm_stats *stats = ctx->stats;
    lwm_report *report = ctx->report;
    unsigned first_line = ctx->first_line;
    unsigned used_lines = 0;
    for (unsigned l = first_line; l < 4; l++)
        used_lines += ctx->lines[l].count > 0;
    if (ctx->unfit == 0 || ctx->opts->art_mode == LWM_ART_QUANTIZE) /* else no pattern was made */
        lwm_report_add(report, LWM_REPORT_NOTE, NULL, -1,
                       "art: %u 8x8 patterns (blank pattern 0 included) for %u tiles, %u colours "
                       "in %u of the palette lines %u-3",
                       out->pattern_count, ctx->tiles, stats->colors, used_lines, first_line);
    if (stats->pixels_rounded)
        lwm_report_add(report, LWM_REPORT_WARNING, NULL, -1,
                       "art: rounding to the Mega Drive's 3 bits per channel changed the colour "
                       "of %llu pixels",
                       (unsigned long long)stats->pixels_rounded);
    if (stats->pixels_alpha)
        lwm_report_add(report, LWM_REPORT_WARNING, NULL, -1,
                       "art: %llu pixels are partly transparent; alpha >= 128 became opaque, the "
                       "rest transparent",
                       (unsigned long long)stats->pixels_alpha);
    if (out->pattern_count > LWM_MD_MAX_PATTERNS)
        lwm_report_add(report, LWM_REPORT_LIMIT, NULL, -1,
                       "art: %u 8x8 patterns; VRAM holds %u below the plane name tables at "
                       "0xC000 (and object art needs room there too)",
                       out->pattern_count, LWM_MD_MAX_PATTERNS);
}

bool md_art_build(const lw_level *level, const lwm_image *art, const lwm_disasm_options *opts,
                  md_art *out, lwm_disasm_stats *stats, lwm_report *report, lw_error *err)
{
    memset(out, 0, sizeof *out);
    uint32_t tiles = level->tile_count;
    out->block_count = tiles + 1u;
    out->block_words = calloc((size_t)out->block_count * 4u, sizeof *out->block_words);
    if (!out->block_words)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    uint16_t backdrop =
        lwm_md_color((uint8_t)(level->background_rgb >> 16), (uint8_t)(level->background_rgb >> 8),
                     (uint8_t)level->background_rgb);
    out->palette[2][0] = backdrop; /* VDP register 7 = 0x20: the backdrop is line 2, colour 0 */
    if (!art || opts->art_mode == LWM_ART_NONE || tiles == 0) {
        out->patterns = calloc(1, MD_PATTERN_BYTES);
        if (!out->patterns) {
            md_art_clear(out);
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        }
        out->pattern_count = 1;
        return true;
    }

    art_build ab;
    art_build *ctx = &ab;
    memset(ctx, 0, sizeof *ctx);
    ctx->level = level;
    ctx->art = art;
    ctx->opts = opts;
    ctx->out = out;
    ctx->stats = stats;
    ctx->report = report;
    ctx->tiles = tiles;
    ctx->q = calloc((size_t)tiles * 4u, sizeof *ctx->q);
    ctx->sets = calloc((size_t)tiles * 4u + 1u, sizeof *ctx->sets);
    bool ok = ctx->q && ctx->sets && table_init(&ctx->table, tiles * 4u + 1u);
    ctx->first_line = opts->palette_lines == 4 ? 0u : 1u;
    ok = ok && art_read_quarters(ctx) && art_place_sets(ctx);
    if (!ok) {
        free(ctx->q);
        free(ctx->sets);
        table_clear(&ctx->table);
        md_art_clear(out);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    art_quarter_lines(ctx);
    art_make_patterns(ctx);
    free(ctx->q);
    free(ctx->sets);
    table_clear(&ctx->table);
    if (!out->patterns) {
        md_art_clear(out);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    art_notes(ctx);
    return true;
}

/* ---- drawing (import) ---- */

void md_pattern_draw(lwm_image *dst, uint32_t x, uint32_t y, const uint8_t *pattern, uint16_t word,
                     const uint32_t line_rgba[16])
{
    bool h = word & MD_WORD_HFLIP, v = word & MD_WORD_VFLIP;
    for (uint32_t py = 0; py < 8; py++)
        for (uint32_t px = 0; px < 8; px++) {
            uint32_t sx = h ? 7 - px : px, sy = v ? 7 - py : py;
            uint8_t b = pattern[sy * 4u + sx / 2u];
            unsigned idx = (sx & 1u) ? b & 15u : (unsigned)b >> 4;
            uint8_t *p = lwm_image_pixel(dst, x + px, y + py);
            uint32_t c = idx ? line_rgba[idx] : 0u;
            p[0] = (uint8_t)(c >> 24);
            p[1] = (uint8_t)(c >> 16);
            p[2] = (uint8_t)(c >> 8);
            p[3] = (uint8_t)c;
        }
}
