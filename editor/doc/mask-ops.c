/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-masks"

#include "mask-ops.h"

#include "editor-commands.h"
#include "level-ops.h"
#include "mask-ops-private.h"

#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

/* ---- usage ---- */

void editor_level_mask_usage(const lw_level *level, guint mask, guint *tiles, guint *cells)
{
    guint nt = 0;
    g_autofree gboolean *uses = g_new0(gboolean, MAX(level->tile_count, 1u));
    for (guint t = 0; t < level->tile_count; t++)
        if (level->tiles[t].mask[0] == mask || level->tiles[t].mask[1] == mask) {
            uses[t] = TRUE;
            nt++;
        }
    if (tiles)
        *tiles = nt;
    if (!cells)
        return;
    *cells = 0;
    if (nt == 0)
        return;
    g_autofree guint *slots = g_new0(guint, MAX(level->chunk_count, 1u));
    editor_level_chunk_usage(level, slots);
    guint per = lw_level_cells_per_chunk(level);
    for (guint c = 0; c < level->chunk_count; c++) {
        if (!slots[c])
            continue;
        const lw_cell *cs = lw_level_chunk_cells(level, c);
        for (guint i = 0; i < per; i++)
            if (cs[i].tile != LW_NONE && cs[i].tile < level->tile_count && uses[cs[i].tile])
                *cells += slots[c];
    }
}

static gboolean mask_same(const lw_mask *a, const lw_mask *b)
{
    return memcmp(a->heights, b->heights, 16) == 0 && a->angle == b->angle && a->flags == b->flags;
}

gint editor_level_find_mask(const lw_level *level, const lw_mask *mask)
{
    for (guint i = 0; i < level->mask_count; i++)
        if (mask_same(&level->masks[i], mask))
            return (gint)i;
    return -1;
}

/* ---- art ---- */

void editor_art_bits(const lwm_image *art, guint cell, lwm_bits *out)
{
    memset(out, 0, sizeof *out);
    if (!art || !art->rgba || cell == LW_NONE || art->width < 16)
        return;
    guint cols = art->width / 16u, rows = art->height / 16u;
    if (cell >= cols * rows)
        return;
    lwm_bits_from_image(art, (cell % cols) * 16u, (cell / cols) * 16u, out);
}

gboolean editor_art_mask(const lwm_image *art, guint cell, lw_mask *out)
{
    lwm_bits bits;
    editor_art_bits(art, cell, &bits);
    if (lwm_bits_count(&bits) == 0)
        return FALSE;
    lwm_mask_from_bits(&bits, out, NULL, NULL);
    return TRUE;
}

/* ---- probe ---- */

void editor_mask_probe(const lw_mask *mask, guint8 flips, int gap, EditorProbeHit out[4][16])
{
    gap = CLAMP(gap, 1, 16);
    /* a 128 px level, the tile at cell (3, 3): the sensors see it and empty blocks around it */
    lw_level *level = lw_level_new(128, 1, 1, NULL);
    g_assert(level);
    lw_mask m = *mask;
    lw_mask_derive_widths(&m);
    lw_level_add_mask(level, &m);
    lw_tile tile = {.art = LW_NONE, .mask = {0, 0}, .flags = 0};
    lw_level_add_tile(level, &tile);
    lw_cell cells[64];
    for (int i = 0; i < 64; i++)
        cells[i] = (lw_cell){.tile = LW_NONE};
    cells[3 * 8 + 3] = (lw_cell){.tile = 0,
                                 .flags = (uint8_t)(flips & 3u),
                                 .solid = lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL)};
    lw_level_add_chunk(level, cells);
    lw_level_layout_mut(level, LW_LAYER_FG)[0] = 0;
    const int32_t x0 = 48, y0 = 48;
    for (int dir = 0; dir < 4; dir++)
        for (int i = 0; i < 16; i++) {
            int32_t x = 0, y = 0;
            switch ((lw_sensor_dir)dir) {
            case LW_DIR_DOWN:
                x = x0 + i, y = y0 - gap;
                break;
            case LW_DIR_UP:
                x = x0 + i, y = y0 + 15 + gap;
                break;
            case LW_DIR_RIGHT:
                x = x0 - gap, y = y0 + i;
                break;
            case LW_DIR_LEFT:
                x = x0 + 15 + gap, y = y0 + i;
                break;
            }
            lw_sensor_hit hit;
            lw_sensor_cast(level, LW_PATH_A, x, y, (lw_sensor_dir)dir, LW_SOLID_TOP, 3, &hit);
            out[dir][i] = (EditorProbeHit){(gint8)hit.distance, hit.angle, hit.surface};
        }
    lw_level_free(level);
}

/* ---- painting masks into placed cells ---- */

typedef struct {
    guint16 slot_x, slot_y, index;
    guint16 chunk; /* the slot's chunk, LW_NONE for an empty slot */
    lw_cell cur;   /* the cell now */
    guint8 paths;
    gboolean has_mask[2];
    lw_mask want[2]; /* tile orientation */
    gboolean match_art;
} Paint;

typedef struct {
    lwm_bits *bits; /* per art cell */
    guint *use;     /* placed cells per art cell (tie-break) */
    guint n;
} ArtIndex;

static void art_index_init(ArtIndex *ai, const lw_level *level, const lwm_image *art)
{
    memset(ai, 0, sizeof *ai);
    if (!art || !art->rgba || art->width < 16 || art->height < 16)
        return;
    ai->n = (art->width / 16u) * (art->height / 16u);
    ai->bits = g_new(lwm_bits, ai->n);
    ai->use = g_new0(guint, ai->n);
    for (guint c = 0; c < ai->n; c++)
        editor_art_bits(art, c, &ai->bits[c]);
    g_autofree guint *counts = g_new0(guint, MAX(level->tile_count, 1u));
    editor_level_tile_usage(level, counts);
    for (guint t = 0; t < level->tile_count; t++)
        if (level->tiles[t].art < ai->n)
            ai->use[level->tiles[t].art] += counts[t];
}

static void art_index_clear(ArtIndex *ai)
{
    g_free(ai->bits);
    g_free(ai->use);
}

/* The art cell whose solid pixels differ least from @want (ties: the most used, then the
 * first); LW_NONE without art. */
static uint16_t art_match(const ArtIndex *ai, const lwm_bits *want)
{
    if (ai->n == 0)
        return LW_NONE;
    guint best = 0, best_d = G_MAXUINT, best_use = 0;
    for (guint c = 0; c < ai->n && c < LW_NONE; c++) {
        guint d = 0;
        for (int k = 0; k < 16; k++)
            d += (guint)__builtin_popcount((unsigned)(ai->bits[c].col[k] ^ want->col[k]));
        if (d < best_d || (d == best_d && ai->use[c] > best_use)) {
            best = c;
            best_d = d;
            best_use = ai->use[c];
        }
    }
    return (uint16_t)best;
}

static gboolean tile_same(const lw_tile *a, const lw_tile *b)
{
    return a->art == b->art && a->mask[0] == b->mask[0] && a->mask[1] == b->mask[1] &&
           a->flags == b->flags;
}

static gboolean cell_same(const lw_cell *a, const lw_cell *b)
{
    return a->tile == b->tile && a->flags == b->flags && a->solid == b->solid;
}

#define SLOT_KEY(x, y)    (((guint)(y) << 16) | (guint)(x))
#define CELL_KEY(x, y, i) (((guint64)SLOT_KEY(x, y) << 16) | (guint64)(i))

static gboolean limit_error(GError **error, const char *what)
{
    g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_LIMIT, "the level has the most %s it can have",
                what);
    return FALSE;
}

/* Index of a mask equal to @m, appended when missing. -1 at the limit. */
static gint mask_index(EditorDocument *doc, const lw_mask *m, EditorPaintReport *rep)
{
    const lw_level *level = editor_document_get_level(doc);
    gint found = editor_level_find_mask(level, m);
    if (found >= 0)
        return found;
    EditorCommand *add = editor_cmd_add_mask_new(doc, m, NULL, NULL);
    if (!add)
        return -1;
    gint id = (gint)level->mask_count;
    editor_document_push(doc, add);
    rep->masks_added++;
    return id;
}

static gint tile_index(EditorDocument *doc, const lw_tile *t, EditorPaintReport *rep)
{
    const lw_level *level = editor_document_get_level(doc);
    for (guint i = 0; i < level->tile_count; i++)
        if (tile_same(&level->tiles[i], t))
            return (gint)i;
    EditorCommand *add = editor_cmd_add_tile_new(doc, t, NULL, NULL);
    if (!add)
        return -1;
    gint id = (gint)level->tile_count;
    editor_document_push(doc, add);
    rep->tiles_added++;
    return id;
}

/* One resolver run: the paints, one per cell, and what the three rules decide for them. */
typedef struct {
    EditorDocument *doc;
    EditorPaintReport rep;
    GError **error;
    guint per;          /* cells per chunk */
    guint nm;           /* masks before the run (rule 1 decides over these) */
    GArray *list;       /* Paint: one per cell, the cell as it is now */
    gboolean *in_place; /* per mask < nm: rule 1 changes it in place */
    GArray *edits;      /* Paint: cur replaced by the cell's new value (rule 2's result) */
} PaintRun;

/* Fold paint @p into the Paint @d of its cell (later paints win per path). */
static void paint_merge(Paint *d, const EditorCellPaint *p)
{
    gboolean fx = d->cur.flags & LW_CELL_FLIP_X, fy = d->cur.flags & LW_CELL_FLIP_Y;
    for (int path = 0; path < 2; path++) {
        if (!(p->paths & (1u << path)))
            continue;
        d->paths |= (guint8)(1u << path);
        d->has_mask[path] = p->has_mask[path];
        if (p->has_mask[path]) {
            lwm_mask_flip(&p->mask[path], fx, fy, &d->want[path]);
            d->want[path].flags &= LW_MASK_FLAGGED | LW_MASK_LOCKED;
            lw_mask_derive_widths(&d->want[path]);
        }
    }
    d->match_art = d->match_art || p->match_art;
}

/* One Paint per cell inside the level, with the cell as it is now. */
static void paint_collect(PaintRun *R, const EditorCellPaint *paints, guint n)
{
    const lw_level *level = editor_document_get_level(R->doc);
    GHashTable *at = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    for (guint i = 0; i < n; i++) {
        const EditorCellPaint *p = &paints[i];
        if (p->slot_x >= level->layout_width || p->slot_y >= level->layout_height ||
            p->index >= R->per || !(p->paths & 3u))
            continue;
        gint64 key = (gint64)CELL_KEY(p->slot_x, p->slot_y, p->index);
        gpointer pos = g_hash_table_lookup(at, &key);
        if (!pos) {
            Paint fresh = {.slot_x = p->slot_x, .slot_y = p->slot_y, .index = p->index};
            fresh.chunk = lw_level_layout_get(level, LW_LAYER_FG, p->slot_x, p->slot_y);
            fresh.cur = fresh.chunk == LW_NONE ? (lw_cell){.tile = LW_NONE}
                                               : lw_level_chunk_cells(level, fresh.chunk)[p->index];
            if (fresh.cur.tile == LW_NONE)
                fresh.cur.flags = 0;
            g_array_append_val(R->list, fresh);
            gint64 *k = g_new(gint64, 1);
            *k = key;
            pos = GUINT_TO_POINTER(R->list->len);
            g_hash_table_insert(at, k, pos);
        }
        paint_merge(&g_array_index(R->list, Paint, GPOINTER_TO_UINT(pos) - 1), p);
    }
    g_hash_table_unref(at);
}

/* Placed (cell, path) uses of every mask: both layers, every slot. */
static void mask_placed_uses(const lw_level *level, guint per, guint nm, guint *placed)
{
    g_autofree guint *slots = g_new0(guint, MAX(level->chunk_count, 1u));
    editor_level_chunk_usage(level, slots);
    for (guint c = 0; c < level->chunk_count; c++) {
        if (!slots[c])
            continue;
        const lw_cell *cs = lw_level_chunk_cells(level, c);
        for (guint i = 0; i < per; i++) {
            if (cs[i].tile == LW_NONE || cs[i].tile >= level->tile_count)
                continue;
            const lw_tile *t = &level->tiles[cs[i].tile];
            for (int path = 0; path < 2; path++)
                if (t->mask[path] < nm)
                    placed[t->mask[path]] += slots[c];
        }
    }
}

/* Rule 1: a mask whose every placed use is among the edited cells, all wanting the same new
 * mask, is changed in place (R->in_place marks it). */
static void rule_masks_in_place(PaintRun *R)
{
    const lw_level *level = editor_document_get_level(R->doc);
    guint nm = R->nm;
    g_autofree guint *placed = g_new0(guint, MAX(nm, 1u));       /* placed (cell, path) uses */
    g_autofree guint *covered = g_new0(guint, MAX(nm, 1u));      /* of which edited */
    g_autofree lw_mask *want_val = g_new0(lw_mask, MAX(nm, 1u)); /* the one new mask wanted */
    g_autofree guint8 *want_state = g_new0(guint8, MAX(nm, 1u)); /* 0 none, 1 one, 2 several */
    mask_placed_uses(level, R->per, nm, placed);
    for (guint k = 0; k < R->list->len; k++) {
        const Paint *p = &g_array_index(R->list, Paint, k);
        if (p->cur.tile == LW_NONE)
            continue;
        const lw_tile *t = &level->tiles[p->cur.tile];
        for (int path = 0; path < 2; path++) {
            guint m = t->mask[path];
            if (m >= nm || !(p->paths & (1u << path)))
                continue; /* a use left alone is not covered */
            covered[m]++;
            if (!p->has_mask[path]) {
                want_state[m] = 2;
            } else if (want_state[m] == 0) {
                want_state[m] = 1;
                want_val[m] = p->want[path];
            } else if (want_state[m] == 1 && !mask_same(&want_val[m], &p->want[path])) {
                want_state[m] = 2;
            }
        }
    }
    for (guint m = 0; m < nm; m++) {
        if (want_state[m] != 1 || covered[m] != placed[m])
            continue;
        R->in_place[m] = TRUE;
        if (mask_same(&level->masks[m], &want_val[m]))
            continue;
        EditorCommand *cmd = editor_cmd_set_mask_new(R->doc, m, &want_val[m], NULL, 0);
        if (cmd) {
            editor_document_push(R->doc, cmd);
            R->rep.masks_in_place++;
        }
    }
}

/* Rule 2, masks: the new tile's mask per painted path (the one changed in place, an identical
 * existing one, or an appended one). FALSE at the mask limit. */
static gboolean cell_masks(PaintRun *R, const Paint *p, const lw_tile *cur_tile, lw_tile *nt)
{
    for (int path = 0; path < 2; path++) {
        if (!(p->paths & (1u << path)))
            continue;
        if (!p->has_mask[path]) {
            nt->mask[path] = LW_NONE;
        } else if (cur_tile->mask[path] < R->nm && R->in_place[cur_tile->mask[path]]) {
            nt->mask[path] = cur_tile->mask[path];
        } else {
            gint id = mask_index(R->doc, &p->want[path], &R->rep);
            if (id < 0)
                return limit_error(R->error, "masks");
            nt->mask[path] = (uint16_t)id;
        }
    }
    return TRUE;
}

/* The art cell closest to the solid pixels of @nt's masks (kept when nothing matches and the
 * cell had a tile). */
static void cell_art(PaintRun *R, const ArtIndex *ai, const Paint *p, lw_tile *nt)
{
    const lw_level *level = editor_document_get_level(R->doc);
    lwm_bits want = {{0}}, b;
    for (int path = 0; path < 2; path++)
        if (nt->mask[path] != LW_NONE) {
            lwm_bits_from_mask(&level->masks[nt->mask[path]], &b);
            for (int c = 0; c < 16; c++)
                want.col[c] |= b.col[c];
        }
    uint16_t a = art_match(ai, &want);
    if (a != LW_NONE || p->cur.tile == LW_NONE)
        nt->art = a;
}

/* Solidity per painted path: none without a mask, kept when set, else the tile's natural one. */
static void cell_solidity(const Paint *p, const lw_tile *nt, lw_cell *cell)
{
    for (int path = 0; path < 2; path++) {
        if (!(p->paths & (1u << path)))
            continue;
        lw_solidity s = lw_cell_solidity(cell, (lw_path)path);
        if (nt->mask[path] == LW_NONE)
            s = LW_SOLID_NONE;
        else if (s == LW_SOLID_NONE)
            s = (nt->flags & LW_TILE_JUMP_THROUGH) ? LW_SOLID_TOP : LW_SOLID_ALL;
        lw_solidity o = lw_cell_solidity(cell, (lw_path)(path ^ 1));
        cell->solid = path == 0 ? lw_cell_solid_bits(s, o) : lw_cell_solid_bits(o, s);
    }
}

/* Rule 2: the new value of @p's cell - a tile with the new masks, an identical existing tile
 * reused, else appended. FALSE at a limit. */
static gboolean rule_new_cell(PaintRun *R, const ArtIndex *ai, const Paint *p, lw_cell *out)
{
    const lw_level *level = editor_document_get_level(R->doc);
    lw_tile cur_tile = {.art = LW_NONE, .mask = {LW_NONE, LW_NONE}, .flags = 0};
    if (p->cur.tile != LW_NONE)
        cur_tile = level->tiles[p->cur.tile];
    lw_tile nt = cur_tile;
    if (!cell_masks(R, p, &cur_tile, &nt))
        return FALSE;
    lw_cell cell = p->cur;
    if (nt.mask[0] == LW_NONE && nt.mask[1] == LW_NONE &&
        (p->match_art || p->cur.tile == LW_NONE)) {
        *out = (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0};
        return TRUE;
    }
    if (p->cur.tile == LW_NONE || p->match_art)
        cell_art(R, ai, p, &nt);
    if (p->cur.tile == LW_NONE || !tile_same(&nt, &cur_tile)) {
        gint id = tile_index(R->doc, &nt, &R->rep);
        if (id < 0)
            return limit_error(R->error, "tiles");
        cell.tile = (uint16_t)id;
    }
    cell_solidity(p, &nt, &cell);
    *out = cell;
    return TRUE;
}

/* Rule 2 over every Paint: R->edits gets the cells that change. */
static gboolean rule_new_cells(PaintRun *R, const lwm_image *art)
{
    ArtIndex ai;
    art_index_init(&ai, editor_document_get_level(R->doc), art);
    gboolean ok = TRUE;
    for (guint k = 0; ok && k < R->list->len; k++) {
        Paint p = g_array_index(R->list, Paint, k);
        lw_cell cell;
        ok = rule_new_cell(R, &ai, &p, &cell);
        if (!ok || cell_same(&cell, &p.cur))
            continue;
        p.cur = cell;
        g_array_append_val(R->edits, p);
    }
    art_index_clear(&ai);
    return ok;
}

/* Rule 3, one slot used alone: its chunk's cells set in place. */
static void chunk_in_place(PaintRun *R, guint k, uint16_t chunk)
{
    const Paint *first = &g_array_index(R->edits, Paint, k);
    GArray *ce = g_array_new(FALSE, FALSE, sizeof(EditorCellEdit));
    for (guint j = k; j < R->edits->len; j++) {
        const Paint *p = &g_array_index(R->edits, Paint, j);
        if (p->slot_x != first->slot_x || p->slot_y != first->slot_y)
            continue;
        EditorCellEdit e = {chunk, p->index, p->cur};
        g_array_append_val(ce, e);
    }
    EditorCommand *cmd =
        editor_cmd_set_cells_new(R->doc, (EditorCellEdit *)ce->data, ce->len, NULL, 0);
    if (cmd)
        editor_document_push(R->doc, cmd);
    R->rep.cells += ce->len;
    g_array_unref(ce);
}

/* Rule 3, a shared chunk or an empty slot: the slot points at a copy with the new cells (an
 * identical existing chunk reused, else appended). FALSE at the chunk limit. */
static gboolean chunk_copy(PaintRun *R, guint k, uint16_t chunk, guint *slots)
{
    const lw_level *level = editor_document_get_level(R->doc);
    const Paint *first = &g_array_index(R->edits, Paint, k);
    guint per = R->per;
    g_autofree lw_cell *cells = g_new(lw_cell, per);
    for (guint i = 0; i < per; i++)
        cells[i] = chunk == LW_NONE ? (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0}
                                    : lw_level_chunk_cells(level, chunk)[i];
    for (guint j = k; j < R->edits->len; j++) {
        const Paint *p = &g_array_index(R->edits, Paint, j);
        if (p->slot_x == first->slot_x && p->slot_y == first->slot_y) {
            cells[p->index] = p->cur;
            R->rep.cells++;
        }
    }
    guint target = LW_NONE;
    for (guint c = 0; c < level->chunk_count && target == LW_NONE; c++)
        if (memcmp(lw_level_chunk_cells(level, c), cells, per * sizeof(lw_cell)) == 0)
            target = c;
    if (target == LW_NONE) {
        target = level->chunk_count;
        EditorCommand *add = editor_cmd_add_chunk_new(R->doc, cells, NULL, R->error);
        if (!add)
            return FALSE;
        editor_document_push(R->doc, add);
        R->rep.chunks_added++;
    }
    EditorLayoutEdit le = {first->slot_x, first->slot_y, (uint16_t)target};
    EditorCommand *set = editor_cmd_set_layout_new(R->doc, LW_LAYER_FG, &le, 1, NULL, 0);
    if (set) {
        editor_document_push(R->doc, set);
        R->rep.slots++;
    }
    if (chunk != LW_NONE)
        slots[chunk]--;
    slots[target]++;
    return TRUE;
}

/* Rule 3: per edited slot, its chunk in place when one slot uses it, else a copy. */
static gboolean rule_chunks(PaintRun *R)
{
    g_autofree guint *slots = g_new0(guint, LW_MAX_CHUNKS);
    editor_level_chunk_usage(editor_document_get_level(R->doc), slots);
    GHashTable *done = g_hash_table_new(g_direct_hash, g_direct_equal);
    gboolean ok = TRUE;
    for (guint k = 0; ok && k < R->edits->len; k++) {
        const Paint *first = &g_array_index(R->edits, Paint, k);
        gpointer key = GUINT_TO_POINTER(SLOT_KEY(first->slot_x, first->slot_y) + 1u);
        if (g_hash_table_contains(done, key))
            continue;
        g_hash_table_add(done, key);
        uint16_t chunk = first->chunk;
        if (chunk != LW_NONE && slots[chunk] == 1)
            chunk_in_place(R, k, chunk);
        else
            ok = chunk_copy(R, k, chunk, slots);
    }
    g_hash_table_unref(done);
    return ok;
}

gboolean editor_paint_cells(EditorDocument *doc, const EditorCellPaint *paints, guint n,
                            const lwm_image *art, EditorPaintReport *report, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    PaintRun R = {.doc = doc, .error = error};
    R.per = lw_level_cells_per_chunk(level);
    R.nm = level->mask_count;
    R.list = g_array_new(FALSE, TRUE, sizeof(Paint));
    R.edits = g_array_new(FALSE, FALSE, sizeof(Paint));
    R.in_place = g_new0(gboolean, MAX(R.nm, 1u));
    paint_collect(&R, paints, n);
    rule_masks_in_place(&R);
    gboolean ok = rule_new_cells(&R, art) && rule_chunks(&R);
    g_free(R.in_place);
    g_array_unref(R.edits);
    g_array_unref(R.list);
    if (report)
        *report = R.rep;
    return ok;
}

/* ---- the loop preset ---- */

gboolean editor_loop_place(const lw_level *level, gint32 x, gint32 y, gint32 radius,
                           EditorLoopPlace *out, GError **error)
{
    if (radius < EDITOR_LOOP_MIN_RADIUS || radius > EDITOR_LOOP_MAX_RADIUS || radius % 16) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                    "the radius must be a multiple of 16 from %d to %d px", EDITOR_LOOP_MIN_RADIUS,
                    EDITOR_LOOP_MAX_RADIUS);
        return FALSE;
    }
    gint32 cx = (gint32)lround(x / 16.0) * 16;
    lw_object probe = {.type = LW_OBJECT_MARKER, .x = cx, .y = MAX(y, 0)};
    int32_t rest;
    if (cx < 0 || cx >= lw_level_width_px(level) ||
        !editor_level_snap_to_ground(level, &probe, LW_PATH_A, &rest)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                    "no floor on path A below (%d, %d) to stand the loop on", cx, y);
        return FALSE;
    }
    gint32 floor_y = (gint32)lround((rest + 1) / 16.0) * 16;
    if (cx - radius - 16 < 0 || cx + radius + 16 > lw_level_width_px(level) ||
        floor_y - 2 * radius - 16 < 0 || floor_y > lw_level_height_px(level)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                    "a loop of radius %d on the floor at (%d, %d) does not fit in the level",
                    radius, cx, floor_y);
        return FALSE;
    }
    *out = (EditorLoopPlace){cx, floor_y, radius};
    return TRUE;
}

/* Hex angle of the loop's surface at (x, y), travelled floor -> right wall -> ceiling: at screen
 * angle phi from the centre the direction is (sin phi, -cos phi) (tools/gen-samples.c). */
static guint8 loop_tangent(double x, double y, double cx, double cy)
{
    double phi = atan2(y - cy, x - cx);
    return editor_line_angle(0, 0, sin(phi), -cos(phi), TRUE);
}

GArray *editor_loop_paints(const lw_level *level, const EditorLoopPlace *place, GError **error)
{
    const gint32 r = place->radius, cx = place->cx, cy = place->floor_y - r;
    const gint32 top_both = (r / 2) / 16 * 16;
    const gint32 bx0 = cx - r - 16, bx1 = cx + r + 16, by0 = cy - r - 16, by1 = place->floor_y;
    if (bx0 < 0 || by0 < 0 || bx1 > lw_level_width_px(level) || by1 > lw_level_height_px(level) ||
        (cx | place->floor_y | r) % 16) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "the loop does not fit in the level on tile corners");
        return NULL;
    }
    GArray *paints = g_array_new(FALSE, TRUE, sizeof(EditorCellPaint));
    for (gint32 ty = by0 / 16; ty < by1 / 16; ty++)
        for (gint32 tx = bx0 / 16; tx < bx1 / 16; tx++) {
            EditorCellPaint p;
            editor_mask_ops_paint_at(level, (guint)tx, (guint)ty, &p);
            p.paths = 3;
            p.match_art = TRUE;
            lwm_bits bits[2] = {{{0}}, {{0}}};
            for (int c = 0; c < 16; c++)
                for (int row = 0; row < 16; row++) {
                    gint32 x = tx * 16 + c, y = ty * 16 + row;
                    double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
                    if (dx * dx + dy * dy < (double)r * r)
                        continue;
                    guint paths = x >= cx ? 1u : 2u;
                    if (y < cy && x >= cx - top_both && x < cx + top_both)
                        paths = 3u;
                    for (int path = 0; path < 2; path++)
                        if (paths & (1u << path))
                            bits[path].col[c] |= (uint16_t)(1u << row);
                }
            for (int path = 0; path < 2; path++) {
                guint count = lwm_bits_count(&bits[path]);
                if (count == 0)
                    continue;
                lw_mask m;
                lwm_heights_from_bits(&bits[path], &m, NULL, NULL);
                gboolean flat = TRUE;
                for (int c = 1; c < 16; c++)
                    flat = flat && m.heights[c] == m.heights[0];
                if (count == 256 || flat) {
                    m.angle = 0;
                    m.flags = LW_MASK_FLAGGED;
                } else {
                    m.angle = loop_tangent(tx * 16 + 8, ty * 16 + 8, cx, cy);
                    m.flags = LW_MASK_LOCKED;
                }
                p.has_mask[path] = TRUE;
                p.mask[path] = m;
            }
            g_array_append_val(paints, p);
        }
    return paints;
}

gboolean editor_loop_preset(EditorDocument *doc, const lwm_image *art, const EditorLoopPlace *place,
                            EditorPaintReport *report, GError **error)
{
    const gint32 r = place->radius, cx = place->cx, cy = place->floor_y - r;
    GArray *paints = editor_loop_paints(editor_document_get_level(doc), place, error);
    if (!paints)
        return FALSE;
    editor_document_begin_group(doc, "Loop Preset");
    EditorPaintReport rep;
    gboolean ok =
        editor_paint_cells(doc, (EditorCellPaint *)paints->data, paints->len, art, &rep, error);
    g_array_unref(paints);
    /* the swappers: grounded-only at the top (B on its left, A on its right), then back to A
     * after the loop (PHYSICS.md §2.7, the sample level's placement) */
    const gint32 sx[2] = {cx, cx + r + 64}, sy[2] = {cy - r + 32, place->floor_y - 64};
    for (int i = 0; ok && i < 2; i++) {
        lw_object o = {.type = LW_OBJECT_PATH_SWAPPER, .x = sx[i], .y = sy[i]};
        o.swapper.radius = 64;
        o.swapper.path[0] = LW_PATH_B;
        o.swapper.path[1] = LW_PATH_A;
        o.swapper.priority[1] = 1;
        o.swapper.grounded_only = i == 0;
        EditorCommand *cmd = editor_cmd_add_object_new(doc, &o, NULL);
        ok = cmd != NULL || limit_error(error, "objects");
        if (cmd)
            editor_document_push(doc, cmd);
    }
    return editor_mask_ops_close_paint_group(doc, ok, &rep, report);
}
