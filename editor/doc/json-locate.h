#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The JSON path of a value (object keys and array indices) that the level loader keeps while it
 * reads, for the prefix of its messages ("chunks[3].rows[2][5]: ..."). The line and column come
 * from the reader (json-reader.h), which knows where every value it reads starts.
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
