/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-render"

#include "play-render.h"

#include "doc/play-session.h"

#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <loopwright/trace.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define PLOT_FRAMES 300 /* 5 s of history in the plot */
#define LENS_W      72  /* px: half-size of the collision lens around the player */
#define LENS_H      64

typedef struct {
    double r, g, b;
} Rgb;

static const Rgb col_hit = {0.25, 0.95, 0.35};  /* a sensor that met a surface */
static const Rgb col_miss = {1.0, 0.27, 0.27};  /* a sensor that met nothing */
static const Rgb col_angle = {1.0, 0.82, 0.13}; /* ground angle */
static const Rgb col_speed = {1.0, 0.55, 0.15}; /* Gsp in the plot, the velocity arrow */
static const Rgb col_y = {0.45, 0.8, 1.0};      /* Y in the plot */

static void set_rgb(cairo_t *cr, Rgb c, double a)
{
    cairo_set_source_rgba(cr, c.r, c.g, c.b, a);
}

/* Level px -> view units (the centre of pixel @px when @centre). */
static double vx(const PlayRenderState *s, double px)
{
    return (px - s->view_x) * s->zoom;
}

static double vy(const PlayRenderState *s, double py)
{
    return (py - s->view_y) * s->zoom;
}

static void fixed_text(char *buf, size_t size, int32_t v)
{
    lw_fixed_format(buf, size, v);
}

/* ---- text ---- */

static void mono(cairo_t *cr, double size)
{
    cairo_select_font_face(cr, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

/* A block of lines on a dark rounded box; (x, y) top-left. Returns the box height. */
static double text_box(cairo_t *cr, double x, double y, const char *const *lines, int n,
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

/* ---- the player ---- */

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
    r = MIN(r, MIN(w, h) / 2);
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, y + r, r, G_PI, 1.5 * G_PI);
    cairo_close_path(cr);
}

static const Rgb body = {((PLAY_RENDER_PLAYER_RGB >> 16) & 255) / 255.0,
                         ((PLAY_RENDER_PLAYER_RGB >> 8) & 255) / 255.0,
                         (PLAY_RENDER_PLAYER_RGB & 255) / 255.0};

static void draw_eye(cairo_t *cr, double x, double y, double dir, double size)
{
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, 1, 1.35);
    cairo_arc(cr, 0, 0, size, 0, 2 * G_PI);
    cairo_restore(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.05, 0.1, 0.25);
    cairo_set_line_width(cr, 0.6);
    cairo_stroke(cr);
    cairo_arc(cr, x + dir * size * 0.45, y, size * 0.5, 0, 2 * G_PI);
    cairo_set_source_rgb(cr, 0.02, 0.02, 0.05);
    cairo_fill(cr);
}

/* Drawn in level px units around the centre; the caller set up the transform. */
static void draw_player(cairo_t *cr, const lw_player *pl, uint32_t frame)
{
    double dir = pl->facing_left ? -1 : 1;
    double wr = pl->wr, hr = pl->hr;
    gboolean ball = pl->rolling || (pl->airborne && pl->jumping);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    if (ball) {
        /* a spinning ball: stripes turn with the frame count, faster with speed */
        double r = hr + 0.5;
        double speed = fabs((pl->airborne ? pl->xsp : pl->gsp) / 256.0);
        double spin = dir * frame * (0.25 + speed * 0.12);
        cairo_arc(cr, 0, 0, r, 0, 2 * G_PI);
        set_rgb(cr, body, 1);
        cairo_fill_preserve(cr);
        cairo_save(cr);
        cairo_clip(cr);
        cairo_rotate(cr, spin);
        cairo_set_source_rgb(cr, 0.1, 0.27, 0.7);
        for (int i = 0; i < 3; i++) {
            cairo_save(cr);
            cairo_rotate(cr, i * 2 * G_PI / 3);
            cairo_move_to(cr, 0, 0);
            cairo_curve_to(cr, r * 0.6, -r * 0.3, r * 0.9, r * 0.2, r * 1.1, r * 0.7);
            cairo_line_to(cr, r * 1.1, r * 1.1);
            cairo_curve_to(cr, r * 0.6, r * 0.4, r * 0.4, r * 0.1, 0, 0);
            cairo_fill(cr);
            cairo_restore(cr);
        }
        cairo_restore(cr);
        cairo_arc(cr, 0, 0, r, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 0.04, 0.1, 0.3);
        cairo_set_line_width(cr, 1.2);
        cairo_stroke(cr);
        /* the eye stays on the facing side while the stripes spin */
        draw_eye(cr, dir * r * 0.45, -r * 0.35, dir, r * 0.22);
        return;
    }
    /* standing/running: a capsule 2wr+1 x 2hr+1 with a belly, an eye and red shoes */
    double w = 2 * wr + 1, h = 2 * hr + 1;
    double x = -w / 2, y = -h / 2;
    /* shoes first, under the body's lower edge */
    cairo_set_source_rgb(cr, 0.86, 0.12, 0.12);
    rounded_rect(cr, x - 1 + (dir > 0 ? 2 : -2), y + h - 5, w + 2, 5, 2.5);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x + 1 + (dir > 0 ? 2 : -2), y + h - 5, w - 2, 1.2);
    cairo_fill(cr);
    rounded_rect(cr, x, y, w, h - 4, w / 2);
    set_rgb(cr, body, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.04, 0.1, 0.3);
    cairo_set_line_width(cr, 1.2);
    cairo_stroke(cr);
    /* belly: a light oval on the facing side */
    cairo_save(cr);
    cairo_translate(cr, dir * w * 0.12, h * 0.08);
    cairo_scale(cr, w * 0.3, h * 0.22);
    cairo_arc(cr, 0, 0, 1, 0, 2 * G_PI);
    cairo_restore(cr);
    cairo_set_source_rgb(cr, 0.96, 0.84, 0.62);
    cairo_fill(cr);
    /* a spike at the back of the head shows the facing too */
    cairo_move_to(cr, -dir * w * 0.3, y + h * 0.12);
    cairo_line_to(cr, -dir * (w * 0.5 + 6), y + h * 0.2);
    cairo_line_to(cr, -dir * w * 0.45, y + h * 0.34);
    cairo_close_path(cr);
    set_rgb(cr, body, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.04, 0.1, 0.3);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    draw_eye(cr, dir * w * 0.2, y + h * 0.22, dir, w * 0.17);
}

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

static void box(cairo_t *cr, const PlayRenderState *s, double cx, double cy, double w, double h)
{
    cairo_rectangle(cr, vx(s, cx - w), vy(s, cy - h), 2 * w * s->zoom, 2 * h * s->zoom);
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
        bool horiz = o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT;
        double w = horiz ? 8 : 16, h = horiz ? 16 : 8;
        cairo_save(cr);
        cairo_translate(cr, vx(s, x), vy(s, y));
        cairo_scale(cr, z, z);
        static const double rot[8] = {0,         G_PI,     -G_PI / 2,     G_PI / 2,
                                      -G_PI / 4, G_PI / 4, -3 * G_PI / 4, 3 * G_PI / 4};
        cairo_rotate(cr, rot[o->dir & 7]);
        if (horiz)
            cairo_rotate(cr, 0); /* the rotation already turns the up spring sideways */
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
        (void)w;
        (void)h;
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
    case LW_OBJ_GOAL:
        cairo_set_source_rgb(cr, 0.4, 0.4, 0.45);
        box(cr, s, x, y + 8, 1.5, 16);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, (st->flags & LW_OBJF_TRIGGERED) ? 0.2 : 1.0, 0.85, 0.2);
        box(cr, s, x, y - 14, 16, 10);
        cairo_fill(cr);
        break;
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

static void draw_game_objects(cairo_t *cr, const PlayRenderState *s, int width)
{
    const lw_sim *sim = s->sim;
    double right = s->view_x + width / s->zoom;
    for (uint32_t i = 0; i < sim->object_count; i++) {
        const lw_obj_state *st = &sim->state.game.obj[i];
        double x = st->x / 256.0;
        if (x < s->view_x - 300 || x > right + 300)
            continue;
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

/* The debugger's object layer: solid boxes (white), hitboxes (magenta), the touched object. */
static void draw_object_boxes(cairo_t *cr, const PlayRenderState *s)
{
    const lw_sim *sim = s->sim;
    cairo_set_line_width(cr, 1);
    for (uint32_t i = 0; i < sim->object_count; i++) {
        const lw_sim_object *o = &sim->objects[i];
        const lw_obj_state *st = &sim->state.game.obj[i];
        double x = st->x / 256.0, y = st->y / 256.0;
        if (st->flags & LW_OBJF_GONE)
            continue;
        double hw = 0, hh = 0;
        switch ((lw_obj_type)o->type) {
        case LW_OBJ_RING:
            hw = hh = 6;
            break;
        case LW_OBJ_ENEMY:
            hw = 16;
            hh = 14;
            break;
        case LW_OBJ_MONITOR:
            hw = hh = 16;
            break;
        case LW_OBJ_SPRING:
        case LW_OBJ_SPIKES:
        case LW_OBJ_PLATFORM:
        case LW_OBJ_BRIDGE:
        case LW_OBJ_CHECKPOINT:
        case LW_OBJ_GOAL:
        case LW_OBJ_TYPE_COUNT:
            break;
        }
        bool touched = sim->debug.touched == i + 1;
        if (hw > 0) {
            cairo_set_source_rgba(cr, 1, 0.2, 1, touched ? 1 : 0.7);
            box(cr, s, x + 0.5, y + 0.5, hw + 0.5, hh + 0.5);
            cairo_stroke(cr);
        }
        if (o->type == LW_OBJ_PLATFORM || o->type == LW_OBJ_BRIDGE) {
            double w = o->type == LW_OBJ_BRIDGE ? 8.0 * o->logs + 8 : o->half_w;
            cairo_set_source_rgba(cr, 1, 1, 1, touched ? 1 : 0.6);
            cairo_move_to(cr, vx(s, x - w), vy(s, y - 8));
            cairo_line_to(cr, vx(s, x + w), vy(s, y - 8));
            cairo_stroke(cr);
        } else if (o->type == LW_OBJ_SPRING || o->type == LW_OBJ_SPIKES ||
                   o->type == LW_OBJ_MONITOR) {
            bool horiz =
                o->type == LW_OBJ_SPRING && (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT);
            double w = o->type == LW_OBJ_MONITOR ? 15 : horiz ? 8 : 16;
            double h = o->type == LW_OBJ_MONITOR                                 ? 15
                       : o->type == LW_OBJ_SPIKES                                ? 16
                       : horiz                                                   ? 14
                       : (o->type == LW_OBJ_SPRING && o->dir >= LW_DIR8_UP_LEFT) ? 16
                                                                                 : 8;
            cairo_set_source_rgba(cr, 1, 1, 1, touched ? 1 : 0.6);
            box(cr, s, x, y, w, h);
            cairo_stroke(cr);
        }
    }
}

/* ---- the debugger ---- */

static const char *const sensor_names[] = {"A", "B", "C", "D", "E", "F", "ctr", "edge"};
static const char *const use_names[] = {"ground",    "push",        "headroom", "balance",
                                        "air floor", "air ceiling", "air wall", "start"};
static const char *const dir_arrows[] = {"↓", "→", "↑", "←"};

static void dir_vector(uint8_t dir, int *dx, int *dy)
{
    static const int v[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    *dx = v[dir & 3][0];
    *dy = v[dir & 3][1];
}

/* The path the frame's sensors used: the one before this frame's swappers ran. */
static lw_path frame_path(const PlayRenderState *s)
{
    const lw_sim_state *prev = s->session ? play_session_get_history(s->session, 1) : NULL;
    return (lw_path)(prev ? prev->player.path : s->sim->state.player.path);
}

static void draw_casts(cairo_t *cr, const PlayRenderState *s, double cx, double cy)
{
    const lw_sim_debug *d = &s->sim->debug;
    double z = s->zoom;
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    /* the blocks the sensors read, outlined */
    for (int i = 0; i < d->cast_count; i++) {
        const lw_cast_record *c = &d->casts[i];
        if (!c->hit.found)
            continue;
        cairo_rectangle(cr, vx(s, c->hit.cell_x) + 0.5, vy(s, c->hit.cell_y) + 0.5, 16 * z - 1,
                        16 * z - 1);
        cairo_set_source_rgba(cr, 1, 1, 1, 0.55);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
    }
    mono(cr, MAX(9, MIN(12, 4 * z + 2)));
    for (int i = 0; i < d->cast_count; i++) {
        const lw_cast_record *c = &d->casts[i];
        int dx, dy;
        dir_vector(c->dir, &dx, &dy);
        double ax = vx(s, c->x + 0.5), ay = vy(s, c->y + 0.5);
        /* to the surface, or to the end of the two scanned blocks */
        int32_t reach = c->hit.distance;
        double ex = vx(s, c->x + 0.5 + dx * reach), ey = vy(s, c->y + 0.5 + dy * reach);
        Rgb col = c->hit.surface ? col_hit : col_miss;
        /* dark halo then the line */
        cairo_set_line_width(cr, MAX(2.5, z * 1.2) + 2);
        cairo_set_source_rgba(cr, 0, 0, 0, 0.55);
        cairo_move_to(cr, ax, ay);
        cairo_line_to(cr, ex, ey);
        cairo_stroke(cr);
        cairo_set_line_width(cr, MAX(2.5, z * 1.2));
        if (!c->hit.surface) {
            double dash[] = {4, 3};
            cairo_set_dash(cr, dash, 2, 0);
        }
        set_rgb(cr, col, 1);
        cairo_move_to(cr, ax, ay);
        cairo_line_to(cr, ex, ey);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
        /* the anchor, and the surface point */
        cairo_arc(cr, ax, ay, MAX(2, z), 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill(cr);
        if (c->hit.surface) {
            cairo_rectangle(cr, ex - MAX(2.5, z), ey - MAX(2.5, z), 2 * MAX(2.5, z),
                            2 * MAX(2.5, z));
            set_rgb(cr, col, 1);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_set_line_width(cr, 1);
            cairo_stroke(cr);
        }
        /* the name beside the anchor, on the outer side of the player */
        const char *name = sensor_names[c->sensor & 7];
        cairo_text_extents_t te;
        cairo_text_extents(cr, name, &te);
        double lx, ly;
        if (dx == 0) {
            lx = ax < cx ? ax - te.x_advance - 5 : ax + 5;
            ly = ay + (dy > 0 ? -3 : te.height + 3);
        } else {
            lx = ax - te.x_advance / 2;
            ly = ay < cy ? ay - 6 : ay + te.height + 6;
        }
        cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
        cairo_rectangle(cr, lx - 1, ly - te.height - 1, te.x_advance + 2, te.height + 3);
        cairo_fill(cr);
        set_rgb(cr, col, 1);
        cairo_move_to(cr, lx, ly);
        cairo_show_text(cr, name);
    }
}

static void draw_angle_and_speed(cairo_t *cr, const PlayRenderState *s, double cx, double cy)
{
    const lw_player *pl = &s->sim->state.player;
    double z = s->zoom;
    /* the ground angle as a line along the surface direction through the centre */
    double ux = lw_cos(pl->angle) / 256.0, uy = lw_sin(pl->angle) / 256.0;
    double len = 34 * z;
    cairo_set_line_width(cr, 4);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.5);
    cairo_move_to(cr, cx - ux * len, cy - uy * len);
    cairo_line_to(cr, cx + ux * len, cy + uy * len);
    cairo_stroke(cr);
    cairo_set_line_width(cr, 2);
    set_rgb(cr, col_angle, 1);
    cairo_move_to(cr, cx - ux * len, cy - uy * len);
    cairo_line_to(cr, cx + ux * len, cy + uy * len);
    cairo_stroke(cr);
    /* the velocity: 4 frames' worth of movement */
    double sx = pl->xsp / 256.0 * 4 * z, sy = pl->ysp / 256.0 * 4 * z;
    if (fabs(sx) + fabs(sy) > 1) {
        double l = hypot(sx, sy), ax = sx / l, ay = sy / l;
        set_rgb(cr, col_speed, 1);
        cairo_set_line_width(cr, 2.5);
        cairo_move_to(cr, cx, cy);
        cairo_line_to(cr, cx + sx, cy + sy);
        cairo_stroke(cr);
        cairo_move_to(cr, cx + sx + ax * 6, cy + sy + ay * 6);
        cairo_line_to(cr, cx + sx - ay * 5, cy + sy + ax * 5);
        cairo_line_to(cr, cx + sx + ay * 5, cy + sy - ax * 5);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
}

/* The collision box (wr x hr around the centre), dashed. */
static void draw_box(cairo_t *cr, const PlayRenderState *s, const lw_player *pl)
{
    int32_t px = pl->x >> 8, py = pl->y >> 8;
    double dash[] = {3, 3};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_line_width(cr, 1);
    cairo_set_source_rgba(cr, 0.6, 1, 1, 0.9);
    cairo_rectangle(cr, vx(s, px - pl->wr) + 0.5, vy(s, py - pl->hr) + 0.5,
                    (2 * pl->wr + 1) * s->zoom - 1, (2 * pl->hr + 1) * s->zoom - 1);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* The 16x16 mask each sensor read, 4x, with the sensor's column or row marked. */
static double draw_mask_insets(cairo_t *cr, const PlayRenderState *s, double right, double top)
{
    const lw_sim_debug *d = &s->sim->debug;
    const lw_level *l = s->level;
    lw_path path = frame_path(s);
    const double cell = 4, size = 16 * cell;
    double y = top;
    int shown = 0;
    for (int i = 0; i < d->cast_count && shown < 6; i++) {
        const lw_cast_record *c = &d->casts[i];
        if (c->use == LW_CAST_BALANCE)
            continue; /* animation only */
        char l1[64], l2[80], l3[80];
        g_snprintf(l1, sizeof l1, "%s%s %s", sensor_names[c->sensor & 7], dir_arrows[c->dir & 3],
                   use_names[c->use & 7]);
        lw_collision_cell cc;
        gboolean has =
            c->hit.found && lw_level_collision_at(l, c->hit.cell_x, c->hit.cell_y, path, &cc);
        if (has) {
            uint16_t mask = l->tiles[cc.tile].mask[path];
            lw_angle a = lw_angle_flip(lw_mask_angle_byte(cc.mask), cc.flags & LW_CELL_FLIP_X,
                                       cc.flags & LW_CELL_FLIP_Y);
            g_snprintf(l2, sizeof l2, "d %+d · tile %u · mask %u%s%s", c->hit.distance, cc.tile,
                       mask, (cc.flags & LW_CELL_FLIP_X) ? " fx" : "",
                       (cc.flags & LW_CELL_FLIP_Y) ? " fy" : "");
            if (lw_angle_is_flagged(a))
                g_snprintf(l3, sizeof l3, "at %d,%d · angle flagged", c->hit.cell_x, c->hit.cell_y);
            else
                g_snprintf(l3, sizeof l3, "at %d,%d · 0x%02X %.1f°", c->hit.cell_x, c->hit.cell_y,
                           a, lw_angle_to_millidegrees(a) / 1000.0);
        } else {
            g_snprintf(l2, sizeof l2, "d %+d · %s", c->hit.distance,
                       c->hit.surface ? "surface" : "nothing solid");
            g_snprintf(l3, sizeof l3, "in 2 blocks (%s)",
                       c->solidity == LW_SOLID_TOP ? "top bit" : "LRB bit");
        }
        const char *lines[] = {l1, l2, l3};
        mono(cr, 11);
        double text_w = 0;
        for (int k = 0; k < 3; k++) {
            cairo_text_extents_t te;
            cairo_text_extents(cr, lines[k], &te);
            text_w = MAX(text_w, te.x_advance);
        }
        double box_w = 6 + size + 8 + text_w + 8, x = right - box_w;
        /* the frame */
        cairo_set_source_rgba(cr, 0.05, 0.06, 0.1, 0.78);
        rounded_rect(cr, x, y, box_w, size + 12, 5);
        cairo_fill(cr);
        double mx = x + 6, my = y + 6;
        cairo_set_source_rgb(cr, 0.18, 0.2, 0.26);
        cairo_rectangle(cr, mx, my, size, size);
        cairo_fill(cr);
        if (has) {
            unsigned solid = cc.solid;
            uint32_t sc = solid == LW_SOLID_ALL   ? LWM_COLOR_SOLID_ALL
                          : solid == LW_SOLID_TOP ? LWM_COLOR_SOLID_TOP
                                                  : LWM_COLOR_SOLID_LRB;
            cairo_set_source_rgb(cr, (sc >> 24 & 255) / 255.0, (sc >> 16 & 255) / 255.0,
                                 (sc >> 8 & 255) / 255.0);
            for (int r = 0; r < 16; r++)
                for (int col = 0; col < 16; col++) {
                    int mc = (cc.flags & LW_CELL_FLIP_X) ? 15 - col : col;
                    int mr = (cc.flags & LW_CELL_FLIP_Y) ? 15 - r : r;
                    if (lw_mask_pixel(cc.mask, mc, mr))
                        cairo_rectangle(cr, mx + col * cell, my + r * cell, cell, cell);
                }
            cairo_fill(cr);
            /* the column (vertical sensors) or row (horizontal) the sensor reads */
            int dx, dy;
            dir_vector(c->dir, &dx, &dy);
            Rgb col = c->hit.surface ? col_hit : col_miss;
            set_rgb(cr, col, 1);
            cairo_set_line_width(cr, 1.5);
            if (dx == 0) {
                int column = c->x - c->hit.cell_x;
                if (column >= 0 && column < 16) {
                    cairo_rectangle(cr, mx + column * cell, my, cell, size);
                    cairo_stroke(cr);
                }
            } else {
                int row = c->y - c->hit.cell_y;
                if (row >= 0 && row < 16) {
                    cairo_rectangle(cr, mx, my + row * cell, size, cell);
                    cairo_stroke(cr);
                }
            }
            if (c->hit.surface) {
                int32_t hx = c->x + dx * c->hit.distance - c->hit.cell_x;
                int32_t hy = c->y + dy * c->hit.distance - c->hit.cell_y;
                if (hx >= 0 && hx < 16 && hy >= 0 && hy < 16) {
                    cairo_arc(cr, mx + (hx + 0.5) * cell, my + (hy + 0.5) * cell, cell * 0.7, 0,
                              2 * G_PI);
                    cairo_set_source_rgb(cr, 1, 1, 1);
                    cairo_fill(cr);
                }
            }
        } else {
            set_rgb(cr, col_miss, 0.9);
            cairo_set_line_width(cr, 2);
            cairo_move_to(cr, mx + 8, my + 8);
            cairo_line_to(cr, mx + size - 8, my + size - 8);
            cairo_move_to(cr, mx + size - 8, my + 8);
            cairo_line_to(cr, mx + 8, my + size - 8);
            cairo_stroke(cr);
        }
        mono(cr, 11);
        cairo_font_extents_t fe;
        cairo_font_extents(cr, &fe);
        for (int k = 0; k < 3; k++) {
            if (k == 0)
                set_rgb(cr, c->hit.surface ? col_hit : col_miss, 1);
            else
                cairo_set_source_rgb(cr, 0.92, 0.92, 0.92);
            cairo_move_to(cr, mx + size + 8, my + fe.ascent + 2 + k * (fe.height + 3));
            cairo_show_text(cr, lines[k]);
        }
        y += size + 12 + 6;
        shown++;
    }
    return y;
}

/* The last 5 s of Gsp (px/frame, +-16) and Y (level px, autoscaled), airborne frames shaded. */
static void draw_plot(cairo_t *cr, const PlayRenderState *s, double x, double y, double w, double h)
{
    if (!s->session)
        return;
    cairo_set_source_rgba(cr, 0.05, 0.06, 0.1, 0.78);
    rounded_rect(cr, x, y, w, h, 5);
    cairo_fill(cr);
    double px0 = x + 8, pw = w - 16, py0 = y + 20, ph = h - 28;
    int32_t ymin = INT32_MAX, ymax = INT32_MIN;
    uint32_t n = 0;
    for (uint32_t b = 0; b < PLOT_FRAMES; b++) {
        const lw_sim_state *st = play_session_get_history(s->session, b);
        if (!st)
            break;
        int32_t py = st->player.y >> 8;
        ymin = MIN(ymin, py);
        ymax = MAX(ymax, py);
        n++;
    }
    if (n == 0)
        return;
    if (ymax - ymin < 64) {
        int32_t mid = (ymin + ymax) / 2;
        ymin = mid - 32;
        ymax = mid + 32;
    }
    double step = pw / (PLOT_FRAMES - 1);
    /* airborne shading and the zero line */
    cairo_set_source_rgba(cr, 1, 1, 1, 0.08);
    for (uint32_t b = 0; b < n; b++) {
        const lw_sim_state *st = play_session_get_history(s->session, b);
        if (st->player.airborne)
            cairo_rectangle(cr, px0 + pw - (b + 0.5) * step, py0, step, ph);
    }
    cairo_fill(cr);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.25);
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, px0, py0 + ph / 2 + 0.5);
    cairo_line_to(cr, px0 + pw, py0 + ph / 2 + 0.5);
    cairo_stroke(cr);
    for (int pass = 0; pass < 2; pass++) {
        cairo_new_path(cr);
        for (uint32_t b = 0; b < n; b++) {
            const lw_sim_state *st = play_session_get_history(s->session, b);
            double v;
            if (pass == 0) {
                double g = st->player.gsp / 256.0;
                if (st->player.airborne)
                    g = st->player.xsp / 256.0;
                v = 0.5 - CLAMP(g, -16, 16) / 32.0;
            } else {
                v = ((st->player.y >> 8) - ymin) / (double)(ymax - ymin);
            }
            cairo_line_to(cr, px0 + pw - b * step, py0 + v * ph);
        }
        set_rgb(cr, pass == 0 ? col_speed : col_y, 1);
        cairo_set_line_width(cr, 1.6);
        cairo_stroke(cr);
    }
    const lw_player *pl = &s->sim->state.player;
    char gs[32], label[128];
    fixed_text(gs, sizeof gs, pl->airborne ? pl->xsp : pl->gsp);
    mono(cr, 11);
    set_rgb(cr, col_speed, 1);
    g_snprintf(label, sizeof label, "%s %s", pl->airborne ? "Xsp" : "Gsp", gs);
    cairo_move_to(cr, x + 8, y + 14);
    cairo_show_text(cr, label);
    set_rgb(cr, col_y, 1);
    g_snprintf(label, sizeof label, "Y %d (%d..%d)", pl->y >> 8, ymin, ymax);
    cairo_move_to(cr, x + 130, y + 14);
    cairo_show_text(cr, label);
    cairo_set_source_rgb(cr, 0.75, 0.75, 0.75);
    cairo_move_to(cr, x + w - 70, y + 14);
    cairo_show_text(cr, "last 5 s");
}

static void input_text(char *buf, lw_input in)
{
    char *p = buf;
    if (in & LW_BUTTON_LEFT)
        *p++ = 'L';
    if (in & LW_BUTTON_RIGHT)
        *p++ = 'R';
    if (in & LW_BUTTON_UP)
        *p++ = 'U';
    if (in & LW_BUTTON_DOWN)
        *p++ = 'D';
    if (in & LW_BUTTON_JUMP)
        *p++ = 'J';
    if (p == buf)
        *p++ = '-';
    *p = '\0';
}

static void draw_panel(cairo_t *cr, const PlayRenderState *s)
{
    const lw_sim *sim = s->sim;
    const lw_player *pl = &sim->state.player;
    const lw_sim_debug *d = &sim->debug;
    static const char *const routines[] = {"ground", "roll", "air"};
    char x[32], y[32], xsp[32], ysp[32], gsp[32], in[8];
    fixed_text(x, sizeof x, pl->x);
    fixed_text(y, sizeof y, pl->y);
    fixed_text(xsp, sizeof xsp, pl->xsp);
    fixed_text(ysp, sizeof ysp, pl->ysp);
    fixed_text(gsp, sizeof gsp, pl->gsp);
    input_text(in, s->input);
    char l[8][128];
    int n = 0;
    g_snprintf(l[n++], sizeof l[0], "frame %-6u %s%s%s", sim->state.frame,
               d->routine < 3 ? routines[d->routine] : "?", d->jumped ? " +jump" : "",
               d->landed ? " +landed" : "");
    char mode[48];
    if (d->mode != LW_SIM_DEBUG_NONE)
        g_snprintf(mode, sizeof mode, "mode %s", lw_mode_name((lw_mode)d->mode));
    else if (d->air_quadrant != LW_SIM_DEBUG_NONE)
        g_snprintf(
            mode, sizeof mode, "air, moving %s",
            (const char *const[]){"down", "left", "up", "right"}[(d->air_quadrant >> 6) & 3]);
    else
        g_snprintf(mode, sizeof mode, "mode -");
    g_snprintf(l[n++], sizeof l[0], "%-22s angle 0x%02X %6.1f°", mode, pl->angle,
               lw_angle_to_millidegrees(pl->angle) / 1000.0);
    g_snprintf(l[n++], sizeof l[0], "X %-12s Y %-12s path %c", x, y,
               pl->path == LW_PATH_B ? 'B' : 'A');
    g_snprintf(l[n++], sizeof l[0], "Gsp %-10s Xsp %-10s Ysp %s", gsp, xsp, ysp);
    g_snprintf(l[n++], sizeof l[0], "%s%s%s%s lock %-3u input %s", pl->airborne ? "air" : "ground",
               pl->rolling ? " rolling" : "", pl->jumping ? " jumping" : "",
               pl->pushing ? " pushing" : "", pl->control_lock, in);
    /* the A/B pair of the frame, in words: who met ground, who won */
    int a = -1, b = -1;
    for (int i = 0; i < d->cast_count; i++) {
        const lw_cast_record *c = &d->casts[i];
        if ((c->use == LW_CAST_GROUND || c->use == LW_CAST_AIR_FLOOR) && c->sensor == LW_SENSOR_A)
            a = i;
        if ((c->use == LW_CAST_GROUND || c->use == LW_CAST_AIR_FLOOR) && c->sensor == LW_SENSOR_B)
            b = i;
    }
    if (a >= 0 && b >= 0) {
        const lw_sensor_hit *ha = &d->casts[a].hit, *hb = &d->casts[b].hit;
        const char *outcome = "";
        if (d->routine != LW_ROUTINE_AIR && pl->airborne)
            outcome = " → left the ground";
        else if (d->landed)
            outcome = " → landed";
        g_snprintf(l[n++], sizeof l[0], "floor pair  A %+d %s  B %+d %s%s", ha->distance,
                   ha->surface ? "hit" : "MISS", hb->distance, hb->surface ? "hit" : "MISS",
                   outcome);
    }
    if (sim->object_count) {
        /* the object the player touches or stands on, by type and level id */
        const lw_game_state *g = &sim->state.game;
        uint32_t t = d->touched ? d->touched : g->on_object;
        char obj[64] = "-";
        if (t)
            g_snprintf(obj, sizeof obj, "%s %u%s", lw_obj_type_name(sim->objects[t - 1].type),
                       (unsigned)sim->objects[t - 1].id, g->on_object == t ? " (on it)" : "");
        g_snprintf(l[n++], sizeof l[0], "rings %u%s%s  object %s", (unsigned)g->rings,
                   g->hurt     ? " HURT"
                   : g->invuln ? " flashing"
                               : "",
                   g->spindash ? " spindash" : "", obj);
    }
    const char *lines[8];
    for (int i = 0; i < n; i++)
        lines[i] = l[i];
    text_box(cr, 10, 10, lines, n, 12.5, 0);
}

/* ---- the whole view ---- */

void play_render_draw(EditorRenderer *renderer, cairo_t *cr, int width, int height,
                      const PlayRenderState *s)
{
    const lw_player *pl = &s->sim->state.player;
    cairo_save(cr);
    /* outside the level (a level smaller than the view): a dark frame */
    cairo_set_source_rgb(cr, 0.12, 0.12, 0.14);
    cairo_paint(cr);
    editor_renderer_draw_view(renderer, cr, s->view_x, s->view_y, s->zoom, s->device_scale, width,
                              height, 0);
    int32_t px = pl->x >> 8, py = pl->y >> 8;
    if (s->debug) {
        /* a lens around the player shows the collision of its current path: the art stays
         * readable elsewhere, and the sensors' surroundings are explicit */
        guint overlays =
            pl->path == LW_PATH_B ? EDITOR_OVERLAY_COLLISION_B : EDITOR_OVERLAY_COLLISION_A;
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
        cairo_rectangle(cr, lx + 10, ly - 1, te.x_advance + 6, 13);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_move_to(cr, lx + 13, ly + 9);
        cairo_show_text(cr, lens);
        editor_renderer_draw_objects(renderer, cr, s->view_x, s->view_y, s->zoom,
                                     EDITOR_OVERLAY_SWAPPERS, 0);
    }

    draw_game_objects(cr, s, width);
    if (s->debug)
        draw_object_boxes(cr, s);

    /* the player, at its pixel position (as the originals draw it); after a hit it flashes,
     * 4 frames on and 4 off (SPG Ring Loss), not while in the hurt routine */
    double cx = vx(s, px + 0.5), cy = vy(s, py + 0.5);
    const lw_game_state *g = &s->sim->state.game;
    gboolean hidden = g->invuln && !g->hurt && (g->invuln & 4);
    cairo_save(cr);
    cairo_translate(cr, cx, cy);
    cairo_scale(cr, s->zoom, s->zoom);
    gboolean ball = pl->rolling || (pl->airborne && pl->jumping);
    if (!ball)
        cairo_rotate(cr, pl->angle * 2 * G_PI / 256.0);
    if (!hidden)
        draw_player(cr, pl, s->sim->state.frame);
    cairo_restore(cr);

    if (s->debug) {
        draw_box(cr, s, pl);
        draw_casts(cr, s, cx, cy);
        draw_angle_and_speed(cr, s, cx, cy);
        draw_panel(cr, s);
        draw_mask_insets(cr, s, width - 10, 10);
        double pw = MIN(480, width - 20);
        draw_plot(cr, s, 10, height - 140, pw, 130);
    } else {
        char line[64], rings[64];
        g_snprintf(line, sizeof line, "frame %u", s->sim->state.frame);
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
