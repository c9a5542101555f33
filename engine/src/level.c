/* SPDX-License-Identifier: MIT */
#include "loopwright/level.h"

#include "loopwright/limits.h"

#include <stdlib.h>
#include <string.h>

/* ---- masks ---- */

bool lw_mask_pixel(const lw_mask *mask, int c, int r)
{
    int h = mask->heights[c & 15];
    if (h > 0)
        return r >= 16 - h;
    if (h < 0)
        return r < -h;
    return false;
}

void lw_mask_derive_widths(lw_mask *mask)
{
    /* ROM rule (ConvertCollisionArray): population count of the row, sign from the first
     * (leftmost) pixel: -n when it is solid, +n otherwise; 0 and 16 unsigned.
     * Counted per row from histograms of the heights rather than pixel by pixel: a column of
     * height h > 0 covers rows 16-h..15, one of height h < 0 rows 0..-h-1 (lw_mask_pixel). */
    uint8_t up[17] = {0}, down[17] = {0}; /* columns standing h / hanging -h px */
    for (int c = 0; c < 16; c++) {
        int h = mask->heights[c];
        h = h > 16 ? 16 : h < -16 ? -16 : h;
        if (h > 0)
            up[h]++;
        else if (h < 0)
            down[-h]++;
    }
    int standing = 0; /* columns with h >= 16 - r: they cover row r */
    int hanging = 0;  /* columns with -h > r */
    for (int u = 1; u <= 16; u++)
        hanging += down[u];
    int h0 = mask->heights[0];
    for (int r = 0; r < 16; r++) {
        standing += up[16 - r];
        if (r > 0)
            hanging -= down[r];
        int n = standing + hanging;
        bool first = h0 > 0 ? r >= 16 - h0 : h0 < 0 ? r < -h0 : false;
        mask->widths[r] = (int8_t)(n == 0 || n == 16 ? n : first ? -n : n);
    }
}

bool lw_mask_heights_valid(const int8_t heights[16])
{
    for (int i = 0; i < 16; i++)
        if (heights[i] < -16 || heights[i] > 16)
            return false;
    return true;
}

/* ---- allocation helpers ---- */

/* The level's arrays and strings are const for its readers (level.h); their owner frees them. */
static void free_owned(const void *p)
{
    free((void *)p);
}

static char *dup_string(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* Grow *array (one of the level's const arrays, owned by it) to hold at least @need elements
 * of @size bytes. */
static bool grow(const void **array, uint32_t *capacity, uint32_t need, size_t size)
{
    if (need <= *capacity)
        return true;
    uint32_t cap = *capacity ? *capacity : 8;
    while (cap < need)
        cap = cap > UINT32_MAX / 2 ? need : cap * 2;
    void *p = realloc((void *)*array, (size_t)cap * size);
    if (!p)
        return false;
    *array = p;
    *capacity = cap;
    return true;
}

bool lw_level_set_string(const char **field, const char *value)
{
    char *copy = NULL;
    if (value) {
        copy = dup_string(value);
        if (!copy)
            return false;
    }
    free_owned(*field);
    *field = copy;
    return true;
}

/* ---- level ---- */

static bool check_geometry(uint16_t chunk_px, uint32_t w, uint32_t h, lw_error *err)
{
    if (chunk_px != 128 && chunk_px != 256)
        return lw_error_set(err, LW_ERR_RANGE, "chunk size %u is not 128 or 256", chunk_px);
    if (w == 0 || h == 0)
        return lw_error_set(err, LW_ERR_RANGE, "layout size %ux%u is empty", w, h);
    if (w * chunk_px > LW_MAX_LEVEL_W_PX || h * chunk_px > LW_MAX_LEVEL_H_PX ||
        w * h > LW_MAX_LAYOUT_CELLS)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "layout %ux%u chunks of %u px is over the limit "
                            "(%u x %u px, %u chunks)",
                            w, h, chunk_px, LW_MAX_LEVEL_W_PX, LW_MAX_LEVEL_H_PX,
                            LW_MAX_LAYOUT_CELLS);
    return true;
}

lw_level *lw_level_new(uint16_t chunk_px, uint16_t layout_width, uint16_t layout_height,
                       lw_error *err)
{
    if (!check_geometry(chunk_px, layout_width, layout_height, err))
        return NULL;
    lw_level *level = calloc(1, sizeof *level);
    if (!level) {
        lw_error_set(err, LW_ERR_NOMEM, NULL);
        return NULL;
    }
    level->chunk_px = chunk_px;
    level->chunk_shift = chunk_px == 128 ? 7 : 8;
    level->chunk_cells = (uint8_t)(chunk_px / LW_TILE_PX);
    level->layout_width = layout_width;
    level->layout_height = layout_height;
    level->background_rgb = 0x000000;
    strcpy(level->profile, "s2");
    strcpy(level->character, "sonic");
    level->next_object_id = 1;
    level->name = dup_string("");
    size_t slots = (size_t)layout_width * layout_height;
    uint16_t *fg = malloc(slots * sizeof(uint16_t));
    level->layout[LW_LAYER_FG] = fg;
    if (!level->name || !fg) {
        lw_level_free(level);
        lw_error_set(err, LW_ERR_NOMEM, NULL);
        return NULL;
    }
    for (size_t i = 0; i < slots; i++)
        fg[i] = LW_NONE;
    return level;
}

void lw_object_clear(lw_object *obj)
{
    if (!obj)
        return;
    free_owned(obj->name);
    lw_object_clear_properties(obj);
    memset(obj, 0, sizeof *obj);
}

bool lw_object_copy(lw_object *dst, const lw_object *src)
{
    *dst = *src;
    dst->name = NULL;
    dst->props = NULL;
    dst->prop_count = 0;
    if (src->name && !(dst->name = dup_string(src->name)))
        goto fail;
    if (src->prop_count) {
        lw_property *props = calloc(src->prop_count, sizeof *props);
        dst->props = props;
        if (!props)
            goto fail;
        for (uint32_t i = 0; i < src->prop_count; i++) {
            dst->prop_count = i + 1;
            props[i].key = dup_string(src->props[i].key);
            props[i].value = dup_string(src->props[i].value);
            if (!props[i].key || !props[i].value)
                goto fail;
        }
    }
    return true;
fail:
    lw_object_clear(dst);
    return false;
}

bool lw_object_set_property(lw_object *obj, const char *key, const char *value)
{
    lw_property *props = (lw_property *)obj->props;
    for (uint32_t i = 0; i < obj->prop_count; i++) {
        if (strcmp(props[i].key, key) == 0)
            return lw_level_set_string(&props[i].value, value ? value : "");
    }
    if (obj->prop_count >= LW_MAX_PROPERTIES)
        return false;
    lw_property *p = realloc(props, (obj->prop_count + 1) * sizeof *p);
    if (!p)
        return false;
    obj->props = p;
    char *k = dup_string(key), *v = dup_string(value ? value : "");
    if (!k || !v) {
        free(k);
        free(v);
        return false;
    }
    p[obj->prop_count].key = k;
    p[obj->prop_count].value = v;
    obj->prop_count++;
    return true;
}

bool lw_object_remove_property(lw_object *obj, const char *key)
{
    lw_property *props = (lw_property *)obj->props;
    for (uint32_t i = 0; i < obj->prop_count; i++) {
        if (strcmp(props[i].key, key) != 0)
            continue;
        free_owned(props[i].key);
        free_owned(props[i].value);
        memmove(&props[i], &props[i + 1], (obj->prop_count - i - 1) * sizeof *props);
        if (--obj->prop_count == 0) {
            free(props);
            obj->props = NULL;
        }
        return true;
    }
    return false;
}

void lw_object_clear_properties(lw_object *obj)
{
    for (uint32_t i = 0; i < obj->prop_count; i++) {
        free_owned(obj->props[i].key);
        free_owned(obj->props[i].value);
    }
    free_owned(obj->props);
    obj->props = NULL;
    obj->prop_count = 0;
}

bool lw_object_set_name(lw_object *obj, const char *name)
{
    return lw_level_set_string(&obj->name, name);
}

void lw_replay_clear(lw_replay *replay)
{
    if (!replay)
        return;
    free_owned(replay->name);
    free_owned(replay->script);
    memset(replay, 0, sizeof *replay);
}

void lw_level_free(lw_level *level)
{
    if (!level)
        return;
    free_owned(level->name);
    free_owned(level->tileset);
    free_owned(level->player_sprites);
    free_owned(level->masks);
    free_owned(level->tiles);
    free_owned(level->cells);
    free_owned(level->layout[0]);
    free_owned(level->layout[1]);
    for (uint32_t i = 0; i < level->object_count; i++)
        lw_object_clear(&lw_level_objects_mut(level)[i]);
    free_owned(level->objects);
    free_owned(level->overrides);
    for (uint32_t i = 0; i < level->replay_count; i++)
        lw_replay_clear(&lw_level_replays_mut(level)[i]);
    free_owned(level->replays);
    free_owned(level->loop_chunks);
    free(level);
}

static void *dup_block(const void *src, size_t bytes, bool *ok)
{
    if (!src || bytes == 0)
        return NULL;
    void *p = malloc(bytes);
    if (!p) {
        *ok = false;
        return NULL;
    }
    memcpy(p, src, bytes);
    return p;
}

lw_level *lw_level_dup(const lw_level *src)
{
    lw_level *level = calloc(1, sizeof *level);
    if (!level)
        return NULL;
    *level = *src;
    level->name = level->tileset = level->player_sprites = NULL;
    level->masks = NULL;
    level->tiles = NULL;
    level->cells = NULL;
    level->layout[0] = level->layout[1] = NULL;
    level->objects = NULL;
    level->overrides = NULL;
    level->replays = NULL;
    level->loop_chunks = NULL;
    level->object_count = level->replay_count = 0;
    level->mask_capacity = src->mask_count;
    level->tile_capacity = src->tile_count;
    level->chunk_capacity = src->chunk_count;
    level->object_capacity = src->object_count;

    bool ok = true;
    size_t slots = (size_t)src->layout_width * src->layout_height;
    level->name = dup_string(src->name);
    if (src->tileset && !(level->tileset = dup_string(src->tileset)))
        ok = false;
    if (src->player_sprites && !(level->player_sprites = dup_string(src->player_sprites)))
        ok = false;
    level->masks = dup_block(src->masks, src->mask_count * sizeof(lw_mask), &ok);
    level->tiles = dup_block(src->tiles, src->tile_count * sizeof(lw_tile), &ok);
    level->cells =
        dup_block(src->cells,
                  (size_t)src->chunk_count * lw_level_cells_per_chunk(src) * sizeof(lw_cell), &ok);
    level->layout[0] = dup_block(src->layout[0], slots * sizeof(uint16_t), &ok);
    level->layout[1] = dup_block(src->layout[1], slots * sizeof(uint16_t), &ok);
    level->overrides = dup_block(src->overrides, src->override_count * sizeof(lw_override), &ok);
    level->loop_chunks =
        dup_block(src->loop_chunks, src->loop_chunk_count * sizeof(lw_loop_chunk), &ok);
    if (!level->name || !level->layout[0])
        ok = false;
    if (ok && src->object_count) {
        lw_object *objects = calloc(src->object_count, sizeof(lw_object));
        level->objects = objects;
        if (!objects)
            ok = false;
        for (uint32_t i = 0; ok && i < src->object_count; i++) {
            if (!lw_object_copy(&objects[i], &src->objects[i]))
                ok = false;
            else
                level->object_count = i + 1;
        }
    }
    if (ok && src->replay_count) {
        lw_replay *replays = calloc(src->replay_count, sizeof(lw_replay));
        level->replays = replays;
        if (!replays)
            ok = false;
        for (uint32_t i = 0; ok && i < src->replay_count; i++) {
            lw_replay *d = &replays[i];
            *d = src->replays[i];
            d->name = dup_string(src->replays[i].name ? src->replays[i].name : "");
            d->script = dup_string(src->replays[i].script ? src->replays[i].script : "");
            level->replay_count = i + 1;
            if (!d->name || !d->script)
                ok = false;
        }
    }
    if (!ok) {
        lw_level_free(level);
        return NULL;
    }
    return level;
}

const lw_cell *lw_level_cell_at(const lw_level *level, int32_t x, int32_t y)
{
    if (x < 0 || y < 0 || x >= lw_level_width_px(level) || y >= lw_level_height_px(level))
        return NULL;
    uint32_t shift = level->chunk_shift;
    uint16_t chunk = level->layout[LW_LAYER_FG][((uint32_t)y >> shift) * level->layout_width +
                                                ((uint32_t)x >> shift)];
    if (chunk == LW_NONE)
        return NULL;
    uint32_t n = level->chunk_cells;
    uint32_t cx = ((uint32_t)x >> 4) & (n - 1), cy = ((uint32_t)y >> 4) & (n - 1);
    return &level->cells[(size_t)chunk * n * n + cy * n + cx];
}

bool lw_level_collision_at(const lw_level *level, int32_t x, int32_t y, lw_path path,
                           lw_collision_cell *out)
{
    const lw_cell *cell = lw_level_cell_at(level, x, y);
    if (cell && path == LW_PATH_B && level->loop_chunk_count) {
        /* a loop chunk's path B comes from another chunk's cell at the same place */
        uint32_t per = lw_level_cells_per_chunk(level);
        uint16_t chunk = (uint16_t)((size_t)(cell - level->cells) / per);
        uint16_t from = lw_level_collision_chunk(level, chunk, path);
        cell = level->cells + (size_t)from * per + (size_t)(cell - level->cells) % per;
    }
    if (!cell || cell->tile == LW_NONE)
        return false;
    const lw_tile *tile = &level->tiles[cell->tile];
    uint16_t mask = tile->mask[path];
    if (mask == LW_NONE)
        return false;
    uint8_t solid = (uint8_t)lw_cell_solidity(cell, path);
    if (tile->flags & LW_TILE_JUMP_THROUGH)
        solid &= LW_SOLID_TOP;
    if (!solid)
        return false;
    out->mask = &level->masks[mask];
    out->flags = cell->flags;
    out->solid = solid;
    out->tile = cell->tile;
    return true;
}

int32_t lw_level_add_mask(lw_level *level, const lw_mask *mask)
{
    if (level->mask_count >= LW_MAX_MASKS ||
        !grow((const void **)&level->masks, &level->mask_capacity, level->mask_count + 1,
              sizeof(lw_mask)))
        return -1;
    lw_mask *m = &lw_level_masks_mut(level)[level->mask_count];
    *m = *mask;
    lw_mask_derive_widths(m);
    return (int32_t)level->mask_count++;
}

int32_t lw_level_add_tile(lw_level *level, const lw_tile *tile)
{
    if (level->tile_count >= LW_MAX_TILES ||
        !grow((const void **)&level->tiles, &level->tile_capacity, level->tile_count + 1,
              sizeof(lw_tile)))
        return -1;
    lw_level_tiles_mut(level)[level->tile_count] = *tile;
    return (int32_t)level->tile_count++;
}

int32_t lw_level_add_chunk(lw_level *level, const lw_cell *cells)
{
    uint32_t per = lw_level_cells_per_chunk(level);
    if (level->chunk_count >= LW_MAX_CHUNKS ||
        !grow((const void **)&level->cells, &level->chunk_capacity, level->chunk_count + 1,
              per * sizeof(lw_cell)))
        return -1;
    lw_cell *dst = lw_level_chunk_cells_mut(level, level->chunk_count);
    if (cells) {
        memcpy(dst, cells, per * sizeof(lw_cell));
    } else {
        for (uint32_t i = 0; i < per; i++)
            dst[i] = (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0};
    }
    return (int32_t)level->chunk_count++;
}

const lw_object *lw_level_find_object(const lw_level *level, uint32_t id)
{
    int32_t i = lw_level_object_index(level, id);
    return i < 0 ? NULL : &level->objects[i];
}

lw_object *lw_level_find_object_mut(lw_level *level, uint32_t id)
{
    int32_t i = lw_level_object_index(level, id);
    return i < 0 ? NULL : &lw_level_objects_mut(level)[i];
}

int32_t lw_level_object_index(const lw_level *level, uint32_t id)
{
    for (uint32_t i = 0; i < level->object_count; i++)
        if (level->objects[i].id == id)
            return (int32_t)i;
    return -1;
}

bool lw_level_insert_object_at(lw_level *level, uint32_t index, const lw_object *obj)
{
    if (index > level->object_count || level->object_count >= LW_MAX_OBJECTS)
        return false;
    if (obj->id == 0 || lw_level_find_object(level, obj->id))
        return false;
    if (!grow((const void **)&level->objects, &level->object_capacity, level->object_count + 1,
              sizeof(lw_object)))
        return false;
    lw_object copy;
    if (!lw_object_copy(&copy, obj))
        return false;
    lw_object *objects = lw_level_objects_mut(level);
    memmove(&objects[index + 1], &objects[index],
            (level->object_count - index) * sizeof(lw_object));
    objects[index] = copy;
    level->object_count++;
    if (obj->id >= level->next_object_id)
        level->next_object_id = obj->id + 1;
    return true;
}

lw_object *lw_level_add_object(lw_level *level, const lw_object *obj)
{
    lw_object tmp = *obj;
    if (tmp.id == 0) {
        tmp.id = level->next_object_id;
        while (lw_level_find_object(level, tmp.id))
            tmp.id++;
    }
    if (!lw_level_insert_object_at(level, level->object_count, &tmp))
        return NULL;
    return &lw_level_objects_mut(level)[level->object_count - 1];
}

void lw_level_remove_object_at(lw_level *level, uint32_t index)
{
    LW_ASSERT(index < level->object_count);
    lw_object *objects = lw_level_objects_mut(level);
    lw_object_clear(&objects[index]);
    memmove(&objects[index], &objects[index + 1],
            (level->object_count - index - 1) * sizeof(lw_object));
    level->object_count--;
}

bool lw_level_resize_layout(lw_level *level, uint16_t width, uint16_t height, lw_error *err)
{
    if (!check_geometry(level->chunk_px, width, height, err))
        return false;
    size_t slots = (size_t)width * height;
    uint16_t *next[2] = {NULL, NULL};
    for (int l = 0; l < 2; l++) {
        if (!level->layout[l])
            continue;
        next[l] = malloc(slots * sizeof(uint16_t));
        if (!next[l]) {
            free(next[0]);
            return lw_error_set(err, LW_ERR_NOMEM, NULL);
        }
        for (uint32_t y = 0; y < height; y++)
            for (uint32_t x = 0; x < width; x++)
                next[l][(size_t)y * width + x] =
                    (x < level->layout_width && y < level->layout_height)
                        ? level->layout[l][(size_t)y * level->layout_width + x]
                        : (uint16_t)LW_NONE;
    }
    for (int l = 0; l < 2; l++) {
        if (level->layout[l]) {
            free_owned(level->layout[l]);
            level->layout[l] = next[l];
        }
    }
    level->layout_width = width;
    level->layout_height = height;
    return true;
}

bool lw_level_ensure_background(lw_level *level)
{
    if (level->layout[LW_LAYER_BG])
        return true;
    size_t slots = (size_t)level->layout_width * level->layout_height;
    uint16_t *bg = malloc(slots * sizeof(uint16_t));
    if (!bg)
        return false;
    for (size_t i = 0; i < slots; i++)
        bg[i] = LW_NONE;
    level->layout[LW_LAYER_BG] = bg;
    return true;
}

bool lw_level_add_replay(lw_level *level, const lw_replay *replay)
{
    if (level->replay_count >= LW_MAX_REPLAYS)
        return false;
    lw_replay *p = realloc(lw_level_replays_mut(level), (level->replay_count + 1) * sizeof *p);
    if (!p)
        return false;
    level->replays = p;
    lw_replay *d = &p[level->replay_count];
    *d = *replay;
    d->name = dup_string(replay->name ? replay->name : "");
    d->script = dup_string(replay->script ? replay->script : "");
    if (!d->name || !d->script) {
        lw_replay_clear(d);
        return false;
    }
    level->replay_count++;
    return true;
}

bool lw_level_set_override(lw_level *level, const char *name, int32_t value)
{
    if (strlen(name) >= sizeof(((lw_override *)0)->name))
        return false;
    for (uint32_t i = 0; i < level->override_count; i++) {
        if (strcmp(level->overrides[i].name, name) == 0) {
            lw_level_overrides_mut(level)[i].value = value;
            return true;
        }
    }
    if (level->override_count >= LW_MAX_OVERRIDES)
        return false;
    lw_override *p =
        realloc(lw_level_overrides_mut(level), (level->override_count + 1) * sizeof *p);
    if (!p)
        return false;
    level->overrides = p;
    memset(&p[level->override_count], 0, sizeof *p);
    strcpy(p[level->override_count].name, name);
    p[level->override_count].value = value;
    level->override_count++;
    return true;
}

static int cmp_id_index(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return *x < *y ? -1 : *x > *y;
}

/* Object ids are non-zero and unique: sorted (id, index) pairs, so 65536 objects cost a sort
 * instead of 2^31 comparisons; the quadratic search remains when memory is short. */
static bool check_unique_ids(const lw_level *level, lw_error *err)
{
    uint32_t n = level->object_count;
    for (uint32_t i = 0; i < n; i++)
        if (level->objects[i].id == 0)
            return lw_error_set(err, LW_ERR_RANGE, "object %u: id 0 is reserved", i);
    uint64_t *keys = n > 1 ? malloc((size_t)n * sizeof *keys) : NULL;
    if (!keys) {
        for (uint32_t i = 1; i < n; i++)
            for (uint32_t j = 0; j < i; j++)
                if (level->objects[j].id == level->objects[i].id)
                    return lw_error_set(err, LW_ERR_RANGE, "object %u: id %u is used twice", i,
                                        level->objects[i].id);
        return true;
    }
    for (uint32_t i = 0; i < n; i++)
        keys[i] = (uint64_t)level->objects[i].id << 32 | i;
    qsort(keys, n, sizeof *keys, cmp_id_index);
    /* the first repeated id by the index of its second use, as the search reported it */
    uint32_t bad = UINT32_MAX;
    for (uint32_t k = 1; k < n; k++)
        if (keys[k] >> 32 == keys[k - 1] >> 32 && (uint32_t)keys[k] < bad)
            bad = (uint32_t)keys[k];
    free(keys);
    if (bad != UINT32_MAX)
        return lw_error_set(err, LW_ERR_RANGE, "object %u: id %u is used twice", bad,
                            level->objects[bad].id);
    return true;
}

/* The loop table: existing chunks, each at most once, known rules, rules only on 256 px chunks
 * (the thresholds are Sonic 1's, in its 256 px chunks). */
static bool check_loop_chunks(const lw_level *level, lw_error *err)
{
    if (level->loop_chunk_count > LW_MAX_LOOP_CHUNKS)
        return lw_error_set(err, LW_ERR_LIMIT, "%u loop chunks: at most %u",
                            level->loop_chunk_count, (unsigned)LW_MAX_LOOP_CHUNKS);
    for (uint32_t i = 0; i < level->loop_chunk_count; i++) {
        const lw_loop_chunk *e = &level->loop_chunks[i];
        if (e->chunk >= level->chunk_count ||
            (e->path_b != LW_NONE && e->path_b >= level->chunk_count))
            return lw_error_set(err, LW_ERR_RANGE,
                                "loop chunk %u: chunk %u or path-B chunk %u does not exist (%u "
                                "chunks)",
                                i, e->chunk, e->path_b, level->chunk_count);
        if (e->rule > LW_LOOP_TUNNEL)
            return lw_error_set(err, LW_ERR_RANGE, "loop chunk %u: unknown rule %u", i, e->rule);
        if (e->rule != LW_LOOP_NONE && level->chunk_px != 256)
            return lw_error_set(err, LW_ERR_RANGE,
                                "loop chunk %u: loop rules need 256 px chunks (Sonic 1's)", i);
        for (uint32_t j = 0; j < i; j++)
            if (level->loop_chunks[j].chunk == e->chunk)
                return lw_error_set(err, LW_ERR_RANGE, "loop chunk %u: chunk %u is listed twice", i,
                                    e->chunk);
    }
    return true;
}

static const char *const loop_rule_names[] = {"none", "loop", "loop_grounded", "tunnel"};

const char *lw_loop_rule_name(unsigned rule)
{
    return rule <= LW_LOOP_TUNNEL ? loop_rule_names[rule] : NULL;
}

int lw_loop_rule_parse(const char *name)
{
    for (int i = 0; i <= LW_LOOP_TUNNEL; i++)
        if (strcmp(name, loop_rule_names[i]) == 0)
            return i;
    return -1;
}

bool lw_level_set_loop_chunks(lw_level *level, const lw_loop_chunk *entries, uint32_t count,
                              lw_error *err)
{
    if (count > LW_MAX_LOOP_CHUNKS)
        return lw_error_set(err, LW_ERR_LIMIT, "%u loop chunks: at most %u", count,
                            (unsigned)LW_MAX_LOOP_CHUNKS);
    lw_loop_chunk *copy = NULL;
    if (count) {
        copy = malloc(count * sizeof *copy);
        if (!copy)
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        memcpy(copy, entries, count * sizeof *copy);
    }
    free_owned(level->loop_chunks);
    level->loop_chunks = copy;
    level->loop_chunk_count = count;
    return true;
}

bool lw_level_validate(const lw_level *level, lw_error *err)
{
    if (!check_geometry(level->chunk_px, level->layout_width, level->layout_height, err) ||
        !lw_level_check_limits(level, err))
        return false;
    if (level->mask_count > LW_MAX_MASKS || level->tile_count > LW_MAX_TILES ||
        level->chunk_count > LW_MAX_CHUNKS || level->object_count > LW_MAX_OBJECTS)
        return lw_error_set(err, LW_ERR_LIMIT, "level has more items than the limits allow");
    for (uint32_t m = 0; m < level->mask_count; m++) {
        if (!lw_mask_heights_valid(level->masks[m].heights))
            return lw_error_set(err, LW_ERR_RANGE, "mask %u: a height is outside -16..16", m);
    }
    for (uint32_t t = 0; t < level->tile_count; t++) {
        for (int p = 0; p < 2; p++) {
            uint16_t m = level->tiles[t].mask[p];
            if (m != LW_NONE && m >= level->mask_count)
                return lw_error_set(err, LW_ERR_RANGE,
                                    "tile %u: path %c mask %u does not exist (%u masks)", t,
                                    "AB"[p], m, level -> mask_count);
        }
    }
    uint32_t n = level->chunk_cells;
    for (uint32_t c = 0; c < level->chunk_count; c++) {
        const lw_cell *cells = lw_level_chunk_cells(level, c);
        for (uint32_t i = 0; i < n * n; i++) {
            if (cells[i].tile != LW_NONE && cells[i].tile >= level->tile_count)
                return lw_error_set(err, LW_ERR_RANGE,
                                    "chunk %u cell (%u,%u): tile %u does not exist (%u tiles)", c,
                                    i % n, i / n, cells[i].tile, level->tile_count);
            if (cells[i].flags & ~3u || cells[i].solid & ~15u)
                return lw_error_set(err, LW_ERR_RANGE, "chunk %u cell (%u,%u): unknown bits", c,
                                    i % n, i / n);
        }
    }
    for (int l = 0; l < 2; l++) {
        if (!level->layout[l])
            continue;
        for (uint32_t y = 0; y < level->layout_height; y++)
            for (uint32_t x = 0; x < level->layout_width; x++) {
                uint16_t id = level->layout[l][(size_t)y * level->layout_width + x];
                if (id != LW_NONE && id >= level->chunk_count)
                    return lw_error_set(
                        err, LW_ERR_RANGE, "%s layout (%u,%u): chunk %u does not exist (%u chunks)",
                        l ? "background" : "foreground", x, y, id, level->chunk_count);
            }
    }
    if (!check_unique_ids(level, err) || !check_loop_chunks(level, err))
        return false;
    if (level->has_water && (level->water_height < 0 || level->water_height > LW_MAX_WATER_HEIGHT))
        return lw_error_set(err, LW_ERR_RANGE, "water height %ld px is outside 0..%d",
                            (long)level->water_height, LW_MAX_WATER_HEIGHT);
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        if (o->type == LW_OBJECT_PATH_SWAPPER) {
            uint16_t r = o->swapper.radius;
            if (r != 32 && r != 64 && r != 128 && r != 256)
                return lw_error_set(err, LW_ERR_RANGE,
                                    "object %u: swapper radius %u is not 32, 64, 128 or 256", o->id,
                                    r);
            if (o->swapper.path[0] > 1 || o->swapper.path[1] > 1)
                return lw_error_set(err, LW_ERR_RANGE, "object %u: swapper path is not A or B",
                                    o->id);
        }
    }
    return true;
}
