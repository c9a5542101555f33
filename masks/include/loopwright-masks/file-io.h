#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: the one home of file input and output (docs/RELIABILITY.md).
 *
 * Reading: only regular files, opened without blocking (a named pipe or a device is refused, never
 * waited on), sizes checked before allocating.
 *
 * Writing: every write goes to a temporary file beside its target (`TARGET.tmp-XXXXXX`, created
 * with mode 0666 minus the umask and locked while it is written), is fsynced and renamed over the
 * target; the folder is fsynced. A temporary left by a killed process is removed by the next
 * write of the same target (its lock is free). Several files written as one set are journaled so
 * that a kill between their renames is completed by the next run (lwm_file_recover).
 *
 * Depends on the engine's errors and libc only.
 */

#include "loopwright/base.h"

#include <stdio.h>

/** Longest path handled (bytes, without the NUL). */
#define LWM_FILE_PATH_MAX 4000u

/**
 * Read a whole regular file (at most @max_bytes) into a malloc()ed buffer with a trailing NUL.
 * The file is opened with O_NONBLOCK and checked with fstat before anything is read: a named
 * pipe, a folder or a device fails with LW_ERR_IO "not a regular file (...)" at once.
 */
bool lwm_file_read(const char *path, size_t max_bytes, char **data, size_t *size, lw_error *err);

/**
 * lwm_file_read, refused (LW_ERR_PATH) unless the file actually opened lies inside @folder. The
 * check is made on the open descriptor, not on the path text: its real path (Linux
 * /proc/self/fd; elsewhere @path resolved again after the open, which must be the same device
 * and inode as the file open) must start with the real path of @folder. A symbolic link swapped
 * between an earlier check of @path and this read is therefore refused, never read. The real path
 * of the file opened goes to @real_out (@real_cap bytes; may be NULL) for messages.
 */
bool lwm_file_read_inside(const char *path, const char *folder, size_t max_bytes, char **data,
                          size_t *size, char *real_out, size_t real_cap, lw_error *err);

/** The first bytes (at most @cap) of the regular file @path into @buf, without blocking (as
 * lwm_file_read); the count read, or -1 when it cannot be opened or is not a regular file. */
long lwm_file_peek(const char *path, void *buf, size_t cap);

/** True when @path names a regular file (following symlinks), without opening it. */
bool lwm_file_is_regular(const char *path);

/**
 * Write @size bytes atomically: a temporary file beside @path, fsync, rename over @path, fsync
 * of the folder. When @backup_suffix is non-NULL and @path exists, the previous version is kept
 * as path+suffix (hard link or copy) before the rename. On any failure @path is unchanged.
 */
bool lwm_file_write_atomic(const char *path, const void *data, size_t size,
                           const char *backup_suffix, lw_error *err);

/** One file of lwm_file_write_set. */
typedef struct lwm_file_job {
    const char *path; /* borrowed: where the file goes (its folder must exist) */
    const void *data; /* borrowed: the bytes */
    size_t size;      /* bytes at data */
} lwm_file_job;

/**
 * Write several files as one operation. Phase one writes every file to a temporary file beside
 * its path and fsyncs it; a failure there removes the temporaries and changes nothing. Then a
 * journal naming every (temporary, target) pair is committed atomically in @journal_dir (NULL:
 * the folder of the first file) as `.loopwright-journal`, the temporaries are renamed over their
 * targets and the journal is removed. A process killed between the renames leaves the journal:
 * lwm_file_recover (called by the next lwm_file_write_set with the same journal folder, and by
 * readers of such a set) completes the renames, so the set is seen all old or all new.
 * On failure *@failed (may be NULL) = the index of the file concerned.
 */
bool lwm_file_write_set(const lwm_file_job *files, size_t count, const char *journal_dir,
                        size_t *failed, lw_error *err);

/**
 * Complete a set write interrupted in @dir (see lwm_file_write_set). True when there was nothing
 * to do or the set was completed; false (with a message) when a journal is present but cannot be
 * completed (e.g. a read-only folder): the caller should then refuse to read the set.
 */
bool lwm_file_recover(const char *dir, lw_error *err);

/**
 * mkdir -p for the folders of @path, not its last component (mode 0777 minus the umask). Every
 * folder created is appended to @made (LWM_FILE_PATH_MAX + 1 bytes each, may be NULL) while
 * *@made_count < @max_made, so a failed save can remove them (lwm_file_remove_dirs).
 * Fails (errno set) when a component exists and is not a folder.
 */
bool lwm_file_make_parents(const char *path, char (*made)[LWM_FILE_PATH_MAX + 1],
                           size_t *made_count, size_t max_made);

/** rmdir the @count folders of @made, last first (the ones lwm_file_make_parents created). */
void lwm_file_remove_dirs(char (*made)[LWM_FILE_PATH_MAX + 1], size_t count);

/**
 * A file written as a stream (unbounded size, e.g. a trace), committed atomically: write to
 * @f, then lwm_file_stream_commit renames it over its target, or lwm_file_stream_abort removes it.
 */
typedef struct lwm_file_stream {
    FILE *f;    /* write here */
    char *path; /* owned copy of the target */
    char *tmp;  /* owned: the temporary file's name */
} lwm_file_stream;

bool lwm_file_stream_open(lwm_file_stream *s, const char *path, lw_error *err);
bool lwm_file_stream_commit(lwm_file_stream *s, lw_error *err);
void lwm_file_stream_abort(lwm_file_stream *s);

/**
 * Remove temporaries of @path left by killed writers (`PATH.tmp-XXXXXX` whose lock is free).
 * Every write calls it; public for tests and tools. Returns how many were removed.
 */
unsigned lwm_file_clean_stale(const char *path);

/**
 * Content-addressed name for a file that another file names (a level's tileset): @preferred if
 * that file is absent or already holds @data, else `STEM-HHHHHHHHHHHHHHHH.EXT` (a 64-bit hash of
 * @data). Writing the dependent file under that name and then the file naming it atomically
 * makes the pair change at one rename. malloc()ed; *@same = the file already holds @data.
 * @dir_path is a path whose folder holds the files (e.g. the JSON's path).
 */
char *lwm_file_dependent_name(const char *dir_path, const char *preferred, const void *data,
                              size_t size, bool *same);
