/* SPDX-License-Identifier: MIT */
#include "ui-app.h"

#include "ui-support.h"

#include <stdio.h>

gboolean ui_test_init(int *argc, char ***argv, const char *tmp_template, UiTestFlags flags,
                      UiTest *out)
{
    *out = (UiTest){0};
    if (!(flags & UI_TEST_NO_ISOLATE)) {
        /* the system MIME database, so GTK can tell the SVG icons apart under ISOLATE_DIRS */
        g_content_type_set_mime_dirs(NULL);
        g_test_init(argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    } else {
        g_test_init(argc, argv, NULL);
    }
    gtk_disable_setlocale();
    if (!gtk_init_check()) {
        printf("1..0 # SKIP no display (run under xvfb-run)\n");
        return FALSE;
    }
    if (!(flags & UI_TEST_NO_SAMPLE))
        out->level_path = ui_copy_sample_level(tmp_template, &out->tmpdir);
    if (!(flags & UI_TEST_NO_APP)) {
        out->app = editor_application_new();
        g_application_hold(G_APPLICATION(out->app));
        if (!(flags & UI_TEST_NO_REGISTER))
            g_assert_true(g_application_register(G_APPLICATION(out->app), NULL, NULL));
    }
    return TRUE;
}

void ui_test_finish(UiTest *t)
{
    if (t->app)
        g_application_release(G_APPLICATION(t->app));
}

int ui_test_run(UiTest *t)
{
    int status = g_test_run();
    ui_test_finish(t);
    return status;
}

GtkWidget *ui_find_named(GtkWidget *w, const char *name)
{
    if (g_strcmp0(gtk_widget_get_name(w), name) == 0)
        return w;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = ui_find_named(c, name);
        if (found)
            return found;
    }
    return NULL;
}

void ui_act(GtkWidget *w, const char *detailed)
{
    g_autofree char *name = NULL;
    g_autoptr(GVariant) target = NULL;
    g_assert_true(g_action_parse_detailed_name(detailed, &name, &target, NULL));
    g_assert_true(gtk_widget_activate_action_variant(w, name, target));
    ui_spin(10);
}
