#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The object palette: every entry of editor_object_presets() (every game-object type, the player
 * start, the path swapper, a note marker) with its sprite and name, on its own page of the
 * window's palette notebook. A click adds the object through the window's "objects" action group
 * (docs/EDITOR.md "Objects"):
 *
 *   objects.add('spring-red')              at the middle of the view, snapped to the ground
 *   objects.add-at(('spring-red', x, y))   at level pixel (x, y), as given
 *
 * Each is one undoable command; the new object is selected and the Objects tool chosen.
 */

#include "editor-authoring.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** Add the palette as a page of @notebook and the "objects" actions to @host's window (its
 * document, canvas and tools; the same host the authoring windows get). @host is copied. */
void editor_object_palette_attach(const EditorAuthoringHost *host, GtkNotebook *notebook);

G_END_DECLS
