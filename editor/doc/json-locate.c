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

/* A cursor over well-formed JSON text. */
typedef struct cursor {
    const char *s;
    size_t len, pos;
} cursor;

static void skip_ws(cursor *c)
{
    while (c->pos < c->len) {
        char ch = c->s[c->pos];
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r')
            break;
        c->pos++;
    }
}

/* Skip a string starting at the opening quote; returns false at end of text. */
static bool skip_string(cursor *c)
{
    c->pos++; /* opening quote */
    while (c->pos < c->len) {
        char ch = c->s[c->pos++];
        if (ch == '\\')
            c->pos++;
        else if (ch == '"')
            return true;
    }
    return false;
}

/* Compare the string at the cursor (opening quote) with @key, decoding simple escapes, and skip
 * it. Keys of the level format are ASCII, so \uXXXX only needs to match byte for byte. */
static bool string_equals_and_skip(cursor *c, const char *key)
{
    size_t start = c->pos + 1;
    if (!skip_string(c))
        return false;
    size_t end = c->pos - 1; /* closing quote */
    size_t k = 0, klen = strlen(key);
    for (size_t i = start; i < end; i++, k++) {
        char ch = c->s[i];
        if (ch == '\\') {
            i++;
            char e = i < end ? c->s[i] : 0;
            ch = e == 'n'   ? '\n'
                 : e == 't' ? '\t'
                 : e == 'r' ? '\r'
                 : e == 'b' ? '\b'
                 : e == 'f' ? '\f'
                            : e;
            if (e == 'u')
                return false; /* not a key of ours */
        }
        if (k >= klen || key[k] != ch)
            return false;
    }
    return k == klen;
}

static bool skip_value(cursor *c)
{
    skip_ws(c);
    if (c->pos >= c->len)
        return false;
    char ch = c->s[c->pos];
    if (ch == '"')
        return skip_string(c);
    if (ch == '{' || ch == '[') {
        int depth = 0;
        while (c->pos < c->len) {
            ch = c->s[c->pos];
            if (ch == '"') {
                if (!skip_string(c))
                    return false;
                continue;
            }
            c->pos++;
            if (ch == '{' || ch == '[')
                depth++;
            else if ((ch == '}' || ch == ']') && --depth == 0)
                return true;
        }
        return false;
    }
    /* number, true, false, null */
    while (c->pos < c->len && !strchr(",]} \t\r\n", c->s[c->pos]))
        c->pos++;
    return true;
}

static void position(const char *text, size_t pos, int *line, int *column)
{
    int l = 1, col = 1;
    for (size_t i = 0; i < pos; i++) {
        if (text[i] == '\n') {
            l++;
            col = 1;
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            col++; /* count characters, not UTF-8 continuation bytes */
        }
    }
    *line = l;
    *column = col;
}

bool editor_json_locate(const char *text, size_t len, const EditorJsonPath *path, int *line,
                        int *column)
{
    cursor c = {text, len, 0};
    skip_ws(&c);
    size_t found = c.pos;
    int depth = path->depth < EDITOR_JSON_PATH_MAX_DEPTH ? path->depth : EDITOR_JSON_PATH_MAX_DEPTH;
    bool complete = true;
    for (int i = 0; i < depth && complete; i++) {
        const EditorJsonPathSeg *seg = &path->seg[i];
        skip_ws(&c);
        if (c.pos >= len) {
            complete = false;
            break;
        }
        char open = text[c.pos];
        if ((seg->key && open != '{') || (!seg->key && open != '[')) {
            complete = false;
            break;
        }
        c.pos++;
        bool hit = false;
        long index = 0;
        for (;;) {
            skip_ws(&c);
            if (c.pos >= len || text[c.pos] == '}' || text[c.pos] == ']')
                break;
            if (seg->key) {
                bool match = string_equals_and_skip(&c, seg->key);
                skip_ws(&c);
                c.pos++; /* ':' */
                skip_ws(&c);
                if (match) {
                    hit = true;
                    break;
                }
            } else if (index == seg->index) {
                hit = true;
                break;
            }
            if (!skip_value(&c))
                break;
            skip_ws(&c);
            if (c.pos < len && text[c.pos] == ',')
                c.pos++;
            index++;
        }
        if (!hit) {
            complete = false;
            break;
        }
        skip_ws(&c);
        found = c.pos;
    }
    position(text, found, line, column);
    return complete;
}
