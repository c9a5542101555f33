#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Import a terrain (or collision) picture into the level being edited: the masks library's
 * whole-level import (lwm_import_terrain, docs/MASKS.md §6 — the `loopwright import` engine)
 * builds masks, tiles, chunks, layout and a tileset from the picture; the result replaces this
 * level's terrain in one undoable step while its name, settings, path swappers, markers, physics
 * overrides and replays stay. No GTK.
 */

#include "editor-document.h"

#include <loopwright-masks/image.h>

G_BEGIN_DECLS

typedef struct EditorTerrainImport {
    /* Owned */
    lw_level *level;   /* the level the import makes (tileset path unset) */
    lwm_image tileset; /* its art cells */
    /* Summary */
    guint warnings; /* hole-policy and solidity warnings of the import */
    char first_warning[256];
    gboolean start_found; /* a floor for the player start was found */
} EditorTerrainImport;

/**
 * Read a solidity picture: alpha >= 128 is solid; a picture without alpha uses its top-left
 * pixel's colour as the empty colour (docs/MASKS.md §1). FALSE and @error when it cannot be read.
 */
gboolean editor_terrain_load_png(const char *path, lwm_image *out, GError **error);

/**
 * Run the import of @terrain (and the visible @art, NULL = the terrain itself) with @current's
 * chunk size; @neighbour_angles as `import` (FALSE = --own-angles). FALSE and @error when the
 * picture breaks a level limit.
 */
gboolean editor_terrain_import(const lw_level *current, const lwm_image *terrain,
                               const lwm_image *art, gboolean neighbour_angles,
                               EditorTerrainImport *out, GError **error);

void editor_terrain_import_clear(EditorTerrainImport *imp);

/**
 * Write @imp's tileset as a PNG named STEM-HASH.png in @dir (created when missing; the hash of
 * the picture makes the name unique and repeatable) and return its absolute path (newly
 * allocated), or NULL and @error. Saving the level copies it beside the level file.
 */
char *editor_terrain_write_tileset(const EditorTerrainImport *imp, const char *dir,
                                   const char *stem, GError **error);

/**
 * The level that results from applying @imp to @current with the tileset at @tileset_path: the
 * imported masks, tiles, chunks and layout (and size, and the player start when a floor was
 * found), with @current's name, tileset-independent settings, other objects, overrides and
 * replays. Returns a new level (NULL when out of memory).
 */
lw_level *editor_terrain_merge(const lw_level *current, const EditorTerrainImport *imp,
                               const char *tileset_path);

/** Import @imp into @doc as one undoable step ("Import Terrain"). */
void editor_document_apply_terrain(EditorDocument *doc, const EditorTerrainImport *imp,
                                   const char *tileset_path);

/** What becomes of objects that the import leaves outside the new level's size. */
typedef enum EditorOutsideObjects {
    EDITOR_OUTSIDE_KEEP,   /* left where they are (outside) */
    EDITOR_OUTSIDE_MOVE,   /* moved to the nearest point inside, 8 px from the edges */
    EDITOR_OUTSIDE_REMOVE, /* deleted */
} EditorOutsideObjects;

/** How many objects of @current would lie outside a level of @width x @height px, the player
 * start excepted when @start_moves (the import puts it on the new floor). */
guint editor_terrain_objects_outside(const lw_level *current, int32_t width, int32_t height,
                                     gboolean start_moves);

/** editor_document_apply_terrain(), and in the same undoable step the objects it leaves
 * outside the new level moved inside or removed (@outside). Returns how many were. */
guint editor_document_apply_terrain_full(EditorDocument *doc, const EditorTerrainImport *imp,
                                         const char *tileset_path, EditorOutsideObjects outside);

G_END_DECLS
