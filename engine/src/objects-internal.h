#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Private to objects.c and the tests (tests include engine/src on purpose). Not engine API.
 */

#include "loopwright/player.h"

#pragma GCC visibility push(hidden)

/* Reference mode for @sim (tests only): every object of the culling window runs every frame and
 * every object of the window is tested for touch, in the same order, without the culling
 * index's reach and touch-range narrowing (docs/OBJECTS.md §1.3). The optimised run must give
 * the same states frame for frame; /engine/objects/culling-reference checks it. No effect on a
 * simulation without objects. */
void lw_objects_set_reference(lw_sim *sim, bool on);

#pragma GCC visibility pop
