#!/usr/bin/env python3
# Regenerates the bad-level corpus and its MANIFEST from ../levels/tiny.json.
# Each case mutates the tiny level; the expected position is found independently here, as the
# line and column of a marker string in the written text (the first character of the offending
# value, or of the object missing a member). The editor suite runs `loopwright check` on every
# file and compares exit code, position and message.
import copy, json, os
here = os.path.dirname(os.path.abspath(__file__))
base = json.load(open(os.path.join(here, '..', 'levels', 'tiny.json')))
cases = []  # (name, text, marker or None, occurrence, exit, expected substring)

def pos(text, marker, occurrence=1):
    # a marker 'prefix|value' points at value, found after the prefix
    skip = 0
    if '|' in marker:
        skip = marker.index('|')
        marker = marker.replace('|', '', 1)
    i = -1
    for _ in range(occurrence):
        i = text.index(marker, i + 1)
    i += skip
    line = text.count('\n', 0, i) + 1
    col = i - (text.rfind('\n', 0, i) + 1) + 1
    return f'{line}:{col}'

def mutate(name, fn, marker, expect, occurrence=1, exit_code=1):
    level = copy.deepcopy(base)
    fn(level)
    text = json.dumps(level, indent=2) + '\n'
    cases.append((name, text, marker, occurrence, exit_code, expect))

def raw(name, text, position, expect):
    cases.append((name, text, None, position, 1, expect))

raw('empty', '', '1:1', 'invalid JSON')
raw('not-json', 'this is not a level\n', None, 'invalid JSON')
good = json.dumps(base, indent=2)
raw('truncated', good[:200], None, 'invalid JSON')
raw('trailing-comma', good.replace('"Tiny",', '"Tiny",,', 1), None, 'invalid JSON')
raw('root-array', '[1, 2, 3]\n', '1:1', 'expected a level object')
raw('duplicate-key', good.replace('"name": "Tiny",', '"name": "Tiny",\n  "name": "Twice",', 1), None, 'duplicate')
mutate('wrong-format', lambda l: l.update(format='tiled-map'), '"tiled-map"', 'unknown format "tiled-map"')
mutate('newer-version', lambda l: l.update(version=2), '2,', 'version 2 is newer than this Loopwright reads')
mutate('version-string', lambda l: l.update(version='1'), '"1"', 'expected an integer, found a string')
mutate('missing-masks', lambda l: l.pop('masks'), '{', 'missing "masks"')
mutate('unknown-key', lambda l: l.update(colour='#ffffff'), '"#ffffff"', 'unknown key "colour"')
mutate('chunk-size-100', lambda l: l.update(chunk_size=100), '100', 'out of range (128..256)')
mutate('chunk-size-200', lambda l: l.update(chunk_size=200), '200', 'chunk size must be 128 or 256')
mutate('layout-too-wide', lambda l: l['layout'].update(width=100000), '100000', 'out of range (1..512)')
mutate('layout-too-tall', lambda l: l['layout'].update(height=129), '129', 'out of range (1..128)')
mutate('layout-rows', lambda l: l['layout']['foreground'].append([0, 0]), '[\n      [', 'expected 1 rows (layout height), found 2')
mutate('layout-row-length', lambda l: l['layout']['foreground'][0].append(0), '[\n        0,', 'expected 2 chunk ids (layout width), found 3')
mutate('layout-chunk-range', lambda l: l['layout']['foreground'][0].__setitem__(1, 5), '5\n', 'chunk 5 does not exist (1 chunks)')
mutate('layout-chunk-negative', lambda l: l['layout']['foreground'][0].__setitem__(1, -2), '-2', 'out of range (-1..1023)')
mutate('tile-mask-range', lambda l: l['tiles'][1].update(mask_a=7), '"mask_a": |7,', 'mask 7 does not exist (2 masks)')
mutate('tile-art-type', lambda l: l['tiles'][0].update(art='zero'), '"zero"', 'expected an integer or null, found a string')
mutate('cell-tile-range', lambda l: l['chunks'][0]['rows'][7].__setitem__(3, '9:aa'), '"9:aa"', 'tile 9 does not exist (2 tiles)')
mutate('cell-token', lambda l: l['chunks'][0]['rows'][7].__setitem__(2, '3q:aa'), '"3q:aa"', 'bad cell "3q:aa"')
mutate('cell-solidity', lambda l: l['chunks'][0]['rows'][7].__setitem__(0, '0:az'), '"0:az"', 'bad cell "0:az"')
mutate('cell-not-string', lambda l: l['chunks'][0]['rows'][7].__setitem__(4, 0), '"0:aa",\n          |0,', 'expected a cell string, found an integer')
mutate('chunk-rows', lambda l: l['chunks'][0]['rows'].pop(), '"rows": |[', 'a 128 px chunk has 8 rows, found 7')
mutate('heights-count', lambda l: l['masks'][1]['heights'].pop(), '[\n        1,', 'expected 16 heights, found 15')
mutate('height-range', lambda l: l['masks'][1]['heights'].__setitem__(3, 17), '17', '17 is out of range (-16..16)')
mutate('angle-range', lambda l: l['masks'][1].update(angle=256), '256', '256 is out of range (0..255)')
mutate('angle-negative', lambda l: l['masks'][1].update(angle=-1), '-1', '-1 is out of range (0..255)')
mutate('flagged-type', lambda l: l['masks'][0].update(flagged=1), '1,\n      "locked"', 'expected true or false, found an integer')
mutate('masks-over-limit', lambda l: l.update(masks=[0] * 4097), '[\n    0', '4097 entries is over the limit of 4096')
mutate('tileset-escape', lambda l: l.update(tileset='../../../etc/passwd.png'), '"../../../etc/passwd.png"', 'leaves the level\'s folder')
mutate('tileset-absolute', lambda l: l.update(tileset='/usr/share/pixmaps/x.png'), '"/usr/share/pixmaps/x.png"', 'leaves the level\'s folder')
mutate('tileset-missing', lambda l: l.update(tileset='nothere.png'), None, 'tileset "nothere.png": cannot open')
mutate('tileset-not-png', lambda l: l.update(tileset='fake.png'), None, 'tileset "fake.png": not a PNG file')
mutate('tileset-odd-size', lambda l: l.update(tileset='odd-size.png'), None, 'both sides must be multiples of 16')
mutate('art-range', lambda l: l['tiles'][1].update(art=999), None, 'tiles[1].art: art cell 999 is outside the tileset (2 cells)')
mutate('object-type', lambda l: l['objects'][0].update(type='spring'), '"spring"', 'unknown object type "spring"')
mutate('swapper-radius', lambda l: l['objects'].append({"id": 2, "type": "path_swapper", "x": 1, "y": 1, "orientation": "vertical", "radius": 48, "paths": ["A", "B"], "priority": ["low", "high"]}), '48', 'radius 48 is not 32, 64, 128 or 256')
mutate('swapper-path', lambda l: l['objects'].append({"id": 2, "type": "path_swapper", "x": 1, "y": 1, "orientation": "vertical", "radius": 64, "paths": ["A", "C"], "priority": ["low", "high"]}), '"C"', '"C" is not "A" or "B"')
mutate('object-id-twice', lambda l: l['objects'].append({"id": 1, "type": "marker", "x": 1, "y": 1, "name": "ring"}), '1,\n      "type": "marker"', 'object id 1 is used twice')
mutate('object-id-zero', lambda l: l['objects'][0].update(id=0), '0,\n      "type"', '0 is out of range (1..4294967295)')
mutate('marker-no-name', lambda l: l['objects'].append({"id": 2, "type": "marker", "x": 1, "y": 1}), '{\n      "id": 2', 'missing "name"')
mutate('color', lambda l: l.update(background_color='blue'), '"blue"', 'expected a colour "#rrggbb", found "blue"')
mutate('string-nul', lambda l: l.update(name='a\u0000b'), None, 'is not allowed')
mutate('override-type', lambda l: l['physics']['overrides'].update(acc=1.5), '1.5', 'expected an integer, found a real number')
mutate('replay-hash', lambda l: l['replays'].append({"name": "r", "script": "10 R\n", "frames": 10, "expect": {"hash": "xyz", "x": 1, "y": 2, "path": "A", "air": False}}), '"xyz"', 'expected 16 lower-case hex digits')

manifest = []
for name, text, marker, occ, code, expect in cases:
    fname = name + '.json'
    with open(os.path.join(here, fname), 'w') as f:
        f.write(text)
    if marker is not None:
        where = pos(text, marker, occ)
    elif isinstance(occ, str):
        where = occ
    elif name in ('not-json', 'truncated', 'trailing-comma', 'duplicate-key', 'string-nul'):
        where = 'any'  # jansson's own position of a syntax error
    else:
        where = '-'
    manifest.append(f'{fname}\t{code}\t{where}\t{expect}')
with open(os.path.join(here, 'MANIFEST'), 'w') as f:
    f.write('# file<TAB>exit code<TAB>line:col ("-": no position; "any": some position)<TAB>message part\n')
    f.write('\n'.join(manifest) + '\n')
print(len(cases), 'cases')
