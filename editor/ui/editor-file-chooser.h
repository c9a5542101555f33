#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The only file that knows GtkFileChooserNative (GTK 4.8 has no GtkFileDialog): open a level,
 * save a level, choose a PNG. Moving to GtkFileDialog later changes this file only.
 */

#include <gtk/gtk.h>

G_BEGIN_DECLS

/** Called with the chosen path (NULL when cancelled). */
typedef void (*EditorFileChosen)(const char *path, gpointer user_data);

void editor_file_chooser_open_level(GtkWindow *parent, EditorFileChosen callback,
                                    gpointer user_data);
void editor_file_chooser_save_level(GtkWindow *parent, const char *current_path,
                                    EditorFileChosen callback, gpointer user_data);
/** Choose a PNG; @title says what for ("Choose the Tileset PNG", "Import a Terrain PNG"). */
void editor_file_chooser_open_png(GtkWindow *parent, const char *title, EditorFileChosen callback,
                                  gpointer user_data);

/** The title of the last chooser shown (tests). */
const char *editor_file_chooser_get_last_title(void);

/** Choose a folder (File ▸ Open Disassembly…). */
void editor_file_chooser_open_folder(GtkWindow *parent, const char *title,
                                     EditorFileChosen callback, gpointer user_data);

G_END_DECLS
