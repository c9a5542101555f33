/* SPDX-License-Identifier: MIT */
/*
 * Sonic 1's loop and tunnel chunks as the level's loop table (engine level.h; docs/DISASM.md
 * §7.5). What the game does, read in s1disasm: a foreground layout byte with bit 7 set is a
 * "special" slot, whose collision on the low plane FindNearestTile reads from chunk
 * (id & 0x7F) + 1 (0x29 read as 0x51); Sonic_Loops sets the plane in the zone's loop chunks and
 * makes the player roll in its tunnel chunks, both named by the zone's row of LoopTileNums.
 */
#include "disasm-tree-private.h"

#include <loopwright-masks/file-io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where s1disasm keeps LoopTileNums (included by sonic.asm); the JP1 file holds the same rows. */
#define LOOP_TABLE_FILE  "_inc/LevelSizeLoad & BgScrollSpeed.asm"
#define LOOP_TABLE_BYTES (1u << 20)
#define LOOP_TABLE_ROWS  8u

uint32_t tree_s1_loop_alt(uint8_t slot)
{
    uint32_t id = (slot & 0x7Fu) + 1u;
    return id == 0x29u ? 0x51u : id; /* FindNearestTile's one hard-coded remap */
}

/* The zone id (Constants.asm: id_GHZ 0, id_LZ 1, id_MZ 2, id_SLZ 3, id_SYZ 4, id_SBZ 5) of a
 * level by its foreground layout's name (`levels/ghz1.bin`); -1 for others. */
static int zone_of_layout(const char *path)
{
    static const char *const zones[] = {"ghz", "lz", "mz", "slz", "syz", "sbz"};
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strcspn(base, "0123456789.");
    for (int z = 0; z < 6; z++)
        if (strlen(zones[z]) == n && strncasecmp(base, zones[z], n) == 0)
            return z;
    return -1;
}

/* One `dc.b $B5, $7F, $1F, $20` row: four bytes; false when the line is not one. */
static bool parse_row(const char *line, size_t n, uint8_t out[4])
{
    const char *p = line, *end = line + n;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p < 4 || strncasecmp(p, "dc.b", 4) != 0)
        return false;
    p += 4;
    for (int k = 0; k < 4; k++) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == ','))
            p++;
        if (p >= end || *p != '$')
            return false;
        unsigned v = 0, digits = 0;
        for (p++; p < end && digits < 3; p++, digits++) {
            char ch = *p;
            unsigned d = ch >= '0' && ch <= '9'   ? (unsigned)(ch - '0')
                         : ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10)
                         : ch >= 'A' && ch <= 'F' ? (unsigned)(ch - 'A' + 10)
                                                  : 16u;
            if (d == 16u)
                break;
            v = v * 16u + d;
        }
        if (digits == 0 || digits > 2)
            return false;
        out[k] = (uint8_t)v;
    }
    return true;
}

/* The rows of LoopTileNums in @text (zone order), *@rows of them; false when there is none. */
static bool parse_table(const char *text, size_t size, uint8_t rows[LOOP_TABLE_ROWS][4],
                        uint32_t *count)
{
    *count = 0;
    const char *at = NULL;
    for (const char *p = text; p && p < text + size;
         p = memchr(p, '\n', (size_t)(text + size - p))) {
        if (*p == '\n')
            p++;
        if ((size_t)(text + size - p) >= 13 && strncmp(p, "LoopTileNums:", 13) == 0) {
            at = p;
            break;
        }
    }
    if (!at)
        return false;
    const char *line = memchr(at, '\n', (size_t)(text + size - at));
    while (line && ++line < text + size && *count < LOOP_TABLE_ROWS) {
        const char *nl = memchr(line, '\n', (size_t)(text + size - line));
        size_t n = nl ? (size_t)(nl - line) : (size_t)(text + size - line);
        if (n && line[0] != ' ' && line[0] != '\t' && line[0] != ';' && line[0] != '\r')
            break; /* the next label */
        if (parse_row(line, n, rows[*count]))
            (*count)++;
        line = nl;
    }
    return *count > 0;
}

/* The zone's four bytes (loop, loop, tunnel, tunnel) from the tree's LoopTileNums; false (and a
 * note) when the file or the row is not there. */
static bool zone_row(const char *root, int zone, uint8_t row[4], lwm_report *report)
{
    char path[4096], *text = NULL;
    size_t size = 0;
    lw_error e;
    snprintf(path, sizeof path, "%s/%s", root, LOOP_TABLE_FILE);
    if (!lwm_file_read_inside(path, root, LOOP_TABLE_BYTES, &text, &size, NULL, 0, &e)) {
        lwm_report_add(report, LWM_REPORT_NOTE, LOOP_TABLE_FILE, -1,
                       "no LoopTileNums (%s): loop chunks from the INI's loopchunks, no tunnels",
                       e.message);
        return false;
    }
    uint8_t rows[LOOP_TABLE_ROWS][4];
    uint32_t count = 0;
    bool ok = parse_table(text, size, rows, &count) && (uint32_t)zone < count;
    free(text);
    if (!ok) {
        lwm_report_add(report, LWM_REPORT_NOTE, LOOP_TABLE_FILE, -1,
                       "LoopTileNums has no row %d: loop chunks from the INI's loopchunks, no "
                       "tunnels",
                       zone);
        return false;
    }
    memcpy(row, rows[zone], 4);
    return true;
}

/* No LoopTileNums: the INI's `loopchunks=35` or `loopchunks=2A,34` (hex, without bit 7) as the
 * zone's first and second loop chunks, as LoopTileNums orders them. */
static void ini_row(const char *v, uint8_t row[4])
{
    memset(row, 0x7F, 4); /* LoopTileNums' "none" */
    for (int k = 0; v && *v && k < 2; k++) {
        char *end;
        unsigned long id = strtoul(v, &end, 16);
        if (end == v || id == 0 || id > 0x7F)
            break;
        row[k] = (uint8_t)(id | 0x80u);
        v = *end == ',' ? end + 1 : end;
    }
}

/* Add or update the entry for level chunk @chunk. */
static lw_loop_chunk *entry_for(lw_loop_chunk *table, uint32_t *n, uint16_t chunk)
{
    for (uint32_t i = 0; i < *n; i++)
        if (table[i].chunk == chunk)
            return &table[i];
    if (*n >= LW_MAX_LOOP_CHUNKS)
        return NULL;
    table[*n] = (lw_loop_chunk){chunk, LW_NONE, LW_LOOP_NONE};
    return &table[(*n)++];
}

bool tree_s1_loops(const lwm_tree *tree, const lwm_ini_section *sec, const char *fg_path,
                   const uint8_t *fg, uint32_t w, uint32_t h, uint32_t chunk_count, lw_level *level,
                   lwm_report *report, lw_error *err)
{
    return lwm_s1_loops_from_layout(tree->root, lwm_ini_get(sec, "loopchunks"), fg_path, fg, w, h,
                                    chunk_count, level, report, err);
}

bool lwm_s1_loops_from_layout(const char *root, const char *loopchunks, const char *fg_path,
                              const uint8_t *fg, uint32_t w, uint32_t h, uint32_t chunk_count,
                              lw_level *level, lwm_report *report, lw_error *err)
{
    lw_loop_chunk table[LW_MAX_LOOP_CHUNKS];
    uint32_t n = 0;
    bool plain[128] = {false}, special[128] = {false};
    for (uint32_t i = 0; i < w * h; i++)
        (fg[i] & 0x80u ? special : plain)[fg[i] & 0x7Fu] = true;
    unsigned past = 0;
    for (uint32_t id = 1; id < 128; id++) {
        if (!special[id] || id > chunk_count)
            continue;
        lw_loop_chunk *e = entry_for(table, &n, (uint16_t)(id - 1u));
        uint32_t alt = tree_s1_loop_alt((uint8_t)id);
        if (e && alt <= chunk_count)
            e->path_b = (uint16_t)(alt - 1u);
        past += alt > chunk_count;
        if (plain[id])
            lwm_report_add(report, LWM_REPORT_WARNING, fg_path, -1,
                           "chunk 0x%02X is placed as a loop slot (0x%02X) and as a plain one: "
                           "both read path B from chunk 0x%02X (the game: the loop slots only)",
                           id, id | 0x80u, alt);
    }
    if (past)
        lwm_report_add(report, LWM_REPORT_WARNING, fg_path, -1,
                       "%u loop slots read path B from a chunk past the %u loaded: their path B "
                       "is their own",
                       past, chunk_count);
    uint8_t row[4];
    int zone = zone_of_layout(fg_path);
    if (zone < 0 || !zone_row(root, zone, row, report))
        ini_row(loopchunks, row);
    static const uint8_t rules[4] = {LW_LOOP_LOOP, LW_LOOP_GROUNDED, LW_LOOP_TUNNEL,
                                     LW_LOOP_TUNNEL};
    for (int k = 0; k < 4; k++) {
        uint32_t id = row[k] & 0x7Fu;
        bool placed = row[k] & 0x80u ? special[id] : plain[id];
        if (id == 0 || id > chunk_count || !placed)
            continue; /* 0x7F: "none" in LoopTileNums; an id the layout never holds */
        lw_loop_chunk *e = entry_for(table, &n, (uint16_t)(id - 1u));
        if (e && e->rule == LW_LOOP_NONE)
            e->rule = rules[k];
    }
    if (!n)
        return true;
    lwm_report_add(report, LWM_REPORT_NOTE, fg_path, -1,
                   "%u Sonic 1 loop chunks (loop slots' path B, Sonic_Loops' rules)", n);
    return lw_level_set_loop_chunks(level, table, n, err);
}
