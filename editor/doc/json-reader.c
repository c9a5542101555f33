/* SPDX-License-Identifier: MIT */
#include "json-reader.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64 /* the pre-scan already refuses more than 32 */

/* ======================================================================================== */
/* Shared: whitespace, positions, string decoding                                            */
/* ======================================================================================== */

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
        p++;
    return p;
}

static void position_of(const char *text, const char *at, int *line, int *column)
{
    int l = 1, col = 1;
    for (const char *p = text; p < at; p++) {
        if (*p == '\n') {
            l++;
            col = 1;
        } else if (((unsigned char)*p & 0xC0) != 0x80) {
            col++; /* columns count characters, not UTF-8 continuation bytes */
        }
    }
    *line = l;
    *column = col;
}

static int hex_value(char ch)
{
    return ch >= '0' && ch <= '9'   ? ch - '0'
           : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
           : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                    : -1;
}

/* Four hex digits at @p (bounded by @end), or -1. */
static long hex4(const char *p, const char *end)
{
    if (end - p < 4)
        return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_value(p[i]);
        if (d < 0)
            return -1;
        v = v << 4 | d;
    }
    return v;
}

static size_t put_utf8(char *out, unsigned long cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Decode the (validated) string body starting at @p, just after the opening quote, into @out
 * (room for end - p bytes: decoding never grows a string). Returns the decoded length and sets
 * *@after just past the closing quote. */
static size_t decode(const char *p, const char *end, char *out, const char **after)
{
    size_t n = 0;
    while (p < end && *p != '"') {
        if (*p != '\\') {
            out[n++] = *p++;
            continue;
        }
        char e = p + 1 < end ? p[1] : '\0';
        p += 2;
        switch (e) {
        case 'b':
            out[n++] = '\b';
            break;
        case 'f':
            out[n++] = '\f';
            break;
        case 'n':
            out[n++] = '\n';
            break;
        case 'r':
            out[n++] = '\r';
            break;
        case 't':
            out[n++] = '\t';
            break;
        case 'u': {
            long cp = hex4(p, end);
            p += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF && end - p >= 6 && p[0] == '\\' && p[1] == 'u') {
                long lo = hex4(p + 2, end);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                p += 6;
            }
            n += put_utf8(out + n, cp < 0 ? 0xFFFD : (unsigned long)cp);
            break;
        }
        default:
            out[n++] = e; /* " \ / */
        }
    }
    *after = p < end ? p + 1 : end;
    return n;
}

/* ======================================================================================== */
/* Validation                                                                                */
/* ======================================================================================== */

enum token {
    T_EOF,
    T_INVALID,
    T_ERROR, /* the lexer has set the error already */
    T_STRING,
    T_INTEGER,
    T_REAL,
    T_LITERAL,
    T_BEGIN_OBJECT,
    T_END_OBJECT,
    T_BEGIN_ARRAY,
    T_END_ARRAY,
    T_COLON,
    T_COMMA,
};

/* One open object's keys: an open-addressing table shared by every object at the same depth,
 * its entries stamped with the object's serial number so that a new object starts empty without
 * clearing anything. */
typedef struct key_slot {
    uint32_t serial; /* 0: never used */
    uint32_t hash;
    const char *key; /* just after the opening quote */
    size_t len;      /* raw bytes up to the closing quote */
} key_slot;

typedef struct key_table {
    key_slot *slots;
    size_t cap; /* a power of two, or 0 */
} key_table;

typedef struct frame {
    bool object;
    uint32_t serial;
    size_t keys;
} frame;

typedef struct validator {
    const char *text, *p, *end;
    const char *tok, *tok_end; /* the last token */
    bool tok_escaped;          /* T_STRING: has a backslash */
    frame stack[MAX_DEPTH];
    key_table tables[MAX_DEPTH];
    int depth;
    uint32_t serial;
    lw_error *err;
} validator;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool
fail_at(validator *v, const char *near_end, const char *fmt, ...)
{
    char what[160], near[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    const char *start = v->tok;
    if (start >= v->end || near_end <= start) {
        snprintf(near, sizeof near, "end of file");
    } else {
        size_t n = (size_t)(near_end - start);
        if (n > 40)
            n = 40;
        char raw[48];
        memcpy(raw, start, n);
        raw[n] = '\0';
        char escaped[160];
        lw_text_escape(escaped, sizeof escaped, raw);
        snprintf(near, sizeof near, "'%s'", escaped);
    }
    lw_error_set(v->err, LW_ERR_FORMAT, "invalid JSON: %s near %s", what, near);
    if (v->err) {
        const char *at = near_end > v->text ? near_end - 1 : v->text;
        if (at >= v->end)
            at = v->end > v->text ? v->end - 1 : v->text;
        position_of(v->text, at, &v->err->line, &v->err->column);
    }
    return false;
}

/* Length of the UTF-8 sequence at @p (first byte >= 0x80) that is valid as jansson sees it
 * (no overlong forms, no surrogates, at most U+10FFFF), or 0. */
static int utf8_length(const unsigned char *p, const unsigned char *end)
{
    unsigned c = p[0];
    int n;
    unsigned long cp;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (end - p < n)
        return 0;
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* A string token; v->p is at the opening quote. */
static enum token lex_string(validator *v)
{
    const unsigned char *p = (const unsigned char *)v->p + 1;
    const unsigned char *end = (const unsigned char *)v->end;
    v->tok_escaped = false;
    for (;;) {
        while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
            p++;
        if (p >= end) {
            v->p = v->end;
            return fail_at(v, v->end, "premature end of input"), T_ERROR;
        }
        if (*p == '"')
            break;
        if (*p < 0x20) {
            v->p = (const char *)p + 1;
            return fail_at(v, v->p, "control character 0x%x", *p), T_ERROR;
        }
        if (*p >= 0x80) {
            int n = utf8_length(p, end);
            if (!n) {
                v->p = (const char *)p + 1;
                return fail_at(v, v->p, "unable to decode byte 0x%x", *p), T_ERROR;
            }
            p += n;
            continue;
        }
        /* a backslash */
        v->tok_escaped = true;
        if (p + 1 >= end) {
            v->p = v->end;
            return fail_at(v, v->end, "premature end of input"), T_ERROR;
        }
        unsigned char e = p[1];
        if (e == 'u') {
            long cp = hex4((const char *)p + 2, (const char *)end);
            if (cp < 0) {
                v->p = (const char *)(end - p > 6 ? p + 6 : end);
                return fail_at(v, v->p, "invalid escape"), T_ERROR;
            }
            p += 6;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                long lo = end - p >= 6 && p[0] == '\\' && p[1] == 'u'
                              ? hex4((const char *)p + 2, (const char *)end)
                              : -1;
                if (lo < 0xDC00 || lo > 0xDFFF) {
                    v->p = (const char *)p;
                    return fail_at(v, v->p, "invalid Unicode '\\u%04lX'", cp), T_ERROR;
                }
                p += 6;
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                v->p = (const char *)p;
                return fail_at(v, v->p, "invalid Unicode '\\u%04lX'", cp), T_ERROR;
            } else if (cp == 0) {
                const unsigned char *q = p; /* jansson names the whole string */
                while (q < end && *q != '"')
                    q += *q == '\\' && q + 1 < end ? 2 : 1;
                v->p = (const char *)(q < end ? q + 1 : end);
                return fail_at(v, v->p, "\\u0000 is not allowed without JSON_ALLOW_NUL"), T_ERROR;
            }
            continue;
        }
        if (!strchr("\"\\/bfnrt", e) || !e) {
            v->p = (const char *)p + 2;
            return fail_at(v, v->p, "invalid escape"), T_ERROR;
        }
        p += 2;
    }
    v->p = (const char *)p + 1;
    v->tok_end = v->p;
    return T_STRING;
}

static bool is_digit(const char *p, const char *end)
{
    return p < end && *p >= '0' && *p <= '9';
}

/* A number token as jansson's lexer reads it; v->p is at '-' or a digit. */
static enum token lex_number(validator *v)
{
    const char *p = v->p, *end = v->end;
    bool real = false;
    if (*p == '-')
        p++;
    if (p < end && *p == '0') {
        p++;
        if (is_digit(p, end))
            goto invalid;
    } else if (is_digit(p, end)) {
        while (is_digit(p, end))
            p++;
    } else {
        goto invalid;
    }
    if (p < end && *p == '.') {
        p++;
        if (!is_digit(p, end))
            goto invalid;
        while (is_digit(p, end))
            p++;
        real = true;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        if (!is_digit(p, end))
            goto invalid;
        while (is_digit(p, end))
            p++;
        real = true;
    }
    v->p = v->tok_end = p;
    size_t n = (size_t)(p - v->tok);
    char small[64], *copy = n < sizeof small ? small : malloc(n + 1);
    if (!copy)
        return fail_at(v, p, "out of memory"), T_ERROR;
    memcpy(copy, v->tok, n);
    copy[n] = '\0';
    errno = 0;
    bool ok;
    if (real) {
        double d = strtod(copy, NULL);
        ok = !((d == HUGE_VAL || d == -HUGE_VAL) && errno == ERANGE);
    } else {
        (void)strtoll(copy, NULL, 10);
        ok = errno != ERANGE;
    }
    if (copy != small)
        free(copy);
    if (!ok)
        return fail_at(v, p, "%s",
                       real             ? "real number overflow"
                       : *v->tok == '-' ? "too big negative integer"
                                        : "too big integer"),
               T_ERROR;
    return real ? T_REAL : T_INTEGER;
invalid:
    v->p = v->tok_end = p < end ? p + 1 : end;
    return T_INVALID;
}

static enum token lex(validator *v)
{
    v->p = skip_ws(v->p, v->end);
    v->tok = v->p;
    if (v->p >= v->end) {
        v->tok_end = v->p;
        return T_EOF;
    }
    char ch = *v->p;
    switch (ch) {
    case '{':
    case '}':
    case '[':
    case ']':
    case ':':
    case ',':
        v->tok_end = ++v->p;
        return ch == '{'   ? T_BEGIN_OBJECT
               : ch == '}' ? T_END_OBJECT
               : ch == '[' ? T_BEGIN_ARRAY
               : ch == ']' ? T_END_ARRAY
               : ch == ':' ? T_COLON
                           : T_COMMA;
    case '"':
        return lex_string(v);
    default:
        break;
    }
    if (ch == '-' || (ch >= '0' && ch <= '9'))
        return lex_number(v);
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) {
        const char *p = v->p;
        while (p < v->end && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
            p++;
        size_t n = (size_t)(p - v->p);
        bool literal = (n == 4 && (memcmp(v->p, "true", 4) == 0 || memcmp(v->p, "null", 4) == 0)) ||
                       (n == 5 && memcmp(v->p, "false", 5) == 0);
        v->p = v->tok_end = p;
        return literal ? T_LITERAL : T_INVALID;
    }
    v->tok_end = ++v->p; /* one byte of garbage */
    return T_INVALID;
}

/* ---- duplicate keys ---- */

static uint32_t key_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* Decoded form of the raw key body @key (@len bytes up to the closing quote), malloc()ed. */
static char *decoded_key(const char *key, size_t len, size_t *out_len)
{
    char *buf = malloc(len + 1);
    if (!buf)
        return NULL;
    const char *after;
    *out_len = decode(key, key + len + 1, buf, &after);
    return buf;
}

static bool keys_equal(const key_slot *a, const char *key, size_t len, bool escaped)
{
    bool a_escaped = memchr(a->key, '\\', a->len) != NULL;
    if (!a_escaped && !escaped)
        return a->len == len && memcmp(a->key, key, len) == 0;
    size_t n1, n2;
    char *d1 = decoded_key(a->key, a->len, &n1), *d2 = decoded_key(key, len, &n2);
    bool same = d1 && d2 && n1 == n2 && memcmp(d1, d2, n1) == 0;
    free(d1);
    free(d2);
    return same;
}

static bool table_grow(key_table *t, uint32_t serial)
{
    size_t cap = t->cap ? t->cap * 2 : 16;
    key_slot *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return false;
    for (size_t i = 0; i < t->cap; i++) {
        if (t->slots[i].serial != serial)
            continue; /* another (closed) object's key */
        size_t h = t->slots[i].hash & (cap - 1);
        while (slots[h].serial == serial)
            h = (h + 1) & (cap - 1);
        slots[h] = t->slots[i];
    }
    free(t->slots);
    t->slots = slots;
    t->cap = cap;
    return true;
}

/* Add the key token just read to the innermost object; false (error set) on a duplicate. */
static bool add_key(validator *v)
{
    frame *f = &v->stack[v->depth - 1];
    key_table *t = &v->tables[v->depth - 1];
    const char *key = v->tok + 1;
    size_t len = (size_t)(v->tok_end - 1 - key);
    uint32_t hash;
    if (v->tok_escaped) {
        size_t n;
        char *d = decoded_key(key, len, &n);
        if (!d)
            return fail_at(v, v->tok_end, "out of memory");
        bool nul = memchr(d, '\0', n) != NULL;
        hash = key_hash(d, n);
        free(d);
        if (nul)
            return fail_at(v, v->tok_end, "NUL byte in object key not supported");
    } else {
        hash = key_hash(key, len);
    }
    if ((f->keys + 1) * 2 > t->cap && !table_grow(t, f->serial))
        return fail_at(v, v->tok_end, "out of memory");
    size_t h = hash & (t->cap - 1);
    while (t->slots[h].serial == f->serial) {
        if (t->slots[h].hash == hash && keys_equal(&t->slots[h], key, len, v->tok_escaped))
            return fail_at(v, v->tok_end, "duplicate object key");
        h = (h + 1) & (t->cap - 1);
    }
    t->slots[h] = (key_slot){.serial = f->serial, .hash = hash, .key = key, .len = len};
    f->keys++;
    return true;
}

/* ---- the grammar, as jansson's parser states it ---- */

static bool open_container(validator *v, bool object)
{
    if (v->depth == MAX_DEPTH)
        return fail_at(v, v->tok_end, "maximum parsing depth reached");
    v->stack[v->depth++] = (frame){.object = object, .serial = ++v->serial, .keys = 0};
    return true;
}

/* Expect a value (the token @t just read). Containers are opened, not finished. */
static bool value(validator *v, enum token t)
{
    switch (t) {
    case T_STRING:
    case T_INTEGER:
    case T_REAL:
    case T_LITERAL:
        return true;
    case T_BEGIN_OBJECT:
        return open_container(v, true);
    case T_BEGIN_ARRAY:
        return open_container(v, false);
    case T_ERROR:
        return false;
    case T_INVALID:
        return fail_at(v, v->tok_end, "invalid token");
    default:
        return fail_at(v, v->tok_end, "unexpected token");
    }
}

/* After '{' or ',' in an object: a key, ':' and the start of its value. */
static bool member(validator *v, enum token t)
{
    if (t == T_ERROR)
        return false;
    if (t != T_STRING)
        return fail_at(v, v->tok_end, "string or '}' expected");
    if (!add_key(v))
        return false;
    t = lex(v);
    if (t == T_ERROR)
        return false;
    if (t != T_COLON)
        return fail_at(v, v->tok_end, "':' expected");
    return value(v, lex(v));
}

static bool run(validator *v)
{
    enum token t = lex(v);
    if (t == T_ERROR)
        return false;
    if (t != T_BEGIN_OBJECT && t != T_BEGIN_ARRAY)
        return fail_at(v, v->tok_end, "'[' or '{' expected");
    if (!value(v, t))
        return false;
    bool just_opened = true;
    while (v->depth > 0) {
        frame *f = &v->stack[v->depth - 1];
        int depth = v->depth;
        t = lex(v);
        if (t == T_ERROR)
            return false;
        if (just_opened) {
            /* the first member or element, or the empty container's end */
            if (t == (f->object ? T_END_OBJECT : T_END_ARRAY)) {
                v->depth--;
                just_opened = false;
                continue;
            }
            if (!(f->object ? member(v, t) : value(v, t)))
                return false;
        } else if (t == T_COMMA) {
            t = lex(v);
            if (!(f->object ? member(v, t) : value(v, t)))
                return false;
        } else if (t == (f->object ? T_END_OBJECT : T_END_ARRAY)) {
            v->depth--;
            continue;
        } else {
            return fail_at(v, v->tok_end, f->object ? "'}' expected" : "']' expected");
        }
        just_opened = v->depth > depth; /* the value just begun is a container */
    }
    t = lex(v);
    if (t == T_ERROR)
        return false;
    if (t != T_EOF)
        return fail_at(v, v->tok_end, "end of file expected");
    return true;
}

bool json_reader_validate(const char *text, size_t len, lw_error *err)
{
    validator *v = calloc(1, sizeof *v);
    if (!v)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    v->text = v->p = v->tok = text;
    v->end = text + len;
    v->err = err;
    bool ok = run(v);
    if (!ok && err && err->line <= 0) {
        err->line = 1;
        err->column = 1;
    }
    for (int i = 0; i < MAX_DEPTH; i++)
        free(v->tables[i].slots);
    free(v);
    return ok;
}

/* ======================================================================================== */
/* The cursor over validated text                                                            */
/* ======================================================================================== */

void json_reader_init(json_reader *r, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->end = text + len;
}

void json_reader_clear(json_reader *r)
{
    for (int i = 0; i < JSON_READER_STRINGS; i++)
        free(r->buf[i]);
    memset(r, 0, sizeof *r);
}

json_pos json_reader_root(const json_reader *r)
{
    return skip_ws(r->text, r->end);
}

void json_reader_position(const json_reader *r, json_pos at, int *line, int *column)
{
    position_of(r->text, at && at <= r->end ? at : r->text, line, column);
}

json_kind json_reader_kind(const json_reader *r, json_pos v)
{
    switch (v < r->end ? *v : 'n') {
    case '{':
        return JSON_KIND_OBJECT;
    case '[':
        return JSON_KIND_ARRAY;
    case '"':
        return JSON_KIND_STRING;
    case 't':
    case 'f':
        return JSON_KIND_BOOL;
    case 'n':
        return JSON_KIND_NULL;
    default:
        break;
    }
    for (const char *p = v; p < r->end; p++) {
        char ch = *p;
        if (ch == '.' || ch == 'e' || ch == 'E')
            return JSON_KIND_REAL;
        if (ch != '-' && (ch < '0' || ch > '9'))
            break;
    }
    return JSON_KIND_INTEGER;
}

static const char *skip_string(const char *p, const char *end)
{
    p++; /* the opening quote */
    while (p < end && *p != '"')
        p += *p == '\\' ? 2 : 1;
    return p < end ? p + 1 : end;
}

const char *json_reader_skip_count(const json_reader *r, json_pos v, size_t *count)
{
    const char *p = v, *end = r->end;
    size_t n = 0;
    if (count)
        *count = 0;
    if (p >= end)
        return end;
    if (*p == '"')
        return skip_string(p, end);
    if (*p != '{' && *p != '[') {
        while (p < end && *p != ',' && *p != ']' && *p != '}' && *p != ' ' && *p != '\n' &&
               *p != '\r' && *p != '\t')
            p++;
        return p;
    }
    int depth = 0;
    bool empty = true;
    while (p < end) {
        char ch = *p;
        if (ch == '"') {
            p = skip_string(p, end);
            empty = false;
            continue;
        }
        p++;
        switch (ch) {
        case '{':
        case '[':
            if (depth)
                empty = false;
            depth++;
            break;
        case '}':
        case ']':
            if (--depth == 0) {
                if (count)
                    *count = empty ? 0 : n + 1;
                return p;
            }
            break;
        case ',':
            n += depth == 1;
            break;
        case ' ':
        case '\n':
        case '\r':
        case '\t':
        case ':':
            break;
        default:
            empty = false;
        }
    }
    return end;
}

const char *json_reader_skip(const json_reader *r, json_pos v)
{
    return json_reader_skip_count(r, v, NULL);
}

const char *json_reader_end(const json_reader *r, const char *after_last)
{
    const char *p = skip_ws(after_last, r->end);
    return p < r->end ? p + 1 : r->end;
}

json_pos json_reader_first(const json_reader *r, json_pos v)
{
    if (v >= r->end)
        return NULL;
    const char *p = skip_ws(v + 1, r->end);
    return p < r->end && *p != ']' && *p != '}' ? p : NULL;
}

json_pos json_reader_next(const json_reader *r, const char *after)
{
    const char *p = skip_ws(after, r->end);
    if (p >= r->end || *p != ',')
        return NULL;
    p = skip_ws(p + 1, r->end);
    return p < r->end ? p : NULL;
}

json_pos json_reader_member_first(const json_reader *r, json_pos v)
{
    return json_reader_first(r, v);
}

size_t json_reader_count(const json_reader *r, json_pos v)
{
    size_t n;
    json_reader_skip_count(r, v, &n);
    return n;
}

/* The next scratch buffer, at least @n bytes. */
static char *scratch(json_reader *r, size_t n)
{
    unsigned i = r->next;
    r->next = (r->next + 1) % JSON_READER_STRINGS;
    if (r->cap[i] < n) {
        size_t cap = r->cap[i] ? r->cap[i] : 64;
        while (cap < n)
            cap *= 2;
        char *b = realloc(r->buf[i], cap);
        if (!b) {
            r->failed = true;
            return NULL;
        }
        r->buf[i] = b;
        r->cap[i] = cap;
    }
    return r->buf[i];
}

const char *json_reader_string(json_reader *r, json_pos v, size_t *len, const char **end)
{
    const char *close = skip_string(v, r->end);
    size_t raw = (size_t)(close - v);
    char *out = scratch(r, raw + 1);
    if (!out)
        return NULL;
    const char *after;
    size_t n = decode(v + 1, r->end, out, &after);
    out[n] = '\0';
    if (len)
        *len = n;
    if (end)
        *end = after;
    return out;
}

json_pos json_reader_member_value(json_reader *r, json_pos key, const char **name, size_t *name_len)
{
    const char *after;
    *name = json_reader_string(r, key, name_len, &after);
    const char *p = skip_ws(after, r->end);
    return skip_ws(p + (p < r->end), r->end); /* past the ':' */
}

long long json_reader_int(const json_reader *r, json_pos v, const char **end)
{
    const char *p = v;
    bool neg = p < r->end && *p == '-';
    p += neg;
    unsigned long long u = 0;
    while (p < r->end && *p >= '0' && *p <= '9')
        u = u * 10 + (unsigned long long)(*p++ - '0'); /* validated: fits a long long */
    if (end)
        *end = p;
    if (neg)
        return u > (unsigned long long)LLONG_MAX ? LLONG_MIN : -(long long)u;
    return (long long)u;
}

bool json_reader_bool(const json_reader *r, json_pos v)
{
    return v < r->end && *v == 't';
}

json_pos json_reader_member_raw(const json_reader *r, json_pos key, const char **raw,
                                size_t *raw_len)
{
    const char *after = skip_string(key, r->end);
    *raw = key + 1;
    *raw_len = after > key + 1 ? (size_t)(after - key - 2) : 0;
    const char *p = skip_ws(after, r->end);
    return skip_ws(p + (p < r->end), r->end); /* past the ':' */
}

size_t json_reader_decode(const json_reader *r, json_pos v, char *out)
{
    const char *after;
    size_t n = decode(v + 1, r->end, out, &after);
    out[n] = '\0';
    return n;
}
