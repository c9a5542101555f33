/* SPDX-License-Identifier: MIT */
/* Player moves (docs/OBJECTS.md §19): the CD super peel-out and Mania's drop dash, frame by frame
 * with the contract's exact values — charge, release speed and frame, the cancels, the switch,
 * profiles without the move — and the moves' part of the hash and of save/restore. */
#include "engine-fixture.h"
#include "markers.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/objects.h>
#include <loopwright/sim.h>
#include <string.h>

enum {
    U = LW_BUTTON_UP,
    D = LW_BUTTON_DOWN,
    J = LW_BUTTON_JUMP,
    L = LW_BUTTON_LEFT,
    R = LW_BUTTON_RIGHT
};

static bool moves_idle(const lw_sim *sim)
{
    const lw_moves_state *mv = &sim->state.moves;
    return mv->peelout == 0 && mv->peelout_timer == 0 && mv->drop_dash == 0 &&
           mv->drop_dash_timer == 0 && mv->spindash == 0 && mv->spindash_timer == 0;
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
    lw_level *level = fixture_flat_level();
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
    lw_level *level = fixture_flat_level();
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
    lw_level *level = fixture_flat_level();
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

/* ---- §19.5 Sonic CD's spindash ---- */

/* Duck (frame 1), press jump (frame 2), hold DOWN for @hold frames, release. Returns the frame
 * number of the release. */
static uint32_t cd_spindash_input(lw_sim *sim, int hold)
{
    lw_sim_step(sim, D);
    lw_sim_step(sim, D | J);
    terrain_run(sim, D, hold);
    lw_sim_step(sim, 0);
    return sim->state.frame;
}

static void test_cd_spindash_release(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "cd", 400, 716);
    const lw_player *pl = &sim.state.player;
    const lw_moves_state *mv = &sim.state.moves;
    lw_sim_step(&sim, D); /* ducks */
    g_assert_true(moves_idle(&sim));
    lw_sim_step(&sim, D | J); /* frame 2: the charge starts instead of a jump */
    g_assert_false(pl->airborne);
    g_assert_cmpint(pl->ysp, ==, 0);
    g_assert_cmpint(mv->spindash, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(mv->spindash_timer, ==, 0);
    g_assert_cmpint(sim.state.game.spindash, ==, 0); /* not S2's spindash */
    g_assert_false(pl->rolling);                     /* standing while it charges */
    g_assert_cmpint(pl->hr, ==, 19);
    /* no revving: presses of jump, held or new, only let the time run */
    lw_sim_step(&sim, D | J);
    lw_sim_step(&sim, D);
    lw_sim_step(&sim, D | J);
    g_assert_cmpint(mv->spindash_timer, ==, 3);
    terrain_run(&sim, D | R, 41); /* RIGHT is ignored while charging */
    g_assert_cmpint(mv->spindash_timer, ==, 44);
    g_assert_cmpint(pl->gsp, ==, 0);
    lw_sim_step(&sim, D); /* frame 47: 45 frames of DOWN after the start */
    g_assert_cmpint(mv->spindash_timer, ==, 45);
    terrain_run(&sim, D, 3); /* the count saturates */
    g_assert_cmpint(mv->spindash_timer, ==, 45);
    g_assert_cmpint(pl->x, ==, 400 * 256); /* no move while charging */
    g_assert_cmpint(pl->y, ==, 716 * 256);
    lw_sim_step(&sim, 0); /* frame 51: DOWN released */
    g_assert_cmpuint(sim.state.frame, ==, 51);
    g_assert_true(sim.state.game.events & LW_EVENT_SPINDASH);
    g_assert_true(pl->rolling);
    g_assert_cmpint(pl->hr, ==, 14);
    g_assert_cmpint(pl->y, ==, 721 * 256); /* curled up: the feet stay */
    g_assert_cmpint(pl->gsp, ==, 0xC00);
    g_assert_cmpint(pl->x, ==, 400 * 256); /* no move on the release frame */
    g_assert_true(moves_idle(&sim));
    lw_sim_step(&sim, 0); /* frame 52: rolling, roll friction only */
    g_assert_cmpint(pl->gsp, ==, 0xC00 - 6);
    g_assert_cmpint(pl->x, ==, 400 * 256 + 0xC00 - 6);
    g_assert_false(sim.state.game.events & LW_EVENT_SPINDASH);

    /* the shortest charge: release on frame 48; facing left launches left */
    lw_sim_reset(&sim, 400, 716);
    sim.state.player.facing_left = true;
    g_assert_cmpuint(cd_spindash_input(&sim, 45), ==, 48);
    g_assert_cmpint(pl->gsp, ==, -0xC00);
    g_assert_true(pl->rolling);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void test_cd_spindash_early_release(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "cd", 400, 716);
    const lw_player *pl = &sim.state.player;
    /* one frame short (timer 44): nothing happens, the player stands up where it was */
    g_assert_cmpuint(cd_spindash_input(&sim, 44), ==, 47);
    g_assert_false(sim.state.game.events & LW_EVENT_SPINDASH);
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_false(pl->rolling);
    g_assert_cmpint(pl->hr, ==, 19);
    g_assert_cmpint(pl->y, ==, 716 * 256);
    g_assert_true(moves_idle(&sim));
    lw_sim_step(&sim, 0);
    g_assert_cmpint(pl->x, ==, 400 * 256);
    g_assert_cmpint(pl->gsp, ==, 0);
    /* a release at once (timer 0): the same */
    lw_sim_reset(&sim, 400, 716);
    cd_spindash_input(&sim, 0);
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_false(pl->rolling);

    /* DOWN and jump on the same first frame: not ducking yet, so a jump */
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, 0);
    lw_sim_step(&sim, D | J);
    g_assert_true(pl->airborne);
    g_assert_true(moves_idle(&sim));
    /* knocked into the air while charging: the charge is lost */
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, D);
    lw_sim_step(&sim, D | J);
    terrain_run(&sim, D, 50);
    g_assert_cmpint(sim.state.moves.spindash_timer, ==, 45);
    sim.state.player.airborne = true; /* as a hit does */
    sim.state.player.ysp = -0x400;
    lw_sim_step(&sim, D);
    g_assert_true(moves_idle(&sim));
    while (pl->airborne)
        lw_sim_step(&sim, 0);
    lw_sim_step(&sim, 0);
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_false(pl->rolling);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* The other profiles on the same input: S2's spindash (s2, s3k, modern) or a jump (s1); the CD
 * spindash never runs. With both switches on, CD's takes the place of S2's. */
static void test_cd_spindash_other_profiles(void)
{
    static const char *const others[] = {"s1", "s2", "s3k", "modern"};
    lw_level *level = fixture_flat_level();
    for (size_t i = 0; i < G_N_ELEMENTS(others); i++) {
        lw_sim sim;
        terrain_sim(&sim, level, others[i], 400, 716);
        g_assert_false(sim.profile.cd_spindash);
        lw_sim_step(&sim, D);
        lw_sim_step(&sim, D | J);
        if (sim.profile.spindash) {
            g_assert_cmpint(sim.state.game.spindash, ==, 1);
            g_assert_false(sim.state.player.airborne);
        } else {
            g_assert_true(sim.state.player.airborne);
            g_assert_cmpint(sim.state.player.ysp, ==, -0x680);
        }
        terrain_run(&sim, D, 50);
        g_assert_true(moves_idle(&sim));
        lw_sim_step(&sim, 0);
        if (sim.profile.spindash) /* S2's speed for a charge of 0 */
            g_assert_cmpint(sim.state.player.gsp, ==, 0x800);
        lw_sim_clear(&sim);
    }
    g_assert_true(lw_profile_find("cd")->cd_spindash);
    g_assert_false(lw_profile_find("cd")->spindash);
    g_assert_cmpint(lw_param_find("cd_spindash"), >=, 0);

    lw_sim sim;
    terrain_sim(&sim, level, "s2", 400, 716);
    sim.profile.cd_spindash = true;
    lw_sim_step(&sim, D);
    lw_sim_step(&sim, D | J);
    g_assert_cmpint(sim.state.moves.spindash, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(sim.state.game.spindash, ==, 0);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* An enemy walking into a charging player hurts it: the charge is not a ball (§19.5). */
static void test_cd_spindash_enemy(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "enemy", 480, 700, "direction", "left", NULL, NULL));
    lw_sim sim;
    terrain_sim(&sim, level, "cd", 400, 716);
    sim.state.game.rings = 5;
    lw_sim_step(&sim, D);
    lw_sim_step(&sim, D | J);
    fixture_step_until(&sim, D, 198, LW_EVENT_HURT | LW_EVENT_ENEMY); /* to frame 200 at most */
    g_assert_true(sim.state.game.events & LW_EVENT_HURT);
    g_assert_false(sim.state.game.events & LW_EVENT_ENEMY);
    g_assert_cmpint(sim.state.game.rings, ==, 0);
    lw_sim_step(&sim, D);
    g_assert_true(moves_idle(&sim)); /* knocked into the air: the charge is lost */
    lw_sim_clear(&sim);
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
    lw_level *level = fixture_flat_level();
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
    lw_level *level = fixture_flat_level();
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
    lw_level *level = fixture_flat_level();
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

/* ---- the moves' profile constants (tuning panel, level overrides) ---- */

/* Hold DOWN (frame 1), press jump (frame 2), hold DOWN for @hold frames, release: the Gsp of the
 * release frame. */
static int32_t spindash_input(lw_sim *sim, int hold)
{
    lw_sim_step(sim, D);
    lw_sim_step(sim, D | J);
    terrain_run(sim, D, hold);
    lw_sim_step(sim, 0);
    return sim->state.player.gsp;
}

/* peelout_charge/speed, cd_spindash_charge/speed and spindash_speed/step are what the moves
 * read: the presets give §19.1's, §19.5's and §9's values, and changed values move the launch. */
static void test_tuned_constants(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    terrain_sim(&sim, level, "cd", 400, 716);
    const lw_player *pl = &sim.state.player;
    g_assert_cmpint(sim.profile.peelout_charge, ==, 30);
    g_assert_cmpint(sim.profile.peelout_speed, ==, 0xC00);
    g_assert_cmpint(sim.profile.cd_spindash_charge, ==, 45);
    g_assert_cmpint(sim.profile.cd_spindash_speed, ==, 0xC00);
    g_assert_true(lw_profile_set(&sim.profile, (size_t)lw_param_find("peelout_charge"), 10));
    g_assert_true(lw_profile_set(&sim.profile, (size_t)lw_param_find("peelout_speed"), 0x700));
    g_assert_cmpuint(peelout_input(&sim, 9), ==, 12); /* one frame short */
    g_assert_cmpint(pl->gsp, ==, 0);
    lw_sim_reset(&sim, 400, 716);
    peelout_input(&sim, 12);
    g_assert_cmpint(sim.state.moves.peelout_timer, ==, 0); /* ended */
    g_assert_cmpint(pl->gsp, ==, 0x700);
    sim.profile.cd_spindash_charge = 5;
    sim.profile.cd_spindash_speed = 0x1000;
    lw_sim_reset(&sim, 400, 716);
    g_assert_cmpint(spindash_input(&sim, 4), ==, 0);
    lw_sim_reset(&sim, 400, 716);
    g_assert_cmpint(spindash_input(&sim, 5), ==, 0x1000);
    g_assert_true(pl->rolling);
    lw_sim_clear(&sim);

    /* S2: the release table is spindash_speed + (charge >> 8) * spindash_step */
    terrain_sim(&sim, level, "s2", 400, 716);
    for (uint32_t c = 0; c <= 0x800; c += 0x80)
        g_assert_cmpint(lw_profile_spindash_speed(&sim.profile, c), ==, lw_spindash_speed(c));
    g_assert_cmpint(spindash_input(&sim, 2), ==, 0x800);
    sim.profile.spindash_speed = 0x500;
    sim.profile.spindash_step = 0x40;
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, D);
    lw_sim_step(&sim, D | J);
    lw_sim_step(&sim, D);
    lw_sim_step(&sim, D | J); /* a rev: charge 0x200 */
    lw_sim_step(&sim, 0);
    g_assert_cmpint(pl->gsp, ==, 0x500 + 2 * 0x40);
    g_assert_false(lw_profile_set(&sim.profile, (size_t)lw_param_find("peelout_charge"), 256));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* §19.6: the drop dash's charge, speed and cap are profile constants too (presets 20, 0x800,
 * 0xC00): a run after lw_profile_set uses the edited values, to the frame and the subpixel. */
static void test_drop_dash_tuned(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim sim;
    drop_dash_sim(&sim, level, "s2", true);
    const lw_player *pl = &sim.state.player;
    const lw_moves_state *mv = &sim.state.moves;
    g_assert_cmpint(sim.profile.drop_dash_charge, ==, 20);
    g_assert_cmpint(sim.profile.drop_dash_speed, ==, 0x800);
    g_assert_cmpint(sim.profile.drop_dash_max, ==, 0xC00);
    for (size_t i = 0; i < lw_profile_preset_count(); i++) {
        const lw_profile *p = lw_profile_preset_at(i);
        g_assert_cmpint(p->drop_dash_charge, ==, 20);
        g_assert_cmpint(p->drop_dash_speed, ==, 0x800);
        g_assert_cmpint(p->drop_dash_max, ==, 0xC00);
    }
    g_assert_true(lw_profile_set(&sim.profile, (size_t)lw_param_find("drop_dash_charge"), 10));
    g_assert_true(lw_profile_set(&sim.profile, (size_t)lw_param_find("drop_dash_speed"), 0x600));
    /* the press on frame 3 (t = 0), charged after 10 held frames: frame 13, not 12 */
    lw_sim_step(&sim, J);
    lw_sim_step(&sim, 0);
    lw_sim_step(&sim, J);
    terrain_run(&sim, J, 9); /* frames 4..12 */
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(mv->drop_dash_timer, ==, 9);
    lw_sim_step(&sim, J); /* frame 13 */
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGED);
    while (pl->airborne)
        lw_sim_step(&sim, J);
    g_assert_cmpuint(sim.state.frame, ==, 39); /* the fall is the preset's */
    int32_t x = pl->x;
    lw_sim_step(&sim, J); /* frame 40: the release at the edited drpspd, rolling friction */
    g_assert_true(pl->rolling);
    g_assert_cmpint(pl->gsp, ==, 0x600 - 6);
    g_assert_cmpint(pl->x, ==, x + 0x600 - 6);

    /* the cap: the landing at Xsp 0x1400 releases at the edited drpmax */
    g_assert_true(lw_profile_set(&sim.profile, (size_t)lw_param_find("drop_dash_max"), 0x900));
    lw_sim_reset(&sim, 400, 716);
    jump_and_hold(&sim, 0, 27);
    sim.state.player.xsp = 0x1400;
    while (pl->airborne)
        lw_sim_step(&sim, J);
    g_assert_cmpint(pl->gsp, ==, 0x1400);
    lw_sim_step(&sim, J);
    g_assert_cmpint(pl->gsp, ==, 0x900 - 6);

    /* a charge of 0: charged at the second press itself */
    g_assert_true(lw_profile_set(&sim.profile, (size_t)lw_param_find("drop_dash_charge"), 0));
    lw_sim_reset(&sim, 400, 716);
    lw_sim_step(&sim, J);
    lw_sim_step(&sim, 0);
    lw_sim_step(&sim, J);
    g_assert_cmpint(mv->drop_dash, ==, LW_MOVE_CHARGED);
    /* the timer is a byte: 256 refused, the speed must keep a backwards release in 16 bits */
    g_assert_false(lw_profile_set(&sim.profile, (size_t)lw_param_find("drop_dash_charge"), 256));
    g_assert_false(lw_profile_set(&sim.profile, (size_t)lw_param_find("drop_dash_speed"), 16385));
    g_assert_cmpint(sim.profile.drop_dash_charge, ==, 0);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* ---- §19.2 the drop dash and objects ---- */

/* s2 with the drop dash on, Sonic at (400, 716) with 5 rings: J on frame 1, RIGHT from frame 2,
 * jump released until the second press on frame @press, then J+RIGHT; runs to frame @until. */
static void drop_dash_right(lw_sim *sim, uint32_t press, uint32_t until)
{
    while (sim->state.frame < until) {
        uint32_t f = sim->state.frame + 1;
        lw_sim_step(sim, f == 1 ? J : f < press ? R : J | R);
    }
}

static void drop_dash_objects_sim(lw_sim *sim, const lw_level *level)
{
    drop_dash_sim(sim, level, "s2", true);
    sim->state.game.rings = 5;
}

/* An up spring ends a charging or charged drop dash: landing on it un-rolls the player and
 * clears `jumping` (§19.2 "Eligible"). Without that cancel the charge would survive the spring's
 * flight and launch on the next landing (frame 129: rolling at 0x800 + (0x600 >> 2) - 6). */
static void test_drop_dash_spring(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spring", 448, 728, NULL, NULL, NULL, NULL));
    lw_sim sim;
    const lw_player *pl = &sim.state.player;
    const lw_moves_state *mv = &sim.state.moves;
    for (int charged = 1; charged >= 0; charged--) {
        drop_dash_objects_sim(&sim, level);
        /* charged on frame 23 after a press on frame 3; a press on frame 20 is still charging */
        drop_dash_right(&sim, charged ? 3 : 20, 33);
        g_assert_cmpint(mv->drop_dash, ==, charged ? LW_MOVE_CHARGED : LW_MOVE_CHARGING);
        drop_dash_right(&sim, 0, 34); /* frame 34: lands on the spring, launched */
        g_assert_true(sim.state.game.events & LW_EVENT_SPRING);
        g_assert_cmpint(pl->ysp, ==, -0xA00);
        g_assert_cmpint(pl->y, ==, 708 * 256 + 128); /* 720 - 1 - 19, + 8 */
        g_assert_true(pl->airborne);
        g_assert_false(pl->rolling);
        g_assert_false(pl->jumping);
        drop_dash_right(&sim, 0, 35); /* frame 35: the move sees a player who is not jumping */
        g_assert_true(moves_idle(&sim));
        drop_dash_right(&sim, 0, 127);
        g_assert_true(pl->airborne);
        g_assert_true(moves_idle(&sim)); /* jump held all along: nothing re-arms it */
        drop_dash_right(&sim, 0, 128);   /* back on the floor, standing */
        g_assert_false(pl->airborne);
        g_assert_cmpint(pl->gsp, ==, 0x600);
        drop_dash_right(&sim, 0, 129); /* no release: running at top speed */
        g_assert_false(pl->rolling);
        g_assert_cmpint(pl->gsp, ==, 0x600);
        g_assert_true(moves_idle(&sim));
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

/* A down spring met from below leaves the jump and the ball (S2 Obj41_Down sets neither the
 * spring animation nor the routine's jump flag): a charge goes on counting. */
static void test_drop_dash_down_spring(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spring", 410, 668, "direction", "down", NULL, NULL));
    lw_sim sim;
    const lw_player *pl = &sim.state.player;
    drop_dash_objects_sim(&sim, level);
    drop_dash_right(&sim, 3, 15); /* frame 15: the head meets the spring's bottom */
    g_assert_true(sim.state.game.events & LW_EVENT_SPRING);
    g_assert_cmpint(pl->ysp, ==, 0xA00);
    g_assert_true(pl->rolling);
    g_assert_true(pl->jumping);
    g_assert_cmpint(sim.state.moves.drop_dash_timer, ==, 12);
    drop_dash_right(&sim, 0, 19); /* lands on frame 19, 16 frames counted: not charged */
    g_assert_false(pl->airborne);
    g_assert_cmpint(sim.state.moves.drop_dash, ==, LW_MOVE_CHARGING);
    g_assert_cmpint(sim.state.moves.drop_dash_timer, ==, 16);
    drop_dash_right(&sim, 0, 20);
    g_assert_false(pl->rolling);
    g_assert_true(moves_idle(&sim));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* A hit ends a charged drop dash: the hurt routine, and the knockback un-rolls the player and
 * clears `jumping`. Without the cancel the charge would launch on the landing after the
 * knockback (frame 82: rolling at 0x800 - 6). */
static void test_drop_dash_hurt(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spikes", 448, 720, NULL, NULL, NULL, NULL));
    lw_sim sim;
    const lw_player *pl = &sim.state.player;
    drop_dash_objects_sim(&sim, level);
    drop_dash_right(&sim, 3, 29);
    g_assert_cmpint(sim.state.moves.drop_dash, ==, LW_MOVE_CHARGED);
    drop_dash_right(&sim, 0, 30); /* frame 30: lands on the spikes */
    const lw_game_state *g = &sim.state.game;
    g_assert_true(g->events & LW_EVENT_HURT);
    g_assert_cmpint(g->hurt, ==, 1);
    g_assert_cmpint(g->rings, ==, 0);
    g_assert_cmpint(pl->xsp, ==, -0x200); /* left of the spikes' x: knocked left */
    g_assert_cmpint(pl->ysp, ==, -0x400);
    g_assert_false(pl->rolling);
    drop_dash_right(&sim, 0, 31);
    g_assert_true(moves_idle(&sim));
    drop_dash_right(&sim, 0, 81); /* the knockback lands: Sonic_HurtStop stops the player */
    g_assert_false(pl->airborne);
    g_assert_cmpint(pl->gsp, ==, 0);
    g_assert_cmpint(g->hurt, ==, 0);
    drop_dash_right(&sim, 0, 82); /* no release: RIGHT accelerates from rest */
    g_assert_false(pl->rolling);
    g_assert_cmpint(pl->gsp, ==, 0x0C);
    g_assert_true(moves_idle(&sim));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* What does not end it: a monitor broken from above rebounds the player in the ball, still
 * jumping, so the charge holds to the next landing; landing on a platform is a landing, and the
 * release runs on it. */
static void test_drop_dash_monitor_platform(void)
{
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "monitor", 448, 720, "contents", "rings", NULL, NULL));
    lw_sim sim;
    const lw_player *pl = &sim.state.player;
    drop_dash_objects_sim(&sim, level);
    drop_dash_right(&sim, 3, 30); /* frame 30: broken from above, Ysp 0x220 + 0x38 negated */
    g_assert_true(sim.state.game.events & LW_EVENT_MONITOR);
    g_assert_cmpint(pl->ysp, ==, -0x258);
    g_assert_true(pl->rolling);
    g_assert_true(pl->jumping);
    drop_dash_right(&sim, 0, 60);
    g_assert_cmpint(sim.state.moves.drop_dash, ==, LW_MOVE_CHARGED);
    drop_dash_right(&sim, 0, 61); /* lands on the floor */
    g_assert_false(pl->airborne);
    int32_t land = pl->gsp;
    g_assert_cmpint(land, ==, 1115);
    drop_dash_right(&sim, 0, 62);
    g_assert_true(pl->rolling);
    g_assert_cmpint(pl->gsp, ==, 0x800 + (1115 >> 2) - 6);
    lw_sim_clear(&sim);
    lw_level_free(level);

    level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "platform", 448, 712, NULL, NULL, NULL, NULL));
    drop_dash_objects_sim(&sim, level);
    drop_dash_right(&sim, 3, 26); /* frame 26: lands on the platform's top, 704 */
    g_assert_false(pl->airborne);
    g_assert_cmpuint(sim.state.game.on_object, ==, 1);
    g_assert_cmpint(pl->gsp, ==, 488);
    g_assert_cmpint(sim.state.moves.drop_dash, ==, LW_MOVE_CHARGED);
    int32_t y = pl->y;
    g_assert_cmpint(y, ==, 684 * 256 + 160); /* 704 - 1 - 19 */
    drop_dash_right(&sim, 0, 27);            /* the release, on the platform */
    g_assert_true(pl->rolling);
    g_assert_cmpuint(sim.state.game.on_object, ==, 1);
    g_assert_cmpint(pl->y, ==, y + 5 * 256);
    g_assert_cmpint(pl->gsp, ==, 0x800 + (488 >> 2) - 6);
    g_assert_true(moves_idle(&sim));
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* The switch off (every preset's default): the same input lands as a plain jump, and every
 * frame hashes as it did before the moves existed (no moves block). */
static void test_drop_dash_off(void)
{
    lw_level *level = fixture_flat_level();
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
    lw_level *level = fixture_flat_level();
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

/* CD's spindash in the hash (its two bytes after the other four) and in save/restore. */
static void test_cd_spindash_hash_and_rewind(void)
{
    lw_level *level = fixture_flat_level();
    lw_sim a, b;
    terrain_sim(&a, level, "cd", 400, 716);
    terrain_sim(&b, level, "cd", 400, 716);
    lw_sim_step(&a, D);
    lw_sim_step(&b, D);
    lw_sim_step(&a, D | J);
    lw_sim_step(&b, D); /* b does not press jump: it only ducks */
    terrain_run(&a, D, 12);
    terrain_run(&b, D, 12);
    g_assert_cmpmem(&a.state.player, sizeof a.state.player, &b.state.player, sizeof b.state.player);
    g_assert_cmpint(a.state.moves.spindash_timer, ==, 12);
    g_assert_true(moves_idle(&b));
    uint64_t charging = lw_sim_hash(&a);
    a.state.moves = (lw_moves_state){0};
    g_assert_cmpuint(lw_sim_hash(&a), ==, lw_sim_hash(&b));
    a.state.moves.spindash = LW_MOVE_CHARGING;
    a.state.moves.spindash_timer = 12;
    g_assert_cmpuint(lw_sim_hash(&a), ==, charging);
    a.state.moves.spindash_timer = 13;
    g_assert_cmpuint(lw_sim_hash(&a), !=, charging);
    a.state.moves.spindash_timer = 12;

    lw_sim_state saved;
    lw_sim_save(&a, &saved);
    terrain_run(&a, D, 40);
    lw_sim_step(&a, 0);
    uint64_t h1 = lw_sim_hash(&a);
    g_assert_cmpint(a.state.player.gsp, ==, 0xC00);
    lw_sim_restore(&a, &saved);
    g_assert_cmpuint(lw_sim_hash(&a), ==, charging);
    terrain_run(&a, D, 40);
    lw_sim_step(&a, 0);
    g_assert_cmpuint(lw_sim_hash(&a), ==, h1);
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    lw_level_free(level);
}

/* The switch by name, as a level override and the tuning panel reach it. */
static void test_drop_dash_override(void)
{
    lw_level *level = fixture_flat_level();
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
    lw_level *level = fixture_flat_level();
    g_assert_nonnull(test_marker_add(level, "spikes", 1000, 720, NULL, NULL, NULL, NULL));
    for (int shield = 1; shield >= 0; shield--) {
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 1000, 600);
        sim.state.game.rings = 20;
        sim.state.game.shield = shield ? LW_SHIELD_BASIC : LW_SHIELD_NONE;
        int f = fixture_step_until(&sim, 0, 199, LW_EVENT_HURT);
        g_assert_cmpint(f, >, 0);
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
    g_test_add_func("/engine/moves/cd-spindash-release", test_cd_spindash_release);
    g_test_add_func("/engine/moves/cd-spindash-early-release", test_cd_spindash_early_release);
    g_test_add_func("/engine/moves/tuned-constants", test_tuned_constants);
    g_test_add_func("/engine/moves/drop-dash-tuned", test_drop_dash_tuned);
    g_test_add_func("/engine/moves/cd-spindash-other-profiles", test_cd_spindash_other_profiles);
    g_test_add_func("/engine/moves/cd-spindash-enemy", test_cd_spindash_enemy);
    g_test_add_func("/engine/moves/drop-dash-release", test_drop_dash_release);
    g_test_add_func("/engine/moves/drop-dash-speeds", test_drop_dash_speeds);
    g_test_add_func("/engine/moves/drop-dash-cancel", test_drop_dash_cancel);
    g_test_add_func("/engine/moves/drop-dash-spring", test_drop_dash_spring);
    g_test_add_func("/engine/moves/drop-dash-down-spring", test_drop_dash_down_spring);
    g_test_add_func("/engine/moves/drop-dash-hurt", test_drop_dash_hurt);
    g_test_add_func("/engine/moves/drop-dash-monitor-platform", test_drop_dash_monitor_platform);
    g_test_add_func("/engine/moves/drop-dash-off", test_drop_dash_off);
    g_test_add_func("/engine/moves/hash-and-rewind", test_moves_hash_and_rewind);
    g_test_add_func("/engine/moves/drop-dash-override", test_drop_dash_override);
    g_test_add_func("/engine/moves/cd-spindash-hash-and-rewind", test_cd_spindash_hash_and_rewind);
    g_test_add_func("/engine/moves/shield-keeps-rings", test_shield_keeps_rings);
    return g_test_run();
}
