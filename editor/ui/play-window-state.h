#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The test-play window's own state, shared by the files that make up the window and by nothing
 * else: play-window.c (lifetime, camera, stepping, drawing, the document, keyboard and pointer),
 * play-window-actions.c (the "win" actions, their table and accelerators). Scripted runs are a
 * PlayAutomator of their own (play-automation.c) over the window's session. The Tuning and Replays
 * tabs are widgets of their own (PlayTuningPanel, PlayReplaysPanel) that the window talks to
 * through their API and signals. It is part of the play-window module (scripts/check-include-cycles
 * counts NAME-state.h as NAME's).
 */

#include "doc/editor-commands-play.h"
#include "doc/editor-document.h"
#include "doc/play-camera.h"
#include "doc/play-session.h"
#include "doc/replay-check.h"
#include "editor-render.h"
#include "play-automation.h"
#include "play-keys.h"
#include "play-replays-panel.h"
#include "play-tuning-panel.h"
#include "play-window.h"

#include <gtk/gtk.h>

#define NOTE_US  4000000 /* how long a note stays on screen */
#define ZOOM_MAX 8

struct _PlayWindow {
    GtkApplicationWindow parent_instance;

    /* Owned */
    EditorDocument *doc;
    PlaySession *session;
    EditorRenderer *renderer;
    char *tileset_path;       /* the level's tileset as last loaded ("" = none) */
    char *physics_key;        /* the level's profile/character/overrides as last seen */
    PlayAutomator *automator; /* scripted runs (loopwright play --frames ...) */
    struct EditorObjectSprites *object_sprites; /* a tree level's object sprites, NULL: none */
    char *object_sprites_path; /* the document path they were read for (NULL: not read yet) */
    const lw_level *object_sprites_level; /* the level they were last given (borrowed) */

    /* Template widgets */
    GtkDrawingArea *view;
    GtkLabel *status_label;
    PlayTuningPanel *tuning_panel;
    PlayReplaysPanel *replays_panel;
    GtkLabel *replays_tab_label;
    GtkDropDown *speed_dropdown, *profile_dropdown, *character_dropdown;
    GtkButton *rewind_button;
    GtkNotebook *side_notebook;

    /* State */
    PlayCamera cam;
    gboolean cam_valid;
    int zoom;      /* view units per level px; 0 = fit to the window */
    lw_input held; /* pad buttons held on the keyboard */
    gboolean paused, rewinding, debug;
    guint speed_den;             /* 1, 2, 4, 8 */
    guint finished_frames;       /* frames shown since the run passed the goal (0: not passed) */
    gint64 last_frame_time, acc; /* frame-clock accumulator, 1/60 µs units (1e6 = a frame) */
    guint tick_id;
    PlayKeymap keys;
    char note[160];
    gint64 note_until;
    gboolean updating;   /* refreshing widgets from the state: ignore their signals */
    int replay_playing;  /* index of the level replay being played, -1 = none */
    uint32_t replay_end; /* its frame count */
};

typedef enum { PLAY_WINDOW_SIGNAL_AUTOMATION_FINISHED, PLAY_WINDOW_N_SIGNALS } PlayWindowSignal;
guint play_window_signal_id(PlayWindowSignal which);

/* The level of the document shown (read only: edits go through commands). */
static inline const lw_level *doc_level(PlayWindow *self)
{
    return editor_document_get_level(self->doc);
}

/* play-window.c */
int play_window_effective_zoom(PlayWindow *self);
void play_window_camera_reset(PlayWindow *self);
void play_window_set_note(PlayWindow *self, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
void play_window_set_status(PlayWindow *self, const char *text);
void play_window_refresh_tuning(PlayWindow *self);
void play_window_sim_frame(PlayWindow *self);

/* play-window-actions.c */
void play_window_add_actions(PlayWindow *self);
void play_window_after_restart(PlayWindow *self);
void play_window_install_accels(GtkApplication *app);
void play_window_replay_finished(PlayWindow *self);
void play_window_set_paused(PlayWindow *self, gboolean paused);
void play_window_set_rewinding(PlayWindow *self, gboolean on);
void play_window_update_actions(PlayWindow *self);
