#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Test-play keyboard mapping: which keys hold which pad button (Left, Right, Up, Down, Jump), up
 * to PLAY_KEYS_PER_BUTTON keys each. Defaults: the arrows, and Z, X, C or Space to jump (Down is
 * the roll). Stored without GSettings in a key file, g_get_user_config_dir()/loopwright/
 * play-keys.ini:
 *
 *   [keys]
 *   left=Left
 *   jump=z;x;c;space
 *
 * with GDK key names. A small dialog changes them.
 */

#include <gtk/gtk.h>
#include <loopwright/sim.h>

G_BEGIN_DECLS

#define PLAY_KEYS_BUTTONS    5 /* left, right, up, down, jump */
#define PLAY_KEYS_PER_BUTTON 4

typedef struct PlayKeymap {
    guint keys[PLAY_KEYS_BUTTONS][PLAY_KEYS_PER_BUTTON]; /* GDK keyvals, lower case; 0 = none */
} PlayKeymap;

/** The defaults above. */
void play_keymap_init_default(PlayKeymap *map);

/** The key file's path (newly allocated). */
char *play_keymap_default_path(void);

/** Read @path (NULL = the default path) over the defaults. A missing file is not an error; an
 * unreadable or malformed one returns FALSE with @error and leaves the defaults. Unknown key
 * names are skipped. */
gboolean play_keymap_load(PlayKeymap *map, const char *path, GError **error);

/** Write @map to @path (NULL = the default path), creating the folder. */
gboolean play_keymap_save(const PlayKeymap *map, const char *path, GError **error);

/** The pad button (LW_BUTTON_*) @keyval holds, or 0. */
lw_input play_keymap_lookup(const PlayKeymap *map, guint keyval);

/** "Left", "Right", "Up", "Down", "Jump". */
const char *play_keymap_button_name(guint button);

/** The keys of @button as text ("Z, X, C, Space"; newly allocated). */
char *play_keymap_describe(const PlayKeymap *map, guint button);

/** A modal dialog over @parent that edits *@map (borrowed: it must outlive the dialog) and saves
 * it to the default path after each change; @changed (may be NULL) is called then. */
void play_keys_dialog_show(GtkWindow *parent, PlayKeymap *map, GCallback changed,
                           gpointer user_data);

G_END_DECLS
