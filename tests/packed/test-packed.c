/* SPDX-License-Identifier: MIT */
/*
 * Packed level format (docs/FORMAT.md): round trips, one-block loading, strict validation with
 * exact codes and offsets, every byte flipped and every truncation refused.
 */
#include "packed-fixtures.h"

#include <glib.h>
#include <loopwright/crc32.h>
#include <loopwright/packed.h>
#include <stdlib.h>
#include <string.h>

/* ---- allocation counter: the test is linked with --wrap=malloc,calloc,realloc so calls made
 * from the engine library are counted ---- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);
static unsigned alloc_count;

void *__wrap_malloc(size_t n)
{
    alloc_count++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t m)
{
    alloc_count++;
    return __real_calloc(n, m);
}

void *__wrap_realloc(void *p, size_t n)
{
    alloc_count++;
    return __real_realloc(p, n);
}

/* ---- little helpers over a file image ---- */

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Offset of section @tag's table entry, or 0. */
static size_t entry_of(const uint8_t *f, const char *tag)
{
    uint32_t count = rd32(f + 20);
    for (uint32_t k = 0; k < count; k++)
        if (memcmp(f + 64 + 32 * k, tag, 4) == 0)
            return 64 + 32 * k;
    return 0;
}

static size_t section_of(const uint8_t *f, const char *tag)
{
    size_t e = entry_of(f, tag);
    g_assert_cmpuint(e, !=, 0);
    return rd32(f + e + 8);
}

/* Recompute every section CRC and the file CRC, so a deliberate change reaches the semantic
 * checks instead of being caught as damage. */
static void fix_crcs(uint8_t *f, size_t size)
{
    uint32_t count = rd32(f + 20);
    for (uint32_t k = 0; k < count; k++) {
        uint8_t *e = f + 64 + 32 * k;
        wr32(e + 20, lw_crc32(0, f + rd32(e + 8), rd32(e + 12)));
    }
    wr32(f + 28, 0);
    wr32(f + 28, lw_crc32(0, f, size));
}

static uint8_t *pack(const lw_level *level, const lw_packed_options *opts, size_t *size)
{
    uint8_t *out = NULL;
    lw_error err;
    if (!lw_packed_write(level, opts, &out, size, &err))
        g_error("pack: %s", err.message);
    g_assert_cmpuint(*size % 16, ==, 0);
    return out;
}

static lw_packed_level *load_ok(const uint8_t *data, size_t size)
{
    lw_packed_level *level = NULL;
    lw_error err;
    if (!lw_packed_load(data, size, &level, &err))
        g_error("load: byte %ld: %s", err.offset, err.message);
    return level;
}

static void expect_refused(const uint8_t *data, size_t size, lw_status code, long offset,
                           const char *fragment)
{
    lw_packed_level *level = (lw_packed_level *)0x1;
    lw_error err;
    g_assert_false(lw_packed_load(data, size, &level, &err));
    g_assert_true(level == (lw_packed_level *)0x1); /* untouched */
    if (err.code != code || err.offset != offset)
        g_error("expected %s at %ld, got %s at %ld: %s", lw_status_string(code), offset,
                lw_status_string(err.code), err.offset, err.message);
    if (fragment && !strstr(err.message, fragment))
        g_error("message \"%s\" lacks \"%s\"", err.message, fragment);
}

/* ---- tests ---- */

static void test_crc32(void)
{
    /* the CRC-32/ISO-HDLC check value */
    g_assert_cmphex(lw_crc32(0, "123456789", 9), ==, 0xCBF43926u);
    g_assert_cmphex(lw_crc32(0, "", 0), ==, 0);
    /* chaining = one pass, across the 8-byte fast path boundary */
    uint8_t buf[100];
    for (int i = 0; i < 100; i++)
        buf[i] = (uint8_t)(i * 37);
    uint32_t whole = lw_crc32(0, buf, 100);
    for (size_t cut = 0; cut <= 100; cut += 3)
        g_assert_cmphex(lw_crc32(lw_crc32(0, buf, cut), buf + cut, 100 - cut), ==, whole);
}

static void round_trip(const lw_packed_options *opts, bool expect_replays)
{
    lw_level *level = fixture_level_rich();
    size_t size;
    uint8_t *bin = pack(level, opts, &size);
    g_assert_true(lw_packed_is_packed(bin, size));
    lw_packed_level *packed = load_ok(bin, size);
    const lw_level *back = lw_packed_level_get(packed);
    if (!expect_replays) {
        /* replays are only carried on request: compare against a copy without them */
        for (uint32_t i = 0; i < level->replay_count; i++)
            lw_replay_clear(&lw_level_replays_mut(level)[i]);
        level->replay_count = 0;
    }
    char why[200];
    if (!fixture_levels_equal(level, back, why, sizeof why))
        g_error("round trip: %s", why);
    /* packing the loaded level gives the same bytes */
    size_t size2;
    uint8_t *bin2 = pack(back, opts, &size2);
    g_assert_cmpmem(bin, size, bin2, size2);
    g_free(NULL);
    free(bin2);
    free(bin);
    lw_packed_level_free(packed);
    lw_level_free(level);
}

static void test_round_trip_plain(void)
{
    round_trip(NULL, false);
}

static void test_round_trip_compressed_replays(void)
{
    lw_packed_options opts = {.compress = true, .replays = true};
    round_trip(&opts, true);
}

static void test_art(void)
{
    static const uint8_t png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 1, 2, 3};
    lw_level *level = fixture_level_rich();
    lw_packed_options opts = {.art_png = png, .art_png_size = sizeof png};
    size_t size;
    uint8_t *bin = pack(level, &opts, &size);
    const uint8_t *art = NULL;
    size_t art_size = 0;
    lw_error err;
    g_assert_true(lw_packed_find_art(bin, size, &art, &art_size, &err));
    g_assert_cmpmem(art, art_size, png, sizeof png);
    g_assert_true(art >= bin && art + art_size <= bin + size); /* points inside the file */
    free(bin);
    bin = pack(level, NULL, &size);
    g_assert_true(lw_packed_find_art(bin, size, &art, &art_size, &err));
    g_assert_null(art);
    g_assert_cmpuint(art_size, ==, 0);
    free(bin);
    /* not a PNG: the writer refuses */
    opts.art_png = "GIF89a..";
    opts.art_png_size = 8;
    uint8_t *out = NULL;
    g_assert_false(lw_packed_write(level, &opts, &out, &size, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    lw_level_free(level);
}

/* The loaded level is one allocation, freed by its handle; a dup is an editable level. (That
 * the level's mutators refuse it at compile time is the compile suite's packed-read-only test.) */
static void test_one_block(void)
{
    lw_level *level = fixture_level_max();
    size_t size;
    uint8_t *bin = pack(level, NULL, &size);
    alloc_count = 0;
    lw_packed_level *packed = load_ok(bin, size);
    g_assert_cmpuint(alloc_count, ==, 1);
    const lw_level *back = lw_packed_level_get(packed);
    char why[200];
    if (!fixture_levels_equal(level, back, why, sizeof why))
        g_error("max level: %s", why);

    lw_mask m;
    memset(&m, 0, sizeof m);
    lw_level *copy = lw_level_dup(back);
    g_assert_nonnull(copy);
    g_assert_cmpint(lw_level_add_mask(copy, &m), ==, 1023);
    g_assert_true(lw_level_ensure_background(copy));
    g_assert_true(lw_level_set_string(&copy->name, "edited"));
    lw_level_free(copy);
    g_assert_cmpstr(back->name, ==, level->name); /* the packed level is not touched */

    /* compressed: still one allocation (words are decoded inside the block) */
    lw_packed_options opts = {.compress = true};
    free(bin);
    bin = pack(level, &opts, &size);
    lw_packed_level_free(packed);
    alloc_count = 0;
    packed = load_ok(bin, size);
    g_assert_cmpuint(alloc_count, ==, 1);
    if (!fixture_levels_equal(level, lw_packed_level_get(packed), why, sizeof why))
        g_error("max level, compressed: %s", why);
    lw_packed_level_free(packed);
    free(bin);
    lw_level_free(level);
}

/* Every byte of a packed file flipped in turn is refused (the CRCs cover every byte), with an
 * offset inside the file; and nothing is allocated that survives. */
static void flip_every_byte(const lw_packed_options *opts)
{
    lw_level *level = fixture_level_rich();
    size_t size;
    uint8_t *bin = pack(level, opts, &size);
    uint8_t *copy = g_malloc(size);
    for (size_t i = 0; i < size; i++) {
        static const uint8_t masks[] = {0x01, 0x80, 0xFF};
        for (size_t k = 0; k < sizeof masks; k++) {
            memcpy(copy, bin, size);
            copy[i] ^= masks[k];
            lw_packed_level *out = NULL;
            lw_error err;
            if (lw_packed_load(copy, size, &out, &err))
                g_error("byte %zu ^ 0x%02X was accepted", i, masks[k]);
            g_assert_null(out);
            g_assert_cmpint(err.code, !=, LW_OK);
            g_assert_cmpint(err.offset, >=, 0);
            g_assert_cmpint(err.offset, <=, (long)size);
            g_assert_cmpuint(strlen(err.message), >, 0);
        }
    }
    g_free(copy);
    free(bin);
    lw_level_free(level);
}

static void test_flip_every_byte(void)
{
    flip_every_byte(NULL);
    lw_packed_options opts = {.compress = true, .replays = true};
    flip_every_byte(&opts);
}

/* Every truncation is refused as truncated at exactly the length present; the exact-size
 * copies let ASan catch any read past the end. */
static void test_truncate_every_length(void)
{
    lw_level *level = fixture_level_rich();
    lw_packed_options opts = {.compress = true, .replays = true};
    size_t size;
    uint8_t *bin = pack(level, &opts, &size);
    for (size_t n = 0; n < size; n++) {
        uint8_t *copy = n ? g_memdup2(bin, n) : NULL;
        expect_refused(copy, n, LW_ERR_TRUNCATED, (long)n, NULL);
        g_free(copy);
    }
    /* one byte too many */
    uint8_t *longer = g_malloc0(size + 1);
    memcpy(longer, bin, size);
    expect_refused(longer, size + 1, LW_ERR_FORMAT, (long)size, "after the end");
    g_free(longer);
    free(bin);
    lw_level_free(level);
}

/* Deliberate, CRC-fixed changes: the exact reason and offset of each. */
static void test_exact_errors(void)
{
    lw_level *level = fixture_level_rich();
    size_t size;
    uint8_t *bin = pack(level, NULL, &size);
    uint8_t *f = g_malloc(size);

#define RESET() memcpy(f, bin, size)
    RESET();
    f[3] = 'X';
    expect_refused(f, size, LW_ERR_FORMAT, 0, "bad magic");

    RESET();
    f[8] = 2; /* major version 2 (the writer's minor is 1) */
    expect_refused(f, size, LW_ERR_VERSION, 8, "2.1");
    RESET();
    f[10] = 7; /* minor version 7 is fine once the CRC matches */
    fix_crcs(f, size);
    lw_packed_level_free(load_ok(f, size));

    RESET();
    f[28] ^= 1;
    expect_refused(f, size, LW_ERR_CRC, 28, "file CRC-32");

    /* a section CRC mismatch names the section, at its first byte */
    RESET();
    size_t tile = section_of(f, "TILE");
    f[tile + 8 + 2] ^= 0x10;
    expect_refused(f, size, LW_ERR_CRC, (long)tile, "section TILE");

    /* tile 1's path-A mask (offset +2 in its 8-byte record) set to 999 */
    RESET();
    f[tile + 8 + 2] = 999 & 0xFF;
    f[tile + 8 + 3] = 999 >> 8;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)(tile + 8 + 2), "mask 999 does not exist");

    /* layout slot (2,1) of the foreground -> chunk 77 */
    RESET();
    size_t layt = section_of(f, "LAYT");
    size_t slot = layt + 2 * (1 * 5 + 2);
    f[slot] = 77;
    f[slot + 1] = 0;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)slot, "foreground layout (2,1): chunk 77");

    /* a cell word whose tile field is 6 (tile 5; only 5 tiles exist): chunk 1, cell 2 */
    RESET();
    size_t chnk = section_of(f, "CHNK");
    size_t w = chnk + 2 * (64 + 2);
    f[w] = (uint8_t)((f[w] & ~0xFFu) | 6);
    f[w + 1] &= 0xFC;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)w, "chunk 1 cell (2,0): tile 5 does not exist");

    /* mask 1 row 12: a width that is not derived from the heights */
    RESET();
    size_t mask = section_of(f, "MASK");
    size_t wb = mask + 4 * 16 + 1 * 16 + 12;
    f[wb] ^= 2;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_FORMAT, (long)wb, "mask 1 row 12");

    /* a height of 17 */
    RESET();
    f[mask + 16 * 2 + 5] = 17;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)(mask + 16 * 2 + 5), "height 17");

    /* object 2 (the second swapper) gets object 1's id */
    RESET();
    size_t objs = section_of(f, "OBJS");
    memcpy(f + objs + 8 + 2 * 32, f + objs + 8 + 1 * 32, 4);
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)(objs + 8 + 2 * 32), "id 40 is used twice");

    /* swapper radius 100 */
    RESET();
    f[objs + 8 + 32 + 6] = 100;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)(objs + 8 + 32 + 6), "radius 100");

    /* a string reference past the string table */
    RESET();
    size_t info = section_of(f, "INFO");
    wr32(f + info + 28, 0x7FFFFFF0u);
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)(info + 28), "tileset path");

    /* counts over the limits, caught before any allocation */
    RESET();
    wr32(f + info + 12, LW_MAX_TILES + 1);
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_LIMIT, (long)(info + 12), "1024 tiles");
    RESET();
    wr32(f + objs, 0xFFFFFFFFu);
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_LIMIT, (long)objs, "objects is over the limit");
    /* a count that fits the limits but not the section */
    RESET();
    wr32(f + objs, 7);
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_FORMAT, (long)entry_of(f, "OBJS") + 16, "expected 232");

    /* a section moved off its canonical offset */
    RESET();
    size_t e = entry_of(f, "MASK");
    wr32(f + e + 8, rd32(f + e + 8) + 16);
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_FORMAT, (long)(e + 8), "offset");

    /* a section running past the end */
    RESET();
    e = entry_of(f, "PROF");
    wr32(f + e + 12, 0x10000);
    wr32(f + e + 16, 0x10000);
    wr32(f + 28, 0);
    wr32(f + 28, lw_crc32(0, f, size));
    expect_refused(f, size, LW_ERR_FORMAT, (long)(e + 12), "past the end");

    /* compression flag on a section that may not be compressed */
    RESET();
    e = entry_of(f, "TILE");
    f[e + 4] = 1;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_FORMAT, (long)(e + 4), "cannot be compressed");
#undef RESET
    g_free(f);
    free(bin);
    lw_level_free(level);
}

/* A corrupt Kosinski stream inside a (CRC-fixed) compressed section: the section's offset plus
 * the offset inside the stream. */
static void test_compressed_errors(void)
{
    lw_level *level = fixture_level_rich();
    lw_packed_options opts = {.compress = true};
    size_t size;
    uint8_t *bin = pack(level, &opts, &size);
    size_t e = entry_of(bin, "LAYT");
    size_t off = rd32(bin + e + 8);
    /* make the raw size smaller than what the stream produces */
    uint32_t raw = rd32(bin + e + 16);
    wr32(bin + e + 16, raw - 2);
    fix_crcs(bin, size);
    lw_packed_level *out = NULL;
    lw_error err;
    g_assert_false(lw_packed_load(bin, size, &out, &err));
    /* the count check comes first: LAYT must be exactly 5x3x2x2 bytes */
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.offset, ==, (long)e + 16);
    wr32(bin + e + 16, raw);
    /* a back-reference before the start: the first descriptor says "inline match" */
    bin[off] = 0x00;
    bin[off + 1] = 0x00;
    fix_crcs(bin, size);
    g_assert_false(lw_packed_load(bin, size, &out, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
    g_assert_cmpint(err.offset, ==, (long)off + 2);
    g_assert_nonnull(strstr(err.message, "section LAYT: bad Kosinski data"));
    free(bin);
    lw_level_free(level);
}

static void test_writer_refuses_invalid(void)
{
    lw_level *level = fixture_level_rich();
    lw_level_tiles_mut(level)[0].mask[0] = 99;
    uint8_t *out = NULL;
    size_t size = 0;
    lw_error err;
    g_assert_false(lw_packed_write(level, NULL, &out, &size, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_null(out);
    lw_level_free(level);
}

/* WATR (docs/FORMAT.md §4.13): written only for a level with water (minor 3), read back, packs
 * again byte for byte; a level without water packs to the bytes it gave before (no WATR, minor
 * 1); a bad section version, reserved field or height is refused at its offset. */
static void test_water(void)
{
    lw_level *level = fixture_level_rich();
    size_t dry_size;
    uint8_t *dry = pack(level, NULL, &dry_size);
    g_assert_cmpuint(entry_of(dry, "WATR"), ==, 0);
    g_assert_cmpuint(dry[10], ==, 1);

    level->has_water = true;
    level->water_height = 0x710;
    size_t size;
    uint8_t *bin = pack(level, NULL, &size);
    g_assert_cmpuint(bin[10], ==, 3);
    size_t w = section_of(bin, "WATR");
    g_assert_cmpuint(rd32(bin + entry_of(bin, "WATR") + 16), ==, 8);
    g_assert_cmpuint(rd32(bin + w + 4), ==, 0x710);
    lw_packed_level *p = load_ok(bin, size);
    const lw_level *back = lw_packed_level_get(p);
    g_assert_true(back->has_water);
    g_assert_cmpint(back->water_height, ==, 0x710);
    size_t again_size;
    uint8_t *again = pack(back, NULL, &again_size);
    g_assert_cmpmem(again, again_size, bin, size);
    lw_level *copy = lw_level_dup(back);
    g_assert_true(copy->has_water);
    g_assert_cmpint(copy->water_height, ==, 0x710);
    lw_level_free(copy);
    lw_packed_level_free(p);
    free(again);

    uint8_t *f = g_malloc(size);
    memcpy(f, bin, size);
    f[w] = 2;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_VERSION, (long)w, "water section version 2");
    memcpy(f, bin, size);
    f[w + 3] = 1;
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_FORMAT, (long)w + 3, "reserved");
    memcpy(f, bin, size);
    wr32(f + w + 4, LW_MAX_WATER_HEIGHT + 1);
    fix_crcs(f, size);
    expect_refused(f, size, LW_ERR_RANGE, (long)w + 4, "water height 16385");
    memcpy(f, bin, size);
    wr32(f + w + 4, LW_MAX_WATER_HEIGHT);
    fix_crcs(f, size);
    lw_packed_level_free(load_ok(f, size));

    /* the writer refuses a height out of range (lw_level_validate) */
    level->water_height = -1;
    uint8_t *out = NULL;
    size_t n = 0;
    lw_error err;
    g_assert_false(lw_packed_write(level, NULL, &out, &n, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_nonnull(strstr(err.message, "water height -1"));
    g_free(f);
    free(bin);
    free(dry);
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/packed/crc32", test_crc32);
    g_test_add_func("/engine/packed/round-trip-plain", test_round_trip_plain);
    g_test_add_func("/engine/packed/round-trip-compressed-replays",
                    test_round_trip_compressed_replays);
    g_test_add_func("/engine/packed/art", test_art);
    g_test_add_func("/engine/packed/one-block", test_one_block);
    g_test_add_func("/engine/packed/flip-every-byte", test_flip_every_byte);
    g_test_add_func("/engine/packed/truncate-every-length", test_truncate_every_length);
    g_test_add_func("/engine/packed/exact-errors", test_exact_errors);
    g_test_add_func("/engine/packed/compressed-errors", test_compressed_errors);
    g_test_add_func("/engine/packed/writer-refuses-invalid", test_writer_refuses_invalid);
    g_test_add_func("/engine/packed/water", test_water);
    return g_test_run();
}
