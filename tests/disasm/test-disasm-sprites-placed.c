/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter's places, canvases and decimals (editor/doc/disasm-sprites-cs*.c,
 * docs/DISASM.md §11.1) on a synthetic tree, written as skdisasm's definitions have them: a
 * GetSprite that reads obj.X / obj.Y (parts at level coordinates moved back by the object's
 * place, FBZ's snake platforms and LRZ's cutscene Knuckles; one sprite per place), a part moved
 * farther than a picture reaches (not drawn) while others are, the placed sprites bounded
 * (1,100 places asked), LevelData.Level.WaterHeight
 * (AIZ's falling logs), start palettes past 3 (HCZ's miniboss passes 5), a BitmapBits the
 * definition draws sprites on (ICZ's tension bridges) and one it draws a line on (a box),
 * List.AddRange (SOZ's twin loop path swappers), exact decimals (LRZ's spike ball launcher:
 * a speed of -subtype / 16m stepped by 0.21875m, floored), the level's layout, chunks and
 * collision walked to the floor under the object (LBZ's Ribot, SOZ's sand blocks) with a
 * sprite's bounds, an iterator (`yield return`, `yield break`: LRZ's chained platforms), what
 * a definition says is nothing (null, an empty sprite, UnknownObject moved: a box, no literal
 * guess; DEZ's bumper walls), and
 * the trace a box leaves in the
 * Loopwright-CS log domain. Each sprite is compared pixel by pixel with INI object [10],
 * drawing the same frame.
 */
#include "sprites-fixture.h"

#include <string.h>

static unsigned pix(unsigned t, unsigned x, unsigned y)
{
    return (t * 5 + x + 3 * y) % 15 + 1;
}

static const char *obj_ini = "[10]\n"
                             "art=../art/plain.bin\n"
                             "artcmp=Uncompressed\n"
                             "mapasm=../map/one.asm\n"
                             "[40]\ncodefile=Placed.cs\n"
                             "[41]\ncodefile=Water.cs\n"
                             "[42]\ncodefile=Canvas.cs\n"
                             "[43]\ncodefile=Ranges.cs\n"
                             "[44]\ncodefile=Decimal.cs\n"
                             "[45]\ncodefile=Floor.cs\n"
                             "[46]\ncodefile=Yield.cs\n"
                             "[47]\ncodefile=Nothing.cs\n";

#define CS_HEAD                                                                                    \
    "using System;\nusing System.Collections.Generic;\nusing System.Drawing;\n"                    \
    "namespace Test\n{\n"
#define CS_FRAME                                                                                   \
    "\t\tprivate Sprite frame;\n"                                                                  \
    "\t\tpublic override void Init(ObjectData data)\n\t\t{\n"                                      \
    "\t\t\tvar first = 0; /* not a literal: the literal scan draws no default image */\n"          \
    "\t\t\tframe = ObjectHelper.MapASMToBmp(LevelData.ReadFile(\"../art/plain.bin\", "             \
    "CompressionType.Uncompressed), \"../map/one.asm\", first, 0);\n"

/* subtype 0: the frame at level (0x1000, 0x800); 1: built at (5000, 3000) and moved back by the
 * place; 2: the frame and a copy 2000 px right; 3: only that copy; 4..6: start palettes 5, 1, -3;
 * 7: the frame from a MultiFileIndexer whose second part is at byte 0 */
static const char *placed_cs = CS_HEAD
    "\tclass Placed : ObjectDefinition\n\t{\n"
    "\t\tprivate Sprite[] pals = new Sprite[3];\n"
    "\t\tprivate Sprite indexed;\n" CS_FRAME
    "\t\t\tvar art = LevelData.ReadFile(\"../art/plain.bin\", CompressionType.Uncompressed);\n"
    "\t\t\tvar map = LevelData.ASMToBin(\"../map/one.asm\", LevelData.Game.MappingsVersion);\n"
    "\t\t\tpals[0] = ObjectHelper.MapToBmp(art, map, first, 5);\n"
    "\t\t\tpals[1] = ObjectHelper.MapToBmp(art, map, first, 1, true);\n"
    "\t\t\tpals[2] = ObjectHelper.MapToBmp(art, map, first, -3);\n"
    "\t\t\tvar idx = new MultiFileIndexer<byte>();\n"
    "\t\t\tidx.AddFile(new List<byte>(art), 64);\n"
    "\t\t\tidx.AddFile(new List<byte>(art), 0); /* at byte 0, as DEZ's retracting spring */\n"
    "\t\t\tindexed = ObjectHelper.MapToBmp(idx.ToArray(), map, first, 0);\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tif (obj.SubType == 0) return new Sprite(frame, 0x1000 - obj.X, 0x800 - obj.Y);\n"
    "\t\t\tif (obj.SubType == 1)\n\t\t\t{\n"
    "\t\t\t\tvar far = new Sprite(frame, 5000, 3000);\n"
    "\t\t\t\tfar.Offset(-obj.X, -obj.Y);\n"
    "\t\t\t\treturn far;\n\t\t\t}\n"
    "\t\t\tif (obj.SubType == 2) return new Sprite(frame, new Sprite(frame, 2000, 0));\n"
    "\t\t\tif (obj.SubType == 3) return new Sprite(frame, 2000, 0);\n"
    "\t\t\tif (obj.SubType == 7) return indexed;\n"
    "\t\t\treturn pals[obj.SubType - 4];\n"
    "\t\t}\n\t}\n}\n";

/* the frame moved down to the water line; null above it */
static const char *water_cs =
    CS_HEAD "\tclass Water : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
            "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
            "\t\t\tvar distance = LevelData.Level.WaterHeight - obj.Y;\n"
            "\t\t\tif (distance < 0) return null;\n"
            "\t\t\treturn new Sprite(frame, 0, distance);\n"
            "\t\t}\n\t}\n}\n";

/* three frames drawn on a 64x16 canvas at (16 i, 4); subtype 1 draws a line too (a box), 2
 * makes the sprite with a Point */
static const char *canvas_cs =
    CS_HEAD "\tclass Canvas : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
            "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
            "\t\t\tvar bitmap = new BitmapBits(64, 16);\n"
            "\t\t\tvar index = 0;\n"
            "\t\t\twhile (index < 3)\n"
            "\t\t\t\tbitmap.DrawSprite(frame, 16 * index++, 4);\n"
            "\t\t\tif (obj.SubType == 1) bitmap.DrawLine(LevelData.ColorWhite, 0, 0, 10, 10);\n"
            "\t\t\tif (obj.SubType == 2) return new Sprite(bitmap, new Point(-8, -2));\n"
            "\t\t\tif (bitmap.Width != 64 || bitmap.Height != 16) return null;\n"
            "\t\t\treturn new Sprite(bitmap, true, -32, -8);\n"
            "\t\t}\n\t}\n}\n";

/* a list filled by AddRange of an array and of itself (4 sprites); subtype 1: AddRange of art,
 * after which the list's elements cannot be told */
static const char *ranges_cs =
    CS_HEAD "\tclass Ranges : ObjectDefinition\n\t{\n"
            "\t\tprivate List<Sprite> imgs = new List<Sprite>();\n" CS_FRAME
            "\t\t\tvar arr = new Sprite[2];\n"
            "\t\t\tarr[0] = frame;\n"
            "\t\t\tarr[1] = new Sprite(frame, 0, 16);\n"
            "\t\t\timgs.AddRange(arr);\n"
            "\t\t\timgs.AddRange(imgs);\n"
            "\t\t}\n"
            "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
            "\t\t\tif (imgs.Count != 4) return null;\n"
            "\t\t\tif (obj.SubType == 1)\n\t\t\t{\n"
            "\t\t\t\tvar bad = new List<Sprite>();\n"
            "\t\t\t\tbad.Add(frame);\n"
            "\t\t\t\tbad.AddRange(LevelData.ReadFile(\"../art/plain.bin\", "
            "CompressionType.Uncompressed));\n"
            "\t\t\t\treturn bad[0];\n\t\t\t}\n"
            "\t\t\treturn imgs[3];\n"
            "\t\t}\n\t}\n}\n";

/* the spike ball launcher's height, then checks only exact decimals pass; 0x51: 1m / 3m, which
 * C# rounds (not followed: a box) */
static const char *decimal_cs = CS_HEAD
    "\tclass Decimal : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tvar height = 0m;\n"
    "\t\t\tfor (var speed = -obj.SubType / 16m; speed < 0m; speed += 0.21875m)\n"
    "\t\t\t\theight += speed;\n"
    "\t\t\tvar yoffset = (int)decimal.Floor(height);\n"
    "\t\t\tif (obj.SubType == 0x51)\n\t\t\t{\n"
    "\t\t\t\tvar third = 1m / 3m;\n"
    "\t\t\t\treturn new Sprite(frame, (int)(third * 3m), 0);\n\t\t\t}\n"
    "\t\t\tdecimal seven = 7; /* an int converted: 7m / 2 is 3.5 */\n"
    "\t\t\tif (seven / 2 != 3.5m || (int)-2.5m != -2 || (int)decimal.Floor(-2.5m) != -3 ||\n"
    "\t\t\t    decimal.Ceiling(2.25m) != 3m || 0.1m + 0.2m != 0.3m || 1.5m * 4 != 6 ||\n"
    "\t\t\t    -(0.5m) >= 0m || 7.5m % 2 != 1.5m)\n"
    "\t\t\t\treturn null;\n"
    "\t\t\treturn new Sprite(frame, 0, yoffset);\n"
    "\t\t}\n\t}\n}\n";

/* the frame at the floor under the object, as LBZ's Ribot and SOZ's sand blocks find it; none
 * (null) when the level ends first; subtype 1: moved by the frame's bounds */
static const char *floor_cs =
    CS_HEAD "\tclass Floor : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
            "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
            "\t\t\tif (obj.SubType == 1)\n"
            "\t\t\t\treturn new Sprite(frame, frame.Width + frame.X, frame.Height + frame.Top + "
            "frame.Bottom);\n"
            "\t\t\tvar y = FindFloor(obj.X, obj.Y);\n"
            "\t\t\tif (y == 0) return null;\n"
            "\t\t\treturn new Sprite(frame, 0, y - obj.Y);\n"
            "\t\t}\n"
            "\t\tprivate int FindFloor(int objX, int objY)\n\t\t{\n"
            "\t\t\tvar chunkY = objY / LevelData.Level.ChunkHeight;\n"
            "\t\t\tif (chunkY >= LevelData.FGHeight) return 0;\n"
            "\t\t\tvar chunkX = objX / LevelData.Level.ChunkWidth;\n"
            "\t\t\tvar blockX = objX % LevelData.Level.ChunkWidth / 16;\n"
            "\t\t\tvar solidX = objX % 16;\n"
            "\t\t\twhile (true)\n\t\t\t{\n"
            "\t\t\t\tvar chunk = LevelData.Chunks[LevelData.Layout.FGLayout[chunkX, chunkY]];\n"
            "\t\t\t\tvar block = chunk.Blocks[blockX, objY % LevelData.Level.ChunkHeight / 16];\n"
            "\t\t\t\tvar index = LevelData.GetColInd1(block.Block);\n"
            "\t\t\t\tvar solid = LevelData.ColArr1[index][block.XFlip ? 15 - solidX : solidX];\n"
            "\t\t\t\tif (solid == 0 || (block.Solid1 & Solidity.TopSolid) == 0)\n\t\t\t\t{\n"
            "\t\t\t\t\tobjY = objY + 16;\n"
            "\t\t\t\t\tchunkY = objY / LevelData.Level.ChunkHeight;\n"
            "\t\t\t\t\tif (chunkY >= LevelData.FGHeight) return 0;\n"
            "\t\t\t\t}\n\t\t\t\telse\n\t\t\t\t{\n"
            "\t\t\t\t\tvar inverted = block.YFlip ^ solid < 0;\n"
            "\t\t\t\t\treturn (objY & 0xFF0) + (inverted ? -1 : 15 - solid);\n"
            "\t\t\t\t}\n\t\t\t}\n"
            "\t\t}\n\t}\n}\n";

/* an iterator, as LRZ's chained platforms build their spawner: subtype n draws the frame at
 * 0, 16, ... (n copies, `yield break` at n), 9 counts three with foreach */
static const char *yield_cs =
    CS_HEAD "\tclass Yield : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
            "\t\tprivate IEnumerable<Sprite> Copies(int n)\n\t\t{\n"
            "\t\t\tfor (var i = 0; i < 10; i++)\n\t\t\t{\n"
            "\t\t\t\tif (i == n) yield break;\n"
            "\t\t\t\tyield return new Sprite(frame, 16 * i, 0);\n"
            "\t\t\t}\n\t\t}\n"
            "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
            "\t\t\tif (obj.SubType == 9)\n\t\t\t{\n"
            "\t\t\t\tvar count = 0;\n"
            "\t\t\t\tforeach (var s in Copies(3)) count++;\n"
            "\t\t\t\treturn count == 3 ? frame : null;\n\t\t\t}\n"
            "\t\t\treturn new Sprite(Copies(obj.SubType));\n"
            "\t\t}\n\t}\n}\n";

/* what a definition says is nothing: null, an empty sprite, UnknownObject flipped or moved (a
 * box each, though the file has a literal frame the scan would guess); subtype 4 returns what
 * cannot be told (the scan's frame) */
static const char *nothing_cs = CS_HEAD
    "\tclass Nothing : ObjectDefinition\n\t{\n"
    "\t\tprivate Sprite frame;\n"
    "\t\tpublic override void Init(ObjectData data)\n\t\t{\n"
    "\t\t\tvar art = LevelData.ReadFile(\"../art/plain.bin\", CompressionType.Uncompressed);\n"
    "\t\t\tframe = ObjectHelper.MapASMToBmp(art, \"../map/one.asm\", 0, 0);\n"
    "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tif (obj.SubType == 0) return null;\n"
    "\t\t\tif (obj.SubType == 1) return new Sprite();\n"
    "\t\t\tif (obj.SubType == 2) return new Sprite(ObjectHelper.UnknownObject, true, false);\n"
    "\t\t\tif (obj.SubType == 3) return new Sprite(ObjectHelper.UnknownObject, 4, 4);\n"
    "\t\t\treturn frame.NotFollowed();\n"
    "\t\t}\n\t}\n}\n";

static void make_tree(void)
{
    sprites_fixture_put("SonLVL INI Files/SonLVL.ini",
                        "version=S3K\nobjlst=obj.ini\n"
                        "[Test Zone Act 1]\nlayout=../level/layout/TST_1.bin\n"
                        "palette=../pal/test.bin:0:0:64\nwaterheight=100\n"
                        "[Dry Zone Act 1]\nlayout=../level/layout/DRY_1.bin\n"
                        "palette=../pal/test.bin:0:0:64\n",
                        -1);
    sprites_fixture_put("SonLVL INI Files/obj.ini", obj_ini, -1);
    sprites_fixture_put("SonLVL INI Files/Placed.cs", placed_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Water.cs", water_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Canvas.cs", canvas_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Ranges.cs", ranges_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Decimal.cs", decimal_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Floor.cs", floor_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Yield.cs", yield_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Nothing.cs", nothing_cs, -1);
    sprites_fixture_put_one_frame(pix);
}

/* The sprite of object @id / @sub at level place (@x, @y), unflipped. */
static const EditorDisasmSprite *at(EditorDisasmSprites *s, unsigned id, unsigned sub, int x, int y)
{
    lw_object o = sprites_fixture_marker("object", id, sub, FALSE, FALSE);
    o.x = x;
    o.y = y;
    const EditorDisasmSprite *sp = editor_disasm_sprites_get(s, &o);
    lw_object_clear(&o);
    return sp;
}

/* @a is the INI frame @b moved by (@dx, @dy), pixel for pixel. */
static void moved(const EditorDisasmSprite *a, const EditorDisasmSprite *b, int dx, int dy)
{
    sprites_fixture_assert_moved(a, b, FALSE, FALSE, dx, dy);
}

static void test_places(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0);
    g_assert_nonnull(plain);
    g_assert_cmpuint(plain->width, ==, 16);
    g_assert_cmpuint(plain->height, ==, 8);
    g_assert_true(at(s, 0x10, 0, 500, 700) == plain); /* no place read: one sprite for all */
    /* one sprite per place, each at level (0x1000, 0x800) */
    const EditorDisasmSprite *near = at(s, 0x40, 0, 0x1000 - 10, 0x800 - 20);
    moved(near, plain, 10, 20);
    moved(at(s, 0x40, 0, 0x1000, 0x800), plain, 0, 0);
    moved(at(s, 0x40, 0, 0x1000 + 300, 0x800 + 40), plain, -300, -40);
    g_assert_true(at(s, 0x40, 0, 0x1000 - 10, 0x800 - 20) == near);
    /* an object dragged across 1,100 places: the placed sprites are freed when 1,024 are kept;
     * each is right and has its own serial */
    guint64 last = near->serial;
    for (int k = 0; k < 1100; k++) {
        const EditorDisasmSprite *p = at(s, 0x40, 0, 0x1000 - k % 500, 0x800 + k / 500);
        g_assert_nonnull(p);
        g_assert_cmpint(p->left, ==, k % 500);
        g_assert_cmpint(p->top, ==, -(k / 500));
        g_assert_cmpuint(p->serial, >, last);
        last = p->serial;
    }
    moved(at(s, 0x40, 0, 0x1000 - 10, 0x800 - 20), plain, 10, 20); /* made again */
    /* 1100 px away: farther than a picture reaches, a box */
    g_assert_null(at(s, 0x40, 0, 0x1000 - 1100, 0x800));
    /* built 5000 px away, then moved back by the place */
    moved(at(s, 0x40, 1, 4990, 2990), plain, 10, 10);
    /* the part 2000 px right is not drawn, the frame is; alone it is a box */
    moved(at(s, 0x40, 2, 0, 0), plain, 0, 0);
    g_assert_null(at(s, 0x40, 3, 0, 0));
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 0);
    editor_disasm_sprites_free(s);
}

static void test_start_palettes(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0), *five = at(s, 0x40, 4, 0, 0),
                             *one = at(s, 0x40, 5, 0, 0), *minus3 = at(s, 0x40, 6, 0, 0);
    g_assert_nonnull(five);
    moved(five, one, 0, 0); /* 5: line 1, as SonLVL adds it modulo 4 */
    moved(minus3, one, 0, 0);
    /* a MultiFileIndexer part added at byte 0 after another part: the art from byte 0 */
    moved(at(s, 0x40, 7, 0, 0), plain, 0, 0);
    g_assert_cmpuint(one->width, ==, plain->width);
    for (guint y = 0; y < plain->height; y++)
        for (guint x = 0; x < plain->width; x++) {
            unsigned c = pix(x / 8, x % 8, y); /* the frame: patterns 0, 1 side by side */
            g_assert_cmphex(sprites_fixture_at(plain, (int)x, (int)y), ==, sprites_fixture_rgb(c));
            g_assert_cmphex(sprites_fixture_at(one, (int)x, (int)y), ==,
                            sprites_fixture_rgb(16 + c));
        }
    editor_disasm_sprites_free(s);
}

static void test_water_height(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0);
    moved(at(s, 0x41, 0, 64, 56), plain, 0, 0x100 - 56); /* waterheight=100: hexadecimal */
    moved(at(s, 0x41, 0, 64, 0x100), plain, 0, 0);
    g_assert_null(at(s, 0x41, 0, 64, 0x101)); /* below the water line: null */
    editor_disasm_sprites_free(s);
    s = sprites_fixture_open_level("Dry Zone Act 1"); /* no waterheight: SonLVL's default, 0x600 */
    moved(at(s, 0x41, 0, 64, 0x600 - 100), at(s, 0x10, 0, 0, 0), 0, 100);
    editor_disasm_sprites_free(s);
}

static void test_canvas(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0), *bridge = at(s, 0x42, 0, 0, 0);
    g_assert_nonnull(bridge);
    g_assert_cmpint(bridge->left, ==, -32);
    g_assert_cmpint(bridge->top, ==, -4);
    g_assert_cmpuint(bridge->width, ==, 48);
    g_assert_cmpuint(bridge->height, ==, 8);
    for (int y = -4; y < 4; y++)
        for (int x = -32; x < 16; x++)
            g_assert_cmphex(sprites_fixture_at(bridge, x, y), ==,
                            sprites_fixture_at(plain, (x + 32) % 16, y + 4));
    g_assert_null(at(s, 0x42, 1, 0, 0)); /* a line on the canvas: not drawn here, a box */
    const EditorDisasmSprite *by_point = at(s, 0x42, 2, 0, 0);
    g_assert_nonnull(by_point);
    g_assert_cmpint(by_point->left, ==, -8);
    g_assert_cmpint(by_point->top, ==, 2);
    editor_disasm_sprites_free(s);
}

static void test_add_range(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    moved(at(s, 0x43, 0, 0, 0), at(s, 0x10, 0, 0, 0), 0, 16);
    g_assert_null(at(s, 0x43, 1, 0, 0));
    editor_disasm_sprites_free(s);
}

/* A 2x2-chunk level of 128 px chunks: chunk 0 at the top left, the rest empty slots; in chunk
 * 0 a row of cells @row of tile 0, whose path A mask is 8 px tall everywhere, top solid. */
static lw_level *floor_level(int row)
{
    lw_error err;
    lw_level *l = lw_level_new(128, 2, 2, &err);
    g_assert_nonnull(l);
    lw_mask m = {0};
    for (int x = 0; x < 16; x++)
        m.heights[x] = 8;
    g_assert_cmpint(lw_level_add_mask(l, &m), ==, 0);
    lw_tile t = {LW_NONE, {0, LW_NONE}, 0};
    g_assert_cmpint(lw_level_add_tile(l, &t), ==, 0);
    lw_cell cells[64];
    for (int i = 0; i < 64; i++)
        cells[i] = (lw_cell){i / 8 == row ? 0 : LW_NONE, 0,
                             i / 8 == row ? lw_cell_solid_bits(LW_SOLID_TOP, LW_SOLID_NONE) : 0};
    g_assert_cmpint(lw_level_add_chunk(l, cells), ==, 0);
    lw_level_layout_mut(l, LW_LAYER_FG)[0] = 0;
    return l;
}

static void test_level_data(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0);
    g_assert_null(at(s, 0x45, 0, 40, 10)); /* no level: not known */
    lw_level *l = floor_level(5);
    editor_disasm_sprites_set_level(s, l);
    /* from y 10 down by 16 to y 90, in the cells of row 5 (80..95): the floor at 80 + 15 - 8 */
    moved(at(s, 0x45, 0, 40, 10), plain, 0, 87 - 10);
    g_assert_null(at(s, 0x45, 0, 40, 200)); /* empty slots down to the level's end */
    /* the frame is 16x8 at the origin: moved by (16 + 0, 8 + 0 + 8) */
    moved(at(s, 0x45, 1, 0, 0), plain, 16, 16);
    lw_level_free(l);
    l = floor_level(7); /* the level changed: set again, the sprite follows */
    editor_disasm_sprites_set_level(s, l);
    moved(at(s, 0x45, 0, 40, 10), plain, 0, 119 - 10);
    editor_disasm_sprites_set_level(s, NULL);
    lw_level_free(l);
    g_assert_null(at(s, 0x45, 0, 40, 10));
    editor_disasm_sprites_free(s);
}

static void test_yield(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0), *two = at(s, 0x46, 2, 0, 0);
    g_assert_nonnull(two);
    g_assert_cmpint(two->left, ==, 0);
    g_assert_cmpuint(two->width, ==, 32);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 32; x++)
            g_assert_cmphex(sprites_fixture_at(two, x, y), ==,
                            sprites_fixture_at(plain, x % 16, y));
    g_assert_null(at(s, 0x46, 0, 0, 0)); /* yield break at once: no part, a box */
    moved(at(s, 0x46, 9, 0, 0), plain, 0, 0);
    editor_disasm_sprites_free(s);
}

static void test_nothing(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    for (unsigned sub = 0; sub < 4; sub++)
        g_assert_null(at(s, 0x47, sub, 0, 0));
    moved(at(s, 0x47, 4, 0, 0), at(s, 0x10, 0, 0, 0), 0, 0); /* not known: the literal's frame */
    editor_disasm_sprites_free(s);
}

static GString *trace;

static GLogWriterOutput keep_trace(GLogLevelFlags level, const GLogField *fields, gsize n,
                                   gpointer user)
{
    const char *domain = NULL, *message = NULL;
    for (gsize i = 0; i < n; i++) {
        if (strcmp(fields[i].key, "GLIB_DOMAIN") == 0)
            domain = fields[i].value;
        else if (strcmp(fields[i].key, "MESSAGE") == 0)
            message = fields[i].value;
    }
    if (g_strcmp0(domain, "Loopwright-CS") == 0 && message) {
        g_string_append(trace, message);
        g_string_append_c(trace, '\n');
        return G_LOG_WRITER_HANDLED;
    }
    return g_log_writer_default(level, fields, n, user);
}

static void test_decimals(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0);
    /* -1909/32 (the sum of -5, -4.78125, ... -0.1875): floored, -60 */
    moved(at(s, 0x44, 0x50, 0, 0), plain, 0, -60);
    moved(at(s, 0x44, 0x10, 0, 0), plain, 0, -3); /* -2.8125 */
    moved(at(s, 0x44, 0x00, 0, 0), plain, 0, 0);
    g_string_truncate(trace, 0);
    g_assert_null(at(s, 0x44, 0x51, 0, 0)); /* 1m / 3m: rounded by C#, not followed */
    /* the box's trace names the class, the line and what GetSprite gave */
    g_assert_nonnull(strstr(trace->str, "Test.Decimal, line "));
    g_assert_nonnull(strstr(trace->str, "GetSprite (subtype 0x51 at 0, 0) gives a value not "
                                        "known: drawn as a box"));
    editor_disasm_sprites_free(s);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    trace = g_string_new(NULL);
    g_log_set_writer_func(keep_trace, NULL, NULL);
    g_log_set_debug_enabled(TRUE);
    sprites_fixture_begin("lw-dplaced-XXXXXX");
    make_tree();
    g_test_add_func("/disasm/sprites/placed/places", test_places);
    g_test_add_func("/disasm/sprites/placed/start-palettes", test_start_palettes);
    g_test_add_func("/disasm/sprites/placed/water-height", test_water_height);
    g_test_add_func("/disasm/sprites/placed/canvas", test_canvas);
    g_test_add_func("/disasm/sprites/placed/add-range", test_add_range);
    g_test_add_func("/disasm/sprites/placed/decimals", test_decimals);
    g_test_add_func("/disasm/sprites/placed/level-data", test_level_data);
    g_test_add_func("/disasm/sprites/placed/yield", test_yield);
    g_test_add_func("/disasm/sprites/placed/nothing", test_nothing);
    int rc = sprites_fixture_end(g_test_run());
    g_string_free(trace, TRUE);
    return rc;
}
