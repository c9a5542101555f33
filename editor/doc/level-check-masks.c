/* SPDX-License-Identifier: MIT */
/*
 * The mask and angle checks of editor_level_check (level-check.h): angles that disagree with
 * their masks, height steps at seams between neighbouring tiles, top-only walls and ceilings,
 * flagged slopes, and path swappers that lead to a path with no ground. Each problem is reported
 * at a place in the level (the first placed cell concerned) so the issues panel can jump there.
 */
#include "level-check-private.h"
#include "level-check.h"

#include <glib.h>
#include <loopwright-masks/masks.h>
#include <loopwright/fixed.h>
#include <loopwright/sensor.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef editor_check_sink sink;

static void report(sink *s, const char *code, int32_t x, int32_t y, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void report(sink *s, const char *code, int32_t x, int32_t y, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    editor_check_reportv(s, EDITOR_SEVERITY_WARNING, code, x, y, fmt, ap);
    va_end(ap);
}

/* The placed masks of the level by (tile, flips, path), flipped once: a level of 4 million
 * cells has at most 1023 x 4 x 2 of them. */
typedef struct {
    const lw_level *level;
    lw_mask *masks;
    uint8_t *done;
} placed_cache;

static void cache_init(placed_cache *pc, const lw_level *level)
{
    size_t n = (size_t)MAX(level->tile_count, 1u) * 8;
    pc->level = level;
    pc->masks = g_new(lw_mask, n);
    pc->done = g_new0(uint8_t, n);
}

static void cache_clear(placed_cache *pc)
{
    g_free(pc->masks);
    g_free(pc->done);
}

/* The mask @cell shows on @path, flips applied (heights, widths and angle as the sensors read
 * them), or NULL when it has no collision there (lw_level_collision_at's rule: no tile, no mask
 * on the path, no solidity bit; a jump-through tile keeps only the top bit). *@solid receives
 * the effective solidity bits. */
static const lw_mask *placed_cell(placed_cache *pc, const lw_cell *cell, int path, unsigned *solid)
{
    const lw_level *level = pc->level;
    if (!cell || cell->tile == LW_NONE || cell->tile >= level->tile_count)
        return NULL;
    const lw_tile *tile = &level->tiles[cell->tile];
    uint16_t mask = tile->mask[path];
    unsigned bits = lw_cell_solidity(cell, (lw_path)path);
    if (tile->flags & LW_TILE_JUMP_THROUGH)
        bits &= LW_SOLID_TOP;
    if (mask == LW_NONE || mask >= level->mask_count || !bits)
        return NULL;
    size_t k = ((size_t)cell->tile * 4 + (cell->flags & 3u)) * 2 + (size_t)path;
    if (!pc->done[k]) {
        lwm_mask_flip(&level->masks[mask], cell->flags & LW_CELL_FLIP_X,
                      cell->flags & LW_CELL_FLIP_Y, &pc->masks[k]);
        lw_mask_derive_widths(&pc->masks[k]);
        pc->done[k] = 1;
    }
    if (solid)
        *solid = bits;
    return &pc->masks[k];
}

/* The same for the foreground cell at tile (tx, ty). */
static const lw_mask *placed(placed_cache *pc, int32_t tx, int32_t ty, int path)
{
    if (tx < 0 || ty < 0)
        return NULL;
    return placed_cell(pc, lw_level_cell_at(pc->level, tx * 16, ty * 16), path, NULL);
}

/* The first placed foreground cell (tile coordinates, reading order) whose tile uses each mask
 * on a solid path, found in one pass over the level when first asked for. */
typedef struct {
    const lw_level *level;
    int32_t *first; /* per mask: ty * cols + tx, or -1 */
} mask_uses;

static bool find_mask_use(mask_uses *u, uint32_t m, int32_t *tx, int32_t *ty)
{
    const lw_level *level = u->level;
    int32_t cols = lw_level_width_px(level) / 16, rows = lw_level_height_px(level) / 16;
    if (!u->first) {
        u->first = g_new(int32_t, MAX(level->mask_count, 1u));
        for (uint32_t k = 0; k < level->mask_count; k++)
            u->first[k] = -1;
        for (int32_t y = 0; y < rows; y++)
            for (int32_t x = 0; x < cols; x++) {
                const lw_cell *c = lw_level_cell_at(level, x * 16, y * 16);
                if (!c || c->tile == LW_NONE || c->tile >= level->tile_count)
                    continue;
                const lw_tile *t = &level->tiles[c->tile];
                for (int p = 0; p < 2; p++)
                    if (t->mask[p] < level->mask_count && u->first[t->mask[p]] < 0 &&
                        lw_cell_solidity(c, (lw_path)p) != LW_SOLID_NONE)
                        u->first[t->mask[p]] = y * cols + x;
            }
    }
    if (m >= level->mask_count || u->first[m] < 0)
        return false;
    *tx = u->first[m] % cols;
    *ty = u->first[m] / cols;
    return true;
}

/* Does a straight surface at hex angle @a fit the pixels @bits, give or take @slack px, over
 * some @window consecutive columns? The tile is brought into the frame where the angle is a
 * floor within 45° of flat (transposed for walls, flipped for ceilings; PHYSICS.md §1.3 — a
 * reflection reverses the direction of travel); there, with pixel-centre sampling, a column
 * whose surface row is r says the line passes within [r - 1/2, r + 1/2] at the column's
 * centre, a full column that it passes above 1/2, an empty one below 15 1/2. The angle fits when
 * one line of its slope meets every column's range of the window, widened by @slack (a tile
 * holding a corner fits each of its two surfaces over its half). A column hanging from the top
 * in that frame faces the other way: the angle does not fit; a column with holes says nothing
 * (the angle counts as fitting). */
static bool angle_fits_pixels(const lwm_bits *bits, uint8_t a, double slack, int window)
{
    lwm_bits b = *bits;
    lw_mode mode = lw_mode_of(a);
    if (mode == LW_MODE_LWALL || mode == LW_MODE_RWALL) {
        lwm_bits t = {{0}};
        for (int c = 0; c < 16; c++)
            for (int r = 0; r < 16; r++)
                if (b.col[c] >> r & 1u)
                    t.col[r] |= (uint16_t)(1u << c);
        b = t;
        a = (uint8_t)(0xC0u - a);
    }
    if (lw_mode_of(a) == LW_MODE_CEILING) {
        lwm_bits_flip(&b, false, true, &b);
        a = (uint8_t)(0x80u - a);
    }
    double slope = tan((int8_t)a * G_PI / 128.0);
    double top[16], bottom[16];
    for (int c = 0; c < 16; c++) {
        uint16_t col = b.col[c];
        if (col == 0) {
            top[c] = 15.5;
            bottom[c] = 1e9;
            continue;
        }
        int r = 0;
        while (!(col >> r & 1u))
            r++;
        if ((uint16_t)(col >> r) != (uint16_t)((1u << (16 - r)) - 1u)) {
            /* a run hanging from the top faces the other way: the angle's solid side is
             * wrong; anything else (holes) says nothing */
            bool hanging = r == 0 && (col & (uint16_t)(col + 1u)) == 0;
            return !hanging;
        }
        top[c] = r == 0 ? -1e9 : r - 0.5;
        bottom[c] = r == 0 ? 0.5 : r + 0.5;
    }
    for (int first = 0; first + window <= 16; first++) {
        double lo = -1e9, hi = 1e9; /* the line's y at x = 0 */
        for (int c = first; c < first + window; c++) {
            lo = MAX(lo, top[c] - slack - slope * (c + 0.5));
            hi = MIN(hi, bottom[c] + slack - slope * (c + 0.5));
        }
        if (lo <= hi)
            return true;
    }
    return false;
}

/* ---- angles against masks, flagged slopes ---- */

static void check_masks(const lw_level *level, sink *s)
{
    mask_uses uses = {level, NULL};
    for (uint32_t m = 0; m < level->mask_count; m++) {
        const lw_mask *mask = &level->masks[m];
        lwm_bits bits;
        lwm_bits_from_mask(mask, &bits);
        bool straight = lwm_bits_is_flagged(&bits, NULL);
        int32_t tx, ty;
        if (mask->flags & LW_MASK_FLAGGED) {
            if (!straight && find_mask_use(&uses, m, &tx, &ty))
                report(s, "flagged-slope", tx * 16, ty * 16,
                       "mask %u is flagged (the player snaps to a cardinal angle on it) but its "
                       "pixels are a slope; compute or set its angle",
                       m);
            continue;
        }
        if (lwm_bits_count(&bits) == 0 || lwm_bits_count(&bits) == 256)
            continue; /* no surface inside the tile */
        if (angle_fits_pixels(&bits, mask->angle, EDITOR_CHECK_ANGLE_SLACK_PX, 8))
            continue;
        lw_mask fitted;
        lwm_mask_from_bits(&bits, &fitted, NULL, NULL);
        if (!(fitted.flags & LW_MASK_FLAGGED) &&
            abs((int8_t)(uint8_t)(fitted.angle - mask->angle)) <= EDITOR_CHECK_ANGLE_STEPS)
            continue; /* the fitter itself says about that: a corner or a bend */
        if (find_mask_use(&uses, m, &tx, &ty)) {
            if (fitted.flags & LW_MASK_FLAGGED)
                report(s, "angle-mismatch", tx * 16, ty * 16,
                       "mask %u: angle 0x%02X does not fit its pixels (more than %g px off); they "
                       "are flat or a straight wall (flag it, or compute the angle)",
                       m, mask->angle, EDITOR_CHECK_ANGLE_SLACK_PX);
            else
                report(s, "angle-mismatch", tx * 16, ty * 16,
                       "mask %u: angle 0x%02X does not fit its pixels (more than %g px off); they "
                       "give about 0x%02X",
                       m, mask->angle, EDITOR_CHECK_ANGLE_SLACK_PX, fitted.angle);
        }
    }
    g_free(uses.first);
}

/* ---- seams ---- */

/* Depth of the floor surface (0 = the cell's top row) in placed column @col of the cell, or -1
 * when the column's surface is not inside this cell: empty, top-anchored, or full with solid
 * above it. @sign -1 mirrors everything vertically (ceilings: depth from the bottom row). */
static int edge_depth(const lw_mask *m, const lw_mask *beyond, int col, int sign, bool *floor_mode)
{
    if (!m)
        return -1;
    int h = m->heights[col] * sign;
    if (h == -16)
        h = 16;
    if (h <= 0)
        return -1;
    if (h == 16 && beyond && beyond->heights[col] * sign != 0)
        return -1; /* the surface is further out */
    uint8_t card = sign > 0 ? LW_MODE_FLOOR : LW_MODE_CEILING;
    *floor_mode =
        *floor_mode || ((m->flags & LW_MASK_FLAGGED) ? true : lw_mode_of(m->angle) == card);
    return 16 - h;
}

/* The placed masks of tile row @ty per cell and path (NULL: no collision, or outside), read
 * along the chunks' rows of cells rather than cell by cell through the layout. */
static void fill_row(placed_cache *pc, int32_t ty, int32_t cols, int32_t rows, const lw_mask **row)
{
    const lw_level *level = pc->level;
    if (ty < 0 || ty >= rows) {
        for (int32_t i = 0; i < cols * 2; i++)
            row[i] = NULL;
        return;
    }
    uint32_t n = level->chunk_cells, shift = level->chunk_shift;
    uint32_t ly = ((uint32_t)ty * 16) >> shift, cy = (uint32_t)ty & (n - 1);
    for (uint32_t lx = 0; lx < level->layout_width; lx++) {
        const lw_mask **out = row + (size_t)lx * n * 2;
        uint16_t chunk = lw_level_layout_get(level, LW_LAYER_FG, lx, ly);
        if (chunk == LW_NONE || chunk >= level->chunk_count) {
            for (uint32_t i = 0; i < n * 2; i++)
                out[i] = NULL;
            continue;
        }
        const lw_cell *cells = lw_level_chunk_cells(level, chunk) + cy * n;
        for (uint32_t cx = 0; cx < n; cx++) {
            if (cells[cx].tile == LW_NONE) {
                out[cx * 2] = out[cx * 2 + 1] = NULL;
                continue;
            }
            out[cx * 2] = placed_cell(pc, &cells[cx], 0, NULL);
            out[cx * 2 + 1] = placed_cell(pc, &cells[cx], 1, NULL);
        }
    }
}

static void check_seams(const lw_level *level, placed_cache *pc, sink *s)
{
    int32_t cols = lw_level_width_px(level) / 16, rows = lw_level_height_px(level) / 16;
    unsigned found = 0;
    int32_t fx = 0, fy = 0, fdiff = 0;
    int fpath = 0;
    /* three rows of placed masks: the one above, this one, the one below */
    const lw_mask **buf = g_new0(const lw_mask *, (size_t)cols * 6);
    const lw_mask **above = buf, **cur = buf + cols * 2, **below = buf + cols * 4;
    fill_row(pc, 0, cols, rows, cur);
    for (int32_t ty = 0; ty < rows; ty++) {
        fill_row(pc, ty + 1, cols, rows, below);
        for (int32_t tx = 0; tx + 1 < cols; tx++)
            for (int path = 0; path < 2; path++)
                for (int sign = 1; sign >= -1; sign -= 2) {
                    const lw_mask **out = sign > 0 ? above : below;
                    bool mode = false;
                    int a = edge_depth(cur[tx * 2 + path], out[tx * 2 + path], 15, sign, &mode);
                    if (a < 0)
                        continue;
                    int b = edge_depth(cur[(tx + 1) * 2 + path], out[(tx + 1) * 2 + path], 0, sign,
                                       &mode);
                    if (b < 0 || !mode || abs(a - b) <= EDITOR_CHECK_SEAM_TOLERANCE)
                        continue;
                    int32_t y = ty * 16 + (sign > 0 ? MIN(a, b) : 15 - MIN(a, b));
                    if (found++ == 0) {
                        fx = (tx + 1) * 16;
                        fy = y;
                        fdiff = abs(a - b);
                        fpath = path;
                    }
                    if (found <= 20)
                        report(s, "height-seam", (tx + 1) * 16, y,
                               "path %c: the %s steps %d px at the seam x = %d between the tiles "
                               "at (%d, %d) and (%d, %d)",
                               'A' + path, sign > 0 ? "floor" : "ceiling", abs(a - b),
                               (tx + 1) * 16, tx * 16, ty * 16, (tx + 1) * 16, ty * 16);
                }
        const lw_mask **t = above;
        above = cur;
        cur = below;
        below = t;
    }
    g_free(buf);
    if (found > 20)
        report(s, "height-seam", fx, fy,
               "%u more height steps at tile seams (the first: %d px on path %c at x = %d)",
               found - 20, fdiff, 'A' + fpath, fx);
}

/* ---- top-only walls and ceilings ---- */

static void check_top_only(const lw_level *level, placed_cache *pc, sink *s)
{
    /* a chunk reads the same wherever it is placed: each used chunk once, reported at its
     * first place, and once per (tile, flips, path) */
    g_autofree int32_t *first = g_new(int32_t, MAX(level->chunk_count, 1u));
    for (uint32_t k = 0; k < level->chunk_count; k++)
        first[k] = -1;
    for (uint32_t ly = 0; ly < level->layout_height; ly++)
        for (uint32_t lx = 0; lx < level->layout_width; lx++) {
            uint16_t c = lw_level_layout_get(level, LW_LAYER_FG, lx, ly);
            if (c != LW_NONE && c < level->chunk_count && first[c] < 0)
                first[c] = (int32_t)(ly * level->layout_width + lx);
        }
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    uint32_t n = level->chunk_cells;
    for (uint32_t ch = 0; ch < level->chunk_count; ch++) {
        if (first[ch] < 0)
            continue;
        const lw_cell *cells = lw_level_chunk_cells(level, ch);
        int32_t sx = (int32_t)((uint32_t)first[ch] % level->layout_width) << level->chunk_shift;
        int32_t sy = (int32_t)((uint32_t)first[ch] / level->layout_width) << level->chunk_shift;
        for (uint32_t i = 0; i < n * n; i++)
            for (int path = 0; path < 2; path++) {
                unsigned solid;
                const lw_mask *pm = placed_cell(pc, &cells[i], path, &solid);
                if (!pm || solid != LW_SOLID_TOP)
                    continue;
                const lw_mask m = *pm;
                uint16_t tile = cells[i].tile;
                uint8_t flips = cells[i].flags & 3u;
                int32_t x = sx + (int32_t)(i % n) * 16, y = sy + (int32_t)(i / n) * 16;
                lwm_bits bits;
                lwm_bits_from_mask(&m, &bits);
                uint8_t card;
                bool straight = lwm_bits_is_flagged(&bits, &card);
                uint8_t a = (m.flags & LW_MASK_FLAGGED) ? card : m.angle;
                if (straight && card == 0x00 && lwm_bits_count(&bits) > 0)
                    a = 0x00; /* a flat floor or a full block: a platform */
                lw_mode mode = lw_mode_of(a);
                bool hanging = false; /* a run from the tile's top edge (ceiling-type) */
                for (int c = 0; c < 16; c++)
                    hanging = hanging || (m.heights[c] < 0 && m.heights[c] > -16);
                if (mode == LW_MODE_FLOOR && !hanging)
                    continue;
                gpointer key =
                    GUINT_TO_POINTER(((guint)tile << 3 | (guint)flips << 1 | (guint)path) + 1u);
                if (g_hash_table_contains(seen, key))
                    continue;
                g_hash_table_add(seen, key);
                if (hanging && mode != LW_MODE_LWALL && mode != LW_MODE_RWALL)
                    report(s, "top-only-wall", x, y,
                           "path %c: tile %u at (%d, %d) is top-only (jump-through) but its mask "
                           "hangs from the tile's top edge (ceiling-type): a player standing on "
                           "it reads nothing in the second block (PHYSICS.md §3.3) and bounces "
                           "between ground and air",
                           'A' + path, tile, x, y);
                else
                    report(s, "top-only-wall", x, y,
                           "path %c: tile %u at (%d, %d) is top-only (jump-through) but its "
                           "surface is a %s (angle 0x%02X): only floor sensors see it, walls and "
                           "ceilings need the side/bottom bit too",
                           'A' + path, tile, x, y, mode == LW_MODE_CEILING ? "ceiling" : "wall", a);
            }
    }
    g_hash_table_unref(seen);
}

/* ---- swappers ---- */

static bool ground_in(const lw_level *level, placed_cache *pc, int path, int32_t x0, int32_t y0,
                      int32_t x1, int32_t y1)
{
    x0 = MAX(x0, 0);
    y0 = MAX(y0, 0);
    x1 = MIN(x1, lw_level_width_px(level));
    y1 = MIN(y1, lw_level_height_px(level));
    for (int32_t ty = y0 / 16; ty * 16 < y1; ty++)
        for (int32_t tx = x0 / 16; tx * 16 < x1; tx++) {
            const lw_mask *m = placed(pc, tx, ty, path);
            for (int c = 0; m && c < 16; c++)
                if (m->heights[c] != 0)
                    return true;
        }
    return false;
}

static void check_swappers(const lw_level *level, placed_cache *pc, sink *s)
{
    static const char *const sides[2][2] = {{"left", "right"}, {"upper", "lower"}};
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        if (o->type != LW_OBJECT_PATH_SWAPPER || o->swapper.priority_only)
            continue;
        const lw_path_swapper *sw = &o->swapper;
        int32_t r = sw->radius;
        for (int side = 0; side < 2; side++) {
            int path = sw->path[side] & 1;
            bool ok;
            if (!sw->horizontal)
                ok = side == 0 ? ground_in(level, pc, path, o->x - 48, o->y - r - 16, o->x,
                                           o->y + r + 128)
                               : ground_in(level, pc, path, o->x, o->y - r - 16, o->x + 48,
                                           o->y + r + 128);
            else
                ok = side == 0 ? ground_in(level, pc, path, o->x - r, o->y - 64, o->x + r, o->y)
                               : ground_in(level, pc, path, o->x - r, o->y, o->x + r, o->y + 128);
            if (!ok)
                report(s, "swapper-no-ground", o->x, o->y,
                       "object %u: the path swapper's %s side selects path %c, but path %c has no "
                       "ground near it there",
                       o->id, sides[sw->horizontal][side], 'A' + path, 'A' + path);
        }
    }
}

void editor_level_check_masks(const lw_level *level, editor_problem_fn fn, void *user)
{
    sink s = {fn, user, 0};
    placed_cache pc;
    cache_init(&pc, level);
    check_masks(level, &s);
    check_seams(level, &pc, &s);
    check_top_only(level, &pc, &s);
    check_swappers(level, &pc, &s);
    cache_clear(&pc);
}
