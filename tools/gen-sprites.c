/* SPDX-License-Identifier: MIT */
/*
 * gen-sprites: draws the project's own sprite sheets from geometry.
 *
 *   gen-sprites OUTDIR
 *
 * writes OUTDIR/player.png (the player, in the layout of editor/doc/player-anim.h) and
 * OUTDIR/objects.png (the game objects, editor/doc/object-sprites.h). The art is original: a
 * round blue runner and plain objects, each picture built from discs, ellipses, capsules and
 * triangles rasterised here with integer maths (1/16 px geometry, the engine's sine table), in a
 * small palette with a dark outline added around each picture. The output is deterministic; a
 * test checks the committed data/sprites/ files equal a fresh run.
 */
#include "object-sprites.h"
#include "player-anim.h"

#include <loopwright-masks/image.h>
#include <loopwright/fixed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELL EDITOR_SPRITE_CELL
#define S    16 /* geometry units per px */

/* ---- palette ---- */

enum {
    C_NONE = 0,
    C_OUTLINE,
    C_BODY,
    C_BODY_DARK,
    C_SKIN,
    C_WHITE,
    C_BLACK,
    C_RED,
    C_RED_DARK,
    C_GREY,
    C_GREY_DARK,
    C_YELLOW,
    C_YELLOW_DARK,
    C_GOLD,
    C_GOLD_DARK,
    C_GREEN,
    C_BROWN,
    C_BROWN_DARK,
    C_SKY,
    C_PINK,
    C_PURPLE,
    C_COUNT
};

static const uint32_t palette[C_COUNT] = {
    [C_OUTLINE] = 0x101830,   [C_BODY] = 0x2B5FD9,       [C_BODY_DARK] = 0x1C3F96,
    [C_SKIN] = 0xF2D2A0,      [C_WHITE] = 0xFFFFFF,      [C_BLACK] = 0x141414,
    [C_RED] = 0xD82828,       [C_RED_DARK] = 0x901818,   [C_GREY] = 0xB8B8C4,
    [C_GREY_DARK] = 0x686878, [C_YELLOW] = 0xF8D820,     [C_YELLOW_DARK] = 0xC08010,
    [C_GOLD] = 0xFFD030,      [C_GOLD_DARK] = 0xA87000,  [C_GREEN] = 0x30B040,
    [C_BROWN] = 0x9A6430,     [C_BROWN_DARK] = 0x5A3614, [C_SKY] = 0x80C8FF,
    [C_PINK] = 0xFF7878,      [C_PURPLE] = 0x9040C0,
};

/* ---- one cell being drawn: palette indices, origin at the centre ---- */

typedef struct canvas {
    uint8_t px[CELL][CELL];
    int ox, oy; /* geometry units: shift applied to every shape (the figure's offset) */
} canvas;

static void cv_clear(canvas *c)
{
    memset(c, 0, sizeof *c);
}

/* Pixel (x, y) of the cell has its centre at ((x - CELL/2) * S + S/2, ...) in geometry units. */
static int64_t gx(const canvas *c, int x)
{
    return (int64_t)(x - CELL / 2) * S + S / 2 - c->ox;
}

static int64_t gy(const canvas *c, int y)
{
    return (int64_t)(y - CELL / 2) * S + S / 2 - c->oy;
}

static void disc(canvas *c, int cx, int cy, int r, uint8_t col)
{
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            int64_t dx = gx(c, x) - cx, dy = gy(c, y) - cy;
            if (dx * dx + dy * dy <= (int64_t)r * r)
                c->px[y][x] = col;
        }
}

/* An ellipse of half-axes rx, ry turned clockwise by hex angle @ang. */
static void ellipse(canvas *c, int cx, int cy, int rx, int ry, uint8_t ang, uint8_t col)
{
    int64_t co = lw_cos(ang), si = lw_sin(ang);
    int64_t lim = (int64_t)256 * rx * ry;
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            int64_t dx = gx(c, x) - cx, dy = gy(c, y) - cy;
            int64_t u = dx * co + dy * si, v = -dx * si + dy * co; /* x256 */
            if (u * u * ry * ry + v * v * rx * rx <= lim * lim)
                c->px[y][x] = col;
        }
}

/* Every point within @r of the segment (x0, y0)-(x1, y1). */
static void capsule(canvas *c, int x0, int y0, int x1, int y1, int r, uint8_t col)
{
    int64_t ex = x1 - x0, ey = y1 - y0, len2 = ex * ex + ey * ey;
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            int64_t px = gx(c, x) - x0, py = gy(c, y) - y0;
            int64_t dot = px * ex + py * ey, d2;
            if (len2 == 0 || dot <= 0) {
                d2 = px * px + py * py;
            } else if (dot >= len2) {
                int64_t qx = px - ex, qy = py - ey;
                d2 = qx * qx + qy * qy;
            } else {
                int64_t cr = px * ey - py * ex;
                if (cr * cr <= (int64_t)r * r * len2)
                    c->px[y][x] = col;
                continue;
            }
            if (d2 <= (int64_t)r * r)
                c->px[y][x] = col;
        }
}

static void tri(canvas *c, int x0, int y0, int x1, int y1, int x2, int y2, uint8_t col)
{
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            int64_t px = gx(c, x), py = gy(c, y);
            int64_t e0 = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
            int64_t e1 = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1);
            int64_t e2 = (x0 - x2) * (py - y2) - (y0 - y2) * (px - x2);
            if ((e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0))
                c->px[y][x] = col;
        }
}

/* A rectangle in geometry units, [x0, x1) x [y0, y1) by pixel centres. */
static void rect(canvas *c, int x0, int y0, int x1, int y1, uint8_t col)
{
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            int64_t px = gx(c, x), py = gy(c, y);
            if (px >= x0 && px < x1 && py >= y0 && py < y1)
                c->px[y][x] = col;
        }
}

/* A point @len from (cx, cy) at hex angle @a (clockwise on screen from +X). */
static int polar_x(int cx, int len, uint8_t a)
{
    return cx + len * lw_cos(a) / 256;
}

static int polar_y(int cy, int len, uint8_t a)
{
    return cy + len * lw_sin(a) / 256;
}

/* A dark outline on every empty pixel next to a drawn one (4-neighbours). */
static void outline(canvas *c)
{
    static uint8_t copy[CELL][CELL];
    memcpy(copy, c->px, sizeof copy);
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            if (copy[y][x])
                continue;
            bool near = (x > 0 && copy[y][x - 1]) || (x + 1 < CELL && copy[y][x + 1]) ||
                        (y > 0 && copy[y - 1][x]) || (y + 1 < CELL && copy[y + 1][x]);
            if (near)
                c->px[y][x] = C_OUTLINE;
        }
}

/* ---- the sheet ---- */

static void put_cell(lwm_image *sheet, int col, int row, const canvas *c)
{
    for (int y = 0; y < CELL; y++)
        for (int x = 0; x < CELL; x++) {
            uint8_t *p =
                lwm_image_pixel(sheet, (uint32_t)(col * CELL + x), (uint32_t)(row * CELL + y));
            uint8_t i = c->px[y][x];
            uint32_t rgb = palette[i];
            p[0] = (uint8_t)(rgb >> 16);
            p[1] = (uint8_t)(rgb >> 8);
            p[2] = (uint8_t)rgb;
            p[3] = i ? 255 : 0;
        }
}

/* ---- the player (facing right; px units below are multiplied by S) ---- */

#define P(v) ((int)((v)*S))

typedef struct figure {
    int bx, by;             /* body centre */
    int hx, hy;             /* hips */
    int f1x, f1y, f2x, f2y; /* front and back foot (shoe centre) */
    uint8_t s1, s2;         /* shoe angles */
    int sx, sy;             /* shoulder */
    int h1x, h1y, h2x, h2y; /* front and back hand */
    int look;               /* pupil offset, geometry units (+ = down) */
    int eye;                /* 0 open, 1 hurt (a cross) */
    bool no_feet;           /* the legs are drawn by the caller (run, dash) */
} figure;

static void draw_body(canvas *c, const figure *f)
{
    int bx = f->bx, by = f->by;
    /* three spikes at the back of the head, the ear on top */
    tri(c, bx + P(1), by - P(10), bx - P(5), by - P(5), bx - P(11), by - P(9), C_BODY);
    tri(c, bx - P(5), by - P(6), bx - P(5), by + P(3), bx - P(13), by - P(1), C_BODY);
    tri(c, bx - P(5), by + P(1), bx - P(1), by + P(8), bx - P(10), by + P(7), C_BODY);
    tri(c, bx, by - P(9), bx + P(4), by - P(14), bx + P(5), by - P(7), C_BODY);
    disc(c, bx, by, P(10.5), C_BODY);
    disc(c, bx - P(2), by + P(3), P(6), C_BODY_DARK);
    disc(c, bx - P(1), by + P(2), P(6.5), C_BODY);
    ellipse(c, bx + P(3), by + P(4), P(5.5), P(5), 0, C_SKIN);
    ellipse(c, bx + P(7), by + P(1), P(4), P(3), 0, C_SKIN);
    disc(c, bx + P(10.5), by, P(1.2), C_BLACK);
    if (f->eye == 1) {
        capsule(c, bx + P(3), by - P(5), bx + P(6), by - P(1), P(0.7), C_BLACK);
        capsule(c, bx + P(6), by - P(5), bx + P(3), by - P(1), P(0.7), C_BLACK);
    } else {
        ellipse(c, bx + P(4.5), by - P(3), P(2.6), P(3.6), 0, C_WHITE);
        disc(c, bx + P(6), by - P(3) + f->look, P(1.4), C_BLACK);
    }
}

static void draw_shoe(canvas *c, int x, int y, uint8_t ang, bool front)
{
    ellipse(c, x, y, P(4.8), P(2.6), ang, front ? C_RED : C_RED_DARK);
    ellipse(c, polar_x(x, P(-2.5), ang), polar_y(y, P(-2.5), ang), P(1.2), P(2.4), ang, C_WHITE);
}

static void draw_limb(canvas *c, int x0, int y0, int x1, int y1, bool front)
{
    capsule(c, x0, y0, x1, y1, P(1.3), front ? C_BODY : C_BODY_DARK);
}

static void draw_figure(canvas *c, const figure *f)
{
    /* back arm and leg, the body, then the front leg and arm */
    draw_limb(c, f->sx, f->sy, f->h2x, f->h2y, false);
    disc(c, f->h2x, f->h2y, P(2.3), C_GREY);
    if (!f->no_feet) {
        draw_limb(c, f->hx - P(1), f->hy, f->f2x, f->f2y - P(1), false);
        draw_shoe(c, f->f2x, f->f2y, f->s2, false);
    }
    draw_body(c, f);
    if (!f->no_feet) {
        draw_limb(c, f->hx + P(1), f->hy, f->f1x, f->f1y - P(1), true);
        draw_shoe(c, f->f1x, f->f1y, f->s1, true);
    }
    draw_limb(c, f->sx, f->sy, f->h1x, f->h1y, true);
    disc(c, f->h1x, f->h1y, P(2.3), C_WHITE);
}

static figure standing(void)
{
    figure f = {0};
    f.bx = 0;
    f.by = P(-5);
    f.hx = 0;
    f.hy = P(5);
    f.f1x = P(4);
    f.f1y = P(16.5);
    f.f2x = P(-3);
    f.f2y = P(16.5);
    f.sx = P(1);
    f.sy = P(1);
    f.h1x = P(5);
    f.h1y = P(7);
    f.h2x = P(-4);
    f.h2y = P(6);
    return f;
}

static void player_stand(canvas *c, int frame)
{
    (void)frame;
    figure f = standing();
    draw_figure(c, &f);
}

static void player_walk(canvas *c, int frame)
{
    uint8_t a = (uint8_t)(frame * 32);
    int s = lw_sin(a), co = lw_cos(a);
    figure f = standing();
    f.by += (frame & 3) == 1 || (frame & 3) == 3 ? P(-1) : 0;
    f.f1x = P(1) + P(7) * s / 256;
    f.f1y = P(16.5) - (co > 0 ? P(3) * co / 256 : 0);
    f.f2x = P(1) - P(7) * s / 256;
    f.f2y = P(16.5) - (co < 0 ? P(-3) * co / 256 : 0);
    f.s1 = (uint8_t)(co > 0 ? 0xF8 : 0);
    f.s2 = (uint8_t)(co < 0 ? 0xF8 : 0);
    f.h1x = P(1) - P(6) * s / 256;
    f.h2x = P(1) + P(6) * s / 256;
    draw_figure(c, &f);
}

/* Legs as a spinning wheel (run) or a figure eight (dash) under a leaning body. */
static void player_fast(canvas *c, int frame, bool eight)
{
    figure f = standing();
    f.bx = P(eight ? 3 : 2);
    f.by = P(-4);
    f.no_feet = true;
    f.sx = f.bx + P(1);
    f.h1x = P(11);
    f.h1y = P(frame & 1 ? -2 : 0);
    f.h2x = P(-8);
    f.h2y = P(frame & 1 ? 4 : 2);
    int cx = P(1), cy = P(12);
    if (eight) {
        for (int t = 0; t < 256; t += 8) {
            int x = cx + P(9) * lw_sin((uint8_t)t) / 256;
            int y = cy + P(4) * lw_sin((uint8_t)(2 * t)) / 256;
            disc(c, x, y, P(1.7), C_RED_DARK);
        }
    } else {
        disc(c, cx, cy, P(7.5), C_RED_DARK);
        disc(c, cx, cy, P(5.5), C_NONE);
    }
    uint8_t back = (uint8_t)(frame * 64 + 128);
    int bxp = eight ? cx + P(9) * lw_sin(back) / 256 : polar_x(cx, P(6.5), back);
    int byp = eight ? cy + P(4) * lw_sin((uint8_t)(2 * back)) / 256 : polar_y(cy, P(6.5), back);
    draw_limb(c, P(-1), P(5), bxp, byp, false);
    draw_shoe(c, bxp, byp, (uint8_t)(back + 64), false);
    draw_figure(c, &f);
    int x = eight ? cx + P(9) * lw_sin((uint8_t)(frame * 64)) / 256
                  : polar_x(cx, P(6.5), (uint8_t)(frame * 64));
    int y = eight ? cy + P(4) * lw_sin((uint8_t)(frame * 128)) / 256
                  : polar_y(cy, P(6.5), (uint8_t)(frame * 64));
    draw_limb(c, P(1), P(5), x, y, true);
    draw_shoe(c, x, y, (uint8_t)(frame * 64 + 64), true);
}

static void player_run(canvas *c, int frame)
{
    player_fast(c, frame, false);
}

static void player_dash(canvas *c, int frame)
{
    player_fast(c, frame, true);
}

/* A ball of radius @rx x @ry with four spikes turning by @turn (hex). */
static void ball(canvas *c, int cy, int rx, int ry, uint8_t turn)
{
    ellipse(c, 0, cy, rx, ry, 0, C_BODY);
    for (int k = 0; k < 4; k++) {
        uint8_t a = (uint8_t)(turn + k * 64);
        tri(c, polar_x(0, rx - P(1), a), polar_y(cy, ry - P(1), a),
            polar_x(0, P(5), (uint8_t)(a - 24)), polar_y(cy, P(5), (uint8_t)(a - 24)),
            polar_x(0, P(5), (uint8_t)(a + 16)), polar_y(cy, P(5), (uint8_t)(a + 16)), C_BODY_DARK);
    }
    uint8_t b = (uint8_t)(turn + 32);
    disc(c, polar_x(0, P(4), b), polar_y(cy, P(4), b), P(3.5), C_SKIN);
}

static void player_ball(canvas *c, int frame)
{
    ball(c, 0, P(14), P(14), (uint8_t)(frame * 16));
}

/* The spindash's charge (S2's, and CD's): the player keeps its standing radii while it charges,
 * so the ball sits on the ground 19 px below the centre. Its dust cloud is a row of its own
 * (dust_spindash), drawn beside it. */
static void player_spindash(canvas *c, int frame)
{
    ball(c, P(8), P(14), P(11), (uint8_t)(frame * 40));
}

static void player_spring(canvas *c, int frame)
{
    (void)frame;
    figure f = standing();
    f.by = P(-7);
    f.hy = P(3);
    f.f1x = P(2);
    f.f1y = P(17);
    f.f2x = P(-2);
    f.f2y = P(15.5);
    f.s1 = f.s2 = 0x30;
    f.sy = P(-1);
    f.h1x = P(5);
    f.h1y = P(-20);
    f.h2x = P(-3);
    f.h2y = P(-19);
    f.look = P(-1.2);
    draw_figure(c, &f);
}

static void player_hurt(canvas *c, int frame)
{
    (void)frame;
    figure f = standing();
    f.bx = P(-2);
    f.by = P(-4);
    f.eye = 1;
    f.f1x = P(10);
    f.f1y = P(11);
    f.f2x = P(5);
    f.f2y = P(15);
    f.s1 = f.s2 = 0xE0;
    f.h1x = P(6);
    f.h1y = P(-16);
    f.h2x = P(-10);
    f.h2y = P(-14);
    draw_figure(c, &f);
}

static void player_push(canvas *c, int frame)
{
    figure f = standing();
    f.bx = P(4);
    f.by = P(-3);
    f.sx = P(5);
    f.sy = P(2);
    f.h1x = P(15);
    f.h1y = P(-2);
    f.h2x = P(14);
    f.h2y = P(2);
    int step = frame & 1;
    f.f1x = P(step ? 1 : -2);
    f.f1y = P(step ? 15 : 16.5);
    f.f2x = P(step ? -6 : -4);
    f.f2y = P(step ? 16.5 : 15);
    draw_figure(c, &f);
}

static void player_balance(canvas *c, int frame, bool extreme)
{
    figure f = standing();
    f.bx = P(extreme ? 6 : 3);
    f.by = P(extreme ? -3 : -5);
    f.sx = f.bx + P(1);
    f.f1x = P(extreme ? 11 : 8);
    f.f1y = P(extreme ? 9 : 11);
    f.s1 = 0xE8;
    f.f2x = P(-2);
    f.look = P(extreme ? 1.5 : 0.8);
    if (frame == 0) {
        f.h1x = f.bx + P(7);
        f.h1y = P(extreme ? -13 : -12);
        f.h2x = f.bx - P(9);
        f.h2y = P(-12);
    } else {
        f.h1x = f.bx + P(9);
        f.h1y = P(-5);
        f.h2x = f.bx - P(11);
        f.h2y = P(extreme ? -16 : -6);
    }
    draw_figure(c, &f);
}

static void player_balance_normal(canvas *c, int frame)
{
    player_balance(c, frame, false);
}

static void player_balance_extreme(canvas *c, int frame)
{
    player_balance(c, frame, true);
}

static void player_duck(canvas *c, int frame)
{
    (void)frame;
    figure f = standing();
    f.bx = P(1);
    f.by = P(4);
    f.hy = P(12);
    f.sy = P(9);
    f.h1x = P(6);
    f.h1y = P(13);
    f.h2x = P(-3);
    f.h2y = P(13);
    f.look = P(1.2);
    draw_figure(c, &f);
}

static void player_look_up(canvas *c, int frame)
{
    (void)frame;
    figure f = standing();
    f.bx = P(-1);
    f.by = P(-6);
    f.look = P(-1.5);
    draw_figure(c, &f);
}

/* The super peel-out's charge: the figure-eight legs in place, dust kicked up behind the feet
 * and speed lines behind the head, the puffs and lines shifting frame by frame. */
static void player_peelout(canvas *c, int frame)
{
    for (int k = 0; k < 3; k++) {
        int drift = ((frame + k) & 3) * 2;
        disc(c, P(-9 - 4 * k - drift), P(16 - k - (frame & 1)), P(3.2 - 0.6 * k), C_GREY);
    }
    for (int k = 0; k < 3; k++) {
        int len = 5 + ((frame + 2 * k) & 3);
        capsule(c, P(-14 - len), P(-12 + 5 * k), P(-14), P(-12 + 5 * k), P(0.6), C_WHITE);
    }
    player_fast(c, frame, true);
}

/* A charged drop dash: the ball spinning fast inside two trailing arcs of sparks, turned a
 * quarter of the arc further each frame. */
static void player_drop_dash(canvas *c, int frame)
{
    for (int arc = 0; arc < 2; arc++)
        for (int k = 0; k < 6; k++) {
            uint8_t a = (uint8_t)(frame * 32 + arc * 128 - k * 12);
            int r = P(19);
            disc(c, polar_x(0, r, a), polar_y(0, r, a), P(2.4 - 0.3 * k),
                 k < 2 ? C_WHITE : C_YELLOW);
        }
    ball(c, 0, P(14), P(14), (uint8_t)(frame * 40));
}

/* Braking hard (the skid): leaning back against the motion, the front shoe planted ahead with
 * its toe up, the back knee bent under the body, the arms thrown back; over the four pictures the
 * body shakes and the arms swing. The skid puffs are their own row (dust_skid). */
static void player_skid(canvas *c, int frame)
{
    static const int arm_dx[4] = {0, 2, 1, 3}, arm_dy[4] = {0, 1, 3, 2};
    figure f = standing();
    int shake = frame & 1;
    f.bx = P(-5) - P(shake);
    f.by = P(-3);
    f.sx = P(-3);
    f.sy = P(3);
    f.hx = P(-1);
    f.hy = P(7);
    f.f1x = P(11);
    f.f1y = P(15.5);
    f.s1 = 0xE4; /* the toe up, the heel on the ground */
    f.f2x = P(-3);
    f.f2y = P(16.5);
    f.s2 = 0xF8;
    f.h1x = P(-14) - P(arm_dx[frame]);
    f.h1y = P(-13) + P(arm_dy[frame]);
    f.h2x = P(-17) - P(arm_dx[3 - frame]);
    f.h2y = P(-3) + P(arm_dy[3 - frame]);
    f.look = P(0.8);
    draw_figure(c, &f);
}

/* The spindash's dust cloud, drawn EDITOR_PLAYER_DUST_DX/DY from the player's centre (its
 * right edge at the ball, its bottom on the ground): five puffs trailing back along the ground,
 * each one growing and drifting back over the seven pictures and starting again. */
static void dust_spindash(canvas *c, int frame)
{
    for (int k = 4; k >= 0; k--) {
        int ph = (frame + 2 * k) % 7;
        int x = P(4) - P(4.5) * k - P(0.5) * ph, y = P(9) - P(1.2) * k - P(0.5) * ph;
        int r = P(3) + P(0.8) * k + P(0.15) * ph;
        disc(c, x, y + P(1), r, C_GREY);
        disc(c, x - P(0.6), y - P(0.4), r * 3 / 4, C_WHITE);
    }
}

/* One puff of skid dust, EDITOR_PLAYER_SKID_DY below the player's centre: it swells over the
 * first three pictures and breaks into bits in the last. */
static void dust_skid(canvas *c, int frame)
{
    static const int radius[3] = {P(3), P(4.5), P(5.5)};
    if (frame < 3) {
        disc(c, 0, P(1), radius[frame], C_GREY);
        disc(c, P(-0.5), P(0.3), radius[frame] * 3 / 4, C_WHITE);
        return;
    }
    for (int k = 0; k < 5; k++) {
        uint8_t a = (uint8_t)(k * 51 + 140);
        disc(c, polar_x(0, P(5), a), polar_y(P(1), P(4), a), P(1.6), C_GREY);
    }
}

typedef void (*draw_fn)(canvas *c, int frame);

static const draw_fn player_rows[EDITOR_PLAYER_ANIM_COUNT] = {
    [EDITOR_PLAYER_STAND] = player_stand,
    [EDITOR_PLAYER_WALK] = player_walk,
    [EDITOR_PLAYER_RUN] = player_run,
    [EDITOR_PLAYER_DASH] = player_dash,
    [EDITOR_PLAYER_BALL] = player_ball,
    [EDITOR_PLAYER_SPRING] = player_spring,
    [EDITOR_PLAYER_HURT] = player_hurt,
    [EDITOR_PLAYER_PUSH] = player_push,
    [EDITOR_PLAYER_BALANCE] = player_balance_normal,
    [EDITOR_PLAYER_BALANCE_EXTREME] = player_balance_extreme,
    [EDITOR_PLAYER_SPINDASH] = player_spindash,
    [EDITOR_PLAYER_DUCK] = player_duck,
    [EDITOR_PLAYER_LOOK_UP] = player_look_up,
    [EDITOR_PLAYER_PEELOUT] = player_peelout,
    [EDITOR_PLAYER_DROP_DASH] = player_drop_dash,
    [EDITOR_PLAYER_DUST_SPINDASH] = dust_spindash,
    [EDITOR_PLAYER_DUST_SKID] = dust_skid,
    [EDITOR_PLAYER_SKID] = player_skid,
};

/* ---- objects ---- */

static void obj_spring(canvas *c, int variant)
{
    uint8_t top = variant ? C_RED : C_YELLOW, dark = variant ? C_RED_DARK : C_YELLOW_DARK;
    rect(c, P(-14), P(3), P(14), P(8), C_GREY_DARK);
    for (int k = 0; k < 3; k++)
        capsule(c, P(-9), P(2 - 2 * k), P(9), P(1 - 2 * k), P(0.9), C_GREY);
    rect(c, P(-16), P(-8), P(16), P(-3), top);
    rect(c, P(-16), P(-4), P(16), P(-3), dark);
}

static void obj_spikes(canvas *c, int variant)
{
    (void)variant;
    rect(c, P(-16), P(10), P(16), P(16), C_GREY_DARK);
    for (int k = 0; k < 4; k++) {
        int x = P(-12 + 8 * k);
        tri(c, x - P(4), P(10), x + P(4), P(10), x, P(-16), C_GREY);
        tri(c, x, P(10), x + P(4), P(10), x, P(-16), C_GREY_DARK);
    }
}

static void obj_ring(canvas *c, int frame)
{
    static const int rx[4] = {7, 5, 2, 5};
    ellipse(c, 0, 0, P(rx[frame]), P(7), 0, C_GOLD);
    if (rx[frame] > 2)
        ellipse(c, 0, 0, P(rx[frame] - 2.5), P(4.5), 0, C_NONE);
    ellipse(c, P(frame == 3 ? 2 : -2), P(-3), P(1), P(1.5), 0, C_WHITE);
}

static void obj_monitor(canvas *c, int variant)
{
    if (variant == 5) { /* broken: the base and some glass */
        rect(c, P(-15), P(6), P(15), P(15), C_GREY_DARK);
        tri(c, P(-12), P(6), P(-4), P(6), P(-9), P(0), C_GREY);
        tri(c, P(3), P(6), P(12), P(6), P(8), P(2), C_GREY);
        return;
    }
    rect(c, P(-15), P(-15), P(15), P(15), C_GREY_DARK);
    rect(c, P(-13), P(-13), P(13), P(8), C_GREY);
    rect(c, P(-11), P(-11), P(11), P(6), C_SKY);
    rect(c, P(-15), P(10), P(15), P(12), C_BLACK);
    switch (variant) {
    case 0: /* rings */
        disc(c, 0, P(-3), P(6), C_GOLD);
        disc(c, 0, P(-3), P(3.5), C_SKY);
        break;
    case 1: /* shield */
        disc(c, 0, P(-3), P(7), C_BODY);
        disc(c, P(-2), P(-5), P(3), C_WHITE);
        break;
    case 2: /* invincibility: stars */
        for (int k = 0; k < 3; k++) {
            int x = P(-6 + 6 * k), y = P(k == 1 ? -7 : -1);
            tri(c, x - P(3), y + P(2), x + P(3), y + P(2), x, y - P(3), C_YELLOW);
            tri(c, x - P(3), y - P(1), x + P(3), y - P(1), x, y + P(4), C_YELLOW);
        }
        break;
    case 3: /* speed shoes */
        ellipse(c, P(1), P(-1), P(7), P(3.5), 0, C_RED);
        ellipse(c, P(-4), P(-2), P(2), P(3.5), 0, C_WHITE);
        break;
    default: /* 1up: the player's head */
        disc(c, 0, P(-3), P(7), C_BODY);
        ellipse(c, P(2), P(-4), P(2), P(3), 0, C_WHITE);
        ellipse(c, P(3), P(0), P(3), P(2), 0, C_SKIN);
        break;
    }
}

static void obj_platform(canvas *c, int variant)
{
    int x0 = variant == 1 ? P(-6) : P(-8), x1 = variant == 2 ? P(6) : P(8);
    rect(c, x0, P(-8), x1, P(8), C_BROWN);
    rect(c, x0, P(-8), x1, P(-4), C_GREEN);
    for (int k = 0; k < 2; k++)
        disc(c, P(-4 + 8 * k), P(2), P(1.5), C_BROWN_DARK);
}

static void obj_bridge(canvas *c, int variant)
{
    if (variant == 1) {
        rect(c, P(-3), P(-16), P(3), P(16), C_BROWN_DARK);
        disc(c, 0, P(-16), P(4), C_BROWN);
        return;
    }
    ellipse(c, 0, 0, P(8), P(6), 0, C_BROWN);
    ellipse(c, P(4), 0, P(2.5), P(4), 0, C_BROWN_DARK);
    ellipse(c, P(4), 0, P(1), P(2), 0, C_BROWN);
}

static void obj_checkpoint(canvas *c, int variant)
{
    rect(c, P(-2), P(-16), P(2), P(22), C_GREY_DARK);
    rect(c, P(-6), P(18), P(6), P(23), C_GREY);
    disc(c, 0, P(-18), P(5), variant ? C_RED : C_BODY);
    disc(c, P(-2), P(-20), P(1.5), C_WHITE);
}

/* The goal sign turning (columns 0..4): the front (a star) full and at 3/5 width, edge on, then
 * the back (the player's face) at 3/5 and full width; @w5 is the face's width in fifths. */
static void goal_face(canvas *c, int w5, bool back)
{
    ellipse(c, 0, P(-8), P(14) * w5 / 5, P(14), 0, C_GREY);
    ellipse(c, 0, P(-8), P(12) * w5 / 5, P(12), 0, back ? C_SKY : C_WHITE);
    if (back) { /* the runner's head, as the 1up monitor shows it */
        ellipse(c, 0, P(-8), P(9) * w5 / 5, P(9), 0, C_BODY);
        ellipse(c, P(3) * w5 / 5, P(-10), P(2.5) * w5 / 5, P(3.5), 0, C_WHITE);
        disc(c, P(4) * w5 / 5, P(-10), P(1), C_BLACK);
        ellipse(c, P(4) * w5 / 5, P(-4), P(4) * w5 / 5, P(2.5), 0, C_SKIN);
        return;
    }
    for (int k = 0; k < 5; k++) {
        uint8_t a = (uint8_t)(k * 51 + 192);
        int x0 = polar_x(0, P(9), (uint8_t)(a - 12)) * w5 / 5,
            x1 = polar_x(0, P(9), (uint8_t)(a + 12)) * w5 / 5;
        tri(c, 0, P(-8), x0, polar_y(P(-8), P(9), (uint8_t)(a - 12)), x1,
            polar_y(P(-8), P(9), (uint8_t)(a + 12)), C_YELLOW);
    }
    ellipse(c, 0, P(-8), P(4) * w5 / 5, P(4), 0, C_YELLOW);
}

static void obj_goal(canvas *c, int variant)
{
    rect(c, P(-2), P(4), P(2), P(22), C_GREY_DARK);
    rect(c, P(-6), P(20), P(6), P(23), C_GREY);
    static const int width[EDITOR_OBJSPR_GOAL_FRAMES] = {5, 3, 0, 3, 5};
    if (width[variant] == 0) {
        rect(c, P(-2), P(-22), P(2), P(6), C_GREY);
        return;
    }
    goal_face(c, width[variant], variant > 2);
}

static void obj_enemy(canvas *c, int frame)
{
    /* a beetle walking left on two wheels */
    ellipse(c, 0, P(-2), P(14), P(9), 0, C_PURPLE);
    ellipse(c, P(3), P(-6), P(7), P(3), 0, C_PINK);
    ellipse(c, P(-9), P(-4), P(3), P(3.5), 0, C_WHITE);
    disc(c, P(-10), P(-4), P(1.5), C_BLACK);
    capsule(c, P(-12), P(-10), P(-16), P(-16), P(0.8), C_GREY_DARK);
    for (int k = 0; k < 2; k++) {
        int x = P(-7 + 14 * k);
        disc(c, x, P(9), P(4.5), C_GREY_DARK);
        uint8_t a = (uint8_t)(frame * 32 + k * 64);
        capsule(c, polar_x(x, P(3), a), polar_y(P(9), P(3), a), polar_x(x, P(-3), a),
                polar_y(P(9), P(-3), a), P(0.8), C_GREY);
    }
}

static void obj_marker(canvas *c, int variant)
{
    (void)variant;
    rect(c, P(-1), P(-16), P(1), P(16), C_GREY_DARK);
    tri(c, P(1), P(-16), P(1), P(-4), P(14), P(-10), C_GREEN);
}

typedef struct obj_row {
    draw_fn fn;
    int columns;
} obj_row;

static const obj_row object_rows[EDITOR_OBJSPR_COUNT] = {
    [EDITOR_OBJSPR_SPRING] = {obj_spring, 2},
    [EDITOR_OBJSPR_SPIKES] = {obj_spikes, 1},
    [EDITOR_OBJSPR_RING] = {obj_ring, 4},
    [EDITOR_OBJSPR_MONITOR] = {obj_monitor, 6},
    [EDITOR_OBJSPR_PLATFORM] = {obj_platform, 3},
    [EDITOR_OBJSPR_BRIDGE] = {obj_bridge, 2},
    [EDITOR_OBJSPR_CHECKPOINT] = {obj_checkpoint, 2},
    [EDITOR_OBJSPR_GOAL] = {obj_goal, EDITOR_OBJSPR_GOAL_FRAMES},
    [EDITOR_OBJSPR_ENEMY] = {obj_enemy, 2},
    [EDITOR_OBJSPR_MARKER] = {obj_marker, 1},
};

/* ---- main ---- */

static bool save(const char *dir, const char *name, const lwm_image *img)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (!path)
        return false;
    snprintf(path, n, "%s/%s", dir, name);
    lw_error err = {0};
    bool ok = lwm_image_save_png(path, img, &err);
    if (!ok)
        fprintf(stderr, "gen-sprites: %s: %s\n", path, err.message);
    free(path);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen-sprites OUTDIR\n");
        return 2;
    }
    static canvas c;
    lwm_image player = {0}, objects = {0};
    lw_error err = {0};
    if (!lwm_image_init(&player, EDITOR_PLAYER_ANIM_MAX_F * CELL, EDITOR_PLAYER_ANIM_COUNT * CELL,
                        0, &err) ||
        !lwm_image_init(&objects, EDITOR_OBJSPR_COLUMNS * CELL, EDITOR_OBJSPR_COUNT * CELL, 0,
                        &err)) {
        fprintf(stderr, "gen-sprites: %s\n", err.message);
        return 1;
    }
    for (int row = 0; row < EDITOR_PLAYER_ANIM_COUNT; row++)
        for (int f = 0; f < editor_player_anim_frames[row]; f++) {
            cv_clear(&c);
            player_rows[row](&c, f);
            outline(&c);
            put_cell(&player, f, row, &c);
        }
    for (int row = 0; row < EDITOR_OBJSPR_COUNT; row++)
        for (int f = 0; f < object_rows[row].columns; f++) {
            cv_clear(&c);
            object_rows[row].fn(&c, f);
            outline(&c);
            put_cell(&objects, f, row, &c);
        }
    bool ok = save(argv[1], "player.png", &player) && save(argv[1], "objects.png", &objects);
    lwm_image_clear(&player);
    lwm_image_clear(&objects);
    return ok ? 0 : 1;
}
