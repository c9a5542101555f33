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
    l->layout[LW_LAYER_FG][sy * l->layout_width + sx] = (uint16_t)((ch + 1) % l->chunk_count);
    l->objects[0].x += 32;
    l->masks[3].angle = (uint8_t)(l->masks[3].angle + 2);
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
    o->layout[LW_LAYER_FG][slot] = LW_NONE;
    lw_level_chunk_cells_mut(t, ch)[cell].flags ^= LW_CELL_FLIP_X;
    t->objects[1].y -= 16;
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
    o->layout[LW_LAYER_FG][slot] = LW_NONE;
    t->layout[LW_LAYER_FG][slot] = (uint16_t)((ch + 1) % t->chunk_count);
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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/diff/edits", test_diff);
    g_test_add_func("/editor/diff/merge", test_merge);
    return g_test_run();
}
