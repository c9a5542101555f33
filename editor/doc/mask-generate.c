/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-masks"

#include "mask-generate.h"

#include "editor-commands-mask.h"
#include "editor-commands.h"
#include "mask-ops.h"

#include <string.h>

struct EditorMaskGen {
    const lw_level *level; /* borrowed */
    const lwm_image *art;  /* borrowed */
    guint *tiles;          /* owned: ids to do */
    guint total, done;
    GArray *items; /* EditorMaskGenItem */
    guint skipped;
};

EditorMaskGen *editor_mask_gen_new(const lw_level *level, const lwm_image *art, const guint *tiles,
                                   guint n)
{
    EditorMaskGen *gen = g_new0(EditorMaskGen, 1);
    gen->level = level;
    gen->art = art;
    if (!tiles)
        n = level->tile_count;
    gen->tiles = g_new(guint, MAX(n, 1u));
    for (guint i = 0; i < n; i++)
        gen->tiles[i] = tiles ? tiles[i] : i;
    gen->total = n;
    gen->items = g_array_new(FALSE, TRUE, sizeof(EditorMaskGenItem));
    return gen;
}

void editor_mask_gen_free(EditorMaskGen *gen)
{
    if (!gen)
        return;
    g_free(gen->tiles);
    g_array_unref(gen->items);
    g_free(gen);
}

static gboolean mask_same(const lw_mask *a, const lw_mask *b)
{
    return memcmp(a->heights, b->heights, 16) == 0 && a->angle == b->angle && a->flags == b->flags;
}

static guint changed_pixels(const lw_mask *a, const lw_mask *b)
{
    lwm_bits x, y;
    lwm_bits_from_mask(a, &x);
    lwm_bits_from_mask(b, &y);
    guint n = 0;
    for (int c = 0; c < 16; c++)
        n += (guint)__builtin_popcount((unsigned)(x.col[c] ^ y.col[c]));
    return n;
}

static void do_tile(EditorMaskGen *gen, guint id)
{
    const lw_level *level = gen->level;
    if (id >= level->tile_count) {
        gen->skipped++;
        return;
    }
    const lw_tile *t = &level->tiles[id];
    lw_mask made;
    if (t->art == LW_NONE || !editor_art_mask(gen->art, t->art, &made)) {
        gen->skipped++;
        return;
    }
    uint16_t a = t->mask[0], b = t->mask[1];
    EditorMaskGenItem item = {.tile = id, .accept = TRUE};
    if (a == b) {
        item.paths = 3;
    } else if (a != LW_NONE && b != LW_NONE) {
        lwm_bits x, y;
        lwm_bits_from_mask(&level->masks[a], &x);
        lwm_bits_from_mask(&level->masks[b], &y);
        if (memcmp(&x, &y, sizeof x) != 0) {
            gen->skipped++; /* the paths differ: art cannot tell them apart */
            return;
        }
        item.paths = 3;
    } else {
        item.paths = a != LW_NONE ? 1 : 2;
    }
    uint16_t cur = (item.paths & 1u) ? a : b;
    item.had_mask = cur != LW_NONE;
    if (item.had_mask)
        item.before = level->masks[cur];
    item.after = made;
    if (item.had_mask && (item.before.flags & LW_MASK_LOCKED)) {
        item.after.angle = item.before.angle;
        item.after.flags = item.before.flags & (LW_MASK_FLAGGED | LW_MASK_LOCKED);
        item.kept_angle = TRUE;
    }
    lw_mask_derive_widths(&item.after);
    gboolean same =
        item.had_mask && mask_same(&item.before, &item.after) && (item.paths != 3 || a == b);
    if (same)
        return;
    item.changed_px = item.had_mask ? changed_pixels(&item.before, &item.after) : 0;
    g_array_append_val(gen->items, item);
}

gboolean editor_mask_gen_step(EditorMaskGen *gen, guint budget)
{
    for (guint i = 0; i < budget && gen->done < gen->total; i++)
        do_tile(gen, gen->tiles[gen->done++]);
    return gen->done >= gen->total;
}

void editor_mask_gen_get_progress(const EditorMaskGen *gen, guint *done, guint *total)
{
    *done = gen->done;
    *total = gen->total;
}

guint editor_mask_gen_get_count(const EditorMaskGen *gen)
{
    return gen->items->len;
}

EditorMaskGenItem *editor_mask_gen_get_item(EditorMaskGen *gen, guint index)
{
    g_return_val_if_fail(index < gen->items->len, NULL);
    return &g_array_index(gen->items, EditorMaskGenItem, index);
}

guint editor_mask_gen_get_skipped(const EditorMaskGen *gen)
{
    return gen->skipped;
}

guint editor_mask_gen_get_accepted(const EditorMaskGen *gen)
{
    guint n = 0;
    for (guint i = 0; i < gen->items->len; i++)
        n += g_array_index(gen->items, EditorMaskGenItem, i).accept;
    return n;
}

guint editor_mask_gen_apply(EditorDocument *doc, EditorMaskGen *gen, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    guint nm = level->mask_count;
    /* masks whose every tile path is accepted with one new mask change in place */
    g_autofree guint *refs = g_new0(guint, MAX(nm, 1u));
    g_autofree guint *covered = g_new0(guint, MAX(nm, 1u));
    g_autofree gint *want = g_new(gint, MAX(nm, 1u)); /* item index, -1 none, -2 several */
    for (guint m = 0; m < nm; m++)
        want[m] = -1;
    for (guint t = 0; t < level->tile_count; t++)
        for (int p = 0; p < 2; p++)
            if (level->tiles[t].mask[p] < nm)
                refs[level->tiles[t].mask[p]]++;
    for (guint i = 0; i < gen->items->len; i++) {
        const EditorMaskGenItem *it = &g_array_index(gen->items, EditorMaskGenItem, i);
        if (!it->accept || it->tile >= level->tile_count)
            continue;
        for (int p = 0; p < 2; p++) {
            guint m = level->tiles[it->tile].mask[p];
            if (!(it->paths & (1u << p)) || m >= nm)
                continue;
            covered[m]++;
            if (want[m] == -1)
                want[m] = (gint)i;
            else if (want[m] >= 0 &&
                     !mask_same(&g_array_index(gen->items, EditorMaskGenItem, want[m]).after,
                                &it->after))
                want[m] = -2;
        }
    }
    editor_document_begin_long_operation(doc, "Generate Masks from Art");
    guint changed = 0;
    for (guint m = 0; m < nm; m++) {
        if (want[m] < 0 || covered[m] != refs[m])
            continue;
        const EditorMaskGenItem *it = &g_array_index(gen->items, EditorMaskGenItem, want[m]);
        EditorCommand *cmd = editor_cmd_mask_replace_new(doc, m, &it->after, NULL);
        if (cmd)
            editor_document_push(doc, cmd);
    }
    gboolean ok = TRUE;
    for (guint i = 0; ok && i < gen->items->len; i++) {
        const EditorMaskGenItem *it = &g_array_index(gen->items, EditorMaskGenItem, i);
        level = editor_document_get_level(doc);
        if (!it->accept || it->tile >= level->tile_count)
            continue;
        lw_tile t = level->tiles[it->tile];
        gboolean in_place = TRUE;
        for (int p = 0; p < 2; p++)
            if ((it->paths & (1u << p)) &&
                !(t.mask[p] < nm && want[t.mask[p]] >= 0 && covered[t.mask[p]] == refs[t.mask[p]]))
                in_place = FALSE;
        changed++;
        if (in_place)
            continue;
        gint id = editor_level_find_mask(level, &it->after);
        if (id < 0) {
            id = (gint)level->mask_count;
            EditorCommand *add = editor_cmd_add_mask_new(doc, &it->after, NULL, error);
            if (!add) {
                ok = FALSE;
                break;
            }
            editor_document_push(doc, add);
        }
        for (int p = 0; p < 2; p++)
            if (it->paths & (1u << p))
                t.mask[p] = (uint16_t)id;
        EditorCommand *set = editor_cmd_set_tile_new(doc, it->tile, &t, NULL);
        if (set)
            editor_document_push(doc, set);
    }
    editor_document_end_long_operation(doc, ok);
    return ok ? changed : 0;
}
