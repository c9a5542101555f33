/* SPDX-License-Identifier: MIT */
/*
 * SonLVL's animated blocks (`animblocks=FILE`, docs/DISASM.md §7.6): the blocks the game copies
 * over the end of its block table at level load (s2disasm's LoadAnimatedBlocks and AnimPatMaps),
 * which the chunks name past the blocks the level's block file gives. Read, drawn and given
 * level tiles; never written (the file is SonLVL's, the game's copy is code in s2.asm).
 */
#include "disasm-tree-private.h"

#include <stdio.h>

uint32_t lwm_tree_tile_block(const lwm_tree_source *src, uint32_t tile)
{
    uint32_t file_tiles = src->block_count ? src->block_count - 1u : 0u;
    if (!src->anim_count || tile < file_tiles)
        return tile + 1u;
    if (tile - file_tiles < src->anim_count)
        return src->anim_first + (tile - file_tiles);
    return tile + 1u - src->anim_count;
}

uint32_t lwm_tree_block_tile(const lwm_tree_source *src, uint32_t block)
{
    if (block == 0)
        return LW_NONE;
    if (block < src->block_count)
        return block - 1u;
    if (src->anim_count && block >= src->anim_first && block - src->anim_first < src->anim_count)
        return src->block_count - 1u + (block - src->anim_first);
    return LW_NONE;
}

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

bool tree_anim_parse(const uint8_t *data, size_t size, uint32_t block_count, tree_anim *out,
                     char *why, size_t why_size)
{
    *out = (tree_anim){0, 0, 0, 0};
    if (size < 4) {
        snprintf(why, why_size,
                 "%zu bytes: an animated blocks file starts with a word offset into the block "
                 "table and a word count - 1",
                 size);
        return false;
    }
    uint32_t offset = be16(data), words = be16(data + 2) + 1u;
    size_t want = 4u + 2u * (size_t)words;
    if (size != want) {
        snprintf(why, why_size, "%zu bytes: its header gives %u words, %zu bytes in all", size,
                 words, want);
        return false;
    }
    if (offset % 8u || words % 4u) {
        snprintf(why, why_size,
                 "offset 0x%X, %u words: not whole 8-byte blocks (the blocks are not shown)",
                 offset, words);
        return false;
    }
    uint32_t first = offset / 8u, count = words / 4u;
    if (first == 0 || first + count > TREE_BLOCK_IDS) {
        snprintf(why, why_size, "blocks %u..%u: block ids are 1..0x%X", first, first + count - 1u,
                 TREE_BLOCK_IDS - 1u);
        return false;
    }
    out->file_first = first;
    out->file_count = count;
    out->first = first >= block_count ? first : block_count;
    out->count = first + count > out->first ? first + count - out->first : 0u;
    return true;
}

const uint8_t *tree_anim_block(const uint8_t *data, size_t size, uint32_t block)
{
    if (size < 4)
        return NULL;
    uint32_t offset = be16(data);
    size_t at = (size_t)block * 8u;
    if (at < offset || at - offset + 4u + 8u > size)
        return NULL;
    return data + 4u + (at - offset);
}
