/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the Nemesis and KosinskiM decoders (docs/CODECS.md). The first input byte
 * picks the decoder (even: Nemesis, odd: KosinskiM; bit 1 set: KosinskiM raw), the rest is the
 * stream. Besides "never crashes, never reads or writes out of bounds" (sanitizers), it checks:
 *   - a refusal carries a code, a message and an offset inside the input;
 *   - an accepted stream gives the size its header announces and uses no more input than given;
 *   - the decoded data re-encodes, the encoding decodes to the same data, and re-encoding that
 *     gives the same bytes again (the encoders are deterministic functions of the data);
 *   - a buffer one byte too small is refused with LW_ERR_LIMIT.
 */
#include <loopwright/kosm.h>
#include <loopwright/nemesis.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_OUT_CAP (LW_NEMESIS_MAX_PATTERNS * LW_NEMESIS_PATTERN_BYTES)

static void check_refusal(const lw_error *err, size_t size)
{
    if (err->code == LW_OK || !err->message[0] || err->offset < 0 || (size_t)err->offset > size) {
        fprintf(stderr, "bad refusal: code %d offset %ld '%s'\n", (int)err->code, err->offset,
                err->message);
        abort();
    }
}

static void fuzz_nemesis(const uint8_t *in, size_t n, uint8_t *out, uint8_t *again)
{
    size_t got = 0, used = 0, header_size = 0;
    lw_error err;
    if (!lw_nemesis_decompress(in, n, out, FUZZ_OUT_CAP, &got, &used, &err)) {
        check_refusal(&err, n);
        return;
    }
    if (!lw_nemesis_header(in, n, &header_size, NULL, &err) || got != header_size || used > n)
        abort();
    if (lw_nemesis_decompress(in, n, again, got - 1, NULL, NULL, &err) || err.code != LW_ERR_LIMIT)
        abort();
    uint8_t *packed = malloc(lw_nemesis_bound(got));
    uint8_t *packed2 = malloc(lw_nemesis_bound(got));
    size_t size = lw_nemesis_compress(out, got, packed);
    size_t back = 0;
    if (!packed || !packed2 || size == 0 ||
        !lw_nemesis_decompress(packed, size, again, got, &back, NULL, &err) || back != got ||
        memcmp(again, out, got) != 0)
        abort();
    size_t size2 = lw_nemesis_compress(again, back, packed2);
    if (size2 != size || memcmp(packed, packed2, size) != 0)
        abort();
    free(packed);
    free(packed2);
}

static void fuzz_kosm(const uint8_t *in, size_t n, bool raw, uint8_t *out, uint8_t *again)
{
    size_t got = 0, used = 0;
    uint16_t header = 0;
    lw_error err;
    bool ok = raw ? lw_kosm_decompress_raw(in, n, out, FUZZ_OUT_CAP, &got, &header, &used, &err)
                  : lw_kosm_decompress(in, n, out, FUZZ_OUT_CAP, &got, &used, &err);
    if (!ok) {
        check_refusal(&err, n);
        return;
    }
    if (used > n || n < 2)
        abort();
    unsigned word = (unsigned)in[0] << 8 | in[1];
    size_t loaded = (word == 0xA000u ? 0x8000u : word) & ~1u;
    if (raw ? got < loaded : got != loaded)
        abort();
    if (got > 0 && (raw ? lw_kosm_decompress_raw(in, n, again, got - 1, NULL, NULL, NULL, &err)
                        : lw_kosm_decompress(in, n, again, got - 1, NULL, NULL, &err)))
        abort();
    if (got > LW_KOSM_MAX_SIZE)
        return; /* a raw last module can hold more than any header loads */
    uint8_t *packed = malloc(lw_kosm_bound(got));
    /* the plain encoder refuses 0xA000 bytes (header 0xA001 loads that many): keep the header
     * then; the raw encoder accepts whatever header the raw decoder accepted */
    size_t size = raw || got == 0xA000u ? lw_kosm_compress_raw(out, got, (uint16_t)word, packed)
                                        : lw_kosm_compress(out, got, packed);
    size_t back = 0;
    if (!packed || size == 0)
        abort();
    ok = raw ? lw_kosm_decompress_raw(packed, size, again, got, &back, NULL, NULL, &err)
             : lw_kosm_decompress(packed, size, again, got, &back, NULL, &err);
    if (!ok || back != got || memcmp(again, out, got) != 0)
        abort();
    free(packed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t *out = malloc(FUZZ_OUT_CAP);
    uint8_t *again = malloc(FUZZ_OUT_CAP);
    if (!out || !again)
        abort();
    if (data[0] & 1u)
        fuzz_kosm(data + 1, size - 1, (data[0] & 2u) != 0, out, again);
    else
        fuzz_nemesis(data + 1, size - 1, out, again);
    free(out);
    free(again);
    return 0;
}
