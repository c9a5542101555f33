/* SPDX-License-Identifier: MIT */
/*
 * Simulation-step benchmark: replays bench/sim-loop.txt (104,000 frames running, jumping and
 * rolling back and forth through the 360-degree loop of sample-levels/loop-hill.json, from
 * 3000,812) and reports nanoseconds per frame (median of RUNS runs) and the final state hash,
 * which must equal the expected one (the benchmark doubles as a determinism check).
 *
 *   bench-sim [RUNS]        (meson: `meson test -C build --benchmark --suite sim`)
 *
 * Instructions per frame: run it once under callgrind, collecting only inside run_frames():
 *   valgrind --tool=callgrind --toggle-collect=run_frames build/bench/bench-sim 1
 * and divide the "Collected" count by the frame count it prints (docs/BENCHMARKS.md).
 * Needs LW_SOURCE_ROOT (set by meson) to find the level and the script.
 */
#include "bench-util.h"
#include "level-json.h"

#include <loopwright/script.h>
#include <loopwright/sim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXPECTED_HASH                                                                              \
    0x17c3e4874c3326f7ull /* also `loopwright sim ... --start 3000,812`; 0x3f1a342bc916ea6e before \
                             the level's 5 rings became live objects (collected: docs/OBJECTS.md)  \
                           */
#define START_X 3000
#define START_Y 812

/* The measured loop: only lw_sim_step and the script reader. */
__attribute__((noinline)) static void run_frames(lw_sim *sim, const lw_input *inputs,
                                                 uint32_t frames)
{
    for (uint32_t f = 0; f < frames; f++)
        lw_sim_step(sim, inputs[f]);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 7;
    if (runs < 1)
        runs = 1;
    const char *root = getenv("LW_SOURCE_ROOT");
    if (!root)
        root = ".";
    char level_path[4096], script_path[4096];
    snprintf(level_path, sizeof level_path, "%s/sample-levels/loop-hill.json", root);
    snprintf(script_path, sizeof script_path, "%s/bench/sim-loop.txt", root);

    lw_level *level;
    lw_error err;
    if (!editor_level_load_file(level_path, 0, &level, &err)) {
        fprintf(stderr, "bench-sim: %s: %s\n", level_path, err.message);
        return 1;
    }
    FILE *f = fopen(script_path, "rb");
    if (!f) {
        fprintf(stderr, "bench-sim: cannot open %s\n", script_path);
        return 1;
    }
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    lw_script script;
    if (!lw_script_parse(text, len, &script, &err)) {
        fprintf(stderr, "bench-sim: %s:%d:%d: %s\n", script_path, err.line, err.column,
                err.message);
        return 1;
    }
    /* inputs decoded up front so the measurement is the physics alone */
    uint32_t frames = script.frame_count;
    lw_input *inputs = malloc(frames);
    lw_script_cursor cursor = {0};
    for (uint32_t i = 0; i < frames; i++)
        inputs[i] = lw_script_next(&script, &cursor);

    lw_profile profile;
    lw_profile_init(&profile, level->profile, level->character, NULL);
    lw_sim sim;
    if (!lw_sim_init(&sim, level, &profile, START_X, START_Y, &err)) {
        fprintf(stderr, "bench-sim: %s\n", err.message);
        return 1;
    }
    lw_sim_state start;
    lw_sim_save(&sim, &start);

    double *ns = calloc((size_t)runs, sizeof *ns);
    uint64_t hash = 0;
    for (int r = 0; r < runs; r++) {
        lw_sim_restore(&sim, &start);
        double t0 = bench_now_ns();
        run_frames(&sim, inputs, frames);
        ns[r] = (bench_now_ns() - t0) / frames;
        hash = lw_sim_hash(&sim);
        if (hash != EXPECTED_HASH) {
            fprintf(stderr, "bench-sim: hash %016llx, expected %016llx\n", (unsigned long long)hash,
                    (unsigned long long)EXPECTED_HASH);
            return 1;
        }
    }
    double med = bench_median(ns, runs); /* sorts ns */
    printf("simulation step: %u frames of bench/sim-loop.txt on loop-hill.json, %d runs\n", frames,
           runs);
    printf("  median %.1f ns/frame (min %.1f, max %.1f), hash %016llx ok\n", med, ns[0],
           ns[runs - 1], (unsigned long long)hash);
    lw_sim_clear(&sim);
    free(ns);
    free(inputs);
    lw_script_clear(&script);
    lw_level_free(level);
    return 0;
}
