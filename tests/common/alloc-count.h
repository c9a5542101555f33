#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A counting allocator for a test program linked with test_alloc_count_args
 * (-Wl,--wrap=malloc,calloc,realloc,free; tests/meson.build) and test_alloc_count's source:
 * every call the program's statically linked objects make to malloc, calloc, realloc or free
 * goes through wrappers that add one to test_alloc_calls.
 */

/** Allocator calls (malloc, calloc, realloc and free, each 1) through the wrappers so far. */
extern unsigned long test_alloc_calls;
