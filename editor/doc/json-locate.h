#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Finding the line and column of a value inside JSON text, given its path (object keys and array
 * indices). jansson keeps no positions for values, so when validation rejects a value the loader
 * walks the (already well-formed) text again along the path. Only used on error paths.
 */

#include <stdbool.h>
#include <stddef.h>

#define EDITOR_JSON_PATH_MAX_DEPTH 12

typedef struct EditorJsonPathSeg {
    const char *key; /* object member name, or NULL for an array index */
    long index;      /* array index when key is NULL */
} EditorJsonPathSeg;

typedef struct EditorJsonPath {
    EditorJsonPathSeg seg[EDITOR_JSON_PATH_MAX_DEPTH];
    int depth;
} EditorJsonPath;

/** Push a key / an index (ignored beyond the maximum depth, which the format never reaches). */
void editor_json_path_push_key(EditorJsonPath *p, const char *key);
void editor_json_path_push_index(EditorJsonPath *p, long index);
void editor_json_path_pop(EditorJsonPath *p);

/** Write the path as text, e.g. "chunks[3].rows[2][5]" (empty for the root). */
void editor_json_path_format(const EditorJsonPath *p, char *buf, size_t size);

/**
 * Locate the value at @path in @text (well-formed JSON of @len bytes). Sets 1-based @line and
 * @column of the value's first character and returns true; when the path cannot be followed to
 * the end (e.g. a missing member), stops at the deepest value found and returns false.
 */
bool editor_json_locate(const char *text, size_t len, const EditorJsonPath *path, int *line,
                        int *column);
