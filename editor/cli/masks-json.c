/* SPDX-License-Identifier: MIT */
#include "masks-json.h"

#include "cli.h"

#include <loopwright-masks/image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *int_array(const int8_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        if (json_array_append_new(a, json_integer(v[i])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

bool cli_mask_json_fields(json_t *obj, const lw_mask *mask)
{
    return json_object_set_new(obj, "heights", int_array(mask->heights, 16)) == 0 &&
           json_object_set_new(obj, "widths", int_array(mask->widths, 16)) == 0 &&
           json_object_set_new(obj, "angle", json_integer(mask->angle)) == 0 &&
           json_object_set_new(obj, "flagged",
                               json_boolean((mask->flags & LW_MASK_FLAGGED) != 0)) == 0;
}

json_t *cli_mask_json(const lw_mask *mask)
{
    json_t *o = json_object();
    if (o && !cli_mask_json_fields(o, mask)) {
        json_decref(o);
        return NULL;
    }
    return o;
}

typedef struct buf {
    char *data;
    size_t len, cap;
    bool failed;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *d = realloc(b->data, cap);
        if (!d) {
            b->failed = true;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void put_str(buf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void put_json(buf *b, const json_t *v)
{
    char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!s) {
        b->failed = true;
        return;
    }
    /* JSON_COMPACT drops the space after ':' and ','; keep it after ',' for readability */
    put_str(b, s);
    free(s);
}

bool cli_json_write(json_t *root, const char *path)
{
    buf b = {NULL, 0, 0, false};
    put_str(&b, "{\n");
    const char *key;
    json_t *value;
    size_t i = 0, n = json_object_size(root);
    json_object_foreach(root, key, value)
    {
        json_t *k = json_string(key);
        put_str(&b, "  ");
        put_json(&b, k);
        json_decref(k);
        put_str(&b, ": ");
        if (json_is_array(value) && json_array_size(value) > 0) {
            put_str(&b, "[\n");
            size_t m = json_array_size(value);
            for (size_t j = 0; j < m; j++) {
                put_str(&b, "    ");
                put_json(&b, json_array_get(value, j));
                put_str(&b, j + 1 < m ? ",\n" : "\n");
            }
            put_str(&b, "  ]");
        } else {
            put_json(&b, value);
        }
        put_str(&b, ++i < n ? ",\n" : "\n");
    }
    put_str(&b, "}\n");
    if (b.failed) {
        free(b.data);
        fprintf(stderr, "loopwright: %s: out of memory writing JSON\n", path ? path : "-");
        return false;
    }
    bool ok = true;
    if (path) {
        lw_error err;
        if (!lwm_file_write_atomic(path, b.data, b.len, NULL, &err)) {
            cli_print_error(path, &err);
            ok = false;
        }
    } else if (fwrite(b.data, 1, b.len, stdout) != b.len || fflush(stdout) != 0) {
        fprintf(stderr, "loopwright: -: cannot write to standard output\n");
        ok = false;
    }
    free(b.data);
    return ok;
}
