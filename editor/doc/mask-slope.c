/* SPDX-License-Identifier: MIT */
/* The slope tool: masks and angles along a drawn line (mask-ops.h). */
#define G_LOG_DOMAIN "editor-masks"

#include "editor-commands.h"
#include "level-ops.h"
#include "mask-ops-private.h"
#include "mask-ops.h"

#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

/* ---- the slope tool ---- */

/* End the group a paint operation opened: kept with its report when @ok, else undone. */
gboolean editor_mask_ops_close_paint_group(EditorDocument *doc, gboolean ok,
                                           const EditorPaintReport *rep, EditorPaintReport *report)
{
    if (!ok) {
        editor_document_cancel_group(doc);
        return FALSE;
    }
    editor_document_end_group(doc);
    if (report)
        *report = *rep;
    return TRUE;
}

guint8 editor_line_angle(double x0, double y0, double x1, double y1, gboolean solid_right)
{
    double dx = x1 - x0, dy = y1 - y0;
    if (!solid_right) {
        dx = -dx;
        dy = -dy;
    }
    double hex = atan2(dy, dx) * 128.0 / G_PI;
    if (hex < 0)
        hex += 256.0;
    return lwm_angle_round_even(hex);
}

/* Clip the segment to [0, w) x [0, h) (Liang-Barsky). FALSE when nothing is left. */
static gboolean clip_segment(double w, double h, double *x0, double *y0, double *x1, double *y1)
{
    double t0 = 0, t1 = 1, dx = *x1 - *x0, dy = *y1 - *y0;
    const double lim_x = w - 1e-6, lim_y = h - 1e-6;
    double p[4] = {-dx, dx, -dy, dy}, q[4] = {*x0, lim_x - *x0, *y0, lim_y - *y0};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return FALSE;
            continue;
        }
        double r = q[i] / p[i];
        if (p[i] < 0)
            t0 = MAX(t0, r);
        else
            t1 = MIN(t1, r);
    }
    if (t0 > t1)
        return FALSE;
    double ax = *x0 + t0 * dx, ay = *y0 + t0 * dy;
    *x1 = *x0 + t1 * dx;
    *y1 = *y0 + t1 * dy;
    *x0 = ax;
    *y0 = ay;
    return TRUE;
}

GArray *editor_line_cells(const lw_level *level, double x0, double y0, double x1, double y1)
{
    GArray *cells = g_array_new(FALSE, FALSE, sizeof(guint32));
    if (!clip_segment(lw_level_width_px(level), lw_level_height_px(level), &x0, &y0, &x1, &y1))
        return cells;
    /* Amanatides-Woo: every cell the segment passes through; a crossing exactly through a
     * corner steps diagonally (the side cells are only touched at a point) */
    int cx = (int)floor(x0 / 16), cy = (int)floor(y0 / 16);
    int ex = (int)floor(x1 / 16), ey = (int)floor(y1 / 16);
    double dx = x1 - x0, dy = y1 - y0;
    int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    double tmx = sx > 0 ? ((cx + 1) * 16.0 - x0) / dx : sx < 0 ? (cx * 16.0 - x0) / dx : INFINITY;
    double tmy = sy > 0 ? ((cy + 1) * 16.0 - y0) / dy : sy < 0 ? (cy * 16.0 - y0) / dy : INFINITY;
    double tdx = sx ? 16.0 / fabs(dx) : INFINITY, tdy = sy ? 16.0 / fabs(dy) : INFINITY;
    for (int guard = 0; guard < 1 << 16; guard++) {
        guint32 v = (guint32)cy << 16 | (guint32)cx;
        g_array_append_val(cells, v);
        if (cx == ex && cy == ey)
            break;
        if (tmx > 1 && tmy > 1)
            break;
        if (fabs(tmx - tmy) < 1e-12) {
            cx += sx;
            cy += sy;
            tmx += tdx;
            tmy += tdy;
        } else if (tmx < tmy) {
            cx += sx;
            tmx += tdx;
        } else {
            cy += sy;
            tmy += tdy;
        }
    }
    return cells;
}

/* The placed mask of the foreground cell at tile (@tx, @ty) on @path (flips applied), with
 * the cell's slot and index. FALSE when the cell has no mask on @path or no solidity there. */
static gboolean placed_mask(const lw_level *level, guint tx, guint ty, int path, lw_mask *out)
{
    const lw_cell *cell = lw_level_cell_at(level, (int32_t)tx * 16, (int32_t)ty * 16);
    if (!cell || cell->tile == LW_NONE || cell->tile >= level->tile_count ||
        lw_cell_solidity(cell, (lw_path)path) == LW_SOLID_NONE)
        return FALSE;
    uint16_t m = level->tiles[cell->tile].mask[path];
    if (m == LW_NONE || m >= level->mask_count)
        return FALSE;
    lwm_mask_flip(&level->masks[m], cell->flags & LW_CELL_FLIP_X, cell->flags & LW_CELL_FLIP_Y,
                  out);
    return TRUE;
}

void editor_mask_ops_paint_at(const lw_level *level, guint tx, guint ty, EditorCellPaint *p)
{
    memset(p, 0, sizeof *p);
    guint cells = level->chunk_cells;
    p->slot_x = (guint16)(tx / cells);
    p->slot_y = (guint16)(ty / cells);
    p->index = (guint16)((ty % cells) * cells + tx % cells);
}

static void full_mask(lw_mask *m)
{
    memset(m, 0, sizeof *m);
    for (int c = 0; c < 16; c++)
        m->heights[c] = 16;
    m->flags = LW_MASK_FLAGGED;
    lw_mask_derive_widths(m);
}

/* Which side of the line (from (x0, y0) to (x1, y1)) is solid: TRUE when most solid pixels of
 * the crossed @cells lie on the right of the direction of travel (screen), or when the cells
 * hold no solid pixel on the first of @paths. */
static gboolean slope_solid_right(const lw_level *level, GArray *cells, double x0, double y0,
                                  double x1, double y1, guint8 paths)
{
    double len = hypot(x1 - x0, y1 - y0);
    if (len <= 0)
        return TRUE;
    double nx = -(y1 - y0) / len, ny = (x1 - x0) / len;
    int path = (paths & 1u) ? 0 : 1;
    double vote = 0;
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        guint tx = v & 0xFFFFu, ty = v >> 16;
        lw_mask m;
        if (!placed_mask(level, tx, ty, path, &m))
            continue;
        for (int c = 0; c < 16; c++)
            for (int r = 0; r < 16; r++)
                if (lw_mask_pixel(&m, c, r))
                    vote += (tx * 16.0 + c + 0.5 - x0) * nx + (ty * 16.0 + r + 0.5 - y0) * ny;
    }
    return vote >= 0;
}

guint8 editor_slope_angle(const lw_level *level, double x0, double y0, double x1, double y1,
                          guint8 paths)
{
    GArray *cells = editor_line_cells(level, x0, y0, x1, y1);
    gboolean right = slope_solid_right(level, cells, x0, y0, x1, y1, paths);
    g_array_unref(cells);
    return editor_line_angle(x0, y0, x1, y1, right);
}

/* One slope stroke's line: ends, unit normal towards the solid side, angle. */
typedef struct {
    double x0, y0, x1, y1;
    double nx, ny;
    guint8 angle;
    guint8 paths;
} SlopeLine;

/* Masks mode, one crossed cell: pixels whose projection falls on the segment follow the line;
 * the others (past its ends) keep what the cell has, so strokes join. FALSE when no path of
 * the cell changes. */
static gboolean slope_cut_cell(const lw_level *level, const SlopeLine *L, guint tx, guint ty,
                               EditorCellPaint *p)
{
    double dx = L->x1 - L->x0, dy = L->y1 - L->y0, len2 = dx * dx + dy * dy;
    gboolean any = FALSE;
    for (int path = 0; path < 2; path++) {
        if (!(L->paths & (1u << path)))
            continue;
        lwm_bits old = {{0}}, bits = {{0}};
        lw_mask cur;
        if (placed_mask(level, tx, ty, path, &cur))
            lwm_bits_from_mask(&cur, &old);
        gboolean cut = FALSE;
        for (int c = 0; c < 16; c++)
            for (int r = 0; r < 16; r++) {
                double px = tx * 16.0 + c + 0.5 - L->x0, py = ty * 16.0 + r + 0.5 - L->y0;
                double t = (px * dx + py * dy) / len2;
                gboolean solid;
                if (t < 0 || t > 1) {
                    solid = (old.col[c] >> r) & 1u;
                } else {
                    /* a pixel centre on the line is solid */
                    solid = px * L->nx + py * L->ny >= -1e-9;
                    cut = TRUE;
                }
                if (solid)
                    bits.col[c] |= (uint16_t)(1u << r);
            }
        guint count = lwm_bits_count(&bits);
        if (!cut || (count == 0 && lwm_bits_count(&old) == 0))
            continue;
        p->paths |= (guint8)(1u << path);
        p->has_mask[path] = count > 0;
        if (count == 256) {
            full_mask(&p->mask[path]);
        } else if (count > 0) {
            lwm_heights_from_bits(&bits, &p->mask[path], NULL, NULL);
            p->mask[path].angle = L->angle;
            p->mask[path].flags = LW_MASK_LOCKED;
        }
        any = TRUE;
    }
    return any;
}

/* Angles mode, one crossed cell: its masks with a surface inside the tile get the line's angle,
 * locked. FALSE when there is none. */
static gboolean slope_angle_cell(const lw_level *level, const SlopeLine *L, guint tx, guint ty,
                                 EditorCellPaint *p)
{
    for (int path = 0; path < 2; path++) {
        lw_mask m;
        if (!(L->paths & (1u << path)) || !placed_mask(level, tx, ty, path, &m))
            continue;
        lwm_bits bits;
        lwm_bits_from_mask(&m, &bits);
        guint count = lwm_bits_count(&bits);
        if (count == 0 || count == 256)
            continue; /* no surface inside the tile */
        m.angle = L->angle;
        m.flags = LW_MASK_LOCKED;
        p->paths |= (guint8)(1u << path);
        p->has_mask[path] = TRUE;
        p->mask[path] = m;
    }
    return p->paths != 0;
}

/* Full blocks under a floor-like line, per tile column from below its lowest crossed row down
 * to the ground (at most 64 rows). */
static void slope_fill_under(const lw_level *level, guint8 paths, const gint *lowest, guint cols,
                             GArray *paints)
{
    guint rows = level->layout_height * level->chunk_cells;
    for (guint tx = 0; tx < cols; tx++) {
        if (lowest[tx] < 0)
            continue;
        for (guint ty = (guint)lowest[tx] + 1; ty < rows && ty < (guint)lowest[tx] + 65; ty++) {
            gboolean solid = FALSE;
            for (int path = 0; path < 2 && !solid; path++) {
                lw_mask m;
                lwm_bits bits;
                if ((paths & (1u << path)) && placed_mask(level, tx, ty, path, &m)) {
                    lwm_bits_from_mask(&m, &bits);
                    solid = lwm_bits_count(&bits) > 0;
                }
            }
            if (solid)
                break;
            EditorCellPaint p;
            editor_mask_ops_paint_at(level, tx, ty, &p);
            for (int path = 0; path < 2; path++)
                if (paths & (1u << path)) {
                    p.paths |= (guint8)(1u << path);
                    p.has_mask[path] = TRUE;
                    full_mask(&p.mask[path]);
                }
            g_array_append_val(paints, p);
        }
    }
}

/* The paints of one stroke over the crossed @cells. */
static GArray *slope_paints(const lw_level *level, const SlopeLine *L, GArray *cells,
                            const EditorSlopeOptions *opts)
{
    GArray *paints = g_array_new(FALSE, TRUE, sizeof(EditorCellPaint));
    guint cols = level->layout_width * level->chunk_cells;
    g_autofree gint *lowest = g_new(gint, cols); /* per tile column: lowest crossed row */
    for (guint i = 0; i < cols; i++)
        lowest[i] = -1;
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        guint tx = v & 0xFFFFu, ty = v >> 16;
        EditorCellPaint p;
        editor_mask_ops_paint_at(level, tx, ty, &p);
        if (opts->masks) {
            if (!slope_cut_cell(level, L, tx, ty, &p))
                continue;
            if ((gint)ty > lowest[tx])
                lowest[tx] = (gint)ty;
        } else if (!slope_angle_cell(level, L, tx, ty, &p)) {
            continue;
        }
        g_array_append_val(paints, p);
    }
    if (opts->masks && opts->fill_under && L->ny > 0.2)
        slope_fill_under(level, L->paths, lowest, cols, paints);
    return paints;
}

GArray *editor_slope_paints(const lw_level *level, double x0, double y0, double x1, double y1,
                            const EditorSlopeOptions *opts, guint8 *angle, GError **error)
{
    guint8 paths = opts->paths & 3u;
    double len = hypot(x1 - x0, y1 - y0);
    if (len < 4 || !paths) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "drag a line of at least 4 px across the surface");
        return NULL;
    }
    GArray *cells = editor_line_cells(level, x0, y0, x1, y1);
    gboolean right = slope_solid_right(level, cells, x0, y0, x1, y1, paths);
    SlopeLine L = {x0, y0, x1, y1, -(y1 - y0) / len, (x1 - x0) / len, 0, paths};
    if (!right) {
        L.nx = -L.nx;
        L.ny = -L.ny;
    }
    L.angle = editor_line_angle(x0, y0, x1, y1, right);
    if (angle)
        *angle = L.angle;
    GArray *paints = slope_paints(level, &L, cells, opts);
    g_array_unref(cells);
    if (paints->len == 0) {
        g_array_unref(paints);
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            opts->masks ? "the line crosses no cell of the level"
                                        : "the line crosses no tile with a surface on that path");
        return NULL;
    }
    return paints;
}

gboolean editor_slope_stroke(EditorDocument *doc, const lwm_image *art, double x0, double y0,
                             double x1, double y1, const EditorSlopeOptions *opts, guint8 *angle,
                             EditorPaintReport *report, GError **error)
{
    GArray *paints =
        editor_slope_paints(editor_document_get_level(doc), x0, y0, x1, y1, opts, angle, error);
    if (!paints)
        return FALSE;
    editor_document_begin_group(doc, opts->masks ? "Slope (Masks)" : "Slope (Angles)");
    EditorPaintReport rep;
    gboolean ok =
        editor_paint_cells(doc, (EditorCellPaint *)paints->data, paints->len, art, &rep, error);
    g_array_unref(paints);
    return editor_mask_ops_close_paint_group(doc, ok, &rep, report);
}
