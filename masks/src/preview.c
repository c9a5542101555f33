/* SPDX-License-Identifier: MIT */
/* Mask preview sheets: each mask at 4x with its surface normal and hex angle, for a person to
 * check generated masks at a glance. */
#include "loopwright-masks/masks.h"
#include "loopwright-masks/render.h"

#include <loopwright/fixed.h>
#include <stdio.h>

#define COLOR_BACK    0x181818FFu
#define COLOR_EMPTY   0x2C3444FFu
#define COLOR_SOLID   0xC8C8C8FFu
#define COLOR_GRID    0xFFFFFF14u
#define COLOR_NORMAL  0x40A0FFFFu
#define COLOR_FLAGGED 0xFF7040FFu
#define COLOR_KEPT    0x909090FFu
#define COLOR_LABEL   0xE0E0E0FFu
#define COLOR_WARN    0xFF3030FFu

/* The middle of the surface that faces along @nx, @ny (8.8 units), in tile pixels x 256. */
static bool surface_middle(const lwm_bits *b, int32_t nx, int32_t ny, int32_t *mx, int32_t *my)
{
    int64_t sx = 0, sy = 0, n = 0;
    for (int c = 0; c < 16; c++) {
        for (int r = 0; r < 16; r++) {
            if (!((b->col[c] >> r) & 1u))
                continue;
            /* the four neighbours: up, down, left, right (tile borders are not surface) */
            static const int dc[4] = {0, 0, -1, 1}, dr[4] = {-1, 1, 0, 0};
            for (int k = 0; k < 4; k++) {
                int cc = c + dc[k], rr = r + dr[k];
                if (cc < 0 || cc > 15 || rr < 0 || rr > 15 || ((b->col[cc] >> rr) & 1u))
                    continue;
                if (dc[k] * nx + dr[k] * ny <= 0)
                    continue;
                sx += (2 * c + 1 + dc[k]) * 128;
                sy += (2 * r + 1 + dr[k]) * 128;
                n++;
            }
        }
    }
    if (!n)
        return false;
    *mx = (int32_t)(sx / n);
    *my = (int32_t)(sy / n);
    return true;
}

static void draw_box(lwm_image *img, int32_t ox, int32_t oy, const lw_mask *m, const char *label,
                     bool warn)
{
    const int32_t s = (int32_t)LWM_PREVIEW_SCALE;
    lwm_bits b;
    lwm_bits_from_mask(m, &b);
    for (int c = 0; c < 16; c++)
        for (int r = 0; r < 16; r++)
            lwm_fill_rect(img, ox + c * s, oy + r * s, s, s,
                          (((unsigned)b.col[c] >> r) & 1u) ? COLOR_SOLID : COLOR_EMPTY);
    for (int i = 1; i < 16; i++) {
        uint32_t color = (i % 4) ? COLOR_GRID : (COLOR_GRID + 0x20u);
        lwm_draw_line(img, ox + i * s, oy, ox + i * s, oy + 16 * s - 1, color);
        lwm_draw_line(img, ox, oy + i * s, ox + 16 * s - 1, oy + i * s, color);
    }
    if (warn) {
        lwm_draw_line(img, ox - 1, oy - 1, ox + 16 * s, oy - 1, COLOR_WARN);
        lwm_draw_line(img, ox - 1, oy + 16 * s, ox + 16 * s, oy + 16 * s, COLOR_WARN);
        lwm_draw_line(img, ox - 1, oy - 1, ox - 1, oy + 16 * s, COLOR_WARN);
        lwm_draw_line(img, ox + 16 * s, oy - 1, ox + 16 * s, oy + 16 * s, COLOR_WARN);
    }
    bool flagged = (m->flags & LW_MASK_FLAGGED) != 0;
    /* tangent (cos, sin) of the angle; the outward normal is the tangent turned back 90 deg */
    int32_t tx, ty;
    lwm_angle_direction(m->angle, &tx, &ty);
    int32_t nx = ty, ny = -tx;
    int32_t mx, my;
    if (lwm_bits_count(&b) && lwm_bits_count(&b) < 256 && surface_middle(&b, nx, ny, &mx, &my)) {
        int32_t px = ox + mx * s / 256, py = oy + my * s / 256;
        uint32_t color = flagged ? COLOR_KEPT : LWM_COLOR_ANGLE;
        lwm_draw_line(img, px - tx * 16 / 256, py - ty * 16 / 256, px + tx * 16 / 256,
                      py + ty * 16 / 256, color);
        int32_t ex = px + nx * 16 / 256, ey = py + ny * 16 / 256;
        lwm_draw_line(img, px, py, ex, ey, COLOR_NORMAL);
        /* arrow head: two short strokes back from the tip */
        lwm_draw_line(img, ex, ey, ex - (nx * 6 + tx * 5) / 256, ey - (ny * 6 + ty * 5) / 256,
                      COLOR_NORMAL);
        lwm_draw_line(img, ex, ey, ex - (nx * 6 - tx * 5) / 256, ey - (ny * 6 - ty * 5) / 256,
                      COLOR_NORMAL);
    }
    char text[8];
    int32_t ty0 = oy + 16 * s + 3;
    if (flagged) {
        lwm_draw_text(img, ox, ty0, "FF", COLOR_FLAGGED, 1);
        snprintf(text, sizeof text, "%02X", m->angle);
        lwm_draw_text(img, ox + 10, ty0, text, COLOR_KEPT, 1);
    } else {
        snprintf(text, sizeof text, "%02X", m->angle);
        lwm_draw_text(img, ox, ty0, text, LWM_COLOR_ANGLE, 1);
    }
    if (label)
        lwm_draw_text(img, ox + 24, ty0, label, COLOR_LABEL, 1);
}

bool lwm_preview_masks(const lw_mask *masks, uint32_t count, uint32_t columns,
                       const char *const *labels, const bool *warn, lwm_image *out, lw_error *err)
{
    if (columns == 0)
        columns = 1;
    uint32_t rows = count ? (count + columns - 1) / columns : 1;
    uint32_t cols = count < columns ? (count ? count : 1) : columns;
    uint64_t w = (uint64_t)cols * LWM_PREVIEW_BOX_W + 4, h = (uint64_t)rows * LWM_PREVIEW_BOX_H + 4;
    if (w > LWM_MAX_IMAGE_SIDE || h > LWM_MAX_IMAGE_SIDE || w * h > LWM_MAX_IMAGE_PIXELS)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "a preview of %u masks would be %llux%llu px, over the image limit",
                            count, (unsigned long long)w, (unsigned long long)h);
    if (!lwm_image_init(out, (uint32_t)w, (uint32_t)h, COLOR_BACK, err))
        return false;
    for (uint32_t i = 0; i < count; i++) {
        int32_t ox = (int32_t)((i % columns) * LWM_PREVIEW_BOX_W + 4);
        int32_t oy = (int32_t)((i / columns) * LWM_PREVIEW_BOX_H + 4);
        draw_box(out, ox, oy, &masks[i], labels ? labels[i] : NULL, warn ? warn[i] : false);
    }
    return true;
}
