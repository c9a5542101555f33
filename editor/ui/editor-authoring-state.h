#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Authoring's own state, shared by the files that make it up and by nothing else:
 * editor-authoring.c (the mask editor and the mask actions, the loop preset, wiring),
 * editor-generate-dialog.c (Generate Masks from Tile Art) and editor-terrain-import.c (Import
 * Terrain). It is part of the editor-authoring module (scripts/check-include-cycles counts
 * NAME-state.h as NAME's).
 */

#include "doc/editor-commands-mask.h"
#include "doc/mask-generate.h"
#include "doc/mask-ops.h"
#include "doc/terrain-import.h"
#include "editor-authoring.h"
#include "editor-file-chooser.h"

#include <stdarg.h>

struct _EditorAuthoring {
    GObject parent_instance;
    EditorDocument *doc;         /* owned */
    EditorRenderer *renderer;    /* borrowed (the window's) */
    EditorTools *tools;          /* borrowed (the window's) */
    EditorCanvas *canvas;        /* borrowed, weak pointer */
    GSimpleActionGroup *actions; /* owned */
    EditorMaskEditor *editor;    /* weak pointer */
    GtkWindow *generate;
    GtkWindow *import;
    double pointer_x, pointer_y; /* last level position under the pointer, -1 = none */
};
typedef EditorAuthoring Authoring;

/* The window the dialogs are transient for: the canvas's (NULL when it is in none). */
static inline GtkWindow *parent_of(Authoring *a)
{
    GtkRoot *root = a->canvas ? gtk_widget_get_root(GTK_WIDGET(a->canvas)) : NULL;
    return GTK_IS_WINDOW(root) ? GTK_WINDOW(root) : NULL;
}

/* editor-authoring.c: emit "status" and "error" */
void editor_authoring_emit_status(Authoring *a, const char *text);
void editor_authoring_emit_error(Authoring *a, const char *title, const GError *error);

static inline void host_status(Authoring *a, const char *text)
{
    editor_authoring_emit_status(a, text);
}

static inline void host_error(Authoring *a, const char *title, const GError *error)
{
    editor_authoring_emit_error(a, title, error);
}

static inline EditorDocument *doc_of(Authoring *a)
{
    return a->doc;
}

static inline const lw_level *level_of(Authoring *a)
{
    return editor_document_get_level(doc_of(a));
}

static void status(Authoring *a, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static inline void status(Authoring *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    host_status(a, text);
}

static inline gboolean path_b(Authoring *a)
{
    GAction *act = g_action_map_lookup_action(G_ACTION_MAP(a->actions), "mask-path-b");
    g_autoptr(GVariant) v = g_action_get_state(act);
    return g_variant_get_boolean(v);
}

/* The tile and path the mask actions act on: the mask editor's, else the brush tile's. */
static inline gboolean target(Authoring *a, guint *tile, guint *path)
{
    *path = path_b(a) ? 1 : 0;
    *tile = a->editor ? editor_mask_editor_get_tile(a->editor) : a->tools->brush_tile;
    if (*tile >= level_of(a)->tile_count) {
        status(a, "Pick a tile first (the Tiles palette, or right-click a cell while editing a "
                  "chunk).");
        return FALSE;
    }
    return TRUE;
}

static inline guint target_mask(Authoring *a, guint *tile, guint *path)
{
    if (!target(a, tile, path))
        return LW_NONE;
    uint16_t m = level_of(a)->tiles[*tile].mask[*path];
    if (m == LW_NONE)
        status(a, "Tile %u has no mask on path %c (Reset from Art or Paste makes one).", *tile,
               'A' + *path);
    return m;
}

static inline void set_state(Authoring *a, const char *name, gboolean on)
{
    GAction *act = g_action_map_lookup_action(G_ACTION_MAP(a->actions), name);
    g_simple_action_set_state(G_SIMPLE_ACTION(act), g_variant_new_boolean(on));
}

/* The flag and lock actions show the target mask's state. */
static inline void sync_states(Authoring *a)
{
    guint tile, path;
    gboolean flagged = FALSE, locked = FALSE;
    path = path_b(a) ? 1 : 0;
    tile = a->editor ? editor_mask_editor_get_tile(a->editor) : a->tools->brush_tile;
    const lw_level *l = level_of(a);
    if (tile < l->tile_count && l->tiles[tile].mask[path] != LW_NONE) {
        const lw_mask *m = &l->masks[l->tiles[tile].mask[path]];
        flagged = (m->flags & LW_MASK_FLAGGED) != 0;
        locked = (m->flags & LW_MASK_LOCKED) != 0;
    }
    set_state(a, "mask-flag", flagged);
    set_state(a, "mask-lock", locked);
}

static inline void push(Authoring *a, EditorCommand *cmd, const char *nothing)
{
    if (cmd)
        editor_document_push(doc_of(a), cmd);
    else if (nothing)
        status(a, "%s", nothing);
}

/* The modal window of a long authoring job (Generate Masks, Import Terrain), transient for the
 * editor window and destroyed with it: @title and default size; @data stays with the window as
 * @key (freed by @free_data with it), and @destroyed(window, a) runs when it goes; @entries act on
 * @data as the action group @prefix. *@box receives its content box (vertical, with the margins
 * of these windows), which the caller fills and sets as the window's child. */
typedef struct {
    const char *title;
    int width, height;
    const char *key;
    gpointer data;
    GDestroyNotify free_data;
    GCallback destroyed;
    const char *prefix;
    const GActionEntry *entries;
    guint n_entries;
} AuthoringModal;
GtkWindow *editor_authoring_modal_new(Authoring *a, const AuthoringModal *m, GtkWidget **box);

/* editor-generate-dialog.c */
void editor_authoring_action_generate(GSimpleAction *act, GVariant *p, gpointer user);

/* editor-terrain-import.c */
void editor_authoring_action_import_terrain(GSimpleAction *act, GVariant *p, gpointer user);
void editor_authoring_action_import_terrain_from(GSimpleAction *act, GVariant *p, gpointer user);
