#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The test-play camera: which part of the level the play window shows, following the player
 * the way the Mega Drive games do (Sonic 2's camera routine, generalised from its 320x224
 * screen to a view of any size). Pure integer logic, one update per simulated frame, no GTK and
 * no clock, so it is unit-tested headless (tests/editor/test-play.c). docs/EDITOR.md,
 * "Test-play", states the rules:
 *
 *   horizontal  the player may move freely inside a 16 px band just left of the view's centre
 *               (screen x W/2-16 .. W/2); outside it the camera scrolls by the overshoot, at
 *               most 16 px per frame.
 *   vertical    the focus line is 16 px above the centre (Sonic 2: y 96 of 224). On the ground
 *               the camera scrolls so the player's centre sits on it, at most 6 px per frame
 *               (16 px when |Ysp| >= 6 px/frame); in the air the player may move 32 px either
 *               side of it before the camera follows, at most 16 px per frame.
 *   look        standing still on the ground (Gsp 0) holding Up (Down) for 120 frames moves
 *               the focus line down by up to 104 px (up by 88 px) at 2 px per frame, so the
 *               view pans up (down); otherwise it returns to 0 at 2 px per frame.
 *   bounds      the view never leaves the level: the camera is clamped to it. A level smaller
 *               than the view along an axis is centred along that axis.
 */

#include <stdbool.h>
#include <stdint.h>

#define PLAY_CAMERA_BAND_PX        16  /* px: width of the free horizontal band */
#define PLAY_CAMERA_MAX_SCROLL_PX  16  /* px/frame: fastest scroll */
#define PLAY_CAMERA_GROUND_SLOW_PX 6   /* px/frame: ground scroll while |Ysp| < 6 px/frame */
#define PLAY_CAMERA_FOCUS_ABOVE_PX 16  /* px: the focus line sits this far above the centre */
#define PLAY_CAMERA_AIR_BAND_PX    32  /* px: free vertical travel either side while airborne */
#define PLAY_CAMERA_LOOK_DELAY     120 /* frames of holding Up/Down before the view pans */
#define PLAY_CAMERA_LOOK_UP_PX     104 /* px: largest pan while looking up */
#define PLAY_CAMERA_LOOK_DOWN_PX   88  /* px: largest pan while looking down */
#define PLAY_CAMERA_LOOK_SPEED_PX  2   /* px/frame: panning speed (both ways) */

/** Camera state: a plain value. */
typedef struct PlayCamera {
    int32_t x, y;   /* px: level coordinates of the view's top-left corner */
    int32_t view_w; /* px: view size in level pixels */
    int32_t view_h;
    int32_t look;         /* px: look pan, > 0 looking up, < 0 looking down */
    uint32_t look_frames; /* frames Up/Down has been held while standing still */
} PlayCamera;

/** What the camera follows on one frame. */
typedef struct PlayCameraTarget {
    int32_t x, y;  /* px: the player's centre */
    bool airborne; /* the player is in the air */
    int32_t ysp;   /* 1/256 px per frame: vertical speed */
    int32_t gsp;   /* 1/256 px per frame: ground speed */
    bool up, down; /* Up / Down held this frame */
} PlayCameraTarget;

/**
 * Put the camera on @target at once (start, restart, rewind, resize): the player at the right
 * edge of the horizontal band and on the focus line, no look pan, clamped to the level of
 * @level_w x @level_h px, for a view of @view_w x @view_h level px (at least 1 each).
 */
void play_camera_reset(PlayCamera *cam, const PlayCameraTarget *target, int32_t view_w,
                       int32_t view_h, int32_t level_w, int32_t level_h);

/** Change the view size (window resized, zoom) keeping the view's centre, then clamp. */
void play_camera_resize(PlayCamera *cam, int32_t view_w, int32_t view_h, int32_t level_w,
                        int32_t level_h);

/** Follow @target for one simulated frame (the rules above), then clamp to the level. */
void play_camera_update(PlayCamera *cam, const PlayCameraTarget *target, int32_t level_w,
                        int32_t level_h);
