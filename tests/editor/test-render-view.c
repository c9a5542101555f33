/* SPDX-License-Identifier: MIT */
/*
 * The editor's 1:1 repaint copies chunk art straight into an image surface
 * (editor-render.c, copy_view_direct): the pixels must be those cairo draws through its own
 * path (taken for any other target, here a recording surface replayed into an image), for views
 * at whole-pixel offsets, inside and across the level's edges, with and without grids.
 */
#include "doc/level-json.h"
#include "editor-render.h"

#include <cairo.h>
#include <glib.h>
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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/render-view/direct-equals-cairo", test_direct_equals_cairo);
    return g_test_run();
}
