/* SPDX-License-Identifier: MIT */
/* Water (docs/ENGINE.md, "Water"): the underwater constant set, entering and leaving (S1/S2/S3
 * Sonic_Water), with exact frame values; levels without water hash as before. Floor: full
 * flagged blocks with the top row at y = 736 (standing Sonic's centre 716), profile S2 unless
 * stated. */
#include "engine-fixture.h"
#include "physics.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/sim.h>

static lw_level *water_level(bool water, int32_t water_height)
{
    lw_level *level = fixture_flat_level();
    level->has_water = water;
    level->water_height = water ? water_height : 0;
    return level;
}

static void start(lw_sim *sim, const lw_level *level, const char *profile, const char *character)
{
    lw_profile p;
    g_assert_true(lw_profile_init(&p, profile, character, NULL));
    g_assert_true(lw_sim_init(sim, level, &p, 400, 716, NULL));
    g_assert_false(sim->state.player.airborne);
}

/* The presets' underwater constants (PHYSICS.md §4.1, §5.1, §6.1; the roll deceleration and the
 * exit rule per game) and the characters' underwater jump forces. */
static void test_constants(void)
{
    static const struct {
        const char *preset, *character;
        int32_t roll_dec, jump;
        bool slow_only;
    } cases[] = {
        {"s1", "sonic", 0x10, 0x380, false},    {"s2", "sonic", 0x20, 0x380, false},
        {"s2", "tails", 0x20, 0x380, false},    {"s3k", "sonic", 0x20, 0x380, true},
        {"s3k", "knuckles", 0x20, 0x300, true}, {"cd", "sonic", 0x20, 0x380, false},
        {"modern", "sonic", 0x20, 0x380, true},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_profile p;
        g_assert_true(lw_profile_init(&p, cases[i].preset, cases[i].character, NULL));
        g_assert_cmpint(p.water_top, ==, 0x300);
        g_assert_cmpint(p.water_acc, ==, 6);
        g_assert_cmpint(p.water_dec, ==, 0x40);
        g_assert_cmpint(p.water_frc, ==, 6);
        g_assert_cmpint(p.water_air_acc, ==, 0x0C);
        g_assert_cmpint(p.water_roll_frc, ==, 3);
        g_assert_cmpint(p.water_roll_dec, ==, cases[i].roll_dec);
        g_assert_cmpint(p.water_gravity, ==, 0x10);
        g_assert_cmpint(p.water_jump, ==, cases[i].jump);
        g_assert_cmpint(p.water_jump_release, ==, 0x200);
        g_assert_cmpint(p.water_exit_cap, ==, 0x1000);
        g_assert_cmpint(p.water_exit_slow_only, ==, cases[i].slow_only);
        /* lwi_water_profile swaps exactly the set in */
        lw_profile w = p;
        lwi_water_profile(&w);
        g_assert_cmpint(w.top, ==, 0x300);
        g_assert_cmpint(w.acc, ==, 6);
        g_assert_cmpint(w.dec, ==, 0x40);
        g_assert_cmpint(w.frc, ==, 6);
        g_assert_cmpint(w.air_acc, ==, 0x0C);
        g_assert_cmpint(w.roll_frc, ==, 3);
        g_assert_cmpint(w.roll_dec, ==, cases[i].roll_dec);
        g_assert_cmpint(w.gravity, ==, 0x10);
        g_assert_cmpint(w.jump, ==, cases[i].jump);
        g_assert_cmpint(w.jump_release, ==, 0x200);
        g_assert_cmpint(w.slp, ==, p.slp);
        g_assert_cmpint(w.roll_slp, ==, p.roll_slp);
    }
}

/* The first frame's check sets the state (the games start every level dry); a player at or
 * above the surface row stays dry: underwater means the centre's row is greater. */
static void test_surface_row(void)
{
    static const struct {
        int32_t water;
        bool under;
    } cases[] = {{715, true}, {716, false}, {0, true}, {800, false}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level *level = water_level(true, cases[i].water);
        lw_sim sim;
        start(&sim, level, "s2", "sonic");
        g_assert_false(sim.state.player.underwater);
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.state.player.underwater, ==, cases[i].under);
        g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* T29 for real: standing in water (surface at 400), the underwater jump: held, 114 air frames and
 * apex 621+64/256; released on air frame 1, 66 frames and a rise of 28 px (PHYSICS.md §9). */
static void test_t29_jump(void)
{
    for (int hold = -1; hold <= 0; hold++) {
        lw_level *level = water_level(true, 400);
        lw_sim sim;
        start(&sim, level, "s2", "sonic");
        lw_sim_step(&sim, 0);
        g_assert_true(sim.state.player.underwater);
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        g_assert_cmpint(sim.state.player.ysp, ==, -0x380);
        g_assert_cmpint(sim.state.player.y, ==, subpx(721, 0));
        int32_t apex = INT32_MAX;
        int land = 0;
        for (int n = 1; n < 400 && !land; n++) {
            lw_sim_step(&sim, (hold < 0 || n <= hold) ? LW_BUTTON_JUMP : 0);
            g_assert_true(sim.state.player.underwater);
            if (n == 1)
                g_assert_cmpint(sim.state.player.ysp, ==, hold < 0 ? -0x380 + 0x10 : -0x200 + 0x10);
            if (sim.state.player.y < apex)
                apex = sim.state.player.y;
            if (!sim.state.player.airborne)
                land = n;
        }
        if (hold < 0) {
            g_assert_cmpint(land, ==, 114);
            g_assert_cmpint(apex, ==, subpx(621, 64));
        } else {
            g_assert_cmpint(land, ==, 66);
            g_assert_cmpint(subpx(716, 0) - apex, ==, subpx(28, 0));
        }
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* Entering while running: the check halves Xsp on the entering frame but not Gsp, so the next
 * grounded frame runs at Gsp again under the underwater constants: S2 keeps a speed above the
 * water top speed while RIGHT is held, S1 clamps it to 0x300 (§4.2), friction is 6. */
static void test_enter_running(void)
{
    const struct {
        const char *profile;
        lw_input input;
        int32_t gsp2, x2;
    } cases[] = {
        {"s2", LW_BUTTON_RIGHT, 0x600, subpx(412, 0)},
        {"s1", LW_BUTTON_RIGHT, 0x300, subpx(409, 0)},
        {"s2", 0, 0x600 - 0x0C - 6, subpx(400, 0) + (0x600 - 0x0C) + (0x600 - 0x0C - 6)},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level *level = water_level(true, 700);
        lw_sim sim;
        start(&sim, level, cases[i].profile, "sonic");
        sim.state.player.gsp = sim.state.player.xsp = 0x600;
        lw_sim_step(&sim, cases[i].input);
        /* frame 1 ran dry (S1/S2: holding RIGHT at 0x600 stays 0x600; no input: friction 0x0C),
         * then entered: Xsp halved, Gsp kept */
        lw_player *pl = &sim.state.player;
        g_assert_true(pl->underwater);
        int32_t gsp1 = cases[i].input ? 0x600 : 0x600 - 0x0C;
        g_assert_cmpint(pl->gsp, ==, gsp1);
        g_assert_cmpint(pl->xsp, ==, gsp1 >> 1);
        g_assert_cmpint(pl->x, ==, subpx(400, 0) + gsp1);
        lw_sim_step(&sim, cases[i].input);
        g_assert_cmpint(pl->gsp, ==, cases[i].gsp2);
        g_assert_cmpint(pl->xsp, ==, cases[i].gsp2);
        g_assert_cmpint(pl->x, ==, cases[i].x2);
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* Falling into water from rest at y 500 (surface 600): the dry free fall of T36 first passes
 * 100 px on frame 31 (601+184/256, Ysp 56 * 31 = 1736); entering quarters Ysp (asr 2: 434) and
 * halves Xsp with the 68000's floor rounding (-0x301 -> -385); then gravity is 0x10 and the air
 * acceleration 0x0C. */
static void test_enter_falling(void)
{
    lw_level *level = water_level(true, 600);
    lw_sim sim;
    start(&sim, level, "s2", "sonic");
    fixture_make_airborne(&sim, subpx(400, 0), subpx(500, 0), -0x301, 0);
    for (int n = 1; n <= 30; n++) {
        lw_sim_step(&sim, 0);
        g_assert_false(sim.state.player.underwater);
    }
    lw_player *pl = &sim.state.player;
    g_assert_cmpint(pl->ysp, ==, 56 * 30);
    lw_sim_step(&sim, 0);
    g_assert_true(pl->underwater);
    g_assert_cmpint(pl->y, ==, subpx(601, 184));
    g_assert_cmpint(pl->ysp, ==, 1736 >> 2);
    g_assert_cmpint(pl->xsp, ==, -385);
    g_assert_cmpint(pl->x, ==, subpx(400, 0) - 31 * 0x301);
    lw_sim_step(&sim, LW_BUTTON_LEFT);
    g_assert_cmpint(pl->y, ==, subpx(601, 184) + 434);
    g_assert_cmpint(pl->ysp, ==, 434 + 0x10);
    g_assert_cmpint(pl->xsp, ==, -385 - 0x0C);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* Jumping out (floor 736, surface 700): the underwater jump (-0x380, net gravity 0x10) reaches
 * row 700 on air frame 6 (700+240/256, Ysp -896 + 6 * 16 = -800): leaving doubles it to -1600
 * (S1, S2 and S3K alike: -800 >= -0x400); from then on the dry gravity 0x38 applies. */
static void test_jump_out(void)
{
    const char *profiles[] = {"s1", "s2", "s3k"};
    for (size_t i = 0; i < G_N_ELEMENTS(profiles); i++) {
        lw_level *level = water_level(true, 700);
        lw_sim sim;
        start(&sim, level, profiles[i], "sonic");
        lw_sim_step(&sim, 0);
        g_assert_true(sim.state.player.underwater);
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        lw_player *pl = &sim.state.player;
        for (int n = 1; n <= 5; n++) {
            lw_sim_step(&sim, LW_BUTTON_JUMP);
            g_assert_true(pl->underwater);
            g_assert_cmpint(pl->ysp, ==, -896 + 16 * n);
        }
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        g_assert_false(pl->underwater);
        g_assert_cmpint(pl->y, ==, subpx(700, 240));
        g_assert_cmpint(pl->ysp, ==, -1600);
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        g_assert_cmpint(pl->y, ==, subpx(700, 240) - 1600);
        g_assert_cmpint(pl->ysp, ==, -1600 + 0x38);
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* Leaving fast (set Ysp just under the surface): S1/S2 double Ysp and cap it at -0x1000; S3K
 * keeps a Ysp below -0x400 as it is (s3.asm Sonic_OutWater). */
static void test_exit_rules(void)
{
    static const struct {
        const char *profile;
        int32_t ysp, out;
    } cases[] = {
        {"s2", -0x500, 2 * (-0x500 + 0x10)},
        {"s3k", -0x500, -0x500 + 0x10},
        {"s2", -0x900, -0x1000},
        {"s1", -0x900, -0x1000},
        {"s3k", -0x900, -0x900 + 0x10},
        {"s3k", -0x300, 2 * (-0x300 + 0x10)},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level *level = water_level(true, 700);
        lw_sim sim;
        start(&sim, level, cases[i].profile, "sonic");
        fixture_make_airborne(&sim, subpx(400, 0), subpx(701, 0), 0, 0);
        lw_sim_step(&sim, 0);
        lw_player *pl = &sim.state.player;
        g_assert_true(pl->underwater);
        g_assert_cmpint(pl->ysp, ==, 0x38 >> 2);
        pl->ysp = cases[i].ysp;
        lw_sim_step(&sim, 0);
        g_assert_false(pl->underwater);
        g_assert_cmpint(pl->ysp, ==, cases[i].out);
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* Rolling underwater: friction 3 a frame; braking against the motion S1 0x10 (dec / 4), S2 0x20
 * (hard-coded), each plus the friction. */
static void test_roll(void)
{
    static const struct {
        const char *profile;
        lw_input input;
        int32_t step;
    } cases[] = {
        {"s2", 0, 3}, {"s1", 0, 3}, {"s1", LW_BUTTON_LEFT, 0x13}, {"s2", LW_BUTTON_LEFT, 0x23}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level *level = water_level(true, 400);
        lw_sim sim;
        start(&sim, level, cases[i].profile, "sonic");
        lw_sim_step(&sim, 0);
        g_assert_true(sim.state.player.underwater);
        lw_player *pl = &sim.state.player;
        pl->rolling = true;
        pl->wr = 7;
        pl->hr = 14;
        pl->y += 5 * 256;
        pl->gsp = 0x400;
        for (int n = 1; n <= 4; n++) {
            lw_sim_step(&sim, cases[i].input);
            g_assert_true(pl->rolling);
            g_assert_cmpint(pl->gsp, ==, 0x400 - n * cases[i].step);
        }
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* The hurt routine underwater: gravity 0x30 - 0x20, and no water check while hurt. */
static void test_hurt_gravity(void)
{
    lw_level *level = water_level(true, 600);
    lw_sim sim;
    start(&sim, level, "s2", "sonic");
    fixture_make_airborne(&sim, subpx(400, 0), subpx(650, 0), 0, -0x200);
    lw_sim_step(&sim, 0);
    g_assert_true(sim.state.player.underwater);
    sim.state.game.hurt = 1;
    sim.state.player.ysp = -0x200;
    sim.state.player.y = subpx(601, 0);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.ysp, ==, -0x200 + 0x10);
    /* row 599 is above the surface, but the hurt routine has no Sonic_Water: still underwater */
    g_assert_cmpint(sim.state.player.y >> 8, ==, 599);
    g_assert_true(sim.state.player.underwater);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* A level without water and the same level with its surface below everything the player
 * reaches give identical hashes on every frame (the underwater bit is never set); a rewind
 * point taken underwater restores the state, and the bit is part of the hash. */
static void test_hash_and_rewind(void)
{
    lw_level *dry = water_level(false, 0), *deep = water_level(true, LW_MAX_WATER_HEIGHT);
    lw_sim a, b;
    start(&a, dry, "s2", "sonic");
    start(&b, deep, "s2", "sonic");
    for (int n = 0; n < 400; n++) {
        lw_input in = (n % 90) < 60 ? LW_BUTTON_RIGHT : LW_BUTTON_RIGHT | LW_BUTTON_JUMP;
        lw_sim_step(&a, in);
        lw_sim_step(&b, in);
        g_assert_false(a.state.player.underwater);
        g_assert_false(b.state.player.underwater);
        g_assert_cmpuint(lw_sim_hash(&a), ==, lw_sim_hash(&b));
    }
    lw_sim_clear(&a);
    lw_sim_clear(&b);

    lw_level *wet = water_level(true, 700);
    start(&a, wet, "s2", "sonic");
    lw_sim_step(&a, 0);
    g_assert_true(a.state.player.underwater);
    lw_sim_state saved;
    lw_sim_save(&a, &saved);
    uint64_t h = lw_sim_hash(&a);
    a.state.player.underwater = false;
    g_assert_cmpuint(lw_sim_hash(&a), !=, h);
    lw_sim_restore(&a, &saved);
    g_assert_cmpuint(lw_sim_hash(&a), ==, h);
    uint64_t trail[60];
    for (int n = 0; n < 60; n++) {
        lw_sim_step(&a, n < 20 ? LW_BUTTON_JUMP : LW_BUTTON_RIGHT);
        trail[n] = lw_sim_hash(&a);
    }
    lw_sim_restore(&a, &saved);
    for (int n = 0; n < 60; n++) {
        lw_sim_step(&a, n < 20 ? LW_BUTTON_JUMP : LW_BUTTON_RIGHT);
        g_assert_cmpuint(lw_sim_hash(&a), ==, trail[n]);
    }
    lw_sim_clear(&a);
    lw_level_free(dry);
    lw_level_free(deep);
    lw_level_free(wet);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/water/constants", test_constants);
    g_test_add_func("/engine/water/surface-row", test_surface_row);
    g_test_add_func("/engine/water/t29-jump", test_t29_jump);
    g_test_add_func("/engine/water/enter-running", test_enter_running);
    g_test_add_func("/engine/water/enter-falling", test_enter_falling);
    g_test_add_func("/engine/water/jump-out", test_jump_out);
    g_test_add_func("/engine/water/exit-rules", test_exit_rules);
    g_test_add_func("/engine/water/roll", test_roll);
    g_test_add_func("/engine/water/hurt-gravity", test_hurt_gravity);
    g_test_add_func("/engine/water/hash-and-rewind", test_hash_and_rewind);
    return g_test_run();
}
