/* SPDX-License-Identifier: MIT */
/* Pixels -> masks: heights, the hole policy, widths, angles, flags, flips, sheets, previews. */
#include "masks-private.h"
#include "synth.h"

#include <glib.h>
#include <loopwright-masks/masks.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

static lw_mask mask_of(const lwm_bits *b)
{
    lw_mask m;
    lwm_mask_from_bits(b, &m, NULL, NULL);
    return m;
}

static int angle_diff(int a, int b)
{
    int d = ((a - b) % 256 + 256) % 256;
    return d > 128 ? 256 - d : d;
}

static void test_empty_full(void)
{
    lwm_bits b;
    memset(&b, 0, sizeof b);
    lw_mask m = mask_of(&b);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(m.heights[i], ==, 0);
        g_assert_cmpint(m.widths[i], ==, 0);
    }
    g_assert_cmpint(m.flags, ==, LW_MASK_FLAGGED);
    g_assert_cmpint(m.angle, ==, 0);
    memset(&b, 0xFF, sizeof b);
    m = mask_of(&b);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(m.heights[i], ==, 16);
        g_assert_cmpint(m.widths[i], ==, 16);
    }
    g_assert_cmpint(m.flags, ==, LW_MASK_FLAGGED);
    g_assert_cmpint(m.angle, ==, 0);
}

/* Flat floors at every height 1..16 and flat ceilings 1..15: flagged, exact heights/widths. */
static void test_flat(void)
{
    for (int h = 1; h <= 16; h++) {
        lwm_bits b;
        for (int c = 0; c < 16; c++)
            b.col[c] = (uint16_t)(0xFFFFu << (16 - h));
        lw_mask m = mask_of(&b);
        for (int i = 0; i < 16; i++) {
            g_assert_cmpint(m.heights[i], ==, h);
            g_assert_cmpint(m.widths[i], ==, i >= 16 - h ? 16 : 0);
        }
        g_assert_cmpint(m.flags, ==, LW_MASK_FLAGGED);
        g_assert_cmpint(m.angle, ==, 0x00);
    }
    for (int h = 1; h <= 15; h++) {
        lwm_bits b;
        for (int c = 0; c < 16; c++)
            b.col[c] = (uint16_t)((1u << h) - 1u);
        lw_mask m = mask_of(&b);
        for (int i = 0; i < 16; i++) {
            g_assert_cmpint(m.heights[i], ==, -h);
            g_assert_cmpint(m.widths[i], ==, i < h ? 16 : 0);
        }
        g_assert_cmpint(m.flags, ==, LW_MASK_FLAGGED);
        g_assert_cmpint(m.angle, ==, 0x80);
    }
}

/* Straight walls: all widths equal, flagged, the kept angle facing the open side. */
static void test_walls(void)
{
    for (int w = 1; w <= 15; w++) {
        lwm_bits b;
        for (int c = 0; c < 16; c++)
            b.col[c] = c >= 16 - w ? 0xFFFFu : 0;
        lw_mask m = mask_of(&b);
        for (int i = 0; i < 16; i++)
            g_assert_cmpint(m.widths[i], ==, w);
        g_assert_cmpint(m.flags, ==, LW_MASK_FLAGGED);
        g_assert_cmpint(m.angle, ==, 0xC0); /* solid on the right: a wall on the player's right */
        lwm_bits_flip(&b, true, false, &b);
        m = mask_of(&b);
        for (int i = 0; i < 16; i++)
            g_assert_cmpint(m.widths[i], ==, -w);
        g_assert_cmpint(m.flags, ==, LW_MASK_FLAGGED);
        g_assert_cmpint(m.angle, ==, 0x40);
    }
}

/* One column of each height at column 7: exact heights and widths. */
static void test_single_column(void)
{
    for (int h = 1; h <= 16; h++) {
        lwm_bits b;
        memset(&b, 0, sizeof b);
        b.col[7] = (uint16_t)(0xFFFFu << (16 - h));
        lw_mask m = mask_of(&b);
        for (int i = 0; i < 16; i++) {
            g_assert_cmpint(m.heights[i], ==, i == 7 ? h : 0);
            g_assert_cmpint(m.widths[i], ==, i >= 16 - h ? 1 : 0); /* first pixel clear: +1 */
        }
        if (h < 16) {
            g_assert_cmpint(m.flags, ==, 0);
            g_assert_cmpint(m.angle, ==, 0x00); /* a stub: its only surface faces up */
        } else {
            /* full height: every row is one pixel wide, a straight (thin) wall piece; it faces
             * both ways and the kept angle comes from its canonical flip (column 8): 0x40 */
            g_assert_cmpint(m.flags, ==, LW_MASK_FLAGGED);
            g_assert_cmpint(m.angle, ==, 0x40);
        }
    }
    /* column 0 solid: widths negative (first pixel solid) */
    lwm_bits b;
    memset(&b, 0, sizeof b);
    b.col[0] = 0xFF00u;
    lw_mask m = mask_of(&b);
    g_assert_cmpint(m.heights[0], ==, 8);
    g_assert_cmpint(m.widths[15], ==, -1);
    g_assert_cmpint(m.widths[7], ==, 0);
}

/* The hole policy: the valid column nearest in pixels, reported. */
static void test_holes(void)
{
    lwm_bits b;
    lw_mask m;
    lwm_bits fixed;
    lwm_fix_report fix;
    /* a hole at row 12 in a column solid from row 8: filled (1 px) */
    for (int c = 0; c < 16; c++)
        b.col[c] = 0xFF00u;
    b.col[3] = (uint16_t)(0xFF00u & ~(1u << 12));
    lwm_heights_from_bits(&b, &m, &fixed, &fix);
    g_assert_cmpint(m.heights[3], ==, 8);
    g_assert_cmpint(fix.columns, ==, 1u << 3);
    g_assert_cmpint(fix.added, ==, 1);
    g_assert_cmpint(fix.removed, ==, 0);
    g_assert_cmpint(fixed.col[3], ==, 0xFF00u);
    /* a floating pixel above the ground: cleared */
    b.col[3] = 0xFF00u | (1u << 2);
    lwm_heights_from_bits(&b, &m, &fixed, &fix);
    g_assert_cmpint(m.heights[3], ==, 8);
    g_assert_cmpint(fix.columns, ==, 1u << 3);
    g_assert_cmpint(fix.added, ==, 0);
    g_assert_cmpint(fix.removed, ==, 1);
    /* a floating 8-px block (rows 4..11) alone: 4 px either way; the tie goes to the tile's
     * anchoring (bottom in a floor tile, top in a ceiling tile), then the larger run */
    b.col[3] = 0x0FF0u;
    lwm_heights_from_bits(&b, &m, NULL, &fix);
    g_assert_cmpint(m.heights[3], ==, 12);
    g_assert_cmpint(fix.added, ==, 4);
    g_assert_cmpint(fix.removed, ==, 0);
    for (int c = 0; c < 16; c++)
        b.col[c] = 0x00FFu; /* ceiling tile */
    b.col[3] = 0x0FF0u;
    lwm_heights_from_bits(&b, &m, NULL, &fix);
    g_assert_cmpint(m.heights[3], ==, -12);
    /* a lone pixel in mid-air: removed */
    memset(&b, 0, sizeof b);
    b.col[9] = 1u << 7;
    lwm_heights_from_bits(&b, &m, NULL, &fix);
    g_assert_cmpint(m.heights[9], ==, 0);
    g_assert_cmpint(fix.removed, ==, 1);
    /* representable tiles are never reported */
    for (int c = 0; c < 16; c++)
        b.col[c] = (uint16_t)(c < 8 ? 0xFFFFu << (16 - c - 1) : (1u << (c - 7)) - 1u);
    lwm_heights_from_bits(&b, &m, NULL, &fix);
    g_assert_cmpint(fix.columns, ==, 0);
}

/* An independent reading of PHYSICS.md §2.2/§2.3, written from the text. */
static bool spec_pixel(int h, int r)
{
    if (h > 0)
        return r >= 16 - h;
    if (h < 0)
        return r < -h;
    return false;
}

static void spec_widths(const int8_t heights[16], int8_t widths[16])
{
    for (int r = 0; r < 16; r++) {
        int n = 0;
        for (int c = 0; c < 16; c++)
            n += spec_pixel(heights[c], r);
        widths[r] = (int8_t)(n == 0 ? 0 : n == 16 ? 16 : spec_pixel(heights[0], r) ? -n : n);
    }
}

/* 65,536 random bitmaps through the library's path (hole policy, then widths) against the
 * straightforward rule applied to the resulting heights; also random height arrays. */
static void test_widths_random(void)
{
    GRand *rng = g_rand_new_with_seed(20260413);
    for (int i = 0; i < 65536; i++) {
        lwm_bits b;
        int kind = i % 3;
        for (int c = 0; c < 16; c++) {
            uint32_t v = g_rand_int(rng);
            if (kind == 0) {
                b.col[c] = (uint16_t)v; /* noise: mostly holes and floating pixels */
            } else {
                int h = (int)(v % 32u) - 15; /* -15..16 */
                b.col[c] = h > 0   ? (uint16_t)(0xFFFFu << (16 - h))
                           : h < 0 ? (uint16_t)((1u << -h) - 1u)
                                   : 0;
            }
        }
        lw_mask m;
        lwm_bits fixed;
        lwm_fix_report fix;
        lwm_mask_from_bits(&b, &m, &fixed, &fix);
        int8_t want[16];
        spec_widths(m.heights, want);
        g_assert_cmpmem(m.widths, 16, want, 16);
        for (int c = 0; c < 16; c++) {
            g_assert_cmpint(m.heights[c], >=, -15);
            g_assert_cmpint(m.heights[c], <=, 16);
            for (int r = 0; r < 16; r++)
                g_assert_cmpint(spec_pixel(m.heights[c], r), ==, (fixed.col[c] >> r) & 1u);
        }
        if (kind != 0) {
            g_assert_cmpint(fix.columns, ==, 0);
            g_assert_cmpmem(fixed.col, 32, b.col, 32);
        }
        /* fixed pixels differ from the input by exactly the reported counts */
        int added = 0, removed = 0;
        for (int c = 0; c < 16; c++) {
            added += __builtin_popcount((unsigned)(fixed.col[c] & ~b.col[c]));
            removed += __builtin_popcount((unsigned)(b.col[c] & ~fixed.col[c]));
        }
        g_assert_cmpint(added, ==, fix.added);
        g_assert_cmpint(removed, ==, fix.removed);
    }
    g_rand_free(rng);
}

/* Straight surfaces at every even angle through nine points near the tile centre: the angle is
 * within 2 steps of the analytic one (flagged tiles: their kept cardinal angle is). Covers
 * floors both ways, steep walls and ceiling-type (negative height) tiles. */
static void test_angles_even(void)
{
    int worst = 0, line = 0, flagged = 0;
    for (int a = 0; a < 256; a += 2) {
        for (int o = 0; o < 9; o++) {
            lwm_bits b;
            synth_plane_bits(a, 6.5 + 0.37 * o, 9.7 - 0.41 * o, &b);
            lw_mask m = mask_of(&b);
            int d = angle_diff(m.angle, a);
            if (d > worst)
                worst = d;
            g_assert_cmpint(m.angle & 1, ==, 0);
            if (d > 2)
                g_error("angle 0x%02X through point %d: got 0x%02X (flag %d)", a, o, m.angle,
                        m.flags);
            if (m.flags)
                flagged++;
            else
                line++;
        }
    }
    g_assert_cmpint(worst, <=, 2);
    g_assert_cmpint(line, >, 1000);
    g_test_message("even angles: %d fitted, %d flagged, worst %d steps", line, flagged, worst);
}

/* Quarter-step angles everywhere: within 3 steps (a single one-pixel step across a tile leaves
 * about 5 steps of real ambiguity near the cardinal directions). */
static void test_angles_fine(void)
{
    int worst = 0;
    for (int q = 0; q < 1024; q++) {
        for (int o = 0; o < 9; o++) {
            lwm_bits b;
            synth_plane_bits(q / 4.0, 6.5 + 0.37 * o, 9.7 - 0.41 * o, &b);
            lw_mask m = mask_of(&b);
            int d = (int)(fabs(m.angle - q / 4.0) + 0.5);
            d = d > 128 ? 256 - d : d;
            if (d > worst)
                worst = d;
        }
    }
    g_assert_cmpint(worst, <=, 3);
}

/* A tile alone takes Sega's chord rule where both end columns hold its surface inside the tile
 * (docs/MASKS.md §4.1 step 6): a one-pixel step in the middle (heights 13 x 8, then 14 x 8)
 * rises 1 px over 16, atan(1/16) = 2.5 steps, 4 rounded to a multiple of 4: 0xFC, and 0x04
 * mirrored; flipped upside down (a ceiling) 0x84 and 0x7C. The fit alone gives 0xFE. */
static void test_angles_tile_chord(void)
{
    lw_mask want;
    memset(&want, 0, sizeof want);
    for (int c = 0; c < 16; c++)
        want.heights[c] = (int8_t)(c < 8 ? 13 : 14);
    lwm_bits b, f;
    lwm_bits_from_mask(&want, &b);
    g_assert_cmphex(mask_of(&b).angle, ==, 0xFC);
    lwm_bits_flip(&b, true, false, &f);
    g_assert_cmphex(mask_of(&f).angle, ==, 0x04);
    lwm_bits_flip(&b, false, true, &f);
    g_assert_cmphex(mask_of(&f).angle, ==, 0x84);
    lwm_bits_flip(&b, true, true, &f);
    g_assert_cmphex(mask_of(&f).angle, ==, 0x7C);
}

/* Named shapes with known classic angles. */
static void test_angles_known(void)
{
    struct {
        int8_t h[16];
        uint8_t angle;
        uint8_t flags;
    } cases[] = {
        /* SPG's example, S2 mask 153: Sega's 0xE8 exactly */
        {{0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 9}, 0xE8, 0},
        /* "/" 45 degrees (S2 mask 2 is 0xE0) and "\" (0x20) */
        {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, 0xE0, 0},
        {{16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 0x20, 0},
        /* ceiling-type 45 degrees: surface faces down */
        {{-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, 16}, 0xA0, 0},
        {{16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1}, 0x60, 0},
        /* a "^" peak: symmetric, so flat */
        {{2, 4, 6, 8, 10, 12, 14, 16, 16, 14, 12, 10, 8, 6, 4, 2}, 0x00, 0},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_mask src = {0};
        memcpy(src.heights, cases[i].h, 16);
        lwm_bits b;
        lwm_bits_from_mask(&src, &b);
        lw_mask m = mask_of(&b);
        g_assert_cmpmem(m.heights, 16, cases[i].h, 16);
        g_assert_cmpint(m.angle, ==, cases[i].angle);
        g_assert_cmpint(m.flags, ==, cases[i].flags);
    }
}

/* Flipping the pixels flips the mask exactly: heights re-anchored, angle by lw_angle_flip. */
static void test_flip_equivariance(void)
{
    GRand *rng = g_rand_new_with_seed(7);
    for (int i = 0; i < 4000; i++) {
        lwm_bits b;
        if (i % 2)
            synth_plane_bits(g_rand_double_range(rng, 0, 256), g_rand_double_range(rng, 2, 14),
                             g_rand_double_range(rng, 2, 14), &b);
        else
            for (int c = 0; c < 16; c++)
                b.col[c] = (uint16_t)g_rand_int(rng);
        lw_mask m;
        lwm_bits fixed;
        lwm_mask_from_bits(&b, &m, &fixed, NULL);
        for (uint8_t f = 1; f < 4; f++) {
            bool fx = f & 1, fy = f & 2;
            lwm_bits fb;
            lwm_bits_flip(&fixed, fx, fy, &fb);
            lw_mask direct = mask_of(&fb), via;
            lwm_mask_flip(&m, fx, fy, &via);
            g_assert_cmpmem(direct.heights, 16, via.heights, 16);
            g_assert_cmpmem(direct.widths, 16, via.widths, 16);
            g_assert_cmpint(direct.angle, ==, lw_angle_flip(m.angle, fx, fy));
            g_assert_cmpint(direct.flags, ==, m.flags);
            g_assert_true(lwm_mask_equal(&direct, &via));
        }
    }
    g_rand_free(rng);
}

static lwm_image sheet_image(uint32_t cols, uint32_t rows)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, cols * 16, rows * 16, 0, NULL));
    return img;
}

/* A tile, its three flips, a repeat and a new shape: two masks, flips found. */
static void test_sheet_dedup(void)
{
    lwm_image img = sheet_image(6, 1);
    lwm_bits a, t;
    synth_plane_bits(0xE8, 7.3, 9.1, &a);
    synth_paint_bits(&img, 0, 0, &a, 0x80C040FFu);
    for (uint8_t f = 1; f < 4; f++) {
        lwm_bits_flip(&a, f & 1, f & 2, &t);
        synth_paint_bits(&img, f, 0, &t, 0x80C040FFu);
    }
    synth_paint_bits(&img, 4, 0, &a, 0x80C040FFu);
    synth_plane_bits(0x30, 8, 8, &t);
    synth_paint_bits(&img, 5, 0, &t, 0x80C040FFu);
    lwm_sheet s;
    lw_error err;
    g_assert_true(lwm_sheet_build(&img, &s, &err));
    g_assert_cmpint(s.columns, ==, 6);
    g_assert_cmpint(s.rows, ==, 1);
    g_assert_cmpint(s.mask_count, ==, 2);
    static const uint8_t flips[6] = {0, 1, 2, 3, 0, 0};
    static const uint32_t shared[6] = {0, 0, 0, 0, 0, 1};
    for (int i = 0; i < 6; i++) {
        g_assert_cmpint(s.tiles[i].shared, ==, shared[i]);
        g_assert_cmpint(s.tiles[i].flip, ==, flips[i]);
        lw_mask seen;
        lwm_mask_flip(&s.masks[s.tiles[i].shared], flips[i] & 1, flips[i] & 2, &seen);
        g_assert_true(lwm_mask_equal(&seen, &s.tiles[i].mask));
    }
    g_assert_cmpint(s.tiles[1].mask.angle, ==, lw_angle_flip(s.tiles[0].mask.angle, true, false));
    g_assert_cmpstr(lwm_flip_name(3), ==, "xy");
    lwm_sheet_clear(&s);
    lwm_image_clear(&img);

    /* sides not multiples of 16 */
    g_assert_true(lwm_image_init(&img, 17, 16, 0, NULL));
    g_assert_false(lwm_sheet_build(&img, &s, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    lwm_image_clear(&img);
}

/* A floor rising 3 px across the tile, heights 8 8 8 8 9 9 9 9 9 9 10 10 10 10 10 11: the chord
 * rule (docs/MASKS.md §4.1 step 6) reads 7.6 hex steps, which S1 and S2 round to a multiple of
 * 4 (0xF8) and S3K towards the floor to an even step (0xFA). A sheet gives each profile's game
 * its own angle, the same as lwm_mask_from_bits_style: before, `masks` (lwm_sheet_build) kept the
 * plain fit of §4.1 and knew no game. */
static void test_sheet_styles(void)
{
    static const int h[16] = {8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 11};
    lwm_bits b;
    for (int c = 0; c < 16; c++)
        b.col[c] = (uint16_t)(0xFFFFu << (16 - h[c]));
    /* and SPG's S2 mask 153, Sega's 0xE8, which every style keeps */
    static const int spg[16] = {0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 9};
    lwm_bits b2;
    for (int c = 0; c < 16; c++)
        b2.col[c] = spg[c] ? (uint16_t)(0xFFFFu << (16 - spg[c])) : 0;
    lwm_image img = sheet_image(2, 1);
    synth_paint_bits(&img, 0, 0, &b, 0x80C040FFu);
    synth_paint_bits(&img, 1, 0, &b2, 0x80C040FFu);
    static const struct {
        lwm_angle_style style;
        uint8_t want[2];
    } cases[] = {
        {LWM_ANGLES_S1, {0xF8, 0xE8}},
        {LWM_ANGLES_S2, {0xF8, 0xE8}},
        {LWM_ANGLES_S3K, {0xFA, 0xE8}},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lwm_sheet s;
        g_assert_true(lwm_sheet_build_style(&img, cases[i].style, &s, NULL));
        for (int t = 0; t < 2; t++) {
            lw_mask m;
            lwm_mask_from_bits_style(t ? &b2 : &b, cases[i].style, &m, NULL, NULL);
            g_assert_cmpint(m.angle, ==, cases[i].want[t]);
            g_assert_cmpint(s.tiles[t].mask.angle, ==, cases[i].want[t]);
        }
        lwm_sheet_clear(&s);
    }
    /* the default is S2's */
    lwm_sheet s;
    g_assert_true(lwm_sheet_build(&img, &s, NULL));
    g_assert_cmpint(s.tiles[0].mask.angle, ==, 0xF8);
    g_assert_cmpint(s.tiles[1].mask.angle, ==, 0xE8);
    g_assert_cmpint(mask_of(&b).angle, ==, 0xF8);
    lwm_sheet_clear(&s);
    lwm_image_clear(&img);
    g_assert_cmpint(lwm_angle_style_for_profile("s1"), ==, LWM_ANGLES_S1);
    g_assert_cmpint(lwm_angle_style_for_profile("cd"), ==, LWM_ANGLES_S1);
    g_assert_cmpint(lwm_angle_style_for_profile("s3k"), ==, LWM_ANGLES_S3K);
    g_assert_cmpint(lwm_angle_style_for_profile("modern"), ==, LWM_ANGLES_S2);
    g_assert_cmpint(lwm_angle_style_for_profile(NULL), ==, LWM_ANGLES_S2);
}

/* Mirroring a whole sheet left-right mirrors every tile's mask and angle. */
static void test_sheet_mirrored(void)
{
    uint32_t cols = 8, rows = 6;
    lwm_image img = sheet_image(cols, rows), mir = sheet_image(cols, rows);
    GRand *rng = g_rand_new_with_seed(99);
    for (uint32_t i = 0; i < cols * rows; i++) {
        lwm_bits b;
        synth_plane_bits(g_rand_double_range(rng, 0, 256), g_rand_double_range(rng, 3, 13),
                         g_rand_double_range(rng, 3, 13), &b);
        synth_paint_bits(&img, i % cols, i / cols, &b, 0xFFFFFFFFu);
    }
    g_rand_free(rng);
    for (uint32_t y = 0; y < img.height; y++)
        for (uint32_t x = 0; x < img.width; x++)
            memcpy(lwm_image_pixel(&mir, img.width - 1 - x, y), lwm_image_pixel(&img, x, y), 4);
    lwm_sheet a, b;
    g_assert_true(lwm_sheet_build(&img, &a, NULL));
    g_assert_true(lwm_sheet_build(&mir, &b, NULL));
    for (uint32_t i = 0; i < cols * rows; i++) {
        uint32_t j = (i / cols) * cols + (cols - 1 - i % cols);
        lw_mask want;
        lwm_mask_flip(&a.tiles[i].mask, true, false, &want);
        g_assert_cmpmem(b.tiles[j].mask.heights, 16, want.heights, 16);
        g_assert_cmpmem(b.tiles[j].mask.widths, 16, want.widths, 16);
        g_assert_cmpint(b.tiles[j].mask.angle, ==, want.angle);
        g_assert_cmpint(b.tiles[j].mask.flags, ==, want.flags);
    }
    g_assert_cmpint(a.mask_count, ==, b.mask_count);
    lwm_sheet_clear(&a);
    lwm_sheet_clear(&b);
    lwm_image_clear(&img);
    lwm_image_clear(&mir);
}

static void test_preview(void)
{
    lw_mask masks[3];
    lwm_bits b;
    synth_plane_bits(0xE0, 8, 8, &b);
    masks[0] = mask_of(&b);
    memset(&b, 0xFF, sizeof b);
    masks[1] = mask_of(&b);
    synth_plane_bits(0x90, 8, 8, &b);
    masks[2] = mask_of(&b);
    const char *labels[3] = {"M0", "M1", NULL};
    bool warn[3] = {false, true, false};
    lwm_image img;
    lw_error err;
    g_assert_true(lwm_preview_masks(masks, 3, 2, labels, warn, &img, &err));
    g_assert_cmpint(img.width, ==, 2 * LWM_PREVIEW_BOX_W + 4);
    g_assert_cmpint(img.height, ==, 2 * LWM_PREVIEW_BOX_H + 4);
    /* the normal arrow (blue) is drawn for the slope; the warning frame (red) for the second */
    int blue = 0, red = 0;
    for (uint32_t y = 0; y < img.height; y++)
        for (uint32_t x = 0; x < img.width; x++) {
            const uint8_t *p = lwm_image_pixel(&img, x, y);
            blue += p[0] == 0x40 && p[1] == 0xA0 && p[2] == 0xFF;
            red += p[0] == 0xFF && p[1] == 0x30 && p[2] == 0x30;
        }
    g_assert_cmpint(blue, >, 20);
    g_assert_cmpint(red, >=, 4 * 64);
    lwm_image_clear(&img);
}

/* The whole path from a PNG file: a sheet of empty, full, every flat height, single columns,
 * ceilings, slopes and a hole, saved with libpng and read back, gives exact heights, widths,
 * flags and angles. */
static void test_png_sheet(void)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 16 * 16, 4 * 16, 0x00000000u, NULL));
    lw_mask want[64];
    memset(want, 0, sizeof want);
    for (int i = 0; i < 64; i++) {
        lw_mask *m = &want[i];
        if (i == 1) {
            memset(m->heights, 16, 16);
        } else if (i >= 16 && i < 32) { /* flats 1..16 */
            memset(m->heights, i - 15, 16);
        } else if (i >= 32 && i < 48) { /* one column of height 1..16 at column i-32 */
            m->heights[i - 32] = (int8_t)(i - 31);
        } else if (i >= 48 && i < 56) { /* flat ceilings -1..-8 */
            memset(m->heights, -(i - 47), 16);
        } else if (i == 56) { /* "/" 45 degrees */
            for (int c = 0; c < 16; c++)
                m->heights[c] = (int8_t)(c + 1);
        } else if (i == 57) { /* SPG's example */
            static const int8_t h[16] = {0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 9};
            memcpy(m->heights, h, 16);
        }
        lwm_bits b;
        lwm_bits_from_mask(m, &b);
        synth_paint_bits(&img, (uint32_t)(i % 16), (uint32_t)(i / 16), &b, 0x907050FFu);
        lw_mask_derive_widths(m);
    }
    /* tile 58: flat at 8 with a hole at (5, 11) -> the flat, reported */
    for (uint32_t c = 0; c < 16; c++)
        for (uint32_t r = 8; r < 16; r++)
            if (!(c == 5 && r == 11))
                memcpy(lwm_image_pixel(&img, 10 * 16 + c, 3 * 16 + r), "\x90\x70\x50\xff", 4);
    memset(want[58].heights, 8, 16);
    lw_mask_derive_widths(&want[58]);
    char *dir = synth_tmpdir(), *path = g_build_filename(dir, "sheet.png", NULL);
    lw_error err;
    g_assert_true(lwm_image_save_png(path, &img, &err));
    lwm_image_clear(&img);
    lwm_image_info info;
    g_assert_true(lwm_image_load_png_info(path, &img, &info, &err));
    g_assert_true(info.has_alpha);
    lwm_sheet s;
    g_assert_true(lwm_sheet_build(&img, &s, &err));
    for (int i = 0; i < 64; i++) {
        const lw_mask *m = &s.tiles[i].mask;
        g_assert_cmpmem(m->heights, 16, want[i].heights, 16);
        g_assert_cmpmem(m->widths, 16, want[i].widths, 16);
        /* flagged: empty and full tiles (0..15), flats (16..31), the full-height column (a thin
         * wall, 47), flat ceilings (48..55), the holed flat (58), empty (59..63) */
        bool flat = i < 32 || i == 47 || (i >= 48 && i <= 55) || i >= 58;
        g_assert_cmpint(m->flags, ==, flat ? LW_MASK_FLAGGED : 0);
        g_assert_cmpint(s.tiles[i].fix.columns, ==, i == 58 ? 1u << 5 : 0);
    }
    g_assert_cmpint(s.tiles[56].mask.angle, ==, 0xE0);
    g_assert_cmpint(s.tiles[57].mask.angle, ==, 0xE8);
    g_assert_cmpint(s.tiles[50].mask.angle, ==, 0x80);
    lwm_sheet_clear(&s);
    lwm_image_clear(&img);
    synth_rmdir(dir);
    g_free(path);
    g_free(dir);
}

/* lwm_bits_is_flagged's wall test reads columns (every one empty or full) instead of
 * transposing: same answer as comparing the transposed rows, on random, wall-like and flat bit
 * patterns. */
static void test_flagged_matches_transpose(void)
{
    uint32_t seed = 7;
    for (int k = 0; k < 100000; k++) {
        lwm_bits b;
        for (int c = 0; c < 16; c++) {
            seed = seed * 1103515245u + 12345u;
            uint32_t r = seed >> 8;
            b.col[c] = (uint16_t)(k % 3 == 0   ? ((r & 1u) ? 0xFFFFu : 0u) /* wall-like */
                                  : k % 3 == 1 ? (k & 64 ? b.col[0] : r)   /* flat-like */
                                               : r);
            if (k % 3 == 1 && c == 0)
                b.col[0] = (uint16_t)r;
        }
        bool same_cols = true;
        for (int c = 1; c < 16; c++)
            same_cols &= b.col[c] == b.col[0];
        uint16_t rows[16];
        for (int r = 0; r < 16; r++) {
            rows[r] = 0;
            for (int c = 0; c < 16; c++)
                rows[r] = (uint16_t)(rows[r] | (((b.col[c] >> r) & 1u) << c));
        }
        bool same_rows = true;
        for (int r = 1; r < 16; r++)
            same_rows &= rows[r] == rows[0];
        uint16_t col = b.col[0];
        bool want = same_cols || same_rows;
        uint8_t want_card = same_cols   ? ((col != 0 && col != 0xFFFFu && (col & 1u)) ? 0x80 : 0x00)
                            : same_rows ? ((rows[0] & 1u) ? 0x40 : 0xC0)
                                        : 0;
        uint8_t card = 0x11;
        g_assert_cmpint(lwm_bits_is_flagged(&b, &card), ==, want);
        g_assert_cmpint(card, ==, want_card);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/masks/heights/empty-full", test_empty_full);
    g_test_add_func("/masks/flagged/matches-transpose", test_flagged_matches_transpose);
    g_test_add_func("/masks/heights/flat", test_flat);
    g_test_add_func("/masks/heights/walls", test_walls);
    g_test_add_func("/masks/heights/single-column", test_single_column);
    g_test_add_func("/masks/heights/holes", test_holes);
    g_test_add_func("/masks/widths/random", test_widths_random);
    g_test_add_func("/masks/angles/even", test_angles_even);
    g_test_add_func("/masks/angles/fine", test_angles_fine);
    g_test_add_func("/masks/angles/known", test_angles_known);
    g_test_add_func("/masks/angles/tile-chord", test_angles_tile_chord);
    g_test_add_func("/masks/flip/equivariance", test_flip_equivariance);
    g_test_add_func("/masks/sheet/dedup", test_sheet_dedup);
    g_test_add_func("/masks/sheet/mirrored", test_sheet_mirrored);
    g_test_add_func("/masks/sheet/styles", test_sheet_styles);
    g_test_add_func("/masks/preview/draw", test_preview);
    g_test_add_func("/masks/png/sheet-exact", test_png_sheet);
    return g_test_run();
}
