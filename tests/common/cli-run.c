/* SPDX-License-Identifier: MIT */
#include "cli-run.h"

#include <glib.h>
#include <sys/wait.h>

cli_result cli_run(const char *const *args)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (char *)g_getenv("LW_LOOPWRIGHT"));
    for (const char *const *a = args; *a; a++)
        g_ptr_array_add(argv, (char *)*a);
    g_ptr_array_add(argv, NULL);
    char **envp = g_get_environ();
    envp = g_environ_unsetenv(envp, "DISPLAY");
    envp = g_environ_unsetenv(envp, "WAYLAND_DISPLAY");
    cli_result r = {0};
    int status;
    GError *error = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &status, &error));
    g_assert_no_error(error);
    g_assert_true(WIFEXITED(status));
    r.code = WEXITSTATUS(status);
    g_strfreev(envp);
    g_ptr_array_free(argv, TRUE);
    return r;
}

void cli_run_free(cli_result *r)
{
    g_free(r->out);
    g_free(r->err);
    r->out = r->err = NULL;
}
