/* SPDX-License-Identifier: MIT */
/*
 * A level imported from a disassembly tree -> the tree's files it changes (disasm-tree.h,
 * docs/DISASM.md §8). Each role's table is rebuilt over the tree's current unpacked bytes, then
 * split back into the files it was read from; only files whose unpacked bytes differ are
 * re-encoded. Small steps over one context.
 */
#include "disasm-tree-export-private.h"

#include <loopwright-masks/file-io.h>
#include <loopwright/crc32.h>
#include <loopwright/enigma.h>
#include <loopwright/kosinski.h>
#include <loopwright/packed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TABLE TREE_MAX_TABLE

typedef tx_blob blob;

static uint32_t be16_of(const uint8_t *d)
{
    return (uint32_t)(d[0] << 8 | d[1]);
}

void lwm_tree_export_clear(lwm_tree_export *ex)
{
    if (!ex)
        return;
    for (size_t i = 0; i < ex->file_count; i++) {
        free(ex->files[i].data);
        free(ex->files[i].shared);
    }
    free(ex->mask_ids);
    memset(ex, 0, sizeof *ex);
}

bool tx_nomem(export_ctx *c)
{
    return lw_error_set(c->err, LW_ERR_NOMEM, "out of memory");
}

void tx_set_failed(export_ctx *c, const char *rel)
{
    snprintf(c->failed, 4096, "%s/%s", c->tree->root, rel);
}

/* Read and unpack every file of the source; each must still have the CRC of the import. */
static bool load_files(export_ctx *c)
{
    for (size_t i = 0; i < c->src->file_count; i++) {
        const lwm_tree_file *f = &c->src->files[i];
        tx_set_failed(c, f->path);
        char *data;
        size_t size;
        if (!lwm_file_read(c->failed, 4u << 20, &data, &size, c->err))
            return false;
        bool same = size == f->size && lw_crc32(0, data, size) == f->crc32;
        bool ok = same || lw_error_set(c->err, LW_ERR_FORMAT,
                                       "changed since the level was imported (CRC-32 differs): "
                                       "unpack the level again");
        if (ok && tree_unpack(f->codec, (uint8_t *)data, size, MAX_TABLE, &c->raw[i].data,
                              &c->raw[i].size, NULL))
            c->decoded[i] = true;
        free(data);
        if (!ok)
            return false;
    }
    return true;
}

/* The role's table as the tree has it: its files placed at their offsets, in order. */
bool tx_composite(export_ctx *c, const char *role, tx_blob *out)
{
    *out = (blob){NULL, 0};
    for (size_t i = 0; i < c->src->file_count; i++) {
        const lwm_tree_file *f = &c->src->files[i];
        if (strcmp(f->role, role) != 0 || !c->decoded[i])
            continue;
        size_t end = (size_t)f->offset + c->raw[i].size;
        if (end > out->size) {
            uint8_t *d = realloc(out->data, end);
            if (!d)
                return tx_nomem(c);
            memset(d + out->size, 0, end - out->size);
            out->data = d;
            out->size = end;
        }
        memcpy(out->data + f->offset, c->raw[i].data, c->raw[i].size);
    }
    return true;
}

static bool later_covers(const export_ctx *c, size_t j, size_t pos)
{
    const char *role = c->src->files[j].role;
    for (size_t i = j + 1; i < c->src->file_count; i++) {
        const lwm_tree_file *f = &c->src->files[i];
        if (strcmp(f->role, role) == 0 && pos >= f->offset && pos < f->offset + c->raw[i].size)
            return true;
    }
    return false;
}

/* The other levels (INI names) that read @rel; NULL when none. */
static char *shared_with(export_ctx *c, const char *rel)
{
    size_t cap = 256, len = 0;
    char *list = NULL;
    for (size_t s = 0; s < c->tree->ini.count; s++) {
        const lwm_ini_section *sec = &c->tree->ini.sections[s];
        if (sec == c->sec)
            continue;
        bool uses = false;
        for (size_t k = 0; k < sec->count && !uses; k++) {
            const char *v = sec->entries[k].value;
            while (*v && !uses) {
                size_t n = strcspn(v, "|");
                char part[600], path[512];
                snprintf(part, sizeof part, "%.*s", (int)(n < 599 ? n : 599), v);
                part[strcspn(part, ":")] = '\0';
                uses = tree_resolve(part, path, sizeof path, NULL) && strcmp(path, rel) == 0;
                v += n + (v[n] == '|');
            }
        }
        if (!uses)
            continue;
        if (s == 0) { /* a key of the global section: every level reads the file */
            free(list);
            return strdup("every level of the tree (a game-wide file)");
        }
        size_t need = len + strlen(sec->name) + 3;
        if (!list || need > cap) {
            while (need > cap)
                cap *= 2;
            char *l = realloc(list, cap);
            if (!l) {
                free(list);
                return NULL;
            }
            list = l;
        }
        len += (size_t)snprintf(list + len, cap - len, "%s%s", len ? "; " : "", sec->name);
    }
    return list;
}

/* The stored bytes of @raw in @f's codec. Enigma files take words; S3K's Nemesis files are
 * padded to an even length as skdisasm stores them. */
static bool encode(export_ctx *c, const lwm_tree_file *f, const blob *raw, lwm_tree_out_file *o)
{
    size_t cap = raw->size ? raw->size : 1;
    if (f->codec == LWM_CODEC_KOSINSKI)
        cap = lw_kosinski_bound(raw->size);
    else if (f->codec == LWM_CODEC_ENIGMA)
        cap = lw_enigma_bound(raw->size / 2u);
    else if (f->codec == LWM_CODEC_NEMESIS)
        cap = lw_nemesis_bound(raw->size) + 1u;
    else if (f->codec == LWM_CODEC_KOSM)
        cap = raw->size <= LW_KOSM_MAX_SIZE ? lw_kosm_bound(raw->size) : 1u;
    else if (f->codec != LWM_CODEC_NONE) {
        tx_set_failed(c, f->path);
        return lw_error_set(c->err, LW_ERR_VERSION,
                            "its content changed, and this build has no encoder for its "
                            "compression");
    }
    o->data = malloc(cap);
    if (!o->data)
        return tx_nomem(c);
    o->raw_size = raw->size;
    if (f->codec == LWM_CODEC_NONE) {
        memcpy(o->data, raw->data, raw->size);
        o->size = raw->size;
    } else if (f->codec == LWM_CODEC_KOSINSKI) {
        o->size = lw_kosinski_compress(raw->data, raw->size, o->data);
    } else if (f->codec == LWM_CODEC_ENIGMA) {
        uint16_t *words = malloc((raw->size / 2u + 1u) * sizeof *words);
        if (!words)
            return tx_nomem(c);
        for (size_t i = 0; i < raw->size / 2u; i++)
            words[i] = (uint16_t)be16_of(raw->data + 2 * i);
        o->size = lw_enigma_compress(words, raw->size / 2u, o->data);
        free(words);
    } else if (f->codec == LWM_CODEC_NEMESIS) {
        o->size = lw_nemesis_compress(raw->data, raw->size, o->data);
        if (o->size && (o->size & 1u) && c->game == LWM_GAME_S3K)
            o->data[o->size++] = 0;
    } else if (f->codec == LWM_CODEC_KOSM) {
        o->size =
            raw->size <= LW_KOSM_MAX_SIZE ? lw_kosm_compress(raw->data, raw->size, o->data) : 0;
    }
    if (o->size == 0 && raw->size) {
        tx_set_failed(c, f->path);
        return lw_error_set(c->err, LW_ERR_LIMIT,
                            "%zu unpacked bytes: its compression cannot encode them", raw->size);
    }
    return true;
}

bool tx_add_file(export_ctx *c, size_t j, const blob *nw, uint32_t changed, bool alters)
{
    const lwm_tree_file *f = &c->src->files[j];
    if (c->out->file_count == LWM_TREE_MAX_FILES)
        return lw_error_set(c->err, LW_ERR_LIMIT, "more than %u changed files", LWM_TREE_MAX_FILES);
    lwm_tree_out_file *o = &c->out->files[c->out->file_count];
    memset(o, 0, sizeof *o);
    snprintf(o->path, sizeof o->path, "%s", f->path);
    snprintf(o->role, sizeof o->role, "%s", f->role);
    o->changed_bytes = changed;
    o->shared = shared_with(c, f->path);
    o->alters_others = o->shared && alters;
    if (!encode(c, f, nw, o)) {
        free(o->shared);
        free(o->data);
        return false;
    }
    c->out->file_count++;
    return true;
}

/* File @j with its visible bytes taken from @table (@old_size: the table's size before). */
static bool write_part(export_ctx *c, size_t j, const blob *table, size_t old_size,
                       bool *alters_ids)
{
    const lwm_tree_file *f = &c->src->files[j];
    const blob *old = &c->raw[j];
    size_t end = (size_t)f->offset + old->size;
    size_t size = old->size + (end == old_size && table->size > old_size ? table->size - end : 0);
    blob nw = {malloc(size ? size : 1), size};
    if (!nw.data)
        return tx_nomem(c);
    memcpy(nw.data, old->data, old->size);
    uint32_t changed = 0;
    for (size_t k = 0; k < size; k++) {
        size_t pos = f->offset + k;
        if (pos < table->size && !later_covers(c, j, pos))
            nw.data[k] = table->data[pos];
        changed += k >= old->size || nw.data[k] != old->data[k];
    }
    bool ok = true;
    if (!changed)
        c->out->unchanged++;
    else
        ok = tx_add_file(c, j, &nw, changed, *alters_ids);
    free(nw.data);
    return ok;
}

/* Write @table (the role's new content) back into the role's files. */
bool tx_write_role(export_ctx *c, const char *role, const tx_blob *table, size_t old_size,
                   bool alters)
{
    for (size_t j = 0; j < c->src->file_count; j++)
        if (strcmp(c->src->files[j].role, role) == 0 && c->decoded[j] &&
            !write_part(c, j, table, old_size, &alters))
            return false;
    return true;
}

/* ---- chunks ---- */

static uint16_t word_of_cell(const export_ctx *c, const lw_cell *cell)
{
    if (cell->tile == LW_NONE)
        return 0;
    uint16_t b = (uint16_t)lwm_tree_tile_block(c->src, cell->tile);
    if (c->game == LWM_GAME_S1)
        return (uint16_t)(b | (cell->flags & 3u) << 11 | (cell->solid & 3u) << 13);
    return (uint16_t)(b | (cell->flags & 3u) << 10 | (cell->solid & 15u) << 12);
}

/* What the importer makes of @word, written back: the bits the level models. */
static uint16_t modelled(const export_ctx *c, uint16_t word)
{
    uint32_t b = word & 0x3FFu;
    if (b == 0 || b >= c->src->block_count)
        return 0;
    return c->game == LWM_GAME_S1 ? (uint16_t)(word & ~0x8400u) : word;
}

static bool build_chunks(export_ctx *c, blob *t)
{
    const lw_level *lv = c->level;
    size_t need = ((size_t)lv->chunk_count + c->src->first_chunk) * c->chunk_bytes;
    size_t max = c->game == LWM_GAME_S1 ? (size_t)LWM_S1_MAX_CHUNKS * 512u : 0x8000u;
    if (need > max)
        return lw_error_set(c->err, LW_ERR_LIMIT, "%u chunks: the game's chunk table holds %zu",
                            lv->chunk_count, max / c->chunk_bytes - c->src->first_chunk);
    if (need > t->size) {
        uint8_t *d = realloc(t->data, need);
        if (!d)
            return tx_nomem(c);
        memset(d + t->size, 0, need - t->size);
        t->data = d;
        t->size = need;
    }
    uint32_t cells = c->chunk_cells * c->chunk_cells;
    for (uint32_t k = 0; k < lv->chunk_count; k++)
        for (uint32_t i = 0; i < cells; i++) {
            const lw_cell *cell = &lw_level_chunk_cells(lv, k)[i];
            if (cell->tile != LW_NONE && lwm_tree_tile_block(c->src, cell->tile) > 0x3FFu)
                return lw_error_set(c->err, LW_ERR_LIMIT, "chunk %u: tile %u past block 0x3FF", k,
                                    cell->tile);
            uint16_t w = word_of_cell(c, cell);
            size_t off = ((size_t)k + c->src->first_chunk) * c->chunk_bytes + 2u * i;
            t->data[off] = (uint8_t)(w >> 8);
            t->data[off + 1] = (uint8_t)w;
        }
    for (size_t i = 0; i < c->src->kept_count; i++) {
        const lwm_tree_kept_word *kw = &c->src->kept[i];
        if (kw->offset + 2u > t->size)
            continue;
        uint16_t now = (uint16_t)(t->data[kw->offset] << 8 | t->data[kw->offset + 1]);
        if (now == modelled(c, kw->word)) {
            t->data[kw->offset] = (uint8_t)(kw->word >> 8);
            t->data[kw->offset + 1] = (uint8_t)kw->word;
        }
    }
    return true;
}

/* ---- layouts ---- */

static const lwm_tree_kept_slot *kept_slot(const export_ctx *c, uint32_t layer, uint32_t offset)
{
    for (size_t i = 0; i < c->src->kept_slot_count; i++)
        if (c->src->kept_slots[i].layer == layer && c->src->kept_slots[i].offset == offset)
            return &c->src->kept_slots[i];
    return NULL;
}

/* The stored byte for level chunk @id at @offset of @layer's file: an empty slot that held a
 * chunk past the loaded ones gets its byte back. */
static bool slot_byte(export_ctx *c, uint32_t layer, uint32_t offset, uint16_t id, uint8_t *out)
{
    if (id == LW_NONE) {
        const lwm_tree_kept_slot *k = kept_slot(c, layer, offset);
        if (k) {
            *out = k->value;
            return true;
        }
        if (c->game != LWM_GAME_S1 && c->src->first_chunk == 0)
            return lw_error_set(c->err, LW_ERR_FORMAT,
                                "an empty layout slot, but this zone's chunk 0 is not empty");
        *out = 0;
        return true;
    }
    uint32_t v = id + (c->game == LWM_GAME_S1 ? 1u : c->src->first_chunk);
    if (v > (c->game == LWM_GAME_S1 ? 0x7Fu : 0xFFu))
        return lw_error_set(c->err, LW_ERR_LIMIT, "chunk %u does not fit a layout byte", id);
    *out = (uint8_t)v;
    return true;
}

static uint32_t be16_at(const uint8_t *d, size_t at)
{
    return (uint32_t)(d[at] << 8 | d[at + 1]);
}

/* S3K, resized: a new file as the games' files are laid out (sizes; 32 pairs of row pointers,
 * 0x8000 + offset, 0 past the height; the FG rows, then the BG rows; an even length). The FG
 * takes the level's size; the BG keeps its size and its rows, with the level's BG slots inside
 * both. A slot the import kept (a chunk past the loaded ones) goes back where it was when the
 * level still has it empty. */
static bool resize_s3k_layout(export_ctx *c, blob *t)
{
    const lw_level *lv = c->level;
    const uint8_t *d = t->data;
    uint32_t w[2] = {lv->layout_width, be16_at(d, 2)}, h[2] = {lv->layout_height, be16_at(d, 6)};
    uint32_t ow[2] = {be16_at(d, 0), w[1]}, oh[2] = {be16_at(d, 4), h[1]};
    size_t base[2] = {0x88u, 0x88u + (size_t)w[0] * h[0]};
    size_t size = base[1] + (size_t)w[1] * h[1];
    size += size & 1u;
    if (w[0] < 1 || w[0] > 0x100 || h[0] < 1 || h[0] > 32 || size > 0x1000)
        return lw_error_set(c->err, LW_ERR_LIMIT,
                            "layout %ux%u: an S3K layout holds 1..256 x 1..32 chunks and, with "
                            "its %ux%u background, 0x1000 bytes (%zu)",
                            w[0], h[0], w[1], h[1], size);
    if (c->src->kept_slot_count)
        return lw_error_set(c->err, LW_ERR_LIMIT,
                            "layout %ux%u: resizing an S3K layout (%ux%u) that holds slots "
                            "naming chunks past the loaded ones is not written",
                            w[0], h[0], ow[0], oh[0]);
    blob nw = {calloc(size, 1), size};
    if (!nw.data)
        return tx_nomem(c);
    for (uint32_t layer = 0; layer < 2; layer++) {
        nw.data[2 * layer] = (uint8_t)(w[layer] >> 8);
        nw.data[2 * layer + 1] = (uint8_t)w[layer];
        nw.data[4 + 2 * layer] = (uint8_t)(h[layer] >> 8);
        nw.data[5 + 2 * layer] = (uint8_t)h[layer];
        for (uint32_t y = 0; y < h[layer]; y++) {
            size_t row = base[layer] + (size_t)y * w[layer];
            uint32_t p = (uint32_t)(0x8000u + row);
            nw.data[8 + y * 4 + 2 * layer] = (uint8_t)(p >> 8);
            nw.data[9 + y * 4 + 2 * layer] = (uint8_t)p;
            size_t old_row = y < oh[layer] ? be16_at(d, 8 + y * 4 + 2 * layer) - 0x8000u : 0;
            for (uint32_t x = 0; x < w[layer]; x++) {
                size_t old_off = old_row + x;
                bool had = y < oh[layer] && x < ow[layer] && old_off < t->size;
                uint8_t b = had ? d[old_off] : 0;
                if (lv->layout[layer] && x < w[0] && y < h[0]) {
                    uint16_t id = lw_level_layout_get(lv, (lw_layer)layer, x, y);
                    /* a kept slot is looked up at its old offset; a new slot has none */
                    if (!slot_byte(c, layer, had ? (uint32_t)old_off : 0xFFFFFFFFu, id, &b)) {
                        free(nw.data);
                        return false;
                    }
                }
                nw.data[row + x] = b;
            }
        }
    }
    free(t->data);
    *t = nw;
    return true;
}

/* S3K: the level's slots at the rows the file's pointers give; a new layout when resized. */
static bool build_s3k_layout(export_ctx *c, blob *t)
{
    const lw_level *lv = c->level;
    const uint8_t *d = t->data;
    uint32_t fw = (uint32_t)(d[0] << 8 | d[1]), fh = (uint32_t)(d[4] << 8 | d[5]);
    if (lv->layout_width != fw || lv->layout_height != fh)
        return resize_s3k_layout(c, t);
    for (uint32_t layer = 0; layer < 2; layer++) {
        if (!lv->layout[layer])
            continue;
        uint32_t w = (uint32_t)(d[2 * layer] << 8 | d[2 * layer + 1]);
        uint32_t h = (uint32_t)(d[4 + 2 * layer] << 8 | d[5 + 2 * layer]);
        for (uint32_t y = 0; y < h && y < fh && y < 32; y++) {
            uint32_t p = (uint32_t)(d[8 + y * 4 + 2 * layer] << 8 | d[9 + y * 4 + 2 * layer]);
            for (uint32_t x = 0; x < w && x < fw; x++) {
                uint32_t off = p - 0x8000u + x;
                if (p < 0x8000u || off >= t->size)
                    return lw_error_set(c->err, LW_ERR_FORMAT, "row pointer outside the file");
                if (!slot_byte(c, layer, off, lw_level_layout_get(lv, (lw_layer)layer, x, y),
                               &t->data[off]))
                    return false;
            }
        }
    }
    return true;
}

static bool build_s2_layout(export_ctx *c, blob *t)
{
    const lw_level *lv = c->level;
    if (t->size != 0x1000 || lv->layout_width > 128 || lv->layout_height > 16)
        return lw_error_set(c->err, LW_ERR_LIMIT, "layout %ux%u: S2's holds 128x16 chunks",
                            lv->layout_width, lv->layout_height);
    for (int layer = 0; layer < 2; layer++) {
        if (!lv->layout[layer])
            continue;
        for (uint32_t y = 0; y < lv->layout_height; y++)
            for (uint32_t x = 0; x < lv->layout_width; x++) {
                uint32_t off = y * 256u + (unsigned)layer * 128u + x;
                if (!slot_byte(c, (uint32_t)layer, off,
                               lw_level_layout_get(lv, (lw_layer)layer, x, y), &t->data[off]))
                    return false;
            }
    }
    return true;
}

/* S1: bit 7 of a foreground slot holding level chunk @chunk: set for a loop table entry with a
 * path B (a special slot, docs/DISASM.md §7.5). */
static uint8_t s1_loop_bit(const lw_level *lv, int layer, uint16_t chunk)
{
    const lw_loop_chunk *e = layer == 0 && chunk != LW_NONE ? lw_level_loop_chunk(lv, chunk) : NULL;
    return e && e->path_b != LW_NONE ? 0x80u : 0u;
}

/* S1: every loop table entry's path B must be the chunk the game reads for the special slot. */
static bool check_s1_loops(export_ctx *c)
{
    const lw_level *lv = c->level;
    for (uint32_t i = 0; i < lv->loop_chunk_count; i++) {
        const lw_loop_chunk *e = &lv->loop_chunks[i];
        uint32_t file_id = e->chunk + 1u, alt = tree_s1_loop_alt((uint8_t)file_id);
        if (e->path_b == LW_NONE)
            continue;
        if (file_id > 0x7Fu || e->path_b + 1u != alt)
            return lw_error_set(c->err, LW_ERR_RANGE,
                                "loop chunk %u: chunk %u's path B is chunk %u, but Sonic 1 reads "
                                "chunk %u for a loop slot (its id + 1)",
                                i, e->chunk, e->path_b, alt - 1u);
    }
    return true;
}

/* S1: a layout file with @w x @h from the level's @layer (NULL: keep) over the old rows, the
 * loop bit kept where the slot's chunk is unchanged (else set for a loop chunk), padding kept,
 * a short file kept short. */
static bool build_s1_layer(export_ctx *c, int layer, blob *t)
{
    const lw_level *lv = c->level;
    if (layer == 0 && !check_s1_loops(c))
        return false;
    if (t->size < 2)
        return lw_error_set(c->err, LW_ERR_FORMAT, "layout too short");
    uint32_t ow = t->data[0] + 1u, oh = t->data[1] + 1u;
    uint32_t w = layer == 0 ? lv->layout_width : ow, h = layer == 0 ? lv->layout_height : oh;
    if (w > LWM_S1_LAYOUT_W || h > LWM_S1_LAYOUT_H)
        return lw_error_set(c->err, LW_ERR_LIMIT, "layout %ux%u: S1's holds %ux%u chunks", w, h,
                            LWM_S1_LAYOUT_W, LWM_S1_LAYOUT_H);
    size_t pad = c->src->layout_padding[layer], oldn = 2u + (size_t)ow * oh;
    size_t short_by = c->src->layout_short[layer];
    blob old = {t->data, t->size};
    blob nw = {calloc(2u + (size_t)w * h + pad + 1u, 1), 2u + (size_t)w * h + pad};
    if (!nw.data)
        return tx_nomem(c);
    nw.data[0] = (uint8_t)(w - 1u);
    nw.data[1] = (uint8_t)(h - 1u);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t was =
                x < ow && y < oh && 2u + y * ow + x < old.size ? old.data[2u + y * ow + x] : 0;
            uint8_t id = was, loop = 0;
            if (lv->layout[layer] && x < lv->layout_width && y < lv->layout_height) {
                uint16_t chunk = lw_level_layout_get(lv, (lw_layer)layer, x, y);
                loop = s1_loop_bit(lv, layer, chunk);
                if (!slot_byte(c, (uint32_t)layer, w == ow ? 2u + y * w + x : 0xFFFFFFFFu, chunk,
                               &id)) {
                    free(nw.data);
                    return false;
                }
            }
            nw.data[2u + y * w + x] = (uint8_t)(id | ((id == (was & 0x7Fu)) ? was & 0x80u : loop));
        }
    if (pad)
        memcpy(nw.data + 2u + (size_t)w * h, old.data + oldn, pad);
    /* a file shorter than its header (the game reads on in ROM) stays short if the tail is 0 */
    if (short_by && w == ow && h == oh) {
        bool zero = true;
        for (size_t i = oldn - short_by; i < oldn; i++)
            zero &= nw.data[i] == 0;
        if (zero)
            nw.size = oldn - short_by;
    }
    free(t->data);
    *t = nw;
    return true;
}

/* ---- collision ---- */

static uint8_t stored_angle(const lw_mask *m)
{
    if (m->flags & LW_MASK_FLAGGED)
        return (m->angle & 1u) ? m->angle : 0xFFu;
    return m->angle;
}

/* Heights and angle byte: the level JSON keeps no widths (they are derived on load), so an
 * id's stored widths are kept while its heights are unchanged. */
static bool mask_is(const export_ctx *c, const lw_mask *m, unsigned id)
{
    return memcmp(c->heights.data + id * 16u, m->heights, 16) == 0 &&
           c->angles.data[id] == stored_angle(m);
}

/* Mark the ids of every index file of every level (this one's in used_self). */
static void mark_used_ids(export_ctx *c)
{
    static const char *const keys[] = {"colind", "colind1", "colind2"};
    for (size_t s = 1; s < c->tree->ini.count; s++) {
        const lwm_ini_section *sec = &c->tree->ini.sections[s];
        bool *used = sec == c->sec ? c->used_self : c->used_other;
        for (size_t k = 0; k < 3; k++) {
            const char *v = lwm_ini_get(sec, keys[k]);
            while (v && *v) {
                size_t n = strcspn(v, "|");
                char part[600], rel[512], path[4096];
                snprintf(part, sizeof part, "%.*s", (int)(n < 599 ? n : 599), v);
                part[strcspn(part, ":")] = '\0';
                v += n + (v[n] == '|');
                char *data;
                size_t size;
                uint8_t *raw;
                size_t raw_size;
                if (!tree_resolve(part, rel, sizeof rel, NULL))
                    continue;
                snprintf(path, sizeof path, "%s/%s", c->tree->root, rel);
                if (!lwm_file_read(path, 1u << 20, &data, &size, NULL))
                    continue;
                if (tree_unpack(tree_codec_of(rel), (uint8_t *)data, size, MAX_TABLE, &raw,
                                &raw_size, NULL)) {
                    for (size_t i = 1; i < raw_size; i++)
                        used[raw[i]] = true;
                    free(raw);
                }
                free(data);
            }
        }
    }
}

/* Each level mask's collision id: its own while unchanged, else an equal mask's, else a free id
 * written into the arrays. */
static bool assign_ids(export_ctx *c)
{
    const lw_level *lv = c->level;
    c->mask_id = malloc(lv->mask_count ? lv->mask_count : 1);
    if (!c->mask_id)
        return tx_nomem(c);
    bool taken[LWM_CLASSIC_MASKS];
    for (unsigned i = 0; i < LWM_CLASSIC_MASKS; i++)
        taken[i] = i == 0 || c->used_self[i] || c->used_other[i];
    for (uint32_t i = 0; i < lv->mask_count; i++) {
        const lw_mask *m = &lv->masks[i];
        int id = -1;
        if (i < c->src->mask_count && mask_is(c, m, c->src->mask_ids[i]))
            id = c->src->mask_ids[i];
        for (unsigned k = 0; id < 0 && k < LWM_CLASSIC_MASKS; k++)
            if ((c->used_self[k] || c->used_other[k] || k == 0) && mask_is(c, m, k))
                id = (int)k;
        for (unsigned k = 1; id < 0 && k < LWM_CLASSIC_MASKS; k++)
            if (!taken[k]) {
                id = (int)k;
                taken[k] = true;
                memcpy(c->heights.data + k * 16u, m->heights, 16);
                memcpy(c->widths.data + k * 16u, m->widths, 16);
                c->angles.data[k] = stored_angle(m);
                c->out->masks_added++;
            }
        if (id < 0)
            return lw_error_set(c->err, LW_ERR_LIMIT,
                                "mask %u: all 255 collision ids are in use by the tree's levels",
                                i);
        c->mask_id[i] = (uint8_t)id;
    }
    return true;
}

static uint8_t id_of(const export_ctx *c, uint16_t mask)
{
    return mask == LW_NONE || mask >= c->level->mask_count ? 0 : c->mask_id[mask];
}

static bool build_index(export_ctx *c, int path, blob *t, bool single)
{
    const lw_level *lv = c->level;
    unsigned lost = 0;
    for (uint32_t tile = 0; tile < lv->tile_count; tile++) {
        uint8_t id = id_of(c, lv->tiles[tile].mask[path]);
        if (single && id != id_of(c, lv->tiles[tile].mask[1]) && c->game != LWM_GAME_S1)
            return lw_error_set(c->err, LW_ERR_FORMAT,
                                "tile %u: paths A and B differ, but this zone has one "
                                "collision index for both",
                                tile);
        uint32_t b = lwm_tree_tile_block(c->src, tile);
        if (b < t->size)
            t->data[b] = id;
        else
            lost += id != 0;
    }
    if (lost)
        lwm_report_add(c->report, LWM_REPORT_WARNING, NULL, -1,
                       "%u tiles past the collision index's %zu blocks have masks: not written",
                       lost, t->size);
    return true;
}

/* S3K: both paths in one file; 3072 bytes: 0x300 words of path A then of path B; 1536: pairs. */
static bool build_s3k_index(export_ctx *c, blob *t)
{
    const lw_level *lv = c->level;
    bool words = t->size == 0xC00u;
    if (!words && t->size != 0x600u)
        return lw_error_set(c->err, LW_ERR_FORMAT, "an S3K index is 1536 or 3072 bytes");
    for (uint32_t tile = 0; tile < lv->tile_count; tile++)
        for (unsigned p = 0; p < 2 && lwm_tree_tile_block(c->src, tile) < 0x300u; p++) {
            uint32_t b = lwm_tree_tile_block(c->src, tile);
            size_t at = words ? 2u * (b + p * 0x300u) + 1u : 2u * b + p;
            t->data[at] = id_of(c, lv->tiles[tile].mask[p]);
        }
    return true;
}

/* ---- the roles ---- */

bool tx_role_present(const export_ctx *c, const char *role)
{
    for (size_t i = 0; i < c->src->file_count; i++)
        if (strcmp(c->src->files[i].role, role) == 0 && c->decoded[i])
            return true;
    return false;
}

typedef bool (*build_fn)(export_ctx *c, blob *t);

static bool do_role(export_ctx *c, const char *role, build_fn build, bool collision)
{
    if (!tx_role_present(c, role))
        return true;
    blob t;
    if (!tx_composite(c, role, &t))
        return false;
    size_t old_size = t.size;
    bool ok = build(c, &t) && tx_write_role(c, role, &t, old_size, collision);
    free(t.data);
    return ok;
}

static bool build_fg(export_ctx *c, blob *t)
{
    return build_s1_layer(c, 0, t);
}
static bool build_bg(export_ctx *c, blob *t)
{
    return build_s1_layer(c, 1, t);
}
static bool build_ind_a(export_ctx *c, blob *t)
{
    return build_index(c, 0, t, !tx_role_present(c, "colind2"));
}
static bool build_ind_b(export_ctx *c, blob *t)
{
    return build_index(c, 1, t, false);
}
static bool build_start(export_ctx *c, blob *t)
{
    for (uint32_t i = 0; i < c->level->object_count; i++) {
        const lw_object *o = &c->level->objects[i];
        if (o->type != LW_OBJECT_PLAYER_START)
            continue;
        if (t->size != 4 || o->x < 0 || o->y < 0 || o->x > 0xFFFF || o->y > 0xFFFF)
            return lw_error_set(c->err, LW_ERR_RANGE, "player start (%d,%d) outside 0..65535", o->x,
                                o->y);
        uint8_t b[4] = {(uint8_t)(o->x >> 8), (uint8_t)o->x, (uint8_t)(o->y >> 8), (uint8_t)o->y};
        memcpy(t->data, b, 4);
        break;
    }
    return true;
}

/* The arrays: built by assign_ids into c->heights/widths/angles. */
static bool write_arrays(export_ctx *c)
{
    static const char *const roles[] = {"colarr1", "colarr2", "angles"};
    blob *tables[] = {&c->heights, &c->widths, &c->angles};
    for (int k = 0; k < 3; k++) {
        blob old;
        if (!tx_composite(c, roles[k], &old))
            return false;
        bool alters = false;
        size_t per = k == 2 ? 1u : 16u;
        for (size_t i = 0; i < old.size && i < tables[k]->size; i++)
            alters |= old.data[i] != tables[k]->data[i] && c->used_other[i / per];
        size_t old_size = old.size;
        free(old.data);
        if (!tx_write_role(c, roles[k], tables[k], old_size, alters))
            return false;
    }
    return true;
}

/* The objects or rings file with the level's markers of that kind (docs/DISASM.md §8.3). */
static bool do_layout(export_ctx *c, const char *role, bool rings)
{
    lwm_layout_format fmt;
    if (!tree_layout_format(c->game, rings, &fmt))
        return true;
    for (size_t j = 0; j < c->src->file_count; j++) {
        const lwm_tree_file *f = &c->src->files[j];
        if (strcmp(f->role, role) != 0 || !c->decoded[j])
            continue;
        uint8_t *data = NULL;
        size_t size = 0;
        tx_set_failed(c, f->path);
        if (!tree_markers_to_layout(c->level, fmt, c->raw[j].data, c->raw[j].size, &data, &size,
                                    c->err))
            return false;
        uint32_t changed = 0;
        for (size_t k = 0; k < size || k < c->raw[j].size; k++)
            changed += k >= size || k >= c->raw[j].size || data[k] != c->raw[j].data[k];
        if (!changed) {
            free(data);
            c->out->unchanged++;
            continue;
        }
        lwm_tree_out_file *o = &c->out->files[c->out->file_count++];
        memset(o, 0, sizeof *o);
        snprintf(o->path, sizeof o->path, "%s", f->path);
        snprintf(o->role, sizeof o->role, "%s", f->role);
        o->data = data;
        o->size = size;
        o->raw_size = size;
        o->changed_bytes = changed;
        o->shared = shared_with(c, f->path);
    }
    return true;
}

static bool run(export_ctx *c)
{
    bool s1 = c->game == LWM_GAME_S1, s3k = c->game == LWM_GAME_S3K;
    if (!load_files(c) || !tx_composite(c, "colarr1", &c->heights) ||
        !tx_composite(c, "colarr2", &c->widths) || !tx_composite(c, "angles", &c->angles))
        return false;
    if (c->heights.size != 4096 || c->widths.size != 4096 || c->angles.size != 256)
        return lw_error_set(c->err, LW_ERR_FORMAT, "the collision arrays were not read");
    mark_used_ids(c);
    snprintf(c->failed, 4096, "%s", c->tree->root);
    return assign_ids(c) && tree_export_art(c) && do_role(c, "chunks", build_chunks, true) &&
           (s1    ? do_role(c, "fglayout", build_fg, true) && do_role(c, "bglayout", build_bg, true)
            : s3k ? do_role(c, "layout", build_s3k_layout, true)
                  : do_role(c, "layout", build_s2_layout, true)) &&
           (s1    ? do_role(c, "colind", build_ind_a, true)
            : s3k ? do_role(c, "colind", build_s3k_index, true)
                  : do_role(c, "colind1", build_ind_a, true) &&
                        do_role(c, "colind2", build_ind_b, true)) &&
           write_arrays(c) && do_role(c, "startpos", build_start, false) &&
           do_layout(c, "objects", false) && do_layout(c, "rings", true) && tree_export_water(c);
}

bool lwm_tree_export_level(const lwm_tree *tree, const lwm_tree_source *src, const lw_level *level,
                           const lwm_image *tileset, lwm_tree_export *out, lwm_report *report,
                           char *failed, lw_error *err)
{
    memset(out, 0, sizeof *out);
    snprintf(failed, 4096, "%s/%s", tree->root, LWM_TREE_INI_FILE);
    long index = lwm_tree_find(tree, src->level);
    if (index < 0)
        return lw_error_set(err, LW_ERR_FORMAT, "no level [%.100s] in the tree's INI", src->level);
    if (src->game != tree->game || level->chunk_px != (tree->game == LWM_GAME_S1 ? 256u : 128u))
        return lw_error_set(err, LW_ERR_FORMAT, "the level is not of this tree's game");
    export_ctx c;
    memset(&c, 0, sizeof c);
    c.tree = tree;
    c.src = src;
    c.level = level;
    c.tileset = tileset;
    c.sec = &tree->ini.sections[index + 1];
    c.out = out;
    c.report = report;
    c.failed = failed;
    c.err = err;
    c.game = tree->game;
    c.chunk_cells = level->chunk_cells;
    c.chunk_bytes = c.chunk_cells * c.chunk_cells * 2u;
    out->block_count = src->block_count;
    out->pattern_count = src->pattern_count;
    bool ok = run(&c);
    for (size_t i = 0; i < LWM_TREE_MAX_FILES; i++)
        free(c.raw[i].data);
    free(c.heights.data);
    free(c.widths.data);
    free(c.angles.data);
    if (ok) {
        out->mask_ids = c.mask_id;
        out->mask_count = level->mask_count;
    } else {
        bool cannot_hold = out->cannot_hold;
        free(c.mask_id);
        lwm_tree_export_clear(out);
        out->cannot_hold = cannot_hold;
    }
    return ok;
}
