/* SPDX-License-Identifier: MIT */
#include "loopwright/enigma.h"

#include <stdlib.h>
#include <string.h>

/* ---- decoder ---- */

typedef struct eni_reader {
    const uint8_t *in;
    size_t size;
    size_t bit; /* next bit, counted from the first stream byte of the whole input */
} eni_reader;

static bool eni_bits(eni_reader *r, unsigned count, unsigned *value, lw_error *err)
{
    unsigned v = 0;
    for (unsigned i = 0; i < count; i++) {
        size_t byte = r->bit >> 3;
        if (byte >= r->size)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)r->size,
                                   "Enigma stream ends before its end entry");
        v = v << 1 | ((r->in[byte] >> (7u - (r->bit & 7u))) & 1u);
        r->bit++;
    }
    *value = v;
    return true;
}

static bool eni_inline(eni_reader *r, unsigned n_bits, unsigned mask, uint16_t base, uint16_t *word,
                       lw_error *err)
{
    unsigned w = 0, b = 0;
    for (int f = 4; f >= 0; f--) {
        if (mask & (1u << f)) {
            if (!eni_bits(r, 1, &b, err))
                return false;
            w |= b << (11 + f);
        }
    }
    if (!eni_bits(r, n_bits, &b, err))
        return false;
    /* as EniDec: the flag bits are ORed into the base tile, then the index is added */
    *word = (uint16_t)((base | w) + b);
    return true;
}

bool lw_enigma_decompress(const uint8_t *in, size_t in_size, uint16_t base, uint16_t *out,
                          size_t out_cap, size_t *out_words, size_t *in_used, lw_error *err)
{
    LW_ASSERT(in || in_size == 0);
    LW_ASSERT(out || out_cap == 0);
    if (in_size < 6)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                               "Enigma data ends inside its 6-byte header");
    unsigned n_bits = in[0], mask = in[1];
    if (n_bits > 16)
        return lw_error_set_at(err, LW_ERR_FORMAT, 0, "Enigma inline width %u is over 16 bits",
                               n_bits);
    if (mask & ~0x1Fu)
        return lw_error_set_at(err, LW_ERR_FORMAT, 1, "Enigma flag mask 0x%02X has unknown bits",
                               mask);
    uint16_t inc = (uint16_t)(((unsigned)in[2] << 8 | in[3]) + base);
    uint16_t common = (uint16_t)(((unsigned)in[4] << 8 | in[5]) + base);
    eni_reader r = {.in = in, .size = in_size, .bit = 6u * 8u};
    size_t produced = 0;
    for (;;) {
        size_t at = r.bit >> 3;
        unsigned op = 0, count = 0;
        if (!eni_bits(&r, 2, &op, err))
            return false;
        if (op & 2u) {
            unsigned low = 0;
            if (!eni_bits(&r, 1, &low, err))
                return false;
            op = 4u | (op & 1u) << 1 | low; /* 100..111 */
        }
        if (!eni_bits(&r, 4, &count, err))
            return false;
        if (op == 7u && count == 15u)
            break;
        size_t words = (size_t)count + 1u;
        if (words > out_cap - produced)
            return lw_error_set_at(err, LW_ERR_LIMIT, (long)at,
                                   "Enigma data is larger than %zu words", out_cap);
        uint16_t v = 0;
        if (op >= 4u && op <= 6u && !eni_inline(&r, n_bits, mask, base, &v, err))
            return false;
        for (size_t i = 0; i < words; i++) {
            switch (op) {
            case 0: /* 00 */
                out[produced++] = inc++;
                break;
            case 1: /* 01 */
                out[produced++] = common;
                break;
            case 4:
                out[produced++] = v;
                break;
            case 5:
                out[produced++] = v++;
                break;
            case 6:
                out[produced++] = v--;
                break;
            default:
                if (!eni_inline(&r, n_bits, mask, base, &v, err))
                    return false;
                out[produced++] = v;
                break;
            }
        }
    }
    if (out_words)
        *out_words = produced;
    if (in_used)
        *in_used = (r.bit + 7u) >> 3;
    return true;
}

/* ---- encoder ---- */

typedef struct eni_writer {
    uint8_t *out;
    size_t bit;
} eni_writer;

static void eni_put(eni_writer *w, unsigned value, unsigned count)
{
    for (unsigned i = count; i-- > 0;) {
        size_t byte = w->bit >> 3;
        if ((w->bit & 7u) == 0)
            w->out[byte] = 0;
        w->out[byte] = (uint8_t)(w->out[byte] | ((value >> i) & 1u) << (7u - (w->bit & 7u)));
        w->bit++;
    }
}

size_t lw_enigma_bound(size_t n)
{
    LW_ASSERT(n < SIZE_MAX / 32);
    /* worst case: separate inline values, 16 bits each plus a 7-bit entry per 15 words */
    size_t bits = n * 16u + (n + 14u) / 15u * 7u + 7u;
    return 6u + (bits + 7u) / 8u + 1u;
}

typedef struct eni_ctx {
    const uint16_t *w;
    size_t n;
    unsigned n_bits, mask;
} eni_ctx;

static void eni_put_inline(eni_writer *wr, const eni_ctx *c, uint16_t v)
{
    for (int f = 4; f >= 0; f--)
        if (c->mask & (1u << f))
            eni_put(wr, ((unsigned)v >> (11 + f)) & 1u, 1);
    eni_put(wr, v & 0x7FFu, c->n_bits);
}

/* Words at @i forming a run with step @step (0 repeat, 1 up, -1 down), at most 16. */
static size_t eni_run(const eni_ctx *c, size_t i, int step)
{
    size_t k = 1;
    while (k < 16 && i + k < c->n && c->w[i + k] == (uint16_t)(c->w[i] + (uint16_t)(step * (int)k)))
        k++;
    return k;
}

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

size_t lw_enigma_compress(const uint16_t *words, size_t n, uint8_t *out)
{
    LW_ASSERT(words || n == 0);
    eni_ctx c = {.w = words, .n = n, .n_bits = 0, .mask = 0};
    unsigned max_index = 0;
    for (size_t i = 0; i < n; i++) {
        c.mask |= (unsigned)words[i] >> 11;
        if ((words[i] & 0x7FFu) > max_index)
            max_index = words[i] & 0x7FFu;
    }
    while ((1u << c.n_bits) <= max_index)
        c.n_bits++;
    /* the most frequent word (smallest on ties) is the common word */
    uint16_t common = 0, inc = 0;
    if (n) {
        uint16_t *sorted = malloc(n * sizeof *sorted);
        if (sorted) {
            memcpy(sorted, words, n * sizeof *sorted);
            qsort(sorted, n, sizeof *sorted, cmp_u16);
            size_t best = 0;
            for (size_t i = 0; i < n;) {
                size_t j = i;
                while (j < n && sorted[j] == sorted[i])
                    j++;
                if (j - i > best) {
                    best = j - i;
                    common = sorted[i];
                }
                i = j;
            }
            free(sorted);
        } else {
            common = words[0]; /* still a valid (if weaker) choice */
        }
        for (size_t i = 0; i < n; i++)
            if (words[i] != common) {
                inc = words[i];
                break;
            }
    }
    out[0] = (uint8_t)c.n_bits;
    out[1] = (uint8_t)c.mask;
    out[2] = (uint8_t)(inc >> 8);
    out[3] = (uint8_t)inc;
    out[4] = (uint8_t)(common >> 8);
    out[5] = (uint8_t)common;
    eni_writer wr = {.out = out, .bit = 48};
    size_t i = 0;
    while (i < n) {
        size_t k_inc = 0, k_com = 0;
        while (k_inc < 16 && i + k_inc < n && words[i + k_inc] == (uint16_t)(inc + k_inc))
            k_inc++;
        while (k_com < 16 && i + k_com < n && words[i + k_com] == common)
            k_com++;
        size_t k_rep = eni_run(&c, i, 0), k_up = eni_run(&c, i, 1), k_down = eni_run(&c, i, -1);
        size_t best = k_inc;
        unsigned op = 0;
        if (k_com > best) {
            best = k_com;
            op = 1;
        }
        if (k_rep > best) {
            best = k_rep;
            op = 4;
        }
        if (k_up > best) {
            best = k_up;
            op = 5;
        }
        if (k_down > best) {
            best = k_down;
            op = 6;
        }
        if (best >= 2 || (best == 1 && op < 4)) {
            if (op < 4) {
                eni_put(&wr, op, 2);
            } else {
                eni_put(&wr, op, 3);
            }
            eni_put(&wr, (unsigned)best - 1u, 4);
            if (op >= 4)
                eni_put_inline(&wr, &c, words[i]);
            if (op == 0)
                inc = (uint16_t)(inc + best);
            i += best;
            continue;
        }
        /* separate values until something cheaper starts, at most 15 (r = 15 is the end) */
        size_t k = 1;
        while (k < 15 && i + k < n) {
            size_t j = i + k;
            if (words[j] == inc || words[j] == common || eni_run(&c, j, 0) >= 2 ||
                eni_run(&c, j, 1) >= 2 || eni_run(&c, j, -1) >= 2)
                break;
            k++;
        }
        eni_put(&wr, 7, 3);
        eni_put(&wr, (unsigned)k - 1u, 4);
        for (size_t m = 0; m < k; m++)
            eni_put_inline(&wr, &c, words[i + m]);
        i += k;
    }
    eni_put(&wr, 7, 3);
    eni_put(&wr, 15, 4);
    size_t size = (wr.bit + 7u) >> 3;
    if (size & 1u)
        out[size++] = 0;
    LW_ASSERT(size <= lw_enigma_bound(n));
    return size;
}
