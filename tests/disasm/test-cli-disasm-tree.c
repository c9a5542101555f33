/* SPDX-License-Identifier: MIT */
/*
 * `loopwright unpack TREE --list | --level NAME` and `pack LEVEL --into TREE` run as a user runs
 * them, on a synthetic tree written by `pack --format s2` with a hand-written SonLVL.ini of two
 * levels sharing the collision index: an unchanged level writes nothing; a moved start writes
 * exactly its file; a second pack after a write writes nothing; a mask change to the shared
 * index is refused (nothing written) and written with --allow-shared; a tree changed since the
 * import is refused; a bad INI is reported with its line. A level whose INI names a water
 * palette unpacks with a water tileset that `render` draws below the water surface.
 */
#include "cli-run.h"
#include "tree-fixture.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/disasm.h>
#include <loopwright-masks/image.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static char *tmp;

static char *in_tmp(const char *name)
{
    return g_build_filename(tmp, name, NULL);
}

static void expect(cli_result *r, int code, const char *in_out, const char *in_err)
{
    if (r->code != code || (in_out && !strstr(r->out, in_out)) ||
        (in_err && !strstr(r->err, in_err)))
        g_error("exit %d (want %d)\nstdout:\n%s\nstderr:\n%s\n(want \"%s\" / \"%s\")", r->code,
                code, r->out, r->err, in_out ? in_out : "", in_err ? in_err : "");
    cli_run_free(r);
}

static void assert_diff(GHashTable *before, const char *root, const char *want)
{
    char *d = tree_fixture_diff(before, root);
    g_assert_cmpstr(d, ==, want);
    g_free(d);
}

/* Replace the first @from in file @path by @to. */
static void edit(const char *path, const char *from, const char *to)
{
    gchar *text;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    char *at = strstr(text, from);
    g_assert_nonnull(at);
    *at = '\0';
    char *out = g_strconcat(text, to, at + strlen(from), NULL);
    g_assert_true(g_file_set_contents(path, out, -1, NULL));
    g_free(out);
    g_free(text);
}

/* Change the first column height of the level's first mask. */
static void bump_first_height(const char *path)
{
    gchar *text;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    char *at = strstr(text, "{\"heights\": [");
    g_assert_nonnull(at);
    at += strlen("{\"heights\": [");
    char *end;
    long v = strtol(at, &end, 10);
    char *num = g_strdup_printf("%ld", v == 0 ? 1 : v - 1);
    *at = '\0';
    char *out = g_strconcat(text, num, end, NULL);
    g_assert_true(g_file_set_contents(path, out, -1, NULL));
    g_free(out);
    g_free(num);
    g_free(text);
}

static void test_round_trip(void)
{
    char *tree = tree_fixture_make(tmp, TRUE), *level = in_tmp("a.json");
    cli_result r = cli_run((const char *[]){"unpack", tree, "--list", NULL});
    expect(&r, 0, "Test Zone Act 1\tTST 1\nTest Zone Act 2\tTST 2\n", NULL);
    r = cli_run((const char *[]){"unpack", tree, "--level", "Test Zone Act 1", "-o", level, NULL});
    expect(&r, 0, "tileset a-tiles.png", NULL);
    gchar *text;
    g_assert_true(g_file_get_contents(level, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"source\": {"));
    g_assert_nonnull(strstr(text, "\"level\": \"Test Zone Act 1\""));
    g_assert_nonnull(strstr(text,
                            "\"x\": 256, \"y\": 512, \"name\": \"Buzzer\", \"properties\": "
                            "{\"disasm\": \"object\", \"id\": \"0x4B\", \"subtype\": \"0x00\", "
                            "\"x_flip\": \"false\", \"y_flip\": \"false\", \"respawn\": \"true\""));
    g_assert_nonnull(strstr(text, "\"name\": \"object 0x26\""));
    g_assert_nonnull(strstr(text, "\"x\": 320, \"y\": 96, \"name\": \"ring\", \"properties\": "
                                  "{\"disasm\": \"ring\", \"count\": \"2\", \"column\": \"true\""));
    g_free(text);
    r = cli_run((const char *[]){"check", level, NULL});
    expect(&r, 0, NULL, NULL);

    /* unchanged: nothing written */
    GHashTable *before = tree_fixture_snapshot(tree);
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "no file changed", NULL);
    assert_diff(before, tree, "");

    /* the start moved: exactly its file */
    edit(level, "\"type\": \"player_start\", \"x\": ", "\"type\": \"player_start\", \"x\": 1");
    r = cli_run((const char *[]){"pack", level, "--into", tree, "--dry-run", NULL});
    expect(&r, 0, "would be written", NULL);
    assert_diff(before, tree, "");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "1 files written", NULL);
    assert_diff(before, tree, "startpos/TST_1.bin");
    g_hash_table_unref(before);
    before = tree_fixture_snapshot(tree);
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "no file changed", NULL);

    /* a ring moved: exactly the rings file; a bad object property: refused, nothing written */
    edit(level, "\"x\": 320, \"y\": 96, \"name\": \"ring\"",
         "\"x\": 336, \"y\": 96, \"name\": \"ring\"");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "level/rings/TST_1.bin: 1 unpacked byte changes", NULL);
    assert_diff(before, tree, "level/rings/TST_1.bin");
    g_hash_table_unref(before);
    before = tree_fixture_snapshot(tree);
    edit(level, "\"id\": \"0x26\"", "\"id\": \"zz\"");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 1, NULL, "property \"id\" must be a number");
    assert_diff(before, tree, "");
    edit(level, "\"id\": \"zz\"", "\"id\": \"0x26\"");

    /* a mask change reaches the index level 2 shares: refused, then allowed */
    bump_first_height(level);
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 1, "also read by: Test Zone Act 2", "pass --allow-shared");
    assert_diff(before, tree, "");
    r = cli_run((const char *[]){"pack", level, "--into", tree, "--allow-shared", NULL});
    expect(&r, 0, "every level of the tree (a game-wide file)", NULL);
    char *d = tree_fixture_diff(before, tree);
    g_assert_nonnull(strstr(d, "collision/Collision array - Vertical.bin"));
    g_assert_nonnull(strstr(d, "collision/TST primary 16x16 collision index.kos"));
    g_assert_null(strstr(d, "mappings"));
    g_assert_null(strstr(d, "level/layout"));
    g_free(d);
    g_hash_table_unref(before);

    /* the other level still opens; the tree changed under the level: refused */
    char *other = in_tmp("b.json");
    r = cli_run((const char *[]){"unpack", "--format", "s2", tree, "--zone", "TST", "--act", "2",
                                 "-o", other, NULL});
    expect(&r, 0, "tileset none", NULL);
    tree_fixture_copy(tree, "startpos/TST_2.bin", "startpos/TST_1.bin");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 1, NULL, "changed since the level was imported");

    /* a level without a source section, a bad INI */
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    r = cli_run((const char *[]){"pack", sample, "--into", tree, NULL});
    expect(&r, 1, NULL, "no \"source\" section");
    char *ini_path = g_build_filename(tree, "SonLVL INI Files", "SonLVL.ini", NULL);
    g_assert_true(g_file_set_contents(ini_path, "version=S2\n[A]\nbroken line\n", -1, NULL));
    r = cli_run((const char *[]){"unpack", tree, "--list", NULL});
    expect(&r, 1, NULL, "SonLVL.ini:3:1: neither");
    r = cli_run((const char *[]){"unpack", tree, "--level", "A", NULL});
    expect(&r, 2, NULL, "missing -o");
    g_free(ini_path);
    g_free(sample);
    g_free(other);
    g_free(level);
    g_free(tree);
}

/* A pixel of @img as 0xRRGGBB. */
static uint32_t rgb_at(const lwm_image *img, uint32_t x, uint32_t y)
{
    const uint8_t *p = lwm_image_pixel(img, x, y);
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* The water tileset (docs/DISASM.md §8.1): a level whose INI names a water palette unpacks with
 * a second tileset drawn from the same patterns with it, named by `source.water_tileset`; in
 * `loopwright render` the rows below the surface take their art from it, the rows above (and
 * the surface row) stay as without it. Compared with the same level whose source names no water
 * tileset: below the surface every pixel that differs shows the water colour of the colour the
 * plain picture shows there (the fixture's water words are the normal words XOR 0x800). */
static void test_water_tileset(void)
{
    char *dir = in_tmp("water");
    char *tree = tree_fixture_make_water(dir);
    char *level = g_build_filename(dir, "w.json", NULL);
    cli_result r =
        cli_run((const char *[]){"unpack", tree, "--level", "Test Zone Act 1", "-o", level, NULL});
    expect(&r, 0, "; water tileset w-water-tiles.png\n", NULL);
    char *wet_png = g_build_filename(dir, "w-water-tiles.png", NULL);
    g_assert_true(g_file_test(wet_png, G_FILE_TEST_EXISTS));
    gchar *text;
    g_assert_true(g_file_get_contents(level, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"water_tileset\": \"w-water-tiles.png\""));
    r = cli_run((const char *[]){"check", level, NULL});
    expect(&r, 0, NULL, NULL);
    /* the same level without the field: the picture as before */
    char *dry = g_build_filename(dir, "dry.json", NULL);
    g_assert_true(g_file_set_contents(dry, text, -1, NULL));
    edit(dry, "\"water_tileset\"", "\"no_water_tileset\"");
    g_free(text);
    char *out_wet = g_build_filename(dir, "wet.png", NULL), *out_dry = in_tmp("dry.png");
    r = cli_run((const char *[]){"render", level, "--no-objects", "-o", out_wet, NULL});
    expect(&r, 0, NULL, NULL);
    r = cli_run((const char *[]){"render", dry, "--no-objects", "-o", out_dry, NULL});
    expect(&r, 0, NULL, NULL);
    lwm_image wet = {0}, plain = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(out_wet, &wet, &err));
    g_assert_true(lwm_image_load_png(out_dry, &plain, &err));
    g_assert_cmpuint(wet.width, ==, plain.width);
    g_assert_cmpuint(wet.height, ==, plain.height);
    g_assert_cmpuint(wet.height, >, TREE_FIXTURE_WATER_HEIGHT + 16u);
    uint32_t changed = 0, first_changed_row = UINT32_MAX;
    for (uint32_t y = 0; y < wet.height; y++)
        for (uint32_t x = 0; x < wet.width; x++) {
            uint32_t w = rgb_at(&wet, x, y), p = rgb_at(&plain, x, y);
            if (y <= TREE_FIXTURE_WATER_HEIGHT || w == p) {
                if (w != p)
                    g_error("pixel (%u,%u) above the water: 0x%06X, without the water tileset "
                            "0x%06X",
                            x, y, w, p);
                continue;
            }
            uint16_t word = lwm_md_color((uint8_t)(p >> 16), (uint8_t)(p >> 8), (uint8_t)p);
            uint32_t want = lwm_md_color_rgb((uint16_t)(word ^ TREE_FIXTURE_WATER_XOR));
            if (w != want)
                g_error("pixel (%u,%u) below the water: 0x%06X, want the water colour 0x%06X of "
                        "0x%06X",
                        x, y, w, want, p);
            changed++;
            first_changed_row = MIN(first_changed_row, y);
        }
    g_test_message("%u pixels below the surface in water colours", changed);
    g_assert_cmpuint(changed, >, 1000);
    /* clipped at the surface line, inside a cell (620 = 38 * 16 + 12) */
    g_assert_cmpuint(first_changed_row, ==, TREE_FIXTURE_WATER_HEIGHT + 1u);
    lwm_image_clear(&wet);
    lwm_image_clear(&plain);
    g_free(out_wet);
    g_free(out_dry);
    g_free(dry);
    g_free(wet_png);
    g_free(level);
    g_free(tree);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-cli-tree-XXXXXX", &error);
    g_assert_no_error(error);
    g_test_add_func("/masks/disasm-tree/cli/round-trip", test_round_trip);
    g_test_add_func("/masks/disasm-tree/cli/water-tileset", test_water_tileset);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_free(cmd);
    g_free(tmp);
    return rc;
}
