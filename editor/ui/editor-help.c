/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-help"

#include "editor-help.h"

#include <string.h>

#define HELP_RESOURCE "/io/github/loopwright/Loopwright/help/EDITOR.md"

static GtkWindow *help_window;

/* Inline Markdown to Pango markup: `code`, **bold**, *emphasis*, [text](link) -> text. */
static void append_inline(GString *out, const char *s)
{
    gboolean bold = FALSE, em = FALSE;
    while (*s) {
        if (*s == '`') {
            const char *end = strchr(s + 1, '`');
            if (end) {
                g_autofree char *code = g_markup_escape_text(s + 1, end - s - 1);
                g_string_append_printf(out, "<tt>%s</tt>", code);
                s = end + 1;
                continue;
            }
        }
        if (s[0] == '*' && s[1] == '*') {
            g_string_append(out, bold ? "</b>" : "<b>");
            bold = !bold;
            s += 2;
            continue;
        }
        if (s[0] == '*' && s[1] != ' ' && (em || strchr(s + 1, '*'))) {
            g_string_append(out, em ? "</i>" : "<i>");
            em = !em;
            s++;
            continue;
        }
        if (*s == '[') {
            const char *close = strstr(s, "](");
            const char *end = close ? strchr(close, ')') : NULL;
            if (close && end) {
                g_autofree char *text = g_markup_escape_text(s + 1, close - s - 1);
                g_string_append(out, text);
                s = end + 1;
                continue;
            }
        }
        const char *next = g_utf8_next_char(s);
        g_autofree char *ch = g_markup_escape_text(s, next - s);
        g_string_append(out, ch);
        s = next;
    }
    if (em)
        g_string_append(out, "</i>");
    if (bold)
        g_string_append(out, "</b>");
}

char *editor_help_markup_line(const char *line)
{
    GString *out = g_string_new(NULL);
    int level = 0;
    while (line[level] == '#')
        level++;
    if (level > 0 && line[level] == ' ') {
        static const char *const sizes[] = {"xx-large", "x-large", "large", "medium"};
        g_string_append_printf(out, "<span size=\"%s\" weight=\"bold\">", sizes[MIN(level, 4) - 1]);
        append_inline(out, line + level + 1);
        g_string_append(out, "</span>");
    } else if ((line[0] == '*' || line[0] == '-') && line[1] == ' ') {
        g_string_append(out, "• ");
        append_inline(out, line + 2);
    } else {
        append_inline(out, line);
    }
    return g_string_free(out, FALSE);
}

static GtkWidget *paragraph(const char *markup, gboolean mono)
{
    GtkWidget *l = gtk_label_new(NULL);
    gtk_label_set_markup(GTK_LABEL(l), markup);
    gtk_label_set_wrap(GTK_LABEL(l), !mono);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_label_set_selectable(GTK_LABEL(l), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(l), 100);
    if (mono)
        gtk_widget_add_css_class(l, "monospace");
    return l;
}

/* Paragraphs (lines joined), headings, list items, and tables / code blocks kept as lines. */
static void fill(GtkBox *box, const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    GString *para = g_string_new(NULL);
    gboolean code = FALSE, para_mono = FALSE;
#define FLUSH()                                                                                    \
    do {                                                                                           \
        if (para->len) {                                                                           \
            gtk_box_append(box, paragraph(para->str, para_mono));                                  \
            g_string_truncate(para, 0);                                                            \
        }                                                                                          \
        para_mono = FALSE;                                                                         \
    } while (0)
    for (guint i = 0; lines[i]; i++) {
        const char *line = lines[i];
        if (g_str_has_prefix(line, "```")) {
            FLUSH();
            code = !code;
            continue;
        }
        if (code || line[0] == '|') {
            if (!para_mono)
                FLUSH();
            para_mono = TRUE;
            g_autofree char *esc = g_markup_escape_text(line, -1);
            if (para->len)
                g_string_append_c(para, '\n');
            g_string_append(para, esc);
            continue;
        }
        if (para_mono)
            FLUSH();
        if (!*line || g_str_has_prefix(line, "![")) {
            FLUSH();
            continue;
        }
        gboolean starts_block = line[0] == '#' ||
                                ((line[0] == '*' || line[0] == '-') && line[1] == ' ') ||
                                g_ascii_isdigit(line[0]);
        if (starts_block)
            FLUSH();
        g_autofree char *m = editor_help_markup_line(line);
        if (para->len)
            g_string_append_c(para, ' ');
        g_string_append(para, m);
        if (line[0] == '#')
            FLUSH();
    }
    FLUSH();
#undef FLUSH
    g_string_free(para, TRUE);
}

static void help_destroyed(gpointer data, GObject *where)
{
    help_window = NULL;
}

GtkWindow *editor_help_show(GtkWindow *parent)
{
    if (help_window) {
        gtk_window_present(help_window);
        return help_window;
    }
    g_autoptr(GBytes) bytes = g_resources_lookup_data(HELP_RESOURCE, 0, NULL);
    GtkWidget *win = gtk_window_new();
    help_window = GTK_WINDOW(win);
    g_object_weak_ref(G_OBJECT(win), help_destroyed, NULL);
    gtk_window_set_title(help_window, "Loopwright Help");
    gtk_window_set_default_size(help_window, 820, 680);
    if (parent) {
        gtk_window_set_transient_for(help_window, parent);
        gtk_window_set_application(help_window, gtk_window_get_application(parent));
    }
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_set_name(box, "help-text");
    gtk_widget_set_margin_start(box, 24);
    gtk_widget_set_margin_end(box, 24);
    gtk_widget_set_margin_top(box, 16);
    gtk_widget_set_margin_bottom(box, 24);
    gsize size = 0;
    const char *text = bytes ? g_bytes_get_data(bytes, &size) : NULL;
    g_autofree char *copy = text ? g_strndup(text, size) : g_strdup("The help text is missing.");
    fill(GTK_BOX(box), copy);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), box);
    gtk_window_set_child(help_window, scroller);
    gtk_window_present(help_window);
    return help_window;
}
