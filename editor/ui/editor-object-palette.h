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

#include "doc/editor-document.h"
#include "doc/editor-tools.h"
#include "editor-canvas.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** What the palette works on: an editor window's parts (borrowed; they outlive the palette). */
typedef struct EditorObjectPaletteHost {
    GtkWindow *window; /* the "objects" actions are inserted in it; its win.tool is chosen */
    EditorDocument *doc;
    EditorTools *tools;
    EditorCanvas *canvas;
    void (*set_status)(GtkWindow *window, const char *text);
} EditorObjectPaletteHost;

/** Add the palette as a page of @notebook and the "objects" actions to @host's window (its
 * document, canvas and tools). @host is copied. */
void editor_object_palette_attach(const EditorObjectPaletteHost *host, GtkNotebook *notebook);

G_END_DECLS
