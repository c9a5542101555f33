#pragma once
/* SPDX-License-Identifier: MIT */
/* Tests: run the real `loopwright` binary ($LW_LOOPWRIGHT) as a user would, without a display. */

typedef struct cli_result {
    int code;  /* exit status */
    char *out; /* stdout, owned */
    char *err; /* stderr, owned */
} cli_result;

/** Run loopwright with the NULL-terminated @args, DISPLAY and WAYLAND_DISPLAY unset. Asserts
 * that it could be started and exited normally. */
cli_result cli_run(const char *const *args);

/** Free what @r owns. */
void cli_run_free(cli_result *r);
