/* SPDX-License-Identifier: MIT */
/* The simulation as a whole: start probe, hash and save/restore, path swappers (§2.7),
 * jump-through and LRB-only cells (§2.6), boundaries and the kill plane (§4.7), variable jump
 * height (§5.3), the rolling-jump radius quirk (§11.4), game differences (§10) and each §11
 * switch. */
#include "physics.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/sim.h>

static lw_level *flat_level(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    return level;
}

static bool has_cast(const lw_sim *sim, lw_cast_use use)
{
    for (int i = 0; i < sim->debug.cast_count; i++)
        if (sim->debug.casts[i].use == use)
            return true;
    return false;
}

/* ---- start probe ---- */

static void test_start(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    /* a gap of 31 px below the feet is the reach; 32 is too far */
    terrain_sim(&sim, level, "s2", 400, 716 - 31);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
    lw_sim_clear(&sim);
    terrain_sim(&sim, level, "s2", 400, 716 - 32);
    g_assert_true(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716 - 32, 0));
    lw_sim_clear(&sim);
    for (int gap = 0; gap <= 31; gap++) { /* wherever the feet sit in their block */
        terrain_sim(&sim, level, "s2", 400, 716 - gap);
        g_assert_false(sim.state.player.airborne);
        lw_sim_clear(&sim);
    }
    lw_sim_clear(&sim);
    /* inside the ground: pushed up onto it */
    terrain_sim(&sim, level, "s2", 400, 726);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
    g_assert_cmpint(sim.state.frame, ==, 0);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    g_assert_cmpint(sim.state.player.hr, ==, 19);
    lw_sim_clear(&sim);
    /* nothing below: airborne where it was put */
    terrain_sim(&sim, level, "s2", 400, 100);
    g_assert_true(sim.state.player.airborne);
    lw_sim_clear(&sim);
    /* a steep surface (wall angle) does not start grounded */
    lw_level *steep = terrain_new(128, 2048, 1024);
    terrain_fill(steep, 0, 46, 127, 49, terrain_full_angle(steep, 0xC0));
    terrain_sim(&sim, steep, "s2", 400, 716);
    g_assert_true(sim.state.player.airborne);
    lw_sim_clear(&sim);
    lw_level_free(steep);
    /* a tilted floor gives its angle */
    lw_level *tilted = terrain_new(128, 2048, 1024);
    terrain_fill(tilted, 0, 46, 127, 49, terrain_full_angle(tilted, 0x10));
    terrain_sim(&sim, tilted, "s2", 400, 716);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.angle, ==, 0x10);
    lw_sim_clear(&sim);
    lw_level_free(tilted);
    lw_level_free(level);
}

/* ---- determinism, hash, save/restore ---- */

static lw_input pattern_input(int frame)
{
    static const lw_input cycle[] = {LW_BUTTON_RIGHT,
                                     LW_BUTTON_RIGHT | LW_BUTTON_JUMP,
                                     LW_BUTTON_RIGHT,
                                     0,
                                     LW_BUTTON_LEFT | LW_BUTTON_DOWN,
                                     LW_BUTTON_DOWN,
                                     LW_BUTTON_JUMP,
                                     LW_BUTTON_LEFT};
    return cycle[(frame / 37) % 8];
}

static void test_hash_and_restore(void)
{
    lw_level *level = flat_level();
    terrain_rect(level, 1200, 600, 1263, 735);
    lw_sim a, b;
    terrain_sim(&a, level, "s2", 400, 716);
    terrain_sim(&b, level, "s2", 400, 716);
    g_assert_cmpuint(lw_sim_hash(&a), ==, lw_sim_hash(&b));
    lw_sim_state saved;
    uint64_t saved_hash = 0;
    for (int f = 0; f < 2000; f++) {
        lw_sim_step(&a, pattern_input(f));
        lw_sim_step(&b, pattern_input(f));
        g_assert_cmpuint(lw_sim_hash(&a), ==, lw_sim_hash(&b));
        if (f == 999) {
            lw_sim_save(&a, &saved);
            saved_hash = lw_sim_hash(&a);
        }
    }
    uint64_t end_hash = lw_sim_hash(&a);
    /* rewind to frame 1000 and replay: the same end state */
    lw_sim_restore(&a, &saved);
    g_assert_cmpuint(lw_sim_hash(&a), ==, saved_hash);
    g_assert_cmpuint(a.state.frame, ==, 1000);
    for (int f = 1000; f < 2000; f++)
        lw_sim_step(&a, pattern_input(f));
    g_assert_cmpuint(lw_sim_hash(&a), ==, end_hash);
    /* any field change moves the hash */
    lw_sim_state copy = a.state;
    a.state.player.facing_left = !a.state.player.facing_left;
    g_assert_cmpuint(lw_sim_hash(&a), !=, end_hash);
    a.state = copy;
    a.state.player.control_lock++;
    g_assert_cmpuint(lw_sim_hash(&a), !=, end_hash);
    a.state = copy;
    a.state.frame++;
    g_assert_cmpuint(lw_sim_hash(&a), !=, end_hash);
    /* reset returns to the start state */
    lw_sim_reset(&b, 400, 716);
    lw_sim c;
    terrain_sim(&c, level, "s2", 400, 716);
    g_assert_cmpuint(lw_sim_hash(&b), ==, lw_sim_hash(&c));
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    lw_sim_clear(&c);
    lw_level_free(level);
}

/* The hash of fixed states (the serialisation documented in sim.h is part of the contract;
 * expected values computed independently with Python from that description). */
static void test_hash_value(void)
{
    lw_sim sim = {0};
    g_assert_cmpuint(lw_sim_hash(&sim), ==, 0x3aefc885e76ecb37ull);
    sim.state.frame = 1;
    sim.state.player.x = 400 * 256;
    sim.state.player.y = 716 * 256;
    sim.state.player.hr = 19;
    sim.state.player.wr = 9;
    sim.state.player.ground_angle[0] = sim.state.player.ground_angle[1] = 0xFF;
    g_assert_cmpuint(lw_sim_hash(&sim), ==, 0x3550cd32eee64889ull);
}

/* ---- debug records ---- */

static void test_debug(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpuint(sim.debug.frame, ==, 1);
    g_assert_cmpuint(sim.debug.routine, ==, LW_ROUTINE_GROUND);
    g_assert_cmpuint(sim.debug.mode, ==, LW_MODE_FLOOR);
    g_assert_cmpuint(sim.debug.air_quadrant, ==, LW_SIM_DEBUG_NONE);
    /* push sensor (F) then ground A and B */
    g_assert_cmpuint(sim.debug.cast_count, ==, 3);
    const lw_cast_record *r = &sim.debug.casts[0];
    g_assert_cmpuint(r->use, ==, LW_CAST_PUSH);
    g_assert_cmpuint(r->sensor, ==, LW_SENSOR_F);
    g_assert_cmpuint(r->dir, ==, LW_DIR_RIGHT);
    g_assert_cmpuint(r->solidity, ==, LW_SOLID_LRB);
    g_assert_cmpint(r->x, ==, 410);
    g_assert_cmpint(r->y, ==, 716 + 8);
    r = &sim.debug.casts[1];
    g_assert_cmpuint(r->use, ==, LW_CAST_GROUND);
    g_assert_cmpuint(r->sensor, ==, LW_SENSOR_A);
    g_assert_cmpint(r->x, ==, 391);
    g_assert_cmpint(r->y, ==, 735);
    g_assert_cmpint(r->hit.distance, ==, 0);
    g_assert_true(r->hit.found);
    g_assert_cmpint(r->hit.cell_x, ==, 384);
    g_assert_cmpint(r->hit.cell_y, ==, 736);
    g_assert_cmpuint(r->hit.angle, ==, 0xFF);
    g_assert_cmpuint(sim.debug.casts[2].sensor, ==, LW_SENSOR_B);
    /* the air routine: walls and floor while falling */
    sim.state.player.airborne = true;
    sim.state.player.y = subpx(600, 0);
    lw_sim_step(&sim, 0);
    g_assert_cmpuint(sim.debug.routine, ==, LW_ROUTINE_AIR);
    g_assert_cmpuint(sim.debug.air_quadrant, ==, 0x00);
    g_assert_cmpuint(sim.debug.mode, ==, LW_SIM_DEBUG_NONE);
    g_assert_cmpuint(sim.debug.cast_count, ==, 4);
    g_assert_cmpuint(sim.debug.casts[0].sensor, ==, LW_SENSOR_E);
    g_assert_cmpuint(sim.debug.casts[1].sensor, ==, LW_SENSOR_F);
    g_assert_cmpuint(sim.debug.casts[2].use, ==, LW_CAST_AIR_FLOOR);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- path swappers (§2.7) ---- */

static lw_object swapper(int32_t x, int32_t y, bool horizontal, uint16_t radius)
{
    lw_object o = {.type = LW_OBJECT_PATH_SWAPPER, .x = x, .y = y};
    o.swapper.horizontal = horizontal;
    o.swapper.radius = radius;
    o.swapper.path[0] = LW_PATH_A;
    o.swapper.path[1] = LW_PATH_B;
    return o;
}

static int run_until_x(lw_sim *sim, lw_input input, int32_t x_px, int max)
{
    for (int n = 0; n < max; n++) {
        lw_sim_step(sim, input);
        int32_t px = sim->state.player.x >> 8;
        if ((input & LW_BUTTON_RIGHT) ? px >= x_px : px <= x_px)
            return n + 1;
    }
    return -1;
}

static void test_swappers(void)
{
    lw_level *level = flat_level();
    lw_object o = swapper(1000, 700, false, 64);
    g_assert_nonnull(lw_level_add_object(level, &o));
    o = swapper(1400, 300, false, 32); /* far above the player: out of range */
    g_assert_nonnull(lw_level_add_object(level, &o));
    o = swapper(1600, 700, false, 64);
    o.swapper.priority_only = true;
    g_assert_nonnull(lw_level_add_object(level, &o));
    lw_object marker = {.type = LW_OBJECT_MARKER, .x = 5, .y = 5, .name = "ring"};
    g_assert_nonnull(lw_level_add_object(level, &marker));

    lw_sim sim;
    terrain_sim(&sim, level, "s2", 900, 716);
    g_assert_cmpuint(sim.swapper_count, ==, 3);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    /* path A up to the swapper's X, B from the frame the centre reaches it */
    for (int n = 0; n < 200 && (sim.state.player.x >> 8) < 1010; n++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.path, ==,
                        (sim.state.player.x >> 8) >= 1000 ? LW_PATH_B : LW_PATH_A);
    }
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_B);
    /* the out-of-range and priority-only swappers never change the path */
    g_assert_cmpint(run_until_x(&sim, LW_BUTTON_RIGHT, 1700, 400), >, 0);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_B);
    /* back to the left: A again when crossing 1000 */
    g_assert_cmpint(run_until_x(&sim, LW_BUTTON_LEFT, 990, 400), >, 0);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    lw_sim_clear(&sim);

    /* starting on the right of a swapper: the side is right, nothing happens until crossing */
    terrain_sim(&sim, level, "s2", 1100, 716);
    g_assert_true((sim.state.swapper_side[0] & 1u) != 0);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    lw_sim_clear(&sim);
    lw_level_free(level);

    /* grounded-only: jumping over it updates the side but not the path, and it never fires
     * later */
    level = flat_level();
    o = swapper(1000, 700, false, 128);
    o.swapper.grounded_only = true;
    g_assert_nonnull(lw_level_add_object(level, &o));
    terrain_sim(&sim, level, "s2", 940, 716);
    sim.state.player.gsp = 0x600;
    lw_sim_step(&sim, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
    g_assert_true(sim.state.player.airborne);
    while (sim.state.player.airborne)
        lw_sim_step(&sim, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
    g_assert_cmpint(sim.state.player.x >> 8, >, 1000);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    g_assert_true((sim.state.swapper_side[0] & 1u) != 0);
    terrain_run(&sim, LW_BUTTON_RIGHT, 30);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    /* walking back over it on the ground fires it (left side: path A) */
    sim.state.player.path = LW_PATH_B;
    g_assert_cmpint(run_until_x(&sim, LW_BUTTON_LEFT, 990, 600), >, 0);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    lw_sim_clear(&sim);
    lw_level_free(level);

    /* a horizontal swapper: threshold on Y while falling through it */
    level = flat_level();
    o = swapper(400, 500, true, 64);
    g_assert_nonnull(lw_level_add_object(level, &o));
    terrain_sim(&sim, level, "s2", 400, 400);
    g_assert_true(sim.state.player.airborne);
    while (sim.state.player.airborne && (sim.state.player.y >> 8) < 500)
        lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_B);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* Each path sees its own solidity: a floor only on path A is a pit on path B. */
static void test_paths_collide(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    uint16_t full = terrain_full(level);
    for (int bx = 0; bx < 256; bx++)
        for (int by = 46; by < 50; by++)
            terrain_set_path(level, bx, by, full, 0, LW_SOLID_ALL,
                             bx >= 70 ? LW_SOLID_NONE : LW_SOLID_ALL);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1200, 716);
    terrain_run(&sim, 0, 10);
    g_assert_false(sim.state.player.airborne);
    sim.state.player.path = LW_PATH_B;
    lw_sim_step(&sim, 0);
    g_assert_true(sim.state.player.airborne);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* §2.6: jump up through a top-only platform and land on it; LRB-only cells are walls and
 * ceilings but no floor. */
static void test_jump_through(void)
{
    lw_level *level = flat_level();
    uint16_t full = terrain_full(level);
    /* a one-block platform, top row 672 (44 px above the floor), x 352..447 */
    for (int bx = 22; bx < 28; bx++)
        terrain_set_path(level, bx, 42, full, 0, LW_SOLID_TOP, LW_SOLID_TOP);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    bool landed_high = false;
    for (int n = 0; n < 120; n++) {
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        if (!sim.state.player.airborne) {
            landed_high = (sim.state.player.y >> 8) == 672 - 20;
            break;
        }
    }
    g_assert_true(landed_high);
    lw_sim_clear(&sim);

    /* LRB-only floor: the player falls through it */
    lw_level *lrb = terrain_new(128, 2048, 1024);
    for (int bx = 0; bx < 128; bx++)
        terrain_set_path(lrb, bx, 46, full, 0, LW_SOLID_LRB, LW_SOLID_LRB);
    /* the full tile index is the same in the new level: its first tile is full too */
    g_assert_cmpuint(terrain_full(lrb), ==, 0);
    terrain_sim(&sim, lrb, "s2", 400, 700);
    g_assert_true(sim.state.player.airborne);
    terrain_run(&sim, 0, 60);
    g_assert_cmpint(sim.state.player.y >> 8, >, 736);
    lw_sim_clear(&sim);
    lw_level_free(lrb);
    lw_level_free(level);
}

/* ---- boundaries and the kill plane (§4.7) ---- */

static void test_boundaries(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 100, 716);
    sim.state.player.gsp = -1536;
    for (int n = 0; n < 60; n++) {
        lw_sim_step(&sim, LW_BUTTON_LEFT);
        g_assert_cmpint(sim.state.player.x >> 8, >=, 16);
    }
    g_assert_cmpint(sim.state.player.x, ==, subpx(16, 0));
    g_assert_cmpint(sim.state.player.xsp, ==, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 0);
    lw_sim_clear(&sim);

    terrain_sim(&sim, level, "s2", 4000, 716);
    sim.state.player.gsp = 1536;
    for (int n = 0; n < 100; n++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.x >> 8, <=, 4096 - 24);
    }
    g_assert_cmpint(sim.state.player.x, ==, subpx(4096 - 24, 0));
    lw_sim_clear(&sim);

    /* in the air too */
    terrain_sim(&sim, level, "s2", 40, 300);
    sim.state.player.xsp = -1536;
    terrain_run(&sim, LW_BUTTON_LEFT, 10);
    g_assert_cmpint(sim.state.player.x, ==, subpx(16, 0));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_kill_plane(void)
{
    lw_level *level = terrain_new(128, 1024, 1024); /* no floor at all */
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 500, 100);
    /* the check runs before the move (as Sonic_LevelBound): a frame that starts with the centre
     * below level height + 224 kills without moving */
    int frames = 0;
    int32_t start_y = sim.state.player.y;
    while (lw_sim_step(&sim, 0) == LW_SIM_RUNNING) {
        frames++;
        g_assert_cmpint(start_y >> 8, <=, 1024 + 224);
        start_y = sim.state.player.y;
        g_assert_cmpint(frames, <, 1000);
    }
    g_assert_cmpint(sim.state.status, ==, LW_SIM_DEAD);
    g_assert_cmpint(start_y >> 8, >, 1024 + 224);
    g_assert_cmpint(sim.state.player.y, ==, start_y);
    g_assert_cmpint(sim.state.frame, ==, (uint32_t)frames + 1);
    lw_sim_state dead = sim.state;
    uint64_t h = lw_sim_hash(&sim);
    g_assert_cmpint(lw_sim_step(&sim, LW_BUTTON_JUMP), ==, LW_SIM_DEAD);
    g_assert_cmpmem(&dead, sizeof dead, &sim.state, sizeof sim.state);
    g_assert_cmpuint(lw_sim_hash(&sim), ==, h);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §5.3 variable jump height ---- */

static int32_t jump_apex(lw_level *level, int release_frame)
{
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    int32_t apex = sim.state.player.y;
    for (int n = 1; n < 200 && sim.state.player.airborne; n++) {
        lw_sim_step(&sim, n < release_frame ? LW_BUTTON_JUMP : 0);
        if (n == release_frame && release_frame < 13)
            g_assert_cmpint(sim.state.player.ysp, ==, -1024 + 56);
        if (sim.state.player.y < apex)
            apex = sim.state.player.y;
    }
    lw_sim_clear(&sim);
    return apex;
}

static void test_variable_jump(void)
{
    lw_level *level = flat_level();
    int32_t full = jump_apex(level, 1000);
    g_assert_cmpint(full, ==, subpx(621, 40));
    /* from air frame 13 on Ysp is already >= -4: releasing changes nothing */
    g_assert_cmpint(jump_apex(level, 13), ==, full);
    g_assert_cmpint(jump_apex(level, 12), >, full);
    g_assert_cmpint(jump_apex(level, 1), >, jump_apex(level, 5));
    lw_level_free(level);
}

/* ---- §11.4 rolling-jump radius ---- */

static void test_rolljump(void)
{
    lw_level *level = flat_level();
    const char *profiles[] = {"s2", "s3k"};
    for (int fix = 0; fix < 3; fix++) {
        lw_sim sim;
        terrain_sim(&sim, level, profiles[fix == 2 ? 1 : 0], 400, 716);
        sim.profile.fix_rolljump_radius = fix == 1;
        /* slow (below 1 px/frame after the roll starts: S2 snap limit 4); S3K needs 0x100 after
         * friction to start a roll */
        sim.state.player.gsp = fix == 2 ? 0x200 : 0x100;
        lw_sim_step(&sim, LW_BUTTON_DOWN);
        g_assert_true(sim.state.player.rolling);
        g_assert_cmpint(sim.state.player.y, ==, subpx(721, 0));
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        g_assert_true(sim.state.player.rolljump);
        g_assert_true(sim.state.player.rolling);
        g_assert_cmpint(sim.state.player.y, ==, subpx(721, 0)); /* no shift: already a ball */
        g_assert_cmpint(sim.state.player.hr, ==, fix == 1 ? 14 : 19);
        /* no air control after a rolling jump */
        int32_t xsp = sim.state.player.xsp;
        lw_sim_step(&sim, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
        g_assert_cmpint(sim.state.player.xsp, ==, xsp);
        while (sim.state.player.airborne)
            lw_sim_step(&sim, LW_BUTTON_JUMP);
        g_assert_false(sim.state.player.rolling);
        g_assert_cmpint(sim.state.player.hr, ==, 19);
        int32_t land_px = sim.state.player.y >> 8;
        if (fix == 0) {
            /* S2: landing subtracts 5 from standing radii: 5 px above the floor, and at low
             * speed (snap limit 4) briefly airborne again */
            g_assert_cmpint(land_px, ==, 711);
            lw_sim_step(&sim, 0);
            g_assert_true(sim.state.player.airborne);
            while (sim.state.player.airborne)
                lw_sim_step(&sim, 0);
            g_assert_cmpint(sim.state.player.y >> 8, ==, 716);
        } else {
            /* fixed, or S3K's shift from the current radius: on the floor at once */
            g_assert_cmpint(land_px, ==, 716);
            lw_sim_step(&sim, 0);
            g_assert_false(sim.state.player.airborne);
        }
        lw_sim_clear(&sim);
    }
    /* CD keeps air control after a rolling jump */
    lw_sim sim;
    terrain_sim(&sim, level, "cd", 400, 716);
    sim.state.player.gsp = 0x100;
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    int32_t xsp = sim.state.player.xsp;
    lw_sim_step(&sim, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
    g_assert_cmpint(sim.state.player.xsp, ==, xsp + 24);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- other switches ---- */

static void test_move_on_jump_frame(void)
{
    lw_level *level = flat_level();
    lw_sim orig, fixed;
    terrain_sim(&orig, level, "s2", 400, 716);
    terrain_sim(&fixed, level, "s2", 400, 716);
    fixed.profile.move_on_jump_frame = true;
    lw_sim_step(&orig, LW_BUTTON_JUMP);
    lw_sim_step(&fixed, LW_BUTTON_JUMP);
    g_assert_cmpint(orig.state.player.y, ==, subpx(721, 0));
    g_assert_cmpint(fixed.state.player.y, ==, subpx(714, 128)); /* air frame 1 of T26 */
    /* the same trajectory, one frame earlier */
    for (int n = 0; n < 80; n++) {
        lw_sim_step(&orig, LW_BUTTON_JUMP);
        g_assert_cmpint(orig.state.player.y, ==, fixed.state.player.y);
        g_assert_cmpint(orig.state.player.airborne, ==, fixed.state.player.airborne);
        lw_sim_step(&fixed, LW_BUTTON_JUMP);
    }
    lw_sim_clear(&orig);
    lw_sim_clear(&fixed);
    lw_level_free(level);
}

static void test_roll_cap(void)
{
    lw_level *level = flat_level();
    for (int fix = 0; fix < 2; fix++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 716);
        sim.profile.roll_cap_on_gsp = fix;
        sim.state.player.rolling = true;
        sim.state.player.hr = 14;
        sim.state.player.wr = 7;
        sim.state.player.y = subpx(721, 0);
        sim.state.player.gsp = 5000;
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.xsp, ==, 4096);
        g_assert_cmpint(sim.state.player.gsp, ==, fix ? 4096 : 5000 - 6);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* §11.6: moving mostly right with the feet deep in a top-only platform. */
static void test_landing_filter(void)
{
    for (int fix = 0; fix < 2; fix++) {
        lw_level *level = terrain_new(128, 4096, 1024);
        uint16_t full = terrain_full(level);
        for (int bx = 0; bx < 256; bx++)
            terrain_set_path(level, bx, 46, full, 0, LW_SOLID_TOP, LW_SOLID_TOP);
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 600);
        sim.profile.landing_filter_all_quadrants = fix;
        lw_player *pl = &sim.state.player;
        pl->airborne = true;
        pl->xsp = 0x600;
        pl->ysp = 0; /* 0x38 after gravity: mostly right, falling */
        pl->x = subpx(400, 0);
        pl->y = subpx(726, 0); /* feet row 745: 10 px inside the platform */
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.debug.air_quadrant, ==, 0xC0);
        g_assert_cmpint(pl->airborne, ==, fix != 0);
        if (!fix)
            g_assert_cmpint(pl->y >> 8, ==, 716); /* popped up onto it */
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* §11.7: push sensors at exactly 0x40 (S3K and the fix) */
static void test_push_cardinals(void)
{
    lw_level *level = terrain_new(128, 2048, 2048);
    terrain_fill(level, 10, 10, 20, 100, terrain_full_angle(level, 0x40)); /* left wall */
    const char *profiles[] = {"s2", "s3k"};
    for (size_t i = 0; i < 2; i++) {
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 1000, 100);
        lw_player *pl = &sim.state.player;
        pl->airborne = false;
        pl->angle = 0x40;
        pl->x = subpx(355, 0); /* the wall's last column is 335: A/B at 336 touch it */
        pl->y = subpx(1000, 0);
        pl->gsp = 0x400; /* down the wall */
        lw_sim_step(&sim, 0);
        g_assert_cmpint(has_cast(&sim, LW_CAST_PUSH), ==, i == 1);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* §11.11 and §11.12, through the push sensor alone. */
static void test_push_response(void)
{
    lw_level *level = terrain_new(128, 2048, 2048);
    uint16_t full = terrain_full(level);
    terrain_fill(level, 0, 0, 127, 30, full); /* solid down to row 495 */
    for (int fix = 0; fix < 2; fix++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 1000, 1000);
        sim.profile.fix_push_response_rounding = fix;
        lw_player *pl = &sim.state.player;
        pl->airborne = false;
        pl->angle = 0xE0;
        pl->gsp = 0x300; /* dir_ang 0xA0: cast up (modeOf), response horizontal (rounding) */
        pl->xsp = 0x200;
        pl->ysp = -0x200;
        pl->x = subpx(1000, 0);
        pl->y = subpx(505, 0); /* sy = 503 after the move: anchor row 493, 3 px inside */
        lwi_phys_push_sensor(&sim);
        g_assert_cmpuint(sim.debug.casts[sim.debug.cast_count - 1].dir, ==, LW_DIR_UP);
        g_assert_cmpint(sim.debug.casts[sim.debug.cast_count - 1].hit.distance, ==, -3);
        if (!fix) {
            g_assert_cmpint(pl->gsp, ==, 0);
            g_assert_true(pl->pushing);
            g_assert_cmpint(pl->xsp, ==, 0x200 - 3 * 256);
            g_assert_cmpint(pl->ysp, ==, -0x200);
        } else {
            g_assert_cmpint(pl->gsp, ==, 0x300);
            g_assert_false(pl->pushing);
            g_assert_cmpint(pl->xsp, ==, 0x200);
            g_assert_cmpint(pl->ysp, ==, -0x200 + 3 * 256);
        }
        lw_sim_clear(&sim);
    }
    /* low sensor: ang 0x04 drops 8 px, 0xFC only with push_low_symmetric */
    for (int fix = 0; fix < 2; fix++) {
        static const uint8_t angles[] = {0x04, 0xFC};
        for (size_t k = 0; k < 2; k++) {
            lw_sim sim;
            terrain_sim(&sim, level, "s2", 1000, 1000);
            sim.profile.push_low_symmetric = fix;
            lw_player *pl = &sim.state.player;
            pl->airborne = false;
            pl->angle = angles[k];
            pl->gsp = 0x100;
            pl->xsp = pl->ysp = 0;
            pl->x = subpx(1000, 0);
            pl->y = subpx(1000, 0);
            lwi_phys_push_sensor(&sim);
            bool low = sim.debug.casts[sim.debug.cast_count - 1].y == 1008;
            g_assert_cmpint(low, ==, k == 0 || fix);
            lw_sim_clear(&sim);
        }
    }
    lw_level_free(level);
}

/* §11.15: the slip step still runs on the frame the player left the ground. */
static void test_slip_after_ledge(void)
{
    lw_level *level = flat_level();
    for (int fix = 0; fix < 2; fix++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 716);
        sim.profile.fix_slip_after_ledge = fix;
        sim.state.player.airborne = true;
        sim.state.player.angle = 0x40;
        sim.state.player.gsp = 0x100;
        lwi_phys_slope_repel(&sim);
        g_assert_cmpint(sim.state.player.control_lock, ==, fix ? 0 : 30);
        g_assert_cmpint(sim.state.player.gsp, ==, fix ? 0x100 : 0);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* §5.8 S3K: a wall hit in the mostly-right row goes on to the floor check. */
static void test_s3k_wall_continues(void)
{
    const char *profiles[] = {"s2", "s3k"};
    for (size_t i = 0; i < 2; i++) {
        lw_level *level = flat_level();
        terrain_rect(level, 704, 400, 719, 735);
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 600, 600);
        lw_player *pl = &sim.state.player;
        pl->airborne = true;
        pl->xsp = 0x600;
        pl->ysp = 0x100 - 0x38;
        pl->x = subpx(696, 0) - 0x600; /* after the move X = 696: F at 706 is 3 px inside */
        pl->y = subpx(718, 0) - pl->ysp;
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.debug.air_quadrant, ==, 0xC0);
        g_assert_cmpint(pl->x >> 8, ==, 693);
        g_assert_cmpint(pl->xsp, ==, 0);
        g_assert_cmpint(pl->airborne, ==, i == 0);
        if (i == 0)
            g_assert_cmpint(pl->gsp, ==, 0x100);
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* §5.8 S3K: moving mostly left, a ceiling hit at d <= -20 is a wall on the right instead. */
static void test_s3k_deep_ceiling(void)
{
    const char *profiles[] = {"s2", "s3k"};
    for (size_t i = 0; i < 2; i++) {
        lw_level *level = terrain_new(128, 2048, 1024);
        terrain_fill(level, 30, 10, 60, 18, terrain_full(level)); /* x 480.., rows ..303 */
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 1000, 800);
        lw_player *pl = &sim.state.player;
        pl->airborne = true;
        pl->xsp = -0x600;
        pl->ysp = -0x100 - 0x38;
        /* after the move: X = 489 (C at 480 inside, E at 479 outside), Y = 303 */
        pl->x = subpx(489, 0) + 0x600;
        pl->y = subpx(303, 0) - pl->ysp;
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.debug.air_quadrant, ==, 0x40);
        if (i == 0) {
            g_assert_cmpint(pl->y >> 8, ==, 323);
            g_assert_cmpint(pl->ysp, ==, 0);
            g_assert_cmpint(pl->x >> 8, ==, 489);
        } else {
            g_assert_cmpint(pl->y >> 8, ==, 303);
            g_assert_cmpint(pl->xsp, ==, 0);
            g_assert_cmpint(pl->x >> 8, <, 489); /* pushed out to the left */
        }
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* Speeds stay inside 16 bits (saturated at the end of every frame). */
static void test_saturation(void)
{
    lw_level *level = terrain_new(256, 2048, 16384);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 100);
    sim.state.player.ysp = 32760;
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.ysp, ==, 32767);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/sim/start", test_start);
    g_test_add_func("/engine/sim/hash-and-restore", test_hash_and_restore);
    g_test_add_func("/engine/sim/hash-value", test_hash_value);
    g_test_add_func("/engine/sim/debug", test_debug);
    g_test_add_func("/engine/sim/swappers", test_swappers);
    g_test_add_func("/engine/sim/paths-collide", test_paths_collide);
    g_test_add_func("/engine/sim/jump-through", test_jump_through);
    g_test_add_func("/engine/sim/boundaries", test_boundaries);
    g_test_add_func("/engine/sim/kill-plane", test_kill_plane);
    g_test_add_func("/engine/sim/variable-jump", test_variable_jump);
    g_test_add_func("/engine/sim/rolljump", test_rolljump);
    g_test_add_func("/engine/sim/move-on-jump-frame", test_move_on_jump_frame);
    g_test_add_func("/engine/sim/roll-cap", test_roll_cap);
    g_test_add_func("/engine/sim/landing-filter", test_landing_filter);
    g_test_add_func("/engine/sim/push-cardinals", test_push_cardinals);
    g_test_add_func("/engine/sim/push-response", test_push_response);
    g_test_add_func("/engine/sim/slip-after-ledge", test_slip_after_ledge);
    g_test_add_func("/engine/sim/s3k-wall-continues", test_s3k_wall_continues);
    g_test_add_func("/engine/sim/s3k-deep-ceiling", test_s3k_deep_ceiling);
    g_test_add_func("/engine/sim/saturation", test_saturation);
    return g_test_run();
}
