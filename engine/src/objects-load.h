#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: game objects as typed records (objects-load.c; docs/FORMAT.md §4.8 GOBJ, read by the
 * packed reader and lw_sim_init_packed): the fields a record carries, the rules they follow, and
 * the type names. It depends on nothing in objects.c; objects.c calls it. Hidden visibility,
 * `lwi_` names.
 */

#include "loopwright/objects.h"

#pragma GCC visibility push(hidden)

/* ---- the fields of lw_sim_object a typed record carries ---- */

enum {
    LWI_OBJ_DIR,      /* lw_obj_dir */
    LWI_OBJ_VARIANT,  /* spring: 1 red; monitor contents; platform motion */
    LWI_OBJ_COUNT,    /* ring: row length; bridge: logs */
    LWI_OBJ_SPEED,    /* spring: launch speed, subpx/frame */
    LWI_OBJ_HALF_W,   /* px: spikes, platforms */
    LWI_OBJ_DISTANCE, /* px: platform amplitude; ring: x step */
    LWI_OBJ_STEP_Y,   /* px: ring y step (lw_sim_object.half_w of a ring) */
    LWI_OBJ_PERIOD,   /* frames: platform period (0 for the other types) */
    LWI_OBJ_FIELDS
};

/* The typed fields of @o (a ring's y step and a non-platform's period as above). */
void lwi_obj_fields_get(const lw_sim_object *o, int32_t v[LWI_OBJ_FIELDS]);

/* The game object with @id, @type, @x, @y and fields @v in @out, exactly as
 * lw_sim_object_from_marker gives it (the derived culling fields zero). */
void lwi_obj_fields_set(lw_sim_object *out, uint32_t id, uint8_t type, int32_t x, int32_t y,
                        const int32_t v[LWI_OBJ_FIELDS]);

/* The first field of @v not allowed for @type (< LW_OBJ_TYPE_COUNT), with a message naming
 * object @id in @err (LW_ERR_RANGE); -1 when every field is allowed: the values
 * lw_sim_object_from_marker can give (OBJECTS.md §2), unused fields zero. */
int lwi_obj_fields_check(uint32_t id, uint8_t type, const int32_t v[LWI_OBJ_FIELDS], lw_error *err);

/* A caller's typed record @in checked (id, type, position, lwi_obj_fields_check) and rebuilt in
 * @out as lw_sim_object_from_marker gives it: the derived culling fields and whatever its type
 * does not use cleared (objects-load.c). False with @err (LW_ERR_RANGE) when refused. */
bool lwi_objects_record_read(const lw_sim_object *in, lw_sim_object *out, lw_error *err);

#pragma GCC visibility pop
