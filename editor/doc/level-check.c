/* SPDX-License-Identifier: MIT */
#include "level-check.h"

#include "level-check-private.h"
#include "level-json.h"

#include <loopwright/fixed.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void editor_check_reportv(editor_check_sink *s, editor_severity sev, const char *code, int32_t x,
                          int32_t y, const char *fmt, va_list ap)
{
    editor_problem p = {.severity = sev, .code = code, .x = x, .y = y};
    char raw[sizeof p.message];
    vsnprintf(raw, sizeof raw, fmt, ap);
    lw_text_escape(p.message, sizeof p.message, raw); /* level strings reach a terminal */
    if (sev == EDITOR_SEVERITY_ERROR)
        s->errors++;
    if (s->fn)
        s->fn(&p, s->user);
}

void editor_check_report(editor_check_sink *s, editor_severity sev, const char *code, int32_t x,
                         int32_t y, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    editor_check_reportv(s, sev, code, x, y, fmt, ap);
    va_end(ap);
}

static const char *type_name(lw_object_type t)
{
    switch (t) {
    case LW_OBJECT_PLAYER_START:
        return "player start";
    case LW_OBJECT_PATH_SWAPPER:
        return "path swapper";
    case LW_OBJECT_MARKER:
        return "marker";
    }
    return "object";
}

/* The first place in the foreground layout where @tile is used with solidity on @path, so a
 * problem with a tile can be shown where it matters. */
static bool find_tile_use(const lw_level *level, uint32_t tile, int path, int32_t *px, int32_t *py)
{
    uint32_t n = level->chunk_cells;
    for (uint32_t ly = 0; ly < level->layout_height; ly++)
        for (uint32_t lx = 0; lx < level->layout_width; lx++) {
            uint16_t ch = lw_level_layout_get(level, LW_LAYER_FG, lx, ly);
            if (ch == LW_NONE)
                continue;
            const lw_cell *cells = lw_level_chunk_cells(level, ch);
            for (uint32_t i = 0; i < n * n; i++)
                if (cells[i].tile == tile &&
                    (path < 0 || lw_cell_solidity(&cells[i], (lw_path)path) != LW_SOLID_NONE)) {
                    *px = (int32_t)((lx << level->chunk_shift) + (i % n) * 16);
                    *py = (int32_t)((ly << level->chunk_shift) + (i / n) * 16);
                    return true;
                }
        }
    return false;
}

unsigned editor_level_check(const lw_level *level, const char *level_path, editor_problem_fn fn,
                            void *user)
{
    return editor_level_check_paths(level, level_path, false, fn, user);
}

unsigned editor_level_check_paths(const lw_level *level, const char *level_path, bool allow_outside,
                                  editor_problem_fn fn, void *user)
{
    editor_check_sink ck = {fn, user, 0};
    lw_error err;
    if (level_path && !editor_level_check_art(level, level_path, allow_outside, NULL, &err))
        editor_check_report(&ck, EDITOR_SEVERITY_ERROR, "art", -1, -1, "%s", err.message);

    /* Player start. */
    unsigned starts = 0;
    int32_t w = lw_level_width_px(level), h = lw_level_height_px(level);
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        if (o->type == LW_OBJECT_PLAYER_START && ++starts == 2)
            editor_check_report(&ck, EDITOR_SEVERITY_WARNING, "extra-player-start", o->x, o->y,
                                "object %u: more than one player start (the first one is used)",
                                o->id);
        if (o->x < 0 || o->y < 0 || o->x >= w || o->y >= h)
            editor_check_report(&ck, EDITOR_SEVERITY_WARNING, "object-outside", o->x, o->y,
                                "object %u (%s) at (%d, %d) is outside the level (%dx%d px)", o->id,
                                type_name(o->type), o->x, o->y, w, h);
        if (o->type == LW_OBJECT_PATH_SWAPPER) {
            const lw_path_swapper *s = &o->swapper;
            if (!s->priority_only && s->path[0] == s->path[1])
                editor_check_report(&ck, EDITOR_SEVERITY_WARNING, "swapper-same-path", o->x, o->y,
                                    "object %u: path swapper selects path %c on both sides", o->id,
                                    'A' + s->path[0]);
        }
        if (o->type == LW_OBJECT_PLAYER_START) {
            const lw_cell *cell = lw_level_cell_at(level, o->x, o->y);
            lw_collision_cell cc;
            if (cell && lw_level_collision_at(level, o->x, o->y, LW_PATH_A, &cc) &&
                cc.solid == LW_SOLID_ALL) {
                bool fx = cc.flags & LW_CELL_FLIP_X, fy = cc.flags & LW_CELL_FLIP_Y;
                int c = o->x & 15, r = o->y & 15;
                if (lw_mask_pixel(cc.mask, fx ? 15 - c : c, fy ? 15 - r : r))
                    editor_check_report(&ck, EDITOR_SEVERITY_WARNING, "start-in-solid", o->x, o->y,
                                        "object %u: the player start is inside solid ground",
                                        o->id);
            }
        }
    }
    if (starts == 0)
        editor_check_report(&ck, EDITOR_SEVERITY_WARNING, "no-player-start", -1, -1,
                            "no player start: sim and test-play need --start");

    /* Masks: the originals treat any odd angle as flagged (bit 0 test, PHYSICS.md §1.6). */
    for (uint32_t m = 0; m < level->mask_count; m++) {
        const lw_mask *mask = &level->masks[m];
        if (!(mask->flags & LW_MASK_FLAGGED) && lw_angle_is_flagged(mask->angle))
            editor_check_report(
                &ck, EDITOR_SEVERITY_WARNING, "odd-angle", -1, -1,
                "mask %u: angle 0x%02X is odd, which the classic engine reads as flagged; "
                "use an even angle or set \"flagged\"",
                m, mask->angle);
    }

    /* Tiles placed with solidity on a path where they have no mask collide with nothing. */
    for (uint32_t t = 0; t < level->tile_count; t++) {
        for (int p = 0; p < 2; p++) {
            int32_t x, y;
            if (level->tiles[t].mask[p] == LW_NONE && find_tile_use(level, t, p, &x, &y))
                editor_check_report(
                    &ck, EDITOR_SEVERITY_WARNING, "solid-without-mask", x, y,
                    "tile %u is placed solid on path %c at (%d, %d) but has no mask there", t,
                    'A' + p, x, y);
        }
    }
    ck.errors += editor_level_check_objects(level, level_path, allow_outside, fn, user);
    editor_level_check_masks(level, fn, user);
    return ck.errors;
}
