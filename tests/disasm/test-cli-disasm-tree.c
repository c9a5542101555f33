/* SPDX-License-Identifier: MIT */
/*
 * `loopwright unpack TREE --list | --level NAME` and `pack LEVEL --into TREE` run as a user runs
 * them, on a synthetic tree written by `pack --format s2` with a hand-written SonLVL.ini of two
 * levels sharing the collision index: an unchanged level writes nothing; a moved start writes
 * exactly its file; a second pack after a write writes nothing; a mask change to the shared
 * index is refused (nothing written) and written with --allow-shared; a tree changed since the
 * import is refused; a bad INI is reported with its line.
 */
#include "cli-run.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static char *tmp;

static char *in_tmp(const char *name)
{
    return g_build_filename(tmp, name, NULL);
}

static void expect(cli_result *r, int code, const char *in_out, const char *in_err)
{
    if (r->code != code || (in_out && !strstr(r->out, in_out)) ||
        (in_err && !strstr(r->err, in_err)))
        g_error("exit %d (want %d)\nstdout:\n%s\nstderr:\n%s\n(want \"%s\" / \"%s\")", r->code,
                code, r->out, r->err, in_out ? in_out : "", in_err ? in_err : "");
    cli_run_free(r);
}

/* Every file under @root with its bytes, relative path -> GBytes. */
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

static GHashTable *snapshot(const char *root)
{
    GHashTable *h =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_bytes_unref);
    snapshot_dir(root, NULL, h);
    return h;
}

/* The files that differ between two snapshots, sorted, joined by ",". */
static char *diff(GHashTable *a, GHashTable *b)
{
    GPtrArray *names = g_ptr_array_new();
    GHashTableIter it;
    gpointer k, v;
    g_hash_table_iter_init(&it, a);
    while (g_hash_table_iter_next(&it, &k, &v)) {
        GBytes *o = g_hash_table_lookup(b, k);
        if (!o || !g_bytes_equal(o, v))
            g_ptr_array_add(names, k);
    }
    g_hash_table_iter_init(&it, b);
    while (g_hash_table_iter_next(&it, &k, &v))
        if (!g_hash_table_lookup(a, k))
            g_ptr_array_add(names, k);
    g_ptr_array_sort(names, (GCompareFunc)g_strcmp0);
    GString *s = g_string_new("");
    for (guint i = 0; i < names->len; i++)
        g_string_append_printf(s, "%s%s", i ? "," : "", *(char **)&names->pdata[i]);
    g_ptr_array_free(names, TRUE);
    return g_string_free(s, FALSE);
}

static void assert_diff(GHashTable *before, const char *root, const char *want)
{
    GHashTable *after = snapshot(root);
    char *d = diff(before, after);
    g_assert_cmpstr(d, ==, want);
    g_free(d);
    g_hash_table_unref(after);
}

static const char ini[] = "version=S2\n"
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
                          "objlst=objTST.ini\n"
                          "[Test Zone Act 2]\n"
                          "blocks=../mappings/16x16/TST.kos\n"
                          "chunks=../mappings/128x128/TST.kos\n"
                          "layout=../level/layout/TST_2.kos\n"
                          "startpos=../startpos/TST_2.bin:Sonic:Level Start\n"
                          "colind1=../collision/TST primary 16x16 collision index.kos\n"
                          "colind2=../collision/TST secondary 16x16 collision index.kos\n";

static void copy_file(const char *root, const char *from, const char *to)
{
    char *a = g_build_filename(root, from, NULL), *b = g_build_filename(root, to, NULL);
    gchar *data;
    gsize size;
    g_assert_true(g_file_get_contents(a, &data, &size, NULL));
    g_assert_true(g_file_set_contents(b, data, (gssize)size, NULL));
    g_free(data);
    g_free(a);
    g_free(b);
}

/* Replace the first @from in file @path by @to. */
static void edit(const char *path, const char *from, const char *to)
{
    gchar *text;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    char *at = strstr(text, from);
    g_assert_nonnull(at);
    *at = '\0';
    char *out = g_strconcat(text, to, at + strlen(from), NULL);
    g_assert_true(g_file_set_contents(path, out, -1, NULL));
    g_free(out);
    g_free(text);
}

/* Change the first column height of the level's first mask. */
static void bump_first_height(const char *path)
{
    gchar *text;
    g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
    char *at = strstr(text, "{\"heights\": [");
    g_assert_nonnull(at);
    at += strlen("{\"heights\": [");
    char *end;
    long v = strtol(at, &end, 10);
    char *num = g_strdup_printf("%ld", v == 0 ? 1 : v - 1);
    *at = '\0';
    char *out = g_strconcat(text, num, end, NULL);
    g_assert_true(g_file_set_contents(path, out, -1, NULL));
    g_free(out);
    g_free(num);
    g_free(text);
}

static char *make_tree(void)
{
    char *tree = in_tmp("tree");
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    cli_result r = cli_run(
        (const char *[]){"pack", sample, "--format", "s2", "-o", tree, "--zone", "TST", NULL});
    expect(&r, 0, NULL, NULL);
    copy_file(tree, "level/layout/TST_1.kos", "level/layout/TST_2.kos");
    copy_file(tree, "startpos/TST_1.bin", "startpos/TST_2.bin");
    char *dir = g_build_filename(tree, "SonLVL INI Files", NULL);
    g_mkdir_with_parents(dir, 0755);
    char *path = g_build_filename(dir, "SonLVL.ini", NULL);
    g_assert_true(g_file_set_contents(path, ini, -1, NULL));
    g_free(path);
    path = g_build_filename(dir, "objTST.ini", NULL);
    g_assert_true(g_file_set_contents(path, "[4B]\nname=Buzzer\n", -1, NULL));
    g_free(path);
    /* S2 objects: x, y word (bit 15 respawn, 14 Y flip, 13 X flip), id, subtype; no end */
    static const uint8_t objects[] = {0x01, 0x00, 0x82, 0x00, 0x4B, 0x00,
                                      0x02, 0x00, 0x21, 0x40, 0x26, 0x05};
    /* S2 rings: x, y word (bit 15 column, 14-12 count - 1); FFFF ends */
    static const uint8_t rings[] = {0x00, 0x80, 0x20, 0x80, 0x01, 0x40, 0x90, 0x60, 0xFF, 0xFF};
    char *p2 = g_build_filename(tree, "level", "objects", NULL);
    g_mkdir_with_parents(p2, 0755);
    g_free(p2);
    p2 = g_build_filename(tree, "level", "rings", NULL);
    g_mkdir_with_parents(p2, 0755);
    g_free(p2);
    p2 = g_build_filename(tree, "level", "objects", "TST_1.bin", NULL);
    g_assert_true(g_file_set_contents(p2, (const char *)objects, sizeof objects, NULL));
    g_free(p2);
    p2 = g_build_filename(tree, "level", "rings", "TST_1.bin", NULL);
    g_assert_true(g_file_set_contents(p2, (const char *)rings, sizeof rings, NULL));
    g_free(p2);
    g_free(dir);
    g_free(sample);
    return tree;
}

static void test_round_trip(void)
{
    char *tree = make_tree(), *level = in_tmp("a.json");
    cli_result r = cli_run((const char *[]){"unpack", tree, "--list", NULL});
    expect(&r, 0, "Test Zone Act 1\tTST 1\nTest Zone Act 2\tTST 2\n", NULL);
    r = cli_run((const char *[]){"unpack", tree, "--level", "Test Zone Act 1", "-o", level, NULL});
    expect(&r, 0, "tileset a-tiles.png", NULL);
    gchar *text;
    g_assert_true(g_file_get_contents(level, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, "\"source\": {"));
    g_assert_nonnull(strstr(text, "\"level\": \"Test Zone Act 1\""));
    g_assert_nonnull(strstr(text,
                            "\"x\": 256, \"y\": 512, \"name\": \"Buzzer\", \"properties\": "
                            "{\"disasm\": \"object\", \"id\": \"0x4B\", \"subtype\": \"0x00\", "
                            "\"x_flip\": \"false\", \"y_flip\": \"false\", \"respawn\": \"true\""));
    g_assert_nonnull(strstr(text, "\"name\": \"object 0x26\""));
    g_assert_nonnull(strstr(text, "\"x\": 320, \"y\": 96, \"name\": \"ring\", \"properties\": "
                                  "{\"disasm\": \"ring\", \"count\": \"2\", \"column\": \"true\""));
    g_free(text);
    r = cli_run((const char *[]){"check", level, NULL});
    expect(&r, 0, NULL, NULL);

    /* unchanged: nothing written */
    GHashTable *before = snapshot(tree);
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "no file changed", NULL);
    assert_diff(before, tree, "");

    /* the start moved: exactly its file */
    edit(level, "\"type\": \"player_start\", \"x\": ", "\"type\": \"player_start\", \"x\": 1");
    r = cli_run((const char *[]){"pack", level, "--into", tree, "--dry-run", NULL});
    expect(&r, 0, "would be written", NULL);
    assert_diff(before, tree, "");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "1 files written", NULL);
    assert_diff(before, tree, "startpos/TST_1.bin");
    g_hash_table_unref(before);
    before = snapshot(tree);
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "no file changed", NULL);

    /* a ring moved: exactly the rings file; a bad object property: refused, nothing written */
    edit(level, "\"x\": 320, \"y\": 96, \"name\": \"ring\"",
         "\"x\": 336, \"y\": 96, \"name\": \"ring\"");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 0, "level/rings/TST_1.bin: 1 unpacked bytes change", NULL);
    assert_diff(before, tree, "level/rings/TST_1.bin");
    g_hash_table_unref(before);
    before = snapshot(tree);
    edit(level, "\"id\": \"0x26\"", "\"id\": \"zz\"");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 1, NULL, "property \"id\" must be a number");
    assert_diff(before, tree, "");
    edit(level, "\"id\": \"zz\"", "\"id\": \"0x26\"");

    /* a mask change reaches the index level 2 shares: refused, then allowed */
    bump_first_height(level);
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 1, "also read by: Test Zone Act 2", "pass --allow-shared");
    assert_diff(before, tree, "");
    r = cli_run((const char *[]){"pack", level, "--into", tree, "--allow-shared", NULL});
    expect(&r, 0, "every level of the tree (a game-wide file)", NULL);
    GHashTable *after = snapshot(tree);
    char *d = diff(before, after);
    g_assert_nonnull(strstr(d, "collision/Collision array - Vertical.bin"));
    g_assert_nonnull(strstr(d, "collision/TST primary 16x16 collision index.kos"));
    g_assert_null(strstr(d, "mappings"));
    g_assert_null(strstr(d, "level/layout"));
    g_free(d);
    g_hash_table_unref(after);
    g_hash_table_unref(before);

    /* the other level still opens; the tree changed under the level: refused */
    char *other = in_tmp("b.json");
    r = cli_run((const char *[]){"unpack", "--format", "s2", tree, "--zone", "TST", "--act", "2",
                                 "-o", other, NULL});
    expect(&r, 0, "tileset none", NULL);
    copy_file(tree, "startpos/TST_2.bin", "startpos/TST_1.bin");
    r = cli_run((const char *[]){"pack", level, "--into", tree, NULL});
    expect(&r, 1, NULL, "changed since the level was imported");

    /* a level without a source section, a bad INI */
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    r = cli_run((const char *[]){"pack", sample, "--into", tree, NULL});
    expect(&r, 1, NULL, "no \"source\" section");
    char *ini_path = g_build_filename(tree, "SonLVL INI Files", "SonLVL.ini", NULL);
    g_assert_true(g_file_set_contents(ini_path, "version=S2\n[A]\nbroken line\n", -1, NULL));
    r = cli_run((const char *[]){"unpack", tree, "--list", NULL});
    expect(&r, 1, NULL, "SonLVL.ini:3:1: neither");
    r = cli_run((const char *[]){"unpack", tree, "--level", "A", NULL});
    expect(&r, 2, NULL, "missing -o");
    g_free(ini_path);
    g_free(sample);
    g_free(other);
    g_free(level);
    g_free(tree);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-cli-tree-XXXXXX", &error);
    g_assert_no_error(error);
    g_test_add_func("/masks/disasm-tree/cli/round-trip", test_round_trip);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_free(cmd);
    g_free(tmp);
    return rc;
}
