/* SPDX-License-Identifier: MIT */
/* Game objects (docs/OBJECTS.md): the scenarios of its §14 with their exact values — spring
 * heights, the horizontal spring's lock, bridge sag, ring loss over the first frames, hurt and
 * invulnerability, spindash release speeds, platform carry, monitors, the enemy, the goal — and
 * marker parsing, the hash, save/restore and a random-input run over every type. */
#include "engine-fixture.h"
#include "markers.h"
#include "physics.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/objects.h>
#include <loopwright/objmap.h>
#include <loopwright/sim.h>
#include <string.h>

static int32_t px(int32_t v)
{
    return v >> 8;
}

/* ---- §6 springs ---- */

/* Fall onto an up spring standing on the floor; returns the lowest Y (subpx) reached after the
 * launch minus the Y on the launch frame, and checks the launch frame's values. */
static int32_t spring_rise(const char *strength, int32_t expect_launch_ysp)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spring", 400, 728, "strength", strength, NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 600);
    g_assert_true(sim.state.player.airborne);
    int launch = fixture_step_until(&sim, 0, 200, LW_EVENT_SPRING);
    g_assert_cmpint(launch, >, 0);
    const lw_player *pl = &sim.state.player;
    /* landing puts the feet 1 px above the spring's collision top (728 - 8), then +8 */
    g_assert_cmpint(px(pl->y), ==, 728 - 8 - 19 - 1 + 8);
    g_assert_cmpint(pl->ysp, ==, expect_launch_ysp);
    g_assert_true(pl->airborne);
    g_assert_cmpuint(sim.state.game.on_object, ==, 0);
    int32_t y0 = pl->y, min = pl->y;
    int frames = 0;
    while (pl->ysp < 0) {
        lw_sim_step(&sim, 0);
        frames++;
        if (pl->y < min)
            min = pl->y;
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
    return min - y0;
}

static void test_spring_up(void)
{
    /* yellow: -0xA00, then +0x38 a frame: sum of -2560 + 56 i for i = 0..45 */
    g_assert_cmpint(spring_rise("yellow", -0xA00), ==, -59800);
    /* red: -0x1000, capped to -0xFC0 by §5.3 on the first air frame (not jumping) */
    g_assert_cmpint(spring_rise("red", -0x1000), ==, -147168);
    /* a numeric strength is px/frame: 10 is yellow */
    g_assert_cmpint(spring_rise("10", -0xA00), ==, -59800);
}

static void test_spring_horizontal(void)
{
    lw_level *level = fixture_flat_level();
    /* a right-facing spring; the player comes from its right running left */
    g_assert_nonnull(test_marker_add(level, "spring", 600, 722, "direction", "right", NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 800, 716);
    int launch = fixture_step_until(&sim, LW_BUTTON_LEFT, 300, LW_EVENT_SPRING);
    g_assert_cmpint(launch, >, 0);
    const lw_player *pl = &sim.state.player;
    g_assert_cmpint(pl->xsp, ==, 0xA00);
    g_assert_cmpint(pl->gsp, ==, 0xA00);
    g_assert_cmpint(pl->control_lock, ==, 15);
    g_assert_false(pl->facing_left);
    g_assert_false(pl->airborne);
    /* the lock ignores LEFT on the ground for 15 frames (counted down on grounded frames) */
    lw_sim_step(&sim, LW_BUTTON_LEFT);
    g_assert_cmpint(pl->gsp, ==, 0xA00); /* locked: no braking; holding: no friction (§4.3) */
    g_assert_cmpint(pl->control_lock, ==, 14);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_spring_down_and_diagonal(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spring", 1000, 650, "direction", "down", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "spring", 2000, 720, "direction", "up-right", "strength", "red"));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 716);
    /* jump into the down spring from below */
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    int launch = fixture_step_until(&sim, LW_BUTTON_JUMP, 60, LW_EVENT_SPRING) > 0;
    g_assert_cmpint(launch, ==, 1);
    g_assert_cmpint(sim.state.player.ysp, ==, 0xA00);
    /* the diagonal spring: fall onto it right of its centre - 4 */
    lw_sim_reset(&sim, 2004, 600);
    launch = fixture_step_until(&sim, 0, 200, LW_EVENT_SPRING) > 0;
    g_assert_cmpint(launch, ==, 1);
    g_assert_cmpint(sim.state.player.xsp, ==, 0x1000);
    g_assert_cmpint(sim.state.player.ysp, ==, -0x1000);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §7 bridges ---- */

static void test_bridge_curve(void)
{
    /* §7.2 by hand: 12 logs, standing on log 5, full phase (sin 0x40 = 256): depth 12 */
    g_assert_cmpint(lw_bridge_log_offset(12, 5, 5, 0x40), ==, 12);
    g_assert_cmpint(lw_bridge_log_offset(12, 5, 0, 0x40), ==, (63 * 12) >> 8);  /* sin[10] 62 */
    g_assert_cmpint(lw_bridge_log_offset(12, 5, 11, 0x40), ==, (57 * 12) >> 8); /* sin[9] 56 */
    g_assert_cmpint(lw_bridge_log_offset(12, 5, 6, 0x40), ==, (249 * 12) >> 8); /* sin[54] */
    g_assert_cmpint(lw_bridge_log_offset(12, 5, 5, 0x20), ==, (256 * 12 * 181) >> 16);
    g_assert_cmpint(lw_bridge_log_offset(16, 0, 0, 0x40), ==, 2);
    g_assert_cmpint(lw_bridge_log_offset(16, 7, 7, 0x40), ==, 16);
    g_assert_cmpint(lw_bridge_log_offset(16, 8, 8, 0x40), ==, 16);
    g_assert_cmpint(lw_bridge_log_offset(1, 0, 0, 0x40), ==, 2);
    g_assert_cmpint(lw_bridge_log_offset(12, 5, 5, 0), ==, 0);
    /* symmetric: log k standing on s mirrors log n-1-k standing on n-1-s */
    for (uint32_t n = 1; n <= 16; n++)
        for (uint32_t s = 0; s < n; s++)
            for (uint32_t k = 0; k < n; k++)
                g_assert_cmpint(lw_bridge_log_offset(n, s, k, 0x40), ==,
                                lw_bridge_log_offset(n, n - 1 - s, n - 1 - k, 0x40));
}

static void test_bridge_sag(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 895, 4);
    terrain_floor(level, 736, 1104, 4095, 4);
    g_assert_nonnull(test_marker_add(level, "bridge", 1000, 736, "logs", "12", NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 650);
    int landed = 0;
    for (int f = 0; f < 100 && !landed; f++) {
        lw_sim_step(&sim, 0);
        if (sim.state.game.on_object)
            landed = f + 1;
    }
    g_assert_cmpint(landed, >, 0);
    const lw_player *pl = &sim.state.player;
    /* platform landing: 1 px above oy - 8 */
    g_assert_cmpint(px(pl->y), ==, 736 - 8 - 19 - 1);
    g_assert_false(pl->airborne);
    /* the phase rises 4 a frame to 0x40: 16 frames, then the full depth 2 * min(7, 6) */
    const lw_obj_state *b = &sim.state.game.obj[0];
    for (int f = 1; f <= 16; f++) {
        lw_sim_step(&sim, 0);
        g_assert_cmpint(b->aux, ==, 4 * f);
        g_assert_cmpint(b->timer, ==, 6); /* standing on log (1000 - 1000 + 104) >> 4 */
    }
    lw_sim_step(&sim, 0);
    g_assert_cmpint(b->aux, ==, 0x40);
    g_assert_cmpint(px(pl->y), ==, 736 + 12 - 8 - 19);
    /* walk off the right end; the phase falls back 4 a frame */
    int off = 0;
    for (int f = 0; f < 400 && !off; f++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        if (!sim.state.game.on_object)
            off = f + 1;
    }
    g_assert_cmpint(off, >, 0);
    g_assert_cmpint(px(pl->x) - 1000 + 104, >=, 192);
    uint8_t a = b->aux;
    lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpint(b->aux, ==, a - 4);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §4, §5 hurt and ring loss ---- */

static void test_ring_loss(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spikes", 1000, 720, NULL, NULL, NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 600);
    sim.state.game.rings = 20;
    int hit = fixture_step_until(&sim, 0, 200, LW_EVENT_HURT);
    g_assert_cmpint(hit, >, 0);
    const lw_player *pl = &sim.state.player;
    const lw_game_state *g = &sim.state.game;
    g_assert_cmpint(g->rings, ==, 0);
    g_assert_cmpint(g->spill_count, ==, 20);
    g_assert_cmpint(g->invuln, ==, 120);
    g_assert_true(g->hurt);
    g_assert_cmpint(pl->ysp, ==, -0x400);
    g_assert_cmpint(pl->xsp, ==, 0x200); /* not left of the spikes' x: knocked right */
    /* standing on the spikes: centre at 720 - 16 - 1 - 19 */
    int32_t cx = 1000 * 256, cy = (720 - 17 - 19) * 256;
    g_assert_cmpint(px(pl->y), ==, px(cy)); /* the rings start at the player's whole pixel */
    /* §5.2 over the first frames: the rings moved once on the spawn frame */
    static const int32_t v[][2] = {
        {-196, -1004}, {196, -1004},  {-568, -848}, {568, -848},  {-848, -568},
        {848, -568},   {-1004, -196}, {1004, -196}, {-1004, 196}, {1004, 196},
    };
    for (int k = 0; k < 10; k++) {
        g_assert_cmpint(g->spill[k].x, ==, cx + v[k][0]);
        g_assert_cmpint(g->spill[k].y, ==, cy + v[k][1]);
        g_assert_cmpint(g->spill[k].xsp, ==, v[k][0]);
        g_assert_cmpint(g->spill[k].ysp, ==, v[k][1] + 0x18);
    }
    /* the second circle: half the speed */
    g_assert_cmpint(g->spill[17].xsp, ==, 98);
    g_assert_cmpint(g->spill[17].ysp, ==, -502 + 0x18);
    /* frame 2: another step of each */
    lw_sim_step(&sim, 0);
    g_assert_cmpint(g->spill[0].x, ==, cx + 2 * -196);
    g_assert_cmpint(g->spill[0].y, ==, cy + -1004 + (-1004 + 0x18));
    g_assert_cmpint(g->spill_timer, ==, 0xFD); /* 255, minus one on each of the two frames */
    /* no new hurt while invulnerable; landing ends the hurt routine */
    int land = 0;
    for (int f = 0; f < 200 && !land; f++) {
        lw_sim_step(&sim, 0);
        g_assert_false(sim.state.game.events & LW_EVENT_HURT);
        if (!g->hurt)
            land = 1;
    }
    g_assert_cmpint(land, ==, 1);
    g_assert_cmpint(pl->xsp, ==, 0);
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_cmpint(g->invuln, ==, 120);
    /* the rings live 255 frames from the spill */
    for (int f = 0; f < 300 && g->spill_count; f++)
        lw_sim_step(&sim, 0);
    g_assert_cmpint(g->spill_count, ==, 0);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_spill_pattern(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spikes", 1000, 720, NULL, NULL, NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 990, 600);
    sim.state.game.rings = 100; /* more than 32 scatter only 32 */
    fixture_step_until(&sim, 0, 200, LW_EVENT_HURT);
    const lw_game_state *g = &sim.state.game;
    g_assert_cmpint(g->spill_count, ==, 32);
    g_assert_cmpint(sim.state.player.xsp, ==, -0x200); /* left of the spikes: knocked left */
    /* second circle: 2x the table, same angles */
    g_assert_cmpint(g->spill[16].xsp, ==, -98);
    g_assert_cmpint(g->spill[16].ysp, ==, -502 + 0x18);
    g_assert_cmpint(g->spill[31].xsp, ==, 98); /* angle 0xF8, mirrored: -(-49 * 2) */
    g_assert_cmpint(g->spill[31].ysp, ==, 502 + 0x18);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_hurt_without_rings(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spikes", 1000, 720, NULL, NULL, NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "spikes", 2000, 720, NULL, NULL, NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 600);
    sim.state.game.shield = LW_SHIELD_BASIC;
    g_assert_cmpint(terrain_run(&sim, 0, 100), ==, LW_SIM_RUNNING);
    g_assert_cmpint(sim.state.game.shield, ==, LW_SHIELD_NONE); /* the shield took the hit */
    g_assert_cmpint(sim.state.game.spill_count, ==, 0);
    lw_sim_reset(&sim, 2000, 600);
    g_assert_cmpint(terrain_run(&sim, 0, 100), ==, LW_SIM_DEAD); /* no rings, no shield */
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §5.1 rings ---- */

static void test_rings_collect(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "ring", 500, 710, "count", "3", "spacing", "24"));
    g_assert_nonnull(
        test_marker_add(level, "ring", 700, 650, NULL, NULL, NULL, NULL)); /* too high to touch */
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    g_assert_cmpuint(sim.object_count, ==, 4);
    int events = 0;
    for (int f = 0; f < 200; f++) {
        lw_sim_step(&sim, LW_BUTTON_RIGHT);
        if (sim.state.game.events & LW_EVENT_RING)
            events++;
    }
    g_assert_cmpint(sim.state.game.rings, ==, 3);
    g_assert_cmpint(events, ==, 3);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §9 spindash ---- */

static void test_spindash(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    const lw_player *pl = &sim.state.player;
    const lw_game_state *g = &sim.state.game;
    lw_sim_step(&sim, LW_BUTTON_DOWN); /* duck */
    lw_sim_step(&sim, LW_BUTTON_DOWN | LW_BUTTON_JUMP);
    g_assert_true(g->spindash);
    g_assert_false(pl->airborne);
    g_assert_cmpint(g->spindash_counter, ==, 0);
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    lw_sim_step(&sim, LW_BUTTON_DOWN | LW_BUTTON_JUMP);
    g_assert_cmpint(g->spindash_counter, ==, 0x200);
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    g_assert_cmpint(g->spindash_counter, ==, 0x1F0); /* -= c >> 5 */
    lw_sim_step(&sim, LW_BUTTON_DOWN | LW_BUTTON_JUMP);
    g_assert_cmpint(g->spindash_counter, ==, 0x1F0 - 0xF + 0x200);
    g_assert_cmpint(pl->x, ==, 400 * 256);
    lw_sim_step(&sim, 0); /* release */
    g_assert_false(g->spindash);
    g_assert_true(pl->rolling);
    g_assert_cmpint(pl->gsp, ==, 0x800 + 3 * 0x80);
    g_assert_cmpint(pl->y, ==, (716 + 5) * 256);
    g_assert_cmpint(pl->x, ==, 400 * 256); /* no move on the release frame */
    g_assert_true(sim.state.game.events & LW_EVENT_SPINDASH);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(pl->x, >, 400 * 256);
    /* full charge: 0x800 -> 0xC00; facing left releases leftwards */
    for (uint32_t c = 0; c <= 0x800; c += 0x100)
        g_assert_cmpint(lw_spindash_speed(c), ==, 0x800 + (int32_t)(c >> 8) * 0x80);
    lw_sim_reset(&sim, 400, 716);
    sim.state.player.facing_left = true;
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    for (int i = 0; i < 8; i++) {
        lw_sim_step(&sim, LW_BUTTON_DOWN | LW_BUTTON_JUMP);
        lw_sim_step(&sim, LW_BUTTON_DOWN);
    }
    g_assert_cmpint(g->spindash_counter, <=, 0x800);
    g_assert_cmpint(g->spindash_counter, >, 0x700);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(pl->gsp, ==, -0xB80);
    /* s1 has no spindash: the press jumps */
    lw_sim_clear(&sim);
    terrain_sim(&sim, level, "s1", 400, 716);
    lw_sim_step(&sim, LW_BUTTON_DOWN);
    lw_sim_step(&sim, LW_BUTTON_DOWN | LW_BUTTON_JUMP);
    g_assert_true(sim.state.player.airborne);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §8 platforms ---- */

static void test_platform_carry(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(
        test_marker_add(level, "platform", 1000, 600, "motion", "horizontal", "distance", "64"));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 560);
    int on = 0;
    for (int f = 0; f < 200 && !on; f++) {
        lw_sim_step(&sim, 0);
        if (sim.state.game.on_object)
            on = f + 1;
    }
    g_assert_cmpint(on, >, 0);
    const lw_player *pl = &sim.state.player;
    const lw_obj_state *o = &sim.state.game.obj[0];
    g_assert_cmpint(px(pl->y), ==, 600 - 8 - 19 - 1);
    int32_t rel = px(pl->x) - px(o->x);
    for (int f = 0; f < 256; f++) {
        lw_sim_step(&sim, 0);
        /* x = 1000 + 64 * sin((frame % 256)) >> 8; the player moves with it */
        uint32_t t = sim.state.frame % 256;
        g_assert_cmpint(px(o->x), ==, 1000 + ((64 * lw_sine_table[t]) >> 8));
        g_assert_cmpint(px(pl->x) - px(o->x), ==, rel);
        g_assert_cmpint(px(pl->y), ==, 600 - 8 - 19 - 1);
        g_assert_cmpuint(sim.state.game.on_object, ==, 1);
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_platform_falling_collapsing(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(
        test_marker_add(level, "platform", 1000, 600, "motion", "falling", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "platform", 2000, 600, "motion", "collapsing", NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 500);
    while (!sim.state.game.on_object)
        lw_sim_step(&sim, 0);
    const lw_obj_state *o = &sim.state.game.obj[0];
    lw_sim_step(&sim, 0); /* triggered: 30 frames before it falls */
    for (int f = 0; f < 30; f++) {
        g_assert_cmpint(o->y, ==, 600 * 256);
        lw_sim_step(&sim, 0);
    }
    lw_sim_step(&sim,
                0); /* falls: move by the old speed (0), then gravity (S2 ObjectMoveAndFall) */
    g_assert_cmpint(o->y, ==, 600 * 256);
    g_assert_cmpint(o->ysp, ==, 0x38);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(o->y, ==, 600 * 256 + 0x38);
    g_assert_cmpuint(sim.state.game.on_object, ==, 1); /* carried down */
    lw_sim_reset(&sim, 2000, 500);
    while (!sim.state.game.on_object)
        lw_sim_step(&sim, 0);
    lw_sim_step(&sim, 0);
    for (int f = 0; f < 7; f++) {
        lw_sim_step(&sim, 0);
        g_assert_cmpuint(sim.state.game.on_object, ==, 2);
    }
    lw_sim_step(&sim, 0);
    g_assert_true(sim.state.game.obj[1].flags & LW_OBJF_GONE);
    g_assert_cmpuint(sim.state.game.on_object, ==, 0);
    g_assert_true(sim.state.player.airborne);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §10 monitors, §11 enemy, §12 goal ---- */

static void test_monitor(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "monitor", 1000, 720, "contents", "rings", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "monitor", 1600, 720, "contents", "shield", NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 1000, 600);
    /* falling onto it standing (not rolling): it is solid, the player stands on it */
    terrain_run(&sim, 0, 60);
    g_assert_cmpuint(sim.state.game.on_object, ==, 1);
    g_assert_cmpint(px(sim.state.player.y), ==, 720 - 16 - 19);
    /* jump and land on it in the ball: broken, rebound */
    lw_sim_step(&sim, LW_BUTTON_JUMP);
    int broke = 0;
    int32_t ysp_before = 0;
    for (int f = 0; f < 100 && !broke; f++) {
        ysp_before = sim.state.player.ysp + 0x38;
        lw_sim_step(&sim, LW_BUTTON_JUMP);
        if (sim.state.game.events & LW_EVENT_MONITOR)
            broke = f + 1;
    }
    g_assert_cmpint(broke, >, 0);
    g_assert_cmpint(sim.state.player.ysp, ==, -ysp_before);
    g_assert_cmpint(sim.state.game.rings, ==, 0);
    /* the timer of 32 counts down in every object phase from the break frame's on */
    terrain_run(&sim, 0, 30);
    g_assert_cmpint(sim.state.game.rings, ==, 0);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(sim.state.game.rings, ==, 10);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_enemy(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "enemy", 1000, 700, "direction", "left", NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 600, 716);
    const lw_obj_state *e = &sim.state.game.obj[0];
    g_assert_cmpint(px(e->y), ==, 736 - 14 - 1); /* on the floor: its feet row 735 */
    lw_sim_step(&sim, 0);
    g_assert_cmpint(e->x, ==, 1000 * 256 - 0x100);
    /* roll into it: destroyed, 100 points */
    sim.state.player.gsp = 0x600;
    sim.state.player.rolling = true;
    sim.state.player.hr = 14;
    sim.state.player.wr = 7;
    sim.state.player.y += 5 * 256;
    int killed = fixture_step_until(&sim, 0, 200, LW_EVENT_ENEMY) > 0;
    g_assert_cmpint(killed, ==, 1);
    g_assert_cmpuint(sim.state.game.score, ==, 100);
    g_assert_true(e->flags & LW_OBJF_GONE);
    /* walking into one hurts */
    lw_sim_reset(&sim, 600, 716);
    sim.state.game.rings = 1;
    int hurt = fixture_step_until(&sim, LW_BUTTON_RIGHT, 300, LW_EVENT_HURT) > 0;
    g_assert_cmpint(hurt, ==, 1);
    g_assert_cmpint(sim.state.player.xsp, ==, -0x200);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_enemy_turns(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 900, 1100, 4);
    g_assert_nonnull(test_marker_add(level, "enemy", 1000, 700, "direction", "right", NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 920, 716);
    const lw_obj_state *e = &sim.state.game.obj[0];
    int turned = 0;
    for (int f = 0; f < 300 && !turned; f++) {
        lw_sim_step(&sim, 0);
        if (e->xsp < 0)
            turned = f + 1;
    }
    g_assert_cmpint(turned, >, 0);
    g_assert_cmpint(e->timer, ==, 59);
    g_assert_cmpint(px(e->x), <=, 1104);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_goal_checkpoint(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "checkpoint", 600, 700, NULL, NULL, NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "goal", 900, 700, NULL, NULL, NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    lw_sim_status s = LW_SIM_RUNNING;
    int f = 0;
    for (; f < 600 && s == LW_SIM_RUNNING; f++)
        s = lw_sim_step(&sim, LW_BUTTON_RIGHT);
    g_assert_cmpint(s, ==, LW_SIM_FINISHED);
    g_assert_cmpint(sim.state.game.checkpoint, ==, 1);
    g_assert_cmpint(sim.state.game.respawn_x, ==, 600);
    g_assert_cmpint(px(sim.state.player.x), >=, 900);
    g_assert_cmpint(px(sim.state.player.x), <, 932);
    uint32_t frame = sim.state.frame;
    g_assert_cmpint(lw_sim_step(&sim, LW_BUTTON_RIGHT), ==, LW_SIM_FINISHED);
    g_assert_cmpuint(sim.state.frame, ==, frame);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- markers, hash, save/restore ---- */

static void test_markers(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(
        test_marker_add(level, "spring", 100, 100, "direction", "sideways", NULL, NULL));
    lw_profile p;
    lw_error err;
    g_assert_true(lw_profile_init(&p, "s2", "sonic", &err));
    lw_sim sim;
    g_assert_false(lw_sim_init(&sim, level, &p, 400, 716, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_nonnull(strstr(err.message, "direction \"sideways\""));
    lw_level_free(level);
    /* unknown marker names are not game objects */
    level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "camera-hint", 100, 100, NULL, NULL, NULL, NULL));
    g_assert_true(lw_sim_init(&sim, level, &p, 400, 716, &err));
    g_assert_cmpuint(sim.object_count, ==, 0);
    lw_sim_clear(&sim);
    lw_level_free(level);
    g_assert_cmpint(lw_obj_type_from_name("bridge"), ==, LW_OBJ_BRIDGE);
    g_assert_cmpstr(lw_obj_type_name(LW_OBJ_ENEMY), ==, "enemy");
}

static lw_level *every_object_level(void)
{
    lw_level *level = fixture_flat_level();
    terrain_rect(level, 2600, 640, 2700, 735);
    g_assert_nonnull(test_marker_add(level, "spring", 500, 728, NULL, NULL, NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "spring", 800, 722, "direction", "left", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "spring", 1100, 720, "direction", "up-left", "strength", "red"));
    g_assert_nonnull(test_marker_add(level, "spring", 1200, 640, "direction", "down", NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "spikes", 1400, 720, NULL, NULL, NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "spikes", 2590, 700, "direction", "left", NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "ring", 300, 700, "count", "10", NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "monitor", 1700, 720, "contents", "shoes", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "monitor", 1800, 720, "contents", "invincibility", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "platform", 2000, 620, "motion", "vertical", "period", "120"));
    g_assert_nonnull(
        test_marker_add(level, "platform", 2200, 600, "motion", "falling", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "platform", 2400, 650, "motion", "collapsing", NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "bridge", 3000, 736, "logs", "10", NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "enemy", 3300, 700, NULL, NULL, NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "checkpoint", 3500, 700, NULL, NULL, NULL, NULL));
    return level;
}

static void test_hash_and_rewind(void)
{
    lw_level *level = every_object_level();
    lw_sim a, b;
    terrain_sim(&a, level, "s2", 200, 716);
    terrain_sim(&b, level, "s2", 200, 716);
    uint32_t seed = 12345;
    lw_sim_state saved;
    uint64_t at_save = 0;
    for (int f = 0; f < 3000; f++) {
        seed = seed * 1103515245u + 12345u;
        lw_input in = (lw_input)((seed >> 16) & LW_BUTTON_ALL);
        if ((seed >> 24) % 3)
            in = (lw_input)(in | LW_BUTTON_RIGHT);
        in = (lw_input)(in & ~LW_BUTTON_LEFT);
        lw_sim_step(&a, in);
        lw_sim_step(&b, in);
        if (f == 1500) {
            lw_sim_save(&a, &saved);
            at_save = lw_sim_hash(&a);
        }
    }
    g_assert_cmpuint(lw_sim_hash(&a), ==, lw_sim_hash(&b));
    lw_sim_restore(&a, &saved);
    g_assert_cmpuint(lw_sim_hash(&a), ==, at_save);
    /* the game block is hashed: one ring more changes it */
    a.state.game.rings++;
    g_assert_cmpuint(lw_sim_hash(&a), !=, at_save);
    /* an untouched level with objects hashes as the terrain alone */
    lw_level *plain = fixture_flat_level();
    lw_sim c, d;
    terrain_sim(&c, plain, "s2", 200, 716);
    lw_level *rings = fixture_flat_level();
    g_assert_nonnull(test_marker_add(rings, "ring", 3000, 300, NULL, NULL, NULL, NULL));
    terrain_sim(&d, rings, "s2", 200, 716);
    terrain_run(&c, LW_BUTTON_RIGHT, 100);
    terrain_run(&d, LW_BUTTON_RIGHT, 100);
    g_assert_cmpuint(lw_sim_hash(&c), ==, lw_sim_hash(&d));
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    lw_sim_clear(&c);
    lw_sim_clear(&d);
    lw_level_free(plain);
    lw_level_free(rings);
    lw_level_free(level);
}

/* Random input over every object type: no crash, rings and positions stay sane, the same
 * inputs give the same hash in every build (LW_FUZZ_FRAMES overrides the frame count and skips
 * the golden hash). */
#define FUZZ_HASH_25000 0xc976bf504b91b7f5ull
static void test_fuzz(void)
{
    lw_level *level = every_object_level();
    const char *env = g_getenv("LW_FUZZ_FRAMES");
    long frames = env ? atol(env) : 200000 / LW_FUZZ_DIVISOR; /* fewer under sanitizers */
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 200, 716);
    uint32_t seed = 99;
    uint64_t runs = 0;
    for (long f = 0; f < frames; f++) {
        seed = seed * 1664525u + 1013904223u;
        lw_input in = (lw_input)((seed >> 20) & LW_BUTTON_ALL);
        lw_sim_status s = lw_sim_step(&sim, in);
        g_assert_cmpint(sim.state.game.spill_count, <=, LW_SIM_MAX_SPILL);
        g_assert_cmpint(sim.state.game.on_object, <=, sim.object_count);
        if (f + 1 == 25000 && !env) {
            /* the same state in every build (-O2, -O0 with ASan+UBSan, which runs 25,000
             * frames; tests/engine/meson.build): a golden hash, moved only by a change of the
             * objects' behaviour */
            uint64_t h = lw_sim_hash(&sim);
            if (h != FUZZ_HASH_25000)
                g_error("hash after 25,000 random frames %016llx, expected %016llx",
                        (unsigned long long)h, (unsigned long long)FUZZ_HASH_25000);
        }
        if (s != LW_SIM_RUNNING || (seed >> 8) % 4000 == 0) {
            runs++;
            lw_sim_reset(&sim, 200 + (int32_t)((seed >> 4) % 3500), 600);
            sim.state.game.rings = (uint16_t)((seed >> 12) % 40);
        }
    }
    g_assert_cmpuint(runs, >, 0);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* §1.3: the culling index (objects skipped while idle and out of reach in X and Y, the touch
 * range, the cached index ranges) gives the same states, frame for frame, as running and
 * touch-testing every object of the window — on the every-type level and on a dense one with
 * objects above, below and at the player's height, with random inputs, resets anywhere (jumps
 * of the player's X) and every profile's radii. */
static lw_level *dense_level(void)
{
    lw_level *level = fixture_flat_level();
    terrain_floor(level, 560, 1000, 3000, 1);
    static const char *const kinds[10] = {"ring",     "spring", "spikes", "monitor", "platform",
                                          "platform", "bridge", "enemy",  "ring",    "spring"};
    uint32_t seed = 7;
    for (int i = 0; i < 300; i++) {
        seed = seed * 1664525u + 1013904223u;
        int32_t x = 300 + (int32_t)((seed >> 8) % 3600);
        int32_t y = (seed >> 20) % 2 ? 700 + (int32_t)((seed >> 4) % 30)
                                     : 480 + (int32_t)((seed >> 4) % 70);
        const char *k = kinds[i % 10];
        if (i % 10 == 4)
            g_assert_nonnull(test_marker_add(
                level, k, x, y, "motion", (seed >> 3) % 2 ? "falling" : "collapsing", NULL, NULL));
        else if (i % 10 == 5) {
            /* moving platforms of three periods, in runs and mixed (their compact records
             * share the sine offset within a run of the same period and distance) */
            static const char *const motions[4] = {"horizontal", "static", "vertical",
                                                   "horizontal"};
            static const char *const periods[3] = {"180", "120", "90"};
            g_assert_nonnull(test_marker_add(level, k, x, y - 40, "motion",
                                             motions[(seed >> 3) % 4], "period",
                                             periods[(seed >> 9) % 3]));
        } else if (i % 10 == 1)
            g_assert_nonnull(test_marker_add(level, k, x, y, "direction",
                                             (seed >> 5) % 2 ? "right" : "up", NULL, NULL));
        else if (i % 10 == 2)
            g_assert_nonnull(test_marker_add(level, k, x, y, "direction",
                                             (seed >> 5) % 2 ? "left" : "up", NULL, NULL));
        else
            g_assert_nonnull(test_marker_add(level, k, x, y, NULL, NULL, NULL, NULL));
    }
    return level;
}

static void culling_run(lw_level *level, const char *profile, long frames, uint32_t seed)
{
    lw_sim a, b;
    terrain_sim(&a, level, profile, 200, 716);
    terrain_sim(&b, level, profile, 200, 716);
    lwi_objects_set_reference(&b, true);
    for (long f = 0; f < frames; f++) {
        seed = seed * 1664525u + 1013904223u;
        lw_input in = (lw_input)((seed >> 20) & LW_BUTTON_ALL);
        if ((seed >> 12) % 4)
            in = (lw_input)(in | ((seed >> 14) % 2 ? LW_BUTTON_RIGHT : LW_BUTTON_LEFT));
        lw_sim_status sa = lw_sim_step(&a, in), sb = lw_sim_step(&b, in);
        g_assert_cmpint(sa, ==, sb);
        if (lw_sim_hash(&a) != lw_sim_hash(&b) ||
            memcmp(a.state.game.obj, b.state.game.obj, a.object_count * sizeof *a.state.game.obj))
            g_error("%s: frame %ld: the culled run differs from the reference", profile, f);
        if (sa != LW_SIM_RUNNING || (seed >> 8) % 1500 == 0) {
            int32_t x = 200 + (int32_t)((seed >> 4) % 3700), y = (seed >> 3) % 2 ? 600 : 400;
            lw_sim_reset(&a, x, y);
            lw_sim_reset(&b, x, y);
            a.state.game.rings = b.state.game.rings = (uint16_t)((seed >> 12) % 40);
        }
    }
    lw_sim_clear(&a);
    lw_sim_clear(&b);
}

static void test_culling_reference(void)
{
    const char *env = g_getenv("LW_FUZZ_FRAMES");
    long frames = env ? atol(env) : 60000 / LW_FUZZ_DIVISOR;
    lw_level *level = every_object_level();
    culling_run(level, "s2", frames, 1);
    lw_level_free(level);
    level = dense_level();
    culling_run(level, "s2", frames, 2);
    culling_run(level, "s1", frames / 2, 3);
    culling_run(level, "s3k", frames / 2, 4);
    lw_level_free(level);
}

/* §1.3: the enemies' floor probe results kept per block column (the memo) and every range of
 * the culling index, against brute force and against the reference run (which probes every
 * frame), over terrain that is not flat: a zigzag ground (a mask per block), steps, a gap, a
 * jump-through ledge, flipped blocks and path-B-only blocks, with 30 enemies and a terrain edit
 * in the middle of the run (lw_sim_terrain_changed). */
static bool zigzag(int32_t x, int32_t y, void *user)
{
    (void)user;
    int32_t t = (x / 2) % 64;
    return y >= 640 + (t < 32 ? t : 64 - t);
}

static lw_level *enemy_terrain_level(void)
{
    lw_level *level = fixture_flat_level();
    terrain_raster(level, 400 / 16, 640 / 16, 1600 / 16, 735 / 16, zigzag, NULL, NULL);
    /* steps up and down */
    for (int32_t k = 0; k < 6; k++)
        terrain_rect(level, 1800 + 48 * k, 736 - 8 * (k + 1), 1847 + 48 * k, 735);
    /* a gap in the floor */
    for (int32_t bx = 2300 / 16; bx < 2340 / 16; bx++)
        for (int32_t by = 736 / 16; by < 800 / 16; by++)
            terrain_clear(level, bx, by);
    /* a jump-through ledge, flipped slopes, blocks solid on path B only */
    static const int8_t ramp[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    uint16_t slope = terrain_shape(level, ramp, 0xF0, false);
    uint16_t full = terrain_full(level);
    for (int32_t bx = 2600 / 16; bx < 2800 / 16; bx++)
        terrain_set_path(level, bx, 640 / 16, full, 0, LW_SOLID_TOP, LW_SOLID_TOP);
    for (int32_t bx = 2900 / 16; bx < 3100 / 16; bx++)
        terrain_set(level, bx, 720 / 16, slope, (bx & 1) ? LW_CELL_FLIP_X : 0);
    for (int32_t bx = 3200 / 16; bx < 3400 / 16; bx++)
        terrain_set_path(level, bx, 720 / 16, full, 0, LW_SOLID_NONE, LW_SOLID_ALL);
    for (int i = 0; i < 30; i++)
        g_assert_nonnull(test_marker_add(level, "enemy", 420 + 110 * i, i % 3 ? 700 : 620,
                                         "direction", i % 2 ? "left" : "right", NULL, NULL));
    g_assert_nonnull(
        test_marker_add(level, "platform", 1000, 560, "motion", "horizontal", NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "ring", 1200, 700, "count", "5", NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "spring", 2000, 690, NULL, NULL, NULL, NULL));
    return level;
}

static void index_run(lw_level *level, const char *profile, long frames, uint32_t seed,
                      long edit_at)
{
    lw_sim a, b;
    terrain_sim(&a, level, profile, 200, 716);
    terrain_sim(&b, level, profile, 200, 716);
    lwi_objects_set_reference(&b, true);
    lw_sim_state *saved = g_new0(lw_sim_state, 1);
    long saved_at = -1;
    for (long f = 0; f < frames; f++) {
        seed = seed * 1664525u + 1013904223u;
        lw_input in = (lw_input)((seed >> 20) & LW_BUTTON_ALL);
        if ((seed >> 12) % 4)
            in = (lw_input)(in | ((seed >> 14) % 2 ? LW_BUTTON_RIGHT : LW_BUTTON_LEFT));
        if (f == edit_at) {
            /* raise the floor under the first enemies and open a hole in the zigzag */
            terrain_rect(level, 300, 704, 1100, 735);
            for (int32_t bx = 1200 / 16; bx < 1300 / 16; bx++)
                for (int32_t by = 640 / 16; by < 800 / 16; by++)
                    terrain_clear(level, bx, by);
            lw_sim_terrain_changed(&a);
        }
        lw_sim_status sa = lw_sim_step(&a, in), sb = lw_sim_step(&b, in);
        g_assert_cmpint(sa, ==, sb);
        if (lw_sim_hash(&a) != lw_sim_hash(&b) ||
            memcmp(a.state.game.obj, b.state.game.obj, a.object_count * sizeof *a.state.game.obj))
            g_error("%s: frame %ld: the culled run differs from the reference", profile, f);
        const char *why = lwi_objects_check_index(&a);
        if (why)
            g_error("%s: frame %ld: culling index: %s", profile, f, why);
        if (f % 700 == 350) {
            lw_sim_save(&a, saved);
            saved_at = f;
        } else if (f % 700 == 650 && saved_at >= 0) {
            /* a rewind: both back to the same earlier state */
            lw_sim_restore(&a, saved);
            lw_sim_restore(&b, saved);
        }
        if (sa != LW_SIM_RUNNING || (seed >> 8) % 1200 == 0) {
            int32_t x = 200 + (int32_t)((seed >> 4) % 3700), y = (seed >> 3) % 2 ? 600 : 400;
            lw_sim_reset(&a, x, y);
            lw_sim_reset(&b, x, y);
        }
    }
    g_free(saved);
    lw_sim_clear(&a);
    lw_sim_clear(&b);
}

static void test_culling_index(void)
{
    const char *env = g_getenv("LW_FUZZ_FRAMES");
    long frames = env ? atol(env) : 20000 / LW_FUZZ_DIVISOR;
    lw_level *level = enemy_terrain_level();
    index_run(level, "s2", frames, 5, -1);
    index_run(level, "s1", frames / 2, 6, frames / 4);
    lw_level_free(level);
    level = dense_level();
    index_run(level, "s3k", frames / 2, 7, -1);
    lw_level_free(level);
}

/* §16: disassembly ids to markers; every mapped entry is a valid marker */
static void test_objmap(void)
{
    lw_objmap_marker m;
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S2, 0x41, 0x02, false, false, &m));
    g_assert_cmpstr(m.name, ==, "spring");
    g_assert_cmpstr(m.values[0], ==, "up");
    g_assert_cmpstr(m.values[1], ==, "yellow");
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S2, 0x41, 0x10, true, false, &m));
    g_assert_cmpstr(m.values[0], ==, "left");
    g_assert_cmpstr(m.values[1], ==, "red");
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S2, 0x41, 0x30, false, false, &m));
    g_assert_cmpstr(m.values[0], ==, "up-right");
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S2, 0x36, 0x10, false, true, &m));
    g_assert_cmpstr(m.name, ==, "spikes");
    g_assert_cmpstr(m.values[0], ==, "down");
    g_assert_cmpstr(m.values[1], ==, "64");
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S2, 0x26, 6, false, false, &m));
    g_assert_cmpstr(m.values[0], ==, "shield");
    g_assert_false(lw_objmap_lookup(LW_OBJMAP_S2, 0x26, 8, false, false, &m)); /* teleport */
    g_assert_null(m.name);
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S2, 0x11, 12, false, false, &m));
    g_assert_cmpstr(m.values[0], ==, "12");
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S2, 0x18, 0x31, false, false, &m));
    g_assert_cmpstr(m.values[0], ==, "horizontal");
    g_assert_cmpstr(m.values[1], ==, "128");
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S1, 0x25, 0x32, false, false, &m));
    g_assert_cmpstr(m.name, ==, "ring");
    g_assert_cmpstr(m.values[0], ==, "3");
    g_assert_cmpstr(m.keys[1], ==, "spacing-y");
    g_assert_cmpstr(m.values[1], ==, "16");
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S1, 0x40, 0, false, false, &m));
    g_assert_cmpstr(m.name, ==, "enemy");
    g_assert_false(lw_objmap_lookup(LW_OBJMAP_S1, 0x03, 0, false, false, &m));
    /* every mapping of every id, subtype and flip parses as a game object */
    int mapped = 0;
    for (int game = 0; game < 2; game++)
        for (int id = 0; id < 256; id++)
            for (int sub = 0; sub < 256; sub++)
                for (int f = 0; f < 4; f++) {
                    if (!lw_objmap_lookup((lw_objmap_game)game, (uint8_t)id, (uint8_t)sub, f & 1,
                                          (f & 2) != 0, &m))
                        continue;
                    mapped++;
                    lw_object o = {.id = 1, .type = LW_OBJECT_MARKER, .name = (char *)m.name};
                    lw_property props[3];
                    for (uint32_t i = 0; i < m.prop_count; i++)
                        props[i] = (lw_property){(char *)m.keys[i], (char *)m.values[i]};
                    o.props = props;
                    o.prop_count = m.prop_count;
                    lw_sim_object so;
                    lw_error err;
                    if (!lw_sim_object_from_marker(&o, &so, &err))
                        g_error("game %d id %02x sub %02x: %s", game, id, sub, err.message);
                }
    g_assert_cmpint(mapped, >, 1000);

    /* imported markers (docs/DISASM.md §8.3) run as game objects in an S1/S2 level */
    lw_level *level = fixture_flat_level();
    lw_object o = {.type = LW_OBJECT_MARKER, .x = 500, .y = 728, .name = (char *)"Obj41"};
    lw_property p[4] = {{(char *)"disasm", (char *)"object"},
                        {(char *)"id", (char *)"0x41"},
                        {(char *)"subtype", (char *)"0x02"},
                        {(char *)"x_flip", (char *)"false"}};
    o.props = p;
    o.prop_count = 4;
    g_assert_nonnull(lw_level_add_object(level, &o));
    lw_object r = {.type = LW_OBJECT_MARKER, .x = 800, .y = 600, .name = (char *)"ring"};
    lw_property rp[3] = {{(char *)"disasm", (char *)"ring"},
                         {(char *)"count", (char *)"3"},
                         {(char *)"column", (char *)"true"}};
    r.props = rp;
    r.prop_count = 3;
    g_assert_nonnull(lw_level_add_object(level, &r));
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 200, 716); /* the level's profile decides the game */
    g_assert_cmpuint(sim.object_count, ==, 4);
    g_assert_cmpint(sim.objects[0].type, ==, LW_OBJ_SPRING);
    g_assert_cmpint(sim.objects[0].speed, ==, 0xA00); /* subtype bit 1: yellow */
    g_assert_cmpint(sim.objects[1].type, ==, LW_OBJ_RING);
    g_assert_cmpint(sim.objects[2].y, ==, 624); /* a column: 24 px apart */
    lw_sim_clear(&sim);
    g_strlcpy(level->profile, "s3k", sizeof level->profile); /* S3K ids are not mapped */
    terrain_sim(&sim, level, "s2", 200, 716);
    g_assert_cmpuint(sim.object_count, ==, 3);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* S2's collision plane switcher (Obj03) imported as a marker runs as a path swapper: subtype 0x08
 * = 32 px half-height, a vertical line, path B on its right, A on its left; X flip = priority
 * only; 0x95 = horizontal, 64 px, B above, A below, grounded only. */
static void plane_switcher(lw_level *level, int32_t x, int32_t y, const char *sub, bool x_flip)
{
    lw_object o = {.type = LW_OBJECT_MARKER, .x = x, .y = y, .name = (char *)"Obj03"};
    lw_property p[4] = {{(char *)"disasm", (char *)"object"},
                        {(char *)"id", (char *)"0x03"},
                        {(char *)"subtype", (char *)sub},
                        {(char *)"x_flip", (char *)(x_flip ? "true" : "false")}};
    o.props = p;
    o.prop_count = 4;
    g_assert_nonnull(lw_level_add_object(level, &o));
}

static void test_plane_switcher(void)
{
    lw_level *level = fixture_flat_level();
    g_strlcpy(level->profile, "s2", sizeof level->profile);
    plane_switcher(level, 400, 716, "0x08", false);
    plane_switcher(level, 900, 716, "0x00", true); /* would set A, but changes priority only */
    plane_switcher(level, 3000, 500, "0x95", false);
    lw_sim sim;
    terrain_sim(&sim, level, "s2", 200, 716);
    g_assert_cmpuint(sim.swapper_count, ==, 3);
    g_assert_cmpuint(sim.object_count, ==, 0); /* swappers, not game objects */
    const lw_sim_swapper *h = &sim.swappers[2];
    g_assert_true(h->horizontal && h->grounded_only && !h->priority_only);
    g_assert_cmpint(h->radius, ==, 64);
    g_assert_cmpint(h->path[1], ==, LW_PATH_A);
    g_assert_cmpint(h->path[0], ==, LW_PATH_B); /* bit 4 set, bit 3 clear */
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_A);
    int frames = 0;
    while ((sim.state.player.x >> 8) <= 400 && frames < 600) {
        terrain_run(&sim, LW_BUTTON_RIGHT, 1);
        frames++;
    }
    g_assert_cmpint(frames, <, 600);
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_B); /* crossed to its right side */
    while ((sim.state.player.x >> 8) <= 960 && frames < 1200) {
        terrain_run(&sim, LW_BUTTON_RIGHT, 1);
        frames++;
    }
    g_assert_cmpint(sim.state.player.path, ==, LW_PATH_B); /* the X-flipped one left it alone */
    lw_sim_clear(&sim);
    g_strlcpy(level->profile, "s1", sizeof level->profile); /* Obj03 is S2's */
    terrain_sim(&sim, level, "s2", 200, 716);
    g_assert_cmpuint(sim.swapper_count, ==, 0);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/objects/spring-up", test_spring_up);
    g_test_add_func("/engine/objects/spring-horizontal", test_spring_horizontal);
    g_test_add_func("/engine/objects/spring-down-diagonal", test_spring_down_and_diagonal);
    g_test_add_func("/engine/objects/bridge-curve", test_bridge_curve);
    g_test_add_func("/engine/objects/bridge-sag", test_bridge_sag);
    g_test_add_func("/engine/objects/ring-loss", test_ring_loss);
    g_test_add_func("/engine/objects/spill-pattern", test_spill_pattern);
    g_test_add_func("/engine/objects/hurt-shield-death", test_hurt_without_rings);
    g_test_add_func("/engine/objects/rings", test_rings_collect);
    g_test_add_func("/engine/objects/spindash", test_spindash);
    g_test_add_func("/engine/objects/platform-carry", test_platform_carry);
    g_test_add_func("/engine/objects/platform-fall-collapse", test_platform_falling_collapsing);
    g_test_add_func("/engine/objects/monitor", test_monitor);
    g_test_add_func("/engine/objects/enemy", test_enemy);
    g_test_add_func("/engine/objects/enemy-turns", test_enemy_turns);
    g_test_add_func("/engine/objects/goal-checkpoint", test_goal_checkpoint);
    g_test_add_func("/engine/objects/markers", test_markers);
    g_test_add_func("/engine/objects/hash-rewind", test_hash_and_rewind);
    g_test_add_func("/engine/objects/culling-reference", test_culling_reference);
    g_test_add_func("/engine/objects/culling-index", test_culling_index);
    g_test_add_func("/engine/objects/fuzz", test_fuzz);
    g_test_add_func("/engine/objects/disasm-ids", test_objmap);
    g_test_add_func("/engine/objects/plane-switcher", test_plane_switcher);
    return g_test_run();
}
