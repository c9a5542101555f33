/* SPDX-License-Identifier: MIT */
/* `loopwright masks`, `import` and `collision` run as a user runs them: the real binary, its
 * exit codes, messages and files. */
#include "cli-run.h"
#include "level-json.h"
#include "synth.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <jansson.h>
#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>
#include <string.h>
#include <sys/wait.h>
#include <zlib.h>

static void expect(cli_result r, int code, const char *in_err)
{
    if (r.code != code || (in_err && !strstr(r.err, in_err)))
        g_error("exit %d (want %d), stderr:\n%s\n(want \"%s\")", r.code, code, r.err,
                in_err ? in_err : "");
}

static char *tmp;

static char *in_tmp(const char *name)
{
    return g_build_filename(tmp, name, NULL);
}

/* An 8x2 sheet of slopes, a flip, a hole and empty tiles. */
static char *write_sheet(void)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 128, 32, 0, NULL));
    static const double angles[6] = {0xE0, 0x20, 0xF0, 0xC8, 0xA0, 0x90};
    for (int i = 0; i < 6; i++) {
        lwm_bits b;
        synth_plane_bits(angles[i], 8, 8, &b);
        synth_paint_bits(&img, (uint32_t)i, 0, &b, 0x70B050FFu);
    }
    lwm_bits b, f;
    synth_plane_bits(0xE8, 7, 9, &b);
    synth_paint_bits(&img, 6, 0, &b, 0x70B050FFu);
    lwm_bits_flip(&b, true, false, &f);
    synth_paint_bits(&img, 7, 0, &f, 0x70B050FFu);
    for (int c = 0; c < 16; c++)
        b.col[c] = c == 4 ? 0xF700u : 0xFF00u; /* a hole at row 11 of column 4 */
    synth_paint_bits(&img, 1, 1, &b, 0x70B050FFu);
    char *path = in_tmp("sheet.png");
    g_assert_true(lwm_image_save_png(path, &img, NULL));
    lwm_image_clear(&img);
    return path;
}

static json_t *load_json(const char *path)
{
    json_error_t e;
    json_t *j = json_load_file(path, 0, &e);
    if (!j)
        g_error("%s:%d: %s", path, e.line, e.text);
    return j;
}

static void test_masks_sheet(void)
{
    char *sheet = write_sheet(), *out = in_tmp("masks.json"), *prev = in_tmp("preview.png");
    cli_result r = cli_run((const char *[]){"masks", sheet, "-o", out, "--preview", prev, NULL});
    expect(r, 0, "loopwright: ");
    g_assert_nonnull(strstr(r.err, "sheet.png:16,16: warning: tile 9: columns 4 are not one run"));
    cli_run_free(&r);
    json_t *j = load_json(out);
    g_assert_cmpstr(json_string_value(json_object_get(j, "format")), ==, "loopwright-masks");
    g_assert_cmpint(json_integer_value(json_object_get(j, "columns")), ==, 8);
    json_t *tiles = json_object_get(j, "tiles"), *masks = json_object_get(j, "masks");
    g_assert_cmpint(json_array_size(tiles), ==, 16);
    static const int want[8] = {0xE0, 0x20, 0xF0, 0xC8, 0xA0, 0x90, 0xE8, 0x18};
    for (int i = 0; i < 8; i++) {
        json_t *t = json_array_get(tiles, (size_t)i);
        int a = (int)json_integer_value(json_object_get(t, "angle"));
        int d = ((a - want[i]) % 256 + 256) % 256;
        g_assert_cmpint(d > 128 ? 256 - d : d, <=, 2);
        g_assert_cmpint(json_array_size(json_object_get(t, "heights")), ==, 16);
        g_assert_cmpint(json_array_size(json_object_get(t, "widths")), ==, 16);
        g_assert_false(json_is_true(json_object_get(t, "flagged")));
    }
    /* tile 7 is tile 6 mirrored: the same mask with an X flip */
    json_t *t6 = json_array_get(tiles, 6), *t7 = json_array_get(tiles, 7);
    g_assert_cmpint(json_integer_value(json_object_get(t7, "mask")), ==,
                    json_integer_value(json_object_get(t6, "mask")));
    g_assert_cmpstr(json_string_value(json_object_get(t7, "flip")), ==, "x");
    /* empty tiles share mask "empty", flagged */
    json_t *t15 = json_array_get(tiles, 15);
    g_assert_true(json_is_true(json_object_get(t15, "flagged")));
    g_assert_cmpint(json_array_size(masks), <, 16);
    json_t *w = json_object_get(j, "warnings");
    g_assert_cmpint(json_array_size(w), ==, 1);
    g_assert_cmpint(json_integer_value(json_object_get(json_array_get(w, 0), "tile")), ==, 9);
    json_decref(j);
    /* the preview is a PNG of 8x2 boxes */
    uint32_t pw, ph;
    g_assert_true(lwm_png_read_size(prev, &pw, &ph, NULL));
    g_assert_cmpint(pw, ==, 8 * LWM_PREVIEW_BOX_W + 4);
    g_assert_cmpint(ph, ==, 2 * LWM_PREVIEW_BOX_H + 4);
    /* without -o: JSON on stdout */
    r = cli_run((const char *[]){"masks", sheet, NULL});
    expect(r, 0, NULL);
    json_error_t e;
    j = json_loads(r.out, 0, &e);
    g_assert_nonnull(j);
    g_assert_cmpint(json_array_size(json_object_get(j, "tiles")), ==, 16);
    json_decref(j);
    cli_run_free(&r);
    g_free(sheet);
    g_free(out);
    g_free(prev);
}

/* `masks --profile` gives each game's angle rule: a floor rising 3 px across the tile (heights
 * 8 8 8 8 9 9 9 9 9 9 10 10 10 10 10 11, a chord of 7.6 steps) is 0xF8 for S1 and S2 (a multiple
 * of 4) and 0xFA for S3K (towards the floor, even); the default is S2's, as `import`'s. Before,
 * `masks` knew no profile and kept the plain fit. */
static void test_masks_profile(void)
{
    static const int h[16] = {8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 11};
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 16, 16, 0, NULL));
    lwm_bits b;
    for (int c = 0; c < 16; c++)
        b.col[c] = (uint16_t)(0xFFFFu << (16 - h[c]));
    synth_paint_bits(&img, 0, 0, &b, 0x70B050FFu);
    char *sheet = in_tmp("rise3.png");
    g_assert_true(lwm_image_save_png(sheet, &img, NULL));
    lwm_image_clear(&img);
    static const struct {
        const char *profile;
        int angle;
    } cases[] = {{NULL, 0xF8}, {"s1", 0xF8},     {"cd", 0xF8},
                 {"s2", 0xF8}, {"modern", 0xF8}, {"s3k", 0xFA}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        const char *argv[] = {"masks", sheet, "--profile", cases[i].profile, NULL};
        if (!cases[i].profile)
            argv[2] = NULL;
        cli_result r = cli_run(argv);
        expect(r, 0, NULL);
        json_error_t e;
        json_t *j = json_loads(r.out, 0, &e);
        g_assert_nonnull(j);
        json_t *t = json_array_get(json_object_get(j, "tiles"), 0);
        g_assert_cmpint(json_integer_value(json_object_get(t, "angle")), ==, cases[i].angle);
        json_decref(j);
        cli_run_free(&r);
    }
    cli_result r = cli_run((const char *[]){"masks", sheet, "--profile", "s4", NULL});
    expect(r, 2, "unknown profile \"s4\"");
    cli_run_free(&r);
    g_free(sheet);
}

/* An RGB image without alpha: the top-left colour is empty; --key chooses another. */
static void test_masks_color_key(void)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 16, 16, 0x3050A0FFu, NULL));
    for (uint32_t x = 0; x < 16; x++)
        for (uint32_t y = 12; y < 16; y++)
            memcpy(lwm_image_pixel(&img, x, y), "\xC0\xC0\x20\xFF", 4);
    size_t size;
    void *png = synth_png(&img, 2, 8, false, false, &size);
    char *path = in_tmp("rgb.png");
    g_assert_true(g_file_set_contents(path, png, (gssize)size, NULL));
    cli_result r = cli_run((const char *[]){"masks", path, NULL});
    expect(r, 0, NULL);
    g_assert_nonnull(strstr(r.out, "\"solid\": \"colour key #3050A0\""));
    g_assert_nonnull(strstr(r.out, "\"heights\":[4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4]"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"masks", path, "--key", "C0C020", NULL});
    expect(r, 0, NULL);
    g_assert_nonnull(strstr(
        r.out, "\"heights\":[-12,-12,-12,-12,-12,-12,-12,-12,-12,-12,-12,-12,-12,-12,-12,-12]"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"masks", path, "--key", "nope", NULL});
    expect(r, 2, "--key takes a colour");
    cli_run_free(&r);
    g_free(png);
    g_free(path);
    lwm_image_clear(&img);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void test_masks_bad_files(void)
{
    char *path = in_tmp("bad.png");
    /* not a PNG */
    g_assert_true(g_file_set_contents(path, "hello, world", -1, NULL));
    cli_result r = cli_run((const char *[]){"masks", path, NULL});
    expect(r, 1, "bad.png: not a PNG file");
    g_assert_cmpstr(r.out, ==, "");
    cli_run_free(&r);
    /* a valid PNG, truncated, and with a broken CRC */
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 32, 32, 0x808080FFu, NULL));
    void *data;
    size_t size;
    g_assert_true(lwm_image_encode_png(&img, &data, &size, NULL));
    g_assert_true(g_file_set_contents(path, data, (gssize)(size - 20), NULL));
    r = cli_run((const char *[]){"masks", path, NULL});
    expect(r, 1, "truncated");
    cli_run_free(&r);
    ((uint8_t *)data)[30] ^= 0xFF;
    g_assert_true(g_file_set_contents(path, data, (gssize)size, NULL));
    r = cli_run((const char *[]){"masks", path, NULL});
    expect(r, 1, "CRC error");
    cli_run_free(&r);
    g_free(data);
    lwm_image_clear(&img);
    /* 1x1: not a sheet */
    g_assert_true(lwm_image_init(&img, 1, 1, 0xFFFFFFFFu, NULL));
    g_assert_true(lwm_image_save_png(path, &img, NULL));
    r = cli_run((const char *[]){"masks", path, NULL});
    expect(r, 1, "bad.png: the sheet is 1x1 px; both sides must be multiples of 16");
    cli_run_free(&r);
    lwm_image_clear(&img);
    /* a forged header claiming 100000x100000 */
    uint8_t forged[64] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    put32(forged + 8, 13);
    memcpy(forged + 12, "IHDR", 4);
    put32(forged + 16, 100000);
    put32(forged + 20, 100000);
    forged[24] = 8;
    forged[25] = 6;
    put32(forged + 29, (uint32_t)crc32(0, forged + 12, 17));
    put32(forged + 33, 0);
    memcpy(forged + 37, "IEND", 4);
    put32(forged + 41, (uint32_t)crc32(0, forged + 37, 4));
    g_assert_true(g_file_set_contents(path, (char *)forged, 45, NULL));
    r = cli_run((const char *[]){"masks", path, NULL});
    expect(r, 1, "PNG is 100000x100000 px, over the limit");
    cli_run_free(&r);
    /* missing file, usage errors */
    r = cli_run((const char *[]){"masks", "/nonexistent/x.png", NULL});
    expect(r, 1, "loopwright: /nonexistent/x.png: cannot open");
    cli_run_free(&r);
    r = cli_run((const char *[]){"masks", NULL});
    expect(r, 2, "missing TILES.png");
    cli_run_free(&r);
    r = cli_run((const char *[]){"masks", path, "--frobnicate", NULL});
    expect(r, 2, "unknown option --frobnicate");
    cli_run_free(&r);
    r = cli_run((const char *[]){"masks", "--help", NULL});
    expect(r, 0, NULL);
    g_assert_nonnull(strstr(r.out, "Usage: loopwright masks"));
    cli_run_free(&r);
    g_free(path);
}

static void test_masks_interlaced(void)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 32, 16, 0, NULL));
    lwm_bits b;
    synth_plane_bits(0xE0, 8, 8, &b);
    synth_paint_bits(&img, 1, 0, &b, 0xFFFFFFFFu);
    size_t size;
    void *png = synth_png(&img, 6, 8, false, true, &size);
    char *path = in_tmp("adam7.png");
    g_assert_true(g_file_set_contents(path, png, (gssize)size, NULL));
    cli_result r = cli_run((const char *[]){"masks", path, NULL});
    expect(r, 0, NULL);
    g_assert_nonnull(strstr(r.out, "\"angle\":224"));
    cli_run_free(&r);
    g_free(png);
    g_free(path);
    lwm_image_clear(&img);
}

/* A small terrain: ground, a 45-degree ramp, a ledge marked jump-through. */
static void write_terrain(char **terrain, char **top)
{
    lwm_image img, t;
    g_assert_true(lwm_image_init(&img, 600, 300, 0, NULL));
    g_assert_true(lwm_image_init(&t, 600, 300, 0, NULL));
    for (uint32_t x = 0; x < 600; x++) {
        uint32_t g = x < 200 ? 250 : x < 300 ? 250 - (x - 200) : 150;
        for (uint32_t y = g; y < 300; y++)
            memcpy(lwm_image_pixel(&img, x, y),
                   (x / 8 + y / 8) % 2 ? "\x50\xA0\x40\xFF" : "\x40\x90\x30\xFF", 4);
    }
    for (uint32_t x = 400; x < 480; x++)
        for (uint32_t y = 80; y < 88; y++) {
            memcpy(lwm_image_pixel(&img, x, y), "\xD0\xA0\x50\xFF", 4);
            lwm_image_pixel(&t, x, y)[3] = 255;
        }
    *terrain = in_tmp("terrain.png");
    *top = in_tmp("top.png");
    g_assert_true(lwm_image_save_png(*terrain, &img, NULL));
    g_assert_true(lwm_image_save_png(*top, &t, NULL));
    lwm_image_clear(&img);
    lwm_image_clear(&t);
}

static void test_import(void)
{
    char *terrain, *top;
    write_terrain(&terrain, &top);
    char *dir = in_tmp("lvl");
    g_mkdir(dir, 0755);
    char *level = g_build_filename(dir, "level.json", NULL);
    cli_result r =
        cli_run((const char *[]){"import", terrain, "--top-solid", top, "-o", level, NULL});
    expect(r, 0, NULL);
    g_assert_nonnull(strstr(r.out, "tileset level-tiles.png"));
    g_assert_null(strchr(r.err, '\r')); /* no progress line into a pipe */
    cli_run_free(&r);
    char *tiles = g_build_filename(dir, "level-tiles.png", NULL);
    g_assert_true(g_file_test(tiles, G_FILE_TEST_EXISTS));
    r = cli_run((const char *[]){"check", level, NULL});
    expect(r, 0, NULL);
    g_assert_nonnull(strstr(r.out, ": ok: "));
    /* The 8 px jump-through ledge lies at the top of its cell row with open air above: the
     * import makes its columns solid down to the cell's bottom (a run hanging from the top edge
     * would be invisible to floor sensors from above, PHYSICS.md §3.3), so the level checks
     * clean — no top-only-wall warning. */
    g_assert_nonnull(strstr(r.out, "0 errors, 0 warnings"));
    cli_run_free(&r);
    lw_level *lv;
    lw_error err;
    g_assert_true(editor_level_load_file(level, 0, &lv, &err));
    g_assert_cmpstr(lv->tileset, ==, "level-tiles.png");
    g_assert_cmpstr(lv->name, ==, "terrain");
    g_assert_cmpint(lv->chunk_px, ==, 128);
    g_assert_cmpint(lv->layout_width, ==, 5);
    g_assert_cmpint(lv->layout_height, ==, 3);
    const lw_cell *c = lw_level_cell_at(lv, 410, 84);
    g_assert_cmpint(lw_cell_solidity(c, LW_PATH_A), ==, LW_SOLID_TOP);
    for (int p = 0; p < 2; p++) {
        const lw_mask *m = &lv->masks[lv->tiles[c->tile].mask[p]];
        for (int col = 0; col < 16; col++)
            g_assert_cmpint(m->heights[col], ==, 16);
    }
    g_assert_cmpint(lv->objects[0].x, ==, 24);
    g_assert_cmpint(lv->objects[0].y, ==, 230);
    lw_level_free(lv);
    /* options: 256 px chunks, a separate art image, path B, forced progress */
    r = cli_run((const char *[]){"import", terrain, "--art", terrain, "--path-b", terrain,
                                 "--chunk", "256", "--progress", "-o", level, NULL});
    expect(r, 0, "loopwright import: chunks");
    cli_run_free(&r);
    g_assert_true(editor_level_load_file(level, 0, &lv, &err));
    g_assert_cmpint(lv->chunk_px, ==, 256);
    lw_level_free(lv);
    /* errors */
    r = cli_run((const char *[]){"import", terrain, "--chunk", "64", "-o", level, NULL});
    expect(r, 2, "--chunk takes 128 or 256");
    cli_run_free(&r);
    r = cli_run((const char *[]){"import", terrain, NULL});
    expect(r, 2, "missing -o LEVEL.json");
    cli_run_free(&r);
    char *sheet = write_sheet();
    r = cli_run((const char *[]){"import", terrain, "--art", sheet, "-o", level, NULL});
    expect(r, 1, "terrain.png: the art image is 128x32 px but the terrain is 600x300 px");
    cli_run_free(&r);
    r = cli_run((const char *[]){"import", "/nonexistent.png", "-o", level, NULL});
    expect(r, 1, "loopwright: /nonexistent.png: cannot open");
    cli_run_free(&r);
    g_free(sheet);
    g_free(tiles);
    g_free(level);
    g_free(dir);
    g_free(terrain);
    g_free(top);
}

static void test_collision(void)
{
    char *level =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    char *dir = in_tmp("s2");
    cli_result r = cli_run((const char *[]){"collision", "export", "--format", "s2", level, "-o",
                                            dir, "--zone", "LH", NULL});
    expect(r, 0, NULL);
    cli_run_free(&r);
    static const char *const files[] = {
        "Collision array - Vertical.bin", "Collision array - Horizontal.bin",
        "Curve and resistance mapping.bin", "LH primary 16x16 collision index.kos",
        "LH secondary 16x16 collision index.kos"};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        char *p = g_build_filename(dir, files[i], NULL);
        if (!g_file_test(p, G_FILE_TEST_EXISTS))
            g_error("missing %s", p);
        g_free(p);
    }
    char *out = in_tmp("s2.json");
    r = cli_run((const char *[]){"collision", "import", "--format", "s2", dir, "--zone", "LH", "-o",
                                 out, NULL});
    expect(r, 0, NULL);
    cli_run_free(&r);
    json_t *j = load_json(out);
    g_assert_cmpint(json_array_size(json_object_get(j, "masks")), ==, 256);
    g_assert_cmpint(json_array_size(json_object_get(j, "tiles")), ==, 256);
    g_assert_cmpint(json_array_size(json_object_get(j, "primary")), ==, 768);
    g_assert_cmpint(json_array_size(json_object_get(j, "secondary")), ==, 768);
    g_assert_cmpint(json_array_size(json_object_get(j, "warnings")), ==, 0);
    json_decref(j);
    /* a truncated height array: exit 1 with the byte offset */
    char *h = g_build_filename(dir, "Collision array - Vertical.bin", NULL);
    g_assert_true(g_file_set_contents(h, "\x01\x02\x03", 3, NULL));
    r = cli_run((const char *[]){"collision", "import", "--format", "s2", dir, NULL});
    expect(r, 1, "Collision array - Vertical.bin: byte 3: 3 bytes, expected 4096");
    cli_run_free(&r);
    /* over the limits: nothing is written */
    lw_level *big = lw_level_new(128, 1, 1, NULL);
    lw_mask m = {.heights = {4}};
    lw_level_add_mask(big, &m);
    for (int t = 0; t < 800; t++) {
        lw_tile tile = {LW_NONE, {0, 0}, 0};
        lw_level_add_tile(big, &tile);
    }
    char *bigpath = in_tmp("big.json"), *bigdir = in_tmp("bigout");
    g_assert_true(editor_level_save_file(bigpath, big, NULL));
    lw_level_free(big);
    r = cli_run(
        (const char *[]){"collision", "export", "--format", "s2", bigpath, "-o", bigdir, NULL});
    expect(r, 1, "800 tiles: S2 holds 767 blocks");
    g_assert_false(g_file_test(bigdir, G_FILE_TEST_EXISTS));
    cli_run_free(&r);
    r = cli_run(
        (const char *[]){"collision", "export", "--format", "s1", bigpath, "-o", bigdir, NULL});
    expect(r, 0, NULL);
    char *ghz = g_build_filename(bigdir, "big.bin", NULL);
    g_assert_true(g_file_test(ghz, G_FILE_TEST_EXISTS));
    cli_run_free(&r);
    /* usage */
    r = cli_run((const char *[]){"collision", "export", level, "-o", dir, NULL});
    expect(r, 2, "missing --format");
    cli_run_free(&r);
    r = cli_run((const char *[]){"collision", "export", "--format", "s4", level, "-o", dir, NULL});
    expect(r, 2, "--format takes s1, s2 or s3k");
    cli_run_free(&r);
    r = cli_run((const char *[]){"collision", "--format", "s2", NULL});
    expect(r, 2, "expected import or export");
    cli_run_free(&r);
    g_free(ghz);
    g_free(bigpath);
    g_free(bigdir);
    g_free(h);
    g_free(out);
    g_free(dir);
    g_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tmp = synth_tmpdir();
    g_test_add_func("/masks/cli/masks-sheet", test_masks_sheet);
    g_test_add_func("/masks/cli/masks-profile", test_masks_profile);
    g_test_add_func("/masks/cli/masks-color-key", test_masks_color_key);
    g_test_add_func("/masks/cli/masks-bad-files", test_masks_bad_files);
    g_test_add_func("/masks/cli/masks-interlaced", test_masks_interlaced);
    g_test_add_func("/masks/cli/import", test_import);
    g_test_add_func("/masks/cli/collision", test_collision);
    int status = g_test_run();
    synth_rmdir(tmp);
    g_free(tmp);
    return status;
}
