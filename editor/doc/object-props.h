#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A marker's properties as the text the object editor shows: one "key = value" a line. The
 * parsing lives here, below the interface, so the UI never builds or frees property memory
 * itself; the object is changed through the engine's setters (lw_object_set_property, ...).
 * No GTK.
 */

#include "editor-types.h"

G_BEGIN_DECLS

/** Longest key the text form accepts (a longer one is skipped, as an empty one is). */
#define EDITOR_PROPERTY_KEY_MAX 64

/** @obj's properties as "key = value\n" lines in order. Free with g_free. */
char *editor_object_properties_text(const lw_object *obj);

/**
 * Replace @obj's properties with the ones @text lists: each line holding a '=' is a key (the
 * text before the first '=') and a value (the rest), both with surrounding white space
 * removed; lines without '=', with an empty key or a key over EDITOR_PROPERTY_KEY_MAX bytes
 * are skipped; a key given twice keeps its first place and its last value. Returns FALSE when a
 * property could not be stored (over LW_MAX_PROPERTIES or out of memory); the others are
 * set all the same.
 */
gboolean editor_object_set_properties_text(lw_object *obj, const char *text);

G_END_DECLS
