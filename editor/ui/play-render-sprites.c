/* SPDX-License-Identifier: MIT */
/* A disassembly level's objects in test-play, with the tree's own sprites as the editor draws
 * them (editor-render-objects.h, docs/DISASM.md §11): where the engine moves an object, at its
 * engine position, else at its placed one (play-render-private.h). */
#define G_LOG_DOMAIN "play-render"

#include "doc/disasm-sprites.h"
#include "editor-render-objects.h"
#include "play-render-private.h"

#include <loopwright/objects.h>
#include <string.h>

/* Whether @o is a marker imported from a tree (`disasm` = `object` or `ring`). */
static gboolean is_imported(const lw_object *o)
{
    const char *kind = o->type == LW_OBJECT_MARKER ? editor_disasm_marker_prop(o, "disasm") : NULL;
    return kind && (strcmp(kind, "object") == 0 || strcmp(kind, "ring") == 0);
}

/* A bridge from its sprite: a picture as wide as the bridge is cut into one strip a log, each at
 * its log's sag; a narrower one (a single log) is drawn once a log. */
static void draw_bridge(cairo_t *cr, const PlayRenderState *s, cairo_surface_t *surf,
                        const EditorDisasmSprite *sp, const lw_sim_object *so,
                        const lw_obj_state *st)
{
    uint32_t n = so->logs;
    double z = s->zoom, x = st->x / 256.0, y = st->y / 256.0;
    double left = x - 16.0 * (n / 2) - 8; /* the engine's first log (play-render.c) */
    gboolean whole = sp->width >= 16 * n - 8;
    for (uint32_t k = 0; k < n; k++) {
        double off = lw_bridge_log_offset(n, st->timer, k, st->aux);
        if (!whole) {
            editor_render_disasm_sprite(cr, surf, sp, vx(s, left + 16 * k + 8), vy(s, y + off), z,
                                        FALSE);
            continue;
        }
        double strip = x + sp->left + 16.0 * k; /* level px: this log's part of the picture */
        cairo_save(cr);
        cairo_rectangle(cr, vx(s, strip), vy(s, y + off + sp->top), 16 * z, sp->height * z);
        cairo_clip(cr);
        editor_render_disasm_sprite(cr, surf, sp, vx(s, x), vy(s, y + off), z, FALSE);
        cairo_restore(cr);
    }
}

gboolean play_render_sprite_object(cairo_t *cr, const PlayRenderState *s, uint32_t i)
{
    const lw_sim_object *so = &s->sim->objects[i];
    const lw_object *o =
        s->object_sprites && s->level ? lw_level_find_object(s->level, so->id) : NULL;
    if (!o || !is_imported(o))
        return FALSE;
    const EditorDisasmSprite *sp;
    cairo_surface_t *surf = editor_object_sprites_get_surface(s->object_sprites, o, &sp);
    if (!surf)
        return FALSE; /* the built-in picture */
    const lw_obj_state *st = &s->sim->state.game.obj[i];
    gboolean gone = (st->flags & LW_OBJF_GONE) != 0;
    double x = st->x / 256.0, y = st->y / 256.0;
    switch ((lw_obj_type)so->type) {
    case LW_OBJ_MONITOR:
        if (gone)
            return FALSE; /* the built-in broken monitor */
        break;
    case LW_OBJ_BRIDGE:
        draw_bridge(cr, s, surf, sp, so, st);
        return TRUE;
    case LW_OBJ_ENEMY: {
        if (gone)
            return TRUE;
        /* the picture faces as placed: mirrored while the enemy walks the other way */
        const lw_obj_state *first = &s->sim->initial[i];
        gboolean turned = ((st->flags ^ first->flags) & LW_OBJF_FLIP) != 0;
        editor_render_disasm_sprite(cr, surf, sp, vx(s, x), vy(s, y), s->zoom, turned);
        return TRUE;
    }
    default:
        if (gone)
            return TRUE; /* collected, fallen away */
        break;
    }
    editor_render_disasm_sprite(cr, surf, sp, vx(s, x), vy(s, y), s->zoom, FALSE);
    return TRUE;
}

/* Whether the simulation runs an object made from level object @id (a mapped disassembly
 * object, a ring record). */
static gboolean simulated(const lw_sim *sim, uint32_t id)
{
    for (uint32_t k = 0; k < sim->object_count; k++)
        if (sim->objects[k].id == id)
            return TRUE;
    return FALSE;
}

void play_render_placeholders(cairo_t *cr, const PlayRenderState *s, int width, int height)
{
    if (!s->object_sprites || !s->level)
        return;
    double z = s->zoom, right = s->view_x + width / z, bottom = s->view_y + height / z;
    for (uint32_t i = 0; i < s->level->object_count; i++) {
        const lw_object *o = &s->level->objects[i];
        /* a quick cull by the marker (pictures reach at most 256 px from their origin) */
        if (o->x < s->view_x - 256 || o->x > right + 256 || o->y < s->view_y - 256 ||
            o->y > bottom + 256 || !is_imported(o))
            continue;
        if (simulated(s->sim, o->id))
            continue; /* the engine runs it: drawn with the game objects */
        const EditorDisasmSprite *sp;
        cairo_surface_t *surf = editor_object_sprites_get_surface(s->object_sprites, o, &sp);
        if (surf) /* the editor's box for an object without one would be noise in a game view */
            editor_render_disasm_sprite(cr, surf, sp, vx(s, o->x), vy(s, o->y), z, FALSE);
    }
}
