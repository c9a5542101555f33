#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Layout of the game-object sprite sheet, data/sprites/objects.png (written by
 * tools/gen-sprites.c; docs/OBJECTS.md §17): cells of EDITOR_SPRITE_CELL px (player-anim.h), one
 * row per EditorObjectSprite, variants left to right, the object's origin (its marker's x, y) at
 * the cell's centre. Springs and spikes are drawn pointing up (other directions are the cell
 * turned), the enemy faces left. No GLib, no GTK.
 */

#include "player-anim.h"

/** Rows of the object sheet. */
typedef enum EditorObjectSprite {
    EDITOR_OBJSPR_SPRING = 0, /* columns: yellow, red */
    EDITOR_OBJSPR_SPIKES,     /* column 0: a 32 px wide group */
    EDITOR_OBJSPR_RING,       /* columns 0..3: turning */
    EDITOR_OBJSPR_MONITOR,    /* columns: rings, shield, invincibility, shoes, 1up, broken */
    EDITOR_OBJSPR_PLATFORM,   /* columns: a 16 px middle piece, the left end, the right end */
    EDITOR_OBJSPR_BRIDGE,     /* columns: a log, a post */
    EDITOR_OBJSPR_CHECKPOINT, /* columns: not reached, reached */
    EDITOR_OBJSPR_GOAL,       /* columns 0..4: the sign turning, front (a star) to back (the
                                 player's face); EDITOR_OBJSPR_GOAL_FRAMES */
    EDITOR_OBJSPR_ENEMY,      /* columns 0..1: walking */
    EDITOR_OBJSPR_MARKER,     /* column 0: any other marker (a flag) */
    EDITOR_OBJSPR_COUNT
} EditorObjectSprite;

/** Frames of the goal sign's turn: 0 the front, 2 edge on, 4 the back (after the goal). */
#define EDITOR_OBJSPR_GOAL_FRAMES 5

/** Columns per row of the object sheet. */
#define EDITOR_OBJSPR_COLUMNS 8
