/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the whole pipeline a user runs on a level: load the level JSON, simulate
 * 300 frames from its player start (or the middle of the level) under its own profile with an
 * input pattern taken from the input's length, then render it with collision and the run's path
 * when the picture is small (at most 2^20 px). So undefined behaviour in the simulation or the
 * drawing of any level the loader accepts is reached, not only in the loader.
 */
#include "level-json.h"

#include <loopwright-masks/render.h>
#include <loopwright/profile.h>
#include <loopwright/sim.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FRAMES = 300 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_text((const char *)data, size, EDITOR_LOAD_ALLOW_OUTSIDE_PATHS, &level,
                                &err))
        return 0;
    lw_profile profile;
    if (!lw_profile_init(&profile, level->profile, level->character, &err) ||
        !lw_profile_apply_overrides(&profile, level, &err)) {
        lw_level_free(level);
        return 0;
    }
    int32_t sx = lw_level_width_px(level) / 2, sy = lw_level_height_px(level) / 2;
    for (uint32_t i = 0; i < level->object_count; i++)
        if (level->objects[i].type == LW_OBJECT_PLAYER_START) {
            sx = level->objects[i].x;
            sy = level->objects[i].y;
            break;
        }
    static int32_t path[2 * FRAMES];
    size_t points = 0;
    lw_sim sim = {0};
    if (lw_sim_init(&sim, level, &profile, sx, sy, &err)) {
        for (int f = 0; f < FRAMES; f++) {
            /* right, jumping every so often, left for a while: from the input's length */
            uint8_t buttons = (uint8_t)(((f + size) % 97 < 60 ? LW_BUTTON_RIGHT : LW_BUTTON_LEFT) |
                                        ((f + size) % 31 == 0 ? LW_BUTTON_JUMP : 0));
            lw_sim_status st = lw_sim_step(&sim, buttons);
            path[2 * points] = sim.state.player.x >> 8;
            path[2 * points + 1] = sim.state.player.y >> 8;
            points++;
            if (st == LW_SIM_DEAD)
                break;
        }
        lw_sim_hash(&sim);
        lw_sim_clear(&sim);
    }
    if ((uint64_t)lw_level_width_px(level) * lw_level_height_px(level) <= (1u << 19)) {
        lwm_render_options opts = lwm_render_options_default();
        opts.collision = true;
        opts.trace = path;
        opts.trace_count = points;
        lwm_image img = {0};
        if (lwm_render_level(level, NULL, &opts, &img, &err))
            lwm_image_clear(&img);
    }
    lw_level_free(level);
    return 0;
}
