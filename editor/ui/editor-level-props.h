#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The level properties dialog (Alt+Return): name, tileset PNG, background colour, game profile
 * and character, chunk size (128 <-> 256 converts the level) and size in chunks, applied to the
 * document as one undo step.
 */

#include "doc/editor-document.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** Show the dialog over @parent for @doc; @applied (may be NULL) runs after Apply pushed the
 * change. */
void editor_level_props_dialog_show(GtkWindow *parent, EditorDocument *doc,
                                    void (*applied)(gpointer user), gpointer user);

G_END_DECLS
