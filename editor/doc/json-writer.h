#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A small streaming JSON writer: values go straight into one growing buffer (no tree, no
 * per-value allocation or printf), each container either compact (`{"a":1,"b":[1,2]}`, as
 * jansson's JSON_COMPACT writes it), on one line with spaces (`{"a": 1, "b": [1, 2]}`) or one
 * member per line with two-space indentation. Used for the masks JSON (editor/cli/masks-json.c)
 * and level JSON (editor/doc/level-json.c). Strings are written as
 * UTF-8 with the escapes jansson uses (\" \\ \b \f \n \r \t, \u00XX for other control
 * characters); a byte sequence that is not UTF-8 becomes U+FFFD. No GLib, no jansson.
 */

#include <loopwright/base.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_WRITER_MAX_DEPTH 32

typedef struct json_writer {
    char *data; /* the text so far, NUL-terminated when not failed */
    size_t len, cap;
    bool failed; /* out of memory, or misuse (too deep): every later call does nothing */
    int depth;
    bool multiline[JSON_WRITER_MAX_DEPTH]; /* per open container */
    bool spaced[JSON_WRITER_MAX_DEPTH];    /* one line with ", " and ": " (level JSON) */
    bool empty[JSON_WRITER_MAX_DEPTH];     /* no member written yet */
    bool after_key;                        /* the next value completes a "key": pair */
} json_writer;

/** An empty writer (no allocation until the first value). */
void json_writer_init(json_writer *w);
/** Free the text. */
void json_writer_clear(json_writer *w);

/** Open an object or array; @multiline puts each member on its own line. */
void json_writer_begin_object(json_writer *w, bool multiline);
void json_writer_end_object(json_writer *w);
void json_writer_begin_array(json_writer *w, bool multiline);
void json_writer_end_array(json_writer *w);
/** Open an object or array written on one line with a space after each ',' and ':' (as level
 * JSON writes its flat containers: `{"a": 1, "b": [1, 2]}`); closed by the same end calls. */
void json_writer_begin_object_spaced(json_writer *w);
void json_writer_begin_array_spaced(json_writer *w);

/** The key of the next member of the current object. */
void json_writer_key(json_writer *w, const char *key);

void json_writer_int(json_writer *w, int64_t v);
void json_writer_bool(json_writer *w, bool v);
void json_writer_null(json_writer *w);
void json_writer_string(json_writer *w, const char *s);
/** A string of @n bytes (may hold NULs, written as \u0000). */
void json_writer_string_n(json_writer *w, const char *s, size_t n);

/** A value already in JSON form (a number as another library printed it). */
void json_writer_raw(json_writer *w, const char *text);

/** Append a newline after the top-level value (files end with one). */
void json_writer_newline(json_writer *w);

/**
 * Write the text to @path atomically (lwm_file_write_atomic), or to stdout when @path is NULL.
 * False with @err set on failure (LW_ERR_NOMEM when the writer failed).
 */
bool json_writer_save(json_writer *w, const char *path, lw_error *err);
