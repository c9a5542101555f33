/* SPDX-License-Identifier: MIT */
/*
 * The water height of a level saved back into its tree (docs/DISASM.md §8.6). The tree keeps it
 * in two places: SonLVL's INI (`waterheight=HEX` in the level's section) and the game's own table
 * of start heights (s1disasm `WaterHeight` in _inc/LZWaterFeatures.asm, s2disasm `WaterHeight`
 * in s2.asm, both tables of its `useFullWaterTables` switch; skdisasm
 * Levels/Misc/StartingWaterHeights.bin). A changed height rewrites the INI value's bytes and the
 * table entry of the level's zone and act where that entry holds the INI's old value; every
 * other byte stays. What the tree cannot hold (water added to a level whose section has none,
 * or removed: the games' code decides which levels have water) is refused, nothing written.
 */
#include "disasm-tree-export-private.h"

#include <dirent.h>
#include <loopwright-masks/file-io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_SOURCE_BYTES (8u << 20) /* s2.asm is 2.7 MB */
#define LABEL            "WaterHeight"

/* The game's zone id of a level's zone (its layout file's name), -1 when unknown. */
static int zone_id(lwm_game game, const char *zone)
{
    static const char *const s2[] = {"EHZ", "",    "WZ",  "",    "MTZ", "MTZ3", "WFZ", "HTZ", "HPZ",
                                     "",    "OOZ", "MCZ", "CNZ", "CPZ", "DEZ",  "ARZ", "SCZ"};
    static const char *const s3k[] = {"AIZ", "HCZ", "MGZ", "CNZ", "FBZ", "ICZ", "LBZ", "MHZ",
                                      "SOZ", "LRZ", "SSZ", "DEZ", "DDZ", "",    "ALZ", "BPZ"};
    const char *const *names = game == LWM_GAME_S2 ? s2 : s3k;
    int n = game == LWM_GAME_S2 ? (int)(sizeof s2 / sizeof *s2) : (int)(sizeof s3k / sizeof *s3k);
    for (int i = 0; *zone && i < n; i++)
        if (strcasecmp(names[i], zone) == 0)
            return i;
    return -1;
}

/* The entry of the level's zone and act in a table of two words a zone starting at zone
 * @first_zone; S1's table is LZ's acts 1-3 then SBZ 3 (LZ's fourth act). -1 when none. */
static long table_index(lwm_game game, const lwm_tree_level *lv, int first_zone)
{
    if (game == LWM_GAME_S1) {
        if (strcasecmp(lv->zone, "LZ") == 0 && lv->act >= 1 && lv->act <= 3)
            return (long)lv->act - 1;
        return strcasecmp(lv->zone, "SBZ") == 0 && lv->act == 3 ? 3 : -1;
    }
    int z = zone_id(game, lv->zone);
    if (z < first_zone || lv->act < 1 || lv->act > 2)
        return -1;
    return (long)(z - first_zone) * 2 + (long)lv->act - 1;
}

/* The new value in the style of the old token @old (@n bytes): "0x"/"$" prefix kept, lower-case
 * digits when the old has any, decimal when the old is decimal. */
static void format_like(const char *old, size_t n, bool hex_default, uint32_t v, char *out,
                        size_t size)
{
    size_t prefix = 0;
    if (n >= 2 && old[0] == '0' && (old[1] | 32) == 'x')
        prefix = 2;
    else if (n >= 1 && old[0] == '$')
        prefix = 1;
    bool lower = false;
    for (size_t i = prefix; i < n; i++)
        lower |= old[i] >= 'a' && old[i] <= 'f';
    bool hex = prefix || hex_default;
    snprintf(out, size, hex ? (lower ? "%.*s%x" : "%.*s%X") : "%.*s%u", (int)prefix, old, v);
}

/* Replace @n bytes at @at of @data (@size) by @with; a new malloc()ed buffer in *@out. */
static bool splice(const char *data, size_t size, size_t at, size_t n, const char *with, char **out,
                   size_t *out_size)
{
    size_t w = strlen(with);
    *out_size = size - n + w;
    if (!(*out = malloc(*out_size + 1)))
        return false;
    memcpy(*out, data, at);
    memcpy(*out + at, with, w);
    memcpy(*out + at + w, data + at + n, size - at - n);
    (*out)[*out_size] = '\0';
    return true;
}

/* Bytes that differ between @a (@na) and @b (@nb), position by position. */
static uint32_t diff_count(const char *a, size_t na, const char *b, size_t nb)
{
    uint32_t d = 0;
    for (size_t k = 0; k < na || k < nb; k++)
        d += k >= na || k >= nb || a[k] != b[k];
    return d;
}

/* Add (or replace, when @rel is already an output of this step) the file @rel's new bytes. */
static bool add_out(export_ctx *c, const char *rel, char *data, size_t size, const char *old,
                    size_t old_size, const char *shared)
{
    lwm_tree_out_file *o = NULL;
    for (size_t i = 0; i < c->out->file_count; i++)
        if (strcmp(c->out->files[i].path, rel) == 0 && strcmp(c->out->files[i].role, "water") == 0)
            o = &c->out->files[i];
    if (!o) {
        if (c->out->file_count >= LWM_TREE_MAX_FILES) {
            free(data);
            return lw_error_set(c->err, LW_ERR_LIMIT, "more than %d files to write",
                                LWM_TREE_MAX_FILES);
        }
        o = &c->out->files[c->out->file_count++];
        memset(o, 0, sizeof *o);
        snprintf(o->path, sizeof o->path, "%s", rel);
        snprintf(o->role, sizeof o->role, "water");
        if (shared && !(o->shared = strdup(shared))) {
            free(data);
            return tx_nomem(c);
        }
        o->alters_others = shared != NULL;
    }
    free(o->data);
    o->data = (uint8_t *)data;
    o->size = o->raw_size = size;
    o->changed_bytes = diff_count(old, old_size, data, size);
    return true;
}

/* Refuse the save: the tree cannot hold the level's water; failed = @rel (and @line). */
static bool cannot_hold(export_ctx *c, const char *rel, int line, const char *why)
{
    tx_set_failed(c, rel);
    c->out->cannot_hold = true;
    lw_error_set(c->err, LW_ERR_FORMAT, "[%.80s] %s; nothing was written", c->src->level, why);
    if (c->err && line > 0) {
        c->err->line = line;
        c->err->column = 1;
    }
    return false;
}

/* ---- the INI's `waterheight` value ---- */

/* Where entry @e's value starts in the INI text @text (@size), when its line is a plain
 * `waterheight=VALUE` (the value as parsed, then the line's end). */
static bool plain_value(const char *text, size_t size, const lwm_ini_entry *e, size_t *value_at)
{
    size_t at = 0;
    for (int line = 1; line < e->line && at < size; at++)
        line += text[at] == '\n';
    const char *key = "waterheight=";
    size_t vlen = strlen(e->value), klen = strlen(key);
    *value_at = at + klen;
    return at + klen + vlen <= size && memcmp(text + at, key, klen) == 0 &&
           memcmp(text + at + klen, e->value, vlen) == 0 &&
           (at + klen + vlen == size || text[at + klen + vlen] == '\r' ||
            text[at + klen + vlen] == '\n');
}

static bool write_ini(export_ctx *c, uint32_t height)
{
    const lwm_ini_entry *e = lwm_ini_entry_find(c->sec, "waterheight");
    char why[256];
    if (!e) {
        snprintf(why, sizeof why,
                 "the water height is the INI's global waterheight, which every "
                 "level of the tree reads");
        return cannot_hold(c, LWM_TREE_INI_FILE, c->tree->ini.sections[0].line, why);
    }
    char *text;
    size_t size;
    tx_set_failed(c, LWM_TREE_INI_FILE);
    if (!lwm_file_read(c->failed, LWM_INI_MAX_BYTES, &text, &size, c->err))
        return false;
    size_t at, vlen = strlen(e->value);
    if (!plain_value(text, size, e, &at)) {
        free(text);
        snprintf(why, sizeof why, "waterheight is not a plain \"waterheight=HEX\" line");
        return cannot_hold(c, LWM_TREE_INI_FILE, e->line, why);
    }
    char value[32], *out;
    size_t out_size;
    format_like(e->value, vlen, true, height, value, sizeof value);
    /* the INI's hexadecimal has no prefix unless the old value had one */
    bool ok = splice(text, size, at, vlen, value, &out, &out_size) || tx_nomem(c);
    ok = ok && add_out(c, LWM_TREE_INI_FILE, out, out_size, text, size, NULL);
    if (ok)
        lwm_report_add(c->report, LWM_REPORT_NOTE, LWM_TREE_INI_FILE, (long)at,
                       "line %d: [%.80s] waterheight=%s -> %s", e->line, c->src->level, e->value,
                       value);
    free(text);
    return ok;
}

/* ---- the tree's other project files repeating the value ---- */

#define INI_DIR    "SonLVL INI Files"
#define MAX_OTHERS 16

/* Whether @name is another SonLVL project file of the INI folder (SonLVL*.ini but not the
 * tree's own: s1disasm's and s2disasm's SonLVL.rev00.ini, skdisasm's SonLVL - S3.ini and
 * SonLVL - S&K.ini). */
static bool is_other_project(const char *name)
{
    size_t n = strlen(name);
    return n > 10 && strncasecmp(name, "SonLVL", 6) == 0 && strcasecmp(name + n - 4, ".ini") == 0 &&
           strcasecmp(name, "SonLVL.ini") != 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The value of the level's section in the other project file @rel, when it is the INI's old
 * value @old as a plain line: replaced by @height; another value, or a line that is not plain,
 * is left and warned about. A file that does not parse, or has no such section or key, is
 * left as it is. */
static bool write_other_ini(export_ctx *c, const char *rel, uint32_t old, uint32_t height)
{
    tx_set_failed(c, rel);
    lwm_ini ini = {0};
    lw_error ignored;
    if (!lwm_ini_load(c->failed, &ini, &ignored)) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, rel, -1,
                       "does not parse (%s): its waterheight values are not changed",
                       ignored.message);
        return true;
    }
    const lwm_ini_section *sec = lwm_ini_section_find(&ini, c->sec->name);
    const lwm_ini_entry *e = sec ? lwm_ini_entry_find(sec, "waterheight") : NULL;
    char *text = NULL;
    size_t size = 0, at = 0;
    bool ok = true;
    if (e && !lwm_file_read(c->failed, LWM_INI_MAX_BYTES, &text, &size, c->err))
        ok = false;
    else if (e) {
        const char *d = e->value[0] == '0' && (e->value[1] | 32) == 'x' ? e->value + 2 : e->value;
        char *end;
        unsigned long v = strtoul(d, &end, 16);
        bool plain = plain_value(text, size, e, &at) && *d && !*end;
        if (!plain || v != old) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, rel, (long)at,
                           plain ? "line %d: [%.80s] waterheight=%s is not the old value %X: "
                                   "left unchanged"
                                 : "line %d: [%.80s] waterheight=%s is not a plain "
                                   "\"waterheight=HEX\" line (the old value %X): left unchanged",
                           e->line, c->sec->name, e->value, old);
        } else {
            char value[32], *out;
            size_t out_size;
            format_like(e->value, strlen(e->value), true, height, value, sizeof value);
            ok = splice(text, size, at, strlen(e->value), value, &out, &out_size) || tx_nomem(c);
            ok = ok && add_out(c, rel, out, out_size, text, size, NULL);
            if (ok)
                lwm_report_add(c->report, LWM_REPORT_NOTE, rel, (long)at,
                               "line %d: [%.80s] waterheight=%s -> %s", e->line, c->sec->name,
                               e->value, value);
        }
    }
    free(text);
    lwm_ini_clear(&ini);
    return ok;
}

/* Every other project file of the INI folder, in name order. */
static bool write_other_inis(export_ctx *c, uint32_t old, uint32_t height)
{
    tx_set_failed(c, INI_DIR);
    DIR *d = opendir(c->failed);
    if (!d)
        return true;
    char *names[MAX_OTHERS];
    size_t n = 0;
    bool ok = true;
    struct dirent *de;
    while (ok && (de = readdir(d)) != NULL) {
        if (!is_other_project(de->d_name) || n >= MAX_OTHERS)
            continue;
        if ((names[n] = strdup(de->d_name)) != NULL)
            n++;
        else
            ok = tx_nomem(c);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char rel[512];
        snprintf(rel, sizeof rel, INI_DIR "/%.400s", names[i]);
        tx_set_failed(c, rel);
        if (ok && lwm_file_is_regular(c->failed))
            ok = write_other_ini(c, rel, old, height);
        free(names[i]);
    }
    return ok;
}

/* ---- the game's table in the assembly source ---- */

/* One number of a dc.w line: where it is in the file and its value. */
typedef struct asm_token {
    size_t at, n;
    int line;
    uint32_t value;
    bool number; /* a plain $HEX or decimal number */
} asm_token;

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t';
}

/* Parse one number token at @s (@n bytes, spaces trimmed by the caller). */
static bool parse_number(const char *s, size_t n, uint32_t *v)
{
    bool hex = n > 1 && s[0] == '$';
    size_t from = hex ? 1 : 0;
    if (n == from || n - from > 6)
        return false;
    uint32_t x = 0;
    for (size_t i = from; i < n; i++) {
        char ch = s[i];
        int d = ch >= '0' && ch <= '9'          ? ch - '0'
                : hex && ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                : hex && ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                                : -1;
        if (d < 0)
            return false;
        x = x * (hex ? 16u : 10u) + (uint32_t)d;
    }
    *v = x;
    return x <= 0xFFFF;
}

/* The statement at @s..@end (a line after its label, if any): when it is `dc.w` or
 * `zoneTableEntry.w`, count its values and stop at value @want (*@found). *@data false when
 * the statement is something else (the table ends). */
static void scan_statement(const char *text, size_t s, size_t end, int line, long want, long *count,
                           asm_token *found, bool *data)
{
    while (s < end && is_space(text[s]))
        s++;
    size_t stop = s;
    while (stop < end && text[stop] != ';')
        stop++;
    size_t word = s;
    while (word < stop && !is_space(text[word]))
        word++;
    bool dc = (word - s == 4 && strncasecmp(text + s, "dc.w", 4) == 0) ||
              (word - s == 16 && strncasecmp(text + s, "zoneTableEntry.w", 16) == 0);
    *data = dc;
    if (!dc)
        return;
    for (size_t p = word; p < stop;) {
        size_t comma = p;
        while (comma < stop && text[comma] != ',')
            comma++;
        size_t a = p, b = comma;
        while (a < b && is_space(text[a]))
            a++;
        while (b > a && (is_space(text[b - 1]) || text[b - 1] == '\r'))
            b--;
        if (*count == want) {
            found->at = a;
            found->n = b - a;
            found->line = line;
            found->number = parse_number(text + a, b - a, &found->value);
        }
        (*count)++;
        p = comma + 1;
    }
}

/* An assembly source file read whole. */
typedef struct asm_file {
    const char *rel;
    const char *text;
    size_t size;
} asm_file;

static bool label_at(const asm_file *f, size_t at)
{
    size_t n = strlen(LABEL);
    return at + n < f->size && memcmp(f->text + at, LABEL, n) == 0 && f->text[at + n] == ':';
}

/* The entry @want of the table whose label starts the line at @at; false with the reason in
 * @why when the table does not hold it as a plain number. */
static bool find_entry(const asm_file *f, size_t at, int line, long want, asm_token *tok, char *why,
                       size_t why_size)
{
    size_t s = at + strlen(LABEL) + 1;
    long count = 0;
    bool first = true;
    memset(tok, 0, sizeof *tok);
    tok->line = -1;
    while (s < f->size && count <= want) {
        size_t end = s;
        while (end < f->size && f->text[end] != '\n')
            end++;
        size_t t = s;
        while (t < end && (is_space(f->text[t]) || f->text[t] == '\r'))
            t++;
        bool blank = t == end || f->text[t] == ';';
        bool data = false;
        if (!blank)
            scan_statement(f->text, s, end, line, want, &count, tok, &data);
        /* the label's own line may carry a directive (S2's `zoneOrderedTable 2,2`) */
        if (!blank && !data && !first)
            break;
        first = false;
        s = end + 1;
        line++;
    }
    if (tok->line < 0) {
        snprintf(why, why_size, "%s has no entry %ld as dc.w words", LABEL, want);
        return false;
    }
    if (!tok->number) {
        snprintf(why, why_size, "%s's entry %ld (\"%.*s\") is not a plain number", LABEL, want,
                 (int)(tok->n < 40 ? tok->n : 40), f->text + tok->at);
        return false;
    }
    return true;
}

/* The first zone of the table defined at @at: S2's `zoneOrderedTable` starts at EHZ, its short
 * table (`useFullWaterTables = 0`) at HPZ; S1's at LZ 1. */
static int table_first_zone(const export_ctx *c, const asm_file *f, size_t at)
{
    if (c->game != LWM_GAME_S2)
        return 0;
    size_t end = at;
    while (end < f->size && f->text[end] != '\n')
        end++;
    const char *z = "zoneOrderedTable";
    for (size_t p = at; p + strlen(z) <= end; p++)
        if (strncasecmp(f->text + p, z, strlen(z)) == 0)
            return 0;
    return 8;
}

/* Edit every definition of the table in @f (the text changes in place in *@edited). */
static bool edit_asm(export_ctx *c, const asm_file *f, uint32_t old, uint32_t height, char **edited,
                     size_t *edited_size, unsigned *tables)
{
    const lwm_tree_level *lv = &c->tree->levels[lwm_tree_find(c->tree, c->src->level)];
    int line = 1;
    for (size_t at = 0; at < f->size; at++) {
        if ((at == 0 || f->text[at - 1] == '\n') && label_at(f, at)) {
            (*tables)++;
            long want = table_index(c->game, lv, table_first_zone(c, f, at));
            char why[200];
            asm_token tok;
            if (want < 0) {
                lwm_report_add(c->report, LWM_REPORT_WARNING, f->rel, (long)at,
                               "line %d: %s has no entry for %s %u: the game's start height is "
                               "not changed",
                               line, LABEL, lv->zone, lv->act);
                continue;
            }
            if (!find_entry(f, at, line, want, &tok, why, sizeof why))
                return cannot_hold(c, f->rel, line, why);
            if (tok.value != old) {
                lwm_report_add(c->report, LWM_REPORT_WARNING, f->rel, (long)tok.at,
                               "line %d: %s's entry for %s %u is $%X, not the INI's $%X: left "
                               "unchanged",
                               tok.line, LABEL, lv->zone, lv->act, tok.value, old);
                continue;
            }
            char value[32], *out;
            size_t out_size;
            format_like(f->text + tok.at, tok.n, false, height, value, sizeof value);
            /* @tok is at its place in the original text; the edits before it (tables earlier
             * in the file) moved it by the growth of the copy so far */
            size_t shift = *edited_size - f->size;
            if (!splice(*edited, *edited_size, tok.at + shift, tok.n, value, &out, &out_size))
                return tx_nomem(c);
            free(*edited);
            *edited = out;
            *edited_size = out_size;
            lwm_report_add(c->report, LWM_REPORT_NOTE, f->rel, (long)tok.at,
                           "line %d: %s (%s %u) %.*s -> %s", tok.line, LABEL, lv->zone, lv->act,
                           (int)tok.n, f->text + tok.at, value);
        }
        line += f->text[at] == '\n';
    }
    return true;
}

/* The other levels of the tree with the same zone and act (the game's entry is theirs too). */
static char *same_zone_act(const export_ctx *c, const lwm_tree_level *lv)
{
    char *list = NULL;
    size_t len = 0;
    for (size_t i = 0; i < c->tree->level_count; i++) {
        const lwm_tree_level *o = &c->tree->levels[i];
        if (o == lv || !*o->zone || strcasecmp(o->zone, lv->zone) != 0 || o->act != lv->act)
            continue;
        size_t n = strlen(o->name);
        char *grown = realloc(list, len + n + 3);
        if (!grown) {
            free(list);
            return NULL;
        }
        list = grown;
        snprintf(list + len, n + 3, "%s%s", len ? "; " : "", o->name);
        len += n + (len ? 2 : 0);
    }
    return list;
}

/* S1 and S2: the `WaterHeight:` tables of the game's source. */
static bool write_asm(export_ctx *c, uint32_t old, uint32_t height)
{
    static const char *const s1[] = {"_inc/LZWaterFeatures.asm", "sonic.asm", NULL};
    static const char *const s2[] = {"s2.asm", NULL};
    const char *const *files = c->game == LWM_GAME_S1 ? s1 : s2;
    unsigned tables = 0;
    for (size_t i = 0; files[i]; i++) {
        char *text;
        size_t size;
        tx_set_failed(c, files[i]);
        if (!lwm_file_is_regular(c->failed))
            continue;
        if (!lwm_file_read(c->failed, MAX_SOURCE_BYTES, &text, &size, c->err))
            return false;
        asm_file f = {files[i], text, size};
        char *edited = malloc(size + 1);
        size_t edited_size = size;
        bool ok = edited || tx_nomem(c);
        if (ok)
            memcpy(edited, text, size + 1);
        ok = ok && edit_asm(c, &f, old, height, &edited, &edited_size, &tables);
        bool changed = ok && (edited_size != size || memcmp(edited, text, size) != 0);
        if (changed) {
            const lwm_tree_level *lv = &c->tree->levels[lwm_tree_find(c->tree, c->src->level)];
            char *shared = same_zone_act(c, lv);
            ok = add_out(c, files[i], edited, edited_size, text, size, shared);
            free(shared);
        } else {
            free(edited);
        }
        free(text);
        if (!ok)
            return false;
    }
    if (!tables)
        lwm_report_add(c->report, LWM_REPORT_WARNING, NULL, -1,
                       "the game's %s table was not found (%s%s): only the INI changes", LABEL,
                       files[0], files[1] ? ", ..." : "");
    return true;
}

/* S3K: Levels/Misc/StartingWaterHeights.bin, a big-endian word a zone and act. */
static bool write_s3k(export_ctx *c, uint32_t old, uint32_t height)
{
    const char *rel = "Levels/Misc/StartingWaterHeights.bin";
    const lwm_tree_level *lv = &c->tree->levels[lwm_tree_find(c->tree, c->src->level)];
    long want = table_index(c->game, lv, 0);
    tx_set_failed(c, rel);
    if (!lwm_file_is_regular(c->failed) || want < 0) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, rel, -1,
                       want < 0 ? "no entry for %s %u: the game's start height is not changed"
                                : "not in the tree: the game's start height (%s %u) is not "
                                  "changed",
                       lv->zone, lv->act);
        return true;
    }
    char *data;
    size_t size;
    if (!lwm_file_read(c->failed, 4096, &data, &size, c->err))
        return false;
    size_t at = (size_t)want * 2;
    if (at + 2 > size) {
        free(data);
        char why[160];
        snprintf(why, sizeof why, "the table has %zu bytes, no word %ld for %s %u", size, want,
                 lv->zone, lv->act);
        return cannot_hold(c, rel, -1, why);
    }
    uint32_t v = (uint32_t)((uint8_t)data[at] << 8 | (uint8_t)data[at + 1]);
    if (v != old) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, rel, (long)at,
                       "word %ld (%s %u) is $%X, not the INI's $%X: left unchanged", want, lv->zone,
                       lv->act, v, old);
        free(data);
        return true;
    }
    char *out = malloc(size + 1);
    if (!out) {
        free(data);
        return tx_nomem(c);
    }
    memcpy(out, data, size + 1);
    out[at] = (char)(height >> 8);
    out[at + 1] = (char)(height & 0xFF);
    lwm_report_add(c->report, LWM_REPORT_NOTE, rel, (long)at, "word %ld (%s %u) $%X -> $%X", want,
                   lv->zone, lv->act, old, height);
    char *shared = same_zone_act(c, lv);
    bool ok = add_out(c, rel, out, size, data, size, shared);
    free(shared);
    free(data);
    return ok;
}

bool tree_export_water(export_ctx *c)
{
    const lwm_tree_source *s = c->src;
    const lw_level *l = c->level;
    bool had = s->has_water && s->water_height <= LW_MAX_WATER_HEIGHT; /* as the import made it */
    if (l->has_water == had && (!had || (uint32_t)l->water_height == s->water_height))
        return true;
    char why[320];
    if (!had || !l->has_water) {
        if (!had)
            snprintf(why, sizeof why,
                     "the level has water at %ld px, but the INI's section has no waterheight "
                     "and the game's code decides which levels have water: the tree cannot hold "
                     "it",
                     (long)l->water_height);
        else
            snprintf(why, sizeof why,
                     "the level has no water, but the INI gives waterheight=%X and the game's "
                     "code gives the level water: the tree cannot hold it",
                     s->water_height);
        return cannot_hold(c, LWM_TREE_INI_FILE, c->sec->line, why);
    }
    /* the INI must still say what the import read (the INI has no CRC in the source) */
    const lwm_ini_entry *e = lwm_ini_entry_find(c->sec, "waterheight");
    const char *v = e ? e->value : lwm_ini_get(&c->tree->ini.sections[0], "waterheight");
    char was[16];
    snprintf(was, sizeof was, "%X", s->water_height);
    const char *d = v && v[0] == '0' && (v[1] | 32) == 'x' ? v + 2 : v;
    if (!d || strtoul(d, NULL, 16) != s->water_height) {
        tx_set_failed(c, LWM_TREE_INI_FILE);
        lw_error_set(c->err, LW_ERR_FORMAT,
                     "[%.80s] waterheight changed since the level was imported (was %s): unpack "
                     "the level again",
                     s->level, was);
        if (c->err && e) {
            c->err->line = e->line;
            c->err->column = (int)strlen("waterheight=") + 1;
        }
        return false;
    }
    uint32_t height = (uint32_t)l->water_height;
    if (!write_ini(c, height) || !write_other_inis(c, s->water_height, height))
        return false;
    c->out->water_written = true;
    return c->game == LWM_GAME_S3K ? write_s3k(c, s->water_height, height)
                                   : write_asm(c, s->water_height, height);
}
