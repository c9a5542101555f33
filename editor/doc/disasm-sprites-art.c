/* SPDX-License-Identifier: MIT */
/*
 * Disassembly object sprites (disasm-sprites.h): their art, an art spec's files decoded
 * (Nemesis, Kosinski, Kosinski moduled or plain) and put together at their offsets, as
 * SonLVL's MultiFileIndexer does, or the level's own art.
 */
#include "disasm-sprites-private.h"

#include <loopwright-masks/disasm-tree.h>
#include <loopwright/kosinski.h>
#include <loopwright/kosm.h>
#include <loopwright/nemesis.h>
#include <stdlib.h>
#include <string.h>

typedef enum { CODEC_PLAIN, CODEC_NEM, CODEC_KOS, CODEC_KOSM } codec;

static codec codec_of(const char *file, const char *artcmp)
{
    const char *name = artcmp;
    if (!name) {
        const char *dot = strrchr(file, '.');
        name = !dot                                    ? ""
               : g_ascii_strcasecmp(dot, ".nem") == 0  ? "Nemesis"
               : g_ascii_strcasecmp(dot, ".kos") == 0  ? "Kosinski"
               : g_ascii_strcasecmp(dot, ".kosm") == 0 ? "KosinskiM"
                                                       : "";
    }
    return g_ascii_strcasecmp(name, "Nemesis") == 0     ? CODEC_NEM
           : g_ascii_strcasecmp(name, "Kosinski") == 0  ? CODEC_KOS
           : g_ascii_strcasecmp(name, "KosinskiM") == 0 ? CODEC_KOSM
                                                        : CODEC_PLAIN;
}

/* Decode @in into @out (DSPR_MAX_ART_BYTES); the decoded size, or -1 with @err. */
static long decode(codec c, const uint8_t *in, size_t n, uint8_t *out, lw_error *err)
{
    size_t got = 0;
    bool ok;
    switch (c) {
    case CODEC_NEM:
        ok = lw_nemesis_decompress(in, n, out, DSPR_MAX_ART_BYTES, &got, NULL, err);
        break;
    case CODEC_KOS:
        ok = lw_kosinski_decompress(in, n, out, DSPR_MAX_ART_BYTES, &got, NULL, err);
        break;
    case CODEC_KOSM:
        ok = lw_kosm_decompress(in, n, out, DSPR_MAX_ART_BYTES, &got, NULL, err);
        break;
    default:
        ok = n <= DSPR_MAX_ART_BYTES ||
             lw_error_set_at(err, LW_ERR_LIMIT, 0, "more than %u bytes of art", DSPR_MAX_ART_BYTES);
        if (ok)
            memcpy(out, in, n);
        got = n;
    }
    return ok ? (long)got : -1;
}

/* Split "FILE[:OFFSET]" into the file and the offset (0 when none; hex 0x or decimal, may be
 * negative: the part's first bytes are dropped). */
static char *split_offset(const char *part, long *offset)
{
    const char *colon = strrchr(part, ':');
    *offset = 0;
    if (colon) {
        char *end;
        long v = strtol(colon + 1, &end, 0);
        if (colon[1] && !*end && v > -(long)DSPR_MAX_ART_BYTES && v < (long)DSPR_MAX_ART_BYTES) {
            *offset = v;
            return g_strndup(part, (gsize)(colon - part));
        }
    }
    return g_strdup(part);
}

/* The decoded bytes of part @file into @tmp: the level's art for "LevelArt" when @level_ok,
 * else the file decoded; the size, or -1 with a warning. */
static long part_bytes(EditorDisasmSprites *self, const char *file, const char *artcmp,
                       gboolean level_ok, uint8_t *tmp)
{
    if (level_ok && g_ascii_strcasecmp(file, "LevelArt") == 0) {
        GBytes *level = dspr_load_art(self, "LevelArt", NULL); /* cached, warned once */
        gsize n = 0;
        const void *d = level ? g_bytes_get_data(level, &n) : NULL;
        if (d && n)
            memcpy(tmp, d, MIN(n, (gsize)DSPR_MAX_ART_BYTES));
        return level ? (long)MIN(n, (gsize)DSPR_MAX_ART_BYTES) : -1;
    }
    gsize n;
    g_autofree char *where = NULL;
    g_autofree char *data = dspr_read(self, file, DSPR_MAX_FILE_BYTES, &n, &where);
    if (!data)
        return -1;
    lw_error err;
    long got = decode(codec_of(file, artcmp), (const uint8_t *)data, n, tmp, &err);
    if (got < 0)
        dspr_warn(self, where, 0, "byte %ld: %s", err.offset, err.message);
    return got;
}

/* One part of an art spec into @art at its offset (else after @*end); FALSE with a warning.
 * A part "LevelArt[:OFFSET]" is the level's art when @level_ok (not while reading it). */
static gboolean art_part(EditorDisasmSprites *self, const char *part, const char *artcmp,
                         gboolean level_ok, uint8_t *art, uint8_t *tmp, size_t *end)
{
    long off;
    g_auto(GStrv) fields = g_strsplit(part, "\t", 2); /* FILE[:OFFSET][\tCOMPRESSION] */
    if (fields[0] && fields[1])
        artcmp = fields[1];
    part = fields[0] ? fields[0] : "";
    g_autofree char *file = split_offset(part, &off);
    long got = part_bytes(self, file, artcmp, level_ok, tmp);
    if (got < 0)
        return FALSE;
    /* "FILE:0" is at byte 0; "FILE" after the previous part */
    long at = strlen(file) != strlen(part) ? off : (long)*end;
    for (long i = 0; i < got; i++)
        if (at + i >= 0 && at + i < (long)DSPR_MAX_ART_BYTES)
            art[at + i] = tmp[i];
    long stop = at + got;
    if (stop > (long)*end)
        *end = stop > (long)DSPR_MAX_ART_BYTES ? DSPR_MAX_ART_BYTES : (size_t)stop;
    return TRUE;
}

GBytes *dspr_load_art(EditorDisasmSprites *self, const char *spec, const char *artcmp)
{
    g_autofree char *key = g_strconcat(spec, "\n", artcmp ? artcmp : "", NULL);
    gpointer cached;
    if (g_hash_table_lookup_extended(self->art, key, NULL, &cached))
        return cached;
    const char *use = spec;
    long level_off = 0;
    g_autofree char *level_file = NULL;
    if (g_ascii_strncasecmp(spec, "LevelArt", 8) == 0 && !strchr(spec, '|')) {
        level_file = split_offset(spec, &level_off);
        use = self->level_tiles;
        artcmp = NULL;
    }
    GBytes *bytes = NULL;
    if (use) {
        uint8_t *art = g_malloc0(DSPR_MAX_ART_BYTES), *tmp = g_malloc(DSPR_MAX_ART_BYTES);
        size_t end = 0;
        g_auto(GStrv) parts = g_strsplit(use, "|", 64);
        gboolean ok = TRUE;
        for (guint i = 0; ok && parts[i]; i++)
            ok = art_part(self, parts[i], artcmp, !level_file, art, tmp, &end);
        if (ok && level_off) { /* LevelArt:-32: the level's art seen from byte 32 */
            long from = -level_off;
            size_t keep = from >= 0 && (size_t)from < end ? end - (size_t)from : 0;
            memmove(art, art + (from > 0 ? from : 0), keep);
            end = keep;
        }
        if (ok)
            bytes = g_bytes_new(art, end);
        g_free(art);
        g_free(tmp);
    } else {
        dspr_warn(self, LWM_TREE_INI_FILE, 0, "LevelArt: the level names no tiles");
    }
    g_hash_table_insert(self->art, g_steal_pointer(&key), bytes);
    return bytes;
}
