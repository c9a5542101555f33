/* SPDX-License-Identifier: MIT */
/*
 * Kosinski codec (FORMATS.md §3.6): round trips, hand-built streams for every command, the
 * descriptor quirk, corrupt/truncated input, and encoder vectors derived by hand from the rules.
 */
#include <glib.h>
#include <loopwright/kosinski.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

static uint32_t rng_state = 0x12345678u;

static uint32_t rng_next(void)
{
    /* xorshift32: deterministic across platforms */
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    rng_state = x;
    return x;
}

static uint8_t *compress_alloc(const uint8_t *in, size_t n, size_t *out_n)
{
    size_t bound = lw_kosinski_bound(n);
    g_assert_cmpuint(bound % 16, ==, 0);
    uint8_t *out = g_malloc(bound);
    *out_n = lw_kosinski_compress(in, n, out);
    g_assert_cmpuint(*out_n, >, 0);
    g_assert_cmpuint(*out_n, <=, bound);
    g_assert_cmpuint(*out_n % 16, ==, 0);
    return out;
}

static void assert_round_trip(const uint8_t *in, size_t n)
{
    size_t packed_n;
    uint8_t *packed = compress_alloc(in, n, &packed_n);
    uint8_t *back = g_malloc(n + 1);
    size_t got = 99999, used = 99999;
    lw_error err;
    lw_error_clear(&err);
    gboolean ok = lw_kosinski_decompress(packed, packed_n, back, n, &got, &used, &err);
    if (!ok)
        g_error("size %zu: %s at %ld", n, err.message, err.offset);
    g_assert_cmpuint(got, ==, n);
    g_assert_cmpmem(back, n, in, n);
    /* the stream ends at the terminator; only zero padding (< 16 bytes) follows it */
    g_assert_cmpuint(used, <=, packed_n);
    g_assert_cmpuint(packed_n - used, <, 16);
    for (size_t i = used; i < packed_n; i++)
        g_assert_cmpuint(packed[i], ==, 0);
    g_free(back);
    g_free(packed);
}

static void assert_encodes_to(const uint8_t *in, size_t n, const uint8_t *expect, size_t expect_n)
{
    size_t got_n;
    uint8_t *got = compress_alloc(in, n, &got_n);
    g_assert_cmpmem(got, got_n, expect, expect_n);
    g_free(got);
    assert_round_trip(in, n);
}

/* ---- an independent model of the original program, for cross-checking ----
 *
 * Written from the behaviour described in FORMATS.md §3.6 and kosinski.h, deliberately naive:
 * a 0x2000-byte ring buffer loaded 0xFD bytes ahead, a mirror of the ring's first 0xFC bytes
 * written only by the refill (not by the initial load), every distance 1..min(pos, 0x1F03)
 * compared byte by byte through the ring, strict "longer wins", clamp after the search, and a
 * literal descriptor/queue writer. It shares no code with engine/src/kosinski.c. */

typedef struct model {
    uint8_t ring[0x2000 + 0xFC];
    uint8_t *out;
    size_t size;
    unsigned desc, left;
    uint8_t queue[64];
    size_t queued;
} model;

static void model_flush(model *m)
{
    unsigned d = m->left >= 16 ? 0 : m->desc >> m->left;
    m->out[m->size++] = (uint8_t)d;
    m->out[m->size++] = (uint8_t)(d >> 8);
    memcpy(m->out + m->size, m->queue, m->queued);
    m->size += m->queued;
    m->queued = 0;
}

static void model_bit(model *m, unsigned b)
{
    m->desc = (m->desc >> 1) | (b ? 0x8000u : 0u);
    if (--m->left == 0) {
        model_flush(m);
        m->left = 16;
        m->desc = 0;
    }
}

static size_t model_compress(const uint8_t *in, size_t n, uint8_t *out)
{
    model *m = g_new0(model, 1);
    m->out = out;
    m->left = 16;
    size_t loaded = 0;
    while (loaded < n && loaded < 0xFD) {
        m->ring[loaded] = in[loaded];
        loaded++;
    }
    size_t pos = 0, counter = 0;
    while (pos < n) {
        if (counter >= 0xA000) {
            counter %= 0xA000;
            model_bit(m, 0);
            model_bit(m, 1);
            m->queue[m->queued++] = 0x00;
            m->queue[m->queued++] = 0xF0;
            m->queue[m->queued++] = 0x01;
        }
        size_t maxd = pos < 0x1F03 ? pos : 0x1F03, best = 0, bestd = 0;
        for (size_t d = 1; d <= maxd; d++) {
            const uint8_t *a = &m->ring[pos % 0x2000];
            const uint8_t *b = &m->ring[(pos - d) % 0x2000];
            size_t len = 0;
            while (len < 0xFD && a[len] == b[len])
                len++;
            if (len > best) {
                best = len;
                bestd = d;
            }
        }
        if (best > n - pos)
            best = n - pos;
        if (best >= 2 && best <= 5 && bestd < 256) {
            model_bit(m, 0);
            model_bit(m, 0);
            model_bit(m, ((best - 2) >> 1) & 1);
            model_bit(m, (best - 2) & 1);
            m->queue[m->queued++] = (uint8_t)(256 - bestd);
        } else if (best >= 3) {
            unsigned d = (unsigned)(0x2000 - bestd);
            model_bit(m, 0);
            model_bit(m, 1);
            m->queue[m->queued++] = (uint8_t)d;
            if (best <= 9) {
                m->queue[m->queued++] = (uint8_t)(((d >> 5) & 0xF8) | (best - 2));
            } else {
                m->queue[m->queued++] = (uint8_t)((d >> 5) & 0xF8);
                m->queue[m->queued++] = (uint8_t)(best - 1);
            }
        } else {
            best = 1;
            model_bit(m, 1);
            m->queue[m->queued++] = in[pos];
        }
        for (size_t i = 0; i < best && loaded < n; i++, loaded++) {
            size_t r = loaded % 0x2000;
            m->ring[r] = in[loaded];
            if (r < 0xFC)
                m->ring[0x2000 + r] = in[loaded];
        }
        pos += best;
        counter += best;
    }
    model_bit(m, 0);
    model_bit(m, 1);
    m->queue[m->queued++] = 0x00;
    m->queue[m->queued++] = 0xF0;
    m->queue[m->queued++] = 0x00;
    model_flush(m);
    while (m->size % 16)
        m->out[m->size++] = 0;
    size_t size = m->size;
    g_free(m);
    return size;
}

static void assert_matches_model(const uint8_t *in, size_t n)
{
    size_t got_n;
    uint8_t *got = compress_alloc(in, n, &got_n);
    uint8_t *want = g_malloc(lw_kosinski_bound(n));
    size_t want_n = model_compress(in, n, want);
    g_assert_cmpmem(got, got_n, want, want_n);
    g_free(want);
    g_free(got);
}

/* ---- round trips ---- */

static void fill_random(uint8_t *p, size_t n, unsigned alphabet)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng_next() % alphabet);
}

static void test_round_trip_sizes(void)
{
    static const size_t sizes[] = {0,      1,      2,      3,      4,      5,      6,
                                   9,      10,     11,     15,     16,     17,     31,
                                   32,     33,     252,    253,    254,    255,    256,
                                   257,    0x1F02, 0x1F03, 0x1F04, 0x1FFF, 0x2000, 0x2001,
                                   0x20FC, 0x20FD, 0x4000, 0xA000, 0xA001, 0x10000};
    uint8_t *buf = g_malloc(0x10000);
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        size_t n = sizes[s];
        /* random over the full byte range (few matches), over 4 symbols (many short matches),
         * all zeros (maximal runs), a ramp (period 256), and a mix of runs and noise */
        fill_random(buf, n, 256);
        assert_round_trip(buf, n);
        fill_random(buf, n, 4);
        assert_round_trip(buf, n);
        memset(buf, 0, n);
        assert_round_trip(buf, n);
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)i;
        assert_round_trip(buf, n);
        for (size_t i = 0; i < n;) {
            size_t run = rng_next() % 300;
            uint8_t v = (uint8_t)rng_next();
            bool noise = rng_next() & 1;
            for (size_t k = 0; k < run && i < n; k++, i++)
                buf[i] = noise ? (uint8_t)rng_next() : v;
        }
        assert_round_trip(buf, n);
    }
    g_free(buf);
}

/* Layout-like and chunk-like data: the shapes the level exporter compresses. */
static void test_round_trip_structured(void)
{
    uint8_t *buf = g_malloc(0x8000);
    /* a 128x16 layout: rows of chunk ids with repeats, FG/BG interleaved per row */
    for (size_t i = 0; i < 0x1000; i++)
        buf[i] = (uint8_t)((i / 256) * 3 + ((i % 128) / 7) % 5 + ((i & 128) ? 100 : 0));
    assert_round_trip(buf, 0x1000);
    /* 256 chunks of 64 big-endian words with flags */
    for (size_t i = 0; i < 0x4000; i++) {
        uint16_t w = (uint16_t)((((i * 37) / 5) & 0x3FF) | ((i % 9 == 0) ? 0xF000 : 0x5000));
        buf[2 * i] = (uint8_t)(w >> 8);
        buf[2 * i + 1] = (uint8_t)w;
    }
    assert_round_trip(buf, 0x8000);
    g_free(buf);
}

/* The optimised search (hash chains, early exits, past-end emulation) gives exactly what a
 * naive model of the original program gives, on data of every flavour and size class: up to
 * 8 KiB (past-the-end reads are zeros), above it (ring leftovers), and past 0xA000 (marker). */
static void test_encoder_matches_model(void)
{
    static const size_t sizes[] = {0,      1,      2,      7,      100,    257,    1000,
                                   0x1F04, 0x2000, 0x2003, 0x20F0, 0x2100, 0x3000, 0x4123};
    uint8_t *buf = g_malloc(0x10000);
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        size_t n = sizes[s];
        for (unsigned alphabet = 2; alphabet <= 256; alphabet *= 4) {
            fill_random(buf, n, alphabet);
            assert_matches_model(buf, n);
        }
        /* periodic data whose period does not divide the ring: the last match reads leftovers */
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)((i % 37) * 7 + (i / 4096));
        assert_matches_model(buf, n);
        /* a tail that repeats what sat 0x2000 bytes earlier */
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)rng_next() % 3;
        assert_matches_model(buf, n);
    }
    /* runs, so the marker at 0xA000 is reached quickly (the model is slow on random data) */
    memset(buf, 0, 0xA800);
    for (size_t i = 0; i < 0xA800; i += 97)
        buf[i] = (uint8_t)(i >> 8);
    assert_matches_model(buf, 0xA800);
    g_free(buf);
}

/* ---- decoder on hand-built streams ---- */

typedef struct stream_case {
    const char *what;
    uint8_t in[40];
    size_t in_n;
    uint8_t out[40];
    size_t out_n;
    size_t used;
} stream_case;

static void test_decode_hand_streams(void)
{
    /* Each descriptor is written as two bytes, low byte first; its bits are used LSB first. */
    static const stream_case cases[] = {
        {"terminator only: bits 0,1 = 0x0002; bytes 00 F0 00",
         {0x02, 0x00, 0x00, 0xF0, 0x00},
         5,
         {0},
         0,
         5},
        {"two literals then terminator: bits 1,1,0,1 = 0x000B",
         {0x0B, 0x00, 0x41, 0x42, 0x00, 0xF0, 0x00},
         7,
         {0x41, 0x42},
         2,
         7},
        {"inline match count 2 (h=0,l=0), distance 256-0xFE=2: bits 1,1,0,0,0,0,0,1 = 0x0083",
         {0x83, 0x00, 'a', 'b', 0xFE, 0x00, 0xF0, 0x00},
         8,
         {'a', 'b', 'a', 'b'},
         4,
         8},
        {"inline count 3 (h=0,l=1), distance 1: bits 1,0,0,0,1,0,1 = 0x0051",
         {0x51, 0x00, 'x', 0xFF, 0x00, 0xF0, 0x00},
         7,
         {'x', 'x', 'x', 'x'},
         4,
         7},
        {"inline count 4 (h=1,l=0), distance 1: bits 1,0,0,1,0,0,1 = 0x0049",
         {0x49, 0x00, 'x', 0xFF, 0x00, 0xF0, 0x00},
         7,
         {'x', 'x', 'x', 'x', 'x'},
         5,
         7},
        {"inline count 5 (h=1,l=1), distance 1: bits 1,0,0,1,1,0,1 = 0x0059",
         {0x59, 0x00, 'x', 0xFF, 0x00, 0xF0, 0x00},
         7,
         {'x', 'x', 'x', 'x', 'x', 'x'},
         6,
         7},
        {"full match count 3 (hi&7=1), distance 0x2000-0x1FFE=2: lo FE, hi F9; bits "
         "1,1,0,1,0,1 = 0x002B",
         {0x2B, 0x00, 'p', 'q', 0xFE, 0xF9, 0x00, 0xF0, 0x00},
         9,
         {'p', 'q', 'p', 'q', 'p'},
         5,
         9},
        {"full match count 9 (hi&7=7), distance 1: lo FF, hi FF; bits 1,0,1,0,1 = 0x0015",
         {0x15, 0x00, 'z', 0xFF, 0xFF, 0x00, 0xF0, 0x00},
         8,
         {'z', 'z', 'z', 'z', 'z', 'z', 'z', 'z', 'z', 'z'},
         10,
         8},
        {"extended count: hi&7=0, count byte 0x0B -> 12 bytes, distance 1: bits 1,0,1,0,1",
         {0x15, 0x00, 'k', 0xFF, 0xF8, 0x0B, 0x00, 0xF0, 0x00},
         9,
         {'k', 'k', 'k', 'k', 'k', 'k', 'k', 'k', 'k', 'k', 'k', 'k', 'k'},
         13,
         9},
        {"extended count byte 2 -> 3 bytes (the smallest extended count)",
         {0x15, 0x00, 'k', 0xFF, 0xF8, 0x02, 0x00, 0xF0, 0x00},
         9,
         {'k', 'k', 'k', 'k'},
         4,
         9},
        {"c=1 no-op between two literals: bits 1,0,1,1,0,1 = 0x002D; bytes a, 00 F0 01, b",
         {0x2D, 0x00, 'a', 0x00, 0xF0, 0x01, 'b', 0x00, 0xF0, 0x00},
         10,
         {'a', 'b'},
         2,
         10},
        {"terminator hi byte need not be F0: any hi with low bits 0 and count 0 ends (00 00 00)",
         {0x02, 0x00, 0x00, 0x00, 0x00},
         5,
         {0},
         0,
         5},
        {"padding after the terminator is not read",
         {0x05, 0x00, 0x41, 0x00, 0xF0, 0x00, 0xAA, 0xBB, 0xCC},
         9,
         {0x41},
         1,
         6},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        const stream_case *c = &cases[i];
        uint8_t out[64];
        size_t got = 0, used = 0;
        lw_error err;
        g_test_message("%s", c->what);
        g_assert_true(lw_kosinski_decompress(c->in, c->in_n, out, sizeof out, &got, &used, &err));
        g_assert_cmpmem(out, got, c->out, c->out_n);
        g_assert_cmpuint(used, ==, c->used);
    }
}

/* The reader loads the next descriptor as soon as the 16th bit is used, before the data byte of
 * the command that used it. 16 literals: desc FF FF, 15 bytes, then the next descriptor (bits
 * 0,1 = terminator), THEN the 16th literal's byte, then the terminator's bytes. */
static void test_decode_descriptor_quirk(void)
{
    uint8_t in[32];
    size_t k = 0;
    in[k++] = 0xFF;
    in[k++] = 0xFF;
    for (int i = 0; i < 15; i++)
        in[k++] = (uint8_t)(0x30 + i);
    in[k++] = 0x02; /* next descriptor: 0, 1 */
    in[k++] = 0x00;
    in[k++] = 0x3F; /* 16th literal */
    in[k++] = 0x00;
    in[k++] = 0xF0;
    in[k++] = 0x00;
    uint8_t out[32];
    size_t got, used;
    lw_error err;
    g_assert_true(lw_kosinski_decompress(in, k, out, sizeof out, &got, &used, &err));
    g_assert_cmpuint(got, ==, 16);
    for (int i = 0; i < 16; i++)
        g_assert_cmpuint(out[i], ==, 0x30 + i);
    g_assert_cmpuint(used, ==, k);

    /* The terminator's second bit is a descriptor's 16th: an (empty) descriptor follows before
     * the 00 F0 00 bytes. 14 literals, bits 0,1 at 14,15: desc 0xBFFF. */
    k = 0;
    in[k++] = 0xFF;
    in[k++] = 0xBF;
    for (int i = 0; i < 14; i++)
        in[k++] = (uint8_t)i;
    in[k++] = 0x00; /* the descriptor read early */
    in[k++] = 0x00;
    in[k++] = 0x00;
    in[k++] = 0xF0;
    in[k++] = 0x00;
    g_assert_true(lw_kosinski_decompress(in, k, out, sizeof out, &got, &used, &err));
    g_assert_cmpuint(got, ==, 14);
    g_assert_cmpuint(used, ==, k);
    /* without the early descriptor the stream is one byte short of its terminator */
    g_assert_false(lw_kosinski_decompress(in, k - 2, out, sizeof out, &got, &used, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
}

static void test_decode_errors(void)
{
    uint8_t out[300];
    size_t got = 77, used = 77;
    lw_error err;

    /* empty input: the first descriptor is missing */
    g_assert_false(lw_kosinski_decompress(NULL, 0, out, sizeof out, &got, &used, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
    g_assert_cmpint(err.offset, ==, 0);
    g_assert_cmpuint(got, ==, 77); /* untouched on failure */
    g_assert_cmpuint(used, ==, 77);

    /* inline match first (bits 0,0,0,0): distance 1 before any output; its byte is at 2 */
    static const uint8_t back1[] = {0x00, 0x00, 0xFF, 0x00, 0xF0, 0x00};
    g_assert_false(lw_kosinski_decompress(back1, sizeof back1, out, sizeof out, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.offset, ==, 2);

    /* literal, then a full match of distance 2 (lo FE hi F9): one byte back is all there is;
     * bits 1,0,1 -> 0x05; match bytes at offsets 3,4 */
    static const uint8_t back2[] = {0x05, 0x00, 'a', 0xFE, 0xF9, 0x00, 0xF0, 0x00};
    g_assert_false(lw_kosinski_decompress(back2, sizeof back2, out, sizeof out, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.offset, ==, 3);

    /* inline distance 256 (byte 00) after 1 byte of output */
    static const uint8_t back3[] = {0x01, 0x00, 'a', 0x00, 0x00, 0xF0, 0x00};
    g_assert_false(lw_kosinski_decompress(back3, sizeof back3, out, sizeof out, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.offset, ==, 3);

    /* output limit: "xxxx" (literal + inline 3) into 3 bytes fails at the match byte (3);
     * into 0 bytes fails at the literal byte (2); into 4 succeeds */
    static const uint8_t four[] = {0x51, 0x00, 'x', 0xFF, 0x00, 0xF0, 0x00};
    g_assert_false(lw_kosinski_decompress(four, sizeof four, out, 3, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_cmpint(err.offset, ==, 3);
    g_assert_false(lw_kosinski_decompress(four, sizeof four, NULL, 0, NULL, NULL, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_LIMIT);
    g_assert_cmpint(err.offset, ==, 2);
    g_assert_true(lw_kosinski_decompress(four, sizeof four, out, 4, &got, &used, &err));
    g_assert_cmpuint(got, ==, 4);

    /* every truncation of valid streams is refused with the offset of the first missing byte */
    uint8_t data[600];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)((i * i) >> 3);
    size_t packed_n;
    uint8_t *packed = compress_alloc(data, sizeof data, &packed_n);
    size_t full_used;
    g_assert_true(lw_kosinski_decompress(packed, packed_n, out, 0, NULL, NULL, &err) == false);
    uint8_t *big = g_malloc(sizeof data);
    g_assert_true(
        lw_kosinski_decompress(packed, packed_n, big, sizeof data, &got, &full_used, &err));
    for (size_t cut = 0; cut < full_used; cut++) {
        uint8_t *copy = g_memdup2(packed, cut); /* exact-size copy: ASan sees any over-read */
        g_assert_false(lw_kosinski_decompress(copy, cut, big, sizeof data, NULL, NULL, &err));
        g_assert_cmpint(err.code, ==, LW_ERR_TRUNCATED);
        g_assert_cmpint(err.offset, ==, (long)cut);
        g_free(copy);
    }
    /* every single-byte corruption is either decoded within bounds or refused: never a crash */
    for (size_t i = 0; i < full_used; i++) {
        for (unsigned bit = 0; bit < 8; bit++) {
            uint8_t *copy = g_memdup2(packed, full_used);
            copy[i] ^= (uint8_t)(1u << bit);
            size_t g2 = 0, u2 = 0;
            if (lw_kosinski_decompress(copy, full_used, big, sizeof data, &g2, &u2, &err)) {
                g_assert_cmpuint(g2, <=, sizeof data);
                g_assert_cmpuint(u2, <=, full_used);
            } else {
                g_assert_cmpint(err.offset, >=, 0);
                g_assert_cmpint(err.offset, <=, (long)full_used);
            }
            g_free(copy);
        }
    }
    g_free(big);
    g_free(packed);
}

/* ---- encoder vectors, derived by hand from the §3.6 rules ---- */

#define PAD_TO_16(n) (((n) + 15) / 16 * 16)

static void test_encode_vectors_small(void)
{
    /* empty input: only the terminator. Bits 0,1 -> descriptor 0x0002 (written 02 00), bytes
     * 00 F0 00, then 11 zero bytes of padding. */
    {
        static const uint8_t expect[16] = {0x02, 0x00, 0x00, 0xF0, 0x00};
        assert_encodes_to(NULL, 0, expect, sizeof expect);
    }
    /* "A": nothing to match -> literal (bit 1, byte 41), terminator (bits 0,1).
     * Bits 1,0,1 -> 0x0005. */
    {
        static const uint8_t in[] = {'A'};
        static const uint8_t expect[16] = {0x05, 0x00, 0x41, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, sizeof in, expect, sizeof expect);
    }
    /* "AAAA": literal A; at 1 the only distance is 1 and it matches 3 bytes (the 4th compare is
     * past the end, a zero, against 'A') -> inline, count 3 = bits 0,0,0,1, byte 256-1 = FF.
     * Bits 1 | 0,0,0,1 | 0,1 -> bits 0,4,6 set -> 0x0051. */
    {
        static const uint8_t in[] = "AAAA";
        static const uint8_t expect[16] = {0x51, 0x00, 0x41, 0xFF, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, 4, expect, sizeof expect);
    }
    /* "AAAAAA" (6): literal, then distance 1 length 5 -> inline count 5 = bits 0,0,1,1, FF.
     * Bits 1 | 0,0,1,1 | 0,1 -> bits 0,3,4,6 -> 0x0059. */
    {
        static const uint8_t in[] = "AAAAAA";
        static const uint8_t expect[16] = {0x59, 0x00, 0x41, 0xFF, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, 6, expect, sizeof expect);
    }
    /* "AAAAAAA" (7): literal, then length 6 is too long for inline -> full match: distance 1
     * encodes as 0x2000-1 = 0x1FFF: lo FF, hi ((0x1FFF >> 5) & F8) | (6-2) = F8|4 = FC.
     * Bits 1 | 0,1 | 0,1 -> bits 0,2,4 -> 0x0015. */
    {
        static const uint8_t in[] = "AAAAAAA";
        static const uint8_t expect[16] = {0x15, 0x00, 0x41, 0xFF, 0xFC, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, 7, expect, sizeof expect);
    }
    /* 10 x 'A': length 9 is the longest full match: hi = F8 | 7 = FF. */
    {
        static const uint8_t in[] = "AAAAAAAAAA";
        static const uint8_t expect[16] = {0x15, 0x00, 0x41, 0xFF, 0xFF, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, 10, expect, sizeof expect);
    }
    /* 11 x 'A': length 10 needs the count byte: hi = F8 (low bits 0), count = 10-1 = 09. */
    {
        static const uint8_t in[] = "AAAAAAAAAAA";
        static const uint8_t expect[16] = {0x15, 0x00, 0x41, 0xFF, 0xF8, 0x09, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, 11, expect, sizeof expect);
    }
    /* "ABCDEFABCDEF": 6 literals (no pair repeats), then distance 6 length 6 (the compare past
     * the end reads 0 against 'A') -> full match, 0x2000-6 = 0x1FFA: lo FA, hi F8|4 = FC.
     * Bits 1x6 | 0,1 | 0,1 -> bits 0-5, 7, 9 -> 0x02BF. */
    {
        static const uint8_t in[] = "ABCDEFABCDEF";
        static const uint8_t expect[16] = {0xBF, 0x02, 'A',  'B',  'C',  'D', 'E',
                                           'F',  0xFA, 0xFC, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, 12, expect, sizeof expect);
    }
    /* 300 x 'A': literal; at 1 the longest match is capped at 0xFD -> extended, count byte FC;
     * at 254, 46 bytes remain, every distance matches 46 (the 47th compare reads 0 past the
     * end) and distance 1 is nearest -> extended, count 45 = 2D. Bits 1 | 0,1 | 0,1 | 0,1 ->
     * bits 0,2,4,6 -> 0x0055. */
    {
        uint8_t in[300];
        memset(in, 'A', sizeof in);
        static const uint8_t expect[16] = {0x55, 0x00, 0x41, 0xFF, 0xF8, 0xFC,
                                           0xFF, 0xF8, 0x2D, 0x00, 0xF0, 0x00};
        assert_encodes_to(in, sizeof in, expect, sizeof expect);
    }
}

/* The end-of-data quirk: 01 02 00 01 02 03 01 02. Literals 01 02 00; at 3 "01 02" matches
 * distance 3 for 2 bytes (03 vs 00) -> inline FD; literal 03; at 6 two candidates: distance 3
 * gives 2 (then 0-past-the-end vs 03), distance 6 gives 3 (0-past-the-end vs the real 00 at
 * position 2). The longer, farther one wins and is clamped to the 2 bytes left -> inline with
 * byte 256-6 = FA, not FD. Bits 1,1,1 | 0,0,0,0 | 1 | 0,0,0,0 | 0,1 -> bits 0,1,2,7,13 ->
 * 0x2087. */
static void test_encode_vector_end_quirk(void)
{
    static const uint8_t in[] = {0x01, 0x02, 0x00, 0x01, 0x02, 0x03, 0x01, 0x02};
    static const uint8_t expect[16] = {0x87, 0x20, 0x01, 0x02, 0x00, 0xFD,
                                       0x03, 0xFA, 0x00, 0xF0, 0x00};
    assert_encodes_to(in, sizeof in, expect, sizeof expect);
}

/* 16 distinct bytes 00..0F: 16 literals fill the first descriptor (FF FF). Writing the 16th bit
 * flushes that descriptor with the 15 bytes queued so far; the 16th literal's byte goes after
 * the next descriptor, which holds the terminator's bits 0,1 (0x0002). */
static void test_encode_vector_descriptor_flush(void)
{
    uint8_t in[16];
    for (int i = 0; i < 16; i++)
        in[i] = (uint8_t)i;
    uint8_t expect[32] = {0xFF, 0xFF};
    size_t k = 2;
    for (int i = 0; i < 15; i++)
        expect[k++] = (uint8_t)i;
    expect[k++] = 0x02;
    expect[k++] = 0x00;
    expect[k++] = 0x0F;
    expect[k++] = 0x00;
    expect[k++] = 0xF0;
    expect[k++] = 0x00;
    g_assert_cmpuint(k, ==, 23);
    assert_encodes_to(in, sizeof in, expect, sizeof expect);

    /* 14 distinct bytes 10..1D: the terminator's 2nd bit is the 16th (desc 0xBFFF: bits 0-13
     * set, 14 clear, 15 set); its bytes follow a final, empty descriptor 00 00. */
    uint8_t in2[14];
    for (int i = 0; i < 14; i++)
        in2[i] = (uint8_t)(0x10 + i);
    uint8_t expect2[32] = {0xFF, 0xBF};
    k = 2;
    for (int i = 0; i < 14; i++)
        expect2[k++] = (uint8_t)(0x10 + i);
    static const uint8_t tail[] = {0x00, 0x00, 0x00, 0xF0, 0x00};
    memcpy(expect2 + k, tail, sizeof tail);
    k += sizeof tail;
    g_assert_cmpuint(k, ==, 21);
    assert_encodes_to(in2, sizeof in2, expect2, sizeof expect2);
}

/* Literal bytes of a run of literals as Sega's writer lays them out: the first descriptor
 * carries 15 bytes (its 16th bit's byte is queued after the flush), every later full descriptor
 * carries 16 (the left-over one, then 15 of its own). Appends @count literal descriptors worth
 * of FF FF + bytes for literal values @values[0..] and returns the new length. */
static size_t put_literal_descriptors(uint8_t *expect, size_t k, const uint8_t *values,
                                      int descriptors)
{
    for (int d = 0; d < descriptors; d++) {
        expect[k++] = 0xFF;
        expect[k++] = 0xFF;
        int first = d == 0 ? 0 : 16 * d - 1, last = 16 * d + 14; /* literal indexes */
        for (int i = first; i <= last; i++)
            expect[k++] = values[i];
    }
    return k;
}

/* Distance 256 is never inline (the original tests distance < 256). Input 00 01 .. FF (no pair
 * repeats: 256 literals) followed by
 *   (a) 00 01 02: at 256, distance 256 matches 3 (then 0-past-the-end vs 03) -> full match,
 *       0x2000-256 = 0x1F00: lo 00, hi ((0x1F00>>5)&F8)|(3-2) = F9;
 *   (b) 00 01: distance 256 matches only 2 -> neither inline nor full -> two literals.
 * The 256 literals make 16 full descriptors FF FF: the first carries bytes 00..0E, each later one
 * 16 bytes (0E+1..1E, ..., EF..FE). Byte FF waits for the 17th descriptor, which holds
 * (a) bits 0,1 (match), 0,1 (terminator) = 0x000A, or (b) 1,1 (literals), 0,1 = 0x000B. */
static void test_encode_vector_distance_256(void)
{
    for (int variant = 0; variant < 2; variant++) {
        uint8_t in[259];
        for (int i = 0; i < 256; i++)
            in[i] = (uint8_t)i;
        in[256] = 0x00;
        in[257] = 0x01;
        in[258] = 0x02;
        size_t n = variant == 0 ? 259 : 258;
        uint8_t expect[304] = {0};
        size_t k = put_literal_descriptors(expect, 0, in, 16);
        g_assert_cmpuint(k, ==, 2 + 15 + 15 * 18);
        static const uint8_t tail_a[] = {0x0A, 0x00, 0xFF, 0x00, 0xF9, 0x00, 0xF0, 0x00};
        static const uint8_t tail_b[] = {0x0B, 0x00, 0xFF, 0x00, 0x01, 0x00, 0xF0, 0x00};
        memcpy(expect + k, variant == 0 ? tail_a : tail_b, 8);
        k += 8;
        g_assert_cmpuint(PAD_TO_16(k), ==, sizeof expect);
        assert_encodes_to(in, n, expect, sizeof expect);
    }
}

/* Distance 255 with length 2 is inline. Input 01 .. FF (255 literals), then 01 02: at 255 the
 * match at distance 255 is 2 long -> inline, byte 256-255 = 01. The literals fill 15 descriptors
 * and bits 0-14 of the 16th; the match's first bit (0) is that descriptor's 16th -> 0x7FFF,
 * flushed with 16 bytes (literals 239..254 = values F0..FF). The match's other bits 0,0,0 and
 * the terminator's 0,1 give the last descriptor 0x0010, then the match byte 01 and 00 F0 00. */
static void test_encode_vector_distance_255(void)
{
    uint8_t in[257];
    for (int i = 0; i < 255; i++)
        in[i] = (uint8_t)(i + 1);
    in[255] = 0x01;
    in[256] = 0x02;
    uint8_t expect[304] = {0};
    size_t k = put_literal_descriptors(expect, 0, in, 15);
    expect[k++] = 0xFF;
    expect[k++] = 0x7F;
    for (int idx = 239; idx <= 254; idx++)
        expect[k++] = in[idx];
    static const uint8_t tail[] = {0x10, 0x00, 0x01, 0x00, 0xF0, 0x00};
    memcpy(expect + k, tail, sizeof tail);
    k += sizeof tail;
    g_assert_cmpuint(k, ==, 17 + 14 * 18 + 18 + 6);
    g_assert_cmpuint(PAD_TO_16(k), ==, sizeof expect);
    assert_encodes_to(in, sizeof in, expect, sizeof expect);
}

/* Walk a stream and list (input position, kind) of its commands, to check where the 0xA000
 * marker lands in a long file. */
static void test_encode_marker_position(void)
{
    size_t n = 41000;
    uint8_t *in = g_malloc0(n);
    size_t packed_n;
    uint8_t *packed = compress_alloc(in, n, &packed_n);
    /* All zeros: literal at 0, then 0xFD-long matches at 1, 254, ..., 1 + 253k. The first command
     * starting at or after 0xA000 = 40960 is at 1 + 253*162 = 40987, so exactly one marker sits
     * just before it, and the last match (13 bytes) follows. */
    size_t pos = 0, in_pos = 0, markers = 0, marker_at = 0;
    unsigned desc = 0, left = 0;
#define BIT(v)                                                                                     \
    do {                                                                                           \
        if (left == 0) {                                                                           \
            desc = packed[pos] | packed[pos + 1] << 8;                                             \
            pos += 2;                                                                              \
            left = 16;                                                                             \
        }                                                                                          \
        (v) = desc & 1;                                                                            \
        desc >>= 1;                                                                                \
        left--;                                                                                    \
        if (left == 0) {                                                                           \
            desc = packed[pos] | packed[pos + 1] << 8;                                             \
            pos += 2;                                                                              \
            left = 16;                                                                             \
        }                                                                                          \
    } while (0)
    for (;;) {
        unsigned b;
        BIT(b);
        if (b) {
            pos++;
            in_pos++;
            continue;
        }
        BIT(b);
        if (!b) {
            unsigned h, l;
            BIT(h);
            BIT(l);
            pos++;
            in_pos += 2 * h + l + 2;
            continue;
        }
        uint8_t hi = packed[pos + 1];
        pos += 2;
        if (hi & 7) {
            in_pos += (hi & 7u) + 2;
            continue;
        }
        uint8_t c = packed[pos++];
        if (c == 0)
            break;
        if (c == 1) {
            markers++;
            marker_at = in_pos;
            continue;
        }
        in_pos += c + 1u;
    }
#undef BIT
    g_assert_cmpuint(in_pos, ==, n);
    g_assert_cmpuint(markers, ==, 1);
    g_assert_cmpuint(marker_at, ==, 40987);
    g_free(packed);
    g_free(in);
    /* below 0xA000 + one command there is none: 40961 zeros end with a match covering 40960 */
    uint8_t *in2 = g_malloc0(40961);
    packed = compress_alloc(in2, 40961, &packed_n);
    assert_round_trip(in2, 40961);
    g_free(packed);
    g_free(in2);
}

/* The bound covers the worst case, a stream of literals only: n data bytes, 3 terminator bytes
 * and floor((n + 2) / 16) + 1 descriptors (the final one is written even when empty), padded. */
static void test_bound(void)
{
    g_assert_cmpuint(lw_kosinski_bound(0), ==, 16);
    for (size_t n = 0; n < 5000; n++) {
        size_t literals_only = PAD_TO_16(n + 3 + 2 * ((n + 2) / 16 + 1));
        g_assert_cmpuint(lw_kosinski_bound(n) % 16, ==, 0);
        g_assert_cmpuint(lw_kosinski_bound(n), >=, literals_only);
        g_assert_cmpuint(lw_kosinski_bound(n), <=, literals_only + 32);
    }
    /* past 0xA000 bytes a marker (2 bits, 3 bytes) may be added per 0xA000 bytes */
    g_assert_cmpuint(lw_kosinski_bound(0x10000), >=,
                     PAD_TO_16(0x10000 + 6 + 2 * ((0x10000 + 4) / 16 + 1)));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/kosinski/round-trip-sizes", test_round_trip_sizes);
    g_test_add_func("/engine/kosinski/round-trip-structured", test_round_trip_structured);
    g_test_add_func("/engine/kosinski/encoder-matches-model", test_encoder_matches_model);
    g_test_add_func("/engine/kosinski/decode-hand-streams", test_decode_hand_streams);
    g_test_add_func("/engine/kosinski/decode-descriptor-quirk", test_decode_descriptor_quirk);
    g_test_add_func("/engine/kosinski/decode-errors", test_decode_errors);
    g_test_add_func("/engine/kosinski/encode-small", test_encode_vectors_small);
    g_test_add_func("/engine/kosinski/encode-end-quirk", test_encode_vector_end_quirk);
    g_test_add_func("/engine/kosinski/encode-descriptor-flush",
                    test_encode_vector_descriptor_flush);
    g_test_add_func("/engine/kosinski/encode-distance-256", test_encode_vector_distance_256);
    g_test_add_func("/engine/kosinski/encode-distance-255", test_encode_vector_distance_255);
    g_test_add_func("/engine/kosinski/encode-marker", test_encode_marker_position);
    g_test_add_func("/engine/kosinski/bound", test_bound);
    return g_test_run();
}
