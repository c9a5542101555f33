/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the streaming JSON reader (editor/doc/json-reader.c), differential against
 * jansson: json_reader_validate accepts exactly what json_loadb(JSON_REJECT_DUPLICATES) accepts
 * (the reader's own depth cap of 64 aside), a refusal carries a message and a position, and on
 * accepted text the cursor functions read the same tree jansson builds — kinds, member order,
 * keys, string bytes, integers, counts. Any difference aborts.
 */
#include "json-reader.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "json-reader differs from jansson: %s\n", what);
        abort();
    }
}

static json_kind kind_of(const json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_OBJECT:
        return JSON_KIND_OBJECT;
    case JSON_ARRAY:
        return JSON_KIND_ARRAY;
    case JSON_STRING:
        return JSON_KIND_STRING;
    case JSON_INTEGER:
        return JSON_KIND_INTEGER;
    case JSON_REAL:
        return JSON_KIND_REAL;
    case JSON_TRUE:
    case JSON_FALSE:
        return JSON_KIND_BOOL;
    case JSON_NULL:
        break;
    }
    return JSON_KIND_NULL;
}

/* Compare the value at @v with @j; returns the value's end. */
static const char *compare(json_reader *r, json_pos v, const json_t *j)
{
    json_kind k = json_reader_kind(r, v);
    check(k == kind_of(j), "kind");
    size_t count;
    const char *end = json_reader_skip_count(r, v, &count);
    if (k == JSON_KIND_STRING) {
        size_t n;
        const char *s = json_reader_string(r, v, &n, NULL);
        check(s && n == json_string_length(j) && memcmp(s, json_string_value(j), n) == 0, "string");
    } else if (k == JSON_KIND_INTEGER) {
        check(json_reader_int(r, v, NULL) == json_integer_value(j), "integer");
    } else if (k == JSON_KIND_BOOL) {
        check(json_reader_bool(r, v) == json_is_true(j), "boolean");
    } else if (k == JSON_KIND_ARRAY) {
        check(count == json_array_size(j) && json_reader_count(r, v) == count, "array size");
        json_pos e = json_reader_first(r, v);
        for (size_t i = 0; i < count; i++) {
            check(e != NULL, "array element");
            e = json_reader_next(r, compare(r, e, json_array_get(j, i)));
        }
        check(e == NULL, "array end");
    } else if (k == JSON_KIND_OBJECT) {
        check(count == json_object_size(j), "object size");
        void *it = json_object_iter((json_t *)j);
        for (json_pos key = json_reader_member_first(r, v); key;
             it = json_object_iter_next((json_t *)j, it)) {
            check(it != NULL, "object member");
            const char *name, *raw;
            size_t len, raw_len;
            json_pos value = json_reader_member_value(r, key, &name, &len);
            check(json_reader_member_raw(r, key, &raw, &raw_len) == value, "member value");
            check(name && len == strlen(json_object_iter_key(it)) &&
                      memcmp(name, json_object_iter_key(it), len) == 0,
                  "key");
            key = json_reader_next(r, compare(r, value, json_object_iter_value(it)));
        }
        check(it == NULL, "object end");
    }
    return end;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    lw_error err;
    lw_error_clear(&err);
    bool ours = json_reader_validate(text, size, &err);
    json_error_t jerr;
    json_t *root = json_loadb(text, size, JSON_REJECT_DUPLICATES, &jerr);
    if (!ours) {
        check(err.code != LW_OK && err.message[0] && err.line > 0 && err.column > 0,
              "a refusal says why and where");
        check(!root || strstr(err.message, "maximum parsing depth"), "jansson accepts it");
        json_decref(root);
        return 0;
    }
    check(root != NULL, "jansson refuses it");
    json_reader r;
    json_reader_init(&r, text, size);
    json_pos v = json_reader_root(&r);
    const char *end = compare(&r, v, root);
    while (end < text + size && strchr(" \t\r\n", *end))
        end++;
    check(end == text + size, "the root's end");
    json_reader_clear(&r);
    json_decref(root);
    return 0;
}
