/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-change"

#include "editor-change.h"

#include <string.h>

static EditorChange *change_copy(const EditorChange *change)
{
    return g_memdup2(change, sizeof *change);
}

/* Written out: G_DEFINE_BOXED_TYPE's type-checking cast trips -Wpedantic in C11 mode. */
GType editor_change_get_type(void)
{
    static gsize type = 0;
    if (g_once_init_enter(&type)) {
        GType t = g_boxed_type_register_static(g_intern_static_string("EditorChange"),
                                               (GBoxedCopyFunc)change_copy, g_free);
        g_once_init_leave(&type, t);
    }
    return (GType)type;
}

void editor_change_clear(EditorChange *change)
{
    memset(change, 0, sizeof *change);
}

gboolean editor_change_is_empty(const EditorChange *change)
{
    return change->flags == 0;
}

void editor_change_add_layout(EditorChange *change, int32_t x, int32_t y, int32_t w, int32_t h)
{
    if (w <= 0 || h <= 0)
        return;
    if (!(change->flags & EDITOR_CHANGE_LAYOUT)) {
        change->layout_x0 = x;
        change->layout_y0 = y;
        change->layout_x1 = x + w;
        change->layout_y1 = y + h;
    } else {
        change->layout_x0 = MIN(change->layout_x0, x);
        change->layout_y0 = MIN(change->layout_y0, y);
        change->layout_x1 = MAX(change->layout_x1, x + w);
        change->layout_y1 = MAX(change->layout_y1, y + h);
    }
    change->flags |= EDITOR_CHANGE_LAYOUT;
}

static void set_bit(uint8_t *bits, size_t nbytes, uint32_t i)
{
    if (i / 8 < nbytes)
        bits[i / 8] |= (uint8_t)(1u << (i % 8));
}

static gboolean get_bit(const uint8_t *bits, size_t nbytes, uint32_t i)
{
    return i / 8 < nbytes && (bits[i / 8] >> (i % 8)) & 1u;
}

void editor_change_add_chunk(EditorChange *change, uint32_t chunk)
{
    set_bit(change->chunks, sizeof change->chunks, chunk);
    change->flags |= EDITOR_CHANGE_CHUNKS;
}

void editor_change_add_tile(EditorChange *change, uint32_t tile)
{
    set_bit(change->tiles, sizeof change->tiles, tile);
    change->flags |= EDITOR_CHANGE_TILES;
}

void editor_change_add_mask(EditorChange *change, uint32_t mask)
{
    set_bit(change->masks, sizeof change->masks, mask);
    change->flags |= EDITOR_CHANGE_MASKS;
}

void editor_change_add_flags(EditorChange *change, EditorChangeFlags flags)
{
    change->flags |= flags;
}

gboolean editor_change_has_chunk(const EditorChange *change, uint32_t chunk)
{
    return (change->flags & EDITOR_CHANGE_EVERYTHING) ||
           get_bit(change->chunks, sizeof change->chunks, chunk);
}

gboolean editor_change_has_tile(const EditorChange *change, uint32_t tile)
{
    return (change->flags & EDITOR_CHANGE_EVERYTHING) ||
           get_bit(change->tiles, sizeof change->tiles, tile);
}

gboolean editor_change_has_mask(const EditorChange *change, uint32_t mask)
{
    return (change->flags & EDITOR_CHANGE_EVERYTHING) ||
           get_bit(change->masks, sizeof change->masks, mask);
}

/* ---- renumbering ---- */

void editor_remap_init(EditorRemap *remap)
{
    remap->chunks_moved = remap->tiles_moved = FALSE;
    remap->chunk_count = remap->tile_count = 0;
}

static void truncate_map(gboolean *moved, uint32_t *count, uint16_t *map, guint cap,
                         guint old_count, guint new_count)
{
    if (new_count >= old_count)
        return;
    *moved = TRUE;
    *count = MIN(old_count, cap);
    for (guint i = 0; i < *count; i++)
        map[i] = i < new_count ? (uint16_t)i : (uint16_t)LW_NONE;
}

void editor_remap_truncate_chunks(EditorRemap *remap, guint old_count, guint new_count)
{
    truncate_map(&remap->chunks_moved, &remap->chunk_count, remap->chunks, LW_MAX_CHUNKS, old_count,
                 new_count);
}

void editor_remap_truncate_tiles(EditorRemap *remap, guint old_count, guint new_count)
{
    truncate_map(&remap->tiles_moved, &remap->tile_count, remap->tiles, LW_MAX_TILES, old_count,
                 new_count);
}

static void invert_map(const uint16_t *fwd, guint fwd_count, uint16_t *back, guint new_count)
{
    for (guint i = 0; i < new_count; i++)
        back[i] = LW_NONE;
    for (guint o = 0; o < fwd_count; o++)
        if (fwd[o] != LW_NONE && fwd[o] < new_count && back[fwd[o]] == LW_NONE)
            back[fwd[o]] = (uint16_t)o;
}

void editor_remap_invert(const EditorRemap *forward, guint new_chunks, guint new_tiles,
                         EditorRemap *back)
{
    editor_remap_init(back);
    if (forward->chunks_moved) {
        back->chunks_moved = TRUE;
        back->chunk_count = MIN(new_chunks, LW_MAX_CHUNKS);
        invert_map(forward->chunks, forward->chunk_count, back->chunks, back->chunk_count);
    }
    if (forward->tiles_moved) {
        back->tiles_moved = TRUE;
        back->tile_count = MIN(new_tiles, LW_MAX_TILES);
        invert_map(forward->tiles, forward->tile_count, back->tiles, back->tile_count);
    }
}

static uint16_t map_id(gboolean moved, uint32_t count, const uint16_t *map, uint16_t id)
{
    if (id == LW_NONE || !moved)
        return id;
    return id < count ? map[id] : (uint16_t)LW_NONE;
}

uint16_t editor_remap_chunk(const EditorRemap *remap, uint16_t id)
{
    return map_id(remap->chunks_moved, remap->chunk_count, remap->chunks, id);
}

uint16_t editor_remap_tile(const EditorRemap *remap, uint16_t id)
{
    return map_id(remap->tiles_moved, remap->tile_count, remap->tiles, id);
}

/* @first then @then, into @first. */
static void compose_map(gboolean *moved, uint32_t *count, uint16_t *map, gboolean then_moved,
                        uint32_t then_count, const uint16_t *then_map)
{
    if (!then_moved)
        return;
    if (!*moved) {
        *moved = TRUE;
        *count = then_count;
        memcpy(map, then_map, then_count * sizeof *map);
        return;
    }
    for (guint i = 0; i < *count; i++)
        map[i] = map_id(TRUE, then_count, then_map, map[i]);
}

void editor_change_add_remap(EditorChange *change, const EditorRemap *remap)
{
    if (!remap->chunks_moved && !remap->tiles_moved)
        return;
    EditorRemap *r = &change->remap;
    if (!(change->flags & EDITOR_CHANGE_RENUMBER))
        editor_remap_init(r);
    compose_map(&r->chunks_moved, &r->chunk_count, r->chunks, remap->chunks_moved,
                remap->chunk_count, remap->chunks);
    compose_map(&r->tiles_moved, &r->tile_count, r->tiles, remap->tiles_moved, remap->tile_count,
                remap->tiles);
    change->flags |= EDITOR_CHANGE_RENUMBER;
}

static uint16_t follow(uint16_t id, uint16_t moved_to, guint count)
{
    if (id == LW_NONE)
        return LW_NONE;
    if (moved_to != LW_NONE && moved_to < count)
        return moved_to;
    return count ? 0 : (uint16_t)LW_NONE;
}

uint16_t editor_change_follow_chunk(const EditorChange *change, uint16_t id, guint count)
{
    gboolean renumbered = (change->flags & EDITOR_CHANGE_RENUMBER) != 0;
    return follow(id, renumbered ? editor_remap_chunk(&change->remap, id) : id, count);
}

uint16_t editor_change_follow_tile(const EditorChange *change, uint16_t id, guint count)
{
    gboolean renumbered = (change->flags & EDITOR_CHANGE_RENUMBER) != 0;
    return follow(id, renumbered ? editor_remap_tile(&change->remap, id) : id, count);
}

void editor_change_merge(EditorChange *change, const EditorChange *other)
{
    if (other->flags & EDITOR_CHANGE_RENUMBER)
        editor_change_add_remap(change, &other->remap);
    if (other->flags & EDITOR_CHANGE_LAYOUT)
        editor_change_add_layout(change, other->layout_x0, other->layout_y0,
                                 other->layout_x1 - other->layout_x0,
                                 other->layout_y1 - other->layout_y0);
    for (size_t i = 0; i < sizeof change->chunks; i++)
        change->chunks[i] |= other->chunks[i];
    for (size_t i = 0; i < sizeof change->tiles; i++)
        change->tiles[i] |= other->tiles[i];
    for (size_t i = 0; i < sizeof change->masks; i++)
        change->masks[i] |= other->masks[i];
    change->flags |= other->flags;
}
