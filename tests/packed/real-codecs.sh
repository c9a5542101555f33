#!/bin/sh
# SPDX-License-Identifier: MIT
# The codecs part of the opt-in `real` suite (tests/packed/meson.build): runs
# measure-real-trees.sh on one tree and prints TAP, one test per summary line.
#   real-codecs.sh BUILD_DIR 1|2|3 TREE      (1 = s1disasm, 2 = s2disasm, 3 = skdisasm)
# Every file must decode / parse. Kosinski, KosinskiM (raw pair) and every layout must also be
# byte-identical; Nemesis exactness is reported, not required (docs/CODECS.md §1.4 lists the
# one file that is not, a SonED2 project file).
set -u
build=$1
game=$2
tree=$3
case $game in
1) set -- "$tree" - - ;;
2) set -- - "$tree" - ;;
3) set -- - - "$tree" ;;
*) echo "Bail out! game must be 1, 2 or 3" && exit 1 ;;
esac
out=$("$(dirname "$0")/measure-real-trees.sh" "$build" "$@")
status=$?
n=0
fails=0
echo "$out" | {
    while IFS= read -r line; do
        n=$((n + 1))
        ok=ok
        case $line in
        *" object lists: "*)
            case $line in *" 0 failures"*) ;; *) ok="not ok" ;; esac
            ;;
        *": 0 files") ;;
        *)
            files=$(echo "$line" | sed -n 's/.*: \([0-9]*\) files.*/\1/p')
            done_=$(echo "$line" | sed -n 's/.* \([0-9]*\) \(decoded\|parsed\).*/\1/p')
            exact=$(echo "$line" | sed -n 's/.* \([0-9]*\) byte-\(exact\|identical\),.*/\1/p')
            [ "$files" = "$done_" ] || ok="not ok"
            case $line in
            *" nem: "* | *" kosm-loaded: "*) ;;
            *) [ "$files" = "$exact" ] || ok="not ok" ;;
            esac
            ;;
        esac
        [ "$ok" = ok ] || fails=$((fails + 1))
        echo "$ok $n - $line"
    done
    echo "1..$n"
    [ $fails -eq 0 ] && [ $status -eq 0 ]
}
