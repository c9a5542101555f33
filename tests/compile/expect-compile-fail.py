#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compile SOURCE once per case with -DCASE=N: case 0 must compile, every other case must fail
with a diagnostic matching its pattern (so it fails for the reason the case is about).
TAP output. Usage: expect-compile-fail.py SOURCE INCLUDE_DIR... -- COMPILER..."""
import os
import re
import subprocess
import sys

# case -> what the compiler must say (GCC and Clang wordings)
DISCARDS = r"discards|incompatible pointer|const-qualified"
CASES = {
    1: DISCARDS, 2: DISCARDS, 3: DISCARDS, 4: DISCARDS, 5: DISCARDS, 6: DISCARDS, 7: DISCARDS,
    8: DISCARDS, 9: DISCARDS, 10: DISCARDS, 11: DISCARDS, 12: DISCARDS,
    13: r"read-only|const-qualified",
    14: r"read-only|const-qualified",
    15: DISCARDS,
    16: DISCARDS,
    17: r"incomplete",
    18: r"incompatible pointer",
}
# deep const: writes through the packed level's inner pointers (level.h)
READ_ONLY = r"read-only|const-qualified|not assignable"
CASES.update({case: READ_ONLY for case in range(19, 33)})
CASES.update({case: DISCARDS for case in range(33, 50)})


def main():
    args = sys.argv[1:]
    sep = args.index("--")
    source, includes, compiler = args[0], args[1:sep], args[sep + 1:]
    base = compiler + ["-std=c11", "-fsyntax-only", "-Werror", "-pedantic-errors", "-Wall"]
    base += ["-I" + d for d in includes]
    env = dict(os.environ, LC_ALL="C")
    total = 1 + len(CASES)
    print("1..%d" % total)
    failed = 0

    def run(case):
        return subprocess.run(base + ["-DCASE=%d" % case, source], capture_output=True, text=True,
                              env=env)

    r = run(0)
    if r.returncode == 0:
        print("ok 1 /compile/packed-read-only/reading-compiles")
    else:
        failed += 1
        print("not ok 1 /compile/packed-read-only/reading-compiles")
        for line in r.stderr.splitlines():
            print("# " + line)
    for n, (case, pattern) in enumerate(sorted(CASES.items()), start=2):
        r = run(case)
        name = "/compile/packed-read-only/case-%d" % case
        if r.returncode != 0 and re.search(pattern, r.stderr):
            print("ok %d %s" % (n, name))
            continue
        failed += 1
        why = "compiled" if r.returncode == 0 else "failed without /%s/" % pattern
        print("not ok %d %s # %s" % (n, name, why))
        for line in r.stderr.splitlines()[:20]:
            print("# " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
