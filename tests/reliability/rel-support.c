/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* wait4, putenv, flock, mount */
#include "rel-support.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static rel_result run_full(const char *const *args, const char *env, const char *cwd, int mask,
                           int timeout_s)
{
    char *out_path = NULL, *err_path = NULL;
    int out_fd = g_file_open_tmp("rel-out-XXXXXX", &out_path, NULL);
    int err_fd = g_file_open_tmp("rel-err-XXXXXX", &err_path, NULL);
    g_assert_cmpint(out_fd, >=, 0);
    g_assert_cmpint(err_fd, >=, 0);
    const char *exe = g_getenv("LW_LOOPWRIGHT");
    g_assert_nonnull(exe);
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (char *)exe);
    for (const char *const *a = args; *a; a++)
        g_ptr_array_add(argv, (char *)*a);
    g_ptr_array_add(argv, NULL);
    pid_t pid = fork();
    g_assert_cmpint(pid, >=, 0);
    if (pid == 0) {
        dup2(out_fd, 1);
        dup2(err_fd, 2);
        int in = open("/dev/null", O_RDONLY);
        dup2(in, 0);
        if (cwd && chdir(cwd) != 0)
            _exit(126);
        if (mask >= 0)
            umask((mode_t)mask);
        unsetenv("DISPLAY");
        unsetenv("WAYLAND_DISPLAY");
        if (env)
            putenv((char *)env);
        execv(exe, (char **)argv->pdata);
        _exit(127);
    }
    rel_result r = {0};
    int status = 0;
    struct rusage ru;
    gint64 deadline = g_get_monotonic_time() + (gint64)timeout_s * 1000000;
    for (;;) {
        pid_t w = wait4(pid, &status, WNOHANG, &ru);
        if (w == pid)
            break;
        g_assert_cmpint(w, ==, 0);
        if (g_get_monotonic_time() > deadline) {
            kill(pid, SIGKILL);
            r.timed_out = true;
            g_assert_cmpint(wait4(pid, &status, 0, &ru), ==, pid);
            break;
        }
        g_usleep(2000);
    }
    r.maxrss_kb = ru.ru_maxrss;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    close(out_fd);
    close(err_fd);
    g_assert_true(g_file_get_contents(out_path, &r.out, NULL, NULL));
    g_assert_true(g_file_get_contents(err_path, &r.err, NULL, NULL));
    g_unlink(out_path);
    g_unlink(err_path);
    g_free(out_path);
    g_free(err_path);
    g_ptr_array_free(argv, TRUE);
    if (r.timed_out)
        g_test_message("timed out: %s %s", args[0], args[1] ? args[1] : "");
    return r;
}

rel_result rel_run(const char *const *args, const char *env, int timeout_s)
{
    return run_full(args, env, NULL, -1, timeout_s);
}

void rel_run_ok(const char *const *args)
{
    rel_result r = rel_run(args, NULL, 60);
    if (r.code != 0)
        g_error("loopwright %s: exit %d, stderr: %s", args[0], r.code, r.err);
    rel_result_free(&r);
}

bool rel_run_killed_at_rename(const char *const *args, int k)
{
    char fault[64];
    snprintf(fault, sizeof fault, "LOOPWRIGHT_TEST_FAULT=kill-at-rename=%d", k);
    rel_result r = rel_run(args, fault, 60);
    bool killed = r.signal == SIGKILL;
    rel_result_free(&r);
    return killed;
}

rel_result rel_run_in(const char *const *args, const char *env, const char *cwd, int timeout_s)
{
    return run_full(args, env, cwd, -1, timeout_s);
}

rel_result rel_run_umask(const char *const *args, mode_t mask, int timeout_s)
{
    return run_full(args, NULL, NULL, (int)mask, timeout_s);
}

void rel_result_free(rel_result *r)
{
    g_free(r->out);
    g_free(r->err);
    r->out = r->err = NULL;
}

long rel_baseline_rss_kb(void)
{
    static long cached;
    if (cached)
        return cached;
    char *dir = rel_tmpdir();
    rel_copy_sample(dir, "loop-hill.json", "level.json");
    char *level = g_build_filename(dir, "level.json", NULL);
    const char *check[] = {"check", level, NULL};
    rel_result r = rel_run(check, NULL, 60);
    cached = r.maxrss_kb;
    rel_result_free(&r);
    g_free(level);
    rel_rmdir(dir);
    g_free(dir);
    return cached;
}

char *rel_tmpdir(void)
{
    char *dir = g_dir_make_tmp("lw-rel-XXXXXX", NULL);
    g_assert_nonnull(dir);
    return dir;
}

void rel_rmdir(const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    if (!d)
        return;
    const char *name;
    while ((name = g_dir_read_name(d)) != NULL) {
        char *p = g_build_filename(dir, name, NULL);
        if (g_file_test(p, G_FILE_TEST_IS_DIR) && !g_file_test(p, G_FILE_TEST_IS_SYMLINK))
            rel_rmdir(p);
        else
            g_unlink(p);
        g_free(p);
    }
    g_dir_close(d);
    g_rmdir(dir);
}

void rel_copy_sample(const char *dir, const char *name, const char *as)
{
    char *src = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
    char *dst = g_build_filename(dir, as, NULL);
    gchar *data;
    gsize n;
    g_assert_true(g_file_get_contents(src, &data, &n, NULL));
    g_assert_true(g_file_set_contents(dst, data, (gssize)n, NULL));
    g_free(data);
    g_free(dst);
    g_free(src);
}

char *rel_replace(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    g_assert_nonnull(at);
    return g_strdup_printf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

char *rel_sample_with_replay(const char *fields)
{
    char *src =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    gchar *text;
    g_assert_true(g_file_get_contents(src, &text, NULL, NULL));
    g_free(src);
    char *fields_json = g_strdup_printf("\"replays\": [{\"name\": \"r\", "
                                        "\"profile\": \"\", \"character\": \"\", %s, "
                                        "\"script\": \"10 R\\n\", \"expect\": null}]",
                                        fields);
    char *out = rel_replace(text, "\"replays\": []", fields_json);
    g_free(fields_json);
    g_free(text);
    return out;
}

void rel_write_terrain(const char *path, int variant)
{
    lwm_image img;
    lw_error err;
    g_assert_true(lwm_image_init(&img, 256, 128, 0x00000000u, &err));
    for (uint32_t y = 0; y < 128; y++)
        for (uint32_t x = 0; x < 256; x++) {
            bool solid = variant ? (int)y >= 112 - (int)x / 4 : y >= 96;
            if (solid)
                memcpy(lwm_image_pixel(&img, x, y),
                       (uint8_t[4]){0x40, (uint8_t)(0x80 + variant * 0x40), 0x20, 0xFF}, 4);
        }
    g_assert_true(lwm_image_save_png(path, &img, &err));
    lwm_image_clear(&img);
}

int rel_count_prefix(const char *dir, const char *prefix)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    g_assert_nonnull(d);
    const char *name;
    int n = 0;
    while ((name = g_dir_read_name(d)) != NULL)
        n += g_str_has_prefix(name, prefix);
    g_dir_close(d);
    return n;
}

int rel_count_char(const char *s, char c)
{
    int n = 0;
    for (; *s; s++)
        n += *s == c;
    return n;
}

char *rel_small_fs(const char *dir)
{
    char *mnt = g_build_filename(dir, "full", NULL);
    g_mkdir(mnt, 0755);
    if (mount("tmpfs", mnt, "tmpfs", 0, "size=64k") != 0) {
        g_test_message("cannot mount a tmpfs (%s): out-of-space faults are injected instead",
                       strerror(errno));
        g_rmdir(mnt);
        g_free(mnt);
        return NULL;
    }
    return mnt;
}

void rel_fill_fs(const char *mnt)
{
    char *p = g_build_filename(mnt, "filler", NULL);
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    g_assert_cmpint(fd, >=, 0);
    static char block[4096];
    while (write(fd, block, sizeof block) > 0)
        ;
    while (write(fd, block, 1) > 0)
        ;
    close(fd);
    g_free(p);
}

void rel_unfill_fs(const char *mnt)
{
    char *p = g_build_filename(mnt, "filler", NULL);
    g_unlink(p);
    g_free(p);
}

void rel_small_fs_free(char *mnt)
{
    rel_rmdir(mnt); /* empties it */
    umount(mnt);
    g_rmdir(mnt);
    g_free(mnt);
}
