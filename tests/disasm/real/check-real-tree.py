#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The `real` suite (docs/DISASM.md §9): every level a disassembly tree's SonLVL INI lists, run
as a user runs them. Per level: `unpack TREE --level NAME`, `check`, `render`, `sim` for 600
frames from the level's start holding right. Prints TAP, one test per level, and a summary line
"N passed, N failed". The tree is only read (the outputs go to a temporary folder).

  check-real-tree.py LOOPWRIGHT TREE
"""
import os
import subprocess
import sys
import tempfile


def run(args, cwd=None):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")


def levels(lw, tree):
    code, out, err = run([lw, "unpack", tree, "--list"])
    if code:
        raise SystemExit("Bail out! unpack --list: exit %d\n%s" % (code, err))
    return [line.split("\t")[0] for line in out.splitlines()[1:] if line]


def check_level(lw, tree, name, tmp, index):
    out = os.path.join(tmp, "level%02d.json" % index)
    steps = [
        ("unpack", [lw, "unpack", tree, "--level", name, "-o", out]),
        ("check", [lw, "check", out]),
        ("render", [lw, "render", out, "-o", os.path.join(tmp, "level%02d.png" % index)]),
        ("sim", [lw, "sim", out, "--input", os.path.join(tmp, "script.txt"), "--frames",
                 "600"]),
    ]
    for step, args in steps:
        code, sout, serr = run(args)
        if code:
            return "%s: exit %d: %s" % (step, code, (serr.strip().splitlines() or [""])[-1])
    return None


def main(argv):
    lw, tree = argv[1], argv[2]
    names = levels(lw, tree)
    print("1..%d" % len(names))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "script.txt"), "w") as f:
            f.write("600 R\n")
        for i, name in enumerate(names, 1):
            why = check_level(lw, tree, name, tmp, i)
            if why:
                failed += 1
                print("not ok %d - %s # %s" % (i, name, why))
            else:
                print("ok %d - %s" % (i, name))
            sys.stdout.flush()
    print("# %d passed, %d failed" % (len(names) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
