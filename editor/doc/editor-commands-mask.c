/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-commands"

#include "editor-commands-mask.h"

#include "editor-commands.h"
#include "mask-ops.h"

#include <string.h>

void editor_mask_compute_angle(const lw_mask *mask, lw_mask *out)
{
    lwm_bits bits;
    lwm_bits_from_mask(mask, &bits);
    lw_mask fitted;
    lwm_mask_from_bits(&bits, &fitted, NULL, NULL);
    *out = *mask;
    out->angle = fitted.angle;
    out->flags = (uint8_t)(fitted.flags & LW_MASK_FLAGGED);
}

static const lw_mask *mask_at(EditorDocument *doc, guint mask)
{
    const lw_level *level = editor_document_get_level(doc);
    return mask < level->mask_count ? &level->masks[mask] : NULL;
}

static gboolean mask_same(const lw_mask *a, const lw_mask *b)
{
    return memcmp(a->heights, b->heights, 16) == 0 && a->angle == b->angle && a->flags == b->flags;
}

/* A set-mask command for @after, or NULL when it changes nothing. */
static EditorCommand *replace(EditorDocument *doc, guint mask, const lw_mask *after,
                              const char *label, guint stroke)
{
    const lw_mask *cur = mask_at(doc, mask);
    if (!cur)
        return NULL;
    lw_mask a = *after;
    lw_mask_derive_widths(&a);
    if (mask_same(cur, &a))
        return NULL;
    return editor_cmd_set_mask_new(doc, mask, &a, label, stroke);
}

EditorCommand *editor_cmd_mask_set_column_new(EditorDocument *doc, guint mask, guint column,
                                              int height, guint stroke)
{
    const lw_mask *cur = mask_at(doc, mask);
    if (!cur || column > 15 || height < -16 || height > 16)
        return NULL;
    lw_mask m = *cur;
    m.heights[column] = (int8_t)(height == -16 ? 16 : height);
    if (!(m.flags & LW_MASK_LOCKED))
        editor_mask_compute_angle(&m, &m);
    return replace(doc, mask, &m, "Set Column Height", stroke);
}

EditorCommand *editor_cmd_mask_set_angle_new(EditorDocument *doc, guint mask, guint8 angle,
                                             guint stroke)
{
    const lw_mask *cur = mask_at(doc, mask);
    if (!cur)
        return NULL;
    lw_mask m = *cur;
    m.angle = angle;
    m.flags = (uint8_t)((m.flags & ~LW_MASK_FLAGGED) | LW_MASK_LOCKED);
    return replace(doc, mask, &m, "Set Angle", stroke);
}

EditorCommand *editor_cmd_mask_set_locked_new(EditorDocument *doc, guint mask, gboolean locked)
{
    const lw_mask *cur = mask_at(doc, mask);
    if (!cur)
        return NULL;
    lw_mask m = *cur;
    m.flags = (uint8_t)(locked ? (m.flags | LW_MASK_LOCKED) : (m.flags & ~LW_MASK_LOCKED));
    return replace(doc, mask, &m, locked ? "Lock Angle" : "Unlock Angle", 0);
}

EditorCommand *editor_cmd_mask_set_flagged_new(EditorDocument *doc, guint mask, gboolean flagged)
{
    const lw_mask *cur = mask_at(doc, mask);
    if (!cur)
        return NULL;
    lw_mask m = *cur;
    m.flags = (uint8_t)((flagged ? (m.flags | LW_MASK_FLAGGED) : (m.flags & ~LW_MASK_FLAGGED)) |
                        LW_MASK_LOCKED);
    return replace(doc, mask, &m, flagged ? "Flag Angle" : "Unflag Angle", 0);
}

EditorCommand *editor_cmd_mask_compute_angle_new(EditorDocument *doc, guint mask)
{
    const lw_mask *cur = mask_at(doc, mask);
    if (!cur)
        return NULL;
    lw_mask m;
    editor_mask_compute_angle(cur, &m);
    return replace(doc, mask, &m, "Compute Angle", 0);
}

EditorCommand *editor_cmd_mask_replace_new(EditorDocument *doc, guint mask, const lw_mask *value,
                                           const char *label)
{
    if (!lw_mask_heights_valid(value->heights))
        return NULL;
    lw_mask m = *value;
    m.flags &= LW_MASK_FLAGGED | LW_MASK_LOCKED;
    return replace(doc, mask, &m, label ? label : "Replace Mask", 0);
}

/* ---- tile operations ---- */

static gboolean push_or_fail(EditorDocument *doc, EditorCommand *cmd)
{
    if (!cmd)
        return FALSE;
    editor_document_push(doc, cmd);
    return TRUE;
}

gboolean editor_tile_set_mask(EditorDocument *doc, guint tile, guint path, const lw_mask *value,
                              const char *label, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    g_return_val_if_fail(tile < level->tile_count && path < 2, FALSE);
    if (!lw_mask_heights_valid(value->heights)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, "a height is outside -16..16");
        return FALSE;
    }
    lw_mask want = *value;
    want.flags &= LW_MASK_FLAGGED | LW_MASK_LOCKED;
    lw_mask_derive_widths(&want);
    uint16_t cur = level->tiles[tile].mask[path];
    if (cur != LW_NONE)
        return push_or_fail(doc, editor_cmd_mask_replace_new(doc, cur, &want, label));
    editor_document_begin_group(doc, label);
    gint found = editor_level_find_mask(level, &want);
    guint index = found >= 0 ? (guint)found : level->mask_count;
    if (found < 0) {
        EditorCommand *add = editor_cmd_add_mask_new(doc, &want, NULL, error);
        if (!add) {
            editor_document_cancel_group(doc);
            return FALSE;
        }
        editor_document_push(doc, add);
    }
    level = editor_document_get_level(doc);
    lw_tile t = level->tiles[tile];
    t.mask[path] = (uint16_t)index;
    EditorCommand *set = editor_cmd_set_tile_new(doc, tile, &t, NULL);
    if (set)
        editor_document_push(doc, set);
    editor_document_end_group(doc);
    return TRUE;
}

gboolean editor_tile_copy_path_a_to_b(EditorDocument *doc, guint tile)
{
    const lw_level *level = editor_document_get_level(doc);
    g_return_val_if_fail(tile < level->tile_count, FALSE);
    lw_tile t = level->tiles[tile];
    if (t.mask[1] == t.mask[0])
        return FALSE;
    t.mask[1] = t.mask[0];
    return push_or_fail(doc, editor_cmd_set_tile_new(doc, tile, &t, "Copy Path A to B"));
}

gboolean editor_tile_make_mask_unique(EditorDocument *doc, guint tile, guint path, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    g_return_val_if_fail(tile < level->tile_count && path < 2, FALSE);
    uint16_t cur = level->tiles[tile].mask[path];
    if (cur == LW_NONE) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "the tile has no mask on that path");
        return FALSE;
    }
    guint users = 0;
    editor_level_mask_usage(level, cur, &users, NULL);
    if (users <= 1u) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "the mask is used by this tile only");
        return FALSE;
    }
    lw_mask copy = level->masks[cur];
    guint index = level->mask_count;
    EditorCommand *add = editor_cmd_add_mask_new(doc, &copy, "Copy Mask", error);
    if (!add)
        return FALSE;
    editor_document_begin_group(doc, "Make Mask Unique");
    editor_document_push(doc, add);
    lw_tile t = editor_document_get_level(doc)->tiles[tile];
    t.mask[path] = (uint16_t)index;
    editor_document_push(doc, editor_cmd_set_tile_new(doc, tile, &t, NULL));
    editor_document_end_group(doc);
    return TRUE;
}
