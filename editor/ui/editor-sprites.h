#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Sprite sheets as cairo surfaces, and drawing one cell of them crisply (nearest-neighbour, so a
 * sprite keeps its exact colours at any zoom and in 45-degree turns): the built-in sheets that
 * tools/gen-sprites.c draws (data/sprites/, compiled into the GResource) and a level's own player
 * sheet (`player_sprites` in the level JSON). Layouts: editor/doc/player-anim.h (the player) and
 * editor/doc/object-sprites.h (objects). Cairo and GIO only, no GTK widgets.
 */

#include "doc/object-sprites.h"
#include "doc/player-anim.h"

#include <cairo.h>
#include <glib.h>
#include <loopwright/level.h>

G_BEGIN_DECLS

typedef enum EditorSpriteSheet {
    EDITOR_SPRITES_PLAYER = 0,
    EDITOR_SPRITES_OBJECTS = 1,
} EditorSpriteSheet;

/** The built-in sheet @which, loaded once (borrowed, lives until exit); NULL if the resource is
 * missing or unreadable. */
cairo_surface_t *editor_sprites_builtin(EditorSpriteSheet which);

/**
 * Load a player sheet from @png_path: a regular file (lwm_file_read: no FIFO, at most
 * LWM_MAX_PNG_FILE_BYTES), a PNG of at most 4096 px a side whose sides are multiples of
 * EDITOR_SPRITE_CELL and with a row for every animation (docs/OBJECTS.md §17). A new surface,
 * or NULL and @error naming the problem (without the file name).
 */
cairo_surface_t *editor_sprites_load_player_png(const char *png_path, GError **error);

/**
 * Load the player sheet @sheet (as the level writes it: relative to the level's folder, or an
 * absolute path picked in this session) of the level saved at @level_path, read as the level's
 * tileset is (editor_level_file_read, real-path.h): a relative path must stay inside the level's
 * folder, judged on the file actually opened, so a symbolic link pointing outside (also one
 * swapped in after the level loaded) is refused, G_IO_ERROR_PERMISSION_DENIED, and never read.
 * Then the checks of editor_sprites_load_player_png. A new surface, or NULL and @error naming
 * the sheet as the level writes it (not the level file).
 */
cairo_surface_t *editor_sprites_load_player_for_level(const char *level_path, const char *sheet,
                                                      GError **error);

/**
 * The player sheet for @level saved at @level_path (either may be NULL): its own
 * `player_sprites` when it loads (editor_sprites_load_player_for_level), else the built-in sheet;
 * why it did not load goes to stderr as "loopwright: LEVEL: message", once per file version.
 * The last sheet loaded is cached by its absolute path and the file it names (device, inode,
 * size, time), so calling this every frame is cheap. Borrowed.
 */
cairo_surface_t *editor_sprites_player_for_level(const lw_level *level, const char *level_path);

/**
 * Draw cell (@col, @row) of @sheet with its centre at (@x, @y) in @cr's units, @scale units per
 * sheet px (@stretch_x more horizontally), mirrored left-right when @mirror, then turned
 * clockwise by hex angle @rotation.
 */
void editor_sprites_draw_cell(cairo_t *cr, cairo_surface_t *sheet, guint col, guint row, double x,
                              double y, double scale, double stretch_x, uint8_t rotation,
                              gboolean mirror);

/** Draw the player in @pose from @sheet, its centre pixel's top-left corner at (@x, @y). */
void editor_sprites_draw_player(cairo_t *cr, cairo_surface_t *sheet, const EditorPlayerPose *pose,
                                double x, double y, double scale);

G_END_DECLS
