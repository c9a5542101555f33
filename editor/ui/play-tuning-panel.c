/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-tuning"

#include "play-tuning-panel.h"

#include <loopwright/fixed.h>

struct _PlayTuningPanel {
    GtkBox parent_instance;
    /* Borrowed */
    PlaySession *session;
    /* Template widgets */
    GtkLabel *summary;
    GtkGrid *grid;
    /* Owned: lw_param_count() each, the grid's widgets (NULL until the rows are built) */
    GtkWidget **name, **preset, **value;
    /* State */
    guint changed;     /* constants that differ from the preset */
    gboolean updating; /* the fields are being set from the session: not the user's edits */
};

enum { SIGNAL_FIELD_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(PlayTuningPanel, play_tuning_panel, GTK_TYPE_BOX)

static void param_tooltip(guint i, const lw_profile *preset, char *buf, size_t size)
{
    const lw_param_info *p = lw_param_at(i);
    int32_t v = lw_profile_get(preset, i);
    if (p->kind == LW_PARAM_SWITCH) {
        g_snprintf(buf, size, "%s\n%s (switch); preset: %s", p->description, p->name,
                   v ? "on" : "off");
    } else if (g_str_has_prefix(p->unit, "subpx")) {
        char dec[LW_FIXED_FORMAT_MAX];
        lw_fixed_format(dec, sizeof dec, v);
        g_snprintf(buf, size, "%s\n%s in %s (1/256 px), %d..%d; preset %d = %s px", p->description,
                   p->name, p->unit, p->min, p->max, v, dec);
    } else {
        g_snprintf(buf, size, "%s\n%s in %s, %d..%d; preset %d", p->description, p->name, p->unit,
                   p->min, p->max, v);
    }
}

void play_tuning_panel_refresh(PlayTuningPanel *self)
{
    g_return_if_fail(PLAY_IS_TUNING_PANEL(self));
    if (!self->session || !self->value)
        return;
    self->updating = TRUE;
    const lw_profile *preset = play_session_get_preset(self->session);
    const lw_profile *cur = &play_session_get_sim(self->session)->profile;
    self->changed = 0;
    for (guint i = 0; i < lw_param_count(); i++) {
        const lw_param_info *p = lw_param_at(i);
        int32_t pv = lw_profile_get(preset, i), cv = lw_profile_get(cur, i);
        gboolean differs = pv != cv;
        self->changed += differs;
        g_autofree char *name = g_markup_printf_escaped(differs ? "<b>%s</b> •" : "%s", p->name);
        gtk_label_set_markup(GTK_LABEL(self->name[i]), name);
        char tip[512];
        param_tooltip(i, preset, tip, sizeof tip);
        gtk_widget_set_tooltip_text(self->name[i], tip);
        char pre[32];
        if (p->kind == LW_PARAM_SWITCH)
            g_snprintf(pre, sizeof pre, "%s", pv ? "on" : "off");
        else
            g_snprintf(pre, sizeof pre, "%d", pv);
        gtk_label_set_text(GTK_LABEL(self->preset[i]), pre);
        if (p->kind == LW_PARAM_SWITCH)
            gtk_check_button_set_active(GTK_CHECK_BUTTON(self->value[i]), cv != 0);
        else
            gtk_spin_button_set_value(GTK_SPIN_BUTTON(self->value[i]), cv);
    }
    gboolean saved = play_session_physics_match_level(self->session);
    g_autofree char *sum = g_strdup_printf(
        "%s · %s · %u changed from the preset%s", play_session_get_profile_name(self->session),
        play_session_get_character_name(self->session), self->changed,
        saved ? " (as in the level)" : " (not in the level)");
    gtk_label_set_text(self->summary, sum);
    self->updating = FALSE;
}

/* A field's new value goes to the session; the rows then show what the session took. */
static void field_edited(PlayTuningPanel *self, guint index, int32_t value)
{
    if (self->updating || !self->session)
        return;
    if (!play_session_set_param(self->session, index, value))
        return;
    play_tuning_panel_refresh(self);
    g_signal_emit(self, signals[SIGNAL_FIELD_CHANGED], 0, index,
                  lw_profile_get(&play_session_get_sim(self->session)->profile, index));
}

static void spin_changed(GtkSpinButton *spin, PlayTuningPanel *self)
{
    field_edited(self, GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(spin), "param")),
                 (int32_t)gtk_spin_button_get_value_as_int(spin));
}

static void check_toggled(GtkCheckButton *check, PlayTuningPanel *self)
{
    field_edited(self, GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(check), "param")),
                 gtk_check_button_get_active(check) ? 1 : 0);
}

static GtkWidget *dim_label(const char *text, float xalign)
{
    GtkWidget *l = gtk_label_new(text);
    gtk_widget_add_css_class(l, "dim-label");
    gtk_label_set_xalign(GTK_LABEL(l), xalign);
    return l;
}

/* One row per constant under the template's header row; a heading before the moves' constants
 * (OBJECTS.md §9, §19) and one before the switches. */
static void build_rows(PlayTuningPanel *self)
{
    guint n = (guint)lw_param_count();
    self->name = g_new0(GtkWidget *, n);
    self->preset = g_new0(GtkWidget *, n);
    self->value = g_new0(GtkWidget *, n);
    int row = 1;
    for (guint i = 0; i < n; i++) {
        const lw_param_info *p = lw_param_at(i);
        if (i > 0 && p->kind == LW_PARAM_SWITCH && lw_param_at(i - 1)->kind != LW_PARAM_SWITCH) {
            GtkWidget *h = dim_label("switches (game differences and quirk fixes)", 0);
            gtk_widget_set_margin_top(h, 8);
            gtk_grid_attach(self->grid, h, 0, row++, 3, 1);
        }
        if (g_strcmp0(p->name, "spindash_speed") == 0) {
            GtkWidget *h = dim_label("moves (spindash, super peel-out, drop dash)", 0);
            gtk_widget_set_margin_top(h, 8);
            gtk_grid_attach(self->grid, h, 0, row++, 3, 1);
        }
        GtkWidget *name = gtk_label_new(p->name);
        gtk_label_set_xalign(GTK_LABEL(name), 0);
        gtk_label_set_ellipsize(GTK_LABEL(name), PANGO_ELLIPSIZE_END);
        gtk_widget_set_hexpand(name, TRUE);
        GtkWidget *pre = dim_label(NULL, 1);
        gtk_widget_add_css_class(pre, "numeric");
        GtkWidget *val;
        if (p->kind == LW_PARAM_SWITCH) {
            val = gtk_check_button_new();
            gtk_widget_set_halign(val, GTK_ALIGN_END);
            g_signal_connect(val, "toggled", G_CALLBACK(check_toggled), self);
        } else {
            val = gtk_spin_button_new_with_range(p->min, p->max, 1);
            gtk_spin_button_set_digits(GTK_SPIN_BUTTON(val), 0);
            gtk_editable_set_width_chars(GTK_EDITABLE(val), 6);
            g_signal_connect(val, "value-changed", G_CALLBACK(spin_changed), self);
        }
        gtk_widget_set_tooltip_text(val, p->unit);
        g_object_set_data(G_OBJECT(val), "param", GUINT_TO_POINTER(i));
        gtk_grid_attach(self->grid, name, 0, row, 1, 1);
        gtk_grid_attach(self->grid, pre, 1, row, 1, 1);
        gtk_grid_attach(self->grid, val, 2, row, 1, 1);
        self->name[i] = name;
        self->preset[i] = pre;
        self->value[i] = val;
        row++;
    }
}

static void play_tuning_panel_dispose(GObject *object)
{
    PlayTuningPanel *self = PLAY_TUNING_PANEL(object);
    self->session = NULL;
    gtk_widget_dispose_template(GTK_WIDGET(self), PLAY_TYPE_TUNING_PANEL);
    G_OBJECT_CLASS(play_tuning_panel_parent_class)->dispose(object);
}

static void play_tuning_panel_finalize(GObject *object)
{
    PlayTuningPanel *self = PLAY_TUNING_PANEL(object);
    g_free(self->name);
    g_free(self->preset);
    g_free(self->value);
    G_OBJECT_CLASS(play_tuning_panel_parent_class)->finalize(object);
}

static void play_tuning_panel_class_init(PlayTuningPanelClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = play_tuning_panel_dispose;
    G_OBJECT_CLASS(klass)->finalize = play_tuning_panel_finalize;
    /**
     * PlayTuningPanel::field-changed:
     * @index: the constant (lw_param_at)
     * @value: the value the session took
     *
     * Emitted after the user (or play_tuning_panel_edit) changed a constant of the session.
     */
    signals[SIGNAL_FIELD_CHANGED] =
        g_signal_new("field-changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/play-tuning-panel.ui");
    gtk_widget_class_bind_template_child(widget_class, PlayTuningPanel, summary);
    gtk_widget_class_bind_template_child(widget_class, PlayTuningPanel, grid);
}

static void play_tuning_panel_init(PlayTuningPanel *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
}

void play_tuning_panel_set_session(PlayTuningPanel *self, PlaySession *session)
{
    g_return_if_fail(PLAY_IS_TUNING_PANEL(self));
    self->session = session;
    if (session && !self->value)
        build_rows(self);
    play_tuning_panel_refresh(self);
}

gboolean play_tuning_panel_edit(PlayTuningPanel *self, guint index, int32_t value)
{
    g_return_val_if_fail(PLAY_IS_TUNING_PANEL(self), FALSE);
    if (!self->value || index >= lw_param_count())
        return FALSE;
    const lw_param_info *p = lw_param_at(index);
    if (value < p->min || value > p->max)
        return FALSE;
    /* through the field, as a user's edit: its signal sets the session */
    if (p->kind == LW_PARAM_SWITCH)
        gtk_check_button_set_active(GTK_CHECK_BUTTON(self->value[index]), value != 0);
    else
        gtk_spin_button_set_value(GTK_SPIN_BUTTON(self->value[index]), value);
    return TRUE;
}

guint play_tuning_panel_get_changed_count(PlayTuningPanel *self)
{
    g_return_val_if_fail(PLAY_IS_TUNING_PANEL(self), 0);
    return self->changed;
}

const char *play_tuning_panel_get_summary(PlayTuningPanel *self)
{
    g_return_val_if_fail(PLAY_IS_TUNING_PANEL(self), "");
    return gtk_label_get_text(self->summary);
}
