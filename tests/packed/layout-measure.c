/* SPDX-License-Identifier: MIT */
/*
 * layout-measure FORMAT FILE...: parse each file as an object/ring layout of FORMAT
 * (lwm_layout_format_name: s1-objects, s2-rings, ...), write it back and compare. Prints one
 * line per file and "FORMAT: N files, P parsed, E byte-identical, R records". Exit status 1
 * when a file fails to parse.
 * layout-measure names DIR LIST...: load each LIST ('|'-separated object lists relative to DIR,
 * as in a SonLVL project's objlst=) into its own table and print how many ids it names.
 * Used by measure-real-trees.sh (docs/CODECS.md §4).
 */
#include "read-all.h"

#include <loopwright-masks/objlayout.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int names(int argc, char **argv)
{
    int status = 0;
    for (int i = 3; i < argc; i++) {
        lwm_object_names table;
        lwm_object_names_init(&table);
        char *list = strdup(argv[i]);
        for (char *save = NULL, *part = strtok_r(list, "|", &save); part;
             part = strtok_r(NULL, "|", &save)) {
            lw_error err;
            if (!lwm_object_names_add_file(&table, argv[2], part, &err)) {
                printf("FAIL: %s/%s:%d: %s\n", argv[2], part, err.line, err.message);
                status = 1;
            }
        }
        printf("names: %s: %zu ids named\n", argv[i], table.named);
        free(list);
    }
    return status;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "names") == 0)
        return names(argc, argv);
    int format = -1;
    for (int f = 0; argc >= 2 && f < LWM_LAYOUT_FORMAT_COUNT; f++)
        if (strcmp(argv[1], lwm_layout_format_name((lwm_layout_format)f)) == 0)
            format = f;
    if (format < 0) {
        fprintf(stderr, "usage: layout-measure FORMAT FILE... | names DIR LIST...\n");
        return 2;
    }
    int files = 0, parsed = 0, exact = 0;
    size_t records = 0;
    for (int i = 2; i < argc; i++) {
        size_t n = 0;
        uint8_t *in = measure_read_all(argv[i], &n);
        files++;
        if (!in)
            continue; /* reported */
        lwm_layout layout;
        lw_error err;
        if (!lwm_layout_parse(&layout, (lwm_layout_format)format, in, n, &err)) {
            printf("FAIL: %s: byte %ld: %s\n", argv[i], err.offset, err.message);
            lwm_layout_clear(&layout);
            free(in);
            continue;
        }
        parsed++;
        records += layout.object_count + layout.ring_count;
        size_t size = lwm_layout_size(&layout), wrote = 0;
        uint8_t *out = malloc(size + 1);
        bool ok = lwm_layout_write(&layout, out, size, &wrote, &err);
        bool same = ok && wrote == n && memcmp(out, in, n) == 0;
        exact += same;
        printf("%s: %s (%zu records, head %zu, tail %zu%s)\n", same ? "ok" : "differs", argv[i],
               layout.object_count + layout.ring_count, layout.head_size, layout.tail_size,
               layout.terminated ? "" : ", no terminator");
        free(out);
        lwm_layout_clear(&layout);
        free(in);
    }
    printf("%s: %d files, %d parsed, %d byte-identical, %zu records\n", argv[1], files, parsed,
           exact, records);
    return parsed == files ? 0 : 1;
}
