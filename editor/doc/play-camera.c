/* SPDX-License-Identifier: MIT */
#include "play-camera.h"

static int32_t clamp_scroll(int32_t d, int32_t cap)
{
    return d > cap ? cap : d < -cap ? -cap : d;
}

/* Keep [pos, pos + view) inside [0, level); a level smaller than the view is centred. */
static int32_t clamp_axis(int32_t pos, int32_t view, int32_t level)
{
    if (level <= view)
        return -((view - level) / 2);
    if (pos < 0)
        return 0;
    if (pos > level - view)
        return level - view;
    return pos;
}

/* Screen row of the focus line: 16 px above the centre, moved by the look pan. */
static int32_t focus_line(const PlayCamera *cam)
{
    return cam->view_h / 2 - PLAY_CAMERA_FOCUS_ABOVE_PX + cam->look;
}

static void clamp(PlayCamera *cam, int32_t level_w, int32_t level_h)
{
    cam->x = clamp_axis(cam->x, cam->view_w, level_w);
    cam->y = clamp_axis(cam->y, cam->view_h, level_h);
}

void play_camera_reset(PlayCamera *cam, const PlayCameraTarget *target, int32_t view_w,
                       int32_t view_h, int32_t level_w, int32_t level_h)
{
    cam->view_w = view_w > 0 ? view_w : 1;
    cam->view_h = view_h > 0 ? view_h : 1;
    cam->look = 0;
    cam->look_frames = 0;
    cam->x = target->x - cam->view_w / 2;
    cam->y = target->y - focus_line(cam);
    clamp(cam, level_w, level_h);
}

void play_camera_resize(PlayCamera *cam, int32_t view_w, int32_t view_h, int32_t level_w,
                        int32_t level_h)
{
    view_w = view_w > 0 ? view_w : 1;
    view_h = view_h > 0 ? view_h : 1;
    cam->x += (cam->view_w - view_w) / 2;
    cam->y += (cam->view_h - view_h) / 2;
    cam->view_w = view_w;
    cam->view_h = view_h;
    clamp(cam, level_w, level_h);
}

void play_camera_update(PlayCamera *cam, const PlayCameraTarget *t, int32_t level_w,
                        int32_t level_h)
{
    /* horizontal: a free band left of the centre, as Sonic 2's 144..160 of 320 */
    int32_t sx = t->x - cam->x;
    int32_t band_right = cam->view_w / 2, band_left = band_right - PLAY_CAMERA_BAND_PX;
    if (sx < band_left)
        cam->x -= clamp_scroll(band_left - sx, PLAY_CAMERA_MAX_SCROLL_PX);
    else if (sx > band_right)
        cam->x += clamp_scroll(sx - band_right, PLAY_CAMERA_MAX_SCROLL_PX);

    /* look up / down while standing still */
    bool standing = !t->airborne && t->gsp == 0;
    int32_t goal = 0;
    if (standing && t->up != t->down) {
        if (cam->look_frames < PLAY_CAMERA_LOOK_DELAY)
            cam->look_frames++;
        if (cam->look_frames >= PLAY_CAMERA_LOOK_DELAY)
            goal = t->up ? PLAY_CAMERA_LOOK_UP_PX : -PLAY_CAMERA_LOOK_DOWN_PX;
        else
            goal = cam->look; /* hold still until the delay has passed */
    } else {
        cam->look_frames = 0;
    }
    cam->look += clamp_scroll(goal - cam->look, PLAY_CAMERA_LOOK_SPEED_PX);

    /* vertical: the focus line on the ground, a band around it in the air */
    int32_t sy = t->y - cam->y, line = focus_line(cam);
    if (t->airborne) {
        if (sy < line - PLAY_CAMERA_AIR_BAND_PX)
            cam->y -= clamp_scroll(line - PLAY_CAMERA_AIR_BAND_PX - sy, PLAY_CAMERA_MAX_SCROLL_PX);
        else if (sy > line + PLAY_CAMERA_AIR_BAND_PX)
            cam->y += clamp_scroll(sy - line - PLAY_CAMERA_AIR_BAND_PX, PLAY_CAMERA_MAX_SCROLL_PX);
    } else {
        int32_t ysp = t->ysp < 0 ? -t->ysp : t->ysp;
        int32_t cap = ysp >= 6 * 256 ? PLAY_CAMERA_MAX_SCROLL_PX : PLAY_CAMERA_GROUND_SLOW_PX;
        cam->y += clamp_scroll(sy - line, cap);
    }
    clamp(cam, level_w, level_h);
}
