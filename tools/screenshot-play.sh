#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes docs/screenshots/play-debugger.png: the test-play window with the physics debugger on
# the frame where the player leaves the ground over two grass tiles that have no collision on
# path A (an authoring mistake made on purpose in a copy of sample-levels/loop-hill.json: chunk
# 37, row 4, columns 1-2 solid on path B only). Needs a build (build/editor/loopwright) and
# xvfb-run. Usage: tools/screenshot-play.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots/play-debugger.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp sample-levels/tiles.png "$tmp/"
python3 - "$tmp/broken.json" <<'PY'
import json, sys
level = json.load(open("sample-levels/loop-hill.json"))
row = level["chunks"][37]["rows"][4]
row[1], row[2] = "8:-a", "3:-a"  # grass with collision on path B only
level["name"] = "loop-hill, two tiles without path A collision"
json.dump(level, open(sys.argv[1], "w"), indent=2)
PY
echo "138 R" > "$tmp/run.txt"
GTK_A11Y=none GSK_RENDERER=cairo GDK_BACKEND=x11 xvfb-run -a -s "-screen 0 1366x768x24" \
  build/editor/loopwright play "$tmp/broken.json" --start 4700,812 --input "$tmp/run.txt" \
  --frames 138 --debug --zoom 3 --size 1366x768 --window-screenshot "$out" >/dev/null
echo "wrote $out"
