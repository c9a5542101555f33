/* SPDX-License-Identifier: MIT */
/* Packed level binaries: the tables the writer and the reader share (docs/FORMAT.md §3). */
#include "packed-format.h"

const char lwi_packed_section_tags[SEC_COUNT][5] = {"INFO", "STRS", "MASK", "TILE", "CHNK",
                                                    "LAYT", "OBJS", "PROP", "GOBJ", "PROF",
                                                    "RPLY", "ARTP", "LOOP", "WATR"};
/* GOBJ is optional: a version 1.0 file has none, and its game objects are read from the markers */
const bool lwi_packed_section_required[SEC_COUNT] = {true, true,  true, true,  true,  true,  true,
                                                     true, false, true, false, false, false, false};

const uint8_t lwi_packed_gobj_field_at[LWI_OBJ_FIELDS] = {5, 6, 7, 16, 18, 20, 22, 24};

void lwi_packed_gobj_put(uint8_t *r, const lw_sim_object *o)
{
    int32_t v[LWI_OBJ_FIELDS];
    lwi_obj_fields_get(o, v);
    memset(r, 0, GOBJ_RECORD);
    put32(r + 0, o->id);
    r[4] = o->type;
    for (int f = LWI_OBJ_DIR; f <= LWI_OBJ_COUNT; f++)
        r[lwi_packed_gobj_field_at[f]] = (uint8_t)v[f];
    for (int f = LWI_OBJ_SPEED; f <= LWI_OBJ_PERIOD; f++)
        put16(r + lwi_packed_gobj_field_at[f], (uint32_t)v[f] & 0xFFFFu);
    put32(r + 8, (uint32_t)o->x);
    put32(r + 12, (uint32_t)o->y);
}

void lwi_packed_gobj_fields(const uint8_t *r, int32_t v[LWI_OBJ_FIELDS])
{
    for (int f = LWI_OBJ_DIR; f <= LWI_OBJ_COUNT; f++)
        v[f] = r[lwi_packed_gobj_field_at[f]];
    for (int f = LWI_OBJ_SPEED; f <= LWI_OBJ_STEP_Y; f++)
        v[f] = (int16_t)get16(r + lwi_packed_gobj_field_at[f]);
    v[LWI_OBJ_PERIOD] = get16(r + lwi_packed_gobj_field_at[LWI_OBJ_PERIOD]);
}

const uint8_t lwi_packed_png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

bool lw_packed_is_packed(const void *data, size_t size)
{
    return size >= LW_PACKED_MAGIC_SIZE && memcmp(data, LW_PACKED_MAGIC, 8) == 0;
}
