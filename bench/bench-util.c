/* SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE 1 /* wait4 */
#include "bench-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double bench_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double bench_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int bench_run_usage(char **argv, const char *stdout_path, struct rusage *ru)
{
    fflush(NULL); /* the child must not write our buffered output again */
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(stdout_path ? stdout_path : "/dev/null", "w", stdout) ||
            !freopen("/dev/null", "w", stderr))
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    if (pid < 0 || wait4(pid, &status, 0, ru) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
}

int bench_run(char **argv, long *maxrss_kib)
{
    struct rusage ru;
    int rc = bench_run_usage(argv, NULL, &ru);
    if (rc == -1)
        return -1;
    if (maxrss_kib)
        *maxrss_kib = ru.ru_maxrss;
    return rc < 0 ? -1 : rc;
}

lw_level *bench_max_level(void)
{
    lw_error err;
    lw_level *level = lw_level_new(128, 128, 16, &err);
    uint32_t seed = 12345;
#define RND() (seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7FFF)
    for (int m = 0; m < 1023; m++) {
        lw_mask mask = {.angle = (uint8_t)(RND() & 0xFE)};
        for (int c = 0; c < 16; c++)
            mask.heights[c] = (int8_t)(RND() % 17);
        lw_level_add_mask(level, &mask);
    }
    for (int t = 0; t < LW_MAX_TILES; t++) {
        lw_tile tile = {.art = (uint16_t)(t % 64),
                        .mask = {(uint16_t)(RND() % 1023), (uint16_t)(RND() % 1023)}};
        lw_level_add_tile(level, &tile);
    }
    lw_cell cells[64];
    for (int c = 0; c < LW_MAX_CHUNKS; c++) {
        for (int i = 0; i < 64; i++)
            cells[i] = (lw_cell){.tile = (uint16_t)(RND() % LW_MAX_TILES),
                                 .flags = (uint8_t)(RND() & 3),
                                 .solid = (uint8_t)(RND() & 15)};
        lw_level_add_chunk(level, cells);
    }
    for (size_t i = 0; i < 128u * 16u; i++)
        lw_level_layout_mut(level, LW_LAYER_FG)[i] = (uint16_t)(i % LW_MAX_CHUNKS);
    lw_level_set_string(&level->tileset, "max-tiles.png");
    lw_object start = {.type = LW_OBJECT_PLAYER_START, .x = 64, .y = 64};
    lw_level_add_object(level, &start);
    return level;
#undef RND
}
