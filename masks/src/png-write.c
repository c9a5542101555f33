/* SPDX-License-Identifier: MIT */
#include "png-write.h"

#include <errno.h>
#include <loopwright/crc32.h> /* lw_crc32: the PNG CRC */
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct lwm_png_writer {
    png_structp png;
    png_infop info;
    FILE *file;
    uint8_t *buf;
    size_t size, cap;
    bool nomem;
    int write_errno;  /* errno of a failed fwrite to @file, 0 otherwise */
    long offset;      /* bytes written so far */
    long plte_offset; /* where the PLTE chunk starts (-1: none yet) */
    uint8_t final_palette[256 * 3];
    bool patch_palette;
    char message[160];
};

static void on_error(png_structp png, png_const_charp msg)
{
    lwm_png_writer *w = png_get_error_ptr(png);
    snprintf(w->message, sizeof w->message, "%s", msg ? msg : "libpng error");
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

static void on_write(png_structp png, png_bytep data, size_t n)
{
    lwm_png_writer *w = png_get_io_ptr(png);
    /* libpng writes each chunk's length and type as one 8-byte piece */
    if (n == 8 && memcmp(data + 4, "PLTE", 4) == 0)
        w->plte_offset = w->offset;
    w->offset += (long)n;
    if (w->file) {
        if (fwrite(data, 1, n, w->file) != n) {
            w->write_errno = errno;
            png_error(png, "write failed");
        }
        return;
    }
    if (w->size + n > w->cap) {
        size_t cap = w->cap ? w->cap : 65536;
        while (cap < w->size + n)
            cap *= 2;
        uint8_t *p = realloc(w->buf, cap);
        if (!p) {
            w->nomem = true;
            png_error(png, "out of memory encoding a PNG");
        }
        w->buf = p;
        w->cap = cap;
    }
    memcpy(w->buf + w->size, data, n);
    w->size += n;
}

static void on_flush(png_structp png)
{
    lwm_png_writer *w = png_get_io_ptr(png);
    if (w->file)
        fflush(w->file);
}

void lwm_png_writer_abort(lwm_png_writer *w)
{
    if (!w)
        return;
    png_destroy_write_struct(&w->png, &w->info);
    free(w->buf);
    free(w);
}

static bool fail(lwm_png_writer *w, lw_error *err)
{
    if (w->nomem)
        lw_error_set(err, LW_ERR_NOMEM, "out of memory encoding a PNG");
    else if (w->write_errno)
        lw_error_set(err, LW_ERR_IO, "write failed: %s (the previous file is intact)",
                     strerror(w->write_errno));
    else
        lw_error_set(err, w->file ? LW_ERR_IO : LW_ERR_FORMAT, "cannot encode PNG: %s", w->message);
    lwm_png_writer_abort(w);
    return false;
}

static bool write_header(lwm_png_writer *w, const lwm_png_format *fmt, lw_error *err);

lwm_png_writer *lwm_png_writer_new(FILE *file, const lwm_png_format *fmt, lw_error *err)
{
    lwm_png_writer *w = calloc(1, sizeof *w);
    if (!w) {
        lw_error_set(err, LW_ERR_NOMEM, "out of memory encoding a PNG");
        return NULL;
    }
    w->file = file;
    w->plte_offset = -1;
    w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, on_error, on_warning);
    if (w->png)
        w->info = png_create_info_struct(w->png);
    if (!w->png || !w->info) {
        lwm_png_writer_abort(w);
        lw_error_set(err, LW_ERR_NOMEM, "out of memory encoding a PNG");
        return NULL;
    }
    return write_header(w, fmt, err) ? w : NULL;
}

/* IHDR, PLTE, tRNS and the settings; frees @w on failure. */
static bool write_header(lwm_png_writer *w, const lwm_png_format *fmt, lw_error *err)
{
    if (setjmp(png_jmpbuf(w->png)))
        return fail(w, err);
    png_set_write_fn(w->png, w, on_write, on_flush);
    int type = fmt->kind == LWM_PNGW_RGBA  ? PNG_COLOR_TYPE_RGB_ALPHA
               : fmt->kind == LWM_PNGW_RGB ? PNG_COLOR_TYPE_RGB
                                           : PNG_COLOR_TYPE_PALETTE;
    png_set_IHDR(w->png, w->info, fmt->width, fmt->height, 8, type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (fmt->kind == LWM_PNGW_PALETTE) {
        png_color plte[256];
        png_byte trns[256];
        int ntrns = 0;
        unsigned n = fmt->colors > 256 ? 256 : fmt->colors;
        static const uint8_t placeholder[4] = {0, 0, 0, 255};
        for (unsigned i = 0; i < n; i++) {
            const uint8_t *c = fmt->palette ? fmt->palette + 4 * i : placeholder;
            plte[i] = (png_color){c[0], c[1], c[2]};
            trns[i] = c[3];
            if (c[3] != 255)
                ntrns = (int)i + 1;
        }
        png_set_PLTE(w->png, w->info, plte, (int)(n ? n : 1));
        if (ntrns)
            png_set_tRNS(w->png, w->info, trns, ntrns, NULL);
    }
    png_set_sRGB(w->png, w->info, PNG_sRGB_INTENT_PERCEPTUAL); /* as png_image_write did */
    png_set_compression_level(w->png, fmt->zlib_level);
    png_set_filter(w->png, PNG_FILTER_TYPE_BASE, fmt->filter ? PNG_ALL_FILTERS : PNG_FILTER_NONE);
    png_write_info(w->png, w->info);
    return true;
}

bool lwm_png_writer_rows(lwm_png_writer *w, const uint8_t *rows, size_t stride, uint32_t count,
                         lw_error *err)
{
    if (setjmp(png_jmpbuf(w->png)))
        return fail(w, err);
    for (uint32_t i = 0; i < count; i++)
        png_write_row(w->png, rows + (size_t)i * stride);
    return true;
}

void lwm_png_writer_set_palette(lwm_png_writer *w, const uint8_t *rgba, unsigned colors)
{
    memset(w->final_palette, 0, sizeof w->final_palette);
    for (unsigned i = 0; i < colors && i < 256; i++)
        memcpy(w->final_palette + 3 * i, rgba + 4 * i, 3);
    w->patch_palette = true;
}

/* Overwrite the 256-entry PLTE chunk's data and CRC in the file. */
static bool patch_palette(lwm_png_writer *w)
{
    if (!w->file || w->plte_offset < 0)
        return false;
    uint8_t chunk[4 + 256 * 3];
    memcpy(chunk, "PLTE", 4);
    memcpy(chunk + 4, w->final_palette, 256 * 3);
    uint32_t crc = lw_crc32(0, chunk, sizeof chunk);
    uint8_t be[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8), (uint8_t)crc};
    bool ok = fflush(w->file) == 0 && fseek(w->file, w->plte_offset + 8, SEEK_SET) == 0 &&
              fwrite(w->final_palette, 1, 256 * 3, w->file) == 256 * 3 &&
              fwrite(be, 1, 4, w->file) == 4 && fflush(w->file) == 0 &&
              fseek(w->file, 0, SEEK_END) == 0;
    return ok;
}

bool lwm_png_writer_finish(lwm_png_writer *w, void **data, size_t *size, lw_error *err)
{
    if (setjmp(png_jmpbuf(w->png)))
        return fail(w, err);
    png_write_end(w->png, NULL);
    if (w->patch_palette && !patch_palette(w)) {
        snprintf(w->message, sizeof w->message, "cannot write the palette");
        return fail(w, err);
    }
    if (data) {
        *data = w->buf ? w->buf : malloc(1);
        *size = w->size;
        w->buf = NULL;
    }
    lwm_png_writer_abort(w);
    return true;
}
