/* SPDX-License-Identifier: MIT */
/*
 * Disassembly export and import (docs/DISASM.md): both sample levels to S2 and S1 and back with
 * the same collision, layout, art and start; exact file contents on small levels (chunk words,
 * block words with flips, palette, layout bytes); every limit refused with a report and no file;
 * the palette report with its fraction; bad files with their byte offsets; nothing partial on a
 * failing disk.
 */
#include "disasm-test-util.h"
#include "image-private.h"
#include "level-json.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/disasm.h>
#include <loopwright/enigma.h>
#include <loopwright/kosinski.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

/* Regular files under @dir, recursively. */
static unsigned count_files(const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    if (!d)
        return 0;
    unsigned n = 0;
    const char *name;
    while ((name = g_dir_read_name(d))) {
        char *p = g_build_filename(dir, name, NULL);
        n += g_file_test(p, G_FILE_TEST_IS_DIR) ? count_files(p) : 1u;
        g_free(p);
    }
    g_dir_close(d);
    return n;
}

static const lwm_disasm_file *find_file(const lwm_disasm_export *ex, const char *path)
{
    for (size_t i = 0; i < ex->file_count; i++)
        if (strcmp(ex->files[i].path, path) == 0)
            return &ex->files[i];
    g_error("no file %s in the export", path);
    return NULL;
}

/* The unpacked content of an export file. */
static const uint8_t *raw_of(const lwm_disasm_export *ex, const char *path, size_t *size)
{
    const lwm_disasm_file *f = find_file(ex, path);
    *size = f->raw ? f->raw_size : f->size;
    return f->raw ? f->raw : f->data;
}

static bool report_has(const lwm_report *r, lwm_report_kind kind, const char *text)
{
    for (size_t i = 0; i < r->count; i++)
        if (r->items[i].kind == kind && strstr(r->items[i].message, text))
            return true;
    return false;
}

static void dump_report(const lwm_report *r)
{
    for (size_t i = 0; i < r->count; i++)
        g_printerr("  [%d] %s: %s\n", r->items[i].kind, r->items[i].file, r->items[i].message);
}

/* The cell of @layer covering pixel (@x, @y), with a jump-through tile's LRB bits cleared.
 * Outside the level or in an empty slot: no tile. */
typedef struct eff_cell {
    uint16_t tile;
    uint8_t flags;
    uint8_t solid[2];
} eff_cell;

static eff_cell effective(const lw_level *lv, lw_layer layer, int32_t x, int32_t y)
{
    eff_cell e = {LW_NONE, 0, {0, 0}};
    if (!lv->layout[layer] || x < 0 || y < 0 || x >= lw_level_width_px(lv) ||
        y >= lw_level_height_px(lv))
        return e;
    uint16_t c = lw_level_layout_get(lv, layer, (uint32_t)x >> lv->chunk_shift,
                                     (uint32_t)y >> lv->chunk_shift);
    if (c == LW_NONE)
        return e;
    uint32_t k = lv->chunk_cells;
    const lw_cell *cell =
        lw_level_chunk_cells(lv, c) + ((uint32_t)(y >> 4) % k) * k + (uint32_t)(x >> 4) % k;
    if (cell->tile == LW_NONE)
        return e;
    e.tile = cell->tile;
    e.flags = cell->flags;
    for (int p = 0; p < 2; p++) {
        uint8_t s = (uint8_t)lw_cell_solidity(cell, (lw_path)p);
        if (lv->tiles[cell->tile].flags & LW_TILE_JUMP_THROUGH)
            s &= LW_SOLID_TOP;
        e.solid[p] = s;
    }
    return e;
}

/* What collision sees in a cell on a path: nothing, or a non-empty mask with solidity/flips. */
typedef struct coll {
    bool present;
    uint8_t solid, flags, angle;
    int8_t heights[16];
} coll;

static coll collision(const lw_level *lv, int32_t x, int32_t y, lw_path path)
{
    coll c;
    memset(&c, 0, sizeof c);
    lw_collision_cell cc;
    if (!lw_level_collision_at(lv, x, y, path, &cc))
        return c;
    bool empty = true;
    for (int i = 0; i < 16; i++)
        empty &= cc.mask->heights[i] == 0;
    if (empty)
        return c;
    c.present = true;
    c.solid = cc.solid;
    c.flags = cc.flags;
    c.angle = lw_mask_angle_byte(cc.mask);
    memcpy(c.heights, cc.mask->heights, 16);
    return c;
}

static const lw_object *start_of(const lw_level *lv)
{
    for (uint32_t i = 0; i < lv->object_count; i++)
        if (lv->objects[i].type == LW_OBJECT_PLAYER_START)
            return &lv->objects[i];
    return NULL;
}

/* Export @level, write it into a new folder, import it back. */
static void export_import(const lw_level *level, const lwm_image *art, lwm_game game,
                          unsigned lines, lwm_disasm_export *ex, lwm_disasm_import *im,
                          bool exact_size)
{
    lwm_disasm_options opts = lwm_disasm_options_default(game, "TEST");
    opts.palette_lines = lines;
    lwm_report rep = {0};
    lw_error err;
    if (!lwm_disasm_export_level(level, art, &opts, ex, &rep, &err)) {
        dump_report(&rep);
        g_error("export: %s", err.message);
    }
    g_assert_cmpuint(rep.limits, ==, 0);
    char *dir = dtest_tmpdir(), failed[4096];
    if (!lwm_disasm_export_write(ex, dir, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(count_files(dir), ==, ex->file_count);
    lwm_disasm_import_options io = {0};
    io.game = game;
    io.zone = "TEST";
    io.act = 1;
    if (exact_size) {
        io.width_px = (uint32_t)lw_level_width_px(level);
        io.height_px = (uint32_t)lw_level_height_px(level);
        uint32_t px = game == LWM_GAME_S2 ? 128u : 256u;
        io.width_px = (io.width_px + px - 1u) / px * px;
        io.height_px = (io.height_px + px - 1u) / px * px;
    }
    lwm_report irep = {0};
    if (!lwm_disasm_import_level(dir, &io, im, &irep, failed, &err)) {
        dump_report(&irep);
        g_error("import %s: byte %ld: %s", failed, err.offset, err.message);
    }
    g_assert_cmpuint(irep.limits, ==, 0);
    g_assert_cmpuint(irep.warnings, ==, 0);
    lwm_report_clear(&rep);
    lwm_report_clear(&irep);
    dtest_rmtree(dir);
    g_free(dir);
}

/* Compare layout, collision, art and start of @orig and @back (imported from an export to
 * @game). S1 keeps path A only: the import has path B = path A. */
static void compare_levels(const lw_level *orig, const lwm_image *art, const lw_level *back,
                           const lwm_image *tiles, lwm_game game)
{
    int32_t w = MAX(lw_level_width_px(orig), lw_level_width_px(back));
    int32_t h = MAX(lw_level_height_px(orig), lw_level_height_px(back));
    unsigned cells = 0, solid_cells = 0;
    for (int32_t y = 0; y < h; y += 16)
        for (int32_t x = 0; x < w; x += 16) {
            for (int layer = 0; layer < 2; layer++) {
                eff_cell a = effective(orig, (lw_layer)layer, x, y);
                eff_cell b = effective(back, (lw_layer)layer, x, y);
                if (a.tile != b.tile || a.flags != b.flags || a.solid[0] != b.solid[0] ||
                    b.solid[1] != (game == LWM_GAME_S2 ? a.solid[1] : a.solid[0]))
                    g_error("layer %d cell at (%d,%d): tile %u/%u flags %u/%u solid %u,%u/%u,%u",
                            layer, x, y, a.tile, b.tile, a.flags, b.flags, a.solid[0], a.solid[1],
                            b.solid[0], b.solid[1]);
                cells += layer == 0 && a.tile != LW_NONE;
            }
            for (int p = 0; p < 2; p++) {
                coll a = collision(orig, x, y, game == LWM_GAME_S2 ? (lw_path)p : LW_PATH_A);
                coll b = collision(back, x, y, (lw_path)p);
                if (a.present != b.present ||
                    (a.present && (a.solid != b.solid || a.flags != b.flags || a.angle != b.angle ||
                                   memcmp(a.heights, b.heights, 16))))
                    g_error("collision path %d at (%d,%d): present %d/%d solid %u/%u angle "
                            "0x%02X/0x%02X",
                            p, x, y, a.present, b.present, a.solid, b.solid, a.angle, b.angle);
                solid_cells += p == 0 && a.present;
            }
        }
    g_assert_cmpuint(cells, >, 100); /* the comparison saw the level */
    g_assert_cmpuint(solid_cells, >, 100);
    const lw_object *sa = start_of(orig), *sb = start_of(back);
    g_assert_nonnull(sa);
    g_assert_nonnull(sb);
    g_assert_cmpint(sa->x, ==, sb->x);
    g_assert_cmpint(sa->y, ==, sb->y);
    g_assert_cmpuint(back->object_count, ==, 1);
    /* art: every tile's cell, rounded to 9-bit colour, transparent below alpha 128 */
    g_assert_cmpuint(back->tile_count, ==, orig->tile_count);
    g_assert_cmpuint(tiles->width, ==, 256);
    g_assert_cmpuint(tiles->height, ==, 16 * ((orig->tile_count + 15) / 16));
    uint32_t cells_x = art->width / 16;
    for (uint32_t t = 0; t < orig->tile_count; t++) {
        g_assert_cmpuint(back->tiles[t].art, ==, t);
        uint16_t cell = orig->tiles[t].art;
        for (uint32_t y = 0; y < 16; y++)
            for (uint32_t x = 0; x < 16; x++) {
                const uint8_t *q = lwm_image_pixel(tiles, (t % 16) * 16 + x, (t / 16) * 16 + y);
                uint32_t want = 0; /* transparent */
                if (cell != LW_NONE) {
                    const uint8_t *p =
                        lwm_image_pixel(art, (cell % cells_x) * 16 + x, (cell / cells_x) * 16 + y);
                    if (p[3] >= 128)
                        want = lwm_md_color_rgb(lwm_md_color(p[0], p[1], p[2])) << 8 | 0xFF;
                }
                uint32_t got =
                    q[3] ? (uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 | (uint32_t)q[2] << 8 | q[3]
                         : 0;
                if (got != want)
                    g_error("tile %u pixel (%u,%u): 0x%08X, expected 0x%08X", t, x, y, got, want);
            }
    }
    g_assert_cmpuint(back->background_rgb, ==,
                     lwm_md_color_rgb(lwm_md_color((uint8_t)(orig->background_rgb >> 16),
                                                   (uint8_t)(orig->background_rgb >> 8),
                                                   (uint8_t)orig->background_rgb)));
}

/* Independent counts for the export statistics. */
typedef struct expect_art {
    uint32_t quarters, patterns, colors;
    uint64_t rounded;
} expect_art;

static expect_art count_art(const lw_level *lv, const lwm_image *art)
{
    expect_art e = {0};
    GHashTable *pats =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    GHashTable *cols = g_hash_table_new(g_direct_hash, g_direct_equal);
    uint32_t cells_x = art->width / 16;
    for (uint32_t t = 0; t < lv->tile_count; t++) {
        uint16_t cell = lv->tiles[t].art;
        if (cell == LW_NONE)
            continue;
        for (uint32_t k = 0; k < 4; k++) {
            uint32_t px[64];
            bool blank = true;
            for (uint32_t y = 0; y < 8; y++)
                for (uint32_t x = 0; x < 8; x++) {
                    const uint8_t *p = lwm_image_pixel(art, (cell % cells_x) * 16 + (k & 1) * 8 + x,
                                                       (cell / cells_x) * 16 + (k >> 1) * 8 + y);
                    px[y * 8 + x] = 0;
                    if (p[3] < 128)
                        continue;
                    uint32_t rgb = lwm_md_color_rgb(lwm_md_color(p[0], p[1], p[2]));
                    e.rounded += rgb != ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]);
                    px[y * 8 + x] = rgb << 8 | 0xFF;
                    g_hash_table_add(cols, GUINT_TO_POINTER(rgb + 1));
                    blank = false;
                }
            if (blank)
                continue;
            e.quarters++;
            /* canonical form: the smallest of the four flips */
            uint32_t best[64];
            for (int f = 0; f < 4; f++) {
                uint32_t v[64];
                for (int y = 0; y < 8; y++)
                    for (int x = 0; x < 8; x++)
                        v[y * 8 + x] = px[((f & 2) ? 7 - y : y) * 8 + ((f & 1) ? 7 - x : x)];
                if (f == 0 || memcmp(v, best, sizeof v) < 0)
                    memcpy(best, v, sizeof v);
            }
            g_hash_table_add(pats, g_bytes_new(best, sizeof best));
        }
    }
    e.patterns = g_hash_table_size(pats) + 1; /* the blank pattern 0 */
    e.colors = g_hash_table_size(cols);
    g_hash_table_destroy(pats);
    g_hash_table_destroy(cols);
    return e;
}

/* Distinct non-empty masks as the classic tables keep them: heights + angle byte. */
static uint32_t count_masks(const lw_level *lv)
{
    GHashTable *set =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    for (uint32_t m = 0; m < lv->mask_count; m++) {
        uint8_t key[17];
        bool empty = true;
        for (int i = 0; i < 16; i++) {
            key[i] = (uint8_t)lv->masks[m].heights[i];
            empty &= key[i] == 0;
        }
        key[16] = lw_mask_angle_byte(&lv->masks[m]);
        if (!empty)
            g_hash_table_add(set, g_bytes_new(key, sizeof key));
    }
    uint32_t n = g_hash_table_size(set);
    g_hash_table_destroy(set);
    return n;
}

/* Distinct non-empty game chunks (@game_px) over both layers, by effective cell content. */
static uint32_t count_chunks(const lw_level *lv, uint32_t game_px, bool path_a_only)
{
    GHashTable *set =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    uint32_t n = game_px / 16;
    int32_t w = lw_level_width_px(lv), h = lw_level_height_px(lv);
    uint16_t *key = g_new(uint16_t, n * n * 2);
    for (int layer = 0; layer < 2; layer++)
        for (int32_t cy = 0; cy < h; cy += (int32_t)game_px)
            for (int32_t cx = 0; cx < w; cx += (int32_t)game_px) {
                bool empty = true;
                for (uint32_t i = 0; i < n * n; i++) {
                    eff_cell e = effective(lv, (lw_layer)layer, cx + (int32_t)(i % n) * 16,
                                           cy + (int32_t)(i / n) * 16);
                    key[2 * i] = e.tile;
                    key[2 * i + 1] =
                        (uint16_t)(e.flags | e.solid[0] << 4 | (path_a_only ? 0 : e.solid[1] << 8));
                    empty &= e.tile == LW_NONE;
                }
                if (!empty)
                    g_hash_table_add(set, g_bytes_new(key, n * n * 4));
            }
    g_free(key);
    uint32_t c = g_hash_table_size(set);
    g_hash_table_destroy(set);
    return c;
}

/* ---- round trips of the sample levels ---- */

typedef struct case_def {
    const char *level;
    lwm_game game;
    unsigned lines;
} case_def;

static void test_round_trip(gconstpointer data)
{
    const case_def *cd = data;
    lwm_image art = {0};
    lw_level *level = dtest_load_sample(cd->level, &art);
    lwm_disasm_export ex;
    lwm_disasm_import im;
    export_import(level, &art, cd->game, cd->lines, &ex, &im, true);
    compare_levels(level, &art, im.level, &im.tileset, cd->game);

    /* the statistics, against independent counts */
    bool s2 = cd->game == LWM_GAME_S2;
    uint32_t game_px = s2 ? 128 : 256;
    const lwm_disasm_stats *st = &ex.stats;
    expect_art ea = count_art(level, &art);
    g_assert_cmpuint(st->blocks, ==, level->tile_count + 1);
    g_assert_cmpuint(st->masks, ==, count_masks(level));
    g_assert_cmpuint(st->patterns, ==, ea.patterns);
    g_assert_cmpuint(st->art_patterns, ==, ea.quarters);
    g_assert_cmpuint(st->art_fit, ==, ea.quarters); /* the sample art fits one line */
    g_assert_cmpuint(st->colors, ==, ea.colors);
    g_assert_cmpuint(st->pixels_rounded, ==, ea.rounded);
    g_assert_cmpuint(st->pixels_alpha, ==, 0);
    g_assert_cmpuint(st->pixels_quantized, ==, 0);
    g_assert_cmpuint(st->chunks, ==, count_chunks(level, game_px, !s2) + (s2 ? 1 : 0));
    g_assert_cmpuint(st->layout_width * game_px, ==,
                     (lw_level_width_px(level) + game_px - 1) / game_px * game_px);
    g_assert_cmpuint(st->layout_height * game_px, ==,
                     (lw_level_height_px(level) + game_px - 1) / game_px * game_px);
    g_assert_cmpuint(im.level->chunk_count, ==, st->chunks - (s2 ? 1 : 0));
    g_assert_cmpuint(im.level->chunk_px, ==, game_px);

    /* file sizes and names the disassembly uses */
    size_t n;
    if (s2) {
        g_assert_cmpuint(ex.file_count, ==, 11);
        raw_of(&ex, "mappings/128x128/TEST.kos", &n);
        g_assert_cmpuint(n, ==, (size_t)st->chunks * 128);
        raw_of(&ex, "mappings/16x16/TEST.kos", &n);
        g_assert_cmpuint(n, ==, (size_t)st->blocks * 8);
        raw_of(&ex, "level/layout/TEST_1.kos", &n);
        g_assert_cmpuint(n, ==, 0x1000);
        raw_of(&ex, "art/kosinski/TEST.kos", &n);
        g_assert_cmpuint(n, ==, (size_t)st->patterns * 32);
        raw_of(&ex, "art/palettes/TEST.bin", &n);
        g_assert_cmpuint(n, ==, cd->lines * 32u);
        raw_of(&ex, "collision/TEST primary 16x16 collision index.kos", &n);
        g_assert_cmpuint(n, ==, 768);
        raw_of(&ex, "collision/TEST secondary 16x16 collision index.kos", &n);
        g_assert_cmpuint(n, ==, 768);
        raw_of(&ex, "collision/Collision array - Vertical.bin", &n);
        g_assert_cmpuint(n, ==, 4096);
        raw_of(&ex, "collision/Collision array - Horizontal.bin", &n);
        g_assert_cmpuint(n, ==, 4096);
        raw_of(&ex, "collision/Curve and resistance mapping.bin", &n);
        g_assert_cmpuint(n, ==, 256);
        raw_of(&ex, "startpos/TEST_1.bin", &n);
        g_assert_cmpuint(n, ==, 4);
        for (size_t i = 0; i < ex.file_count; i++)
            if (ex.files[i].codec == LWM_CODEC_KOSINSKI)
                g_assert_cmpuint(ex.files[i].size % 16, ==, 0);
    } else {
        g_assert_cmpuint(ex.file_count, ==, 11);
        raw_of(&ex, "map256/TEST.kos", &n);
        g_assert_cmpuint(n, ==, (size_t)st->chunks * 512);
        raw_of(&ex, "map16/TEST.eni", &n);
        g_assert_cmpuint(n, ==, (size_t)st->blocks * 8);
        const uint8_t *fg = raw_of(&ex, "levels/test1.bin", &n);
        g_assert_cmpuint(n, ==, 2 + st->layout_width * st->layout_height);
        g_assert_cmpuint(fg[0], ==, st->layout_width - 1);
        g_assert_cmpuint(fg[1], ==, st->layout_height - 1);
        raw_of(&ex, "levels/testbg.bin", &n);
        g_assert_cmpuint(n, ==,
                         level->layout[LW_LAYER_BG] ? 2 + st->layout_width * st->layout_height : 3);
        raw_of(&ex, "artunc/8x8 - TEST.bin", &n);
        g_assert_cmpuint(n, ==, (size_t)st->patterns * 32);
        raw_of(&ex, "palette/TEST.bin", &n);
        g_assert_cmpuint(n, ==, cd->lines * 32u);
        raw_of(&ex, "collide/TEST.bin", &n);
        g_assert_cmpuint(n, ==, level->tile_count + 1);
        raw_of(&ex, "collide/Collision Array (Normal).bin", &n);
        g_assert_cmpuint(n, ==, 4096);
        raw_of(&ex, "startpos/test1.bin", &n);
        g_assert_cmpuint(n, ==, 4);
    }
    lwm_disasm_export_clear(&ex);
    lwm_disasm_import_clear(&im);
    lwm_image_clear(&art);
    lw_level_free(level);
}

/* Without --size, an S2 import ends at the layout's last used column and row. */
static void test_import_trims(void)
{
    lwm_image art = {0};
    lw_level *level = dtest_load_sample("loop-hill.json", &art);
    lwm_disasm_export ex;
    lwm_disasm_import im;
    export_import(level, &art, LWM_GAME_S2, 3, &ex, &im, false);
    uint32_t used_w = 0, used_h = 0;
    for (int layer = 0; layer < 2; layer++)
        for (uint32_t y = 0; level->layout[layer] && y < level->layout_height; y++)
            for (uint32_t x = 0; x < level->layout_width; x++)
                if (lw_level_layout_get(level, (lw_layer)layer, x, y) != LW_NONE) {
                    used_w = MAX(used_w, x + 1);
                    used_h = MAX(used_h, y + 1);
                }
    g_assert_cmpuint(im.level->layout_width, ==, used_w);
    g_assert_cmpuint(im.level->layout_height, ==, used_h);
    compare_levels(level, &art, im.level, &im.tileset, LWM_GAME_S2);
    lwm_disasm_export_clear(&ex);
    lwm_disasm_import_clear(&im);
    lwm_image_clear(&art);
    lw_level_free(level);
}

/* ---- exact bytes on a small level ---- */

/* A 128 px level with @w x @h slots; @tiles tiles with mask 0 (a full block) on both paths. */
static lw_level *small_level(uint16_t chunk_px, uint16_t w, uint16_t h, uint32_t tiles)
{
    lw_error err;
    lw_level *lv = lw_level_new(chunk_px, w, h, &err);
    g_assert_nonnull(lv);
    lw_mask full = {
        {16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16}, {0}, 0, LW_MASK_FLAGGED};
    g_assert_cmpint(lw_level_add_mask(lv, &full), ==, 0);
    for (uint32_t t = 0; t < tiles; t++) {
        lw_tile tile = {(uint16_t)t, {0, 0}, 0};
        g_assert_cmpint(lw_level_add_tile(lv, &tile), ==, (int)t);
    }
    return lv;
}

static void put_pixel(lwm_image *img, uint32_t x, uint32_t y, uint32_t rgba)
{
    uint8_t *p = lwm_image_pixel(img, x, y);
    p[0] = (uint8_t)(rgba >> 24);
    p[1] = (uint8_t)(rgba >> 16);
    p[2] = (uint8_t)(rgba >> 8);
    p[3] = (uint8_t)rgba;
}

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

static void test_exact_words(void)
{
    lw_level *lv = small_level(128, 2, 1, 2);
    lw_level_tiles_mut(lv)[1].flags = LW_TILE_JUMP_THROUGH;
    lv->background_rgb = 0x0000FF; /* pure blue: word 0x0E00 */
    lw_cell cells[64];
    for (int i = 0; i < 64; i++)
        cells[i] = (lw_cell){LW_NONE, 0, 0};
    cells[0] = (lw_cell){0, LW_CELL_FLIP_X, lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_TOP)};
    cells[9] = (lw_cell){1, LW_CELL_FLIP_Y, lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_LRB)};
    g_assert_cmpint(lw_level_add_chunk(lv, cells), ==, 0);
    lw_level_layout_mut(lv, LW_LAYER_FG)[1] = 0; /* slot (1,0); slot (0,0) stays empty */
    lw_object start = {0};
    start.type = LW_OBJECT_PLAYER_START;
    start.x = 300;
    start.y = 0x1234;
    g_assert_nonnull(lw_level_add_object(lv, &start));
    /* art: tile 0 = red/blue asymmetric quarter A in TL, its flips in the other quarters;
     * tile 1 = transparent */
    lwm_image art;
    lw_error err;
    g_assert_true(lwm_image_init(&art, 32, 16, 0, &err));
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            uint32_t c = x < y ? 0xFF0000FFu : x == 7 && y == 0 ? 0x0000FFFFu : 0;
            if (!c)
                continue;
            put_pixel(&art, x, y, c);           /* TL: A */
            put_pixel(&art, 15 - x, y, c);      /* TR: A flipped horizontally */
            put_pixel(&art, x, 15 - y, c);      /* BL: vertically */
            put_pixel(&art, 15 - x, 15 - y, c); /* BR: both */
        }
    for (lwm_game game = LWM_GAME_S1; game <= LWM_GAME_S2; game++) {
        lwm_disasm_options opts = lwm_disasm_options_default(game, "Z");
        lwm_disasm_export ex;
        lwm_report rep = {0};
        if (!lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err)) {
            dump_report(&rep);
            g_error("%s", err.message);
        }
        size_t n;
        bool s2 = game == LWM_GAME_S2;
        /* chunk words: S2 chunk 0 empty, chunk 1 = the level chunk; S1 stored chunk 0 */
        const uint8_t *ch = raw_of(&ex, s2 ? "mappings/128x128/Z.kos" : "map256/Z.kos", &n);
        g_assert_cmpuint(n, ==, s2 ? 256 : 512);
        const uint8_t *c1 = s2 ? ch + 128 : ch;
        unsigned stride = s2 ? 8 : 16; /* words per row */
        if (s2) {
            for (int i = 0; i < 128; i++)
                g_assert_cmpuint(ch[i], ==, 0);
            /* block 1 | X flip | path 1 all | path 2 top */
            g_assert_cmphex(be16(c1), ==, 0x0001 | 0x0400 | 0x3000 | 0x4000);
            /* block 2 (jump-through: LRB bits cleared) | Y flip | path 1 top | path 2 none */
            g_assert_cmphex(be16(c1 + 2 * (1 * stride + 1)), ==, 0x0002 | 0x0800 | 0x1000);
        } else {
            /* the level chunk sits in the right half of the S1 chunk: cell (8,0) */
            g_assert_cmphex(be16(c1 + 2 * 8), ==, 0x0001 | 0x0800 | 0x6000);
            g_assert_cmphex(be16(c1 + 2 * (1 * stride + 9)), ==, 0x0002 | 0x1000 | 0x2000);
            g_assert_cmphex(be16(c1), ==, 0);
        }
        /* layout */
        const uint8_t *lay = raw_of(&ex, s2 ? "level/layout/Z_1.kos" : "levels/z1.bin", &n);
        if (s2) {
            g_assert_cmpuint(n, ==, 0x1000);
            g_assert_cmpuint(lay[0], ==, 0);
            g_assert_cmpuint(lay[1], ==, 1);
            for (size_t i = 2; i < n; i++)
                g_assert_cmpuint(lay[i], ==, 0);
        } else {
            g_assert_cmpuint(n, ==, 3);
            g_assert_cmpuint(lay[0], ==, 0); /* 1x1 */
            g_assert_cmpuint(lay[1], ==, 0);
            g_assert_cmpuint(lay[2], ==, 1);
            const uint8_t *bg = raw_of(&ex, "levels/zbg.bin", &n);
            g_assert_cmpuint(n, ==, 3);
            g_assert_cmpuint(bg[0] | bg[1] | bg[2], ==, 0);
        }
        /* blocks: block 0 empty; block 1 = pattern 1 in palette line 1 with the four flips;
         * block 2 transparent = blank pattern 0 */
        const uint8_t *bl = raw_of(&ex, s2 ? "mappings/16x16/Z.kos" : "map16/Z.eni", &n);
        g_assert_cmpuint(n, ==, 24);
        for (int i = 0; i < 8; i++)
            g_assert_cmpuint(bl[i], ==, 0);
        g_assert_cmphex(be16(bl + 8), ==, 0x2001);
        g_assert_cmphex(be16(bl + 10), ==, 0x2001 | 0x0800);
        g_assert_cmphex(be16(bl + 12), ==, 0x2001 | 0x1000);
        g_assert_cmphex(be16(bl + 14), ==, 0x2001 | 0x1800);
        for (int i = 16; i < 24; i++)
            g_assert_cmpuint(bl[i], ==, 0);
        g_assert_cmpuint(ex.stats.patterns, ==, 2);
        /* the pattern: colours in ascending word order: red 0x000E = 1, blue 0x0E00 = 2 */
        const uint8_t *pat = raw_of(&ex, s2 ? "art/kosinski/Z.kos" : "artunc/8x8 - Z.bin", &n);
        g_assert_cmpuint(n, ==, 64);
        for (int i = 0; i < 32; i++)
            g_assert_cmpuint(pat[i], ==, 0);
        for (uint32_t y = 0; y < 8; y++)
            for (uint32_t x = 0; x < 8; x++) {
                uint8_t b = pat[32 + y * 4 + x / 2];
                unsigned idx = (x & 1) ? b & 15u : b >> 4;
                g_assert_cmpuint(idx, ==, x < y ? 1u : x == 7 && y == 0 ? 2u : 0u);
            }
        /* palette: lines 1-3; line 1 = 0, red, blue; line 2 colour 0 = the backdrop */
        const uint8_t *pal = raw_of(&ex, s2 ? "art/palettes/Z.bin" : "palette/Z.bin", &n);
        g_assert_cmpuint(n, ==, 96);
        for (size_t i = 0; i < 48; i++)
            g_assert_cmphex(be16(pal + 2 * i), ==,
                            i == 1    ? 0x000E
                            : i == 2  ? 0x0E00
                            : i == 16 ? 0x0E00
                                      : 0);
        /* start position */
        const uint8_t *sp = raw_of(&ex, s2 ? "startpos/Z_1.bin" : "startpos/z1.bin", &n);
        g_assert_cmpuint(n, ==, 4);
        g_assert_cmphex(be16(sp), ==, 300);
        g_assert_cmphex(be16(sp + 2), ==, 0x1234);
        /* collision index: blocks 1 and 2 use mask id 1 (the full block) */
        const uint8_t *ix =
            raw_of(&ex, s2 ? "collision/Z primary 16x16 collision index.kos" : "collide/Z.bin", &n);
        g_assert_cmpuint(n, ==, s2 ? 768 : 3);
        g_assert_cmpuint(ix[0], ==, 0);
        g_assert_cmpuint(ix[1], ==, 1);
        g_assert_cmpuint(ix[2], ==, 1);
        g_assert_true(report_has(&rep, LWM_REPORT_NOTE,
                                 s2 ? "S2: 2 chunks of 128 px, 3 blocks"
                                    : "S1: 1 chunks of 256 px, 3 blocks"));
        if (!s2)
            g_assert_true(report_has(&rep, LWM_REPORT_NOTE, "joined 2x2 into 256 px chunks"));
        lwm_disasm_export_clear(&ex);
        lwm_report_clear(&rep);
    }
    lwm_image_clear(&art);
    lw_level_free(lv);
}

/* ---- limits ---- */

/* Export must fail with LW_ERR_LIMIT, a LIMIT item containing @text, no files, and writing
 * nothing. */
static void expect_limit(const lw_level *lv, const lwm_image *art, lwm_game game, const char *text)
{
    lwm_disasm_options opts = lwm_disasm_options_default(game, "Z");
    lwm_disasm_export ex;
    lwm_report rep = {0};
    lw_error err;
    g_assert_false(lwm_disasm_export_level(lv, art, &opts, &ex, &rep, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_cmpuint(ex.file_count, ==, 0);
    if (!report_has(&rep, LWM_REPORT_LIMIT, text)) {
        dump_report(&rep);
        g_error("no limit item with \"%s\"", text);
    }
    lwm_report_clear(&rep);
}

/* One distinct chunk per slot: slot i holds tile i % tiles at cell (i / tiles) of its chunk. */
static lw_level *distinct_chunks(uint16_t chunk_px, uint16_t w, uint16_t h, uint32_t count,
                                 uint32_t tiles)
{
    lw_level *lv = small_level(chunk_px, w, h, tiles);
    uint32_t cells_n = lw_level_cells_per_chunk(lv);
    lw_cell *cells = g_new(lw_cell, cells_n);
    for (uint32_t c = 0; c < count; c++) {
        for (uint32_t i = 0; i < cells_n; i++)
            cells[i] = (lw_cell){LW_NONE, 0, 0};
        cells[c / tiles] = (lw_cell){(uint16_t)(c % tiles), 0, lw_cell_solid_bits(3, 3)};
        g_assert_cmpint(lw_level_add_chunk(lv, cells), ==, (int)c);
        lw_level_layout_mut(lv, LW_LAYER_FG)[c] = (uint16_t)c;
    }
    g_free(cells);
    return lv;
}

static void test_limits(void)
{
    /* 768 tiles: 0x300 blocks with block 0 */
    lw_level *lv = small_level(128, 1, 1, 768);
    expect_limit(lv, NULL, LWM_GAME_S2, "768 tiles: S2's block table holds 0x300 blocks");
    expect_limit(lv, NULL, LWM_GAME_S1, "768 tiles: S1's block table holds 0x300 blocks");
    lw_level_free(lv);
    /* 767 tiles fit */
    lv = small_level(128, 1, 1, 767);
    lwm_disasm_options opts = lwm_disasm_options_default(LWM_GAME_S2, "Z");
    lwm_disasm_export ex;
    lwm_report rep = {0};
    lw_error err;
    g_assert_true(lwm_disasm_export_level(lv, NULL, &opts, &ex, &rep, &err));
    g_assert_cmpuint(ex.stats.blocks, ==, 0x300);
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lw_level_free(lv);

    /* 256 distinct masks: the tables hold 255 besides mask 0 */
    lv = small_level(128, 1, 1, 0);
    for (uint32_t m = 1; m < 256; m++) {
        lw_mask mk = {{0}, {0}, 0, 0};
        for (int c = 0; c < 16; c++)
            mk.heights[c] = (int8_t)((m >> (c % 8)) & 1 ? 16 : 1);
        mk.angle = (uint8_t)(2 * m);
        g_assert_cmpint(lw_level_add_mask(lv, &mk), ==, (int)m);
    }
    expect_limit(lv, NULL, LWM_GAME_S2, "collision: 256 distinct masks: the tables hold 255");
    lw_level_free(lv);

    /* S2: 256 distinct chunks + the empty chunk 0 */
    lv = distinct_chunks(128, 128, 2, 256, 200);
    expect_limit(lv, NULL, LWM_GAME_S2, "chunks: 257 distinct 128 px chunks");
    lw_level_free(lv);
    lv = distinct_chunks(128, 128, 2, 255, 200); /* 255 + chunk 0 = 256: fits */
    g_assert_true(lwm_disasm_export_level(lv, NULL, &opts, &ex, &rep, &err));
    g_assert_cmpuint(ex.stats.chunks, ==, 256);
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lw_level_free(lv);
    /* S1: 0x53 stored chunks */
    lv = distinct_chunks(256, 64, 2, 0x53, 100);
    expect_limit(lv, NULL, LWM_GAME_S1, "chunks: 83 distinct 256 px chunks");
    lw_level_free(lv);
    /* a 256 px level to S2: every 256 px chunk is four 128 px chunks: 64 distinct 256 px
     * chunks with art in all four quarters -> 256 + chunk 0 */
    lv = small_level(256, 64, 1, 256);
    for (uint32_t c = 0; c < 64; c++) {
        lw_cell cells[256];
        for (int i = 0; i < 256; i++)
            cells[i] = (lw_cell){LW_NONE, 0, 0};
        for (uint32_t q = 0; q < 4; q++)
            cells[(q >> 1) * 8 * 16 + (q & 1) * 8] = (lw_cell){(uint16_t)(c * 4 + q), 0, 0};
        g_assert_cmpint(lw_level_add_chunk(lv, cells), ==, (int)c);
        lw_level_layout_mut(lv, LW_LAYER_FG)[c] = (uint16_t)c;
    }
    expect_limit(lv, NULL, LWM_GAME_S2, "chunks: 257 distinct 128 px chunks");
    lw_level_free(lv);

    /* layouts */
    lv = small_level(128, 129, 1, 1);
    expect_limit(lv, NULL, LWM_GAME_S2, "layout: 129x1 chunks of 128 px");
    lw_level_free(lv);
    lv = small_level(128, 1, 17, 1);
    expect_limit(lv, NULL, LWM_GAME_S2, "layout: 1x17 chunks of 128 px");
    lw_level_free(lv);
    lv = small_level(256, 64, 9, 1);
    expect_limit(lv, NULL, LWM_GAME_S2, "layout: 128x18 chunks of 128 px");
    expect_limit(lv, NULL, LWM_GAME_S1, "layout: 64x9 chunks of 256 px");
    lw_level_free(lv);
    lv = small_level(128, 129, 16, 1);
    expect_limit(lv, NULL, LWM_GAME_S1, "layout: 65x8 chunks of 256 px (the level's 129x16");
    lw_level_free(lv);

    /* several limits at once: all reported */
    lv = small_level(128, 200, 1, 800);
    lwm_report all = {0};
    g_assert_false(lwm_disasm_export_level(lv, NULL, &opts, &ex, &all, &err));
    g_assert_cmpuint(all.limits, ==, 2);
    g_assert_true(report_has(&all, LWM_REPORT_LIMIT, "800 tiles"));
    g_assert_true(report_has(&all, LWM_REPORT_LIMIT, "layout: 200x1"));
    g_assert_cmpstr(err.message, ==, "the level does not fit S2 (2 report lines over the limits)");
    lwm_report_clear(&all);
    lw_level_free(lv);
}

/* 1601 patterns: over the 0x600 below the plane tables. Each quarter carries its number in rows
 * 2-3 and a corner mark that no flip of another quarter can match. */
static void test_pattern_limit(void)
{
    lw_level *lv = small_level(128, 1, 1, 400);
    lwm_image art;
    lw_error err;
    g_assert_true(lwm_image_init(&art, 320, 320, 0, &err));
    for (uint32_t t = 0; t < 400; t++)
        for (uint32_t q = 0; q < 4; q++) {
            uint32_t ox = (t % 20) * 16 + (q & 1) * 8, oy = (t / 20) * 16 + (q >> 1) * 8;
            uint32_t n = t * 4 + q;
            put_pixel(&art, ox, oy + 7, 0xFFFFFFFF);
            for (uint32_t b = 0; b < 16; b++)
                if ((n >> b) & 1)
                    put_pixel(&art, ox + b % 8, oy + 2 + b / 8, 0xFFFFFFFF);
        }
    expect_limit(lv, &art, LWM_GAME_S2, "art: 1601 8x8 patterns; VRAM holds 1536");
    lwm_image_clear(&art);
    lw_level_free(lv);
}

/* Five tiles, each with 15 colours of its own in its top-left 8x8 (exact 9-bit colours). */
static lwm_image palette_art(uint32_t tiles, uint32_t colors_per_tile)
{
    lwm_image art;
    lw_error err;
    g_assert_true(lwm_image_init(&art, 16 * tiles, 16, 0, &err));
    uint32_t next = 1;
    for (uint32_t t = 0; t < tiles; t++)
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t k = next + i % colors_per_tile; /* colour number -> 9-bit levels */
            uint32_t rgba = (uint32_t)lwm_md_channel(k & 7) << 24 |
                            (uint32_t)lwm_md_channel((k >> 3) & 7) << 16 |
                            (uint32_t)lwm_md_channel((k >> 6) & 7) << 8 | 0xFF;
            put_pixel(&art, t * 16 + i % 8, i / 8, rgba);
            if (i == 63)
                next += colors_per_tile;
        }
    return art;
}

static void test_palette_report(void)
{
    lw_level *lv = small_level(128, 1, 1, 5);
    lwm_image art = palette_art(5, 15);
    lwm_disasm_options opts = lwm_disasm_options_default(LWM_GAME_S2, "Z");
    lwm_disasm_export ex;
    lwm_report rep = {0};
    lw_error err;
    /* 3 lines: three tiles fit, two do not */
    g_assert_false(lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_true(report_has(&rep, LWM_REPORT_LIMIT,
                             "art: 3 of 5 8x8 patterns (60.0%) fit the palette (3 lines of 15 "
                             "colours, one line per pattern; 75 colours in all)"));
    g_assert_true(report_has(&rep, LWM_REPORT_LIMIT,
                             "art: tile 3 (art cell 3), top-left 8x8: its 15 colours do not fit "
                             "in any palette line beside the others"));
    g_assert_true(report_has(&rep, LWM_REPORT_LIMIT, "art: tile 4 (art cell 4), top-left 8x8"));
    g_assert_cmpuint(rep.limits, ==, 3);
    lwm_report_clear(&rep);
    /* 4 lines: four fit */
    opts.palette_lines = 4;
    g_assert_false(lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err));
    g_assert_true(report_has(&rep, LWM_REPORT_LIMIT,
                             "art: 4 of 5 8x8 patterns (80.0%) fit the palette (4 lines"));
    lwm_report_clear(&rep);
    /* quantised on request: written, the two others drawn with a full line's colours */
    opts.palette_lines = 3;
    opts.art_mode = LWM_ART_QUANTIZE;
    g_assert_true(lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err));
    g_assert_cmpuint(ex.stats.art_fit, ==, 3);
    g_assert_cmpuint(ex.stats.art_patterns, ==, 5);
    g_assert_cmpuint(ex.stats.pixels_quantized, ==, 128); /* no colour of theirs is in a line */
    g_assert_true(report_has(&rep, LWM_REPORT_WARNING,
                             "art: 3 of 5 8x8 patterns (60.0%) fit the palette; the other 2 were "
                             "quantised to the nearest colours of one line: 128 pixels changed"));
    size_t n;
    const uint8_t *bl = raw_of(&ex, "mappings/16x16/Z.kos", &n);
    for (uint32_t t = 0; t < 5; t++) {
        unsigned line = be16(bl + (t + 1) * 8) >> 13 & 3;
        g_assert_cmpuint(line, >=, 1);
        if (t < 3)
            g_assert_cmpuint(line, ==, t + 1); /* first fit: one line each */
    }
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    /* a quarter with 16 colours never fits */
    lwm_image_clear(&art);
    art = palette_art(5, 16);
    opts.art_mode = LWM_ART_EXACT;
    g_assert_false(lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err));
    g_assert_true(report_has(&rep, LWM_REPORT_LIMIT,
                             "art: tile 0 (art cell 0), top-left 8x8: 16 colours, a palette line "
                             "holds 15"));
    g_assert_true(report_has(&rep, LWM_REPORT_LIMIT, "art: 0 of 5 8x8 patterns (0.0%) fit"));
    lwm_report_clear(&rep);
    /* without art: no art files, blank mappings */
    opts.art_mode = LWM_ART_NONE;
    g_assert_true(lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err));
    g_assert_cmpuint(ex.file_count, ==, 8); /* chunks, blocks, layout, 5 collision files */
    bl = raw_of(&ex, "mappings/16x16/Z.kos", &n);
    for (size_t i = 0; i < n; i++)
        g_assert_cmpuint(bl[i], ==, 0);
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    lw_level_free(lv);
}

/* Partial alpha and colour rounding are counted pixel by pixel. */
static void test_rounding_report(void)
{
    lw_level *lv = small_level(128, 1, 1, 1);
    lwm_image art;
    lw_error err;
    g_assert_true(lwm_image_init(&art, 16, 16, 0, &err));
    put_pixel(&art, 0, 0, 0xFF0000FF); /* exact */
    put_pixel(&art, 1, 0, 0xFE0000FF); /* rounds to 0xFF0000 */
    put_pixel(&art, 2, 0, 0x10101080); /* alpha 128: opaque, rounds to 0x000000 */
    put_pixel(&art, 3, 0, 0x1010107F); /* alpha 127: transparent */
    lwm_disasm_options opts = lwm_disasm_options_default(LWM_GAME_S2, "Z");
    lwm_disasm_export ex;
    lwm_report rep = {0};
    g_assert_true(lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err));
    g_assert_cmpuint(ex.stats.pixels_rounded, ==, 2);
    g_assert_cmpuint(ex.stats.pixels_alpha, ==, 2);
    g_assert_cmpuint(ex.stats.colors, ==, 2);
    g_assert_true(report_has(&rep, LWM_REPORT_WARNING, "changed the colour of 2 pixels"));
    g_assert_true(report_has(&rep, LWM_REPORT_WARNING, "2 pixels are partly transparent"));
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    lw_level_free(lv);
}

static void test_colors(void)
{
    for (unsigned w = 0; w < 0x1000; w += 2) {
        if (w & ~0x0EEEu)
            continue;
        uint32_t rgb = lwm_md_color_rgb((uint16_t)w);
        g_assert_cmphex(lwm_md_color((uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb), ==,
                        w);
    }
    static const uint8_t levels[8] = {0, 36, 73, 109, 146, 182, 219, 255};
    for (unsigned i = 0; i < 8; i++)
        g_assert_cmpuint(lwm_md_channel(i), ==, levels[i]);
    g_assert_cmphex(lwm_md_color(0xFF, 0, 0), ==, 0x000E);
    g_assert_cmphex(lwm_md_color(0, 0xFF, 0), ==, 0x00E0);
    g_assert_cmphex(lwm_md_color(0, 0, 0xFF), ==, 0x0E00);
    g_assert_cmphex(lwm_md_color(18, 19, 0), ==, 0x0020); /* 18 -> level 0, 19 -> level 1 */
    g_assert_cmphex(lwm_md_color_rgb(0x0EEE), ==, 0xFFFFFF);
}

static void test_paths(void)
{
    char buf[256];
    static const char *const s2[] = {
        "mappings/128x128/EHZ.kos", "mappings/16x16/EHZ.kos", "level/layout/EHZ_2.kos", NULL,
        "art/kosinski/EHZ.kos",     "art/palettes/EHZ.bin",   "startpos/EHZ_2.bin",     "collision",
    };
    static const char *const s1[] = {
        "map256/GHZ.kos",       "map16/GHZ.eni",   "levels/ghz2.bin",   "levels/ghzbg.bin",
        "artunc/8x8 - GHZ.bin", "palette/GHZ.bin", "startpos/ghz2.bin", "collide",
    };
    for (int k = 0; k < LWM_DISASM_KIND_COUNT; k++) {
        bool ok = lwm_disasm_path(LWM_GAME_S2, (lwm_disasm_kind)k, "EHZ", 2, buf, sizeof buf);
        g_assert_cmpint(ok, ==, s2[k] != NULL);
        if (ok)
            g_assert_cmpstr(buf, ==, s2[k]);
        g_assert_true(lwm_disasm_path(LWM_GAME_S1, (lwm_disasm_kind)k, "GHZ", 2, buf, sizeof buf));
        g_assert_cmpstr(buf, ==, s1[k]);
    }
    g_assert_false(lwm_disasm_path(LWM_GAME_S3K, LWM_DISASM_CHUNKS, "X", 1, buf, sizeof buf));
    g_assert_false(lwm_disasm_path(LWM_GAME_S2, LWM_DISASM_CHUNKS, "EHZ", 1, buf, 10));
}

/* ---- nothing partial ---- */

static void test_write_fault(void)
{
    lwm_image art = {0};
    lw_level *level = dtest_load_sample("pipe-works.json", &art);
    lwm_disasm_options opts = lwm_disasm_options_default(LWM_GAME_S2, "PW");
    lwm_disasm_export ex;
    lwm_report rep = {0};
    lw_error err;
    g_assert_true(lwm_disasm_export_level(level, &art, &opts, &ex, &rep, &err));
    char *root = dtest_tmpdir(), failed[4096];
    char *dir = g_build_filename(root, "out", NULL);
    /* the disk fails after N bytes of a file: no file appears, created folders go away */
    for (long after = 0; after < 4096; after += 700) { /* the largest file is 4096 bytes */
        lwm_test_set_write_fault(after);
        g_assert_false(lwm_disasm_export_write(&ex, dir, failed, &err));
        lwm_test_set_write_fault(-1);
        g_assert_cmpint(err.code, ==, LW_ERR_IO);
        g_assert_false(g_file_test(dir, G_FILE_TEST_EXISTS));
        g_assert_cmpuint(count_files(root), ==, 0);
    }
    /* an earlier export in place stays exactly as it was */
    g_assert_true(lwm_disasm_export_write(&ex, dir, failed, &err));
    char *layout = g_build_filename(dir, "level", "layout", "PW_1.kos", NULL);
    g_assert_true(g_file_set_contents(layout, "old", 3, NULL));
    lwm_test_set_write_fault(10);
    g_assert_false(lwm_disasm_export_write(&ex, dir, failed, &err));
    lwm_test_set_write_fault(-1);
    char *text = NULL;
    gsize len = 0;
    g_assert_true(g_file_get_contents(layout, &text, &len, NULL));
    g_assert_cmpmem(text, len, "old", 3);
    g_assert_cmpuint(count_files(dir), ==, ex.file_count);
    g_free(text);
    g_free(layout);
    dtest_rmtree(root);
    g_free(root);
    g_free(dir);
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    lw_level_free(level);
}

/* ---- bad files ---- */

static char *exported_dir(lwm_game game, bool bg)
{
    lw_level *lv = small_level(128, 2, 1, 2);
    lw_cell cells[64];
    for (int i = 0; i < 64; i++)
        cells[i] = (lw_cell){(uint16_t)(i % 2), 0, lw_cell_solid_bits(3, 3)};
    g_assert_cmpint(lw_level_add_chunk(lv, cells), ==, 0);
    lw_level_layout_mut(lv, LW_LAYER_FG)[0] = 0;
    lw_object start = {0};
    start.type = LW_OBJECT_PLAYER_START;
    start.x = 64;
    start.y = 32;
    g_assert_nonnull(lw_level_add_object(lv, &start));
    if (bg) {
        g_assert_true(lw_level_ensure_background(lv));
        lw_level_layout_mut(lv, LW_LAYER_BG)[1] = 0;
    }
    lwm_image art;
    lw_error err;
    g_assert_true(lwm_image_init(&art, 32, 16, 0xFF0000FF, &err));
    lwm_disasm_options opts = lwm_disasm_options_default(game, "Z");
    lwm_disasm_export ex;
    lwm_report rep = {0};
    g_assert_true(lwm_disasm_export_level(lv, &art, &opts, &ex, &rep, &err));
    char *dir = dtest_tmpdir(), failed[4096];
    g_assert_true(lwm_disasm_export_write(&ex, dir, failed, &err));
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    lw_level_free(lv);
    return dir;
}

/* Import must fail with @code at @offset in file @rel, the message containing @text. */
static void expect_bad(const char *dir, lwm_game game, const char *rel, lw_status code, long offset,
                       const char *text)
{
    lwm_disasm_import_options io = {0};
    io.game = game;
    io.zone = "Z";
    io.act = 1;
    lwm_disasm_import im;
    lwm_report rep = {0};
    char failed[4096];
    lw_error err;
    g_assert_false(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    g_assert_null(im.level);
    char *want = g_build_filename(dir, rel, NULL);
    if (strcmp(failed, want) != 0 || err.code != code || err.offset != offset ||
        !strstr(err.message, text))
        g_error("%s: byte %ld: %s (code %d)\nwanted %s: byte %ld: ...%s... (code %d)", failed,
                err.offset, err.message, err.code, want, offset, text, code);
    g_free(want);
    lwm_report_clear(&rep);
}

static void restore(const char *dir, const char *rel, const uint8_t *data, size_t n)
{
    dtest_write(dir, rel, data, n);
}

static void test_bad_s2(void)
{
    char *dir = exported_dir(LWM_GAME_S2, true);
    size_t n, k;
    /* layout: truncated stream, wrong size, an id past the chunks */
    const char *lay = "level/layout/Z_1.kos";
    uint8_t *orig = dtest_read(dir, lay, &k);
    dtest_write(dir, lay, orig, 5);
    expect_bad(dir, LWM_GAME_S2, lay, LW_ERR_TRUNCATED, 5, "");
    restore(dir, lay, orig, k);
    uint8_t *raw = dtest_read_kos(dir, lay, &n);
    g_assert_cmpuint(n, ==, 0x1000);
    dtest_write_kos(dir, lay, raw, 0xFFF);
    expect_bad(dir, LWM_GAME_S2, lay, LW_ERR_TRUNCATED, -1, "unpacked size 4095: an S2 layout");
    raw[0x105] = 2; /* the chunk file holds chunks 0 and 1 */
    dtest_write_kos(dir, lay, raw, 0x1000);
    expect_bad(dir, LWM_GAME_S2, lay, LW_ERR_RANGE, -1,
               "unpacked byte 261: FG row 1 column 5: chunk 2, the chunk mappings hold 2");
    raw[0x105] = 0;
    raw[0x181] = 9;
    dtest_write_kos(dir, lay, raw, 0x1000);
    expect_bad(dir, LWM_GAME_S2, lay, LW_ERR_RANGE, -1, "unpacked byte 385: BG row 1 column 1");
    restore(dir, lay, orig, k);
    g_free(raw);
    g_free(orig);

    /* chunks: a block past the mappings, a partial chunk, too many chunks */
    const char *chk = "mappings/128x128/Z.kos";
    orig = dtest_read(dir, chk, &k);
    raw = dtest_read_kos(dir, chk, &n);
    g_assert_cmpuint(n, ==, 256);
    raw[128 + 2 * 10] = 0x03; /* chunk 1 cell (2,1): block 0x3xx */
    dtest_write_kos(dir, chk, raw, 256);
    expect_bad(dir, LWM_GAME_S2, chk, LW_ERR_RANGE, -1,
               "unpacked byte 148: chunk 1 cell (2,1): block 769, the block mappings hold 3");
    dtest_write_kos(dir, chk, raw, 200);
    expect_bad(dir, LWM_GAME_S2, chk, LW_ERR_FORMAT, -1,
               "unpacked size 200 is not a whole number of 128-byte chunks");
    uint8_t *big = g_malloc0(0x8080);
    dtest_write_kos(dir, chk, big, 0x8080);
    size_t bk;
    uint8_t *bkos = dtest_read(dir, chk, &bk);
    lw_error kerr; /* the offset is that of the command that overflows, as the codec reports it */
    g_assert_false(lw_kosinski_decompress(bkos, bk, big, 0x8000, NULL, NULL, &kerr));
    g_assert_cmpint(kerr.code, ==, LW_ERR_LIMIT);
    g_assert_cmpint(kerr.offset, >, 0);
    expect_bad(dir, LWM_GAME_S2, chk, LW_ERR_LIMIT, kerr.offset,
               "the Kosinski stream unpacks to more than 32768 bytes");
    g_free(bkos);
    g_free(big);
    restore(dir, chk, orig, k);
    g_free(raw);
    g_free(orig);
    /* a missing required file */
    char *p = g_build_filename(dir, chk, NULL);
    orig = dtest_read(dir, chk, &k);
    g_unlink(p);
    expect_bad(dir, LWM_GAME_S2, chk, LW_ERR_IO, -1, "cannot open");
    restore(dir, chk, orig, k);
    g_free(orig);
    g_free(p);

    /* blocks: not whole blocks */
    const char *blk = "mappings/16x16/Z.kos";
    orig = dtest_read(dir, blk, &k);
    raw = dtest_read_kos(dir, blk, &n);
    dtest_write_kos(dir, blk, raw, 20);
    expect_bad(dir, LWM_GAME_S2, blk, LW_ERR_FORMAT, -1, "unpacked size 20 is not a whole number");
    restore(dir, blk, orig, k);
    g_free(raw);
    g_free(orig);

    /* art: not whole patterns */
    const char *art = "art/kosinski/Z.kos";
    orig = dtest_read(dir, art, &k);
    raw = dtest_read_kos(dir, art, &n);
    dtest_write_kos(dir, art, raw, 40);
    expect_bad(dir, LWM_GAME_S2, art, LW_ERR_FORMAT, -1,
               "unpacked size 40 is not a whole number of 32-byte 8x8 patterns");
    restore(dir, art, orig, k);
    g_free(raw);
    g_free(orig);

    /* palette: size, a colour word with bits outside 0x0EEE */
    const char *pal = "art/palettes/Z.bin";
    orig = dtest_read(dir, pal, &k);
    dtest_write(dir, pal, orig, 95);
    expect_bad(dir, LWM_GAME_S2, pal, LW_ERR_TRUNCATED, 95, "95 bytes: a zone palette has 3");
    dtest_write(dir, pal, orig, 97);
    expect_bad(dir, LWM_GAME_S2, pal, LW_ERR_FORMAT, 96, "97 bytes");
    uint8_t bad[96];
    memcpy(bad, orig, 96);
    bad[6] = 0x10;
    dtest_write(dir, pal, bad, 96);
    expect_bad(dir, LWM_GAME_S2, pal, LW_ERR_FORMAT, 6, "colour word 0x10");
    restore(dir, pal, orig, k);
    g_free(orig);

    /* start position */
    const char *sp = "startpos/Z_1.bin";
    dtest_write(dir, sp, "\0\1\0\2\3", 5);
    expect_bad(dir, LWM_GAME_S2, sp, LW_ERR_FORMAT, 4, "5 bytes: a start position is 4");
    dtest_write(dir, sp, "\0\1\0", 3);
    expect_bad(dir, LWM_GAME_S2, sp, LW_ERR_TRUNCATED, 3, "3 bytes");
    dtest_write(dir, sp, "\0\1\0\2", 4);

    /* collision: a missing index, an index of the wrong size */
    const char *ix = "collision/Z primary 16x16 collision index.kos";
    orig = dtest_read(dir, ix, &k);
    raw = dtest_read_kos(dir, ix, &n);
    dtest_write_kos(dir, ix, raw, 700);
    expect_bad(dir, LWM_GAME_S2, ix, LW_ERR_TRUNCATED, -1, "unpacks to 700 bytes, expected 768");
    p = g_build_filename(dir, ix, NULL);
    g_unlink(p);
    g_free(p);
    expect_bad(dir, LWM_GAME_S2, ix, LW_ERR_IO, -1, "cannot open");
    restore(dir, ix, orig, k);
    g_free(raw);
    g_free(orig);

    /* and the folder imports again */
    lwm_disasm_import_options io = {0};
    io.game = LWM_GAME_S2;
    io.zone = "Z";
    io.act = 1;
    lwm_disasm_import im;
    lwm_report rep = {0};
    char failed[4096];
    lw_error err;
    g_assert_true(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    g_assert_cmpuint(im.level->layout_width, ==, 2);
    g_assert_cmpuint(im.level->layout_height, ==, 1);
    g_assert_nonnull(im.level->layout[LW_LAYER_BG]);
    /* optional files: without art, palette and start the level still imports */
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&rep);
    const char *optional[] = {"art/kosinski/Z.kos", "startpos/Z_1.bin"};
    for (int i = 0; i < 2; i++) {
        p = g_build_filename(dir, optional[i], NULL);
        g_unlink(p);
        g_free(p);
    }
    g_assert_true(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    g_assert_cmpuint(im.tileset.width, ==, 0);
    g_assert_cmpuint(im.level->object_count, ==, 0);
    g_assert_cmpuint(im.level->tiles[0].art, ==, LW_NONE);
    g_assert_true(report_has(&rep, LWM_REPORT_WARNING, "no start position"));
    g_assert_true(report_has(&rep, LWM_REPORT_NOTE, "no level art"));
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&rep);
    /* bad options */
    io.width_px = 100;
    g_assert_false(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    lwm_report_clear(&rep);
    dtest_rmtree(dir);
    g_free(dir);
}

static void test_bad_s1(void)
{
    char *dir = exported_dir(LWM_GAME_S1, false);
    size_t k;
    const char *lay = "levels/z1.bin";
    uint8_t *orig = dtest_read(dir, lay, &k);
    g_assert_cmpuint(k, ==, 3);
    g_assert_cmpuint(orig[2], ==, 1);
    uint8_t buf[16];
    memcpy(buf, orig, k);
    buf[0] = 64; /* width 65 */
    dtest_write(dir, lay, buf, 3);
    expect_bad(dir, LWM_GAME_S1, lay, LW_ERR_RANGE, 0, "width 65 chunks: S1's layout rows hold 64");
    buf[0] = 0;
    buf[1] = 8;
    dtest_write(dir, lay, buf, 3);
    expect_bad(dir, LWM_GAME_S1, lay, LW_ERR_RANGE, 1, "height 9 chunks");
    buf[1] = 0;
    dtest_write(dir, lay, buf, 2);
    expect_bad(dir, LWM_GAME_S1, lay, LW_ERR_TRUNCATED, 2, "2 bytes: a 1x1 layout is 3");
    dtest_write(dir, lay, buf, 1);
    expect_bad(dir, LWM_GAME_S1, lay, LW_ERR_TRUNCATED, 1, "1 bytes: an S1 layout starts");
    buf[3] = 0;
    dtest_write(dir, lay, buf, 4);
    expect_bad(dir, LWM_GAME_S1, lay, LW_ERR_FORMAT, 3, "4 bytes: a 1x1 layout is 3");
    buf[2] = 2; /* one chunk stored: ids 1..1 */
    dtest_write(dir, lay, buf, 3);
    expect_bad(dir, LWM_GAME_S1, lay, LW_ERR_RANGE, 2,
               "FG row 0 column 0: chunk id 2, the chunk file holds 1 (ids 1..1, 0 = empty)");
    restore(dir, lay, orig, k);
    const char *bgl = "levels/zbg.bin";
    dtest_write(dir, bgl, "\0\0\x05", 3);
    expect_bad(dir, LWM_GAME_S1, bgl, LW_ERR_RANGE, 2, "BG row 0 column 0: chunk id 5");
    dtest_write(dir, bgl, "\0\0\0", 3);
    /* the loop flag: a loop slot, whose path B (chunk 2) is not loaded (a warning) */
    buf[2] = 0x81;
    dtest_write(dir, lay, buf, 3);
    lwm_disasm_import_options io = {0};
    io.game = LWM_GAME_S1;
    io.zone = "Z";
    io.act = 1;
    lwm_disasm_import im;
    lwm_report rep = {0};
    char failed[4096];
    lw_error err;
    g_assert_true(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    g_assert_cmpuint(rep.warnings, ==, 1);
    g_assert_cmpstr(rep.items[0].file, ==, lay);
    g_assert_true(report_has(&rep, LWM_REPORT_WARNING,
                             "1 loop slots read path B from a chunk past the 1 loaded"));
    g_assert_cmpuint(lw_level_layout_get(im.level, LW_LAYER_FG, 0, 0), ==, 0);
    g_assert_cmpuint(im.level->loop_chunk_count, ==, 1);
    g_assert_cmpuint(im.level->loop_chunks[0].chunk, ==, 0);
    g_assert_cmpuint(im.level->loop_chunks[0].path_b, ==, LW_NONE);
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&rep);
    restore(dir, lay, orig, k);
    g_free(orig);

    /* Enigma block mappings: truncated */
    const char *blk = "map16/Z.eni";
    orig = dtest_read(dir, blk, &k);
    dtest_write(dir, blk, orig, 7);
    expect_bad(dir, LWM_GAME_S1, blk, LW_ERR_TRUNCATED, 7, "");
    restore(dir, blk, orig, k);
    g_free(orig);
    /* chunk words must name blocks that exist: S1 256 px chunks, block bits 0-9 */
    const char *chk = "map256/Z.kos";
    size_t n;
    uint8_t *raw = dtest_read_kos(dir, chk, &n);
    g_assert_cmpuint(n, ==, 512);
    raw[2 * 17] = 0x01; /* cell (1,1): block 0x100 */
    orig = dtest_read(dir, chk, &k);
    dtest_write_kos(dir, chk, raw, 512);
    expect_bad(dir, LWM_GAME_S1, chk, LW_ERR_RANGE, -1, "unpacked byte 34: chunk 0 cell (1,1)");
    restore(dir, chk, orig, k);
    g_free(orig);
    g_free(raw);
    /* S1 index shorter than the blocks: a warning, those blocks have no collision */
    const char *ix = "collide/Z.bin";
    orig = dtest_read(dir, ix, &k);
    g_assert_cmpuint(k, ==, 3);
    dtest_write(dir, ix, orig, 2);
    g_assert_true(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    g_assert_true(report_has(&rep, LWM_REPORT_WARNING, "the collision index covers 2 blocks"));
    g_assert_cmpuint(im.level->tiles[1].mask[0], ==, LW_NONE);
    g_assert_cmpuint(im.level->tiles[0].mask[0], !=, LW_NONE);
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&rep);
    restore(dir, ix, orig, k);
    g_free(orig);
    dtest_rmtree(dir);
    g_free(dir);
}

/* Random damage to every file of an exported folder, both to the stored bytes and (for
 * compressed files) to the unpacked data re-compressed: the import either succeeds or fails
 * with a code, a file and a message — never a crash (the sanitizer build runs this too). */
static void test_random_damage(gconstpointer data)
{
    lwm_game game = (lwm_game)GPOINTER_TO_INT(data);
    lwm_image art = {0};
    lw_level *level = dtest_load_sample("pipe-works.json", &art);
    lwm_disasm_options opts = lwm_disasm_options_default(game, "Z");
    lwm_disasm_export ex;
    lwm_report rep = {0};
    lw_error err;
    g_assert_true(lwm_disasm_export_level(level, &art, &opts, &ex, &rep, &err));
    lwm_report_clear(&rep);
    char *dir = dtest_tmpdir(), failed[4096];
    g_assert_true(lwm_disasm_export_write(&ex, dir, failed, &err));
    lwm_disasm_import_options io = {0};
    io.game = game;
    io.zone = "Z";
    io.act = 1;
    GRand *rnd = g_rand_new_with_seed(1234);
    unsigned ok_count = 0, fail_count = 0;
    for (size_t f = 0; f < ex.file_count; f++) {
        const lwm_disasm_file *file = &ex.files[f];
        for (int round = 0; round < 40; round++) {
            bool unpacked = file->codec == LWM_CODEC_KOSINSKI && (round & 1);
            const uint8_t *src = unpacked ? file->raw : file->data;
            size_t n = unpacked ? file->raw_size : file->size;
            uint8_t *buf = g_malloc(n + 8);
            memcpy(buf, src, n);
            size_t len = n;
            switch (g_rand_int_range(rnd, 0, 3)) {
            case 0: /* a few random bytes */
                for (int k = 0; k < 1 + round % 4 && n; k++)
                    buf[g_rand_int_range(rnd, 0, (gint32)n)] = (uint8_t)g_rand_int(rnd);
                break;
            case 1: /* truncated */
                len = n ? (size_t)g_rand_int_range(rnd, 0, (gint32)n) : 0;
                break;
            default: /* extended */
                for (int k = 0; k < 8; k++)
                    buf[n + (size_t)k] = (uint8_t)g_rand_int(rnd);
                len = n + (size_t)g_rand_int_range(rnd, 1, 9);
                break;
            }
            if (unpacked) {
                uint8_t *kos = g_malloc(lw_kosinski_bound(len));
                size_t k = lw_kosinski_compress(buf, len, kos);
                dtest_write(dir, file->path, kos, k);
                g_free(kos);
            } else {
                dtest_write(dir, file->path, buf, len);
            }
            g_free(buf);
            lwm_disasm_import im;
            lwm_report irep = {0};
            if (lwm_disasm_import_level(dir, &io, &im, &irep, failed, &err)) {
                g_assert_true(lw_level_validate(im.level, NULL));
                ok_count++;
                lwm_disasm_import_clear(&im);
            } else {
                g_assert_cmpint(err.code, !=, LW_OK);
                g_assert_cmpstr(err.message, !=, "");
                g_assert_true(g_str_has_prefix(failed, dir));
                fail_count++;
            }
            lwm_report_clear(&irep);
        }
        dtest_write(dir, file->path, file->data, file->size);
    }
    g_assert_cmpuint(fail_count, >, 100);
    g_assert_cmpuint(ok_count, >, 10);
    g_rand_free(rnd);
    dtest_rmtree(dir);
    g_free(dir);
    lwm_disasm_export_clear(&ex);
    lwm_image_clear(&art);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    static const case_def cases[] = {
        {"loop-hill.json", LWM_GAME_S2, 3},  {"pipe-works.json", LWM_GAME_S2, 3},
        {"loop-hill.json", LWM_GAME_S1, 3},  {"pipe-works.json", LWM_GAME_S1, 3},
        {"pipe-works.json", LWM_GAME_S2, 4},
    };
    static const char *const names[] = {
        "/masks/disasm/round-trip/s2/loop-hill",          "/masks/disasm/round-trip/s2/pipe-works",
        "/masks/disasm/round-trip/s1/loop-hill",          "/masks/disasm/round-trip/s1/pipe-works",
        "/masks/disasm/round-trip/s2/pipe-works-4-lines",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
        g_test_add_data_func(names[i], &cases[i], test_round_trip);
    g_test_add_func("/masks/disasm/round-trip/s2/trim", test_import_trims);
    g_test_add_func("/masks/disasm/exact-words", test_exact_words);
    g_test_add_func("/masks/disasm/limits", test_limits);
    g_test_add_func("/masks/disasm/limits/patterns", test_pattern_limit);
    g_test_add_func("/masks/disasm/palette-report", test_palette_report);
    g_test_add_func("/masks/disasm/rounding-report", test_rounding_report);
    g_test_add_func("/masks/disasm/colors", test_colors);
    g_test_add_func("/masks/disasm/paths", test_paths);
    g_test_add_func("/masks/disasm/write-fault", test_write_fault);
    g_test_add_func("/masks/disasm/bad/s2", test_bad_s2);
    g_test_add_func("/masks/disasm/bad/s1", test_bad_s1);
    g_test_add_data_func("/masks/disasm/bad/random-s2", GINT_TO_POINTER(LWM_GAME_S2),
                         test_random_damage);
    g_test_add_data_func("/masks/disasm/bad/random-s1", GINT_TO_POINTER(LWM_GAME_S1),
                         test_random_damage);
    return g_test_run();
}
