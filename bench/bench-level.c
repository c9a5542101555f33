#define _DEFAULT_SOURCE 1 /* wait4 */
/* SPDX-License-Identifier: MIT */
/*
 * Level I/O benchmark on the maximum-size level: a 128x16 layout of 128 px chunks (16384x2048 px)
 * with every slot used, 1024 distinct chunks with every cell used, 1023 tiles, 1023 masks.
 * Reports the median of several runs of: JSON load + validation, JSON save (serialise + atomic
 * write), render to RGBA, PNG encode; and the peak resident memory of a process that only loads.
 *
 *   bench-level [RUNS]      (meson: `meson test -C build --benchmark --suite level`)
 */
#include "bench-util.h"
#include "level-json.h"

#include <loopwright-masks/image.h>
#include <loopwright-masks/render.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 7;
    if (runs < 1 || runs > 100)
        runs = 7;
    char dir[] = "/tmp/lw-bench-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char path[128], art_path[128];
    snprintf(path, sizeof path, "%s/max.json", dir);
    snprintf(art_path, sizeof art_path, "%s/max-tiles.png", dir);
    lw_level *level = bench_max_level();
    lw_error err;
    lwm_image art;
    lwm_image_init(&art, 128, 128, 0x8C4C20FFu, &err); /* 64 art cells */
    lwm_image_save_png(art_path, &art, &err);
    if (!editor_level_save_file(path, level, &err)) {
        fprintf(stderr, "bench: %s\n", err.message);
        return 1;
    }
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fclose(f);

    double *load = calloc((size_t)runs, sizeof *load), *save = calloc((size_t)runs, sizeof *save),
           *render = calloc((size_t)runs, sizeof *render),
           *encode = calloc((size_t)runs, sizeof *encode);
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now_ms();
        lw_level *loaded = NULL;
        if (!editor_level_load_file(path, 0, &loaded, &err)) {
            fprintf(stderr, "bench: load: %s\n", err.message);
            return 1;
        }
        double t1 = bench_now_ms();
        editor_level_save_file(path, loaded, &err);
        double t2 = bench_now_ms();
        lwm_render_options opts = lwm_render_options_default();
        lwm_image img;
        lwm_render_level(loaded, &art, &opts, &img, &err);
        double t3 = bench_now_ms();
        void *png;
        size_t png_size;
        lwm_image_encode_png(&img, &png, &png_size, &err);
        double t4 = bench_now_ms();
        free(png);
        lwm_image_clear(&img);
        lw_level_free(loaded);
        load[r] = t1 - t0;
        save[r] = t2 - t1;
        render[r] = t3 - t2;
        encode[r] = t4 - t3;
    }

    /* Peak memory of a fresh `loopwright check` process (load + validate + art check), beside
     * one that only prints its version: the difference is what loading costs. */
    long peak = -1, baseline = -1;
    const char *exe = getenv("LW_LOOPWRIGHT");
    if (exe) {
        char *check_argv[] = {(char *)exe, "check", path, NULL};
        char *version_argv[] = {(char *)exe, "--version", NULL};
        if (bench_run(check_argv, &peak) != 0)
            peak = -1;
        if (bench_run(version_argv, &baseline) != 0)
            baseline = -1;
    }

    printf("maximum-size level: 128x16 chunks of 128 px (16384x2048 px), 1024 chunks, %u tiles, "
           "%u masks; JSON %ld bytes\n",
           level->tile_count, level->mask_count, bytes);
    printf("median of %d runs:\n", runs);
    printf("  load + validate      %8.1f ms\n", bench_median(load, runs));
    printf("  save (atomic)        %8.1f ms\n", bench_median(save, runs));
    printf("  render 16384x2048    %8.1f ms\n", bench_median(render, runs));
    printf("  PNG encode           %8.1f ms\n", bench_median(encode, runs));
    if (peak >= 0)
        printf("peak RSS of `loopwright check` on it: %ld KiB (`loopwright --version`: %ld KiB)\n",
               peak, baseline);
    else
        printf("peak RSS: set LW_LOOPWRIGHT to the loopwright binary to measure it\n");
    unlink(path);
    char bak[160];
    snprintf(bak, sizeof bak, "%s.bak", path);
    unlink(bak);
    unlink(art_path);
    rmdir(dir);
    lwm_image_clear(&art);
    lw_level_free(level);
    free(load);
    free(save);
    free(render);
    free(encode);
    return 0;
}
