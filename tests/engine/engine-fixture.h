#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Test helper: the set-ups the engine suite's physics and object tests share (test-air.c,
 * test-water.c, test-moves.c, test-objects.c) — the flat floor they run on, a player put in the
 * air, and stepping until an event. Built on terrain.h.
 */

#include "terrain.h"

#include <loopwright/level.h>
#include <loopwright/sim.h>

/** A 4096 x 1024 px level of 128 px chunks with a floor of full flagged blocks, 4 deep, whose
 * top row is y 736 (a standing Sonic's centre is at 716). Free with lw_level_free. */
lw_level *fixture_flat_level(void);

/** Put @sim's player in the air at (@x, @y) with speeds @xsp and @ysp (all in 1/256 px), Gsp 0
 * and angle 0. */
void fixture_make_airborne(lw_sim *sim, int32_t x, int32_t y, int32_t xsp, int32_t ysp);

/** Step @sim with @input until a frame raises one of @events (LW_EVENT_* bits), at most @max
 * frames. Returns the number of frames stepped when it was raised (1..@max), or 0 when none of
 * the @max frames raised it. */
int fixture_step_until(lw_sim *sim, lw_input input, int max, uint32_t events);
