#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: fixed-point arithmetic and 256-step hex angles (spec/PHYSICS.md §1).
 *
 *   positions  int32_t in 1/256 px ("24.8"): pixel = lw_asr(pos, 8), subpixel = pos & 255
 *   speeds     8.8 values (256 = 1 px/frame) held in int32_t
 *   angles     uint8_t hex angles, 256 per turn, growing clockwise on screen (+Y is down);
 *              0x00 flat floor, 0x40 left wall, 0x80 ceiling, 0xC0 right wall
 *
 * Sine and arctangent come from the ROM tables of Appendix A, verbatim (entries 147 and 237 of
 * the sine table are -117, as in the S1/S2/S3 ROMs). Everything here is integer-only.
 */

#include "loopwright/base.h"

typedef int32_t lw_fixed; /* 1/256 px (positions) or 1/256 px per frame (speeds) */
typedef uint8_t lw_angle; /* hex angle 0..255 */

#define LW_SUBPX 256 /* subpixels per pixel */

/** Arithmetic shift right: floor(v / 2^n), also for negative v (the 68000's asr). */
static inline int32_t lw_asr(int32_t v, int n)
{
    return v >> n;
}

/** Whole-pixel part of a 1/256 px position (floor). */
static inline int32_t lw_px(lw_fixed pos)
{
    return pos >> 8;
}

/** The ROM sine table: sin(i * 2pi / 256) * 256, i = 0..255 (Appendix A). */
extern const int16_t lw_sine_table[256];

/** The ROM arctangent table: round(atan(i / 256) * 128 / pi), i = 0..256 (Appendix A). */
extern const uint8_t lw_atan_table[257];

/** sin(a) * 256 from the ROM table. */
static inline int32_t lw_sin(lw_angle a)
{
    return lw_sine_table[a];
}

/** cos(a) * 256 from the ROM table (sine read at a + 64). */
static inline int32_t lw_cos(lw_angle a)
{
    return lw_sine_table[(uint8_t)(a + 64u)];
}

/** asr(v * sin(a), 8) — the originals' 16x16->32 multiply then floor shift. */
static inline int32_t lw_mul_sin(int32_t v, lw_angle a)
{
    return lw_asr(v * lw_sin(a), 8);
}

/** asr(v * cos(a), 8). */
static inline int32_t lw_mul_cos(int32_t v, lw_angle a)
{
    return lw_asr(v * lw_cos(a), 8);
}

/** Hex angle of the vector (x, y) with +Y down, exactly as the game's CalcAngle (§1.5):
 * (0, 0) gives 0x40. */
lw_angle lw_calc_angle(int32_t x, int32_t y);

/** Hex angle after a cell's flips (§2.5): X-flip negates, Y-flip reflects about 0x40/0xC0. */
static inline lw_angle lw_angle_flip(lw_angle a, bool flip_x, bool flip_y)
{
    if (flip_x)
        a = (lw_angle)(256u - a);
    if (flip_y)
        a = (lw_angle)(0x80u - a);
    return a;
}

/** True when the angle byte is "flagged" as the originals test it: bit 0 set (§1.6). */
static inline bool lw_angle_is_flagged(lw_angle a)
{
    return (a & 1u) != 0;
}

/** Degrees (counter-clockwise, y up, as the SPG writes them) times 1000, for display only. */
static inline int32_t lw_angle_to_millidegrees(lw_angle a)
{
    return (int32_t)(((256u - a) & 255u) * 360000u / 256u);
}

/* ---- exact decimals ---- */

/** Bytes that always hold lw_fixed_format's output for any int32 (17 characters + NUL). */
#define LW_FIXED_FORMAT_MAX 24

/**
 * Write @value (1/256 units) as an exact decimal into @buf in one canonical form: an optional
 * '-', the integer part, then '.' and the fraction's digits without trailing zeros, no '.' when
 * the value is whole (716, 716.0625, -1.5, 0.046875, -0.00390625). Truncated to @size - 1
 * characters (LW_FIXED_FORMAT_MAX always suffices). Returns the full length (excluding the NUL).
 */
size_t lw_fixed_format(char *buf, size_t size, int32_t value);
