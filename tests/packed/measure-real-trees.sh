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
# Then parses and writes back every object and ring layout (layout-measure) and loads the
# object names of every objlst= of the trees' SonLVL project INIs.
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
layouts=$build/tests/packed/layout-measure

# layout NAME FORMAT FIND-ARGS...: measure the files find selects
layout() {
    lname=$1
    format=$2
    shift 2
    log=$build/measure-$lname-$format.txt
    find "$@" -print0 | sort -z | xargs -0 -r "$layouts" "$format" >"$log" || status=1
    summary=$(tail -n 1 "$log")
    case $summary in
    "$format:"*) echo "$lname $summary" ;;
    *) echo "$lname $format: 0 files" ;;
    esac
}

status=0
game=0
for tree in "$@"; do
    game=$((game + 1))
    [ "$tree" = "-" ] && continue
    name=$(basename "$tree")
    case $game in
    1)
        layout "$name" s1-objects "$tree/objpos" -type f -name '*.bin' ! -name '*pf*'
        layout "$name" s1-platforms "$tree/objpos" -type f -name '*pf*.bin'
        ;;
    2)
        layout "$name" s2-objects "$tree/level/objects" -type f -name '*.bin' ! -name '*bumpers*'
        layout "$name" s2-bumpers "$tree/level/objects" -type f -name '*bumpers*.bin'
        layout "$name" s2-rings "$tree/level/rings" -type f -name '*.bin'
        ;;
    3)
        layout "$name" s3k-objects "$tree/Levels" -type f -path '*/Object Pos/*.bin'
        layout "$name" s3k-rings "$tree/Levels" -type f -path '*/Ring Pos/*.bin'
        ;;
    esac
    ini="$tree/SonLVL INI Files"
    if [ -d "$ini" ]; then
        log=$build/measure-$name-names.txt
        grep -h '^objlst=' "$ini"/*.ini | tr -d '\r' | sed 's/^objlst=//' | sort -u |
            tr '\n' '\0' | xargs -0 -r "$layouts" names "$ini" >"$log" || status=1
        echo "$name object lists: $(grep -c '^names:' "$log") read, $(grep -c '^FAIL' "$log") failures, ids named per list: $(grep '^names:' "$log" | sed 's/.*: \([0-9]*\) ids named/\1/' | sort -n | tr '\n' ' ')"
    fi
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
