/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-clipboard"

#include "editor-clipboard.h"

#include "editor-commands.h"

#include <string.h>

struct EditorClip {
    guint w, h;
    uint16_t *ids;     /* w * h chunk ids into @mini, LW_NONE = empty */
    lw_level *mini;    /* owned: only the chunks, tiles and masks the block uses */
    uint16_t *src_ids; /* w * h chunk ids in the level copied from, for previews */
    guint32 *src_sums; /* w * h checksums of those chunks' cells as they were */
};

static guint32 chunk_sum(const lw_level *level, uint16_t id)
{
    const lw_cell *cells = lw_level_chunk_cells(level, id);
    guint32 h = 2166136261u; /* FNV-1a over the cells' fields */
    for (guint c = 0; c < lw_level_cells_per_chunk(level); c++) {
        guint32 v[3] = {cells[c].tile, cells[c].flags, cells[c].solid};
        for (int k = 0; k < 3; k++)
            h = (h ^ v[k]) * 16777619u;
    }
    return h;
}

EditorClip *editor_clip_new_from_layout(const lw_level *level, lw_layer layer, guint x, guint y,
                                        guint w, guint h)
{
    if (!level->layout[layer] || x >= level->layout_width || y >= level->layout_height)
        return NULL;
    w = MIN(w, level->layout_width - x);
    h = MIN(h, level->layout_height - y);
    if (w == 0 || h == 0)
        return NULL;
    EditorClip *clip = g_new0(EditorClip, 1);
    clip->w = w;
    clip->h = h;
    clip->ids = g_new(uint16_t, (gsize)w * h);
    clip->src_ids = g_new(uint16_t, (gsize)w * h);
    clip->src_sums = g_new0(guint32, (gsize)w * h);
    clip->mini = lw_level_new(level->chunk_px, 1, 1, NULL);
    g_autofree gint *chunk_map = g_new(gint, MAX(level->chunk_count, 1u));
    g_autofree gint *tile_map = g_new(gint, MAX(level->tile_count, 1u));
    g_autofree gint *mask_map = g_new(gint, MAX(level->mask_count, 1u));
    memset(chunk_map, 0xFF, MAX(level->chunk_count, 1u) * sizeof(gint));
    memset(tile_map, 0xFF, MAX(level->tile_count, 1u) * sizeof(gint));
    memset(mask_map, 0xFF, MAX(level->mask_count, 1u) * sizeof(gint));
    guint per = lw_level_cells_per_chunk(level);
    g_autofree lw_cell *cells = g_new(lw_cell, per);
    for (guint j = 0; j < h; j++)
        for (guint i = 0; i < w; i++) {
            uint16_t id = lw_level_layout_get(level, layer, x + i, y + j);
            clip->src_ids[j * w + i] = LW_NONE;
            if (id == LW_NONE || id >= level->chunk_count) {
                clip->ids[j * w + i] = LW_NONE;
                continue;
            }
            clip->src_ids[j * w + i] = id;
            clip->src_sums[j * w + i] = chunk_sum(level, id);
            if (chunk_map[id] < 0) {
                const lw_cell *src = lw_level_chunk_cells(level, id);
                for (guint c = 0; c < per; c++) {
                    cells[c] = src[c];
                    uint16_t t = src[c].tile;
                    if (t == LW_NONE || t >= level->tile_count)
                        continue;
                    if (tile_map[t] < 0) {
                        lw_tile tile = level->tiles[t];
                        for (int p = 0; p < 2; p++) {
                            uint16_t m = tile.mask[p];
                            if (m == LW_NONE || m >= level->mask_count)
                                continue;
                            if (mask_map[m] < 0)
                                mask_map[m] = lw_level_add_mask(clip->mini, &level->masks[m]);
                            tile.mask[p] = (uint16_t)mask_map[m];
                        }
                        tile_map[t] = lw_level_add_tile(clip->mini, &tile);
                    }
                    cells[c].tile = (uint16_t)tile_map[t];
                }
                chunk_map[id] = lw_level_add_chunk(clip->mini, cells);
            }
            clip->ids[j * w + i] = (uint16_t)chunk_map[id];
        }
    return clip;
}

void editor_clip_free(EditorClip *clip)
{
    if (!clip)
        return;
    g_free(clip->ids);
    g_free(clip->src_ids);
    g_free(clip->src_sums);
    lw_level_free(clip->mini);
    g_free(clip);
}

guint editor_clip_get_width(const EditorClip *clip)
{
    return clip->w;
}

guint editor_clip_get_height(const EditorClip *clip)
{
    return clip->h;
}

gboolean editor_clip_slot_filled(const EditorClip *clip, guint i, guint j)
{
    return i < clip->w && j < clip->h && clip->ids[j * clip->w + i] != LW_NONE;
}

uint16_t editor_clip_preview_chunk(const EditorClip *clip, const lw_level *level, guint i, guint j)
{
    if (i >= clip->w || j >= clip->h)
        return LW_NONE;
    uint16_t id = clip->src_ids[j * clip->w + i];
    if (id == LW_NONE || id >= level->chunk_count || level->chunk_px != clip->mini->chunk_px ||
        chunk_sum(level, id) != clip->src_sums[j * clip->w + i])
        return LW_NONE;
    return id;
}

static gboolean mask_equal(const lw_mask *a, const lw_mask *b)
{
    return memcmp(a->heights, b->heights, sizeof a->heights) == 0 && a->angle == b->angle &&
           a->flags == b->flags;
}

gboolean editor_clip_paste(const EditorClip *clip, EditorDocument *doc, lw_layer layer, guint x,
                           guint y, GError **error)
{
    const lw_level *target = editor_document_get_level(doc);
    const lw_level *mini = clip->mini;
    if (target->chunk_px != mini->chunk_px) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                    "the copied chunks are %u px but this level uses %u px chunks", mini->chunk_px,
                    target->chunk_px);
        return FALSE;
    }
    editor_document_begin_group(doc, "Paste");
    g_autofree guint *mask_map = g_new(guint, MAX(mini->mask_count, 1u));
    g_autofree guint *tile_map = g_new(guint, MAX(mini->tile_count, 1u));
    g_autofree guint *chunk_map = g_new(guint, MAX(mini->chunk_count, 1u));
    gboolean ok = TRUE;
    for (guint m = 0; ok && m < mini->mask_count; m++) {
        guint found = LW_NONE;
        for (guint k = 0; k < target->mask_count && found == LW_NONE; k++)
            if (mask_equal(&target->masks[k], &mini->masks[m]))
                found = k;
        if (found == LW_NONE) {
            found = target->mask_count;
            EditorCommand *cmd = editor_cmd_add_mask_new(doc, &mini->masks[m], NULL, error);
            if (!cmd)
                ok = FALSE;
            else
                editor_document_push(doc, cmd);
        }
        mask_map[m] = found;
    }
    for (guint t = 0; ok && t < mini->tile_count; t++) {
        lw_tile tile = mini->tiles[t];
        for (int p = 0; p < 2; p++)
            if (tile.mask[p] != LW_NONE)
                tile.mask[p] = (uint16_t)mask_map[tile.mask[p]];
        guint found = LW_NONE;
        for (guint k = 0; k < target->tile_count && found == LW_NONE; k++) {
            const lw_tile *o = &target->tiles[k];
            if (o->art == tile.art && o->mask[0] == tile.mask[0] && o->mask[1] == tile.mask[1] &&
                o->flags == tile.flags)
                found = k;
        }
        if (found == LW_NONE) {
            found = target->tile_count;
            EditorCommand *cmd = editor_cmd_add_tile_new(doc, &tile, NULL, error);
            if (!cmd)
                ok = FALSE;
            else
                editor_document_push(doc, cmd);
        }
        tile_map[t] = found;
    }
    guint per = lw_level_cells_per_chunk(mini);
    g_autofree lw_cell *cells = g_new(lw_cell, per);
    for (guint c = 0; ok && c < mini->chunk_count; c++) {
        const lw_cell *src = lw_level_chunk_cells(mini, c);
        for (guint i = 0; i < per; i++) {
            cells[i] = src[i];
            if (src[i].tile != LW_NONE)
                cells[i].tile = (uint16_t)tile_map[src[i].tile];
        }
        guint found = LW_NONE;
        for (guint k = 0; k < target->chunk_count && found == LW_NONE; k++)
            if (memcmp(lw_level_chunk_cells(target, k), cells, per * sizeof(lw_cell)) == 0)
                found = k;
        if (found == LW_NONE) {
            found = target->chunk_count;
            EditorCommand *cmd = editor_cmd_add_chunk_new(doc, cells, NULL, error);
            if (!cmd)
                ok = FALSE;
            else
                editor_document_push(doc, cmd);
        }
        chunk_map[c] = found;
    }
    if (ok) {
        GArray *edits = g_array_new(FALSE, FALSE, sizeof(EditorLayoutEdit));
        for (guint j = 0; j < clip->h; j++)
            for (guint i = 0; i < clip->w; i++) {
                if (x + i >= target->layout_width || y + j >= target->layout_height)
                    continue;
                uint16_t id = clip->ids[j * clip->w + i];
                EditorLayoutEdit e = {(uint16_t)(x + i), (uint16_t)(y + j),
                                      id == LW_NONE ? (uint16_t)LW_NONE : (uint16_t)chunk_map[id]};
                g_array_append_val(edits, e);
            }
        editor_document_push(doc,
                             editor_cmd_set_layout_new(doc, layer, (EditorLayoutEdit *)edits->data,
                                                       edits->len, "Paste", 0));
        g_array_unref(edits);
        editor_document_end_group(doc);
    } else {
        editor_document_cancel_group(doc);
    }
    return ok;
}
