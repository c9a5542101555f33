#pragma once
/* SPDX-License-Identifier: MIT */
/* Tests of the bit-stream codecs (Nemesis, Enigma): streams written by hand as strings of bits. */
#include <stddef.h>
#include <stdint.h>

/** Write the string of '0'/'1' @bits (spaces ignored) into @out from byte @start on, MSB first,
 * the last byte padded with zeros; returns the offset after the last byte written. */
size_t test_put_bits(uint8_t *out, size_t start, const char *bits);
