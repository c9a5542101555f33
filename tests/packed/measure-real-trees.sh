#!/bin/sh
# SPDX-License-Identifier: MIT
# Opt-in measurement on the real disassembly trees (never run in CI; the trees are Sega's data
# and stay out of the repository). Decodes every .nem, .kos and .kosm file of each tree given
# and re-encodes it, printing one summary line per codec and tree (docs/CODECS.md §4).
#
#   tests/packed/measure-real-trees.sh BUILD_DIR S1_TREE S2_TREE SK_TREE
#   e.g. tests/packed/measure-real-trees.sh build /work/trees/s1disasm /work/trees/s2disasm \
#            /work/trees/skdisasm
#
# A tree argument may be "-" to skip it. Per-file results go to BUILD_DIR/measure-*.txt.
# Exit status 1 when any file fails to decode.
set -eu
if [ $# -ne 4 ]; then
    echo "usage: $0 BUILD_DIR S1_TREE S2_TREE SK_TREE (a tree may be -)" >&2
    exit 2
fi
build=$1
shift
measure=$build/tests/packed/codec-measure
if [ ! -x "$measure" ]; then
    echo "$0: $measure not built (ninja -C $build)" >&2
    exit 2
fi
status=0
for tree in "$@"; do
    [ "$tree" = "-" ] && continue
    name=$(basename "$tree")
    for codec in nem kos kosm kosm-loaded; do
        log=$build/measure-$name-$codec.txt
        ext=${codec%-loaded}
        # sorted file list, names may contain spaces
        find "$tree" -type f -iname "*.$ext" -print0 | sort -z | xargs -0 -r "$measure" "$codec" >"$log" || status=1
        summary=$(tail -n 1 "$log")
        case $summary in
        "$codec:"*) echo "$name $summary" ;;
        *) echo "$name $codec: 0 files" ;;
        esac
    done
done
exit $status
