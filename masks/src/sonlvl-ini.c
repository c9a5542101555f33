/* SPDX-License-Identifier: MIT */
/* SonLVL project files: a strict INI reader (sonlvl-ini.h, docs/DISASM.md §7). */
#include "loopwright-masks/sonlvl-ini.h"

#include "loopwright-masks/image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ini_parser {
    const char *text;
    size_t size;
    int line;
    lwm_ini *ini;
    lw_error *err;
} ini_parser;

static bool fail_at(ini_parser *p, int column, lw_status code, const char *msg)
{
    lw_error_set(p->err, code, "%s", msg);
    if (p->err) {
        p->err->line = p->line;
        p->err->column = column;
    }
    return false;
}

/* Copy text[0..n) with the escapes removed into a new string; @col0 is the column of text[0]. */
static bool unescape(ini_parser *p, const char *text, size_t n, int col0, char **out)
{
    char *s = malloc(n + 1);
    if (!s)
        return fail_at(p, col0, LW_ERR_NOMEM, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (text[i] != '\\') {
            s[k++] = text[i];
            continue;
        }
        if (i + 1 >= n || !strchr("\\=[];", text[i + 1]) || !text[i + 1]) {
            free(s);
            return fail_at(p, col0 + (int)i, LW_ERR_FORMAT,
                           "a backslash escapes one of \\ = [ ] ; (write \\\\ for a backslash)");
        }
        s[k++] = text[++i];
    }
    s[k] = '\0';
    *out = s;
    return true;
}

/* Index of the first unescaped @c in text[0..n), or n. */
static size_t find_unescaped(const char *text, size_t n, char c)
{
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\\')
            i++;
        else if (text[i] == c)
            return i;
    }
    return n;
}

static bool add_section(ini_parser *p, char *name)
{
    lwm_ini *ini = p->ini;
    for (size_t i = 0; i < ini->count; i++)
        if (strcmp(ini->sections[i].name, name) == 0) {
            char msg[200];
            snprintf(msg, sizeof msg, "section [%.60s] given twice (first on line %d)", name,
                     ini->sections[i].line);
            free(name);
            return fail_at(p, 1, LW_ERR_FORMAT, msg);
        }
    lwm_ini_section *s = realloc(ini->sections, (ini->count + 1) * sizeof *s);
    if (!s) {
        free(name);
        return fail_at(p, 1, LW_ERR_NOMEM, "out of memory");
    }
    ini->sections = s;
    ini->sections[ini->count++] = (lwm_ini_section){name, NULL, 0, p->line};
    return true;
}

static bool add_entry(ini_parser *p, char *key, char *value)
{
    lwm_ini_section *sec = &p->ini->sections[p->ini->count - 1];
    const lwm_ini_entry *dup = lwm_ini_entry_find(sec, key);
    if (dup) {
        char msg[200];
        snprintf(msg, sizeof msg, "key \"%.60s\" given twice in this section (first on line %d)",
                 key, dup->line);
        free(key);
        free(value);
        return fail_at(p, 1, LW_ERR_FORMAT, msg);
    }
    lwm_ini_entry *e = realloc(sec->entries, (sec->count + 1) * sizeof *e);
    if (!e) {
        free(key);
        free(value);
        return fail_at(p, 1, LW_ERR_NOMEM, "out of memory");
    }
    sec->entries = e;
    sec->entries[sec->count++] = (lwm_ini_entry){key, value, p->line};
    return true;
}

static bool parse_section_line(ini_parser *p, const char *s, size_t n)
{
    size_t close = find_unescaped(s + 1, n - 1, ']') + 1;
    if (close >= n)
        return fail_at(p, (int)n + 1, LW_ERR_FORMAT, "a section line ends with \"]\"");
    if (close + 1 != n)
        return fail_at(p, (int)close + 2, LW_ERR_FORMAT, "text after the section's \"]\"");
    if (find_unescaped(s + 1, close - 1, '[') != close - 1)
        return fail_at(p, 2, LW_ERR_FORMAT, "an unescaped \"[\" inside a section name");
    char *name;
    if (!unescape(p, s + 1, close - 1, 2, &name))
        return false;
    return add_section(p, name);
}

static bool parse_entry_line(ini_parser *p, const char *s, size_t n)
{
    size_t eq = find_unescaped(s, n, '=');
    if (eq == n)
        return fail_at(p, 1, LW_ERR_FORMAT,
                       "neither \"[section]\", \"key=value\" nor a \";\" comment");
    if (eq == 0)
        return fail_at(p, 1, LW_ERR_FORMAT, "empty key before \"=\"");
    char *key, *value;
    if (!unescape(p, s, eq, 1, &key))
        return false;
    if (!unescape(p, s + eq + 1, n - eq - 1, (int)eq + 2, &value)) {
        free(key);
        return false;
    }
    return add_entry(p, key, value);
}

static bool parse_line(ini_parser *p, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F)
            return fail_at(p, (int)i + 1, LW_ERR_FORMAT,
                           c == '\r' ? "a carriage return not followed by a line feed"
                                     : "a control character in the text");
    }
    if (n == 0 || s[0] == ';')
        return true;
    if (s[0] == '[')
        return parse_section_line(p, s, n);
    return parse_entry_line(p, s, n);
}

bool lwm_ini_parse(const char *text, size_t size, lwm_ini *out, lw_error *err)
{
    memset(out, 0, sizeof *out);
    ini_parser p = {text, size, 0, out, err};
    if (size > LWM_INI_MAX_BYTES) {
        p.line = 1;
        return fail_at(&p, 1, LW_ERR_LIMIT, "more than 1 MiB: not a SonLVL project file");
    }
    char *global = malloc(1);
    if (!global || (*global = '\0', !add_section(&p, global))) {
        lwm_ini_clear(out);
        return fail_at(&p, 1, LW_ERR_NOMEM, "out of memory");
    }
    size_t pos = 0;
    while (pos < size) {
        p.line++;
        const char *nl = memchr(text + pos, '\n', size - pos);
        size_t end = nl ? (size_t)(nl - text) : size;
        size_t n = end - pos;
        if (n && text[end - 1] == '\r' && nl)
            n--;
        if (!parse_line(&p, text + pos, n)) {
            lwm_ini_clear(out);
            return false;
        }
        pos = nl ? end + 1 : size;
    }
    return true;
}

bool lwm_ini_load(const char *path, lwm_ini *out, lw_error *err)
{
    memset(out, 0, sizeof *out);
    char *text;
    size_t size;
    if (!lwm_file_read(path, LWM_INI_MAX_BYTES, &text, &size, err))
        return false;
    bool ok = lwm_ini_parse(text, size, out, err);
    free(text);
    return ok;
}

void lwm_ini_clear(lwm_ini *ini)
{
    if (!ini)
        return;
    for (size_t i = 0; i < ini->count; i++) {
        lwm_ini_section *s = &ini->sections[i];
        for (size_t k = 0; k < s->count; k++) {
            free(s->entries[k].key);
            free(s->entries[k].value);
        }
        free(s->entries);
        free(s->name);
    }
    free(ini->sections);
    memset(ini, 0, sizeof *ini);
}

const lwm_ini_section *lwm_ini_section_find(const lwm_ini *ini, const char *name)
{
    for (size_t i = 0; i < ini->count; i++)
        if (strcmp(ini->sections[i].name, name) == 0)
            return &ini->sections[i];
    return NULL;
}

const lwm_ini_entry *lwm_ini_entry_find(const lwm_ini_section *section, const char *key)
{
    if (!section)
        return NULL;
    for (size_t i = 0; i < section->count; i++)
        if (strcmp(section->entries[i].key, key) == 0)
            return &section->entries[i];
    return NULL;
}

const char *lwm_ini_get(const lwm_ini_section *section, const char *key)
{
    const lwm_ini_entry *e = lwm_ini_entry_find(section, key);
    return e ? e->value : NULL;
}

/* SonLVL's `waterheight` is hexadecimal, as the games' tables have it (s1disasm's WaterHeight
 * dc.w $B8, SonLVL.ini waterheight=B8). */
bool lwm_ini_parse_hex(const char *s, uint32_t *out)
{
    const char *d = (s[0] == '0' && (s[1] | 32) == 'x') ? s + 2 : s;
    size_t n = strlen(d);
    if (n == 0 || n > 6 || strspn(d, "0123456789abcdefABCDEF") != n)
        return false;
    *out = (uint32_t)strtoul(d, NULL, 16);
    return true;
}
