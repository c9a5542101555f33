#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `real` suite (docs/DISASM.md §9): every level a disassembly tree's SonLVL INI lists, run
as a user runs them. Per level: `unpack COPY --level NAME`, `check`, `render`, `sim` for 600
frames from the level's start holding right, then `pack LEVEL --into COPY`, which must say it
wrote no file, after which every file of the copy must still equal the tree's (what `git status`
clean means, checked byte for byte). COPY is a copy of the tree in a temporary folder; the tree
itself is only read. Prints TAP, one test per level, and "N passed, N failed".

  check-real-tree.py LOOPWRIGHT TREE
"""
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

# Levels whose INI names a file the tree does not have (checked: they must fail with exactly
# this); reported as TODO, not counted as passing. None since skdisasm's AIZ 2 Boss opens
# without its missing `Act 2 Bombership.bin` part, as SonLVL opens it (docs/DISASM.md §7.3).
KNOWN_BROKEN = {}


def run(args, cwd=None):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")


def levels(lw, tree):
    code, out, err = run([lw, "unpack", tree, "--list"])
    if code:
        raise SystemExit("Bail out! unpack --list: exit %d\n%s" % (code, err))
    return [line.split("\t")[0] for line in out.splitlines()[1:] if line]


def differing_files(tree, copy):
    """Files of @copy whose bytes differ from @tree's, or that either lacks."""
    bad = []
    for base, _dirs, files in os.walk(tree):
        for f in files:
            a = os.path.join(base, f)
            b = os.path.join(copy, os.path.relpath(a, tree))
            if not os.path.exists(b) or not filecmp.cmp(a, b, shallow=False):
                bad.append(os.path.relpath(a, tree))
    for base, _dirs, files in os.walk(copy):
        for f in files:
            b = os.path.join(base, f)
            if not os.path.exists(os.path.join(tree, os.path.relpath(b, copy))):
                bad.append(os.path.relpath(b, copy))
    return bad


def check_level(lw, tree, copy, name, tmp, index):
    out = os.path.join(tmp, "level%02d.json" % index)
    steps = [
        ("unpack", [lw, "unpack", copy, "--level", name, "-o", out]),
        ("check", [lw, "check", out]),
        ("render", [lw, "render", out, "-o", os.path.join(tmp, "level%02d.png" % index)]),
        ("sim", [lw, "sim", out, "--input", os.path.join(tmp, "script.txt"), "--frames",
                 "600"]),
        ("pack --into", [lw, "pack", out, "--into", copy]),
    ]
    for step, args in steps:
        code, sout, serr = run(args)
        if code:
            return "%s: exit %d: %s" % (step, code, (serr.strip().splitlines() or [""])[-1])
    if "no file changed" not in sout:
        return "pack --into wrote files: %s" % sout.strip().replace("\n", " | ")
    bad = differing_files(tree, copy)
    if bad:
        return "the copy differs from the tree: %s" % ", ".join(bad[:5])
    return None


def main(argv):
    lw, tree = argv[1], argv[2]
    names = levels(lw, tree)
    if len(argv) > 3:
        names = [n for n in names if n in argv[3:]]
    print("1..%d" % len(names))
    failed = todo = 0
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "tree")
        shutil.copytree(tree, copy, symlinks=True)
        with open(os.path.join(tmp, "script.txt"), "w") as f:
            f.write("600 R\n")
        for i, name in enumerate(names, 1):
            why = check_level(lw, tree, copy, name, tmp, i)
            if why and name in KNOWN_BROKEN and KNOWN_BROKEN[name] in why:
                todo += 1
                print("not ok %d - %s # TODO the INI names a file the tree lacks: %s"
                      % (i, name, why))
            elif why:
                failed += 1
                print("not ok %d - %s # %s" % (i, name, why))
            else:
                print("ok %d - %s" % (i, name))
            sys.stdout.flush()
    print("# %d passed, %d failed, %d todo" % (len(names) - failed - todo, failed, todo))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
