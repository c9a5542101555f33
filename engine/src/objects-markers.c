/* SPDX-License-Identifier: MIT */
/* Game objects from level markers (docs/OBJECTS.md §2): the marker table's properties, the
 * disassembly objects mapped to types (objmap.h, docs/DISASM.md §8.3), S2 plane switchers as
 * path swappers, and the object source read by lw_sim_init (objects-private.h). */
#include "loopwright/objmap.h"
#include "objects-impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- the marker table (the type names: objects-load.c) ---- */

static const char *prop(const lw_object *o, const char *key)
{
    for (uint32_t i = 0; i < o->prop_count; i++)
        if (o->props[i].key && strcmp(o->props[i].key, key) == 0)
            return o->props[i].value ? o->props[i].value : "";
    return NULL;
}

/* A decimal integer in [lo, hi]; false when malformed or out of range. */
static bool parse_int(const char *s, int32_t lo, int32_t hi, int32_t *out)
{
    bool neg = false;
    if (*s == '-') {
        neg = true;
        s++;
    }
    if (!*s)
        return false;
    int64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > 1000000)
            return false;
        v = v * 10 + (*s - '0');
    }
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return false;
    *out = (int32_t)v;
    return true;
}

static int word_index(const char *s, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, words[i]) == 0)
            return i;
    return -1;
}

static bool bad(lw_error *err, const lw_object *o, const char *key, const char *value,
                const char *allowed)
{
    return lw_error_set(err, LW_ERR_RANGE, "object %u (%s): %s \"%s\" is not allowed (%s)",
                        (unsigned)o->id, o->name, key, value, allowed);
}

static bool word_prop(const lw_object *o, const char *key, const char *const *words, int n, int def,
                      const char *allowed, int *out, lw_error *err)
{
    const char *v = prop(o, key);
    if (!v) {
        *out = def;
        return true;
    }
    int i = word_index(v, words, n);
    if (i < 0)
        return bad(err, o, key, v, allowed);
    *out = i;
    return true;
}

static bool int_prop(const lw_object *o, const char *key, int32_t lo, int32_t hi, int32_t def,
                     const char *allowed, int32_t *out, lw_error *err)
{
    const char *v = prop(o, key);
    if (!v) {
        *out = def;
        return true;
    }
    if (!parse_int(v, lo, hi, out))
        return bad(err, o, key, v, allowed);
    return true;
}

bool lw_sim_object_from_marker(const lw_object *o, lw_sim_object *out, lw_error *err)
{
    static const char *const dirs[] = {"up",      "down",     "left",      "right",
                                       "up-left", "up-right", "down-left", "down-right"};
    static const char *const strengths[] = {"yellow", "red"};
    static const char *const contents[] = {"rings", "shield", "invincibility", "shoes", "1up"};
    static const char *const motions[] = {"static", "horizontal", "vertical", "falling",
                                          "collapsing"};
    memset(out, 0, sizeof *out);
    int type = o->type == LW_OBJECT_MARKER ? lw_obj_type_from_name(o->name) : -1;
    if (type < 0)
        return lw_error_set(err, LW_ERR_FORMAT, "object %u is not a game object", (unsigned)o->id);
    out->id = o->id;
    out->x = o->x;
    out->y = o->y;
    out->type = (uint8_t)type;
    out->period = 2;
    int w = 0;
    int32_t n = 0;
    switch ((lw_obj_type)type) {
    case LW_OBJ_SPRING:
        if (!word_prop(o, "direction", dirs, 8, 0, "up, down, left, right or a diagonal", &w, err))
            return false;
        out->dir = (uint8_t)w;
        out->speed = 0xA00;
        if (prop(o, "strength")) {
            /* "yellow" (10 px/frame), "red" (16) or a speed in whole px/frame */
            const char *v = prop(o, "strength");
            int i = word_index(v, strengths, 2);
            if (i >= 0) {
                out->variant = (uint8_t)i;
                out->speed = i ? 0x1000 : 0xA00;
            } else if (parse_int(v, 1, 16, &n)) {
                out->variant = n >= 16;
                out->speed = (int16_t)(n * 256);
            } else {
                return bad(err, o, "strength", v, "yellow, red or 1..16 px/frame");
            }
        }
        break;
    case LW_OBJ_SPIKES:
        if (!word_prop(o, "direction", dirs, 4, 0, "up, down, left or right", &w, err))
            return false;
        out->dir = (uint8_t)w;
        if (!int_prop(o, "width", 16, 128, 32, "16..128 px", &n, err))
            return false;
        out->half_w = (int16_t)(n / 2); /* along the base */
        break;
    case LW_OBJ_ENEMY:
        if (!word_prop(o, "direction", dirs, 4, 2, "left or right", &w, err))
            return false;
        if (w < LW_DIR8_LEFT)
            return bad(err, o, "direction", prop(o, "direction"), "left or right");
        out->dir = (uint8_t)w;
        break;
    case LW_OBJ_MONITOR:
        if (!word_prop(o, "contents", contents, 5, 0, "rings, shield, invincibility, shoes, 1up",
                       &w, err))
            return false;
        out->variant = (uint8_t)w;
        break;
    case LW_OBJ_PLATFORM:
        if (!word_prop(o, "motion", motions, 5, 0,
                       "static, horizontal, vertical, falling or collapsing", &w, err))
            return false;
        out->variant = (uint8_t)w;
        if (!int_prop(o, "width", 16, 512, 64, "16..512 px", &n, err))
            return false;
        out->half_w = (int16_t)(n / 2);
        if (!int_prop(o, "distance", -1024, 1024, 64, "-1024..1024 px", &n, err))
            return false;
        out->distance = (int16_t)n;
        if (!int_prop(o, "period", 2, 65535, 256, "2..65535 frames", &n, err))
            return false;
        out->period = (uint16_t)n;
        break;
    case LW_OBJ_BRIDGE:
        if (!int_prop(o, "logs", 1, 16, 12, "1..16", &n, err))
            return false;
        out->logs = (uint8_t)n;
        break;
    case LW_OBJ_RING:
        if (!int_prop(o, "count", 1, 64, 1, "1..64", &n, err))
            return false;
        out->logs = (uint8_t)n;
        if (!int_prop(o, "spacing", -256, 256, 24, "-256..256 px", &n, err))
            return false;
        out->distance = (int16_t)n;
        /* a disassembly ring record (docs/DISASM.md §8.3): "column" = "true" is vertical */
        bool column = prop(o, "column") && strcmp(prop(o, "column"), "true") == 0;
        if (column && !prop(o, "spacing"))
            out->distance = 0;
        if (!int_prop(o, "spacing-y", -256, 256, column ? 24 : 0, "-256..256 px", &n, err))
            return false;
        out->half_w = (int16_t)n; /* a ring row's Y step */
        break;
    case LW_OBJ_CHECKPOINT:
    case LW_OBJ_GOAL:
    case LW_OBJ_TYPE_COUNT:
        break;
    }
    return true;
}

/* The game, id, subtype and flips of a disassembly object marker (docs/DISASM.md §8.3:
 * "disasm" = "object", hex "id" and "subtype", "x_flip"/"y_flip") of an S1, S2 or S3K level; false
 * for any other object. @y_flip may be NULL (a plane switcher has no use for it). */
static bool disasm_fields(const lw_level *level, const lw_object *o, lw_objmap_game *game,
                          uint8_t *id_out, uint8_t *sub_out, bool *x_flip, bool *y_flip)
{
    if (o->type != LW_OBJECT_MARKER)
        return false;
    const char *d = prop(o, "disasm"), *id = prop(o, "id"), *sub = prop(o, "subtype");
    if (!d || strcmp(d, "object") != 0 || !id || !sub)
        return false;
    if (strcmp(level->profile, "s1") == 0)
        *game = LW_OBJMAP_S1;
    else if (strcmp(level->profile, "s2") == 0)
        *game = LW_OBJMAP_S2;
    else if (strcmp(level->profile, "s3k") == 0)
        *game = LW_OBJMAP_S3K;
    else
        return false;
    unsigned v[2] = {0, 0};
    const char *s[2] = {id, sub};
    for (int k = 0; k < 2; k++) {
        const char *p = s[k];
        if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X') || !p[2])
            return false;
        for (p += 2; *p; p++) {
            unsigned digit = (*p >= '0' && *p <= '9')   ? (unsigned)(*p - '0')
                             : (*p >= 'a' && *p <= 'f') ? (unsigned)(*p - 'a' + 10)
                             : (*p >= 'A' && *p <= 'F') ? (unsigned)(*p - 'A' + 10)
                                                        : 16u;
            if (digit > 15 || v[k] > 0xFF)
                return false;
            v[k] = v[k] * 16 + digit;
        }
        if (v[k] > 0xFF)
            return false;
    }
    const char *xf = prop(o, "x_flip"), *yf = prop(o, "y_flip");
    *id_out = (uint8_t)v[0];
    *sub_out = (uint8_t)v[1];
    *x_flip = xf && strcmp(xf, "true") == 0;
    if (y_flip)
        *y_flip = yf && strcmp(yf, "true") == 0;
    return true;
}

bool lwi_objects_swapper_from_marker(const lw_level *level, const lw_object *o, lw_sim_swapper *sw)
{
    lw_objmap_game game;
    uint8_t id, sub;
    bool xf;
    if (!disasm_fields(level, o, &game, &id, &sub, &xf, NULL) || game != LW_OBJMAP_S2 || id != 0x03)
        return false;
    /* S2 Obj03 (collision plane switcher): subtype bits 0-1 the half-length (32, 64, 128,
     * 256 px), bit 2 a horizontal line (crossed up/down), bit 3 the path on the right/lower
     * side (set: B), bit 4 on the left/upper side, bit 7 only while on the ground; an X-flipped
     * switcher changes only the sprite priority, never the path. */
    static const uint16_t radius[4] = {32, 64, 128, 256};
    memset(sw, 0, sizeof *sw);
    sw->x = o->x;
    sw->y = o->y;
    sw->radius = radius[sub & 3u];
    sw->horizontal = (sub & 4u) != 0;
    sw->path[1] = (sub & 8u) ? LW_PATH_B : LW_PATH_A;
    sw->path[0] = (sub & 16u) ? LW_PATH_B : LW_PATH_A;
    sw->grounded_only = (sub & 0x80u) != 0;
    sw->priority_only = xf;
    return true;
}

/* A disassembly object marker of an S1 or S2 level mapped to a game object (§16) in @tmp,
 * whose strings live in @m; false when it has no counterpart. */
static bool disasm_marker(const lw_level *level, const lw_object *o, lw_objmap_marker *m,
                          lw_property props[3], lw_object *tmp)
{
    lw_objmap_game game;
    uint8_t id, sub;
    bool xf, yf;
    if (!disasm_fields(level, o, &game, &id, &sub, &xf, &yf) ||
        !lw_objmap_lookup(game, id, sub, xf, yf, m))
        return false;
    *tmp = *o;
    tmp->name = (char *)m->name;
    for (uint32_t i = 0; i < m->prop_count; i++)
        props[i] = (lw_property){(char *)m->keys[i], (char *)m->values[i]};
    tmp->props = props;
    tmp->prop_count = m->prop_count;
    return true;
}

/* The game object a level object stands for, in @tmp (a marker of a known type, or a mapped
 * disassembly object); NULL when none. */
static const lw_object *game_marker(const lw_level *level, const lw_object *o, lw_objmap_marker *m,
                                    lw_property props[3], lw_object *tmp)
{
    if (o->type == LW_OBJECT_MARKER && lw_obj_type_from_name(o->name) >= 0)
        return o;
    return disasm_marker(level, o, m, props, tmp) ? tmp : NULL;
}

int lwi_objects_from_level(const lw_level *level, uint32_t i, lw_sim_object *out, lw_error *err)
{
    lw_objmap_marker m;
    lw_property props[3];
    lw_object tmp;
    const lw_object *o = game_marker(level, &level->objects[i], &m, props, &tmp);
    if (!o)
        return 0;
    return lw_sim_object_from_marker(o, out, err) ? 1 : -1;
}

int lwi_objects_source_read(const lwi_obj_source *src, uint32_t i, lw_sim_object *out,
                            lw_error *err)
{
    if (!src->typed)
        return lwi_objects_from_level(src->level, i, out, err);
    return lwi_objects_record_read(&src->records[i], out, err) ? 1 : -1;
}
