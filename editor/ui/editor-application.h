#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorApplication: the GtkApplication. One window per open level, app actions (new, open,
 * quit, about, recent files), accelerators for every command, the autosave timer writing
 * recovery files, and the offer to recover after a crash. Hidden options for automation:
 * --run-action=ACTION (repeatable; "win.tool('fill')" syntax) runs actions on the first window
 * after it opens; --autosave-interval=SECONDS.
 */

#include "doc/editor-app-clipboard.h"
#include "doc/editor-document.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_APPLICATION (editor_application_get_type())
G_DECLARE_FINAL_TYPE(EditorApplication, editor_application, EDITOR, APPLICATION, GtkApplication)

EditorApplication *editor_application_new(void);

/** Open @path in a new window of the running application (errors shown in a dialog).
 * Returns the window, or NULL when the file could not be opened. */
GtkWindow *editor_application_open_path(const char *path);

/** Open a window on @doc. */
GtkWindow *editor_application_open_document(EditorApplication *self, EditorDocument *doc);

/** Remember @path in the recent files list. */
void editor_application_note_recent(const char *path);

/** The recent files menu shared by every window (borrowed). */
GMenuModel *editor_application_get_recent_menu(void);

/** The application's block clipboard, shared by every window (borrowed; NULL without an
 * EditorApplication). */
EditorClipboard *editor_application_get_clipboard(void);

/** Write recovery files for every modified document now (what the autosave timer does). */
void editor_application_autosave_now(EditorApplication *self);

/** Recovery files found at start-up that have not been handled yet. */
guint editor_application_get_pending_recovery_count(EditorApplication *self);

/** When the process started (g_get_monotonic_time), for --exit-after-first-frame. */
void editor_application_set_process_start(gint64 monotonic_us);

G_END_DECLS
