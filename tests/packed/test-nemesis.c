/* SPDX-License-Identifier: MIT */
/* Nemesis codec (docs/CODECS.md §1): hand-built streams (table, escape, runs across rows, XOR
 * mode, the escape taking precedence over a table code), every error, encoder vectors worked
 * out by hand from Sega's rules, and round trips. */
#include "bit-string.h"

#include <glib.h>
#include <loopwright/nemesis.h>
#include <stdlib.h>
#include <string.h>

/* 1 pattern; value 0: run 8 = code "0"; value 1: run 1 = code "10". */
static const uint8_t table2[] = {0x00, 0x01, 0x80, 0x71, 0x00, 0x81, 0x02, 0x02, 0xFF};

static size_t build(uint8_t *out, const uint8_t *head, size_t head_size, const char *bits)
{
    memcpy(out, head, head_size);
    return test_put_bits(out, head_size, bits);
}

static void test_decode_hand(void)
{
    uint8_t in[64], out[64];
    size_t got = 0, used = 0;
    lw_error err;
    /* 1, then 7 runs of eight 0 (crossing rows), then seven 1 */
    size_t n = build(in, table2, sizeof table2, "10 0000000 10 10 10 10 10 10 10");
    g_assert_true(lw_nemesis_decompress(in, n, out, sizeof out, &got, &used, &err));
    g_assert_cmpuint(got, ==, 32);
    g_assert_cmpuint(used, ==, n);
    static const uint8_t expect[32] = {0x10, [28] = 0x01, 0x11, 0x11, 0x11};
    g_assert_cmpmem(out, 32, expect, 32);

    /* the escape: 111111, run length - 1 (3 bits), value (4 bits); a run longer than what is
     * left is cut at the end, and bits after the last pattern are never read */
    n = build(in, table2, sizeof table2, "111111 110 0101  0000000  111111 111 1010");
    in[n++] = 0xEE; /* padding */
    g_assert_true(lw_nemesis_decompress(in, n, out, sizeof out, &got, &used, &err));
    static const uint8_t expect_escape[32] = {0x55, 0x55, 0x55, 0x50, [31] = 0x0A};
    g_assert_cmpmem(out, 32, expect_escape, 32);
    g_assert_cmpuint(used, ==, n - 1);

    /* XOR mode: each row is XORed with the previous output row */
    uint8_t xor_head[sizeof table2];
    memcpy(xor_head, table2, sizeof table2);
    xor_head[0] = 0x80;
    n = build(in, xor_head, sizeof xor_head, "10 0000000 10 10 10 10 10 10 10");
    g_assert_true(lw_nemesis_decompress(in, n, out, sizeof out, &got, &used, &err));
    for (size_t r = 0; r < 7; r++)
        g_assert_cmphex(out[r * 4], ==, 0x10);
    g_assert_cmphex(out[28], ==, 0x11);
    g_assert_cmphex(out[29], ==, 0x11);
}

static void test_decode_table_rules(void)
{
    uint8_t in[64], out[64];
    size_t got = 0;
    lw_error err;
    /* a table code "1" (value 3, run 1) is shadowed by the escape when followed by 11111; the
     * table's first byte is a value byte even without bit 7, and a later entry overwrites an
     * earlier one with the same prefix */
    static const uint8_t head[] = {0x00, 0x01, 0x03, 0x01, 0x01, 0x84,
                                   0x71, 0x00, 0x85, 0x71, 0x00, 0xFF};
    size_t n = build(in, head, sizeof head, "1 0  111111 000 0110  0 0 0 0 0 0 1 0 1 0");
    g_assert_true(lw_nemesis_decompress(in, n, out, sizeof out, &got, NULL, &err));
    /* 3, 5x8, 6, 5x8 x6, 3, 5x8 (cut at the end); the last "1 0" is never read */
    g_assert_cmphex(out[0], ==, 0x35);
    g_assert_cmphex(out[3], ==, 0x55);
    g_assert_cmphex(out[4], ==, 0x56);
    g_assert_cmphex(out[5], ==, 0x55);
    g_assert_cmphex(out[28], ==, 0x55);
    g_assert_cmphex(out[29], ==, 0x35);
    g_assert_cmphex(out[30], ==, 0x55);
    g_assert_cmphex(out[31], ==, 0x55);
    /* an empty table: everything inline */
    static const uint8_t empty[] = {0x00, 0x01, 0xFF};
    char bits[8 * 16 + 1] = "";
    for (int i = 0; i < 8; i++)
        strcat(bits, "111111 111 1001 ");
    n = build(in, empty, sizeof empty, bits);
    g_assert_true(lw_nemesis_decompress(in, n, out, sizeof out, &got, NULL, &err));
    for (size_t i = 0; i < 32; i++)
        g_assert_cmphex(out[i], ==, 0x99);
}

static void expect_error(const uint8_t *in, size_t n, size_t cap, lw_status code, long offset)
{
    uint8_t out[128];
    size_t got = 77, used = 77;
    lw_error err;
    g_assert_false(lw_nemesis_decompress(in, n, out, cap, &got, &used, &err));
    g_assert_cmpint(err.code, ==, code);
    g_assert_cmpint(err.offset, ==, offset);
    g_assert_cmpstr(err.message, !=, "");
    g_assert_cmpuint(got, ==, 77);
    g_assert_cmpuint(used, ==, 77);
}

static void test_decode_errors(void)
{
    uint8_t in[64];
    size_t n = build(in, table2, sizeof table2, "10 0000000 10 10 10 10 10 10 10");
    for (size_t cut = 0; cut < n; cut++) {
        uint8_t *copy = g_memdup2(in, cut);
        expect_error(copy, cut, 128, LW_ERR_TRUNCATED, (long)cut);
        g_free(copy);
    }
    expect_error(in, n, 31, LW_ERR_LIMIT, 0);

    uint8_t bad[64];
    memcpy(bad, in, n);
    bad[0] = 0x80; /* pattern count 0 */
    bad[1] = 0x00;
    expect_error(bad, n, 128, LW_ERR_FORMAT, 0);
    bad[0] = 0x20; /* 0x2000 patterns */
    expect_error(bad, n, 128, LW_ERR_FORMAT, 0);
    memcpy(bad, in, n);
    bad[3] = 0x70; /* code length 0 */
    expect_error(bad, n, 128, LW_ERR_FORMAT, 3);
    bad[3] = 0x79; /* code length 9 */
    expect_error(bad, n, 128, LW_ERR_FORMAT, 3);
    memcpy(bad, in, n);
    bad[7] = 0x04; /* code 100 in 2 bits */
    expect_error(bad, n, 128, LW_ERR_FORMAT, 6);

    /* bits 11 followed by 0 (not the escape) are not in the table: the byte holding them */
    memset(in, 0, sizeof in);
    n = build(in, table2, sizeof table2, "10 0 110");
    expect_error(in, n + 4, 128, LW_ERR_FORMAT, (long)sizeof table2);
    /* ... but the same bits at the very end may be the start of a longer code */
    expect_error(in, n, 128, LW_ERR_TRUNCATED, (long)n);

    uint8_t two[2] = {0x00, 0x01};
    size_t size = 0;
    bool xor_mode = true;
    g_assert_true(lw_nemesis_header(two, 2, &size, &xor_mode, NULL));
    g_assert_cmpuint(size, ==, 32);
    g_assert_false(xor_mode);
    two[0] = 0x9F;
    two[1] = 0xFF;
    g_assert_true(lw_nemesis_header(two, 2, &size, &xor_mode, NULL));
    g_assert_cmpuint(size, ==, 0x1FFFu * 32u);
    g_assert_true(xor_mode);
    lw_error err;
    g_assert_false(lw_nemesis_header(two, 1, &size, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
}

static void expect_encoding(const uint8_t *raw, size_t n, const uint8_t *want, size_t want_n)
{
    uint8_t out[512];
    g_assert_cmpuint(lw_nemesis_bound(n), <=, sizeof out);
    size_t got = lw_nemesis_compress(raw, n, out);
    g_assert_cmpmem(out, got, want, want_n);
}

static void test_encode_vectors(void)
{
    /* all zero: one run (0, 8) used 8 times. Fano gives it the empty prefix, which is "all
     * ones" and becomes "0". XOR mode costs the same, so plain mode. The stream (8 bits) ends
     * on a byte boundary: Sega's extra zero byte follows. */
    uint8_t raw[32] = {0};
    static const uint8_t zero[] = {0x00, 0x01, 0x80, 0x71, 0x00, 0xFF, 0x00, 0x00};
    expect_encoding(raw, 32, zero, sizeof zero);

    /* rows 0, 0x11111111, 0, ...: plain needs (0,8) "0" and (1,8) "10" = 60 bits (8 bytes);
     * XOR turns rows 1..7 into 0x11111111: (1,8) x7 gets "0", the single (0,8) stays below 3
     * uses and is escaped (111111 111 0000) = 44 bits (6 bytes), so XOR mode */
    for (size_t r = 1; r < 8; r += 2)
        memset(raw + r * 4, 0x11, 4);
    static const uint8_t rows[] = {0x80, 0x01, 0x81, 0x71, 0x00, 0xFF, 0xFF, 0x80, 0x00};
    expect_encoding(raw, 32, rows, sizeof rows);

    /* bytes with few repeated runs: mostly escapes (two patterns) */
    uint8_t varied[64];
    for (size_t i = 0; i < 64; i++)
        varied[i] = (uint8_t)(i * 0x35 + 0x12);
    uint8_t out[1024], back[64];
    size_t size = lw_nemesis_compress(varied, 64, out);
    g_assert_cmpuint(size, >, 0);
    size_t got = 0, used = 0;
    g_assert_true(lw_nemesis_decompress(out, size, back, 64, &got, &used, NULL));
    g_assert_cmpmem(back, 64, varied, 64);

    /* sizes the encoder refuses */
    g_assert_cmpuint(lw_nemesis_compress(raw, 0, out), ==, 0);
    g_assert_cmpuint(lw_nemesis_compress(raw, 31, out), ==, 0);
    g_assert_cmpuint(lw_nemesis_compress(raw, 33, out), ==, 0);
}

static void round_trip(const uint8_t *raw, size_t n)
{
    size_t bound = lw_nemesis_bound(n);
    uint8_t *packed = g_malloc(bound);
    size_t size = lw_nemesis_compress(raw, n, packed);
    g_assert_cmpuint(size, >, 0);
    g_assert_cmpuint(size, <=, bound);
    uint8_t *back = g_malloc(n);
    size_t got = 0, used = 0;
    lw_error err;
    if (!lw_nemesis_decompress(packed, size, back, n, &got, &used, &err))
        g_error("n=%zu: %s at %ld", n, err.message, err.offset);
    g_assert_cmpuint(got, ==, n);
    g_assert_cmpmem(back, n, raw, n);
    /* the final flush byte is either holding bits or the extra zero */
    g_assert_true(used == size || (used == size - 1 && packed[size - 1] == 0));
    g_free(back);
    g_free(packed);
}

static void test_round_trips(void)
{
    size_t max = 256 * 32;
    uint8_t *raw = g_malloc(max);
    guint32 seed = 11;
    bool saw_xor = false, saw_plain = false;
    for (size_t n = 32; n <= max; n = n < 320 ? n + 32 : n * 2) {
        for (int kind = 0; kind < 5; kind++) {
            for (size_t i = 0; i < n; i++) {
                seed = seed * 1664525u + 1013904223u;
                unsigned r = seed >> 24;
                switch (kind) {
                case 0: /* noise */
                    raw[i] = (uint8_t)r;
                    break;
                case 1: /* art-like: few colours, long runs */
                    raw[i] = (r & 0xC0) ? (uint8_t)(i ? raw[i - 1] : 0) : (uint8_t)(r & 0x33);
                    break;
                case 2: /* vertical stripes: XOR mode wins */
                    raw[i] = (uint8_t)((i % 4) * 0x37 + (n & 0xF0));
                    break;
                case 3: /* one colour per pattern */
                    raw[i] = (uint8_t)(((i / 32) % 16) * 0x11);
                    break;
                default: /* gradients */
                    raw[i] = (uint8_t)(((i / 4) & 0xF) << 4 | ((i / 8) & 0xF));
                }
            }
            round_trip(raw, n);
            uint8_t *packed = g_malloc(lw_nemesis_bound(n));
            lw_nemesis_compress(raw, n, packed);
            saw_xor |= (packed[0] & 0x80) != 0;
            saw_plain |= (packed[0] & 0x80) == 0;
            g_free(packed);
        }
    }
    g_assert_true(saw_xor);
    g_assert_true(saw_plain);
    /* the largest input */
    size_t big = (size_t)LW_NEMESIS_MAX_PATTERNS * 32u;
    raw = g_realloc(raw, big);
    for (size_t i = 0; i < big; i++) {
        seed = seed * 1664525u + 1013904223u;
        raw[i] = (uint8_t)((seed >> 28) * 0x11);
    }
    round_trip(raw, big);
    g_free(raw);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/nemesis/decode-hand", test_decode_hand);
    g_test_add_func("/engine/nemesis/decode-table-rules", test_decode_table_rules);
    g_test_add_func("/engine/nemesis/decode-errors", test_decode_errors);
    g_test_add_func("/engine/nemesis/encode-vectors", test_encode_vectors);
    g_test_add_func("/engine/nemesis/round-trips", test_round_trips);
    return g_test_run();
}
