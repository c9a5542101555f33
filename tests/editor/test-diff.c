/* SPDX-License-Identifier: MIT */
/* `loopwright diff` (edits with places, --textconv, --png, exit 0/1/2) and `merge-level`
 * (clean merges of edits to different places, conflicts with their places). */
#include "cli-run.h"
#include "level-json.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <string.h>

typedef struct fixture {
    char *dir, *base;
} fixture;

static char *sample(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static lw_level *load_sample(void)
{
    char *path = sample("loop-hill.json");
    lw_level *l = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(path, 0, &l, &err));
    g_free(path);
    return l;
}

static char *save(const fixture *f, const char *name, const lw_level *l)
{
    char *p = g_build_filename(f->dir, name, NULL);
    size_t len = 0;
    char *json = editor_level_to_json(l, &len);
    g_assert_nonnull(json);
    g_assert_true(g_file_set_contents(p, json, (gssize)len, NULL));
    free(json);
    return p;
}

static void setup(fixture *f)
{
    f->dir = g_dir_make_tmp("lw-diff-XXXXXX", NULL);
    char *tiles = sample("tiles.png"), *copy = g_build_filename(f->dir, "tiles.png", NULL);
    char *data;
    gsize n;
    g_assert_true(g_file_get_contents(tiles, &data, &n, NULL));
    g_assert_true(g_file_set_contents(copy, data, (gssize)n, NULL));
    g_free(data);
    g_free(tiles);
    g_free(copy);
    lw_level *l = load_sample();
    f->base = save(f, "base.json", l);
    lw_level_free(l);
}

static void teardown(fixture *f)
{
    GDir *d = g_dir_open(f->dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name(d))) {
        char *p = g_build_filename(f->dir, name, NULL);
        g_remove(p);
        g_free(p);
    }
    g_dir_close(d);
    g_rmdir(f->dir);
    g_free(f->dir);
    g_free(f->base);
}

/* The first non-empty foreground slot and its chunk's first used cell. */
static void find_slot(const lw_level *l, uint32_t *sx, uint32_t *sy, uint32_t *cell)
{
    for (uint32_t y = 0; y < l->layout_height; y++)
        for (uint32_t x = 0; x < l->layout_width; x++) {
            uint16_t ch = lw_level_layout_get(l, LW_LAYER_FG, x, y);
            if (ch == LW_NONE)
                continue;
            const lw_cell *cells = lw_level_chunk_cells(l, ch);
            for (uint32_t i = 0; i < lw_level_cells_per_chunk(l); i++)
                if (cells[i].tile != LW_NONE) {
                    *sx = x, *sy = y, *cell = i;
                    return;
                }
        }
    g_assert_not_reached();
}

static void test_diff(void)
{
    fixture f;
    setup(&f);
    cli_result r = cli_run((const char *[]){"diff", f.base, f.base, NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_nonnull(strstr(r.out, "\n0 differences\n"));
    cli_run_free(&r);

    lw_level *l = load_sample();
    uint32_t sx, sy, cell;
    find_slot(l, &sx, &sy, &cell);
    uint16_t ch = lw_level_layout_get(l, LW_LAYER_FG, sx, sy);
    lw_level_layout_mut(l, LW_LAYER_FG)[sy * l->layout_width + sx] =
        (uint16_t)((ch + 1) % l->chunk_count);
    lw_level_objects_mut(l)[0].x += 32;
    lw_level_masks_mut(l)[3].angle = (uint8_t)(l->masks[3].angle + 2);
    char *b = save(&f, "b.json", l);
    char *png = g_build_filename(f.dir, "diff.png", NULL);
    r = cli_run((const char *[]){"diff", f.base, b, "--png", png, NULL});
    g_assert_cmpint(r.code, ==, 1);
    char *want = g_strdup_printf("layout fg %u,%u (px %u,%u): chunk %u -> chunk %u\n", sx, sy,
                                 sx * l->chunk_px, sy * l->chunk_px, ch, (ch + 1) % l->chunk_count);
    g_assert_nonnull(strstr(r.out, want));
    g_free(want);
    want = g_strdup_printf("object %u: ", l->objects[0].id);
    g_assert_nonnull(strstr(r.out, want));
    g_free(want);
    g_assert_nonnull(strstr(r.out, "mask 3: heights"));
    g_assert_nonnull(strstr(r.out, "\n3 differences\n"));
    cli_run_free(&r);
    uint32_t w = 0, h = 0;
    lw_error err;
    g_assert_true(lwm_png_read_size(png, &w, &h, &err));
    g_assert_cmpuint(w, ==, (uint32_t)lw_level_width_px(l) + 176);
    g_assert_cmpuint(h, ==, (uint32_t)lw_level_height_px(l));

    /* textconv: one fact a line, the changed slot among them */
    r = cli_run((const char *[]){"diff", "--textconv", b, NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_true(g_str_has_prefix(r.out, "level name: "));
    g_assert_nonnull(strstr(r.out, "\nlayout fg "));
    cli_run_free(&r);

    /* every fact is followed by a line naming it (so git pairs old and new values) */
    r = cli_run((const char *[]){"diff", "--textconv", b, NULL});
    g_assert_nonnull(strstr(r.out, "\nmask 3: heights "));
    g_assert_nonnull(strstr(r.out, "\n  (mask 3)\n"));
    cli_run_free(&r);

    /* /dev/null (git's name for the missing side of an added or deleted file) */
    r = cli_run((const char *[]){"diff", "/dev/null", b, NULL});
    g_assert_cmpint(r.code, ==, 1);
    g_assert_nonnull(strstr(r.out, "\nlevel name: added: "));
    cli_run_free(&r);
    r = cli_run((const char *[]){"diff", b, "/dev/null", NULL});
    g_assert_cmpint(r.code, ==, 1);
    g_assert_nonnull(strstr(r.out, "\nlevel name: removed (was "));
    cli_run_free(&r);
    r = cli_run((const char *[]){"diff", "/dev/null", b, "--png", png, NULL});
    g_assert_cmpint(r.code, ==, 2);
    cli_run_free(&r);

    /* usage and unreadable input: 2 */
    r = cli_run((const char *[]){"diff", f.base, NULL});
    g_assert_cmpint(r.code, ==, 2);
    cli_run_free(&r);
    r = cli_run((const char *[]){"diff", f.base, "/nonexistent.json", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "/nonexistent.json"));
    cli_run_free(&r);
    g_free(png);
    g_free(b);
    lw_level_free(l);
    teardown(&f);
}

static void test_merge(void)
{
    fixture f;
    setup(&f);
    lw_level *o = load_sample(), *t = load_sample();
    uint32_t sx, sy, cell;
    find_slot(o, &sx, &sy, &cell);
    size_t slot = (size_t)sy * o->layout_width + sx;
    uint16_t ch = o->layout[LW_LAYER_FG][slot];
    /* ours: a layout slot; theirs: a chunk cell, an object moved, an override */
    lw_level_layout_mut(o, LW_LAYER_FG)[slot] = LW_NONE;
    lw_level_chunk_cells_mut(t, ch)[cell].flags ^= LW_CELL_FLIP_X;
    lw_level_objects_mut(t)[1].y -= 16;
    g_assert_true(lw_level_set_override(t, "top", 2048));
    char *ours = save(&f, "ours.json", o), *theirs = save(&f, "theirs.json", t);
    cli_result r = cli_run((const char *[]){"merge-level", f.base, ours, theirs, NULL});
    g_assert_cmpstr(r.err, ==, "");
    g_assert_cmpint(r.code, ==, 0);
    cli_run_free(&r);
    lw_level *m = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(ours, 0, &m, &err));
    g_assert_cmpuint(m->layout[LW_LAYER_FG][slot], ==, LW_NONE);
    g_assert_cmpuint(lw_level_chunk_cells(m, ch)[cell].flags, ==,
                     lw_level_chunk_cells(t, ch)[cell].flags);
    g_assert_cmpint(m->objects[1].y, ==, t->objects[1].y);
    g_assert_cmpuint(m->override_count, ==, t->override_count);
    lw_level_free(m);

    /* both sides change the same slot differently: a conflict at that place, ours untouched */
    lw_level_free(o);
    o = load_sample();
    lw_level_layout_mut(o, LW_LAYER_FG)[slot] = LW_NONE;
    lw_level_layout_mut(t, LW_LAYER_FG)[slot] = (uint16_t)((ch + 1) % t->chunk_count);
    g_free(ours);
    g_free(theirs);
    ours = save(&f, "ours.json", o);
    theirs = save(&f, "theirs.json", t);
    char *before;
    g_assert_true(g_file_get_contents(ours, &before, NULL, NULL));
    r = cli_run((const char *[]){"merge-level", f.base, ours, theirs, NULL});
    g_assert_cmpint(r.code, ==, 1);
    char *want =
        g_strdup_printf("conflict: layout fg %u,%u (px %u,%u): ours chunk -1, theirs "
                        "chunk %u",
                        sx, sy, sx * o->chunk_px, sy * o->chunk_px, (ch + 1) % t->chunk_count);
    g_assert_nonnull(strstr(r.err, want));
    g_free(want);
    cli_run_free(&r);
    char *after;
    g_assert_true(g_file_get_contents(ours, &after, NULL, NULL));
    g_assert_cmpstr(before, ==, after);
    g_free(before);
    g_free(after);
    g_free(ours);
    g_free(theirs);
    lw_level_free(o);
    lw_level_free(t);
    teardown(&f);
}

/* Run @cmd (a shell command line) in @dir; returns its stdout, asserts exit 0. */
static char *sh(const char *dir, const char *cmd)
{
    char *argv[] = {"/bin/sh", "-c", (char *)cmd, NULL}, *out = NULL, *err = NULL;
    int status = 0;
    GError *error = NULL;
    g_assert_true(
        g_spawn_sync(dir, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
    if (!g_spawn_check_wait_status(status, NULL))
        g_error("%s failed:\n%s", cmd, err);
    g_free(err);
    return out;
}

/* docs/GIT.md's set-up on a scratch repository: `git log -p` through the textconv shows each
 * changed fact as a -old/+new pair, and `git log -p --ext-diff` through scripts/git-level-diff
 * lists the edits, the commit that added the level included (git passes /dev/null for it). */
static void test_git_log(void)
{
    char *git = g_find_program_in_path("git");
    if (!git) {
        g_test_skip("git is not installed");
        return;
    }
    g_free(git);
    fixture f;
    setup(&f);
    lw_level *l = load_sample();
    uint32_t sx, sy, cell;
    find_slot(l, &sx, &sy, &cell);
    char *q = g_shell_quote(g_getenv("LW_LOOPWRIGHT")),
         *root = g_strdup(g_getenv("LW_SOURCE_ROOT"));
    char *script = g_build_filename(root, "scripts", "git-level-diff", NULL);
    char *qs = g_shell_quote(script);
    char *setup_cmd = g_strdup_printf(
        "git init -q . && git config user.email t@example.invalid && git config user.name t && "
        "git config diff.loopwright.textconv \"%s diff --textconv\" && "
        "git config diff.loopwright.command %s && "
        "echo 'level.json diff=loopwright' > .gitattributes && cp base.json level.json && "
        "git add level.json .gitattributes tiles.png && git commit -qm one",
        q, qs);
    g_free(sh(f.dir, setup_cmd));
    uint16_t ch = lw_level_layout_get(l, LW_LAYER_FG, sx, sy),
             to = (uint16_t)((ch + 1) % l->chunk_count);
    lw_level_layout_mut(l, LW_LAYER_FG)[sy * l->layout_width + sx] = to;
    lw_level_masks_mut(l)[3].angle = (uint8_t)(l->masks[3].angle + 2);
    char *lv = save(&f, "level.json", l);
    g_free(sh(f.dir, "git commit -qam two"));
    char *log = sh(f.dir, "git log -p level.json");
    char *want =
        g_strdup_printf("\n-layout fg %u,%u (px %u,%u): chunk %u\n+layout fg %u,%u (px "
                        "%u,%u): chunk %u\n   (layout fg %u,%u (px %u,%u))\n",
                        sx, sy, sx * l->chunk_px, sy * l->chunk_px, ch, sx, sy, sx * l->chunk_px,
                        sy * l->chunk_px, to, sx, sy, sx * l->chunk_px, sy * l->chunk_px);
    if (!strstr(log, want))
        g_error("no \"%s\" in git log -p:\n%.2000s", want, log);
    g_assert_nonnull(strstr(log, "\n-mask 3: heights"));
    g_free(want);
    g_free(log);
    char *ext_cmd = g_strdup_printf("LOOPWRIGHT=%s git log -p --ext-diff level.json", q);
    log = sh(f.dir, ext_cmd);
    want = g_strdup_printf("layout fg %u,%u (px %u,%u): chunk %u -> chunk %u\n", sx, sy,
                           sx * l->chunk_px, sy * l->chunk_px, ch, to);
    g_assert_nonnull(strstr(log, want));
    g_assert_nonnull(strstr(log, "\n2 differences\n"));
    g_assert_nonnull(strstr(log, "\n--- /dev/null\n"));
    g_assert_nonnull(strstr(log, "\nlevel name: added: "));
    g_free(want);
    g_free(log);
    g_free(ext_cmd);
    g_free(setup_cmd);
    g_free(sh(f.dir, "rm -rf .git .gitattributes"));
    g_free(lv);
    g_free(qs);
    g_free(script);
    g_free(root);
    g_free(q);
    lw_level_free(l);
    teardown(&f);
}

/* ---- merge-level with elements removed from the middle of the mask, tile and chunk lists ---- */

/* An extra mask + tile + chunk (the tile uses the mask, the chunk the tile), told apart by
 * @variant, inserted at @mat / @tat / @cat with every reference after them renumbered: what a
 * level gains or loses when one of these is added or removed in the middle of its lists. */
typedef struct extra {
    uint32_t mask_at, tile_at, chunk_at;
    int variant;
} extra;

static void insert_extra(lw_level *l, const extra *x)
{
    lw_mask mk = {0};
    for (int c = 0; c < 16; c++)
        mk.heights[c] = (int8_t)(x->variant ? 2 + c % 2 : 9 - c % 3);
    mk.angle = (uint8_t)(x->variant ? 0x06 : 0x0A);
    g_assert_cmpint(lw_level_add_mask(l, &mk), >=, 0);
    memmove(&lw_level_masks_mut(l)[x->mask_at + 1], &l->masks[x->mask_at],
            (l->mask_count - 1 - x->mask_at) * sizeof *l->masks);
    lw_mask_derive_widths(&mk);
    lw_level_masks_mut(l)[x->mask_at] = mk;
    for (uint32_t t = 0; t < l->tile_count; t++)
        for (int p = 0; p < 2; p++)
            if (l->tiles[t].mask[p] != LW_NONE && l->tiles[t].mask[p] >= x->mask_at)
                lw_level_tiles_mut(l)[t].mask[p]++;
    lw_tile tile = {.art = (uint16_t)(x->variant ? 1 : 2),
                    .mask = {(uint16_t)x->mask_at, (uint16_t)x->mask_at},
                    .flags = 0};
    g_assert_cmpint(lw_level_add_tile(l, &tile), >=, 0);
    memmove(&lw_level_tiles_mut(l)[x->tile_at + 1], &l->tiles[x->tile_at],
            (l->tile_count - 1 - x->tile_at) * sizeof *l->tiles);
    lw_level_tiles_mut(l)[x->tile_at] = tile;
    uint32_t per = lw_level_cells_per_chunk(l);
    for (uint32_t c = 0; c < l->chunk_count; c++) {
        lw_cell *cells = lw_level_chunk_cells_mut(l, c);
        for (uint32_t i = 0; i < per; i++)
            if (cells[i].tile != LW_NONE && cells[i].tile >= x->tile_at)
                cells[i].tile++;
    }
    g_assert_cmpint(lw_level_add_chunk(l, NULL), >=, 0);
    memmove(lw_level_chunk_cells_mut(l, x->chunk_at + 1), lw_level_chunk_cells(l, x->chunk_at),
            (size_t)(l->chunk_count - 1 - x->chunk_at) * per * sizeof(lw_cell));
    lw_cell *cells = lw_level_chunk_cells_mut(l, x->chunk_at);
    for (uint32_t i = 0; i < per; i++)
        cells[i] = (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0};
    cells[x->variant ? 3 : 0] = (lw_cell){.tile = (uint16_t)x->tile_at, .flags = 0, .solid = 5};
    for (int layer = 0; layer < 2; layer++)
        for (uint32_t i = 0; l->layout[layer] && i < (uint32_t)l->layout_width * l->layout_height;
             i++)
            if (l->layout[layer][i] != LW_NONE && l->layout[layer][i] >= x->chunk_at)
                lw_level_layout_mut(l, (lw_layer)layer)[i]++;
}

/* X2 goes in before X1, each at its place in the sample's numbering, so a level holding either
 * or both has them in the same order. */
static const extra X1 = {10, 20, 5, 0}, X2 = {40, 60, 20, 1};

enum { HAS_X1 = 1, HAS_X2 = 2 };

/* Ours' edits (in the sample's numbering): a mask angle, a tile's flags, a chunk cell, a layout
 * slot, a mask added at the end. */
static void edit_ours(lw_level *l)
{
    lw_level_masks_mut(l)[50].angle = (uint8_t)(l->masks[50].angle + 2);
    lw_level_tiles_mut(l)[100].flags ^= 1;
    lw_level_chunk_cells_mut(l, 30)[9].flags ^= LW_CELL_FLIP_X;
    uint32_t slot = 0;
    while (l->layout[LW_LAYER_FG][slot] == LW_NONE)
        slot++;
    lw_level_layout_mut(l, LW_LAYER_FG)[slot] = LW_NONE;
    lw_mask mk = {0};
    for (int c = 0; c < 16; c++)
        mk.heights[c] = (int8_t)c;
    mk.angle = 0xE0;
    g_assert_cmpint(lw_level_add_mask(l, &mk), >=, 0);
}

/* Theirs' edits: another mask, tile, chunk cell, an object, a mask added at the end. */
static void edit_theirs(lw_level *l)
{
    lw_level_masks_mut(l)[60].angle = (uint8_t)(l->masks[60].angle + 4);
    lw_level_tiles_mut(l)[101].art = (uint16_t)(l->tiles[101].art ^ 1);
    lw_level_chunk_cells_mut(l, 31)[12].flags ^= LW_CELL_FLIP_Y;
    lw_level_objects_mut(l)[1].y -= 16;
    lw_mask mk = {0};
    for (int c = 0; c < 16; c++)
        mk.heights[c] = (int8_t)(16 - c);
    mk.angle = 0x20;
    g_assert_cmpint(lw_level_add_mask(l, &mk), >=, 0);
}

static lw_level *variant(unsigned extras, void (*edit1)(lw_level *), void (*edit2)(lw_level *))
{
    lw_level *l = load_sample();
    if (edit1)
        edit1(l);
    if (edit2)
        edit2(l);
    if (extras & HAS_X2)
        insert_extra(l, &X2);
    if (extras & HAS_X1)
        insert_extra(l, &X1);
    lw_error err;
    if (!lw_level_validate(l, &err))
        g_error("test level invalid: %s", err.message);
    return l;
}

/* merge-level BASE OURS THEIRS must succeed and give exactly @want (as JSON). */
static void expect_merge(const fixture *f, const lw_level *base, const lw_level *ours,
                         const lw_level *theirs, const lw_level *want)
{
    char *pb = save(f, "m-base.json", base), *po = save(f, "m-ours.json", ours),
         *pt = save(f, "m-theirs.json", theirs),
         *out = g_build_filename(f->dir, "m-out.json", NULL);
    cli_result r = cli_run((const char *[]){"merge-level", pb, po, pt, "-o", out, NULL});
    g_assert_cmpstr(r.err, ==, "");
    g_assert_cmpint(r.code, ==, 0);
    cli_run_free(&r);
    lw_level *m = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(out, 0, &m, &err));
    char *got = editor_level_to_json(m, NULL), *exp = editor_level_to_json(want, NULL);
    g_assert_cmpstr(got, ==, exp);
    free(got);
    free(exp);
    lw_level_free(m);
    g_free(pb);
    g_free(po);
    g_free(pt);
    g_free(out);
}

static void test_merge_removals(void)
{
    fixture f;
    setup(&f);
    lw_level *base = variant(HAS_X1 | HAS_X2, NULL, NULL);
    struct {
        unsigned ours, theirs;
    } cases[] = {
        {0, HAS_X1 | HAS_X2}, /* ours removed both from the middle of every list */
        {HAS_X1 | HAS_X2, 0}, /* theirs did */
        {HAS_X2, HAS_X1},     /* each side removed a different one */
        {HAS_X2, HAS_X2},     /* both removed the same one */
    };
    for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
        lw_level *o = variant(cases[c].ours, edit_ours, NULL),
                 *t = variant(cases[c].theirs, edit_theirs, NULL),
                 *want = variant(cases[c].ours & cases[c].theirs, edit_ours, edit_theirs);
        expect_merge(&f, base, o, t, want);
        lw_level_free(o);
        lw_level_free(t);
        lw_level_free(want);
    }
    lw_level_free(base);
    teardown(&f);
}

/* True conflicts: a mask one side removed and the other changed, one changed differently on both
 * sides, and a tile added by one side on a mask the other removed; each with its place. */
static void test_merge_removal_conflicts(void)
{
    fixture f;
    setup(&f);
    lw_level *base = variant(HAS_X1 | HAS_X2, NULL, NULL);
    lw_level *o = variant(0, NULL, NULL), *t = variant(HAS_X1 | HAS_X2, NULL, NULL);
    /* in the base and theirs, X1's mask is at 10, X2's at 41 and the sample's mask 50 at 52 */
    uint32_t x1 = X1.mask_at, x2 = X2.mask_at + 1, m50 = 50 + 2;
    lw_level_masks_mut(t)[x1].heights[0] = 12; /* X1's mask, changed */
    lw_level_masks_mut(o)[50].angle = (uint8_t)(o->masks[50].angle + 2);
    lw_level_masks_mut(t)[m50].angle = (uint8_t)(t->masks[m50].angle + 4);
    lw_tile tile = {.art = 3, .mask = {(uint16_t)x2, LW_NONE}, .flags = 0};
    uint32_t added = (uint32_t)lw_level_add_tile(t, &tile); /* on X2's mask, which ours removed */
    char *pb = save(&f, "c-base.json", base), *po = save(&f, "c-ours.json", o),
         *pt = save(&f, "c-theirs.json", t);
    char *before;
    g_assert_true(g_file_get_contents(po, &before, NULL, NULL));
    cli_result r = cli_run((const char *[]){"merge-level", pb, po, pt, NULL});
    g_assert_cmpint(r.code, ==, 1);
    char *want[] = {
        g_strdup_printf("conflict: mask %u: ours removed it, theirs changed it\n", x1),
        g_strdup_printf("conflict: mask %u: ours changed it, theirs changed it\n", m50),
        g_strdup_printf("conflict: tile %u added by theirs: ours removed mask %u, theirs uses it\n",
                        added, x2),
    };
    for (size_t i = 0; i < G_N_ELEMENTS(want); i++) {
        if (!strstr(r.err, want[i]))
            g_error("no \"%s\" in:\n%s", want[i], r.err);
        g_free(want[i]);
    }
    g_assert_nonnull(strstr(r.err, "3 conflicts; the file is left as ours"));
    cli_run_free(&r);
    char *after;
    g_assert_true(g_file_get_contents(po, &after, NULL, NULL));
    g_assert_cmpstr(before, ==, after);
    g_free(before);
    g_free(after);
    g_free(pb);
    g_free(po);
    g_free(pt);
    lw_level_free(base);
    lw_level_free(o);
    lw_level_free(t);
    teardown(&f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/diff/edits", test_diff);
    g_test_add_func("/editor/diff/git-log", test_git_log);
    g_test_add_func("/editor/diff/merge", test_merge);
    g_test_add_func("/editor/diff/merge-removals", test_merge_removals);
    g_test_add_func("/editor/diff/merge-removal-conflicts", test_merge_removal_conflicts);
    return g_test_run();
}
