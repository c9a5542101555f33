#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `real` suite's art story (docs/DISASM.md §9.2), on s2disasm's Emerald Hill Zone Act 1 in
a copy of the tree made a git repository: unpack the level, paint one cell of a chunk the layout
uses with a different tile (block) and change the level's background colour (colour 32, line 2's
colour 0 in `art/palettes/EHZ.bin`), then `pack LEVEL --into COPY`. Checked: without
--allow-shared the save is refused (the chunk file is HTZ's too) and the copy is untouched; with
it, `git -C COPY status --porcelain` lists exactly the chunk mappings and the palette file, each
of its kind and size (Kosinski within 64 bytes); the palette file differs in exactly the one
colour word; a second pack writes nothing; EHZ 1 unpacked again shows the painted cell and the
colour; every other level still unpacks: byte for byte the same level and tileset when it reads
neither written file, and otherwise differing only in the chunks (the painted cell) and the
background colour. The tree itself is only read. Prints TAP.

  check-real-art.py LOOPWRIGHT S2DISASM
"""
import json
import os
import re
import shutil
import sys
import tempfile

from realtree import compare_others, git_copy, levels, porcelain, run, tap, unpack

LEVEL = "Emerald Hill Zone Act 1"
WANT = ["art/palettes/EHZ.bin", "mappings/128x128/EHZ_HTZ.kos"]


def cell_tile(cell):
    m = re.match(r"^(\d+)([xy]*):(..)$", cell)
    return (int(m.group(1)), m.group(2), m.group(3)) if m else None


def paint(level):
    """One cell of the first chunk the FG layout uses, given another tile: (chunk, row, col)."""
    used = [c for row in level["layout"]["foreground"] for c in row if c is not None and c >= 0]
    for chunk in used:
        rows = level["chunks"][chunk]["rows"]
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                t = cell_tile(cell)
                if t and t[0] + 1 < len(level["tiles"]):
                    row[c] = "%d%s:%s" % (t[0] + 1, t[1], t[2])
                    return chunk, r, c, row[c]
    raise SystemExit("Bail out! no cell to paint")


def other_colour(hexrgb):
    """A VDP colour (8 levels a channel) other than @hexrgb."""
    levels8 = [0, 36, 73, 109, 146, 182, 219, 255]
    rgb = [int(hexrgb[i:i + 2], 16) for i in (1, 3, 5)]
    r = levels8[(levels8.index(rgb[0]) + 3) % 8] if rgb[0] in levels8 else 36
    return "#%02x%02x%02x" % (r, rgb[1], rgb[2])


def main(argv):
    lw, tree = argv[1], argv[2]
    tmp = tempfile.mkdtemp(prefix="lw-real-art-")
    results = []
    try:
        copy = os.path.join(tmp, "s2disasm")
        git_copy(tree, copy)
        others = [n for n in levels(lw, copy) if n != LEVEL]
        before = {n: unpack(lw, copy, n, os.path.join(tmp, "before%02d.json" % i))
                  for i, n in enumerate(others)}

        path = os.path.join(tmp, "ehz1.json")
        level = unpack(lw, copy, LEVEL, path)
        chunk, r, c, cell = paint(level)
        old_bg = level["background_color"]
        level["background_color"] = other_colour(old_bg)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(level, f, indent=1)
        print("# chunk %d cell (%d,%d) painted %s; background %s -> %s" %
              (chunk, c, r, cell, old_bg, level["background_color"]))

        code, out, err = run([lw, "pack", path, "--into", copy], check=False)
        ok = code == 1 and "pass --allow-shared" in err and porcelain(copy) == []
        results.append((ok, "without --allow-shared: refused, the copy untouched",
                        "" if ok else "exit %d, %s" % (code, porcelain(copy))))

        code, out, err = run([lw, "pack", path, "--into", copy, "--allow-shared"])
        for line in out.splitlines():
            print("# " + line.replace(copy + "/", ""))
        status = porcelain(copy)
        results.append((status == WANT, "git status --porcelain lists exactly %s" % WANT,
                        "" if status == WANT else "status %s" % status))
        bad = []
        for p in status:
            old_size = os.path.getsize(os.path.join(tree, p))
            new_size = os.path.getsize(os.path.join(copy, p))
            print("# %s: %d -> %d bytes" % (p, old_size, new_size))
            if (new_size != old_size) if not p.endswith(".kos") else abs(new_size - old_size) > 64:
                bad.append(p)
        results.append((not bad, "each written file keeps its size (Kosinski: within 64 bytes)",
                        ", ".join(bad)))
        with open(os.path.join(tree, WANT[0]), "rb") as f:
            pal0 = f.read()
        with open(os.path.join(copy, WANT[0]), "rb") as f:
            pal1 = f.read()
        words = [i for i in range(0, len(pal0), 2) if pal0[i:i + 2] != pal1[i:i + 2]]
        results.append((len(pal0) == len(pal1) and len(words) == 1,
                        "the palette file differs in one colour word", "words at %s" % words))

        code, out, err = run([lw, "pack", path, "--into", copy, "--allow-shared"])
        results.append(("no file changed" in out and porcelain(copy) == WANT,
                         "a second pack writes nothing", out.strip()))

        again = unpack(lw, copy, LEVEL, os.path.join(tmp, "again.json"))
        ok = (again["chunks"][chunk]["rows"][r][c] == cell and
              again["background_color"] == level["background_color"])
        results.append((ok, "EHZ 1 unpacked again has the painted cell and the colour", ""))

        written = set(status)

        same, shared, bad = compare_others(lw, copy, tmp, others, before, written, written,
                                           ("chunks", "background_color", "source"))
        results.append((not bad, "every other level unpacks: %d unchanged, %d reading a written "
                        "file differ only in chunks and background colour" % (same, shared),
                        "differ: %s" % bad if bad else ""))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return tap(results)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
