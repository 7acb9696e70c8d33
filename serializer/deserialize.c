/*
 * deserialize.c -- the reader of the value-graph serializer (format: serializer.h).
 *
 * Invariants:
 *   - Every read checks the bytes left first; every count read from the stream is bounded by the
 *     bytes left before anything is allocated for it (each element takes at least one byte), so a
 *     corrupted length fails instead of allocating.
 *   - Every object handed to C code is well formed: field values are checked against the declared
 *     field types, inline fields get values of exactly their type, #undef only where the type
 *     allows it, and type constructors get only types.
 *   - The back-reference table is a GC-scanned buffer, so objects reachable only from it stay alive.
 *   - Effects on the running system (Dict rehashing, adding methods to tables) wait until the whole
 *     value has been read, so a stream that fails half way changes nothing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "julep_internal.h"
#include "builtins.h"
#include "gf.h"
#include "toplevel.h"
#include "serializer.h"

typedef struct {
    const uint8_t *start, *p, *end;
    jl_value_t **refs;     /* back-reference slots (GC-scanned buffer) */
    size_t nrefs, caprefs;
    jl_array_t *deferred;  /* Vector{Any}: Dicts to rehash and Methods to add, in read order */
    char *floor;
    jl_array_t *roots;     /* compressed IR: the method's roots (ROOTREF), else NULL */
} rd_t;

static JL_NORETURN __attribute__((format(printf, 2, 3))) void rd_error(rd_t *r, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jl_errorf("deserialize: %s (at byte %zu)", msg, (size_t)(r->p - r->start));
}

static size_t rd_left(rd_t *r)
{
    return (size_t)(r->end - r->p);
}

static uint8_t rd_byte(rd_t *r)
{
    if (r->p >= r->end)
        rd_error(r, "truncated stream");
    return *r->p++;
}

static void rd_bytes(rd_t *r, void *dst, size_t n)
{
    if (n > rd_left(r))
        rd_error(r, "truncated stream");
    memcpy(dst, r->p, n);
    r->p += n;
}

static uint64_t rd_varint(rd_t *r)
{
    uint64_t x = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        uint8_t b = rd_byte(r);
        if (shift == 63 && b > 1)
            rd_error(r, "invalid number");
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return x;
    }
    rd_error(r, "invalid number");
}

static int64_t rd_zigzag(rd_t *r)
{
    uint64_t u = rd_varint(r);
    return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

/* a count of things that each take at least `unit` bytes of what is left */
static size_t rd_count(rd_t *r, size_t unit, const char *what)
{
    uint64_t n = rd_varint(r);
    if (unit && n > rd_left(r) / unit)
        rd_error(r, "%s length %llu exceeds the stream", what, (unsigned long long)n);
    return (size_t)n;
}

static uint32_t rd_u32(rd_t *r, const char *what)
{
    uint64_t x = rd_varint(r);
    if (x > UINT32_MAX)
        rd_error(r, "%s out of range", what);
    return (uint32_t)x;
}

/* ---------------------------------------------------------------- back-references */

static size_t ref_reserve(rd_t *r)
{
    if (r->nrefs == r->caprefs) {
        size_t cap = r->caprefs ? r->caprefs * 2 : 64;
        jl_value_t **n = (jl_value_t **)jl_gc_alloc_buf(cap * sizeof(jl_value_t *));
        if (r->nrefs)
            memcpy(n, r->refs, r->nrefs * sizeof(jl_value_t *));
        r->refs = n;
        r->caprefs = cap;
    }
    r->refs[r->nrefs] = NULL;
    return r->nrefs++;
}

/* an "early" object: recorded before its contents are read (idx < 0: not shared) */
static void ref_early(rd_t *r, long idx, jl_value_t *v)
{
    if (idx >= 0)
        r->refs[idx] = v;
}

/* ---------------------------------------------------------------- helpers */

static jl_value_t *read_value(rd_t *r);

static const char *type_str(jl_value_t *t, char *buf, size_t n)
{
    jl_static_show_type(buf, n, t);
    return buf;
}

static int is_type(jl_value_t *v)
{
    return v && (jl_is_datatype(v) || jl_is_uniontype(v) || jl_is_unionall(v) || v == jl_bottom_type);
}

static int is_type_or_tvar(jl_value_t *v)
{
    return is_type(v) || (v && jl_is_tvar(v));
}

static jl_value_t *read_nonnull(rd_t *r, const char *what)
{
    jl_value_t *v = read_value(r);
    if (v == NULL)
        rd_error(r, "%s is undefined", what);
    return v;
}

static jl_sym_t *read_symbol(rd_t *r, const char *what)
{
    jl_value_t *v = read_nonnull(r, what);
    if (!jl_is_symbol(v))
        rd_error(r, "%s is not a Symbol", what);
    return (jl_sym_t *)v;
}

static jl_module_t *read_module(rd_t *r, const char *what)
{
    jl_value_t *v = read_nonnull(r, what);
    if (!jl_is_module(v))
        rd_error(r, "%s is not a Module", what);
    return (jl_module_t *)v;
}

static jl_value_t *read_type(rd_t *r, const char *what)
{
    jl_value_t *v = read_nonnull(r, what);
    if (!is_type(v))
        rd_error(r, "%s is not a type", what);
    return v;
}

/* a value of exactly the given array type (e.g. CodeInfo.code::Vector{Any}) */
static jl_array_t *read_array_of(rd_t *r, jl_datatype_t *at, const char *what)
{
    jl_value_t *v = read_nonnull(r, what);
    if (jl_typeof(v) != (jl_value_t *)at) {
        char b[128];
        rd_error(r, "%s is not a %s", what, type_str((jl_value_t *)at, b, sizeof b));
    }
    return (jl_array_t *)v;
}

/* run f(); an error it throws becomes "deserialize: <what>: <message>" */
typedef jl_value_t *(*guarded_fn)(void *arg);
static jl_value_t *guarded(rd_t *r, const char *what, guarded_fn f, void *arg)
{
    jl_value_t *volatile res = NULL;
    volatile int failed = 0;
    char msg[300];
    JL_TRY {
        res = f(arg);
    }
    JL_CATCH {
        failed = 1;
        snprintf(msg, sizeof msg, "%s", jl_exception_message(jl_current_exception()));
    }
    if (failed)
        rd_error(r, "%s: %s", what, msg);
    return res;
}

/* ---------------------------------------------------------------- types */

typedef struct {
    jl_value_t *tc;
    jl_value_t **params;
    size_t n;
} apply_args_t;

static jl_value_t *do_apply_type(void *a)
{
    apply_args_t *x = (apply_args_t *)a;
    return jl_apply_type(x->tc, x->params, x->n);
}

static jl_value_t *do_apply_tuple(void *a)
{
    apply_args_t *x = (apply_args_t *)a;
    return (jl_value_t *)jl_apply_tuple_type_v(x->params, x->n);
}

static jl_value_t *do_union(void *a)
{
    apply_args_t *x = (apply_args_t *)a;
    return jl_type_union(x->params, x->n);
}

static jl_typename_t *read_typename_ref(rd_t *r)
{
    jl_value_t *v = read_nonnull(r, "type name");
    if (jl_is_datatype(v))
        return ((jl_datatype_t *)v)->name;
    if (jl_is_typename(v))
        return (jl_typename_t *)v;
    rd_error(r, "expected a type name");
}

/* type parameters, as Julia allows them: types, type variables, Vararg, symbols, isbits values, and
   tuples of those (not mutable objects: the type caches compare parameters with egal) */
static int valid_param(jl_value_t *p, int depth)
{
    if (p == NULL || depth > 16)
        return 0;
    if (is_type_or_tvar(p) || jl_typeis(p, jl_vararg_type) || jl_is_symbol(p))
        return 1;
    jl_datatype_t *dt = (jl_datatype_t *)jl_typeof(p);
    if (dt->isbitstype)
        return 1;
    if (dt->name != jl_tuple_typename)
        return 0;
    for (size_t i = 0; i < dt->layout->nfields; i++)
        if (dt->layout->fields[i].isptr && !valid_param(jl_get_nth_field(p, i), depth + 1))
            return 0;
    return 1;
}

/* NamedTuple{names, T}: distinct symbols, and a tuple type of as many fields (or variables) */
static int valid_namedtuple_params(jl_value_t **p, size_t n)
{
    if (n == 0 || n > 2)
        return 0;
    size_t nn = 0;
    if (!jl_is_tvar(p[0])) {
        if (!jl_is_tuple(p[0]))
            return 0;
        nn = jl_datatype_nfields(jl_typeof(p[0]));
        for (size_t i = 0; i < nn; i++) {
            jl_value_t *s = jl_get_nth_field(p[0], i);
            if (!jl_is_symbol(s))
                return 0;
            for (size_t j = 0; j < i; j++)
                if (jl_get_nth_field(p[0], j) == s)
                    return 0;
        }
    }
    if (n == 1 || jl_is_tvar(p[1]))
        return 1;
    if (!jl_is_tuple_type(p[1]))
        return jl_is_unionall(p[1]) && jl_is_tvar(p[0]);
    jl_svec_t *tp = ((jl_datatype_t *)p[1])->parameters;
    for (size_t i = 0; i < jl_svec_len(tp); i++)
        if (jl_typeis(jl_svecref(tp, i), jl_vararg_type))
            return jl_is_tvar(p[0]);
    return jl_is_tvar(p[0]) || jl_svec_len(tp) == nn;
}

static jl_value_t *read_datatype(rd_t *r)
{
    jl_typename_t *tn = read_typename_ref(r);
    size_t n = rd_count(r, 1, "type parameter list");
    if (n > JL_SER_MAX_TUPLE)
        rd_error(r, "type with %zu parameters", n);
    jl_value_t *params[n ? n : 1];
    for (size_t i = 0; i < n; i++)
        params[i] = NULL;
    for (size_t i = 0; i < n; i++) {
        params[i] = read_nonnull(r, "type parameter");
        if (!valid_param(params[i], 0))
            rd_error(r, "invalid parameter of type %s", jl_symbol_name(tn->name));
        if (jl_typeis(params[i], jl_vararg_type) && (tn != jl_tuple_typename || i != n - 1))
            rd_error(r, "Vararg is only allowed as the last parameter of a Tuple");
        if (tn == jl_tuple_typename && !is_type_or_tvar(params[i]) && !jl_typeis(params[i], jl_vararg_type))
            rd_error(r, "Tuple parameter is not a type");
    }
    if (tn == jl_type_typename && (n != 1 || !is_type_or_tvar(params[0])))
        rd_error(r, "invalid parameter of Type");
    if (tn == jl_namedtuple_typename && !valid_namedtuple_params(params, n))
        rd_error(r, "invalid NamedTuple type");
    apply_args_t a = {tn->wrapper, params, n};
    char what[300];
    snprintf(what, sizeof what, "cannot instantiate type %s", jl_symbol_name(tn->name));
    if (tn == jl_tuple_typename)
        return guarded(r, what, do_apply_tuple, &a);
    if (n == 0) {
        if (!jl_is_datatype(tn->wrapper))
            rd_error(r, "type %s needs parameters", jl_symbol_name(tn->name));
        return tn->wrapper;
    }
    if (!jl_is_unionall(tn->wrapper))
        rd_error(r, "type %s has no parameters", jl_symbol_name(tn->name));
    jl_value_t *t = guarded(r, what, do_apply_type, &a);
    if (!is_type(t))
        rd_error(r, "%s: not a type", what);
    return t;
}

static jl_value_t *read_typename_body(rd_t *r)
{
    uint8_t kind = rd_byte(r);
    jl_module_t *m = read_module(r, "module of a type");
    jl_sym_t *name = read_symbol(r, "type name");
    if (kind != JL_SER_TN_TYPE && kind != JL_SER_TN_FUNCTION)
        rd_error(r, "invalid type name reference");
    jl_value_t *b = jl_get_global(m, name);
    if (b == NULL)
        rd_error(r, "%s %s.%s not found", kind == JL_SER_TN_TYPE ? "type" : "function",
                 jl_symbol_name(m->name), jl_symbol_name(name));
    if (kind == JL_SER_TN_FUNCTION)
        return (jl_value_t *)((jl_datatype_t *)jl_typeof(b))->name;
    jl_value_t *body = is_type(b) ? jl_unwrap_unionall(b) : NULL;
    if (body == NULL || !jl_is_datatype(body))
        rd_error(r, "%s.%s is not a type", jl_symbol_name(m->name), jl_symbol_name(name));
    return (jl_value_t *)((jl_datatype_t *)body)->name;
}

static jl_value_t *read_unionall_body(rd_t *r)
{
    uint8_t kind = rd_byte(r);
    if (kind == JL_SER_UA_WRAPPER)
        return read_typename_ref(r)->wrapper;
    if (kind != JL_SER_UA_GENERIC)
        rd_error(r, "invalid UnionAll");
    jl_value_t *var = read_nonnull(r, "UnionAll variable");
    if (!jl_is_tvar(var))
        rd_error(r, "UnionAll variable is not a TypeVar");
    jl_value_t *body = read_nonnull(r, "UnionAll body");
    if (!is_type_or_tvar(body))
        rd_error(r, "UnionAll body is not a type");
    return jl_type_unionall((jl_tvar_t *)var, body);
}

static jl_value_t *read_union_body(rd_t *r)
{
    jl_value_t *ab[2];
    ab[0] = ab[1] = NULL;
    ab[0] = read_nonnull(r, "Union member");
    ab[1] = read_nonnull(r, "Union member");
    if (!is_type_or_tvar(ab[0]) || !is_type_or_tvar(ab[1]))
        rd_error(r, "Union member is not a type");
    apply_args_t a = {NULL, ab, 2};
    return guarded(r, "invalid Union", do_union, &a);
}

static jl_value_t *read_tvar_body(rd_t *r)
{
    jl_sym_t *name = read_symbol(r, "TypeVar name");
    jl_value_t *lb = read_nonnull(r, "TypeVar bound");
    jl_value_t *ub = read_nonnull(r, "TypeVar bound");
    if (!is_type_or_tvar(lb) || !is_type_or_tvar(ub))
        rd_error(r, "TypeVar bound is not a type");
    return (jl_value_t *)jl_new_typevar(name, lb, ub);
}

static jl_value_t *read_vararg_body(rd_t *r)
{
    jl_value_t *T = read_value(r);
    jl_value_t *N = read_value(r);
    if ((T && !is_type_or_tvar(T)) || (N && !jl_is_int64(N) && !jl_is_tvar(N)) || (N && !T))
        rd_error(r, "invalid Vararg");
    if (N && jl_is_int64(N) && jl_unbox_int64(N) < 0)
        rd_error(r, "invalid Vararg length");
    jl_vararg_t *va = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
    va->T = T;
    va->N = N;
    return (jl_value_t *)va;
}

/* ---------------------------------------------------------------- modules and names */

static jl_value_t *do_require(void *name)
{
    return (jl_value_t *)jl_require(jl_main_module, (jl_sym_t *)name);
}

static jl_value_t *read_module_body(rd_t *r)
{
    uint8_t kind = rd_byte(r);
    if (kind == JL_SER_MOD_ROOT) {
        jl_sym_t *name = read_symbol(r, "module name");
        if (name == jl_s_Main)
            return (jl_value_t *)jl_main_module;
        if (name == jl_s_Core)
            return (jl_value_t *)jl_core_module;
        if (name == jl_s_Base && jl_base_module)
            return (jl_value_t *)jl_base_module;
        return do_require(name); /* a missing package keeps require's own ArgumentError */
    }
    if (kind != JL_SER_MOD_CHILD)
        rd_error(r, "invalid module reference");
    jl_module_t *parent = read_module(r, "parent module");
    jl_sym_t *name = read_symbol(r, "module name");
    jl_value_t *m = jl_get_global(parent, name);
    if (m == NULL || !jl_is_module(m))
        rd_error(r, "module %s.%s not found", jl_symbol_name(parent->name), jl_symbol_name(name));
    return m;
}

static jl_value_t *read_globalref_body(rd_t *r)
{
    jl_module_t *m = read_module(r, "GlobalRef module");
    jl_sym_t *s = read_symbol(r, "GlobalRef name");
    jl_globalref_t *g = (jl_globalref_t *)jl_new_struct_uninit(jl_globalref_type);
    g->mod = m;
    g->name = s;
    g->binding = NULL;
    return (jl_value_t *)g;
}

static jl_value_t *read_intrinsic_body(rd_t *r)
{
    jl_sym_t *s = read_symbol(r, "intrinsic name");
    jl_value_t *f = jl_get_intrinsic(jl_symbol_name(s));
    if (f == NULL)
        rd_error(r, "unknown intrinsic %s", jl_symbol_name(s));
    return f;
}

/* ---------------------------------------------------------------- code */

static jl_value_t *read_code_info_body(rd_t *r, long idx)
{
    jl_code_info_t *ci = (jl_code_info_t *)jl_gc_alloc(sizeof(jl_code_info_t), (jl_value_t *)jl_code_info_type);
    ci->code = jl_alloc_vec_any(0); /* well formed even if a back-reference sees it early */
    ci->codelocs = jl_alloc_array_1d((jl_value_t *)jl_array_int32_type, 0);
    ci->ssavaluetypes = jl_box_int64(0);
    ci->ssaflags = jl_alloc_array_1d((jl_value_t *)jl_array_uint32_type, 0);
    ci->slotnames = jl_alloc_array_1d((jl_value_t *)jl_array_symbol_type, 0);
    ci->slotflags = jl_alloc_array_1d((jl_value_t *)jl_array_uint8_type, 0);
    ci->method_for_inference_limit_heuristics = ci->linetable = ci->slottypes = jl_nothing;
    ci->rettype = (jl_value_t *)jl_any_type;
    ci->parent = ci->edges = jl_nothing;
    ref_early(r, idx, (jl_value_t *)ci);
    jl_array_t *code = read_array_of(r, jl_array_any_type, "CodeInfo.code");
    jl_array_t *codelocs = read_array_of(r, jl_array_int32_type, "CodeInfo.codelocs");
    jl_value_t *ssavaluetypes = read_nonnull(r, "CodeInfo.ssavaluetypes");
    jl_array_t *ssaflags = read_array_of(r, jl_array_uint32_type, "CodeInfo.ssaflags");
    jl_value_t *mflih = read_value(r);
    jl_value_t *linetable = read_nonnull(r, "CodeInfo.linetable");
    jl_array_t *slotnames = read_array_of(r, jl_array_symbol_type, "CodeInfo.slotnames");
    jl_array_t *slotflags = read_array_of(r, jl_array_uint8_type, "CodeInfo.slotflags");
    jl_value_t *slottypes = read_nonnull(r, "CodeInfo.slottypes");
    jl_value_t *rettype = read_nonnull(r, "CodeInfo.rettype");
    for (size_t i = 0; i < jl_array_len(code); i++)
        if (jl_array_ptr_ref(code, i) == NULL)
            rd_error(r, "CodeInfo statement %zu is undefined", i + 1);
    for (size_t i = 0; i < jl_array_len(slotnames); i++)
        if (jl_array_ptr_ref(slotnames, i) == NULL)
            rd_error(r, "CodeInfo slot name %zu is undefined", i + 1);
    if (jl_array_len(slotflags) != jl_array_len(slotnames))
        rd_error(r, "CodeInfo has %zu slot names but %zu slot flags", jl_array_len(slotnames),
                 jl_array_len(slotflags));
    if (jl_array_len(codelocs) != 0 && jl_array_len(codelocs) != jl_array_len(code))
        rd_error(r, "CodeInfo has %zu statements but %zu locations", jl_array_len(code), jl_array_len(codelocs));
    if (jl_array_len(ssaflags) != 0 && jl_array_len(ssaflags) != jl_array_len(code))
        rd_error(r, "CodeInfo has %zu statements but %zu flags", jl_array_len(code), jl_array_len(ssaflags));
    ci->code = code;
    ci->codelocs = codelocs;
    ci->ssavaluetypes = ssavaluetypes;
    ci->ssaflags = ssaflags;
    ci->method_for_inference_limit_heuristics = mflih;
    ci->linetable = linetable;
    ci->slotnames = slotnames;
    ci->slotflags = slotflags;
    ci->slottypes = slottypes;
    ci->rettype = rettype;
    ci->min_world = rd_varint(r);
    ci->max_world = rd_varint(r);
    uint32_t f[8];
    static const char *const names[8] = {"inferred", "propagate_inbounds", "has_fcall", "nospecializeinfer",
                                         "inlining", "constprop", "purity", "inlining_cost"};
    for (int i = 0; i < 8; i++) {
        f[i] = rd_u32(r, "CodeInfo flag");
        if (f[i] > (i < 6 ? 0xffu : 0xffffu))
            rd_error(r, "CodeInfo.%s out of range", names[i]);
    }
    ci->inferred = (uint8_t)(f[0] != 0);
    ci->propagate_inbounds = (uint8_t)(f[1] != 0);
    ci->has_fcall = (uint8_t)(f[2] != 0);
    ci->nospecializeinfer = (uint8_t)(f[3] != 0);
    ci->inlining = (uint8_t)f[4];
    ci->constprop = (uint8_t)f[5];
    ci->purity = (uint16_t)f[6];
    ci->inlining_cost = (uint16_t)f[7];
    return (jl_value_t *)ci;
}

static jl_code_info_t *uncompress_with(jl_array_t *data, jl_array_t *roots, const char *name);

/* the argument types of a method signature: its unwrapped Tuple type's parameters */
static jl_svec_t *sig_params(jl_value_t *sig)
{
    jl_value_t *u = jl_unwrap_unionall(sig);
    if (!jl_is_tuple_type(u))
        return NULL;
    return ((jl_datatype_t *)u)->parameters;
}

static jl_value_t *read_method_body(rd_t *r)
{
    jl_module_t *module = read_module(r, "Method.module");
    jl_sym_t *name = read_symbol(r, "Method.name");
    jl_sym_t *file = read_symbol(r, "Method.file");
    jl_value_t *sig = read_type(r, "Method.sig");
    jl_value_t *slot_syms = read_nonnull(r, "Method.slot_syms");
    jl_value_t *source = read_nonnull(r, "Method.source"), *raw_source = source;
    jl_value_t *generator = read_nonnull(r, "Method.generator");
    jl_value_t *roots = read_value(r);
    int64_t line = rd_zigzag(r);
    uint32_t nargs = rd_u32(r, "Method.nargs"), nkw = rd_u32(r, "Method.nkw");
    uint32_t nospec = rd_u32(r, "Method.nospecialize"), isva = rd_u32(r, "Method.isva");
    uint32_t opaque = rd_u32(r, "Method flag"), constprop = rd_u32(r, "Method flag");
    uint32_t pure = rd_u32(r, "Method flag"), purity = rd_u32(r, "Method flag");
    if (!jl_is_string(slot_syms))
        rd_error(r, "Method.slot_syms is not a String");
    if (!jl_is_code_info(source) && source != jl_nothing &&
        jl_typeof(source) != (jl_value_t *)jl_array_uint8_type)
        rd_error(r, "Method.source is not a CodeInfo");
    if (roots && jl_typeof(roots) != (jl_value_t *)jl_array_any_type)
        rd_error(r, "Method.roots is not a Vector{Any}");
    jl_svec_t *ps = sig_params(sig);
    size_t np = ps ? jl_svec_len(ps) : 0;
    if (np == 0)
        rd_error(r, "Method.sig is not a signature");
    if (nargs != np)
        rd_error(r, "Method.nargs (%u) does not match its signature (%zu arguments)", nargs, np);
    int lastva = jl_typeis(jl_svecref(ps, np - 1), jl_vararg_type);
    if ((isva != 0) != lastva)
        rd_error(r, "Method.isva does not match its signature");
    if (source != jl_nothing && !jl_is_code_info(source)) /* compressed: must decode with its roots */
        source = (jl_value_t *)uncompress_with((jl_array_t *)source, (jl_array_t *)roots, jl_symbol_name(name));
    if (jl_is_code_info(source) && jl_array_len(((jl_code_info_t *)source)->slotnames) < nargs)
        rd_error(r, "Method source has fewer slots than arguments");
    if (line < INT32_MIN || line > INT32_MAX || constprop > 0xff || purity > 0xffff)
        rd_error(r, "Method field out of range");
    jl_method_t *m = (jl_method_t *)jl_gc_alloc(sizeof(jl_method_t), (jl_value_t *)jl_method_type);
    m->name = name;
    m->module = module;
    m->file = file;
    m->line = (int32_t)line;
    m->nargs = (int32_t)nargs;
    m->primary_world = 1;
    m->deleted_world = JL_WORLD_MAX;
    m->sig = sig;
    m->specializations = jl_nothing;
    m->slot_syms = slot_syms;
    m->external_mt = jl_nothing;
    m->source = raw_source;
    m->unspecialized = jl_nothing;
    m->generator = generator;
    m->roots = (jl_array_t *)roots;
    m->invokes = jl_nothing;
    m->recursion_relation = jl_nothing;
    m->nkw = nkw;
    m->nospecialize = nospec;
    m->isva = (uint8_t)(isva != 0);
    m->is_for_opaque_closure = (uint8_t)(opaque != 0);
    m->constprop = (uint8_t)constprop;
    m->pure = (uint8_t)(pure != 0);
    m->purity = (uint16_t)purity;
    jl_array_ptr_1d_push(r->deferred, (jl_value_t *)m);
    return (jl_value_t *)m;
}

static jl_value_t *read_method_instance_body(rd_t *r)
{
    jl_value_t *def = read_nonnull(r, "MethodInstance.def");
    jl_value_t *spec = read_type(r, "MethodInstance.specTypes");
    jl_value_t *sparams = read_nonnull(r, "MethodInstance.sparam_vals");
    jl_value_t *uninferred = read_nonnull(r, "MethodInstance.uninferred");
    if (!jl_is_method(def) && !jl_is_module(def))
        rd_error(r, "MethodInstance.def is not a Method or Module");
    if (!jl_is_svec(sparams))
        rd_error(r, "MethodInstance.sparam_vals is not a SimpleVector");
    if (uninferred != jl_nothing && !jl_is_code_info(uninferred))
        rd_error(r, "MethodInstance.uninferred is not a CodeInfo");
    jl_method_instance_t *mi;
    if (jl_is_method(def)) {
        mi = jl_specializations_get_linfo((jl_method_t *)def, spec, (jl_svec_t *)sparams);
    }
    else {
        mi = (jl_method_instance_t *)jl_gc_alloc(sizeof(jl_method_instance_t), (jl_value_t *)jl_method_instance_type);
        mi->def = def;
        mi->specTypes = spec;
        mi->sparam_vals = (jl_svec_t *)sparams;
    }
    if (uninferred != jl_nothing || mi->uninferred == NULL)
        mi->uninferred = uninferred;
    return (jl_value_t *)mi;
}

/* ---------------------------------------------------------------- structs */

static int is_process_local_type(jl_datatype_t *dt)
{
    return dt == jl_task_type || dt == jl_binding_type || dt == jl_methtable_type ||
           dt == jl_code_instance_type || dt == jl_symbol_type || dt == jl_string_type ||
           dt == jl_datatype_type || dt == jl_typename_type || dt == jl_module_type ||
           dt == jl_simplevector_type || dt == jl_expr_type || dt->name == jl_array_typename ||
           (dt->layout->nfields == 0 && dt->layout->size > 0 && !dt->isprimitivetype);
}

static int is_base_dict(jl_datatype_t *dt)
{
    return jl_base_module && dt->name->module == jl_base_module &&
           strcmp(jl_symbol_name(dt->name->name), "Dict") == 0;
}

static jl_value_t *read_struct_body(rd_t *r, jl_datatype_t *dt, long idx)
{
    char b[256];
    if (!dt->isconcretetype || dt->layout == NULL || is_process_local_type(dt))
        rd_error(r, "cannot read an object of type %s", type_str((jl_value_t *)dt, b, sizeof b));
    if (dt->isprimitivetype) {
        size_t sz = dt->layout->size;
        uint8_t data[sz ? sz : 1];
        rd_bytes(r, data, sz);
        if (dt == jl_bool_type && data[0] > 1)
            rd_error(r, "invalid Bool");
        return jl_new_bits((jl_value_t *)dt, data);
    }
    jl_value_t *v = jl_gc_alloc_typed(dt);
    int mutabl = dt->name->mutabl;
    if (mutabl)
        ref_early(r, idx, v);
    uint32_t nf = dt->layout->nfields;
    uint32_t ninit = nf - (uint32_t)(dt->name->n_uninitialized > 0 ? dt->name->n_uninitialized : 0);
    if (ninit > nf)
        ninit = 0;
    for (uint32_t i = 0; i < nf; i++) {
        const jl_fielddesc_t *fd = &dt->layout->fields[i];
        jl_value_t *ft = jl_svecref(dt->types, i);
        jl_value_t *x = read_value(r);
        if (x == NULL) {
            if (!fd->isptr || (!mutabl && i < ninit))
                rd_error(r, "field %u of %s is undefined", i + 1, type_str((jl_value_t *)dt, b, sizeof b));
            continue;
        }
        if (fd->isptr ? (ft != (jl_value_t *)jl_any_type && !jl_isa(x, ft)) : jl_typeof(x) != ft)
            rd_error(r, "field %u of %s has the wrong type", i + 1, type_str((jl_value_t *)dt, b, sizeof b));
        char *p = (char *)v + fd->offset;
        if (fd->isptr)
            *(jl_value_t **)p = x;
        else
            memcpy(p, x, fd->size);
    }
    if (is_base_dict(dt))
        jl_array_ptr_1d_push(r->deferred, v);
    return v;
}

static jl_value_t *read_object(rd_t *r, long idx)
{
    jl_value_t *t = read_nonnull(r, "object type");
    if (!jl_is_datatype(t))
        rd_error(r, "object type is not a DataType");
    jl_datatype_t *dt = (jl_datatype_t *)t;
    if (dt->instance)
        return dt->instance;
    if (dt == jl_typename_type)
        return read_typename_body(r);
    if (dt == jl_unionall_type)
        return read_unionall_body(r);
    if (dt == jl_uniontype_type)
        return read_union_body(r);
    if (dt == jl_tvar_type)
        return read_tvar_body(r);
    if (dt == jl_vararg_type)
        return read_vararg_body(r);
    if (dt == jl_module_type)
        return read_module_body(r);
    if (dt == jl_globalref_type)
        return read_globalref_body(r);
    if (dt == jl_intrinsic_type)
        return read_intrinsic_body(r);
    if (dt == jl_code_info_type)
        return read_code_info_body(r, idx);
    if (dt == jl_method_type)
        return read_method_body(r);
    if (dt == jl_method_instance_type)
        return read_method_instance_body(r);
    return read_struct_body(r, dt, idx);
}

/* ---------------------------------------------------------------- containers */

static jl_value_t *read_array(rd_t *r, long idx)
{
    jl_value_t *et = read_nonnull(r, "array element type");
    if (!is_type(et) || jl_has_free_typevars(et))
        rd_error(r, "array element type is not a type");
    uint64_t nd = rd_varint(r);
    if (nd > 32)
        rd_error(r, "array has too many dimensions");
    size_t dims[32];
    size_t n = 1;
    int bits = jl_is_datatype(et) && ((jl_datatype_t *)et)->isbitstype;
    size_t elsize = bits ? ((jl_datatype_t *)et)->layout->size : 1;
    for (size_t i = 0; i < nd; i++) {
        dims[i] = rd_count(r, 0, "array dimension");
        if (dims[i] > ((size_t)1 << 48))
            rd_error(r, "array dimension too large");
        if (n != 0 && dims[i] > ((size_t)1 << 48) / n)
            rd_error(r, "array too large");
        n *= dims[i];
    }
    /* each element takes at least one byte (boxed) or elsize bytes (inline; none if zero-sized) */
    if (elsize && n > rd_left(r) / elsize)
        rd_error(r, "array length %zu exceeds the stream", n);
    jl_value_t *at = jl_apply_array_type(et, (size_t)nd);
    jl_array_t *a = jl_alloc_array_nd(at, (size_t)nd, dims);
    ref_early(r, idx, (jl_value_t *)a);
    if (!(a->flags & JL_ARRAY_PTRARRAY)) {
        rd_bytes(r, a->data, n * a->elsize);
        if (et == (jl_value_t *)jl_bool_type)
            for (size_t i = 0; i < n; i++)
                if (((uint8_t *)a->data)[i] > 1)
                    rd_error(r, "invalid Bool in array");
        return (jl_value_t *)a;
    }
    for (size_t i = 0; i < n; i++) {
        jl_value_t *x = read_value(r);
        if (x && et != (jl_value_t *)jl_any_type && !jl_isa(x, et)) {
            char b[256];
            rd_error(r, "array element is not a %s", type_str(et, b, sizeof b));
        }
        jl_array_ptr_set(a, i, x);
    }
    return (jl_value_t *)a;
}

static jl_value_t *read_tuple(rd_t *r)
{
    size_t n = rd_count(r, 1, "tuple");
    if (n == 0)
        return jl_emptytuple;
    if (n > JL_SER_MAX_TUPLE)
        rd_error(r, "tuple of %zu elements is too long", n);
    jl_value_t *vals[n];
    for (size_t i = 0; i < n; i++)
        vals[i] = NULL;
    for (size_t i = 0; i < n; i++)
        vals[i] = read_nonnull(r, "tuple element");
    return jl_tuplev(n, vals);
}

static jl_value_t *read_body(rd_t *r, uint8_t op, long idx)
{
    switch (op) {
    case JL_TAG_SYMBOL: {
        size_t n = rd_count(r, 1, "symbol");
        if (memchr(r->p, 0, n))
            rd_error(r, "symbol name contains a NUL byte");
        jl_sym_t *s = jl_symbol_n((const char *)r->p, n);
        r->p += n;
        return (jl_value_t *)s;
    }
    case JL_TAG_STRING: {
        size_t n = rd_count(r, 1, "string");
        jl_value_t *s = jl_alloc_string(n);
        rd_bytes(r, jl_string_data(s), n);
        return s;
    }
    case JL_TAG_SVEC: {
        size_t n = rd_count(r, 1, "SimpleVector");
        jl_svec_t *v = jl_alloc_svec(n);
        ref_early(r, idx, (jl_value_t *)v);
        for (size_t i = 0; i < n; i++)
            jl_svecset(v, i, read_value(r));
        return (jl_value_t *)v;
    }
    case JL_TAG_TUPLE:
        return read_tuple(r);
    case JL_TAG_EXPR: {
        jl_sym_t *head = read_symbol(r, "Expr head");
        size_t n = rd_count(r, 1, "Expr");
        jl_expr_t *e = jl_exprn(head, n);
        ref_early(r, idx, (jl_value_t *)e);
        for (size_t i = 0; i < n; i++)
            jl_exprargset(e, i, read_nonnull(r, "Expr argument"));
        return (jl_value_t *)e;
    }
    case JL_TAG_ARRAY:
        return read_array(r, idx);
    case JL_TAG_INT64:
        return jl_box_int64(rd_zigzag(r));
    case JL_TAG_DATATYPE:
        return read_datatype(r);
    case JL_TAG_OBJECT:
        return read_object(r, idx);
    }
    rd_error(r, "invalid tag %d", op);
}

static jl_value_t *read_value(rd_t *r)
{
    if ((char *)__builtin_frame_address(0) < r->floor)
        rd_error(r, "value nested too deeply");
    uint8_t t = rd_byte(r);
    if (t > JL_TAG_LAST_SPECIAL) {
        jl_value_t *v = jl_serializer_tag_value(t);
        if (v == NULL)
            rd_error(r, "unknown tag %d", t);
        return v;
    }
    switch (t) {
    case JL_TAG_NULL:
        return NULL;
    case JL_TAG_BACKREF: {
        uint64_t i = rd_varint(r);
        if (i >= r->nrefs || r->refs[i] == NULL)
            rd_error(r, "invalid back-reference %llu", (unsigned long long)i);
        return r->refs[i];
    }
    case JL_TAG_SHAREDREF: {
        uint8_t op = rd_byte(r);
        if (op < JL_TAG_SYMBOL || op > JL_TAG_OBJECT)
            rd_error(r, "invalid shared value");
        size_t idx = ref_reserve(r);
        jl_value_t *v = read_body(r, op, (long)idx);
        if (r->refs[idx] != NULL && r->refs[idx] != v)
            rd_error(r, "inconsistent shared value");
        r->refs[idx] = v;
        return v;
    }
    case JL_TAG_ROOTREF: {
        uint64_t i = rd_varint(r);
        if (r->roots == NULL)
            rd_error(r, "method root reference outside compressed code");
        if (i >= jl_array_len(r->roots) || jl_array_ptr_ref(r->roots, i) == NULL)
            rd_error(r, "invalid method root reference %llu", (unsigned long long)i);
        return jl_array_ptr_ref(r->roots, i);
    }
    case JL_TAG_HEADER:
        rd_error(r, "unexpected header");
    case JL_TAG_NONE:
        rd_error(r, "invalid tag 0");
    }
    return read_body(r, t, -1);
}

/* ---------------------------------------------------------------- after the value: effects */

static jl_value_t *call_rehash(void *d)
{
    jl_value_t *f = jl_get_global(jl_base_module, jl_symbol("_rehash!"));
    if (f == NULL)
        return NULL;
    jl_value_t *args[2] = {f, (jl_value_t *)d};
    return jl_apply(args, 2);
}

static void add_method(jl_method_t *m)
{
    jl_methtable_t *mt = jl_method_table_for(m->sig);
    if (mt == NULL)
        return;
    jl_array_t *defs = mt->defs;
    for (size_t i = 0; defs && i < jl_array_len(defs); i++) {
        jl_method_t *old = (jl_method_t *)jl_array_ptr_ref(defs, i);
        if (old && jl_is_method(old) && old->deleted_world == JL_WORLD_MAX && jl_types_equal(old->sig, m->sig))
            return;
    }
    jl_method_table_insert(mt, m);
}

static void run_deferred(rd_t *r)
{
    size_t n = jl_array_len(r->deferred);
    for (size_t i = 0; i < n; i++) {
        jl_value_t *x = jl_array_ptr_ref(r->deferred, i);
        if (jl_is_method(x))
            add_method((jl_method_t *)x);
        else
            guarded(r, "rehashing a Dict failed", call_rehash, x);
    }
}

/* ---------------------------------------------------------------- entry points */

static void read_header(rd_t *r)
{
    if (rd_left(r) < 6 || r->p[0] != JL_TAG_HEADER || memcmp(r->p + 1, JL_SER_MAGIC, 4) != 0)
        rd_error(r, "not a julep serialization stream (bad header)");
    r->p += 5;
    uint64_t ver = rd_varint(r);
    if (ver != JL_SERIALIZER_VERSION)
        rd_error(r, "stream format version %llu is not supported (this julep reads version %d)",
                 (unsigned long long)ver, JL_SERIALIZER_VERSION);
    uint8_t hb[8];
    rd_bytes(r, hb, 8);
    uint64_t h = 0;
    for (int i = 0; i < 8; i++)
        h |= (uint64_t)hb[i] << (8 * i);
    if (h != jl_serializer_table_hash())
        rd_error(r, "stream was written by an incompatible julep build (tag table differs)");
}

static jl_value_t *deserialize_prefix(const uint8_t *data, size_t len, size_t *consumed, jl_array_t *roots)
{
    rd_t r;
    memset(&r, 0, sizeof r);
    r.roots = roots;
    r.start = r.p = data;
    r.end = data + len;
    r.floor = jl_ser_stack_floor();
    r.deferred = jl_alloc_vec_any(0);
    read_header(&r);
    jl_value_t *v = read_value(&r);
    run_deferred(&r);
    if (consumed)
        *consumed = (size_t)(r.p - r.start);
    return v ? v : jl_nothing;
}

JL_DLLEXPORT jl_value_t *jl_deserialize_value_prefix(const uint8_t *data, size_t len, size_t *consumed)
{
    return deserialize_prefix(data, len, consumed, NULL);
}

JL_DLLEXPORT jl_value_t *jl_deserialize_value(const uint8_t *data, size_t len)
{
    size_t used = 0;
    jl_value_t *v = jl_deserialize_value_prefix(data, len, &used);
    if (used != len)
        jl_errorf("deserialize: %zu unexpected bytes after the value", len - used);
    return v;
}

JL_DLLEXPORT jl_value_t *jl_deserialize_from_array(jl_array_t *bytes)
{
    if (bytes == NULL || jl_typeof(bytes) != (jl_value_t *)jl_array_uint8_type)
        jl_argument_error("deserialize: expected a Vector{UInt8}");
    return jl_deserialize_value((const uint8_t *)bytes->data, jl_array_len(bytes));
}

JL_DLLEXPORT jl_value_t *jl_deserialize_array_at(jl_array_t *bytes, int64_t offset)
{
    if (bytes == NULL || jl_typeof(bytes) != (jl_value_t *)jl_array_uint8_type)
        jl_argument_error("deserialize: expected a Vector{UInt8}");
    if (offset < 0 || (uint64_t)offset > jl_array_len(bytes))
        jl_argument_error("deserialize: offset out of range");
    size_t used = 0;
    jl_value_t *v = jl_deserialize_value_prefix((const uint8_t *)bytes->data + offset,
                                                jl_array_len(bytes) - (size_t)offset, &used);
    return jl_tuple(2, v, jl_box_int64(offset + (int64_t)used));
}

static jl_code_info_t *uncompress_with(jl_array_t *data, jl_array_t *roots, const char *name)
{
    size_t used = 0, len = jl_array_len(data);
    jl_value_t *v = deserialize_prefix((const uint8_t *)data->data, len, &used, roots);
    if (used != len)
        jl_errorf("deserialize: %zu unexpected bytes after the value", len - used);
    if (!jl_is_code_info(v))
        jl_errorf("uncompress_ir: compressed source of %s is not a CodeInfo", name);
    return (jl_code_info_t *)v;
}

JL_DLLEXPORT jl_code_info_t *jl_uncompress_ir(jl_method_t *m, jl_array_t *data)
{
    if (data && jl_is_code_info(data))
        return (jl_code_info_t *)data;
    if (data == NULL || jl_typeof(data) != (jl_value_t *)jl_array_uint8_type)
        jl_argument_error("uncompress_ir: expected a Vector{UInt8}");
    int ism = m && jl_is_method(m);
    return uncompress_with(data, ism ? m->roots : NULL, ism ? jl_symbol_name(m->name) : "a method");
}
