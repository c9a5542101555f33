#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Mask and angle authoring commands (the mask editor's edits). Each constructor captures the
 * mask as it is now and returns one undoable command built on the set-mask command type
 * (editor_cmd_set_mask_new), so apply/revert are exact swaps of the 34-byte mask record; or it
 * pushes a group (the "tile" operations, which add a mask and point a tile at it). They return
 * NULL (and push nothing) when the edit is impossible or changes nothing. No GTK.
 *
 * The lock (LW_MASK_LOCKED, "locked" in the JSON) marks an angle chosen by a person: setting the
 * angle by hand (value, dial, flag, the slope tool) locks it, "compute" unlocks it. While a mask
 * is unlocked, editing its heights recomputes its angle and flag with the masks library's fitter
 * (lwm_mask_from_bits, docs/MASKS.md §4.1); a locked mask keeps them. Mask regeneration from art
 * keeps a locked mask's angle and flag too (mask-generate.h).
 */

#include "editor-command.h"
#include "editor-document.h"

#include <loopwright-masks/masks.h>

G_BEGIN_DECLS

/** @mask's angle and flag as the fitter computes them from its own pixels (unlocked). */
void editor_mask_compute_angle(const lw_mask *mask, lw_mask *out);

/**
 * Set column @column (0..15) of mask @mask to @height (-16..16: > 0 solid from the bottom, < 0
 * from the top, 0 empty; -16 is stored as 16). An unlocked mask's angle and flag follow the new
 * pixels. Commands with the same non-zero @stroke on the same mask merge (one drag = one step).
 */
EditorCommand *editor_cmd_mask_set_column_new(EditorDocument *doc, guint mask, guint column,
                                              int height, guint stroke);

/** Set mask @mask's angle to @angle by hand: unflagged and locked. Same-stroke commands merge
 * (a dial drag is one step). */
EditorCommand *editor_cmd_mask_set_angle_new(EditorDocument *doc, guint mask, guint8 angle,
                                             guint stroke);

/** Lock or unlock mask @mask's angle (nothing else changes). */
EditorCommand *editor_cmd_mask_set_locked_new(EditorDocument *doc, guint mask, gboolean locked);

/** Set or clear mask @mask's "flagged" state by hand (the stored angle is kept; locks it). */
EditorCommand *editor_cmd_mask_set_flagged_new(EditorDocument *doc, guint mask, gboolean flagged);

/** Recompute mask @mask's angle and flag with the fitter and unlock it. */
EditorCommand *editor_cmd_mask_compute_angle_new(EditorDocument *doc, guint mask);

/** Replace mask @mask by @value (heights, angle, flags: paste, reset), labelled @label. */
EditorCommand *editor_cmd_mask_replace_new(EditorDocument *doc, guint mask, const lw_mask *value,
                                           const char *label);

/* ---- tile operations (each pushes one undo step; FALSE when nothing was done) ---- */

/**
 * Give tile @tile's path @path (0 = A, 1 = B) the mask @value: the tile's mask is replaced (for
 * every tile that shares it, as every mask edit is — the mask editor says how many), or, when the
 * tile has no mask on that path, an identical mask is reused or a new one appended and the tile
 * points at it. @label names the step.
 */
gboolean editor_tile_set_mask(EditorDocument *doc, guint tile, guint path, const lw_mask *value,
                              const char *label, GError **error);

/** Path B of tile @tile uses the same mask as path A ("Copy A to B"). */
gboolean editor_tile_copy_path_a_to_b(EditorDocument *doc, guint tile);

/** Copy-on-write: tile @tile's path @path gets its own copy of its (shared) mask. */
gboolean editor_tile_make_mask_unique(EditorDocument *doc, guint tile, guint path, GError **error);

G_END_DECLS
