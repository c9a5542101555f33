/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-tools"

#include "editor-tools.h"

#include "editor-clipboard.h"
#include "editor-commands.h"
#include "level-ops.h"
#include "mask-ops.h"

#include <loopwright/fixed.h>
#include <stdlib.h>

static const char *const tool_names[EDITOR_N_TOOLS] = {"pencil", "rect",     "fill", "select",
                                                       "object", "solidity", "slope"};

const char *editor_tool_kind_to_string(EditorToolKind kind)
{
    return kind < EDITOR_N_TOOLS ? tool_names[kind] : "pencil";
}

gboolean editor_tool_kind_from_string(const char *name, EditorToolKind *kind)
{
    for (int i = 0; i < EDITOR_N_TOOLS; i++)
        if (g_strcmp0(name, tool_names[i]) == 0) {
            *kind = (EditorToolKind)i;
            return TRUE;
        }
    return FALSE;
}

static void notify(EditorTools *t, EditorToolsNotify what)
{
    if (t->notify)
        t->notify(t->notify_user, what);
}

void editor_tools_init(EditorTools *tools, EditorDocument *doc)
{
    *tools = (EditorTools){0};
    tools->doc = doc;
    tools->kind = EDITOR_TOOL_PENCIL;
    tools->layer = LW_LAYER_FG;
    tools->brush_chunk = 0;
    tools->brush_tile = 0;
    tools->brush_solid = lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL);
    tools->solidity_paths = 3;
}

static const lw_level *level_of(const EditorTools *t)
{
    return editor_document_get_level(t->doc);
}

/* Slot under level pixel (x, y); FALSE outside the layout. */
static gboolean slot_at(const EditorTools *t, int32_t x, int32_t y, guint *sx, guint *sy)
{
    const lw_level *l = level_of(t);
    if (x < 0 || y < 0 || x >= lw_level_width_px(l) || y >= lw_level_height_px(l))
        return FALSE;
    *sx = (guint)x >> l->chunk_shift;
    *sy = (guint)y >> l->chunk_shift;
    return TRUE;
}

/* Cell of the edited chunk under (x, y); FALSE outside the edited slot. */
static gboolean cell_at(const EditorTools *t, int32_t x, int32_t y, guint *cx, guint *cy)
{
    guint sx, sy;
    if (!t->editing_chunk || !slot_at(t, x, y, &sx, &sy) || sx != t->edit_slot_x ||
        sy != t->edit_slot_y)
        return FALSE;
    const lw_level *l = level_of(t);
    *cx = ((guint)x & (l->chunk_px - 1u)) / 16u;
    *cy = ((guint)y & (l->chunk_px - 1u)) / 16u;
    return TRUE;
}

uint16_t editor_tools_get_edited_chunk(const EditorTools *tools)
{
    if (!tools->editing_chunk)
        return LW_NONE;
    const lw_level *l = level_of(tools);
    if (tools->edit_slot_x >= l->layout_width || tools->edit_slot_y >= l->layout_height)
        return LW_NONE;
    return lw_level_layout_get(l, LW_LAYER_FG, tools->edit_slot_x, tools->edit_slot_y);
}

static EditorRect rect_from(int32_t ax, int32_t ay, int32_t bx, int32_t by)
{
    return (EditorRect){MIN(ax, bx), MIN(ay, by), abs(ax - bx) + 1, abs(ay - by) + 1};
}

/* ---- layout tools ---- */

static void paint_slot(EditorTools *t, guint sx, guint sy)
{
    EditorLayoutEdit e = {(uint16_t)sx, (uint16_t)sy, t->brush_chunk};
    EditorCommand *cmd = editor_cmd_set_layout_new(
        t->doc, t->layer, &e, 1, t->brush_chunk == LW_NONE ? "Erase Chunks" : "Paint Chunks",
        t->stroke);
    if (cmd)
        editor_document_push(t->doc, cmd);
}

/* Slots on the line from the last point, so a fast drag leaves no gaps. */
static void paint_line(EditorTools *t, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    const lw_level *l = level_of(t);
    int32_t step = l->chunk_px / 2;
    int32_t n = MAX(abs(x1 - x0), abs(y1 - y0)) / step + 1;
    guint lastx = G_MAXUINT, lasty = G_MAXUINT;
    for (int32_t i = 0; i <= n; i++) {
        int32_t x = x0 + (x1 - x0) * i / n, y = y0 + (y1 - y0) * i / n;
        guint sx, sy;
        if (!slot_at(t, x, y, &sx, &sy) || (sx == lastx && sy == lasty))
            continue;
        lastx = sx;
        lasty = sy;
        paint_slot(t, sx, sy);
    }
}

/* The layout edits that fill @r (clipped to the layout) with the brush chunk. */
static GArray *rect_edits(const EditorTools *t, EditorRect r)
{
    const lw_level *l = level_of(t);
    GArray *edits = g_array_new(FALSE, FALSE, sizeof(EditorLayoutEdit));
    for (int32_t y = r.y; y < r.y + r.h; y++)
        for (int32_t x = r.x; x < r.x + r.w; x++) {
            if (x < 0 || y < 0 || x >= l->layout_width || y >= l->layout_height)
                continue;
            EditorLayoutEdit e = {(uint16_t)x, (uint16_t)y, t->brush_chunk};
            g_array_append_val(edits, e);
        }
    return edits;
}

static void fill_rect(EditorTools *t, EditorRect r, const char *label, guint stroke)
{
    GArray *edits = rect_edits(t, r);
    EditorCommand *cmd = editor_cmd_set_layout_new(
        t->doc, t->layer, (EditorLayoutEdit *)edits->data, edits->len, label, stroke);
    if (cmd)
        editor_document_push(t->doc, cmd);
    g_array_unref(edits);
}

/* ---- chunk cell tools ---- */

static void paint_cell(EditorTools *t, guint cx, guint cy, gboolean solidity_only)
{
    uint16_t chunk = editor_tools_get_edited_chunk(t);
    if (chunk == LW_NONE)
        return;
    const lw_level *l = level_of(t);
    guint index = cy * l->chunk_cells + cx;
    lw_cell cell = lw_level_chunk_cells(l, chunk)[index];
    if (solidity_only) {
        uint8_t keep = 0;
        if (!(t->solidity_paths & 1))
            keep |= cell.solid & 3u;
        if (!(t->solidity_paths & 2))
            keep |= cell.solid & 12u;
        uint8_t set = 0;
        if (t->solidity_paths & 1)
            set |= t->brush_solid & 3u;
        if (t->solidity_paths & 2)
            set |= t->brush_solid & 12u;
        cell.solid = keep | set;
    } else {
        cell.tile = t->brush_tile;
        cell.flags = t->brush_tile == LW_NONE ? 0 : t->brush_flips;
        cell.solid = t->brush_tile == LW_NONE ? 0 : t->brush_solid;
    }
    EditorCellEdit e = {chunk, (uint16_t)index, cell};
    EditorCommand *cmd = editor_cmd_set_cells_new(
        t->doc, &e, 1, solidity_only ? "Paint Solidity" : "Paint Tiles", t->stroke);
    if (cmd)
        editor_document_push(t->doc, cmd);
}

static void pick_cell(EditorTools *t, guint cx, guint cy)
{
    uint16_t chunk = editor_tools_get_edited_chunk(t);
    const lw_level *l = level_of(t);
    const lw_cell *cell = &lw_level_chunk_cells(l, chunk)[cy * l->chunk_cells + cx];
    t->brush_tile = cell->tile;
    if (cell->tile != LW_NONE) {
        t->brush_flips = cell->flags;
        t->brush_solid = cell->solid;
    }
    notify(t, EDITOR_TOOLS_NOTIFY_BRUSH);
}

/* ---- objects ---- */

guint32 editor_tools_object_at(const EditorTools *tools, int32_t x, int32_t y, int32_t radius)
{
    const lw_level *l = level_of(tools);
    guint32 best = 0;
    int64_t best_d = INT64_MAX;
    for (guint i = 0; i < l->object_count; i++) {
        const lw_object *o = &l->objects[i];
        int32_t dx = x - o->x, dy = y - o->y;
        gboolean hit;
        if (o->type == LW_OBJECT_PLAYER_START)
            hit = abs(dx) <= 10 + radius / 2 && abs(dy) <= 20 + radius / 2;
        else if (o->type == LW_OBJECT_PATH_SWAPPER)
            hit = o->swapper.horizontal
                      ? abs(dy) <= radius && abs(dx) <= (int32_t)o->swapper.radius
                      : abs(dx) <= radius && abs(dy) <= (int32_t)o->swapper.radius;
        else
            hit = abs(dx) <= radius && abs(dy) <= radius;
        int64_t d = (int64_t)dx * dx + (int64_t)dy * dy;
        if (hit && d < best_d) {
            best = o->id;
            best_d = d;
        }
    }
    return best;
}

void editor_tools_select_object(EditorTools *tools, guint32 id)
{
    tools->selected_object = id;
    notify(tools, EDITOR_TOOLS_NOTIFY_SELECTION);
}

void editor_tools_set_slot_selection(EditorTools *tools, EditorRect rect)
{
    tools->slot_selection = rect;
    notify(tools, EDITOR_TOOLS_NOTIFY_SELECTION);
}

/* ---- input ---- */

/* ---- floating paste ---- */

/* The preview's top-left slot for the pointer at level pixel (x, y): the pointer's slot. */
static void paste_place(EditorTools *t, int32_t x, int32_t y)
{
    const lw_level *l = level_of(t);
    int32_t sx = x < 0 ? 0 : MIN(x, lw_level_width_px(l) - 1) >> l->chunk_shift;
    int32_t sy = y < 0 ? 0 : MIN(y, lw_level_height_px(l) - 1) >> l->chunk_shift;
    if (sx != t->paste_x || sy != t->paste_y) {
        t->paste_x = sx;
        t->paste_y = sy;
        notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW);
    }
}

void editor_tools_begin_paste(EditorTools *t, const EditorClip *clip, guint sx, guint sy)
{
    t->paste_clip = clip;
    t->paste_x = (int32_t)sx;
    t->paste_y = (int32_t)sy;
    t->dragging = FALSE;
    g_snprintf(t->message, sizeof t->message,
               "Paste %u x %u slots: click to place the block, Escape or right-click cancels.",
               editor_clip_get_width(clip), editor_clip_get_height(clip));
    notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW | EDITOR_TOOLS_NOTIFY_MESSAGE);
}

void editor_tools_cancel_paste(EditorTools *t)
{
    if (!t->paste_clip)
        return;
    t->paste_clip = NULL;
    notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW);
}

static void paste_land(EditorTools *t)
{
    const EditorClip *clip = t->paste_clip;
    t->paste_clip = NULL;
    g_autoptr(GError) error = NULL;
    if (!editor_clip_paste(clip, t->doc, t->layer, (guint)t->paste_x, (guint)t->paste_y, &error)) {
        g_snprintf(t->message, sizeof t->message, "Cannot paste here: %s", error->message);
        notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW | EDITOR_TOOLS_NOTIFY_MESSAGE);
        return;
    }
    t->slot_selection = (EditorRect){t->paste_x, t->paste_y, (int32_t)editor_clip_get_width(clip),
                                     (int32_t)editor_clip_get_height(clip)};
    g_snprintf(t->message, sizeof t->message, "Pasted %u x %u slots at slot %d, %d.",
               editor_clip_get_width(clip), editor_clip_get_height(clip), t->paste_x, t->paste_y);
    notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW | EDITOR_TOOLS_NOTIFY_SELECTION |
                  EDITOR_TOOLS_NOTIFY_MESSAGE);
}

void editor_tools_hover(EditorTools *t, int32_t x, int32_t y)
{
    if (t->paste_clip)
        paste_place(t, x, y);
}

/* ---- live previews ---- */

GArray *editor_tools_preview_layout(const EditorTools *tools)
{
    if (!tools->dragging || tools->kind != EDITOR_TOOL_RECT || tools->editing_chunk ||
        tools->preview.w <= 0)
        return NULL;
    return rect_edits(tools, tools->preview);
}

static void slope_options(const EditorTools *t, EditorSlopeOptions *opts)
{
    *opts = (EditorSlopeOptions){.paths = (guint8)(t->solidity_paths & 3u),
                                 .masks = t->slope_masks,
                                 .fill_under = t->slope_fill};
}

GArray *editor_tools_preview_paints(const EditorTools *tools, guint8 *angle)
{
    const lw_level *l = level_of(tools);
    if (tools->loop_preview)
        return editor_loop_paints(l, &tools->loop_place, NULL);
    if (!tools->dragging || tools->kind != EDITOR_TOOL_SLOPE)
        return NULL;
    EditorSlopeOptions opts;
    slope_options(tools, &opts);
    return editor_slope_paints(l, tools->start_x + 0.5, tools->start_y + 0.5, tools->last_x + 0.5,
                               tools->last_y + 0.5, &opts, angle, NULL);
}

void editor_tools_set_loop_preview(EditorTools *tools, const EditorLoopPlace *place)
{
    tools->loop_preview = place != NULL;
    if (place)
        tools->loop_place = *place;
    notify(tools, EDITOR_TOOLS_NOTIFY_PREVIEW);
}

gboolean editor_tools_escape(EditorTools *t)
{
    if (t->dragging && !t->editing_chunk &&
        (t->kind == EDITOR_TOOL_RECT || t->kind == EDITOR_TOOL_SELECT ||
         t->kind == EDITOR_TOOL_SLOPE)) {
        /* the drag ends here: its release finds nothing to do */
        t->dragging = FALSE;
        t->preview = (EditorRect){0};
        g_strlcpy(t->message, "Cancelled: nothing changed.", sizeof t->message);
        notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW | EDITOR_TOOLS_NOTIFY_MESSAGE);
        return TRUE;
    }
    if (t->paste_clip) {
        editor_tools_cancel_paste(t);
        return TRUE;
    }
    if (t->editing_chunk) {
        editor_tools_stop_editing(t);
        return TRUE;
    }
    if (t->slot_selection.w > 0 || t->cell_selection.w > 0) {
        t->cell_selection = (EditorRect){0};
        editor_tools_set_slot_selection(t, (EditorRect){0});
        return TRUE;
    }
    return FALSE;
}

void editor_tools_press(EditorTools *t, int32_t x, int32_t y, guint button)
{
    if (t->paste_clip) {
        /* a floating paste takes the click: primary lands it where it floats, others cancel */
        t->dragging = FALSE;
        if (button == 1) {
            paste_place(t, x, y);
            paste_land(t);
        } else {
            editor_tools_cancel_paste(t);
        }
        return;
    }
    t->dragging = TRUE;
    t->button = button;
    t->prev_stroke = t->stroke;
    t->stroke = editor_command_new_stroke();
    t->start_x = t->last_x = x;
    t->start_y = t->last_y = y;
    t->preview = (EditorRect){0};
    guint sx = 0, sy = 0, cx = 0, cy = 0;
    gboolean in_slot = slot_at(t, x, y, &sx, &sy);
    gboolean in_cell = cell_at(t, x, y, &cx, &cy);

    if (t->kind == EDITOR_TOOL_SLOPE) {
        t->dragging = button == 1; /* the line is drawn on release */
        if (t->slope_chain && t->slope_has_end) {
            t->start_x = t->slope_end_x;
            t->start_y = t->slope_end_y;
        }
        t->slope_chain = FALSE;
        notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW);
        return;
    }
    if (t->kind == EDITOR_TOOL_OBJECT) {
        guint32 id = editor_tools_object_at(t, x, y, 8);
        t->selected_object = id;
        if (id) {
            const lw_object *o = lw_level_find_object(level_of(t), id);
            t->grab_dx = x - o->x;
            t->grab_dy = y - o->y;
        }
        notify(t, EDITOR_TOOLS_NOTIFY_SELECTION);
        return;
    }
    if (t->editing_chunk) {
        if (!in_cell)
            return;
        if (button == 3) {
            /* every tool picks the cell's tile (the properties panel then shows it) */
            t->dragging = FALSE;
            pick_cell(t, cx, cy);
            return;
        }
        switch (t->kind) {
        case EDITOR_TOOL_PENCIL:
        case EDITOR_TOOL_RECT:
        case EDITOR_TOOL_FILL:
            paint_cell(t, cx, cy, FALSE);
            break;
        case EDITOR_TOOL_SOLIDITY:
            paint_cell(t, cx, cy, TRUE);
            break;
        case EDITOR_TOOL_SELECT:
            t->cell_selection = (EditorRect){(int32_t)cx, (int32_t)cy, 1, 1};
            notify(t, EDITOR_TOOLS_NOTIFY_SELECTION);
            break;
        case EDITOR_TOOL_OBJECT:
        case EDITOR_TOOL_SLOPE:
        case EDITOR_N_TOOLS:
            break;
        }
        return;
    }
    if (!in_slot)
        return;
    if (button == 3 && t->kind != EDITOR_TOOL_SELECT) {
        /* eyedropper */
        const lw_level *l = level_of(t);
        t->brush_chunk =
            l->layout[t->layer] ? lw_level_layout_get(l, t->layer, sx, sy) : (uint16_t)LW_NONE;
        t->dragging = FALSE;
        notify(t, EDITOR_TOOLS_NOTIFY_BRUSH);
        return;
    }
    switch (t->kind) {
    case EDITOR_TOOL_PENCIL:
        paint_slot(t, sx, sy);
        break;
    case EDITOR_TOOL_RECT:
    case EDITOR_TOOL_SELECT:
        t->preview = (EditorRect){(int32_t)sx, (int32_t)sy, 1, 1};
        notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW);
        break;
    case EDITOR_TOOL_FILL: {
        GArray *edits = editor_level_flood_fill(level_of(t), t->layer, sx, sy, t->brush_chunk);
        if (edits->len) {
            EditorCommand *cmd =
                editor_cmd_set_layout_new(t->doc, t->layer, (EditorLayoutEdit *)edits->data,
                                          edits->len, "Flood Fill", t->stroke);
            if (cmd)
                editor_document_push(t->doc, cmd);
        }
        g_array_unref(edits);
        t->dragging = FALSE;
        break;
    }
    case EDITOR_TOOL_OBJECT:
    case EDITOR_TOOL_SOLIDITY:
    case EDITOR_TOOL_SLOPE:
    case EDITOR_N_TOOLS:
        break;
    }
}

void editor_tools_motion(EditorTools *t, int32_t x, int32_t y)
{
    if (!t->dragging)
        return;
    int32_t px = t->last_x, py = t->last_y;
    t->last_x = x;
    t->last_y = y;
    if (t->kind == EDITOR_TOOL_SLOPE) {
        notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW);
        return;
    }
    if (t->kind == EDITOR_TOOL_OBJECT) {
        if (!t->selected_object)
            return;
        EditorCommand *cmd = editor_cmd_move_object_new(t->doc, t->selected_object, x - t->grab_dx,
                                                        y - t->grab_dy, t->stroke);
        if (cmd)
            editor_document_push(t->doc, cmd);
        return;
    }
    if (t->editing_chunk) {
        guint cx, cy;
        if (t->kind == EDITOR_TOOL_SELECT) {
            guint ax, ay;
            if (cell_at(t, t->start_x, t->start_y, &ax, &ay) && cell_at(t, x, y, &cx, &cy)) {
                t->cell_selection = rect_from((int32_t)ax, (int32_t)ay, (int32_t)cx, (int32_t)cy);
                notify(t, EDITOR_TOOLS_NOTIFY_SELECTION);
            }
            return;
        }
        if (t->button != 1 || !cell_at(t, x, y, &cx, &cy))
            return;
        paint_cell(t, cx, cy, t->kind == EDITOR_TOOL_SOLIDITY);
        return;
    }
    guint sx, sy, ax, ay;
    switch (t->kind) {
    case EDITOR_TOOL_PENCIL:
        if (t->button == 1)
            paint_line(t, px, py, x, y);
        break;
    case EDITOR_TOOL_RECT:
    case EDITOR_TOOL_SELECT: {
        const lw_level *l = level_of(t);
        int32_t cx = CLAMP(x, 0, lw_level_width_px(l) - 1),
                cy = CLAMP(y, 0, lw_level_height_px(l) - 1);
        if (slot_at(t, t->start_x, t->start_y, &ax, &ay) && slot_at(t, cx, cy, &sx, &sy)) {
            t->preview = rect_from((int32_t)ax, (int32_t)ay, (int32_t)sx, (int32_t)sy);
            notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW);
        }
        break;
    }
    case EDITOR_TOOL_FILL:
    case EDITOR_TOOL_OBJECT:
    case EDITOR_TOOL_SOLIDITY:
    case EDITOR_TOOL_SLOPE:
    case EDITOR_N_TOOLS:
        break;
    }
}

/* A slope stroke from the press to the release point (pixel centres). */
static void slope_release(EditorTools *t)
{
    EditorSlopeOptions opts;
    slope_options(t, &opts);
    double x0 = t->start_x + 0.5, y0 = t->start_y + 0.5, x1 = t->last_x + 0.5, y1 = t->last_y + 0.5;
    guint8 angle = 0;
    EditorPaintReport rep = {0};
    g_autoptr(GError) error = NULL;
    const lwm_image *art = t->art && t->art->width ? t->art : NULL;
    if (!editor_slope_stroke(t->doc, art, x0, y0, x1, y1, &opts, &angle, &rep, &error)) {
        g_snprintf(t->message, sizeof t->message, "Slope: %s.", error->message);
    } else {
        t->slope_has_end = TRUE;
        t->slope_end_x = t->last_x;
        t->slope_end_y = t->last_y;
        GString *s = g_string_new(NULL);
        g_string_append_printf(s, "Slope 0x%02X (%.1f°) on path %s: %u cells", angle,
                               lw_angle_to_millidegrees(angle) / 1000.0,
                               opts.paths == 3   ? "A+B"
                               : opts.paths == 1 ? "A"
                                                 : "B",
                               rep.cells);
        if (rep.masks_in_place)
            g_string_append_printf(s, ", %u masks changed in place", rep.masks_in_place);
        if (rep.masks_added)
            g_string_append_printf(s, ", %u new masks", rep.masks_added);
        if (rep.tiles_added)
            g_string_append_printf(s, ", %u new tiles", rep.tiles_added);
        if (rep.chunks_added)
            g_string_append_printf(s, ", %u chunks copied for this place", rep.chunks_added);
        g_string_append(s, " (Ctrl+Z undoes it).");
        g_strlcpy(t->message, s->str, sizeof t->message);
        g_string_free(s, TRUE);
    }
    notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW | EDITOR_TOOLS_NOTIFY_MESSAGE);
}

void editor_tools_release(EditorTools *t, int32_t x, int32_t y)
{
    if (!t->dragging)
        return;
    editor_tools_motion(t, x, y);
    t->dragging = FALSE;
    if (t->kind == EDITOR_TOOL_SLOPE) {
        slope_release(t);
        return;
    }
    if (t->editing_chunk)
        return;
    if (t->kind == EDITOR_TOOL_RECT && t->preview.w > 0) {
        fill_rect(t, t->preview, "Fill Rectangle", t->stroke);
    } else if (t->kind == EDITOR_TOOL_SELECT) {
        t->slot_selection = t->preview;
        notify(t, EDITOR_TOOLS_NOTIFY_SELECTION);
    }
    t->preview = (EditorRect){0};
    notify(t, EDITOR_TOOLS_NOTIFY_PREVIEW);
}

/* ---- chunk editing ---- */

void editor_tools_undo_click(EditorTools *tools)
{
    EditorUndoStack *stack = editor_document_get_undo_stack(tools->doc);
    for (int i = 0; i < 2; i++) {
        guint index = editor_undo_stack_get_index(stack);
        if (index == 0)
            return;
        guint s = editor_undo_stack_get_command(stack, index - 1)->stroke;
        if (s == 0 || (s != tools->stroke && s != tools->prev_stroke))
            return;
        editor_document_undo(tools->doc);
    }
}

gboolean editor_tools_edit_chunk_at(EditorTools *tools, guint sx, guint sy)
{
    const lw_level *l = level_of(tools);
    if (sx >= l->layout_width || sy >= l->layout_height ||
        lw_level_layout_get(l, LW_LAYER_FG, sx, sy) == LW_NONE)
        return FALSE;
    tools->editing_chunk = TRUE;
    tools->edit_slot_x = sx;
    tools->edit_slot_y = sy;
    tools->cell_selection = (EditorRect){0};
    notify(tools, EDITOR_TOOLS_NOTIFY_MODE);
    return TRUE;
}

void editor_tools_stop_editing(EditorTools *tools)
{
    if (!tools->editing_chunk)
        return;
    tools->editing_chunk = FALSE;
    tools->cell_selection = (EditorRect){0};
    notify(tools, EDITOR_TOOLS_NOTIFY_MODE);
}

gboolean editor_tools_make_unique(EditorTools *tools, GError **error)
{
    uint16_t chunk = editor_tools_get_edited_chunk(tools);
    if (chunk == LW_NONE) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, "no chunk is being edited");
        return FALSE;
    }
    EditorDocument *doc = tools->doc;
    const lw_level *l = level_of(tools);
    guint id = l->chunk_count;
    EditorCommand *add =
        editor_cmd_add_chunk_new(doc, lw_level_chunk_cells(l, chunk), "Copy Chunk", error);
    if (!add)
        return FALSE;
    editor_document_begin_group(doc, "Make Chunk Unique");
    editor_document_push(doc, add);
    EditorLayoutEdit e = {(uint16_t)tools->edit_slot_x, (uint16_t)tools->edit_slot_y, (uint16_t)id};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    editor_document_end_group(doc);
    tools->brush_chunk = (uint16_t)id;
    notify(tools, EDITOR_TOOLS_NOTIFY_BRUSH | EDITOR_TOOLS_NOTIFY_MODE);
    return TRUE;
}

/* Apply @fn to every selected cell of the edited chunk as one command. */
static void edit_selected_cells(EditorTools *t, const char *label,
                                void (*fn)(lw_cell *cell, gpointer data), gpointer data)
{
    uint16_t chunk = editor_tools_get_edited_chunk(t);
    EditorRect r = t->cell_selection;
    if (chunk == LW_NONE || r.w <= 0)
        return;
    const lw_level *l = level_of(t);
    const lw_cell *cells = lw_level_chunk_cells(l, chunk);
    GArray *edits = g_array_new(FALSE, FALSE, sizeof(EditorCellEdit));
    for (int32_t y = r.y; y < r.y + r.h; y++)
        for (int32_t x = r.x; x < r.x + r.w; x++) {
            guint i = (guint)y * l->chunk_cells + (guint)x;
            EditorCellEdit e = {chunk, (uint16_t)i, cells[i]};
            fn(&e.cell, data);
            g_array_append_val(edits, e);
        }
    EditorCommand *cmd =
        editor_cmd_set_cells_new(t->doc, (EditorCellEdit *)edits->data, edits->len, label, 0);
    if (cmd)
        editor_document_push(t->doc, cmd);
    g_array_unref(edits);
}

static void flip_cell(lw_cell *cell, gpointer data)
{
    if (cell->tile != LW_NONE)
        cell->flags ^= (uint8_t)GPOINTER_TO_UINT(data);
}

void editor_tools_flip(EditorTools *tools, uint8_t flip)
{
    if (tools->editing_chunk && tools->cell_selection.w > 0) {
        edit_selected_cells(tools, flip == LW_CELL_FLIP_X ? "Flip Horizontally" : "Flip Vertically",
                            flip_cell, GUINT_TO_POINTER(flip));
        return;
    }
    tools->brush_flips ^= flip;
    notify(tools, EDITOR_TOOLS_NOTIFY_BRUSH);
}

static void solidity_cell(lw_cell *cell, gpointer data)
{
    EditorTools *t = data;
    if (t->solidity_paths & 1)
        cell->solid = (uint8_t)((cell->solid & ~3u) | (t->brush_solid & 3u));
    if (t->solidity_paths & 2)
        cell->solid = (uint8_t)((cell->solid & ~12u) | (t->brush_solid & 12u));
}

void editor_tools_set_solidity(EditorTools *tools, lw_solidity solidity)
{
    uint8_t a = (tools->solidity_paths & 1) ? (uint8_t)solidity : (tools->brush_solid & 3u);
    uint8_t b = (tools->solidity_paths & 2) ? (uint8_t)solidity : (tools->brush_solid >> 2 & 3u);
    tools->brush_solid = lw_cell_solid_bits((lw_solidity)a, (lw_solidity)b);
    notify(tools, EDITOR_TOOLS_NOTIFY_BRUSH);
    if (tools->editing_chunk && tools->cell_selection.w > 0)
        edit_selected_cells(tools, "Set Solidity", solidity_cell, tools);
}

static void clear_cell(lw_cell *cell, gpointer data)
{
    *cell = (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0};
}

void editor_tools_delete_selection(EditorTools *tools)
{
    if (tools->selected_object) {
        EditorCommand *cmd = editor_cmd_remove_object_new(tools->doc, tools->selected_object);
        if (cmd)
            editor_document_push(tools->doc, cmd);
        tools->selected_object = 0;
        notify(tools, EDITOR_TOOLS_NOTIFY_SELECTION);
        return;
    }
    if (tools->editing_chunk) {
        edit_selected_cells(tools, "Clear Cells", clear_cell, NULL);
        return;
    }
    if (tools->slot_selection.w > 0) {
        uint16_t keep = tools->brush_chunk;
        tools->brush_chunk = LW_NONE;
        fill_rect(tools, tools->slot_selection, "Delete Chunks", 0);
        tools->brush_chunk = keep;
    }
}
