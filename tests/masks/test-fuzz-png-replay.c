/* SPDX-License-Identifier: MIT */
/* Replays the PNG fuzz corpus (fuzz/corpus/png) through the fuzz harness, so every normal test
 * run (and the sanitizer build) exercises it on the seeds and on any crash inputs added there. */
#include "png-masks-harness.h"

#include <glib.h>

static void test_replay(void)
{
    char *dir = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "fuzz", "corpus", "png", NULL);
    GDir *d = g_dir_open(dir, 0, NULL);
    g_assert_nonnull(d);
    const char *name;
    int files = 0;
    while ((name = g_dir_read_name(d))) {
        char *path = g_build_filename(dir, name, NULL);
        gchar *data;
        gsize size;
        g_assert_true(g_file_get_contents(path, &data, &size, NULL));
        g_assert_cmpint(lwm_fuzz_png_masks((const uint8_t *)data, size), ==, 0);
        g_free(data);
        g_free(path);
        files++;
    }
    g_dir_close(d);
    g_assert_cmpint(files, >=, 8);
    g_test_message("%d corpus files replayed", files);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/masks/fuzz/replay-corpus", test_replay);
    return g_test_run();
}
