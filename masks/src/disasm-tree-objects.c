/* SPDX-License-Identifier: MIT */
/*
 * Object and ring layouts of a tree's level <-> the level's markers (docs/DISASM.md §8.3), through
 * the object-layout codec (objlayout.h): each record becomes a marker carrying its raw fields as
 * properties; writing back parses the tree's file again (keeping its head and tail) and puts the
 * level's markers in as records.
 */
#include "disasm-tree-private.h"

#include <loopwright-masks/objlayout.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool tree_layout_format(lwm_game game, bool rings, lwm_layout_format *out)
{
    if (rings && game == LWM_GAME_S1)
        return false; /* S1's rings are objects */
    *out = rings ? (game == LWM_GAME_S2 ? LWM_LAYOUT_S2_RINGS : LWM_LAYOUT_S3K_RINGS)
                 : (game == LWM_GAME_S1   ? LWM_LAYOUT_S1_OBJECTS
                    : game == LWM_GAME_S2 ? LWM_LAYOUT_S2_OBJECTS
                                          : LWM_LAYOUT_S3K_OBJECTS);
    return true;
}

static bool set_hex(lw_object *o, const char *key, unsigned v)
{
    char buf[16];
    snprintf(buf, sizeof buf, "0x%02X", v);
    return lw_object_set_property(o, key, buf);
}

static bool set_dec(lw_object *o, const char *key, unsigned v)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%u", v);
    return lw_object_set_property(o, key, buf);
}

static bool add_object(lw_level *level, const lwm_object *r, const char *name)
{
    lw_object o;
    memset(&o, 0, sizeof o);
    o.type = LW_OBJECT_MARKER;
    o.x = r->x_px;
    o.y = r->y_px;
    char label[LWM_OBJECT_NAME_MAX + 16];
    if (name && *name)
        snprintf(label, sizeof label, "%.60s", name);
    else
        snprintf(label, sizeof label, "object 0x%02X", r->id);
    bool ok = lw_level_set_string(&o.name, label) &&
              lw_object_set_property(&o, "disasm", "object") && set_hex(&o, "id", r->id) &&
              set_hex(&o, "subtype", r->subtype) &&
              lw_object_set_property(&o, "x_flip", r->x_flip ? "true" : "false") &&
              lw_object_set_property(&o, "y_flip", r->y_flip ? "true" : "false") &&
              lw_object_set_property(&o, "respawn", r->respawn ? "true" : "false") &&
              lw_object_set_property(&o, "any_height", r->any_height ? "true" : "false") &&
              set_dec(&o, "spare_bits", r->spare_bits) && lw_level_add_object(level, &o);
    lw_object_clear(&o);
    return ok;
}

static bool add_ring(lw_level *level, const lwm_ring *r)
{
    lw_object o;
    memset(&o, 0, sizeof o);
    o.type = LW_OBJECT_MARKER;
    o.x = r->x_px;
    o.y = r->y_px;
    bool ok = lw_level_set_string(&o.name, "ring") &&
              lw_object_set_property(&o, "disasm", "ring") && set_dec(&o, "count", r->count) &&
              lw_object_set_property(&o, "column", r->column ? "true" : "false") &&
              set_dec(&o, "spare_bits", r->spare_bits) && lw_level_add_object(level, &o);
    lw_object_clear(&o);
    return ok;
}

bool tree_layout_to_markers(lw_level *level, lwm_layout_format format, const uint8_t *data,
                            size_t size, const lwm_object_names *names, size_t *count,
                            lw_error *err)
{
    lwm_layout lay;
    bool ok = lwm_layout_parse(&lay, format, data, size, err);
    bool rings = lwm_layout_format_has_rings(format);
    *count = rings ? lay.ring_count : lay.object_count;
    for (size_t i = 0; ok && i < *count; i++) {
        ok = rings ? add_ring(level, &lay.rings[i])
                   : add_object(level, &lay.objects[i],
                                names ? lwm_object_names_get(names, lay.objects[i].id) : NULL);
        if (!ok)
            lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    lwm_layout_clear(&lay);
    return ok;
}

static const char *prop(const lw_object *o, const char *key)
{
    for (uint32_t i = 0; i < o->prop_count; i++)
        if (strcmp(o->props[i].key, key) == 0)
            return o->props[i].value;
    return NULL;
}

static bool prop_uint(const lw_object *o, const char *key, unsigned max, unsigned *out,
                      lw_error *err)
{
    const char *v = prop(o, key);
    char *end;
    unsigned long n = v ? strtoul(v, &end, 0) : 0;
    if (!v || !*v || *end || n > max)
        return lw_error_set(err, LW_ERR_RANGE,
                            "marker %u (%s): property \"%s\" must be a number 0..%u", o->id,
                            o->name ? o->name : "", key, max);
    *out = (unsigned)n;
    return true;
}

static bool prop_bool(const lw_object *o, const char *key, bool *out, lw_error *err)
{
    const char *v = prop(o, key);
    if (!v || (strcmp(v, "true") && strcmp(v, "false")))
        return lw_error_set(err, LW_ERR_RANGE, "marker %u: property \"%s\" must be true or false",
                            o->id, key);
    *out = strcmp(v, "true") == 0;
    return true;
}

static bool pos(const lw_object *o, uint16_t *x, uint16_t *y, lw_error *err)
{
    if (o->x < 0 || o->x > 0xFFFE || o->y < 0 || o->y > 0xFFF)
        return lw_error_set(err, LW_ERR_RANGE, "marker %u at (%d,%d): x is 0..65534, y 0..4095",
                            o->id, o->x, o->y);
    *x = (uint16_t)o->x;
    *y = (uint16_t)o->y;
    return true;
}

static bool record_of(const lw_object *o, lwm_object *r, lw_error *err)
{
    unsigned id = 0, sub = 0, spare = 0;
    memset(r, 0, sizeof *r);
    bool ok = pos(o, &r->x_px, &r->y_px, err) && prop_uint(o, "id", 0xFF, &id, err) &&
              prop_uint(o, "subtype", 0xFF, &sub, err) &&
              prop_uint(o, "spare_bits", 0xF, &spare, err) &&
              prop_bool(o, "x_flip", &r->x_flip, err) && prop_bool(o, "y_flip", &r->y_flip, err) &&
              prop_bool(o, "respawn", &r->respawn, err) &&
              prop_bool(o, "any_height", &r->any_height, err);
    r->id = (uint8_t)id;
    r->subtype = (uint8_t)sub;
    r->spare_bits = (uint8_t)spare;
    return ok;
}

static bool ring_of(const lw_object *o, lwm_ring *r, lw_error *err)
{
    unsigned count = 0, spare = 0;
    memset(r, 0, sizeof *r);
    bool ok = pos(o, &r->x_px, &r->y_px, err) && prop_uint(o, "count", 8, &count, err) &&
              prop_uint(o, "spare_bits", 0xF, &spare, err) &&
              prop_bool(o, "column", &r->column, err);
    r->count = (uint8_t)count;
    r->spare_bits = (uint8_t)spare;
    return ok;
}

bool tree_markers_to_layout(const lw_level *level, lwm_layout_format format, const uint8_t *old,
                            size_t old_size, uint8_t **out, size_t *out_size, lw_error *err)
{
    bool rings = lwm_layout_format_has_rings(format);
    const char *kind = rings ? "ring" : "object";
    lwm_layout lay;
    bool ok = lwm_layout_parse(&lay, format, old, old_size, err);
    size_t n = 0;
    for (uint32_t i = 0; i < level->object_count; i++) {
        const char *d =
            level->objects[i].type == LW_OBJECT_MARKER ? prop(&level->objects[i], "disasm") : NULL;
        n += d && strcmp(d, kind) == 0;
    }
    void *arr = ok ? calloc(n ? n : 1, rings ? sizeof(lwm_ring) : sizeof(lwm_object)) : NULL;
    if (ok && !arr)
        ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    size_t k = 0;
    for (uint32_t i = 0; ok && i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        const char *d = o->type == LW_OBJECT_MARKER ? prop(o, "disasm") : NULL;
        if (!d || strcmp(d, kind) != 0)
            continue;
        ok = rings ? ring_of(o, &((lwm_ring *)arr)[k], err)
                   : record_of(o, &((lwm_object *)arr)[k], err);
        k++;
    }
    if (ok) {
        if (rings) {
            free(lay.rings);
            lay.rings = arr;
            lay.ring_count = n;
        } else {
            free(lay.objects);
            lay.objects = arr;
            lay.object_count = n;
        }
        arr = NULL;
        size_t cap = lwm_layout_size(&lay);
        *out = malloc(cap ? cap : 1);
        ok = *out ? lwm_layout_write(&lay, *out, cap, out_size, err)
                  : lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        if (!ok) {
            free(*out);
            *out = NULL;
        }
    }
    free(arr);
    lwm_layout_clear(&lay);
    return ok;
}
