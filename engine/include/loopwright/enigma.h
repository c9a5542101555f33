#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the Enigma codec (FORMATS.md §3.7; EniDec in the S1 disassembly), which
 * Sonic 1 uses for its 16x16 block mappings and plane maps: a stream of 16-bit VDP pattern words
 * (bit 15 priority, 14-13 palette line, 12 Y flip, 11 X flip, 10-0 pattern index).
 *
 * Stream: 6-byte header — u8 N (bits of an inline pattern index, 0..11), u8 flag mask (bit 4
 * priority, 3/2 palette high/low, 1 Y flip, 0 X flip: which word bits 15..11 an inline value
 * carries), big-endian u16 "incrementing" word, big-endian u16 "common" word — then a bit stream
 * read most significant bit first: entries of a 2- or 3-bit opcode and a 4-bit count r meaning
 * r + 1 words:
 *   00   the incrementing word, which is incremented after each copy
 *   01   the common word
 *   100  one inline value, repeated
 *   101  one inline value, incremented after each copy
 *   110  one inline value, decremented after each copy
 *   111  r + 1 separate inline values; r = 15 ends the stream
 * An inline value is the selected flag bits (one stream bit each, priority first) then N index
 * bits. A base tile given by the caller is added to the incrementing and common words and to
 * every inline value, as the ROM does (S1 decodes block mappings with base 0).
 *
 * Pure C11 + libc, no allocation, no global state.
 */

#include "loopwright/base.h"

/**
 * Decode an Enigma stream from @in (@in_size bytes) into @out (room for @out_cap words, native
 * byte order). Stops at the end entry; bytes after it (padding) are not read.
 * On success *@out_words (may be NULL) = words written and *@in_used (may be NULL) = bytes of
 * @in up to and including the one holding the end entry's last bit.
 * Fails with LW_ERR_TRUNCATED (input ends before the end entry; offset = @in_size),
 * LW_ERR_LIMIT (more than @out_cap words; offset = the byte holding the entry's first bit) or
 * LW_ERR_FORMAT (N over 16 or unknown flag-mask bits; offset 0 or 1). Never reads outside @in.
 */
bool lw_enigma_decompress(const uint8_t *in, size_t in_size, uint16_t base, uint16_t *out,
                          size_t out_cap, size_t *out_words, size_t *in_used, lw_error *err);

/** The largest size lw_enigma_compress can produce for @n words, in bytes. */
size_t lw_enigma_bound(size_t n);

/**
 * Encode @n words (base tile 0) into @out, which must hold lw_enigma_bound(@n) bytes. Returns the
 * bytes written: the stream is zero-padded to a whole byte and then to an even length (ROM data
 * is word-aligned). Greedy, deterministic: the common word is the most frequent word (smallest on
 * ties), the incrementing word starts at the first word that is not the common word, and at each
 * position the entry covering the most words wins (incrementing, common, repeat, increment,
 * decrement, then a list of separate values). Valid for any decoder; not claimed to be
 * byte-identical to Sega's own Enigma tool, whose choices are undocumented.
 */
size_t lw_enigma_compress(const uint16_t *words, size_t n, uint8_t *out);
