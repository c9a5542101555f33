/* SPDX-License-Identifier: MIT */
/*
 * Straight-line sweep (issue 15, docs/MASKS.md §4.4): for every hex angle a player can stand on
 * (-32..+32 steps, 0xE0..0x20), a terrain picture whose surface is a straight digital line at
 * that angle (pixel-centre sampling, no anti-aliasing, solid below) goes through
 * `loopwright import`; `loopwright sim` then runs a player down it in every profile with
 * --trace, and every grounded frame away from the line's ends must read an angle within +-2
 * steps of the line's. Full tiles under the line carry its surface too, so they must not read
 * 0 (the flicker the issue reported at tile seams). The 45-degree lines run in both diagonal
 * conventions (first column of height 1, as Sega draws them, and of height 0).
 */
#include "cli-run.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W      768 /* px */
#define MARGIN 64  /* px at each end not checked */

static const char *const profiles[] = {"s1", "s2", "s3k", "cd", "modern"};

/* The line's slope dy/dx; exactly +-1 at 45 degrees so the diagonal's phase is exact. */
static double slope(int a)
{
    return a == 32 ? 1.0 : a == -32 ? -1.0 : tan(a * 2.0 * G_PI / 256.0);
}

/* Surface row at column @x (the first solid pixel's y) of the line at @a steps. */
static int surface_y(int a, double y0, int x)
{
    double t = slope(a);
    /* pixel (x, y) is solid when its centre is on or below the line */
    return (int)ceil(y0 + (x + 0.5) * t - 0.5);
}

/* @phase moves the line down by that many px: at 45 degrees phase 0 gives diagonal cells of
 * heights 1..16 (Sega's convention, S2 mask 2) and phase 1 heights 0..15 (S2 mask 156). */
static char *write_terrain(const char *dir, int a, int phase, double *y0_out, int *height)
{
    double t = slope(a);
    double y0 = 48.0 + (t < 0 ? -t * W : 0.0) + phase;
    int h = (int)(y0 + (t > 0 ? t * W : 0.0)) + 48;
    h = (h + 15) / 16 * 16;
    lwm_image img;
    g_assert_true(lwm_image_init(&img, W, (uint32_t)h, 0, NULL));
    for (int x = 0; x < W; x++)
        for (int y = surface_y(a, y0, x); y < h; y++) {
            if (y < 0)
                continue;
            uint8_t *p = lwm_image_pixel(&img, (uint32_t)x, (uint32_t)y);
            p[0] = 0x60, p[1] = 0x90, p[2] = 0x30, p[3] = 0xFF;
        }
    char *path = g_strdup_printf("%s/line-%d.png", dir, a);
    g_assert_true(lwm_image_save_png(path, &img, NULL));
    lwm_image_clear(&img);
    *y0_out = y0;
    *height = h;
    return path;
}

static void test_sweep(void)
{
    char *dir = g_dir_make_tmp("lw-sweep-XXXXXX", NULL);
    g_assert_nonnull(dir);
    char *right = g_build_filename(dir, "right.txt", NULL);
    char *left = g_build_filename(dir, "left.txt", NULL);
    g_assert_true(g_file_set_contents(right, "300 R\n", -1, NULL));
    g_assert_true(g_file_set_contents(left, "300 L\n", -1, NULL));
    char *level = g_build_filename(dir, "line.json", NULL);
    char *trace = g_build_filename(dir, "trace.csv", NULL);
    int worst = 0;
    unsigned runs = 0;
    for (int i = 0; i < 65 + 2; i++) {
        /* every angle once, then the two 45-degree lines in the other diagonal convention */
        int a = i < 65 ? i - 32 : i == 65 ? -32 : 32, phase = i < 65 ? 0 : 1;
        double y0;
        int h;
        char *png = write_terrain(dir, a, phase, &y0, &h);
        /* downhill: a < 0 rises to the right, so start at the right and hold left */
        int sx = a < 0 ? W - MARGIN - 16 : MARGIN + 16;
        int sy = surface_y(a, y0, sx) - 22;
        char start[64];
        g_snprintf(start, sizeof start, "%d,%d", sx, sy);
        uint8_t want = (uint8_t)a;
        for (size_t p = 0; p < G_N_ELEMENTS(profiles); p++) {
            /* imported for the profile: its game's angle conventions (docs/MASKS.md §4.3) */
            cli_result r = cli_run(
                (const char *[]){"import", png, "--profile", profiles[p], "-o", level, NULL});
            if (r.code != 0)
                g_printerr("%s", r.err);
            g_assert_cmpint(r.code, ==, 0);
            cli_run_free(&r);
            r = cli_run((const char *[]){"sim", level, "--input", a < 0 ? left : right, "--start",
                                         start, "--profile", profiles[p], "--trace", trace, NULL});
            if (r.code != 0)
                g_printerr("%s", r.err);
            g_assert_cmpint(r.code, ==, 0);
            cli_run_free(&r);
            char *csv = NULL;
            g_assert_true(g_file_get_contents(trace, &csv, NULL, NULL));
            unsigned checked = 0;
            char **lines = g_strsplit(csv, "\n", -1);
            for (char **l = lines; *l; l++) {
                if (!**l || !g_ascii_isdigit(**l))
                    continue;
                char **f = g_strsplit(*l, ",", -1);
                g_assert_cmpuint(g_strv_length(f), >=, 11);
                double x = g_ascii_strtod(f[1], NULL);
                unsigned angle = (unsigned)atoi(f[6]);
                int air = atoi(f[8]);
                if (!air && x >= MARGIN && x <= W - MARGIN) {
                    int d = (int8_t)(uint8_t)(angle - want);
                    if (d < 0)
                        d = -d;
                    if (d > worst)
                        worst = d;
                    if (d > 2)
                        g_test_message("angle %d (phase %d), profile %s, frame %s: x %s read "
                                       "0x%02X",
                                       a, phase, profiles[p], f[0], f[1], angle);
                    g_assert_cmpint(d, <=, 2);
                    checked++;
                }
                g_strfreev(f);
            }
            g_strfreev(lines);
            g_free(csv);
            /* the run really went along the line: not a test that cannot fail */
            if (checked < 20)
                g_test_message("angle %d, profile %s: only %u grounded frames", a, profiles[p],
                               checked);
            g_assert_cmpuint(checked, >=, 20);
            runs++;
        }
        g_unlink(png);
        g_free(png);
    }
    g_test_message("%u runs, worst angle error %d steps", runs, worst);
    g_unlink(right);
    g_unlink(left);
    g_unlink(level);
    g_unlink(trace);
    char *tiles = g_build_filename(dir, "line-tiles.png", NULL);
    g_unlink(tiles);
    g_free(tiles);
    g_rmdir(dir);
    g_free(right);
    g_free(left);
    g_free(level);
    g_free(trace);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/masks/line-sweep/every-standing-angle", test_sweep);
    return g_test_run();
}
