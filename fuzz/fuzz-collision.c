/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for `collision import` (lwm_classic_read_dir): the input is split into the
 * files of one game's collision folder, written to a private temporary folder and read back.
 * Layout of an input: byte 0 picks the game (s1, s2, s3k) and whether the zone's index files are
 * read; then four 16-bit little-endian lengths for heights, widths, angles and the primary index;
 * the rest is the secondary index (S2). A file of length 0xFFFF is left out (missing). An accepted
 * folder re-encodes every table it read.
 */
#define _GNU_SOURCE /* mkdtemp */
#include <loopwright-masks/classic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static void on_warn(void *user, const char *file, long offset, const char *message)
{
    (void)user;
    (void)file;
    (void)offset;
    if (!message || !*message)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "%s/lw-fuzz-collision-XXXXXX",
                 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
        if (!mkdtemp(dir))
            abort();
    }
    if (size < 9)
        return 0;
    static const lwm_game games[] = {LWM_GAME_S1, LWM_GAME_S2, LWM_GAME_S3K};
    lwm_game game = games[data[0] % 3];
    bool with_zone = (data[0] >> 2) & 1;
    static const lwm_classic_file files[] = {LWM_FILE_HEIGHTS, LWM_FILE_WIDTHS, LWM_FILE_ANGLES,
                                             LWM_FILE_INDEX, LWM_FILE_INDEX_B};
    const uint8_t *p = data + 9, *end = data + size;
    char path[4200], name[4096];
    for (int i = 0; i < 5; i++) {
        size_t len = i < 4 ? (size_t)(data[1 + 2 * i] | data[2 + 2 * i] << 8) : (size_t)(end - p);
        if (!lwm_classic_file_name(game, files[i], "fz", name, sizeof name))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        unlink(path);
        if (len == 0xFFFF)
            continue;
        if (len > (size_t)(end - p))
            len = (size_t)(end - p);
        FILE *f = fopen(path, "wb");
        if (!f)
            abort();
        if (len)
            fwrite(p, 1, len, f);
        fclose(f);
        p += len;
    }
    static lwm_classic out;
    char failed[4096];
    lw_error err;
    if (!lwm_classic_read_dir(dir, game, with_zone ? "fz" : NULL, &out, on_warn, NULL, failed,
                              &err)) {
        if (err.code == LW_OK || !err.message[0])
            abort();
        return 0;
    }
    for (int i = 0; i < 5; i++) {
        uint8_t *bytes = NULL;
        size_t n = 0;
        if (lwm_classic_encode_file(&out, files[i], &bytes, &n, &err))
            free(bytes);
    }
    return 0;
}
