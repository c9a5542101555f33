#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes the README's editor screenshots at 1366x768 (our own art only: the sample levels):
#   docs/screenshots/editor-loop.png    the main window on loop-hill.json's loop, collision of
#                                       path A, a path swapper selected
#   docs/screenshots/editor-chunk-edit.png  editing the loop's chunk 12 in place, path B and
#                                       angles shown
#   docs/screenshots/editor-pipe-works.png  pipe-works.json at 50 %: the background layer, a
#                                       selection and the History tab
#   docs/screenshots/play-objects.png   test-play on object-park.json: the sprite player and the
#                                       game objects
#   docs/screenshots/editor-loop-table.png  Level > Loop Table on a copy of pipe-works.json given
#                                       three loop table entries; the canvas marks their chunks
# Needs a build (build/editor/loopwright-gui, build/editor/loopwright), xvfb-run and ImageMagick's
# `import`. Usage: tools/screenshot-editor.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export GTK_A11Y=none GSK_RENDERER=cairo GDK_BACKEND=x11
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data"
xvfb-run -a -s "-screen 0 1366x768x24" sh -c '
  build/editor/loopwright-gui "--run-action=win.window-size((1366, 768))" \
    "--run-action=win.overlay-collision-a" "--run-action=win.tool(\"object\")" \
    "--run-action=win.select-object(uint32 2)" "--run-action=win.view((4160.0, 600.0, 1.0))" \
    sample-levels/loop-hill.json & pid=$!
  sleep 6; import -window root docs/screenshots/editor-loop.png; kill $pid'
xvfb-run -a -s "-screen 0 1366x768x24" sh -c '
  build/editor/loopwright-gui "--run-action=win.window-size((1366, 768))" \
    "--run-action=win.overlay-collision-b" "--run-action=win.overlay-angles" \
    "--run-action=win.view((4160.0, 600.0, 1.0))" "--run-action=win.edit-chunk-at((uint32 32, uint32 5))" \
    sample-levels/loop-hill.json & pid=$!
  sleep 7; import -window root docs/screenshots/editor-chunk-edit.png; kill $pid'
xvfb-run -a -s "-screen 0 1366x768x24" sh -c '
  build/editor/loopwright-gui "--run-action=win.window-size((1366, 768))" \
    "--run-action=win.background-layer" "--run-action=win.view((1400.0, 512.0, 0.5))" \
    "--run-action=win.tool(\"select\")" "--run-action=win.pointer((300, 420, uint32 1, 1))" \
    "--run-action=win.pointer((1180, 1000, uint32 1, 2))" \
    "--run-action=win.pointer((1180, 1000, uint32 1, 3))" \
    "--run-action=win.show-panel(\"history\")" sample-levels/pipe-works.json & pid=$!
  sleep 6; import -window root docs/screenshots/editor-pipe-works.png; kill $pid'
cp sample-levels/tiles.png "$tmp/"
python3 - sample-levels/pipe-works.json "$tmp/loops.json" <<'PY'
import json, sys
level = json.load(open(sys.argv[1]))
level["loop_chunks"] = [{"chunk": 12, "path_b": 13, "rule": "loop"},
                        {"chunk": 14, "path_b": None, "rule": "tunnel"},
                        {"chunk": 15, "path_b": 16, "rule": "none"}]
json.dump(level, open(sys.argv[2], "w"))
PY
xvfb-run -a -s "-screen 0 1366x768x24" sh -c '
  build/editor/loopwright-gui "--run-action=win.window-size((1366, 768))" \
    "--run-action=win.view((1200.0, 700.0, 0.5))" "--run-action=win.loop-table" \
    "'"$tmp"'/loops.json" & pid=$!
  sleep 6; import -window root docs/screenshots/editor-loop-table.png; kill $pid'
echo "300 R" > "$tmp/run.txt"
xvfb-run -a -s "-screen 0 1366x768x24" \
  build/editor/loopwright play sample-levels/object-park.json --input "$tmp/run.txt" \
  --frames 150 --size 1366x768 --window-screenshot docs/screenshots/play-objects.png >/dev/null
echo "wrote docs/screenshots/editor-loop.png docs/screenshots/editor-chunk-edit.png docs/screenshots/editor-pipe-works.png docs/screenshots/play-objects.png docs/screenshots/editor-loop-table.png"
echo "docs/screenshots/mask-editor.png is written by the ui suite: build/tests/ui/mask-editor.png (test-ui-authoring)"
