/* SPDX-License-Identifier: MIT */
#include "loopwright/kosm.h"

#include "loopwright/kosinski.h"

#include <string.h>

#define KOSM_PLACEHOLDER_SIZE 0xA000u /* header value the ROM loads as 0x8000 bytes */
#define KOSM_PLACEHOLDER_LOAD 0x8000u
#define KOSM_ALIGN            16u

/* The bytes the ROM loads for a header word. */
static size_t kosm_loaded(unsigned header)
{
    size_t size = header == KOSM_PLACEHOLDER_SIZE ? KOSM_PLACEHOLDER_LOAD : header;
    return size & ~(size_t)1u; /* counted in words */
}

static size_t kosm_modules(size_t size)
{
    return (size + LW_KOSM_MODULE_SIZE - 1u) / LW_KOSM_MODULE_SIZE;
}

/* Decode the modules the header loads. With @keep_all the last module's whole output is kept,
 * otherwise only the bytes the ROM copies. */
static bool kosm_decode(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                        bool keep_all, size_t *out_size, uint16_t *header, size_t *in_used,
                        lw_error *err)
{
    LW_ASSERT(in || in_size == 0);
    LW_ASSERT(out || out_cap == 0);
    if (in_size < 2)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                               "KosinskiM data ends inside its header");
    unsigned word = (unsigned)in[0] << 8 | in[1];
    size_t size = kosm_loaded(word);
    if (!keep_all && size > out_cap)
        return lw_error_set_at(err, LW_ERR_LIMIT, 0,
                               "KosinskiM data is %zu bytes, larger than %zu bytes", size, out_cap);
    uint8_t module[LW_KOSM_MODULE_SIZE];
    size_t pos = 2, done = 0, end = 2, wrote = 0;
    for (unsigned m = 0; done < size; m++) {
        size_t want = size - done < LW_KOSM_MODULE_SIZE ? size - done : LW_KOSM_MODULE_SIZE;
        bool last = done + want == size;
        if (pos >= in_size)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                                   "KosinskiM data ends before module %u", m);
        size_t got = 0, used = 0;
        lw_error kerr;
        if (!lw_kosinski_decompress(in + pos, in_size - pos, module, sizeof module, &got, &used,
                                    &kerr))
            return lw_error_set_at(err, kerr.code, (long)pos + kerr.offset,
                                   "KosinskiM module %u: %s", m, kerr.message);
        if (got < want || (!last && got != LW_KOSM_MODULE_SIZE))
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)pos,
                                   "KosinskiM module %u decodes to %zu bytes, %zu expected", m, got,
                                   last ? want : (size_t)LW_KOSM_MODULE_SIZE);
        size_t keep = keep_all ? got : want;
        if (keep > out_cap - wrote)
            return lw_error_set_at(err, LW_ERR_LIMIT, (long)pos,
                                   "KosinskiM data is larger than %zu bytes", out_cap);
        memcpy(out + wrote, module, keep);
        wrote += keep;
        done += want;
        end = pos + used;
        size_t padded = (used + KOSM_ALIGN - 1u) / KOSM_ALIGN * KOSM_ALIGN;
        if (!last && padded > in_size - pos)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)in_size,
                                   "KosinskiM data ends inside the padding after module %u", m);
        pos += padded;
    }
    if (out_size)
        *out_size = wrote;
    if (header)
        *header = (uint16_t)word;
    if (in_used)
        *in_used = end;
    return true;
}

bool lw_kosm_decompress(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                        size_t *out_size, size_t *in_used, lw_error *err)
{
    return kosm_decode(in, in_size, out, out_cap, false, out_size, NULL, in_used, err);
}

bool lw_kosm_decompress_raw(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                            size_t *out_size, uint16_t *header, size_t *in_used, lw_error *err)
{
    return kosm_decode(in, in_size, out, out_cap, true, out_size, header, in_used, err);
}

size_t lw_kosm_bound(size_t n)
{
    LW_ASSERT(n <= LW_KOSM_MAX_SIZE);
    size_t modules = (n + LW_KOSM_MODULE_SIZE - 1u) / LW_KOSM_MODULE_SIZE;
    return 2u + modules * lw_kosinski_bound(LW_KOSM_MODULE_SIZE);
}

static size_t kosm_encode(const uint8_t *in, size_t n, unsigned header, uint8_t *out)
{
    out[0] = (uint8_t)(header >> 8);
    out[1] = (uint8_t)header;
    size_t size = 2;
    for (size_t done = 0; done < n; done += LW_KOSM_MODULE_SIZE) {
        size_t piece = n - done < LW_KOSM_MODULE_SIZE ? n - done : LW_KOSM_MODULE_SIZE;
        size_t wrote = lw_kosinski_compress(in + done, piece, out + size);
        if (wrote == 0)
            return 0;
        size += wrote; /* already a multiple of 16 */
    }
    LW_ASSERT(size <= lw_kosm_bound(n));
    return size;
}

size_t lw_kosm_compress(const uint8_t *in, size_t n, uint8_t *out)
{
    LW_ASSERT(in || n == 0);
    if ((n & 1u) || n > LW_KOSM_MAX_SIZE || n == KOSM_PLACEHOLDER_SIZE)
        return 0;
    return kosm_encode(in, n, (unsigned)n, out);
}

size_t lw_kosm_compress_raw(const uint8_t *in, size_t n, uint16_t header, uint8_t *out)
{
    LW_ASSERT(in || n == 0);
    size_t loaded = kosm_loaded(header);
    if (n > LW_KOSM_MAX_SIZE || loaded > n || kosm_modules(loaded) != kosm_modules(n))
        return 0;
    return kosm_encode(in, n, header, out);
}
