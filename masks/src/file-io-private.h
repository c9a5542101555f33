#pragma once
/* SPDX-License-Identifier: MIT */
/* Test hooks of the masks library's file I/O (not part of the public API). Besides this call,
 * the environment variable LOOPWRIGHT_TEST_FAULT injects faults into any process using the
 * library (docs/RELIABILITY.md): "write-after=N" makes writes fail with ENOSPC once N bytes
 * have been written in all; "kill-at-rename=K" kills the process (SIGKILL) just before its K-th
 * rename of a finished temporary (the journal's removal after a set counts as one). */

/** Make the next atomic writes fail after @after_bytes bytes of one file (-1 = never): tests of
 * "the old file survives a failure mid-write". */
void lwm_test_set_write_fault(long after_bytes);

/** Read LOOPWRIGHT_TEST_FAULT again and restart its counters (for a forked child). */
void lwm_test_reload_fault_env(void);
