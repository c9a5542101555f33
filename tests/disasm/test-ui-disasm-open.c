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
#include "tree-fixture.h"
#include "ui-fixture.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

static EditorApplication *app;
static char *tmp;

static void expect(cli_result *r, int code, const char *in_out)
{
    if (r->code != code || (in_out && !strstr(r->out, in_out)))
        g_error("exit %d (want %d)\n%s\n%s", r->code, code, r->out, r->err);
    cli_run_free(r);
}

static void test_open_disassembly(void)
{
    char *tree = tree_fixture_make(tmp, FALSE);
    GtkWindow *chooser = editor_disasm_open_tree(NULL, tree);
    g_assert_nonnull(chooser);
    ui_fixture_spin(100);
    g_assert_false(editor_disasm_open_choose(chooser, 5));
    g_assert_true(editor_disasm_open_choose(chooser, 0));
    ui_fixture_spin(200);
    char *path = editor_disasm_cache_path(tree, "Test Zone Act 1");
    g_assert_true(g_str_has_prefix(path, g_get_user_cache_dir()));
    EditorWindow *win = ui_fixture_window_for(app, path);
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
    ui_fixture_spin(200);
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"source\": {"));
    g_free(text);
    cli_result r = cli_run((const char *[]){"pack", path, "--into", tree, NULL});
    expect(&r, 0, "no file changed");
    editor_window_close_now(win);
    ui_fixture_spin(50);
    /* a folder without a SonLVL INI */
    g_assert_null(editor_disasm_open_tree(NULL, tmp));
    ui_fixture_spin(50);
    g_free(path);
    g_free(tree);
}

int main(int argc, char **argv)
{
    int status = ui_fixture_start(&argc, &argv, "lw-ui-disasm", &tmp, &app);
    if (status >= 0)
        return status;
    g_test_add_func("/ui/disasm/open-disassembly", test_open_disassembly);
    return ui_fixture_finish(app, tmp, g_test_run());
}
