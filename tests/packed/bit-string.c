/* SPDX-License-Identifier: MIT */
#include "bit-string.h"

size_t test_put_bits(uint8_t *out, size_t start, const char *bits)
{
    size_t bit = start * 8;
    for (const char *p = bits; *p; p++) {
        if (*p == ' ')
            continue;
        if ((bit & 7) == 0)
            out[bit >> 3] = 0;
        if (*p == '1')
            out[bit >> 3] |= (uint8_t)(0x80u >> (bit & 7));
        bit++;
    }
    return (bit + 7) >> 3;
}
