/* SPDX-License-Identifier: MIT */
/*
 * The neighbour-aware angle pass of terrain import: trace the boundary of the solid pixels of a
 * whole path as closed contours of unit edges, split each contour into straight pieces (every
 * edge midpoint within TOLERANCE px of the chord), fit each piece by least squares and give every
 * cell the piece that holds most of its surface. The piece tells which way the cell's surface
 * faces; the angle is then Sega's chord rule (the surface's rise across the cell over 16 px,
 * rounded to a multiple of 4, measured on the three games: docs/MASKS.md §4.4), except on long
 * straight pieces where the chord rule strays from the line's fitted angle.
 */
#include "masks-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define TOLERANCE 1.05 /* px: digital straight lines stay within ~1 px of their chord */
/* Edges: a straight piece this long decides its cells' angles where the chord rule is more than
 * LONG_REACH steps from its fitted angle (docs/MASKS.md §4.3). 2.95, not 2.5: the 1:2 staircase
 * (18.9 steps) keeps its chord's 16, Sega's angle (§4.8, session 9); 3.0 lets 3-step errors
 * through on the line sweep. */
#define LONG_PIECE 320
#define LONG_REACH 2.95

typedef struct edge {
    int32_t x, y; /* the solid pixel */
    uint8_t side; /* LWM_FACE_* : which of its sides is exposed */
} edge;

typedef struct run {
    uint32_t first, count; /* edges [first, first + count) of the chain, all the same side */
} run;

typedef struct pass {
    const lwm_bits *bits;
    uint32_t tw, th; /* tiles */
    int32_t w, h;    /* original image size: edges facing outside it are not surface */
    uint32_t *slot;  /* tile -> visited block index, UINT32_MAX = none yet */
    uint8_t (*visited)[128];
    uint32_t visited_count, visited_cap;
    edge *edges; /* the contour being processed */
    size_t edge_count, edge_cap;
    run *runs;
    size_t run_cap;
    /* per tile: the piece holding most of its surface among the pieces facing the way the
     * tile's mask is anchored ([0]), and among all pieces ([1]) */
    int8_t *prefer; /* +1 floor-type (faces up), -1 ceiling-type (faces down), 0 either */
    uint32_t *best_count[2], *best_len[2];
    float *best_angle[2];
    lwm_angle_style style; /* whose chord rule (docs/MASKS.md §4.4) */
    bool nomem;
} pass;

/* Directions of travel (solid on the right): E, S, W, N; turning right is +1. */
static const int32_t dir_x[4] = {1, 0, -1, 0}, dir_y[4] = {0, 1, 0, -1};
/* The side of the solid pixel an edge travelled in direction d lies on. */
static const uint8_t side_of_dir[4] = {LWM_FACE_UP, LWM_FACE_RIGHT, LWM_FACE_DOWN, LWM_FACE_LEFT};
static const uint8_t dir_of_side[4] = {0, 2, 3, 1}; /* UP->E, DOWN->W, LEFT->N, RIGHT->S */

static inline bool solid(const pass *p, int32_t x, int32_t y)
{
    if (x < 0 || y < 0 || x >= (int32_t)(p->tw * 16u) || y >= (int32_t)(p->th * 16u))
        return false;
    const lwm_bits *b = &p->bits[(size_t)((uint32_t)y >> 4) * p->tw + ((uint32_t)x >> 4)];
    return (b->col[x & 15] >> (y & 15)) & 1u;
}

static inline size_t tile_of(const pass *p, int32_t x, int32_t y)
{
    return (size_t)((uint32_t)y >> 4) * p->tw + ((uint32_t)x >> 4);
}

/* Visited bit of an edge; allocates the tile's block on first use. NULL when out of memory. */
static uint8_t *visited_byte(pass *p, const edge *e, uint8_t *bit)
{
    size_t t = tile_of(p, e->x, e->y);
    if (p->slot[t] == UINT32_MAX) {
        if (p->visited_count == p->visited_cap) {
            uint32_t cap = p->visited_cap ? p->visited_cap * 2 : 256;
            void *n = realloc(p->visited, (size_t)cap * 128u);
            if (!n) {
                p->nomem = true;
                return NULL;
            }
            p->visited = n;
            p->visited_cap = cap;
        }
        memset(p->visited[p->visited_count], 0, 128);
        p->slot[t] = p->visited_count++;
    }
    unsigned idx = (unsigned)e->side * 256u + (unsigned)(e->y & 15) * 16u + (unsigned)(e->x & 15);
    *bit = (uint8_t)(1u << (idx & 7u));
    return &p->visited[p->slot[t]][idx >> 3];
}

static void edge_start(const edge *e, int32_t *vx, int32_t *vy)
{
    switch (e->side) {
    case LWM_FACE_UP:
        *vx = e->x, *vy = e->y;
        break;
    case LWM_FACE_RIGHT:
        *vx = e->x + 1, *vy = e->y;
        break;
    case LWM_FACE_DOWN:
        *vx = e->x + 1, *vy = e->y + 1;
        break;
    default:
        *vx = e->x, *vy = e->y + 1;
        break;
    }
}

/* The pixel in quadrant (qx, qy) (each +-1) of vertex (vx, vy). */
static inline void quadrant(int32_t vx, int32_t vy, int32_t qx, int32_t qy, int32_t *px,
                            int32_t *py)
{
    *px = vx + (qx < 0 ? -1 : 0);
    *py = vy + (qy < 0 ? -1 : 0);
}

static edge next_edge(const pass *p, const edge *e)
{
    int d = dir_of_side[e->side];
    int32_t vx, vy;
    edge_start(e, &vx, &vy);
    vx += dir_x[d];
    vy += dir_y[d];
    int r = (d + 1) & 3;
    int32_t ax, ay, bx, by;
    quadrant(vx, vy, dir_x[d] + dir_x[r], dir_y[d] + dir_y[r], &ax, &ay); /* ahead right */
    quadrant(vx, vy, dir_x[d] - dir_x[r], dir_y[d] - dir_y[r], &bx, &by); /* ahead left */
    int nd;
    if (!solid(p, ax, ay))
        nd = r; /* the solid on our right ends: go round its corner (4-connected solids) */
    else if (solid(p, bx, by))
        nd = (d + 3) & 3; /* blocked ahead: turn left */
    else
        nd = d;
    int nr = (nd + 1) & 3;
    edge n;
    quadrant(vx, vy, dir_x[nd] + dir_x[nr], dir_y[nd] + dir_y[nr], &n.x, &n.y);
    n.side = side_of_dir[nd];
    return n;
}

static bool is_border(const pass *p, const edge *e)
{
    int32_t x = e->x, y = e->y;
    switch (e->side) {
    case LWM_FACE_UP:
        y--;
        break;
    case LWM_FACE_DOWN:
        y++;
        break;
    case LWM_FACE_LEFT:
        x--;
        break;
    default:
        x++;
        break;
    }
    return x < 0 || y < 0 || x >= p->w || y >= p->h;
}

static void midpoint(const edge *e, double *x, double *y)
{
    switch (e->side) {
    case LWM_FACE_UP:
        *x = e->x + 0.5, *y = e->y;
        break;
    case LWM_FACE_DOWN:
        *x = e->x + 0.5, *y = e->y + 1.0;
        break;
    case LWM_FACE_LEFT:
        *x = e->x, *y = e->y + 0.5;
        break;
    default:
        *x = e->x + 1.0, *y = e->y + 0.5;
        break;
    }
}

/* Do the edges of runs [s, e] of @chain stay within TOLERANCE of the chord between the first
 * and the last edge midpoints? The extremes of a run are its end edges, so those suffice. */
static bool straight(const edge *chain, const run *runs, size_t s, size_t e)
{
    double ax, ay, bx, by;
    midpoint(&chain[runs[s].first], &ax, &ay);
    midpoint(&chain[runs[e].first + runs[e].count - 1], &bx, &by);
    double dx = bx - ax, dy = by - ay, len = sqrt(dx * dx + dy * dy);
    if (len < 1e-9)
        return true;
    double lim = TOLERANCE * len;
    for (size_t k = s; k <= e; k++) {
        for (int end = 0; end < 2; end++) {
            double px, py;
            midpoint(&chain[end ? runs[k].first + runs[k].count - 1 : runs[k].first], &px, &py);
            if (fabs(dx * (py - ay) - dy * (px - ax)) > lim)
                return false;
        }
    }
    return true;
}

/* Fit edges [first, first + count) (indices modulo @n for wrapped pieces) and vote. */
static void piece(pass *p, const edge *chain, size_t n, size_t first, size_t count)
{
    lwm_fit fit;
    lwm_fit_init(&fit);
    double ox, oy;
    midpoint(&chain[first % n], &ox, &oy);
    for (size_t i = 0; i < count; i++) {
        const edge *e = &chain[(first + i) % n];
        double x, y;
        midpoint(e, &x, &y);
        lwm_fit_add_edge(&fit, e->side, x - ox, y - oy);
    }
    double angle;
    if (lwm_fit_solve(&fit, &angle) == LWM_FIT_NONE)
        return;
    /* the piece's outward normal has y = -cos(angle): < 0 faces up */
    double ny = -cos(angle * M_PI / 128.0);
    /* votes: consecutive edges in the same tile */
    size_t i = 0;
    while (i < count) {
        const edge *e = &chain[(first + i) % n];
        size_t t = tile_of(p, e->x, e->y);
        uint32_t votes = 0;
        while (i < count) {
            const edge *f = &chain[(first + i) % n];
            if (tile_of(p, f->x, f->y) != t)
                break;
            votes++;
            i++;
        }
        bool fits = p->prefer[t] == 0 || (p->prefer[t] > 0 && ny < -1e-6) ||
                    (p->prefer[t] < 0 && ny > 1e-6);
        for (int k = fits ? 0 : 1; k < 2; k++) {
            if (votes > p->best_count[k][t] ||
                (votes == p->best_count[k][t] && (uint32_t)count > p->best_len[k][t])) {
                p->best_count[k][t] = votes;
                p->best_len[k][t] = (uint32_t)count;
                p->best_angle[k][t] = (float)angle;
            }
        }
    }
}

/*
 * The chord test of straight() in O(1) per run: with A the first point of a piece, each later
 * point P allows the lines through A whose direction is within asin(TOLERANCE / |P - A|) of P's
 * direction. A piece can end at E when E's direction lies in every earlier point's interval.
 */
typedef struct cone {
    double ax, ay; /* the first point */
    double ref;    /* reference direction (the first constraining point), radians */
    bool has_ref;
    double lo, hi; /* allowed directions relative to ref */
} cone;

/* P's direction relative to the cone's reference and its half-width; false when P is within
 * TOLERANCE of A (no constraint). */
static bool cone_interval(cone *k, double px, double py, double *rel, double *half)
{
    double dx = px - k->ax, dy = py - k->ay, d = sqrt(dx * dx + dy * dy);
    if (d <= TOLERANCE)
        return false;
    double th = atan2(dy, dx);
    if (!k->has_ref) {
        k->ref = th;
        k->has_ref = true;
    }
    *rel = remainder(th - k->ref, 2.0 * M_PI);
    *half = asin(TOLERANCE / d);
    return true;
}

static void cone_narrow(cone *k, double px, double py)
{
    double rel, half;
    if (!cone_interval(k, px, py, &rel, &half))
        return;
    if (rel - half > k->lo)
        k->lo = rel - half;
    if (rel + half < k->hi)
        k->hi = rel + half;
}

/* Can the piece take run @r (first point F, last point E) and stay straight? */
static bool cone_accepts(cone *k, const edge *chain, const run *r)
{
    double fx, fy, ex, ey, rel, half;
    midpoint(&chain[r->first], &fx, &fy);
    midpoint(&chain[r->first + r->count - 1], &ex, &ey);
    cone probe = *k;
    cone_narrow(&probe, fx, fy);
    if (cone_interval(&probe, ex, ey, &rel, &half) && (rel < probe.lo || rel > probe.hi))
        return false;
    if (probe.lo > probe.hi)
        return false;
    cone_narrow(&probe, ex, ey);
    *k = probe;
    return true;
}

/* Split a chain of edges into straight pieces. @cyclic: the chain is a whole closed contour. */
static void chain_pieces(pass *p, const edge *chain, size_t n, bool cyclic)
{
    if (n == 0)
        return;
    if (2 * n > p->run_cap) {
        run *r = realloc(p->runs, 2 * n * sizeof *r);
        if (!r) {
            p->nomem = true;
            return;
        }
        p->runs = r;
        p->run_cap = 2 * n;
    }
    run *runs = p->runs;
    size_t nr = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && chain[j].side == chain[i].side)
            j++;
        runs[nr++] = (run){(uint32_t)i, (uint32_t)(j - i)};
        i = j;
    }
    /* greedy: the longest straight prefix, then the next; pieces kept as run ranges in the
     * second half of the runs buffer (first run index, last run index) */
    run *pieces = runs + n;
    size_t np = 0;
    for (size_t s = 0; s < nr;) {
        cone k = {0, 0, 0, false, -HUGE_VAL, HUGE_VAL};
        midpoint(&chain[runs[s].first], &k.ax, &k.ay);
        double ex, ey;
        midpoint(&chain[runs[s].first + runs[s].count - 1], &ex, &ey);
        cone_narrow(&k, ex, ey);
        size_t e = s;
        while (e + 1 < nr && cone_accepts(&k, chain, &runs[e + 1]))
            e++;
        pieces[np++] = (run){(uint32_t)s, (uint32_t)e};
        s = e + 1;
    }
    /* A closed contour started wherever tracing began, maybe mid-slope: if the last and the
     * first piece together are straight, they are one piece. */
    size_t first = 0, last = np;
    if (cyclic && np > 1) {
        size_t ls = pieces[np - 1].first, fe = pieces[0].count;
        size_t a = runs[ls].first;
        size_t total = (n - a) + runs[fe].first + runs[fe].count;
        size_t k = (nr - ls) + fe + 1;
        run *tmp = malloc(k * sizeof *tmp);
        edge *ech = malloc(total * sizeof *ech);
        if (tmp && ech) {
            size_t m = 0, q = 0;
            for (size_t i = ls; i < nr; i++) {
                tmp[q++] = (run){(uint32_t)m, runs[i].count};
                memcpy(ech + m, chain + runs[i].first, runs[i].count * sizeof *ech);
                m += runs[i].count;
            }
            for (size_t i = 0; i <= fe; i++) {
                tmp[q++] = (run){(uint32_t)m, runs[i].count};
                memcpy(ech + m, chain + runs[i].first, runs[i].count * sizeof *ech);
                m += runs[i].count;
            }
            if (straight(ech, tmp, 0, q - 1)) {
                piece(p, chain, n, a, total);
                first = 1;
                last = np - 1;
            }
        } else {
            p->nomem = true;
        }
        free(tmp);
        free(ech);
    }
    for (size_t i = first; i < last; i++) {
        size_t f = runs[pieces[i].first].first;
        size_t l = runs[pieces[i].count].first + runs[pieces[i].count].count;
        piece(p, chain, n, f, l - f);
    }
}

/* Trace the closed contour through @seed and give its pieces to the cells. */
static void trace(pass *p, edge seed)
{
    p->edge_count = 0;
    edge e = seed;
    size_t guard = (size_t)p->tw * p->th * 1024u + 4;
    do {
        uint8_t bit;
        uint8_t *v = visited_byte(p, &e, &bit);
        if (!v)
            return;
        *v |= bit;
        if (p->edge_count == p->edge_cap) {
            size_t cap = p->edge_cap ? p->edge_cap * 2 : 4096;
            edge *n = realloc(p->edges, cap * sizeof *n);
            if (!n) {
                p->nomem = true;
                return;
            }
            p->edges = n;
            p->edge_cap = cap;
        }
        p->edges[p->edge_count++] = e;
        e = next_edge(p, &e);
    } while ((e.x != seed.x || e.y != seed.y || e.side != seed.side) && p->edge_count < guard);

    size_t n = p->edge_count;
    size_t border_at = SIZE_MAX;
    for (size_t i = 0; i < n && border_at == SIZE_MAX; i++)
        if (is_border(p, &p->edges[i]))
            border_at = i;
    if (border_at == SIZE_MAX) {
        chain_pieces(p, p->edges, n, true);
        return;
    }
    /* open chains between edges on the image border */
    edge *tmp = malloc(n * sizeof *tmp);
    if (!tmp) {
        p->nomem = true;
        return;
    }
    size_t m = 0;
    for (size_t k = 1; k <= n; k++) {
        const edge *x = &p->edges[(border_at + k) % n];
        if (is_border(p, x)) {
            chain_pieces(p, tmp, m, false);
            m = 0;
        } else {
            tmp[m++] = *x;
        }
    }
    chain_pieces(p, tmp, m, false);
    free(tmp);
}

/* ---- the chord rule (docs/MASKS.md §4.4) ---- */

/* Pixel (u, v) of the frame where quadrant @q's surface faces up: u runs along the surface in
 * the direction positive ground speed moves (0..15 inside the cell), v into the solid (0 = the
 * cell's outer edge). q = 0 floor (faces up), 1 = 0x40 (faces right), 2 = ceiling (faces down),
 * 3 = 0xC0 (faces left). */
static inline void frame_px(int q, int32_t x0, int32_t y0, int u, int v, int32_t *x, int32_t *y)
{
    switch (q & 3) {
    case 0:
        *x = x0 + u, *y = y0 + v;
        break;
    case 1:
        *x = x0 + 15 - v, *y = y0 + u;
        break;
    case 2:
        *x = x0 + 15 - u, *y = y0 + 15 - v;
        break;
    default:
        *x = x0 + v, *y = y0 + 15 - u;
        break;
    }
}

/* Depth of the surface on line @u of the cell in frame @q: the first solid pixel of the line
 * inside the cell when the line starts open; when the line's outer pixel is solid, the surface
 * is further out (in the neighbouring cell, at most 16 px); when the line is empty, further in
 * (the cell behind, at most 16 px). False when no surface is that near. */
static bool line_depth(const pass *p, int q, int32_t x0, int32_t y0, int u, int *depth)
{
    int32_t x, y;
    frame_px(q, x0, y0, u, 0, &x, &y);
    if (solid(p, x, y)) {
        for (int v = -1; v >= -16; v--) {
            frame_px(q, x0, y0, u, v, &x, &y);
            if (!solid(p, x, y)) {
                *depth = v + 1;
                return true;
            }
        }
        return false;
    }
    for (int v = 1; v < 32; v++) {
        frame_px(q, x0, y0, u, v, &x, &y);
        if (solid(p, x, y)) {
            *depth = v;
            return true;
        }
    }
    return false;
}

/* Depth of the surface on line @u when it lies inside the cell: the first solid pixel of the
 * line, unless that is the outer pixel and the surface continues outside. */
static bool line_depth_inside(const pass *p, int q, int32_t x0, int32_t y0, int u, int *depth)
{
    for (int v = 0; v < 16; v++) {
        int32_t x, y;
        frame_px(q, x0, y0, u, v, &x, &y);
        if (!solid(p, x, y))
            continue;
        if (v == 0) {
            frame_px(q, x0, y0, u, -1, &x, &y);
            if (solid(p, x, y))
                return false;
        }
        *depth = v;
        return true;
    }
    return false;
}

/* True when line @u's outer pixel is solid and so is the pixel beyond it: the surface lies
 * outside the cell, further out. */
static bool end_line_full(const pass *p, int q, int32_t x0, int32_t y0, int u)
{
    int32_t x, y;
    frame_px(q, x0, y0, u, 0, &x, &y);
    if (!solid(p, x, y))
        return false;
    frame_px(q, x0, y0, u, -1, &x, &y);
    return solid(p, x, y);
}

static uint8_t chord(lwm_angle_style style, int q, int rise, int over)
{
    return lwm_quantise(style, q, atan((double)rise / (double)over) * 128.0 / M_PI, rise != 0);
}

/* The least-squares slope of the lines [@first, @last] that hold the surface (@in), in hex steps
 * (@tilted: not level). */
static double least_squares_steps(const int *d, const bool *in, int first, int last, bool *tilted)
{
    double n = 0, su = 0, sd = 0, suu = 0, sud = 0;
    for (int u = first; u <= last; u++)
        if (in[u]) {
            n += 1;
            su += u;
            sd += d[u];
            suu += (double)u * u;
            sud += (double)u * d[u];
        }
    double sxx = suu - su * su / n, sxy = sud - su * sd / n;
    *tilted = sxy != 0;
    return atan(sxy / sxx) * 128.0 / M_PI;
}

/* The least-squares slope of the lines [@first, @last] that hold the surface (@in), as an
 * angle. */
static uint8_t least_squares(lwm_angle_style style, int q, const int *d, const bool *in, int first,
                             int last)
{
    bool tilted;
    double dev = least_squares_steps(d, in, first, last, &tilted);
    return lwm_quantise(style, q, dev, tilted);
}

/* S1 and S2, both end lines holding the surface and rising one pixel across the cell: the chord
 * (3.6 steps) reads 4, but Sega gives 2 where the step lies near an end of the cell (S2: 1,203
 * cells, 4 in 216), 4 where it lies nearer the middle: the least-squares slope of the lines to
 * the nearest even step, 2 or 4 (docs/MASKS.md §4.8, session 6). */
static uint8_t one_pixel_rise(int q, const int *d, const bool *in, int rise)
{
    bool tilted;
    double fit = fabs(least_squares_steps(d, in, 0, 15, &tilted));
    int k = fit < 3.0 ? 2 : 4;
    return (uint8_t)((unsigned)(64 * (q & 3) + (rise > 0 ? k : -k)) & 0xFFu);
}

/* S3K, both end lines holding the surface: Sega's angle lies between the end chord and the
 * least-squares slope of the cell's lines, two thirds of the way to the chord (docs/MASKS.md
 * §4.8, session 6: a regular 1:4 staircase of phase 0, rise 3 across the cell, is Sega's 8, not
 * the chord's 6). */
static uint8_t s3k_blend(int q, const int *d, const bool *in)
{
    int rise = d[15] - d[0];
    bool tilted;
    double fit = least_squares_steps(d, in, 0, 15, &tilted);
    double c = atan((double)rise / 16.0) * 128.0 / M_PI;
    return lwm_quantise(LWM_ANGLES_S3K, q, (2.0 * c + fit) / 3.0, rise != 0);
}

/* Both end lines holding the surface, the surface level on at least KINK_LEVEL lines at one end
 * of the cell and rising KINK_RISE px or more across it: a slope that levels off inside the cell
 * (a curve's end, a bump's top). Sega's angle is the sloped part's, not the whole cell's: the
 * steepest rise over KINK_SPAN consecutive lines, over KINK_SPAN px, quantised as the game does
 * (docs/MASKS.md §4.8, session 7: S3K 93,747 -> 105,449 of its 114,646 such II cells within +-2,
 * S2 and S1 a few dozen more, exact up in all three). False when the cell is not such a kink. */
#define KINK_LEVEL 7
#define KINK_RISE  4
#define KINK_SPAN  5
static bool kink_angle(lwm_angle_style style, int q, const int *d, const bool *in, uint8_t *angle)
{
    int rise = d[15] - d[0];
    if (rise < KINK_RISE && rise > -KINK_RISE)
        return false;
    for (int u = 0; u < 16; u++)
        if (!in[u])
            return false;
    int a = 1, b = 1;
    while (a < 16 && d[a] == d[0])
        a++;
    while (b < 16 && d[15 - b] == d[15])
        b++;
    if (a < KINK_LEVEL && b < KINK_LEVEL)
        return false;
    int best = 0;
    for (int u = 0; u + KINK_SPAN - 1 < 16; u++) {
        int r = d[u + KINK_SPAN - 1] - d[u];
        if ((rise > 0 && r > best) || (rise < 0 && r < best))
            best = r;
    }
    *angle = lwm_quantise(style, q, atan((double)best / KINK_SPAN) * 128.0 / M_PI, true);
    return true;
}

/* Sega's rule as measured on the three games (docs/MASKS.md §4.4, §4.8): the surface's rise
 * between the cell's first and last line, over 16 px, quantised as the game does (S1 and S2: a
 * one-pixel rise by the lines' least-squares slope, S3K: blended with that slope). When an end
 * line has no surface inside the cell, the game's choice: S1 the least-squares slope of the
 * lines that hold the surface, S2 the ends followed into the neighbouring cells (over 16), S3K
 * the rise between the first and last lines that hold it, over their distance. When an end
 * line is full (the surface above the cell): S1 and S2 the least squares, S3K the rise between
 * the first and last lines again. With fewer than two lines holding the surface, the ends found
 * in the neighbouring cells. False when none works. */
static bool chord_angle(const pass *p, size_t t, int q, uint8_t *angle)
{
    int32_t x0 = (int32_t)(t % p->tw) * 16, y0 = (int32_t)(t / p->tw) * 16;
    int d[16];
    bool in[16];
    int first = -1, last = -1;
    for (int u = 0; u < 16; u++) {
        in[u] = line_depth_inside(p, q, x0, y0, u, &d[u]);
        if (in[u]) {
            if (first < 0)
                first = u;
            last = u;
        }
    }
    lwm_angle_style st = p->style;
    if (in[0] && in[15]) {
        int rise = d[15] - d[0];
        if (kink_angle(st, q, d, in, angle))
            return true;
        if (st == LWM_ANGLES_S3K)
            *angle = s3k_blend(q, d, in);
        else if (rise == 1 || rise == -1)
            *angle = one_pixel_rise(q, d, in, rise);
        else
            *angle = chord(st, q, rise, 16);
        return true;
    }
    int d0, d15;
    bool ends = line_depth(p, q, x0, y0, 0, &d0) && line_depth(p, q, x0, y0, 15, &d15);
    if (first >= 0 && last > first) {
        bool full = end_line_full(p, q, x0, y0, 0) || end_line_full(p, q, x0, y0, 15);
        if (st == LWM_ANGLES_S3K)
            *angle = chord(st, q, d[last] - d[first], last - first);
        else if (!full && st == LWM_ANGLES_S2 && ends)
            *angle = chord(st, q, d15 - d0, 16);
        else
            *angle = least_squares(st, q, d, in, first, last);
        return true;
    }
    if (!ends)
        return false;
    *angle = chord(st, q, d15 - d0, 16);
    return true;
}

/* Empty cells flagged 0, cells whose shape gives a cardinal angle flagged with it; the others
 * need an angle (@need). */
static void classify_cells(const lwm_bits *bits, size_t nt, bool *need, uint8_t *angles,
                           uint8_t *flags)
{
    for (size_t t = 0; t < nt; t++) {
        uint8_t card = 0;
        bool empty = true;
        for (int c = 0; c < 16; c++)
            empty &= bits[t].col[c] == 0;
        if (empty) {
            angles[t] = 0;
            flags[t] = LW_MASK_FLAGGED;
        } else if (lwm_bits_is_flagged(&bits[t], &card)) {
            angles[t] = card;
            flags[t] = LW_MASK_FLAGGED;
        } else {
            need[t] = true;
            flags[t] = 0;
        }
    }
}

/* The neighbour pass: trace every surface edge of the cells that need an angle through the
 * whole terrain, so each cell learns the best pieces crossing it. False when out of memory. */
static bool trace_surfaces(pass *p, const bool *need, size_t nt)
{
    const lwm_bits *bits = p->bits;
    p->slot = malloc(nt * sizeof *p->slot);
    p->prefer = calloc(nt, sizeof *p->prefer);
    bool ok = true;
    for (int k = 0; k < 2; k++) {
        p->best_count[k] = calloc(nt, sizeof *p->best_count[k]);
        p->best_len[k] = calloc(nt, sizeof *p->best_len[k]);
        p->best_angle[k] = calloc(nt, sizeof *p->best_angle[k]);
        ok &= p->best_count[k] && p->best_len[k] && p->best_angle[k];
    }
    if (!ok || !p->slot || !p->prefer)
        return false;
    memset(p->slot, 0xFF, nt * sizeof *p->slot);
    for (size_t t = 0; t < nt; t++) {
        if (!need[t])
            continue;
        int bottoms = 0, tops = 0;
        for (int c = 0; c < 16; c++) {
            uint16_t col = bits[t].col[c];
            if (col == 0 || col == 0xFFFFu)
                continue;
            if (col & 0x8000u)
                bottoms++;
            else
                tops++;
        }
        p->prefer[t] = (int8_t)(bottoms && !tops ? 1 : tops && !bottoms ? -1 : 0);
    }
    for (size_t t = 0; t < nt && !p->nomem; t++) {
        if (!need[t])
            continue;
        int32_t x0 = (int32_t)(t % p->tw) * 16, y0 = (int32_t)(t / p->tw) * 16;
        for (int c = 0; c < 16; c++) {
            for (int r = 0; r < 16; r++) {
                int32_t x = x0 + c, y = y0 + r;
                if (!solid(p, x, y))
                    continue;
                static const int dx[4] = {0, 0, -1, 1}, dy[4] = {-1, 1, 0, 0};
                for (uint8_t s = 0; s < 4; s++) {
                    if (solid(p, x + dx[s], y + dy[s]))
                        continue;
                    edge e = {x, y, s};
                    uint8_t bit;
                    uint8_t *v = visited_byte(p, &e, &bit);
                    if (!v)
                        break;
                    if (!(*v & bit))
                        trace(p, e);
                }
            }
        }
    }
    return !p->nomem;
}

/* The kink rule (kink_angle) read in frame @q: false when the cell is no kink there. */
static bool frame_kink(const pass *p, size_t t, int q, uint8_t *angle)
{
    int32_t x0 = (int32_t)(t % p->tw) * 16, y0 = (int32_t)(t / p->tw) * 16;
    int d[16];
    bool in[16];
    for (int u = 0; u < 16; u++)
        if (!(in[u] = line_depth_inside(p, q, x0, y0, u, &d[u])))
            return false;
    return kink_angle(p->style, q, d, in, angle);
}

/* S3K: a cell read within DIAGONAL_NEAR steps of 45 degrees (but not at 45) that is a kink in
 * the neighbouring frame (a slope that levels off, seen from the side where it is a floor or a
 * wall: kink_angle) takes the kink's angle there when that frame holds it. A ceiling piece whose
 * underside is a little steeper than 45 degrees and ends in a wall (the underside 16 x7, -14..-7)
 * reads 0x64 in the ceiling's frame (4 steps past the diagonal); Sega's 0x5E is the wall frame's
 * kink, 0x60 here (docs/MASKS.md §4.8, session 8: S3K 86.3 -> 89.0 % within +-2). */
#define DIAGONAL_NEAR 20
static uint8_t diagonal_kink(const pass *p, size_t t, uint8_t c)
{
    int q = (int)(((unsigned)c + 32u) >> 6) & 3;
    int dev = (int8_t)(uint8_t)(c - (uint8_t)(64 * q));
    if (dev >= 32 || dev <= -32 || (dev < DIAGONAL_NEAR && dev > -DIAGONAL_NEAR))
        return c;
    int qe = (q + (dev > 0 ? 1 : 3)) & 3;
    uint8_t ce;
    if (!frame_kink(p, t, qe, &ce))
        return c;
    int deve = (int8_t)(uint8_t)(ce - (uint8_t)(64 * qe));
    return deve >= -32 && deve <= 32 ? ce : c;
}

/* S3K rounds towards the cardinal angle, so near 45 degrees the frame matters: a staircase of
 * heights 1..16 is 30 steps off the floor (0xE2) but also 30 off the wall (0xDE). Sega's angle is
 * the floor's or the ceiling's (docs/MASKS.md §4.8): a chord within 2 steps of the diagonal in a
 * wall's frame is taken in the neighbouring floor or ceiling frame when it holds there. */
static uint8_t s3k_diagonal(const pass *p, size_t t, uint8_t c)
{
    int q = (int)(((unsigned)c + 32u) >> 6) & 3;
    int dev = (int8_t)(uint8_t)(c - (uint8_t)(64 * q));
    if (!(q & 1) || (dev < 30 && dev > -30))
        return c;
    int qe = (q + (dev > 0 ? 1 : 3)) & 3;
    uint8_t ce;
    if (!chord_angle(p, t, qe, &ce))
        return c;
    int deve = (int8_t)(uint8_t)(ce - (uint8_t)(64 * qe));
    return deve >= -32 && deve <= 32 ? ce : c;
}

/* Cell @t's angle: the best traced piece (else its own shape), rounded even, then Sega's chord
 * rule when the neighbours were traced. */
static uint8_t cell_angle(pass *p, size_t t, bool neighbours)
{
    const lwm_bits *bits = p->bits;
    int k = !neighbours ? -1 : p->best_count[0][t] > 0 ? 0 : p->best_count[1][t] > 0 ? 1 : -1;
    double real = 0;
    if (k >= 0) {
        real = p->best_angle[k][t];
    } else {
        bool flagged;
        uint8_t a;
        lwm_bits_angle_canonical(&bits[t], p->style, &a, &flagged);
        real = a;
    }
    uint8_t a = lwm_angle_round_even(real);
    if (!neighbours)
        return a;
    int q = (int)(((unsigned)a + 32u) >> 6) & 3;
    uint8_t c;
    bool got = chord_angle(p, t, q, &c);
    int q2 = (int)(((unsigned)c + 32u) >> 6) & 3;
    uint8_t c2;
    if (got && q2 != q && chord_angle(p, t, q2, &c2) &&
        ((int)(((unsigned)c2 + 32u) >> 6) & 3) == q2)
        c = c2; /* steeper than 45 degrees seen from the first frame: the other one */
    if (got && p->style == LWM_ANGLES_S3K) {
        uint8_t k45 = diagonal_kink(p, t, c);
        c = k45 != c ? k45 : s3k_diagonal(p, t, c); /* a kink's angle is final */
    }
    if (got) {
        double dev = remainder((double)c - real, 256.0);
        bool long_piece = k >= 0 && p->best_len[k][t] >= LONG_PIECE;
        if (!long_piece || fabs(dev) <= LONG_REACH)
            a = c;
    }
    return a;
}

bool lwm_terrain_angles(const lwm_bits *bits, uint32_t tw, uint32_t th, int32_t w, int32_t h,
                        bool neighbours, lwm_angle_style style, uint8_t *angles, uint8_t *flags)
{
    size_t nt = (size_t)tw * th;
    pass p;
    memset(&p, 0, sizeof p);
    p.bits = bits;
    p.tw = tw;
    p.th = th;
    p.w = w;
    p.h = h;
    p.style = style;
    bool *need = calloc(nt, sizeof *need);
    if (!need)
        return false;
    classify_cells(bits, nt, need, angles, flags);
    bool ok = !neighbours || trace_surfaces(&p, need, nt);
    for (size_t t = 0; ok && t < nt; t++) {
        bool full = true;
        for (int c = 0; c < 16; c++)
            full &= bits[t].col[c] == 0xFFFFu;
        if (!need[t] && !(neighbours && full && p.best_count[1][t] > 0))
            continue;
        uint8_t a = cell_angle(&p, t, neighbours);
        if (!need[t]) {
            /* a full cell: flagged unless the surface along its edge is a slope */
            if ((a & 0x3Fu) == 0)
                continue;
            flags[t] = 0;
        }
        angles[t] = a;
    }
    free(need);
    free(p.slot);
    free(p.visited);
    free(p.edges);
    free(p.runs);
    free(p.prefer);
    for (int k = 0; k < 2; k++) {
        free(p.best_count[k]);
        free(p.best_len[k]);
        free(p.best_angle[k]);
    }
    return ok;
}
