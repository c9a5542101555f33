#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: CRC-32, the checksum of packed level binaries (docs/FORMAT.md) and of PNG
 * chunks. Pure computation, no allocation.
 */

#include "loopwright/base.h"

/** CRC-32 (ISO-HDLC / IEEE 802.3, as zlib and PNG: reflected poly 0xEDB88320, init and final
 * xor 0xFFFFFFFF) of @size bytes at @data. Start with @crc = 0 and chain calls to cover several
 * pieces: lw_crc32(lw_crc32(0, a, n), b, m) is the CRC of a followed by b. */
uint32_t lw_crc32(uint32_t crc, const void *data, size_t size);
