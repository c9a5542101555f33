/* SPDX-License-Identifier: MIT */
#include "json-writer.h"

#include <loopwright-masks/file-io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void json_writer_init(json_writer *w)
{
    memset(w, 0, sizeof *w);
}

void json_writer_clear(json_writer *w)
{
    free(w->data);
    json_writer_init(w);
}

static bool reserve(json_writer *w, size_t n)
{
    if (w->failed)
        return false;
    if (w->len + n + 1 <= w->cap)
        return true;
    size_t cap = w->cap ? w->cap : 4096;
    while (cap < w->len + n + 1) {
        if (cap > SIZE_MAX / 2) {
            w->failed = true;
            return false;
        }
        cap *= 2;
    }
    char *d = realloc(w->data, cap);
    if (!d) {
        w->failed = true;
        return false;
    }
    w->data = d;
    w->cap = cap;
    return true;
}

static void put(json_writer *w, const char *s, size_t n)
{
    if (!reserve(w, n))
        return;
    memcpy(w->data + w->len, s, n);
    w->len += n;
    w->data[w->len] = '\0';
}

static void put_indent(json_writer *w, int levels)
{
    if (!reserve(w, 1 + 2 * (size_t)levels))
        return;
    w->data[w->len++] = '\n';
    for (int i = 0; i < 2 * levels; i++)
        w->data[w->len++] = ' ';
    w->data[w->len] = '\0';
}

/* Before a value: the separator and indentation its container wants. */
static void before_value(json_writer *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth == 0)
        return;
    int d = w->depth - 1;
    if (!w->empty[d])
        put(w, ", ", w->spaced[d] ? 2 : 1);
    w->empty[d] = false;
    if (w->multiline[d])
        put_indent(w, w->depth);
}

static void begin(json_writer *w, char open, bool multiline, bool spaced)
{
    before_value(w);
    if (w->depth >= JSON_WRITER_MAX_DEPTH) {
        w->failed = true;
        return;
    }
    w->multiline[w->depth] = multiline;
    w->spaced[w->depth] = spaced && !multiline;
    w->empty[w->depth] = true;
    w->depth++;
    put(w, &open, 1);
}

static void end(json_writer *w, char close)
{
    if (w->depth == 0) {
        w->failed = true;
        return;
    }
    w->depth--;
    if (w->multiline[w->depth] && !w->empty[w->depth])
        put_indent(w, w->depth);
    put(w, &close, 1);
}

void json_writer_begin_object(json_writer *w, bool multiline)
{
    begin(w, '{', multiline, false);
}

void json_writer_begin_object_spaced(json_writer *w)
{
    begin(w, '{', false, true);
}

void json_writer_begin_array_spaced(json_writer *w)
{
    begin(w, '[', false, true);
}

void json_writer_end_object(json_writer *w)
{
    end(w, '}');
}

void json_writer_begin_array(json_writer *w, bool multiline)
{
    begin(w, '[', multiline, false);
}

void json_writer_end_array(json_writer *w)
{
    end(w, ']');
}

static void put_string(json_writer *w, const char *s, size_t n);

void json_writer_key(json_writer *w, const char *key)
{
    before_value(w);
    put_string(w, key, strlen(key));
    /* compact objects as jansson's JSON_COMPACT ("a":1), one-per-line ones with a space */
    bool spaced = w->depth > 0 && (w->multiline[w->depth - 1] || w->spaced[w->depth - 1]);
    put(w, spaced ? ": " : ":", spaced ? 2 : 1);
    w->after_key = true;
}

void json_writer_int(json_writer *w, int64_t v)
{
    before_value(w);
    char buf[24], *p = buf + sizeof buf;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--p = '-';
    put(w, p, (size_t)(buf + sizeof buf - p));
}

void json_writer_bool(json_writer *w, bool v)
{
    before_value(w);
    put(w, v ? "true" : "false", v ? 4 : 5);
}

void json_writer_null(json_writer *w)
{
    before_value(w);
    put(w, "null", 4);
}

/* Length of the valid UTF-8 sequence at @s (at most @n bytes), 0 when it is not one. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len = c < 0x80             ? 1
                 : (c & 0xE0) == 0xC0 ? 2
                 : (c & 0xF0) == 0xE0 ? 3
                 : (c & 0xF8) == 0xF0 ? 4
                                      : 0;
    if (len == 0 || len > n)
        return 0;
    uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1Fu : len == 3 ? c & 0x0Fu : c & 0x07u;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3Fu);
    }
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static void put_string(json_writer *w, const char *s, size_t n)
{
    put(w, "\"", 1);
    const unsigned char *p = (const unsigned char *)s;
    size_t run = 0; /* bytes copied as they are, flushed in one piece */
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        const char *esc = NULL;
        char hex[8];
        size_t len = 1;
        if (c == '"')
            esc = "\\\"";
        else if (c == '\\')
            esc = "\\\\";
        else if (c < 0x20) {
            switch (c) {
            case '\b':
                esc = "\\b";
                break;
            case '\f':
                esc = "\\f";
                break;
            case '\n':
                esc = "\\n";
                break;
            case '\r':
                esc = "\\r";
                break;
            case '\t':
                esc = "\\t";
                break;
            default:
                snprintf(hex, sizeof hex, "\\u%04X", c);
                esc = hex;
            }
        } else if (c >= 0x80) {
            len = utf8_len(p + i, n - i);
            if (len == 0) {
                esc = "\xEF\xBF\xBD"; /* U+FFFD for a byte that is not UTF-8 */
                len = 1;
            }
        }
        if (esc) {
            put(w, s + i - run, run);
            run = 0;
            put(w, esc, strlen(esc));
        } else {
            run += len;
        }
        i += len;
    }
    put(w, s + n - run, run);
    put(w, "\"", 1);
}

void json_writer_string_n(json_writer *w, const char *s, size_t n)
{
    before_value(w);
    put_string(w, s, n);
}

void json_writer_string(json_writer *w, const char *s)
{
    json_writer_string_n(w, s, strlen(s));
}

void json_writer_raw(json_writer *w, const char *text)
{
    before_value(w);
    put(w, text, strlen(text));
}

void json_writer_newline(json_writer *w)
{
    put(w, "\n", 1);
}

bool json_writer_save(json_writer *w, const char *path, lw_error *err)
{
    if (w->failed || w->depth != 0)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory writing JSON");
    const char *text = w->data ? w->data : "";
    if (path)
        return lwm_file_write_atomic(path, text, w->len, NULL, err);
    if (fwrite(text, 1, w->len, stdout) != w->len || fflush(stdout) != 0)
        return lw_error_set(err, LW_ERR_IO, "cannot write to standard output");
    return true;
}
