#pragma once
/* SPDX-License-Identifier: MIT */
/* A level of a disassembly tree opened as the editor's document (test-doc-disasm-save.c and the
 * real suite's real-art.c, real-doc-save.c). */
#include "editor-document.h"

/** Open the level named @name (its SonLVL INI name) of the tree at @tree as File ▸ Open
 * Disassembly… does: unpacked into @json (editor_disasm_unpack) and loaded as a document, which
 * knows it came from the tree. Its index in the tree goes to *@index when non-NULL. Asserts on
 * failure. */
EditorDocument *doc_fixture_open(const char *tree, const char *name, const char *json, long *index);
