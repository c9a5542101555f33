/* SPDX-License-Identifier: MIT */
/*
 * "A step never allocates": this program is linked with -Wl,--wrap=malloc,calloc,realloc,free
 * (tests/engine/meson.build), so every call from the engine's objects (linked statically into
 * this executable) goes through the counting wrappers of tests/common/alloc-count.c. After
 * lw_sim_init, hundreds of thousands of steps with every kind of input on sample-like terrain,
 * plus the other per-frame calls (hash, sensor casts, trace rows, script reading), must make no
 * call at all.
 */
#include "alloc-count.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/script.h>
#include <loopwright/sensor.h>
#include <loopwright/sim.h>
#include <loopwright/trace.h>
#include <stdlib.h>
#include <string.h>

/* Flat ground, a 45-degree ramp, a wall, a ceiling, jump-through bars and a swapper. */
static lw_level *make_level(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    int8_t h[16];
    for (int c = 0; c < 16; c++)
        h[c] = (int8_t)(c + 1);
    uint16_t ramp = terrain_shape(level, h, 0xE2, false);
    for (int i = 0; i < 6; i++)
        terrain_set(level, 60 + i, 45 - i, ramp, 0);
    terrain_rect(level, 2000, 500, 2031, 735);
    terrain_rect(level, 1200, 560, 1600, 591);
    uint16_t full = terrain_full(level);
    for (int bx = 140; bx < 150; bx++)
        terrain_set_path(level, bx, 40, full, 0, LW_SOLID_TOP, LW_SOLID_TOP);
    lw_object o = {.type = LW_OBJECT_PATH_SWAPPER, .x = 1800, .y = 700};
    o.swapper.radius = 64;
    o.swapper.path[1] = LW_PATH_B;
    g_assert_nonnull(lw_level_add_object(level, &o));
    /* one game object of each type (docs/OBJECTS.md): their updates, ring loss, hurt and the
     * goal run inside the measured steps too */
    static const struct {
        const char *name, *key, *value;
        int32_t x, y;
    } objs[] = {
        {"ring", "count", "8", 300, 700},
        {"spring", NULL, NULL, 600, 728},
        {"spring", "direction", "left", 900, 722},
        {"spikes", NULL, NULL, 1000, 720},
        {"monitor", "contents", "rings", 700, 720},
        {"platform", "motion", "horizontal", 1100, 650},
        {"platform", "motion", "falling", 1300, 680},
        {"platform", "motion", "collapsing", 1700, 690},
        {"bridge", "logs", "8", 2400, 736},
        {"enemy", NULL, NULL, 2600, 700},
        {"checkpoint", NULL, NULL, 2800, 700},
        {"goal", NULL, NULL, 3900, 700},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(objs); i++) {
        lw_object m = {.type = LW_OBJECT_MARKER, .x = objs[i].x, .y = objs[i].y};
        m.name = (char *)objs[i].name;
        lw_property p = {(char *)objs[i].key, (char *)objs[i].value};
        m.props = &p;
        m.prop_count = objs[i].key ? 1 : 0;
        g_assert_nonnull(lw_level_add_object(level, &m));
    }
    return level;
}

static void test_step_never_allocates(void)
{
    /* the wrappers see the engine's own allocations (proof that the wrapping works) */
    unsigned long before = test_alloc_calls;
    lw_level *level = make_level();
    g_assert_cmpuint(test_alloc_calls, >, before);
    const char *text = "30 R\n1 RJ\n20 R\n5 D\n30 L\n1 J\n";
    lw_script script;
    g_assert_true(lw_script_parse(text, strlen(text), &script, NULL));

    const char *profiles[] = {"s1", "s2", "s3k", "cd", "modern"};
    GRand *rng = g_rand_new_with_seed(42);
    for (size_t k = 0; k < G_N_ELEMENTS(profiles); k++) {
        lw_sim sim;
        terrain_sim(&sim, level, profiles[k], 400, 716);
        g_assert_nonnull(sim.swappers); /* init allocated */
        g_assert_cmpuint(sim.object_count, ==, 19);
        lw_sim_state saved;
        lw_script_cursor cursor = {0};
        char row[LW_TRACE_ROW_MAX];
        uint64_t h = 0;

        unsigned long start = test_alloc_calls;
        for (int f = 0; f < 60000; f++) {
            lw_input in = f % 1000 < 87 ? lw_script_next(&script, &cursor)
                                        : (lw_input)g_rand_int_range(rng, 0, 32);
            lw_sim_step(&sim, in);
            h ^= lw_sim_hash(&sim);
            lw_trace_format_sim_row(row, sizeof row, &sim);
            if (f % 5000 == 0)
                lw_sim_save(&sim, &saved);
            if (f % 7000 == 6999)
                lw_sim_restore(&sim, &saved);
            if (f % 9000 == 8999 || sim.state.status != LW_SIM_RUNNING) {
                lw_sim_reset(&sim, 400, 716);
                sim.state.game.rings = (uint16_t)(f % 40);
            }
            lw_sensor_hit hit;
            lw_sensor_cast(level, LW_PATH_A, f % 4096, f % 1024, (lw_sensor_dir)(f & 3),
                           LW_SOLID_ALL, 3, &hit);
        }
        g_assert_cmpuint(test_alloc_calls - start, ==, 0);
        g_assert_cmpuint(h, !=, 0);
        lw_sim_clear(&sim);
    }
    g_rand_free(rng);
    lw_script_clear(&script);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/noalloc/step", test_step_never_allocates);
    return g_test_run();
}
