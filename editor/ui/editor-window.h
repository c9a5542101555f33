#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorWindow: one window per open level. Holds the document, the renderer, the tools, the
 * canvas and the panels (chunk and tile palettes, minimap, properties, history, issues, status
 * bar). Window actions ("win.*") live here; document actions ("doc.*") come from the document.
 */

#include "doc/editor-app-clipboard.h"
#include "doc/editor-document.h"
#include "doc/level-check.h"
#include "editor-authoring.h"
#include "editor-canvas.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_WINDOW (editor_window_get_type())
G_DECLARE_FINAL_TYPE(EditorWindow, editor_window, EDITOR, WINDOW, GtkApplicationWindow)

/**
 * A window showing @doc (a reference is kept), pasting from @clipboard (shared by the
 * application's windows; may be NULL) and listing @recent (may be NULL) in its File menu.
 * Signals for the application: "file-saved" (path), "open-file" (path: a dropped file),
 * "open-document" (EditorDocument: to show in a window of its own).
 */
EditorWindow *editor_window_new(GtkApplication *app, EditorDocument *doc,
                                EditorClipboard *clipboard, GMenuModel *recent);

EditorDocument *editor_window_get_document(EditorWindow *self);
EditorCanvas *editor_window_get_canvas(EditorWindow *self);
EditorTools *editor_window_get_tools(EditorWindow *self);
EditorRenderer *editor_window_get_renderer(EditorWindow *self);
/** The window's mask and angle authoring (owned by the window). */
EditorAuthoring *editor_window_get_authoring(EditorWindow *self);

/** Show @error in a modal message dialog titled @title (GtkMessageDialog). */
void editor_window_show_error(EditorWindow *self, const char *title, const GError *error);

/**
 * The issues panel: replace the problems of @source ("check" is the built-in checker; other
 * checks use their own names) with @n problems. Each row jumps to its place when activated.
 */
void editor_window_set_issues(EditorWindow *self, const char *source,
                              const editor_problem *problems, guint n);

/** Number of issues listed (all sources). */
guint editor_window_get_issue_count(EditorWindow *self);

/** Jump to the issue at row @index (what clicking it does). */
void editor_window_activate_issue(EditorWindow *self, guint index);

/** Show @text in the status bar for a few seconds (the pointer's place then comes back). */
void editor_window_set_status(EditorWindow *self, const char *text);

/** The live part of the status bar: what is under the pointer, the zoom (tests). */
const char *editor_window_get_status_text(EditorWindow *self);

/** Whether the toolbar's view toggles are in its overflow menu (the window is narrow). */
gboolean editor_window_get_toolbar_overflow(EditorWindow *self);

/** Close without asking (after the user chose, or in tests). */
void editor_window_close_now(EditorWindow *self);

G_END_DECLS
