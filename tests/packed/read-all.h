#pragma once
/* SPDX-License-Identifier: MIT */
/* The measuring tools' file reader (codec-measure, layout-measure). */
#include <stddef.h>
#include <stdint.h>

/** The whole file at @path in a malloc()ed buffer, its length in *@size; NULL (after printing
 * "FAIL: PATH: cannot read" on stdout, the tools' report) when it cannot be read or memory runs
 * out. */
uint8_t *measure_read_all(const char *path, size_t *size);
