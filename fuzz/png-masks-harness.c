/* SPDX-License-Identifier: MIT */
#include "png-masks-harness.h"

#include <loopwright/image.h>
#include <loopwright/masks.h>
#include <loopwright/terrain.h>

/* Keep each input fast: pictures above this many pixels are only decoded up to the header. */
#define FUZZ_MAX_PIXELS (1u << 20)

int lwm_fuzz_png_masks(const uint8_t *data, size_t size)
{
    if (size >= 24) {
        uint64_t w = (uint64_t)data[16] << 24 | (uint64_t)data[17] << 16 |
                     (uint64_t)data[18] << 8 | data[19];
        uint64_t h = (uint64_t)data[20] << 24 | (uint64_t)data[21] << 16 |
                     (uint64_t)data[22] << 8 | data[23];
        if (w * h > FUZZ_MAX_PIXELS) {
            /* still exercise the header checks, which must refuse or accept without decoding */
            lwm_image img = {0};
            if (w > LWM_MAX_IMAGE_SIDE || h > LWM_MAX_IMAGE_SIDE || w * h > LWM_MAX_IMAGE_PIXELS)
                (void)lwm_image_load_png_memory(data, size, &img, NULL);
            lwm_image_clear(&img);
            return 0;
        }
    }
    lwm_image img = {0};
    lwm_image_info info;
    if (!lwm_image_load_png_memory_info(data, size, &img, &info, NULL))
        return 0;
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
    return 0;
}
