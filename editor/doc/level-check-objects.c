/* SPDX-License-Identifier: MIT */
/* Checks of the game objects and the player's sprite sheet (level-check.h; docs/OBJECTS.md §18). */
#include "level-check-private.h"
#include "level-check.h"
#include "level-json.h"
#include "player-anim.h"
#include "real-path.h"

#include <loopwright-masks/image.h>
#include <loopwright/objects.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct objchk {
    const lw_level *level;
    editor_check_sink sink;
} objchk;

bool editor_level_solid_at(const lw_level *level, int32_t x, int32_t y, lw_path path)
{
    lw_collision_cell cc;
    if (x < 0 || y < 0 || x >= lw_level_width_px(level) || y >= lw_level_height_px(level) ||
        !lw_level_collision_at(level, x, y, path, &cc) || cc.solid != LW_SOLID_ALL)
        return false;
    bool fx = cc.flags & LW_CELL_FLIP_X, fy = cc.flags & LW_CELL_FLIP_Y;
    int c = x & 15, r = y & 15;
    return lw_mask_pixel(cc.mask, fx ? 15 - c : c, fy ? 15 - r : r);
}

/* Solid pixels (path A) in the box [x0, x1) x [y0, y1), sampled every 2 px. Returns the share of
 * the samples that are solid, in percent. */
static int solid_percent(const lw_level *level, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    int solid = 0, total = 0;
    for (int32_t y = y0; y < y1; y += 2)
        for (int32_t x = x0; x < x1; x += 2) {
            total++;
            solid += editor_level_solid_at(level, x, y, LW_PATH_A);
        }
    return total ? solid * 100 / total : 0;
}

bool editor_object_solid_box(const lw_sim_object *o, int32_t *hw, int32_t *hh)
{
    switch ((lw_obj_type)o->type) {
    case LW_OBJ_SPRING: /* OBJECTS.md §2 */
        *hw = o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT ? 8 : 16;
        *hh = o->dir <= LW_DIR8_DOWN ? 8 : o->dir <= LW_DIR8_RIGHT ? 14 : 16;
        return true;
    case LW_OBJ_SPIKES:
        *hw = o->dir <= LW_DIR8_DOWN ? o->half_w : 16;
        *hh = o->dir <= LW_DIR8_DOWN ? 16 : o->half_w;
        return true;
    case LW_OBJ_MONITOR:
        *hw = *hh = 15;
        return true;
    case LW_OBJ_ENEMY:
        *hw = 16;
        *hh = 14;
        return true;
    case LW_OBJ_RING:
        *hw = *hh = 6;
        return true;
    case LW_OBJ_PLATFORM:
        *hw = o->half_w;
        *hh = 8;
        return true;
    default:
        return false;
    }
}

/* Rings of a row: each one's centre in the ground makes it impossible to collect. */
static void check_ring_row(objchk *ck, const lw_object *m, const lw_sim_object *o)
{
    int32_t dy = o->half_w; /* the row's Y step (objects.h) */
    for (uint32_t k = 0; k < o->logs; k++) {
        int32_t x = o->x + (int32_t)k * o->distance, y = o->y + (int32_t)k * dy;
        if (editor_level_solid_at(ck->level, x, y, LW_PATH_A)) {
            editor_check_report(
                &ck->sink, EDITOR_SEVERITY_WARNING, "ring-in-terrain", x, y,
                "object %u: ring %u of the row at (%d, %d) is inside solid ground on path A "
                "(it cannot be collected)",
                m->id, k + 1, x, y);
            return;
        }
    }
}

/* A moving platform's box along its path, every 4 px of its motion: through terrain when a
 * quarter of it is solid somewhere. */
static void check_platform_path(objchk *ck, const lw_object *m, const lw_sim_object *o)
{
    if (o->variant != LW_PLATFORM_HORIZONTAL && o->variant != LW_PLATFORM_VERTICAL)
        return;
    int32_t d = o->distance < 0 ? -o->distance : o->distance;
    for (int32_t t = -d; t <= d; t += 4) {
        int32_t x = o->x + (o->variant == LW_PLATFORM_HORIZONTAL ? t : 0);
        int32_t y = o->y + (o->variant == LW_PLATFORM_VERTICAL ? t : 0);
        if (solid_percent(ck->level, x - o->half_w, y - 8, x + o->half_w, y + 8) >= 25) {
            editor_check_report(
                &ck->sink, EDITOR_SEVERITY_WARNING, "platform-path-terrain", x, y,
                "object %u: the %s platform's path goes through solid ground at (%d, %d)", m->id,
                o->variant == LW_PLATFORM_HORIZONTAL ? "horizontal" : "vertical", x, y);
            return;
        }
    }
}

static void check_object(objchk *ck, const lw_object *m)
{
    lw_sim_object o;
    lw_error err = {0};
    if (!lw_sim_object_from_marker(m, &o, &err)) {
        editor_check_report(&ck->sink, EDITOR_SEVERITY_ERROR, "object-property", m->x, m->y, "%s",
                            err.message);
        return;
    }
    int32_t hw, hh;
    if (o.type == LW_OBJ_RING) {
        check_ring_row(ck, m, &o);
    } else if (o.type == LW_OBJ_PLATFORM) {
        check_platform_path(ck, m, &o);
    } else if (editor_object_solid_box(&o, &hw, &hh) &&
               editor_level_solid_at(ck->level, o.x, o.y, LW_PATH_A) &&
               solid_percent(ck->level, o.x - hw, o.y - hh, o.x + hw, o.y + hh) >= 50) {
        editor_check_report(&ck->sink, EDITOR_SEVERITY_WARNING, "object-in-terrain", o.x, o.y,
                            "object %u: the %s at (%d, %d) is inside solid ground on path A", m->id,
                            m->name, o.x, o.y);
    }
}

static void check_sprites(objchk *ck, const char *level_path, bool allow_outside)
{
    const lw_level *level = ck->level;
    if (!level->player_sprites || !level_path)
        return;
    uint32_t w = 0, h = 0;
    lw_error err = {0};
    const uint32_t need_w = EDITOR_PLAYER_ANIM_MAX_F * EDITOR_SPRITE_CELL,
                   need_h = EDITOR_PLAYER_ANIM_REQUIRED * EDITOR_SPRITE_CELL;
    if (!editor_level_png_size(level_path, level->player_sprites, "player_sprites", allow_outside,
                               &w, &h, &err)) {
        editor_check_report(&ck->sink, EDITOR_SEVERITY_ERROR, "player-sprites", -1, -1, "%s",
                            err.message);
    } else if (w > 4096 || h > 4096 || w % EDITOR_SPRITE_CELL || h % EDITOR_SPRITE_CELL ||
               w < need_w || h < need_h) {
        editor_check_report(
            &ck->sink, EDITOR_SEVERITY_ERROR, "player-sprites", -1, -1,
            "player_sprites \"%s\" is %ux%u px; it needs at least %ux%u px in %u px cells, at most "
            "4096 px a side (docs/OBJECTS.md §17)",
            level->player_sprites, w, h, need_w, need_h, EDITOR_SPRITE_CELL);
    }
}

unsigned editor_level_check_objects(const lw_level *level, const char *level_path,
                                    bool allow_outside, editor_problem_fn fn, void *user)
{
    objchk ck = {level, {fn, user, 0}};
    check_sprites(&ck, level_path, allow_outside);
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *m = &level->objects[i];
        if (m->type == LW_OBJECT_MARKER && m->name && lw_obj_type_from_name(m->name) >= 0)
            check_object(&ck, m);
    }
    return ck.sink.errors;
}
