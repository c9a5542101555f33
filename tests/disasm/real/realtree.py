# SPDX-License-Identifier: MIT
"""Helpers of the `real` suite's edit stories (check-real-edit.py, check-real-art.py): running
loopwright, a git copy of a tree and what `git status --porcelain` lists, unpacking levels, and
the TAP lines."""
import filecmp
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


def compare_others(lw, copy, tmp, others, before, written, touching, drop, extra=None):
    """Unpack each level of @others from @copy again and compare it with @before[name], its
    unpack before the save. The source's CRCs and sizes of the @written files and the tilesets'
    names (the tileset's and the water tileset's, which follow the JSON's name) are left out; the
    tilesets' bytes are compared apart. A level reading none of the
    @touching files must be the same; one reading any may differ only in the keys @drop, and
    @extra(name, before, after, reads), if given, returns its further failures. Returns
    (unchanged, touching, failures)."""
    def norm(d, keys=()):
        d = {k: v for k, v in d.items() if k not in keys and k != "tileset"}
        if "source" in d:
            src = dict(d["source"])
            src.pop("water_tileset", None)
            src["files"] = [{k: v for k, v in f.items()
                             if f["path"] not in written or k not in ("crc32", "size")}
                            for f in src["files"]]
            d["source"] = src
        return d
    same = shared = 0
    bad = []
    for i, n in enumerate(others):
        after = unpack(lw, copy, n, os.path.join(tmp, "after%02d.json" % i))
        reads = {f["path"] for f in before[n]["source"]["files"]}
        art = [os.path.join(tmp, d["tileset"]) if d.get("tileset") else None
               for d in (before[n], after)]
        if art[0] and not filecmp.cmp(art[0], art[1], shallow=False):
            bad.append(n + " (art)")
        wet = [d.get("source", {}).get("water_tileset") for d in (before[n], after)]
        if bool(wet[0]) != bool(wet[1]) or (wet[0] and not filecmp.cmp(
                os.path.join(tmp, wet[0]), os.path.join(tmp, wet[1]), shallow=False)):
            bad.append(n + " (water art)")
        if not reads & touching:
            same += 1
            if norm(after) != norm(before[n]):
                bad.append(n)
        else:
            shared += 1
            if norm(after, drop) != norm(before[n], drop):
                bad.append(n)
            if extra:
                bad += extra(n, before[n], after, reads)
    return same, shared, bad


def levels(lw, tree):
    _, out, _ = run([lw, "unpack", tree, "--list"])
    return [line.split("\t")[0] for line in out.splitlines()[1:] if line]


def tap(results):
    """Print (ok, what, why) results as TAP; the exit status."""
    print("1..%d" % len(results))
    for i, (ok, what, why) in enumerate(results, 1):
        print("%s %d - %s%s" % ("ok" if ok else "not ok", i, what, (": " + why) if why else ""))
    return 0 if all(ok for ok, _, _ in results) else 1
