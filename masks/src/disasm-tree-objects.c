/* SPDX-License-Identifier: MIT */
/*
 * Object and ring layouts of a tree's level <-> the level's markers (docs/DISASM.md §8.3), through
 * the object-layout codec (objlayout.h): each record becomes a marker carrying its raw fields as
 * properties, except S2/S3K path swapper records, which become the level's path swappers;
 * writing back parses the tree's file again (keeping its head and tail) and puts the level's
 * markers and path swappers in as records.
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

/* The path swapper object of @format: S2 Obj03 (the plane switcher), S3K object 02
 * (PathSwap); -1 for S1, whose loops switch paths through loop chunks instead. */
static int swapper_id(lwm_layout_format format)
{
    return format == LWM_LAYOUT_S2_OBJECTS ? 0x03 : format == LWM_LAYOUT_S3K_OBJECTS ? 0x02 : -1;
}

/* A record becomes the level's path swapper when every bit of it has a place there: the
 * subtype (bits 0-1 half-length 32/64/128/256 px, bit 2 horizontal, bit 3 the right/lower path
 * B, bit 4 the left/upper path B, bit 5 right/lower priority high, bit 6 left/upper high, bit 7
 * ground only) and X flip (only the priority changes). One with a Y flip, the respawn or
 * any-height bit or spare bits stays a marker, which keeps them (the engine runs an S2 one as a
 * swapper all the same). */
static bool record_is_swapper(lwm_layout_format format, const lwm_object *r)
{
    return swapper_id(format) == r->id && !r->y_flip && !r->respawn && !r->any_height &&
           !r->spare_bits;
}

static bool add_swapper(lw_level *level, const lwm_object *r)
{
    static const uint16_t radius[4] = {32, 64, 128, 256};
    lw_object o;
    memset(&o, 0, sizeof o);
    o.type = LW_OBJECT_PATH_SWAPPER;
    o.x = r->x_px;
    o.y = r->y_px;
    o.swapper.radius = radius[r->subtype & 3u];
    o.swapper.horizontal = (r->subtype & 0x04u) != 0;
    o.swapper.path[1] = (r->subtype & 0x08u) ? LW_PATH_B : LW_PATH_A;
    o.swapper.path[0] = (r->subtype & 0x10u) ? LW_PATH_B : LW_PATH_A;
    o.swapper.priority[1] = (r->subtype & 0x20u) != 0;
    o.swapper.priority[0] = (r->subtype & 0x40u) != 0;
    o.swapper.grounded_only = (r->subtype & 0x80u) != 0;
    o.swapper.priority_only = r->x_flip;
    return lw_level_add_object(level, &o);
}

/* The record a path swapper goes back as (the inverse of add_swapper). */
static bool swapper_record(lwm_layout_format format, const lw_object *o, lwm_object *r,
                           lw_error *err);

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
             : record_is_swapper(format, &lay.objects[i])
                 ? add_swapper(level, &lay.objects[i])
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

static bool swapper_record(lwm_layout_format format, const lw_object *o, lwm_object *r,
                           lw_error *err)
{
    memset(r, 0, sizeof *r);
    const lw_path_swapper *sw = &o->swapper;
    unsigned size = sw->radius == 32 ? 0u : sw->radius == 64 ? 1u : sw->radius == 128 ? 2u : 3u;
    if ((sw->radius != 32 && sw->radius != 64 && sw->radius != 128 && sw->radius != 256) ||
        sw->path[0] > 1 || sw->path[1] > 1 || sw->priority[0] > 1 || sw->priority[1] > 1)
        return lw_error_set(err, LW_ERR_RANGE,
                            "path swapper %u: radius %u, paths %u/%u or priorities %u/%u have no "
                            "plane switcher subtype",
                            o->id, sw->radius, sw->path[0], sw->path[1], sw->priority[0],
                            sw->priority[1]);
    r->id = (uint8_t)swapper_id(format);
    r->subtype = (uint8_t)(size | (sw->horizontal ? 0x04u : 0u) | (sw->path[1] ? 0x08u : 0u) |
                           (sw->path[0] ? 0x10u : 0u) | (sw->priority[1] ? 0x20u : 0u) |
                           (sw->priority[0] ? 0x40u : 0u) | (sw->grounded_only ? 0x80u : 0u));
    r->x_flip = sw->priority_only;
    return pos(o, &r->x_px, &r->y_px, err);
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
    /* the level's path swappers go back as the game's swapper objects, in level order */
    bool swappers = !rings && swapper_id(format) >= 0;
    size_t n = 0;
    for (uint32_t i = 0; i < level->object_count; i++) {
        const char *d =
            level->objects[i].type == LW_OBJECT_MARKER ? prop(&level->objects[i], "disasm") : NULL;
        n += (d && strcmp(d, kind) == 0) ||
             (swappers && level->objects[i].type == LW_OBJECT_PATH_SWAPPER);
    }
    void *arr = ok ? calloc(n ? n : 1, rings ? sizeof(lwm_ring) : sizeof(lwm_object)) : NULL;
    if (ok && !arr)
        ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    size_t k = 0;
    for (uint32_t i = 0; ok && i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        const char *d = o->type == LW_OBJECT_MARKER ? prop(o, "disasm") : NULL;
        bool swapper = swappers && o->type == LW_OBJECT_PATH_SWAPPER;
        if (!swapper && (!d || strcmp(d, kind) != 0))
            continue;
        ok = rings     ? ring_of(o, &((lwm_ring *)arr)[k], err)
             : swapper ? swapper_record(format, o, &((lwm_object *)arr)[k], err)
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
