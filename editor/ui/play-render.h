#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Drawing of the test-play view with cairo only (no GTK), so the window, its offscreen
 * screenshot (`loopwright play --screenshot`) and tests draw the same picture: the level art
 * through the editor's EditorRenderer (per-chunk caches), the player from its sprite sheet in the
 * pose the simulation state gives (editor/doc/player-anim.h), and with the
 * physics debugger on: the collision of the player's path, path swappers, every sensor cast of
 * the frame (line from the anchor to the surface, green when it met a surface, red when not),
 * the ground angle, the velocity, a text panel (frame, routine, mode, angle, position, speeds,
 * path, control lock, input, each sensor's distance and tile), the 16x16 mask of the tile each
 * sensor read, and a plot of the last 5 s of Gsp and Y.
 */

#include "editor-render.h"
#include "play-render-state.h"

#include <loopwright/sim.h>

G_BEGIN_DECLS

/** Draw the view into @cr (@width x @height view units). @renderer draws the level art. */
void play_render_draw(EditorRenderer *renderer, cairo_t *cr, int width, int height,
                      const PlayRenderState *state);

/** The run's time at the frame count @frames, "M:SS.cc" (60 frames a second) into @buf. */
char *play_render_time_text(uint32_t frames, char *buf, size_t size);

/** What the view shows once @sim passed a goal sign: "Finished · time M:SS.cc · N rings" and how
 * to go on, into @buf (returned). */
const char *play_render_finish_text(const lw_sim *sim, char *buf, size_t size);

/** The player's body colour (tests look for it in screenshots; the built-in sheet's body colour,
 * tools/gen-sprites.c), 0xRRGGBB. */
#define PLAY_RENDER_PLAYER_RGB 0x2B5FD9

G_END_DECLS
