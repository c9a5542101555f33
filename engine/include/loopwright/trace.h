#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the trace CSV (ARCHITECTURE.md "Trace CSV"), one row per simulated frame,
 * written after the frame:
 *
 *   frame,x,y,xsp,ysp,gsp,angle,mode,air,rolling,path
 *   1,400.046875,716,0.046875,0,0.046875,0,floor,0,0,A
 *
 * x, y, xsp, ysp, gsp are 1/256 px (per frame) values printed as exact decimals by
 * lw_fixed_format (fixed.h): 716, 716.0625, -1.5, 0.046875, -0.00390625.
 * angle is the hex angle 0..255 in decimal, mode one of floor, rwall, ceiling, lwall (of the
 * current angle), air and rolling 0 or 1, path A or B. No allocation.
 */

#include "loopwright/fixed.h"
#include "loopwright/sim.h"

/** The header line, without the newline. */
#define LW_TRACE_HEADER "frame,x,y,xsp,ysp,gsp,angle,mode,air,rolling,path"

/** Columns added after the header's for a simulation with game objects (docs/OBJECTS.md §13):
 * rings held, hurt (1 in the hurt routine or on the frame of a hit), spring (1 on the frame a
 * spring launched the player), on (the level object id the player stands on, 0 = none) and
 * events (the frame's LW_EVENT_* bits in decimal). */
#define LW_TRACE_OBJECT_COLUMNS ",rings,hurt,spring,on,events"

/** Longest row lw_trace_format_row / lw_trace_format_sim_row write, newline and NUL included. */
#define LW_TRACE_ROW_MAX 192

/**
 * Format the row for frame @frame of @player into @buf, ending with '\n'. Returns the length
 * (excluding the NUL); @size should be LW_TRACE_ROW_MAX.
 */
size_t lw_trace_format_row(char *buf, size_t size, uint32_t frame, const lw_player *player);

/**
 * The header line for @sim, without the newline: LW_TRACE_HEADER, followed by
 * LW_TRACE_OBJECT_COLUMNS when the simulation has game objects (a terrain-only level's trace is
 * exactly the one of lw_trace_format_row). A static string.
 */
const char *lw_trace_header_for(const lw_sim *sim);

/**
 * The row of @sim's current frame (lw_trace_format_row of its player and frame, plus the object
 * columns when the simulation has game objects), ending with '\n'. Returns the length.
 */
size_t lw_trace_format_sim_row(char *buf, size_t size, const lw_sim *sim);
