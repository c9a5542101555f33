#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A level unpacked from a disassembly tree saved back into that tree (docs/DISASM.md §8.2): the
 * one machinery behind `loopwright pack LEVEL --into TREE` and the editor's Save of a level
 * opened with File ▸ Open Disassembly…. Only the files whose content changed are written, with
 * the level JSON (its `source` section updated) as one journaled set, all or nothing; an
 * unchanged level writes no file of the tree. A change that would alter another level's
 * collision, layout or art is refused unless the caller allows shared changes (the `--allow-shared`
 * equivalent); the result lists every changed file with the other levels that read it, so a
 * caller can ask. No GTK.
 */

#include <loopwright-masks/disasm-tree.h>

/** Flags of editor_disasm_save_level. */
enum {
    EDITOR_DISASM_ALLOW_SHARED = 1u << 0, /* write changes that alter other levels too */
    EDITOR_DISASM_DRY_RUN = 1u << 1,      /* compute and report, write nothing */
};

typedef struct editor_disasm_save {
    /* Owned */
    char *tree;         /* the tree's folder written into (given, else the source's) */
    lwm_tree_export ex; /* the files that change, each with the levels sharing it */
    lwm_report report;  /* warnings and notes of the write-back */
    /* Plain */
    bool refused; /* a change alters other levels and shared changes were not allowed */
    bool written; /* the changed files and the level JSON were written */
} editor_disasm_save;

/**
 * Whether the level JSON file at @json_path has a `source` section (a level unpacked from a
 * tree). False also when the file cannot be read.
 */
bool editor_disasm_file_has_source(const char *json_path);

/**
 * Save @level, whose JSON file @json_path holds the `source` section of its import, into the
 * tree @tree (NULL: the tree the section names). Reads the section from @json_path, recomputes
 * every file the level was read from (lwm_tree_export_level) and, unless refused or a dry run,
 * writes the changed ones and @json_path (the level with its section updated: sizes, CRCs, mask
 * ids) as one set journaled in the tree's root. With no file changed nothing is written (not
 * even @json_path). Returns false with @failed (at least 4096 bytes) naming the file and @err
 * the reason on an error, and also when refused (@out->refused, LW_ERR_FORMAT "... alters the
 * collision, layout or art of other levels ..."). @out is filled in every case (free with
 * editor_disasm_save_clear).
 */
bool editor_disasm_save_level(const char *json_path, const lw_level *level, const char *tree,
                              unsigned flags, editor_disasm_save *out, char *failed, lw_error *err);

/**
 * editor_disasm_save_level with the `source` section given as JSON text (@source_json; NULL:
 * none, refused as for a file without one) instead of read from @json_path, which is still the
 * level JSON written with the changed files: the editor's Save, whose document keeps the section
 * it was opened with.
 */
bool editor_disasm_save_level_source(const char *json_path, const char *source_json,
                                     const lw_level *level, const char *tree, unsigned flags,
                                     editor_disasm_save *out, char *failed, lw_error *err);

/**
 * What @s changes as text (malloc()ed, NULL when out of memory), one line a file: "PATH: N
 * unpacked bytes change (ROLE), SIZE bytes" ("1 unpacked byte changes" for one), then "  also read
 * by: LEVELS" when shared and "  alters those levels' collision, layout or art" when it does. ""
 * when nothing changes.
 */
char *editor_disasm_save_describe(const editor_disasm_save *s);

/** editor_disasm_save_describe's lines, then each warning of the write-back's report ("FILE:
 * warning: MESSAGE"); g_free. */
char *editor_disasm_save_report(const editor_disasm_save *s);

/** Free what @s owns and zero it (accepts a zeroed one). */
void editor_disasm_save_clear(editor_disasm_save *s);
