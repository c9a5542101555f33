/* SPDX-License-Identifier: MIT */
/* The headless CLI as a user runs it: exit codes, messages, outputs; never needs a display. */
#include "cli-run.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <string.h>
#include <sys/wait.h>

static char *sample(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static void test_help_version(void)
{
    cli_result r = cli_run((const char *[]){"--help", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_nonnull(strstr(r.out, "check"));
    g_assert_nonnull(strstr(r.out, "render"));
    g_assert_nonnull(strstr(r.out, "sim"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"--version", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_true(g_str_has_prefix(r.out, "loopwright "));
    cli_run_free(&r);
    r = cli_run((const char *[]){"check", "--help", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_nonnull(strstr(r.out, "Usage: loopwright check"));
    cli_run_free(&r);
}

static void test_usage_errors(void)
{
    cli_result r = cli_run((const char *[]){"frobnicate", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "unknown command 'frobnicate'"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"check", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "missing LEVEL"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"render", "x.json", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "missing -o OUT.png"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"render", "x.json", "-o", "y.png", "--scale", "9", NULL});
    g_assert_cmpint(r.code, ==, 2);
    cli_run_free(&r);
    r = cli_run((const char *[]){"check", "--bogus", "x.json", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "unknown option --bogus"));
    cli_run_free(&r);
}

static void test_check_samples(void)
{
    const char *names[] = {"loop-hill.json", "pipe-works.json"};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        char *path = sample(names[i]);
        cli_result r = cli_run((const char *[]){"check", "--strict", path, NULL});
        g_assert_cmpint(r.code, ==, 0);
        g_assert_nonnull(strstr(r.out, ": ok: "));
        g_assert_nonnull(strstr(r.out, "0 errors, 0 warnings"));
        cli_run_free(&r);
        g_free(path);
    }
    cli_result r = cli_run((const char *[]){"check", "/nonexistent/level.json", NULL});
    g_assert_cmpint(r.code, ==, 1);
    g_assert_true(g_str_has_prefix(r.err, "loopwright: /nonexistent/level.json: cannot open"));
    cli_run_free(&r);
}

/* Count pixels that differ from the first pixel (the background colour). */
static size_t busy_pixels(const lwm_image *img)
{
    size_t n = 0;
    for (size_t i = 1; i < (size_t)img->width * img->height; i++)
        n += memcmp(img->rgba + i * 4, img->rgba, 4) != 0;
    return n;
}

static void test_render(void)
{
    char *dir = g_dir_make_tmp("lw-render-XXXXXX", NULL);
    char *out = g_build_filename(dir, "out.png", NULL);
    char *path = sample("loop-hill.json");
    cli_result r = cli_run((const char *[]){"render", path, "-o", out, NULL});
    g_assert_cmpint(r.code, ==, 0);
    cli_run_free(&r);
    lwm_image img = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(out, &img, &err));
    g_assert_cmpuint(img.width, ==, 7168);
    g_assert_cmpuint(img.height, ==, 1024);
    /* the art covers a good part of the picture: ground is 192+ px of 1024 everywhere */
    g_assert_cmpuint(busy_pixels(&img), >, (size_t)7168 * 192);
    lwm_image_clear(&img);

    r = cli_run((const char *[]){"render", path, "-o", out, "--collision", "--scale", "2",
                                 "--labels", NULL});
    g_assert_cmpint(r.code, ==, 0);
    cli_run_free(&r);
    g_assert_true(lwm_image_load_png(out, &img, &err));
    g_assert_cmpuint(img.width, ==, 7168 * 2);
    g_assert_cmpuint(img.height, ==, (1024 * 2 + 16) * 2);
    /* collision colours present: fully solid (white-ish) pixels exist in both panels */
    size_t solid_a = 0, solid_b = 0;
    for (uint32_t y = 0; y < img.height; y++)
        for (uint32_t x = 0; x < img.width; x += 7) {
            const uint8_t *p = lwm_image_pixel(&img, x, y);
            if (p[0] > 180 && p[1] > 180 && p[2] > 180) {
                if (y < 2048)
                    solid_a++;
                else
                    solid_b++;
            }
        }
    g_assert_cmpuint(solid_a, >, 100000);
    g_assert_cmpuint(solid_b, >, 100000);
    lwm_image_clear(&img);
    g_remove(out);
    g_rmdir(dir);
    g_free(out);
    g_free(dir);
    g_free(path);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/cli/help-version", test_help_version);
    g_test_add_func("/editor/cli/usage-errors", test_usage_errors);
    g_test_add_func("/editor/cli/check-samples", test_check_samples);
    g_test_add_func("/editor/cli/render", test_render);
    return g_test_run();
}
