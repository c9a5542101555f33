/* SPDX-License-Identifier: MIT */
/* Tests: the synthetic disassembly tree (tree-fixture.h). */
#include "tree-fixture.h"

#include "cli-run.h"

#include <glib/gstdio.h>
#include <stdint.h>
#include <string.h>

static const char ini_act1[] = "version=S2\n"
                               "colarr1=../collision/Collision array - Vertical.bin\n"
                               "colarr2=../collision/Collision array - Horizontal.bin\n"
                               "angles=../collision/Curve and resistance mapping.bin\n"
                               "[Test Zone Act 1]\n"
                               "tiles=../art/kosinski/TST.kos\n"
                               "blocks=../mappings/16x16/TST.kos\n"
                               "chunks=../mappings/128x128/TST.kos\n"
                               "layout=../level/layout/TST_1.kos\n"
                               "palette=../art/palettes/TST.bin:0:16:48\n"
                               "startpos=../startpos/TST_1.bin:Sonic:Level Start\n"
                               "colind1=../collision/TST primary 16x16 collision index.kos\n"
                               "colind2=../collision/TST secondary 16x16 collision index.kos\n"
                               "objects=../level/objects/TST_1.bin\n"
                               "rings=../level/rings/TST_1.bin\n"
                               "objlst=objTST.ini\n";
static const char ini_act2[] = "[Test Zone Act 2]\n"
                               "blocks=../mappings/16x16/TST.kos\n"
                               "chunks=../mappings/128x128/TST2.kos\n"
                               "layout=../level/layout/TST_2.kos\n"
                               "startpos=../startpos/TST_2.bin:Sonic:Level Start\n";

static void put(const char *root, const char *rel, const void *data, gsize size)
{
    char *path = g_build_filename(root, rel, NULL), *dir = g_path_get_dirname(path);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0755), ==, 0);
    g_assert_true(g_file_set_contents(path, data, (gssize)size, NULL));
    g_free(dir);
    g_free(path);
}

void tree_fixture_copy(const char *root, const char *from, const char *to)
{
    char *a = g_build_filename(root, from, NULL);
    gchar *data;
    gsize size;
    g_assert_true(g_file_get_contents(a, &data, &size, NULL));
    put(root, to, data, size);
    g_free(data);
    g_free(a);
}

char *tree_fixture_make(const char *dir, gboolean shared_index)
{
    return tree_fixture_make_extra(dir, shared_index, NULL);
}

char *tree_fixture_make_extra(const char *dir, gboolean shared_index, const char *extra)
{
    char *tree = g_build_filename(dir, "tree", NULL);
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    cli_result r = cli_run(
        (const char *[]){"pack", sample, "--format", "s2", "-o", tree, "--zone", "TST", NULL});
    if (r.code != 0)
        g_error("pack --format s2: exit %d\n%s\n%s", r.code, r.out, r.err);
    cli_run_free(&r);
    /* level 2: the same blocks, its own chunks, layout and start (a copy of level 1's) */
    tree_fixture_copy(tree, "mappings/128x128/TST.kos", "mappings/128x128/TST2.kos");
    tree_fixture_copy(tree, "level/layout/TST_1.kos", "level/layout/TST_2.kos");
    tree_fixture_copy(tree, "startpos/TST_1.bin", "startpos/TST_2.bin");
    const char *index = "TST";
    if (!shared_index) {
        index = "TST2";
        tree_fixture_copy(tree, "collision/TST primary 16x16 collision index.kos",
                          "collision/TST2 primary 16x16 collision index.kos");
        tree_fixture_copy(tree, "collision/TST secondary 16x16 collision index.kos",
                          "collision/TST2 secondary 16x16 collision index.kos");
    }
    char *ini = g_strdup_printf("%s%s%s"
                                "colind1=../collision/%s primary 16x16 collision index.kos\n"
                                "colind2=../collision/%s secondary 16x16 collision index.kos\n",
                                ini_act1, extra ? extra : "", ini_act2, index, index);
    put(tree, "SonLVL INI Files/SonLVL.ini", ini, strlen(ini));
    put(tree, "SonLVL INI Files/objTST.ini", "[4B]\nname=Buzzer\n", 17);
    g_free(ini);
    /* S2 objects: x, y word (bit 15 respawn, 14 Y flip, 13 X flip, 12 spare), id, subtype;
     * two plane switchers (Obj03): one X-flipped with subtype 0xE9, one with the spare bit */
    static const uint8_t objects[] = {0x01, 0x00, 0x82, 0x00, 0x4B, 0x00, 0x02, 0x00,
                                      0x21, 0x40, 0x26, 0x05, 0x03, 0x00, 0x21, 0x50,
                                      0x03, 0xE9, 0x03, 0x80, 0x11, 0x60, 0x03, 0x04};
    /* S2 rings: x, y word (bit 15 column, 14-12 count - 1); FFFF ends */
    static const uint8_t rings[] = {0x00, 0x80, 0x20, 0x80, 0x01, 0x40, 0x90, 0x60, 0xFF, 0xFF};
    put(tree, "level/objects/TST_1.bin", objects, sizeof objects);
    put(tree, "level/rings/TST_1.bin", rings, sizeof rings);
    g_free(sample);
    return tree;
}

char *tree_fixture_make_water(const char *dir)
{
    char *extra = g_strdup_printf("waterheight=%X\nwaterpal=2\n"
                                  "palette2=Water|../art/palettes/TST_water.bin:0:16:48\n",
                                  TREE_FIXTURE_WATER_HEIGHT);
    char *tree = tree_fixture_make_extra(dir, FALSE, extra);
    g_free(extra);
    char *path = g_build_filename(tree, "art", "palettes", "TST.bin", NULL);
    gchar *pal;
    gsize size;
    g_assert_true(g_file_get_contents(path, &pal, &size, NULL));
    g_assert_cmpuint(size, ==, 96);
    for (gsize i = 0; i < size; i += 2) {
        unsigned w =
            ((unsigned)(uint8_t)pal[i] << 8 | (uint8_t)pal[i + 1]) ^ TREE_FIXTURE_WATER_XOR;
        pal[i] = (char)(w >> 8);
        pal[i + 1] = (char)w;
    }
    put(tree, "art/palettes/TST_water.bin", pal, size);
    g_free(pal);
    g_free(path);
    return tree;
}

static void snapshot_dir(const char *root, const char *rel, GHashTable *out)
{
    char *dir = rel ? g_build_filename(root, rel, NULL) : g_strdup(root);
    GDir *d = g_dir_open(dir, 0, NULL);
    const char *name;
    while (d && (name = g_dir_read_name(d))) {
        char *sub = rel ? g_strdup_printf("%s/%s", rel, name) : g_strdup(name);
        char *full = g_build_filename(root, sub, NULL);
        if (g_file_test(full, G_FILE_TEST_IS_DIR)) {
            snapshot_dir(root, sub, out);
            g_free(sub);
        } else {
            gchar *data;
            gsize size;
            g_assert_true(g_file_get_contents(full, &data, &size, NULL));
            g_hash_table_insert(out, sub, g_bytes_new_take(data, size));
        }
        g_free(full);
    }
    if (d)
        g_dir_close(d);
    g_free(dir);
}

static gint by_name(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

GHashTable *tree_fixture_snapshot(const char *root)
{
    GHashTable *h =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_bytes_unref);
    snapshot_dir(root, NULL, h);
    return h;
}

char *tree_fixture_diff(GHashTable *before, const char *root)
{
    GHashTable *after = tree_fixture_snapshot(root);
    GPtrArray *names = g_ptr_array_new();
    GHashTableIter it;
    gpointer k, v;
    g_hash_table_iter_init(&it, before);
    while (g_hash_table_iter_next(&it, &k, &v)) {
        GBytes *o = g_hash_table_lookup(after, k);
        if (!o || !g_bytes_equal(o, v))
            g_ptr_array_add(names, k);
    }
    g_hash_table_iter_init(&it, after);
    while (g_hash_table_iter_next(&it, &k, &v))
        if (!g_hash_table_lookup(before, k))
            g_ptr_array_add(names, k);
    g_ptr_array_sort(names, by_name);
    GString *s = g_string_new("");
    for (guint i = 0; i < names->len; i++)
        g_string_append_printf(s, "%s%s", i ? "," : "", (const char *)names->pdata[i]);
    g_ptr_array_free(names, TRUE);
    g_hash_table_unref(after);
    return g_string_free(s, FALSE);
}
