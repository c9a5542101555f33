/* SPDX-License-Identifier: MIT */
#include "loopwright/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void default_assert(const char *expr, const char *file, int line)
{
    fprintf(stderr, "loopwright engine: assertion failed: %s (%s:%d)\n", expr, file, line);
    abort();
}

/* The only mutable global of the engine: a debugging hook, never read by the simulation. */
static lw_assert_fn assert_handler = default_assert;

void lw_set_assert_handler(lw_assert_fn fn)
{
    assert_handler = fn ? fn : default_assert;
}

void lw_assert_failed(const char *expr, const char *file, int line)
{
    assert_handler(expr, file, line);
}

const char *lw_status_string(lw_status code)
{
    static const char *const texts[] = {
#define LW_STATUS_TEXT(c, text) text,
        LW_STATUS_LIST(LW_STATUS_TEXT)
#undef LW_STATUS_TEXT
    };
    if ((unsigned)code >= (unsigned)LW_STATUS_COUNT)
        return "unknown error";
    return texts[code];
}

void lw_error_clear(lw_error *err)
{
    if (!err)
        return;
    err->code = LW_OK;
    err->line = 0;
    err->column = 0;
    err->offset = -1;
    err->message[0] = '\0';
}

/* Length of the valid UTF-8 sequence at @s (1..4), 0 when it is not one. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n = c < 0x80             ? 1
               : (c & 0xE0) == 0xC0 ? 2
               : (c & 0xF0) == 0xE0 ? 3
               : (c & 0xF8) == 0xF0 ? 4
                                    : 0;
    if (n == 0 || (n == 2 && c < 0xC2) || (n == 4 && c > 0xF4))
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

char *lw_text_escape(char *dst, size_t cap, const char *src)
{
    if (!cap)
        return dst;
    const unsigned char *s = (const unsigned char *)src;
    size_t o = 0;
    while (*s) {
        char esc[8];
        size_t n = utf8_len(s), w;
        bool control = n == 1 ? (*s < 0x20 || *s == 0x7F) : (n == 2 && s[0] == 0xC2 && s[1] < 0xA0);
        if (n && !control) {
            w = n;
            memcpy(esc, s, n);
        } else if (*s == '\n' || *s == '\r' || *s == '\t') {
            w = 2;
            esc[0] = '\\';
            esc[1] = *s == '\n' ? 'n' : *s == '\r' ? 'r' : 't';
            n = 1;
        } else {
            static const char hex[] = "0123456789abcdef";
            n = n ? n : 1; /* a C1 control: both bytes; a stray byte: one */
            w = 0;
            for (size_t i = 0; i < n; i++) {
                esc[w++] = '\\';
                esc[w++] = 'x';
                esc[w++] = hex[s[i] >> 4];
                esc[w++] = hex[s[i] & 15];
            }
        }
        if (o + w >= cap)
            break;
        memcpy(dst + o, esc, w);
        o += w;
        s += n;
    }
    dst[o] = '\0';
    return dst;
}

bool lw_error_setv(lw_error *err, lw_status code, const char *fmt, va_list ap)
{
    if (!err)
        return false;
    err->code = code;
    err->line = 0;
    err->column = 0;
    err->offset = -1;
    char raw[sizeof err->message];
    if (fmt)
        vsnprintf(raw, sizeof raw, fmt, ap);
    else
        snprintf(raw, sizeof raw, "%s", lw_status_string(code));
    lw_text_escape(err->message, sizeof err->message, raw);
    return false;
}

bool lw_error_set(lw_error *err, lw_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lw_error_setv(err, code, fmt, ap);
    va_end(ap);
    return false;
}

bool lw_error_set_at(lw_error *err, lw_status code, long offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lw_error_setv(err, code, fmt, ap);
    va_end(ap);
    if (err)
        err->offset = offset;
    return false;
}
