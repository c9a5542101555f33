/* SPDX-License-Identifier: MIT */
/*
 * Save of a level opened from a disassembly tree (editor_document_save_into_tree, doc.save;
 * docs/DISASM.md §8.4), headless, on the synthetic tree of tree-fixture.h: the level is unpacked
 * as File ▸ Open Disassembly… does (editor_disasm_unpack), loaded as a document and edited
 * through commands. An unchanged save writes no file of the tree; moving a ring and changing one
 * mask then doc.save writes exactly the rings file, the two collision indexes and the arrays the
 * new collision id touches, every other file byte-identical; the tree then unpacks to the edited
 * level, and a second save writes nothing. When level 2 shares the index, doc.save is refused
 * (EDITOR_DOCUMENT_ERROR_SHARED naming the level, nothing written, the document still modified)
 * and the confirmed save (allow_shared) writes it.
 */
#include "disasm-save.h"
#include "disasm-test-util.h"
#include "disasm-unpack.h"
#include "doc-fixture.h"
#include "editor-commands-mask.h"
#include "editor-commands.h"
#include "editor-document.h"
#include "tree-fixture.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

/* What moving the ring and reshaping the mask (edit()) writes into the fixture's tree. */
#define RING_AND_MASK_FILES                                                                        \
    "collision/Collision array - Horizontal.bin,"                                                  \
    "collision/Collision array - Vertical.bin,"                                                    \
    "collision/Curve and resistance mapping.bin,"                                                  \
    "collision/TST primary 16x16 collision index.kos,"                                             \
    "collision/TST secondary 16x16 collision index.kos,"                                           \
    "level/rings/TST_1.bin"
static char *tmp;

/* Unpack "Test Zone Act 1" of @tree into @json, as Open Disassembly does, and load it. */
static EditorDocument *open_level(const char *tree, const char *json)
{
    long index;
    EditorDocument *doc = doc_fixture_open(tree, "Test Zone Act 1", json, &index);
    g_assert_cmpint(index, ==, 0);
    return doc;
}

/* The first marker named @name. */
static const lw_object *marker(EditorDocument *doc, const char *name)
{
    const lw_level *l = editor_document_get_level(doc);
    for (uint32_t i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_MARKER && g_strcmp0(l->objects[i].name, name) == 0)
            return &l->objects[i];
    g_error("no marker %s", name);
}

/* Move the first ring 16 px right and lower the first column of mask 0 (both undoable). */
static void edit(EditorDocument *doc, int32_t *ring_x, int *height)
{
    const lw_object *ring = marker(doc, "ring");
    *ring_x = ring->x + 16;
    editor_document_push(doc, editor_cmd_move_object_new(doc, ring->id, *ring_x, ring->y, 0));
    const lw_mask *m = &editor_document_get_level(doc)->masks[0];
    *height = m->heights[0] > 1 ? m->heights[0] - 1 : 3;
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, 0, 0, *height, 0));
    g_assert_true(editor_document_get_modified(doc));
}

/* Saving @doc into @tree again writes nothing: no error, an empty report, every file of the
 * tree byte-identical (the cached level JSON is in step with the tree). */
static void assert_save_writes_nothing(EditorDocument *doc, const char *tree)
{
    GHashTable *before = tree_fixture_snapshot(tree);
    char *report = NULL;
    GError *error = NULL;
    g_assert_true(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_assert_cmpstr(report, ==, "");
    g_free(report);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    g_hash_table_unref(before);
}

static GError *failure;

static void on_failed(EditorDocument *doc, const char *action, const GError *error, gpointer u)
{
    g_clear_error(&failure);
    failure = g_error_copy(error);
}

static void test_save(void)
{
    char *dir = g_build_filename(tmp, "own", NULL);
    char *tree = tree_fixture_make(dir, FALSE);
    char *json = g_build_filename(dir, "cache", "level.json", NULL);
    char *cache = g_path_get_dirname(json);
    g_mkdir_with_parents(cache, 0755);
    g_free(cache);
    EditorDocument *doc = open_level(tree, json);
    GActionGroup *actions = editor_document_get_actions(doc);

    /* unchanged: doc.save writes no file of the tree */
    GHashTable *before = tree_fixture_snapshot(tree);
    g_action_group_activate_action(actions, "save", NULL);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);

    /* a ring moved and one mask reshaped: exactly those files */
    int32_t ring_x;
    int height;
    edit(doc, &ring_x, &height);
    g_signal_connect(doc, "failed", G_CALLBACK(on_failed), NULL);
    g_action_group_activate_action(actions, "save", NULL);
    g_assert_no_error(failure);
    g_assert_false(editor_document_get_modified(doc));
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, RING_AND_MASK_FILES);
    g_free(d);
    g_hash_table_unref(before);
    /* the angle map changes because the reshaped mask's angle (it follows the pixels) is not
     * the 0 the exporter wrote at the unused id it now takes */
    g_assert_cmpuint(editor_document_get_level(doc)->masks[0].angle, !=, 0);

    /* the cached JSON is in step: saving again writes nothing, and the tree unpacks to the edit */
    assert_save_writes_nothing(doc, tree);
    char *again = g_build_filename(dir, "again.json", NULL);
    EditorDocument *re = open_level(tree, again);
    g_assert_cmpint(marker(re, "ring")->x, ==, ring_x);
    const lw_level *a = editor_document_get_level(doc), *b = editor_document_get_level(re);
    g_assert_cmpuint(a->mask_count, ==, b->mask_count);
    gboolean found = FALSE; /* the reshaped mask is in the re-read level (order may differ) */
    for (uint32_t i = 0; i < b->mask_count; i++)
        found = found || memcmp(b->masks[i].heights, a->masks[0].heights, 16) == 0;
    g_assert_true(found);
    g_assert_cmpint(a->masks[0].heights[0], ==, height);
    g_object_unref(re);
    g_object_unref(doc);
    g_clear_error(&failure);
    g_free(again);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

static void test_shared(void)
{
    char *dir = g_build_filename(tmp, "shared", NULL);
    char *tree = tree_fixture_make(dir, TRUE);
    char *json = g_build_filename(dir, "level.json", NULL);
    EditorDocument *doc = open_level(tree, json);
    int32_t ring_x;
    int height;
    edit(doc, &ring_x, &height);
    gchar *json_before;
    g_assert_true(g_file_get_contents(json, &json_before, NULL, NULL));
    GHashTable *before = tree_fixture_snapshot(tree);

    /* doc.save: refused, nothing written, the reason names the other level */
    g_signal_connect(doc, "failed", G_CALLBACK(on_failed), NULL);
    g_action_group_activate_action(editor_document_get_actions(doc), "save", NULL);
    g_assert_error(failure, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_SHARED);
    g_assert_nonnull(strstr(failure->message, "also read by: Test Zone Act 2"));
    g_assert_nonnull(strstr(failure->message, "TST primary 16x16 collision index.kos"));
    g_clear_error(&failure);
    g_assert_true(editor_document_get_modified(doc));
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    gchar *json_now;
    g_assert_true(g_file_get_contents(json, &json_now, NULL, NULL));
    g_assert_cmpstr(json_now, ==, json_before);
    g_free(json_now);

    /* the same report without writing, then the confirmed save */
    char *report = NULL;
    GError *error = NULL;
    g_assert_false(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_SHARED);
    g_clear_error(&error);
    g_assert_nonnull(strstr(report, "alters those levels' collision, layout or art"));
    g_free(report);
    g_assert_true(editor_document_save_into_tree(doc, TRUE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_assert_nonnull(strstr(report, "also read by: Test Zone Act 2"));
    g_free(report);
    g_assert_false(editor_document_get_modified(doc));
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, RING_AND_MASK_FILES);
    g_free(d);
    g_hash_table_unref(before);
    g_object_unref(doc);
    g_free(json_before);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

/* The path swapper objects of the level, in level order. */
static guint swappers(EditorDocument *doc, const lw_object **out, guint max)
{
    const lw_level *l = editor_document_get_level(doc);
    guint n = 0;
    for (uint32_t i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_PATH_SWAPPER && n < max)
            out[n++] = &l->objects[i];
    return n;
}

/* S2 plane switchers (Obj03) open as the level's path swappers and go back as the same bytes;
 * one with a bit a swapper has no place for (bit 12 of y) stays a marker. */
static void test_swappers(void)
{
    char *dir = g_build_filename(tmp, "swap", NULL);
    char *tree = tree_fixture_make(dir, FALSE);
    char *json = g_build_filename(dir, "level.json", NULL);
    EditorDocument *doc = open_level(tree, json);
    const lw_object *sw[4];
    g_assert_cmpuint(swappers(doc, sw, 4), ==, 1);
    /* x 0x300, y 0x150 (X flip: priority only), subtype 0xE9 */
    g_assert_cmpint(sw[0]->x, ==, 0x300);
    g_assert_cmpint(sw[0]->y, ==, 0x150);
    g_assert_cmpuint(sw[0]->swapper.radius, ==, 64);
    g_assert_false(sw[0]->swapper.horizontal);
    g_assert_cmpuint(sw[0]->swapper.path[0], ==, LW_PATH_A);
    g_assert_cmpuint(sw[0]->swapper.path[1], ==, LW_PATH_B);
    g_assert_cmpuint(sw[0]->swapper.priority[0], ==, 1);
    g_assert_cmpuint(sw[0]->swapper.priority[1], ==, 1);
    g_assert_true(sw[0]->swapper.grounded_only);
    g_assert_true(sw[0]->swapper.priority_only);
    const lw_object *kept = marker(doc, "object 0x03");
    g_assert_cmpstr(kept->props[0].value, ==, "object");

    /* unchanged: nothing written; moved 16 px right: exactly the objects file, same record */
    GHashTable *before = tree_fixture_snapshot(tree);
    GError *error = NULL;
    g_assert_true(editor_document_save(doc, &error));
    g_assert_no_error(error);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    editor_document_push(doc, editor_cmd_move_object_new(doc, sw[0]->id, 0x310, 0x150, 0));
    g_assert_true(editor_document_save(doc, &error));
    g_assert_no_error(error);
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "level/objects/TST_1.bin");
    g_free(d);
    char *path = g_build_filename(tree, "level", "objects", "TST_1.bin", NULL);
    gchar *bytes;
    gsize size;
    g_assert_true(g_file_get_contents(path, &bytes, &size, NULL));
    static const uint8_t want[] = {0x03, 0x10, 0x21, 0x50, 0x03, 0xE9,
                                   0x03, 0x80, 0x11, 0x60, 0x03, 0x04};
    g_assert_cmpuint(size, ==, 24);
    g_assert_cmpmem(bytes + 12, 12, want, sizeof want);
    g_free(bytes);
    g_free(path);
    g_hash_table_unref(before);

    /* a path swapper added in the editor goes into the tree as a plane switcher */
    lw_object added = {.type = LW_OBJECT_PATH_SWAPPER, .x = 0x400, .y = 0x100};
    added.swapper = (lw_path_swapper){.horizontal = true, .radius = 256, .path = {LW_PATH_B, 0}};
    editor_document_push(doc, editor_cmd_add_object_new(doc, &added, NULL));
    g_assert_true(editor_document_save(doc, &error));
    g_assert_no_error(error);
    path = g_build_filename(tree, "level", "objects", "TST_1.bin", NULL);
    g_assert_true(g_file_get_contents(path, &bytes, &size, NULL));
    static const uint8_t add_want[] = {0x04, 0x00, 0x01, 0x00, 0x03, 0x17};
    g_assert_cmpuint(size, ==, 30);
    g_assert_cmpmem(bytes + 24, 6, add_want, sizeof add_want);
    g_free(bytes);
    g_free(path);
    g_object_unref(doc);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

/* A pixel of @img as 0xRRGGBB, or 0xFF000000 when transparent. */
static uint32_t px(const lwm_image *img, uint32_t x, uint32_t y)
{
    const uint8_t *p = lwm_image_pixel(img, x, y);
    return p[3] < 128 ? 0xFF000000u : (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static void set_px(lwm_image *img, uint32_t x, uint32_t y, uint32_t rgb)
{
    uint8_t *p = lwm_image_pixel(img, x, y);
    p[0] = (uint8_t)(rgb >> 16);
    p[1] = (uint8_t)(rgb >> 8);
    p[2] = (uint8_t)rgb;
    p[3] = 0xFF;
}

/* The art goes back (docs/DISASM.md §8.5): a new tile painted into a chunk gets a block and its
 * patterns, one colour recoloured in the tileset and a new background colour change the palette
 * file; exactly those files change, the tree unpacks to the edit and a second save writes
 * nothing. */
static void test_art(void)
{
    char *dir = g_build_filename(tmp, "art", NULL);
    char *tree = tree_fixture_make(dir, FALSE);
    char *json = g_build_filename(dir, "level.json", NULL);
    EditorDocument *doc = open_level(tree, json);
    const lw_level *lv = editor_document_get_level(doc);
    char *png = editor_document_dup_tileset_path(doc);
    lwm_image old = {0}, img = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(png, &old, &err));
    uint32_t t_new = lv->tile_count, rows = (t_new + 16u) / 16u;
    g_assert_true(lwm_image_init(&img, old.width, rows * 16u, 0, &err));
    memcpy(img.rgba, old.rgba, (size_t)old.width * old.height * 4u);

    /* the palette's line 1 as the import draws it (the file's colours 0..15 are colours 16..31) */
    size_t pal_size;
    uint8_t *pal = dtest_read(tree, "art/palettes/TST.bin", &pal_size);
    g_assert_cmpuint(pal_size, ==, 96);
    uint32_t line1[16];
    for (unsigned i = 0; i < 16; i++)
        line1[i] = lwm_md_color_rgb((uint16_t)(pal[2 * i] << 8 | pal[2 * i + 1]));
    /* a colour no entry has, and a colour tile 0 shows: every pixel of it recoloured */
    uint16_t fresh = 0;
    for (uint16_t w = 0x0EEE; !fresh && w > 0; w = (uint16_t)(w - 2)) {
        gboolean used = (w & ~0x0EEEu) != 0;
        for (size_t i = 0; !used && i < 48; i++)
            used = (pal[2 * i] << 8 | pal[2 * i + 1]) == w;
        if (!used)
            fresh = w;
    }
    g_assert_cmpuint(fresh, !=, 0);
    uint32_t from = 0xFF000000u;
    for (uint32_t i = 0; from == 0xFF000000u && i < 256; i++)
        from = px(&old, i % 16u, i / 16u);
    g_assert_cmpuint(from, !=, 0xFF000000u);
    uint32_t to = lwm_md_color_rgb(fresh), recoloured = 0;
    for (uint32_t y = 0; y < old.height; y++)
        for (uint32_t x = 0; x < old.width; x++)
            if (px(&old, x, y) == from) {
                set_px(&img, x, y, to);
                recoloured++;
            }
    /* the new tile's cell: line 1's colours 1..15 in a pattern no tile has */
    uint32_t cx = (t_new % 16u) * 16u, cy = (t_new / 16u) * 16u;
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 16; x++)
            set_px(&img, cx + x, cy + y, line1[1u + (x * 3u + y * 5u + x * y) % 15u]);
    for (uint32_t y = 0; y < 16; y++) /* in the colours as recoloured */
        for (uint32_t x = 0; x < 16; x++)
            if (px(&img, cx + x, cy + y) == from)
                set_px(&img, cx + x, cy + y, to);
    g_assert_true(lwm_image_save_png(png, &img, &err));

    GError *error = NULL;
    lw_tile tile = {(uint16_t)t_new, {LW_NONE, LW_NONE}, 0};
    EditorCommand *add = editor_cmd_add_tile_new(doc, &tile, "new tile", &error);
    g_assert_no_error(error);
    editor_document_push(doc, add);
    uint16_t chunk = LW_NONE; /* the first chunk the layout places */
    for (uint32_t i = 0; chunk == LW_NONE && i < (uint32_t)lv->layout_width * lv->layout_height;
         i++)
        chunk = lw_level_layout_get(lv, LW_LAYER_FG, i % lv->layout_width, i / lv->layout_width);
    g_assert_cmpuint(chunk, !=, LW_NONE);
    EditorCellEdit cell = {chunk, 0, {(uint16_t)t_new, 0, 0}};
    editor_document_push(doc, editor_cmd_set_cells_new(doc, &cell, 1, "paint", 0));
    EditorLevelProps props;
    editor_level_props_get(lv, &props);
    uint32_t bg = lwm_md_color_rgb((uint16_t)(fresh ^ 0x0E00)); /* another blue */
    props.background_rgb = bg;
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &props));

    GHashTable *before = tree_fixture_snapshot(tree);
    char *report = NULL;
    if (!editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error))
        g_error("save: %s\n%s", error->message, report ? report : "");
    g_test_message("%s", report);
    g_assert_nonnull(strstr(report, "mappings/16x16/TST.kos"));
    g_assert_nonnull(strstr(report, "also read by: Test Zone Act 2"));
    g_free(report);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==,
                    "art/kosinski/TST.kos,art/palettes/TST.bin,mappings/128x128/TST.kos,"
                    "mappings/16x16/TST.kos");
    g_free(d);
    g_hash_table_unref(before);
    size_t n;
    uint8_t *pal_now = dtest_read(tree, "art/palettes/TST.bin", &n);
    unsigned words_changed = 0;
    for (size_t i = 0; i < n; i += 2)
        words_changed += pal_now[i] != pal[i] || pal_now[i + 1] != pal[i + 1];
    g_assert_cmpuint(words_changed, >=, 2); /* the recoloured entry (or entries), the backdrop */
    g_assert_cmpuint((pal_now[32] << 8 | pal_now[33]), ==, fresh ^ 0x0E00); /* colour 32 */
    g_free(pal_now);

    /* a second save writes nothing */
    assert_save_writes_nothing(doc, tree);

    /* the tree unpacks to the edit: the new tile in the chunk, drawn as painted, the colours */
    char *again = g_build_filename(dir, "again.json", NULL);
    EditorDocument *re = open_level(tree, again);
    const lw_level *b = editor_document_get_level(re);
    g_assert_cmpuint(b->tile_count, ==, t_new + 1u);
    g_assert_cmpuint(lw_level_chunk_cells(b, chunk)[0].tile, ==, t_new);
    g_assert_cmpuint(b->background_rgb, ==, bg);
    char *png2 = editor_document_dup_tileset_path(re);
    lwm_image got = {0};
    g_assert_true(lwm_image_load_png(png2, &got, &err));
    g_assert_cmpuint(got.height, ==, img.height);
    for (uint32_t y = 0; y < img.height; y++)
        for (uint32_t x = 0; x < img.width; x++)
            if (px(&got, x, y) != px(&img, x, y))
                g_error("tileset pixel (%u,%u): 0x%X, painted 0x%X", x, y, px(&got, x, y),
                        px(&img, x, y));
    g_assert_cmpuint(recoloured, >, 0);
    lwm_image_clear(&got);
    lwm_image_clear(&img);
    lwm_image_clear(&old);
    g_object_unref(re);
    g_object_unref(doc);
    g_free(png2);
    g_free(png);
    g_free(pal);
    g_free(again);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

/* What the level does not model is kept (docs/DISASM.md §8.1): `waterheight` and `layoutcopy`
 * go into the source section and stay there through saves; an `animtiles1` file is read and
 * recorded, and its patterns are drawn where a block names their VRAM tiles past the art; the
 * unchanged level writes nothing. */
static void test_kept_ini(void)
{
    char *dir = g_build_filename(tmp, "kept", NULL);
    char *tree = tree_fixture_make(dir, FALSE);
    size_t n;
    uint8_t *blocks = dtest_read_kos(tree, "mappings/16x16/TST.kos", &n);
    blocks[8] = 0x23; /* block 1's top-left quarter: line 1, VRAM tile 0x300 (past the art) */
    blocks[9] = 0x00;
    dtest_write_kos(tree, "mappings/16x16/TST.kos", blocks, n);
    g_free(blocks);
    uint8_t anim[64];
    memset(anim, 0x55, 32); /* pattern 0 of the file: colour 5 */
    memset(anim + 32, 0x66, 32);
    dtest_write(tree, "anim/tst.unc", anim, sizeof anim);
    size_t ini_size;
    char *ini = (char *)dtest_read(tree, LWM_TREE_INI_FILE, &ini_size);
    char *at = strstr(ini, "objlst=objTST.ini\n");
    g_assert_nonnull(at);
    at += strlen("objlst=objTST.ini\n");
    char *edited = g_strdup_printf("%.*swaterheight=1F8\nlayoutcopy=A|B|1:2:3:4:5:6\n"
                                   "animtiles1=../anim/tst.unc:0:0x300:2\n%s",
                                   (int)(at - ini), ini, at);
    dtest_write_text(tree, LWM_TREE_INI_FILE, edited);
    g_free(edited);
    g_free(ini);

    char *json = g_build_filename(dir, "level.json", NULL);
    EditorDocument *doc = open_level(tree, json);
    gchar *text;
    g_assert_true(g_file_get_contents(json, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"water_height\": 504"));
    g_assert_nonnull(strstr(text, "\"layout_copy\": \"A|B|1:2:3:4:5:6\""));
    g_assert_nonnull(strstr(text, "\"role\": \"animtiles1\", \"path\": \"anim/tst.unc\""));
    g_free(text);
    /* tile 0 (block 1): its top-left quarter drawn with the animated pattern, colour 21 */
    size_t pal_size;
    uint8_t *pal = dtest_read(tree, "art/palettes/TST.bin", &pal_size);
    uint32_t want = lwm_md_color_rgb((uint16_t)(pal[10] << 8 | pal[11]));
    g_free(pal);
    char *png = editor_document_dup_tileset_path(doc);
    lwm_image img = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(png, &img, &err));
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 8; x++) {
            const uint8_t *p = lwm_image_pixel(&img, x, y);
            g_assert_cmpuint(p[3], ==, 255);
            g_assert_cmpuint((uint32_t)(p[0] << 16 | p[1] << 8 | p[2]), ==, want);
        }
    lwm_image_clear(&img);
    g_free(png);

    /* unchanged: nothing written; a moved ring saves and keeps the values */
    GHashTable *before = tree_fixture_snapshot(tree);
    char *report = NULL;
    GError *error = NULL;
    g_assert_true(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_assert_cmpstr(report, ==, "");
    g_free(report);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    const lw_object *ring = marker(doc, "ring");
    editor_document_push(doc, editor_cmd_move_object_new(doc, ring->id, ring->x + 16, ring->y, 0));
    g_assert_true(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_free(report);
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "level/rings/TST_1.bin");
    g_free(d);
    /* the INI's waterheight is the level's water; a changed height is written into the INI's
     * value bytes only (the zone TST has no entry in a game table, and the tree has no s2.asm) */
    g_assert_true(editor_document_get_level(doc)->has_water);
    g_assert_cmpint(editor_document_get_level(doc)->water_height, ==, 504);
    g_hash_table_unref(before);
    before = tree_fixture_snapshot(tree);
    ini = (char *)dtest_read(tree, LWM_TREE_INI_FILE, &ini_size);
    EditorLevelProps props;
    editor_level_props_get(editor_document_get_level(doc), &props);
    props.water_height = 400;
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &props));
    g_assert_true(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_assert_nonnull(
        strstr(report, "SonLVL INI Files/SonLVL.ini: 2 unpacked bytes change (water)"));
    g_assert_nonnull(strstr(report, "the game's WaterHeight table was not found (s2.asm): only "
                                    "the INI changes"));
    g_free(report);
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, LWM_TREE_INI_FILE);
    g_free(d);
    g_hash_table_unref(before);
    size_t now_size;
    char *now = (char *)dtest_read(tree, LWM_TREE_INI_FILE, &now_size);
    char *want_ini = g_strdup(ini);
    memcpy(strstr(want_ini, "waterheight=1F8") + strlen("waterheight="), "190", 3);
    g_assert_cmpmem(now, now_size, want_ini, ini_size);
    g_free(want_ini);
    g_free(now);
    g_free(ini);
    g_assert_true(g_file_get_contents(json, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"water_height\": 400"));
    g_assert_nonnull(strstr(text, "\"layout_copy\": \"A|B|1:2:3:4:5:6\""));
    g_free(text);
    /* saved again: nothing written */
    assert_save_writes_nothing(doc, tree);
    g_object_unref(doc);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

/* A synthetic s2.asm with both of s2disasm's water tables (its `useFullWaterTables` switch). */
static const char s2_asm[] = "useFullWaterTables = 0\n"
                             "    if useFullWaterTables\n"
                             "WaterHeight: zoneOrderedTable 2,2\n"
                             "\tzoneTableEntry.w  $600, $600\t; EHZ\n"
                             "\tzoneTableEntry.w  $600, $600\t; Zone 1\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\t; HPZ\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\tzoneTableEntry.w  $600, $600\n"
                             "\n"
                             "\tzoneTableEntry.w  $600, $600\t; CNZ\n"
                             "\tzoneTableEntry.w  $600, $710\t; CPZ\n"
                             "\tzoneTableEntry.w  $600, $600\t; DEZ\n"
                             "\tzoneTableEntry.w  $410, $510\t; ARZ\n"
                             "    zoneTableEnd\n"
                             "    else\n"
                             "; word_4584:\n"
                             "WaterHeight:\n"
                             "\tdc.w  $600, $600\t; HPZ\n"
                             "\tdc.w  $600, $600\n"
                             "\tdc.w  $600, $600\t; OOZ\n"
                             "\tdc.w  $600, $600\t; MCZ\n"
                             "\tdc.w  $600, $600\t; CNZ\n"
                             "\tdc.w  $600, $710\t; CPZ\n"
                             "\tdc.w  $600, $600\t; DEZ\n"
                             "\tdc.w  $410, $510\t; ARZ\n"
                             "    endif\n";

/* The water height saved into the tree (docs/DISASM.md §8.6): level 1 is CPZ 2 (its layout
 * renamed) with waterheight=710. A changed height rewrites exactly the INI value's bytes and both
 * tables' CPZ 2 entry in s2.asm; a second save writes nothing; water removed is refused
 * (EDITOR_DOCUMENT_ERROR_TREE_CANNOT_HOLD, the INI's line named, nothing written, the document
 * still modified) and the edit can be kept in a copy of the level JSON. */
static void test_water(void)
{
    char *dir = g_build_filename(tmp, "water", NULL);
    char *tree = tree_fixture_make_extra(dir, FALSE, "waterheight=710\n");
    tree_fixture_copy(tree, "level/layout/TST_1.kos", "level/layout/CPZ_2.kos");
    size_t ini_size;
    char *ini = (char *)dtest_read(tree, LWM_TREE_INI_FILE, &ini_size);
    char *at = strstr(ini, "layout=../level/layout/TST_1.kos");
    g_assert_nonnull(at);
    memcpy(at + strlen("layout=../level/layout/"), "CPZ_2", 5);
    dtest_write_text(tree, LWM_TREE_INI_FILE, ini);
    dtest_write_text(tree, "s2.asm", s2_asm);
    char *json = g_build_filename(dir, "level.json", NULL);
    EditorDocument *doc = open_level(tree, json);
    g_assert_cmpint(editor_document_get_level(doc)->water_height, ==, 0x710);

    /* changed: the INI and s2.asm, those bytes only */
    GHashTable *before = tree_fixture_snapshot(tree);
    EditorLevelProps props;
    editor_level_props_get(editor_document_get_level(doc), &props);
    props.water_height = 0x6A4;
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &props));
    char *report = NULL;
    GError *error = NULL;
    g_assert_true(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_no_error(error);
    g_assert_false(editor_document_get_modified(doc));
    g_assert_nonnull(strstr(report, "s2.asm: 6 unpacked bytes change (water)"));
    g_free(report);
    char *d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, LWM_TREE_INI_FILE ",s2.asm");
    g_free(d);
    g_hash_table_unref(before);
    size_t n;
    char *now = (char *)dtest_read(tree, LWM_TREE_INI_FILE, &n);
    memcpy(strstr(ini, "waterheight=710") + strlen("waterheight="), "6A4", 3);
    g_assert_cmpmem(now, n, ini, ini_size);
    g_free(now);
    now = (char *)dtest_read(tree, "s2.asm", &n);
    char *want = g_strdup(s2_asm);
    for (char *p = strstr(want, "$710"); p; p = strstr(p, "$710"))
        memcpy(p, "$6A4", 4);
    g_assert_cmpmem(now, n, want, strlen(want));
    g_free(want);
    g_free(now);
    /* nothing more to write; the tree opens with the new height */
    assert_save_writes_nothing(doc, tree);
    char *json2 = g_build_filename(dir, "again.json", NULL);
    EditorDocument *again = open_level(tree, json2);
    g_assert_true(editor_document_get_level(again)->has_water);
    g_assert_cmpint(editor_document_get_level(again)->water_height, ==, 0x6A4);
    g_object_unref(again);
    g_free(json2);

    /* removed: refused, nothing written, still modified; kept in a copy */
    before = tree_fixture_snapshot(tree);
    props.has_water = FALSE;
    props.water_height = 0;
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &props));
    g_assert_false(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_TREE_CANNOT_HOLD);
    g_assert_nonnull(strstr(error->message, "SonLVL.ini:"));
    g_assert_nonnull(strstr(error->message, "[Test Zone Act 1] the level has no water, but the INI "
                                            "gives waterheight=6A4"));
    g_assert_nonnull(strstr(error->message, "nothing was written"));
    g_clear_error(&error);
    g_assert_null(report);
    g_assert_true(editor_document_get_modified(doc));
    d = tree_fixture_diff(before, tree);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    g_hash_table_unref(before);
    char *copy = g_build_filename(tmp, "water-copy", "copy.json", NULL);
    char *copy_dir = g_path_get_dirname(copy);
    g_mkdir_with_parents(copy_dir, 0755);
    g_assert_false(editor_document_save_copy(doc, json, &error));
    g_clear_error(&error);
    g_assert_true(editor_document_save_copy(doc, copy, &error));
    g_assert_no_error(error);
    g_assert_true(editor_document_get_modified(doc));
    g_assert_cmpstr(editor_document_get_path(doc), ==, json);
    EditorDocument *c = editor_document_load(copy, &error);
    g_assert_no_error(error);
    g_assert_false(editor_document_get_level(c)->has_water);
    g_assert_true(editor_document_is_from_tree(c));
    char *png = editor_document_dup_tileset_path(c);
    g_assert_true(g_file_test(png, G_FILE_TEST_EXISTS));
    g_free(png);
    g_object_unref(c);
    g_free(copy_dir);
    g_free(copy);
    g_object_unref(doc);
    g_free(ini);
    g_free(json);
    g_free(tree);
    g_free(dir);
}

/* A plain level (no source section) saves as before: not from a tree. */
static void test_plain(void)
{
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(sample, &error);
    g_assert_no_error(error);
    g_assert_false(editor_document_is_from_tree(doc));
    char *copy = g_build_filename(tmp, "plain.json", NULL);
    g_assert_true(editor_document_save_as(doc, copy, &error));
    g_assert_no_error(error);
    g_assert_false(editor_document_is_from_tree(doc));
    char *report = (char *)"unset";
    g_assert_false(editor_document_save_into_tree(doc, FALSE, FALSE, &report, &error));
    g_assert_null(report);
    g_assert_nonnull(strstr(error->message, "no \"source\" section"));
    g_clear_error(&error);
    g_object_unref(doc);
    g_free(copy);
    g_free(sample);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-doc-tree-XXXXXX", &error);
    g_assert_no_error(error);
    g_setenv("XDG_STATE_HOME", tmp, TRUE); /* recovery files */
    g_test_add_func("/editor/disasm-save/doc", test_save);
    g_test_add_func("/editor/disasm-save/shared", test_shared);
    g_test_add_func("/editor/disasm-save/plain", test_plain);
    g_test_add_func("/editor/disasm-save/swappers", test_swappers);
    g_test_add_func("/editor/disasm-save/art", test_art);
    g_test_add_func("/editor/disasm-save/kept-ini", test_kept_ini);
    g_test_add_func("/editor/disasm-save/water", test_water);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_free(cmd);
    g_free(tmp);
    return rc;
}
