/* SPDX-License-Identifier: MIT */
/*
 * `loopwright-gui`: the GTK editor and test-play window. `loopwright` (editor/main.c) starts it
 * for no command, `edit`, `play` or a file name, with the same arguments; it can also be run
 * directly with those arguments.
 */
#include "ui/editor-app.h"

int main(int argc, char **argv)
{
    return editor_app_run(argc, argv);
}
