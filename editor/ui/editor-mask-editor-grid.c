/* SPDX-License-Identifier: MIT */
/* The mask editor's grid geometry (editor-mask-editor-grid.h). */
#include "editor-mask-editor-grid.h"

#include <math.h>

int editor_mask_grid_area_width(int cell)
{
    return 2 * EDITOR_MASK_GRID_MARGIN + 16 * cell + EDITOR_MASK_GRID_GAP +
           EDITOR_MASK_GRID_STRIP_W;
}

int editor_mask_grid_area_height(int cell)
{
    return 2 * EDITOR_MASK_GRID_MARGIN + 16 * cell + EDITOR_MASK_GRID_STRIP_H;
}

EditorMaskGrid editor_mask_grid_layout(int width, int height)
{
    int by_w = (width - editor_mask_grid_area_width(0)) / 16;
    int by_h = (height - editor_mask_grid_area_height(0)) / 16;
    int cell = by_w < by_h ? by_w : by_h;
    if (cell < EDITOR_MASK_CELL_MIN)
        cell = EDITOR_MASK_CELL_MIN;
    if (cell > EDITOR_MASK_CELL_MAX)
        cell = EDITOR_MASK_CELL_MAX;
    int spare_w = width - editor_mask_grid_area_width(cell);
    int spare_h = height - editor_mask_grid_area_height(cell);
    EditorMaskGrid g = {
        .cell = cell,
        .x = EDITOR_MASK_GRID_MARGIN + (spare_w > 0 ? spare_w / 2 : 0),
        .y = EDITOR_MASK_GRID_MARGIN + (spare_h > 0 ? spare_h / 2 : 0),
    };
    return g;
}

void editor_mask_grid_cell_at(const EditorMaskGrid *g, double x, double y, int *col, int *row)
{
    double c = floor((x - g->x) / g->cell), r = floor((y - g->y) / g->cell);
    /* far outside (or NaN): well outside 0..15 without overflowing an int */
    *col = c >= -1000 && c <= 1000 ? (int)c : -1000;
    *row = r >= -1000 && r <= 1000 ? (int)r : -1000;
}

double editor_mask_grid_col_x(const EditorMaskGrid *g, double col)
{
    return g->x + col * g->cell;
}

double editor_mask_grid_row_y(const EditorMaskGrid *g, double row)
{
    return g->y + row * g->cell;
}

int editor_mask_grid_side(const EditorMaskGrid *g)
{
    return 16 * g->cell;
}
