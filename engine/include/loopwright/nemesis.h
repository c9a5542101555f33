#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the Nemesis codec (docs/CODECS.md §1; NemDec in the disassemblies), Sega's
 * nybble run-length + prefix-code format for 8x8 4bpp patterns: S1 level art and the object art
 * of all three games. The decoder is strict and bounds-checked for untrusted input; the encoder
 * follows Sega's original compressor (Fano codes, table and XOR-mode choices, final flush byte)
 * so that re-encoded art matches the disassemblies' files in most cases.
 *
 * Stream:
 *   - header: big-endian u16; bit 15 = XOR mode, bits 14..0 = pattern count P (P * 32 bytes
 *     decoded, P in 1 .. LW_NEMESIS_MAX_PATTERNS);
 *   - code table: a "value" byte (low nybble = the pixel value; any byte >= 0x80 sets a new
 *     value, the table's first byte always does), entries of two bytes for the current value:
 *     (run length - 1) << 4 | code length (1..8), then the code (right-aligned); 0xFF ends it;
 *   - bit stream, most significant bit first: a code gives (value, run length 1..8); the 6 bits
 *     111111 are an escape followed by 3 bits run length - 1 and 4 bits value. Pixels fill 4-byte
 *     rows, first pixel in the high nybble; a run may continue into the next row. In XOR mode
 *     each decoded row is XORed with the previous output row (the first with 0).
 *
 * Pure C11 + libc. Neither function allocates; no global state: both are reentrant.
 */

#include "loopwright/base.h"

/** Largest pattern count the decoder accepts: the ROM keeps the row count (P * 8) in 16 bits. */
#define LW_NEMESIS_MAX_PATTERNS 0x1FFFu

/** Bytes in one 8x8 4bpp pattern. */
#define LW_NEMESIS_PATTERN_BYTES 32u

/**
 * Read the header of a Nemesis stream: *@out_size (may be NULL) = decoded size in bytes
 * (pattern count * 32), *@xor_mode (may be NULL) = whether XOR mode is set. Fails with
 * LW_ERR_TRUNCATED (fewer than 2 bytes; offset = @in_size) or LW_ERR_FORMAT (pattern count 0 or
 * over LW_NEMESIS_MAX_PATTERNS; offset 0).
 */
bool lw_nemesis_header(const uint8_t *in, size_t in_size, size_t *out_size, bool *xor_mode,
                       lw_error *err);

/**
 * Decode one Nemesis stream from @in (@in_size bytes) into @out (room for @out_cap bytes).
 *
 * Decoding stops when the header's pattern count has been produced (the rest of a run that
 * crosses the end is dropped, as in the ROM). Bits past the end of @in are never needed: when
 * fewer than 8 bits remain, the code lookup sees zeros there, and a code is accepted only when
 * all its bits are in @in.
 *
 * On success returns true, *@out_size = pattern count * 32 bytes written and *@in_used = bytes
 * of @in up to and including the one holding the last bit used. Sega's compressor ends its
 * files with one more byte (zero) when the last code ends on a byte boundary; that byte and any
 * other padding is left unread. Either pointer may be NULL. @out may be NULL only when @out_cap
 * is 0.
 *
 * On failure returns false, fills @err (may be NULL) and leaves *@out_size / *@in_used alone
 * (the first bytes of @out may have been written):
 *   LW_ERR_TRUNCATED  the input ends inside the header, the code table or a code; err->offset
 *                     = @in_size;
 *   LW_ERR_LIMIT      the header's size is larger than @out_cap; err->offset = 0;
 *   LW_ERR_FORMAT     bad pattern count (offset 0); a table entry with a code length of 0 or
 *                     over 8, or a code wider than its length (offset = the entry's first byte);
 *                     a bit string that is not in the table (offset = the byte holding its
 *                     first bit).
 * Never reads @in outside [0, @in_size) nor writes @out outside [0, @out_cap).
 */
bool lw_nemesis_decompress(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                           size_t *out_size, size_t *in_used, lw_error *err);

/**
 * The largest size lw_nemesis_compress can produce for @n input bytes: header, the fullest code
 * table (16 value bytes, 128 entries, end byte), 13 bits per nybble and the final byte.
 * @n must be below SIZE_MAX / 4.
 */
size_t lw_nemesis_bound(size_t n);

/**
 * Encode @n bytes of @in (whole patterns) as Nemesis into @out, which must hold
 * lw_nemesis_bound(@n) bytes. Returns the number of bytes written, or 0 when @n is 0, not a
 * multiple of 32 or over LW_NEMESIS_MAX_PATTERNS * 32 (nothing is written then).
 *
 * The choices are those of Sega's compressor, as reconstructed by Clownacy's clownnemesis
 * research (docs/CODECS.md §1.3):
 *   - the nybbles (high first; in XOR mode of each byte XORed with the byte 4 earlier) are cut
 *     into maximal runs of one value, at most 8 long, across row and pattern boundaries;
 *   - runs occurring at least 3 times get Fano codes: sorted by count, descending, ties in the
 *     order (length, value); each group is split where the running count comes nearest half of
 *     the group's total (the earlier cut on a tie), the first half taking bit 0; a group that
 *     is still several runs at 8 bits gets no codes; a code of all ones gets a 0 appended, and
 *     the prefix 11111 is extended by two bits, so nothing collides with the 111111 escape;
 *   - the codes are then redistributed by a selection sort so that more frequent runs never
 *     have longer codes than rarer ones; runs without a code are written with the escape;
 *   - XOR mode is used only when its estimated size (code table + codes, in whole bytes) is
 *     strictly smaller;
 *   - the table lists values 0..15, each with its run lengths 1..8 in order; the bit stream is
 *     zero-padded to a byte, and a zero byte is added when it already ended on a byte boundary.
 * skdisasm stores its files padded with one more zero byte to an even length: a writer into
 * that tree appends it when the returned size is odd.
 */
size_t lw_nemesis_compress(const uint8_t *in, size_t n, uint8_t *out);
