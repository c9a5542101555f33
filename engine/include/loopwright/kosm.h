#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the KosinskiM ("Kosinski moduled") codec of Sonic 3 & Knuckles
 * (docs/CODECS.md §2; Queue_Kos_Module / Process_Kos_Module_Queue in s3.asm), used for its
 * level and sprite art (*.kosm), built on the Kosinski codec (kosinski.h).
 *
 * Stream: a big-endian u16 header = the total decoded size S in bytes, then the modules: the
 * data cut into pieces of 0x1000 bytes (the last one S mod 0x1000 bytes, or 0x1000), each one a
 * Kosinski stream padded with zeros to a multiple of 16 bytes counted from the module's start
 * (the first module starts at byte 2). The ROM quirks kept: a header of 0xA000 loads only
 * 0x8000 bytes (8 modules; a prototype leftover), and an odd S loses its last byte (the size
 * is counted in words).
 *
 * Pure C11 + libc. The decoder never allocates; the encoder allocates only what
 * lw_kosinski_compress does. No global state: both are reentrant.
 */

#include "loopwright/base.h"

/** Bytes decoded per module (the ROM's Kos_decomp_buffer). */
#define LW_KOSM_MODULE_SIZE 0x1000u

/** Largest size the encoder accepts: the header is 16 bits, even, and not 0xA000. */
#define LW_KOSM_MAX_SIZE 0xFFFEu

/**
 * Decode a KosinskiM stream from @in (@in_size bytes) into @out (room for @out_cap bytes).
 *
 * The decoded size is the header's, as the ROM loads it (0xA000 -> 0x8000; odd -> rounded down
 * to even). Each module must decode to exactly 0x1000 bytes, except the last, which must give
 * at least the bytes still missing and at most 0x1000 (only the missing bytes are kept, as the
 * ROM copies only those). Padding after each module is skipped, not checked; padding after the
 * last one is not read.
 *
 * On success returns true, *@out_size = bytes written and *@in_used = bytes of @in up to and
 * including the last module's Kosinski terminator (its padding excluded). Either pointer may be
 * NULL. @out may be NULL only when @out_cap is 0.
 *
 * On failure returns false, fills @err (may be NULL) and leaves *@out_size / *@in_used alone:
 *   LW_ERR_TRUNCATED  the input ends in the header, inside a module or inside the padding
 *                     before the next module; err->offset = @in_size;
 *   LW_ERR_LIMIT      the decoded size is larger than @out_cap (offset 0), or a module decodes
 *                     to more than 0x1000 bytes (offset inside that module);
 *   LW_ERR_FORMAT     a module's Kosinski stream is malformed, or a module decodes to fewer
 *                     bytes than required; err->offset = a byte offset in @in. The message
 *                     names the module (0-based).
 * Never reads @in outside [0, @in_size) nor writes @out outside [0, @out_cap).
 */
bool lw_kosm_decompress(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                        size_t *out_size, size_t *in_used, lw_error *err);

/** The largest size lw_kosm_compress can produce for @n input bytes (@n <= LW_KOSM_MAX_SIZE). */
size_t lw_kosm_bound(size_t n);

/**
 * Encode @n bytes of @in as KosinskiM into @out, which must hold lw_kosm_bound(@n) bytes.
 * Returns the bytes written (2 + a multiple of 16), or 0 when @n is odd, over
 * LW_KOSM_MAX_SIZE, equal to 0xA000 (the ROM would load only 0x8000 bytes of it), or when
 * lw_kosinski_compress cannot allocate. @n = 0 gives the 2-byte header alone.
 * Each module is encoded by lw_kosinski_compress (Sega's Kosinski compressor, byte-exact), so
 * the output is byte-identical to Sega's KosinskiM files where the module encoder is.
 */
size_t lw_kosm_compress(const uint8_t *in, size_t n, uint8_t *out);

/**
 * Like lw_kosm_decompress, but keeps everything the modules decode: the last module may hold
 * more bytes than the header loads (three Starpost files of skdisasm: 192 bytes, header 0x60),
 * and re-encoding the loaded bytes alone could not give the file back. *@out_size = all bytes
 * decoded by the modules the ROM reads, *@header (may be NULL) = the header word as stored.
 * Same errors, except that LW_ERR_LIMIT is raised when the modules' output exceeds @out_cap.
 */
bool lw_kosm_decompress_raw(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_cap,
                            size_t *out_size, uint16_t *header, size_t *in_used, lw_error *err);

/**
 * Like lw_kosm_compress, with the header word given: encodes @n bytes in modules of 0x1000 and
 * writes @header. Returns 0 (nothing written) unless the header loads the same number of
 * modules as @n makes and no more bytes than @n (0xA000 loads 0x8000, an odd header one byte
 * less), or when lw_kosinski_compress cannot allocate. With lw_kosm_decompress_raw this gives
 * back files whose last module holds bytes the game never loads.
 */
size_t lw_kosm_compress_raw(const uint8_t *in, size_t n, uint16_t header, uint8_t *out);
