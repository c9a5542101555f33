#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Independent check of `loopwright pack --format s1|s2`: every .kos file the CLI wrote is decoded
with tests/packed/kosinski_decode.py (written from FORMATS.md, no code shared with the C codec)
and compared with what the exporter meant to compress (disasm-dump's .raw copies); then the S2
files are checked against the structure FORMATS.md describes (sizes, chunk 0 empty, block ids,
layout ids, pattern indexes, collision index).

  check-disasm-kos.py LOOPWRIGHT DISASM_DUMP LEVEL.json...
"""
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "packed"))
import kosinski_decode  # noqa: E402

failures = 0
checked = 0


def fail(msg):
    global failures
    failures += 1
    print("FAIL", msg)


def kos_files(root):
    for folder, _, names in os.walk(root):
        for n in names:
            if n.endswith(".kos"):
                yield os.path.relpath(os.path.join(folder, n), root)


def decode_file(path):
    with open(path, "rb") as f:
        packed = f.read()
    out, used = kosinski_decode.decode(packed)
    if len(packed) % 16 or any(packed[used:]):
        fail("%s: %d bytes, padding after byte %d is not zeros to a multiple of 16" %
             (path, len(packed), used))
    return out


def be16(b, i):
    return b[i] << 8 | b[i + 1]


def check_s2(root, zone, raw):
    chunks = raw["mappings/128x128/%s.kos" % zone]
    blocks = raw["mappings/16x16/%s.kos" % zone]
    layout = raw["level/layout/%s_1.kos" % zone]
    art = raw.get("art/kosinski/%s.kos" % zone, b"")
    index = [raw["collision/%s %s 16x16 collision index.kos" % (zone, p)]
             for p in ("primary", "secondary")]
    if len(chunks) % 128 or len(chunks) > 0x8000 or any(chunks[:128]):
        fail("%s: chunks: %d bytes, chunk 0 must be empty" % (root, len(chunks)))
    if len(blocks) % 8 or len(blocks) > 0x1800 or any(blocks[:8]):
        fail("%s: blocks: %d bytes, block 0 must be empty" % (root, len(blocks)))
    if len(layout) != 0x1000:
        fail("%s: layout: %d bytes" % (root, len(layout)))
    if len(art) % 32:
        fail("%s: art: %d bytes" % (root, len(art)))
    nchunks, nblocks, npatterns = len(chunks) // 128, len(blocks) // 8, len(art) // 32
    for i in range(0, len(chunks), 2):
        if be16(chunks, i) & 0x3FF >= nblocks:
            fail("%s: chunk word at %d names block %d of %d" % (root, i, be16(chunks, i) & 0x3FF,
                                                              nblocks))
    for i, c in enumerate(layout):
        if c >= nchunks:
            fail("%s: layout byte %d names chunk %d of %d" % (root, i, c, nchunks))
    for i in range(0, len(blocks), 2):
        if be16(blocks, i) & 0x7FF >= max(npatterns, 1):
            fail("%s: block word at %d names pattern %d of %d" % (root, i, be16(blocks, i) & 0x7FF,
                                                                npatterns))
    for ix in index:
        if len(ix) != 768 or ix[0] != 0:
            fail("%s: collision index of %d bytes" % (root, len(ix)))
    with open(os.path.join(root, "collision", "Collision array - Vertical.bin"), "rb") as f:
        heights = f.read()
    used = set(ix[b] for ix in index for b in range(nblocks))
    for m in used:
        if m and not any(heights[16 * m:16 * m + 16]):
            fail("%s: mask %d used by a block is empty" % (root, m))


def main(argv):
    global checked
    loopwright, dump = argv[1], argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        for level in argv[3:]:
            name = os.path.splitext(os.path.basename(level))[0]
            for fmt in ("s2", "s1"):
                zone = "ZONE"
                out = os.path.join(tmp, "%s-%s" % (name, fmt))
                ref = os.path.join(tmp, "%s-%s-raw" % (name, fmt))
                subprocess.run([loopwright, "pack", level, "--format", fmt, "-o", out,
                                "--zone", zone], check=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                subprocess.run([dump, level, fmt, zone, ref], check=True)
                kos = sorted(kos_files(out))
                raws = sorted(os.path.relpath(os.path.join(d, n), ref)[:-4]
                              for d, _, ns in os.walk(ref) for n in ns if n.endswith(".raw"))
                if kos != raws:
                    fail("%s: .kos files %s, the exporter compressed %s" % (out, kos, raws))
                decoded = {}
                for rel in kos:
                    got = decode_file(os.path.join(out, rel))
                    with open(os.path.join(ref, rel + ".raw"), "rb") as f:
                        want = f.read()
                    checked += 1
                    if got != want:
                        fail("%s/%s: decodes to %d bytes, the exporter meant %d" %
                             (out, rel, len(got), len(want)))
                    else:
                        print("ok %s/%s: %d -> %d bytes" % (os.path.basename(out), rel,
                                                            os.path.getsize(os.path.join(out, rel)),
                                                            len(got)))
                    decoded[rel] = got
                if fmt == "s2":
                    check_s2(out, zone, decoded)
    print("%d files decoded, %d failures" % (checked, failures))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
