/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the SonLVL INI reader (masks/include/loopwright-masks/sonlvl-ini.h).
 * Besides "never crashes, never reads out of bounds" (sanitizers), it checks: a refusal has a
 * message and a line and column inside the text; an accepted file has unique section names,
 * unique keys per section, entries found again by their key, and lines in increasing order.
 */
#include <loopwright-masks/sonlvl-ini.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_accepted(const lwm_ini *ini)
{
    if (ini->count == 0 || ini->sections[0].name[0])
        abort(); /* the global section comes first */
    int last = 0;
    for (size_t i = 0; i < ini->count; i++) {
        const lwm_ini_section *s = &ini->sections[i];
        if (lwm_ini_section_find(ini, s->name) != s || (i && s->line <= last))
            abort();
        last = s->line;
        for (size_t k = 0; k < s->count; k++) {
            if (!s->entries[k].key[0] || lwm_ini_entry_find(s, s->entries[k].key) != &s->entries[k])
                abort();
            if (s->entries[k].line <= last)
                abort();
            last = s->entries[k].line;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lwm_ini ini;
    lw_error err;
    if (!lwm_ini_parse((const char *)data, size, &ini, &err)) {
        if (err.code == LW_OK || !err.message[0] || err.line < 1 || err.column < 1 ||
            (size_t)err.line > size + 1)
            abort();
        if (ini.count || ini.sections)
            abort();
        return 0;
    }
    check_accepted(&ini);
    lwm_ini_clear(&ini);
    return 0;
}
