/* SPDX-License-Identifier: MIT */
/* `loopwright sim` end to end: runs the program named by $LW_LOOPWRIGHT on
 * tests/data/levels/sim-flat.json (a floor whose top row is 192, player start (100, 172)) and
 * checks the trace, the final state, the hash (against the engine run in-process) and the exit
 * codes and messages for bad input. */
#include "level-json.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <loopwright/script.h>
#include <loopwright/sim.h>
#include <string.h>
#include <unistd.h>

typedef struct run_result {
    int status;
    char *out;
    char *err;
} run_result;

static void run_result_clear(run_result *r)
{
    g_free(r->out);
    g_free(r->err);
}

/* Run loopwright with @args (NULL-terminated after "sim"), feeding @stdin_text when non-NULL. */
static run_result run_sim(const char *stdin_text, ...)
{
    const char *exe = g_getenv("LW_LOOPWRIGHT");
    g_assert_nonnull(exe);
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)exe);
    g_ptr_array_add(argv, "sim");
    va_list ap;
    va_start(ap, stdin_text);
    const char *a;
    while ((a = va_arg(ap, const char *)))
        g_ptr_array_add(argv, (gpointer)a);
    va_end(ap);
    g_ptr_array_add(argv, NULL);
    GError *error = NULL;
    /* stdin from a file, not a pipe: many runs exit (usage, bad level) before reading it, and
     * the headless executable starts fast enough that writing to a pipe would then SIGPIPE */
    GSubprocessLauncher *launcher =
        g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
    char *stdin_path = NULL;
    if (stdin_text) {
        int fd = g_file_open_tmp("lw-sim-stdin-XXXXXX", &stdin_path, &error);
        g_assert_no_error(error);
        close(fd);
        g_assert_true(g_file_set_contents(stdin_path, stdin_text, -1, &error));
        g_subprocess_launcher_set_stdin_file_path(launcher, stdin_path);
    }
    GSubprocess *p =
        g_subprocess_launcher_spawnv(launcher, (const char *const *)argv->pdata, &error);
    g_assert_no_error(error);
    run_result r = {0};
    g_assert_true(g_subprocess_communicate_utf8(p, NULL, NULL, &r.out, &r.err, &error));
    g_assert_no_error(error);
    if (stdin_path)
        g_remove(stdin_path);
    g_free(stdin_path);
    g_object_unref(launcher);
    g_assert_true(g_subprocess_get_if_exited(p));
    r.status = g_subprocess_get_exit_status(p);
    g_object_unref(p);
    g_ptr_array_free(argv, TRUE);
    return r;
}

static char *level_path(void)
{
    return g_test_build_filename(G_TEST_DIST, "data", "levels", "sim-flat.json", NULL);
}

static char *write_temp(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    return path;
}

/* The final hash of the same run in-process. */
static uint64_t engine_hash(const char *level_file, const char *script_text, uint32_t frames)
{
    lw_level *level;
    lw_error err;
    g_assert_true(editor_level_load_file(level_file, 0, &level, &err));
    lw_script script;
    g_assert_true(lw_script_parse(script_text, strlen(script_text), &script, &err));
    lw_profile p;
    g_assert_true(lw_profile_init(&p, level->profile, level->character, &err));
    lw_sim sim;
    g_assert_true(lw_sim_init(&sim, level, &p, 100, 172, &err));
    lw_script_cursor c = {0};
    for (uint32_t f = 0; f < frames; f++)
        lw_sim_step(&sim, lw_script_next(&script, &c));
    uint64_t h = lw_sim_hash(&sim);
    lw_sim_clear(&sim);
    lw_script_clear(&script);
    lw_level_free(level);
    return h;
}

static void test_run_and_trace(void)
{
    char *dir = g_dir_make_tmp("lw-sim-XXXXXX", NULL);
    g_assert_nonnull(dir);
    const char *script = "# run, then a held jump\n60 R\n1 RJ\n30 RJ\n";
    char *script_path = write_temp(dir, "run.txt", script);
    char *trace_path = g_build_filename(dir, "trace.csv", NULL);
    char *level = level_path();
    run_result r = run_sim(NULL, level, "--input", script_path, "--trace", trace_path, NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_cmpstr(r.err, ==, "");
    g_assert_true(g_str_has_prefix(r.out, "frame 91\nx "));
    g_assert_nonnull(strstr(r.out, "\nmode floor\nair 1\nrolling 1\npath A\nstatus ok\n"));
    char expect[64];
    g_snprintf(expect, sizeof expect, "\nhash %016" G_GINT64_MODIFIER "x\n",
               (guint64)engine_hash(level, script, 91));
    g_assert_nonnull(strstr(r.out, expect));
    g_assert_true(g_str_has_suffix(r.out, expect));

    char *csv;
    g_assert_true(g_file_get_contents(trace_path, &csv, NULL, NULL));
    char **lines = g_strsplit(csv, "\n", -1);
    g_assert_cmpuint(g_strv_length(lines), ==, 93); /* header, 91 rows, "" after the last \n */
    g_assert_cmpstr(lines[0], ==, "frame,x,y,xsp,ysp,gsp,angle,mode,air,rolling,path");
    g_assert_cmpstr(lines[1], ==, "1,100.046875,172,0.046875,0,0.046875,0,floor,0,0,A");
    g_assert_cmpstr(lines[10], ==, "10,102.578125,172,0.46875,0,0.46875,0,floor,0,0,A");
    /* frame 61: the jump frame: ball radii (Y + 5), Ysp -6.5, no movement */
    g_assert_true(g_str_has_prefix(lines[61], "61,"));
    g_assert_nonnull(strstr(lines[61], ",177,"));
    g_assert_nonnull(strstr(lines[61], ",-6.5,"));
    g_assert_true(g_str_has_suffix(lines[61], ",0,floor,1,1,A"));
    g_strfreev(lines);
    g_free(csv);
    /* no temporary file left behind */
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;
    int files = 0;
    while ((name = g_dir_read_name(d)))
        files++;
    g_dir_close(d);
    g_assert_cmpint(files, ==, 2);
    run_result_clear(&r);

    /* --frames past the script: the rest holds nothing; stdin input */
    r = run_sim("60 R\n", level, "--input", "-", "--frames", "100", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_true(g_str_has_prefix(r.out, "frame 100\n"));
    g_snprintf(expect, sizeof expect, "\nhash %016" G_GINT64_MODIFIER "x\n",
               (guint64)engine_hash(level, "60 R\n", 100));
    g_assert_nonnull(strstr(r.out, expect));
    run_result_clear(&r);

    /* --frames shorter than the script */
    r = run_sim(NULL, level, "--input", script_path, "--frames=10", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_true(g_str_has_prefix(r.out, "frame 10\nx 102.578125\ny 172\nxsp 0.46875\n"));
    run_result_clear(&r);

    /* --start overrides the player start; --profile and --character are accepted */
    r = run_sim("1 -\n", level, "--input", "-", "--start", "300,150", "--profile", "s3k",
                "--character", "tails", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_true(g_str_has_prefix(r.out, "frame 1\nx 300\ny 176\n")); /* Tails: 192 - 15 - 1 */
    run_result_clear(&r);

    g_remove(trace_path);
    g_remove(script_path);
    g_rmdir(dir);
    g_free(level);
    g_free(trace_path);
    g_free(script_path);
    g_free(dir);
}

/* The last line of @out that starts with "hash ". */
static char *hash_line(const char *out)
{
    const char *h = strstr(out, "\nhash ");
    g_assert_nonnull(h);
    return g_strdup(h + 1);
}

/* --drop-dash (docs/OBJECTS.md §19.2) and the level override of the same switch: jump, let go,
 * hold jump again; landing on frame 39, the drop dash's release on frame 40 rolls at
 * 0x800 - 6 (rolling friction) = 7.9765625 px/frame. Without it the player lands standing. */
static void test_drop_dash(void)
{
    char *dir = g_dir_make_tmp("lw-sim-XXXXXX", NULL);
    const char *script = "1 J\n1 -\n40 J\n";
    char *script_path = write_temp(dir, "dd.txt", script);
    char *trace_path = g_build_filename(dir, "trace.csv", NULL);
    char *level = level_path();
    run_result off = run_sim(NULL, level, "--input", script_path, "--trace", trace_path, NULL);
    g_assert_cmpint(off.status, ==, 0);
    char *csv;
    g_assert_true(g_file_get_contents(trace_path, &csv, NULL, NULL));
    char **lines = g_strsplit(csv, "\n", -1);
    g_assert_true(g_str_has_suffix(lines[39], ",0,floor,0,0,A"));
    g_assert_true(g_str_has_suffix(lines[40], ",0,0,0,0,floor,0,0,A")); /* standing still */
    g_strfreev(lines);
    g_free(csv);

    run_result on =
        run_sim(NULL, level, "--input", script_path, "--drop-dash", "--trace", trace_path, NULL);
    g_assert_cmpint(on.status, ==, 0);
    g_assert_true(g_file_get_contents(trace_path, &csv, NULL, NULL));
    lines = g_strsplit(csv, "\n", -1);
    g_assert_cmpstr(lines[0], ==, "frame,x,y,xsp,ysp,gsp,angle,mode,air,rolling,path");
    g_assert_true(g_str_has_suffix(lines[39], ",0,floor,0,0,A")); /* lands as before */
    g_assert_true(g_str_has_suffix(lines[40], ",7.9765625,0,7.9765625,0,floor,0,1,A"));
    g_strfreev(lines);
    g_free(csv);
    char *h_off = hash_line(off.out), *h_on = hash_line(on.out);
    g_assert_cmpstr(h_off, !=, h_on);

    /* the same switch as a level override gives the same run */
    char *text;
    g_assert_true(g_file_get_contents(level, &text, NULL, NULL));
    char **parts = g_strsplit(text, "\"overrides\": {}", 2);
    g_assert_cmpuint(g_strv_length(parts), ==, 2);
    char *joined = g_strjoinv("\"overrides\": {\"drop_dash\": 1}", parts);
    char *level_dd = write_temp(dir, "dd.json", joined);
    run_result ov = run_sim(NULL, level_dd, "--input", script_path, NULL);
    g_assert_cmpint(ov.status, ==, 0);
    char *h_ov = hash_line(ov.out);
    g_assert_cmpstr(h_ov, ==, h_on);

    g_free(h_off);
    g_free(h_on);
    g_free(h_ov);
    g_free(joined);
    g_strfreev(parts);
    g_free(text);
    run_result_clear(&off);
    run_result_clear(&on);
    run_result_clear(&ov);
    g_remove(level_dd);
    g_remove(trace_path);
    g_remove(script_path);
    g_rmdir(dir);
    g_free(level_dd);
    g_free(level);
    g_free(trace_path);
    g_free(script_path);
    g_free(dir);
}

static void test_errors(void)
{
    char *dir = g_dir_make_tmp("lw-sim-XXXXXX", NULL);
    char *level = level_path();
    char *bad = write_temp(dir, "bad.txt", "10 R\n5 X\n");

    /* unknown button: exit 1 with FILE:LINE:COL */
    run_result r = run_sim(NULL, level, "--input", bad, NULL);
    g_assert_cmpint(r.status, ==, 1);
    char *expect = g_strdup_printf("loopwright: %s:2:3: unknown button 'X'", bad);
    g_assert_true(g_str_has_prefix(r.err, expect));
    g_free(expect);
    g_assert_cmpstr(r.out, ==, "");
    run_result_clear(&r);

    /* negative count from stdin */
    r = run_sim("-5 R\n", level, "--input", "-", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_true(g_str_has_prefix(r.err, "loopwright: <stdin>:1:1: negative frame count"));
    run_result_clear(&r);

    /* missing --input: usage, exit 2 */
    r = run_sim(NULL, level, NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "--input"));
    run_result_clear(&r);

    /* unreadable level: exit 1 */
    char *missing = g_build_filename(dir, "nope.json", NULL);
    r = run_sim("1 R\n", missing, "--input", "-", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_true(g_str_has_prefix(r.err, "loopwright: "));
    g_assert_nonnull(strstr(r.err, missing));
    run_result_clear(&r);

    /* bad options: exit 2 */
    const char *bad_opts[][2] = {{"--profile", "s9"},
                                 {"--character", "amy"},
                                 {"--start", "12"},
                                 {"--frames", "-3"},
                                 {"--bogus", "1"}};
    for (size_t i = 0; i < G_N_ELEMENTS(bad_opts); i++) {
        r = run_sim("1 R\n", level, "--input", "-", bad_opts[i][0], bad_opts[i][1], NULL);
        g_assert_cmpint(r.status, ==, 2);
        g_assert_true(g_str_has_prefix(r.err, "loopwright sim: "));
        run_result_clear(&r);
    }

    /* a level without a player start and no --start: a clear usage error */
    char *text;
    g_assert_true(g_file_get_contents(level, &text, NULL, NULL));
    char *no_start_text = g_strdup(text);
    char *obj = strstr(no_start_text, "{\"id\": 1, \"type\": \"player_start\"");
    g_assert_nonnull(obj);
    char *end = strchr(obj, '}');
    memmove(obj, end + 1, strlen(end + 1) + 1);
    char *no_start = write_temp(dir, "no-start.json", no_start_text);
    r = run_sim("1 R\n", no_start, "--input", "-", NULL);
    g_assert_cmpint(r.status, ==, 2);
    g_assert_nonnull(strstr(r.err, "no player start"));
    g_assert_nonnull(strstr(r.err, "--start"));
    run_result_clear(&r);
    r = run_sim("1 R\n", no_start, "--input", "-", "--start", "100,172", NULL);
    g_assert_cmpint(r.status, ==, 0);
    run_result_clear(&r);

    /* the level's overrides apply; an unknown constant is a data error */
    GString *s = g_string_new(text);
    g_string_replace(s, "\"overrides\": {}", "\"overrides\": {\"top\": 2048}", 1);
    char *fast = write_temp(dir, "fast.json", s->str);
    r = run_sim("200 R\n", fast, "--input", "-", "--start", "20,172", NULL); /* 2048 from 171 */
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "\ngsp 8\n"));
    run_result_clear(&r);
    g_string_replace(s, "\"top\": 2048", "\"wobble\": 3", 1);
    char *wobble = write_temp(dir, "wobble.json", s->str);
    r = run_sim("1 R\n", wobble, "--input", "-", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.err, "wobble"));
    run_result_clear(&r);
    /* the level's profile must be known */
    g_string_replace(s, "\"profile\": \"s2\"", "\"profile\": \"s9\"", 1);
    char *badprof = write_temp(dir, "badprof.json", s->str);
    r = run_sim("1 R\n", badprof, "--input", "-", NULL);
    g_assert_cmpint(r.status, ==, 1);
    g_assert_nonnull(strstr(r.err, "s9"));
    run_result_clear(&r);
    g_string_free(s, TRUE);

    /* falling out of the level: stops early, prints the final state */
    r = run_sim("500 -\n", level, "--input", "-", "--start", "100,-100", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "status ok")); /* lands on the floor */
    run_result_clear(&r);
    char *pit_text = g_strdup(text);
    char *row = strstr(pit_text, "[0, 0, 0, 0, 0, 0, 0, 0]");
    g_assert_nonnull(row);
    memcpy(row, "[0, 0, -1, 0, 0, 0, 0, 0]", strlen("[0, 0, -1, 0, 0, 0, 0, 0]"));
    char *pit = write_temp(dir, "pit.json", pit_text);
    r = run_sim("500 -\n", pit, "--input", "-", "--start", "300,100", NULL);
    g_assert_cmpint(r.status, ==, 0);
    g_assert_nonnull(strstr(r.out, "\nstatus dead\n"));
    g_assert_false(g_str_has_prefix(r.out, "frame 500\n"));
    g_assert_nonnull(strstr(r.err, "fell out of the level"));
    run_result_clear(&r);

    const char *files[] = {bad, no_start, fast, wobble, badprof, pit};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++)
        g_remove(files[i]);
    g_rmdir(dir);
    g_free(bad);
    g_free(no_start);
    g_free(no_start_text);
    g_free(fast);
    g_free(wobble);
    g_free(badprof);
    g_free(pit);
    g_free(pit_text);
    g_free(text);
    g_free(missing);
    g_free(level);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/cli-sim/run-and-trace", test_run_and_trace);
    g_test_add_func("/editor/cli-sim/drop-dash", test_drop_dash);
    g_test_add_func("/editor/cli-sim/errors", test_errors);
    return g_test_run();
}
