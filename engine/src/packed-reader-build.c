/* SPDX-License-Identifier: MIT */
/*
 * Packed level binaries, the strict reader: building the checked level in one block that the
 * lw_packed_level handle owns (masks, tiles, cells, layouts, objects, game objects, profile,
 * replays, loop table and the strings). The byte layout is docs/FORMAT.md.
 */
#include "packed-reader-impl.h"

#include <stdlib.h>
#include <string.h>

/* ---- building the level: one block, laid out by a plan ---- */

/* Byte offsets inside the block of each area (the lw_packed_level itself is at 0). */
typedef struct block_plan {
    size_t total;
    size_t masks, tiles, cells, layout, objects, props, game_objects, overrides, replays, strs,
        scratch, loops;
} block_plan;

static size_t plan_add(size_t *total, size_t bytes)
{
    size_t at = align_up(*total, 16);
    *total = at + bytes;
    return at;
}

/* The state of one build: the checked file, the block and the level inside it. */
typedef struct builder {
    loader *L;
    size_t per, ncells, slots; /* cells per chunk, cells in all chunks, slots per layout layer */
    block_plan plan;
    uint8_t *block;
    lw_level *level;
    char *strs; /* the block's copy of STRS */
} builder;

static void plan_block(builder *B)
{
    const loader *L = B->L;
    block_plan *b = &B->plan;
    plan_add(&b->total, sizeof(lw_packed_level));
    b->masks = plan_add(&b->total, (size_t)L->masks * sizeof(lw_mask));
    b->tiles = plan_add(&b->total, (size_t)L->tiles * sizeof(lw_tile));
    b->cells = plan_add(&b->total, B->ncells * sizeof(lw_cell));
    /* both layers in one area: LAYT holds them back to back */
    b->layout = plan_add(&b->total, B->slots * sizeof(uint16_t) * (L->has_bg ? 2u : 1u));
    b->objects = plan_add(&b->total, (size_t)L->objects * sizeof(lw_object));
    b->props = plan_add(&b->total, (size_t)L->props * sizeof(lw_property));
    b->game_objects = plan_add(&b->total, (size_t)L->game_objects * sizeof(lw_sim_object));
    b->overrides = plan_add(&b->total, (size_t)L->overrides * sizeof(lw_override));
    b->replays = plan_add(&b->total, (size_t)L->replays * sizeof(lw_replay));
    b->strs = plan_add(&b->total, L->strs_size);
    b->loops = plan_add(&b->total, (size_t)L->loops * sizeof(lw_loop_chunk));
    /* scratch for the id-uniqueness check; part of the same block, unused afterwards */
    b->scratch = plan_add(&b->total, (size_t)L->objects * sizeof(uint32_t));
}

/* The level's scalar fields and counts, and its strings copied into the block. */
static void build_header(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    memset(level, 0, sizeof *level);
    level->chunk_px = (uint16_t)L->chunk_px;
    level->chunk_shift = L->chunk_px == 128 ? 7 : 8;
    level->chunk_cells = (uint8_t)(L->chunk_px / LW_TILE_PX);
    level->layout_width = (uint16_t)L->width;
    level->layout_height = (uint16_t)L->height;
    level->background_rgb = L->bg_rgb;
    level->next_object_id = L->next_id;
    level->mask_count = level->mask_capacity = L->masks;
    level->tile_count = level->tile_capacity = L->tiles;
    level->chunk_count = level->chunk_capacity = L->chunks;
    level->object_count = level->object_capacity = L->objects;
    level->override_count = L->overrides;
    level->replay_count = L->replays;

    char *strs = (char *)B->block + B->plan.strs;
    memcpy(strs, L->sec[SEC_STRS].data, L->strs_size);
    B->strs = strs;
    level->name = strs + L->name_ref;
    level->tileset = L->tileset_ref == REF_NONE ? NULL : strs + L->tileset_ref;
}

/* masks: four arrays -> structs; tiles: records -> structs */
static void build_masks_tiles(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    level->masks = L->masks ? (lw_mask *)(B->block + B->plan.masks) : NULL;
    const uint8_t *mp = L->sec[SEC_MASK].data;
    for (size_t m = 0; m < L->masks; m++) {
        lw_mask *mk = &lw_level_masks_mut(level)[m];
        memcpy(mk->heights, mp + m * 16, 16);
        memcpy(mk->widths, mp + (size_t)L->masks * 16 + m * 16, 16);
        mk->angle = mp[(size_t)L->masks * 32 + m];
        mk->flags = mp[(size_t)L->masks * 33 + m];
    }
    level->tiles = L->tiles ? (lw_tile *)(B->block + B->plan.tiles) : NULL;
    const uint8_t *tp = L->sec[SEC_TILE].data;
    for (size_t t = 0; t < L->tiles; t++) {
        const uint8_t *r = tp + t * TILE_RECORD;
        lw_level_tiles_mut(level)[t] =
            (lw_tile){.art = get16(r), .mask = {get16(r + 2), get16(r + 4)}, .flags = r[6]};
    }
}

/* cells: the words are decoded into the upper half of the cell area, then widened in place
 * front to back (cell i never overwrites a word that has not been read yet) */
static bool build_cells(builder *B)
{
    loader *L = B->L;
    lw_level *level = B->level;
    uint8_t *area = B->block + B->plan.cells;
    level->cells = B->ncells ? (lw_cell *)area : NULL;
    if (!B->ncells)
        return lwi_packed_section_bytes(L, SEC_CHNK, area);
    uint8_t *words = area + B->ncells * 2u;
    if (!lwi_packed_section_bytes(L, SEC_CHNK, words))
        return false;
    bool packed = L->sec[SEC_CHNK].flags & SECTION_KOSINSKI;
    size_t side = L->chunk_px / 16;
    for (size_t i = 0; i < B->ncells; i++) {
        lw_cell c = cell_from_word(get16(words + 2 * i));
        if (c.tile != LW_NONE && c.tile >= L->tiles)
            return FAIL(LW_ERR_RANGE,
                        packed ? L->sec[SEC_CHNK].offset : L->sec[SEC_CHNK].offset + 2 * i,
                        "chunk %zu cell (%zu,%zu): tile %u does not exist (%u tiles)%s", i / B->per,
                        (i % B->per) % side, (i % B->per) / side, c.tile, L->tiles,
                        packed ? " (compressed section)" : "");
        lw_level_cells_mut(level)[i] = c;
    }
    return true;
}

/* layout: both layers decoded in place, every chunk id checked */
static bool build_layout(builder *B)
{
    loader *L = B->L;
    lw_level *level = B->level;
    uint16_t *lay = (uint16_t *)(B->block + B->plan.layout);
    level->layout[0] = lay;
    level->layout[1] = L->has_bg ? lay + B->slots : NULL;
    if (!lwi_packed_section_bytes(L, SEC_LAYT, (uint8_t *)lay))
        return false;
    bool packed = L->sec[SEC_LAYT].flags & SECTION_KOSINSKI;
    size_t slots = B->slots;
    for (size_t i = 0; i < slots * (L->has_bg ? 2u : 1u); i++) {
        uint16_t v = get16((const uint8_t *)(lay + i));
        if (v != LW_NONE && v >= L->chunks)
            return FAIL(
                LW_ERR_RANGE, packed ? L->sec[SEC_LAYT].offset : L->sec[SEC_LAYT].offset + 2 * i,
                "%s layout (%zu,%zu): chunk %u does not exist (%u chunks)%s",
                i >= slots ? "background" : "foreground", (i % slots) % L->width,
                (i % slots) / L->width, v, L->chunks, packed ? " (compressed section)" : "");
        lay[i] = v;
    }
    return true;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Object ids are unique: sort a copy, and on a repeat name the second record that uses it. */
static bool check_unique_ids(builder *B, uint32_t *ids)
{
    loader *L = B->L;
    if (L->objects < 2)
        return true;
    const uint8_t *op = L->sec[SEC_OBJS].data + LIST_HEAD;
    qsort(ids, L->objects, sizeof *ids, cmp_u32);
    for (size_t i = 1; i < L->objects; i++) {
        if (ids[i] != ids[i - 1])
            continue;
        size_t at = 0;
        while (get32(op + at * OBJ_RECORD) != ids[i])
            at++;
        size_t second = at + 1;
        while (get32(op + second * OBJ_RECORD) != ids[i])
            second++;
        return FAIL(LW_ERR_RANGE, L->sec[SEC_OBJS].offset + LIST_HEAD + second * OBJ_RECORD,
                    "object %zu: id %u is used twice", second, ids[i]);
    }
    return true;
}

/* objects, properties */
static bool build_objects(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    char *strs = B->strs;
    level->objects = L->objects ? (lw_object *)(B->block + B->plan.objects) : NULL;
    lw_property *props = L->props ? (lw_property *)(B->block + B->plan.props) : NULL;
    uint32_t *ids = (uint32_t *)(B->block + B->plan.scratch);
    const uint8_t *op = L->sec[SEC_OBJS].data + LIST_HEAD;
    const uint8_t *pp = L->sec[SEC_PROP].data + LIST_HEAD;
    for (size_t i = 0; i < L->objects; i++) {
        const uint8_t *r = op + i * OBJ_RECORD;
        lw_object *o = &lw_level_objects_mut(level)[i];
        memset(o, 0, sizeof *o);
        o->id = get32(r);
        o->type = (lw_object_type)r[4];
        o->facing_left = r[5] & 1u;
        o->swapper.horizontal = (r[5] & 2u) != 0;
        o->swapper.grounded_only = (r[5] & 4u) != 0;
        o->swapper.priority_only = (r[5] & 8u) != 0;
        o->swapper.radius = get16(r + 6);
        o->x = (int32_t)get32(r + 8);
        o->y = (int32_t)get32(r + 12);
        o->swapper.path[0] = r[16];
        o->swapper.path[1] = r[17];
        o->swapper.priority[0] = r[18];
        o->swapper.priority[1] = r[19];
        uint32_t name = get32(r + 20), first = get32(r + 24), count = get32(r + 28);
        o->name = name == REF_NONE ? NULL : strs + name;
        o->prop_count = count;
        o->props = count ? props + first : NULL;
        for (uint32_t k = 0; k < count; k++) {
            const uint8_t *pr = pp + ((size_t)first + k) * PROP_RECORD;
            props[first + k].key = strs + get32(pr);
            props[first + k].value = strs + get32(pr + 4);
        }
        ids[i] = o->id;
    }
    return check_unique_ids(B, ids);
}

/* GOBJ records -> the simulation's typed objects (checked by check_game_objects) */
static void build_game_objects(builder *B, lw_packed_level *packed)
{
    const loader *L = B->L;
    lw_sim_object *objs = (lw_sim_object *)(void *)(B->block + B->plan.game_objects);
    packed->has_game_objects = L->sec[SEC_GOBJ].present;
    packed->game_object_count = L->game_objects;
    packed->game_objects = L->game_objects ? objs : NULL;
    for (size_t k = 0; k < L->game_objects; k++) {
        const uint8_t *r = L->sec[SEC_GOBJ].data + GOBJ_HEAD + k * GOBJ_RECORD;
        int32_t v[LWI_OBJ_FIELDS];
        lwi_packed_gobj_fields(r, v);
        lwi_obj_fields_set(&objs[k], get32(r), r[4], (int32_t)get32(r + 8), (int32_t)get32(r + 12),
                           v);
    }
}

/* profile, overrides, replays */
static void build_profile_replays(builder *B)
{
    const loader *L = B->L;
    lw_level *level = B->level;
    char *strs = B->strs;
    const uint8_t *pf = L->sec[SEC_PROF].data;
    memcpy(level->profile, pf, 16);
    memcpy(level->character, pf + 16, 16);
    level->overrides = L->overrides ? (lw_override *)(B->block + B->plan.overrides) : NULL;
    for (size_t i = 0; i < L->overrides; i++) {
        const uint8_t *r = pf + PROF_HEAD + i * OVERRIDE_RECORD;
        lw_override *ov = &lw_level_overrides_mut(level)[i];
        memcpy(ov->name, r, 32);
        ov->value = (int32_t)get32(r + 32);
    }
    level->replays = L->replays ? (lw_replay *)(B->block + B->plan.replays) : NULL;
    for (size_t i = 0; i < L->replays; i++) {
        const uint8_t *r = L->sec[SEC_RPLY].data + LIST_HEAD + i * REPLAY_RECORD;
        lw_replay *rp = &lw_level_replays_mut(level)[i];
        memset(rp, 0, sizeof *rp);
        rp->name = strs + get32(r);
        rp->script = strs + get32(r + 4);
        rp->has_start = r[8];
        rp->has_expect = r[9];
        rp->expect_path = r[10];
        rp->expect_air = r[11];
        rp->start_x = (int32_t)get32(r + 12);
        rp->start_y = (int32_t)get32(r + 16);
        memcpy(rp->profile, r + 20, 16);
        memcpy(rp->character, r + 36, 16);
        rp->frames = get32(r + 52);
        rp->expect_hash = (uint64_t)get32(r + 56) | (uint64_t)get32(r + 60) << 32;
        rp->expect_x = (int32_t)get32(r + 64);
        rp->expect_y = (int32_t)get32(r + 68);
    }
    level->loop_chunk_count = L->loops;
    level->loop_chunks = L->loops ? (lw_loop_chunk *)(void *)(B->block + B->plan.loops) : NULL;
    for (size_t i = 0; i < L->loops; i++) {
        const uint8_t *r = L->sec[SEC_LOOP].data + LOOP_HEAD + i * LOOP_RECORD;
        ((lw_loop_chunk *)(void *)(B->block + B->plan.loops))[i] =
            (lw_loop_chunk){.chunk = get16(r), .path_b = get16(r + 2), .rule = r[4]};
    }
}

bool lwi_packed_build(loader *L, lw_packed_level **out)
{
    builder B = {.L = L};
    B.per = (L->chunk_px / LW_TILE_PX) * (L->chunk_px / LW_TILE_PX);
    B.ncells = (size_t)L->chunks * B.per;
    B.slots = (size_t)L->width * L->height;
    if (!lwi_packed_want_size(L, SEC_CHNK, B.ncells * 2u) ||
        !lwi_packed_want_size(L, SEC_LAYT, B.slots * 2u * (L->has_bg ? 2u : 1u)))
        return false;

    plan_block(&B);
    B.block = malloc(B.plan.total);
    if (!B.block)
        return FAIL(LW_ERR_NOMEM, -1, "out of memory (%zu bytes for the level)", B.plan.total);
    lw_packed_level *packed = (lw_packed_level *)(void *)B.block;
    B.level = &packed->level;
    build_header(&B);
    build_masks_tiles(&B);
    if (!build_cells(&B) || !build_layout(&B) || !build_objects(&B)) {
        free(B.block);
        return false;
    }
    build_game_objects(&B, packed);
    build_profile_replays(&B);
    *out = packed;
    return true;
}
