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

/** Append the rows for marker @o (nothing when it is not a game object with properties) to
 * @box; @label_row lays a label and a widget out as the panel's other rows. */
void editor_properties_object_fields(GtkWidget *box, EditorDocument *doc, const lw_object *o,
                                     GtkWidget *(*label_row)(GtkWidget *box, const char *label,
                                                             GtkWidget *widget));

G_END_DECLS
