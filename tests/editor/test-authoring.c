/* SPDX-License-Identifier: MIT */
/*
 * Mask and angle authoring without a display: the mask editor's commands (column drags merge
 * into one step, an unlocked angle follows the pixels, set/lock/flag/compute), tile operations
 * (copy A to B, make unique), the sensor probe against the spec's numbers, the slope tool (a
 * straight 22.5° line gives 0xF0 or 0x10 on every tile it crosses, whichever way it is drawn;
 * no cell it does not cross changes), the loop preset (the engine runs it at top speed:
 * floor -> right wall -> ceiling -> left wall -> floor, path A -> B -> A, in process and through
 * `loopwright sim`), generation from art (accept some, reject some, locked angles kept), the
 * terrain import, and the mask checks. Every edit is undone back to the exact starting JSON.
 */
#include "doc-support.h"
#include "editor-commands-mask.h"
#include "editor-commands.h"
#include "editor-document.h"
#include "level-check.h"
#include "level-json.h"
#include "level-ops.h"
#include "mask-generate.h"
#include "mask-ops.h"
#include "terrain-import.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <loopwright/fixed.h>
#include <loopwright/sim.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define T225 0.41421356237309503 /* tan(22.5°) */

static guint steps(EditorDocument *doc)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
}

static void undo_all(EditorDocument *doc)
{
    while (editor_document_can_undo(doc))
        editor_document_undo(doc);
}

static lwm_image art;

/* A mask that is neither flagged nor locked and has a slope (for the column tests). */
static guint sloped_mask(const lw_level *l)
{
    for (guint m = 0; m < l->mask_count; m++) {
        const lw_mask *k = &l->masks[m];
        if (!(k->flags & (LW_MASK_FLAGGED | LW_MASK_LOCKED)) && k->heights[0] != k->heights[15] &&
            k->heights[0] > 0 && k->heights[15] > 0)
            return m;
    }
    g_assert_not_reached();
}

/* ---- the mask editor's commands ---- */

static void test_set_column(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);
    guint m = sloped_mask(l);

    /* a drag over columns 3..8 is one step; the unlocked angle follows the pixels */
    guint stroke = editor_command_new_stroke();
    for (guint c = 3; c <= 8; c++)
        editor_document_push(doc, editor_cmd_mask_set_column_new(doc, m, c, 11, stroke));
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, m, 8, 12, stroke));
    g_assert_cmpuint(steps(doc), ==, 1);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Set Column Height");
    for (guint c = 3; c <= 7; c++)
        g_assert_cmpint(l->masks[m].heights[c], ==, 11);
    g_assert_cmpint(l->masks[m].heights[8], ==, 12);
    lw_mask expect;
    editor_mask_compute_angle(&l->masks[m], &expect);
    g_assert_cmpuint(l->masks[m].angle, ==, expect.angle);
    g_assert_cmpuint(l->masks[m].flags, ==, expect.flags);
    lw_mask derived = l->masks[m];
    lw_mask_derive_widths(&derived);
    g_assert_cmpmem(l->masks[m].widths, 16, derived.widths, 16);

    /* a ceiling-type (right-drag) height, and -16 stored as 16 */
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, m, 0, -5, 0));
    g_assert_cmpint(l->masks[m].heights[0], ==, -5);
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, m, 0, -16, 0));
    g_assert_cmpint(l->masks[m].heights[0], ==, 16);
    g_assert_cmpuint(steps(doc), ==, 3);
    /* setting what is there is no command */
    g_assert_null(editor_cmd_mask_set_column_new(doc, m, 0, 16, 0));
    g_assert_null(editor_cmd_mask_set_column_new(doc, m, 16, 3, 0));
    g_assert_null(editor_cmd_mask_set_column_new(doc, m, 0, 17, 0));

    /* a locked mask keeps its angle and flag */
    editor_document_push(doc, editor_cmd_mask_set_angle_new(doc, m, 0x30, 0));
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, m, 15, 2, 0));
    g_assert_cmpuint(l->masks[m].angle, ==, 0x30);
    g_assert_cmpuint(l->masks[m].flags, ==, LW_MASK_LOCKED);

    undo_all(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

static void test_angle_lock_flag(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);
    guint m = sloped_mask(l);
    lw_mask orig = l->masks[m];

    /* a dial drag: one step, the last value, unflagged and locked */
    guint stroke = editor_command_new_stroke();
    for (guint a = 0x10; a <= 0x18; a += 2)
        editor_document_push(doc, editor_cmd_mask_set_angle_new(doc, m, (guint8)a, stroke));
    g_assert_cmpuint(steps(doc), ==, 1);
    g_assert_cmpuint(l->masks[m].angle, ==, 0x18);
    g_assert_cmpuint(l->masks[m].flags, ==, LW_MASK_LOCKED);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Set Angle");

    /* flag: the stored angle is kept, so unflagging restores it */
    editor_document_push(doc, editor_cmd_mask_set_flagged_new(doc, m, TRUE));
    g_assert_cmpuint(l->masks[m].flags, ==, LW_MASK_FLAGGED | LW_MASK_LOCKED);
    g_assert_cmpuint(lw_mask_angle_byte(&l->masks[m]), ==, 0xFF);
    editor_document_push(doc, editor_cmd_mask_set_flagged_new(doc, m, FALSE));
    g_assert_cmpuint(lw_mask_angle_byte(&l->masks[m]), ==, 0x18);

    /* unlock, lock */
    editor_document_push(doc, editor_cmd_mask_set_locked_new(doc, m, FALSE));
    g_assert_cmpuint(l->masks[m].flags, ==, 0);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Unlock Angle");
    g_assert_null(editor_cmd_mask_set_locked_new(doc, m, FALSE));
    editor_document_push(doc, editor_cmd_mask_set_locked_new(doc, m, TRUE));
    g_assert_cmpuint(l->masks[m].flags, ==, LW_MASK_LOCKED);

    /* compute: the fitter's angle for these pixels, unlocked */
    editor_document_push(doc, editor_cmd_mask_compute_angle_new(doc, m));
    lw_mask expect;
    editor_mask_compute_angle(&orig, &expect);
    g_assert_cmpuint(l->masks[m].angle, ==, expect.angle);
    g_assert_cmpuint(l->masks[m].flags & LW_MASK_LOCKED, ==, 0);
    g_assert_cmpuint(steps(doc), ==, 6);

    /* paste (replace) */
    lw_mask other = l->masks[(m + 1) % l->mask_count];
    editor_document_push(doc, editor_cmd_mask_replace_new(doc, m, &other, "Paste Mask"));
    g_assert_cmpmem(l->masks[m].heights, 16, other.heights, 16);
    g_assert_cmpuint(l->masks[m].angle, ==, other.angle);

    /* each step undoes exactly */
    undo_all(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

static void test_tile_operations(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);

    /* a tile whose mask other tiles share: make unique copies it for this tile only */
    guint tile = LW_NONE, other = LW_NONE;
    for (guint t = 0; t < l->tile_count && tile == LW_NONE; t++)
        for (guint u = t + 1; u < l->tile_count; u++)
            if (l->tiles[t].mask[0] != LW_NONE && l->tiles[u].mask[0] == l->tiles[t].mask[0]) {
                tile = t;
                other = u;
                break;
            }
    g_assert_cmpuint(tile, !=, LW_NONE);
    guint shared = l->tiles[tile].mask[0], users = 0, cells = 0;
    editor_level_mask_usage(l, shared, &users, &cells);
    g_assert_cmpuint(users, >=, 2);
    g_assert_cmpuint(cells, >=, users - 1);
    guint masks = l->mask_count;
    g_assert_true(editor_tile_make_mask_unique(doc, tile, 0, NULL));
    g_assert_cmpuint(l->mask_count, ==, masks + 1);
    g_assert_cmpuint(l->tiles[tile].mask[0], ==, masks);
    g_assert_cmpuint(l->tiles[other].mask[0], ==, shared);
    g_assert_cmpmem(&l->masks[masks], sizeof(lw_mask), &l->masks[shared], sizeof(lw_mask));
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Make Mask Unique");
    /* now it is the tile's own: editing it leaves the other tile alone */
    editor_document_push(doc, editor_cmd_mask_set_column_new(doc, masks, 5, 1, 0));
    g_assert_cmpint(l->masks[shared].heights[5], !=, 1);

    /* copy path A to B */
    guint ab = LW_NONE;
    for (guint t = 0; t < l->tile_count && ab == LW_NONE; t++)
        if (l->tiles[t].mask[0] != LW_NONE && l->tiles[t].mask[1] != l->tiles[t].mask[0])
            ab = t;
    g_assert_cmpuint(ab, !=, LW_NONE);
    g_assert_true(editor_tile_copy_path_a_to_b(doc, ab));
    g_assert_cmpuint(l->tiles[ab].mask[1], ==, l->tiles[ab].mask[0]);
    g_assert_false(editor_tile_copy_path_a_to_b(doc, ab));

    /* a tile without a mask on a path gets one (an identical existing one is reused) */
    guint bare = LW_NONE;
    for (guint t = 0; t < l->tile_count && bare == LW_NONE; t++)
        if (l->tiles[t].mask[1] == LW_NONE)
            bare = t;
    g_assert_cmpuint(bare, !=, LW_NONE);
    lw_mask want = l->masks[shared];
    g_assert_true(editor_tile_set_mask(doc, bare, 1, &want, "Reset Mask from Art", NULL));
    g_assert_cmpuint(l->tiles[bare].mask[1], ==, shared);

    undo_all(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

/* ---- the probe ---- */

static void test_probe(void)
{
    EditorProbeHit hits[4][16];
    /* a flat floor 8 px high (flagged, as full and flat masks are), anchors 16 px out (the far
     * end of the neighbouring block): distance = 15 + the surface's depth inside the tile */
    lw_mask flat = {.flags = LW_MASK_FLAGGED};
    for (int c = 0; c < 16; c++)
        flat.heights[c] = 8;
    editor_mask_probe(&flat, 0, 16, hits);
    for (int i = 0; i < 16; i++) {
        /* from above: 8 free rows in the tile; the flag reads as 0xFF */
        g_assert_cmpint(hits[LW_DIR_DOWN][i].distance, ==, 15 + 8);
        g_assert_true(hits[LW_DIR_DOWN][i].surface);
        g_assert_cmpuint(hits[LW_DIR_DOWN][i].angle, ==, 0xFF);
        /* from below: the bottom row is solid */
        g_assert_cmpint(hits[LW_DIR_UP][i].distance, ==, 15);
        g_assert_true(hits[LW_DIR_UP][i].surface);
        /* from the sides: rows 8..15 are full width, rows 0..7 empty ("nothing": 31 - 0) */
        for (int d = LW_DIR_RIGHT; d <= LW_DIR_LEFT; d += 2) {
            g_assert_cmpint(hits[d][i].surface, ==, i >= 8);
            g_assert_cmpint(hits[d][i].distance, ==, i >= 8 ? 15 : 31);
        }
    }
    /* the pixel next to the tile (gap 1, offset 15 in its block): from above 8; from below the
     * originals' second-block rule (a run anchored at the far side with o + v >= 0 is
     * "nothing", PHYSICS.md §3.3): 31 - 15 = 16 */
    editor_mask_probe(&flat, 0, 1, hits);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(hits[LW_DIR_DOWN][i].distance, ==, 8);
        g_assert_cmpint(hits[LW_DIR_UP][i].distance, ==, 16);
        g_assert_false(hits[LW_DIR_UP][i].surface);
        g_assert_cmpint(hits[LW_DIR_RIGHT][i].distance, ==, i >= 8 ? 0 : 16);
    }
    /* a 45° rise to the right, heights 1..16 (0xE0) */
    lw_mask rise = {.angle = 0xE0};
    for (int c = 0; c < 16; c++)
        rise.heights[c] = (int8_t)(c + 1);
    editor_mask_probe(&rise, 0, 16, hits);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpint(hits[LW_DIR_DOWN][i].distance, ==, 15 + 15 - i);
        g_assert_cmpuint(hits[LW_DIR_DOWN][i].angle, ==, 0xE0);
        /* from the left side, row r's first solid pixel is column 15 - r */
        g_assert_cmpint(hits[LW_DIR_RIGHT][i].distance, ==, 15 + 15 - i);
        /* from the right side every row is solid at column 15 */
        g_assert_cmpint(hits[LW_DIR_LEFT][i].distance, ==, 15);
    }
    /* placed with X-flip it reads as the mirrored mask placed plainly (§2.5) */
    EditorProbeHit flipped[4][16], mirrored[4][16];
    editor_mask_probe(&rise, LW_CELL_FLIP_X, 16, flipped);
    lw_mask mirror;
    lwm_mask_flip(&rise, true, false, &mirror);
    editor_mask_probe(&mirror, 0, 16, mirrored);
    for (int d = 0; d < 4; d++)
        for (int i = 0; i < 16; i++) {
            g_assert_cmpint(flipped[d][i].distance, ==, mirrored[d][i].distance);
            g_assert_cmpuint(flipped[d][i].angle, ==, mirrored[d][i].angle);
            g_assert_cmpint(flipped[d][i].surface, ==, mirrored[d][i].surface);
        }
    g_assert_cmpuint(flipped[LW_DIR_DOWN][0].angle, ==, 0x20);
    /* Y-flip: a ceiling slope; from below, column c's surface is 15 - c rows deep */
    editor_mask_probe(&rise, LW_CELL_FLIP_Y, 16, hits);
    for (int i = 0; i < 16; i++)
        g_assert_cmpint(hits[LW_DIR_UP][i].distance, ==, 15 + 15 - i);
    g_assert_cmpuint(hits[LW_DIR_UP][3].angle, ==, 0xA0);
}

/* ---- the slope tool ---- */

typedef struct {
    uint16_t tile;
    uint8_t flags, solid;
    lw_mask mask[2];
    gboolean has[2];
} PlacedCell;

/* What collision sees in every 16 px cell of the foreground. */
static PlacedCell *snapshot(const lw_level *l, guint *n)
{
    guint cols = (guint)lw_level_width_px(l) / 16, rows = (guint)lw_level_height_px(l) / 16;
    *n = cols * rows;
    PlacedCell *s = g_new0(PlacedCell, *n);
    for (guint ty = 0; ty < rows; ty++)
        for (guint tx = 0; tx < cols; tx++) {
            PlacedCell *p = &s[ty * cols + tx];
            const lw_cell *c = lw_level_cell_at(l, (int32_t)tx * 16, (int32_t)ty * 16);
            if (!c || c->tile == LW_NONE)
                continue;
            p->tile = 1;
            p->flags = c->flags;
            p->solid = c->solid;
            for (int path = 0; path < 2; path++) {
                uint16_t m = l->tiles[c->tile].mask[path];
                if (m != LW_NONE) {
                    p->has[path] = TRUE;
                    p->mask[path] = l->masks[m];
                }
            }
        }
    return s;
}

static gboolean placed_same(const PlacedCell *a, const PlacedCell *b)
{
    if (a->tile != b->tile || a->flags != b->flags || a->solid != b->solid)
        return FALSE;
    for (int p = 0; p < 2; p++) {
        if (a->has[p] != b->has[p])
            return FALSE;
        if (a->has[p] &&
            (memcmp(a->mask[p].heights, b->mask[p].heights, 16) ||
             a->mask[p].angle != b->mask[p].angle || a->mask[p].flags != b->mask[p].flags))
            return FALSE;
    }
    return TRUE;
}

/* The effective angle of the placed mask on path A at tile (tx, ty), or -1 when the cell has
 * no surface there (no mask, empty or full). */
static int placed_angle(const lw_level *l, guint tx, guint ty, int path)
{
    lw_collision_cell cc;
    if (!lw_level_collision_at(l, (int32_t)tx * 16, (int32_t)ty * 16, (lw_path)path, &cc))
        return -1;
    lwm_bits bits;
    lwm_bits_from_mask(cc.mask, &bits);
    guint n = lwm_bits_count(&bits);
    if (n == 0 || n == 256)
        return -1;
    if (cc.mask->flags & LW_MASK_FLAGGED)
        return 0x1FF;
    return lw_angle_flip(cc.mask->angle, cc.flags & LW_CELL_FLIP_X, cc.flags & LW_CELL_FLIP_Y);
}

/* Scramble the angles of the cells the line crosses, stroke the line (either way), and check
 * every crossed cell with a surface reads @want, and nothing else changed. */
static void slope_line(EditorDocument *doc, double x0, double y0, double x1, double y1, guint8 want)
{
    const lw_level *l = editor_document_get_level(doc);
    g_autoptr(GArray) cells = editor_line_cells(l, x0, y0, x1, y1);
    g_assert_cmpuint(cells->len, >=, 15);
    editor_document_begin_group(doc, "Scramble");
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        const lw_cell *c = lw_level_cell_at(l, (int32_t)(v & 0xFFFF) * 16, (int32_t)(v >> 16) * 16);
        if (c && c->tile != LW_NONE && l->tiles[c->tile].mask[0] != LW_NONE) {
            EditorCommand *cmd =
                editor_cmd_mask_set_angle_new(doc, l->tiles[c->tile].mask[0], 0x00, 0);
            if (cmd)
                editor_document_push(doc, cmd);
        }
    }
    editor_document_end_group(doc);
    for (int reverse = 0; reverse < 2; reverse++) {
        guint n;
        g_autofree PlacedCell *before = snapshot(l, &n);
        guint at = steps(doc);
        EditorSlopeOptions opts = {.paths = 1};
        guint8 angle = 0;
        EditorPaintReport rep;
        g_autoptr(GError) error = NULL;
        gboolean ok =
            reverse ? editor_slope_stroke(doc, &art, x1, y1, x0, y0, &opts, &angle, &rep, &error)
                    : editor_slope_stroke(doc, &art, x0, y0, x1, y1, &opts, &angle, &rep, &error);
        g_assert_no_error(error);
        g_assert_true(ok);
        g_assert_cmpuint(angle, ==, want);
        g_assert_cmpuint(steps(doc), ==, at + (reverse ? 0 : 1)); /* the second stroke: no-op */
        guint surfaces = 0, cols = (guint)lw_level_width_px(l) / 16;
        g_autofree gboolean *crossed = g_new0(gboolean, n);
        for (guint k = 0; k < cells->len; k++) {
            guint32 v = g_array_index(cells, guint32, k);
            crossed[(v >> 16) * cols + (v & 0xFFFF)] = TRUE;
            int a = placed_angle(l, v & 0xFFFF, v >> 16, 0);
            if (a < 0)
                continue;
            surfaces++;
            g_assert_cmpint(a, ==, want);
        }
        g_assert_cmpuint(surfaces, >=, 10);
        g_autofree PlacedCell *after = snapshot(l, &n);
        for (guint i = 0; i < n; i++)
            if (!crossed[i])
                g_assert_true(placed_same(&before[i], &after[i]));
    }
}

/* The surface's top row at @x on path A (floor sensors down from y 500). */
static double surface_at(const lw_level *l, int32_t x)
{
    lw_object probe = {.type = LW_OBJECT_MARKER, .x = x, .y = 500};
    int32_t y;
    g_assert_true(editor_level_snap_to_ground(l, &probe, LW_PATH_A, &y));
    return y + 1;
}

static void test_slope_22_5(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);
    /* "/" rising from x 648 to 888 on loop-hill's ground: 0xF0; a line of exactly 22.5°
     * through the surface in the middle of the slope */
    double y = surface_at(l, 768);
    slope_line(doc, 656, y + 112 * T225, 880, y - 112 * T225, 0xF0);
    /* "\" falling from 1160 to 1400: 0x10 */
    y = surface_at(l, 1280);
    slope_line(doc, 1168, y - 112 * T225, 1392, y + 112 * T225, 0x10);
    undo_all(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

static void test_slope_masks_and_fill(void)
{
    /* an empty level: a flat floor, then a 22.5° hill on it, both from lines with masks */
    g_autoptr(EditorDocument) doc = editor_document_new_empty(128, 16, 8, NULL);
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);
    EditorSlopeOptions opts = {.paths = 3, .masks = TRUE, .fill_under = TRUE};
    g_autoptr(GError) error = NULL;
    EditorPaintReport rep;
    g_assert_true(editor_slope_stroke(doc, NULL, 0, 832, 2048, 832, &opts, NULL, &rep, &error));
    g_assert_no_error(error);
    /* every cell from row 52 down is full on both paths; row 51 is empty */
    for (guint tx = 0; tx < 128; tx += 7) {
        lw_collision_cell above;
        g_assert_false(lw_level_collision_at(l, (int32_t)tx * 16, 51 * 16, LW_PATH_A, &above));
        for (guint ty = 52; ty < 64; ty++) {
            lw_collision_cell cc;
            g_assert_true(
                lw_level_collision_at(l, (int32_t)tx * 16, (int32_t)ty * 16, LW_PATH_B, &cc));
            g_assert_cmpuint(cc.solid, ==, LW_SOLID_ALL);
            for (int c = 0; c < 16; c++)
                g_assert_cmpint(cc.mask->heights[c], ==, 16);
        }
    }
    /* one full mask, one tile, chunks shared: half full (slot row 6) and full (row 7) */
    g_assert_cmpuint(l->mask_count, ==, 1);
    g_assert_cmpuint(l->tile_count, ==, 1);
    g_assert_cmpuint(l->chunk_count, ==, 2);
    for (guint x = 0; x < 16; x++) {
        g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, 5), ==, LW_NONE);
        g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, 6), ==, 0);
        g_assert_cmpuint(lw_level_layout_get(l, LW_LAYER_FG, x, 7), ==, 1);
    }
    g_assert_cmpuint(steps(doc), ==, 1);
    /* the hill: up at 22.5° from x 512, filled down to the floor */
    guint8 angle;
    g_assert_true(editor_slope_stroke(doc, NULL, 512, 832, 512 + 320, 832 - 320 * T225, &opts,
                                      &angle, &rep, &error));
    g_assert_cmpuint(angle, ==, 0xF0);
    g_assert_cmpuint(steps(doc), ==, 2);
    g_autoptr(GArray) cells = editor_line_cells(l, 512, 832, 512 + 320, 832 - 320 * T225);
    guint sloped = 0;
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        int a = placed_angle(l, v & 0xFFFF, v >> 16, 0);
        if (a >= 0 && a != 0x1FF) {
            g_assert_cmpint(a, ==, 0xF0);
            sloped++;
        }
        /* and everything under the line down to the floor is solid */
        guint tx = v & 0xFFFF;
        for (guint ty = (v >> 16) + 1; ty < 52; ty++) {
            lw_collision_cell cc;
            g_assert_true(
                lw_level_collision_at(l, (int32_t)tx * 16, (int32_t)ty * 16, LW_PATH_A, &cc));
        }
    }
    g_assert_cmpuint(sloped, >=, 15);
    /* the surface under the line: a floor sensor from above lands on it within a pixel */
    for (int x = 520; x < 820; x += 23) {
        double surface = 832 - (x + 0.5 - 512) * T225;
        int d = editor_sensor_scan_down(l, LW_PATH_A, x, (int)surface - 10);
        g_assert_cmpfloat(fabs((surface - 10) + d + 1 - surface), <=, 1.0);
    }
    g_assert_no_error(error);
    undo_all(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

/* ---- the loop preset ---- */

/* Hold right from (@x, @y) for @frames; record the mode and path changes. */
static void run_loop(const lw_level *l, int32_t x, int32_t y, guint frames, GString *modes,
                     GString *paths)
{
    lw_profile prof;
    lw_error err;
    g_assert_true(lw_profile_init(&prof, l->profile, l->character, &err));
    lw_sim sim;
    g_assert_true(lw_sim_init(&sim, l, &prof, x, y, &err));
    const char *last_mode = NULL;
    int last_path = -1;
    for (guint f = 0; f < frames; f++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        const lw_player *p = &sim.state.player;
        const char *mode = p->airborne ? "air" : lw_mode_name(lw_player_mode(p));
        if (!last_mode || strcmp(mode, last_mode) != 0)
            g_string_append_printf(modes, "%s%s", modes->len ? " " : "", mode);
        last_mode = mode;
        if (p->path != last_path)
            g_string_append_printf(paths, "%s%c", paths->len ? " " : "", 'A' + p->path);
        last_path = p->path;
    }
    lw_sim_clear(&sim);
}

static void count_problem(const editor_problem *p, void *user)
{
    g_test_message("problem: %s [%s]", p->message, p->code);
    (*(guint *)user)++;
}

static EditorDocument *flat_level_with_loop(gint32 radius, gint32 cx)
{
    EditorDocument *doc = editor_document_new_empty(128, 40, 8, NULL);
    EditorSlopeOptions opts = {.paths = 3, .masks = TRUE, .fill_under = TRUE};
    g_assert_true(editor_slope_stroke(doc, NULL, 0, 832, 40 * 128, 832, &opts, NULL, NULL, NULL));
    EditorLoopPlace place;
    g_autoptr(GError) error = NULL;
    g_assert_true(
        editor_loop_place(editor_document_get_level(doc), cx + 5, 500, radius, &place, &error));
    g_assert_no_error(error);
    g_assert_cmpint(place.cx, ==, cx);
    g_assert_cmpint(place.floor_y, ==, 832);
    g_assert_true(editor_loop_preset(doc, NULL, &place, NULL, &error));
    g_assert_no_error(error);
    return doc;
}

static void test_loop_preset_runs(void)
{
    /* every radius the preset offers */
    static const gint32 radii[] = {64, 80, 96, 112, 128, 144};
    g_assert_cmpint(EDITOR_LOOP_MIN_RADIUS, ==, 64);
    g_assert_cmpint(EDITOR_LOOP_MAX_RADIUS, ==, 144);
    for (guint i = 0; i < G_N_ELEMENTS(radii); i++) {
        g_autoptr(EditorDocument) doc = flat_level_with_loop(radii[i], 2560);
        const lw_level *l = editor_document_get_level(doc);
        g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Loop Preset");
        /* the two swappers */
        guint swappers = 0;
        for (guint o = 0; o < l->object_count; o++)
            if (l->objects[o].type == LW_OBJECT_PATH_SWAPPER)
                swappers++;
        g_assert_cmpuint(swappers, ==, 2);
        /* nothing for the checks to say about what the preset made */
        guint problems = 0;
        editor_level_check(l, NULL, count_problem, &problems);
        g_assert_cmpuint(problems, ==, 0);
        /* top speed from x 600 (2000 px of run-up), holding right */
        g_autoptr(GString) modes = g_string_new(NULL);
        g_autoptr(GString) paths = g_string_new(NULL);
        run_loop(l, 600, 812, 700, modes, paths);
        g_test_message("radius %d: modes %s; paths %s", radii[i], modes->str, paths->str);
        g_assert_cmpstr(modes->str, ==, "floor rwall ceiling lwall floor");
        g_assert_cmpstr(paths->str, ==, "A B A");
    }
}

static void test_loop_preset_cli(void)
{
    /* saved and run by `loopwright sim` with a trace */
    g_autoptr(EditorDocument) doc = flat_level_with_loop(96, 2560);
    guint problems = 0;
    editor_level_check(editor_document_get_level(doc), NULL, count_problem, &problems);
    g_assert_cmpuint(problems, ==, 0);
    g_autofree char *dir = g_dir_make_tmp("lw-loop-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "loop.json", NULL);
    g_autofree char *trace = g_build_filename(dir, "trace.csv", NULL);
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_document_save_as(doc, path, &error));
    const char *exe = g_getenv("LW_LOOPWRIGHT");
    g_assert_nonnull(exe);
    g_autoptr(GSubprocess) p = g_subprocess_new(
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error, exe, "sim", path,
        "--start", "600,812", "--input", "-", "--trace", trace, NULL);
    g_assert_no_error(error);
    g_assert_true(g_subprocess_communicate_utf8(p, "700 R\n", NULL, NULL, NULL, &error));
    g_assert_no_error(error);
    g_assert_cmpint(g_subprocess_get_exit_status(p), ==, 0);
    g_autofree char *csv = NULL;
    g_assert_true(g_file_get_contents(trace, &csv, NULL, NULL));
    g_auto(GStrv) lines = g_strsplit(csv, "\n", -1);
    g_autoptr(GString) modes = g_string_new(NULL);
    g_autoptr(GString) paths = g_string_new(NULL);
    char last_mode[16] = "", last_path[4] = "";
    for (guint i = 1; lines[i] && *lines[i]; i++) {
        g_auto(GStrv) f = g_strsplit(lines[i], ",", -1);
        g_assert_cmpuint(g_strv_length(f), ==, 11);
        const char *mode = g_str_equal(f[8], "1") ? "air" : f[7];
        if (strcmp(mode, last_mode) != 0)
            g_string_append_printf(modes, "%s%s", modes->len ? " " : "", mode);
        g_strlcpy(last_mode, mode, sizeof last_mode);
        if (strcmp(f[10], last_path) != 0)
            g_string_append_printf(paths, "%s%s", paths->len ? " " : "", f[10]);
        g_strlcpy(last_path, f[10], sizeof last_path);
    }
    g_assert_cmpstr(modes->str, ==, "floor rwall ceiling lwall floor");
    g_assert_cmpstr(paths->str, ==, "A B A");
    g_unlink(trace);
    g_unlink(path);
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_unlink(bak);
    g_rmdir(dir);
}

static void test_loop_preset_matches_sample(void)
{
    /* the preset at the sample's loop (centre 4096, floor 832, radius 96) rebuilds it: the same
     * pixels on both paths in every cell of the loop */
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    guint n;
    g_autofree PlacedCell *before = snapshot(l, &n);
    g_autofree char *start = test_doc_json(doc);
    EditorLoopPlace place;
    g_assert_true(editor_loop_place(l, 4100, 800, 96, &place, NULL));
    g_assert_cmpint(place.cx, ==, 4096);
    g_assert_cmpint(place.floor_y, ==, 832);
    EditorPaintReport rep;
    g_assert_true(editor_loop_preset(doc, &art, &place, &rep, NULL));
    g_autofree PlacedCell *after = snapshot(l, &n);
    guint cols = (guint)lw_level_width_px(l) / 16, differ = 0;
    for (guint ty = (736 - 112) / 16; ty < 832 / 16; ty++)
        for (guint tx = (4096 - 112) / 16; tx < (4096 + 112) / 16; tx++) {
            const PlacedCell *a = &before[ty * cols + tx], *b = &after[ty * cols + tx];
            for (int p = 0; p < 2; p++) {
                g_assert_cmpint(a->has[p], ==, b->has[p]);
                if (a->has[p]) {
                    g_assert_cmpmem(a->mask[p].heights, 16, b->mask[p].heights, 16);
                    differ += abs((int8_t)(a->mask[p].angle - b->mask[p].angle)) > 2;
                }
            }
        }
    g_assert_cmpuint(differ, ==, 0);
    /* art was matched: the loop's own art cells */
    undo_all(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

/* ---- generation from art ---- */

static void test_generate(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);
    /* lock one mask with a hand-set angle first */
    guint m = sloped_mask(l);
    editor_document_push(doc, editor_cmd_mask_set_angle_new(doc, m, 0x22, 0));
    g_autofree char *locked = test_doc_json(doc);

    /* a generation given up half-way leaves nothing behind */
    EditorMaskGen *gen = editor_mask_gen_new(l, &art, NULL, 0);
    g_assert_false(editor_mask_gen_step(gen, 50));
    guint done, total;
    editor_mask_gen_get_progress(gen, &done, &total);
    g_assert_cmpuint(done, ==, 50);
    g_assert_cmpuint(total, ==, l->tile_count);
    editor_mask_gen_free(gen);
    g_autofree char *still = test_doc_json(doc);
    g_assert_cmpstr(still, ==, locked);

    gen = editor_mask_gen_new(l, &art, NULL, 0);
    while (!editor_mask_gen_step(gen, 32))
        ;
    guint count = editor_mask_gen_get_count(gen);
    g_test_message("%u of %u tiles would change, %u skipped", count, l->tile_count,
                   editor_mask_gen_get_skipped(gen));
    g_assert_cmpuint(count, >, 20);
    /* reject every third */
    g_autofree lw_tile *tiles = g_memdup2(l->tiles, l->tile_count * sizeof(lw_tile));
    g_autofree lw_mask *masks = g_memdup2(l->masks, l->mask_count * sizeof(lw_mask));
    gboolean saw_locked = FALSE;
    for (guint i = 0; i < count; i++) {
        EditorMaskGenItem *it = editor_mask_gen_get_item(gen, i);
        it->accept = i % 3 != 0;
        if (it->had_mask && l->tiles[it->tile].mask[(it->paths & 1u) ? 0 : 1] == m) {
            g_assert_true(it->kept_angle);
            g_assert_cmpuint(it->after.angle, ==, 0x22);
            saw_locked = TRUE;
        }
    }
    g_assert_cmpuint(editor_mask_gen_get_accepted(gen), ==, count - (count + 2) / 3);
    guint at = steps(doc);
    g_autoptr(GError) error = NULL;
    guint changed = editor_mask_gen_apply(doc, gen, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(changed, ==, editor_mask_gen_get_accepted(gen));
    g_assert_cmpuint(steps(doc), ==, at + 1);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Generate Masks from Art");
    for (guint i = 0; i < count; i++) {
        const EditorMaskGenItem *it = editor_mask_gen_get_item(gen, i);
        for (int p = 0; p < 2; p++) {
            if (!(it->paths & (1u << p)))
                continue;
            uint16_t now = l->tiles[it->tile].mask[p];
            if (it->accept) {
                g_assert_cmpuint(now, !=, LW_NONE);
                g_assert_cmpmem(l->masks[now].heights, 16, it->after.heights, 16);
                g_assert_cmpuint(l->masks[now].angle, ==, it->after.angle);
                g_assert_cmpuint(l->masks[now].flags, ==, it->after.flags);
            } else {
                /* a rejected tile reads exactly what it read before */
                uint16_t was = tiles[it->tile].mask[p];
                g_assert_cmpuint(was == LW_NONE, ==, now == LW_NONE);
                if (was != LW_NONE)
                    g_assert_cmpmem(&l->masks[now], sizeof(lw_mask), &masks[was], sizeof(lw_mask));
            }
        }
    }
    if (saw_locked)
        g_test_message("a locked mask kept its angle");
    editor_mask_gen_free(gen);
    undo_all(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

/* ---- terrain import ---- */

/* The terrain import into the current level follows the document's profile: a floor rising
 * 3 px across one cell between flat ground (heights 8 8 8 8 9 9 9 9 9 9 10 10 10 10 10 11) is
 * 0xF8 for S1 and S2 and 0xFA for S3K (docs/MASKS.md §4.4); before, the editor's import always
 * used S2's rule. */
static void test_import_terrain_profile(void)
{
    static const int h[16] = {8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 11};
    lwm_image pic;
    g_assert_true(lwm_image_init(&pic, 512, 256, 0, NULL));
    for (uint32_t x = 0; x < pic.width; x++) {
        int height = x < 128 ? 8 : x < 144 ? h[x - 128] : 11;
        for (uint32_t y = 256 - (uint32_t)height; y < pic.height; y++)
            lwm_image_pixel(&pic, x, y)[3] = 255;
    }
    static const struct {
        const char *profile;
        uint8_t angle;
    } cases[] = {{"", 0xF8}, {"s1", 0xF8}, {"s2", 0xF8}, {"s3k", 0xFA}, {"cd", 0xF8}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level probe = {.chunk_px = 128};
        g_strlcpy(probe.profile, cases[i].profile, sizeof probe.profile);
        EditorTerrainImport imp;
        g_autoptr(GError) error = NULL;
        g_assert_true(editor_terrain_import(&probe, &pic, NULL, TRUE, &imp, &error));
        g_assert_no_error(error);
        lw_collision_cell cc;
        g_assert_true(lw_level_collision_at(imp.level, 136, 248, LW_PATH_A, &cc));
        g_assert_false(cc.mask->flags & LW_MASK_FLAGGED);
        g_assert_cmpint(
            lw_angle_flip(cc.mask->angle, cc.flags & LW_CELL_FLIP_X, cc.flags & LW_CELL_FLIP_Y), ==,
            cases[i].angle);
        editor_terrain_import_clear(&imp);
    }
    lwm_image_clear(&pic);
}

static void test_import_terrain(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);
    lwm_image pic;
    lw_error err;
    g_assert_true(lwm_image_init(&pic, 1024, 512, 0, &err));
    for (uint32_t x = 0; x < pic.width; x++)
        for (uint32_t y = 400 - (x > 300 && x < 700 ? (x - 300) / 4 : 0); y < pic.height; y++)
            lwm_image_pixel(&pic, x, y)[3] = 255;
    EditorTerrainImport imp;
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_terrain_import(l, &pic, NULL, TRUE, &imp, &error));
    g_assert_no_error(error);
    g_assert_true(imp.start_found);
    g_autofree char *dir = g_dir_make_tmp("lw-terrain-XXXXXX", NULL);
    g_autofree char *png = editor_terrain_write_tileset(&imp, dir, "loop-hill", &error);
    g_assert_no_error(error);
    g_assert_true(g_str_has_suffix(png, ".png"));
    g_autofree char *again = editor_terrain_write_tileset(&imp, dir, "loop-hill", &error);
    g_assert_cmpstr(png, ==, again); /* the same picture, the same file */
    editor_document_apply_terrain(doc, &imp, png);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Import Terrain");
    g_assert_cmpuint(l->layout_width, ==, 8);
    g_assert_cmpuint(l->layout_height, ==, 4);
    g_assert_cmpstr(l->name, ==, "Loop Hill");
    g_assert_cmpstr(l->tileset, ==, png);
    /* the start stands on the new ground; the swappers and markers stayed */
    guint starts = 0, swappers = 0, markers = 0;
    for (guint i = 0; i < l->object_count; i++) {
        const lw_object *o = &l->objects[i];
        starts += o->type == LW_OBJECT_PLAYER_START;
        swappers += o->type == LW_OBJECT_PATH_SWAPPER;
        markers += o->type == LW_OBJECT_MARKER;
        if (o->type == LW_OBJECT_PLAYER_START)
            g_assert_cmpint(o->y, ==, 400 - 20);
    }
    g_assert_cmpuint(starts, ==, 1);
    g_assert_cmpuint(swappers, ==, 2);
    g_assert_cmpuint(markers, ==, 2);
    /* the slope reads the import's neighbour-aware angle: atan(1/4) = 0xF6 */
    int a = placed_angle(l, 500 / 16, (400 - 50) / 16, 0);
    g_assert_cmpint(a, >=, 0xF4);
    g_assert_cmpint(a, <=, 0xF8);
    editor_terrain_import_clear(&imp);
    lwm_image_clear(&pic);
    editor_document_undo(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
    g_unlink(png);
    g_rmdir(dir);
}

/* ---- checks ---- */

typedef struct {
    GPtrArray *codes;
} Found;

static void collect_code(const editor_problem *p, void *user)
{
    g_ptr_array_add(((Found *)user)->codes, g_strdup(p->code));
    g_test_message("%s [%s] at (%d, %d)", p->message, p->code, p->x, p->y);
}

static guint count_code(EditorDocument *doc, const char *code)
{
    Found f = {g_ptr_array_new_with_free_func(g_free)};
    editor_level_check(editor_document_get_level(doc), NULL, collect_code, &f);
    guint n = 0;
    for (guint i = 0; i < f.codes->len; i++)
        n += g_str_equal(g_ptr_array_index(f.codes, i), code);
    g_ptr_array_unref(f.codes);
    return n;
}

static void test_checks(void)
{
    static const char *const codes[] = {"angle-mismatch", "flagged-slope", "height-seam",
                                        "top-only-wall", "swapper-no-ground"};
    const char *const samples[] = {"loop-hill.json", "pipe-works.json"};
    for (guint s = 0; s < 2; s++) {
        g_autoptr(EditorDocument) doc = test_load_sample(samples[s]);
        for (guint c = 0; c < G_N_ELEMENTS(codes); c++)
            g_assert_cmpuint(count_code(doc, codes[c]), ==, 0);
    }
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    /* a 22.5° slope tile (a rise of 6 px or more across it) given a 45° angle the other way */
    const lw_cell *c = NULL;
    for (int32_t y = 640; y < 832 && !c; y += 16)
        for (int32_t x = 656; x < 880 && !c; x += 16) {
            const lw_cell *k = lw_level_cell_at(l, x, y);
            if (!k || k->tile == LW_NONE || l->tiles[k->tile].mask[0] == LW_NONE)
                continue;
            const lw_mask *km = &l->masks[l->tiles[k->tile].mask[0]];
            if (km->angle == 0xF0 && km->heights[15] - km->heights[0] >= 6 && km->heights[0] > 0)
                c = k;
        }
    g_assert_nonnull(c);
    guint m = l->tiles[c->tile].mask[0];
    editor_document_push(doc, editor_cmd_mask_set_angle_new(doc, m, 0x20, 0));
    g_assert_cmpuint(count_code(doc, "angle-mismatch"), ==, 1);
    /* the same tile flagged */
    editor_document_push(doc, editor_cmd_mask_set_flagged_new(doc, m, TRUE));
    g_assert_cmpuint(count_code(doc, "angle-mismatch"), ==, 0);
    g_assert_cmpuint(count_code(doc, "flagged-slope"), ==, 1);
    undo_all(doc);
    /* a loop wall tile made top-only on path A */
    guint wx = 0, wy = 0;
    for (guint ty = 640 / 16; ty < 832 / 16 && !wx; ty++)
        for (guint tx = 4096 / 16; tx < 4224 / 16 && !wx; tx++) {
            int a = placed_angle(l, tx, ty, 0);
            if (a >= 0xA1 && a <= 0xDF) {
                wx = tx;
                wy = ty;
            }
        }
    g_assert_cmpuint(wx, !=, 0);
    c = lw_level_cell_at(l, (int32_t)wx * 16, (int32_t)wy * 16);
    uint16_t chunk = lw_level_layout_get(l, LW_LAYER_FG, wx / 8, wy / 8);
    guint index = (wy % 8) * 8 + wx % 8;
    EditorCellEdit e = {chunk, (uint16_t)index, *c};
    e.cell.solid = lw_cell_solid_bits(LW_SOLID_TOP, lw_cell_solidity(c, LW_PATH_B));
    editor_document_push(doc, editor_cmd_set_cells_new(doc, &e, 1, NULL, 0));
    g_assert_cmpuint(count_code(doc, "top-only-wall"), ==, 1);
    undo_all(doc);
    /* a swapper in the air selecting path B where path B has nothing */
    lw_object o = {.type = LW_OBJECT_PATH_SWAPPER, .x = 1000, .y = 300};
    o.swapper.radius = 32;
    o.swapper.path[0] = LW_PATH_A;
    o.swapper.path[1] = LW_PATH_B;
    editor_document_push(doc, editor_cmd_add_object_new(doc, &o, NULL));
    g_assert_cmpuint(count_code(doc, "swapper-no-ground"), ==, 2);
    undo_all(doc);

    /* a 6 px step where two flat floors meet (drawn with the slope tool) */
    g_autoptr(EditorDocument) flat = editor_document_new_empty(128, 16, 8, NULL);
    EditorSlopeOptions opts = {.paths = 3, .masks = TRUE, .fill_under = TRUE};
    g_assert_true(editor_slope_stroke(flat, NULL, 0, 832, 1024, 832, &opts, NULL, NULL, NULL));
    g_assert_cmpuint(count_code(flat, "height-seam"), ==, 0);
    g_assert_true(editor_slope_stroke(flat, NULL, 1024, 838, 2048, 838, &opts, NULL, NULL, NULL));
    g_assert_cmpuint(count_code(flat, "height-seam"), ==, 2); /* paths A and B */
}

/* ---- the "done": the sample tileset regenerated, a new hill and a loop drawn, the
 * checks' angles fixed, and the level played by `loopwright sim` ---- */

static void fix_problem(const editor_problem *p, void *user)
{
    GArray *found = user;
    if (g_str_equal(p->code, "angle-mismatch") || g_str_equal(p->code, "flagged-slope"))
        g_array_append_val(found, *p);
}

static void test_story(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_autofree char *start = test_doc_json(doc);
    /* 1. every mask from the art */
    EditorMaskGen *gen = editor_mask_gen_new(l, &art, NULL, 0);
    while (!editor_mask_gen_step(gen, 64))
        ;
    g_assert_cmpuint(editor_mask_gen_apply(doc, gen, NULL), ==, editor_mask_gen_get_count(gen));
    editor_mask_gen_free(gen);
    /* 2. a hill on the flat ground after the sample's hill: up and down, filled under */
    EditorSlopeOptions opts = {.paths = 3, .masks = TRUE, .fill_under = TRUE};
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_slope_stroke(doc, &art, 2880, 832, 3008, 780, &opts, NULL, NULL, &error));
    g_assert_true(editor_slope_stroke(doc, &art, 3008, 780, 3136, 832, &opts, NULL, NULL, &error));
    g_assert_no_error(error);
    /* 3. a loop on the flat ground before the drop */
    EditorLoopPlace place;
    g_assert_true(editor_loop_place(l, 5552, 700, 96, &place, &error));
    g_assert_true(editor_loop_preset(doc, &art, &place, NULL, &error));
    g_assert_no_error(error);
    /* 4. a column drawn by hand into a locked mask of the hill: the checks point at it, and
     * "compute" fixes it */
    lw_collision_cell cc;
    g_assert_true(lw_level_collision_at(l, 2950, 815, LW_PATH_A, &cc));
    guint hill = l->tiles[cc.tile].mask[0];
    g_assert_true(l->masks[hill].flags & LW_MASK_LOCKED);
    editor_document_push(doc, editor_cmd_mask_set_angle_new(doc, hill, 0x30, 0));
    g_autoptr(GArray) found = g_array_new(FALSE, FALSE, sizeof(editor_problem));
    editor_level_check(l, NULL, fix_problem, found);
    g_assert_cmpuint(found->len, >=, 1);
    for (guint i = 0; i < found->len; i++) {
        const editor_problem *p = &g_array_index(found, editor_problem, i);
        g_test_message("fixing: %s", p->message);
        lw_collision_cell at;
        for (int path = 0; path < 2; path++)
            if (lw_level_collision_at(l, p->x, p->y, (lw_path)path, &at)) {
                EditorCommand *cmd =
                    editor_cmd_mask_compute_angle_new(doc, l->tiles[at.tile].mask[path]);
                if (cmd)
                    editor_document_push(doc, cmd);
            }
    }
    guint problems = 0;
    editor_level_check(l, NULL, count_problem, &problems);
    g_assert_cmpuint(problems, ==, 0);

    /* 5. played by `loopwright sim` from the level's start, holding right */
    g_autofree char *dir = g_dir_make_tmp("lw-story-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "story.json", NULL);
    g_autofree char *trace = g_build_filename(dir, "trace.csv", NULL);
    g_assert_true(editor_document_save_as(doc, path, &error));
    g_autoptr(GSubprocess) proc = g_subprocess_new(
        G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error,
        g_getenv("LW_LOOPWRIGHT"), "sim", path, "--input", "-", "--trace", trace, NULL);
    g_assert_no_error(error);
    g_assert_true(g_subprocess_communicate_utf8(proc, "1400 R\n", NULL, NULL, NULL, &error));
    g_assert_cmpint(g_subprocess_get_exit_status(proc), ==, 0);
    g_autofree char *csv = NULL;
    g_assert_true(g_file_get_contents(trace, &csv, NULL, NULL));
    g_auto(GStrv) lines = g_strsplit(csv, "\n", -1);
    g_autoptr(GString) modes = g_string_new(NULL);
    g_autoptr(GString) paths = g_string_new(NULL);
    char last_mode[16] = "", last_path[4] = "";
    double max_x = 0, over_hill = 0;
    for (guint i = 1; lines[i] && *lines[i]; i++) {
        g_auto(GStrv) f = g_strsplit(lines[i], ",", -1);
        double x = g_ascii_strtod(f[1], NULL);
        max_x = MAX(max_x, x);
        if (x > 2990 && x < 3030)
            over_hill = MIN(over_hill == 0 ? 1e9 : over_hill, g_ascii_strtod(f[2], NULL));
        const char *mode = g_str_equal(f[8], "1") ? "air" : f[7];
        if (strcmp(mode, last_mode) != 0)
            g_string_append_printf(modes, "%s%s", modes->len ? " " : "", mode);
        g_strlcpy(last_mode, mode, sizeof last_mode);
        if (strcmp(f[10], last_path) != 0)
            g_string_append_printf(paths, "%s%s", paths->len ? " " : "", f[10]);
        g_strlcpy(last_path, f[10], sizeof last_path);
    }
    g_test_message("modes: %s; paths: %s; max x %.1f; top of the hill passed at y %.1f", modes->str,
                   paths->str, max_x, over_hill);
    /* over the new hill (its top is at y 780: the centre passes 20 px above it or higher) */
    g_assert_cmpfloat(over_hill, <, 780 - 10);
    /* both loops, each floor -> right wall -> ceiling -> left wall -> floor, A -> B -> A */
    const char *m = modes->str;
    guint loops = 0;
    while ((m = strstr(m, "floor rwall ceiling lwall floor"))) {
        loops++;
        m++;
    }
    g_assert_cmpuint(loops, ==, 2);
    g_assert_cmpstr(paths->str, ==, "A B A B A");
    g_assert_cmpfloat(max_x, >, 6000); /* off the ledge after the new loop */
    g_unlink(trace);
    g_unlink(path);
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_unlink(bak);
    g_autofree char *png = g_build_filename(dir, "tiles.png", NULL);
    g_unlink(png);
    g_rmdir(dir);
    /* 6. and all of it undoes back to the sample */
    while (editor_document_can_undo(doc))
        editor_document_undo(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_autofree char *png = test_sample_path("tiles.png");
    lw_error err;
    g_assert_true(lwm_image_load_png(png, &art, &err));
    g_test_add_func("/authoring/mask/set-column", test_set_column);
    g_test_add_func("/authoring/mask/angle-lock-flag", test_angle_lock_flag);
    g_test_add_func("/authoring/mask/tile-operations", test_tile_operations);
    g_test_add_func("/authoring/probe", test_probe);
    g_test_add_func("/authoring/slope/22-5-degrees", test_slope_22_5);
    g_test_add_func("/authoring/slope/masks-and-fill", test_slope_masks_and_fill);
    g_test_add_func("/authoring/loop/top-speed", test_loop_preset_runs);
    g_test_add_func("/authoring/loop/sim-cli", test_loop_preset_cli);
    g_test_add_func("/authoring/loop/matches-sample", test_loop_preset_matches_sample);
    g_test_add_func("/authoring/generate", test_generate);
    g_test_add_func("/authoring/import-terrain", test_import_terrain);
    g_test_add_func("/authoring/import-terrain/profile", test_import_terrain_profile);
    g_test_add_func("/authoring/checks", test_checks);
    g_test_add_func("/authoring/story", test_story);
    int status = g_test_run();
    lwm_image_clear(&art);
    return status;
}
