/* SPDX-License-Identifier: MIT */
/*
 * Game objects in the real editor, through its actions and the document model: the object
 * palette adds every type (one undo step each, snapped to the ground), a drag moves one, Snap to
 * Ground rests one on the surface, the properties panel's per-type rows change a property
 * (undoable), the Issues check flags a spring placed inside the ground, and the view draws the
 * objects from the sprite sheet. Without a display it exits 77 (meson SKIP).
 */
#include "doc/editor-commands.h"
#include "doc/level-check.h"
#include "doc/object-schema.h"
#include "editor-application.h"
#include "editor-window.h"
#include "play-window.h"
#include "ui-app.h"
#include "ui-snapshot.h"
#include "ui-support.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <loopwright/objects.h>
#include <string.h>

static EditorApplication *app;
static char *tmpdir;
static char *level_path;

static void act(EditorWindow *win, const char *detailed)
{
    ui_act(GTK_WIDGET(win), detailed);
}

static guint stack_index(EditorDocument *doc)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
}

static const lw_object *last_object(const lw_level *l)
{
    return l->object_count ? &l->objects[l->object_count - 1] : NULL;
}

static EditorWindow *open_level(void)
{
    GtkWindow *w = editor_application_open_path(level_path);
    g_assert_nonnull(w);
    gtk_window_present(w);
    ui_spin(300);
    return EDITOR_WINDOW(w);
}

/* Every palette entry adds its object at the middle of the view, as one undo step; game objects
 * land on the ground there (their box rests on the surface); undo takes each back. */
static void test_palette_adds_every_type(void)
{
    EditorWindow *win = open_level();
    EditorDocument *doc = editor_window_get_document(win);
    const lw_level *l = editor_document_get_level(doc);
    act(win, "win.view((900.0, 500.0, 1.0))");
    guint n;
    const EditorObjectPreset *presets = editor_object_presets(&n);
    guint before_objects = l->object_count, before = stack_index(doc);
    gboolean types[LW_OBJ_TYPE_COUNT] = {FALSE};
    for (guint i = 0; i < n; i++) {
        g_autofree char *a = g_strdup_printf("objects.add('%s')", presets[i].id);
        act(win, a);
        g_assert_cmpuint(l->object_count, ==, before_objects + i + 1);
        g_assert_cmpuint(stack_index(doc), ==, before + i + 1);
        const lw_object *o = last_object(l);
        g_assert_cmpint(o->type, ==, presets[i].type);
        g_assert_cmpuint(editor_window_get_tools(win)->selected_object, ==, o->id);
        int t = o->type == LW_OBJECT_MARKER ? lw_obj_type_from_name(o->name) : -1;
        if (t < 0)
            continue;
        types[t] = TRUE;
        /* on the ground: snapping again changes nothing */
        int32_t y;
        g_assert_true(editor_object_snap_to_ground(l, o, LW_PATH_A, &y));
        g_assert_cmpint(y, ==, o->y);
    }
    for (int t = 0; t < LW_OBJ_TYPE_COUNT; t++)
        g_assert_true(types[t]);
    /* a red spring really is red */
    const EditorObjectPreset *red = editor_object_preset_find("spring-red");
    g_assert_nonnull(red);
    for (guint i = 0; i < n; i++)
        act(win, "doc.undo");
    g_assert_cmpuint(l->object_count, ==, before_objects);
    g_assert_cmpuint(stack_index(doc), ==, before);
    editor_window_close_now(win);
    ui_spin(50);
}

/* Placed at a point, dragged (one step), snapped, edited in the panel, and checked. */
static void test_place_drag_snap_edit(void)
{
    EditorWindow *win = open_level();
    EditorDocument *doc = editor_window_get_document(win);
    const lw_level *l = editor_document_get_level(doc);
    /* up in the air over the start */
    act(win, "objects.add-at(('spring-red', 700, 300))");
    const lw_object *o = last_object(l);
    guint32 id = o->id;
    g_assert_cmpstr(o->name, ==, "spring");
    g_assert_cmpint(o->x, ==, 700);
    g_assert_cmpint(o->y, ==, 300);

    /* drag it 64 px right with the object tool: one undo step */
    act(win, "win.view((0.0, 0.0, 1.0))");
    act(win, "win.tool('object')");
    guint before = stack_index(doc);
    act(win, "win.pointer((700, 300, uint32 1, 1))");
    act(win, "win.pointer((730, 300, uint32 1, 2))");
    act(win, "win.pointer((764, 300, uint32 1, 3))");
    o = lw_level_find_object(l, id);
    g_assert_cmpint(o->x, ==, 764);
    g_assert_cmpuint(stack_index(doc), ==, before + 1);

    /* snap to ground: the box's bottom row is the last empty one */
    act(win, "win.snap-to-ground");
    o = lw_level_find_object(l, id);
    g_assert_false(editor_level_solid_at(l, o->x, o->y + 7, LW_PATH_A));
    g_assert_true(editor_level_solid_at(l, o->x, o->y + 8, LW_PATH_A));

    /* the properties panel shows the spring's rows; turning it right is one undo step */
    GtkWidget *dir = NULL, *strength = NULL;
    UI_WAIT_FOR((dir = ui_find_named(GTK_WIDGET(win), "prop-direction")) != NULL, 5000);
    strength = ui_find_named(GTK_WIDGET(win), "prop-strength");
    g_assert_nonnull(dir);
    g_assert_nonnull(strength);
    g_assert_cmpuint(gtk_drop_down_get_selected(GTK_DROP_DOWN(strength)), ==, 1); /* red */
    before = stack_index(doc);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(dir), 3); /* right */
    ui_spin(50);
    o = lw_level_find_object(l, id);
    lw_sim_object so;
    g_assert_true(lw_sim_object_from_marker(o, &so, NULL));
    g_assert_cmpint(so.dir, ==, LW_DIR8_RIGHT);
    g_assert_cmpuint(stack_index(doc), ==, before + 1);
    act(win, "doc.undo");
    o = lw_level_find_object(l, id);
    g_assert_true(lw_sim_object_from_marker(o, &so, NULL));
    g_assert_cmpint(so.dir, ==, LW_DIR8_UP);

    /* a platform's width through its spin button */
    act(win, "objects.add-at(('platform-horizontal', 1200, 500))");
    guint32 pid = last_object(l)->id;
    GtkWidget *width = NULL;
    UI_WAIT_FOR((width = ui_find_named(GTK_WIDGET(win), "prop-width")) != NULL, 5000);
    g_assert_nonnull(width);
    gtk_spin_button_set_value(GTK_SPIN_BUTTON(width), 96);
    ui_spin(50);
    g_assert_true(lw_sim_object_from_marker(lw_level_find_object(l, pid), &so, NULL));
    g_assert_cmpint(so.half_w, ==, 48);

    editor_window_close_now(win);
    ui_spin(50);
}

static void count_codes(const editor_problem *p, void *user)
{
    if (g_str_equal(p->code, "object-in-terrain"))
        (*(int *)user)++;
}

/* The Issues panel lists a spring placed inside the ground (editor_level_check). */
static void test_issue_for_spring_in_wall(void)
{
    EditorWindow *win = open_level();
    EditorDocument *doc = editor_window_get_document(win);
    const lw_level *l = editor_document_get_level(doc);
    int found = 0;
    editor_level_check(l, level_path, count_codes, &found);
    g_assert_cmpint(found, ==, 0);
    act(win, "objects.add-at(('spring', 700, 1000))"); /* deep in the ground */
    editor_level_check(l, level_path, count_codes, &found);
    g_assert_cmpint(found, ==, 1);
    act(win, "win.check");
    ui_spin(200);
    g_assert_cmpuint(editor_window_get_issue_count(win), >=, 1);
    editor_window_close_now(win);
    ui_spin(50);
}

static size_t count_rgb(const guchar *px, gsize stride, int w, int h, uint32_t rgb)
{
    size_t n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const guchar *p = px + (gsize)y * stride + (gsize)x * 4; /* BGRA */
            n += p[2] == (rgb >> 16 & 255) && p[1] == (rgb >> 8 & 255) && p[0] == (rgb & 255);
        }
    return n;
}

/* The view draws game objects from the sprite sheet: the red spring's red and the monitor's
 * grey are on screen once they are placed. */
static void test_view_draws_sprites(void)
{
    EditorWindow *win = open_level();
    act(win, "win.view((500.0, 600.0, 2.0))");
    ui_spin(200);
    size_t counts[2][2];
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            act(win, "objects.add-at(('spring-red', 560, 620))");
            act(win, "objects.add-at(('monitor-shield', 620, 700))");
            act(win, "win.select-object(uint32 0)");
            ui_spin(300);
        }
        GdkTexture *tex = ui_snapshot_texture(GTK_WIDGET(win));
        if (pass == 1) {
            g_autofree char *png =
                g_build_filename(g_getenv("G_TEST_BUILDDIR"), "ui-objects.png", NULL);
            g_assert_true(gdk_texture_save_to_png(tex, png));
            g_test_message("%s", png);
        }
        int tw = gdk_texture_get_width(tex), th = gdk_texture_get_height(tex);
        gsize stride = (gsize)tw * 4;
        guchar *px = g_malloc(stride * (gsize)th);
        gdk_texture_download(tex, px, stride);
        counts[pass][0] = count_rgb(px, stride, tw, th, 0xD82828); /* spring red */
        counts[pass][1] = count_rgb(px, stride, tw, th, 0xB8B8C4); /* monitor grey */
        g_free(px);
        g_object_unref(tex);
    }
    g_test_message("red %zu -> %zu, grey %zu -> %zu", counts[0][0], counts[1][0], counts[0][1],
                   counts[1][1]);
    g_assert_cmpuint(counts[1][0], >, counts[0][0] + 100);
    g_assert_cmpuint(counts[1][1], >, counts[0][1] + 100);
    editor_window_close_now(win);
    ui_spin(50);
}

/* ---- object-park through the frame clock = `sim` ---- */

static void on_finished(PlayWindow *pw, int status, int *out)
{
    *out = status;
}

static char *copy_object_park(void)
{
    char *src = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", NULL);
    static const char *const files[] = {"object-park.json", "object-park-tiles.png"};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        char *from = g_build_filename(src, files[i], NULL);
        char *to = g_build_filename(tmpdir, files[i], NULL);
        ui_copy_file(from, to);
        g_free(from);
        g_free(to);
    }
    g_free(src);
    return g_build_filename(tmpdir, "object-park.json", NULL);
}

/* Column @name's index in the trace header @header, or -1. */
static int column(char **header, const char *name)
{
    for (int i = 0; header[i]; i++)
        if (g_str_equal(header[i], name))
            return i;
    return -1;
}

/* Object Park's golden run (tests/data/replays/object-park.txt: springs, rings, the bridge, the
 * moving platform, the enemy's hit) played in the test-play window through the frame clock writes
 * the same trace as `loopwright sim`, and that trace shows the objects at work. */
static void test_object_park_matches_sim(void)
{
    g_autofree char *park = copy_object_park();
    GtkWindow *ew = editor_application_open_path(park);
    g_assert_nonnull(ew);
    gtk_window_present(ew);
    ui_spin(300);
    EditorDocument *doc = editor_window_get_document(EDITOR_WINDOW(ew));
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(ew), "win.play", NULL));
    PlayWindow *pw = NULL;
    UI_WAIT_FOR((pw = play_window_find(GTK_APPLICATION(app), doc)) != NULL, 2000);
    g_assert_nonnull(pw);
    UI_WAIT_FOR(gtk_widget_get_mapped(GTK_WIDGET(pw)), 2000);
    ui_spin(200);

    g_autofree char *script_path = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "tests", "data",
                                                    "replays", "object-park.txt", NULL);
    g_autofree char *script = NULL;
    gsize len;
    g_assert_true(g_file_get_contents(script_path, &script, &len, NULL));
    const guint frames = 1300; /* past the platform ride (700), the diagonal spring and the hit */
    g_autofree char *trace = g_build_filename(tmpdir, "park-play.csv", NULL);
    g_autofree char *shot =
        g_build_filename(g_getenv("G_TEST_BUILDDIR"), "ui-objects-play.png", NULL);
    PlayAutomation a = {
        .input = script, .input_len = len, .frames = frames, .trace = trace, .screenshot = shot};
    int status = -1;
    gulong id = g_signal_connect(pw, "automation-finished", G_CALLBACK(on_finished), &status);
    g_autoptr(GError) error = NULL;
    g_assert_true(play_window_start_automation(pw, &a, &error));
    UI_WAIT_FOR(status >= 0, 120000);
    g_signal_handler_disconnect(pw, id);
    g_assert_cmpint(status, ==, 0);

    g_autofree char *theirs_path = g_build_filename(tmpdir, "park-sim.csv", NULL);
    g_autofree char *n = g_strdup_printf("%u", frames);
    const char *argv[] = {g_getenv("LW_LOOPWRIGHT"),
                          "sim",
                          park,
                          "--input",
                          script_path,
                          "--frames",
                          n,
                          "--trace",
                          theirs_path,
                          NULL};
    int st;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &st, NULL));
    g_assert_true(g_spawn_check_wait_status(st, NULL));
    g_autofree char *mine = NULL, *theirs = NULL;
    g_assert_true(g_file_get_contents(trace, &mine, NULL, NULL));
    g_assert_true(g_file_get_contents(theirs_path, &theirs, NULL, NULL));
    g_assert_cmpstr(mine, ==, theirs);

    /* the objects at work in that trace: a spring launch, rings collected, the moving platform
     * (object 11) stood on, a hit */
    g_auto(GStrv) lines = g_strsplit(mine, "\n", -1);
    guint start = 0;
    while (lines[start] && lines[start][0] == '#')
        start++;
    g_assert_nonnull(lines[start]);
    g_auto(GStrv) header = g_strsplit(lines[start], ",", -1);
    int c_rings = column(header, "rings"), c_spring = column(header, "spring"),
        c_on = column(header, "on"), c_hurt = column(header, "hurt");
    g_assert_cmpint(c_rings, >=, 0);
    g_assert_cmpint(c_spring, >=, 0);
    guint rows = 0, springs = 0, on_platform = 0, hurt = 0, max_rings = 0;
    for (guint i = start + 1; lines[i]; i++) {
        if (!lines[i][0])
            continue;
        g_auto(GStrv) f = g_strsplit(lines[i], ",", -1);
        rows++;
        springs += g_str_equal(f[c_spring], "1");
        on_platform += g_str_equal(f[c_on], "11");
        hurt += g_str_equal(f[c_hurt], "1");
        max_rings = MAX(max_rings, (guint)g_ascii_strtoull(f[c_rings], NULL, 10));
    }
    g_test_message("%u rows: %u spring launches, %u frames on the platform, %u hurt, %u rings",
                   rows, springs, on_platform, hurt, max_rings);
    g_assert_cmpuint(rows, ==, frames);
    g_assert_cmpuint(springs, >=, 2);
    g_assert_cmpuint(on_platform, >, 30);
    g_assert_cmpuint(hurt, >, 0);
    g_assert_cmpuint(max_rings, >=, 5);
    gtk_window_destroy(GTK_WINDOW(pw));
    editor_window_close_now(EDITOR_WINDOW(ew));
    ui_spin(50);
}

int main(int argc, char **argv)
{
    UiTest ui;
    if (!ui_test_init(&argc, &argv, "lw-ui-objects-XXXXXX", UI_TEST_DEFAULT, &ui))
        return UI_TEST_SKIP;
    app = ui.app;
    tmpdir = ui.tmpdir;
    level_path = ui.level_path;
    g_test_add_func("/ui/objects/palette-adds-every-type", test_palette_adds_every_type);
    g_test_add_func("/ui/objects/place-drag-snap-edit", test_place_drag_snap_edit);
    g_test_add_func("/ui/objects/issue-for-spring-in-wall", test_issue_for_spring_in_wall);
    g_test_add_func("/ui/objects/view-draws-sprites", test_view_draws_sprites);
    g_test_add_func("/ui/objects/object-park-matches-sim", test_object_park_matches_sim);
    return ui_test_run(&ui);
}
