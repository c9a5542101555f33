/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-keys"

#include "play-keys.h"

#include <glib/gstdio.h>
#include <string.h>

static const char *const key_names[PLAY_KEYS_BUTTONS] = {"left", "right", "up", "down", "jump"};
static const char *const button_titles[PLAY_KEYS_BUTTONS] = {"Left", "Right", "Up", "Down (roll)",
                                                             "Jump"};
static const lw_input button_bits[PLAY_KEYS_BUTTONS] = {
    LW_BUTTON_LEFT, LW_BUTTON_RIGHT, LW_BUTTON_UP, LW_BUTTON_DOWN, LW_BUTTON_JUMP};

void play_keymap_init_default(PlayKeymap *map)
{
    memset(map, 0, sizeof *map);
    map->keys[0][0] = GDK_KEY_Left;
    map->keys[1][0] = GDK_KEY_Right;
    map->keys[2][0] = GDK_KEY_Up;
    map->keys[3][0] = GDK_KEY_Down;
    map->keys[4][0] = GDK_KEY_z;
    map->keys[4][1] = GDK_KEY_x;
    map->keys[4][2] = GDK_KEY_c;
    map->keys[4][3] = GDK_KEY_space;
}

char *play_keymap_default_path(void)
{
    return g_build_filename(g_get_user_config_dir(), "loopwright", "play-keys.ini", NULL);
}

gboolean play_keymap_load(PlayKeymap *map, const char *path, GError **error)
{
    play_keymap_init_default(map);
    g_autofree char *def = path ? NULL : play_keymap_default_path();
    const char *file = path ? path : def;
    if (!g_file_test(file, G_FILE_TEST_EXISTS))
        return TRUE;
    g_autoptr(GKeyFile) kf = g_key_file_new();
    if (!g_key_file_load_from_file(kf, file, G_KEY_FILE_NONE, error))
        return FALSE;
    PlayKeymap m = *map;
    for (guint b = 0; b < PLAY_KEYS_BUTTONS; b++) {
        gsize n = 0;
        g_auto(GStrv) names = g_key_file_get_string_list(kf, "keys", key_names[b], &n, NULL);
        if (!names)
            continue;
        memset(m.keys[b], 0, sizeof m.keys[b]);
        guint k = 0;
        for (gsize i = 0; i < n && k < PLAY_KEYS_PER_BUTTON; i++) {
            guint v = gdk_keyval_from_name(g_strstrip(names[i]));
            if (v != GDK_KEY_VoidSymbol && v != 0)
                m.keys[b][k++] = gdk_keyval_to_lower(v);
        }
    }
    *map = m;
    return TRUE;
}

gboolean play_keymap_save(const PlayKeymap *map, const char *path, GError **error)
{
    g_autofree char *def = path ? NULL : play_keymap_default_path();
    const char *file = path ? path : def;
    g_autofree char *dir = g_path_get_dirname(file);
    if (g_mkdir_with_parents(dir, 0700) != 0) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: cannot create the folder", dir);
        return FALSE;
    }
    g_autoptr(GKeyFile) kf = g_key_file_new();
    for (guint b = 0; b < PLAY_KEYS_BUTTONS; b++) {
        const char *names[PLAY_KEYS_PER_BUTTON];
        gsize n = 0;
        for (guint k = 0; k < PLAY_KEYS_PER_BUTTON; k++)
            if (map->keys[b][k] && gdk_keyval_name(map->keys[b][k]))
                names[n++] = gdk_keyval_name(map->keys[b][k]);
        g_key_file_set_string_list(kf, "keys", key_names[b], names, n);
    }
    g_key_file_set_comment(kf, NULL, NULL,
                           " Loopwright test-play keys: GDK key names, up to 4 per button", NULL);
    return g_key_file_save_to_file(kf, file, error);
}

lw_input play_keymap_lookup(const PlayKeymap *map, guint keyval)
{
    guint k = gdk_keyval_to_lower(keyval);
    lw_input in = 0;
    for (guint b = 0; b < PLAY_KEYS_BUTTONS; b++)
        for (guint i = 0; i < PLAY_KEYS_PER_BUTTON; i++)
            if (map->keys[b][i] && map->keys[b][i] == k)
                in |= button_bits[b];
    return in;
}

const char *play_keymap_button_name(guint button)
{
    return button < PLAY_KEYS_BUTTONS ? button_titles[button] : "";
}

char *play_keymap_describe(const PlayKeymap *map, guint button)
{
    GString *s = g_string_new(NULL);
    for (guint k = 0; k < PLAY_KEYS_PER_BUTTON; k++) {
        if (!map->keys[button][k])
            continue;
        if (s->len)
            g_string_append(s, ", ");
        guint upper = gdk_keyval_to_upper(map->keys[button][k]);
        g_autofree char *label = gtk_accelerator_get_label(upper, 0);
        g_string_append(s, label);
    }
    if (s->len == 0)
        g_string_append(s, "(none)");
    return g_string_free(s, FALSE);
}

/* ---- the dialog ---- */

typedef struct {
    GtkWindow *window;
    PlayKeymap *map;
    GtkLabel *labels[PLAY_KEYS_BUTTONS];
    GtkLabel *hint;
    int capturing; /* button waiting for a key, -1 = none */
    gboolean adding;
    GCallback changed;
    gpointer user_data;
} KeysDialog;

static void dialog_refresh(KeysDialog *d)
{
    for (guint b = 0; b < PLAY_KEYS_BUTTONS; b++) {
        g_autofree char *text = play_keymap_describe(d->map, b);
        gtk_label_set_text(d->labels[b], text);
    }
    if (d->capturing >= 0) {
        g_autofree char *t = g_strdup_printf("Press a key for %s (Escape cancels)…",
                                             play_keymap_button_name((guint)d->capturing));
        gtk_label_set_text(d->hint, t);
    } else {
        gtk_label_set_text(d->hint, "Changes are saved at once.");
    }
}

static void dialog_changed(KeysDialog *d)
{
    g_autoptr(GError) error = NULL;
    if (!play_keymap_save(d->map, NULL, &error))
        gtk_label_set_text(d->hint, error->message);
    if (d->changed)
        ((void (*)(gpointer))d->changed)(d->user_data);
}

static gboolean dialog_key(GtkEventControllerKey *c, guint keyval, guint code,
                           GdkModifierType state, KeysDialog *d)
{
    if (d->capturing < 0) {
        if (keyval != GDK_KEY_Escape)
            return FALSE;
        gtk_window_destroy(d->window);
        return TRUE;
    }
    if (keyval == GDK_KEY_Escape) {
        d->capturing = -1;
        dialog_refresh(d);
        return TRUE;
    }
    if (keyval == GDK_KEY_Shift_L || keyval == GDK_KEY_Shift_R || keyval == GDK_KEY_Control_L ||
        keyval == GDK_KEY_Control_R || keyval == GDK_KEY_Alt_L || keyval == GDK_KEY_Alt_R)
        return TRUE;
    guint k = gdk_keyval_to_lower(keyval);
    guint b = (guint)d->capturing;
    /* a key holds one button: take it away from the others */
    for (guint o = 0; o < PLAY_KEYS_BUTTONS; o++)
        for (guint i = 0; i < PLAY_KEYS_PER_BUTTON; i++)
            if (d->map->keys[o][i] == k)
                d->map->keys[o][i] = 0;
    if (!d->adding)
        memset(d->map->keys[b], 0, sizeof d->map->keys[b]);
    guint slot = 0;
    while (slot < PLAY_KEYS_PER_BUTTON && d->map->keys[b][slot])
        slot++;
    if (slot == PLAY_KEYS_PER_BUTTON)
        slot = PLAY_KEYS_PER_BUTTON - 1;
    d->map->keys[b][slot] = k;
    d->capturing = -1;
    dialog_refresh(d);
    dialog_changed(d);
    return TRUE;
}

static void on_set(GtkButton *button, KeysDialog *d)
{
    d->capturing = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "button"));
    d->adding = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "adding"));
    dialog_refresh(d);
}

static void on_defaults(GtkButton *button, KeysDialog *d)
{
    play_keymap_init_default(d->map);
    d->capturing = -1;
    dialog_refresh(d);
    dialog_changed(d);
}

void play_keys_dialog_show(GtkWindow *parent, PlayKeymap *map, GCallback changed,
                           gpointer user_data)
{
    KeysDialog *d = g_new0(KeysDialog, 1);
    d->map = map;
    d->capturing = -1;
    d->changed = changed;
    d->user_data = user_data;
    GtkWidget *win = gtk_window_new();
    d->window = GTK_WINDOW(win);
    gtk_window_set_title(d->window, "Test-Play Keys");
    gtk_window_set_transient_for(d->window, parent);
    gtk_window_set_modal(d->window, TRUE);
    gtk_window_set_destroy_with_parent(d->window, TRUE);
    g_object_set_data_full(G_OBJECT(win), "dialog", d, g_free);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10);
    gtk_widget_set_margin_start(box, 16);
    gtk_widget_set_margin_end(box, 16);
    gtk_widget_set_margin_top(box, 16);
    gtk_widget_set_margin_bottom(box, 16);
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 6);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 10);
    for (guint b = 0; b < PLAY_KEYS_BUTTONS; b++) {
        GtkWidget *name = gtk_label_new(play_keymap_button_name(b));
        gtk_label_set_xalign(GTK_LABEL(name), 0);
        gtk_widget_add_css_class(name, "heading");
        GtkWidget *keys = gtk_label_new(NULL);
        gtk_label_set_xalign(GTK_LABEL(keys), 0);
        gtk_widget_set_hexpand(keys, TRUE);
        gtk_widget_set_size_request(keys, 180, -1);
        d->labels[b] = GTK_LABEL(keys);
        GtkWidget *set = gtk_button_new_with_label("Set…");
        GtkWidget *add = gtk_button_new_with_label("Add…");
        gtk_widget_set_tooltip_text(set, "Replace this button's keys by the next key pressed");
        gtk_widget_set_tooltip_text(add, "Add the next key pressed to this button's keys");
        g_object_set_data(G_OBJECT(set), "button", GINT_TO_POINTER(b));
        g_object_set_data(G_OBJECT(add), "button", GINT_TO_POINTER(b));
        g_object_set_data(G_OBJECT(add), "adding", GINT_TO_POINTER(1));
        g_signal_connect(set, "clicked", G_CALLBACK(on_set), d);
        g_signal_connect(add, "clicked", G_CALLBACK(on_set), d);
        gtk_grid_attach(GTK_GRID(grid), name, 0, (int)b, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), keys, 1, (int)b, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), set, 2, (int)b, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), add, 3, (int)b, 1, 1);
    }
    gtk_box_append(GTK_BOX(box), grid);
    d->hint = GTK_LABEL(gtk_label_new(NULL));
    gtk_widget_add_css_class(GTK_WIDGET(d->hint), "dim-label");
    gtk_label_set_xalign(d->hint, 0);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(d->hint));
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_halign(row, GTK_ALIGN_END);
    GtkWidget *defaults = gtk_button_new_with_mnemonic("_Defaults");
    g_signal_connect(defaults, "clicked", G_CALLBACK(on_defaults), d);
    GtkWidget *close = gtk_button_new_with_mnemonic("_Close");
    g_signal_connect_swapped(close, "clicked", G_CALLBACK(gtk_window_destroy), win);
    gtk_box_append(GTK_BOX(row), defaults);
    gtk_box_append(GTK_BOX(row), close);
    gtk_box_append(GTK_BOX(box), row);
    gtk_window_set_child(d->window, box);
    GtkEventController *keyc = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keyc, GTK_PHASE_CAPTURE);
    g_signal_connect(keyc, "key-pressed", G_CALLBACK(dialog_key), d);
    gtk_widget_add_controller(win, keyc);
    dialog_refresh(d);
    gtk_window_present(d->window);
}
