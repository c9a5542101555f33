#pragma once
/* SPDX-License-Identifier: MIT */
#include <stddef.h>
#include <stdint.h>

/** Feed one input to the packed-level loader and check the invariants of an accepted file;
 * aborts on a violated invariant. Returns 0 (libFuzzer's convention). */
int lw_fuzz_packed_one(const uint8_t *data, size_t size);
