#pragma once
/* SPDX-License-Identifier: MIT */
/* The trace CSV reader of `loopwright render --trace` (the format `loopwright sim --trace`
 * writes: a "frame,x,y,..." header, then one row per frame). Only the x and y columns are used,
 * truncated to whole px. Untrusted input: bounded, no floating point. */

#include <loopwright/base.h>
#include <stddef.h>
#include <stdint.h>

#define CLI_TRACE_MAX_FILE  (256u << 20) /* bytes */
#define CLI_TRACE_MAX_ROWS  50000000u    /* rows */
#define CLI_TRACE_MAX_COORD (1 << 24)    /* |x|, |y| in px */

/** Parse @len bytes of trace text into a malloc()ed array of *@count (x, y) px pairs. Errors
 * carry the line and column. */
bool cli_trace_parse(const char *text, size_t len, int32_t **xy, size_t *count, lw_error *err);

/** Read and parse the trace file @path (a regular file; a folder or a pipe is refused). */
bool cli_trace_load(const char *path, int32_t **xy, size_t *count, lw_error *err);
