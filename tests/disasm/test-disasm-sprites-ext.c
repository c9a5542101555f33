/* SPDX-License-Identifier: MIT */
/*
 * Two extensions of the disassembly object sprites (docs/DISASM.md §11).
 *
 * Dynamic pattern load cues (editor/doc/disasm-sprites-map.h): the binary reader in the three
 * games' formats on hand-made bytes, corrupt input refused with its byte; the assembly form (the
 * trees' dplcHeader / dplcEntry macros in each format, S3K's raw dc.w) against the same bytes,
 * refusals with their line; the patterns a frame loads; and sprites built through DPLCs in a
 * synthetic tree (INI dplcasm= / dplcbin=, an ObjDef MapFile dplcfile= with dplcver=), checked
 * pixel by pixel: the frame's tiles read the patterns the DPLC frame loads, not the art's first
 * ones. A bad DPLC file or frame gives a warning naming the file (and line) and no sprite.
 *
 * The C# interpreter's objects (disasm-sprites-cs-obj.c), on definitions written here in the
 * form of skdisasm's decorative sprites and breakable rocks: instances of the file's classes
 * (constructors, `: base(...)`, a virtual property overridden), a `params` builder and its
 * overload by a string parameter, LINQ's ToDictionary with lambdas, an object initializer,
 * TryGetValue with `out`, a dictionary collection initializer, foreach over its Values. Each
 * picture is compared pixel by pixel with an INI object drawing the same frame and palette line;
 * a duplicate key (C# throws) and a missing one give a box.
 */
#include "disasm-sprites-map.h"
#include "disasm-sprites.h"
#include "sprites-fixture.h"

#include <stdlib.h>
#include <string.h>

static void check_frame(const editor_dplcs *d, size_t frame, size_t n, const unsigned *tile_count)
{
    g_assert_cmpuint(frame, <, d->count);
    const editor_dplc_frame *f = &d->frames[frame];
    g_assert_cmpuint(f->count, ==, n);
    for (size_t i = 0; i < n; i++) {
        g_assert_cmpuint(f->entries[i].tile, ==, tile_count[2 * i]);
        g_assert_cmpuint(f->entries[i].count, ==, tile_count[2 * i + 1]);
    }
}

static void refused_bin(editor_dplc_format f, const guint8 *b, size_t n, lw_status code, long at,
                        const char *text)
{
    editor_dplcs d;
    lw_error err;
    memset(&err, 0, sizeof err);
    g_assert_false(editor_dplcs_parse_bin(f, b, n, &d, &err));
    g_assert_cmpint(err.code, ==, code);
    g_assert_cmpint(err.offset, ==, at);
    g_assert_nonnull(strstr(err.message, text));
    g_assert_cmpuint(d.count, ==, 0);
    g_assert_null(d.frames);
}

static void test_bin(void)
{
    editor_dplcs d;
    lw_error err;
    /* S1: a count byte; frame 0 empty, frame 1 = 2 tiles from 3, then 1 tile from 0 */
    const guint8 s1[] = {0, 4, 0, 5, 0, 2, 0x10, 0x03, 0x00, 0x00};
    g_assert_true(editor_dplcs_parse_bin(EDITOR_DPLC_S1, s1, sizeof s1, &d, &err));
    g_assert_cmpuint(d.count, ==, 2);
    check_frame(&d, 0, 0, NULL);
    check_frame(&d, 1, 2, (const unsigned[]){3, 2, 0, 1});
    editor_dplcs_clear(&d);
    /* S2: a count word; 4 tiles from 7, 16 from $FFF */
    const guint8 s2[] = {0, 2, 0, 2, 0x30, 0x07, 0xFF, 0xFF};
    g_assert_true(editor_dplcs_parse_bin(EDITOR_DPLC_S2, s2, sizeof s2, &d, &err));
    check_frame(&d, 0, 2, (const unsigned[]){7, 4, 0xFFF, 16});
    editor_dplcs_clear(&d);
    /* S3K: a count-1 word (-1: none), entries tile << 4 | n-1 */
    const guint8 s3[] = {0, 4, 0, 6, 0xFF, 0xFF, 0, 1, 0x00, 0x73, 0x01, 0x0F};
    g_assert_true(editor_dplcs_parse_bin(EDITOR_DPLC_S3K, s3, sizeof s3, &d, &err));
    check_frame(&d, 0, 0, NULL);
    check_frame(&d, 1, 2, (const unsigned[]){7, 4, 0x10, 16});
    editor_dplcs_clear(&d);

    /* corrupt input: refused with the byte */
    refused_bin(EDITOR_DPLC_S2, (const guint8[]){0, 2, 0, 3, 0x30, 0x07}, 6, LW_ERR_TRUNCATED, 2,
                "run past the end");
    refused_bin(EDITOR_DPLC_S3K, (const guint8[]){0, 2, 0xFF, 0xFE}, 4, LW_ERR_FORMAT, 2,
                "below -1");
    refused_bin(EDITOR_DPLC_S2, (const guint8[]){0, 2, 0, 9}, 4, LW_ERR_TRUNCATED, 2,
                "9 entries of 2 bytes run past the end");
    refused_bin(EDITOR_DPLC_S1, (const guint8[]){0, 3}, 2, LW_ERR_FORMAT, 0, "past the end");
    refused_bin(EDITOR_DPLC_S1, (const guint8[]){0}, 1, LW_ERR_TRUNCATED, 1, "no offset table");
    /* 129 runs of 16 patterns: more than VRAM holds */
    guint8 big[4 + 2 * 129];
    big[0] = 0, big[1] = 2, big[2] = 0, big[3] = 129;
    for (int i = 0; i < 129; i++)
        big[4 + 2 * i] = 0xF0, big[5 + 2 * i] = 0;
    refused_bin(EDITOR_DPLC_S2, big, sizeof big, LW_ERR_LIMIT, 2, "more than VRAM");
    big[3] = 128; /* 2,048 patterns: as much as VRAM holds */
    g_assert_true(editor_dplcs_parse_bin(EDITOR_DPLC_S2, big, sizeof big - 2, &d, &err));
    editor_dplcs_clear(&d);
}

static const char *macro_text = "D:\tmappingsTable ; the trees' macros\n"
                                "\tmappingsTableEntry.w\tD_0\n"
                                "\tmappingsTableEntry.w\tD_1\n"
                                "\n"
                                "D_0:\tdplcHeader\n"
                                "D_0_End\n"
                                "D_1:\tdplcHeader\n"
                                "\tdplcEntry\t2, 3\n"
                                "\tdplcEntry\t$10, $FFF\n"
                                "D_1_End\n"
                                "\teven\n";

static void same_as_bin(editor_dplc_format f, const char *text, const guint8 *b, size_t n)
{
    editor_dplcs a, e;
    lw_error err;
    g_assert_true(editor_dplcs_parse_asm(f, text, strlen(text), &a, &err));
    g_assert_true(editor_dplcs_parse_bin(f, b, n, &e, &err));
    g_assert_cmpuint(a.count, ==, e.count);
    for (size_t i = 0; i < a.count; i++) {
        g_assert_cmpuint(a.frames[i].count, ==, e.frames[i].count);
        for (size_t k = 0; k < a.frames[i].count; k++) {
            g_assert_cmpuint(a.frames[i].entries[k].tile, ==, e.frames[i].entries[k].tile);
            g_assert_cmpuint(a.frames[i].entries[k].count, ==, e.frames[i].entries[k].count);
        }
    }
    check_frame(&a, 1, 2, (const unsigned[]){3, 2, 0xFFF, 16});
    editor_dplcs_clear(&a);
    editor_dplcs_clear(&e);
}

static void refused_asm(editor_dplc_format f, const char *text, int line, const char *msg)
{
    editor_dplcs d;
    lw_error err;
    memset(&err, 0, sizeof err);
    g_assert_false(editor_dplcs_parse_asm(f, text, strlen(text), &d, &err));
    g_assert_cmpint(err.line, ==, line);
    g_assert_nonnull(strstr(err.message, msg));
    g_assert_cmpuint(d.count, ==, 0);
}

static void test_asm(void)
{
    /* one text, three encodings (SonicDplcVer 1, 2, 3) */
    same_as_bin(EDITOR_DPLC_S1, macro_text,
                (const guint8[]){0, 4, 0, 5, 0, 2, 0x10, 0x03, 0xFF, 0xFF}, 10);
    same_as_bin(EDITOR_DPLC_S2, macro_text,
                (const guint8[]){0, 4, 0, 6, 0, 0, 0, 2, 0x10, 0x03, 0xFF, 0xFF}, 12);
    same_as_bin(EDITOR_DPLC_S3K, macro_text,
                (const guint8[]){0, 4, 0, 6, 0xFF, 0xFF, 0, 1, 0x00, 0x31, 0xFF, 0xFF}, 12);
    /* skdisasm's raw form: a dc.w table, count-1 words */
    same_as_bin(EDITOR_DPLC_S3K,
                "DPLC_X:\tdc.w w_0-DPLC_X\n\tdc.w w_1-DPLC_X\nw_0:\tdc.w -1\n"
                "w_1:\tdc.w 1\n\t\tdc.w $0031\n\t\tdc.w $FFFF\n",
                (const guint8[]){0, 4, 0, 6, 0xFF, 0xFF, 0, 1, 0x00, 0x31, 0xFF, 0xFF}, 12);

    refused_asm(EDITOR_DPLC_S2,
                "D:\tmappingsTable\n\tmappingsTableEntry.w\tD_0\nD_0:\tdplcHeader\n"
                "\tdplcEntry\t17, 0\n",
                4, "1..16 tiles");
    refused_asm(EDITOR_DPLC_S2, "D:\tdc.w 2\n\tdplcEntry\t1, $1000\n", 2, "1..16 tiles");
    refused_asm(EDITOR_DPLC_S2, "D:\tdc.w 2\n\tdplcEntry\t1\n", 2, "takes 2 operands");
    refused_asm(EDITOR_DPLC_S2, "D:\tdc.w 2\n\tspritePiece\t0, 0, 1, 1, 0, 0, 0, 0, 0\n", 2,
                "unknown statement");
    refused_asm(EDITOR_DPLC_S3K, "D:\tdc.w 2\n\tdc.w 3 ; three entries\n\tdc.w 1\n", 2,
                "run past the end");
    refused_asm(EDITOR_DPLC_S2, "; nothing\n", 1, "no DPLCs");
    /* and a dplcHeader is no mappings statement */
    editor_mappings m;
    lw_error err;
    const char *t = "M:\tdc.w 2\n\tdplcHeader\n";
    g_assert_false(editor_mappings_parse_asm(EDITOR_MAP_S2, t, strlen(t), NULL, &m, &err));
    g_assert_cmpint(err.line, ==, 2);
}

static void test_load(void)
{
    guint8 art[3 * 32];
    for (unsigned i = 0; i < sizeof art; i++)
        art[i] = (guint8)(i / 32 + 1);
    editor_dplc_entry e[] = {{2, 1}, {1, 3}}; /* pattern 2, then 1, 2 and 3 (past the art) */
    editor_dplc_frame f = {e, 2};
    guint8 out[8 * 32];
    memset(out, 0xAA, sizeof out);
    g_assert_cmpuint(editor_dplc_load(&f, art, sizeof art, out, sizeof out), ==, 4 * 32);
    const guint8 want[4] = {3, 2, 3, 0};
    for (unsigned t = 0; t < 4; t++)
        for (unsigned b = 0; b < 32; b++)
            g_assert_cmpuint(out[t * 32 + b], ==, want[t]);
    g_assert_cmpuint(out[4 * 32], ==, 0xAA);
    /* bounded by the output */
    g_assert_cmpuint(editor_dplc_load(&f, art, sizeof art, out, 2 * 32 + 31), ==, 2 * 32);
}

/* ---- sprites through DPLCs in a synthetic tree ---- */

static unsigned pix(unsigned t, unsigned x, unsigned y)
{
    return (t * 5 + x + 3 * y) % 15 + 1;
}

static const char *obj_ini = "[10]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "dplcasm=../map/two-dplc.asm\n"
                             "[11]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "dplcasm=../map/two-dplc.asm\n"
                             "frame=1\n"
                             "[12]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "dplcbin=../map/two-dplc.bin\n"
                             "[13]\n"
                             "xmlfile=D.xml\n"
                             "[14]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "dplcbin=../map/two-dplc.bin\n"
                             "frame=1\n"
                             "[15]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "dplcasm=../map/bad-dplc.asm\n"
                             "[16]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "[17]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "dplcasm=../map/two-dplc.asm\n"
                             "dplcver=S4\n"
                             "[18]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/cs.asm\n"
                             "frame=1\n"
                             "pal=2\n"
                             "[19]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/cs.asm\n"
                             "pal=1\n"
                             "[1A]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/cs.asm\n"
                             "[1B]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/cs.asm\n"
                             "frame=1\n"
                             "pal=1\n"
                             "[20]\n"
                             "codefile=Deco.cs\n"
                             "codetype=Test.Zone.Deco\n"
                             "[21]\n"
                             "codefile=Deco.cs\n"
                             "codetype=Test.Zone.Twice\n"
                             "[22]\n"
                             "codefile=Rock.cs\n"
                             "[23]\n"
                             "codefile=Knux.cs\n"
                             "[24]\n"
                             "codefile=Evil.cs\n"
                             "[1C]\n"
                             "art=../art/big.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/two.asm\n"
                             "dplcasm=../map/big-dplc.asm\n";

/* Hostile: a field and a constructor making their own class, a params method calling itself,
 * a lambda calling a method that constructs, 17 arguments. */
static const char *evil_cs =
    "class Evil : ObjectDefinition\n"
    "{\n"
    "\tEvil again = new Evil();\n"
    "\tpublic Evil() { var x = new Evil(); }\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tvar d = System.Linq.Enumerable.ToDictionary(new[] { 1, 2 }, k => Make(k), v => v);\n"
    "\t}\n"
    "\tprivate int Make(int k) { var e = new Evil { again = new Evil() }; return k; }\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t{\n"
    "\t\tvar s = Build(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17);\n"
    "\t\treturn Build(obj.SubType, 1);\n"
    "\t}\n"
    "\tprivate Sprite Build(params int[] xs) { return Build(xs[0], xs[1], xs[0]); }\n"
    "}\n";

/* DPLCs through C#: ASMToBin with an EngineVersion, MapDPLCToBmp in both forms, and
 * MapASMDPLCToBmp (the game's format). */
static const char *knux_cs =
    "class Knux : ObjectDefinition\n"
    "{\n"
    "\tprivate Sprite[] s;\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tvar art = LevelData.ReadFile(\"../art/plain.bin\", CompressionType.Uncompressed);\n"
    "\t\tvar map = LevelData.ASMToBin(\"../map/two.asm\", EngineVersion.S2);\n"
    "\t\tvar plc = LevelData.ASMToBin(\"../map/raw-dplc.asm\", EngineVersion.S3K);\n"
    "\t\ts = new[] { ObjectHelper.MapDPLCToBmp(art, map, plc, 0, 1),\n"
    "\t\t\tObjectHelper.MapDPLCToBmp(art, map, EngineVersion.S2,\n"
    "\t\t\t\tLevelData.ASMToBin(\"../map/two-dplc.asm\", EngineVersion.S2), EngineVersion.S2,\n"
    "\t\t\t\t1, 0, true),\n"
    "\t\t\tObjectHelper.MapASMDPLCToBmp(art, \"../map/two.asm\", \"../map/two-dplc.asm\", 0, 0) "
    "};\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj) { return s[obj.SubType % 3]; }\n"
    "}\n";

/* In the form of skdisasm's decorative sprites: a params builder of nested-class instances,
 * ToDictionary with lambdas, an object initializer, TryGetValue. */
static const char *deco_cs =
    "using System.Collections.Generic;\n"
    "namespace Test.Zone\n"
    "{\n"
    "\tclass Deco : Common.Deco\n"
    "\t{\n"
    "\t\tpublic override void Init(ObjectData data)\n"
    "\t\t{\n"
    "\t\t\tvar art = LevelData.ReadFile(\"../art/plain.bin\", CompressionType.Uncompressed);\n"
    "\t\t\tBuild(new Piece(art, 0, 0, \"left\"), new Piece(art, 1, 2, \"right\"),\n"
    "\t\t\t\tnew Turned(7, art, 0, 1, \"seven\"));\n"
    "\t\t}\n"
    "\t}\n"
    "\tclass Twice : Common.Deco\n"
    "\t{\n"
    "\t\tpublic override void Init(ObjectData data)\n"
    "\t\t{\n"
    "\t\t\tvar art = LevelData.ReadFile(\"../art/plain.bin\", CompressionType.Uncompressed);\n"
    "\t\t\tBuild(new Piece(art, 0, 0, \"a\"), new Piece(art, 0, 1, \"b\")); // key 0 twice\n"
    "\t\t}\n"
    "\t}\n"
    "}\n"
    "namespace Test.Common\n"
    "{\n"
    "\tabstract class Deco : ObjectDefinition\n"
    "\t{\n"
    "\t\tprivate Dictionary<byte, Entry> entries;\n"
    "\t\tprivate Sprite[] unknown;\n"
    "\t\tprivate byte first;\n"
    "\t\tprotected void Build(params Piece[] pieces)\n"
    "\t\t{\n"
    "\t\t\tBuild(\"../map/cs.asm\", pieces);\n"
    "\t\t}\n"
    "\t\tprotected void Build(string mapfile, params Piece[] pieces)\n"
    "\t\t{\n"
    "\t\t\tvar map = LevelData.ASMToBin(mapfile, LevelData.Game.MappingsVersion);\n"
    "\t\t\tentries = System.Linq.Enumerable.ToDictionary(pieces, p => p.Key, p => new Entry\n"
    "\t\t\t{\n"
    "\t\t\t\tName = p.name,\n"
    "\t\t\t\tSprites = Flips(ObjectHelper.MapToBmp(p.art, map, p.frame, p.pal))\n"
    "\t\t\t});\n"
    "\t\t\tfirst = pieces[0].Key;\n"
    "\t\t\tunknown = Flips(ObjectHelper.UnknownObject);\n"
    "\t\t}\n"
    "\t\tprivate Sprite[] Flips(Sprite s)\n"
    "\t\t{\n"
    "\t\t\treturn new[] { s, new Sprite(s, true, false), new Sprite(s, false, true),\n"
    "\t\t\t\tnew Sprite(s, true, true) };\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t\t{\n"
    "\t\t\tEntry e;\n"
    "\t\t\tvar set = entries.TryGetValue(obj.SubType, out e) ? e.Sprites : unknown;\n"
    "\t\t\treturn set[(obj.XFlip ? 1 : 0) | (obj.YFlip ? 2 : 0)];\n"
    "\t\t}\n"
    "\t\tprotected class Piece\n"
    "\t\t{\n"
    "\t\t\tpublic byte[] art;\n"
    "\t\t\tpublic byte frame, pal;\n"
    "\t\t\tpublic string name;\n"
    "\t\t\tpublic virtual byte Key { get { return frame; } }\n"
    "\t\t\tpublic Piece(byte[] art, byte frame, byte pal, string name)\n"
    "\t\t\t{\n"
    "\t\t\t\tthis.art = art;\n"
    "\t\t\t\tthis.frame = frame;\n"
    "\t\t\t\tthis.pal = pal;\n"
    "\t\t\t\tthis.name = name;\n"
    "\t\t\t}\n"
    "\t\t}\n"
    "\t\tprotected class Turned : Piece\n"
    "\t\t{\n"
    "\t\t\tprivate byte key;\n"
    "\t\t\tpublic override byte Key { get { return key; } }\n"
    "\t\t\tpublic Turned(byte key, byte[] art, byte frame, byte pal, string name)\n"
    "\t\t\t\t: base(art, frame, pal, name)\n"
    "\t\t\t{\n"
    "\t\t\t\tthis.key = key;\n"
    "\t\t\t}\n"
    "\t\t}\n"
    "\t\tprotected class Entry\n"
    "\t\t{\n"
    "\t\t\tpublic string Name;\n"
    "\t\t\tpublic Sprite[] Sprites;\n"
    "\t\t}\n"
    "\t}\n"
    "}\n";

/* In the form of skdisasm's breakable rocks: an overload by a string parameter, a dictionary
 * collection initializer, foreach over its Values. */
static const char *rock_cs =
    "class Rock : ObjectDefinition\n"
    "{\n"
    "\tprotected Sprite[][] sprites;\n"
    "\tpublic override void Init(ObjectData data)\n"
    "\t{\n"
    "\t\tBuild(\"../art/plain.bin\", 1, new Dictionary<string, int>\n"
    "\t\t{\n"
    "\t\t\t{ \"Big\", 0 },\n"
    "\t\t\t{ \"Small\", 1 }\n"
    "\t\t});\n"
    "\t}\n"
    "\tprotected void Build(string artfile, int pal, Dictionary<string, int> frames)\n"
    "\t{\n"
    "\t\tBuild(LevelData.ReadFile(artfile, CompressionType.Uncompressed), pal, frames);\n"
    "\t}\n"
    "\tprotected void Build(byte[] art, int pal, Dictionary<string, int> frames)\n"
    "\t{\n"
    "\t\tvar map = LevelData.ASMToBin(\"../map/cs.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\tsprites = new Sprite[4][];\n"
    "\t\tforeach (var frame in frames.Values)\n"
    "\t\t\tsprites[frame] = new[] { ObjectHelper.MapToBmp(art, map, frame, pal) };\n"
    "\t}\n"
    "\tpublic override Sprite GetSprite(ObjectEntry obj)\n"
    "\t{\n"
    "\t\treturn sprites[obj.SubType & 3][0];\n"
    "\t}\n"
    "}\n";

static const char *dplc_text = "D:\tmappingsTable\n"
                               "\tmappingsTableEntry.w\tD_0\n"
                               "\tmappingsTableEntry.w\tD_1\n"
                               "D_0:\tdplcHeader\n"
                               "\tdplcEntry\t1, 3\n"
                               "\tdplcEntry\t1, 1\n"
                               "D_0_End\n"
                               "D_1:\tdplcHeader\n"
                               "\tdplcEntry\t2, 2\n"
                               "D_1_End\n";

static void make_tree(void)
{
    sprites_fixture_put(
        "SonLVL INI Files/SonLVL.ini",
        "version=S2\nobjlst=obj.ini\n[Test Zone Act 1]\nlayout=../level/layout/TST_1.kos\n"
        "palette=../pal/test.bin:0:0:64\n",
        -1);
    sprites_fixture_put("SonLVL INI Files/obj.ini", obj_ini, -1);
    sprites_fixture_put(
        "SonLVL INI Files/D.xml",
        "<ObjDef xmlns=\"http://www.sonicretro.org\" Name=\"D\" Image=\"img\">\n<Images>\n"
        "<ImageFromMappings id=\"img\">\n"
        "<ArtFile filename=\"../art/plain.bin\" compression=\"Uncompressed\" />\n"
        "<MapFile type=\"ASM\" filename=\"../map/two.asm\" dplcfile=\"../map/raw-dplc.asm\"\n"
        "  dplcver=\"S3K\" frame=\"0\" startpal=\"1\" />\n"
        "</ImageFromMappings>\n</Images>\n</ObjDef>\n",
        -1);
    /* two frames, each one piece 2x1 patterns from tile 0 at (0, 0) */
    sprites_fixture_put(
        "map/two.asm",
        "M:\tmappingsTable\n\tmappingsTableEntry.w\tM_0\n\tmappingsTableEntry.w\tM_1\n"
        "M_0:\tspriteHeader\n\tspritePiece\t0, 0, 2, 1, 0, 0, 0, 0, 0\nM_0_End\n"
        "M_1:\tspriteHeader\n\tspritePiece\t0, 0, 2, 1, 0, 0, 0, 0, 0\nM_1_End\n",
        -1);
    sprites_fixture_put("map/two-dplc.asm", dplc_text, -1);
    /* frame 0: 2x1 patterns from tile 0 at (0, 0); frame 1: 1x2 from tile 2 at (-8, -16) */
    sprites_fixture_put(
        "map/cs.asm",
        "M:\tmappingsTable\n\tmappingsTableEntry.w\tM_0\n\tmappingsTableEntry.w\tM_1\n"
        "M_0:\tspriteHeader\n\tspritePiece\t0, 0, 2, 1, 0, 0, 0, 0, 0\nM_0_End\n"
        "M_1:\tspriteHeader\n\tspritePiece\t-8, -16, 1, 2, 2, 0, 0, 0, 0\nM_1_End\n",
        -1);
    sprites_fixture_put("SonLVL INI Files/Deco.cs", deco_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Rock.cs", rock_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Knux.cs", knux_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Evil.cs", evil_cs, -1);
    const guint8 bin[] = {0, 2, 0, 2, 0x00, 0x03, 0x00, 0x01}; /* D_0 in S2's binary form */
    sprites_fixture_put("map/two-dplc.bin", bin, sizeof bin);
    /* S3K's count-1 form: pattern 2, then pattern 0 */
    sprites_fixture_put("map/raw-dplc.asm",
                        "R:\tdc.w R_0-R\nR_0:\tdc.w 1\n\tdc.w $0020\n\tdc.w $0000\n", -1);
    sprites_fixture_put("map/bad-dplc.asm",
                        "B:\tmappingsTable\n\tmappingsTableEntry.w\tB_0\nB_0:\tdplcHeader\n"
                        "\tdplcEntry\t17, 0\n",
                        -1);
    guint8 art[4 * 32];
    sprites_fixture_put_plain(pix, art);
    /* 3,072 patterns (96 KiB, more than a mapping reaches): pattern 3000 is plain's 3, pattern 2
     * plain's 1; a DPLC frame loads those two */
    g_autofree guint8 *big = g_malloc0(3072 * 32);
    memcpy(big + 3000 * 32, art + 3 * 32, 32);
    memcpy(big + 2 * 32, art + 1 * 32, 32);
    sprites_fixture_put("art/big.bin", big, 3072 * 32);
    sprites_fixture_put("map/big-dplc.asm",
                        "D:\tdc.w D_0-D\nD_0:\tdplcHeader\n\tdplcEntry\t1, 3000\n"
                        "\tdplcEntry\t1, 2\nD_0_End\n",
                        -1);
}

static const EditorDisasmSprite *get_as(EditorDisasmSprites *s, unsigned id, unsigned subtype,
                                        gboolean xflip, gboolean yflip)
{
    return sprites_fixture_get(s, "object", id, subtype, xflip, yflip);
}

static const EditorDisasmSprite *get(EditorDisasmSprites *s, unsigned id)
{
    return get_as(s, id, 0, FALSE, FALSE);
}

/* The sprite is 16x8 at (0, 0): the left pattern @a, the right @b, both of palette line @line
 * (compared with object 0x16, drawn without DPLCs from patterns 0 and 1 on line 0). */
static void check_patterns(EditorDisasmSprites *s, unsigned id, unsigned a, unsigned b,
                           unsigned line)
{
    const EditorDisasmSprite *sp = get(s, id), *plain = get(s, 0x16);
    g_assert_nonnull(sp);
    g_assert_nonnull(plain);
    g_assert_cmpint(sp->left, ==, 0);
    g_assert_cmpint(sp->top, ==, 0);
    g_assert_cmpuint(sp->width, ==, 16);
    g_assert_cmpuint(sp->height, ==, 8);
    /* the palette, read back through the plain sprite: colour index -> argb for line 0 */
    guint32 line0[16] = {0};
    for (unsigned t = 0; t < 2; t++)
        for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 8; x++)
                line0[pix(t, x, y)] = plain->argb[y * 16 + t * 8 + x];
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 16; x++) {
            unsigned idx = pix(x < 8 ? a : b, x % 8, y);
            guint32 got = sp->argb[y * 16 + x];
            g_assert_cmphex(line0[idx], !=, 0);
            if (line == 0)
                g_assert_cmphex(got, ==, line0[idx]);
            else
                g_assert_cmphex(got, !=, line0[idx]);
        }
}

static void test_sprites(void)
{
    EditorDisasmSprites *s = sprites_fixture_open();
    /* every index of patterns 0..3 is seen by the plain sprite (patterns 0, 1) */
    check_patterns(s, 0x10, 3, 1, 0); /* dplcasm, frame 0: pattern 3, then 1 */
    check_patterns(s, 0x11, 2, 3, 0); /* frame 1: two patterns from 2 */
    check_patterns(s, 0x12, 3, 1, 0); /* dplcbin */
    check_patterns(s, 0x13, 2, 0, 1); /* XML dplcfile, dplcver S3K, startpal 1 */
    check_patterns(s, 0x1C, 3, 1, 0); /* pattern 3000 of a 96 KiB art */
    g_assert_true(get(s, 0x10)->dplc);
    g_assert_false(get(s, 0x16)->dplc);
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 1); /* [17]'s dplcver */
    g_assert_true(
        sprites_fixture_has_warning(s, "obj.ini:39: warning: [17]: dplcver is not S1, S2 or S3K"));
    /* a frame the DPLCs lack, a corrupt DPLC file: a warning with the file (and line) */
    g_assert_null(get(s, 0x14));
    g_assert_true(sprites_fixture_has_warning(
        s, "map/two-dplc.bin: warning: frame 1: the DPLCs have 1 frames"));
    g_assert_null(get(s, 0x15));
    g_assert_true(
        sprites_fixture_has_warning(s, "map/bad-dplc.asm:4: warning: dplcEntry: 1..16 tiles"));
    g_assert_null(get(s, 0x17));
    editor_disasm_sprites_free(s);
}

/* @a is @b, pixel by pixel, mirrored by @xflip / @yflip about the origin. */
static void same_picture(const EditorDisasmSprite *a, const EditorDisasmSprite *b, gboolean xflip,
                         gboolean yflip)
{
    g_assert_nonnull(a);
    g_assert_nonnull(b);
    g_assert_cmpuint(a->width, ==, b->width);
    g_assert_cmpuint(a->height, ==, b->height);
    g_assert_cmpint(a->left, ==, xflip ? -(b->left + (int)b->width) : b->left);
    g_assert_cmpint(a->top, ==, yflip ? -(b->top + (int)b->height) : b->top);
    for (guint y = 0; y < b->height; y++)
        for (guint x = 0; x < b->width; x++) {
            guint u = xflip ? b->width - 1 - x : x, v = yflip ? b->height - 1 - y : y;
            g_assert_cmphex(a->argb[v * a->width + u], ==, b->argb[y * b->width + x]);
        }
}

static void test_code_objects(void)
{
    g_autoptr(GError) error = NULL;
    EditorDisasmSprites *s =
        editor_disasm_sprites_new(sprites_fixture_tree(), "Test Zone Act 1", &error);
    g_assert_no_error(error);
    /* Deco: key 0 = frame 0 on line 0 ([1A]), key 1 = frame 1 on line 2 ([18]), and the
     * derived Turned's overridden key 7 = frame 0 on line 1 ([19]); the flips from GetSprite */
    same_picture(get_as(s, 0x20, 0, FALSE, FALSE), get(s, 0x1A), FALSE, FALSE);
    same_picture(get_as(s, 0x20, 1, FALSE, FALSE), get(s, 0x18), FALSE, FALSE);
    same_picture(get_as(s, 0x20, 7, FALSE, FALSE), get(s, 0x19), FALSE, FALSE);
    same_picture(get_as(s, 0x20, 1, TRUE, FALSE), get(s, 0x18), TRUE, FALSE);
    same_picture(get_as(s, 0x20, 0, TRUE, TRUE), get(s, 0x1A), TRUE, TRUE);
    g_assert_null(get_as(s, 0x20, 3, FALSE, FALSE)); /* no such key: UnknownObject, a box */
    g_assert_null(get_as(s, 0x21, 0, FALSE, FALSE)); /* a key twice: ToDictionary throws */
    /* Rock: the string overload reads the art, the byte[] one builds frames 0 and 1 on line 1 */
    same_picture(get_as(s, 0x22, 0, FALSE, FALSE), get(s, 0x19), FALSE, FALSE);
    same_picture(get_as(s, 0x22, 1, FALSE, FALSE), get(s, 0x1B), FALSE, FALSE);
    g_assert_null(get_as(s, 0x22, 2, FALSE, FALSE)); /* sprites[2] is null */
    /* DPLCs through C#: each as the INI or XML object naming the same files */
    same_picture(get_as(s, 0x23, 0, FALSE, FALSE), get(s, 0x13), FALSE, FALSE);
    same_picture(get_as(s, 0x23, 1, FALSE, FALSE), get(s, 0x11), FALSE, FALSE);
    same_picture(get_as(s, 0x23, 2, FALSE, FALSE), get(s, 0x10), FALSE, FALSE);
    g_assert_true(get_as(s, 0x23, 2, FALSE, FALSE)->dplc);
    /* the hostile one: cut short within the budget, a box */
    gint64 t0 = g_get_monotonic_time();
    g_assert_null(get_as(s, 0x24, 0, FALSE, FALSE));
    g_assert_null(get_as(s, 0x24, 1, TRUE, TRUE));
    g_assert_cmpint(g_get_monotonic_time() - t0, <, 5 * G_USEC_PER_SEC);
    for (guint i = 0; i < editor_disasm_sprites_warning_count(s); i++)
        g_assert_null(strstr(editor_disasm_sprites_warning(s, i), ".cs"));
    editor_disasm_sprites_free(s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    sprites_fixture_begin("lw-dplc-XXXXXX");
    make_tree();
    g_test_add_func("/disasm/dplc/bin", test_bin);
    g_test_add_func("/disasm/dplc/asm", test_asm);
    g_test_add_func("/disasm/dplc/load", test_load);
    g_test_add_func("/disasm/dplc/sprites", test_sprites);
    g_test_add_func("/disasm/sprites/code-objects", test_code_objects);
    return sprites_fixture_end(g_test_run());
}
