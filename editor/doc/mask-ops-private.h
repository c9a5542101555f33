#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by mask-ops.c (usage, art, probe, painting masks into cells, the loop preset)
 * and mask-slope.c (the slope tool), and by nothing else.
 */

#include "mask-ops.h"

/* mask-slope.c */
gboolean editor_mask_ops_close_paint_group(EditorDocument *doc, gboolean ok,
                                           const EditorPaintReport *rep, EditorPaintReport *report);
void editor_mask_ops_paint_at(const lw_level *level, guint tx, guint ty, EditorCellPaint *p);
