/*
 * infer.c -- type inference: abstract interpretation of lowered code (docs/ir.md) for one
 * MethodInstance, over the lattice described in infer.h.
 *
 * A frame holds the method's lowered code, its basic blocks, the slot types at each block entry and
 * the type of every statement. A worklist of blocks (lowest first) runs the statements' transfer
 * functions until nothing changes; statements inside a `try` also flow into the catch block. Calls
 * go to transfer functions for builtins and intrinsics (tfuncs, with constant folding of pure ones),
 * or to dispatch's method matching and, recursively, to inference of the callee.
 *
 * Recursion: a call of a MethodInstance already being inferred uses its current best guess (starting
 * at Union{}) and marks every frame above it as part of that cycle; frames in a cycle are not cached
 * and the cycle's head re-runs until its return type stops changing (as Julia's InferenceState
 * cycles). A method nested JL_INFER_MAX_NEST times on the stack with new signatures (as long or longer:
 * recursion that drops arguments ends by itself) gives Any.
 *
 * Invariants: every block state and statement type only grows (tmerge) while a frame runs, and tmerge
 * caps unions and type depth, so the worklist terminates.
 */
#include <string.h>
#include <stdio.h>
#include "infer.h"
#include "gf.h"
#include "builtins.h"

#define JL_INFER_MAX_NEST 3       /* frames of one method with different signatures on the stack */
#define JL_INFER_MAX_DEPTH 48     /* inference stack depth */
#define JL_INFER_MAX_TYPEDEPTH 5  /* nesting of inferred types before widening */
#define JL_INFER_CONSTPROP_STMTS 64

JL_DLLEXPORT jl_datatype_t *jl_const_type;

/* ---------------------------------------------------------------- the lattice */

static void init_lattice(void)
{
    if (jl_const_type)
        return;
    jl_const_type = jl_new_datatype(jl_symbol("Const"), jl_core_module, jl_any_type, jl_emptysvec,
                                    jl_svec1(jl_symbol("val")), jl_svec1(jl_any_type), 0, 0, 1);
    if (!jl_boundp(jl_core_module, jl_symbol("Const")))
        jl_set_const(jl_core_module, jl_symbol("Const"), (jl_value_t *)jl_const_type);
}

JL_DLLEXPORT jl_value_t *jl_infer_const(jl_value_t *v)
{
    init_lattice();
    jl_value_t *c = jl_new_struct_uninit(jl_const_type);
    *(jl_value_t **)c = v;
    return c;
}

JL_DLLEXPORT int jl_is_infer_const(jl_value_t *x)
{
    return jl_const_type && x && jl_typeis(x, jl_const_type);
}

JL_DLLEXPORT jl_value_t *jl_infer_const_val(jl_value_t *x)
{
    return *(jl_value_t **)x;
}

static int is_kind(jl_value_t *t)
{
    return t == (jl_value_t *)jl_datatype_type || t == (jl_value_t *)jl_uniontype_type ||
           t == (jl_value_t *)jl_unionall_type || t == (jl_value_t *)jl_typeofbottom_type;
}

static int is_type_value(jl_value_t *v)
{
    return is_kind(jl_typeof(v));
}

static jl_value_t *type_of_type(jl_value_t *t)
{
    return jl_apply_type1(jl_type_typename->wrapper, t);
}

static int is_type_type(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_type_typename;
}

JL_DLLEXPORT jl_value_t *jl_widenconst(jl_value_t *x)
{
    if (!jl_is_infer_const(x))
        return x;
    jl_value_t *v = jl_infer_const_val(x);
    if (is_type_value(v) && !jl_has_free_typevars(v))
        return type_of_type(v);
    return jl_typeof(v);
}

/* the runtime type of values of lattice element x: Const(Int64) -> DataType */
static jl_value_t *widen_runtime(jl_value_t *x)
{
    if (jl_is_infer_const(x))
        return jl_typeof(jl_infer_const_val(x));
    if (is_type_type(x)) {
        jl_value_t *p = jl_svecref(((jl_datatype_t *)x)->parameters, 0);
        if (!jl_is_tvar(p))
            return jl_typeof(p);
    }
    return x;
}

/* X is the only object equal to itself: every UnionAll in it is a type name's wrapper (`Array`, not
   `Vector{T} where T<:Real`). Each evaluation of a `where` makes a new UnionAll with new TypeVars;
   `===` calls the copies equal, so one specialization on Type{X} serves them all, and code that took
   its argument for the copy X of the signature would mix the TypeVars of two copies (and show
   `Array{T, 1} where T<:Real` for the second `Vector{T} where T<:Real` it is given). */
static int unique_type(jl_value_t *t)
{
    if (jl_is_unionall(t)) {
        jl_value_t *b = jl_unwrap_unionall(t);
        return jl_is_datatype(b) && ((jl_datatype_t *)b)->name->wrapper == t;
    }
    if (jl_is_uniontype(t))
        return unique_type(((jl_uniontype_t *)t)->a) && unique_type(((jl_uniontype_t *)t)->b);
    if (jl_typeis(t, jl_vararg_type)) {
        jl_vararg_t *va = (jl_vararg_t *)t;
        return (va->T == NULL || unique_type(va->T)) && (va->N == NULL || unique_type(va->N));
    }
    if (jl_is_datatype(t))
        for (size_t i = 0; i < jl_svec_len(((jl_datatype_t *)t)->parameters); i++)
            if (!unique_type(jl_svecref(((jl_datatype_t *)t)->parameters, i)))
                return 0;
    return 1;
}

/* normalize: Type{X} with a closed, unique X is Const(X); a singleton type stays a type */
static jl_value_t *from_type(jl_value_t *t)
{
    if (is_type_type(t)) {
        jl_value_t *p = jl_svecref(((jl_datatype_t *)t)->parameters, 0);
        if (!jl_is_tvar(p) && !jl_has_free_typevars(p) && unique_type(p))
            return jl_infer_const(p);
    }
    return t;
}

static int lat_eq(jl_value_t *a, jl_value_t *b)
{
    if (a == b)
        return 1;
    if (a == NULL || b == NULL)
        return 0;
    int ca = jl_is_infer_const(a), cb = jl_is_infer_const(b);
    if (ca || cb)
        return ca && cb && jl_egal(jl_infer_const_val(a), jl_infer_const_val(b));
    return jl_types_equal(a, b);
}

JL_DLLEXPORT int jl_infer_le(jl_value_t *a, jl_value_t *b)
{
    if (a == b || a == jl_bottom_type || b == (jl_value_t *)jl_any_type)
        return 1;
    if (jl_is_infer_const(b)) {
        if (!jl_is_infer_const(a))
            return 0;
        return jl_egal(jl_infer_const_val(a), jl_infer_const_val(b));
    }
    if (jl_is_infer_const(a))
        return jl_isa(jl_infer_const_val(a), b);
    return jl_subtype(a, b);
}

static int type_depth(jl_value_t *t, int d)
{
    if (d > JL_INFER_MAX_TYPEDEPTH + 1)
        return d;
    if (jl_is_uniontype(t)) {
        int a = type_depth(((jl_uniontype_t *)t)->a, d), b = type_depth(((jl_uniontype_t *)t)->b, d);
        return a > b ? a : b;
    }
    if (jl_is_unionall(t))
        return type_depth(((jl_unionall_t *)t)->body, d);
    if (!jl_is_datatype(t))
        return d;
    int m = d;
    jl_svec_t *p = ((jl_datatype_t *)t)->parameters;
    for (size_t i = 0; i < jl_svec_len(p); i++) {
        int k = type_depth(jl_svecref(p, i), d + 1);
        if (k > m)
            m = k;
    }
    return m;
}

static size_t union_count(jl_value_t *t)
{
    if (jl_is_uniontype(t))
        return union_count(((jl_uniontype_t *)t)->a) + union_count(((jl_uniontype_t *)t)->b);
    return 1;
}

/* the nearest common supertype of two DataTypes by their supertype chains (Any at worst) */
static jl_value_t *common_super(jl_value_t *a, jl_value_t *b)
{
    if (!jl_is_datatype(a) || !jl_is_datatype(b))
        return (jl_value_t *)jl_any_type;
    jl_datatype_t *da = (jl_datatype_t *)a;
    if (jl_is_tuple_type(a) && jl_is_tuple_type(b))
        return (jl_value_t *)jl_anytuple_type;
    for (; da && da != jl_any_type; da = da->super) {
        jl_value_t *w = da->name->wrapper;
        if (jl_subtype(b, w) && jl_subtype(a, w))
            return jl_has_free_typevars(w) ? w : w;
        if (da->super == da)
            break;
    }
    return (jl_value_t *)jl_any_type;
}

static jl_value_t *widen_union(jl_value_t *u)
{
    jl_value_t *acc = NULL;
    jl_value_t *stack[64];
    int n = 0;
    stack[n++] = u;
    while (n > 0) {
        jl_value_t *t = stack[--n];
        if (jl_is_uniontype(t) && n < 62) {
            stack[n++] = ((jl_uniontype_t *)t)->a;
            stack[n++] = ((jl_uniontype_t *)t)->b;
            continue;
        }
        t = jl_unwrap_unionall(t);
        acc = acc == NULL ? t : (jl_subtype(t, acc) ? acc : common_super(acc, t));
    }
    return acc ? acc : (jl_value_t *)jl_any_type;
}

JL_DLLEXPORT jl_value_t *jl_infer_tmerge(jl_value_t *a, jl_value_t *b)
{
    if (a == NULL)
        return b;
    if (b == NULL)
        return a;
    if (jl_infer_le(b, a))
        return a;
    if (jl_infer_le(a, b))
        return b;
    jl_value_t *ts[2] = {jl_widenconst(a), jl_widenconst(b)};
    jl_value_t *u = jl_type_union(ts, 2);
    if (union_count(u) > JL_INFER_MAX_UNION)
        u = widen_union(u);
    if (type_depth(u, 0) > JL_INFER_MAX_TYPEDEPTH)
        u = jl_is_tuple_type(jl_unwrap_unionall(u)) ? (jl_value_t *)jl_anytuple_type : (jl_value_t *)jl_any_type;
    return u;
}

/* a ⊓ T for a type T (typeassert, isa refinement) */
static jl_value_t *tmeet(jl_value_t *a, jl_value_t *T)
{
    if (jl_infer_le(a, T))
        return a;
    if (jl_is_infer_const(a))
        return jl_bottom_type;
    jl_value_t *r = jl_type_intersection(a, T);
    return r;
}

/* the lowered code inference runs for mi: the method's source, or for a @generated method the body
   its generator made for this specialization (NULL when there is none, e.g. abstract arguments) */
JL_DLLEXPORT jl_code_info_t *jl_infer_method_source(jl_method_instance_t *mi)
{
    if (!jl_is_method(mi->def))
        return NULL;
    jl_method_t *m = (jl_method_t *)mi->def;
    if (m->generator != NULL && m->generator != jl_nothing)
        return mi->uninferred && jl_is_code_info(mi->uninferred) ? (jl_code_info_t *)mi->uninferred : NULL;
    return jl_method_source(m);
}

/* ---------------------------------------------------------------- frames */

typedef struct frame {
    jl_method_instance_t *mi;
    jl_method_t *m;
    jl_code_info_t *src;
    size_t nstmts, nslots, nbb;
    jl_value_t **argtypes;     /* lattice elements of the argument slots (nargs) */
    size_t nargs;
    jl_value_t **ssatypes;     /* per statement; NULL = never reached */
    jl_value_t **callees;      /* per statement: the MethodInstance a call is proven to invoke */
    jl_value_t **constcode;    /* per statement: the callee's optimized code for the call's constant
                                  arguments (constant propagation), for inlining; or NULL */
    int32_t *bb_first;         /* first statement of each block; bb_first[nbb] = nstmts */
    int32_t *stmt_bb;
    int32_t *handler;          /* per statement: catch label (0-based) of the active handler, or -1 */
    jl_value_t ***bb_state;    /* slot types at block entry (NULL entry = undefined slot) */
    uint8_t *bb_reached, *bb_dirty;
    jl_value_t *rettype, *bestguess;
    int rettype_read;          /* a recursive call used `bestguess` */
    int depth;
    int cycle_min;             /* lowest stack depth this frame's result depends on (INT32_MAX none) */
    jl_array_t *edges;         /* callee MethodInstances */
    jl_array_t *mt_edges;      /* (methtable, signature) pairs */
    struct frame *parent;
} frame_t;

static frame_t *infer_top;

static jl_value_t *abstract_call(frame_t *fr, jl_value_t **argtypes, size_t n, size_t pc);
static jl_value_t *typeinf_edge(frame_t *caller, jl_method_instance_t *mi, jl_value_t **constargs, size_t nc,
                                jl_code_info_t **constcode);

static void *zalloc(size_t n)
{
    void *p = jl_gc_alloc_buf(n ? n : 1);
    memset(p, 0, n ? n : 1);
    return p;
}

static void add_edge(frame_t *fr, jl_method_instance_t *callee)
{
    if (fr->edges == NULL)
        fr->edges = jl_alloc_vec_any(0);
    jl_array_ptr_1d_push(fr->edges, (jl_value_t *)callee);
}

static void add_mt_edge(frame_t *fr, jl_methtable_t *mt, jl_value_t *sig)
{
    if (mt == NULL)
        return;
    if (fr->mt_edges == NULL)
        fr->mt_edges = jl_alloc_vec_any(0);
    jl_array_ptr_1d_push(fr->mt_edges, (jl_value_t *)mt);
    jl_array_ptr_1d_push(fr->mt_edges, sig);
}

/* ---------------------------------------------------------------- operands and globals */

JL_DLLEXPORT int jl_infer_operand_const(jl_value_t *x, jl_value_t **v)
{
    if (x == NULL)
        return 0;
    jl_value_t *t = jl_typeof(x);
    if (t == (jl_value_t *)jl_ssavalue_type || t == (jl_value_t *)jl_slotnumber_type ||
        t == (jl_value_t *)jl_argument_type || t == (jl_value_t *)jl_expr_type || t == (jl_value_t *)jl_symbol_type)
        return 0;
    if (t == (jl_value_t *)jl_quotenode_type) {
        *v = ((jl_quotenode_t *)x)->value;
        return 1;
    }
    if (t == (jl_value_t *)jl_globalref_type) {
        jl_globalref_t *g = (jl_globalref_t *)x;
        jl_binding_t *b = jl_get_binding(g->mod, g->name);
        if (b && b->constp && b->value) {
            *v = b->value;
            return 1;
        }
        return 0;
    }
    *v = x;
    return 1;
}

static jl_value_t *global_type(jl_module_t *m, jl_sym_t *s)
{
    jl_binding_t *b = jl_get_binding(m, s);
    if (b == NULL)
        return (jl_value_t *)jl_any_type;
    if (b->constp && b->value)
        return jl_infer_const(b->value);
    return b->ty ? b->ty : (jl_value_t *)jl_any_type;
}

/* ---------------------------------------------------------------- builtin tfuncs */

static int const_arg(jl_value_t *a, jl_value_t **v)
{
    if (!jl_is_infer_const(a))
        return 0;
    *v = jl_infer_const_val(a);
    return 1;
}

/* call a builtin / intrinsic on constant arguments; Bottom when it throws */
static jl_value_t *fold_call(jl_value_t *f, jl_value_t **argtypes, size_t n)
{
    jl_value_t *args[n ? n : 1];
    for (size_t i = 0; i < n; i++)
        args[i] = jl_infer_const_val(argtypes[i]);
    jl_value_t *volatile res = NULL;
    JL_TRY {
        res = jl_builtin_fptr(f)(f, args, (uint32_t)n);
    }
    JL_CATCH {
        res = NULL;
    }
    return res ? jl_infer_const(res) : jl_bottom_type;
}

static int all_const(jl_value_t **argtypes, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!jl_is_infer_const(argtypes[i]))
            return 0;
    return 1;
}

/* the declared type of field i of concrete-or-not DataType dt (Any if unknown) */
static jl_value_t *field_type(jl_datatype_t *dt, size_t i)
{
    if (jl_is_tuple_type((jl_value_t *)dt)) {
        size_t np = jl_svec_len(dt->parameters);
        if (np == 0)
            return jl_bottom_type;
        jl_value_t *last = jl_svecref(dt->parameters, np - 1);
        if (jl_typeis(last, jl_vararg_type)) {
            if (i >= np - 1) {
                jl_value_t *T = ((jl_vararg_t *)last)->T;
                return T ? T : (jl_value_t *)jl_any_type;
            }
        }
        else if (i >= np)
            return jl_bottom_type;
        jl_value_t *t = jl_svecref(dt->parameters, i);
        return jl_has_free_typevars(t) ? (jl_value_t *)jl_any_type : t;
    }
    if (dt->types == NULL || i >= jl_svec_len(dt->types))
        return dt->types ? jl_bottom_type : (jl_value_t *)jl_any_type;
    jl_value_t *t = jl_svecref(dt->types, i);
    return jl_has_free_typevars(t) ? (jl_value_t *)jl_any_type : t;
}

static size_t dt_nfields_known(jl_datatype_t *dt, int *known)
{
    *known = 0;
    if (jl_is_tuple_type((jl_value_t *)dt)) {
        size_t np = jl_svec_len(dt->parameters);
        if (np && jl_typeis(jl_svecref(dt->parameters, np - 1), jl_vararg_type))
            return 0;
        *known = 1;
        return np;
    }
    if (dt->name->abstract || dt->types == NULL)
        return 0;
    *known = 1;
    return jl_svec_len(dt->types);
}

static jl_value_t *getfield_type1(jl_value_t *objt, jl_value_t *fld)
{
    jl_value_t *t = jl_unwrap_unionall(objt);
    if (jl_is_uniontype(t)) {
        jl_value_t *a = getfield_type1(((jl_uniontype_t *)t)->a, fld);
        jl_value_t *b = getfield_type1(((jl_uniontype_t *)t)->b, fld);
        return jl_infer_tmerge(a, b);
    }
    if (!jl_is_datatype(t) || t == (jl_value_t *)jl_any_type)
        return (jl_value_t *)jl_any_type;
    jl_datatype_t *dt = (jl_datatype_t *)t;
    if (dt->name->abstract)
        return (jl_value_t *)jl_any_type;
    if (dt == jl_module_type)
        return (jl_value_t *)jl_any_type;
    jl_value_t *fv;
    if (const_arg(fld, &fv)) {
        if (jl_is_symbol(fv)) {
            if (jl_is_tuple_type(t))
                return jl_bottom_type;
            int idx = jl_field_index(dt, (jl_sym_t *)fv, 0);
            /* a NamedTuple whose names are a variable may have any field */
            int names_known = dt->types && !(dt->name == jl_namedtuple_typename && dt->hasfreetypevars);
            return idx < 0 ? (names_known ? jl_bottom_type : (jl_value_t *)jl_any_type) : field_type(dt, (size_t)idx);
        }
        if (jl_is_int64(fv)) {
            int64_t i = jl_unbox_int64(fv);
            int known;
            size_t nf = dt_nfields_known(dt, &known);
            if (i < 1 || (known && (size_t)i > nf))
                return jl_bottom_type;
            return field_type(dt, (size_t)(i - 1));
        }
        return jl_bottom_type;
    }
    /* unknown field: the join of all field types */
    int known;
    size_t nf = dt_nfields_known(dt, &known);
    if (!known)
        return jl_is_tuple_type(t) ? field_type(dt, jl_svec_len(dt->parameters)) : (jl_value_t *)jl_any_type;
    jl_value_t *r = jl_bottom_type;
    for (size_t i = 0; i < nf; i++)
        r = jl_infer_tmerge(r, field_type(dt, i));
    return r;
}

static jl_value_t *getfield_tfunc(jl_value_t **a, size_t n)
{
    if (n < 2 || n > 4)
        return jl_bottom_type;
    jl_value_t *ov, *fv;
    if (const_arg(a[0], &ov) && const_arg(a[1], &fv)) {
        if (jl_is_module(ov) && jl_is_symbol(fv))
            return global_type((jl_module_t *)ov, (jl_sym_t *)fv);
        jl_datatype_t *dt = (jl_datatype_t *)jl_typeof(ov);
        if (!dt->name->mutabl || is_kind((jl_value_t *)dt)) {
            jl_value_t *args[2] = {a[0], a[1]};
            return fold_call(jl_builtin_getfield, args, 2);
        }
    }
    jl_value_t *ft = getfield_type1(jl_widenconst(a[0]), a[1]);
    return from_type(ft);
}

static jl_value_t *fieldtype_tfunc(jl_value_t **a, size_t n)
{
    if (n >= 2 && all_const(a, 2))
        return fold_call(jl_get_builtin("fieldtype"), a, 2);
    return jl_type_typename->wrapper;
}

static jl_value_t *egal_tfunc(jl_value_t **a, size_t n)
{
    if (n != 2)
        return jl_bottom_type;
    jl_value_t *x, *y;
    if (const_arg(a[0], &x) && const_arg(a[1], &y))
        return jl_infer_const(jl_egal(x, y) ? jl_true : jl_false);
    jl_value_t *ta = widen_runtime(a[0]), *tb = widen_runtime(a[1]);
    if (jl_type_intersection(ta, tb) == jl_bottom_type)
        return jl_infer_const(jl_false);
    if (ta == tb && jl_is_datatype(ta) && ((jl_datatype_t *)ta)->instance)
        return jl_infer_const(jl_true);
    return (jl_value_t *)jl_bool_type;
}

static jl_value_t *isa_tfunc(jl_value_t **a, size_t n)
{
    jl_value_t *T, *v;
    if (n != 2)
        return jl_bottom_type;
    if (!const_arg(a[1], &T) || !jl_is_type(T) || jl_has_free_typevars(T))
        return (jl_value_t *)jl_bool_type;
    if (const_arg(a[0], &v))
        return jl_infer_const(jl_isa(v, T) ? jl_true : jl_false);
    jl_value_t *xt = jl_widenconst(a[0]);
    if (jl_subtype(xt, T))
        return jl_infer_const(jl_true);
    if (jl_type_intersection(xt, T) == jl_bottom_type && jl_type_intersection(widen_runtime(a[0]), T) == jl_bottom_type)
        return jl_infer_const(jl_false);
    return (jl_value_t *)jl_bool_type;
}

static jl_value_t *typeof_tfunc(jl_value_t **a, size_t n)
{
    if (n != 1)
        return jl_bottom_type;
    jl_value_t *v;
    if (const_arg(a[0], &v))
        return jl_infer_const(jl_typeof(v));
    jl_value_t *t = a[0];
    if (jl_is_concrete_type(t))
        return jl_infer_const(t);
    if (is_type_type(t))
        return (jl_value_t *)jl_datatype_type;
    return jl_type_typename->wrapper;
}

static jl_value_t *tuple_tfunc(jl_value_t **a, size_t n)
{
    if (all_const(a, n))
        return fold_call(jl_builtin_tuple, a, n);
    jl_value_t *ps[n ? n : 1];
    for (size_t i = 0; i < n; i++) {
        ps[i] = widen_runtime(a[i]);
        if (ps[i] == jl_bottom_type)
            return jl_bottom_type;
    }
    return (jl_value_t *)jl_apply_tuple_type_v(ps, n);
}

static jl_value_t *apply_type_tfunc(jl_value_t **a, size_t n)
{
    if (n >= 1 && all_const(a, n))
        return fold_call(jl_builtin_apply_type, a, n);
    return jl_type_typename->wrapper;
}

/* Core._typevar(name, lb, ub) of constants: one TypeVar per statement (a re-visit of the statement
   gives the same object), so `Matrix{<:BlasFloat}` in a body folds to a constant type as in Julia */
static jl_value_t *typevar_tfunc(frame_t *fr, jl_value_t *f, jl_value_t **a, size_t n, size_t pc)
{
    if (n != 3 || !all_const(a, n))
        return (jl_value_t *)jl_tvar_type;
    jl_value_t *prev = pc < fr->nstmts ? fr->ssatypes[pc] : NULL;
    if (prev && jl_is_infer_const(prev) && jl_is_tvar(jl_infer_const_val(prev))) {
        jl_tvar_t *tv = (jl_tvar_t *)jl_infer_const_val(prev);
        if ((jl_value_t *)tv->name == jl_infer_const_val(a[0]) && tv->lb == jl_infer_const_val(a[1]) &&
            tv->ub == jl_infer_const_val(a[2]))
            return prev;
    }
    jl_value_t *r = fold_call(f, a, n);
    return r == jl_bottom_type ? (jl_value_t *)jl_tvar_type : r;
}

/* UnionAll(tv, body) of constants (the other half of `T{<:X}` in a body) */
static jl_value_t *unionall_tfunc(jl_value_t **a, size_t n)
{
    jl_value_t *tv, *body;
    if (n != 2 || !const_arg(a[0], &tv) || !const_arg(a[1], &body) || !jl_is_tvar(tv) || !jl_is_type(body))
        return NULL;
    jl_value_t *volatile res = NULL;
    JL_TRY {
        res = jl_type_unionall((jl_tvar_t *)tv, body);
    }
    JL_CATCH {
        res = NULL;
    }
    return res ? jl_infer_const(res) : NULL;
}

static jl_value_t *typeassert_tfunc(jl_value_t **a, size_t n)
{
    jl_value_t *T;
    if (n != 2)
        return jl_bottom_type;
    if (!const_arg(a[1], &T) || !jl_is_type(T))
        return a[0];
    return tmeet(a[0], T);
}

static jl_value_t *ifelse_tfunc(jl_value_t **a, size_t n)
{
    jl_value_t *c;
    if (n != 3)
        return jl_bottom_type;
    if (const_arg(a[0], &c))
        return c == jl_true ? a[1] : c == jl_false ? a[2] : jl_bottom_type;
    if (!jl_subtype((jl_value_t *)jl_bool_type, jl_widenconst(a[0])))
        return jl_bottom_type;
    return jl_infer_tmerge(a[1], a[2]);
}

static jl_value_t *arrayref_tfunc(jl_value_t **a, size_t n)
{
    if (n < 3)
        return jl_bottom_type;
    jl_value_t *at = jl_unwrap_unionall(jl_widenconst(a[1]));
    if (jl_is_datatype(at) && ((jl_datatype_t *)at)->name == jl_array_typename) {
        jl_value_t *T = jl_svecref(((jl_datatype_t *)at)->parameters, 0);
        if (!jl_is_tvar(T) && !jl_has_free_typevars(T))
            return from_type(T);
    }
    return (jl_value_t *)jl_any_type;
}

/* the elements of a splatted argument, if known: Const tuple/svec or a fixed-length Tuple type */
static int splat_elements(jl_value_t *a, jl_value_t **out, size_t *n, size_t cap)
{
    jl_value_t *v;
    if (const_arg(a, &v)) {
        if (jl_is_tuple(v)) {
            size_t k = jl_datatype_nfields(jl_typeof(v));
            if (*n + k > cap)
                return 0;
            for (size_t i = 0; i < k; i++)
                out[(*n)++] = jl_infer_const(jl_get_nth_field(v, i));
            return 1;
        }
        if (jl_is_svec(v)) {
            size_t k = jl_svec_len(v);
            if (*n + k > cap)
                return 0;
            for (size_t i = 0; i < k; i++)
                out[(*n)++] = jl_infer_const(jl_svecref(v, i));
            return 1;
        }
        return 0;
    }
    jl_value_t *t = a;
    if (!jl_is_tuple_type(t))
        return 0;
    int known;
    size_t k = dt_nfields_known((jl_datatype_t *)t, &known);
    if (!known || *n + k > cap)
        return 0;
    for (size_t i = 0; i < k; i++)
        out[(*n)++] = from_type(jl_svecref(((jl_datatype_t *)t)->parameters, i));
    return 1;
}

static jl_value_t *apply_iterate_tfunc(frame_t *fr, jl_value_t **a, size_t n, size_t pc)
{
    if (n < 2)
        return jl_bottom_type;
    jl_value_t *flat[64];
    size_t k = 0;
    flat[k++] = a[1];
    for (size_t i = 2; i < n; i++)
        if (!splat_elements(a[i], flat, &k, 64))
            return (jl_value_t *)jl_any_type;
    /* the callee is recorded at pc: the optimizer turns a splat of known length into a plain call */
    return abstract_call(fr, flat, k, pc);
}

/* isdefined(x, f) on a tuple or NamedTuple (every field always defined) or a field that does not exist */
static jl_value_t *isdefined_tfunc(jl_value_t **a, size_t n)
{
    jl_value_t *fv;
    if (n != 2 || !const_arg(a[1], &fv))
        return (jl_value_t *)jl_bool_type;
    jl_value_t *t = jl_widenconst(a[0]);
    if (!jl_is_datatype(t) || !((jl_datatype_t *)t)->isconcretetype || is_kind(t) || t == (jl_value_t *)jl_module_type)
        return (jl_value_t *)jl_bool_type;
    jl_datatype_t *dt = (jl_datatype_t *)t;
    int known;
    size_t nf = dt_nfields_known(dt, &known);
    if (!known)
        return (jl_value_t *)jl_bool_type;
    intptr_t idx = -1;
    if (jl_is_symbol(fv) && !jl_is_tuple_type(t))
        idx = jl_field_index(dt, (jl_sym_t *)fv, 0);
    else if (jl_is_int64(fv))
        idx = (intptr_t)jl_unbox_int64(fv) - 1;
    else
        return (jl_value_t *)jl_bool_type;
    if (idx < 0 || (size_t)idx >= nf)
        return jl_infer_const(jl_false);
    if (jl_is_tuple_type(t) || dt->name == jl_namedtuple_typename)
        return jl_infer_const(jl_true);
    return (jl_value_t *)jl_bool_type;
}

static const char *const pure_builtins[] = {
    "===", "typeof", "sizeof", "<:", "isa", "typeassert", "tuple", "ifelse", "fieldtype", "nfields",
    "apply_type", "svec", "Typeof", "isdefined", "_svec_ref", NULL};

JL_DLLEXPORT int jl_infer_is_pure_builtin(jl_value_t *f)
{
    if (!jl_is_builtin(f) || jl_is_intrinsic(f))
        return 0;
    const char *name = jl_builtin_name(f);
    for (int i = 0; pure_builtins[i]; i++)
        if (strcmp(name, pure_builtins[i]) == 0)
            return 1;
    return f == jl_builtin_getfield;
}

static jl_value_t *builtin_tfunc(frame_t *fr, jl_value_t *f, jl_value_t **a, size_t n, size_t pc)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] == jl_bottom_type)
            return jl_bottom_type;
    const char *name = jl_builtin_name(f);
    if (f == jl_builtin_getfield)
        return getfield_tfunc(a, n);
    if (f == jl_builtin_tuple)
        return tuple_tfunc(a, n);
    if (f == jl_builtin_is)
        return egal_tfunc(a, n);
    if (f == jl_builtin_isa)
        return isa_tfunc(a, n);
    if (f == jl_builtin_typeof)
        return typeof_tfunc(a, n);
    if (f == jl_builtin_apply_type)
        return apply_type_tfunc(a, n);
    if (!strcmp(name, "_typevar"))
        return typevar_tfunc(fr, f, a, n, pc);
    if (f == jl_builtin_throw)
        return jl_bottom_type;
    if (f == jl_builtin__apply_iterate)
        return apply_iterate_tfunc(fr, a, n, pc);
    if (f == jl_builtin_svec)
        return (jl_value_t *)jl_simplevector_type;
    if (!strcmp(name, "typeassert"))
        return typeassert_tfunc(a, n);
    if (!strcmp(name, "ifelse"))
        return ifelse_tfunc(a, n);
    if (!strcmp(name, "fieldtype"))
        return fieldtype_tfunc(a, n);
    if (!strcmp(name, "Typeof"))
        return typeof_tfunc(a, n);
    if (!strcmp(name, "sizeof") && n == 1 && !jl_is_infer_const(a[0]) && jl_is_datatype(a[0]) &&
        ((jl_datatype_t *)a[0])->isconcretetype && ((jl_datatype_t *)a[0])->isbitstype &&
        ((jl_datatype_t *)a[0])->layout != NULL)
        return jl_infer_const(jl_box_int64((int64_t)((jl_datatype_t *)a[0])->layout->size));
    if (!strcmp(name, "nfields") && n == 1 && !jl_is_infer_const(a[0]) && jl_is_datatype(a[0]) &&
        ((jl_datatype_t *)a[0])->isconcretetype && !is_kind(a[0])) {
        int known;
        size_t nf = dt_nfields_known((jl_datatype_t *)a[0], &known);
        if (known)
            return jl_infer_const(jl_box_int64((int64_t)nf));
    }
    if (!strcmp(name, "<:") || !strcmp(name, "sizeof") || !strcmp(name, "nfields")) {
        if (all_const(a, n))
            return fold_call(f, a, n);
        return (jl_value_t *)(name[0] == '<' ? jl_bool_type : jl_int64_type);
    }
    if (!strcmp(name, "isdefined"))
        return isdefined_tfunc(a, n);
    if (!strcmp(name, "applicable"))
        return (jl_value_t *)jl_bool_type;
    if (!strcmp(name, "setfield!") || !strcmp(name, "setglobal!"))
        return n >= 3 ? a[2] : jl_bottom_type;
    if (!strcmp(name, "getglobal")) {
        jl_value_t *m, *s;
        if (n >= 2 && const_arg(a[0], &m) && const_arg(a[1], &s) && jl_is_module(m) && jl_is_symbol(s))
            return global_type((jl_module_t *)m, (jl_sym_t *)s);
        return (jl_value_t *)jl_any_type;
    }
    if (!strcmp(name, "arrayref") || !strcmp(name, "const_arrayref"))
        return arrayref_tfunc(a, n);
    if (!strcmp(name, "arrayset"))
        return n >= 2 ? a[1] : jl_bottom_type;
    if (!strcmp(name, "arraysize"))
        return (jl_value_t *)jl_int64_type;
    if (!strcmp(name, "_expr"))
        return (jl_value_t *)jl_expr_type;
    if (!strcmp(name, "_typevar"))
        return (jl_value_t *)jl_tvar_type;
    if (!strcmp(name, "_compute_sparams"))
        return (jl_value_t *)jl_simplevector_type;
    if (!strcmp(name, "compilerbarrier"))
        return n == 2 ? jl_widenconst(a[1]) : jl_bottom_type;
    if (!strcmp(name, "finalizer") || !strcmp(name, "donotdelete"))
        return (jl_value_t *)jl_nothing_type;
    return (jl_value_t *)jl_any_type;
}

/* ---------------------------------------------------------------- intrinsic tfuncs */

enum { IR_SAME, IR_BOOL, IR_TYPEARG, IR_CHECKED, IR_OTHER };

static int intrinsic_kind(const char *nm)
{
    static const char *const same[] = {
        "neg_int", "add_int", "sub_int", "mul_int", "sdiv_int", "udiv_int", "srem_int", "urem_int", "add_ptr",
        "sub_ptr", "neg_float", "add_float", "sub_float", "mul_float", "div_float", "rem_float", "fma_float",
        "muladd_float", "neg_float_fast", "add_float_fast", "sub_float_fast", "mul_float_fast",
        "div_float_fast", "rem_float_fast", "and_int", "or_int", "xor_int", "not_int", "shl_int", "lshr_int",
        "ashr_int", "bswap_int", "ctpop_int", "ctlz_int", "cttz_int", "checked_sdiv_int", "checked_udiv_int",
        "checked_srem_int", "checked_urem_int", "abs_float", "copysign_float", "flipsign_int", "ceil_llvm",
        "floor_llvm", "trunc_llvm", "rint_llvm", "sqrt_llvm", "sqrt_llvm_fast", NULL};
    static const char *const cmp[] = {
        "eq_int", "ne_int", "slt_int", "ult_int", "sle_int", "ule_int", "eq_float", "ne_float", "lt_float",
        "le_float", "eq_float_fast", "ne_float_fast", "lt_float_fast", "le_float_fast", "fpiseq", "have_fma",
        NULL};
    static const char *const typearg[] = {"bitcast", "sext_int", "zext_int", "trunc_int", "fptoui", "fptosi",
                                          "uitofp", "sitofp", "fptrunc", "fpext", NULL};
    for (int i = 0; same[i]; i++)
        if (!strcmp(nm, same[i]))
            return IR_SAME;
    for (int i = 0; cmp[i]; i++)
        if (!strcmp(nm, cmp[i]))
            return IR_BOOL;
    for (int i = 0; typearg[i]; i++)
        if (!strcmp(nm, typearg[i]))
            return IR_TYPEARG;
    if (!strncmp(nm, "checked_", 8))
        return IR_CHECKED;
    return IR_OTHER;
}

JL_DLLEXPORT int jl_infer_is_pure_intrinsic(jl_value_t *f)
{
    if (!jl_is_intrinsic(f))
        return 0;
    const char *nm = jl_intrinsic_name(jl_intrinsic_id(f));
    return intrinsic_kind(nm) != IR_OTHER && strcmp(nm, "add_ptr") && strcmp(nm, "sub_ptr");
}

static jl_value_t *intrinsic_tfunc(jl_value_t *f, jl_value_t **a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] == jl_bottom_type)
            return jl_bottom_type;
    const char *nm = jl_intrinsic_name(jl_intrinsic_id(f));
    int kind = intrinsic_kind(nm);
    if (kind != IR_OTHER && jl_infer_is_pure_intrinsic(f) && n > 0 && all_const(a, n))
        return fold_call(f, a, n);
    jl_value_t *T;
    switch (kind) {
    case IR_SAME:
        return n >= 1 ? jl_widenconst(a[0]) : jl_bottom_type;
    case IR_BOOL:
        return (jl_value_t *)jl_bool_type;
    case IR_TYPEARG:
        if (n == 2 && const_arg(a[0], &T) && jl_is_concrete_type(T))
            return T;
        return (jl_value_t *)jl_any_type;
    case IR_CHECKED: {
        jl_value_t *ps[2] = {jl_widenconst(n >= 1 ? a[0] : (jl_value_t *)jl_any_type), (jl_value_t *)jl_bool_type};
        return (jl_value_t *)jl_apply_tuple_type_v(ps, 2);
    }
    default:
        break;
    }
    if (!strcmp(nm, "arraylen"))
        return (jl_value_t *)jl_int64_type;
    if (!strcmp(nm, "atomic_fence"))
        return (jl_value_t *)jl_nothing_type;
    if (!strcmp(nm, "pointerref") && n >= 1) {
        jl_value_t *pt = jl_widenconst(a[0]);
        if (jl_is_datatype(pt) && ((jl_datatype_t *)pt)->name == jl_pointer_type_body->name) {
            jl_value_t *E = jl_svecref(((jl_datatype_t *)pt)->parameters, 0);
            if (!jl_has_free_typevars(E))
                return E;
        }
    }
    if (!strcmp(nm, "pointerset") && n >= 1)
        return jl_widenconst(a[0]);
    return (jl_value_t *)jl_any_type;
}

/* ---------------------------------------------------------------- generic calls */

/* the signature element for an argument: Const(type) -> Type{type}, Const(v) -> typeof(v) */
static jl_value_t *sig_param(jl_value_t *a)
{
    if (jl_is_infer_const(a)) {
        jl_value_t *v = jl_infer_const_val(a);
        if (is_type_value(v))
            return jl_has_free_typevars(v) ? jl_typeof(v) : type_of_type(v);
        return jl_typeof(v);
    }
    return a;
}

static int is_dispatch_elt(jl_value_t *t)
{
    if (is_kind(t)) /* a DataType value may match Type{T} methods: not a single-method lookup */
        return 0;
    if (jl_is_concrete_type(t))
        return 1;
    if (is_type_type(t)) {
        jl_value_t *p = jl_svecref(((jl_datatype_t *)t)->parameters, 0);
        return !jl_is_tvar(p) && !jl_has_free_typevars(p);
    }
    return 0;
}

static size_t sig_length(jl_method_instance_t *mi)
{
    return jl_is_datatype(mi->specTypes) ? jl_svec_len(((jl_datatype_t *)mi->specTypes)->parameters) : 0;
}

/* frames of m on the stack with a signature no shorter than mi's: a recursion that drops arguments on
   every call (promote_typeof(x, xs...) over a 5-element vect) ends by itself and is not limited */
static int count_on_stack(jl_method_t *m, jl_method_instance_t *mi, frame_t **found)
{
    int n = 0;
    size_t len = sig_length(mi);
    *found = NULL;
    for (frame_t *f = infer_top; f; f = f->parent) {
        if (f->mi == mi && *found == NULL)
            *found = f;
        if (f->m == m && sig_length(f->mi) <= len)
            n++;
    }
    return n;
}

/* whether mi is being inferred (on the frame stack); asked rather than flagged on the instance: most
   instances live in the system image, whose pages cost a fault each on their first write */
JL_DLLEXPORT int jl_infer_in_progress(jl_method_instance_t *mi)
{
    for (frame_t *f = infer_top; f; f = f->parent)
        if (f->mi == mi)
            return 1;
    return 0;
}

static int wants_constprop(jl_method_t *m, jl_value_t **argtypes, size_t n, jl_value_t *rt)
{
    if (jl_is_infer_const(rt) || rt == jl_bottom_type || m->constprop == 2)
        return 0;
    if (jl_is_datatype(rt) && ((jl_datatype_t *)rt)->instance)
        return 0;
    int any = 0;
    for (size_t i = 1; i < n; i++) {
        jl_value_t *v;
        if (const_arg(argtypes[i], &v) && !is_type_value(v) && !((jl_datatype_t *)jl_typeof(v))->instance)
            any = 1;
    }
    if (!any || (m->generator != NULL && m->generator != jl_nothing))
        return 0;
    if (m->constprop == 1)
        return 1;
    jl_code_info_t *src = jl_method_source(m);
    return src && jl_array_len(src->code) <= JL_INFER_CONSTPROP_STMTS;
}

/* The instance inference uses for a call of m with concrete argument types tt: tt itself, not the
   widened signature dispatch compiles (Type{X} -> DataType), as Julia's inference does; otherwise a
   pass-through like `%(x, T) = rem(x, T)` loses T and its inlined body calls dynamically. */
static jl_method_instance_t *specialize_for_inference(jl_method_t *m, jl_value_t *tt)
{
    int nv = 0;
    for (jl_value_t *u = m->sig; jl_is_unionall(u); u = ((jl_unionall_t *)u)->body)
        nv++;
    jl_svec_t *ps = ((jl_datatype_t *)tt)->parameters;
    for (size_t i = 0; i < jl_svec_len(ps); i++)
        if (!is_dispatch_elt(jl_svecref(ps, i)))
            return jl_method_specialize(m, tt);
    jl_value_t *env[nv ? nv : 1];
    if (nv > 0 && !jl_subtype_env(tt, m->sig, env, nv))
        return jl_method_specialize(m, tt);
    jl_svec_t *sp = jl_alloc_svec((size_t)nv);
    for (int i = 0; i < nv; i++)
        jl_svecset(sp, i, env[i]);
    return jl_specializations_get_linfo(m, tt, nv ? sp : jl_emptysvec);
}

/* infer one matching method for argument types tt; *pmi receives the instance */
static jl_value_t *infer_match(frame_t *fr, jl_method_t *m, jl_value_t *tt, jl_value_t **argtypes, size_t n,
                               jl_method_instance_t **pmi, jl_code_info_t **constcode)
{
    *pmi = NULL;
    if (constcode)
        *constcode = NULL;
    if (!jl_is_datatype(tt) || jl_has_free_typevars(tt)) /* an intersection may be a UnionAll */
        return (jl_value_t *)jl_any_type;
    jl_method_instance_t *mi = specialize_for_inference(m, tt);
    if (mi == NULL)
        return (jl_value_t *)jl_any_type;
    *pmi = mi;
    jl_value_t *rt = typeinf_edge(fr, mi, NULL, 0, NULL);
    if (wants_constprop(m, argtypes, n, rt)) {
        jl_code_info_t *cc = NULL;
        jl_value_t *crt = typeinf_edge(fr, mi, argtypes, n, constcode ? &cc : NULL);
        if (crt && jl_infer_le(crt, rt)) {
            rt = crt;
            if (constcode)
                *constcode = cc;
        }
    }
    return rt;
}

static jl_value_t *abstract_call_gf(frame_t *fr, jl_value_t **argtypes, size_t n, size_t pc);

/* the members of Union t into ms (at most JL_INFER_MAX_UNION dispatchable types), or 0 */
static int union_members(jl_value_t *t, jl_value_t **ms, size_t *k)
{
    jl_value_t *stack[8];
    int sp = 0;
    stack[sp++] = t;
    while (sp > 0) {
        jl_value_t *u = stack[--sp];
        if (jl_is_uniontype(u) && sp < 6) {
            stack[sp++] = ((jl_uniontype_t *)u)->b;
            stack[sp++] = ((jl_uniontype_t *)u)->a;
        }
        else if (*k < JL_INFER_MAX_UNION && is_dispatch_elt(u))
            ms[(*k)++] = u;
        else
            return 0;
    }
    return 1;
}

/* Union splitting: a call whose one argument is a small Union of dispatchable types is inferred
   member by member (Julia's union splitting), e.g. getindex(::Union{Nothing, Tuple{Char, Int}}, 1):
   the Nothing case has no method (Union{}), the Tuple case gives Char. NULL when not applicable. */
static jl_value_t *union_split_call(frame_t *fr, jl_value_t **argtypes, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        jl_value_t *t = argtypes[i];
        if (!jl_is_uniontype(t))
            continue;
        jl_value_t *ms[JL_INFER_MAX_UNION];
        size_t k = 0;
        if (!union_members(t, ms, &k))
            return NULL;
        jl_value_t *at[n];
        memcpy(at, argtypes, n * sizeof(jl_value_t *));
        jl_value_t *rt = jl_bottom_type;
        for (size_t j = 0; j < k; j++) {
            at[i] = from_type(ms[j]);
            rt = jl_infer_tmerge(rt, abstract_call_gf(fr, at, n, (size_t)-1));
        }
        return rt;
    }
    return NULL;
}

/* The targets of a union-split call the optimizer turns into branches (optimize.c): for argument
   types ps with exactly one small Union of concrete types (the others concrete), an svec
   (argument index, T1, mi1, T2, mi2, ...) with the instance each member dispatches to (nothing when
   it has no single method: that member keeps the dynamic call); NULL when no member has a target. */
static jl_value_t *union_split_targets(jl_value_t **ps, size_t n)
{
    size_t ui = 0;
    for (size_t i = 1; i < n; i++) {
        if (jl_is_uniontype(ps[i]) && ui == 0)
            ui = i;
        else if (!is_dispatch_elt(ps[i]))
            return NULL;
    }
    jl_value_t *ms[JL_INFER_MAX_UNION];
    size_t k = 0;
    if (ui == 0 || !union_members(ps[ui], ms, &k))
        return NULL;
    jl_svec_t *r = jl_alloc_svec(1 + 2 * k);
    jl_svecset(r, 0, jl_box_int64((int64_t)ui));
    int any = 0;
    jl_value_t *at[n];
    memcpy(at, ps, n * sizeof(jl_value_t *));
    for (size_t j = 0; j < k; j++) {
        at[ui] = ms[j];
        jl_value_t *tt = (jl_value_t *)jl_apply_tuple_type_v(at, n);
        jl_value_t *m = jl_gf_invoke_lookup(tt);
        jl_method_instance_t *mi = jl_is_method(m) ? specialize_for_inference((jl_method_t *)m, tt) : NULL;
        jl_svecset(r, 1 + 2 * j, ms[j]);
        jl_svecset(r, 2 + 2 * j, mi ? (jl_value_t *)mi : jl_nothing);
        any |= mi != NULL;
    }
    return any ? (jl_value_t *)r : NULL;
}

/* A union-split call whose members all reach one method (`y !== nothing` with y::Union{Nothing,
   Tuple{...}}) is also inferred once for the Union signature, as Julia's inliner does for a single
   method covering every member: that instance becomes the call's callee, which the optimizer inlines
   (it never invokes it) instead of leaving a dynamic call. The result type stays the split one. */
static jl_method_instance_t *single_method_for_union(frame_t *fr, jl_methtable_t *mt, jl_value_t *sig,
                                                     jl_value_t **argtypes, size_t n)
{
    jl_value_t *matches = jl_matching_methods(sig, 1);
    if (!jl_is_array(matches) || jl_array_len(matches) != 1)
        return NULL;
    jl_method_t *m = (jl_method_t *)jl_svecref(jl_array_ptr_ref(matches, 0), 2);
    if (!jl_subtype(sig, m->sig))
        return NULL;
    add_mt_edge(fr, mt, sig);
    jl_method_instance_t *mi;
    infer_match(fr, m, sig, argtypes, n, &mi, NULL);
    return mi;
}

static jl_value_t *abstract_call_gf(frame_t *fr, jl_value_t **argtypes, size_t n, size_t pc)
{
    /* a statement is re-evaluated as its argument types widen: forget an earlier single target */
    if (pc != (size_t)-1 && fr->callees) {
        fr->callees[pc] = NULL;
        fr->constcode[pc] = NULL;
    }
    jl_value_t *ps[n];
    int dispatch = 1;
    for (size_t i = 0; i < n; i++) {
        ps[i] = sig_param(argtypes[i]);
        if (!is_dispatch_elt(ps[i]))
            dispatch = 0;
    }
    jl_value_t *ft = ps[0];
    if (!jl_is_concrete_type(ft) && !is_type_type(ft))
        return (jl_value_t *)jl_any_type;
    jl_value_t *sig = (jl_value_t *)jl_apply_tuple_type_v(ps, n);
    jl_methtable_t *mt = jl_method_table_for(sig);
    if (mt == NULL)
        return (jl_value_t *)jl_any_type;
    if (dispatch) {
        jl_value_t *m = jl_gf_invoke_lookup(sig);
        if (!jl_is_method(m)) {
            add_mt_edge(fr, mt, sig);
            return jl_bottom_type; /* MethodError (no method, or ambiguous) */
        }
        jl_method_instance_t *mi;
        jl_code_info_t *cc;
        jl_value_t *rt = infer_match(fr, (jl_method_t *)m, sig, argtypes, n, &mi, &cc);
        if (mi && pc != (size_t)-1 && fr->callees) {
            fr->callees[pc] = (jl_value_t *)mi;
            fr->constcode[pc] = (jl_value_t *)cc;
        }
        return rt;
    }
    jl_value_t *split = union_split_call(fr, argtypes, n);
    if (split != NULL) {
        if (pc != (size_t)-1 && fr->callees) {
            fr->callees[pc] = (jl_value_t *)single_method_for_union(fr, mt, sig, argtypes, n);
            if (fr->callees[pc] == NULL)
                fr->callees[pc] = union_split_targets(ps, n);
        }
        return split;
    }
    jl_value_t *matches = jl_matching_methods(sig, JL_INFER_MAX_METHODS);
    if (!jl_is_array(matches))
        return (jl_value_t *)jl_any_type;
    add_mt_edge(fr, mt, sig);
    jl_value_t *rt = jl_bottom_type;
    for (size_t i = 0; i < jl_array_len(matches); i++) {
        jl_svec_t *match = (jl_svec_t *)jl_array_ptr_ref(matches, i);
        jl_method_instance_t *mi;
        jl_value_t *r = infer_match(fr, (jl_method_t *)jl_svecref(match, 2), jl_svecref(match, 0), argtypes, n, &mi, NULL);
        rt = jl_infer_tmerge(rt, r);
    }
    return rt;
}

/* the function value a lattice element stands for, if known */
static jl_value_t *known_function(jl_value_t *ft)
{
    if (jl_is_infer_const(ft))
        return jl_infer_const_val(ft);
    if (jl_is_datatype(ft) && ((jl_datatype_t *)ft)->instance)
        return ((jl_datatype_t *)ft)->instance;
    return NULL;
}

/* argtypes[0] is the function */
static jl_value_t *abstract_call(frame_t *fr, jl_value_t **argtypes, size_t n, size_t pc)
{
    for (size_t i = 0; i < n; i++)
        if (argtypes[i] == jl_bottom_type)
            return jl_bottom_type;
    jl_value_t *f = known_function(argtypes[0]);
    if (f && jl_is_intrinsic(f))
        return intrinsic_tfunc(f, argtypes + 1, n - 1);
    if (f && jl_is_builtin(f))
        return builtin_tfunc(fr, f, argtypes + 1, n - 1, pc);
    if (f == NULL && jl_subtype(jl_widenconst(argtypes[0]), (jl_value_t *)jl_builtin_type))
        return (jl_value_t *)jl_any_type;
    jl_value_t *r;
    if (f == (jl_value_t *)jl_unionall_type && (r = unionall_tfunc(argtypes + 1, n - 1)) != NULL)
        return r;
    return abstract_call_gf(fr, argtypes, n, pc);
}

/* ---------------------------------------------------------------- statements */

static jl_value_t *eval_value(frame_t *fr, jl_value_t **state, jl_value_t *x)
{
    if (x == NULL)
        return jl_bottom_type;
    jl_value_t *t = jl_typeof(x);
    if (t == (jl_value_t *)jl_ssavalue_type) {
        intptr_t id = ((jl_ssavalue_t *)x)->id;
        if (id < 1 || (size_t)id > fr->nstmts)
            return jl_bottom_type;
        jl_value_t *r = fr->ssatypes[id - 1];
        return r ? r : jl_bottom_type;
    }
    if (t == (jl_value_t *)jl_slotnumber_type || t == (jl_value_t *)jl_argument_type) {
        intptr_t id = ((jl_slotnumber_t *)x)->id;
        if (id < 1 || (size_t)id > fr->nslots)
            return jl_bottom_type;
        jl_value_t *r = state[id - 1];
        return r ? r : jl_bottom_type;
    }
    if (t == (jl_value_t *)jl_globalref_type)
        return global_type(((jl_globalref_t *)x)->mod, ((jl_globalref_t *)x)->name);
    if (t == (jl_value_t *)jl_symbol_type)
        return global_type(fr->m ? fr->m->module : jl_main_module, (jl_sym_t *)x);
    if (t == (jl_value_t *)jl_quotenode_type)
        return jl_infer_const(((jl_quotenode_t *)x)->value);
    if (t == (jl_value_t *)jl_expr_type) {
        jl_expr_t *e = (jl_expr_t *)x;
        if (e->head == jl_s_static_parameter && jl_expr_nargs(e) == 1) {
            intptr_t i = jl_unbox_int64(jl_exprarg(e, 0));
            jl_svec_t *sp = fr->mi->sparam_vals;
            if (sp == NULL || i < 1 || (size_t)i > jl_svec_len(sp))
                return (jl_value_t *)jl_any_type;
            jl_value_t *v = jl_svecref(sp, i - 1);
            if (jl_is_tvar(v))
                return (jl_value_t *)jl_any_type;
            return jl_infer_const(v);
        }
        return (jl_value_t *)jl_any_type;
    }
    return jl_infer_const(x);
}

static jl_value_t *eval_call(frame_t *fr, jl_value_t **state, jl_expr_t *e, size_t pc)
{
    size_t n = jl_expr_nargs(e);
    if (n == 0)
        return jl_bottom_type;
    jl_value_t *argtypes[n];
    for (size_t i = 0; i < n; i++) {
        argtypes[i] = eval_value(fr, state, jl_exprarg(e, i));
        if (argtypes[i] == jl_bottom_type)
            return jl_bottom_type;
    }
    return abstract_call(fr, argtypes, n, pc);
}

static jl_value_t *eval_new(frame_t *fr, jl_value_t **state, jl_expr_t *e)
{
    if (jl_expr_nargs(e) < 1)
        return jl_bottom_type;
    jl_value_t *T = eval_value(fr, state, jl_exprarg(e, 0)), *v;
    for (size_t i = 1; i < jl_expr_nargs(e); i++)
        if (eval_value(fr, state, jl_exprarg(e, i)) == jl_bottom_type)
            return jl_bottom_type;
    if (const_arg(T, &v) && jl_is_datatype(v) && ((jl_datatype_t *)v)->isconcretetype)
        return v;
    return (jl_value_t *)jl_any_type;
}

/* a type with free variables of mi's method signature, instantiated with mi's static parameters;
   NULL when a parameter is not known */
static jl_value_t *instantiate_sparams(jl_method_instance_t *mi, jl_value_t *t)
{
    jl_svec_t *sp = mi->sparam_vals;
    jl_value_t *u = jl_is_method(mi->def) ? ((jl_method_t *)mi->def)->sig : NULL;
    for (size_t i = 0; u && jl_is_unionall(u) && sp && i < jl_svec_len(sp); u = ((jl_unionall_t *)u)->body, i++) {
        jl_value_t *val = jl_svecref(sp, i);
        if (jl_is_tvar(val))
            return NULL;
        t = jl_type_unionall(((jl_unionall_t *)u)->var, t);
        t = jl_apply_type(t, &val, 1);
    }
    return jl_has_free_typevars(t) ? NULL : t;
}

/* run a pure builtin on constant arguments (args[0] is the function); NULL when it throws */
jl_value_t *jl_fold_builtin(jl_value_t **args, size_t n)
{
    jl_value_t *volatile res = NULL;
    JL_TRY {
        res = jl_builtin_fptr(args[0])(args[0], args + 1, (uint32_t)(n - 1));
    }
    JL_CATCH {
        res = NULL;
    }
    return res;
}

/* The value of a foreigncall type operand (the return type or an argument type) for mi: lowering
   leaves `Ptr{T}` with T a static parameter as `Core.apply_type(Ptr, static_parameter(1))`, which the
   interpreter evaluates per call; for a specialization it is one constant type. NULL when it is not
   static (or evaluating it throws). */
JL_DLLEXPORT jl_value_t *jl_infer_static_type(jl_method_instance_t *mi, jl_value_t *x)
{
    jl_value_t *v = NULL;
    if (jl_is_expr(x)) {
        jl_expr_t *e = (jl_expr_t *)x;
        size_t n = jl_expr_nargs(e);
        if (e->head == jl_s_static_parameter && n == 1) {
            intptr_t i = jl_unbox_int64(jl_exprarg(e, 0));
            jl_svec_t *sp = mi->sparam_vals;
            if (sp == NULL || i < 1 || (size_t)i > jl_svec_len(sp) || jl_is_tvar(jl_svecref(sp, i - 1)))
                return NULL;
            return jl_svecref(sp, i - 1);
        }
        if (e->head != jl_s_call || n < 2 || n > 16)
            return NULL;
        jl_value_t *args[16];
        for (size_t i = 0; i < n; i++)
            if ((args[i] = jl_infer_static_type(mi, jl_exprarg(e, i))) == NULL)
                return NULL;
        if (args[0] != jl_builtin_apply_type)
            return NULL;
        return jl_fold_builtin(args, n);
    }
    if (jl_is_symbol(x) || jl_is_ssavalue(x) || jl_is_slotnumber(x) || jl_typeis(x, jl_argument_type))
        return NULL;
    if (!jl_infer_operand_const(x, &v))
        v = x;
    if (jl_is_type(v) && jl_has_free_typevars(v))
        return instantiate_sparams(mi, v);
    return v;
}

/* `ccall(:jl_infer_return_type, Any, (Any, Any), f, Tuple{A...})` (how Base asks for the element
   type of an empty generator): the answer is inference's own, so it is one here too (Julia's
   return_type tfunc). NULL when the call's arguments are not known well enough. */
static jl_value_t *return_type_tfunc(frame_t *fr, jl_value_t **state, jl_expr_t *e)
{
    jl_value_t *fname = jl_exprarg(e, 0), *tt;
    if (jl_is_quotenode(fname))
        fname = ((jl_quotenode_t *)fname)->value;
    if (fname != (jl_value_t *)jl_symbol("jl_infer_return_type") || jl_expr_nargs(e) != 7)
        return NULL;
    jl_value_t *ft = eval_value(fr, state, jl_exprarg(e, 5));
    jl_value_t *att = eval_value(fr, state, jl_exprarg(e, 6));
    if (!const_arg(att, &tt) || !jl_is_tuple_type(tt) || !(jl_is_infer_const(ft) || jl_is_concrete_type(ft)))
        return NULL;
    jl_svec_t *ps = ((jl_datatype_t *)tt)->parameters;
    size_t n = jl_svec_len(ps);
    if (n > 16)
        return NULL;
    jl_value_t *argtypes[17];
    argtypes[0] = ft;
    for (size_t i = 0; i < n; i++) {
        argtypes[i + 1] = jl_svecref(ps, i);
        if (!jl_is_type(argtypes[i + 1]) || jl_typeis(argtypes[i + 1], jl_vararg_type))
            return NULL;
    }
    jl_value_t *r = abstract_call(fr, argtypes, n + 1, (size_t)-1);
    return jl_infer_const(jl_widenconst(r));
}

static jl_value_t *eval_foreigncall(frame_t *fr, jl_value_t **state, jl_expr_t *e)
{
    if (jl_expr_nargs(e) < 2)
        return (jl_value_t *)jl_any_type;
    jl_value_t *r = return_type_tfunc(fr, state, e);
    if (r != NULL)
        return r;
    jl_value_t *rt = jl_infer_static_type(fr->mi, jl_exprarg(e, 1));
    if (rt == NULL || !jl_is_type(rt))
        return (jl_value_t *)jl_any_type;
    return rt;
}

/* the type of an expression statement or right-hand side */
static jl_value_t *eval_expr(frame_t *fr, jl_value_t **state, jl_value_t *x, size_t pc)
{
    if (!jl_is_expr(x))
        return eval_value(fr, state, x);
    jl_expr_t *e = (jl_expr_t *)x;
    jl_sym_t *h = e->head;
    if (h == jl_s_call)
        return eval_call(fr, state, e, pc);
    if (h == jl_s_invoke) {
        size_t n = jl_expr_nargs(e);
        jl_value_t *at[n];
        for (size_t i = 1; i < n; i++)
            at[i - 1] = eval_value(fr, state, jl_exprarg(e, i));
        return abstract_call(fr, at, n - 1, (size_t)-1);
    }
    if (h == jl_s_new || h == jl_s_splatnew)
        return eval_new(fr, state, e);
    if (h == jl_s_static_parameter)
        return eval_value(fr, state, x);
    if (h == jl_s_foreigncall)
        return eval_foreigncall(fr, state, e);
    if (h == jl_s_isdefined || h == jl_s_boundscheck)
        return (jl_value_t *)jl_bool_type;
    if (h == jl_s_the_exception || h == jl_s_copyast || h == jl_s_cfunction || h == jl_s_new_opaque_closure)
        return h == jl_s_copyast ? (jl_value_t *)jl_expr_type : (jl_value_t *)jl_any_type;
    if (h == jl_s_enter)
        return (jl_value_t *)jl_int64_type;
    if (h == jl_s_method || h == jl_s_global || h == jl_s_const || h == jl_s_toplevel || h == jl_s_error)
        return (jl_value_t *)jl_any_type;
    return (jl_value_t *)jl_nothing_type; /* leave, pop_exception, markers */
}

/* ---------------------------------------------------------------- the CFG */

static int is_terminator(jl_value_t *s)
{
    return jl_is_gotonode(s) || jl_is_gotoifnot(s) || jl_is_returnnode(s) ||
           (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter);
}

static intptr_t enter_label(jl_value_t *s)
{
    return jl_unbox_int64(jl_exprarg(s, 0));
}

static void build_cfg(frame_t *fr)
{
    size_t n = fr->nstmts;
    uint8_t *start = (uint8_t *)zalloc(n + 1);
    start[0] = 1;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(fr->src->code, i);
        intptr_t target = -1;
        if (jl_is_gotonode(s))
            target = ((jl_gotonode_t *)s)->label;
        else if (jl_is_gotoifnot(s))
            target = ((jl_gotoifnot_t *)s)->dest;
        else if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter)
            target = enter_label(s);
        if (target >= 1 && (size_t)target <= n)
            start[target - 1] = 1;
        if (is_terminator(s))
            start[i + 1] = 1;
    }
    size_t nbb = 0;
    for (size_t i = 0; i < n; i++)
        nbb += start[i];
    fr->nbb = nbb;
    fr->bb_first = (int32_t *)zalloc((nbb + 1) * sizeof(int32_t));
    fr->stmt_bb = (int32_t *)zalloc(n * sizeof(int32_t));
    size_t b = 0;
    for (size_t i = 0; i < n; i++) {
        if (start[i])
            fr->bb_first[b++] = (int32_t)i;
        fr->stmt_bb[i] = (int32_t)(b - 1);
    }
    fr->bb_first[nbb] = (int32_t)n;
}

/* which handler (its catch label, 0-based) is active at each statement: a walk over the CFG with
   the handler stack as a chain through `parent` (indexed by :enter statement) */
static void compute_handlers(frame_t *fr)
{
    size_t n = fr->nstmts;
    int32_t *parent = (int32_t *)zalloc(n * sizeof(int32_t));
    int32_t *enter_at = (int32_t *)zalloc(n * sizeof(int32_t)); /* innermost :enter index or -1 */
    uint8_t *seen = (uint8_t *)zalloc(n);
    int32_t *work = (int32_t *)zalloc(2 * (n + 1) * sizeof(int32_t) * 2);
    size_t nw = 0;
    fr->handler = (int32_t *)zalloc(n * sizeof(int32_t));
    for (size_t i = 0; i < n; i++)
        fr->handler[i] = -1;
    if (n == 0)
        return;
    work[nw++] = 0;
    work[nw++] = -1;
    seen[0] = 1;
    enter_at[0] = -1;
#define PUSH(pc, h)                                                     \
    do {                                                                \
        if ((pc) >= 0 && (size_t)(pc) < n && !seen[pc]) {               \
            seen[pc] = 1;                                               \
            enter_at[pc] = (h);                                         \
            work[nw++] = (pc);                                          \
            work[nw++] = (h);                                           \
        }                                                               \
    } while (0)
    while (nw > 0) {
        int32_t h = work[--nw];
        int32_t pc = work[--nw];
        for (;;) {
            enter_at[pc] = h;
            jl_value_t *s = jl_array_ptr_ref(fr->src->code, pc);
            fr->handler[pc] = h >= 0 ? (int32_t)enter_label(jl_array_ptr_ref(fr->src->code, h)) - 1 : -1;
            int32_t next = h;
            if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter) {
                parent[pc] = h;
                PUSH((int32_t)enter_label(s) - 1, h);
                next = pc;
            }
            else if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_leave && jl_expr_nargs(s) == 1 &&
                     jl_is_int64(jl_exprarg(s, 0))) {
                for (int64_t k = jl_unbox_int64(jl_exprarg(s, 0)); k > 0 && next >= 0; k--)
                    next = parent[next];
            }
            if (jl_is_gotonode(s)) {
                PUSH((int32_t)((jl_gotonode_t *)s)->label - 1, next);
                break;
            }
            if (jl_is_gotoifnot(s))
                PUSH((int32_t)((jl_gotoifnot_t *)s)->dest - 1, next);
            if (jl_is_returnnode(s))
                break;
            if ((size_t)pc + 1 >= n || seen[pc + 1])
                break;
            seen[pc + 1] = 1;
            pc++;
            h = next;
        }
    }
#undef PUSH
}

/* ---------------------------------------------------------------- the dataflow driver */

static int merge_state(frame_t *fr, size_t bb, jl_value_t **st)
{
    if (bb >= fr->nbb)
        return 0;
    jl_value_t **dst = fr->bb_state[bb];
    if (!fr->bb_reached[bb]) {
        memcpy(dst, st, fr->nslots * sizeof(jl_value_t *));
        fr->bb_reached[bb] = 1;
        fr->bb_dirty[bb] = 1;
        return 1;
    }
    int changed = 0;
    for (size_t i = 0; i < fr->nslots; i++) {
        jl_value_t *nt = jl_infer_tmerge(dst[i], st[i]);
        if (!lat_eq(nt, dst[i])) {
            dst[i] = nt;
            changed = 1;
        }
    }
    if (changed)
        fr->bb_dirty[bb] = 1;
    return changed;
}

static void set_ssa(frame_t *fr, size_t pc, jl_value_t *t)
{
    fr->ssatypes[pc] = jl_infer_tmerge(fr->ssatypes[pc], t);
}

/* old minus the members of T (old itself when it is not a Union that T splits) */
static jl_value_t *type_subtract(jl_value_t *old, jl_value_t *T)
{
    if (jl_is_infer_const(old))
        return jl_isa(jl_infer_const_val(old), T) ? jl_bottom_type : old;
    if (!jl_is_uniontype(old))
        return old != jl_bottom_type && jl_subtype(old, T) ? jl_bottom_type : old;
    jl_value_t *ms[16];
    size_t n = 0, k = 0;
    jl_value_t *stack[32];
    int sp = 0;
    stack[sp++] = old;
    while (sp > 0 && n < 16) {
        jl_value_t *t = stack[--sp];
        if (jl_is_uniontype(t) && sp < 30) {
            stack[sp++] = ((jl_uniontype_t *)t)->b;
            stack[sp++] = ((jl_uniontype_t *)t)->a;
            continue;
        }
        ms[n++] = t;
    }
    if (sp > 0)
        return old;
    jl_value_t *keep[16];
    for (size_t i = 0; i < n; i++)
        if (!jl_subtype(ms[i], T))
            keep[k++] = ms[i];
    if (k == n)
        return old;
    return k == 0 ? jl_bottom_type : jl_type_union(keep, k);
}

static int slot_assigned_between(frame_t *fr, intptr_t slot, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++) {
        jl_value_t *st = jl_array_ptr_ref(fr->src->code, k);
        if (jl_is_expr(st) && ((jl_expr_t *)st)->head == jl_s_assign && jl_is_slotnumber(jl_exprarg(st, 0)) &&
            ((jl_slotnumber_t *)jl_exprarg(st, 0))->id == slot)
            return 1;
    }
    return 0;
}

/* f is the function Base binds to `name`; *cache remembers it once Base defines it (conditions are
   refined at every GotoIfNot inference visits, so no binding lookup per visit) */
static int is_base_function(jl_value_t *f, const char *name, jl_value_t **cache)
{
    if (*cache == NULL && jl_base_module != NULL)
        *cache = jl_get_global(jl_base_module, jl_symbol(name));
    return *cache != NULL && f == *cache && !jl_is_builtin(f);
}
static jl_value_t *base_not, *base_not_is;

/* The slot an operand of a condition stands for (Julia's ssa_def_slot): the slot itself, or an SSA
   value that is a slot's read (`%k = x`) or is stored into a slot right after its definition
   (`%k = iterate(...); y = %k`, what `while (y = iterate(...)) !== nothing` lowers to), provided the slot
   is not assigned again before the branch at pc. 0 when there is none. */
static intptr_t cond_slot(frame_t *fr, jl_value_t *x, size_t pc)
{
    if (jl_is_slotnumber(x))
        return ((jl_slotnumber_t *)x)->id;
    if (!jl_is_ssavalue(x))
        return 0;
    intptr_t id = ((jl_ssavalue_t *)x)->id;
    if (id < 1 || (size_t)id > pc)
        return 0;
    jl_value_t *def = jl_array_ptr_ref(fr->src->code, id - 1);
    if (jl_is_slotnumber(def)) {
        intptr_t slot = ((jl_slotnumber_t *)def)->id;
        return slot_assigned_between(fr, slot, (size_t)id, pc) ? 0 : slot;
    }
    for (size_t k = (size_t)id; k < pc; k++) {
        jl_value_t *st = jl_array_ptr_ref(fr->src->code, k);
        if (jl_is_expr(st) && ((jl_expr_t *)st)->head == jl_s_assign && jl_expr_nargs(st) == 2 &&
            jl_is_slotnumber(jl_exprarg(st, 0)) && jl_is_ssavalue(jl_exprarg(st, 1)) &&
            ((jl_ssavalue_t *)jl_exprarg(st, 1))->id == id) {
            intptr_t slot = ((jl_slotnumber_t *)jl_exprarg(st, 0))->id;
            return slot_assigned_between(fr, slot, k + 1, pc) ? 0 : slot;
        }
    }
    return 0;
}

/* A condition feeding a GotoIfNot that refines a slot on both branches (Julia's Conditional, for the
   shapes lowering produces): isa(x, T), x === c (c a singleton such as `nothing`), x !== c, and the
   negation (not_int or Base's `!`) of any of them; x is a slot or an SSA value standing for one
   (cond_slot). *yes / *no: x's type where the condition is true / false. */
static int cond_refinement(frame_t *fr, jl_value_t **st, jl_value_t *cond, size_t pc, intptr_t *slot,
                           jl_value_t **yes, jl_value_t **no, int depth)
{
    if (!jl_is_ssavalue(cond) || depth > 2)
        return 0;
    intptr_t id = ((jl_ssavalue_t *)cond)->id;
    if (id < 1 || (size_t)id > pc)
        return 0;
    jl_value_t *s = jl_array_ptr_ref(fr->src->code, id - 1), *f;
    if (!jl_is_expr(s) || ((jl_expr_t *)s)->head != jl_s_call || !jl_infer_operand_const(jl_exprarg(s, 0), &f))
        return 0;
    size_t na = jl_expr_nargs(s);
    int negate = (na == 2 && jl_is_intrinsic(f) && !strcmp(jl_intrinsic_name(jl_intrinsic_id(f)), "not_int")) ||
                 (na == 2 && is_base_function(f, "!", &base_not));
    if (negate)
        return cond_refinement(fr, st, jl_exprarg(s, 1), (size_t)id - 1, slot, no, yes, depth + 1) &&
               !slot_assigned_between(fr, *slot, (size_t)id, pc);
    if (na == 3 && is_base_function(f, "!==", &base_not_is)) { /* !==(x, y) = !(x === y) */
        f = jl_builtin_is;
        jl_value_t **t = yes;
        yes = no;
        no = t;
    }
    if (na != 3 || (f != jl_builtin_isa && f != jl_builtin_is))
        return 0;
    jl_value_t *other = jl_exprarg(s, 2), *v;
    *slot = cond_slot(fr, jl_exprarg(s, 1), (size_t)id - 1);
    if (f == jl_builtin_is && *slot == 0) {
        *slot = cond_slot(fr, jl_exprarg(s, 2), (size_t)id - 1);
        other = jl_exprarg(s, 1);
    }
    if (*slot == 0 || !jl_infer_operand_const(other, &v))
        return 0;
    if (*slot < 1 || (size_t)*slot > fr->nslots || st[*slot - 1] == NULL ||
        slot_assigned_between(fr, *slot, (size_t)id, pc))
        return 0;
    jl_value_t *old = st[*slot - 1];
    if (f == jl_builtin_isa) {
        if (!jl_is_type(v))
            return 0;
        *yes = tmeet(old, v);
        *no = type_subtract(old, v);
        return 1;
    }
    jl_value_t *vt = jl_typeof(v);
    if (!jl_is_datatype(vt) || ((jl_datatype_t *)vt)->instance != v)
        return 0; /* only singletons: `x === 1` says nothing about x's type when false */
    *yes = jl_infer_le(jl_infer_const(v), old) ? jl_infer_const(v) : jl_bottom_type;
    *no = type_subtract(old, vt);
    return 1;
}

static void branch(frame_t *fr, jl_value_t **st, jl_gotoifnot_t *g, size_t pc)
{
    jl_value_t *ct = eval_value(fr, st, g->cond), *c;
    size_t next = (size_t)fr->stmt_bb[pc] + 1, dest = (size_t)fr->stmt_bb[g->dest - 1];
    if (ct == jl_bottom_type)
        return;
    if (const_arg(ct, &c)) {
        if (c == jl_true)
            merge_state(fr, next, st);
        else if (c == jl_false)
            merge_state(fr, dest, st);
        return;
    }
    if (!jl_subtype((jl_value_t *)jl_bool_type, jl_widenconst(ct)) && jl_type_intersection(ct, (jl_value_t *)jl_bool_type) == jl_bottom_type)
        return; /* TypeError */
    intptr_t slot;
    jl_value_t *yes, *no;
    if (cond_refinement(fr, st, g->cond, pc, &slot, &yes, &no, 0)) {
        jl_value_t *old = st[slot - 1];
        if (yes != jl_bottom_type) {
            st[slot - 1] = yes;
            merge_state(fr, next, st);
        }
        if (no != jl_bottom_type) {
            st[slot - 1] = no;
            merge_state(fr, dest, st);
        }
        st[slot - 1] = old;
        return;
    }
    merge_state(fr, next, st);
    merge_state(fr, dest, st);
}

static void run_block(frame_t *fr, size_t bb, jl_value_t **st)
{
    memcpy(st, fr->bb_state[bb], fr->nslots * sizeof(jl_value_t *));
    size_t first = (size_t)fr->bb_first[bb], last = (size_t)fr->bb_first[bb + 1];
    for (size_t pc = first; pc < last; pc++) {
        jl_value_t *s = jl_array_ptr_ref(fr->src->code, pc);
        if (fr->handler[pc] >= 0)
            merge_state(fr, (size_t)fr->stmt_bb[fr->handler[pc]], st);
        if (jl_is_gotonode(s)) {
            set_ssa(fr, pc, (jl_value_t *)jl_any_type);
            merge_state(fr, (size_t)fr->stmt_bb[((jl_gotonode_t *)s)->label - 1], st);
            return;
        }
        if (jl_is_gotoifnot(s)) {
            set_ssa(fr, pc, (jl_value_t *)jl_any_type);
            branch(fr, st, (jl_gotoifnot_t *)s, pc);
            return;
        }
        if (jl_is_returnnode(s)) {
            set_ssa(fr, pc, (jl_value_t *)jl_any_type);
            jl_value_t *v = ((jl_returnnode_t *)s)->val;
            if (v)
                fr->rettype = jl_infer_tmerge(fr->rettype, eval_value(fr, st, v));
            return;
        }
        if (jl_is_newvarnode(s)) {
            set_ssa(fr, pc, (jl_value_t *)jl_any_type);
            jl_value_t *sl = ((jl_newvarnode_t *)s)->slot;
            if (jl_is_slotnumber(sl))
                st[((jl_slotnumber_t *)sl)->id - 1] = NULL;
            continue;
        }
        jl_value_t *t;
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_assign) {
            t = eval_expr(fr, st, jl_exprarg(s, 1), pc);
            jl_value_t *lhs = jl_exprarg(s, 0);
            if (t != jl_bottom_type && jl_is_slotnumber(lhs))
                st[((jl_slotnumber_t *)lhs)->id - 1] = t;
        }
        else
            t = eval_expr(fr, st, s, pc);
        set_ssa(fr, pc, t);
        if (t == jl_bottom_type)
            return; /* always throws: nothing after it runs */
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter) {
            merge_state(fr, (size_t)fr->stmt_bb[enter_label(s) - 1], st);
            merge_state(fr, bb + 1, st);
            return;
        }
    }
    merge_state(fr, bb + 1, st);
}

/* the type of argument slot i (0-based, 0 = #self#) from the specialization signature */
static jl_value_t *spec_arg(jl_method_instance_t *mi, jl_method_t *m, size_t i)
{
    jl_datatype_t *tt = (jl_datatype_t *)jl_unwrap_unionall(mi->specTypes);
    size_t np = jl_svec_len(tt->parameters);
    if (m->isva && i == (size_t)m->nargs - 1) {
        size_t k = np > i ? np - i : 0;
        jl_value_t *ps[k ? k : 1];
        for (size_t j = 0; j < k; j++)
            ps[j] = jl_svecref(tt->parameters, i + j);
        jl_value_t *t = (jl_value_t *)jl_apply_tuple_type_v(ps, k);
        return jl_has_free_typevars(t) ? (jl_value_t *)jl_anytuple_type : t;
    }
    if (i >= np)
        return (jl_value_t *)jl_any_type;
    jl_value_t *p = jl_svecref(tt->parameters, i);
    if (jl_typeis(p, jl_vararg_type)) {
        p = ((jl_vararg_t *)p)->T;
        if (p == NULL)
            p = (jl_value_t *)jl_any_type;
    }
    if (jl_has_free_typevars(p))
        return (jl_value_t *)jl_any_type;
    return from_type(p);
}

static void init_frame(frame_t *fr, jl_method_instance_t *mi, jl_value_t **constargs, size_t nc)
{
    memset(fr, 0, sizeof(*fr));
    fr->mi = mi;
    fr->m = (jl_method_t *)mi->def;
    fr->src = jl_infer_method_source(mi);
    fr->nstmts = jl_array_len(fr->src->code);
    fr->nslots = jl_array_len(fr->src->slotnames);
    fr->nargs = (size_t)fr->m->nargs;
    fr->argtypes = (jl_value_t **)zalloc(fr->nargs * sizeof(jl_value_t *));
    for (size_t i = 0; i < fr->nargs; i++) {
        fr->argtypes[i] = spec_arg(mi, fr->m, i);
        if (constargs && i < nc && !(fr->m->isva && i == fr->nargs - 1) && jl_infer_le(constargs[i], fr->argtypes[i]))
            fr->argtypes[i] = constargs[i];
    }
    build_cfg(fr);
    compute_handlers(fr);
    fr->bestguess = jl_bottom_type;
    fr->cycle_min = INT32_MAX;
}

static void reset_frame(frame_t *fr)
{
    fr->ssatypes = (jl_value_t **)zalloc(fr->nstmts * sizeof(jl_value_t *));
    fr->callees = (jl_value_t **)zalloc(fr->nstmts * sizeof(jl_value_t *));
    fr->constcode = (jl_value_t **)zalloc(fr->nstmts * sizeof(jl_value_t *));
    fr->bb_state = (jl_value_t ***)zalloc(fr->nbb * sizeof(jl_value_t **));
    for (size_t b = 0; b < fr->nbb; b++)
        fr->bb_state[b] = (jl_value_t **)zalloc(fr->nslots * sizeof(jl_value_t *));
    fr->bb_reached = (uint8_t *)zalloc(fr->nbb);
    fr->bb_dirty = (uint8_t *)zalloc(fr->nbb);
    fr->rettype = jl_bottom_type;
    fr->rettype_read = 0;
    fr->cycle_min = INT32_MAX;
    fr->edges = NULL;
    fr->mt_edges = NULL;
}

static void run_dataflow(frame_t *fr)
{
    jl_value_t **st = (jl_value_t **)zalloc(fr->nslots * sizeof(jl_value_t *));
    for (size_t i = 0; i < fr->nargs && i < fr->nslots; i++)
        st[i] = fr->argtypes[i];
    if (fr->nbb == 0)
        return;
    merge_state(fr, 0, st);
    for (;;) {
        size_t b = 0;
        while (b < fr->nbb && !fr->bb_dirty[b])
            b++;
        if (b == fr->nbb)
            break;
        fr->bb_dirty[b] = 0;
        run_block(fr, b, st);
    }
}

/* infer until the frame's own recursion reaches a fixpoint; returns 1 when the result may be cached */
static int typeinf_frame(frame_t *fr)
{
    fr->parent = infer_top;
    fr->depth = infer_top ? infer_top->depth + 1 : 0;
    infer_top = fr;
    for (int iter = 0;; iter++) {
        reset_frame(fr);
        run_dataflow(fr);
        if (fr->cycle_min < fr->depth)
            break; /* part of a cycle headed below: the head iterates */
        if (!fr->rettype_read || lat_eq(fr->rettype, fr->bestguess) || iter > 32)
            break;
        fr->bestguess = jl_infer_tmerge(fr->bestguess, fr->rettype);
    }
    infer_top = fr->parent;
    if (fr->parent && fr->cycle_min < fr->parent->cycle_min && fr->cycle_min < fr->depth)
        fr->parent->cycle_min = fr->cycle_min;
    return fr->cycle_min >= fr->depth;
}

/* ---------------------------------------------------------------- results and the cache */

static int inferrable(jl_method_instance_t *mi)
{
    return jl_infer_method_source(mi) != NULL;
}

static jl_code_instance_t *cached_ci(jl_method_instance_t *mi)
{
    for (jl_code_instance_t *ci = mi->cache; ci; ci = ci->next)
        if (ci->max_world == JL_WORLD_MAX && ci->inferred && jl_is_code_info(ci->inferred))
            return ci;
    return NULL;
}

jl_array_t *jl_infer_copy_vec(jl_array_t *a)
{
    jl_array_t *r = jl_alloc_vec_any(jl_array_len(a));
    for (size_t i = 0; i < jl_array_len(a); i++)
        jl_array_ptr_set(r, i, jl_array_ptr_ref(a, i));
    return r;
}

/* the typed CodeInfo of a finished frame (statements shared with the method's source) */
static jl_code_info_t *typed_code(frame_t *fr)
{
    jl_code_info_t *src = fr->src;
    jl_code_info_t *ci = (jl_code_info_t *)jl_gc_alloc(sizeof(jl_code_info_t), (jl_value_t *)jl_code_info_type);
    *ci = *src;
    ci->code = jl_infer_copy_vec(src->code);
    jl_array_t *ssat = jl_alloc_vec_any(fr->nstmts);
    for (size_t i = 0; i < fr->nstmts; i++)
        jl_array_ptr_set(ssat, i, fr->ssatypes[i] ? fr->ssatypes[i] : jl_bottom_type);
    ci->ssavaluetypes = (jl_value_t *)ssat;
    /* a slot's type: the join of its argument type and everything assigned to it */
    jl_array_t *slott = jl_alloc_vec_any(fr->nslots);
    for (size_t i = 0; i < fr->nslots; i++)
        jl_array_ptr_set(slott, i, i < fr->nargs ? jl_widenconst(fr->argtypes[i]) : jl_bottom_type);
    for (size_t pc = 0; pc < fr->nstmts; pc++) {
        jl_value_t *s = jl_array_ptr_ref(src->code, pc);
        if (fr->ssatypes[pc] && jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_assign &&
            jl_is_slotnumber(jl_exprarg(s, 0))) {
            size_t k = (size_t)((jl_slotnumber_t *)jl_exprarg(s, 0))->id - 1;
            jl_value_t *t = jl_infer_tmerge(jl_array_ptr_ref(slott, k), jl_widenconst(fr->ssatypes[pc]));
            jl_array_ptr_set(slott, k, t);
        }
    }
    ci->slottypes = (jl_value_t *)slott;
    ci->rettype = jl_widenconst(fr->rettype);
    ci->parent = (jl_value_t *)fr->mi;
    ci->inferred = 1;
    ci->min_world = jl_get_world_counter();
    ci->max_world = JL_WORLD_MAX;
    return ci;
}

static uint8_t *reached_mask(frame_t *fr)
{
    uint8_t *r = (uint8_t *)zalloc(fr->nstmts);
    for (size_t i = 0; i < fr->nstmts; i++)
        r[i] = fr->ssatypes[i] != NULL;
    return r;
}

static void store_backedges(frame_t *fr)
{
    if (fr->edges)
        for (size_t i = 0; i < jl_array_len(fr->edges); i++) {
            jl_method_instance_t *callee = (jl_method_instance_t *)jl_array_ptr_ref(fr->edges, i);
            if (callee != fr->mi)
                jl_method_instance_add_backedge(callee, fr->mi);
        }
    if (fr->mt_edges)
        for (size_t i = 0; i + 1 < jl_array_len(fr->mt_edges); i += 2)
            jl_method_table_add_backedge((jl_methtable_t *)jl_array_ptr_ref(fr->mt_edges, i),
                                         jl_array_ptr_ref(fr->mt_edges, i + 1), fr->mi);
}

static jl_code_instance_t *cache_result(frame_t *fr, jl_code_info_t *code)
{
    jl_method_instance_t *mi = fr->mi;
    jl_code_instance_t *ci = mi->cache;
    if (!(ci && ci->max_world == JL_WORLD_MAX && (ci->inferred == NULL || !jl_is_code_info(ci->inferred)))) {
        ci = (jl_code_instance_t *)jl_gc_alloc(sizeof(jl_code_instance_t), (jl_value_t *)jl_code_instance_type);
        memset(ci, 0, sizeof(*ci));
        ci->def = mi;
        ci->min_world = jl_get_world_counter();
        ci->max_world = JL_WORLD_MAX;
        ci->next = mi->cache;
        mi->cache = ci;
    }
    ci->rettype = jl_widenconst(fr->rettype);
    ci->rettype_const = jl_is_infer_const(fr->rettype) ? jl_infer_const_val(fr->rettype) : NULL;
    ci->inferred = (jl_value_t *)code;
    store_backedges(fr);
    return ci;
}

static jl_value_t *ci_rettype(jl_code_instance_t *ci)
{
    if (ci->rettype_const)
        return jl_infer_const(ci->rettype_const);
    return from_type(ci->rettype);
}

static jl_code_instance_t *infer_and_cache(frame_t *fr, jl_method_instance_t *mi, int *cacheable)
{
    init_frame(fr, mi, NULL, 0);
    *cacheable = typeinf_frame(fr);
    if (!*cacheable)
        return NULL;
    jl_code_info_t *code = jl_optimize_code(mi, typed_code(fr), fr->callees, fr->constcode, reached_mask(fr));
    return cache_result(fr, code);
}

/* a constant-argument frame's dependencies (callee instances; method table, signature pairs) become
   the caller's: code inlined from it must be invalidated with the callees it calls */
static void take_edges(frame_t *caller, jl_array_t *edges, jl_array_t *mt_edges)
{
    for (size_t i = 0; edges && i < jl_array_len(edges); i++)
        add_edge(caller, (jl_method_instance_t *)jl_array_ptr_ref(edges, i));
    for (size_t i = 0; mt_edges && i + 1 < jl_array_len(mt_edges); i += 2)
        add_mt_edge(caller, (jl_methtable_t *)jl_array_ptr_ref(mt_edges, i), jl_array_ptr_ref(mt_edges, i + 1));
}

/* Constant-propagation results of the current world: the same call with the same constants recurs at
   many sites (each `1:n` infers Colon(1, n), the UnitRange constructor and what they call) and each
   would infer the same frames again. An entry is svec(key, result, optimized code or nothing, edges or
   nothing, method-table edges or nothing), the key svec(mi, constant argument types...); only results
   of frames outside any cycle are kept. A new world (a method defined) or a full table empties it. */
#define CONSTPROP_CACHE_MAX 1024
static jl_array_t *constprop_cache;
static size_t constprop_world;

static void constprop_check_world(void)
{
    size_t w = jl_get_world_counter();
    if (constprop_cache != NULL && (w != constprop_world || jl_array_len(constprop_cache) >= CONSTPROP_CACHE_MAX))
        jl_array_del_end(constprop_cache, jl_array_len(constprop_cache));
    constprop_world = w;
}

static int constprop_key_is(jl_svec_t *key, jl_method_instance_t *mi, jl_value_t **args, size_t n)
{
    if (jl_svecref(key, 0) != (jl_value_t *)mi || jl_svec_len(key) != n + 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!lat_eq(jl_svecref(key, i + 1), args[i]))
            return 0;
    return 1;
}

/* the entry for mi with these arguments (with code when the caller inlines it), or NULL */
static jl_svec_t *constprop_cached(jl_method_instance_t *mi, jl_value_t **args, size_t n, int want_code)
{
    constprop_check_world();
    for (size_t i = 0; constprop_cache != NULL && i < jl_array_len(constprop_cache); i++) {
        jl_svec_t *e = (jl_svec_t *)jl_array_ptr_ref(constprop_cache, i);
        if (!(want_code && jl_svecref(e, 2) == jl_nothing) &&
            constprop_key_is((jl_svec_t *)jl_svecref(e, 0), mi, args, n))
            return e;
    }
    return NULL;
}

static jl_value_t *or_nothing(void *v)
{
    return v != NULL ? (jl_value_t *)v : jl_nothing;
}

static void constprop_keep(jl_method_instance_t *mi, jl_value_t **args, size_t n, jl_value_t *rt,
                           jl_code_info_t *code, frame_t *fr)
{
    if (constprop_cache == NULL) {
        constprop_cache = jl_alloc_vec_any(0);
        jl_gc_add_root((jl_value_t *)constprop_cache);
    }
    jl_svec_t *key = jl_alloc_svec(n + 1);
    jl_svecset(key, 0, (jl_value_t *)mi);
    for (size_t i = 0; i < n; i++)
        jl_svecset(key, i + 1, args[i]);
    jl_svec_t *e = jl_svec(5, (jl_value_t *)key, rt, or_nothing(code), or_nothing(fr->edges),
                           or_nothing(fr->mt_edges));
    jl_array_ptr_1d_push(constprop_cache, (jl_value_t *)e);
}

static jl_array_t *array_or_null(jl_value_t *v)
{
    return v == jl_nothing ? NULL : (jl_array_t *)v;
}

/* a call edge: the return type of mi for the caller (with constant arguments: from constprop_cache or
   a frame of its own) */
static jl_value_t *typeinf_edge(frame_t *caller, jl_method_instance_t *mi, jl_value_t **constargs, size_t nc,
                                jl_code_info_t **constcode)
{
    if (!inferrable(mi))
        return jl_is_method(mi->def) ? (jl_value_t *)jl_any_type : jl_bottom_type;
    jl_code_instance_t *ci = cached_ci(mi);
    if (ci && constargs == NULL) {
        add_edge(caller, mi);
        return ci_rettype(ci);
    }
    frame_t *found;
    int nest = count_on_stack((jl_method_t *)mi->def, mi, &found);
    if (found) {
        if (constargs)
            return (jl_value_t *)jl_any_type;
        for (frame_t *f = infer_top; f && f != found; f = f->parent)
            if (f->cycle_min > found->depth)
                f->cycle_min = found->depth;
        if (found != infer_top && caller->cycle_min > found->depth)
            caller->cycle_min = found->depth;
        found->rettype_read = 1;
        return found->bestguess;
    }
    if (nest >= JL_INFER_MAX_NEST || (infer_top && infer_top->depth >= JL_INFER_MAX_DEPTH))
        return (jl_value_t *)jl_any_type;
    frame_t fr;
    if (constargs) {
        jl_svec_t *hit = constprop_cached(mi, constargs, nc, constcode != NULL);
        if (hit != NULL) {
            if (constcode) {
                *constcode = jl_svecref(hit, 2) == jl_nothing ? NULL : (jl_code_info_t *)jl_svecref(hit, 2);
                take_edges(caller, array_or_null(jl_svecref(hit, 3)), array_or_null(jl_svecref(hit, 4)));
            }
            return jl_svecref(hit, 1);
        }
        init_frame(&fr, mi, constargs, nc);
        typeinf_frame(&fr);
        if (fr.cycle_min < caller->cycle_min)
            caller->cycle_min = fr.cycle_min;
        if (fr.cycle_min < fr.depth)
            return fr.rettype; /* depends on frames being inferred: not final, not kept */
        jl_code_info_t *code = NULL;
        if (constcode) {
            code = jl_optimize_code(mi, typed_code(&fr), fr.callees, fr.constcode, reached_mask(&fr));
            *constcode = code;
            take_edges(caller, fr.edges, fr.mt_edges);
        }
        constprop_keep(mi, constargs, nc, fr.rettype, code, &fr);
        return fr.rettype;
    }
    int cacheable;
    ci = infer_and_cache(&fr, mi, &cacheable);
    if (caller && fr.cycle_min < caller->cycle_min)
        caller->cycle_min = fr.cycle_min;
    add_edge(caller, mi);
    return ci ? ci_rettype(ci) : fr.rettype;
}

/* ---------------------------------------------------------------- entry points */

JL_DLLEXPORT jl_code_instance_t *jl_infer_and_optimize(jl_method_instance_t *mi)
{
    init_lattice();
    if (!inferrable(mi))
        return NULL;
    jl_code_instance_t *ci = cached_ci(mi);
    if (ci)
        return ci;
    frame_t *saved = infer_top;
    infer_top = NULL;
    frame_t fr;
    int cacheable;
    ci = infer_and_cache(&fr, mi, &cacheable);
    infer_top = saved;
    return ci;
}

JL_DLLEXPORT jl_code_info_t *jl_infer_code_typed(jl_method_instance_t *mi, int optimize, jl_value_t **rt)
{
    init_lattice();
    if (!inferrable(mi))
        return NULL;
    if (optimize) {
        jl_code_instance_t *ci = jl_infer_and_optimize(mi);
        if (ci) {
            if (rt)
                *rt = ci_rettype(ci);
            return (jl_code_info_t *)ci->inferred;
        }
    }
    frame_t *saved = infer_top;
    infer_top = NULL;
    frame_t fr;
    init_frame(&fr, mi, NULL, 0);
    typeinf_frame(&fr);
    infer_top = saved;
    jl_code_info_t *code = typed_code(&fr);
    if (optimize)
        code = jl_optimize_code(mi, code, fr.callees, fr.constcode, reached_mask(&fr));
    if (rt)
        *rt = fr.rettype;
    return code;
}

JL_DLLEXPORT jl_method_instance_t *jl_infer_lookup_mi(jl_value_t *f, jl_value_t *argtypes)
{
    init_lattice();
    jl_datatype_t *at = (jl_datatype_t *)argtypes;
    size_t n = jl_svec_len(at->parameters);
    jl_value_t *ps[n + 1];
    ps[0] = is_type_value(f) ? type_of_type(f) : jl_typeof(f);
    for (size_t i = 0; i < n; i++)
        ps[i + 1] = jl_svecref(at->parameters, i);
    jl_value_t *sig = (jl_value_t *)jl_apply_tuple_type_v(ps, n + 1);
    jl_value_t *m = jl_gf_invoke_lookup(sig);
    if (!jl_is_method(m))
        return NULL;
    return jl_method_specialize((jl_method_t *)m, sig);
}

JL_DLLEXPORT jl_value_t *jl_infer_return_type(jl_value_t *f, jl_value_t *argtypes)
{
    jl_method_instance_t *mi = jl_infer_lookup_mi(f, argtypes);
    if (mi == NULL)
        return (jl_value_t *)jl_any_type;
    jl_code_instance_t *ci = jl_infer_and_optimize(mi);
    return ci ? ci->rettype : (jl_value_t *)jl_any_type;
}
