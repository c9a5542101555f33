#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A marker object in the editor's view: a game object (docs/OBJECTS.md §2) drawn from the object
 * sprite sheet as it will look in test-play (a row of rings ring by ring, a bridge log by log, a
 * platform and spikes at their width, springs and spikes turned to their direction), a
 * disassembly object without a sprite (`disasm` = `object`, docs/DISASM.md §8.3) as a 32 px box
 * with its name, any other marker as a diamond with its name. Cairo only.
 */

#include <cairo.h>
#include <glib.h>
#include <loopwright/level.h>

G_BEGIN_DECLS

/** Draw @text with its baseline's left end at (@x, @y) in a @size px font, white on a dark box
 * (the labels of objects, swappers and the start). */
void editor_render_label(cairo_t *cr, double x, double y, const char *text, double size);

/** Draw marker @o with its origin at view point (@x, @y), @zoom view units per level px;
 * @selected outlines it. */
void editor_render_object_marker(cairo_t *cr, const lw_object *o, double x, double y, double zoom,
                                 gboolean selected);

/** Draw the player start @o (the standing player from the built-in sheet over its 19 x 39 box). */
void editor_render_object_start(cairo_t *cr, const lw_object *o, double x, double y, double zoom,
                                gboolean selected);

/**
 * The sprites of a level opened from a disassembly tree (docs/DISASM.md §11): the tree's object
 * art and mappings (editor/doc/disasm-sprites.h) as cairo surfaces, built on first use and kept.
 */
typedef struct EditorObjectSprites EditorObjectSprites;

/** The sprites of the level JSON at @level_path, or NULL when it has no `source` section or its
 * tree cannot be read (then @error, if any, says why). */
EditorObjectSprites *editor_object_sprites_new_for_file(const char *level_path, GError **error);

/** The sprites of level @section of the tree at @tree_root (NULL with @error as
 * editor_disasm_sprites_new). */
EditorObjectSprites *editor_object_sprites_new(const char *tree_root, const char *section,
                                               GError **error);

void editor_object_sprites_free(EditorObjectSprites *self);

/** The level the definitions' code may read (editor_disasm_sprites_set_level): set it again
 * after each change; NULL-safe. */
void editor_object_sprites_set_level(EditorObjectSprites *self, const lw_level *level);

/** Print the warnings not printed yet to stderr, one a line: "loopwright: TREE/FILE:LINE:
 * warning: MESSAGE" (the renderer calls it after drawing objects). */
void editor_object_sprites_report(EditorObjectSprites *self);

/** The warnings of the tree's object lists, art and mappings so far (for the Issues panel or a
 * test). Borrowed. */
const struct EditorDisasmSprites *editor_object_sprites_get_source(EditorObjectSprites *self);

/**
 * Draw imported marker @o (`disasm` = `object` or `ring`) of a tree level at view point (@x, @y)
 * (@zoom view units per level px) with its sprite and flips, or a placeholder box when the
 * tree gives it none, and its name under it (from zoom 0.5; the font follows the zoom). FALSE,
 * drawing nothing, when @o is no imported marker.
 */
gboolean editor_render_object_disasm(cairo_t *cr, EditorObjectSprites *sprites, const lw_object *o,
                                     double x, double y, double zoom, gboolean selected);

struct EditorDisasmSprite;

/**
 * The picture of imported marker @o (one ring of a ring record) as a cairo surface, built on first
 * use and kept by @self, and its geometry in *@sprite (both borrowed, valid while @self lives);
 * NULL (and *@sprite NULL) when the tree gives it none or @self is NULL. For a view that draws
 * the object elsewhere than its marker (test-play: where the engine moved it).
 */
cairo_surface_t *editor_object_sprites_get_surface(EditorObjectSprites *self, const lw_object *o,
                                                   const struct EditorDisasmSprite **sprite);

/** Draw @surf, the picture of @s, its origin at view point (@x, @y), @zoom view units per level
 * px, crisp (nearest-neighbour), mirrored left-right about the origin when @mirror. */
void editor_render_disasm_sprite(cairo_t *cr, cairo_surface_t *surf,
                                 const struct EditorDisasmSprite *s, double x, double y,
                                 double zoom, gboolean mirror);

G_END_DECLS
