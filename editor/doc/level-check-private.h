/* SPDX-License-Identifier: MIT */
/* The problem reporter shared by level-check.c, level-check-objects.c and level-check-masks.c. */
#pragma once

#include "level-check.h"

#include <stdarg.h>

/* Where a check sends its problems, and how many errors it has sent. */
typedef struct editor_check_sink {
    editor_problem_fn fn;
    void *user;
    unsigned errors;
} editor_check_sink;

/* Formats the message, escapes control characters in it (level strings reach a terminal),
 * counts an error and calls the sink's function. */
void editor_check_reportv(editor_check_sink *s, editor_severity sev, const char *code, int32_t x,
                          int32_t y, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 0)))
#endif
    ;

void editor_check_report(editor_check_sink *s, editor_severity sev, const char *code, int32_t x,
                         int32_t y, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
