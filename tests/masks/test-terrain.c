/* SPDX-License-Identifier: MIT */
/* Whole-terrain import: pixel-exact round trips of the sample levels, neighbour-aware angles on
 * long slopes and loops, tile flips, jump-through cells, limits, the player start. */
#include "level-json.h"
#include "masks-private.h"
#include "synth.h"

#include <glib.h>
#include <loopwright-masks/masks.h>
#include <loopwright-masks/terrain.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static void set_px(lwm_image *img, uint32_t x, uint32_t y, uint32_t rgba)
{
    uint8_t *p = lwm_image_pixel(img, x, y);
    p[0] = (uint8_t)(rgba >> 24);
    p[1] = (uint8_t)(rgba >> 16);
    p[2] = (uint8_t)(rgba >> 8);
    p[3] = (uint8_t)rgba;
}

typedef struct warn_log {
    int count;
    int32_t x, y;
    char last[256];
} warn_log;

static void on_warn(void *user, int32_t x, int32_t y, const char *message)
{
    warn_log *w = user;
    w->count++;
    w->x = x;
    w->y = y;
    g_strlcpy(w->last, message, sizeof w->last);
}

static lw_level *import(const lwm_image *terrain, const lwm_image *top, const lwm_image *b,
                        uint16_t chunk, bool neighbours, warn_log *log)
{
    lwm_import_options o = lwm_import_options_default();
    o.terrain = terrain;
    o.top_solid = top;
    o.path_b = b;
    o.chunk_px = chunk;
    o.neighbour_angles = neighbours;
    o.warn = on_warn;
    o.user = log;
    lwm_import_result r;
    lw_error err;
    if (!lwm_import_terrain(&o, &r, &err))
        g_error("import failed: %s", err.message);
    lw_level *level = r.level;
    r.level = NULL;
    lwm_import_result_clear(&r);
    return level;
}

/* The angle collision reads at a pixel on path A (flips applied); -1 when nothing is there. */
static int angle_at(const lw_level *level, int32_t x, int32_t y, bool *flagged)
{
    lw_collision_cell cc;
    if (!lw_level_collision_at(level, x, y, LW_PATH_A, &cc))
        return -1;
    *flagged = (cc.mask->flags & LW_MASK_FLAGGED) != 0;
    return lw_angle_flip(cc.mask->angle, cc.flags & LW_CELL_FLIP_X, cc.flags & LW_CELL_FLIP_Y);
}

/* Render a sample level's collision (per path, plus its top-only pixels), import the pictures,
 * and compare the effective solidity of every pixel on both paths. */
static void test_round_trip(gconstpointer data)
{
    const char *name = data;
    char *path = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
    lw_level *src;
    lw_error err;
    if (!editor_level_load_file(path, 0, &src, &err))
        g_error("%s: %s", path, err.message);
    uint32_t w = (uint32_t)lw_level_width_px(src), h = (uint32_t)lw_level_height_px(src);
    lwm_image a, b, top;
    g_assert_true(lwm_image_init(&a, w, h, 0, NULL));
    g_assert_true(lwm_image_init(&b, w, h, 0, NULL));
    g_assert_true(lwm_image_init(&top, w, h, 0, NULL));
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            int sa = synth_level_solidity(src, (int32_t)x, (int32_t)y, LW_PATH_A);
            int sb = synth_level_solidity(src, (int32_t)x, (int32_t)y, LW_PATH_B);
            if (sa)
                set_px(&a, x, y, 0xFFFFFFFFu);
            if (sb)
                set_px(&b, x, y, 0xFFFFFFFFu);
            if (sa == LW_SOLID_TOP || sb == LW_SOLID_TOP)
                set_px(&top, x, y, 0xFFFFFFFFu);
        }
    warn_log log = {0};
    lw_level *dst = import(&a, &top, &b, src->chunk_px, true, &log);
    g_assert_cmpint(log.count, ==, 0); /* collision of a valid level is always representable */
    g_assert_cmpint(dst->layout_width, ==, src->layout_width);
    g_assert_cmpint(dst->layout_height, ==, src->layout_height);
    uint64_t solid = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (int p = 0; p < 2; p++) {
                int want = synth_level_solidity(src, (int32_t)x, (int32_t)y, (lw_path)p);
                int got = synth_level_solidity(dst, (int32_t)x, (int32_t)y, (lw_path)p);
                if (want != got)
                    g_error("%s: pixel (%u, %u) path %c: solidity %d, imported %d", name, x, y,
                            'A' + p, want, got);
                solid += want != 0;
            }
    g_assert_cmpuint(solid, >, 10000);
    g_assert_true(lw_level_validate(dst, &err));
    g_test_message("%s: %u masks, %u tiles, %u chunks (source %u, %u, %u)", name, dst->mask_count,
                   dst->tile_count, dst->chunk_count, src->mask_count, src->tile_count,
                   src->chunk_count);
    lw_level_free(src);
    lw_level_free(dst);
    lwm_image_clear(&a);
    lwm_image_clear(&b);
    lwm_image_clear(&top);
    g_free(path);
}

/* Ground at @ground(x) px (solid below) over a @w x @h image. */
static lwm_image ground_image(uint32_t w, uint32_t h, double (*ground)(double x))
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, w, h, 0, NULL));
    for (uint32_t x = 0; x < w; x++) {
        double g = ground(x + 0.5);
        for (uint32_t y = 0; y < h; y++)
            if (y + 0.5 > g)
                set_px(&img, x, y, 0x60A040FFu);
    }
    return img;
}

/* Flat at y = 400, then rising at 22.5 degrees ("/", hex 0xF0) for 640 px, then flat. */
static double slope_ground(double x)
{
    double t = tan(22.5 * M_PI / 180.0);
    if (x < 160)
        return 400.0;
    if (x < 800)
        return 400.0 - (x - 160) * t;
    return 400.0 - 640 * t;
}

static void count_slope(const lw_level *level, int *cells, int *slivers, int *wrong,
                        GHashTable *angles)
{
    *cells = *slivers = *wrong = 0;
    for (int32_t ty = 0; ty < 512; ty += 16)
        for (int32_t tx = 176; tx < 784; tx += 16) {
            bool flagged;
            int a = angle_at(level, tx, ty, &flagged);
            if (a < 0 || flagged)
                continue;
            lw_collision_cell cc;
            g_assert_true(lw_level_collision_at(level, tx, ty, LW_PATH_A, &cc));
            lwm_bits bits;
            lwm_bits_from_mask(cc.mask, &bits);
            uint32_t n = lwm_bits_count(&bits);
            (*cells)++;
            *slivers += n <= 12 || n >= 244;
            *wrong += a != 0xF0;
            g_hash_table_add(angles, GINT_TO_POINTER(a));
        }
}

/* Every cell on a long straight slope gets the slope's angle, slivers included; on their own the
 * same cells disagree. */
static void test_slope_consistent(void)
{
    lwm_image img = ground_image(1024, 512, slope_ground);
    warn_log log = {0};
    lw_level *level = import(&img, NULL, NULL, 128, true, &log);
    GHashTable *angles = g_hash_table_new(NULL, NULL);
    int cells, slivers, wrong;
    count_slope(level, &cells, &slivers, &wrong, angles);
    g_assert_cmpint(cells, >, 40);
    g_assert_cmpint(slivers, >, 2);
    g_assert_cmpint(wrong, ==, 0);
    g_assert_cmpint(g_hash_table_size(angles), ==, 1);
    lw_level_free(level);

    g_hash_table_remove_all(angles);
    level = import(&img, NULL, NULL, 128, false, &log);
    count_slope(level, &cells, &slivers, &wrong, angles);
    g_assert_cmpint(wrong, >, 0);
    g_assert_cmpint(g_hash_table_size(angles), >, 1);
    g_test_message("own angles: %d of %d cells differ from 0xF0, %u distinct", wrong, cells,
                   g_hash_table_size(angles));
    g_hash_table_destroy(angles);
    lw_level_free(level);
    lwm_image_clear(&img);
}

/* Inside a loop (solid outside a disc): right wall ~0xC0, ceiling ~0x80, left wall ~0x40, floor
 * ~0x00, and the diagonals between them. */
static void test_loop_angles(void)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 512, 512, 0, NULL));
    const double cx = 256, cy = 256, r = 150;
    for (uint32_t y = 0; y < 512; y++)
        for (uint32_t x = 0; x < 512; x++)
            if (hypot(x + 0.5 - cx, y + 0.5 - cy) > r)
                set_px(&img, x, y, 0xC0C0C0FFu);
    warn_log log = {0};
    lw_level *level = import(&img, NULL, NULL, 128, true, &log);
    struct {
        double deg; /* position on the circle, screen angle from +x, clockwise */
        int want;   /* hex angle of the surface there */
    } probes[] = {
        {0, 0xC0},   {45, 0xE0},  {90, 0x00},  {135, 0x20}, {180, 0x40},
        {225, 0x60}, {270, 0x80}, {315, 0xA0}, {20, 0xCE},  {300, 0x95},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(probes); i++) {
        double t = probes[i].deg * M_PI / 180.0;
        /* the first solid pixel just outside the circle */
        int32_t x = (int32_t)floor(cx + (r + 1.0) * cos(t)),
                y = (int32_t)floor(cy + (r + 1.0) * sin(t));
        bool flagged = false;
        int a = angle_at(level, x, y, &flagged);
        g_assert_cmpint(a, >=, 0);
        int d = ((a - probes[i].want) % 256 + 256) % 256;
        d = d > 128 ? 256 - d : d;
        g_test_message("loop %.0f deg: 0x%02X (expected about 0x%02X)", probes[i].deg, a,
                       probes[i].want);
        if (d > 4) /* a cell spans about 6 degrees of this circle */
            g_error("loop at %.0f deg (%d, %d): angle 0x%02X, expected about 0x%02X%s",
                    probes[i].deg, x, y, a, probes[i].want, flagged ? " (flagged)" : "");
    }
    lw_level_free(level);
    lwm_image_clear(&img);
}

static double hill_ground(double x)
{
    /* a symmetric 45-degree hill on flat ground at 300 */
    double d = fabs(x - 512.0);
    return d > 160 ? 300.0 : 300.0 - (160 - d);
}

/* A mirrored hill reuses the rising side's tiles with X flips. */
static void test_tile_flips(void)
{
    lwm_image img = ground_image(1024, 384, hill_ground);
    warn_log log = {0};
    lw_level *level = import(&img, NULL, NULL, 128, true, &log);
    int flipped = 0, cells = 0;
    for (int32_t ty = 0; ty < 384; ty += 16)
        for (int32_t tx = 0; tx < 1024; tx += 16) {
            const lw_cell *c = lw_level_cell_at(level, tx, ty);
            if (!c || c->tile == LW_NONE)
                continue;
            cells++;
            flipped += (c->flags & LW_CELL_FLIP_X) != 0;
        }
    g_assert_cmpint(flipped, >, 8);
    /* the falling side reads as "\" through the flip */
    bool flagged;
    g_assert_cmpint(angle_at(level, 600, 300 - (160 - 88) + 1, &flagged), ==, 0x20);
    g_assert_cmpint(angle_at(level, 424, 300 - (160 - 88) + 1, &flagged), ==, 0xE0);
    g_assert_cmpint((int)level->tile_count, <, cells / 4);
    lw_level_free(level);
    lwm_image_clear(&img);
}

static double flat_ground(double x)
{
    (void)x;
    return 200.0;
}

/* Jump-through cells, a partly jump-through cell, a hole, and the player start. */
static void test_top_solid_and_start(void)
{
    lwm_image img = ground_image(512, 256, flat_ground), top;
    g_assert_true(lwm_image_init(&top, 512, 256, 0, NULL));
    for (uint32_t x = 256; x < 320; x++)
        for (uint32_t y = 104; y < 112; y++) {
            set_px(&img, x, y, 0xD0A040FFu);
            set_px(&top, x, y, 0xFFFFFFFFu);
        }
    /* a cell whose solid pixels are only partly marked jump-through */
    for (uint32_t x = 352; x < 368; x++)
        for (uint32_t y = 104; y < 112; y++) {
            set_px(&img, x, y, 0xD0A040FFu);
            if (x < 360)
                set_px(&top, x, y, 0xFFFFFFFFu);
        }
    set_px(&img, 100, 220, 0); /* a hole inside the ground: cell (96, 208) */
    warn_log log = {0};
    lwm_import_options o = lwm_import_options_default();
    o.terrain = &img;
    o.top_solid = &top;
    o.warn = on_warn;
    o.user = &log;
    lwm_import_result r;
    lw_error err;
    g_assert_true(lwm_import_terrain(&o, &r, &err));
    lw_level *level = r.level;
    const lw_cell *c = lw_level_cell_at(level, 260, 108);
    g_assert_nonnull(c);
    g_assert_cmpint(lw_cell_solidity(c, LW_PATH_A), ==, LW_SOLID_TOP);
    g_assert_cmpint(lw_cell_solidity(c, LW_PATH_B), ==, LW_SOLID_TOP);
    g_assert_true(level->tiles[c->tile].flags & LW_TILE_JUMP_THROUGH);
    c = lw_level_cell_at(level, 356, 108);
    g_assert_cmpint(lw_cell_solidity(c, LW_PATH_A), ==, LW_SOLID_ALL);
    c = lw_level_cell_at(level, 100, 200);
    g_assert_cmpint(lw_cell_solidity(c, LW_PATH_A), ==, LW_SOLID_ALL);
    /* warnings: the mixed cell and the hole, once each (path B is path A's image, so its cells
     * are not sliced twice), at their cells' top-left corners */
    g_assert_cmpint(log.count, ==, 2);
    g_assert_cmpint((int)r.warnings, ==, 2);
    g_assert_cmpint(log.x, ==, 96);
    g_assert_cmpint(log.y, ==, 208);
    g_assert_nonnull(strstr(log.last, "path A: cell (6, 13) columns 4 are not one run"));
    /* the hole was filled: the ground is solid there */
    g_assert_cmpint(synth_level_solidity(level, 100, 220, LW_PATH_A), ==, LW_SOLID_ALL);
    /* the start stands on the ground: centre 20 px above the top solid row */
    g_assert_true(r.start_found);
    g_assert_cmpint(r.start_x, ==, 24);
    g_assert_cmpint(r.start_y, ==, 180);
    g_assert_cmpint(level->object_count, ==, 1);
    g_assert_cmpint(level->objects[0].type, ==, LW_OBJECT_PLAYER_START);
    /* art: the terrain's own pixels; empty chunks stay empty in the layout */
    /* ground top, full ground, the cell with the hole, the ledge: 4 cells in one row */
    g_assert_cmpint(r.art_cells, ==, 4);
    g_assert_cmpint(r.tileset.width, ==, 4 * 16);
    g_assert_cmpint(r.tileset.height, ==, 16);
    g_assert_cmpint(lw_level_layout_get(level, LW_LAYER_FG, 0, 0), ==, LW_NONE);
    lwm_import_result_clear(&r);
    lwm_image_clear(&img);
    lwm_image_clear(&top);
}

/* A run hanging from a cell's top edge with open air above is a floor (a thin ledge): its
 * columns become solid down to the cell's bottom, so floor sensors see it from above, with a
 * warning for a solid cell. One under solid ground stays ceiling-type (negative heights), and so
 * does a sloped underside (runs of different lengths) under open air. */
static void test_hanging_runs(void)
{
    lwm_image img = ground_image(512, 256, flat_ground);
    for (uint32_t x = 64; x < 128; x++) /* a 4 px ledge at the top of cell row 8 */
        for (uint32_t y = 128; y < 132; y++)
            set_px(&img, x, y, 0xD0A040FFu);
    for (uint32_t x = 320; x < 384; x++) /* a ceiling: solid rows 0..67 */
        for (uint32_t y = 0; y < 68; y++)
            set_px(&img, x, y, 0xD0A040FFu);
    for (uint32_t x = 192; x < 208; x++) /* a sloped underside hanging 1..8 px, air above */
        for (uint32_t y = 128; y < 129 + (x - 192) / 2; y++)
            set_px(&img, x, y, 0xD0A040FFu);
    warn_log log = {0};
    lw_level *level = import(&img, NULL, NULL, 128, true, &log);
    lw_collision_cell cc;
    g_assert_true(lw_level_collision_at(level, 70, 130, LW_PATH_A, &cc));
    for (int c = 0; c < 16; c++)
        g_assert_cmpint(cc.mask->heights[c], ==, 16);
    g_assert_true(lw_level_collision_at(level, 330, 64, LW_PATH_A, &cc));
    for (int c = 0; c < 16; c++)
        g_assert_cmpint(cc.mask->heights[c], ==, -4);
    /* the sloped underside is a ceiling piece however open the air above (Sega's games have
     * thousands, docs/MASKS.md §4.8): it keeps its pixels, and a ceiling's angle */
    g_assert_true(lw_level_collision_at(level, 200, 130, LW_PATH_A, &cc));
    lw_mask placed;
    lwm_mask_flip(cc.mask, cc.flags & LW_CELL_FLIP_X, cc.flags & LW_CELL_FLIP_Y, &placed);
    for (int c = 0; c < 16; c++)
        g_assert_cmpint(placed.heights[c], ==, -(1 + c / 2));
    uint8_t angle =
        lw_angle_flip(cc.mask->angle, cc.flags & LW_CELL_FLIP_X, cc.flags & LW_CELL_FLIP_Y);
    g_assert_false(cc.mask->flags & LW_MASK_FLAGGED);
    g_assert_cmpint(angle, >, 0x80);
    g_assert_cmpint(angle, <, 0xA0);
    /* four cells of the ledge, one warning each */
    g_assert_cmpint(log.count, ==, 4);
    g_assert_nonnull(strstr(log.last, "path A: cell (7, 8): a run hanging from the cell's top edge "
                                      "with open air above is a floor"));
    lw_level_free(level);
    lwm_image_clear(&img);
}

/* A wall at the left: the start moves to the first column with room. */
static void test_start_past_wall(void)
{
    lwm_image img = ground_image(512, 256, flat_ground);
    for (uint32_t x = 0; x < 70; x++)
        for (uint32_t y = 0; y < 200; y++)
            set_px(&img, x, y, 0x808080FFu);
    lwm_import_options o = lwm_import_options_default();
    o.terrain = &img;
    lwm_import_result r;
    g_assert_true(lwm_import_terrain(&o, &r, NULL));
    /* x = 16k + 8 with x - 9 >= 70: x = 88 */
    g_assert_cmpint(r.start_x, ==, 88);
    g_assert_cmpint(r.start_y, ==, 180);
    lwm_import_result_clear(&r);
    lwm_image_clear(&img);
}

static void test_limits(void)
{
    lw_error err;
    lwm_import_result r;
    lwm_import_options o = lwm_import_options_default();
    lwm_image img, other;
    /* too many distinct tiles: noise */
    g_assert_true(lwm_image_init(&img, 1024, 512, 0, NULL));
    GRand *rng = g_rand_new_with_seed(3);
    for (uint32_t y = 0; y < img.height; y++)
        for (uint32_t x = 0; x < img.width; x++)
            set_px(&img, x, y, g_rand_int(rng) | 0xFFu);
    g_rand_free(rng);
    o.terrain = &img;
    g_assert_false(lwm_import_terrain(&o, &r, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_nonnull(strstr(err.message, "distinct"));
    g_assert_null(r.level);
    /* sizes differ */
    g_assert_true(lwm_image_init(&other, 1024, 500, 0, NULL));
    o.art = &other;
    g_assert_false(lwm_import_terrain(&o, &r, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_nonnull(strstr(err.message, "1024x500"));
    lwm_image_clear(&other);
    lwm_image_clear(&img);
    /* taller than a level may be */
    g_assert_true(lwm_image_init(&img, 16, LW_MAX_LEVEL_H_PX + 1, 0, NULL));
    o.art = NULL;
    o.terrain = &img;
    g_assert_false(lwm_import_terrain(&o, &r, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    o.chunk_px = 64;
    g_assert_false(lwm_import_terrain(&o, &r, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    lwm_image_clear(&img);
}

/* Sizes that are not multiples of anything are padded with empty space. */
static void test_padding(void)
{
    lwm_image img = ground_image(333, 150, flat_ground);
    warn_log log = {0};
    lw_level *level = import(&img, NULL, NULL, 256, true, &log);
    g_assert_cmpint(level->layout_width, ==, 2);
    g_assert_cmpint(level->layout_height, ==, 1);
    g_assert_cmpint(synth_level_solidity(level, 332, 149, LW_PATH_A), ==, 0); /* above 200 */
    lw_level_free(level);
    lwm_image_clear(&img);
    img = ground_image(333, 250, flat_ground);
    level = import(&img, NULL, NULL, 128, true, &log);
    g_assert_cmpint(level->layout_width, ==, 3);
    g_assert_cmpint(level->layout_height, ==, 2);
    g_assert_cmpint(synth_level_solidity(level, 332, 249, LW_PATH_A), ==, LW_SOLID_ALL);
    g_assert_cmpint(synth_level_solidity(level, 333, 249, LW_PATH_A), ==, 0);
    g_assert_cmpint(synth_level_solidity(level, 332, 250, LW_PATH_A), ==, 0);
    lw_level_free(level);
    lwm_image_clear(&img);
}

/* Sega's chord rule on synthetic shapes (docs/MASKS.md §4.4), through the angle pass itself. */
static void chord_px(lwm_bits *cells, uint32_t tw, int32_t x, int32_t y)
{
    lwm_bits *b = &cells[(size_t)(y / 16) * tw + (size_t)(x / 16)];
    b->col[x % 16] = (uint16_t)(b->col[x % 16] | 1u << (y % 16));
}

static void test_chord_rule(void)
{
    enum { TW = 32, TH = 12 };
    lwm_bits *cells = g_new0(lwm_bits, TW * TH);
    uint8_t angles[TW * TH], flags[TW * TH];
    /* A gentle rise of 1 px per cell, the step in each cell's middle (S2's mask 183 shape,
     * heights 13 x 8 then 14 x 8): the chord rule's atan(1/16) = 3.6 steps gives 0xFC, Sega's
     * angle for that mask; the long straight piece (fitted 2.5 steps) agrees within 2.5. Cells
     * cut where the step meets a cell edge (8 columns) take the line's fitted angle. */
    for (int32_t x = 0; x < TW * 16; x++)
        for (int32_t y = 96 - (x + 8) / 16; y < TH * 16; y++)
            chord_px(cells, TW, x, y);
    for (int mirror = 0; mirror < 2; mirror++) {
        g_assert_true(lwm_terrain_angles(cells, TW, TH, TW * 16, TH * 16, true, LWM_ANGLES_S2,
                                         angles, flags));
        int checked = 0;
        for (uint32_t tx = 2; tx + 2 < TW; tx++)
            for (uint32_t ty = 0; ty < TH; ty++) {
                size_t t = (size_t)ty * TW + tx;
                const lwm_bits *b = &cells[t];
                bool partial = false;
                for (int c = 0; c < 16; c++)
                    partial |= b->col[c] != 0 && b->col[c] != 0xFFFFu;
                if (!partial)
                    continue;
                g_assert_cmpint(flags[t], ==, 0);
                bool ends = b->col[0] != 0 && b->col[0] != 0xFFFFu && b->col[15] != 0 &&
                            b->col[15] != 0xFFFFu;
                uint8_t want = mirror ? 0x04 : 0xFC;
                if (ends) { /* both end columns hold the surface: the chord, exactly */
                    g_assert_cmphex(angles[t], ==, want);
                    checked++;
                } else { /* a sliver along a cell edge: the line's own angle, within 2 */
                    int d = (int8_t)(uint8_t)(angles[t] - want);
                    g_assert_cmpint(d, >=, -2);
                    g_assert_cmpint(d, <=, 2);
                }
            }
        g_assert_cmpint(checked, >=, TW / 2);
        /* mirror the picture left-right: mirrored angles */
        lwm_bits *m = g_new0(lwm_bits, TW * TH);
        for (uint32_t t = 0; t < TW * TH; t++)
            lwm_bits_flip(&cells[t], true, false, &m[(t / TW) * TW + (TW - 1 - t % TW)]);
        memcpy(cells, m, sizeof(lwm_bits) * TW * TH);
        g_free(m);
    }

    /* A short 45-degree staircase drawn 0..15 (first column empty): the full cells right under
     * the diagonal carry the slope, 0xE0 and not flagged; full cells with no surface stay
     * flagged. */
    memset(cells, 0, sizeof(lwm_bits) * TW * TH);
    for (int32_t x = 0; x < 64; x++)
        for (int32_t y = 128 - x; y < TH * 16; y++)
            chord_px(cells, TW, 64 + x, y);
    for (int32_t x = 128; x < TW * 16; x++)
        for (int32_t y = 64; y < TH * 16; y++)
            chord_px(cells, TW, x, y);
    g_assert_true(
        lwm_terrain_angles(cells, TW, TH, TW * 16, TH * 16, true, LWM_ANGLES_S2, angles, flags));
    int under = 0;
    for (uint32_t k = 0; k < 4; k++) {
        uint32_t tx = 4 + k, ty = 7 - k; /* diagonal cells (heights 0..15) */
        g_assert_cmpint(cells[ty * TW + tx].col[0], ==, 0);
        g_assert_cmpint(cells[ty * TW + tx].col[15], ==, 0xFFFEu);
        g_assert_cmphex(angles[ty * TW + tx], ==, 0xE0);
        size_t below = (size_t)(ty + 1) * TW + tx;
        if (k > 0) { /* the lowest one's cell below is under the flat floor's start */
            g_assert_cmpint(flags[below], ==, 0);
            g_assert_cmphex(angles[below], ==, 0xE0);
            under++;
        }
        g_assert_cmpint(flags[(size_t)(TH - 1) * TW + tx], ==, LW_MASK_FLAGGED);
    }
    g_assert_cmpint(under, ==, 3);
    g_free(cells);
}

/* A cell whose first lines are empty (the surface leaves it through its inner side, as at a
 * curve's flat start), per game (docs/MASKS.md §4.3 step 5, §4.8). Heights 0 x 8, then
 * 1 1 2 2 3 3 4 7 over a full floor: S1 takes the least-squares slope of the lines that hold the
 * surface, 25.6 steps (0xE8); S2 follows the ends into the neighbours, the floor below at depth
 * 16 and line 15 at 9, atan(7 / 16) = 16.8 steps (0xF0); S3K the chord between lines 8 and 15,
 * 28.9 steps rounded towards the floor to even (0xE4). */
static void test_chord_empty_end(void)
{
    enum { TW = 8, TH = 4 };
    static const int heights[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 7};
    static const struct {
        lwm_angle_style style;
        uint8_t want;
    } games[] = {{LWM_ANGLES_S1, 0xE8}, {LWM_ANGLES_S2, 0xF0}, {LWM_ANGLES_S3K, 0xE4}};
    for (size_t g = 0; g < G_N_ELEMENTS(games); g++) {
        lwm_bits *cells = g_new0(lwm_bits, TW * TH);
        uint8_t angles[TW * TH], flags[TW * TH];
        for (int32_t x = 0; x < TW * 16; x++)
            for (int32_t y = 32; y < TH * 16; y++)
                chord_px(cells, TW, x, y);
        for (int32_t c = 0; c < 16; c++)
            for (int32_t r = 16 - heights[c]; r < 16; r++)
                chord_px(cells, TW, 48 + c, 16 + r);
        for (int mirror = 0; mirror < 2; mirror++) {
            g_assert_true(lwm_terrain_angles(cells, TW, TH, TW * 16, TH * 16, true, games[g].style,
                                             angles, flags));
            size_t t = (size_t)1 * TW + (mirror ? TW - 1 - 3 : 3);
            g_assert_cmpint(flags[t], ==, 0);
            g_assert_cmphex(angles[t], ==, mirror ? (uint8_t)-games[g].want : games[g].want);
            lwm_bits *m = g_new0(lwm_bits, TW * TH);
            for (uint32_t k = 0; k < TW * TH; k++)
                lwm_bits_flip(&cells[k], true, false, &m[(k / TW) * TW + (TW - 1 - k % TW)]);
            memcpy(cells, m, sizeof(lwm_bits) * TW * TH);
            g_free(m);
        }
        g_free(cells);
    }
}

/* A terrain solid from @top_y[x] down, one value per pixel column. */
static lwm_bits *surface_cells(uint32_t tw, uint32_t th, const int *top_y)
{
    lwm_bits *cells = g_new0(lwm_bits, tw * th);
    for (int32_t x = 0; x < (int32_t)tw * 16; x++)
        for (int32_t y = top_y[x]; y < (int32_t)th * 16; y++)
            chord_px(cells, tw, x, y);
    return cells;
}

/* Angle and flag of cell (@tx, @ty) of @top_y's terrain in @style, and of its mirror image
 * (negated: mirrored terrain gets mirrored angles); asserts the two agree. */
static uint8_t style_angle(uint32_t tw, uint32_t th, const int *top_y, lwm_angle_style style,
                           uint32_t tx, uint32_t ty)
{
    lwm_bits *cells = surface_cells(tw, th, top_y);
    uint8_t *angles = g_new(uint8_t, tw * th), *flags = g_new(uint8_t, tw * th);
    g_assert_true(lwm_terrain_angles(cells, tw, th, (int32_t)tw * 16, (int32_t)th * 16, true, style,
                                     angles, flags));
    g_assert_cmpint(flags[ty * tw + tx], ==, 0);
    uint8_t a = angles[ty * tw + tx];
    lwm_bits *m = g_new0(lwm_bits, tw * th);
    for (uint32_t k = 0; k < tw * th; k++)
        lwm_bits_flip(&cells[k], true, false, &m[(k / tw) * tw + (tw - 1 - k % tw)]);
    g_assert_true(lwm_terrain_angles(m, tw, th, (int32_t)tw * 16, (int32_t)th * 16, true, style,
                                     angles, flags));
    g_assert_cmpint(flags[ty * tw + tw - 1 - tx], ==, 0);
    g_assert_cmphex(angles[ty * tw + tw - 1 - tx], ==, (uint8_t)-a);
    g_free(m);
    g_free(cells);
    g_free(angles);
    g_free(flags);
    return a;
}

/* Rises inside one cell on flat ground (docs/MASKS.md §4.4, §4.8): S1 and S2 round the chord's
 * angle to a multiple of 4, S3K towards the floor to an even step with at least 4 for any rise,
 * and gives a staircase of heights 1..16 0xE2 (30 steps off the floor), not 0xDE (30 off the
 * wall). */
static void test_chord_styles(void)
{
    enum { TW = 8, TH = 4 };
    int top[TW * 16];
    /* rise 3 px: heights 4 5 5 5 5 6 6 6 6 6 6 7 7 7 7 7, atan(3 / 16) = 7.55 steps */
    static const int rise3[16] = {4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7};
    for (int x = 0; x < TW * 16; x++)
        top[x] = 48 - (x < 48 ? 4 : x < 64 ? rise3[x - 48] : 7);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 3, 2), ==, 0xF8);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S1, 3, 2), ==, 0xF8);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S3K, 3, 2), ==, 0xFA);
    /* rise 1 px in the middle: atan(1 / 16) = 2.54 steps, 0xFC in every game */
    for (int x = 0; x < TW * 16; x++)
        top[x] = 48 - (x < 56 ? 5 : 6);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 3, 2), ==, 0xFC);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S3K, 3, 2), ==, 0xFC);
    /* rise 1 px near the cell's end (heights 5 x 13, 6 x 3): the least-squares slope is 2.3
     * steps, and S1 and S2 give 0xFE (Sega's angle for such masks, §4.8); S3K at least 4 */
    for (int x = 0; x < TW * 16; x++)
        top[x] = 48 - (x < 61 ? 5 : 6);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 3, 2), ==, 0xFE);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S1, 3, 2), ==, 0xFE);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S3K, 3, 2), ==, 0xFC);
    /* a regular 1:4 staircase of phase 0 in one cell (heights 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7):
     * the chord is 7.55 steps, the least-squares slope 9.42; S3K takes two thirds of the way
     * from the fit to the chord, 8.17 steps, and gives Sega's 0xF8 (not the chord's 0xFA) */
    for (int x = 0; x < TW * 16; x++)
        top[x] = 48 - (x < 48 ? 4 : x < 64 ? 4 + (x - 48) / 4 : 7);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 3, 2), ==, 0xF8);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S3K, 3, 2), ==, 0xF8);
    /* a 45-degree staircase, heights 1..16 per cell, over three cells from flat ground */
    int stairs[TW * 16];
    for (int x = 0; x < TW * 16; x++)
        stairs[x] = x < 32 ? 64 : x < 80 ? 63 - (x - 32) : 16;
    for (uint32_t k = 0; k < 3; k++) {
        g_assert_cmphex(style_angle(TW, TH + 1, stairs, LWM_ANGLES_S2, 2 + k, 3 - k), ==, 0xE0);
        g_assert_cmphex(style_angle(TW, TH + 1, stairs, LWM_ANGLES_S3K, 2 + k, 3 - k), ==, 0xE2);
    }
}

/* A slope that levels off inside the cell (docs/MASKS.md §4.8, session 7): heights 8 8 9 10 10
 * 11 12 12 13 14, then 14 on the last 7 lines, flat ground either side. The chord over 16 px is
 * 14.6 steps; the sloped part's steepest 5 lines rise 3 px, 22.0 steps, which every game
 * quantises its own way: S1 and S2 0xE8, S3K 0xEA (towards the floor to even). Mirrored, the
 * mirrored angles. */
static void test_chord_kink(void)
{
    enum { TW = 8, TH = 4 };
    static const int h[16] = {8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 14, 14, 14, 14, 14};
    int top[TW * 16], mirrored[TW * 16];
    for (int x = 0; x < TW * 16; x++)
        top[x] = 48 - (x < 48 ? 8 : x < 64 ? h[x - 48] : 14);
    for (int x = 0; x < TW * 16; x++)
        mirrored[x] = top[TW * 16 - 1 - x];
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S1, 3, 2), ==, 0xE8);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 3, 2), ==, 0xE8);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S3K, 3, 2), ==, 0xEA);
    g_assert_cmphex(style_angle(TW, TH, mirrored, LWM_ANGLES_S2, 4, 2), ==, 0x18);
    g_assert_cmphex(style_angle(TW, TH, mirrored, LWM_ANGLES_S3K, 4, 2), ==, 0x16);
    /* the same rise spread evenly (no level end) keeps the chord: 6 px over 16, 14.6 steps */
    for (int x = 0; x < TW * 16; x++)
        top[x] = 48 - (x < 48 ? 8 : x < 64 ? 8 + (x - 48) * 6 / 15 : 14);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 3, 2), ==, 0xF0);
}

/* An end line full (the surface continues above the cell, as at a slope's last cell): heights
 * 9 9 9 9 9 9 10 11 13, then lines 9..15 full under the next cell's 1..7. S1 and S2 take the
 * least-squares slope of lines 0..8, 15.5 steps (0xF0), not the chord between lines 0 and 8,
 * 18.9 steps (0xEC); S3K that chord, rounded towards the floor to even (0xEE). */
static void test_chord_full_end(void)
{
    enum { TW = 8, TH = 4 };
    static const int h[9] = {9, 9, 9, 9, 9, 9, 10, 11, 13};
    int top[TW * 16];
    for (int x = 0; x < TW * 16; x++)
        top[x] = x < 48 ? 48 - 9 : x < 57 ? 48 - h[x - 48] : x < 64 ? 32 - (x - 56) : 25;
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S1, 3, 2), ==, 0xF0);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 3, 2), ==, 0xF0);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S3K, 3, 2), ==, 0xEE);
}

/* A long 1:2 staircase (one row per two columns, 512 px: a long straight piece, docs/MASKS.md
 * §4.3 step 5) in the phase whose cells are 0 0 1 1 .. 7 7: the chord (a 7-px rise, 16.8
 * steps) reads 16 in S1 and S2, Sega's angle for these masks; the piece's fit is 18.9 steps,
 * 2.9 from it, within the long-piece reach of 2.95 (session 9; 2.5 before, which gave 0xEE). */
static void test_long_half_slope(void)
{
    enum { TW = 32, TH = 20 };
    int top[TW * 16];
    for (int x = 0; x < TW * 16; x++)
        top[x] = 300 - x / 2;
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S1, 16, 10), ==, 0xF0);
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 16, 10), ==, 0xF0);
    /* the other phase (0 1 1 2 .. 7 7 8, an 8-px rise): 20, 1.1 from the fit, as before */
    for (int x = 0; x < TW * 16; x++)
        top[x] = 300 - (x + 1) / 2;
    g_assert_cmphex(style_angle(TW, TH, top, LWM_ANGLES_S2, 16, 10), ==, 0xEC);
}

/* S3K, a ceiling piece whose underside is a little steeper than 45 degrees and ends in a wall
 * (heights 16 x7, -14 .. -7; a full cell below): in the ceiling's frame it reads 0x64, 4 steps
 * past the diagonal; in the wall's frame it is a slope that levels off (7 lines level, then a
 * 45-degree rise), and the kink rule there gives 0x60, within 2 of the 0x5E Sega gives such
 * pieces (docs/MASKS.md §4.8, session 8). S2 keeps its reading. */
static void test_diagonal_kink(void)
{
    static const int8_t h[16] = {16,  16,  16,  16,  16, 16, 16, -14,
                                 -13, -12, -11, -10, -9, -8, -8, -7};
    lwm_bits g[9];
    memset(g, 0, sizeof g);
    lw_mask m;
    memset(&m, 0, sizeof m);
    memcpy(m.heights, h, sizeof h);
    lwm_bits_from_mask(&m, &g[4]);
    for (int c = 0; c < 16; c++)
        g[7].col[c] = 0xFFFFu; /* the cell below */
    uint8_t a[9], f[9];
    g_assert_true(lwm_terrain_angles(g, 3, 3, 48, 48, true, LWM_ANGLES_S3K, a, f));
    g_assert_cmpint(f[4], ==, 0);
    g_assert_cmphex(a[4], ==, 0x60);
    /* mirrored: the mirrored angle */
    lwm_bits mg[9];
    for (int k = 0; k < 9; k++)
        lwm_bits_flip(&g[k], true, false, &mg[(k / 3) * 3 + 2 - k % 3]);
    g_assert_true(lwm_terrain_angles(mg, 3, 3, 48, 48, true, LWM_ANGLES_S3K, a, f));
    g_assert_cmphex(a[4], ==, 0xA0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_data_func("/masks/terrain/round-trip/loop-hill", "loop-hill.json", test_round_trip);
    g_test_add_data_func("/masks/terrain/round-trip/pipe-works", "pipe-works.json",
                         test_round_trip);
    g_test_add_func("/masks/terrain/slope-consistent", test_slope_consistent);
    g_test_add_func("/masks/terrain/loop-angles", test_loop_angles);
    g_test_add_func("/masks/terrain/chord-rule", test_chord_rule);
    g_test_add_func("/masks/terrain/chord-empty-end", test_chord_empty_end);
    g_test_add_func("/masks/terrain/chord-styles", test_chord_styles);
    g_test_add_func("/masks/terrain/chord-full-end", test_chord_full_end);
    g_test_add_func("/masks/terrain/chord-kink", test_chord_kink);
    g_test_add_func("/masks/terrain/diagonal-kink", test_diagonal_kink);
    g_test_add_func("/masks/terrain/long-half-slope", test_long_half_slope);
    g_test_add_func("/masks/terrain/tile-flips", test_tile_flips);
    g_test_add_func("/masks/terrain/top-solid-and-start", test_top_solid_and_start);
    g_test_add_func("/masks/terrain/hanging-runs", test_hanging_runs);
    g_test_add_func("/masks/terrain/start-past-wall", test_start_past_wall);
    g_test_add_func("/masks/terrain/limits", test_limits);
    g_test_add_func("/masks/terrain/padding", test_padding);
    return g_test_run();
}
