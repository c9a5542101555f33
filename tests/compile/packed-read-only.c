/* SPDX-License-Identifier: MIT */
/*
 * A packed level cannot be changed through the API: every CASE below tries one change and must
 * NOT compile (tests/compile/expect-compile-fail.py builds the file once per case). CASE 0 only
 * reads, the way a game uses a packed level, and must compile, so a failure of the others is
 * the read-only rule and not a broken include path.
 */
#include <loopwright/packed.h>
#include <stddef.h>

int lw_compile_case(const void *data, size_t size);

int lw_compile_case(const void *data, size_t size)
{
    lw_packed_level *packed = NULL;
    if (!lw_packed_load(data, size, &packed, NULL))
        return 1;
    const lw_level *level = lw_packed_level_get(packed);
    lw_mask mask = {{0}, {0}, 0, 0};
    lw_tile tile = {LW_NONE, {LW_NONE, LW_NONE}, 0};
    lw_object obj = {0};
    lw_replay replay = {0};
    (void)mask, (void)tile, (void)obj, (void)replay;
#if CASE == 0
    /* reading: counts, cells, objects, an editable copy */
    int n = (int)level->tile_count + (int)lw_level_chunk_cells(level, 0)[0].tile;
    const lw_object *o = lw_level_find_object(level, 1);
    lw_level *copy = lw_level_dup(level);
    if (copy)
        n += lw_level_add_tile(copy, &tile);
    lw_level_free(copy);
    lw_packed_level_free(packed);
    return n + (o != NULL);
#elif CASE == 1
    lw_level_add_mask(level, &mask);
#elif CASE == 2
    lw_level_add_tile(level, &tile);
#elif CASE == 3
    lw_level_add_chunk(level, NULL);
#elif CASE == 4
    lw_level_add_object(level, &obj);
#elif CASE == 5
    lw_level_insert_object_at(level, 0, &obj);
#elif CASE == 6
    lw_level_remove_object_at(level, 0);
#elif CASE == 7
    lw_level_resize_layout(level, 4, 4, NULL);
#elif CASE == 8
    lw_level_ensure_background(level);
#elif CASE == 9
    lw_level_add_replay(level, &replay);
#elif CASE == 10
    lw_level_set_override(level, "acc", 1);
#elif CASE == 11
    lw_level_set_string(&level->name, "renamed");
#elif CASE == 12
    lw_level_free(level); /* the block belongs to the handle */
#elif CASE == 13
    level->layout_width = 1;
#elif CASE == 14
    lw_level_chunk_cells(level, 0)[0].tile = 0;
#elif CASE == 15
    lw_object_set_property(lw_level_find_object(level, 1), "key", "value");
#elif CASE == 16
    lw_level *writable = lw_packed_level_get(packed);
    (void)writable;
#elif CASE == 17
    packed->level.tile_count = 0; /* the handle is opaque */
#elif CASE == 18
    lw_level *out = NULL;
    lw_packed_load(data, size, &out, NULL); /* the loader no longer hands out an lw_level */
#else
#error "unknown CASE"
#endif
    lw_packed_level_free(packed);
    return 0;
}
