#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Private to the level JSON loader (level-json-load.c, level-json-objects.c): the load context
 * and the member helpers over the streaming reader (json-reader.h). Every helper that fails sets
 * the error with the current JSON path as its prefix and the line and column of the value it
 * names, and returns false.
 */

#include "json-locate.h"
#include "json-reader.h"

#include <loopwright/level.h>

#define LOAD_MAX_KEYS 24 /* allowed keys of one object kind (load_scan checks the list) */

typedef struct load_ctx {
    json_reader r;
    unsigned flags;
    lw_error *err;
    EditorJsonPath path;
    uint32_t *ids;   /* open-addressing set of the object ids seen (0 = free slot) */
    size_t ids_mask; /* slots - 1, a power of two minus one */
    char *keybuf;    /* decoded keys while scanning members */
    size_t keycap;
} load_ctx;

/* The members of one object, found in one pass: the value of each allowed key (NULL when absent)
 * and the first key that is not allowed. */
typedef struct load_members {
    json_pos obj;
    const char *const *keys; /* NULL-terminated */
    json_pos at[LOAD_MAX_KEYS];
    size_t count[LOAD_MAX_KEYS];   /* entries of an array (members of an object) value */
    unsigned order[LOAD_MAX_KEYS]; /* 1 + the member's place in the object */
    bool unknown;
    char unknown_key[160];
    json_pos unknown_at;
    unsigned unknown_order;
    const char *end; /* just past the object */
} load_members;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
bool load_fail(load_ctx *c, json_pos at, lw_status code, const char *fmt, ...);

/** Scan the members of the object at @obj (its kind already checked). False when out of memory. */
bool load_scan(load_ctx *c, json_pos obj, const char *const *keys, load_members *m);
/** The value of @key, or NULL. */
json_pos load_get(const load_members *m, const char *key);
/** Unknown keys are errors: a typo must not be silently ignored. */
bool load_check_keys(load_ctx *c, const load_members *m);
/** The same when only @allowed (a subset of the scanned keys) are allowed. */
bool load_check_allowed(load_ctx *c, const load_members *m, const char *const *allowed);

bool load_want(load_ctx *c, json_pos v, json_kind kind, const char *expected);
bool load_want_object(load_ctx *c, json_pos v, const char *expected, const char *const *keys,
                      load_members *m);
bool load_int_value(load_ctx *c, json_pos v, long long min, long long max, long long *out);

/* Member helpers: push the key, read, pop. Missing optional members keep the default; a missing
 * required member is an error reported at the object. */
bool load_int(load_ctx *c, const load_members *m, const char *key, bool required, long long min,
              long long max, long long *out);
bool load_bool(load_ctx *c, const load_members *m, const char *key, bool required, bool *out);
bool load_string(load_ctx *c, const load_members *m, const char *key, bool required,
                 bool allow_null, size_t max_len, const char **out);
/** An array member of at most @max_len entries (counted before anything is allocated). */
bool load_array(load_ctx *c, const load_members *m, const char *key, bool required, size_t max_len,
                json_pos *out, size_t *count);

bool load_objects(load_ctx *c, const load_members *root, lw_level *level);
bool load_replays(load_ctx *c, const load_members *root, lw_level *level);
/* `loop_chunks` (optional): the Sonic 1 loop table (engine level.h), after the chunks. */
bool load_loop_chunks(load_ctx *c, const load_members *root, lw_level *level);
/* A required member @key: null (LW_NONE) or an index below @count of a @what. */
bool load_index(load_ctx *c, const load_members *m, const char *key, uint32_t count,
                const char *what, uint16_t *out);
