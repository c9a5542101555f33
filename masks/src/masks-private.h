#pragma once
/* SPDX-License-Identifier: MIT */
/* Internals of the mask generator shared by masks.c, terrain.c and the tests. */

#include "loopwright/masks.h"

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
lwm_fit_kind lwm_bits_angle_canonical(const lwm_bits *bits, uint8_t *angle, bool *flagged);

/* Hash of a mask identity (pixels, angle, flag bit). */
uint64_t lwm_mask_key_hash(const lwm_bits *bits, uint8_t angle, uint8_t flags);
