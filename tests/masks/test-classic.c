/* SPDX-License-Identifier: MIT */
/* The disassemblies' collision data: round trips for S1/S2/S3K, limits, bad files. */
#include "level-json.h"
#include "synth.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/classic.h>
#include <loopwright/fixed.h>
#include <loopwright/kosinski.h>
#include <string.h>

static lw_level *sample(void)
{
    char *path =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    lw_level *level;
    lw_error err;
    if (!editor_level_load_file(path, 0, &level, &err))
        g_error("%s: %s", path, err.message);
    g_free(path);
    return level;
}

typedef struct warns {
    int count;
    long offset;
    char file[4096], last[256];
} warns;

static void on_warn(void *user, const char *file, long offset, const char *message)
{
    warns *w = user;
    w->count++;
    w->offset = offset;
    g_strlcpy(w->file, file ? file : "", sizeof w->file);
    g_strlcpy(w->last, message, sizeof w->last);
}

static void test_round_trip(gconstpointer data)
{
    lwm_game game = (lwm_game)GPOINTER_TO_INT(data);
    lw_level *level = sample();
    lwm_classic *out = g_new0(lwm_classic, 1), *in = g_new0(lwm_classic, 1);
    warns w = {0};
    lw_error err;
    if (!lwm_classic_from_level(level, game, out, on_warn, &w, &err))
        g_error("%s", err.message);
    g_assert_cmpint(w.count, ==, game == LWM_GAME_S1 ? 1 : 0); /* S1: path B dropped */
    char *dir = synth_tmpdir(), failed[4096];
    if (!lwm_classic_write_dir(out, dir, "TEST", failed, &err))
        g_error("%s: %s", failed, err.message);
    if (!lwm_classic_read_dir(dir, game, "TEST", in, on_warn, &w, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpint(w.count, ==, game == LWM_GAME_S1 ? 1 : 0); /* widths all match the rule */
    g_assert_true(in->has_index);
    g_assert_cmpint(in->block_count, ==, game == LWM_GAME_S1 ? level->tile_count + 1 : 768);
    for (uint32_t m = 0; m < LWM_CLASSIC_MASKS; m++) {
        g_assert_cmpmem(in->masks[m].heights, 16, out->masks[m].heights, 16);
        g_assert_cmpmem(in->masks[m].widths, 16, out->masks[m].widths, 16);
        g_assert_cmpint(in->masks[m].angle, ==, out->masks[m].angle);
    }
    g_assert_cmpmem(in->index[0], (int)in->block_count, out->index[0], (int)in->block_count);
    /* every tile reads back as its own masks on both paths (S1: path A only) */
    for (uint32_t t = 0; t < level->tile_count; t++) {
        for (int p = 0; p < (game == LWM_GAME_S1 ? 1 : 2); p++) {
            uint16_t lm = level->tiles[t].mask[p];
            uint8_t id = in->index[p][t + 1];
            if (lm == LW_NONE) {
                g_assert_cmpint(id, ==, 0);
                continue;
            }
            const lw_mask *want = &level->masks[lm], *got = &in->masks[id];
            bool empty = true;
            for (int c = 0; c < 16; c++)
                empty &= want->heights[c] == 0;
            if (empty) {
                g_assert_cmpint(id, ==, 0);
                continue;
            }
            g_assert_cmpint(id, >, 0);
            g_assert_cmpmem(got->heights, 16, want->heights, 16);
            g_assert_cmpint(got->angle, ==, lw_mask_angle_byte(want));
            g_assert_cmpint(got->flags & LW_MASK_FLAGGED, ==,
                            lw_angle_is_flagged(lw_mask_angle_byte(want)) ? LW_MASK_FLAGGED : 0);
        }
    }
    g_assert_cmpint(in->index[0][0], ==, 0); /* block 0 is empty */
    /* the files carry the disassembly names; S2's indexes are padded Kosinski */
    char name[512];
    g_assert_true(lwm_classic_file_name(game, LWM_FILE_INDEX, "TEST", name, sizeof name));
    char *p = g_build_filename(dir, name, NULL);
    gchar *bytes;
    gsize size;
    g_assert_true(g_file_get_contents(p, &bytes, &size, NULL));
    if (game == LWM_GAME_S2) {
        g_assert_cmpint(size % 16, ==, 0);
        uint8_t un[800];
        size_t got;
        g_assert_true(
            lw_kosinski_decompress((uint8_t *)bytes, size, un, sizeof un, &got, NULL, NULL));
        g_assert_cmpint(got, ==, 768);
    } else {
        g_assert_cmpint(size, ==, game == LWM_GAME_S1 ? level->tile_count + 1 : 1536);
    }
    g_free(bytes);
    g_free(p);
    synth_rmdir(dir);
    g_free(dir);
    g_free(in);
    g_free(out);
    lw_level_free(level);
}

static void test_names(void)
{
    char b[256];
    g_assert_true(lwm_classic_file_name(LWM_GAME_S2, LWM_FILE_HEIGHTS, "EHZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Collision array - Vertical.bin");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S2, LWM_FILE_WIDTHS, "EHZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Collision array - Horizontal.bin");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S2, LWM_FILE_ANGLES, "EHZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Curve and resistance mapping.bin");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S2, LWM_FILE_INDEX, "EHZ and HTZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "EHZ and HTZ primary 16x16 collision index.kos");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S2, LWM_FILE_INDEX_B, "EHZ and HTZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "EHZ and HTZ secondary 16x16 collision index.kos");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S1, LWM_FILE_HEIGHTS, "GHZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Collision Array (Normal).bin");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S1, LWM_FILE_WIDTHS, "GHZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Collision Array (Rotated).bin");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S1, LWM_FILE_ANGLES, "GHZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Angle Map.bin");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S1, LWM_FILE_INDEX, "GHZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "GHZ.bin");
    g_assert_false(lwm_classic_file_name(LWM_GAME_S1, LWM_FILE_INDEX_B, "GHZ", b, sizeof b));
    g_assert_true(lwm_classic_file_name(LWM_GAME_S3K, LWM_FILE_HEIGHTS, "AIZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Height Maps.bin");
    g_assert_true(lwm_classic_file_name(LWM_GAME_S3K, LWM_FILE_WIDTHS, "AIZ", b, sizeof b));
    g_assert_cmpstr(b, ==, "Height Maps Rotated.bin");
    lwm_game g;
    g_assert_true(lwm_game_parse("s3k", &g));
    g_assert_cmpint(g, ==, LWM_GAME_S3K);
    g_assert_false(lwm_game_parse("s4", &g));
}

static lw_level *level_with(uint32_t masks, uint32_t tiles)
{
    lw_level *level = lw_level_new(128, 1, 1, NULL);
    g_assert_nonnull(level);
    for (uint32_t i = 0; i < masks; i++) {
        lw_mask m = {0};
        m.heights[0] = (int8_t)(i % 16 + 1);
        m.heights[1] = (int8_t)(i / 16 % 16 + 1);
        m.heights[2] = (int8_t)(i / 256 + 1);
        m.angle = (uint8_t)(i & 0xFEu);
        g_assert_cmpint(lw_level_add_mask(level, &m), ==, (int)i);
    }
    for (uint32_t t = 0; t < tiles; t++) {
        lw_tile tile = {LW_NONE, {(uint16_t)(t % masks), LW_NONE}, 0};
        g_assert_cmpint(lw_level_add_tile(level, &tile), ==, (int)t);
    }
    return level;
}

static void test_limits(void)
{
    lwm_classic *c = g_new0(lwm_classic, 1);
    lw_error err;
    lw_level *level = level_with(255, 767);
    g_assert_true(lwm_classic_from_level(level, LWM_GAME_S2, c, NULL, NULL, &err));
    lw_level_free(level);
    level = level_with(256, 300);
    g_assert_false(lwm_classic_from_level(level, LWM_GAME_S2, c, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_nonnull(strstr(err.message, "256 distinct masks"));
    lw_level_free(level);
    level = level_with(10, 768);
    g_assert_false(lwm_classic_from_level(level, LWM_GAME_S2, c, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_nonnull(strstr(err.message, "768 tiles"));
    g_assert_false(lwm_classic_from_level(level, LWM_GAME_S3K, c, NULL, NULL, &err));
    g_assert_true(lwm_classic_from_level(level, LWM_GAME_S1, c, NULL, NULL, &err));
    g_assert_cmpint(c->block_count, ==, 769);
    lw_level_free(level);
    /* an odd angle that is not flagged is exported as is, with a warning */
    level = level_with(2, 2);
    lw_level_masks_mut(level)[1].angle = 0x21;
    warns w = {0};
    g_assert_true(lwm_classic_from_level(level, LWM_GAME_S2, c, on_warn, &w, &err));
    g_assert_cmpint(w.count, ==, 1);
    g_assert_nonnull(strstr(w.last, "mask 1 has the odd angle 0x21"));
    g_assert_cmpint(c->masks[2].angle, ==, 0x21);
    lw_level_masks_mut(level)[1].flags = LW_MASK_FLAGGED;
    g_assert_true(lwm_classic_from_level(level, LWM_GAME_S2, c, NULL, NULL, &err));
    g_assert_cmpint(c->masks[2].angle, ==, 0xFF);
    lw_level_free(level);
    g_free(c);
}

static void rewrite(const char *dir, const char *name, const void *data, size_t size)
{
    char *p = g_build_filename(dir, name, NULL);
    g_assert_true(g_file_set_contents(p, data, (gssize)size, NULL));
    g_free(p);
}

static void expect_read_error(const char *dir, lwm_game game, lw_status code, long offset,
                              const char *file, const char *part)
{
    lwm_classic *c = g_new0(lwm_classic, 1);
    char failed[4096];
    lw_error err;
    g_assert_false(lwm_classic_read_dir(dir, game, "TEST", c, NULL, NULL, failed, &err));
    g_assert_cmpint(err.code, ==, code);
    g_assert_cmpint(err.offset, ==, offset);
    g_assert_true(g_str_has_suffix(failed, file));
    if (!strstr(err.message, part))
        g_error("\"%s\" lacks \"%s\"", err.message, part);
    g_free(c);
}

static void test_bad_files(void)
{
    lw_level *level = sample();
    lwm_classic *c = g_new0(lwm_classic, 1);
    g_assert_true(lwm_classic_from_level(level, LWM_GAME_S2, c, NULL, NULL, NULL));
    char *dir = synth_tmpdir(), failed[4096];
    g_assert_true(lwm_classic_write_dir(c, dir, "TEST", failed, NULL));
    uint8_t table[4096];
    for (uint32_t m = 0; m < 256; m++)
        for (int i = 0; i < 16; i++)
            table[m * 16 + (uint32_t)i] = (uint8_t)c->masks[m].heights[i];
    const char *hname = "Collision array - Vertical.bin";
    rewrite(dir, hname, table, 4000);
    expect_read_error(dir, LWM_GAME_S2, LW_ERR_TRUNCATED, 4000, hname, "4000 bytes, expected 4096");
    uint8_t bad[4096];
    memcpy(bad, table, sizeof bad);
    bad[0x123] = 0x40;
    rewrite(dir, hname, bad, sizeof bad);
    expect_read_error(dir, LWM_GAME_S2, LW_ERR_RANGE, 0x123, hname,
                      "height 0x40 (64) of mask 18 column 3");
    rewrite(dir, hname, table, sizeof table);
    uint8_t angles[300] = {0};
    rewrite(dir, "Curve and resistance mapping.bin", angles, sizeof angles);
    expect_read_error(dir, LWM_GAME_S2, LW_ERR_FORMAT, 256, "Curve and resistance mapping.bin",
                      "300 bytes");
    rewrite(dir, "Curve and resistance mapping.bin", angles, 256);
    /* a cut Kosinski stream */
    const char *kname = "TEST primary 16x16 collision index.kos";
    char *kp = g_build_filename(dir, kname, NULL);
    gchar *kos;
    gsize ks;
    g_assert_true(g_file_get_contents(kp, &kos, &ks, NULL));
    rewrite(dir, kname, kos, 10);
    expect_read_error(dir, LWM_GAME_S2, LW_ERR_TRUNCATED, 10, kname, "");
    rewrite(dir, kname, kos, ks);
    /* a stored width that its heights do not give: a warning at its byte */
    uint8_t widths[4096];
    for (uint32_t m = 0; m < 256; m++)
        for (int i = 0; i < 16; i++)
            widths[m * 16 + (uint32_t)i] = (uint8_t)c->masks[m].widths[i];
    widths[5 * 16 + 7] ^= 0x01;
    rewrite(dir, "Collision array - Horizontal.bin", widths, sizeof widths);
    warns w = {0};
    lwm_classic *in = g_new0(lwm_classic, 1);
    g_assert_true(lwm_classic_read_dir(dir, LWM_GAME_S2, "TEST", in, on_warn, &w, failed, NULL));
    g_assert_cmpint(w.count, ==, 1);
    g_assert_cmpint(w.offset, ==, 5 * 16 + 7);
    g_assert_true(g_str_has_suffix(w.file, "Collision array - Horizontal.bin"));
    g_assert_nonnull(strstr(w.last, "mask 5 row 7"));
    /* no secondary file: the zone reuses the primary (as S2's MCZ, MTZ and OOZ do) */
    char *sp = g_build_filename(dir, "TEST secondary 16x16 collision index.kos", NULL);
    g_unlink(sp);
    g_assert_true(lwm_classic_read_dir(dir, LWM_GAME_S2, "TEST", in, NULL, NULL, failed, NULL));
    g_assert_cmpmem(in->index[1], 768, in->index[0], 768);
    /* a missing table */
    g_unlink(kp);
    lw_error err;
    g_assert_false(lwm_classic_read_dir(dir, LWM_GAME_S2, "TEST", in, NULL, NULL, failed, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_IO);
    g_free(sp);
    g_free(kp);
    g_free(kos);
    g_free(in);
    synth_rmdir(dir);
    g_free(dir);
    g_free(c);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_data_func("/masks/classic/round-trip/s1", GINT_TO_POINTER(LWM_GAME_S1),
                         test_round_trip);
    g_test_add_data_func("/masks/classic/round-trip/s2", GINT_TO_POINTER(LWM_GAME_S2),
                         test_round_trip);
    g_test_add_data_func("/masks/classic/round-trip/s3k", GINT_TO_POINTER(LWM_GAME_S3K),
                         test_round_trip);
    g_test_add_func("/masks/classic/names", test_names);
    g_test_add_func("/masks/classic/limits", test_limits);
    g_test_add_func("/masks/classic/bad-files", test_bad_files);
    return g_test_run();
}
