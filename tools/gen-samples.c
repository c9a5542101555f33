/* SPDX-License-Identifier: MIT */
/*
 * gen-samples: builds the sample levels and their shared tileset from geometry.
 *
 *   gen-samples OUTDIR
 *
 * writes OUTDIR/tiles.png, OUTDIR/loop-hill.json (128 px chunks) and OUTDIR/pipe-works.json
 * (256 px chunks), and OUTDIR/object-park.json (128 px chunks, every game object type of
 * docs/OBJECTS.md) with its own OUTDIR/object-park-tiles.png, so the first two and their
 * tileset stay as they were. The terrain is described as shapes (a smooth ground height field, a
 * loop ring, quarter pipes, blocks, jump-through bars); every pixel is rasterised per collision
 * path, each 16x16 tile's heights come from its pixels and its angle from the exact tangent of the
 * shape that owns its surface (kept even, flagged for full and flat tiles as Sega's data does).
 * Tiles (art + masks) and chunks are de-duplicated. The output is deterministic; a test checks the
 * committed files equal a fresh run.
 */
#include "level-json.h"

#include <loopwright-masks/image.h>
#include <loopwright/fixed.h>
#include <loopwright/level.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TILE 16
#define PI   3.14159265358979323846

enum { PATH_A = 1, PATH_B = 2, PATH_AB = 3 };

/* What a pixel is made of, for the art and for choosing the shape that gives a tile's angle. */
typedef enum shape_kind {
    SHAPE_NONE = 0,
    SHAPE_GROUND,   /* height field: angle from its slope */
    SHAPE_ARC,      /* concave circular surface (loop, quarter pipe): angle from the tangent */
    SHAPE_BLOCK,    /* axis-aligned solid: angle from the face */
    SHAPE_PLATFORM, /* jump-through bar */
    SHAPE_COUNT
} shape_kind;

typedef struct shape {
    shape_kind kind;
    double cx, cy; /* SHAPE_ARC: circle centre */
} shape;

#define MAX_SHAPES 64

typedef struct world {
    int w, h;          /* px */
    uint8_t *solid;    /* per pixel: bit 0 path A, bit 1 path B */
    uint8_t *top_only; /* per pixel: 1 = jump-through */
    uint8_t *shape_id; /* per pixel: index into shapes, 0 = none */
    uint8_t *bg;       /* background layer art: 0 none, else a tone */
    double *ground;    /* per column: top solid row of the ground height field (or 1e9) */
    shape shapes[MAX_SHAPES];
    int shape_count;
} world;

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p) {
        fprintf(stderr, "gen-samples: out of memory\n");
        exit(1);
    }
    return p;
}

static world *world_new(int w, int h)
{
    world *wd = xcalloc(1, sizeof *wd);
    wd->w = w;
    wd->h = h;
    wd->solid = xcalloc((size_t)w * h, 1);
    wd->top_only = xcalloc((size_t)w * h, 1);
    wd->shape_id = xcalloc((size_t)w * h, 1);
    wd->bg = xcalloc((size_t)w * h, 1);
    wd->ground = xcalloc((size_t)w, sizeof(double));
    wd->shape_count = 1; /* 0 = none */
    return wd;
}

static void world_free(world *wd)
{
    free(wd->solid);
    free(wd->top_only);
    free(wd->shape_id);
    free(wd->bg);
    free(wd->ground);
    free(wd);
}

static int add_shape(world *wd, shape s)
{
    if (wd->shape_count >= MAX_SHAPES) {
        fprintf(stderr, "gen-samples: too many shapes\n");
        exit(1);
    }
    wd->shapes[wd->shape_count] = s;
    return wd->shape_count++;
}

static void set_px(world *wd, int x, int y, int paths, int id, bool top_only)
{
    if (x < 0 || y < 0 || x >= wd->w || y >= wd->h)
        return;
    size_t i = (size_t)y * wd->w + x;
    wd->solid[i] = (uint8_t)paths;
    wd->shape_id[i] = (uint8_t)id;
    wd->top_only[i] = top_only;
}

/* ---- the ground: a height field integrated from a slope profile, plus cliffs ---- */

typedef struct knot {
    int x;
    double slope; /* dy/dx, +Y down: negative rises to the right */
} knot;

typedef struct cliff {
    int x;
    double dy; /* step applied from x on */
} cliff;

static void build_ground(world *wd, double base, const knot *knots, int nk, const cliff *cliffs,
                         int nc)
{
    int id = add_shape(wd, (shape){.kind = SHAPE_GROUND});
    double y = base;
    for (int x = 0; x < wd->w; x++) {
        /* slope at the column centre: linear interpolation between knots */
        double xc = x + 0.5, s = 0;
        for (int k = 0; k + 1 < nk; k++)
            if (xc >= knots[k].x && xc < knots[k + 1].x) {
                double t = (xc - knots[k].x) / (knots[k + 1].x - knots[k].x);
                s = knots[k].slope + t * (knots[k + 1].slope - knots[k].slope);
            }
        for (int c = 0; c < nc; c++)
            if (cliffs[c].x == x)
                y += cliffs[c].dy;
        wd->ground[x] = y + s * 0.5; /* surface height at the column centre (angles) */
        /* A column is solid from the highest point the surface reaches inside it, as the
         * originals' masks are drawn: an exact 45 degree slope gives heights 16..1 per tile,
         * never 15..0 (a tile with an empty edge column over a full flagged block makes a
         * floor sensor read the flagged block, and the exact-diagonal snap then rounds to a
         * wall mode: PHYSICS.md 4.8.3). The epsilon absorbs the float sums of the slopes. */
        double highest = s < 0 ? y + s : y;
        y += s;
        int top = (int)floor(highest + 1e-6);
        for (int py = top < 0 ? 0 : top; py < wd->h; py++)
            set_px(wd, x, py, PATH_AB, id, false);
    }
}

/* ---- a loop: a square block with a round hole, right half on path A, left half on path B.
 * The top (|x - cx| < top_both) is solid on both paths so the ceiling never has a gap where the
 * player changes path. The circle's centre sits on tile boundaries so no tile column has solid
 * pixels both above and below the hole. ---- */
static void build_loop(world *wd, int cx, int cy, int r, int thickness, int top_both)
{
    int id = add_shape(wd, (shape){.kind = SHAPE_ARC, .cx = cx, .cy = cy});
    for (int y = cy - r - thickness; y < cy + r; y++)
        for (int x = cx - r - thickness; x < cx + r + thickness; x++) {
            double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
            if (dx * dx + dy * dy < (double)r * r)
                continue;
            int paths = x >= cx ? PATH_A : PATH_B;
            if (y < cy && (x >= cx - top_both && x < cx + top_both))
                paths = PATH_AB;
            set_px(wd, x, y, paths, id, false);
        }
}

/* A concave quarter circle: the solid lies outside the circle of radius @r around (cx, cy),
 * inside the square [x0, x0 + r) x [y0, y0 + r). */
static void build_arc(world *wd, int cx, int cy, int r, int x0, int y0)
{
    int id = add_shape(wd, (shape){.kind = SHAPE_ARC, .cx = cx, .cy = cy});
    for (int y = y0; y < y0 + r; y++)
        for (int x = x0; x < x0 + r; x++) {
            double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
            if (dx * dx + dy * dy >= (double)r * r)
                set_px(wd, x, y, PATH_AB, id, false);
        }
}

static void build_block(world *wd, int x0, int y0, int x1, int y1)
{
    int id = add_shape(wd, (shape){.kind = SHAPE_BLOCK});
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            set_px(wd, x, y, PATH_AB, id, false);
}

static void build_platform(world *wd, int x0, int y0, int x1)
{
    int id = add_shape(wd, (shape){.kind = SHAPE_PLATFORM});
    for (int y = y0; y < y0 + TILE; y++)
        for (int x = x0; x < x1; x++)
            set_px(wd, x, y, PATH_AB, id, true);
}

/* Distant hills in the background layer (never collide). */
static void build_background(world *wd, double horizon, double amp, double period)
{
    for (int x = 0; x < wd->w; x++) {
        double top = horizon - amp * (0.5 + 0.5 * sin(x * 2 * PI / period)) -
                     amp * 0.25 * sin(x * 4 * PI / period);
        for (int y = (int)top; y < wd->h; y++)
            if (y >= 0)
                wd->bg[(size_t)y * wd->w + x] = (uint8_t)(1 + ((y - (int)top) < 6));
    }
}

/* ---- art ---- */

static bool solid_any(const world *wd, int x, int y)
{
    if (x < 0 || y < 0 || x >= wd->w || y >= wd->h)
        return false;
    return wd->solid[(size_t)y * wd->w + x] != 0;
}

static uint32_t pixel_art(const world *wd, int x, int y)
{
    size_t i = (size_t)y * wd->w + x;
    if (!wd->solid[i])
        return 0; /* transparent: the background layer or colour shows through */
    if (wd->top_only[i]) {
        bool edge = (y % TILE) == 0 || (y % TILE) == 15;
        bool joint = (x % 32) == 0;
        return edge ? 0x6A3E1CFFu : joint ? 0x7E4C24FFu : 0xC08850FFu; /* planks */
    }
    /* grass within 4 px of open air in any direction, dark soil line under it */
    for (int k = 1; k <= 5; k++) {
        bool open = !solid_any(wd, x, y - k) || !solid_any(wd, x, y + k) ||
                    !solid_any(wd, x - k, y) || !solid_any(wd, x + k, y);
        if (open) {
            if (k <= 3)
                return ((x + y) & 3) ? 0x38B838FFu : 0x50D050FFu;
            return 0x2A7A2AFFu;
        }
    }
    bool check = ((x >> 4) + (y >> 4)) & 1;                  /* the classic 16 px checkerboard */
    bool speck = (((x & 15) * 7 + (y & 15) * 13) % 23) == 0; /* same in every tile */
    if (speck)
        return 0x603010FFu;
    return check ? 0xB06830FFu : 0x8C4C20FFu;
}

/* ---- tiles, masks, chunks ---- */

typedef struct tile_key {
    uint8_t art[TILE * TILE * 4];
    int mask[2]; /* -1 = none */
    bool jump;
} tile_key;

typedef struct builder {
    lw_level *level;
    tile_key *keys; /* per tile, for de-duplication */
    uint8_t *cells; /* unique art cells, RGBA, 16x16 each */
    uint32_t cell_count;
} builder;

static uint8_t even_angle(double radians)
{
    double hex = radians * 128.0 / PI;
    long v = lround(hex / 2.0) * 2;
    return (uint8_t)(((v % 256) + 256) % 256);
}

/* Hex angle of the surface direction (dx, dy) in screen space (+Y down). */
static uint8_t direction_angle(double dx, double dy)
{
    return even_angle(atan2(dy, dx));
}

static uint8_t shape_angle(const world *wd, const shape *s, int tx, int ty, int empty_dx,
                           int empty_dy)
{
    double x = tx + 8, y = ty + 8;
    switch (s->kind) {
    case SHAPE_GROUND: {
        int x0 = tx, x1 = tx + 15;
        return direction_angle(15.0, wd->ground[x1] - wd->ground[x0]);
    }
    case SHAPE_ARC: {
        /* Surface travelled counter-clockwise on screen (floor -> right wall -> ceiling):
         * at screen angle phi from the centre the direction is (sin phi, -cos phi). */
        double phi = atan2(y - s->cy, x - s->cx);
        return direction_angle(sin(phi), -cos(phi));
    }
    case SHAPE_BLOCK:
    case SHAPE_PLATFORM:
    case SHAPE_NONE:
    case SHAPE_COUNT:
        break;
    }
    /* Faces: open above -> floor 0x00, open on the left -> right wall 0xC0, open below ->
     * ceiling 0x80, open on the right -> left wall 0x40. */
    if (empty_dy < 0)
        return 0x00;
    if (empty_dx < 0)
        return 0xC0;
    if (empty_dy > 0)
        return 0x80;
    return 0x40;
}

/* Heights of a 16x16 bitmap: a bottom-anchored run gives +n, a top-anchored run -n. Geometry
 * that cannot be expressed (a column solid at both ends with a gap, or floating pixels) is a
 * bug in the generator's layout and stops it. */
static void bitmap_heights(bool bits[16][16], int8_t heights[16], int tx, int ty)
{
    for (int c = 0; c < 16; c++) {
        int n = 0;
        for (int r = 0; r < 16; r++)
            n += bits[r][c];
        int h;
        if (n == 0)
            h = 0;
        else if (bits[15][c])
            h = n; /* bottom-anchored (a full column too) */
        else if (bits[0][c])
            h = -n; /* top-anchored: ceiling-type */
        else
            h = 99;
        /* the run must be contiguous from its anchor */
        if (h > 0 && h != 99)
            for (int r = 16 - n; r < 16; r++)
                if (!bits[r][c])
                    h = 99;
        if (h < 0)
            for (int r = 0; r < n; r++)
                if (!bits[r][c])
                    h = 99;
        if (h == 99) {
            fprintf(stderr, "gen-samples: tile at (%d, %d) column %d is not a height\n", tx, ty, c);
            exit(1);
        }
        heights[c] = (int8_t)h;
    }
}

static int find_or_add_mask(lw_level *level, const lw_mask *m)
{
    for (uint32_t i = 0; i < level->mask_count; i++) {
        const lw_mask *o = &level->masks[i];
        if (memcmp(o->heights, m->heights, 16) == 0 && o->angle == m->angle && o->flags == m->flags)
            return (int)i;
    }
    int idx = lw_level_add_mask(level, m);
    if (idx < 0) {
        fprintf(stderr, "gen-samples: too many masks\n");
        exit(1);
    }
    return idx;
}

/* The mask of the tile at (tx, ty) on one path, or -1 when nothing is solid there. */
static int tile_mask(builder *b, const world *wd, int tx, int ty, int path_bit)
{
    bool bits[16][16];
    int count = 0;
    int votes[MAX_SHAPES] = {0};
    int face_dx[MAX_SHAPES] = {0}, face_dy[MAX_SHAPES] = {0};
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) {
            int x = tx + c, y = ty + r;
            size_t i = (size_t)y * wd->w + x;
            bits[r][c] = (wd->solid[i] & path_bit) != 0;
            count += bits[r][c];
            if (!bits[r][c])
                continue;
            /* surface pixels vote for the shape that owns them */
            static const int dirs[4][2] = {{0, -1}, {-1, 0}, {0, 1}, {1, 0}};
            for (int d = 0; d < 4; d++) {
                int nx = x + dirs[d][0], ny = y + dirs[d][1];
                bool open = nx >= 0 && ny >= 0 && nx < wd->w && ny < wd->h &&
                            !(wd->solid[(size_t)ny * wd->w + nx] & path_bit);
                if (open) {
                    int id = wd->shape_id[i];
                    votes[id]++;
                    if (!face_dx[id] && !face_dy[id]) {
                        face_dx[id] = dirs[d][0];
                        face_dy[id] = dirs[d][1];
                    }
                    break;
                }
            }
        }
    if (count == 0)
        return -1;
    lw_mask m = {0};
    bitmap_heights(bits, m.heights, tx, ty);
    bool flat = true;
    for (int c = 1; c < 16; c++)
        flat = flat && m.heights[c] == m.heights[0];
    int best = 0;
    for (int s = 1; s < wd->shape_count; s++)
        if (votes[s] > votes[best])
            best = s;
    if (count == 256 || flat || best == 0) {
        m.flags = LW_MASK_FLAGGED; /* full, flat or buried: snap to the mode's cardinal */
        m.angle = 0;
    } else {
        m.angle = shape_angle(wd, &wd->shapes[best], tx, ty, face_dx[best], face_dy[best]);
    }
    return find_or_add_mask(b->level, &m);
}

static uint16_t find_or_add_art(builder *b, const uint8_t *art)
{
    for (uint32_t i = 0; i < b->cell_count; i++)
        if (memcmp(b->cells + (size_t)i * 1024, art, 1024) == 0)
            return (uint16_t)i;
    b->cells = realloc(b->cells, (size_t)(b->cell_count + 1) * 1024);
    if (!b->cells) {
        fprintf(stderr, "gen-samples: out of memory\n");
        exit(1);
    }
    memcpy(b->cells + (size_t)b->cell_count * 1024, art, 1024);
    return (uint16_t)b->cell_count++;
}

static void tile_art(const world *wd, int tx, int ty, uint8_t *art, bool *any)
{
    *any = false;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) {
            uint32_t rgba = pixel_art(wd, tx + c, ty + r);
            uint8_t *p = art + (r * 16 + c) * 4;
            p[0] = (uint8_t)(rgba >> 24);
            p[1] = (uint8_t)(rgba >> 16);
            p[2] = (uint8_t)(rgba >> 8);
            p[3] = (uint8_t)rgba;
            *any = *any || p[3] != 0;
        }
}

static uint16_t find_or_add_tile(builder *b, const tile_key *key)
{
    lw_level *level = b->level;
    for (uint32_t i = 0; i < level->tile_count; i++)
        if (memcmp(&b->keys[i], key, sizeof *key) == 0)
            return (uint16_t)i;
    lw_tile t = {
        .art = 0, .mask = {LW_NONE, LW_NONE}, .flags = key->jump ? LW_TILE_JUMP_THROUGH : 0};
    t.art = find_or_add_art(b, key->art);
    for (int p = 0; p < 2; p++)
        t.mask[p] = key->mask[p] < 0 ? (uint16_t)LW_NONE : (uint16_t)key->mask[p];
    int idx = lw_level_add_tile(level, &t);
    if (idx < 0) {
        fprintf(stderr, "gen-samples: too many tiles\n");
        exit(1);
    }
    b->keys = realloc(b->keys, (size_t)(idx + 1) * sizeof *b->keys);
    if (!b->keys)
        exit(1);
    b->keys[idx] = *key;
    return (uint16_t)idx;
}

/* Build the cell for one 16x16 tile of the world (foreground or background). */
static lw_cell make_cell(builder *b, const world *wd, int tx, int ty, bool background)
{
    tile_key key;
    memset(&key, 0, sizeof key);
    bool any;
    if (background) {
        /* background art only: no solid pixels, no masks */
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                size_t i = (size_t)(ty + r) * wd->w + tx + c;
                uint32_t rgba = wd->bg[i] == 2 ? 0x5A8EC8FFu : wd->bg[i] == 1 ? 0x4878B0FFu : 0;
                uint8_t *p = key.art + (r * 16 + c) * 4;
                p[0] = (uint8_t)(rgba >> 24);
                p[1] = (uint8_t)(rgba >> 16);
                p[2] = (uint8_t)(rgba >> 8);
                p[3] = (uint8_t)rgba;
            }
        any = false;
        for (int i = 0; i < 256; i++)
            any = any || key.art[i * 4 + 3];
        if (!any)
            return (lw_cell){.tile = LW_NONE};
        key.mask[0] = key.mask[1] = -1;
        return (lw_cell){.tile = find_or_add_tile(b, &key)};
    }
    tile_art(wd, tx, ty, key.art, &any);
    key.mask[0] = tile_mask(b, wd, tx, ty, PATH_A);
    key.mask[1] = tile_mask(b, wd, tx, ty, PATH_B);
    bool jump = false;
    for (int r = 0; r < 16 && !jump; r++)
        for (int c = 0; c < 16; c++)
            if (wd->top_only[(size_t)(ty + r) * wd->w + tx + c])
                jump = true;
    key.jump = jump;
    if (!any && key.mask[0] < 0 && key.mask[1] < 0)
        return (lw_cell){.tile = LW_NONE};
    uint16_t tile = find_or_add_tile(b, &key);
    lw_solidity sa = key.mask[0] < 0 ? LW_SOLID_NONE : jump ? LW_SOLID_TOP : LW_SOLID_ALL;
    lw_solidity sb = key.mask[1] < 0 ? LW_SOLID_NONE : jump ? LW_SOLID_TOP : LW_SOLID_ALL;
    return (lw_cell){.tile = tile, .solid = lw_cell_solid_bits(sa, sb)};
}

static uint16_t find_or_add_chunk(lw_level *level, const lw_cell *cells)
{
    uint32_t per = lw_level_cells_per_chunk(level);
    bool empty = true;
    for (uint32_t i = 0; i < per; i++)
        empty = empty && cells[i].tile == LW_NONE;
    if (empty)
        return LW_NONE;
    for (uint32_t c = 0; c < level->chunk_count; c++)
        if (memcmp(lw_level_chunk_cells(level, c), cells, per * sizeof(lw_cell)) == 0)
            return (uint16_t)c;
    int idx = lw_level_add_chunk(level, cells);
    if (idx < 0) {
        fprintf(stderr, "gen-samples: too many chunks\n");
        exit(1);
    }
    return (uint16_t)idx;
}

static void fill_layout(builder *b, const world *wd, lw_layer layer)
{
    lw_level *level = b->level;
    uint32_t n = level->chunk_cells, cs = level->chunk_px;
    lw_cell *cells = xcalloc(n * n, sizeof *cells);
    for (uint32_t ly = 0; ly < level->layout_height; ly++)
        for (uint32_t lx = 0; lx < level->layout_width; lx++) {
            for (uint32_t i = 0; i < n * n; i++)
                cells[i] = make_cell(b, wd, (int)(lx * cs + (i % n) * TILE),
                                     (int)(ly * cs + (i / n) * TILE), layer == LW_LAYER_BG);
            lw_level_layout_mut(level, (lw_layer)layer)[ly * level->layout_width + lx] =
                find_or_add_chunk(level, cells);
        }
    free(cells);
}

static lw_level *build_level(builder *b, const world *wd, uint16_t chunk_px, const char *name,
                             bool with_bg)
{
    lw_error err;
    lw_level *level =
        lw_level_new(chunk_px, (uint16_t)(wd->w / chunk_px), (uint16_t)(wd->h / chunk_px), &err);
    if (!level) {
        fprintf(stderr, "gen-samples: %s\n", err.message);
        exit(1);
    }
    b->level = level;
    free(b->keys);
    b->keys = NULL;
    lw_level_set_string(&level->name, name);
    lw_level_set_string(&level->tileset, "tiles.png");
    level->background_rgb = 0x78B4E8;
    /* Masks are shared by both levels only through identical values; tiles are per level. */
    fill_layout(b, wd, LW_LAYER_FG);
    if (with_bg) {
        lw_level_ensure_background(level);
        fill_layout(b, wd, LW_LAYER_BG);
    }
    return level;
}

static void add_start(lw_level *level, int x, int surface_y)
{
    lw_object o = {.type = LW_OBJECT_PLAYER_START, .x = x, .y = surface_y - 20};
    lw_level_add_object(level, &o); /* standing Sonic: centre 20 px above the top solid row */
}

static void add_swapper(lw_level *level, int x, int y, int radius, uint8_t left, uint8_t right,
                        bool grounded)
{
    lw_object o = {.type = LW_OBJECT_PATH_SWAPPER, .x = x, .y = y};
    o.swapper.radius = (uint16_t)radius;
    o.swapper.path[0] = left;
    o.swapper.path[1] = right;
    o.swapper.priority[0] = 0;
    o.swapper.priority[1] = 1;
    o.swapper.grounded_only = grounded;
    lw_level_add_object(level, &o);
}

static void add_marker(lw_level *level, int x, int y, const char *name, const char *key,
                       const char *value)
{
    lw_object o = {.type = LW_OBJECT_MARKER, .x = x, .y = y};
    o.name = (char *)name;
    lw_object *stored = lw_level_add_object(level, &o);
    if (stored && key)
        lw_object_set_property(stored, key, value);
}

/* A marker with two properties. */
static void add_marker2(lw_level *level, int x, int y, const char *name, const char *k1,
                        const char *v1, const char *k2, const char *v2)
{
    add_marker(level, x, y, name, k1, v1);
    lw_object *o = &lw_level_objects_mut(level)[level->object_count - 1];
    lw_object_set_property(o, k2, v2);
}

/* Open a gap in the ground: columns x0..x1-1 empty from y0 down. */
static void clear_columns(world *wd, int x0, int x1, int y0)
{
    for (int x = x0; x < x1; x++)
        for (int y = y0; y < wd->h; y++)
            set_px(wd, x, y, 0, 0, false);
}

/* ---- the two levels ---- */

#define T225 0.41421356237309503 /* tan(22.5°) */

/* Loop Hill: 128 px chunks, 56 x 8 chunks. Flat start, 22.5° up and down, 45° up and down with
 * rounded transitions, a hill, a full loop with its path swappers, jump-through bars, a ledge
 * onto lower ground, and a wall. */
static lw_level *make_loop_hill(builder *b)
{
    world *wd = world_new(56 * 128, 8 * 128);
    const double base = 832;
    const knot knots[] = {
        {0, 0},       {632, 0},      {648, -T225}, {888, -T225}, {904, 0},   {1144, 0},
        {1160, T225}, {1400, T225},  {1416, 0},    {1632, 0},    {1696, -1}, {1760, -1},
        {1824, 0},    {2048, 0},     {2112, 1},    {2176, 1},    {2240, 0}, /* 45° up and down, 64
                                                                               px rounded
                                                                               transitions */
        {2560, 0},    {2624, -0.75}, {2688, 0},    {2752, 0.75}, {2816, 0}, /* the hill */
        {5184, 0},    {5232, -1},    {5296, -1},   {5344, 0},    {7168, 0},
    };
    const cliff cliffs[] = {{5888, 160}};
    build_ground(wd, base, knots, (int)(sizeof knots / sizeof knots[0]), cliffs, 1);
    /* the loop: inner radius 96, centre on tile corners, 16 px ring at the top */
    build_loop(wd, 4096, 736, 96, 16, 48);
    build_platform(wd, 4608, 768, 4768); /* 64 px above the ground: one jump */
    build_platform(wd, 4832, 704, 4992);
    build_block(wd, 6656, 608, 6784, 1024); /* a wall on the lower ground */
    lw_level *level = build_level(b, wd, 128, "Loop Hill", false);
    add_start(level, 128, 832);
    /* Loop swappers (S2 style): at the top, grounded only: crossing leftwards selects path B
     * (the left half); after the loop, back to path A. */
    add_swapper(level, 4096, 672, 64, LW_PATH_B, LW_PATH_A, true);
    add_swapper(level, 4256, 768, 64, LW_PATH_B, LW_PATH_A, false);
    add_marker(level, 3200, 800, "ring", "count", "5");
    add_marker(level, 6400, 972, "goal", NULL, NULL);
    world_free(wd);
    return level;
}

/* Pipe Works: 256 px chunks, 24 x 4 chunks, with a background layer. Flat start, a 22.5° valley,
 * a hill, jump-through bars, a ledge, a wall to push against, and at the end a quarter pipe that
 * turns into a wall, which curves into a ceiling the player runs along upside down until it
 * ends. */
static lw_level *make_pipe_works(builder *b)
{
    world *wd = world_new(24 * 256, 4 * 256);
    const double base = 832;
    const knot knots[] = {
        {0, 0},     {760, 0},      {776, T225},   {1000, T225}, {1016, 0},
        {1240, 0},  {1256, -T225}, {1480, -T225}, {1496, 0},    {1792, 0},
        {1856, -1}, {1920, 0},     {1984, 1},     {2048, 0},    {6144, 0},
    };
    const cliff cliffs[] = {{3328, 64}};
    build_ground(wd, base, knots, (int)(sizeof knots / sizeof knots[0]), cliffs, 1);
    build_platform(wd, 2304, 768, 2464); /* stairs of jump-through bars, 64 px apart */
    build_platform(wd, 2528, 704, 2688);
    build_block(wd, 2816, 640, 3328, 832); /* a raised block: its right side is a ledge */
    build_block(wd, 4032, 832, 4096, 896); /* a low wall to push against (and jump) */
    /* End structure on the floor at y = 896: a quarter pipe (r 64) into the wall x >= 5504,
     * straight for 64 px, then a second arc (r 64) into a ceiling at y = 704 running left to
     * x = 4864, where it ends. */
    build_arc(wd, 5440, 832, 64, 5440, 832);
    build_arc(wd, 5440, 768, 64, 5440, 704);
    build_block(wd, 5504, 576, 6144, 896);
    build_block(wd, 4864, 576, 5504, 704);
    build_background(wd, 760, 90, 512); /* repeats every two chunks */
    lw_level *level = build_level(b, wd, 256, "Pipe Works", true);
    add_start(level, 160, 832);
    add_marker(level, 5000, 870, "spring", "strength", "10");
    world_free(wd);
    return level;
}

/* Object Park: 128 px chunks, 48 x 8 chunks, flat ground at y 832 with two gaps, a raised block
 * and a final wall; every game object type in the order a run meets them (docs/OBJECTS.md):
 * rings, an up spring, monitors, spikes, a log bridge over the first gap, platforms (moving
 * over the second gap, falling, collapsing, vertical), diagonal and down springs, an enemy, a
 * checkpoint and the goal sign; a right spring at the far left; and over the start, reached by a
 * red spring, a shelf with the variants the run does not meet: a static platform, the left,
 * up-left and both down-diagonal springs, spikes pointing down, left and right. */
static lw_level *make_object_park(builder *b)
{
    world *wd = world_new(48 * 128, 8 * 128);
    const knot knots[] = {{0, 0}, {48 * 128, 0}};
    build_ground(wd, 832, knots, 2, NULL, 0);
    clear_columns(wd, 1504, 1696, 0); /* under the bridge (12 logs, centred at 1600) */
    clear_columns(wd, 608, 672, 0);   /* a notch: the up spring's top is level with the ground */
    build_block(wd, 608, 848, 672, 1024);
    clear_columns(wd, 3280, 3328, 0); /* ... and the diagonal spring's */
    build_block(wd, 3280, 864, 3328, 1024);
    clear_columns(wd, 2112, 2368, 0);      /* under the moving platform */
    build_block(wd, 3840, 768, 4096, 832); /* a step up and down for the enemy to turn at */
    build_block(wd, 5984, 512, 6144, 832); /* the final wall */
    build_platform(wd, 0, 320, 576);       /* the gallery's shelf (jump-through) */
    lw_level *level = build_level(b, wd, 128, "Object Park", false);
    lw_level_set_string(&level->tileset, "object-park-tiles.png");
    add_start(level, 160, 832);
    add_marker2(level, 40, 818, "spring", "direction", "right", "strength", "yellow");
    add_marker2(level, 320, 808, "ring", "count", "5", "spacing", "24");
    add_marker(level, 640, 840, "spring", NULL, NULL);
    add_marker2(level, 700, 640, "ring", "count", "4", "spacing", "24");
    add_marker(level, 960, 816, "monitor", "contents", "rings");
    add_marker(level, 1040, 816, "monitor", "contents", "shield");
    add_marker(level, 1250, 816, "spikes", NULL, NULL);
    add_marker(level, 1600, 832, "bridge", "logs", "12");
    add_marker2(level, 1560, 808, "ring", "count", "4", "spacing", "24");
    add_marker2(level, 2240, 840, "platform", "motion", "horizontal", "distance", "96");
    lw_object *platform = &lw_level_objects_mut(level)[level->object_count - 1];
    lw_object_set_property(platform, "width", "128");
    lw_object_set_property(platform, "period", "240");
    add_marker(level, 2600, 780, "platform", "motion", "falling");
    add_marker(level, 2800, 760, "platform", "motion", "collapsing");
    add_marker2(level, 3050, 700, "platform", "motion", "vertical", "period", "180");
    add_marker2(level, 3304, 848, "spring", "direction", "up-right", "strength", "yellow");
    add_marker(level, 3600, 640, "spring", "direction", "down");
    add_marker(level, 3700, 816, "monitor", "contents", "invincibility");
    add_marker(level, 4500, 800, "enemy", "direction", "left");
    add_marker(level, 4600, 808, "checkpoint", NULL, NULL); /* its post on the ground */
    add_marker(level, 4900, 816, "monitor", "contents", "shoes");
    add_marker(level, 5100, 816, "monitor", "contents", "1up");
    add_marker2(level, 5300, 808, "ring", "count", "8", "spacing", "24");
    add_marker(level, 5700, 808, "goal", NULL, NULL);
    /* The gallery over the start, off the run to the goal (its rings, springs and platforms stay
     * as they were): a red spring left of the start throws the player onto a jump-through shelf
     * 512 px up, where the other variants wait, in the order a walk to the right meets them.
     * The new markers come last, so the earlier markers keep their ids. */
    add_marker2(level, 96, 824, "spring", "direction", "up", "strength", "red");
    add_marker2(level, 128, 296, "ring", "count", "3", "spacing", "24"); /* spikes ahead */
    add_marker(level, 208, 288, "platform", "motion", "static");
    lw_object_set_property(&lw_level_objects_mut(level)[level->object_count - 1], "width", "64");
    add_marker2(level, 208, 184, "spring", "direction", "down-right", "strength", "yellow");
    add_marker(level, 304, 248, "spikes", "direction", "down");
    add_marker(level, 400, 304, "spikes", "direction", "left");
    add_marker2(level, 256, 304, "spring", "direction", "up-left", "strength", "yellow");
    add_marker2(level, 544, 296, "spring", "direction", "left", "strength", "yellow");
    add_marker(level, 480, 304, "spikes", "direction", "right"); /* the left spring's aim */
    add_marker2(level, 352, 184, "spring", "direction", "down-left", "strength", "yellow");
    world_free(wd);
    return level;
}

static void write_tileset(builder *b, const char *path)
{
    uint32_t per_row = 16, rows = (b->cell_count + per_row - 1) / per_row;
    lwm_image img;
    lw_error err;
    if (!lwm_image_init(&img, per_row * 16, rows * 16, 0, &err)) {
        fprintf(stderr, "gen-samples: %s\n", err.message);
        exit(1);
    }
    for (uint32_t i = 0; i < b->cell_count; i++) {
        uint32_t ox = (i % per_row) * 16, oy = (i / per_row) * 16;
        for (int r = 0; r < 16; r++)
            memcpy(lwm_image_pixel(&img, ox, oy + (uint32_t)r),
                   b->cells + (size_t)i * 1024 + r * 64, 64);
    }
    if (!lwm_image_save_png(path, &img, &err)) {
        fprintf(stderr, "gen-samples: %s: %s\n", path, err.message);
        exit(1);
    }
    lwm_image_clear(&img);
}

static void save(const lw_level *level, const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    lw_error err;
    if (!lw_level_validate(level, &err)) {
        fprintf(stderr, "gen-samples: %s: invalid: %s\n", name, err.message);
        exit(1);
    }
    size_t len;
    char *text = editor_level_to_json(level, &len);
    if (!text || !lwm_file_write_atomic(path, text, len, NULL, &err)) {
        fprintf(stderr, "gen-samples: %s: cannot write\n", path);
        exit(1);
    }
    free(text);
    printf("%s: %u masks, %u tiles, %u chunks\n", path, level->mask_count, level->tile_count,
           level->chunk_count);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen-samples OUTDIR\n");
        return 2;
    }
    builder b = {0};
    lw_level *loop = make_loop_hill(&b);
    lw_level *pipe = make_pipe_works(&b);
    char path[4096];
    snprintf(path, sizeof path, "%s/tiles.png", argv[1]);
    write_tileset(&b, path);
    save(loop, argv[1], "loop-hill.json");
    save(pipe, argv[1], "pipe-works.json");
    printf("%s: %u art cells\n", path, b.cell_count);
    /* the object level: its own builder and tileset */
    builder ob = {0};
    lw_level *park = make_object_park(&ob);
    snprintf(path, sizeof path, "%s/object-park-tiles.png", argv[1]);
    write_tileset(&ob, path);
    save(park, argv[1], "object-park.json");
    lw_level_free(park);
    free(ob.keys);
    free(ob.cells);
    lw_level_free(loop);
    lw_level_free(pipe);
    free(b.keys);
    free(b.cells);
    return 0;
}
