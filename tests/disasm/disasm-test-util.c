/* SPDX-License-Identifier: MIT */
#include "disasm-test-util.h"

#include "level-json.h"

#include <glib/gstdio.h>
#include <loopwright/kosinski.h>
#include <string.h>

char *dtest_tmpdir(void)
{
    GError *error = NULL;
    char *dir = g_dir_make_tmp("lw-disasm-XXXXXX", &error);
    g_assert_no_error(error);
    return dir;
}

void dtest_rmtree(const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    if (d) {
        const char *name;
        while ((name = g_dir_read_name(d))) {
            char *p = g_build_filename(dir, name, NULL);
            if (g_file_test(p, G_FILE_TEST_IS_DIR))
                dtest_rmtree(p);
            else
                g_unlink(p);
            g_free(p);
        }
        g_dir_close(d);
    }
    g_rmdir(dir);
}

lw_level *dtest_load_sample(const char *name, lwm_image *art)
{
    char *path = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_file(path, 0, &level, &err))
        g_error("%s: %s", path, err.message);
    if (art) {
        char *png = editor_level_resolve_path(path, level->tileset);
        if (!lwm_image_load_png(png, art, &err))
            g_error("%s: %s", png, err.message);
        g_free(png);
    }
    g_free(path);
    return level;
}

void dtest_write(const char *root, const char *rel, const void *data, size_t n)
{
    char *p = g_build_filename(root, rel, NULL);
    char *dir = g_path_get_dirname(p);
    g_mkdir_with_parents(dir, 0755);
    GError *error = NULL;
    g_file_set_contents(p, data, (gssize)n, &error);
    g_assert_no_error(error);
    g_free(dir);
    g_free(p);
}

void dtest_write_text(const char *root, const char *rel, const char *text)
{
    dtest_write(root, rel, text, strlen(text));
}

uint8_t *dtest_read(const char *root, const char *rel, size_t *n)
{
    char *p = g_build_filename(root, rel, NULL), *data = NULL;
    gsize len = 0;
    g_assert_true(g_file_get_contents(p, &data, &len, NULL));
    g_free(p);
    *n = len;
    return (uint8_t *)data;
}

void dtest_write_kos(const char *root, const char *rel, const uint8_t *raw, size_t n)
{
    uint8_t *kos = g_malloc(lw_kosinski_bound(n));
    size_t k = lw_kosinski_compress(raw, n, kos);
    dtest_write(root, rel, kos, k);
    g_free(kos);
}

uint8_t *dtest_read_kos(const char *root, const char *rel, size_t *n)
{
    size_t k;
    uint8_t *kos = dtest_read(root, rel, &k);
    uint8_t *raw = g_malloc(0x10000);
    g_assert_true(lw_kosinski_decompress(kos, k, raw, 0x10000, n, NULL, NULL));
    g_free(kos);
    return raw;
}
