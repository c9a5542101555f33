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

void editor_change_merge(EditorChange *change, const EditorChange *other)
{
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
