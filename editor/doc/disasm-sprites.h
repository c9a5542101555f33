#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The sprites of a disassembly level's objects (docs/DISASM.md §11), built in memory from the
 * tree's own SonLVL object lists: the global and the level's `objlst` (`obj*.ini`; S3K: a
 * '|'-separated list), whose sections (hex ids, and `[Ring]` for the ring layout) give
 * `art=` (FILE[:OFFSET]|..., Nemesis `.nem`, Kosinski `.kos`, KosinskiM `.kosm`, else
 * uncompressed, or `artcmp=`; `LevelArt` = the level's own `tiles`), `mapasm=` / `mapbin=`
 * (with `mapasmlbl=`), `frame=`, `pal=`, or `xmlfile=` (an `ObjDef`: `ImageFromMappings` images,
 * the `Image` by default and per `Subtype`, read with GLib's GMarkup) or `codefile=` (a C#
 * definition, read by a small bounded interpreter that follows its Init and GetSprite where
 * they compute from literals, disasm-sprites-cs.c; else its first `OpenArtFile("...")` and
 * `MapASMToBmp(...)` literals). Patterns are 8x8 4bpp, coloured with the level's palette lines
 * (the INI's `palette` slices).
 *
 * Strict and bounded: every file is size-checked before it is read and decoded, paths never
 * leave the tree; a bad file gives a warning naming the file (relative to the tree) and line or
 * byte, and the objects it concerns have no sprite (the editor draws their box). Never writes.
 * GLib; no GTK, no cairo.
 */

#include "level-check.h"

#include <glib.h>
#include <loopwright/level.h>

G_BEGIN_DECLS

/** One object's picture, its origin (the object's position) at (-left, -top) of the image. */
typedef struct EditorDisasmSprite {
    int left, top;       /* px of the image's top-left from the origin */
    guint width, height; /* px, at least 1 */
    guint32 *argb;       /* width * height pixels, 0 transparent, else 0xFF000000 | RGB */
    gboolean dplc;       /* drawn (in part) with the patterns of DPLC frames */
    guint64 serial;      /* unique among the sprites @self gave: a key for derived pictures */
} EditorDisasmSprite;

typedef struct EditorDisasmSprites EditorDisasmSprites;

/** The placed sprites (see editor_disasm_sprites_get) kept at most. */
#define EDITOR_DISASM_MAX_PLACED 1024

/**
 * Read the object lists and palette of level @section (its INI section name) of the tree at
 * @tree_root. Art and mappings are read later, per object, on first use (and cached). NULL
 * with @error when the tree's SonLVL.ini or the level cannot be read; problems in object lists
 * are warnings, not errors.
 */
EditorDisasmSprites *editor_disasm_sprites_new(const char *tree_root, const char *section,
                                               GError **error);

/** As editor_disasm_sprites_new, for the level JSON at @json_path: the tree and level its
 * `source` section names (docs/DISASM.md §8.1). NULL (no error) when it has none. */
EditorDisasmSprites *editor_disasm_sprites_new_for_file(const char *json_path, GError **error);

void editor_disasm_sprites_free(EditorDisasmSprites *self);

/**
 * The level the definitions' code may read as SonLVL's LevelData (its layout, chunks and
 * collision: skdisasm's objects that reach to the floor or ceiling under them; docs/DISASM.md
 * §11.1): borrowed until set again or @self is freed; NULL: none (those objects are boxes). Set
 * it again after every change to the level: the sprites of the objects that read it are made
 * again (the other sprites stay).
 */
void editor_disasm_sprites_set_level(EditorDisasmSprites *self, const lw_level *level);

/**
 * The sprite of imported marker @o (`disasm` = `object`: its `id`, `subtype`, `x_flip`, `y_flip`;
 * `disasm` = `ring`: one ring of the record), built on first use and cached: borrowed, valid
 * until @self is freed. The one exception: a definition whose code reads the object's place
 * (obj.X, obj.Y) has a sprite per place, and when EDITOR_DISASM_MAX_PLACED of those are cached
 * (an object dragged across the level) they are all freed before the next is made: such a
 * sprite is valid until the next call. Keep derived pictures by `serial`, never by address.
 * NULL when the lists give no art and mappings for it, or they cannot be read (a warning then),
 * or @o is no imported marker.
 */
const EditorDisasmSprite *editor_disasm_sprites_get(EditorDisasmSprites *self, const lw_object *o);

/** The value of property @key of marker @o, NULL when it has none (borrowed). */
const char *editor_disasm_marker_prop(const lw_object *o, const char *key);

/** Spacing in px between the rings of a ring record (the `[Ring]` section's `spacing`, 24 by
 * default: S2's rings layout). */
int editor_disasm_sprites_ring_spacing(const EditorDisasmSprites *self);

/** The tree's folder as given. */
const char *editor_disasm_sprites_tree(const EditorDisasmSprites *self);

/** The warnings so far ("FILE:LINE: warning: message", FILE relative to the tree), in order. */
guint editor_disasm_sprites_warning_count(const EditorDisasmSprites *self);
const char *editor_disasm_sprites_warning(const EditorDisasmSprites *self, guint i);

/**
 * The sprite warnings as problems for `loopwright check`'s and the editor's Issues panel: every
 * imported object and ring record of @level is asked for its sprite (building what is not built
 * yet), then @fn is called once per warning in order: severity warning, code "sprite", message
 * "FILE[:LINE]: MESSAGE" (FILE from the tree's root), the place of the first object whose
 * sprite gave the warning (-1, -1 for a warning reading the lists). Returns the count.
 */
guint editor_disasm_sprites_check(EditorDisasmSprites *self, const lw_level *level,
                                  editor_problem_fn fn, void *user);

/**
 * editor_disasm_sprites_check for the level JSON at @json_path (its `source` names the tree and
 * level) holding @level: nothing when it has no `source`; a tree that cannot be read is one
 * problem "sprites: MESSAGE". Reads the tree's lists and the art the objects need each call
 * (no cache: the tree may change on disk); EHZ 1's 253 objects take about 15 ms CPU.
 */
guint editor_disasm_sprites_check_file(const char *json_path, const lw_level *level,
                                       editor_problem_fn fn, void *user);

G_END_DECLS
