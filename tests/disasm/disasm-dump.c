/* SPDX-License-Identifier: MIT */
/*
 * disasm-dump LEVEL.json s1|s2 ZONE OUT_DIR: export LEVEL in memory exactly as `loopwright pack
 * --format` does and write, for every compressed file, what the exporter meant to compress as
 * OUT_DIR/PATH.raw — for the independent Python Kosinski decoder to compare with the .kos files
 * the CLI wrote.
 */
#include "level-json.h"

#include <errno.h>
#include <loopwright-masks/disasm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int put(const char *dir, const char *rel, const uint8_t *data, size_t n)
{
    char path[4096];
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return 1;
    snprintf(path, sizeof path, "%s/%s.raw", dir, rel);
    for (char *p = path + strlen(dir) + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return 1;
            *p = '/';
        }
    FILE *f = fopen(path, "wb");
    if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f))
        return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: disasm-dump LEVEL.json s1|s2 ZONE OUT_DIR\n");
        return 2;
    }
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_file(argv[1], 0, &level, &err)) {
        fprintf(stderr, "%s: %s\n", argv[1], err.message);
        return 1;
    }
    lwm_image art = {0};
    char *png = level->tileset ? editor_level_resolve_path(argv[1], level->tileset) : NULL;
    if (png && !lwm_image_load_png(png, &art, &err)) {
        fprintf(stderr, "%s: %s\n", png, err.message);
        return 1;
    }
    lwm_game game;
    if (!lwm_game_parse(argv[2], &game))
        return 2;
    lwm_disasm_options opts = lwm_disasm_options_default(game, argv[3]);
    lwm_disasm_export ex;
    lwm_report rep = {0};
    if (!lwm_disasm_export_level(level, png ? &art : NULL, &opts, &ex, &rep, &err)) {
        fprintf(stderr, "%s: %s\n", argv[1], err.message);
        return 1;
    }
    int bad = 0;
    for (size_t i = 0; i < ex.file_count; i++)
        if (ex.files[i].codec == LWM_CODEC_KOSINSKI)
            bad |= put(argv[4], ex.files[i].path, ex.files[i].raw, ex.files[i].raw_size);
    lwm_disasm_export_clear(&ex);
    lwm_report_clear(&rep);
    lwm_image_clear(&art);
    free(png);
    lw_level_free(level);
    return bad;
}
