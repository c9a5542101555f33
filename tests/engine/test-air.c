/* SPDX-License-Identifier: MIT */
/* Air state, jumping, landing and ceilings: PHYSICS.md §9 scenarios T03, T22, T25, T26, T28,
 * T29, T32-T41, with the exact values the spec gives (profile S2 unless stated). "Air frame n" is
 * the n-th frame after the jump-press frame. */
#include "engine-fixture.h"
#include "physics.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/sim.h>

/* T03 — drop from Y = 700.0: frame 12 ends at 714+112/256, lands during frame 13 at
 * 716+16/256 with Ysp 0 and Gsp 0 (sensor distance -1; the fraction is kept). */
static void test_t03_drop(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    fixture_make_airborne(&sim, subpx(400, 0), subpx(700, 0), 0, 0);
    terrain_run(&sim, 0, 12);
    g_assert_true(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.y, ==, subpx(714, 112));
    lw_sim_step(&sim, 0);
    g_assert_false(sim.state.player.airborne);
    g_assert_true(sim.debug.landed);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716, 16));
    g_assert_cmpint(sim.state.player.ysp, ==, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 0);
    for (int i = 0; i < sim.debug.cast_count; i++)
        if (sim.debug.casts[i].use == LW_CAST_AIR_FLOOR)
            g_assert_cmpint(sim.debug.casts[i].hit.distance, ==, -1);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T25 — the jump-press frame: Ysp -1664, Xsp unchanged, Y 716 -> 721, no movement. */
static void test_t25_jump_frame(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.state.player.xsp = 300; /* last frame's value, kept */
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    g_assert_true(sim.debug.jumped);
    g_assert_true(sim.state.player.airborne);
    g_assert_true(sim.state.player.jumping);
    g_assert_true(sim.state.player.rolling);
    g_assert_cmpint(sim.state.player.ysp, ==, -1664);
    g_assert_cmpint(sim.state.player.xsp, ==, 300);
    g_assert_cmpint(sim.state.player.x, ==, subpx(400, 0));
    g_assert_cmpint(sim.state.player.y, ==, subpx(721, 0));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

typedef struct jump_result {
    int apex_frame;
    int32_t apex_y;
    int land_frame;
    int32_t land_y;
    int32_t y[4]; /* Y after air frames 1..3 */
    int32_t ysp1; /* Ysp after air frame 1 */
} jump_result;

/* Jump from standing on the flat level, holding J for @hold air frames (-1 = always). */
static jump_result run_jump(lw_level *level, const lw_profile *profile, int hold)
{
    lw_sim sim;
    g_assert_true(lw_sim_init(&sim, level, profile, 400, 716, NULL));
    g_assert_false(sim.state.player.airborne);
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    g_assert_true(sim.state.player.airborne);
    jump_result r = {.apex_y = INT32_MAX};
    for (int n = 1; n < 400; n++) {
        bool held = hold < 0 || n <= hold;
        lw_sim_step(&sim, held ? LW_BUTTON_JUMP : 0);
        if (n <= 3)
            r.y[n] = sim.state.player.y;
        if (n == 1)
            r.ysp1 = sim.state.player.ysp;
        if (sim.state.player.y < r.apex_y) {
            r.apex_y = sim.state.player.y;
            r.apex_frame = n;
        }
        if (!sim.state.player.airborne) {
            r.land_frame = n;
            r.land_y = sim.state.player.y;
            break;
        }
    }
    lw_sim_clear(&sim);
    return r;
}

/* T26 — full jump with the button held. */
static void test_t26_full_jump(void)
{
    lw_level *level = fixture_flat_level();
    lw_profile p;
    g_assert_true(lw_profile_init(&p, "s2", "sonic", NULL));
    jump_result r = run_jump(level, &p, -1);
    g_assert_cmpint(r.y[1], ==, subpx(714, 128));
    g_assert_cmpint(r.ysp1, ==, -1608);
    g_assert_cmpint(r.y[2], ==, subpx(708, 56));
    g_assert_cmpint(r.y[3], ==, subpx(702, 40));
    g_assert_cmpint(r.apex_frame, ==, 30);
    g_assert_cmpint(r.apex_y, ==, subpx(621, 40));
    g_assert_cmpint(subpx(716, 0) - r.apex_y, ==, subpx(94, 216));
    g_assert_cmpint(subpx(721, 0) - r.apex_y, ==, subpx(99, 216));
    g_assert_cmpint(r.land_frame, ==, 61);
    g_assert_cmpint(r.land_y, ==, subpx(716, 208));
    /* the same in S1 and S3K */
    const char *others[] = {"s1", "s3k"};
    for (size_t i = 0; i < G_N_ELEMENTS(others); i++) {
        g_assert_true(lw_profile_init(&p, others[i], "sonic", NULL));
        jump_result o = run_jump(level, &p, -1);
        g_assert_cmpint(o.apex_frame, ==, 30);
        g_assert_cmpint(o.apex_y, ==, subpx(621, 40));
        g_assert_cmpint(o.land_frame, ==, 61);
        g_assert_cmpint(o.land_y, ==, subpx(716, 208));
    }
    lw_level_free(level);
}

/* T28 — Knuckles (force 0x600): lands on air frame 57, apex 635+176/256 (80+80/256 above 716). */
static void test_t28_knuckles(void)
{
    lw_level *level = fixture_flat_level();
    lw_profile p;
    g_assert_true(lw_profile_init(&p, "s3k", "knuckles", NULL));
    g_assert_cmpint(p.jump, ==, 0x600);
    jump_result r = run_jump(level, &p, -1);
    g_assert_cmpint(r.land_frame, ==, 57);
    g_assert_cmpint(r.apex_y, ==, subpx(635, 176));
    g_assert_cmpint(subpx(716, 0) - r.apex_y, ==, subpx(80, 80));
    lw_level_free(level);
}

/* T29 — underwater Sonic (force 0x380, net gravity 0x10, release cap -0x200) through level
 * overrides: held, 114 air frames and apex 621+64/256; released on air frame 1, 66 frames and a
 * rise of 28 px. */
static void test_t29_underwater(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_true(lw_level_set_override(level, "jump", 0x380));
    g_assert_true(lw_level_set_override(level, "gravity", 0x10));
    g_assert_true(lw_level_set_override(level, "jump_release", 0x200));
    lw_profile p;
    g_assert_true(lw_profile_init(&p, "s2", "sonic", NULL));
    g_assert_true(lw_profile_apply_overrides(&p, level, NULL));
    jump_result held = run_jump(level, &p, -1);
    g_assert_cmpint(held.land_frame, ==, 114);
    g_assert_cmpint(held.apex_y, ==, subpx(621, 64));
    jump_result released = run_jump(level, &p, 0);
    g_assert_cmpint(released.land_frame, ==, 66);
    g_assert_cmpint(subpx(716, 0) - released.apex_y, ==, subpx(28, 0));
    lw_level_free(level);
}

/* T32 — drag arithmetic in the window -1024 <= Ysp <= -1. */
static void test_t32_drag(void)
{
    const lw_profile *p = lw_profile_find("s2");
    static const struct {
        int32_t in, out;
    } cases[] = {{1536, 1488}, {-1536, -1488}, {31, 31}, {32, 31}, {-31, -30}, {-1, 0}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_assert_cmpint(lwi_phys_air_drag(p, cases[i].in, -1024), ==, cases[i].out);
        g_assert_cmpint(lwi_phys_air_drag(p, cases[i].in, -1), ==, cases[i].out);
        g_assert_cmpint(lwi_phys_air_drag(p, cases[i].in, -1025), ==, cases[i].in);
        g_assert_cmpint(lwi_phys_air_drag(p, cases[i].in, 0), ==, cases[i].in);
    }
    /* §11.16: the exclusive window leaves Ysp == -1024 alone */
    lw_profile q = *p;
    q.drag_window_exclusive = true;
    g_assert_cmpint(lwi_phys_air_drag(&q, 1536, -1024), ==, 1536);
    g_assert_cmpint(lwi_phys_air_drag(&q, 1536, -1023), ==, 1488);

    /* through a frame: rising slower than 4 px/frame */
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    fixture_make_airborne(&sim, subpx(400, 0), subpx(300, 0), 1536, -1000);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.xsp, ==, 1488);
    g_assert_cmpint(sim.state.player.x, ==, subpx(400, 0) + 1488);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T33 — jump impulse on slopes from last frame's velocity. */
static void test_t33_impulse(void)
{
    static const struct {
        uint8_t a;
        int32_t gsp, xsp, ysp;
    } cases[] = {{0xE0, 0, -1177, -1177},
                 {0x20, 0, 1176, -1177},
                 {0xC0, 1024, -1664, -1024},
                 {0xF0, 768, 77, -1825}};
    lw_level *level = terrain_new(128, 2048, 2048); /* open space: the head-room check passes */
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 1000, 1000);
        lw_player *pl = &sim.state.player;
        pl->airborne = false;
        pl->angle = cases[i].a;
        pl->gsp = cases[i].gsp;
        /* last frame's velocity, as the grounded conversion left it */
        pl->xsp = lw_mul_cos(cases[i].gsp, cases[i].a);
        pl->ysp = lw_mul_sin(cases[i].gsp, cases[i].a);
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        g_assert_true(sim.debug.jumped);
        g_assert_cmpint(pl->xsp, ==, cases[i].xsp);
        g_assert_cmpint(pl->ysp, ==, cases[i].ysp);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* T34 — low ceiling: lowest ceiling row Y-24 (distance 4) and Y-25 (5) refuse the jump; Y-26
 * (6) and Y-27 (7) allow it. */
static void test_t34_low_ceiling(void)
{
    static const struct {
        int above;
        bool jumps;
    } cases[] = {{24, false}, {25, false}, {26, true}, {27, true}, {40, true}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level *level = fixture_flat_level();
        int32_t row = 716 - cases[i].above; /* lowest solid row of the ceiling */
        int8_t h[16];
        int n = (row & 15) + 1;
        for (int c = 0; c < 16; c++)
            h[c] = (int8_t)(n == 16 ? 16 : -n);
        uint16_t t = terrain_shape(level, h, 0x80, false);
        terrain_fill(level, 20, row / 16, 30, row / 16, t);
        terrain_fill(level, 20, row / 16 - 2, 30, row / 16 - 1, terrain_full(level));
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 716);
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        int32_t room = 99;
        for (int k = 0; k < sim.debug.cast_count; k++)
            if (sim.debug.casts[k].use == LW_CAST_HEADROOM &&
                sim.debug.casts[k].hit.distance < room)
                room = sim.debug.casts[k].hit.distance;
        if (cases[i].above <= 27)
            g_assert_cmpint(room, ==, cases[i].above - 20);
        g_assert_cmpint(sim.debug.jumped, ==, cases[i].jumps);
        g_assert_cmpint(sim.state.player.airborne, ==, cases[i].jumps);
        if (!cases[i].jumps) { /* the press is discarded and the ground frame goes on */
            g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
            g_assert_false(sim.state.player.rolling);
            lw_sim_step(&sim, LW_BUTTON_JUMP); /* still held: not a new press */
            g_assert_false(sim.state.player.airborne);
        }
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* T35 — air speed cap at Xsp 2560 holding RIGHT: S1/S2/CD clamp to 1536, S3K keeps 2560. */
static void test_t35_air_cap(void)
{
    lw_level *level = terrain_new(128, 2048, 2048);
    const char *profiles[] = {"s1", "s2", "cd", "s3k"};
    for (size_t i = 0; i < G_N_ELEMENTS(profiles); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 1000, 100);
        fixture_make_airborne(&sim, subpx(1000, 0), subpx(100, 0), 2560, 0);
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.xsp, ==, i == 3 ? 2560 : 1536);
        /* rising: the clamp, then drag */
        fixture_make_airborne(&sim, subpx(1000, 0), subpx(100, 0), 2560, -512);
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.xsp, ==, i == 3 ? 2560 - 80 : 1536 - 48);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* T36 — free fall from rest: displacement 56 n(n-1)/2 sp; CD's terminal speed 16. */
static void test_t36_free_fall(void)
{
    lw_level *level = terrain_new(128, 2048, 4096);
    const char *profiles[] = {"s2", "cd", "s1", "s3k"};
    for (size_t i = 0; i < G_N_ELEMENTS(profiles); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, profiles[i], 1000, 100);
        g_assert_true(sim.state.player.airborne);
        int32_t y0 = sim.state.player.y;
        for (int n = 1; n <= 74; n++) {
            lw_sim_step(&sim, 0);
            int32_t dy = sim.state.player.y - y0;
            if (n == 10)
                g_assert_cmpint(dy, ==, subpx(9, 216));
            if (n == 30)
                g_assert_cmpint(dy, ==, subpx(95, 40));
            if (n == 30)
                g_assert_cmpint(dy, <=, subpx(100, 0));
            if (n == 31)
                g_assert_cmpint(dy, ==, subpx(101, 184));
            if (n == 73)
                g_assert_cmpint(sim.state.player.ysp, ==, 4088);
            if (n == 74)
                g_assert_cmpint(sim.state.player.ysp, ==, i == 1 ? 4096 : 4144);
        }
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* T37 — air acceleration while falling: +24 per frame, 1536 on frame 64. */
static void test_t37_air_acceleration(void)
{
    lw_level *level = terrain_new(128, 2048, 2048);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 100);
    for (int n = 1; n <= 70; n++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        g_assert_cmpint(sim.state.player.xsp, ==, n < 64 ? 24 * n : 1536);
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T38 — angle relaxation in the air. */
static void test_t38_relaxation(void)
{
    static const struct {
        uint8_t a;
        int frames;
    } cases[] = {{0xE0, 16}, {0x21, 17}, {0x40, 32}, {0xC0, 32}, {0x80, 64}};
    lw_level *level = terrain_new(128, 2048, 8192);
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 1000, 100);
        sim.state.player.angle = cases[i].a;
        int n = 0;
        while (sim.state.player.angle != 0) {
            lw_sim_step(&sim, 0);
            n++;
        }
        g_assert_cmpint(n, ==, cases[i].frames);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* T39 — movement quadrants. */
static void test_t39_quadrant(void)
{
    static const struct {
        int32_t x, y;
        uint8_t q;
    } cases[] = {{256, 256, 0x00},    {-256, 256, 0x40}, {-256, -256, 0x80},
                 {256, -256, 0xC0},   {0, 0, 0x00},      {1536, -1664, 0x80},
                 {1536, -1535, 0xC0}, {0, 500, 0x00},    {-500, 0, 0x40}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
        g_assert_cmpint(lwi_phys_air_quadrant(cases[i].x, cases[i].y), ==, cases[i].q);
    g_assert_cmpint(lw_calc_angle(1536, -1664), ==, 0xDE);
    g_assert_cmpint(lw_calc_angle(1536, -1535), ==, 0xE0);
}

/* T40 — floor landing moving mostly down with Xsp 0x200 and Ysp 0x500 (at the time of the
 * collision, i.e. after this frame's gravity). */
static void test_t40_landing(void)
{
    static const struct {
        uint8_t a;
        int32_t ysp, gsp, xsp_after, ysp_after;
    } cases[] = {{0x00, 0x500, 0x200, 0x200, 0},      {0xF8, 0x500, 0x200, 0x200, 0},
                 {0xE8, 0x500, -0x280, 0x200, 0x280}, {0x18, 0x500, 0x280, 0x200, 0x280},
                 {0xE0, 0x501, -0x280, 0x200, 0x280}, {0xD0, 0x500, -0x500, 0, 0x500},
                 {0x30, 0x1200, 0xFC0, 0, 0xFC0}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_level *level = terrain_new(128, 4096, 1024);
        terrain_fill(level, 0, 46, 255, 49, terrain_full_angle(level, cases[i].a));
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 600);
        int32_t pre = cases[i].ysp - 0x38; /* gravity comes before the collision */
        /* after this frame's move the centre is at 718 (feet row 737: distance -2) */
        fixture_make_airborne(&sim, subpx(400, 0), subpx(718, 0) - pre, 0x200, pre);
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.debug.air_quadrant, ==, 0x00);
        g_assert_false(sim.state.player.airborne);
        g_assert_cmpint(sim.state.player.angle, ==, cases[i].a);
        g_assert_cmpint(sim.state.player.gsp, ==, cases[i].gsp);
        g_assert_cmpint(sim.state.player.xsp, ==, cases[i].xsp_after);
        g_assert_cmpint(sim.state.player.ysp, ==, cases[i].ysp_after);
        g_assert_cmpint(sim.state.player.y, ==, subpx(716, 0));
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
    /* mostly right / mostly left: Gsp = Xsp whatever the floor angle */
    for (int dir = 0; dir < 2; dir++) {
        lw_level *level = terrain_new(128, 4096, 1024);
        terrain_fill(level, 0, 46, 255, 49, terrain_full_angle(level, 0xE8));
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 600);
        int32_t xsp = dir ? -0x600 : 0x600;
        fixture_make_airborne(&sim, subpx(400, 0), subpx(718, 0) - 0x100, xsp, 0x100 - 0x38);
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.debug.air_quadrant, ==, dir ? 0x40 : 0xC0);
        g_assert_false(sim.state.player.airborne);
        g_assert_cmpint(sim.state.player.gsp, ==, xsp);
        g_assert_cmpint(sim.state.player.ysp, ==, 0);
        g_assert_cmpint(sim.state.player.angle, ==, 0xE8);
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
}

/* T41 — ceilings while moving up: 0x80-ish angles bump (Ysp 0, stays airborne); 0xB0 with Ysp
 * -0x600 attaches with Gsp +0x600; next frame Gsp 1494 and (Xsp, Ysp) = (-567, -1378). */
static void test_t41_ceiling(void)
{
    static const struct {
        uint8_t a;
        bool flagged;
    } bumps[] = {{0x80, false}, {0x60, false}, {0x9E, false}, {0, true}};
    for (size_t i = 0; i < G_N_ELEMENTS(bumps); i++) {
        lw_level *level = terrain_new(128, 4096, 1024);
        uint16_t t = bumps[i].flagged ? terrain_full(level) : terrain_full_angle(level, bumps[i].a);
        terrain_fill(level, 0, 10, 255, 19, t); /* ceiling: lowest solid row 319 */
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 600);
        /* head (Y - 19) ends this frame at row 318 - 2: the move puts Y at 337 */
        fixture_make_airborne(&sim, subpx(400, 0), subpx(337, 0) + 0x600 + 0x38, 0, -0x600 - 0x38);
        lw_sim_step(&sim, 0);
        g_assert_cmpint(sim.debug.air_quadrant, ==, 0x80);
        g_assert_true(sim.state.player.airborne);
        g_assert_cmpint(sim.state.player.ysp, ==, 0);
        g_assert_cmpint(sim.state.player.y, ==, subpx(339, 0));
        lw_sim_clear(&sim);
        lw_level_free(level);
    }
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_fill(level, 0, 10, 255, 19, terrain_full_angle(level, 0xB0));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 600);
    fixture_make_airborne(&sim, subpx(400, 0), subpx(337, 0) + 0x600 + 0x38, 0, -0x600 - 0x38);
    lw_sim_step(&sim, 0);
    g_assert_true(sim.debug.landed);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.angle, ==, 0xB0);
    g_assert_cmpint(sim.state.player.gsp, ==, 0x600);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.player.gsp, ==, 1494);
    g_assert_cmpint(sim.state.player.xsp, ==, -567);
    g_assert_cmpint(sim.state.player.ysp, ==, -1378);
    g_assert_cmpint(sim.debug.mode, ==, LW_MODE_RWALL);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* T22 — airborne into a wall (x 704-719, tall): Sonic at X = 650 jumps with Gsp 0x300 holding
 * RIGHT; on air frame 13 X is corrected to 693 (+ fraction) with Xsp 0; he lands at the wall's
 * foot with X pixel 693. */
static void test_t22_air_wall(void)
{
    lw_level *level = fixture_flat_level();
    terrain_rect(level, 704, 400, 719, 735);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 650, 716);
    sim.state.player.gsp = 0x300;
    sim.state.player.xsp = 0x300; /* running: last frame's velocity */
    lw_sim_step(&sim, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
    g_assert_true(sim.state.player.airborne);
    int wall_frame = 0;
    for (int n = 1; n < 200 && sim.state.player.airborne; n++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
        bool hit = false;
        for (int k = 0; k < sim.debug.cast_count; k++)
            if (sim.debug.casts[k].use == LW_CAST_AIR_WALL && sim.debug.casts[k].hit.distance < 0)
                hit = true;
        if (hit && !wall_frame) {
            wall_frame = n;
            g_assert_cmpint(sim.state.player.x >> 8, ==, 693);
            g_assert_cmpint(sim.state.player.xsp, ==, 0);
        }
        g_assert_cmpint(sim.state.player.x >> 8, <=, 693);
    }
    g_assert_cmpint(wall_frame, ==, 13);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.x >> 8, ==, 693);
    g_assert_cmpint(sim.state.player.y, ==, subpx(716, sim.state.player.y & 255));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/air/t03-drop", test_t03_drop);
    g_test_add_func("/engine/air/t22-air-wall", test_t22_air_wall);
    g_test_add_func("/engine/air/t25-jump-frame", test_t25_jump_frame);
    g_test_add_func("/engine/air/t26-full-jump", test_t26_full_jump);
    g_test_add_func("/engine/air/t28-knuckles", test_t28_knuckles);
    g_test_add_func("/engine/air/t29-underwater", test_t29_underwater);
    g_test_add_func("/engine/air/t32-drag", test_t32_drag);
    g_test_add_func("/engine/air/t33-impulse", test_t33_impulse);
    g_test_add_func("/engine/air/t34-low-ceiling", test_t34_low_ceiling);
    g_test_add_func("/engine/air/t35-air-cap", test_t35_air_cap);
    g_test_add_func("/engine/air/t36-free-fall", test_t36_free_fall);
    g_test_add_func("/engine/air/t37-air-acceleration", test_t37_air_acceleration);
    g_test_add_func("/engine/air/t38-relaxation", test_t38_relaxation);
    g_test_add_func("/engine/air/t39-quadrant", test_t39_quadrant);
    g_test_add_func("/engine/air/t40-landing", test_t40_landing);
    g_test_add_func("/engine/air/t41-ceiling", test_t41_ceiling);
    return g_test_run();
}
