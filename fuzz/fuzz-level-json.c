/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the level JSON loader. Besides "never crashes, never reads out of bounds"
 * (sanitizers), it checks a property: whatever the loader accepts saves to JSON that loads again
 * and saves to the same bytes.
 */
#include "level-json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_text((const char *)data, size, 0, &level, &err)) {
        if (err.code == LW_OK || !err.message[0])
            abort(); /* a refusal always says why */
        return 0;
    }
    size_t len1, len2;
    char *first = editor_level_to_json(level, &len1);
    lw_level *again = NULL;
    if (!first || !editor_level_load_text(first, len1, 0, &again, &err)) {
        fprintf(stderr, "saved level does not load: %s\n", err.message);
        abort();
    }
    char *second = editor_level_to_json(again, &len2);
    if (!second || len1 != len2 || memcmp(first, second, len1) != 0)
        abort();
    free(first);
    free(second);
    lw_level_free(again);
    lw_level_free(level);
    return 0;
}
