/* SPDX-License-Identifier: MIT */
/*
 * SonLVL INI reader and disassembly trees (docs/DISASM.md §7) on synthetic data: hand-made and
 * corrupt INIs with their line and column; a tree built by the exporter from the sample levels
 * with a hand-written SonLVL.ini, imported through the INI and compared with the folder import;
 * concatenated parts with offsets; chunk words past the loaded blocks kept; S1 layout padding
 * and short layouts; paths that leave the tree refused.
 */
#include "disasm-test-util.h"
#include "level-json.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/art-png.h>
#include <loopwright-masks/disasm-tree.h>
#include <loopwright/kosinski.h>
#include <stdlib.h>
#include <string.h>

/* ---- INI ---- */

static void test_ini_good(void)
{
    static const char text[] = "version=S2\r\n"
                               "colarr1=../a b/c.bin\n"
                               "; a comment\n"
                               "\n"
                               "[Emerald Hill Zone Act 1]\n"
                               "tiles=x.kos|y.kos:0x3F80\n"
                               "empty=\n"
                               "[2 Player\\\\Emerald Hill\\=Zone]\n"
                               "eq=a\\=b=c\n"
                               "last=no newline";
    lwm_ini ini;
    lw_error err;
    g_assert_true(lwm_ini_parse(text, sizeof text - 1, &ini, &err));
    g_assert_cmpuint(ini.count, ==, 3);
    g_assert_cmpstr(ini.sections[0].name, ==, "");
    g_assert_cmpstr(lwm_ini_get(&ini.sections[0], "version"), ==, "S2");
    g_assert_cmpstr(lwm_ini_get(&ini.sections[0], "colarr1"), ==, "../a b/c.bin");
    const lwm_ini_section *s = lwm_ini_section_find(&ini, "Emerald Hill Zone Act 1");
    g_assert_nonnull(s);
    g_assert_cmpint(s->line, ==, 5);
    g_assert_cmpstr(lwm_ini_get(s, "tiles"), ==, "x.kos|y.kos:0x3F80");
    g_assert_cmpstr(lwm_ini_get(s, "empty"), ==, "");
    g_assert_cmpint(lwm_ini_entry_find(s, "tiles")->line, ==, 6);
    g_assert_null(lwm_ini_get(s, "version"));
    s = lwm_ini_section_find(&ini, "2 Player\\Emerald Hill=Zone");
    g_assert_nonnull(s);
    g_assert_cmpstr(lwm_ini_get(s, "eq"), ==, "a=b=c");
    g_assert_cmpstr(lwm_ini_get(s, "last"), ==, "no newline");
    lwm_ini_clear(&ini);
    /* empty text: only the global section */
    g_assert_true(lwm_ini_parse("", 0, &ini, &err));
    g_assert_cmpuint(ini.count, ==, 1);
    lwm_ini_clear(&ini);
}

typedef struct bad_ini {
    const char *text;
    size_t len; /* 0: strlen */
    int line, column;
    const char *message;
} bad_ini;

static void test_ini_bad(void)
{
    static const bad_ini cases[] = {
        {"a=1\nnothing here\n", 0, 2, 1, "neither"},
        {"=1\n", 0, 1, 1, "empty key"},
        {"[s]\nk=a\\xb\n", 0, 2, 4, "backslash"},
        {"k=ends\\", 0, 1, 7, "backslash"},
        {"[s]\n[t]\n[s]\n", 0, 3, 1, "given twice (first on line 1)"},
        {"[s]\nk=1\nk=2\n", 0, 3, 1, "given twice in this section (first on line 2)"},
        {"[s] x\n", 0, 1, 4, "text after"},
        {"[s\n", 0, 1, 3, "ends with"},
        {"[a[b]\n", 0, 1, 2, "unescaped"},
        {"k=a\x01"
         "b\n",
         0, 1, 4, "control"},
        {"k=a\rb\n", 0, 1, 4, "carriage return"},
        {"k=a\0b\n", 6, 1, 4, "control"},
        {"a=1\n\r", 0, 2, 1, "carriage return"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        const bad_ini *c = &cases[i];
        lwm_ini ini;
        lw_error err;
        size_t len = c->len ? c->len : strlen(c->text);
        if (lwm_ini_parse(c->text, len, &ini, &err))
            g_error("case %zu accepted", i);
        g_assert_cmpuint(ini.count, ==, 0);
        if (err.line != c->line || err.column != c->column || !strstr(err.message, c->message))
            g_error("case %zu: %d:%d %s (want %d:%d \"%s\")", i, err.line, err.column, err.message,
                    c->line, c->column, c->message);
    }
    /* over the size limit */
    size_t big = LWM_INI_MAX_BYTES + 1;
    char *text = g_malloc(big);
    memset(text, 'a', big);
    lwm_ini ini;
    lw_error err;
    g_assert_false(lwm_ini_parse(text, big, &ini, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_free(text);
}

/* Every prefix of a good INI and every single-byte change parses or fails cleanly. */
static void test_ini_damage(void)
{
    static const char text[] = "version=S1\n[GHZ 1]\ntiles=a.nem|b.nem\n[2P\\\\x]\nk=v\n";
    size_t n = sizeof text - 1;
    for (size_t cut = 0; cut <= n; cut++) {
        lwm_ini ini;
        lw_error err;
        if (lwm_ini_parse(text, cut, &ini, &err))
            lwm_ini_clear(&ini);
    }
    char buf[sizeof text];
    for (size_t i = 0; i < n; i++)
        for (unsigned v = 0; v < 256; v += 7) {
            memcpy(buf, text, n);
            buf[i] = (char)v;
            lwm_ini ini;
            lw_error err;
            if (lwm_ini_parse(buf, n, &ini, &err))
                lwm_ini_clear(&ini);
            else
                g_assert_true(err.line >= 1 && err.column >= 1);
        }
}

/* ---- synthetic trees ---- */

/* Export sample @name to @game as zone TST into a new tree folder. */
static char *export_tree(const char *name, lwm_game game)
{
    lwm_image art = {0};
    lw_level *level = dtest_load_sample(name, &art);
    lwm_disasm_options opts = lwm_disasm_options_default(game, "TST");
    lwm_disasm_export ex = {0};
    lwm_report rep = {0};
    lw_error err;
    if (!lwm_disasm_export_level(level, &art, &opts, &ex, &rep, &err))
        g_error("export: %s", err.message);
    char *dir = dtest_tmpdir(), failed[4096];
    if (!lwm_disasm_export_write(&ex, dir, failed, &err))
        g_error("%s: %s", failed, err.message);
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    lw_level_free(level);
    return dir;
}

static const char s2_ini[] = "version=S2\n"
                             "colarr1=../collision/Collision array - Vertical.bin\n"
                             "colarr2=../collision/Collision array - Horizontal.bin\n"
                             "angles=../collision/Curve and resistance mapping.bin\n"
                             "[Test Zone Act 1]\n"
                             "displayname=The Test\n"
                             "tiles=../art/kosinski/TST.kos\n"
                             "blocks=%s\n"
                             "chunks=../mappings/128x128/TST.kos\n"
                             "layout=../level/layout/TST_1.kos\n"
                             "palette=../art/palettes/TST.bin:0:16:48\n"
                             "startpos=../startpos/TST_1.bin:Sonic:Level Start\n"
                             "colind1=../collision/TST primary 16x16 collision index.kos\n"
                             "colind2=../collision/TST secondary 16x16 collision index.kos\n";

static lwm_tree open_tree(const char *root)
{
    lwm_tree t;
    lw_error err;
    char failed[4096];
    if (!lwm_tree_open(root, &t, failed, &err))
        g_error("%s:%d:%d: %s", failed, err.line, err.column, err.message);
    return t;
}

static void import_ok(const lwm_tree *t, size_t index, lwm_tree_import *im, lwm_report *rep)
{
    lw_error err;
    char failed[4096];
    if (!lwm_tree_import_level(t, index, im, rep, failed, &err))
        g_error("%s: byte %ld: %s", failed, err.offset, err.message);
}

/* The level JSON of @level with name @name (to compare two imports). */
static char *json_named(lw_level *level, const char *name)
{
    lw_level_set_string(&level->name, name);
    return editor_level_to_json(level, NULL);
}

static void assert_same_as_folder_import(const char *root, lwm_game game, const lwm_tree_import *im)
{
    lwm_disasm_import_options io = {0};
    io.game = game;
    io.zone = "TST";
    io.act = 1;
    lwm_disasm_import old = {0};
    lwm_report rep = {0};
    lw_error err;
    char failed[4096];
    if (!lwm_disasm_import_level(root, &io, &old, &rep, failed, &err))
        g_error("%s: %s", failed, err.message);
    char *a = json_named(old.level, "x"), *b = json_named(im->level, "x");
    g_assert_cmpstr(a, ==, b);
    g_assert_cmpuint(old.tileset.width, ==, im->tileset.width);
    if (old.tileset.width) {
        g_assert_cmpuint(old.tileset.height, ==, im->tileset.height);
        g_assert_cmpmem(old.tileset.rgba, (size_t)old.tileset.width * 4u * old.tileset.height,
                        im->tileset.rgba, (size_t)im->tileset.width * 4u * im->tileset.height);
    }
    free(a);
    free(b);
    lwm_disasm_import_clear(&old);
    lwm_report_clear(&rep);
}

static void test_tree_s2(void)
{
    char *root = export_tree("loop-hill.json", LWM_GAME_S2);
    char *ini = g_strdup_printf(s2_ini, "../mappings/16x16/TST.kos");
    dtest_write_text(root, LWM_TREE_INI_FILE, ini);
    g_free(ini);
    g_assert_true(lwm_tree_exists(root));
    lwm_tree t = open_tree(root);
    g_assert_cmpint(t.game, ==, LWM_GAME_S2);
    g_assert_cmpuint(t.level_count, ==, 1);
    g_assert_cmpstr(t.levels[0].name, ==, "The Test");
    g_assert_cmpstr(t.levels[0].zone, ==, "TST");
    g_assert_cmpuint(t.levels[0].act, ==, 1);
    g_assert_cmpint(lwm_tree_find(&t, "Test Zone Act 1"), ==, 0);
    g_assert_cmpint(lwm_tree_find(&t, "The Test"), ==, 0);
    g_assert_cmpint(lwm_tree_find(&t, "Nope"), ==, -1);
    g_assert_cmpint(lwm_tree_find_zone(&t, "tst", 1), ==, 0);
    g_assert_cmpint(lwm_tree_find_zone(&t, "TST", 2), ==, -1);
    lwm_tree_import im = {0};
    lwm_report rep = {0};
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(rep.warnings, ==, 0);
    g_assert_cmpstr(im.level->name, ==, "The Test");
    g_assert_cmpuint(im.source.file_count, ==, 11);
    g_assert_cmpstr(im.source.files[0].role, ==, "chunks");
    g_assert_cmpstr(im.source.files[0].path, ==, "mappings/128x128/TST.kos");
    g_assert_cmpint(im.source.files[0].codec, ==, LWM_CODEC_KOSINSKI);
    g_assert_cmpuint(im.source.mask_count, ==, im.level->mask_count);
    g_assert_cmpuint(im.source.kept_count, ==, 0);
    assert_same_as_folder_import(root, LWM_GAME_S2, &im);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    lwm_tree_clear(&t);
    dtest_rmtree(root);
    g_free(root);
}

/* Blocks split in two files, the second placed with ":0x40" over the first's end: the same. */
static void test_tree_parts(void)
{
    char *root = export_tree("pipe-works.json", LWM_GAME_S2);
    char *blocks = g_build_filename(root, "mappings/16x16/TST.kos", NULL);
    size_t n;
    uint8_t *raw = dtest_read_kos(blocks, NULL, &n);
    g_assert_cmpuint(n, >, 0x60);
    char *a = g_build_filename(root, "mappings/16x16/A.kos", NULL);
    char *b = g_build_filename(root, "mappings/16x16/B.kos", NULL);
    uint8_t *first = g_malloc(0x60);
    memcpy(first, raw, 0x40);
    memset(first + 0x40, 0xEE, 0x20); /* overwritten by the second part */
    dtest_write_kos(a, NULL, first, 0x60);
    dtest_write_kos(b, NULL, raw + 0x40, n - 0x40);
    char *ini = g_strdup_printf(s2_ini, "../mappings/16x16/A.kos|../mappings/16x16/B.kos:0x40");
    dtest_write_text(root, LWM_TREE_INI_FILE, ini);
    lwm_tree t = open_tree(root);
    lwm_tree_import im = {0};
    lwm_report rep = {0};
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(im.source.block_count, ==, n / 8);
    g_assert_cmpstr(im.source.files[1].path, ==, "mappings/16x16/A.kos");
    g_assert_cmpuint(im.source.files[2].offset, ==, 0x40);
    g_assert_cmpuint(im.source.files[2].raw_size, ==, n - 0x40);
    assert_same_as_folder_import(root, LWM_GAME_S2, &im);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    lwm_tree_clear(&t);

    /* a chunk word naming a block past the loaded ones: an empty cell, the word kept */
    char *chunks = g_build_filename(root, "mappings/128x128/TST.kos", NULL);
    size_t cn;
    uint8_t *craw = dtest_read_kos(chunks, NULL, &cn);
    size_t off = 128 + 2 * 9; /* chunk 1, cell (1,1) */
    craw[off] = 0x13;
    craw[off + 1] = 0xFF;
    dtest_write_kos(chunks, NULL, craw, cn);
    t = open_tree(root);
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(im.source.kept_count, ==, 1);
    g_assert_cmpuint(im.source.kept[0].offset, ==, off);
    g_assert_cmpuint(im.source.kept[0].word, ==, 0x13FF);
    g_assert_cmpuint(lw_level_chunk_cells(im.level, 0)[9].tile, ==, LW_NONE);
    g_assert_cmpuint(rep.warnings, ==, 1);
    g_assert_nonnull(strstr(rep.items[0].message, "past the"));
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    lwm_tree_clear(&t);

    /* a path leaving the tree, and a missing key */
    dtest_write_text(root, LWM_TREE_INI_FILE,
                     "version=S2\n[L]\nchunks=../../outside.kos\nblocks=x\nlayout=y\n");
    t = open_tree(root);
    lw_error err;
    char failed[4096];
    g_assert_false(lwm_tree_import_level(&t, 0, &im, &rep, failed, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_PATH);
    g_assert_nonnull(strstr(failed, LWM_TREE_INI_FILE));
    lwm_tree_clear(&t);
    dtest_write_text(root, LWM_TREE_INI_FILE,
                     "version=S2\n[L]\nchunks=../mappings/128x128/TST.kos\n");
    t = open_tree(root);
    g_assert_false(lwm_tree_import_level(&t, 0, &im, &rep, failed, &err));
    g_assert_nonnull(strstr(err.message, "has no \"blocks\" file"));
    g_assert_cmpint(err.line, ==, 2);
    lwm_tree_clear(&t);
    dtest_write_text(root, LWM_TREE_INI_FILE, "version=S4\n");
    g_assert_false(lwm_tree_open(root, &t, failed, &err));
    g_assert_cmpint(err.line, ==, 1);
    lwm_report_clear(&rep);
    g_free(craw);
    g_free(chunks);
    g_free(first);
    g_free(raw);
    g_free(a);
    g_free(b);
    g_free(blocks);
    g_free(ini);
    dtest_rmtree(root);
    g_free(root);
}

static const char s1_ini[] = "version=S1\n"
                             "colarr1=../collide/Collision Array (Normal).bin\n"
                             "colarr2=../collide/Collision Array (Rotated).bin\n"
                             "angles=../collide/Angle Map.bin\n"
                             "[Test Zone Act 1]\n"
                             "tiles=../artunc/8x8 - TST.bin\n"
                             "blocks=../map16/TST.eni\n"
                             "chunks=../map256/TST.kos\n"
                             "fglayout=../levels/tst1.bin\n"
                             "bglayout=../levels/tstbg.bin\n"
                             "palette=../palette/TST.bin:0:16:48\n"
                             "startpos=../startpos/tst1.bin:Sonic:Level Start\n"
                             "colind=../collide/TST.bin\n";

static void append_bytes(const char *root, const char *rel, const char *bytes, size_t n, size_t cut)
{
    char *p = g_build_filename(root, rel, NULL);
    gchar *data;
    gsize size;
    g_assert_true(g_file_get_contents(p, &data, &size, NULL));
    GByteArray *a = g_byte_array_new();
    g_byte_array_append(a, (guint8 *)data, (guint)(size - cut));
    g_byte_array_append(a, (const guint8 *)bytes, (guint)n);
    g_assert_true(g_file_set_contents(p, (gchar *)a->data, a->len, NULL));
    g_byte_array_free(a, TRUE);
    g_free(data);
    g_free(p);
}

static void test_tree_s1(void)
{
    char *root = export_tree("pipe-works.json", LWM_GAME_S1);
    dtest_write_text(root, LWM_TREE_INI_FILE, s1_ini);
    lwm_tree t = open_tree(root);
    g_assert_cmpstr(t.levels[0].zone, ==, "TST");
    lwm_tree_import im = {0};
    lwm_report rep = {0};
    import_ok(&t, 0, &im, &rep);
    assert_same_as_folder_import(root, LWM_GAME_S1, &im);
    g_assert_cmpuint(im.source.layout_padding[0], ==, 0);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    /* a padding byte after the FG rows (as SYZ 1): kept and warned */
    append_bytes(root, "levels/tst1.bin", "\0", 1, 0);
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(im.source.layout_padding[0], ==, 1);
    g_assert_cmpuint(rep.warnings, ==, 1);
    g_assert_nonnull(strstr(rep.items[0].message, "padding"));
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    /* rows short of the header's size (as S1's ending): read as empty, warned */
    append_bytes(root, "levels/tst1.bin", "", 0, 3);
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(im.source.layout_short[0], ==, 2);
    g_assert_cmpuint(rep.warnings, ==, 1);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    lwm_tree_clear(&t);
    dtest_rmtree(root);
    g_free(root);
}

/* S1 loop chunks (docs/DISASM.md §7.5): a special slot (bit 7) gives its chunk a path B from
 * chunk id + 1; the rules come from the tree's LoopTileNums for a zone it names (ghz), else
 * from the INI's loopchunks. An unchanged level writes nothing; the loop chunk painted into
 * another slot is written with bit 7; a path B the game would not read is refused. */
static void test_tree_s1_loops(void)
{
    char *root = export_tree("pipe-works.json", LWM_GAME_S1);
    size_t n;
    uint8_t *lay = dtest_read(root, "levels/tst1.bin", &n);
    uint32_t w = lay[0] + 1u, h = lay[1] + 1u;
    g_assert_cmpuint(n, ==, 2u + w * h);
    /* the first slot whose chunk has a successor is made special; the last plain slot of
     * another chunk is the tunnel */
    uint32_t at = 0, plain = 0;
    lwm_tree_import im = {0};
    lwm_report rep = {0};
    dtest_write_text(root, LWM_TREE_INI_FILE, s1_ini);
    lwm_tree t = open_tree(root);
    import_ok(&t, 0, &im, &rep);
    uint32_t chunks = im.level->chunk_count;
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    while (at < w * h && !(lay[2 + at] && lay[2 + at] < chunks))
        at++;
    g_assert_cmpuint(at, <, w * h);
    uint8_t id = lay[2 + at];
    for (uint32_t i = 0; i < w * h; i++)
        if (lay[2 + i] && lay[2 + i] != id)
            plain = i;
    g_assert_cmpuint(lay[2 + plain], !=, 0);
    for (uint32_t i = 0; i < w * h; i++)
        if (lay[2 + i] == id)
            lay[2 + i] |= 0x80u; /* every slot of the chunk, as GHZ's 0x35 */
    dtest_write(root, "levels/ghz1.bin", lay, n);
    char table[256];
    snprintf(table, sizeof table,
             "; comment\nLoopTileNums:\n\n; loop loop tunnel tunnel\n\tdc.b\t$%02X,\t$7F,\t$%02X,"
             "\t$7F\t; Green Hill\n\tdc.b\t$7F,\t$7F,\t$7F,\t$7F\nNext:\n",
             id | 0x80u, lay[2 + plain]);
    dtest_write_text(root, "_inc/LevelSizeLoad & BgScrollSpeed.asm", table);
    GString *ini = g_string_new(s1_ini);
    g_string_replace(ini, "levels/tst1.bin", "levels/ghz1.bin", 1);
    dtest_write_text(root, LWM_TREE_INI_FILE, ini->str);
    lwm_tree_clear(&t);
    t = open_tree(root);
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(im.level->loop_chunk_count, ==, 2);
    const lw_loop_chunk *e = lw_level_loop_chunk(im.level, (uint16_t)(id - 1u));
    g_assert_nonnull(e);
    g_assert_cmpuint(e->path_b, ==, id); /* file chunk id + 1 is level chunk id */
    g_assert_cmpuint(e->rule, ==, LW_LOOP_LOOP);
    e = lw_level_loop_chunk(im.level, (uint16_t)(lay[2 + plain] - 1u));
    g_assert_nonnull(e);
    g_assert_cmpuint(e->path_b, ==, LW_NONE);
    g_assert_cmpuint(e->rule, ==, LW_LOOP_TUNNEL);
    /* unchanged: nothing written */
    lwm_tree_export ex;
    lw_error err;
    char failed[4096];
    if (!lwm_tree_export_level(&t, &im.source, im.level, &im.tileset, &ex, &rep, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_tree_export_clear(&ex);
    /* the loop chunk painted over the tunnel's slot: written as a special slot */
    lw_level_layout_mut(im.level, LW_LAYER_FG)[plain] = (uint16_t)(id - 1u);
    if (!lwm_tree_export_level(&t, &im.source, im.level, &im.tileset, &ex, &rep, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(ex.file_count, ==, 1);
    g_assert_cmpstr(ex.files[0].path, ==, "levels/ghz1.bin");
    g_assert_cmpuint(ex.files[0].changed_bytes, ==, 1);
    g_assert_cmpuint(ex.files[0].data[2 + plain], ==, id | 0x80u);
    lwm_tree_export_clear(&ex);
    /* a path B the game would not read is refused */
    lw_loop_chunk bad = {(uint16_t)(id - 1u), (uint16_t)(id - 1u), LW_LOOP_LOOP};
    g_assert_true(lw_level_set_loop_chunks(im.level, &bad, 1, &err));
    g_assert_false(
        lwm_tree_export_level(&t, &im.source, im.level, &im.tileset, &ex, &rep, failed, &err));
    g_assert_nonnull(strstr(err.message, "Sonic 1 reads"));
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    /* without the table, the INI's loopchunks name the loop; no tunnel */
    char *asm_path = g_build_filename(root, "_inc/LevelSizeLoad & BgScrollSpeed.asm", NULL);
    g_assert_cmpint(g_remove(asm_path), ==, 0);
    g_free(asm_path);
    char key[32];
    snprintf(key, sizeof key, "loopchunks=%X\n", id);
    g_string_append(ini, key);
    dtest_write_text(root, LWM_TREE_INI_FILE, ini->str);
    lwm_tree_clear(&t);
    t = open_tree(root);
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(im.level->loop_chunk_count, ==, 1);
    g_assert_cmpuint(im.level->loop_chunks[0].rule, ==, LW_LOOP_LOOP);
    g_assert_cmpuint(im.level->loop_chunks[0].path_b, ==, id);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    g_string_free(ini, TRUE);
    lwm_tree_clear(&t);
    g_free(lay);
    dtest_rmtree(root);
    g_free(root);
}

/* An S3K tree made from an S2 export: the same chunks, blocks, art and arrays; the layout in
 * S3K's form (sizes, row pointers, rows) and the index as S&K's A/B pairs. Imports as the S2
 * folder import does; an unchanged level writes nothing; one changed slot changes its byte. */
static void test_tree_s3k(void)
{
    char *root = export_tree("loop-hill.json", LWM_GAME_S2);
    char *p = g_build_filename(root, "level/layout/TST_1.kos", NULL);
    size_t n;
    uint8_t *s2 = dtest_read_kos(p, NULL, &n);
    g_free(p);
    g_assert_cmpuint(n, ==, 0x1000);
    uint32_t w = 0, h = 0;
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 256; x++)
            if (s2[y * 256 + x]) {
                w = MAX(w, (x % 128) + 1);
                h = MAX(h, y + 1);
            }
    g_assert_cmpuint(w * h * 2 + 0x88, <=, 0x1000);
    size_t size = 0x88 + 2u * w * h;
    uint8_t *lay = g_malloc0(size);
    lay[1] = (uint8_t)w, lay[3] = (uint8_t)w, lay[5] = (uint8_t)h, lay[7] = (uint8_t)h;
    for (uint32_t layer = 0; layer < 2; layer++)
        for (uint32_t y = 0; y < h; y++) {
            uint32_t off = 0x88 + (layer * h + y) * w, ptr = 0x8000 + off;
            lay[8 + y * 4 + layer * 2] = (uint8_t)(ptr >> 8);
            lay[9 + y * 4 + layer * 2] = (uint8_t)ptr;
            memcpy(lay + off, s2 + y * 256 + layer * 128, w);
        }
    dtest_write(root, "s3k/layout.bin", lay, size);
    uint8_t pairs[0x600];
    const char *ix[2] = {"collision/TST primary 16x16 collision index.kos",
                         "collision/TST secondary 16x16 collision index.kos"};
    for (int k = 0; k < 2; k++) {
        p = g_build_filename(root, ix[k], NULL);
        uint8_t *raw = dtest_read_kos(p, NULL, &n);
        g_assert_cmpuint(n, ==, 0x300);
        for (size_t b = 0; b < 0x300; b++)
            pairs[2 * b + (size_t)k] = raw[b];
        g_free(raw);
        g_free(p);
    }
    dtest_write(root, "s3k/index.bin", pairs, sizeof pairs);
    dtest_write_text(root, LWM_TREE_INI_FILE,
                     "version=S3K\n"
                     "colarr1=../collision/Collision array - Vertical.bin\n"
                     "colarr2=../collision/Collision array - Horizontal.bin\n"
                     "angles=../collision/curve AND resistance mapping.bin\n" /* case differs */
                     "[Test\\\\Test Zone Act 1]\n"
                     "tiles=../art/kosinski/TST.kos\n"
                     "blocks=../mappings/16x16/TST.kos\n"
                     "chunks=../mappings/128x128/TST.kos\n"
                     "layout=../s3k/layout.bin\n"
                     "palette=../art/palettes/TST.bin:0:16:48\n"
                     "startpos=../startpos/TST_1.bin:Sonic:Sonic Start\n"
                     "colind=../s3k/index.bin\n");
    lwm_tree t = open_tree(root);
    g_assert_cmpint(t.game, ==, LWM_GAME_S3K);
    g_assert_cmpstr(t.levels[0].section, ==, "Test\\Test Zone Act 1");
    g_assert_cmpstr(t.levels[0].zone, ==, "LAYOUT");
    lwm_tree_import im = {0};
    lwm_report rep = {0};
    import_ok(&t, 0, &im, &rep);
    g_assert_cmpuint(rep.warnings, ==, 0);
    g_assert_cmpstr(im.level->profile, ==, "s3k");
    snprintf(im.level->profile, sizeof im.level->profile, "s2");
    assert_same_as_folder_import(root, LWM_GAME_S2, &im);

    /* write-back: nothing for the unchanged level, one byte for one changed slot */
    lwm_tree_export ex;
    lw_error err;
    char failed[4096];
    if (!lwm_tree_export_level(&t, &im.source, im.level, &im.tileset, &ex, &rep, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(ex.file_count, ==, 0);
    g_assert_cmpuint(ex.unchanged, ==, 9); /* 7 and the blocks and palette */
    lwm_tree_export_clear(&ex);
    uint16_t *slot = &lw_level_layout_mut(im.level, LW_LAYER_FG)[0];
    *slot = *slot == 0 ? 1 : 0;
    if (!lwm_tree_export_level(&t, &im.source, im.level, &im.tileset, &ex, &rep, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(ex.file_count, ==, 1);
    g_assert_cmpstr(ex.files[0].path, ==, "s3k/layout.bin");
    g_assert_cmpuint(ex.files[0].changed_bytes, ==, 1);
    g_assert_cmpuint(ex.files[0].size, ==, size);
    g_assert_cmpuint(ex.files[0].data[0x88], ==, *slot + im.source.first_chunk);
    g_assert_cmpmem(ex.files[0].data + 0x89, size - 0x89, lay + 0x89, size - 0x89);
    lwm_tree_export_clear(&ex);
    /* random damage to the S3K layout, the index and the INI: refused or imported, never a
     * crash, a refusal names a file (run under ASan/UBSan too) */
    static const char *const victims[] = {"s3k/layout.bin", "s3k/index.bin", LWM_TREE_INI_FILE,
                                          "mappings/128x128/TST.kos"};
    GRand *rnd = g_rand_new_with_seed(11);
    for (int round = 0; round < 160; round++) {
        const char *v = victims[round % 4];
        char *vp = g_build_filename(root, v, NULL);
        gchar *orig;
        gsize osize;
        g_assert_true(g_file_get_contents(vp, &orig, &osize, NULL));
        gchar *bad = g_memdup2(orig, osize);
        gsize bsize = osize;
        if (round % 3 == 0)
            bsize = (gsize)g_rand_int_range(rnd, 0, (gint32)osize);
        for (int k = 0; k < 1 + round % 5; k++)
            if (bsize)
                bad[g_rand_int_range(rnd, 0, (gint32)bsize)] = (char)g_rand_int(rnd);
        g_assert_true(g_file_set_contents(vp, bad, (gssize)bsize, NULL));
        lwm_tree bt;
        lwm_tree_import bim = {0};
        lwm_report brep = {0};
        if (lwm_tree_open(root, &bt, failed, &err)) {
            if (bt.level_count && !lwm_tree_import_level(&bt, 0, &bim, &brep, failed, &err))
                g_assert_true(failed[0] && err.message[0]);
            lwm_tree_import_clear(&bim);
            lwm_tree_clear(&bt);
        } else {
            g_assert_true(strstr(failed, "SonLVL") && err.message[0]);
        }
        lwm_report_clear(&brep);
        g_assert_true(g_file_set_contents(vp, orig, (gssize)osize, NULL));
        g_free(bad);
        g_free(orig);
        g_free(vp);
    }
    g_rand_free(rnd);
    /* a resized S3K layout: a new file (FG rows, then BG rows, pointers 0 past the height, even
     * length) that imports back as the resized level; one over 0x1000 bytes is refused */
    *slot = *slot == 0 ? 1 : 0; /* the slot changed above, back */
    lw_level *before = lw_level_dup(im.level);
    g_assert_true(lw_level_resize_layout(im.level, (uint16_t)(w + 1), (uint16_t)h, &err));
    uint16_t grown = lw_level_layout_get(im.level, LW_LAYER_FG, 0, 0);
    g_assert_cmpuint(grown, !=, LW_NONE);
    lw_level_layout_mut(im.level, LW_LAYER_FG)[w] = grown; /* row 0, the new column */
    if (!lwm_tree_export_level(&t, &im.source, im.level, &im.tileset, &ex, &rep, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(ex.file_count, ==, 1);
    g_assert_cmpstr(ex.files[0].path, ==, "s3k/layout.bin");
    size_t want = 0x88 + (size_t)(w + 1) * h + (size_t)w * h;
    want += want & 1;
    g_assert_cmpuint(ex.files[0].size, ==, want);
    const uint8_t *nd = ex.files[0].data;
    g_assert_cmpuint((nd[0] << 8 | nd[1]), ==, w + 1);
    g_assert_cmpuint((nd[2] << 8 | nd[3]), ==, w);
    g_assert_cmpuint((nd[8] << 8 | nd[9]), ==, 0x8088);
    g_assert_cmpuint((nd[10] << 8 | nd[11]), ==, 0x8088 + (w + 1) * h);
    g_assert_cmpuint((nd[8 + h * 4] << 8 | nd[9 + h * 4]), ==, 0); /* past the height */
    dtest_write(root, "s3k/layout.bin", ex.files[0].data, ex.files[0].size);
    lwm_tree_export_clear(&ex);
    lwm_tree_import re = {0};
    lwm_tree_clear(&t);
    t = open_tree(root);
    import_ok(&t, 0, &re, &rep);
    g_assert_cmpuint(re.level->layout_width, ==, w + 1);
    g_assert_cmpuint(re.level->layout_height, ==, h);
    g_assert_true(!re.level->layout[LW_LAYER_BG] == !before->layout[LW_LAYER_BG]);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x <= w; x++) {
            uint16_t got = lw_level_layout_get(re.level, LW_LAYER_FG, x, y);
            uint16_t exp =
                x < w ? lw_level_layout_get(before, LW_LAYER_FG, x, y) : (y == 0 ? grown : LW_NONE);
            g_assert_cmpuint(got, ==, exp);
            if (x < w && before->layout[LW_LAYER_BG])
                g_assert_cmpuint(lw_level_layout_get(re.level, LW_LAYER_BG, x, y), ==,
                                 lw_level_layout_get(before, LW_LAYER_BG, x, y));
        }
    lw_level_free(before);
    g_assert_true(lw_level_resize_layout(re.level, 256, 32, &err));
    g_assert_false(
        lwm_tree_export_level(&t, &re.source, re.level, &re.tileset, &ex, &rep, failed, &err));
    lwm_tree_import_clear(&re);
    if (!strstr(err.message, "0x1000 bytes"))
        g_error("%s: %s", failed, err.message);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&rep);
    lwm_tree_clear(&t);
    g_free(lay);
    g_free(s2);
    dtest_rmtree(root);
    g_free(root);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/masks/disasm-tree/ini/good", test_ini_good);
    g_test_add_func("/masks/disasm-tree/ini/bad", test_ini_bad);
    g_test_add_func("/masks/disasm-tree/ini/damage", test_ini_damage);
    g_test_add_func("/masks/disasm-tree/s2", test_tree_s2);
    g_test_add_func("/masks/disasm-tree/s2/parts", test_tree_parts);
    g_test_add_func("/masks/disasm-tree/s1", test_tree_s1);
    g_test_add_func("/masks/disasm-tree/s1-loops", test_tree_s1_loops);
    g_test_add_func("/masks/disasm-tree/s3k", test_tree_s3k);
    return g_test_run();
}
