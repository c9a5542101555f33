#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorProperties: the Properties panel (a GtkBox). It shows what the tools point at — the
 * selected object's fields, or while a chunk is edited the brush tile (art cell, masks,
 * jump-through), or the level summary — and edits it through document commands. It reads the
 * document, the renderer (art, tile pictures) and the tools; its buttons run the window's
 * actions ("win.snap-to-ground", "win.mask-editor", "win.level-properties").
 */

#include "doc/editor-document.h"
#include "doc/editor-tools.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_PROPERTIES (editor_properties_get_type())
G_DECLARE_FINAL_TYPE(EditorProperties, editor_properties, EDITOR, PROPERTIES, GtkBox)

/** What the panel shows and edits (all borrowed; they outlive the panel). */
void editor_properties_set_context(EditorProperties *self, EditorDocument *doc,
                                   EditorRenderer *renderer, EditorTools *tools);

/** Why the tileset cannot be loaded (shown in the level summary), or NULL. Copied. */
void editor_properties_set_tileset_error(EditorProperties *self, const char *error);

/** Rebuild from an idle callback (after a document or tools change: a field's own signal must
 * not destroy that field, and a drag's many moves rebuild once). */
void editor_properties_queue_rebuild(EditorProperties *self);
void editor_properties_rebuild_now(EditorProperties *self);

G_END_DECLS
