#pragma once
/* SPDX-License-Identifier: MIT */
/* Synthetic pictures for the masks suite, made at test time. */

#include <loopwright-masks/image.h>
#include <loopwright-masks/masks.h>
#include <loopwright/level.h>

/* Pixels of the half-plane behind a straight surface through (@px, @py) (tile px) whose hex
 * angle is @angle (PHYSICS.md §1.3: the direction positive ground speed moves along it): a pixel
 * is solid when its centre lies strictly behind the surface. */
void synth_plane_bits(double angle, double px, double py, lwm_bits *out);

/* Paint @bits into @img at tile (@tx, @ty) as opaque pixels of @rgba (others untouched). */
void synth_paint_bits(lwm_image *img, uint32_t tx, uint32_t ty, const lwm_bits *bits,
                      uint32_t rgba);

/* Write @img (RGBA 8-bit) as a PNG of colour type @color_type (0 grey, 2 RGB, 3 palette, 4 grey
 * + alpha, 6 RGBA) and @depth (8 or 16) with raw libpng; @trns adds a tRNS chunk (palette: entry
 * 0 transparent; grey/RGB: the colour of pixel 0), @interlace uses Adam7. Palette images take
 * their colours from the image (at most 256). Returns a g_malloc()ed buffer. */
void *synth_png(const lwm_image *img, int color_type, int depth, bool trns, bool interlace,
                size_t *size);

/* Effective solidity (lw_solidity) of a level pixel on a path, flips and tile flags applied. */
int synth_level_solidity(const lw_level *level, int32_t x, int32_t y, lw_path path);

/* A temporary folder for the test (removed by synth_rmdir). */
char *synth_tmpdir(void);
void synth_rmdir(const char *dir);
