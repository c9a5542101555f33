/* SPDX-License-Identifier: MIT */
/* Markers and the player start in the editor's view (editor-render-objects.h). */
#include "editor-render-objects.h"

#include "doc/level-check.h"
#include "doc/object-schema.h"
#include "editor-sprites.h"

#include <loopwright/objects.h>
#include <math.h>

static void name_label(cairo_t *cr, double x, double y, const char *text)
{
    cairo_set_font_size(cr, 11);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text, &ext);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.65);
    cairo_rectangle(cr, x - 2, y - ext.height - 3, ext.x_advance + 4, ext.height + 5);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text);
}

static void diamond(cairo_t *cr, const lw_object *o, double x, double y, double zoom, gboolean sel)
{
    double d = 7;
    cairo_move_to(cr, x, y - d);
    cairo_line_to(cr, x + d, y);
    cairo_line_to(cr, x, y + d);
    cairo_line_to(cr, x - d, y);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 1, 0.6, 0.1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, sel ? 1 : 0.3, sel ? 1 : 0.15, sel ? 1 : 0);
    cairo_stroke(cr);
    if (zoom >= 0.3)
        name_label(cr, x + 9, y + 4, o->name ? o->name : "marker");
}

static void outline(cairo_t *cr, double x, double y, double hw, double hh, double zoom)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 2);
    cairo_rectangle(cr, x - hw * zoom - 3, y - hh * zoom - 3, 2 * hw * zoom + 6, 2 * hh * zoom + 6);
    cairo_stroke(cr);
}

void editor_render_object_marker(cairo_t *cr, const lw_object *o, double x, double y, double zoom,
                                 gboolean selected)
{
    cairo_surface_t *sheet = editor_sprites_builtin(EDITOR_SPRITES_OBJECTS);
    guint row, col;
    uint8_t rot;
    gboolean mirror;
    double stretch;
    lw_sim_object so;
    if (!sheet || !editor_object_sprite(o, &row, &col, &rot, &mirror, &stretch) ||
        row == EDITOR_OBJSPR_MARKER || !lw_sim_object_from_marker(o, &so, NULL)) {
        diamond(cr, o, x, y, zoom, selected);
        return;
    }
    cairo_save(cr);
    double hw = 16, hh = 16;
    if (so.type == LW_OBJ_RING) {
        for (uint32_t k = 0; k < so.logs; k++)
            editor_sprites_draw_cell(cr, sheet, 0, row, x + k * so.distance * zoom,
                                     y + k * so.half_w * zoom, zoom, 1, 0, FALSE);
        hw = hh = 8;
    } else if (so.type == LW_OBJ_BRIDGE) {
        double left = x - 8.0 * so.logs * zoom;
        for (uint32_t k = 0; k < so.logs; k++)
            editor_sprites_draw_cell(cr, sheet, 0, row, left + (16.0 * k + 8) * zoom, y, zoom, 1, 0,
                                     FALSE);
        hw = 8.0 * so.logs;
        hh = 8;
    } else {
        editor_sprites_draw_cell(cr, sheet, col, row, x, y, zoom, stretch, rot, mirror);
        int32_t bw, bh;
        if (editor_object_solid_box(&so, &bw, &bh)) {
            hw = bw;
            hh = bh;
        }
    }
    if (selected) {
        outline(cr, x, y, hw, hh, zoom);
        if (zoom >= 0.3)
            name_label(cr, x - hw * zoom, y - hh * zoom - 6, o->name);
    }
    cairo_restore(cr);
}

void editor_render_object_start(cairo_t *cr, const lw_object *o, double x, double y, double zoom,
                                gboolean selected)
{
    double w = 19 * zoom, h = 39 * zoom;
    cairo_rectangle(cr, x - w / 2, y - h / 2, w, h);
    cairo_set_source_rgba(cr, 0.25, 0.63, 1, 0.25);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.25, 0.63, 1);
    cairo_set_line_width(cr, 2);
    cairo_stroke(cr);
    cairo_surface_t *sheet = editor_sprites_builtin(EDITOR_SPRITES_PLAYER);
    EditorPlayerPose pose = {.anim = EDITOR_PLAYER_STAND, .mirror = o->facing_left};
    /* the sheet's centre is the top-left of the centre pixel; (x, y) is that pixel's corner */
    editor_sprites_draw_player(cr, sheet, &pose, x, y, zoom);
    double dir = o->facing_left ? -1 : 1;
    cairo_set_source_rgb(cr, 0.25, 0.63, 1);
    cairo_move_to(cr, x + dir * (w / 2 + 2), y - 4);
    cairo_line_to(cr, x + dir * (w / 2 + 8), y);
    cairo_line_to(cr, x + dir * (w / 2 + 2), y + 4);
    cairo_fill(cr);
    if (zoom >= 0.3)
        name_label(cr, x - w / 2, y - h / 2 - 4, "Start");
    if (selected) {
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_rectangle(cr, x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6);
        cairo_stroke(cr);
    }
}
