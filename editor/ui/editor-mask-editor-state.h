#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The mask editor's own state, shared by its two files and by nothing else:
 * editor-mask-editor.c (text and state, edits, construction, the public API) and
 * editor-mask-views.c (the grid, dial, flip previews and probe: drawing and pointer input).
 * It is part of the editor-mask-editor module (scripts/check-include-cycles counts NAME-state.h as
 * NAME's).
 */

#include "doc/editor-commands-mask.h"
#include "doc/mask-ops.h"
#include "editor-mask-editor-grid.h"
#include "editor-mask-editor.h"

#include <loopwright-masks/masks.h>
#include <loopwright/fixed.h>
#include <loopwright/sensor.h>

#define THUMB         64  /* flip preview tile size */
#define PROBE_LABEL   100 /* probe table: row label width */
#define PROBE_COL_MIN 20  /* probe table: column width, the least (it grows with the room) */
#define PROBE_COL_MAX 30
#define PROBE_ROW     34

struct _EditorMaskEditor {
    GtkWindow parent_instance;

    /* Borrowed (the editor window outlives us: we are destroyed with it) */
    EditorRenderer *renderer; /* borrowed: the editor window's art */
    EditorDocument *doc;

    /* Widgets */
    GtkLabel *title_label;
    GtkLabel *share_label;
    GtkWidget *share_button;
    GtkDrawingArea *grid;
    GtkDrawingArea *dial;
    GtkDrawingArea *probe;
    GtkDrawingArea *thumbs[4];
    GtkToggleButton *view_buttons[4];
    GtkEntry *angle_entry;
    GtkLabel *angle_label;
    GtkLabel *lock_label;
    GtkLabel *hover_label;
    GtkSpinButton *gap_spin;

    /* State */
    guint tile;
    guint path;
    guint8 view_flips;
    gboolean widths_view;
    int probe_gap;
    gboolean updating;
    gboolean wide; /* the screen has room for the angle and the flips side by side */
    /* drag */
    gboolean dragging;
    guint button;
    guint stroke;
    int last_col, last_row;
    double drag_x, drag_y; /* where the grid drag began, px in the grid's area */
    int hover_col, hover_row;
    guint dial_stroke;
};

/* editor-mask-editor.c */
const lw_level *editor_mask_editor_doc_level(EditorMaskEditor *self);
gboolean editor_mask_editor_view_mask(EditorMaskEditor *self, lw_mask *out);

/* editor-mask-views.c */
EditorMaskGrid editor_mask_editor_grid_geometry(EditorMaskEditor *self);
void editor_mask_editor_dial_drag_begin(GtkGestureDrag *g, double x, double y,
                                        EditorMaskEditor *self);
void editor_mask_editor_dial_drag_update(GtkGestureDrag *g, double dx, double dy,
                                         EditorMaskEditor *self);
void editor_mask_editor_draw_dial(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user);
void editor_mask_editor_draw_grid(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user);
void editor_mask_editor_draw_probe(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user);
void editor_mask_editor_draw_thumb(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user);
void editor_mask_editor_gap_changed(GtkSpinButton *spin, EditorMaskEditor *self);
void editor_mask_editor_grid_drag_begin(GtkGestureDrag *g, double x, double y,
                                        EditorMaskEditor *self);
void editor_mask_editor_grid_drag_end(GtkGestureDrag *g, double dx, double dy,
                                      EditorMaskEditor *self);
void editor_mask_editor_grid_drag_update(GtkGestureDrag *g, double dx, double dy,
                                         EditorMaskEditor *self);
void editor_mask_editor_grid_leave(GtkEventControllerMotion *c, EditorMaskEditor *self);
void editor_mask_editor_grid_motion(GtkEventControllerMotion *c, double x, double y,
                                    EditorMaskEditor *self);
void editor_mask_editor_thumb_pressed(GtkGestureClick *g, int n, double x, double y,
                                      EditorMaskEditor *self);
void editor_mask_editor_view_toggled(GtkToggleButton *b, EditorMaskEditor *self);
