#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorLevelPropsDialog: the level properties dialog (Alt+Return), a modal window from
 * editor-level-props.ui over a document. Name, tileset PNG, background colour, game profile
 * and character, chunk size (128 <-> 256 converts the level) and size in chunks. Apply pushes
 * them as one undo step ("Level Properties"), emits `applied` and closes; a size the level
 * cannot take is shown inline and nothing is pushed. Cancel or Escape closes it.
 */

#include "doc/editor-commands.h"
#include "doc/editor-document.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_LEVEL_PROPS_DIALOG (editor_level_props_dialog_get_type())
G_DECLARE_FINAL_TYPE(EditorLevelPropsDialog, editor_level_props_dialog, EDITOR, LEVEL_PROPS_DIALOG,
                     GtkWindow)

/** What the dialog's fields say. */
typedef struct EditorLevelPropsFields {
    EditorLevelProps props; /* name, tileset, background, profile, character */
    guint chunk_px;         /* 128 or 256 */
    guint width, height;    /* chunks */
} EditorLevelPropsFields;

/** A dialog on @doc's level as it is now (a reference to @doc is kept), transient for @parent
 * (may be NULL); not shown. */
EditorLevelPropsDialog *editor_level_props_dialog_new(GtkWindow *parent, EditorDocument *doc);

/** Set the fields (a profile or character the lists do not have is left as it was). */
void editor_level_props_dialog_set_fields(EditorLevelPropsDialog *self,
                                          const EditorLevelPropsFields *fields);
void editor_level_props_dialog_get_fields(EditorLevelPropsDialog *self,
                                          EditorLevelPropsFields *fields);

/** What Apply does: push the fields as one undo step, emit `applied` and close; FALSE (nothing
 * pushed, the window stays, the reason inline) when the level cannot take the size. */
gboolean editor_level_props_dialog_apply(EditorLevelPropsDialog *self);

/** The reason the last Apply was refused, or NULL. */
const char *editor_level_props_dialog_get_problem(EditorLevelPropsDialog *self);

G_END_DECLS
