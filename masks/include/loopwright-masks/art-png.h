#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: compact, deterministic PNG encoding of level art, used to embed a
 * tileset in a packed level (docs/FORMAT.md §4.11). The same pixels always give the same bytes,
 * and decoding then re-encoding such a PNG gives the same bytes again.
 */

#include "loopwright-masks/image.h"

/**
 * Encode @img as an indexed (palette) PNG when it has at most 256 distinct RGBA colours — the
 * palette in order of first appearance in raster order, tRNS when any alpha is not 255 — else as
 * an RGBA PNG. *@data is malloc()ed (free() it). *@indexed (may be NULL) tells which was made.
 * Fails with LW_ERR_NOMEM or LW_ERR_FORMAT (libpng's message).
 */
bool lwm_art_encode_png(const lwm_image *img, void **data, size_t *size, bool *indexed,
                        lw_error *err);
