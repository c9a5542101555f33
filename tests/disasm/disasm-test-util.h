#pragma once
/* SPDX-License-Identifier: MIT */
/* Helpers shared by the disassembly tests (test-disasm.c, test-disasm-tree.c): scratch folders,
 * the sample levels, and files written or read by relative path. They assert on failure. */
#include <glib.h>
#include <loopwright-masks/image.h>
#include <loopwright/level.h>
#include <stddef.h>
#include <stdint.h>

/** A new empty scratch folder (g_free the path; dtest_rmtree removes it). */
char *dtest_tmpdir(void);

/** Remove @dir and everything below it. */
void dtest_rmtree(const char *dir);

/** Load sample-levels/@name (and, when @art is non-NULL, its tileset into *@art). */
lw_level *dtest_load_sample(const char *name, lwm_image *art);

/** Write @n bytes at @root/@rel (@rel NULL: at @root), creating the missing folders. */
void dtest_write(const char *root, const char *rel, const void *data, size_t n);

/** dtest_write of the string @text. */
void dtest_write_text(const char *root, const char *rel, const char *text);

/** The whole file @root/@rel (@rel NULL: @root), g_free()d by the caller; its length in *@n. */
uint8_t *dtest_read(const char *root, const char *rel, size_t *n);

/** dtest_write of @raw Kosinski-compressed. */
void dtest_write_kos(const char *root, const char *rel, const uint8_t *raw, size_t n);

/** The Kosinski file @root/@rel decompressed (at most 64 KiB), g_free()d by the caller. */
uint8_t *dtest_read_kos(const char *root, const char *rel, size_t *n);
