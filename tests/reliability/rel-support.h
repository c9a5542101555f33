#pragma once
/* SPDX-License-Identifier: MIT */
/* Helpers of the reliability suite: run $LW_LOOPWRIGHT under a timeout with its peak memory,
 * temporary folders, sample copies, a small full file system. */

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct rel_result {
    int code;       /* exit status, -1 when killed by a signal */
    int signal;     /* the signal that ended it, else 0 */
    bool timed_out; /* killed by the timeout */
    long maxrss_kb; /* peak resident memory */
    char *out, *err;
} rel_result;

/** Run loopwright with @args (NULL-terminated); @env ("NAME=VALUE", may be NULL) is added to the
 * environment. Killed after @timeout_s seconds. */
rel_result rel_run(const char *const *args, const char *env, int timeout_s);
/** rel_run with the working folder @cwd (NULL: unchanged). */
rel_result rel_run_in(const char *const *args, const char *env, const char *cwd, int timeout_s);
/** rel_run with the umask @mask. */
rel_result rel_run_umask(const char *const *args, mode_t mask, int timeout_s);
void rel_result_free(rel_result *r);
/** rel_run without extra environment (60 s), which must exit 0 (else the test fails with its
 * stderr). */
void rel_run_ok(const char *const *args);
/** rel_run with LOOPWRIGHT_TEST_FAULT=kill-at-rename=@k: the command is killed before its @k-th
 * rename. True when it was (false: it made fewer renames and finished). */
bool rel_run_killed_at_rename(const char *const *args, int k);

/** Peak memory of `loopwright check` on a small sample level (the process's baseline), KiB. */
long rel_baseline_rss_kb(void);

char *rel_tmpdir(void);
void rel_rmdir(const char *dir);
/** Copy sample-levels/@name to @dir/@as. */
void rel_copy_sample(const char *dir, const char *name, const char *as);
/** The loop-hill sample with one replay whose fields after its name and script are @fields. */
char *rel_sample_with_replay(const char *fields);
/** A 256x128 RGBA terrain picture, shape @variant (0 or 1), saved to @path. */
void rel_write_terrain(const char *path, int variant);
/** Entries of @dir whose names start with @prefix. */
int rel_count_prefix(const char *dir, const char *prefix);
/** @text with the first @from replaced by @to (g_malloc()ed; asserts @from is present). */
char *rel_replace(const char *text, const char *from, const char *to);
int rel_count_char(const char *s, char c);

/** A 64 KiB tmpfs mounted in @dir/full, or NULL when mounting is not possible here. */
char *rel_small_fs(const char *dir);
void rel_fill_fs(const char *mnt);
void rel_unfill_fs(const char *mnt);
void rel_small_fs_free(char *mnt);
