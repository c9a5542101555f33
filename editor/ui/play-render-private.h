#pragma once
/* SPDX-License-Identifier: MIT */
/* Shared by play-render.c (the view, objects, HUD), play-render-debug.c (the physics debugger)
 * and play-render-player.c (the player's sprite): coordinates and text helpers. Private. */

#include "play-render-state.h"

#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <math.h>

typedef struct {
    double r, g, b;
} Rgb;

static inline void set_rgb(cairo_t *cr, Rgb c, double a)
{
    cairo_set_source_rgba(cr, c.r, c.g, c.b, a);
}

/* Level px -> view units (the centre of pixel @px when @centre). */
static inline double vx(const PlayRenderState *s, double px)
{
    return (px - s->view_x) * s->zoom;
}

static inline double vy(const PlayRenderState *s, double py)
{
    return (py - s->view_y) * s->zoom;
}

static inline void fixed_text(char *buf, size_t size, int32_t v)
{
    lw_fixed_format(buf, size, v);
}

static inline void mono(cairo_t *cr, double size)
{
    cairo_select_font_face(cr, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

/* A block of lines on a dark rounded box; (x, y) top-left. Returns the box height. */
static inline double text_box(cairo_t *cr, double x, double y, const char *const *lines, int n,
                              double size, double min_w)
{
    mono(cr, size);
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    double w = min_w;
    for (int i = 0; i < n; i++) {
        cairo_text_extents_t te;
        cairo_text_extents(cr, lines[i], &te);
        w = MAX(w, te.x_advance);
    }
    double lh = fe.height, pad = 6, h = n * lh + 2 * pad;
    cairo_new_sub_path(cr);
    double r = 5;
    cairo_arc(cr, x + w + 2 * pad - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w + 2 * pad - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 1.5 * G_PI);
    cairo_close_path(cr);
    cairo_set_source_rgba(cr, 0.05, 0.06, 0.1, 0.78);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.95, 0.95, 0.95);
    for (int i = 0; i < n; i++) {
        cairo_move_to(cr, x + pad, y + pad + fe.ascent + i * lh);
        cairo_show_text(cr, lines[i]);
    }
    return h;
}

static inline void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
    r = MIN(r, MIN(w, h) / 2);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 1.5 * G_PI);
    cairo_close_path(cr);
}

static inline void box(cairo_t *cr, const PlayRenderState *s, double cx, double cy, double w,
                       double h)
{
    cairo_rectangle(cr, vx(s, cx - w), vy(s, cy - h), 2 * w * s->zoom, 2 * h * s->zoom);
}

/** The physics debugger over the view: collision box, sensor casts, angle and velocity, text
 * panel, mask insets and the plot (play-render-debug.c). (@cx, @cy): the player's centre. */
void play_render_debug_overlay(cairo_t *cr, const PlayRenderState *s, double cx, double cy,
                               int width, int height);

/** The debugger's object layer: solid boxes, hitboxes, the touched object (play-render-debug.c). */
void play_render_object_boxes(cairo_t *cr, const PlayRenderState *s);

/** Simulated object @i of a tree level with the tree's sprite, at its engine position
 * (play-render-sprites.c); FALSE, drawing nothing, when it has none (then the built-in picture
 * is drawn). */
gboolean play_render_sprite_object(cairo_t *cr, const PlayRenderState *s, uint32_t i);

/** The imported objects of a tree level that the engine does not run (placeholders: stakes,
 * enemies, scenery), with their sprites at their placed positions, those near the view
 * (play-render-sprites.c). Nothing without s->object_sprites. */
void play_render_placeholders(cairo_t *cr, const PlayRenderState *s, int width, int height);

/** The player from its sprite sheet in the pose its state gives (play-render-player.c); it
 * flashes after a hit. */
void play_render_player(cairo_t *cr, const PlayRenderState *s);
