#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * "Generate masks from tile art": the masks library's mask (heights with the hole policy, the
 * fitted angle, the flag; docs/MASKS.md) for every chosen tile's art cell, computed a few tiles
 * at a time (so a window can show progress and cancel), listed as a before/after diff the author
 * accepts or rejects per tile, then applied as one undoable long operation. No GTK.
 *
 * Which masks a tile gets: a tile whose two paths share one mask (or have none at all) gets one
 * mask for both; a tile with a mask on one path only keeps it that way (a loop's halves); a tile
 * whose two paths hold different pixels is skipped (art cannot tell the paths apart — edit it in
 * the mask editor). Tiles without art, or whose art cell has no solid pixel, are skipped too. A
 * locked mask (LW_MASK_LOCKED) keeps its angle and flag: only its heights follow the art.
 *
 * Applying: a mask whose every user (tile paths, all of the level) is accepted with the same new
 * mask is changed in place; otherwise the accepted tiles point at an identical existing mask or
 * a new one, so a rejected or unlisted tile never changes.
 */

#include "editor-document.h"

#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>

G_BEGIN_DECLS

/** One tile whose masks the art would change. */
typedef struct EditorMaskGenItem {
    guint tile;
    guint8 paths;        /* bit 0 path A, bit 1 path B: the paths it sets */
    gboolean had_mask;   /* the tile had a mask on these paths (else: none yet) */
    lw_mask before;      /* the current mask (zeroed when none) */
    lw_mask after;       /* from the art */
    guint changed_px;    /* pixels that differ between before and after */
    gboolean kept_angle; /* locked: the angle and flag were kept */
    gboolean accept;     /* apply it (TRUE until the author rejects it) */
} EditorMaskGenItem;

typedef struct EditorMaskGen EditorMaskGen;

/**
 * A generation over @tiles (@n ids; NULL = every tile) of @level with the tileset @art. Both are
 * borrowed and must stay unchanged until the last step (a modal window guarantees it); nothing
 * is computed yet.
 */
EditorMaskGen *editor_mask_gen_new(const lw_level *level, const lwm_image *art, const guint *tiles,
                                   guint n);
void editor_mask_gen_free(EditorMaskGen *gen);

/** Compute up to @budget more tiles. Returns TRUE when every tile is done. */
gboolean editor_mask_gen_step(EditorMaskGen *gen, guint budget);

/** Tiles done and in all. */
void editor_mask_gen_get_progress(const EditorMaskGen *gen, guint *done, guint *total);

/** The tiles that would change (in tile order), and how many were skipped (see above). */
guint editor_mask_gen_get_count(const EditorMaskGen *gen);
EditorMaskGenItem *editor_mask_gen_get_item(EditorMaskGen *gen, guint index);
guint editor_mask_gen_get_skipped(const EditorMaskGen *gen);
/** How many listed tiles are accepted. */
guint editor_mask_gen_get_accepted(const EditorMaskGen *gen);

/**
 * Apply the accepted items to @doc (whose level the generation read) as one long operation
 * labelled "Generate Masks from Art" (the document is busy meanwhile and emits `changed` once).
 * Returns the number of tiles changed; 0 and @error at a limit (nothing is left applied).
 */
guint editor_mask_gen_apply(EditorDocument *doc, EditorMaskGen *gen, GError **error);

G_END_DECLS
