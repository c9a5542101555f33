#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorMinimap: the whole level small (a GtkBox from editor-minimap.ui holding a drawing
 * area), with the canvas's view as a white frame. It redraws when the document changes or the
 * canvas scrolls or zooms; a click or drag centres the canvas there and emits `navigated` (the
 * level pixel now at the view's centre). A large level's overview is built a few slots per
 * frame, never holding up the canvas.
 */

#include "doc/editor-document.h"
#include "editor-canvas.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_MINIMAP (editor_minimap_get_type())
G_DECLARE_FINAL_TYPE(EditorMinimap, editor_minimap, EDITOR, MINIMAP, GtkBox)

/** What it shows (all borrowed; they outlive the minimap). Call after the canvas is in its
 * scrolled window (the minimap follows the canvas's adjustments). */
void editor_minimap_set_context(EditorMinimap *self, EditorDocument *doc, EditorRenderer *renderer,
                                EditorCanvas *canvas);

/** Centre the canvas on the level pixel under minimap point (@x, @y), as a click does. */
void editor_minimap_navigate(EditorMinimap *self, double x, double y);

G_END_DECLS
