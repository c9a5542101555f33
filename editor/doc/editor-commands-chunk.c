/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-commands"

#include "editor-commands.h"
#include "editor-document-private.h"

#include <string.h>

/* ---- set chunk cells ---- */

typedef struct {
    uint16_t chunk, index;
    lw_cell before, after;
} CellEdit;

typedef struct {
    EditorCommand base;
    GArray *edits;     /* CellEdit */
    GHashTable *index; /* (chunk << 16 | index) + 1 -> position + 1 */
} SetCellsCommand;

static gboolean cell_equal(const lw_cell *a, const lw_cell *b)
{
    return a->tile == b->tile && a->flags == b->flags && a->solid == b->solid;
}

static void set_cells_write(SetCellsCommand *c, EditorDocument *doc, EditorChange *change,
                            gboolean after)
{
    lw_level *level = editor_document_level_for_command(doc);
    for (guint i = 0; i < c->edits->len; i++) {
        const CellEdit *e = &g_array_index(c->edits, CellEdit, i);
        lw_level_chunk_cells_mut(level, e->chunk)[e->index] = after ? e->after : e->before;
        editor_change_add_chunk(change, e->chunk);
    }
}

static void set_cells_apply(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    set_cells_write((SetCellsCommand *)cmd, doc, change, TRUE);
}

static void set_cells_revert(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    set_cells_write((SetCellsCommand *)cmd, doc, change, FALSE);
}

static void set_cells_add(SetCellsCommand *c, const CellEdit *e)
{
    gpointer key = GUINT_TO_POINTER(((guint)e->chunk << 16 | e->index) + 1u);
    gpointer pos = g_hash_table_lookup(c->index, key);
    if (pos) {
        g_array_index(c->edits, CellEdit, GPOINTER_TO_UINT(pos) - 1).after = e->after;
        return;
    }
    g_array_append_val(c->edits, *e);
    g_hash_table_insert(c->index, key, GUINT_TO_POINTER(c->edits->len));
}

static gboolean set_cells_merge(EditorCommand *cmd, const EditorCommand *next)
{
    SetCellsCommand *c = (SetCellsCommand *)cmd;
    const SetCellsCommand *n = (const SetCellsCommand *)next;
    for (guint i = 0; i < n->edits->len; i++)
        set_cells_add(c, &g_array_index(n->edits, CellEdit, i));
    return TRUE;
}

static gboolean set_cells_is_noop(const EditorCommand *cmd)
{
    const SetCellsCommand *c = (const SetCellsCommand *)cmd;
    for (guint i = 0; i < c->edits->len; i++) {
        const CellEdit *e = &g_array_index(c->edits, CellEdit, i);
        if (!cell_equal(&e->before, &e->after))
            return FALSE;
    }
    return TRUE;
}

static void set_cells_free(EditorCommand *cmd)
{
    SetCellsCommand *c = (SetCellsCommand *)cmd;
    g_array_unref(c->edits);
    g_hash_table_unref(c->index);
}

static const EditorCommandClass set_cells_class = {
    .name = "set-cells",
    .apply = set_cells_apply,
    .revert = set_cells_revert,
    .merge = set_cells_merge,
    .is_noop = set_cells_is_noop,
    .free = set_cells_free,
};

EditorCommand *editor_cmd_set_cells_new(EditorDocument *doc, const EditorCellEdit *edits, guint n,
                                        const char *label, guint stroke)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(doc), NULL);
    const lw_level *level = editor_document_get_level(doc);
    SetCellsCommand *c =
        editor_command_alloc(sizeof *c, &set_cells_class, label ? label : "Paint Tiles");
    c->base.stroke = stroke;
    c->edits = g_array_new(FALSE, FALSE, sizeof(CellEdit));
    c->index = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint i = 0; i < n; i++) {
        const EditorCellEdit *e = &edits[i];
        gboolean bad_tile = e->cell.tile != LW_NONE && e->cell.tile >= level->tile_count;
        if (e->chunk >= level->chunk_count || e->index >= lw_level_cells_per_chunk(level) ||
            bad_tile || (e->cell.flags & ~3u) || (e->cell.solid & ~15u)) {
            editor_command_free(&c->base);
            return NULL;
        }
        CellEdit ce = {e->chunk, e->index, lw_level_chunk_cells(level, e->chunk)[e->index],
                       e->cell};
        set_cells_add(c, &ce);
    }
    return &c->base;
}

/* ---- append a chunk, a tile or a mask ---- */

typedef enum { APPEND_CHUNK, APPEND_TILE, APPEND_MASK } AppendKind;

typedef struct {
    EditorCommand base;
    AppendKind kind;
    guint id;      /* the index the item gets */
    gpointer data; /* owned: the cells, lw_tile or lw_mask */
} AppendCommand;

static void append_apply(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    AppendCommand *c = (AppendCommand *)cmd;
    lw_level *level = editor_document_level_for_command(doc);
    int32_t got = -1;
    switch (c->kind) {
    case APPEND_CHUNK:
        g_assert(level->chunk_count == c->id);
        got = lw_level_add_chunk(level, c->data);
        editor_change_add_chunk(change, c->id);
        break;
    case APPEND_TILE:
        g_assert(level->tile_count == c->id);
        got = lw_level_add_tile(level, c->data);
        editor_change_add_tile(change, c->id);
        break;
    case APPEND_MASK:
        g_assert(level->mask_count == c->id);
        got = lw_level_add_mask(level, c->data);
        editor_change_add_mask(change, c->id);
        break;
    }
    if (got != (int32_t)c->id)
        g_error("out of memory");
    editor_change_add_flags(change, EDITOR_CHANGE_COUNTS);
}

/* Undoing an append removes the last id: tools holding it follow (editor_change_follow_*). */
static void append_removed(EditorChange *change, guint id, gboolean chunk)
{
    EditorRemap *r = g_new(EditorRemap, 1);
    editor_remap_init(r);
    if (chunk)
        editor_remap_truncate_chunks(r, id + 1, id);
    else
        editor_remap_truncate_tiles(r, id + 1, id);
    editor_change_add_remap(change, r);
    g_free(r);
}

static void append_revert(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    AppendCommand *c = (AppendCommand *)cmd;
    lw_level *level = editor_document_level_for_command(doc);
    /* The appended item is last: dropping the count removes it (capacity is kept). */
    switch (c->kind) {
    case APPEND_CHUNK:
        g_assert(level->chunk_count == c->id + 1);
        level->chunk_count--;
        editor_change_add_chunk(change, c->id);
        append_removed(change, c->id, TRUE);
        break;
    case APPEND_TILE:
        g_assert(level->tile_count == c->id + 1);
        level->tile_count--;
        editor_change_add_tile(change, c->id);
        append_removed(change, c->id, FALSE);
        break;
    case APPEND_MASK:
        g_assert(level->mask_count == c->id + 1);
        level->mask_count--;
        editor_change_add_mask(change, c->id);
        break;
    }
    editor_change_add_flags(change, EDITOR_CHANGE_COUNTS);
}

static void append_free(EditorCommand *cmd)
{
    g_free(((AppendCommand *)cmd)->data);
}

static const EditorCommandClass append_class = {
    .name = "append",
    .apply = append_apply,
    .revert = append_revert,
    .free = append_free,
};

EditorCommand *editor_cmd_add_chunk_new(EditorDocument *doc, const lw_cell *cells,
                                        const char *label, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    if (level->chunk_count >= LW_MAX_CHUNKS) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_LIMIT,
                    "the level already has %u chunks, the most it can have", LW_MAX_CHUNKS);
        return NULL;
    }
    guint per = lw_level_cells_per_chunk(level);
    AppendCommand *c = editor_command_alloc(sizeof *c, &append_class, label ? label : "New Chunk");
    c->kind = APPEND_CHUNK;
    c->id = level->chunk_count;
    lw_cell *copy = g_new(lw_cell, per);
    for (guint i = 0; i < per; i++)
        copy[i] = cells ? cells[i] : (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0};
    c->data = copy;
    return &c->base;
}

EditorCommand *editor_cmd_add_tile_new(EditorDocument *doc, const lw_tile *tile, const char *label,
                                       GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    if (level->tile_count >= LW_MAX_TILES) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_LIMIT,
                    "the level already has %u tiles, the most it can have", LW_MAX_TILES);
        return NULL;
    }
    for (int p = 0; p < 2; p++)
        if (tile->mask[p] != LW_NONE && tile->mask[p] >= level->mask_count) {
            g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, "mask %u does not exist",
                        tile->mask[p]);
            return NULL;
        }
    AppendCommand *c = editor_command_alloc(sizeof *c, &append_class, label ? label : "New Tile");
    c->kind = APPEND_TILE;
    c->id = level->tile_count;
    c->data = g_memdup2(tile, sizeof *tile);
    return &c->base;
}

EditorCommand *editor_cmd_add_mask_new(EditorDocument *doc, const lw_mask *mask, const char *label,
                                       GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    if (level->mask_count >= LW_MAX_MASKS || !lw_mask_heights_valid(mask->heights)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_LIMIT,
                    level->mask_count >= LW_MAX_MASKS ? "the level has the most masks it can have"
                                                      : "a height is outside -16..16");
        return NULL;
    }
    AppendCommand *c = editor_command_alloc(sizeof *c, &append_class, label ? label : "New Mask");
    c->kind = APPEND_MASK;
    c->id = level->mask_count;
    lw_mask *m = g_memdup2(mask, sizeof *mask);
    lw_mask_derive_widths(m);
    c->data = m;
    return &c->base;
}

/* ---- set a tile ---- */

typedef struct {
    EditorCommand base;
    guint id;
    lw_tile before, after;
} SetTileCommand;

static void set_tile_write(EditorCommand *cmd, EditorDocument *doc, EditorChange *change,
                           gboolean after)
{
    SetTileCommand *c = (SetTileCommand *)cmd;
    lw_level_tiles_mut(editor_document_level_for_command(doc))[c->id] =
        after ? c->after : c->before;
    editor_change_add_tile(change, c->id);
}

static gboolean set_tile_is_noop(const EditorCommand *cmd)
{
    const SetTileCommand *c = (const SetTileCommand *)cmd;
    return c->before.art == c->after.art && c->before.mask[0] == c->after.mask[0] &&
           c->before.mask[1] == c->after.mask[1] && c->before.flags == c->after.flags;
}

static const EditorCommandClass set_tile_class = {
    .name = "set-tile",
    .write = set_tile_write,
    .is_noop = set_tile_is_noop,
};

EditorCommand *editor_cmd_set_tile_new(EditorDocument *doc, guint tile, const lw_tile *after,
                                       const char *label)
{
    const lw_level *level = editor_document_get_level(doc);
    if (tile >= level->tile_count)
        return NULL;
    for (int p = 0; p < 2; p++)
        if (after->mask[p] != LW_NONE && after->mask[p] >= level->mask_count)
            return NULL;
    SetTileCommand *c =
        editor_command_alloc(sizeof *c, &set_tile_class, label ? label : "Edit Tile");
    c->id = tile;
    c->before = level->tiles[tile];
    c->after = *after;
    c->after.flags &= LW_TILE_JUMP_THROUGH;
    return &c->base;
}

/* ---- set a mask ---- */

typedef struct {
    EditorCommand base;
    guint id;
    lw_mask before, after;
} SetMaskCommand;

static void set_mask_write(EditorCommand *cmd, EditorDocument *doc, EditorChange *change,
                           gboolean after)
{
    SetMaskCommand *c = (SetMaskCommand *)cmd;
    lw_level_masks_mut(editor_document_level_for_command(doc))[c->id] =
        after ? c->after : c->before;
    editor_change_add_mask(change, c->id);
}

static gboolean set_mask_merge(EditorCommand *cmd, const EditorCommand *next)
{
    SetMaskCommand *c = (SetMaskCommand *)cmd;
    const SetMaskCommand *n = (const SetMaskCommand *)next;
    if (c->id != n->id)
        return FALSE;
    c->after = n->after;
    return TRUE;
}

static gboolean set_mask_is_noop(const EditorCommand *cmd)
{
    const SetMaskCommand *c = (const SetMaskCommand *)cmd;
    return memcmp(&c->before, &c->after, sizeof c->before) == 0;
}

static const EditorCommandClass set_mask_class = {
    .name = "set-mask",
    .write = set_mask_write,
    .merge = set_mask_merge,
    .is_noop = set_mask_is_noop,
};

EditorCommand *editor_cmd_set_mask_new(EditorDocument *doc, guint mask, const lw_mask *after,
                                       const char *label, guint stroke)
{
    const lw_level *level = editor_document_get_level(doc);
    if (mask >= level->mask_count || !lw_mask_heights_valid(after->heights))
        return NULL;
    SetMaskCommand *c =
        editor_command_alloc(sizeof *c, &set_mask_class, label ? label : "Edit Mask");
    c->base.stroke = stroke;
    c->id = mask;
    c->before = level->masks[mask];
    c->after = *after;
    c->after.flags &= LW_MASK_FLAGGED | LW_MASK_LOCKED;
    lw_mask_derive_widths(&c->after);
    return &c->base;
}
