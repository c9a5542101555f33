#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * PlayReplaysPanel: the test-play window's Replays tab (a GtkBox from play-replays-panel.ui).
 * One row per replay saved in the document's level: its name, start, length, physics and how
 * a run of it on the level as it is now ends (editor_replay_run: passes, no expectation, or
 * what differs). It follows the document by itself: the rows are rebuilt at once when the
 * replays or the level's properties change, and the verdicts are run again half a second after
 * any other edit. It edits nothing: its buttons run the window's win.save-replay,
 * win.replay-selected, win.accept-replay and win.delete-replay, and it reports through
 * `selection-changed`, `replay-activated` (a row double-clicked or Enter) and
 * `verdicts-changed`.
 */

#include "doc/editor-document.h"
#include "doc/replay-check.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PLAY_TYPE_REPLAYS_PANEL (play_replays_panel_get_type())
G_DECLARE_FINAL_TYPE(PlayReplaysPanel, play_replays_panel, PLAY, REPLAYS_PANEL, GtkBox)

/** The document whose replays are shown (borrowed; it outlives the panel). Rebuilds the rows
 * and runs every replay. */
void play_replays_panel_set_document(PlayReplaysPanel *self, EditorDocument *doc);

/** Run every replay now and rebuild the rows (the selection stays on the same index). */
void play_replays_panel_run_all(PlayReplaysPanel *self);

/** Rows shown (one per replay of the level at the last rebuild). */
guint play_replays_panel_get_count(PlayReplaysPanel *self);

/** Replays whose run no longer ends as recorded (or cannot run) at the last run. */
guint play_replays_panel_get_failing(PlayReplaysPanel *self);

/** The verdict of replay @index at the last run (EDITOR_REPLAY_INVALID past the rows). */
EditorReplayVerdict play_replays_panel_get_verdict(PlayReplaysPanel *self, guint index);

/** The selected replay's index, or -1. */
int play_replays_panel_get_selected(PlayReplaysPanel *self);

/** Select replay @index (-1 or past the rows: none); emits `selection-changed` if it moved. */
void play_replays_panel_select(PlayReplaysPanel *self, int index);

/** As a double-click on row @index: emits `replay-activated` (nothing past the rows). */
void play_replays_panel_activate(PlayReplaysPanel *self, guint index);

G_END_DECLS
