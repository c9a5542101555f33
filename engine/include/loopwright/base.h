#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: basics shared by every engine module — version, programmer-error asserts and
 * the data-error report. The engine depends on the C standard library only: it never includes
 * GLib, GTK, jansson or libpng, never reads a clock and never allocates inside a simulation step.
 */

#include <stdarg.h>  /* va_list for lw_error_setv */
#include <stdbool.h> /* bool */
#include <stddef.h>  /* size_t */
#include <stdint.h>  /* fixed-width integers */

#define LW_VERSION_STRING "0.1.0"

/* Arithmetic right shift of a negative value is implementation-defined in C11; the engine needs
 * the flooring shift the 68000 performs (asr). GCC and Clang both provide it. */
_Static_assert((-1 >> 1) == -1, "the engine needs an arithmetic right shift");
_Static_assert((-3 >> 1) == -2, "the engine needs an arithmetic right shift");

/** Handler called on a failed LW_ASSERT (a programmer error, never bad data). */
typedef void (*lw_assert_fn)(const char *expr, const char *file, int line);

/** Replace the assert handler (NULL restores the default, which prints and aborts). */
void lw_set_assert_handler(lw_assert_fn fn);

/** Internal: reports a failed assertion through the current handler. */
void lw_assert_failed(const char *expr, const char *file, int line);

#ifdef NDEBUG
#define LW_ASSERT(cond) ((void)0)
#else
#define LW_ASSERT(cond) ((cond) ? (void)0 : lw_assert_failed(#cond, __FILE__, __LINE__))
#endif

/* Data-error codes: X-macro of (CODE, default message). */
#define LW_STATUS_LIST(X)                                                                          \
    X(LW_OK, "no error")                                                                           \
    X(LW_ERR_IO, "cannot read or write the file")                                                  \
    X(LW_ERR_FORMAT, "malformed data")                                                             \
    X(LW_ERR_VERSION, "unsupported format version")                                                \
    X(LW_ERR_RANGE, "value out of range")                                                          \
    X(LW_ERR_LIMIT, "size over the documented limit")                                              \
    X(LW_ERR_NOMEM, "out of memory")                                                               \
    X(LW_ERR_CRC, "checksum mismatch")                                                             \
    X(LW_ERR_TRUNCATED, "data ends too early")                                                     \
    X(LW_ERR_PATH, "path not allowed")

typedef enum lw_status {
#define LW_STATUS_ENUM(code, text) code,
    LW_STATUS_LIST(LW_STATUS_ENUM)
#undef LW_STATUS_ENUM
        LW_STATUS_COUNT
} lw_status;

/** The default English text of a status code. Never NULL. */
const char *lw_status_string(lw_status code);

/**
 * A data error, filled by loaders and validators. No allocation: the message is stored inline.
 * `message` is the human-readable reason without the file name; callers print
 * "loopwright: FILE[:LINE:COL]: message". `line`/`column` are 1-based positions in a text file
 * (0 when unknown); `offset` is a byte offset in a binary file (-1 when unknown).
 */
typedef struct lw_error {
    lw_status code;    /* LW_OK when nothing went wrong */
    int line;          /* 1-based line in a text file, 0 = unknown */
    int column;        /* 1-based column in a text file, 0 = unknown */
    long offset;       /* byte offset in a binary file, -1 = unknown */
    char message[256]; /* reason, without the file name */
} lw_error;

/** Reset @err to "no error" (accepts NULL). */
void lw_error_clear(lw_error *err);

/**
 * Copy the NUL-terminated @src into @dst (@cap bytes, always terminated, truncated at a whole
 * escape) made safe to print on a terminal: control characters (C0, DEL and the C1 range U+0080..
 * U+009F) and bytes that are not UTF-8 become \\n, \\r, \\t or \\xNN; other UTF-8 text is kept.
 * Every message set through lw_error_set is escaped this way, so level strings quoted in errors
 * cannot move the cursor, retitle the window or fake a second line. Returns @dst.
 */
char *lw_text_escape(char *dst, size_t cap, const char *src);

/** Fill @err (accepts NULL) with a code and a printf-style message; position fields unknown.
 * Returns false so callers can write `return lw_error_set(...)`. */
bool lw_error_set(lw_error *err, lw_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/** va_list variant of lw_error_set. Returns false. */
bool lw_error_setv(lw_error *err, lw_status code, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;

/** Like lw_error_set, with a byte offset into a binary file. Returns false. */
bool lw_error_set_at(lw_error *err, lw_status code, long offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
