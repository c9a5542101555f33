/* SPDX-License-Identifier: MIT */
#include "synth.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <png.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

void synth_plane_bits(double angle, double px, double py, lwm_bits *out)
{
    double th = angle * M_PI / 128.0;
    double nx = sin(th), ny = -cos(th); /* outward normal: the tangent turned back 90 degrees */
    for (int c = 0; c < 16; c++) {
        out->col[c] = 0;
        for (int r = 0; r < 16; r++) {
            double qx = c + 0.5 - px, qy = r + 0.5 - py;
            if (qx * nx + qy * ny < -1e-9)
                out->col[c] = (uint16_t)(out->col[c] | (1u << r));
        }
    }
}

void synth_paint_bits(lwm_image *img, uint32_t tx, uint32_t ty, const lwm_bits *bits, uint32_t rgba)
{
    for (uint32_t c = 0; c < 16; c++)
        for (uint32_t r = 0; r < 16; r++)
            if ((bits->col[c] >> r) & 1u) {
                uint8_t *p = lwm_image_pixel(img, tx * 16 + c, ty * 16 + r);
                p[0] = (uint8_t)(rgba >> 24);
                p[1] = (uint8_t)(rgba >> 16);
                p[2] = (uint8_t)(rgba >> 8);
                p[3] = (uint8_t)rgba;
            }
}

typedef struct membuf {
    GByteArray *bytes;
} membuf;

static void write_fn(png_structp png, png_bytep data, png_size_t n)
{
    membuf *m = png_get_io_ptr(png);
    g_byte_array_append(m->bytes, data, (guint)n);
}

static void flush_fn(png_structp png)
{
    (void)png;
}

void *synth_png(const lwm_image *img, int color_type, int depth, bool trns, bool interlace,
                size_t *size)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    g_assert_nonnull(png);
    g_assert_nonnull(info);
    membuf m = {g_byte_array_new()};
    if (setjmp(png_jmpbuf(png)))
        g_error("libpng failed while writing a test PNG");
    png_set_write_fn(png, &m, write_fn, flush_fn);
    png_set_IHDR(png, info, img->width, img->height, depth, color_type,
                 interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    /* palette from the image's colours */
    png_color palette[256];
    uint32_t colours[256];
    int ncol = 0;
    size_t n = (size_t)img->width * img->height;
    uint8_t *index = g_malloc(n);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        for (size_t i = 0; i < n; i++) {
            const uint8_t *p = img->rgba + i * 4;
            uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            int k = 0;
            while (k < ncol && colours[k] != v)
                k++;
            if (k == ncol) {
                g_assert_cmpint(ncol, <, 256);
                colours[ncol] = v;
                palette[ncol] = (png_color){(uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
                ncol++;
            }
            index[i] = (uint8_t)k;
        }
        png_set_PLTE(png, info, palette, ncol);
        if (trns) {
            png_byte alpha[1] = {0};
            png_set_tRNS(png, info, alpha, 1, NULL);
        }
    } else if (trns) {
        const uint8_t *p = img->rgba;
        png_color_16 c = {0, 0, 0, 0, 0};
        int scale = depth == 16 ? 257 : 1;
        c.red = (png_uint_16)(p[0] * scale);
        c.green = (png_uint_16)(p[1] * scale);
        c.blue = (png_uint_16)(p[2] * scale);
        c.gray = (png_uint_16)(p[0] * scale);
        png_set_tRNS(png, info, NULL, 0, &c);
    }
    png_write_info(png, info);
    int channels = color_type == 0   ? 1
                   : color_type == 2 ? 3
                   : color_type == 3 ? 1
                   : color_type == 4 ? 2
                                     : 4;
    int bps = depth / 8;
    size_t stride = (size_t)img->width * (size_t)channels * (size_t)bps;
    uint8_t *rows = g_malloc(stride * img->height);
    for (uint32_t y = 0; y < img->height; y++) {
        uint8_t *row = rows + stride * y;
        for (uint32_t x = 0; x < img->width; x++) {
            const uint8_t *p = lwm_image_pixel(img, x, y);
            uint8_t v[4];
            int k = 0;
            switch (color_type) {
            case 0:
                v[k++] = p[0];
                break;
            case 2:
                v[k++] = p[0], v[k++] = p[1], v[k++] = p[2];
                break;
            case 3:
                v[k++] = index[(size_t)y * img->width + x];
                break;
            case 4:
                v[k++] = p[0], v[k++] = p[3];
                break;
            default:
                v[k++] = p[0], v[k++] = p[1], v[k++] = p[2], v[k++] = p[3];
                break;
            }
            for (int j = 0; j < k; j++) {
                uint8_t *d = row + ((size_t)x * (size_t)channels + (size_t)j) * (size_t)bps;
                d[0] = v[j];
                if (bps == 2)
                    d[1] = v[j]; /* 16-bit: v * 257, big-endian */
            }
        }
    }
    png_bytep *ptrs = g_malloc(sizeof *ptrs * img->height);
    for (uint32_t y = 0; y < img->height; y++)
        ptrs[y] = rows + stride * y;
    png_write_image(png, ptrs);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    g_free(ptrs);
    g_free(rows);
    g_free(index);
    *size = m.bytes->len;
    return g_byte_array_free(m.bytes, FALSE);
}

int synth_level_solidity(const lw_level *level, int32_t x, int32_t y, lw_path path)
{
    lw_collision_cell cc;
    if (!lw_level_collision_at(level, x, y, path, &cc))
        return LW_SOLID_NONE;
    int c = x & 15, r = y & 15;
    if (cc.flags & LW_CELL_FLIP_X)
        c = 15 - c;
    if (cc.flags & LW_CELL_FLIP_Y)
        r = 15 - r;
    return lw_mask_pixel(cc.mask, c, r) ? cc.solid : LW_SOLID_NONE;
}

char *synth_tmpdir(void)
{
    GError *error = NULL;
    char *dir = g_dir_make_tmp("lw-masks-XXXXXX", &error);
    g_assert_no_error(error);
    return dir;
}

void synth_rmdir(const char *dir)
{
    GDir *d = g_dir_open(dir, 0, NULL);
    if (!d)
        return;
    const char *name;
    while ((name = g_dir_read_name(d))) {
        char *p = g_build_filename(dir, name, NULL);
        if (g_file_test(p, G_FILE_TEST_IS_DIR))
            synth_rmdir(p);
        else
            g_unlink(p);
        g_free(p);
    }
    g_dir_close(d);
    g_rmdir(dir);
}
