/* SPDX-License-Identifier: MIT */
/*
 * `loopwright`: headless subcommands are dispatched here without ever touching GTK, so they run
 * with no display; everything else opens the GUI (when built with it).
 */
#include "cli/cli.h"
#include "config.h"

#include <loopwright/base.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#if LW_HAVE_GUI
#include "ui/editor-app.h"
#endif

static bool looks_like_file(const char *arg)
{
    struct stat st;
    return stat(arg, &st) == 0 || strchr(arg, '.') || strchr(arg, '/');
}

int main(int argc, char **argv)
{
    if (argc >= 2) {
        const char *cmd = argv[1];
        if (cli_is_help(cmd) || strcmp(cmd, "help") == 0) {
            cli_print_help(stdout);
            return CLI_EXIT_OK;
        }
        if (strcmp(cmd, "--version") == 0) {
            printf("loopwright %s\n", LW_VERSION_STRING);
            return CLI_EXIT_OK;
        }
        const cli_command *c = cli_find(cmd);
        if (c)
            return c->run(argc - 1, argv + 1);
        bool gui_cmd = strcmp(cmd, "edit") == 0 || strcmp(cmd, "play") == 0;
        if (!gui_cmd && cmd[0] != '-' && !looks_like_file(cmd)) {
            fprintf(stderr, "loopwright: unknown command '%s'\nTry 'loopwright --help'.\n", cmd);
            return CLI_EXIT_USAGE;
        }
    }
#if LW_HAVE_GUI
    return editor_app_run(argc, argv);
#else
    fprintf(stderr, "loopwright: this build has no GUI (configured with -Dgui=disabled); "
                    "headless commands: see 'loopwright --help'\n");
    return CLI_EXIT_USAGE;
#endif
}
