/* SPDX-License-Identifier: MIT */
/* `loopwright masks`: height masks, widths and angles for every 16x16 tile of a sheet. */
#include "cli.h"
#include "masks-json.h"

#include <loopwright-masks/masks.h>
#include <loopwright/profile.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_spec spec = {
    .cmd = "masks",
    .usage = "TILES.png [-o OUT.json] [--preview OUT.png] [--key RRGGBB] [--profile P]",
    .about =
        "Height masks, widths and angles for each 16x16 tile of a tileset sheet (row-major).\n"
        "A pixel is solid when its alpha is 128 or more. In an image without alpha (no alpha\n"
        "channel, no tRNS) a colour key marks empty pixels: the top-left pixel's colour unless\n"
        "--key gives one.",
    .after = "Exit status: 0 success, 1 bad input file, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one sheet at a time",
};

bool cli_parse_rgb(const char *s, uint32_t *rgb)
{
    if (*s == '#')
        s++;
    if (strlen(s) != 6)
        return false;
    uint32_t v = 0;
    for (int i = 0; i < 6; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint32_t)d;
    }
    *rgb = v;
    return true;
}

/* Decode a PNG used as a solidity source; images without alpha get the colour key. */
bool cli_load_solidity_png(const char *path, bool have_key, uint32_t key, lwm_image *img,
                           char *rule, size_t rule_size)
{
    lw_error err;
    lwm_image_info info;
    if (!lwm_image_load_png_info(path, img, &info, &err)) {
        cli_print_error(path, &err);
        return false;
    }
    if (info.has_alpha) {
        snprintf(rule, rule_size, "alpha >= 128");
    } else {
        uint32_t k = have_key ? key : lwm_image_corner_rgb(img);
        lwm_image_apply_color_key(img, k);
        snprintf(rule, rule_size, "colour key #%06X", k);
    }
    return true;
}

static const char *fit_name(const lwm_sheet_tile *t)
{
    if (t->mask.flags & LW_MASK_FLAGGED)
        return "flag";
    switch (t->fit) {
    case LWM_FIT_LINE:
        return "line";
    case LWM_FIT_NORMAL:
        return "normal";
    case LWM_FIT_NONE:
        break;
    }
    return "none";
}

int cli_masks_main(int argc, char **argv)
{
    const char *path = NULL, *out = NULL, *preview = NULL, *key_s = NULL, *profile = NULL;
    const cli_option opts[] = {
        {.name = "-o",
         .arg = "OUT.json",
         .value = &out,
         .help = "write the JSON there (docs/MASKS-JSON.md); default: standard output"},
        {.name = "--preview",
         .arg = "OUT.png",
         .value = &preview,
         .help = "draw every tile's mask at 4x with its surface normal, hex angle\n"
                 "and shared mask (#index and flip); tiles the hole policy changed\n"
                 "have a red frame"},
        {.name = "--key",
         .arg = "RRGGBB",
         .value = &key_s,
         .help = "colour key for images without alpha"},
        {.name = "--profile",
         .arg = "P",
         .value = &profile,
         .help = "the profile the masks are for (s1, s2, s3k, cd, modern; default s2, as\n"
                 "import): angles follow the conventions of its game (docs/MASKS.md)"},
        {.name = NULL},
    };
    int npos, r = cli_parse(&spec, opts, argc, argv, &path, &npos);
    if (r >= 0)
        return r;
    if (!path)
        return cli_usage_error("masks", "missing TILES.png");
    uint32_t key = 0;
    if (key_s && !cli_parse_rgb(key_s, &key))
        return cli_usage_error("masks", "--key takes a colour as RRGGBB (hex)");
    if (profile && !lw_profile_find(profile))
        return cli_usage_error(
            "masks", "unknown profile \"%s\" (expected s1, s2, s3k, cd or modern)", profile);

    lwm_image img = {0};
    char rule[64];
    if (!cli_load_solidity_png(path, key_s != NULL, key, &img, rule, sizeof rule))
        return CLI_EXIT_DATA;
    lw_error err;
    lwm_sheet sheet = {0};
    if (!lwm_sheet_build_style(&img, lwm_angle_style_for_profile(profile), &sheet, &err)) {
        cli_print_error(path, &err);
        lwm_image_clear(&img);
        return CLI_EXIT_DATA;
    }
    lwm_image_clear(&img);

    int status = CLI_EXIT_DATA;
    size_t n = (size_t)sheet.columns * sheet.rows;
    /* straight into one buffer (json-writer.c): no tree, no printf per value */
    json_writer w;
    json_writer_init(&w);
    json_writer_begin_object(&w, true);
    json_writer_key(&w, "format");
    json_writer_string(&w, "loopwright-masks");
    json_writer_key(&w, "version");
    json_writer_int(&w, 1);
    json_writer_key(&w, "source");
    json_writer_string(&w, path);
    json_writer_key(&w, "solid");
    json_writer_string(&w, rule);
    json_writer_key(&w, "tile_size");
    json_writer_int(&w, 16);
    json_writer_key(&w, "columns");
    json_writer_int(&w, sheet.columns);
    json_writer_key(&w, "rows");
    json_writer_int(&w, sheet.rows);
    json_writer_key(&w, "masks");
    json_writer_begin_array(&w, sheet.mask_count > 0);
    for (uint32_t m = 0; m < sheet.mask_count; m++) {
        json_writer_begin_object(&w, false);
        cli_mask_json_write_fields(&w, &sheet.masks[m]);
        json_writer_end_object(&w);
    }
    json_writer_end_array(&w);
    json_writer_key(&w, "tiles");
    json_writer_begin_array(&w, n > 0);
    for (size_t i = 0; i < n; i++) {
        const lwm_sheet_tile *t = &sheet.tiles[i];
        uint32_t x = (uint32_t)(i % sheet.columns) * 16, y = (uint32_t)(i / sheet.columns) * 16;
        json_writer_begin_object(&w, false);
        json_writer_key(&w, "index");
        json_writer_int(&w, (int64_t)i);
        json_writer_key(&w, "x");
        json_writer_int(&w, x);
        json_writer_key(&w, "y");
        json_writer_int(&w, y);
        cli_mask_json_write_fields(&w, &t->mask);
        json_writer_key(&w, "mask");
        json_writer_int(&w, t->shared);
        json_writer_key(&w, "flip");
        json_writer_string(&w, lwm_flip_name(t->flip));
        json_writer_key(&w, "fit");
        json_writer_string(&w, fit_name(t));
        json_writer_end_object(&w);
    }
    json_writer_end_array(&w);
    unsigned warned = 0;
    for (size_t i = 0; i < n; i++)
        warned += sheet.tiles[i].fix.columns != 0;
    json_writer_key(&w, "warnings");
    json_writer_begin_array(&w, warned > 0);
    warned = 0;
    for (size_t i = 0; i < n; i++) {
        const lwm_sheet_tile *t = &sheet.tiles[i];
        if (!t->fix.columns)
            continue;
        uint32_t x = (uint32_t)(i % sheet.columns) * 16, y = (uint32_t)(i / sheet.columns) * 16;
        char cols[64] = "", msg[256];
        size_t len = 0;
        for (int c = 0; c < 16; c++)
            if (t->fix.columns & (1u << c))
                len += (size_t)snprintf(cols + len, sizeof cols - len, "%s%d", len ? "," : "", c);
        snprintf(msg, sizeof msg,
                 "tile %zu: columns %s are not one run from the top or the bottom (holes or "
                 "floating pixels); nearest mask used: %u px filled, %u px cleared",
                 i, cols, t->fix.added, t->fix.removed);
        if (warned++ < 50)
            fprintf(stderr, "loopwright: %s:%u,%u: warning: %s\n", path, x, y, msg);
        json_writer_begin_object(&w, false);
        json_writer_key(&w, "tile");
        json_writer_int(&w, (int64_t)i);
        json_writer_key(&w, "x");
        json_writer_int(&w, x);
        json_writer_key(&w, "y");
        json_writer_int(&w, y);
        json_writer_key(&w, "message");
        json_writer_string(&w, msg);
        json_writer_end_object(&w);
    }
    json_writer_end_array(&w);
    json_writer_end_object(&w);
    if (warned > 50)
        fprintf(stderr, "loopwright: %s: warning: %u more tiles changed by the hole policy\n", path,
                warned - 50);
    if (preview) {
        lw_mask *list = malloc(n * sizeof *list);
        char(*text)[16] = malloc(n * sizeof *text);
        const char **labels = malloc(n * sizeof *labels);
        bool *warn = malloc(n * sizeof *warn);
        lwm_image pic = {0};
        bool pok = list && text && labels && warn;
        for (size_t i = 0; pok && i < n; i++) {
            list[i] = sheet.tiles[i].mask;
            snprintf(text[i], sizeof text[i], "M%u%s", sheet.tiles[i].shared,
                     lwm_flip_name(sheet.tiles[i].flip));
            labels[i] = text[i];
            warn[i] = sheet.tiles[i].fix.columns != 0;
        }
        if (!pok)
            fprintf(stderr, "loopwright: %s: out of memory\n", preview);
        else if (!lwm_preview_masks(list, (uint32_t)n, sheet.columns, labels, warn, &pic, &err) ||
                 !lwm_image_save_png(preview, &pic, &err)) {
            cli_print_error(preview, &err);
            pok = false;
        }
        lwm_image_clear(&pic);
        free(list);
        free(text);
        free(labels);
        free(warn);
        if (!pok)
            goto done;
    }
    if (cli_json_save(&w, out))
        status = CLI_EXIT_OK;
done:
    json_writer_clear(&w);
    lwm_sheet_clear(&sheet);
    return status;
}
