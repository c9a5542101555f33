/* SPDX-License-Identifier: MIT */
/*
 * S3K object ids to the engine's game objects (engine/src/objmap.c, docs/OBJECTS.md §16): the
 * table's cases; every mapping of every id, subtype and flip is a valid game object; and
 * imported S3K markers (docs/DISASM.md §8.3) run as those objects in a level whose profile is
 * s3k (a spring launches the player).
 */
#include "terrain.h"

#include <glib.h>
#include <loopwright/objects.h>
#include <loopwright/objmap.h>
#include <string.h>

static void check(uint8_t id, uint8_t sub, bool xf, bool yf, const char *name, const char *v0,
                  const char *v1)
{
    lw_objmap_marker m;
    if (!name) {
        g_assert_false(lw_objmap_lookup(LW_OBJMAP_S3K, id, sub, xf, yf, &m));
        g_assert_null(m.name);
        return;
    }
    g_assert_true(lw_objmap_lookup(LW_OBJMAP_S3K, id, sub, xf, yf, &m));
    g_assert_cmpstr(m.name, ==, name);
    if (v0)
        g_assert_cmpstr(m.values[0], ==, v0);
    if (v1)
        g_assert_cmpstr(m.values[1], ==, v1);
}

static void test_table(void)
{
    /* 07 springs: bits 4-6 direction, bit 1 yellow, X flip to the left */
    check(0x07, 0x00, false, false, "spring", "up", "red");
    check(0x07, 0x02, false, false, "spring", "up", "yellow");
    check(0x07, 0x12, true, false, "spring", "left", "yellow");
    check(0x07, 0x10, false, false, "spring", "right", "red");
    check(0x07, 0x20, false, false, "spring", "down", "red");
    check(0x07, 0x30, true, false, "spring", "up-left", "red");
    check(0x07, 0x40, false, false, "spring", "down-right", "red");
    check(0x07, 0x0D, false, false, "spring", "up", "red"); /* path bits, twirl: ignored */
    check(0x07, 0x50, false, false, NULL, NULL, NULL);
    /* 08 spikes: bits 4-5 count - 1, bits 6-7 upright / sideways, bits 0-3 movement */
    check(0x08, 0x00, false, false, "spikes", "up", "32");
    check(0x08, 0x30, false, true, "spikes", "down", "128");
    check(0x08, 0x40, false, false, "spikes", "right", "32");
    check(0x08, 0x50, true, false, "spikes", "left", "64");
    check(0x08, 0x01, false, false, NULL, NULL, NULL); /* moving */
    check(0x08, 0x80, false, false, NULL, NULL, NULL);
    /* 01 monitors */
    check(0x01, 1, false, false, "monitor", "1up", NULL);
    check(0x01, 3, false, false, "monitor", "rings", NULL);
    check(0x01, 4, false, false, "monitor", "shoes", NULL);
    check(0x01, 5, false, false, "monitor", "shield", NULL);
    check(0x01, 6, false, false, "monitor", "shield", NULL);
    check(0x01, 7, false, false, "monitor", "shield", NULL);
    check(0x01, 8, false, false, "monitor", "invincibility", NULL);
    check(0x01, 0, false, false, NULL, NULL, NULL); /* static */
    check(0x01, 2, false, false, NULL, NULL, NULL); /* Eggman */
    check(0x01, 9, false, false, NULL, NULL, NULL); /* super */
    check(0x01, 10, false, false, NULL, NULL, NULL);
    check(0x34, 0x05, false, false, "checkpoint", NULL, NULL);
    /* S2's ids mean other things in S3K */
    check(0x41, 0x00, false, false, NULL, NULL, NULL);
    check(0x36, 0x00, false, false, NULL, NULL, NULL);
    check(0x02, 0x00, false, false, NULL, NULL, NULL); /* path swappers: level swappers */

    int mapped = 0;
    for (int id = 0; id < 256; id++)
        for (int sub = 0; sub < 256; sub++)
            for (int f = 0; f < 4; f++) {
                lw_objmap_marker m;
                if (!lw_objmap_lookup(LW_OBJMAP_S3K, (uint8_t)id, (uint8_t)sub, f & 1, f & 2, &m))
                    continue;
                mapped++;
                lw_object o = {.id = 1, .type = LW_OBJECT_MARKER, .name = (char *)m.name};
                lw_property props[3];
                for (uint32_t i = 0; i < m.prop_count; i++)
                    props[i] = (lw_property){(char *)m.keys[i], (char *)m.values[i]};
                o.props = props;
                o.prop_count = m.prop_count;
                lw_sim_object so;
                lw_error err;
                if (!lw_sim_object_from_marker(&o, &so, &err))
                    g_error("id %02x sub %02x: %s", id, sub, err.message);
            }
    /* springs 5 kinds x 2 colours x 16 ignored-bit patterns x 4 flips; spikes 8 x 4; monitors
     * 7 x 4; starposts 256 x 4 */
    g_assert_cmpint(mapped, ==, 5 * 2 * 16 * 4 + 8 * 4 + 7 * 4 + 256 * 4);
}

/* An imported S3K spring marker launches the player in an s3k level, not in an s2 one. */
static void test_sim(void)
{
    lw_level *level = terrain_new(128, 4096, 1024);
    terrain_floor(level, 736, 0, 4095, 4);
    lw_object o = {.type = LW_OBJECT_MARKER, .x = 400, .y = 728, .name = (char *)"object 0x07"};
    lw_property p[5] = {{(char *)"disasm", (char *)"object"},
                        {(char *)"id", (char *)"0x07"},
                        {(char *)"subtype", (char *)"0x02"},
                        {(char *)"x_flip", (char *)"false"},
                        {(char *)"y_flip", (char *)"false"}};
    o.props = p;
    o.prop_count = 5;
    g_assert_nonnull(lw_level_add_object(level, &o));
    for (int game = 0; game < 2; game++) {
        g_strlcpy(level->profile, game ? "s3k" : "s2", sizeof level->profile);
        lw_sim sim;
        terrain_sim(&sim, level, "s2", 400, 600);
        g_assert_cmpuint(sim.object_count, ==, game ? 1 : 0);
        int32_t top = sim.state.player.y;
        for (int f = 0; f < 120; f++) {
            lw_sim_step(&sim, 0);
            if (sim.state.player.y < top)
                top = sim.state.player.y;
        }
        if (game) {
            g_assert_cmpint(sim.objects[0].type, ==, LW_OBJ_SPRING);
            g_assert_cmpint(sim.objects[0].speed, ==, 0xA00); /* yellow */
            g_assert_cmpint(top >> 8, <, 600 - 64);           /* launched well above the start */
        } else {
            g_assert_cmpint(top >> 8, >=, 600); /* S2 id 0x07 is no spring: just falls */
        }
        lw_sim_clear(&sim);
    }
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/objmap/s3k", test_table);
    g_test_add_func("/engine/objmap/s3k-sim", test_sim);
    return g_test_run();
}
