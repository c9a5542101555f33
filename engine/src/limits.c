/* SPDX-License-Identifier: MIT */
#include "loopwright/limits.h"

bool lw_level_check_limits(const lw_level *level, lw_error *err)
{
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        if (!lw_limits_object_pos_ok(o->x, o->y))
            return lw_error_set(err, LW_ERR_RANGE,
                                "object %u: position (%ld, %ld) is outside %d..%d, %d..%d", o->id,
                                (long)o->x, (long)o->y, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X,
                                LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y);
    }
    for (uint32_t i = 0; i < level->replay_count; i++) {
        const lw_replay *r = &level->replays[i];
        if (r->has_start && !lw_limits_start_ok(r->start_x, r->start_y))
            return lw_error_set(err, LW_ERR_RANGE,
                                "replay %u: start (%ld, %ld) is outside 0..%d, 0..%d", i,
                                (long)r->start_x, (long)r->start_y, LW_MAX_START_X, LW_MAX_START_Y);
        if (r->frames > LW_MAX_REPLAY_FRAMES)
            return lw_error_set(err, LW_ERR_RANGE, "replay %u: %lu frames is over the limit of %u",
                                i, (unsigned long)r->frames, LW_MAX_REPLAY_FRAMES);
        if (r->has_expect && !lw_limits_object_pos_ok(r->expect_x, r->expect_y))
            return lw_error_set(err, LW_ERR_RANGE,
                                "replay %u: expected position (%ld, %ld) is out of range", i,
                                (long)r->expect_x, (long)r->expect_y);
    }
    return true;
}
