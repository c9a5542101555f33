#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The name the editor's and test-play's windows show for a document: its file's name, or for a
 * level unpacked from a disassembly tree (its file has a `source` section, docs/DISASM.md §8)
 * the INI level's name and the tree's folder name, "Emerald Hill Zone Act 1 — s2disasm" (the
 * cache file's name means nothing to its author). No widgets.
 */

#include "doc/editor-document.h"

#include <glib.h>

G_BEGIN_DECLS

/**
 * The name of @doc for a title bar, "*"-prefixed while it has unsaved changes exactly as
 * editor_document_get_title is. The `source` section is read once per path the document has
 * (kept on @doc), so calling this on every change is cheap. g_free.
 */
char *editor_window_dup_doc_title(EditorDocument *doc);

G_END_DECLS
