/* SPDX-License-Identifier: MIT */
#include "ui-support.h"

void ui_spin(guint ms)
{
    gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
    while (g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
}

void ui_copy_file(const char *from, const char *to)
{
    char *data;
    gsize len;
    g_assert_true(g_file_get_contents(from, &data, &len, NULL));
    g_assert_true(g_file_set_contents(to, data, (gssize)len, NULL));
    g_free(data);
}

size_t ui_count_near(const lwm_image *img, uint32_t rgb, int tolerance)
{
    size_t n = 0;
    for (size_t i = 0; i < (size_t)img->width * img->height; i++) {
        const uint8_t *p = img->rgba + i * 4;
        int dr = p[0] - (int)(rgb >> 16 & 255), dg = p[1] - (int)(rgb >> 8 & 255),
            db = p[2] - (int)(rgb & 255);
        if (dr * dr + dg * dg + db * db <= tolerance * tolerance)
            n++;
    }
    return n;
}

char *ui_copy_sample_level(const char *template, char **dir)
{
    *dir = g_dir_make_tmp(template, NULL);
    g_assert_nonnull(*dir);
    char *src = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", NULL);
    static const char *const files[] = {"loop-hill.json", "tiles.png"};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        char *from = g_build_filename(src, files[i], NULL);
        char *to = g_build_filename(*dir, files[i], NULL);
        ui_copy_file(from, to);
        g_free(from);
        g_free(to);
    }
    g_free(src);
    return g_build_filename(*dir, "loop-hill.json", NULL);
}
