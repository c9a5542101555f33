/* SPDX-License-Identifier: MIT */
#include "trace-csv.h"

#include <loopwright-masks/file-io.h>
#include <stdlib.h>
#include <string.h>

static bool fail_at(lw_error *err, long line, long col, const char *msg)
{
    lw_error_set(err, LW_ERR_FORMAT, "%s", msg);
    if (err) {
        err->line = (int)line;
        err->column = (int)col;
    }
    return false;
}

/* A decimal number [-]DIGITS[.DIGITS] at *@p, before @end, truncated toward zero to an integer
 * in -CLI_TRACE_MAX_COORD..CLI_TRACE_MAX_COORD. */
static bool parse_number(const char **p, const char *end, bool fraction, int32_t *out)
{
    const char *s = *p;
    bool neg = s < end && *s == '-';
    if (neg)
        s++;
    if (s >= end || *s < '0' || *s > '9')
        return false;
    int64_t v = 0;
    while (s < end && *s >= '0' && *s <= '9') {
        v = v * 10 + (*s++ - '0');
        if (v > CLI_TRACE_MAX_COORD)
            return false;
    }
    if (fraction && s < end && *s == '.') {
        s++;
        if (s >= end || *s < '0' || *s > '9')
            return false;
        while (s < end && *s >= '0' && *s <= '9')
            s++;
    }
    *out = (int32_t)(neg ? -v : v);
    *p = s;
    return true;
}

bool cli_trace_parse(const char *text, size_t len, int32_t **xy, size_t *count, lw_error *err)
{
    lw_error_clear(err);
    *xy = NULL;
    *count = 0;
    const char *p = text, *end = text + len;
    static const char header[] = "frame,x,y";
    if (len < sizeof header - 1 || memcmp(text, header, sizeof header - 1) != 0)
        return fail_at(err, 1, 1, "not a trace (expected a frame,x,y header)");
    const char *nl = memchr(p, '\n', len);
    if (!nl)
        return true; /* a header and no rows */
    p = nl + 1;
    size_t n = 0, cap = 0;
    int32_t *pts = NULL;
    long line = 1;
    while (p < end) {
        line++;
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        if (eol == p || (eol - p == 1 && *p == '\r')) {
            p = eol + (eol < end);
            continue; /* blank line */
        }
        const char *q = p;
        int32_t frame, x, y;
        if (!parse_number(&q, eol, false, &frame) || q >= eol || *q++ != ',' ||
            !parse_number(&q, eol, true, &x) || q >= eol || *q++ != ',' ||
            !parse_number(&q, eol, true, &y) || (q < eol && *q != ',' && *q != '\r')) {
            free(pts);
            return fail_at(err, line, (long)(q - p) + 1,
                           "expected frame,x,y (whole numbers or decimals within 2^24)");
        }
        if (n == cap) {
            if (cap >= CLI_TRACE_MAX_ROWS) {
                free(pts);
                return fail_at(err, line, 1, "trace too long");
            }
            cap = cap ? cap * 2 : 1024;
            int32_t *np = realloc(pts, cap * 2 * sizeof *np);
            if (!np) {
                free(pts);
                return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
            }
            pts = np;
        }
        pts[2 * n] = x;
        pts[2 * n + 1] = y;
        n++;
        p = eol + (eol < end);
    }
    *xy = pts;
    *count = n;
    return true;
}

bool cli_trace_load(const char *path, int32_t **xy, size_t *count, lw_error *err)
{
    char *text;
    size_t len;
    if (!lwm_file_read(path, CLI_TRACE_MAX_FILE, &text, &len, err))
        return false;
    bool ok = cli_trace_parse(text, len, xy, count, err);
    free(text);
    return ok;
}
