#!/usr/bin/env python3
# Writes tiny.json, the smallest complete level used by the editor tests (one chunk, two tiles).
import json
full = {"heights": [16]*16, "angle": 0, "flagged": True, "locked": False}
slope = {"heights": list(range(1, 17)), "angle": 224, "flagged": False, "locked": False}
row_empty = ["."]*8
rows = [row_empty[:] for _ in range(8)]
rows[6] = [".", ".", ".", ".", ".", ".", ".", "1:aa"]
rows[7] = ["0:aa"]*8
level = {
  "format": "loopwright-level", "version": 1, "name": "Tiny", "chunk_size": 128,
  "tileset": "tiny.png", "background_color": "#000000",
  "physics": {"profile": "s2", "character": "sonic", "overrides": {}},
  "masks": [full, slope],
  "tiles": [{"art": 0, "mask_a": 0, "mask_b": 0, "jump_through": False},
            {"art": 1, "mask_a": 1, "mask_b": 1, "jump_through": False}],
  "chunks": [{"rows": rows}],
  "layout": {"width": 2, "height": 1, "foreground": [[0, -1]], "background": None},
  "objects": [{"id": 1, "type": "player_start", "x": 40, "y": 92, "facing": "right"}],
  "replays": [],
}
print(json.dumps(level, indent=2))
