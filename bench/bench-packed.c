#define _DEFAULT_SOURCE 1 /* fork/exec helpers */
/* SPDX-License-Identifier: MIT */
/*
 * Packed-format benchmark (docs/BENCHMARKS.md, "Packed format"), on the maximum-size level: a
 * 128x16 layout of 128 px chunks, 1024 distinct chunks with every cell used, 1023 tiles and
 * masks. Reports medians of: engine pack and load (plain and Kosinski-compressed), the CLI's
 * `pack` (JSON -> binary) and `unpack` (binary -> JSON) end to end, and Kosinski throughput.
 *
 *   bench-packed [RUNS]      (meson: `meson test -C build --benchmark --suite packed -v`)
 */
#include "bench-util.h"
#include "level-json.h"
#include "packed-fixtures.h"

#include <loopwright/kosinski.h>
#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 101

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 21;
    if (runs < 1 || runs > MAX_RUNS)
        runs = 21;
    lw_level *level = fixture_level_max();
    lw_error err;
    double t[MAX_RUNS];
    uint8_t *bin = NULL, *kbin = NULL;
    size_t size = 0, ksize = 0;
    lw_packed_options plain = {0}, packed = {.compress = true};

    for (int r = 0; r < runs; r++) {
        free(bin);
        double t0 = bench_now_ms();
        if (!lw_packed_write(level, &plain, &bin, &size, &err))
            return fprintf(stderr, "bench: %s\n", err.message), 1;
        t[r] = bench_now_ms() - t0;
    }
    double pack_ms = bench_median(t, runs);
    for (int r = 0; r < runs; r++) {
        free(kbin);
        double t0 = bench_now_ms();
        if (!lw_packed_write(level, &packed, &kbin, &ksize, &err))
            return fprintf(stderr, "bench: %s\n", err.message), 1;
        t[r] = bench_now_ms() - t0;
    }
    double kpack_ms = bench_median(t, runs);
    for (int r = 0; r < runs; r++) {
        lw_packed_level *back = NULL;
        double t0 = bench_now_ms();
        if (!lw_packed_load(bin, size, &back, &err))
            return fprintf(stderr, "bench: %s\n", err.message), 1;
        t[r] = bench_now_ms() - t0;
        lw_packed_level_free(back);
    }
    double load_ms = bench_median(t, runs);
    for (int r = 0; r < runs; r++) {
        lw_packed_level *back = NULL;
        double t0 = bench_now_ms();
        if (!lw_packed_load(kbin, ksize, &back, &err))
            return fprintf(stderr, "bench: %s\n", err.message), 1;
        t[r] = bench_now_ms() - t0;
        lw_packed_level_free(back);
    }
    double kload_ms = bench_median(t, runs);

    /* Kosinski on the level's chunk words (what CHNK holds, 131072 bytes) */
    size_t raw_n = (size_t)level->chunk_count * 64u * 2u;
    uint8_t *raw = malloc(raw_n), *comp = malloc(lw_kosinski_bound(raw_n)), *back = malloc(raw_n);
    for (size_t i = 0; i < raw_n / 2; i++) {
        const lw_cell *c = &level->cells[i];
        unsigned w = (c->tile == LW_NONE ? 0u : c->tile + 1u) | (unsigned)c->flags << 10 |
                     (unsigned)c->solid << 12;
        raw[2 * i] = (uint8_t)w;
        raw[2 * i + 1] = (uint8_t)(w >> 8);
    }
    size_t comp_n = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now_ms();
        comp_n = lw_kosinski_compress(raw, raw_n, comp);
        t[r] = bench_now_ms() - t0;
    }
    double kc_ms = bench_median(t, runs);
    for (int r = 0; r < runs; r++) {
        size_t got;
        double t0 = bench_now_ms();
        if (!lw_kosinski_decompress(comp, comp_n, back, raw_n, &got, NULL, &err) || got != raw_n)
            return fprintf(stderr, "bench: kosinski round trip failed\n"), 1;
        t[r] = bench_now_ms() - t0;
    }
    double kd_ms = bench_median(t, runs);
    /* and on 64 KiB of zeros with sparse marks (long runs: the match search's best case) */
    size_t z_n = 65536;
    uint8_t *z = calloc(1, z_n), *zc = malloc(lw_kosinski_bound(z_n)), *zb = malloc(z_n);
    for (size_t i = 0; i < z_n; i += 331)
        z[i] = (uint8_t)i;
    size_t zc_n = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now_ms();
        zc_n = lw_kosinski_compress(z, z_n, zc);
        t[r] = bench_now_ms() - t0;
    }
    double zc_ms = bench_median(t, runs);
    for (int r = 0; r < runs; r++) {
        size_t got;
        double t0 = bench_now_ms();
        lw_kosinski_decompress(zc, zc_n, zb, z_n, &got, NULL, &err);
        t[r] = bench_now_ms() - t0;
    }
    double zd_ms = bench_median(t, runs);

    /* the CLI end to end: JSON -> binary and binary -> JSON, fresh processes */
    double cli_pack = -1, cli_unpack = -1;
    const char *exe = getenv("LW_LOOPWRIGHT");
    char dir[] = "/tmp/lw-bench-packed-XXXXXX";
    if (exe && mkdtemp(dir)) {
        char json[128], out[128], back_json[128];
        snprintf(json, sizeof json, "%s/max.json", dir);
        snprintf(out, sizeof out, "%s/max.bin", dir);
        snprintf(back_json, sizeof back_json, "%s/back.json", dir);
        if (editor_level_save_file(json, level, &err)) {
            int n = runs < 7 ? runs : 7;
            char *pack_argv[] = {(char *)exe, "pack", json, "-o", out, NULL};
            char *unpack_argv[] = {(char *)exe, "unpack", out, "-o", back_json, NULL};
            for (int r = 0; r < n; r++) {
                double t0 = bench_now_ms();
                if (bench_run(pack_argv, NULL) != 0)
                    return fprintf(stderr, "bench: loopwright pack failed\n"), 1;
                t[r] = bench_now_ms() - t0;
            }
            cli_pack = bench_median(t, n);
            for (int r = 0; r < n; r++) {
                double t0 = bench_now_ms();
                if (bench_run(unpack_argv, NULL) != 0)
                    return fprintf(stderr, "bench: loopwright unpack failed\n"), 1;
                t[r] = bench_now_ms() - t0;
            }
            cli_unpack = bench_median(t, n);
        }
        char bak[160];
        snprintf(bak, sizeof bak, "%s.bak", json);
        unlink(bak);
        unlink(json);
        unlink(out);
        unlink(back_json);
        rmdir(dir);
    }

    printf("maximum-size level: 128x16 chunks of 128 px, %u chunks, %u tiles, %u masks\n",
           level->chunk_count, level->tile_count, level->mask_count);
    printf("packed file: %zu bytes plain, %zu bytes with Kosinski sections\n", size, ksize);
    printf("median of %d runs:\n", runs);
    printf("  engine pack (lw_packed_write)            %8.3f ms\n", pack_ms);
    printf("  engine pack, compressed                  %8.3f ms\n", kpack_ms);
    printf("  engine load (lw_packed_load)             %8.3f ms   target < 1 ms\n", load_ms);
    printf("  engine load, compressed                  %8.3f ms\n", kload_ms);
    printf("  Kosinski compress, chunk words %zu B -> %zu B: %8.3f ms = %.1f MB/s\n", raw_n, comp_n,
           kc_ms, (double)raw_n / 1e3 / kc_ms);
    printf("  Kosinski decompress, same:               %8.3f ms = %.1f MB/s\n", kd_ms,
           (double)raw_n / 1e3 / kd_ms);
    printf("  Kosinski compress, 64 KiB runs -> %zu B:  %8.3f ms = %.1f MB/s\n", zc_n, zc_ms,
           (double)z_n / 1e3 / zc_ms);
    printf("  Kosinski decompress, same:               %8.3f ms = %.1f MB/s\n", zd_ms,
           (double)z_n / 1e3 / zd_ms);
    if (cli_pack >= 0)
        printf("  CLI pack (JSON -> bin, process)          %8.1f ms\n"
               "  CLI unpack (bin -> JSON, process)        %8.1f ms\n",
               cli_pack, cli_unpack);
    else
        printf("  CLI: set LW_LOOPWRIGHT to the loopwright binary to measure it\n");
    free(raw);
    free(comp);
    free(back);
    free(z);
    free(zc);
    free(zb);
    free(bin);
    free(kbin);
    lw_level_free(level);
    return 0;
}
