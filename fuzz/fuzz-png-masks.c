/* SPDX-License-Identifier: MIT */
/* libFuzzer target: arbitrary bytes -> PNG decoder -> masks, sheets, previews, terrain import.
 * Build with clang: CC=clang meson setup build-fuzz -Dfuzz=true, then see docs/MASKS.md. */
#include "png-masks-harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return lwm_fuzz_png_masks(data, size);
}
