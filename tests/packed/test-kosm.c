/* SPDX-License-Identifier: MIT */
/* KosinskiM codec (docs/CODECS.md §2): the module layout checked against lw_kosinski_*, the ROM
 * quirks (0xA000 header, odd sizes), the raw pair for modules holding unloaded bytes, every
 * error and round trips. */
#include <glib.h>
#include <loopwright/kosinski.h>
#include <loopwright/kosm.h>
#include <stdlib.h>
#include <string.h>

static void fill(uint8_t *buf, size_t n, guint32 seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        /* art-like: repeats with some noise */
        buf[i] = (seed >> 29) ? (uint8_t)(i >= 32 ? buf[i - 32] : i) : (uint8_t)(seed >> 20);
    }
}

/* Build a KosinskiM file by hand from lw_kosinski_compress: header word, then each piece of
 * @piece bytes as a module padded to 16. */
static size_t build_modules(const uint8_t *raw, size_t n, size_t piece, unsigned header,
                            uint8_t *out)
{
    out[0] = (uint8_t)(header >> 8);
    out[1] = (uint8_t)header;
    size_t size = 2;
    for (size_t done = 0; done < n; done += piece) {
        size_t len = n - done < piece ? n - done : piece;
        size += lw_kosinski_compress(raw + done, len, out + size);
    }
    return size;
}

static void test_layout(void)
{
    size_t n = 0x2346;
    uint8_t *raw = g_malloc(n);
    fill(raw, n, 3);
    uint8_t *packed = g_malloc(lw_kosm_bound(n));
    size_t size = lw_kosm_compress(raw, n, packed);
    g_assert_cmpuint(size, <=, lw_kosm_bound(n));
    /* header = size; modules at 2, then each Kosinski stream padded to 16 from its start */
    g_assert_cmphex(packed[0], ==, 0x23);
    g_assert_cmphex(packed[1], ==, 0x46);
    uint8_t *hand = g_malloc(lw_kosm_bound(n));
    g_assert_cmpuint(build_modules(raw, n, 0x1000, 0x2346, hand), ==, size);
    g_assert_cmpmem(packed, size, hand, size);
    g_assert_cmpuint((size - 2) % 16, ==, 0);
    size_t pos = 2;
    uint8_t module[0x1000];
    for (size_t m = 0; m < 3; m++) {
        size_t got = 0, used = 0;
        g_assert_true(lw_kosinski_decompress(packed + pos, size - pos, module, sizeof module, &got,
                                             &used, NULL));
        g_assert_cmpuint(got, ==, m < 2 ? 0x1000 : 0x346);
        g_assert_cmpmem(module, got, raw + m * 0x1000, got);
        pos += (used + 15) / 16 * 16;
    }
    g_assert_cmpuint(pos, ==, size);

    uint8_t *back = g_malloc(n);
    size_t got = 0, used = 0;
    lw_error err;
    g_assert_true(lw_kosm_decompress(packed, size, back, n, &got, &used, &err));
    g_assert_cmpuint(got, ==, n);
    g_assert_cmpmem(back, n, raw, n);
    g_assert_cmpuint(used, <=, size);
    g_assert_cmpuint(used, >, size - 16);

    /* empty: the header alone */
    g_assert_cmpuint(lw_kosm_compress(NULL, 0, packed), ==, 2);
    g_assert_cmphex(packed[0] | packed[1], ==, 0);
    g_assert_true(lw_kosm_decompress(packed, 2, NULL, 0, &got, &used, &err));
    g_assert_cmpuint(got, ==, 0);
    g_assert_cmpuint(used, ==, 2);
    g_free(back);
    g_free(hand);
    g_free(packed);
    g_free(raw);
}

static void test_quirks(void)
{
    size_t n = 0xA000;
    uint8_t *raw = g_malloc(n);
    fill(raw, n, 5);
    uint8_t *packed = g_malloc(lw_kosm_bound(0xF000));
    uint8_t *back = g_malloc(n);
    size_t got = 0, used = 0;
    lw_error err;
    /* header 0xA000 with ten modules: the ROM loads eight (0x8000 bytes) */
    g_assert_cmpuint(lw_kosm_compress(raw, n, packed), ==, 0);
    size_t size = build_modules(raw, n, 0x1000, 0xA000, packed);
    g_assert_true(lw_kosm_decompress(packed, size, back, n, &got, &used, &err));
    g_assert_cmpuint(got, ==, 0x8000);
    g_assert_cmpmem(back, got, raw, got);
    size_t eight = build_modules(raw, 0x8000, 0x1000, 0xA000, back);
    g_assert_cmpuint(used, <=, eight);
    g_assert_cmpuint(used, >, eight - 16);
    /* the raw encoder writes that header for 0x8000 bytes */
    uint8_t *again = g_malloc(lw_kosm_bound(0x8000));
    g_assert_cmpuint(lw_kosm_compress_raw(raw, 0x8000, 0xA000, again), ==, eight);
    g_assert_cmpmem(again, eight, packed, eight);

    /* odd header: the last byte is not loaded */
    uint8_t seven[7] = {1, 2, 3, 4, 5, 6, 7};
    g_assert_cmpuint(lw_kosm_compress(seven, 7, packed), ==, 0);
    size = lw_kosm_compress_raw(seven, 7, 7, packed);
    g_assert_cmpuint(size, ==, 2 + 16);
    g_assert_true(lw_kosm_decompress(packed, size, back, 7, &got, NULL, &err));
    g_assert_cmpuint(got, ==, 6);
    g_assert_cmpmem(back, 6, seven, 6);
    uint16_t header = 0;
    g_assert_true(lw_kosm_decompress_raw(packed, size, back, 7, &got, &header, NULL, &err));
    g_assert_cmpuint(got, ==, 7);
    g_assert_cmpuint(header, ==, 7);
    g_assert_cmpmem(back, 7, seven, 7);

    /* a last module holding more than the header loads (skdisasm's Starpost stars): 192
     * bytes, header 0x60 */
    size = lw_kosm_compress_raw(raw, 192, 0x60, packed);
    g_assert_cmpuint(size, >, 2);
    g_assert_true(lw_kosm_decompress(packed, size, back, 0x60, &got, NULL, &err));
    g_assert_cmpuint(got, ==, 0x60);
    g_assert_true(lw_kosm_decompress_raw(packed, size, back, 192, &got, &header, NULL, &err));
    g_assert_cmpuint(got, ==, 192);
    g_assert_cmpuint(header, ==, 0x60);
    g_assert_cmpuint(lw_kosm_compress_raw(back, got, header, again), ==, size);
    g_assert_cmpmem(again, size, packed, size);
    /* ... the raw decoder's own limit */
    g_assert_false(lw_kosm_decompress_raw(packed, size, back, 100, &got, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);

    /* headers the raw encoder refuses: more than given, or another module count */
    g_assert_cmpuint(lw_kosm_compress_raw(raw, 0x60, 0x62, packed), ==, 0);
    g_assert_cmpuint(lw_kosm_compress_raw(raw, 0x1001, 0x0FFE, packed), ==, 0);
    g_assert_cmpuint(lw_kosm_compress_raw(raw, 0x1000, 0x0FFE, packed), !=, 0);
    g_assert_cmpuint(lw_kosm_compress(raw, 0xFFFF, packed), ==, 0);
    g_free(again);
    g_free(back);
    g_free(packed);
    g_free(raw);
}

static void expect_error(const uint8_t *in, size_t n, size_t cap, lw_status code, long offset)
{
    uint8_t *out = g_malloc(cap + 1);
    size_t got = 77, used = 77;
    lw_error err;
    g_assert_false(lw_kosm_decompress(in, n, out, cap, &got, &used, &err));
    g_assert_cmpint(err.code, ==, code);
    if (offset >= 0)
        g_assert_cmpint(err.offset, ==, offset);
    g_assert_cmpstr(err.message, !=, "");
    g_assert_cmpuint(got, ==, 77);
    g_assert_cmpuint(used, ==, 77);
    g_free(out);
}

static void test_errors(void)
{
    size_t n = 0x1800;
    uint8_t *raw = g_malloc(0x2000);
    fill(raw, 0x2000, 9);
    uint8_t *packed = g_malloc(lw_kosm_bound(0x2000));
    size_t size = lw_kosm_compress(raw, n, packed);
    uint8_t *out = g_malloc(n);
    size_t used = 0;
    g_assert_true(lw_kosm_decompress(packed, size, out, n, NULL, &used, NULL));
    /* every cut before the end of the last terminator: truncated, at the cut */
    for (size_t cut = 0; cut < used; cut++) {
        uint8_t *copy = g_memdup2(packed, cut);
        expect_error(copy, cut, n, LW_ERR_TRUNCATED, (long)cut);
        g_free(copy);
    }
    /* the last module's padding is not needed */
    for (size_t cut = used; cut <= size; cut++)
        g_assert_true(lw_kosm_decompress(packed, cut, out, n, NULL, NULL, NULL));
    expect_error(packed, size, n - 1, LW_ERR_LIMIT, 0);

    /* a first module of 0xFFF bytes: the ROM would copy 0x1000 */
    size_t bad = build_modules(raw, n, 0xFFF, 0x1800, packed);
    expect_error(packed, bad, n, LW_ERR_FORMAT, 2);
    /* a module of more than 0x1000 bytes would overflow the ROM's buffer */
    bad = build_modules(raw, 0x1001, 0x1001, 0x1800, packed);
    expect_error(packed, bad, n, LW_ERR_LIMIT, -1);
    /* a last module shorter than the header says */
    bad = build_modules(raw, 0x17FE, 0x1000, 0x1800, packed);
    expect_error(packed, bad, n, LW_ERR_FORMAT, -1);
    /* a malformed module: a match before the start of the output, at its byte */
    static const uint8_t early[] = {0x00, 0x10, 0x00, 0x00, 0xFF, 0x00};
    expect_error(early, sizeof early, 16, LW_ERR_FORMAT, 4);
    g_free(out);
    g_free(packed);
    g_free(raw);
}

static void test_round_trips(void)
{
    uint8_t *raw = g_malloc(LW_KOSM_MAX_SIZE);
    uint8_t *packed = g_malloc(lw_kosm_bound(LW_KOSM_MAX_SIZE));
    uint8_t *back = g_malloc(LW_KOSM_MAX_SIZE);
    static const size_t sizes[] = {2,      16,     0x20,   0xFFE,  0x1000, 0x1002,
                                   0x2000, 0x4D20, 0x8000, 0x9FFE, 0xA002, LW_KOSM_MAX_SIZE};
    for (size_t k = 0; k < G_N_ELEMENTS(sizes); k++) {
        size_t n = sizes[k];
        fill(raw, n, (guint32)n);
        size_t size = lw_kosm_compress(raw, n, packed);
        g_assert_cmpuint(size, >=, 2);
        g_assert_cmpuint(size, <=, lw_kosm_bound(n));
        size_t got = 0;
        lw_error err;
        if (!lw_kosm_decompress(packed, size, back, n, &got, NULL, &err))
            g_error("n=%zu: %s at %ld", n, err.message, err.offset);
        g_assert_cmpuint(got, ==, n);
        g_assert_cmpmem(back, n, raw, n);
    }
    g_free(back);
    g_free(packed);
    g_free(raw);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/kosm/layout", test_layout);
    g_test_add_func("/engine/kosm/quirks", test_quirks);
    g_test_add_func("/engine/kosm/errors", test_errors);
    g_test_add_func("/engine/kosm/round-trips", test_round_trips);
    return g_test_run();
}
