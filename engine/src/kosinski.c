/* SPDX-License-Identifier: MIT */
#include "loopwright/kosinski.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Decoder (FORMATS.md §3.6, KosDec in s2.asm)
 * ------------------------------------------------------------------------------------------- */

typedef struct kos_reader {
    const uint8_t *in;
    size_t size;
    size_t pos;    /* next input byte */
    uint16_t desc; /* remaining descriptor bits, next bit in bit 0 */
    unsigned left; /* bits left in desc */
} kos_reader;

static bool kos_read_byte(kos_reader *r, uint8_t *b, lw_error *err)
{
    if (r->pos >= r->size)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)r->size,
                               "Kosinski stream ends before its terminator");
    *b = r->in[r->pos++];
    return true;
}

static bool kos_read_descriptor(kos_reader *r, lw_error *err)
{
    uint8_t lo = 0, hi = 0;
    if (!kos_read_byte(r, &lo, err) || !kos_read_byte(r, &hi, err))
        return false;
    r->desc = (uint16_t)(lo | (hi << 8));
    r->left = 16;
    return true;
}

/* Take one descriptor bit. As in the ROM, the next descriptor is loaded as soon as the last bit
 * of the current one has been taken, before the data bytes of the command being decoded. */
static bool kos_read_bit(kos_reader *r, unsigned *bit, lw_error *err)
{
    *bit = r->desc & 1u;
    r->desc = (uint16_t)(r->desc >> 1);
    if (--r->left == 0)
        return kos_read_descriptor(r, err);
    return true;
}

bool lw_kosinski_decompress(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                            size_t *out_size, size_t *in_used, lw_error *err)
{
    LW_ASSERT(in || in_size == 0);
    LW_ASSERT(out || out_cap == 0);
    kos_reader r = {.in = in, .size = in_size, .pos = 0, .desc = 0, .left = 0};
    size_t produced = 0;
    if (!kos_read_descriptor(&r, err))
        return false;
    for (;;) {
        unsigned bit = 0;
        if (!kos_read_bit(&r, &bit, err))
            return false;
        if (bit) {
            size_t at = r.pos;
            uint8_t b = 0;
            if (!kos_read_byte(&r, &b, err))
                return false;
            if (produced >= out_cap)
                return lw_error_set_at(err, LW_ERR_LIMIT, (long)at,
                                       "Kosinski data is larger than %zu bytes", out_cap);
            out[produced++] = b;
            continue;
        }
        if (!kos_read_bit(&r, &bit, err))
            return false;
        size_t at = r.pos, distance, count;
        if (!bit) {
            /* inline match: 2 more bits give the count, one byte the distance */
            unsigned h = 0, l = 0;
            uint8_t o = 0;
            if (!kos_read_bit(&r, &h, err) || !kos_read_bit(&r, &l, err))
                return false;
            at = r.pos;
            if (!kos_read_byte(&r, &o, err))
                return false;
            count = 2u * h + l + 2u;
            distance = 256u - o;
        } else {
            uint8_t lo = 0, hi = 0;
            if (!kos_read_byte(&r, &lo, err) || !kos_read_byte(&r, &hi, err))
                return false;
            distance = 0x2000u - ((((size_t)hi & 0xF8u) << 5) | lo);
            if (hi & 7u) {
                count = (size_t)(hi & 7u) + 2u;
            } else {
                uint8_t c = 0;
                if (!kos_read_byte(&r, &c, err))
                    return false;
                if (c == 0)
                    break; /* terminator */
                if (c == 1)
                    continue; /* no-op marker */
                count = (size_t)c + 1u;
            }
        }
        if (distance > produced)
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)at,
                                   "Kosinski match copies from %zu bytes back at output byte %zu",
                                   distance, produced);
        if (count > out_cap - produced)
            return lw_error_set_at(err, LW_ERR_LIMIT, (long)at,
                                   "Kosinski data is larger than %zu bytes", out_cap);
        /* byte by byte: overlapping copies repeat the pattern */
        for (size_t i = 0; i < count; i++, produced++)
            out[produced] = out[produced - distance];
    }
    if (out_size)
        *out_size = produced;
    if (in_used)
        *in_used = r.pos;
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * Encoder: Sega's compressor, quirks included (see kosinski.h and FORMATS.md §3.6)
 * ------------------------------------------------------------------------------------------- */

#define KOS_RING          0x2000u                  /* the original's ring buffer = LZSS window */
#define KOS_MAX_LEN       0xFDu                    /* longest match it ever tried */
#define KOS_MAX_DIST      (KOS_RING - KOS_MAX_LEN) /* 0x1F03: what the ring still holds */
#define KOS_MARKER_PERIOD 0xA000u                  /* a no-op match every 0xA000 input bytes */
#define KOS_NIL           UINT32_MAX
#define KOS_HASH_SIZE     65536u /* one chain per 2-byte prefix */

typedef struct kos_writer {
    uint8_t *out;
    size_t size;       /* bytes written to out */
    uint16_t desc;     /* descriptor being filled; bits enter at the top and shift down */
    unsigned left;     /* bits still free in desc */
    uint8_t queue[64]; /* data bytes waiting for their descriptor (at most 16 commands' worth
                          is never reached: a descriptor flushes every 16 bits) */
    size_t queued;
} kos_writer;

static void kos_flush(kos_writer *w)
{
    /* unused high bits end up zero: the descriptor is shifted down by the free bit count */
    uint16_t d = (uint16_t)(w->left >= 16 ? 0u : (unsigned)w->desc >> w->left);
    w->out[w->size++] = (uint8_t)(d & 0xFFu);
    w->out[w->size++] = (uint8_t)(d >> 8);
    memcpy(w->out + w->size, w->queue, w->queued);
    w->size += w->queued;
    w->queued = 0;
}

static void kos_put_bit(kos_writer *w, unsigned bit)
{
    w->desc = (uint16_t)((w->desc >> 1) | (bit ? 0x8000u : 0u));
    if (--w->left == 0) {
        /* the 16th bit: flush now, so the current command's bytes go after the next
         * descriptor, exactly where the reader (which reloads early) looks for them */
        kos_flush(w);
        w->left = 16;
        w->desc = 0;
    }
}

static void kos_put_byte(kos_writer *w, uint8_t b)
{
    LW_ASSERT(w->queued < sizeof w->queue);
    w->queue[w->queued++] = b;
}

/* A command writes at most 4 bits and 3 bytes, and a descriptor flushes after 16 bits, so at
 * most 16 commands' bytes (48) are ever queued. */
_Static_assert(16 * 3 <= 64, "Kosinski write queue too small");

typedef struct kos_search {
    const uint8_t *in;
    size_t n;
    uint32_t *head; /* KOS_HASH_SIZE: latest position with this 2-byte prefix */
    uint32_t *prev; /* KOS_RING: previous position with the same prefix, indexed pos % ring */
} kos_search;

/*
 * The byte the original compressor saw at position @p (>= n, past the end of the input). It
 * kept the input in a 0x2000-byte ring buffer plus a "spill" mirror of the ring's first 0xFC
 * bytes, so string compares never wrap. The ring was zero-filled and loaded 0xFD bytes ahead;
 * once the input ran out it stopped updating, so a slot past the end still holds the byte
 * 0x2000 positions earlier (zero if there was none). The mirror was only written for bytes
 * loaded after the first 0xFD, so a read through the mirror (@via_mirror) of a slot last filled
 * from positions 0..0xFB gives zero.
 */
static uint8_t kos_past_end(const kos_search *s, size_t p, bool via_mirror)
{
    if (p < KOS_RING)
        return 0;
    size_t q = p - KOS_RING;
    if (via_mirror && q < KOS_RING)
        return 0;
    return s->in[q];
}

/* Length (up to KOS_MAX_LEN) of the match between position @cur and @cur - @dist, as the
 * original computed it: comparing up to KOS_MAX_LEN bytes even past the end of the input. */
static size_t kos_match_len_slow(const kos_search *s, size_t cur, size_t dist, size_t limit)
{
    size_t src = cur - dist;
    size_t cur_base = cur % KOS_RING, src_base = src % KOS_RING;
    size_t len = 0;
    while (len < limit) {
        size_t pc = cur + len, ps = src + len;
        uint8_t a = pc < s->n ? s->in[pc] : kos_past_end(s, pc, cur_base + len >= KOS_RING);
        uint8_t b = ps < s->n ? s->in[ps] : kos_past_end(s, ps, src_base + len >= KOS_RING);
        if (a != b)
            break;
        len++;
    }
    return len;
}

/* Longest match at @pos (pre-clamp length, nearest distance on ties); 0 length when none of
 * length 2 or more exists. */
static size_t kos_find(const kos_search *s, size_t pos, size_t *best_dist)
{
    size_t best = 0;
    *best_dist = 0;
    if (pos + 1 >= s->n)
        return 0; /* one byte left: whatever the search finds is clamped to a literal */
    bool fast = pos + KOS_MAX_LEN <= s->n; /* every compared byte is real input */
    const uint8_t *cur = s->in + pos;
    uint32_t key = (uint32_t)cur[0] << 8 | cur[1];
    size_t window = pos < KOS_MAX_DIST ? pos : KOS_MAX_DIST;
    for (uint32_t cand = s->head[key]; cand != KOS_NIL; cand = s->prev[cand % KOS_RING]) {
        size_t dist = pos - cand;
        if (dist > window)
            break;
        size_t len;
        if (fast) {
            const uint8_t *src = s->in + cand;
            /* a candidate can only win by being strictly longer: check that byte first */
            if (best >= 2 && src[best] != cur[best])
                continue;
            len = 2;
            while (len < KOS_MAX_LEN && src[len] == cur[len])
                len++;
        } else {
            len = kos_match_len_slow(s, pos, dist, KOS_MAX_LEN);
        }
        if (len > best) {
            best = len;
            *best_dist = dist;
            if (best == KOS_MAX_LEN)
                break;
        }
    }
    return best;
}

static void kos_insert(kos_search *s, size_t pos)
{
    if (pos + 1 >= s->n)
        return;
    uint32_t key = (uint32_t)s->in[pos] << 8 | s->in[pos + 1];
    s->prev[pos % KOS_RING] = s->head[key];
    s->head[key] = (uint32_t)pos;
}

size_t lw_kosinski_bound(size_t n)
{
    LW_ASSERT(n < SIZE_MAX / 2);
    /* Per output byte a literal costs 9 bits, the dearest command; each 0xA000-byte marker and
     * the terminator cost 2 bits + 3 bytes; the last descriptor may be mostly empty (2 bytes);
     * then padding up to 15 bytes. */
    size_t markers = n / KOS_MARKER_PERIOD + 1;
    size_t bits = 9u * n + 26u * markers;
    size_t total = (bits + 7u) / 8u + 2u + 2u;
    return (total + 15u) & ~(size_t)15u;
}

size_t lw_kosinski_compress(const uint8_t *in, size_t n, uint8_t *out)
{
    LW_ASSERT(in || n == 0);
    LW_ASSERT(n < KOS_NIL);
    kos_search s = {.in = in, .n = n, .head = NULL, .prev = NULL};
    s.head = malloc(KOS_HASH_SIZE * sizeof *s.head);
    s.prev = malloc(KOS_RING * sizeof *s.prev);
    if (!s.head || !s.prev) {
        free(s.head);
        free(s.prev);
        return 0;
    }
    memset(s.head, 0xFF, KOS_HASH_SIZE * sizeof *s.head); /* KOS_NIL everywhere */

    kos_writer w = {.out = out, .size = 0, .desc = 0, .left = 16, .queued = 0};
    size_t pos = 0, since_marker = 0;
    while (pos < n) {
        if (since_marker >= KOS_MARKER_PERIOD) {
            since_marker %= KOS_MARKER_PERIOD;
            kos_put_bit(&w, 0);
            kos_put_bit(&w, 1);
            kos_put_byte(&w, 0x00);
            kos_put_byte(&w, 0xF0);
            kos_put_byte(&w, 0x01);
        }
        size_t dist;
        size_t len = kos_find(&s, pos, &dist);
        if (len > n - pos)
            len = n - pos; /* clamp after the search, as the original did */
        if (len >= 2 && len <= 5 && dist < 256) {
            unsigned c = (unsigned)len - 2u;
            kos_put_bit(&w, 0);
            kos_put_bit(&w, 0);
            kos_put_bit(&w, (c >> 1) & 1u);
            kos_put_bit(&w, c & 1u);
            kos_put_byte(&w, (uint8_t)(256u - dist));
        } else if (len >= 3) {
            unsigned d = (unsigned)(0x2000u - dist); /* 13-bit two's complement of -dist */
            kos_put_bit(&w, 0);
            kos_put_bit(&w, 1);
            kos_put_byte(&w, (uint8_t)(d & 0xFFu));
            if (len <= 9) {
                kos_put_byte(&w, (uint8_t)(((d >> 5) & 0xF8u) | ((unsigned)len - 2u)));
            } else {
                kos_put_byte(&w, (uint8_t)((d >> 5) & 0xF8u));
                kos_put_byte(&w, (uint8_t)(len - 1u));
            }
        } else {
            len = 1;
            kos_put_bit(&w, 1);
            kos_put_byte(&w, in[pos]);
        }
        for (size_t i = 0; i < len; i++)
            kos_insert(&s, pos + i);
        pos += len;
        since_marker += len;
    }
    /* terminator */
    kos_put_bit(&w, 0);
    kos_put_bit(&w, 1);
    kos_put_byte(&w, 0x00);
    kos_put_byte(&w, 0xF0);
    kos_put_byte(&w, 0x00);
    kos_flush(&w);
    while (w.size % 16u)
        w.out[w.size++] = 0;
    free(s.head);
    free(s.prev);
    LW_ASSERT(w.size <= lw_kosinski_bound(n));
    return w.size;
}
