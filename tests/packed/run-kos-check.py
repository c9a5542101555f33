#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run kos-dump into a temporary folder, then kosinski_decode.py --check on it."""
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.argv[1], tmp] + sys.argv[2:], check=True)
    sys.exit(subprocess.run([sys.executable, os.path.join(here, "kosinski_decode.py"), "--check",
                             tmp]).returncode)
