/* SPDX-License-Identifier: MIT */
/*
 * Sprites of several parts in the disassembly object definitions' C# (disasm-sprites-cs-sprite.c,
 * docs/DISASM.md §11.1): `new Sprite(a, b, ...)` and `new Sprite(LIST)` composition, the flipped
 * copy `new Sprite(s, xflip, yflip)` and the moved copy `new Sprite(s, dx, dy)`, the in-place
 * `s.Offset(dx, dy)` and `s.Flip(xflip, yflip)` (a Sprite is a reference: a second name for it
 * sees the change, a copy does not), and art built by a `MultiFileIndexer` mixing the level's
 * own art (`LevelData.ReadFile("LevelArt", 0)` at -32, as skdisasm's definitions do) with an
 * object art file at a byte offset, and with one appended (offset -1).
 *
 * The C# is written here for the test (never Sega's). Every picture is compared pixel by pixel,
 * with its bounding box, against a composition built from the patterns, the palette and the
 * mapping rules alone (pieces column by column, piece and whole-frame mirrors about the origin,
 * earlier pieces over later ones, later parts over earlier ones), never against the code under
 * test. Doubles (Math.PI, Math.Cos/Sin, (int) toward zero) place parts on a circle. Hostile
 * definitions (a 200-deep nesting, huge offsets, a list of 1e6 parts by a loop, a
 * sprite doubled 40 times) end within the run's budget with a box. The definitions draw with
 * `MapToBmp` on `ASMToBin`'s mappings, never `MapASMToBmp` with a literal file, so that where the
 * run gives no sprite the literal scan (docs/DISASM.md §11.1) finds nothing either: a box.
 */
#include "disasm-sprites.h"
#include "sprites-fixture.h"

#include <stdlib.h>
#include <string.h>

/* Object pattern @t's colour index at (@x, @y), 1..15. */
static unsigned pix(unsigned t, unsigned x, unsigned y)
{
    return (t * 3 + x + 2 * y) % 15 + 1;
}

/* The level art's pattern @t: another pattern of indices, so the two arts tell apart. */
static unsigned lpix(unsigned t, unsigned x, unsigned y)
{
    return (t * 5 + 2 * x + 3 * y + 7) % 15 + 1;
}

/* ---- the expected pictures, from the patterns and the mapping rules ---- */

typedef enum { ART_OBJ, ART_MIX, ART_APPEND, ART_LEVEL, ART_NEXT } art_kind;

/* The colour index of pattern @t of art @k at (@x, @y); 0 past the art. ART_OBJ: the object
 * file's 4 patterns. ART_MIX: the level's patterns 1 and 2 (the level art from byte 32 on),
 * then the object file from byte 64 (over the level's pattern 3). ART_APPEND: the level's 4
 * patterns, then the object file after them. ART_LEVEL: the level's 4 patterns. ART_NEXT: the
 * object file's patterns one on (what every piece's tile + 1 reads). */
static unsigned art_pix(art_kind k, unsigned t, unsigned x, unsigned y)
{
    switch (k) {
    case ART_OBJ:
        return t < 4 ? pix(t, x, y) : 0;
    case ART_LEVEL:
        return t < 4 ? lpix(t, x, y) : 0;
    case ART_NEXT:
        return t + 1 < 4 ? pix(t + 1, x, y) : 0;
    case ART_MIX:
        return t < 2 ? lpix(t + 1, x, y) : t < 6 ? pix(t - 2, x, y) : 0;
    default:
        return t < 4 ? lpix(t, x, y) : t < 8 ? pix(t - 4, x, y) : 0;
    }
}

typedef struct {
    int x, y, w, h;
    unsigned tile, xflip, yflip, pal;
} piece;

/* The mappings of map/test.asm (below) as data: frame 0 and frame 1. */
static const piece frame0[] = {{-8, -8, 2, 2, 0, 0, 0, 0}};
static const piece frame1[] = {{-16, -4, 1, 1, 3, 1, 0, 1}, {0, 0, 1, 2, 1, 0, 1, 0}};

typedef struct {
    int frame;       /* 0 or 1 */
    unsigned line;   /* the MapToBmp palette argument */
    gboolean fx, fy; /* the part mirrored about the origin */
    int dx, dy;      /* then moved, px */
    art_kind art;
} part;

/* A part's piece @i after its mirror and move. */
static piece placed(const part *p, size_t i)
{
    piece c = (p->frame ? frame1 : frame0)[i];
    if (p->fx)
        c.x = -c.x - 8 * c.w, c.xflip ^= 1;
    if (p->fy)
        c.y = -c.y - 8 * c.h, c.yflip ^= 1;
    c.x += p->dx;
    c.y += p->dy;
    return c;
}

static size_t piece_count(const part *p)
{
    return p->frame ? G_N_ELEMENTS(frame1) : G_N_ELEMENTS(frame0);
}

/* The colour of part @p at level offset (@x, @y) from the origin, 0 where it has none. Earlier
 * pieces are over later ones. */
static guint32 part_at(const part *p, int x, int y)
{
    for (size_t i = 0; i < piece_count(p); i++) {
        piece c = placed(p, i);
        int u = x - c.x, v = y - c.y;
        if (u < 0 || v < 0 || u >= 8 * c.w || v >= 8 * c.h)
            continue;
        if (c.xflip)
            u = 8 * c.w - 1 - u;
        if (c.yflip)
            v = 8 * c.h - 1 - v;
        unsigned t = c.tile + (unsigned)(u / 8) * (unsigned)c.h + (unsigned)(v / 8);
        unsigned idx = art_pix(p->art, t, (unsigned)u % 8, (unsigned)v % 8);
        if (idx)
            return sprites_fixture_rgb(16 * ((c.pal + p->line) & 3) + idx);
    }
    return 0;
}

/* @s is the @n parts drawn in order (later over earlier): its box is the union of their pieces'
 * boxes and every pixel in it (and a margin around it) is the expected one. */
static void check_parts(const EditorDisasmSprite *s, const part *parts, size_t n)
{
    g_assert_nonnull(s);
    int x0 = G_MAXINT, y0 = G_MAXINT, x1 = G_MININT, y1 = G_MININT;
    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < piece_count(&parts[k]); i++) {
            piece c = placed(&parts[k], i);
            x0 = MIN(x0, c.x), y0 = MIN(y0, c.y);
            x1 = MAX(x1, c.x + 8 * c.w), y1 = MAX(y1, c.y + 8 * c.h);
        }
    g_assert_cmpint(s->left, ==, x0);
    g_assert_cmpint(s->top, ==, y0);
    g_assert_cmpuint(s->width, ==, (guint)(x1 - x0));
    g_assert_cmpuint(s->height, ==, (guint)(y1 - y0));
    guint drawn = 0;
    for (int y = y0 - 2; y < y1 + 2; y++)
        for (int x = x0 - 2; x < x1 + 2; x++) {
            guint32 want = 0;
            for (size_t k = 0; k < n; k++) {
                guint32 c = part_at(&parts[k], x, y);
                if (c)
                    want = c;
            }
            drawn += want != 0;
            if (sprites_fixture_at(s, x, y) != want)
                g_error("pixel (%d, %d): 0x%08x, expected 0x%08x", x, y,
                        sprites_fixture_at(s, x, y), want);
        }
    g_assert_cmpuint(drawn, >, 0);
}

/* ---- the tree ---- */

static const char *ini_text = "version=S2\n"
                              "objlst=obj.ini\n"
                              "[Test Zone Act 1]\n"
                              "layout=../level/layout/TST_1.kos\n"
                              "tiles=../art/level.nem\n"
                              "palette=../pal/test.bin:0:0:64\n";

static const char *map_text = "Map_test:\tmappingsTable\n"
                              "\tmappingsTableEntry.w\tMap_test_a\n"
                              "\tmappingsTableEntry.w\tMap_test_b\n"
                              "Map_test_a:\tspriteHeader\n"
                              "\tspritePiece\t-8, -8, 2, 2, 0, 0, 0, 0, 0\n"
                              "Map_test_a_End\n"
                              "Map_test_b:\tspriteHeader\n"
                              "\tspritePiece\t-$10, -4, 1, 1, 3, 1, 0, 1, 0\n"
                              "\tspritePiece\t0, 0, 1, 2, 1, 0, 1, 0, 0\n"
                              "Map_test_b_End\n"
                              "\teven\n";

static const char *obj_ini = "[50]\ncodefile=Parts.cs\n"
                             "[51]\ncodefile=Hostile.cs\n"
                             "[52]\ncodefile=Swing.cs\n"
                             "[53]\ncodefile=Greedy.cs\n"
                             "[54]\ncodefile=Props.cs\n"
                             "[55]\ncodefile=Patch.cs\n";

/* Parts placed on a circle with doubles, as skdisasm's MGZ swinging platform places its chain:
 * Math.PI, Math.Cos/Sin, int / double, (int) truncating toward zero. Subtype 0x10: a float
 * literal (not followed), 0x11: a cast out of int's range, 0x12: a division by zero. */
static const char *swing_cs =
    "class Swing : ObjectDefinition\n"
    "{\n"
    "\tprivate Sprite a;\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tvar map = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\ta = ObjectHelper.MapToBmp(LevelData.ReadFile(\"../art/test.nem\",\n"
    "\t\t\tCompressionType.Nemesis), map, 0, 0);\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t{\n"
    "\t\tif (obj.SubType == 0x10)\n"
    "\t\t\treturn new Sprite(a, (int)(1.5f * 2), 0);\n"
    "\t\tif (obj.SubType == 0x11)\n"
    "\t\t\treturn new Sprite(a, (int)(Math.Cos(0) * 1e10), 0);\n"
    "\t\tif (obj.SubType == 0x12)\n"
    "\t\t\treturn new Sprite(a, (int)(obj.SubType / 0.0), 0);\n"
    "\t\tvar radians = Math.PI * (obj.SubType / 128.0);\n"
    "\t\tdouble x = Math.Cos(radians) * 16.0, y = Math.Sin(radians) * 16.0;\n"
    "\t\treturn new Sprite(a, new Sprite(a, (int)(x * 5), (int)(y * 5)));\n"
    "\t}\n"
    "}\n";

/* The subtype chooses the construct; obj.XFlip / YFlip are passed on where the code says. */
static const char *parts_cs =
    "using System;\n"
    "using System.Collections.Generic;\n"
    "namespace Test.Parts\n"
    "{\n"
    "\tclass Parts : ObjectDefinition\n"
    "\t{\n"
    "\t\tprivate Sprite a;\n"
    "\t\tprivate Sprite b;\n"
    "\t\tprivate Sprite mixed;\n"
    "\t\tprivate Sprite appended;\n"
    "\t\tprivate Sprite shared;\n"
    "\t\tpublic override void Init(ObjectData data)\n"
    "\t\t{\n"
    "\t\t\tvar art = LevelData.ReadFile(\"../art/test.nem\", CompressionType.Nemesis);\n"
    "\t\t\tvar map = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\t\ta = ObjectHelper.MapToBmp(art, map, 0, 0);\n"
    "\t\t\tb = ObjectHelper.MapToBmp(art, map, 1, 1);\n"
    "\t\t\tvar indexer = new MultiFileIndexer<byte>();\n"
    "\t\t\tindexer.AddFile(new List<byte>(LevelData.ReadFile(\"LevelArt\", 0)), -32);\n"
    "\t\t\tindexer.AddFile(new List<byte>(LevelData.ReadFile(\"../art/test.nem\",\n"
    "\t\t\t\tCompressionType.Nemesis)), 64);\n"
    "\t\t\tmixed = ObjectHelper.MapToBmp(indexer.ToArray(), map, 0, 2);\n"
    "\t\t\tvar after = new MultiFileIndexer<byte>();\n"
    "\t\t\tafter.AddFile(new List<byte>(LevelData.ReadFile(\"LevelArt\", 0)), 0);\n"
    "\t\t\tafter.AddFile(new List<byte>(art), -1);\n"
    "\t\t\tappended = ObjectHelper.MapToBmp(after.ToArray(), map, 0, 3);\n"
    "\t\t\tshared = new Sprite(a);\n"
    "\t\t\tvar alias = shared;\n"
    "\t\t\talias.Offset(0, 24);\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t\t{\n"
    "\t\t\tSprite s;\n"
    "\t\t\tswitch (obj.SubType)\n"
    "\t\t\t{\n"
    "\t\t\t\tcase 0:\n"
    "\t\t\t\t\treturn new Sprite(a, b);\n"
    "\t\t\t\tcase 1:\n"
    "\t\t\t\t\treturn new Sprite(b, a, new Sprite(b, 24, 0));\n"
    "\t\t\t\tcase 2:\n"
    "\t\t\t\t\treturn new Sprite(a, obj.XFlip, obj.YFlip);\n"
    "\t\t\t\tcase 3:\n"
    "\t\t\t\t\treturn new Sprite(new Sprite(b, 10, -6), true, false);\n"
    "\t\t\t\tcase 4:\n"
    "\t\t\t\t\treturn new Sprite(a, -20, 12);\n"
    "\t\t\t\tcase 5:\n"
    "\t\t\t\t\ts = new Sprite(a, b);\n"
    "\t\t\t\t\ts.Offset(5, -3);\n"
    "\t\t\t\t\treturn s;\n"
    "\t\t\t\tcase 6:\n"
    "\t\t\t\t\ts = new Sprite(new Sprite(a, 12, 0), b);\n"
    "\t\t\t\t\ts.Flip(obj.XFlip, true);\n"
    "\t\t\t\t\treturn s;\n"
    "\t\t\t\tcase 7:\n"
    "\t\t\t\t\tvar list = new List<Sprite>();\n"
    "\t\t\t\t\tfor (int i = 0; i < 3; i++)\n"
    "\t\t\t\t\t\tlist.Add(new Sprite(b, 0, 16 * i));\n"
    "\t\t\t\t\treturn new Sprite(list);\n"
    "\t\t\t\tcase 8:\n"
    "\t\t\t\t\treturn shared;\n"
    "\t\t\t\tcase 9:\n"
    "\t\t\t\t\treturn a;\n"
    "\t\t\t\tcase 10:\n"
    "\t\t\t\t\treturn mixed;\n"
    "\t\t\t\tcase 11:\n"
    "\t\t\t\t\treturn new Sprite(new Sprite(mixed, 16, 0), true, false);\n"
    "\t\t\t\tcase 12:\n"
    "\t\t\t\t\treturn appended;\n"
    "\t\t\t\tcase 13:\n"
    "\t\t\t\t\treturn new Sprite(a, obj);\n" /* not a sprite: unknown */
    "\t\t\t}\n"
    "\t\t\treturn ObjectHelper.UnknownObject;\n"
    "\t\t}\n"
    "\t}\n"
    "}\n";

/* Hostile: each subtype tries to run away. The nesting (subtype 0) is generated. */
static const char *hostile_head =
    "class Hostile : ObjectDefinition\n"
    "{\n"
    "\tprivate Sprite a;\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tvar map = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\ta = ObjectHelper.MapToBmp(LevelData.ReadFile(\"../art/test.nem\",\n"
    "\t\t\tCompressionType.Nemesis), map, 0, 0);\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t{\n"
    "\t\tvar s = a;\n"
    "\t\tvar list = new List<Sprite>();\n"
    "\t\tswitch (obj.SubType)\n"
    "\t\t{\n"
    "\t\t\tcase 1:\n"
    "\t\t\t\treturn new Sprite(a, 2000000000, 0);\n"
    "\t\t\tcase 2:\n"
    "\t\t\t\ts = new Sprite(a);\n"
    "\t\t\t\ts.Offset(-2500, 0);\n"
    "\t\t\t\treturn s;\n"
    "\t\t\tcase 3:\n"
    "\t\t\t\tfor (int i = 0; i < 1000000; i++)\n"
    "\t\t\t\t\tlist.Add(new Sprite(a, i % 7, 0));\n"
    "\t\t\t\treturn new Sprite(list);\n"
    "\t\t\tcase 4:\n"
    "\t\t\t\tfor (int i = 0; i < 40; i++)\n"
    "\t\t\t\t\ts = new Sprite(s, s);\n"
    "\t\t\t\treturn s;\n"
    "\t\t\tcase 5:\n"
    "\t\t\t\ts = new Sprite(a);\n"
    "\t\t\t\tfor (int i = 0; i < 1000000; i++)\n"
    "\t\t\t\t\ts.Offset(1, 0);\n"
    "\t\t\t\treturn s;\n"
    "\t\t\tcase 6:\n"
    "\t\t\t\treturn new Sprite(new Sprite(a, 1000, 0), new Sprite(a, -1000, 1000));\n"
    "\t\t\tcase 7:\n"
    "\t\t\t\tfor (int i = 0; i < 20; i++)\n"
    "\t\t\t\t\tlist.Add(new Sprite(a, 0, 16 * i));\n"
    "\t\t\t\tfor (int i = 0; i < 20; i++)\n"
    "\t\t\t\t\tlist.Add(new Sprite(new Sprite(list), i, 0));\n"
    "\t\t\t\treturn new Sprite(list);\n"
    "\t\t}\n"
    "\t\treturn ";

/* In the form of s1disasm's SYZ blocks and SBZ flamethrowers: the level's art by SonLVL's
 * property `ObjectHelper.LevelArt`, and arrays given by an initializer alone (`int[] x = { … }`),
 * a field's and a local's. Subtype 0: frame 1 on line 0, subtype 1: frame 0 on line 1. */
static const char *props_cs =
    "using System.Collections.Generic;\n"
    "class Props : ObjectDefinition\n"
    "{\n"
    "\tprivate int[] frames = { 1, 0 };\n"
    "\tprivate List<Sprite> imgs = new List<Sprite>();\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tbyte[] art = ObjectHelper.LevelArt;\n"
    "\t\tint[] lines = { 0, 1 };\n"
    "\t\tvar map = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\tfor (int i = 0; i < frames.Length; i++)\n"
    "\t\t\timgs.Add(ObjectHelper.MapToBmp(art, map, frames[i], lines[i]));\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t{\n"
    "\t\treturn imgs[obj.SubType & 1];\n"
    "\t}\n"
    "}\n";

/* In the form of skdisasm's CNZ hover fan: Init reads the bytes ASMToBin assembled (S2's:
 * a 2-word table, then per frame a count word and 8-byte pieces) and adds 1 to every piece's
 * tile word before drawing. Subtype 0: drawn before the change (the file's frame 1); 1 and 2:
 * frames 1 and 0 after it; 3: an unknown value stored (a box); 4: `.Length` (32 bytes); 5: a
 * byte past the end (an exception in C#: a box). */
static const char *patch_cs =
    "class Patch : ObjectDefinition\n"
    "{\n"
    "\tprivate Sprite[] sprites;\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tvar art = LevelData.ReadFile(\"../art/test.nem\", CompressionType.Nemesis);\n"
    "\t\tvar map = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\tsprites = new Sprite[3];\n"
    "\t\tsprites[0] = ObjectHelper.MapToBmp(art, map, 1, 0);\n"
    "\t\tfor (var index = 0; index < 2; index++)\n"
    "\t\t{\n"
    "\t\t\tvar offset = (map[index * 2] << 8) | map[(index * 2) + 1];\n"
    "\t\t\tvar length = ((map[offset++] << 8) | map[offset++]) * 8 + offset;\n"
    "\t\t\twhile (offset < length)\n"
    "\t\t\t{\n"
    "\t\t\t\tvar pattern = ((map[offset + 2] << 8) | map[offset + 3]) + 1;\n"
    "\t\t\t\tmap[offset + 2] = (byte)(pattern >> 8);\n"
    "\t\t\t\tmap[offset + 3] = (byte)(pattern);\n"
    "\t\t\t\toffset = offset + 8;\n"
    "\t\t\t}\n"
    "\t\t}\n"
    "\t\tsprites[1] = ObjectHelper.MapToBmp(art, map, 1, 0);\n"
    "\t\tsprites[2] = ObjectHelper.MapToBmp(art, map, 0, 1);\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t{\n"
    "\t\tvar art = LevelData.ReadFile(\"../art/test.nem\", CompressionType.Nemesis);\n"
    "\t\tvar m = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\tswitch (obj.SubType)\n"
    "\t\t{\n"
    "\t\t\tcase 3:\n"
    "\t\t\t\tm[5] = (byte)LevelData.Unknown;\n"
    "\t\t\t\treturn ObjectHelper.MapToBmp(art, m, 1, 0);\n"
    "\t\t\tcase 4:\n"
    "\t\t\t\treturn m.Length == 32 ? sprites[0] : null;\n"
    "\t\t\tcase 5:\n"
    "\t\t\t\tif (m[m.Length] == 0)\n"
    "\t\t\t\t\treturn sprites[0];\n"
    "\t\t\t\treturn sprites[1];\n"
    "\t\t}\n"
    "\t\treturn sprites[obj.SubType];\n"
    "\t}\n"
    "}\n";

/* Greedy: every GetSprite makes a lot and keeps none of it, then returns the one sprite Init
 * made. Subtypes below 0x80: four arrays of 4,096 (16,388 units of CS_MAX_MADE's 262,144);
 * from 0x80: 1,200 times four small lists and an array of them (12,000 units). What the runs
 * made is freed only with the definition, so the bound ends the calls after 15 or 21. */
static const char *greedy_cs =
    "class Greedy : ObjectDefinition\n"
    "{\n"
    "\tprivate Sprite a;\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tvar map = LevelData.ASMToBin(\"../map/test.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\ta = ObjectHelper.MapToBmp(LevelData.ReadFile(\"../art/test.nem\",\n"
    "\t\t\tCompressionType.Nemesis), map, 0, 0);\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t{\n"
    "\t\tif (obj.SubType < 0x80)\n"
    "\t\t\tfor (var i = 0; i < 4; i++)\n"
    "\t\t\t{\n"
    "\t\t\t\tvar big = new int[4096];\n"
    "\t\t\t}\n"
    "\t\telse\n"
    "\t\t\tfor (var i = 0; i < 1200; i++)\n"
    "\t\t\t{\n"
    "\t\t\t\tvar l = new List<int>();\n"
    "\t\t\t\tl.Add(1);\n"
    "\t\t\t\tvar m = new[] { l, new List<int>(), new List<int>(), new List<int>() };\n"
    "\t\t\t}\n"
    "\t\treturn a;\n"
    "\t}\n"
    "}\n";

static char *hostile_text(void)
{
    GString *t = g_string_new(hostile_head);
    for (int i = 0; i < 200; i++)
        g_string_append(t, "new Sprite(");
    g_string_append(t, "a");
    for (int i = 0; i < 200; i++)
        g_string_append(t, ", true, false)");
    g_string_append(t, ";\n\t}\n}\n");
    return g_string_free(t, FALSE);
}

static void make_tree(void)
{
    sprites_fixture_put("SonLVL INI Files/SonLVL.ini", ini_text, -1);
    sprites_fixture_put("SonLVL INI Files/obj.ini", obj_ini, -1);
    sprites_fixture_put("SonLVL INI Files/Parts.cs", parts_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Swing.cs", swing_cs, -1);
    g_autofree char *hostile = hostile_text();
    sprites_fixture_put("SonLVL INI Files/Hostile.cs", hostile, -1);
    sprites_fixture_put("SonLVL INI Files/Greedy.cs", greedy_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Props.cs", props_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Patch.cs", patch_cs, -1);
    sprites_fixture_put("map/test.asm", map_text, -1);
    sprites_fixture_put_palette();
    sprites_fixture_put_nemesis("art/test.nem", pix);
    sprites_fixture_put_nemesis("art/level.nem", lpix);
}

static const EditorDisasmSprite *get(EditorDisasmSprites *s, unsigned id, unsigned subtype,
                                     gboolean xflip, gboolean yflip)
{
    return sprites_fixture_get(s, "object", id, subtype, xflip, yflip);
}

/* The parts the definition's a and b are: frame 0 on line 0, frame 1 on line 1. */
#define A(fx, fy, dx, dy)                                                                          \
    {                                                                                              \
        0, 0, fx, fy, dx, dy, ART_OBJ                                                              \
    }
#define B(fx, fy, dx, dy)                                                                          \
    {                                                                                              \
        1, 1, fx, fy, dx, dy, ART_OBJ                                                              \
    }

static void no_warnings(EditorDisasmSprites *s)
{
    for (guint i = 0; i < editor_disasm_sprites_warning_count(s); i++)
        g_test_message("%s", editor_disasm_sprites_warning(s, i));
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 0);
}

/* new Sprite(a, b, ...) and new Sprite(LIST): every part, later over earlier. */
static void test_compose(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    check_parts(get(s, 0x50, 9, FALSE, FALSE), (const part[]){A(0, 0, 0, 0)}, 1);
    /* b's piece at (0, 0) overlaps a's lower right quarter: b is drawn over it */
    check_parts(get(s, 0x50, 0, FALSE, FALSE), (const part[]){A(0, 0, 0, 0), B(0, 0, 0, 0)}, 2);
    /* the same, the object flipped: the definition returns the same parts (it ignores flips) */
    check_parts(get(s, 0x50, 0, TRUE, TRUE), (const part[]){A(0, 0, 0, 0), B(0, 0, 0, 0)}, 2);
    /* three parts, a over b, then a moved copy of b */
    check_parts(get(s, 0x50, 1, FALSE, FALSE),
                (const part[]){B(0, 0, 0, 0), A(0, 0, 0, 0), B(0, 0, 24, 0)}, 3);
    /* a List<Sprite> filled by a loop */
    check_parts(get(s, 0x50, 7, FALSE, FALSE),
                (const part[]){B(0, 0, 0, 0), B(0, 0, 0, 16), B(0, 0, 0, 32)}, 3);
    g_assert_null(get(s, 0x50, 13, FALSE, FALSE)); /* a part that is no sprite: a box */
    g_assert_null(get(s, 0x50, 14, FALSE, FALSE)); /* UnknownObject */
    editor_disasm_sprites_free(s);
}

/* new Sprite(s, xflip, yflip): mirrored about the origin, its offsets too. */
static void test_flip_copy(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    for (int f = 0; f < 4; f++)
        check_parts(get(s, 0x50, 2, f & 1, f >> 1), (const part[]){A(f & 1, f >> 1, 0, 0)}, 1);
    /* a moved copy of b (10, -6) mirrored in X: the move mirrors too, to (-10, -6) */
    check_parts(get(s, 0x50, 3, FALSE, FALSE), (const part[]){B(1, 0, -10, -6)}, 1);
    editor_disasm_sprites_free(s);
}

/* new Sprite(s, dx, dy): moved. */
static void test_offset_copy(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    check_parts(get(s, 0x50, 4, FALSE, FALSE), (const part[]){A(0, 0, -20, 12)}, 1);
    check_parts(get(s, 0x50, 4, TRUE, FALSE), (const part[]){A(0, 0, -20, 12)}, 1);
    check_parts(get(s, 0x50, 1, FALSE, FALSE),
                (const part[]){B(0, 0, 0, 0), A(0, 0, 0, 0), B(0, 0, 24, 0)}, 3);
    editor_disasm_sprites_free(s);
}

/* s.Offset(dx, dy): in place, every part; a second name for the sprite sees it, a copy not. */
static void test_offset_method(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    check_parts(get(s, 0x50, 5, FALSE, FALSE), (const part[]){A(0, 0, 5, -3), B(0, 0, 5, -3)}, 2);
    /* Init: shared = new Sprite(a); alias = shared; alias.Offset(0, 24) */
    check_parts(get(s, 0x50, 8, FALSE, FALSE), (const part[]){A(0, 0, 0, 24)}, 1);
    check_parts(get(s, 0x50, 9, FALSE, FALSE), (const part[]){A(0, 0, 0, 0)}, 1); /* a itself */
    editor_disasm_sprites_free(s);
}

/* s.Flip(xflip, yflip): in place, about the origin, offsets included. */
static void test_flip_method(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    /* (a moved 12 right, b), flipped in Y always and in X with the object */
    check_parts(get(s, 0x50, 6, FALSE, FALSE), (const part[]){A(0, 1, 12, 0), B(0, 1, 0, 0)}, 2);
    check_parts(get(s, 0x50, 6, TRUE, FALSE), (const part[]){A(1, 1, -12, 0), B(1, 1, 0, 0)}, 2);
    no_warnings(s);
    editor_disasm_sprites_free(s);
}

/* A MultiFileIndexer of the level's art (from byte 32) and an object file at byte 64; another
 * of the level's art and the object file appended (offset -1). */
static void test_indexer_level_art(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    const part mixed = {0, 2, FALSE, FALSE, 0, 0, ART_MIX};
    check_parts(get(s, 0x50, 10, FALSE, FALSE), &mixed, 1);
    /* by hand: the top-left pattern is the level's pattern 1, the top-right the object's 0 */
    g_assert_cmphex(sprites_fixture_at(get(s, 0x50, 10, FALSE, FALSE), -8, -8), ==,
                    sprites_fixture_rgb(32 + lpix(1, 0, 0)));
    g_assert_cmphex(sprites_fixture_at(get(s, 0x50, 10, FALSE, FALSE), 0, -8), ==,
                    sprites_fixture_rgb(32 + pix(0, 0, 0)));
    const part mirrored = {0, 2, TRUE, FALSE, -16, 0, ART_MIX};
    check_parts(get(s, 0x50, 11, FALSE, FALSE), &mirrored, 1);
    const part appended = {0, 3, FALSE, FALSE, 0, 0, ART_APPEND};
    check_parts(get(s, 0x50, 12, FALSE, FALSE), &appended, 1);
    no_warnings(s);
    editor_disasm_sprites_free(s);
}

/* Hostile definitions: a box each, within the budget; what is bounded is still drawn. */
static void test_hostile(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    gint64 t0 = g_get_monotonic_time();
    g_assert_null(get(s, 0x51, 0, FALSE, FALSE)); /* 200 nested constructions */
    g_assert_null(get(s, 0x51, 1, FALSE, FALSE)); /* moved 2e9 px */
    g_assert_null(get(s, 0x51, 2, FALSE, FALSE)); /* Offset 2,500 px: past the reach */
    g_assert_null(get(s, 0x51, 3, FALSE, FALSE)); /* 1e6 parts by a loop: out of steps */
    g_assert_null(get(s, 0x51, 4, FALSE, FALSE)); /* doubled 40 times: 2^40 parts */
    g_assert_null(get(s, 0x51, 5, FALSE, FALSE)); /* 1e6 Offset calls: out of steps */
    /* 20 parts, then 20 sprites of the growing list: past the parts' bound, a box */
    g_assert_null(get(s, 0x51, 7, FALSE, FALSE));
    gint64 took = g_get_monotonic_time() - t0;
    g_test_message("hostile definitions: %" G_GINT64_FORMAT " us", took);
    g_assert_cmpint(took, <, 10 * G_USEC_PER_SEC);
    /* two parts 2,000 px apart: within the bounds, drawn whole */
    const EditorDisasmSprite *far = get(s, 0x51, 6, FALSE, FALSE);
    check_parts(far, (const part[]){A(0, 0, 1000, 0), A(0, 0, -1000, 1000)}, 2);
    editor_disasm_sprites_free(s);
}

/* ObjectHelper.LevelArt and arrays by an initializer alone. */
static void test_level_art_property(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    check_parts(get(s, 0x54, 0, FALSE, FALSE), (const part[]){{1, 0, 0, 0, 0, 0, ART_LEVEL}}, 1);
    check_parts(get(s, 0x54, 1, FALSE, FALSE), (const part[]){{0, 1, 0, 0, 0, 0, ART_LEVEL}}, 1);
    no_warnings(s);
    editor_disasm_sprites_free(s);
}

/* Mappings bytes read and changed by the code (LevelData.ASMToBin's byte[]), then drawn. */
static void test_patched_map(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    check_parts(get(s, 0x55, 0, FALSE, FALSE), (const part[]){{1, 0, 0, 0, 0, 0, ART_OBJ}}, 1);
    check_parts(get(s, 0x55, 1, FALSE, FALSE), (const part[]){{1, 0, 0, 0, 0, 0, ART_NEXT}}, 1);
    check_parts(get(s, 0x55, 2, FALSE, FALSE), (const part[]){{0, 1, 0, 0, 0, 0, ART_NEXT}}, 1);
    /* GetSprite ignores the flip: so does the picture */
    check_parts(get(s, 0x55, 1, TRUE, FALSE), (const part[]){{1, 0, 0, 0, 0, 0, ART_NEXT}}, 1);
    g_assert_null(get(s, 0x55, 3, FALSE, FALSE)); /* an unknown byte stored */
    check_parts(get(s, 0x55, 4, FALSE, FALSE), (const part[]){{1, 0, 0, 0, 0, 0, ART_OBJ}}, 1);
    g_assert_null(get(s, 0x55, 5, FALSE, FALSE)); /* a byte past the end */
    no_warnings(s);
    editor_disasm_sprites_free(s);
}

/* What the runs make is bounded (CS_MAX_MADE), Init's and every GetSprite's together: a
 * definition that makes more than that in its calls draws its sprite until the bound, then
 * boxes. */
static void test_greedy(void)
{
    for (int kind = 0; kind < 2; kind++) {
        EditorDisasmSprites *s = sprites_fixture_open();
        gint64 t0 = g_get_monotonic_time();
        unsigned first = kind ? 0x80 : 0, drawn = 0, boxes = 0, last_drawn = 0;
        for (unsigned st = first; st < first + 0x60; st++) {
            const EditorDisasmSprite *sp = get(s, 0x53, st, FALSE, FALSE);
            if (sp) {
                check_parts(sp, (const part[]){A(0, 0, 0, 0)}, 1);
                drawn++;
                last_drawn = st;
            } else {
                boxes++;
            }
        }
        gint64 took = g_get_monotonic_time() - t0;
        g_test_message("greedy %d: %u drawn, %u boxes, %" G_GINT64_FORMAT " us", kind, drawn, boxes,
                       took);
        /* drawn until the bound, boxes after it */
        g_assert_cmpuint(drawn, >=, kind ? 18 : 12);
        g_assert_cmpuint(boxes, >, 0);
        g_assert_cmpuint(last_drawn - first + 1, ==, drawn);
        /* no wall-clock assertion: the bound is what ends the runs, and the counts above fail
         * without it (96 drawn, 0 boxes); the time is only reported (5.1 s under ASan at load 10)
         */
        editor_disasm_sprites_free(s);
    }
}

/* Doubles: the second part 80 px from the origin at angle subtype * pi / 128, truncated toward
 * zero (the values computed by hand: 80 cos(pi / 4) = 56.57, 80 cos(43 pi / 128) = 39.43,
 * 80 sin(43 pi / 128) = 69.61; at pi and 3 pi / 2 the tiny sine or cosine truncates to 0). */
static void test_doubles(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    static const int want[][3] = {{0x00, 80, 0},  {0x20, 56, 56},   {0x2B, 39, 69},
                                  {0x80, -80, 0}, {0xAB, -39, -69}, {0xC0, 0, -80}};
    for (size_t i = 0; i < G_N_ELEMENTS(want); i++)
        check_parts(get(s, 0x52, (unsigned)want[i][0], FALSE, FALSE),
                    (const part[]){A(0, 0, 0, 0), A(0, 0, want[i][1], want[i][2])}, 2);
    g_assert_null(get(s, 0x52, 0x10, FALSE, FALSE)); /* a float: not followed */
    g_assert_null(get(s, 0x52, 0x11, FALSE, FALSE)); /* 1e10 as an int: unspecified in C# */
    g_assert_null(get(s, 0x52, 0x12, FALSE, FALSE)); /* an infinity */
    editor_disasm_sprites_free(s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    sprites_fixture_begin("lw-dsparts-XXXXXX");
    make_tree();
    g_test_add_func("/disasm/sprites/parts/compose", test_compose);
    g_test_add_func("/disasm/sprites/parts/flip-copy", test_flip_copy);
    g_test_add_func("/disasm/sprites/parts/offset-copy", test_offset_copy);
    g_test_add_func("/disasm/sprites/parts/offset-method", test_offset_method);
    g_test_add_func("/disasm/sprites/parts/flip-method", test_flip_method);
    g_test_add_func("/disasm/sprites/parts/indexer-level-art", test_indexer_level_art);
    g_test_add_func("/disasm/sprites/parts/hostile", test_hostile);
    g_test_add_func("/disasm/sprites/parts/greedy", test_greedy);
    g_test_add_func("/disasm/sprites/parts/level-art-property", test_level_art_property);
    g_test_add_func("/disasm/sprites/parts/patched-map", test_patched_map);
    g_test_add_func("/disasm/sprites/parts/doubles", test_doubles);
    return sprites_fixture_end(g_test_run());
}
