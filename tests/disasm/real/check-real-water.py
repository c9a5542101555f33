#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The water height saved back into a real tree (docs/DISASM.md §8.6), on a git copy of the
tree: for each level of the game's list, unpack it, change its `water_height`, `pack --into`.
Checked: `git status` lists exactly the INI, the other project files that give the level the
same old value (SonLVL.rev00.ini, skdisasm's SonLVL - S3.ini) and the game's table file(s) this
script expects, and each file equals the original with exactly the expected bytes replaced
(computed here from the tree's text, not by loopwright): the `waterheight=` value in the
level's section of each INI, and
the table entry of the level's zone and act (s1disasm `WaterHeight:` in
_inc/LZWaterFeatures.asm, s2disasm both `WaterHeight:` tables of s2.asm, skdisasm's
Levels/Misc/StartingWaterHeights.bin) where it holds the INI's old value; a second pack writes
nothing and the level unpacks with the new height; then the level without water is refused
(exit 1, the INI's line named) and the copy is untouched. The tree itself is only read.

  check-real-water.py LOOPWRIGHT TREE
"""
import json
import os
import re
import shutil
import struct
import sys
import tempfile

from realtree import git, git_copy, porcelain, run, tap, unpack

INI = "SonLVL INI Files/SonLVL.ini"


def ini_edit(text, section, new):
    """@text (the INI's bytes) with the value of `waterheight=` in [@section] replaced by
    @new; the line number."""
    lines = text.split(b"\n")
    inside = False
    for i, line in enumerate(lines):
        if line.startswith(b"["):
            inside = line.rstrip(b"\r") == b"[" + section.replace("\\", "\\\\").encode() + b"]"
        elif inside and line.startswith(b"waterheight="):
            cr = line.endswith(b"\r")
            lines[i] = b"waterheight=" + new.encode() + (b"\r" if cr else b"")
            return b"\n".join(lines), i + 1
    raise SystemExit("Bail out! no waterheight in [%s]" % section)


def other_ini_edit(text, section, old, new):
    """@text (another project file's bytes) with [@section]'s `waterheight=` value replaced by
    @new where it is the plain hexadecimal @old; None when the file has no such value."""
    lines = text.split(b"\n")
    inside = False
    for i, line in enumerate(lines):
        if line.startswith(b"["):
            inside = line.rstrip(b"\r") == b"[" + section.replace("\\", "\\\\").encode() + b"]"
        elif inside and line.startswith(b"waterheight="):
            value = line[len(b"waterheight="):].rstrip(b"\r")
            if not re.fullmatch(rb"[0-9A-Fa-f]+", value) or int(value, 16) != int(old, 16):
                return None
            cr = line.endswith(b"\r")
            lines[i] = b"waterheight=" + new.encode() + (b"\r" if cr else b"")
            return b"\n".join(lines)
    return None


def other_inis(copy):
    """The tree's other SonLVL project files (SonLVL*.ini beside SonLVL.ini: s1disasm's and
    s2disasm's SonLVL.rev00.ini, skdisasm's SonLVL - S3.ini and SonLVL - S&K.ini)."""
    folder = os.path.join(copy, os.path.dirname(INI))
    return sorted(os.path.dirname(INI) + "/" + n for n in os.listdir(folder)
                  if n.lower().startswith("sonlvl") and n.lower().endswith(".ini") and
                  n.lower() != "sonlvl.ini" and os.path.isfile(os.path.join(folder, n)))


def asm_edit(text, entries, old, new):
    """@text with, after each `WaterHeight:` label, the word number @entries[k] (k-th table)
    replaced where it is $@old."""
    lines = text.split(b"\n")
    table = -1
    for i, line in enumerate(lines):
        if line.startswith(b"WaterHeight:"):
            table += 1
            count, j = 0, i
            while True:
                start = len(b"WaterHeight:") if j == i else 0
                body = lines[j].split(b";")[0][start:]
                m = re.match(rb"\s*(dc\.w|zoneTableEntry\.w)\s+(.*)$", body)
                if m:
                    words = m.group(2).split(b",")
                    if count <= entries[table] < count + len(words):
                        k = entries[table] - count
                        if words[k].strip() == b"$" + old.encode():
                            words[k] = words[k].replace(old.encode(), new.encode())
                            lines[j] = (lines[j][:start] + body[:m.start(2)] +
                                        b",".join(words) + lines[j][start + len(body):])
                        break
                    count += len(words)
                elif j != i and body.strip():
                    break
                j += 1
    return b"\n".join(lines)


# game: [(level, new height, expected changes: {path: edit(original bytes) -> new bytes})]
def cases(game):
    def s3k_word(index, old, new):
        def edit(data):
            assert struct.unpack(">H", data[2 * index:2 * index + 2])[0] == old
            return data[:2 * index] + struct.pack(">H", new) + data[2 * index + 2:]
        return edit
    if game == "S1":
        return [("Labyrinth Zone Act 1", 0xC0, "B8", "C0",
                 {"_inc/LZWaterFeatures.asm": lambda t: asm_edit(t, [0], "B8", "C0")}),
                ("Scrap Brain Zone Act 3", 0x230, "228", "230",
                 {"_inc/LZWaterFeatures.asm": lambda t: asm_edit(t, [3], "228", "230")})]
    if game == "S2":
        # CPZ is zone $0D: entry 27 of the full table, (13 - 8) * 2 + 1 = 11 of the short one
        return [("Chemical Plant Zone Act 2", 0x6A4, "710", "6A4",
                 {"s2.asm": lambda t: asm_edit(t, [27, 11], "710", "6A4")})]
    # HCZ is zone 1: word 3 for act 2; act 1's word (0x500) is not the INI's 680: unchanged
    return [("Sonic 3\\Hydrocity Zone Act 2", 0x6F0, "700", "6F0",
             {"Levels/Misc/StartingWaterHeights.bin": s3k_word(3, 0x700, 0x6F0)}),
            ("Sonic 3\\Hydrocity Zone Act 1", 0x690, "680", "690", {})]


def one(lw, copy, tmp, level, height, old, new, edits, results):
    path = os.path.join(tmp, "level.json")
    data = unpack(lw, copy, level, path)
    ok = data.get("water_height") == int(old, 16)
    results.append((ok, "%s unpacks with water at 0x%s" % (level, old),
                    "" if ok else "water_height %r" % data.get("water_height")))
    data["water_height"] = height
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    # expected from the copy as it is (an earlier case's edit committed in it)
    with open(os.path.join(copy, INI), "rb") as f:
        want_ini, line = ini_edit(f.read(), level, new)
    want = {INI: want_ini}
    # the other project files giving the level the same old value: replaced there too
    for rel in other_inis(copy):
        with open(os.path.join(copy, rel), "rb") as f:
            edited = other_ini_edit(f.read(), level, old, new)
        if edited is not None:
            want[rel] = edited
    for rel, edit in edits.items():
        with open(os.path.join(copy, rel), "rb") as f:
            want[rel] = edit(f.read())
    code, out, err = run([lw, "pack", path, "--into", copy], check=False)
    print("# " + (out + err).strip().replace("\n", "\n# "))
    listed = porcelain(copy)
    why = []
    if code != 0:
        why.append("exit %d" % code)
    if listed != sorted(want):
        why.append("git status lists %s, expected %s" % (listed, sorted(want)))
    for rel, bytes_ in want.items():
        with open(os.path.join(copy, rel), "rb") as f:
            if f.read() != bytes_:
                why.append("%s is not the original with only the water bytes changed" % rel)
    results.append((not why, "%s: water 0x%s -> 0x%s writes exactly %s" %
                    (level, old, new, ", ".join(sorted(want))), "; ".join(why)))
    code, out, err = run([lw, "pack", path, "--into", copy], check=False)
    results.append((code == 0 and "no file changed" in out,
                    "%s: a second pack writes nothing" % level, out + err if code else ""))
    again = unpack(lw, copy, level, os.path.join(tmp, "again.json"))
    results.append((again.get("water_height") == height,
                    "%s unpacks again with water at 0x%s" % (level, new), ""))
    git(copy, "add", "-A")
    git(copy, "commit", "-q", "-m", "water")
    data = again
    data.pop("water_height")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    code, out, err = run([lw, "pack", path, "--into", copy], check=False)
    named = re.search(re.escape(INI) + r":\d+:", err) is not None
    ok = code == 1 and "cannot hold" in err and named and porcelain(copy) == []
    results.append((ok, "%s without water: refused, the INI named, the copy untouched" % level,
                    "" if ok else "exit %d: %s" % (code, err.strip())))


def main(argv):
    lw, tree = argv[1], argv[2]
    with open(os.path.join(tree, INI), "rb") as f:
        game = re.search(rb"^version=(\w+)", f.read(), re.M).group(1).decode()
    tmp = tempfile.mkdtemp(prefix="lw-real-water-")
    results = []
    try:
        copy = os.path.join(tmp, "tree")
        git_copy(tree, copy)
        for level, height, old, new, edits in cases(game):
            one(lw, copy, tmp, level, height, old, new, edits, results)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return tap(results)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
