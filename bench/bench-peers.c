/* SPDX-License-Identifier: MIT */
/*
 * The headless `loopwright` beside its peers, in one run (docs/BENCHMARKS.md, "Command line"):
 *
 *   render      `loopwright render` of the maximum-size level with real-looking art (1023
 *               distinct 16x16 tiles in Mega Drive-like 4 x 15-colour palette lines, flips)
 *               vs `tmxrasterizer` (Tiled) on the equivalent TMX (the same 1024x128 tile layer,
 *               the same tileset PNG): CPU, peak memory, output size; and `--collision`
 *   masks       `loopwright masks` of bench-masks's 1024x1024 sheet, whole process, vs netpbm's
 *               `pngtopam` (decoding the same PNG: the floor)
 *   check/pack  `loopwright check` / `pack` of the maximum level vs `tiled --export-map json`
 *               on the TMX
 *   start-up    `loopwright --version` and `check` of a sample level: wall time and peak memory
 *
 * Every figure is of a whole child process (fork + exec; CPU is user + system from wait4, peak
 * memory is ru_maxrss); medians of RUNS runs. A peer that is not installed is named and its
 * comparison skipped: this program installs nothing (Debian: `apt-get install tiled netpbm`).
 *
 *   bench-peers [RUNS]                 (meson: `meson test -C build --benchmark --suite cli -v`)
 *   bench-peers --save DIR             write the inputs (max.json, max-tiles.png, max.tmx) only
 * Environment: LW_LOOPWRIGHT (the executable), LW_BENCH_MASKS (bench-masks, for the sheet),
 * LW_SOURCE_ROOT (for the sample level).
 */
#define _DEFAULT_SOURCE 1 /* wait4 */
#include "bench-util.h"
#include "level-json.h"

#include <loopwright-masks/image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define TILES_PER_ROW 16u

static void die(const char *what, const lw_error *err)
{
    fprintf(stderr, "bench-peers: %s: %s\n", what, err ? err->message : "failed");
    exit(1);
}

/* Four palette lines of 15 colours (index 0 is transparent), as on the Mega Drive: a green,
 * a brown, a grey-blue and a warm line, each a ramp with some hue shift. */
static uint32_t palette_colour(unsigned line, unsigned i)
{
    static const uint8_t base[4][3] = {
        {40, 150, 50}, {150, 90, 40}, {90, 100, 140}, {200, 120, 60}};
    int shade = (int)i * 14 - 100;
    uint32_t rgb = 0;
    for (int c = 0; c < 3; c++) {
        int v = base[line][c] + shade + (c == (int)(i % 3) ? 20 : 0);
        v = v < 0 ? 0 : v > 252 ? 252 : v;
        v &= ~3; /* MD colours are 3 bits per channel (in steps of 36); keep a few more levels */
        rgb = rgb << 8 | (uint32_t)v;
    }
    return rgb << 8 | 0xFFu;
}

static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* Colour index (0 transparent, 1..15) of pixel (x, y) of art cell @t: one of eight patterns
 * (grass over soil, bricks, checks, slope with a lit edge, rocks, stripes, dithered gradient,
 * sky with a cloud), varied per cell so all 1024 cells differ. */
static unsigned art_index(uint32_t t, uint32_t x, uint32_t y)
{
    uint32_t h = hash32(t * 7919u + 17u), n = hash32(t * 65536u + y * 16u + x);
    unsigned kind = (t / 4u) % 8u;
    switch (kind) {
    case 0: { /* grass on top, soil below with specks */
        unsigned top = 3u + (h >> 4) % 4u + ((x + (h & 3u)) % 5u == 0);
        if (y < top)
            return 10u + (x + y) % 4u;
        return 3u + ((n & 15u) < 3u ? 4u : 0u) + (y / 4u) % 2u;
    }
    case 1: { /* bricks */
        unsigned row = y / 4u, off = (row % 2u) * (4u + (h & 3u));
        if (y % 4u == 3u || (x + off) % 8u == 0)
            return 2u;
        return 6u + (row + (x + off) / 8u + (h >> 8)) % 4u;
    }
    case 2: /* checks */
        return ((x / 4u + y / 4u + (h & 1u)) % 2u) ? 12u : 5u + (h >> 3) % 3u;
    case 3: { /* a slope: transparent above the surface, a lit edge */
        unsigned rise = 1u + (h >> 5) % 15u, surf = (x * rise) / 16u + (h >> 9) % 4u;
        if (y < surf)
            return 0;
        return y < surf + 2u ? 14u : 4u + (x + 2u * y + (n & 1u)) % 5u;
    }
    case 4: { /* rocks: discs on a dark ground */
        int cx = (int)(4u + (h >> 2) % 8u), cy = (int)(4u + (h >> 6) % 8u), dx = (int)x - cx,
            dy = (int)y - cy;
        int r2 = dx * dx + dy * dy;
        return r2 < 12 ? 13u - (unsigned)(r2 / 4) : 1u + (n & 1u);
    }
    case 5: /* stripes */
        return 3u + ((x + y * ((h & 3u) + 1u)) / 3u) % 6u;
    case 6: /* dithered vertical gradient */
        return 1u + (y * 14u + (n & 7u)) / 16u;
    default: { /* sky with a cloud */
        int cx = (int)(h % 16u), dx = (int)x - cx, dy = (int)y - 8;
        return dx * dx + 3 * dy * dy < 30 ? 15u - (n & 1u) : 0;
    }
    }
}

static void make_art(lwm_image *art)
{
    if (!lwm_image_init(art, TILES_PER_ROW * 16u, 1024u / TILES_PER_ROW * 16u, 0, NULL))
        die("art", NULL);
    for (uint32_t t = 0; t < 1024; t++) {
        unsigned line = t % 4u;
        for (uint32_t y = 0; y < 16; y++)
            for (uint32_t x = 0; x < 16; x++) {
                unsigned i = art_index(t, x, y);
                uint32_t c = i ? palette_colour(line, i) : 0;
                uint8_t *p = lwm_image_pixel(art, (t % TILES_PER_ROW) * 16u + x,
                                             (t / TILES_PER_ROW) * 16u + y);
                p[0] = (uint8_t)(c >> 24), p[1] = (uint8_t)(c >> 16), p[2] = (uint8_t)(c >> 8);
                p[3] = (uint8_t)c;
            }
    }
}

/* The maximum level of the other benchmarks, each tile with its own art cell, sky colour. */
static lw_level *make_level(void)
{
    lw_level *level = bench_max_level();
    for (uint32_t t = 0; t < level->tile_count; t++)
        lw_level_tiles_mut(level)[t].art = (uint16_t)t;
    level->background_rgb = 0x5C94FCu;
    return level;
}

/* The same picture for Tiled: one tile layer of the level's cells (gid = art cell + 1, with
 * Tiled's flip bits), the same tileset image. */
static void write_tmx(const lw_level *level, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        die(path, NULL);
    uint32_t n = level->chunk_cells;
    uint32_t tw = level->layout_width * n, th = level->layout_height * n;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"orthogonal\" "
            "renderorder=\"right-down\" width=\"%u\" height=\"%u\" tilewidth=\"16\" "
            "tileheight=\"16\" infinite=\"0\" backgroundcolor=\"#%06x\" nextlayerid=\"2\" "
            "nextobjectid=\"1\">\n"
            " <tileset firstgid=\"1\" name=\"max\" tilewidth=\"16\" tileheight=\"16\" "
            "tilecount=\"1024\" columns=\"%u\">\n"
            "  <image source=\"max-tiles.png\" width=\"%u\" height=\"%u\"/>\n"
            " </tileset>\n"
            " <layer id=\"1\" name=\"fg\" width=\"%u\" height=\"%u\">\n"
            "  <data encoding=\"csv\">\n",
            tw, th, level->background_rgb, TILES_PER_ROW, TILES_PER_ROW * 16u,
            1024u / TILES_PER_ROW * 16u, tw, th);
    for (uint32_t ty = 0; ty < th; ty++) {
        for (uint32_t tx = 0; tx < tw; tx++) {
            uint16_t chunk = level->layout[LW_LAYER_FG][(ty / n) * level->layout_width + tx / n];
            uint32_t gid = 0;
            if (chunk != LW_NONE) {
                const lw_cell *c = &lw_level_chunk_cells(level, chunk)[(ty % n) * n + tx % n];
                if (c->tile != LW_NONE) {
                    gid = level->tiles[c->tile].art + 1u;
                    if (c->flags & LW_CELL_FLIP_X)
                        gid |= 0x80000000u;
                    if (c->flags & LW_CELL_FLIP_Y)
                        gid |= 0x40000000u;
                }
            }
            fprintf(f, "%u%s", gid, tx + 1 < tw || ty + 1 < th ? "," : "");
        }
        fputc('\n', f);
    }
    fprintf(f, "  </data>\n </layer>\n</map>\n");
    if (fclose(f) != 0)
        die(path, NULL);
}

static void save_inputs(const char *dir)
{
    char path[4096];
    lw_error err;
    lw_level *level = make_level();
    lwm_image art;
    make_art(&art);
    snprintf(path, sizeof path, "%s/max-tiles.png", dir);
    if (!lwm_image_save_png(path, &art, &err))
        die(path, &err);
    lwm_image_clear(&art);
    snprintf(path, sizeof path, "%s/max.json", dir);
    if (!editor_level_save_file(path, level, &err))
        die(path, &err);
    snprintf(path, sizeof path, "%s/max.tmx", dir);
    write_tmx(level, path);
    lw_level_free(level);
}

typedef struct figure {
    double cpu_ms, wall_ms;
    long rss_kib;
    long out_bytes;
    bool ok;
} figure;

/* Run @argv @runs times (output to /dev/null, or to @stdout_path): medians of CPU and wall time,
 * the largest peak RSS, the size of @out (when given) after the last run. */
static figure measure(char **argv, const char *stdout_path, const char *out, int runs)
{
    figure f = {0};
    double cpu[64], wall[64];
    if (runs > 64)
        runs = 64;
    f.ok = true;
    for (int r = 0; r < runs; r++) {
        fflush(NULL);
        double t0 = bench_now_ms();
        struct rusage ru;
        int rc = bench_run_usage(argv, stdout_path, &ru);
        if (rc == -1)
            die(argv[0], NULL);
        wall[r] = bench_now_ms() - t0;
        cpu[r] = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
        if (ru.ru_maxrss > f.rss_kib)
            f.rss_kib = ru.ru_maxrss;
        if (rc != 0 && rc != 1)
            f.ok = false;
    }
    f.cpu_ms = bench_median(cpu, runs);
    f.wall_ms = bench_median(wall, runs);
    struct stat st;
    if (out && stat(out, &st) == 0)
        f.out_bytes = (long)st.st_size;
    return f;
}

static bool installed(const char *path, const char *package)
{
    if (access(path, X_OK) == 0)
        return true;
    printf("  peer %s not installed (Debian package %s): comparison skipped\n", path, package);
    return false;
}

static void row(const char *what, figure ours, const figure *peer, const char *peer_name)
{
    printf("  %-34s CPU %8.1f ms  peak %7ld KiB", what, ours.cpu_ms, ours.rss_kib);
    if (ours.out_bytes)
        printf("  output %9ld bytes", ours.out_bytes);
    if (!ours.ok)
        printf("  (FAILED)");
    printf("\n");
    if (peer) {
        printf("  %-34s CPU %8.1f ms  peak %7ld KiB", peer_name, peer->cpu_ms, peer->rss_kib);
        if (peer->out_bytes)
            printf("  output %9ld bytes", peer->out_bytes);
        if (!peer->ok)
            printf("  (FAILED)");
        printf("\n  %-34s CPU %.2fx", "ratio (ours / peer)", ours.cpu_ms / peer->cpu_ms);
        printf("  peak %.2fx", (double)ours.rss_kib / (double)peer->rss_kib);
        if (ours.out_bytes && peer->out_bytes)
            printf("  output %.2fx", (double)ours.out_bytes / (double)peer->out_bytes);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--save") == 0) {
        save_inputs(argv[2]);
        return 0;
    }
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    if (runs < 1 || runs > 64)
        runs = 5;
    const char *exe = getenv("LW_LOOPWRIGHT"), *masks = getenv("LW_BENCH_MASKS"),
               *root = getenv("LW_SOURCE_ROOT");
    if (!exe || !masks || !root) {
        fprintf(stderr, "bench-peers: set LW_LOOPWRIGHT, LW_BENCH_MASKS and LW_SOURCE_ROOT\n");
        return 1;
    }
    setenv("QT_QPA_PLATFORM", "offscreen", 1); /* Tiled's tools without a display */
    char dir[] = "/tmp/lw-bench-peers-XXXXXX";
    if (!mkdtemp(dir))
        die("mkdtemp", NULL);
    /* the inputs are built in a child process: a child's peak RSS (ru_maxrss) counts the pages
     * it had at fork, so this process stays small for its measurements to be the children's */
    fflush(NULL);
    pid_t maker = fork();
    if (maker == 0) {
        save_inputs(dir);
        _exit(0);
    }
    int maker_status;
    if (maker < 0 || waitpid(maker, &maker_status, 0) < 0 || !WIFEXITED(maker_status) ||
        WEXITSTATUS(maker_status) != 0)
        die("building the inputs", NULL);
    char json[256], tmx[256], png[256], tpng[256], cpng[256], sheet[256], mjson[256], bin[256],
        tjson[256], sample[4096];
    snprintf(json, sizeof json, "%s/max.json", dir);
    snprintf(tmx, sizeof tmx, "%s/max.tmx", dir);
    snprintf(png, sizeof png, "%s/render.png", dir);
    snprintf(cpng, sizeof cpng, "%s/collision.png", dir);
    snprintf(tpng, sizeof tpng, "%s/tiled.png", dir);
    snprintf(sheet, sizeof sheet, "%s/sheet.png", dir);
    snprintf(mjson, sizeof mjson, "%s/sheet.json", dir);
    snprintf(bin, sizeof bin, "%s/max.bin", dir);
    snprintf(tjson, sizeof tjson, "%s/tiled.json", dir);
    snprintf(sample, sizeof sample, "%s/sample-levels/loop-hill.json", root);
    char *save_sheet[] = {(char *)masks, "--save-sheet", sheet, NULL};
    if (bench_run(save_sheet, NULL) != 0)
        die(sheet, NULL);

    printf("maximum-size level 16384x2048 px (1024x128 tiles, 1023 distinct art cells), "
           "%d runs each, medians; whole processes\n",
           runs);
    printf("render:\n");
    char *render[] = {(char *)exe, "render", json, "-o", png, NULL};
    figure ours = measure(render, NULL, png, runs);
    figure peer;
    bool have = installed("/usr/bin/tmxrasterizer", "tiled");
    if (have) {
        char *ras[] = {"/usr/bin/tmxrasterizer", tmx, tpng, NULL};
        peer = measure(ras, NULL, tpng, runs);
    }
    row("loopwright render", ours, have ? &peer : NULL, "tmxrasterizer");
    char *collision[] = {(char *)exe, "render", json, "--collision", "-o", cpng, NULL};
    row("loopwright render --collision", measure(collision, NULL, cpng, runs), NULL, NULL);

    printf("masks (1024x1024 sheet, 4096 tiles):\n");
    char *mask_argv[] = {(char *)exe, "masks", sheet, "-o", mjson, NULL};
    ours = measure(mask_argv, NULL, mjson, runs * 3);
    have = installed("/usr/bin/pngtopam", "netpbm");
    if (have) {
        char *pam[] = {"/usr/bin/pngtopam", sheet, NULL};
        peer = measure(pam, NULL, NULL, runs * 3);
    }
    row("loopwright masks", ours, have ? &peer : NULL, "pngtopam");

    printf("check / pack (maximum level):\n");
    have = installed("/usr/bin/tiled", "tiled");
    if (have) {
        char *exp[] = {"/usr/bin/tiled", "--export-map", "json", tmx, tjson, NULL};
        peer = measure(exp, NULL, tjson, runs);
    }
    char *check[] = {(char *)exe, "check", json, NULL};
    row("loopwright check", measure(check, NULL, NULL, runs), have ? &peer : NULL,
        "tiled --export-map json");
    char *pack[] = {(char *)exe, "pack", json, "-o", bin, NULL};
    row("loopwright pack", measure(pack, NULL, bin, runs), have ? &peer : NULL,
        "tiled --export-map json");

    printf("start-up (wall time of the whole process):\n");
    char *true_argv[] = {"/bin/true", NULL};
    figure t = measure(true_argv, NULL, NULL, runs * 10);
    printf("  %-34s wall %6.2f ms  CPU %6.2f ms  peak %6ld KiB (the floor of this launcher)\n",
           "/bin/true", t.wall_ms, t.cpu_ms, t.rss_kib);
    char *version[] = {(char *)exe, "--version", NULL};
    figure v = measure(version, NULL, NULL, runs * 10);
    printf("  %-34s wall %6.2f ms  CPU %6.2f ms  peak %6ld KiB\n", "loopwright --version",
           v.wall_ms, v.cpu_ms, v.rss_kib);
    char *small[] = {(char *)exe, "check", sample, NULL};
    figure c = measure(small, NULL, NULL, runs * 10);
    printf("  %-34s wall %6.2f ms  CPU %6.2f ms  peak %6ld KiB\n",
           "loopwright check loop-hill.json", c.wall_ms, c.cpu_ms, c.rss_kib);

    const char *files[] = {"max.json",  "max.tmx",   "max-tiles.png", "render.png", "collision.png",
                           "tiled.png", "sheet.png", "sheet.json",    "max.bin",    "tiled.json"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        unlink(p);
    }
    rmdir(dir);
    return 0;
}
