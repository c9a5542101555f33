#pragma once
/* SPDX-License-Identifier: MIT */
/* Test hooks of the masks library (not part of the public API). */

/** Make the next atomic writes fail after @after_bytes bytes (-1 = never): tests of "the old
 * file survives a failure mid-write". */
void lwm_test_set_write_fault(long after_bytes);
