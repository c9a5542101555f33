#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draws Loopwright's application icon (a grassy loop over a chunk grid, a path-swapper line and
a ball) into PNGs of the sizes desktops ask for, with 4x4 supersampling. No dependencies beyond
Python's zlib. The SVG in data/ is the same drawing for desktops that read SVG.

    tools/gen-icon.py data/icons      -> data/icons/hicolor/SIZExSIZE/apps/io.github.loopwright.Loopwright.png
"""
import math, os, struct, sys, zlib

SKY, DIRT, GRASS, SWAP, BALL, WHITE = (0x78,0xb4,0xe8), (0x8c,0x4c,0x20), (0x3c,0xb0,0x43), (0xff,0x40,0xff), (0x20,0x50,0xd0), (255,255,255)

def sample(x, y):
    """Colour (r, g, b, a) of the 128x128 design at point (x, y)."""
    # rounded square 4..124, radius 18
    def inside_rounded(px, py):
        cx = min(max(px, 22), 106); cy = min(max(py, 22), 106)
        return 4 <= px <= 124 and 4 <= py <= 124 and (px - cx) ** 2 + (py - cy) ** 2 <= 18 ** 2
    if not inside_rounded(x, y):
        return (0, 0, 0, 0)
    c = SKY
    # faint chunk grid
    for g in (36, 68, 100):
        if abs(x - g) < 0.75 or abs(y - g) < 0.75:
            c = tuple(int(a * 0.82 + 255 * 0.18) for a in c)
    if y >= 100: c = DIRT
    elif y >= 92: c = GRASS
    d = math.hypot(x - 64, y - 58)
    if 39 <= d <= 43: c = GRASS
    if 27 <= d <= 41: c = DIRT
    if abs(x - 64) <= 2 and 22 <= y <= 46: c = SWAP
    db = math.hypot(x - 88, y - 82)
    if db <= 10: c = WHITE
    if db <= 8: c = BALL
    return c + (255,)

def render(size):
    ss = 4
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    x = (px + (sx + 0.5) / ss) * 128 / size
                    y = (py + (sy + 0.5) / ss) * 128 / size
                    r, g, b, a = sample(x, y)
                    acc[0] += r * a; acc[1] += g * a; acc[2] += b * a; acc[3] += a
            a = acc[3]
            if a:
                row += bytes([acc[0] // a, acc[1] // a, acc[2] // a, a // (ss * ss)])
            else:
                row += bytes(4)
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))

if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "data/icons"
    for size in (48, 128, 256):
        d = os.path.join(out, "hicolor", f"{size}x{size}", "apps")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "io.github.loopwright.Loopwright.png"), "wb") as f:
            f.write(render(size))
