#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An independent Kosinski decoder, written from the description in FORMATS.md section 3.6 only
(stdlib, no shared code with engine/src/kosinski.c), used to check the C encoder's files.

  kosinski_decode.py FILE.kos            decode, write the bytes to stdout
  kosinski_decode.py --check DIR         decode every DIR/*.kos and compare with DIR/*.raw
"""
import os
import sys


class Truncated(Exception):
    pass


def decode(data):
    """Return (output bytes, bytes consumed up to the terminator)."""
    pos = 0

    def byte():
        nonlocal pos
        if pos >= len(data):
            raise Truncated("stream ends at byte %d before its terminator" % pos)
        b = data[pos]
        pos += 1
        return b

    # The descriptor is 16 bits, little-endian, consumed least significant bit first; the next
    # one is read as soon as the 16th bit is used, before that command's data bytes.
    desc = byte() | byte() << 8
    left = 16

    def bit():
        nonlocal desc, left
        b = desc & 1
        desc >>= 1
        left -= 1
        if left == 0:
            desc = byte() | byte() << 8
            left = 16
        return b

    out = bytearray()
    while True:
        if bit():
            out.append(byte())  # literal
            continue
        if bit() == 0:
            count = bit() * 2
            count += bit()
            count += 2
            distance = 256 - byte()
        else:
            lo = byte()
            hi = byte()
            distance = 0x2000 - (((hi & 0xF8) << 5) | lo)
            if hi & 7:
                count = (hi & 7) + 2
            else:
                c = byte()
                if c == 0:
                    break  # terminator
                if c == 1:
                    continue  # no-op
                count = c + 1
        if distance > len(out):
            raise ValueError("match reaches %d bytes back with %d produced" % (distance, len(out)))
        for _ in range(count):  # byte by byte: overlapping copies repeat
            out.append(out[-distance])
    return bytes(out), pos


def check_dir(folder):
    names = sorted(n for n in os.listdir(folder) if n.endswith(".kos"))
    if not names:
        print("no .kos files in", folder)
        return 1
    failed = 0
    for name in names:
        with open(os.path.join(folder, name), "rb") as f:
            packed = f.read()
        with open(os.path.join(folder, name[:-4] + ".raw"), "rb") as f:
            raw = f.read()
        got, used = decode(packed)
        ok = got == raw and len(packed) % 16 == 0 and all(b == 0 for b in packed[used:])
        print("%s %s: %d -> %d bytes" % ("ok" if ok else "MISMATCH", name, len(packed), len(got)))
        failed += not ok
    print("%d passed, %d failed" % (len(names) - failed, failed))
    return 1 if failed else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--check":
        return check_dir(argv[2])
    if len(argv) == 2:
        with open(argv[1], "rb") as f:
            out, _ = decode(f.read())
        sys.stdout.buffer.write(out)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
