#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Constructors of the level's command types (STYLE.md §7.8). Each captures the "before" values
 * from the document's current level, so build a command and push it right away. Constructors
 * return NULL (and set @error where there is one) when the edit is impossible (a limit, an
 * unknown id); they never change the document. Objects are referred to by id, never pointer.
 *
 * Here: editor-commands-layout.c (layout slots, replace level), editor-commands-chunk.c
 * (cells, chunks, tiles, masks), editor-commands-object.c (objects), editor-commands-level.c
 * (level properties). The other command types have their own headers:
 * editor-commands-mask.h (mask authoring: columns, angles, lock and flag, replace) and
 * editor-commands-play.h (test-play: physics settings, replays); editor-command.h has the
 * group. No GTK.
 */

#include "editor-command.h"
#include "editor-document.h"

G_BEGIN_DECLS

/* ---- layout ---- */

/** One layout slot to set: (x, y) in chunks, the new chunk id (LW_NONE = empty). */
typedef struct EditorLayoutEdit {
    uint16_t x, y;
    uint16_t chunk;
} EditorLayoutEdit;

/**
 * Set layout slots on @layer (LW_LAYER_BG needs a background layer; it is created on apply when
 * missing and removed again on revert). Slots outside the layout are skipped. Commands with
 * the same non-zero @stroke merge (one pencil drag = one undo step).
 */
EditorCommand *editor_cmd_set_layout_new(EditorDocument *doc, lw_layer layer,
                                         const EditorLayoutEdit *edits, guint n, const char *label,
                                         guint stroke);

/**
 * Replace the whole level by @level (takes ownership) — for structural edits that renumber or
 * resize (resize, insert/remove rows and columns, remove unused chunks/tiles, chunk size,
 * revert). The level struct's address stays the same: contents are swapped.
 */
EditorCommand *editor_cmd_replace_level_new(EditorDocument *doc, lw_level *level,
                                            const char *label);

/** The same, for an edit that renumbers chunks or tiles as @remap says (old -> new ids, as
 * the compaction functions of level-ops.h give it; copied): the document's change carries it
 * on apply, and its inverse on undo, so tools and selections holding an id follow. Without a
 * remap (editor_cmd_replace_level_new) the ids past the new level's counts count as removed. */
EditorCommand *editor_cmd_replace_level_remap_new(EditorDocument *doc, lw_level *level,
                                                  const char *label, const EditorRemap *remap);

/* ---- chunks, tiles, masks ---- */

/** One chunk cell to set: chunk id, cell index (row * chunk_cells + column), the new cell. */
typedef struct EditorCellEdit {
    uint16_t chunk;
    uint16_t index;
    lw_cell cell;
} EditorCellEdit;

/** Set chunk cells (tile, flips, solidity). Same-stroke commands merge. NULL on a bad id. */
EditorCommand *editor_cmd_set_cells_new(EditorDocument *doc, const EditorCellEdit *edits, guint n,
                                        const char *label, guint stroke);

/** Append a chunk copied from @cells (chunk_cells^2 cells; NULL = empty). The new chunk's id
 * is the current chunk count. NULL and @error at the limit. */
EditorCommand *editor_cmd_add_chunk_new(EditorDocument *doc, const lw_cell *cells,
                                        const char *label, GError **error);

/** Append a tile; its id is the current tile count. NULL and @error at the limit. */
EditorCommand *editor_cmd_add_tile_new(EditorDocument *doc, const lw_tile *tile, const char *label,
                                       GError **error);

/** Replace tile @tile (art, masks per path, jump-through flag). NULL when @tile is unknown or a
 * mask index does not exist. */
EditorCommand *editor_cmd_set_tile_new(EditorDocument *doc, guint tile, const lw_tile *after,
                                       const char *label);

/** Append a mask (widths are derived). NULL and @error at the limit. */
EditorCommand *editor_cmd_add_mask_new(EditorDocument *doc, const lw_mask *mask, const char *label,
                                       GError **error);

/** Replace mask @mask (heights, angle, flags; widths derived). Same-stroke commands merge, so
 * a drag that edits column heights is one step. NULL on a bad id or heights out of range. */
EditorCommand *editor_cmd_set_mask_new(EditorDocument *doc, guint mask, const lw_mask *after,
                                       const char *label, guint stroke);

/* ---- objects ---- */

/**
 * Add a copy of @obj. When @obj->id is 0 a fresh id is chosen now (so redo re-creates the same
 * id); *@out_id (may be NULL) receives it. NULL when the id is taken or at the limit.
 */
EditorCommand *editor_cmd_add_object_new(EditorDocument *doc, const lw_object *obj,
                                         guint32 *out_id);

/** Remove object @id (kept by the command until undone). NULL when there is no such object. */
EditorCommand *editor_cmd_remove_object_new(EditorDocument *doc, guint32 id);

/** Move object @id to (@x, @y) px. Same-stroke moves merge (one drag = one step). */
EditorCommand *editor_cmd_move_object_new(EditorDocument *doc, guint32 id, int32_t x, int32_t y,
                                          guint stroke);

/** Replace object @after->id's fields (type, position, facing, swapper, name, properties).
 * NULL when there is no such object or the swapper settings are invalid. */
EditorCommand *editor_cmd_set_object_new(EditorDocument *doc, const lw_object *after,
                                         const char *label);

/* ---- level properties ---- */

/** The level settings edited as one swap command. */
typedef struct EditorLevelProps {
    char name[257];          /* display name, at most 256 bytes */
    char tileset[1025];      /* tileset path ("" = none), relative to the level file */
    uint32_t background_rgb; /* 0xRRGGBB */
    char profile[16];        /* game profile name */
    char character[16];      /* character name */
    gboolean has_water;      /* the level has water (docs/ENGINE.md "Water") */
    int32_t water_height;    /* px, 0..LW_MAX_WATER_HEIGHT; 0 without water */
} EditorLevelProps;

/** Read @level's settings into @props. */
void editor_level_props_get(const lw_level *level, EditorLevelProps *props);

/** Set the level settings to @after (a water height outside 0..LW_MAX_WATER_HEIGHT is clamped
 * into it; without water the height is 0). */
EditorCommand *editor_cmd_set_level_props_new(EditorDocument *doc, const EditorLevelProps *after);

G_END_DECLS
