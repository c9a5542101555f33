/* SPDX-License-Identifier: MIT */
/* The culling index's ranges and records of docs/OBJECTS.md §1.3 against brute force and the
 * reference mode (which runs and touch-tests every object of the window): the touch range's
 * exact reach per toucher type at every pixel around it, and a random-input run over a level
 * with moving platforms of several keys, idlers at many heights, monitors in the air (knocked,
 * they come to rest below their origin) and enemies, checked every frame by
 * lwi_objects_check_index (the movers' and enemies' records, the near range's Y extent, the
 * touch reach, the idlers' origin y while not awake). */
#include "markers.h"
#include "objects-private.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/objects.h>
#include <loopwright/sim.h>
#include <string.h>

/* Flat floor with its top at y 736 (a standing Sonic's centre is at 716). */
static lw_level *flat(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    return level;
}

/* @a (culled) and @b (reference) after the same step: the same status, hash, object states and
 * touched object, and an index that holds; else the test fails naming @what and @f. */
static void same_step(lw_sim *a, lw_sim *b, lw_input in, const char *what, long f)
{
    lw_sim_status sa = lw_sim_step(a, in), sb = lw_sim_step(b, in);
    if (sa != sb || lw_sim_hash(a) != lw_sim_hash(b) || a->debug.touched != b->debug.touched ||
        memcmp(a->state.game.obj, b->state.game.obj, a->object_count * sizeof *a->state.game.obj))
        g_error("%s: frame %ld: the culled run differs from the reference", what, f);
    const char *why = lwi_objects_check_index(a);
    if (why)
        g_error("%s: frame %ld: culling index: %s", what, f, why);
}

/* One toucher of @name at (2000, @y) among rings far away (so the level's reach is the type's
 * own only where it is the widest): the player standing (or rolling, for a monitor) at every
 * X from 40 px left of it to 40 px right, one frame each, culled against the reference. With
 * the reach one pixel narrower on either side the touch at the edge pixel is missed. */
static void reach_sweep(const char *name, int32_t y, bool rolling)
{
    lw_level *level = flat();
    g_assert_nonnull(test_marker_add(level, name, 2000, y, NULL, NULL, NULL, NULL));
    g_assert_nonnull(test_marker_add(level, "ring", 600, 700, NULL, NULL, NULL, NULL));
    lw_sim a, b;
    terrain_sim(&a, level, "s2", 200, 716);
    terrain_sim(&b, level, "s2", 200, 716);
    lwi_objects_set_reference(&b, true);
    int touched = 0;
    for (int32_t dx = -40; dx <= 40; dx++) {
        lw_sim *s[2] = {&a, &b};
        for (int k = 0; k < 2; k++) {
            lw_sim_reset(s[k], 2000 + dx, 716);
            if (rolling) {
                s[k]->state.player.rolling = true;
                s[k]->state.player.hr = (uint8_t)s[k]->profile.ball_hr;
                s[k]->state.player.gsp = s[k]->state.player.xsp = 0x400;
            }
        }
        same_step(&a, &b, 0, name, dx);
        touched += a.debug.touched != 0;
    }
    /* the sweep reaches the edges: some pixels touch, some do not */
    g_assert_cmpint(touched, >, 0);
    g_assert_cmpint(touched, <, 81);
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    lw_level_free(level);
}

static void test_touch_reach(void)
{
    reach_sweep("ring", 716, false);
    reach_sweep("monitor", 720, true);
    reach_sweep("checkpoint", 700, false);
    reach_sweep("goal", 700, false);
}

/* A level for the random run: moving platforms of two periods and both axes, static, falling
 * and collapsing platforms, springs, spikes and bridges at several heights, monitors standing
 * on a ledge and floating above the floor, rings and enemies. */
static lw_level *ranges_level(void)
{
    lw_level *level = flat();
    terrain_floor(level, 608, 1400, 1800, 1);
    uint32_t seed = 11;
    for (int i = 0; i < 240; i++) {
        seed = seed * 1664525u + 1013904223u;
        int32_t x = 300 + (int32_t)((seed >> 8) % 3400);
        int32_t y = 560 + (int32_t)((seed >> 4) % 170);
        switch (i % 12) {
        case 0:
        case 1:
            g_assert_nonnull(test_marker_add(level, "platform", x, y - 30, "motion",
                                             (seed >> 3) % 2 ? "horizontal" : "vertical", "period",
                                             (seed >> 9) % 2 ? "120" : "90"));
            break;
        case 2:
            g_assert_nonnull(test_marker_add(level, "platform", x, y - 40, "motion",
                                             (seed >> 3) % 2 ? "falling" : "collapsing", NULL,
                                             NULL));
            break;
        case 3:
            g_assert_nonnull(test_marker_add(level, "spring", x, y, "direction",
                                             (seed >> 5) % 2 ? "up" : "left", NULL, NULL));
            break;
        case 4:
            g_assert_nonnull(test_marker_add(level, "spikes", x, y, NULL, NULL, NULL, NULL));
            break;
        case 5:
            /* in the air: knocked from below, it falls to the floor and rests there */
            g_assert_nonnull(test_marker_add(level, "monitor", x, 640 + (int32_t)((seed >> 6) % 60),
                                             "contents", "rings", NULL, NULL));
            break;
        case 6:
            g_assert_nonnull(test_marker_add(level, "bridge", x, y, "logs", "6", NULL, NULL));
            break;
        case 7:
            g_assert_nonnull(test_marker_add(level, "enemy", x, 700, "direction",
                                             (seed >> 7) % 2 ? "left" : "right", NULL, NULL));
            break;
        case 8:
            g_assert_nonnull(test_marker_add(level, "monitor", x, 720, NULL, NULL, NULL, NULL));
            break;
        default:
            g_assert_nonnull(test_marker_add(level, "ring", x, y, NULL, NULL, NULL, NULL));
            break;
        }
    }
    g_assert_nonnull(test_marker_add(level, "checkpoint", 2500, 700, NULL, NULL, NULL, NULL));
    return level;
}

static void random_run(const lw_level *level, const char *profile, long frames, uint32_t seed)
{
    lw_sim a, b;
    terrain_sim(&a, level, profile, 200, 716);
    terrain_sim(&b, level, profile, 200, 716);
    lwi_objects_set_reference(&b, true);
    lw_sim_state *saved = g_new0(lw_sim_state, 1);
    long saved_at = -1, resting = 0;
    for (long f = 0; f < frames; f++) {
        seed = seed * 1664525u + 1013904223u;
        lw_input in = (lw_input)((seed >> 20) & LW_BUTTON_ALL);
        if ((seed >> 12) % 4)
            in = (lw_input)(in | ((seed >> 14) % 2 ? LW_BUTTON_RIGHT : LW_BUTTON_LEFT));
        same_step(&a, &b, in, profile, f);
        /* monitors at rest away from their origin's y (the case the awake rule covers) */
        for (uint32_t i = 0; i < a.object_count; i++)
            resting += a.objects[i].type == LW_OBJ_MONITOR &&
                       !(a.state.game.obj[i].flags & (LW_OBJF_GONE | LW_OBJF_TRIGGERED)) &&
                       a.state.game.obj[i].y != a.objects[i].y * LW_SUBPX;
        if (f % 600 == 300) {
            lw_sim_save(&a, saved);
            saved_at = f;
        } else if (f % 600 == 550 && saved_at >= 0) {
            lw_sim_restore(&a, saved);
            lw_sim_restore(&b, saved);
        }
        if (a.state.status != LW_SIM_RUNNING || (seed >> 8) % 900 == 0) {
            int32_t x = 200 + (int32_t)((seed >> 4) % 3600), y = (seed >> 3) % 2 ? 700 : 560;
            lw_sim_reset(&a, x, y);
            lw_sim_reset(&b, x, y);
            a.state.game.rings = b.state.game.rings = (uint16_t)((seed >> 12) % 20);
        }
    }
    g_test_message("%s: %ld object-frames of monitors resting off their origin", profile, resting);
    g_free(saved);
    lw_sim_clear(&a);
    lw_sim_clear(&b);
}

static void test_random(void)
{
    const char *env = g_getenv("LW_FUZZ_FRAMES");
    long frames = env ? atol(env) : 30000 / LW_FUZZ_DIVISOR;
    lw_level *level = ranges_level();
    random_run(level, "s2", frames, 21);
    random_run(level, "s1", frames / 2, 22);
    random_run(level, "s3k", frames / 2, 23);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/objects-ranges/touch-reach", test_touch_reach);
    g_test_add_func("/engine/objects-ranges/random", test_random);
    return g_test_run();
}
