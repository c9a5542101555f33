#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorHistoryPanel: the History panel (a GtkBox from editor-history-panel.ui). One row for the
 * state the level was opened in, then one per command of the document's undo stack, the steps
 * past the current one dimmed. It follows the document by itself (`changed` and the undo/redo
 * labels, so a group such as a paste shows at once); picking a row moves the document there
 * (undo or redo as many steps) and emits `moved` (the new history index).
 */

#include "doc/editor-document.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_HISTORY_PANEL (editor_history_panel_get_type())
G_DECLARE_FINAL_TYPE(EditorHistoryPanel, editor_history_panel, EDITOR, HISTORY_PANEL, GtkBox)

/** The document shown (borrowed; it outlives the panel). Rebuilds the rows. */
void editor_history_panel_set_document(EditorHistoryPanel *self, EditorDocument *doc);

/** Rows shown (the "Opened" row included). */
guint editor_history_panel_get_row_count(EditorHistoryPanel *self);

G_END_DECLS
