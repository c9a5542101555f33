/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter's trace (disasm-sprites-cs.c, docs/DISASM.md §11.1): debug
 * messages in the GLib log domain DCS_LOG_DOMAIN, shown with `G_MESSAGES_DEBUG=Loopwright-CS`,
 * for whoever writes or fixes a definition: where a value stops being known, which statement
 * is skipped, why a GetSprite gives no sprite. Nothing is formatted unless they are shown.
 */
#include "disasm-sprites-cs-private.h"

#include <stdarg.h>

const char *dcs_kind_name(vkind k)
{
    static const char *const names[] = {"value not known",
                                        "null",
                                        "int",
                                        "bool",
                                        "string",
                                        "name",
                                        "art",
                                        "mappings",
                                        "Sprite",
                                        "array",
                                        "indexer",
                                        "ObjectEntry",
                                        "this",
                                        "base",
                                        "instance",
                                        "lambda",
                                        "Dictionary",
                                        "double",
                                        "Point",
                                        "Size",
                                        "decimal",
                                        "BitmapBits",
                                        "level part",
                                        "LinkedListNode"};
    G_STATIC_ASSERT(G_N_ELEMENTS(names) == V_NODE + 1);
    return (guint)k < G_N_ELEMENTS(names) ? names[k] : "?";
}

void dcs_trace(const dspr_cs *c, guint tok_at, const char *fmt, ...)
{
    if (g_log_writer_default_would_drop(G_LOG_LEVEL_DEBUG, DCS_LOG_DOMAIN))
        return;
    int line = 1;
    for (guint32 q = 0, end = dcs_T(c, tok_at)->at; q < end && q < c->size; q++)
        line += c->text[q] == '\n';
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    const char *cls = c->cls >= 0 ? g_array_index(c->classes, cs_class, c->cls).full : "?";
    g_log(DCS_LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "%s, line %d: %s", cls, line, msg);
}
