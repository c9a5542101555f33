/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-clipboard"

#include "editor-app-clipboard.h"

struct _EditorClipboard {
    GObject parent_instance;
    EditorClip *clip; /* owned, may be NULL */
    guint serial;
};

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorClipboard, editor_clipboard, G_TYPE_OBJECT)

static void editor_clipboard_finalize(GObject *object)
{
    EditorClipboard *self = EDITOR_CLIPBOARD(object);
    g_clear_pointer(&self->clip, editor_clip_free);
    G_OBJECT_CLASS(editor_clipboard_parent_class)->finalize(object);
}

static void editor_clipboard_class_init(EditorClipboardClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = editor_clipboard_finalize;
    /**
     * EditorClipboard::changed:
     *
     * Emitted after a new block (or none) was set.
     */
    signals[SIGNAL_CHANGED] = g_signal_new("changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void editor_clipboard_init(EditorClipboard *self) {}

EditorClipboard *editor_clipboard_new(void)
{
    return g_object_new(EDITOR_TYPE_CLIPBOARD, NULL);
}

void editor_clipboard_set(EditorClipboard *self, EditorClip *clip)
{
    g_return_if_fail(EDITOR_IS_CLIPBOARD(self));
    g_clear_pointer(&self->clip, editor_clip_free);
    self->clip = clip;
    self->serial++;
    g_signal_emit(self, signals[SIGNAL_CHANGED], 0);
}

const EditorClip *editor_clipboard_get(EditorClipboard *self)
{
    g_return_val_if_fail(EDITOR_IS_CLIPBOARD(self), NULL);
    return self->clip;
}

guint editor_clipboard_get_serial(EditorClipboard *self)
{
    g_return_val_if_fail(EDITOR_IS_CLIPBOARD(self), 0);
    return self->serial;
}
