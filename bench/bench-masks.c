/* SPDX-License-Identifier: MIT */
/*
 * Masks benchmarks (docs/BENCHMARKS.md, "Masks"): mask generation for a 1024x1024 sheet (4096
 * tiles) and the import of a 16384x2048 terrain, each beside the time libpng takes merely to
 * decode the same PNG, measured side by side in the same run; and the peak memory of a process
 * doing each job (fresh child processes, ru_maxrss), against the decoded image size.
 *
 *   bench-masks [RUNS]            all of it (RUNS timing runs each, median reported; default 5)
 *   bench-masks --child MODE PNG  one job in this process (decode, sheet, import, import-P
 *                                 for profile P), for the memory and callgrind figures
 *   bench-masks --save-terrain OUT.png  write the benchmark's terrain
 *   bench-masks --save-sheet PNG  write the 1024x1024 sheet and exit (bench-peers uses it)
 */
#define _DEFAULT_SOURCE /* wait4 */
#include "bench-util.h"

#include <fcntl.h>
#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>
#include <loopwright-masks/terrain.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* CPU time of this process (user + system, page faults included): far steadier than wall time
 * on a shared virtual machine. */
static void die(const char *what, const lw_error *err)
{
    fprintf(stderr, "bench-masks: %s: %s\n", what, err ? err->message : "failed");
    exit(1);
}

static void put(lwm_image *img, uint32_t x, uint32_t y, uint32_t rgba)
{
    uint8_t *p = lwm_image_pixel(img, x, y);
    p[0] = (uint8_t)(rgba >> 24), p[1] = (uint8_t)(rgba >> 16), p[2] = (uint8_t)(rgba >> 8);
    p[3] = (uint8_t)rgba;
}

/* Textured ground: colour from the position inside the 16 px cell and the depth below the
 * surface (grass on top), so cells of equal shape have equal art. */
static uint32_t ground_colour(uint32_t x, uint32_t y, uint32_t depth)
{
    if (depth < 6)
        return 0x3CA03CFFu + ((((x + y) & 3u) == 0) ? 0x10101000u : 0);
    uint32_t v = ((x & 15u) * 7u + (y & 15u) * 13u) % 32u;
    return (0x8C5A28FFu + (v << 24) + (v << 16)) | 0xFFu;
}

/* A tileset sheet: 4096 tiles of slopes at many angles, flats, ceilings, walls and empties. */
static void make_sheet(lwm_image *img)
{
    if (!lwm_image_init(img, 1024, 1024, 0, NULL))
        die("sheet", NULL);
    uint32_t seed = 12345;
    for (uint32_t t = 0; t < 4096; t++) {
        seed = seed * 1103515245u + 12345u;
        uint32_t kind = (seed >> 16) % 8u;
        if (kind == 0)
            continue; /* empty */
        double angle = (double)((seed >> 8) % 256u), px = 4 + (seed >> 4) % 8,
               py = 4 + (seed >> 12) % 8;
        double th = angle * M_PI / 128.0, nx = sin(th), ny = -cos(th);
        uint32_t tx = (t % 64) * 16, ty = (t / 64) * 16;
        for (uint32_t r = 0; r < 16; r++)
            for (uint32_t c = 0; c < 16; c++) {
                double qx = c + 0.5 - px, qy = r + 0.5 - py;
                bool solid = kind == 1   ? true
                             : kind == 2 ? r >= (seed >> 20) % 16
                                         : qx * nx + qy * ny < 0;
                if (solid)
                    put(img, tx + c, ty + r, ground_colour(c, r, 10));
            }
    }
}

/* A 16384x2048 terrain built from 128 px pieces: flats at heights that are multiples of 8 (so
 * half the flats sit inside cells), ramps rising or falling 32, 64 or 128 px over 128 px
 * (14, 26.6 and 45 degrees), a floating platform over some flats: the size of a Sonic 2 level at
 * its maximum, with the repetition a real level has (it must fit 1023 tiles, 1024 chunks). */
static void make_terrain(lwm_image *img)
{
    if (!lwm_image_init(img, 16384, 2048, 0, NULL))
        die("terrain", NULL);
    uint32_t seed = 777;
    int level = 1536;
    static const int rises[7] = {0, -32, 32, -64, 64, -128, 128};
    for (uint32_t seg = 0; seg < 128; seg++) {
        seed ^= seed << 13; /* xorshift32 */
        seed ^= seed >> 17;
        seed ^= seed << 5;
        int rise = rises[seed % 7u];
        if (rise == 0 && (seed >> 8) % 2u)
            level += (seed >> 9) % 2u ? 8 : -8;
        if (level + rise < 768 || level + rise > 1920)
            rise = -rise;
        for (uint32_t i = 0; i < 128; i++) {
            uint32_t x = seg * 128 + i;
            double g = level + rise * (i + 0.5) / 128.0;
            for (uint32_t y = (uint32_t)ceil(g - 0.5); y < 2048; y++)
                put(img, x, y, ground_colour(x, y, (uint32_t)(y - g)));
        }
        if (rise == 0 && (seed >> 12) % 3u == 0)
            for (uint32_t x = seg * 128 + 32; x < seg * 128 + 96; x++)
                for (uint32_t y = (uint32_t)level - 100; y < (uint32_t)level - 88; y++)
                    put(img, x, y, ground_colour(x, y, y - ((uint32_t)level - 100)));
        level += rise;
    }
}

typedef struct stopwatch {
    double decode[15], job[15];
} stopwatch;

/* Each run: decode alone, then decode again and run the job on the result; the job's own time
 * is measured between the two, so both figures come from the same run. */
static void time_sheet(const char *png, int runs, double *decode, double *job)
{
    double d[64], j[64];
    for (int i = 0; i < runs; i++) {
        lwm_image img;
        lw_error err;
        double t0 = bench_cpu_ms();
        if (!lwm_image_load_png(png, &img, &err))
            die(png, &err);
        double t1 = bench_cpu_ms();
        lwm_image_clear(&img);
        lwm_image_info info;
        lwm_sheet s;
        if (!lwm_image_load_png_info(png, &img, &info, &err))
            die(png, &err);
        double t2 = bench_cpu_ms();
        if (!info.has_alpha)
            lwm_image_apply_color_key(&img, lwm_image_corner_rgb(&img));
        if (!lwm_sheet_build(&img, &s, &err))
            die("sheet", &err);
        double t3 = bench_cpu_ms();
        lwm_sheet_clear(&s);
        lwm_image_clear(&img);
        d[i] = t1 - t0;
        j[i] = t3 - t2;
    }
    *decode = bench_median(d, runs);
    *job = bench_median(j, runs);
}

static void time_import(const char *png, int runs, double *decode, double *job)
{
    double d[64], j[64];
    for (int i = 0; i < runs; i++) {
        lwm_image img;
        lw_error err;
        double t0 = bench_cpu_ms();
        if (!lwm_image_load_png(png, &img, &err))
            die(png, &err);
        double t1 = bench_cpu_ms();
        lwm_image_clear(&img);
        if (!lwm_image_load_png(png, &img, &err))
            die(png, &err);
        double t2 = bench_cpu_ms();
        lwm_import_options o = lwm_import_options_default();
        o.terrain = &img;
        lwm_import_result r;
        if (!lwm_import_terrain(&o, &r, &err))
            die("import", &err);
        double t3 = bench_cpu_ms();
        if (i == 0)
            printf("  terrain level: %u masks, %u tiles, %u chunks, %u art cells, %u warnings\n",
                   r.level->mask_count, r.level->tile_count, r.level->chunk_count, r.art_cells,
                   r.warnings);
        lwm_import_result_clear(&r);
        lwm_image_clear(&img);
        d[i] = t1 - t0;
        j[i] = t3 - t2;
    }
    *decode = bench_median(d, runs);
    *job = bench_median(j, runs);
}

/* Peak resident memory (KiB) of a child running argv. */
static long child_rss(char *const argv[])
{
    pid_t pid = fork();
    if (pid == 0) {
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 1);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench-masks: child %s failed\n", argv[0]);
        return -1;
    }
    return ru.ru_maxrss;
}

static int child(const char *mode, const char *png)
{
    lwm_image img;
    lw_error err;
    if (!lwm_image_load_png(png, &img, &err))
        die(png, &err);
    if (strcmp(mode, "sheet") == 0) {
        lwm_sheet s;
        if (!lwm_sheet_build(&img, &s, &err))
            die("sheet", &err);
        lwm_sheet_clear(&s);
    } else if (strncmp(mode, "import", 6) == 0) {
        /* "import" (the default profile, s2) or "import-P": profile P's angle rule */
        lwm_import_options o = lwm_import_options_default();
        o.terrain = &img;
        if (mode[6] == '-')
            o.profile = mode + 7;
        lwm_import_result r;
        if (!lwm_import_terrain(&o, &r, &err))
            die("import", &err);
        lwm_import_result_clear(&r);
    }
    lwm_image_clear(&img);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--child") == 0)
        return child(argv[2], argv[3]);
    if (argc == 3 && strcmp(argv[1], "--save-sheet") == 0) { /* for bench-peers */
        lwm_image sheet_img;
        lw_error save_err;
        make_sheet(&sheet_img);
        bool saved = lwm_image_save_png(argv[2], &sheet_img, &save_err);
        lwm_image_clear(&sheet_img);
        if (!saved)
            die(argv[2], &save_err);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--save-terrain") == 0) { /* for callgrind runs */
        lwm_image terrain_img;
        lw_error save_err;
        make_terrain(&terrain_img);
        bool saved = lwm_image_save_png(argv[2], &terrain_img, &save_err);
        lwm_image_clear(&terrain_img);
        if (!saved)
            die(argv[2], &save_err);
        return 0;
    }
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    if (runs < 1 || runs > 31)
        runs = 5;
    char dir[] = "/tmp/lw-bench-masks-XXXXXX";
    if (!mkdtemp(dir))
        die("mkdtemp", NULL);
    char sheet[256], terrain[256];
    snprintf(sheet, sizeof sheet, "%s/sheet.png", dir);
    snprintf(terrain, sizeof terrain, "%s/terrain.png", dir);
    lwm_image img;
    lw_error err;
    make_sheet(&img);
    if (!lwm_image_save_png(sheet, &img, &err))
        die(sheet, &err);
    lwm_image_clear(&img);
    make_terrain(&img);
    if (!lwm_image_save_png(terrain, &img, &err))
        die(terrain, &err);
    lwm_image_clear(&img);
    FILE *f;
    long sheet_bytes = 0, terrain_bytes = 0;
    if ((f = fopen(sheet, "rb"))) {
        fseek(f, 0, SEEK_END);
        sheet_bytes = ftell(f);
        fclose(f);
    }
    if ((f = fopen(terrain, "rb"))) {
        fseek(f, 0, SEEK_END);
        terrain_bytes = ftell(f);
        fclose(f);
    }
    if (getenv("LW_BENCH_KEEP"))
        printf("inputs kept in %s\n", dir);
    double dec, job;
    time_sheet(sheet, runs * 3, &dec, &job);
    printf("sheet 1024x1024 (4096 tiles, PNG %ld bytes), CPU ms, median of %d:\n", sheet_bytes,
           runs * 3);
    printf("  decode %.1f | masks (colour key, slicing, heights, widths, angles, de-dup) %.1f | "
           "decode + masks / decode = %.2f\n",
           dec, job, (dec + job) / dec);
    time_import(terrain, runs, &dec, &job);
    printf("terrain 16384x2048 (PNG %ld bytes), CPU ms, median of %d:\n", terrain_bytes, runs);
    printf("  decode %.1f | import (cells, masks, angles, art, tiles, chunks, start) %.1f | "
           "decode + import / decode = %.2f\n",
           dec, job, (dec + job) / dec);

    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        char *dec_argv[] = {self, "--child", "decode", terrain, NULL};
        char *imp_argv[] = {self, "--child", "import", terrain, NULL};
        char *sh_dec[] = {self, "--child", "decode", sheet, NULL};
        char *sh_argv[] = {self, "--child", "sheet", sheet, NULL};
        long rd = child_rss(dec_argv), ri = child_rss(imp_argv);
        long sd = child_rss(sh_dec), ss = child_rss(sh_argv);
        double decoded_kib = 16384.0 * 2048 * 4 / 1024;
        printf("peak RSS (KiB): terrain decode %ld, decode + import %ld; decoded image %.0f KiB; "
               "import peak / decoded size %.2f\n",
               rd, ri, decoded_kib, ri / decoded_kib);
        printf("peak RSS (KiB): sheet decode %ld, decode + masks %ld; decoded image %.0f KiB\n", sd,
               ss, 1024.0 * 1024 * 4 / 1024);
    }
    const char *exe = getenv("LW_LOOPWRIGHT");
    if (exe && *exe) {
        char out[256];
        snprintf(out, sizeof out, "%s/level.json", dir);
        char *cli[] = {(char *)exe, "import", terrain, "-o", out, "--no-progress", NULL};
        long rss = child_rss(cli);
        printf("loopwright import (decode, import, write tileset PNG and level JSON): peak RSS "
               "%ld KiB\n",
               rss);
    }
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (!getenv("LW_BENCH_KEEP") && system(cmd) != 0)
        fprintf(stderr, "bench-masks: could not remove %s\n", dir);
    return 0;
}
