/* SPDX-License-Identifier: MIT */
#include "loopwright/sensor.h"

#include "sensor-scan.h"

/* The scan itself is in sensor-scan.h, shared with the physics steps' recorded casts (phys.c). */

/* ---- the public casts: the direction and the chunk shift as constants ---- */

/* One cast; @dir and @shift are constants in every caller but cast_any(). */
static LWI_ALWAYS_INLINE int32_t cast_one(const lw_level *level, lw_path path, int32_t x, int32_t y,
                                          const lw_sensor_dir dir, unsigned solidity,
                                          uint8_t initial_angle, lw_sensor_hit *out,
                                          const unsigned shift)
{
    lwi_scan s;
    lwi_scan_init(&s, level, path, solidity, shift);
    return lwi_scan_cast(&s, x, y, dir, initial_angle, out);
}

static LWI_ALWAYS_INLINE int32_t cast_shift(const lw_level *level, lw_path path, int32_t x,
                                            int32_t y, lw_sensor_dir dir, unsigned solidity,
                                            uint8_t initial_angle, lw_sensor_hit *out,
                                            const unsigned shift)
{
    switch (dir) {
    case LW_DIR_DOWN:
        return cast_one(level, path, x, y, LW_DIR_DOWN, solidity, initial_angle, out, shift);
    case LW_DIR_UP:
        return cast_one(level, path, x, y, LW_DIR_UP, solidity, initial_angle, out, shift);
    case LW_DIR_RIGHT:
        return cast_one(level, path, x, y, LW_DIR_RIGHT, solidity, initial_angle, out, shift);
    case LW_DIR_LEFT:
    default:
        return cast_one(level, path, x, y, LW_DIR_LEFT, solidity, initial_angle, out, shift);
    }
}

/* A level's chunks are 128 or 256 px (chunk_shift 7 or 8); any other shift still casts
 * correctly, through this one general copy. */
static LWI_NOINLINE int32_t cast_any(const lw_level *level, lw_path path, int32_t x, int32_t y,
                                     lw_sensor_dir dir, unsigned solidity, uint8_t initial_angle,
                                     lw_sensor_hit *out)
{
    return cast_one(level, path, x, y, dir, solidity, initial_angle, out, level->chunk_shift);
}

int32_t lw_sensor_cast(const lw_level *level, lw_path path, int32_t x, int32_t y, lw_sensor_dir dir,
                       unsigned solidity, uint8_t initial_angle, lw_sensor_hit *out)
{
    switch (level->chunk_shift) {
    case 7:
        return cast_shift(level, path, x, y, dir, solidity, initial_angle, out, 7);
    case 8:
        return cast_shift(level, path, x, y, dir, solidity, initial_angle, out, 8);
    default:
        return cast_any(level, path, x, y, dir, solidity, initial_angle, out);
    }
}

int32_t lw_sensor_floor_distance(const lw_level *level, lw_path path, int32_t x, int32_t y,
                                 unsigned solidity)
{
    lw_sensor_hit hit; /* local: only the distance is used, so its stores fold away */
    switch (level->chunk_shift) {
    case 7:
        return cast_one(level, path, x, y, LW_DIR_DOWN, solidity, 0, &hit, 7);
    case 8:
        return cast_one(level, path, x, y, LW_DIR_DOWN, solidity, 0, &hit, 8);
    default:
        return cast_any(level, path, x, y, LW_DIR_DOWN, solidity, 0, &hit);
    }
}

const char *lw_mode_name(lw_mode mode)
{
    switch (mode) {
    case LW_MODE_FLOOR:
        return "floor";
    case LW_MODE_RWALL:
        return "rwall";
    case LW_MODE_CEILING:
        return "ceiling";
    case LW_MODE_LWALL:
        return "lwall";
    }
    return "floor";
}
