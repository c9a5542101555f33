/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/masks.h"

#include <loopwright/fixed.h>
#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include "masks-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- bit tiles ---- */

void lwm_bits_from_image(const lwm_image *img, uint32_t x, uint32_t y, lwm_bits *out)
{
    memset(out, 0, sizeof *out);
    if (x >= img->width || y >= img->height)
        return;
    uint32_t w = img->width - x < 16 ? img->width - x : 16;
    uint32_t h = img->height - y < 16 ? img->height - y : 16;
    for (uint32_t r = 0; r < h; r++) {
        const uint8_t *p = lwm_image_pixel(img, x, y + r) + 3;
        for (uint32_t c = 0; c < w; c++) /* alpha >= 128: its top bit */
            out->col[c] = (uint16_t)(out->col[c] | (uint32_t)(p[c * 4u] >> 7) << r);
    }
}

void lwm_bits_from_mask(const lw_mask *mask, lwm_bits *out)
{
    for (int c = 0; c < 16; c++) {
        int h = mask->heights[c];
        uint16_t col = 0;
        if (h >= 16 || h <= -16)
            col = 0xFFFFu;
        else if (h > 0)
            col = (uint16_t)(0xFFFFu << (16 - h));
        else if (h < 0)
            col = (uint16_t)((1u << -h) - 1u);
        out->col[c] = col;
    }
}

static uint16_t reverse16(uint16_t v)
{
    v = (uint16_t)(((v >> 1) & 0x5555u) | ((v & 0x5555u) << 1));
    v = (uint16_t)(((v >> 2) & 0x3333u) | ((v & 0x3333u) << 2));
    v = (uint16_t)(((v >> 4) & 0x0F0Fu) | ((v & 0x0F0Fu) << 4));
    return (uint16_t)((v >> 8) | (v << 8));
}

void lwm_bits_flip(const lwm_bits *in, bool flip_x, bool flip_y, lwm_bits *out)
{
    lwm_bits t;
    for (int c = 0; c < 16; c++) {
        uint16_t col = in->col[flip_x ? 15 - c : c];
        t.col[c] = flip_y ? reverse16(col) : col;
    }
    *out = t;
}

uint32_t lwm_bits_count(const lwm_bits *bits)
{
    uint32_t n = 0;
    for (int c = 0; c < 16; c++)
        n += (uint32_t)__builtin_popcount(bits->col[c]);
    return n;
}

/* ---- heights with the hole policy ---- */

static uint16_t bottom_run(int h)
{
    return (uint16_t)(0xFFFFu << (16 - h)); /* rows 16-h .. 15 */
}

static uint16_t top_run(int h)
{
    return (uint16_t)((1u << h) - 1u); /* rows 0 .. h-1 */
}

/* Exact height of a representable column; returns false for holes and floating pixels.
 * *kind: +1 partial bottom run, -1 partial top run, 0 empty or full. */
static bool exact_height(uint16_t col, int *height, int *kind)
{
    *kind = 0;
    if (col == 0) {
        *height = 0;
        return true;
    }
    if (col == 0xFFFFu) {
        *height = 16;
        return true;
    }
    int n = __builtin_popcount(col);
    if ((uint16_t)(col | (col - 1u)) == 0xFFFFu) { /* all set from the lowest set bit down */
        *height = n;
        *kind = 1;
        return true;
    }
    if ((col & (col + 1u)) == 0) { /* 0..01..1: a run from row 0 */
        *height = -n;
        *kind = -1;
        return true;
    }
    return false;
}

/* The hole policy on the columns of @bits: heights[c] for every column; returns true when the
 * tile was representable as it is (then nothing was changed). */
static bool fix_columns(const lwm_bits *bits, int heights[16], lwm_fix_report *rep)
{
    bool ok[16], all_ok = true;
    int bottoms = 0, tops = 0;
    for (int c = 0; c < 16; c++) {
        int kind;
        ok[c] = exact_height(bits->col[c], &heights[c], &kind);
        all_ok &= ok[c];
        bottoms += kind > 0;
        tops += kind < 0;
    }
    if (all_ok)
        return true;
    int prefer = tops > bottoms ? -1 : 1; /* the tile's anchoring, for ties */
    for (int c = 0; c < 16; c++) {
        if (ok[c])
            continue;
        uint16_t col = bits->col[c];
        int best = 0, best_d = __builtin_popcount(col);
        for (int h = 1; h <= 16; h++) {
            for (int s = 0; s < 2; s++) {
                int sign = s == 0 ? prefer : -prefer;
                if (sign < 0 && h == 16)
                    continue; /* a full column is +16 */
                uint16_t cand = sign > 0 ? bottom_run(h) : top_run(h);
                int d = __builtin_popcount((unsigned)(col ^ cand));
                /* Strictly better, or equal and preferred: the tile's anchoring first (s == 0
                 * comes first for each h), then the larger run (h grows). */
                bool better = d < best_d;
                if (!better && d == best_d) {
                    int best_sign = best > 0 ? 1 : best < 0 ? -1 : 0;
                    if (best == 0)
                        better = true;
                    else if (sign == prefer && best_sign != prefer)
                        better = true;
                    else if (sign == best_sign && h > abs(best))
                        better = true;
                }
                if (better) {
                    best = sign * h;
                    best_d = d;
                }
            }
        }
        heights[c] = best;
        uint16_t now = best == 0 ? 0 : best > 0 ? bottom_run(best) : top_run(-best);
        rep->columns = (uint16_t)(rep->columns | (1u << c));
        rep->added = (uint16_t)(rep->added + __builtin_popcount((unsigned)(now & ~col)));
        rep->removed = (uint16_t)(rep->removed + __builtin_popcount((unsigned)(col & ~now)));
    }
    return false;
}

bool lwm_bits_fix(const lwm_bits *bits, lwm_bits *fixed, lwm_fix_report *fix)
{
    lwm_fix_report rep = {0, 0, 0};
    int heights[16];
    bool same = fix_columns(bits, heights, &rep);
    if (same) {
        *fixed = *bits;
    } else {
        for (int c = 0; c < 16; c++) {
            int h = heights[c];
            fixed->col[c] = h == 0 ? 0 : h > 0 ? bottom_run(h) : top_run(-h);
        }
    }
    if (fix)
        *fix = rep;
    return same;
}

void lwm_heights_from_bits(const lwm_bits *bits, lw_mask *out, lwm_bits *fixed_bits,
                           lwm_fix_report *fix)
{
    memset(out, 0, sizeof *out);
    lwm_fix_report rep = {0, 0, 0};
    int heights[16];
    fix_columns(bits, heights, &rep);
    for (int c = 0; c < 16; c++)
        out->heights[c] = (int8_t)heights[c];
    lw_mask_derive_widths(out);
    if (fixed_bits)
        lwm_bits_from_mask(out, fixed_bits);
    if (fix)
        *fix = rep;
}

/* ---- flags ---- */

bool lwm_bits_is_flagged(const lwm_bits *bits, uint8_t *cardinal)
{
    uint8_t card = 0;
    bool flagged = false;
    bool same_cols = true;
    for (int c = 1; c < 16; c++)
        same_cols &= bits->col[c] == bits->col[0];
    if (same_cols) {
        /* empty, full, a flat floor or a flat ceiling */
        flagged = true;
        uint16_t col = bits->col[0];
        card = (col != 0 && col != 0xFFFFu && (col & 1u)) ? 0x80 : 0x00;
    } else {
        /* all rows equal: straight vertical wall pieces. Rows are all equal exactly when every
         * column is empty or full (no transpose needed); row 0's leftmost pixel is column 0's
         * top bit. */
        bool same_rows = true;
        for (int c = 0; c < 16; c++)
            same_rows &= bits->col[c] == 0 || bits->col[c] == 0xFFFFu;
        if (same_rows) {
            flagged = true;
            /* solid on the left half faces right: the player is on a wall to his left, 0x40 */
            card = (bits->col[0] & 1u) ? 0x40 : 0xC0;
        }
    }
    if (cardinal)
        *cardinal = card;
    return flagged;
}

/* ---- angle fitting ---- */

static double hex_from_normal(double nx, double ny)
{
    /* PHYSICS.md §1.3: the tangent is the outward normal turned 90 degrees clockwise on screen,
     * (t.x, t.y) = (-n.y, n.x); its direction atan2(t.y, t.x) in 256 steps. */
    double a = atan2(nx, -ny) * 128.0 / M_PI;
    if (a < 0)
        a += 256.0;
    if (a >= 256.0)
        a -= 256.0;
    return a;
}

void lwm_fit_init(lwm_fit *fit)
{
    memset(fit, 0, sizeof *fit);
}

void lwm_fit_add_edge(lwm_fit *fit, int facing, double x, double y)
{
    switch (facing) {
    case LWM_FACE_UP:
        fit->ny -= 1;
        break;
    case LWM_FACE_DOWN:
        fit->ny += 1;
        break;
    case LWM_FACE_LEFT:
        fit->nx -= 1;
        break;
    default:
        fit->nx += 1;
        break;
    }
    lwm_fit_sums *s = &fit->sums[facing];
    s->n += 1;
    s->sx += x;
    s->sy += y;
    s->sxx += x * x;
    s->syy += y * y;
    s->sxy += x * y;
}

lwm_fit_kind lwm_fit_solve(const lwm_fit *fit, double *angle)
{
    *angle = 0;
    double nx = fit->nx, ny = fit->ny;
    if (nx == 0 && ny == 0)
        return LWM_FIT_NONE;
    /* Samples: the edges of the staircase that face the way the surface faces (up and right for
     * a surface whose summed normal points up-right), then an orthogonal (total) least-squares
     * line through their midpoints: the principal axis of their scatter. */
    lwm_fit_sums s = {0, 0, 0, 0, 0, 0};
    int faces[2] = {ny < 0 ? LWM_FACE_UP : LWM_FACE_DOWN, nx < 0 ? LWM_FACE_LEFT : LWM_FACE_RIGHT};
    for (int k = 0; k < 2; k++) {
        if ((k == 0 && ny == 0) || (k == 1 && nx == 0))
            continue;
        const lwm_fit_sums *f = &fit->sums[faces[k]];
        s.n += f->n;
        s.sx += f->sx;
        s.sy += f->sy;
        s.sxx += f->sxx;
        s.syy += f->syy;
        s.sxy += f->sxy;
    }
    if (s.n >= 2) {
        double cxx = s.sxx - s.sx * s.sx / s.n, cyy = s.syy - s.sy * s.sy / s.n;
        double cxy = s.sxy - s.sx * s.sy / s.n;
        if (cxx + cyy > 1e-9 && (fabs(cxx - cyy) > 1e-9 || fabs(cxy) > 1e-9)) {
            double phi = 0.5 * atan2(2.0 * cxy, cxx - cyy);
            double tx = cos(phi), ty = sin(phi);
            double px = -ty, py = tx; /* a normal */
            if (px * nx + py * ny < 0) {
                px = -px;
                py = -py;
            }
            *angle = hex_from_normal(px, py);
            return LWM_FIT_LINE;
        }
    }
    *angle = hex_from_normal(nx, ny);
    return LWM_FIT_NORMAL;
}

/* Transposed tile: column c of the result is row c of @in. */
static void bits_transpose(const lwm_bits *in, lwm_bits *out)
{
    lwm_bits t;
    for (int r = 0; r < 16; r++) {
        uint16_t row = 0;
        for (int c = 0; c < 16; c++)
            row = (uint16_t)(row | (((in->col[c] >> r) & 1u) << c));
        t.col[r] = row;
    }
    *out = t;
}

/*
 * Digital straight surface: bring the tile into a frame where the surface faces up and is at
 * most 45 degrees from flat (transpose for walls, flip for ceilings). With pixel-centre sampling,
 * a column whose top solid pixel is row r says the line passes in [r - 0.5, r + 0.5) there; a
 * full column says it passes above 0.5, an empty one below 15.5. The slopes that satisfy every
 * column form an interval [lo, hi] (pairwise bounds); its middle is the estimate. Returns false
 * when the columns are not a single floor profile or the interval is empty or unbounded.
 */
static bool fit_preimage(const lwm_bits *bits, double nx, double ny, double *angle)
{
    bool steep = fabs(nx) > fabs(ny);
    lwm_bits b = *bits;
    if (steep)
        bits_transpose(&b, &b);
    /* the summed normal's vertical part in the working frame: > 0 faces down (a ceiling) */
    bool flip = (steep ? nx : ny) > 0;
    if (flip)
        lwm_bits_flip(&b, false, true, &b);
    double lo_v[16], hi_v[16];
    int tops = 0;
    for (int c = 0; c < 16; c++) {
        uint16_t col = b.col[c];
        if (col == 0) {
            lo_v[c] = 15.5;
            hi_v[c] = HUGE_VAL;
        } else if (col == 0xFFFFu) {
            lo_v[c] = -HUGE_VAL;
            hi_v[c] = 0.5;
        } else if ((uint16_t)(col | (col - 1u)) == 0xFFFFu) {
            int r = __builtin_ctz(col);
            lo_v[c] = r - 0.5;
            hi_v[c] = r + 0.5;
            tops++;
        } else {
            return false;
        }
    }
    if (tops == 0)
        return false;
    double lo = -HUGE_VAL, hi = HUGE_VAL;
    for (int i = 0; i < 16; i++)
        for (int j = i + 1; j < 16; j++) {
            double dx = j - i;
            double a = (lo_v[j] - hi_v[i]) / dx, z = (hi_v[j] - lo_v[i]) / dx;
            if (a > lo)
                lo = a;
            if (z < hi)
                hi = z;
        }
    if (!(lo <= hi) || isinf(lo) || isinf(hi))
        return false;
    double m = tan(0.5 * (atan(lo) + atan(hi)));
    /* normal of y = m x facing up in the working frame: (m, -1); back to the tile's frame */
    double px = m, py = -1.0;
    if (flip)
        py = -py;
    if (steep) {
        double t = px;
        px = py;
        py = t;
    }
    *angle = hex_from_normal(px, py);
    return true;
}

lwm_fit_kind lwm_bits_fit_angle(const lwm_bits *bits, double *angle)
{
    lwm_fit fit;
    lwm_fit_init(&fit);
    for (int c = 0; c < 16; c++) {
        uint16_t col = bits->col[c];
        if (!col)
            continue;
        uint16_t up = (uint16_t)(col & ~(col << 1)) & 0xFFFEu;   /* solid, row above empty */
        uint16_t down = (uint16_t)(col & ~(col >> 1)) & 0x7FFFu; /* solid, row below empty */
        uint16_t left = c > 0 ? (uint16_t)(col & ~bits->col[c - 1]) : 0;
        uint16_t right = c < 15 ? (uint16_t)(col & ~bits->col[c + 1]) : 0;
        for (int r = 0; r < 16; r++) {
            uint16_t b = (uint16_t)(1u << r);
            if (up & b)
                lwm_fit_add_edge(&fit, LWM_FACE_UP, c + 0.5, r);
            if (down & b)
                lwm_fit_add_edge(&fit, LWM_FACE_DOWN, c + 0.5, r + 1.0);
            if (left & b)
                lwm_fit_add_edge(&fit, LWM_FACE_LEFT, c, r + 0.5);
            if (right & b)
                lwm_fit_add_edge(&fit, LWM_FACE_RIGHT, c + 1.0, r + 0.5);
        }
    }
    if ((fit.nx != 0 || fit.ny != 0) && fit_preimage(bits, fit.nx, fit.ny, angle))
        return LWM_FIT_LINE;
    return lwm_fit_solve(&fit, angle);
}

uint8_t lwm_angle_round_even(double angle)
{
    double a = fmod(angle, 256.0);
    if (a < 0)
        a += 256.0;
    long k = lround(a / 2.0); /* halves away from zero */
    return (uint8_t)((unsigned long)(k * 2) & 0xFFu);
}

uint8_t lwm_chord_angle(int q, int rise, int run)
{
    double dev = atan((double)rise / (double)run) * 128.0 / M_PI;
    long k = lround(dev / 4.0); /* halves away from zero: mirror-symmetric */
    return (uint8_t)((unsigned long)(64 * (q & 3) + 4 * k) & 0xFFu);
}

lwm_angle_style lwm_angle_style_for_profile(const char *name)
{
    if (name && (strcmp(name, "s1") == 0 || strcmp(name, "cd") == 0))
        return LWM_ANGLES_S1;
    if (name && strcmp(name, "s3k") == 0)
        return LWM_ANGLES_S3K;
    return LWM_ANGLES_S2;
}

uint8_t lwm_quantise(lwm_angle_style style, int q, double dev, bool rise)
{
    long k;
    if (style == LWM_ANGLES_S3K) {
        long a = 2 * (long)floor(fabs(dev) / 2.0 + 1e-9);
        if (rise && a < 4)
            a = 4;
        k = dev < 0 ? -a : a;
    } else {
        k = 4 * lround(dev / 4.0); /* halves away from zero, as lwm_chord_angle */
    }
    return (uint8_t)((unsigned long)(64 * (q & 3) + k) & 0xFFu);
}

/* ---- whole masks ---- */

/* Depth of the surface on line @u of a tile in quadrant @q's frame (the surface facing up, u
 * along the direction positive ground speed moves, v into the solid; docs/MASKS.md §4.4): the
 * first solid pixel of the line. -1 when the line is empty or its outer pixel is solid (then the
 * surface may lie in a neighbour, which a tile alone does not know). */
static int tile_line_depth(const lwm_bits *bits, int q, int u)
{
    for (int v = 0; v < 16; v++) {
        int x, y;
        switch (q & 3) {
        case 0:
            x = u, y = v;
            break;
        case 1:
            x = 15 - v, y = u;
            break;
        case 2:
            x = 15 - u, y = 15 - v;
            break;
        default:
            x = v, y = 15 - u;
            break;
        }
        if ((bits->col[x] >> y) & 1u)
            return v == 0 ? -1 : v;
    }
    return -1;
}

/* A tile on its own (docs/MASKS.md §4.1 step 6): where both end lines hold the surface inside the
 * tile, Sega's chord rule (the rise between them over 16 px, a multiple of 4), but never more
 * than REACH steps from the fitted angle @real, so a straight surface still reads its own angle
 * (the masks suite's single-tile bounds); beyond that, the even angle within REACH of @real
 * nearest the chord. */
#define REACH 1.5
static uint8_t tile_chord(const lwm_bits *bits, lwm_angle_style style, double real)
{
    uint8_t fit = lwm_angle_round_even(real);
    int q = (int)(((unsigned)fit + 32u) >> 6) & 3;
    int d0 = tile_line_depth(bits, q, 0), d15 = tile_line_depth(bits, q, 15);
    if (d0 < 0 || d15 < 0)
        return fit;
    int rise = d15 - d0;
    uint8_t c = lwm_quantise(style, q, atan((double)rise / 16.0) * 128.0 / M_PI, rise != 0);
    double dev = remainder((double)c - real, 256.0);
    if (fabs(dev) <= REACH)
        return c;
    double edge = dev > 0 ? 2.0 * floor((real + REACH) / 2.0) : 2.0 * ceil((real - REACH) / 2.0);
    double moved = remainder(edge - real, 256.0);
    if (fabs(moved) > REACH || (moved > 0) != (dev > 0))
        return fit; /* no even angle that way within reach */
    return lwm_angle_round_even(edge);
}

static int bits_compare(const lwm_bits *a, const lwm_bits *b)
{
    for (int c = 0; c < 16; c++)
        if (a->col[c] != b->col[c])
            return a->col[c] < b->col[c] ? -1 : 1;
    return 0;
}

lwm_fit_kind lwm_bits_angle_canonical(const lwm_bits *bits, lwm_angle_style style, uint8_t *angle,
                                      bool *flagged)
{
    /* Work in the smallest of the four flips so that a flipped tile gets exactly the flipped
     * angle (floating-point fits and rounding are not symmetric on their own). */
    lwm_bits canon = *bits;
    uint8_t flip = 0;
    for (uint8_t f = 1; f < 4; f++) {
        lwm_bits t;
        lwm_bits_flip(bits, f & LW_CELL_FLIP_X, f & LW_CELL_FLIP_Y, &t);
        if (bits_compare(&t, &canon) < 0) {
            canon = t;
            flip = f;
        }
    }
    uint8_t a;
    lwm_fit_kind kind = LWM_FIT_NONE;
    if (lwm_bits_is_flagged(&canon, &a)) {
        *flagged = true;
    } else {
        *flagged = false;
        double real;
        kind = lwm_bits_fit_angle(&canon, &real);
        a = tile_chord(&canon, style, real);
    }
    *angle = lw_angle_flip(a, flip & LW_CELL_FLIP_X, flip & LW_CELL_FLIP_Y);
    return kind;
}

void lwm_mask_from_bits(const lwm_bits *bits, lw_mask *out, lwm_bits *fixed_bits,
                        lwm_fix_report *fix)
{
    lwm_mask_from_bits_style(bits, LWM_ANGLES_S2, out, fixed_bits, fix);
}

void lwm_mask_from_bits_style(const lwm_bits *bits, lwm_angle_style style, lw_mask *out,
                              lwm_bits *fixed_bits, lwm_fix_report *fix)
{
    lwm_bits fixed;
    lwm_heights_from_bits(bits, out, &fixed, fix);
    bool flagged;
    lwm_bits_angle_canonical(&fixed, style, &out->angle, &flagged);
    out->flags = flagged ? LW_MASK_FLAGGED : 0;
    if (fixed_bits)
        *fixed_bits = fixed;
}

void lwm_mask_flip(const lw_mask *in, bool flip_x, bool flip_y, lw_mask *out)
{
    lwm_bits b;
    lwm_bits_from_mask(in, &b);
    lwm_bits_flip(&b, flip_x, flip_y, &b);
    uint8_t angle = lw_angle_flip(in->angle, flip_x, flip_y), flags = in->flags;
    lwm_heights_from_bits(&b, out, NULL, NULL);
    out->angle = angle;
    out->flags = flags;
}

bool lwm_mask_equal(const lw_mask *a, const lw_mask *b)
{
    lwm_bits x, y;
    lwm_bits_from_mask(a, &x);
    lwm_bits_from_mask(b, &y);
    return bits_compare(&x, &y) == 0 && a->angle == b->angle &&
           (a->flags & LW_MASK_FLAGGED) == (b->flags & LW_MASK_FLAGGED);
}

const char *lwm_flip_name(uint8_t flip)
{
    static const char *const names[4] = {"", "x", "y", "xy"};
    return names[flip & 3u];
}

/* ---- hashing masks ---- */

uint64_t lwm_mask_key_hash(const lwm_bits *bits, uint8_t angle, uint8_t flags)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ ((uint64_t)angle << 8 | (flags & LW_MASK_FLAGGED));
    for (int i = 0; i < 16; i += 4) {
        uint64_t w = (uint64_t)bits->col[i] | (uint64_t)bits->col[i + 1] << 16 |
                     (uint64_t)bits->col[i + 2] << 32 | (uint64_t)bits->col[i + 3] << 48;
        h = (h ^ w) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h ^ (h >> 29);
}

/* ---- sheets ---- */

typedef struct sheet_entry {
    lwm_bits bits;
    uint8_t angle, flags;
} sheet_entry;

bool lwm_sheet_build(const lwm_image *img, lwm_sheet *out, lw_error *err)
{
    return lwm_sheet_build_style(img, LWM_ANGLES_S2, out, err);
}

bool lwm_sheet_build_style(const lwm_image *img, lwm_angle_style style, lwm_sheet *out,
                           lw_error *err)
{
    if (img->width % 16 || img->height % 16)
        return lw_error_set(err, LW_ERR_FORMAT,
                            "the sheet is %ux%u px; both sides must be multiples of 16", img->width,
                            img->height);
    uint32_t cols = img->width / 16, rows = img->height / 16;
    size_t n = (size_t)cols * rows;
    lwm_sheet s = {cols, rows, NULL, NULL, 0};
    s.tiles = calloc(n, sizeof *s.tiles);
    s.masks = calloc(n, sizeof *s.masks);
    sheet_entry *entries = calloc(n, sizeof *entries);
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    uint32_t *table = malloc(cap * sizeof *table);
    if (!s.tiles || !s.masks || !entries || !table) {
        free(entries);
        free(table);
        lwm_sheet_clear(&s);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory for %zu tiles", n);
    }
    memset(table, 0xFF, cap * sizeof *table);
    for (size_t i = 0; i < n; i++) {
        lwm_sheet_tile *t = &s.tiles[i];
        lwm_bits raw, fb[4];
        lwm_bits_from_image(img, (uint32_t)(i % cols) * 16u, (uint32_t)(i / cols) * 16u, &raw);
        lwm_bits_fix(&raw, &fb[0], &t->fix);
        /* the four orientations, the canonical one (smallest) and the angle found there */
        uint8_t canon = 0;
        for (uint8_t f = 1; f < 4; f++) {
            lwm_bits_flip(&fb[0], f & LW_CELL_FLIP_X, f & LW_CELL_FLIP_Y, &fb[f]);
            if (bits_compare(&fb[f], &fb[canon]) < 0)
                canon = f;
        }
        uint8_t a = 0, flags = 0;
        t->fit = LWM_FIT_NONE;
        if (lwm_bits_is_flagged(&fb[canon], &a)) {
            flags = LW_MASK_FLAGGED;
        } else {
            double real;
            t->fit = lwm_bits_fit_angle(&fb[canon], &real);
            a = tile_chord(&fb[canon], style, real); /* as lwm_mask_from_bits_style */
        }
        uint8_t angle = lw_angle_flip(a, canon & LW_CELL_FLIP_X, canon & LW_CELL_FLIP_Y);
        /* Look for the tile itself, then its flips, among the masks so far. */
        bool found = false;
        for (uint8_t f = 0; f < 4 && !found; f++) {
            uint8_t fa = lw_angle_flip(angle, f & LW_CELL_FLIP_X, f & LW_CELL_FLIP_Y);
            size_t slot = lwm_mask_key_hash(&fb[f], fa, flags) & (cap - 1);
            for (; table[slot] != UINT32_MAX; slot = (slot + 1) & (cap - 1)) {
                const sheet_entry *e = &entries[table[slot]];
                if (e->angle == fa && e->flags == flags && bits_compare(&e->bits, &fb[f]) == 0) {
                    /* existing = flip_f(tile)  <=>  tile = flip_f(existing) */
                    t->shared = table[slot];
                    t->flip = f;
                    if (f == 0)
                        t->mask = s.masks[t->shared];
                    else
                        lwm_mask_flip(&s.masks[t->shared], f & LW_CELL_FLIP_X, f & LW_CELL_FLIP_Y,
                                      &t->mask);
                    found = true;
                    break;
                }
            }
        }
        if (!found) {
            /* a new mask: heights (exact now) and the widths they give */
            lwm_heights_from_bits(&fb[0], &t->mask, NULL, NULL);
            t->mask.angle = angle;
            t->mask.flags = flags;
            uint32_t id = s.mask_count++;
            entries[id] = (sheet_entry){fb[0], angle, flags};
            s.masks[id] = t->mask;
            size_t slot = lwm_mask_key_hash(&fb[0], angle, flags) & (cap - 1);
            while (table[slot] != UINT32_MAX)
                slot = (slot + 1) & (cap - 1);
            table[slot] = id;
            t->shared = id;
            t->flip = 0;
        }
    }
    free(entries);
    free(table);
    *out = s;
    return true;
}

void lwm_sheet_clear(lwm_sheet *sheet)
{
    if (!sheet)
        return;
    free(sheet->tiles);
    free(sheet->masks);
    memset(sheet, 0, sizeof *sheet);
}
