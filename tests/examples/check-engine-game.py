#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The example game (examples/engine-game, engine only) against `loopwright sim`:

  for each sample level and input script:
    loopwright pack LEVEL -o L.bin (and --compress -o LC.bin)
    engine-game L.bin SCRIPT            == loopwright sim LEVEL.json --trace  (byte for byte)
    loopwright sim L.bin --trace        == the same                           (the round trip)
  engine-game plays the game objects from the file's typed GOBJ records (`--objects` lists
  them: object-park has 32), and a 1.0 file (GOBJ taken out) from its markers, same trace;
  and the example links no library beyond libc/libm (readelf, when available).

  check-engine-game.py LOOPWRIGHT ENGINE_GAME LEVEL.json...
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SCRIPTS = {
    # the ARCHITECTURE.md example: run, then a held jump
    "run-jump": "120 R\n1 RJ\n40 RJ\n200 R\n",
    # a long run right (loops, slopes, platforms), stop, crouch, back left and jump
    "long-run": "# through the level\n900 R\n60 -\n30 D\n120 L\n1 J\n60 -\n",
    # roll down, jump repeatedly, reverse
    "roll-jumps": "60 R\n1 DR\n200 D\n10 RJ\n20 R\n10 RJ\n20 R\n10 RJ\n200 R\n200 L\n",
    # object-park.json to its goal sign (tests/data/replays/object-park.txt): springs, bridge,
    # platform, enemy, monitors; on the other samples a long run with jumps
    "objects": "260 R\n30 RJ\n60 -\n40 L\n20 -\n60 R\n30 RJ\n90 R\n30 -\n9 L\n100 -\n340 R\n"
               "30 RJ\n30 R\n20 D\n290 R\n60 D\n400 R\n",
}

failures = 0


def without_gobj(data):
    """The packed file without its GOBJ section, laid out again and marked version 1.0."""
    count = struct.unpack_from("<I", data, 20)[0]
    entries = [bytearray(data[64 + 32 * k:96 + 32 * k]) for k in range(count)]
    keep = [e for e in entries if bytes(e[:4]) != b"GOBJ"]
    assert len(keep) == count - 1
    out = bytearray(data[:64])
    out[10:12] = b"\0\0"
    struct.pack_into("<I", out, 20, len(keep))
    body = bytearray()
    end = 64 + 32 * len(keep)
    for e in keep:
        off, stored = struct.unpack_from("<II", e, 8)
        end = (end + 15) // 16 * 16
        body += b"\0" * (end - 64 - 32 * len(keep) - len(body))
        struct.pack_into("<I", e, 8, end)
        body += data[off:off + stored]
        end += stored
    end = (end + 15) // 16 * 16
    body += b"\0" * (end - 64 - 32 * len(keep) - len(body))
    for e in keep:
        out += e
    out += body
    struct.pack_into("<I", out, 16, len(out))
    struct.pack_into("<I", out, 28, 0)
    struct.pack_into("<I", out, 28, zlib.crc32(bytes(out)) & 0xFFFFFFFF)
    return bytes(out)


def check_objects_paths(game, tmp, level):
    """object-park: the GOBJ records listed and played; the 1.0 file plays the same."""
    b = os.path.join(tmp, "object-park.bin")
    script = os.path.join(tmp, "objects.txt")
    want = open(os.path.join(tmp, "object-park-objects-json.csv"), "rb").read()
    g = run([game, b, script, "--objects"])
    listed = [l for l in g.stderr.decode().splitlines() if " at (" in l]
    if g.returncode or b"32 game objects from GOBJ" not in g.stderr or len(listed) != 32 or \
            "object 11 platform at (2240, 840)" not in g.stderr.decode() or g.stdout != want:
        fail("engine-game --objects on object-park.bin: %s" % g.stderr.decode()[:300])
        return 0
    old = os.path.join(tmp, "object-park-1.0.bin")
    with open(b, "rb") as f, open(old, "wb") as o:
        o.write(without_gobj(f.read()))
    g = run([game, old, script, "--objects"])
    if g.returncode or b"game objects from markers" not in g.stderr or g.stdout != want:
        fail("engine-game on a 1.0 file without GOBJ: exit %d, %s" %
             (g.returncode, g.stderr.decode()[:300]))
        return 0
    print("ok engine-game object-park: 32 GOBJ records played; the 1.0 file (no GOBJ) plays "
          "the same %d rows from its markers" % (want.count(b"\n") - 1))
    return 2


def fail(msg):
    global failures
    failures += 1
    print("FAIL", msg)


def run(args, **kw):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def main(argv):
    loopwright, game = argv[1], argv[2]
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for level in argv[3:]:
            name = os.path.splitext(os.path.basename(level))[0]
            bins = []
            for extra in ([], ["--compress"]):
                out = os.path.join(tmp, name + ("-c" if extra else "") + ".bin")
                r = run([loopwright, "pack", level, "-o", out] + extra)
                if r.returncode:
                    fail("pack %s: %s" % (level, r.stderr.decode()))
                    continue
                bins.append(out)
            for sname, text in SCRIPTS.items():
                script = os.path.join(tmp, sname + ".txt")
                with open(script, "w") as f:
                    f.write(text)
                ref = os.path.join(tmp, "%s-%s-json.csv" % (name, sname))
                r = run([loopwright, "sim", level, "--input", script, "--trace", ref])
                if r.returncode:
                    fail("sim %s: %s" % (level, r.stderr.decode()))
                    continue
                with open(ref, "rb") as f:
                    want = f.read()
                rows = want.count(b"\n") - 1
                xs = set(line.split(b",")[1] for line in want.splitlines()[1:])
                if rows < 300 or len(xs) < 100:
                    fail("%s %s: a trivial trace (%d rows, %d x values)" % (name, sname, rows,
                                                                           len(xs)))
                for b in bins:
                    g = run([game, b, script])
                    if g.returncode:
                        fail("engine-game %s: %s" % (b, g.stderr.decode()))
                    elif g.stdout != want:
                        fail("engine-game %s %s: trace differs from loopwright sim on the JSON" %
                             (os.path.basename(b), sname))
                    else:
                        checked += 1
                        print("ok engine-game %s %s: %d rows identical" %
                              (os.path.basename(b), sname, rows))
                    t = os.path.join(tmp, "bin.csv")
                    s = run([loopwright, "sim", b, "--input", script, "--trace", t])
                    with open(t, "rb") as f:
                        got = f.read() if s.returncode == 0 else b""
                    if got != want:
                        fail("loopwright sim %s %s: trace differs from the JSON's" %
                             (os.path.basename(b), sname))
                    else:
                        checked += 1
                        print("ok loopwright sim %s %s: identical to the JSON's" %
                              (os.path.basename(b), sname))
        for level in argv[3:]:
            if os.path.basename(level) == "object-park.json":
                checked += check_objects_paths(game, tmp, level)
        # past the script's end the buttons are released, as `sim --frames` does
        b = os.path.join(tmp, os.path.splitext(os.path.basename(argv[3]))[0] + ".bin")
        script = os.path.join(tmp, "run-jump.txt")
        ref = os.path.join(tmp, "frames.csv")
        run([loopwright, "sim", argv[3], "--input", script, "--frames", "500", "--trace", ref])
        with open(ref, "rb") as f:
            want = f.read()
        g = run([game, b, script, "--frames", "500"])
        if g.stdout != want or want.count(b"\n") != 501:
            fail("--frames 500 differs")
        else:
            checked += 1
        # bad input: a damaged binary is refused with its byte offset
        with open(b, "rb") as f:
            data = bytearray(f.read())
        data[9] ^= 0xFF
        bad = os.path.join(tmp, "bad.bin")
        with open(bad, "wb") as f:
            f.write(data)
        g = run([game, bad, script])
        if g.returncode != 1 or b"bad.bin: byte 8: " not in g.stderr:
            fail("damaged binary: exit %d, %s" % (g.returncode, g.stderr.decode()))
    readelf = shutil.which("readelf")
    if readelf:
        d = run([readelf, "-d", game]).stdout.decode()
        needed = [l.split("[")[1].split("]")[0] for l in d.splitlines() if "(NEEDED)" in l]
        for lib in needed:
            if any(x in lib for x in ("png", "glib", "gobject", "gio", "gtk", "jansson", "libz")):
                fail("engine-game links %s" % lib)
        print("engine-game needs: %s" % ", ".join(needed))
    print("%d traces compared, %d failures" % (checked, failures))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
