/* SPDX-License-Identifier: MIT */
/*
 * Disassembly object sprites (editor/doc/disasm-sprites.h, docs/DISASM.md §11) on a synthetic
 * tree written here: a SonLVL.ini with one level, its palette (64 distinct colours), four 8x8
 * patterns Nemesis-encoded by the engine's encoder, hand-written mappings in the S2 macro form,
 * and object lists giving sprites by INI keys, by an ObjDef XML per subtype and by a C# file's
 * literals. The decoded pictures are checked pixel by pixel against the patterns, the palette
 * and the mapping rules (column-major pieces, piece and object flips, palette lines), with their
 * bounding boxes. Corrupt mappings, INI and XML give warnings naming the file and line, and the
 * objects they concern have no sprite. The mapping parser's S1 (byte count, 5-byte pieces) and
 * S3K (raw dc.b) forms and binary errors are checked too.
 */
#include "disasm-sprites-map.h"
#include "disasm-sprites.h"
#include "sprites-fixture.h"

#include <string.h>
#ifdef LW_TEST_RENDER
#include "ui/editor-render-objects.h"
#endif

/* Pattern @t's colour index at (@x, @y): 1..15, different for every tile and place. */
static unsigned pix(unsigned t, unsigned x, unsigned y)
{
    return (t * 3 + x + 2 * y) % 15 + 1;
}

static const char *ini_text = "version=S2\n"
                              "objlst=obj.ini\n"
                              "[Test Zone Act 1]\n"
                              "layout=../level/layout/TST_1.kos\n"
                              "palette=../pal/test.bin:0:0:64\n"
                              "objlst=objTST.ini\n";

static const char *map_text = "Map_test:\tmappingsTable\n"
                              "\tmappingsTableEntry.w\tMap_test_a\n"
                              "\tmappingsTableEntry.w\tMap_test_b\n"
                              "\n"
                              "Map_test_a:\tspriteHeader\n"
                              "\tspritePiece\t-8, -8, 2, 2, 0, 0, 0, 0, 0\n"
                              "Map_test_a_End\n"
                              "\n"
                              "Map_test_b:\tspriteHeader ; a comment\n"
                              "\tspritePiece\t-$10, -4, 1, 1, 3, 1, 0, 1, 0\n"
                              "\tspritePiece\t0, 0, 1, 2, 1, 0, 1, 0, 0\n"
                              "Map_test_b_End\n"
                              "\teven\n";

static const char *obj_ini = "[Ring]\n"
                             "art=../art/test.nem\n"
                             "mapasm=../map/test.asm\n"
                             "spacing=16\n"
                             "[41]\n"
                             "name=Thing\n"
                             "art=../art/test.nem\n"
                             "mapasm=../map/test.asm\n"
                             "frame=1\n"
                             "pal=2\n"
                             "[26]\n"
                             "xmlfile=Common/Box.xml\n"
                             "[11]\n"
                             "codefile=Common/Log.cs\n"
                             "[30]\n"
                             "art=../art/missing.nem\n"
                             "mapasm=../map/test.asm\n"
                             "[31]\n"
                             "art=../art/test.nem\n"
                             "mapasm=../map/bad.asm\n"
                             "[32]\n"
                             "xmlfile=Common/Bad.xml\n"
                             "[33]\n"
                             "art=../art/test.nem\n"
                             "mapasm=../map/test.asm\n"
                             "frame=7\n"
                             "[34]\n"
                             "art=../../outside.nem\n"
                             "mapasm=../map/test.asm\n"
                             "[36]\n"
                             "art=../art/test.nem\n"
                             "mapasm=../map/far.asm\n"
                             "[35]\n"
                             "art=../art/test.nem\n"
                             "mapbin=../map/test.bin\n"
                             "[42]\n"
                             "codefile=Common/Pad.cs\n"
                             "codetype=Test.Common.Pad\n"
                             "[43]\n"
                             "codefile=Common/Pad.cs\n"
                             "codetype=Test.Zone.Pad\n"
                             "[44]\n"
                             "codefile=Common/Spin.cs\n";

static const char *box_xml =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<ObjDef xmlns=\"http://www.sonicretro.org\" Name=\"Box\" Image=\"one\">\n"
    "  <Images>\n"
    "    <ImageFromMappings id=\"one\">\n"
    "      <ArtFile filename=\"../art/test.nem\" />\n"
    "      <MapFile type=\"ASM\" filename=\"../map/test.asm\" frame=\"0\" startpal=\"1\" />\n"
    "    </ImageFromMappings>\n"
    "    <ImageFromMappings id=\"two\">\n"
    "      <ArtFile filename=\"../art/test.nem\" />\n"
    "      <MapFile type=\"ASM\" filename=\"../map/test.asm\" label=\"Map_test_b\" startpal=\"0\" "
    "/>\n"
    "    </ImageFromMappings>\n"
    "  </Images>\n"
    "  <Subtypes>\n"
    "    <Subtype id=\"05\" name=\"Five\" image=\"two\" />\n"
    "  </Subtypes>\n"
    "  <Properties>\n"
    "    <BitsProperty name=\"Kind\" type=\"BoxKind\" startbit=\"4\" length=\"2\" />\n"
    "    <BitsProperty name=\"Lit\" type=\"bool\" startbit=\"7\" length=\"1\" />\n"
    "  </Properties>\n"
    "  <Enums>\n"
    "    <Enum name=\"BoxKind\">\n"
    "      <EnumMember name=\"Plain\" />\n"
    "      <EnumMember name=\"Turned\" />\n"
    "      <EnumMember name=\"Odd\" value=\"3\" />\n"
    "    </Enum>\n"
    "  </Enums>\n"
    "  <Display>\n"
    "    <DisplayOption>\n"
    "      <Condition property=\"Kind\" value=\"Turned\" />\n"
    "      <Condition property=\"Lit\" value=\"False\" />\n"
    "      <ImageRef image=\"two\" xflip=\"AlwaysFlip\">\n"
    "        <Offset X=\"4\" />\n"
    "      </ImageRef>\n"
    "    </DisplayOption>\n"
    "    <DisplayOption>\n"
    "      <Condition property=\"Kind\" value=\"Odd\" />\n"
    "      <ImageRef image=\"one\" />\n"
    "      <ImageRef image=\"one\" yflip=\"ReverseFlip\"><Offset Y=\"16\" /></ImageRef>\n"
    "    </DisplayOption>\n"
    "  </Display>\n"
    "</ObjDef>\n";

static const char *log_cs =
    "class Log : ObjectDefinition {\n"
    "  public override void Init(ObjectData data) {\n"
    "    byte[] artfile = ObjectHelper.OpenArtFile(\"../art/test.nem\", CompressionType.Nemesis);\n"
    "    string mapfile = \"../map/test.asm\";\n"
    "    img = ObjectHelper.MapASMToBmp(artfile, mapfile, 0, 3);\n"
    "  }\n"
    "}\n";

/* A definition in the form of skdisasm's springs: the art and mappings go through a builder's
 * parameters, the sprite is chosen by code on the subtype bits and flips. */
static const char *pad_cs =
    "using System;\n"
    "namespace Test.Zone\n"
    "{\n"
    "\tclass Pad : Common.Pad\n"
    "\t{\n"
    "\t\tpublic override void Init(ObjectData data) { Build(\"../art/test.nem\", 32, 1); }\n"
    "\t}\n"
    "}\n"
    "namespace Test.Common\n"
    "{\n"
    "\tclass Pad : ObjectDefinition\n"
    "\t{\n"
    "\t\tprivate Sprite[][] sprites;\n"
    "\t\tprivate Sprite[] unknown;\n"
    "\t\tprivate PropertySpec[] properties;\n"
    "\t\tpublic override Sprite Image { get { return sprites[0][0]; } }\n"
    "\t\tpublic override void Init(ObjectData data)\n"
    "\t\t{\n"
    "\t\t\tBuild(\"../art/test.nem\", 0, 0); // art from byte 0, palette line 0\n"
    "\t\t}\n"
    "\t\tprotected void Build(string file, int skip, int line)\n"
    "\t\t{\n"
    "\t\t\tvar art = LevelData.ReadFile(file, CompressionType.Nemesis);\n"
    "\t\t\tif (skip != 0)\n"
    "\t\t\t{\n"
    "\t\t\t\tvar indexer = new MultiFileIndexer<byte>();\n"
    "\t\t\t\tindexer.AddFile(new List<byte>(art), -skip);\n"
    "\t\t\t\tart = indexer.ToArray();\n"
    "\t\t\t}\n"
    "\t\t\tvar map = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\t\tsprites = new Sprite[4][];\n"
    "\t\t\tfor (var i = 0; i < 2; i++)\n"
    "\t\t\t\tsprites[i] = Flips(ObjectHelper.MapToBmp(art, map, i, line));\n"
    "\t\t\tsprites[2] = Flips(ObjectHelper.MapASMToBmp(art, \"../map/test.asm\", "
    "\"Map_test_b\", 2));\n"
    "\t\t\tsprites[3] = sprites[0];\n"
    "\t\t\tunknown = Flips(ObjectHelper.UnknownObject);\n"
    "\t\t\tproperties = new PropertySpec[1];\n"
    "\t\t\tproperties[0] = new PropertySpec(\"Kind\", typeof(int), \"Extended\", null, null,\n"
    "\t\t\t\t(obj) => (obj.SubType & 0x30) >> 4,\n"
    "\t\t\t\t(obj, value) => obj.SubType = (byte)((int)value << 4));\n"
    "\t\t}\n"
    "\t\tprivate Sprite[] Flips(Sprite s)\n"
    "\t\t{\n"
    "\t\t\treturn new[] { s, new Sprite(s, true, false), new Sprite(s, false, true),\n"
    "\t\t\t\tnew Sprite(s, true, true) };\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t\t{\n"
    "\t\t\tvar kind = (obj.SubType & 0x30) >> 4;\n"
    "\t\t\tSprite[] set;\n"
    "\t\t\tswitch (obj.SubType & 0x0F)\n"
    "\t\t\t{\n"
    "\t\t\t\tcase 0:\n"
    "\t\t\t\t\tset = sprites[kind];\n"
    "\t\t\t\t\tbreak;\n"
    "\t\t\t\tcase 1:\n"
    "\t\t\t\t\treturn new Sprite(sprites[kind][0], 0, 16);\n"
    "\t\t\t\tdefault:\n"
    "\t\t\t\t\tset = unknown;\n"
    "\t\t\t\t\tbreak;\n"
    "\t\t\t}\n"
    "\t\t\treturn set[(obj.XFlip ? 1 : 0) | (obj.YFlip ? 2 : 0)];\n"
    "\t\t}\n"
    "\t}\n"
    "}\n";

/* A definition that never ends: the run is cut short and the object keeps its box. */
static const char *spin_cs = "class Spin : ObjectDefinition {\n"
                             "  int n;\n"
                             "  public override void Init(ObjectData data) { while (true) n++; }\n"
                             "  public override Sprite GetSprite(ObjectEntry obj) {\n"
                             "    return GetSprite(obj);\n"
                             "  }\n"
                             "}\n";

static void make_tree(void)
{
    sprites_fixture_put("SonLVL INI Files/SonLVL.ini", ini_text, -1);
    sprites_fixture_put("SonLVL INI Files/obj.ini", "[7F]\nname=Unused\n", -1);
    sprites_fixture_put("SonLVL INI Files/objTST.ini", obj_ini, -1);
    sprites_fixture_put("SonLVL INI Files/Common/Box.xml", box_xml, -1);
    sprites_fixture_put("SonLVL INI Files/Common/Log.cs", log_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Common/Pad.cs", pad_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Common/Spin.cs", spin_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Common/Bad.xml",
                        "<ObjDef Image=\"a\">\n<Images>\n</ObjDef>\n", -1);
    sprites_fixture_put("map/test.asm", map_text, -1);
    sprites_fixture_put("map/far.asm",
                        "M:\tmappingsTable\n\tmappingsTableEntry.w\tM_0\nM_0:\tspriteHeader\n"
                        "\tspritePiece\t-2000, 0, 1, 1, 0, 0, 0, 0, 0\n"
                        "\tspritePiece\t2000, 0, 1, 1, 0, 0, 0, 0, 0\n",
                        -1);
    sprites_fixture_put("map/bad.asm",
                        "Map_bad:\tmappingsTable\n\tmappingsTableEntry.w\tMap_bad_0\n"
                        "Map_bad_0:\tspriteHeader\n\tspritePiece\t0, 0, 5, 1, 0, 0, 0, 0, 0\n",
                        -1);
    /* frame 0 again, as binary S2 mappings: one piece at (-8, -8), 2x2 from tile 0 */
    const guint8 bin[] = {0, 2, 0, 1, 0xF8, 0x05, 0, 0, 0, 0, 0xFF, 0xF8};
    sprites_fixture_put("map/test.bin", bin, sizeof bin);
    sprites_fixture_put_palette();
    sprites_fixture_put_nemesis("art/test.nem", pix);
}

/* Frame 0 (2x2 patterns from tile 0 at -8,-8) on palette line @line, mirrored by @xflip. */
static void check_frame0(const EditorDisasmSprite *s, unsigned line, gboolean xflip)
{
    g_assert_nonnull(s);
    g_assert_cmpint(s->left, ==, -8);
    g_assert_cmpint(s->top, ==, -8);
    g_assert_cmpuint(s->width, ==, 16);
    g_assert_cmpuint(s->height, ==, 16);
    for (int y = -8; y < 8; y++)
        for (int x = -8; x < 8; x++) {
            int u = xflip ? 7 - x : x + 8, v = y + 8; /* place in the unflipped piece */
            unsigned tile = (unsigned)(u / 8) * 2 + (unsigned)(v / 8); /* column by column */
            g_assert_cmphex(
                sprites_fixture_at(s, x, y), ==,
                sprites_fixture_rgb(16 * line + pix(tile, (unsigned)u % 8, (unsigned)v % 8)));
        }
    /* one spot by hand: (9, 1) of the picture is tile 2's (1, 1): index (6+1+2)%15+1 = 10 */
    if (!xflip)
        g_assert_cmphex(sprites_fixture_at(s, 1, -7), ==, sprites_fixture_rgb(16 * line + 10));
}

static void test_ini_frame(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    /* [Ring]: frame 0 on line 0; spacing from the section */
    check_frame0(sprites_fixture_get(s, "ring", 0, 0, FALSE, FALSE), 0, FALSE);
    g_assert_cmpint(editor_disasm_sprites_ring_spacing(s), ==, 16);
    /* [41]: frame 1, pal=2: piece A 1x1 tile 3 x-flipped on line 2+1 at (-16,-4); piece B 1x2
     * from tile 1, y-flipped, line 2 at (0,0). Box x -16..8, y -4..16. */
    const EditorDisasmSprite *t = sprites_fixture_get(s, "object", 0x41, 0, FALSE, FALSE);
    g_assert_nonnull(t);
    g_assert_cmpint(t->left, ==, -16);
    g_assert_cmpint(t->top, ==, -4);
    g_assert_cmpuint(t->width, ==, 24);
    g_assert_cmpuint(t->height, ==, 20);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            g_assert_cmphex(sprites_fixture_at(t, -16 + x, -4 + y), ==,
                            sprites_fixture_rgb(48 + pix(3, 7u - x, y)));
            /* y flip of a 1x2 piece: the bottom pattern (tile 2) comes first, upside down */
            g_assert_cmphex(sprites_fixture_at(t, x, y), ==,
                            sprites_fixture_rgb(32 + pix(2, x, 7u - y)));
            g_assert_cmphex(sprites_fixture_at(t, x, 8 + y), ==,
                            sprites_fixture_rgb(32 + pix(1, x, 7u - y)));
        }
    g_assert_cmphex(sprites_fixture_at(t, -8, 0), ==, 0); /* between the pieces: transparent */
    /* the object's own X flip mirrors the picture about its origin */
    const EditorDisasmSprite *m = sprites_fixture_get(s, "object", 0x41, 0, TRUE, FALSE);
    g_assert_cmpint(m->left, ==, -8);
    g_assert_cmpuint(m->width, ==, 24);
    for (int y = -4; y < 16; y++)
        for (int x = -16; x < 8; x++)
            g_assert_cmphex(sprites_fixture_at(m, -1 - x, y), ==, sprites_fixture_at(t, x, y));
    const EditorDisasmSprite *v = sprites_fixture_get(s, "object", 0x41, 0, FALSE, TRUE);
    g_assert_cmpint(v->top, ==, -16);
    for (int y = -4; y < 16; y++)
        for (int x = -16; x < 8; x++)
            g_assert_cmphex(sprites_fixture_at(v, x, -1 - y), ==, sprites_fixture_at(t, x, y));
    /* cached: the same picture again */
    g_assert_true(sprites_fixture_get(s, "object", 0x41, 0, FALSE, FALSE) == t);
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 1); /* Bad.xml, at open */
    editor_disasm_sprites_free(s);
}

static void test_xml_and_code(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    check_frame0(sprites_fixture_get(s, "object", 0x26, 0, FALSE, FALSE), 1,
                 FALSE); /* the default image */
    check_frame0(sprites_fixture_get(s, "object", 0x26, 0, TRUE, FALSE), 1, TRUE);
    const EditorDisasmSprite *five = sprites_fixture_get(s, "object", 0x26, 5, FALSE, FALSE);
    g_assert_nonnull(five); /* subtype 05: image "two", the frame at label Map_test_b */
    g_assert_cmpint(five->left, ==, -16);
    g_assert_cmpuint(five->width, ==, 24);
    g_assert_cmphex(sprites_fixture_at(five, -16, -4), ==, sprites_fixture_rgb(16 + pix(3, 7, 0)));
    /* Display: Kind (bits 4-5) = Turned, Lit (bit 7) false: image two always X-flipped, 4 px on */
    const EditorDisasmSprite *turned = sprites_fixture_get(s, "object", 0x26, 0x10, FALSE, FALSE);
    g_assert_nonnull(turned);
    g_assert_cmpint(turned->left, ==, 4 - 8);
    for (int y = -4; y < 16; y++)
        for (int x = -16; x < 8; x++)
            g_assert_cmphex(sprites_fixture_at(turned, -1 - x + 4, y), ==,
                            sprites_fixture_at(five, x, y));
    check_frame0(sprites_fixture_get(s, "object", 0x26, 0x90, FALSE, FALSE), 1,
                 FALSE); /* Lit: the default */
    /* Kind = Odd (value 3): image one, and below it image one Y-flipped against the object */
    const EditorDisasmSprite *odd = sprites_fixture_get(s, "object", 0x26, 0x30, FALSE, FALSE);
    const EditorDisasmSprite *one = sprites_fixture_get(s, "object", 0x26, 0, FALSE, FALSE);
    g_assert_cmpint(odd->top, ==, -8);
    g_assert_cmpuint(odd->height, ==, 32);
    for (int y = -8; y < 8; y++)
        for (int x = -8; x < 8; x++) {
            g_assert_cmphex(sprites_fixture_at(odd, x, y), ==, sprites_fixture_at(one, x, y));
            g_assert_cmphex(sprites_fixture_at(odd, x, 16 + y), ==,
                            sprites_fixture_at(one, x, -1 - y));
        }
    check_frame0(sprites_fixture_get(s, "object", 0x35, 0, FALSE, FALSE), 0, FALSE); /* mapbin= */
    const EditorDisasmSprite *log = sprites_fixture_get(s, "object", 0x11, 0, FALSE, FALSE);
    check_frame0(log, 3, FALSE); /* the C# literals */
    /* S2 Obj11 is a bridge of `subtype` logs (docs/OBJECTS.md §16): the image once per log,
     * the first at -(subtype / 2) * 16 px, as Obj11 places them: centred for an odd count, 8 px
     * left for an even one */
    const EditorDisasmSprite *bridge = sprites_fixture_get(s, "object", 0x11, 3, FALSE, FALSE);
    g_assert_cmpint(bridge->left, ==, -24);
    g_assert_cmpuint(bridge->width, ==, 48);
    g_assert_cmpuint(bridge->height, ==, 16);
    for (int k = 0; k < 3; k++)
        for (int y = -8; y < 8; y++)
            for (int x = -8; x < 8; x++)
                g_assert_cmphex(sprites_fixture_at(bridge, -16 + 16 * k + x, y), ==,
                                sprites_fixture_at(log, x, y));
    const EditorDisasmSprite *even = sprites_fixture_get(s, "object", 0x11, 4, FALSE, FALSE);
    g_assert_cmpint(even->left, ==, -40);
    g_assert_cmpuint(even->width, ==, 64);
    g_assert_null(sprites_fixture_get(s, "object", 0x7F, 0, FALSE, FALSE)); /* a name only: a box */
    g_assert_null(sprites_fixture_get(s, "object", 0x50, 0, FALSE, FALSE)); /* no definition */
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 1);        /* Bad.xml, at open */
    editor_disasm_sprites_free(s);
}

/* Every pixel of @a equals @b's, the picture moved by (@dx, @dy). */
static void same_picture(const EditorDisasmSprite *a, const EditorDisasmSprite *b, int dx, int dy)
{
    g_assert_nonnull(a);
    g_assert_nonnull(b);
    g_assert_cmpint(a->left, ==, b->left + dx);
    g_assert_cmpint(a->top, ==, b->top + dy);
    g_assert_cmpuint(a->width, ==, b->width);
    g_assert_cmpuint(a->height, ==, b->height);
    for (int y = b->top; y < b->top + (int)b->height; y++)
        for (int x = b->left; x < b->left + (int)b->width; x++)
            g_assert_cmphex(sprites_fixture_at(a, x + dx, y + dy), ==, sprites_fixture_at(b, x, y));
}

static void test_code_run(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    /* subtype bits 4-5 choose the set, the object's flips the picture in it */
    check_frame0(sprites_fixture_get(s, "object", 0x42, 0x00, FALSE, FALSE), 0, FALSE);
    check_frame0(sprites_fixture_get(s, "object", 0x42, 0x00, TRUE, FALSE), 0, TRUE);
    check_frame0(sprites_fixture_get(s, "object", 0x42, 0x30, FALSE, FALSE), 0,
                 FALSE); /* sprites[3] = [0] */
    const EditorDisasmSprite *up = sprites_fixture_get(s, "object", 0x42, 0x00, FALSE, FALSE);
    const EditorDisasmSprite *down = sprites_fixture_get(s, "object", 0x42, 0x00, FALSE, TRUE);
    g_assert_nonnull(down);
    for (int y = -8; y < 8; y++)
        for (int x = -8; x < 8; x++)
            g_assert_cmphex(sprites_fixture_at(down, x, -1 - y), ==, sprites_fixture_at(up, x, y));
    /* MapToBmp frame 1 on line 0 is XML image "two" (Map_test_b, startpal 0); the label form
     * on line 2 is [41] (frame 1, pal=2) */
    same_picture(sprites_fixture_get(s, "object", 0x42, 0x10, FALSE, FALSE),
                 sprites_fixture_get(s, "object", 0x26, 5, FALSE, FALSE), 0, 0);
    same_picture(sprites_fixture_get(s, "object", 0x42, 0x20, FALSE, FALSE),
                 sprites_fixture_get(s, "object", 0x41, 0, FALSE, FALSE), 0, 0);
    same_picture(sprites_fixture_get(s, "object", 0x42, 0x21, TRUE, TRUE),
                 sprites_fixture_get(s, "object", 0x41, 0, FALSE, FALSE), 0,
                 16); /* case 1: set[0] moved 16 px down, whatever the flips */
    g_assert_null(
        sprites_fixture_get(s, "object", 0x42, 0x02, FALSE, FALSE)); /* UnknownObject: a box */
    /* the derived class: the art from byte 32 on (pattern k shows pattern k + 1, the last is
     * past the art: transparent), palette line 1 */
    const EditorDisasmSprite *p = sprites_fixture_get(s, "object", 0x43, 0, FALSE, FALSE);
    g_assert_nonnull(p);
    g_assert_cmpint(p->left, ==, -8);
    g_assert_cmpuint(p->width, ==, 16);
    for (int y = -8; y < 8; y++)
        for (int x = -8; x < 8; x++) {
            unsigned u = (unsigned)(x + 8), v = (unsigned)(y + 8), tile = u / 8 * 2 + v / 8;
            g_assert_cmphex(sprites_fixture_at(p, x, y), ==,
                            tile + 1 < 4 ? sprites_fixture_rgb(16 + pix(tile + 1, u % 8, v % 8))
                                         : 0);
        }
    /* endless Init and GetSprite: cut short, a box */
    gint64 t0 = g_get_monotonic_time();
    g_assert_null(sprites_fixture_get(s, "object", 0x44, 0, FALSE, FALSE));
    g_assert_cmpint(g_get_monotonic_time() - t0, <, 5 * G_USEC_PER_SEC);
    editor_disasm_sprites_free(s);
}

static void test_bad_inputs(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    for (guint i = 0; i < editor_disasm_sprites_warning_count(s); i++)
        g_test_message("%s", editor_disasm_sprites_warning(s, i));
    g_assert_true(
        sprites_fixture_has_warning(s, "SonLVL INI Files/Common/Bad.xml:3:")); /* read at open */
    g_assert_null(sprites_fixture_get(s, "object", 0x32, 0, FALSE, FALSE));
    g_assert_null(sprites_fixture_get(s, "object", 0x30, 0, FALSE, FALSE));
    g_assert_true(sprites_fixture_has_warning(s, "art/missing.nem"));
    g_assert_null(sprites_fixture_get(s, "object", 0x31, 0, FALSE, FALSE));
    g_assert_true(
        sprites_fixture_has_warning(s, "map/bad.asm:4: warning: piece width and height are 1..4"));
    g_assert_null(sprites_fixture_get(s, "object", 0x33, 0, FALSE, FALSE));
    g_assert_true(sprites_fixture_has_warning(s, "frame 7: the mappings have 2 frames"));
    g_assert_null(sprites_fixture_get(s, "object", 0x34, 0, FALSE, FALSE));
    g_assert_true(sprites_fixture_has_warning(s, "the path leaves the tree"));
    g_assert_null(
        sprites_fixture_get(s, "object", 0x36, 0, FALSE, FALSE)); /* pieces 4000 px apart */
    g_assert_true(sprites_fixture_has_warning(
        s, "map/far.asm: warning: frame 0: larger than 1024 px a side"));
    for (guint i = 0; i < editor_disasm_sprites_warning_count(s); i++)
        g_test_message("%s", editor_disasm_sprites_warning(s, i));
    /* the good ones still draw */
    g_assert_nonnull(sprites_fixture_get(s, "object", 0x41, 0, FALSE, FALSE));
    editor_disasm_sprites_free(s);

    /* a corrupt object list: a warning with its line, the other lists still read */
    sprites_fixture_put("SonLVL INI Files/objTST.ini", "[41]\nart=a\n[41]\nart=b\n", -1);
    s = sprites_fixture_open();
    g_assert_true(sprites_fixture_has_warning(s, "SonLVL INI Files/objTST.ini:3:"));
    g_assert_null(sprites_fixture_get(s, "object", 0x41, 0, FALSE, FALSE));
    editor_disasm_sprites_free(s);
    sprites_fixture_put("SonLVL INI Files/objTST.ini", obj_ini, -1);
}

static void collect(const editor_problem *p, void *user)
{
    g_array_append_val((GArray *)user, *p);
}

/* The problem whose message contains @text: its index, -1 if none. */
static int problem_with(GArray *found, const char *text)
{
    for (guint i = 0; i < found->len; i++)
        if (strstr(g_array_index(found, editor_problem, i).message, text))
            return (int)i;
    return -1;
}

/* The warnings as the Issues panel lists them: one problem each, with the place of the object
 * whose sprite gave it. */
static void test_problems(void)
{
    lw_error err;
    lw_level *lv = lw_level_new(128, 4, 4, &err);
    g_assert_nonnull(lv);
    const unsigned ids[] = {0x41, 0x30, 0x31, 0x30};
    for (unsigned i = 0; i < G_N_ELEMENTS(ids); i++) {
        lw_object o = sprites_fixture_marker("object", ids[i], 0, FALSE, FALSE);
        o.x = 100 + (int32_t)i * 50;
        o.y = 200 + (int32_t)i;
        g_assert_nonnull(lw_level_add_object(lv, &o));
        lw_object_clear(&o);
    }
    EditorDisasmSprites *s = sprites_fixture_open();
    GArray *found = g_array_new(FALSE, FALSE, sizeof(editor_problem));
    g_assert_cmpuint(editor_disasm_sprites_check(s, lv, collect, found), ==, 3);
    g_assert_cmpuint(found->len, ==, 3);
    for (guint i = 0; i < found->len; i++) {
        const editor_problem *p = &g_array_index(found, editor_problem, i);
        g_test_message("%s at %d,%d", p->message, p->x, p->y);
        g_assert_cmpint(p->severity, ==, EDITOR_SEVERITY_WARNING);
        g_assert_cmpstr(p->code, ==, "sprite");
        g_assert_null(strstr(p->message, "warning:"));
    }
    int bad_xml = problem_with(found, "SonLVL INI Files/Common/Bad.xml:3: Error on line 3");
    int missing = problem_with(found, "art/missing.nem: cannot open");
    int bad_map = problem_with(found, "map/bad.asm:4: piece width and height are 1..4");
    g_assert_cmpint(bad_xml, ==, 0); /* read at open: no place */
    g_assert_cmpint(g_array_index(found, editor_problem, 0).x, ==, -1);
    g_assert_cmpint(missing, ==, 1); /* the first 0x30, not the second (cached) */
    g_assert_cmpint(g_array_index(found, editor_problem, 1).x, ==, 150);
    g_assert_cmpint(g_array_index(found, editor_problem, 1).y, ==, 201);
    g_assert_cmpint(bad_map, ==, 2);
    g_assert_cmpint(g_array_index(found, editor_problem, 2).x, ==, 200);
    editor_disasm_sprites_free(s);
    /* a level JSON without a `source` section: nothing */
    g_array_set_size(found, 0);
    g_autofree char *plain = g_build_filename(sprites_fixture_dir(), "plain.json", NULL);
    g_assert_true(g_file_set_contents(plain, "{}", -1, NULL));
    g_assert_cmpuint(editor_disasm_sprites_check_file(plain, lv, collect, found), ==, 0);
    g_assert_cmpuint(found->len, ==, 0);
    g_array_unref(found);
    lw_level_free(lv);
}

static void test_map_forms(void)
{
    editor_mappings m;
    lw_error err;
    /* S1: byte counts, 5-byte pieces, local labels */
    const char *s1 =
        "Map_X:\tmappingsTable\n\tmappingsTableEntry.w\t.a\n\tmappingsTableEntry.w\t.b\n"
        ".a:\tspriteHeader\n\tspritePiece\t-4, -8, 1, 2, 8, 0, 0, 0, 0\n.a_End\n"
        ".b:\tspriteHeader\n.b_End\n\teven\n";
    g_assert_true(editor_mappings_parse_asm(EDITOR_MAP_S1, s1, strlen(s1), NULL, &m, &err));
    g_assert_cmpuint(m.count, ==, 2);
    g_assert_cmpuint(m.frames[0].count, ==, 1);
    g_assert_cmpint(m.frames[0].pieces[0].x, ==, -4);
    g_assert_cmpint(m.frames[0].pieces[0].y, ==, -8);
    g_assert_cmpuint(m.frames[0].pieces[0].w, ==, 1);
    g_assert_cmpuint(m.frames[0].pieces[0].h, ==, 2);
    g_assert_cmpuint(m.frames[0].pieces[0].tile, ==, 8);
    g_assert_cmpuint(m.frames[1].count, ==, 0);
    editor_mappings_clear(&m);
    /* S3K: raw dc.w/dc.b with label arithmetic; one frame by label */
    const char *s3 = "Map_P:\n\t\tdc.w F_0-Map_P\n\t\tdc.w F_1-Map_P\n"
                     "F_0:\tdc.w 1\n\t\tdc.b $EC, $F, $28, 5, $FF, $E0\n"
                     "F_1:\tdc.w 0\n";
    g_assert_true(editor_mappings_parse_asm(EDITOR_MAP_S3K, s3, strlen(s3), NULL, &m, &err));
    g_assert_cmpuint(m.count, ==, 2);
    editor_map_piece p = m.frames[0].pieces[0];
    g_assert_cmpint(p.x, ==, -32);
    g_assert_cmpint(p.y, ==, -20);
    g_assert_cmpuint(p.w, ==, 4);
    g_assert_cmpuint(p.h, ==, 4);
    g_assert_cmpuint(p.tile, ==, 5);
    g_assert_cmpuint(p.pal, ==, 1);
    g_assert_cmpuint(p.xflip, ==, 1);
    editor_mappings_clear(&m);
    g_assert_true(editor_mappings_parse_asm(EDITOR_MAP_S3K, s3, strlen(s3), "F_0", &m, &err));
    g_assert_cmpuint(m.count, ==, 1);
    g_assert_cmpuint(m.frames[0].count, ==, 1);
    editor_mappings_clear(&m);
    /* errors name the line */
    const char *bad[][2] = {
        {"Map:\tmappingsTable\n\tmappingsTableEntry.w\tNowhere\n", "2"},
        {"Map:\tmappingsTable\n\tmove.w\td0,d1\n", "2"},
        {"Map:\tdc.w 2\n\tdc.b 1, 2, $1FF\n", "2"},
        {"Map:\tdc.w 4\n\tdc.b 0, 0\n", "1"}, /* a frame past the end */
        {"A:\tdc.w 0\nA:\tdc.w 0\n", "2"},
        {"Map:\tdc.w (1\n", "1"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_false(
            editor_mappings_parse_asm(EDITOR_MAP_S2, bad[i][0], strlen(bad[i][0]), NULL, &m, &err));
        g_assert_cmpint(err.line, ==, atoi(bad[i][1]));
        g_assert_cmpuint(m.count, ==, 0);
    }
    g_assert_false(editor_mappings_parse_asm(EDITOR_MAP_S2, s3, strlen(s3), "Missing", &m, &err));
    g_assert_nonnull(strstr(err.message, "label not found"));
    /* binary: S2 table of one frame with one piece; truncations refused with the byte */
    const guint8 bin[] = {0, 2, 0, 1, 0xF8, 0x05, 0x20, 0x10, 0, 0, 0xFF, 0xF0};
    g_assert_true(editor_mappings_parse_bin(EDITOR_MAP_S2, bin, sizeof bin, &m, &err));
    g_assert_cmpuint(m.count, ==, 1);
    g_assert_cmpint(m.frames[0].pieces[0].x, ==, -16);
    g_assert_cmpint(m.frames[0].pieces[0].y, ==, -8);
    g_assert_cmpuint(m.frames[0].pieces[0].w, ==, 2);
    g_assert_cmpuint(m.frames[0].pieces[0].h, ==, 2);
    g_assert_cmpuint(m.frames[0].pieces[0].pal, ==, 1);
    g_assert_cmpuint(m.frames[0].pieces[0].tile, ==, 0x10);
    editor_mappings_clear(&m);
    for (size_t n = 0; n < sizeof bin; n++) {
        g_assert_false(editor_mappings_parse_bin(EDITOR_MAP_S2, bin, n, &m, &err));
        g_assert_cmpint(err.offset, >=, 0);
        g_assert_cmpint(err.offset, <=, (long)n);
    }
}

#ifdef LW_TEST_RENDER
/* The view's drawing (editor_render_object_disasm): at zoom 2, each sprite pixel is a 2x2 block
 * of the view at its place; an object without a sprite is the placeholder box; a ring record
 * of 3 is three rings `spacing` apart. Cairo only, no display needed. */
static guint32 view_px(cairo_surface_t *surf, int x, int y)
{
    cairo_surface_flush(surf);
    const guint8 *d = cairo_image_surface_get_data(surf);
    return *(const guint32 *)(d + (gsize)y * (gsize)cairo_image_surface_get_stride(surf) +
                              4 * (gsize)x);
}

static void test_render(void)
{
    g_autoptr(GError) error = NULL;
    EditorObjectSprites *sp =
        editor_object_sprites_new(sprites_fixture_tree(), "Test Zone Act 1", &error);
    g_assert_no_error(error);
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 200);
    cairo_t *cr = cairo_create(surf);
    lw_object o = sprites_fixture_marker("object", 0x41, 0, TRUE, FALSE);
    g_assert_true(editor_render_object_disasm(cr, sp, &o, 100, 100, 2.0, FALSE));
    EditorDisasmSprites *s = sprites_fixture_open();
    const EditorDisasmSprite *want = sprites_fixture_get(s, "object", 0x41, 0, TRUE, FALSE);
    for (int y = want->top; y < want->top + (int)want->height; y++)
        for (int x = want->left; x < want->left + (int)want->width; x++)
            if (sprites_fixture_at(want, x, y)) {
                g_assert_cmphex(view_px(surf, 100 + 2 * x, 100 + 2 * y), ==,
                                sprites_fixture_at(want, x, y));
                g_assert_cmphex(view_px(surf, 101 + 2 * x, 101 + 2 * y), ==,
                                sprites_fixture_at(want, x, y));
            }
    lw_object_clear(&o);
    /* a box where the lists give no sprite; a marker of another kind is not drawn here */
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    o = sprites_fixture_marker("object", 0x50, 0, FALSE, FALSE);
    g_assert_true(editor_render_object_disasm(cr, sp, &o, 100, 100, 1.0, FALSE));
    g_assert_cmphex(view_px(surf, 100, 100) >> 24, !=, 0); /* inside the box */
    g_assert_cmphex(view_px(surf, 130, 100), ==, 0);       /* outside */
    lw_object_clear(&o);
    memset(&o, 0, sizeof o);
    o.type = LW_OBJECT_MARKER;
    g_assert_false(editor_render_object_disasm(cr, sp, &o, 100, 100, 1.0, FALSE));
    /* a ring record of three, in a row, 16 px apart (the [Ring] spacing) */
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    o = sprites_fixture_marker("ring", 0, 0, FALSE, FALSE);
    g_assert_true(lw_object_set_property(&o, "count", "3"));
    g_assert_true(editor_render_object_disasm(cr, sp, &o, 40, 100, 1.0, FALSE));
    const EditorDisasmSprite *ring = sprites_fixture_get(s, "ring", 0, 0, FALSE, FALSE);
    for (int k = 0; k < 3; k++)
        g_assert_cmphex(view_px(surf, 40 + 16 * k + 1, 100 - 7), ==,
                        sprites_fixture_at(ring, 1, -7));
    g_assert_cmphex(view_px(surf, 40 + 48 + 1, 100 - 7), ==, 0);
    lw_object_clear(&o);
    editor_disasm_sprites_free(s);
    cairo_destroy(cr);
    cairo_surface_destroy(surf);
    editor_object_sprites_free(sp);
}
#endif

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    sprites_fixture_begin("lw-dsprites-XXXXXX");
    make_tree();
    g_test_add_func("/disasm/sprites/ini-frame", test_ini_frame);
    g_test_add_func("/disasm/sprites/xml-and-code", test_xml_and_code);
    g_test_add_func("/disasm/sprites/code-run", test_code_run);
    g_test_add_func("/disasm/sprites/bad-inputs", test_bad_inputs);
    g_test_add_func("/disasm/sprites/map-forms", test_map_forms);
    g_test_add_func("/disasm/sprites/problems", test_problems);
#ifdef LW_TEST_RENDER
    g_test_add_func("/disasm/sprites/render", test_render);
#endif
    return sprites_fixture_end(g_test_run());
}
