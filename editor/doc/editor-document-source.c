/* SPDX-License-Identifier: MIT */
/* What goes with a document's level file to a new place (editor-document-source.h), and Save a
 * Copy. */
#define G_LOG_DOMAIN "editor-document"

#include "editor-document-source.h"

#include "level-json.h"
#include "real-path.h"

#include <jansson.h>
#include <loopwright-masks/file-io.h>
#include <stdlib.h>
#include <string.h>

gboolean editor_document_read_tileset(EditorDocument *self, char **data, size_t *size,
                                      GError **error)
{
    const char *ts = editor_document_get_level(self)->tileset;
    const char *path = editor_document_get_path(self);
    g_autofree char *png = editor_document_dup_tileset_path(self);
    if (!png) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "the level has no tileset (Level Properties)");
        return FALSE;
    }
    lw_error err;
    if (path && !g_path_is_absolute(ts)) {
        if (!editor_tileset_read(path, ts, false, data, size, &err)) {
            g_set_error(error, EDITOR_DOCUMENT_ERROR, err.code, "%s", err.message);
            return FALSE;
        }
    } else if (!lwm_file_read(png, LWM_MAX_PNG_FILE_BYTES, data, size, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, err.code, "%s: %s", png, err.message);
        return FALSE;
    }
    return TRUE;
}

/* Whether the relative path @rel names an existing file from the level file at @level_path. */
static gboolean found_from(const char *level_path, const char *rel)
{
    if (!editor_path_stays_inside(rel))
        return FALSE;
    char *r = editor_level_resolve_path(level_path, rel);
    gboolean there = r && g_file_test(r, G_FILE_TEST_EXISTS);
    free(r);
    return there;
}

/* Write @data beside @new_path as @base unless a file of that name is there already. */
static gboolean copy_beside(const char *new_path, const char *base, const char *data, size_t size,
                            GError **error)
{
    g_autofree char *dir = g_path_get_dirname(new_path);
    g_autofree char *dst = g_build_filename(dir, base, NULL);
    lw_error err;
    if (g_file_test(dst, G_FILE_TEST_EXISTS))
        return TRUE;
    if (!lwm_file_write_atomic(dst, data, size, NULL, &err)) {
        editor_document_set_error_from_lw(error, dst, &err);
        return FALSE;
    }
    return TRUE;
}

char *editor_document_relocate_tileset(EditorDocument *self, const char *new_path, GError **error,
                                       gboolean *ok)
{
    *ok = TRUE;
    const char *ts = editor_document_get_level(self)->tileset;
    if (!ts)
        return NULL;
    g_autofree char *src = editor_document_dup_tileset_path(self);
    if (!src || found_from(new_path, ts))
        return NULL;
    g_autofree char *base = g_path_get_basename(src);
    char *data = NULL;
    size_t size = 0;
    g_autofree char *dir = g_path_get_dirname(new_path);
    g_autofree char *dst = g_build_filename(dir, base, NULL);
    if (!g_file_test(dst, G_FILE_TEST_EXISTS)) {
        *ok = editor_document_read_tileset(self, &data, &size, error) &&
              copy_beside(new_path, base, data, size, error);
        free(data);
    }
    return *ok ? g_strdup(base) : NULL;
}

/* Copy the water tileset @rel of the level file at @old_path beside @new_path and name the copy
 * (its base name) in @src's `water_tileset`. */
static gboolean relocate_water(json_t *src, const char *rel, const char *old_path,
                               const char *new_path, GError **error)
{
    char *data = NULL;
    size_t size = 0;
    lw_error err;
    if (!editor_level_file_read(old_path, rel, "source.water_tileset", false, &data, &size, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, err.code, "%s", err.message);
        return FALSE;
    }
    g_autofree char *base = g_path_get_basename(rel);
    gboolean ok = copy_beside(new_path, base, data, size, error);
    free(data);
    if (ok && json_object_set_new(src, "water_tileset", json_string(base)) != 0) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_NOMEM, "out of memory");
        ok = FALSE;
    }
    return ok;
}

gboolean editor_document_source_relocate(const char *source_json, const char *old_path,
                                         const char *new_path, char **out, GError **error)
{
    *out = NULL;
    if (!source_json)
        return TRUE;
    json_t *src = json_loads(source_json, JSON_REJECT_DUPLICATES, NULL);
    if (!json_is_object(src)) {
        json_decref(src);
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_FORMAT,
                            "source: expected an object");
        return FALSE;
    }
    const char *water = json_string_value(json_object_get(src, "water_tileset"));
    gboolean ok = TRUE;
    /* (without a file of its own the section's paths have no folder to be relative to) */
    if (water && old_path && !found_from(new_path, water))
        ok = relocate_water(src, water, old_path, new_path, error);
    if (ok && !(*out = json_dumps(src, JSON_COMPACT | JSON_PRESERVE_ORDER))) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_NOMEM, "out of memory");
        ok = FALSE;
    }
    json_decref(src);
    return ok;
}

gboolean editor_document_save_copy(EditorDocument *self, const char *path, GError **error)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self) && path, FALSE);
    const char *own = editor_document_get_path(self);
    g_autofree char *abs = g_canonicalize_filename(path, NULL);
    if (own && g_str_equal(abs, own)) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_IO,
                            "a copy cannot replace the level's own file");
        return FALSE;
    }
    /* the document's source section goes with the copy (pack --into reads it) */
    char *source = NULL;
    if (!editor_document_source_relocate(editor_document_get_source(self), own, abs, &source,
                                         error))
        return FALSE;
    gboolean ok = TRUE;
    g_autofree char *tileset = editor_document_relocate_tileset(self, abs, error, &ok);
    lw_level copy = *editor_document_get_level(self); /* shallow: serialised only */
    if (tileset)
        copy.tileset = tileset; /* the copy's tileset path */
    size_t len = 0;
    char *json = ok ? editor_level_to_json_source(&copy, source, &len) : NULL;
    free(source);
    if (ok && !json)
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_NOMEM, "out of memory");
    lw_error err;
    ok = json && lwm_file_write_atomic(abs, json, len, NULL, &err);
    if (json && !ok)
        editor_document_set_error_from_lw(error, abs, &err);
    free(json);
    return ok;
}
