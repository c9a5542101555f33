/* SPDX-License-Identifier: MIT */
/*
 * Game-object benchmark (docs/OBJECTS.md, docs/BENCHMARKS.md "Engine: game objects"): a flat
 * 16384 px level with a shelf floor at y 560 above the player's floor (y 736), run twice with
 * the same inputs — terrain only, and with 1,000 game objects, 64 per 1024 px (the culling
 * window of ±512 px around the player holds 64 of them): rings, springs, spikes, monitors,
 * static and moving platforms, bridges and walking enemies on the shelf, where the player's
 * jumps never reach (so every object runs its own code and its collision tests each frame, and
 * the run itself is the same with and without them). The player runs right across the level and
 * back, jumping every 90 frames, for FRAMES frames. Prints ns per frame (median of RUNS) for
 * both and the hashes (a determinism check; the with-objects hash includes their state). With
 * both variants it then checks, outside the measured loop, that the player takes the same
 * route frame for frame in both, with no object event on the way (so the two instruction counts
 * compare the same work, plus the objects').
 *
 *   bench-objects [RUNS]
 *
 * Instructions per frame: under callgrind, collecting only inside run_frames() (called once per
 * variant and run; with RUNS = 1 the two calls are the two variants, terrain first):
 *   valgrind --tool=callgrind --toggle-collect=run_frames --separate-recs=1 \
 *       build/bench/bench-objects 1
 * or run with LW_BENCH_ONLY=terrain / objects to collect one variant, and divide "Collected" by
 * the frame count printed.
 */
#include "bench-util.h"
#include "markers.h"

#include <loopwright/objects.h>
#include <loopwright/sim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAMES  20000
#define LEVEL_W 16384
#define N_OBJS  1000
#define SPACING 16 /* px between objects: 64 per 1024 px */

/* A marker with one property, or the benchmark stops (tests/common/markers.h). */
static void add(lw_level *level, const char *name, int32_t x, int32_t y, const char *k,
                const char *v)
{
    if (!test_marker_add(level, name, x, y, k, v, NULL, NULL)) {
        fprintf(stderr, "bench-objects: cannot add an object\n");
        exit(1);
    }
}

static lw_level *make_level(bool objects)
{
    lw_error err;
    lw_level *level = lw_level_new(128, LEVEL_W / 128, 8, &err);
    lw_mask full = {.flags = LW_MASK_FLAGGED};
    memset(full.heights, 16, sizeof full.heights);
    int32_t m = lw_level_add_mask(level, &full);
    lw_tile t = {.art = LW_NONE, .mask = {(uint16_t)m, (uint16_t)m}};
    uint16_t tile = (uint16_t)lw_level_add_tile(level, &t);
    /* one chunk per row of the layout: rows 4 (shelf at 560 = 4*128 + 48) and 5 (floor at 736
     * = 5*128 + 96) */
    lw_cell cells[64];
    for (int row = 0; row < 8; row++) {
        memset(cells, 0, sizeof cells);
        for (int i = 0; i < 64; i++)
            cells[i].tile = LW_NONE;
        for (int cy = 0; cy < 8; cy++)
            for (int cx = 0; cx < 8; cx++) {
                int y = row * 128 + cy * 16;
                bool solid = y == 560 || y >= 736;
                if (solid) {
                    cells[cy * 8 + cx].tile = tile;
                    cells[cy * 8 + cx].solid = lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL);
                }
            }
        int32_t c = lw_level_add_chunk(level, cells);
        for (uint32_t x = 0; x < level->layout_width; x++)
            lw_level_layout_mut(level, LW_LAYER_FG)[(size_t)row * level->layout_width + x] =
                (uint16_t)c;
    }
    if (!objects)
        return level;
    /* on the shelf (top at 560): a repeating mix, 64 per 1024 px */
    for (int i = 0; i < N_OBJS; i++) {
        int32_t x = 256 + i * SPACING;
        switch (i % 10) {
        case 0:
        case 1:
        case 2:
            add(level, "ring", x, 540, NULL, NULL);
            break;
        case 3:
            add(level, "spring", x, 552, NULL, NULL);
            break;
        case 4:
            add(level, "spikes", x, 544, NULL, NULL);
            break;
        case 5:
            add(level, "monitor", x, 544, "contents", "rings");
            break;
        case 6:
            add(level, "platform", x, 500, "motion", "horizontal");
            break;
        case 7:
            add(level, "platform", x, 480, NULL, NULL);
            break;
        case 8:
            add(level, "bridge", x, 520, "logs", "4");
            break;
        default:
            add(level, "enemy", x, 540, "direction", i % 20 < 10 ? "left" : "right");
            break;
        }
    }
    return level;
}

__attribute__((noinline)) static void run_frames(lw_sim *sim, const lw_input *inputs,
                                                 uint32_t frames)
{
    for (uint32_t f = 0; f < frames; f++)
        lw_sim_step(sim, inputs[f]);
}

static double measure(lw_level *level, const lw_input *inputs, int runs, uint64_t *hash,
                      uint32_t *active)
{
    lw_profile profile;
    lw_error err;
    lw_profile_init(&profile, "s2", "sonic", NULL);
    lw_sim sim;
    if (!lw_sim_init(&sim, level, &profile, 200, 716, &err)) {
        fprintf(stderr, "bench-objects: %s\n", err.message);
        exit(1);
    }
    lw_sim_state *start = malloc(sizeof *start);
    lw_sim_save(&sim, start);
    double *ns = calloc((size_t)runs, sizeof *ns);
    for (int r = 0; r < runs; r++) {
        lw_sim_restore(&sim, start);
        double t0 = bench_now_ns();
        run_frames(&sim, inputs, FRAMES);
        ns[r] = (bench_now_ns() - t0) / FRAMES;
        if (sim.state.status != LW_SIM_RUNNING) {
            fprintf(stderr, "bench-objects: the run ended early (status %u)\n", sim.state.status);
            exit(1);
        }
    }
    *hash = lw_sim_hash(&sim);
    /* objects inside the window at the end */
    int32_t px = sim.state.player.x >> 8;
    *active = 0;
    for (uint32_t i = 0; i < sim.object_count; i++)
        if (sim.objects[i].x >= px - LW_OBJ_CULL_PX && sim.objects[i].x < px + LW_OBJ_CULL_PX)
            (*active)++;
    double med = bench_median(ns, runs);
    free(ns);
    free(start);
    lw_sim_clear(&sim);
    return med;
}

/* The benchmark's fairness check, outside the measured run_frames(): both variants step side by
 * side from the same start with the same inputs, and the player must be the same every frame
 * (position, speeds, angle, mode, radii), so the two figures measure the same route. Returns the
 * first frame where the players differ, or -1. */
static long same_player_path(const lw_level *plain, const lw_level *level, const lw_input *inputs)
{
    lw_profile profile;
    lw_error err;
    lw_profile_init(&profile, "s2", "sonic", NULL);
    lw_sim a, b;
    if (!lw_sim_init(&a, plain, &profile, 200, 716, &err) ||
        !lw_sim_init(&b, level, &profile, 200, 716, &err)) {
        fprintf(stderr, "bench-objects: %s\n", err.message);
        exit(1);
    }
    long differs = -1;
    for (uint32_t f = 0; f < FRAMES && differs < 0; f++) {
        lw_sim_step(&a, inputs[f]);
        lw_sim_step(&b, inputs[f]);
        const lw_player *p = &a.state.player, *q = &b.state.player;
        if (p->x != q->x || p->y != q->y || p->xsp != q->xsp || p->ysp != q->ysp ||
            p->gsp != q->gsp || p->angle != q->angle || p->airborne != q->airborne ||
            p->rolling != q->rolling || p->hr != q->hr || a.state.status != b.state.status ||
            b.state.game.events != 0 || b.state.game.on_object != 0)
            differs = (long)f;
    }
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    return differs;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 7;
    if (runs < 1)
        runs = 1;
    const char *only = getenv("LW_BENCH_ONLY");
    lw_input *inputs = malloc(FRAMES);
    /* right for 2400 frames, left for 2400, ...; a jump press every 90 frames */
    for (uint32_t f = 0; f < FRAMES; f++) {
        lw_input in = (f / 2400) % 2 ? LW_BUTTON_LEFT : LW_BUTTON_RIGHT;
        if (f % 90 < 20)
            in |= LW_BUTTON_JUMP;
        inputs[f] = in;
    }
    uint64_t h0 = 0, h1 = 0;
    uint32_t a0 = 0, a1 = 0;
    double t0 = 0, t1 = 0;
    if (!only || strcmp(only, "terrain") == 0) {
        lw_level *plain = make_level(false);
        t0 = measure(plain, inputs, runs, &h0, &a0);
        lw_level_free(plain);
        printf("terrain only: %u frames, median %.1f ns/frame, hash %016llx\n", FRAMES, t0,
               (unsigned long long)h0);
    }
    if (!only || strcmp(only, "objects") == 0) {
        lw_level *level = make_level(true);
        t1 = measure(level, inputs, runs, &h1, &a1);
        lw_level_free(level);
        printf("1000 objects: %u frames, median %.1f ns/frame, hash %016llx, %u in the window "
               "at the end\n",
               FRAMES, t1, (unsigned long long)h1, a1);
    }
    if (!only) {
        printf("ratio %.2f\n", t1 / t0);
        /* the same route with and without the objects (and no object event on the way) */
        lw_level *plain = make_level(false), *level = make_level(true);
        long differs = same_player_path(plain, level, inputs);
        lw_level_free(plain);
        lw_level_free(level);
        if (differs >= 0) {
            fprintf(stderr, "bench-objects: the player's route differs at frame %ld\n", differs);
            return 1;
        }
        printf("same player route in both runs: %u frames checked\n", FRAMES);
    }
    free(inputs);
    return 0;
}
