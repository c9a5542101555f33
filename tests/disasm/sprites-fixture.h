#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Tests: the pieces the disassembly object sprite tests (test-disasm-sprites*.c, docs/DISASM.md
 * §11.3) share to write and read a synthetic tree: a temporary folder with the tree in it, files
 * written into the tree, the 64-colour palette whose colours all differ, four 8x8 patterns drawn
 * by a function (raw or Nemesis-encoded by the engine's encoder), objects asked for their sprite
 * and the pixels of a sprite. Each test writes its own SonLVL.ini, lists and definitions.
 */
#include "disasm-sprites.h"

#include <glib.h>

/** A pattern's colour index (1..15) at (@x, @y) of pattern @t. */
typedef unsigned (*sprites_fixture_pixel_fn)(unsigned t, unsigned x, unsigned y);

/** Make the temporary folder (g_dir_make_tmp's @tmpl, e.g. "lw-dsprites-XXXXXX"); the tree is
 * its folder "tree", not made until a file is written into it. */
void sprites_fixture_begin(const char *tmpl);

/** Remove the folder and free the paths; returns @rc, or 1 when the folder could not be
 * removed. */
int sprites_fixture_end(int rc);

/** The temporary folder's path (owned by the fixture, valid until sprites_fixture_end). */
const char *sprites_fixture_dir(void);

/** The tree's path (owned by the fixture, valid until sprites_fixture_end). */
const char *sprites_fixture_tree(void);

/** Write @len bytes (-1: a string) of @data to @rel in the tree, making its folders. */
void sprites_fixture_put(const char *rel, const void *data, gssize len);

/** Palette colour @i's Mega Drive colour word (0..63: all different). */
unsigned sprites_fixture_colour_word(unsigned i);

/** Palette colour @i as the sprites give it: opaque ARGB, each level as round(level x 255 / 7). */
guint32 sprites_fixture_rgb(unsigned i);

/** Write the 64 colours (sprites_fixture_colour_word) to pal/test.bin. */
void sprites_fixture_put_palette(void);

/** Four 8x8 patterns of @fn, 4 bits a pixel, into @out (128 bytes). */
void sprites_fixture_patterns(sprites_fixture_pixel_fn fn, guint8 *out);

/** The four patterns of @fn Nemesis-encoded, written to @rel. */
void sprites_fixture_put_nemesis(const char *rel, sprites_fixture_pixel_fn fn);

/** An imported object (marker) of disasm kind @kind ("object", "ring"), @id, @subtype and flips;
 * lw_object_clear it. */
lw_object sprites_fixture_marker(const char *kind, unsigned id, unsigned subtype, gboolean xflip,
                                 gboolean yflip);

/** The sprite @s gives the object sprites_fixture_marker describes (NULL: a box). */
const EditorDisasmSprite *sprites_fixture_get(EditorDisasmSprites *s, const char *kind, unsigned id,
                                              unsigned subtype, gboolean xflip, gboolean yflip);

/** The pixel of @s at level offset (@x, @y) from the origin; 0 outside the picture. */
guint32 sprites_fixture_at(const EditorDisasmSprite *s, int x, int y);

/** The tree's sprites for "Test Zone Act 1" (asserts they open; editor_disasm_sprites_free). */
EditorDisasmSprites *sprites_fixture_open(void);

/** The tree's sprites for level @name (asserts they open; editor_disasm_sprites_free). */
EditorDisasmSprites *sprites_fixture_open_level(const char *name);

/** The palette (sprites_fixture_put_palette) and `art/plain.bin`, the four patterns of @fn
 * uncompressed, also given in @art (128 bytes). */
void sprites_fixture_put_plain(sprites_fixture_pixel_fn fn, guint8 *art);

/** One 16x8 frame for INI and C# objects to draw: `map/one.asm` (frame 0: patterns 0 and 1 side
 * by side at the origin, in the S2 macro form), the palette, and `art/plain.bin`, the four
 * patterns of @fn uncompressed. */
void sprites_fixture_put_one_frame(sprites_fixture_pixel_fn fn);

/** Assert that @a is picture @b mirrored about the origin by the flips, then moved by (@dx,
 * @dy): the same size, place and every pixel. */
void sprites_fixture_assert_moved(const EditorDisasmSprite *a, const EditorDisasmSprite *b,
                                  gboolean xflip, gboolean yflip, int dx, int dy);

/** Whether one of @s's warnings contains @text. */
gboolean sprites_fixture_has_warning(EditorDisasmSprites *s, const char *text);
