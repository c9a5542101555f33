/* SPDX-License-Identifier: MIT */
/*
 * What a tree's SonLVL INI gives besides the game's tables (docs/DISASM.md §7.6, §8.1), on the
 * synthetic S2 tree of tree-fixture.h (loop-hill.json, `pack --format s2`) with INI lines added:
 * - `animblocks`: a chunk word naming a block past the loaded ones but inside SonLVL's animated
 *   blocks file shows that block (tile, flips, mask from the index, its art drawn); a word in the
 *   gap before them stays a kept word; an unchanged export writes nothing (the file is never
 *   written); an edit of the animated tile's art is refused; a new tile takes the next block of
 *   the block file, and a new tile that would reach the animated blocks is refused; a malformed
 *   file is warned about and not used; animated blocks inside the block file (ARZ) are drawn
 *   over the file's blocks, whose words are kept, and their art cannot be edited.
 * - `waterpal=N` / `paletteN`: the water palette is kept in the source (JSON round trip), its
 *   files recorded, nothing written; a `waterpal` naming no palette is warned about; the
 *   water tileset drawn with it (entries it lacks in the normal colour, counted);
 *   `source.water_tileset` kept through the JSON.
 * - a later `blocks` part the tree does not have (skdisasm's AIZ 2 Boss): skipped with a
 *   warning, as SonLVL skips it; the level opens, an unchanged export writes nothing; a missing
 *   first part is still refused.
 * And the folder import's Sonic 1 loop slots (§7.5), which are the tree import's.
 */
#include "disasm-source.h"
#include "disasm-test-util.h"
#include "tree-fixture.h"

#include <glib.h>
#include <loopwright-masks/disasm-tree.h>
#include <loopwright/kosinski.h>
#include <stdlib.h>
#include <string.h>

#define BLOCKS_FILE "mappings/16x16/TST.kos"
#define CHUNKS_FILE "mappings/128x128/TST.kos"
#define INDEX_FILE  "collision/TST primary 16x16 collision index.kos"
#define ANIM_FILE   "SonLVL INI Files/TST/AnimatedBlocks.bin"

/* The synthetic S2 tree of tree-fixture.h (loop-hill.json as zone TST, two levels, objects
 * and rings in level 1) in a new scratch folder, with @extra appended to level 1's INI section;
 * drop_tree removes it. */
static char *make_tree(const char *extra)
{
    char *dir = dtest_tmpdir(), *tree = tree_fixture_make_extra(dir, TRUE, extra);
    g_free(dir);
    return tree;
}

/* Remove the scratch folder of make_tree's @root (its parent) and free @root. */
static void drop_tree(char *root)
{
    char *dir = g_path_get_dirname(root);
    dtest_rmtree(dir);
    g_free(dir);
    g_free(root);
}

typedef struct opened {
    lwm_tree tree;
    lwm_tree_import im;
    lwm_report rep;
} opened;

static void open_level(const char *root, opened *o)
{
    lw_error err;
    char failed[4096];
    memset(o, 0, sizeof *o);
    if (!lwm_tree_open(root, &o->tree, failed, &err))
        g_error("%s: %s", failed, err.message);
    if (!lwm_tree_import_level(&o->tree, 0, &o->im, &o->rep, failed, &err))
        g_error("%s: byte %ld: %s", failed, err.offset, err.message);
}

static void close_level(opened *o)
{
    lwm_tree_import_clear(&o->im);
    lwm_report_clear(&o->rep);
    lwm_tree_clear(&o->tree);
}

static gboolean report_has(const lwm_report *rep, const char *text)
{
    for (size_t i = 0; i < rep->count; i++)
        if (strstr(rep->items[i].message, text))
            return TRUE;
    return FALSE;
}

/* The path of the source's first file of @role, NULL when none. */
static const char *role_path(const lwm_tree_source *src, const char *role)
{
    for (size_t i = 0; i < src->file_count; i++)
        if (strcmp(src->files[i].role, role) == 0)
            return src->files[i].path;
    return NULL;
}

static bool export_level(opened *o, const lwm_image *tileset, lwm_tree_export *ex, lw_error *err)
{
    char failed[4096];
    lwm_report rep = {0};
    bool ok =
        lwm_tree_export_level(&o->tree, &o->im.source, o->im.level, tileset, ex, &rep, failed, err);
    lwm_report_clear(&rep);
    return ok;
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static uint32_t be16(const uint8_t *p)
{
    return (uint32_t)(p[0] << 8 | p[1]);
}

/* The unpacked bytes of the export's file @path (Kosinski), *@n bytes; NULL when not written. */
static uint8_t *written(const lwm_tree_export *ex, const char *path, size_t *n)
{
    for (size_t i = 0; i < ex->file_count; i++)
        if (strcmp(ex->files[i].path, path) == 0) {
            uint8_t *out = g_malloc(0x10000);
            lw_error err;
            g_assert_true(lw_kosinski_decompress(ex->files[i].data, ex->files[i].size, out, 0x10000,
                                                 n, NULL, &err));
            return out;
        }
    return NULL;
}

static gboolean same_cell(const lwm_image *img, uint32_t a, uint32_t b)
{
    for (uint32_t y = 0; y < 16; y++)
        if (memcmp(lwm_image_pixel(img, (a % 16u) * 16u, (a / 16u) * 16u + y),
                   lwm_image_pixel(img, (b % 16u) * 16u, (b / 16u) * 16u + y), 64) != 0)
            return FALSE;
    return TRUE;
}

/* The tree with SonLVL animated blocks B+1 and B+2 (B = the block file's count): B+2 draws as
 * block like[0] (the first with a mask, its index entry copied too), B+1 as block like[1] (one
 * whose words differ). File chunk 1's first word names B+2 (X-flipped), its second B. */
static char *make_anim_tree(uint32_t *blocks_out, uint32_t like[2])
{
    char *root = make_tree("animblocks=TST/AnimatedBlocks.bin\n");
    size_t n;
    uint8_t *blocks = dtest_read_kos(root, BLOCKS_FILE, &n);
    uint32_t b = (uint32_t)(n / 8u);
    g_assert_cmpuint(b, >, 3);
    g_assert_cmpuint(b + 2u, <, 0x300u);
    uint8_t *index = dtest_read_kos(root, INDEX_FILE, &n);
    g_assert_cmpuint(n, ==, 0x300u);
    like[0] = like[1] = 0;
    for (uint32_t k = 1; k < b && !like[0]; k++)
        like[0] = index[k] ? k : 0;
    for (uint32_t k = 1; k < b && !like[1]; k++)
        like[1] = memcmp(blocks + k * 8u, blocks + like[0] * 8u, 8) ? k : 0;
    g_assert_cmpuint(like[0], !=, 0);
    g_assert_cmpuint(like[1], !=, 0);
    index[b + 2u] = index[like[0]];
    dtest_write_kos(root, INDEX_FILE, index, 0x300u);
    uint8_t anim[4 + 16];
    put16(anim, (b + 1u) * 8u);
    put16(anim + 2, 8u - 1u);
    memcpy(anim + 4, blocks + like[1] * 8u, 8);
    memcpy(anim + 12, blocks + like[0] * 8u, 8);
    dtest_write(root, ANIM_FILE, anim, sizeof anim);
    uint8_t *chunks = dtest_read_kos(root, CHUNKS_FILE, &n);
    g_assert_cmpuint(n, >=, 2u * 128u);
    put16(chunks + 128, (b + 2u) | 0x0400u | 0x1000u);
    put16(chunks + 130, b);
    dtest_write_kos(root, CHUNKS_FILE, chunks, n);
    g_free(index);
    g_free(chunks);
    g_free(blocks);
    *blocks_out = b;
    return root;
}

static void test_anim_import(void)
{
    uint32_t b, like[2];
    char *root = make_anim_tree(&b, like);
    opened o;
    open_level(root, &o);
    const lwm_tree_source *src = &o.im.source;
    const lw_level *lv = o.im.level;
    g_assert_cmpuint(src->block_count, ==, b);
    g_assert_cmpuint(src->anim_first, ==, b + 1u);
    g_assert_cmpuint(src->anim_count, ==, 2);
    g_assert_cmpuint(src->anim_limit, ==, b + 1u);
    g_assert_cmpuint(lv->tile_count, ==, b - 1u + 2u);
    g_assert_cmpuint(src->first_chunk, ==, 1); /* level chunk 0 is file chunk 1 */
    const lw_cell *cells = lw_level_chunk_cells(lv, 0);
    g_assert_cmpuint(cells[0].tile, ==, b); /* block B+2: the second animated tile */
    g_assert_cmpuint(cells[0].flags, ==, 1);
    g_assert_cmpuint(cells[0].solid, ==, 1);
    g_assert_cmpuint(cells[1].tile, ==, LW_NONE); /* block B: not loaded, not animated */
    gboolean kept = FALSE;
    for (size_t i = 0; i < src->kept_count; i++) {
        g_assert_cmpuint(src->kept[i].offset, !=, 128); /* the animated word is a cell */
        kept |= src->kept[i].offset == 130 && src->kept[i].word == b;
    }
    g_assert_true(kept);
    g_assert_cmpuint(lv->tiles[b].mask[0], !=, LW_NONE);
    g_assert_cmpuint(lv->tiles[b].mask[0], ==, lv->tiles[like[0] - 1u].mask[0]);
    g_assert_cmpuint(lv->tiles[b].art, ==, b);
    /* drawn: tile B (block B+2) as block like[0], tile B-1 (block B+1) as block like[1] */
    g_assert_cmpuint(o.im.tileset.height, >=, 16u * ((b + 1u + 15u) / 16u));
    g_assert_true(same_cell(&o.im.tileset, b, like[0] - 1u));
    g_assert_true(same_cell(&o.im.tileset, b - 1u, like[1] - 1u));
    g_assert_true(report_has(&o.rep, "2 animated blocks"));
    g_assert_cmpstr(role_path(src, "animblocks"), ==, ANIM_FILE);
    g_assert_cmpuint(lwm_tree_tile_block(src, b - 2u), ==, b - 1u);
    g_assert_cmpuint(lwm_tree_tile_block(src, b - 1u), ==, b + 1u);
    g_assert_cmpuint(lwm_tree_tile_block(src, b), ==, b + 2u);
    g_assert_cmpuint(lwm_tree_tile_block(src, b + 1u), ==, b); /* a new tile */

    /* unchanged: nothing written; the source survives its JSON */
    lwm_tree_export ex;
    lw_error err;
    g_assert_true(export_level(&o, &o.im.tileset, &ex, &err));
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_tree_export_clear(&ex);
    char *json = editor_source_to_json(src, root), *tree = NULL;
    lwm_tree_source back;
    g_assert_true(editor_source_from_json(json, &back, &tree, &err));
    g_assert_cmpuint(back.anim_first, ==, b + 1u);
    g_assert_cmpuint(back.anim_count, ==, 2);
    g_assert_cmpuint(back.anim_limit, ==, b + 1u);
    editor_source_clear(&back);
    free(tree);
    free(json);
    close_level(&o);
    drop_tree(root);
}

static void test_anim_edits(void)
{
    uint32_t b, like[2];
    char *root = make_anim_tree(&b, like);
    opened o;
    open_level(root, &o);
    lw_level *lv = o.im.level;
    lw_error err;
    lwm_tree_export ex;

    /* the animated tile's art painted (the other one's cell copied over it): refused */
    lwm_image img = {0};
    g_assert_true(lwm_image_init(&img, o.im.tileset.width, o.im.tileset.height, 0, &err));
    memcpy(img.rgba, o.im.tileset.rgba, (size_t)img.width * img.height * 4u);
    g_assert_false(same_cell(&img, b, b - 1u));
    for (uint32_t y = 0; y < 16; y++)
        memcpy(lwm_image_pixel(&img, (b % 16u) * 16u, (b / 16u) * 16u + y),
               lwm_image_pixel(&img, ((b - 1u) % 16u) * 16u, ((b - 1u) / 16u) * 16u + y), 64);
    g_assert_false(export_level(&o, &img, &ex, &err));
    g_assert_nonnull(strstr(err.message, "animated block"));
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_image_clear(&img);

    /* a new tile: the block file's next block (B), not an animated one */
    lw_tile tile = {LW_NONE, {LW_NONE, LW_NONE}, 0};
    g_assert_cmpint(lw_level_add_tile(lv, &tile), ==, (int32_t)b + 1);
    lw_cell *cells = lw_level_chunk_cells_mut(lv, 0);
    cells[2] = (lw_cell){(uint16_t)(b + 1u), 0, 0};
    g_assert_true(export_level(&o, NULL, &ex, &err));
    g_assert_cmpuint(ex.blocks_added, ==, 1);
    size_t n = 0;
    uint8_t *blocks = written(&ex, BLOCKS_FILE, &n);
    g_assert_nonnull(blocks);
    g_assert_cmpuint(n, ==, (b + 1u) * 8u);
    uint8_t *chunks = written(&ex, CHUNKS_FILE, &n);
    g_assert_nonnull(chunks);
    g_assert_cmpuint(be16(chunks + 128), ==, (b + 2u) | 0x0400u | 0x1000u);
    g_assert_cmpuint(be16(chunks + 130), ==, b);
    g_assert_cmpuint(be16(chunks + 132), ==, b);
    for (size_t i = 0; i < ex.file_count; i++)
        g_assert_cmpstr(ex.files[i].path, !=, ANIM_FILE);
    g_free(blocks);
    g_free(chunks);
    lwm_tree_export_clear(&ex);

    /* a second new tile would be block B+1, where the game copies its animated blocks */
    g_assert_cmpint(lw_level_add_tile(lv, &tile), ==, (int32_t)b + 2);
    g_assert_false(export_level(&o, NULL, &ex, &err));
    g_assert_nonnull(strstr(err.message, "the animated blocks follow"));
    close_level(&o);
    drop_tree(root);
}

/* A malformed animated blocks file is warned about and not used: the words stay kept. */
static void test_anim_bad(void)
{
    uint32_t b, like[2];
    char *root = make_anim_tree(&b, like);
    static const uint8_t bad[] = {0x17, 0x88, 0x00, 0x3B, 0x45, 0x00};
    dtest_write(root, ANIM_FILE, bad, sizeof bad);
    opened o;
    open_level(root, &o);
    g_assert_cmpuint(o.im.source.anim_count, ==, 0);
    g_assert_cmpuint(o.im.level->tile_count, ==, b - 1u);
    g_assert_cmpuint(lw_level_chunk_cells(o.im.level, 0)[0].tile, ==, LW_NONE);
    g_assert_true(report_has(&o.rep, "its header gives 60 words"));
    lwm_tree_export ex;
    lw_error err;
    g_assert_true(export_level(&o, &o.im.tileset, &ex, &err));
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_tree_export_clear(&ex);
    close_level(&o);
    drop_tree(root);
}

/* SonLVL animated blocks inside the block file (s2disasm's ARZ: 760..767 of its 800): the game
 * copies them over the file's blocks at level load, so they are drawn over them; the file's
 * words are kept (an unchanged export writes nothing) and an edit of such a tile's art is
 * refused. Blocks B-2 and B-1 (B = the file's count) get the words of two earlier blocks. */
static void test_anim_inside(void)
{
    char *root = make_tree("animblocks=TST/AnimatedBlocks.bin\n");
    size_t n;
    uint8_t *blocks = dtest_read_kos(root, BLOCKS_FILE, &n);
    uint32_t b = (uint32_t)(n / 8u), like[2] = {0, 0};
    g_assert_cmpuint(b, >, 5);
    for (uint32_t k = 1; k + 2u < b && !like[0]; k++)
        like[0] = memcmp(blocks + k * 8u, blocks + (b - 2u) * 8u, 8) ? k : 0;
    for (uint32_t k = 1; k + 2u < b && !like[1]; k++)
        like[1] = memcmp(blocks + k * 8u, blocks + (b - 1u) * 8u, 8) &&
                          memcmp(blocks + k * 8u, blocks + like[0] * 8u, 8)
                      ? k
                      : 0;
    g_assert_cmpuint(like[0], !=, 0);
    g_assert_cmpuint(like[1], !=, 0);
    uint8_t anim[4 + 16];
    put16(anim, (b - 2u) * 8u);
    put16(anim + 2, 8u - 1u);
    memcpy(anim + 4, blocks + like[0] * 8u, 8);
    memcpy(anim + 12, blocks + like[1] * 8u, 8);
    dtest_write(root, ANIM_FILE, anim, sizeof anim);
    opened o;
    open_level(root, &o);
    const lwm_tree_source *src = &o.im.source;
    g_assert_cmpuint(src->block_count, ==, b);
    g_assert_cmpuint(src->anim_count, ==, 0); /* no tiles of their own */
    g_assert_cmpuint(src->anim_limit, ==, b - 2u);
    g_assert_cmpuint(o.im.level->tile_count, ==, b - 1u);
    /* tile t is block t + 1: tiles B-3 and B-2 are drawn as the animated blocks */
    g_assert_true(same_cell(&o.im.tileset, b - 3u, like[0] - 1u));
    g_assert_true(same_cell(&o.im.tileset, b - 2u, like[1] - 1u));
    char note[160];
    g_snprintf(note, sizeof note,
               "animated blocks %u..%u lie inside the block data's %u blocks: "
               "drawn over them",
               b - 2u, b - 1u, b);
    g_assert_true(report_has(&o.rep, note));

    /* unchanged: nothing written, the block file's own words kept */
    lwm_tree_export ex;
    lw_error err;
    g_assert_true(export_level(&o, &o.im.tileset, &ex, &err));
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_tree_export_clear(&ex);

    /* such a tile's art painted (its neighbour's cell over it): refused, nothing written */
    lwm_image img = {0};
    g_assert_true(lwm_image_init(&img, o.im.tileset.width, o.im.tileset.height, 0, &err));
    memcpy(img.rgba, o.im.tileset.rgba, (size_t)img.width * img.height * 4u);
    g_assert_false(same_cell(&img, b - 3u, b - 2u));
    uint32_t to = b - 3u, from = b - 2u;
    for (uint32_t y = 0; y < 16; y++)
        memcpy(lwm_image_pixel(&img, (to % 16u) * 16u, (to / 16u) * 16u + y),
               lwm_image_pixel(&img, (from % 16u) * 16u, (from / 16u) * 16u + y), 64);
    g_assert_false(export_level(&o, &img, &ex, &err));
    g_assert_nonnull(strstr(err.message, "animated block"));
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_image_clear(&img);
    close_level(&o);
    g_free(blocks);
    drop_tree(root);
}

static void test_water_palette(void)
{
    char *root = make_tree("palette2=Water|../art/palettes/TST.bin:4:20:8|"
                           "../art/palettes/TST.bin:0:0:2\nwaterpal=2\n");
    size_t n;
    uint8_t *pal = dtest_read(root, "art/palettes/TST.bin", &n);
    opened o;
    open_level(root, &o);
    const lwm_tree_source *src = &o.im.source;
    g_assert_true(src->has_water_palette);
    g_assert_cmpstr(src->water_palette_key, ==, "palette2");
    g_assert_cmpstr(src->water_palette_name, ==, "Water");
    for (unsigned i = 0; i < 64; i++) {
        int32_t want = i < 2               ? (int32_t)be16(pal + 2u * i)
                       : i >= 20 && i < 28 ? (int32_t)be16(pal + 2u * (i - 16u))
                                           : -1;
        g_assert_cmpint(src->water_palette[i], ==, want);
    }
    g_assert_cmpstr(role_path(src, "waterpal"), ==, "art/palettes/TST.bin");
    g_assert_true(report_has(&o.rep, "water palette Water"));
    /* the water tileset: the same cells; the entries without a water colour (all but 0, 1 and
     * 20..27) in the normal colour, and 20..27's water colours are the normal ones here */
    const lwm_image *dry = &o.im.tileset, *wet = &o.im.water_tileset;
    g_assert_cmpuint(wet->width, ==, dry->width);
    g_assert_cmpuint(wet->height, ==, dry->height);
    g_assert_cmpmem(wet->rgba, (size_t)wet->width * wet->height * 4u, dry->rgba,
                    (size_t)dry->width * dry->height * 4u);
    g_assert_cmpuint(o.im.water_fallback_px, >, 0);
    g_assert_true(report_has(&o.rep, "pixels have no water colour"));
    lwm_tree_export ex;
    lw_error err;
    g_assert_true(export_level(&o, &o.im.tileset, &ex, &err));
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_tree_export_clear(&ex);
    char *json = editor_source_to_json(src, root), *tree = NULL;
    g_assert_nonnull(strstr(json, "\"water_palette\":{\"key\":\"palette2\",\"name\":\"Water\""));
    lwm_tree_source back;
    g_assert_true(editor_source_from_json(json, &back, &tree, &err));
    g_assert_true(back.has_water_palette);
    g_assert_cmpmem(back.water_palette, sizeof back.water_palette, src->water_palette,
                    sizeof src->water_palette);
    g_assert_cmpstr(back.water_palette_name, ==, "Water");
    g_assert_null(back.water_tileset);
    editor_source_clear(&back);
    free(tree);
    /* source.water_tileset goes back and forth; a non-string is refused */
    char *saved = src->water_tileset;
    o.im.source.water_tileset = (char *)"w-water-tiles.png";
    char *with = editor_source_to_json(src, root);
    o.im.source.water_tileset = saved;
    g_assert_nonnull(strstr(with, "\"water_tileset\":\"w-water-tiles.png\""));
    g_assert_true(editor_source_from_json(with, &back, &tree, &err));
    g_assert_cmpstr(back.water_tileset, ==, "w-water-tiles.png");
    editor_source_clear(&back);
    free(tree);
    char *bad = g_strdup_printf("%.*s12%s", (int)(strstr(with, "\"w-water") - with), with,
                                strstr(with, "\"w-water") + strlen("\"w-water-tiles.png\""));
    g_assert_false(editor_source_from_json(bad, &back, &tree, &err));
    g_assert_nonnull(strstr(err.message, "source.water_tileset"));
    g_free(bad);
    free(with);
    /* a colour list of 65 in the JSON is refused */
    char *at = strstr(json, "\"colors\":[");
    g_assert_nonnull(at);
    char *damaged = g_strdup_printf("%.*s\"colors\":[1,%s", (int)(at - json), json, at + 10);
    g_assert_false(editor_source_from_json(damaged, &back, &tree, &err));
    g_assert_nonnull(strstr(err.message, "source.water_palette"));
    g_free(damaged);
    free(json);
    close_level(&o);
    g_free(pal);
    drop_tree(root);

    /* waterpal naming no palette: warned, not kept */
    root = make_tree("waterpal=5\n");
    open_level(root, &o);
    g_assert_false(o.im.source.has_water_palette);
    g_assert_true(report_has(&o.rep, "waterpal=5 names no palette"));
    close_level(&o);
    drop_tree(root);
}

/* The folder import (`unpack --format s1 DIR`) reads the loop slots as the tree import does
 * (docs/DISASM.md §7.5): path B from chunk id + 1, the rules from the folder's LoopTileNums for
 * the zone the layout names (ghz); without that file, path B only. */
static void test_s1_folder_loops(void)
{
    lwm_image art = {0};
    lw_level *level = dtest_load_sample("pipe-works.json", &art);
    lwm_disasm_options opts = lwm_disasm_options_default(LWM_GAME_S1, "GHZ");
    lwm_disasm_export ex = {0};
    lwm_report rep = {0};
    lw_error err;
    char *dir = dtest_tmpdir(), failed[4096];
    g_assert_true(lwm_disasm_export_level(level, &art, &opts, &ex, &rep, &err));
    g_assert_true(lwm_disasm_export_write(&ex, dir, failed, &err));
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    uint32_t chunks = level->chunk_count;
    lw_level_free(level);
    size_t n;
    uint8_t *lay = dtest_read(dir, "levels/ghz1.bin", &n);
    uint32_t w = lay[0] + 1u, h = lay[1] + 1u, at = 0, plain = 0;
    g_assert_cmpuint(n, ==, 2u + w * h);
    while (at < w * h && !(lay[2 + at] && lay[2 + at] < chunks))
        at++; /* a slot whose chunk has a successor: the loop */
    g_assert_cmpuint(at, <, w * h);
    uint8_t id = lay[2 + at];
    for (uint32_t i = 0; i < w * h; i++)
        if (lay[2 + i] && lay[2 + i] != id)
            plain = i; /* another chunk: the tunnel */
    g_assert_cmpuint(lay[2 + plain], !=, 0);
    for (uint32_t i = 0; i < w * h; i++)
        if (lay[2 + i] == id)
            lay[2 + i] |= 0x80u;
    dtest_write(dir, "levels/ghz1.bin", lay, n);
    char table[256];
    snprintf(table, sizeof table,
             "LoopTileNums:\n\tdc.b\t$%02X,\t$7F,\t$%02X,\t$7F\t; Green Hill\nNext:\n", id | 0x80u,
             lay[2 + plain]);
    dtest_write_text(dir, "_inc/LevelSizeLoad & BgScrollSpeed.asm", table);

    lwm_disasm_import_options io = {0};
    io.game = LWM_GAME_S1;
    io.zone = "GHZ";
    io.act = 1;
    lwm_disasm_import im;
    if (!lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err))
        g_error("%s: %s", failed, err.message);
    g_assert_cmpuint(im.level->loop_chunk_count, ==, 2);
    const lw_loop_chunk *e = lw_level_loop_chunk(im.level, (uint16_t)(id - 1u));
    g_assert_nonnull(e);
    g_assert_cmpuint(e->path_b, ==, id); /* file chunk id + 1 is level chunk id */
    g_assert_cmpuint(e->rule, ==, LW_LOOP_LOOP);
    e = lw_level_loop_chunk(im.level, (uint16_t)(lay[2 + plain] - 1u));
    g_assert_nonnull(e);
    g_assert_cmpuint(e->path_b, ==, LW_NONE);
    g_assert_cmpuint(e->rule, ==, LW_LOOP_TUNNEL);
    /* the special slots still hold their chunk */
    g_assert_cmpuint(lw_level_layout_get(im.level, LW_LAYER_FG, at % w, at / w), ==, id - 1u);
    g_assert_true(report_has(&rep, "2 Sonic 1 loop chunks"));
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&rep);

    /* without LoopTileNums: the loop slots' path B, no rules */
    char *asm_path = g_build_filename(dir, "_inc/LevelSizeLoad & BgScrollSpeed.asm", NULL);
    g_assert_cmpint(remove(asm_path), ==, 0);
    g_free(asm_path);
    g_assert_true(lwm_disasm_import_level(dir, &io, &im, &rep, failed, &err));
    g_assert_cmpuint(im.level->loop_chunk_count, ==, 1);
    g_assert_cmpuint(im.level->loop_chunks[0].chunk, ==, id - 1u);
    g_assert_cmpuint(im.level->loop_chunks[0].path_b, ==, id);
    g_assert_cmpuint(im.level->loop_chunks[0].rule, ==, LW_LOOP_NONE);
    g_assert_true(report_has(&rep, "no LoopTileNums"));
    lwm_disasm_import_clear(&im);
    lwm_report_clear(&rep);
    g_free(lay);
    dtest_rmtree(dir);
    g_free(dir);
}

/* The INI of @root with its first line @old (level 1's) replaced by @line. */
static void set_blocks_line(const char *root, const char *old, const char *line)
{
    size_t n;
    char *ini = (char *)dtest_read(root, LWM_TREE_INI_FILE, &n);
    char *at = strstr(ini, old);
    g_assert_nonnull(at);
    char *edited = g_strdup_printf("%.*s%s%s", (int)(at - ini), ini, line, at + strlen(old));
    dtest_write_text(root, LWM_TREE_INI_FILE, edited);
    g_free(edited);
    g_free(ini);
}

/* A later blocks part that is not in the tree, whatever the case of its name: skipped with a
 * warning (SonLVL logs it as not found and goes on); the first part missing is refused. */
static void test_missing_part(void)
{
    char *root = make_tree(NULL);
    const char *plain = "blocks=../" BLOCKS_FILE "\n",
               *two = "blocks=../" BLOCKS_FILE "|../mappings/16x16/TST Extra.bin\n";
    set_blocks_line(root, plain, two);
    opened o;
    open_level(root, &o);
    g_assert_true(report_has(&o.rep, "blocks part \"../mappings/16x16/TST Extra.bin\" is not in "
                                     "the tree"));
    g_assert_nonnull(role_path(&o.im.source, "blocks"));
    g_assert_cmpstr(role_path(&o.im.source, "blocks"), ==, BLOCKS_FILE);
    lwm_tree_export ex;
    lwm_report rep = {0};
    char failed[4096];
    lw_error err;
    g_assert_true(lwm_tree_export_level(&o.tree, &o.im.source, o.im.level, &o.im.tileset, &ex, &rep,
                                        failed, &err));
    g_assert_cmpuint(ex.file_count, ==, 0);
    lwm_tree_export_clear(&ex);
    lwm_report_clear(&rep);
    close_level(&o);
    set_blocks_line(root, two, "blocks=../mappings/16x16/None.bin|../" BLOCKS_FILE "\n");
    lwm_tree tree;
    lwm_tree_import im;
    g_assert_true(lwm_tree_open(root, &tree, failed, &err));
    g_assert_false(lwm_tree_import_level(&tree, 0, &im, &rep, failed, &err));
    g_assert_nonnull(strstr(failed, "None.bin"));
    lwm_report_clear(&rep);
    lwm_tree_clear(&tree);
    drop_tree(root);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/masks/disasm-tree/animblocks/import", test_anim_import);
    g_test_add_func("/masks/disasm-tree/animblocks/edits", test_anim_edits);
    g_test_add_func("/masks/disasm-tree/animblocks/bad", test_anim_bad);
    g_test_add_func("/masks/disasm-tree/animblocks/inside", test_anim_inside);
    g_test_add_func("/masks/disasm-tree/water-palette", test_water_palette);
    g_test_add_func("/masks/disasm-tree/missing-part", test_missing_part);
    g_test_add_func("/masks/disasm/s1-folder-loops", test_s1_folder_loops);
    return g_test_run();
}
