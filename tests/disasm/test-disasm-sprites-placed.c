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
                             "[47]\ncodefile=Nothing.cs\n"
                             "[48]\ncodefile=Machine.cs\n"
                             "[49]\ncodefile=Rings.cs\n";

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
 * place; 2: the frame and a copy 3000 px right; 3: only that copy; 4..6: start palettes 5, 1, -3;
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
    "\t\t\tif (obj.SubType == 2) return new Sprite(frame, new Sprite(frame, 3000, 0));\n"
    "\t\t\tif (obj.SubType == 3) return new Sprite(frame, 3000, 0);\n"
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

/* the spike ball launcher's height, then checks that only C#'s decimals pass (exact sums, and
 * quotients and products rounded to the 28 digits and 96 bits a decimal has, ties to even:
 * ECMA-334, "The decimal type"); 0x51: a sum past 96 bits, which C# throws on (a box) */
static const char *decimal_cs = CS_HEAD
    "\tclass Decimal : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tvar height = 0m;\n"
    "\t\t\tfor (var speed = -obj.SubType / 16m; speed < 0m; speed += 0.21875m)\n"
    "\t\t\t\theight += speed;\n"
    "\t\t\tvar yoffset = (int)decimal.Floor(height);\n"
    "\t\t\tif (obj.SubType == 0x51)\n"
    "\t\t\t\treturn new Sprite(frame, (int)(79228162514264337593543950335m + 1m), 0);\n"
    "\t\t\tvar third = 1m / 3m;\n"
    "\t\t\tif (third * 3m != 0.9999999999999999999999999999m || (int)(third * 3m) != 0 ||\n"
    "\t\t\t    2m / 3m != 0.6666666666666666666666666667m || third + 2m / 3m != 1m ||\n"
    "\t\t\t    10m / 3m != 3.3333333333333333333333333333m ||\n"
    "\t\t\t    1000000m + third != 1000000.3333333333333333333333m ||\n"
    "\t\t\t    1000000m + third - 1000000m == third || third * third != "
    "0.1111111111111111111111111111m ||\n"
    "\t\t\t    1m / 20000000000000000000000000000m != 0m ||\n"
    "\t\t\t    3m / 20000000000000000000000000000m != 0.0000000000000000000000000002m ||\n"
    "\t\t\t    (double)(7m / 2m) != 3.5 || (double)(-1m / 4m) != -0.25 ||\n"
    "\t\t\t    decimal.Floor(-third) != -1m || -third >= 0m || third % 0.1m <= 0m)\n"
    "\t\t\t\treturn null;\n"
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

/* The constructs of DEZ's tunnel launchers, which walk a path of rings in a state machine:
 * subtype 0, `goto case` and `goto default` between the sections of a switch over an enum, with
 * `break` and `continue` of the loop around it (the frame at (6, 4)); 1, byte, sbyte, short
 * and ushort locals wrapping as C# stores them (74, 0xC0); 2, an int stored into a double or
 * decimal local or passed to a decimal parameter is converted ((int)(2.5 * 4) + 3 + 7m / 2 * 4,
 * 3.5 * 2 + 2.25 * 4); 3, a
 * LinkedList<Tuple<...>> (AddFirst, AddLast, First, Last, Next, Value, Item1..3, foreach, Count;
 * Tuple.Create); 4, a `params` method called with 40 arguments, Math.Atan and Math.Atan2; 5, a
 * `goto case` to a label the switch lacks (C# does not compile it: a box, not the default) */
static const char *machine_cs = CS_HEAD
    "\tclass Machine : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
    "\t\tprivate enum Step { Done = 0, Start = 1, Right = 2, Down = 3, Turn = 130 }\n"
    "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
    "\t\t\tif (obj.SubType == 1)\n\t\t\t{\n"
    "\t\t\t\tbyte b = 250; b += 10; byte c = 255; c++; sbyte d = 127; d++;\n"
    "\t\t\t\tshort e = 32767; e += 2; ushort u = 0; u--; byte angle = 0; angle -= 0x40;\n"
    "\t\t\t\treturn new Sprite(frame, b + c + (d == -128 ? 10 : 0) + (e == -32767 ? 20 : 0) +\n"
    "\t\t\t\t\t(u == 65535 ? 40 : 0), angle);\n\t\t\t}\n"
    "\t\t\tif (obj.SubType == 2)\n\t\t\t{\n"
    "\t\t\t\tdouble half = 5; half /= 2; decimal d = 7; d /= 2; decimal z = 0; z = 9; z /= 4;\n"
    "\t\t\t\tvar i = 7; i /= 2;\n"
    "\t\t\t\treturn new Sprite(frame, (int)(half * 4) + i + Quarters(7), (int)(d * 2 + z * 4));\n"
    "\t\t\t}\n"
    "\t\t\tif (obj.SubType == 3)\n\t\t\t{\n"
    "\t\t\t\tvar list = new LinkedList<Tuple<int, int, int>>();\n"
    "\t\t\t\tlist.AddFirst(new Tuple<int, int, int>(1, 2, 3));\n"
    "\t\t\t\tlist.AddFirst(Tuple.Create(4, 5, 6));\n"
    "\t\t\t\tlist.AddLast(new Tuple<int, int, int>(7, 8, 9));\n"
    "\t\t\t\tvar first = list.First.Value;\n"
    "\t\t\t\tvar sum = 0;\n"
    "\t\t\t\tforeach (var t in list) sum = sum * 10 + t.Item1;\n"
    "\t\t\t\tif (list.Count != 3 || list.Last.Value.Item3 != 9 || "
    "list.First.Next.Value.Item2 != 2)\n"
    "\t\t\t\t\treturn null;\n"
    "\t\t\t\treturn new Sprite(frame, first.Item2 + sum, first.Item3);\n\t\t\t}\n"
    "\t\t\tif (obj.SubType == 5)\n"
    "\t\t\t\tswitch (obj.SubType)\n\t\t\t\t{\n"
    "\t\t\t\t\tcase 5: goto case 7;\n"
    "\t\t\t\t\tdefault: return frame;\n\t\t\t\t}\n"
    "\t\t\tif (obj.SubType == 4)\n\t\t\t{\n"
    "\t\t\t\tvar total = Sum(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, "
    "19, 20,\n"
    "\t\t\t\t\t21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40);\n"
    "\t\t\t\tvar a = (int)(Math.Atan(1.0) * 128.0 / Math.PI);\n"
    "\t\t\t\tvar b = (int)(Math.Atan2(1.0, -1.0) * 128.0 / Math.PI);\n"
    "\t\t\t\treturn new Sprite(frame, total, a + b);\n\t\t\t}\n"
    "\t\t\tvar step = Step.Start;\n"
    "\t\t\tint x = 0, y = 0, turns = 0;\n"
    "\t\t\twhile (true)\n\t\t\t{\n"
    "\t\t\t\tswitch (step)\n\t\t\t\t{\n"
    "\t\t\t\t\tcase Step.Done:\n"
    "\t\t\t\t\t\treturn new Sprite(frame, x, y);\n"
    "\t\t\t\t\tcase Step.Start:\n"
    "\t\t\t\t\t\tstep = Step.Right;\n"
    "\t\t\t\t\t\tgoto case Step.Turn;\n"
    "\t\t\t\t\tcase Step.Right:\n"
    "\t\t\t\t\t\tif (++x < 5) break;\n"
    "\t\t\t\t\t\tgoto case Step.Turn;\n"
    "\t\t\t\t\tcase Step.Down:\n"
    "\t\t\t\t\t\ty += 4;\n"
    "\t\t\t\t\t\tgoto default;\n"
    "\t\t\t\t\tcase Step.Turn:\n"
    "\t\t\t\t\t\tif (++turns == 3)\n\t\t\t\t\t\t{\n"
    "\t\t\t\t\t\t\tstep = Step.Down;\n"
    "\t\t\t\t\t\t\tcontinue;\n\t\t\t\t\t\t}\n"
    "\t\t\t\t\t\tstep = Step.Right;\n"
    "\t\t\t\t\t\tbreak;\n"
    "\t\t\t\t\tdefault:\n"
    "\t\t\t\t\t\tstep = Step.Done;\n"
    "\t\t\t\t\t\tbreak;\n"
    "\t\t\t\t}\n"
    "\t\t\t}\n"
    "\t\t}\n"
    "\t\tprivate int Quarters(decimal d)\n\t\t{\n"
    "\t\t\treturn (int)(d / 2 * 4);\n"
    "\t\t}\n"
    "\t\tprivate int Sum(params int[] xs)\n\t\t{\n"
    "\t\t\tvar s = 0;\n"
    "\t\t\tforeach (var x in xs) s += x;\n"
    "\t\t\treturn s;\n"
    "\t\t}\n\t}\n}\n";

/* 100 frames in a row on a 1,600 px canvas, every other one 8 px down, made a sprite 24 px
 * left of the object (a tunnel launcher's rings: more parts than 64, 1,560 px from the object);
 * subtype 1: 5,000 frames, more than a picture is drawn from (a box) */
static const char *rings_cs =
    CS_HEAD "\tclass Rings : ObjectDefinition\n\t{\n" CS_FRAME "\t\t}\n"
            "\t\tpublic override Sprite GetSprite(ObjectEntry obj)\n\t\t{\n"
            "\t\t\tvar rings = new LinkedList<Tuple<int, int>>();\n"
            "\t\t\tfor (var i = 0; i < (obj.SubType == 1 ? 5000 : 100); i++)\n"
            "\t\t\t\trings.AddLast(Tuple.Create(16 * (i % 100), (i % 2) * 8));\n"
            "\t\t\tvar bitmap = new BitmapBits(1600, 16);\n"
            "\t\t\tforeach (var r in rings)\n"
            "\t\t\t\tbitmap.DrawSprite(frame, r.Item1, r.Item2);\n"
            "\t\t\treturn new Sprite(bitmap, -24, 0);\n"
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
    sprites_fixture_put("SonLVL INI Files/Machine.cs", machine_cs, -1);
    sprites_fixture_put("SonLVL INI Files/Rings.cs", rings_cs, -1);
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
    /* 2,100 px away: farther than a picture reaches (2,048 px), a box; 1,100 px: drawn */
    g_assert_null(at(s, 0x40, 0, 0x1000 - 2100, 0x800));
    moved(at(s, 0x40, 0, 0x1000 - 1100, 0x800), plain, 1100, 0);
    /* built 5000 px away, then moved back by the place */
    moved(at(s, 0x40, 1, 4990, 2990), plain, 10, 10);
    /* the part 3000 px right is not drawn, the frame is; alone it is a box */
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
    /* -1909/32 (the sum of -5, -4.78125, ... -0.1875): floored, -60; drawn only when every
     * rounding check is as C# has it */
    moved(at(s, 0x44, 0x50, 0, 0), plain, 0, -60);
    moved(at(s, 0x44, 0x10, 0, 0), plain, 0, -3); /* -2.8125 */
    moved(at(s, 0x44, 0x00, 0, 0), plain, 0, 0);
    g_string_truncate(trace, 0);
    g_assert_null(at(s, 0x44, 0x51, 0, 0)); /* past 96 bits: C# throws */
    /* the box's trace names the class, the line and what GetSprite gave */
    g_assert_nonnull(strstr(trace->str, "Test.Decimal, line "));
    g_assert_nonnull(strstr(trace->str, "GetSprite (subtype 0x51 at 0, 0) gives a value not "
                                        "known: drawn as a box"));
    editor_disasm_sprites_free(s);
}

static void test_machine(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0);
    moved(at(s, 0x48, 0, 0, 0), plain, 6, 4);         /* goto case, goto default */
    moved(at(s, 0x48, 1, 0, 0), plain, 74, 0xC0);     /* bytes and shorts wrap */
    moved(at(s, 0x48, 2, 0, 0), plain, 13 + 14, 16);  /* converted into double and decimal */
    moved(at(s, 0x48, 3, 0, 0), plain, 5 + 417, 6);   /* LinkedList, Tuple */
    moved(at(s, 0x48, 4, 0, 0), plain, 820, 32 + 96); /* 40 arguments; Math.Atan, Atan2 */
    g_assert_null(at(s, 0x48, 5, 0, 0));              /* goto case 7 without a case 7 */
    g_assert_cmpuint(editor_disasm_sprites_warning_count(s), ==, 0);
    editor_disasm_sprites_free(s);
}

static void test_rings(void)
{
    EditorDisasmSprites *s = sprites_fixture_open_level("Test Zone Act 1");
    const EditorDisasmSprite *plain = at(s, 0x10, 0, 0, 0), *rings = at(s, 0x49, 0, 0, 0);
    g_assert_nonnull(rings);
    g_assert_cmpint(rings->left, ==, -24);
    g_assert_cmpint(rings->top, ==, 0);
    g_assert_cmpuint(rings->width, ==, 1600);
    g_assert_cmpuint(rings->height, ==, 16);
    for (int i = 0; i < 100; i++) /* each frame whole, at its place; the other rows empty */
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++) {
                int in = y - (i % 2) * 8;
                guint32 want = in >= 0 && in < 8 ? sprites_fixture_at(plain, x, in) : 0;
                g_assert_cmphex(sprites_fixture_at(rings, 16 * i - 24 + x, y), ==, want);
            }
    g_assert_null(at(s, 0x49, 1, 0, 0)); /* 5,000 parts: a box */
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
    g_test_add_func("/disasm/sprites/placed/machine", test_machine);
    g_test_add_func("/disasm/sprites/placed/rings", test_rings);
    int rc = sprites_fixture_end(g_test_run());
    g_string_free(trace, TRUE);
    return rc;
}
