/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* wait4, putenv, flock, mount */
/*
 * Reliability suite (issue 17): the hostile inputs and interrupted saves, each against the real
 * `loopwright` binary ($LW_LOOPWRIGHT) run as a user would, under a timeout so that a hang fails
 * the test instead of stalling the suite. See docs/RELIABILITY.md.
 */
#include "editor-document.h"
#include "file-io-private.h"
#include "rel-support.h"
#ifdef LW_REL_SPRITES
#include "ui/editor-sprites.h"
#endif

#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/file-io.h>
#include <loopwright-masks/image.h>
#include <loopwright/crc32.h>
#include <loopwright/packed.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

/* ---- 1. named pipes and other non-regular inputs ---- */

static void test_fifo_inputs(void)
{
    char *dir = rel_tmpdir();
    rel_copy_sample(dir, "loop-hill.json", "level.json");
    rel_copy_sample(dir, "tiles.png", "tiles.png");
    char *fifo = g_build_filename(dir, "pipe", NULL);
    g_assert_cmpint(mkfifo(fifo, 0600), ==, 0);
    char *level = g_build_filename(dir, "level.json", NULL);
    char *out = g_build_filename(dir, "out", NULL);
    const char *cases[][8] = {
        {"check", fifo, NULL},
        {"render", fifo, "-o", out, NULL},
        {"render", level, "-o", out, "--trace", fifo, NULL},
        {"sim", level, "--input", fifo, NULL},
        {"pack", fifo, "-o", out, NULL},
        {"unpack", fifo, "-o", out, NULL},
        {"masks", fifo, NULL},
        {"import", fifo, "-o", out, NULL},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        rel_result r = rel_run(cases[i], NULL, 20);
        if (r.timed_out || r.code != 1 || !strstr(r.err, "pipe"))
            g_error("%s: exit %d%s: %s", cases[i][0], r.code, r.timed_out ? " (timed out)" : "",
                    r.err);
        rel_result_free(&r);
    }
    /* a FIFO as the tileset */
    char *ts = g_build_filename(dir, "tiles.png", NULL);
    g_assert_cmpint(g_unlink(ts), ==, 0);
    g_assert_cmpint(mkfifo(ts, 0600), ==, 0);
    const char *check[] = {"check", level, NULL};
    rel_result r = rel_run(check, NULL, 20);
    g_assert_false(r.timed_out);
    g_assert_cmpint(r.code, ==, 1);
    g_assert_nonnull(strstr(r.err, "not a regular file (a named pipe)"));
    rel_result_free(&r);
    /* a folder as the trace is refused, not read as an empty trace */
    g_assert_cmpint(g_unlink(ts), ==, 0);
    rel_copy_sample(dir, "tiles.png", "tiles.png");
    const char *trace_dir[] = {"render", level, "-o", out, "--trace", dir, NULL};
    r = rel_run(trace_dir, NULL, 20);
    g_assert_cmpint(r.code, ==, 1);
    g_assert_nonnull(strstr(r.err, "not a regular file (a folder)"));
    rel_result_free(&r);
    g_free(ts);
    g_free(out);
    g_free(level);
    g_free(fifo);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- 2. one set of limits for every loader ---- */

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The data of section @tag in the packed file @f (NULL when absent). */
static uint8_t *section(uint8_t *f, size_t size, const char *tag, size_t *len)
{
    uint32_t count = rd32(f + 20);
    for (uint32_t k = 0; k < count && 64 + 32 * (size_t)k + 32 <= size; k++) {
        uint8_t *e = f + 64 + 32 * k;
        if (memcmp(e, tag, 4) == 0) {
            *len = rd32(e + 12);
            return f + rd32(e + 8);
        }
    }
    return NULL;
}

static void fix_crcs(uint8_t *f, size_t size)
{
    uint32_t count = rd32(f + 20);
    for (uint32_t k = 0; k < count && 64 + 32 * (size_t)k + 32 <= size; k++) {
        uint8_t *e = f + 64 + 32 * k;
        wr32(e + 20, lw_crc32(0, f + rd32(e + 8), rd32(e + 12)));
    }
    wr32(f + 28, 0);
    wr32(f + 28, lw_crc32(0, f, size));
}

static void test_packed_limits(void)
{
    char *dir = rel_tmpdir();
    rel_copy_sample(dir, "loop-hill.json", "level.json");
    rel_copy_sample(dir, "tiles.png", "tiles.png");
    char *level = g_build_filename(dir, "level.json", NULL);
    char *bin = g_build_filename(dir, "level.bin", NULL);
    char *bad = g_build_filename(dir, "bad.bin", NULL);
    char *json = g_build_filename(dir, "unpacked.json", NULL);
    const char *pack[] = {"pack", level, "-o", bin, NULL};
    rel_run_ok(pack);
    gchar *orig;
    gsize size;
    g_assert_true(g_file_get_contents(bin, &orig, &size, NULL));
    /* object 0's x, y (record at +8, fields +8/+12), values the JSON loader refuses */
    static const struct {
        int field;
        uint32_t value;
    } objs[] = {{8, 0x7FFFFFFFu}, {8, 0x80000000u}, {12, 40000u}, {12, 0x80000000u}};
    for (size_t i = 0; i < G_N_ELEMENTS(objs); i++) {
        uint8_t *f = g_memdup2(orig, size);
        size_t len = 0;
        uint8_t *s = section(f, size, "OBJS", &len);
        g_assert_nonnull(s);
        g_assert_cmpuint(len, >=, 8 + 32);
        wr32(s + 8 + objs[i].field, objs[i].value);
        fix_crcs(f, size);
        g_assert_true(g_file_set_contents(bad, (char *)f, (gssize)size, NULL));
        const char *sim[] = {"sim", bad, "--input", "-", "--frames", "10", NULL};
        rel_result r = rel_run(sim, NULL, 30);
        g_assert_cmpint(r.code, ==, 1);
        g_assert_nonnull(strstr(r.err, "outside"));
        g_assert_nonnull(strstr(r.err, "byte "));
        rel_result_free(&r);
        const char *unpack[] = {"unpack", bad, "-o", json, NULL};
        r = rel_run(unpack, NULL, 30);
        g_assert_cmpint(r.code, ==, 1);
        g_assert_false(g_file_test(json, G_FILE_TEST_EXISTS));
        rel_result_free(&r);
        g_free(f);
    }
    g_free(orig);
    g_free(json);
    g_free(bad);
    g_free(bin);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

/* The same limits through the JSON loader: a replay of 0xFFFFFFFF frames and a start of
 * -2^31 are refused by name. */
static void test_json_limits(void)
{
    char *dir = rel_tmpdir();
    char *level = g_build_filename(dir, "level.json", NULL);
    static const char *const bodies[] = {
        "\"start\": [-2147483648, 0], \"frames\": 10",
        "\"start\": null, \"frames\": 4294967295",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bodies); i++) {
        char *text = rel_sample_with_replay(bodies[i]);
        g_assert_true(g_file_set_contents(level, text, -1, NULL));
        const char *check[] = {"check", level, NULL};
        rel_result r = rel_run(check, NULL, 30);
        g_assert_cmpint(r.code, ==, 1);
        g_assert_nonnull(strstr(r.err, "out of range"));
        rel_result_free(&r);
        g_free(text);
    }
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- 3. multi-file saves are all-or-nothing ---- */

/* The tileset the JSON at @json names, read, or NULL. */
static gchar *named_tileset(const char *json, gsize *size)
{
    gchar *text;
    if (!g_file_get_contents(json, &text, NULL, NULL))
        return NULL;
    char *p = strstr(text, "\"tileset\": \"");
    gchar *data = NULL;
    if (p) {
        p += strlen("\"tileset\": \"");
        char *q = strchr(p, '"');
        *q = '\0';
        char *d = g_path_get_dirname(json);
        char *path = g_build_filename(d, p, NULL);
        if (!g_file_get_contents(path, &data, size, NULL))
            data = NULL;
        g_free(path);
        g_free(d);
    }
    g_free(text);
    return data;
}

static void test_import_kill_at_every_rename(void)
{
    char *dir = rel_tmpdir();
    char *ta = g_build_filename(dir, "terrain-a.png", NULL);
    char *tb = g_build_filename(dir, "terrain-b.png", NULL);
    rel_write_terrain(ta, 0);
    rel_write_terrain(tb, 1);
    /* the two results, made cleanly in their own folders */
    gchar *json_old, *json_new, *png_old, *png_new;
    gsize png_old_n, png_new_n;
    char *ref = g_build_filename(dir, "ref", NULL);
    g_mkdir(ref, 0755);
    char *ref_json = g_build_filename(ref, "level.json", NULL);
    const char *imp_a[] = {"import", ta, "-o", ref_json, "--no-progress", NULL};
    rel_run_ok(imp_a);
    g_assert_true(g_file_get_contents(ref_json, &json_old, NULL, NULL));
    png_old = named_tileset(ref_json, &png_old_n);
    g_assert_nonnull(png_old);
    const char *imp_b[] = {"import", tb, "-o", ref_json, "--no-progress", NULL};
    rel_run_ok(imp_b);
    g_assert_true(g_file_get_contents(ref_json, &json_new, NULL, NULL));
    png_new = named_tileset(ref_json, &png_new_n);
    g_assert_nonnull(png_new);
    g_assert_false(png_old_n == png_new_n && memcmp(png_old, png_new, png_new_n) == 0);

    /* kill the second import at each of its renames; the reader sees old or new, never mixed */
    char *work = g_build_filename(dir, "work", NULL);
    char *json = g_build_filename(work, "level.json", NULL);
    bool saw_old = false, saw_new = false;
    for (int k = 1; k <= 4; k++) {
        rel_rmdir(work);
        g_mkdir(work, 0755);
        const char *a[] = {"import", ta, "-o", json, "--no-progress", NULL};
        rel_run_ok(a);
        const char *b[] = {"import", tb, "-o", json, "--no-progress", NULL};
        bool killed = rel_run_killed_at_rename(b, k);
        gchar *now;
        gsize png_n;
        g_assert_true(g_file_get_contents(json, &now, NULL, NULL));
        gchar *png = named_tileset(json, &png_n);
        g_assert_nonnull(png);
        if (strcmp(now, json_old) == 0) {
            g_assert_true(png_n == png_old_n && memcmp(png, png_old, png_n) == 0);
            saw_old = true;
        } else {
            g_assert_cmpstr(now, ==, json_new);
            g_assert_true(png_n == png_new_n && memcmp(png, png_new, png_n) == 0);
            saw_new = true;
        }
        /* check agrees */
        const char *check[] = {"check", json, NULL};
        rel_run_ok(check);
        g_free(png);
        g_free(now);
        if (!killed)
            break;
    }
    g_assert_true(saw_old && saw_new);
    g_free(json);
    g_free(work);
    g_free(json_old);
    g_free(json_new);
    g_free(png_old);
    g_free(png_new);
    g_free(ref_json);
    g_free(ref);
    g_free(ta);
    g_free(tb);
    rel_rmdir(dir);
    g_free(dir);
}

/* lwm_file_write_set killed before each of its renames (in a child process): the folder is then
 * all old or, once the journal is committed, completed to all new by lwm_file_recover. */
static void test_set_kill_at_every_rename(void)
{
    enum { N = 5 };
    char *dir = rel_tmpdir();
    char paths[N][256];
    for (int i = 0; i < N; i++)
        snprintf(paths[i], sizeof paths[i], "%s/f%d.txt", dir, i);
    bool saw_old = false, saw_new = false;
    for (int k = 1; k <= N + 2; k++) {
        for (int i = 0; i < N; i++)
            g_assert_true(g_file_set_contents(paths[i], "old", -1, NULL));
        pid_t pid = fork();
        g_assert_cmpint(pid, >=, 0);
        if (pid == 0) {
            char fault[64];
            snprintf(fault, sizeof fault, "kill-at-rename=%d", k);
            setenv("LOOPWRIGHT_TEST_FAULT", fault, 1);
            lwm_test_reload_fault_env();
            lwm_file_job jobs[N];
            for (int i = 0; i < N; i++)
                jobs[i] = (lwm_file_job){paths[i], "new", 3};
            _exit(lwm_file_write_set(jobs, N, dir, NULL, NULL) ? 0 : 1);
        }
        int status;
        g_assert_cmpint(waitpid(pid, &status, 0), ==, pid);
        bool killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
        g_assert_true(killed || (WIFEXITED(status) && WEXITSTATUS(status) == 0));
        if (killed && k == 2) {
            /* killed at the first target's rename: every new file was already complete beside
             * its target (N temporaries holding "new"), each old file had its second name (N
             * more, holding "old") and the journal was committed: 3N + 1 entries */
            GDir *d = g_dir_open(dir, 0, NULL);
            const char *name;
            int entries = 0, staged_new = 0, kept_old = 0;
            while ((name = g_dir_read_name(d)) != NULL) {
                entries++;
                if (!strstr(name, ".tmp-"))
                    continue;
                char *full = g_build_filename(dir, name, NULL);
                gchar *t;
                g_assert_true(g_file_get_contents(full, &t, NULL, NULL));
                staged_new += strcmp(t, "new") == 0;
                kept_old += strcmp(t, "old") == 0;
                g_free(t);
                g_free(full);
            }
            g_dir_close(d);
            g_assert_cmpint(entries, ==, 3 * N + 1);
            g_assert_cmpint(staged_new, ==, N);
            g_assert_cmpint(kept_old, ==, N);
        }
        lw_error err;
        g_assert_true(lwm_file_recover(dir, &err));
        int news = 0;
        for (int i = 0; i < N; i++) {
            gchar *t;
            g_assert_true(g_file_get_contents(paths[i], &t, NULL, NULL));
            news += strcmp(t, "new") == 0;
            g_free(t);
        }
        g_assert_true(news == 0 || news == N);
        saw_old |= news == 0;
        saw_new |= news == N;
        /* no temporary survives the next write of the same files */
        lwm_file_job jobs[N];
        for (int i = 0; i < N; i++)
            jobs[i] = (lwm_file_job){paths[i], "old", 3};
        g_assert_true(lwm_file_write_set(jobs, N, dir, NULL, &err));
        GDir *d = g_dir_open(dir, 0, NULL);
        const char *name;
        int entries = 0;
        while ((name = g_dir_read_name(d)) != NULL)
            entries++;
        g_dir_close(d);
        g_assert_cmpint(entries, ==, N);
        if (!killed)
            break;
    }
    g_assert_true(saw_old && saw_new);
    rel_rmdir(dir);
    g_free(dir);
}

static gint cmp_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Bytes of every file of @dir (sorted names) in one string, journal and temporaries excluded. */
static GString *folder_bytes(const char *dir)
{
    GString *all = g_string_new(NULL);
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name(d)) != NULL)
        if (name[0] != '.' && !strstr(name, ".tmp-"))
            g_ptr_array_add(names, g_strdup(name));
    g_dir_close(d);
    g_ptr_array_sort(names, cmp_names);
    for (guint i = 0; i < names->len; i++) {
        char *p = g_build_filename(dir, names->pdata[i], NULL);
        gchar *data;
        gsize n;
        g_assert_true(g_file_get_contents(p, &data, &n, NULL));
        g_string_append_printf(all, "%s:%zu:", (char *)names->pdata[i], (size_t)n);
        g_string_append_len(all, data, (gssize)n);
        g_free(data);
        g_free(p);
    }
    g_ptr_array_free(names, TRUE);
    return all;
}

/* collision export (a journaled set of five files) killed at each rename: once Loopwright has
 * read the folder again (collision import completes the journal), it holds one export whole. */
static void test_collision_export_kill_at_every_rename(void)
{
    char *dir = rel_tmpdir();
    rel_copy_sample(dir, "loop-hill.json", "a.json");
    rel_copy_sample(dir, "pipe-works.json", "b.json");
    char *a = g_build_filename(dir, "a.json", NULL), *b = g_build_filename(dir, "b.json", NULL);
    char *ref_a = g_build_filename(dir, "ref-a", NULL),
         *ref_b = g_build_filename(dir, "ref-b", NULL);
    char *work = g_build_filename(dir, "work", NULL), *out = g_build_filename(dir, "x.json", NULL);
    const char *ea[] = {"collision", "export", "--format", "s2", a,
                        "-o",        ref_a,    "--zone",   "z",  NULL};
    const char *eb[] = {"collision", "export", "--format", "s2", b,
                        "-o",        ref_b,    "--zone",   "z",  NULL};
    rel_run_ok(ea);
    rel_run_ok(eb);
    GString *want_a = folder_bytes(ref_a), *want_b = folder_bytes(ref_b);
    g_assert_false(g_string_equal(want_a, want_b));
    bool saw_a = false, saw_b = false;
    for (int k = 1; k <= 8; k++) {
        rel_rmdir(work);
        const char *wa[] = {"collision", "export", "--format", "s2", a,
                            "-o",        work,     "--zone",   "z",  NULL};
        const char *wb[] = {"collision", "export", "--format", "s2", b,
                            "-o",        work,     "--zone",   "z",  NULL};
        rel_run_ok(wa);
        bool killed = rel_run_killed_at_rename(wb, k);
        const char *imp[] = {"collision", "import", "--format", "s2", work,
                             "--zone",    "z",      "-o",       out,  NULL};
        rel_run_ok(imp);
        GString *now = folder_bytes(work);
        bool is_a = g_string_equal(now, want_a), is_b = g_string_equal(now, want_b);
        if (!is_a && !is_b)
            g_error("killed at rename %d: the folder holds neither export whole", k);
        saw_a |= is_a;
        saw_b |= is_b;
        g_string_free(now, TRUE);
        if (!killed)
            break;
    }
    g_assert_true(saw_a && saw_b);
    g_string_free(want_a, TRUE);
    g_string_free(want_b, TRUE);
    g_free(out);
    g_free(work);
    g_free(ref_a);
    g_free(ref_b);
    g_free(a);
    g_free(b);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- 4. memory bounded before limits ---- */

static void hostile_json(const char *path, const char *key, const char *unit, size_t bytes)
{
    FILE *f = fopen(path, "w");
    g_assert_nonnull(f);
    fprintf(f, "{\"format\": \"loopwright-level\", \"version\": 1, \"chunk_size\": 128, \"%s\": [",
            key);
    size_t n = bytes / strlen(unit);
    for (size_t i = 0; i < n; i++)
        fputs(i ? unit : unit + 1, f);
    fputs("]}\n", f);
    fclose(f);
}

static void test_memory_bounded(void)
{
    char *dir = rel_tmpdir();
    char *level = g_build_filename(dir, "level.json", NULL);
    static const struct {
        const char *key, *unit, *message;
    } cases[] = {
        {"masks", ",{}", "over the limit of 4096"},
        {"unknown_key", ",[]", "unknown members: more than"},
        {"tiles", ",[[[[[[[[[[]]]]]]]]]]", "over the limit of 1023"},
        {"layout", ",0", "layout: more than"},
        {"objects", ",\"x\"", "over the limit of 65536"},
    };
    const size_t bytes = 8u << 20;
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        hostile_json(level, cases[i].key, cases[i].unit, bytes);
        const char *check[] = {"check", level, NULL};
        rel_result r = rel_run(check, NULL, 60);
        g_assert_cmpint(r.code, ==, 1);
        g_assert_nonnull(strstr(r.err, cases[i].message));
        /* peak RSS: at most 4x the file plus the process's baseline */
        long limit_kb = (long)(4 * bytes / 1024) + rel_baseline_rss_kb();
        if (r.maxrss_kb > limit_kb)
            g_error("%s: %ld KiB peak for a %zu KiB file (limit %ld KiB)", cases[i].key,
                    r.maxrss_kb, bytes / 1024, limit_kb);
        rel_result_free(&r);
    }
    /* deep nesting is refused before jansson recurses */
    FILE *f = fopen(level, "w");
    for (int i = 0; i < 100000; i++)
        fputc('[', f);
    fclose(f);
    const char *check[] = {"check", level, NULL};
    rel_result r = rel_run(check, NULL, 60);
    g_assert_cmpint(r.code, ==, 1);
    g_assert_nonnull(strstr(r.err, "nested"));
    rel_result_free(&r);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- 5. render --trace ---- */

static void test_render_trace(void)
{
    char *dir = rel_tmpdir();
    rel_copy_sample(dir, "loop-hill.json", "level.json");
    rel_copy_sample(dir, "tiles.png", "tiles.png");
    char *level = g_build_filename(dir, "level.json", NULL);
    char *out = g_build_filename(dir, "out.png", NULL);
    char *trace = g_build_filename(dir, "t.csv", NULL);
    /* huge coordinates: every segment far outside the picture (was: UB and 31 s for 309 KB) */
    GString *s = g_string_new("frame,x,y,xsp,ysp,gsp,angle,mode,air,rolling,path\n");
    for (int i = 0; s->len < 300000; i++)
        g_string_append_printf(s, "%d,%d,%d,0,0,0,0,floor,0,0,A\n", i,
                               (i & 1) ? 16000000 : -16000000, (i & 2) ? -16000000 : 16000000);
    g_assert_true(g_file_set_contents(trace, s->str, (gssize)s->len, NULL));
    const char *render[] = {"render", level, "-o", out, "--trace", trace, NULL};
    gint64 t0 = g_get_monotonic_time();
    rel_result r = rel_run(render, NULL, 60);
    double secs = (double)(g_get_monotonic_time() - t0) / 1e6;
    g_assert_cmpint(r.code, ==, 0);
    g_assert_cmpfloat(secs, <, 10.0);
    rel_result_free(&r);
    /* NaN, inf and 2^40 are refused with the place, not cast */
    static const char *const bad[] = {"0,nan,5\n", "0,inf,5\n", "0,1099511627776,5\n",
                                      "0,-1e30,5\n"};
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        char *text = g_strconcat("frame,x,y\n0,1,1\n", bad[i], NULL);
        g_assert_true(g_file_set_contents(trace, text, -1, NULL));
        r = rel_run(render, NULL, 60);
        g_assert_cmpint(r.code, ==, 1);
        g_assert_nonnull(strstr(r.err, ":3:"));
        rel_result_free(&r);
        g_free(text);
    }
    g_string_free(s, TRUE);
    g_free(trace);
    g_free(out);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- 6. PNG data after the image ---- */

static void put_chunk(GByteArray *png, const char *type, const uint8_t *data, uint32_t len)
{
    uint8_t be[4] = {(uint8_t)(len >> 24), (uint8_t)(len >> 16), (uint8_t)(len >> 8), (uint8_t)len};
    g_byte_array_append(png, be, 4);
    size_t at = png->len;
    g_byte_array_append(png, (const uint8_t *)type, 4);
    if (len)
        g_byte_array_append(png, data, len);
    uint32_t crc = (uint32_t)crc32(0, png->data + at, len + 4);
    uint8_t c[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8), (uint8_t)crc};
    g_byte_array_append(png, c, 4);
}

/* A 16x16 RGBA PNG whose single zlib stream holds @extra bytes beyond the image's 16 rows. */
static GByteArray *png_with_extra(size_t extra)
{
    size_t raw_n = 16 * (1 + 16 * 4) + extra;
    uint8_t *raw = g_malloc0(raw_n);
    for (int y = 0; y < 16; y++)
        memset(raw + y * 65 + 1, y < 8 ? 0 : 0xFF, 64);
    uLongf zn = compressBound(raw_n);
    uint8_t *z = g_malloc(zn);
    g_assert_cmpint(compress2(z, &zn, raw, raw_n, 9), ==, Z_OK);
    GByteArray *png = g_byte_array_new();
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    g_byte_array_append(png, sig, 8);
    uint8_t ihdr[13] = {0, 0, 0, 16, 0, 0, 0, 16, 8, 6, 0, 0, 0};
    put_chunk(png, "IHDR", ihdr, 13);
    put_chunk(png, "IDAT", z, (uint32_t)zn);
    put_chunk(png, "IEND", NULL, 0);
    g_free(z);
    g_free(raw);
    return png;
}

static void test_png_after_image(void)
{
    lwm_image img;
    lw_error err;
    GByteArray *ok = png_with_extra(0);
    g_assert_true(lwm_image_load_png_memory(ok->data, ok->len, &img, &err));
    g_assert_cmpuint(img.width, ==, 16);
    lwm_image_clear(&img);
    g_byte_array_free(ok, TRUE);
    /* 256 MiB of zeros after the image: about 256 KiB of file */
    GByteArray *bomb = png_with_extra(256u << 20);
    gint64 t0 = g_get_monotonic_time();
    g_assert_false(lwm_image_load_png_memory(bomb->data, bomb->len, &img, &err));
    double secs = (double)(g_get_monotonic_time() - t0) / 1e6;
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_nonnull(strstr(err.message, "after the image"));
    g_assert_cmpfloat(secs, <, 0.5);
    g_byte_array_free(bomb, TRUE);
}

/* ---- 7. temporaries and modes ---- */

static mode_t mode_of(const char *path)
{
    struct stat st;
    g_assert_cmpint(stat(path, &st), ==, 0);
    return st.st_mode & 0777;
}

static void test_temporaries_and_umask(void)
{
    char *dir = rel_tmpdir();
    rel_copy_sample(dir, "loop-hill.json", "level.json");
    char *level = g_build_filename(dir, "level.json", NULL);
    char *trace = g_build_filename(dir, "t.csv", NULL);
    char *script = g_build_filename(dir, "in.txt", NULL);
    g_assert_true(g_file_set_contents(script, "300 R\n", -1, NULL));
    const char *sim[] = {"sim", level, "--input", script, "--trace", trace, NULL};
    /* killed at its rename, sim --trace leaves its temporary ... */
    rel_result r = rel_run(sim, "LOOPWRIGHT_TEST_FAULT=kill-at-rename=1", 60);
    g_assert_cmpint(r.signal, ==, SIGKILL);
    rel_result_free(&r);
    g_assert_cmpint(rel_count_prefix(dir, "t.csv.tmp-"), ==, 1);
    /* ... which the next write removes */
    rel_run_ok(sim);
    g_assert_cmpint(rel_count_prefix(dir, "t.csv.tmp-"), ==, 0);
    /* a live writer's temporary (locked) is left alone */
    char *live = g_build_filename(dir, "t.csv.tmp-AbC123", NULL);
    int fd = open(live, O_WRONLY | O_CREAT, 0644);
    g_assert_cmpint(flock(fd, LOCK_EX), ==, 0);
    rel_run_ok(sim);
    g_assert_true(g_file_test(live, G_FILE_TEST_EXISTS));
    close(fd);
    g_unlink(live);
    /* the umask decides the mode, for the trace and for every other output */
    const char *check_json[] = {"masks", NULL};
    (void)check_json;
    char *png = g_build_filename(dir, "out.png", NULL);
    rel_copy_sample(dir, "tiles.png", "tiles.png");
    const char *render[] = {"render", level, "-o", png, NULL};
    for (int u = 0; u < 2; u++) {
        mode_t mask = u ? 077 : 022;
        g_unlink(trace);
        g_unlink(png);
        r = rel_run_umask(sim, mask, 60);
        g_assert_cmpint(r.code, ==, 0);
        rel_result_free(&r);
        r = rel_run_umask(render, mask, 60);
        g_assert_cmpint(r.code, ==, 0);
        rel_result_free(&r);
        g_assert_cmpint(mode_of(trace), ==, 0666 & ~mask);
        g_assert_cmpint(mode_of(png), ==, 0666 & ~mask);
    }
    g_free(png);
    g_free(live);
    g_free(script);
    g_free(trace);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- 8. terminal safety ---- */

static void test_escaped_messages(void)
{
    char *dir = rel_tmpdir();
    char *level = g_build_filename(dir, "level.json", NULL);
    gchar *text;
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    g_assert_true(g_file_get_contents(sample, &text, NULL, NULL));
    char *evil = rel_replace(text, "\"tileset\": \"tiles.png\"",
                             "\"tileset\": \"../\\u001b]0;owned\\u0007\\u001b[2J\\nfake\"");
    g_assert_true(g_file_set_contents(level, evil, -1, NULL));
    const char *check[] = {"check", level, NULL};
    rel_result r = rel_run(check, NULL, 30);
    g_assert_cmpint(r.code, ==, 1);
    g_assert_null(strchr(r.err, '\033'));
    g_assert_null(strchr(r.err, '\007'));
    g_assert_nonnull(strstr(r.err, "\\x1b[2J\\nfake"));
    /* one message, one line */
    g_assert_cmpint(rel_count_char(r.err, '\n'), ==, 1);
    rel_result_free(&r);
    g_free(evil);
    g_free(text);
    g_free(sample);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- 9. symlinks ---- */

/* The symlink tests' set-up: in a new folder, "level" holding level.json (the loop-hill sample)
 * and real.png (its tileset), and "secret" holding secret.png (the same picture, outside the
 * level's folder). @link is level/tiles.png, the name the level gives its tileset; it is not
 * made. */
typedef struct link_fixture {
    char *dir, *inside, *outside, *level, *link, *real, *secret;
} link_fixture;

static link_fixture link_fixture_new(void)
{
    link_fixture f = {.dir = rel_tmpdir()};
    f.inside = g_build_filename(f.dir, "level", NULL);
    f.outside = g_build_filename(f.dir, "secret", NULL);
    g_mkdir(f.inside, 0755);
    g_mkdir(f.outside, 0755);
    rel_copy_sample(f.inside, "loop-hill.json", "level.json");
    rel_copy_sample(f.inside, "tiles.png", "real.png");
    rel_copy_sample(f.outside, "tiles.png", "secret.png");
    f.level = g_build_filename(f.inside, "level.json", NULL);
    f.link = g_build_filename(f.inside, "tiles.png", NULL);
    f.real = g_build_filename(f.inside, "real.png", NULL);
    f.secret = g_build_filename(f.outside, "secret.png", NULL);
    return f;
}

/* Point the tileset link at @target (replacing what is there). */
static void link_fixture_point(const link_fixture *f, const char *target)
{
    g_unlink(f->link);
    g_assert_cmpint(symlink(target, f->link), ==, 0);
}

static void link_fixture_free(link_fixture *f)
{
    rel_rmdir(f->dir);
    g_free(f->secret);
    g_free(f->real);
    g_free(f->link);
    g_free(f->level);
    g_free(f->outside);
    g_free(f->inside);
    g_free(f->dir);
}

static void test_symlinked_tileset(void)
{
    link_fixture f = link_fixture_new();
    link_fixture_point(&f, f.secret);
    char *bin = g_build_filename(f.dir, "x.bin", NULL);
    const char *check[] = {"check", f.level, NULL};
    const char *pack[] = {"pack", f.level, "-o", bin, NULL};
    const char *const *cmds[] = {check, pack};
    for (int i = 0; i < 2; i++) {
        rel_result r = rel_run(cmds[i], NULL, 30);
        g_assert_cmpint(r.code, ==, 1);
        g_assert_nonnull(strstr(r.err, "leaves the level's folder"));
        rel_result_free(&r);
    }
    g_assert_false(g_file_test(bin, G_FILE_TEST_EXISTS));
    /* the user's explicit permission still works */
    const char *pack_ok[] = {"pack", f.level, "-o", bin, "--allow-outside-paths", NULL};
    rel_run_ok(pack_ok);
    const char *check_ok[] = {"check", f.level, "--allow-outside-paths", NULL};
    rel_run_ok(check_ok);
    /* a symlink that stays inside is fine */
    link_fixture_point(&f, "real.png");
    rel_run_ok(check);
    g_free(bin);
    link_fixture_free(&f);
}

/* The check-then-read race: the tileset link points inside while the loader checks it, and is
 * swapped to a file outside the level's folder just before the reader opens it (the
 * swap-link fault hook). The reader checks the file it opened, so nothing outside is read. */
static void test_swapped_tileset_link(void)
{
    link_fixture f = link_fixture_new();
    char *bin = g_build_filename(f.dir, "x.bin", NULL);
    char *png = g_build_filename(f.dir, "x.png", NULL);
    char *fault = g_strdup_printf("LOOPWRIGHT_TEST_FAULT=swap-link=%s>%s", f.link, f.secret);
    const char *pack[] = {"pack", f.level, "-o", bin, NULL};
    const char *render[] = {"render", f.level, "-o", png, NULL};
    char *pack_s2_dir = g_build_filename(f.dir, "s2", NULL);
    const char *pack_s2[] = {"pack", f.level, "--format", "s2", "-o", pack_s2_dir, NULL};
    /* check reads the tileset's header; diff --png draws level B with its art */
    char *check_out = g_build_filename(f.dir, "none", NULL);
    const char *check[] = {"check", f.level, NULL};
    char *diff_png = g_build_filename(f.dir, "diff.png", NULL);
    const char *diff[] = {"diff", f.level, f.level, "--png", diff_png, NULL};
    const char *const *cmds[] = {pack, render, pack_s2, check, diff};
    const char *outs[] = {bin, png, pack_s2_dir, check_out, diff_png};
    const int refused[] = {1, 1, 1, 1, 2}; /* diff: 2 = a level that cannot be read */
    for (int i = 0; i < 5; i++) {
        /* inside at the loader's check */
        link_fixture_point(&f, "real.png");
        rel_result r = rel_run(cmds[i], fault, 60);
        g_assert_cmpint(r.code, ==, refused[i]);
        g_assert_nonnull(strstr(r.err, "leaves the level's folder"));
        g_assert_nonnull(strstr(r.err, "secret.png"));
        rel_result_free(&r);
        g_assert_false(g_file_test(outs[i], G_FILE_TEST_EXISTS));
        /* the hook did swap the link */
        char *now = g_file_read_link(f.link, NULL);
        g_assert_cmpstr(now, ==, f.secret);
        g_free(now);
    }
    /* without the swap the same commands succeed: the refusal is the swap's */
    for (int i = 0; i < 5; i++) {
        link_fixture_point(&f, "real.png");
        rel_run_ok(cmds[i]);
    }
    g_assert_true(g_file_test(diff_png, G_FILE_TEST_EXISTS));
    g_free(diff_png);
    g_free(check_out);
    g_free(fault);
    g_free(pack_s2_dir);
    g_free(png);
    g_free(bin);
    link_fixture_free(&f);
}

/* The editor's reads of a level's tileset after the document's load-time check: the art it
 * draws (editor_document_load_art, which the window's and the play window's renderers use) and
 * the copy beside the new file at Save As. The link is swapped to a file outside the level's
 * folder before the open (k 0) or between the open and the check (k 1): refused, nothing of the
 * outside file is drawn or copied. */
static void doc_tileset_races(void)
{
    link_fixture f = link_fixture_new();
    char *other = g_build_filename(f.dir, "other", NULL);
    g_mkdir(other, 0755);
    char *moved = g_build_filename(other, "level.json", NULL);
    char *copied = g_build_filename(other, "tiles.png", NULL);
    const char *keys[] = {"swap-link", "swap-link-late"};
    for (int k = 0; k < 2; k++) {
        link_fixture_point(&f, "real.png");
        GError *error = NULL;
        EditorDocument *doc = editor_document_load(f.level, &error);
        g_assert_no_error(error);
        /* k 1: the link already points outside at the open and back inside at the check */
        if (k == 1)
            link_fixture_point(&f, f.secret);
        char *v = g_strdup_printf("%s=%s>%s", keys[k], f.link, k == 0 ? f.secret : f.real);
        g_setenv("LOOPWRIGHT_TEST_FAULT", v, TRUE);
        lwm_image art = {0};
        gboolean drawn = editor_document_load_art(doc, &art, &error);
        g_unsetenv("LOOPWRIGHT_TEST_FAULT");
        g_assert_false(drawn);
        g_assert_null(art.rgba);
        g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_PATH);
        /* the fallback without /proc sees the path change under it (k 1) */
        if (!strstr(error->message, "leaves the level's folder") &&
            !strstr(error->message, "changed while it was opened"))
            g_error("k %d: %s", k, error->message);
        g_clear_error(&error);
        /* Save As to a folder without the tileset copies it: refused, nothing written */
        link_fixture_point(&f, k == 0 ? "real.png" : f.secret);
        g_setenv("LOOPWRIGHT_TEST_FAULT", v, TRUE);
        gboolean saved = editor_document_save_as(doc, moved, &error);
        g_unsetenv("LOOPWRIGHT_TEST_FAULT");
        g_assert_false(saved);
        g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_PATH);
        g_clear_error(&error);
        g_assert_false(g_file_test(copied, G_FILE_TEST_EXISTS));
        g_assert_false(g_file_test(moved, G_FILE_TEST_EXISTS));
        g_free(v);
        /* without the swap both read the level's own tileset */
        link_fixture_point(&f, "real.png");
        g_assert_true(editor_document_load_art(doc, &art, &error));
        g_assert_no_error(error);
        g_assert_cmpuint(art.width, >, 0);
        lwm_image_clear(&art);
        g_assert_true(editor_document_save_as(doc, moved, &error));
        g_assert_no_error(error);
        g_assert_true(g_file_test(copied, G_FILE_TEST_EXISTS));
        g_unlink(copied);
        g_unlink(moved);
        g_object_unref(doc);
    }
    g_free(copied);
    g_free(moved);
    g_free(other);
    link_fixture_free(&f);
}

/* lwm_file_read_inside on its own, with the swap before the open and between the open and the
 * check, through /proc/self/fd and through the fallback that compares device and inode; then the
 * editor's tileset reads (doc_tileset_races) through both. */
static void test_read_inside_races(void)
{
    char *dir = rel_tmpdir();
    char *inside = g_build_filename(dir, "in", NULL);
    char *outside = g_build_filename(dir, "out", NULL);
    g_mkdir(inside, 0755);
    g_mkdir(outside, 0755);
    char *in_file = g_build_filename(inside, "a.bin", NULL);
    char *out_file = g_build_filename(outside, "b.bin", NULL);
    g_assert_true(g_file_set_contents(in_file, "inside", -1, NULL));
    g_assert_true(g_file_set_contents(out_file, "OUTSIDE", -1, NULL));
    char *link = g_build_filename(inside, "link", NULL);
    for (int no_proc = 0; no_proc < 2; no_proc++) {
        lwm_test_set_no_proc(no_proc != 0);
        char *data = NULL;
        size_t size = 0;
        lw_error err;
        /* plain cases */
        g_unlink(link);
        g_assert_cmpint(symlink("a.bin", link), ==, 0);
        g_assert_true(lwm_file_read_inside(link, inside, 100, &data, &size, NULL, 0, &err));
        g_assert_cmpstr(data, ==, "inside");
        free(data);
        g_unlink(link);
        g_assert_cmpint(symlink(out_file, link), ==, 0);
        g_assert_false(lwm_file_read_inside(link, inside, 100, &data, &size, NULL, 0, &err));
        g_assert_cmpint(err.code, ==, LW_ERR_PATH);
        /* swapped to outside right before the open */
        const char *keys[] = {"swap-link", "swap-link-late"};
        for (int k = 0; k < 2; k++) {
            g_unlink(link);
            g_assert_cmpint(symlink(k == 0 ? "a.bin" : out_file, link), ==, 0);
            char *v = g_strdup_printf("%s=%s>%s", keys[k], link, k == 0 ? out_file : in_file);
            g_setenv("LOOPWRIGHT_TEST_FAULT", v, TRUE);
            data = NULL;
            bool ok = lwm_file_read_inside(link, inside, 100, &data, &size, NULL, 0, &err);
            g_unsetenv("LOOPWRIGHT_TEST_FAULT");
            /* k 1: opened outside, the link then points inside: the open file decides */
            g_assert_false(ok);
            g_assert_null(data);
            g_assert_cmpint(err.code, ==, LW_ERR_PATH);
            g_free(v);
        }
        doc_tileset_races();
    }
    lwm_test_set_no_proc(false);
    g_free(link);
    g_free(out_file);
    g_free(in_file);
    g_free(outside);
    g_free(inside);
    rel_rmdir(dir);
    g_free(dir);
}

#ifdef LW_REL_SPRITES
/* A player sheet of the smallest size the play window takes, every pixel @rgba (0xRRGGBBAA). */
static void write_player_sheet(const char *path, uint32_t rgba)
{
    lwm_image img;
    lw_error err;
    g_assert_true(lwm_image_init(&img, EDITOR_PLAYER_ANIM_MAX_F * EDITOR_SPRITE_CELL,
                                 EDITOR_PLAYER_ANIM_COUNT * EDITOR_SPRITE_CELL, rgba, &err));
    g_assert_true(lwm_image_save_png(path, &img, &err));
    lwm_image_clear(&img);
}

/* The colour (0xRRGGBB) of a sheet's top-left pixel. */
static uint32_t sheet_corner(cairo_surface_t *s)
{
    cairo_surface_flush(s);
    g_assert_cmpint(cairo_image_surface_get_format(s), ==, CAIRO_FORMAT_ARGB32);
    return *(const uint32_t *)cairo_image_surface_get_data(s) & 0xFFFFFFu;
}

/* Point the level's player sheet link @link at @target. */
static void point_link(const char *link, const char *target)
{
    g_unlink(link);
    g_assert_cmpint(symlink(target, link), ==, 0);
}

/* The play window's player sprite sheet (editor-sprites.c) is read as the tileset is: the level
 * loads while its `player_sprites` link points inside the level's folder; the link then points
 * outside (changed on disk, or swapped just before the open by the swap-link hook). The sheet is
 * refused with a message naming it and the file it leads to, nothing of the outside file is
 * drawn: the play window draws the built-in player. */
static void test_symlinked_player_sheet(void)
{
    link_fixture f = link_fixture_new();
    link_fixture_point(&f, "real.png");
    char *link = g_build_filename(f.inside, "hero.png", NULL);
    char *real = g_build_filename(f.inside, "hero-real.png", NULL);
    char *secret = g_build_filename(f.outside, "hero-secret.png", NULL);
    write_player_sheet(real, 0x00C000FFu);
    write_player_sheet(secret, 0xFF0000FFu);
    char *text;
    g_assert_true(g_file_get_contents(f.level, &text, NULL, NULL));
    g_assert_true(text[0] == '{');
    char *with = g_strconcat("{\"player_sprites\": \"hero.png\",", text + 1, NULL);
    g_assert_true(g_file_set_contents(f.level, with, -1, NULL));
    point_link(link, "hero-real.png");
    GError *error = NULL;
    EditorDocument *doc = editor_document_load(f.level, &error);
    g_assert_no_error(error);
    const lw_level *level = editor_document_get_level(doc);
    g_assert_cmpstr(level->player_sprites, ==, "hero.png");
    cairo_surface_t *builtin = editor_sprites_builtin(EDITOR_SPRITES_PLAYER);
    g_assert_nonnull(builtin);

    /* inside: the level's own sheet */
    cairo_surface_t *s = editor_sprites_player_for_level(level, f.level);
    g_assert_true(s != builtin);
    g_assert_cmphex(sheet_corner(s), ==, 0x00C000);
    /* the link now leads outside */
    point_link(link, secret);
    g_assert_null(editor_sprites_load_player_for_level(f.level, "hero.png", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
    g_test_message("%s", error->message);
    g_assert_nonnull(
        strstr(error->message, "player_sprites \"hero.png\" leaves the level's folder"));
    g_assert_nonnull(strstr(error->message, "hero-secret.png"));
    g_clear_error(&error);
    s = editor_sprites_player_for_level(level, f.level);
    g_assert_true(s == builtin);
    g_assert_cmphex(sheet_corner(s), !=, 0xFF0000);
    /* inside again, swapped to the outside file right before the open */
    point_link(link, "hero-real.png");
    char *fault = g_strdup_printf("swap-link=%s>%s", link, secret);
    g_setenv("LOOPWRIGHT_TEST_FAULT", fault, TRUE);
    g_assert_null(editor_sprites_load_player_for_level(f.level, "hero.png", &error));
    g_unsetenv("LOOPWRIGHT_TEST_FAULT");
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
    g_assert_nonnull(strstr(error->message, "hero-secret.png"));
    g_clear_error(&error);
    char *now = g_file_read_link(link, NULL);
    g_assert_cmpstr(now, ==, secret); /* the hook did swap it */
    g_free(now);
    /* a sheet inside that is no player sheet: refused by its size, named */
    point_link(link, "real.png");
    g_assert_null(editor_sprites_load_player_for_level(f.level, "hero.png", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull(strstr(error->message, "player_sprites \"hero.png\": the sprite sheet is"));
    g_clear_error(&error);
    g_assert_true(editor_sprites_player_for_level(level, f.level) == builtin);
    /* and a named pipe does not hang it */
    g_unlink(link);
    g_assert_cmpint(mkfifo(link, 0600), ==, 0);
    g_assert_null(editor_sprites_load_player_for_level(f.level, "hero.png", &error));
    g_assert_nonnull(strstr(error->message, "not a regular file"));
    g_clear_error(&error);

    g_object_unref(doc);
    g_free(fault);
    g_free(with);
    g_free(text);
    g_free(secret);
    g_free(real);
    g_free(link);
    link_fixture_free(&f);
}
#endif

/* ---- 10. smaller items ---- */

static void test_small_items(void)
{
    char *dir = rel_tmpdir();
    /* a 0x0 PNG is "empty", not "over the limit" */
    uint8_t ihdr[13] = {0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0};
    GByteArray *png = g_byte_array_new();
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    g_byte_array_append(png, sig, 8);
    put_chunk(png, "IHDR", ihdr, 13);
    put_chunk(png, "IEND", NULL, 0);
    lwm_image img;
    lw_error err;
    g_assert_false(lwm_image_load_png_memory(png->data, png->len, &img, &err));
    g_assert_null(strstr(err.message, "over the limit"));
    g_assert_nonnull(strstr(err.message, "no pixels"));
    g_byte_array_free(png, TRUE);
    /* collision export creates missing parents, as its usage says */
    rel_copy_sample(dir, "loop-hill.json", "level.json");
    char *level = g_build_filename(dir, "level.json", NULL);
    char *deep = g_build_filename(dir, "a", "b", "c", NULL);
    const char *exp[] = {"collision", "export", "--format", "s2", level, "-o", deep, NULL};
    rel_result r = rel_run(exp, NULL, 30);
    g_assert_cmpint(r.code, ==, 0);
    g_assert_true(g_file_test(deep, G_FILE_TEST_IS_DIR));
    rel_result_free(&r);
    g_free(deep);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

/* ---- ENOSPC: every command that writes, on a small tmpfs (or injected) ---- */

static void test_out_of_space(void)
{
    char *dir = rel_tmpdir();
    rel_copy_sample(dir, "loop-hill.json", "level.json");
    rel_copy_sample(dir, "tiles.png", "tiles.png");
    char *level = g_build_filename(dir, "level.json", NULL);
    char *script = g_build_filename(dir, "in.txt", NULL);
    g_assert_true(g_file_set_contents(script, "300 R\n", -1, NULL));
    char *terrain = g_build_filename(dir, "terrain.png", NULL);
    rel_write_terrain(terrain, 0);
    char *full = rel_small_fs(dir); /* a 64 KiB tmpfs, or NULL: then the fault is injected */
    const char *out_dir = full ? full : dir;
    char *o_json = g_build_filename(out_dir, "o.json", NULL);
    char *o_png = g_build_filename(out_dir, "o.png", NULL);
    char *o_bin = g_build_filename(out_dir, "o.bin", NULL);
    char *o_csv = g_build_filename(out_dir, "o.csv", NULL);
    char *o_dir = g_build_filename(out_dir, "coll", NULL);
    char *bin = g_build_filename(dir, "level.bin", NULL);
    const char *pack0[] = {"pack", level, "-o", bin, NULL};
    rel_run_ok(pack0);
    const char *const *cmds[] = {
        (const char *[]){"render", level, "-o", o_png, NULL},
        (const char *[]){"pack", level, "-o", o_bin, NULL},
        (const char *[]){"unpack", bin, "-o", o_json, NULL},
        (const char *[]){"sim", level, "--input", script, "--trace", o_csv, NULL},
        (const char *[]){"import", terrain, "-o", o_json, "--no-progress", NULL},
        (const char *[]){"masks", "tiles.png", "-o", o_json, NULL},
        (const char *[]){"collision", "export", "--format", "s2", level, "-o", o_dir, NULL},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cmds); i++) {
        if (full)
            rel_fill_fs(full);
        /* a previous version of the output survives */
        rel_result rr =
            rel_run_in(cmds[i], full ? NULL : "LOOPWRIGHT_TEST_FAULT=write-after=100", dir, 60);
        if (rr.code != 1)
            g_error("%s: exit %d, stderr: %s", cmds[i][0], rr.code, rr.err);
        g_assert_true(strstr(rr.err, "No space left") || strstr(rr.err, "space"));
        g_assert_cmpint(rel_count_prefix(out_dir, "o."), ==, 0);
        rel_result_free(&rr);
        if (full)
            rel_unfill_fs(full);
    }
    if (full)
        rel_small_fs_free(full);
    g_free(bin);
    g_free(o_dir);
    g_free(o_csv);
    g_free(o_bin);
    g_free(o_png);
    g_free(o_json);
    g_free(terrain);
    g_free(script);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/reliability/1-fifo-inputs", test_fifo_inputs);
    g_test_add_func("/reliability/2-packed-limits", test_packed_limits);
    g_test_add_func("/reliability/2-json-limits", test_json_limits);
    g_test_add_func("/reliability/3-import-kill-at-every-rename", test_import_kill_at_every_rename);
    g_test_add_func("/reliability/3-set-kill-at-every-rename", test_set_kill_at_every_rename);
    g_test_add_func("/reliability/3-collision-export-kill-at-every-rename",
                    test_collision_export_kill_at_every_rename);
    g_test_add_func("/reliability/4-memory-bounded", test_memory_bounded);
    g_test_add_func("/reliability/5-render-trace", test_render_trace);
    g_test_add_func("/reliability/6-png-after-image", test_png_after_image);
    g_test_add_func("/reliability/7-temporaries-umask", test_temporaries_and_umask);
    g_test_add_func("/reliability/8-escaped-messages", test_escaped_messages);
    g_test_add_func("/reliability/9-symlinked-tileset", test_symlinked_tileset);
    g_test_add_func("/reliability/9-swapped-tileset-link", test_swapped_tileset_link);
#ifdef LW_REL_SPRITES
    g_test_add_func("/reliability/9-symlinked-player-sheet", test_symlinked_player_sheet);
#endif
    g_test_add_func("/reliability/9-read-inside-races", test_read_inside_races);
    g_test_add_func("/reliability/10-small-items", test_small_items);
    g_test_add_func("/reliability/out-of-space", test_out_of_space);
    return g_test_run();
}
