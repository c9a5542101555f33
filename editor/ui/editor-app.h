#pragma once
/* SPDX-License-Identifier: MIT */
/* The GTK application: `loopwright [edit] [LEVEL]` and `loopwright play LEVEL`. */

/** Run the GUI with the process arguments; returns the exit status. */
int editor_app_run(int argc, char **argv);
