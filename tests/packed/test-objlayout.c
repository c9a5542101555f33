/* SPDX-License-Identifier: MIT */
/* Object and ring layouts (objlayout.h, docs/CODECS.md §3): hand-made records of every format
 * with every flag, heads, terminators and tails kept, the writer's range checks, layouts built
 * from scratch, any byte string round trips, and SonLVL object-list names. */
#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/objlayout.h>
#include <stdlib.h>
#include <string.h>

/* Parse, check the bytes write back identically, and return the layout (caller clears). */
static void parse_ok(lwm_layout *l, lwm_layout_format f, const uint8_t *data, size_t n)
{
    lw_error err;
    if (!lwm_layout_parse(l, f, data, n, &err))
        g_error("%s: %s at %ld", lwm_layout_format_name(f), err.message, err.offset);
    g_assert_cmpuint(lwm_layout_size(l), ==, n);
    uint8_t *out = g_malloc(n + 1);
    size_t wrote = 0;
    if (!lwm_layout_write(l, out, n, &wrote, &err))
        g_error("%s: write: %s at %ld", lwm_layout_format_name(f), err.message, err.offset);
    g_assert_cmpmem(out, wrote, data, n);
    g_free(out);
}

static void test_s1(void)
{
    static const uint8_t data[] = {
        0x01, 0x44, 0xC3, 0x60, 0xA5, 0x12, /* y flip, x flip, y 0x360, respawn, id 0x25 */
        0x02, 0x48, 0x33, 0x51, 0x26, 0x06, /* spare bits 3, y 0x351 */
        0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, /* terminator */
        0xAB, 0xCD,                         /* padding after it */
    };
    lwm_layout l;
    parse_ok(&l, LWM_LAYOUT_S1_OBJECTS, data, sizeof data);
    g_assert_cmpuint(l.object_count, ==, 2);
    g_assert_true(l.terminated);
    g_assert_cmpuint(l.tail_size, ==, 8);
    const lwm_object *o = l.objects;
    g_assert_cmpuint(o[0].x_px, ==, 0x144);
    g_assert_cmpuint(o[0].y_px, ==, 0x360);
    g_assert_true(o[0].y_flip && o[0].x_flip && o[0].respawn);
    g_assert_cmphex(o[0].id, ==, 0x25);
    g_assert_cmphex(o[0].subtype, ==, 0x12);
    g_assert_cmpuint(o[0].spare_bits, ==, 0);
    g_assert_false(o[1].y_flip || o[1].x_flip || o[1].respawn);
    g_assert_cmpuint(o[1].spare_bits, ==, 3);
    g_assert_cmpuint(o[1].y_px, ==, 0x351);
    lwm_layout_clear(&l);

    /* platforms: count - 1, records, tail */
    static const uint8_t pf[] = {0x00, 0x01, 0x10, 0x78, 0x02, 0x1A, 0x00, 0x00, 0x10, 0xBE,
                                 0xF2, 0x91, 0x00, 0x52, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00};
    parse_ok(&l, LWM_LAYOUT_S1_PLATFORMS, pf, sizeof pf);
    g_assert_cmpuint(l.object_count, ==, 2);
    g_assert_cmpuint(l.objects[1].spare_bits, ==, 0xF);
    g_assert_cmpuint(l.objects[1].y_px, ==, 0x291);
    g_assert_cmphex(l.objects[1].subtype, ==, 0x52);
    g_assert_cmpuint(l.tail_size, ==, 6);
    lwm_layout_clear(&l);
    lw_error err;
    g_assert_false(lwm_layout_parse(&l, LWM_LAYOUT_S1_PLATFORMS, pf, 13, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
    g_assert_cmpint(err.offset, ==, 13);
    lwm_layout_clear(&l);
    g_assert_false(lwm_layout_parse(&l, LWM_LAYOUT_S1_PLATFORMS, pf, 1, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
    lwm_layout_clear(&l);
}

static void test_s2_s3k_objects(void)
{
    static const uint8_t s2[] = {
        0x01, 0x50, 0xE3, 0x78, 0x22, 0x00, /* respawn, y flip, x flip */
        0x00, 0xD0, 0x13, 0x79, 0x4B, 0x01, /* spare bit 12 */
        0xFF, 0xFF, 0x00,                   /* a partial record: no terminator in S2 files */
    };
    lwm_layout l;
    parse_ok(&l, LWM_LAYOUT_S2_OBJECTS, s2, sizeof s2);
    g_assert_cmpuint(l.object_count, ==, 2);
    g_assert_false(l.terminated);
    g_assert_cmpuint(l.tail_size, ==, 3);
    g_assert_true(l.objects[0].respawn && l.objects[0].y_flip && l.objects[0].x_flip);
    g_assert_false(l.objects[0].any_height);
    g_assert_cmpuint(l.objects[0].y_px, ==, 0x378);
    g_assert_cmphex(l.objects[0].id, ==, 0x22);
    g_assert_cmpuint(l.objects[1].spare_bits, ==, 1);
    g_assert_cmphex(l.objects[1].id, ==, 0x4B);
    lwm_layout_clear(&l);

    /* the same first record in S3K: bit 15 is "loaded at any height" */
    static const uint8_t s3k[] = {0x01, 0x50, 0xE3, 0x78, 0x22, 0x00, 0xFF, 0xFF,
                                  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    parse_ok(&l, LWM_LAYOUT_S3K_OBJECTS, s3k, sizeof s3k);
    g_assert_cmpuint(l.object_count, ==, 1);
    g_assert_true(l.terminated);
    g_assert_true(l.objects[0].any_height && l.objects[0].y_flip && l.objects[0].x_flip);
    g_assert_false(l.objects[0].respawn);
    g_assert_cmpuint(l.tail_size, ==, 10);
    lwm_layout_clear(&l);

    /* CNZ bumpers: zero sentinel head, records type/x/y, end at x = FFFF */
    static const uint8_t bump[] = {0,    0,    0,    0, 0, 0,    0x00, 0x0A, 0x04,
                                   0x10, 0x05, 0x40, 0, 0, 0xFF, 0xFF, 0,    0};
    parse_ok(&l, LWM_LAYOUT_S2_BUMPERS, bump, sizeof bump);
    g_assert_cmpuint(l.head_size, ==, 6);
    g_assert_cmpuint(l.object_count, ==, 1);
    g_assert_cmphex(l.objects[0].subtype, ==, 0x0A);
    g_assert_cmpuint(l.objects[0].x_px, ==, 0x410);
    g_assert_cmpuint(l.objects[0].y_px, ==, 0x540);
    g_assert_true(l.terminated);
    lwm_layout_clear(&l);
    /* ... a file starting with a real bumper has no head */
    parse_ok(&l, LWM_LAYOUT_S2_BUMPERS, bump + 6, sizeof bump - 6);
    g_assert_cmpuint(l.head_size, ==, 0);
    g_assert_cmpuint(l.object_count, ==, 1);
    lwm_layout_clear(&l);
}

static void test_rings(void)
{
    static const uint8_t s2[] = {
        0x00, 0xF8, 0x23, 0x48, /* row of 3 at (0xF8, 0x348) */
        0x01, 0x00, 0xF1, 0x00, /* column of 8 at (0x100, 0x100) */
        0xFF, 0xFF,             /* end */
    };
    lwm_layout l;
    parse_ok(&l, LWM_LAYOUT_S2_RINGS, s2, sizeof s2);
    g_assert_cmpuint(l.ring_count, ==, 2);
    g_assert_true(l.terminated);
    g_assert_cmpuint(l.tail_size, ==, 2);
    g_assert_cmpuint(l.rings[0].count, ==, 3);
    g_assert_false(l.rings[0].column);
    g_assert_cmpuint(l.rings[0].y_px, ==, 0x348);
    g_assert_cmpuint(l.rings[1].count, ==, 8);
    g_assert_true(l.rings[1].column);
    lwm_layout_clear(&l);
    /* an empty S2 ring file is just FFFF */
    parse_ok(&l, LWM_LAYOUT_S2_RINGS, s2 + 8, 2);
    g_assert_cmpuint(l.ring_count, ==, 0);
    g_assert_true(l.terminated);
    lwm_layout_clear(&l);

    /* S3K: sentinel head 0000 0000, single rings, S3-style end FFFF FFFF */
    static const uint8_t s3k[] = {0,    0,    0,    0,    0x01, 0x00, 0x24, 0x00,
                                  0x2C, 0x50, 0x04, 0x24, 0xFF, 0xFF, 0xFF, 0xFF};
    parse_ok(&l, LWM_LAYOUT_S3K_RINGS, s3k, sizeof s3k);
    g_assert_cmpuint(l.head_size, ==, 4);
    g_assert_cmpuint(l.ring_count, ==, 2);
    g_assert_cmpuint(l.rings[0].spare_bits, ==, 2);
    g_assert_cmpuint(l.rings[0].y_px, ==, 0x400);
    g_assert_cmpuint(l.rings[1].count, ==, 1);
    g_assert_cmpuint(l.tail_size, ==, 4);
    lwm_layout_clear(&l);
    /* S&K-style end: FFFF only */
    parse_ok(&l, LWM_LAYOUT_S3K_RINGS, s3k, sizeof s3k - 2);
    g_assert_cmpuint(l.tail_size, ==, 2);
    g_assert_true(l.terminated);
    lwm_layout_clear(&l);
}

static void expect_write_error(lwm_layout *l, long offset)
{
    uint8_t out[256];
    lw_error err;
    g_assert_false(lwm_layout_write(l, out, sizeof out, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_cmpint(err.offset, ==, offset);
    g_assert_nonnull(strstr(err.message, "record"));
}

static void test_build_and_errors(void)
{
    for (int f = 0; f < LWM_LAYOUT_FORMAT_COUNT; f++) {
        lwm_layout l;
        g_assert_true(lwm_layout_init(&l, (lwm_layout_format)f));
        if (lwm_layout_format_has_rings((lwm_layout_format)f)) {
            l.rings = g_new0(lwm_ring, 2);
            l.ring_count = 2;
            l.rings[0] = (lwm_ring){.x_px = 0x120, .y_px = 0x3FF, .count = 1};
            l.rings[1] = (lwm_ring){.x_px = 0x200, .y_px = 0x10, .count = 1};
        } else {
            l.objects = g_new0(lwm_object, 2);
            l.object_count = 2;
            l.objects[0] = (lwm_object){.x_px = 0x120, .y_px = 0x3FF, .id = 0x41, .subtype = 2};
            l.objects[1] = (lwm_object){.x_px = 0x200, .y_px = 0x10, .id = 0x26, .subtype = 7};
        }
        uint8_t out[256];
        size_t n = 0;
        lw_error err;
        g_assert_true(lwm_layout_write(&l, out, sizeof out, &n, &err));
        g_assert_cmpuint(n, ==, lwm_layout_size(&l));
        /* what was built reads back the same */
        lwm_layout back;
        parse_ok(&back, (lwm_layout_format)f, out, n);
        g_assert_cmpuint(back.object_count + back.ring_count, ==, 2);
        g_assert_true(back.terminated ==
                      (f != LWM_LAYOUT_S2_OBJECTS && f != LWM_LAYOUT_S1_PLATFORMS));
        if (back.objects)
            g_assert_cmpmem(back.objects, 2 * sizeof *back.objects, l.objects,
                            2 * sizeof *l.objects);
        else
            g_assert_cmpmem(back.rings, 2 * sizeof *back.rings, l.rings, 2 * sizeof *l.rings);
        lwm_layout_clear(&back);

        /* range errors name the second record at its output offset */
        size_t rec = lwm_layout_format_has_rings((lwm_layout_format)f) ? 4 : 6;
        long at = (long)((f == LWM_LAYOUT_S1_PLATFORMS ? 2 : 0) + l.head_size + rec);
        if (l.rings) {
            l.rings[1].y_px = 0x1000;
            expect_write_error(&l, at);
            l.rings[1].y_px = 0x10;
            l.rings[1].count = f == LWM_LAYOUT_S2_RINGS ? 9 : 2;
            expect_write_error(&l, at);
            l.rings[1].count = 1;
            l.rings[1].x_px = f == LWM_LAYOUT_S2_RINGS ? 0x8000 : 0xFFFF;
            expect_write_error(&l, at);
        } else {
            l.objects[1].y_px = 0x1000;
            expect_write_error(&l, at);
            l.objects[1].y_px = 0x10;
            l.objects[1].spare_bits = 16;
            expect_write_error(&l, at);
            l.objects[1].spare_bits = 0;
            if (f == LWM_LAYOUT_S1_OBJECTS) {
                l.objects[1].id = 0x80;
                expect_write_error(&l, at);
                l.objects[1].id = 0x26;
                l.objects[1].any_height = true;
                expect_write_error(&l, at);
            } else if (f == LWM_LAYOUT_S2_OBJECTS) {
                l.objects[1].any_height = true;
                expect_write_error(&l, at);
            } else if (f == LWM_LAYOUT_S3K_OBJECTS) {
                l.objects[1].respawn = true;
                expect_write_error(&l, at);
                l.objects[1].respawn = false;
                l.objects[1].x_px = 0xFFFF;
                expect_write_error(&l, at);
            } else {
                l.objects[1].x_flip = true;
                expect_write_error(&l, at);
            }
        }
        /* too small a buffer */
        g_assert_false(lwm_layout_write(&l, out, lwm_layout_size(&l) - 1, NULL, &err));
        g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
        lwm_layout_clear(&l);
    }
    /* an empty platform list cannot be written: its count word is count - 1 */
    lwm_layout l;
    g_assert_true(lwm_layout_init(&l, LWM_LAYOUT_S1_PLATFORMS));
    expect_write_error(&l, 0);
    lwm_layout_clear(&l);
    /* the size limit */
    uint8_t *big = g_malloc0(LWM_LAYOUT_MAX_BYTES + 1);
    lw_error err;
    g_assert_false(
        lwm_layout_parse(&l, LWM_LAYOUT_S2_OBJECTS, big, LWM_LAYOUT_MAX_BYTES + 1, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    lwm_layout_clear(&l);
    g_free(big);
}

/* Every byte string a format accepts writes back to itself. */
static void test_any_bytes_round_trip(void)
{
    guint32 seed = 5;
    uint8_t buf[200];
    for (int round = 0; round < 3000; round++) {
        size_t n = (size_t)(round % 200);
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1664525u + 1013904223u;
            unsigned r = seed >> 24;
            buf[i] = (r & 0x80) ? (uint8_t)r : (r & 0x40) ? 0xFF : 0x00;
        }
        if (n >= 2 && round % LWM_LAYOUT_FORMAT_COUNT == LWM_LAYOUT_S1_PLATFORMS)
            buf[0] = buf[1] = 0; /* short platform counts */
        lwm_layout_format f = (lwm_layout_format)(round % LWM_LAYOUT_FORMAT_COUNT);
        lwm_layout l;
        lw_error err;
        if (lwm_layout_parse(&l, f, buf, n, &err)) {
            uint8_t out[200];
            size_t wrote = 0;
            g_assert_true(lwm_layout_write(&l, out, sizeof out, &wrote, &err));
            g_assert_cmpmem(out, wrote, buf, n);
        } else {
            g_assert_cmpint(f, ==, LWM_LAYOUT_S1_PLATFORMS);
            g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
        }
        lwm_layout_clear(&l);
    }
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char *path = g_build_filename(dir, name, NULL);
    char *folder = g_path_get_dirname(path);
    g_mkdir_with_parents(folder, 0700);
    g_assert_true(g_file_set_contents(path, text, -1, NULL));
    g_free(folder);
    g_free(path);
}

static void test_names(void)
{
    char *dir = g_dir_make_tmp("lw-objnames-XXXXXX", NULL);
    g_assert_nonnull(dir);
    write_file(dir, "Common/Monitor.xml",
               "<?xml version=\"1.0\"?>\n<ObjDef xmlns=\"http://www.sonicretro.org\" "
               "Name=\"Monitor\" Image=\"static\">\n<Images/></ObjDef>\n");
    write_file(
        dir, "Common/Spring.cs",
        "namespace X {\n class RetractingSpring : ObjectDefinition {\n"
        "  public override string Name\n  {\n   get { return \"Retracting Spring\"; }\n"
        "  }\n }\n class Spring : ObjectDefinition {\n  public override string NameX => \"no\";\n"
        "  public override string Name => \"Spring\";\n }\n}\n");
    static const char list[] = "\xEF\xBB\xBF; a comment\r\n"
                               "[Ring]\r\nname=Ring group\r\n"
                               "[26]\r\nxmlfile=Common\\Monitor.xml\r\n"
                               "[41]\r\ncodefile=Common/Spring.cs\r\n"
                               "codetype=S2ObjectDefinitions.Common.Spring\r\n"
                               "[07]\r\ncodefile=Common/Spring.cs\r\n"
                               "codetype=S2ObjectDefinitions.Common.RetractingSpring\r\n"
                               "[0d]\r\n  name = Signpost  \r\n"
                               "[4B]\r\ncodefile=Missing.cs\r\ncodetype=Defs.Zone.Buzzer\r\n"
                               "[50]\r\nxmlfile=Missing.xml\r\n"
                               "[51]\r\nname=Bad\x01"
                               "Char\r\n";
    lwm_object_names names;
    lwm_object_names_init(&names);
    lw_error err;
    g_assert_true(lwm_object_names_add_text(&names, dir, list, sizeof list - 1, &err));
    g_assert_cmpstr(lwm_object_names_get(&names, 0x26), ==, "Monitor");
    g_assert_cmpstr(lwm_object_names_get(&names, 0x41), ==, "Spring");
    g_assert_cmpstr(lwm_object_names_get(&names, 0x07), ==, "Retracting Spring");
    g_assert_cmpstr(lwm_object_names_get(&names, 0x0D), ==, "Signpost");
    g_assert_cmpstr(lwm_object_names_get(&names, 0x4B), ==, "Buzzer");
    g_assert_cmpstr(lwm_object_names_get(&names, 0x50), ==, "");
    g_assert_cmpstr(lwm_object_names_get(&names, 0x51), ==, "Bad Char");
    g_assert_cmpuint(names.named, ==, 6);

    /* a later list overrides; from a file */
    write_file(dir, "Zone/Main.ini", "[41]\nname=Red Spring\n[99]\nname=New\n");
    g_assert_true(lwm_object_names_add_file(&names, dir, "Zone/Main.ini", &err));
    g_assert_cmpstr(lwm_object_names_get(&names, 0x41), ==, "Red Spring");
    g_assert_cmpstr(lwm_object_names_get(&names, 0x99), ==, "New");
    g_assert_cmpuint(names.named, ==, 7);

    /* errors: the line of a bad header; a missing list */
    static const char bad[] = "[01]\nname=One\n\n[02\nname=Two\n";
    g_assert_false(lwm_object_names_add_text(&names, dir, bad, sizeof bad - 1, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.line, ==, 4);
    g_assert_cmpstr(lwm_object_names_get(&names, 0x01), ==, "One"); /* kept */
    g_assert_false(lwm_object_names_add_file(&names, dir, "nope.ini", &err));
    g_assert_cmpint(err.code, ==, LW_ERR_IO);
    char *longline = g_strnfill(5000, 'x');
    g_assert_false(lwm_object_names_add_text(&names, dir, longline, 5000, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_cmpint(err.line, ==, 1);
    g_free(longline);

    char *rm = g_strdup_printf("rm -rf '%s'", dir);
    g_assert_cmpint(system(rm), ==, 0);
    g_free(rm);
    g_free(dir);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/masks/objlayout/s1", test_s1);
    g_test_add_func("/masks/objlayout/s2-s3k-objects", test_s2_s3k_objects);
    g_test_add_func("/masks/objlayout/rings", test_rings);
    g_test_add_func("/masks/objlayout/build-and-errors", test_build_and_errors);
    g_test_add_func("/masks/objlayout/any-bytes-round-trip", test_any_bytes_round_trip);
    g_test_add_func("/masks/objlayout/names", test_names);
    return g_test_run();
}
