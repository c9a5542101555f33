/* SPDX-License-Identifier: MIT */
/* The headless CLI as a user runs it: exit codes, messages, outputs; never needs a display. */
#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright/image.h>
#include <string.h>
#include <sys/wait.h>

typedef struct run_result {
    int code;
    char *out, *err;
} run_result;

/* Run loopwright with @args in an environment without any display. */
static run_result run(const char *const *args)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (char *)g_getenv("LW_LOOPWRIGHT"));
    for (const char *const *a = args; *a; a++)
        g_ptr_array_add(argv, (char *)*a);
    g_ptr_array_add(argv, NULL);
    char **envp = g_get_environ();
    envp = g_environ_unsetenv(envp, "DISPLAY");
    envp = g_environ_unsetenv(envp, "WAYLAND_DISPLAY");
    run_result r = {0};
    int status;
    GError *error = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &status, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(status));
    r.code = WEXITSTATUS(status);
    g_strfreev(envp);
    g_ptr_array_free(argv, TRUE);
    return r;
}

static void run_free(run_result *r)
{
    g_free(r->out);
    g_free(r->err);
}

static char *sample(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static void test_help_version(void)
{
    run_result r = run((const char *[]){"--help", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_nonnull(strstr(r.out, "check"));
    g_assert_nonnull(strstr(r.out, "render"));
    g_assert_nonnull(strstr(r.out, "sim"));
    run_free(&r);
    r = run((const char *[]){"--version", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_true(g_str_has_prefix(r.out, "loopwright "));
    run_free(&r);
    r = run((const char *[]){"check", "--help", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_nonnull(strstr(r.out, "Usage: loopwright check"));
    run_free(&r);
}

static void test_usage_errors(void)
{
    run_result r = run((const char *[]){"frobnicate", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "unknown command 'frobnicate'"));
    run_free(&r);
    r = run((const char *[]){"check", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "missing LEVEL"));
    run_free(&r);
    r = run((const char *[]){"render", "x.json", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "missing -o OUT.png"));
    run_free(&r);
    r = run((const char *[]){"render", "x.json", "-o", "y.png", "--scale", "9", NULL});
    g_assert_cmpint(r.code, ==, 2);
    run_free(&r);
    r = run((const char *[]){"check", "--bogus", "x.json", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "unknown option --bogus"));
    run_free(&r);
}

static void test_check_samples(void)
{
    const char *names[] = {"loop-hill.json", "pipe-works.json"};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        char *path = sample(names[i]);
        run_result r = run((const char *[]){"check", "--strict", path, NULL});
        g_assert_cmpint(r.code, ==, 0);
        g_assert_nonnull(strstr(r.out, ": ok: "));
        g_assert_nonnull(strstr(r.out, "0 errors, 0 warnings"));
        run_free(&r);
        g_free(path);
    }
    run_result r = run((const char *[]){"check", "/nonexistent/level.json", NULL});
    g_assert_cmpint(r.code, ==, 1);
    g_assert_true(g_str_has_prefix(r.err, "loopwright: /nonexistent/level.json: cannot open"));
    run_free(&r);
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
    run_result r = run((const char *[]){"render", path, "-o", out, NULL});
    g_assert_cmpint(r.code, ==, 0);
    run_free(&r);
    lwm_image img = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(out, &img, &err));
    g_assert_cmpuint(img.width, ==, 7168);
    g_assert_cmpuint(img.height, ==, 1024);
    /* the art covers a good part of the picture: ground is 192+ px of 1024 everywhere */
    g_assert_cmpuint(busy_pixels(&img), >, (size_t)7168 * 192);
    lwm_image_clear(&img);

    r = run((const char *[]){"render", path, "-o", out, "--collision", "--scale", "2", "--labels",
                             NULL});
    g_assert_cmpint(r.code, ==, 0);
    run_free(&r);
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
