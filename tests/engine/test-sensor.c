/* SPDX-License-Identifier: MIT */
/* Sensor scans (PHYSICS.md §3; scenarios T04-T09) and the inline cell lookup's equivalence with
 * lw_level_collision_at(). */
#include "phys.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/fixed.h>
#include <loopwright/sensor.h>

static int32_t cast(const lw_level *level, int32_t x, int32_t y, lw_sensor_dir dir,
                    lw_sensor_hit *hit)
{
    return lw_sensor_cast(level, LW_PATH_A, x, y, dir, LW_SOLID_ALL, 3, hit);
}

/* T04 — single fully solid block rows/columns 160-175, down sensor at x = 165. */
static void test_t04_distances(void)
{
    lw_level *level = terrain_new(128, 512, 512);
    terrain_set(level, 10, 10, terrain_full(level), 0);
    lw_sensor_hit h;
    static const struct {
        int32_t y, d;
    } cases[] = {{150, 9}, {159, 0}, {160, -1}, {170, -11}, {175, -16}, {176, 31}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
        g_assert_cmpint(cast(level, 165, cases[i].y, LW_DIR_DOWN, &h), ==, cases[i].d);
    /* empty space anywhere: 31 - (y & 15) */
    g_assert_cmpint(cast(level, 300, 143, LW_DIR_DOWN, &h), ==, 16);
    g_assert_false(h.found);
    g_assert_false(h.surface);
    g_assert_cmpint(h.angle, ==, 3); /* initial value survives */
    g_assert_cmpint(cast(level, 300, 144, LW_DIR_DOWN, &h), ==, 31);
    /* the found block is reported */
    g_assert_cmpint(cast(level, 165, 150, LW_DIR_DOWN, &h), ==, 9);
    g_assert_true(h.found);
    g_assert_true(h.surface);
    g_assert_cmpint(h.angle, ==, 0xFF);
    g_assert_cmpint(h.cell_x, ==, 160);
    g_assert_cmpint(h.cell_y, ==, 160);
    lw_level_free(level);
}

/* T05 — regression: two stacked full blocks (rows 144-175). */
static void test_t05_regression(void)
{
    lw_level *level = terrain_new(128, 512, 512);
    uint16_t full = terrain_full(level);
    terrain_set(level, 10, 9, full, 0);
    terrain_set(level, 10, 10, full, 0);
    lw_sensor_hit h;
    g_assert_cmpint(cast(level, 165, 160, LW_DIR_DOWN, &h), ==, -17);
    g_assert_cmpint(cast(level, 165, 175, LW_DIR_DOWN, &h), ==, -32);
    lw_level_free(level);
}

static const int8_t spg_heights[16] = {0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 9};
static const int32_t spg_down[16] = {31, 31, 14, 13, 13, 12, 11, 10, 10, 9, 9, 8, 7, 6, 6, 6};
static const int32_t spg_mirror[16] = {6, 6, 6, 7, 8, 9, 9, 10, 10, 11, 12, 13, 13, 14, 31, 31};

/* T06 — the SPG example shape at block (10, 10). */
static void test_t06_spg_shape(void)
{
    lw_level *level = terrain_new(128, 512, 512);
    uint16_t t = terrain_shape(level, spg_heights, 0xE8, false);
    terrain_set(level, 10, 10, t, 0);
    lw_sensor_hit h;
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(cast(level, 160 + i, 160, LW_DIR_DOWN, &h), ==, spg_down[i]);
        if (spg_down[i] != 31)
            g_assert_cmpint(h.angle, ==, 0xE8);
    }
    /* column 0 is empty but the block is read: its angle is reported (§3.3) */
    cast(level, 160, 160, LW_DIR_DOWN, &h);
    g_assert_cmpint(h.angle, ==, 0xE8);
    g_assert_true(h.found);
    g_assert_false(h.surface);
    static const int8_t widths[16] = {0, 0, 0, 0, 0, 0, 0, 3, 4, 5, 7, 9, 10, 11, 13, 14};
    g_assert_cmpmem(level->masks[level->tiles[t].mask[0]].widths, 16, widths, 16);
    lw_level_free(level);
}

/* T07 — flips of the same shape. */
static void test_t07_flips(void)
{
    lw_level *level = terrain_new(128, 512, 512);
    uint16_t t = terrain_shape(level, spg_heights, 0xE8, false);
    lw_sensor_hit h;

    terrain_set(level, 10, 10, t, LW_CELL_FLIP_X);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(cast(level, 160 + i, 160, LW_DIR_DOWN, &h), ==, spg_mirror[i]);
        g_assert_cmpint(h.angle, ==, 0x18);
    }
    terrain_set(level, 10, 10, t, LW_CELL_FLIP_Y);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(cast(level, 160 + i, 175, LW_DIR_UP, &h), ==, spg_down[i]);
        g_assert_cmpint(h.angle, ==, 0x98);
    }
    terrain_set(level, 10, 10, t, LW_CELL_FLIP_X | LW_CELL_FLIP_Y);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(cast(level, 160 + i, 175, LW_DIR_UP, &h), ==, spg_mirror[i]);
        g_assert_cmpint(h.angle, ==, 0x68);
    }
    /* the flag survives flips (still odd) */
    uint16_t flagged = terrain_full(level);
    static const struct {
        uint8_t flip, angle;
    } flag_cases[] = {{0, 0xFF},
                      {LW_CELL_FLIP_X, 0x01},
                      {LW_CELL_FLIP_Y, 0x81},
                      {LW_CELL_FLIP_X | LW_CELL_FLIP_Y, 0x7F}};
    for (size_t i = 0; i < G_N_ELEMENTS(flag_cases); i++) {
        terrain_set(level, 10, 10, flagged, flag_cases[i].flip);
        cast(level, 165, 150, LW_DIR_DOWN, &h);
        g_assert_cmpint(h.angle, ==, flag_cases[i].angle);
        g_assert_true(lw_angle_is_flagged(h.angle));
    }
    lw_level_free(level);
}

/* T08 — walls: a full block column at x 704-719. */
static void test_t08_walls(void)
{
    lw_level *level = terrain_new(128, 1024, 512);
    uint16_t full = terrain_full(level);
    terrain_fill(level, 44, 5, 44, 15, full);
    lw_sensor_hit h;
    g_assert_cmpint(cast(level, 703, 200, LW_DIR_RIGHT, &h), ==, 0);
    g_assert_cmpint(cast(level, 704, 200, LW_DIR_RIGHT, &h), ==, -1);
    g_assert_cmpint(cast(level, 720, 200, LW_DIR_LEFT, &h), ==, 0);
    g_assert_cmpint(cast(level, 719, 200, LW_DIR_LEFT, &h), ==, -1);
    lw_level_free(level);
}

/* T09 — ground-mode table. */
static void test_t09_modes(void)
{
    static const struct {
        uint8_t a;
        lw_mode m;
    } cases[] = {{0x1F, LW_MODE_FLOOR}, {0x20, LW_MODE_FLOOR},   {0x21, LW_MODE_LWALL},
                 {0x5F, LW_MODE_LWALL}, {0x60, LW_MODE_CEILING}, {0xA0, LW_MODE_CEILING},
                 {0xA1, LW_MODE_RWALL}, {0xDF, LW_MODE_RWALL},   {0xE0, LW_MODE_FLOOR}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
        g_assert_cmpint(lw_mode_of(cases[i].a), ==, cases[i].m);
    /* the counts of §4.8.1 */
    int counts[4] = {0};
    for (int a = 0; a < 256; a++)
        counts[lw_mode_of((uint8_t)a) >> 6]++;
    g_assert_cmpint(counts[0], ==, 65);
    g_assert_cmpint(counts[1], ==, 63);
    g_assert_cmpint(counts[2], ==, 65);
    g_assert_cmpint(counts[3], ==, 63);
    g_assert_cmpstr(lw_mode_name(LW_MODE_RWALL), ==, "rwall");
    g_assert_cmpstr(lw_mode_name(LW_MODE_LWALL), ==, "lwall");
    g_assert_cmpstr(lw_mode_name(LW_MODE_CEILING), ==, "ceiling");
    g_assert_cmpstr(lw_mode_name(LW_MODE_FLOOR), ==, "floor");
}

/* §2.6: top-only cells are seen by T sensors only; LRB-only by LRB sensors only; a jump-through
 * tile drops the LRB bits; each path has its own solidity. */
static void test_solidity(void)
{
    lw_level *level = terrain_new(128, 512, 512);
    uint16_t full = terrain_full(level);
    terrain_set_path(level, 10, 10, full, 0, LW_SOLID_TOP, LW_SOLID_LRB);
    lw_sensor_hit h;
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_A, 165, 150, LW_DIR_DOWN, LW_SOLID_TOP, 3, &h),
                    ==, 9);
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_A, 165, 150, LW_DIR_DOWN, LW_SOLID_LRB, 3, &h),
                    ==, 31 - (150 & 15));
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_B, 165, 150, LW_DIR_DOWN, LW_SOLID_TOP, 3, &h),
                    ==, 31 - (150 & 15));
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_B, 165, 150, LW_DIR_DOWN, LW_SOLID_LRB, 3, &h),
                    ==, 9);
    /* jump-through tile: only the top bit remains */
    lw_tile jt = level->tiles[full];
    jt.flags = LW_TILE_JUMP_THROUGH;
    int32_t jti = lw_level_add_tile(level, &jt);
    terrain_set(level, 12, 10, (uint16_t)jti, 0);
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_A, 197, 150, LW_DIR_DOWN, LW_SOLID_TOP, 3, &h),
                    ==, 9);
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_A, 197, 190, LW_DIR_UP, LW_SOLID_LRB, 3, &h), ==,
                    31 - (15 - (190 & 15)));
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_A, 180, 165, LW_DIR_RIGHT, LW_SOLID_LRB, 3, &h),
                    ==, 31 - (180 & 15));
    /* outside the level: nothing, no crash */
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_A, -5, -5, LW_DIR_LEFT, LW_SOLID_ALL, 3, &h), ==,
                    31 - (15 - ((-5) & 15)));
    g_assert_cmpint(lw_sensor_cast(level, LW_PATH_A, 600, 600, LW_DIR_DOWN, LW_SOLID_ALL, 3, &h),
                    ==, 31 - (600 & 15));
    lw_level_free(level);
}

/* ---- a reference model built on lw_level_collision_at (the spec's pseudo-code verbatim) ---- */

typedef struct ref_ctx {
    const lw_level *level;
    lw_path path;
    unsigned want;
    lw_sensor_dir dir;
    int32_t x, y;
    uint8_t angle;
} ref_ctx;

/* v(p): EMPTY (false) or the direction-normalised value. */
static bool ref_v(ref_ctx *c, int32_t x, int32_t y, int *v)
{
    lw_collision_cell cc;
    if (!lw_level_collision_at(c->level, x, y, c->path, &cc) || !(cc.solid & c->want))
        return false;
    bool fx = cc.flags & LW_CELL_FLIP_X, fy = cc.flags & LW_CELL_FLIP_Y;
    c->angle = lw_angle_flip(lw_mask_angle_byte(cc.mask), fx, fy);
    int h;
    if (c->dir == LW_DIR_DOWN || c->dir == LW_DIR_UP) {
        int col = x & 15;
        h = cc.mask->heights[fx ? 15 - col : col];
        if (fy)
            h = -h;
        if (c->dir == LW_DIR_UP)
            h = -h;
    } else {
        int row = y & 15;
        h = cc.mask->widths[fy ? 15 - row : row];
        if (fx)
            h = -h;
        if (c->dir == LW_DIR_LEFT)
            h = -h;
    }
    *v = h;
    return true;
}

static int32_t ref_second(ref_ctx *c, int32_t x, int32_t y, int32_t o)
{
    int v;
    if (!ref_v(c, x, y, &v) || v == 0 || (v < 0 && o + v >= 0))
        return 15 - o;
    if (v < 0)
        return -o - 1;
    return 15 - o - v;
}

static int32_t ref_scan(ref_ctx *c)
{
    int32_t o, dx = 0, dy = 0;
    switch (c->dir) {
    case LW_DIR_DOWN:
        o = c->y & 15, dy = 16;
        break;
    case LW_DIR_UP:
        o = (c->y ^ 15) & 15, dy = -16;
        break;
    case LW_DIR_RIGHT:
        o = c->x & 15, dx = 16;
        break;
    default:
        o = (c->x ^ 15) & 15, dx = -16;
        break;
    }
    int v;
    if (!ref_v(c, c->x, c->y, &v) || v == 0 || (v < 0 && o + v >= 0))
        return ref_second(c, c->x + dx, c->y + dy, o) + 16;
    if (v == 16 || v < 0)
        return ref_second(c, c->x - dx, c->y - dy, o) - 16;
    return 15 - o - v;
}

/* A random terrain over a 384 x 384 px level of @chunk_px chunks with one empty layout slot. */
static lw_level *random_terrain(GRand *rng, uint16_t chunk_px)
{
    lw_level *level = terrain_new(chunk_px, 384, 384);
    lw_level_layout_mut(level, LW_LAYER_FG)[chunk_px == 128 ? 4 : 1] = LW_NONE; /* one empty slot */
    uint16_t tiles[24];
    for (int i = 0; i < 24; i++) {
        int8_t h[16];
        int kind = g_rand_int_range(rng, 0, 4);
        for (int c = 0; c < 16; c++) {
            int v = g_rand_int_range(rng, 0, 17);
            h[c] = (int8_t)(kind == 0 ? v : kind == 1 ? -(v % 16) : kind == 2 ? 16 : v / 2);
        }
        tiles[i] = terrain_shape(level, h, (uint8_t)g_rand_int_range(rng, 0, 256), i % 5 == 0);
        if (i % 7 == 3)
            lw_level_tiles_mut(level)[tiles[i]].flags = LW_TILE_JUMP_THROUGH;
        if (i % 11 == 5)
            lw_level_tiles_mut(level)[tiles[i]].mask[1] = LW_NONE;
    }
    for (int by = 0; by < 24; by++)
        for (int bx = 0; bx < 24; bx++) {
            if (lw_level_cell_at(level, bx * 16, by * 16) == NULL ||
                g_rand_int_range(rng, 0, 3) == 0)
                continue;
            terrain_set_path(level, bx, by, tiles[g_rand_int_range(rng, 0, 24)],
                             (uint8_t)g_rand_int_range(rng, 0, 4),
                             (lw_solidity)g_rand_int_range(rng, 0, 4),
                             (lw_solidity)g_rand_int_range(rng, 0, 4));
        }
    return level;
}

static void reference_model(uint16_t chunk_px)
{
    GRand *rng = g_rand_new_with_seed(1234);
    lw_level *level = random_terrain(rng, chunk_px);
    for (int i = 0; i < 200000; i++) {
        ref_ctx c = {
            .level = level,
            .path = (lw_path)g_rand_int_range(rng, 0, 2),
            .want = (unsigned)g_rand_int_range(rng, 1, 4),
            .dir = (lw_sensor_dir)g_rand_int_range(rng, 0, 4),
            .x = g_rand_int_range(rng, -40, 424),
            .y = g_rand_int_range(rng, -40, 424),
            .angle = 3,
        };
        int32_t expect = ref_scan(&c);
        lw_sensor_hit h;
        int32_t got = lw_sensor_cast(level, c.path, c.x, c.y, c.dir, c.want, 3, &h);
        if (got != expect || h.angle != c.angle)
            g_error("cast (%d,%d) dir %d path %d want %u: got %d angle %d, expected %d angle %d",
                    c.x, c.y, c.dir, c.path, c.want, got, h.angle, expect, c.angle);
        g_assert_cmpint(got, >=, -32);
        g_assert_cmpint(got, <=, 31);
        if (c.dir == LW_DIR_DOWN)
            g_assert_cmpint(lw_sensor_floor_distance(level, c.path, c.x, c.y, c.want), ==, got);
    }
    lw_level_free(level);
    g_rand_free(rng);
}

static void test_reference_model(void)
{
    reference_model(128);
}

static void test_reference_model_256(void)
{
    reference_model(256);
}

/* The simulation's recorded pair casts (phys.c: one scan for both sensors, sharing the chunk
 * lookup) give exactly the records two lw_sensor_cast() calls give, for 128 and 256 px chunks
 * and for a chunk size the scan has no special copy for. */
static void expect_same_hit(const lw_sensor_hit *got, const lw_sensor_hit *want)
{
    g_assert_cmpint(got->distance, ==, want->distance);
    g_assert_cmpint(got->angle, ==, want->angle);
    g_assert_cmpint(got->found, ==, want->found);
    g_assert_cmpint(got->surface, ==, want->surface);
    g_assert_cmpint(got->tile, ==, want->tile);
    g_assert_cmpint(got->cell_x, ==, want->cell_x);
    g_assert_cmpint(got->cell_y, ==, want->cell_y);
}

/* @level's foreground re-cut into 64 px chunks in *@out (a shallow copy whose new layout and
 * cells are *@layout and *@cells, freed with g_free): the same terrain through a chunk shift (6)
 * that the scan has no special copy for. */
static void rechunk_64(const lw_level *level, lw_level *out, uint16_t **layout, lw_cell **cells)
{
    *out = *level;
    uint32_t w = level->layout_width * level->chunk_px / 64u;
    uint32_t h = level->layout_height * level->chunk_px / 64u;
    out->chunk_px = 64;
    out->chunk_shift = 6;
    out->chunk_cells = 4;
    out->layout_width = (uint16_t)w;
    out->layout_height = (uint16_t)h;
    out->chunk_count = w * h;
    *layout = g_new(uint16_t, w * h);
    *cells = g_new0(lw_cell, w * h * 16u);
    for (uint32_t cy = 0; cy < h; cy++)
        for (uint32_t cx = 0; cx < w; cx++) {
            uint32_t id = cy * w + cx;
            int32_t x0 = (int32_t)cx * 64, y0 = (int32_t)cy * 64;
            (*layout)[id] = lw_level_cell_at(level, x0, y0) ? (uint16_t)id : LW_NONE;
            for (int r = 0; r < 4; r++)
                for (int c = 0; c < 4; c++) {
                    const lw_cell *src = lw_level_cell_at(level, x0 + 16 * c, y0 + 16 * r);
                    (*cells)[id * 16u + (uint32_t)(r * 4 + c)] =
                        src ? *src : (lw_cell){.tile = LW_NONE};
                }
        }
    out->layout[LW_LAYER_FG] = *layout;
    out->layout[LW_LAYER_BG] = NULL;
    out->cells = *cells;
}

static void pair_casts(uint16_t chunk_px, bool general)
{
    GRand *rng = g_rand_new_with_seed(99u + chunk_px + general);
    lw_level *level = random_terrain(rng, chunk_px);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 100, 100);
    lw_level shadow;
    uint16_t *layout = NULL;
    lw_cell *cells = NULL;
    if (general) {
        rechunk_64(level, &shadow, &layout, &cells);
        sim.level = &shadow;
    }
    for (int i = 0; i < 100000; i++) {
        lw_player *pl = &sim.state.player;
        pl->x = g_rand_int_range(rng, -40 * 256, 424 * 256);
        pl->y = g_rand_int_range(rng, -40 * 256, 424 * 256);
        pl->wr = (uint8_t)g_rand_int_range(rng, 0, 40);
        pl->hr = (uint8_t)g_rand_int_range(rng, 0, 40);
        pl->path = (uint8_t)g_rand_int_range(rng, 0, 2);
        lw_sensor_dir dir = (lw_sensor_dir)g_rand_int_range(rng, 0, 4);
        unsigned want = (unsigned)g_rand_int_range(rng, 1, 4);
        uint8_t angle = (uint8_t)g_rand_int_range(rng, 0, 256);
        sim.debug.cast_count = 0;
        lwi_pair p;
        lwi_phys_cast_pair_toward(&sim, LW_SENSOR_A, LW_SENSOR_B, LW_CAST_GROUND, dir, want, angle,
                                  &p);
        g_assert_cmpint(sim.debug.cast_count, ==, 2);
        lw_sensor_hit ha, hb;
        const lw_cast_record *ra = &sim.debug.casts[0], *rb = &sim.debug.casts[1];
        g_assert_cmpint(ra->dir, ==, dir);
        g_assert_cmpint(rb->sensor, ==, LW_SENSOR_B);
        lw_sensor_cast(level, (lw_path)pl->path, ra->x, ra->y, dir, want, angle, &ha);
        lw_sensor_cast(level, (lw_path)pl->path, rb->x, rb->y, dir, want, angle, &hb);
        expect_same_hit(&ra->hit, &ha);
        expect_same_hit(&rb->hit, &hb);
        g_assert_cmpint(p.d, ==, MIN(ha.distance, hb.distance));
        g_assert_cmpint(p.angle, ==, ha.distance <= hb.distance ? ha.angle : hb.angle);
        /* the single recorded cast too */
        sim.debug.cast_count = 0;
        lw_sensor_hit scratch;
        const lw_sensor_hit *h1 = lwi_phys_cast(&sim, LW_SENSOR_E, LW_CAST_PUSH, ra->x, rb->y, dir,
                                                want, angle, &scratch);
        lw_sensor_cast(level, (lw_path)pl->path, ra->x, rb->y, dir, want, angle, &ha);
        expect_same_hit(h1, &ha);
        if (general) { /* the public cast's general copy */
            lw_sensor_hit hs;
            lw_sensor_cast(&shadow, (lw_path)pl->path, ra->x, rb->y, dir, want, angle, &hs);
            expect_same_hit(&hs, &ha);
        }
    }
    g_free(layout);
    g_free(cells);
    lw_sim_clear(&sim);
    lw_level_free(level);
    g_rand_free(rng);
}

static void test_pair_casts(void)
{
    pair_casts(128, false);
    pair_casts(256, false);
    pair_casts(128, true);
    pair_casts(256, true);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/sensor/t04-distances", test_t04_distances);
    g_test_add_func("/engine/sensor/t05-regression", test_t05_regression);
    g_test_add_func("/engine/sensor/t06-spg-shape", test_t06_spg_shape);
    g_test_add_func("/engine/sensor/t07-flips", test_t07_flips);
    g_test_add_func("/engine/sensor/t08-walls", test_t08_walls);
    g_test_add_func("/engine/sensor/t09-modes", test_t09_modes);
    g_test_add_func("/engine/sensor/solidity", test_solidity);
    g_test_add_func("/engine/sensor/reference-model", test_reference_model);
    g_test_add_func("/engine/sensor/reference-model-256", test_reference_model_256);
    g_test_add_func("/engine/sensor/pair-casts", test_pair_casts);
    return g_test_run();
}
