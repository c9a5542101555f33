/* SPDX-License-Identifier: MIT */
/*
 * The heap a loaded level holds: `build/bench/level-heap LEVEL.json` loads the level with the
 * editor's loader and prints the bytes in use (glibc mallinfo2) after the load minus before it,
 * the file's text already freed — "the model" of the memory target in docs/RELIABILITY.md.
 */
#include "level-json.h"

#include <malloc.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: level-heap LEVEL.json\n");
        return 2;
    }
    lw_level *level = NULL;
    lw_error err;
    struct mallinfo2 before = mallinfo2();
    if (!editor_level_load_file(argv[1], 0, &level, &err)) {
        fprintf(stderr, "level-heap: %s:%d:%d: %s\n", argv[1], err.line, err.column, err.message);
        return 1;
    }
    struct mallinfo2 after = mallinfo2();
    size_t used = (after.uordblks + after.hblkhd) - (before.uordblks + before.hblkhd);
    printf("%s: the loaded level holds %zu bytes (%zu KB) of heap\n", argv[1], used, used / 1024);
    lw_level_free(level);
    return 0;
}
