#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * What one command (or group) changed in a document, so views repaint only that: a rectangle of
 * layout slots, sets of chunk, tile and mask ids, and flags for objects, level properties and
 * structural changes ("everything"). Commands fill it while they apply or revert; the document
 * emits it once in its `changed` signal after the whole command has run. Plain data, no GTK.
 */

#include "editor-types.h"

G_BEGIN_DECLS

typedef enum EditorChangeFlags {
    EDITOR_CHANGE_LAYOUT = 1u << 0,     /* layout slots inside the rect changed (either layer) */
    EDITOR_CHANGE_CHUNKS = 1u << 1,     /* contents of the chunks in the chunk set changed */
    EDITOR_CHANGE_TILES = 1u << 2,      /* tiles in the tile set changed (art, masks, flags) */
    EDITOR_CHANGE_MASKS = 1u << 3,      /* masks in the mask set changed */
    EDITOR_CHANGE_OBJECTS = 1u << 4,    /* objects were added, removed, moved or edited */
    EDITOR_CHANGE_PROPERTIES = 1u << 5, /* name, background colour, profile, tileset path */
    EDITOR_CHANGE_COUNTS = 1u << 6,     /* chunks/tiles/masks were appended or removed */
    EDITOR_CHANGE_EVERYTHING = 1u << 7, /* geometry or numbering changed: drop every cache */
} EditorChangeFlags;

/** A change description. Ids beyond the bit sets' range never occur (limits of level.h). */
struct EditorChange {
    EditorChangeFlags flags;
    int32_t layout_x0, layout_y0; /* layout rect in chunk slots, [x0, x1) x [y0, y1) */
    int32_t layout_x1, layout_y1;
    uint8_t chunks[LW_MAX_CHUNKS / 8];
    uint8_t tiles[(LW_MAX_TILES + 1) / 8];
    uint8_t masks[LW_MAX_MASKS / 8];
};

#define EDITOR_TYPE_CHANGE (editor_change_get_type())
GType editor_change_get_type(void) G_GNUC_CONST;

/** Reset @change to "nothing changed". */
void editor_change_clear(EditorChange *change);

/** True when nothing is recorded. */
gboolean editor_change_is_empty(const EditorChange *change);

/** Add layout slots [x, x+w) x [y, y+h) to the rect (chunk coordinates). */
void editor_change_add_layout(EditorChange *change, int32_t x, int32_t y, int32_t w, int32_t h);
void editor_change_add_chunk(EditorChange *change, uint32_t chunk);
void editor_change_add_tile(EditorChange *change, uint32_t tile);
void editor_change_add_mask(EditorChange *change, uint32_t mask);
/** Add @flags (EDITOR_CHANGE_OBJECTS, _PROPERTIES, _COUNTS, _EVERYTHING). */
void editor_change_add_flags(EditorChange *change, EditorChangeFlags flags);

gboolean editor_change_has_chunk(const EditorChange *change, uint32_t chunk);
gboolean editor_change_has_tile(const EditorChange *change, uint32_t tile);
gboolean editor_change_has_mask(const EditorChange *change, uint32_t mask);

/** Merge @other into @change. */
void editor_change_merge(EditorChange *change, const EditorChange *other);

G_END_DECLS
