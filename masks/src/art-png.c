/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/art-png.h"

#include "png-write.h"

#include <stdlib.h>
#include <string.h>

/* Open-addressing table from an RGBA value to its palette index. */
#define SLOTS 1024u

bool lwm_art_encode_png(const lwm_image *img, void **data, size_t *size, bool *indexed,
                        lw_error *err)
{
    size_t npx = (size_t)img->width * img->height;
    uint32_t keys[SLOTS];
    int16_t vals[SLOTS];
    memset(vals, 0xFF, sizeof vals); /* -1 = free */
    uint8_t colormap[256 * 4];
    unsigned ncolors = 0;
    uint8_t *idx = malloc(npx ? npx : 1);
    if (!idx)
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    bool fits = true;
    for (size_t i = 0; i < npx && fits; i++) {
        const uint8_t *p = img->rgba + 4 * i;
        uint32_t key = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
        uint32_t h = (key * 2654435761u) >> 22;
        while (vals[h] >= 0 && keys[h] != key)
            h = (h + 1) & (SLOTS - 1);
        if (vals[h] < 0) {
            if (ncolors == 256) {
                fits = false;
                break;
            }
            keys[h] = key;
            vals[h] = (int16_t)ncolors;
            memcpy(colormap + 4 * ncolors, p, 4);
            ncolors++;
        }
        idx[i] = (uint8_t)vals[h];
    }
    /* one pass (png-write.c); palettes unfiltered, as libpng's own choice for them; zlib level 6:
     * level 9 saved 0.45 % of the maximum level's tileset for a quarter of `pack`'s time */
    lwm_png_format fmt = {.width = img->width, .height = img->height, .zlib_level = 6};
    const uint8_t *pixels;
    size_t stride;
    if (fits && ncolors > 0) {
        fmt.kind = LWM_PNGW_PALETTE;
        fmt.palette = colormap;
        fmt.colors = ncolors;
        pixels = idx;
        stride = img->width;
    } else {
        fmt.kind = LWM_PNGW_RGBA;
        fmt.filter = true;
        pixels = img->rgba;
        stride = (size_t)img->width * 4u;
    }
    lwm_png_writer *w = lwm_png_writer_new(NULL, &fmt, err);
    bool ok = w && lwm_png_writer_rows(w, pixels, stride, img->height, err) &&
              lwm_png_writer_finish(w, data, size, err);
    free(idx);
    if (ok && indexed)
        *indexed = fits && ncolors > 0;
    return ok;
}
