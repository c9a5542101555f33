#pragma once
/* SPDX-License-Identifier: MIT */
/* Editor tests: the shipped sample levels, loaded as documents, and a document's level JSON. */

#include "editor-document.h"

/** $LW_SOURCE_ROOT/sample-levels/@name (newly allocated). */
char *test_sample_path(const char *name);

/** The sample level @name opened as a document; asserts that it loads. */
EditorDocument *test_load_sample(const char *name);

/** The document's level as level JSON (g_free it); asserts that it serialises. */
char *test_doc_json(EditorDocument *doc);
