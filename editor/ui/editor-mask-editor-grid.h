#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The mask editor's big grid: where the 16x16 mask pixels lie in its drawing area. One mapping,
 * used by the drawing (editor-mask-views.c) and by the pointer (the cell under a pointer
 * position), so what is drawn at a place is what a click there edits. The cell size is the
 * largest whole number of px per mask pixel with which the grid and its two strips (the
 * heights below, the widths on the right) fit the area, between EDITOR_MASK_CELL_MIN and
 * EDITOR_MASK_CELL_MAX; the content is centred in the area. Plain C, no GTK (unit-tested in
 * tests/editor/test-mask-grid.c, also with -Dgui=disabled).
 */

#include <stdbool.h>

#define EDITOR_MASK_CELL_MIN     16  /* px per mask pixel: the smallest that stays readable */
#define EDITOR_MASK_CELL_MAX     40  /* px per mask pixel: larger adds nothing */
#define EDITOR_MASK_GRID_MARGIN  14  /* px around the content */
#define EDITOR_MASK_GRID_GAP     8   /* px between the grid and the widths strip */
#define EDITOR_MASK_GRID_STRIP_W 104 /* px: the widths strip on the right */
#define EDITOR_MASK_GRID_STRIP_H 58  /* px: the heights strip below */

/** Where the grid lies in an area: its top-left corner and the size of one mask pixel (px). */
typedef struct EditorMaskGrid {
    int cell; /* px per mask pixel */
    int x, y; /* the grid's top-left corner in the area, px */
} EditorMaskGrid;

/** The area (px) that the grid and its strips take at @cell px per mask pixel, margins included. */
int editor_mask_grid_area_width(int cell);
int editor_mask_grid_area_height(int cell);

/** The grid in an area of @width x @height px: the largest cell size that fits (at least
 * EDITOR_MASK_CELL_MIN even when the area is smaller, at most EDITOR_MASK_CELL_MAX), the content
 * centred (never left of or above the margin). */
EditorMaskGrid editor_mask_grid_layout(int width, int height);

/** The mask pixel (@col, @row) under the point (@x, @y) of the area (px). Points outside the
 * grid give columns or rows outside 0..15 (a row of -1 is just above the grid). */
void editor_mask_grid_cell_at(const EditorMaskGrid *g, double x, double y, int *col, int *row);

/** The top-left corner (px) of mask pixel @col (x) or @row (y); any value, also outside 0..15. */
double editor_mask_grid_col_x(const EditorMaskGrid *g, double col);
double editor_mask_grid_row_y(const EditorMaskGrid *g, double row);

/** The 16x16 grid's side, px. */
int editor_mask_grid_side(const EditorMaskGrid *g);
