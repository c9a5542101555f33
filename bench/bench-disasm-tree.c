/* SPDX-License-Identifier: MIT */
/*
 * Disassembly trees (docs/DISASM.md §7-§8, docs/BENCHMARKS.md): `loopwright unpack TREE --level`
 * of every level of a tree in one run (total and slowest level, wall time per process), then
 * `pack LEVEL --into COPY` of an unchanged level (writes nothing) against that level's unpack.
 * The tree is given by LW_TREE; the pack goes into a copy in a temporary folder.
 *
 *   LW_LOOPWRIGHT=build/editor/loopwright LW_TREE=DIR build/bench/bench-disasm-tree [RUNS]
 */
#include "bench-util.h"

#include <loopwright-masks/disasm-tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double run_ms(char **argv)
{
    double t0 = bench_now_ms();
    int rc = bench_run(argv, NULL);
    double t = bench_now_ms() - t0;
    if (rc != 0) {
        fprintf(stderr, "bench-disasm-tree: %s %s failed (%d)\n", argv[1], argv[2], rc);
        exit(1);
    }
    return t;
}

int main(int argc, char **argv)
{
    const char *lw = getenv("LW_LOOPWRIGHT"), *tree = getenv("LW_TREE");
    int runs = argc > 1 ? atoi(argv[1]) : 3;
    if (!lw || !tree || runs < 1 || runs > 50) {
        fprintf(stderr, "usage: LW_LOOPWRIGHT=... LW_TREE=DIR bench-disasm-tree [RUNS]\n");
        return 2;
    }
    lwm_tree t;
    lw_error err;
    char failed[4096];
    if (!lwm_tree_open(tree, &t, failed, &err)) {
        fprintf(stderr, "%s: %s\n", failed, err.message);
        return 1;
    }
    char tmp[] = "/tmp/lw-bench-tree-XXXXXX";
    if (!mkdtemp(tmp))
        return 1;
    char json[4200], copy[4200];
    snprintf(json, sizeof json, "%s/level.json", tmp);
    snprintf(copy, sizeof copy, "%s/tree", tmp);
    char *cp[] = {"/bin/cp", "-a", (char *)tree, copy, NULL};
    if (bench_run(cp, NULL) != 0)
        return 1;
    double *totals = calloc((size_t)runs, sizeof *totals);
    double *slow = calloc((size_t)runs, sizeof *slow);
    size_t slow_i = 0;
    for (int r = 0; r < runs; r++)
        for (size_t i = 0; i < t.level_count; i++) {
            char *a[] = {(char *)lw, "unpack", copy, "--level", t.levels[i].name, "-o", json, NULL};
            double ms = run_ms(a);
            totals[r] += ms;
            if (ms > slow[r]) {
                slow[r] = ms;
                slow_i = i;
            }
        }
    double total = bench_median(totals, runs), slowest = bench_median(slow, runs);
    printf("unpack of all %zu levels of %s: %.1f ms in all (median of %d runs), slowest %.1f ms "
           "(%s)\n",
           t.level_count, tree, total, runs, slowest, t.levels[slow_i].name);
    double *un = calloc((size_t)runs, sizeof *un), *pk = calloc((size_t)runs, sizeof *pk);
    for (int r = 0; r < runs; r++) {
        char *a[] = {(char *)lw, "unpack", copy, "--level", t.levels[0].name, "-o", json, NULL};
        un[r] = run_ms(a);
        char *b[] = {(char *)lw, "pack", json, "--into", copy, NULL};
        pk[r] = run_ms(b);
    }
    printf("%s: unpack %.1f ms, pack --into (unchanged, writes nothing) %.1f ms (medians of %d)\n",
           t.levels[0].name, bench_median(un, runs), bench_median(pk, runs), runs);
    char *rm[] = {"/bin/rm", "-rf", tmp, NULL};
    bench_run(rm, NULL);
    free(totals);
    free(slow);
    free(un);
    free(pk);
    lwm_tree_clear(&t);
    return 0;
}
