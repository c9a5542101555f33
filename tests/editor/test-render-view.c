/* SPDX-License-Identifier: MIT */
/*
 * The editor's 1:1 repaint copies chunk art straight into an image surface
 * (editor-render.c, copy_view_direct): the pixels must be those cairo draws through its own
 * path (taken for any other target, here a recording surface replayed into an image), for views
 * at whole-pixel offsets, inside and across the level's edges, with and without grids. A level
 * with a water tileset draws the rows below the surface from it.
 */
#include "doc/editor-document.h"
#include "doc/level-json.h"
#include "editor-render.h"

#include <cairo.h>
#include <glib.h>
#include <loopwright-masks/image.h>
#include <stdlib.h>
#include <string.h>

#define W 700
#define H 420

static cairo_surface_t *draw_image(EditorRenderer *r, double x, double y, guint overlays)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
    cairo_t *cr = cairo_create(s);
    editor_renderer_draw_view(r, cr, x, y, 1, 1, W, H, overlays);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    return s;
}

static cairo_surface_t *draw_recorded(EditorRenderer *r, double x, double y, guint overlays)
{
    cairo_rectangle_t ext = {0, 0, W, H};
    cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, &ext);
    cairo_t *cr = cairo_create(rec);
    editor_renderer_draw_view(r, cr, x, y, 1, 1, W, H, overlays);
    cairo_destroy(cr);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
    cr = cairo_create(s);
    cairo_set_source_surface(cr, rec, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_destroy(rec);
    cairo_surface_flush(s);
    return s;
}

static void test_direct_equals_cairo(void)
{
    char *path =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    lw_level *level = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(path, 0, &level, &err));
    EditorRenderer *r = editor_renderer_new(level);
    char *png = editor_level_resolve_path(path, level->tileset);
    editor_renderer_load_tileset(r, png, NULL);
    const double views[][2] = {{0, 0}, {37, 211}, {-50, -30}, {6800, 700}, {3000, 512}};
    const guint overlays[] = {0, EDITOR_OVERLAY_CHUNK_GRID | EDITOR_OVERLAY_TILE_GRID};
    for (size_t v = 0; v < G_N_ELEMENTS(views); v++)
        for (size_t o = 0; o < G_N_ELEMENTS(overlays); o++) {
            cairo_surface_t *a = draw_image(r, views[v][0], views[v][1], overlays[o]);
            cairo_surface_t *b = draw_recorded(r, views[v][0], views[v][1], overlays[o]);
            int stride = cairo_image_surface_get_stride(a);
            const unsigned char *pa = cairo_image_surface_get_data(a),
                                *pb = cairo_image_surface_get_data(b);
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    uint32_t ca, cb;
                    memcpy(&ca, pa + (size_t)y * stride + (size_t)x * 4, 4);
                    memcpy(&cb, pb + (size_t)y * stride + (size_t)x * 4, 4);
                    if ((ca & 0xFFFFFFu) != (cb & 0xFFFFFFu))
                        g_error("view %zu overlays %zu: pixel (%d, %d) %06x, cairo %06x", v, o, x,
                                y, ca & 0xFFFFFFu, cb & 0xFFFFFFu);
                }
            cairo_surface_destroy(a);
            cairo_surface_destroy(b);
        }
    editor_renderer_free(r);
    g_free(png);
    g_free(path);
    lw_level_free(level);
}

/* Pixel (@x, @y) of the RGB24 surface @s as 0xRRGGBB. */
static uint32_t pixel(cairo_surface_t *s, int x, int y)
{
    uint32_t c;
    memcpy(&c,
           cairo_image_surface_get_data(s) + (size_t)y * cairo_image_surface_get_stride(s) +
               (size_t)x * 4,
           4);
    return c & 0xFFFFFFu;
}

#define WATER_Y 600 /* the test level's water_height */

/* A level with a water tileset (source.water_tileset, docs/EDITOR.md "Water"): with the water
 * overlay, the rows below the surface are drawn from it (here the tileset with every colour
 * inverted), clipped at the surface line, and the rows above the surface line as without the
 * overlay; the direct 1:1 copy and cairo's path agree. */
static void test_water_tileset(void)
{
    GError *error = NULL;
    char *dir = g_dir_make_tmp("lw-render-water-XXXXXX", &error);
    g_assert_no_error(error);
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    char *tiles = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "tiles.png", NULL);
    gchar *text;
    g_assert_true(g_file_get_contents(sample, &text, NULL, NULL));
    char *brace = strchr(text, '{');
    g_assert_nonnull(brace);
    char *json = g_strdup_printf("{\"water_height\": %d, \"source\": {\"water_tileset\": "
                                 "\"water.png\"},%s",
                                 WATER_Y, brace + 1);
    char *path = g_build_filename(dir, "level.json", NULL);
    g_assert_true(g_file_set_contents(path, json, -1, NULL));
    lwm_image art = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(tiles, &art, &err));
    char *copy = g_build_filename(dir, "tiles.png", NULL);
    g_assert_true(lwm_image_save_png(copy, &art, &err));
    for (size_t i = 0; i < (size_t)art.width * art.height; i++)
        for (int k = 0; k < 3; k++)
            art.rgba[4 * i + (size_t)k] = (uint8_t)(255 - art.rgba[4 * i + (size_t)k]);
    char *water = g_build_filename(dir, "water.png", NULL);
    g_assert_true(lwm_image_save_png(water, &art, &err));
    lwm_image_clear(&art);

    EditorDocument *doc = editor_document_load(path, &error);
    g_assert_no_error(error);
    EditorRenderer *r = editor_renderer_new(editor_document_get_level(doc));
    g_assert_true(editor_renderer_load_document_tileset(r, doc, &error));
    g_assert_no_error(error);
    g_assert_true(editor_renderer_has_water_art(r));
    const double views[][2] = {{0, 300}, {1000, 400}, {3000, 512}};
    guint inverted = 0;
    for (size_t v = 0; v < G_N_ELEMENTS(views); v++) {
        double vx = views[v][0], vy = views[v][1];
        cairo_surface_t *wet = draw_image(r, vx, vy, EDITOR_OVERLAY_WATER);
        cairo_surface_t *cairo_wet = draw_recorded(r, vx, vy, EDITOR_OVERLAY_WATER);
        cairo_surface_t *plain = draw_image(r, vx, vy, 0);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                uint32_t w = pixel(wet, x, y), p = pixel(plain, x, y);
                int ly = (int)vy + y;
                /* the surface line (2 px, translucent: cairo's replay rounds it otherwise) */
                if (ly >= WATER_Y - 1 && ly <= WATER_Y)
                    continue;
                if (w != pixel(cairo_wet, x, y))
                    g_error("view %zu: pixel (%d, %d) %06x, cairo %06x", v, x, y, w,
                            pixel(cairo_wet, x, y));
                if (ly < WATER_Y - 1 && w != p)
                    g_error("view %zu: pixel (%d, %d) above the water %06x, plain %06x", v, x, y, w,
                            p);
                if (ly > WATER_Y && w != p && w != (~p & 0xFFFFFFu))
                    g_error("view %zu: pixel (%d, %d) below the water %06x, plain %06x", v, x, y, w,
                            p);
                inverted += ly > WATER_Y && w != p;
            }
        cairo_surface_destroy(wet);
        cairo_surface_destroy(cairo_wet);
        cairo_surface_destroy(plain);
    }
    g_test_message("%u pixels drawn from the water tileset", inverted);
    g_assert_cmpuint(inverted, >, 10000);
    editor_renderer_free(r);
    g_object_unref(doc);
    char *cmd = g_strdup_printf("rm -rf '%s'", dir);
    g_assert_cmpint(system(cmd), ==, 0);
    g_free(cmd);
    g_free(water);
    g_free(copy);
    g_free(path);
    g_free(json);
    g_free(text);
    g_free(tiles);
    g_free(sample);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/render-view/direct-equals-cairo", test_direct_equals_cairo);
    g_test_add_func("/editor/render-view/water-tileset", test_water_tileset);
    return g_test_run();
}
