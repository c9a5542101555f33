/* SPDX-License-Identifier: MIT */
/*
 * kos-dump OUT_DIR LEVEL.json...: for each level, write what an S2-style exporter compresses —
 * the chunk words (big-endian, as the 128x128 mappings), the 128x16 FG/BG-interleaved layout
 * bytes (FORMATS.md §3.4) and the mask heights — as NAME.raw, and the C encoder's Kosinski output
 * as NAME.kos, for the independent Python decoder to check. Plus structured and random inputs
 * around the window and descriptor boundaries.
 */
#include "level-json.h"

#include <loopwright/kosinski.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int put(const char *dir, const char *name, const uint8_t *raw, size_t n)
{
    char path[4096];
    uint8_t *kos = malloc(lw_kosinski_bound(n));
    size_t k = kos ? lw_kosinski_compress(raw, n, kos) : 0;
    if (!k)
        return 1;
    snprintf(path, sizeof path, "%s/%s.raw", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || (n && fwrite(raw, 1, n, f) != n) || fclose(f))
        return 1;
    snprintf(path, sizeof path, "%s/%s.kos", dir, name);
    f = fopen(path, "wb");
    if (!f || fwrite(kos, 1, k, f) != k || fclose(f))
        return 1;
    free(kos);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    const char *dir = argv[1];
    int bad = 0;
    for (int a = 2; a < argc; a++) {
        lw_level *level = NULL;
        lw_error err;
        if (!editor_level_load_file(argv[a], 0, &level, &err)) {
            fprintf(stderr, "%s: %s\n", argv[a], err.message);
            return 1;
        }
        const char *base = strrchr(argv[a], '/');
        base = base ? base + 1 : argv[a];
        char name[256];
        size_t cells = (size_t)level->chunk_count * lw_level_cells_per_chunk(level);
        uint8_t *raw = calloc(cells * 2 + 0x1000 + level->mask_count * 16u + 1, 1);
        for (size_t i = 0; i < cells; i++) {
            const lw_cell *c = &level->cells[i];
            unsigned w = (c->tile == LW_NONE ? 0u : c->tile + 1u) | (unsigned)c->flags << 10 |
                         (unsigned)c->solid << 12;
            raw[2 * i] = (uint8_t)(w >> 8);
            raw[2 * i + 1] = (uint8_t)w;
        }
        snprintf(name, sizeof name, "%.200s-chunks", base);
        bad |= put(dir, name, raw, cells * 2);
        memset(raw, 0, 0x1000);
        for (uint32_t y = 0; y < level->layout_height && y < 16; y++)
            for (uint32_t x = 0; x < level->layout_width && x < 128; x++)
                for (int l = 0; l < 2; l++) {
                    uint16_t id = level->layout[l] ? lw_level_layout_get(level, (lw_layer)l, x, y)
                                                   : (uint16_t)LW_NONE;
                    raw[y * 256 + (uint32_t)l * 128 + x] = (uint8_t)(id == LW_NONE ? 0 : id);
                }
        snprintf(name, sizeof name, "%.200s-layout", base);
        bad |= put(dir, name, raw, 0x1000);
        for (uint32_t m = 0; m < level->mask_count; m++)
            memcpy(raw + m * 16, level->masks[m].heights, 16);
        snprintf(name, sizeof name, "%.200s-heights", base);
        bad |= put(dir, name, raw, level->mask_count * 16u);
        free(raw);
        lw_level_free(level);
    }
    static const size_t sizes[] = {0, 1, 2, 17, 255, 256, 257, 0x1F03, 0x1F04, 0x2000, 0x2101};
    uint8_t *buf = malloc(0x3000);
    uint32_t seed = 99;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (size_t i = 0; i < sizes[s]; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = (uint8_t)((seed >> 16) % (s % 2 ? 256u : 5u));
        }
        char name[64];
        snprintf(name, sizeof name, "synthetic-%zu", sizes[s]);
        bad |= put(dir, name, buf, sizes[s]);
    }
    free(buf);
    return bad;
}
