#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * PlayWindow: the test-play window. It plays the document's level as it is in memory (unsaved
 * edits included) with the engine's own lw_sim through a PlaySession, one fixed 1/60 s step at
 * a time driven by the GTK frame clock (a tick callback accumulates frame-clock time; at most
 * PLAY_WINDOW_MAX_CATCHUP steps per tick, the rest is dropped), independent of the display's
 * refresh rate. Edits made in the editor take effect on the next frame (the window reads the
 * level between frames and notes "Level changed"). It draws through play-render.c, follows the
 * player with PlayCamera, and has the physics debugger, pause / frame advance / slow motion /
 * restart / rewind, profile, character and tuning, and replays (save, play, accept, delete,
 * run all). Automation (`loopwright play --input --frames --screenshot ...`) runs a script for a
 * number of frames — one frame per frame-clock tick, drawn — then writes what was asked and
 * emits "automation-finished".
 */

#include "doc/editor-document.h"
#include "doc/play-session.h"
#include "play-automation.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PLAY_WINDOW_MAX_CATCHUP 4 /* most simulation steps one frame-clock tick may run */

#define PLAY_TYPE_WINDOW (play_window_get_type())
G_DECLARE_FINAL_TYPE(PlayWindow, play_window, PLAY, WINDOW, GtkApplicationWindow)

/**
 * A test-play window on @doc (a reference is kept) starting at @start_xy (NULL = the level's
 * player start). NULL with @error when the run cannot start (no player start, bad physics).
 */
PlayWindow *play_window_new(GtkApplication *app, EditorDocument *doc, const int32_t *start_xy,
                            GError **error);

/** The open test-play window of @doc in @app, or NULL. */
PlayWindow *play_window_find(GtkApplication *app, EditorDocument *doc);

/** Restart at @start_xy (NULL = the level's player start); FALSE with @error when impossible. */
gboolean play_window_restart_at(PlayWindow *self, const int32_t *start_xy, GError **error);

EditorDocument *play_window_get_document(PlayWindow *self);
PlaySession *play_window_get_session(PlayWindow *self);

/** The note under the status ("Level changed at frame 812"), or NULL. */
const char *play_window_get_note(PlayWindow *self);

/** Draw the play view offscreen (the same cairo code, the view's size; 1280x720 before it has
 * one) and write it as a PNG; with @whole_window, render the whole window through its GSK
 * renderer instead. FALSE with @error when the file cannot be written. */
gboolean play_window_write_screenshot(PlayWindow *self, const char *path, gboolean whole_window,
                                      GError **error);

/** Play with @profile and @character (NULL = the level's) and the level's overrides, no other
 * tuning — as `sim --profile --character` — from a restart. FALSE with @error for unknown names. */
gboolean play_window_use_physics(PlayWindow *self, const char *profile, const char *character,
                                 GError **error);

/**
 * Run @automation from a restart: then the window writes the files and emits
 * "automation-finished" (int: 0, or 1 when a file could not be written). FALSE with @error for
 * a bad script. The window prints nothing: the play command prints what the run found
 * (play_window_get_automation_errors, the final state, play_window_get_benchmark_report).
 */
gboolean play_window_start_automation(PlayWindow *self, const PlayAutomation *automation,
                                      GError **error);

/** The window's automated runs (owned by the window). */
PlayAutomator *play_window_get_automator(PlayWindow *self);

/** After "automation-finished": the run's problems (files not written, the player fell out),
 * one "loopwright: FILE: msg" line each, "" when none. */
const char *play_window_get_automation_errors(PlayWindow *self);

/** After "automation-finished" of a run with `benchmark`: the per-frame timing lines and the
 * summary (the text `loopwright play --benchmark` prints), else "". */
const char *play_window_get_benchmark_report(PlayWindow *self);

/** How the window opens an editor window on its document when none shows it (Ctrl+E): set by
 * the application. */
typedef GtkWindow *(*PlayWindowOpenEditor)(GtkApplication *app, EditorDocument *doc);
void play_window_set_open_editor_func(PlayWindowOpenEditor func);

G_END_DECLS
