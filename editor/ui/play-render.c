/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-render"

#include "play-render.h"

#include "doc/object-sprites.h"
#include "doc/play-session.h"
#include "editor-sprites.h"
#include "play-render-private.h"

#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <loopwright/trace.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define LENS_W 72 /* px: half-size of the collision lens around the player */
#define LENS_H 64

#define GOAL_TURN_FRAMES 144 /* the sign's turn lasts this long (step 52: its back) */

/* ---- game objects (docs/OBJECTS.md), drawn from the simulation's state ---- */

static void draw_ring(cairo_t *cr, double x, double y, double z, uint32_t frame)
{
    /* a gold ring turning: its width follows the frame count */
    double turn = fabs(cos(frame * 0.12 + x * 0.01));
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, z * (0.25 + 0.75 * turn), z);
    cairo_arc(cr, 0, 0, 6.5, 0, 2 * G_PI);
    cairo_restore(cr);
    cairo_set_line_width(cr, 2.2 * z);
    cairo_set_source_rgb(cr, 0.55, 0.35, 0.02);
    cairo_stroke_preserve(cr);
    cairo_set_line_width(cr, 1.3 * z);
    cairo_set_source_rgb(cr, 1.0, 0.84, 0.15);
    cairo_stroke(cr);
}

/* The goal sign's column @frames after the goal: it turns twice as fast for the first 64 frames,
 * then slows and rests on its back (column 4) from frame 144 on. */
static guint goal_frame(guint frames)
{
    static const guint turn[8] = {0, 1, 2, 3, 4, 3, 2, 1};
    if (frames >= GOAL_TURN_FRAMES)
        return EDITOR_OBJSPR_GOAL_FRAMES - 1;
    guint step = frames < 64 ? frames / 2 : 32 + (frames - 64) / 4;
    return turn[step % 8];
}

static void draw_game_object(cairo_t *cr, const PlayRenderState *s, uint32_t i)
{
    const lw_sim *sim = s->sim;
    const lw_sim_object *o = &sim->objects[i];
    const lw_obj_state *st = &sim->state.game.obj[i];
    double x = st->x / 256.0, y = st->y / 256.0, z = s->zoom;
    uint32_t frame = sim->state.frame;
    switch ((lw_obj_type)o->type) {
    case LW_OBJ_RING:
        if (!(st->flags & LW_OBJF_GONE))
            draw_ring(cr, vx(s, x + 0.5), vy(s, y + 0.5), z, frame);
        break;
    case LW_OBJ_SPRING: {
        /* base and a coil, squashed for 8 frames after a launch; yellow or red top */
        cairo_save(cr);
        cairo_translate(cr, vx(s, x), vy(s, y));
        cairo_scale(cr, z, z);
        static const double rot[8] = {0,         G_PI,     -G_PI / 2,     G_PI / 2,
                                      -G_PI / 4, G_PI / 4, -3 * G_PI / 4, 3 * G_PI / 4};
        cairo_rotate(cr, rot[o->dir & 7]); /* turns the upward spring to its direction */
        double ext = st->timer ? 2 : 7;
        cairo_set_source_rgb(cr, 0.45, 0.47, 0.5);
        cairo_rectangle(cr, -14, 4, 28, 4);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.7, 0.72, 0.75);
        cairo_rectangle(cr, -8, 4 - ext, 16, ext);
        cairo_fill(cr);
        if (o->variant)
            cairo_set_source_rgb(cr, 0.9, 0.15, 0.12);
        else
            cairo_set_source_rgb(cr, 1.0, 0.85, 0.1);
        cairo_rectangle(cr, -15, 4 - ext - 5, 30, 5);
        cairo_fill(cr);
        cairo_restore(cr);
        break;
    }
    case LW_OBJ_SPIKES: {
        cairo_save(cr);
        cairo_translate(cr, vx(s, x), vy(s, y));
        cairo_scale(cr, z, z);
        static const double rot[4] = {0, G_PI, -G_PI / 2, G_PI / 2};
        cairo_rotate(cr, rot[o->dir & 3]);
        cairo_set_source_rgb(cr, 0.45, 0.47, 0.5);
        cairo_rectangle(cr, -16, 10, 32, 6);
        cairo_fill(cr);
        for (int k = 0; k < 4; k++) {
            cairo_move_to(cr, -16 + 8 * k, 10);
            cairo_line_to(cr, -12 + 8 * k, -16);
            cairo_line_to(cr, -8 + 8 * k, 10);
            cairo_close_path(cr);
        }
        cairo_set_source_rgb(cr, 0.85, 0.87, 0.9);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.35);
        cairo_set_line_width(cr, 0.8);
        cairo_stroke(cr);
        cairo_restore(cr);
        break;
    }
    case LW_OBJ_MONITOR: {
        if (st->flags & LW_OBJF_GONE) {
            cairo_set_source_rgb(cr, 0.35, 0.35, 0.38);
            box(cr, s, x, y + 10, 14, 5);
            cairo_fill(cr);
            break;
        }
        cairo_set_source_rgb(cr, 0.55, 0.57, 0.62);
        box(cr, s, x, y, 14, 15);
        cairo_fill(cr);
        static const Rgb icon[5] = {
            {1.0, 0.84, 0.15}, {0.3, 0.6, 1.0}, {1.0, 1.0, 1.0}, {0.9, 0.2, 0.2}, {0.2, 0.8, 0.3}};
        Rgb c = icon[o->variant < 5 ? o->variant : 0];
        set_rgb(cr, c, 1);
        box(cr, s, x, y - 2, 9, 8);
        cairo_fill(cr);
        break;
    }
    case LW_OBJ_PLATFORM:
        if (st->flags & LW_OBJF_GONE)
            break;
        cairo_set_source_rgb(cr, 0.6, 0.42, 0.2);
        box(cr, s, x, y - 4, o->half_w, 4);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.3, 0.75, 0.3);
        box(cr, s, x, y - 7, o->half_w, 1);
        cairo_fill(cr);
        break;
    case LW_OBJ_BRIDGE: {
        uint32_t n = o->logs;
        double left = x - 16.0 * (n / 2) - 8;
        for (uint32_t k = 0; k < n; k++) {
            int32_t off = lw_bridge_log_offset(n, st->timer, k, st->aux);
            cairo_set_source_rgb(cr, 0.62, 0.4, 0.18);
            cairo_rectangle(cr, vx(s, left + 16 * k + 1), vy(s, y - 8 + off), 14 * z, 8 * z);
            cairo_fill(cr);
        }
        break;
    }
    case LW_OBJ_CHECKPOINT:
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.8);
        box(cr, s, x, y, 1.5, 24);
        cairo_fill(cr);
        if (st->flags & LW_OBJF_TRIGGERED)
            cairo_set_source_rgb(cr, 0.95, 0.2, 0.2);
        else
            cairo_set_source_rgb(cr, 0.2, 0.4, 1.0);
        cairo_arc(cr, vx(s, x), vy(s, y - 26), 4 * z, 0, 2 * G_PI);
        cairo_fill(cr);
        break;
    case LW_OBJ_GOAL: {
        /* the sheet's sign (tools/gen-sprites.c), its origin at the cell's centre as the editor
         * draws it; passed, it turns from its front to its back */
        cairo_surface_t *sheet = editor_sprites_builtin(EDITOR_SPRITES_OBJECTS);
        guint col = (st->flags & LW_OBJF_TRIGGERED) ? goal_frame(s->finished_frames) : 0;
        if (sheet) {
            editor_sprites_draw_cell(cr, sheet, col, EDITOR_OBJSPR_GOAL, vx(s, x), vy(s, y), z, 1,
                                     0, FALSE);
            break;
        }
        cairo_set_source_rgb(cr, 0.4, 0.4, 0.45); /* a build without the sheet */
        box(cr, s, x, y + 8, 1.5, 16);
        cairo_fill(cr);
        break;
    }
    case LW_OBJ_ENEMY:
        if (st->flags & LW_OBJF_GONE)
            break;
        cairo_set_source_rgb(cr, 0.85, 0.15, 0.15);
        cairo_save(cr);
        cairo_translate(cr, vx(s, x), vy(s, y));
        cairo_scale(cr, 16 * z, 12 * z);
        cairo_arc(cr, 0, 0, 1, 0, 2 * G_PI);
        cairo_restore(cr);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
        cairo_arc(cr, vx(s, x), vy(s, y + 11), 3.5 * z, 0, 2 * G_PI);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_arc(cr, vx(s, x + ((st->flags & LW_OBJF_FLIP) ? -9 : 9)), vy(s, y - 3), 3 * z, 0,
                  2 * G_PI);
        cairo_fill(cr);
        break;
    case LW_OBJ_TYPE_COUNT:
        break;
    }
}

static void draw_game_objects(cairo_t *cr, const PlayRenderState *s, int width, int height)
{
    const lw_sim *sim = s->sim;
    play_render_placeholders(cr, s, width, height);
    double right = s->view_x + width / s->zoom;
    for (uint32_t i = 0; i < sim->object_count; i++) {
        const lw_obj_state *st = &sim->state.game.obj[i];
        double x = st->x / 256.0;
        if (x < s->view_x - 300 || x > right + 300)
            continue;
        if (!play_render_sprite_object(cr, s, i))
            draw_game_object(cr, s, i);
    }
    const lw_game_state *g = &sim->state.game;
    for (uint32_t k = 0; k < g->spill_count; k++) {
        if (g->spill[k].y == INT32_MIN)
            continue;
        /* scattered rings blink in their last 64 frames */
        if (g->spill_timer < 64 && (g->spill_timer & 4))
            continue;
        draw_ring(cr, vx(s, g->spill[k].x / 256.0 + 0.5), vy(s, g->spill[k].y / 256.0 + 0.5),
                  s->zoom, sim->state.frame);
    }
}

/* ---- the whole view ---- */

char *play_render_time_text(uint32_t frames, char *buf, size_t size)
{
    uint32_t seconds = frames / 60;
    g_snprintf(buf, size, "%u:%02u.%02u", seconds / 60, seconds % 60, frames % 60 * 100 / 60);
    return buf;
}

const char *play_render_finish_text(const lw_sim *sim, char *buf, size_t size)
{
    char time[16];
    unsigned rings = sim->state.game.rings;
    g_snprintf(buf, size, "Finished · time %s · %u %s — R restarts",
               play_render_time_text(sim->state.frame, time, sizeof time), rings,
               rings == 1 ? "ring" : "rings");
    return buf;
}

void play_render_draw(EditorRenderer *renderer, cairo_t *cr, int width, int height,
                      const PlayRenderState *s)
{
    const lw_player *pl = &s->sim->state.player;
    cairo_save(cr);
    /* outside the level (a level smaller than the view): a dark frame */
    cairo_set_source_rgb(cr, 0.12, 0.12, 0.14);
    cairo_paint(cr);
    editor_renderer_draw_view(renderer, cr, s->view_x, s->view_y, s->zoom, s->device_scale, width,
                              height, EDITOR_OVERLAY_WATER);
    int32_t px = pl->x >> 8, py = pl->y >> 8;
    if (s->debug) {
        /* a lens around the player shows the collision of its current path: the art stays
         * readable elsewhere, and the sensors' surroundings are explicit */
        guint overlays =
            (pl->path == LW_PATH_B ? EDITOR_OVERLAY_COLLISION_B : EDITOR_OVERLAY_COLLISION_A) |
            EDITOR_OVERLAY_WATER;
        double lx = vx(s, px - LENS_W), ly = vy(s, py - LENS_H), lw = 2 * LENS_W * s->zoom,
               lh = 2 * LENS_H * s->zoom;
        cairo_save(cr);
        rounded_rect(cr, lx, ly, lw, lh, 12);
        cairo_clip(cr);
        editor_renderer_draw_view(renderer, cr, s->view_x, s->view_y, s->zoom, s->device_scale,
                                  width, height, overlays);
        cairo_restore(cr);
        rounded_rect(cr, lx + 0.5, ly + 0.5, lw - 1, lh - 1, 12);
        cairo_set_source_rgba(cr, 1, 1, 1, 0.7);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        char lens[32];
        g_snprintf(lens, sizeof lens, "path %c collision", pl->path == LW_PATH_B ? 'B' : 'A');
        mono(cr, 10);
        cairo_set_source_rgba(cr, 0, 0, 0, 0.6);
        cairo_text_extents_t te;
        cairo_text_extents(cr, lens, &te);
        /* on the lens's bottom edge: its top edge sits under the readout box (top left) when
         * the camera centres the player */
        double label_y = ly + lh - 12;
        cairo_rectangle(cr, lx + 10, label_y - 1, te.x_advance + 6, 13);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_move_to(cr, lx + 13, label_y + 9);
        cairo_show_text(cr, lens);
        editor_renderer_draw_objects(renderer, cr, s->view_x, s->view_y, s->zoom,
                                     EDITOR_OVERLAY_SWAPPERS, 0);
    }

    draw_game_objects(cr, s, width, height);
    if (s->debug)
        play_render_object_boxes(cr, s);

    /* the player, at its pixel position (as the originals draw it) */
    play_render_player(cr, s);
    const lw_game_state *g = &s->sim->state.game;
    if (s->debug) {
        play_render_debug_overlay(cr, s, vx(s, px + 0.5), vy(s, py + 0.5), width, height);
    } else {
        char line[64], rings[64], time[16];
        g_snprintf(line, sizeof line, "frame %u  time %s", s->sim->state.frame,
                   play_render_time_text(s->sim->state.frame, time, sizeof time));
        const char *lines[] = {line, rings};
        int n = 1;
        if (s->sim->object_count) {
            g_snprintf(rings, sizeof rings, "rings %u  score %u", (unsigned)g->rings,
                       (unsigned)g->score);
            n = 2;
        }
        text_box(cr, 10, 10, lines, n, 12, 0);
    }
    /* status (top right, under the insets when debugging: bottom right) and notes */
    if (s->status || s->note) {
        const char *lines[2];
        int n = 0;
        if (s->status)
            lines[n++] = s->status;
        if (s->note)
            lines[n++] = s->note;
        mono(cr, 12);
        double w = 0;
        for (int i = 0; i < n; i++) {
            cairo_text_extents_t te;
            cairo_text_extents(cr, lines[i], &te);
            w = MAX(w, te.x_advance);
        }
        double y = s->debug ? height - 10 - (n * 15 + 12) : 10;
        text_box(cr, width - w - 22, y, lines, n, 12, 0);
    }
    if (s->banner) {
        /* below the player's focus line, above the plot: it never hides the player */
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        cairo_set_font_size(cr, 22);
        cairo_text_extents_t te;
        cairo_text_extents(cr, s->banner, &te);
        double bx = (width - te.x_advance) / 2, by = height * 0.72;
        cairo_set_source_rgba(cr, 0, 0, 0, 0.55);
        rounded_rect(cr, bx - 14, by - te.height - 10, te.x_advance + 28, te.height + 20, 8);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_move_to(cr, bx, by);
        cairo_show_text(cr, s->banner);
    }
    cairo_restore(cr);
}
