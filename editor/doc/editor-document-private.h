#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * For command implementations only: the mutable level. No other code may call this (STYLE.md
 * §7.8: nothing outside the commands mutates a document's level).
 */

#include "editor-document.h"

G_BEGIN_DECLS

/** The level, mutable. Only EditorCommandClass.apply/revert may use it. */
lw_level *editor_document_level_for_command(EditorDocument *self);

G_END_DECLS
