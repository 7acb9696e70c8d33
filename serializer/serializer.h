/*
 * serializer.h -- the serializer's 8-bit tag table (DESIGN.md §6) and the value-graph serializer
 * (serialize.c writes, deserialize.c reads; the stream format is described below the tag table).
 *
 * A tag is one byte of a serialized stream. Tag 0 is reserved (never written; "no tag" in the API).
 * Tags 1..JL_TAG_LAST_SPECIAL are stream opcodes: they say what kind of encoding follows and map to no
 * value. Every tag above is a *value tag*: it stands for one object of the running process (a builtin
 * type, a singleton, a common symbol or a small integer), so writing that object costs one byte.
 *
 * Table layout -- this order IS the stream format. Changing it (or anything that changes which object
 * gets which tag) requires bumping JL_SERIALIZER_VERSION:
 *
 *   0                        reserved
 *   1 .. JL_TAG_LAST_SPECIAL the opcodes below (enum jl_serializer_tag)
 *   then  builtin types      jl_builtin_types() in its order (src/boot_types.c fixes it)
 *   then  singletons         JL_SER_SINGLETON_* order below: nothing, true, false, svec(), (), Union{},
 *                            Core, Main, Base
 *   then  common symbols     jl_common_symbols() in its order (JL_COMMON_SYMBOLS, then the operators)
 *   then  small integers     Int64 -1, 0, 1, 2, ... up to tag 255
 *
 * Budget: the builtin types and singletons must fit together with JL_SER_MIN_SMALLINTS integers (init
 * aborts otherwise). Common symbols take what is left after that reserve, in list order; a symbol that
 * does not fit simply has no tag (it is written by name). The integers take every remaining tag up
 * to 255. Because the table depends on src/'s lists, a stream also records jl_serializer_table_hash(),
 * a hash of every slot's description in tag order, and a reader rejects a stream whose hash differs.
 *
 * Invariants:
 *   - tag_value(t) is non-NULL for every value tag, except the Main/Base slots before those modules
 *     exist ("late" slots; they fill themselves the first time the table is consulted afterwards).
 *   - tag_of(tag_value(t)) == t for every value tag; no object has two tags (init aborts on a
 *     collision with an internal error naming the object).
 *   - tag_of is by identity, except that any boxed Int64 equal to a tagged small integer maps to its
 *     tag (Int64 boxes are egal by value).
 *   - The table refers only to objects that are permanently rooted elsewhere (builtin globals,
 *     the symbol table, the small-integer cache), so it needs no GC roots of its own.
 */
#ifndef JL_SERIALIZER_H
#define JL_SERIALIZER_H

#include "julep.h"

/* Version of the stream format: the opcodes, their encodings and the layout rules above. */
#define JL_SERIALIZER_VERSION 2

/* Stream opcodes. "value" below means a nested tagged value (a value tag, a back-reference, or any
   of these opcodes); "varint" is an unsigned LEB128 number, "zigzag" a signed one (zigzag + LEB128).
   Lengths are varints, so no opcode needs a separate "long" form. Objects not covered by a dedicated
   opcode go through JL_TAG_OBJECT, whose body the reader chooses by the object's type: that covers
   TypeVar, UnionAll, Union, Module, GlobalRef, Method, MethodInstance, CodeInfo (compressed IR),
   TypeName (a type definition), Dict (rehashed on read), and the bits of any isbits value. */
enum jl_serializer_tag {
    JL_TAG_NONE = 0,     /* reserved: never written; "no tag" in the API */
    JL_TAG_BACKREF,      /* varint i: the i-th object recorded earlier in this stream */
    JL_TAG_SHAREDREF,    /* the value that follows is recorded (gets the next back-reference index)
                            before its contents are read, so cycles and object identity survive */
    JL_TAG_NULL,         /* an undefined reference: #undef field or array slot */
    JL_TAG_HEADER,       /* stream header: magic, JL_SERIALIZER_VERSION, jl_serializer_table_hash() */
    JL_TAG_SYMBOL,       /* varint length, bytes; interned on read */
    JL_TAG_STRING,       /* varint length, bytes */
    JL_TAG_SVEC,         /* varint n, n values */
    JL_TAG_TUPLE,        /* varint n, n values; the tuple type follows from the elements' types */
    JL_TAG_EXPR,         /* head value, varint nargs, nargs values */
    JL_TAG_ARRAY,        /* element type, varint ndims, ndims varint dims, then the elements:
                            raw bytes for an isbits element type, values otherwise */
    JL_TAG_INT64,        /* zigzag: an Int64 without a tag of its own */
    JL_TAG_DATATYPE,     /* a type application: a value whose type name is the constructor (for a
                            builtin, its tagged body type is one byte), varint n, n parameter values */
    JL_TAG_OBJECT,       /* type value, then a body chosen by that type: raw bytes for isbits types,
                            a type-specific encoding for the kinds listed above, else each field in
                            order as a value (JL_TAG_NULL for an undefined one) */
    JL_TAG_ROOTREF,      /* varint i: element i of the method's roots (compressed IR only, below) */
    JL_TAG_LAST_SPECIAL = JL_TAG_ROOTREF
};

/* Order of the singleton section (the values are looked up at init; Main and Base may still be NULL
   then and are filled in later). */
enum {
    JL_SER_SINGLETON_NOTHING,
    JL_SER_SINGLETON_TRUE,
    JL_SER_SINGLETON_FALSE,
    JL_SER_SINGLETON_EMPTYSVEC,
    JL_SER_SINGLETON_EMPTYTUPLE,
    JL_SER_SINGLETON_BOTTOM,
    JL_SER_SINGLETON_CORE,
    JL_SER_SINGLETON_MAIN,
    JL_SER_SINGLETON_BASE,
    JL_SER_NSINGLETONS
};

/* Small integers always reserved, even when that leaves some common symbols without a tag. */
#define JL_SER_MIN_SMALLINTS 8
/* The first tagged Int64; the rest follow consecutively. */
#define JL_SER_SMALLINT_FIRST (-1)

/* Where each section lies (first tag and count), for the serializer and for tests. */
typedef struct {
    int ntags;               /* tags in use: 0 .. ntags-1 are defined */
    int first_type, ntypes;
    int first_singleton, nsingletons;
    int first_symbol, nsymbols;
    int nsymbols_untagged;   /* common symbols that did not fit (the tail of the list) */
    int first_int, nints;    /* Int64 JL_SER_SMALLINT_FIRST .. JL_SER_SMALLINT_FIRST + nints - 1 */
} jl_serializer_layout_t;

/* Build the table (init/ calls it once, after the root task; calling it again rebuilds it). */
JL_DLLEXPORT void jl_init_serializer(void);

/* The tag of v, or 0 if v has none. One hash probe in the common case. */
JL_DLLEXPORT uint8_t jl_serializer_tag_of(jl_value_t *v);
/* The object a value tag stands for; NULL for tag 0, the opcodes and unused tags. */
JL_DLLEXPORT jl_value_t *jl_serializer_tag_value(uint8_t tag);
/* Number of tags in use (tags 0 .. n-1 are defined). */
JL_DLLEXPORT int jl_serializer_ntags(void);
/* The tag of the Int64 x without boxing it, or 0. */
JL_DLLEXPORT uint8_t jl_serializer_int64_tag(int64_t x);
JL_DLLEXPORT void jl_serializer_get_layout(jl_serializer_layout_t *out);
/* Name of an opcode ("BACKREF", ...), or NULL if tag is not an opcode. */
JL_DLLEXPORT const char *jl_serializer_opcode_name(uint8_t tag);
/* Hash of the whole table (version and every slot's description in tag order). It does not depend
   on addresses, so equal tables in different processes or builds give equal hashes. */
JL_DLLEXPORT uint64_t jl_serializer_table_hash(void);

/* ================================================================ the value-graph serializer

Stream = header, then one value.
  header   HEADER, the 4 bytes "JLSR", varint JL_SERIALIZER_VERSION, jl_serializer_table_hash() as 8
           little-endian bytes.
  value    a value tag (one byte), BACKREF varint i, SHAREDREF then an opcode with its body, NULL, or
           one of the opcodes SYMBOL .. OBJECT with the body documented at enum jl_serializer_tag.

Sharing. The writer makes two passes over the graph: the first counts how often each object is
reached, the second writes. An object reached more than once is written once, prefixed by SHAREDREF,
and later occurrences are BACKREF i (i counts SHAREDREFs from 0 in stream order). Values of isbits
types and tagged values are always written by value. The reader fills slot i either before reading
the object's contents ("early" kinds: arrays, Expr, SimpleVector, mutable structs, CodeInfo) -- so
cycles through them round-trip -- or after (every other kind: symbols, strings, types, tuples,
immutable structs, modules, methods). A BACKREF to a slot not yet filled is an error; the writer never
produces one: when it meets an object of a "late" kind inside that object's own contents (an
immutable struct in a cycle through a mutable one), it writes a copy by value there.

OBJECT bodies, chosen by the type that follows OBJECT:
  singleton type (T.instance)  nothing more: the value is the instance (functions by their type)
  primitive type               the value's bytes (layout size, host byte order; little endian)
  TypeName                     kind byte (JL_SER_TN_*), module, name symbol: resolved by name
  UnionAll                     kind byte (JL_SER_UA_*): WRAPPER then a type name reference (the
                               type's own wrapper, identity kept), or GENERIC then var, body
  Union                        a, b            TypeVar  name, lb, ub       TypeofVararg  T, N
  Module                       kind byte (JL_SER_MOD_*): CHILD then parent module and name; ROOT then
                               the name (a package root module, found or loaded with require)
  GlobalRef                    module, name    IntrinsicFunction  name (Core.Intrinsics.<name>)
  CodeInfo                     code, codelocs, ssavaluetypes, ssaflags,
                               method_for_inference_limit_heuristics, linetable, slotnames,
                               slotflags, slottypes, rettype; then varints min_world, max_world,
                               inferred, propagate_inbounds, has_fcall, nospecializeinfer, inlining,
                               constprop, purity, inlining_cost. parent and edges read as nothing.
  Method                       module, name, file, sig, slot_syms, source, generator, roots; then
                               zigzag line, varints nargs, nkw, nospecialize, isva,
                               is_for_opaque_closure, constprop, pure, purity. Reading makes a new
                               Method; it is added to its function's table when that table has no
                               method with an equal signature (as Julia's Serialization does).
                               source is a CodeInfo or its compressed Vector{UInt8} (with its
                               ROOTREFs into the roots that follow; the reader decompresses it once
                               to validate it).
  MethodInstance               def, specTypes, sparam_vals, uninferred
  any other concrete type      each field as a value (inline fields too); NULL for #undef. A Base.Dict
                               is rehashed after the whole stream is read (Base._rehash!), since
                               hashes of types and mutable keys depend on addresses.
Types whose objects are process-local (Task, Binding, MethodTable, CodeInstance, ...) are refused.
A type name reference (DATATYPE's first value, UnionAll WRAPPER) is a tagged builtin type (its name)
or a TypeName object.

Errors: the writer throws ErrorException("serialize: ..."); the reader throws
ErrorException("deserialize: ...") for a truncated, corrupted or foreign stream (every length is
checked against the bytes left before anything is allocated; recursion is bounded by the stack).
Errors raised while resolving names (a missing package) keep their own type. */

#define JL_SER_MAGIC "JLSR"
#define JL_SER_MAX_TUPLE 8192   /* longest tuple / type parameter list either side accepts */
enum { JL_SER_TN_TYPE = 0,      /* module.name is the type (or its UnionAll wrapper) */
       JL_SER_TN_FUNCTION = 1   /* module.name is the function whose type this is */ };
enum { JL_SER_UA_WRAPPER = 0, JL_SER_UA_GENERIC = 1 };
enum { JL_SER_MOD_CHILD = 0, JL_SER_MOD_ROOT = 1 };

/* Serialize v (header included). Returns malloc'ed bytes (free() them) and their count in *len. */
JL_DLLEXPORT uint8_t *jl_serialize_value(jl_value_t *v, size_t *len);
/* The same as a Vector{UInt8} (for ccall from the Serialization stdlib). */
JL_DLLEXPORT jl_array_t *jl_serialize_to_array(jl_value_t *v);
/* Read one value from exactly len bytes (trailing bytes are an error). */
JL_DLLEXPORT jl_value_t *jl_deserialize_value(const uint8_t *data, size_t len);
/* Read one value from the start of data; *consumed = bytes used (a stream may hold more values). */
JL_DLLEXPORT jl_value_t *jl_deserialize_value_prefix(const uint8_t *data, size_t len, size_t *consumed);
JL_DLLEXPORT jl_value_t *jl_deserialize_from_array(jl_array_t *bytes);
/* One value starting at 0-based byte `offset` of bytes: returns (value, offset just past it). */
JL_DLLEXPORT jl_value_t *jl_deserialize_array_at(jl_array_t *bytes, int64_t offset);

/* Lowered code stored in methods (Method.source, as Julia's ircode.c): a CodeInfo as a compact
Vector{UInt8} and back. The blob is a serializer stream in "IR mode": with a method m, every value
whose identity matters or that would be looked up by name -- types, type variables, modules, methods,
mutable objects (arrays, Refs, Dicts ... that the code holds as constants, not the CodeInfo's own
arrays), non-NULL pointers -- is appended to m->roots (once; by identity) and written as ROOTREF i,
so decompressing needs no name lookup and returns the very same objects. What remains inline is the
code's structure: Expr, symbols, strings, numbers, IR nodes (immutable structs) and tuples. The
blob therefore only means something together with its method's roots. m may be NULL (a plain stream,
as the Serialization stdlib writes); it also names the method in error messages. Declared in
julep_internal.h (gf.c stores methods' code with them). */

/* internal to serializer/: the lowest stack address recursion may reach before it must stop */
char *jl_ser_stack_floor(void);

#endif
