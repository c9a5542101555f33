#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Mask and angle authoring in an editor window: the "win.mask-*" actions (the mask editor and
 * what it does to the shown tile's mask), generation of masks from tile art (a window with
 * progress, cancel and a per-tile accept/reject diff), the terrain PNG import (file chooser,
 * preview, apply), the loop preset, and the slope tool's options — each action with an
 * accelerator, a menu entry in Masks and a line in the shortcuts window. Every change goes
 * through the document's commands (doc/editor-commands-mask.h, doc/mask-ops.h,
 * doc/mask-generate.h, doc/terrain-import.h).
 */

#include "doc/editor-tools.h"
#include "editor-canvas.h"
#include "editor-mask-editor.h"

G_BEGIN_DECLS

/** What authoring works on: an editor window's parts (borrowed; they outlive the window's
 * authoring, which lives as long as the window). */
typedef struct EditorAuthoringHost {
    GtkApplicationWindow *window; /* the "win.*" actions are added to it */
    EditorDocument *doc;
    EditorRenderer *renderer;
    EditorTools *tools;
    EditorCanvas *canvas;
    void (*set_status)(GtkWindow *window, const char *text);
    void (*show_error)(GtkWindow *window, const char *title, const GError *error);
} EditorAuthoringHost;

/** Add the authoring actions to @host's window (the accelerators are in editor-actions.c). */
void editor_authoring_install(const EditorAuthoringHost *host);

/** The window's tools changed (@what: EditorToolsNotify bits): the mask editor follows the
 * brush tile. */
void editor_authoring_tools_changed(GtkWindow *win, guint what);

/** @win's mask editor, or NULL before Masks > Mask Editor first opened it. */
EditorMaskEditor *editor_authoring_get_mask_editor(GtkWindow *win);

/* ---- the generation window, for tests ---- */

/** The open "Generate Masks from Tile Art" window of @win, or NULL. */
GtkWindow *editor_authoring_get_generate_dialog(GtkWindow *win);
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

/** The open "Import Terrain" window of @win, or NULL. */
GtkWindow *editor_authoring_get_import_dialog(GtkWindow *win);
/** TRUE once the import finished (successfully or not). */
gboolean editor_import_dialog_is_ready(GtkWindow *dialog);

G_END_DECLS
