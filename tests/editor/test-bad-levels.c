/* SPDX-License-Identifier: MIT */
/* Runs `loopwright check` on every file of tests/data/bad/MANIFEST and compares the exit code,
 * the reported position and the message with the manifest. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

typedef struct bad_case {
    char *file;
    int exit_code;
    char *where; /* "L:C", "-" (no position) or "any" (some position) */
    char *expect;
} bad_case;

static GPtrArray *cases;
static char *bad_dir;

static void run_case(gconstpointer data)
{
    const bad_case *c = data;
    const char *exe = g_getenv("LW_LOOPWRIGHT");
    g_assert_nonnull(exe);
    char *argv[] = {(char *)exe, "check", c->file, NULL};
    char *out = NULL, *err = NULL;
    int status = 0;
    GError *error = NULL;
    g_assert_true(g_spawn_sync(bad_dir, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
    g_assert_no_error(error);
    g_test_message("stderr: %s", err);
    g_assert_true(g_spawn_check_wait_status(status, NULL) == (c->exit_code == 0));
    g_assert_true(WIFEXITED(status));
    g_assert_cmpint(WEXITSTATUS(status), ==, c->exit_code);
    /* exactly one error line names the file and, where one applies, the position */
    char *prefix;
    if (g_str_equal(c->where, "-"))
        prefix = g_strdup_printf("loopwright: %s: ", c->file);
    else if (g_str_equal(c->where, "any"))
        prefix = g_strdup_printf("loopwright: %s:", c->file);
    else
        prefix = g_strdup_printf("loopwright: %s:%s: ", c->file, c->where);
    g_assert_true(g_str_has_prefix(err, prefix));
    if (g_str_equal(c->where, "any")) {
        int line = 0, col = 0;
        g_assert_cmpint(sscanf(err + strlen(prefix), "%d:%d: ", &line, &col), ==, 2);
        g_assert_cmpint(line, >, 0);
        g_assert_cmpint(col, >, 0);
    }
    g_assert_nonnull(strstr(err, c->expect));
    g_free(prefix);
    g_free(out);
    g_free(err);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    bad_dir = g_test_build_filename(G_TEST_DIST, "data", "bad", NULL);
    char *manifest_path = g_build_filename(bad_dir, "MANIFEST", NULL);
    char *text = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(manifest_path, &text, NULL, &error))
        g_error("%s", error->message);
    cases = g_ptr_array_new();
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (!**l || **l == '#')
            continue;
        char **f = g_strsplit(*l, "\t", 4);
        g_assert_cmpint(g_strv_length(f), ==, 4);
        bad_case *c = g_new0(bad_case, 1);
        c->file = g_strdup(f[0]);
        c->exit_code = atoi(f[1]);
        c->where = g_strdup(f[2]);
        c->expect = g_strdup(f[3]);
        g_ptr_array_add(cases, c);
        char *path = g_strdup_printf("/editor/bad-levels/%s", c->file);
        g_test_add_data_func(path, c, run_case);
        g_free(path);
        g_strfreev(f);
    }
    g_strfreev(lines);
    /* the issue asks for a corpus of at least 30 bad files */
    g_assert_cmpuint(cases->len, >=, 30);
    int status = g_test_run();
    g_free(text);
    g_free(manifest_path);
    return status;
}
