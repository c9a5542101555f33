#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorNewLevelDialog: File ▸ New (Ctrl+N), a modal window from editor-new-level.ui. Size in
 * chunks, chunk size, tileset PNG (or none: the generated placeholder), game profile and the
 * ground row; what is wrong with the choice (editor_new_level_problem: the engine's limits) shows
 * inline and Create stays off until it is right. Create emits `create` with the choice as the
 * a{sv} parameter of `app.new-level` (editor_new_level_to_variant) and closes the window; the
 * application makes the level from it. The window knows no application and no document.
 */

#include "doc/level-new.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_NEW_LEVEL_DIALOG (editor_new_level_dialog_get_type())
G_DECLARE_FINAL_TYPE(EditorNewLevelDialog, editor_new_level_dialog, EDITOR, NEW_LEVEL_DIALOG,
                     GtkWindow)

/** A dialog on editor_new_level_defaults, transient for @parent (may be NULL); not shown. */
EditorNewLevelDialog *editor_new_level_dialog_new(GtkWindow *parent);

/** Set the fields from @spec (tileset NULL or "": none, the placeholder). */
void editor_new_level_dialog_set_spec(EditorNewLevelDialog *self, const EditorNewLevel *spec);

/** The current choice; strings are owned by the dialog. */
void editor_new_level_dialog_get_spec(EditorNewLevelDialog *self, EditorNewLevel *spec);

/** The problem shown inline, or NULL when Create is available. */
const char *editor_new_level_dialog_get_problem(EditorNewLevelDialog *self);

/** The limits line under the size fields (it follows the chunk size). */
const char *editor_new_level_dialog_get_limits(EditorNewLevelDialog *self);

/** What the Create button does: FALSE (nothing emitted) while there is a problem; else emits
 * `create` and closes the window. */
gboolean editor_new_level_dialog_create(EditorNewLevelDialog *self);

G_END_DECLS
