/* SPDX-License-Identifier: MIT */
#include "json-locate.h"

#include <stdio.h>
#include <string.h>

void editor_json_path_push_key(EditorJsonPath *p, const char *key)
{
    if (p->depth < EDITOR_JSON_PATH_MAX_DEPTH)
        p->seg[p->depth] = (EditorJsonPathSeg){.key = key, .index = -1};
    p->depth++;
}

void editor_json_path_push_index(EditorJsonPath *p, long index)
{
    if (p->depth < EDITOR_JSON_PATH_MAX_DEPTH)
        p->seg[p->depth] = (EditorJsonPathSeg){.key = NULL, .index = index};
    p->depth++;
}

void editor_json_path_pop(EditorJsonPath *p)
{
    if (p->depth > 0)
        p->depth--;
}

void editor_json_path_format(const EditorJsonPath *p, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    int depth = p->depth < EDITOR_JSON_PATH_MAX_DEPTH ? p->depth : EDITOR_JSON_PATH_MAX_DEPTH;
    for (int i = 0; i < depth && used < size; i++) {
        int n;
        if (p->seg[i].key)
            n = snprintf(buf + used, size - used, "%s%s", i ? "." : "", p->seg[i].key);
        else
            n = snprintf(buf + used, size - used, "[%ld]", p->seg[i].index);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}
