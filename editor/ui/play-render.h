#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Drawing of the test-play view with cairo only (no GTK), so the window, its offscreen
 * screenshot (`loopwright play --screenshot`) and tests draw the same picture: the level art
 * through the editor's EditorRenderer (per-chunk caches), the player (a capsule standing, a ball
 * rolling or jumping, rotated to the ground angle, an eye on the facing side), and with the
 * physics debugger on: the collision of the player's path, path swappers, every sensor cast of
 * the frame (line from the anchor to the surface, green when it met a surface, red when not),
 * the ground angle, the velocity, a text panel (frame, routine, mode, angle, position, speeds,
 * path, control lock, input, each sensor's distance and tile), the 16x16 mask of the tile each
 * sensor read, and a plot of the last 5 s of Gsp and Y.
 */

#include "editor-render.h"

#include <loopwright/sim.h>

G_BEGIN_DECLS

typedef struct PlaySession PlaySession;

/** Everything one picture of the view depends on. */
typedef struct PlayRenderState {
    /* Borrowed */
    const lw_level *level;
    const lw_sim *sim;          /* state, profile and the last frame's debug records */
    const PlaySession *session; /* rewind ring for the plot and the previous path (may be NULL) */
    const char *banner;         /* large centred text ("Paused"), NULL = none */
    const char *note;           /* a line under the status, e.g. "Level changed", or NULL */
    const char *status;         /* top-right status ("Recording 812 frames · 1/4x"), or NULL */
    /* Plain */
    int32_t view_x, view_y; /* px: level coordinates at the view's top-left */
    double zoom;            /* view units per level px */
    double device_scale;    /* the surface's scale (HiDPI) */
    gboolean debug;         /* the physics debugger overlay */
    lw_input input;         /* buttons of the last frame (shown by the debugger) */
} PlayRenderState;

/** Draw the view into @cr (@width x @height view units). @renderer draws the level art. */
void play_render_draw(EditorRenderer *renderer, cairo_t *cr, int width, int height,
                      const PlayRenderState *state);

/** The player's body colour (tests look for it in screenshots), 0xRRGGBB. */
#define PLAY_RENDER_PLAYER_RGB 0x2B5FD9

G_END_DECLS
