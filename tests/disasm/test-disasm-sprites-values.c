/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter's values and library calls (editor/doc/disasm-sprites-cs-value.c,
 * docs/DISASM.md §11.1) on a synthetic tree, written as s2disasm's MTZ trigger platform and
 * moving block are: System.Drawing's Point and Size (a field of a variable stored into in
 * place, a copy a copy, `var r = p.Y = e`, compound assignment), `new Sprite(s, point)` and
 * `Offset(point)`, overloads of one count told apart by parameter type (a byte or an
 * ObjectEntry; the wrong one would recurse for ever), a default parameter,
 * `LevelData.Level.DisplayName` (the INI's displayname, else the section) with `Remove`,
 * `Array.Reverse`, `ReadOnlyCollection` over a list with `Contains`, the string methods and
 * where C# throws; the file's enums and a list's `ToArray`, as s1disasm's spiked balls and
 * swinging platforms use them; an abstract property a derived class's getter gives and
 * `new Sprite(s, dx, dy, xflip, yflip)` (moved, then mirrored), as skdisasm's orbiting spike
 * balls and flamethrowers have them. Each sprite is compared pixel by pixel with an INI object
 * drawing the same frame, moved by what the code computes.
 */
#include "sprites-fixture.h"

#include <string.h>

static unsigned pix(unsigned t, unsigned x, unsigned y)
{
    return (t * 7 + 2 * x + y) % 15 + 1;
}

/* [10] frame 0: 16x8 px at (0, 0) */
static const char *obj_ini = "[10]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/one.asm\n"
                             "[30]\n"
                             "codefile=Platform.cs\n"
                             "[31]\n"
                             "codefile=Strings.cs\n"
                             "[32]\n"
                             "codefile=Chain.cs\n"
                             "[33]\n"
                             "codefile=Orbit.cs\n"
                             "codetype=Test.OrbitVertical\n"
                             "[34]\n"
                             "codefile=Orbit.cs\n"
                             "codetype=Test.OrbitAcross\n";

static const char *platform_cs =
    "using System;\nusing System.Collections.Generic;\nusing System.Collections.ObjectModel;\n"
    "using System.Drawing;\n"
    "namespace Test\n{\n"
    "\tclass Platform : ObjectDefinition\n\t{\n"
    "\t\tprivate ReadOnlyCollection<byte> subtypes;\n"
    "\t\tprivate Sprite[] sprites;\n"
    "\t\tprivate readonly int[] radii = { 0x10, 0x30 };\n"
    "\t\tprivate ReadOnlyCollection<Size> sizes;\n"
    "\t\tprivate Point kept;\n"
    "\t\tpublic override void Init(ObjectData data)\n\t\t{\n"
    "\t\t\tvar art = ObjectHelper.OpenArtFile(\"../art/plain.bin\", "
    "CompressionType.Uncompressed);\n"
    "\t\t\tsprites = new Sprite[2];\n"
    "\t\t\tvar first = 0; /* not a literal: the literal scan draws no default image */\n"
    "\t\t\tsprites[0] = new Sprite(ObjectHelper.MapASMToBmp(art, \"../map/one.asm\", first, "
    "0));\n"
    "\t\t\tsprites[1] = ObjectHelper.UnknownObject;\n"
    "\t\t\tif (IsOdd()) Array.Reverse(sprites);\n"
    "\t\t\tvar list = new List<byte>() { 0x00, 0x01, 0x02 };\n"
    "\t\t\tfor (var i = 0x10; i < 0x12; i++) list.Add((byte)i);\n"
    "\t\t\tsubtypes = new ReadOnlyCollection<byte>(list);\n"
    "\t\t\tlist.Add(0x04); /* the collection is a view: it sees this */\n"
    "\t\t\tsizes = new ReadOnlyCollection<Size>(new Size[] { new Size(0x20, 0x0C), new Size(4, "
    "8) });\n"
    "\t\t\tkept.Y = 3; /* a field's default Point, stored into */\n"
    "\t\t}\n"
    "\t\tprivate bool IsOdd() { return LevelData.Level.DisplayName.Remove(8) == \"Odd Zone\"; }\n"
    "\t\tprivate bool IsValid(byte subtype) { return subtypes.Contains(subtype); }\n"
    "\t\tprivate bool IsValid(ObjectEntry obj) { return IsValid(obj); }\n"
    "\t\tprivate Sprite GetFrame(byte subtype)\n\t\t{\n"
    "\t\t\treturn IsValid(subtype) ? sprites[(subtype & 0x10) >> 4] : "
    "ObjectHelper.UnknownObject;\n"
    "\t\t}\n"
    "\t\tprivate Sprite GetFrame(ObjectEntry obj)\n\t\t{\n"
    "\t\t\treturn new Sprite(GetFrame(obj.SubType), obj.XFlip, obj.YFlip);\n"
    "\t\t}\n"
    "\t\tprivate Point GetOffset(byte subtype, bool xFlip = false)\n\t\t{\n"
    "\t\t\tvar offset = new Point(0, 0);\n"
    "\t\t\tswitch (subtype & 0x0F)\n\t\t\t{\n"
    "\t\t\t\tcase 1:\n\t\t\t\t\toffset.X = xFlip ? -0x40 : 0x20;\n\t\t\t\t\tbreak;\n"
    "\t\t\t\tcase 2:\n\t\t\t\t\tvar r = offset.Y = radii[1];\n"
    "\t\t\t\t\toffset.X = r / 2;\n\t\t\t\t\toffset.Y *= -1;\n\t\t\t\t\tbreak;\n"
    "\t\t\t\tcase 4:\n\t\t\t\t\toffset = kept;\n\t\t\t\t\tbreak;\n"
    "\t\t\t}\n"
    "\t\t\tvar copy = offset;\n"
    "\t\t\tcopy.X = 999; /* a copy: offset keeps its X */\n"
    "\t\t\treturn offset;\n"
    "\t\t}\n"
    "\t\tprivate Point GetOffset(ObjectEntry obj)\n\t\t{\n"
    "\t\t\treturn obj.YFlip ? GetOffset(obj.SubType) : GetOffset(obj.SubType, obj.XFlip);\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tvar size = sizes[1];\n"
    "\t\t\tsize.Width += 2; /* 6: the list's stays 4 */\n"
    "\t\t\tvar sprite = new Sprite(GetFrame(obj), GetOffset(obj));\n"
    "\t\t\tif (sizes[1].Width == 4 && size.Width == 6 && sizes.Count == 2)\n"
    "\t\t\t\tsprite.Offset(new Point(size.Width, size.Height));\n"
    "\t\t\treturn sprite;\n"
    "\t\t}\n"
    "\t}\n}\n";

/* Subtype 0: every string method as C# gives it, else null; 1..3: where C# throws, a box. */
static const char *strings_cs =
    "class Strings : ObjectDefinition\n{\n"
    "\tprivate Sprite frame;\n"
    "\tpublic override void Init(ObjectData data)\n\t{\n"
    "\t\tvar first = 0;\n"
    "\t\tframe = ObjectHelper.MapASMToBmp(LevelData.ReadFile(\"../art/plain.bin\", "
    "CompressionType.Uncompressed), \"../map/one.asm\", first, 0);\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t{\n"
    "\t\tvar s = \"Test Zone\";\n"
    "\t\tif (obj.SubType == 1 && s.Substring(7, 3) == \"ne\") return frame;\n"
    "\t\tif (obj.SubType == 2 && s.Remove(-1) == \"\") return frame;\n"
    "\t\tif (obj.SubType == 3 && s.Remove(9) == s) return frame;\n"
    "\t\tif (s.Substring(5) == \"Zone\" && s.Substring(5, 2) == \"Zo\" && s.Remove(4) == \"Test\" "
    "&&\n"
    "\t\t    s.Remove(1, 3) == \"T Zone\" && s.StartsWith(\"Test\") && !s.StartsWith(\"Zone\") &&\n"
    "\t\t    s.EndsWith(\"one\") && s.Contains(\"t Z\") && !s.Contains(\"x\") &&\n"
    "\t\t    s.Remove(8) == \"Test Zon\" && new[] { 1, 2 }.Length == 2)\n"
    "\t\t\treturn frame;\n"
    "\t\treturn null;\n"
    "\t}\n}\n";

/* The file's enums (counted on from a literal, nested too) and a list copied by ToArray, as
 * s1disasm's spiked balls and swinging platforms have them: subtype 0xN5 draws N + 1 copies of
 * the frame 16 px apart downwards, another high nibble nothing. */
static const char *chain_cs =
    "using System.Collections.Generic;\n"
    "namespace Test\n{\n"
    "\tpublic enum Motion { Still, Across = 4, Round }\n"
    "\tclass Chain : ObjectDefinition\n\t{\n"
    "\t\tenum Inner { A = -2, B }\n"
    "\t\tprivate List<Sprite> imgs = new List<Sprite>();\n"
    "\t\tpublic override void Init(ObjectData data)\n\t\t{\n"
    "\t\t\tvar first = 0;\n"
    "\t\t\timgs.Add(ObjectHelper.MapASMToBmp(LevelData.ReadFile(\"../art/plain.bin\", "
    "CompressionType.Uncompressed), \"../map/one.asm\", first, 0));\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tvar sprs = new List<Sprite>() { imgs[0] };\n"
    "\t\t\tfor (int i = 0; i < (obj.SubType & 0x0F); i++)\n\t\t\t{\n"
    "\t\t\t\tvar tmp = new Sprite(imgs[0]);\n"
    "\t\t\t\ttmp.Offset(0, 16 * (i + 1));\n"
    "\t\t\t\tsprs.Add(tmp);\n"
    "\t\t\t}\n"
    "\t\t\tvar arr = sprs.ToArray();\n"
    "\t\t\tsprs.Add(imgs[0]); /* the array is a copy: it keeps its length */\n"
    "\t\t\tif ((obj.SubType >> 4) == (int)Motion.Round && (int)Inner.B == -1 &&\n"
    "\t\t\t    arr.Length == (obj.SubType & 0x0F) + 1)\n"
    "\t\t\t\treturn new Sprite(arr);\n"
    "\t\t\treturn null;\n"
    "\t\t}\n"
    "\t}\n}\n";

/* As skdisasm's orbiting spike balls and flamethrowers: the derived classes (first in the file)
 * give the base's abstract property; subtype 0 is the frame 32 px down (vertical) or right,
 * 1 the frame moved by (5, 3) and then mirrored by the object's flips, 2 the same with a Point
 * and an X mirror. */
static const char *orbit_cs =
    "using System.Drawing;\n"
    "namespace Test\n{\n"
    "\tclass OrbitVertical : Orbit\n\t{\n"
    "\t\tprotected override bool IsVertical\n\t\t{\n\t\t\tget { return true; }\n\t\t}\n"
    "\t}\n"
    "\tclass OrbitAcross : Orbit\n\t{\n"
    "\t\tprotected override bool IsVertical { get { return false; } }\n"
    "\t}\n"
    "\tabstract class Orbit : ObjectDefinition\n\t{\n"
    "\t\tprivate Sprite sprite;\n"
    "\t\tprotected abstract bool IsVertical { get; }\n"
    "\t\tpublic override void Init(ObjectData data)\n\t\t{\n"
    "\t\t\tvar first = 0;\n"
    "\t\t\tsprite = ObjectHelper.MapASMToBmp(LevelData.ReadFile(\"../art/plain.bin\", "
    "CompressionType.Uncompressed), \"../map/one.asm\", first, 0);\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tif (obj.SubType == 1) return new Sprite(sprite, 5, 3, obj.XFlip, obj.YFlip);\n"
    "\t\t\tif (obj.SubType == 2) return new Sprite(sprite, new Point(5, 3), true, false);\n"
    "\t\t\tvar sprite = new Sprite(this.sprite, IsVertical ? 0 : 32, IsVertical ? 32 : 0);\n"
    "\t\t\treturn sprite;\n"
    "\t\t}\n"
    "\t}\n}\n";

static void make_tree(void)
{
    sprites_fixture_put("SonLVL INI Files/SonLVL.ini",
                        "version=S2\nobjlst=obj.ini\n"
                        "[Test Zone Act 1]\nlayout=../level/layout/TST_1.kos\n"
                        "palette=../pal/test.bin:0:0:64\n"
                        "[Other Zone Act 1]\ndisplayname=Odd Zone Act 1\n"
                        "layout=../level/layout/OTH_1.kos\npalette=../pal/test.bin:0:0:64\n"
                        "[Odd Zone]\nlayout=../level/layout/ODD_1.kos\n"
                        "palette=../pal/test.bin:0:0:64\n",
                        -1);
    sprites_fixture_put("SonLVL INI Files/obj.ini", obj_ini, -1);
    sprites_fixture_put("SonLVL INI Files/Platform.cs", platform_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Strings.cs", strings_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Chain.cs", chain_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Orbit.cs", orbit_cs, -1);
    sprites_fixture_put_one_frame(pix);
}

static const EditorDisasmSprite *get(EditorDisasmSprites *s, unsigned id, unsigned sub,
                                     gboolean xflip, gboolean yflip)
{
    return sprites_fixture_get(s, "object", id, sub, xflip, yflip);
}

static void test_points(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = get(s, 0x10, 0, FALSE, FALSE);
    g_assert_nonnull(plain);
    g_assert_cmpint(plain->left, ==, 0);
    g_assert_cmpint(plain->top, ==, 0);
    g_assert_cmpuint(plain->width, ==, 16);
    /* every sprite moved by the copied Size (6, 8) as well */
    sprites_fixture_assert_moved(get(s, 0x30, 0x00, FALSE, FALSE), plain, FALSE, FALSE, 6, 8);
    sprites_fixture_assert_moved(get(s, 0x30, 0x01, FALSE, FALSE), plain, FALSE, FALSE, 0x20 + 6,
                                 8);
    sprites_fixture_assert_moved(get(s, 0x30, 0x01, TRUE, FALSE), plain, TRUE, FALSE, -0x40 + 6, 8);
    /* y-flipped: GetOffset(subtype) with xFlip's default, false */
    sprites_fixture_assert_moved(get(s, 0x30, 0x01, TRUE, TRUE), plain, TRUE, TRUE, 0x20 + 6, 8);
    sprites_fixture_assert_moved(get(s, 0x30, 0x02, FALSE, FALSE), plain, FALSE, FALSE, 0x18 + 6,
                                 -0x30 + 8);
    /* the view sees the list's later Add; the field's Point got Y = 3 */
    sprites_fixture_assert_moved(get(s, 0x30, 0x04, FALSE, FALSE), plain, FALSE, FALSE, 6, 3 + 8);
    g_assert_null(get(s, 0x30, 0x03, FALSE, FALSE)); /* not in the list: UnknownObject */
    g_assert_null(get(s, 0x30, 0x10, FALSE, FALSE)); /* sprites[1]: UnknownObject */
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 0);
    editor_disasm_sprites_free(s);
}

static void test_display_name(void)
{
    /* displayname= "Odd Zone Act 1": Array.Reverse swapped the sprites */
    EditorDisasmSprites *s = sprites_fixture_open_level("Other Zone Act 1");
    const EditorDisasmSprite *plain = get(s, 0x10, 0, FALSE, FALSE);
    g_assert_null(get(s, 0x30, 0x00, FALSE, FALSE));
    sprites_fixture_assert_moved(get(s, 0x30, 0x10, FALSE, FALSE), plain, FALSE, FALSE, 6, 8);
    sprites_fixture_assert_moved(get(s, 0x30, 0x11, TRUE, FALSE), plain, TRUE, FALSE, -0x40 + 6, 8);
    editor_disasm_sprites_free(s);
    /* the section "Odd Zone": Remove(8) at the very end, where SonLVL's .NET throws; Init
     * stops at the unknown condition, before the subtypes are made: boxes */
    s = sprites_fixture_open_level("Odd Zone");
    g_assert_nonnull(get(s, 0x10, 0, FALSE, FALSE));
    g_assert_null(get(s, 0x30, 0x00, FALSE, FALSE));
    g_assert_null(get(s, 0x30, 0x10, FALSE, FALSE));
    editor_disasm_sprites_free(s);
}

static void test_strings(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    sprites_fixture_assert_moved(get(s, 0x31, 0, FALSE, FALSE), get(s, 0x10, 0, FALSE, FALSE),
                                 FALSE, FALSE, 0, 0);
    g_assert_null(get(s, 0x31, 1, FALSE, FALSE)); /* Substring past the end */
    g_assert_null(get(s, 0x31, 2, FALSE, FALSE)); /* Remove(-1) */
    g_assert_null(get(s, 0x31, 3, FALSE, FALSE)); /* Remove(Length) */
    editor_disasm_sprites_free(s);
}

static void test_enums(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = get(s, 0x10, 0, FALSE, FALSE);
    sprites_fixture_assert_moved(get(s, 0x32, 0x50, FALSE, FALSE), plain, FALSE, FALSE, 0, 0);
    const EditorDisasmSprite *chain = get(s, 0x32, 0x52, FALSE, FALSE);
    g_assert_nonnull(chain);
    g_assert_cmpint(chain->left, ==, 0);
    g_assert_cmpint(chain->top, ==, 0);
    g_assert_cmpuint(chain->width, ==, 16);
    g_assert_cmpuint(chain->height, ==, 40); /* copies at 0, 16 and 32 px, 8 px tall */
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 16; x++)
            g_assert_cmphex(sprites_fixture_at(chain, x, y), ==,
                            y % 16 < 8 ? sprites_fixture_at(plain, x, y % 16) : 0);
    g_assert_null(get(s, 0x32, 0x42, FALSE, FALSE)); /* Motion.Across: null */
    editor_disasm_sprites_free(s);
}

static void test_abstract_and_moved_flips(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = get(s, 0x10, 0, FALSE, FALSE);
    sprites_fixture_assert_moved(get(s, 0x33, 0, FALSE, FALSE), plain, FALSE, FALSE, 0, 32);
    sprites_fixture_assert_moved(get(s, 0x34, 0, FALSE, FALSE), plain, FALSE, FALSE, 32, 0);
    for (int f = 0; f < 4; f++) { /* moved by (5, 3), then mirrored: the move mirrors too */
        gboolean xflip = f & 1, yflip = f >> 1;
        sprites_fixture_assert_moved(get(s, 0x33, 1, xflip, yflip), plain, xflip, yflip,
                                     xflip ? -5 : 5, yflip ? -3 : 3);
    }
    sprites_fixture_assert_moved(get(s, 0x34, 2, FALSE, TRUE), plain, TRUE, FALSE, -5, 3);
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 0);
    editor_disasm_sprites_free(s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    sprites_fixture_begin("lw-dvalues-XXXXXX");
    make_tree();
    g_test_add_func("/disasm/sprites/values/points", test_points);
    g_test_add_func("/disasm/sprites/values/display-name", test_display_name);
    g_test_add_func("/disasm/sprites/values/strings", test_strings);
    g_test_add_func("/disasm/sprites/values/enums", test_enums);
    g_test_add_func("/disasm/sprites/values/abstract-moved-flips", test_abstract_and_moved_flips);
    return sprites_fixture_end(g_test_run());
}
