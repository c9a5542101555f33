/* SPDX-License-Identifier: MIT */
/* The player in test-play, from its sprite sheet (play-render-private.h; docs/OBJECTS.md §17). */
#define G_LOG_DOMAIN "play-render"

#include "doc/player-anim.h"
#include "editor-sprites.h"
#include "play-render-private.h"
#include "play-render.h"

void play_render_player(cairo_t *cr, const PlayRenderState *s)
{
    const lw_sim *sim = s->sim;
    const lw_game_state *g = &sim->state.game;
    /* after a hit the player flashes, 4 frames on and 4 off (SPG Ring Loss), not while in the
     * hurt routine */
    if (g->invuln && !g->hurt && (g->invuln & 4))
        return;
    const lw_player *pl = &sim->state.player;
    cairo_surface_t *sheet =
        s->player_sheet ? s->player_sheet : editor_sprites_builtin(EDITOR_SPRITES_PLAYER);
    /* the top-left corner of the centre pixel: the sheet cell's centre */
    double x = vx(s, pl->x >> 8), y = vy(s, pl->y >> 8);
    if (!sheet) { /* no sheet at all (a build without the resource): a disc */
        cairo_arc(cr, x, y, pl->hr * s->zoom, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, ((PLAY_RENDER_PLAYER_RGB >> 16) & 255) / 255.0,
                             ((PLAY_RENDER_PLAYER_RGB >> 8) & 255) / 255.0,
                             (PLAY_RENDER_PLAYER_RGB & 255) / 255.0);
        cairo_fill(cr);
        return;
    }
    EditorPlayerPose pose = editor_player_pose(&sim->state, &sim->profile);
    /* a level's own sheet may stop at the required rows: the later poses fall back */
    uint32_t rows = (uint32_t)cairo_image_surface_get_height(sheet) / EDITOR_SPRITE_CELL;
    pose = editor_player_pose_for_sheet(pose, rows, sim->state.frame);
    editor_sprites_draw_player(cr, sheet, &pose, x, y, s->zoom);
}
