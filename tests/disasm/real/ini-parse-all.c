/* SPDX-License-Identifier: MIT */
/* The `real` suite: every *.ini file under a tree's folders given on the command line parses
 * with the strict SonLVL INI reader. TAP, one test per file. */
#include <dirent.h>
#include <loopwright-masks/sonlvl-ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char **files;
static size_t count, cap;

static void collect(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        char *p = malloc(n);
        if (!p)
            exit(2);
        snprintf(p, n, "%s/%s", dir, e->d_name);
        struct stat st;
        size_t len = strlen(e->d_name);
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            collect(p);
            free(p);
        } else if (len > 4 && strcmp(e->d_name + len - 4, ".ini") == 0) {
            if (count == cap) {
                cap = cap ? cap * 2 : 64;
                char **f = realloc(files, cap * sizeof *f);
                if (!f)
                    exit(2);
                files = f;
            }
            files[count++] = p;
        } else {
            free(p);
        }
    }
    closedir(d);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        collect(argv[i]);
    qsort(files, count, sizeof *files, by_name);
    printf("1..%zu\n", count);
    size_t bad = 0;
    for (size_t i = 0; i < count; i++) {
        lwm_ini ini;
        lw_error err;
        if (lwm_ini_load(files[i], &ini, &err)) {
            printf("ok %zu - %s: %zu sections\n", i + 1, files[i], ini.count - 1);
            lwm_ini_clear(&ini);
        } else {
            bad++;
            printf("not ok %zu - %s:%d:%d: %s\n", i + 1, files[i], err.line, err.column,
                   err.message);
        }
        free(files[i]);
    }
    free(files);
    printf("# %zu passed, %zu failed\n", count - bad, bad);
    return bad ? 1 : 0;
}
