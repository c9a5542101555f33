/* SPDX-License-Identifier: MIT */
/*
 * The `source` section a document carries (editor/doc/editor-document-source.c, docs/DISASM.md
 * §8.1): Save As and Save a Copy of a level unpacked from a tree write the section it was opened
 * with (not the one of the file written over, which a new file does not have), its
 * `water_tileset` pointing at the same picture from the new folder; a level without one stays
 * without. Synthetic level files only: no tree is read.
 */
#include "disasm-save.h"
#include "editor-document.h"
#include "level-json.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <jansson.h>
#include <loopwright-masks/image.h>
#include <stdlib.h>
#include <string.h>

static char *tmp;

/* A section as unpack writes it (docs/DISASM.md §8.1), the water tileset in a subfolder. */
static const char source_json[] =
    "{\"format\": \"sonlvl-tree\", \"version\": 1, \"game\": \"s2\", \"tree\": "
    "\"/nonexistent/s2disasm\", \"level\": \"Test Zone Act 1\", \"files\": [{\"role\": "
    "\"chunks\", \"path\": \"mappings/128x128/TST.kos\", \"codec\": \"kosinski\", \"offset\": 0, "
    "\"size\": 12, \"unpacked\": 128, \"crc32\": \"0a77b2b0\"}], \"first_chunk\": 1, \"chunks\": "
    "1, \"blocks\": 2, \"patterns\": 4, \"mask_ids\": [1, 2], \"kept_chunk_words\": [[256, "
    "4660]], \"kept_layout_slots\": [], \"layout_padding\": [0, 0], \"layout_short\": [0, 0], "
    "\"water_height\": 504, \"layout_copy\": null, \"anim_blocks\": null, \"water_palette\": "
    "null, \"water_tileset\": \"art/tst-water.png\"}";

static char *dir_in(const char *name)
{
    char *dir = g_build_filename(tmp, name, NULL);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0755), ==, 0);
    return dir;
}

/* @dir/level.json: loop-hill with its tileset beside it, and @source (NULL: none); the water
 * tileset @dir/art/tst-water.png, a 32x16 picture of one colour. Returns the JSON's path. */
static char *make_level(const char *dir, const char *source)
{
    char *sample_dir = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", NULL);
    char *sample = g_build_filename(sample_dir, "loop-hill.json", NULL);
    char *tiles = g_build_filename(sample_dir, "tiles.png", NULL), *png = NULL;
    gsize n = 0;
    g_assert_true(g_file_get_contents(tiles, &png, &n, NULL));
    char *tiles_here = g_build_filename(dir, "tiles.png", NULL);
    g_assert_true(g_file_set_contents(tiles_here, png, (gssize)n, NULL));
    char *art = g_build_filename(dir, "art", NULL),
         *water = g_build_filename(art, "tst-water.png", NULL);
    g_assert_cmpint(g_mkdir_with_parents(art, 0755), ==, 0);
    lwm_image img;
    lw_error err;
    g_assert_true(lwm_image_init(&img, 32, 16, 0x2040C0FFu, &err));
    g_assert_true(lwm_image_save_png(water, &img, &err));
    lwm_image_clear(&img);
    lw_level *level = NULL;
    g_assert_true(editor_level_load_file(sample, 0, &level, &err));
    char *path = g_build_filename(dir, "level.json", NULL);
    size_t len = 0;
    char *json = editor_level_to_json_source(level, source, &len);
    g_assert_nonnull(json);
    g_assert_true(g_file_set_contents(path, json, (gssize)len, NULL));
    free(json);
    lw_level_free(level);
    g_free(water);
    g_free(art);
    g_free(tiles_here);
    g_free(png);
    g_free(tiles);
    g_free(sample);
    g_free(sample_dir);
    return path;
}

/* The `source` section of the level file at @path, parsed (NULL: none). */
static json_t *file_source(const char *path)
{
    char *text = editor_level_file_source(path, NULL);
    json_t *src = text ? json_loads(text, JSON_REJECT_DUPLICATES, NULL) : NULL;
    g_assert_true(!text || src);
    free(text);
    return src;
}

/* The section written for a file in another folder: @source_json with the water tileset named
 * @water. */
static json_t *expected_source(const char *water)
{
    json_t *want = json_loads(source_json, JSON_REJECT_DUPLICATES, NULL);
    g_assert_nonnull(want);
    json_object_set_new(want, "water_tileset", json_string(water));
    return want;
}

/* The file @a names the same bytes as @b. */
static void assert_same_file(const char *a, const char *b)
{
    char *x = NULL, *y = NULL;
    gsize nx = 0, ny = 0;
    g_assert_true(g_file_get_contents(a, &x, &nx, NULL));
    g_assert_true(g_file_get_contents(b, &y, &ny, NULL));
    g_assert_cmpmem(x, nx, y, ny);
    g_free(x);
    g_free(y);
}

/* The level file @json (just written) opens as a tree level whose water tileset is @want_png. */
static void assert_tree_level(const char *json, const char *want_png)
{
    g_assert_true(editor_disasm_file_has_source(json));
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(json, &error); /* checks the water tileset too */
    g_assert_no_error(error);
    g_assert_true(editor_document_is_from_tree(doc));
    g_object_unref(doc);
    char *water = NULL;
    lw_error err;
    g_assert_true(editor_level_find_water_tileset(json, false, &water, &err));
    g_assert_nonnull(water);
    char *png = editor_level_resolve_path(json, water);
    assert_same_file(png, want_png);
    free(png);
    free(water);
}

/* Save As into another folder keeps the whole section, the water tileset copied beside the new
 * file; Save As within the folder keeps its path as it is. */
static void test_save_as(void)
{
    char *a = dir_in("save-as-a"), *b = dir_in("save-as-b");
    char *json = make_level(a, source_json);
    char *orig_water = g_build_filename(a, "art", "tst-water.png", NULL);
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(json, &error);
    g_assert_no_error(error);
    g_assert_true(editor_document_is_from_tree(doc));

    char *moved = g_build_filename(b, "moved.json", NULL);
    g_assert_true(editor_document_save_as(doc, moved, &error));
    g_assert_no_error(error);
    g_assert_cmpstr(editor_document_get_path(doc), ==, moved);
    g_assert_false(editor_document_get_modified(doc));
    json_t *got = file_source(moved), *want = expected_source("tst-water.png");
    g_assert_nonnull(got);
    g_assert_true(json_equal(got, want));
    json_decref(got);
    json_decref(want);
    assert_tree_level(moved, orig_water);
    g_assert_true(editor_document_is_from_tree(doc));

    /* from b on to a sibling: the copied picture is found, nothing moves */
    char *again = g_build_filename(b, "again.json", NULL);
    g_assert_true(editor_document_save_as(doc, again, &error));
    g_assert_no_error(error);
    got = file_source(again);
    want = expected_source("tst-water.png");
    g_assert_true(json_equal(got, want));
    json_decref(got);
    json_decref(want);
    g_object_unref(doc);

    /* within the folder: the relative path still finds the picture, the section is unchanged */
    doc = editor_document_load(json, &error);
    g_assert_no_error(error);
    char *sibling = g_build_filename(a, "sibling.json", NULL);
    g_assert_true(editor_document_save_as(doc, sibling, &error));
    g_assert_no_error(error);
    got = file_source(sibling);
    want = json_loads(source_json, JSON_REJECT_DUPLICATES, NULL);
    g_assert_true(json_equal(got, want));
    json_decref(got);
    json_decref(want);
    assert_tree_level(sibling, orig_water);
    g_object_unref(doc);
    g_free(sibling);
    g_free(again);
    g_free(moved);
    g_free(orig_water);
    g_free(json);
    g_free(b);
    g_free(a);
}

/* Save a Copy into another folder: the copy has the section (the water tileset copied beside
 * it); the document keeps its own path and section. */
static void test_save_copy(void)
{
    char *a = dir_in("copy-a"), *c = dir_in("copy-c");
    char *json = make_level(a, source_json);
    char *orig_water = g_build_filename(a, "art", "tst-water.png", NULL);
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(json, &error);
    g_assert_no_error(error);
    /* the document's file goes away after the open: the copy still has the section */
    char *kept = g_strconcat(json, ".kept", NULL);
    g_assert_cmpint(g_rename(json, kept), ==, 0);
    char *copy = g_build_filename(c, "copy.json", NULL);
    g_assert_true(editor_document_save_copy(doc, copy, &error));
    g_assert_no_error(error);
    g_assert_cmpint(g_rename(kept, json), ==, 0);
    g_assert_cmpstr(editor_document_get_path(doc), ==, json);
    json_t *got = file_source(copy), *want = expected_source("tst-water.png");
    g_assert_nonnull(got);
    g_assert_true(json_equal(got, want));
    json_decref(got);
    json_decref(want);
    assert_tree_level(copy, orig_water);
    g_assert_true(editor_document_is_from_tree(doc));
    g_object_unref(doc);
    g_free(copy);
    g_free(kept);
    g_free(orig_water);
    g_free(json);
    g_free(c);
    g_free(a);
}

/* A level without a section stays without: Save As to a new file, Save As over a tree level's
 * file (its section is not taken) and Save a Copy. */
static void test_plain(void)
{
    char *a = dir_in("plain-a"), *t = dir_in("plain-tree"), *c = dir_in("plain-c");
    char *json = make_level(a, NULL);
    char *tree_json = make_level(t, source_json);
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(json, &error);
    g_assert_no_error(error);
    g_assert_false(editor_document_is_from_tree(doc));
    char *copy = g_build_filename(c, "copy.json", NULL);
    g_assert_true(editor_document_save_copy(doc, copy, &error));
    g_assert_no_error(error);
    g_assert_false(editor_disasm_file_has_source(copy));
    g_assert_true(editor_document_save_as(doc, tree_json, &error));
    g_assert_no_error(error);
    g_assert_false(editor_disasm_file_has_source(tree_json));
    g_assert_false(editor_document_is_from_tree(doc));
    char *moved = g_build_filename(c, "moved.json", NULL);
    g_assert_true(editor_document_save_as(doc, moved, &error));
    g_assert_no_error(error);
    g_assert_false(editor_disasm_file_has_source(moved));
    g_object_unref(doc);
    g_free(moved);
    g_free(copy);
    g_free(tree_json);
    g_free(json);
    g_free(c);
    g_free(t);
    g_free(a);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-doc-source-XXXXXX", &error);
    g_assert_no_error(error);
    g_setenv("XDG_STATE_HOME", tmp, TRUE); /* recovery files */
    g_test_add_func("/editor/document-source/save-as", test_save_as);
    g_test_add_func("/editor/document-source/save-copy", test_save_copy);
    g_test_add_func("/editor/document-source/plain", test_plain);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    g_assert_cmpint(system(cmd), !=, -1);
    g_free(cmd);
    g_free(tmp);
    return rc;
}
