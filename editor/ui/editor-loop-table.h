#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorLoopTableDialog: the level's loop table (lw_level.loop_chunks, JSON `loop_chunks`;
 * Sonic 1's loop and tunnel chunks, docs/DISASM.md §7.5) as a list of rows, opened from
 * Level ▸ Loop Table… (win.loop-table). A row is one entry: the chunk (with a small preview),
 * the chunk whose cells give its path-B collision ("own" = its own) and the rule (none, loop,
 * loop_grounded, tunnel). The window is not modal and edits live: every change of a row, an
 * added row or a removed one pushes the whole table as one undoable command
 * (editor_cmd_set_loop_chunks_new, "Loop Table"). A table the level cannot take (a chunk or
 * path-B chunk past the level's chunks, a chunk given twice, a rule on 128 px chunks) pushes
 * nothing: the reason shows inline and the field is marked until it is corrected. The rows
 * follow the document (undo, redo, other windows).
 */

#include "doc/editor-document.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_LOOP_TABLE_DIALOG (editor_loop_table_dialog_get_type())
G_DECLARE_FINAL_TYPE(EditorLoopTableDialog, editor_loop_table_dialog, EDITOR, LOOP_TABLE_DIALOG,
                     GtkWindow)

/** A row's editable fields (editor_loop_table_dialog_get_field). */
typedef enum EditorLoopField {
    EDITOR_LOOP_FIELD_CHUNK,  /* GtkSpinButton: the chunk */
    EDITOR_LOOP_FIELD_PATH_B, /* GtkSpinButton: the path-B chunk, -1 = its own */
    EDITOR_LOOP_FIELD_RULE,   /* GtkDropDown: lw_loop_rule, in that order */
    EDITOR_LOOP_FIELD_REMOVE, /* GtkButton: remove the row */
} EditorLoopField;

/**
 * A dialog on @doc's loop table (a reference to @doc is kept), transient for @parent (may be
 * NULL); chunk previews come from @renderer (borrowed, may be NULL: no previews; it must outlive
 * the dialog or @parent, when given, must own it: the dialog stops using it when @parent is
 * destroyed). Not shown.
 */
EditorLoopTableDialog *editor_loop_table_dialog_new(GtkWindow *parent, EditorDocument *doc,
                                                    EditorRenderer *renderer);

/** What win.loop-table does: present @parent's dialog, made on the first call (one a window);
 * returns it (owned by GTK as any toplevel). */
EditorLoopTableDialog *editor_loop_table_dialog_present(GtkWindow *parent, EditorDocument *doc,
                                                        EditorRenderer *renderer);

/** @parent's dialog when one is open, else NULL. */
EditorLoopTableDialog *editor_loop_table_dialog_find(GtkWindow *parent);

/** Number of rows shown. */
guint editor_loop_table_dialog_get_n_rows(EditorLoopTableDialog *self);

/** What row @row says (path_b LW_NONE for "own"); FALSE past the rows. */
gboolean editor_loop_table_dialog_get_row(EditorLoopTableDialog *self, guint row,
                                          lw_loop_chunk *entry);

/** Set row @row's fields to @entry and push the table (one command): what typing the three
 * fields would give, in one step. FALSE past the rows or when the table is refused (the reason
 * in editor_loop_table_dialog_get_problem; the row keeps the values). */
gboolean editor_loop_table_dialog_set_row(EditorLoopTableDialog *self, guint row,
                                          const lw_loop_chunk *entry);

/** What Add Row does: a row for the first chunk from 1 with no entry (path B its own, rule
 * loop on 256 px chunks, none otherwise), pushed. FALSE (nothing added, the reason shown) when
 * the table is full or every chunk has an entry. */
gboolean editor_loop_table_dialog_add_row(EditorLoopTableDialog *self);

/** What row @row's remove button does: the table without it, pushed. FALSE past the rows. */
gboolean editor_loop_table_dialog_remove_row(EditorLoopTableDialog *self, guint row);

/** The widget of @field in row @row (borrowed), or NULL past the rows. */
GtkWidget *editor_loop_table_dialog_get_field(EditorLoopTableDialog *self, guint row,
                                              EditorLoopField field);

/** Why the last edit was not pushed, or NULL (shown under the rows). */
const char *editor_loop_table_dialog_get_problem(EditorLoopTableDialog *self);

G_END_DECLS
