#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `real` suite's edit story (issue 11, "done means"; docs/DISASM.md §9.1), on s2disasm's
Emerald Hill Zone Act 1 in a copy of the tree made a git repository: unpack the level, move its
first ring 16 px right and reshape one slope's mask (one column one pixel lower), then
`pack LEVEL --into COPY`. Checked: without --allow-shared the save is refused (the reshaped
mask's index is shared with HTZ) and the copy is untouched; with it, `git -C COPY status
--porcelain` lists exactly the files pack reports written, which are the rings file, the EHZ/HTZ
collision index(es) and collision arrays, and nothing else; re-unpacking EHZ 1 gives the edit;
every other level of the INI still unpacks, to the same level as before when it reads no written
file but the game-wide arrays (the new mask takes an id no level used), and differing only in
its masks and tiles (the shared reshaped mask) when it reads a written index, and in the one
moved ring when it reads the rings file.
The tree itself is only read. Prints TAP.

  check-real-edit.py LOOPWRIGHT S2DISASM
"""
import json
import os
import re
import shutil
import sys
import tempfile

from realtree import compare_others, git_copy, levels, porcelain, run, tap, unpack

LEVEL = "Emerald Hill Zone Act 1"
ALLOWED = re.compile(r"^(level/rings/EHZ_1\.bin|collision/EHZ and HTZ (primary|secondary) 16x16 "
                     r"collision index\.kos|collision/Collision array - (Vertical|Horizontal)\.bin"
                     r"|collision/Curve and resistance mapping\.bin)$")


def main(argv):
    lw, tree = argv[1], argv[2]
    tmp = tempfile.mkdtemp(prefix="lw-real-edit-")
    results = []
    try:
        copy = os.path.join(tmp, "s2disasm")
        git_copy(tree, copy)
        names = levels(lw, copy)
        others = [n for n in names if n != LEVEL]
        before = {}
        for i, n in enumerate(others):
            before[n] = unpack(lw, copy, n, os.path.join(tmp, "before%02d.json" % i))

        path = os.path.join(tmp, "ehz1.json")
        level = unpack(lw, copy, LEVEL, path)
        ring = next(o for o in level["objects"] if o.get("name") == "ring")
        ring["x"] += 16
        slope = next(i for i, m in enumerate(level["masks"])
                     if not m["flagged"] and len(set(m["heights"])) > 1 and m["heights"][0] > 1)
        level["masks"][slope]["heights"][0] -= 1
        with open(path, "w", encoding="utf-8") as f:
            json.dump(level, f, indent=1)
        print("# moved ring %d to x %d; mask %d column 0 to %d" %
              (ring["id"], ring["x"], slope, level["masks"][slope]["heights"][0]))

        code, out, err = run([lw, "pack", path, "--into", copy], check=False)
        ok = code == 1 and "pass --allow-shared" in err and porcelain(copy) == []
        results.append((ok, "without --allow-shared: refused, the copy untouched",
                        "" if ok else "exit %d, %s" % (code, porcelain(copy))))

        code, out, err = run([lw, "pack", path, "--into", copy, "--allow-shared"])
        reported = sorted(re.findall(r"^%s/(.+?): \d+ unpacked (?:bytes change|byte changes)" % re.escape(copy),
                                     out, re.M))
        for line in out.splitlines():
            print("# " + line.replace(copy + "/", ""))
        status = porcelain(copy)
        ok = status == reported and len(status) > 0
        results.append((ok, "git status --porcelain lists exactly the files pack wrote",
                        "" if ok else "status %s, reported %s" % (status, reported)))
        unexpected = [p for p in status if not ALLOWED.match(p)]
        need = ["level/rings/EHZ_1.bin", "collision/Collision array - Vertical.bin"]
        ok = not unexpected and all(n in status for n in need) and any(
            "collision index" in p for p in status)
        results.append((ok, "the files written are the rings, the index and the arrays (%d)" %
                        len(status), "unexpected %s" % unexpected if unexpected else ""))

        # the same kind and size class: plain files keep their size, Kosinski files stay
        # within 64 bytes of it (the re-unpack below decodes them)
        sizes = []
        for p in status:
            old_size = os.path.getsize(os.path.join(tree, p))
            new_size = os.path.getsize(os.path.join(copy, p))
            sizes.append("%s %d -> %d" % (os.path.basename(p), old_size, new_size))
            if (new_size != old_size) if not p.endswith(".kos") else abs(new_size - old_size) > 64:
                unexpected.append(p)
        print("# sizes: " + "; ".join(sizes))
        results.append((not unexpected, "each written file keeps its size (Kosinski: within 64 "
                        "bytes)", ", ".join(unexpected)))

        again = unpack(lw, copy, LEVEL, os.path.join(tmp, "again.json"))
        ring2 = [o for o in again["objects"] if o.get("name") == "ring"][0]
        ok = ring2["x"] == ring["x"] and any(
            m["heights"] == level["masks"][slope]["heights"] for m in again["masks"])
        results.append((ok, "EHZ 1 unpacked again has the moved ring and the reshaped mask", ""))

        # The game-wide arrays change only at an id no level used, so a level reading no other
        # written file unpacks to the same level (its source's CRCs of the arrays aside).
        written = set(status)
        local = {p for p in written if not p.startswith("collision/Collision array")
                 and not p.startswith("collision/Curve")}

        def moved_ring_only(n, old, new, reads):
            # a level reading the rings file (2P EHZ 1) has the moved ring, nothing else
            moved = [(a, b) for a, b in zip(old["objects"], new["objects"]) if a != b]
            want = 1 if "level/rings/EHZ_1.bin" in reads else 0
            if (len(old["objects"]) != len(new["objects"]) or len(moved) != want or
                    any(b != dict(a, x=a["x"] + 16) or a.get("name") != "ring"
                        for a, b in moved)):
                return [n + " (objects)"]
            return []
        same, shared, bad = compare_others(lw, copy, tmp, others, before, written, local,
                                           ("masks", "tiles", "source", "objects"),
                                           moved_ring_only)
        results.append((not bad, "every other level unpacks: %d unchanged, %d reading a written "
                        "index or rings file differ only in masks, tiles and the moved ring" % (same, shared),
                        "differ: %s" % bad if bad else ""))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return tap(results)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
