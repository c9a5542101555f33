#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Tools: small state machines that turn pointer input (in level pixels) into commands pushed on
 * the document — pencil, rectangle, flood fill and eyedropper for the layout; select; object
 * move; tile pencil and solidity brush inside a chunk being edited in place. They never touch
 * the level directly, and know nothing of GTK: the canvas feeds them coordinates, tests can too.
 */

#include "editor-clipboard.h"
#include "editor-document.h"
#include "mask-ops.h"

#include <loopwright-masks/image.h>

G_BEGIN_DECLS

typedef enum EditorToolKind {
    EDITOR_TOOL_PENCIL = 0, /* layout: paint the brush chunk; chunk edit: paint the brush tile */
    EDITOR_TOOL_RECT,       /* layout: fill a dragged rectangle with the brush chunk */
    EDITOR_TOOL_FILL,       /* layout: flood fill */
    EDITOR_TOOL_SELECT,     /* layout: select slots; chunk edit: select cells */
    EDITOR_TOOL_OBJECT,     /* select and drag objects */
    EDITOR_TOOL_SOLIDITY,   /* chunk edit: paint the brush solidity on the chosen path(s) */
    EDITOR_TOOL_SLOPE,      /* drag a line across tiles: their angles (or masks) from the line */
    EDITOR_N_TOOLS
} EditorToolKind;

/** Names used by the "win.tool" action: "pencil", "rect", "fill", "select", "object",
 * "solidity", "slope". */
const char *editor_tool_kind_to_string(EditorToolKind kind);
gboolean editor_tool_kind_from_string(const char *name, EditorToolKind *kind);

/** What changed in the tool state (for the views). */
typedef enum EditorToolsNotify {
    EDITOR_TOOLS_NOTIFY_BRUSH = 1u << 0,     /* brush chunk/tile/flips/solidity */
    EDITOR_TOOLS_NOTIFY_SELECTION = 1u << 1, /* slot, cell or object selection */
    EDITOR_TOOLS_NOTIFY_PREVIEW = 1u << 2,   /* the rectangle being dragged */
    EDITOR_TOOLS_NOTIFY_MODE = 1u << 3,      /* entered/left chunk editing */
    EDITOR_TOOLS_NOTIFY_MESSAGE = 1u << 4,   /* a new EditorTools.message for the status bar */
} EditorToolsNotify;

typedef struct EditorRect {
    int32_t x, y, w, h; /* in slots or cells; w == 0 = none */
} EditorRect;

typedef struct EditorTools {
    /* Borrowed */
    EditorDocument *doc;
    void (*notify)(gpointer user, EditorToolsNotify what);
    gpointer notify_user;

    /* Settings */
    EditorToolKind kind;
    lw_layer layer;       /* layout layer the layout tools edit */
    uint16_t brush_chunk; /* LW_NONE = erase */
    uint16_t brush_tile;  /* LW_NONE = erase */
    uint8_t brush_flips;  /* LW_CELL_FLIP_X | LW_CELL_FLIP_Y for the tile pencil */
    uint8_t brush_solid;  /* solidity bits for both paths (lw_cell_solid_bits) */
    guint solidity_paths; /* solidity brush (and slope tool) edit path A (bit 0) and/or B (bit 1) */
    gboolean slope_masks; /* slope tool: masks from the line (else angles only) */
    gboolean slope_fill;  /* slope tool with masks: full blocks under the line down to the ground */
    const lwm_image *art; /* borrowed, may be NULL: the tileset, for the slope tool's new tiles */
    gboolean slope_chain; /* set before a press: the slope line starts where the last one ended
                             (a curve is a chain of lines); the press clears it */
    gboolean slope_has_end;
    int32_t slope_end_x, slope_end_y; /* where the last slope line ended (level px) */

    /* Selection */
    EditorRect slot_selection; /* layout slots */
    EditorRect cell_selection; /* cells of the edited chunk */
    guint32 selected_object;   /* 0 = none */

    /* Chunk editing in place */
    gboolean editing_chunk;
    guint edit_slot_x, edit_slot_y; /* the layout slot being edited */

    /* Drag state */
    gboolean dragging;
    guint button;      /* 1 left, 3 right */
    guint stroke;      /* merge key of the current drag */
    guint prev_stroke; /* merge key of the drag before (the first click of a double-click) */
    int32_t start_x, start_y, last_x, last_y; /* level px */
    int32_t grab_dx, grab_dy; /* object drag: pointer offset from the object's position */
    EditorRect preview;       /* rect tool / select drag, in slots or cells */

    /* Floating paste: the block follows the pointer until a click lands it */
    const EditorClip *paste_clip; /* borrowed (the application clipboard's); NULL = none */
    int32_t paste_x, paste_y;     /* slot of the block's top-left */

    /* The loop preset's dialog is open: where the loop would go (editor_tools_set_loop_preview) */
    gboolean loop_preview;
    EditorLoopPlace loop_place;

    /* What the last action did, for the status bar (EDITOR_TOOLS_NOTIFY_MESSAGE) */
    char message[256];
} EditorTools;

void editor_tools_init(EditorTools *tools, EditorDocument *doc);

/** Pointer pressed at level pixel (@x, @y) with @button (1 = primary, 3 = secondary: the
 * eyedropper in painting tools). */
void editor_tools_press(EditorTools *tools, int32_t x, int32_t y, guint button);
void editor_tools_motion(EditorTools *tools, int32_t x, int32_t y);
void editor_tools_release(EditorTools *tools, int32_t x, int32_t y);

/** The pointer moved over the level without a button held (a floating paste follows it). */
void editor_tools_hover(EditorTools *tools, int32_t x, int32_t y);

/** Start a floating paste of @clip (borrowed: cancel it before the clip goes away) with its
 * top-left at slot (@sx, @sy). The next primary press lands it at the slot pressed (one undo
 * step, the block selected); another button or editor_tools_cancel_paste() drops it. */
void editor_tools_begin_paste(EditorTools *tools, const EditorClip *clip, guint sx, guint sy);
void editor_tools_cancel_paste(EditorTools *tools);

/* ---- live previews: what a release would do, computed without touching the document ---- */

/** While a rectangle is dragged (rectangle tool, layout): the layout edits (EditorLayoutEdit)
 * the release will push — exactly those. NULL when no rectangle is being dragged. */
GArray *editor_tools_preview_layout(const EditorTools *tools);

/** While a slope line is dragged: the cell paints (EditorCellPaint, placed orientation) the
 * release will resolve — editor_slope_paints of the same line and options — and *@angle (may be
 * NULL) the line's angle; while the loop preset's dialog shows a place
 * (editor_tools_set_loop_preview): editor_loop_paints there. NULL when there is nothing to show
 * or the line or place is refused. */
GArray *editor_tools_preview_paints(const EditorTools *tools, guint8 *angle);

/** Show (@place) or hide (NULL) the loop preset's preview. */
void editor_tools_set_loop_preview(EditorTools *tools, const EditorLoopPlace *place);

/** Escape: cancel a rectangle, selection or slope drag (nothing is pushed on release), else a
 * floating paste, else stop editing a chunk, else clear the selection. FALSE when there was
 * nothing to do. */
gboolean editor_tools_escape(EditorTools *tools);

/** Undo what the clicks of a double-click painted (their strokes are the last two presses). */
void editor_tools_undo_click(EditorTools *tools);

/** Enter in-place editing of the chunk at layout slot (@sx, @sy). FALSE on an empty slot. */
gboolean editor_tools_edit_chunk_at(EditorTools *tools, guint sx, guint sy);
void editor_tools_stop_editing(EditorTools *tools);
/** The chunk being edited, or LW_NONE. */
uint16_t editor_tools_get_edited_chunk(const EditorTools *tools);

/** Give the edited chunk a copy of its own (copy-on-write) for the edited slot. */
gboolean editor_tools_make_unique(EditorTools *tools, GError **error);

/** Flip X/Y (@flip LW_CELL_FLIP_X or _Y) of the selected cells, or of the brush when no cells
 * are selected. */
void editor_tools_flip(EditorTools *tools, uint8_t flip);

/** Set the solidity of the selected cells on the brush paths to @solidity; with no cell
 * selection only the brush changes. */
void editor_tools_set_solidity(EditorTools *tools, lw_solidity solidity);

/** Delete the selection: the selected object, else the slot selection (set empty), else the
 * selected cells (emptied). */
void editor_tools_delete_selection(EditorTools *tools);

void editor_tools_set_slot_selection(EditorTools *tools, EditorRect rect);
void editor_tools_select_object(EditorTools *tools, guint32 id);

/** The object whose handle is under level pixel (@x, @y) (within @radius px), or 0. */
guint32 editor_tools_object_at(const EditorTools *tools, int32_t x, int32_t y, int32_t radius);

G_END_DECLS
