#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Tests: a synthetic S2 disassembly tree written by `loopwright pack --format s2` from
 * sample-levels/loop-hill.json (zone TST) with a hand-written SonLVL.ini of two levels, objects
 * (object 0x4B, named Buzzer by the level's object list objTST.ini; 0x26; two S2 plane
 * switchers, Obj03) and rings for level 1; and snapshots of a folder's files to tell exactly
 * which files changed.
 */
#include <glib.h>

/**
 * Write the tree in @dir/tree and return its path (g_free). Level 2 ("Test Zone Act 2") reads
 * level 1's collision indexes when @shared_index, else copies of its own ("TST2 ... .kos"), so
 * a mask change in level 1 alters level 2's collision only when @shared_index.
 */
char *tree_fixture_make(const char *dir, gboolean shared_index);

/** tree_fixture_make with the INI lines @extra (NULL: none) at the end of level 1's section:
 * keys the tree's files do not need, e.g. "animblocks=TST/AnimatedBlocks.bin\n" (the test
 * writes the file). */
char *tree_fixture_make_extra(const char *dir, gboolean shared_index, const char *extra);

/** The water of tree_fixture_make_water: level 1's waterheight (px) and how its water palette's
 * colour words are made from the normal palette's (each word XOR this: another blue). */
#define TREE_FIXTURE_WATER_HEIGHT 0x26B
#define TREE_FIXTURE_WATER_XOR    0x0800u

/** tree_fixture_make (no shared index) whose level 1 has water: `waterheight=26B` and
 * `waterpal=2` naming `palette2=Water|../art/palettes/TST_water.bin:0:16:48`, that file holding
 * the normal palette's 48 words each XOR TREE_FIXTURE_WATER_XOR. */
char *tree_fixture_make_water(const char *dir);

/** Copy file @from to @to, both relative to @root. */
void tree_fixture_copy(const char *root, const char *from, const char *to);

/** Every file under @root: relative path -> GBytes (g_hash_table_unref). */
GHashTable *tree_fixture_snapshot(const char *root);

/** The files that differ between @before and the folder @root now, sorted, ","-joined (g_free). */
char *tree_fixture_diff(GHashTable *before, const char *root);
