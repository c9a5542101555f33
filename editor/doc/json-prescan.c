/* SPDX-License-Identifier: MIT */
#include "json-prescan.h"

#include <loopwright/level.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define MAX_DEPTH 32

/* What each top-level member may hold before jansson builds a tree of it: entries of its array
 * (the loader's own limit, refused with the loader's words) and values in its whole subtree (the
 * most a level at every limit has there, with room). Members not listed (unknown keys, which the
 * loader refuses by name, or sections added later) share one budget. */
typedef struct section {
    const char *key;
    size_t max_entries; /* of the member's array; 0: not checked here */
    size_t max_values;  /* in the subtree */
} section;

static const section sections[] = {
    {"masks", LW_MAX_MASKS, (size_t)LW_MAX_MASKS * 32},
    {"tiles", LW_MAX_TILES, (size_t)LW_MAX_TILES * 16},
    {"chunks", LW_MAX_CHUNKS, (size_t)LW_MAX_CHUNKS *(16 * 16 + 40)},
    {"layout", 0, 2 * (size_t)LW_MAX_LAYOUT_CELLS + 4096},
    {"objects", LW_MAX_OBJECTS, (size_t)LW_MAX_OBJECTS *(24 + 2 * LW_MAX_PROPERTIES)},
    {"replays", LW_MAX_REPLAYS, (size_t)LW_MAX_REPLAYS * 32},
    {"physics", 0, 4 * (size_t)LW_MAX_OVERRIDES + 64},
    {"format", 0, 1},
    {"version", 0, 1},
    {"name", 0, 1},
    {"chunk_size", 0, 1},
    {"tileset", 0, 1},
    {"background_color", 0, 1},
};
#define OTHER_VALUES 65536u /* all other members together */

typedef struct frame {
    bool object;
    bool want_key;  /* object: the next string is a key */
    size_t entries; /* values (array) or members (object) so far */
    int line, col;  /* where it opened */
} frame;

typedef struct scan {
    const char *p, *end;
    int line, col;
    frame stack[MAX_DEPTH];
    int depth;
    int section; /* index into sections, -1 other, -2 none (at the root) */
    size_t values[COUNT(sections) + 1];
    bool over;    /* the current section's array is over its entry limit */
    char key[32]; /* the last key read at depth 1 */
    lw_error *err;
} scan;

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static bool
fail(scan *s, int line, int col, lw_status code, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lw_error_set(s->err, code, "%s", msg);
    if (s->err) {
        s->err->line = line;
        s->err->column = col;
    }
    return false;
}

static void advance(scan *s)
{
    if (*s->p == '\n') {
        s->line++;
        s->col = 1;
    } else if (((unsigned char)*s->p & 0xC0) != 0x80) {
        s->col++; /* columns count characters, not UTF-8 continuation bytes */
    }
    s->p++;
}

/* A value starts here (inside the current frame): count it. */
static bool value_start(scan *s)
{
    if (s->depth == 0)
        return true;
    frame *f = &s->stack[s->depth - 1];
    if (!f->object)
        f->entries++;
    if (s->depth == 2 && !f->object && s->section >= 0 && sections[s->section].max_entries &&
        f->entries > sections[s->section].max_entries)
        s->over = true;
    if (s->section == -2 || s->over)
        return true; /* an array already over its limit is counted to its end, then refused */
    size_t slot = s->section < 0 ? COUNT(sections) : (size_t)s->section;
    size_t max = s->section < 0 ? OTHER_VALUES : sections[s->section].max_values;
    if (++s->values[slot] > max)
        return fail(s, s->line, s->col, LW_ERR_LIMIT,
                    "%s: more than %zu values, over the most a level can hold there",
                    s->section < 0 ? "unknown members" : sections[s->section].key, max);
    return true;
}

static int find_section(const char *key)
{
    for (size_t i = 0; i < COUNT(sections); i++)
        if (strcmp(sections[i].key, key) == 0)
            return (int)i;
    return -1;
}

bool editor_json_prescan(const char *text, size_t len, lw_error *err)
{
    scan s = {.p = text, .end = text + len, .line = 1, .col = 1, .section = -2, .err = err};
    while (s.p < s.end) {
        char ch = *s.p;
        frame *top = s.depth ? &s.stack[s.depth - 1] : NULL;
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ':') {
            advance(&s);
            continue;
        }
        if (ch == '"') {
            bool is_key = top && top->object && top->want_key;
            size_t kn = 0;
            if (!is_key && !value_start(&s))
                return false;
            advance(&s);
            while (s.p < s.end && *s.p != '"') {
                if (*s.p == '\\' && s.p + 1 < s.end)
                    advance(&s);
                if (is_key && kn + 1 < sizeof s.key)
                    s.key[kn++] = *s.p;
                advance(&s);
            }
            if (s.p >= s.end)
                return true; /* unterminated: jansson says so */
            advance(&s);
            if (is_key) {
                top->want_key = false;
                top->entries++;
                if (s.depth == 1) {
                    s.key[kn] = '\0';
                    s.section = find_section(s.key);
                }
            }
            continue;
        }
        if (ch == ',') {
            if (top && top->object)
                top->want_key = true;
            advance(&s);
            continue;
        }
        if (ch == '{' || ch == '[') {
            if (!value_start(&s))
                return false;
            if (s.depth == MAX_DEPTH)
                return fail(&s, s.line, s.col, LW_ERR_LIMIT, "values nested more than %d deep",
                            MAX_DEPTH);
            s.stack[s.depth++] =
                (frame){.object = ch == '{', .want_key = ch == '{', .line = s.line, .col = s.col};
            advance(&s);
            continue;
        }
        if (ch == '}' || ch == ']') {
            if (!top || top->object != (ch == '}'))
                return true; /* mismatched: jansson reports it */
            /* the loader's array limits, with its words, before any tree is built */
            if (s.depth == 2 && !top->object && s.section >= 0 && sections[s.section].max_entries &&
                top->entries > sections[s.section].max_entries)
                return fail(&s, top->line, top->col, LW_ERR_LIMIT,
                            "%s: %zu entries is over the limit of %zu", sections[s.section].key,
                            top->entries, sections[s.section].max_entries);
            s.depth--;
            if (s.depth == 1) {
                s.section = -2;
                s.over = false;
            }
            advance(&s);
            continue;
        }
        /* a number, true, false, null (or garbage, which jansson reports) */
        if (!value_start(&s))
            return false;
        while (s.p < s.end && !strchr(" \t\r\n,:]}[{\"", *s.p))
            advance(&s);
    }
    return true;
}
