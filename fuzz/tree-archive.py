#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The archive format of the disassembly-tree fuzz target (fuzz/fuzz-disasm-tree.c): "LWTA", then
per file a 1-byte name length, the name (relative, '/'-separated), a 4-byte little-endian size and
the bytes.

  tree-archive.py pack DIR OUT          archive every file under DIR
  tree-archive.py unpack IN DIR         write an archive's files under DIR (to look at a finding)
  tree-archive.py seeds LOOPWRIGHT OUT  write the seed corpus: synthetic S1, S2 and S3K trees made
                                        by LOOPWRIGHT (pack --format, collision export) from
                                        sample-levels/, never from a real disassembly
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "sample-levels")
INI = "SonLVL INI Files/SonLVL.ini"


def pack(folder):
    out = bytearray(b"LWTA")
    names = []
    for base, dirs, files in os.walk(folder):
        dirs.sort()
        for f in sorted(files):
            names.append(os.path.relpath(os.path.join(base, f), folder).replace(os.sep, "/"))
    for name in names:
        raw = name.encode()
        if len(raw) > 255:
            sys.exit("tree-archive: name over 255 bytes: " + name)
        with open(os.path.join(folder, name), "rb") as f:
            data = f.read()
        out += bytes([len(raw)]) + raw + struct.pack("<I", len(data)) + data
    return bytes(out)


def unpack(data, folder):
    if data[:4] != b"LWTA":
        sys.exit("tree-archive: not an archive")
    at = 4
    while at < len(data):
        n = data[at]
        name = data[at + 1:at + 1 + n].decode(errors="replace")
        at += 1 + n
        (size,) = struct.unpack("<I", data[at:at + 4].ljust(4, b"\0"))
        at += 4
        body = data[at:at + size]
        at += size
        parts = name.split("/")
        if name.startswith("/") or any(p in ("", ".", "..") for p in parts):
            print("skipped", repr(name))
            continue
        path = os.path.join(folder, *parts)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(body)
        print(size, name)


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def write(root, rel, data):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


S2_INI = """version=S2
colarr1=../collision/Collision array - Vertical.bin
colarr2=../collision/Collision array - Horizontal.bin
angles=../collision/Curve and resistance mapping.bin
[Test Zone Act 1]
tiles=../art/kosinski/TST.kos
blocks=../mappings/16x16/TST.kos
chunks=../mappings/128x128/TST.kos
layout=../level/layout/TST_1.kos
palette=../art/palettes/TST.bin:0:16:48
startpos=../startpos/TST_1.bin:Sonic:Level Start
colind1=../collision/TST primary 16x16 collision index.kos
colind2=../collision/TST secondary 16x16 collision index.kos
objects=../level/objects/TST_1.bin
rings=../level/rings/TST_1.bin
[Test Zone Act 2]
blocks=../mappings/16x16/TST.kos
chunks=../mappings/128x128/TST.kos
layout=../level/layout/TST_1.kos
startpos=../startpos/TST_1.bin:Sonic:Level Start
colind1=../collision/TST primary 16x16 collision index.kos
colind2=../collision/TST secondary 16x16 collision index.kos
"""

S1_INI = """version=S1
colarr1=../collide/Collision Array (Normal).bin
colarr2=../collide/Collision Array (Rotated).bin
angles=../collide/Angle Map.bin
[Test Zone Act 1]
tiles=../artunc/8x8 - TST.bin
blocks=../map16/TST.eni
chunks=../map256/TST.kos
fglayout=../levels/tst1.bin
bglayout=../levels/tstbg.bin
palette=../palette/TST.bin:0:16:48
startpos=../startpos/tst1.bin:Sonic:Level Start
colind=../collide/TST.bin
"""

S3K_INI = """version=S3K
colarr1=../collision/Height Maps.bin
colarr2=../collision/Height Maps Rotated.bin
angles=../collision/angles.bin
[Test Zone Act 1]
tiles=../art/kosinski/TST.kos
blocks=../mappings/16x16/TST.kos
chunks=../mappings/128x128/TST.kos
layout=../Levels/TST/Layout/1.bin
palette=../art/palettes/TST.bin:0:16:48
startpos=../startpos/TST_1.bin:Sonic:Sonic Start
colind=../collision/TST.bin
"""

# S2 objects (x, y word with flags, id, subtype; two plane switchers) and rings (FFFF ends)
S2_OBJECTS = bytes([0x01, 0x00, 0x82, 0x00, 0x4B, 0x00, 0x02, 0x00, 0x21, 0x40, 0x26, 0x05,
                    0x03, 0x00, 0x21, 0x50, 0x03, 0xE9, 0x03, 0x80, 0x11, 0x60, 0x03, 0x04])
S2_RINGS = bytes([0x00, 0x80, 0x20, 0x80, 0x01, 0x40, 0x90, 0x60, 0xFF, 0xFF])


def s3k_layout(chunks, w=12, h=4):
    """An S3K layout: FG/BG widths and heights, row pointers (0x8000 + offset), then the rows."""
    lay = bytearray(0x88 + 2 * w * h)
    struct.pack_into(">HHHH", lay, 0, w, w, h, h)
    for layer in range(2):
        for y in range(h):
            off = 0x88 + (layer * h + y) * w
            struct.pack_into(">H", lay, 8 + y * 4 + layer * 2, 0x8000 + off)
            for x in range(w):
                lay[off + x] = (x + y + layer) % chunks if y >= h // 2 or layer else 0
    return bytes(lay)


def seeds(lw, out):
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lw-tree-seeds-") as tmp:
        s2 = os.path.join(tmp, "s2")
        run(lw, "pack", os.path.join(SAMPLES, "loop-hill.json"), "--format", "s2", "-o", s2,
            "--zone", "TST")
        write(s2, INI, S2_INI)
        write(s2, "level/objects/TST_1.bin", S2_OBJECTS)
        write(s2, "level/rings/TST_1.bin", S2_RINGS)

        s1 = os.path.join(tmp, "s1")
        run(lw, "pack", os.path.join(SAMPLES, "pipe-works.json"), "--format", "s1", "-o", s1,
            "--zone", "TST")
        write(s1, INI, S1_INI)

        # S3K: S2's art, blocks and chunks (Kosinski, as S3K's), S3K collision, an S3K layout
        s3k = os.path.join(tmp, "s3k")
        run(lw, "pack", os.path.join(SAMPLES, "loop-hill.json"), "--format", "s2", "-o", s3k,
            "--zone", "TST")
        for f in ("level/layout/TST_1.kos", "collision/TST primary 16x16 collision index.kos",
                  "collision/TST secondary 16x16 collision index.kos",
                  "collision/Collision array - Vertical.bin",
                  "collision/Collision array - Horizontal.bin",
                  "collision/Curve and resistance mapping.bin"):
            os.remove(os.path.join(s3k, f))
        run(lw, "collision", "export", "--format", "s3k", os.path.join(SAMPLES, "loop-hill.json"),
            "-o", os.path.join(s3k, "collision"), "--zone", "TST")
        level = os.path.join(tmp, "s2.json")
        run(lw, "unpack", "--format", "s2", s2, "--zone", "TST", "-o", level)
        with open(level) as f:
            chunks = len(json.load(f)["chunks"])
        write(s3k, "Levels/TST/Layout/1.bin", s3k_layout(chunks))
        write(s3k, INI, S3K_INI)

        for game, folder in (("s1", s1), ("s2", s2), ("s3k", s3k)):
            with open(os.path.join(out, game + ".lwta"), "wb") as f:
                f.write(pack(folder))


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "pack":
        with open(sys.argv[3], "wb") as f:
            f.write(pack(sys.argv[2]))
    elif len(sys.argv) == 4 and sys.argv[1] == "unpack":
        with open(sys.argv[2], "rb") as f:
            unpack(f.read(), sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "seeds":
        seeds(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
