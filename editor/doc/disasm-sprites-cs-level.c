/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c): the level a definition's code may read,
 * as SonLVL's LevelData gives it, and a sprite's bounds. skdisasm's FBZ blasters, magnetic
 * platforms and spike balls, LBZ's Ribot and SOZ's spawning sand blocks walk the foreground to
 * the floor or ceiling under the object (`LevelData.Layout.FGLayout[cx, cy]`,
 * `LevelData.Chunks[c].Blocks[bx, by]`, `LevelData.GetColInd1(block.Block)`,
 * `LevelData.ColArr1[index][x]`, `block.Solid1 & Solidity.TopSolid`) and size their chains by
 * a sprite's `Height`, `Top` or `Bottom`.
 *
 * The level is the editor's (editor_disasm_sprites_set_level): its layout, chunks, cells and
 * masks stand for SonLVL's. A chunk's block is a cell: `Block` its tile (LW_NONE for an empty
 * cell), `XFlip`, `YFlip`, `Solid1` / `Solid2` its path A / B solidity bits (SonLVL's
 * `Solidity`: NotSolid 0, TopSolid 1, LRBSolid 2, AllSolid 3, as the chunk word's bits are).
 * `GetColInd1(t)` is 1 + tile t's path A mask (0: none), `ColArr1[i]` mask i - 1's 16 heights
 * (index 0: all 0), as the games' collision index and array are read; the 2 forms are path B's.
 * An empty layout slot holds LW_NONE, whose chunk is all empty cells. An index outside what the
 * level has, where C# throws, is unknown; so is everything without a level. A definition that
 * reads the level has its sprites kept per place, and they are made again when the level is
 * set again (the editor does on every change).
 */
#include "disasm-sprites-cs-private.h"

#include <string.h>

typedef enum {
    LD_FG_LAYOUT = 1, /* LevelData.Layout.FGLayout: [cx, cy] -> a chunk index */
    LD_CHUNKS,        /* LevelData.Chunks: [c] -> LD_CHUNK */
    LD_CHUNK,         /* dx = chunk (LW_NONE: empty): .Blocks */
    LD_BLOCKS,        /* dx = chunk: [bx, by] -> LD_BLOCK */
    LD_BLOCK,         /* dx = chunk, dy = cell index */
    LD_COL_ARR,       /* LevelData.ColArr1 / 2: [i] -> LD_COLUMN */
    LD_COLUMN,        /* dx = index (0: none, else mask dx - 1): [x] -> a height */
} ld_kind;

static val ld(ld_kind kind, int dx, int dy)
{
    val v = dcs_vk(V_LEVEL);
    v.i = kind;
    v.dx = dx;
    v.dy = dy;
    return v;
}

static const lw_level *level_of(dspr_cs *c)
{
    const lw_level *l = c->owner ? c->owner->level : NULL;
    if (l)
        c->placed = TRUE; /* what it draws depends on the place and the level */
    return l;
}

gboolean dcs_level_data(dspr_cs *c, const char *name, val *out)
{
    static const char *const solidity[] = {"Solidity.NotSolid", "Solidity.TopSolid",
                                           "Solidity.LRBSolid", "Solidity.AllSolid"};
    for (int k = 0; k < 4; k++)
        if (strcmp(name, solidity[k]) == 0) {
            *out = dcs_vint(k);
            return TRUE;
        }
    if (strcmp(name, "LevelData.Level.WaterHeight") == 0) {
        int h = c->owner ? c->owner->water_height : -1;
        *out = h >= 0 ? dcs_vint(h) : dcs_vk(V_UNKNOWN);
        return TRUE;
    }
    static const char *const names[] = {
        "LevelData.Level.ChunkWidth", "LevelData.Level.ChunkHeight", "LevelData.FGWidth",
        "LevelData.FGHeight",         "LevelData.Layout.FGLayout",   "LevelData.Chunks",
        "LevelData.ColArr1",          "LevelData.ColArr2",           NULL};
    int k = 0;
    while (names[k] && strcmp(name, names[k]) != 0)
        k++;
    if (!names[k])
        return FALSE;
    const lw_level *l = level_of(c);
    *out = !l       ? dcs_vk(V_UNKNOWN)
           : k < 2  ? dcs_vint(l->chunk_px)
           : k < 4  ? dcs_vint(k == 2 ? l->layout_width : l->layout_height)
           : k == 4 ? ld(LD_FG_LAYOUT, 0, 0)
           : k == 5 ? ld(LD_CHUNKS, 0, 0)
                    : ld(LD_COL_ARR, k - 6, 0);
    return TRUE;
}

/* @v an int in 0..@n-1 */
static gboolean index_in(val v, gint64 n)
{
    return v.k == V_INT && v.i >= 0 && v.i < n;
}

val dcs_level_element(dspr_cs *c, val a, val i, val j)
{
    const lw_level *l = level_of(c);
    int cells = l ? l->chunk_cells : 0;
    gboolean two = j.k != V_NULL;
    if (!l || a.k != V_LEVEL)
        return dcs_vk(V_UNKNOWN);
    switch ((ld_kind)a.i) {
    case LD_FG_LAYOUT:
        return two && index_in(i, l->layout_width) && index_in(j, l->layout_height)
                   ? dcs_vint(l->layout[LW_LAYER_FG][j.i * l->layout_width + i.i])
                   : dcs_vk(V_UNKNOWN);
    case LD_CHUNKS:
        return !two && (index_in(i, l->chunk_count) || (i.k == V_INT && i.i == LW_NONE))
                   ? ld(LD_CHUNK, (int)i.i, 0)
                   : dcs_vk(V_UNKNOWN);
    case LD_BLOCKS:
        return two && index_in(i, cells) && index_in(j, cells)
                   ? ld(LD_BLOCK, a.dx, (int)(j.i * cells + i.i))
                   : dcs_vk(V_UNKNOWN);
    case LD_COL_ARR:
        return !two && index_in(i, (gint64)l->mask_count + 1) ? ld(LD_COLUMN, (int)i.i, 0)
                                                              : dcs_vk(V_UNKNOWN);
    case LD_COLUMN:
        return !two && index_in(i, 16) ? dcs_vint(a.dx == 0 ? 0 : l->masks[a.dx - 1].heights[i.i])
                                       : dcs_vk(V_UNKNOWN);
    default:
        return dcs_vk(V_UNKNOWN);
    }
}

val dcs_level_member(dspr_cs *c, val v, const char *name)
{
    const lw_level *l = level_of(c);
    if (!l)
        return dcs_vk(V_UNKNOWN);
    if (v.i == LD_CHUNK && strcmp(name, "Blocks") == 0)
        return ld(LD_BLOCKS, v.dx, 0);
    if (v.i != LD_BLOCK)
        return dcs_vk(V_UNKNOWN);
    static const lw_cell empty = {LW_NONE, 0, 0};
    const lw_cell *cell = v.dx == LW_NONE ? &empty : &lw_level_chunk_cells(l, (uint32_t)v.dx)[v.dy];
    if (strcmp(name, "Block") == 0)
        return dcs_vint(cell->tile);
    if (strcmp(name, "XFlip") == 0 || strcmp(name, "YFlip") == 0)
        return dcs_vbool((cell->flags & (name[0] == 'X' ? LW_CELL_FLIP_X : LW_CELL_FLIP_Y)) != 0);
    if (strcmp(name, "Solid1") == 0 || strcmp(name, "Solid2") == 0)
        return dcs_vint(lw_cell_solidity(cell, name[5] == '1' ? LW_PATH_A : LW_PATH_B));
    return dcs_vk(V_UNKNOWN);
}

gboolean dcs_level_call(dspr_cs *c, const char *name, const val *a, int n, val *out)
{
    gboolean one = strcmp(name, "LevelData.GetColInd1") == 0;
    if (!one && strcmp(name, "LevelData.GetColInd2") != 0)
        return FALSE;
    const lw_level *l = level_of(c);
    *out = dcs_vk(V_UNKNOWN);
    if (!l || n != 1 || a[0].k != V_INT)
        return TRUE;
    if (a[0].i == LW_NONE) {
        *out = dcs_vint(0); /* an empty cell: no collision */
    } else if (index_in(a[0], l->tile_count)) {
        uint16_t m = l->tiles[a[0].i].mask[one ? 0 : 1];
        *out = dcs_vint(m == LW_NONE ? 0 : (gint64)m + 1);
    }
    return TRUE;
}

val dcs_sprite_member(dspr_cs *c, val s, const char *name)
{
    static const char *const names[] = {"X",     "Y",      "Left",  "Top",
                                        "Right", "Bottom", "Width", "Height"};
    int k = 0;
    while (k < 8 && strcmp(name, names[k]) != 0)
        k++;
    int box[4] = {0, 0, 0, 0}; /* x0, y0, x1, y1; an empty sprite's are 0 */
    if (k == 8 || !c->owner || !dspr_sprite_bounds(c->owner, c->def, s.p, box))
        return dcs_vk(V_UNKNOWN);
    return dcs_vint(k == 0 || k == 2   ? box[0]
                    : k == 1 || k == 3 ? box[1]
                    : k == 4           ? box[2]
                    : k == 5           ? box[3]
                    : k == 6           ? box[2] - box[0]
                                       : box[3] - box[1]);
}
