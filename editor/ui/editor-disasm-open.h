#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * File ▸ Open Disassembly…: choose a disassembly tree's folder, pick one of the levels its SonLVL
 * INI lists, and open it in an editor window (docs/DISASM.md §7; docs/EDITOR.md). The level is
 * unpacked, with its `source` section, into the user's cache folder
 * (`$XDG_CACHE_HOME/loopwright/disasm/`); Save writes it back into the tree (the document's
 * editor_document_save_into_tree, as `loopwright pack FILE --into TREE`; editor-disasm-save.h).
 */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** Start the dialog over @parent (may be NULL). */
void editor_disasm_open(GtkWindow *parent);

/** The level chooser for the tree at @root, without the folder chooser (tests). NULL (and an
 * error dialog) when @root has no readable SonLVL INI. */
GtkWindow *editor_disasm_open_tree(GtkWindow *parent, const char *root);

/** Select level @index in the chooser window @chooser and open it, as a double-click does
 * (tests). False when @index is out of range or the level could not be opened. */
gboolean editor_disasm_open_choose(GtkWindow *chooser, guint index);

/** Where the level @name of the tree @root is unpacked (newly allocated). */
char *editor_disasm_cache_path(const char *root, const char *name);

G_END_DECLS
