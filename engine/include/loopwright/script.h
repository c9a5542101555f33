#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: input scripts (ARCHITECTURE.md "Input script"), the text form of a replay.
 *
 *   # comment                   '#' starts a comment anywhere on a line
 *   120 R                       COUNT BUTTONS: hold R for 120 frames
 *   1 RJ                        BUTTONS is '-' (none) or letters from L R U D J (upper case)
 *   40 -
 *
 * Blank lines are ignored; COUNT is a decimal integer 0..LW_SCRIPT_MAX_FRAMES; the script's
 * total is at most LW_SCRIPT_MAX_FRAMES frames. Jump "presses" are not written in the script:
 * the simulation derives them (J held on a frame where it was not held on the previous one), so
 * `1 J` then `1 J` is one press held two frames, and `1 J`, `1 -`, `1 J` are two presses.
 *
 * Parsing allocates the run array once; reading a parsed script never allocates.
 */

#include "loopwright/base.h"

#define LW_SCRIPT_MAX_FRAMES 100000000u /* about 19 days at 60 frames per second */

/** One line: @count frames with @buttons held. */
typedef struct lw_script_run {
    uint32_t count;  /* frames */
    uint8_t buttons; /* lw_input bits (LW_BUTTON_* of loopwright/sim.h) */
} lw_script_run;

/** A parsed script. */
typedef struct lw_script {
    /* Owned */
    lw_script_run *runs; /* in file order; runs with count 0 are dropped */
    /* Plain */
    uint32_t run_count;
    uint32_t frame_count; /* sum of the counts, <= LW_SCRIPT_MAX_FRAMES */
} lw_script;

/**
 * Parse @len bytes of @text (need not be NUL-terminated; a NUL byte is an error) into @out.
 * On a syntax error returns false with LW_ERR_FORMAT (unknown button letter, negative or missing
 * count, missing buttons, trailing text), LW_ERR_RANGE (count or total over the limit) or
 * LW_ERR_NOMEM; err->line and err->column (1-based, bytes) point at the offending character and
 * the message does not repeat them. @out is untouched on failure.
 */
bool lw_script_parse(const char *text, size_t len, lw_script *out, lw_error *err);

/** Free the runs and zero @script (accepts a zeroed script). */
void lw_script_clear(lw_script *script);

/** Reading position in a script (zero-initialise to start at frame 1). */
typedef struct lw_script_cursor {
    uint32_t run;    /* index of the current run */
    uint32_t offset; /* frames already taken from it */
} lw_script_cursor;

/** The buttons of the next frame, advancing @cursor; 0 (nothing held) after the end. */
uint8_t lw_script_next(const lw_script *script, lw_script_cursor *cursor);

/**
 * Write @count frames of @buttons as one script line ("120 RJ\n", "5 -\n") into @buf.
 * Returns the length written (excluding the NUL), or the length needed when @size is too small
 * (as snprintf). A helper for recording replays.
 */
size_t lw_script_format_run(char *buf, size_t size, uint32_t count, uint8_t buttons);
