/* SPDX-License-Identifier: MIT */
/* Grounded movement: PHYSICS.md §9 scenarios T01, T02, T10-T23, T43-T47, T50, with the exact
 * values the spec gives. Unless stated, profile S2 and the §9 level: a floor of full flagged
 * blocks whose top row is y = 736, Sonic standing at X = 400, Y = 716. */
#include "physics.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/sim.h>

/* The §9 level: 4096 x 1024 px, floor top row 736 everywhere. */
static lw_level *flat_level(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    return level;
}

/* The ground-sensor winner of the last step (A wins ties), from the debug records. */
static const lw_cast_record *ground_winner(const lw_sim *sim)
{
    const lw_cast_record *a = NULL, *b = NULL;
    for (int i = 0; i < sim->debug.cast_count; i++) {
        const lw_cast_record *r = &sim->debug.casts[i];
        if (r->use != LW_CAST_GROUND)
            continue;
        if (r->sensor == LW_SENSOR_A)
            a = r;
        else
            b = r;
    }
    g_assert_nonnull(a);
    g_assert_nonnull(b);
    return a->hit.distance <= b->hit.distance ? a : b;
}

static const lw_cast_record *find_cast(const lw_sim *sim, lw_cast_use use)
{
    for (int i = 0; i < sim->debug.cast_count; i++)
        if (sim->debug.casts[i].use == use)
            return &sim->debug.casts[i];
    return NULL;
}

/* T01 — standing height: Y = 736 - 19 - 1, feet sensor row 735, distance 0; Tails Y = 720. */
static void test_t01_standing(void)
{
    lw_level *level = flat_level();
    const char *profiles[] = {"s1", "s2", "s3k"};
    for (size_t i = 0; i < G_N_ELEMENTS(profiles); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 400, 716);
        g_assert_false(sim.state.player.airborne);
        g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
        const lw_cast_record *w = ground_winner(&sim);
        g_assert_cmpint(w->y, ==, 735);
        g_assert_cmpint(w->hit.distance, ==, 0);
        lw_sim_clear(&sim);
    }
    /* started a little above the floor, the start probe puts the player on it */
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 700);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
    lw_sim_clear(&sim);

    lw_profile p;
    g_assert_true(lw_profile_init(&p, "s2", "tails", NULL));
    g_assert_true(lw_sim_init(&sim, level, &p, 400, 716, NULL));
    g_assert_cmpint(sim.state.player.y, ==, subpx(720, 0));
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.y, ==, subpx(720, 0));
    g_assert_cmpint(sim.state.player.hr, ==, 15);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T02 — ball height 721: entering the ball adds exactly 5, un-rolling subtracts 5. */
static void test_t02_ball(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    g_assert_cmpint(sim.state.player.y, ==, subpx(721, 0));
    g_assert_cmpint(sim.state.player.hr, ==, 14);
    g_assert_cmpint(sim.state.player.wr, ==, 7);
    lw_sim_clear(&sim);

    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.gsp = 0x200;
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    g_assert_true(sim.state.player.rolling);
    g_assert_cmpint(sim.state.player.y, ==, subpx(721, 0));
    /* the roll starts after this frame's running friction (§6.2): 0x200 - 12 */
    g_assert_cmpint(sim.state.player.gsp, ==, 0x200 - 12);
    /* then roll friction 6 per frame until 0, and the un-roll */
    int frames = 0;
    while (sim.state.player.rolling && frames < 200) {
        lw_sim_step(&sim, 0);
        frames++;
    }
    g_assert_false(sim.state.player.rolling);
    g_assert_cmpint(sim.state.player.gsp, ==, 0);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
    g_assert_cmpint(sim.state.player.hr, ==, 19);
    /* 500 / 6 rounds up to 84 frames */
    g_assert_cmpint(frames, ==, 84);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T10 — acceleration from rest holding RIGHT. */
static void test_t10_acceleration(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    int32_t x0 = sim.state.player.x;
    for (int n = 1; n <= 150; n++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        int32_t g = sim.state.player.gsp;
        if (n <= 128)
            g_assert_cmpint(g, ==, 12 * n);
        else
            g_assert_cmpint(g, ==, 1536);
        if (n < 128)
            g_assert_cmpint(g, <, 1536);
        int32_t dx = sim.state.player.x - x0;
        if (n == 10)
            g_assert_cmpint(dx, ==, subpx(2, 148));
        if (n == 64)
            g_assert_cmpint(dx, ==, subpx(97, 128));
        if (n == 128)
            g_assert_cmpint(dx, ==, subpx(387, 0));
        if (n == 150)
            g_assert_cmpint(dx, ==, subpx(519, 0));
        g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T11 — friction from top speed reaches 0 on frame 128. */
static void test_t11_friction(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.gsp = 1536;
    for (int n = 1; n <= 130; n++) {
        lw_sim_step(&sim, 0);
        int32_t expect = 1536 - 12 * n;
        g_assert_cmpint(sim.state.player.gsp, ==, expect > 0 ? expect : 0);
        if (n < 128)
            g_assert_cmpint(sim.state.player.gsp, >, 0);
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T12 — braking from top speed holding LEFT: 128 on frame 11, exactly 0 on 12, then -12, -24. */
static void test_t12_braking(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 800, 716);
    sim.state.player.gsp = 1536;
    static const int32_t expect[] = {1408, 1280, 1152, 1024, 896, 768, 640,
                                     512,  384,  256,  128,  0,   -12, -24};
    for (size_t n = 0; n < G_N_ELEMENTS(expect); n++) {
        lw_sim_step(&sim, LW_BUTTON_LEFT);
        g_assert_cmpint(sim.state.player.gsp, ==, expect[n]);
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T13 — the sign-flip quirk, one frame each. */
static void test_t13_sign_flip(void)
{
    lw_level *level = flat_level();
    static const struct {
        int32_t gsp;
        lw_input input;
        int32_t expect;
    } cases[] = {{64, LW_BUTTON_LEFT, -128},
                 {-64, LW_BUTTON_RIGHT, 128},
                 {128, LW_BUTTON_LEFT, 0},
                 {-128, LW_BUTTON_RIGHT, 128}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 800, 716);
        sim.state.player.gsp = cases[i].gsp;
        lw_sim_step(&sim, cases[i].input);
        g_assert_cmpint(sim.state.player.gsp, ==, cases[i].expect);
        if (i == 2) { /* then -12 on the next frame */
            lw_sim_step(&sim, LW_BUTTON_LEFT);
            g_assert_cmpint(sim.state.player.gsp, ==, -12);
        }
        lw_sim_clear(&sim);
    }
    /* §11.8 option: braking left onto exactly 0 turns around like the SPG says */
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 800, 716);
    sim.profile.symmetric_brake_flip = true;
    sim.state.player.gsp = 128;
    lw_sim_step(&sim, LW_BUTTON_LEFT);
    g_assert_cmpint(sim.state.player.gsp, ==, -128);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T14 — top-speed rule at Gsp 2560 holding RIGHT; friction without input. */
static void test_t14_top_speed(void)
{
    lw_level *level = flat_level();
    const char *profiles[] = {"s1", "s2", "cd", "s3k"};
    for (size_t i = 0; i < G_N_ELEMENTS(profiles); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 800, 716);
        sim.state.player.gsp = 2560;
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.gsp, ==, i == 0 ? 1536 : 2560);
        lw_sim_clear(&sim);
        terrain_sim(&sim, level, profiles[i], 800, 716);
        sim.state.player.gsp = 2560;
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.gsp, ==, 2548);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* T15 — running slope factor per frame (Gsp != 0). */
static void test_t15_slope_factor(void)
{
    const lw_profile *p = lw_profile_find("s2");
    static const struct {
        uint8_t a;
        int32_t s;
    } cases[] = {{0x00, 0},   {0x08, 6},   {0x10, 12},  {0x18, 17},  {0x20, 22}, {0xF0, -13},
                 {0xE8, -18}, {0xE0, -23}, {0xD0, -30}, {0xC0, -32}, {0x40, 32}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_assert_cmpint(lwi_phys_slope_factor(p, cases[i].a, 1000), ==, 1000 + cases[i].s);
        g_assert_cmpint(lwi_phys_slope_factor(p, cases[i].a, -1000), ==, -1000 + cases[i].s);
    }
    for (int a = 0x60; a <= 0x9F; a++)
        g_assert_cmpint(lwi_phys_slope_factor(p, (uint8_t)a, 1000), ==, 1000);
    g_assert_cmpint(lwi_phys_slope_factor(p, 0xA0, 1000), !=, 1000);
    g_assert_cmpint(lwi_phys_slope_factor(p, 0x5F, 1000), !=, 1000);
}

/* A 45-degree slope rising to the right (angle 0xE0) from a flat floor at 736: block bx0 at
 * by 45 has heights 1..16, the next one up-right, ...; full blocks below the slope. */
static lw_level *slope_level(int32_t bx0, int blocks)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    int8_t h[16];
    for (int c = 0; c < 16; c++)
        h[c] = (int8_t)(c + 1);
    uint16_t ramp = terrain_shape(level, h, 0xE0, false);
    uint16_t full = terrain_full(level);
    for (int i = 0; i < blocks; i++) {
        terrain_set(level, bx0 + i, 45 - i, ramp, 0);
        for (int by = 46 - i; by <= 45; by++)
            terrain_set(level, bx0 + i, by, full, 0);
    }
    return level;
}

/* T16 — 45-degree uphill coast in S1: -35 per frame (23 slope + 12 friction); at Gsp 1297 the
 * velocity is (917, -918). */
static void test_t16_uphill_coast(void)
{
    lw_level *level = slope_level(40, 12);
    lw_sim sim;
    /* on the slope: block (44, 41) covers x 704..719 and y 656..671; B (x 719) meets row 656 */
    terrain_sim(&sim, level, "s1", 710, 630);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.angle, ==, 0xE0);
    sim.state.player.gsp = 1297 + 35;
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 1297);
    g_assert_cmpint(sim.state.player.xsp, ==, 917);
    g_assert_cmpint(sim.state.player.ysp, ==, -918);
    g_assert_cmpint(sim.state.player.angle, ==, 0xE0);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 1262);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 1227);
    for (int i = 0; i < 10; i++) {
        int32_t before = sim.state.player.gsp;
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.gsp, ==, before - 35);
        g_assert_cmpint(sim.state.player.angle, ==, 0xE0);
        g_assert_false(sim.state.player.airborne);
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T17 — S2/S3K refuse the flat -> 0xE0 change (difference 0x20) and keep 0x00 while the ground
 * sensors snap the player up the slope; S1 takes 0xE0 on the first contact frame. */
static void test_t17_angle_refusal(void)
{
    const char *profiles[] = {"s1", "s2", "s3k"};
    for (size_t i = 0; i < G_N_ELEMENTS(profiles); i++) {
        lw_level *level = slope_level(40, 12);
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 560, 716);
        sim.state.player.gsp = 0x300;
        bool contact = false;
        for (int n = 0; n < 60 && !contact; n++) {
            int32_t y_before = sim.state.player.y;
            lw_sim_step(&sim, LW_BUTTON_RIGHT);
            const lw_cast_record *w = ground_winner(&sim);
            if (w->hit.angle != 0xE0)
                continue;
            contact = true;
            g_assert_false(sim.state.player.airborne);
            if (i == 0) {
                g_assert_cmpint(sim.state.player.angle, ==, 0xE0);
            } else {
                g_assert_cmpint(sim.state.player.angle, ==, 0x00);
                g_assert_cmpint(w->hit.distance, <, 0);
                g_assert_cmpint(sim.state.player.y, <, y_before);
                /* and it stays 0x00 while climbing */
                for (int k = 0; k < 20; k++) {
                    int32_t y0 = sim.state.player.y;
                    lw_sim_step(&sim, LW_BUTTON_RIGHT);
                    g_assert_cmpint(sim.state.player.angle, ==, 0x00);
                    g_assert_false(sim.state.player.airborne);
                    g_assert_cmpint(sim.state.player.y, <=, y0);
                }
            }
        }
        g_assert_true(contact);
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* Place a grounded player by hand (for walls and ceilings the start probe does not cover). */
static void place_grounded(lw_sim *sim, int32_t x, int32_t y, uint8_t angle, int32_t gsp)
{
    lw_player *pl = &sim->state.player;
    pl->x = subpx(x, 0);
    pl->y = subpx(y, 0);
    pl->airborne = false;
    pl->angle = angle;
    pl->gsp = gsp;
    pl->xsp = pl->ysp = 0;
}

/* T18 — velocity conversion at Gsp 1536: 0xE0 -> (1086, -1086), 0x20 -> (1086, 1086),
 * 0xC0 -> (0, -1536). Each case holds RIGHT with Gsp chosen so that the slope factor and the
 * input leave exactly 1536. */
static void test_t18_velocity(void)
{
    static const struct {
        uint8_t a;
        int32_t xsp, ysp;
    } cases[] = {{0xE0, 1086, -1086}, {0x20, 1086, 1086}, {0xC0, 0, -1536}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level *level = terrain_new(128, 2048, 2048);
        /* a big block of full tiles reporting the angle */
        uint16_t t = terrain_full_angle(level, cases[i].a);
        terrain_fill(level, 40, 40, 80, 80, t);
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 100, 100);
        int32_t s = lwi_phys_slope_factor(&sim.profile, cases[i].a, 1536) - 1536;
        if (cases[i].a == 0xC0)
            place_grounded(&sim, 640 - 20, 1000, 0xC0, 1536 - s); /* wall x >= 640 */
        else
            place_grounded(&sim, 1000, 640 - 20, cases[i].a, 1536 - s); /* floor y >= 640 */
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.gsp, ==, 1536);
        g_assert_cmpint(sim.state.player.xsp, ==, cases[i].xsp);
        g_assert_cmpint(sim.state.player.ysp, ==, cases[i].ysp);
        g_assert_false(sim.state.player.airborne);
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* T19 — roll start threshold: 0x8B no roll (0x7F after friction); 0x8C rolls, Y 716 -> 721,
 * Gsp 0x80. */
static void test_t19_roll_threshold(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.gsp = 0x8B;
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    g_assert_false(sim.state.player.rolling);
    g_assert_cmpint(sim.state.player.gsp, ==, 0x7F);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
    lw_sim_clear(&sim);

    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.gsp = 0x8C;
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    g_assert_true(sim.state.player.rolling);
    g_assert_cmpint(sim.state.player.gsp, ==, 0x80);
    g_assert_cmpint(sim.state.player.y, ==, subpx(721, 0));
    lw_sim_clear(&sim);

    /* holding a direction prevents the roll */
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.gsp = 0x200;
    lw_sim_step(&sim, LW_BUTTON_DOWN | LW_BUTTON_RIGHT);
    g_assert_false(sim.state.player.rolling);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* A wall of full blocks over x 704..719, 8 blocks high, standing on the floor. */
static lw_level *wall_level(void)
{
    lw_level *level = flat_level();
    terrain_rect(level, 704, 608, 719, 735);
    return level;
}

/* T20 — walking into a wall: never past pixel 693; Gsp 0 and pushing on every contact frame;
 * at full speed from 670: 676, 682, 688, 693 (Xsp 1280), then 693+12/256, 693+36/256. */
static void test_t20_wall(void)
{
    lw_level *level = wall_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 600, 716);
    int32_t max_px = 0;
    int contacts = 0;
    for (int n = 0; n < 300; n++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        int32_t px = sim.state.player.x >> 8;
        if (px > max_px)
            max_px = px;
        const lw_cast_record *push = find_cast(&sim, LW_CAST_PUSH);
        if (push && push->hit.distance < 0) {
            contacts++;
            g_assert_cmpint(sim.state.player.gsp, ==, 0);
            g_assert_true(sim.state.player.pushing);
        }
    }
    g_assert_cmpint(max_px, ==, 693);
    g_assert_cmpint(contacts, >, 10);
    lw_sim_clear(&sim);

    terrain_sim(&sim, level, "s2", 670, 716);
    sim.state.player.gsp = 1536;
    static const int32_t xs[] = {676, 682, 688};
    for (size_t i = 0; i < G_N_ELEMENTS(xs); i++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.x, ==, subpx(xs[i], 0));
    }
    lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpint(sim.state.player.x, ==, subpx(693, 0));
    g_assert_cmpint(sim.state.player.gsp, ==, 0);
    g_assert_cmpint(sim.state.player.xsp, ==, 1280);
    g_assert_true(sim.state.player.pushing);
    lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpint(sim.state.player.x, ==, subpx(693, 12));
    lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpint(sim.state.player.x, ==, subpx(693, 36));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T21 — a wall whose last solid column is 831: walking left from 950 never goes below 842. */
static void test_t21_wall_left(void)
{
    lw_level *level = flat_level();
    terrain_rect(level, 816, 608, 831, 735);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 950, 716);
    int32_t min_px = 950;
    for (int n = 0; n < 300; n++) {
        lw_sim_step(&sim, LW_BUTTON_LEFT);
        int32_t px = sim.state.player.x >> 8;
        if (px < min_px)
            min_px = px;
    }
    g_assert_cmpint(min_px, ==, 842);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T23 — ledge geometry, last solid column 2655, stopped and facing right. */
static void test_t23_ledge(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 2655, 4);
    static const struct {
        int32_t x;
        lw_balance balance;
        bool extreme;
    } cases[] = {{2655, LW_BALANCE_NONE, false},
                 {2656, LW_BALANCE_LEDGE_RIGHT, false},
                 {2661, LW_BALANCE_LEDGE_RIGHT, false},
                 {2662, LW_BALANCE_LEDGE_RIGHT, true},
                 {2664, LW_BALANCE_LEDGE_RIGHT, true}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", cases[i].x, 716);
        g_assert_false(sim.state.player.airborne);
        for (int n = 0; n < 2; n++) {
            lw_sim_step(&sim, 0);
            g_assert_false(sim.state.player.airborne);
            g_assert_cmpint(sim.state.player.balance, ==, cases[i].balance);
            g_assert_cmpint(sim.state.player.balance_extreme, ==, cases[i].extreme);
            g_assert_false(sim.state.player.facing_left);
        }
        lw_sim_clear(&sim);
    }
    /* S1 has one pose only */
    lw_sim sim;
    terrain_sim(&sim, level, "s1", 2662, 716);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.balance, ==, LW_BALANCE_LEDGE_RIGHT);
    g_assert_false(sim.state.player.balance_extreme);
    lw_sim_clear(&sim);

    /* 2665: both A and B miss, the player becomes airborne on that frame */
    terrain_sim(&sim, level, "s2", 2664, 716);
    g_assert_false(sim.state.player.airborne);
    sim.state.player.x = subpx(2665, 0);
    lw_sim_step(&sim, 0);
    g_assert_true(sim.state.player.airborne);
    lw_sim_clear(&sim);

    /* a ledge on the left: mirror geometry, facing left */
    lw_level *left = terrain_new(128, 4096, 1024);
    terrain_floor(left, 736, 1600, 4095, 4); /* first solid column 1600 */
    terrain_sim(&sim, left, "s2", 1599, 716);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.balance, ==, LW_BALANCE_LEDGE_LEFT);
    g_assert_true(sim.state.player.facing_left);
    lw_sim_clear(&sim);
    terrain_sim(&sim, left, "s2", 1600, 716);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.balance, ==, LW_BALANCE_NONE);
    lw_sim_clear(&sim);
    lw_level_free(left);
    lw_level_free(level);
}

/* T43 — S1/S2 slip rule. */
static void test_t43_slip(void)
{
    const char *profiles[] = {"s1", "s2"};
    static const struct {
        uint8_t a;
        int32_t gsp;
        bool slips;
    } cases[] = {{0xC0, 0x27F, true},  {0xC0, 0x280, false}, {0xE0, 0x100, false},
                 {0x1F, 0x100, false}, {0xDF, 0x100, true},  {0x20, 0x100, true},
                 {0xC0, -0x27F, true}, {0xC0, -0x280, false}};
    lw_level *level = flat_level();
    for (size_t k = 0; k < G_N_ELEMENTS(profiles); k++) {
        for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
            lw_sim sim;
            terrain_sim(&sim, level, profiles[k], 400, 716);
            sim.state.player.angle = cases[i].a;
            sim.state.player.gsp = cases[i].gsp;
            lwi_phys_slope_repel(&sim);
            g_assert_cmpint(sim.state.player.airborne, ==, cases[i].slips);
            g_assert_cmpint(sim.state.player.gsp, ==, cases[i].slips ? 0 : cases[i].gsp);
            g_assert_cmpint(sim.state.player.control_lock, ==, cases[i].slips ? 30 : 0);
            lw_sim_clear(&sim);
        }
    }
    lw_level_free(level);

    /* The same through whole frames: on a right wall (0xC0) moving up, the slope factor (-32)
     * and friction (-12) run first, so Gsp 0x27F + 44 reaches the check as 0x27F. */
    for (int slow = 0; slow < 2; slow++) {
        lw_level *wall = terrain_new(128, 2048, 2048);
        terrain_fill(wall, 40, 10, 50, 100, terrain_full_angle(wall, 0xC0));
        lw_sim sim;
        terrain_sim(&sim, wall, "s2", 100, 100);
        place_grounded(&sim, 640 - 20, 1200, 0xC0, (slow ? 0x27F : 0x280) + 44);
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.airborne, ==, slow != 0);
        g_assert_cmpint(sim.state.player.gsp, ==, slow ? 0 : 0x280);
        g_assert_cmpint(sim.state.player.control_lock, ==, slow ? 30 : 0);
        lw_sim_clear(&sim);
        lw_level_free(wall);
    }
}

/* T44 — S3K slip rule. */
static void test_t44_slip_s3k(void)
{
    static const struct {
        uint8_t a;
        int32_t gsp, expect;
        bool air;
        uint16_t lock;
    } cases[] = {{0xE0, 0x100, 0x80, false, 30}, {0x20, 0x100, 0x180, false, 30},
                 {0x30, 0x100, 0x100, true, 30}, {0xD0, 0x10, -0x70, false, 30},
                 {0x18, 0, 0x80, false, 30},     {0xE8, 0, 0, false, 0},
                 {0xC0, 0x27F, 0x27F, true, 30}, {0xE0, 0x280, 0x280, false, 0}};
    lw_level *level = flat_level();
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s3k", 400, 716);
        sim.state.player.angle = cases[i].a;
        sim.state.player.gsp = cases[i].gsp;
        lwi_phys_slope_repel(&sim);
        g_assert_cmpint(sim.state.player.airborne, ==, cases[i].air);
        g_assert_cmpint(sim.state.player.gsp, ==, cases[i].expect);
        g_assert_cmpint(sim.state.player.control_lock, ==, cases[i].lock);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* T45 — slope factor at rest: S3K applies |s| >= 13; S1/S2 never. */
static void test_t45_slope_at_rest(void)
{
    const lw_profile *s3k = lw_profile_find("s3k");
    g_assert_cmpint(lwi_phys_slope_factor(s3k, 0xF0, 0), ==, -13);
    g_assert_cmpint(lwi_phys_slope_factor(s3k, 0x10, 0), ==, 0); /* +12: not applied */
    g_assert_cmpint(lwi_phys_slope_factor(s3k, 0xE8, 0), ==, -18);
    g_assert_cmpint(lwi_phys_slope_factor(s3k, 0x18, 0), ==, 17);
    const char *others[] = {"s1", "s2"};
    for (size_t i = 0; i < G_N_ELEMENTS(others); i++) {
        const lw_profile *p = lw_profile_find(others[i]);
        for (int a = 0; a < 256; a++)
            g_assert_cmpint(lwi_phys_slope_factor(p, (uint8_t)a, 0), ==, 0);
    }
    /* through a frame: S3K at rest on 0xF0 starts sliding */
    lw_level *level = terrain_new(128, 2048, 2048);
    terrain_fill(level, 10, 40, 100, 50, terrain_full_angle(level, 0xF0));
    lw_sim sim;
    terrain_sim(&sim, level, "s3k", 800, 600);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.angle, ==, 0xF0);
    lw_sim_step(&sim, 0);
    /* -13 slope, then friction 12 toward 0 */
    g_assert_cmpint(sim.state.player.gsp, ==, -1);
    lw_sim_clear(&sim);
    terrain_sim(&sim, level, "s2", 800, 600);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 0);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T46 — control lock: 30 grounded frames ignore L/R (friction still applies), input works on
 * the 31st; frames in the air do not count. */
static void test_t46_control_lock(void)
{
    lw_level *level = flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.control_lock = 30;
    for (int n = 1; n <= 30; n++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.gsp, ==, 0);
        g_assert_cmpint(sim.state.player.control_lock, ==, 30 - n);
    }
    lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpint(sim.state.player.gsp, ==, 12);
    lw_sim_clear(&sim);

    /* friction applies while locked when no direction is held */
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.control_lock = 30;
    sim.state.player.gsp = 100;
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 88);
    /* holding a direction while locked suppresses friction */
    lw_sim_step(&sim, LW_BUTTON_LEFT);
    g_assert_cmpint(sim.state.player.gsp, ==, 88);
    lw_sim_clear(&sim);

    /* airborne frames do not count down */
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.control_lock = 30;
    sim.state.player.airborne = true;
    sim.state.player.y = subpx(700, 0);
    int air = 0;
    while (sim.state.player.airborne) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        air++;
        if (sim.state.player.airborne)
            g_assert_cmpint(sim.state.player.control_lock, ==, 30);
    }
    g_assert_cmpint(air, ==, 13);
    /* the landing frame is an air frame: the lock still holds 30 */
    g_assert_cmpint(sim.state.player.control_lock, ==, 30);
    for (int n = 0; n < 30; n++)
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
    int32_t g = sim.state.player.gsp;
    lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpint(sim.state.player.gsp, ==, g + 12);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T47 — ground snap limit. */
static void test_t47_snap_limit(void)
{
    const char *profiles[] = {"s2", "s3k"};
    static const struct {
        int32_t v, limit;
    } cases[] = {{0, 4}, {0x7F, 4}, {0x180, 5}, {-0x80, 5}, {-0x100, 5}, {-0x180, 6}, {0xA00, 14}};
    for (size_t k = 0; k < G_N_ELEMENTS(profiles); k++)
        for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
            g_assert_cmpint(lwi_phys_snap_limit(lw_profile_find(profiles[k]), cases[i].v), ==,
                            cases[i].limit);
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
        g_assert_cmpint(lwi_phys_snap_limit(lw_profile_find("s1"), cases[i].v), ==, 14);

    /* Through frames: a step down of 6 px is followed at Xsp -0x180 (limit 6) but not at
     * +0x180 (limit 5); a 5 px step is followed both ways. The lower floor is a row of blocks
     * with heights 16 - step. */
    for (int step = 5; step <= 6; step++) {
        for (int dir = 0; dir < 2; dir++) {
            lw_level *level = terrain_new(128, 4096, 1024);
            int8_t h[16];
            for (int c = 0; c < 16; c++)
                h[c] = (int8_t)(16 - step);
            uint16_t low = terrain_shape(level, h, 0, true);
            if (dir == 0) { /* moving right: high floor up to x 799, then the lower one */
                terrain_floor(level, 736, 0, 799, 4);
                terrain_fill(level, 50, 46, 255, 46, low);
                terrain_fill(level, 50, 47, 255, 49, terrain_full(level));
            } else {
                terrain_floor(level, 736, 800, 4095, 4);
                terrain_fill(level, 0, 46, 49, 46, low);
                terrain_fill(level, 0, 47, 49, 49, terrain_full(level));
            }
            lw_sim sim;
            terrain_sim(&sim, level, "s2", dir == 0 ? 795 : 805, 716);
            sim.profile.frc = 0; /* keep the speed at exactly +-0x180 */
            sim.state.player.gsp = dir == 0 ? 0x180 : -0x180;
            bool left_ground = false;
            for (int n = 0; n < 12; n++) {
                lw_sim_step(&sim, 0);
                left_ground = left_ground || sim.state.player.airborne;
            }
            bool expect_air = step == 6 && dir == 0;
            g_assert_cmpint(left_ground, ==, expect_air);
            if (!expect_air)
                g_assert_cmpint(sim.state.player.y >> 8, ==, 716 + step);
            lw_sim_clear(&sim);
            lw_level_free(level);
        }
    }
}

/* T50 — rolling slope factors: 0xE0 downhill (left) -57, uphill (right) -15; 0x20 downhill
 * (right) +56, uphill (left) +14; 0xC0 full -80, quarter -20. */
static void test_t50_roll_slope(void)
{
    const lw_profile *p = lw_profile_find("s2");
    g_assert_cmpint(lwi_phys_roll_slope_factor(p, 0xE0, -1000), ==, -1000 - 57);
    g_assert_cmpint(lwi_phys_roll_slope_factor(p, 0xE0, 1000), ==, 1000 - 15);
    g_assert_cmpint(lwi_phys_roll_slope_factor(p, 0x20, 1000), ==, 1000 + 56);
    g_assert_cmpint(lwi_phys_roll_slope_factor(p, 0x20, -1000), ==, -1000 + 14);
    g_assert_cmpint(lwi_phys_roll_slope_factor(p, 0xC0, -1000), ==, -1000 - 80);
    g_assert_cmpint(lwi_phys_roll_slope_factor(p, 0xC0, 1000), ==, 1000 - 20);
    /* applied even at Gsp 0 (counts as moving right) */
    g_assert_cmpint(lwi_phys_roll_slope_factor(p, 0xE0, 0), ==, -15);

    /* Through frames on the 0xE0 slope, rolling left (downhill): slope -57, friction +6. */
    lw_level *level = slope_level(40, 12);
    lw_sim sim;
    terrain_sim(&sim, level, "s1", 760, 600);
    g_assert_cmpint(sim.state.player.angle, ==, 0xE0);
    sim.state.player.gsp = -0x300;
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    g_assert_true(sim.state.player.rolling);
    for (int n = 0; n < 5; n++) {
        int32_t before = sim.state.player.gsp;
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.angle, ==, 0xE0);
        g_assert_cmpint(sim.state.player.gsp, ==, before - 57 + 6);
    }
    lw_sim_clear(&sim);
    /* rolling right (uphill): -15 and friction -6 */
    terrain_sim(&sim, level, "s1", 760, 600);
    sim.state.player.gsp = 0x300;
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    g_assert_true(sim.state.player.rolling);
    for (int n = 0; n < 5; n++) {
        int32_t before = sim.state.player.gsp;
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.gsp, ==, before - 15 - 6);
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* §4.8.3: an exact diagonal rounds up when snapped ((0x20 + 0x20) & 0xC0 = 0x40). Running down a
 * 45-degree falling slope (angle 0x20) whose masks leave column 15 empty (heights 15..0), sensor A
 * at a tile's last column reads through to the flagged full block below: the angle snaps to
 * 0x40 (left-wall mode) and the player drops through the slope. With heights 16..1 (the exact
 * diagonal) A always reads the slope and the angle stays 0x20. This is the mechanism behind the
 * 45-degree descent of sample-levels/loop-hill.json (its mask 31 has heights 15..0). */
static void test_diagonal_round_up(void)
{
    for (int empty_last = 0; empty_last < 2; empty_last++) {
        lw_level *level = terrain_new(128, 4096, 1024);
        int8_t h[16];
        for (int c = 0; c < 16; c++)
            h[c] = (int8_t)(16 - c - empty_last);
        uint16_t slope = terrain_shape(level, h, 0x20, false);
        uint16_t full = terrain_full(level);
        for (int i = 0; i < 20; i++) { /* block (40 + i, 20 + i), full blocks below */
            terrain_set(level, 40 + i, 20 + i, slope, 0);
            terrain_fill(level, 40 + i, 21 + i, 40 + i, 45, full);
        }
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 700, 340); /* on the slope, block (43, 23) */
        g_assert_false(sim.state.player.airborne);
        g_assert_cmpint(sim.state.player.angle, ==, 0x20);
        sim.state.player.gsp = 0x200;
        bool wall = false;
        for (int n = 0; n < 40; n++) {
            lw_sim_step(&sim, 0);
            if (lw_player_mode(&sim.state.player) == LW_MODE_LWALL)
                wall = true;
        }
        g_assert_cmpint(wall, ==, empty_last);
        if (!empty_last) {
            g_assert_cmpint(sim.state.player.angle, ==, 0x20);
            g_assert_false(sim.state.player.airborne);
        }
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/ground/t01-standing", test_t01_standing);
    g_test_add_func("/engine/ground/t02-ball", test_t02_ball);
    g_test_add_func("/engine/ground/t10-acceleration", test_t10_acceleration);
    g_test_add_func("/engine/ground/t11-friction", test_t11_friction);
    g_test_add_func("/engine/ground/t12-braking", test_t12_braking);
    g_test_add_func("/engine/ground/t13-sign-flip", test_t13_sign_flip);
    g_test_add_func("/engine/ground/t14-top-speed", test_t14_top_speed);
    g_test_add_func("/engine/ground/t15-slope-factor", test_t15_slope_factor);
    g_test_add_func("/engine/ground/t16-uphill-coast", test_t16_uphill_coast);
    g_test_add_func("/engine/ground/t17-angle-refusal", test_t17_angle_refusal);
    g_test_add_func("/engine/ground/t18-velocity", test_t18_velocity);
    g_test_add_func("/engine/ground/t19-roll-threshold", test_t19_roll_threshold);
    g_test_add_func("/engine/ground/t20-wall", test_t20_wall);
    g_test_add_func("/engine/ground/t21-wall-left", test_t21_wall_left);
    g_test_add_func("/engine/ground/t23-ledge", test_t23_ledge);
    g_test_add_func("/engine/ground/t43-slip", test_t43_slip);
    g_test_add_func("/engine/ground/t44-slip-s3k", test_t44_slip_s3k);
    g_test_add_func("/engine/ground/t45-slope-at-rest", test_t45_slope_at_rest);
    g_test_add_func("/engine/ground/t46-control-lock", test_t46_control_lock);
    g_test_add_func("/engine/ground/t47-snap-limit", test_t47_snap_limit);
    g_test_add_func("/engine/ground/t50-roll-slope", test_t50_roll_slope);
    g_test_add_func("/engine/ground/diagonal-round-up", test_diagonal_round_up);
    return g_test_run();
}
