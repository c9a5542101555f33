/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* O_NOFOLLOW, O_CLOEXEC, realpath on older libcs */
/* The masks library's file reading (file-io.h): whole regular files with a size limit, opened
 * without blocking on a pipe or device, and reads confined to a folder (lwm_file_read_inside),
 * with its test hooks (file-io-private.h). Split from file-io.c, which writes. */
#include "file-io-private.h"
#include "loopwright-masks/file-io.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- reading ---- */

static const char *kind_of(mode_t m)
{
    if (S_ISDIR(m))
        return "a folder";
    if (S_ISFIFO(m))
        return "a named pipe";
    if (S_ISSOCK(m))
        return "a socket";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "a device";
    return "not a file";
}

bool lwm_file_is_regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

long lwm_file_peek(const char *path, void *buf, size_t cap)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st;
    long got = -1;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        ssize_t n;
        do
            n = read(fd, buf, cap);
        while (n < 0 && errno == EINTR);
        got = n < 0 ? -1 : (long)n;
    }
    close(fd);
    return got;
}

/* Open @path for reading without blocking (O_NONBLOCK: opening a FIFO must not wait for a
 * writer) and check it is a regular file of at most @max_bytes; *st is its fstat. */
static int open_regular(const char *path, size_t max_bytes, struct stat *st, lw_error *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        lw_error_set(err, LW_ERR_IO, "cannot open: %s", strerror(errno));
        return -1;
    }
    if (fstat(fd, st) != 0) {
        int e = errno;
        close(fd);
        lw_error_set(err, LW_ERR_IO, "cannot read: %s", strerror(e));
        return -1;
    }
    if (!S_ISREG(st->st_mode)) {
        close(fd);
        lw_error_set(err, LW_ERR_IO, "not a regular file (%s)", kind_of(st->st_mode));
        return -1;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    if ((uint64_t)st->st_size > max_bytes) {
        close(fd);
        lw_error_set(err, LW_ERR_LIMIT, "file is %lld bytes, over the limit of %zu",
                     (long long)st->st_size, max_bytes);
        return -1;
    }
    return fd;
}

/* Read the @st_size bytes of the open regular file @fd, then close it. */
static bool read_open(int fd, off_t st_size, char **data, size_t *size, lw_error *err)
{
    size_t cap = (size_t)st_size;
    char *buf = malloc(cap + 1);
    if (!buf) {
        close(fd);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory reading %zu bytes", cap);
    }
    /* At most the size fstat gave: a file growing meanwhile is read as it was. */
    size_t got = 0;
    while (got < cap) {
        ssize_t n = read(fd, buf + got, cap - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            close(fd);
            free(buf);
            return lw_error_set(err, LW_ERR_IO, "read error: %s", strerror(e));
        }
        if (n == 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    buf[got] = '\0';
    *data = buf;
    *size = got;
    return true;
}

bool lwm_file_read(const char *path, size_t max_bytes, char **data, size_t *size, lw_error *err)
{
    struct stat st;
    int fd = open_regular(path, max_bytes, &st, err);
    return fd >= 0 && read_open(fd, st.st_size, data, size, err);
}

/* Test hooks (LOOPWRIGHT_TEST_FAULT=swap-link=LINK>TARGET, swap-link-late=LINK>TARGET): replace
 * the symbolic link LINK by one to TARGET right before lwm_file_read_inside opens its file, or
 * between the open and its check of what was opened: an attacker racing the reader. */
static void swap_link_fault(const char *key)
{
    const char *v = getenv("LOOPWRIGHT_TEST_FAULT");
    size_t k = strlen(key);
    if (!v || strncmp(v, key, k) != 0 || v[k] != '=')
        return;
    v += k + 1;
    char link[LWM_FILE_PATH_MAX + 1];
    const char *arrow = strchr(v, '>');
    size_t n = arrow ? (size_t)(arrow - v) : 0;
    if (!arrow || n == 0 || n > LWM_FILE_PATH_MAX)
        return;
    memcpy(link, v, n);
    link[n] = '\0';
    if (unlink(link) != 0 || symlink(arrow + 1, link) != 0)
        fprintf(stderr, "loopwright: test fault: cannot swap %s: %s\n", link, strerror(errno));
}

static bool test_no_proc; /* lwm_test_set_no_proc: take the fallback of opened_real_path */

void lwm_test_set_no_proc(bool on)
{
    test_no_proc = on;
}

/* The real path of the file open as @fd (opened from @path, fstat @st) into @out. Linux names it
 * in /proc/self/fd; without /proc, @path is resolved again and must still be the same file
 * (device and inode) as the one open, or the path changed under us. */
static bool opened_real_path(int fd, const char *path, const struct stat *st, char *out, size_t cap,
                             lw_error *err)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    ssize_t n = test_no_proc ? -1 : readlink(proc, out, cap - 1);
    if (n > 0 && out[0] == '/') {
        out[n] = '\0';
        return true;
    }
    char real[PATH_MAX];
    struct stat now;
    if (!realpath(path, real) || stat(real, &now) != 0)
        return lw_error_set(err, LW_ERR_IO, "cannot resolve the path: %s", strerror(errno));
    if (now.st_dev != st->st_dev || now.st_ino != st->st_ino)
        return lw_error_set(err, LW_ERR_PATH,
                            "the file changed while it was opened (a symbolic link was "
                            "replaced); refused");
    snprintf(out, cap, "%s", real);
    return true;
}

bool lwm_file_read_inside(const char *path, const char *folder, size_t max_bytes, char **data,
                          size_t *size, char *real_out, size_t real_cap, lw_error *err)
{
    char real_dir[PATH_MAX], real[PATH_MAX];
    if (!realpath(folder, real_dir))
        return lw_error_set(err, LW_ERR_IO, "cannot resolve the folder %s: %s", folder,
                            strerror(errno));
    swap_link_fault("swap-link");
    struct stat st;
    int fd = open_regular(path, max_bytes, &st, err);
    if (fd < 0)
        return false;
    swap_link_fault("swap-link-late");
    if (!opened_real_path(fd, path, &st, real, sizeof real, err)) {
        close(fd);
        return false;
    }
    if (real_out && real_cap)
        snprintf(real_out, real_cap, "%s", real);
    size_t d = strlen(real_dir);
    bool inside =
        strncmp(real, real_dir, d) == 0 && (real[d] == '/' || (d == 1 && real_dir[0] == '/'));
    if (!inside) {
        close(fd);
        return lw_error_set(err, LW_ERR_PATH, "the file opened is %s, outside %s", real, real_dir);
    }
    return read_open(fd, st.st_size, data, size, err);
}
