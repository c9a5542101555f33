#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Save of a level opened from a disassembly tree, the part that asks (docs/DISASM.md §8.4): the
 * document writes the tree (editor_document_save_into_tree) and refuses a change to a file other
 * levels read that alters their collision, layout or art (EDITOR_DOCUMENT_ERROR_SHARED); this asks
 * the user, listing the files and the levels they affect, and on "Write Shared Files" saves with
 * the `--allow-shared` equivalent.
 */

#include "editor-document.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * When @error is a refused shared change (EDITOR_DOCUMENT_ERROR_SHARED) of @doc's save, show the
 * confirmation over @parent and return TRUE (the caller shows nothing else); FALSE for any other
 * error. Confirmed, the document is saved into its tree with shared changes allowed (the
 * document then emits `saved`); a failure then is shown as an error dialog. The
 * dialog carries the object data "loopwright-disasm-shared" (tests).
 * When @error is EDITOR_DOCUMENT_ERROR_TREE_CANNOT_HOLD (the tree cannot hold the level's water
 * edit, docs/DISASM.md §8.6), shows the message with Close and "Save a Copy as Level JSON…"
 * (editor_document_save_copy through the save chooser; object data
 * "loopwright-disasm-cannot-hold") and returns TRUE: the document stays modified.
 */
gboolean editor_disasm_save_confirm(GtkWindow *parent, EditorDocument *doc, const GError *error);

/** The confirmation's responses (gtk_dialog_response in tests). */
enum { EDITOR_DISASM_SAVE_SHARED = 1, EDITOR_DISASM_SAVE_COPY = 2 };

G_END_DECLS
