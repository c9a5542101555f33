#pragma once
/* SPDX-License-Identifier: MIT */
/* Test hooks of the masks library's file I/O (not part of the public API). Besides this call,
 * the environment variable LOOPWRIGHT_TEST_FAULT injects faults into any process using the
 * library (docs/RELIABILITY.md): "write-after=N" makes writes fail with ENOSPC once N bytes
 * have been written in all; "kill-at-rename=K" kills the process (SIGKILL) just before its K-th
 * rename of a finished temporary (the journal's removal after a set counts as one);
 * "swap-link=LINK>TARGET" replaces the symbolic link LINK by one to TARGET just before
 * lwm_file_read_inside opens its file (the race between a path check and the read);
 * "swap-link-late=LINK>TARGET" does it between that open and the check of the file opened. */

#include <stdbool.h>

/** Make the next atomic writes fail after @after_bytes bytes of one file (-1 = never): tests of
 * "the old file survives a failure mid-write". */
void lwm_test_set_write_fault(long after_bytes);

/** Read LOOPWRIGHT_TEST_FAULT again and restart its counters (for a forked child). */
void lwm_test_reload_fault_env(void);

/** Make lwm_file_read_inside take its fallback for systems without /proc (the path resolved
 * again after the open, device and inode compared with the file open). */
void lwm_test_set_no_proc(bool on);
