/* SPDX-License-Identifier: MIT */
/* Packed level binaries: the tables the writer and the reader share (docs/FORMAT.md §3). */
#include "packed-format.h"

const char lw_packed_section_tags[SEC_COUNT][5] = {"INFO", "STRS", "MASK", "TILE", "CHNK", "LAYT",
                                                   "OBJS", "PROP", "PROF", "RPLY", "ARTP"};
const bool lw_packed_section_required[SEC_COUNT] = {true, true, true, true,  true, true,
                                                    true, true, true, false, false};

const uint8_t lw_packed_png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

bool lw_packed_is_packed(const void *data, size_t size)
{
    return size >= LW_PACKED_MAGIC_SIZE && memcmp(data, LW_PACKED_MAGIC, 8) == 0;
}
