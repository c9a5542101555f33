/* SPDX-License-Identifier: MIT */
#include "doc-support.h"

#include "level-json.h"

#include <glib.h>
#include <stdlib.h>

char *test_sample_path(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

EditorDocument *test_load_sample(const char *name)
{
    g_autofree char *path = test_sample_path(name);
    g_autoptr(GError) error = NULL;
    EditorDocument *doc = editor_document_load(path, &error);
    g_assert_no_error(error);
    return doc;
}

char *test_doc_json(EditorDocument *doc)
{
    char *text = editor_level_to_json(editor_document_get_level(doc), NULL);
    g_assert_nonnull(text);
    char *copy = g_strdup(text);
    free(text);
    return copy;
}
