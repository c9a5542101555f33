/* SPDX-License-Identifier: MIT */
/*
 * Replays the packed-loader fuzz corpus (fuzz/corpus/packed) through the harness in a normal
 * build, plus the seeds mutated a little, so the harness and its invariants are exercised by
 * `meson test` without libFuzzer. `--write-seeds DIR` regenerates the code-built seeds.
 */
#include "fuzz-packed.h"
#include "packed-fixtures.h"

#include <glib.h>
#include <loopwright/packed.h>
#include <stdlib.h>
#include <string.h>

static void write_seed(const char *dir, const char *name, const lw_level *level,
                       const lw_packed_options *opts)
{
    uint8_t *bin = NULL;
    size_t size = 0;
    lw_error err;
    g_assert_true(lw_packed_write(level, opts, &bin, &size, &err));
    char *path = g_build_filename(dir, name, NULL);
    g_assert_true(g_file_set_contents(path, (const char *)bin, (gssize)size, NULL));
    g_free(path);
    free(bin);
}

static void test_replay_corpus(void)
{
    const char *root = g_getenv("LW_SOURCE_ROOT");
    g_assert_nonnull(root);
    char *dir = g_build_filename(root, "fuzz", "corpus", "packed", NULL);
    GDir *d = g_dir_open(dir, 0, NULL);
    g_assert_nonnull(d);
    const char *name;
    unsigned files = 0, accepted = 0;
    while ((name = g_dir_read_name(d))) {
        char *path = g_build_filename(dir, name, NULL);
        char *data = NULL;
        gsize size = 0;
        g_assert_true(g_file_get_contents(path, &data, &size, NULL));
        lw_fuzz_packed_one((const uint8_t *)data, size);
        lw_packed_level *level = NULL;
        lw_error err;
        if (lw_packed_load(data, size, &level, &err))
            accepted++;
        lw_packed_level_free(level);
        /* a few cheap mutations of each seed */
        for (gsize k = 0; k < size; k += 1 + size / 64) {
            data[k] ^= 0x5A;
            lw_fuzz_packed_one((const uint8_t *)data, size);
            data[k] ^= 0x5A;
        }
        for (gsize n = 0; n < size; n += 1 + size / 32)
            lw_fuzz_packed_one((const uint8_t *)data, n);
        g_free(data);
        g_free(path);
        files++;
    }
    g_dir_close(d);
    g_free(dir);
    g_assert_cmpuint(files, >=, 4);
    g_assert_cmpuint(accepted, >=, 4); /* the valid seeds stay valid */
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-seeds") == 0) {
        lw_level *rich = fixture_level_rich();
        write_seed(argv[2], "rich.bin", rich, NULL);
        lw_packed_options all = {.compress = true, .replays = true};
        write_seed(argv[2], "rich-compressed-replays.bin", rich, &all);
        static const uint8_t png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0};
        lw_packed_options art = {.art_png = png, .art_png_size = sizeof png};
        write_seed(argv[2], "rich-art.bin", rich, &art);
        lw_level_free(rich);
        lw_error err;
        lw_level *tiny = lw_level_new(256, 1, 1, &err);
        write_seed(argv[2], "tiny-256.bin", tiny, NULL);
        lw_level_free(tiny);
        return 0;
    }
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/fuzz/replay-packed-corpus", test_replay_corpus);
    return g_test_run();
}
