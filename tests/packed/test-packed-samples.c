/* SPDX-License-Identifier: MIT */
/*
 * The packed format on every shipped sample level: JSON -> binary -> level round trips, the
 * JSON written back is the sample byte for byte, every byte of a packed sample flipped and every
 * truncation refused, and the CLI's pack -> unpack -> pack is byte-identical with the art.
 */
#include "level-json.h"
#include "packed-fixtures.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright/packed.h>
#include <stdlib.h>
#include <string.h>

static GPtrArray *sample_paths(void)
{
    const char *root = g_getenv("LW_SOURCE_ROOT");
    g_assert_nonnull(root);
    char *dir = g_build_filename(root, "sample-levels", NULL);
    GDir *d = g_dir_open(dir, 0, NULL);
    g_assert_nonnull(d);
    GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
    const char *name;
    while ((name = g_dir_read_name(d)))
        if (g_str_has_suffix(name, ".json"))
            g_ptr_array_add(paths, g_build_filename(dir, name, NULL));
    g_dir_close(d);
    g_free(dir);
    g_ptr_array_sort(paths, (GCompareFunc)g_strcmp0);
    g_assert_cmpuint(paths->len, >=, 2);
    return paths;
}

static lw_level *load_json(const char *path)
{
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_file(path, 0, &level, &err))
        g_error("%s: %s", path, err.message);
    return level;
}

static void test_samples_round_trip(void)
{
    GPtrArray *paths = sample_paths();
    for (guint i = 0; i < paths->len; i++) {
        const char *path = paths->pdata[i];
        char *text = NULL;
        gsize text_len = 0;
        g_assert_true(g_file_get_contents(path, &text, &text_len, NULL));
        lw_level *level = load_json(path);
        for (int compress = 0; compress < 2; compress++) {
            lw_packed_options opts = {.compress = compress, .replays = true};
            uint8_t *bin = NULL, *bin2 = NULL;
            size_t size = 0, size2 = 0;
            lw_error err;
            g_assert_true(lw_packed_write(level, &opts, &bin, &size, &err));
            lw_packed_level *packed = NULL;
            if (!lw_packed_load(bin, size, &packed, &err))
                g_error("%s: byte %ld: %s", path, err.offset, err.message);
            const lw_level *back = lw_packed_level_get(packed);
            char why[200];
            if (!fixture_levels_equal(level, back, why, sizeof why))
                g_error("%s: %s", path, why);
            /* the JSON written from the packed level is the sample file itself */
            size_t json_len = 0;
            char *json = editor_level_to_json(back, &json_len);
            g_assert_cmpmem(json, json_len, text, text_len);
            free(json);
            g_assert_true(lw_packed_write(back, &opts, &bin2, &size2, &err));
            g_assert_cmpmem(bin, size, bin2, size2);
            free(bin2);
            free(bin);
            lw_packed_level_free(packed);
        }
        lw_level_free(level);
        g_free(text);
    }
    g_ptr_array_unref(paths);
}

/* Every byte of a packed sample level flipped in turn, and every truncation: refused with a
 * message and an offset, never a crash (run under ASan/UBSan in the sanitizer build). */
static void test_samples_corruption(void)
{
    GPtrArray *paths = sample_paths();
    for (guint i = 0; i < paths->len; i++) {
        lw_level *level = load_json(paths->pdata[i]);
        lw_packed_options opts = {.compress = i % 2 == 1, .replays = true};
        uint8_t *bin = NULL;
        size_t size = 0;
        lw_error err;
        g_assert_true(lw_packed_write(level, &opts, &bin, &size, &err));
        uint8_t *copy = g_malloc(size);
        for (size_t k = 0; k < size; k++) {
            memcpy(copy, bin, size);
            copy[k] ^= (uint8_t)(1u << (k % 8));
            lw_packed_level *out = NULL;
            if (lw_packed_load(copy, size, &out, &err))
                g_error("%s: flipping byte %zu was not detected", (char *)paths->pdata[i], k);
            g_assert_cmpint(err.offset, >=, 0);
            g_assert_cmpint(err.offset, <=, (long)size);
            g_assert_cmpuint(strlen(err.message), >, 0);
        }
        g_free(copy);
        for (size_t n = 0; n < size; n += (n < 256 ? 1 : 7)) {
            uint8_t *cut = g_memdup2(bin, n);
            lw_packed_level *out = NULL;
            g_assert_false(lw_packed_load(cut, n, &out, &err));
            g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
            g_assert_cmpint(err.offset, ==, (long)n);
            g_free(cut);
        }
        free(bin);
        lw_level_free(level);
    }
    g_ptr_array_unref(paths);
}

static int run_cli_out(const char *const *args, char **out_out, char **err_out);

static int run_cli(const char *const *args, char **err_out)
{
    return run_cli_out(args, NULL, err_out);
}

static int run_cli_out(const char *const *args, char **out_out, char **err_out)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (char *)g_getenv("LW_LOOPWRIGHT"));
    for (const char *const *a = args; *a; a++)
        g_ptr_array_add(argv, (char *)*a);
    g_ptr_array_add(argv, NULL);
    int status = 0;
    char *out = NULL, *err = NULL;
    GError *error = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
    g_ptr_array_free(argv, TRUE);
    if (out_out)
        *out_out = out;
    else
        g_free(out);
    if (err_out)
        *err_out = err;
    else
        g_free(err);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char *read_all(const char *path, gsize *len)
{
    char *data = NULL;
    g_assert_true(g_file_get_contents(path, &data, len, NULL));
    return data;
}

static void test_cli_round_trip(void)
{
    GPtrArray *paths = sample_paths();
    char *tmp = g_dir_make_tmp("lw-packed-XXXXXX", NULL);
    for (guint i = 0; i < paths->len; i++) {
        const char *path = paths->pdata[i];
        char *a = g_build_filename(tmp, "a.bin", NULL), *b = g_build_filename(tmp, "b.bin", NULL);
        char *json = g_build_filename(tmp, "out", "level.json", NULL);
        const char *compress = i % 2 ? "--compress" : "--no-replays";
        const char *pack1[] = {"pack", path, "-o", a, compress, NULL};
        g_assert_cmpint(run_cli(pack1, NULL), ==, 0);
        const char *unpack[] = {"unpack", a, "-o", json, NULL};
        g_assert_cmpint(run_cli(unpack, NULL), ==, 0);
        const char *pack2[] = {"pack", json, "-o", b, compress, NULL};
        g_assert_cmpint(run_cli(pack2, NULL), ==, 0);
        gsize la, lb;
        char *da = read_all(a, &la), *db = read_all(b, &lb);
        g_assert_cmpmem(da, la, db, lb);
        /* the art came back beside the JSON (under the level's tileset name), as an indexed PNG */
        lw_level *src_level = load_json(path);
        char *art = g_build_filename(tmp, "out", src_level->tileset, NULL);
        lw_level_free(src_level);
        gsize lart;
        char *png = read_all(art, &lart);
        g_assert_cmpuint(lart, >, 33);
        g_assert_cmpint(png[25], ==, 3); /* IHDR colour type 3 = palette */
        /* `check` reads the binary like the JSON */
        const char *check[] = {"check", b, NULL};
        g_assert_cmpint(run_cli(check, NULL), ==, 1); /* no tiles.png beside b.bin */
        const char *check2[] = {"check", json, NULL};
        g_assert_cmpint(run_cli(check2, NULL), ==, 0);
        g_free(png);
        g_free(art);
        g_free(da);
        g_free(db);
        g_free(a);
        g_free(b);
        g_free(json);
    }
    /* a damaged binary: "loopwright: FILE: byte N: reason", exit 1 */
    char *a = g_build_filename(tmp, "a.bin", NULL);
    gsize la;
    char *da = read_all(a, &la);
    da[la - 40] ^= 0x20;
    char *bad = g_build_filename(tmp, "bad.bin", NULL);
    g_assert_true(g_file_set_contents(bad, da, (gssize)la, NULL));
    char *err = NULL;
    const char *check[] = {"check", bad, NULL};
    g_assert_cmpint(run_cli(check, &err), ==, 1);
    char *expect = g_strdup_printf("loopwright: %s: byte ", bad);
    g_assert_true(g_str_has_prefix(err, expect));
    g_assert_nonnull(strstr(err, "CRC-32"));
    g_free(expect);
    g_free(err);
    const char *trunc_args[] = {"unpack", bad, "-o", "/nonexistent/x.json", NULL};
    g_assert_true(g_file_set_contents(bad, da, 100, NULL));
    g_assert_cmpint(run_cli(trunc_args, &err), ==, 1);
    expect = g_strdup_printf("loopwright: %s: byte 100: file is truncated", bad);
    g_assert_true(g_str_has_prefix(err, expect));
    g_free(expect);
    g_free(err);
    g_free(da);
    g_free(bad);
    g_free(a);
    g_ptr_array_unref(paths);
    g_free(tmp); /* left for inspection under /tmp on failure; small */
}

/* `pack --verbose` reports the game objects that went into GOBJ, read back from the file. */
static void test_cli_verbose(void)
{
    char *root = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", NULL);
    char *park = g_build_filename(root, "object-park.json", NULL);
    char *tmp = g_dir_make_tmp("lw-packed-XXXXXX", NULL);
    char *a = g_build_filename(tmp, "park.bin", NULL);
    const char *args[] = {"pack", park, "-o", a, "--verbose", NULL};
    char *out = NULL;
    g_assert_cmpint(run_cli_out(args, &out, NULL), ==, 0);
    gsize len = 0;
    g_free(read_all(a, &len));
    char *want = g_strdup_printf("%s: %zu bytes, version 1.1, 11 sections; 32 game objects in "
                                 "GOBJ (51 in play, 24 of them rings)\n",
                                 a, (size_t)len);
    g_assert_cmpstr(out, ==, want);
    /* without --verbose, pack prints nothing */
    const char *quiet[] = {"pack", park, "-o", a, NULL};
    char *none = NULL;
    g_assert_cmpint(run_cli_out(quiet, &none, NULL), ==, 0);
    g_assert_cmpstr(none, ==, "");
    g_remove(a);
    g_rmdir(tmp);
    g_free(none);
    g_free(want);
    g_free(out);
    g_free(a);
    g_free(tmp);
    g_free(park);
    g_free(root);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/packed-samples/round-trip", test_samples_round_trip);
    g_test_add_func("/engine/packed-samples/corruption", test_samples_corruption);
    g_test_add_func("/engine/packed-samples/cli-round-trip", test_cli_round_trip);
    g_test_add_func("/engine/packed-samples/cli-verbose", test_cli_verbose);
    return g_test_run();
}
