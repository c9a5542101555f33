/* SPDX-License-Identifier: MIT */
/* The object palette and the "objects" actions (editor-object-palette.h). */
#define G_LOG_DOMAIN "editor-object-palette"

#include "editor-object-palette.h"

#include "doc/editor-commands.h"
#include "doc/editor-tools.h"
#include "doc/object-schema.h"
#include "editor-canvas.h"
#include "editor-render-objects.h"
#include "editor-sprites.h"

#define ICON_PX 40

typedef EditorObjectPaletteHost Host;

static void add_object(const Host *host, const EditorObjectPreset *preset, int32_t x, int32_t y,
                       gboolean snap)
{
    EditorDocument *doc = host->doc;
    const lw_level *l = editor_document_get_level(doc);
    lw_object o;
    if (!editor_object_from_preset(preset, x, y, &o))
        return;
    int32_t sy;
    if (snap && editor_object_snap_to_ground(l, &o, LW_PATH_A, &sy))
        o.y = sy;
    guint32 id = 0;
    EditorCommand *cmd = editor_cmd_add_object_new(doc, &o, &id);
    lw_object_clear(&o);
    if (!cmd) {
        host->set_status(host->window, "The object could not be added (the level is full).");
        return;
    }
    g_free(cmd->label);
    cmd->label = g_strdup_printf("Add %s", preset->label);
    editor_document_push(doc, cmd);
    editor_tools_select_object(host->tools, id);
    g_action_group_activate_action(G_ACTION_GROUP(host->window), "tool",
                                   g_variant_new_string("object"));
}

static void action_add(GSimpleAction *a, GVariant *p, gpointer user)
{
    const Host *host = user;
    const EditorObjectPreset *preset = editor_object_preset_find(g_variant_get_string(p, NULL));
    if (!preset)
        return;
    double x, y, w, h;
    editor_canvas_get_view(host->canvas, &x, &y, &w, &h);
    const lw_level *l = editor_document_get_level(host->doc);
    int32_t px = (int32_t)CLAMP(x + w / 2, 0, lw_level_width_px(l) - 1);
    int32_t py = (int32_t)CLAMP(y + h / 2, 0, lw_level_height_px(l) - 1);
    add_object(host, preset, px, py, TRUE);
}

static void action_add_at(GSimpleAction *a, GVariant *p, gpointer user)
{
    const char *id;
    gint32 x, y;
    g_variant_get(p, "(&sii)", &id, &x, &y);
    const EditorObjectPreset *preset = editor_object_preset_find(id);
    if (preset)
        add_object(user, preset, x, y, FALSE);
}

/* The preset's picture, centred in the icon: its sprite at a scale that fits, or for the player
 * start and the swapper what the view draws. */
static void draw_icon(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer data)
{
    const EditorObjectPreset *preset = data;
    lw_object o;
    if (!editor_object_from_preset(preset, 0, 0, &o))
        return;
    double cx = w / 2.0, cy = h / 2.0;
    if (o.type == LW_OBJECT_PLAYER_START) {
        editor_render_object_start(cr, &o, cx, cy, 0.75, FALSE);
    } else if (o.type == LW_OBJECT_PATH_SWAPPER) {
        cairo_set_source_rgb(cr, 1, 0.25, 1);
        cairo_set_line_width(cr, 3);
        cairo_move_to(cr, cx, 4);
        cairo_line_to(cr, cx, h - 4);
        cairo_stroke(cr);
    } else {
        /* a bridge or a row of rings: a short one, so the icon shows what it is */
        if (g_str_equal(o.name, "bridge"))
            lw_object_set_property(&o, "logs", "3");
        else if (g_str_equal(o.name, "ring"))
            lw_object_set_property(&o, "count", "1");
        double zoom = g_str_equal(o.name, "platform") ? 0.5 : 0.75;
        editor_render_object_marker(cr, &o, cx, cy, zoom, FALSE);
    }
    lw_object_clear(&o);
}

static GtkWidget *entry_button(const EditorObjectPreset *preset)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *icon = gtk_drawing_area_new();
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(icon), ICON_PX);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(icon), ICON_PX);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(icon), draw_icon, (gpointer)preset, NULL);
    gtk_box_append(GTK_BOX(box), icon);
    GtkWidget *label = gtk_label_new(preset->label);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    /* the palette must not widen the left panel: long names are cut, the tooltip has them */
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_label_set_max_width_chars(GTK_LABEL(label), 10);
    gtk_widget_set_hexpand(label, TRUE);
    gtk_box_append(GTK_BOX(box), label);
    GtkWidget *button = gtk_button_new();
    gtk_button_set_child(GTK_BUTTON(button), box);
    gtk_button_set_has_frame(GTK_BUTTON(button), FALSE);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(button), "objects.add");
    gtk_actionable_set_action_target(GTK_ACTIONABLE(button), "s", preset->id);
    g_autofree char *tip =
        g_strdup_printf("Add %s at the middle of the view, on the ground", preset->label);
    gtk_widget_set_tooltip_text(button, tip);
    gtk_widget_set_name(button, preset->id);
    return button;
}

void editor_object_palette_attach(const EditorObjectPaletteHost *host, GtkNotebook *notebook)
{
    Host *copy = g_new(Host, 1);
    *copy = *host;
    static const GActionEntry entries[] = {
        {.name = "add", .parameter_type = "s", .activate = action_add},
        {.name = "add-at", .parameter_type = "(sii)", .activate = action_add_at},
    };
    GSimpleActionGroup *group = g_simple_action_group_new();
    g_action_map_add_action_entries(G_ACTION_MAP(group), entries, G_N_ELEMENTS(entries), copy);
    g_object_set_data_full(G_OBJECT(group), "host", copy, g_free);
    gtk_widget_insert_action_group(GTK_WIDGET(host->window), "objects", G_ACTION_GROUP(group));
    g_object_unref(group);

    GtkWidget *list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    guint n;
    const EditorObjectPreset *presets = editor_object_presets(&n);
    for (guint i = 0; i < n; i++)
        gtk_box_append(GTK_BOX(list), entry_button(&presets[i]));
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    gtk_widget_set_vexpand(scroller, TRUE);
    gtk_notebook_append_page(notebook, scroller, gtk_label_new("Objects"));
}
