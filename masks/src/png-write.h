#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * One-pass PNG encoding (libpng's row API) into a growing memory buffer or straight into an
 * open file, row by row: the callers never hold the whole compressed picture twice (memory) or
 * the whole picture at all (files). Internal to the masks library.
 */

#include <loopwright/base.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum lwm_png_kind {
    LWM_PNGW_RGBA,    /* 4 bytes a pixel */
    LWM_PNGW_RGB,     /* 3 bytes a pixel (opaque pictures) */
    LWM_PNGW_PALETTE, /* 1 byte a pixel: an index into up to 256 RGBA colours */
} lwm_png_kind;

typedef struct lwm_png_format {
    uint32_t width, height;
    lwm_png_kind kind;
    const uint8_t *palette; /* LWM_PNGW_PALETTE: @colors RGBA entries (NULL: opaque black
                               placeholders, see lwm_png_writer_set_palette) */
    unsigned colors;
    int zlib_level; /* 0..9 */
    bool filter;    /* true: libpng's adaptive row filters; false: none (best for palettes) */
} lwm_png_format;

typedef struct lwm_png_writer lwm_png_writer;

/** Start a PNG into @file (when non-NULL; the caller opens and closes it) or into memory. */
lwm_png_writer *lwm_png_writer_new(FILE *file, const lwm_png_format *fmt, lw_error *err);

/** Write @count rows, @stride bytes apart. On failure the writer is freed. */
bool lwm_png_writer_rows(lwm_png_writer *w, const uint8_t *rows, size_t stride, uint32_t count,
                         lw_error *err);

/** File mode, LWM_PNGW_PALETTE started with 256 colours: the palette to write over the PLTE
 * chunk when finishing (for pictures whose colours are only known once all rows are written;
 * entries past @colors are black). */
void lwm_png_writer_set_palette(lwm_png_writer *w, const uint8_t *rgba, unsigned colors);

/** Finish the stream and free the writer. In memory mode *@data (malloc()ed) and *@size are the
 * PNG; in file mode pass NULLs. On failure the writer is freed too. */
bool lwm_png_writer_finish(lwm_png_writer *w, void **data, size_t *size, lw_error *err);

/** Drop a writer (after an error of the caller's own). NULL is fine. */
void lwm_png_writer_abort(lwm_png_writer *w);
