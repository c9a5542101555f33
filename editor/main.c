/* SPDX-License-Identifier: MIT */
/*
 * `loopwright`: the headless subcommands run here, in an executable that links no GTK (so they
 * start in a millisecond or two and run with no display). The GUI — no command, `edit`, `play`
 * or a file name — is its own executable, `loopwright-gui`, which this one replaces itself with
 * (execv, same arguments): first the one beside this executable (a build tree, or both
 * installed in one folder), then the installed one in libexecdir.
 */
#include "cli/cli.h"
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <loopwright/base.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool looks_like_file(const char *arg)
{
    struct stat st;
    return stat(arg, &st) == 0 || strchr(arg, '.') || strchr(arg, '/');
}

#if LW_HAVE_GUI
/* The folder of this executable, from /proc/self/exe; false when it cannot be read. */
static bool self_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return false;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return false;
    *slash = '\0';
    return true;
}

static int run_gui(char **argv)
{
    char path[PATH_MAX];
    char dir[PATH_MAX];
    if (self_dir(dir, sizeof dir) &&
        snprintf(path, sizeof path, "%s/%s", dir, LW_GUI_NAME) < (int)sizeof path &&
        access(path, X_OK) == 0)
        execv(path, argv);
    execv(LW_GUI_INSTALLED, argv);
    fprintf(stderr, "loopwright: cannot start the editor (%s): %s\n", LW_GUI_INSTALLED,
            strerror(errno));
    return CLI_EXIT_DATA;
}
#endif

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
    return run_gui(argv);
#else
    fprintf(stderr, "loopwright: this build has no GUI (configured with -Dgui=disabled); "
                    "headless commands: see 'loopwright --help'\n");
    return CLI_EXIT_USAGE;
#endif
}
