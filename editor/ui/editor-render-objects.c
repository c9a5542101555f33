/* SPDX-License-Identifier: MIT */
/* Markers and the player start in the editor's view (editor-render-objects.h). */
#include "editor-render-objects.h"

#include "doc/disasm-sprites.h"
#include "doc/level-check.h"
#include "doc/object-schema.h"
#include "editor-sprites.h"

#include <loopwright/objects.h>
#include <math.h>
#include <string.h>

void editor_render_label(cairo_t *cr, double x, double y, const char *text, double size)
{
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text, &ext);
    cairo_set_source_rgba(cr, 0, 0, 0, 0.65);
    cairo_rectangle(cr, x - 2, y - ext.height - 3, ext.x_advance + 4, ext.height + 5);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text);
}

static void name_label(cairo_t *cr, double x, double y, const char *text)
{
    editor_render_label(cr, x, y, text, 11);
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

/* ---- disassembly objects (docs/DISASM.md §11) ---- */

struct EditorObjectSprites {
    EditorDisasmSprites *src;
    GHashTable *surfaces; /* EditorDisasmSprite.serial -> cairo_surface_t* */
    guint reported;       /* warnings printed */
};

static EditorObjectSprites *wrap(EditorDisasmSprites *src)
{
    if (!src)
        return NULL;
    EditorObjectSprites *self = g_new0(EditorObjectSprites, 1);
    self->src = src;
    self->surfaces = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                           (GDestroyNotify)cairo_surface_destroy);
    return self;
}

EditorObjectSprites *editor_object_sprites_new_for_file(const char *level_path, GError **error)
{
    return wrap(editor_disasm_sprites_new_for_file(level_path, error));
}

EditorObjectSprites *editor_object_sprites_new(const char *tree_root, const char *section,
                                               GError **error)
{
    return wrap(editor_disasm_sprites_new(tree_root, section, error));
}

void editor_object_sprites_report(EditorObjectSprites *self)
{
    guint n = self ? editor_disasm_sprites_warning_count(self->src) : 0;
    for (; self && self->reported < n; self->reported++)
        g_printerr("loopwright: %s/%s\n", editor_disasm_sprites_tree(self->src),
                   editor_disasm_sprites_warning(self->src, self->reported));
}

void editor_object_sprites_free(EditorObjectSprites *self)
{
    if (!self)
        return;
    g_hash_table_unref(self->surfaces);
    editor_disasm_sprites_free(self->src);
    g_free(self);
}

void editor_object_sprites_set_level(EditorObjectSprites *self, const lw_level *level)
{
    if (self)
        editor_disasm_sprites_set_level(self->src, level);
}

const struct EditorDisasmSprites *editor_object_sprites_get_source(EditorObjectSprites *self)
{
    return self ? self->src : NULL;
}

static cairo_surface_t *sprite_surface(EditorObjectSprites *self, const EditorDisasmSprite *s)
{
    cairo_surface_t *surf = g_hash_table_lookup(self->surfaces, &s->serial);
    if (surf)
        return surf;
    if (g_hash_table_size(self->surfaces) >= 8 * EDITOR_DISASM_MAX_PLACED)
        g_hash_table_remove_all(self->surfaces); /* those of freed placed sprites: made again */
    surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)s->width, (int)s->height);
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surf);
        return NULL;
    }
    cairo_surface_flush(surf);
    guint8 *data = cairo_image_surface_get_data(surf);
    int stride = cairo_image_surface_get_stride(surf);
    for (guint y = 0; y < s->height; y++) /* alpha is 0 or 255: premultiplied as it is */
        memcpy(data + (gsize)y * (gsize)stride, s->argb + (gsize)y * s->width, 4u * s->width);
    cairo_surface_mark_dirty(surf);
    g_hash_table_insert(self->surfaces, g_memdup2(&s->serial, sizeof s->serial), surf);
    return surf;
}

cairo_surface_t *editor_object_sprites_get_surface(EditorObjectSprites *self, const lw_object *o,
                                                   const EditorDisasmSprite **sprite)
{
    const EditorDisasmSprite *s = self ? editor_disasm_sprites_get(self->src, o) : NULL;
    cairo_surface_t *surf = s ? sprite_surface(self, s) : NULL;
    if (sprite)
        *sprite = surf ? s : NULL;
    return surf;
}

void editor_render_disasm_sprite(cairo_t *cr, cairo_surface_t *surf, const EditorDisasmSprite *s,
                                 double x, double y, double zoom, gboolean mirror)
{
    cairo_save(cr);
    cairo_translate(cr, x, y);
    if (mirror) /* about the origin: the picture's left edge goes to -(left + width) */
        cairo_scale(cr, -1, 1);
    cairo_translate(cr, s->left * zoom, s->top * zoom);
    cairo_scale(cr, zoom, zoom);
    cairo_set_source_surface(cr, surf, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_paint(cr);
    cairo_restore(cr);
}

/* The name centred under a box whose bottom is at @bottom, the font following the zoom. */
static void label_under(cairo_t *cr, double x, double bottom, double zoom, const char *text)
{
    if (zoom < 0.5 || !text)
        return;
    double size = CLAMP(10.0 * zoom, 9.0, 14.0);
    cairo_save(cr);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text, &ext);
    editor_render_label(cr, x - ext.x_advance / 2, bottom + 3 + ext.height, text, size);
    cairo_restore(cr);
}

gboolean editor_render_object_disasm(cairo_t *cr, EditorObjectSprites *sprites, const lw_object *o,
                                     double x, double y, double zoom, gboolean selected)
{
    const char *kind = o->type == LW_OBJECT_MARKER ? editor_disasm_marker_prop(o, "disasm") : NULL;
    if (!sprites || !kind || (strcmp(kind, "object") && strcmp(kind, "ring")))
        return FALSE;
    const EditorDisasmSprite *s = editor_disasm_sprites_get(sprites->src, o);
    cairo_surface_t *surf = s ? sprite_surface(sprites, s) : NULL;
    double x0 = x - 16 * zoom, y0 = y - 16 * zoom, x1 = x + 16 * zoom, y1 = y + 16 * zoom;
    if (surf) {
        guint count = 1;
        gboolean column = FALSE;
        if (strcmp(kind, "ring") == 0) {
            const char *c = editor_disasm_marker_prop(o, "count"),
                       *col = editor_disasm_marker_prop(o, "column");
            count = c ? (guint)CLAMP(g_ascii_strtoull(c, NULL, 10), 1, 8) : 1;
            column = col && strcmp(col, "true") == 0;
        }
        double step = editor_disasm_sprites_ring_spacing(sprites->src) * zoom;
        for (guint k = 0; k < count; k++)
            editor_render_disasm_sprite(cr, surf, s, x + (column ? 0 : k * step),
                                        y + (column ? k * step : 0), zoom, FALSE);
        x0 = x + s->left * zoom;
        y0 = y + s->top * zoom;
        x1 = x0 + s->width * zoom + (column ? 0 : (count - 1) * step);
        y1 = y0 + s->height * zoom + (column ? (count - 1) * step : 0);
    } else {
        cairo_save(cr);
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
        cairo_set_source_rgba(cr, 1, 0.6, 0.1, 0.25);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 0.6, 0.1);
        cairo_set_line_width(cr, 1.5);
        cairo_stroke(cr);
        cairo_restore(cr);
    }
    if (selected) {
        cairo_save(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, 2);
        cairo_rectangle(cr, x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6);
        cairo_stroke(cr);
        cairo_restore(cr);
    }
    label_under(cr, (x0 + x1) / 2, y1, zoom, o->name);
    return TRUE;
}
