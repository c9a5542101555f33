#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorAuthoring: mask and angle authoring, an object each editor window holds. It owns the
 * mask-* actions (the mask editor and what it does to the shown tile's mask), generation of masks
 * from tile art (a window with progress, cancel and a per-tile accept/reject diff), the terrain
 * PNG import (file chooser, preview, apply), the loop preset and the slope tool's options — each
 * action with an accelerator, a menu entry in Masks and a line in the shortcuts window. Every
 * change goes through the document's commands (doc/editor-commands-mask.h, doc/mask-ops.h,
 * doc/mask-generate.h, doc/terrain-import.h); it tells the window what happened through its
 * signals.
 */

#include "doc/editor-tools.h"
#include "editor-canvas.h"
#include "editor-mask-editor.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_AUTHORING (editor_authoring_get_type())
G_DECLARE_FINAL_TYPE(EditorAuthoring, editor_authoring, EDITOR, AUTHORING, GObject)

/**
 * Authoring over @doc (a reference is kept), drawing tiles with @renderer, following the brush
 * tile and the slope options of @tools and the view and pointer of @canvas (all three borrowed:
 * they are an editor window's, which holds the authoring and drops it before they go). Its
 * dialogs are transient for @canvas's window.
 *
 * Signals: "status" (const char *text: what an action did, for the status bar), "error"
 * (const char *title, GError *error: an action failed, to show in a dialog).
 */
EditorAuthoring *editor_authoring_new(EditorDocument *doc, EditorRenderer *renderer,
                                      EditorTools *tools, EditorCanvas *canvas);

/** Its actions, owned by it (the window adds them to its own map, as "win.*"; the accelerators
 * are in editor-actions.c): mask-editor, mask-path-b, mask-widths, mask-compute-angle,
 * mask-flag, mask-lock, mask-copy, mask-paste, mask-copy-a-to-b, mask-reset-from-art,
 * mask-make-unique, slope-masks, slope-fill, loop-preset, generate-masks, import-terrain, and
 * for automation mask-pointer((iiui)), add-loop((iii)), import-terrain-from(s). */
GActionGroup *editor_authoring_get_actions(EditorAuthoring *self);

/** The tools changed (@what: EditorToolsNotify bits): the mask editor follows the brush tile,
 * the flag and lock actions the shown mask. */
void editor_authoring_tools_changed(EditorAuthoring *self, guint what);

/** The mask editor, or NULL before Masks > Mask Editor first opened it (or after it closed). */
EditorMaskEditor *editor_authoring_get_mask_editor(EditorAuthoring *self);

/* ---- the generation window, for tests ---- */

/** The open "Generate Masks from Tile Art" window, or NULL. */
GtkWindow *editor_authoring_get_generate_dialog(EditorAuthoring *self);
/** TRUE once the generation listed its result. */
gboolean editor_generate_dialog_is_ready(GtkWindow *dialog);
/** The dialog's default tolerance: pixels a mask may move (and angle steps of 1/256 turn it may
 * turn) and still count as unchanged, so it is not proposed. */
#define EDITOR_GENERATE_DEFAULT_TOLERANCE 2
/** Rows listed: tiles whose masks would change beyond the tolerance (a new mask always is). */
guint editor_generate_dialog_get_count(GtkWindow *dialog);
/** Set the dialog's Tolerance (0 = list every difference); the list follows at once. */
void editor_generate_dialog_set_tolerance(GtkWindow *dialog, guint pixels);
/** The accept check button of row @index. */
GtkCheckButton *editor_generate_dialog_get_check(GtkWindow *dialog, guint index);
/** The tile of row @index. */
guint editor_generate_dialog_get_tile(GtkWindow *dialog, guint index);

/* ---- the terrain import window, for tests ---- */

/** The open "Import Terrain" window, or NULL. */
GtkWindow *editor_authoring_get_import_dialog(EditorAuthoring *self);
/** TRUE once the import finished (successfully or not). */
gboolean editor_import_dialog_is_ready(GtkWindow *dialog);

G_END_DECLS
