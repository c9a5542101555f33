/* SPDX-License-Identifier: MIT */
/* The player in test-play, from its sprite sheet (play-render-private.h; docs/OBJECTS.md §17). */
#define G_LOG_DOMAIN "play-render"

#include "doc/play-session.h"
#include "doc/player-anim.h"
#include "editor-sprites.h"
#include "play-render-private.h"
#include "play-render.h"

/* The state drawn and those before it, newest first, into @history (at most
 * EDITOR_PLAYER_DUST_HISTORY): the session's rewind ring, or the state alone without a session. */
static uint32_t player_history(const PlayRenderState *s,
                               const lw_sim_state *history[EDITOR_PLAYER_DUST_HISTORY])
{
    uint32_t n = 0;
    const lw_sim_state *now = &s->sim->state;
    history[n++] = now;
    /* the ring's newest entry is the state drawn, unless the sim was moved on without it */
    const lw_sim_state *head = s->session ? play_session_get_history(s->session, 0) : NULL;
    if (head && head->frame == now->frame) {
        for (; n < EDITOR_PLAYER_DUST_HISTORY; n++) {
            const lw_sim_state *st = play_session_get_history(s->session, n);
            if (!st || st->frame + n != now->frame)
                break;
            history[n] = st;
        }
    }
    return n;
}

/* The spindash cloud and the skid puffs (docs/OBJECTS.md §17.4), in front of the player as
 * S2 draws them [S2 Obj08_Init: priority 1, Sonic's is 2]. A sheet without the dust rows (a
 * level's own, of 13 or 15 rows) draws none. */
static void draw_dust(cairo_t *cr, const PlayRenderState *s, cairo_surface_t *sheet,
                      const lw_sim_state *const *history, uint32_t n)
{
    uint32_t rows = (uint32_t)cairo_image_surface_get_height(sheet) / EDITOR_SPRITE_CELL;
    if (rows <= EDITOR_PLAYER_DUST_SKID)
        return;
    EditorPlayerDust dust[EDITOR_PLAYER_DUST_MAX];
    uint32_t count = editor_player_dust(history, n, &s->sim->profile, dust);
    for (uint32_t i = 0; i < count; i++)
        editor_sprites_draw_cell(cr, sheet, dust[i].frame, dust[i].anim, vx(s, dust[i].x),
                                 vy(s, dust[i].y), s->zoom, 1, 0, dust[i].mirror);
}

void play_render_player(cairo_t *cr, const PlayRenderState *s)
{
    const lw_sim *sim = s->sim;
    const lw_game_state *g = &sim->state.game;
    /* after a hit the player flashes, 4 frames on and 4 off (SPG Ring Loss), not while in the
     * hurt routine */
    bool hidden = g->invuln && !g->hurt && (g->invuln & 4);
    const lw_player *pl = &sim->state.player;
    cairo_surface_t *sheet =
        s->player_sheet ? s->player_sheet : editor_sprites_builtin(EDITOR_SPRITES_PLAYER);
    const lw_sim_state *history[EDITOR_PLAYER_DUST_HISTORY];
    uint32_t n = player_history(s, history);
    if (hidden) {
        if (sheet)
            draw_dust(cr, s, sheet, history, n); /* an object of its own: it does not flash */
        return;
    }
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
    /* a level's own sheet may stop at the required rows: the later poses fall back; the skid
     * is chosen with the states before this one */
    uint32_t rows = (uint32_t)cairo_image_surface_get_height(sheet) / EDITOR_SPRITE_CELL;
    EditorPlayerPose pose = editor_player_pose_drawn(history, n, &sim->profile, rows);
    editor_sprites_draw_player(cr, sheet, &pose, x, y, s->zoom);
    draw_dust(cr, s, sheet, history, n);
}
