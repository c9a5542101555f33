#pragma once
/* SPDX-License-Identifier: MIT */
/* The PNG -> masks fuzz harness, shared by the libFuzzer target and the corpus replay test. */
#include <stddef.h>
#include <stdint.h>

/* Decode @data as a PNG and run everything that turns pixels into masks: the colour key, the
 * sheet (when the sides are multiples of 16), a preview of its first masks and a whole-terrain
 * import. Returns 0 (libFuzzer's convention); crashes and sanitizer reports are the findings. */
int lwm_fuzz_png_masks(const uint8_t *data, size_t size);
