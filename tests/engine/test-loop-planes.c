/* SPDX-License-Identifier: MIT */
/*
 * Sonic 1 loop chunks (engine level.h, loop-planes.c): Sonic_Loops' plane rule at its exact
 * thresholds, the path-B collision of a loop chunk read from its path_b chunk (the sensors and
 * lw_level_collision_at alike), a run over a synthetic loop chunk with the frames where the
 * plane flips, and the table through the packed format.
 */
#include "loop-planes.h"
#include "loopwright/packed.h"
#include "terrain.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

/* A 4x2-chunk level of 256 px chunks (slot (cx, cy) holds chunk cy * 4 + cx), a flat floor whose
 * top is y 400 on both paths, and a fifth chunk, unplaced: the loop chunk's path B. */
#define FLOOR_Y    400
#define LOOP_CHUNK 5u /* slot (1, 1): x 256..511 */
#define ALT_CHUNK  8u

static lw_level *loop_level(uint8_t rule, bool with_alt)
{
    lw_level *level = terrain_new(256, 1024, 512);
    terrain_floor(level, FLOOR_Y, 0, 1023, 2);
    /* the path-B chunk: the loop chunk's cells, and a wall at cell column 15 (x 496..511) */
    lw_cell copy[256]; /* add_chunk may move the cell array it would copy from */
    memcpy(copy, lw_level_chunk_cells(level, LOOP_CHUNK), sizeof copy);
    int32_t alt = lw_level_add_chunk(level, copy);
    g_assert_cmpint(alt, ==, ALT_CHUNK);
    lw_cell *cells = lw_level_cells_mut(level) + (size_t)ALT_CHUNK * 256u;
    uint16_t full = terrain_full(level);
    for (int row = 0; row < 9; row++) /* y 256..399: above the floor */
        cells[row * 16 + 15] = (lw_cell){full, 0, lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL)};
    lw_loop_chunk e = {LOOP_CHUNK, with_alt ? (uint16_t)ALT_CHUNK : (uint16_t)LW_NONE, rule};
    lw_error err;
    g_assert_true(lw_level_set_loop_chunks(level, &e, 1, &err));
    if (!lw_level_validate(level, &err))
        g_error("%s", err.message);
    return level;
}

/* The rule alone: put the player somewhere, run the hook, read the path. */
static uint8_t rule_path(lw_sim *sim, int32_t x, uint8_t angle, uint8_t path, bool air)
{
    lw_player *pl = &sim->state.player;
    pl->x = x * 256;
    pl->y = (FLOOR_Y - 20) * 256;
    pl->angle = angle;
    pl->path = path;
    pl->airborne = air;
    lwi_loop_planes_run(sim);
    return pl->path;
}

static void test_rule(void)
{
    lw_level *level = loop_level(LW_LOOP_LOOP, true);
    lw_sim sim;
    terrain_sim(&sim, level, "s1", 100, FLOOR_Y - 20);
    /* x within the chunk: below 0x2C path A whatever the angle, from 0xE0 path B */
    g_assert_cmpint(rule_path(&sim, 256 + 0x2B, 0x40, LW_PATH_B, false), ==, LW_PATH_A);
    g_assert_cmpint(rule_path(&sim, 256 + 0xE0, 0x00, LW_PATH_A, false), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 256 + 0xFF, 0xC0, LW_PATH_A, true), ==, LW_PATH_B);
    /* between: from path A to B when 0 < angle <= 0x80 */
    g_assert_cmpint(rule_path(&sim, 256 + 0x2C, 0x00, LW_PATH_A, false), ==, LW_PATH_A);
    g_assert_cmpint(rule_path(&sim, 256 + 0x2C, 0x01, LW_PATH_A, false), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 256 + 0xDF, 0x80, LW_PATH_A, false), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 256 + 0x80, 0x81, LW_PATH_A, false), ==, LW_PATH_A);
    g_assert_cmpint(rule_path(&sim, 256 + 0x80, 0xC0, LW_PATH_A, false), ==, LW_PATH_A);
    /* and back to A only when angle > 0x80 */
    g_assert_cmpint(rule_path(&sim, 256 + 0x80, 0x80, LW_PATH_B, false), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 256 + 0x80, 0x00, LW_PATH_B, false), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 256 + 0x80, 0x81, LW_PATH_B, false), ==, LW_PATH_A);
    /* the loop rule ignores the air; any other chunk, or outside the level, is path A */
    g_assert_cmpint(rule_path(&sim, 256 + 0x80, 0x40, LW_PATH_A, true), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 255, 0x40, LW_PATH_B, false), ==, LW_PATH_A);
    g_assert_cmpint(rule_path(&sim, 512, 0x40, LW_PATH_B, false), ==, LW_PATH_A);
    g_assert_cmpint(rule_path(&sim, -5, 0x40, LW_PATH_B, false), ==, LW_PATH_A);
    lw_sim_clear(&sim);
    lw_level_free(level);

    /* the second loop chunk: path A in the air, else the same */
    level = loop_level(LW_LOOP_GROUNDED, true);
    terrain_sim(&sim, level, "s1", 100, FLOOR_Y - 20);
    g_assert_cmpint(rule_path(&sim, 256 + 0xF0, 0x00, LW_PATH_B, true), ==, LW_PATH_A);
    g_assert_cmpint(rule_path(&sim, 256 + 0xF0, 0x00, LW_PATH_A, false), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 256 + 0x80, 0x40, LW_PATH_A, false), ==, LW_PATH_B);
    lw_sim_clear(&sim);
    lw_level_free(level);

    /* no rule (only a path-B chunk): the hook leaves the path alone everywhere */
    level = loop_level(LW_LOOP_NONE, true);
    terrain_sim(&sim, level, "s1", 100, FLOOR_Y - 20);
    g_assert_cmpint(rule_path(&sim, 100, 0x00, LW_PATH_B, false), ==, LW_PATH_B);
    g_assert_cmpint(rule_path(&sim, 256 + 0xF0, 0x00, LW_PATH_A, false), ==, LW_PATH_A);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* A tunnel chunk: Sonic_ChkRoll, the path unchanged. */
static void test_tunnel(void)
{
    lw_level *level = loop_level(LW_LOOP_TUNNEL, false);
    lw_sim sim;
    terrain_sim(&sim, level, "s1", 300, FLOOR_Y - 19);
    lw_player *pl = &sim.state.player;
    g_assert_false(pl->airborne);
    g_assert_false(pl->rolling);
    pl->path = LW_PATH_B;
    int32_t y = pl->y;
    lwi_loop_planes_run(&sim);
    g_assert_true(pl->rolling);
    g_assert_cmpint(pl->gsp, ==, 0x200); /* standing: given 0x200 */
    g_assert_cmpint(pl->y, ==, y + 5 * 256);
    g_assert_cmpint(pl->hr, ==, 14);
    g_assert_cmpint(pl->path, ==, LW_PATH_B);
    pl->gsp = 0x345; /* already rolling: nothing more */
    lwi_loop_planes_run(&sim);
    g_assert_cmpint(pl->gsp, ==, 0x345);
    g_assert_cmpint(pl->y, ==, y + 5 * 256);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* Path B of the loop chunk is the path_b chunk's, for the public lookup and the sensors. */
static void test_collision(void)
{
    lw_level *level = loop_level(LW_LOOP_LOOP, true);
    lw_collision_cell cc;
    g_assert_false(lw_level_collision_at(level, 500, 300, LW_PATH_A, &cc));
    g_assert_true(lw_level_collision_at(level, 500, 300, LW_PATH_B, &cc));
    g_assert_true(lw_level_collision_at(level, 300, FLOOR_Y + 1, LW_PATH_B, &cc));
    /* the chunk the wall lives in, placed itself, is an ordinary chunk on both paths */
    lw_level_layout_mut(level, LW_LAYER_FG)[2] = ALT_CHUNK; /* slot (2, 0): x 512..767 */
    g_assert_true(lw_level_collision_at(level, 756, 300 - 256, LW_PATH_A, &cc));
    lw_sensor_hit hit;
    lw_sensor_cast(level, LW_PATH_B, 490, 300, LW_DIR_RIGHT, LW_SOLID_ALL, 0, &hit);
    g_assert_true(hit.surface);
    g_assert_cmpint(hit.distance, ==, 496 - 490 - 1); /* free pixels 491..495 */
    lw_sensor_cast(level, LW_PATH_A, 490, 300, LW_DIR_RIGHT, LW_SOLID_ALL, 0, &hit);
    g_assert_false(hit.surface);
    lw_level_free(level);
}

/* Run right along the floor through the loop chunk: path B from the frame the centre ends at
 * x >= 256 + 0xE0, where path B's wall stops the player; without a path-B chunk it runs on and
 * returns to path A on the frame its centre passes x 512. */
static void run_through(bool with_alt, uint32_t *to_b, uint32_t *to_a, int32_t *max_x)
{
    lw_level *level = loop_level(LW_LOOP_LOOP, with_alt);
    lw_sim sim;
    terrain_sim(&sim, level, "s1", 200, FLOOR_Y - 20);
    *to_b = *to_a = 0;
    *max_x = 0;
    uint8_t path = sim.state.player.path;
    for (uint32_t f = 1; f <= 240; f++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        const lw_player *pl = &sim.state.player;
        int32_t x = pl->x >> 8;
        *max_x = x > *max_x ? x : *max_x;
        g_assert_false(pl->airborne);
        g_assert_cmpint(pl->angle, ==, 0);
        if (pl->path != path) {
            if (pl->path == LW_PATH_B) {
                g_assert_cmpint(*to_b, ==, 0);
                *to_b = f;
                g_assert_cmpint(x, >=, 256 + 0xE0); /* the frame the threshold is reached */
                g_assert_cmpint(x, <, 512);
            } else {
                g_assert_cmpint(*to_a, ==, 0);
                *to_a = f;
                g_assert_cmpint(x, >=, 512);
            }
            path = pl->path;
        } else if (pl->path == LW_PATH_A && x >= 256 + 0xE0 && x < 512) {
            g_assert_not_reached(); /* a frame late */
        }
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_run(void)
{
    uint32_t to_b, to_a;
    int32_t max_x;
    run_through(false, &to_b, &to_a, &max_x);
    /* measured: s1 profile from rest at x 200, holding right */
    g_assert_cmpuint(to_b, ==, 109);
    g_assert_cmpuint(to_a, ==, 115);
    g_assert_cmpint(max_x, >, 900);
    run_through(true, &to_b, &to_a, &max_x);
    g_assert_cmpuint(to_b, ==, 109);
    g_assert_cmpuint(to_a, ==, 0);
    g_assert_cmpint(max_x, <, 496); /* the path-B wall at x 496 */
}

/* The table goes through the packed format (LOOP, version 1.2); a level without one is 1.1. */
static void test_packed(void)
{
    lw_level *level = loop_level(LW_LOOP_GROUNDED, true);
    lw_error err;
    uint8_t *bytes;
    size_t size;
    g_assert_true(lw_packed_write(level, NULL, &bytes, &size, &err));
    g_assert_cmpint(bytes[10], ==, 2);
    lw_packed_level *packed;
    g_assert_true(lw_packed_load(bytes, size, &packed, &err));
    const lw_level *back = lw_packed_level_get(packed);
    g_assert_cmpuint(back->loop_chunk_count, ==, 1);
    g_assert_cmpuint(back->loop_chunks[0].chunk, ==, LOOP_CHUNK);
    g_assert_cmpuint(back->loop_chunks[0].path_b, ==, ALT_CHUNK);
    g_assert_cmpuint(back->loop_chunks[0].rule, ==, LW_LOOP_GROUNDED);
    lw_level *dup = lw_level_dup(back);
    g_assert_nonnull(dup);
    g_assert_true(dup->loop_chunks != back->loop_chunks);
    g_assert_cmpmem(dup->loop_chunks, sizeof *dup->loop_chunks, back->loop_chunks,
                    sizeof *back->loop_chunks);
    lw_packed_level_free(packed);
    free(bytes);
    /* a bad entry is refused with its place */
    lw_loop_chunk bad = {LOOP_CHUNK, 99, LW_LOOP_LOOP};
    g_assert_true(lw_level_set_loop_chunks(dup, &bad, 1, &err));
    g_assert_false(lw_level_validate(dup, &err));
    g_assert_nonnull(strstr(err.message, "loop chunk 0"));
    g_assert_true(lw_level_set_loop_chunks(dup, NULL, 0, &err));
    g_assert_true(lw_packed_write(dup, NULL, &bytes, &size, &err));
    g_assert_cmpint(bytes[10], ==, 1);
    free(bytes);
    lw_level_free(dup);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/loop-planes/rule", test_rule);
    g_test_add_func("/engine/loop-planes/tunnel", test_tunnel);
    g_test_add_func("/engine/loop-planes/collision", test_collision);
    g_test_add_func("/engine/loop-planes/run", test_run);
    g_test_add_func("/engine/loop-planes/packed", test_packed);
    return g_test_run();
}
