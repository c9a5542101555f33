# SPDX-License-Identifier: MIT
"""Helpers of the `real` suite's edit stories (check-real-edit.py, check-real-art.py): running
loopwright, a git copy of a tree and what `git status --porcelain` lists, unpacking levels, and
the TAP lines."""
import json
import os
import shutil
import subprocess


def run(args, check=True):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
    if check and r.returncode:
        raise SystemExit("Bail out! %s: exit %d\n%s%s" % (" ".join(args), r.returncode, out, err))
    return r.returncode, out, err


def git(copy, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")
    r = subprocess.run(["git", "-C", copy] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, check=True)
    return r.stdout.decode()


def git_copy(tree, copy):
    """@tree copied to @copy, made a git repository of one commit."""
    shutil.copytree(tree, copy, symlinks=True)
    git(copy, "init", "-q")
    git(copy, "add", "-A")
    git(copy, "commit", "-q", "-m", "tree")


def porcelain(copy):
    """Paths `git status --porcelain` lists (untracked files too)."""
    out = git(copy, "-c", "core.quotepath=off", "status", "--porcelain", "--untracked-files=all")
    return sorted(line[3:].strip('"') for line in out.splitlines() if line)


def unpack(lw, copy, name, path):
    run([lw, "unpack", copy, "--level", name, "-o", path])
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def levels(lw, tree):
    _, out, _ = run([lw, "unpack", tree, "--list"])
    return [line.split("\t")[0] for line in out.splitlines()[1:] if line]


def tap(results):
    """Print (ok, what, why) results as TAP; the exit status."""
    print("1..%d" % len(results))
    for i, (ok, what, why) in enumerate(results, 1):
        print("%s %d - %s%s" % ("ok" if ok else "not ok", i, what, (": " + why) if why else ""))
    return 0 if all(ok for ok, _, _ in results) else 1
