#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Peak memory and time of `loopwright check` on large and hostile level JSON (docs/RELIABILITY.md).

    bench/json-memory.py LOOPWRIGHT DIR

writes the inputs into DIR (about 250 MB in all) and prints, per file, its size, the peak RSS
and wall time from `/usr/bin/time -f "%M %e"`, the peak as a multiple of the file size, and the
first line `check` printed. The cases:

* props-max: 65,536 markers with 64 properties each (every count at its limit; a valid level);
* masks-objects: 63 MB of `{},` in "masks" (refused: over 4096 entries);
* unknown-arrays: 21M `[]` under an unknown key (refused by the pre-scan's value budget);
* objects-strings: 8 MiB of strings in "objects" (refused).
"""
import json, os, subprocess, sys

def base_level():
    return {
        "format": "loopwright-level", "version": 1, "name": "memory", "chunk_size": 128,
        "tileset": None, "background_color": "#000000",
        "physics": {"profile": "s2", "character": "sonic", "overrides": {}},
        "masks": [], "tiles": [], "chunks": [],
        "layout": {"width": 1, "height": 1, "foreground": [[-1]], "background": None},
        "objects": [{"id": 1, "type": "player_start", "x": 64, "y": 64, "facing": "right"}],
        "replays": [],
    }

def write_props_max(path):
    level = base_level()
    head = json.dumps(level, indent=2)
    props = ", ".join('"k%02d": "v"' % k for k in range(64))
    with open(path, "w") as f:
        before, after = head.split('"objects": [', 1)
        f.write(before + '"objects": [\n')
        f.write('    {"id": 1, "type": "player_start", "x": 64, "y": 64, "facing": "right"}')
        for i in range(2, 65537):
            f.write(',\n    {"id": %d, "type": "marker", "x": %d, "y": 64, "name": "ring", '
                    '"properties": {%s}}' % (i, i % 65536, props))
        f.write("\n  ]" + after.split("]", 1)[1])

def write_repeated(path, key, unit, count, unknown=False):
    level = base_level()
    text = json.dumps(level)
    if key == "objects":
        text = text.replace('"objects": [', '"objects": [' + unit * count)
    elif unknown:
        marker = '"replays": []'
        text = text.replace(marker, marker + ', "junk": [' + unit * (count - 1) + unit.rstrip(",") + "]")
    else:
        marker = '"%s": []' % key
        text = text.replace(marker, '"%s": [' % key + unit * (count - 1) + unit.rstrip(",") + "]")
    with open(path, "w") as f:
        f.write(text)

def main():
    exe, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    cases = [
        ("props-max.json", lambda p: write_props_max(p)),
        ("masks-objects.json", lambda p: write_repeated(p, "masks", "{},", 21_000_000)),
        ("unknown-arrays.json", lambda p: write_repeated(p, None, "[],", 21_000_000, True)),
        ("objects-strings.json", lambda p: write_repeated(p, "objects", '"xxxxxxxxxxxxx",', 500_000)),
    ]
    print("| file | size | peak | peak / size | time | result |")
    print("|---|---|---|---|---|---|")
    for name, make in cases:
        path = os.path.join(out, name)
        if not os.path.exists(path):
            make(path)
        size = os.path.getsize(path)
        r = subprocess.run(["/usr/bin/time", "-f", "%M %e", exe, "check", path],
                           capture_output=True, text=True)
        lines = r.stderr.strip().splitlines()
        kb, secs = lines[-1].split()
        first = (r.stdout.strip().splitlines() or lines[:-1] or [""])[0]
        first = first.replace(out + "/", "")[:90]
        print("| %s | %.1f MB | %s KB | %.2fx | %s s | exit %d: %s |" % (
            name, size / 1e6, f"{int(kb):,}", int(kb) * 1024 / size, secs, r.returncode, first))

if __name__ == "__main__":
    main()
