#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Tests: what the disassembly ui tests (test-ui-disasm-open.c, test-ui-disasm-save.c) share: the
 * set-up of main (HOME and XDG_* inside a scratch folder, GTK, a registered application), a
 * main-loop spin, the editor window showing a file, and the clean-up.
 */
#include "editor-application.h"
#include "editor-window.h"

/**
 * Make a scratch folder (*@tmp, named after @prefix) holding HOME and the XDG_* folders, run
 * g_test_init, start GTK and register a held application (*@app). Returns -1 to go on, or the
 * exit status to return at once (77 after printing the TAP skip line when there is no display).
 */
int ui_fixture_start(int *argc, char ***argv, const char *prefix, char **tmp,
                     EditorApplication **app);

/** After g_test_run (@status): release @app and remove @tmp; the exit status. */
int ui_fixture_finish(EditorApplication *app, char *tmp, int status);

/** Run the main context for @ms milliseconds. */
void ui_fixture_spin(guint ms);

/** The editor window of @app whose document is the file @path, or NULL. */
EditorWindow *ui_fixture_window_for(EditorApplication *app, const char *path);
