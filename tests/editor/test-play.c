/* SPDX-License-Identifier: MIT */
/*
 * Test-play without a display: the camera rules (editor/doc/play-camera.c), the play session
 * (the same trace as `loopwright sim`, rewind, recording, live edits of path swappers, tuning,
 * no allocation per frame) and replays as regression tests (editor/doc/replay-check.c, and
 * `loopwright check` reporting them).
 *
 * Linked with -Wl,--wrap=malloc,calloc,realloc,free (tests/editor/meson.build): the wrappers
 * of tests/common/alloc-count.c count every allocation made by the statically linked document
 * layer and engine.
 */
#include "alloc-count.h"
#include "editor-commands-play.h"
#include "editor-commands.h"
#include "editor-document.h"
#include "level-json.h"
#include "play-camera.h"
#include "play-session.h"
#include "replay-check.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright/trace.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* ---- helpers ---- */

static char *sample_path(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static lw_level *load_level(const char *name)
{
    g_autofree char *path = sample_path(name);
    lw_level *level = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(path, 0, &level, &err));
    return level;
}

static EditorDocument *load_doc(const char *name)
{
    g_autofree char *path = sample_path(name);
    g_autoptr(GError) error = NULL;
    EditorDocument *doc = editor_document_load(path, &error);
    g_assert_no_error(error);
    return doc;
}

static void set_slot(lw_level *level, guint x, guint y, uint16_t chunk)
{
    lw_level_layout_mut(level, LW_LAYER_FG)[(size_t)y * level->layout_width + x] = chunk;
}

/* ---- camera ---- */

static const PlayCameraTarget standing = {.x = 1000, .y = 800};

static void test_camera_reset_and_band(void)
{
    PlayCamera cam;
    play_camera_reset(&cam, &standing, 320, 224, 7168, 1024);
    /* the player at the band's right edge (x 160 of 320) and on the focus line (y 96) */
    g_assert_cmpint(cam.x, ==, 840);
    g_assert_cmpint(cam.y, ==, 704);
    PlayCameraTarget t = standing;
    t.x = 1010; /* 10 px right of the band */
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.x, ==, 850);
    t.x = 1040; /* 30 px: capped at 16 */
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.x, ==, 866);
    t.x = 866 + 150; /* inside the band 144..160: no scroll */
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.x, ==, 866);
    t.x = 866 + 140; /* 4 px left of the band */
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.x, ==, 862);
    g_assert_cmpint(cam.y, ==, 704);
}

static void test_camera_vertical(void)
{
    PlayCamera cam;
    play_camera_reset(&cam, &standing, 320, 224, 7168, 1024);
    /* on the ground: follow the focus line at 6 px per frame, 16 when |Ysp| >= 6 */
    PlayCameraTarget t = standing;
    t.y = 830;
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 710);
    t.ysp = -6 * 256;
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 726);
    t.ysp = 0;
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 732);
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 734); /* arrived: 830 - 96 */
    /* in the air: free within 32 px of the focus line */
    t.airborne = true;
    t.y = 734 + 96 + 32;
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 734);
    t.y = 734 + 96 - 45; /* 13 px above the band */
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 721);
    t.y = 721 + 96 + 32 + 40; /* 40 px below: capped at 16 */
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 737);
    /* the bottom of the level stops it */
    t.y = 1020;
    for (int i = 0; i < 20; i++)
        play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.y, ==, 1024 - 224);
}

static void test_camera_look(void)
{
    PlayCamera cam;
    play_camera_reset(&cam, &standing, 320, 224, 7168, 1024);
    PlayCameraTarget t = standing;
    t.up = true;
    for (int i = 0; i < PLAY_CAMERA_LOOK_DELAY - 1; i++)
        play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.look, ==, 0);
    g_assert_cmpint(cam.y, ==, 704);
    play_camera_update(&cam, &t, 7168, 1024); /* frame 120: the pan starts */
    g_assert_cmpint(cam.look, ==, 2);
    for (int i = 0; i < 60; i++)
        play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.look, ==, PLAY_CAMERA_LOOK_UP_PX);
    /* the focus line moved down 104 px: the view went up by as much (6 px per frame) */
    g_assert_cmpint(cam.y, ==, 704 - 104);
    /* released: back at 2 px per frame */
    t.up = false;
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.look, ==, 102);
    /* moving cancels the look at once (no delay) but the pan still eases back */
    t.gsp = 256;
    t.down = true;
    play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.look, ==, 100);
    g_assert_cmpuint(cam.look_frames, ==, 0);
    /* looking down */
    t.gsp = 0;
    for (int i = 0; i < PLAY_CAMERA_LOOK_DELAY + 200; i++)
        play_camera_update(&cam, &t, 7168, 1024);
    g_assert_cmpint(cam.look, ==, -PLAY_CAMERA_LOOK_DOWN_PX);
    g_assert_cmpint(cam.y, ==, 800 - (112 - 16 - 88));
}

static void test_camera_bounds(void)
{
    PlayCamera cam;
    PlayCameraTarget t = {.x = 30, .y = 20};
    play_camera_reset(&cam, &t, 320, 224, 7168, 1024);
    g_assert_cmpint(cam.x, ==, 0);
    g_assert_cmpint(cam.y, ==, 0);
    t.x = 7160;
    t.y = 1020;
    play_camera_reset(&cam, &t, 320, 224, 7168, 1024);
    g_assert_cmpint(cam.x, ==, 7168 - 320);
    g_assert_cmpint(cam.y, ==, 1024 - 224);
    /* a level smaller than the view is centred */
    play_camera_reset(&cam, &t, 320, 224, 256, 128);
    g_assert_cmpint(cam.x, ==, -32);
    g_assert_cmpint(cam.y, ==, -48);
    /* resizing keeps the centre */
    play_camera_reset(&cam, &standing, 320, 224, 7168, 1024);
    play_camera_resize(&cam, 640, 448, 7168, 1024);
    g_assert_cmpint(cam.x, ==, 840 - 160);
    g_assert_cmpint(cam.y, ==, 1024 - 448); /* 704 - 112, clamped to the level's bottom */
    g_assert_cmpint(cam.view_w, ==, 640);
}

/* ---- the session ---- */

/* The trace `loopwright sim` writes for @script on sample @level. */
static char *sim_trace(const char *level, const char *script, const char *extra)
{
    g_autofree char *dir = g_dir_make_tmp("lw-play-XXXXXX", NULL);
    g_autofree char *spath = g_build_filename(dir, "in.txt", NULL);
    g_autofree char *tpath = g_build_filename(dir, "trace.csv", NULL);
    g_assert_true(g_file_set_contents(spath, script, -1, NULL));
    g_autofree char *lpath = sample_path(level);
    const char *argv[] = {
        g_getenv("LW_LOOPWRIGHT"), "sim", lpath, "--input", spath, "--trace", tpath, extra, NULL};
    int status;
    g_autoptr(GError) error = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
    g_assert_no_error(error);
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    char *text = NULL;
    g_assert_true(g_file_get_contents(tpath, &text, NULL, NULL));
    g_unlink(spath);
    g_unlink(tpath);
    g_rmdir(dir);
    return text;
}

static void append_row(GString *s, const lw_sim *sim)
{
    char row[LW_TRACE_ROW_MAX];
    lw_trace_format_sim_row(row, sizeof row, sim);
    g_string_append(s, row);
}

static const char run_and_jump[] = "# right, jumps, a roll, left\n"
                                   "300 R\n1 RJ\n25 RJ\n150 R\n20 RD\n60 -\n1 J\n40 J\n80 L\n"
                                   "1 LJ\n12 LJ\n90 R\n";

static void test_session_trace_equals_sim(void)
{
    g_autoptr(lw_level) level = load_level("loop-hill.json");
    g_autoptr(GError) error = NULL;
    g_autoptr(PlaySession) s = play_session_new(level, NULL, &error);
    g_assert_no_error(error);
    g_assert_true(play_session_set_script(s, run_and_jump, strlen(run_and_jump), &error));
    GString *trace = g_string_new(lw_trace_header_for(play_session_get_sim(s)));
    g_string_append_c(trace, '\n');
    uint32_t n = play_session_get_script_frames(s);
    g_assert_cmpuint(n, ==, 780);
    for (uint32_t i = 0; i < n; i++) {
        g_assert_true(play_session_script_active(s));
        /* live buttons are ignored while the script lasts */
        play_session_step(s, LW_BUTTON_LEFT | LW_BUTTON_JUMP);
        append_row(trace, play_session_get_sim(s));
    }
    g_assert_false(play_session_script_active(s));
    g_autofree char *expect = sim_trace("loop-hill.json", run_and_jump, NULL);
    g_assert_cmpstr(trace->str, ==, expect);
    g_string_free(trace, TRUE);
    /* the recording is the script, run-length encoded */
    g_autofree char *rec = play_session_dup_recording(s);
    g_assert_cmpstr(rec, ==, "300 R\n26 RJ\n150 R\n20 RD\n60 -\n41 J\n80 L\n13 LJ\n90 R\n");
    g_assert_cmpuint(play_session_get_recorded_frames(s), ==, 780);
}

static void test_session_start_point(void)
{
    /* an explicit start (the editor's "play from here"), as `sim --start` */
    g_autoptr(lw_level) level = load_level("pipe-works.json");
    g_autoptr(GError) error = NULL;
    const int32_t start[2] = {1500, 300};
    g_autoptr(PlaySession) s = play_session_new(level, start, &error);
    g_assert_no_error(error);
    GString *trace = g_string_new(lw_trace_header_for(play_session_get_sim(s)));
    g_string_append_c(trace, '\n');
    for (int i = 0; i < 200; i++) {
        play_session_step(s, i < 100 ? LW_BUTTON_LEFT : LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
        append_row(trace, play_session_get_sim(s));
    }
    g_autofree char *expect = sim_trace("pipe-works.json", "100 L\n100 RJ\n", "--start=1500,300");
    g_assert_cmpstr(trace->str, ==, expect);
    g_string_free(trace, TRUE);
    int32_t x, y;
    play_session_get_start(s, &x, &y);
    g_assert_cmpint(x, ==, 1500);
    g_assert_cmpint(y, ==, 300);
}

static void test_session_rewind(void)
{
    g_autoptr(lw_level) level = load_level("loop-hill.json");
    g_autoptr(GError) error = NULL;
    g_autoptr(PlaySession) s = play_session_new(level, NULL, &error);
    g_assert_true(play_session_set_script(s, run_and_jump, strlen(run_and_jump), &error));
    uint64_t hash[781];
    hash[0] = lw_sim_hash(play_session_get_sim(s));
    for (uint32_t f = 1; f <= 500; f++) {
        play_session_step(s, 0);
        hash[f] = lw_sim_hash(play_session_get_sim(s));
    }
    /* back 200 frames: exactly the state first seen at frame 300 */
    g_assert_cmpuint(play_session_rewind(s, 200), ==, 200);
    g_assert_cmpuint(play_session_get_frame(s), ==, 300);
    g_assert_cmpuint(lw_sim_hash(play_session_get_sim(s)), ==, hash[300]);
    g_assert_cmpuint(play_session_get_recorded_frames(s), ==, 300);
    g_autofree char *rec = play_session_dup_recording(s);
    g_assert_cmpstr(rec, ==, "300 R\n");
    /* the debug records are that frame's too */
    g_assert_cmpuint(play_session_get_sim(s)->debug.frame, ==, 300);
    /* forward again with the same input: the same states */
    for (uint32_t f = 301; f <= 780; f++) {
        play_session_step(s, 0);
        if (f <= 500)
            g_assert_cmpuint(lw_sim_hash(play_session_get_sim(s)), ==, hash[f]);
        hash[f] = lw_sim_hash(play_session_get_sim(s));
    }
    /* rewinding in small steps lands on the same frames */
    for (uint32_t f = 779; f >= 700; f--) {
        g_assert_cmpuint(play_session_rewind(s, 1), ==, 1);
        g_assert_cmpuint(lw_sim_hash(play_session_get_sim(s)), ==, hash[f]);
    }
    /* the ring holds 600 frames: at frame 700 at most 599 back (frame 101 is the oldest) */
    g_assert_cmpuint(play_session_rewind_available(s), ==, PLAY_REWIND_FRAMES - 1 - 80);
    g_assert_cmpuint(play_session_rewind(s, 1000), ==, PLAY_REWIND_FRAMES - 1 - 80);
    g_assert_cmpuint(play_session_get_frame(s), ==, 181);
    g_assert_cmpuint(lw_sim_hash(play_session_get_sim(s)), ==, hash[181]);
    g_assert_cmpuint(play_session_rewind(s, 1), ==, 0);
    /* history: the speed plot reads the ring */
    g_assert_cmpuint(play_session_get_history(s, 0)->frame, ==, 181);
    g_assert_null(play_session_get_history(s, 1));
    /* restart: frame 0, empty recording, the script from its beginning */
    play_session_restart(s);
    g_assert_cmpuint(play_session_get_frame(s), ==, 0);
    g_assert_cmpuint(lw_sim_hash(play_session_get_sim(s)), ==, hash[0]);
    g_assert_cmpuint(play_session_get_recorded_frames(s), ==, 0);
    for (uint32_t f = 1; f <= 400; f++)
        play_session_step(s, 0);
    g_assert_cmpuint(lw_sim_hash(play_session_get_sim(s)), ==, hash[400]);
}

static void test_session_dead_and_rewind(void)
{
    /* a pit under the first slope: the player falls out of the level, rewinding brings it back */
    g_autoptr(lw_level) level = load_level("loop-hill.json");
    for (guint x = 2; x <= 4; x++) {
        set_slot(level, x, 6, LW_NONE);
        set_slot(level, x, 7, LW_NONE);
    }
    g_autoptr(GError) error = NULL;
    g_autoptr(PlaySession) s = play_session_new(level, NULL, &error);
    uint32_t frames = 0;
    while (play_session_step(s, LW_BUTTON_RIGHT) == LW_SIM_RUNNING && frames < 1000)
        frames++;
    g_assert_true(play_session_is_dead(s));
    uint32_t dead_frame = play_session_get_frame(s);
    g_assert_cmpuint(dead_frame, <, 300);
    g_assert_cmpuint(play_session_step(s, LW_BUTTON_RIGHT), ==, LW_SIM_DEAD);
    g_assert_cmpuint(play_session_get_frame(s), ==, dead_frame);
    g_assert_cmpuint(play_session_get_recorded_frames(s), ==, dead_frame);
    g_assert_cmpuint(play_session_rewind(s, 60), ==, 60);
    g_assert_false(play_session_is_dead(s));
    g_assert_cmpuint(play_session_step(s, LW_BUTTON_RIGHT), ==, LW_SIM_RUNNING);
}

static void test_session_live_swapper_edit(void)
{
    /* the loop's grounded-only swapper removed while running towards it: the table is copied
     * again, the remembered sides recomputed, and the run goes on exactly as a fresh simulation
     * of the edited level from the same player state */
    g_autoptr(EditorDocument) doc = load_doc("loop-hill.json");
    const lw_level *level = editor_document_get_level(doc);
    g_autoptr(GError) error = NULL;
    g_autoptr(PlaySession) s = play_session_new(level, NULL, &error);
    for (int i = 0; i < 600; i++)
        play_session_step(s, LW_BUTTON_RIGHT);
    g_assert_cmpuint(play_session_get_sim(s)->swapper_count, ==, 2);
    g_assert_false(play_session_level_changed(s, EDITOR_CHANGE_LAYOUT));
    g_assert_false(play_session_level_changed(s, EDITOR_CHANGE_OBJECTS)); /* nothing moved */
    editor_document_push(doc, editor_cmd_remove_object_new(doc, 2));
    g_assert_true(play_session_level_changed(s, EDITOR_CHANGE_OBJECTS));
    const lw_sim *sim = play_session_get_sim(s);
    g_assert_cmpuint(sim->swapper_count, ==, 1);
    g_assert_cmpint(sim->swappers[0].x, ==, 4256);
    g_assert_cmpuint(sim->state.swapper_side[0], ==, 0); /* x 3703 < 4256 */
    g_assert_cmpuint(sim->state.frame, ==, 600);

    lw_sim fresh;
    EditorSimSetup setup;
    g_assert_true(editor_sim_setup(level, NULL, NULL, NULL, &setup, &error));
    g_assert_true(editor_sim_start(&fresh, level, &setup, &error));
    lw_sim_restore(&fresh, &sim->state);
    for (int i = 0; i < 200; i++) {
        play_session_step(s, LW_BUTTON_RIGHT);
        lw_sim_step(&fresh, LW_BUTTON_RIGHT);
        g_assert_cmpuint(lw_sim_hash(sim), ==, lw_sim_hash(&fresh));
    }
    /* without the grounded-only swapper the player never reaches path B */
    g_assert_cmpuint(sim->state.player.path, ==, LW_PATH_A);
    lw_sim_clear(&fresh);
    /* undo: two swappers again */
    editor_document_undo(doc);
    g_assert_true(play_session_level_changed(s, EDITOR_CHANGE_OBJECTS));
    g_assert_cmpuint(play_session_get_sim(s)->swapper_count, ==, 2);
    /* every frame in the ring got the new side bits too: rewinding keeps them consistent */
    play_session_rewind(s, 150);
    int32_t px = play_session_get_sim(s)->state.player.x >> 8;
    g_assert_cmpuint(play_session_get_sim(s)->state.swapper_side[0], ==,
                     (px > 4096 ? 1u : 0u) | (px > 4256 ? 2u : 0u));
}

static void test_session_tuning(void)
{
    g_autoptr(EditorDocument) doc = load_doc("loop-hill.json");
    const lw_level *level = editor_document_get_level(doc);
    g_autoptr(GError) error = NULL;
    g_autoptr(PlaySession) s = play_session_new(level, NULL, &error);
    g_assert_cmpstr(play_session_get_profile_name(s), ==, "s2");
    g_assert_cmpstr(play_session_get_character_name(s), ==, "sonic");
    g_assert_true(play_session_physics_match_level(s));
    lw_override ov[LW_MAX_OVERRIDES];
    g_assert_cmpuint(play_session_get_overrides(s, ov, LW_MAX_OVERRIDES), ==, 0);
    int32_t top = lw_param_find("top");
    g_assert_cmpint(top, >=, 0);
    g_assert_false(play_session_set_param(s, (guint)top, -5)); /* out of range */
    g_assert_true(play_session_set_param(s, (guint)top, 2048));
    g_assert_cmpint(play_session_get_sim(s)->profile.top, ==, 2048);
    g_assert_cmpint(play_session_get_preset(s)->top, ==, 1536);
    g_assert_false(play_session_physics_match_level(s));
    g_assert_cmpuint(play_session_get_overrides(s, ov, LW_MAX_OVERRIDES), ==, 1);
    g_assert_cmpstr(ov[0].name, ==, "top");
    g_assert_cmpint(ov[0].value, ==, 2048);
    /* another profile and character keep the override */
    g_assert_true(play_session_set_physics(s, "s3k", "knuckles", &error));
    g_assert_cmpint(play_session_get_sim(s)->profile.top, ==, 2048);
    g_assert_cmpint(play_session_get_sim(s)->profile.jump, ==, 0x600);
    g_assert_false(play_session_set_physics(s, "s9", "sonic", &error));
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE);
    g_clear_error(&error);
    /* saved to the level through the command: the session matches it, undo goes back */
    guint n = play_session_get_overrides(s, ov, LW_MAX_OVERRIDES);
    editor_document_push(doc, editor_cmd_set_physics_new(doc, "s3k", "knuckles", ov, n));
    g_assert_true(editor_document_get_modified(doc));
    g_assert_cmpstr(level->profile, ==, "s3k");
    g_assert_cmpuint(level->override_count, ==, 1);
    g_assert_true(play_session_physics_match_level(s));
    /* the same settings again make no command */
    g_assert_null(editor_cmd_set_physics_new(doc, "s3k", "knuckles", ov, n));
    editor_document_undo(doc);
    g_assert_false(play_session_physics_match_level(s));
    g_assert_true(play_session_sync_physics_from_level(s, &error));
    g_assert_true(play_session_physics_match_level(s));
    g_assert_cmpint(play_session_get_sim(s)->profile.top, ==, 1536);
    g_assert_cmpstr(play_session_get_profile_name(s), ==, "s2");
    play_session_set_param(s, (guint)top, 100);
    play_session_reset_tuning(s);
    g_assert_true(play_session_physics_match_level(s));
}

static void test_session_no_allocation(void)
{
    g_autoptr(lw_level) level = load_level("loop-hill.json");
    g_autoptr(GError) error = NULL;
    g_autoptr(PlaySession) s = play_session_new(level, NULL, &error);
    static const lw_input pattern[] = {LW_BUTTON_RIGHT,
                                       LW_BUTTON_RIGHT | LW_BUTTON_JUMP,
                                       LW_BUTTON_LEFT,
                                       LW_BUTTON_DOWN | LW_BUTTON_RIGHT,
                                       0,
                                       LW_BUTTON_LEFT | LW_BUTTON_JUMP};
    unsigned long before = test_alloc_calls;
    uint64_t sum = 0;
    for (uint32_t f = 0; f < 100000; f++) {
        if (play_session_step(s, pattern[(f / 37) % G_N_ELEMENTS(pattern)]) == LW_SIM_DEAD)
            play_session_restart(s);
        if (f % 1000 == 999)
            play_session_rewind(s, 300);
        sum += play_session_get_history(s, 0)->frame;
    }
    g_assert_cmpuint(test_alloc_calls, ==, before);
    g_assert_cmpuint(sum, >, 0);
}

/* ---- replays ---- */

static lw_replay make_replay(const lw_level *level, const char *script, uint32_t frames)
{
    lw_replay r = {.name = "run", .script = (char *)script, .frames = frames};
    EditorReplayResult res;
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_replay_run(level, &r, &res, &error));
    g_assert_cmpint(res.verdict, ==, EDITOR_REPLAY_NO_EXPECT);
    editor_replay_set_expect(&r, &res);
    return r;
}

static EditorReplayResult run_replay(const lw_level *level, const lw_replay *r)
{
    EditorReplayResult res;
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_replay_run(level, r, &res, &error));
    g_test_message("verdict %d: %s", res.verdict, res.message);
    return res;
}

static void test_replay_verdicts(void)
{
    g_autoptr(lw_level) level = load_level("loop-hill.json");
    lw_replay full = make_replay(level, "1400 R\n", 1400);
    /* the run ends at the level's goal sign (x 6400, frame 1056), rings collected */
    g_assert_cmpint(full.expect_x, ==, 6400);
    g_assert_cmpint(full.expect_y, ==, 860);
    g_assert_cmpuint(full.expect_hash, ==, 0x41f131cbecdf86e3ull); /* tests/data/replays */
    g_assert_cmpint(run_replay(level, &full).verdict, ==, EDITOR_REPLAY_PASS);

    /* a pit: the player falls out of the level */
    g_autoptr(lw_level) pit = lw_level_dup(level);
    for (guint x = 10; x <= 12; x++) {
        set_slot(pit, x, 6, LW_NONE);
        set_slot(pit, x, 7, LW_NONE);
    }
    EditorReplayResult r = run_replay(pit, &full);
    g_assert_cmpint(r.verdict, ==, EDITOR_REPLAY_FELL);
    g_assert_true(r.dead);
    g_assert_cmpuint(r.frames, <, 1400);

    /* a wall of solid ground in the way: stuck */
    g_autoptr(lw_level) wall = lw_level_dup(level);
    set_slot(wall, 24, 6, 23);
    r = run_replay(wall, &full);
    g_assert_cmpint(r.verdict, ==, EDITOR_REPLAY_STUCK);
    g_assert_cmpint(r.x, <, 24 * 128);
    g_assert_cmpint(r.x, >, 24 * 128 - 32);

    /* without the loop's grounded-only swapper the run ends on path A instead of B */
    lw_replay in_loop = make_replay(level, "700 R\n", 700);
    g_assert_cmpuint(in_loop.expect_path, ==, LW_PATH_B);
    g_autoptr(lw_level) no_swapper = lw_level_dup(level);
    lw_level_remove_object_at(no_swapper, (uint32_t)lw_level_object_index(no_swapper, 2));
    r = run_replay(no_swapper, &in_loop);
    g_assert_cmpint(r.verdict, ==, EDITOR_REPLAY_PATH);
    g_assert_cmpuint(r.path, ==, LW_PATH_A);

    /* a lower top speed: the run ends elsewhere */
    lw_replay mid = make_replay(level, "600 R\n", 600);
    g_autoptr(lw_level) slow = lw_level_dup(level);
    g_assert_true(lw_level_set_override(slow, "top", 1280));
    r = run_replay(slow, &mid);
    g_assert_cmpint(r.verdict, ==, EDITOR_REPLAY_POSITION);
    g_assert_cmpint(r.x, <, mid.expect_x);

    /* in the air instead of on the ground: a jump at the end, higher gravity lands it sooner */
    lw_replay jump = make_replay(level, "100 R\n1 RJ\n30 RJ\n", 131);
    g_assert_true(jump.expect_air);
    g_autoptr(lw_level) heavy = lw_level_dup(level);
    g_assert_true(lw_level_set_override(heavy, "gravity", 200));
    r = run_replay(heavy, &jump);
    g_assert_cmpint(r.verdict, ==, EDITOR_REPLAY_AIR);
    g_assert_false(r.air);

    /* the same place with another speed: standing at the final wall after a changed run-up */
    g_autoptr(lw_level) tuned = lw_level_dup(level);
    g_assert_true(lw_level_set_override(tuned, "acc", 13));
    r = run_replay(tuned, &full);
    g_assert_cmpint(r.verdict, ==, EDITOR_REPLAY_STATE);

    /* replays that cannot run */
    lw_replay bad = full;
    g_strlcpy(bad.profile, "s9", sizeof bad.profile);
    EditorReplayResult res;
    g_autoptr(GError) error = NULL;
    g_assert_false(editor_replay_run(level, &bad, &res, &error));
    g_assert_cmpint(res.verdict, ==, EDITOR_REPLAY_INVALID);
    g_clear_error(&error);
    bad = full;
    bad.script = "10 Q\n";
    g_assert_false(editor_replay_run(level, &bad, &res, &error));
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_FORMAT);
}

typedef struct {
    GPtrArray *messages;
    unsigned warnings;
} Collected;

static void collect(const editor_problem *p, void *user)
{
    Collected *c = user;
    if (p->severity == EDITOR_SEVERITY_WARNING)
        c->warnings++;
    g_ptr_array_add(c->messages,
                    g_strdup_printf("%s (%d, %d) %s", p->code, p->x, p->y, p->message));
}

static void test_replay_check_and_commands(void)
{
    /* replays saved through the command; the check reports the ones an edit breaks */
    g_autoptr(EditorDocument) doc = load_doc("loop-hill.json");
    const lw_level *level = editor_document_get_level(doc);
    lw_replay full = make_replay(level, "1400 R\n", 1400);
    full.name = "whole level";
    lw_replay in_loop = make_replay(level, "700 R\n", 700);
    in_loop.name = "into the loop";
    lw_replay none = {.name = "no expectation", .script = "10 R\n", .frames = 10};
    editor_document_push(doc, editor_cmd_add_replay_new(doc, &full, -1));
    editor_document_push(doc, editor_cmd_add_replay_new(doc, &in_loop, -1));
    editor_document_push(doc, editor_cmd_add_replay_new(doc, &none, 0));
    g_assert_cmpuint(level->replay_count, ==, 3);
    g_assert_cmpstr(level->replays[0].name, ==, "no expectation");
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Save Replay “no expectation”");
    Collected c = {g_ptr_array_new_with_free_func(g_free), 0};
    g_assert_cmpuint(editor_replay_check(level, collect, &c), ==, 0);
    g_assert_cmpuint(c.messages->len, ==, 0);

    /* a wall where the loop was entered: both replays fail, in order, placed where they end */
    EditorLayoutEdit e = {24, 6, 23};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_assert_cmpuint(editor_replay_check(level, collect, &c), ==, 2);
    g_assert_cmpuint(c.messages->len, ==, 2);
    g_assert_true(g_str_has_prefix(g_ptr_array_index(c.messages, 0), "replay (30"));
    g_assert_nonnull(
        strstr(g_ptr_array_index(c.messages, 0), "replay 1 \"whole level\" now gets stuck at (30"));
    g_assert_nonnull(
        strstr(g_ptr_array_index(c.messages, 1), "replay 2 \"into the loop\" now gets stuck"));
    editor_document_undo(doc);
    g_ptr_array_set_size(c.messages, 0);
    g_assert_cmpuint(editor_replay_check(level, collect, &c), ==, 0);

    /* `loopwright check` runs them too */
    g_autofree char *dir = g_dir_make_tmp("lw-play-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "loop-hill.json", NULL);
    g_autofree char *src_png = sample_path("tiles.png");
    g_autofree char *png = g_build_filename(dir, "tiles.png", NULL);
    char *data;
    gsize len;
    g_assert_true(g_file_get_contents(src_png, &data, &len, NULL));
    g_assert_true(g_file_set_contents(png, data, (gssize)len, NULL));
    g_free(data);
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_document_save_as(doc, path, &error));
    const char *argv[] = {g_getenv("LW_LOOPWRIGHT"), "check", path, NULL};
    g_autofree char *out = NULL, *err = NULL;
    int status;
    g_assert_true(
        g_spawn_sync(NULL, (char **)argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
    g_assert_cmpint(WEXITSTATUS(status), ==, 1);
    g_test_message("%s%s", out, err);
    g_assert_nonnull(strstr(out, "3 replays; 2 errors, 0 warnings"));
    g_autofree char *line = g_strdup_printf("loopwright: %s: error: replay 1 \"whole level\" now "
                                            "gets stuck at (",
                                            path);
    g_assert_nonnull(strstr(err, line));

    /* update an expectation (accept the new ending), delete a replay: undoable commands */
    EditorReplayResult res;
    g_assert_true(editor_replay_run(level, &level->replays[1], &res, &error));
    lw_replay upd = level->replays[1];
    editor_replay_set_expect(&upd, &res);
    editor_document_push(doc, editor_cmd_set_replay_new(doc, 1, &upd, "Accept Replay Result"));
    g_ptr_array_set_size(c.messages, 0);
    g_assert_cmpuint(editor_replay_check(level, collect, &c), ==, 1);
    editor_document_push(doc, editor_cmd_remove_replay_new(doc, 2));
    g_assert_cmpuint(level->replay_count, ==, 2);
    g_assert_cmpuint(editor_replay_check(level, NULL, NULL), ==, 0);
    editor_document_undo(doc);
    editor_document_undo(doc);
    g_assert_cmpuint(level->replay_count, ==, 3);
    g_assert_cmpuint(level->replays[1].expect_hash, ==, full.expect_hash);
    g_assert_null(editor_cmd_remove_replay_new(doc, 3));
    g_ptr_array_unref(c.messages);
    g_unlink(path);
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_unlink(bak);
    g_unlink(png);
    g_rmdir(dir);
}

/* Editing game objects during a session: the new table takes effect at once, every object (also
 * in the rewind frames) back at its start, the player where it was. */
static void test_session_objects_edited(void)
{
    g_autoptr(lw_level) level = load_level("object-park.json");
    g_autoptr(GError) error = NULL;
    g_autoptr(PlaySession) s = play_session_new(level, NULL, &error);
    g_assert_no_error(error);
    for (int i = 0; i < 110; i++)
        play_session_step(s, LW_BUTTON_RIGHT);
    const lw_sim *sim = play_session_get_sim(s);
    g_assert_cmpuint(sim->state.game.rings, ==, 5); /* the first row */
    int32_t x = sim->state.player.x;
    /* move the up spring 100 px right */
    lw_object *spring = NULL;
    for (uint32_t i = 0; i < level->object_count && !spring; i++)
        if (level->objects[i].type == LW_OBJECT_MARKER &&
            g_strcmp0(level->objects[i].name, "spring") == 0 && level->objects[i].prop_count == 0)
            spring = &lw_level_objects_mut(level)[i];
    g_assert_nonnull(spring);
    spring->x += 100;
    g_assert_true(play_session_level_changed(s, EDITOR_CHANGE_OBJECTS));
    sim = play_session_get_sim(s);
    g_assert_cmpint(sim->state.player.x, ==, x);
    g_assert_cmpuint(sim->state.game.rings, ==, 5); /* the count stays, the rings are back */
    bool found = false;
    for (uint32_t i = 0; i < sim->object_count; i++) {
        g_assert_false(sim->state.game.obj[i].flags & LW_OBJF_GONE);
        if (sim->objects[i].type == LW_OBJ_SPRING && sim->objects[i].x == spring->x)
            found = true;
    }
    g_assert_true(found);
    /* nothing changed: nothing to do */
    g_assert_false(play_session_level_changed(s, EDITOR_CHANGE_OBJECTS));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/play/session/objects-edited", test_session_objects_edited);
    g_test_add_func("/editor/play/camera/reset-and-band", test_camera_reset_and_band);
    g_test_add_func("/editor/play/camera/vertical", test_camera_vertical);
    g_test_add_func("/editor/play/camera/look", test_camera_look);
    g_test_add_func("/editor/play/camera/bounds", test_camera_bounds);
    g_test_add_func("/editor/play/session/trace-equals-sim", test_session_trace_equals_sim);
    g_test_add_func("/editor/play/session/start-point", test_session_start_point);
    g_test_add_func("/editor/play/session/rewind", test_session_rewind);
    g_test_add_func("/editor/play/session/dead-and-rewind", test_session_dead_and_rewind);
    g_test_add_func("/editor/play/session/live-swapper-edit", test_session_live_swapper_edit);
    g_test_add_func("/editor/play/session/tuning", test_session_tuning);
    g_test_add_func("/editor/play/session/no-allocation", test_session_no_allocation);
    g_test_add_func("/editor/play/replay/verdicts", test_replay_verdicts);
    g_test_add_func("/editor/play/replay/check-and-commands", test_replay_check_and_commands);
    return g_test_run();
}
