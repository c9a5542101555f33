/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-minimap"

#include "editor-minimap.h"

#include <math.h>

struct _EditorMinimap {
    GtkBox parent_instance;
    /* Borrowed */
    EditorDocument *doc;
    EditorRenderer *renderer;
    EditorCanvas *canvas;
    /* Template widgets */
    GtkDrawingArea *area;
};

enum { SIGNAL_NAVIGATED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorMinimap, editor_minimap, GTK_TYPE_BOX)

/* Level pixels to minimap pixels: the scale, and the offset that centres the level. */
static double minimap_scale(EditorMinimap *self, int w, int h, double *ox, double *oy)
{
    const lw_level *l = editor_document_get_level(self->doc);
    double s = MIN((double)w / lw_level_width_px(l), (double)h / lw_level_height_px(l));
    *ox = floor((w - lw_level_width_px(l) * s) / 2);
    *oy = floor((h - lw_level_height_px(l) * s) / 2);
    return s;
}

static gboolean redraw_later(gpointer widget)
{
    gtk_widget_queue_draw(widget);
    return G_SOURCE_REMOVE;
}

static void draw(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorMinimap *self = user;
    cairo_set_source_rgb(cr, 0.12, 0.12, 0.14);
    cairo_paint(cr);
    if (!self->doc || !self->renderer || !self->canvas)
        return;
    double ox, oy;
    double s = minimap_scale(self, w, h, &ox, &oy);
    cairo_save(cr);
    cairo_translate(cr, ox, oy);
    editor_renderer_set_mip_budget(self->renderer, 48);
    editor_renderer_draw_view(self->renderer, cr, 0, 0, s,
                              gtk_widget_get_scale_factor(GTK_WIDGET(area)), w, h, 0);
    gboolean pending = editor_renderer_get_mip_pending(self->renderer);
    editor_renderer_set_mip_budget(self->renderer, 0);
    if (pending) /* draw again once this frame is out (a queue_draw now would be dropped) */
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, redraw_later, g_object_ref(area), g_object_unref);
    editor_renderer_draw_objects(self->renderer, cr, 0, 0, s, EDITOR_OVERLAY_SWAPPERS, 0);
    double vx, vy, vw, vh;
    editor_canvas_get_view(self->canvas, &vx, &vy, &vw, &vh);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 1.5);
    cairo_rectangle(cr, vx * s, vy * s, vw * s, vh * s);
    cairo_stroke(cr);
    cairo_restore(cr);
}

void editor_minimap_navigate(EditorMinimap *self, double x, double y)
{
    if (!self->doc || !self->canvas)
        return;
    int w = gtk_widget_get_width(GTK_WIDGET(self->area)),
        h = gtk_widget_get_height(GTK_WIDGET(self->area));
    double ox, oy;
    double s = minimap_scale(self, w, h, &ox, &oy);
    double lx = (x - ox) / s, ly = (y - oy) / s;
    editor_canvas_center_on(self->canvas, lx, ly);
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
    g_signal_emit(self, signals[SIGNAL_NAVIGATED], 0, lx, ly);
}

static void drag_begin(GtkGestureDrag *g, double x, double y, EditorMinimap *self)
{
    editor_minimap_navigate(self, x, y);
}

static void drag_update(GtkGestureDrag *g, double dx, double dy, EditorMinimap *self)
{
    double x, y;
    gtk_gesture_drag_get_start_point(g, &x, &y);
    editor_minimap_navigate(self, x + dx, y + dy);
}

static void redraw(EditorMinimap *self)
{
    if (self->area)
        gtk_widget_queue_draw(GTK_WIDGET(self->area));
}

/* Handlers are connected with g_signal_connect_object: they go with the minimap, and a canvas
 * or document that goes first (the window's template disposes the canvas before the side panel)
 * takes its own handlers with it. */
static void forget_context(EditorMinimap *self)
{
    self->doc = NULL;
    self->canvas = NULL;
    self->renderer = NULL;
}

static void editor_minimap_dispose(GObject *object)
{
    EditorMinimap *self = EDITOR_MINIMAP(object);
    forget_context(self);
    gtk_widget_dispose_template(GTK_WIDGET(self), EDITOR_TYPE_MINIMAP);
    self->area = NULL;
    G_OBJECT_CLASS(editor_minimap_parent_class)->dispose(object);
}

static void editor_minimap_class_init(EditorMinimapClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = editor_minimap_dispose;
    /**
     * EditorMinimap::navigated:
     * @x: the level pixel the canvas is now centred on
     * @y: its y
     */
    signals[SIGNAL_NAVIGATED] =
        g_signal_new("navigated", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/editor-minimap.ui");
    gtk_widget_class_bind_template_child(widget_class, EditorMinimap, area);
    gtk_widget_class_bind_template_callback(widget_class, drag_begin);
    gtk_widget_class_bind_template_callback(widget_class, drag_update);
}

static void editor_minimap_init(EditorMinimap *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    gtk_drawing_area_set_draw_func(self->area, draw, self, NULL);
}

void editor_minimap_set_context(EditorMinimap *self, EditorDocument *doc, EditorRenderer *renderer,
                                EditorCanvas *canvas)
{
    g_return_if_fail(EDITOR_IS_MINIMAP(self));
    g_return_if_fail(self->doc == NULL); /* set once */
    self->doc = doc;
    self->renderer = renderer;
    self->canvas = canvas;
    if (doc)
        g_signal_connect_object(doc, "changed", G_CALLBACK(redraw), self, G_CONNECT_SWAPPED);
    if (canvas) {
        g_signal_connect_object(canvas, "cursor-moved", G_CALLBACK(redraw), self,
                                G_CONNECT_SWAPPED);
        g_signal_connect_object(canvas, "notify::zoom", G_CALLBACK(redraw), self,
                                G_CONNECT_SWAPPED);
        GtkAdjustment *adj[2] = {gtk_scrollable_get_hadjustment(GTK_SCROLLABLE(canvas)),
                                 gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(canvas))};
        for (int i = 0; i < 2; i++)
            if (adj[i])
                g_signal_connect_object(adj[i], "value-changed", G_CALLBACK(redraw), self,
                                        G_CONNECT_SWAPPED);
    }
    redraw(self);
}
