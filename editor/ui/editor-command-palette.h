#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The command palette (Ctrl+Shift+P): a search over every command of the actions table
 * (editor-actions.h) that the window can run now, by its title, section or name. Return runs
 * the first match, a click runs any; the palette closes after running one, Escape closes it.
 */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** Open the palette over @window (a GtkApplicationWindow; "doc." actions come from
 * @doc_actions, may be NULL). */
GtkWindow *editor_command_palette_open(GtkWindow *window, GActionGroup *doc_actions);

/** Show the commands matching @query (what typing in the palette does). */
void editor_command_palette_set_query(GtkWindow *palette, const char *query);

/** How many commands match the query now. */
guint editor_command_palette_get_match_count(GtkWindow *palette);

/** The detailed action name of the @index-th match, or NULL. */
const char *editor_command_palette_get_match(GtkWindow *palette, guint index);

/** Run the first match and close the palette (Return). FALSE when nothing matches. */
gboolean editor_command_palette_activate_first(GtkWindow *palette);

G_END_DECLS
