/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-canvas"

#include "editor-canvas.h"

#include "doc/mask-ops.h"
#include "editor-canvas-preview.h"

#include <loopwright/fixed.h>
#include <math.h>

struct _EditorCanvas {
    GtkWidget parent_instance;

    /* Owned */
    EditorDocument *doc;
    GtkAdjustment *hadj, *vadj;
    /* Borrowed */
    EditorRenderer *renderer;
    EditorTools *tools;

    /* State */
    GtkScrollablePolicy hpolicy, vpolicy;
    double zoom;
    guint overlays;
    gboolean space_held, panning;
    double pan_h, pan_v;
    double drag_x, drag_y; /* widget coords of the drag start */
    double pointer_x, pointer_y;
    gboolean pointer_in;
    int32_t highlight_x, highlight_y;
    guint highlight_timeout;
    gboolean initial_view_done;  /* the first allocation centres the view on the player start */
    gboolean has_pending_center; /* centre_on before the first allocation */
    double pending_x, pending_y;
    gboolean has_pending_fit; /* zoom_to_rect before the first allocation */
    gboolean fit_live;        /* the view is still the rectangle's: a new size fits it again */
    gboolean hold_live; /* the view is still editor_canvas_show's: a new size keeps its centre */
    double hold_x, hold_y;
    double fit_x, fit_y, fit_w, fit_h, fit_fraction;
    int fit_width, fit_height; /* the canvas's size when it was fitted */
    guint own_change;          /* the canvas itself is moving the view (not the user) */
};

enum {
    PROP_0,
    PROP_ZOOM,
    PROP_OVERLAYS,
    N_PROPS,
    PROP_HADJUSTMENT = N_PROPS,
    PROP_VADJUSTMENT,
    PROP_HSCROLL_POLICY,
    PROP_VSCROLL_POLICY,
};

enum { SIGNAL_CURSOR_MOVED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE(EditorCanvas, editor_canvas, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static const double zoom_steps[] = {0.125, 0.25, 0.5, 1, 2, 3, 4, 6, 8, 12, 16};

/* ---- geometry ---- */

/* The level of the document shown (read only: edits go through commands). */
static const lw_level *doc_level(EditorCanvas *self)
{
    return self->doc ? editor_document_get_level(self->doc) : NULL;
}

/* Offsets that centre a level smaller than the widget. */
static void content_offset(EditorCanvas *self, double *ox, double *oy)
{
    const lw_level *l = doc_level(self);
    double w = gtk_widget_get_width(GTK_WIDGET(self)), h = gtk_widget_get_height(GTK_WIDGET(self));
    *ox = *oy = 0;
    if (!l)
        return;
    double cw = lw_level_width_px(l) * self->zoom, ch = lw_level_height_px(l) * self->zoom;
    if (cw < w)
        *ox = floor((w - cw) / 2);
    if (ch < h)
        *oy = floor((h - ch) / 2);
}

/* Level px at the widget's top-left corner (before the centring offset). */
static void view_origin(EditorCanvas *self, double *vx, double *vy)
{
    double ox, oy;
    content_offset(self, &ox, &oy);
    double h = self->hadj ? gtk_adjustment_get_value(self->hadj) : 0;
    double v = self->vadj ? gtk_adjustment_get_value(self->vadj) : 0;
    *vx = (h - ox) / self->zoom;
    *vy = (v - oy) / self->zoom;
}

static void widget_to_level(EditorCanvas *self, double wx, double wy, double *lx, double *ly)
{
    double vx, vy;
    view_origin(self, &vx, &vy);
    *lx = vx + wx / self->zoom;
    *ly = vy + wy / self->zoom;
}

static void configure_adjustments(EditorCanvas *self)
{
    self->own_change++;
    const lw_level *l = doc_level(self);
    double w = gtk_widget_get_width(GTK_WIDGET(self)), h = gtk_widget_get_height(GTK_WIDGET(self));
    double cw = l ? lw_level_width_px(l) * self->zoom : w;
    double ch = l ? lw_level_height_px(l) * self->zoom : h;
    if (self->hadj)
        gtk_adjustment_configure(self->hadj,
                                 CLAMP(gtk_adjustment_get_value(self->hadj), 0, MAX(cw - w, 0)), 0,
                                 MAX(cw, w), 16 * self->zoom, w * 0.9, w);
    if (self->vadj)
        gtk_adjustment_configure(self->vadj,
                                 CLAMP(gtk_adjustment_get_value(self->vadj), 0, MAX(ch - h, 0)), 0,
                                 MAX(ch, h), 16 * self->zoom, h * 0.9, h);
    self->own_change--;
}

/* ---- public API ---- */

double editor_canvas_get_zoom(EditorCanvas *self)
{
    return self->zoom;
}

/* The step nearest @zoom (in ratio). */
static double snap_zoom(double zoom)
{
    double best = zoom_steps[0];
    for (guint i = 0; i < G_N_ELEMENTS(zoom_steps); i++)
        if (fabs(log(zoom / zoom_steps[i])) < fabs(log(zoom / best)))
            best = zoom_steps[i];
    return best;
}

char *editor_canvas_format_zoom(double zoom)
{
    double pct = zoom * 100;
    if (fabs(pct - round(pct)) < 1e-6)
        return g_strdup_printf("%d %%", (int)round(pct));
    return g_strdup_printf("%.1f %%", pct);
}

guint editor_canvas_get_zoom_steps(const double **steps)
{
    *steps = zoom_steps;
    return G_N_ELEMENTS(zoom_steps);
}

static void zoom_step_at(EditorCanvas *self, int dir, double ax, double ay)
{
    if (dir > 0) {
        for (guint i = 0; i < G_N_ELEMENTS(zoom_steps); i++)
            if (zoom_steps[i] > self->zoom + 1e-6) {
                editor_canvas_set_zoom(self, zoom_steps[i], ax, ay);
                return;
            }
    } else {
        for (guint i = G_N_ELEMENTS(zoom_steps); i-- > 0;)
            if (zoom_steps[i] < self->zoom - 1e-6) {
                editor_canvas_set_zoom(self, zoom_steps[i], ax, ay);
                return;
            }
    }
}

void editor_canvas_set_zoom(EditorCanvas *self, double zoom, double ax, double ay)
{
    if (!(zoom > 0))
        return;
    zoom = snap_zoom(zoom);
    if (!self->own_change)
        self->fit_live = self->hold_live = FALSE;
    if (zoom == self->zoom)
        return;
    double w = gtk_widget_get_width(GTK_WIDGET(self)), h = gtk_widget_get_height(GTK_WIDGET(self));
    if (ax < 0) {
        ax = w / 2;
        ay = h / 2;
    }
    double lx, ly;
    widget_to_level(self, ax, ay, &lx, &ly);
    self->zoom = zoom;
    configure_adjustments(self);
    /* keep (lx, ly) under (ax, ay) */
    double ox, oy;
    content_offset(self, &ox, &oy);
    if (self->hadj)
        gtk_adjustment_set_value(self->hadj, lx * zoom + ox - ax);
    if (self->vadj)
        gtk_adjustment_set_value(self->vadj, ly * zoom + oy - ay);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_ZOOM]);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void editor_canvas_zoom_in(EditorCanvas *self)
{
    zoom_step_at(self, 1, -1, -1);
}

void editor_canvas_zoom_out(EditorCanvas *self)
{
    zoom_step_at(self, -1, -1, -1);
}

void editor_canvas_zoom_fit(EditorCanvas *self)
{
    const lw_level *l = doc_level(self);
    double w = gtk_widget_get_width(GTK_WIDGET(self)), h = gtk_widget_get_height(GTK_WIDGET(self));
    if (!l || w <= 0 || h <= 0)
        return;
    double z = MIN(w / lw_level_width_px(l), h / lw_level_height_px(l));
    /* the largest step that shows it all */
    double best = zoom_steps[0];
    for (guint i = 0; i < G_N_ELEMENTS(zoom_steps); i++)
        if (zoom_steps[i] <= z + 1e-9)
            best = zoom_steps[i];
    editor_canvas_set_zoom(self, best, -1, -1);
}

guint editor_canvas_get_overlays(EditorCanvas *self)
{
    return self->overlays;
}

void editor_canvas_set_overlays(EditorCanvas *self, guint overlays)
{
    if (self->overlays == overlays)
        return;
    self->overlays = overlays;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_OVERLAYS]);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void editor_canvas_center_on(EditorCanvas *self, double x, double y)
{
    double w = gtk_widget_get_width(GTK_WIDGET(self)), h = gtk_widget_get_height(GTK_WIDGET(self));
    if (!self->initial_view_done) {
        /* not allocated yet: the first allocation centres here instead of on the start (and
         * no longer fits an earlier rectangle) */
        self->has_pending_center = TRUE;
        self->has_pending_fit = FALSE;
        self->pending_x = x;
        self->pending_y = y;
        return;
    }
    if (!self->own_change)
        self->fit_live = self->hold_live = FALSE;
    double ox, oy;
    content_offset(self, &ox, &oy);
    if (self->hadj)
        gtk_adjustment_set_value(self->hadj, x * self->zoom + ox - w / 2);
    if (self->vadj)
        gtk_adjustment_set_value(self->vadj, y * self->zoom + oy - h / 2);
}

void editor_canvas_zoom_to_rect(EditorCanvas *self, double x, double y, double w, double h,
                                double fraction)
{
    g_return_if_fail(w > 0 && h > 0 && fraction > 0);
    if (!self->initial_view_done) {
        /* not allocated yet: the first allocation does it, once the view's size is known */
        self->has_pending_center = TRUE;
        self->pending_x = x + w / 2;
        self->pending_y = y + h / 2;
        self->has_pending_fit = TRUE;
        self->fit_x = x;
        self->fit_y = y;
        self->fit_w = w;
        self->fit_h = h;
        self->fit_fraction = fraction;
        return;
    }
    double vw = gtk_widget_get_width(GTK_WIDGET(self)),
           vh = gtk_widget_get_height(GTK_WIDGET(self));
    double fit = MIN(vw * fraction / w, vh * fraction / h);
    double z = zoom_steps[0];
    for (guint i = 0; i < G_N_ELEMENTS(zoom_steps); i++)
        if (zoom_steps[i] <= fit + 1e-9)
            z = zoom_steps[i];
    self->own_change++;
    editor_canvas_set_zoom(self, z, -1, -1);
    editor_canvas_center_on(self, x + w / 2, y + h / 2);
    self->own_change--;
    /* until the user moves the view, a new size (the chunk banner appearing, the window
     * resized) fits the rectangle again */
    self->fit_live = TRUE;
    self->hold_live = FALSE;
    self->fit_x = x;
    self->fit_y = y;
    self->fit_w = w;
    self->fit_h = h;
    self->fit_fraction = fraction;
    self->fit_width = (int)vw;
    self->fit_height = (int)vh;
}

void editor_canvas_show(EditorCanvas *self, double zoom, double x, double y)
{
    editor_canvas_set_zoom(self, zoom, -1, -1);
    editor_canvas_center_on(self, x, y);
    self->fit_live = FALSE;
    self->hold_live = TRUE;
    self->hold_x = x;
    self->hold_y = y;
}

/* Where the first allocation (@width px wide) centres the view: the player start a little left
 * of centre, else the level's middle; a centre asked for before it wins. */
static void initial_center(EditorCanvas *self, const lw_level *l, int width, double *x, double *y)
{
    *x = lw_level_width_px(l) / 2.0;
    *y = lw_level_height_px(l) / 2.0;
    for (guint i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_PLAYER_START) {
            /* the start a little left of centre, so the way ahead shows */
            *x = l->objects[i].x + width / (3.0 * self->zoom);
            *y = l->objects[i].y;
            break;
        }
    if (self->has_pending_center) {
        *x = self->pending_x;
        *y = self->pending_y;
    }
}

void editor_canvas_get_center(EditorCanvas *self, double *x, double *y)
{
    const lw_level *l = doc_level(self);
    if (!self->initial_view_done) {
        *x = *y = 0;
        if (l)
            initial_center(self, l, 0, x, y);
        return;
    }
    double vx, vy, vw, vh;
    editor_canvas_get_view(self, &vx, &vy, &vw, &vh);
    *x = vx + vw / 2;
    *y = vy + vh / 2;
}

void editor_canvas_get_view(EditorCanvas *self, double *x, double *y, double *w, double *h)
{
    view_origin(self, x, y);
    *w = gtk_widget_get_width(GTK_WIDGET(self)) / self->zoom;
    *h = gtk_widget_get_height(GTK_WIDGET(self)) / self->zoom;
}

gboolean editor_canvas_get_pointer(EditorCanvas *self, double *x, double *y)
{
    if (!self->pointer_in)
        return FALSE;
    widget_to_level(self, self->pointer_x, self->pointer_y, x, y);
    return TRUE;
}

static gboolean highlight_done(gpointer data)
{
    EditorCanvas *self = data;
    self->highlight_timeout = 0;
    gtk_widget_queue_draw(GTK_WIDGET(self));
    return G_SOURCE_REMOVE;
}

void editor_canvas_highlight(EditorCanvas *self, int32_t x, int32_t y)
{
    self->highlight_x = x;
    self->highlight_y = y;
    g_clear_handle_id(&self->highlight_timeout, g_source_remove);
    self->highlight_timeout = g_timeout_add(2500, highlight_done, self);
    editor_canvas_center_on(self, x, y);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* ---- document ---- */

static void on_doc_changed(EditorCanvas *self, EditorChange *change)
{
    if (change->flags & EDITOR_CHANGE_EVERYTHING)
        configure_adjustments(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void editor_canvas_set_document(EditorCanvas *self, EditorDocument *doc)
{
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    g_set_object(&self->doc, doc);
    if (doc)
        g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self,
                                G_CONNECT_SWAPPED);
    configure_adjustments(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* ---- drawing ---- */

void (*editor_canvas_first_frame_hook)(EditorCanvas *canvas);

static void editor_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    EditorCanvas *self = EDITOR_CANVAS(widget);
    if (editor_canvas_first_frame_hook && self->doc) {
        void (*hook)(EditorCanvas *) = editor_canvas_first_frame_hook;
        editor_canvas_first_frame_hook = NULL;
        /* after this frame is drawn */
        g_idle_add_once((GSourceOnceFunc)hook, self); /* the hook quits the application */
    }
    int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    if (w <= 0 || h <= 0)
        return;
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, w, h));
    const lw_level *l = doc_level(self);
    cairo_set_source_rgb(cr, 0.16, 0.16, 0.18);
    cairo_paint(cr);
    if (!l) {
        cairo_destroy(cr);
        return;
    }
    double ox, oy, vx, vy;
    content_offset(self, &ox, &oy);
    view_origin(self, &vx, &vy);
    double z = self->zoom;
    int scale = gtk_widget_get_scale_factor(widget);
    /* draw in a translated system so the level's origin lands on whole device pixels */
    double sx = vx + ox / z, sy = vy + oy / z; /* level px at widget (ox, oy) */
    cairo_save(cr);
    cairo_translate(cr, ox, oy);
    editor_renderer_draw_view(self->renderer, cr, sx, sy, z, scale, w - (int)ox, h - (int)oy,
                              self->overlays);
    cairo_restore(cr);
    /* everything below works in widget coords: level px p -> (p - vx) * z */
#define WX(px) (((px)-vx) * z)
#define WY(py) (((py)-vy) * z)
    EditorTools *t = self->tools;
    int cpx = l->chunk_px;
    if (t->editing_chunk) {
        /* dim everything but the chunk being edited */
        double ex = WX(t->edit_slot_x * (double)cpx), ey = WY(t->edit_slot_y * (double)cpx);
        cairo_save(cr);
        cairo_rectangle(cr, 0, 0, w, h);
        cairo_rectangle(cr, ex, ey, cpx * z, cpx * z);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
        cairo_set_source_rgba(cr, 0, 0, 0, 0.55);
        cairo_fill(cr);
        cairo_restore(cr);
        if (z * 16 >= 6) {
            cairo_save(cr);
            cairo_set_source_rgba(cr, 1, 1, 1, 0.25);
            cairo_set_line_width(cr, 1);
            for (int i = 1; i < l->chunk_cells; i++) {
                double gx = round(ex + i * 16 * z) + 0.5, gy = round(ey + i * 16 * z) + 0.5;
                cairo_move_to(cr, gx, ey);
                cairo_line_to(cr, gx, ey + cpx * z);
                cairo_move_to(cr, ex, gy);
                cairo_line_to(cr, ex + cpx * z, gy);
            }
            cairo_stroke(cr);
            cairo_restore(cr);
        }
        editor_canvas_stroke_rect(cr, ex - 2, ey - 2, cpx * z + 4, cpx * z + 4, 1, 0.85, 0.2,
                                  FALSE);
        if (t->cell_selection.w > 0)
            editor_canvas_stroke_rect(
                cr, ex + t->cell_selection.x * 16 * z, ey + t->cell_selection.y * 16 * z,
                t->cell_selection.w * 16 * z, t->cell_selection.h * 16 * z, 0.4, 0.9, 1, TRUE);
    }
    editor_renderer_draw_objects(self->renderer, cr, vx, vy, z, self->overlays, t->selected_object);
    if (t->slot_selection.w > 0 && !t->editing_chunk)
        editor_canvas_stroke_rect(
            cr, WX(t->slot_selection.x * (double)cpx), WY(t->slot_selection.y * (double)cpx),
            t->slot_selection.w * cpx * z, t->slot_selection.h * cpx * z, 0.4, 0.9, 1, TRUE);
    editor_canvas_draw_previews(cr, self->renderer, l, t, vx, vy, z);
    if (self->pointer_in && !self->panning) {
        double lx, ly;
        widget_to_level(self, self->pointer_x, self->pointer_y, &lx, &ly);
        if (lx >= 0 && ly >= 0 && lx < lw_level_width_px(l) && ly < lw_level_height_px(l)) {
            if (t->editing_chunk || t->kind == EDITOR_TOOL_SLOPE)
                editor_canvas_stroke_rect(cr, WX(floor(lx / 16) * 16), WY(floor(ly / 16) * 16),
                                          16 * z, 16 * z, 1, 1, 1, FALSE);
            else if (t->kind != EDITOR_TOOL_OBJECT)
                editor_canvas_stroke_rect(cr, WX(floor(lx / cpx) * cpx), WY(floor(ly / cpx) * cpx),
                                          cpx * z, cpx * z, 1, 1, 1, FALSE);
        }
    }
    if (self->highlight_timeout) {
        cairo_set_source_rgb(cr, 1, 0.2, 0.2);
        cairo_set_line_width(cr, 3);
        cairo_arc(cr, WX(self->highlight_x), WY(self->highlight_y), 14, 0, 2 * G_PI);
        cairo_stroke(cr);
    }
#undef WX
#undef WY
    cairo_destroy(cr);
}

static void editor_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    EditorCanvas *self = EDITOR_CANVAS(widget);
    configure_adjustments(self);
    const lw_level *l = doc_level(self);
    if (!self->initial_view_done && l && width > 1 && height > 1) {
        self->initial_view_done = TRUE;
        double x, y;
        initial_center(self, l, width, &x, &y);
        editor_canvas_center_on(self, x, y);
        if (self->has_pending_fit) {
            self->has_pending_fit = FALSE;
            editor_canvas_zoom_to_rect(self, self->fit_x, self->fit_y, self->fit_w, self->fit_h,
                                       self->fit_fraction);
        }
    } else if (self->fit_live && width > 1 && height > 1 &&
               (width != self->fit_width || height != self->fit_height)) {
        editor_canvas_zoom_to_rect(self, self->fit_x, self->fit_y, self->fit_w, self->fit_h,
                                   self->fit_fraction);
    } else if (self->hold_live && width > 1 && height > 1) {
        self->own_change++;
        editor_canvas_center_on(self, self->hold_x, self->hold_y);
        self->own_change--;
    }
}

/* ---- input ---- */

static void set_cursor_name(EditorCanvas *self, const char *name)
{
    gtk_widget_set_cursor_from_name(GTK_WIDGET(self), name);
}

static void drag_begin(GtkGestureDrag *gesture, double x, double y, EditorCanvas *self)
{
    guint button = gtk_gesture_single_get_current_button(GTK_GESTURE_SINGLE(gesture));
    gtk_widget_grab_focus(GTK_WIDGET(self));
    self->drag_x = x;
    self->drag_y = y;
    if (button == 2 || (button == 1 && self->space_held)) {
        self->panning = TRUE;
        self->pan_h = gtk_adjustment_get_value(self->hadj);
        self->pan_v = gtk_adjustment_get_value(self->vadj);
        set_cursor_name(self, "grabbing");
        return;
    }
    double lx, ly;
    widget_to_level(self, x, y, &lx, &ly);
    GdkModifierType mods =
        gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(gesture));
    self->tools->slope_chain = (mods & GDK_SHIFT_MASK) != 0;
    editor_tools_press(self->tools, (int32_t)floor(lx), (int32_t)floor(ly), button);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void drag_update(GtkGestureDrag *gesture, double dx, double dy, EditorCanvas *self)
{
    if (self->panning) {
        gtk_adjustment_set_value(self->hadj, self->pan_h - dx);
        gtk_adjustment_set_value(self->vadj, self->pan_v - dy);
        return;
    }
    double lx, ly;
    widget_to_level(self, self->drag_x + dx, self->drag_y + dy, &lx, &ly);
    editor_tools_motion(self->tools, (int32_t)floor(lx), (int32_t)floor(ly));
}

static void drag_end(GtkGestureDrag *gesture, double dx, double dy, EditorCanvas *self)
{
    if (self->panning) {
        self->panning = FALSE;
        set_cursor_name(self, self->space_held ? "grab" : NULL);
        return;
    }
    double lx, ly;
    widget_to_level(self, self->drag_x + dx, self->drag_y + dy, &lx, &ly);
    editor_tools_release(self->tools, (int32_t)floor(lx), (int32_t)floor(ly));
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void click_pressed(GtkGestureClick *gesture, int n_press, double x, double y,
                          EditorCanvas *self)
{
    if (n_press != 2)
        return;
    const lw_level *l = doc_level(self);
    double lx, ly;
    widget_to_level(self, x, y, &lx, &ly);
    if (!l || lx < 0 || ly < 0 || lx >= lw_level_width_px(l) || ly >= lw_level_height_px(l))
        return;
    guint sx = (guint)lx >> l->chunk_shift, sy = (guint)ly >> l->chunk_shift;
    EditorTools *t = self->tools;
    if (t->editing_chunk && sx == t->edit_slot_x && sy == t->edit_slot_y)
        return;
    if (t->kind == EDITOR_TOOL_OBJECT)
        return;
    /* double-click: edit this chunk in place (a second double-click elsewhere moves on). The
     * clicks themselves went to the painting tool first: take back what they painted. */
    if (!t->editing_chunk)
        editor_tools_undo_click(t);
    editor_tools_edit_chunk_at(t, sx, sy);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void motion(GtkEventControllerMotion *c, double x, double y, EditorCanvas *self)
{
    self->pointer_x = x;
    self->pointer_y = y;
    self->pointer_in = TRUE;
    double lx, ly;
    widget_to_level(self, x, y, &lx, &ly);
    if (!self->tools->dragging)
        editor_tools_hover(self->tools, (int32_t)floor(lx), (int32_t)floor(ly));
    g_signal_emit(self, signals[SIGNAL_CURSOR_MOVED], 0, lx, ly);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void leave(GtkEventControllerMotion *c, EditorCanvas *self)
{
    self->pointer_in = FALSE;
    g_signal_emit(self, signals[SIGNAL_CURSOR_MOVED], 0, -1.0, -1.0);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static gboolean scroll(GtkEventControllerScroll *c, double dx, double dy, EditorCanvas *self)
{
    GdkModifierType mods = gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(c));
    if (!(mods & GDK_CONTROL_MASK))
        return FALSE; /* plain scrolling goes to the scrolled window */
    zoom_step_at(self, dy < 0 ? 1 : -1, self->pointer_x, self->pointer_y);
    return TRUE;
}

static gboolean key_pressed(GtkEventControllerKey *c, guint keyval, guint keycode,
                            GdkModifierType state, EditorCanvas *self)
{
    if (keyval == GDK_KEY_space) {
        if (!self->space_held) {
            self->space_held = TRUE;
            set_cursor_name(self, "grab");
        }
        return TRUE;
    }
    if (keyval == GDK_KEY_Escape) {
        editor_tools_escape(self->tools);
        gtk_widget_queue_draw(GTK_WIDGET(self));
        return TRUE;
    }
    return FALSE;
}

static void key_released(GtkEventControllerKey *c, guint keyval, guint keycode,
                         GdkModifierType state, EditorCanvas *self)
{
    if (keyval == GDK_KEY_space) {
        self->space_held = FALSE;
        if (!self->panning)
            set_cursor_name(self, NULL);
    }
}

/* ---- GObject ---- */

/* A scrollbar, a pan or a scroll moved the view: it is no longer a fitted rectangle's. */
static void view_moved(EditorCanvas *self)
{
    if (!self->own_change)
        self->fit_live = self->hold_live = FALSE;
}

static void set_adjustment(EditorCanvas *self, GtkAdjustment **slot, GtkAdjustment *adj)
{
    if (*slot == adj)
        return;
    if (*slot)
        g_signal_handlers_disconnect_by_data(*slot, self);
    g_clear_object(slot);
    if (adj) {
        *slot = g_object_ref_sink(adj);
        g_signal_connect_swapped(adj, "value-changed", G_CALLBACK(gtk_widget_queue_draw), self);
        g_signal_connect_swapped(adj, "value-changed", G_CALLBACK(view_moved), self);
    }
    configure_adjustments(self);
}

static void editor_canvas_set_property(GObject *object, guint id, const GValue *value,
                                       GParamSpec *pspec)
{
    EditorCanvas *self = EDITOR_CANVAS(object);
    switch (id) {
    case PROP_ZOOM:
        editor_canvas_set_zoom(self, g_value_get_double(value), -1, -1);
        break;
    case PROP_OVERLAYS:
        editor_canvas_set_overlays(self, g_value_get_uint(value));
        break;
    case PROP_HADJUSTMENT:
        set_adjustment(self, &self->hadj, g_value_get_object(value));
        break;
    case PROP_VADJUSTMENT:
        set_adjustment(self, &self->vadj, g_value_get_object(value));
        break;
    case PROP_HSCROLL_POLICY:
        self->hpolicy = g_value_get_enum(value);
        break;
    case PROP_VSCROLL_POLICY:
        self->vpolicy = g_value_get_enum(value);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void editor_canvas_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    EditorCanvas *self = EDITOR_CANVAS(object);
    switch (id) {
    case PROP_ZOOM:
        g_value_set_double(value, self->zoom);
        break;
    case PROP_OVERLAYS:
        g_value_set_uint(value, self->overlays);
        break;
    case PROP_HADJUSTMENT:
        g_value_set_object(value, self->hadj);
        break;
    case PROP_VADJUSTMENT:
        g_value_set_object(value, self->vadj);
        break;
    case PROP_HSCROLL_POLICY:
        g_value_set_enum(value, self->hpolicy);
        break;
    case PROP_VSCROLL_POLICY:
        g_value_set_enum(value, self->vpolicy);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void editor_canvas_dispose(GObject *object)
{
    EditorCanvas *self = EDITOR_CANVAS(object);
    g_clear_handle_id(&self->highlight_timeout, g_source_remove);
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    g_clear_object(&self->doc);
    if (self->hadj)
        g_signal_handlers_disconnect_by_data(self->hadj, self);
    if (self->vadj)
        g_signal_handlers_disconnect_by_data(self->vadj, self);
    g_clear_object(&self->hadj);
    g_clear_object(&self->vadj);
    G_OBJECT_CLASS(editor_canvas_parent_class)->dispose(object);
}

static void editor_canvas_class_init(EditorCanvasClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = editor_canvas_dispose;
    object_class->set_property = editor_canvas_set_property;
    object_class->get_property = editor_canvas_get_property;
    widget_class->snapshot = editor_canvas_snapshot;
    widget_class->size_allocate = editor_canvas_size_allocate;

    properties[PROP_ZOOM] =
        g_param_spec_double("zoom", NULL, NULL, 0.0625, 16, 1,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    properties[PROP_OVERLAYS] =
        g_param_spec_uint("overlays", NULL, NULL, 0, G_MAXUINT, 0,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

    /**
     * EditorCanvas::cursor-moved:
     * @x, @y: level pixel under the pointer, or -1, -1 when it left
     */
    signals[SIGNAL_CURSOR_MOVED] =
        g_signal_new("cursor-moved", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
    gtk_widget_class_set_css_name(widget_class, "editor-canvas");
}

static void editor_canvas_init(EditorCanvas *self)
{
    self->zoom = 1;
    self->overlays = EDITOR_OVERLAY_OBJECTS | EDITOR_OVERLAY_SWAPPERS | EDITOR_OVERLAY_CHUNK_GRID |
                     EDITOR_OVERLAY_WATER;
    GtkWidget *w = GTK_WIDGET(self);
    gtk_widget_set_focusable(w, TRUE);
    gtk_widget_set_hexpand(w, TRUE);
    gtk_widget_set_vexpand(w, TRUE);

    GtkGesture *drag = gtk_gesture_drag_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(drag), 0);
    g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), self);
    g_signal_connect(drag, "drag-update", G_CALLBACK(drag_update), self);
    g_signal_connect(drag, "drag-end", G_CALLBACK(drag_end), self);
    gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(drag));

    GtkGesture *click = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), 1);
    g_signal_connect(click, "pressed", G_CALLBACK(click_pressed), self);
    gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(click));

    GtkEventController *m = gtk_event_controller_motion_new();
    g_signal_connect(m, "motion", G_CALLBACK(motion), self);
    g_signal_connect(m, "leave", G_CALLBACK(leave), self);
    gtk_widget_add_controller(w, m);

    GtkEventController *s = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    g_signal_connect(s, "scroll", G_CALLBACK(scroll), self);
    gtk_widget_add_controller(w, s);

    GtkEventController *k = gtk_event_controller_key_new();
    g_signal_connect(k, "key-pressed", G_CALLBACK(key_pressed), self);
    g_signal_connect(k, "key-released", G_CALLBACK(key_released), self);
    gtk_widget_add_controller(w, k);
}

EditorCanvas *editor_canvas_new(EditorRenderer *renderer, EditorTools *tools)
{
    EditorCanvas *self = g_object_new(EDITOR_TYPE_CANVAS, NULL);
    self->renderer = renderer;
    self->tools = tools;
    return self;
}
