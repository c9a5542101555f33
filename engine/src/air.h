#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Internal: the airborne player (air.c, §5). Hidden visibility, `lwi_` names (phys.h).
 */

#include "phys.h"

#pragma GCC visibility push(hidden)

/* §7.3: one airborne frame. */
void lwi_phys_air_frame(lw_sim *sim, const lwi_frame_input *in);

/* §5.7: one step of the air angle relaxation. */
uint8_t lwi_phys_relax_angle(uint8_t angle);

/* §5.5: Xsp after air drag for the given Ysp. */
int32_t lwi_phys_air_drag(const lw_profile *p, int32_t xsp, int32_t ysp);

/* §5.9: land on a floor with distance @d and (unflagged) floor angle @a, mostly-down rules. */
void lwi_phys_land_floor(lw_sim *sim, int32_t d, uint8_t a);

/* §5.8: the movement quadrant of a velocity (0x00 down, 0x40 left, 0x80 up, 0xC0 right). */
static inline uint8_t lwi_phys_air_quadrant(int32_t xsp, int32_t ysp)
{
    return (uint8_t)((unsigned)lwi_ang(lw_calc_angle(xsp, ysp) - 0x20) & 0xC0u);
}

#pragma GCC visibility pop
