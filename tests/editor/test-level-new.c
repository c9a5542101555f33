/* SPDX-License-Identifier: MIT */
/*
 * New levels (editor/doc/level-new.c, the New Level dialog's model): the engine's limits as the
 * dialog shows them, the ground row and the start standing on it, the placeholder tileset, the
 * profile, and a new level saving and loading back with no check error.
 */
#include "doc/level-check.h"
#include "doc/level-json.h"
#include "doc/level-new.h"

#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <string.h>

static void assert_problem(const EditorNewLevel *spec, const char *part)
{
    g_autofree char *p = editor_new_level_problem(spec);
    g_assert_nonnull(p);
    if (!strstr(p, part))
        g_error("problem \"%s\" does not name \"%s\"", p, part);
    g_autoptr(GError) error = NULL;
    g_assert_null(editor_document_new_level(spec, &error));
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE);
    g_assert_cmpstr(error->message, ==, p);
}

static void test_limits(void)
{
    EditorNewLevel s;
    editor_new_level_defaults(&s);
    g_assert_null(editor_new_level_problem(&s));
    g_assert_cmpuint(editor_new_level_max_chunks(128, FALSE), ==, 512);
    g_assert_cmpuint(editor_new_level_max_chunks(256, FALSE), ==, 256);
    g_assert_cmpuint(editor_new_level_max_chunks(128, TRUE), ==, 128);
    g_assert_cmpuint(editor_new_level_max_chunks(256, TRUE), ==, 64);
    g_assert_cmpuint(editor_new_level_max_chunks(100, TRUE), ==, 0);

    s.width = 513;
    assert_problem(&s, "Width: 513 chunks of 128 px are 65664 px; the engine's limit is 65536 px "
                       "(512 chunks).");
    s.width = 512;
    g_assert_null(editor_new_level_problem(&s));
    s.chunk_px = 256;
    assert_problem(&s, "Width: 512 chunks of 256 px");
    s.width = 256;
    s.height = 65;
    assert_problem(&s, "Height: 65 chunks of 256 px are 16640 px; the engine's limit is 16384 px "
                       "(64 chunks).");
    s.height = 64;
    g_assert_null(editor_new_level_problem(&s));
    g_autoptr(EditorDocument) big = editor_document_new_level(&s, NULL);
    g_assert_nonnull(big); /* the largest level of 256 px chunks */

    s.height = 1;
    assert_problem(&s, "Height: at least 2 chunks (room above the ground row)");
    s.ground = FALSE;
    g_assert_null(editor_new_level_problem(&s));
    s.width = 0;
    assert_problem(&s, "Width: at least 1 chunk.");
    s.width = 4;
    s.chunk_px = 200;
    assert_problem(&s, "Chunk size: 200 px; the engine takes 128 or 256.");
    s.chunk_px = 128;
    s.profile = "s4";
    assert_problem(&s, "Game profile: \"s4\"");
    s.profile = "cd";
    s.tileset = "/nonexistent/tiles.png";
    assert_problem(&s, "Tileset: /nonexistent/tiles.png: ");
}

static void test_ground(void)
{
    EditorNewLevel s;
    editor_new_level_defaults(&s);
    s.width = 10;
    s.height = 5;
    s.profile = "s3k";
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = editor_document_new_level(&s, &error);
    g_assert_no_error(error);
    const lw_level *l = editor_document_get_level(doc);
    g_assert_cmpuint(l->layout_width, ==, 10);
    g_assert_cmpuint(l->layout_height, ==, 5);
    g_assert_cmpuint(l->chunk_px, ==, 128);
    g_assert_cmpstr(l->profile, ==, "s3k");
    g_assert_cmpstr(l->name, ==, "Untitled");
    g_assert_null(l->tileset);
    g_assert_cmphex(l->background_rgb, ==, 0x78B4E8);
    g_assert_cmpuint(l->mask_count, ==, 1);
    g_assert_cmpuint(l->tile_count, ==, 2);
    g_assert_cmpuint(l->chunk_count, ==, 1);
    g_assert_cmpuint(l->tiles[0].art, ==, LW_NONE); /* no tileset: no art */
    for (guint y = 0; y < 5; y++)
        for (guint x = 0; x < 10; x++)
            g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, y), ==, y == 4 ? 0 : LW_NONE);
    /* the ground's top is y = 512 on both paths, solid, and the start stands on it */
    for (int path = 0; path < 2; path++) {
        lw_collision_cell c;
        g_assert_true(lw_level_collision_at(l, 700, 512, (lw_path)path, &c));
        g_assert_cmpuint(c.solid, ==, LW_SOLID_ALL);
        g_assert_true(lw_mask_pixel(c.mask, 700 % 16, 0));
        g_assert_false(lw_level_collision_at(l, 700, 511, (lw_path)path, &c));
    }
    g_assert_cmpuint(l->object_count, ==, 1);
    g_assert_cmpint(l->objects[0].type, ==, LW_OBJECT_PLAYER_START);
    g_assert_cmpint(l->objects[0].x, ==, 64);
    g_assert_cmpint(l->objects[0].y, ==, 512 - 20);
    lw_error err;
    g_assert_true(lw_level_validate(l, &err));

    /* without the ground row: empty, the start where it always was */
    s.ground = FALSE;
    s.chunk_px = 256;
    g_autoptr(EditorDocument) empty = editor_document_new_level(&s, &error);
    g_assert_no_error(error);
    l = editor_document_get_level(empty);
    g_assert_cmpuint(l->chunk_px, ==, 256);
    g_assert_cmpuint(l->chunk_count + l->tile_count + l->mask_count, ==, 0);
    g_assert_cmpint(l->objects[0].y, ==, 64);
}

static void print_problem(const editor_problem *p, void *user)
{
    g_test_message("%s: %s", p->code, p->message);
}

static void test_placeholder(void)
{
    g_autofree char *dir = g_dir_make_tmp("lw-level-new-XXXXXX", NULL);
    g_autofree char *sub = g_build_filename(dir, "cache", "new", NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *png = editor_new_level_placeholder(sub, &error);
    g_assert_no_error(error);
    lwm_image img;
    lw_error err;
    g_assert_true(lwm_image_load_png(png, &img, &err));
    g_assert_cmpuint(img.width, ==, 32);
    g_assert_cmpuint(img.height, ==, 16);
    /* cell 0 has grass on top, cell 1 is soil all through: they differ in the top row */
    g_assert_cmpint(memcmp(lwm_image_pixel(&img, 0, 0), lwm_image_pixel(&img, 16, 0), 4), !=, 0);
    g_assert_cmpint(memcmp(lwm_image_pixel(&img, 0, 8), lwm_image_pixel(&img, 16, 8), 4), ==, 0);
    lwm_image_clear(&img);

    EditorNewLevel s;
    editor_new_level_defaults(&s);
    s.tileset = png;
    g_autoptr(EditorDocument) doc = editor_document_new_level(&s, &error);
    g_assert_no_error(error);
    const lw_level *l = editor_document_get_level(doc);
    g_assert_cmpstr(l->tileset, ==, png);
    g_assert_cmpuint(l->tiles[0].art, ==, 0);
    g_assert_cmpuint(l->tiles[1].art, ==, 1);

    /* Save As copies the tileset beside the level; it loads back with no check error */
    g_autofree char *folder = g_build_filename(dir, "level", NULL);
    g_assert_cmpint(g_mkdir(folder, 0755), ==, 0);
    g_autofree char *out = g_build_filename(folder, "new.json", NULL);
    g_assert_true(editor_document_save_as(doc, out, &error));
    g_assert_no_error(error);
    g_autoptr(EditorDocument) back = editor_document_load(out, &error);
    g_assert_no_error(error);
    const lw_level *b = editor_document_get_level(back);
    g_assert_cmpstr(b->tileset, ==, "placeholder-tiles.png");
    g_assert_cmpuint(b->layout_width, ==, 32);
    g_assert_cmpuint(editor_level_check(b, out, print_problem, NULL), ==, 0);
}

static void test_variant(void)
{
    EditorNewLevel s;
    gboolean placeholder = FALSE;
    g_autoptr(GVariant) v = g_variant_ref_sink(
        g_variant_new_parsed("{'width': <uint32 40>, 'chunk-size': <uint32 256>, 'profile': "
                             "<'s1'>, 'ground': <false>, 'height': <'wrong type'>}"));
    editor_new_level_from_variant(v, &s, &placeholder);
    g_assert_cmpuint(s.width, ==, 40);
    g_assert_cmpuint(s.height, ==, 8); /* the wrong type is ignored */
    g_assert_cmpuint(s.chunk_px, ==, 256);
    g_assert_cmpstr(s.profile, ==, "s1");
    g_assert_false(s.ground);
    g_assert_true(placeholder);
    g_autoptr(GVariant) back = g_variant_ref_sink(editor_new_level_to_variant(&s, FALSE));
    EditorNewLevel t;
    editor_new_level_from_variant(back, &t, &placeholder);
    g_assert_false(placeholder);
    g_assert_cmpuint(t.width, ==, 40);
    g_assert_cmpuint(t.chunk_px, ==, 256);
    g_assert_cmpstr(t.profile, ==, "s1");
    g_assert_cmpstr(t.tileset, ==, "");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/level-new/limits", test_limits);
    g_test_add_func("/editor/level-new/ground", test_ground);
    g_test_add_func("/editor/level-new/placeholder", test_placeholder);
    g_test_add_func("/editor/level-new/variant", test_variant);
    return g_test_run();
}
