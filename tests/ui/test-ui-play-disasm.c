/* SPDX-License-Identifier: MIT */
/*
 * A level opened from a disassembly tree, in the editor and in test-play (editor/ui/
 * play-render-sprites.c, editor-window-title.c): on the synthetic tree of tree-fixture.h, whose
 * object list gives the Buzzer (0x4B, an object the engine does not run) art and mappings,
 * test-play draws the Buzzer's sprite where the editor does; the windows are titled with the
 * INI level's name and the tree's folder, "*" while edited. And a run that passes a goal sign
 * ends there ("Finished", the clock stopped). Without a display it exits 77.
 */
#include "cli-run.h"
#include "doc/disasm-sprites.h"
#include "doc/editor-commands.h"
#include "doc/play-session.h"
#include "editor-application.h"
#include "editor-window.h"
#include "play-automation.h"
#include "play-render.h"
#include "play-window.h"
#include "tree-fixture.h"
#include "ui-fixture.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <loopwright/nemesis.h>
#include <string.h>

static EditorApplication *app;
static char *tmp;

static void put(const char *tree, const char *rel, const void *data, gsize len)
{
    g_autofree char *path = g_build_filename(tree, rel, NULL);
    g_autofree char *dir = g_path_get_dirname(path);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0755), ==, 0);
    g_assert_true(g_file_set_contents(path, data, (gssize)len, NULL));
}

/* The fixture's tree, with art (4 patterns of colours 1..15) and a 16x16 px mapping frame for
 * the Buzzer; the level unpacked from it (g_free). */
static char *unpack_with_sprites(char **tree_out)
{
    char *tree = tree_fixture_make(tmp, FALSE);
    static const char obj_ini[] = "[4B]\nname=Buzzer\nart=../art/buzzer.nem\n"
                                  "mapasm=../map/buzzer.asm\n";
    put(tree, "SonLVL INI Files/objTST.ini", obj_ini, strlen(obj_ini));
    static const char map[] = "Map_b:\tmappingsTable\n"
                              "\tmappingsTableEntry.w\tMap_b_0\n"
                              "Map_b_0:\tspriteHeader\n"
                              "\tspritePiece\t-8, -8, 2, 2, 0, 0, 0, 0, 0\n"
                              "Map_b_0_End\n";
    put(tree, "map/buzzer.asm", map, strlen(map));
    guint8 art[4 * 32];
    for (unsigned t = 0; t < 4; t++)
        for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 8; x += 2)
                art[t * 32 + y * 4 + x / 2] = (guint8)(((t * 3 + x + 2 * y) % 15 + 1) << 4 |
                                                       ((t * 3 + x + 1 + 2 * y) % 15 + 1));
    g_autofree guint8 *nem = g_malloc(lw_nemesis_bound(sizeof art));
    size_t n = lw_nemesis_compress(art, sizeof art, nem);
    g_assert_cmpuint(n, >, 0);
    put(tree, "art/buzzer.nem", nem, n);
    char *level = g_build_filename(tmp, "tst1.json", NULL);
    cli_result r =
        cli_run((const char *[]){"unpack", tree, "--level", "Test Zone Act 1", "-o", level, NULL});
    if (r.code != 0)
        g_error("unpack: exit %d\n%s\n%s", r.code, r.out, r.err);
    cli_run_free(&r);
    *tree_out = tree;
    return level;
}

/* The Buzzer's marker in @level. */
static const lw_object *buzzer(const lw_level *level)
{
    for (uint32_t i = 0; i < level->object_count; i++) {
        const char *id = editor_disasm_marker_prop(&level->objects[i], "id");
        if (id && strcmp(id, "0x4B") == 0)
            return &level->objects[i];
    }
    g_assert_not_reached();
}

/* How many pixels of the PNG at @png have the colour 0xRRGGBB @rgb. */
static size_t count_rgb(const char *png, guint32 rgb)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(png);
    g_assert_cmpint(cairo_surface_status(s), ==, CAIRO_STATUS_SUCCESS);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s),
        stride = cairo_image_surface_get_stride(s);
    const guint8 *data = cairo_image_surface_get_data(s);
    size_t n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            guint32 p;
            memcpy(&p, data + (gsize)y * (gsize)stride + 4 * (gsize)x, 4);
            n += (p & 0xFFFFFF) == rgb;
        }
    cairo_surface_destroy(s);
    return n;
}

/* The colour the picture @s has most often, and how many pixels have it. */
static guint32 main_colour(const EditorDisasmSprite *s, size_t *count)
{
    g_autoptr(GHashTable) n = g_hash_table_new(g_direct_hash, g_direct_equal);
    guint32 best = 0;
    *count = 0;
    for (gsize i = 0; i < (gsize)s->width * s->height; i++) {
        if (!s->argb[i])
            continue;
        guint32 rgb = s->argb[i] & 0xFFFFFF;
        size_t c = GPOINTER_TO_SIZE(g_hash_table_lookup(n, GUINT_TO_POINTER(rgb))) + 1;
        g_hash_table_insert(n, GUINT_TO_POINTER(rgb), GSIZE_TO_POINTER(c));
        if (c > *count) {
            *count = c;
            best = rgb;
        }
    }
    return best;
}

static void test_play_draws_tree_sprites(void)
{
    g_autofree char *tree = NULL;
    g_autofree char *level_path = unpack_with_sprites(&tree);
    GtkWindow *ew = editor_application_open_path(level_path);
    g_assert_nonnull(ew);
    gtk_window_present(ew);
    ui_fixture_spin(300);
    EditorDocument *doc = editor_window_get_document(EDITOR_WINDOW(ew));
    const lw_level *level = editor_document_get_level(doc);
    const lw_object *b = buzzer(level);

    /* the window titles name the INI level and the tree, not the cache file */
    g_assert_cmpstr(gtk_window_get_title(ew), ==, "Test Zone Act 1 — tree — Loopwright");

    /* the Buzzer's sprite, as the tree gives it */
    g_autoptr(GError) error = NULL;
    EditorDisasmSprites *sprites = editor_disasm_sprites_new(tree, "Test Zone Act 1", &error);
    g_assert_no_error(error);
    const EditorDisasmSprite *sp = editor_disasm_sprites_get(sprites, b);
    g_assert_nonnull(sp);
    size_t in_sprite;
    guint32 rgb = main_colour(sp, &in_sprite);

    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(ew), "win.play", NULL));
    PlayWindow *pw = NULL;
    for (int i = 0; i < 200 && !(pw = play_window_find(GTK_APPLICATION(app), doc)); i++)
        ui_fixture_spin(10);
    g_assert_nonnull(pw);
    ui_fixture_spin(200);
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(pw)), ==, "Test-Play — Test Zone Act 1 — tree");
    /* the player starts by the Buzzer, the camera on them */
    const int32_t start[2] = {b->x + 40, b->y};
    g_assert_true(play_window_restart_at(pw, start, &error));
    g_assert_no_error(error);
    ui_fixture_spin(100);
    g_autofree char *shot = g_build_filename(tmp, "play-tree.png", NULL);
    g_assert_true(play_window_write_screenshot(pw, shot, FALSE, &error));
    g_assert_no_error(error);
    size_t on_screen = count_rgb(shot, rgb);
    g_test_message("colour %06X: %zu px in the sprite, %zu on the screen", rgb, in_sprite,
                   on_screen);
    /* drawn at a zoom of 1 or more: every pixel of that colour at least once */
    g_assert_cmpuint(on_screen, >=, in_sprite);

    /* an edit: "*" in front of the level's name, in both windows; undone: gone again */
    editor_document_push(doc, editor_cmd_move_object_new(doc, b->id, b->x + 16, b->y, 0));
    ui_fixture_spin(50);
    g_assert_cmpstr(gtk_window_get_title(ew), ==, "*Test Zone Act 1 — tree — Loopwright");
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(pw)), ==,
                    "Test-Play — *Test Zone Act 1 — tree");
    editor_document_undo(doc);
    ui_fixture_spin(50);
    g_assert_cmpstr(gtk_window_get_title(ew), ==, "Test Zone Act 1 — tree — Loopwright");
    editor_disasm_sprites_free(sprites);
    gtk_window_destroy(GTK_WINDOW(pw));
    editor_window_close_now(EDITOR_WINDOW(ew));
    ui_fixture_spin(50);
}

static void on_finished(PlayWindow *pw, int status, int *out)
{
    *out = status;
}

/* A scripted run past the goal sign ends there (before, `loopwright play --frames N` waited
 * for a frame the stopped clock never reached): the session is finished, the clock stands at
 * the goal's frame, the status and the view say "Finished" with the time and the rings. */
static void test_goal_finishes_run(void)
{
    g_autofree char *park =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "object-park.json", NULL);
    GtkWindow *ew = editor_application_open_path(park);
    g_assert_nonnull(ew);
    gtk_window_present(ew);
    ui_fixture_spin(300);
    EditorDocument *doc = editor_window_get_document(EDITOR_WINDOW(ew));
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(ew), "win.play", NULL));
    PlayWindow *pw = NULL;
    for (int i = 0; i < 200 && !(pw = play_window_find(GTK_APPLICATION(app), doc)); i++)
        ui_fixture_spin(10);
    g_assert_nonnull(pw);
    ui_fixture_spin(200);
    g_autoptr(GError) error = NULL;
    const int32_t start[2] = {5600, 812}; /* 100 px before the goal sign */
    g_assert_true(play_window_restart_at(pw, start, &error));
    static const char script[] = "90 R\n";
    g_autofree char *shot = g_build_filename(tmp, "goal.png", NULL);
    PlayAutomation a = {
        .input = script, .input_len = sizeof script - 1, .frames = 600, .screenshot = shot};
    int status = -1;
    gulong id = g_signal_connect(pw, "automation-finished", G_CALLBACK(on_finished), &status);
    g_assert_true(play_window_start_automation(pw, &a, &error));
    g_assert_no_error(error);
    for (int i = 0; i < 2000 && status < 0; i++)
        ui_fixture_spin(10);
    g_signal_handler_disconnect(pw, id);
    g_assert_cmpint(status, ==, 0);
    PlaySession *session = play_window_get_session(pw);
    g_assert_true(play_session_is_finished(session));
    guint32 frame = play_session_get_frame(session);
    g_assert_cmpuint(frame, <, 90);
    ui_fixture_spin(300); /* more ticks: the clock stands still */
    g_assert_cmpuint(play_session_get_frame(session), ==, frame);
    g_assert_true(g_file_test(shot, G_FILE_TEST_EXISTS));
    char want[128], time[16];
    g_snprintf(want, sizeof want, "Finished · time %s · 0 rings — R restarts",
               play_render_time_text(frame, time, sizeof time));
    char got[128];
    g_assert_cmpstr(play_render_finish_text(play_session_get_sim(session), got, sizeof got), ==,
                    want);
    g_test_message("finished at frame %u: %s", frame, got);
    gtk_window_destroy(GTK_WINDOW(pw));
    editor_window_close_now(EDITOR_WINDOW(ew));
    ui_fixture_spin(50);
}

int main(int argc, char **argv)
{
    int status = ui_fixture_start(&argc, &argv, "lw-ui-play-disasm", &tmp, &app);
    if (status >= 0)
        return status;
    g_test_add_func("/ui/play/tree-sprites-and-titles", test_play_draws_tree_sprites);
    g_test_add_func("/ui/play/goal-finishes-run", test_goal_finishes_run);
    return ui_fixture_finish(app, tmp, g_test_run());
}
