/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/art-png.h"

#include <png.h>
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
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = img->width;
    image.height = img->height;
    const void *pixels;
    const void *cmap = NULL;
    png_int_32 stride;
    if (fits && ncolors > 0) {
        image.format = PNG_FORMAT_RGBA_COLORMAP;
        image.colormap_entries = ncolors;
        pixels = idx;
        cmap = colormap;
        stride = (png_int_32)img->width;
    } else {
        image.format = PNG_FORMAT_RGBA;
        pixels = img->rgba;
        stride = (png_int_32)(img->width * 4u);
    }
    png_alloc_size_t bytes = 0;
    if (!png_image_write_to_memory(&image, NULL, &bytes, 0, pixels, stride, cmap)) {
        free(idx);
        lw_error_set(err, LW_ERR_FORMAT, "PNG encoding failed: %s", image.message);
        png_image_free(&image);
        return false;
    }
    void *out = malloc(bytes);
    if (!out) {
        free(idx);
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    }
    if (!png_image_write_to_memory(&image, out, &bytes, 0, pixels, stride, cmap)) {
        free(idx);
        free(out);
        lw_error_set(err, LW_ERR_FORMAT, "PNG encoding failed: %s", image.message);
        png_image_free(&image);
        return false;
    }
    free(idx);
    *data = out;
    *size = bytes;
    if (indexed)
        *indexed = fits && ncolors > 0;
    return true;
}
