#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Commands of the test-play window (STYLE.md §7.8): the level's physics settings (profile,
 * character and constant overrides, from the tuning panel) and its saved replays (add a
 * recording, remove one, update one's expectation). Like every command they capture the "before"
 * values at construction, so build and push at once; they return NULL for impossible edits.
 * Both kinds report EDITOR_CHANGE_PROPERTIES. No GTK.
 */

#include "editor-command.h"
#include "editor-document.h"

G_BEGIN_DECLS

/**
 * Set the level's profile and character names (at most 15 bytes each) and replace its overrides
 * by @overrides (@n entries, copied; names must be unique, values are not range-checked here —
 * the engine checks them when it runs the level). NULL when @n is over LW_MAX_OVERRIDES or a
 * name is too long or repeated.
 */
EditorCommand *editor_cmd_set_physics_new(EditorDocument *doc, const char *profile,
                                          const char *character, const lw_override *overrides,
                                          guint n);

/**
 * Insert a deep copy of @replay before replay @index (-1 or the count = append). NULL at
 * LW_MAX_REPLAYS, for a script over LW_MAX_SCRIPT bytes or a name over 256 bytes.
 */
EditorCommand *editor_cmd_add_replay_new(EditorDocument *doc, const lw_replay *replay, int index);

/** Remove replay @index (kept by the command until undone). NULL when there is no such replay. */
EditorCommand *editor_cmd_remove_replay_new(EditorDocument *doc, guint index);

/** Replace replay @index by a deep copy of @after (e.g. a new expectation). NULL for a bad index
 * or the limits of editor_cmd_add_replay_new. */
EditorCommand *editor_cmd_set_replay_new(EditorDocument *doc, guint index, const lw_replay *after,
                                         const char *label);

G_END_DECLS
