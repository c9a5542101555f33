#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * PlaySession: what the test-play window simulates, without GTK (so the rewind, recording and
 * live-edit rules are tested headless). It runs the engine's own lw_sim on a document's level
 * as it is in memory — the level is borrowed and read between frames only, never copied — with
 * exactly the set-up `loopwright sim` uses (editor_sim_setup), so the same inputs give the same
 * trace. On top of the simulation it keeps:
 *
 *   rewind     a ring of the last PLAY_REWIND_FRAMES frames (state and debug records, allocated
 *              once); rewinding restores a saved frame and shortens the recording to match.
 *   recording  the buttons of every frame of the run since the last (re)start, run-length
 *              encoded, as an input script in the `sim` format.
 *   input      live buttons from the caller, or an input script (a replay, --input): the
 *              script drives the frames it covers, then the live buttons take over.
 *   tuning     the profile and character in use and the overrides on top of the preset: the
 *              level's at first, changed by the tuning panel, saved back by a command.
 *
 * A step allocates nothing (the ring is fixed; the recording's run array grows by doubling,
 * only when a new run starts past its capacity). The level may change between steps: call
 * play_session_level_changed() after each document `changed` so path swapper edits are picked up.
 */

#include "editor-types.h"

#include <loopwright/script.h>
#include <loopwright/sim.h>

G_BEGIN_DECLS

#define PLAY_REWIND_FRAMES 600 /* frames the rewind ring holds: 10 s at 60 Hz */

/* ---- the set-up `loopwright sim` uses ---- */

/** What a run starts from. */
typedef struct EditorSimSetup {
    lw_profile profile;        /* preset + character + the level's overrides */
    int32_t x, y;              /* px: the start centre */
    gboolean has_start_object; /* the level has a player start: its facing is applied */
    gboolean facing_left;      /* that start's facing */
} EditorSimSetup;

/**
 * Resolve a run exactly as cmd-sim.c does: profile @profile and character @character (NULL or
 * "" = the level's), the level's overrides on top; the start @start_xy (NULL = the level's first
 * player start). The first player start's facing is applied to the started player (also with
 * an explicit start, as `sim` does). Returns FALSE with EDITOR_DOCUMENT_ERROR / LW_ERR_RANGE for
 * an unknown profile or character, a bad override, or no start at all.
 */
gboolean editor_sim_setup(const lw_level *level, const char *profile, const char *character,
                          const int32_t *start_xy, EditorSimSetup *out, GError **error);

/** lw_sim_init on @setup (and the start facing). Returns FALSE with @error on failure. */
gboolean editor_sim_start(lw_sim *sim, const lw_level *level, const EditorSimSetup *setup,
                          GError **error);

/* ---- the session ---- */

typedef struct PlaySession PlaySession;

/**
 * A session on @level (borrowed: it must outlive the session; the caller tells the session when
 * it changed). Physics from the level (profile, character, overrides); the run starts at
 * @start_xy (NULL = the level's player start). NULL with @error when the set-up fails.
 */
PlaySession *play_session_new(const lw_level *level, const int32_t *start_xy, GError **error);
void play_session_free(PlaySession *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(PlaySession, play_session_free)

/** The simulation (borrowed, read-only: state, debug records of the last frame, profile). */
const lw_sim *play_session_get_sim(const PlaySession *self);

/** Frame number of the current state (0 right after a start). */
uint32_t play_session_get_frame(const PlaySession *self);

/** The player fell out of the level (steps do nothing until a restart or a rewind). */
gboolean play_session_is_dead(const PlaySession *self);

/** The run passed a goal sign (LW_SIM_FINISHED, docs/OBJECTS.md §12): steps do nothing until a
 * restart or a rewind, so the frame count (the run's time) stays where the goal was reached. */
gboolean play_session_is_finished(const PlaySession *self);

/** Start a new run at @start_xy (NULL = the level's player start) with the current physics:
 * empties the rewind ring and the recording, rewinds the input script to its beginning. */
gboolean play_session_restart_at(PlaySession *self, const int32_t *start_xy, GError **error);

/** Start again where the current run started. */
void play_session_restart(PlaySession *self);

/** The start of the current run, px. */
void play_session_get_start(const PlaySession *self, int32_t *x, int32_t *y);

/**
 * Advance one frame: the input script's buttons while it lasts, else @live. Records the
 * buttons, saves the frame for rewind. Returns the simulation status. No allocation except a
 * recording run array growing past its capacity.
 */
lw_sim_status play_session_step(PlaySession *self, lw_input live);

/** The buttons the last step used (0 before the first). */
lw_input play_session_get_last_input(const PlaySession *self);

/**
 * Go back @frames frames (at most to the oldest frame in the ring, never before frame 0 of the
 * run). Restores that frame's state and debug records, drops the recording's last frames and
 * puts the input script back to that frame. Returns how many frames it went back.
 */
uint32_t play_session_rewind(PlaySession *self, uint32_t frames);

/** How many frames play_session_rewind can go back now. */
uint32_t play_session_rewind_available(const PlaySession *self);

/** The saved state @back frames ago (0 = now), or NULL beyond the ring (the speed plot). */
const lw_sim_state *play_session_get_history(const PlaySession *self, uint32_t back);

/* ---- input scripts ---- */

/** Drive the next frames of this run from @text (the `sim` format), from frame 1 of the run:
 * call right after a (re)start. FALSE with @error (LW_ERR_FORMAT, line:column) on a bad script. */
gboolean play_session_set_script(PlaySession *self, const char *text, gsize len, GError **error);

/** Stop using the input script (live buttons from now on). */
void play_session_clear_script(PlaySession *self);

/** An input script drives the coming frame. */
gboolean play_session_script_active(const PlaySession *self);

/** Frames of the loaded script (0 = none). */
uint32_t play_session_get_script_frames(const PlaySession *self);

/* ---- recording ---- */

/** The run's inputs so far as an input script ("120 R\n1 RJ\n..."; newly allocated). */
char *play_session_dup_recording(const PlaySession *self);

/** Frames recorded (= the current frame number, also after rewinds). */
uint32_t play_session_get_recorded_frames(const PlaySession *self);

/* ---- physics: profile, character, tuning ---- */

/** Profile and character names in use. */
const char *play_session_get_profile_name(const PlaySession *self);
const char *play_session_get_character_name(const PlaySession *self);

/** The preset with the character, without overrides (the tuning panel's "preset" column). */
const lw_profile *play_session_get_preset(const PlaySession *self);

/** Choose a profile and character (names as lw_profile_find / lw_character_find); the session's
 * overrides stay on top. Takes effect on the next frame. FALSE with @error for unknown names. */
gboolean play_session_set_physics(PlaySession *self, const char *profile, const char *character,
                                  GError **error);

/** Set parameter @index (lw_param_at) to @value from the next frame on. FALSE when out of range. */
gboolean play_session_set_param(PlaySession *self, guint index, int32_t value);

/** Forget every override: the preset's values from the next frame on. */
void play_session_reset_tuning(PlaySession *self);

/** The overrides: every parameter whose value differs from the preset, in parameter order.
 * Writes at most @max entries into @out and returns how many there are. */
guint play_session_get_overrides(const PlaySession *self, lw_override *out, guint max);

/**
 * Use profile @profile and character @character (NULL or "" = the level's) with the level's
 * overrides on top and nothing else — exactly the physics `loopwright sim --profile --character`
 * and a replay run with. FALSE with @error for an unknown name or a bad override.
 */
gboolean play_session_use_level_physics(PlaySession *self, const char *profile,
                                        const char *character, GError **error);

/** Take profile, character and overrides from the level (after it changed, e.g. an undo). */
gboolean play_session_sync_physics_from_level(PlaySession *self, GError **error);

/** The session's profile, character and overrides equal the level's. */
gboolean play_session_physics_match_level(const PlaySession *self);

/* ---- live edits ---- */

/**
 * The level changed between frames (@flags: EditorChangeFlags of the document's `changed`).
 * Tiles, masks, chunks and layout need nothing: the next step reads them. When objects (or
 * everything) changed and the path swappers differ from the simulation's copy, the swapper table
 * is copied again and every swapper's remembered side — in the current state and in every frame
 * of the rewind ring — is recomputed from the player's position the way lw_sim_reset does
 * (right/below when the player's coordinate is greater). The player's state is kept. Returns
 * TRUE when the swappers were re-created.
 */
gboolean play_session_level_changed(PlaySession *self, guint flags);

G_END_DECLS
