/* SPDX-License-Identifier: MIT */
#include "image-private.h"
#include "level-json.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <string.h>

static char *sample_path(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static lw_level *load_ok(const char *path)
{
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_file(path, 0, &level, &err))
        g_error("%s:%d:%d: %s", path, err.line, err.column, err.message);
    return level;
}

/* @text (a level's JSON) loaded back: a level that saves as @text again, byte for byte
 * (lw_level_free it). */
static lw_level *reload_same(const char *text)
{
    lw_level *back = NULL;
    lw_error err;
    g_assert_true(editor_level_load_text(text, strlen(text), 0, &back, &err));
    char *again = editor_level_to_json(back, NULL);
    g_assert_cmpstr(again, ==, text);
    free(again);
    return back;
}

/* The sample level @name (lw_level_free it), whose JSON has no @key (an optional member). */
static lw_level *sample_without(const char *name, const char *key)
{
    char *path = sample_path(name);
    lw_level *level = load_ok(path);
    char *plain = editor_level_to_json(level, NULL);
    g_assert_null(strstr(plain, key));
    free(plain);
    g_free(path);
    return level;
}

/* Save -> load -> save is byte-identical: the committed samples are in canonical form. */
static void test_sample_round_trip(gconstpointer name)
{
    char *path = sample_path(name);
    char *text = NULL;
    gsize len = 0;
    g_assert_true(g_file_get_contents(path, &text, &len, NULL));
    lw_level *level = load_ok(path);
    size_t out_len;
    char *out = editor_level_to_json(level, &out_len);
    g_assert_nonnull(out);
    g_assert_cmpmem(out, out_len, text, len);
    /* and a deep copy serialises identically */
    lw_level *copy = lw_level_dup(level);
    char *out2 = editor_level_to_json(copy, NULL);
    g_assert_cmpstr(out2, ==, out);
    g_free(text);
    free(out);
    free(out2);
    lw_level_free(copy);
    lw_level_free(level);
    g_free(path);
}

/* A hand-written (non-canonical) file converges after one save. */
static void test_canonical_form(void)
{
    char *path = g_test_build_filename(G_TEST_DIST, "data", "levels", "tiny.json", NULL);
    lw_level *level = load_ok(path);
    char *a = editor_level_to_json(level, NULL);
    lw_level *again = reload_same(a);
    g_assert_cmpuint(again->chunk_count, ==, 1);
    g_assert_cmpuint(lw_level_chunk_cells(again, 0)[7 * 8].tile, ==, 0);
    free(a);
    lw_level_free(level);
    lw_level_free(again);
    g_free(path);
}

/* The optional `loop_chunks` (Sonic 1 loop table): absent when empty, round-trips, refused with
 * its place when malformed. */
static void loop_json_fails(const char *text, const char *from, const char *to, const char *what)
{
    GString *t = g_string_new(text);
    g_assert_cmpuint(g_string_replace(t, from, to, 1), ==, 1);
    lw_level *level = NULL;
    lw_error err;
    g_assert_false(editor_level_load_text(t->str, t->len, 0, &level, &err));
    g_assert_nonnull(strstr(err.message, what));
    g_string_free(t, TRUE);
}

static void test_loop_chunks(void)
{
    lw_level *level = sample_without("pipe-works.json", "loop_chunks");
    g_assert_cmpuint(level->chunk_px, ==, 256);
    g_assert_cmpuint(level->chunk_count, >=, 3);
    lw_loop_chunk table[2] = {{0, 1, LW_LOOP_LOOP}, {2, LW_NONE, LW_LOOP_TUNNEL}};
    lw_error err;
    g_assert_true(lw_level_set_loop_chunks(level, table, 2, &err));
    char *text = editor_level_to_json(level, NULL);
    g_assert_nonnull(strstr(text, "\"loop_chunks\""));
    lw_level *back = reload_same(text);
    g_assert_cmpuint(back->loop_chunk_count, ==, 2);
    for (int i = 0; i < 2; i++) { /* field by field: the struct has a padding byte */
        g_assert_cmpuint(back->loop_chunks[i].chunk, ==, table[i].chunk);
        g_assert_cmpuint(back->loop_chunks[i].path_b, ==, table[i].path_b);
        g_assert_cmpuint(back->loop_chunks[i].rule, ==, table[i].rule);
    }
    loop_json_fails(text, "\"rule\": \"tunnel\"", "\"rule\": \"spin\"", "unknown rule");
    loop_json_fails(text, "\"chunk\": 2", "\"chunk\": 0", "listed twice");
    loop_json_fails(text, "\"path_b\": 1", "\"path_b\": 9999", "does not exist");
    free(text);
    lw_level_free(back);
    lw_level_free(level);
}

/* The optional `water_height`: absent without water, round-trips byte for byte, refused with its
 * place when out of range or not an integer; 0 and 16384 are accepted. */
static void test_water_height(void)
{
    lw_level *level = sample_without("loop-hill.json", "water_height");
    g_assert_false(level->has_water);
    level->has_water = true;
    level->water_height = 1808;
    char *text = editor_level_to_json(level, NULL);
    g_assert_nonnull(strstr(text, "\"water_height\": 1808,\n"));
    lw_level *back = reload_same(text);
    g_assert_true(back->has_water);
    g_assert_cmpint(back->water_height, ==, 1808);
    loop_json_fails(text, "\"water_height\": 1808", "\"water_height\": 16385",
                    "water_height: 16385 is out of range (0..16384)");
    loop_json_fails(text, "\"water_height\": 1808", "\"water_height\": -1", "out of range");
    loop_json_fails(text, "\"water_height\": 1808", "\"water_height\": null",
                    "expected an integer");
    const char *ok[] = {"\"water_height\": 0", "\"water_height\": 16384"};
    for (int i = 0; i < 2; i++) {
        GString *t = g_string_new(text);
        g_string_replace(t, "\"water_height\": 1808", ok[i], 1);
        lw_level *l = NULL;
        lw_error err;
        g_assert_true(editor_level_load_text(t->str, t->len, 0, &l, &err));
        g_assert_cmpint(l->water_height, ==, i ? 16384 : 0);
        lw_level_free(l);
        g_string_free(t, TRUE);
    }
    free(text);
    lw_level_free(back);
    lw_level_free(level);
}

static void test_cell_tokens(void)
{
    for (unsigned tile = 0; tile < 1100; tile += 37)
        for (unsigned flags = 0; flags < 4; flags++)
            for (unsigned solid = 0; solid < 16; solid++) {
                lw_cell c = {.tile = (uint16_t)tile,
                             .flags = (uint8_t)flags,
                             .solid = (uint8_t)solid},
                        back;
                char tok[24];
                editor_cell_format(&c, tok, sizeof tok);
                g_assert_true(editor_cell_parse(tok, &back));
                g_assert_cmpmem(&c, sizeof c, &back, sizeof back);
            }
    lw_cell c;
    g_assert_true(editor_cell_parse("12xy:ta", &c));
    g_assert_cmpuint(c.tile, ==, 12);
    g_assert_cmpuint(c.flags, ==, LW_CELL_FLIP_X | LW_CELL_FLIP_Y);
    g_assert_cmpuint(lw_cell_solidity(&c, LW_PATH_A), ==, LW_SOLID_TOP);
    g_assert_cmpuint(lw_cell_solidity(&c, LW_PATH_B), ==, LW_SOLID_ALL);
    const char *bad[] = {"",        "x",     "12",    "12:a",      "12:aaa", "012:aa",
                         "12yx:aa", "12:ab", "-1:aa", "999999:aa", "12 :aa", ".:aa"};
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++)
        g_assert_false(editor_cell_parse(bad[i], &c));
}

static void test_paths(void)
{
    g_assert_true(editor_path_stays_inside("tiles.png"));
    g_assert_true(editor_path_stays_inside("art/tiles.png"));
    g_assert_true(editor_path_stays_inside("art/../tiles.png"));
    g_assert_true(editor_path_stays_inside("./tiles.png"));
    g_assert_false(editor_path_stays_inside("../tiles.png"));
    g_assert_false(editor_path_stays_inside("art/../../tiles.png"));
    g_assert_false(editor_path_stays_inside("/etc/passwd"));
    g_assert_false(editor_path_stays_inside("C:\\x.png"));
    g_assert_false(editor_path_stays_inside(""));
    g_assert_false(editor_path_stays_inside("."));
    char *p = editor_level_resolve_path("/a/b/level.json", "art/t.png");
    g_assert_cmpstr(p, ==, "/a/b/art/t.png");
    free(p);
    p = editor_level_resolve_path("level.json", "t.png");
    g_assert_cmpstr(p, ==, "t.png");
    free(p);
}

/* Saving is atomic: a failure mid-write leaves the previous file intact; a successful save keeps
 * the previous version as FILE.bak. */
static void test_atomic_save(void)
{
    char *dir = g_dir_make_tmp("lw-save-XXXXXX", NULL);
    char *path = g_build_filename(dir, "level.json", NULL);
    char *src = sample_path("loop-hill.json");
    lw_level *level = load_ok(src);
    lw_error err;
    g_assert_true(editor_level_save_file(path, level, &err));
    char *first = NULL;
    gsize first_len;
    g_assert_true(g_file_get_contents(path, &first, &first_len, NULL));

    lw_level_set_string(&level->name, "Changed");
    lwm_test_set_write_fault(1000); /* the disk "fails" after 1000 bytes */
    g_assert_false(editor_level_save_file(path, level, &err));
    lwm_test_set_write_fault(-1);
    g_assert_cmpint(err.code, ==, LW_ERR_IO);
    char *after = NULL;
    gsize after_len;
    g_assert_true(g_file_get_contents(path, &after, &after_len, NULL));
    g_assert_cmpmem(after, after_len, first, first_len);
    /* no temporary file left behind */
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *n;
    int files = 0;
    while ((n = g_dir_read_name(d)))
        files++;
    g_dir_close(d);
    g_assert_cmpint(files, ==, 1);

    g_assert_true(editor_level_save_file(path, level, &err));
    char *bak = g_strconcat(path, ".bak", NULL);
    char *backup = NULL;
    gsize backup_len;
    g_assert_true(g_file_get_contents(bak, &backup, &backup_len, NULL));
    g_assert_cmpmem(backup, backup_len, first, first_len);
    lw_level *reloaded = load_ok(path);
    g_assert_cmpstr(reloaded->name, ==, "Changed");

    lw_level_free(reloaded);
    lw_level_free(level);
    g_remove(bak);
    g_remove(path);
    g_rmdir(dir);
    g_free(first);
    g_free(after);
    g_free(backup);
    g_free(bak);
    g_free(src);
    g_free(path);
    g_free(dir);
}

/* The committed samples are exactly what tools/gen-samples produces. */
static void test_samples_regenerate(void)
{
    const char *gen = g_getenv("LW_GEN_SAMPLES");
    g_assert_nonnull(gen);
    char *dir = g_dir_make_tmp("lw-gen-XXXXXX", NULL);
    char *argv[] = {(char *)gen, dir, NULL};
    int status;
    g_assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                               &status, NULL));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    const char *files[] = {"tiles.png", "loop-hill.json", "pipe-works.json", "object-park.json",
                           "object-park-tiles.png"};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        char *fresh_path = g_build_filename(dir, files[i], NULL);
        char *committed_path = sample_path(files[i]);
        char *a, *b;
        gsize la, lb;
        g_assert_true(g_file_get_contents(fresh_path, &a, &la, NULL));
        g_assert_true(g_file_get_contents(committed_path, &b, &lb, NULL));
        g_assert_cmpmem(a, la, b, lb);
        g_remove(fresh_path);
        g_free(a);
        g_free(b);
        g_free(fresh_path);
        g_free(committed_path);
    }
    g_rmdir(dir);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_data_func("/editor/level-json/round-trip/loop-hill", "loop-hill.json",
                         test_sample_round_trip);
    g_test_add_data_func("/editor/level-json/round-trip/object-park", "object-park.json",
                         test_sample_round_trip);
    g_test_add_data_func("/editor/level-json/round-trip/pipe-works", "pipe-works.json",
                         test_sample_round_trip);
    g_test_add_func("/editor/level-json/canonical-form", test_canonical_form);
    g_test_add_func("/editor/level-json/cell-tokens", test_cell_tokens);
    g_test_add_func("/editor/level-json/loop-chunks", test_loop_chunks);
    g_test_add_func("/editor/level-json/water-height", test_water_height);
    g_test_add_func("/editor/level-json/paths", test_paths);
    g_test_add_func("/editor/level-json/atomic-save", test_atomic_save);
    g_test_add_func("/editor/level-json/samples-regenerate", test_samples_regenerate);
    return g_test_run();
}
