/* SPDX-License-Identifier: MIT */
#include <glib.h>
#include <loopwright/level.h>
#include <string.h>

/* §2.3: the SPG example shape (S2 mask 153) derives widths 0 0 0 0 0 0 0 3 4 5 7 9 10 11 13 14. */
static void test_widths_spg_example(void)
{
    lw_mask m = {.heights = {0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 9}, .angle = 0xE8};
    lw_mask_derive_widths(&m);
    static const int8_t expect[16] = {0, 0, 0, 0, 0, 0, 0, 3, 4, 5, 7, 9, 10, 11, 13, 14};
    g_assert_cmpmem(m.widths, 16, expect, 16);
}

/* A ceiling-type mask: top-anchored runs start at column 0, so widths are negative. */
static void test_widths_ceiling(void)
{
    lw_mask m = {0};
    for (int c = 0; c < 16; c++)
        m.heights[c] = (int8_t) - (16 - c); /* column 0 solid 16 rows, column 15 one row */
    m.heights[0] = 16;
    lw_mask_derive_widths(&m);
    g_assert_cmpint(m.widths[0], ==, 16);  /* every column reaches row 0 */
    g_assert_cmpint(m.widths[15], ==, -1); /* only column 0 (full, +16) reaches row 15 */
    g_assert_cmpint(m.widths[8], ==, -8);
}

/* The ROM rule is a popcount, not a contiguity test: a "^" peak gives +n (FORMATS.md §2.4). */
static void test_widths_peak(void)
{
    lw_mask m = {.heights = {2, 4, 6, 8, 10, 12, 14, 16, 16, 14, 12, 10, 8, 6, 4, 2}};
    lw_mask_derive_widths(&m);
    g_assert_cmpint(m.widths[0], ==, 2);
    g_assert_cmpint(m.widths[15], ==, 16);
}

/* lw_mask_derive_widths counts rows from height histograms: the same widths as counting the
 * pixels of lw_mask_pixel one by one (the ROM rule as written), for 200,000 random masks of
 * heights in -16..16 and every single-column shape. */
static void test_widths_match_pixel_count(void)
{
    uint32_t seed = 99;
    for (int k = 0; k < 200000 + 33 * 16; k++) {
        lw_mask m = {0};
        if (k < 33 * 16) {
            m.heights[k % 16] = (int8_t)(k / 16 - 16);
        } else {
            for (int c = 0; c < 16; c++) {
                seed = seed * 1103515245u + 12345u;
                m.heights[c] = (int8_t)((int)((seed >> 16) % 33u) - 16);
            }
        }
        lw_mask_derive_widths(&m);
        for (int r = 0; r < 16; r++) {
            int n = 0;
            for (int c = 0; c < 16; c++)
                n += lw_mask_pixel(&m, c, r);
            int w = (n == 0 || n == 16) ? n : lw_mask_pixel(&m, 0, r) ? -n : n;
            g_assert_cmpint(m.widths[r], ==, w);
        }
    }
}

static lw_level *make_level(void)
{
    lw_error err;
    lw_level *level = lw_level_new(128, 4, 2, &err);
    g_assert_nonnull(level);
    lw_mask full = {.heights = {16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16},
                    .flags = LW_MASK_FLAGGED};
    g_assert_cmpint(lw_level_add_mask(level, &full), ==, 0);
    lw_tile t = {.art = 0, .mask = {0, LW_NONE}};
    g_assert_cmpint(lw_level_add_tile(level, &t), ==, 0);
    g_assert_cmpint(lw_level_add_chunk(level, NULL), ==, 0);
    lw_cell *cells = lw_level_chunk_cells_mut(level, 0);
    cells[7 * 8 + 3] = (lw_cell){.tile = 0,
                                 .flags = LW_CELL_FLIP_X,
                                 .solid = lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_TOP)};
    lw_level_layout_mut(level, LW_LAYER_FG)[1 * 4 + 2] = 0; /* chunk 0 at layout (2, 1) */
    return level;
}

static void test_cell_lookup(void)
{
    lw_level *level = make_level();
    /* layout (2,1) -> px (256..383, 128..255); cell (3,7) -> px (304..319, 240..255) */
    const lw_cell *c = lw_level_cell_at(level, 304, 240);
    g_assert_nonnull(c);
    g_assert_cmpint(c->tile, ==, 0);
    g_assert_cmpint(lw_cell_solidity(c, LW_PATH_B), ==, LW_SOLID_TOP);
    g_assert_cmpint(lw_level_cell_at(level, 303, 240)->tile, ==, LW_NONE);
    g_assert_null(lw_level_cell_at(level, 0, 0));     /* empty layout slot */
    g_assert_null(lw_level_cell_at(level, -1, 240));  /* outside */
    g_assert_null(lw_level_cell_at(level, 512, 240)); /* outside */

    lw_collision_cell cc;
    g_assert_true(lw_level_collision_at(level, 319, 255, LW_PATH_A, &cc));
    g_assert_cmpint(cc.solid, ==, LW_SOLID_ALL);
    g_assert_cmpint(cc.flags, ==, LW_CELL_FLIP_X);
    /* path B: the tile has no mask there, so nothing collides despite the solidity bits */
    g_assert_false(lw_level_collision_at(level, 319, 255, LW_PATH_B, &cc));
    /* jump-through tile: LRB bits are ignored */
    lw_level_tiles_mut(level)[0].flags = LW_TILE_JUMP_THROUGH;
    g_assert_true(lw_level_collision_at(level, 319, 255, LW_PATH_A, &cc));
    g_assert_cmpint(cc.solid, ==, LW_SOLID_TOP);
    lw_level_free(level);
}

static void test_limits(void)
{
    lw_error err;
    g_assert_null(lw_level_new(128, 1024, 1, &err)); /* 131072 px wide */
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_null(lw_level_new(100, 4, 4, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    lw_level *max = lw_level_new(128, 128, 16, &err); /* the S2 maximum, 16384x2048 */
    g_assert_nonnull(max);
    lw_level_free(max);
}

static void test_dup_and_validate(void)
{
    lw_level *level = make_level();
    lw_object o = {.type = LW_OBJECT_MARKER, .x = 10, .y = 20};
    o.name = "ring";
    lw_object *stored = lw_level_add_object(level, &o);
    g_assert_nonnull(stored);
    g_assert_cmpuint(stored->id, ==, 1);
    g_assert_true(lw_object_set_property(stored, "count", "3"));
    lw_level *copy = lw_level_dup(level);
    g_assert_nonnull(copy);
    g_assert_cmpstr(copy->objects[0].name, ==, "ring");
    g_assert_cmpstr(copy->objects[0].props[0].value, ==, "3");
    g_assert_true(copy->objects[0].name != level->objects[0].name);
    lw_error err;
    g_assert_true(lw_level_validate(copy, &err));
    lw_level_chunk_cells_mut(copy, 0)[0].tile = 5; /* no such tile */
    g_assert_false(lw_level_validate(copy, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_nonnull(strstr(err.message, "tile 5 does not exist"));
    lw_level_free(copy);
    lw_level_free(level);
}

/* Marker names and properties change only through the setters, which free what they replace. */
static void test_object_properties(void)
{
    lw_object o = {.type = LW_OBJECT_MARKER};
    g_assert_true(lw_object_set_name(&o, "ring"));
    g_assert_true(lw_object_set_name(&o, "spring"));
    g_assert_cmpstr(o.name, ==, "spring");
    g_assert_true(lw_object_set_property(&o, "a", "1"));
    g_assert_true(lw_object_set_property(&o, "b", "2"));
    g_assert_true(lw_object_set_property(&o, "c", "3"));
    g_assert_true(lw_object_set_property(&o, "a", "one")); /* replaced in place */
    g_assert_cmpuint(o.prop_count, ==, 3);
    g_assert_cmpstr(o.props[0].key, ==, "a");
    g_assert_cmpstr(o.props[0].value, ==, "one");
    g_assert_true(lw_object_remove_property(&o, "b"));
    g_assert_false(lw_object_remove_property(&o, "b"));
    g_assert_cmpuint(o.prop_count, ==, 2);
    g_assert_cmpstr(o.props[1].key, ==, "c"); /* order kept */
    g_assert_true(lw_object_remove_property(&o, "a"));
    g_assert_true(lw_object_remove_property(&o, "c"));
    g_assert_cmpuint(o.prop_count, ==, 0);
    g_assert_null(o.props);
    for (int i = 0; i < LW_MAX_PROPERTIES; i++) {
        char key[8];
        g_snprintf(key, sizeof key, "k%d", i);
        g_assert_true(lw_object_set_property(&o, key, ""));
    }
    g_assert_false(lw_object_set_property(&o, "one-too-many", "x"));
    g_assert_true(lw_object_set_property(&o, "k0", "still replaceable"));
    lw_object_clear_properties(&o);
    g_assert_cmpuint(o.prop_count, ==, 0);
    g_assert_null(o.props);
    g_assert_cmpstr(o.name, ==, "spring");
    g_assert_true(lw_object_set_name(&o, NULL));
    g_assert_null(o.name);
    lw_object_clear(&o);
}

static void test_resize(void)
{
    lw_level *level = make_level();
    lw_error err;
    g_assert_true(lw_level_resize_layout(level, 3, 3, &err));
    g_assert_cmpint(lw_level_layout_get(level, LW_LAYER_FG, 2, 1), ==, 0);
    g_assert_cmpint(lw_level_layout_get(level, LW_LAYER_FG, 2, 2), ==, LW_NONE);
    g_assert_false(lw_level_resize_layout(level, 1000, 1000, &err));
    g_assert_cmpint(level->layout_width, ==, 3);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/level/widths-spg-example", test_widths_spg_example);
    g_test_add_func("/engine/level/widths-ceiling", test_widths_ceiling);
    g_test_add_func("/engine/level/widths-peak", test_widths_peak);
    g_test_add_func("/engine/level/widths-match-pixel-count", test_widths_match_pixel_count);
    g_test_add_func("/engine/level/cell-lookup", test_cell_lookup);
    g_test_add_func("/engine/level/limits", test_limits);
    g_test_add_func("/engine/level/dup-validate", test_dup_and_validate);
    g_test_add_func("/engine/level/resize", test_resize);
    g_test_add_func("/engine/level/object-properties", test_object_properties);
    return g_test_run();
}
