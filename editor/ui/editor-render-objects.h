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

/** Draw marker @o with its origin at view point (@x, @y), @zoom view units per level px;
 * @selected outlines it. */
void editor_render_object_marker(cairo_t *cr, const lw_object *o, double x, double y, double zoom,
                                 gboolean selected);

/** Draw the player start @o (the standing player from the built-in sheet over its 19 x 39 box). */
void editor_render_object_start(cairo_t *cr, const lw_object *o, double x, double y, double zoom,
                                gboolean selected);

G_END_DECLS
