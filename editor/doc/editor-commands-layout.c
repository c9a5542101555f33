/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-commands"

#include "editor-commands.h"
#include "editor-document-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- set layout slots ---- */

typedef struct {
    uint16_t x, y;
    uint16_t before, after;
} SlotEdit;

typedef struct {
    EditorCommand base;
    lw_layer layer;
    gboolean creates_background; /* apply creates the background layer, revert removes it */
    GArray *edits;               /* SlotEdit, one per slot */
    GHashTable *index;           /* (y << 16 | x) + 1 -> position in edits + 1, for merging */
} SetLayoutCommand;

static void set_layout_write(SetLayoutCommand *c, EditorDocument *doc, EditorChange *change,
                             gboolean after)
{
    lw_level *level = editor_document_level_for_command(doc);
    if (c->layer == LW_LAYER_BG && after && c->creates_background &&
        !lw_level_ensure_background(level))
        g_error("out of memory");
    uint16_t *slots = lw_level_layout_mut(level, c->layer);
    for (guint i = 0; i < c->edits->len; i++) {
        const SlotEdit *e = &g_array_index(c->edits, SlotEdit, i);
        slots[(size_t)e->y * level->layout_width + e->x] = after ? e->after : e->before;
        editor_change_add_layout(change, e->x, e->y, 1, 1);
    }
    if (c->layer == LW_LAYER_BG && !after && c->creates_background) {
        free(lw_level_layout_mut(level, LW_LAYER_BG));
        level->layout[LW_LAYER_BG] = NULL;
    }
}

static void set_layout_apply(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    set_layout_write((SetLayoutCommand *)cmd, doc, change, TRUE);
}

static void set_layout_revert(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    set_layout_write((SetLayoutCommand *)cmd, doc, change, FALSE);
}

static gpointer slot_key(uint16_t x, uint16_t y)
{
    return GUINT_TO_POINTER(((guint)y << 16 | x) + 1u);
}

static void set_layout_add(SetLayoutCommand *c, const SlotEdit *e)
{
    gpointer pos = g_hash_table_lookup(c->index, slot_key(e->x, e->y));
    if (pos) {
        /* Already touched by this command: keep the oldest "before", take the newest "after" */
        g_array_index(c->edits, SlotEdit, GPOINTER_TO_UINT(pos) - 1).after = e->after;
        return;
    }
    g_array_append_val(c->edits, *e);
    g_hash_table_insert(c->index, slot_key(e->x, e->y), GUINT_TO_POINTER(c->edits->len));
}

static gboolean set_layout_merge(EditorCommand *cmd, const EditorCommand *next)
{
    SetLayoutCommand *c = (SetLayoutCommand *)cmd;
    const SetLayoutCommand *n = (const SetLayoutCommand *)next;
    if (c->layer != n->layer)
        return FALSE;
    for (guint i = 0; i < n->edits->len; i++)
        set_layout_add(c, &g_array_index(n->edits, SlotEdit, i));
    return TRUE;
}

static gboolean set_layout_is_noop(const EditorCommand *cmd)
{
    const SetLayoutCommand *c = (const SetLayoutCommand *)cmd;
    if (c->creates_background)
        return FALSE;
    for (guint i = 0; i < c->edits->len; i++) {
        const SlotEdit *e = &g_array_index(c->edits, SlotEdit, i);
        if (e->before != e->after)
            return FALSE;
    }
    return TRUE;
}

static void set_layout_free(EditorCommand *cmd)
{
    SetLayoutCommand *c = (SetLayoutCommand *)cmd;
    g_array_unref(c->edits);
    g_hash_table_unref(c->index);
}

static const EditorCommandClass set_layout_class = {
    .name = "set-layout",
    .apply = set_layout_apply,
    .revert = set_layout_revert,
    .merge = set_layout_merge,
    .is_noop = set_layout_is_noop,
    .free = set_layout_free,
};

EditorCommand *editor_cmd_set_layout_new(EditorDocument *doc, lw_layer layer,
                                         const EditorLayoutEdit *edits, guint n, const char *label,
                                         guint stroke)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(doc), NULL);
    g_return_val_if_fail(layer == LW_LAYER_FG || layer == LW_LAYER_BG, NULL);
    const lw_level *level = editor_document_get_level(doc);
    SetLayoutCommand *c =
        editor_command_alloc(sizeof *c, &set_layout_class, label ? label : "Paint Chunks");
    c->base.stroke = stroke;
    c->layer = layer;
    c->creates_background = layer == LW_LAYER_BG && !level->layout[LW_LAYER_BG];
    c->edits = g_array_new(FALSE, FALSE, sizeof(SlotEdit));
    c->index = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint i = 0; i < n; i++) {
        const EditorLayoutEdit *e = &edits[i];
        if (e->x >= level->layout_width || e->y >= level->layout_height)
            continue;
        if (e->chunk != LW_NONE && e->chunk >= level->chunk_count) {
            editor_command_free(&c->base);
            return NULL;
        }
        uint16_t before = level->layout[layer]
                              ? level->layout[layer][(size_t)e->y * level->layout_width + e->x]
                              : (uint16_t)LW_NONE;
        SlotEdit se = {e->x, e->y, before, e->chunk};
        set_layout_add(c, &se);
    }
    return &c->base;
}

/* ---- replace the whole level ---- */

typedef struct {
    EditorCommand base;
    lw_level *other;      /* owned: the level that is not in the document right now */
    EditorRemap *forward; /* owned, NULL: how applying renumbers ids (else: by the counts) */
    EditorRemap *back;    /* owned, NULL: how reverting does */
} ReplaceLevelCommand;

static void replace_level_swap(ReplaceLevelCommand *c, EditorDocument *doc, EditorChange *change,
                               const EditorRemap *remap)
{
    lw_level *level = editor_document_level_for_command(doc);
    /* Swap the contents so the document's level pointer stays valid for every view. */
    lw_level tmp = *level;
    *level = *c->other;
    *c->other = tmp;
    editor_change_add_flags(change, EDITOR_CHANGE_EVERYTHING | EDITOR_CHANGE_COUNTS |
                                        EDITOR_CHANGE_OBJECTS | EDITOR_CHANGE_PROPERTIES);
    editor_change_add_layout(change, 0, 0, level->layout_width, level->layout_height);
    if (remap) {
        editor_change_add_remap(change, remap);
        return;
    }
    /* no known renumbering: ids the new level still has are kept, the others are gone */
    EditorRemap *cut = g_new(EditorRemap, 1);
    editor_remap_init(cut);
    editor_remap_truncate_chunks(cut, c->other->chunk_count, level->chunk_count);
    editor_remap_truncate_tiles(cut, c->other->tile_count, level->tile_count);
    editor_change_add_remap(change, cut);
    g_free(cut);
}

static void replace_level_apply(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    ReplaceLevelCommand *c = (ReplaceLevelCommand *)cmd;
    replace_level_swap(c, doc, change, c->forward);
}

static void replace_level_revert(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    ReplaceLevelCommand *c = (ReplaceLevelCommand *)cmd;
    replace_level_swap(c, doc, change, c->back);
}

static void replace_level_free(EditorCommand *cmd)
{
    ReplaceLevelCommand *c = (ReplaceLevelCommand *)cmd;
    lw_level_free(c->other);
    g_free(c->forward);
    g_free(c->back);
}

static const EditorCommandClass replace_level_class = {
    .name = "replace-level",
    .apply = replace_level_apply,
    .revert = replace_level_revert,
    .free = replace_level_free,
};

EditorCommand *editor_cmd_replace_level_new(EditorDocument *doc, lw_level *level, const char *label)
{
    return editor_cmd_replace_level_remap_new(doc, level, label, NULL);
}

EditorCommand *editor_cmd_replace_level_remap_new(EditorDocument *doc, lw_level *level,
                                                  const char *label, const EditorRemap *remap)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(doc) && level, NULL);
    ReplaceLevelCommand *c =
        editor_command_alloc(sizeof *c, &replace_level_class, label ? label : "Edit Level");
    c->other = level;
    if (remap) {
        c->forward = g_memdup2(remap, sizeof *remap);
        c->back = g_new(EditorRemap, 1);
        editor_remap_invert(remap, level->chunk_count, level->tile_count, c->back);
    }
    return &c->base;
}
