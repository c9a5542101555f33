#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorMaskEditor: the mask and angle editor of one tile of a window's level — a window beside
 * the editor window. The 16x16 mask is drawn large over the tile's art: drag in a column to set
 * its height from the bottom (primary button) or from the top (secondary button); heights and
 * the derived widths show as numbers and bars, and a widths view shows what wall sensors see.
 * The angle shows as hex and degrees, as a dial to drag and as the surface normal on the tile;
 * the four flips of the mask side by side; and the engine's sensor readings at every column and
 * row in the four ground modes (editor_mask_probe). Everything it changes goes through the
 * document as commands (editor-commands-mask.h); the window's "win.mask-*" actions act on the
 * tile and path shown here.
 */

#include "doc/editor-document.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_MASK_EDITOR (editor_mask_editor_get_type())
G_DECLARE_FINAL_TYPE(EditorMaskEditor, editor_mask_editor, EDITOR, MASK_EDITOR, GtkWindow)

/** A mask editor for @doc (a reference is kept), drawing the art with @renderer (borrowed: it
 * must outlive the editor); its buttons and shortcuts run @actions as "win.*" (the "win.mask-*"
 * actions) and the document's own as "doc.*". It knows no window: the caller makes it transient
 * for one, destroyed with it, and sets its application (so the application's accelerators
 * resolve here too). Its default size fits the screen (at most 1320x720 logical px). */
EditorMaskEditor *editor_mask_editor_new(EditorDocument *doc, EditorRenderer *renderer,
                                         GActionGroup *actions);

/** The tile shown (LW_NONE: none) and the collision path edited (0 = A, 1 = B). */
void editor_mask_editor_set_tile(EditorMaskEditor *self, guint tile);
guint editor_mask_editor_get_tile(EditorMaskEditor *self);
void editor_mask_editor_set_path(EditorMaskEditor *self, guint path);
guint editor_mask_editor_get_path(EditorMaskEditor *self);

/** The mask the tile has on the path, or LW_NONE. */
guint editor_mask_editor_get_mask(EditorMaskEditor *self);

/** Show the mask as read under @flips (LW_CELL_FLIP_X | _Y): picture, numbers, angle and probe;
 * drawing maps back through the flip. */
void editor_mask_editor_set_view_flips(EditorMaskEditor *self, guint8 flips);
guint8 editor_mask_editor_get_view_flips(EditorMaskEditor *self);

/** Colour the width runs (what wall sensors see) instead of the height columns. */
void editor_mask_editor_set_widths_view(EditorMaskEditor *self, gboolean widths);

/* ---- the drawing tool, in grid cells of the view (0..15; outside clamps) ---- */

/** Start a drag at grid cell (@col, @row): @button 1 sets the column's height from the bottom
 * up to this row, @button 3 from the top down to it (one undo step per drag). */
void editor_mask_editor_press(EditorMaskEditor *self, int col, int row, guint button);
void editor_mask_editor_motion(EditorMaskEditor *self, int col, int row);
void editor_mask_editor_release(EditorMaskEditor *self);

/** Set the angle by hand as read in the view (the dial; same-@stroke calls merge). */
void editor_mask_editor_set_view_angle(EditorMaskEditor *self, guint8 angle, guint stroke);

/** The probe's anchor distance from the tile (1..16 px). */
void editor_mask_editor_set_probe_gap(EditorMaskEditor *self, int gap);

G_END_DECLS
