#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * What one command (or group) changed in a document, so views repaint only that: a rectangle of
 * layout slots, sets of chunk, tile and mask ids, flags for objects, level properties and
 * structural changes ("everything"), and how chunk and tile ids were renumbered, so that tools
 * holding an id (a brush, a selection) can follow it. Commands fill it while they apply or
 * revert; the document emits it once in its `changed` signal after the whole command has run.
 * Plain data, no GTK.
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
    EDITOR_CHANGE_RENUMBER = 1u << 8,   /* chunk or tile ids moved or went: see remap */
} EditorChangeFlags;

/**
 * How chunk and tile ids moved: compaction merges and removes, undoing an append removes the
 * last one, replacing the level drops the ids past its counts. For each kind that moved,
 * map[old id] is the new id or LW_NONE (removed); old ids at or past the count are removed too.
 */
typedef struct EditorRemap {
    gboolean chunks_moved, tiles_moved; /* FALSE: those ids are unchanged */
    uint32_t chunk_count, tile_count;   /* old ids the maps cover */
    uint16_t chunks[LW_MAX_CHUNKS];
    uint16_t tiles[LW_MAX_TILES];
} EditorRemap;

/** Reset @remap to "no id moved". */
void editor_remap_init(EditorRemap *remap);

/** Record that the chunks (or tiles) went from @old_count to @new_count with the ones kept
 * keeping their ids (ids >= @new_count removed). No-op when @new_count >= @old_count. */
void editor_remap_truncate_chunks(EditorRemap *remap, guint old_count, guint new_count);
void editor_remap_truncate_tiles(EditorRemap *remap, guint old_count, guint new_count);

/** The map back: for each id after @forward, the first old id that became it (what undoing the
 * change does to ids). @new_chunks / @new_tiles are the counts after @forward. */
void editor_remap_invert(const EditorRemap *forward, guint new_chunks, guint new_tiles,
                         EditorRemap *back);

/** Where @id (LW_NONE allowed, it stays LW_NONE) went: its new id or LW_NONE. */
uint16_t editor_remap_chunk(const EditorRemap *remap, uint16_t id);
uint16_t editor_remap_tile(const EditorRemap *remap, uint16_t id);

/** A change description. Ids beyond the bit sets' range never occur (limits of level.h). */
struct EditorChange {
    EditorChangeFlags flags;
    int32_t layout_x0, layout_y0; /* layout rect in chunk slots, [x0, x1) x [y0, y1) */
    int32_t layout_x1, layout_y1;
    uint8_t chunks[LW_MAX_CHUNKS / 8];
    uint8_t tiles[(LW_MAX_TILES + 1) / 8];
    uint8_t masks[LW_MAX_MASKS / 8];
    EditorRemap remap; /* with EDITOR_CHANGE_RENUMBER: ids before the change -> after it */
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

/** Add a renumbering that happened after what @change holds (the two compose); sets
 * EDITOR_CHANGE_RENUMBER. */
void editor_change_add_remap(EditorChange *change, const EditorRemap *remap);

/**
 * What a tool holding chunk (or tile) @id should hold after @change, the level now having
 * @count of them: the id's new number; when its chunk was removed (or is past @count), the
 * first one, 0, or LW_NONE when none is left. LW_NONE (the eraser) stays LW_NONE.
 */
uint16_t editor_change_follow_chunk(const EditorChange *change, uint16_t id, guint count);
uint16_t editor_change_follow_tile(const EditorChange *change, uint16_t id, guint count);

/** Merge @other, which happened after @change, into @change. */
void editor_change_merge(EditorChange *change, const EditorChange *other);

G_END_DECLS
