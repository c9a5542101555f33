/* SPDX-License-Identifier: MIT */
/* PNG input for mask generation: every colour type and depth, tRNS, interlacing, colour keys,
 * and bad files (truncated, CRC errors, not a PNG, forged huge headers). */
#include "synth.h"

#include <glib.h>
#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>
#include <string.h>
#include <zlib.h>

/* 32x16: left half transparent black, right half opaque colours; pixel (0,0) is the key. */
static lwm_image pattern(void)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 32, 16, 0x00000000u, NULL));
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 16; x < 32; x++) {
            uint8_t *p = lwm_image_pixel(&img, x, y);
            p[0] = (uint8_t)(40 + x);
            p[1] = (uint8_t)(40 + x); /* grey-compatible */
            p[2] = (uint8_t)(40 + x);
            p[3] = 255;
        }
    return img;
}

typedef struct variant {
    int color_type, depth;
    bool trns, interlace;
    bool has_alpha; /* expected */
} variant;

static void test_color_types(void)
{
    static const variant v[] = {
        {6, 8, false, false, true},   {6, 16, false, false, true}, {4, 8, false, false, true},
        {4, 16, false, false, true},  {2, 8, false, false, false}, {2, 8, true, false, true},
        {2, 16, false, false, false}, {0, 8, false, false, false}, {0, 8, true, false, true},
        {0, 16, false, false, false}, {3, 8, false, false, false}, {3, 8, true, false, true},
        {6, 8, false, true, true},    {3, 8, true, true, true},    {0, 16, true, true, true},
    };
    lwm_image src = pattern();
    for (size_t i = 0; i < G_N_ELEMENTS(v); i++) {
        size_t size;
        void *png = synth_png(&src, v[i].color_type, v[i].depth, v[i].trns, v[i].interlace, &size);
        lwm_image img;
        lwm_image_info info;
        lw_error err;
        if (!lwm_image_load_png_memory_info(png, size, &img, &info, &err))
            g_error("variant %zu: %s", i, err.message);
        g_assert_cmpint(info.color_type, ==, v[i].color_type);
        g_assert_cmpint(info.bit_depth, ==, v[i].depth);
        g_assert_cmpint(info.interlaced, ==, v[i].interlace);
        g_assert_cmpint(info.has_alpha, ==, v[i].has_alpha);
        g_assert_cmpint(img.width, ==, 32);
        g_assert_cmpint(img.height, ==, 16);
        if (!info.has_alpha)
            lwm_image_apply_color_key(&img, lwm_image_corner_rgb(&img));
        /* either way: the left tile is empty, the right tile full */
        lwm_bits left, right;
        lwm_bits_from_image(&img, 0, 0, &left);
        lwm_bits_from_image(&img, 16, 0, &right);
        g_assert_cmpint(lwm_bits_count(&left), ==, 0);
        g_assert_cmpint(lwm_bits_count(&right), ==, 256);
        if (v[i].depth == 8 && v[i].color_type != 3) {
            /* 8-bit data comes through unchanged */
            const uint8_t *p = lwm_image_pixel(&img, 20, 3);
            g_assert_cmpint(p[0], ==, 60);
        }
        lwm_image_clear(&img);
        g_free(png);
    }
    lwm_image_clear(&src);
}

/* The colour key: the top-left colour is empty, everything else solid; --key overrides. */
static void test_color_key(void)
{
    lwm_image img;
    g_assert_true(lwm_image_init(&img, 16, 16, 0x102030FFu, NULL));
    for (uint32_t x = 0; x < 16; x++)
        memcpy(lwm_image_pixel(&img, x, 15), "\x90\x90\x90\xFF", 4);
    g_assert_cmpint(lwm_image_corner_rgb(&img), ==, 0x102030u);
    lwm_image_apply_color_key(&img, 0x102030u);
    lwm_bits b;
    lwm_bits_from_image(&img, 0, 0, &b);
    for (int c = 0; c < 16; c++)
        g_assert_cmpint(b.col[c], ==, 0x8000u);
    lwm_image_apply_color_key(&img, 0x909090u); /* the other colour as key: inverted */
    lwm_bits_from_image(&img, 0, 0, &b);
    for (int c = 0; c < 16; c++)
        g_assert_cmpint(b.col[c], ==, 0x7FFFu);
    lwm_image_clear(&img);
}

static void *valid_png(size_t *size)
{
    lwm_image img = pattern();
    void *data;
    g_assert_true(lwm_image_encode_png(&img, &data, size, NULL));
    lwm_image_clear(&img);
    return data;
}

static void expect_fail(const void *data, size_t size, lw_status code, const char *part)
{
    lwm_image img = {0};
    lw_error err;
    g_assert_false(lwm_image_load_png_memory(data, size, &img, &err));
    g_assert_cmpint(err.code, ==, code);
    g_assert_null(img.rgba);
    if (part && !strstr(err.message, part))
        g_error("message \"%s\" lacks \"%s\"", err.message, part);
}

static void test_bad_files(void)
{
    size_t size;
    uint8_t *png = valid_png(&size);
    /* truncated anywhere: before the header it is not a PNG, after it the end is missing */
    for (size_t cut = 0; cut < size; cut++)
        expect_fail(png, cut, cut < 33 ? LW_ERR_FORMAT : LW_ERR_TRUNCATED,
                    cut < 8    ? "not a PNG"
                    : cut < 33 ? "IHDR"
                               : "truncated");
    /* wrong CRC in IHDR (bytes 29..32) and in the first IDAT's data */
    uint8_t *bad = g_memdup2(png, size);
    bad[30] ^= 0x55;
    expect_fail(bad, size, LW_ERR_FORMAT, "CRC");
    /* a flipped bit inside the (critical) IDAT chunk: its CRC no longer matches */
    memcpy(bad, png, size);
    size_t idat = 8;
    while (idat + 8 <= size && memcmp(bad + idat + 4, "IDAT", 4) != 0)
        idat += 12u + ((size_t)bad[idat] << 24 | (size_t)bad[idat + 1] << 16 |
                       (size_t)bad[idat + 2] << 8 | bad[idat + 3]);
    g_assert_cmpuint(idat + 12, <, size);
    size_t len = (size_t)bad[idat] << 24 | (size_t)bad[idat + 1] << 16 |
                 (size_t)bad[idat + 2] << 8 | bad[idat + 3];
    bad[idat + 8 + len] ^= 0x01; /* the CRC field itself */
    expect_fail(bad, size, LW_ERR_FORMAT, "IDAT: CRC error");
    memcpy(bad, png, size);
    bad[idat + 9] ^= 0x01; /* the data: zlib notices first */
    expect_fail(bad, size, LW_ERR_FORMAT, "IDAT");
    g_free(bad);
    /* not a PNG */
    expect_fail("GIF89a\x01\x00\x01\x00", 10, LW_ERR_FORMAT, "not a PNG");
    expect_fail("", 0, LW_ERR_FORMAT, "not a PNG");
    g_free(png);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* A well-formed header (valid CRCs) claiming @w x @h, a small IDAT and IEND. */
static size_t forged(uint8_t *out, uint32_t w, uint32_t h)
{
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    size_t n = 0;
    memcpy(out, sig, 8);
    n = 8;
    put32(out + n, 13);
    memcpy(out + n + 4, "IHDR", 4);
    put32(out + n + 8, w);
    put32(out + n + 12, h);
    out[n + 16] = 8;
    out[n + 17] = 6;
    out[n + 18] = out[n + 19] = out[n + 20] = 0;
    put32(out + n + 21, (uint32_t)crc32(0, out + n + 4, 17));
    n += 25;
    /* the real pixel data for small images (filter byte + RGBA per row), a token otherwise */
    uint8_t raw[64] = {0}, idat[96];
    uLongf isize = sizeof idat;
    uLong rsize = (uint64_t)w * h <= 8 ? (uLong)((w * 4 + 1) * h) : 1;
    g_assert_cmpint(compress2(idat, &isize, raw, rsize, 9), ==, Z_OK);
    put32(out + n, (uint32_t)isize);
    memcpy(out + n + 4, "IDAT", 4);
    memcpy(out + n + 8, idat, isize);
    put32(out + n + 8 + isize, (uint32_t)crc32(0, out + n + 4, 4 + (uInt)isize));
    n += 12 + isize;
    put32(out + n, 0);
    memcpy(out + n + 4, "IEND", 4);
    put32(out + n + 8, (uint32_t)crc32(0, out + n + 4, 4));
    return n + 12;
}

/* Enormous dimensions are refused from the header, before any pixel memory exists. */
static void test_forged_dimensions(void)
{
    uint8_t buf[256];
    size_t n = forged(buf, 100000, 100000);
    expect_fail(buf, n, LW_ERR_LIMIT, "100000x100000");
    n = forged(buf, 65536, 2048); /* each side fine, too many pixels */
    expect_fail(buf, n, LW_ERR_LIMIT, NULL);
    n = forged(buf, 0x7FFFFFFFu, 1);
    expect_fail(buf, n, LW_ERR_LIMIT, NULL);
    n = forged(buf, 1, 1); /* a real 1x1 */
    lwm_image img;
    lw_error err;
    if (!lwm_image_load_png_memory(buf, n, &img, &err))
        g_error("1x1: %s", err.message);
    g_assert_cmpint(img.width, ==, 1);
    lwm_sheet s;
    g_assert_false(lwm_sheet_build(&img, &s, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_nonnull(strstr(err.message, "multiples of 16"));
    lwm_image_clear(&img);
}

/* Interlaced (Adam7) files are accepted and decode to the same pixels. */
static void test_interlaced(void)
{
    lwm_image src;
    g_assert_true(lwm_image_init(&src, 48, 32, 0, NULL));
    for (uint32_t y = 0; y < 32; y++)
        for (uint32_t x = 0; x < 48; x++) {
            uint8_t *p = lwm_image_pixel(&src, x, y);
            p[0] = (uint8_t)(x * 5);
            p[1] = (uint8_t)(y * 7);
            p[2] = (uint8_t)(x ^ y);
            p[3] = (x + y) % 3 ? 255 : 0;
        }
    size_t size;
    void *png = synth_png(&src, 6, 8, false, true, &size);
    lwm_image img;
    lwm_image_info info;
    g_assert_true(lwm_image_load_png_memory_info(png, size, &img, &info, NULL));
    g_assert_true(info.interlaced);
    g_assert_cmpmem(img.rgba, 48 * 32 * 4, src.rgba, 48 * 32 * 4);
    lwm_image_clear(&img);
    lwm_image_clear(&src);
    g_free(png);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/masks/png/color-types", test_color_types);
    g_test_add_func("/masks/png/color-key", test_color_key);
    g_test_add_func("/masks/png/bad-files", test_bad_files);
    g_test_add_func("/masks/png/forged-dimensions", test_forged_dimensions);
    g_test_add_func("/masks/png/interlaced", test_interlaced);
    return g_test_run();
}
