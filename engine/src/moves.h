#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: the player moves of docs/OBJECTS.md §19 (moves.c) — the CD super peel-out (profile
 * switch `peelout`), CD's spindash (`cd_spindash`) and Mania's drop dash (switch `drop_dash`).
 * State in lw_sim_state.moves. Hidden visibility, `lwi_` names (phys.h). sim.c calls it before it
 * picks the frame's routine; it calls phys.c and ground.c, and neither of them calls it (no call
 * cycle).
 */

#include "phys.h"

#pragma GCC visibility push(hidden)

/*
 * At the start of a frame, before the routine is chosen (OBJECTS.md §19.3): updates the moves'
 * state from @in. Returns true when a peel-out used the frame (start, charge or release: the
 * frame then only runs the boundary check and the ground sensors, as the spindash's do, and sets
 * sim->debug.routine); false when the frame's routine runs as usual — after a drop dash's
 * release that is the rolling routine, since the release curls the player up.
 */
bool lwi_moves_frame(lw_sim *sim, const lwi_frame_input *in);

/*
 * lw_sim_hash's part for @mv (OBJECTS.md §19.4): the peel-out and drop dash bytes only when one of
 * them is not 0, then CD's spindash bytes only when one of those is not 0, so runs without a move
 * hash as before the moves existed. Returns the FNV-1a hash @h extended.
 */
uint64_t lwi_moves_hash(const lw_moves_state *mv, uint64_t h);

#pragma GCC visibility pop
