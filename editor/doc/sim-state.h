#pragma once
/* SPDX-License-Identifier: MIT */
/* The final-state report of `loopwright sim` and `loopwright play --frames` (docs/CLI.md, "sim"):
 * one printer, so the two stay byte for byte the same. */

#include <loopwright/sim.h>
#include <stdio.h>

/** Print frame, x, y, xsp, ysp, gsp, angle, mode, air, rolling, path, status and hash lines. */
void editor_sim_print_state(FILE *out, const lw_sim *sim);
