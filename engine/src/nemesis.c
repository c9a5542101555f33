/* SPDX-License-Identifier: MIT */
#include "loopwright/nemesis.h"

#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Decoder (NemDec in the disassemblies; docs/CODECS.md §1)
 * ------------------------------------------------------------------------------------------- */

#define NEM_ESCAPE_BITS 6u /* 111111 */
#define NEM_INLINE_BITS 7u /* run length - 1 (3 bits), value (4 bits) */

typedef struct nem_slot {
    uint8_t len;   /* code length in bits, 0 = no code has this 8-bit prefix */
    uint8_t value; /* pixel value 0..15 */
    uint8_t count; /* run length 1..8 */
} nem_slot;

bool lw_nemesis_header(const uint8_t *in, size_t in_size, size_t *out_size, bool *xor_mode,
                       lw_error *err)
{
    LW_ASSERT(in || in_size == 0);
    if (in_size < 2)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                               "Nemesis data ends inside its header");
    unsigned word = (unsigned)in[0] << 8 | in[1];
    unsigned patterns = word & 0x7FFFu;
    if (patterns == 0 || patterns > LW_NEMESIS_MAX_PATTERNS)
        return lw_error_set_at(err, LW_ERR_FORMAT, 0,
                               "Nemesis header gives %u patterns (1 to %u allowed)", patterns,
                               LW_NEMESIS_MAX_PATTERNS);
    if (out_size)
        *out_size = (size_t)patterns * LW_NEMESIS_PATTERN_BYTES;
    if (xor_mode)
        *xor_mode = (word & 0x8000u) != 0;
    return true;
}

/* Read the code table that starts at byte 2 into @table (256 slots indexed by the next 8 bits
 * of the stream); *@pos = the first byte after its 0xFF. Later entries overwrite earlier ones,
 * as in the ROM. */
static bool nem_read_table(const uint8_t *in, size_t in_size, nem_slot table[256], size_t *pos,
                           lw_error *err)
{
    size_t p = 2;
    if (p >= in_size)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                               "Nemesis data ends inside its code table");
    uint8_t b = in[p++];
    if (b == 0xFF) {
        *pos = p;
        return true;
    }
    unsigned value = b & 0x0Fu; /* the first byte is always a value byte */
    for (;;) {
        if (p >= in_size)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                                   "Nemesis data ends inside its code table");
        size_t at = p;
        b = in[p++];
        if (b >= 0x80) {
            if (b == 0xFF)
                break;
            value = b & 0x0Fu;
            continue;
        }
        unsigned len = b & 0x0Fu, count = ((b >> 4) & 7u) + 1u;
        if (p >= in_size)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                                   "Nemesis data ends inside its code table");
        unsigned code = in[p++];
        if (len == 0 || len > 8)
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)at,
                                   "Nemesis code table entry has a code length of %u bits", len);
        if (code >> len)
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)at,
                                   "Nemesis code 0x%02X does not fit in %u bits", code, len);
        unsigned first = code << (8u - len), slots = 1u << (8u - len);
        for (unsigned i = 0; i < slots; i++)
            table[first + i] = (nem_slot){(uint8_t)len, (uint8_t)value, (uint8_t)count};
    }
    *pos = p;
    return true;
}

/* @n (<= 16) bits starting at bit @bit of @in, most significant first; zeros past the end. */
static unsigned nem_peek(const uint8_t *in, size_t in_size, size_t bit, unsigned n)
{
    size_t byte = bit >> 3;
    uint32_t w = 0;
    for (size_t i = 0; i < 3; i++)
        w = w << 8 | (byte + i < in_size ? in[byte + i] : 0u);
    return (unsigned)(w >> (24u - (bit & 7u) - n)) & ((1u << n) - 1u);
}

bool lw_nemesis_decompress(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                           size_t *out_size, size_t *in_used, lw_error *err)
{
    LW_ASSERT(in || in_size == 0);
    LW_ASSERT(out || out_cap == 0);
    size_t size = 0;
    bool xor_mode = false;
    if (!lw_nemesis_header(in, in_size, &size, &xor_mode, err))
        return false;
    if (size > out_cap)
        return lw_error_set_at(err, LW_ERR_LIMIT, 0,
                               "Nemesis data is %zu bytes, larger than %zu bytes", size, out_cap);
    nem_slot table[256];
    memset(table, 0, sizeof table);
    size_t start = 0;
    if (!nem_read_table(in, in_size, table, &start, err))
        return false;

    const size_t total_bits = in_size * 8u;
    size_t bit = start * 8u;
    size_t rows = size / 4u, row = 0;
    uint32_t pixels = 0, previous = 0;
    unsigned filled = 0;
    while (row < rows) {
        if (bit >= total_bits)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                                   "Nemesis data ends before its %zu patterns", size / 32u);
        size_t avail = total_bits - bit;
        unsigned next8 = nem_peek(in, in_size, bit, 8);
        unsigned value, count, len;
        if ((next8 & 0xFCu) == 0xFCu) {
            len = NEM_ESCAPE_BITS + NEM_INLINE_BITS;
            unsigned inline_bits = nem_peek(in, in_size, bit + NEM_ESCAPE_BITS, NEM_INLINE_BITS);
            count = (inline_bits >> 4) + 1u;
            value = inline_bits & 0x0Fu;
        } else {
            nem_slot s = table[next8];
            if (s.len == 0) {
                if (avail < 8)
                    return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                                           "Nemesis data ends inside a code");
                return lw_error_set_at(err, LW_ERR_FORMAT, (long)(bit >> 3),
                                       "Nemesis bits 0x%02X (at bit %zu) are not in the code table",
                                       next8, bit & 7u);
            }
            len = s.len;
            count = s.count;
            value = s.value;
        }
        if (len > avail)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                                   "Nemesis data ends inside a code");
        bit += len;
        for (; count > 0 && row < rows; count--) {
            pixels = pixels << 4 | value;
            if (++filled == 8) {
                if (xor_mode)
                    pixels ^= previous;
                previous = pixels;
                out[row * 4u + 0] = (uint8_t)(pixels >> 24);
                out[row * 4u + 1] = (uint8_t)(pixels >> 16);
                out[row * 4u + 2] = (uint8_t)(pixels >> 8);
                out[row * 4u + 3] = (uint8_t)pixels;
                row++;
                filled = 0;
                pixels = 0;
            }
        }
    }
    if (out_size)
        *out_size = size;
    if (in_used)
        *in_used = (bit + 7u) / 8u;
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * Encoder: Sega's compressor, as reconstructed by the clownnemesis research (nemesis.h)
 * ------------------------------------------------------------------------------------------- */

#define NEM_VALUES  16u
#define NEM_MAX_RUN 8u
#define NEM_RUNS    (NEM_VALUES * NEM_MAX_RUN)
#define NEM_MIN_USE 3u /* runs seen fewer times never get a code */

typedef struct nem_run {
    uint32_t uses; /* occurrences in the input */
    uint8_t code;  /* right-aligned */
    uint8_t bits;  /* code length, 0 = written with the escape */
} nem_run;

/* runs[value * 8 + length - 1] */
typedef struct nem_plan {
    nem_run runs[NEM_RUNS];
    bool xor_mode;
    size_t cost_bytes; /* code table entries + stream, in whole bytes: Sega's mode test */
} nem_plan;

/* Walks the nybble stream as runs, calling @fn(ctx, value, length) for each. */
typedef void (*nem_run_fn)(void *ctx, unsigned value, unsigned length);

static void nem_for_each_run(const uint8_t *in, size_t n, bool xor_mode, nem_run_fn fn, void *ctx)
{
    unsigned current = 0, length = 0;
    for (size_t i = 0; i < n * 2u; i++) {
        size_t k = i >> 1;
        uint8_t b = (uint8_t)(in[k] ^ (xor_mode && k >= 4 ? in[k - 4] : 0u));
        unsigned v = (i & 1u) ? (b & 0x0Fu) : (unsigned)(b >> 4);
        if (length > 0 && (v != current || length == NEM_MAX_RUN)) {
            fn(ctx, current, length);
            length = 0;
        }
        current = v;
        length++;
    }
    if (length > 0)
        fn(ctx, current, length);
}

static void nem_count_run(void *ctx, unsigned value, unsigned length)
{
    nem_plan *plan = ctx;
    plan->runs[value * NEM_MAX_RUN + length - 1u].uses++;
}

/* Fano coding over the runs in order of decreasing use. */
typedef struct nem_fano {
    nem_run *runs;
    uint8_t order[NEM_RUNS]; /* sort keys: (length - 1) * 16 + value */
    unsigned code, bits;     /* the prefix of the group being split */
} nem_fano;

static nem_run *nem_fano_at(nem_fano *f, size_t i)
{
    unsigned key = f->order[i];
    return &f->runs[(key % NEM_VALUES) * NEM_MAX_RUN + key / NEM_VALUES];
}

static void nem_fano_split(nem_fano *f, size_t start, uint32_t total)
{
    if (start >= NEM_RUNS)
        return;
    nem_run *first = nem_fano_at(f, start);
    if (first->uses == total) {
        /* one run left: it takes the prefix; all ones would start the escape, so add a 0 */
        first->code = (uint8_t)f->code;
        first->bits = (uint8_t)f->bits;
        if (f->code == (1u << f->bits) - 1u) {
            first->code = (uint8_t)(first->code << 1);
            first->bits++;
        }
        return;
    }
    if (f->bits == 8)
        return; /* several runs and no bits left: none of them gets a code */
    uint32_t half = total / 2u, acc = 0;
    for (size_t i = start; i < NEM_RUNS; i++) {
        uint32_t next = acc + nem_fano_at(f, i)->uses;
        if (next <= half) {
            acc = next;
            continue;
        }
        bool cut_before = half - acc < next - half;
        uint32_t first_total = cut_before ? acc : next;
        size_t second = cut_before ? i : i + 1u;
        /* below 11111 the next bit would make the escape: skip to 11111 0x */
        unsigned extra = (f->bits == 5 && f->code == 0x1Fu) ? 2u : 1u;
        f->code <<= extra;
        f->bits += extra;
        nem_fano_split(f, start, first_total);
        f->code |= 1u;
        nem_fano_split(f, second, total - first_total);
        f->code >>= extra;
        f->bits -= extra;
        return;
    }
}

static void nem_make_codes(nem_plan *plan)
{
    nem_fano f = {.runs = plan->runs, .code = 0, .bits = 0};
    /* stable insertion sort by decreasing use, starting from key order */
    for (unsigned k = 0; k < NEM_RUNS; k++) {
        size_t j = k;
        uint32_t uses = plan->runs[(k % NEM_VALUES) * NEM_MAX_RUN + k / NEM_VALUES].uses;
        while (j > 0 && nem_fano_at(&f, j - 1)->uses < uses) {
            f.order[j] = f.order[j - 1];
            j--;
        }
        f.order[j] = (uint8_t)k;
    }
    uint32_t total = 0;
    for (size_t i = 0; i < NEM_RUNS; i++) {
        uint32_t uses = nem_fano_at(&f, i)->uses;
        if (uses < NEM_MIN_USE)
            break;
        total += uses;
    }
    nem_fano_split(&f, 0, total);

    /* selection sort of the codes along the use order: shortest codes to the most used runs
     * (no code counts as the longest) */
    for (size_t i = 0; i + 1 < NEM_RUNS; i++) {
        nem_run *a = nem_fano_at(&f, i);
        unsigned best_bits = a->bits ? a->bits : 99u;
        size_t best = i;
        for (size_t j = i + 1; j < NEM_RUNS; j++) {
            unsigned b = nem_fano_at(&f, j)->bits;
            if (b && b < best_bits) {
                best_bits = b;
                best = j;
            }
        }
        if (best != i) {
            nem_run *b = nem_fano_at(&f, best);
            uint8_t code = a->code, bits = a->bits;
            a->code = b->code;
            a->bits = b->bits;
            b->code = code;
            b->bits = bits;
        }
    }
}

static void nem_plan_make(nem_plan *plan, const uint8_t *in, size_t n, bool xor_mode)
{
    memset(plan, 0, sizeof *plan);
    plan->xor_mode = xor_mode;
    nem_for_each_run(in, n, xor_mode, nem_count_run, plan);
    nem_make_codes(plan);
    uint64_t bits = 0;
    for (unsigned v = 0; v < NEM_VALUES; v++) {
        bool first = true;
        for (unsigned l = 0; l < NEM_MAX_RUN; l++) {
            const nem_run *r = &plan->runs[v * NEM_MAX_RUN + l];
            if (r->bits) {
                bits += first ? 24u : 16u;
                first = false;
                bits += (uint64_t)r->bits * r->uses;
            } else {
                bits += (uint64_t)(NEM_ESCAPE_BITS + NEM_INLINE_BITS) * r->uses;
            }
        }
    }
    plan->cost_bytes = (size_t)((bits + 7u) / 8u);
}

typedef struct nem_writer {
    uint8_t *out;
    size_t size;
    unsigned acc;  /* pending bits, right-aligned */
    unsigned used; /* pending bit count, < 8 */
    const nem_plan *plan;
} nem_writer;

static void nem_put_bits(nem_writer *w, unsigned bits, unsigned n)
{
    for (unsigned i = n; i-- > 0;) {
        w->acc = (w->acc << 1) | ((bits >> i) & 1u);
        if (++w->used == 8) {
            w->out[w->size++] = (uint8_t)w->acc;
            w->acc = 0;
            w->used = 0;
        }
    }
}

static void nem_put_run(void *ctx, unsigned value, unsigned length)
{
    nem_writer *w = ctx;
    const nem_run *r = &w->plan->runs[value * NEM_MAX_RUN + length - 1u];
    if (r->bits) {
        nem_put_bits(w, r->code, r->bits);
    } else {
        nem_put_bits(w, 0x3Fu, NEM_ESCAPE_BITS);
        nem_put_bits(w, length - 1u, 3);
        nem_put_bits(w, value, 4);
    }
}

size_t lw_nemesis_bound(size_t n)
{
    LW_ASSERT(n < SIZE_MAX / 4);
    /* header 2, table 16 value bytes + 128 entries * 2 + end byte, 13 bits per nybble, then
     * the final byte */
    return 2u + 16u + 2u * NEM_RUNS + 1u + (n * 2u * 13u + 7u) / 8u + 1u;
}

size_t lw_nemesis_compress(const uint8_t *in, size_t n, uint8_t *out)
{
    LW_ASSERT(in || n == 0);
    if (n == 0 || n % LW_NEMESIS_PATTERN_BYTES != 0 ||
        n / LW_NEMESIS_PATTERN_BYTES > LW_NEMESIS_MAX_PATTERNS)
        return 0;
    nem_plan plain, xored;
    nem_plan_make(&plain, in, n, false);
    nem_plan_make(&xored, in, n, true);
    const nem_plan *plan = xored.cost_bytes < plain.cost_bytes ? &xored : &plain;

    nem_writer w = {.out = out, .size = 0, .acc = 0, .used = 0, .plan = plan};
    unsigned patterns = (unsigned)(n / LW_NEMESIS_PATTERN_BYTES);
    out[w.size++] = (uint8_t)((patterns >> 8) | (plan->xor_mode ? 0x80u : 0u));
    out[w.size++] = (uint8_t)patterns;
    unsigned last_value = 0x100u;
    for (unsigned v = 0; v < NEM_VALUES; v++)
        for (unsigned l = 0; l < NEM_MAX_RUN; l++) {
            const nem_run *r = &plan->runs[v * NEM_MAX_RUN + l];
            if (!r->bits)
                continue;
            if (v != last_value) {
                out[w.size++] = (uint8_t)(0x80u | v);
                last_value = v;
            }
            out[w.size++] = (uint8_t)(l << 4 | r->bits);
            out[w.size++] = r->code;
        }
    out[w.size++] = 0xFF;
    nem_for_each_run(in, n, plan->xor_mode, nem_put_run, &w);
    /* the final flush; Sega's tool wrote a zero byte even when nothing was pending */
    out[w.size++] = (uint8_t)(w.acc << (8u - w.used));
    LW_ASSERT(w.size <= lw_nemesis_bound(n));
    return w.size;
}
