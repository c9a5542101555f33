/* SPDX-License-Identifier: MIT */
/*
 * Makers of the mask and angle authoring commands for the command_types table of
 * test-document.c (round trip per type, random sequences): set column, set angle, lock, flag,
 * compute, generate from art (a random subset, some rejected), a slope-tool stroke (random line
 * and options), the loop preset, and a terrain import. Included by test-document.c only.
 */
#include "editor-commands-mask.h"
#include "mask-generate.h"
#include "mask-ops.h"
#include "terrain-import.h"

#include <loopwright-masks/image.h>
#include <math.h>

static guint random_mask(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    return (guint)g_rand_int_range(rand, 0, (gint32)l->mask_count);
}

static EditorCommand *make_mask_column(EditorDocument *doc, GRand *rand)
{
    return editor_cmd_mask_set_column_new(doc, random_mask(doc, rand),
                                          (guint)g_rand_int_range(rand, 0, 16),
                                          g_rand_int_range(rand, -16, 17), 0);
}

static EditorCommand *make_mask_angle(EditorDocument *doc, GRand *rand)
{
    return editor_cmd_mask_set_angle_new(doc, random_mask(doc, rand),
                                         (guint8)(g_rand_int_range(rand, 0, 128) * 2), 0);
}

static EditorCommand *make_mask_lock(EditorDocument *doc, GRand *rand)
{
    guint m = random_mask(doc, rand);
    const lw_mask *mask = &editor_document_get_level(doc)->masks[m];
    return editor_cmd_mask_set_locked_new(doc, m, !(mask->flags & LW_MASK_LOCKED));
}

static EditorCommand *make_mask_flag(EditorDocument *doc, GRand *rand)
{
    guint m = random_mask(doc, rand);
    const lw_mask *mask = &editor_document_get_level(doc)->masks[m];
    return editor_cmd_mask_set_flagged_new(doc, m, !(mask->flags & LW_MASK_FLAGGED));
}

static EditorCommand *make_mask_compute(EditorDocument *doc, GRand *rand)
{
    /* give the mask a wrong angle first (as one step with the computation: a group) */
    guint m = random_mask(doc, rand);
    editor_document_begin_group(doc, "Scramble and Compute");
    EditorCommand *a = editor_cmd_mask_set_angle_new(doc, m, 0x40, 0);
    if (a)
        editor_document_push(doc, a);
    EditorCommand *c = editor_cmd_mask_compute_angle_new(doc, m);
    if (c)
        editor_document_push(doc, c);
    editor_document_end_group(doc);
    return NULL;
}

static const lwm_image *sample_art(void)
{
    static lwm_image art;
    if (!art.rgba) {
        g_autofree char *png =
            g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "tiles.png", NULL);
        lw_error err;
        g_assert_true(lwm_image_load_png(png, &art, &err));
    }
    return &art;
}

static EditorCommand *make_generate(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    guint ids[40];
    for (guint i = 0; i < G_N_ELEMENTS(ids); i++)
        ids[i] = (guint)g_rand_int_range(rand, 0, (gint32)l->tile_count);
    EditorMaskGen *gen = editor_mask_gen_new(l, sample_art(), ids, G_N_ELEMENTS(ids));
    while (!editor_mask_gen_step(gen, 7))
        ;
    for (guint i = 0; i < editor_mask_gen_get_count(gen); i++)
        editor_mask_gen_get_item(gen, i)->accept = g_rand_int_range(rand, 0, 4) != 0;
    g_autoptr(GError) error = NULL;
    editor_mask_gen_apply(doc, gen, &error);
    editor_mask_gen_free(gen);
    return NULL;
}

static EditorCommand *make_slope(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    double x0 = g_rand_double_range(rand, 0, lw_level_width_px(l));
    double y0 = g_rand_double_range(rand, 0, lw_level_height_px(l));
    double a = g_rand_double_range(rand, 0, 2 * G_PI), len = g_rand_double_range(rand, 20, 300);
    EditorSlopeOptions opts = {.paths = (guint8)g_rand_int_range(rand, 1, 4),
                               .masks = g_rand_boolean(rand),
                               .fill_under = g_rand_boolean(rand)};
    editor_slope_stroke(doc, g_rand_boolean(rand) ? sample_art() : NULL, x0, y0, x0 + len * cos(a),
                        y0 + len * sin(a), &opts, NULL, NULL, NULL);
    return NULL;
}

static EditorCommand *make_loop(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    EditorLoopPlace place;
    gint32 r = 16 * g_rand_int_range(rand, 4, 9);
    if (!editor_loop_place(l, g_rand_int_range(rand, 0, lw_level_width_px(l)),
                           g_rand_int_range(rand, 0, lw_level_height_px(l) / 2), r, &place, NULL))
        return NULL;
    editor_loop_preset(doc, sample_art(), &place, NULL, NULL);
    return NULL;
}

/* A terrain picture: ground with a slope and a bump, transparent sky. */
static const lwm_image *terrain_picture(void)
{
    static lwm_image img;
    if (!img.rgba) {
        lw_error err;
        g_assert_true(lwm_image_init(&img, 768, 256, 0, &err));
        for (uint32_t x = 0; x < img.width; x++) {
            double top = 200 -
                         (x > 200 && x < 400 ? (x - 200) * 0.4
                          : x >= 400         ? 80
                                             : 0) -
                         30 * exp(-((double)x - 600) * ((double)x - 600) / 800.0);
            for (uint32_t y = (uint32_t)top; y < img.height; y++) {
                uint8_t *p = lwm_image_pixel(&img, x, y);
                p[0] = 0x80;
                p[1] = (uint8_t)(0x40 + (x & 31));
                p[2] = 0x20;
                p[3] = 0xFF;
            }
        }
    }
    return &img;
}

static EditorCommand *make_import_terrain(EditorDocument *doc, GRand *rand)
{
    EditorTerrainImport imp;
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_terrain_import(editor_document_get_level(doc), terrain_picture(), NULL,
                                        g_rand_boolean(rand), &imp, &error));
    editor_document_apply_terrain(doc, &imp, "terrain-tiles.png");
    editor_terrain_import_clear(&imp);
    return NULL;
}
