#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorCanvas: the level view. A GtkWidget (GtkScrollable, put it in a GtkScrolledWindow)
 * whose snapshot draws through the EditorRenderer with cairo; zoom (Ctrl+scroll, presets,
 * fit), panning (middle drag, space + drag), overlays, grids, selection and hover feedback.
 * Pointer input goes to the window's EditorTools, which build commands; the canvas repaints
 * from the document's `changed` signal, never because it just made an edit.
 */

#include "doc/editor-tools.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_CANVAS (editor_canvas_get_type())
G_DECLARE_FINAL_TYPE(EditorCanvas, editor_canvas, EDITOR, CANVAS, GtkWidget)

/** A canvas that draws with @renderer and feeds @tools (both borrowed, owned by the window). */
EditorCanvas *editor_canvas_new(EditorRenderer *renderer, EditorTools *tools);

/** Show @doc (a reference is kept). */
void editor_canvas_set_document(EditorCanvas *self, EditorDocument *doc);

double editor_canvas_get_zoom(EditorCanvas *self);
/** Set the zoom (0.125 .. 16) keeping the level point under widget point (@ax, @ay) in place
 * (@ax < 0: the centre). */
void editor_canvas_set_zoom(EditorCanvas *self, double zoom, double ax, double ay);
/** Zoom is always one of a fixed list of steps (12.5 % .. 1600 %); set_zoom snaps to the
 * nearest. *@steps receives the list; returns its length. */
guint editor_canvas_get_zoom_steps(const double **steps);
/** "25 %", "12.5 %" (newly allocated). */
char *editor_canvas_format_zoom(double zoom);
void editor_canvas_zoom_in(EditorCanvas *self);
void editor_canvas_zoom_out(EditorCanvas *self);
/** Largest zoom showing the whole level. */
void editor_canvas_zoom_fit(EditorCanvas *self);

guint editor_canvas_get_overlays(EditorCanvas *self);
void editor_canvas_set_overlays(EditorCanvas *self, guint overlays);

/** Centre the view on level pixel (@x, @y). */
void editor_canvas_center_on(EditorCanvas *self, double x, double y);

/** Show the level rectangle (@x, @y, @w, @h) px, centred, at the largest zoom step at which it
 * fills at most @fraction (0..1] of the view's width and height (the smallest step when none
 * does). Before the canvas has a size this is done at its first allocation, when the size is
 * known (a later editor_canvas_center_on before then cancels it). Until the view is moved
 * otherwise, a new size (a banner appearing, the window resized) fits the rectangle again. */
void editor_canvas_zoom_to_rect(EditorCanvas *self, double x, double y, double w, double h,
                                double fraction);

/** Set the zoom and centre the view on level pixel (@x, @y); the centre stays there when the
 * canvas's size changes, until the view is moved otherwise (a scroll, a pan, a zoom). */
void editor_canvas_show(EditorCanvas *self, double zoom, double x, double y);

/** The level pixel at the view's centre; before the first allocation, the one it will centre
 * on. */
void editor_canvas_get_center(EditorCanvas *self, double *x, double *y);

/** The visible level rectangle in px. */
void editor_canvas_get_view(EditorCanvas *self, double *x, double *y, double *w, double *h);

/** The level pixel under the pointer now; FALSE when the pointer is not over the canvas. */
gboolean editor_canvas_get_pointer(EditorCanvas *self, double *x, double *y);

/** Flash a marker at level pixel (@x, @y) (the issues panel's "jump to"). */
void editor_canvas_highlight(EditorCanvas *self, int32_t x, int32_t y);

/** Called once, after the first canvas frame with a level (start-up timing; NULL = none). */
extern void (*editor_canvas_first_frame_hook)(EditorCanvas *canvas);

G_END_DECLS
