/* SPDX-License-Identifier: MIT */
/*
 * `loopwright render` writes its PNG band by band (lwm_render_level_png): the pixels must be
 * exactly those of the whole-picture renderer (lwm_render_level) for every option, whatever
 * the band size, and a picture over the in-memory image limit must still render.
 */
#include "cli-run.h"
#include "level-json.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <loopwright-masks/render.h>
#include <stdlib.h>
#include <string.h>

static char *sample(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static void assert_same_pixels(const lwm_image *a, const lwm_image *b)
{
    g_assert_cmpuint(a->width, ==, b->width);
    g_assert_cmpuint(a->height, ==, b->height);
    for (uint32_t y = 0; y < a->height; y++) {
        if (memcmp(lwm_image_pixel(a, 0, y), lwm_image_pixel(b, 0, y), (size_t)a->width * 4)) {
            for (uint32_t x = 0; x < a->width; x++)
                if (memcmp(lwm_image_pixel(a, x, y), lwm_image_pixel(b, x, y), 4))
                    g_error("pixel (%u, %u) differs", x, y);
        }
    }
}

static void test_streamed_equals_memory(void)
{
    char *path = sample("loop-hill.json");
    lw_level *level = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(path, 0, &level, &err));
    char *png = editor_level_resolve_path(path, level->tileset);
    lwm_image art;
    g_assert_true(lwm_image_load_png(png, &art, &err));
    char *dir = g_dir_make_tmp("lw-render-XXXXXX", NULL);
    char *out = g_build_filename(dir, "out.png", NULL);
    /* a trace crossing many bands, and swappers and a start (objects) */
    int32_t trace[] = {100, 100, 3000, 900, 6000, 200, 7100, 1000};
    lwm_render_options variants[5];
    for (int i = 0; i < 5; i++)
        variants[i] = lwm_render_options_default();
    variants[1].collision = true;
    variants[2].collision = true;
    variants[2].scale = 2;
    variants[2].angle_labels = true;
    variants[3].trace = trace;
    variants[3].trace_count = 4;
    variants[4].scale = 3;
    variants[4].objects = false;
    for (int i = 0; i < 5; i++) {
        lwm_image mem, file;
        g_assert_true(lwm_render_level(level, &art, &variants[i], &mem, &err));
        g_assert_true(lwm_render_level_png(level, &art, &variants[i], out, &err));
        g_assert_true(lwm_image_load_png(out, &file, &err));
        assert_same_pixels(&mem, &file);
        lwm_image_clear(&mem);
        lwm_image_clear(&file);
    }
    /* no temporary file left behind */
    GDir *d = g_dir_open(dir, 0, NULL);
    int files = 0;
    while (g_dir_read_name(d))
        files++;
    g_dir_close(d);
    g_assert_cmpint(files, ==, 1);
    g_remove(out);
    g_rmdir(dir);
    lwm_image_clear(&art);
    lw_level_free(level);
    g_free(out);
    g_free(dir);
    g_free(png);
    g_free(path);
}

/* A 16384x2048 level (the S2 maximum) with --collision: 16384x4112 px, over the 64 Mpx limit of
 * an image in memory; the CLI renders it anyway. */
static void test_collision_over_image_limit(void)
{
    lw_error err;
    lw_level *level = lw_level_new(128, 128, 16, &err);
    g_assert_nonnull(level);
    lw_mask full = {.angle = 0};
    for (int c = 0; c < 16; c++)
        full.heights[c] = 16;
    lw_level_add_mask(level, &full);
    lw_tile tile = {.art = LW_NONE, .mask = {0, 0}};
    lw_level_add_tile(level, &tile);
    lw_cell cells[64];
    for (int i = 0; i < 64; i++)
        cells[i] = (lw_cell){.tile = i >= 56 ? 0 : LW_NONE, .solid = i >= 56 ? 15 : 0};
    lw_level_add_chunk(level, cells);
    for (uint32_t x = 0; x < 128; x++)
        lw_level_layout_mut(level, LW_LAYER_FG)[15 * 128 + x] = 0;
    lw_object start = {.type = LW_OBJECT_PLAYER_START, .x = 64, .y = 1900};
    lw_level_add_object(level, &start);
    char *dir = g_dir_make_tmp("lw-render-big-XXXXXX", NULL);
    char *json = g_build_filename(dir, "big.json", NULL);
    char *out = g_build_filename(dir, "big.png", NULL);
    g_assert_true(editor_level_save_file(json, level, &err));
    cli_result r = cli_run((const char *[]){"render", json, "--collision", "-o", out, NULL});
    g_assert_cmpstr(r.err, ==, "");
    g_assert_cmpint(r.code, ==, 0);
    cli_run_free(&r);
    /* the size from the IHDR (the decoder itself refuses pictures over the limit) */
    char *bytes = NULL;
    gsize n = 0;
    g_assert_true(g_file_get_contents(out, &bytes, &n, NULL));
    g_assert_cmpuint(n, >, 33);
    g_assert_cmpmem(bytes + 12, 4, "IHDR", 4);
    const guchar *u = (const guchar *)bytes;
    uint32_t w = (uint32_t)u[16] << 24 | (uint32_t)u[17] << 16 | (uint32_t)u[18] << 8 | u[19];
    uint32_t h = (uint32_t)u[20] << 24 | (uint32_t)u[21] << 16 | (uint32_t)u[22] << 8 | u[23];
    g_free(bytes);
    g_assert_cmpuint(w, ==, 16384);
    g_assert_cmpuint(h, ==, 2048 * 2 + 16);
    g_assert_cmpuint((uint64_t)w * h, >, LWM_MAX_IMAGE_PIXELS);
    g_remove(out);
    g_remove(json);
    char *bak = g_strconcat(json, ".bak", NULL);
    g_remove(bak);
    g_free(bak);
    g_rmdir(dir);
    g_free(out);
    g_free(json);
    g_free(dir);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/render/streamed-equals-memory", test_streamed_equals_memory);
    g_test_add_func("/editor/render/collision-over-image-limit", test_collision_over_image_limit);
    return g_test_run();
}
