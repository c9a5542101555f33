/* SPDX-License-Identifier: MIT */
/*
 * Game objects from typed records (docs/FORMAT.md §4.8 GOBJ, docs/OBJECTS.md §1.1): the rules a
 * record's fields follow (exactly the values lw_sim_object_from_marker can give), and the
 * simulation's object table built from records instead of marker strings.
 */
#include "objects-load.h"

#include "loopwright/limits.h"

#include <string.h>

/* ---- type names ---- */

static const char *const type_names[LW_OBJ_TYPE_COUNT] = {
    "spring", "spikes", "ring", "monitor", "platform", "bridge", "checkpoint", "goal", "enemy",
};

int lw_obj_type_from_name(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < LW_OBJ_TYPE_COUNT; i++)
        if (strcmp(name, type_names[i]) == 0)
            return i;
    return -1;
}

const char *lw_obj_type_name(lw_obj_type type)
{
    return (unsigned)type < LW_OBJ_TYPE_COUNT ? type_names[type] : "?";
}

/* ---- the field rules ---- */

typedef struct field_range {
    int32_t lo, hi;
} field_range;

/* [type][field]: the allowed values; {0, 0} (the default) for a field the type does not use.
 * From the properties of OBJECTS.md §2 as lw_sim_object_from_marker stores them: a spikes or
 * platform "width" is kept as its half (16..128 -> 8..64, 16..512 -> 8..256), a spring strength
 * as its speed in subpx/frame (1..16 px/frame, "yellow" 10, "red" 16). */
static const field_range rules[LW_OBJ_TYPE_COUNT][LWI_OBJ_FIELDS] = {
    [LW_OBJ_SPRING] = {[LWI_OBJ_DIR] = {0, 7}, [LWI_OBJ_VARIANT] = {0, 1},
                       [LWI_OBJ_SPEED] = {0x100, 0x1000}},
    [LW_OBJ_SPIKES] = {[LWI_OBJ_DIR] = {0, 3}, [LWI_OBJ_HALF_W] = {8, 64}},
    [LW_OBJ_RING] = {[LWI_OBJ_COUNT] = {1, 64},
                     [LWI_OBJ_DISTANCE] = {-256, 256},
                     [LWI_OBJ_STEP_Y] = {-256, 256}},
    [LW_OBJ_MONITOR] = {[LWI_OBJ_VARIANT] = {0, 4}},
    [LW_OBJ_PLATFORM] = {[LWI_OBJ_VARIANT] = {0, 4},
                         [LWI_OBJ_HALF_W] = {8, 256},
                         [LWI_OBJ_DISTANCE] = {-1024, 1024},
                         [LWI_OBJ_PERIOD] = {2, 65535}},
    [LW_OBJ_BRIDGE] = {[LWI_OBJ_COUNT] = {1, 16}},
    [LW_OBJ_ENEMY] = {[LWI_OBJ_DIR] = {LW_DIR8_LEFT, LW_DIR8_RIGHT}},
};

static const char *const field_names[LWI_OBJ_FIELDS] = {
    "direction", "variant", "count", "speed", "half-width", "distance", "y step", "period",
};

void lwi_obj_fields_get(const lw_sim_object *o, int32_t v[LWI_OBJ_FIELDS])
{
    bool ring = o->type == LW_OBJ_RING;
    v[LWI_OBJ_DIR] = o->dir;
    v[LWI_OBJ_VARIANT] = o->variant;
    v[LWI_OBJ_COUNT] = o->logs;
    v[LWI_OBJ_SPEED] = o->speed;
    v[LWI_OBJ_HALF_W] = ring ? 0 : o->half_w;
    v[LWI_OBJ_DISTANCE] = o->distance;
    v[LWI_OBJ_STEP_Y] = ring ? o->half_w : 0;
    v[LWI_OBJ_PERIOD] = o->type == LW_OBJ_PLATFORM ? o->period : 0;
}

void lwi_obj_fields_set(lw_sim_object *out, uint32_t id, uint8_t type, int32_t x, int32_t y,
                        const int32_t v[LWI_OBJ_FIELDS])
{
    memset(out, 0, sizeof *out);
    out->id = id;
    out->type = type;
    out->x = x;
    out->y = y;
    out->dir = (uint8_t)v[LWI_OBJ_DIR];
    out->variant = (uint8_t)v[LWI_OBJ_VARIANT];
    out->logs = (uint8_t)v[LWI_OBJ_COUNT];
    out->speed = (int16_t)v[LWI_OBJ_SPEED];
    out->half_w = (int16_t)(type == LW_OBJ_RING ? v[LWI_OBJ_STEP_Y] : v[LWI_OBJ_HALF_W]);
    out->distance = (int16_t)v[LWI_OBJ_DISTANCE];
    /* lw_sim_object_from_marker gives every object period 2; only platforms read it */
    out->period = (uint16_t)(type == LW_OBJ_PLATFORM ? v[LWI_OBJ_PERIOD] : 2);
}

int lwi_obj_fields_check(uint32_t id, uint8_t type, const int32_t v[LWI_OBJ_FIELDS],
                         lw_error *err)
{
    LW_ASSERT(type < LW_OBJ_TYPE_COUNT);
    const char *name = lw_obj_type_name((lw_obj_type)type);
    for (int f = 0; f < LWI_OBJ_FIELDS; f++) {
        field_range r = rules[type][f];
        if (v[f] < r.lo || v[f] > r.hi) {
            if (r.lo == 0 && r.hi == 0)
                lw_error_set(err, LW_ERR_RANGE, "game object %u (%s): %s %ld must be 0 (unused)",
                             (unsigned)id, name, field_names[f], (long)v[f]);
            else
                lw_error_set(err, LW_ERR_RANGE, "game object %u (%s): %s %ld is outside %ld..%ld",
                             (unsigned)id, name, field_names[f], (long)v[f], (long)r.lo,
                             (long)r.hi);
            return f;
        }
    }
    if (type == LW_OBJ_SPRING) {
        /* whole px/frame; the red variant is exactly the 16 px/frame strength */
        if (v[LWI_OBJ_SPEED] % 0x100 != 0) {
            lw_error_set(err, LW_ERR_RANGE,
                         "game object %u (spring): speed %ld is not a whole number of px/frame "
                         "(a multiple of 256)",
                         (unsigned)id, (long)v[LWI_OBJ_SPEED]);
            return LWI_OBJ_SPEED;
        }
        if (v[LWI_OBJ_VARIANT] != (v[LWI_OBJ_SPEED] == 0x1000)) {
            lw_error_set(err, LW_ERR_RANGE,
                         "game object %u (spring): variant %ld, but speed %ld makes it %d (1 = red, "
                         "16 px/frame)",
                         (unsigned)id, (long)v[LWI_OBJ_VARIANT], (long)v[LWI_OBJ_SPEED],
                         v[LWI_OBJ_SPEED] == 0x1000);
            return LWI_OBJ_VARIANT;
        }
    }
    return -1;
}

/* ---- records as an object source ---- */

bool lwi_objects_record_read(const lw_sim_object *in, lw_sim_object *out, lw_error *err)
{
    if (in->id == 0)
        return lw_error_set(err, LW_ERR_RANGE, "game object: id 0 is reserved");
    if (in->type >= LW_OBJ_TYPE_COUNT)
        return lw_error_set(err, LW_ERR_RANGE, "game object %u: type %u is not one of 0..%d",
                            (unsigned)in->id, (unsigned)in->type, LW_OBJ_TYPE_COUNT - 1);
    if (!lw_limits_object_pos_ok(in->x, in->y))
        return lw_error_set(err, LW_ERR_RANGE,
                            "game object %u: position (%ld, %ld) is outside %d..%d, %d..%d",
                            (unsigned)in->id, (long)in->x, (long)in->y, LW_MIN_OBJECT_X,
                            LW_MAX_OBJECT_X, LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y);
    int32_t v[LWI_OBJ_FIELDS];
    lwi_obj_fields_get(in, v);
    if (lwi_obj_fields_check(in->id, in->type, v, err) >= 0)
        return false;
    lwi_obj_fields_set(out, in->id, in->type, in->x, in->y, v);
    return true;
}
