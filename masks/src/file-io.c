/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* O_NOFOLLOW, O_CLOEXEC, flock, realpath on older libcs */
#include "loopwright-masks/file-io.h"

#include "file-io-private.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define JOURNAL_NAME  ".loopwright-journal"
#define JOURNAL_MAGIC "loopwright-journal 1\n"
#define TMP_TAG       ".tmp-"
#define TMP_RANDOM    6

/* ---- fault injection (tests only) ---- */

static long fault_after_bytes = -1; /* set by lwm_test_set_write_fault */
static long env_fail_after = -2;    /* -2: not read yet, -1: none */
static long env_kill_at = -1;       /* kill the process before this rename (1-based) */
static long bytes_written, renames_done;

static void read_fault_env(void)
{
    if (env_fail_after != -2)
        return;
    env_fail_after = -1;
    const char *v = getenv("LOOPWRIGHT_TEST_FAULT");
    if (!v)
        return;
    long n;
    if (sscanf(v, "write-after=%ld", &n) == 1 && n >= 0)
        env_fail_after = n;
    else if (sscanf(v, "kill-at-rename=%ld", &n) == 1 && n >= 1)
        env_kill_at = n;
}

void lwm_test_reload_fault_env(void)
{
    env_fail_after = -2;
    env_kill_at = -1;
    bytes_written = renames_done = 0;
}

void lwm_test_set_write_fault(long after_bytes)
{
    fault_after_bytes = after_bytes;
}

/* Every rename of a finished temporary over its target goes through here: the kill point of the
 * kill-at-every-rename tests (the process dies as with kill -9, nothing is cleaned up). */
static int do_rename(const char *from, const char *to)
{
    read_fault_env();
    renames_done++;
    if (env_kill_at > 0 && renames_done == env_kill_at)
        raise(SIGKILL);
    return rename(from, to);
}

static bool write_all(int fd, const void *data, size_t size)
{
    read_fault_env();
    const uint8_t *p = data;
    size_t limit = size;
    int fail_errno = 0;
    if (fault_after_bytes >= 0 && (size_t)fault_after_bytes < size) {
        limit = (size_t)fault_after_bytes;
        fail_errno = EIO;
    }
    if (env_fail_after >= 0) {
        long room = env_fail_after - bytes_written;
        if (room < 0)
            room = 0;
        if ((size_t)room < limit) {
            limit = (size_t)room;
            fail_errno = ENOSPC;
        }
    }
    size_t done = 0;
    while (done < limit) {
        ssize_t n = write(fd, p + done, limit - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        done += (size_t)n;
        bytes_written += n;
    }
    if (fail_errno) {
        errno = fail_errno;
        return false;
    }
    return true;
}

/* ---- paths ---- */

/* The folder of @path into @dir ("." when it has none). False when too long. */
static bool dir_of(const char *path, char *dir, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return snprintf(dir, cap, ".") > 0;
    size_t n = (size_t)(slash - path);
    if (n == 0)
        n = 1;
    if (n >= cap)
        return false;
    memcpy(dir, path, n);
    dir[n] = '\0';
    return true;
}

static const char *base_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static void fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

static void fsync_parent(const char *path)
{
    char dir[LWM_FILE_PATH_MAX + 1];
    if (dir_of(path, dir, sizeof dir))
        fsync_dir(dir);
}

/* ---- temporaries ---- */

static bool is_tmp_name(const char *name, const char *base)
{
    size_t b = strlen(base), t = sizeof TMP_TAG - 1;
    if (strncmp(name, base, b) != 0 || strncmp(name + b, TMP_TAG, t) != 0)
        return false;
    const char *r = name + b + t;
    for (int i = 0; i < TMP_RANDOM; i++)
        if (!((r[i] >= '0' && r[i] <= '9') || (r[i] >= 'a' && r[i] <= 'z') ||
              (r[i] >= 'A' && r[i] <= 'Z')))
            return false;
    return r[TMP_RANDOM] == '\0';
}

unsigned lwm_file_clean_stale(const char *path)
{
    char dir[LWM_FILE_PATH_MAX + 1];
    if (strlen(path) > LWM_FILE_PATH_MAX || !dir_of(path, dir, sizeof dir))
        return 0;
    const char *base = base_of(path);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    unsigned removed = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_tmp_name(e->d_name, base))
            continue;
        char full[2 * LWM_FILE_PATH_MAX + 2];
        snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
        int fd = open(full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat st;
        /* a live writer holds the lock on its temporary: only abandoned ones go */
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0 &&
            unlink(full) == 0)
            removed++;
        close(fd);
    }
    closedir(d);
    return removed;
}

/* A fresh candidate name PATH.tmp-XXXXXX for @path into @tmp; false when too long. */
static bool tmp_name(const char *path, char *tmp, size_t cap)
{
    static unsigned long counter;
    static const char alnum[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    uint64_t x = ((uint64_t)getpid() * 0x9E3779B97F4A7C15u ^ (uintptr_t)tmp) +
                 (uint64_t)(++counter) * 0xD1B54A32D192ED03u;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9u;
    x ^= x >> 32;
    char r[TMP_RANDOM + 1];
    for (int i = 0; i < TMP_RANDOM; i++) {
        r[i] = alnum[x % 62u];
        x /= 62u;
    }
    r[TMP_RANDOM] = '\0';
    int n = snprintf(tmp, cap, "%s" TMP_TAG "%s", path, r);
    if (n < 0 || (size_t)n >= cap) {
        errno = ENAMETOOLONG;
        return false;
    }
    return true;
}

/* Create PATH.tmp-XXXXXX exclusively with mode 0666 (the umask applies), locked. */
static int open_temp(const char *path, char *tmp, size_t cap)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        if (!tmp_name(path, tmp, cap))
            return -1;
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0) {
            flock(fd, LOCK_EX | LOCK_NB);
            return fd;
        }
        if (errno != EEXIST)
            return -1;
    }
    errno = EEXIST;
    return -1;
}

/* A second name PATH.tmp-XXXXXX for the existing regular file @path (a hard link) into @old, so
 * the rename over @path does not free the old file's blocks: on ext4 that takes milliseconds per
 * file, and a set's renames run back to back (the old files are removed after the last one).
 * False (and @old empty) when @path is absent or not a regular file or the folder does not take
 * hard links: the rename then simply frees the old file itself. A name left by a kill is removed
 * as a stale temporary by the next write of @path. */
static bool link_old(const char *path, char *old, size_t cap)
{
    struct stat st;
    old[0] = '\0';
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    for (int attempt = 0; attempt < 100; attempt++) {
        if (!tmp_name(path, old, cap))
            break;
        if (link(path, old) == 0)
            return true;
        if (errno != EEXIST)
            break;
    }
    old[0] = '\0';
    return false;
}

/* ---- one file ---- */

static bool copy_file(const char *from, const char *to)
{
    char *data;
    size_t size;
    if (!lwm_file_read(from, SIZE_MAX / 2, &data, &size, NULL))
        return false;
    char tmp[LWM_FILE_PATH_MAX + 32];
    int fd = open_temp(to, tmp, sizeof tmp);
    bool ok = fd >= 0 && write_all(fd, data, size) && fsync(fd) == 0;
    free(data);
    if (ok)
        ok = do_rename(tmp, to) == 0;
    if (fd >= 0) {
        if (!ok)
            unlink(tmp);
        close(fd);
    }
    return ok;
}

bool lwm_file_write_atomic(const char *path, const void *data, size_t size,
                           const char *backup_suffix, lw_error *err)
{
    if (strlen(path) > LWM_FILE_PATH_MAX)
        return lw_error_set(err, LW_ERR_IO, "path too long");
    lwm_file_clean_stale(path);
    char tmp[LWM_FILE_PATH_MAX + 32];
    int fd = open_temp(path, tmp, sizeof tmp);
    if (fd < 0)
        return lw_error_set(err, LW_ERR_IO, "cannot create a temporary file beside it: %s",
                            strerror(errno));
    bool ok = write_all(fd, data, size);
    int saved = errno;
    if (ok && fsync(fd) != 0) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        unlink(tmp);
        close(fd);
        return lw_error_set(err, LW_ERR_IO, "write failed: %s (the previous file is intact)",
                            strerror(saved));
    }
    if (backup_suffix) {
        struct stat st;
        if (stat(path, &st) == 0) {
            char bak[LWM_FILE_PATH_MAX + 64];
            size_t plen = strlen(path), slen = strlen(backup_suffix);
            if (plen + slen >= sizeof bak) {
                unlink(tmp);
                close(fd);
                return lw_error_set(err, LW_ERR_IO, "path too long for a backup name");
            }
            memcpy(bak, path, plen);
            memcpy(bak + plen, backup_suffix, slen + 1);
            unlink(bak);
            if (link(path, bak) != 0 && !copy_file(path, bak)) {
                saved = errno;
                unlink(tmp);
                close(fd);
                return lw_error_set(err, LW_ERR_IO, "cannot keep a backup: %s", strerror(saved));
            }
        }
    }
    if (do_rename(tmp, path) != 0) {
        saved = errno;
        unlink(tmp);
        close(fd);
        return lw_error_set(err, LW_ERR_IO, "cannot replace the file: %s", strerror(saved));
    }
    fsync_parent(path);
    /* the lock is held until the temporary has its final name */
    if (close(fd) != 0)
        return lw_error_set(err, LW_ERR_IO, "write failed: %s", strerror(errno));
    return true;
}

/* ---- sets of files ---- */

/* Journal text: the magic line, then for each file "LEN:TMP\nLEN:TARGET\n" (absolute paths,
 * lengths in decimal so any byte can appear in a name), then "end\n". */
static bool journal_put(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s), need = *len + n + 32;
    if (need > *cap) {
        size_t c = *cap ? *cap * 2 : 4096;
        while (c < need)
            c *= 2;
        char *p = realloc(*buf, c);
        if (!p)
            return false;
        *buf = p;
        *cap = c;
    }
    *len += (size_t)sprintf(*buf + *len, "%zu:%s\n", n, s);
    return true;
}

/* The absolute form of @path (its folder must exist) into @out. */
static bool absolute(const char *path, char *out, size_t cap)
{
    char dir[LWM_FILE_PATH_MAX + 1], real[PATH_MAX];
    if (!dir_of(path, dir, sizeof dir) || !realpath(dir, real))
        return false;
    int n = snprintf(out, cap, "%s/%s", strcmp(real, "/") == 0 ? "" : real, base_of(path));
    return n > 0 && (size_t)n < cap;
}

static bool journal_path(const char *dir, char *out, size_t cap)
{
    int n = snprintf(out, cap, "%s/" JOURNAL_NAME, dir);
    return n > 0 && (size_t)n < cap;
}

/* Parse one "LEN:TEXT\n" field at *@p into @out. */
static bool journal_get(const char **p, const char *end, char *out, size_t cap)
{
    char *colon;
    errno = 0;
    unsigned long n = strtoul(*p, &colon, 10);
    if (errno || colon == *p || colon >= end || *colon != ':' || n >= cap ||
        (size_t)(end - colon - 1) < n + 1 || colon[1 + n] != '\n')
        return false;
    memcpy(out, colon + 1, n);
    out[n] = '\0';
    if (strlen(out) != n)
        return false;
    *p = colon + 2 + n;
    return true;
}

bool lwm_file_recover(const char *dir, lw_error *err)
{
    char jpath[LWM_FILE_PATH_MAX + 32];
    if (!journal_path(dir, jpath, sizeof jpath))
        return lw_error_set(err, LW_ERR_IO, "path too long");
    struct stat st;
    if (lstat(jpath, &st) != 0)
        return true; /* nothing interrupted */
    char *text;
    size_t len;
    if (!lwm_file_read(jpath, 1u << 24, &text, &len, err))
        return false;
    const char *p = text, *end = text + len;
    bool ok = len >= sizeof JOURNAL_MAGIC - 1 &&
              memcmp(text, JOURNAL_MAGIC, sizeof JOURNAL_MAGIC - 1) == 0;
    p += sizeof JOURNAL_MAGIC - 1;
    char tmp[PATH_MAX + 64], target[PATH_MAX + 64];
    while (ok && end - p >= 4 && memcmp(p, "end\n", 4) != 0) {
        ok = journal_get(&p, end, tmp, sizeof tmp) && journal_get(&p, end, target, sizeof target);
        if (!ok)
            break;
        /* roll forward: a temporary still present has not been renamed yet */
        if (lstat(tmp, &st) == 0 && S_ISREG(st.st_mode) && do_rename(tmp, target) != 0) {
            int e = errno;
            free(text);
            return lw_error_set(err, LW_ERR_IO,
                                "an interrupted save of this folder cannot be completed (%s: %s)",
                                target, strerror(e));
        }
        fsync_parent(target);
    }
    ok = ok && end - p == 4;
    free(text);
    if (!ok)
        return lw_error_set(err, LW_ERR_FORMAT, "%s is damaged: remove it to go on", jpath);
    if (unlink(jpath) != 0)
        return lw_error_set(err, LW_ERR_IO, "cannot remove %s: %s", jpath, strerror(errno));
    fsync_dir(dir);
    return true;
}

/* Commit the journal of a set: every (temporary, target) pair as absolute paths, written
 * atomically as @jpath in @jdir, its folder fsynced. */
static bool commit_journal(const lwm_file_job *files, char (*tmp)[LWM_FILE_PATH_MAX + 32],
                           size_t count, const char *jdir, char *jpath, size_t jpath_cap,
                           lw_error *err)
{
    char abs_tmp[PATH_MAX + 64], abs_target[PATH_MAX + 64];
    size_t jlen = 0, jcap = 4096;
    char *jtext = malloc(jcap);
    bool ok = jtext && journal_path(jdir, jpath, jpath_cap);
    if (ok) {
        memcpy(jtext, JOURNAL_MAGIC, sizeof JOURNAL_MAGIC - 1);
        jlen = sizeof JOURNAL_MAGIC - 1;
    }
    for (size_t i = 0; ok && i < count; i++)
        ok = absolute(tmp[i], abs_tmp, sizeof abs_tmp) &&
             absolute(files[i].path, abs_target, sizeof abs_target) &&
             journal_put(&jtext, &jlen, &jcap, abs_tmp) &&
             journal_put(&jtext, &jlen, &jcap, abs_target);
    if (!ok) {
        lw_error_set(err, LW_ERR_IO, "cannot write the journal of this save in %s", jdir);
    } else {
        memcpy(jtext + jlen, "end\n", 4);
        jlen += 4;
        ok = lwm_file_write_atomic(jpath, jtext, jlen, NULL, err);
        if (ok)
            fsync_dir(jdir);
    }
    free(jtext);
    return ok;
}

/* The renames of a set are durable once each of its folders is fsynced: each folder once. */
static void fsync_folders(const lwm_file_job *files, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        char di[LWM_FILE_PATH_MAX + 1], dj[LWM_FILE_PATH_MAX + 1];
        bool seen = false;
        if (!dir_of(files[i].path, di, sizeof di))
            continue;
        for (size_t j = 0; j < i && !seen; j++)
            seen = dir_of(files[j].path, dj, sizeof dj) && strcmp(di, dj) == 0;
        if (!seen)
            fsync_dir(di);
    }
}

bool lwm_file_write_set(const lwm_file_job *files, size_t count, const char *journal_dir,
                        size_t *failed, lw_error *err)
{
    if (failed)
        *failed = 0;
    if (count == 0)
        return true;
    char jdir[LWM_FILE_PATH_MAX + 1];
    if (journal_dir)
        snprintf(jdir, sizeof jdir, "%s", journal_dir);
    else if (!dir_of(files[0].path, jdir, sizeof jdir))
        return lw_error_set(err, LW_ERR_IO, "path too long");
    if (!lwm_file_recover(jdir, err))
        return false;
    char(*tmp)[LWM_FILE_PATH_MAX + 32] = calloc(count, sizeof *tmp);
    char(*old)[LWM_FILE_PATH_MAX + 32] = calloc(count, sizeof *old);
    int *fds = malloc(count * sizeof *fds);
    if (!tmp || !old || !fds) {
        free(tmp);
        free(old);
        free(fds);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    size_t staged = 0;
    bool ok = true;
    for (; staged < count; staged++) {
        const lwm_file_job *f = &files[staged];
        if (strlen(f->path) > LWM_FILE_PATH_MAX) {
            ok = lw_error_set(err, LW_ERR_IO, "path too long");
            break;
        }
        lwm_file_clean_stale(f->path);
        fds[staged] = open_temp(f->path, tmp[staged], sizeof tmp[staged]);
        if (fds[staged] < 0) {
            ok = lw_error_set(err, LW_ERR_IO, "cannot create a temporary file beside it: %s",
                              strerror(errno));
            break;
        }
        if (!write_all(fds[staged], f->data, f->size) || fsync(fds[staged]) != 0) {
            ok = lw_error_set(err, LW_ERR_IO, "write failed: %s (no file was changed)",
                              strerror(errno));
            unlink(tmp[staged]);
            close(fds[staged]);
            break;
        }
    }
    /* the old files get a second name now, so the renames below do not free them */
    for (size_t i = 0; ok && count > 1 && i < count; i++)
        link_old(files[i].path, old[i], sizeof old[i]);
    /* the journal: the commit point of a set of more than one file */
    char jpath[LWM_FILE_PATH_MAX + 32];
    if (ok && count > 1)
        ok = commit_journal(files, tmp, count, jdir, jpath, sizeof jpath, err);
    if (!ok) {
        if (failed)
            *failed = staged < count ? staged : 0;
        for (size_t i = 0; i < staged; i++) {
            unlink(tmp[i]);
            close(fds[i]);
        }
        for (size_t i = 0; i < count; i++)
            if (old[i][0])
                unlink(old[i]);
        free(tmp);
        free(old);
        free(fds);
        return false;
    }
    for (size_t i = 0; i < count; i++) {
        if (do_rename(tmp[i], files[i].path) != 0) {
            int saved = errno;
            if (failed)
                *failed = i;
            for (size_t j = 0; j < count; j++)
                close(fds[j]);
            free(tmp);
            free(old);
            free(fds);
            /* the journal stays: the next run completes the set (the old files' second names
             * go as stale temporaries at the next write of each) */
            return lw_error_set(err, LW_ERR_IO,
                                "cannot replace the file: %s (the next save completes the set)",
                                strerror(saved));
        }
    }
    fsync_folders(files, count);
    for (size_t i = 0; i < count; i++)
        close(fds[i]);
    free(tmp);
    if (count > 1) {
        read_fault_env();
        renames_done++; /* kill point after the last rename, before the journal goes */
        if (env_kill_at > 0 && renames_done == env_kill_at)
            raise(SIGKILL);
        if (unlink(jpath) != 0)
            ok = lw_error_set(err, LW_ERR_IO, "cannot remove %s: %s", jpath, strerror(errno));
        else
            fsync_dir(jdir);
    }
    /* the set is complete: now the old files' blocks are freed */
    for (size_t i = 0; i < count; i++)
        if (old[i][0])
            unlink(old[i]);
    free(old);
    free(fds);
    return ok;
}

/* ---- folders ---- */

bool lwm_file_make_parents(const char *path, char (*made)[LWM_FILE_PATH_MAX + 1],
                           size_t *made_count, size_t max_made)
{
    char buf[LWM_FILE_PATH_MAX + 1];
    if (strlen(path) > LWM_FILE_PATH_MAX) {
        errno = ENAMETOOLONG;
        return false;
    }
    strcpy(buf, path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        struct stat st;
        if (stat(buf, &st) != 0) {
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return false;
            if (made && made_count && *made_count < max_made)
                strcpy(made[(*made_count)++], buf);
        } else if (!S_ISDIR(st.st_mode)) {
            errno = ENOTDIR;
            return false;
        }
        *p = '/';
    }
    return true;
}

void lwm_file_remove_dirs(char (*made)[LWM_FILE_PATH_MAX + 1], size_t count)
{
    while (count > 0)
        rmdir(made[--count]);
}

/* ---- streams ---- */

bool lwm_file_stream_open(lwm_file_stream *s, const char *path, lw_error *err)
{
    memset(s, 0, sizeof *s);
    if (strlen(path) > LWM_FILE_PATH_MAX)
        return lw_error_set(err, LW_ERR_IO, "path too long");
    s->path = strdup(path);
    s->tmp = malloc(LWM_FILE_PATH_MAX + 32);
    if (!s->path || !s->tmp) {
        lwm_file_stream_abort(s);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    lwm_file_clean_stale(path);
    int fd = open_temp(path, s->tmp, LWM_FILE_PATH_MAX + 32);
    if (fd < 0) {
        int e = errno;
        free(s->tmp);
        s->tmp = NULL;
        lwm_file_stream_abort(s);
        return lw_error_set(err, LW_ERR_IO, "cannot create a temporary file beside it: %s",
                            strerror(e));
    }
    s->f = fdopen(fd, "w");
    if (!s->f) {
        close(fd);
        lwm_file_stream_abort(s);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    return true;
}

bool lwm_file_stream_commit(lwm_file_stream *s, lw_error *err)
{
    read_fault_env();
    bool ok = fflush(s->f) == 0 && !ferror(s->f);
    if (ok && env_fail_after >= 0 && ftell(s->f) > env_fail_after) {
        ok = false;
        errno = ENOSPC;
    }
    ok = ok && fsync(fileno(s->f)) == 0;
    int e = errno;
    if (ok && do_rename(s->tmp, s->path) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok) {
        lwm_file_stream_abort(s);
        return lw_error_set(err, LW_ERR_IO, "write failed: %s (the previous file is intact)",
                            strerror(e));
    }
    fsync_parent(s->path);
    ok = fclose(s->f) == 0;
    s->f = NULL;
    free(s->tmp);
    free(s->path);
    s->tmp = s->path = NULL;
    return ok || lw_error_set(err, LW_ERR_IO, "write failed: %s", strerror(errno));
}

void lwm_file_stream_abort(lwm_file_stream *s)
{
    if (s->tmp && s->f)
        unlink(s->tmp);
    if (s->f)
        fclose(s->f);
    free(s->tmp);
    free(s->path);
    memset(s, 0, sizeof *s);
}

/* ---- dependent files ---- */

static uint64_t fnv1a64(const void *data, size_t size)
{
    const uint8_t *p = data;
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 0x100000001b3u;
    }
    return h;
}

static bool file_holds(const char *path, const void *data, size_t size)
{
    char *have;
    size_t n;
    if (!lwm_file_read(path, size, &have, &n, NULL))
        return false;
    bool same = n == size && memcmp(have, data, size) == 0;
    free(have);
    return same;
}

char *lwm_file_dependent_name(const char *dir_path, const char *preferred, const void *data,
                              size_t size, bool *same)
{
    *same = false;
    const char *slash = strrchr(dir_path, '/');
    size_t dir_len = slash ? (size_t)(slash - dir_path) + 1 : 0;
    size_t plen = strlen(preferred);
    char *full = malloc(dir_len + plen + 32), *rel = malloc(plen + 32);
    if (!full || !rel) {
        free(full);
        free(rel);
        return NULL;
    }
    memcpy(full, dir_path, dir_len);
    strcpy(full + dir_len, preferred);
    strcpy(rel, preferred);
    struct stat st;
    if (lstat(full, &st) != 0 && errno == ENOENT)
        goto out;
    if ((*same = file_holds(full, data, size)))
        goto out;
    /* STEM-HASH.EXT: the extension is the part after the last dot of the last component */
    const char *base = base_of(preferred);
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - preferred) : plen;
    snprintf(rel + stem, 32 + plen - stem, "-%016llx%s", (unsigned long long)fnv1a64(data, size),
             preferred + stem);
    strcpy(full + dir_len, rel);
    *same = file_holds(full, data, size);
out:
    free(full);
    return rel;
}
