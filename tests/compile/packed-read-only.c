/* SPDX-License-Identifier: MIT */
/*
 * A packed level cannot be changed through the API: every CASE below tries one change and must
 * NOT compile (tests/compile/expect-compile-fail.py builds the file once per case). CASE 0 only
 * reads, the way a game uses a packed level, and writes the same places of an owned copy
 * through the _mut accessors; it must compile, so a failure of the others is the read-only
 * rule and not a broken include path or a missing accessor. Cases 19.. are the deep-const
 * rule (level.h): every array and string a packed level points to is const too.
 */
#include <loopwright/packed.h>
#include <stddef.h>
#include <string.h>

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
    /* reading: counts, cells, objects, an editable copy; every inner array and string the
     * cases 19.. try to write is read here the same way */
    int n = (int)level->tile_count + (int)lw_level_chunk_cells(level, 0)[0].tile;
    const lw_object *o = lw_level_find_object(level, 1);
    n += level->masks[0].angle + level->masks[0].heights[0] + level->tiles[0].art;
    n += level->cells[0].tile + level->layout[LW_LAYER_FG][0] + level->objects[0].x;
    n += level->name[0] + level->tileset[0] + level->player_sprites[0] + level->profile[0];
    n += level->objects[0].name[0] + level->objects[0].props[0].key[0];
    n += level->objects[0].props[0].value[0] + level->replays[0].name[0];
    n += level->replays[0].script[0] + level->overrides[0].value;
    const lw_mask *first = &level->masks[0];
    n += first->angle;
    /* the writable views exist and work on a level you own (the copy) */
    lw_level *copy = lw_level_dup(level);
    if (copy) {
        n += lw_level_add_tile(copy, &tile);
        lw_level_masks_mut(copy)[0].angle = 1;
        lw_level_tiles_mut(copy)[0].art = 0;
        lw_level_cells_mut(copy)[0].tile = 0;
        lw_level_chunk_cells_mut(copy, 0)[0].tile = 0;
        lw_level_layout_mut(copy, LW_LAYER_FG)[0] = 0;
        lw_level_objects_mut(copy)[0].x = 0;
        lw_object_set_name(&lw_level_objects_mut(copy)[0], "ring");
        lw_object_set_property(&lw_level_objects_mut(copy)[0], "key", "value");
        lw_level_overrides_mut(copy)[0].value = 1;
        lw_level_set_string(&lw_level_replays_mut(copy)[0].script, "1 R");
        lw_level_set_string(&copy->name, "renamed");
    }
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
                                            /* ---- deep const: nothing the packed level points to can be written either ---- */
#elif CASE == 19
    level->masks[0].angle = 1;
#elif CASE == 20
    level->masks[0].heights[0] = 1;
#elif CASE == 21
    level->tiles[0].art = 0;
#elif CASE == 22
    level->cells[0].tile = 0;
#elif CASE == 23
    level->layout[LW_LAYER_FG][0] = 0;
#elif CASE == 24
    level->objects[0].x = 0;
#elif CASE == 25
    level->name[0] = 'x';
#elif CASE == 26
    level->tileset[0] = 'x';
#elif CASE == 27
    level->objects[0].name[0] = 'x';
#elif CASE == 28
    level->objects[0].props[0].value[0] = 'x';
#elif CASE == 29
    level->objects[0].props[0].key = "k";
#elif CASE == 30
    level->replays[0].script[0] = 'x';
#elif CASE == 31
    level->overrides[0].value = 1;
#elif CASE == 32
    level->profile[0] = 'x';
#elif CASE == 33
    lw_mask *m = &level->masks[0];
    (void)m;
#elif CASE == 34
    memcpy(level->cells, &tile, 1);
#elif CASE == 35
    strcpy(level->player_sprites, "x");
#elif CASE == 36
    lw_level_masks_mut(level);
#elif CASE == 37
    lw_level_tiles_mut(level);
#elif CASE == 38
    lw_level_cells_mut(level);
#elif CASE == 39
    lw_level_chunk_cells_mut(level, 0);
#elif CASE == 40
    lw_level_layout_mut(level, LW_LAYER_FG);
#elif CASE == 41
    lw_level_objects_mut(level);
#elif CASE == 42
    lw_level_overrides_mut(level);
#elif CASE == 43
    lw_level_replays_mut(level);
#elif CASE == 44
    lw_object_set_name(&level->objects[0], "x");
#elif CASE == 45
    lw_object_clear(&level->objects[0]);
#elif CASE == 46
    lw_replay_clear(&level->replays[0]);
#elif CASE == 47
    lw_level_set_string(&level->replays[0].name, "x");
#elif CASE == 48
    char *name = level->objects[0].props[0].value;
    (void)name;
#elif CASE == 49
    lw_property *props = level->objects[0].props;
    (void)props;
#else
#error "unknown CASE"
#endif
    lw_packed_level_free(packed);
    return 0;
}
