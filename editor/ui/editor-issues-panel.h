#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorIssuesPanel: the Issues panel (a GtkBox from editor-issues-panel.ui). It lists what
 * `loopwright check` finds in the document's level — and the saved replays that now end
 * differently — re-run a moment after each change of the document (or at once with
 * editor_issues_panel_check_now()). Other sources add their own lists by name
 * (editor_issues_panel_set_issues). Activating an entry emits `activated` (the problem's level
 * pixel x, y — -1 when it has no place — and its message); a new list emits `issues-changed`
 * (the count and how many are errors).
 */

#include "doc/editor-document.h"
#include "doc/level-check.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_ISSUES_PANEL (editor_issues_panel_get_type())
G_DECLARE_FINAL_TYPE(EditorIssuesPanel, editor_issues_panel, EDITOR, ISSUES_PANEL, GtkBox)

/** The document checked (borrowed; it outlives the panel). Schedules a check. */
void editor_issues_panel_set_document(EditorIssuesPanel *self, EditorDocument *doc);

/** Check the document's level now (what F8 does). */
void editor_issues_panel_check_now(EditorIssuesPanel *self);

/** Replace the problems from @source ("check", "replays", a test's own name) with @problems. */
void editor_issues_panel_set_issues(EditorIssuesPanel *self, const char *source,
                                    const editor_problem *problems, guint n);

guint editor_issues_panel_get_count(EditorIssuesPanel *self);

/** Activate entry @index as a click does (emits `activated`); nothing when out of range. */
void editor_issues_panel_activate(EditorIssuesPanel *self, guint index);

G_END_DECLS
