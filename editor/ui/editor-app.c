/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-app"

#include "editor-app.h"

#include <gtk/gtk.h>
#include <loopwright/render.h>
#include <string.h>

#include "config.h"
#include "doc/level-json.h"

/* A first window: the level drawn at 1:1 in a scrolled view. The editor issue replaces this
 * with the real editor. */
static void open_level(GtkApplication *app, const char *path)
{
    GtkWidget *win = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(win), 1280, 720);
    lw_level *level = NULL;
    lw_error err;
    GtkWidget *child;
    if (!editor_level_load_file(path, 0, &level, &err)) {
        char msg[1024];
        editor_format_error(path, &err, msg, sizeof msg);
        child = gtk_label_new(msg);
        gtk_window_set_title(GTK_WINDOW(win), "Loopwright");
    } else {
        lwm_image art = {0}, img = {0};
        if (level->tileset) {
            char *png = editor_level_resolve_path(path, level->tileset);
            if (!png || !lwm_image_load_png(png, &art, &err))
                lwm_image_clear(&art);
            free(png);
        }
        lwm_render_options opts = lwm_render_options_default();
        if (lwm_render_level(level, art.rgba ? &art : NULL, &opts, &img, &err)) {
            /* a preview that fits the screen: keep every k-th pixel */
            uint32_t k = (img.width + 1599) / 1600;
            if (k > 1) {
                uint32_t w = img.width / k, h = img.height / k;
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++)
                        memcpy(img.rgba + ((size_t)y * w + x) * 4,
                               lwm_image_pixel(&img, x * k, y * k), 4);
                img.width = w;
                img.height = h;
            }
            GBytes *bytes = g_bytes_new_take(img.rgba, (gsize)img.width * img.height * 4);
            GdkTexture *tex = gdk_memory_texture_new((int)img.width, (int)img.height,
                                                     GDK_MEMORY_R8G8B8A8, bytes,
                                                     (gsize)img.width * 4);
            g_bytes_unref(bytes);
            GtkWidget *pic = gtk_picture_new_for_paintable(GDK_PAINTABLE(tex));
            gtk_picture_set_can_shrink(GTK_PICTURE(pic), FALSE);
            g_object_unref(tex);
            child = pic;
        } else {
            child = gtk_label_new(err.message);
        }
        lwm_image_clear(&art);
        char *base = g_path_get_basename(path);
        char *title = g_strdup_printf("%s — Loopwright", base);
        gtk_window_set_title(GTK_WINDOW(win), title);
        g_free(title);
        g_free(base);
        lw_level_free(level);
    }
    gtk_window_set_child(GTK_WINDOW(win), child);
    gtk_window_present(GTK_WINDOW(win));
}

static void on_activate(GtkApplication *app, gpointer user)
{
    open_level(app, LW_DEFAULT_LEVEL);
}

static void on_open(GApplication *app, GFile **files, int n, const char *hint, gpointer user)
{
    for (int i = 0; i < n; i++) {
        char *path = g_file_get_path(files[i]);
        if (path)
            open_level(GTK_APPLICATION(app), path);
        g_free(path);
    }
}

int editor_app_run(int argc, char **argv)
{
    /* "edit" is the default command; drop it so GApplication sees only files. */
    if (argc >= 2 && (g_str_equal(argv[1], "edit") || g_str_equal(argv[1], "play"))) {
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    GtkApplication *app =
        gtk_application_new("io.github.loopwright.Loopwright",
                            G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    g_signal_connect(app, "open", G_CALLBACK(on_open), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
