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

void cli_mask_json_write_fields(json_writer *w, const lw_mask *mask)
{
    json_writer_key(w, "heights");
    json_writer_begin_array(w, false);
    for (int i = 0; i < 16; i++)
        json_writer_int(w, mask->heights[i]);
    json_writer_end_array(w);
    json_writer_key(w, "widths");
    json_writer_begin_array(w, false);
    for (int i = 0; i < 16; i++)
        json_writer_int(w, mask->widths[i]);
    json_writer_end_array(w);
    json_writer_key(w, "angle");
    json_writer_int(w, mask->angle);
    json_writer_key(w, "flagged");
    json_writer_bool(w, (mask->flags & LW_MASK_FLAGGED) != 0);
}

/* A jansson value through the writer: containers below the top level compact. */
static void write_value(json_writer *w, const json_t *v, int depth)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *value;
        json_writer_begin_object(w, depth == 0);
        json_object_foreach((json_t *)v, key, value)
        {
            json_writer_key(w, key);
            write_value(w, value, depth + 1);
        }
        json_writer_end_object(w);
        break;
    }
    case JSON_ARRAY: {
        size_t n = json_array_size(v);
        json_writer_begin_array(w, depth == 1 && n > 0); /* the top-level lists: a line each */
        for (size_t i = 0; i < n; i++)
            write_value(w, json_array_get(v, i), depth + 1);
        json_writer_end_array(w);
        break;
    }
    case JSON_STRING:
        json_writer_string_n(w, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        json_writer_int(w, (int64_t)json_integer_value(v));
        break;
    case JSON_REAL: {
        char *text = json_dumps(v, JSON_ENCODE_ANY); /* none in the masks JSON; kept exact */
        if (text)
            json_writer_raw(w, text);
        else
            w->failed = true;
        free(text);
        break;
    }
    case JSON_TRUE:
    case JSON_FALSE:
        json_writer_bool(w, json_is_true(v));
        break;
    case JSON_NULL:
        json_writer_null(w);
        break;
    }
}

bool cli_json_save(json_writer *w, const char *path)
{
    json_writer_newline(w);
    lw_error err;
    bool ok = json_writer_save(w, path, &err);
    if (!ok)
        cli_print_error(path ? path : "-", &err);
    json_writer_clear(w);
    return ok;
}

bool cli_json_write(json_t *root, const char *path)
{
    json_writer w;
    json_writer_init(&w);
    write_value(&w, root, 0);
    return cli_json_save(&w, path);
}
