#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: 16x16 pixels -> height mask (spec/PHYSICS.md §2). Heights come from
 * the solid pixels of one tile, widths from the heights by the ROM rule (the engine's
 * lw_mask_derive_widths, never re-implemented here), the hex angle from a least-squares fit of
 * the tile's surface, and the "flagged" bit for empty, full, flat and straight-wall tiles. Also
 * the flip transforms and the de-duplication of a tileset sheet. docs/MASKS.md describes the
 * rules. Depends on the engine and libpng only; never on jansson, GLib or GTK.
 */

#include "loopwright-masks/image.h"
#include "loopwright/level.h"

/** How Sega's games set a sloped cell's angle from its surface (docs/MASKS.md §4.4, §4.8): the
 * conventions differ between Sonic 1, Sonic 2 and Sonic 3 & Knuckles, and the import follows the
 * target profile's game. */
typedef enum lwm_angle_style {
    LWM_ANGLES_S2 = 0, /* s2, modern and the default */
    LWM_ANGLES_S1,     /* s1 and cd */
    LWM_ANGLES_S3K,    /* s3k */
} lwm_angle_style;

/** The angle style of profile @name ("s1", "s2", "s3k", "cd", "modern"); NULL or an unknown
 * name gives LWM_ANGLES_S2. */
lwm_angle_style lwm_angle_style_for_profile(const char *name);

/** Alpha at or above which a pixel is solid. */
#define LWM_SOLID_ALPHA 128u

/** A 16x16 one-bit tile: bit r of col[c] is pixel (column c, row r), row 0 at the top. */
typedef struct lwm_bits {
    uint16_t col[16];
} lwm_bits;

/** Solid pixels (alpha >= 128) of the 16x16 tile whose top-left corner is (@x, @y) in @img;
 * pixels outside the image are empty. */
void lwm_bits_from_image(const lwm_image *img, uint32_t x, uint32_t y, lwm_bits *out);

/** The pixels a mask's heights describe (PHYSICS.md §2.2). */
void lwm_bits_from_mask(const lw_mask *mask, lwm_bits *out);

/** @in mirrored left-right (@flip_x) and/or top-bottom (@flip_y). @out may alias @in. */
void lwm_bits_flip(const lwm_bits *in, bool flip_x, bool flip_y, lwm_bits *out);

/** Number of solid pixels. */
uint32_t lwm_bits_count(const lwm_bits *bits);

/** What lwm_mask_from_bits had to change to make a tile representable. */
typedef struct lwm_fix_report {
    uint16_t columns; /* bit c set: column c was neither empty, full nor one anchored run */
    uint16_t added;   /* pixels made solid */
    uint16_t removed; /* pixels made empty */
} lwm_fix_report;

/**
 * Heights for a tile (PHYSICS.md §2.2): per column, a run anchored at the bottom gives 1..16, a
 * run anchored at the top gives -1..-15 (a full column is always +16, as in the ROM data), an
 * empty column 0. A column that is none of these (a hole, a floating pixel) gets the valid value
 * that changes the fewest pixels; ties go to the anchoring most of the tile's columns use
 * (bottom when equal), then to the larger run. Every such column is reported in *@fix (may be
 * NULL) so callers can warn. Widths are derived; @out's angle and flags are left to the caller
 * (zeroed here). When @fixed_bits is non-NULL it receives the pixels of the resulting mask.
 */
void lwm_heights_from_bits(const lwm_bits *bits, lw_mask *out, lwm_bits *fixed_bits,
                           lwm_fix_report *fix);

/**
 * True when a mask with these pixels is "flagged" (angle 0xFF in the classic data): empty, or all
 * 16 heights equal (full blocks, flat floors and flat ceilings), or all 16 widths equal (straight
 * vertical walls). @cardinal (may be NULL) receives the angle kept with the flag: 0x00 for
 * empty/full/floors, 0x80 for ceilings, 0x40 / 0xC0 for walls facing right / left.
 */
bool lwm_bits_is_flagged(const lwm_bits *bits, uint8_t *cardinal);

/** Where a fitted angle came from. */
typedef enum lwm_fit_kind {
    LWM_FIT_NONE = 0,   /* no surface inside the tile (empty, full, or only tile-border edges) */
    LWM_FIT_NORMAL = 1, /* too few samples for a line: direction of the summed edge normals */
    LWM_FIT_LINE = 2,   /* least-squares line through the surface samples */
} lwm_fit_kind;

/**
 * The surface angle of the tile's own pixels, as a real number of hex steps in [0, 256): the
 * direction in which positive ground speed moves a player standing on the surface (PHYSICS.md
 * §1.3), fitted by least squares through the surface edges inside the tile (docs/MASKS.md).
 * Returns how it was found; *@angle is 0 for LWM_FIT_NONE.
 */
lwm_fit_kind lwm_bits_fit_angle(const lwm_bits *bits, double *angle);

/** Round a real hex angle to the nearest even hex angle (genuine classic angles are even). */
uint8_t lwm_angle_round_even(double angle);

/**
 * A complete mask for one tile on its own: heights (with the hole policy), widths, the fitted
 * angle rounded to an even value, and LW_MASK_FLAGGED per lwm_bits_is_flagged. The angle is
 * computed in a canonical orientation of the tile and flipped back, so flipping the pixels flips
 * the result exactly (lw_angle_flip). @fixed_bits and @fix as in lwm_heights_from_bits.
 */
void lwm_mask_from_bits(const lwm_bits *bits, lw_mask *out, lwm_bits *fixed_bits,
                        lwm_fix_report *fix);

/** lwm_mask_from_bits with the chord rule quantised as @style's game does (docs/MASKS.md §4.1
 * step 6); lwm_mask_from_bits is LWM_ANGLES_S2. */
void lwm_mask_from_bits_style(const lwm_bits *bits, lwm_angle_style style, lw_mask *out,
                              lwm_bits *fixed_bits, lwm_fix_report *fix);

/** The mask seen through a cell's flips: heights/widths/angle as §2.5, pixels re-anchored. */
void lwm_mask_flip(const lw_mask *in, bool flip_x, bool flip_y, lw_mask *out);

/** True when two masks have the same pixels, angle byte and flag. */
bool lwm_mask_equal(const lw_mask *a, const lw_mask *b);

/* ---- tileset sheets ---- */

/** One 16x16 tile of a sheet. */
typedef struct lwm_sheet_tile {
    lw_mask mask;       /* the tile's own mask (as if unshared) */
    uint32_t shared;    /* index into lwm_sheet.masks */
    uint8_t flip;       /* LW_CELL_FLIP_X | LW_CELL_FLIP_Y: tile = masks[shared] seen flipped */
    lwm_fix_report fix; /* hole policy changes (fix.columns == 0: none) */
    lwm_fit_kind fit;   /* how the angle was found */
} lwm_sheet_tile;

/** The masks of a sheet, de-duplicated with flips. */
typedef struct lwm_sheet {
    uint32_t columns, rows; /* in tiles */
    /* Owned */
    lwm_sheet_tile *tiles; /* columns * rows, row-major */
    lw_mask *masks;        /* unique masks in order of first use */
    uint32_t mask_count;
} lwm_sheet;

/**
 * Build the masks of every 16x16 tile of @img (row-major). Both sides must be multiples of 16
 * (LW_ERR_FORMAT otherwise). A tile equal to an earlier one, or to its X-, Y- or XY-flip (pixels,
 * angle and flag), shares that mask. Returns false with LW_ERR_NOMEM when out of memory.
 */
bool lwm_sheet_build(const lwm_image *img, lwm_sheet *out, lw_error *err);

/** lwm_sheet_build with each tile's angle as lwm_mask_from_bits_style gives it for @style (the
 * angle rule of the target profile's game, `masks --profile`); lwm_sheet_build is
 * LWM_ANGLES_S2. */
bool lwm_sheet_build_style(const lwm_image *img, lwm_angle_style style, lwm_sheet *out,
                           lw_error *err);

/** Free what @sheet owns and zero it (accepts a zeroed sheet). */
void lwm_sheet_clear(lwm_sheet *sheet);

/** Flip flags as text: "", "x", "y" or "xy". */
const char *lwm_flip_name(uint8_t flip);

/* ---- previews ---- */

/** Pixel size of one tile's box in a preview (4x zoom plus a label line). */
#define LWM_PREVIEW_SCALE 4u
#define LWM_PREVIEW_BOX_W (16u * LWM_PREVIEW_SCALE + 4u)
#define LWM_PREVIEW_BOX_H (16u * LWM_PREVIEW_SCALE + 12u)

/**
 * Draw @count masks as a preview sheet, @columns boxes per row: each mask at 4x with a pixel
 * grid, the surface normal as an arrow from the surface's middle, and under it the hex angle
 * (flagged masks show "FF" and the kept angle in grey) plus @labels[i] when non-NULL (e.g. the
 * shared mask index and flip). @warn (may be NULL) marks boxes with a red frame.
 */
bool lwm_preview_masks(const lw_mask *masks, uint32_t count, uint32_t columns,
                       const char *const *labels, const bool *warn, lwm_image *out, lw_error *err);
