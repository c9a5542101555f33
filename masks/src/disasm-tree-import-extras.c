/* SPDX-License-Identifier: MIT */
/*
 * The tree import, what the INI gives besides the game's tables (disasm-tree.h, docs/DISASM.md
 * §7.2, §7.6, §8.1): palette slices, the start position, the water height, `layoutcopy`, the
 * animated tiles and blocks, the water palette.
 */
#include "disasm-tree-import-private.h"

#include <errno.h>
#include <loopwright-masks/file-io.h>
#include <loopwright/crc32.h>
#include <loopwright/enigma.h>
#include <loopwright/kosinski.h>
#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool tree_parse_slice(const char *spec, size_t n, uint32_t limit, tree_pal_slice *out)
{
    char buf[600];
    snprintf(buf, sizeof buf, "%.*s", (int)(n < 599 ? n : 599), spec);
    char *f[4] = {buf, NULL, NULL, NULL};
    for (int k = 1; k < 4; k++) {
        char *col = f[k - 1] ? strchr(f[k - 1], ':') : NULL;
        if (col)
            *col = '\0';
        f[k] = col ? col + 1 : NULL;
    }
    if (!f[3] || !ti_parse_number(f[1], strlen(f[1]), &out->from) ||
        !ti_parse_number(f[2], strlen(f[2]), &out->to) ||
        !ti_parse_number(f[3], strlen(f[3]), &out->len) || out->to + out->len > limit ||
        strlen(buf) >= sizeof out->path)
        return false;
    memcpy(out->path, buf, strlen(buf) + 1);
    return true;
}

/* "file:src:dst:len|..." in colours: dst 0..63 over the four lines. */
bool ti_read_palette(tree_ctx *c)
{
    const char *v = ti_get(c, "palette");
    while (v && *v) {
        size_t n = strcspn(v, "|");
        tree_pal_slice sl;
        bool good = tree_parse_slice(v, n, 64, &sl);
        const char *spec = v;
        v += n + (v[n] == '|');
        if (!good) {
            snprintf(c->failed, 4096, "%s/%s", c->tree->root, LWM_TREE_INI_FILE);
            return lw_error_set(c->err, LW_ERR_FORMAT,
                                "[%.80s] palette: \"%.*s\" is not FILE:SRC:DST:LEN within 64 "
                                "colours",
                                c->sec->name, (int)(n < 80 ? n : 80), spec);
        }
        uint32_t from = sl.from, to = sl.to, len = sl.len;
        uint8_t *file;
        size_t size;
        bool missing;
        if (!ti_read_file(c, "palette", sl.path, true, &missing, &file, &size))
            return false;
        if (missing) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, sl.path, -1, "palette file not found");
            continue;
        }
        bool ok = (size_t)(from + len) * 2u <= size;
        for (uint32_t i = 0; ok && i < len; i++) {
            uint16_t w = ti_be16(file + 2u * (from + i));
            if (w & ~0x0EEEu)
                ok = lw_error_set_at(c->err, LW_ERR_FORMAT, (long)(2u * (from + i)),
                                     "colour word 0x%04X: only the bits 0x0EEE are colour", w);
            c->pal[to + i] = w;
            c->have_pal[to + i] = true;
        }
        if ((size_t)(from + len) * 2u > size)
            lw_error_set_at(c->err, LW_ERR_TRUNCATED, (long)size,
                            "%zu bytes: colours %u..%u are asked for", size, from, from + len - 1u);
        free(file);
        if (!ok)
            return false;
    }
    return true;
}

/* The first start position "file:character:label" (4 bytes: X, Y). */
bool ti_read_start(tree_ctx *c)
{
    const char *v = ti_get(c, "startpos");
    if (!v)
        return true;
    char path[512];
    tree_first_path(v, path, sizeof path);
    uint8_t *file;
    size_t size;
    bool missing;
    if (!ti_read_file(c, "startpos", path, true, &missing, &file, &size))
        return false;
    if (missing) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, path, -1,
                       "no start position: the level has no player start");
        return true;
    }
    bool ok = size == 4 || lw_error_set_at(c->err, size < 4 ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                                           (long)(size < 4 ? size : 4),
                                           "%zu bytes: a start position is 4 (X, Y)", size);
    if (ok) {
        c->have_start = true;
        c->start_x = ti_be16(file);
        c->start_y = ti_be16(file + 2);
    }
    free(file);
    return ok;
}

/* What the level does not model but the INI gives (docs/DISASM.md §8.1): the water height and
 * `layoutcopy` are kept in the source; each `animtilesN=FILE:SRC:DST:LEN` file is read and
 * recorded (its CRC pins it; it is never rewritten) and its patterns drawn where the blocks
 * name VRAM tiles DST.. past the art. */
bool ti_read_extras(tree_ctx *c)
{
    const char *v = ti_get(c, "waterheight");
    uint32_t h;
    if (v && lwm_ini_parse_hex(v, &h) && h <= 0x7FFF) {
        c->src->has_water = true;
        c->src->water_height = h;
        lwm_report_add(c->report, LWM_REPORT_NOTE, NULL, -1,
                       "water height %u px: the level's water_height, and kept in the source "
                       "section (a changed height is saved into the INI and the game's table, "
                       "docs/DISASM.md §8.6)",
                       h);
    } else if (v) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, LWM_TREE_INI_FILE, -1,
                       "[%.80s] waterheight \"%.20s\" is not a height: not kept", c->sec->name, v);
    }
    v = ti_get(c, "layoutcopy");
    if (v && !(c->src->layout_copy = strdup(v)))
        return ti_nomem(c);
    for (unsigned n = 1; n <= LWM_TREE_ANIMTILES; n++) {
        char key[16];
        snprintf(key, sizeof key, "animtiles%u", n);
        v = ti_get(c, key);
        tree_pal_slice sl;
        if (!v)
            continue;
        if (!tree_parse_slice(v, strlen(v), MAX_ART_BYTES / MD_PATTERN_BYTES, &sl)) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, LWM_TREE_INI_FILE, -1,
                           "[%.80s] %s is not FILE:SRC:DST:LEN within VRAM: not read", c->sec->name,
                           key);
            continue;
        }
        uint8_t *file = NULL;
        size_t size = 0;
        bool missing = true;
        if (!ti_read_file(c, key, sl.path, true, &missing, &file, &size))
            return false;
        if (missing)
            lwm_report_add(c->report, LWM_REPORT_WARNING, sl.path, -1,
                           "animated tiles file not found");
        bool ok = true;
        for (uint32_t i = 0; ok && i < sl.len && (sl.from + i + 1u) * MD_PATTERN_BYTES <= size;
             i++) {
            uint8_t **slot = &c->anim[sl.to + i];
            ok = *slot || (*slot = malloc(MD_PATTERN_BYTES)) != NULL;
            if (ok)
                memcpy(*slot, file + (size_t)(sl.from + i) * MD_PATTERN_BYTES, MD_PATTERN_BYTES);
        }
        free(file);
        if (!ok)
            return ti_nomem(c);
    }
    return true;
}

/* SonLVL's `animblocks=FILE` (docs/DISASM.md §7.6): the blocks the game copies over the end of
 * its block table. Those past the loaded blocks become level tiles after the block data's; the
 * file is recorded (its CRC pins it) and never written. A malformed file is warned about and not
 * used: it is SonLVL's, not the game's. */
bool ti_read_anim_blocks(tree_ctx *c)
{
    const char *v = ti_get(c, "animblocks");
    if (!v)
        return true;
    bool missing = true;
    uint8_t *data = NULL;
    size_t size = 0;
    if (!ti_read_file(c, "animblocks", v, true, &missing, &data, &size))
        return false;
    if (missing) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, v, -1, "animated blocks file not found");
        return true;
    }
    const char *rel = c->src->files[c->src->file_count - 1].path;
    c->src->files[c->src->file_count - 1].raw_size = (uint32_t)size;
    c->animblk = (blob){data, size};
    tree_anim an;
    char why[200];
    if (!tree_anim_parse(data, size, c->src->block_count, &an, why, sizeof why)) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, rel, -1, "%s: not used", why);
        return true;
    }
    c->src->anim_limit = an.file_first;
    c->src->anim_first = an.first;
    c->src->anim_count = an.count;
    if (an.count)
        lwm_report_add(c->report, LWM_REPORT_NOTE, rel, -1,
                       "%u animated blocks (%u..%u) drawn as tiles %u..%u; never written back",
                       an.count, an.first, an.first + an.count - 1u, c->src->block_count - 1u,
                       c->src->block_count - 2u + an.count);
    if (an.count < an.file_count)
        lwm_report_add(c->report, LWM_REPORT_NOTE, rel, -1,
                       "animated blocks %u..%u lie inside the block data's %u blocks: drawn "
                       "over them, as the game copies them there; the block data's words are "
                       "kept",
                       an.file_first,
                       (an.file_first + an.file_count < c->src->block_count
                            ? an.file_first + an.file_count
                            : c->src->block_count) -
                           1u,
                       c->src->block_count);
    return true;
}

/* The water palette: `waterpal=N` names `paletteN=NAME|FILE:SRC:DST:LEN|...`. Its files are
 * recorded (role "waterpal", never written) and its colours kept in the source (§8.1). */
bool ti_read_water_palette(tree_ctx *c)
{
    const char *n = ti_get(c, "waterpal");
    uint32_t k;
    if (!n)
        return true;
    lwm_tree_source *s = c->src;
    snprintf(s->water_palette_key, sizeof s->water_palette_key, "palette%.6s", n);
    const char *v = ti_parse_number(n, strlen(n), &k) && k >= 2 && k <= 99
                        ? ti_get(c, s->water_palette_key)
                        : NULL;
    const char *bar = v ? strchr(v, '|') : NULL;
    if (!bar) {
        lwm_report_add(c->report, LWM_REPORT_WARNING, LWM_TREE_INI_FILE, -1,
                       "[%.80s] waterpal=%.8s names no palette NAME|FILE:SRC:DST:LEN: not kept",
                       c->sec->name, n);
        return true;
    }
    snprintf(s->water_palette_name, sizeof s->water_palette_name, "%.*s",
             (int)(bar - v < 63 ? bar - v : 63), v);
    for (unsigned i = 0; i < 64; i++)
        s->water_palette[i] = -1;
    for (v = bar + 1; *v;) {
        size_t len = strcspn(v, "|");
        tree_pal_slice sl;
        bool good = tree_parse_slice(v, len, 64, &sl);
        v += len + (v[len] == '|');
        uint8_t *file = NULL;
        size_t size = 0;
        bool missing = true;
        if (good && !ti_read_file(c, "waterpal", sl.path, true, &missing, &file, &size))
            return false;
        if (!good || missing || (size_t)(sl.from + sl.len) * 2u > size) {
            lwm_report_add(c->report, LWM_REPORT_WARNING, good ? sl.path : LWM_TREE_INI_FILE, -1,
                           "%s: a slice of the water palette %s is %s: not kept",
                           s->water_palette_key, s->water_palette_name,
                           !good     ? "malformed"
                           : missing ? "missing"
                                     : "short");
            free(file);
            continue;
        }
        for (uint32_t i = 0; i < sl.len; i++)
            s->water_palette[sl.to + i] = (int32_t)ti_be16(file + 2u * (sl.from + i));
        free(file);
    }
    s->has_water_palette = true;
    lwm_report_add(c->report, LWM_REPORT_NOTE, NULL, -1,
                   "water palette %s (%s): kept in the source section and drawn as the water "
                   "tileset (docs/DISASM.md §8.1)",
                   s->water_palette_name, s->water_palette_key);
    return true;
}
