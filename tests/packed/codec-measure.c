/* SPDX-License-Identifier: MIT */
/*
 * codec-measure CODEC FILE...: decode each file with CODEC (nem, kos, kosm, kosm-loaded),
 * re-encode the result and compare it with the file. "kosm" keeps everything the modules decode
 * (lw_kosm_decompress_raw / lw_kosm_compress_raw), "kosm-loaded" only the bytes the game loads
 * (lw_kosm_decompress / lw_kosm_compress). Prints one line per file ("ok", "differs" or
 * "ok-even-padded", "FAIL: reason") and a summary line "CODEC: N files, D decoded, E byte-exact,
 * P byte-exact after padding to an even size". Exit status 1
 * when any file fails to decode (a byte-inexact re-encoding is reported, not an error).
 * Used by measure-real-trees.sh on the disassembly trees (docs/CODECS.md).
 */
#include "read-all.h"

#include <loopwright/kosinski.h>
#include <loopwright/kosm.h>
#include <loopwright/nemesis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Returns 0 decode failed, 1 decoded but differs, 2 byte-exact, 3 byte-exact once padded with a
 * zero byte to an even length. */
static int measure(const char *codec, const uint8_t *in, size_t n, char *why, size_t why_size)
{
    size_t cap = 4u << 20, got = 0, used = 0, packed = 0;
    uint8_t *out = malloc(cap);
    uint8_t *again = NULL;
    lw_error err;
    lw_error_clear(&err);
    bool ok = false;
    if (strcmp(codec, "nem") == 0) {
        size_t size = 0;
        ok = lw_nemesis_header(in, n, &size, NULL, &err) &&
             lw_nemesis_decompress(in, n, out, cap, &got, &used, &err);
        if (ok && got != size) {
            snprintf(why, why_size, "decoded %zu bytes, header says %zu", got, size);
            free(out);
            return 0;
        }
        if (ok) {
            again = malloc(lw_nemesis_bound(got));
            packed = lw_nemesis_compress(out, got, again);
        }
    } else if (strcmp(codec, "kos") == 0) {
        ok = lw_kosinski_decompress(in, n, out, cap, &got, &used, &err);
        if (ok) {
            again = malloc(lw_kosinski_bound(got));
            packed = lw_kosinski_compress(out, got, again);
        }
    } else if (strcmp(codec, "kosm-loaded") == 0) {
        /* only the bytes the game loads, re-encoded with the header they give */
        ok = lw_kosm_decompress(in, n, out, cap, &got, &used, &err);
        if (ok) {
            again = malloc(lw_kosm_bound(got));
            packed = lw_kosm_compress(out, got, again);
        }
    } else {
        /* everything the modules hold, re-encoded with the stored header */
        uint16_t header = 0;
        ok = lw_kosm_decompress(in, n, out, cap, NULL, NULL, &err) &&
             lw_kosm_decompress_raw(in, n, out, cap, &got, &header, &used, &err);
        if (ok) {
            again = malloc(lw_kosm_bound(got));
            packed = lw_kosm_compress_raw(out, got, header, again);
        }
    }
    if (!ok) {
        snprintf(why, why_size, "byte %ld: %s", err.offset, err.message);
        free(out);
        return 0;
    }
    int result = packed == n && memcmp(again, in, n) == 0 ? 2 : 1;
    /* skdisasm stores its Nemesis files padded with one zero byte to an even length */
    if (result == 1 && packed % 2 == 1 && packed + 1 == n && in[packed] == 0 &&
        memcmp(again, in, packed) == 0)
        result = 3;
    if (result == 1)
        snprintf(why, why_size, "re-encoded %zu bytes, file %zu bytes (stream %zu)", packed, n,
                 used);
    free(out);
    free(again);
    return result;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "nem") && strcmp(argv[1], "kos") && strcmp(argv[1], "kosm") &&
                     strcmp(argv[1], "kosm-loaded"))) {
        fprintf(stderr, "usage: codec-measure nem|kos|kosm|kosm-loaded FILE...\n");
        return 2;
    }
    int files = 0, decoded = 0, exact = 0, padded = 0;
    for (int i = 2; i < argc; i++) {
        size_t n = 0;
        uint8_t *in = measure_read_all(argv[i], &n);
        files++;
        if (!in)
            continue; /* reported */
        char why[512] = "";
        int r = measure(argv[1], in, n, why, sizeof why);
        free(in);
        decoded += r > 0;
        exact += r == 2;
        padded += r == 3;
        printf("%s: %s%s%s\n",
               r == 3   ? "ok-even-padded"
               : r == 2 ? "ok"
               : r == 1 ? "differs"
                        : "FAIL",
               argv[i], why[0] ? ": " : "", why);
    }
    printf("%s: %d files, %d decoded, %d byte-exact, %d byte-exact after padding to an even size\n",
           argv[1], files, decoded, exact, padded);
    return decoded == files ? 0 : 1;
}
