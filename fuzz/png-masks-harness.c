/* SPDX-License-Identifier: MIT */
#include "png-masks-harness.h"

#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>
#include <loopwright-masks/terrain.h>
#include <stdlib.h>
#include <string.h>

/* Keep each input fast: pictures above this many pixels are only decoded up to the header. */
#define FUZZ_MAX_PIXELS (1u << 20)

static uint32_t crc_table[256];

static uint32_t crc32_of(const uint8_t *p, size_t n)
{
    if (!crc_table[1])
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++)
                c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            crc_table[i] = c;
        }
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++)
        c = crc_table[(c ^ p[i]) & 0xFFu] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

/* A copy of @data with every chunk's CRC recomputed, so mutations inside chunks reach the
 * decoder instead of stopping at the checksum. NULL when nothing changed. */
static uint8_t *fix_crcs(const uint8_t *data, size_t size)
{
    if (size < 8)
        return NULL;
    uint8_t *copy = malloc(size);
    if (!copy)
        return NULL;
    memcpy(copy, data, size);
    bool changed = false;
    size_t pos = 8;
    while (size - pos >= 12) {
        uint32_t len = (uint32_t)copy[pos] << 24 | (uint32_t)copy[pos + 1] << 16 |
                       (uint32_t)copy[pos + 2] << 8 | copy[pos + 3];
        if ((uint64_t)len + 12u > size - pos)
            break;
        uint32_t c = crc32_of(copy + pos + 4, (size_t)len + 4u);
        uint8_t *q = copy + pos + 8 + len;
        uint8_t want[4] = {(uint8_t)(c >> 24), (uint8_t)(c >> 16), (uint8_t)(c >> 8), (uint8_t)c};
        if (memcmp(q, want, 4) != 0) {
            memcpy(q, want, 4);
            changed = true;
        }
        pos += (size_t)len + 12u;
    }
    if (!changed) {
        free(copy);
        return NULL;
    }
    return copy;
}

static void one_input(const uint8_t *data, size_t size);

int lwm_fuzz_png_masks(const uint8_t *data, size_t size)
{
    one_input(data, size);
    uint8_t *fixed = fix_crcs(data, size);
    if (fixed) {
        one_input(fixed, size);
        free(fixed);
    }
    return 0;
}

static void one_input(const uint8_t *data, size_t size)
{
    if (size >= 24) {
        uint64_t w = (uint64_t)data[16] << 24 | (uint64_t)data[17] << 16 | (uint64_t)data[18] << 8 |
                     data[19];
        uint64_t h = (uint64_t)data[20] << 24 | (uint64_t)data[21] << 16 | (uint64_t)data[22] << 8 |
                     data[23];
        if (w * h > FUZZ_MAX_PIXELS) {
            /* still exercise the header checks, which must refuse or accept without decoding */
            lwm_image img = {0};
            if (w > LWM_MAX_IMAGE_SIDE || h > LWM_MAX_IMAGE_SIDE || w * h > LWM_MAX_IMAGE_PIXELS)
                (void)lwm_image_load_png_memory(data, size, &img, NULL);
            lwm_image_clear(&img);
            return;
        }
    }
    lwm_image img = {0};
    lwm_image_info info;
    if (!lwm_image_load_png_memory_info(data, size, &img, &info, NULL))
        return;
    if (!info.has_alpha)
        lwm_image_apply_color_key(&img, lwm_image_corner_rgb(&img));
    lwm_sheet sheet = {0};
    if (lwm_sheet_build(&img, &sheet, NULL)) {
        lwm_image pic = {0};
        uint32_t n = sheet.mask_count < 64 ? sheet.mask_count : 64;
        if (lwm_preview_masks(sheet.masks, n, 8, NULL, NULL, &pic, NULL))
            lwm_image_clear(&pic);
        lwm_sheet_clear(&sheet);
    }
    lwm_import_options o = lwm_import_options_default();
    o.terrain = &img;
    o.top_solid = &img;
    lwm_import_result r;
    if (lwm_import_terrain(&o, &r, NULL))
        lwm_import_result_clear(&r);
    lwm_image_clear(&img);
}
