/* SPDX-License-Identifier: MIT */
/* Disassembly object ids to game-object markers (docs/OBJECTS.md §16). Each rule names the
 * routine it follows; no data is taken from the disassemblies beyond the meaning of ids and
 * subtype bits. */
#include "loopwright/objmap.h"

#include <stdio.h>
#include <string.h>

static void prop(lw_objmap_marker *m, const char *key, const char *value)
{
    m->keys[m->prop_count] = key;
    m->values[m->prop_count] = value;
    m->prop_count++;
}

static void prop_int(lw_objmap_marker *m, const char *key, int value)
{
    char *b = m->buf[m->prop_count];
    snprintf(b, sizeof m->buf[0], "%d", value);
    prop(m, key, b);
}

/* Springs: S2 Obj41 (subtype bits 4-6 kind: 0 up, 1 horizontal, 2 down, 3 diagonal up,
 * 4 diagonal down; bit 1 set = yellow), S1 "41 Springs" (bit 4 horizontal, bit 5 down, bit 1
 * yellow). X flip turns horizontal and diagonal springs to the left. */
static bool spring(lw_objmap_marker *m, int kind, bool yellow, bool x_flip)
{
    static const char *const up[] = {"up", "right", "down", "up-right", "down-right"};
    static const char *const flipped[] = {"up", "left", "down", "up-left", "down-left"};
    if (kind < 0 || kind > 4)
        return false;
    m->name = "spring";
    prop(m, "direction", x_flip ? flipped[kind] : up[kind]);
    prop(m, "strength", yellow ? "yellow" : "red");
    return true;
}

static bool s2(uint8_t id, uint8_t sub, bool x_flip, bool y_flip, lw_objmap_marker *m)
{
    switch (id) {
    case 0x41:
        return spring(m, (sub >> 4) & 7, (sub & 2) != 0, x_flip);
    case 0x36: { /* Obj36: bits 4-7 size and orientation: 0-3 upright, 4-7 sideways */
        int n = (sub >> 4) & 0xF;
        if (n > 7)
            return false;
        m->name = "spikes";
        prop(m, "direction", n >= 4 ? (x_flip ? "left" : "right") : (y_flip ? "down" : "up"));
        prop_int(m, "width", 32 * ((n & 3) + 1));
        return true;
    }
    case 0x26: { /* Obj26 / Obj2E contents */
        static const char *const c[10] = {NULL,    "1up",    "1up",           NULL, "rings",
                                          "shoes", "shield", "invincibility", NULL, NULL};
        if (sub > 9 || !c[sub])
            return false;
        m->name = "monitor";
        prop(m, "contents", c[sub]);
        return true;
    }
    case 0x11: /* Obj11: subtype = logs */
        if (sub < 1)
            return false;
        m->name = "bridge";
        prop_int(m, "logs", sub > 16 ? 16 : sub);
        return true;
    case 0x18: { /* Obj18: bits 4-6 size (width_pixels 32, 32, 32, 64, 48), bits 0-3 motion */
        static const int half[5] = {32, 32, 32, 64, 48};
        int size = (sub >> 4) & 7, t = sub & 0xF;
        const char *motion;
        if (t == 0 || t == 9)
            motion = "static";
        else if (t == 1 || t == 5)
            motion = "horizontal";
        else if (t == 2 || t == 6 || t == 0xA || t == 0xB || t == 0xC || t == 0xD)
            motion = "vertical";
        else if (t == 3 || t == 4)
            motion = "falling";
        else
            return false; /* button-triggered, rising */
        m->name = "platform";
        prop(m, "motion", motion);
        prop_int(m, "width", 2 * half[size < 5 ? size : 0]);
        if (t == 0xA || t == 0xB)
            prop_int(m, "distance", 32);
        return true;
    }
    case 0x0D: /* Obj0D signpost */
        m->name = "goal";
        return true;
    case 0x79: /* Obj79 star post */
        m->name = "checkpoint";
        return true;
    default:
        return false;
    }
}

static bool s1(uint8_t id, uint8_t sub, bool x_flip, bool y_flip, lw_objmap_marker *m)
{
    switch (id) {
    case 0x41:
        return spring(m, (sub & 0x10) ? 1 : (sub & 0x20) ? 2 : 0, (sub & 2) != 0, x_flip);
    case 0x36: { /* "36 Spikes": frames 0, 2, 3, 4 upright (widths 40, 8, 56, 128), 1 and 5
                    sideways */
        static const int width[6] = {40, 40, 16, 56, 128, 16}; /* min 16 */
        int n = (sub >> 4) & 0xF;
        if (n > 5)
            return false;
        m->name = "spikes";
        bool side = n == 1 || n == 5;
        prop(m, "direction", side ? (x_flip ? "left" : "right") : (y_flip ? "down" : "up"));
        prop_int(m, "width", width[n]);
        return true;
    }
    case 0x26: { /* "26 Monitor" / "2E Monitor Content Power-Up" */
        static const char *const c[8] = {NULL,    NULL, "1up", "shoes", "shield", "invincibility",
                                         "rings", NULL};
        if (sub > 7 || !c[sub])
            return false;
        m->name = "monitor";
        prop(m, "contents", c[sub]);
        return true;
    }
    case 0x11:
        if (sub < 1)
            return false;
        m->name = "bridge";
        prop_int(m, "logs", sub > 16 ? 16 : sub);
        return true;
    case 0x25: { /* "25 & 37 Rings": bits 0-2 count - 1 (7 reads as 6), bits 4-7 the layout:
                    0-2 horizontal, 3-5 vertical, 16 / 24 / 32 px apart; the diagonal layouts are
                    not mapped */
        int count = (sub & 7) == 7 ? 7 : (sub & 7) + 1;
        int layout = (sub >> 4) & 0xF;
        if (layout > 5)
            return false;
        int step = 16 + 8 * (layout % 3);
        m->name = "ring";
        prop_int(m, "count", count);
        prop_int(m, layout < 3 ? "spacing" : "spacing-y", step);
        if (layout >= 3)
            prop(m, "spacing", "0");
        return true;
    }
    case 0x0D:
        m->name = "goal";
        return true;
    case 0x79:
        m->name = "checkpoint";
        return true;
    case 0x40: /* "40 Moto Bug": walks left unless flipped */
        m->name = "enemy";
        prop(m, "direction", x_flip ? "right" : "left");
        return true;
    default:
        return false;
    }
}

/* Sonic 3 & Knuckles. sonic3k.asm is not in the tree this was checked against, so the subtype
 * bits follow the tree's own SonLVL object definitions (`SonLVL INI Files/Common/1P.ini`:
 * 01 Monitor.cs, 07 Spring.cs, 08 Spikes.cs, 34 Starpost.xml), which name each bit. */
static bool s3k(uint8_t id, uint8_t sub, bool x_flip, bool y_flip, lw_objmap_marker *m)
{
    switch (id) {
    case 0x07: /* Spring.cs: bits 4-6 direction (0 up, 1 horizontal, 2 down, 3 diagonal up,
                  4 diagonal down), bit 1 yellow; the path bits 2-3, twirl (0) and speed
                  clearing (7) have no counterpart and are ignored */
        return spring(m, (sub >> 4) & 7, (sub & 2) != 0, x_flip);
    case 0x08: { /* Spikes.cs: bits 0-3 movement (only 0, still, is mapped), bits 4-5 count - 1,
                    bits 6-7 0 upright / 0x40 sideways; width 32 per spike as S2's */
        int dir = sub & 0xC0;
        if ((sub & 0x0F) != 0 || (dir != 0x00 && dir != 0x40))
            return false;
        m->name = "spikes";
        prop(m, "direction", dir ? (x_flip ? "left" : "right") : (y_flip ? "down" : "up"));
        prop_int(m, "width", 32 * (((sub >> 4) & 3) + 1));
        return true;
    }
    case 0x01: { /* Monitor.cs: 0 static, 1 1-up, 2 Eggman, 3 rings, 4 shoes, 5 flame, 6 thunder,
                    7 aqua barrier, 8 invincibility, 9 super; the three barriers are the engine's
                    one shield (their abilities are not modelled) */
        static const char *const c[10] = {NULL,     "1up",    NULL,     "rings",         "shoes",
                                          "shield", "shield", "shield", "invincibility", NULL};
        if (sub > 9 || !c[sub])
            return false;
        m->name = "monitor";
        prop(m, "contents", c[sub]);
        return true;
    }
    case 0x34: /* Starpost.xml */
        m->name = "checkpoint";
        return true;
    default:
        return false;
    }
}

bool lw_objmap_lookup(lw_objmap_game game, uint8_t id, uint8_t subtype, bool x_flip, bool y_flip,
                      lw_objmap_marker *out)
{
    memset(out, 0, sizeof *out);
    bool ok = game == LW_OBJMAP_S2    ? s2(id, subtype, x_flip, y_flip, out)
              : game == LW_OBJMAP_S3K ? s3k(id, subtype, x_flip, y_flip, out)
                                      : s1(id, subtype, x_flip, y_flip, out);
    if (!ok)
        memset(out, 0, sizeof *out);
    return ok;
}
