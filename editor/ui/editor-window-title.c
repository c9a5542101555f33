/* SPDX-License-Identifier: MIT */
/* Window titles of documents (editor-window-title.h). */
#include "editor-window-title.h"

#include "doc/disasm-source.h"
#include "doc/level-json.h"

#include <stdlib.h>
#include <string.h>

#define KEY_PATH "editor-window-title-path"
#define KEY_NAME "editor-window-title-name"

/* "LEVEL — TREE" for the level JSON at @path when it has a `source` section, else NULL. */
static char *tree_level_name(const char *path)
{
    char *json = editor_level_file_source(path, NULL), *tree = NULL;
    gboolean ok = json != NULL;
    lwm_tree_source src;
    memset(&src, 0, sizeof src);
    char *name = NULL;
    if (ok && editor_source_from_json(json, &src, &tree, NULL) && src.level[0]) {
        g_autofree char *base = tree && tree[0] ? g_path_get_basename(tree) : NULL;
        name = base ? g_strdup_printf("%s — %s", src.level, base) : g_strdup(src.level);
    }
    editor_source_clear(&src);
    free(tree);
    free(json);
    return name;
}

char *editor_window_dup_doc_title(EditorDocument *doc)
{
    const char *title = editor_document_get_title(doc);
    const char *path = editor_document_get_path(doc);
    if (!path)
        return g_strdup(title);
    GObject *o = G_OBJECT(doc);
    if (g_strcmp0(g_object_get_data(o, KEY_PATH), path) != 0) {
        g_object_set_data_full(o, KEY_NAME, tree_level_name(path), g_free);
        g_object_set_data_full(o, KEY_PATH, g_strdup(path), g_free);
    }
    const char *name = g_object_get_data(o, KEY_NAME);
    if (!name)
        return g_strdup(title);
    return g_strconcat(editor_document_get_modified(doc) ? "*" : "", name, NULL);
}
