/* SPDX-License-Identifier: MIT */
#include "terrain.h"

#include <glib.h>
#include <string.h>

lw_level *terrain_new(uint16_t chunk_px, int32_t width_px, int32_t height_px)
{
    lw_error err;
    uint16_t w = (uint16_t)((width_px + chunk_px - 1) / chunk_px);
    uint16_t h = (uint16_t)((height_px + chunk_px - 1) / chunk_px);
    lw_level *level = lw_level_new(chunk_px, w, h, &err);
    g_assert_nonnull(level);
    for (uint32_t i = 0; i < (uint32_t)w * h; i++) {
        int32_t c = lw_level_add_chunk(level, NULL);
        g_assert_cmpint(c, >=, 0);
        lw_level_layout_mut(level, LW_LAYER_FG)[i] = (uint16_t)c;
    }
    return level;
}

uint16_t terrain_shape(lw_level *level, const int8_t heights[16], uint8_t angle, bool flagged)
{
    lw_mask m = {.angle = angle, .flags = flagged ? LW_MASK_FLAGGED : 0};
    memcpy(m.heights, heights, 16);
    /* Reuse an identical plain tile: rasterised terrain would run out of tiles otherwise. */
    for (uint32_t t = 0; t < level->tile_count; t++) {
        const lw_tile *tile = &level->tiles[t];
        uint16_t mi = tile->mask[0];
        if (mi == LW_NONE || mi != tile->mask[1] || tile->flags != 0)
            continue;
        const lw_mask *o = &level->masks[mi];
        if (o->angle == m.angle && o->flags == m.flags && memcmp(o->heights, m.heights, 16) == 0)
            return (uint16_t)t;
    }
    int32_t mi = lw_level_add_mask(level, &m);
    g_assert_cmpint(mi, >=, 0);
    lw_tile t = {.art = LW_NONE, .mask = {(uint16_t)mi, (uint16_t)mi}};
    int32_t ti = lw_level_add_tile(level, &t);
    g_assert_cmpint(ti, >=, 0);
    return (uint16_t)ti;
}

static const int8_t full_heights[16] = {16, 16, 16, 16, 16, 16, 16, 16,
                                        16, 16, 16, 16, 16, 16, 16, 16};

uint16_t terrain_full(lw_level *level)
{
    return terrain_shape(level, full_heights, 0, true);
}

uint16_t terrain_full_angle(lw_level *level, uint8_t angle)
{
    return terrain_shape(level, full_heights, angle, false);
}

static lw_cell *cell_at_block(lw_level *level, int32_t bx, int32_t by)
{
    g_assert_cmpint(bx, >=, 0);
    g_assert_cmpint(by, >=, 0);
    g_assert_cmpint(bx * 16, <, lw_level_width_px(level));
    g_assert_cmpint(by * 16, <, lw_level_height_px(level));
    return (lw_cell *)lw_level_cell_at(level, bx * 16, by * 16);
}

void terrain_set_path(lw_level *level, int32_t bx, int32_t by, uint16_t tile, uint8_t flip,
                      lw_solidity a, lw_solidity b)
{
    lw_cell *c = cell_at_block(level, bx, by);
    g_assert_nonnull(c);
    c->tile = tile;
    c->flags = flip;
    c->solid = lw_cell_solid_bits(a, b);
}

void terrain_set(lw_level *level, int32_t bx, int32_t by, uint16_t tile, uint8_t flip)
{
    terrain_set_path(level, bx, by, tile, flip, LW_SOLID_ALL, LW_SOLID_ALL);
}

void terrain_clear(lw_level *level, int32_t bx, int32_t by)
{
    lw_cell *c = cell_at_block(level, bx, by);
    c->tile = LW_NONE;
    c->flags = 0;
    c->solid = 0;
}

void terrain_fill(lw_level *level, int32_t bx0, int32_t by0, int32_t bx1, int32_t by1,
                  uint16_t tile)
{
    for (int32_t by = by0; by <= by1; by++)
        for (int32_t bx = bx0; bx <= bx1; bx++)
            terrain_set(level, bx, by, tile, 0);
}

void terrain_floor(lw_level *level, int32_t top_px, int32_t x0_px, int32_t x1_px, int depth)
{
    g_assert_cmpint(top_px % 16, ==, 0);
    uint16_t full = terrain_full(level);
    terrain_fill(level, x0_px / 16, top_px / 16, x1_px / 16, top_px / 16 + depth - 1, full);
}

void terrain_rect(lw_level *level, int32_t x0_px, int32_t y0_px, int32_t x1_px, int32_t y1_px)
{
    uint16_t full = terrain_full(level);
    terrain_fill(level, x0_px / 16, y0_px / 16, x1_px / 16, y1_px / 16, full);
}

int terrain_raster(lw_level *level, int32_t bx0, int32_t by0, int32_t bx1, int32_t by1,
                   terrain_pixel_fn solid, terrain_angle_fn angle, void *user)
{
    int set = 0;
    for (int32_t by = by0; by <= by1; by++) {
        for (int32_t bx = bx0; bx <= bx1; bx++) {
            int8_t heights[16];
            bool any = false;
            for (int c = 0; c < 16; c++) {
                int n = 0;
                bool top = false, bottom = false;
                for (int r = 0; r < 16; r++) {
                    if (solid(bx * 16 + c, by * 16 + r, user)) {
                        n++;
                        if (r == 0)
                            top = true;
                        if (r == 15)
                            bottom = true;
                    }
                }
                any = any || n > 0;
                if (n == 16 || n == 0)
                    heights[c] = (int8_t)n;
                else if (bottom || !top)
                    heights[c] = (int8_t)n;
                else
                    heights[c] = (int8_t)-n;
            }
            if (!any)
                continue;
            uint8_t a = angle ? angle(bx, by, user) : 0xFF;
            uint16_t tile = terrain_shape(level, heights, a, (a & 1u) != 0);
            terrain_set(level, bx, by, tile, 0);
            set++;
        }
    }
    return set;
}

void terrain_sim(lw_sim *sim, const lw_level *level, const char *profile, int32_t x, int32_t y)
{
    lw_profile p;
    lw_error err;
    g_assert_true(lw_profile_init(&p, profile, "sonic", &err));
    g_assert_true(lw_sim_init(sim, level, &p, x, y, &err));
}

lw_sim_status terrain_run(lw_sim *sim, lw_input input, int n)
{
    lw_sim_status s = LW_SIM_RUNNING;
    for (int i = 0; i < n; i++)
        s = lw_sim_step(sim, input);
    return s;
}
