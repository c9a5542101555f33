#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * What the canvas draws over the level while a tool shows what it would do (the live previews):
 * the rectangle being dragged filled with its chunks, the slope line with its angle and the
 * masks it would give the cells, the loop preset's loop while its dialog is open, and a
 * floating paste. Everything shown comes from the GTK-free tools state
 * (editor_tools_preview_layout / _paints, the paste clip); nothing here touches the document.
 */

#include "doc/editor-tools.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** A rectangle outline (widget coordinates) with a dark halo, dashed or not. */
void editor_canvas_stroke_rect(cairo_t *cr, double x, double y, double w, double h, double r,
                               double g, double b, gboolean dashed);

/** Draw every preview of @tools on @cr, where level pixel p is at (p - @vx) * @z. */
void editor_canvas_draw_previews(cairo_t *cr, EditorRenderer *renderer, const lw_level *l,
                                 const EditorTools *tools, double vx, double vy, double z);

G_END_DECLS
