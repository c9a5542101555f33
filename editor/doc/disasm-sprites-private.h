#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Shared by disasm-sprites.c (art, palette, building the pictures) and disasm-sprites-defs.c
 * (the object lists: INI sections, ObjDef XML, C# literals; DPLC files), and the interpreter.
 */

#include "disasm-sprites-map.h"
#include "disasm-sprites.h"

#include <loopwright-masks/classic.h>

#define DSPR_MAX_LIST_BYTES (1u << 20) /* an object list, an XML or C# file */
#define DSPR_MAX_FILE_BYTES (1u << 20) /* a stored art file */
/* decoded art: 4,096 patterns, what a DPLC's 12-bit pattern field reaches (a mapping's 11-bit
 * tile field reaches 2,048, all of VRAM's 64 KiB) */
#define DSPR_MAX_ART_BYTES (0x1000u * 32)
#define DSPR_MAX_SIDE      1024 /* px: a picture's width and height */
/* The parts one picture is drawn from (DEZ's tunnel launchers: the launcher and the rings of a
 * path, up to 424 of them), how far from the object a part may be (REACH px: their paths reach
 * 1,620 px), and so a picture's width and height at most 2 * DSPR_MAX_REACH. */
#define DSPR_MAX_PARTS 4096u
#define DSPR_MAX_REACH 2048

/* One picture of an object definition. Paths are relative to the INI folder. */
typedef struct dspr_image {
    char *id;     /* XML image id, NULL for an INI section's */
    char *art;    /* "FILE[:OFFSET][\tCOMPRESSION]|...", or "LevelArt[:OFFSET]"; NULL = none */
    char *artcmp; /* forced codec of every part (Nemesis, Kosinski, KosinskiM, Uncompressed) */
    char *map;    /* mappings file */
    char *dplc;   /* its DPLC file, NULL = none (the art is the VRAM the frame reads) */
    int dplc_ver; /* the DPLC format (editor_dplc_format), 0 = the game's */
    gboolean dplc_bin;
    char *label; /* the frame's label in @map, NULL = frame @frame of the table */
    gboolean map_bin;
    GBytes *map_data; /* @map's binary mappings as a C# definition changed them, NULL = none */
    int frame, pal;
} dspr_image;

/* How an image of a display option follows the object's flip (ObjDef ImageRef xflip/yflip). */
typedef enum { FLIP_NORMAL, FLIP_REVERSE, FLIP_ALWAYS, FLIP_NEVER } dspr_flip;

/* One image of a display option, moved by (dx, dy) px. */
typedef struct dspr_ref {
    int image; /* index in dspr_def.images */
    dspr_flip xflip, yflip;
    int dx, dy;
} dspr_ref;

/* "subtype bits start..start+len-1 equal value" */
typedef struct dspr_cond {
    int start, len, value;
} dspr_cond;

/* An ObjDef DisplayOption (or its DefaultImage: no conditions): all conditions hold -> refs. */
typedef struct dspr_option {
    GArray *conds; /* dspr_cond */
    GArray *refs;  /* dspr_ref */
} dspr_option;

typedef struct dspr_cs dspr_cs;

typedef struct dspr_def {
    GPtrArray *images;     /* dspr_image*, owned */
    GPtrArray *options;    /* dspr_option*, owned: Display's, in order */
    dspr_option *fallback; /* DefaultImage, NULL = none */
    int default_image;     /* index, -1 = none */
    int subtype_image[256];
    dspr_cs *cs; /* a C# definition run by disasm-sprites-cs.c, NULL = none */
} dspr_def;

struct EditorDisasmSprites {
    char *root;    /* the tree */
    char *ini_rel; /* "SonLVL INI Files" */
    lwm_game game;
    guint32 palette[64]; /* 0xFF000000 | RGB */
    char *level_tiles;   /* the level's `tiles` (LevelArt) */
    char *level_name;    /* its `displayname`, else its INI section (LevelData.Level.DisplayName) */
    int water_height;    /* its `waterheight` (hexadecimal, px; absent 0x600, as SonLVL's
                            default), -1 = not known (LevelData.Level.WaterHeight) */
    dspr_def *defs[256];
    dspr_def *ring;
    int ring_spacing;
    GHashTable *art;     /* spec -> GBytes (NULL value: failed) */
    GHashTable *maps;    /* "file\nlabel\nbin" -> editor_mappings* (NULL: failed) */
    GHashTable *dplcs;   /* "file\nformat\nbin" -> editor_dplcs* (NULL: failed) */
    GHashTable *sprites; /* key -> EditorDisasmSprite* (NULL: none) */
    /* "KEY X Y" -> EditorDisasmSprite* (NULL: none): the sprites of a definition whose GetSprite
     * read the object's position (obj.X, obj.Y), one per place */
    GHashTable *placed;
    guint64 serial;        /* the last sprite's EditorDisasmSprite.serial */
    const lw_level *level; /* what the definitions' code reads as LevelData (borrowed), NULL */
    GPtrArray *warnings;
    GHashTable *memory; /* dspr_new_memory: tree path -> GBytes, the disk never read */
};

/* An object-definition reader over files held in memory (the fuzz target): @files maps paths
 * from the tree's root ("SonLVL INI Files/obj.ini") to GBytes (a reference is taken); grey
 * palette, the level's tiles at @level_tiles (relative to the INI folder, may be NULL). */
EditorDisasmSprites *dspr_new_memory(lwm_game game, GHashTable *files, const char *level_tiles);

/* Add a warning "FILE:LINE: message" (@line 0: "FILE: message"). */
void dspr_warn(EditorDisasmSprites *self, const char *file, int line, const char *fmt, ...)
    G_GNUC_PRINTF(4, 5);

/* Read tree file @rel (relative to the INI folder, '\\' read as '/'), at most @max bytes, never
 * leaving the tree; a case-insensitive match when the exact name is missing. The contents
 * (g_free) or NULL with a warning naming @rel. @tree_rel (may be NULL) gets the path from the
 * tree's root (g_free). */
char *dspr_read(EditorDisasmSprites *self, const char *rel, gsize max, gsize *size,
                char **tree_rel);

/* The decoded art of spec @spec ("FILE[:OFFSET][\tCOMPRESSION]|...", or "LevelArt[:OFFSET]")
 * in compression @artcmp (NULL: by the file's extension), cached; NULL, with a warning naming
 * the file, when a part cannot be read (disasm-sprites-art.c). */
GBytes *dspr_load_art(EditorDisasmSprites *self, const char *spec, const char *artcmp);

/* @rel (relative to the INI folder) as a path from the tree's root, '..' resolved; NULL when it
 * would leave the tree (g_free). */
char *dspr_tree_path(const EditorDisasmSprites *self, const char *rel);

/* Parse @n bytes of @data (a binary file when @bin, else text) into @out as @how says; FALSE
 * with @err (a line for text, an offset for binary), leaving nothing allocated in @out. */
typedef bool (*dspr_parse_fn)(const char *data, gsize n, gboolean bin, const void *how, void *out,
                              lw_error *err);

/* The parse of tree file @file (relative to the INI folder, at most EDITOR_MAP_MAX_BYTES when
 * @bin, else EDITOR_MAP_MAX_TEXT) by @parse into a new zeroed @size-byte object, cached in @cache
 * under @key (taken); NULL, cached too, with one warning naming the file and line or byte when
 * it cannot be read or parsed. Shared by the mappings and the DPLCs. */
void *dspr_load_cached(EditorDisasmSprites *self, GHashTable *cache, char *key, const char *file,
                       gboolean bin, gsize size, dspr_parse_fn parse, const void *how);

/* The patterns DPLC frame @im->frame of @im->dplc loads from @art: the art the image's frame
 * reads (a new reference); NULL with a warning naming the DPLC file when it cannot be read or
 * has no such frame (disasm-sprites-defs.c). */
GBytes *dspr_dplc_art(EditorDisasmSprites *self, const dspr_image *im, GBytes *art);
void dspr_dplcs_free(gpointer p);

/* Tree file @rel (relative to the INI folder): mapping text assembled into the game's binary
 * form (SonLVL's LevelData.ASMToBin); NULL with a warning naming the file (and line). */
GBytes *dspr_map_bytes(EditorDisasmSprites *self, const char *rel);

/* The mappings of image @im, whose map_data a definition's code changed: parsed in the game's
 * format and cached; NULL with a warning naming @im->map when they do not parse. */
const editor_mappings *dspr_patched_mappings(EditorDisasmSprites *self, const dspr_image *im);

/* The game's mapping format (SonicMappingsVer). */
editor_map_format dspr_map_format(lwm_game game);

/* Read object list @rel (an obj*.ini) into self->defs / self->ring. */
void dspr_defs_read_list(EditorDisasmSprites *self, const char *rel);

void dspr_def_free(dspr_def *d);

/* C# definition text (@size bytes) of @self's tree (whose files its code may read) with the
 * definition's class @type (codetype=, NULL: the first class with a GetSprite): its Init run
 * (disasm-sprites-cs.c), the images it makes added to
 * @d->images. NULL when the text has no such class or cannot be tokenized. Bounded: a hostile
 * text costs at most a fixed number of steps. */
dspr_cs *dspr_cs_parse(EditorDisasmSprites *self, const char *text, gsize size, const char *type,
                       dspr_def *d);

/* What the definition's GetSprite returns for @subtype, the object's flips and its place (@x,
 * @y px in the level): DCS_DRAWN with its parts appended to @refs (dspr_ref: images of the
 * definition, absolute flips FLIP_ALWAYS / FLIP_NEVER, offsets in px; drawn in order, later over
 * earlier); DCS_NOTHING when the definition says there is nothing to draw (`null`, an empty
 * sprite, `ObjectHelper.UnknownObject` moved or flipped or not, parts too far away): a box, no
 * other guess; DCS_UNKNOWN when what it returns cannot be told. */
typedef enum { DCS_UNKNOWN, DCS_NOTHING, DCS_DRAWN } dcs_result;
dcs_result dspr_cs_sprite(dspr_cs *cs, int subtype, gboolean xflip, gboolean yflip, int x, int y,
                          GArray *refs);

/* Whether a GetSprite run of @cs has read the object's position: its sprites are then told
 * apart by place as well as by subtype and flips. */
gboolean dspr_cs_placed(const dspr_cs *cs);

void dspr_cs_free(dspr_cs *cs);

/* The bounds of the parts @refs (dspr_ref, absolute flips, offsets) of definition @d as they
 * are drawn: *@box = x0, y0, x1, y1 px from the origin (all 0 for no part); FALSE when no part
 * can be drawn (disasm-sprites.c). */
gboolean dspr_sprite_bounds(EditorDisasmSprites *self, const dspr_def *d, const GArray *refs,
                            int box[4]);
