/* SPDX-License-Identifier: MIT */
#include "loopwright-masks/classic.h"

#include "loopwright-masks/image.h"

#include <errno.h>
#include <loopwright/kosinski.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TABLE_BYTES    (LWM_CLASSIC_MASKS * 16u)
#define S2_INDEX_BYTES 768u
#define SK_INDEX_BYTES 1536u /* S&K: primary and secondary interleaved */
#define S3_INDEX_BYTES 3072u /* S3: 768 big-endian words primary, then 768 secondary */

bool lwm_game_parse(const char *name, lwm_game *out)
{
    if (strcmp(name, "s1") == 0)
        *out = LWM_GAME_S1;
    else if (strcmp(name, "s2") == 0)
        *out = LWM_GAME_S2;
    else if (strcmp(name, "s3k") == 0)
        *out = LWM_GAME_S3K;
    else
        return false;
    return true;
}

bool lwm_classic_file_name(lwm_game game, lwm_classic_file which, const char *zone, char *buf,
                           size_t size)
{
    static const char *const tables[3][3] = {
        {"Collision Array (Normal).bin", "Collision Array (Rotated).bin", "Angle Map.bin"},
        {"Collision array - Vertical.bin", "Collision array - Horizontal.bin",
         "Curve and resistance mapping.bin"},
        {"Height Maps.bin", "Height Maps Rotated.bin", "angles.bin"},
    };
    int g = (int)game - 1;
    if (g < 0 || g > 2)
        return false;
    int n;
    switch (which) {
    case LWM_FILE_HEIGHTS:
    case LWM_FILE_WIDTHS:
    case LWM_FILE_ANGLES:
        n = snprintf(buf, size, "%s", tables[g][which]);
        break;
    case LWM_FILE_INDEX:
        n = game == LWM_GAME_S2 ? snprintf(buf, size, "%s primary 16x16 collision index.kos", zone)
                                : snprintf(buf, size, "%s.bin", zone);
        break;
    case LWM_FILE_INDEX_B:
        if (game != LWM_GAME_S2)
            return false;
        n = snprintf(buf, size, "%s secondary 16x16 collision index.kos", zone);
        break;
    default:
        return false;
    }
    return n >= 0 && (size_t)n < size;
}

/* ---- from a level ---- */

static uint8_t angle_byte(const lw_mask *m)
{
    return lw_mask_angle_byte(m);
}

bool lwm_classic_from_level(const lw_level *level, lwm_game game, lwm_classic *out,
                            lwm_file_warn_fn warn, void *user, lw_error *err)
{
    uint32_t max_tiles = game == LWM_GAME_S1 ? 1023u : 767u;
    if (level->tile_count > max_tiles)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "%u tiles: %s holds %u blocks besides the empty block 0 (tile t is "
                            "block t+1)",
                            level->tile_count,
                            game == LWM_GAME_S1   ? "S1"
                            : game == LWM_GAME_S2 ? "S2"
                                                  : "S3K",
                            max_tiles);
    /* classic id of every level mask */
    uint16_t *id_of = malloc((level->mask_count + 1) * sizeof *id_of);
    if (!id_of)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    memset(out, 0, sizeof *out);
    out->game = game;
    uint32_t used = 1; /* id 0: empty */
    uint32_t distinct = 0;
    for (uint32_t m = 0; m < level->mask_count; m++) {
        const lw_mask *mk = &level->masks[m];
        bool empty = true;
        for (int c = 0; c < 16; c++)
            empty &= mk->heights[c] == 0;
        if (empty) {
            id_of[m] = 0;
            continue;
        }
        uint8_t a = angle_byte(mk);
        uint32_t found = 0;
        for (uint32_t k = 1; k < used && k < LWM_CLASSIC_MASKS; k++)
            if (memcmp(out->masks[k].heights, mk->heights, 16) == 0 && out->masks[k].angle == a) {
                found = k;
                break;
            }
        if (!found) {
            distinct++;
            if (used >= LWM_CLASSIC_MASKS) {
                used++;
                id_of[m] = 0;
                continue;
            }
            found = used++;
            lw_mask *dst = &out->masks[found];
            memcpy(dst->heights, mk->heights, 16);
            lw_mask_derive_widths(dst);
            dst->angle = a;
            dst->flags = (a & 1u) ? LW_MASK_FLAGGED : 0;
        }
        id_of[m] = (uint16_t)found;
    }
    if (distinct > LWM_CLASSIC_MASKS - 1) {
        free(id_of);
        return lw_error_set(err, LW_ERR_LIMIT,
                            "%u distinct masks: the tables hold %u besides the empty mask 0",
                            distinct, LWM_CLASSIC_MASKS - 1);
    }
    for (uint32_t m = 0; m < level->mask_count; m++) {
        const lw_mask *mk = &level->masks[m];
        if (!(mk->flags & LW_MASK_FLAGGED) && (mk->angle & 1u) && warn && id_of[m]) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "mask %u has the odd angle 0x%02X; the game reads odd angles as flagged", m,
                     mk->angle);
            warn(user, NULL, -1, msg);
        }
    }
    out->has_index = true;
    out->block_count = game == LWM_GAME_S1 ? level->tile_count + 1 : S2_INDEX_BYTES;
    uint32_t differ = 0;
    for (uint32_t t = 0; t < level->tile_count; t++) {
        for (int p = 0; p < 2; p++) {
            uint16_t m = level->tiles[t].mask[p];
            out->index[p][t + 1] = (uint8_t)(m == LW_NONE || m >= level->mask_count ? 0 : id_of[m]);
        }
        if (game == LWM_GAME_S1 && out->index[1][t + 1] != out->index[0][t + 1]) {
            differ++;
            out->index[1][t + 1] = out->index[0][t + 1];
        }
    }
    if (differ && warn) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "S1 has one collision path: path B of %u tiles differs from path A and is not "
                 "exported",
                 differ);
        warn(user, NULL, -1, msg);
    }
    free(id_of);
    return true;
}

/* ---- files ---- */

static bool join(const char *dir, const char *name, char *out)
{
    int n = snprintf(out, 4096, "%s/%s", dir, name);
    return n > 0 && n < 4096;
}

static bool write_one(const char *dir, const char *name, const void *data, size_t size,
                      char *failed, lw_error *err)
{
    if (!join(dir, name, failed))
        return lw_error_set(err, LW_ERR_IO, "path too long");
    return lwm_file_write_atomic(failed, data, size, NULL, err);
}

bool lwm_classic_encode_file(const lwm_classic *d, lwm_classic_file which, uint8_t **out,
                             size_t *size, lw_error *err)
{
    uint8_t *buf = NULL;
    size_t n = 0;
    switch (which) {
    case LWM_FILE_HEIGHTS:
    case LWM_FILE_WIDTHS:
        n = TABLE_BYTES;
        if (!(buf = malloc(n)))
            break;
        for (uint32_t m = 0; m < LWM_CLASSIC_MASKS; m++)
            for (uint32_t i = 0; i < 16; i++)
                buf[m * 16 + i] = (uint8_t)(which == LWM_FILE_HEIGHTS ? d->masks[m].heights[i]
                                                                      : d->masks[m].widths[i]);
        break;
    case LWM_FILE_ANGLES:
        n = LWM_CLASSIC_MASKS;
        if (!(buf = malloc(n)))
            break;
        for (uint32_t m = 0; m < LWM_CLASSIC_MASKS; m++)
            buf[m] = d->masks[m].angle;
        break;
    case LWM_FILE_INDEX:
    case LWM_FILE_INDEX_B:
        if (!d->has_index || (which == LWM_FILE_INDEX_B && d->game != LWM_GAME_S2))
            return lw_error_set(err, LW_ERR_RANGE, "no such index file");
        if (d->game == LWM_GAME_S1) {
            n = d->block_count;
            if (n == 0 || n > LWM_CLASSIC_MAX_BLOCKS)
                return lw_error_set(err, LW_ERR_RANGE, "%zu blocks in an S1 index", n);
            if ((buf = malloc(n)))
                memcpy(buf, d->index[0], n);
        } else if (d->game == LWM_GAME_S3K) {
            n = SK_INDEX_BYTES;
            if ((buf = malloc(n)))
                for (uint32_t b = 0; b < S2_INDEX_BYTES; b++) {
                    buf[2 * b] = d->index[0][b];
                    buf[2 * b + 1] = d->index[1][b];
                }
        } else {
            if ((buf = malloc(lw_kosinski_bound(S2_INDEX_BYTES))))
                n = lw_kosinski_compress(d->index[which == LWM_FILE_INDEX_B], S2_INDEX_BYTES, buf);
            if (buf && n == 0) {
                free(buf);
                buf = NULL;
            }
        }
        break;
    default:
        return lw_error_set(err, LW_ERR_RANGE, "no such file");
    }
    if (!buf)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    *out = buf;
    *size = n;
    return true;
}

bool lwm_classic_write_dir(const lwm_classic *d, const char *dir, const char *zone, char *failed,
                           lw_error *err)
{
    snprintf(failed, 4096, "%s", dir);
    struct stat st;
    if (stat(dir, &st) != 0)
        return lw_error_set(err, LW_ERR_IO, "cannot use the folder: %s", strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return lw_error_set(err, LW_ERR_IO, "not a folder");
    static const lwm_classic_file order[] = {LWM_FILE_HEIGHTS, LWM_FILE_WIDTHS, LWM_FILE_ANGLES,
                                             LWM_FILE_INDEX, LWM_FILE_INDEX_B};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        lwm_classic_file which = order[i];
        if (which >= LWM_FILE_INDEX && !d->has_index)
            break;
        if (which == LWM_FILE_INDEX_B && d->game != LWM_GAME_S2)
            break; /* S1 and S3K have one index file */
        char name[4096];
        if (!lwm_classic_file_name(d->game, which, zone, name, sizeof name))
            return lw_error_set(err, LW_ERR_IO, "zone name too long");
        uint8_t *data;
        size_t size;
        if (!lwm_classic_encode_file(d, which, &data, &size, err))
            return false;
        bool ok = write_one(dir, name, data, size, failed, err);
        free(data);
        if (!ok)
            return false;
    }
    return true;
}

/* Read @name from @dir; @exact (0 = any) is the only size accepted. */
static bool read_one(const char *dir, const char *name, size_t max, uint8_t **data, size_t *size,
                     char *failed, lw_error *err)
{
    if (!join(dir, name, failed))
        return lw_error_set(err, LW_ERR_IO, "path too long");
    char *buf;
    if (!lwm_file_read(failed, max, &buf, size, err))
        return false;
    *data = (uint8_t *)buf;
    return true;
}

static bool expect_size(size_t size, size_t want, lw_error *err)
{
    if (size == want)
        return true;
    return lw_error_set_at(err, size < want ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                           (long)(size < want ? size : want), "%zu bytes, expected %zu", size,
                           want);
}

bool lwm_classic_read_dir(const char *dir, lwm_game game, const char *zone, lwm_classic *out,
                          lwm_file_warn_fn warn, void *user, char *failed, lw_error *err)
{
    memset(out, 0, sizeof *out);
    out->game = game;
    char name[4096];
    uint8_t *h = NULL, *w = NULL, *a = NULL, *ix = NULL, *ix2 = NULL;
    size_t hs, ws, as, is = 0, is2 = 0;
    bool ok = lwm_classic_file_name(game, LWM_FILE_HEIGHTS, "", name, sizeof name) &&
              read_one(dir, name, 1u << 20, &h, &hs, failed, err) &&
              expect_size(hs, TABLE_BYTES, err);
    for (uint32_t i = 0; ok && i < TABLE_BYTES; i++) {
        int v = (int8_t)h[i];
        if (v < -16 || v > 16)
            ok = lw_error_set_at(err, LW_ERR_RANGE, (long)i,
                                 "height 0x%02X (%d) of mask %u column %u is outside -16..16", h[i],
                                 v, i / 16, i % 16);
        else
            out->masks[i / 16].heights[i % 16] = (int8_t)v;
    }
    ok = ok && lwm_classic_file_name(game, LWM_FILE_WIDTHS, "", name, sizeof name) &&
         read_one(dir, name, 1u << 20, &w, &ws, failed, err) && expect_size(ws, TABLE_BYTES, err);
    for (uint32_t m = 0; ok && m < LWM_CLASSIC_MASKS; m++) {
        lw_mask derived = out->masks[m];
        lw_mask_derive_widths(&derived);
        for (uint32_t r = 0; r < 16; r++) {
            int v = (int8_t)w[m * 16 + r];
            out->masks[m].widths[r] = (int8_t)v;
            if (v < -16 || v > 16) {
                ok = lw_error_set_at(err, LW_ERR_RANGE, (long)(m * 16 + r),
                                     "width 0x%02X (%d) of mask %u row %u is outside -16..16",
                                     w[m * 16 + r], v, m, r);
                break;
            }
        }
        if (ok && memcmp(derived.widths, out->masks[m].widths, 16) != 0 && warn) {
            uint32_t r = 0;
            while (derived.widths[r] == out->masks[m].widths[r])
                r++;
            char msg[200];
            snprintf(msg, sizeof msg,
                     "mask %u row %u: stored width %d, but its heights give %d by the ROM rule "
                     "(widths are re-derived from heights when a level uses the mask)",
                     m, r, out->masks[m].widths[r], derived.widths[r]);
            warn(user, failed, (long)(m * 16 + r), msg);
        }
    }
    ok = ok && lwm_classic_file_name(game, LWM_FILE_ANGLES, "", name, sizeof name) &&
         read_one(dir, name, 1u << 20, &a, &as, failed, err) &&
         expect_size(as, LWM_CLASSIC_MASKS, err);
    for (uint32_t m = 0; ok && m < LWM_CLASSIC_MASKS; m++) {
        out->masks[m].angle = a[m];
        out->masks[m].flags = (a[m] & 1u) ? LW_MASK_FLAGGED : 0;
    }
    if (ok && zone) {
        ok = lwm_classic_file_name(game, LWM_FILE_INDEX, zone, name, sizeof name) ||
             lw_error_set(err, LW_ERR_IO, "zone name too long");
        ok = ok && read_one(dir, name, 1u << 20, &ix, &is, failed, err);
        if (ok && game == LWM_GAME_S1) {
            if (is == 0 || is > LWM_CLASSIC_MAX_BLOCKS)
                ok = lw_error_set_at(err, is ? LW_ERR_FORMAT : LW_ERR_TRUNCATED,
                                     (long)(is ? LWM_CLASSIC_MAX_BLOCKS : 0),
                                     "%zu bytes: an S1 index has 1 to %u (one per block)", is,
                                     LWM_CLASSIC_MAX_BLOCKS);
            else {
                out->block_count = (uint32_t)is;
                memcpy(out->index[0], ix, is);
                memcpy(out->index[1], ix, is);
            }
        } else if (ok && game == LWM_GAME_S3K) {
            out->block_count = S2_INDEX_BYTES;
            if (is == SK_INDEX_BYTES) {
                for (uint32_t b = 0; b < S2_INDEX_BYTES; b++) {
                    out->index[0][b] = ix[2 * b];
                    out->index[1][b] = ix[2 * b + 1];
                }
            } else if (is == S3_INDEX_BYTES) {
                for (uint32_t b = 0; ok && b < 2 * S2_INDEX_BYTES; b++) {
                    unsigned v = (unsigned)ix[2 * b] << 8 | ix[2 * b + 1];
                    if (v >= LWM_CLASSIC_MASKS)
                        ok = lw_error_set_at(err, LW_ERR_RANGE, (long)(2 * b),
                                             "mask id %u: these tables hold %u masks", v,
                                             LWM_CLASSIC_MASKS);
                    else
                        out->index[b / S2_INDEX_BYTES][b % S2_INDEX_BYTES] = (uint8_t)v;
                }
            } else {
                ok = lw_error_set_at(err, is < SK_INDEX_BYTES ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                                     (long)(is < SK_INDEX_BYTES ? is : SK_INDEX_BYTES),
                                     "%zu bytes: expected %u (S&K layout) or %u (S3 layout)", is,
                                     SK_INDEX_BYTES, S3_INDEX_BYTES);
            }
        } else if (ok) {
            out->block_count = S2_INDEX_BYTES;
            for (int p = 0; ok && p < 2; p++) {
                const uint8_t *src = p ? ix2 : ix;
                size_t src_size = p ? is2 : is;
                if (p == 1) {
                    ok = lwm_classic_file_name(game, LWM_FILE_INDEX_B, zone, name, sizeof name);
                    char path[4096];
                    struct stat st;
                    if (ok && join(dir, name, path) && stat(path, &st) != 0) {
                        /* no secondary file: the zone uses its primary index for both paths */
                        memcpy(out->index[1], out->index[0], S2_INDEX_BYTES);
                        break;
                    }
                    ok = ok && read_one(dir, name, 1u << 20, &ix2, &is2, failed, err);
                    src = ix2;
                    src_size = is2;
                }
                size_t got = 0;
                uint8_t tmp[S2_INDEX_BYTES + 1];
                if (ok && !lw_kosinski_decompress(src, src_size, tmp, sizeof tmp, &got, NULL, err))
                    ok = false;
                if (ok && got != S2_INDEX_BYTES)
                    ok = lw_error_set(err, got < S2_INDEX_BYTES ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                                      "the Kosinski stream unpacks to %zu bytes, expected %u", got,
                                      S2_INDEX_BYTES);
                if (ok)
                    memcpy(out->index[p], tmp, S2_INDEX_BYTES);
            }
        }
        out->has_index = ok;
    }
    free(h);
    free(w);
    free(a);
    free(ix);
    free(ix2);
    return ok;
}
