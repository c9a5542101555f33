#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Problems in a loaded level, as `loopwright check` prints them and the editor's issues panel
 * lists them: each with a severity, a stable code, a message and the place (level pixel) a user
 * jumps to. Structural validity is the loader's job (a file that loads is consistent); these are
 * the things a valid level can still get wrong. No GTK.
 */

#include <loopwright/level.h>
#include <loopwright/objects.h>

typedef enum editor_severity {
    EDITOR_SEVERITY_ERROR = 0,   /* the level cannot be used as is (art missing, ...) */
    EDITOR_SEVERITY_WARNING = 1, /* probably a mistake */
} editor_severity;

typedef struct editor_problem {
    editor_severity severity;
    const char *code;  /* stable identifier, e.g. "no-player-start" */
    char message[256]; /* human-readable, without the file name */
    int32_t x, y;      /* level pixel to jump to, or -1, -1 */
} editor_problem;

typedef void (*editor_problem_fn)(const editor_problem *problem, void *user);

/**
 * Run every check on @level. @level_path (may be NULL) resolves the tileset; without it the art
 * is not checked. Calls @fn for each problem in a stable order. Returns the number of errors.
 */
unsigned editor_level_check(const lw_level *level, const char *level_path, editor_problem_fn fn,
                            void *user);

/** editor_level_check, reading the tileset and the player sprite sheet outside the level's
 * folder too when @allow_outside (check --allow-outside-paths); otherwise each file opened
 * must lie inside it, judged on the open descriptor (real-path.h). editor_level_check is this
 * with false. */
unsigned editor_level_check_paths(const lw_level *level, const char *level_path, bool allow_outside,
                                  editor_problem_fn fn, void *user);

/** "angle-mismatch": a mask's angle is reported when no straight line at that angle passes
 * within this many pixels of the surface over 8 consecutive columns (rows for walls) and the
 * masks library's fitter finds an angle more than EDITOR_CHECK_ANGLE_STEPS away (docs/CLI.md). */
#define EDITOR_CHECK_ANGLE_SLACK_PX 1.0
#define EDITOR_CHECK_ANGLE_STEPS    8
/** Largest step (px) of a floor or ceiling at the seam of two neighbouring tiles before
 * "height-seam" is reported. */
#define EDITOR_CHECK_SEAM_TOLERANCE 1

/**
 * The mask and angle checks (level-check-masks.c; editor_level_check runs them last), all
 * warnings: "angle-mismatch", "flagged-slope", "height-seam", "top-only-wall",
 * "swapper-no-ground" (docs/CLI.md).
 */
void editor_level_check_masks(const lw_level *level, editor_problem_fn fn, void *user);

/**
 * The game-object checks (level-check-objects.c; docs/OBJECTS.md §18): "object-property" (error:
 * a property the simulation refuses), "object-in-terrain" (a spring, spikes, monitor, enemy,
 * checkpoint or goal whose centre is in solid ground on path A with half its solid box solid),
 * "ring-in-terrain" (a ring of a row inside the ground), "platform-path-terrain" (a moving
 * platform whose box is a quarter solid somewhere along its path, sampled every 4 px), and
 * "player-sprites" (error: the level's sprite sheet is missing, unreadable or of the wrong size;
 * only with @level_path; read inside the level's folder unless @allow_outside). Returns the
 * number of errors.
 */
unsigned editor_level_check_objects(const lw_level *level, const char *level_path,
                                    bool allow_outside, editor_problem_fn fn, void *user);

/** Whether level pixel (@x, @y) is solid ground (full solidity, in the tile's mask) on @path. */
bool editor_level_solid_at(const lw_level *level, int32_t x, int32_t y, lw_path path);

/** Half sizes (px) of @o's solid box or hitbox (OBJECTS.md §2); false for a type without one
 * (bridges, checkpoints, goals). */
bool editor_object_solid_box(const lw_sim_object *o, int32_t *hw, int32_t *hh);
