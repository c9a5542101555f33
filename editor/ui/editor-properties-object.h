#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The properties panel's rows for a game object's own properties (docs/OBJECTS.md §2, the
 * fields of editor_object_fields()): a drop-down per choice (direction, strength, contents,
 * motion), a spin button per number (width, distance, period, count, spacing, logs). Each change
 * is one undoable command on the object. The widgets are named "prop-KEY" (tests find them).
 */

#include "doc/editor-document.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** After a row pushed its command: the property's key and the command's undo label. */
typedef void (*EditorObjectPropEdited)(gpointer user, const char *key, const char *label);

/** Append the rows for marker @o (nothing when it is not a game object with properties) to
 * @box, a label and a widget each; @edited (may be NULL) is called after each edit. */
void editor_properties_object_fields(GtkWidget *box, EditorDocument *doc, const lw_object *o,
                                     EditorObjectPropEdited edited, gpointer user);

G_END_DECLS
