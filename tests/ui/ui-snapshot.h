#pragma once
/* SPDX-License-Identifier: MIT */
/* A picture of a widget for the ui suite's checks (GTK). */

#include <gtk/gtk.h>

/** Render @widget (mapped, in a toplevel) at its current size into a texture. A widget not drawn
 * yet gives no render node: the frame clock runs (up to about 4 s) until it has one, so a loaded
 * machine does not turn into a NULL node. Asserts on failure; unref the result. */
GdkTexture *ui_snapshot_texture(GtkWidget *widget);
