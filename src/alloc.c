/*
 * alloc.c -- constructors for the builtin value kinds: strings, simple vectors, boxed numbers (with a
 * small-integer cache), structs and tuples, Expr and the small AST nodes.
 * Invariant: boxes of isbits values are atomic allocations; cached boxes are shared and immutable.
 */
#include <string.h>
#include <stdarg.h>
#include "julep_internal.h"

/* ---------------------------------------------------------------- strings */

JL_DLLEXPORT jl_value_t *jl_alloc_string(size_t len)
{
    jl_value_t *s = jl_gc_alloc_atomic(sizeof(jl_string_t) + len + 1, (jl_value_t *)jl_string_type);
    ((jl_string_t *)s)->length = len;
    return s; /* bytes zeroed, so NUL-terminated */
}

JL_DLLEXPORT jl_value_t *jl_pchar_to_string(const char *str, size_t len)
{
    jl_value_t *s = jl_alloc_string(len);
    if (len)
        memcpy(jl_string_data(s), str, len);
    return s;
}

JL_DLLEXPORT jl_value_t *jl_cstr_to_string(const char *str)
{
    return jl_pchar_to_string(str, strlen(str));
}

/* ---------------------------------------------------------------- simple vectors */

JL_DLLEXPORT jl_svec_t *jl_alloc_svec(size_t n)
{
    if (n == 0 && jl_emptysvec)
        return jl_emptysvec;
    jl_svec_t *v = (jl_svec_t *)jl_gc_alloc(sizeof(jl_svec_t) + n * sizeof(void *),
                                            (jl_value_t *)jl_simplevector_type);
    v->length = n;
    return v;
}

JL_DLLEXPORT jl_svec_t *jl_svec(size_t n, ...)
{
    jl_svec_t *v = jl_alloc_svec(n);
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        jl_svecset(v, i, va_arg(ap, jl_value_t *));
    va_end(ap);
    return v;
}

JL_DLLEXPORT jl_svec_t *jl_svec1(void *a)
{
    return jl_svec(1, a);
}

JL_DLLEXPORT jl_svec_t *jl_svec2(void *a, void *b)
{
    return jl_svec(2, a, b);
}

/* ---------------------------------------------------------------- boxes */

static jl_value_t *int64_cache[JL_SMALLINT_MAX - JL_SMALLINT_MIN + 1];
static jl_value_t *int32_cache[JL_SMALLINT_MAX - JL_SMALLINT_MIN + 1];
static jl_value_t *uint8_cache[256];
static jl_value_t *int8_cache[256];
static jl_value_t *char_cache[128];

JL_DLLEXPORT jl_value_t *jl_new_bits(jl_value_t *bt, const void *data)
{
    jl_datatype_t *dt = (jl_datatype_t *)bt;
    if (dt->instance)
        return dt->instance;
    if (dt == jl_bool_type) /* Bool values are the two singletons (C code compares with jl_true) */
        return (*(const uint8_t *)data & 1) ? jl_true : jl_false;
    size_t sz = dt->layout->size;
    jl_value_t *v = jl_gc_alloc_atomic(sz, bt);
    memcpy(v, data, sz);
    return v;
}

#define BOX_RAW(T, ctype, x) do {                                      \
        jl_value_t *v__ = jl_gc_alloc_atomic(sizeof(ctype), (jl_value_t *)(T)); \
        *(ctype *)v__ = (x);                                           \
        return v__;                                                    \
    } while (0)

JL_DLLEXPORT jl_value_t *jl_box_int64(int64_t x)
{
    if (x >= JL_SMALLINT_MIN && x <= JL_SMALLINT_MAX)
        return int64_cache[x - JL_SMALLINT_MIN];
    BOX_RAW(jl_int64_type, int64_t, x);
}

JL_DLLEXPORT jl_value_t *jl_box_int32(int32_t x)
{
    if (x >= JL_SMALLINT_MIN && x <= JL_SMALLINT_MAX)
        return int32_cache[x - JL_SMALLINT_MIN];
    BOX_RAW(jl_int32_type, int32_t, x);
}

JL_DLLEXPORT jl_value_t *jl_box_int8(int8_t x) { return int8_cache[(uint8_t)x]; }
JL_DLLEXPORT jl_value_t *jl_box_uint8(uint8_t x) { return uint8_cache[x]; }
JL_DLLEXPORT jl_value_t *jl_box_int16(int16_t x) { BOX_RAW(jl_int16_type, int16_t, x); }
JL_DLLEXPORT jl_value_t *jl_box_uint16(uint16_t x) { BOX_RAW(jl_uint16_type, uint16_t, x); }
JL_DLLEXPORT jl_value_t *jl_box_uint32(uint32_t x) { BOX_RAW(jl_uint32_type, uint32_t, x); }
JL_DLLEXPORT jl_value_t *jl_box_uint64(uint64_t x) { BOX_RAW(jl_uint64_type, uint64_t, x); }
JL_DLLEXPORT jl_value_t *jl_box_float32(float x) { BOX_RAW(jl_float32_type, float, x); }
JL_DLLEXPORT jl_value_t *jl_box_float64(double x) { BOX_RAW(jl_float64_type, double, x); }
JL_DLLEXPORT jl_value_t *jl_box_voidpointer(void *x) { BOX_RAW(jl_voidpointer_type, void *, x); }
JL_DLLEXPORT jl_value_t *jl_box_bool(int8_t x) { return x ? jl_true : jl_false; }

JL_DLLEXPORT jl_value_t *jl_box_char(uint32_t x)
{
    uint32_t cp = x >> 24;
    if ((x & 0x00FFFFFF) == 0 && cp < 128)
        return char_cache[cp];
    BOX_RAW(jl_char_type, uint32_t, x);
}

JL_DLLEXPORT int64_t jl_unbox_int64(jl_value_t *v) { return *(int64_t *)v; }
JL_DLLEXPORT int32_t jl_unbox_int32(jl_value_t *v) { return *(int32_t *)v; }
JL_DLLEXPORT uint64_t jl_unbox_uint64(jl_value_t *v) { return *(uint64_t *)v; }
JL_DLLEXPORT uint32_t jl_unbox_uint32(jl_value_t *v) { return *(uint32_t *)v; }
JL_DLLEXPORT uint8_t jl_unbox_uint8(jl_value_t *v) { return *(uint8_t *)v; }
JL_DLLEXPORT double jl_unbox_float64(jl_value_t *v) { return *(double *)v; }
JL_DLLEXPORT float jl_unbox_float32(jl_value_t *v) { return *(float *)v; }
JL_DLLEXPORT int8_t jl_unbox_bool(jl_value_t *v) { return *(int8_t *)v; }
JL_DLLEXPORT uint32_t jl_unbox_char(jl_value_t *v) { return *(uint32_t *)v; }

/* Julia's Char holds the UTF-8 encoding left-aligned in 32 bits ('a' == 0x61000000). */
JL_DLLEXPORT uint32_t jl_char_from_codepoint(uint32_t c)
{
    if (c < 0x80)
        return c << 24;
    if (c < 0x800)
        return ((0xC0 | (c >> 6)) << 24) | ((0x80 | (c & 0x3F)) << 16);
    if (c < 0x10000)
        return ((0xE0 | (c >> 12)) << 24) | ((0x80 | ((c >> 6) & 0x3F)) << 16) | ((0x80 | (c & 0x3F)) << 8);
    return ((0xF0 | (c >> 18)) << 24) | ((0x80 | ((c >> 12) & 0x3F)) << 16) |
           ((0x80 | ((c >> 6) & 0x3F)) << 8) | (0x80 | (c & 0x3F));
}

JL_DLLEXPORT uint32_t jl_char_to_codepoint(uint32_t ch)
{
    uint8_t b0 = ch >> 24;
    if (b0 < 0x80)
        return b0;
    if ((b0 & 0xE0) == 0xC0 && (ch & 0xC0FFFF) == 0x800000)
        return ((b0 & 0x1F) << 6) | ((ch >> 16) & 0x3F);
    if ((b0 & 0xF0) == 0xE0 && (ch & 0xC0C0FF) == 0x808000)
        return ((b0 & 0x0F) << 12) | (((ch >> 16) & 0x3F) << 6) | ((ch >> 8) & 0x3F);
    if ((b0 & 0xF8) == 0xF0 && (ch & 0xC0C0C0) == 0x808080)
        return ((b0 & 0x07) << 18) | (((ch >> 16) & 0x3F) << 12) | (((ch >> 8) & 0x3F) << 6) | (ch & 0x3F);
    return 0xFFFD;
}

void jl_init_boxes(void)
{
    for (int64_t i = JL_SMALLINT_MIN; i <= JL_SMALLINT_MAX; i++) {
        jl_value_t *v = jl_gc_alloc_atomic(8, (jl_value_t *)jl_int64_type);
        *(int64_t *)v = i;
        int64_cache[i - JL_SMALLINT_MIN] = v;
        v = jl_gc_alloc_atomic(4, (jl_value_t *)jl_int32_type);
        *(int32_t *)v = (int32_t)i;
        int32_cache[i - JL_SMALLINT_MIN] = v;
    }
    for (int i = 0; i < 256; i++) {
        jl_value_t *v = jl_gc_alloc_atomic(1, (jl_value_t *)jl_uint8_type);
        *(uint8_t *)v = (uint8_t)i;
        uint8_cache[i] = v;
        v = jl_gc_alloc_atomic(1, (jl_value_t *)jl_int8_type);
        *(int8_t *)v = (int8_t)i;
        int8_cache[i] = v;
    }
    for (uint32_t i = 0; i < 128; i++) {
        jl_value_t *v = jl_gc_alloc_atomic(4, (jl_value_t *)jl_char_type);
        *(uint32_t *)v = i << 24;
        char_cache[i] = v;
    }
}

/* ---------------------------------------------------------------- structs and tuples */

JL_DLLEXPORT jl_value_t *jl_new_struct_uninit(jl_datatype_t *type)
{
    if (type->instance)
        return type->instance;
    return jl_gc_alloc_typed(type);
}

static void check_field_type(jl_datatype_t *st, size_t i, jl_value_t *v)
{
    jl_value_t *ft = jl_svecref(st->types, i);
    if (ft != (jl_value_t *)jl_any_type && !jl_isa(v, ft))
        jl_type_error("new", ft, v);
}

JL_DLLEXPORT jl_value_t *jl_new_structv(jl_datatype_t *type, jl_value_t **args, uint32_t na)
{
    if (!type->isconcretetype || type->layout == NULL)
        jl_errorf("cannot create an instance of a non-concrete type");
    if (na > type->layout->nfields)
        jl_argument_error("too many arguments to struct constructor");
    if (type->instance && na == 0)
        return type->instance;
    jl_value_t *v = jl_gc_alloc_typed(type);
    for (uint32_t i = 0; i < na; i++) {
        check_field_type(type, i, args[i]);
        jl_set_nth_field(v, i, args[i]);
    }
    return v;
}

JL_DLLEXPORT jl_value_t *jl_new_struct(jl_datatype_t *type, ...)
{
    jl_value_t *args[64];
    size_t n = type->layout->nfields;
    jl_assert(n <= 64);
    va_list ap;
    va_start(ap, type);
    for (size_t i = 0; i < n; i++)
        args[i] = va_arg(ap, jl_value_t *);
    va_end(ap);
    return jl_new_structv(type, args, (uint32_t)n);
}

JL_DLLEXPORT jl_value_t *jl_get_nth_field(jl_value_t *v, size_t i)
{
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    const jl_fielddesc_t *fd = &st->layout->fields[i];
    char *p = (char *)v + fd->offset;
    if (fd->isptr)
        return *(jl_value_t **)p;
    return jl_new_bits(jl_svecref(st->types, i), p);
}

JL_DLLEXPORT void jl_set_nth_field(jl_value_t *v, size_t i, jl_value_t *rhs)
{
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    const jl_fielddesc_t *fd = &st->layout->fields[i];
    char *p = (char *)v + fd->offset;
    if (fd->isptr)
        *(jl_value_t **)p = rhs;
    else
        memcpy(p, rhs, fd->size);
}

JL_DLLEXPORT int jl_field_isdefined(jl_value_t *v, size_t i)
{
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    const jl_fielddesc_t *fd = &st->layout->fields[i];
    return !fd->isptr || *(jl_value_t **)((char *)v + fd->offset) != NULL;
}

JL_DLLEXPORT int jl_field_index(jl_datatype_t *t, jl_sym_t *fld, int err)
{
    jl_svec_t *names = jl_field_names(t);
    for (size_t i = 0; names && i < jl_svec_len(names); i++)
        if (jl_svecref(names, i) == (jl_value_t *)fld)
            return (int)i;
    if (err)
        jl_errorf("type %s has no field %s", jl_symbol_name(t->name->name), jl_symbol_name(fld));
    return -1;
}

JL_DLLEXPORT jl_value_t *jl_tuplev(size_t n, jl_value_t **v)
{
    if (n == 0)
        return jl_emptytuple;
    jl_value_t *types[n];
    for (size_t i = 0; i < n; i++)
        types[i] = jl_typeof(v[i]);
    jl_datatype_t *tt = jl_apply_tuple_type_v(types, n);
    jl_value_t *t = jl_gc_alloc_typed(tt);
    for (size_t i = 0; i < n; i++)
        jl_set_nth_field(t, i, v[i]);
    return t;
}

JL_DLLEXPORT jl_value_t *jl_tuple(size_t n, ...)
{
    jl_value_t *v[n ? n : 1];
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        v[i] = va_arg(ap, jl_value_t *);
    va_end(ap);
    return jl_tuplev(n, v);
}

/* ---------------------------------------------------------------- AST nodes */

JL_DLLEXPORT jl_expr_t *jl_exprn(jl_sym_t *head, size_t n)
{
    jl_expr_t *e = (jl_expr_t *)jl_gc_alloc(sizeof(jl_expr_t), (jl_value_t *)jl_expr_type);
    e->head = head;
    e->args = jl_alloc_vec_any(n);
    return e;
}

JL_DLLEXPORT jl_expr_t *jl_expr(jl_sym_t *head, size_t n, ...)
{
    jl_expr_t *e = jl_exprn(head, n);
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(e, i, va_arg(ap, jl_value_t *));
    va_end(ap);
    return e;
}

JL_DLLEXPORT jl_value_t *jl_new_linenumbernode(intptr_t line, jl_value_t *file)
{
    jl_linenumbernode_t *ln = (jl_linenumbernode_t *)jl_gc_alloc(sizeof(jl_linenumbernode_t),
                                                                 (jl_value_t *)jl_linenumbernode_type);
    ln->line = line;
    ln->file = file ? file : jl_nothing;
    return (jl_value_t *)ln;
}

JL_DLLEXPORT jl_value_t *jl_new_quotenode(jl_value_t *v)
{
    jl_quotenode_t *q = (jl_quotenode_t *)jl_gc_alloc(sizeof(jl_quotenode_t), (jl_value_t *)jl_quotenode_type);
    q->value = v;
    return (jl_value_t *)q;
}
