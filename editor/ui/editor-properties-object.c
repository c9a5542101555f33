/* SPDX-License-Identifier: MIT */
/* A game object's properties in the properties panel (editor-properties-object.h). */
#include "editor-properties-object.h"

#include "doc/editor-commands.h"
#include "doc/object-schema.h"

#include <stdlib.h>

/* Who is told after an edit (a function pointer cannot be object data itself). */
typedef struct {
    EditorObjectPropEdited fn;
    gpointer user;
} EditedHook;

/* Set property @key of the object the widget edits to @value, as one command. */
static void set_prop(GtkWidget *w, const char *value)
{
    EditorDocument *doc = g_object_get_data(G_OBJECT(w), "doc");
    guint32 id = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(w), "object-id"));
    const EditorObjectField *f = g_object_get_data(G_OBJECT(w), "field-def");
    const lw_object *cur = lw_level_find_object(editor_document_get_level(doc), id);
    if (!cur || g_strcmp0(editor_object_field_value(cur, f), value) == 0)
        return;
    lw_object o = {0};
    if (!lw_object_copy(&o, cur))
        return;
    if (lw_object_set_property(&o, f->key, value)) {
        EditorCommand *cmd = editor_cmd_set_object_new(doc, &o, NULL);
        if (cmd) {
            g_free(cmd->label);
            cmd->label = g_strdup_printf("Set %s %s", cur->name, f->label);
            g_autofree char *label = g_strdup(cmd->label);
            editor_document_push(doc, cmd);
            const EditedHook *hook = g_object_get_data(G_OBJECT(w), "edited");
            if (hook->fn)
                hook->fn(hook->user, f->key, label);
        }
    }
    lw_object_clear(&o);
}

static void choice_changed(GtkDropDown *d, GParamSpec *pspec, gpointer user)
{
    GtkStringList *items = GTK_STRING_LIST(gtk_drop_down_get_model(d));
    const char *v = gtk_string_list_get_string(items, gtk_drop_down_get_selected(d));
    if (v)
        set_prop(GTK_WIDGET(d), v);
}

static void number_changed(GtkSpinButton *s, gpointer user)
{
    char v[16];
    g_snprintf(v, sizeof v, "%d", gtk_spin_button_get_value_as_int(s));
    set_prop(GTK_WIDGET(s), v);
}

static GtkWidget *field_widget(const EditorObjectField *f, const char *value)
{
    if (f->choices) {
        GtkStringList *items = gtk_string_list_new(f->choices);
        guint selected = GTK_INVALID_LIST_POSITION;
        for (guint i = 0; f->choices[i]; i++)
            if (g_str_equal(f->choices[i], value))
                selected = i;
        if (selected == GTK_INVALID_LIST_POSITION) { /* e.g. a numeric spring strength */
            gtk_string_list_append(items, value);
            selected = g_list_model_get_n_items(G_LIST_MODEL(items)) - 1;
        }
        GtkWidget *d = gtk_drop_down_new(G_LIST_MODEL(items), NULL);
        gtk_drop_down_set_selected(GTK_DROP_DOWN(d), selected);
        g_signal_connect(d, "notify::selected", G_CALLBACK(choice_changed), NULL);
        return d;
    }
    GtkWidget *s = gtk_spin_button_new_with_range(f->min, f->max, 1);
    gtk_editable_set_width_chars(GTK_EDITABLE(s), 6);
    gtk_spin_button_set_value(GTK_SPIN_BUTTON(s), strtol(value, NULL, 10));
    g_signal_connect(s, "value-changed", G_CALLBACK(number_changed), NULL);
    return s;
}

/* A label and the widget, as the panel's other rows. */
static void label_row(GtkWidget *box, const char *label, GtkWidget *widget)
{
    GtkWidget *r = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *l = gtk_label_new(label);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_widget_set_size_request(l, 96, -1);
    gtk_box_append(GTK_BOX(r), l);
    gtk_widget_set_hexpand(widget, TRUE);
    gtk_box_append(GTK_BOX(r), widget);
    gtk_box_append(GTK_BOX(box), r);
}

void editor_properties_object_fields(GtkWidget *box, EditorDocument *doc, const lw_object *o,
                                     EditorObjectPropEdited edited, gpointer user)
{
    guint n = 0;
    const EditorObjectField *fields =
        o->type == LW_OBJECT_MARKER ? editor_object_fields(o->name, &n) : NULL;
    for (guint i = 0; i < n; i++) {
        const EditorObjectField *f = &fields[i];
        GtkWidget *w = field_widget(f, editor_object_field_value(o, f));
        g_autofree char *name = g_strconcat("prop-", f->key, NULL);
        gtk_widget_set_name(w, name);
        g_object_set_data(G_OBJECT(w), "doc", doc);
        g_object_set_data(G_OBJECT(w), "object-id", GUINT_TO_POINTER(o->id));
        g_object_set_data(G_OBJECT(w), "field-def", (gpointer)f);
        EditedHook hook = {edited, user};
        g_object_set_data_full(G_OBJECT(w), "edited", g_memdup2(&hook, sizeof hook), g_free);
        label_row(box, f->label, w);
    }
}
