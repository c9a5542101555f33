#pragma once
/* SPDX-License-Identifier: MIT */
/* Internals of the mask generator shared by masks.c, terrain.c and the tests. */

#include "loopwright-masks/masks.h"
#include "loopwright-masks/terrain.h"

/* Facing of a surface edge: the outward normal (from solid to empty). */
enum { LWM_FACE_UP = 0, LWM_FACE_DOWN = 1, LWM_FACE_LEFT = 2, LWM_FACE_RIGHT = 3 };

typedef struct lwm_fit_sums {
    double n, sx, sy, sxx, syy, sxy;
} lwm_fit_sums;

/* Accumulated surface edges: the summed outward normal and, per facing, the sums for a
 * least-squares line through the edge midpoints. */
typedef struct lwm_fit {
    double nx, ny;
    lwm_fit_sums sums[4];
} lwm_fit;

void lwm_fit_init(lwm_fit *fit);
/* One unit edge facing @facing with its midpoint at (@x, @y) in px. */
void lwm_fit_add_edge(lwm_fit *fit, int facing, double x, double y);
/* The real hex angle of the accumulated surface (see lwm_bits_fit_angle). */
lwm_fit_kind lwm_fit_solve(const lwm_fit *fit, double *angle);

/* Flag and even angle of a representable tile, computed in its canonical flip. */
lwm_fit_kind lwm_bits_angle_canonical(const lwm_bits *bits, lwm_angle_style style, uint8_t *angle,
                                      bool *flagged);

/* Hash of a mask identity (pixels, angle, flag bit). */
uint64_t lwm_mask_key_hash(const lwm_bits *bits, uint8_t angle, uint8_t flags);

/*
 * Angles and flags of every cell of a path (contour.c). @bits: @tw x @th representable cells,
 * row-major; (@w, @h): the original image size (edges facing outside it are not surface).
 * Flagged cells get their cardinal angle; the others the angle of the straight piece of contour
 * holding most of their surface (@neighbours) or their own fitted angle; with @neighbours the
 * angle follows the chord rule of @style's game. False when out of memory.
 */
bool lwm_terrain_angles(const lwm_bits *bits, uint32_t tw, uint32_t th, int32_t w, int32_t h,
                        bool neighbours, lwm_angle_style style, uint8_t *angles, uint8_t *flags);

/* The hole policy alone (no widths): @fixed receives the representable pixels; returns true when
 * @bits needed no change. */
bool lwm_bits_fix(const lwm_bits *bits, lwm_bits *fixed, lwm_fix_report *fix);

/* The chord rule's angle for quadrant @q (0 floor, 1 = 0x40, 2 ceiling, 3 = 0xC0) and a rise of
 * @rise px over @run px along the surface (a whole cell: over 16): 64 q + atan(rise / run) in
 * hex steps, the deviation rounded to a multiple of 4 with halves away from zero. */
uint8_t lwm_chord_angle(int q, int rise, int run);

/* A deviation of @dev hex steps from quadrant @q's cardinal angle (@rise: the surface is not
 * level), quantised as @style's game does (docs/MASKS.md §4.4): S1 and S2 a multiple of 4,
 * halves away from zero (as lwm_chord_angle); S3K towards the cardinal angle to an even step,
 * at least 4 for any rise. Both are mirror-symmetric. */
uint8_t lwm_quantise(lwm_angle_style style, int q, double dev, bool rise);
