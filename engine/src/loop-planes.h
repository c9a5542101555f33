#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: Sonic 1's loop and tunnel chunks (loop-planes.c; level.h, "Sonic 1 loop chunks").
 * Hidden visibility, `lwi_` names (phys.h).
 */

#include "phys.h"

#pragma GCC visibility push(hidden)

/* The end of the player's routine, as S1's Sonic_Loops (after ReactToItem, before the other
 * objects): set the player's path from the loop table chunk under its centre, or make it roll
 * in a tunnel. Does nothing for a level whose loop table has no rule. No allocation. */
void lwi_loop_planes_run(lw_sim *sim);

#pragma GCC visibility pop
