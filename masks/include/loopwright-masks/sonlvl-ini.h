#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright masks library: a small, strict reader for SonLVL's project files (the INI files the
 * s1disasm, s2disasm and skdisasm trees ship under `SonLVL INI Files/`), docs/DISASM.md §7.
 *
 * The grammar, learnt from the files themselves:
 *   file    = { line } ; lines end with LF or CR LF; the last line may lack its end
 *   line    = "" | ";" comment | "[" name "]" | key "=" value
 * Keys before the first section belong to the global section "" (index 0). Names, keys and
 * values are taken as written (no trimming); in all three a backslash escapes the next character,
 * which must be one of \ = [ ] ; (SonLVL writes `2 Player\\Emerald Hill Zone Act 1` for the name
 * `2 Player\Emerald Hill Zone Act 1`). Refused, with the line and column: NUL and other control
 * bytes (tab excepted), a lone CR, a line that is none of the above, an empty key, a bad escape,
 * text after "]", a section name given twice, a key given twice in one section, more than
 * LWM_INI_MAX_BYTES of text.
 *
 * Depends on the engine's error type and libc.
 */

#include "loopwright/base.h"

#include <stddef.h>

#define LWM_INI_MAX_BYTES (1u << 20) /* SonLVL's largest project file is about 30 KiB */

typedef struct lwm_ini_entry {
    /* Owned */
    char *key;
    char *value;
    /* Plain */
    int line; /* 1-based line of the entry */
} lwm_ini_entry;

typedef struct lwm_ini_section {
    /* Owned */
    char *name; /* "" for the global section */
    lwm_ini_entry *entries;
    /* Plain */
    size_t count;
    int line; /* 1-based line of "[name]" (0 for the global section) */
} lwm_ini_section;

typedef struct lwm_ini {
    /* Owned */
    lwm_ini_section *sections; /* [0] is the global section "" (possibly empty) */
    /* Plain */
    size_t count;
} lwm_ini;

/**
 * Parse @size bytes of @text (need not be NUL-terminated) into @out (its previous content is not
 * freed). On failure @out is empty and @err has the 1-based line and column of the problem;
 * LW_ERR_FORMAT for syntax, LW_ERR_LIMIT for size, LW_ERR_NOMEM.
 */
bool lwm_ini_parse(const char *text, size_t size, lwm_ini *out, lw_error *err);

/** Read and parse file @path (at most LWM_INI_MAX_BYTES). Errors as lwm_ini_parse, LW_ERR_IO. */
bool lwm_ini_load(const char *path, lwm_ini *out, lw_error *err);

/** Free everything and zero @ini (accepts a zeroed one). */
void lwm_ini_clear(lwm_ini *ini);

/** The section named @name (exact match, after unescaping), or NULL. */
const lwm_ini_section *lwm_ini_section_find(const lwm_ini *ini, const char *name);

/** The entry @key of @section (exact match), or NULL. @section may be NULL (then NULL). */
const lwm_ini_entry *lwm_ini_entry_find(const lwm_ini_section *section, const char *key);

/** The value of @key in @section, or NULL. */
const char *lwm_ini_get(const lwm_ini_section *section, const char *key);

/** A hexadecimal INI number of 1 to 6 digits ("B8", "0x710", SonLVL's `waterheight`) into
 * *@out; false for anything else. */
bool lwm_ini_parse_hex(const char *s, uint32_t *out);
