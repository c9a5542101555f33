/* SPDX-License-Identifier: MIT */
/*
 * File ▸ Open Disassembly… (editor/ui/editor-disasm-open.c) on a synthetic tree written by
 * `pack --format s2` with a hand-written SonLVL.ini: the chooser lists the INI's levels, choosing
 * one opens an editor window on a level JSON in the cache folder with its `source` section; Save
 * keeps the section, and `pack --into` then writes nothing; a folder without an INI is refused.
 */
#include "cli-run.h"
#include "editor-application.h"
#include "editor-disasm-open.h"
#include "editor-window.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

static EditorApplication *app;
static char *tmp;

static void spin(guint ms)
{
    gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
    while (g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
}

static void expect(cli_result *r, int code, const char *in_out)
{
    if (r->code != code || (in_out && !strstr(r->out, in_out)))
        g_error("exit %d (want %d)\n%s\n%s", r->code, code, r->out, r->err);
    cli_run_free(r);
}

static char *make_tree(void)
{
    char *tree = g_build_filename(tmp, "tree", NULL);
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    cli_result r = cli_run(
        (const char *[]){"pack", sample, "--format", "s2", "-o", tree, "--zone", "TST", NULL});
    expect(&r, 0, NULL);
    char *dir = g_build_filename(tree, "SonLVL INI Files", NULL);
    g_mkdir_with_parents(dir, 0755);
    char *ini = g_build_filename(dir, "SonLVL.ini", NULL);
    g_assert_true(
        g_file_set_contents(ini,
                            "version=S2\n"
                            "colarr1=../collision/Collision array - Vertical.bin\n"
                            "colarr2=../collision/Collision array - Horizontal.bin\n"
                            "angles=../collision/Curve and resistance mapping.bin\n"
                            "[Test Zone Act 1]\n"
                            "tiles=../art/kosinski/TST.kos\n"
                            "blocks=../mappings/16x16/TST.kos\n"
                            "chunks=../mappings/128x128/TST.kos\n"
                            "layout=../level/layout/TST_1.kos\n"
                            "palette=../art/palettes/TST.bin:0:16:48\n"
                            "startpos=../startpos/TST_1.bin:Sonic:Level Start\n"
                            "colind1=../collision/TST primary 16x16 collision index.kos\n"
                            "colind2=../collision/TST secondary 16x16 collision index.kos\n",
                            -1, NULL));
    g_free(ini);
    g_free(dir);
    g_free(sample);
    return tree;
}

static EditorWindow *editor_window_for(const char *path)
{
    for (GList *l = gtk_application_get_windows(GTK_APPLICATION(app)); l; l = l->next)
        if (EDITOR_IS_WINDOW(l->data)) {
            const char *p = editor_document_get_path(editor_window_get_document(l->data));
            if (p && strcmp(p, path) == 0)
                return l->data;
        }
    return NULL;
}

static void test_open_disassembly(void)
{
    char *tree = make_tree();
    GtkWindow *chooser = editor_disasm_open_tree(NULL, tree);
    g_assert_nonnull(chooser);
    spin(100);
    g_assert_false(editor_disasm_open_choose(chooser, 5));
    g_assert_true(editor_disasm_open_choose(chooser, 0));
    spin(200);
    char *path = editor_disasm_cache_path(tree, "Test Zone Act 1");
    g_assert_true(g_str_has_prefix(path, g_get_user_cache_dir()));
    EditorWindow *win = editor_window_for(path);
    g_assert_nonnull(win);
    const lw_level *level = editor_document_get_level(editor_window_get_document(win));
    g_assert_cmpstr(level->name, ==, "Test Zone Act 1");
    g_assert_cmpstr(level->profile, ==, "s2");
    gchar *text;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"level\": \"Test Zone Act 1\""));
    g_free(text);
    /* Save keeps the source section; the unchanged level then writes nothing into the tree */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(win), "win.save", NULL));
    spin(200);
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"source\": {"));
    g_free(text);
    cli_result r = cli_run((const char *[]){"pack", path, "--into", tree, NULL});
    expect(&r, 0, "no file changed");
    editor_window_close_now(win);
    spin(50);
    /* a folder without a SonLVL INI */
    g_assert_null(editor_disasm_open_tree(NULL, tmp));
    spin(50);
    g_free(path);
    g_free(tree);
}

int main(int argc, char **argv)
{
    tmp = g_dir_make_tmp("lw-ui-disasm-XXXXXX", NULL);
    g_assert_nonnull(tmp);
    static const char *const vars[] = {"HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
                                       "XDG_CACHE_HOME"};
    for (guint i = 0; i < G_N_ELEMENTS(vars); i++) {
        g_autofree char *d = g_build_filename(tmp, "home", i ? vars[i] : NULL, NULL);
        g_mkdir_with_parents(d, 0700);
        g_setenv(vars[i], d, TRUE);
    }
    g_test_init(&argc, &argv, NULL);
    gtk_disable_setlocale();
    if (!gtk_init_check()) {
        printf("1..0 # SKIP no display (run under xvfb-run)\n");
        return 77;
    }
    app = editor_application_new();
    g_application_hold(G_APPLICATION(app));
    g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));
    g_test_add_func("/ui/disasm/open-disassembly", test_open_disassembly);
    int status = g_test_run();
    g_application_release(G_APPLICATION(app));
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        status = 1;
    g_free(cmd);
    return status;
}
