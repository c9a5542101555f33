#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Replays as regression tests for a level. A replay saved with the level (lw_level.replays) is
 * an input script with its start, profile, character, length and what the run ended with
 * (expect: state hash, centre, path, airborne). Running it again on the level as it is now and
 * comparing tells whether an edit changed how the level plays: the player now falls out of the
 * level, gets stuck, ends on another path, in the air, or somewhere else. `loopwright check`
 * prints these as problems and the editor's issues panel lists them (source "replays").
 * GLib only, no GTK.
 */

#include "level-check.h"
#include "play-session.h"

G_BEGIN_DECLS

/** How a replay's run ends compared with its expectation. */
typedef enum EditorReplayVerdict {
    EDITOR_REPLAY_PASS = 0,      /* the same state hash: the run is unchanged */
    EDITOR_REPLAY_NO_EXPECT = 1, /* nothing recorded to compare with */
    EDITOR_REPLAY_INVALID = 2,   /* it cannot run: bad script, unknown profile, no start */
    EDITOR_REPLAY_FELL = 3,      /* the player now falls out of the level */
    EDITOR_REPLAY_STUCK = 4,     /* the player stops moving short of the recorded end */
    EDITOR_REPLAY_PATH = 5,      /* it ends on the other collision path */
    EDITOR_REPLAY_AIR = 6,       /* it ends in the air instead of on the ground, or back */
    EDITOR_REPLAY_POSITION = 7,  /* it ends somewhere else */
    EDITOR_REPLAY_STATE = 8,     /* same place, path and air state, other speed or angle */
} EditorReplayVerdict;

#define EDITOR_REPLAY_STUCK_FRAMES 60 /* frames without moving more than 1 px = stuck */
#define EDITOR_REPLAY_STUCK_PX     16 /* ... when the recorded end is further away than this */

/** The end of a replay's run and the verdict. */
typedef struct EditorReplayResult {
    EditorReplayVerdict verdict;
    uint32_t frames;      /* frames simulated (fewer than the replay's when the player fell) */
    gboolean dead;        /* the player fell out of the level */
    int32_t x, y;         /* px: final centre */
    uint8_t path;         /* final lw_path */
    gboolean air;         /* final airborne flag */
    uint64_t hash;        /* lw_sim_hash after the run */
    uint32_t still_since; /* last frame the player moved more than 1 px from where it stayed */
    char message[256];    /* what happened, for people ("falls out of the level at frame 812") */
} EditorReplayResult;

/**
 * Run @replay on @level (from its start, or the level's player start; its profile and character,
 * or the level's; the level's overrides) for replay->frames frames, as `loopwright sim` would,
 * and compare the end with the expectation. Returns FALSE (verdict INVALID, @error set) when the
 * replay cannot run.
 */
gboolean editor_replay_run(const lw_level *level, const lw_replay *replay, EditorReplayResult *out,
                           GError **error);

/**
 * Run every replay of @level and call @fn for each one that no longer ends as recorded (or
 * cannot run): code "replay", error severity for FELL, STUCK, PATH, AIR, POSITION and INVALID,
 * a warning for STATE; the place is where the run now ends. Returns the number of errors.
 */
unsigned editor_replay_check(const lw_level *level, editor_problem_fn fn, void *user);

/** Set @replay's expectation (has_expect, hash, x, y, path, air) from @result. */
void editor_replay_set_expect(lw_replay *replay, const EditorReplayResult *result);

G_END_DECLS
