/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-level-ops"

#include "level-ops.h"

#include <loopwright/sensor.h>
#include <stdlib.h>
#include <string.h>

void editor_level_chunk_usage(const lw_level *level, guint *counts)
{
    memset(counts, 0, level->chunk_count * sizeof *counts);
    size_t slots = (size_t)level->layout_width * level->layout_height;
    for (int l = 0; l < 2; l++) {
        if (!level->layout[l])
            continue;
        for (size_t i = 0; i < slots; i++) {
            uint16_t id = level->layout[l][i];
            if (id != LW_NONE && id < level->chunk_count)
                counts[id]++;
        }
    }
}

void editor_level_tile_usage(const lw_level *level, guint *counts)
{
    memset(counts, 0, level->tile_count * sizeof *counts);
    size_t cells = (size_t)level->chunk_count * lw_level_cells_per_chunk(level);
    for (size_t i = 0; i < cells; i++) {
        uint16_t t = level->cells[i].tile;
        if (t != LW_NONE && t < level->tile_count)
            counts[t]++;
    }
}

/* Replace @level's cell array by the chunks listed in @keep (old ids, in new order). */
static gboolean rebuild_chunks(lw_level *level, const lw_level *src, const guint *keep, guint n)
{
    guint per = lw_level_cells_per_chunk(src);
    lw_cell *cells = malloc(MAX(n, 1u) * (size_t)per * sizeof(lw_cell));
    if (!cells)
        return FALSE;
    for (guint i = 0; i < n; i++)
        memcpy(cells + (size_t)i * per, lw_level_chunk_cells(src, keep[i]), per * sizeof(lw_cell));
    free(lw_level_cells_mut(level));
    level->cells = cells;
    level->chunk_count = n;
    level->chunk_capacity = MAX(n, 1u);
    return TRUE;
}

static void remap_layout(lw_level *level, const guint *map)
{
    size_t slots = (size_t)level->layout_width * level->layout_height;
    for (int l = 0; l < 2; l++) {
        uint16_t *layer = lw_level_layout_mut(level, (lw_layer)l);
        if (!layer)
            continue;
        for (size_t i = 0; i < slots; i++)
            if (layer[i] != LW_NONE)
                layer[i] = (uint16_t)map[layer[i]];
    }
}

/* Fill @remap (may be NULL) from an old -> new map of @n ids. */
static void remap_from(EditorRemap *remap, gboolean chunks, const guint *map, guint n)
{
    if (!remap)
        return;
    editor_remap_init(remap);
    uint16_t *dst = chunks ? remap->chunks : remap->tiles;
    for (guint i = 0; i < n; i++)
        dst[i] = (uint16_t)map[i];
    if (chunks) {
        remap->chunks_moved = TRUE;
        remap->chunk_count = n;
    } else {
        remap->tiles_moved = TRUE;
        remap->tile_count = n;
    }
}

/* The loop table (engine level.h) through an old -> new chunk map; an entry merged into an
 * earlier one's chunk is dropped. */
static gboolean remap_loop_chunks(lw_level *level, const guint *map)
{
    lw_loop_chunk table[LW_MAX_LOOP_CHUNKS];
    uint32_t n = 0;
    for (uint32_t i = 0; i < level->loop_chunk_count; i++) {
        lw_loop_chunk e = level->loop_chunks[i];
        e.chunk = (uint16_t)map[e.chunk];
        e.path_b = e.path_b == LW_NONE ? (uint16_t)LW_NONE : (uint16_t)map[e.path_b];
        gboolean dup = FALSE;
        for (uint32_t j = 0; j < n; j++)
            dup |= table[j].chunk == e.chunk;
        if (!dup)
            table[n++] = e;
    }
    return lw_level_set_loop_chunks(level, table, n, NULL);
}

lw_level *editor_level_compact_chunks(const lw_level *level, gboolean duplicates, guint *removed,
                                      EditorRemap *remap)
{
    guint n = level->chunk_count, per = lw_level_cells_per_chunk(level);
    g_autofree guint *counts = g_new0(guint, MAX(n, 1u));
    g_autofree guint *map = g_new(guint, MAX(n, 1u));
    g_autofree guint *keep = g_new(guint, MAX(n, 1u));
    editor_level_chunk_usage(level, counts);
    for (uint32_t i = 0; i < level->loop_chunk_count; i++) { /* a loop's path-B chunk is used */
        counts[level->loop_chunks[i].chunk]++;
        if (level->loop_chunks[i].path_b != LW_NONE)
            counts[level->loop_chunks[i].path_b]++;
    }
    GHashTable *seen =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    guint kept = 0;
    for (guint c = 0; c < n; c++) {
        map[c] = LW_NONE;
        if (counts[c] == 0)
            continue;
        if (duplicates) {
            GBytes *key = g_bytes_new_static(lw_level_chunk_cells(level, c), per * sizeof(lw_cell));
            gpointer first;
            if (g_hash_table_lookup_extended(seen, key, NULL, &first)) {
                map[c] = GPOINTER_TO_UINT(first);
                g_bytes_unref(key);
                continue;
            }
            g_hash_table_insert(seen, key, GUINT_TO_POINTER(kept));
        }
        map[c] = kept;
        keep[kept++] = c;
    }
    g_hash_table_unref(seen);
    lw_level *out = lw_level_dup(level);
    if (!out || !rebuild_chunks(out, level, keep, kept)) {
        lw_level_free(out);
        return NULL;
    }
    remap_layout(out, map);
    if (level->loop_chunk_count && !remap_loop_chunks(out, map)) {
        lw_level_free(out);
        return NULL;
    }
    if (removed)
        *removed = n - kept;
    remap_from(remap, TRUE, map, n);
    return out;
}

static gboolean tile_equal(const lw_tile *a, const lw_tile *b)
{
    return a->art == b->art && a->mask[0] == b->mask[0] && a->mask[1] == b->mask[1] &&
           a->flags == b->flags;
}

lw_level *editor_level_compact_tiles(const lw_level *level, gboolean duplicates, guint *removed,
                                     EditorRemap *remap)
{
    guint n = level->tile_count;
    g_autofree guint *counts = g_new0(guint, MAX(n, 1u));
    g_autofree guint *map = g_new(guint, MAX(n, 1u));
    editor_level_tile_usage(level, counts);
    lw_level *out = lw_level_dup(level);
    if (!out)
        return NULL;
    guint kept = 0;
    for (guint t = 0; t < n; t++) {
        map[t] = LW_NONE;
        if (counts[t] == 0)
            continue;
        if (duplicates) {
            for (guint k = 0; k < kept; k++)
                if (tile_equal(&out->tiles[k], &level->tiles[t])) {
                    map[t] = k;
                    break;
                }
            if (map[t] != LW_NONE)
                continue;
        }
        lw_level_tiles_mut(out)[kept] = level->tiles[t];
        map[t] = kept++;
    }
    out->tile_count = kept;
    size_t cells = (size_t)out->chunk_count * lw_level_cells_per_chunk(out);
    lw_cell *out_cells = lw_level_cells_mut(out);
    for (size_t i = 0; i < cells; i++)
        if (out_cells[i].tile != LW_NONE)
            out_cells[i].tile = (uint16_t)map[out_cells[i].tile];
    if (removed)
        *removed = n - kept;
    remap_from(remap, FALSE, map, n);
    return out;
}

static void set_limit_error(GError **error, const lw_error *err)
{
    g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, (gint)err->code, err->message);
}

lw_level *editor_level_resized(const lw_level *level, guint width, guint height, GError **error)
{
    if (width == 0 || height == 0 || width > 65535 || height > 65535) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, "size %ux%u is out of range", width,
                    height);
        return NULL;
    }
    lw_level *out = lw_level_dup(level);
    lw_error err;
    if (!out)
        return NULL;
    if (!lw_level_resize_layout(out, (uint16_t)width, (uint16_t)height, &err)) {
        set_limit_error(error, &err);
        lw_level_free(out);
        return NULL;
    }
    return out;
}

lw_level *editor_level_edit_rows(const lw_level *level, gboolean columns, guint at, int count,
                                 GError **error)
{
    guint w = level->layout_width, h = level->layout_height;
    guint len = columns ? w : h;
    if (at > len || count == 0 || (count < 0 && at + (guint)(-count) > len)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, "no such %s",
                    columns ? "columns" : "rows");
        return NULL;
    }
    guint new_len = (guint)((int)len + count);
    if (new_len == 0) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                    "a level keeps at least one row and one column");
        return NULL;
    }
    guint nw = columns ? new_len : w, nh = columns ? h : new_len;
    lw_level *out = editor_level_resized(level, nw, nh, error);
    if (!out)
        return NULL;
    for (int l = 0; l < 2; l++) {
        if (!level->layout[l])
            continue;
        for (guint y = 0; y < nh; y++)
            for (guint x = 0; x < nw; x++) {
                guint i = columns ? x : y; /* the coordinate along the edited axis */
                int src;
                if (count > 0)
                    src = i < at ? (int)i : (i < at + (guint)count ? -1 : (int)i - count);
                else
                    src = i < at ? (int)i : (int)i - count;
                uint16_t id = LW_NONE;
                if (src >= 0) {
                    guint sx = columns ? (guint)src : x, sy = columns ? y : (guint)src;
                    id = level->layout[l][(size_t)sy * w + sx];
                }
                lw_level_layout_mut(out, (lw_layer)l)[(size_t)y * nw + x] = id;
            }
    }
    int32_t line = (int32_t)at << level->chunk_shift;
    int32_t delta = (int32_t)count * level->chunk_px;
    for (guint i = 0; i < out->object_count; i++) {
        lw_object *o = &lw_level_objects_mut(out)[i];
        int32_t *v = columns ? &o->x : &o->y;
        if (*v < line)
            continue;
        if (count < 0 && *v < line - delta)
            *v = line; /* inside the removed band */
        else
            *v += delta;
    }
    return out;
}

lw_level *editor_level_with_chunk_size(const lw_level *level, guint chunk_px, GError **error)
{
    if (chunk_px != 128 && chunk_px != 256) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, "chunk size %u is not 128 or 256",
                    chunk_px);
        return NULL;
    }
    if (chunk_px == level->chunk_px)
        return lw_level_dup(level);
    gboolean join = chunk_px > level->chunk_px; /* 128 -> 256 */
    guint w = level->layout_width, h = level->layout_height;
    guint nw = join ? (w + 1) / 2 : w * 2, nh = join ? (h + 1) / 2 : h * 2;
    lw_error err;
    lw_level *res = lw_level_new((uint16_t)chunk_px, (uint16_t)nw, (uint16_t)nh, &err);
    if (!res) {
        set_limit_error(error, &err);
        return NULL;
    }
    /* Everything but the geometry, chunks and layout comes from a copy of @level. */
    lw_level *copy = lw_level_dup(level);
    if (!copy) {
        lw_level_free(res);
        return NULL;
    }
#define MOVE(field)                                                                                \
    do {                                                                                           \
        res->field = copy->field;                                                                  \
        copy->field = NULL;                                                                        \
    } while (0)
    free((char *)res->name);
    MOVE(name);
    MOVE(tileset);
    MOVE(masks);
    MOVE(tiles);
    MOVE(objects);
    MOVE(overrides);
    MOVE(replays);
#undef MOVE
    res->mask_count = copy->mask_count;
    res->mask_capacity = copy->mask_capacity;
    res->tile_count = copy->tile_count;
    res->tile_capacity = copy->tile_capacity;
    res->object_count = copy->object_count;
    res->object_capacity = copy->object_capacity;
    res->override_count = copy->override_count;
    res->replay_count = copy->replay_count;
    copy->object_count = copy->replay_count = 0;
    res->background_rgb = copy->background_rgb;
    res->has_water = copy->has_water;
    res->water_height = copy->water_height;
    memcpy(res->profile, copy->profile, sizeof res->profile);
    memcpy(res->character, copy->character, sizeof res->character);
    res->next_object_id = copy->next_object_id;
    lw_level_free(copy);

    guint on = level->chunk_cells, nn = res->chunk_cells;
    g_autofree lw_cell *buf = g_new(lw_cell, (gsize)nn * nn);
    GHashTable *seen =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    gboolean ok = TRUE;
    if (level->layout[LW_LAYER_BG] && !lw_level_ensure_background(res))
        ok = FALSE;
    for (int l = 0; ok && l < 2; l++) {
        if (!level->layout[l])
            continue;
        for (guint y = 0; ok && y < nh; y++)
            for (guint x = 0; ok && x < nw; x++) {
                gboolean any = FALSE;
                for (guint cy = 0; cy < nn; cy++)
                    for (guint cx = 0; cx < nn; cx++) {
                        /* cell (cx, cy) of new slot (x, y) in old tile coordinates */
                        guint tx = x * nn + cx, ty = y * nn + cy;
                        guint ox = tx / on, oy = ty / on;
                        lw_cell cell = {.tile = LW_NONE, .flags = 0, .solid = 0};
                        if (ox < w && oy < h) {
                            uint16_t id = level->layout[l][(size_t)oy * w + ox];
                            if (id != LW_NONE)
                                cell = lw_level_chunk_cells(level, id)[(ty % on) * on + tx % on];
                        }
                        any |= cell.tile != LW_NONE;
                        buf[cy * nn + cx] = cell;
                    }
                uint16_t id = LW_NONE;
                if (any) {
                    GBytes *key = g_bytes_new(buf, (gsize)nn * nn * sizeof(lw_cell));
                    gpointer found;
                    if (g_hash_table_lookup_extended(seen, key, NULL, &found)) {
                        id = (uint16_t)GPOINTER_TO_UINT(found);
                        g_bytes_unref(key);
                    } else {
                        int32_t got = lw_level_add_chunk(res, buf);
                        if (got < 0) {
                            g_bytes_unref(key);
                            ok = FALSE;
                            break;
                        }
                        id = (uint16_t)got;
                        g_hash_table_insert(seen, key, GUINT_TO_POINTER((guint)got));
                    }
                }
                lw_level_layout_mut(res, (lw_layer)l)[(size_t)y * nw + x] = id;
            }
    }
    g_hash_table_unref(seen);
    if (!ok) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_LIMIT,
                    "the level would need more than %u chunks of %u px", LW_MAX_CHUNKS, chunk_px);
        lw_level_free(res);
        return NULL;
    }
    return res;
}

GArray *editor_level_flood_fill(const lw_level *level, lw_layer layer, guint x, guint y,
                                uint16_t chunk)
{
    GArray *edits = g_array_new(FALSE, FALSE, sizeof(EditorLayoutEdit));
    guint w = level->layout_width, h = level->layout_height;
    if (x >= w || y >= h)
        return edits;
    const uint16_t *slots = level->layout[layer];
    uint16_t from = slots ? slots[(size_t)y * w + x] : (uint16_t)LW_NONE;
    if (from == chunk)
        return edits;
    g_autofree guint8 *done = g_new0(guint8, (gsize)w * h);
    GArray *queue = g_array_new(FALSE, FALSE, sizeof(guint));
    guint start = y * w + x;
    g_array_append_val(queue, start);
    done[start] = 1;
    for (guint qi = 0; qi < queue->len; qi++) {
        guint i = g_array_index(queue, guint, qi);
        guint cx = i % w, cy = i / w;
        EditorLayoutEdit e = {(uint16_t)cx, (uint16_t)cy, chunk};
        g_array_append_val(edits, e);
        const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        for (int k = 0; k < 4; k++) {
            int nx = (int)cx + dx[k], ny = (int)cy + dy[k];
            if (nx < 0 || ny < 0 || nx >= (int)w || ny >= (int)h)
                continue;
            guint j = (guint)ny * w + (guint)nx;
            uint16_t v = slots ? slots[j] : (uint16_t)LW_NONE;
            if (!done[j] && v == from) {
                done[j] = 1;
                g_array_append_val(queue, j);
            }
        }
    }
    g_array_unref(queue);
    return edits;
}

/* ---- sensors: the engine's own cast (PHYSICS.md §3.3), so snapping agrees with play ---- */

int editor_sensor_scan_down(const lw_level *level, lw_path path, int32_t x, int32_t y)
{
    lw_sensor_hit hit;
    return (int)lw_sensor_cast(level, path, x, y, LW_DIR_DOWN, LW_SOLID_TOP, 0, &hit);
}

gboolean editor_level_snap_to_ground(const lw_level *level, const lw_object *obj, lw_path path,
                                     int32_t *y)
{
    /* Standing Sonic: width radius 9, height radius 19 (§3.4); the centre rests at S - 20. */
    gboolean player = obj->type == LW_OBJECT_PLAYER_START;
    int32_t foot = player ? 19 : 0;
    if (obj->type == LW_OBJECT_PATH_SWAPPER && !obj->swapper.horizontal)
        foot = obj->swapper.radius - 1;
    int32_t anchor = obj->y + foot;
    int32_t bottom = lw_level_height_px(level);
    if (anchor < 0)
        anchor = 0;
    for (; anchor < bottom + 32; anchor += 32) {
        int d;
        if (player) {
            int da = editor_sensor_scan_down(level, path, obj->x - 9, anchor);
            int db = editor_sensor_scan_down(level, path, obj->x + 9, anchor);
            d = MIN(da, db);
        } else {
            d = editor_sensor_scan_down(level, path, obj->x, anchor);
        }
        if (d <= 15) {
            int32_t surface = anchor + d + 1; /* first solid row */
            *y = surface - foot - 1;
            return TRUE;
        }
    }
    return FALSE;
}
