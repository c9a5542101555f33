/* SPDX-License-Identifier: MIT */
/* The document layer's GError domain, on its own so that code setting it (replay checks, the
 * play session) does not pull the GObject document into the headless `loopwright`. */
#include "editor-types.h"

G_DEFINE_QUARK(editor - document - error - quark, editor_document_error)
