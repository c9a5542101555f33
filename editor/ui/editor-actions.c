/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-actions"

#include "editor-actions.h"

#include <string.h>

#define T(action, title, section, ...)                                                             \
    {                                                                                              \
        action, {__VA_ARGS__}, NULL, title, section                                                \
    }
#define K(action, key, title, section, ...)                                                        \
    {                                                                                              \
        action, {__VA_ARGS__}, key, title, section                                                 \
    }

static const EditorActionInfo actions[] = {
    /* Files */
    T("app.new", "New level", "Files", "<Control>n"),
    T("app.open", "Open a level", "Files", "<Control>o"),
    T("app.open-disasm", "Open a level from a disassembly tree", "Files", NULL),
    T("win.save", "Save", "Files", "<Control>s"),
    T("win.save-as", "Save as", "Files", "<Control><Shift>s"),
    T("win.revert", "Revert to saved", "Files", "<Control><Shift>r"),
    T("win.close", "Close the window", "Files", "<Control>w"),
    T("app.quit", "Quit", "Files", "<Control>q"),
    T("app.autosave-now", "Autosave every modified level now", "Files", "<Control><Alt>F12"),
    /* Editing */
    T("doc.undo", "Undo", "Editing", "<Control>z"),
    T("doc.redo", "Redo", "Editing", "<Control><Shift>z", "<Control>y"),
    T("win.cut", "Cut the selected slots", "Editing", "<Control>x"),
    T("win.copy", "Copy the selected slots", "Editing", "<Control>c"),
    T("win.paste", "Paste (the block follows the pointer; click to place it)", "Editing",
      "<Control>v"),
    T("win.delete", "Delete the selection or object", "Editing", "Delete"),
    T("win.select-all", "Select all", "Editing", "<Control>a"),
    K("win.escape", "Escape",
      "Cancel a drag or a paste, stop editing the chunk, or clear the selection", "Editing", NULL),
    T("win.command-palette", "Find a command", "Editing", "<Control><Shift>p"),
    /* Tools */
    K("win.tool('pencil')", "b", "Pencil tool (chunks; tiles while editing a chunk)", "Tools",
      "<Alt><Shift>b"),
    K("win.tool('rect')", "r", "Rectangle tool", "Tools", "<Alt><Shift>r"),
    K("win.tool('fill')", "g", "Flood fill tool", "Tools", "<Alt><Shift>g"),
    K("win.tool('select')", "s", "Select tool", "Tools", "<Alt><Shift>s"),
    K("win.tool('object')", "o", "Objects tool: select and drag", "Tools", "<Alt><Shift>o"),
    K("win.tool('solidity')", "l", "Solidity brush tool", "Tools", "<Alt><Shift>l"),
    K("win.tool('slope')", "p", "Slope tool: drag a line across tiles", "Tools", "<Alt><Shift>p"),
    T("win.slope-masks", "Slope tool makes masks (toggle)", "Tools", "<Alt><Shift>m"),
    T("win.slope-fill", "Slope tool fills under (toggle)", "Tools", "<Alt><Shift>f"),
    T("win.background-layer", "Paint the background layer (toggle)", "Tools", "<Control>b"),
    /* View */
    T("win.zoom-in", "Zoom in", "View", "<Control>plus", "<Control>equal", "<Control>KP_Add"),
    T("win.zoom-out", "Zoom out", "View", "<Control>minus", "<Control>KP_Subtract"),
    T("win.zoom-reset", "Actual size", "View", "<Control>0", "<Control>KP_0"),
    T("win.zoom-fit", "Zoom to fit", "View", "<Control>9"),
    K("win.overlay-collision-a", "1", "Show collision of path A", "View", "<Control>1"),
    K("win.overlay-collision-b", "2", "Show collision of path B", "View", "<Control>2"),
    K("win.overlay-angles", "3", "Show angles", "View", "<Control>3"),
    K("win.overlay-objects", "4", "Show objects", "View", "<Control>4"),
    K("win.overlay-swappers", "5", "Show path swappers", "View", "<Control>5"),
    T("win.grid-tiles", "Show the tile grid", "View", "<Control>g"),
    T("win.grid-chunks", "Show the chunk grid", "View", "<Control><Shift>g"),
    T("win.show-sidebar", "Show the sidebar (minimap, properties, history, issues)", "View", "F9"),
    T("win.show-palettes", "Show the palettes", "View", "<Control>F9"),
    /* Chunks */
    K("win.edit-chunk", "Return", "Edit the chunk in place (or double-click it)", "Chunks",
      "<Control>e"),
    T("win.stop-editing", "Stop editing the chunk", "Chunks", "<Control><Shift>e"),
    T("win.make-unique", "Make the chunk unique", "Chunks", "<Control>u"),
    T("win.new-chunk", "New empty chunk", "Chunks", "<Control><Alt>n"),
    T("win.duplicate-chunk", "Duplicate the chunk", "Chunks", "<Control>d"),
    K("win.flip-x", "x", "Flip horizontally", "Chunks", "<Control><Alt>x"),
    K("win.flip-y", "y", "Flip vertically", "Chunks", "<Control><Alt>y"),
    K("win.solidity('none')", "n", "Solidity: none", "Chunks", "<Alt>1"),
    K("win.solidity('top')", "t", "Solidity: top only", "Chunks", "<Alt>2"),
    K("win.solidity('lrb')", "w", "Solidity: left/right/bottom", "Chunks", "<Alt>3"),
    K("win.solidity('all')", "a", "Solidity: all", "Chunks", "<Alt>4"),
    T("win.solidity-path('a')", "Solidity edits path A", "Chunks", "<Alt>a"),
    T("win.solidity-path('b')", "Solidity edits path B", "Chunks", "<Alt>b"),
    T("win.solidity-path('both')", "Solidity edits both paths", "Chunks", "<Alt>p"),
    /* Level */
    T("win.level-properties", "Level properties", "Level", "<Alt>Return"),
    T("win.resize-level", "Resize the level", "Level", "<Control><Alt>r"),
    T("win.loop-table", "Loop table (Sonic 1 loop and tunnel chunks)", "Level", "<Control><Alt>l"),
    T("win.insert-row", "Insert a row", "Level", "<Control>Insert"),
    T("win.insert-column", "Insert a column", "Level", "<Control><Shift>Insert"),
    T("win.remove-row", "Remove a row", "Level", "<Control>Delete"),
    T("win.remove-column", "Remove a column", "Level", "<Control><Shift>Delete"),
    T("win.remove-unused-chunks", "Remove unused chunks", "Level", "<Control><Alt>c"),
    T("win.remove-duplicate-chunks", "Merge duplicate chunks", "Level", "<Control><Alt><Shift>c"),
    T("win.remove-unused-tiles", "Remove unused tiles", "Level", "<Control><Alt>t"),
    T("win.remove-duplicate-tiles", "Merge duplicate tiles", "Level", "<Control><Alt><Shift>t"),
    T("win.import-tiles", "Import tiles and masks from a level", "Level", "<Control><Alt>i"),
    T("win.add-art-tiles", "Add tiles for unused art", "Level", "<Control><Alt>a"),
    T("win.check", "Check for problems", "Level", "F8"),
    T("win.play", "Test-play from the start", "Level", "F5"),
    T("win.play-here", "Test-play from the pointer", "Level", "<Shift>F5"),
    /* Masks */
    T("win.mask-editor", "Mask editor for the brush tile", "Masks", "<Control>m"),
    T("win.mask-path-b", "Mask editor: edit path B (toggle)", "Masks", "<Control><Alt>b"),
    T("win.mask-widths", "Mask editor: show widths (toggle)", "Masks", "<Control><Shift>w"),
    T("win.mask-compute-angle", "Compute the angle from the pixels", "Masks", "<Control><Shift>a"),
    T("win.mask-flag", "Angle flagged (toggle)", "Masks", "<Control><Shift>f"),
    T("win.mask-lock", "Angle locked (toggle)", "Masks", "<Control><Shift>l"),
    T("win.mask-copy", "Copy the mask", "Masks", "<Control><Shift>c"),
    T("win.mask-paste", "Paste the mask", "Masks", "<Control><Shift>v"),
    T("win.mask-copy-a-to-b", "Copy path A's mask to B", "Masks", "<Control><Shift>b"),
    T("win.mask-reset-from-art", "Reset the mask from the tile art", "Masks", "<Control><Shift>t"),
    T("win.mask-make-unique", "Make the mask unique", "Masks", "<Control><Shift>u"),
    T("win.loop-preset", "Loop preset", "Masks", "<Control><Shift>o"),
    T("win.generate-masks", "Generate masks from tile art", "Masks", "<Control><Shift>m"),
    T("win.import-terrain", "Import a terrain PNG", "Masks", "<Control><Shift>i"),
    /* Objects */
    T("win.add-player-start", "Add a player start", "Objects", "<Control><Alt>p"),
    T("win.add-swapper", "Add a path swapper", "Objects", "<Control><Alt>w"),
    T("win.add-marker", "Add a marker", "Objects", "<Control><Alt>m"),
    T("win.snap-to-ground", "Snap the object to the ground", "Objects", "<Control><Alt>g"),
    /* Help */
    T("app.help", "Help", "Help", "F1"),
    T("win.show-help-overlay", "Keyboard shortcuts", "Help", "<Control>question"),
    T("app.about", "About Loopwright", "Help", NULL),
};

#undef T
#undef K

const EditorActionInfo *editor_actions_get(guint *n)
{
    *n = G_N_ELEMENTS(actions);
    return actions;
}

void editor_actions_install_accels(GtkApplication *app)
{
    for (guint i = 0; i < G_N_ELEMENTS(actions); i++)
        if (actions[i].accels[0])
            gtk_application_set_accels_for_action(app, actions[i].action, actions[i].accels);
}

GtkEventController *editor_actions_canvas_shortcuts(void)
{
    GtkEventController *c = gtk_shortcut_controller_new();
    for (guint i = 0; i < G_N_ELEMENTS(actions); i++) {
        const EditorActionInfo *a = &actions[i];
        if (!a->canvas_key)
            continue;
        g_autofree char *name = NULL;
        g_autoptr(GVariant) target = NULL;
        if (!g_action_parse_detailed_name(a->action, &name, &target, NULL))
            continue;
        GtkShortcut *s =
            gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name(a->canvas_key), 0),
                             gtk_named_action_new(name));
        if (target)
            gtk_shortcut_set_arguments(s, target);
        gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(c), s);
    }
    return c;
}

char *editor_actions_dup_shortcut_text(const EditorActionInfo *a)
{
    GString *s = g_string_new(NULL);
    if (a->canvas_key)
        g_string_append(s, a->canvas_key);
    for (guint k = 0; k < G_N_ELEMENTS(a->accels) && a->accels[k]; k++) {
        if (s->len)
            g_string_append_c(s, ' ');
        g_string_append(s, a->accels[k]);
    }
    return g_string_free(s, FALSE);
}

GtkShortcutsWindow *editor_actions_new_shortcuts_window(void)
{
    GString *xml = g_string_new("<interface><object class=\"GtkShortcutsWindow\" id=\"help\">"
                                "<property name=\"modal\">True</property><child>"
                                "<object class=\"GtkShortcutsSection\">"
                                "<property name=\"section-name\">editor</property>"
                                "<property name=\"max-height\">14</property>");
    const char *open_section = NULL;
    for (guint i = 0; i < G_N_ELEMENTS(actions); i++) {
        const EditorActionInfo *a = &actions[i];
        if (!a->canvas_key && !a->accels[0])
            continue;
        if (!open_section || !g_str_equal(open_section, a->section)) {
            if (open_section)
                g_string_append(xml, "</object></child>");
            g_autofree char *title = g_markup_escape_text(a->section, -1);
            g_string_append_printf(xml,
                                   "<child><object class=\"GtkShortcutsGroup\">"
                                   "<property name=\"title\">%s</property>",
                                   title);
            open_section = a->section;
        }
        g_autofree char *keys = editor_actions_dup_shortcut_text(a);
        g_autofree char *ekeys = g_markup_escape_text(keys, -1);
        g_autofree char *etitle = g_markup_escape_text(a->title, -1);
        g_string_append_printf(xml,
                               "<child><object class=\"GtkShortcutsShortcut\">"
                               "<property name=\"accelerator\">%s</property>"
                               "<property name=\"title\">%s</property></object></child>",
                               ekeys, etitle);
    }
    if (open_section)
        g_string_append(xml, "</object></child>");
    /* what is not a command: panning */
    g_string_append(xml, "<child><object class=\"GtkShortcutsGroup\">"
                         "<property name=\"title\">Canvas</property>"
                         "<child><object class=\"GtkShortcutsShortcut\">"
                         "<property name=\"accelerator\">space</property>"
                         "<property name=\"title\">Hold and drag to pan</property>"
                         "</object></child></object></child>");
    g_string_append(xml, "</object></child></object></interface>");
    GtkBuilder *b = gtk_builder_new_from_string(xml->str, (gssize)xml->len);
    g_string_free(xml, TRUE);
    GtkShortcutsWindow *w = g_object_ref(GTK_SHORTCUTS_WINDOW(gtk_builder_get_object(b, "help")));
    g_object_unref(b);
    return w;
}
