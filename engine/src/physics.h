#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: every private header of the simulation in one include, for sim.c and for the tests
 * that check single rules (slope factors, slip, landing) in isolation. Every function works on an
 * lw_sim and follows spec/PHYSICS.md (docs/OBJECTS.md for objects) to the letter; section numbers
 * are in the comments.
 *
 * Nothing here is engine API: the headers are outside include/, their functions have hidden
 * visibility (a shared build of the engine would not export them) and internal names start with
 * `lwi_` (docs/ENGINE.md, "Internal names"). Each source includes only the headers of what it
 * calls, so there is no cycle (`scripts/check-include-cycles --calls engine/src`, the
 * `include-cycles-engine` test): sim.c -> moves.c, ground.c, air.c, objects.c, phys.c,
 * loop-planes.c (-> phys.c), water.c;
 * moves.c -> ground.c, phys.c; ground.c -> air.c, phys.c; air.c -> phys.c; objects.c -> phys.c.
 */

#include "air.h"
#include "ground.h"
#include "loop-planes.h"
#include "moves.h"
#include "objects-private.h"
#include "phys.h"
#include "water.h"
