/* SPDX-License-Identifier: MIT */
/* The physics debugger's drawing (play-render-private.h). */
#define G_LOG_DOMAIN "play-render"

#include "doc/play-session.h"
#include "play-render-private.h"

#include <loopwright-masks/render.h>
#include <loopwright/trace.h>
#include <stdio.h>
#include <string.h>

#define PLOT_FRAMES 300 /* 5 s of history in the plot */

static const Rgb col_hit = {0.25, 0.95, 0.35};  /* a sensor that met a surface */
static const Rgb col_miss = {1.0, 0.27, 0.27};  /* a sensor that met nothing */
static const Rgb col_angle = {1.0, 0.82, 0.13}; /* ground angle */
static const Rgb col_speed = {1.0, 0.55, 0.15}; /* Gsp in the plot, the velocity arrow */
static const Rgb col_y = {0.45, 0.8, 1.0};      /* Y in the plot */

/* The debugger's object layer: solid boxes (white), hitboxes (magenta), the touched object. */
void play_render_object_boxes(cairo_t *cr, const PlayRenderState *s)
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

void play_render_debug_overlay(cairo_t *cr, const PlayRenderState *s, double cx, double cy,
                               int width, int height)
{
    draw_box(cr, s, &s->sim->state.player);
    draw_casts(cr, s, cx, cy);
    draw_angle_and_speed(cr, s, cx, cy);
    draw_panel(cr, s);
    draw_mask_insets(cr, s, width - 10, 10);
    double pw = MIN(480, width - 20);
    draw_plot(cr, s, 10, height - 140, pw, 130);
}
