/* SPDX-License-Identifier: MIT */
/* Enigma codec (FORMATS.md §3.7): a hand-built stream using every entry type, the base tile,
 * round trips, truncation and bad headers. */
#include "bit-string.h"

#include <glib.h>
#include <loopwright/enigma.h>
#include <stdlib.h>
#include <string.h>

/* The stream: a 6-byte header, then @bits ('0'/'1', spaces ignored). */
static size_t build(uint8_t *out, const uint8_t header[6], const char *bits)
{
    memcpy(out, header, 6);
    return test_put_bits(out, 6, bits);
}

/* N = 3 index bits, flag mask 0x01 (X flip only), incrementing word 0x0010, common 0x0000:
 *   00  0010            incrementing x3          10 11 12
 *   01  0001            common x2                0 0
 *   100 0010 1 101      inline X=1 idx 5, x3     805 805 805
 *   101 0010 0 110      inline idx 6, up x3      6 7 8
 *   110 0001 1 010      inline X=1 idx 2, down   802 801
 *   00  0000            incrementing x1          13 (it kept counting)
 *   111 0001 0 111 1 000  two separate values    7 800
 *   111 1111            end */
static const uint8_t header[6] = {3, 0x01, 0x00, 0x10, 0x00, 0x00};
static const char *stream = "00 0010  01 0001  100 0010 1 101  101 0010 0 110  110 0001 1 010  "
                            "00 0000  111 0001 0 111 1 000  111 1111";
static const uint16_t expect[] = {0x10, 0x11, 0x12, 0,     0,     0x805, 0x805, 0x805,
                                  6,    7,    8,    0x802, 0x801, 0x13,  7,     0x800};

static void test_hand_stream(void)
{
    uint8_t in[64];
    size_t n = build(in, header, stream);
    uint16_t out[32];
    size_t got = 0, used = 0;
    lw_error err;
    g_assert_true(lw_enigma_decompress(in, n, 0, out, 32, &got, &used, &err));
    g_assert_cmpmem(out, got * 2, expect, sizeof expect);
    g_assert_cmpuint(used, ==, n);
    /* base 0x100: added to the header words; inline values are (base | flags) + index */
    g_assert_true(lw_enigma_decompress(in, n, 0x100, out, 32, &got, NULL, &err));
    g_assert_cmphex(out[0], ==, 0x110);
    g_assert_cmphex(out[3], ==, 0x100);
    g_assert_cmphex(out[5], ==, 0x905);
    g_assert_cmphex(out[8], ==, 0x106);
    g_assert_cmphex(out[10], ==, 0x108);
    g_assert_cmphex(out[13], ==, 0x113);
    /* padding after the end entry is never read */
    in[n] = 0xAB;
    g_assert_true(lw_enigma_decompress(in, n + 1, 0, out, 32, &got, &used, &err));
    g_assert_cmpuint(used, ==, n);
}

static void test_errors(void)
{
    uint8_t in[64];
    size_t n = build(in, header, stream);
    uint16_t out[32];
    lw_error err;
    for (size_t cut = 0; cut < n; cut++) {
        uint8_t *copy = g_memdup2(in, cut);
        g_assert_false(lw_enigma_decompress(copy, cut, 0, out, 32, NULL, NULL, &err));
        g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
        g_assert_cmpint(err.offset, ==, (long)cut);
        g_free(copy);
    }
    /* 15 words fit, the 16th does not: the last entry (two separate values) starts in byte
     * (6*8 + 6+6+11+11+11+6) / 8 = 99 / 8 = 12 */
    g_assert_false(lw_enigma_decompress(in, n, 0, out, 15, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_cmpint(err.offset, ==, 12);
    in[0] = 17;
    g_assert_false(lw_enigma_decompress(in, n, 0, out, 32, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.offset, ==, 0);
    in[0] = 3;
    in[1] = 0x21;
    g_assert_false(lw_enigma_decompress(in, n, 0, out, 32, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.offset, ==, 1);
}

static void round_trip(const uint16_t *w, size_t n)
{
    uint8_t *packed = g_malloc(lw_enigma_bound(n));
    size_t size = lw_enigma_compress(w, n, packed);
    g_assert_cmpuint(size, <=, lw_enigma_bound(n));
    g_assert_cmpuint(size % 2, ==, 0);
    uint16_t *back = g_malloc((n + 1) * sizeof *back);
    size_t got = 0, used = 0;
    lw_error err;
    if (!lw_enigma_decompress(packed, size, 0, back, n, &got, &used, &err))
        g_error("n=%zu: %s at %ld", n, err.message, err.offset);
    g_assert_cmpuint(got, ==, n);
    g_assert_cmpmem(back, n * 2, w, n * 2);
    g_assert_cmpuint(size - used, <=, 1);
    g_free(back);
    g_free(packed);
}

static void test_round_trips(void)
{
    uint16_t *w = g_malloc(4096 * sizeof *w);
    guint32 seed = 7;
    for (size_t n = 0; n <= 4096; n = n < 40 ? n + 1 : n * 2) {
        /* block-mapping-like: mostly incrementing pattern indexes with flags and palettes */
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1664525u + 1013904223u;
            unsigned kind = (seed >> 28) & 3;
            w[i] = kind == 0   ? 0
                   : kind == 1 ? (uint16_t)(i & 0x7FF)
                               : (uint16_t)((seed >> 5) & 0xFFFF);
        }
        round_trip(w, n);
        for (size_t i = 0; i < n; i++)
            w[i] = (uint16_t)(0x2000 | (n - i)); /* decrementing */
        round_trip(w, n);
        for (size_t i = 0; i < n; i++)
            w[i] = 0xFFFF; /* all flags, max index */
        round_trip(w, n);
    }
    g_free(w);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/enigma/hand-stream", test_hand_stream);
    g_test_add_func("/engine/enigma/errors", test_errors);
    g_test_add_func("/engine/enigma/round-trips", test_round_trips);
    return g_test_run();
}
