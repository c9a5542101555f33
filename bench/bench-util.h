#pragma once
/* SPDX-License-Identifier: MIT */
/* Helpers shared by the benchmarks: clocks, medians, child processes, the maximum-size level. */

#include <loopwright/level.h>

/** Monotonic wall-clock time in ms / ns. */
double bench_now_ms(void);
double bench_now_ns(void);

/** CPU time of this process in ms (steadier than wall time on a busy or virtual machine). */
double bench_cpu_ms(void);

/** Median of @n values (sorts @v in place); the mean of the middle two when @n is even. */
double bench_median(double *v, int n);

/** Run @argv (argv[0] a path) with stdout/stderr discarded; returns its exit status or -1.
 * When @maxrss_kib is non-NULL it receives the child's peak resident memory. */
int bench_run(char **argv, long *maxrss_kib);

struct rusage;

/** bench_run with stdout written to @stdout_path (NULL: discarded) and the child's resource use
 * in *@ru: its exit status, -1 when it could not be started or waited for, -2 when it did not
 * exit normally (a signal). */
int bench_run_usage(char **argv, const char *stdout_path, struct rusage *ru);

/**
 * The maximum-size level of the foundation benchmarks: a 128x16 layout of 128 px chunks
 * (16384x2048 px) with every slot used, 1024 distinct chunks with every cell used, 1023 tiles
 * (art cells 0..63), 1023 masks, a tileset "max-tiles.png" and a player start. Deterministic.
 */
lw_level *bench_max_level(void);
