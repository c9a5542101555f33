/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/image.h"

#include "image-private.h"
#include "png-write.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

bool lwm_image_init(lwm_image *img, uint32_t width, uint32_t height, uint32_t rgba, lw_error *err)
{
    if (width == 0 || height == 0 || width > LWM_MAX_IMAGE_SIDE || height > LWM_MAX_IMAGE_SIDE ||
        (uint64_t)width * height > LWM_MAX_IMAGE_PIXELS)
        return lw_error_set(err, LW_ERR_LIMIT, "image size %ux%u is outside 1..%u px a side, %u px",
                            width, height, LWM_MAX_IMAGE_SIDE, LWM_MAX_IMAGE_PIXELS);
    size_t n = (size_t)width * height;
    uint8_t *p = malloc(n * 4u);
    if (!p)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory for a %ux%u image", width, height);
    uint8_t px[4] = {(uint8_t)(rgba >> 24), (uint8_t)(rgba >> 16), (uint8_t)(rgba >> 8),
                     (uint8_t)rgba};
    for (size_t i = 0; i < n; i++)
        memcpy(p + i * 4u, px, 4);
    img->width = width;
    img->height = height;
    img->rgba = p;
    return true;
}

void lwm_image_clear(lwm_image *img)
{
    if (!img)
        return;
    free(img->rgba);
    img->rgba = NULL;
    img->width = img->height = 0;
}

/* libpng's simplified API reports errors as text; map them onto our codes. */
static bool png_fail(png_imagep image, lw_error *err, const char *what)
{
    lw_error_set(err, LW_ERR_FORMAT, "%s: %s", what,
                 image->message[0] ? image->message : "corrupt PNG data");
    png_image_free(image);
    return false;
}

static bool check_png_size(png_uint_32 w, png_uint_32 h, lw_error *err)
{
    if (w == 0 || h == 0)
        return lw_error_set(err, LW_ERR_FORMAT, "PNG is %ux%u px: it has no pixels", (unsigned)w,
                            (unsigned)h);
    if (w == 0 || h == 0 || w > LWM_MAX_IMAGE_SIDE || h > LWM_MAX_IMAGE_SIDE ||
        (uint64_t)w * h > LWM_MAX_IMAGE_PIXELS)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "PNG is %ux%u px, over the limit (%u px a side, %u px in all)",
                            (unsigned)w, (unsigned)h, LWM_MAX_IMAGE_SIDE, LWM_MAX_IMAGE_PIXELS);
    return true;
}

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* The IHDR chunk must come first (PNG spec 11.2.2): read its fields straight from the bytes so
 * limits apply before libpng allocates anything for the image. */
static bool read_ihdr(const uint8_t *p, size_t size, lwm_image_info *info, uint32_t *w, uint32_t *h,
                      lw_error *err)
{
    if (size < 8 + 8 + 13 + 4 || memcmp(p + 12, "IHDR", 4) != 0)
        return lw_error_set_at(err, LW_ERR_FORMAT, 8, "no IHDR chunk at the start of the PNG");
    uint32_t len = (uint32_t)p[8] << 24 | (uint32_t)p[9] << 16 | (uint32_t)p[10] << 8 | p[11];
    if (len != 13)
        return lw_error_set_at(err, LW_ERR_FORMAT, 8, "IHDR chunk has length %u, not 13", len);
    const uint8_t *d = p + 16;
    *w = (uint32_t)d[0] << 24 | (uint32_t)d[1] << 16 | (uint32_t)d[2] << 8 | d[3];
    *h = (uint32_t)d[4] << 24 | (uint32_t)d[5] << 16 | (uint32_t)d[6] << 8 | d[7];
    info->bit_depth = d[8];
    info->color_type = d[9];
    info->interlaced = d[12] != 0;
    info->has_alpha = false;
    return true;
}

/* Walk the chunk list (lengths only, bounded by @size) to the IEND chunk: libpng's simplified
 * reader would accept a file cut anywhere after its last IDAT. Bytes after IEND are ignored. */
static bool find_iend(const uint8_t *p, size_t size, lw_error *err)
{
    size_t pos = 8;
    while (size - pos >= 8) {
        uint32_t len = (uint32_t)p[pos] << 24 | (uint32_t)p[pos + 1] << 16 |
                       (uint32_t)p[pos + 2] << 8 | p[pos + 3];
        if (len > 0x7FFFFFFFu)
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)pos, "chunk length %u is over 2^31",
                                   len);
        if (memcmp(p + pos + 4, "IEND", 4) == 0 && size - pos >= 12)
            return true;
        if ((uint64_t)len + 12u > size - pos)
            break;
        pos += (size_t)len + 12u;
    }
    return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)size,
                           "the PNG ends at byte %zu, before its IEND chunk (truncated)", size);
}

/* Bytes of filtered scanlines an image of this header decodes from (PNG spec 7.2, 8.2): one filter
 * byte per row plus the packed pixels, over the seven Adam7 passes when interlaced. 0 when the
 * colour type and depth do not go together (libpng refuses those). */
static uint64_t raw_image_bytes(uint32_t w, uint32_t h, const lwm_image_info *info)
{
    static const uint8_t channels[7] = {1, 0, 3, 1, 2, 0, 4};
    unsigned ct = info->color_type, depth = info->bit_depth;
    if (ct > 6 || !channels[ct] ||
        !(depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16))
        return 0;
    uint64_t bpp = (uint64_t)channels[ct] * depth; /* bits per pixel */
    if (!info->interlaced)
        return (uint64_t)h * (1 + ((uint64_t)w * bpp + 7) / 8);
    static const uint8_t x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1},
                         dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
    uint64_t total = 0;
    for (int p = 0; p < 7; p++) {
        uint64_t pw = w > x0[p] ? (w - x0[p] + dx[p] - 1) / dx[p] : 0;
        uint64_t ph = h > y0[p] ? (h - y0[p] + dy[p] - 1) / dy[p] : 0;
        if (pw && ph)
            total += ph * (1 + (pw * bpp + 7) / 8);
    }
    return total;
}

/* Inflate the IDAT stream only as far as the image needs (plus one byte): a stream that goes on
 * after the image's last row is refused here, in time bounded by the image's size, instead of
 * being inflated to its end by libpng (a few KiB of file can hold a GiB of zeros). A stream that
 * is corrupt or ends early is left to libpng to report. */
static bool check_idat_end(const uint8_t *p, size_t size, uint64_t need, lw_error *err)
{
    if (!need)
        return true;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    uint8_t scratch[16384];
    uint64_t produced = 0;
    bool ok = true, done = false;
    size_t pos = 8;
    while (!done && size - pos >= 12) {
        uint32_t len = (uint32_t)p[pos] << 24 | (uint32_t)p[pos + 1] << 16 |
                       (uint32_t)p[pos + 2] << 8 | p[pos + 3];
        if ((uint64_t)len + 12u > size - pos)
            break;
        if (memcmp(p + pos + 4, "IDAT", 4) == 0) {
            z.next_in = (Bytef *)(p + pos + 8);
            z.avail_in = len;
            while (z.avail_in > 0 && !done) {
                z.next_out = scratch;
                z.avail_out = sizeof scratch;
                int r = inflate(&z, Z_NO_FLUSH);
                produced += sizeof scratch - z.avail_out;
                if (produced > need) {
                    ok = lw_error_set_at(err, LW_ERR_FORMAT, (long)(pos + 8 + len - z.avail_in),
                                         "the image data goes on after the image's end (%llu "
                                         "bytes expected)",
                                         (unsigned long long)need);
                    done = true;
                } else if (r == Z_STREAM_END || (r != Z_OK && r != Z_BUF_ERROR)) {
                    done = true; /* complete, or corrupt: libpng reports the latter */
                } else if (r == Z_BUF_ERROR && z.avail_in == 0) {
                    break;
                }
            }
        } else if (memcmp(p + pos + 4, "IEND", 4) == 0) {
            break;
        }
        pos += (size_t)len + 12u;
    }
    inflateEnd(&z);
    return ok;
}

bool lwm_image_load_png_memory_info(const void *data, size_t size, lwm_image *out,
                                    lwm_image_info *info, lw_error *err)
{
    if (size < 8 || memcmp(data, png_signature, 8) != 0)
        return lw_error_set(err, LW_ERR_FORMAT, "not a PNG file (bad signature)");
    lwm_image_info local;
    uint32_t hw = 0, hh = 0;
    if (!read_ihdr(data, size, &local, &hw, &hh, err) || !check_png_size(hw, hh, err) ||
        !find_iend(data, size, err) ||
        !check_idat_end(data, size, raw_image_bytes(hw, hh, &local), err))
        return false;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size))
        return png_fail(&image, err, "cannot read PNG header");
    if (!check_png_size(image.width, image.height, err)) {
        png_image_free(&image);
        return false;
    }
    local.has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    image.format = PNG_FORMAT_RGBA;
    size_t bytes = PNG_IMAGE_SIZE(image);
    uint8_t *pixels = malloc(bytes);
    if (!pixels) {
        png_image_free(&image);
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory for a %ux%u image",
                            (unsigned)image.width, (unsigned)image.height);
    }
    /* Background NULL: alpha is kept, never composed. */
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        return png_fail(&image, err, "cannot decode PNG");
    }
    out->width = image.width;
    out->height = image.height;
    out->rgba = pixels;
    png_image_free(&image);
    if (info)
        *info = local;
    return true;
}

bool lwm_image_load_png_memory(const void *data, size_t size, lwm_image *out, lw_error *err)
{
    return lwm_image_load_png_memory_info(data, size, out, NULL, err);
}

bool lwm_image_load_png_info(const char *path, lwm_image *out, lwm_image_info *info, lw_error *err)
{
    char *data;
    size_t size;
    if (!lwm_file_read(path, LWM_MAX_PNG_FILE_BYTES, &data, &size, err))
        return false;
    bool ok = lwm_image_load_png_memory_info(data, size, out, info, err);
    free(data);
    return ok;
}

bool lwm_image_load_png(const char *path, lwm_image *out, lw_error *err)
{
    return lwm_image_load_png_info(path, out, NULL, err);
}

void lwm_image_apply_color_key(lwm_image *img, uint32_t key_rgb)
{
    uint8_t k[3] = {(uint8_t)(key_rgb >> 16), (uint8_t)(key_rgb >> 8), (uint8_t)key_rgb};
    size_t n = (size_t)img->width * img->height;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = img->rgba + i * 4u;
        p[3] = (p[0] == k[0] && p[1] == k[1] && p[2] == k[2]) ? 0 : 255;
    }
}

uint32_t lwm_image_corner_rgb(const lwm_image *img)
{
    const uint8_t *p = img->rgba;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

bool lwm_png_read_size(const char *path, uint32_t *width, uint32_t *height, lw_error *err)
{
    char *data;
    size_t size;
    if (!lwm_file_read(path, LWM_MAX_PNG_FILE_BYTES, &data, &size, err))
        return false;
    bool ok = lwm_png_read_size_memory(data, size, width, height, err);
    free(data);
    return ok;
}

bool lwm_png_read_size_memory(const void *data, size_t size, uint32_t *width, uint32_t *height,
                              lw_error *err)
{
    bool ok = false;
    if (size < 8 || memcmp(data, png_signature, 8) != 0) {
        lw_error_set(err, LW_ERR_FORMAT, "not a PNG file (bad signature)");
    } else {
        png_image image;
        memset(&image, 0, sizeof image);
        image.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_memory(&image, data, size)) {
            png_fail(&image, err, "cannot read PNG header");
        } else {
            ok = check_png_size(image.width, image.height, err);
            *width = image.width;
            *height = image.height;
            png_image_free(&image);
        }
    }
    return ok;
}

bool lwm_image_encode_png(const lwm_image *img, void **data, size_t *size, lw_error *err)
{
    /* One pass straight into a growing buffer (png-write.c). zlib level 6 with adaptive filters:
     * on real art (the render benchmark's tileset, docs/BENCHMARKS.md) it is within a few per
     * cent of level 9 at a third of its time, and half the size of the fastest setting. */
    lwm_png_format fmt = {.width = img->width,
                          .height = img->height,
                          .kind = LWM_PNGW_RGBA,
                          .zlib_level = 6,
                          .filter = true};
    lwm_png_writer *w = lwm_png_writer_new(NULL, &fmt, err);
    if (!w)
        return false;
    if (!lwm_png_writer_rows(w, img->rgba, (size_t)img->width * 4u, img->height, err))
        return false;
    return lwm_png_writer_finish(w, data, size, err);
}

bool lwm_image_save_png(const char *path, const lwm_image *img, lw_error *err)
{
    void *data;
    size_t size;
    if (!lwm_image_encode_png(img, &data, &size, err))
        return false;
    bool ok = lwm_file_write_atomic(path, data, size, NULL, err);
    free(data);
    return ok;
}
