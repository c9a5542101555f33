/* SPDX-License-Identifier: MIT */
/*
 * The `real` suite's new-tile story (docs/DISASM.md §9.2), for one level of a real tree: in a
 * copy of the tree the level is unpacked as File ▸ Open Disassembly… does and loaded as a
 * document; a new tile is added whose art is an existing tile's cell turned a quarter (new 8x8
 * patterns in the level's own colours), it is painted into the first cell of the first chunk the
 * layout places, and the document saved into the tree (shared files allowed). Checked: the files
 * written are exactly the chunk, block and art files the save reports, each in its codec
 * (S1 Enigma blocks and Nemesis art, S2 Kosinski, S3K Kosinski blocks and KosinskiM art); the
 * tree then imports with the new tile in the chunk, drawn pixel for pixel as painted; a second
 * save writes nothing. Prints TAP.
 *
 *   real-art TREE LEVEL
 */
#include "disasm-save.h"
#include "doc-fixture.h"
#include "editor-commands.h"
#include "editor-document.h"
#include "tree-fixture.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *tree_arg, *level_arg;
static char *tmp;

static gboolean same_px(const lwm_image *a, uint32_t ax, uint32_t ay, const lwm_image *b,
                        uint32_t bx, uint32_t by)
{
    const uint8_t *p = lwm_image_pixel(a, ax, ay), *q = lwm_image_pixel(b, bx, by);
    if (p[3] < 128 || q[3] < 128)
        return (p[3] < 128) == (q[3] < 128);
    return memcmp(p, q, 3) == 0;
}

/* A tile whose cell turned a quarter differs from itself and has opaque pixels. */
static uint32_t pick_tile(const lw_level *lv, const lwm_image *img)
{
    uint32_t per_row = img->width / 16u;
    for (uint32_t t = 0; t < lv->tile_count; t++) {
        uint16_t a = lv->tiles[t].art;
        if (a == LW_NONE || (a / per_row + 1u) * 16u > img->height)
            continue;
        uint32_t x = (a % per_row) * 16u, y = (a / per_row) * 16u, opaque = 0, moved = 0;
        for (uint32_t j = 0; j < 16; j++)
            for (uint32_t i = 0; i < 16; i++) {
                opaque += lwm_image_pixel(img, x + i, y + j)[3] >= 128;
                moved += !same_px(img, x + i, y + j, img, x + 15u - j, y + i);
            }
        if (opaque > 128 && moved > 64)
            return t;
    }
    g_error("no tile to copy");
}

static void test_new_tile(void)
{
    char *copy = g_build_filename(tmp, "tree", NULL);
    char *cmd = g_strdup_printf("cp -a '%s' '%s'", tree_arg, copy);
    g_assert_cmpint(system(cmd), ==, 0);
    g_free(cmd);
    char *json = g_build_filename(tmp, "level.json", NULL);
    long index;
    EditorDocument *doc = doc_fixture_open(copy, level_arg, json, &index);
    lwm_tree t;
    char failed[4096];
    lw_error err;
    lwm_report report = {0};
    GError *error = NULL;
    const lw_level *lv = editor_document_get_level(doc);

    /* the new cell: tile k's turned a quarter, in a new row of the tileset when needed */
    char *png = editor_document_dup_tileset_path(doc);
    lwm_image old = {0}, img = {0};
    g_assert_true(lwm_image_load_png(png, &old, &err));
    uint32_t k = pick_tile(lv, &old), per_row = old.width / 16u;
    uint32_t cell = (old.height / 16u) * per_row; /* the first cell of a new row */
    g_assert_true(lwm_image_init(&img, old.width, old.height + 16u, 0, &err));
    memcpy(img.rgba, old.rgba, (size_t)old.width * old.height * 4u);
    uint32_t sx = (lv->tiles[k].art % per_row) * 16u, sy = (lv->tiles[k].art / per_row) * 16u;
    uint32_t cx = (cell % per_row) * 16u, cy = (cell / per_row) * 16u;
    for (uint32_t j = 0; j < 16; j++)
        for (uint32_t i = 0; i < 16; i++)
            memcpy(lwm_image_pixel(&img, cx + i, cy + j),
                   lwm_image_pixel(&old, sx + 15u - j, sy + i), 4);
    g_assert_true(lwm_image_save_png(png, &img, &err));
    uint32_t t_new = lv->tile_count;
    lw_tile tile = {(uint16_t)cell, {LW_NONE, LW_NONE}, 0};
    editor_document_push(doc, editor_cmd_add_tile_new(doc, &tile, "new tile", &error));
    g_assert_no_error(error);
    uint16_t chunk = LW_NONE;
    for (uint32_t i = 0; chunk == LW_NONE && i < (uint32_t)lv->layout_width * lv->layout_height;
         i++)
        chunk = lw_level_layout_get(lv, LW_LAYER_FG, i % lv->layout_width, i / lv->layout_width);
    g_assert_cmpuint(chunk, !=, LW_NONE);
    EditorCellEdit edit = {chunk, 0, {(uint16_t)t_new, 0, 0}};
    editor_document_push(doc, editor_cmd_set_cells_new(doc, &edit, 1, "paint", 0));
    printf("# tile %u: tile %u's cell turned, painted into chunk %u cell 0\n", t_new, k, chunk);

    GHashTable *before = tree_fixture_snapshot(copy);
    editor_disasm_save s;
    if (!editor_disasm_save_level(json, lv, NULL, EDITOR_DISASM_ALLOW_SHARED, &s, failed, &err))
        g_error("%s: %s", failed, err.message);
    char *text = editor_disasm_save_describe(&s);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        printf("# %s\n", line);
    for (size_t i = 0; i < s.report.count; i++)
        printf("# %s\n", s.report.items[i].message);
    free(text);
    gboolean roles[3] = {FALSE, FALSE, FALSE};
    GString *want = g_string_new("");
    GPtrArray *paths = g_ptr_array_new();
    for (size_t i = 0; i < s.ex.file_count; i++) {
        const lwm_tree_out_file *f = &s.ex.files[i];
        roles[0] |= strcmp(f->role, "chunks") == 0;
        roles[1] |= strcmp(f->role, "blocks") == 0;
        roles[2] |= strcmp(f->role, "tiles") == 0;
        if (strcmp(f->role, "chunks") && strcmp(f->role, "blocks") && strcmp(f->role, "tiles"))
            g_error("%s (%s) written", f->path, f->role);
        g_ptr_array_add(paths, (gpointer)f->path);
        char *orig = g_build_filename(tree_arg, f->path, NULL);
        GStatBuf st;
        printf("# %s: %lld -> %zu bytes (%zu unpacked)\n", f->path,
               g_stat(orig, &st) == 0 ? (long long)st.st_size : -1LL, f->size, f->raw_size);
        g_free(orig);
    }
    g_assert_true(roles[0] && roles[1] && roles[2]);
    for (guint i = 0; i < paths->len; i++) /* sorted as tree_fixture_diff sorts */
        for (guint j = i + 1; j < paths->len; j++)
            if (strcmp(paths->pdata[j], paths->pdata[i]) < 0) {
                gpointer x = paths->pdata[i];
                paths->pdata[i] = paths->pdata[j];
                paths->pdata[j] = x;
            }
    for (guint i = 0; i < paths->len; i++)
        g_string_append_printf(want, "%s%s", i ? "," : "", (const char *)paths->pdata[i]);
    char *d = tree_fixture_diff(before, copy);
    g_assert_cmpstr(d, ==, want->str);
    g_free(d);
    g_string_free(want, TRUE);
    g_ptr_array_free(paths, TRUE);
    printf("# %u blocks added, %u 8x8 patterns added\n", s.ex.blocks_added, s.ex.patterns_added);
    g_assert_cmpuint(s.ex.blocks_added, ==, 1);
    g_assert_cmpuint(s.ex.patterns_added, >, 0);
    editor_disasm_save_clear(&s);
    g_hash_table_unref(before);

    /* the tree imports with the new tile, as painted */
    if (!lwm_tree_open(copy, &t, failed, &err))
        g_error("%s: %s", failed, err.message);
    lwm_tree_import im = {0};
    if (!lwm_tree_import_level(&t, (size_t)index, &im, &report, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(im.level->tile_count, ==, t_new + 1u);
    /* The new block is the block file's last; a zone with animated blocks (EHZ's 753..767) has
     * their tiles after the file's, so on a fresh import the new tile's id comes before them
     * and is not t_new there: the cell names it, and its pixels are the painted ones. */
    uint32_t t_got = lw_level_chunk_cells(im.level, chunk)[0].tile;
    g_assert_cmpuint(t_got, <, im.level->tile_count);
    printf("# re-imported: the painted cell names tile %u\n", t_got);
    uint32_t gx = (t_got % 16u) * 16u, gy = (t_got / 16u) * 16u;
    for (uint32_t j = 0; j < 16; j++)
        for (uint32_t i = 0; i < 16; i++)
            if (!same_px(&im.tileset, gx + i, gy + j, &img, cx + i, cy + j))
                g_error("new tile pixel (%u,%u) differs", i, j);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&report);

    /* a second save writes nothing */
    before = tree_fixture_snapshot(copy);
    if (!editor_disasm_save_level(json, lv, NULL, EDITOR_DISASM_ALLOW_SHARED, &s, failed, &err))
        g_error("%s: %s", failed, err.message);
    for (size_t i = 0; i < s.ex.file_count; i++)
        printf("# again: %s (%s), %u unpacked bytes\n", s.ex.files[i].path, s.ex.files[i].role,
               s.ex.files[i].changed_bytes);
    g_assert_cmpuint(s.ex.file_count, ==, 0);
    editor_disasm_save_clear(&s);
    d = tree_fixture_diff(before, copy);
    g_assert_cmpstr(d, ==, "");
    g_free(d);
    g_hash_table_unref(before);
    lwm_tree_clear(&t);
    lwm_image_clear(&img);
    lwm_image_clear(&old);
    g_object_unref(doc);
    g_free(png);
    g_free(json);
    g_free(copy);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    if (argc != 3) {
        fprintf(stderr, "usage: real-art TREE LEVEL\n");
        return 2;
    }
    tree_arg = argv[1];
    level_arg = argv[2];
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-real-art-XXXXXX", &error);
    g_assert_no_error(error);
    g_setenv("XDG_STATE_HOME", tmp, TRUE);
    g_test_add_func("/real/art/new-tile", test_new_tile);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_free(cmd);
    g_free(tmp);
    return rc;
}
