/* SPDX-License-Identifier: MIT */
#include "read-all.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

uint8_t *measure_read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("FAIL: %s: cannot read\n", path);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        if (got == 0)
            break;
        n += got;
    }
    bool failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        printf("FAIL: %s: cannot read\n", path);
        return NULL;
    }
    *size = n;
    return buf;
}
