/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-app"

#include "editor-app.h"

#include "editor-application.h"
#include "play-command.h"

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
    return g_application_run(G_APPLICATION(app), argc, argv);
}
