/* SPDX-License-Identifier: MIT */
/*
 * The mask editor's grid geometry without a display (editor/ui/editor-mask-editor-grid.c): the
 * cell size is the largest that fits the area, within the readable minimum and the maximum; the
 * content is centred; and the pointer mapping gives back the cell whose square the drawing puts
 * under the point, at every cell's corners and edges, for every size.
 */
#include "ui/editor-mask-editor-grid.h"

#include <glib.h>
#include <math.h>
#include <stdlib.h>

/* The grid and its strips fit the area (when the minimum does) and a cell one px larger would
 * not, or the cell is at a bound. */
static void test_cell_size(void)
{
    int checked = 0;
    for (int w = 0; w <= 1600; w += 7)
        for (int h = 0; h <= 1200; h += 11) {
            EditorMaskGrid g = editor_mask_grid_layout(w, h);
            g_assert_cmpint(g.cell, >=, EDITOR_MASK_CELL_MIN);
            g_assert_cmpint(g.cell, <=, EDITOR_MASK_CELL_MAX);
            gboolean fits = editor_mask_grid_area_width(g.cell) <= w &&
                            editor_mask_grid_area_height(g.cell) <= h;
            gboolean next_fits = editor_mask_grid_area_width(g.cell + 1) <= w &&
                                 editor_mask_grid_area_height(g.cell + 1) <= h;
            if (g.cell > EDITOR_MASK_CELL_MIN)
                g_assert_true(fits);
            if (g.cell < EDITOR_MASK_CELL_MAX)
                g_assert_false(next_fits);
            if (editor_mask_grid_area_width(EDITOR_MASK_CELL_MIN) <= w &&
                editor_mask_grid_area_height(EDITOR_MASK_CELL_MIN) <= h)
                g_assert_true(fits);
            /* never left of or above the margin; centred when there is room */
            g_assert_cmpint(g.x, >=, EDITOR_MASK_GRID_MARGIN);
            g_assert_cmpint(g.y, >=, EDITOR_MASK_GRID_MARGIN);
            if (fits) {
                int right = w - (g.x + editor_mask_grid_side(&g) + EDITOR_MASK_GRID_GAP +
                                 EDITOR_MASK_GRID_STRIP_W);
                int bottom = h - (g.y + editor_mask_grid_side(&g) + EDITOR_MASK_GRID_STRIP_H);
                g_assert_cmpint(abs(right - g.x), <=, 1);
                g_assert_cmpint(abs(bottom - g.y), <=, 1);
            }
            checked++;
        }
    g_assert_cmpint(checked, >, 20000);
    /* exact values: the old fixed 22 px grid's area holds a 22 px grid; the minimum and the
     * maximum */
    EditorMaskGrid g = editor_mask_grid_layout(14 + 352 + 8 + 104 + 14, 14 + 352 + 58 + 14);
    g_assert_cmpint(g.cell, ==, 22);
    g_assert_cmpint(g.x, ==, 14);
    g_assert_cmpint(g.y, ==, 14);
    g = editor_mask_grid_layout(14 + 352 + 8 + 104 + 14 + 15, 14 + 352 + 58 + 14 + 15);
    g_assert_cmpint(g.cell, ==, 22);
    g_assert_cmpint(g.x, ==, 14 + 7);
    g = editor_mask_grid_layout(14 + 352 + 8 + 104 + 14 + 16, 14 + 352 + 58 + 14 + 16);
    g_assert_cmpint(g.cell, ==, 23);
    g = editor_mask_grid_layout(10, 10);
    g_assert_cmpint(g.cell, ==, EDITOR_MASK_CELL_MIN);
    g_assert_cmpint(g.x, ==, EDITOR_MASK_GRID_MARGIN);
    g = editor_mask_grid_layout(5000, 5000);
    g_assert_cmpint(g.cell, ==, EDITOR_MASK_CELL_MAX);
    g_assert_cmpint(g.x, ==,
                    (5000 - editor_mask_grid_area_width(EDITOR_MASK_CELL_MAX)) / 2 +
                        EDITOR_MASK_GRID_MARGIN);
    /* limited by the narrower side */
    g = editor_mask_grid_layout(2000, editor_mask_grid_area_height(20));
    g_assert_cmpint(g.cell, ==, 20);
    g = editor_mask_grid_layout(editor_mask_grid_area_width(19), 2000);
    g_assert_cmpint(g.cell, ==, 19);
}

/* Drawing's squares and the pointer's cells agree: the point just inside each corner of cell
 * (c, r) as drawn maps to (c, r), just outside to its neighbour. */
static void test_pointer_mapping(void)
{
    static const int sizes[][2] = {{300, 200}, {478, 438}, {640, 520}, {517, 601}, {1200, 900}};
    for (size_t k = 0; k < G_N_ELEMENTS(sizes); k++) {
        EditorMaskGrid g = editor_mask_grid_layout(sizes[k][0], sizes[k][1]);
        for (int c = -1; c <= 16; c++)
            for (int r = -1; r <= 16; r++) {
                double x0 = editor_mask_grid_col_x(&g, c), y0 = editor_mask_grid_row_y(&g, r);
                double x1 = editor_mask_grid_col_x(&g, c + 1),
                       y1 = editor_mask_grid_row_y(&g, r + 1);
                g_assert_cmpfloat(x1 - x0, ==, g.cell);
                g_assert_cmpfloat(y1 - y0, ==, g.cell);
                const double e = 0.01;
                const double in[4][2] = {
                    {x0 + e, y0 + e}, {x1 - e, y0 + e}, {x0 + e, y1 - e}, {x1 - e, y1 - e}};
                for (int i = 0; i < 4; i++) {
                    int col, row;
                    editor_mask_grid_cell_at(&g, in[i][0], in[i][1], &col, &row);
                    g_assert_cmpint(col, ==, c);
                    g_assert_cmpint(row, ==, r);
                }
                int col, row;
                editor_mask_grid_cell_at(&g, x0 - e, y1 + e, &col, &row);
                g_assert_cmpint(col, ==, c - 1);
                g_assert_cmpint(row, ==, r + 1);
                /* the centre, as a click lands */
                editor_mask_grid_cell_at(&g, (x0 + x1) / 2, (y0 + y1) / 2, &col, &row);
                g_assert_cmpint(col, ==, c);
                g_assert_cmpint(row, ==, r);
            }
        /* the grid's outline is cells 0..15 */
        g_assert_cmpfloat(editor_mask_grid_col_x(&g, 0), ==, g.x);
        g_assert_cmpfloat(editor_mask_grid_col_x(&g, 16), ==, g.x + editor_mask_grid_side(&g));
    }
    /* far away and not a number: outside, no overflow */
    EditorMaskGrid g = editor_mask_grid_layout(600, 500);
    int col, row;
    editor_mask_grid_cell_at(&g, 1e300, -1e300, &col, &row);
    g_assert_true(col < 0 || col > 15);
    g_assert_true(row < 0 || row > 15);
    editor_mask_grid_cell_at(&g, NAN, INFINITY, &col, &row);
    g_assert_true(col < 0 || col > 15);
    g_assert_true(row < -1 || row > 16);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/mask-grid/cell-size", test_cell_size);
    g_test_add_func("/editor/mask-grid/pointer-mapping", test_pointer_mapping);
    return g_test_run();
}
