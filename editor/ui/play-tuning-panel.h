#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * PlayTuningPanel: the test-play window's Tuning tab (a GtkBox from play-tuning-panel.ui). One
 * row per engine constant and switch of lw_param_at(): its name (bold with a dot when it differs
 * from the preset), the preset's value and the value the run uses now, which the user edits.
 * An edit sets the constant on the session and emits `field-changed`; the panel changes nothing
 * else (the level is only touched by the window's win.save-tuning, a document command). Its
 * Save to Level and Reset buttons run the window's win.save-tuning and win.reset-tuning.
 */

#include "doc/play-session.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PLAY_TYPE_TUNING_PANEL (play_tuning_panel_get_type())
G_DECLARE_FINAL_TYPE(PlayTuningPanel, play_tuning_panel, PLAY, TUNING_PANEL, GtkBox)

/** The session tuned (borrowed; it outlives the panel, or is unset with NULL first). Builds the
 * rows on first use and shows the session's values. */
void play_tuning_panel_set_session(PlayTuningPanel *self, PlaySession *session);

/** Show the session's values again (after its profile, character or tuning changed elsewhere:
 * a menu action, a replay's physics, the level's saved tuning). Emits nothing. */
void play_tuning_panel_refresh(PlayTuningPanel *self);

/**
 * Edit constant @index (lw_param_at) to @value as the user would in its field (a switch: 0 or
 * 1): the session takes it and `field-changed` is emitted. FALSE, with nothing changed, when
 * @index is not a constant or @value is outside its min..max.
 */
gboolean play_tuning_panel_edit(PlayTuningPanel *self, guint index, int32_t value);

/** Constants whose value differs from the preset now. */
guint play_tuning_panel_get_changed_count(PlayTuningPanel *self);

/** The summary line ("s2 · sonic · 1 changed from the preset (not in the level)"). */
const char *play_tuning_panel_get_summary(PlayTuningPanel *self);

G_END_DECLS
