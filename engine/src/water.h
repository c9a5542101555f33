#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: water (water.c; docs/ENGINE.md, "Water"). A level with water (lw_level.has_water)
 * has a static surface at water_height px; lw_player.underwater says the player is below it.
 * Hidden visibility, `lwi_` names (phys.h).
 */

#include "phys.h"

#pragma GCC visibility push(hidden)

/* Replace @p's running, rolling, air and jump constants with its underwater set (the water_*
 * fields), as S1's Sonic_Water writes v_sonspeedmax/acc/dec and the routines read the jump force,
 * release cap and gravity from the underwater bit. The caller saves and restores the profile. */
void lwi_water_profile(lw_profile *p);

/* The player's water check at the end of its routine (S1/S2/S3 Sonic_Water, before the object
 * touches): entering the water (centre's pixel row below the surface) halves Xsp and quarters
 * Ysp (asr 1, asr 2); leaving doubles Ysp (S3K: only when Ysp >= -0x400) and caps it at
 * -water_exit_cap. Gsp is not changed. Does nothing in a level without water. No allocation. */
void lwi_water_check(lw_sim *sim);

#pragma GCC visibility pop
