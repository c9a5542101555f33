/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the object/ring layout parser and the SonLVL object-list reader
 * (objlayout.h, docs/CODECS.md §3). First byte: below 0xF0 picks the layout format (byte % the
 * format count) and the rest is the file; 0xF0 and up, the rest is an object list (its xml /
 * code references point into a folder that does not exist). Checks beyond the sanitizers:
 *   - a refused layout carries a code, a message and an offset inside the input;
 *   - an accepted layout writes back to exactly its input, and its size is lwm_layout_size;
 *   - a refused list carries a message; the table's count matches its non-empty names, and
 *     every name is NUL-terminated without control characters.
 */
#include <loopwright-masks/objlayout.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_layout(lwm_layout_format format, const uint8_t *in, size_t n)
{
    lwm_layout layout;
    lw_error err;
    if (!lwm_layout_parse(&layout, format, in, n, &err)) {
        if (err.code == LW_OK || !err.message[0] || err.offset < 0 || (size_t)err.offset > n)
            abort();
        lwm_layout_clear(&layout);
        return;
    }
    size_t need = lwm_layout_size(&layout), wrote = 0;
    uint8_t *out = malloc(need + 1);
    if (!out || need != n || !lwm_layout_write(&layout, out, need, &wrote, &err) || wrote != n ||
        memcmp(out, in, n) != 0)
        abort();
    free(out);
    lwm_layout_clear(&layout);
}

static void fuzz_names(const uint8_t *in, size_t n)
{
    static lwm_object_names names;
    lwm_object_names_init(&names);
    lw_error err;
    if (!lwm_object_names_add_text(&names, "/nonexistent-loopwright-fuzz", (const char *)in, n,
                                   &err) &&
        (err.code == LW_OK || !err.message[0]))
        abort();
    size_t named = 0;
    for (unsigned id = 0; id < 256; id++) {
        const char *name = lwm_object_names_get(&names, (uint8_t)id);
        size_t len = strnlen(name, LWM_OBJECT_NAME_MAX);
        if (len == LWM_OBJECT_NAME_MAX)
            abort();
        for (size_t i = 0; i < len; i++)
            if ((unsigned char)name[i] < 0x20)
                abort();
        named += len > 0;
    }
    if (named != names.named)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] >= 0xF0)
        fuzz_names(data + 1, size - 1);
    else
        fuzz_layout((lwm_layout_format)(data[0] % LWM_LAYOUT_FORMAT_COUNT), data + 1, size - 1);
    return 0;
}
