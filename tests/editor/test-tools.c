/* SPDX-License-Identifier: MIT */
/*
 * The editor's tools without a display: they turn level-pixel pointer input into commands on a
 * document (they know nothing of GTK; the canvas feeds them the same calls). Pencil strokes
 * are one step, rectangle, flood fill, eyedropper, selection + delete, object drag, chunk
 * editing in place with flips, solidity, tile painting and make-unique, and the double-click
 * take-back.
 */
#include "doc-support.h"
#include "doc/editor-commands.h"
#include "doc/editor-tools.h"
#include "doc/level-json.h"

#include <glib.h>
#include <string.h>

static guint steps(EditorDocument *doc)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
}

static void click(EditorTools *t, int32_t x, int32_t y, guint button)
{
    editor_tools_press(t, x, y, button);
    editor_tools_release(t, x, y);
}

static void test_layout_tools(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    EditorTools t;
    editor_tools_init(&t, doc);

    /* pencil: a fast drag across 5 slots leaves no gap and is one step */
    t.brush_chunk = 9;
    editor_tools_press(&t, 10, 10, 1);
    editor_tools_motion(&t, 4 * 128 + 10, 10);
    editor_tools_release(&t, 4 * 128 + 10, 10);
    g_assert_cmpuint(steps(doc), ==, 1);
    for (guint x = 0; x <= 4; x++)
        g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, 0), ==, 9);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Paint Chunks");

    /* the secondary button picks the chunk under the pointer (eyedropper), painting nothing */
    uint16_t there = lw_level_layout_get(l, LW_LAYER_FG, 40, 6);
    click(&t, 40 * 128 + 5, 6 * 128 + 5, 3);
    g_assert_cmpuint(t.brush_chunk, ==, there);
    g_assert_cmpuint(steps(doc), ==, 1);

    /* rectangle: filled on release, one step */
    t.kind = EDITOR_TOOL_RECT;
    t.brush_chunk = 13;
    editor_tools_press(&t, 10 * 128 + 1, 1, 1);
    editor_tools_motion(&t, 11 * 128 + 1, 128 + 1);
    g_assert_cmpint(t.preview.w, ==, 2);
    g_assert_cmpint(t.preview.h, ==, 2);
    editor_tools_release(&t, 12 * 128 + 1, 128 + 1);
    g_assert_cmpuint(steps(doc), ==, 2);
    for (guint y = 0; y < 2; y++)
        for (guint x = 10; x <= 12; x++)
            g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, y), ==, 13);

    /* flood fill */
    t.kind = EDITOR_TOOL_FILL;
    t.brush_chunk = 14;
    uint16_t from = lw_level_layout_get(l, LW_LAYER_FG, 20, 0);
    click(&t, 20 * 128, 0, 1);
    g_assert_cmpuint(steps(doc), ==, 3);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 20, 0), ==, 14);
    editor_document_undo(doc);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 20, 0), ==, from);
    editor_document_redo(doc);

    /* select, then delete empties the selected slots */
    t.kind = EDITOR_TOOL_SELECT;
    editor_tools_press(&t, 2 * 128 + 3, 3, 1);
    editor_tools_motion(&t, 3 * 128 + 3, 3);
    editor_tools_release(&t, 3 * 128 + 3, 3);
    g_assert_cmpint(t.slot_selection.x, ==, 2);
    g_assert_cmpint(t.slot_selection.w, ==, 2);
    editor_tools_delete_selection(&t);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 2, 0), ==, LW_NONE);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 3, 0), ==, LW_NONE);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 4, 0), ==, 9);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Delete Chunks");

    /* outside the level nothing happens */
    t.kind = EDITOR_TOOL_PENCIL;
    guint n = steps(doc);
    click(&t, -5, -5, 1);
    click(&t, 100000, 10, 1);
    g_assert_cmpuint(steps(doc), ==, n);

    /* a double-click's take-back undoes only what its two clicks painted */
    t.brush_chunk = 3;
    click(&t, 8 * 128 + 4, 6 * 128 + 4, 1);
    click(&t, 8 * 128 + 4, 6 * 128 + 4, 1);
    g_assert_cmpuint(steps(doc), ==, n + 1);
    editor_tools_undo_click(&t);
    g_assert_cmpuint(steps(doc), ==, n);
    editor_tools_undo_click(&t); /* nothing more of this click */
    g_assert_cmpuint(steps(doc), ==, n);
}

static void test_object_tool(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    EditorTools t;
    editor_tools_init(&t, doc);
    t.kind = EDITOR_TOOL_OBJECT;
    /* grab the start 3 px right of its centre; it keeps that offset while dragged */
    editor_tools_press(&t, 131, 812, 1);
    g_assert_cmpuint(t.selected_object, ==, 1);
    for (int i = 1; i <= 10; i++)
        editor_tools_motion(&t, 131 + i * 10, 812 - i);
    editor_tools_release(&t, 231, 802);
    g_assert_cmpint(lw_level_find_object(l, 1)->x, ==, 228);
    g_assert_cmpint(lw_level_find_object(l, 1)->y, ==, 802);
    g_assert_cmpuint(steps(doc), ==, 1);
    /* a click on nothing deselects; delete then does nothing */
    click(&t, 2000, 100, 1);
    g_assert_cmpuint(t.selected_object, ==, 0);
    /* select the ring marker and delete it; undo brings it back with its properties */
    click(&t, 3202, 801, 1);
    g_assert_cmpuint(t.selected_object, ==, 4);
    editor_tools_delete_selection(&t);
    g_assert_null(lw_level_find_object(l, 4));
    editor_document_undo(doc);
    const lw_object *ring = lw_level_find_object(l, 4);
    g_assert_nonnull(ring);
    g_assert_cmpstr(ring->name, ==, "ring");
    g_assert_cmpstr(ring->props[0].value, ==, "5");
}

static void test_chunk_editing(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    EditorTools t;
    editor_tools_init(&t, doc);
    g_assert_false(editor_tools_edit_chunk_at(&t, 0, 0)); /* an empty slot */
    g_assert_true(editor_tools_edit_chunk_at(&t, 3, 6));
    uint16_t c = editor_tools_get_edited_chunk(&t);
    g_assert_cmpuint(c, ==, 9);
    /* a cell outside the edited slot is not painted */
    guint n = steps(doc);
    t.brush_tile = 5;
    click(&t, 5 * 128 + 3, 6 * 128 + 3, 1);
    g_assert_cmpuint(steps(doc), ==, n);
    /* the tile pencil paints with the brush flips and solidity; a drag is one step */
    t.brush_flips = LW_CELL_FLIP_X;
    t.brush_solid = lw_cell_solid_bits(LW_SOLID_TOP, LW_SOLID_ALL);
    editor_tools_press(&t, 3 * 128 + 1, 6 * 128 + 1, 1);
    editor_tools_motion(&t, 3 * 128 + 17, 6 * 128 + 1);
    editor_tools_release(&t, 3 * 128 + 33, 6 * 128 + 1);
    g_assert_cmpuint(steps(doc), ==, n + 1);
    for (guint i = 0; i < 3; i++) {
        const lw_cell *cell = &lw_level_chunk_cells(l, c)[i];
        g_assert_cmpuint(cell->tile, ==, 5);
        g_assert_cmpuint(cell->flags, ==, LW_CELL_FLIP_X);
        g_assert_cmpuint(lw_cell_solidity(cell, LW_PATH_A), ==, LW_SOLID_TOP);
    }
    /* right-click picks a cell into the brush */
    t.brush_tile = 0;
    t.brush_flips = 0;
    click(&t, 3 * 128 + 1, 6 * 128 + 1, 3);
    g_assert_cmpuint(t.brush_tile, ==, 5);
    g_assert_cmpuint(t.brush_flips, ==, LW_CELL_FLIP_X);
    /* flip Y of a selected 2x1 block; no selection flips the brush instead */
    t.cell_selection = (EditorRect){0, 0, 2, 1};
    editor_tools_flip(&t, LW_CELL_FLIP_Y);
    g_assert_cmpuint(lw_level_chunk_cells(l, c)[0].flags, ==, LW_CELL_FLIP_X | LW_CELL_FLIP_Y);
    g_assert_cmpuint(lw_level_chunk_cells(l, c)[2].flags, ==, LW_CELL_FLIP_X);
    /* solidity on path B only */
    t.solidity_paths = 2;
    editor_tools_set_solidity(&t, LW_SOLID_LRB);
    g_assert_cmpuint(lw_cell_solidity(&lw_level_chunk_cells(l, c)[1], LW_PATH_B), ==, LW_SOLID_LRB);
    g_assert_cmpuint(lw_cell_solidity(&lw_level_chunk_cells(l, c)[1], LW_PATH_A), ==, LW_SOLID_TOP);
    /* the solidity brush keeps tiles */
    t.kind = EDITOR_TOOL_SOLIDITY;
    t.solidity_paths = 1;
    t.brush_solid = lw_cell_solid_bits(LW_SOLID_NONE, LW_SOLID_ALL);
    click(&t, 3 * 128 + 50, 6 * 128 + 1, 1);
    g_assert_cmpuint(lw_level_chunk_cells(l, c)[3].tile, ==, lw_level_chunk_cells(l, 9)[3].tile);
    g_assert_cmpuint(lw_cell_solidity(&lw_level_chunk_cells(l, c)[3], LW_PATH_A), ==,
                     LW_SOLID_NONE);
    /* every place using chunk 9 changed; make unique gives slot (3, 6) its own copy */
    guint count = l->chunk_count;
    g_assert_true(editor_tools_make_unique(&t, NULL));
    g_assert_cmpuint(l->chunk_count, ==, count + 1);
    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, 3, 6), ==, count);
    g_assert_cmpuint(editor_tools_get_edited_chunk(&t), ==, count);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Make Chunk Unique");
    editor_tools_stop_editing(&t);
    g_assert_cmpuint(editor_tools_get_edited_chunk(&t), ==, LW_NONE);
    /* everything above undoes to the file's bytes */
    g_autofree char *path =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    g_autofree char *file = NULL;
    g_assert_true(g_file_get_contents(path, &file, NULL, NULL));
    editor_document_set_history_index(doc, 0);
    char *now = editor_level_to_json(l, NULL);
    g_assert_cmpstr(now, ==, file);
    free(now);
}

/* The slope tool: a press-drag-release is one stroke; nothing is pushed until the release; a
 * click (a line under 4 px) does nothing but say so; the options choose masks and fill. */
static void test_slope_tool(void)
{
    g_autoptr(EditorDocument) doc = editor_document_new_empty(128, 16, 8, NULL);
    const lw_level *l = editor_document_get_level(doc);
    EditorTools t;
    editor_tools_init(&t, doc);
    t.kind = EDITOR_TOOL_SLOPE;
    t.slope_masks = TRUE;
    t.slope_fill = TRUE;
    g_assert_cmpstr(editor_tool_kind_to_string(EDITOR_TOOL_SLOPE), ==, "slope");
    click(&t, 100, 100, 1);
    g_assert_cmpuint(steps(doc), ==, 0);
    g_assert_nonnull(strstr(t.message, "at least 4 px"));
    /* a floor drawn left to right along pixel row 831 (over empty cells the solid side is the
     * right of the drag: below): row 831 is the surface, filled down to the bottom */
    editor_tools_press(&t, 0, 831, 1);
    editor_tools_motion(&t, 1000, 831);
    g_assert_cmpuint(steps(doc), ==, 0);
    editor_tools_release(&t, 2047, 831);
    g_assert_cmpuint(steps(doc), ==, 1);
    g_assert_nonnull(strstr(t.message, "Slope 0x00"));
    lw_collision_cell cc;
    g_assert_true(lw_level_collision_at(l, 500, 1000, LW_PATH_A, &cc)); /* filled under */
    g_assert_false(lw_level_collision_at(l, 500, 830, LW_PATH_A, &cc) &&
                   lw_mask_pixel(cc.mask, 500 & 15, 830 & 15));
    g_assert_true(lw_level_collision_at(l, 500, 831, LW_PATH_A, &cc));
    g_assert_true(lw_mask_pixel(cc.mask, 500 & 15, 831 & 15));
    /* a chained line starts where the last one ended: a ramp up from x 2047 is refused at the
     * level's edge, so chain back leftwards: from (2047, 831) up to (1800, 780) */
    t.slope_chain = TRUE;
    editor_tools_press(&t, 5, 5, 1);
    g_assert_cmpint(t.start_x, ==, 2047);
    g_assert_cmpint(t.start_y, ==, 831);
    g_assert_false(t.slope_chain);
    editor_tools_release(&t, 1800, 780);
    g_assert_cmpuint(steps(doc), ==, 2);
    g_assert_true(lw_level_collision_at(l, 1900, 820, LW_PATH_A, &cc));
    editor_document_undo(doc);
    /* angles only, path B only, on the floor just drawn: flat full tiles have no surface */
    t.slope_masks = FALSE;
    t.solidity_paths = 2;
    editor_tools_press(&t, 0, 900, 1);
    editor_tools_release(&t, 500, 900);
    g_assert_cmpuint(steps(doc), ==, 1);
    g_assert_nonnull(strstr(t.message, "no tile with a surface"));
    editor_document_undo(doc);
    g_assert_cmpuint(l->mask_count, ==, 0);
}

/* The placed mask (cell flips applied) of the foreground cell at tile (@tx, @ty) on @path. */
static gboolean placed_mask(const lw_level *l, guint tx, guint ty, int path, lw_mask *out)
{
    lw_collision_cell c;
    if (!lw_level_collision_at(l, (int32_t)tx * 16, (int32_t)ty * 16, (lw_path)path, &c) || !c.mask)
        return FALSE;
    lwm_mask_flip(c.mask, c.flags & LW_CELL_FLIP_X, c.flags & LW_CELL_FLIP_Y, out);
    return TRUE;
}

/* Every painted cell of @paints reads, after the command, exactly the mask the preview showed. */
static void assert_paints_landed(const lw_level *l, GArray *paints)
{
    g_assert_nonnull(paints);
    g_assert_cmpuint(paints->len, >, 0);
    for (guint k = 0; k < paints->len; k++) {
        const EditorCellPaint *p = &g_array_index(paints, EditorCellPaint, k);
        guint tx = p->slot_x * l->chunk_cells + p->index % l->chunk_cells;
        guint ty = p->slot_y * l->chunk_cells + p->index / l->chunk_cells;
        for (int path = 0; path < 2; path++) {
            if (!(p->paths & (1u << path)))
                continue;
            lw_mask got;
            gboolean has = placed_mask(l, tx, ty, path, &got);
            g_assert_cmpint(has, ==, p->has_mask[path]);
            if (!has)
                continue;
            g_assert_cmpmem(got.heights, 16, p->mask[path].heights, 16);
            g_assert_cmpuint(lw_mask_angle_byte(&got), ==, lw_mask_angle_byte(&p->mask[path]));
        }
    }
}

/* Live previews: while a rectangle, a slope line or the loop preset's place is shown, the
 * preview is what the release will do and the document is untouched; Escape cancels. */
static void test_previews(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    char *before = editor_level_to_json(l, NULL);
    EditorTools t;
    editor_tools_init(&t, doc);

    /* rectangle: the preview's edits are the cells the release fills, and only those */
    t.kind = EDITOR_TOOL_RECT;
    t.brush_chunk = 13;
    g_assert_null(editor_tools_preview_layout(&t));
    editor_tools_press(&t, 3 * 128 + 9, 1 * 128 + 9, 1);
    editor_tools_motion(&t, 5 * 128 + 9, 2 * 128 + 9);
    GArray *edits = editor_tools_preview_layout(&t);
    g_assert_nonnull(edits);
    g_assert_cmpuint(edits->len, ==, 6);
    char *during = editor_level_to_json(l, NULL);
    g_assert_cmpstr(during, ==, before); /* nothing touches the document while dragging */
    free(during);
    g_assert_cmpuint(steps(doc), ==, 0);
    editor_tools_release(&t, 5 * 128 + 9, 2 * 128 + 9);
    g_assert_null(editor_tools_preview_layout(&t));
    g_assert_cmpuint(steps(doc), ==, 1);
    guint changed = 0;
    for (guint y = 0; y < l->layout_height; y++)
        for (guint x = 0; x < l->layout_width; x++) {
            gboolean in = FALSE;
            for (guint k = 0; k < edits->len; k++) {
                EditorLayoutEdit *e = &g_array_index(edits, EditorLayoutEdit, k);
                if (e->x == x && e->y == y) {
                    in = TRUE;
                    g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, y), ==, e->chunk);
                }
            }
            changed += in;
        }
    g_assert_cmpuint(changed, ==, 6);
    g_array_unref(edits);
    editor_document_undo(doc);

    /* Escape during a rectangle drag: nothing on release */
    editor_tools_press(&t, 3 * 128 + 9, 1 * 128 + 9, 1);
    editor_tools_motion(&t, 5 * 128 + 9, 2 * 128 + 9);
    g_assert_true(editor_tools_escape(&t));
    g_assert_null(editor_tools_preview_layout(&t));
    editor_tools_release(&t, 5 * 128 + 9, 2 * 128 + 9);
    g_assert_cmpuint(editor_undo_stack_get_count(editor_document_get_undo_stack(doc)), ==, 1);
    g_assert_cmpuint(steps(doc), ==, 0);

    /* slope with masks over the sample's flat ground (y 736): the preview's masks land */
    t.kind = EDITOR_TOOL_SLOPE;
    t.slope_masks = TRUE;
    t.slope_fill = TRUE;
    editor_tools_press(&t, 648, 736, 1);
    editor_tools_motion(&t, 888, 640);
    guint8 angle = 0;
    GArray *paints = editor_tools_preview_paints(&t, &angle);
    g_assert_nonnull(paints);
    g_assert_cmphex(angle, ==, editor_slope_angle(l, 648.5, 736.5, 888.5, 640.5, 3));
    during = editor_level_to_json(l, NULL);
    g_assert_cmpstr(during, ==, before);
    free(during);
    editor_tools_release(&t, 888, 640);
    g_assert_cmpuint(steps(doc), ==, 1);
    g_assert_null(editor_tools_preview_paints(&t, NULL));
    assert_paints_landed(l, paints);
    g_array_unref(paints);
    editor_document_undo(doc);

    /* Escape during a slope drag */
    editor_tools_press(&t, 648, 736, 1);
    editor_tools_motion(&t, 888, 640);
    g_assert_true(editor_tools_escape(&t));
    g_assert_null(editor_tools_preview_paints(&t, NULL));
    editor_tools_release(&t, 888, 640);
    g_assert_cmpuint(steps(doc), ==, 0);

    /* the loop preset's place: the preview is the loop the preset makes */
    EditorLoopPlace place;
    g_assert_true(editor_loop_place(l, 12 * 128, 600, 96, &place, NULL));
    editor_tools_set_loop_preview(&t, &place);
    paints = editor_tools_preview_paints(&t, NULL);
    g_assert_nonnull(paints);
    during = editor_level_to_json(l, NULL);
    g_assert_cmpstr(during, ==, before);
    free(during);
    editor_tools_set_loop_preview(&t, NULL);
    g_assert_null(editor_tools_preview_paints(&t, NULL));
    g_assert_true(editor_loop_preset(doc, NULL, &place, NULL, NULL));
    assert_paints_landed(l, paints);
    g_array_unref(paints);
    free(before);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/tools/layout", test_layout_tools);
    g_test_add_func("/editor/tools/objects", test_object_tool);
    g_test_add_func("/editor/tools/chunk-editing", test_chunk_editing);
    g_test_add_func("/editor/tools/slope", test_slope_tool);
    g_test_add_func("/editor/tools/previews", test_previews);
    return g_test_run();
}
