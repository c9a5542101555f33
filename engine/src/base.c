/* SPDX-License-Identifier: MIT */
#include "loopwright/base.h"

#include <stdio.h>
#include <stdlib.h>

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

bool lw_error_setv(lw_error *err, lw_status code, const char *fmt, va_list ap)
{
    if (!err)
        return false;
    err->code = code;
    err->line = 0;
    err->column = 0;
    err->offset = -1;
    if (fmt)
        vsnprintf(err->message, sizeof err->message, fmt, ap);
    else
        snprintf(err->message, sizeof err->message, "%s", lw_status_string(code));
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
