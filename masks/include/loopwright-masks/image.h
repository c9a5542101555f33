#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: RGBA images and PNG files. Reads every PNG colour type and depth
 * through libpng's simplified API (no setjmp) into 8-bit RGBA, with the dimensions and pixel
 * count checked against limits *before* any pixel memory is allocated. Writes PNGs atomically
 * (temporary file, fsync, rename). Depends on the engine (errors) and libpng only.
 */

#include "loopwright-masks/file-io.h"
#include "loopwright/base.h"

/** Default limits for untrusted images (documented in docs/LEVEL-JSON.md). */
#define LWM_MAX_IMAGE_SIDE     65536u       /* px, either side */
#define LWM_MAX_IMAGE_PIXELS   (1u << 26)   /* 67,108,864 px = 256 MiB as RGBA */
#define LWM_MAX_PNG_FILE_BYTES (256u << 20) /* bytes of compressed input */

/** An 8-bit RGBA image, rows top to bottom, 4 bytes per pixel, no padding. */
typedef struct lwm_image {
    uint32_t width, height; /* px */
    uint8_t *rgba;          /* owned: width * height * 4 bytes */
} lwm_image;

/** Allocate a @width x @height image filled with @rgba (0xRRGGBBAA). False on limit/memory. */
bool lwm_image_init(lwm_image *img, uint32_t width, uint32_t height, uint32_t rgba, lw_error *err);

/** Free the pixels and zero the struct (accepts a zeroed image). */
void lwm_image_clear(lwm_image *img);

/** Pointer to pixel (x, y). */
static inline uint8_t *lwm_image_pixel(const lwm_image *img, uint32_t x, uint32_t y)
{
    return img->rgba + ((size_t)y * img->width + x) * 4u;
}

/**
 * Decode a PNG file into @out (8-bit RGBA; palette, grey, 16-bit and alpha all converted).
 * Fails with LW_ERR_IO (unreadable), LW_ERR_FORMAT (not a PNG, corrupt, CRC error, truncated),
 * LW_ERR_LIMIT (over the limits above; nothing allocated). @err's message does not repeat the
 * path. @out is untouched on failure.
 */
bool lwm_image_load_png(const char *path, lwm_image *out, lw_error *err);

/** Same as lwm_image_load_png for a PNG held in memory. */
bool lwm_image_load_png_memory(const void *data, size_t size, lwm_image *out, lw_error *err);

/** PNG colour types as stored in the IHDR chunk. */
enum {
    LWM_PNG_GREY = 0,
    LWM_PNG_RGB = 2,
    LWM_PNG_PALETTE = 3,
    LWM_PNG_GREY_ALPHA = 4,
    LWM_PNG_RGBA = 6,
};

/** What a PNG held before it was converted to 8-bit RGBA. */
typedef struct lwm_image_info {
    bool has_alpha;     /* an alpha channel or a tRNS chunk: "solid" means alpha >= 128 */
    uint8_t color_type; /* LWM_PNG_* of the file */
    uint8_t bit_depth;  /* 1, 2, 4, 8 or 16 */
    bool interlaced;    /* Adam7 (accepted, decoded like any other) */
} lwm_image_info;

/**
 * lwm_image_load_png plus a description of the source in *@info (may be NULL). The width and
 * height in the IHDR chunk are checked against the limits before libpng sees the data, so a
 * forged header claiming a huge image is refused (LW_ERR_LIMIT) without any allocation.
 */
bool lwm_image_load_png_info(const char *path, lwm_image *out, lwm_image_info *info, lw_error *err);

/** lwm_image_load_png_info for a PNG held in memory. */
bool lwm_image_load_png_memory_info(const void *data, size_t size, lwm_image *out,
                                    lwm_image_info *info, lw_error *err);

/**
 * Make an image without alpha usable as a solidity source: pixels whose colour equals @key_rgb
 * (0xRRGGBB) get alpha 0, all others alpha 255 (colour unchanged).
 */
void lwm_image_apply_color_key(lwm_image *img, uint32_t key_rgb);

/** The colour (0xRRGGBB) of the top-left pixel: the default colour key. */
uint32_t lwm_image_corner_rgb(const lwm_image *img);

/** Read only a PNG's dimensions (and validate its signature/header). */
bool lwm_png_read_size(const char *path, uint32_t *width, uint32_t *height, lw_error *err);

/** lwm_png_read_size of a PNG file's @size bytes at @data (read by the caller, e.g. with
 * lwm_file_read_inside). */
bool lwm_png_read_size_memory(const void *data, size_t size, uint32_t *width, uint32_t *height,
                              lw_error *err);

/** Encode @img as an RGBA PNG and write it atomically to @path. */
bool lwm_image_save_png(const char *path, const lwm_image *img, lw_error *err);

/** Encode @img as an RGBA PNG in memory; *@data is malloc()ed, free() it. */
bool lwm_image_encode_png(const lwm_image *img, void **data, size_t *size, lw_error *err);
