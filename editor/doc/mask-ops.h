#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Mask authoring at level scale: who uses a mask, tile art as pixels, the sensor probe of one
 * tile, and "paint masks into cells" — the copy-on-write resolver behind the slope tool and the
 * loop preset, which turns wanted masks per placed cell into mask, tile, chunk and layout
 * commands without changing any place the author did not touch:
 *
 *   1. a mask whose every placed use is among the edited cells (all wanting the same new mask)
 *      is changed in place;
 *   2. otherwise the cell gets a tile with the new mask — an identical existing mask and tile are
 *      reused, else appended (the pool is de-duplicated, never a shared mask changed);
 *   3. a chunk used by one layout slot is edited in place; a chunk used by several gets a copy
 *      for the edited slot (or an identical existing chunk is reused); an empty slot gets one.
 *
 * No GTK: the editor's tools and the tests call these with a document.
 */

#include "editor-commands-mask.h"
#include "editor-document.h"

#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>
#include <loopwright/sensor.h>

G_BEGIN_DECLS

/* ---- usage ---- */

/** How many tile paths refer to mask @mask (@tiles) and in how many placed cells (both layout
 * layers, every slot) those tile paths appear (@cells). Either may be NULL. */
void editor_level_mask_usage(const lw_level *level, guint mask, guint *tiles, guint *cells);

/** A mask identical to @mask (heights, angle and every flag), or -1. */
gint editor_level_find_mask(const lw_level *level, const lw_mask *mask);

/* ---- art ---- */

/** Solid pixels (alpha >= 128) of art cell @cell of @art (row-major 16x16 cells); all empty
 * when @cell is LW_NONE or outside the image. */
void editor_art_bits(const lwm_image *art, guint cell, lwm_bits *out);

/** The mask the masks library makes from art cell @cell (heights with the hole policy, fitted
 * angle and flag). FALSE when the cell has no solid pixel or does not exist. */
gboolean editor_art_mask(const lwm_image *art, guint cell, lw_mask *out);

/* ---- probe ---- */

/** One sensor reading of the probe. */
typedef struct EditorProbeHit {
    gint8 distance;   /* lw_sensor_hit.distance */
    guint8 angle;     /* flip-adjusted angle read (odd = flagged), 3 when no block was read */
    gboolean surface; /* a solid pixel was met (else distance is the "nothing" value) */
} EditorProbeHit;

/**
 * What the engine's grounded floor sensors (top-solid bit) report for @mask placed with @flips
 * (LW_CELL_FLIP_*) in each of the four ground modes, at every column (floor: pointing down,
 * ceiling: up) or row (right wall: pointing right, left wall: left) of the tile, from an anchor
 * @gap px (1..16) before the tile's edge on the sensor's side: gap 1 is the pixel next to the
 * tile, gap 16 the far end of the neighbouring block. [0] floor ↓, [1] right wall →, [2] ceiling
 * ↑, [3] left wall ←, indexed by lw_sensor_dir. Calls lw_sensor_cast on a one-tile level built
 * around the mask — never a second implementation of the scan, so the originals' rules show as
 * they are (PHYSICS.md §3.3: the second block of a scan is read at the anchor's offset, so with a
 * small gap a run anchored at the tile's far side reads as "nothing").
 */
void editor_mask_probe(const lw_mask *mask, guint8 flips, int gap, EditorProbeHit out[4][16]);

/* ---- painting masks into placed cells ---- */

/** A wanted change of one foreground cell, in placed orientation (the cell's flips are undone
 * by the resolver). */
typedef struct EditorCellPaint {
    guint16 slot_x, slot_y; /* foreground layout slot */
    guint16 index;          /* cell index in the chunk (row * chunk_cells + column) */
    guint8 paths;           /* bit 0: set path A, bit 1: set path B */
    gboolean has_mask[2];   /* per path: FALSE = no collision there */
    lw_mask mask[2];        /* per path, as seen in the level (flips applied) */
    gboolean match_art;     /* choose the art cell closest to the new pixels even when the cell
                               has a tile (else only empty cells get matched art) */
} EditorCellPaint;

/** What the resolver did. */
typedef struct EditorPaintReport {
    guint cells;          /* cells whose tile, masks or solidity changed */
    guint masks_in_place; /* masks changed in place */
    guint masks_added;    /* masks appended */
    guint tiles_added;    /* tiles appended */
    guint chunks_added;   /* chunks appended (copies of shared chunks, chunks for empty slots) */
    guint slots;          /* layout slots pointed at another chunk */
} EditorPaintReport;

/**
 * Apply @n paints as commands on @doc (the caller opens the group that makes them one step).
 * @art (may be NULL: new tiles get no art) is the tileset for art matching. FALSE and @error on
 * a limit (masks, tiles, chunks); the commands pushed so far stay in the open group, so the
 * caller cancels it.
 */
gboolean editor_paint_cells(EditorDocument *doc, const EditorCellPaint *paints, guint n,
                            const lwm_image *art, EditorPaintReport *report, GError **error);

/* ---- the slope tool ---- */

typedef struct EditorSlopeOptions {
    guint8 paths;        /* bit 0 path A, bit 1 path B */
    gboolean masks;      /* masks from the line itself (else: angles only) */
    gboolean fill_under; /* with masks, a surface facing up: full blocks from the line down to
                            the first solid cell below (or the level's bottom) */
} EditorSlopeOptions;

/**
 * The hex angle of the line from (@x0, @y0) to (@x1, @y1) for a surface whose solid side is
 * @solid_right (TRUE: on the right of the direction of travel on screen, as a floor is for a
 * line drawn left to right): the direction positive ground speed moves the player, rounded to
 * the nearest even angle.
 */
guint8 editor_line_angle(double x0, double y0, double x1, double y1, gboolean solid_right);

/**
 * The 16x16 cells the segment crosses, in order (an array of guint32 packed as cy << 16 | cx),
 * clipped to the level.
 */
GArray *editor_line_cells(const lw_level *level, double x0, double y0, double x1, double y1);

/** The angle editor_slope_stroke would give the line (for a preview while dragging). */
guint8 editor_slope_angle(const lw_level *level, double x0, double y0, double x1, double y1,
                          guint8 paths);

/**
 * The cell paints editor_slope_stroke would resolve for that line (EditorCellPaint, in placed
 * orientation; the slope tool's preview), without touching the level; *@angle (may be NULL)
 * receives the line's angle. NULL and @error as editor_slope_stroke.
 */
GArray *editor_slope_paints(const lw_level *level, double x0, double y0, double x1, double y1,
                            const EditorSlopeOptions *opts, guint8 *angle, GError **error);

/**
 * One slope-tool stroke, as one undo step labelled "Slope": every cell the line crosses gets the
 * line's angle (angles only: cells with a mask on the chosen paths that is neither empty nor
 * full), or masks cut by the line with that angle (@opts->masks). The solid side is where most
 * solid pixels of the crossed cells lie, or, over empty cells, the right of the direction the
 * line was drawn in (left to right: a floor). Angles set this way are locked. @art: as in
 * editor_paint_cells. FALSE and @error when nothing could be done (a line under 4 px, no cell
 * to change) or on a limit; *@angle (may be NULL) receives the line's angle.
 */
gboolean editor_slope_stroke(EditorDocument *doc, const lwm_image *art, double x0, double y0,
                             double x1, double y1, const EditorSlopeOptions *opts, guint8 *angle,
                             EditorPaintReport *report, GError **error);

/* ---- the loop preset ---- */

/** Inner radii the loop preset accepts: multiples of 16 in this range (px). The largest is the
 * largest loop the engine runs through at top speed (6 px/frame; at 160 px the player slows to
 * a stop near the top and falls) — tests/editor/test-authoring.c runs every one. */
#define EDITOR_LOOP_MIN_RADIUS 64
#define EDITOR_LOOP_MAX_RADIUS 144

/** Where a loop goes: see editor_loop_preset. */
typedef struct EditorLoopPlace {
    gint32 cx;      /* centre x: on a tile corner */
    gint32 floor_y; /* the floor's top row under the loop: on a tile corner */
    gint32 radius;  /* inner radius */
} EditorLoopPlace;

/**
 * Snap a wanted loop at level pixel (@x, @y) (the bottom middle; the floor is looked for on path
 * A straight down from there with the engine's floor sensor) to tile corners. FALSE and @error
 * when there is no floor below, or the loop would not fit in the level.
 */
gboolean editor_loop_place(const lw_level *level, gint32 x, gint32 y, gint32 radius,
                           EditorLoopPlace *out, GError **error);

/**
 * A full loop as one undo step ("Loop Preset"), the construction of tools/gen-samples.c: a
 * square block 16 px thicker than the circle of @place->radius with the round hole, standing on
 * the floor; its right half on path A, its left half on path B, the top (the middle radius/2 px,
 * rounded down to whole tiles) on both; every tile's angle the circle's tangent at the tile
 * centre (full and flat tiles flagged); a grounded-only path swapper at the top (B on its left,
 * A on its right) and one after the loop (x + radius + 64) switching back to A. @art as in
 * editor_paint_cells (the loop's tiles take the closest art cells). FALSE and @error on a limit.
 */
/** The cell paints of editor_loop_preset at @place (EditorCellPaint; its preview), without
 * touching the level. NULL and @error when the loop does not fit. */
GArray *editor_loop_paints(const lw_level *level, const EditorLoopPlace *place, GError **error);

gboolean editor_loop_preset(EditorDocument *doc, const lwm_image *art, const EditorLoopPlace *place,
                            EditorPaintReport *report, GError **error);

G_END_DECLS
