/* SPDX-License-Identifier: MIT */
#include "ui-snapshot.h"

GdkTexture *ui_snapshot_texture(GtkWidget *widget)
{
    int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    g_assert_cmpint(w, >, 0);
    g_assert_cmpint(h, >, 0);
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    GskRenderNode *node = NULL;
    for (int tries = 0; !node && tries < 400; tries++) {
        GtkSnapshot *snapshot = gtk_snapshot_new();
        gdk_paintable_snapshot(paintable, snapshot, w, h);
        node = gtk_snapshot_free_to_node(snapshot);
        if (!node) {
            g_usleep(10000);
            while (g_main_context_iteration(NULL, FALSE))
                ;
        }
    }
    g_assert_nonnull(node);
    GskRenderer *renderer = gtk_native_get_renderer(gtk_widget_get_native(widget));
    GdkTexture *tex = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, w, h));
    gsk_render_node_unref(node);
    g_object_unref(paintable);
    return tex;
}
