/* SPDX-License-Identifier: MIT */
/* Player moves (docs/OBJECTS.md §19): the CD super peel-out and Mania's drop dash, frame by frame
 * with the contract's exact values — charge, release speed and frame, the cancels, the switch,
 * profiles without the move — and the moves' part of the hash and of save/restore. */
#include "terrain.h"

#include <glib.h>
#include <loopwright/objects.h>
#include <loopwright/sim.h>
#include <string.h>

enum { U = LW_BUTTON_UP, J = LW_BUTTON_JUMP, L = LW_BUTTON_LEFT, R = LW_BUTTON_RIGHT };

/* Flat floor with its top at y 736 (a standing Sonic's centre is at 716). */
static lw_level *flat(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    return level;
}

static bool moves_idle(const lw_sim *sim)
{
    const lw_moves_state *mv = &sim->state.moves;
    return mv->peelout == 0 && mv->peelout_timer == 0 && mv->drop_dash == 0 &&
           mv->drop_dash_timer == 0;
}

/* ---- §19.1 super peel-out ---- */

/* Look up (frame 1), press jump (frame 2), hold UP for @hold frames, release. Returns the frame
 * number of the release. */
static uint32_t peelout_input(lw_sim *sim, int hold)
{
    lw_sim_step(sim, U);
    lw_sim_step(sim, U | J);
    terrain_run(sim, U, hold);
    lw_sim_step(sim, 0);
    return sim->state.frame;
}

static void test_peelout_release(void)
{
    lw_level *level = flat();
    lw_sim sim;
    terrain_sim(&sim, level, "cd", 400, 716);
    const lw_player *pl = &sim.state.player;
    const lw_moves_state *mv = &sim.state.moves;
    lw_sim_step(&sim, U); /* looks up */
    g_assert_true(moves_idle(&sim));
    lw_sim_step(&sim, U | J); /* frame 2: the charge starts instead of a jump */
    g_assert_false(pl->airborne);
    g_assert_cmpint(pl->ysp, ==, 0);
    g_assert_cmpint(mv->peelout, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(mv->peelout_timer, ==, 0);
    lw_sim_step(&sim, U | J); /* held jump and further presses change nothing */
    g_assert_cmpint(mv->peelout_timer, ==, 1);
    terrain_run(&sim, U | L, 28); /* LEFT is ignored while charging */
    g_assert_cmpint(mv->peelout_timer, ==, 29);
    g_assert_false(pl->facing_left);
    lw_sim_step(&sim, U); /* frame 32: 30 frames of UP after the start */
    g_assert_cmpint(mv->peelout_timer, ==, 30);
    terrain_run(&sim, U, 5); /* the count saturates */
    g_assert_cmpint(mv->peelout_timer, ==, 30);
    g_assert_cmpint(pl->x, ==, 400 * 256); /* no move while charging */
    g_assert_cmpint(pl->gsp, ==, 0);
    lw_sim_step(&sim, 0); /* frame 38: UP released */
    g_assert_cmpuint(sim.state.frame, ==, 38);
    g_assert_cmpint(pl->gsp, ==, 0xC00);
    g_assert_cmpint(pl->x, ==, 400 * 256); /* no move on the release frame */
    g_assert_false(pl->rolling);
    g_assert_true(moves_idle(&sim));
    lw_sim_step(&sim, 0); /* frame 39: running, friction only */
    g_assert_cmpint(pl->gsp, ==, 0xC00 - 0x0C);
    g_assert_cmpint(pl->x, ==, 400 * 256 + 0xC00 - 0x0C);
    lw_sim_step(&sim, R); /* CD keeps a speed above top while RIGHT is held (§11.1 fix) */
    g_assert_cmpint(pl->gsp, ==, 0xC00 - 0x0C);

    /* the shortest charge: release on frame 33; facing left launches left */
    lw_sim_reset(&sim, 400, 716);
    sim.state.player.facing_left = true;
    g_assert_cmpuint(peelout_input(&sim, 30), ==, 33);
    g_assert_cmpint(pl->gsp, ==, -0xC00);
    g_assert_true(pl->facing_left);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_peelout_early_release(void)
{
    lw_level *level = flat();
    lw_sim sim;
    terrain_sim(&sim, level, "cd", 400, 716);
    const lw_player *pl = &sim.state.player;
    g_assert_cmpuint(peelout_input(&sim, 29), ==, 32); /* one frame short: nothing happens */
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_true(moves_idle(&sim));
    lw_sim_step(&sim, 0);
    g_assert_cmpint(pl->x, ==, 400 * 256);
    g_assert_cmpint(pl->gsp, ==, 0);

    /* UP and jump on the same first frame: not looking up yet, so a jump */
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, 0);
    lw_sim_step(&sim, U | J);
    g_assert_true(pl->airborne);
    g_assert_true(moves_idle(&sim));
    /* UP with DOWN is not looking up */
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, U | LW_BUTTON_DOWN);
    lw_sim_step(&sim, U | J);
    g_assert_true(pl->airborne);
    g_assert_true(moves_idle(&sim));
    /* knocked into the air while charging: the charge is lost */
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, U);
    lw_sim_step(&sim, U | J);
    terrain_run(&sim, U, 40);
    sim.state.player.airborne = true; /* as a hit does */
    sim.state.player.ysp = -0x400;
    lw_sim_step(&sim, U);
    g_assert_true(moves_idle(&sim));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* Profiles without the peel-out jump on the same input. */
static void test_peelout_other_profiles(void)
{
    static const char *const others[] = {"s1", "s2", "s3k", "modern"};
    lw_level *level = flat();
    for (size_t i = 0; i < G_N_ELEMENTS(others); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, others[i], 400, 716);
        lw_sim_step(&sim, U);
        lw_sim_step(&sim, U | J);
        g_assert_true(sim.state.player.airborne);
        /* modern also runs the air routine on the jump frame (§11.3): gravity once */
        g_assert_cmpint(sim.state.player.ysp, ==,
                        sim.profile.move_on_jump_frame ? -0x680 + 0x38 : -0x680);
        terrain_run(&sim, U, 40);
        g_assert_true(moves_idle(&sim));
        lw_sim_clear(&sim);
    }
    /* and the switch is a CD-only default */
    g_assert_true(lw_profile_find("cd")->peelout);
    g_assert_false(lw_profile_find("s2")->peelout);
    lw_level_free(level);
}

/* ---- §19.2 drop dash ---- */

static void drop_dash_sim(lw_sim *sim, const lw_level *level, const char *profile, bool on)
{
    terrain_sim(sim, level, profile, 400, 716);
    sim->profile.drop_dash = on;
}

/* Jump (frame 1), let go (frame 2), then hold jump from frame 3 with @dir held too. */
static void jump_and_hold(lw_sim *sim, lw_input dir, int frames)
{
    lw_sim_step(sim, J);
    lw_sim_step(sim, dir);
    terrain_run(sim, J | dir, frames);
}

static void test_drop_dash_release(void)
{
    lw_level *level = flat();
    lw_sim sim;
    drop_dash_sim(&sim, level, "s2", true);
    const lw_player *pl = &sim.state.player;
    const lw_moves_state *mv = &sim.state.moves;
    lw_sim_step(&sim, J); /* frame 1: the jump */
    g_assert_true(pl->airborne);
    g_assert_true(moves_idle(&sim)); /* the jump's own press does not count */
    lw_sim_step(&sim, 0);            /* frame 2: released, Ysp capped */
    g_assert_cmpint(pl->ysp, ==, -0x400 + 0x38);
    lw_sim_step(&sim, J); /* frame 3: the second press */
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(mv->drop_dash_timer, ==, 0);
    terrain_run(&sim, J, 19); /* frames 4..22 */
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(mv->drop_dash_timer, ==, 19);
    lw_sim_step(&sim, J); /* frame 23: 20 frames held after the press */
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGED);
    /* fall: frame 2 moved -1024 subpx, frame n >= 3 moves -968 + 56 (n - 3); back at the
     * floor on frame 39 */
    while (pl->airborne)
        lw_sim_step(&sim, J);
    g_assert_cmpuint(sim.state.frame, ==, 39);
    g_assert_false(pl->rolling); /* an ordinary landing first: Gsp = Xsp = 0 */
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGED);
    int32_t x = pl->x, y = pl->y;
    lw_sim_step(&sim, J); /* frame 40: the release, then the rolling routine */
    g_assert_true(pl->rolling);
    g_assert_false(pl->airborne);
    g_assert_cmpint(pl->hr, ==, 14);
    g_assert_cmpint(pl->y, ==, y + 5 * 256);
    g_assert_cmpint(pl->gsp, ==, 0x800 - 6); /* drpspd, then rolling friction */
    g_assert_cmpint(pl->x, ==, x + 0x800 - 6);
    g_assert_true(moves_idle(&sim));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_drop_dash_speeds(void)
{
    lw_level *level = flat();
    lw_sim sim;
    const lw_player *pl = &sim.state.player;
    /* forwards: a quarter of the landing Gsp on top of drpspd */
    drop_dash_sim(&sim, level, "s2", true);
    jump_and_hold(&sim, R, 36); /* frames 3..38 */
    g_assert_cmpint(sim.state.moves.drop_dash, ==, LW_MOVE_CHARGED);
    lw_sim_step(&sim, J | R); /* frame 39: lands */
    g_assert_false(pl->airborne);
    int32_t land = pl->gsp;
    g_assert_cmpint(land, >, 0x100);
    lw_sim_step(&sim, J | R);
    g_assert_cmpint(pl->gsp, ==, 0x800 + (land >> 2) - 6);
    lw_sim_clear(&sim);

    /* capped at drpmax */
    drop_dash_sim(&sim, level, "s2", true);
    jump_and_hold(&sim, 0, 27); /* frames 3..29, falling from frame 21 on */
    sim.state.player.xsp = 0x1400;
    while (pl->airborne)
        lw_sim_step(&sim, J);
    g_assert_cmpint(pl->gsp, ==, 0x1400);
    lw_sim_step(&sim, J);
    g_assert_cmpint(pl->gsp, ==, 0xC00 - 6);
    lw_sim_clear(&sim);

    /* backwards on flat ground: drpspd the way LEFT points, whatever the speed */
    drop_dash_sim(&sim, level, "s2", true);
    jump_and_hold(&sim, 0, 27);
    sim.state.player.xsp = 0x300;
    while (pl->airborne)
        lw_sim_step(&sim, J);
    g_assert_cmpint(pl->gsp, ==, 0x300);
    lw_sim_step(&sim, J | L);
    g_assert_true(pl->facing_left);
    g_assert_cmpint(pl->gsp, ==, -0x800 + 6);
    lw_sim_clear(&sim);

    /* forwards to the left: a quarter of a negative Gsp (floored), capped at -drpmax */
    drop_dash_sim(&sim, level, "s2", true);
    sim.state.player.facing_left = true;
    jump_and_hold(&sim, 0, 27);
    sim.state.player.xsp = -0x302;
    while (pl->airborne)
        lw_sim_step(&sim, J);
    lw_sim_step(&sim, J);
    g_assert_cmpint(pl->gsp, ==, -0x800 + (-0x302 >> 2) + 6); /* -0x8C1 + 6 */
    g_assert_cmpint(pl->gsp, ==, -0x8C1 + 6);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_drop_dash_cancel(void)
{
    lw_level *level = flat();
    lw_sim sim;
    const lw_player *pl = &sim.state.player;
    const lw_moves_state *mv = &sim.state.moves;
    /* released after the charge: no drop dash in this jump, a new press does not re-arm it */
    drop_dash_sim(&sim, level, "s2", true);
    jump_and_hold(&sim, 0, 21); /* charged on frame 23 */
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGED);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_SPENT);
    terrain_run(&sim, J, 5);
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_SPENT);
    while (pl->airborne)
        lw_sim_step(&sim, J);
    lw_sim_step(&sim, J);
    g_assert_false(pl->rolling);
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_true(moves_idle(&sim));

    /* released while charging: the count pauses and goes on when held again */
    lw_sim_reset(&sim, 400, 716);
    jump_and_hold(&sim, 0, 10); /* press on frame 3, timer 9 after frame 12 */
    g_assert_cmpint(mv->drop_dash_timer, ==, 9);
    terrain_run(&sim, 0, 3);
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(mv->drop_dash_timer, ==, 9);
    terrain_run(&sim, J, 10); /* the new press is a hold like any other */
    g_assert_cmpint(mv->drop_dash_timer, ==, 19);
    lw_sim_step(&sim, J);
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGED);

    /* landing before the charge completes: nothing, and the next jump starts afresh */
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, J);
    lw_sim_step(&sim, 0);
    terrain_run(&sim, 0, 30);
    lw_sim_step(&sim, J); /* frame 33: press, 6 frames before the landing */
    while (pl->airborne)
        lw_sim_step(&sim, J);
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGING);
    lw_sim_step(&sim, J);
    g_assert_false(pl->rolling);
    g_assert_true(moves_idle(&sim));

    /* a fall that is not a jump cannot charge */
    lw_sim_reset(&sim, 400, 600);
    g_assert_true(pl->airborne);
    lw_sim_step(&sim, 0);
    terrain_run(&sim, J, 30);
    g_assert_true(moves_idle(&sim));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* The switch off (every preset's default): the same input lands as a plain jump, and every
 * frame hashes as it did before the moves existed (no moves block). */
static void test_drop_dash_off(void)
{
    lw_level *level = flat();
    static const char *const presets[] = {"s1", "s2", "s3k", "cd", "modern"};
    for (size_t i = 0; i < G_N_ELEMENTS(presets); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, presets[i], 400, 716);
        g_assert_false(sim.profile.drop_dash);
        jump_and_hold(&sim, 0, 40);
        g_assert_false(sim.state.player.airborne);
        g_assert_false(sim.state.player.rolling);
        g_assert_cmpint(sim.state.player.gsp, ==, 0);
        g_assert_true(moves_idle(&sim));
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* The moves are in the hash and in lw_sim_save/lw_sim_restore. */
static void test_moves_hash_and_rewind(void)
{
    lw_level *level = flat();
    lw_sim a, b;
    drop_dash_sim(&a, level, "s2", true);
    drop_dash_sim(&b, level, "s2", false);
    jump_and_hold(&a, 0, 10);
    jump_and_hold(&b, 0, 10);
    /* the same player, one with a drop dash charging */
    g_assert_cmpmem(&a.state.player, sizeof a.state.player, &b.state.player, sizeof b.state.player);
    g_assert_false(moves_idle(&a));
    g_assert_cmpuint(lw_sim_hash(&a), !=, lw_sim_hash(&b));
    lw_moves_state keep = a.state.moves;
    a.state.moves = (lw_moves_state){0};
    g_assert_cmpuint(lw_sim_hash(&a), ==, lw_sim_hash(&b));
    a.state.moves = keep;
    a.state.moves.drop_dash_timer++;
    uint64_t other = lw_sim_hash(&a);
    a.state.moves = keep;
    g_assert_cmpuint(lw_sim_hash(&a), !=, other);

    /* rewind mid-charge, run on twice: the same frames */
    lw_sim_state saved;
    lw_sim_save(&a, &saved);
    terrain_run(&a, J, 40);
    uint64_t h1 = lw_sim_hash(&a);
    int32_t g1 = a.state.player.gsp;
    lw_sim_restore(&a, &saved);
    terrain_run(&a, J, 40);
    g_assert_cmpuint(lw_sim_hash(&a), ==, h1);
    g_assert_cmpint(a.state.player.gsp, ==, g1);
    g_assert_true(a.state.player.rolling); /* it was a drop dash */

    /* the peel-out too */
    lw_sim c;
    terrain_sim(&c, level, "cd", 400, 716);
    lw_sim_step(&c, U);
    lw_sim_step(&c, U | J);
    terrain_run(&c, U, 12);
    lw_sim_save(&c, &saved);
    uint64_t charging = lw_sim_hash(&c);
    terrain_run(&c, U, 20);
    lw_sim_step(&c, 0);
    h1 = lw_sim_hash(&c);
    lw_sim_restore(&c, &saved);
    g_assert_cmpuint(lw_sim_hash(&c), ==, charging);
    terrain_run(&c, U, 20);
    lw_sim_step(&c, 0);
    g_assert_cmpuint(lw_sim_hash(&c), ==, h1);
    g_assert_cmpint(c.state.player.gsp, ==, 0xC00);
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    lw_sim_clear(&c);
    lw_level_free(level);
}

/* The switch by name, as a level override and the tuning panel reach it. */
static void test_drop_dash_override(void)
{
    lw_level *level = flat();
    g_assert_true(lw_level_set_override(level, "drop_dash", 1));
    lw_profile p;
    lw_error err;
    g_assert_true(lw_profile_init(&p, "s3k", "sonic", &err));
    g_assert_true(lw_profile_apply_overrides(&p, level, &err));
    g_assert_true(p.drop_dash);
    int32_t idx = lw_param_find("drop_dash");
    g_assert_cmpint(idx, >=, 0);
    g_assert_cmpint(lw_param_at((size_t)idx)->kind, ==, LW_PARAM_SWITCH);
    g_assert_cmpint(lw_profile_get(&p, (size_t)idx), ==, 1);
    g_assert_cmpint(lw_param_find("peelout"), >=, 0);
    lw_sim sim;
    g_assert_true(lw_sim_init(&sim, level, &p, 400, 716, &err));
    jump_and_hold(&sim, 0, 40);
    g_assert_true(sim.state.player.rolling);
    g_assert_cmpint(sim.state.player.gsp, >, 0x700);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §19.3 shields on hurt ---- */

/* A shield takes the hit: the rings stay (S2/S3 HurtCharacter); without it they scatter. The
 * knockback and invulnerability are the same either way (§4.2). */
static void test_shield_keeps_rings(void)
{
    lw_level *level = flat();
    lw_object o = {0};
    o.type = LW_OBJECT_MARKER;
    o.x = 1000;
    o.y = 720;
    o.name = "spikes";
    g_assert_nonnull(lw_level_add_object(level, &o));
    for (int shield = 1; shield >= 0; shield--) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 1000, 600);
        sim.state.game.rings = 20;
        sim.state.game.shield = shield ? LW_SHIELD_BASIC : LW_SHIELD_NONE;
        int f = 0;
        while (f < 200 && !(sim.state.game.events & LW_EVENT_HURT)) {
            lw_sim_step(&sim, 0);
            f++;
        }
        g_assert_cmpint(f, <, 200);
        const lw_game_state *g = &sim.state.game;
        g_assert_cmpint(g->shield, ==, LW_SHIELD_NONE);
        g_assert_cmpint(g->rings, ==, shield ? 20 : 0);
        g_assert_cmpint(g->spill_count, ==, shield ? 0 : 20);
        g_assert_cmpint(sim.state.player.ysp, ==, -0x400);
        g_assert_cmpint(g->invuln, ==, 120);
        g_assert_cmpint(sim.state.status, ==, LW_SIM_RUNNING);
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/moves/peelout-release", test_peelout_release);
    g_test_add_func("/engine/moves/peelout-early-release", test_peelout_early_release);
    g_test_add_func("/engine/moves/peelout-other-profiles", test_peelout_other_profiles);
    g_test_add_func("/engine/moves/drop-dash-release", test_drop_dash_release);
    g_test_add_func("/engine/moves/drop-dash-speeds", test_drop_dash_speeds);
    g_test_add_func("/engine/moves/drop-dash-cancel", test_drop_dash_cancel);
    g_test_add_func("/engine/moves/drop-dash-off", test_drop_dash_off);
    g_test_add_func("/engine/moves/hash-and-rewind", test_moves_hash_and_rewind);
    g_test_add_func("/engine/moves/drop-dash-override", test_drop_dash_override);
    g_test_add_func("/engine/moves/shield-keeps-rings", test_shield_keeps_rings);
    return g_test_run();
}
