/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-app"

#include "editor-app.h"

#include "editor-application.h"
#include "editor-disasm-open.h"
#include "play-command.h"

/* File > Open Disassembly (editor-disasm-open.c opens levels through the application, so the
 * action is added here, not by the application itself: no include cycle). */
static void action_open_disasm(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_disasm_open(gtk_application_get_active_window(GTK_APPLICATION(user)));
}

int editor_app_run(int argc, char **argv)
{
    editor_application_set_process_start(g_get_monotonic_time());
    if (argc >= 2 && g_str_equal(argv[1], "play"))
        return play_command_run(argc - 1, argv + 1);
    /* "edit" is the default command: drop it so GApplication sees only options and files. */
    if (argc >= 2 && g_str_equal(argv[1], "edit")) {
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    g_autoptr(EditorApplication) app = editor_application_new();
    static const GActionEntry entries[] = {{.name = "open-disasm", .activate = action_open_disasm}};
    g_action_map_add_action_entries(G_ACTION_MAP(app), entries, G_N_ELEMENTS(entries), app);
    return g_application_run(G_APPLICATION(app), argc, argv);
}
