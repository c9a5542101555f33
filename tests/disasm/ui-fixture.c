/* SPDX-License-Identifier: MIT */
/* Tests: the disassembly ui tests' shared set-up (ui-fixture.h). */
#include "ui-fixture.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ui_fixture_start(int *argc, char ***argv, const char *prefix, char **tmp,
                     EditorApplication **app)
{
    char *templ = g_strdup_printf("%s-XXXXXX", prefix);
    *tmp = g_dir_make_tmp(templ, NULL);
    g_free(templ);
    g_assert_nonnull(*tmp);
    static const char *const vars[] = {"HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
                                       "XDG_CACHE_HOME"};
    for (guint i = 0; i < G_N_ELEMENTS(vars); i++) {
        g_autofree char *d = g_build_filename(*tmp, "home", i ? vars[i] : NULL, NULL);
        g_mkdir_with_parents(d, 0700);
        g_setenv(vars[i], d, TRUE);
    }
    g_test_init(argc, argv, NULL);
    gtk_disable_setlocale();
    if (!gtk_init_check()) {
        printf("1..0 # SKIP no display (run under xvfb-run)\n");
        return 77;
    }
    *app = editor_application_new();
    g_application_hold(G_APPLICATION(*app));
    g_assert_true(g_application_register(G_APPLICATION(*app), NULL, NULL));
    return -1;
}

int ui_fixture_finish(EditorApplication *app, char *tmp, int status)
{
    g_application_release(G_APPLICATION(app));
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        status = 1;
    g_free(cmd);
    g_free(tmp);
    return status;
}

void ui_fixture_spin(guint ms)
{
    gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
    while (g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
}

EditorWindow *ui_fixture_window_for(EditorApplication *app, const char *path)
{
    for (GList *l = gtk_application_get_windows(GTK_APPLICATION(app)); l; l = l->next)
        if (EDITOR_IS_WINDOW(l->data)) {
            const char *p = editor_document_get_path(editor_window_get_document(l->data));
            if (p && strcmp(p, path) == 0)
                return l->data;
        }
    return NULL;
}
