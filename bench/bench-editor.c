/* SPDX-License-Identifier: MIT */
/*
 * Editor drawing benchmark on the maximum-size level (128x16 chunks of 128 px, every slot used,
 * 1024 distinct chunks, 1023 tiles, 1023 masks; built as in bench-level.c) with a 64-cell
 * tileset. Draws through the canvas's own drawing module (editor/ui/editor-render.c, cairo)
 * into a 1920x1080 image surface — the pixels the canvas snapshot hands to GTK — so it runs
 * without a display. Reports medians of:
 *   open to first frame   load + validate the JSON, build the document and renderer, load the
 *                         tileset, draw the first 1920x1080 view at zoom 1 (cold caches)
 *   repaint, zoom 1       full-window redraw with warm caches
 *   repaint, zoom 1/4     same, 4x4 chunks of level per 128 px of screen (mip level)
 *   plain blit            one 1920x1080 image painted onto the same target: the reference
 *   paint latency         push one "paint chunk" command through the document, invalidate from
 *                         its `changed` signal, redraw the full window (zoom 1 and zoom 1/4)
 *
 *   bench-editor [RUNS]   (meson: `meson test -C build --benchmark --suite editor -v`)
 *   bench-editor --save-level DIR   write DIR/max.json and DIR/max-tiles.png and exit (for
 *                         timing the real window: `loopwright --exit-after-first-frame`)
 */
#include "bench-util.h"
#include "doc/editor-commands.h"
#include "doc/editor-document.h"
#include "doc/level-json.h"
#include "editor-render.h"

#include <cairo.h>
#include <loopwright-masks/image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define VIEW_W 1920
#define VIEW_H 1080

/* A 128x128 tileset whose 64 cells all differ, with some transparent pixels. */
static void make_art(lwm_image *art)
{
    lw_error err;
    lwm_image_init(art, 128, 128, 0, &err);
    for (uint32_t y = 0; y < 128; y++)
        for (uint32_t x = 0; x < 128; x++) {
            uint8_t *p = lwm_image_pixel(art, x, y);
            uint32_t cell = (y / 16) * 8 + x / 16;
            p[0] = (uint8_t)(cell * 4);
            p[1] = (uint8_t)((x * 7 + y * 3) & 255);
            p[2] = (uint8_t)(255 - cell * 3);
            p[3] = ((x + y + cell) % 11) ? 255 : 0;
        }
}

typedef struct {
    EditorRenderer *renderer;
} Ctx;

static void on_changed(EditorDocument *doc, EditorChange *change, Ctx *ctx)
{
    editor_renderer_invalidate(ctx->renderer, change);
}

static void draw(EditorRenderer *r, cairo_t *cr, double x, double y, double zoom)
{
    editor_renderer_draw_view(r, cr, x, y, zoom, 1, VIEW_W, VIEW_H,
                              EDITOR_OVERLAY_CHUNK_GRID | EDITOR_OVERLAY_OBJECTS |
                                  EDITOR_OVERLAY_SWAPPERS);
    editor_renderer_draw_objects(r, cr, x, y, zoom, EDITOR_OVERLAY_OBJECTS, 0);
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--save-level") == 0) {
        char p[4096], a[4096];
        snprintf(p, sizeof p, "%s/max.json", argv[2]);
        snprintf(a, sizeof a, "%s/max-tiles.png", argv[2]);
        lw_level *l = bench_max_level();
        lwm_image img;
        lw_error e;
        make_art(&img);
        gboolean ok = lwm_image_save_png(a, &img, &e) && editor_level_save_file(p, l, &e);
        lwm_image_clear(&img);
        lw_level_free(l);
        if (!ok)
            fprintf(stderr, "bench: %s\n", e.message);
        return ok ? 0 : 1;
    }
    int runs = argc > 1 ? atoi(argv[1]) : 15;
    if (runs < 3 || runs > 1000)
        runs = 15;
    char dir[] = "/tmp/lw-bench-editor-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char path[128], art_path[128];
    snprintf(path, sizeof path, "%s/max.json", dir);
    snprintf(art_path, sizeof art_path, "%s/max-tiles.png", dir);
    lw_level *level = bench_max_level();
    lw_error err;
    lwm_image art;
    make_art(&art);
    lwm_image_save_png(art_path, &art, &err);
    if (!editor_level_save_file(path, level, &err)) {
        fprintf(stderr, "bench: %s\n", err.message);
        return 1;
    }
    lw_level_free(level);
    lwm_image_clear(&art);

    cairo_surface_t *target = cairo_image_surface_create(CAIRO_FORMAT_RGB24, VIEW_W, VIEW_H);
    cairo_t *cr = cairo_create(target);
    double *open = calloc((size_t)runs, sizeof(double)), *z1 = calloc((size_t)runs, sizeof(double)),
           *z4 = calloc((size_t)runs, sizeof(double)), *blit = calloc((size_t)runs, sizeof(double)),
           *first4 = calloc((size_t)runs, sizeof(double)),
           *coll = calloc((size_t)runs, sizeof(double));
    int paints = runs * 4;
    double *p1 = calloc((size_t)paints, sizeof(double)),
           *p4 = calloc((size_t)paints, sizeof(double));

    /* open to first frame, cold every time */
    EditorDocument *doc = NULL;
    EditorRenderer *renderer = NULL;
    for (int r = 0; r < runs; r++) {
        if (doc) {
            editor_renderer_free(renderer);
            g_object_unref(doc);
        }
        double t0 = bench_now_ms();
        GError *error = NULL;
        doc = editor_document_load(path, &error);
        if (!doc) {
            fprintf(stderr, "bench: %s\n", error->message);
            return 1;
        }
        renderer = editor_renderer_new(editor_document_get_level(doc));
        char *png = editor_document_dup_tileset_path(doc);
        editor_renderer_load_tileset(renderer, png, NULL);
        g_free(png);
        draw(renderer, cr, 0, 0, 1);
        cairo_surface_flush(target);
        open[r] = bench_now_ms() - t0;
    }
    Ctx ctx = {renderer};
    g_signal_connect(doc, "changed", G_CALLBACK(on_changed), &ctx);

    /* the reference: a plain full-window image blit, side by side */
    cairo_surface_t *picture = cairo_image_surface_create(CAIRO_FORMAT_RGB24, VIEW_W, VIEW_H);
    {
        cairo_t *pc = cairo_create(picture);
        draw(renderer, pc, 0, 0, 1);
        cairo_destroy(pc);
    }
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now_ms();
        cairo_set_source_surface(cr, picture, 0, 0);
        cairo_paint(cr);
        cairo_surface_flush(target);
        blit[r] = bench_now_ms() - t0;
    }
    /* warm repaints at zoom 1, scrolled around the first screens (caches warm) */
    for (int r = 0; r < runs; r++) {
        double x = (r % 3) * 7, t0 = bench_now_ms();
        draw(renderer, cr, x, 0, 1);
        cairo_surface_flush(target);
        z1[r] = bench_now_ms() - t0;
    }
    /* zoom 1/4: the first draw builds the mip; then warm */
    for (int r = 0; r < runs; r++) {
        if (r == 0) {
            double t0 = bench_now_ms();
            draw(renderer, cr, 0, 0, 0.25);
            cairo_surface_flush(target);
            first4[0] = bench_now_ms() - t0;
        }
        double t0 = bench_now_ms();
        draw(renderer, cr, (r % 3) * 16, 0, 0.25);
        cairo_surface_flush(target);
        z4[r] = bench_now_ms() - t0;
    }
    /* collision overlay of path A at zoom 1 (warm) */
    for (int r = 0; r <= runs; r++) {
        double t0 = bench_now_ms();
        editor_renderer_draw_view(renderer, cr, 0, 0, 1, 1, VIEW_W, VIEW_H,
                                  EDITOR_OVERLAY_COLLISION_A | EDITOR_OVERLAY_CHUNK_GRID);
        cairo_surface_flush(target);
        if (r > 0)
            coll[r - 1] = bench_now_ms() - t0;
    }
    /* paint latency: one command through the document, then the full redraw */
    for (int i = 0; i < paints; i++) {
        for (int zi = 0; zi < 2; zi++) {
            double zoom = zi ? 0.25 : 1;
            uint16_t sx = (uint16_t)(1 + (i * 5) % 13), sy = (uint16_t)((i * 3) % 8);
            EditorLayoutEdit e = {sx, sy, (uint16_t)((i * 37 + zi * 11) % LW_MAX_CHUNKS)};
            double t0 = bench_now_ms();
            editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
            draw(renderer, cr, 0, 0, zoom);
            cairo_surface_flush(target);
            (zi ? p4 : p1)[i] = bench_now_ms() - t0;
        }
    }

    double mb = bench_median(blit, runs), m1 = bench_median(z1, runs), m4 = bench_median(z4, runs);
    printf("maximum-size level: 128x16 chunks of 128 px (16384x2048 px), 1024 chunks, 1023 tiles, "
           "1023 masks; view %dx%d\n",
           VIEW_W, VIEW_H);
    printf("median of %d runs (paint latency: %d paints):\n", runs, paints);
    printf("  open to first frame (load, document, tileset, first view)  %8.2f ms\n",
           bench_median(open, runs));
    printf("  plain full-window image blit (reference)                   %8.2f ms\n", mb);
    printf(
        "  repaint full window, zoom 1                                %8.2f ms  (%.2fx the blit)\n",
        m1, m1 / mb);
    printf(
        "  repaint full window, zoom 1/4                              %8.2f ms  (%.2fx the blit)\n",
        m4, m4 / mb);
    printf("  first draw at zoom 1/4 (builds the whole-level mip)        %8.2f ms\n", first4[0]);
    printf("  repaint with path A collision overlay, zoom 1              %8.2f ms\n",
           bench_median(coll, runs));
    printf("  paint latency (command + invalidate + redraw), zoom 1      %8.2f ms\n",
           bench_median(p1, paints));
    printf("  paint latency (command + invalidate + redraw), zoom 1/4    %8.2f ms\n",
           bench_median(p4, paints));

    g_object_unref(doc);
    editor_renderer_free(renderer);
    cairo_destroy(cr);
    cairo_surface_destroy(target);
    cairo_surface_destroy(picture);
    unlink(path);
    unlink(art_path);
    rmdir(dir);
    free(open);
    free(z1);
    free(z4);
    free(blit);
    free(first4);
    free(coll);
    free(p1);
    free(p4);
    return 0;
}
