/* SPDX-License-Identifier: MIT */
/* Masks > Import Terrain: the file chooser, the preview and its apply (see
 * editor-authoring-state.h). */
#define G_LOG_DOMAIN "editor-authoring"

#include "doc/editor-commands-mask.h"
#include "doc/mask-generate.h"
#include "doc/mask-ops.h"
#include "doc/terrain-import.h"
#include "editor-authoring-state.h"
#include "editor-authoring.h"
#include "editor-file-chooser.h"

#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

/* ---- terrain import ---- */

typedef struct {
    Authoring *a;
    GtkWindow *dialog;
    char *path;
    lwm_image terrain;
    EditorTerrainImport imp;
    gboolean have, ready, running;
    gboolean closed;   /* the window was destroyed: a finishing import only drops its result */
    gboolean ran_with; /* the neighbour-angles setting of the running or last import */
    guint16 chunk_px;
    GtkCheckButton *neighbours;
    GtkLabel *summary;
    GtkPicture *picture;   /* path A's collision */
    GtkPicture *picture_b; /* path B's */
    GtkWidget *apply;
    GtkSpinner *spinner;
    GtkWidget *outside_row; /* shown when objects would be left outside the new level */
    GtkLabel *outside_label;
    GtkDropDown *outside_choice; /* EditorOutsideObjects order: keep, move, remove */
} ImportDialog;

GtkWindow *editor_authoring_get_import_dialog(EditorAuthoring *a)
{
    g_return_val_if_fail(EDITOR_IS_AUTHORING(a), NULL);
    return a->import;
}

gboolean editor_import_dialog_is_ready(GtkWindow *dialog)
{
    ImportDialog *d = g_object_get_data(G_OBJECT(dialog), "import-dialog");
    return d->ready;
}

typedef struct {
    lwm_image terrain; /* a copy: the window may close while the thread runs */
    guint16 chunk_px;
    char profile[16]; /* the document's profile: its game's angle rule */
    gboolean neighbours;
    EditorTerrainImport imp;
} ImportJob;

static void import_job_free(gpointer data)
{
    ImportJob *j = data;
    editor_terrain_import_clear(&j->imp);
    lwm_image_clear(&j->terrain);
    g_free(j);
}

static void import_thread(GTask *task, gpointer source, gpointer data, GCancellable *c)
{
    ImportJob *j = data;
    lw_level probe = {.chunk_px = j->chunk_px};
    g_strlcpy(probe.profile, j->profile, sizeof probe.profile);
    GError *error = NULL;
    if (editor_terrain_import(&probe, &j->terrain, NULL, j->neighbours, &j->imp, &error))
        g_task_return_boolean(task, TRUE);
    else
        g_task_return_error(task, error);
}

static void import_show(ImportDialog *d)
{
    const lw_level *l = d->imp.level;
    g_autofree char *warn = d->imp.warnings ? g_strdup_printf("%u warnings, the first at %s",
                                                              d->imp.warnings, d->imp.first_warning)
                                            : g_strdup("No warnings.");
    g_autofree char *text = g_strdup_printf(
        "%s\n%u x %u chunks of %u px (%d x %d px): %u masks, %u tiles, %u chunks, %u art cells. "
        "Angles %s. %s\n"
        "Applying replaces this level's terrain, tileset and size (one undo step); its name, "
        "settings, swappers, markers, overrides and replays stay%s.",
        d->path, l->layout_width, l->layout_height, l->chunk_px, lw_level_width_px(l),
        lw_level_height_px(l), l->mask_count, l->tile_count, l->chunk_count,
        d->imp.tileset.width ? (d->imp.tileset.width / 16) * (d->imp.tileset.height / 16) : 0,
        gtk_check_button_get_active(d->neighbours) ? "from the surrounding surface"
                                                   : "of each tile on its own",
        warn, d->imp.start_found ? "; the player start moves onto the new floor" : "");
    gtk_label_set_text(d->summary, text);
    guint out = editor_terrain_objects_outside(level_of(d->a), lw_level_width_px(l),
                                               lw_level_height_px(l), d->imp.start_found);
    gtk_widget_set_visible(d->outside_row, out > 0);
    if (out) {
        g_autofree char *o = g_strdup_printf("%u object%s would lie outside the new level:", out,
                                             out == 1 ? "" : "s");
        gtk_label_set_text(d->outside_label, o);
    }
    lwm_render_options opts = lwm_render_options_default();
    opts.collision = TRUE;
    opts.objects = FALSE;
    lwm_image pic = {0};
    lw_error err;
    if ((uint64_t)lw_level_width_px(l) * lw_level_height_px(l) <= (1u << 23) &&
        lwm_render_level(l, &d->imp.tileset, &opts, &pic, &err)) {
        /* the two panels (path A above, path B below) as two pictures with real labels: text
         * drawn into a whole-level picture shrinks to nothing in a dialog */
        gsize stride = (gsize)pic.width * 4, ph = (gsize)lw_level_height_px(l);
        GBytes *bytes = g_bytes_new(pic.rgba, stride * pic.height);
        for (int p = 0; p < 2 && pic.height >= 2 * ph; p++) {
            gsize top = p ? pic.height - ph : 0;
            GBytes *part = g_bytes_new_from_bytes(bytes, top * stride, ph * stride);
            GdkTexture *tex =
                gdk_memory_texture_new((int)pic.width, (int)ph, GDK_MEMORY_R8G8B8A8, part, stride);
            gtk_picture_set_paintable(p ? d->picture_b : d->picture, GDK_PAINTABLE(tex));
            g_object_unref(tex);
            g_bytes_unref(part);
        }
        g_bytes_unref(bytes);
        lwm_image_clear(&pic);
    }
}

static void import_run(ImportDialog *d);

static void import_done(GObject *source, GAsyncResult *res, gpointer user)
{
    GtkWindow *dialog = user; /* a reference: the window may be closed meanwhile */
    ImportDialog *d = g_object_get_data(G_OBJECT(dialog), "import-dialog");
    g_autoptr(GError) error = NULL;
    gboolean ok = g_task_propagate_boolean(G_TASK(res), &error);
    if (d && !d->closed) {
        d->running = FALSE;
        d->ready = TRUE;
        gtk_spinner_stop(d->spinner);
        ImportJob *j = g_task_get_task_data(G_TASK(res));
        if (ok) {
            editor_terrain_import_clear(&d->imp);
            d->imp = j->imp;
            memset(&j->imp, 0, sizeof j->imp);
            d->have = TRUE;
            import_show(d);
        } else {
            g_autofree char *t = g_strdup_printf("%s: %s", d->path, error->message);
            gtk_label_set_text(d->summary, t);
            d->have = FALSE;
        }
        gtk_widget_set_sensitive(d->apply, d->have);
        /* the setting was changed while it ran: run again */
        if (gtk_check_button_get_active(d->neighbours) != d->ran_with)
            import_run(d);
    }
    g_object_unref(dialog);
}

static void import_run(ImportDialog *d)
{
    if (d->running)
        return;
    d->running = TRUE;
    d->ready = FALSE;
    gtk_widget_set_sensitive(d->apply, FALSE);
    gtk_label_set_text(d->summary, "Importing…");
    gtk_spinner_start(d->spinner);
    ImportJob *j = g_new0(ImportJob, 1);
    if (!lwm_image_init(&j->terrain, d->terrain.width, d->terrain.height, 0, NULL))
        g_error("out of memory");
    memcpy(j->terrain.rgba, d->terrain.rgba, (size_t)d->terrain.width * d->terrain.height * 4);
    j->chunk_px = d->chunk_px;
    g_strlcpy(j->profile, level_of(d->a)->profile, sizeof j->profile);
    j->neighbours = gtk_check_button_get_active(d->neighbours);
    d->ran_with = j->neighbours;
    GTask *task = g_task_new(NULL, NULL, import_done, g_object_ref(d->dialog));
    g_task_set_task_data(task, j, import_job_free);
    g_task_run_in_thread(task, import_thread);
    g_object_unref(task);
}

static void import_free(gpointer data)
{
    ImportDialog *d = data;
    g_free(d->path);
    lwm_image_clear(&d->terrain);
    editor_terrain_import_clear(&d->imp);
    g_free(d);
}

static void import_apply(GSimpleAction *act, GVariant *p, gpointer user)
{
    ImportDialog *d = user;
    if (!d->have || d->running)
        return;
    g_autofree char *dir = g_build_filename(g_get_user_cache_dir(), "loopwright", "imports", NULL);
    g_autofree char *base = g_path_get_basename(d->path);
    char *dot = strrchr(base, '.');
    if (dot)
        *dot = '\0';
    g_autoptr(GError) error = NULL;
    g_autofree char *png = editor_terrain_write_tileset(&d->imp, dir, base, &error);
    if (!png) {
        host_error(d->a, "The imported tileset could not be written", error);
        return;
    }
    EditorOutsideObjects policy =
        (EditorOutsideObjects)gtk_drop_down_get_selected(d->outside_choice);
    if (!gtk_widget_get_visible(d->outside_row))
        policy = EDITOR_OUTSIDE_KEEP;
    guint moved = editor_document_apply_terrain_full(doc_of(d->a), &d->imp, png, policy);
    status(d->a, "Imported %s (one undo step%s; saving copies the tileset beside the level).",
           d->path,
           moved ? (policy == EDITOR_OUTSIDE_MOVE ? ", objects outside moved in"
                                                  : ", objects outside removed")
                 : "");
    gtk_window_destroy(d->dialog);
}

static void import_cancel(GSimpleAction *act, GVariant *p, gpointer user)
{
    ImportDialog *d = user;
    gtk_window_destroy(d->dialog);
}

static void import_destroyed(GtkWidget *w, Authoring *a)
{
    ImportDialog *d = g_object_get_data(G_OBJECT(w), "import-dialog");
    if (d)
        d->closed = TRUE;
    if (a->import == GTK_WINDOW(w))
        a->import = NULL;
}

static void open_import(Authoring *a, const char *path)
{
    if (a->import)
        gtk_window_destroy(a->import);
    g_autoptr(GError) error = NULL;
    lwm_image terrain = {0};
    if (!editor_terrain_load_png(path, &terrain, &error)) {
        host_error(a, "The picture could not be read", error);
        return;
    }
    ImportDialog *d = g_new0(ImportDialog, 1);
    d->a = a;
    d->path = g_strdup(path);
    d->terrain = terrain;
    d->chunk_px = level_of(a)->chunk_px;
    static const GActionEntry entries[] = {
        {.name = "apply", .activate = import_apply},
        {.name = "cancel", .activate = import_cancel},
    };
    const AuthoringModal m = {.title = "Import Terrain",
                              .width = 820,
                              .height = 560,
                              .key = "import-dialog",
                              .data = d,
                              .free_data = import_free,
                              .destroyed = G_CALLBACK(import_destroyed),
                              .prefix = "imp",
                              .entries = entries,
                              .n_entries = G_N_ELEMENTS(entries)};
    GtkWidget *box;
    GtkWindow *w = editor_authoring_modal_new(a, &m, &box);
    d->dialog = w;
    a->import = w;
    for (int p = 0; p < 2; p++) {
        GtkWidget *label = gtk_label_new(p ? "Path B collision" : "Path A collision");
        gtk_widget_set_name(label, p ? "import-path-b" : "import-path-a");
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_widget_add_css_class(label, "heading");
        gtk_box_append(GTK_BOX(box), label);
        GtkPicture *pic = GTK_PICTURE(gtk_picture_new());
        gtk_picture_set_can_shrink(pic, TRUE);
        gtk_widget_set_vexpand(GTK_WIDGET(pic), TRUE);
        gtk_box_append(GTK_BOX(box), GTK_WIDGET(pic));
        if (p)
            d->picture_b = pic;
        else
            d->picture = pic;
    }
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    d->spinner = GTK_SPINNER(gtk_spinner_new());
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(d->spinner));
    d->summary = GTK_LABEL(gtk_label_new(""));
    gtk_label_set_wrap(d->summary, TRUE);
    gtk_label_set_xalign(d->summary, 0);
    gtk_widget_set_hexpand(GTK_WIDGET(d->summary), TRUE);
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(d->summary));
    gtk_box_append(GTK_BOX(box), row);
    d->neighbours = GTK_CHECK_BUTTON(gtk_check_button_new_with_label(
        "Angles from the surrounding surface (a long slope gets one angle on every tile)"));
    gtk_check_button_set_active(d->neighbours, TRUE);
    g_signal_connect_swapped(d->neighbours, "toggled", G_CALLBACK(import_run), d);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(d->neighbours));
    d->outside_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_name(d->outside_row, "import-outside");
    d->outside_label = GTK_LABEL(gtk_label_new(""));
    gtk_box_append(GTK_BOX(d->outside_row), GTK_WIDGET(d->outside_label));
    static const char *const choices[] = {"Leave them there", "Move them inside the level",
                                          "Remove them", NULL};
    d->outside_choice = GTK_DROP_DOWN(gtk_drop_down_new_from_strings(choices));
    gtk_drop_down_set_selected(d->outside_choice, EDITOR_OUTSIDE_MOVE);
    gtk_widget_set_name(GTK_WIDGET(d->outside_choice), "import-outside-choice");
    gtk_box_append(GTK_BOX(d->outside_row), GTK_WIDGET(d->outside_choice));
    gtk_widget_set_visible(d->outside_row, FALSE);
    gtk_box_append(GTK_BOX(box), d->outside_row);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_halign(buttons, GTK_ALIGN_END);
    GtkWidget *cancel = gtk_button_new_with_label("Cancel");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(cancel), "imp.cancel");
    gtk_box_append(GTK_BOX(buttons), cancel);
    d->apply = gtk_button_new_with_label("Apply to This Level");
    gtk_widget_add_css_class(d->apply, "suggested-action");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(d->apply), "imp.apply");
    gtk_box_append(GTK_BOX(buttons), d->apply);
    gtk_box_append(GTK_BOX(box), buttons);
    gtk_window_set_child(w, box);
    import_run(d);
    gtk_window_present(w);
}

static void import_chosen(const char *path, gpointer user)
{
    Authoring *a = user;
    if (path)
        open_import(a, path);
    g_object_unref(a);
}

void editor_authoring_action_import_terrain(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    editor_file_chooser_open_png(parent_of(a), "Import a Terrain PNG", import_chosen,
                                 g_object_ref(a));
}

void editor_authoring_action_import_terrain_from(GSimpleAction *act, GVariant *p, gpointer user)
{
    open_import(user, g_variant_get_string(p, NULL));
}
