#pragma once
/* SPDX-License-Identifier: MIT */
/* JSON for the masks family of subcommands (docs/MASKS-JSON.md): masks as objects, and a
 * writer that keeps big arrays readable (one element per line). jansson, no GTK. */

#include "json-writer.h"

#include <jansson.h>
#include <loopwright-masks/image.h>
#include <loopwright/level.h>

/** {"heights": [16], "widths": [16], "angle": N, "flagged": B}. New reference; NULL on OOM. */
json_t *cli_mask_json(const lw_mask *mask);

/** Add @mask's four fields to the object @obj. False when out of memory. */
bool cli_mask_json_fields(json_t *obj, const lw_mask *mask);

/** The four fields of @mask as members of the writer's open (compact) object. */
void cli_mask_json_write_fields(json_writer *w, const lw_mask *mask);

/** Finish @w's text with a newline and save it to @path atomically, or to stdout when @path is
 * NULL; clears @w. On failure prints "loopwright: PATH: message" and returns false. */
bool cli_json_save(json_writer *w, const char *path);

/**
 * Serialise @root (an object) with 2-space indentation at the top level, and every element of
 * the top-level arrays on a line of its own in compact form. Writes to @path atomically, or to
 * stdout when @path is NULL. On failure prints "loopwright: PATH: message" and returns false.
 */
bool cli_json_write(json_t *root, const char *path);

/** Parse "RRGGBB" or "#RRGGBB" (hex) into 0xRRGGBB. */
bool cli_parse_rgb(const char *s, uint32_t *rgb);

/**
 * Decode a PNG used as a solidity source. Images with alpha (channel or tRNS) are kept as they
 * are; in others pixels of the colour key (@key when @have_key, else the top-left pixel's colour)
 * become transparent and all others opaque. @rule receives a description ("alpha >= 128" or
 * "colour key #RRGGBB"). Prints the error and returns false on a bad file.
 */
bool cli_load_solidity_png(const char *path, bool have_key, uint32_t key, lwm_image *img,
                           char *rule, size_t rule_size);
