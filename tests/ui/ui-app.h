#pragma once
/* SPDX-License-Identifier: MIT */
/* The set-up every in-process ui test program makes in main() (GTK and the editor application). */

#include "editor-application.h"

#include <gtk/gtk.h>

/** What ui_test_init leaves for the test program (free nothing: it lives until exit). */
typedef struct UiTest {
    char *tmpdir;           /* the copy's folder, or NULL (UI_TEST_NO_SAMPLE) */
    char *level_path;       /* the copied sample-levels/loop-hill.json, or NULL */
    EditorApplication *app; /* held and registered, or NULL (UI_TEST_NO_APP) */
} UiTest;

typedef enum UiTestFlags {
    UI_TEST_DEFAULT = 0,
    /* no G_TEST_OPTION_ISOLATE_DIRS (the program sets up its own user folders, or needs none) */
    UI_TEST_NO_ISOLATE = 1 << 0,
    UI_TEST_NO_SAMPLE = 1 << 1,   /* no copy of the sample level */
    UI_TEST_NO_APP = 1 << 2,      /* no application (the test builds widgets on its own) */
    UI_TEST_NO_REGISTER = 1 << 3, /* the application is held but not registered */
} UiTestFlags;

/** The exit status of a ui test program without a display (meson's SKIP). */
#define UI_TEST_SKIP 77

/**
 * g_test_init for a ui test program: the system MIME database (so GTK tells the SVG icons apart
 * under ISOLATE_DIRS), isolated user folders (unless UI_TEST_NO_ISOLATE), gtk_init; then a copy of
 * loop-hill.json and its tileset in a new folder named after @tmp_template (g_dir_make_tmp) and
 * an EditorApplication, held (so it outlives its windows) and registered. FALSE, after printing
 * the TAP skip line, when there is no display: main() then returns UI_TEST_SKIP.
 */
gboolean ui_test_init(int *argc, char ***argv, const char *tmp_template, UiTestFlags flags,
                      UiTest *out);

/** Release the application (when there is one). */
void ui_test_finish(UiTest *t);

/** g_test_run, then ui_test_finish; the program's exit status. */
int ui_test_run(UiTest *t);

/** The first of @w and its descendants whose widget name is @name, or NULL. */
GtkWidget *ui_find_named(GtkWidget *w, const char *name);

/** Activate the detailed action @detailed ("win.tool(\"object\")") on @w, asserting it exists,
 * then let the main loop run 10 ms. */
void ui_act(GtkWidget *w, const char *detailed);
