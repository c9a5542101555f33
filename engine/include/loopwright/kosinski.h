#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the Kosinski codec (FORMATS.md §3.6), the LZSS variant Sega used for the
 * Sonic 1/2 chunk, block, layout, collision-index and art files. The decoder is strict and
 * bounds-checked for untrusted input; the encoder reproduces Sega's original compressor byte for
 * byte (same greedy choices, same quirks), so exported files match the disassemblies' style.
 *
 * Pure C11 + libc. The decoder never allocates; the encoder allocates one temporary search table
 * (about 300 KiB) and frees it before returning. No global state: both are reentrant.
 */

#include "loopwright/base.h"

/**
 * Decode one Kosinski stream from @in (@in_size bytes) into @out (room for @out_cap bytes).
 *
 * Decoding stops at the terminator (a full match whose count byte is 0), not at the end of the
 * input: files extracted from the games are zero-padded to a multiple of 16 bytes, and the
 * padding is left unread. The descriptor quirk is honoured: the next 16-bit descriptor is read
 * as soon as the 16th bit of the current one has been used, before that command's data bytes.
 * A full match with count byte 1 is a no-op (Sega's compressor inserts one every 0xA000 bytes).
 *
 * On success returns true, *@out_size = bytes produced (<= @out_cap) and *@in_used = bytes of
 * @in consumed up to and including the terminator (padding excluded). Either pointer may be
 * NULL. @out may be NULL only when @out_cap is 0.
 *
 * On failure returns false, fills @err (may be NULL) and leaves *@out_size / *@in_used alone
 * (the first bytes of @out may have been written):
 *   LW_ERR_TRUNCATED  the input ends before the terminator; err->offset = @in_size (the offset of
 *                     the first missing byte);
 *   LW_ERR_LIMIT      a command would write past @out_cap; err->offset = the input offset of the
 *                     command's first data byte;
 *   LW_ERR_FORMAT     a match copies from before the start of the output; err->offset = the input
 *                     offset of the match's first data byte.
 * Never reads @in outside [0, @in_size) nor writes @out outside [0, @out_cap).
 */
bool lw_kosinski_decompress(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                            size_t *out_size, size_t *in_used, lw_error *err);

/**
 * The largest size lw_kosinski_compress can produce for @n input bytes, padding included
 * (a multiple of 16; at most about n * 9/8 + 32). @n must be below SIZE_MAX / 2.
 */
size_t lw_kosinski_bound(size_t n);

/**
 * Encode @n bytes of @in as Kosinski into @out, which must hold lw_kosinski_bound(@n) bytes.
 * Returns the number of bytes written (always a non-zero multiple of 16), or 0 only when the
 * temporary search table cannot be allocated. @in may be NULL when @n is 0; @n must be below
 * 2^32 - 1.
 *
 * The output is byte-identical to Sega's own compressor (FORMATS.md §3.6, after
 * Clownacy/accurate-kosinski):
 *   - greedy: at each position the longest match over distances 1 .. min(pos, 0x1F03)
 *     (0x2000 - 0xFD), lengths up to 0xFD; on equal lengths the nearest distance wins;
 *   - length 2..5 with distance < 256 -> inline match; else length 3..9 -> full match; else
 *     length >= 10 -> full match with a count byte (length - 1); else a literal;
 *   - descriptor bits are written least significant first; when a command writes the 16th bit
 *     of a descriptor, that descriptor and the data bytes queued before the command are flushed,
 *     and the command's own data bytes follow the next descriptor (the reader's quirk);
 *   - before the first command starting 0xA000 input bytes after the previous such marker, a
 *     no-op full match (bytes 00 F0 01) is written (inputs longer than 40 KiB only);
 *   - end of data: the search compares past the end of the input and only then clamps the
 *     length to the bytes remaining. The bytes "past the end" are what the original's
 *     0x2000-byte ring buffer still held: zeros for inputs up to 8 KiB, otherwise the byte
 *     0x2000 positions earlier (zero when read through the first 0xFC bytes' unfilled mirror);
 *   - then the terminator (bits 0 1, bytes 00 F0 00), the last descriptor with its unused high
 *     bits zero, and zero padding to a multiple of 16 bytes.
 */
size_t lw_kosinski_compress(const uint8_t *in, size_t n, uint8_t *out);
