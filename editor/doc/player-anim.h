#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The player's animation, derived from the simulation state alone (docs/OBJECTS.md §17): which
 * row of the sprite sheet, which frame of it, the drawing rotation in 45-degree steps and the
 * mirror, with the originals' rules (Sonic 2's Sonic_Animate: walk/run thresholds, frame
 * durations from Gsp, the angle steps). Integer maths only, no state of its own: the same
 * simulation state always gives the same picture (rewind, replays and screenshots agree).
 *
 * The sprite sheet layout (tools/gen-sprites.c writes data/sprites/player.png in it; a level's
 * own sheet, `player_sprites` in the level JSON, must follow it): cells of
 * EDITOR_SPRITE_CELL x EDITOR_SPRITE_CELL px, one row per EditorPlayerAnim in enum order, frames
 * left to right, the player facing right with its centre (the engine's x, y) at the cell's
 * centre. No GLib, no GTK.
 */

#include <loopwright/profile.h>
#include <loopwright/sim.h>
#include <stdbool.h>
#include <stdint.h>

#define EDITOR_SPRITE_CELL       48 /* px: side of one sprite sheet cell */
#define EDITOR_PLAYER_ANIM_MAX_F 8  /* most frames in a row (the sheet's width in cells) */

/** Rows of the player sprite sheet. */
typedef enum EditorPlayerAnim {
    EDITOR_PLAYER_STAND = 0,
    EDITOR_PLAYER_WALK,            /* |Gsp| < 0x600 */
    EDITOR_PLAYER_RUN,             /* |Gsp| >= 0x600 */
    EDITOR_PLAYER_DASH,            /* CD profile, |Gsp| >= 0xA00 (the figure-eight) */
    EDITOR_PLAYER_BALL,            /* rolling or jumping */
    EDITOR_PLAYER_SPRING,          /* rising from a spring (airborne, not rolling, Ysp < 0) */
    EDITOR_PLAYER_HURT,            /* the hurt routine, and death */
    EDITOR_PLAYER_PUSH,            /* pushing a wall or an object */
    EDITOR_PLAYER_BALANCE,         /* on a ledge */
    EDITOR_PLAYER_BALANCE_EXTREME, /* S2/S3K's second balance pose */
    EDITOR_PLAYER_SPINDASH,        /* charging a spindash */
    EDITOR_PLAYER_DUCK,            /* standing still holding down */
    EDITOR_PLAYER_LOOK_UP,         /* standing still holding up */
    EDITOR_PLAYER_PEELOUT,         /* charging CD's super peel-out (the figure-eight in place) */
    EDITOR_PLAYER_DROP_DASH,       /* a charged drop dash, waiting for the landing */
    /* effect rows, never a pose: drawn beside the player (editor_player_dust) */
    EDITOR_PLAYER_DUST_SPINDASH, /* the spindash's dust cloud (S2's Obj08) */
    EDITOR_PLAYER_DUST_SKID,     /* one puff of skid dust */
    /* a pose again, after the effect rows so that older sheets keep their layout */
    EDITOR_PLAYER_SKID, /* braking hard: the originals' stop animation (editor_player_pose_drawn) */
    EDITOR_PLAYER_ANIM_COUNT
} EditorPlayerAnim;

/* Rows a level's own sheet must have (stand .. look-up, the first layout): the rows after them
 * may be missing and then fall back (editor_player_pose_for_sheet). */
#define EDITOR_PLAYER_ANIM_REQUIRED 13

/** Frames in each row (1..EDITOR_PLAYER_ANIM_MAX_F). */
extern const uint8_t editor_player_anim_frames[EDITOR_PLAYER_ANIM_COUNT];

/** Each row's name ("stand", "walk", ...), as docs/OBJECTS.md §17 lists them. */
extern const char *const editor_player_anim_names[EDITOR_PLAYER_ANIM_COUNT];

/** One picture of the player. */
typedef struct EditorPlayerPose {
    uint8_t anim;     /* EditorPlayerAnim: the sheet's row */
    uint8_t frame;    /* column, < editor_player_anim_frames[anim] */
    uint8_t rotation; /* hex angle the sprite is turned clockwise on screen: a multiple of 0x20 */
    bool mirror;      /* facing left: the cell mirrored left-right (before the rotation) */
    uint8_t duration; /* frames each frame of this row lasts, minus 1 (the originals' counter) */
} EditorPlayerPose;

/**
 * The pose for @state (and the buttons it last read, state->prev_input) under @profile (the CD
 * profile has the dash row). Pure: no state is kept between calls.
 */
EditorPlayerPose editor_player_pose(const lw_sim_state *state, const lw_profile *profile);

/**
 * The rotation the originals draw a walking/running player with at ground @angle (Sonic 2's
 * SAnim_WalkRun: the angle, one less when 0x01..0x7F, rounded to a 45-degree step), as a hex
 * angle clockwise, 0x00..0xE0.
 */
uint8_t editor_player_rotation(uint8_t angle, bool facing_left);

/** The row a sheet without @anim draws instead (itself for the required rows). */
extern const uint8_t editor_player_anim_fallback[EDITOR_PLAYER_ANIM_COUNT];

/**
 * @pose for a sheet of @rows rows: a row the sheet lacks becomes its fallback row (peel-out ->
 * dash, drop dash -> ball), the frame chosen again in that row from @frame_counter (the state's
 * frame) and @pose's duration. @rows >= EDITOR_PLAYER_ANIM_REQUIRED.
 */
EditorPlayerPose editor_player_pose_for_sheet(EditorPlayerPose pose, uint32_t rows,
                                              uint32_t frame_counter);

/**
 * The pose drawn for @history[0] on a sheet of @rows rows (>= EDITOR_PLAYER_ANIM_REQUIRED):
 * editor_player_pose(), with the skid (docs/OBJECTS.md §17.5) in place of the walk, run or dash
 * while the originals would show their stop animation — decided by replaying that animation over
 * the states before it (@history and @count as editor_player_dust's) — then
 * editor_player_pose_for_sheet(). A sheet without the skid row draws the pose without it.
 */
EditorPlayerPose editor_player_pose_drawn(const lw_sim_state *const *history, uint32_t count,
                                          const lw_profile *profile, uint32_t rows);

/* ---- dust (docs/OBJECTS.md §17.4): cosmetic, from the states alone ---- */

#define EDITOR_PLAYER_DUST_MAX 5 /* pictures at most: the spindash cloud or 4 skid puffs */
/* states editor_player_dust() and the skid read back at most: an S1 skid let go of at 0x600
 * lasts 128 frames of friction (0x0C) */
#define EDITOR_PLAYER_DUST_HISTORY 128
#define EDITOR_PLAYER_DUST_DX      -18 /* px: the spindash cloud's cell centre behind the player */
#define EDITOR_PLAYER_DUST_DY      6   /* px: ... and below its centre */
#define EDITOR_PLAYER_SKID_DY      16  /* px: a skid puff's centre below the player's [S2] */

/** One picture of dust: a cell of an effect row at a level position. */
typedef struct EditorPlayerDust {
    uint8_t anim;  /* EDITOR_PLAYER_DUST_SPINDASH or EDITOR_PLAYER_DUST_SKID */
    uint8_t frame; /* column, < editor_player_anim_frames[anim] */
    bool mirror;   /* the cell mirrored left-right (the cloud behind a player facing left) */
    int32_t x, y;  /* px: level position of the cell's centre */
} EditorPlayerDust;

/**
 * The dust to draw with the player, into @out (at most EDITOR_PLAYER_DUST_MAX), returning the
 * count: the spindash cloud while a spindash charges, and the skid puffs a skid left in the last
 * 16 frames — S2's and S3K's dust: none for a skid under the s1 and cd @profile (NULL: S2).
 * @history[0] is the state drawn, @history[k] the state k frames before it (@count >= 1 states, at
 * most EDITOR_PLAYER_DUST_HISTORY are read; fewer, as after a restart, only forget puffs and skids
 * that began before them). Pure: the same states give the same dust.
 */
uint32_t editor_player_dust(const lw_sim_state *const *history, uint32_t count,
                            const lw_profile *profile,
                            EditorPlayerDust out[EDITOR_PLAYER_DUST_MAX]);

/** Whether the player of @history[0] skids under @profile (NULL: S2), docs/OBJECTS.md §17.5:
 * the originals' stop animation replayed over the states before it (@history as
 * editor_player_dust's) would show there. */
bool editor_player_skidding(const lw_sim_state *const *history, uint32_t count,
                            const lw_profile *profile);
