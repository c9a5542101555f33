#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorProperties: the Properties panel (a GtkBox from editor-properties.ui). It shows what
 * the tools point at — the selected object's fields (page "object"), or while a chunk is edited
 * the brush tile's art cell, masks and jump-through ("tile"), or the level summary ("level") —
 * under a title, and edits it through document commands (each edit one undo step), emitting
 * `edited` after each. It reads the document (following its `changed` by itself), the renderer
 * (art, tile pictures) and the tools (the window calls editor_properties_queue_rebuild when the
 * selection, brush or mode change); its buttons run the window's actions
 * ("win.snap-to-ground", "win.mask-editor", "win.level-properties").
 */

#include "doc/editor-document.h"
#include "doc/editor-tools.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_PROPERTIES (editor_properties_get_type())
G_DECLARE_FINAL_TYPE(EditorProperties, editor_properties, EDITOR, PROPERTIES, GtkBox)

/** What the panel shows and edits (all borrowed; they outlive the panel, or are unset with
 * NULLs first). Shows them at once. */
void editor_properties_set_context(EditorProperties *self, EditorDocument *doc,
                                   EditorRenderer *renderer, EditorTools *tools);

/** Why the tileset cannot be loaded (shown in the level summary), or NULL. Copied. */
void editor_properties_set_tileset_error(EditorProperties *self, const char *error);

/** Show the tools' selection again from an idle callback (after the tools changed; document
 * changes are followed by the panel itself): a field's own signal must not have its page
 * refreshed under it, and a drag's many moves refresh once. */
void editor_properties_queue_rebuild(EditorProperties *self);
/** The same at once (also drops a queued one). */
void editor_properties_rebuild_now(EditorProperties *self);

/** The page shown: "object", "tile" or "level". */
const char *editor_properties_get_page(EditorProperties *self);

/** The title over the page ("Player start (id 1)", "Tile 5 — used in 3 cells", the level's
 * name). */
const char *editor_properties_get_title(EditorProperties *self);

/**
 * Edit @field of the page shown as the user would in its widget, after showing the level as it
 * is now: the widget's own handler pushes the command and `edited` follows. @value is text: a
 * number for a spin button ("object-x", "object-y", "art", "mask-a", "mask-b", a game object's
 * "prop-KEY"), an item for a drop-down ("facing": right/left, "orientation":
 * vertical/horizontal, "radius": 32..256, "path0"/"path1": A/B, "prio0"/"prio1": low/high, a
 * "prop-KEY" choice), 0 or 1 for a check ("grounded", "priority-only", "jump"), the text of
 * "name" (then activated) or "props" (key = value lines, then applied). FALSE, with nothing
 * changed, when the page shown has no such field or @value does not fit it.
 */
gboolean editor_properties_edit(EditorProperties *self, const char *field, const char *value);

G_END_DECLS
