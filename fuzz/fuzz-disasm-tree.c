/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the whole disassembly-tree importer (masks/include/loopwright-masks/
 * disasm-tree.h): the SonLVL INI, layouts, chunks, blocks, art, palettes, start positions and
 * collision of S1, S2 and S3K trees, read together the way `loopwright unpack --format` and the
 * editor read them.
 *
 * The importer reads files by path, so one fuzz input is a tiny archive of a tree (the format of
 * fuzz/tree-archive.py): "LWTA", then per file a 1-byte name length, the name (a relative path,
 * '/'-separated), a 4-byte little-endian size and the bytes. It is unpacked into a private temp
 * folder (made once per process, emptied before each input), then the tree is opened and every
 * level (at most 8) imported and, when that succeeds, exported back unchanged (which computes
 * the write-back without writing anything).
 *
 * Besides "never crashes, never reads out of bounds, never leaks" (sanitizers), it checks: a
 * refusal has an error code, a message and the file concerned; an imported level passes
 * lw_level_validate; its tileset, when there is one, is a whole number of 16x16 cells.
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <loopwright-masks/disasm-tree.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_FILES  48
#define MAX_LEVELS 8

static char base[3900]; /* TMP/lw-fuzz-tree-XXXXXX */
static char root[4096]; /* base/tree */

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

static void remove_base(void)
{
    nftw(base, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Make the private folder once (removed at exit); remove the previous input's tree. */
static bool fresh_root(void)
{
    if (!root[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(base, sizeof base, "%s/lw-fuzz-tree-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(base))
            abort();
        snprintf(root, sizeof root, "%s/tree", base);
        atexit(remove_base);
    }
    nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return mkdir(root, 0700) == 0;
}

/* A name the archive may hold: relative, no empty, "." or ".." component, no control bytes. */
static bool name_ok(const char *name, size_t n)
{
    if (n == 0 || name[0] == '/' || name[n - 1] == '/')
        return false;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && name[i] != '/') {
            if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f || name[i] == '\\')
                return false;
            continue;
        }
        size_t len = i - start;
        if (len == 0 || (len == 1 && name[start] == '.') ||
            (len == 2 && name[start] == '.' && name[start + 1] == '.'))
            return false;
        start = i + 1;
    }
    return true;
}

static bool put_file(const char *rel, const uint8_t *bytes, size_t size)
{
    char path[4096 + 256];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    for (char *s = path + strlen(root) + 1; (s = strchr(s, '/')); s++) {
        *s = '\0';
        struct stat st;
        bool folder = mkdir(path, 0700) == 0 || (lstat(path, &st) == 0 && S_ISDIR(st.st_mode));
        *s = '/';
        if (!folder)
            return false; /* a file of that name is in the way */
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return false; /* e.g. a folder of that name */
    bool ok = fwrite(bytes, 1, size, f) == size;
    return fclose(f) == 0 && ok;
}

/* Unpack the archive into root; false when it is not one (the input is skipped). */
static bool unpack(const uint8_t *data, size_t size)
{
    if (size < 4 || memcmp(data, "LWTA", 4) != 0 || !fresh_root())
        return false;
    size_t at = 4;
    for (int files = 0; at < size && files < MAX_FILES; files++) {
        size_t n = data[at++];
        if (n > size - at || size - at - n < 4)
            return files > 0;
        char name[256];
        memcpy(name, data + at, n);
        name[n] = '\0';
        at += n;
        size_t len = (size_t)data[at] | (size_t)data[at + 1] << 8 | (size_t)data[at + 2] << 16 |
                     (size_t)data[at + 3] << 24;
        at += 4;
        if (len > size - at)
            len = size - at; /* the last file takes what is left */
        if (name_ok(name, n) && !put_file(name, data + at, len))
            return files > 0;
        at += len;
    }
    return true;
}

/* LW_FUZZ_VERBOSE=1 prints what became of each level (to look at a seed or a finding). */
static void say(const char *what, const char *failed, const lw_error *err)
{
    if (getenv("LW_FUZZ_VERBOSE"))
        fprintf(stderr, "fuzz-disasm-tree: %s%s%s%s\n", what, failed ? failed : "", err ? ": " : "",
                err ? err->message : "");
}

static void check_refusal(const char *what, const char *failed, const lw_error *err)
{
    say(what, failed, err);
    if (err->code == LW_OK || !err->message[0] || !failed[0])
        abort();
}

static void import_level(const lwm_tree *tree, size_t index)
{
    lwm_tree_import im = {0};
    lwm_report report = {0};
    char failed[4096] = "";
    lw_error err = {0};
    if (!lwm_tree_import_level(tree, index, &im, &report, failed, &err)) {
        check_refusal("import refused: ", failed, &err);
        if (im.level)
            abort(); /* nothing is handed out on failure */
        lwm_report_clear(&report);
        return;
    }
    lw_error verr;
    if (!im.level || !lw_level_validate(im.level, &verr))
        abort();
    if (im.tileset.width && (im.tileset.width % 16 || im.tileset.height % 16))
        abort();
    lwm_tree_export ex = {0};
    lwm_report report2 = {0};
    failed[0] = '\0';
    say("imported", NULL, NULL);
    if (!lwm_tree_export_level(tree, &im.source, im.level, &im.tileset, &ex, &report2, failed,
                               &err))
        check_refusal("export refused: ", failed, &err);
    else
        say("exported", NULL, NULL);
    lwm_tree_export_clear(&ex);
    lwm_report_clear(&report2);
    lwm_tree_import_clear(&im);
    lwm_report_clear(&report);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!unpack(data, size))
        return 0;
    lwm_tree tree;
    char failed[4096] = "";
    lw_error err = {0};
    if (!lwm_tree_open(root, &tree, failed, &err)) {
        check_refusal("open refused: ", failed, &err);
        return 0;
    }
    for (size_t i = 0; i < tree.level_count && i < MAX_LEVELS; i++) {
        if (lwm_tree_find(&tree, tree.levels[i].section) < 0)
            abort(); /* every listed level is found by its section name */
        import_level(&tree, i);
    }
    lwm_tree_clear(&tree);
    return 0;
}
