#pragma once
/* SPDX-License-Identifier: MIT */
/* `loopwright play LEVEL ...` (docs/CLI.md): the test-play window and its automation. */

/** Run the play command; @argv[0] is "play". Returns the process exit status. */
int play_command_run(int argc, char **argv);
