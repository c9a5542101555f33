/* SPDX-License-Identifier: MIT */
/*
 * Fuzz harness for lw_packed_load. Any input either is refused with a code, an offset inside
 * the input and a message, or loads into a level that validates, re-packs and loads back equal.
 * Built as a libFuzzer target with -Dfuzz=true (clang), and replayed over fuzz/corpus/packed by
 * a normal test in every build.
 */
#include "fuzz-packed.h"

#include "packed-fixtures.h"

#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz-packed: invariant violated: %s\n", what);
        abort();
    }
}

int lw_fuzz_packed_one(const uint8_t *data, size_t size)
{
    lw_level *level = NULL;
    lw_error err;
    if (!lw_packed_load(data, size, &level, &err)) {
        check(level == NULL, "level set on failure");
        check(err.code != LW_OK, "failure without a code");
        check(err.offset >= -1 && err.offset <= (long)size, "error offset outside the input");
        check(err.message[0] != '\0', "failure without a message");
        return 0;
    }
    check(level->block != NULL, "loaded level is not one block");
    check(lw_level_validate(level, &err), "accepted level does not validate");
    const uint8_t *png = NULL;
    size_t png_size = 0;
    check(lw_packed_find_art(data, size, &png, &png_size, &err), "find_art refuses a good file");
    lw_packed_options opts = {
        .replays = level->replay_count > 0, .art_png = png, .art_png_size = png_size};
    uint8_t *again = NULL;
    size_t again_size = 0;
    check(lw_packed_write(level, &opts, &again, &again_size, &err), "cannot re-pack");
    lw_level *back = NULL;
    check(lw_packed_load(again, again_size, &back, &err), "re-packed file refused");
    check(fixture_levels_equal(level, back, NULL, 0), "re-packed level differs");
    lw_level *copy = lw_level_dup(level);
    check(copy && !copy->block, "dup of a packed level");
    lw_level_free(copy);
    lw_level_free(back);
    free(again);
    lw_level_free(level);
    return 0;
}

#ifdef LW_FUZZ_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return lw_fuzz_packed_one(data, size);
}
#endif
