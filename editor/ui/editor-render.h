#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The one drawing module of the level canvas, palettes and minimap (ARCHITECTURE.md, "Drawing
 * pixel art on GTK 4.8"): the level drawn with cairo from image surfaces cached per chunk (and,
 * when zoomed out, per whole-level mip level), nearest-neighbour filtered when zoomed in, and
 * invalidated per chunk / layout slot from the document's `changed` descriptions. Uses cairo
 * only (no GTK), so benchmarks and tests drive it without a display; moving to GTK >= 4.10
 * scaled textures changes this file only.
 */

#include "doc/editor-change.h"

#include <cairo.h>
#include <loopwright-masks/image.h>

G_BEGIN_DECLS

typedef struct EditorRenderer EditorRenderer;

/** What a view draws besides the art (bit set). */
typedef enum EditorOverlay {
    EDITOR_OVERLAY_COLLISION_A = 1u << 0, /* path A solidity coloured by type */
    EDITOR_OVERLAY_COLLISION_B = 1u << 1, /* path B */
    EDITOR_OVERLAY_ANGLES = 1u << 2,      /* surface angle glyphs of the shown path */
    EDITOR_OVERLAY_OBJECTS = 1u << 3,     /* player start and markers */
    EDITOR_OVERLAY_SWAPPERS = 1u << 4,    /* path swappers and loop table chunks */
    EDITOR_OVERLAY_TILE_GRID = 1u << 5,   /* 16 px grid */
    EDITOR_OVERLAY_CHUNK_GRID = 1u << 6,  /* chunk boundaries */
    EDITOR_OVERLAY_WATER = 1u << 7,       /* the water surface and a tint below it (a level
                                             with water only) */
} EditorOverlay;

/** A renderer for one level (borrowed; it must outlive the renderer or be replaced). */
EditorRenderer *editor_renderer_new(const lw_level *level);
void editor_renderer_free(EditorRenderer *self);

/** Point the renderer at another level struct (drops every cache). */
void editor_renderer_set_level(EditorRenderer *self, const lw_level *level);

/** The level's JSON file (NULL: none): when it is a level from a disassembly tree, its objects
 * are drawn with the tree's sprites (docs/DISASM.md §11), read on the next draw of objects. */
void editor_renderer_set_level_file(EditorRenderer *self, const char *path);

/**
 * Load the tileset PNG (NULL = none: tiles draw as grey squares). Returns FALSE and sets
 * @error when the file cannot be read; the renderer then draws without art.
 */
gboolean editor_renderer_load_tileset(EditorRenderer *self, const char *png_path, GError **error);

/** The same with @doc's tileset, read through editor_document_load_art (a level's own tileset
 * must be inside its folder, checked on the file opened). No tileset, or a relative one in a
 * level never saved: no art, TRUE. */
gboolean editor_renderer_load_document_tileset(EditorRenderer *self, EditorDocument *doc,
                                               GError **error);

/** Whether the level's water tileset (`source.water_tileset`, docs/LEVEL-JSON.md) was loaded
 * with the tileset: the water overlay then draws the rows below the surface from it instead of
 * tinting them. */
gboolean editor_renderer_has_water_art(EditorRenderer *self);

/**
 * Limit how many whole-level mip slots one draw brings up to date (0 = no limit, the default).
 * Views that may show a partly built picture (the minimap) set a budget so a large level's
 * first frame is not held up, and draw again while editor_renderer_get_mip_pending() is TRUE.
 * Resets the pending flag.
 */
void editor_renderer_set_mip_budget(EditorRenderer *self, guint slots);
gboolean editor_renderer_get_mip_pending(EditorRenderer *self);

/** Number of 16x16 art cells in the loaded tileset (0 without one). */
guint editor_renderer_get_art_cell_count(EditorRenderer *self);
/** Art cells per tileset row. */
guint editor_renderer_get_art_columns(EditorRenderer *self);

/** The decoded tileset (width 0 without one); borrowed: the address stays valid for the
 * renderer's life, the pixels until the next editor_renderer_load_tileset. */
const lwm_image *editor_renderer_get_art(EditorRenderer *self);

/** Drop the caches that @change makes stale (call from the document's `changed`). */
void editor_renderer_invalidate(EditorRenderer *self, const EditorChange *change);

/** Drop every cache. */
void editor_renderer_invalidate_all(EditorRenderer *self);

/**
 * Draw the view: level pixel (@view_x, @view_y) at the top-left of a @width x @height area of
 * @cr (in @cr's user units), @zoom device... user units per level pixel. @device_scale is the
 * surface's scale (HiDPI) so the right mip level and filter are used. Draws art (both layers),
 * the collision overlays and angle glyphs named in @overlays and the grids; objects are drawn
 * by editor_renderer_draw_objects.
 */
void editor_renderer_draw_view(EditorRenderer *self, cairo_t *cr, double view_x, double view_y,
                               double zoom, double device_scale, int width, int height,
                               guint overlays);

/**
 * Draw objects (player start, markers, swappers as enabled in @overlays) in the same
 * coordinate system as editor_renderer_draw_view. @selected_id (0 = none) is highlighted.
 */
void editor_renderer_draw_objects(EditorRenderer *self, cairo_t *cr, double view_x, double view_y,
                                  double zoom, guint overlays, guint32 selected_id);

/**
 * Mark the foreground slots whose chunk has a loop table entry (lw_level.loop_chunks): a dashed
 * outline (orange: loop rules, cyan: tunnel, yellow: path B only) and, from @zoom 0.3, the rule
 * and path-B chunk; the coordinates of editor_renderer_draw_objects, the slots in @cr's clip.
 */
void editor_renderer_draw_loop_marks(EditorRenderer *self, cairo_t *cr, double view_x,
                                     double view_y, double zoom);

/** The art of chunk @chunk at 1:1 (chunk_px square), cached; borrowed until invalidated. */
cairo_surface_t *editor_renderer_get_chunk_surface(EditorRenderer *self, guint chunk);

/** Draw tile @tile (16x16 at (@x, @y) in @cr units of @size px) with optional mask overlay of
 * @path (-1 = none) and flips. */
void editor_renderer_draw_tile(EditorRenderer *self, cairo_t *cr, guint tile, double x, double y,
                               double size, guint8 flip_flags, int mask_path);

/** Draw art cell @cell of the tileset at (@x, @y), @size px square. */
void editor_renderer_draw_art_cell(EditorRenderer *self, cairo_t *cr, guint cell, double x,
                                   double y, double size);

/** Colour of a solidity type as cairo RGBA components (shared with the status bar legend). */
void editor_renderer_solidity_color(lw_solidity solidity, double rgba[4]);

G_END_DECLS
