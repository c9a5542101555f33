#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `real` suite's Sonic 1 loop (docs/DISASM.md §7.5): s1disasm's Green Hill Zone Act 1 is
unpacked (the tree only read) and its loop table checked against the tree's own bytes (the
layout's special slots, FindNearestTile's chunk id + 1, the zone's LoopTileNums row); then `sim`
runs right from x 4900 into the first loop: the player must go round it grounded (its angle
passing 0xC0, 0x80 and 0x40 in that order) and leave it on the far side on path A. The same run
on the level without its loop table must not get past the loop (it falls off the loop's far
side, which only path B has). Prints the frames.

  check-real-loop.py LOOPWRIGHT S1DISASM
"""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

LEVEL = "Green Hill Zone Act 1"
START = "4900,620"
FRAMES = 300


def run(args, stdin=None):
    r = subprocess.run(args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode:
        raise SystemExit("Bail out! %s: exit %d\n%s" % (" ".join(args), r.returncode,
                                                        r.stderr.decode(errors="replace")))
    return r.stdout.decode()


def expected_table(tree):
    """The loop table read from the tree independently of the importer."""
    with open(os.path.join(tree, "levels", "ghz1.bin"), "rb") as f:
        b = f.read()
    w, h = b[0] + 1, b[1] + 1
    slots = b[2:2 + w * h]
    with open(os.path.join(tree, "_inc", "LevelSizeLoad & BgScrollSpeed.asm"),
              encoding="latin-1") as f:
        text = f.read()
    table = text[text.index("LoopTileNums:"):]
    row = [int(v, 16) for v in re.search(r"dc\.b\s+\$(\w+),\s*\$(\w+),\s*\$(\w+),\s*\$(\w+)",
                                         table).groups()]  # GHZ is zone 0: the first row
    out = {}
    for s in sorted(set(v for v in slots if v & 0x80)):
        alt = (s & 0x7F) + 1
        alt = 0x51 if alt == 0x29 else alt
        out[(s & 0x7F) - 1] = {"chunk": (s & 0x7F) - 1, "path_b": alt - 1, "rule": "none"}
    for k, rule in enumerate(["loop", "loop_grounded", "tunnel", "tunnel"]):
        v = row[k]
        if (v & 0x7F) in (0, 0x7F) or v not in slots:
            continue
        e = out.setdefault((v & 0x7F) - 1, {"chunk": (v & 0x7F) - 1, "path_b": None,
                                            "rule": "none"})
        e["rule"] = rule
    return out, row


def trace(lw, level, path):
    run([lw, "sim", level, "--input", "-", "--start", START, "--trace", path],
        stdin=b"%d R\n" % FRAMES)
    with open(path, newline="") as f:
        return [dict(r, frame=int(r["frame"]), x=float(r["x"]), angle=int(r["angle"]))
                for r in csv.DictReader(f)]


def main():
    lw, tree = sys.argv[1], sys.argv[2]
    print("1..3")
    with tempfile.TemporaryDirectory(prefix="disasm5-loop-") as tmp:
        level = os.path.join(tmp, "ghz1.json")
        run([lw, "unpack", tree, "--level", LEVEL, "-o", level])
        with open(level, encoding="utf-8") as f:
            d = json.load(f)
        want, row = expected_table(tree)
        got = {e["chunk"]: e for e in d.get("loop_chunks", [])}
        ok = got == want and any(e["rule"] == "loop" for e in got.values())
        print("# LoopTileNums GHZ row: %s" % " ".join("%02X" % v for v in row))
        print("# loop_chunks: %s" % json.dumps(d.get("loop_chunks")))
        print("%s 1 - the loop table is the tree's" % ("ok" if ok else "not ok"))
        loop = next(e["chunk"] for e in got.values() if e["rule"] == "loop")
        rows = trace(lw, level, os.path.join(tmp, "t.csv"))
        # the loop's slot: the first layout slot holding the loop chunk
        fg = d["layout"]["foreground"]
        slot = next((x, y) for y, r in enumerate(fg) for x, c in enumerate(r) if c == loop)
        x0, x1 = slot[0] * 256, slot[0] * 256 + 256
        flips = [(r["frame"], r["path"]) for p, r in zip(rows, rows[1:]) if p["path"] != r["path"]]
        marks, at = {}, 0
        for name, lo, hi in (("0xC0", 0xB0, 0xD0), ("0x80", 0x70, 0x90), ("0x40", 0x30, 0x50)):
            while at < len(rows) and not lo <= rows[at]["angle"] <= hi:
                at += 1
            marks[name] = rows[at]["frame"] if at < len(rows) else None
        exit_row = next((r for r in rows if r["x"] >= x1), None)
        inside = [r for r in rows if x0 <= r["x"] < x1 and r["frame"] < (exit_row or rows[-1])["frame"]]
        ok = (all(marks.values()) and marks["0xC0"] < marks["0x80"] < marks["0x40"] and
              exit_row is not None and exit_row["frame"] > marks["0x40"] and
              exit_row["path"] == "A" and exit_row["air"] == "0" and
              all(r["air"] == "0" for r in inside))
        print("# loop chunk %d at slot %s (x %d..%d); angle 0xC0/0x80/0x40 at frames %s; path "
              "flips (frame, path) %s; past x %d at frame %s" %
              (loop, slot, x0, x1 - 1, "/".join(str(marks[k]) for k in ("0xC0", "0x80", "0x40")),
               flips, x1, exit_row and exit_row["frame"]))
        print("%s 2 - sim goes round the first loop and leaves it on the far side" %
              ("ok" if ok else "not ok"))
        del d["loop_chunks"]
        bare = os.path.join(tmp, "bare.json")
        with open(bare, "w", encoding="utf-8") as f:
            json.dump(d, f)
        rows = trace(lw, bare, os.path.join(tmp, "b.csv"))
        air = next((r["frame"] for r in rows if r["air"] == "1"), None)
        ok = max(r["x"] for r in rows) < x1 and air is not None
        print("# without the table: airborne at frame %s, furthest x %.0f" %
              (air, max(r["x"] for r in rows)))
        print("%s 3 - without the loop table the player does not get round" %
              ("ok" if ok else "not ok"))


if __name__ == "__main__":
    main()
