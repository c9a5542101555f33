/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-application"

#include "editor-application.h"

#include "config.h"
#include "doc/editor-commands.h"
#include "editor-actions.h"
#include "editor-disasm-open.h"
#include "editor-file-chooser.h"
#include "editor-help.h"
#include "editor-new-level.h"
#include "editor-resources.h"
#include "editor-window.h"
#include "play-window.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct _EditorApplication {
    GtkApplication parent_instance;

    /* Owned */
    GPtrArray *run_actions; /* char*: --run-action values */
    GPtrArray *recovery;    /* char*: recovery files offered at start-up */
    GtkWidget *recovery_dialog;
    GMenu *recent_menu;
    GPtrArray *recent_session; /* char*: levels opened or saved in this run, newest last */
    EditorClipboard *clipboard;
    gboolean recent_watched; /* connected to the recent manager's "changed" */

    /* State */
    guint autosave_seconds;
    gboolean exit_after_first_frame;
    guint autosave_source;
    gboolean started;
};

G_DEFINE_FINAL_TYPE(EditorApplication, editor_application, GTK_TYPE_APPLICATION)

static EditorApplication *default_app(void)
{
    GApplication *app = g_application_get_default();
    return app && EDITOR_IS_APPLICATION(app) ? EDITOR_APPLICATION(app) : NULL;
}

/* ---- windows ---- */

static void window_saved(EditorWindow *win, const char *path, gpointer user)
{
    editor_application_note_recent(path);
}

static void window_open_file(EditorWindow *win, const char *path, gpointer user)
{
    editor_application_open_path(path);
}

static void window_open_document(EditorWindow *win, EditorDocument *doc, EditorApplication *self)
{
    editor_application_open_document(self, doc);
}

GtkWindow *editor_application_open_document(EditorApplication *self, EditorDocument *doc)
{
    EditorWindow *win = editor_window_new(GTK_APPLICATION(self), doc, self->clipboard,
                                          G_MENU_MODEL(self->recent_menu));
    g_signal_connect(win, "file-saved", G_CALLBACK(window_saved), NULL);
    g_signal_connect(win, "open-file", G_CALLBACK(window_open_file), NULL);
    g_signal_connect(win, "open-document", G_CALLBACK(window_open_document), self);
    gtk_window_present(GTK_WINDOW(win));
    return GTK_WINDOW(win);
}

/* The test-play window's "open the editor" when no editor window shows its document. */
static GtkWindow *open_editor_for(GtkApplication *app, EditorDocument *doc)
{
    return EDITOR_IS_APPLICATION(app)
               ? editor_application_open_document(EDITOR_APPLICATION(app), doc)
               : NULL;
}

static GtkWindow *first_window(EditorApplication *self)
{
    GList *w = gtk_application_get_windows(GTK_APPLICATION(self));
    for (; w; w = w->next)
        if (EDITOR_IS_WINDOW(w->data))
            return w->data;
    return NULL;
}

static void show_open_error(EditorApplication *self, const char *path, const GError *error)
{
    GtkWindow *parent = gtk_application_get_active_window(GTK_APPLICATION(self));
    if (!parent) {
        /* keep the editor usable: an empty level behind the message */
        g_autoptr(EditorDocument) doc = editor_document_new_empty(128, 32, 8, NULL);
        parent = editor_application_open_document(self, doc);
    }
    editor_window_show_error(EDITOR_WINDOW(parent), "The level could not be opened", error);
}

GtkWindow *editor_application_open_path(const char *path)
{
    EditorApplication *self = default_app();
    g_return_val_if_fail(self, NULL);
    /* a level already open gets its window raised */
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(self)); w; w = w->next) {
        if (!EDITOR_IS_WINDOW(w->data))
            continue;
        const char *p = editor_document_get_path(editor_window_get_document(w->data));
        g_autofree char *a = p ? g_canonicalize_filename(p, NULL) : NULL;
        g_autofree char *b = g_canonicalize_filename(path, NULL);
        if (a && g_str_equal(a, b)) {
            gtk_window_present(w->data);
            return w->data;
        }
    }
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) doc = editor_document_load(path, &error);
    if (!doc) {
        show_open_error(self, path, error);
        return NULL;
    }
    editor_application_note_recent(path);
    return editor_application_open_document(self, doc);
}

EditorClipboard *editor_application_get_clipboard(void)
{
    EditorApplication *self = default_app();
    return self ? self->clipboard : NULL;
}

/* ---- recent files ---- */

/* GtkRecentManager complains (a critical) when it cannot create its folder, e.g. with HOME
 * pointing nowhere in a sandbox: only use it when the folder can exist. */
static gboolean recent_usable(void)
{
    if (g_mkdir_with_parents(g_get_user_data_dir(), 0700) != 0)
        return FALSE;
    /* the manager keeps the path it started with: its folder must exist (again) too */
    g_autofree char *file = NULL;
    g_object_get(gtk_recent_manager_get_default(), "filename", &file, NULL);
    g_autofree char *dir = file ? g_path_get_dirname(file) : NULL;
    return !dir || g_mkdir_with_parents(dir, 0700) == 0;
}

#define RECENT_GROUP "loopwright-level"

static gint compare_recent(gconstpointer a, gconstpointer b)
{
    GDateTime *ma = gtk_recent_info_get_modified((GtkRecentInfo *)a),
              *mb = gtk_recent_info_get_modified((GtkRecentInfo *)b);
    return -g_date_time_compare(ma, mb);
}

#define RECENT_MAX 10

/* Appends @path to the menu unless it is listed already, not a level or gone; returns whether
 * it was appended. @listed holds the paths on the menu so far. */
static gboolean recent_append(EditorApplication *self, GHashTable *listed, const char *path)
{
    if (!path || g_hash_table_contains(listed, path) || !g_str_has_suffix(path, ".json") ||
        !g_file_test(path, G_FILE_TEST_EXISTS))
        return FALSE;
    g_hash_table_add(listed, g_strdup(path));
    g_autofree char *base = g_path_get_basename(path);
    GMenuItem *item = g_menu_item_new(base, NULL);
    g_menu_item_set_action_and_target_value(item, "app.open-file", g_variant_new_string(path));
    g_menu_append_item(self->recent_menu, item);
    g_object_unref(item);
    return TRUE;
}

/* The menu lists this run's opens and saves first, from the application's own list, so it
 * follows them at once: GtkRecentManager records an item asynchronously (an idle write of its
 * file, then a file-monitor reload) and on a loaded machine the menu lagged behind it for many
 * seconds. The manager supplies the levels of earlier runs and keeps them for the next one. */
static void rebuild_recent(EditorApplication *self)
{
    if (!self->recent_menu)
        return;
    g_menu_remove_all(self->recent_menu);
    g_autoptr(GHashTable) listed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    guint n = 0;
    for (guint i = self->recent_session->len; i > 0 && n < RECENT_MAX; i--)
        n += recent_append(self, listed, self->recent_session->pdata[i - 1]);
    if (recent_usable()) {
        GtkRecentManager *rm = gtk_recent_manager_get_default();
        GList *items = gtk_recent_manager_get_items(rm);
        /* newest first; only what Loopwright opened or saved as a level (the file choosers
         * record every file they pick — tilesets and terrain PNGs too — without the group) */
        items = g_list_sort(items, compare_recent);
        for (GList *l = items; l && n < RECENT_MAX; l = l->next) {
            GtkRecentInfo *info = l->data;
            if (!gtk_recent_info_has_group(info, RECENT_GROUP))
                continue;
            g_autofree char *path = g_filename_from_uri(gtk_recent_info_get_uri(info), NULL, NULL);
            n += recent_append(self, listed, path);
        }
        g_list_free_full(items, (GDestroyNotify)gtk_recent_info_unref);
    }
    if (n == 0) {
        GMenuItem *item = g_menu_item_new("No recent levels", "app.none");
        g_menu_append_item(self->recent_menu, item);
        g_object_unref(item);
    }
}

static void recent_changed(GtkRecentManager *rm, EditorApplication *self)
{
    rebuild_recent(self);
}

/* Follow the recent manager once it can be used (its folder may appear later). */
static void watch_recent(EditorApplication *self)
{
    if (!self || self->recent_watched || !recent_usable())
        return;
    self->recent_watched = TRUE;
    g_signal_connect_object(gtk_recent_manager_get_default(), "changed", G_CALLBACK(recent_changed),
                            self, 0);
}

/* Moves @abs to the newest end of this run's list. */
static void note_session(EditorApplication *self, const char *abs)
{
    GPtrArray *list = self->recent_session;
    for (guint i = 0; i < list->len; i++) {
        if (g_str_equal(list->pdata[i], abs)) {
            g_ptr_array_remove_index(list, i);
            break;
        }
    }
    g_ptr_array_add(list, g_strdup(abs));
    if (list->len > RECENT_MAX)
        g_ptr_array_remove_index(list, 0);
    rebuild_recent(self);
}

void editor_application_note_recent(const char *path)
{
    g_autofree char *abs = g_canonicalize_filename(path, NULL);
    EditorApplication *self = default_app();
    if (self)
        note_session(self, abs);
    if (!recent_usable())
        return;
    watch_recent(self);
    g_autofree char *uri = g_filename_to_uri(abs, NULL, NULL);
    if (!uri)
        return;
    static const char *groups[] = {RECENT_GROUP, NULL};
    GtkRecentData data = {
        .display_name = NULL,
        .mime_type = (char *)"application/json",
        .app_name = (char *)g_get_application_name(),
        .app_exec = (char *)"loopwright %f",
        .groups = (char **)groups,
    };
    /* the menu follows the manager's "changed" (the item is added asynchronously) */
    gtk_recent_manager_add_full(gtk_recent_manager_get_default(), uri, &data);
}

/* ---- autosave and recovery ---- */

void editor_application_autosave_now(EditorApplication *self)
{
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(self)); w; w = w->next) {
        if (!EDITOR_IS_WINDOW(w->data))
            continue;
        g_autoptr(GError) error = NULL;
        EditorDocument *doc = editor_window_get_document(w->data);
        if (!editor_document_write_recovery(doc, &error))
            g_message("autosave failed: %s", error->message); /* the next minute tries again */
    }
}

static gboolean autosave_tick(gpointer data)
{
    editor_application_autosave_now(data);
    return G_SOURCE_CONTINUE;
}

GMenuModel *editor_application_get_recent_menu(void)
{
    EditorApplication *self = default_app();
    return self ? G_MENU_MODEL(self->recent_menu) : NULL;
}

guint editor_application_get_pending_recovery_count(EditorApplication *self)
{
    return self->recovery ? self->recovery->len : 0;
}

static void find_recovery_files(EditorApplication *self)
{
    g_autofree char *dir = editor_recovery_dir();
    GDir *d = g_dir_open(dir, 0, NULL);
    self->recovery = g_ptr_array_new_with_free_func(g_free);
    if (!d)
        return;
    const char *name;
    while ((name = g_dir_read_name(d)))
        if (g_str_has_suffix(name, ".json"))
            g_ptr_array_add(self->recovery, g_build_filename(dir, name, NULL));
    g_dir_close(d);
    g_ptr_array_sort(self->recovery, (GCompareFunc)g_strcmp0);
}

/* The window already showing @path with no unsaved changes of its own, if any. */
static EditorWindow *clean_window_for(EditorApplication *self, const char *path)
{
    if (!path)
        return NULL;
    g_autofree char *want = g_canonicalize_filename(path, NULL);
    for (GList *w = gtk_application_get_windows(GTK_APPLICATION(self)); w; w = w->next) {
        if (!EDITOR_IS_WINDOW(w->data))
            continue;
        EditorDocument *doc = editor_window_get_document(w->data);
        const char *p = editor_document_get_path(doc);
        g_autofree char *have = p ? g_canonicalize_filename(p, NULL) : NULL;
        if (have && g_str_equal(have, want) && !editor_document_get_modified(doc))
            return w->data;
    }
    return NULL;
}

/* Recovered work replaces what a window on the same file shows (one undoable step, so the
 * stale pre-crash copy is never left beside it to be saved over the recovered edits); a level
 * not open yet gets its own window. */
static void recover_all(EditorApplication *self)
{
    for (guint i = 0; self->recovery && i < self->recovery->len; i++) {
        const char *path = g_ptr_array_index(self->recovery, i);
        g_autoptr(GError) error = NULL;
        g_autoptr(EditorDocument) doc = editor_document_load_recovery(path, &error);
        if (!doc) {
            GtkWindow *w = first_window(self);
            if (w)
                editor_window_show_error(EDITOR_WINDOW(w), "A recovered level could not be read",
                                         error);
            continue;
        }
        EditorWindow *stale = clean_window_for(self, editor_document_get_path(doc));
        if (stale) {
            EditorDocument *target = editor_window_get_document(stale);
            lw_level *copy = lw_level_dup(editor_document_get_level(doc));
            EditorCommand *cmd =
                copy ? editor_cmd_replace_level_new(target, copy, "Recover Autosaved Work") : NULL;
            if (cmd) {
                editor_document_push(target, cmd);
                gtk_window_present(GTK_WINDOW(stale));
                continue;
            }
        }
        editor_application_open_document(self, doc);
    }
    g_ptr_array_set_size(self->recovery, 0);
}

static void discard_all(EditorApplication *self)
{
    for (guint i = 0; self->recovery && i < self->recovery->len; i++) {
        const char *path = g_ptr_array_index(self->recovery, i);
        g_autofree char *note = g_strconcat(path, ".path", NULL);
        g_unlink(path);
        g_unlink(note);
    }
    if (self->recovery)
        g_ptr_array_set_size(self->recovery, 0);
}

static void close_recovery_dialog(EditorApplication *self)
{
    if (self->recovery_dialog) {
        GtkWidget *d = g_steal_pointer(&self->recovery_dialog);
        gtk_window_destroy(GTK_WINDOW(d));
    }
}

static void recovery_response(GtkDialog *d, int response, EditorApplication *self)
{
    if (response == GTK_RESPONSE_ACCEPT)
        recover_all(self);
    else if (response == GTK_RESPONSE_REJECT)
        discard_all(self);
    close_recovery_dialog(self);
}

static void offer_recovery(EditorApplication *self)
{
    if (!self->recovery || self->recovery->len == 0 || self->recovery_dialog)
        return;
    GString *list = g_string_new(NULL);
    for (guint i = 0; i < self->recovery->len; i++) {
        const char *path = g_ptr_array_index(self->recovery, i);
        g_autofree char *orig = editor_recovery_dup_original_path(path);
        g_autofree char *base = g_path_get_basename(orig ? orig : path);
        g_string_append_printf(list, "• %s%s\n", base, orig ? "" : " (never saved)");
    }
    GtkWidget *d =
        gtk_message_dialog_new(first_window(self), GTK_DIALOG_MODAL, GTK_MESSAGE_QUESTION,
                               GTK_BUTTONS_NONE, "Recover unsaved work?");
    gtk_message_dialog_format_secondary_text(
        GTK_MESSAGE_DIALOG(d),
        "Loopwright stopped before these levels were saved. Their last autosaved state can be "
        "opened now (each in its own window, marked unsaved):\n\n%s",
        list->str);
    g_string_free(list, TRUE);
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Discard", GTK_RESPONSE_REJECT, "_Later",
                           GTK_RESPONSE_CANCEL, "_Recover", GTK_RESPONSE_ACCEPT, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_ACCEPT);
    g_signal_connect(d, "response", G_CALLBACK(recovery_response), self);
    self->recovery_dialog = d;
    gtk_window_present(GTK_WINDOW(d));
}

/* ---- app actions ---- */

static void opened(const char *path, gpointer user)
{
    if (path)
        editor_application_open_path(path);
}

static void action_open(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorApplication *self = user;
    editor_file_chooser_open_level(gtk_application_get_active_window(GTK_APPLICATION(self)), opened,
                                   self);
}

/* File > Open Disassembly (the dialog opens the chosen level through app.open-file). */
static void action_open_disasm(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_disasm_open(gtk_application_get_active_window(GTK_APPLICATION(user)));
}

static void action_open_file(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_application_open_path(g_variant_get_string(p, NULL));
}

/* app.new-level(a{sv}): a level from the New Level dialog's choice (editor/doc/level-new.h);
 * with no tileset and "placeholder" (the default) the generated placeholder tileset. */
static void action_new_level(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorApplication *self = user;
    EditorNewLevel spec;
    gboolean placeholder;
    editor_new_level_from_variant(p, &spec, &placeholder);
    g_autoptr(GError) error = NULL;
    g_autofree char *png = NULL;
    if (placeholder && (!spec.tileset || !*spec.tileset)) {
        g_autofree char *dir = g_build_filename(g_get_user_cache_dir(), "loopwright", "new", NULL);
        png = editor_new_level_placeholder(dir, &error);
        spec.tileset = png;
    }
    g_autoptr(EditorDocument) doc = png || !error ? editor_document_new_level(&spec, &error) : NULL;
    if (!doc) {
        GtkWindow *parent = gtk_application_get_active_window(GTK_APPLICATION(self));
        if (EDITOR_IS_WINDOW(parent))
            editor_window_show_error(EDITOR_WINDOW(parent), "The level could not be made", error);
        else
            g_warning("new level: %s", error->message);
        return;
    }
    editor_application_open_document(self, doc);
}

static void new_level_create(EditorNewLevelDialog *dialog, GVariant *spec, gpointer user)
{
    g_action_group_activate_action(G_ACTION_GROUP(user), "new-level", spec);
}

/* app.new (Ctrl+N): the New Level dialog. */
static void action_new(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorNewLevelDialog *d =
        editor_new_level_dialog_new(gtk_application_get_active_window(GTK_APPLICATION(user)));
    g_signal_connect_object(d, "create", G_CALLBACK(new_level_create), user, 0);
    gtk_window_present(GTK_WINDOW(d));
}

static void action_quit(GSimpleAction *a, GVariant *p, gpointer user)
{
    /* close each window through its close request, so unsaved levels ask first */
    GList *windows = g_list_copy(gtk_application_get_windows(GTK_APPLICATION(user)));
    for (GList *w = windows; w; w = w->next)
        gtk_window_close(w->data);
    g_list_free(windows);
}

static void action_about(GSimpleAction *a, GVariant *p, gpointer user)
{
    static const char *authors[] = {"The Loopwright developers", NULL};
    gtk_show_about_dialog(gtk_application_get_active_window(GTK_APPLICATION(user)), "program-name",
                          "Loopwright", "version", LW_VERSION_STRING, "comments",
                          "A level editor and physics engine for Mega Drive-style platformers",
                          "logo-icon-name", "io.github.loopwright.Loopwright", "license-type",
                          GTK_LICENSE_MIT_X11, "authors", authors, NULL);
}

static void action_help(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_help_show(gtk_application_get_active_window(GTK_APPLICATION(user)));
}

static void action_recover(GSimpleAction *a, GVariant *p, gpointer user)
{
    recover_all(user);
    close_recovery_dialog(user);
}

static void action_discard_recovery(GSimpleAction *a, GVariant *p, gpointer user)
{
    discard_all(user);
    close_recovery_dialog(user);
}

static void action_autosave(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_application_autosave_now(user);
}

static const GActionEntry app_entries[] = {
    {.name = "new", .activate = action_new},
    {.name = "new-level", .parameter_type = "a{sv}", .activate = action_new_level},
    {.name = "open", .activate = action_open},
    {.name = "open-file", .parameter_type = "s", .activate = action_open_file},
    {.name = "open-disasm", .activate = action_open_disasm},
    {.name = "quit", .activate = action_quit},
    {.name = "about", .activate = action_about},
    {.name = "help", .activate = action_help},
    {.name = "recover", .activate = action_recover},
    {.name = "discard-recovery", .activate = action_discard_recovery},
    {.name = "autosave-now", .activate = action_autosave},
};

static void editor_application_startup(GApplication *app)
{
    EditorApplication *self = EDITOR_APPLICATION(app);
    G_APPLICATION_CLASS(editor_application_parent_class)->startup(app);
    g_set_application_name("Loopwright");
    gtk_window_set_default_icon_name("io.github.loopwright.Loopwright");
    g_action_map_add_action_entries(G_ACTION_MAP(app), app_entries, G_N_ELEMENTS(app_entries), app);
    editor_actions_install_accels(GTK_APPLICATION(app));
    play_window_set_open_editor_func(open_editor_for);
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_resource(css, "/io/github/loopwright/Loopwright/style.css");
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(css);
    GtkIconTheme *theme = gtk_icon_theme_get_for_display(gdk_display_get_default());
    gtk_icon_theme_add_resource_path(theme, "/io/github/loopwright/Loopwright/icons");

    /* shared by every window's "Open Recent" submenu */
    self->recent_menu = g_menu_new();
    rebuild_recent(self);
    watch_recent(self);

    const char *env = g_getenv("LOOPWRIGHT_AUTOSAVE_SECONDS");
    if (env && atoi(env) > 0)
        self->autosave_seconds = (guint)atoi(env);
    self->autosave_source = g_timeout_add_seconds(self->autosave_seconds, autosave_tick, self);
    find_recovery_files(self);
}

static void run_startup_actions(EditorApplication *self)
{
    GtkWindow *win = first_window(self);
    for (guint i = 0; self->run_actions && win && i < self->run_actions->len; i++) {
        const char *spec = g_ptr_array_index(self->run_actions, i);
        g_autofree char *name = NULL;
        g_autoptr(GVariant) target = NULL;
        g_autoptr(GError) error = NULL;
        if (!g_action_parse_detailed_name(spec, &name, &target, &error)) {
            g_printerr("loopwright: --run-action %s: %s\n", spec, error->message);
            continue;
        }
        if (g_str_has_prefix(name, "app."))
            g_action_group_activate_action(G_ACTION_GROUP(self), name + 4, target);
        else
            gtk_widget_activate_action_variant(GTK_WIDGET(win), name, target);
    }
    if (self->run_actions)
        g_ptr_array_set_size(self->run_actions, 0);
}

static void after_first_windows(EditorApplication *self)
{
    if (self->started)
        return;
    self->started = TRUE;
    offer_recovery(self);
    run_startup_actions(self);
}

static const char *default_level(void)
{
    if (g_file_test(LW_DEFAULT_LEVEL, G_FILE_TEST_EXISTS))
        return LW_DEFAULT_LEVEL;
    /* running from the build tree: the source tree's samples */
    return LW_SOURCE_SAMPLES "/loop-hill.json";
}

static void editor_application_activate(GApplication *app)
{
    EditorApplication *self = EDITOR_APPLICATION(app);
    GtkWindow *win = gtk_application_get_active_window(GTK_APPLICATION(app));
    if (win) {
        gtk_window_present(win);
        return;
    }
    editor_application_open_path(default_level());
    after_first_windows(self);
}

static void editor_application_open(GApplication *app, GFile **files, int n, const char *hint)
{
    EditorApplication *self = EDITOR_APPLICATION(app);
    for (int i = 0; i < n; i++) {
        g_autofree char *path = g_file_get_path(files[i]);
        if (path)
            editor_application_open_path(path);
    }
    after_first_windows(self);
}

static gint64 process_start_us;

void editor_application_set_process_start(gint64 monotonic_us)
{
    process_start_us = monotonic_us;
}

static void first_frame(EditorCanvas *canvas)
{
    printf("first frame after %.1f ms\n", (g_get_monotonic_time() - process_start_us) / 1000.0);
    fflush(stdout);
    EditorApplication *self = default_app();
    if (self)
        g_application_quit(G_APPLICATION(self));
}

static int editor_application_handle_local_options(GApplication *app, GVariantDict *options)
{
    EditorApplication *self = EDITOR_APPLICATION(app);
    g_autofree const char **actions = NULL;
    if (g_variant_dict_lookup(options, "run-action", "^a&s", &actions))
        for (guint i = 0; actions[i]; i++)
            g_ptr_array_add(self->run_actions, g_strdup(actions[i]));
    gint seconds = 0;
    if (g_variant_dict_contains(options, "exit-after-first-frame"))
        editor_canvas_first_frame_hook = first_frame;
    if (g_variant_dict_lookup(options, "autosave-interval", "i", &seconds) && seconds > 0)
        self->autosave_seconds = (guint)seconds;
    return -1;
}

static void editor_application_shutdown(GApplication *app)
{
    EditorApplication *self = EDITOR_APPLICATION(app);
    g_clear_handle_id(&self->autosave_source, g_source_remove);
    G_APPLICATION_CLASS(editor_application_parent_class)->shutdown(app);
}

static void editor_application_finalize(GObject *object)
{
    EditorApplication *self = EDITOR_APPLICATION(object);
    g_clear_pointer(&self->run_actions, g_ptr_array_unref);
    g_clear_pointer(&self->recovery, g_ptr_array_unref);
    g_clear_object(&self->recent_menu);
    g_clear_pointer(&self->recent_session, g_ptr_array_unref);
    g_clear_object(&self->clipboard);
    G_OBJECT_CLASS(editor_application_parent_class)->finalize(object);
}

static void editor_application_class_init(EditorApplicationClass *klass)
{
    GApplicationClass *app_class = G_APPLICATION_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = editor_application_finalize;
    app_class->startup = editor_application_startup;
    app_class->activate = editor_application_activate;
    app_class->open = editor_application_open;
    app_class->shutdown = editor_application_shutdown;
    app_class->handle_local_options = editor_application_handle_local_options;
}

static void editor_application_init(EditorApplication *self)
{
    /* the resources live in a static library: referencing them keeps them linked in */
    g_resources_register(editor_get_resource());
    self->run_actions = g_ptr_array_new_with_free_func(g_free);
    self->recent_session = g_ptr_array_new_with_free_func(g_free);
    self->clipboard = editor_clipboard_new();
    self->autosave_seconds = 60;
    static const GOptionEntry options[] = {
        {"run-action", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING_ARRAY, NULL,
         "Run an action on the first window after start-up (automation)", "ACTION"},
        {"autosave-interval", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL,
         "Seconds between autosaves (default 60)", "SECONDS"},
        {"exit-after-first-frame", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL,
         "Print the time to the first drawn level frame and quit (benchmarks)", NULL},
        {NULL},
    };
    g_application_add_main_option_entries(G_APPLICATION(self), options);
}

EditorApplication *editor_application_new(void)
{
    return g_object_new(EDITOR_TYPE_APPLICATION, "application-id",
                        "io.github.loopwright.Loopwright", "flags",
                        G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE, NULL);
}
