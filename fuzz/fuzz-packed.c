/* SPDX-License-Identifier: MIT */
/*
 * Fuzz harness for lw_packed_load. Any input either is refused with a code, an offset inside
 * the input and a message, or loads into a level that validates, re-packs and loads back equal.
 * Built as a libFuzzer target with -Dfuzz=true (clang), and replayed over fuzz/corpus/packed by
 * a normal test in every build.
 */
#include "fuzz-packed.h"

#include "packed-fixtures.h"

#include <loopwright/crc32.h>
#include <loopwright/packed.h>
#include <loopwright/profile.h>
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

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A copy of @data whose section and file CRCs are recomputed (where the table lets us find the
 * sections), so mutations reach the checks behind the CRCs. NULL when there is nothing to fix. */
static uint8_t *with_fixed_crcs(const uint8_t *data, size_t size)
{
    if (size < 64 || size > (64u << 20))
        return NULL;
    uint8_t *f = malloc(size);
    if (!f)
        return NULL;
    memcpy(f, data, size);
    uint32_t count = rd32(f + 20);
    for (uint32_t k = 0; k < count && k < 32 && 64 + 32 * (size_t)k + 32 <= size; k++) {
        uint8_t *e = f + 64 + 32 * k;
        uint32_t off = rd32(e + 8), n = rd32(e + 12);
        if (off <= size && n <= size - off)
            wr32(e + 20, lw_crc32(0, f + off, n));
    }
    wr32(f + 28, 0);
    wr32(f + 28, lw_crc32(0, f, size));
    return f;
}

static int fuzz_one(const uint8_t *data, size_t size);

/* True when lw_sim_init accepts @level's game-object markers. */
static bool markers_play(const lw_level *level)
{
    lw_profile profile;
    lw_sim sim;
    lw_error err;
    if (!lw_profile_init(&profile, "s2", "sonic", &err))
        return true;
    if (!lw_sim_init(&sim, level, &profile, 64, 64, &err))
        return err.code != LW_ERR_RANGE;
    lw_sim_clear(&sim);
    return true;
}

/* An accepted file's game objects (GOBJ records, else its markers) start a simulation or are
 * refused with a limit or range error; a started one steps without trouble. */
static void play_objects(const lw_packed_level *packed)
{
    uint32_t n = 0;
    const lw_sim_object *recs = lw_packed_level_game_objects(packed, &n);
    check((recs != NULL) == (n > 0), "game object records without a count");
    check(n == 0 || lw_packed_level_has_game_objects(packed), "records without a GOBJ section");
    lw_profile profile;
    lw_sim sim;
    lw_error err;
    if (!lw_profile_init(&profile, "s2", "sonic", &err))
        return;
    if (!lw_sim_init_packed(&sim, packed, &profile, 64, 64, &err)) {
        check(err.code == LW_ERR_LIMIT || err.code == LW_ERR_RANGE || err.code == LW_ERR_NOMEM,
              "sim init on an accepted file failed with an unexpected code");
        return;
    }
    for (int f = 0; f < 32; f++)
        lw_sim_step(&sim, (lw_input)(f < 16 ? LW_BUTTON_RIGHT : LW_BUTTON_RIGHT | LW_BUTTON_JUMP));
    lw_sim_clear(&sim);
}

int lw_fuzz_packed_one(const uint8_t *data, size_t size)
{
    fuzz_one(data, size);
    uint8_t *fixed = with_fixed_crcs(data, size);
    if (fixed) {
        fuzz_one(fixed, size);
        free(fixed);
    }
    return 0;
}

static int fuzz_one(const uint8_t *data, size_t size)
{
    lw_packed_level *packed = NULL;
    lw_error err;
    if (!lw_packed_load(data, size, &packed, &err)) {
        check(packed == NULL, "level set on failure");
        check(err.code != LW_OK, "failure without a code");
        check(err.offset >= -1 && err.offset <= (long)size, "error offset outside the input");
        check(err.message[0] != '\0', "failure without a message");
        return 0;
    }
    const lw_level *level = lw_packed_level_get(packed);
    check(lw_level_validate(level, &err), "accepted level does not validate");
    play_objects(packed);
    const uint8_t *png = NULL;
    size_t png_size = 0;
    check(lw_packed_find_art(data, size, &png, &png_size, &err), "find_art refuses a good file");
    lw_packed_options opts = {
        .replays = level->replay_count > 0, .art_png = png, .art_png_size = png_size};
    uint8_t *again = NULL;
    size_t again_size = 0;
    if (!lw_packed_write(level, &opts, &again, &again_size, &err)) {
        /* only a marker whose game-object properties the simulation refuses (a 1.0 file, or
         * markers edited behind GOBJ's back) stops the writer */
        check(err.code == LW_ERR_RANGE && !markers_play(level), "cannot re-pack");
        lw_packed_level_free(packed);
        return 0;
    }
    lw_packed_level *back = NULL;
    check(lw_packed_load(again, again_size, &back, &err), "re-packed file refused");
    check(fixture_levels_equal(level, lw_packed_level_get(back), NULL, 0),
          "re-packed level differs");
    lw_level *copy = lw_level_dup(level);
    check(copy && fixture_levels_equal(level, copy, NULL, 0), "dup of a packed level");
    lw_level_free(copy);
    lw_packed_level_free(back);
    free(again);
    lw_packed_level_free(packed);
    return 0;
}

#ifdef LW_FUZZ_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return lw_fuzz_packed_one(data, size);
}
#endif
