/* SPDX-License-Identifier: MIT */
/* `loopwright pack/unpack --format s1|s2` run as a user runs them: the real binary, its exit
 * codes, messages and files. */
#include "cli-run.h"
#include "level-json.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/disasm.h>
#include <loopwright/kosinski.h>
#include <string.h>
#include <sys/wait.h>

static void expect(cli_result *r, int code, const char *in_err)
{
    if (r->code != code || (in_err && !strstr(r->err, in_err)))
        g_error("exit %d (want %d), stderr:\n%s\n(want \"%s\")", r->code, code, r->err,
                in_err ? in_err : "");
    g_free(r->out);
    g_free(r->err);
}

static char *tmp;

static char *in_tmp(const char *name)
{
    return g_build_filename(tmp, name, NULL);
}

static char *sample(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static void list_files(const char *root, const char *rel, GPtrArray *out)
{
    char *dir = rel ? g_build_filename(root, rel, NULL) : g_strdup(root);
    GDir *d = g_dir_open(dir, 0, NULL);
    if (d) {
        const char *name;
        while ((name = g_dir_read_name(d))) {
            char *sub = rel ? g_strdup_printf("%s/%s", rel, name) : g_strdup(name);
            char *full = g_build_filename(root, sub, NULL);
            if (g_file_test(full, G_FILE_TEST_IS_DIR)) {
                list_files(root, sub, out);
                g_free(sub);
            } else {
                g_ptr_array_add(out, sub);
            }
            g_free(full);
        }
        g_dir_close(d);
    }
    g_free(dir);
}

static gint cmp_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files under @root, sorted, joined with '\n'. */
static char *files_of(const char *root)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    list_files(root, NULL, names);
    g_ptr_array_sort(names, cmp_names);
    g_ptr_array_add(names, NULL);
    char *s = g_strjoinv("\n", (char **)names->pdata);
    g_ptr_array_free(names, TRUE);
    return s;
}

static bool same_file(const char *a, const char *b)
{
    char *x, *y;
    gsize nx, ny;
    g_assert_true(g_file_get_contents(a, &x, &nx, NULL));
    g_assert_true(g_file_get_contents(b, &y, &ny, NULL));
    bool same = nx == ny && memcmp(x, y, nx) == 0;
    g_free(x);
    g_free(y);
    return same;
}

/* What the library makes of sample @name for @game, zone @zone: the CLI must write the same. */
static void library_export(const char *name, lwm_game game, const char *zone, unsigned act,
                           lwm_disasm_export *ex)
{
    char *path = sample(name);
    lw_level *lv;
    lw_error err;
    g_assert_true(editor_level_load_file(path, 0, &lv, &err));
    char *png = editor_level_resolve_path(path, lv->tileset);
    lwm_image art;
    g_assert_true(lwm_image_load_png(png, &art, &err));
    lwm_disasm_options opts = lwm_disasm_options_default(game, zone);
    opts.act = act;
    lwm_report rep = {0};
    g_assert_true(lwm_disasm_export_level(lv, &art, &opts, ex, &rep, &err));
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    lw_level_free(lv);
    g_free(png);
    g_free(path);
}

/* The CLI's output folder holds exactly the library's files, byte for byte. */
static void same_as_library(const char *dir, const lwm_disasm_export *ex, const char *out)
{
    for (size_t i = 0; i < ex->file_count; i++) {
        const lwm_disasm_file *f = &ex->files[i];
        char *path = g_build_filename(dir, f->path, NULL), *data;
        gsize n;
        g_assert_true(g_file_get_contents(path, &data, &n, NULL));
        g_assert_cmpmem(data, n, f->data, f->size);
        char *line = g_strdup_printf("%s/%s: %zu bytes", dir, f->path, f->size);
        g_assert_nonnull(strstr(out, line));
        g_free(line);
        g_free(data);
        g_free(path);
    }
}

static char *summary(const char *game, const lwm_disasm_stats *st, unsigned px)
{
    return g_strdup_printf("%s: %u chunks of %u px, %u blocks, %u masks, %u patterns, layout "
                           "%ux%u",
                           game, st->chunks, px, st->blocks, st->masks, st->patterns,
                           st->layout_width, st->layout_height);
}

static void test_s2_round_trip(void)
{
    char *level = sample("loop-hill.json"), *dir = in_tmp("lh-s2"), *json = in_tmp("lh.json");
    lwm_disasm_export ex;
    library_export("loop-hill.json", LWM_GAME_S2, "LH", 1, &ex);
    cli_result r =
        cli_run((const char *[]){"pack", level, "--format", "s2", "-o", dir, "--zone", "LH", NULL});
    char *sum = summary("S2", &ex.stats, 128);
    g_assert_nonnull(strstr(r.out, sum));
    g_free(sum);
    g_assert_nonnull(
        strstr(r.err, "loop-hill.json: warning: objects: 4 objects besides the player start"));
    char *rounding = g_strdup_printf("warning: art: rounding to the Mega Drive's 3 bits per "
                                     "channel changed the colour of %llu pixels",
                                     (unsigned long long)ex.stats.pixels_rounded);
    g_assert_nonnull(strstr(r.err, rounding));
    g_free(rounding);
    same_as_library(dir, &ex, r.out);
    expect(&r, 0, NULL);
    char *files = files_of(dir);
    g_assert_cmpstr(files, ==,
                    "art/kosinski/LH.kos\n"
                    "art/palettes/LH.bin\n"
                    "collision/Collision array - Horizontal.bin\n"
                    "collision/Collision array - Vertical.bin\n"
                    "collision/Curve and resistance mapping.bin\n"
                    "collision/LH primary 16x16 collision index.kos\n"
                    "collision/LH secondary 16x16 collision index.kos\n"
                    "level/layout/LH_1.kos\n"
                    "mappings/128x128/LH.kos\n"
                    "mappings/16x16/LH.kos\n"
                    "startpos/LH_1.bin");
    g_free(files);
    r = cli_run(
        (const char *[]){"unpack", "--format", "s2", dir, "--zone", "LH", "-o", json, NULL});
    lwm_disasm_import_options io = {0};
    io.game = LWM_GAME_S2;
    io.zone = "LH";
    io.act = 1;
    lwm_disasm_import im;
    lwm_report rep = {0};
    char failed[4096];
    lw_error err;
    g_assert_true(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    char *line = g_strdup_printf("lh.json: %u masks, %u tiles, %u chunks of 128 px, layout %ux%u; "
                                 "tileset lh-tiles.png",
                                 im.level->mask_count, im.level->tile_count, im.level->chunk_count,
                                 im.level->layout_width, im.level->layout_height);
    g_assert_nonnull(strstr(r.out, line));
    g_assert_cmpuint(im.level->chunk_count, ==, ex.stats.chunks - 1);
    g_free(line);
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&rep);
    expect(&r, 0, NULL);
    char *png = in_tmp("lh-tiles.png");
    g_assert_true(g_file_test(png, G_FILE_TEST_IS_REGULAR));
    r = cli_run((const char *[]){"check", json, NULL});
    expect(&r, 0, NULL);
    /* the imported level exports to the same files again */
    char *dir2 = in_tmp("lh-s2-again");
    r = cli_run((const char *[]){"pack", json, "--format", "s2", "-o", dir2, "--zone", "LH", NULL});
    expect(&r, 0, NULL);
    static const char *const same[] = {"mappings/128x128/LH.kos",
                                       "mappings/16x16/LH.kos",
                                       "level/layout/LH_1.kos",
                                       "art/kosinski/LH.kos",
                                       "art/palettes/LH.bin",
                                       "collision/Collision array - Vertical.bin",
                                       "collision/LH primary 16x16 collision index.kos",
                                       "startpos/LH_1.bin"};
    for (size_t i = 0; i < G_N_ELEMENTS(same); i++) {
        char *a = g_build_filename(dir, same[i], NULL), *b = g_build_filename(dir2, same[i], NULL);
        if (!same_file(a, b))
            g_error("%s differs after unpack + pack", same[i]);
        g_free(a);
        g_free(b);
    }
    g_free(dir2);
    g_free(png);
    g_free(level);
    g_free(dir);
    g_free(json);
    lwm_disasm_export_clear(&ex);
}

static void test_s1_round_trip(void)
{
    char *level = sample("pipe-works.json"), *dir = in_tmp("pw-s1"), *json = in_tmp("pw.json");
    lwm_disasm_export ex;
    library_export("pipe-works.json", LWM_GAME_S1, "PW", 2, &ex);
    cli_result r = cli_run((const char *[]){"pack", level, "--format=s1", "--output", dir, "--zone",
                                            "PW", "--act", "2", NULL});
    char *sum = summary("S1", &ex.stats, 256);
    g_assert_nonnull(strstr(r.out, sum));
    g_free(sum);
    g_assert_nonnull(strstr(r.out, "artunc/8x8 - PW.bin for a Nemesis compressor"));
    same_as_library(dir, &ex, r.out);
    expect(&r, 0, NULL);
    char *files = files_of(dir);
    g_assert_cmpstr(files, ==,
                    "artunc/8x8 - PW.bin\n"
                    "collide/Angle Map.bin\n"
                    "collide/Collision Array (Normal).bin\n"
                    "collide/Collision Array (Rotated).bin\n"
                    "collide/PW.bin\n"
                    "levels/pw2.bin\n"
                    "levels/pwbg.bin\n"
                    "map16/PW.eni\n"
                    "map256/PW.kos\n"
                    "palette/PW.bin\n"
                    "startpos/pw2.bin");
    g_free(files);
    r = cli_run((const char *[]){"unpack", "--format", "s1", dir, "--zone", "PW", "--act", "2",
                                 "-o", json, NULL});
    char *line = g_strdup_printf("%u chunks of 256 px, layout %ux%u", ex.stats.chunks,
                                 ex.stats.layout_width, ex.stats.layout_height);
    g_assert_nonnull(strstr(r.out, line));
    g_free(line);
    expect(&r, 0, NULL);
    lwm_disasm_export_clear(&ex);
    r = cli_run((const char *[]){"check", json, NULL});
    expect(&r, 0, NULL);
    g_free(level);
    g_free(dir);
    g_free(json);
}

/* A packed binary with its art embedded exports to the same files as its JSON. */
static void test_from_packed(void)
{
    char *level = sample("pipe-works.json"), *bin = in_tmp("pw.bin");
    char *a = in_tmp("from-json"), *b = in_tmp("from-bin");
    cli_result r = cli_run((const char *[]){"pack", level, "-o", bin, NULL});
    expect(&r, 0, NULL);
    r = cli_run((const char *[]){"pack", level, "--format", "s2", "-o", a, "--zone", "PW", NULL});
    expect(&r, 0, NULL);
    r = cli_run((const char *[]){"pack", bin, "--format", "s2", "-o", b, "--zone", "PW", NULL});
    expect(&r, 0, NULL);
    char *fa = files_of(a), *fb = files_of(b);
    g_assert_cmpstr(fa, ==, fb);
    char **names = g_strsplit(fa, "\n", -1);
    for (char **n = names; *n; n++) {
        char *x = g_build_filename(a, *n, NULL), *y = g_build_filename(b, *n, NULL);
        g_assert_true(same_file(x, y));
        g_free(x);
        g_free(y);
    }
    g_strfreev(names);
    g_free(fa);
    g_free(fb);
    g_free(level);
    g_free(bin);
    g_free(a);
    g_free(b);
}

/* A level JSON (and tileset) written for a test. */
static char *write_level(const char *name, lw_level *lv, const lwm_image *art)
{
    char *json = in_tmp(name);
    if (art) {
        char *png = g_strdup_printf("%s.png", json);
        lw_error err;
        g_assert_true(lwm_image_save_png(png, art, &err));
        char *base = g_path_get_basename(png);
        g_assert_true(lw_level_set_string(&lv->tileset, base));
        g_free(base);
        g_free(png);
    }
    size_t n;
    char *text = editor_level_to_json(lv, &n);
    g_assert_true(g_file_set_contents(json, text, (gssize)n, NULL));
    free(text);
    return json;
}

static lw_level *small_level(uint16_t w, uint16_t h, uint32_t tiles)
{
    lw_error err;
    lw_level *lv = lw_level_new(128, w, h, &err);
    lw_mask full = {
        {16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16}, {0}, 0, LW_MASK_FLAGGED};
    lw_level_add_mask(lv, &full);
    for (uint32_t t = 0; t < tiles; t++) {
        lw_tile tile = {(uint16_t)t, {0, 0}, 0};
        lw_level_add_tile(lv, &tile);
    }
    return lv;
}

static void test_limits(void)
{
    /* too wide for S2, too many tiles: both reported, nothing written, the folder not made */
    lw_level *lv = small_level(129, 1, 800);
    char *json = write_level("wide.json", lv, NULL), *dir = in_tmp("wide-out");
    cli_result r = cli_run((const char *[]){"pack", json, "--format", "s2", "-o", dir, NULL});
    g_assert_nonnull(strstr(r.err, "wide.json: over the limit: 800 tiles: S2's block table "
                                   "holds 0x300 blocks"));
    g_assert_nonnull(strstr(r.err, "wide.json: over the limit: layout: 129x1 chunks of 128 px"));
    expect(&r, 1,
           "wide.json: the level does not fit S2 (2 report lines over the limits); nothing was "
           "written");
    g_assert_false(g_file_test(dir, G_FILE_TEST_EXISTS));
    lw_level_free(lv);
    g_free(json);
    g_free(dir);

    /* art over the palette: refused with the fraction; --quantize and --no-art write */
    lv = small_level(1, 1, 5);
    lwm_image art;
    lw_error err;
    g_assert_true(lwm_image_init(&art, 80, 16, 0, &err));
    for (uint32_t t = 0; t < 5; t++)
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t k = 1 + t * 15 + i % 15;
            uint8_t *p = lwm_image_pixel(&art, t * 16 + i % 8, i / 8);
            p[0] = lwm_md_channel(k & 7);
            p[1] = lwm_md_channel((k >> 3) & 7);
            p[2] = lwm_md_channel((k >> 6) & 7);
            p[3] = 255;
        }
    json = write_level("colours.json", lv, &art);
    dir = in_tmp("colours-out");
    r = cli_run((const char *[]){"pack", json, "--format", "s2", "-o", dir, NULL});
    g_assert_nonnull(strstr(r.err, "colours.json: over the limit: art: 3 of 5 8x8 patterns "
                                   "(60.0%) fit the palette (3 lines of 15 colours"));
    g_assert_nonnull(strstr(r.err, "over the limit: art: tile 3 (art cell 3), top-left 8x8"));
    expect(&r, 1, "nothing was written");
    g_assert_false(g_file_test(dir, G_FILE_TEST_EXISTS));
    r = cli_run(
        (const char *[]){"pack", json, "--format", "s2", "-o", dir, "--palette-lines", "4", NULL});
    expect(&r, 1, "art: 4 of 5 8x8 patterns (80.0%) fit the palette (4 lines");
    r = cli_run((const char *[]){"pack", json, "--format", "s2", "-o", dir, "--quantize", NULL});
    expect(&r, 0,
           "warning: art: 3 of 5 8x8 patterns (60.0%) fit the palette; the other 2 were "
           "quantised to the nearest colours of one line: 128 pixels changed");
    char *pal = g_build_filename(dir, "art", "palettes", "colours.bin", NULL);
    g_assert_true(g_file_test(pal, G_FILE_TEST_IS_REGULAR));
    char *dir2 = in_tmp("colours-noart");
    r = cli_run((const char *[]){"pack", json, "--format", "s2", "-o", dir2, "--no-art", NULL});
    expect(&r, 0, NULL);
    char *files = files_of(dir2);
    g_assert_null(strstr(files, "art/"));
    g_free(files);
    g_free(dir2);
    g_free(pal);
    lwm_image_clear(&art);
    lw_level_free(lv);
    g_free(json);
    g_free(dir);
}

static void test_bad_files(void)
{
    char *level = sample("loop-hill.json"), *dir = in_tmp("bad-s2"), *json = in_tmp("bad.json");
    cli_result r =
        cli_run((const char *[]){"pack", level, "--format", "s2", "-o", dir, "--zone", "Z", NULL});
    expect(&r, 0, NULL);
    char *lay = g_build_filename(dir, "level", "layout", "Z_1.kos", NULL);
    char *data;
    gsize n;
    g_assert_true(g_file_get_contents(lay, &data, &n, NULL));
    g_assert_true(g_file_set_contents(lay, data, 5, NULL));
    r = cli_run((const char *[]){"unpack", "--format", "s2", dir, "--zone", "Z", "-o", json, NULL});
    char *want = g_strdup_printf("loopwright: %s: byte 5: ", lay);
    expect(&r, 1, want);
    g_assert_false(g_file_test(json, G_FILE_TEST_EXISTS));
    g_free(want);
    /* an id past the chunks, reported in the unpacked data */
    uint8_t raw[0x1000];
    size_t got;
    g_assert_true(g_file_set_contents(lay, data, (gssize)n, NULL));
    g_assert_true(lw_kosinski_decompress((uint8_t *)data, n, raw, sizeof raw, &got, NULL, NULL));
    raw[3] = 250;
    uint8_t kos[0x1400];
    size_t k = lw_kosinski_compress(raw, sizeof raw, kos);
    g_assert_true(g_file_set_contents(lay, (char *)kos, (gssize)k, NULL));
    r = cli_run((const char *[]){"unpack", "--format", "s2", dir, "--zone", "Z", "-o", json, NULL});
    lwm_disasm_export ex;
    library_export("loop-hill.json", LWM_GAME_S2, "Z", 1, &ex);
    want = g_strdup_printf("loopwright: %s: unpacked byte 3: FG row 0 column 3: chunk 250, the "
                           "chunk mappings hold %u",
                           lay, ex.stats.chunks);
    lwm_disasm_export_clear(&ex);
    expect(&r, 1, want);
    g_free(want);
    /* a palette colour with bits outside 0x0EEE */
    g_assert_true(g_file_set_contents(lay, data, (gssize)n, NULL));
    char *pal = g_build_filename(dir, "art", "palettes", "Z.bin", NULL);
    char bad[96] = {0};
    bad[10] = 0x01;
    g_assert_true(g_file_set_contents(pal, bad, 96, NULL));
    r = cli_run((const char *[]){"unpack", "--format", "s2", dir, "--zone", "Z", "-o", json, NULL});
    want = g_strdup_printf("loopwright: %s: byte 10: colour word 0x0100", pal);
    expect(&r, 1, want);
    g_free(want);
    /* a missing zone */
    r = cli_run(
        (const char *[]){"unpack", "--format", "s2", dir, "--zone", "NOPE", "-o", json, NULL});
    expect(&r, 1, "mappings/128x128/NOPE.kos: cannot open");
    /* --path reads another file */
    g_assert_true(g_file_set_contents(pal, bad, 0, NULL));
    r = cli_run((const char *[]){"unpack", "--format", "s2", dir, "--zone", "Z", "-o", json,
                                 "--path", "palette=art/palettes/none.bin", NULL});
    expect(&r, 0, "art/palettes/none.bin: warning: no palette: the art is drawn in grey");
    g_free(pal);
    g_free(data);
    g_free(lay);
    g_free(level);
    g_free(dir);
    g_free(json);
}

static void test_usage(void)
{
    char *level = sample("loop-hill.json"), *dir = in_tmp("usage");
    const char *const *cases[] = {
        (const char *[]){"pack", level, "--format", "s3", "-o", dir, NULL},
        (const char *[]){"pack", level, "--format", "s2", NULL},
        (const char *[]){"pack", level, "--format", "s2", "-o", dir, "--act", "0", NULL},
        (const char *[]){"pack", level, "--format", "s2", "-o", dir, "--palette-lines", "2", NULL},
        (const char *[]){"pack", level, "--format", "s2", "-o", dir, "--quantize", "--no-art",
                         NULL},
        (const char *[]){"pack", level, "--format", "s2", "-o", dir, "--zone", "a/b", NULL},
        (const char *[]){"unpack", "--format", "s2", dir, "-o", "x.json", NULL},
        (const char *[]){"unpack", "--format", "s2", dir, "--zone", "Z", NULL},
        (const char *[]){"unpack", "--format", "s1", dir, "--zone", "Z", "-o", "x.json", "--path",
                         "bogus=x", NULL},
        (const char *[]){"unpack", "--format", "s2", dir, "--zone", "Z", "-o", "x.json", "--size",
                         "100,100", NULL},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        cli_result r = cli_run(cases[i]);
        if (r.code != 2)
            g_error("case %zu: exit %d\n%s", i, r.code, r.err);
        expect(&r, 2, "loopwright ");
    }
    g_assert_false(g_file_test(dir, G_FILE_TEST_EXISTS));
    cli_result r = cli_run((const char *[]){"pack", "--format", "s2", "--help", NULL});
    g_assert_nonnull(strstr(r.out, "mappings/128x128/NAME.kos"));
    expect(&r, 0, NULL);
    r = cli_run((const char *[]){"unpack", "--format", "s1", "--help", NULL});
    g_assert_nonnull(strstr(r.out, "--collision-zone NAME"));
    expect(&r, 0, NULL);
    g_free(level);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-cli-disasm-XXXXXX", &error);
    g_assert_no_error(error);
    g_test_add_func("/masks/cli-disasm/s2-round-trip", test_s2_round_trip);
    g_test_add_func("/masks/cli-disasm/s1-round-trip", test_s1_round_trip);
    g_test_add_func("/masks/cli-disasm/from-packed", test_from_packed);
    g_test_add_func("/masks/cli-disasm/limits", test_limits);
    g_test_add_func("/masks/cli-disasm/bad-files", test_bad_files);
    g_test_add_func("/masks/cli-disasm/usage", test_usage);
    int rc = g_test_run();
    char *rm[] = {"rm", "-rf", tmp, NULL};
    g_spawn_sync(NULL, rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
    g_free(tmp);
    return rc;
}
