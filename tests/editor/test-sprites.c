/* SPDX-License-Identifier: MIT */
/* The generated sprite sheets (tools/gen-sprites.c) and the player's poses (player-anim.c). */
#include "level-json.h"
#include "object-sprites.h"
#include "play-session.h"
#include "player-anim.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <string.h>

static char *sprite_path(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "data", "sprites", name, NULL);
}

/* The committed sheets are exactly what tools/gen-sprites writes. */
static void test_regenerate(void)
{
    const char *gen = g_getenv("LW_GEN_SPRITES");
    g_assert_nonnull(gen);
    char *dir = g_dir_make_tmp("lw-sprites-XXXXXX", NULL);
    char *argv[] = {(char *)gen, dir, NULL};
    int status;
    g_assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                               &status, NULL));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    const char *files[] = {"player.png", "objects.png"};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        char *fresh = g_build_filename(dir, files[i], NULL);
        char *committed = sprite_path(files[i]);
        char *a, *b;
        gsize la, lb;
        g_assert_true(g_file_get_contents(fresh, &a, &la, NULL));
        g_assert_true(g_file_get_contents(committed, &b, &lb, NULL));
        g_assert_cmpmem(a, la, b, lb);
        g_remove(fresh);
        g_free(a);
        g_free(b);
        g_free(fresh);
        g_free(committed);
    }
    g_rmdir(dir);
    g_free(dir);
}

static bool cell_empty(const lwm_image *img, uint32_t col, uint32_t row)
{
    for (uint32_t y = 0; y < EDITOR_SPRITE_CELL; y++)
        for (uint32_t x = 0; x < EDITOR_SPRITE_CELL; x++)
            if (lwm_image_pixel(img, col * EDITOR_SPRITE_CELL + x, row * EDITOR_SPRITE_CELL + y)[3])
                return false;
    return true;
}

/* Every frame of every row is drawn, nothing outside them; the body colour the UI tests look
 * for (PLAY_RENDER_PLAYER_RGB, 0x2B5FD9) is in the standing frame. */
static void test_player_layout(void)
{
    char *path = sprite_path("player.png");
    lwm_image img = {0};
    lw_error err = {0};
    g_assert_true(lwm_image_load_png(path, &img, &err));
    g_assert_cmpuint(img.width, ==, EDITOR_PLAYER_ANIM_MAX_F * EDITOR_SPRITE_CELL);
    g_assert_cmpuint(img.height, ==, EDITOR_PLAYER_ANIM_COUNT * EDITOR_SPRITE_CELL);
    for (uint32_t row = 0; row < EDITOR_PLAYER_ANIM_COUNT; row++)
        for (uint32_t col = 0; col < EDITOR_PLAYER_ANIM_MAX_F; col++)
            g_assert_true(cell_empty(&img, col, row) == (col >= editor_player_anim_frames[row]));
    guint body = 0;
    for (uint32_t y = 0; y < EDITOR_SPRITE_CELL; y++)
        for (uint32_t x = 0; x < EDITOR_SPRITE_CELL; x++) {
            const uint8_t *p = lwm_image_pixel(&img, x, y);
            body += p[3] == 255 && p[0] == 0x2B && p[1] == 0x5F && p[2] == 0xD9;
        }
    g_assert_cmpuint(body, >, 200);
    /* frames of a row differ from each other (the walk cycle moves) */
    for (uint32_t f = 1; f < editor_player_anim_frames[EDITOR_PLAYER_WALK]; f++) {
        gboolean differs = FALSE;
        for (uint32_t y = 0; y < EDITOR_SPRITE_CELL && !differs; y++)
            differs = memcmp(lwm_image_pixel(&img, 0, EDITOR_SPRITE_CELL + y),
                             lwm_image_pixel(&img, f * EDITOR_SPRITE_CELL, EDITOR_SPRITE_CELL + y),
                             EDITOR_SPRITE_CELL * 4) != 0;
        g_assert_true(differs);
    }
    lwm_image_clear(&img);
    g_free(path);
}

static void test_objects_layout(void)
{
    static const uint8_t columns[EDITOR_OBJSPR_COUNT] = {
        2, 1, 4, 6, 3, 2, 2, EDITOR_OBJSPR_GOAL_FRAMES, 2, 1};
    char *path = sprite_path("objects.png");
    lwm_image img = {0};
    lw_error err = {0};
    g_assert_true(lwm_image_load_png(path, &img, &err));
    g_assert_cmpuint(img.width, ==, EDITOR_OBJSPR_COLUMNS * EDITOR_SPRITE_CELL);
    g_assert_cmpuint(img.height, ==, EDITOR_OBJSPR_COUNT * EDITOR_SPRITE_CELL);
    for (uint32_t row = 0; row < EDITOR_OBJSPR_COUNT; row++)
        for (uint32_t col = 0; col < EDITOR_OBJSPR_COLUMNS; col++)
            g_assert_true(cell_empty(&img, col, row) == (col >= columns[row]));
    lwm_image_clear(&img);
    g_free(path);
}

/* Sonic 2's angle steps: the angle (one less for 0x01..0x7F) rounded to 0x20, so an angle half
 * way between two steps takes the one nearer upright (0x10 -> 0, 0x90 -> 0xA0, 0xF0 -> 0),
 * facing either way. */
static void test_rotation(void)
{
    static const struct {
        uint8_t angle, expect;
    } cases[] = {
        {0x00, 0x00}, {0x01, 0x00}, {0x10, 0x00}, {0x11, 0x20}, {0x30, 0x20}, {0x31, 0x40},
        {0x40, 0x40}, {0x7F, 0x80}, {0x80, 0x80}, {0x8F, 0x80}, {0x90, 0xA0}, {0xC0, 0xC0},
        {0xEF, 0xE0}, {0xF0, 0x00}, {0xFF, 0x00}, {0x50, 0x40}, {0x51, 0x60}, {0xD0, 0xE0},
        {0xCF, 0xC0}, {0x70, 0x60}, {0x71, 0x80},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_assert_cmphex(editor_player_rotation(cases[i].angle, false), ==, cases[i].expect);
        g_assert_cmphex(editor_player_rotation(cases[i].angle, true), ==, cases[i].expect);
    }
}

/* sample-levels/loop-hill.json, loaded (lw_level_free it). */
static lw_level *load_loop_hill(void)
{
    char *path =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    lw_level *level = NULL;
    lw_error err = {0};
    g_assert_true(editor_level_load_file(path, 0, &level, &err));
    g_free(path);
    return level;
}

static lw_profile profile(const char *name)
{
    lw_profile p;
    g_assert_true(lw_profile_init(&p, name, "sonic", NULL));
    return p;
}

static EditorPlayerPose pose_of(const lw_player *pl, uint32_t frame, lw_input held,
                                const char *prof)
{
    lw_sim_state st;
    memset(&st, 0, sizeof st);
    st.player = *pl;
    st.frame = frame;
    st.prev_input = held;
    lw_profile p = profile(prof);
    return editor_player_pose(&st, &p);
}

/* Rows and durations from the player's state, as Sonic_Animate picks them. */
static void test_rows(void)
{
    lw_player pl = {.hr = 19, .wr = 9};
    EditorPlayerPose p = pose_of(&pl, 0, 0, "s2");
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_STAND);
    g_assert_cmpuint(pose_of(&pl, 0, LW_BUTTON_DOWN, "s2").anim, ==, EDITOR_PLAYER_DUCK);
    g_assert_cmpuint(pose_of(&pl, 0, LW_BUTTON_UP, "s2").anim, ==, EDITOR_PLAYER_LOOK_UP);

    pl.gsp = 0x300; /* walk: (0x800 - 0x300) >> 8 = 5 */
    p = pose_of(&pl, 0, 0, "s2");
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_WALK);
    g_assert_cmpuint(p.duration, ==, 5);
    pl.gsp = -0x5FF;
    g_assert_cmpuint(pose_of(&pl, 0, 0, "s2").anim, ==, EDITOR_PLAYER_WALK);
    pl.gsp = -0x600; /* run from 0x600: (0x800 - 0x600) >> 8 = 2 */
    p = pose_of(&pl, 0, 0, "s2");
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_RUN);
    g_assert_cmpuint(p.duration, ==, 2);
    pl.gsp = 0xA00; /* the dash only in CD; the duration floors at 0 */
    g_assert_cmpuint(pose_of(&pl, 0, 0, "s2").anim, ==, EDITOR_PLAYER_RUN);
    p = pose_of(&pl, 0, 0, "cd");
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_DASH);
    g_assert_cmpuint(p.duration, ==, 0);
    pl.gsp = 0x9FF;
    g_assert_cmpuint(pose_of(&pl, 0, 0, "cd").anim, ==, EDITOR_PLAYER_RUN);

    pl.angle = 0xE0; /* running up a 45-degree slope */
    g_assert_cmphex(pose_of(&pl, 0, 0, "s2").rotation, ==, 0xE0);

    pl = (lw_player){.hr = 14, .wr = 7, .rolling = true, .gsp = 0x200};
    p = pose_of(&pl, 0, 0, "s2"); /* (0x400 - 0x200) >> 8 = 2 */
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_BALL);
    g_assert_cmpuint(p.duration, ==, 2);
    g_assert_cmphex(p.rotation, ==, 0);

    pl = (lw_player){.hr = 19, .wr = 9, .airborne = true, .ysp = -0xA00};
    g_assert_cmpuint(pose_of(&pl, 0, 0, "s2").anim, ==, EDITOR_PLAYER_SPRING);
    pl.ysp = 0x100;
    g_assert_cmpuint(pose_of(&pl, 0, 0, "s2").anim, ==, EDITOR_PLAYER_STAND);

    pl = (lw_player){.hr = 19, .wr = 9, .pushing = true, .gsp = 0};
    p = pose_of(&pl, 0, 0, "s2"); /* 0x800 >> 6 = 32 */
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_PUSH);
    g_assert_cmpuint(p.duration, ==, 32);

    pl = (lw_player){.hr = 19, .wr = 9, .balance = LW_BALANCE_LEDGE_LEFT};
    p = pose_of(&pl, 0, 0, "s2");
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_BALANCE);
    g_assert_cmpuint(p.duration, ==, 9);
    g_assert_true(p.mirror);
    pl.balance_extreme = true;
    g_assert_cmpuint(pose_of(&pl, 0, 0, "s2").anim, ==, EDITOR_PLAYER_BALANCE_EXTREME);
    g_assert_cmpuint(pose_of(&pl, 0, 0, "s1").anim, ==, EDITOR_PLAYER_BALANCE);
    g_assert_cmpuint(pose_of(&pl, 0, 0, "s1").duration, ==, 0x1F);
}

/* Hurt and the spindash come before the other rows. */
static void test_game_rows(void)
{
    lw_sim_state st;
    memset(&st, 0, sizeof st);
    st.player = (lw_player){.hr = 19, .wr = 9, .gsp = 0x300};
    lw_profile p = profile("s2");
    st.game.hurt = 1;
    g_assert_cmpuint(editor_player_pose(&st, &p).anim, ==, EDITOR_PLAYER_HURT);
    st.game.hurt = 0;
    st.game.spindash = 1;
    for (uint32_t f = 0; f < 8; f++) {
        st.frame = f;
        EditorPlayerPose pose = editor_player_pose(&st, &p);
        g_assert_cmpuint(pose.anim, ==, EDITOR_PLAYER_SPINDASH);
        g_assert_cmpuint(pose.frame, ==, f % 4);
    }
}

/* A frame of the walk lasts duration + 1 frames, the cycle 8 frames of it. */
static void test_frame_timing(void)
{
    lw_player pl = {.hr = 19, .wr = 9, .gsp = 0x300}; /* duration 5: 6 frames each */
    for (uint32_t f = 0; f < 100; f++)
        g_assert_cmpuint(pose_of(&pl, f, 0, "s2").frame, ==, (f / 6) % 8);
}

/* Through a real run: the poses follow the state (stand, walk, run as Gsp grows, the ball after a
 * jump), and the same state always gives the same pose. */
static void test_sim_run(void)
{
    lw_level *level = load_loop_hill();
    GError *error = NULL;
    PlaySession *s = play_session_new(level, NULL, &error);
    g_assert_no_error(error);
    const lw_sim *sim = play_session_get_sim(s);
    guint seen[EDITOR_PLAYER_ANIM_COUNT] = {0};
    for (int f = 0; f < 240; f++) {
        lw_input in = f < 10 ? 0 : f < 200 ? LW_BUTTON_RIGHT : LW_BUTTON_RIGHT | LW_BUTTON_JUMP;
        play_session_step(s, in);
        EditorPlayerPose a = editor_player_pose(&sim->state, &sim->profile);
        EditorPlayerPose b = editor_player_pose(&sim->state, &sim->profile);
        g_assert_cmpmem(&a, sizeof a, &b, sizeof b);
        g_assert_cmpuint(a.frame, <, editor_player_anim_frames[a.anim]);
        g_assert_cmpuint(a.rotation % 0x20, ==, 0);
        seen[a.anim]++;
        int32_t g = ABS(sim->state.player.gsp);
        if (!sim->state.player.airborne && !sim->state.player.rolling &&
            !sim->state.player.pushing && sim->state.player.balance == LW_BALANCE_NONE && g)
            g_assert_cmpuint(a.anim, ==, g >= 0x600 ? EDITOR_PLAYER_RUN : EDITOR_PLAYER_WALK);
    }
    g_assert_cmpuint(seen[EDITOR_PLAYER_STAND], >, 0);
    g_assert_cmpuint(seen[EDITOR_PLAYER_WALK], >, 0);
    g_assert_cmpuint(seen[EDITOR_PLAYER_RUN], >, 0);
    g_assert_cmpuint(seen[EDITOR_PLAYER_BALL], >, 0);
    play_session_free(s);
    lw_level_free(level);
}

/* The moves' poses (OBJECTS.md §17): the peel-out's charge speeds its legs up with the charge,
 * CD's spindash charge is the spindash row, a charged drop dash its own row; hurt comes first. */
static void test_move_rows(void)
{
    lw_sim_state st;
    memset(&st, 0, sizeof st);
    st.player = (lw_player){.hr = 19, .wr = 9};
    lw_profile cd = profile("cd");
    st.moves.peelout = LW_MOVE_CHARGING;
    static const struct {
        uint8_t t, d;
    } charge[] = {{0, 8}, {1, 7}, {10, 4}, {15, 2}, {18, 0}, {19, 0}, {30, 0}};
    /* d = max(0, 0x800 - t*0xC00/30) >> 8: t 1 -> 0x800 - 0x66 = 0x79A -> 7; t 18 -> 0x733 */
    for (size_t i = 0; i < G_N_ELEMENTS(charge); i++) {
        st.moves.peelout_timer = charge[i].t;
        EditorPlayerPose p = editor_player_pose(&st, &cd);
        g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_PEELOUT);
        g_assert_cmpuint(p.duration, ==, charge[i].d);
        g_assert_cmphex(p.rotation, ==, 0);
    }
    st.moves.peelout_timer = 0; /* 9 frames each at the start */
    for (uint32_t f = 0; f < 40; f++) {
        st.frame = f;
        g_assert_cmpuint(editor_player_pose(&st, &cd).frame, ==, (f / 9) % 4);
    }
    st.moves = (lw_moves_state){.spindash = LW_MOVE_CHARGING, .spindash_timer = 20};
    for (uint32_t f = 0; f < 8; f++) {
        st.frame = f;
        EditorPlayerPose p = editor_player_pose(&st, &cd);
        g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_SPINDASH);
        g_assert_cmpuint(p.frame, ==, f % 4);
    }
    st.player = (lw_player){.hr = 14, .wr = 7, .airborne = true, .rolling = true, .jumping = true};
    lw_profile s2 = profile("s2");
    st.moves = (lw_moves_state){.drop_dash = LW_MOVE_CHARGING, .drop_dash_timer = 19};
    g_assert_cmpuint(editor_player_pose(&st, &s2).anim, ==, EDITOR_PLAYER_BALL);
    st.moves.drop_dash = LW_MOVE_SPENT;
    g_assert_cmpuint(editor_player_pose(&st, &s2).anim, ==, EDITOR_PLAYER_BALL);
    st.moves.drop_dash = LW_MOVE_CHARGED;
    for (uint32_t f = 0; f < 8; f++) {
        st.frame = f;
        EditorPlayerPose p = editor_player_pose(&st, &s2);
        g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_DROP_DASH);
        g_assert_cmpuint(p.duration, ==, 0);
        g_assert_cmpuint(p.frame, ==, f % 4);
    }
    st.game.hurt = 1;
    g_assert_cmpuint(editor_player_pose(&st, &s2).anim, ==, EDITOR_PLAYER_HURT);
}

/* The peel-out's legs follow the tuned constants (OBJECTS.md §17.2, §19.6): the duration is the
 * dash's at t·peelout_speed/peelout_charge, not at the presets' t·0xC00/30. */
static void test_peelout_tuned(void)
{
    lw_sim_state st;
    memset(&st, 0, sizeof st);
    st.player = (lw_player){.hr = 19, .wr = 9};
    st.moves.peelout = LW_MOVE_CHARGING;
    lw_profile cd = profile("cd");
    /* a 10-frame charge: half way (t = 5) is 0x600, d = 0x200 >> 8 = 2 (the presets' rule:
     * 5·0xC00/30 = 0x200, d = 6) */
    g_assert_true(lw_profile_set(&cd, (size_t)lw_param_find("peelout_charge"), 10));
    st.moves.peelout_timer = 5;
    EditorPlayerPose p = editor_player_pose(&st, &cd);
    g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_PEELOUT);
    g_assert_cmpuint(p.duration, ==, 2);
    for (uint32_t f = 0; f < 24; f++) {
        st.frame = f;
        g_assert_cmpuint(editor_player_pose(&st, &cd).frame, ==, (f / 3) % 4);
    }
    st.moves.peelout_timer = 1; /* 0xC00/10 = 0x133: d = 0x6CD >> 8 = 6 (presets: 7) */
    g_assert_cmpuint(editor_player_pose(&st, &cd).duration, ==, 6);
    /* a faster launch: t = 10 of 30 at 0x1800 is 0x800, d = 0 (presets: 0x400, d = 4) */
    cd = profile("cd");
    g_assert_true(lw_profile_set(&cd, (size_t)lw_param_find("peelout_speed"), 0x1800));
    st.moves.peelout_timer = 10;
    g_assert_cmpuint(editor_player_pose(&st, &cd).duration, ==, 0);
    /* a slower one: 0x300 at the full charge, d = 0x500 >> 8 = 5 (presets: 0) */
    g_assert_true(lw_profile_set(&cd, (size_t)lw_param_find("peelout_speed"), 0x300));
    st.moves.peelout_timer = 30;
    g_assert_cmpuint(editor_player_pose(&st, &cd).duration, ==, 5);
    /* a charge of 0 launches at once: full speed from the start */
    g_assert_true(lw_profile_set(&cd, (size_t)lw_param_find("peelout_charge"), 0));
    st.moves.peelout_timer = 0;
    g_assert_cmpuint(editor_player_pose(&st, &cd).duration, ==, 5);
    /* no profile: the presets' values */
    st.moves.peelout_timer = 10;
    g_assert_cmpuint(editor_player_pose(&st, NULL).duration, ==, 4);
}

/* A level's own sheet with only the first 13 rows: the new poses fall back to the dash and the
 * ball, the frame chosen again in them; a full sheet keeps them. */
static void test_sheet_fallback(void)
{
    g_assert_cmpuint(EDITOR_PLAYER_ANIM_REQUIRED, ==, 13);
    for (uint32_t a = 0; a < EDITOR_PLAYER_ANIM_REQUIRED; a++)
        g_assert_cmpuint(editor_player_anim_fallback[a], ==, a);
    EditorPlayerPose p = {.anim = EDITOR_PLAYER_PEELOUT, .frame = 3, .duration = 2};
    EditorPlayerPose q = editor_player_pose_for_sheet(p, EDITOR_PLAYER_ANIM_COUNT, 11);
    g_assert_cmpmem(&p, sizeof p, &q, sizeof q);
    q = editor_player_pose_for_sheet(p, 13, 11); /* (11 / 3) % 4 */
    g_assert_cmpuint(q.anim, ==, EDITOR_PLAYER_DASH);
    g_assert_cmpuint(q.frame, ==, 3);
    g_assert_cmpuint(q.duration, ==, 2);
    p = (EditorPlayerPose){.anim = EDITOR_PLAYER_DROP_DASH, .frame = 1, .mirror = true};
    q = editor_player_pose_for_sheet(p, 14, 6);
    g_assert_cmpuint(q.anim, ==, EDITOR_PLAYER_BALL);
    g_assert_cmpuint(q.frame, ==, 2);
    g_assert_true(q.mirror);
    p.anim = EDITOR_PLAYER_WALK;
    q = editor_player_pose_for_sheet(p, 13, 6);
    g_assert_cmpmem(&p, sizeof p, &q, sizeof q);
}

/* Through real runs (OBJECTS.md §19 scenarios): the peel-out's charge is drawn from the press
 * (frame 2) to the frame before the release (38), the dash after; a drop dash charged on frame 23
 * is drawn until its release on frame 40, the ball before and after. */
static void test_move_runs(void)
{
    lw_level *level = load_loop_hill();
    lw_error err = {0};
    lw_profile cd = profile("cd");
    lw_sim sim;
    g_assert_true(lw_sim_init(&sim, level, &cd, 128, 812, &err)); /* the level's start */
    for (int f = 0; f < 30; f++)
        lw_sim_step(&sim, 0);
    g_assert_false(sim.state.player.airborne);
    g_assert_cmpint(sim.state.player.gsp, ==, 0);
    uint32_t f0 = sim.state.frame; /* the scenario's frame n is f0 + n */
    for (uint32_t n = 1; n <= 39; n++) {
        lw_sim_step(&sim, n == 1   ? LW_BUTTON_UP
                          : n == 2 ? LW_BUTTON_UP | LW_BUTTON_JUMP
                          : n < 38 ? LW_BUTTON_UP
                                   : 0);
        EditorPlayerPose p = editor_player_pose(&sim.state, &sim.profile);
        EditorPlayerAnim want = n == 1   ? EDITOR_PLAYER_LOOK_UP
                                : n < 38 ? EDITOR_PLAYER_PEELOUT
                                         : EDITOR_PLAYER_DASH;
        g_assert_cmpuint(p.anim, ==, want);
        g_assert_cmpuint(p.frame, <, editor_player_anim_frames[p.anim]);
    }
    g_assert_cmpuint(sim.state.frame, ==, f0 + 39);
    g_assert_cmpint(sim.state.player.gsp, ==, 0xC00 - 0x0C);
    lw_sim_clear(&sim);

    lw_profile s2 = profile("s2");
    s2.drop_dash = true;
    g_assert_true(lw_sim_init(&sim, level, &s2, 128, 812, &err));
    for (int f = 0; f < 30; f++)
        lw_sim_step(&sim, 0);
    f0 = sim.state.frame;
    guint drop_frames = 0;
    for (uint32_t n = 1; n <= 40; n++) {
        lw_sim_step(&sim, n == 2 ? 0 : LW_BUTTON_JUMP);
        EditorPlayerPose p = editor_player_pose(&sim.state, &sim.profile);
        bool charged = sim.state.moves.drop_dash == LW_MOVE_CHARGED;
        g_assert_cmpuint(p.anim, ==, charged ? EDITOR_PLAYER_DROP_DASH : EDITOR_PLAYER_BALL);
        g_assert_cmpuint(charged, ==, n >= 23 && n <= 39);
        drop_frames += charged;
    }
    g_assert_cmpuint(drop_frames, ==, 17);
    g_assert_true(sim.state.player.rolling); /* the release on frame 40 */
    g_assert_false(sim.state.player.airborne);
    lw_sim_clear(&sim);
    lw_level_free(level);
}

/* `player_sprites` in the level JSON: read, written back, absent by default, and kept inside the
 * level's folder like the tileset. */
static void test_level_field(void)
{
    char *path =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    char *text;
    gsize len;
    g_assert_true(g_file_get_contents(path, &text, &len, NULL));
    g_assert_null(strstr(text, "player_sprites"));
    lw_level *level = NULL;
    lw_error err = {0};
    g_assert_true(editor_level_load_text(text, len, 0, &level, &err));
    g_assert_null(level->player_sprites);
    g_assert_true(lw_level_set_string(&level->player_sprites, "art/hero.png"));
    size_t out_len;
    char *out = editor_level_to_json(level, &out_len);
    g_assert_nonnull(strstr(out, "\"player_sprites\": \"art/hero.png\""));
    lw_level *again = NULL;
    g_assert_true(editor_level_load_text(out, out_len, 0, &again, &err));
    g_assert_cmpstr(again->player_sprites, ==, "art/hero.png");
    lw_level *copy = lw_level_dup(again);
    g_assert_cmpstr(copy->player_sprites, ==, "art/hero.png");
    lw_level_free(copy);
    lw_level_free(again);
    free(out);

    g_assert_true(lw_level_set_string(&level->player_sprites, "../hero.png"));
    out = editor_level_to_json(level, &out_len);
    again = NULL;
    g_assert_false(editor_level_load_text(out, out_len, 0, &again, &err));
    g_assert_null(again);
    g_assert_nonnull(strstr(err.message, "leaves the level's folder"));
    free(out);
    lw_level_free(level);
    g_free(text);
    g_free(path);
}

/* ---- dust (OBJECTS.md §17.4) ---- */

/* The spindash cloud: behind the player (mirrored with it), 7 pictures of 2 frames, only while
 * the S2/S3K spindash charges (not CD's), never with a hurt. */
static void test_dust_spindash(void)
{
    lw_sim_state st;
    memset(&st, 0, sizeof st);
    st.player = (lw_player){.x = 1000 * 256 + 77, .y = 700 * 256, .hr = 19, .wr = 9};
    const lw_sim_state *h[1] = {&st};
    EditorPlayerDust d[EDITOR_PLAYER_DUST_MAX];
    g_assert_cmpuint(editor_player_dust(h, 1, NULL, d), ==, 0);
    st.game.spindash = 1;
    for (uint32_t f = 0; f < 30; f++) {
        st.frame = f;
        g_assert_cmpuint(editor_player_dust(h, 1, NULL, d), ==, 1);
        g_assert_cmpuint(d[0].anim, ==, EDITOR_PLAYER_DUST_SPINDASH);
        g_assert_cmpuint(d[0].frame, ==, (f / 2) % 7);
        g_assert_false(d[0].mirror);
        g_assert_cmpint(d[0].x, ==, 1000 - 18);
        g_assert_cmpint(d[0].y, ==, 706);
    }
    st.player.facing_left = true;
    g_assert_cmpuint(editor_player_dust(h, 1, NULL, d), ==, 1);
    g_assert_true(d[0].mirror);
    g_assert_cmpint(d[0].x, ==, 1000 + 18);
    st.game.hurt = 1;
    g_assert_cmpuint(editor_player_dust(h, 1, NULL, d), ==, 0);
    st.game.hurt = 0;
    st.game.spindash = 0;
    st.moves.spindash = LW_MOVE_CHARGING; /* CD's charge: no cloud */
    g_assert_cmpuint(editor_player_dust(h, 1, NULL, d), ==, 0);
    g_assert_cmpuint(editor_player_dust(h, 0, NULL, d), ==, 0);
}

/* States of a real run: loop-hill's start, RIGHT for @run frames, then LEFT for @brake frames
 * (and nothing after), s2. history(k) is the state k frames before the last. */
typedef struct {
    lw_sim_state st[400];
    uint32_t n;
} Run;

static void skid_run_under(Run *r, const char *prof, uint32_t run, uint32_t brake, uint32_t after)
{
    lw_level *level = load_loop_hill();
    lw_error err = {0};
    lw_profile p = profile(prof);
    lw_sim sim;
    g_assert_true(lw_sim_init(&sim, level, &p, 128, 812, &err));
    r->n = 0;
    for (uint32_t f = 0; f < 30 + run + brake + after; f++) {
        lw_sim_step(&sim, f < 30                 ? 0
                          : f < 30 + run         ? LW_BUTTON_RIGHT
                          : f < 30 + run + brake ? LW_BUTTON_LEFT
                                                 : 0);
        g_assert_cmpuint(r->n, <, G_N_ELEMENTS(r->st));
        r->st[r->n++] = sim.state;
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
}

static void skid_run(Run *r, uint32_t run, uint32_t brake, uint32_t after)
{
    skid_run_under(r, "s2", run, brake, after);
}

/* The dust for the state at index @at of @r, with the whole run before it as history. */
static uint32_t dust_at(const Run *r, uint32_t at, EditorPlayerDust *d, bool *skidding)
{
    const lw_sim_state *h[EDITOR_PLAYER_DUST_HISTORY];
    uint32_t n = 0;
    for (; n < EDITOR_PLAYER_DUST_HISTORY && n <= at; n++)
        h[n] = &r->st[at - n];
    *skidding = editor_player_skidding(h, n, NULL);
    lw_profile s2 = profile("s2"), s1 = profile("s1"), cd = profile("cd");
    EditorPlayerDust none[EDITOR_PLAYER_DUST_MAX];
    g_assert_cmpuint(editor_player_dust(h, n, &s1, none), ==, 0); /* no dust object in S1 */
    g_assert_cmpuint(editor_player_dust(h, n, &cd, none), ==, 0);
    return editor_player_dust(h, n, &s2, d);
}

/* Skid dust: braking from |Gsp| >= 0x400 leaves a puff where the feet were (16 px below the
 * centre) on the first braking frame and every 4th after, each shown 16 frames (4 pictures of
 * 4) and fixed in the level; braking from below 0x400 leaves none. */
static void test_dust_skid(void)
{
    static Run r;
    const uint32_t b = 30 + 110; /* index of the first LEFT frame */
    skid_run(&r, 110, 40, 30);
    const lw_player *top = &r.st[b - 1].player;
    g_assert_false(top->airborne);
    g_assert_cmpint(top->gsp, >=, 0x480); /* one brake (0x80) leaves >= 0x400 */
    g_assert_cmpuint(top->angle, ==, 0);
    EditorPlayerDust d[EDITOR_PLAYER_DUST_MAX];
    bool skid;
    g_assert_cmpuint(dust_at(&r, b - 1, d, &skid), ==, 0);
    g_assert_false(skid);
    /* the skid: from b until the brake turns the player round (end), and on that frame too: the
     * stop animation goes on until the next frame's MoveLeft sets the walk [S2 Sonic_TurnLeft
     * sets no animation on the frame it flips Gsp to -0x80] (§17.5) */
    uint32_t end = b;
    while (r.st[end].player.gsp > 0)
        end++;
    g_assert_cmpuint(end - b, >=, 8);
    g_assert_cmpint(r.st[end].player.gsp, ==, -0x80);
    for (uint32_t i = b; i < b + 40 + 20; i++) {
        uint32_t n = dust_at(&r, i, d, &skid);
        g_assert_true(skid == (i <= end));
        /* the puffs alive, newest first: spawned at b + 4j (up to end), younger than 16 */
        uint32_t want[4], m = 0;
        for (uint32_t sp = b; sp <= end && sp <= i; sp += 4)
            if (i - sp < 16)
                want[m++] = sp;
        g_assert_cmpuint(n, ==, m);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t sp = want[m - 1 - k];
            g_assert_cmpuint(d[k].anim, ==, EDITOR_PLAYER_DUST_SKID);
            g_assert_cmpuint(d[k].frame, ==, (i - sp) / 4);
            g_assert_false(d[k].mirror);
            g_assert_cmpint(d[k].x, ==, r.st[sp].player.x >> 8); /* where the feet were */
            g_assert_cmpint(d[k].y, ==, (r.st[sp].player.y >> 8) + 16);
        }
    }
    /* a history of one state sees a skid start wherever |Gsp| >= 0x400 is left by a brake */
    const lw_sim_state *h1[1] = {&r.st[b + 1]};
    g_assert_cmpint(r.st[b + 1].player.gsp, >=, 0x400);
    g_assert_true(editor_player_skidding(h1, 1, NULL));
    g_assert_cmpuint(editor_player_dust(h1, 1, NULL, d), ==, 1);
    h1[0] = &r.st[end - 1];
    g_assert_cmpint(r.st[end - 1].player.gsp, <, 0x400);
    g_assert_false(editor_player_skidding(h1, 1, NULL));
    g_assert_cmpuint(editor_player_dust(h1, 1, NULL, d), ==, 0);

    /* braking from a walk (|Gsp| < 0x400 on the first brake): no skid */
    skid_run(&r, 40, 10, 0);
    for (uint32_t i = 0; i < r.n; i++) {
        g_assert_cmpuint(dust_at(&r, i, d, &skid), ==, 0);
        g_assert_false(skid);
    }
}

/* ---- the skid pose (OBJECTS.md §17.5) ---- */

/* The pose drawn for the state at index @at of @r under @prof on a sheet of @rows rows, with the
 * run before it as history. */
static EditorPlayerPose drawn_at(const Run *r, uint32_t at, const char *prof, uint32_t rows)
{
    const lw_sim_state *h[EDITOR_PLAYER_DUST_HISTORY];
    uint32_t n = 0;
    for (; n < EDITOR_PLAYER_DUST_HISTORY && n <= at; n++)
        h[n] = &r->st[at - n];
    lw_profile p = profile(prof);
    return editor_player_pose_drawn(h, n, &p, rows);
}

/* Braking held to the turn: the skid row from the first brake to the turn frame, S2's pictures
 * 6 frames each, facing the motion; then the walk. A sheet without the row keeps the walk and
 * run poses editor_player_pose gives. */
static void test_skid_pose(void)
{
    static Run r;
    const uint32_t b = 30 + 110;
    skid_run(&r, 110, 40, 30);
    g_assert_cmpint(r.st[b - 1].player.gsp, >=, 0x480);
    uint32_t end = b;
    while (r.st[end].player.gsp > 0)
        end++;
    g_assert_cmpuint(drawn_at(&r, b - 1, "s2", EDITOR_PLAYER_ANIM_COUNT).anim, !=,
                     EDITOR_PLAYER_SKID);
    for (uint32_t i = b; i < end + 10; i++) {
        EditorPlayerPose p = drawn_at(&r, i, "s2", EDITOR_PLAYER_ANIM_COUNT);
        if (i <= end) {
            g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_SKID);
            g_assert_cmpuint(p.frame, ==, (i - b) / 6); /* [S2 SonAni_Stop: duration 5] */
            g_assert_cmpuint(p.duration, ==, 5);
            g_assert_cmphex(p.rotation, ==, 0);
            g_assert_false(p.mirror); /* moving right, LEFT held */
        } else {
            g_assert_cmpuint(p.anim, ==, EDITOR_PLAYER_WALK);
        }
        /* a sheet of 17 rows (no skid row): the pose without the skid */
        EditorPlayerPose old = drawn_at(&r, i, "s2", EDITOR_PLAYER_SKID);
        lw_profile s2 = profile("s2");
        EditorPlayerPose plain = editor_player_pose(&r.st[i], &s2);
        g_assert_cmpmem(&old, sizeof old, &plain, sizeof plain);
        g_assert_true(old.anim == EDITOR_PLAYER_WALK || old.anim == EDITOR_PLAYER_RUN);
    }
}

/* Let go after two brakes: S2 plays its stop animation out, 4 pictures of 6 frames and the last
 * one a frame more (25 frames, then the walk: $FD), S3K 4 of 4 (17 frames), S1 and CD loop
 * their 2 pictures of 8 frames until the speed reaches 0. */
static void test_skid_fixed_time(void)
{
    static const struct {
        const char *prof;
        uint32_t per, pictures, frames; /* frames: the skid's length, 0 = to Gsp 0 */
    } games[] = {{"s2", 6, 4, 25},
                 {"s3k", 4, 4, 17},
                 {"modern", 4, 4, 17},
                 {"s1", 8, 2, 0},
                 {"cd", 8, 2, 0}};
    static Run r;
    const uint32_t b = 30 + 110;
    for (size_t g = 0; g < G_N_ELEMENTS(games); g++) {
        skid_run_under(&r, games[g].prof, 110, 2, 200);
        g_assert_cmpint(r.st[b + 1].player.gsp, >=, 0x400); /* both brakes set the stop */
        uint32_t stop = b;
        while (r.st[stop].player.gsp != 0)
            stop++;
        g_assert_cmpuint(stop - b, >, 60); /* friction only: Gsp 0 long after */
        g_assert_cmpuint(stop - b, <, EDITOR_PLAYER_DUST_HISTORY);
        uint32_t len = games[g].frames ? games[g].frames : stop - b;
        for (uint32_t i = b - 1; i < stop + 2; i++) {
            EditorPlayerPose p = drawn_at(&r, i, games[g].prof, EDITOR_PLAYER_ANIM_COUNT);
            bool want = i >= b && i < b + len;
            g_assert_cmpuint(p.anim == EDITOR_PLAYER_SKID, ==, want);
            if (want) {
                uint32_t pic = (i - b) / games[g].per;
                g_assert_cmpuint(p.frame, ==,
                                 games[g].frames ? MIN(pic, games[g].pictures - 1)
                                                 : pic % games[g].pictures);
            }
        }
    }
}

/* The threshold: a brake that leaves |Gsp| >= 0x400. Moving left, S1/S2/S3K compare the speed
 * with its low byte cleared (the angle check overwrites it), so from -0x301; CD and modern from
 * -0x400. Moving right all from 0x400. */
static void test_skid_threshold(void)
{
    lw_sim_state st;
    memset(&st, 0, sizeof st);
    st.player = (lw_player){.hr = 19, .wr = 9};
    const lw_sim_state *h[1] = {&st};
    static const struct {
        int32_t gsp;
        lw_input held;
        bool s2, modern;
    } cases[] = {
        {0x400, LW_BUTTON_LEFT, true, true},
        {0x3FF, LW_BUTTON_LEFT, false, false},
        {-0x400, LW_BUTTON_RIGHT, true, true},
        {-0x3FF, LW_BUTTON_RIGHT, true, false},
        {-0x301, LW_BUTTON_RIGHT, true, false},
        {-0x300, LW_BUTTON_RIGHT, false, false},
        {0x500, LW_BUTTON_RIGHT, false, false},
        {0x500, 0, false, false},
        {0x500, LW_BUTTON_LEFT | LW_BUTTON_RIGHT, false, false},
    };
    lw_profile s2 = profile("s2"), s1 = profile("s1"), s3k = profile("s3k"),
               modern = profile("modern"), cd = profile("cd");
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        st.player.gsp = cases[i].gsp;
        st.prev_input = cases[i].held;
        g_assert_cmpuint(editor_player_skidding(h, 1, &s2), ==, cases[i].s2);
        g_assert_cmpuint(editor_player_skidding(h, 1, NULL), ==, cases[i].s2);
        g_assert_cmpuint(editor_player_skidding(h, 1, &s1), ==, cases[i].s2);
        g_assert_cmpuint(editor_player_skidding(h, 1, &s3k), ==, cases[i].s2);
        g_assert_cmpuint(editor_player_skidding(h, 1, &modern), ==, cases[i].modern);
        g_assert_cmpuint(editor_player_skidding(h, 1, &cd), ==, cases[i].modern);
        EditorPlayerPose p = editor_player_pose_drawn(h, 1, &s2, EDITOR_PLAYER_ANIM_COUNT);
        g_assert_cmpuint(p.anim == EDITOR_PLAYER_SKID, ==, cases[i].s2);
        if (cases[i].s2)
            g_assert_cmpuint(p.mirror, ==, cases[i].gsp < 0);
    }
    /* not on a floor, rolling, in the air, hurt or control-locked: no skid */
    st.player.gsp = 0x500;
    st.prev_input = LW_BUTTON_LEFT;
    g_assert_true(editor_player_skidding(h, 1, &s2));
    st.player.angle = 0x20; /* (0x20 + 0x20) & 0xC0 = 0x40: a wall */
    g_assert_false(editor_player_skidding(h, 1, &s2));
    st.player.angle = 0;
    st.player.control_lock = 5;
    g_assert_false(editor_player_skidding(h, 1, &s2));
    st.player.control_lock = 0;
    st.player.rolling = true;
    g_assert_false(editor_player_skidding(h, 1, &s2));
    g_assert_cmpuint(editor_player_pose_drawn(h, 1, &s2, EDITOR_PLAYER_ANIM_COUNT).anim, ==,
                     EDITOR_PLAYER_BALL);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/sprites/regenerate", test_regenerate);
    g_test_add_func("/editor/sprites/player-layout", test_player_layout);
    g_test_add_func("/editor/sprites/objects-layout", test_objects_layout);
    g_test_add_func("/editor/sprites/level-field", test_level_field);
    g_test_add_func("/editor/player-anim/rotation", test_rotation);
    g_test_add_func("/editor/player-anim/rows", test_rows);
    g_test_add_func("/editor/player-anim/game-rows", test_game_rows);
    g_test_add_func("/editor/player-anim/frame-timing", test_frame_timing);
    g_test_add_func("/editor/player-anim/sim-run", test_sim_run);
    g_test_add_func("/editor/player-anim/move-rows", test_move_rows);
    g_test_add_func("/editor/player-anim/peelout-tuned", test_peelout_tuned);
    g_test_add_func("/editor/player-anim/sheet-fallback", test_sheet_fallback);
    g_test_add_func("/editor/player-anim/move-runs", test_move_runs);
    g_test_add_func("/editor/player-anim/dust-spindash", test_dust_spindash);
    g_test_add_func("/editor/player-anim/dust-skid", test_dust_skid);
    g_test_add_func("/editor/player-anim/skid-pose", test_skid_pose);
    g_test_add_func("/editor/player-anim/skid-fixed-time", test_skid_fixed_time);
    g_test_add_func("/editor/player-anim/skid-threshold", test_skid_threshold);
    return g_test_run();
}
