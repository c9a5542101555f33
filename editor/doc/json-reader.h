#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A streaming JSON reader with no tree: the level loader's replacement for jansson's parse.
 *
 * json_reader_validate() checks in one pass, without building anything, that the text is JSON as
 * jansson (json_loadb without flags) accepts it: an object or array at the root, strict numbers
 * (integers fitting a long long, reals not overflowing), UTF-8 strings without control characters
 * or \u0000, no duplicate key in any object, nothing after the root. Its messages follow
 * jansson's ("invalid JSON: ... near '...'"), with the line and column of the offending token.
 *
 * On validated text the cursor functions below pull values by position (a `const char *` at the
 * value's first character): they assume well-formed input (json_reader_validate said so) but
 * still never read outside [text, text + len). Strings are decoded into a ring of scratch buffers
 * owned by the reader. No GLib, no jansson.
 */

#include <loopwright/base.h>
#include <stdbool.h>
#include <stddef.h>

#define JSON_READER_STRINGS 8 /* scratch strings alive at once */

typedef struct json_reader {
    const char *text, *end;
    char *buf[JSON_READER_STRINGS];
    size_t cap[JSON_READER_STRINGS];
    unsigned next;
    bool failed; /* out of memory while decoding a string */
} json_reader;

/** A value's position: its first character (never whitespace). */
typedef const char *json_pos;

/** False (LW_ERR_FORMAT "invalid JSON: ...", line and column set) when @text is not JSON. */
bool json_reader_validate(const char *text, size_t len, lw_error *err);

void json_reader_init(json_reader *r, const char *text, size_t len);
void json_reader_clear(json_reader *r);

/** The root value (after leading whitespace). */
json_pos json_reader_root(const json_reader *r);

/** 1-based line and column (in characters) of @at. */
void json_reader_position(const json_reader *r, json_pos at, int *line, int *column);

typedef enum json_kind {
    JSON_KIND_OBJECT,
    JSON_KIND_ARRAY,
    JSON_KIND_STRING,
    JSON_KIND_INTEGER,
    JSON_KIND_REAL,
    JSON_KIND_BOOL,
    JSON_KIND_NULL,
} json_kind;

json_kind json_reader_kind(const json_reader *r, json_pos v);

/** Just past the value at @v. */
const char *json_reader_skip(const json_reader *r, json_pos v);
/** The same, counting the elements (members) of an array (object) at @v in *@count (0 for a
 * scalar; may be NULL). */
const char *json_reader_skip_count(const json_reader *r, json_pos v, size_t *count);
/** Just past the array or object whose last element ends at @after_last. */
const char *json_reader_end(const json_reader *r, const char *after_last);

/** First element of the array at @v, or NULL when it is empty. */
json_pos json_reader_first(const json_reader *r, json_pos v);
/** The element after the one ending at @after (json_reader_skip of it), or NULL at the end. */
json_pos json_reader_next(const json_reader *r, const char *after);
/** Number of elements of the array at @v (or members of the object at @v). */
size_t json_reader_count(const json_reader *r, json_pos v);

/**
 * Members of the object at @v: json_reader_member_first() gives the first key's position (NULL
 * when empty); json_reader_member_value() decodes the key at @key into a scratch string and
 * returns the value's position; json_reader_next() from the value's end gives the next key.
 */
json_pos json_reader_member_first(const json_reader *r, json_pos v);
json_pos json_reader_member_value(json_reader *r, json_pos key, const char **name,
                                  size_t *name_len);

/** The raw body of the key at @key (between its quotes, escapes not decoded) and the position of
 * its value. */
json_pos json_reader_member_raw(const json_reader *r, json_pos key, const char **raw,
                                size_t *raw_len);
/** Decode the string at @v into @out, which has room for its raw length plus one; returns the
 * decoded length (the text is NUL-terminated). */
size_t json_reader_decode(const json_reader *r, json_pos v, char *out);

/** The integer at @v (its kind must be JSON_KIND_INTEGER); @end (may be NULL) gets its end. */
long long json_reader_int(const json_reader *r, json_pos v, const char **end);
/** true / false at @v. */
bool json_reader_bool(const json_reader *r, json_pos v);
/** Decode the string at @v into the next scratch buffer (NUL-terminated; NULL when out of
 * memory); its decoded byte length in *@len (may be NULL), its end in *@end (may be NULL). */
const char *json_reader_string(json_reader *r, json_pos v, size_t *len, const char **end);
