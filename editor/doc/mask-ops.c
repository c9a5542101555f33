/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-masks"

#include "mask-ops.h"

#include "editor-commands.h"
#include "level-ops.h"

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
    level->layout[LW_LAYER_FG][0] = 0;
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

gboolean editor_paint_cells(EditorDocument *doc, const EditorCellPaint *paints, guint n,
                            const lwm_image *art, EditorPaintReport *report, GError **error)
{
    EditorPaintReport rep = {0};
    const lw_level *level = editor_document_get_level(doc);
    guint per = lw_level_cells_per_chunk(level);

    /* 1. one Paint per cell (later paints win per path), with the cell as it is now */
    GArray *list = g_array_new(FALSE, TRUE, sizeof(Paint));
    GHashTable *at = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    for (guint i = 0; i < n; i++) {
        const EditorCellPaint *p = &paints[i];
        if (p->slot_x >= level->layout_width || p->slot_y >= level->layout_height ||
            p->index >= per || !(p->paths & 3u))
            continue;
        gint64 key = (gint64)CELL_KEY(p->slot_x, p->slot_y, p->index);
        gpointer pos = g_hash_table_lookup(at, &key);
        Paint *d;
        if (pos) {
            d = &g_array_index(list, Paint, GPOINTER_TO_UINT(pos) - 1);
        } else {
            Paint fresh = {.slot_x = p->slot_x, .slot_y = p->slot_y, .index = p->index};
            fresh.chunk = lw_level_layout_get(level, LW_LAYER_FG, p->slot_x, p->slot_y);
            fresh.cur = fresh.chunk == LW_NONE ? (lw_cell){.tile = LW_NONE}
                                               : lw_level_chunk_cells(level, fresh.chunk)[p->index];
            if (fresh.cur.tile == LW_NONE)
                fresh.cur.flags = 0;
            g_array_append_val(list, fresh);
            gint64 *k = g_new(gint64, 1);
            *k = key;
            g_hash_table_insert(at, k, GUINT_TO_POINTER(list->len));
            d = &g_array_index(list, Paint, list->len - 1);
        }
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
    g_hash_table_unref(at);

    /* 2. masks to change in place: every placed use wants the same new mask */
    guint nm = level->mask_count;
    g_autofree guint *placed = g_new0(guint, MAX(nm, 1u));       /* placed (cell, path) uses */
    g_autofree guint *covered = g_new0(guint, MAX(nm, 1u));      /* of which edited */
    g_autofree lw_mask *want_val = g_new0(lw_mask, MAX(nm, 1u)); /* the one new mask wanted */
    g_autofree guint8 *want_state = g_new0(guint8, MAX(nm, 1u)); /* 0 none, 1 one, 2 several */
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
    for (guint k = 0; k < list->len; k++) {
        const Paint *p = &g_array_index(list, Paint, k);
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
    g_autofree gboolean *in_place = g_new0(gboolean, MAX(nm, 1u));
    for (guint m = 0; m < nm; m++) {
        if (want_state[m] != 1 || covered[m] != placed[m])
            continue;
        in_place[m] = TRUE;
        if (mask_same(&level->masks[m], &want_val[m]))
            continue;
        EditorCommand *cmd = editor_cmd_set_mask_new(doc, m, &want_val[m], NULL, 0);
        if (cmd) {
            editor_document_push(doc, cmd);
            rep.masks_in_place++;
        }
    }

    /* 3. the new cell of every Paint */
    ArtIndex ai;
    art_index_init(&ai, editor_document_get_level(doc), art);
    GArray *edits = g_array_new(FALSE, FALSE, sizeof(Paint)); /* cur replaced by the new cell */
    gboolean ok = TRUE;
    for (guint k = 0; ok && k < list->len; k++) {
        Paint p = g_array_index(list, Paint, k);
        level = editor_document_get_level(doc);
        lw_tile cur_tile = {.art = LW_NONE, .mask = {LW_NONE, LW_NONE}, .flags = 0};
        if (p.cur.tile != LW_NONE)
            cur_tile = level->tiles[p.cur.tile];
        lw_tile nt = cur_tile;
        for (int path = 0; ok && path < 2; path++) {
            if (!(p.paths & (1u << path)))
                continue;
            if (!p.has_mask[path]) {
                nt.mask[path] = LW_NONE;
            } else if (cur_tile.mask[path] < nm && in_place[cur_tile.mask[path]]) {
                nt.mask[path] = cur_tile.mask[path];
            } else {
                gint id = mask_index(doc, &p.want[path], &rep);
                ok = id >= 0 || limit_error(error, "masks");
                nt.mask[path] = (uint16_t)id;
            }
        }
        if (!ok)
            break;
        lw_cell cell = p.cur;
        if (nt.mask[0] == LW_NONE && nt.mask[1] == LW_NONE &&
            (p.match_art || p.cur.tile == LW_NONE)) {
            cell = (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0};
        } else {
            if (p.cur.tile == LW_NONE || p.match_art) {
                lwm_bits want = {{0}}, b;
                level = editor_document_get_level(doc);
                for (int path = 0; path < 2; path++)
                    if (nt.mask[path] != LW_NONE) {
                        lwm_bits_from_mask(&level->masks[nt.mask[path]], &b);
                        for (int c = 0; c < 16; c++)
                            want.col[c] |= b.col[c];
                    }
                uint16_t a = art_match(&ai, &want);
                if (a != LW_NONE || p.cur.tile == LW_NONE)
                    nt.art = a;
            }
            if (p.cur.tile == LW_NONE || !tile_same(&nt, &cur_tile)) {
                gint id = tile_index(doc, &nt, &rep);
                if (id < 0) {
                    ok = limit_error(error, "tiles");
                    break;
                }
                cell.tile = (uint16_t)id;
            }
            for (int path = 0; path < 2; path++) {
                if (!(p.paths & (1u << path)))
                    continue;
                lw_solidity s = lw_cell_solidity(&cell, (lw_path)path);
                if (nt.mask[path] == LW_NONE)
                    s = LW_SOLID_NONE;
                else if (s == LW_SOLID_NONE)
                    s = (nt.flags & LW_TILE_JUMP_THROUGH) ? LW_SOLID_TOP : LW_SOLID_ALL;
                lw_solidity o = lw_cell_solidity(&cell, (lw_path)(path ^ 1));
                cell.solid = path == 0 ? lw_cell_solid_bits(s, o) : lw_cell_solid_bits(o, s);
            }
        }
        if (cell_same(&cell, &p.cur))
            continue;
        p.cur = cell;
        g_array_append_val(edits, p);
    }
    art_index_clear(&ai);

    /* 4. chunks: in place when one slot uses them, else a copy (or an identical chunk) */
    level = editor_document_get_level(doc);
    g_autofree guint *slots = g_new0(guint, LW_MAX_CHUNKS);
    editor_level_chunk_usage(level, slots);
    GHashTable *done = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint k = 0; ok && k < edits->len; k++) {
        const Paint *first = &g_array_index(edits, Paint, k);
        gpointer key = GUINT_TO_POINTER(SLOT_KEY(first->slot_x, first->slot_y) + 1u);
        if (g_hash_table_contains(done, key))
            continue;
        g_hash_table_add(done, key);
        level = editor_document_get_level(doc);
        uint16_t chunk = first->chunk;
        if (chunk != LW_NONE && slots[chunk] == 1) {
            GArray *ce = g_array_new(FALSE, FALSE, sizeof(EditorCellEdit));
            for (guint j = k; j < edits->len; j++) {
                const Paint *p = &g_array_index(edits, Paint, j);
                if (p->slot_x != first->slot_x || p->slot_y != first->slot_y)
                    continue;
                EditorCellEdit e = {chunk, p->index, p->cur};
                g_array_append_val(ce, e);
            }
            EditorCommand *cmd =
                editor_cmd_set_cells_new(doc, (EditorCellEdit *)ce->data, ce->len, NULL, 0);
            if (cmd)
                editor_document_push(doc, cmd);
            rep.cells += ce->len;
            g_array_unref(ce);
            continue;
        }
        g_autofree lw_cell *cells = g_new(lw_cell, per);
        for (guint i = 0; i < per; i++)
            cells[i] = chunk == LW_NONE ? (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0}
                                        : lw_level_chunk_cells(level, chunk)[i];
        for (guint j = k; j < edits->len; j++) {
            const Paint *p = &g_array_index(edits, Paint, j);
            if (p->slot_x == first->slot_x && p->slot_y == first->slot_y) {
                cells[p->index] = p->cur;
                rep.cells++;
            }
        }
        guint target = LW_NONE;
        for (guint c = 0; c < level->chunk_count && target == LW_NONE; c++)
            if (memcmp(lw_level_chunk_cells(level, c), cells, per * sizeof(lw_cell)) == 0)
                target = c;
        if (target == LW_NONE) {
            target = level->chunk_count;
            EditorCommand *add = editor_cmd_add_chunk_new(doc, cells, NULL, error);
            if (!add) {
                ok = FALSE;
                break;
            }
            editor_document_push(doc, add);
            rep.chunks_added++;
        }
        EditorLayoutEdit le = {first->slot_x, first->slot_y, (uint16_t)target};
        EditorCommand *set = editor_cmd_set_layout_new(doc, LW_LAYER_FG, &le, 1, NULL, 0);
        if (set) {
            editor_document_push(doc, set);
            rep.slots++;
        }
        if (chunk != LW_NONE)
            slots[chunk]--;
        slots[target]++;
    }
    g_hash_table_unref(done);
    g_array_unref(edits);
    g_array_unref(list);
    if (report)
        *report = rep;
    return ok;
}

/* ---- the slope tool ---- */

guint8 editor_line_angle(double x0, double y0, double x1, double y1, gboolean solid_right)
{
    double dx = x1 - x0, dy = y1 - y0;
    if (!solid_right) {
        dx = -dx;
        dy = -dy;
    }
    double hex = atan2(dy, dx) * 128.0 / G_PI;
    if (hex < 0)
        hex += 256.0;
    return lwm_angle_round_even(hex);
}

/* Clip the segment to [0, w) x [0, h) (Liang-Barsky). FALSE when nothing is left. */
static gboolean clip_segment(double w, double h, double *x0, double *y0, double *x1, double *y1)
{
    double t0 = 0, t1 = 1, dx = *x1 - *x0, dy = *y1 - *y0;
    const double lim_x = w - 1e-6, lim_y = h - 1e-6;
    double p[4] = {-dx, dx, -dy, dy}, q[4] = {*x0, lim_x - *x0, *y0, lim_y - *y0};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return FALSE;
            continue;
        }
        double r = q[i] / p[i];
        if (p[i] < 0)
            t0 = MAX(t0, r);
        else
            t1 = MIN(t1, r);
    }
    if (t0 > t1)
        return FALSE;
    double ax = *x0 + t0 * dx, ay = *y0 + t0 * dy;
    *x1 = *x0 + t1 * dx;
    *y1 = *y0 + t1 * dy;
    *x0 = ax;
    *y0 = ay;
    return TRUE;
}

GArray *editor_line_cells(const lw_level *level, double x0, double y0, double x1, double y1)
{
    GArray *cells = g_array_new(FALSE, FALSE, sizeof(guint32));
    if (!clip_segment(lw_level_width_px(level), lw_level_height_px(level), &x0, &y0, &x1, &y1))
        return cells;
    /* Amanatides-Woo: every cell the segment passes through; a crossing exactly through a
     * corner steps diagonally (the side cells are only touched at a point) */
    int cx = (int)floor(x0 / 16), cy = (int)floor(y0 / 16);
    int ex = (int)floor(x1 / 16), ey = (int)floor(y1 / 16);
    double dx = x1 - x0, dy = y1 - y0;
    int sx = dx > 0 ? 1 : dx < 0 ? -1 : 0, sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    double tmx = sx > 0 ? ((cx + 1) * 16.0 - x0) / dx : sx < 0 ? (cx * 16.0 - x0) / dx : INFINITY;
    double tmy = sy > 0 ? ((cy + 1) * 16.0 - y0) / dy : sy < 0 ? (cy * 16.0 - y0) / dy : INFINITY;
    double tdx = sx ? 16.0 / fabs(dx) : INFINITY, tdy = sy ? 16.0 / fabs(dy) : INFINITY;
    for (int guard = 0; guard < 1 << 16; guard++) {
        guint32 v = (guint32)cy << 16 | (guint32)cx;
        g_array_append_val(cells, v);
        if (cx == ex && cy == ey)
            break;
        if (tmx > 1 && tmy > 1)
            break;
        if (fabs(tmx - tmy) < 1e-12) {
            cx += sx;
            cy += sy;
            tmx += tdx;
            tmy += tdy;
        } else if (tmx < tmy) {
            cx += sx;
            tmx += tdx;
        } else {
            cy += sy;
            tmy += tdy;
        }
    }
    return cells;
}

/* The placed mask of the foreground cell at tile (@tx, @ty) on @path (flips applied), with
 * the cell's slot and index. FALSE when the cell has no mask on @path or no solidity there. */
static gboolean placed_mask(const lw_level *level, guint tx, guint ty, int path, lw_mask *out)
{
    const lw_cell *cell = lw_level_cell_at(level, (int32_t)tx * 16, (int32_t)ty * 16);
    if (!cell || cell->tile == LW_NONE || cell->tile >= level->tile_count ||
        lw_cell_solidity(cell, (lw_path)path) == LW_SOLID_NONE)
        return FALSE;
    uint16_t m = level->tiles[cell->tile].mask[path];
    if (m == LW_NONE || m >= level->mask_count)
        return FALSE;
    lwm_mask_flip(&level->masks[m], cell->flags & LW_CELL_FLIP_X, cell->flags & LW_CELL_FLIP_Y,
                  out);
    return TRUE;
}

static void paint_at(const lw_level *level, guint tx, guint ty, EditorCellPaint *p)
{
    memset(p, 0, sizeof *p);
    guint cells = level->chunk_cells;
    p->slot_x = (guint16)(tx / cells);
    p->slot_y = (guint16)(ty / cells);
    p->index = (guint16)((ty % cells) * cells + tx % cells);
}

static void full_mask(lw_mask *m)
{
    memset(m, 0, sizeof *m);
    for (int c = 0; c < 16; c++)
        m->heights[c] = 16;
    m->flags = LW_MASK_FLAGGED;
    lw_mask_derive_widths(m);
}

/* Which side of the line (from (x0, y0) to (x1, y1)) is solid: TRUE when most solid pixels of
 * the crossed @cells lie on the right of the direction of travel (screen), or when the cells
 * hold no solid pixel on the first of @paths. */
static gboolean slope_solid_right(const lw_level *level, GArray *cells, double x0, double y0,
                                  double x1, double y1, guint8 paths)
{
    double len = hypot(x1 - x0, y1 - y0);
    if (len <= 0)
        return TRUE;
    double nx = -(y1 - y0) / len, ny = (x1 - x0) / len;
    int path = (paths & 1u) ? 0 : 1;
    double vote = 0;
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        guint tx = v & 0xFFFFu, ty = v >> 16;
        lw_mask m;
        if (!placed_mask(level, tx, ty, path, &m))
            continue;
        for (int c = 0; c < 16; c++)
            for (int r = 0; r < 16; r++)
                if (lw_mask_pixel(&m, c, r))
                    vote += (tx * 16.0 + c + 0.5 - x0) * nx + (ty * 16.0 + r + 0.5 - y0) * ny;
    }
    return vote >= 0;
}

guint8 editor_slope_angle(const lw_level *level, double x0, double y0, double x1, double y1,
                          guint8 paths)
{
    GArray *cells = editor_line_cells(level, x0, y0, x1, y1);
    gboolean right = slope_solid_right(level, cells, x0, y0, x1, y1, paths);
    g_array_unref(cells);
    return editor_line_angle(x0, y0, x1, y1, right);
}

gboolean editor_slope_stroke(EditorDocument *doc, const lwm_image *art, double x0, double y0,
                             double x1, double y1, const EditorSlopeOptions *opts, guint8 *angle,
                             EditorPaintReport *report, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    guint8 paths = opts->paths & 3u;
    double len = hypot(x1 - x0, y1 - y0);
    if (len < 4 || !paths) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "drag a line of at least 4 px across the surface");
        return FALSE;
    }
    GArray *cells = editor_line_cells(level, x0, y0, x1, y1);
    gboolean right = slope_solid_right(level, cells, x0, y0, x1, y1, paths);
    double nx = -(y1 - y0) / len, ny = (x1 - x0) / len;
    if (!right) {
        nx = -nx;
        ny = -ny;
    }
    guint8 a = editor_line_angle(x0, y0, x1, y1, right);
    if (angle)
        *angle = a;

    GArray *paints = g_array_new(FALSE, TRUE, sizeof(EditorCellPaint));
    guint cols = level->layout_width * level->chunk_cells;
    g_autofree gint *lowest = g_new(gint, cols); /* per tile column: lowest crossed row */
    for (guint i = 0; i < cols; i++)
        lowest[i] = -1;
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        guint tx = v & 0xFFFFu, ty = v >> 16;
        EditorCellPaint p;
        paint_at(level, tx, ty, &p);
        if (opts->masks) {
            /* pixels whose projection falls on the segment follow the line; the others (past
             * its ends) keep what the cell has, so strokes join */
            double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
            gboolean any = FALSE;
            for (int path = 0; path < 2; path++) {
                if (!(paths & (1u << path)))
                    continue;
                lwm_bits old = {{0}}, bits = {{0}};
                lw_mask cur;
                if (placed_mask(level, tx, ty, path, &cur))
                    lwm_bits_from_mask(&cur, &old);
                gboolean cut = FALSE;
                for (int c = 0; c < 16; c++)
                    for (int r = 0; r < 16; r++) {
                        double px = tx * 16.0 + c + 0.5 - x0, py = ty * 16.0 + r + 0.5 - y0;
                        double t = (px * dx + py * dy) / len2;
                        gboolean solid;
                        if (t < 0 || t > 1) {
                            solid = (old.col[c] >> r) & 1u;
                        } else {
                            solid = px * nx + py * ny >=
                                    -1e-9; /* a pixel centre on the line is solid */
                            cut = TRUE;
                        }
                        if (solid)
                            bits.col[c] |= (uint16_t)(1u << r);
                    }
                guint count = lwm_bits_count(&bits);
                if (!cut || (count == 0 && lwm_bits_count(&old) == 0))
                    continue;
                p.paths |= (guint8)(1u << path);
                p.has_mask[path] = count > 0;
                if (count == 256) {
                    full_mask(&p.mask[path]);
                } else if (count > 0) {
                    lwm_heights_from_bits(&bits, &p.mask[path], NULL, NULL);
                    p.mask[path].angle = a;
                    p.mask[path].flags = LW_MASK_LOCKED;
                }
                any = TRUE;
            }
            if (!any)
                continue;
            if ((gint)ty > lowest[tx])
                lowest[tx] = (gint)ty;
        } else {
            for (int path = 0; path < 2; path++) {
                lw_mask m;
                if (!(paths & (1u << path)) || !placed_mask(level, tx, ty, path, &m))
                    continue;
                lwm_bits bits;
                lwm_bits_from_mask(&m, &bits);
                guint count = lwm_bits_count(&bits);
                if (count == 0 || count == 256)
                    continue; /* no surface inside the tile */
                m.angle = a;
                m.flags = LW_MASK_LOCKED;
                p.paths |= (guint8)(1u << path);
                p.has_mask[path] = TRUE;
                p.mask[path] = m;
            }
            if (!p.paths)
                continue;
        }
        g_array_append_val(paints, p);
    }
    /* full blocks under a floor-like line, down to the ground */
    guint rows = level->layout_height * level->chunk_cells;
    if (opts->masks && opts->fill_under && ny > 0.2)
        for (guint tx = 0; tx < cols; tx++) {
            if (lowest[tx] < 0)
                continue;
            for (guint ty = (guint)lowest[tx] + 1; ty < rows && ty < (guint)lowest[tx] + 65; ty++) {
                gboolean solid = FALSE;
                for (int path = 0; path < 2 && !solid; path++) {
                    lw_mask m;
                    lwm_bits bits;
                    if ((paths & (1u << path)) && placed_mask(level, tx, ty, path, &m)) {
                        lwm_bits_from_mask(&m, &bits);
                        solid = lwm_bits_count(&bits) > 0;
                    }
                }
                if (solid)
                    break;
                EditorCellPaint p;
                paint_at(level, tx, ty, &p);
                for (int path = 0; path < 2; path++)
                    if (paths & (1u << path)) {
                        p.paths |= (guint8)(1u << path);
                        p.has_mask[path] = TRUE;
                        full_mask(&p.mask[path]);
                    }
                g_array_append_val(paints, p);
            }
        }
    g_array_unref(cells);
    if (paints->len == 0) {
        g_array_unref(paints);
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            opts->masks ? "the line crosses no cell of the level"
                                        : "the line crosses no tile with a surface on that path");
        return FALSE;
    }
    editor_document_begin_group(doc, opts->masks ? "Slope (Masks)" : "Slope (Angles)");
    EditorPaintReport rep;
    gboolean ok =
        editor_paint_cells(doc, (EditorCellPaint *)paints->data, paints->len, art, &rep, error);
    g_array_unref(paints);
    if (!ok) {
        editor_document_cancel_group(doc);
        return FALSE;
    }
    editor_document_end_group(doc);
    if (report)
        *report = rep;
    return TRUE;
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

gboolean editor_loop_preset(EditorDocument *doc, const lwm_image *art, const EditorLoopPlace *place,
                            EditorPaintReport *report, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    const gint32 r = place->radius, cx = place->cx, cy = place->floor_y - r;
    const gint32 top_both = (r / 2) / 16 * 16;
    const gint32 bx0 = cx - r - 16, bx1 = cx + r + 16, by0 = cy - r - 16, by1 = place->floor_y;
    if (bx0 < 0 || by0 < 0 || bx1 > lw_level_width_px(level) || by1 > lw_level_height_px(level) ||
        (cx | place->floor_y | r) % 16) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "the loop does not fit in the level on tile corners");
        return FALSE;
    }
    GArray *paints = g_array_new(FALSE, TRUE, sizeof(EditorCellPaint));
    for (gint32 ty = by0 / 16; ty < by1 / 16; ty++)
        for (gint32 tx = bx0 / 16; tx < bx1 / 16; tx++) {
            EditorCellPaint p;
            paint_at(level, (guint)tx, (guint)ty, &p);
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
    if (!ok) {
        editor_document_cancel_group(doc);
        return FALSE;
    }
    editor_document_end_group(doc);
    if (report)
        *report = rep;
    return TRUE;
}
