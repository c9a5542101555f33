/* SPDX-License-Identifier: MIT */
#include "sprites-fixture.h"

#include <glib/gstdio.h>
#include <loopwright/nemesis.h>
#include <stdlib.h>
#include <string.h>

static char *tmp, *tree;

void sprites_fixture_begin(const char *tmpl)
{
    tmp = g_dir_make_tmp(tmpl, NULL);
    g_assert_nonnull(tmp);
    tree = g_build_filename(tmp, "tree", NULL);
}

int sprites_fixture_end(int rc)
{
    g_autofree char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_clear_pointer(&tree, g_free);
    g_clear_pointer(&tmp, g_free);
    return rc;
}

const char *sprites_fixture_dir(void)
{
    return tmp;
}

const char *sprites_fixture_tree(void)
{
    return tree;
}

void sprites_fixture_put(const char *rel, const void *data, gssize len)
{
    g_autofree char *path = g_build_filename(tree, rel, NULL);
    g_autofree char *dir = g_path_get_dirname(path);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0755), ==, 0);
    g_assert_true(g_file_set_contents(path, data, len, NULL));
}

unsigned sprites_fixture_colour_word(unsigned i)
{
    return (i & 7) << 1 | ((i >> 3) & 7) << 5 | (i % 5) << 9;
}

guint32 sprites_fixture_rgb(unsigned i)
{
    unsigned w = sprites_fixture_colour_word(i), r = (w >> 1) & 7, g = (w >> 5) & 7,
             b = (w >> 9) & 7;
    return 0xFF000000u | ((r * 255 + 3) / 7) << 16 | ((g * 255 + 3) / 7) << 8 | (b * 255 + 3) / 7;
}

void sprites_fixture_put_palette(void)
{
    guint8 pal[128];
    for (unsigned i = 0; i < 64; i++) {
        pal[2 * i] = (guint8)(sprites_fixture_colour_word(i) >> 8);
        pal[2 * i + 1] = (guint8)sprites_fixture_colour_word(i);
    }
    sprites_fixture_put("pal/test.bin", pal, sizeof pal);
}

void sprites_fixture_patterns(sprites_fixture_pixel_fn fn, guint8 *out)
{
    for (unsigned t = 0; t < 4; t++)
        for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 8; x += 2)
                out[t * 32 + y * 4 + x / 2] = (guint8)(fn(t, x, y) << 4 | fn(t, x + 1, y));
}

void sprites_fixture_put_nemesis(const char *rel, sprites_fixture_pixel_fn fn)
{
    guint8 art[4 * 32];
    sprites_fixture_patterns(fn, art);
    g_autofree guint8 *nem = g_malloc(lw_nemesis_bound(sizeof art));
    size_t n = lw_nemesis_compress(art, sizeof art, nem);
    g_assert_cmpuint(n, >, 0);
    sprites_fixture_put(rel, nem, (gssize)n);
}

lw_object sprites_fixture_marker(const char *kind, unsigned id, unsigned subtype, gboolean xflip,
                                 gboolean yflip)
{
    lw_object o;
    memset(&o, 0, sizeof o);
    o.type = LW_OBJECT_MARKER;
    char buf[16];
    g_assert_true(lw_object_set_property(&o, "disasm", kind));
    g_snprintf(buf, sizeof buf, "0x%02X", id);
    g_assert_true(lw_object_set_property(&o, "id", buf));
    g_snprintf(buf, sizeof buf, "0x%02X", subtype);
    g_assert_true(lw_object_set_property(&o, "subtype", buf));
    g_assert_true(lw_object_set_property(&o, "x_flip", xflip ? "true" : "false"));
    g_assert_true(lw_object_set_property(&o, "y_flip", yflip ? "true" : "false"));
    return o;
}

const EditorDisasmSprite *sprites_fixture_get(EditorDisasmSprites *s, const char *kind, unsigned id,
                                              unsigned subtype, gboolean xflip, gboolean yflip)
{
    lw_object o = sprites_fixture_marker(kind, id, subtype, xflip, yflip);
    const EditorDisasmSprite *sp = editor_disasm_sprites_get(s, &o);
    lw_object_clear(&o);
    return sp;
}

guint32 sprites_fixture_at(const EditorDisasmSprite *s, int x, int y)
{
    int u = x - s->left, v = y - s->top;
    if (u < 0 || v < 0 || u >= (int)s->width || v >= (int)s->height)
        return 0;
    return s->argb[(gsize)v * s->width + (gsize)u];
}

EditorDisasmSprites *sprites_fixture_open(void)
{
    return sprites_fixture_open_level("Test Zone Act 1");
}

EditorDisasmSprites *sprites_fixture_open_level(const char *name)
{
    g_autoptr(GError) error = NULL;
    EditorDisasmSprites *s = editor_disasm_sprites_new(tree, name, &error);
    g_assert_no_error(error);
    g_assert_nonnull(s);
    return s;
}

void sprites_fixture_put_one_frame(sprites_fixture_pixel_fn fn)
{
    sprites_fixture_put("map/one.asm",
                        "M:\tmappingsTable\n\tmappingsTableEntry.w\tM_0\n"
                        "M_0:\tspriteHeader\n\tspritePiece\t0, 0, 2, 1, 0, 0, 0, 0, 0\nM_0_End\n",
                        -1);
    guint8 art[4 * 32];
    sprites_fixture_put_plain(fn, art);
}

void sprites_fixture_put_plain(sprites_fixture_pixel_fn fn, guint8 *art)
{
    sprites_fixture_put_palette();
    sprites_fixture_patterns(fn, art);
    sprites_fixture_put("art/plain.bin", art, 4 * 32);
}

void sprites_fixture_assert_moved(const EditorDisasmSprite *a, const EditorDisasmSprite *b,
                                  gboolean xflip, gboolean yflip, int dx, int dy)
{
    g_assert_nonnull(a);
    g_assert_nonnull(b);
    g_assert_cmpuint(a->width, ==, b->width);
    g_assert_cmpuint(a->height, ==, b->height);
    g_assert_cmpint(a->left, ==, (xflip ? -(b->left + (int)b->width) : b->left) + dx);
    g_assert_cmpint(a->top, ==, (yflip ? -(b->top + (int)b->height) : b->top) + dy);
    for (guint y = 0; y < b->height; y++)
        for (guint x = 0; x < b->width; x++) {
            guint u = xflip ? b->width - 1 - x : x, v = yflip ? b->height - 1 - y : y;
            g_assert_cmphex(a->argb[v * a->width + u], ==, b->argb[y * b->width + x]);
        }
}

gboolean sprites_fixture_has_warning(EditorDisasmSprites *s, const char *text)
{
    for (guint i = 0; i < editor_disasm_sprites_warning_count(s); i++)
        if (strstr(editor_disasm_sprites_warning(s, i), text))
            return TRUE;
    return FALSE;
}
