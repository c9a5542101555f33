/* SPDX-License-Identifier: MIT */
/* Sprite sheets: loading and drawing cells (editor-sprites.h). */
#include "editor-sprites.h"

#include "doc/level-json.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <math.h>
#include <string.h>

#define RESOURCE_DIR "/io/github/loopwright/Loopwright/sprites/"
#define MAX_SIDE     4096

typedef struct read_closure {
    const guint8 *data;
    gsize size, pos;
} read_closure;

static cairo_status_t read_bytes(void *closure, unsigned char *out, unsigned int length)
{
    read_closure *rc = closure;
    if (rc->size - rc->pos < length)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(out, rc->data + rc->pos, length);
    rc->pos += length;
    return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *editor_sprites_builtin(EditorSpriteSheet which)
{
    static cairo_surface_t *sheets[2];
    static gboolean tried[2];
    g_return_val_if_fail(which <= EDITOR_SPRITES_OBJECTS, NULL);
    if (tried[which])
        return sheets[which];
    tried[which] = TRUE;
    const char *name = which == EDITOR_SPRITES_PLAYER ? "player.png" : "objects.png";
    g_autofree char *path = g_strconcat(RESOURCE_DIR, name, NULL);
    g_autoptr(GBytes) bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
    if (!bytes)
        return NULL;
    read_closure rc = {.data = g_bytes_get_data(bytes, &rc.size)};
    cairo_surface_t *s = cairo_image_surface_create_from_png_stream(read_bytes, &rc);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return NULL;
    }
    sheets[which] = s;
    return s;
}

cairo_surface_t *editor_sprites_load_player_png(const char *png_path, GError **error)
{
    uint32_t w = 0, h = 0;
    lw_error err = {0};
    if (!lwm_png_read_size(png_path, &w, &h, &err)) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s", err.message);
        return NULL;
    }
    const uint32_t need_w = EDITOR_PLAYER_ANIM_MAX_F * EDITOR_SPRITE_CELL,
                   need_h = EDITOR_PLAYER_ANIM_REQUIRED * EDITOR_SPRITE_CELL;
    if (w > MAX_SIDE || h > MAX_SIDE || w % EDITOR_SPRITE_CELL || h % EDITOR_SPRITE_CELL ||
        w < need_w || h < need_h) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                    "the sprite sheet is %ux%u px; it needs at least %ux%u px in %u px cells "
                    "(at most %u px a side)",
                    w, h, need_w, need_h, EDITOR_SPRITE_CELL, MAX_SIDE);
        return NULL;
    }
    cairo_surface_t *s = cairo_image_surface_create_from_png(png_path);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "cannot read the PNG: %s",
                    cairo_status_to_string(cairo_surface_status(s)));
        cairo_surface_destroy(s);
        return NULL;
    }
    return s;
}

cairo_surface_t *editor_sprites_player_for_level(const lw_level *level, const char *level_path)
{
    static char *cached_path;
    static gint64 cached_mtime;
    static cairo_surface_t *cached; /* NULL: that file did not load */
    cairo_surface_t *builtin = editor_sprites_builtin(EDITOR_SPRITES_PLAYER);
    if (!level || !level->player_sprites || !level_path)
        return builtin;
    g_autofree char *abs = editor_level_resolve_path(level_path, level->player_sprites);
    if (!abs)
        return builtin;
    GStatBuf st;
    gint64 mtime = g_stat(abs, &st) == 0 ? (gint64)st.st_mtime : -1;
    if (!cached_path || strcmp(cached_path, abs) != 0 || cached_mtime != mtime) {
        g_clear_pointer(&cached, cairo_surface_destroy);
        g_free(cached_path);
        cached_path = g_strdup(abs);
        cached_mtime = mtime;
        cached = mtime < 0 ? NULL : editor_sprites_load_player_png(abs, NULL);
    }
    return cached ? cached : builtin;
}

void editor_sprites_draw_cell(cairo_t *cr, cairo_surface_t *sheet, guint col, guint row, double x,
                              double y, double scale, double stretch_x, uint8_t rotation,
                              gboolean mirror)
{
    if (!sheet)
        return;
    const double c = EDITOR_SPRITE_CELL;
    cairo_save(cr);
    cairo_translate(cr, x, y);
    if (rotation)
        cairo_rotate(cr, rotation * 2 * G_PI / 256.0);
    cairo_scale(cr, scale * stretch_x * (mirror ? -1 : 1), scale);
    cairo_set_source_surface(cr, sheet, -(col * c) - c / 2, -(row * c) - c / 2);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_rectangle(cr, -c / 2, -c / 2, c, c);
    cairo_fill(cr);
    cairo_restore(cr);
}

void editor_sprites_draw_player(cairo_t *cr, cairo_surface_t *sheet, const EditorPlayerPose *pose,
                                double x, double y, double scale)
{
    /* the cell's centre is the top-left corner of its pixel 24: the player's centre pixel */
    editor_sprites_draw_cell(cr, sheet, pose->frame, pose->anim, x, y, scale, 1, pose->rotation,
                             pose->mirror);
}
