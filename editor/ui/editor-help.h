#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The help window (F1): docs/EDITOR.md, compiled into the program's resources, shown as text
 * with its headings, lists, tables and code marked up — readable offline, the same words as
 * the documentation.
 */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** Show the help window for @parent (one per application; raised when open). */
GtkWindow *editor_help_show(GtkWindow *parent);

/** Pango markup for one line of Markdown (headings, **bold**, `code`, links as their text);
 * newly allocated. Exposed for tests. */
char *editor_help_markup_line(const char *line);

G_END_DECLS
