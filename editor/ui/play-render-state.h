#pragma once
/* SPDX-License-Identifier: MIT */
/* Everything one picture of the test-play view depends on (play-render.h draws it). */

#include <cairo.h>
#include <glib.h>
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
    cairo_surface_t *player_sheet; /* the player's sprite sheet (docs/OBJECTS.md §17), NULL =
                                      the built-in one (editor_sprites_player_for_level) */
    struct EditorObjectSprites *object_sprites; /* a tree level's object sprites (docs/DISASM.md
                                                   §11), NULL for any other level */
    /* Plain */
    int32_t view_x, view_y; /* px: level coordinates at the view's top-left */
    double zoom;            /* view units per level px */
    double device_scale;    /* the surface's scale (HiDPI) */
    gboolean debug;         /* the physics debugger overlay */
    guint finished_frames;  /* frames shown since the run passed a goal sign (0: it did not): the
                               sign turns */
    lw_input input;         /* buttons of the last frame (shown by the debugger) */
} PlayRenderState;

G_END_DECLS
