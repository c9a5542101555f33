/* SPDX-License-Identifier: MIT */
/*
 * The test-play window, in process under a display (xvfb-run in CI), opened from the real
 * editor with F5's action:
 *   - a scripted run through the frame clock writes the same trace as `loopwright sim` on the
 *     same level and script, frame for frame, and a screenshot that shows the level and player;
 *   - rewinding K frames gives back exactly the states first seen, and replaying the same input
 *     the same hashes (also holding the rewind key through the frame clock);
 *   - a tile changed under the player between frames through a document command changes the next
 *     frames exactly as a simulation of the edited level saved to a file and loaded again;
 *   - replays saved from the window (undoable), the editor's Issues panel reporting the one an
 *     edit breaks, a replay played back in the window, tuning saved to the level and undone;
 *   - `loopwright play --input --frames --screenshot --trace --debug` in its own process;
 *   - the keys file.
 * Without a display it exits 77 (meson SKIP, counted as a failure by scripts/test).
 */
#include "doc/editor-commands-play.h"
#include "doc/editor-commands.h"
#include "doc/level-json.h"
#include "doc/replay-check.h"
#include "editor-application.h"
#include "editor-window.h"
#include "play-keys.h"
#include "play-render.h"
#include "play-window.h"
#include "ui-app.h"
#include "ui-support.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <loopwright-masks/image.h>
#include <loopwright/trace.h>
#include <string.h>

static EditorApplication *app;
static char *tmpdir;
static char *level_path;

static void act(GtkWidget *win, const char *detailed)
{
    g_autofree char *name = NULL;
    g_autoptr(GVariant) target = NULL;
    g_assert_true(g_action_parse_detailed_name(detailed, &name, &target, NULL));
    g_assert_true(gtk_widget_activate_action_variant(win, name, target));
}

static EditorWindow *editor(void)
{
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(app)); w; w = w->next)
        if (EDITOR_IS_WINDOW(w->data))
            return w->data;
    return NULL;
}

/* The play window of the editor's level, opened with F5's action when needed. */
static PlayWindow *play(void)
{
    EditorWindow *ed = editor();
    g_assert_nonnull(ed);
    EditorDocument *doc = editor_window_get_document(ed);
    PlayWindow *pw = play_window_find(GTK_APPLICATION(app), doc);
    if (!pw) {
        act(GTK_WIDGET(ed), "win.play");
        UI_WAIT_FOR((pw = play_window_find(GTK_APPLICATION(app), doc)) != NULL, 2000);
        g_assert_nonnull(pw);
        UI_WAIT_FOR(gtk_widget_get_mapped(GTK_WIDGET(pw)), 2000);
        ui_spin(200);
    }
    return pw;
}

static const lw_sim *sim_of(PlayWindow *pw)
{
    return play_session_get_sim(play_window_get_session(pw));
}

static char *write_temp(const char *name, const char *text)
{
    char *path = g_build_filename(tmpdir, name, NULL);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    return path;
}

/* `loopwright sim LEVEL --input SCRIPT --frames N --trace OUT` -> the trace's text. */
static char *sim_trace(const char *level, const char *script_path, guint frames)
{
    g_autofree char *out = g_build_filename(tmpdir, "sim-trace.csv", NULL);
    g_autofree char *n = g_strdup_printf("%u", frames);
    const char *argv[] = {g_getenv("LW_LOOPWRIGHT"),
                          "sim",
                          level,
                          "--input",
                          script_path,
                          "--frames",
                          n,
                          "--trace",
                          out,
                          NULL};
    int status;
    g_autoptr(GError) error = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    char *text;
    g_assert_true(g_file_get_contents(out, &text, NULL, NULL));
    return text;
}

/* The screenshot shows the level (sky, ground), the player and, with the debugger, sensors. */
static void check_picture(const char *path, gboolean debug)
{
    lwm_image img = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(path, &img, &err));
    size_t sky = ui_count_near(&img, 0x78B4E8, 8);
    size_t ground = ui_count_near(&img, 0xB06830, 8) + ui_count_near(&img, 0x8C4C20, 8);
    size_t player = ui_count_near(&img, PLAY_RENDER_PLAYER_RGB, 6);
    size_t hit = ui_count_near(&img, 0x40F259, 6); /* a sensor line that met ground */
    g_test_message("%s: %ux%u, %zu sky, %zu ground, %zu player, %zu sensor px", path, img.width,
                   img.height, sky, ground, player, hit);
    size_t area = (size_t)img.width * img.height;
    g_assert_cmpuint(img.width, >=, 320);
    g_assert_cmpuint(sky, >, area / 10);
    g_assert_cmpuint(ground, >, area / 10);
    g_assert_cmpuint(player, >, 300);
    if (debug)
        g_assert_cmpuint(hit, >, 20);
    lwm_image_clear(&img);
}

static void on_finished(PlayWindow *pw, int status, int *out)
{
    *out = status;
}

/* ---- the window plays exactly what `sim` plays ---- */

static const char script[] = "300 R\n1 RJ\n30 RJ\n40 R\n20 RD\n30 -\n";

static void test_trace_matches_sim(void)
{
    PlayWindow *pw = play();
    g_autofree char *spath = write_temp("run.txt", script);
    g_autofree char *trace = g_build_filename(tmpdir, "play-trace.csv", NULL);
    g_autofree char *shot = g_build_filename(tmpdir, "play.png", NULL);
    g_autofree char *wshot = g_build_filename(tmpdir, "play-window.png", NULL);
    PlayAutomation a = {.input = script,
                        .input_len = strlen(script),
                        .frames = 400,
                        .screenshot = shot,
                        .window_screenshot = wshot,
                        .trace = trace};
    int status = -1;
    gulong id = g_signal_connect(pw, "automation-finished", G_CALLBACK(on_finished), &status);
    g_autoptr(GError) error = NULL;
    gint64 t0 = g_get_monotonic_time();
    g_assert_true(play_window_start_automation(pw, &a, &error));
    /* one frame per frame-clock tick: 400 frames take ~6.7 s at 60 Hz */
    UI_WAIT_FOR(status >= 0, 30000);
    g_signal_handler_disconnect(pw, id);
    g_test_message("400 frames through the frame clock in %.2f s",
                   (g_get_monotonic_time() - t0) / 1e6);
    g_assert_cmpint(status, ==, 0);
    g_assert_cmpuint(sim_of(pw)->state.frame, ==, 400);
    g_autofree char *mine = NULL;
    g_assert_true(g_file_get_contents(trace, &mine, NULL, NULL));
    g_autofree char *theirs = sim_trace(level_path, spath, 400);
    g_assert_cmpuint(strlen(mine), >, 400 * 30);
    g_assert_cmpstr(mine, ==, theirs);
    check_picture(shot, FALSE);
    /* the whole window too (title bar, panels) */
    lwm_image img = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(wshot, &img, &err));
    g_assert_cmpuint(img.width, >, 1000);
    lwm_image_clear(&img);
}

/* ---- rewind ---- */

static void test_rewind(void)
{
    PlayWindow *pw = play();
    GtkWidget *w = GTK_WIDGET(pw);
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "pause", g_variant_new_boolean(TRUE));
    act(w, "win.restart");
    g_autofree char *spath = write_temp("run.txt", script);
    g_autofree char *set = g_strdup_printf("win.set-input('%s')", spath);
    act(w, set);
    uint64_t hash[421];
    hash[0] = lw_sim_hash(sim_of(pw));
    for (guint f = 1; f <= 420; f++) {
        act(w, "win.advance(uint32 1)");
        g_assert_cmpuint(sim_of(pw)->state.frame, ==, f);
        hash[f] = lw_sim_hash(sim_of(pw));
    }
    /* K = 150 frames back: the state first seen at frame 270 */
    act(w, "win.rewind-frames(uint32 150)");
    g_assert_cmpuint(sim_of(pw)->state.frame, ==, 270);
    g_assert_cmpuint(lw_sim_hash(sim_of(pw)), ==, hash[270]);
    g_assert_cmpuint(play_session_get_recorded_frames(play_window_get_session(pw)), ==, 270);
    /* the same input again: the same states, frame for frame */
    for (guint f = 271; f <= 420; f++) {
        act(w, "win.advance(uint32 1)");
        g_assert_cmpuint(lw_sim_hash(sim_of(pw)), ==, hash[f]);
    }
    /* holding the rewind key (its action state) runs backwards through the frame clock */
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "rewind", g_variant_new_boolean(TRUE));
    UI_WAIT_FOR(sim_of(pw)->state.frame <= 360, 5000);
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "rewind", g_variant_new_boolean(FALSE));
    uint32_t f = sim_of(pw)->state.frame;
    g_test_message("held rewind stopped at frame %u", f);
    g_assert_cmpuint(f, <=, 360);
    g_assert_cmpuint(f, >, 100);
    g_assert_cmpuint(lw_sim_hash(sim_of(pw)), ==, hash[f]);
    /* paused again: the frame stays */
    ui_spin(200);
    g_assert_cmpuint(sim_of(pw)->state.frame, ==, f);
    for (; f < 420; f++)
        act(w, "win.advance(uint32 1)");
    g_assert_cmpuint(lw_sim_hash(sim_of(pw)), ==, hash[420]);
}

/* ---- live edit ---- */

/* The chunk and cell index of the foreground cell covering (x, y). */
static EditorCellEdit cell_edit_at(const lw_level *l, int32_t x, int32_t y)
{
    uint16_t chunk = lw_level_layout_get(l, LW_LAYER_FG, (uint32_t)x >> l->chunk_shift,
                                         (uint32_t)y >> l->chunk_shift);
    g_assert_cmpuint(chunk, !=, LW_NONE);
    uint32_t cx = ((uint32_t)x & (l->chunk_px - 1u)) / 16u,
             cy = ((uint32_t)y & (l->chunk_px - 1u)) / 16u;
    EditorCellEdit e = {.chunk = chunk, .index = (uint16_t)(cy * l->chunk_cells + cx)};
    e.cell = lw_level_chunk_cells(l, chunk)[e.index];
    return e;
}

static void test_live_edit(void)
{
    PlayWindow *pw = play();
    GtkWidget *w = GTK_WIDGET(pw);
    EditorDocument *doc = play_window_get_document(pw);
    const lw_level *l = editor_document_get_level(doc);
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "pause", g_variant_new_boolean(TRUE));
    act(w, "win.restart");
    g_autofree char *spath = write_temp("right.txt", "600 R\n");
    g_autofree char *set = g_strdup_printf("win.set-input('%s')", spath);
    act(w, set);
    act(w, "win.advance(uint32 150)");
    const lw_sim *sim = sim_of(pw);
    g_assert_false(sim->state.player.airborne);
    lw_sim_state before = sim->state;
    /* the cell under the player's feet becomes empty (a command, as the editor's tools push) */
    int32_t px = sim->state.player.x >> 8, py = sim->state.player.y >> 8;
    EditorCellEdit e = cell_edit_at(l, px, py + sim->state.player.hr + 2);
    g_assert_cmpuint(e.cell.tile, !=, LW_NONE);
    e.cell.tile = LW_NONE;
    e.cell.solid = 0;
    editor_document_push(doc, editor_cmd_set_cells_new(doc, &e, 1, "Paint Tiles", 0));
    g_assert_nonnull(play_window_get_note(pw));
    g_assert_true(g_str_has_prefix(play_window_get_note(pw), "Level changed at frame 150"));
    act(w, "win.advance(uint32 1)");
    uint64_t edited_hash = lw_sim_hash(sim);

    /* the same frame on the edited level, saved to a file and loaded again */
    g_autofree char *edited = g_build_filename(tmpdir, "edited.json", NULL);
    lw_error err;
    g_assert_true(editor_level_save_file(edited, l, &err));
    lw_level *loaded = NULL;
    g_assert_true(editor_level_load_file(edited, 0, &loaded, &err));
    EditorSimSetup setup;
    g_autoptr(GError) error = NULL;
    g_assert_true(editor_sim_setup(loaded, NULL, NULL, NULL, &setup, &error));
    lw_sim other;
    g_assert_true(editor_sim_start(&other, loaded, &setup, &error));
    lw_sim_restore(&other, &before);
    lw_sim_step(&other, LW_BUTTON_RIGHT);
    g_assert_cmpuint(lw_sim_hash(&other), ==, edited_hash);
    /* and the next 100 frames too */
    for (int i = 0; i < 100; i++) {
        act(w, "win.advance(uint32 1)");
        lw_sim_step(&other, LW_BUTTON_RIGHT);
        char a[LW_TRACE_ROW_MAX], b[LW_TRACE_ROW_MAX];
        lw_trace_format_row(a, sizeof a, sim->state.frame, &sim->state.player);
        lw_trace_format_row(b, sizeof b, other.state.frame, &other.state.player);
        g_assert_cmpstr(a, ==, b);
    }
    lw_sim_clear(&other);
    lw_level_free(loaded);

    /* the edit mattered: the unedited level gives another frame 151 */
    lw_level *orig = NULL;
    g_autofree char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    g_assert_true(editor_level_load_file(sample, 0, &orig, &err));
    g_assert_true(editor_sim_start(&other, orig, &setup, &error));
    lw_sim_restore(&other, &before);
    lw_sim_step(&other, LW_BUTTON_RIGHT);
    g_assert_cmpuint(lw_sim_hash(&other), !=, edited_hash);
    lw_sim_clear(&other);
    lw_level_free(orig);
    editor_document_undo(doc);
    g_assert_false(editor_document_get_modified(doc));
}

/* ---- a saved replay starts at the first input ---- */

static void test_replay_trim(void)
{
    PlayWindow *pw = play();
    GtkWidget *w = GTK_WIDGET(pw);
    EditorDocument *doc = play_window_get_document(pw);
    const lw_level *l = editor_document_get_level(doc);
    guint replays = l->replay_count;
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "pause", g_variant_new_boolean(TRUE));
    act(w, "win.restart");
    g_autofree char *spath = write_temp("idle-first.txt", "40 -\n100 R\n20 RJ\n");
    g_autofree char *set = g_strdup_printf("win.set-input('%s')", spath);
    act(w, set);
    act(w, "win.advance(uint32 160)");
    act(w, "win.save-replay-named('idle first')");
    g_assert_cmpuint(l->replay_count, ==, replays + 1);
    const lw_replay *r = &l->replays[l->replay_count - 1];
    g_assert_cmpstr(r->name, ==, "idle first");
    g_assert_cmpstr(r->script, ==, "100 R\n20 RJ\n");
    g_assert_cmpuint(r->frames, ==, 120);
    /* its expectation is the trimmed run's own: it passes */
    EditorReplayResult res;
    g_assert_true(editor_replay_run(l, r, &res, NULL));
    g_assert_cmpuint(res.hash, ==, r->expect_hash);
    editor_document_undo(doc);
    g_assert_cmpuint(l->replay_count, ==, replays);
}

/* ---- replays, the Issues panel, tuning ---- */

static guint replay_issues(EditorWindow *ed)
{
    act(GTK_WIDGET(ed), "win.check");
    guint n = editor_window_get_issue_count(ed);
    return n;
}

static void test_replays_and_tuning(void)
{
    PlayWindow *pw = play();
    GtkWidget *w = GTK_WIDGET(pw);
    EditorWindow *ed = editor();
    EditorDocument *doc = play_window_get_document(pw);
    const lw_level *l = editor_document_get_level(doc);
    guint issues_before = replay_issues(ed);

    /* a 600-frame run saved as a replay: one undoable step, expectation = this run */
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "pause", g_variant_new_boolean(TRUE));
    act(w, "win.restart");
    g_autofree char *spath = write_temp("long.txt", "600 R\n");
    g_autofree char *set = g_strdup_printf("win.set-input('%s')", spath);
    act(w, set);
    act(w, "win.advance(uint32 600)");
    uint64_t end_hash = lw_sim_hash(sim_of(pw));
    act(w, "win.save-replay-named('to the loop')");
    g_assert_cmpuint(l->replay_count, ==, 1);
    g_assert_cmpstr(l->replays[0].name, ==, "to the loop");
    g_assert_cmpstr(l->replays[0].script, ==, "600 R\n");
    g_assert_cmpuint(l->replays[0].frames, ==, 600);
    g_assert_true(l->replays[0].has_start);
    g_assert_cmpint(l->replays[0].start_x, ==, 128);
    g_assert_cmpuint(l->replays[0].expect_hash, ==, end_hash);
    g_assert_true(editor_document_get_modified(doc));
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Save Replay “to the loop”");
    g_assert_cmpuint(replay_issues(ed), ==, issues_before);

    /* an edit that blocks the run: the Issues panel reports the replay, undo clears it */
    EditorLayoutEdit wall = {24, 6, 23};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &wall, 1, NULL, 0));
    g_assert_cmpuint(replay_issues(ed), ==, issues_before + 1);
    /* the play window's Replays panel says so too (a picture for people, not an assertion) */
    act(w, "win.show-panel('replays')");
    act(w, "win.select-replay(uint32 0)");
    ui_spin(900);
    g_autofree char *pic = g_build_filename(g_getenv("G_TEST_BUILDDIR"), "play-replays.png", NULL);
    g_autofree char *shot = g_strdup_printf("win.window-screenshot('%s')", pic);
    act(w, shot);
    editor_document_undo(doc);
    g_assert_cmpuint(replay_issues(ed), ==, issues_before);

    /* played back in the window, through the frame clock */
    act(w, "win.play-replay(uint32 0)");
    /* Notes expire after a few seconds: read the note once per check, so it cannot vanish
     * between the test for NULL and the comparison. */
    const char *note = NULL;
    UI_WAIT_FOR((note = play_window_get_note(pw)) && g_str_has_prefix(note, "Replay"), 20000);
    g_assert_cmpstr(note, ==, "Replay finished: passes");
    g_assert_cmpuint(sim_of(pw)->state.frame, ==, 600);
    g_assert_cmpuint(lw_sim_hash(sim_of(pw)), ==, end_hash);

    /* tuning: a constant changed in the window, saved to the level, undone in the editor */
    act(w, "win.set-param(('top', 2048))");
    g_assert_cmpint(sim_of(pw)->profile.top, ==, 2048);
    act(w, "win.show-panel('tuning')");
    ui_spin(300);
    g_autofree char *tpic = g_build_filename(g_getenv("G_TEST_BUILDDIR"), "play-tuning.png", NULL);
    g_autofree char *tact = g_strdup_printf("win.window-screenshot('%s')", tpic);
    act(w, tact);
    g_assert_cmpuint(l->override_count, ==, 0);
    act(w, "win.save-tuning");
    g_assert_cmpuint(l->override_count, ==, 1);
    g_assert_cmpstr(l->overrides[0].name, ==, "top");
    g_assert_cmpint(l->overrides[0].value, ==, 2048);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Physics Settings");
    act(GTK_WIDGET(ed), "doc.undo");
    g_assert_cmpuint(l->override_count, ==, 0);
    g_assert_cmpint(sim_of(pw)->profile.top, ==, 1536); /* the window follows the level */
    /* another profile from the window's menu action */
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "profile", g_variant_new_string("s3k"));
    g_assert_cmpstr(play_session_get_profile_name(play_window_get_session(pw)), ==, "s3k");
    g_assert_true(sim_of(pw)->profile.s3k_slip);
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "profile", g_variant_new_string("s2"));
    act(GTK_WIDGET(ed), "doc.undo"); /* the replay */
    g_assert_cmpuint(l->replay_count, ==, 0);
    g_assert_false(editor_document_get_modified(doc));
}

/* ---- the issue's "done means": find a collision hole with the debugger, fix it, save the run ----
 */

/* The floor pair (ground casts A and B) of the last frame. */
static void floor_pair(const lw_sim *sim, const lw_cast_record **a, const lw_cast_record **b)
{
    *a = *b = NULL;
    for (int i = 0; i < sim->debug.cast_count; i++) {
        const lw_cast_record *c = &sim->debug.casts[i];
        if (c->use == LW_CAST_GROUND && c->sensor == LW_SENSOR_A)
            *a = c;
        if (c->use == LW_CAST_GROUND && c->sensor == LW_SENSOR_B)
            *b = c;
    }
    g_assert_nonnull(*a);
    g_assert_nonnull(*b);
}

static void test_done_means(void)
{
    PlayWindow *pw = play();
    GtkWidget *w = GTK_WIDGET(pw);
    EditorDocument *doc = play_window_get_document(pw);
    const lw_level *l = editor_document_get_level(doc);
    /* an authoring mistake: two grass tiles after the loop solid on path B only */
    EditorCellEdit bug[2] = {cell_edit_at(l, 5136, 840), cell_edit_at(l, 5152, 840)};
    for (int i = 0; i < 2; i++)
        bug[i].cell.solid = lw_cell_solid_bits(LW_SOLID_NONE, LW_SOLID_ALL);
    editor_document_push(doc, editor_cmd_set_cells_new(doc, bug, 2, "Solidity", 0));
    g_assert_true(editor_document_get_modified(doc));

    /* play towards it from a start before it; the player leaves the ground over the tiles */
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "pause", g_variant_new_boolean(TRUE));
    g_autoptr(GError) error = NULL;
    const int32_t start[2] = {4700, 812};
    g_assert_true(play_window_restart_at(pw, start, &error));
    g_autofree char *spath = write_temp("story.txt", "300 R\n");
    g_autofree char *set = g_strdup_printf("win.set-input('%s')", spath);
    act(w, set);
    const lw_sim *sim = sim_of(pw);
    while (!sim->state.player.airborne && sim->state.frame < 300)
        act(w, "win.advance(uint32 1)");
    g_assert_cmpuint(sim->state.frame, ==, 138);
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "debug", g_variant_new_boolean(TRUE));
    /* the frame where it leaves the ground: both floor sensors found nothing */
    const lw_cast_record *a, *b;
    floor_pair(sim, &a, &b);
    g_assert_false(a->hit.surface);
    g_assert_false(b->hit.surface);
    g_assert_cmpint(a->x, >=, 5136);
    g_assert_cmpint(b->x, <, 5168);
    /* one frame back: A still stood on the grass before the hole, B was over it already */
    act(w, "win.rewind-frames(uint32 1)");
    floor_pair(sim, &a, &b);
    g_assert_true(a->hit.surface);
    g_assert_false(b->hit.surface);
    g_assert_cmpuint(a->hit.tile, !=, LW_NONE);
    /* fix the tiles in the editor (both paths solid again), continue: no fall this time */
    EditorCellEdit fix[2] = {bug[0], bug[1]};
    for (int i = 0; i < 2; i++)
        fix[i].cell.solid = lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL);
    editor_document_push(doc, editor_cmd_set_cells_new(doc, fix, 2, "Solidity", 0));
    g_assert_true(g_str_has_prefix(play_window_get_note(pw), "Level changed at frame 137"));
    for (int i = 0; i < 163; i++) {
        act(w, "win.advance(uint32 1)");
        g_assert_false(sim->state.player.airborne && sim->state.player.x >> 8 < 5200);
    }
    g_assert_cmpuint(sim->state.frame, ==, 300);
    /* the run saved as a replay passes on the fixed level: its expectation is this very run */
    uint64_t live = lw_sim_hash(sim);
    act(w, "win.save-replay-named('over the fixed grass')");
    g_assert_cmpuint(l->replay_count, ==, 1);
    g_assert_cmpuint(l->replays[0].expect_hash, ==, live);
    g_assert_cmpuint(editor_replay_check(l, NULL, NULL), ==, 0);
    /* and would have caught the mistake */
    editor_document_push(doc, editor_cmd_set_cells_new(doc, bug, 2, "Solidity", 0));
    g_assert_cmpuint(editor_replay_check(l, NULL, NULL), ==, 1);
    for (int i = 0; i < 4; i++)
        editor_document_undo(doc);
    g_assert_cmpuint(l->replay_count, ==, 0);
    g_assert_false(editor_document_get_modified(doc));
    g_action_group_change_action_state(G_ACTION_GROUP(pw), "debug", g_variant_new_boolean(FALSE));
}

/* ---- play from here ---- */

static void test_play_here(void)
{
    PlayWindow *pw = play();
    EditorWindow *ed = editor();
    act(GTK_WIDGET(ed), "win.view((3000.0, 700.0, 1.0))");
    ui_spin(100);
    double x, y, vw, vh;
    editor_canvas_get_view(editor_window_get_canvas(ed), &x, &y, &vw, &vh);
    act(GTK_WIDGET(ed), "win.play-here");
    int32_t sx, sy;
    play_session_get_start(play_window_get_session(pw), &sx, &sy);
    /* the level pixel last under the pointer (Xvfb's pointer may rest on the canvas), or the
     * middle of the view: either way inside the view */
    g_test_message("play here: (%d, %d); view (%g, %g) %g x %g", sx, sy, x, y, vw, vh);
    g_assert_cmpint(sx, >=, (int32_t)x);
    g_assert_cmpint(sx, <=, (int32_t)(x + vw));
    g_assert_cmpint(sy, >=, (int32_t)y);
    g_assert_cmpint(sy, <=, (int32_t)(y + vh));
    g_assert_cmpuint(sim_of(pw)->state.frame, ==, 0);
    /* F5 again: the level's start */
    act(GTK_WIDGET(ed), "win.play");
    play_session_get_start(play_window_get_session(pw), &sx, &sy);
    g_assert_cmpint(sx, ==, 128);
    g_assert_cmpint(sy, ==, 812);
}

/* ---- the command line ---- */

static void test_cli_automation(void)
{
    g_autofree char *spath = write_temp("cli.txt", script);
    g_autofree char *trace = g_build_filename(tmpdir, "cli-trace.csv", NULL);
    g_autofree char *shot = g_build_filename(tmpdir, "cli.png", NULL);
    const char *argv[] = {g_getenv("LW_LOOPWRIGHT"),
                          "play",
                          level_path,
                          "--input",
                          spath,
                          "--frames",
                          "300",
                          "--screenshot",
                          shot,
                          "--trace",
                          trace,
                          "--debug",
                          "--size",
                          "1280x800",
                          NULL};
    g_autofree char *out = NULL, *err = NULL;
    int status;
    g_autoptr(GError) error = NULL;
    g_assert_true(
        g_spawn_sync(NULL, (char **)argv, NULL, 0, NULL, NULL, &out, &err, &status, &error));
    g_test_message("play: %s%s", out, err);
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    g_autofree char *mine = NULL;
    g_assert_true(g_file_get_contents(trace, &mine, NULL, NULL));
    g_autofree char *theirs = sim_trace(level_path, spath, 300);
    g_assert_cmpstr(mine, ==, theirs);
    g_assert_true(g_str_has_prefix(out, "frame 300\n"));
    check_picture(shot, TRUE);

    /* a packed binary plays the same */
    g_autofree char *bin = g_build_filename(tmpdir, "loop-hill.bin", NULL);
    const char *pack[] = {g_getenv("LW_LOOPWRIGHT"), "pack", level_path, "-o", bin, NULL};
    g_assert_true(g_spawn_sync(NULL, (char **)pack, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    const char *packed[] = {g_getenv("LW_LOOPWRIGHT"),
                            "play",
                            bin,
                            "--input",
                            spath,
                            "--frames",
                            "120",
                            "--trace",
                            trace,
                            NULL};
    g_assert_true(g_spawn_sync(NULL, (char **)packed, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    g_autofree char *from_bin = NULL;
    g_assert_true(g_file_get_contents(trace, &from_bin, NULL, NULL));
    g_autofree char *json120 = sim_trace(level_path, spath, 120);
    g_assert_cmpstr(from_bin, ==, json120);

    /* bad usage and bad files */
    const char *bad[] = {g_getenv("LW_LOOPWRIGHT"), "play", level_path, "--screenshot", shot, NULL};
    g_assert_true(g_spawn_sync(NULL, (char **)bad, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
    g_assert_cmpint(WEXITSTATUS(status), ==, 2);
    const char *missing[] = {g_getenv("LW_LOOPWRIGHT"), "play", "/nonexistent.json", NULL};
    g_clear_pointer(&err, g_free);
    g_assert_true(g_spawn_sync(NULL, (char **)missing, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err, &status, &error));
    g_assert_cmpint(WEXITSTATUS(status), ==, 1);
    g_assert_true(g_str_has_prefix(err, "loopwright: /nonexistent.json"));
}

/* ---- keys ---- */

static void test_keymap(void)
{
    PlayKeymap m;
    play_keymap_init_default(&m);
    g_assert_cmpuint(play_keymap_lookup(&m, GDK_KEY_Left), ==, LW_BUTTON_LEFT);
    g_assert_cmpuint(play_keymap_lookup(&m, GDK_KEY_Z), ==, LW_BUTTON_JUMP);
    g_assert_cmpuint(play_keymap_lookup(&m, GDK_KEY_space), ==, LW_BUTTON_JUMP);
    g_assert_cmpuint(play_keymap_lookup(&m, GDK_KEY_q), ==, 0);
    m.keys[0][1] = GDK_KEY_a;
    m.keys[4][3] = 0;
    g_autofree char *path = g_build_filename(tmpdir, "keys", "play-keys.ini", NULL);
    g_autoptr(GError) error = NULL;
    g_assert_true(play_keymap_save(&m, path, &error));
    PlayKeymap n;
    g_assert_true(play_keymap_load(&n, path, &error));
    g_assert_cmpmem(&m, sizeof m, &n, sizeof n);
    g_assert_cmpuint(play_keymap_lookup(&n, GDK_KEY_A), ==, LW_BUTTON_LEFT);
    g_autofree char *jump = play_keymap_describe(&n, 4);
    g_assert_cmpstr(jump, ==, "Z, X, C");
    /* the default file does not exist in this test's config dir: defaults */
    g_assert_true(play_keymap_load(&n, NULL, &error));
    g_assert_cmpuint(play_keymap_lookup(&n, GDK_KEY_space), ==, LW_BUTTON_JUMP);
}

static void test_close_with_editor(void)
{
    PlayWindow *pw = play();
    g_object_add_weak_pointer(G_OBJECT(pw), (gpointer *)&pw);
    editor_window_close_now(editor());
    UI_WAIT_FOR(pw == NULL, 2000);
    g_assert_null(pw);
}

int main(int argc, char **argv)
{
    UiTest ui;
    if (!ui_test_init(&argc, &argv, "lw-ui-play-XXXXXX", UI_TEST_DEFAULT, &ui))
        return UI_TEST_SKIP;
    app = ui.app;
    tmpdir = ui.tmpdir;
    level_path = ui.level_path;
    GFile *file = g_file_new_for_path(level_path);
    g_application_open(G_APPLICATION(app), &file, 1, "");
    g_object_unref(file);
    ui_spin(300);
    g_test_add_func("/ui/play/trace-matches-sim", test_trace_matches_sim);
    g_test_add_func("/ui/play/rewind", test_rewind);
    g_test_add_func("/ui/play/live-edit", test_live_edit);
    g_test_add_func("/ui/play/replay-trim", test_replay_trim);
    g_test_add_func("/ui/play/replays-and-tuning", test_replays_and_tuning);
    g_test_add_func("/ui/play/done-means", test_done_means);
    g_test_add_func("/ui/play/play-here", test_play_here);
    g_test_add_func("/ui/play/cli-automation", test_cli_automation);
    g_test_add_func("/ui/play/keymap", test_keymap);
    g_test_add_func("/ui/play/close-with-editor", test_close_with_editor);
    return ui_test_run(&ui);
}
