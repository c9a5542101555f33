#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * PlayAutomator: a scripted test-play run (`loopwright play --input --frames --screenshot
 * --trace --benchmark`), an object the play window holds. It works over the window's
 * PlaySession (restart, script, one frame at a time) and knows no window: the window tells it
 * when a frame was simulated and drawn, and it asks the window for its screenshots and the
 * benchmark's header through a PlayAutomatorHost. When the last frame is painted it writes the
 * files asked for and emits "finished"; the play command prints what it found.
 */

#include "doc/play-session.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** What an automated run does. */
typedef struct PlayAutomation {
    const char *input; /* input script text (NULL = nothing held) */
    gsize input_len;
    guint frames;                  /* frames to run (one per frame-clock tick) */
    const char *screenshot;        /* PNG of the view after the last frame, or NULL */
    const char *window_screenshot; /* PNG of the whole window, or NULL */
    const char *trace;             /* trace CSV (as `sim --trace`), or NULL */
    gboolean benchmark;            /* print per-frame timings and a summary */
    gboolean print_state;          /* the play command prints the final state as `sim` does */
} PlayAutomation;

/** What the run asks of the window that shows it (@user is passed back). */
typedef struct PlayAutomatorHost {
    /* write the view (@whole_window: the whole window) as a PNG at @path */
    gboolean (*write_screenshot)(gpointer user, const char *path, gboolean whole_window,
                                 GError **error);
    /* append the benchmark's first line: "benchmark: window WxH, view WxH at zoom Z, ..." */
    void (*describe)(gpointer user, GString *out);
    gpointer user;
} PlayAutomatorHost;

/** The benchmark's frames left out of its summary (caches fill). */
#define PLAY_AUTOMATOR_BENCH_WARMUP 30

#define PLAY_TYPE_AUTOMATOR (play_automator_get_type())
G_DECLARE_FINAL_TYPE(PlayAutomator, play_automator, PLAY, AUTOMATOR, GObject)

/**
 * A run over @session (borrowed: the window's, which outlives it) reporting to @host (copied).
 * Signal "finished" (int status: 0, or 1 when a file could not be written), after which the
 * run is over (play_automator_is_running is FALSE).
 */
PlayAutomator *play_automator_new(PlaySession *session, const PlayAutomatorHost *host);

/** Restart the session and start @automation (copied). FALSE with @error for a bad script
 * (nothing started). */
gboolean play_automator_start(PlayAutomator *self, const PlayAutomation *automation,
                              GError **error);

/** TRUE from a start until "finished". */
gboolean play_automator_is_running(PlayAutomator *self);

/** TRUE while the run wants another frame simulated (running, frames left, the player alive). */
gboolean play_automator_wants_frame(PlayAutomator *self);

/** The window simulated one frame in @sim_us µs (every frame, run or not): its trace row. */
void play_automator_frame_simulated(PlayAutomator *self, gint64 sim_us);

/** The window drew its view in @draw_us µs (the benchmark's drawing time). */
void play_automator_frame_drawn(PlayAutomator *self, gint64 draw_us);

/** Time the frames of @clock for the benchmark (the window's, once it is realized). */
void play_automator_watch_clock(PlayAutomator *self, GdkFrameClock *clock);

/** Called each tick: when the run has no frame left, it finishes once @clock paints the
 * current frame (the window's render nodes are complete then). TRUE when it just arranged that
 * (the window queues a draw). */
gboolean play_automator_finish_after_paint(PlayAutomator *self, GdkFrameClock *clock);

/** After "finished": the run's problems (files not written, the player fell out), one
 * "loopwright: FILE: msg" line each, "" when none. */
const char *play_automator_get_errors(PlayAutomator *self);

/** After "finished" of a run with `benchmark`: the per-frame timing lines and the summary (the
 * text `loopwright play --benchmark` prints), else "". */
const char *play_automator_get_report(PlayAutomator *self);

G_END_DECLS
