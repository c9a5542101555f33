/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter's private parts (disasm-sprites-cs*.c, docs/DISASM.md §11.1):
 * its limits, tokens, values and state, shared by the tokenizer and built-ins
 * (disasm-sprites-cs-lex.c), the expressions (disasm-sprites-cs-eval.c), the statements,
 * classes and entry points (disasm-sprites-cs.c) and the definitions' own objects, lambdas and
 * dictionaries (disasm-sprites-cs-obj.c). Internal names carry the dcs_ prefix.
 */
#pragma once

#include "disasm-sprites-map.h"
#include "disasm-sprites-private.h"

#define CS_MAX_TOKENS (1u << 18)
#define CS_MAX_INIT_STEPS                                                                          \
    1000000u /* statements and primaries: Init (DEZ tunnel launcher: 395,837) */
#define CS_MAX_CALL_STEPS                                                                          \
    50000u /* ... one GetSprite (SOZ's spawning sand blocks: more than 20,000; 40,000 were enough) \
            */
#define CS_MAX_CALLS 32 /* nested method calls */
#define CS_MAX_NEST  96 /* nested expressions and statements */
#define CS_MAX_ARRAY 4096u
/* What a definition's runs make, Init's and every GetSprite's together (nothing is freed before
 * the definition is): one unit per string, array, list, dictionary, indexer, sprite and instance,
 * plus one per element, part, field or 64 bytes of text it holds. Counted by dcs_charge alone. */
#define CS_MAX_MADE (1u << 18)
#define CS_MAX_ARGS 16

typedef enum { T_END, T_IDENT, T_INT, T_REAL, T_STR, T_OP, T_DEC } tok_kind;

typedef struct {
    tok_kind kind;
    guint32 at, len; /* in the text */
    gint8 level;     /* a binary operator's precedence level (dcs_op_level), -1 none */
    guint8 opi;      /* ... and which of that level's */
    guint32 close;   /* an opener '(' '[' '{': the token of the closer that ends it (any of
                        ')' ']' '}'), the tokens' count when none does (dcs_skip_group) */
    gint64 num;      /* T_INT; T_REAL: a double's bits (T_DEC: read from the text) */
} tok;

typedef enum {
    V_UNKNOWN,
    V_NULL,
    V_INT,
    V_BOOL,
    V_STR,
    V_NAME,   /* an unresolved (static) name: "LevelData.ReadFile", "CompressionType.Nemesis" */
    V_ART,    /* p: art spec (dspr_image.art); i: 1 = one file read whole */
    V_MAP,    /* p: cs_map (a byte[] of mappings); i: 1 = binary */
    V_SPRITE, /* p: GArray of dspr_ref, shared by its copies (disasm-sprites-cs-sprite.c) */
    V_ARRAY,  /* p: GArray of val; i: 1 = a List (grows) */
    V_INDEXER,
    V_OBJ, /* the ObjectEntry: i = subtype, fx, fy = flips, dx, dy = X, Y (px) */
    V_THIS,
    V_BASE,
    V_INST,    /* an instance of a class of the file: p = its fields (name -> val*), i = class */
    V_LAMBDA,  /* `x => e` / `x => { ... }`: i = body token, dx = the parameter's, dy = frame */
    V_DICT,    /* a Dictionary: p = GArray of val, key then value */
    V_REAL,    /* a double: r (disasm-sprites-cs-real.c) */
    V_POINT,   /* System.Drawing.Point, a value: dx = X, dy = Y (disasm-sprites-cs-value.c) */
    V_SIZE,    /* System.Drawing.Size, a value: dx = Width, dy = Height */
    V_DECIMAL, /* a decimal: the 96-bit magnitude's low 64 bits in i, its high 32 in dy, the
                  scale in dx, fx = negative (disasm-sprites-cs-decimal.c) */
    V_BITMAP,  /* a BitmapBits: p = GArray of dspr_ref as a sprite's, dx, dy = Width, Height */
    V_LEVEL,   /* a part of the level: i = what, dx, dy (disasm-sprites-cs-level.c) */
    V_NODE,    /* a LinkedListNode, `list.First`: p = the list (GArray of val), i = its index,
                  dx = the list's length then (a node of a list changed since is not known) */
} vkind;

typedef struct {
    vkind k;
    gint64 i;
    int fx, fy, dx, dy;
    void *p;
    double r; /* V_REAL */
} val;

/* A byte[] of mappings, LevelData.ASMToBin's: an array (a reference, as in C#) that code may read
 * and change before it draws with it. Owned by dspr_cs.maps. */
typedef struct {
    const char *file;  /* the mappings file (kept in dspr_cs.strs) */
    int dplc_ver;      /* ASMToBin's EngineVersion: 1..3, the format a DPLC file is read in; 0 */
    GByteArray *bytes; /* the assembled bytes, read when the code first reads them; NULL */
    gboolean failed;   /* the bytes cannot be told (unassembled, or an unknown value stored) */
    gboolean changed;  /* an element was stored */
} cs_map;

/* What a parameter's declared type lets a method be chosen by (overloads of one count). */
typedef enum {
    PT_ANY,
    PT_INT,
    PT_REAL,
    PT_BOOL,
    PT_STR,
    PT_OBJ,
    PT_SPRITE,
    PT_POINT,
    PT_SIZE,
    PT_DEC
} cs_ptype;

typedef struct {
    char *name;
    int cls, nparams; /* -1: a property's getter */
    int nrequired;    /* the parameters before the first with a default value */
    char *params[CS_MAX_ARGS];
    guint8 ptype[CS_MAX_ARGS]; /* cs_ptype */
    guint8 pconv[CS_MAX_ARGS]; /* cs_conv: what the parameter's local converts to */
    guint dflt[CS_MAX_ARGS];   /* token of a default value's expression, 0 = none */
    guint body;                /* token of the body's '{', or of the expression after "=>" */
    gboolean expr;             /* an expression body */
    gboolean variadic;         /* the last parameter is `params T[]` */
    guint32 str_mask;          /* bit i: parameter i is a string */
    guint chain;               /* a constructor's `: base(` / `: this(`: the '(' token, 0 = none */
    gboolean chain_this;
    gboolean iterator; /* its body has `yield return` / `yield break`: it returns a list */
} cs_method;

typedef struct {
    char *full, *ns, *base;
    int base_cls;
} cs_class;

typedef struct {
    char *name;
    int cls;
    guint init; /* token after '=', 0 = none */
    vkind deflt;
} cs_field;

/* What storing into a local of a declared type converts the value to: C#'s implicit conversion
 * of an int to a decimal or a double, and the wrap-around of a byte's or short's compound
 * assignment (`byte a; a += 8;` is `a = (byte)(a + 8)`). A `var` has none. */
typedef enum { CV_NONE, CV_DECIMAL, CV_REAL, CV_BYTE, CV_SBYTE, CV_SHORT, CV_USHORT } cs_conv;

typedef struct {
    char *name;
    val v;
    guint8 conv; /* cs_conv */
} cs_local;

/* A member of an enum of the file: `enum E { A, B = 4, C }` (C is 5). */
typedef struct {
    char *type;   /* the enum's full name, "Ns.E" */
    char *member; /* "A" */
    gint64 value;
    gboolean known; /* its value is a literal, or counted on from one */
} cs_enum;

/* S_GOTO: `goto case K;` / `goto default;`, to the innermost switch (dspr_cs.goto_case). */
typedef enum { S_NEXT, S_BREAK, S_CONT, S_RET, S_ABORT, S_GOTO } flow;

struct dspr_cs {
    char *text;
    gsize size;
    GArray *toks;                        /* tok */
    GArray *classes;                     /* cs_class */
    GArray *methods;                     /* cs_method */
    GArray *fields;                      /* cs_field */
    GArray *enums;                       /* cs_enum */
    GHashTable *state;                   /* field name -> val* */
    GPtrArray *strs, *arrays, *indexers; /* what the runs made */
    GPtrArray *insts;                    /* instances' field tables */
    GPtrArray *maps;                     /* cs_map */
    GHashTable *switches; /* a switch's '{' token -> GArray of cs_label, read on its first run */
    EditorDisasmSprites *owner; /* the tree's reader (borrowed) */
    guint made;                 /* units charged (CS_MAX_MADE) */
    dspr_def *def;
    int cls; /* the definition's class */
    /* a run */
    guint pos, steps, max_steps;
    int calls, nest, cur_cls;
    GHashTable *self; /* `this`: the definition's state, or an instance's fields */
    int self_cls;
    guint frame; /* the current method's first local */
    gboolean error, fatal, live;
    gboolean placed;  /* a GetSprite read obj.X or obj.Y (sticky) */
    GArray *yield_to; /* the running iterator method's list (`yield return` appends), NULL */
    GArray *locals;   /* cs_local */
    val ret;
    val goto_case; /* S_GOTO's label; V_NULL: `goto default` */
};

typedef enum { LV_NONE, LV_LOCAL, LV_FIELD, LV_ELEM, LV_BYTE } lv_kind;

typedef struct {
    lv_kind k;
    guint index; /* LOCAL: in c->locals; ELEM: in arr; BYTE: in map's bytes */
    val *field;
    GArray *arr;
    cs_map *map;
    int part; /* LOCAL, FIELD, ELEM: 0 the value there, 1 / 2 its Point's X / Y (Size's) */
} lval;

const tok *dcs_T(const dspr_cs *c, guint i);
gboolean dcs_tok_is(const dspr_cs *c, guint i, const char *s);
gboolean dcs_is(const dspr_cs *c, const char *s);
gboolean dcs_accept(dspr_cs *c, const char *s);
void dcs_expect(dspr_cs *c, const char *s);
char *dcs_tok_text(const dspr_cs *c, guint i);
gboolean dcs_tokenize(dspr_cs *c);
/* The precedence level of binary operator @s (@len bytes) and its index there (*@opi); -1
 * when it is none. Read once per token by the tokenizer: the expressions compare levels. */
int dcs_op_level(const char *s, gsize len, guint8 *opi);
char *dcs_string_of(dspr_cs *c, guint i);
gboolean dcs_opener(const dspr_cs *c, guint i);
gboolean dcs_closer(const dspr_cs *c, guint i);
guint dcs_skip_group(const dspr_cs *c, guint i);
guint dcs_skip_simple(const dspr_cs *c, guint i);
guint dcs_skip_stmt(const dspr_cs *c, guint i);
guint dcs_skip_type(const dspr_cs *c, guint i);
val dcs_vk(vkind k);
val dcs_vint(gint64 i);
val dcs_vbool(gboolean b);
val dcs_vstr(vkind k, char *s);
/* Charge @units to what the runs have made; FALSE, the run stopped (dcs_fatal) and nothing
 * charged when that would pass CS_MAX_MADE. */
gboolean dcs_charge(dspr_cs *c, guint units);
/* Keep string @s (taken) until the definition is freed: @s, or NULL (@s freed) when there is no
 * room. */
char *dcs_keep(dspr_cs *c, char *s);
/* Append @v to array or list @arr: FALSE when it holds CS_MAX_ARRAY or there is no room. */
gboolean dcs_array_push(dspr_cs *c, GArray *arr, val v);
val dcs_new_array(dspr_cs *c, guint n, vkind fill, gboolean list);
vkind dcs_default_of(const char *name, gsize len);
/* The default of the type whose first token is @i: dcs_default_of, but null for an array `T[]`
 * or a nullable `T?`. */
vkind dcs_default_at(const dspr_cs *c, guint i);
/* `LevelData.ASMToBin(FILE, VERSION)`: a byte[] of FILE's mappings, read when first used. */
val dcs_new_map(dspr_cs *c, const char *file, int dplc_ver);
/* The bytes of @m, assembled on first use (charged); NULL when they cannot be told. */
GByteArray *dcs_map_bytes(dspr_cs *c, cs_map *m);
/* disasm-sprites-cs-sprite.c */
/* A sprite of image @image of the definition, unflipped, at the origin. */
val dcs_sprite_of_image(dspr_cs *c, int image);
/* `new Sprite(ARGS)`: flipped, moved or composed; unknown for other arguments. */
val dcs_new_sprite(dspr_cs *c, const val *a, int n);
/* A method of sprite @self: Offset(dx, dy), Flip(xflip, yflip) change it in place,
 * InvertPriority() does nothing drawn; any other
 * empties it (what it would draw cannot be told). Returns unknown. */
val dcs_sprite_builtin(dspr_cs *c, val self, const char *name, const val *a, int n);
/* `new BitmapBits(w, h)` and a method call on one (disasm-sprites-cs-sprite.c). */
val dcs_new_bitmap(dspr_cs *c, const val *a, int n);
val dcs_bitmap_builtin(dspr_cs *c, val self, const char *name, const val *a, int n);
/* Whether @v is `ObjectHelper.UnknownObject` (a name: SonLVL's box), as it was made or moved or
 * flipped by `new Sprite(...)`. */
gboolean dcs_unknown_object(val v);
/* Whether sprite @s's every part is an image (none a canvas drawn on in a way not followed):
 * what it draws is known, even when that is nothing. */
gboolean dcs_sprite_known(const dspr_cs *c, val s);
/* The parts of sprite @s appended to @refs (dspr_ref); FALSE when @s is no sprite or empty. */
gboolean dcs_sprite_refs(const dspr_cs *c, val s, GArray *refs);
val dcs_builtin(dspr_cs *c, val self, const char *name, const val *a, int n);
void dcs_fatal(dspr_cs *c);

/* The GLib log domain of the interpreter's trace: `G_MESSAGES_DEBUG=Loopwright-CS` prints, for
 * each definition run, where a value stops being known, a statement is skipped and why a
 * GetSprite gives no sprite (docs/DISASM.md §11.1). */
#define DCS_LOG_DOMAIN "Loopwright-CS"

/* A debug message in DCS_LOG_DOMAIN naming the definition's class and the line of token
 * @tok_at; nothing is formatted unless the domain's debug messages are shown. */
void dcs_trace(const dspr_cs *c, guint tok_at, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* A decimal literal token (`0.21875m`); unknown past 18 digits or with an exponent. */
val dcs_dec_token(const dspr_cs *c, const tok *t);
/* a OP b where one is a decimal and the other a decimal or an int: exact, else unknown. */
val dcs_dec_arith(const char *op, val a, val b);
val dcs_dec_negate(val v);
/* `(T)v` to or from a decimal: TRUE with *@out; FALSE when neither side is one. */
gboolean dcs_dec_cast(const char *type, val v, val *out);
/* `decimal.Floor(x)` and the other functions of decimals (Math.Floor of one): TRUE with
 * *@out (unknown for another), FALSE when @name is none. */
gboolean dcs_dec_call(const char *name, const val *a, int n, val *out);

/* The level's data and a sprite's bounds (disasm-sprites-cs-level.c): the value of static name
 * @name (`LevelData.FGHeight`, `Solidity.TopSolid`, ...: TRUE with *@out, unknown without a
 * level), an element `a[i]` / `a[i, j]` (@j V_NULL when one index) and a member of a level
 * part, `LevelData.GetColInd1(t)` / `GetColInd2`, and a sprite's `X`, `Y`, `Left`, `Top`,
 * `Right`, `Bottom`, `Width`, `Height`. */
gboolean dcs_level_data(dspr_cs *c, const char *name, val *out);
val dcs_level_element(dspr_cs *c, val a, val i, val j);
val dcs_level_member(dspr_cs *c, val v, const char *name);
gboolean dcs_level_call(dspr_cs *c, const char *name, const val *a, int n, val *out);
val dcs_sprite_member(dspr_cs *c, val s, const char *name);

/* What a value's kind is called in the trace: "int", "Sprite", "value not known", ... */
const char *dcs_kind_name(vkind k);
gboolean dcs_step(dspr_cs *c);
void dcs_local_push(dspr_cs *c, const char *name, val v);
/* The conversion a local declared with the type at token @i gets (CV_NONE for `var`, an
 * array, a generic or a class). */
cs_conv dcs_conv_at(const dspr_cs *c, guint i);
/* The conversion of type name @type (@len bytes): what a cast to it and a store into a local of
 * it do to an int. */
cs_conv dcs_conv_of(const char *type, gsize len);
/* @v as stored into a local of conversion @conv. */
val dcs_convert(cs_conv conv, val v);
/* A local of a declared type: @v converted, and so every value stored into it. */
void dcs_local_push_typed(dspr_cs *c, const char *name, val v, cs_conv conv);
void dcs_locals_pop(dspr_cs *c, guint to);
int dcs_method_find(const dspr_cs *c, int cls, const char *name, int nargs);
val dcs_invoke(dspr_cs *c, int mi, const val *args, int n);
/* The method @name of @cls (and its bases when @inherit) taking @a: the same count, else a
 * `params` method; string parameters take strings. -1 when none. */
int dcs_method_pick(const dspr_cs *c, int cls, const char *name, const val *a, int n,
                    gboolean inherit);
/* dcs_invoke with `this` = @self (fields) of class @cls. */
val dcs_invoke_on(dspr_cs *c, GHashTable *self, int cls, int mi, const val *args, int n);
int dcs_class_find(const dspr_cs *c, const char *ns, const char *name);
/* The fields of @cls and its bases into @self, base first: defaults, then initializers. */
void dcs_init_fields(dspr_cs *c, GHashTable *self, int cls, int depth);
/* disasm-sprites-cs-real.c: doubles, as C# computes them */
val dcs_vreal(double r);
/* The double of token @t (T_REAL). */
val dcs_real_token(const tok *t);
/* `a OP b` with a double and an int or two doubles (+ - * / % and comparisons); unknown for
 * other operators or a result that is not finite. */
val dcs_real_arith(const char *op, val a, val b);
/* `-v` */
val dcs_real_negate(val v);
/* Comparison @op ("<", ">", "<=", ">=", "==", "!=") of two values ordered @order (-1, 0, 1):
 * a bool; unknown for another operator (the doubles' and the decimals'). */
val dcs_compare(const char *op, int order);
/* `(TYPE)v` of a double: truncated toward zero, unknown outside TYPE's range (C# leaves it
 * unspecified); `(double)v` of an int. FALSE when @type is none of those. */
gboolean dcs_real_cast(const char *type, val v, val *out);
/* Math.PI / Math.E as a value, Math.Cos/Sin/Tan/Atan/Atan2/Asin/Acos/Abs/Sqrt/Floor/Ceiling/
 * Round/Min/Max called (libm's, as .NET on Linux calls the C library's); FALSE
 * when @name is none of them. */
gboolean dcs_math_name(const char *name, val *out);
gboolean dcs_math_call(const char *name, const val *a, int n, val *out);
/* disasm-sprites-cs-value.c */
/* The value a variable of kind @k (dcs_default_of) starts with: 0, false, a zero Point or Size,
 * else null. */
val dcs_default_value(vkind k);
/* `new Point(x, y)` / `new Size(w, h)` (@k V_POINT / V_SIZE); no arguments: (0, 0). */
val dcs_new_pair(vkind k, const val *a, int n);
/* Which part of Point or Size @v member @name is (1: X / Width, 2: Y / Height), 0 none. */
int dcs_pair_part(val v, const char *name);
val dcs_pair_get(val v, int part);
/* @whole with @part set to @v; unknown when @v is no int. */
val dcs_pair_set(val whole, int part, val v);
/* `LevelData.Level.DisplayName`: the level's `displayname`, else its INI section; unknown when
 * the reader has no level. */
val dcs_level_name(dspr_cs *c);
/* `TYPE.MEMBER` of an enum of the file (found as dcs_class_find finds a class): TRUE with its
 * value (an int, as C#'s enums are; unknown when it is no literal) in @out. */
gboolean dcs_enum_value(const dspr_cs *c, const char *type, const char *member, val *out);
/* A call on a string, an array or list (a LinkedList's AddFirst, AddLast), `Array.Reverse` or
 * `Tuple.Create`: TRUE with the result in @out. */
gboolean dcs_value_call(dspr_cs *c, val self, const char *name, const val *a, int n, val *out);
/* A member of an array or list (Length, Count; a LinkedList's First and Last, a Tuple's Item1
 * to Item7) or of a LinkedListNode (Value, Next, Previous). */
val dcs_list_member(dspr_cs *c, val v, const char *name);
/* `new Point`, `new Size`, `new ReadOnlyCollection<T>(list)`, `new ReadOnlyDictionary<K, V>(d)`,
 * `new List<T>(list)`: TRUE with the value in @out. */
gboolean dcs_value_new(dspr_cs *c, const char *type, const val *a, int n, val *out);
/* disasm-sprites-cs-obj.c */
val dcs_new_user(dspr_cs *c, const char *type, const val *a, int n);
void dcs_object_init(dspr_cs *c, val *r);
void dcs_dict_init(dspr_cs *c, val *d);
val dcs_lambda(dspr_cs *c);
val dcs_lambda_call(dspr_cs *c, val lam, const val *a, int n);
val dcs_dict_builtin(dspr_cs *c, val self, const char *name, const val *a, int n);
val dcs_dict_member(dspr_cs *c, val d, const char *name);
val dcs_new_dict(dspr_cs *c);
val *dcs_dict_find(val d, val key);
val dcs_inst_member(dspr_cs *c, val v, const char *name, lval *lv);
val dcs_equal(val a, val b, gboolean ne);
val dcs_expr(dspr_cs *c);
/* A variable's or field's initial value at c->pos: an expression, or an array initializer
 * `{ a, b, ... }` (`int[] x = { 1, 2 };`). */
val dcs_init_expr(dspr_cs *c);
/* The level's art, read whole (`ObjectHelper.LevelArt`, `ReadFile("LevelArt", ...)`). */
val dcs_level_art(dspr_cs *c);
flow dcs_exec_block(dspr_cs *c);
flow dcs_exec_stmt(dspr_cs *c);
/* disasm-sprites-cs-switch.c: `switch (e) { ... }` after the keyword, `goto case K;` /
 * `goto default;` after `goto`. */
flow dcs_exec_switch(dspr_cs *c);
flow dcs_exec_goto(dspr_cs *c);
