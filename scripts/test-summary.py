#!/usr/bin/env python3
"""Reads meson testlog.json files and prints one line: "N passed, N failed, N skipped".
Every result that is not OK counts as failed, except SKIP, which is counted separately and also
makes the exit status non-zero: in CI a skipped test is a failure."""
import json, sys

passed = failed = skipped = 0
failures = []
for path in sys.argv[1:]:
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        print(f"test-summary: {path}: {e}", file=sys.stderr)
        failed += 1
        continue
    for line in lines:
        if not line.strip():
            continue
        t = json.loads(line)
        result = t.get("result")
        name = f'{path.split("/")[0]}: {t.get("name")}'
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
            failures.append(f"SKIP {name}")
        else:
            failed += 1
            failures.append(f"{result} {name}")
for f in failures:
    print(f, file=sys.stderr)
print(f"{passed} passed, {failed + skipped} failed, {skipped} skipped")
sys.exit(1 if failed or skipped or passed == 0 else 0)
