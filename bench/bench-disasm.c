#define _DEFAULT_SOURCE 1 /* fork/exec helpers, mkdtemp */
/* SPDX-License-Identifier: MIT */
/*
 * Disassembly export/import benchmark (docs/BENCHMARKS.md, "Disassembly export"). The maximum S2
 * level: a 128x16 layout of 128 px chunks, foreground and background, every slot used; 255
 * distinct chunks besides the empty chunk 0 with every cell used; 767 tiles (blocks 1..0x2FF),
 * 255 distinct masks; art with 1535 distinct 8x8 patterns (+ the blank one: the 0x600 VRAM limit)
 * in 45 colours (3 palette lines of 15). Reports medians of: the export in memory (conversion,
 * palette, patterns, Kosinski), writing the files (fsync), the import, the CLI end to end, and
 * the same for the sample levels (S2 and S1).
 *
 *   bench-disasm [RUNS]      (meson: `meson test -C build --benchmark --suite disasm -v`)
 */
#include "bench-util.h"
#include "level-json.h"

#include <loopwright-masks/disasm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void must(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "bench-disasm: %s failed\n", what);
        exit(1);
    }
}

static uint32_t rng(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

/* The maximum S2 level and its tileset (767 cells, 16 a row). */
static lw_level *max_level(lwm_image *art)
{
    lw_error err;
    lw_level *lv = lw_level_new(128, 128, 16, &err);
    must(lv != NULL, "level");
    for (uint32_t m = 0; m < 255; m++) {
        lw_mask mk = {{0}, {0}, (uint8_t)(2 * m), 0};
        for (uint32_t c = 0; c < 16; c++) /* bit c % 8 of m picks a tall or a short column */
            mk.heights[c] = (int8_t)((m >> (c % 8)) & 1u ? 16u - c / 8u : 1u + c / 8u);
        must(lw_level_add_mask(lv, &mk) == (int32_t)m, "mask");
    }
    for (uint32_t t = 0; t < 767; t++) {
        lw_tile tile = {(uint16_t)t, {(uint16_t)(t % 255), (uint16_t)((t * 7) % 255)}, 0};
        must(lw_level_add_tile(lv, &tile) == (int32_t)t, "tile");
    }
    uint32_t seed = 7;
    for (uint32_t c = 0; c < 255; c++) {
        lw_cell cells[64];
        for (uint32_t i = 0; i < 64; i++) {
            uint32_t r = rng(&seed);
            cells[i] = (lw_cell){(uint16_t)(i == 0 ? c : r % 767), (uint8_t)((r >> 12) & 3),
                                 (uint8_t)((r >> 16) & 15)};
        }
        must(lw_level_add_chunk(lv, cells) == (int32_t)c, "chunk");
    }
    must(lw_level_ensure_background(lv), "background");
    for (uint32_t i = 0; i < 128u * 16u; i++) {
        lw_level_layout_mut(lv, LW_LAYER_FG)[i] = (uint16_t)(i % 255);
        lw_level_layout_mut(lv, LW_LAYER_BG)[i] = (uint16_t)((i * 13) % 255);
    }
    lw_object start = {0};
    start.type = LW_OBJECT_PLAYER_START;
    start.x = 64;
    start.y = 64;
    must(lw_level_add_object(lv, &start) != NULL, "start");
    must(lw_level_validate(lv, &err), "validate");
    /* art: quarter q of tile t draws pattern (4t + q) mod 1535 in colour group (pattern mod 3) */
    must(lwm_image_init(art, 256, 16 * 48, 0, &err), "art");
    for (uint32_t t = 0; t < 767; t++)
        for (uint32_t q = 0; q < 4; q++) {
            uint32_t n = (4 * t + q) % 1535, g = n % 3, s = n * 2654435761u + 1;
            for (uint32_t y = 0; y < 8; y++)
                for (uint32_t x = 0; x < 8; x++) {
                    uint32_t k = g * 15 + rng(&s) % 15 + 1; /* colour 1..45 */
                    uint8_t *p = lwm_image_pixel(art, (t % 16) * 16 + (q & 1) * 8 + x,
                                                 (t / 16) * 16 + (q >> 1) * 8 + y);
                    p[0] = lwm_md_channel(k & 7);
                    p[1] = lwm_md_channel((k >> 3) & 7);
                    p[2] = lwm_md_channel((k >> 6) & 7);
                    p[3] = 255;
                }
        }
    return lv;
}

#define MAX_RUNS 101

typedef struct figures {
    double export_ms, write_ms, import_ms;
    size_t bytes;
    lwm_disasm_stats stats;
} figures;

static figures measure(const lw_level *lv, const lwm_image *art, lwm_game game, int runs,
                       const char *tmp)
{
    double t[MAX_RUNS];
    figures f = {0};
    lwm_disasm_options opts = lwm_disasm_options_default(game, "BENCH");
    lwm_disasm_export ex = {0};
    lw_error err;
    for (int r = 0; r < runs; r++) {
        lwm_disasm_export_clear(&ex);
        lwm_report rep = {0};
        double t0 = bench_now_ms();
        bool ok = lwm_disasm_export_level(lv, art, &opts, &ex, &rep, &err);
        t[r] = bench_now_ms() - t0;
        if (!ok) {
            for (size_t i = 0; i < rep.count; i++)
                fprintf(stderr, "  %s\n", rep.items[i].message);
            fprintf(stderr, "bench-disasm: export: %s\n", err.message);
            exit(1);
        }
        lwm_report_clear(&rep);
    }
    f.export_ms = bench_median(t, runs);
    f.stats = ex.stats;
    for (size_t i = 0; i < ex.file_count; i++)
        f.bytes += ex.files[i].size;
    char failed[4096];
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now_ms();
        must(lwm_disasm_export_write(&ex, tmp, failed, &err), "write");
        t[r] = bench_now_ms() - t0;
    }
    f.write_ms = bench_median(t, runs);
    lwm_disasm_import_options io = {0};
    io.game = game;
    io.zone = "BENCH";
    io.act = 1;
    for (int r = 0; r < runs; r++) {
        lwm_disasm_import im;
        lwm_report rep = {0};
        double t0 = bench_now_ms();
        must(lwm_disasm_import_level(tmp, &io, &im, &rep, failed, &err), "import");
        t[r] = bench_now_ms() - t0;
        lwm_disasm_import_clear(&im);
        lwm_report_clear(&rep);
    }
    f.import_ms = bench_median(t, runs);
    lwm_disasm_export_clear(&ex);
    return f;
}

static double cli_ms(char **argv, int runs)
{
    double t[MAX_RUNS];
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now_ms();
        must(bench_run(argv, NULL) == 0, argv[1]);
        t[r] = bench_now_ms() - t0;
    }
    return bench_median(t, runs);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 21;
    if (runs < 1 || runs > MAX_RUNS)
        runs = 21;
    const char *lw = getenv("LW_LOOPWRIGHT");
    char tmp[] = "/tmp/bench-disasm-XXXXXX";
    must(mkdtemp(tmp) != NULL, "mkdtemp");
    char dir[4200], json[4200], png[4200], back[4200];
    snprintf(dir, sizeof dir, "%s/out", tmp);

    lwm_image art = {0};
    lw_level *lv = max_level(&art);
    figures f = measure(lv, &art, LWM_GAME_S2, runs, dir);
    printf("maximum S2 level: layout %ux%u FG+BG, %u chunks, %u blocks, %u masks, %u patterns, "
           "%u colours; %d runs:\n"
           "  export in memory %.3f ms, write %zu bytes %.3f ms, import %.3f ms\n",
           f.stats.layout_width, f.stats.layout_height, f.stats.chunks, f.stats.blocks,
           f.stats.masks, f.stats.patterns, f.stats.colors, runs, f.export_ms, f.bytes, f.write_ms,
           f.import_ms);
    if (lw) {
        snprintf(json, sizeof json, "%s/max.json", tmp);
        snprintf(png, sizeof png, "%s/max.png", tmp);
        snprintf(back, sizeof back, "%s/back.json", tmp);
        lw_error err;
        must(lwm_image_save_png(png, &art, &err), "png");
        must(lw_level_set_string(&lv->tileset, "max.png"), "tileset");
        must(editor_level_save_file(json, lv, &err), "json");
        int cli_runs = runs < 7 ? runs : 7;
        char *pack[] = {(char *)lw, "pack", json,     "--format", "s2",
                        "-o",       dir,    "--zone", "BENCH",    NULL};
        char *unpack[] = {(char *)lw, "unpack", "--format", "s2", dir,
                          "--zone",   "BENCH",  "-o",       back, NULL};
        double p = cli_ms(pack, cli_runs), u = cli_ms(unpack, cli_runs);
        printf("  loopwright pack --format s2 (JSON + PNG -> files) %.1f ms, unpack --format s2 "
               "(files -> JSON + PNG) %.1f ms (medians of %d processes)\n",
               p, u, cli_runs);
    }
    lw_level_free(lv);
    lwm_image_clear(&art);

    const char *root = getenv("LW_SOURCE_ROOT");
    static const char *const samples[] = {"loop-hill.json", "pipe-works.json"};
    for (int i = 0; root && i < 2; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/sample-levels/%s", root, samples[i]);
        lw_error err;
        lw_level *s;
        must(editor_level_load_file(path, 0, &s, &err), "sample");
        char *tiles = editor_level_resolve_path(path, s->tileset);
        lwm_image sart = {0};
        must(lwm_image_load_png(tiles, &sart, &err), "sample art");
        for (lwm_game g = LWM_GAME_S1; g <= LWM_GAME_S2; g++) {
            figures sf = measure(s, &sart, g, runs, dir);
            printf("%s %s: export %.3f ms, write %zu bytes %.3f ms, import %.3f ms\n", samples[i],
                   g == LWM_GAME_S2 ? "S2" : "S1", sf.export_ms, sf.bytes, sf.write_ms,
                   sf.import_ms);
        }
        free(tiles);
        lwm_image_clear(&sart);
        lw_level_free(s);
    }
    char *rm[] = {"/bin/rm", "-rf", tmp, NULL};
    bench_run(rm, NULL);
    return 0;
}
