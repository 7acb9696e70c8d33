/*
 * jltypes.c -- type objects: DataType construction and field layout, parametric instantiation with a
 * per-TypeName cache, Union/UnionAll/TypeVar/Vararg, and the builtin types of Core.
 *
 * Invariants:
 *   - Instantiations of a parametric type are hash-consed: applying the same TypeName to equal
 *     parameters returns the same jl_datatype_t, so concrete types compare with `==`.
 *   - A DataType enters its TypeName's cache before its field types are instantiated; a recursive
 *     reference (struct Node{T}; next::Node{T}) therefore finds it and is stored as a pointer.
 *   - A field is stored inline exactly when its declared type is an isbits type; otherwise it is a
 *     jl_value_t * (NULL = #undef).
 */
#include <string.h>
#include <stdarg.h>
#include "julep_internal.h"
#include "gf.h"

#define DT_LIST(X)                                                                          \
    X(datatype) X(typename) X(symbol) X(simplevector) X(any) X(type) X(typeofbottom)        \
    X(uniontype) X(unionall) X(tvar) X(vararg) X(nothing) X(bool) X(char) X(string)         \
    X(int8) X(uint8) X(int16) X(uint16) X(int32) X(uint32) X(int64) X(uint64) X(int128)     \
    X(uint128) X(float16) X(float32) X(float64) X(number) X(real) X(integer) X(signed)       \
    X(unsigned) X(abstractfloat) X(abstractstring) X(function) X(builtin) X(exception)      \
    X(module) X(task) X(expr) X(linenumbernode) X(quotenode) X(globalref) X(binding)        \
    X(errorexception) X(argumenterror) X(boundserror) X(typeerror) X(undefvarerror)         \
    X(outofmemoryerror) X(stackovf_exception)
#define DT_DEFINE(n) JL_DLLEXPORT jl_datatype_t *jl_##n##_type;
DT_LIST(DT_DEFINE)
#undef DT_DEFINE

JL_DLLEXPORT jl_datatype_t *jl_anytuple_type, *jl_emptytuple_type, *jl_array_any_type, *jl_array_uint8_type;
JL_DLLEXPORT jl_datatype_t *jl_abstractchar_type, *jl_abstractarray_type_body, *jl_densearray_type_body;
JL_DLLEXPORT jl_typename_t *jl_tuple_typename, *jl_array_typename, *jl_type_typename;
JL_DLLEXPORT jl_value_t *jl_array_type, *jl_bottom_type;
jl_datatype_t *jl_pointer_type_body, *jl_voidpointer_type;
jl_value_t *jl_pointer_type;
JL_DLLEXPORT jl_value_t *jl_nothing, *jl_true, *jl_false, *jl_emptytuple;
JL_DLLEXPORT jl_svec_t *jl_emptysvec;

static jl_datatype_t *builtin_list[128];
static size_t builtin_count;

/* ---------------------------------------------------------------- helpers */

JL_DLLEXPORT int jl_is_tuple_type(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_tuple_typename;
}

JL_DLLEXPORT int jl_is_tuple(jl_value_t *v)
{
    return jl_is_tuple_type(jl_typeof(v));
}

JL_DLLEXPORT int jl_is_array(jl_value_t *v)
{
    jl_value_t *t = jl_typeof(v);
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_array_typename;
}

static int is_type_type(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_type_typename;
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

/* Field names: per TypeName, except NamedTuple{names,T} whose names are its first parameter. */
JL_DLLEXPORT jl_svec_t *jl_field_names(jl_datatype_t *dt)
{
    if (dt->name != jl_namedtuple_typename)
        return dt->name->names;
    jl_value_t *names = jl_svecref(dt->parameters, 0);
    if (!jl_is_tuple(names))
        return jl_emptysvec;
    size_t n = jl_datatype_nfields(jl_typeof(names));
    jl_svec_t *v = jl_alloc_svec(n);
    for (size_t i = 0; i < n; i++)
        jl_svecset(v, i, jl_get_nth_field(names, i));
    return v;
}

JL_DLLEXPORT jl_value_t *jl_unwrap_unionall(jl_value_t *v)
{
    while (jl_is_unionall(v))
        v = ((jl_unionall_t *)v)->body;
    return v;
}

/* free type variables of v other than those bound by enclosing UnionAlls (`bound`, a chain) */
typedef struct tvar_chain { jl_tvar_t *var; const struct tvar_chain *next; } tvar_chain_t;
static int has_free_typevars_in(jl_value_t *v, const tvar_chain_t *bound)
{
    if (jl_is_tvar(v)) {
        for (; bound != NULL; bound = bound->next)
            if (bound->var == (jl_tvar_t *)v)
                return 0;
        return 1;
    }
    if (jl_is_datatype(v)) {
        jl_datatype_t *dt = (jl_datatype_t *)v;
        if (!dt->hasfreetypevars)
            return 0;
        if (bound == NULL)
            return 1;
        for (size_t i = 0; i < jl_svec_len(dt->parameters); i++)
            if (has_free_typevars_in(jl_svecref(dt->parameters, i), bound))
                return 1;
        return 0;
    }
    if (jl_is_uniontype(v))
        return has_free_typevars_in(((jl_uniontype_t *)v)->a, bound) ||
               has_free_typevars_in(((jl_uniontype_t *)v)->b, bound);
    if (jl_is_unionall(v)) {
        jl_unionall_t *ua = (jl_unionall_t *)v;
        if (has_free_typevars_in(ua->var->ub, bound) || has_free_typevars_in(ua->var->lb, bound))
            return 1;
        tvar_chain_t inner = {ua->var, bound};
        return has_free_typevars_in(ua->body, &inner);
    }
    if (jl_typeis(v, jl_vararg_type)) {
        jl_vararg_t *va = (jl_vararg_t *)v;
        return (va->T && has_free_typevars_in(va->T, bound)) || (va->N && has_free_typevars_in(va->N, bound));
    }
    return 0;
}

JL_DLLEXPORT int jl_has_free_typevars(jl_value_t *v)
{
    return has_free_typevars_in(v, NULL);
}

JL_DLLEXPORT int jl_is_concrete_type(jl_value_t *v)
{
    return jl_is_datatype(v) && ((jl_datatype_t *)v)->isconcretetype;
}

/* the hash of a type name comes from its name and its module's path, not its address: the hashes of
   types (objectid, hash, the order of a Dict with type keys) are then the same in every run and in
   every system image built from the same program */
static uintptr_t module_path_hash(jl_module_t *m)
{
    uintptr_t h = 0;
    for (int depth = 0; m != NULL && depth < 64; depth++) {
        h = jl_hash_combine(h, m->name ? m->name->hash : 0);
        if (m->parent == m)
            break;
        m = m->parent;
    }
    return h;
}

JL_DLLEXPORT jl_typename_t *jl_new_typename_in(jl_sym_t *name, jl_module_t *m, int abstract, int mutabl)
{
    jl_typename_t *tn = (jl_typename_t *)jl_gc_alloc(sizeof(jl_typename_t), (jl_value_t *)jl_typename_type);
    tn->name = name;
    tn->module = m;
    tn->names = jl_emptysvec;
    tn->cache = jl_emptysvec;
    tn->hash = jl_hash_combine(name ? name->hash : 0, module_path_hash(m));
    tn->abstract = (uint8_t)abstract;
    tn->mutabl = (uint8_t)mutabl;
    return tn;
}

static jl_datatype_t *new_uninit_datatype(void)
{
    jl_datatype_t *dt = (jl_datatype_t *)jl_gc_alloc(sizeof(jl_datatype_t), (jl_value_t *)jl_datatype_type);
    jl_gc_add_permanent_root((jl_value_t *)dt); /* see gc.h: atomic instances do not keep it alive */
    return dt;
}

static uintptr_t type_hash(jl_typename_t *tn, jl_svec_t *params);

static int svec_has_free_typevars(jl_svec_t *p)
{
    for (size_t i = 0; i < jl_svec_len(p); i++) {
        jl_value_t *x = jl_svecref(p, i);
        if (jl_has_free_typevars(x))
            return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- layout */

static const jl_datatype_layout_t *make_layout(uint32_t size, uint32_t nfields, uint16_t align,
                                               const jl_fielddesc_t *fields, int pointerfree)
{
    jl_datatype_layout_t *ly = jl_gc_alloc_uncollectable(sizeof(jl_datatype_layout_t) +
                                                         nfields * sizeof(jl_fielddesc_t));
    ly->size = size;
    ly->nfields = nfields;
    ly->alignment = align;
    uint16_t np = 0;
    for (uint32_t i = 0; i < nfields; i++) {
        ly->fields[i] = fields[i];
        np += fields[i].isptr;
    }
    ly->npointers = np;
    ly->pointerfree = (uint8_t)pointerfree;
    return ly;
}

static int field_is_inline(jl_value_t *ft)
{
    if (!jl_is_datatype(ft))
        return 0;
    jl_datatype_t *d = (jl_datatype_t *)ft;
    return d->isbitstype && d->layout != NULL;
}

JL_DLLEXPORT void jl_compute_field_offsets(jl_datatype_t *st)
{
    size_t nf = st->types ? jl_svec_len(st->types) : 0;
    jl_fielddesc_t desc[nf ? nf : 1];
    uint32_t off = 0;
    uint16_t align = 1;
    int pointerfree = 1, haspadding = 0;
    for (size_t i = 0; i < nf; i++) {
        jl_value_t *ft = jl_svecref(st->types, i);
        uint32_t fsz, fal;
        if (field_is_inline(ft)) {
            fsz = ((jl_datatype_t *)ft)->layout->size;
            fal = ((jl_datatype_t *)ft)->layout->alignment;
            desc[i].isptr = 0;
        }
        else {
            fsz = fal = sizeof(void *);
            desc[i].isptr = 1;
            pointerfree = 0;
        }
        if (fal > 1 && off % fal) {
            haspadding = 1;
            off = LLT_ALIGN(off, fal);
        }
        desc[i].offset = off;
        desc[i].size = fsz;
        memset(desc[i].pad, 0, sizeof desc[i].pad);
        off += fsz;
        if (fal > align)
            align = (uint16_t)fal;
    }
    uint32_t size = LLT_ALIGN(off, align);
    haspadding |= size != off;
    jl_datatype_layout_t *ly = (jl_datatype_layout_t *)make_layout(size, (uint32_t)nf, align, desc, pointerfree);
    ly->haspadding = (uint8_t)haspadding;
    st->layout = ly;
    st->isbitstype = st->isconcretetype && !st->name->mutabl && pointerfree;
    st->zeroinit = 1;
    if (st->isconcretetype && !st->name->mutabl && nf == 0 && st->instance == NULL) {
        st->instance = jl_gc_alloc(0, (jl_value_t *)st);
    }
}

/* ---------------------------------------------------------------- constructing types */

void jl_register_builtin_type(jl_datatype_t *dt)
{
    if (builtin_count < sizeof builtin_list / sizeof builtin_list[0])
        builtin_list[builtin_count++] = dt;
}

JL_DLLEXPORT size_t jl_builtin_types(jl_datatype_t ***list)
{
    *list = builtin_list;
    return builtin_count;
}

/* the loader of a system image sets the list back (the types themselves are in the image) */
JL_DLLEXPORT void jl_restore_builtin_types(jl_datatype_t **list, size_t n)
{
    builtin_count = n < sizeof builtin_list / sizeof builtin_list[0] ? n : sizeof builtin_list / sizeof builtin_list[0];
    memcpy(builtin_list, list, builtin_count * sizeof(jl_datatype_t *));
}

static void init_datatype(jl_datatype_t *dt, jl_typename_t *tn, jl_datatype_t *super, jl_svec_t *params)
{
    dt->name = tn;
    dt->super = super;
    dt->parameters = params ? params : jl_emptysvec;
    dt->hasfreetypevars = (uint8_t)svec_has_free_typevars(dt->parameters);
    dt->isconcretetype = !tn->abstract && !dt->hasfreetypevars;
    dt->hash = type_hash(tn, dt->parameters);
}

/* Wrap `body` in one UnionAll per type-variable parameter, innermost last. */
static jl_value_t *wrap_params(jl_datatype_t *body)
{
    jl_value_t *w = (jl_value_t *)body;
    for (size_t i = jl_svec_len(body->parameters); i-- > 0;) {
        jl_value_t *p = jl_svecref(body->parameters, i);
        if (jl_is_tvar(p))
            w = jl_type_unionall((jl_tvar_t *)p, w);
    }
    return w;
}

JL_DLLEXPORT jl_datatype_t *jl_new_abstracttype(jl_sym_t *name, jl_module_t *module,
                                               jl_datatype_t *super, jl_svec_t *params)
{
    jl_typename_t *tn = jl_new_typename_in(name, module, 1, 0);
    jl_datatype_t *dt = new_uninit_datatype();
    init_datatype(dt, tn, super, params);
    dt->types = jl_emptysvec;
    tn->wrapper = wrap_params(dt);
    return dt;
}

JL_DLLEXPORT jl_datatype_t *jl_new_primitivetype(jl_sym_t *name, jl_module_t *module,
                                                jl_datatype_t *super, jl_svec_t *params, size_t nbits)
{
    jl_typename_t *tn = jl_new_typename_in(name, module, 0, 0);
    jl_datatype_t *dt = new_uninit_datatype();
    init_datatype(dt, tn, super, params);
    dt->types = jl_emptysvec;
    uint32_t nbytes = (uint32_t)((nbits + 7) / 8);
    uint16_t al = 1;
    while (al < nbytes && al < 16)
        al *= 2;
    dt->layout = make_layout(nbytes, 0, al, NULL, 1);
    dt->isprimitivetype = 1;
    dt->isbitstype = dt->isconcretetype;
    dt->zeroinit = 1;
    tn->wrapper = wrap_params(dt);
    return dt;
}

JL_DLLEXPORT jl_datatype_t *jl_new_datatype(jl_sym_t *name, jl_module_t *module, jl_datatype_t *super,
                                           jl_svec_t *params, jl_svec_t *fnames, jl_svec_t *ftypes,
                                           int abstract, int mutabl, int ninitialized)
{
    jl_typename_t *tn = jl_new_typename_in(name, module, abstract, mutabl);
    tn->names = fnames ? fnames : jl_emptysvec;
    tn->n_uninitialized = (int32_t)(jl_svec_len(tn->names) - (size_t)ninitialized);
    jl_datatype_t *dt = new_uninit_datatype();
    init_datatype(dt, tn, super, params);
    dt->types = ftypes ? ftypes : jl_emptysvec;
    tn->wrapper = wrap_params(dt);
    if (!abstract && !svec_has_free_typevars(dt->types))
        jl_compute_field_offsets(dt);
    return dt;
}

JL_DLLEXPORT jl_tvar_t *jl_new_typevar(jl_sym_t *name, jl_value_t *lb, jl_value_t *ub)
{
    jl_tvar_t *tv = (jl_tvar_t *)jl_gc_alloc(sizeof(jl_tvar_t), (jl_value_t *)jl_tvar_type);
    tv->name = name;
    tv->lb = lb;
    tv->ub = ub;
    return tv;
}

JL_DLLEXPORT jl_value_t *jl_type_unionall(jl_tvar_t *v, jl_value_t *body)
{
    jl_unionall_t *ua = (jl_unionall_t *)jl_gc_alloc(sizeof(jl_unionall_t), (jl_value_t *)jl_unionall_type);
    ua->var = v;
    ua->body = body;
    return (jl_value_t *)ua;
}

/* `body where v` as the UnionAll constructor makes it (Julia's normal forms): `T where T<:S` is S, a
   variable that does not occur is dropped, and a Vararg is never wrapped (`Vararg{E,N} where N` is
   `Vararg{E}`, `Vararg{Ref{T}} where T` is `Vararg{Ref{T} where T}`). Method signatures keep their
   variables and use jl_type_unionall. */
JL_DLLEXPORT jl_value_t *jl_type_unionall_where(jl_tvar_t *v, jl_value_t *body)
{
    if (jl_typeis(body, jl_vararg_type)) {
        jl_vararg_t *va = (jl_vararg_t *)body;
        int inT = va->T && jl_has_typevar(va->T, v), inN = va->N && jl_has_typevar(va->N, v);
        if (inT && inN)
            jl_error("Wrapping `Vararg` directly in UnionAll is disallowed if the typevar occurs in both `T` and `N`");
        if (!inT && !inN)
            return body;
        jl_vararg_t *nv = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
        nv->T = inT ? jl_type_unionall_where(v, va->T) : va->T;
        nv->N = inT ? va->N : NULL;
        return (jl_value_t *)nv;
    }
    if (!is_type_value(body) && !jl_is_tvar(body))
        jl_type_error("UnionAll", jl_type_typename->wrapper, body);
    if (body == (jl_value_t *)v)
        return v->ub;
    if (!jl_has_typevar(body, v))
        return body;
    return jl_type_unionall(v, body);
}

/* ---------------------------------------------------------------- unions */

static int types_equal(jl_value_t *a, jl_value_t *b);

static void flatten_union(jl_value_t *t, jl_value_t **out, size_t *n, size_t cap)
{
    if (jl_is_uniontype(t)) {
        flatten_union(((jl_uniontype_t *)t)->a, out, n, cap);
        flatten_union(((jl_uniontype_t *)t)->b, out, n, cap);
        return;
    }
    if (t == jl_bottom_type)
        return;
    for (size_t i = 0; i < *n; i++)
        if (types_equal(out[i], t))
            return;
    if (*n >= cap)
        jl_error("Union has too many members");
    out[(*n)++] = t;
}

/* Julia's order of Union members (what `Union{Int, Nothing}` prints as `Union{Nothing, Int64}`):
   singleton types first, then other isbits types, then other DataTypes, then the rest; ties by module
   name, type name, parameter count and up to 3 parameters. Equal keys keep their order. */
static int datatype_name_cmp(jl_value_t *a, jl_value_t *b)
{
    if (!jl_is_datatype(a))
        return jl_is_datatype(b) ? 1 : 0;
    if (!jl_is_datatype(b))
        return -1;
    jl_typename_t *ta = ((jl_datatype_t *)a)->name, *tb = ((jl_datatype_t *)b)->name;
    int c = strcmp(jl_symbol_name(ta->module->name), jl_symbol_name(tb->module->name));
    if (c)
        return c;
    c = strcmp(jl_symbol_name(ta->name), jl_symbol_name(tb->name));
    if (c)
        return c;
    size_t na = jl_svec_len(((jl_datatype_t *)a)->parameters), nb = jl_svec_len(((jl_datatype_t *)b)->parameters);
    if (na != nb)
        return na < nb ? -1 : 1;
    for (size_t i = 0; i < 3 && i < na; i++) {
        jl_value_t *ap = jl_svecref(((jl_datatype_t *)a)->parameters, i);
        jl_value_t *bp = jl_svecref(((jl_datatype_t *)b)->parameters, i);
        if (ap == bp)
            continue;
        if (jl_is_datatype(ap) && jl_is_datatype(bp))
            c = datatype_name_cmp(ap, bp);
        else if (jl_is_unionall(ap) && jl_is_unionall(bp))
            c = datatype_name_cmp(jl_unwrap_unionall(ap), jl_unwrap_unionall(bp));
        else
            c = 0;
        if (c)
            return c;
    }
    return 0;
}

static int union_order(jl_value_t *a, jl_value_t *b)
{
    if (!jl_is_datatype(a))
        return jl_is_datatype(b) ? 1 : datatype_name_cmp(jl_unwrap_unionall(a), jl_unwrap_unionall(b));
    if (!jl_is_datatype(b))
        return -1;
    jl_datatype_t *da = (jl_datatype_t *)a, *db = (jl_datatype_t *)b;
    int sa = da->instance != NULL, sb = db->instance != NULL;
    if (sa != sb)
        return sa ? -1 : 1;
    if (!sa && da->isbitstype != db->isbitstype)
        return da->isbitstype ? -1 : 1;
    return datatype_name_cmp(a, b);
}

JL_DLLEXPORT jl_value_t *jl_type_union(jl_value_t **ts, size_t n)
{
    jl_value_t *flat[256];
    size_t nf = 0;
    for (size_t i = 0; i < n; i++)
        flatten_union(ts[i], flat, &nf, 256);
    /* drop members that are subtypes of another member */
    size_t k = 0;
    for (size_t i = 0; i < nf; i++) {
        int redundant = 0;
        for (size_t j = 0; j < nf && !redundant; j++)
            if (i != j && flat[j] && !jl_has_free_typevars(flat[i]) && jl_subtype(flat[i], flat[j]) &&
                !(jl_subtype(flat[j], flat[i]) && j > i))
                redundant = 1;
        if (!redundant)
            flat[k++] = flat[i];
    }
    nf = k;
    if (nf == 0)
        return jl_bottom_type;
    for (size_t i = 1; i < nf; i++) /* insertion sort: unions are small */
        for (size_t j = i; j > 0 && union_order(flat[j - 1], flat[j]) > 0; j--) {
            jl_value_t *t = flat[j];
            flat[j] = flat[j - 1];
            flat[j - 1] = t;
        }
    jl_value_t *u = flat[nf - 1];
    for (size_t i = nf - 1; i-- > 0;) {
        jl_uniontype_t *ut = (jl_uniontype_t *)jl_gc_alloc(sizeof(jl_uniontype_t), (jl_value_t *)jl_uniontype_type);
        ut->a = flat[i];
        ut->b = u;
        u = (jl_value_t *)ut;
    }
    return u;
}

/* ---------------------------------------------------------------- instantiation */

typedef struct tvar_env {
    jl_tvar_t *var;
    jl_value_t *val;
    struct tvar_env *prev;
} tvar_env_t;

static jl_value_t *instantiate(jl_value_t *t, tvar_env_t *env);
static jl_datatype_t *inst_datatype(jl_datatype_t *body, jl_value_t **params, size_t n, tvar_env_t *env);

static uintptr_t type_hash(jl_typename_t *tn, jl_svec_t *params)
{
    uintptr_t h = tn->hash;
    for (size_t i = 0; i < jl_svec_len(params); i++) {
        jl_value_t *p = jl_svecref(params, i);
        uintptr_t ph = jl_is_datatype(p) ? ((jl_datatype_t *)p)->hash : jl_object_id(p);
        h = jl_hash_combine(h, ph);
    }
    return h;
}

static jl_value_t *lookup_env(tvar_env_t *env, jl_tvar_t *v)
{
    for (; env; env = env->prev)
        if (env->var == v)
            return env->val;
    return NULL;
}

static jl_value_t *instantiate(jl_value_t *t, tvar_env_t *env)
{
    if (env == NULL)
        return t;
    if (jl_is_tvar(t)) {
        jl_value_t *v = lookup_env(env, (jl_tvar_t *)t);
        return v ? v : t;
    }
    if (jl_is_uniontype(t)) {
        jl_value_t *ab[2] = {instantiate(((jl_uniontype_t *)t)->a, env), instantiate(((jl_uniontype_t *)t)->b, env)};
        return jl_type_union(ab, 2);
    }
    if (jl_is_unionall(t)) {
        jl_unionall_t *ua = (jl_unionall_t *)t;
        jl_value_t *lb = instantiate(ua->var->lb, env), *ub = instantiate(ua->var->ub, env);
        jl_tvar_t *nv = ua->var;
        if (lb != ua->var->lb || ub != ua->var->ub)
            nv = jl_new_typevar(ua->var->name, lb, ub);
        tvar_env_t inner = {ua->var, (jl_value_t *)nv, env};
        jl_value_t *body = instantiate(ua->body, &inner);
        if (body == ua->body && nv == ua->var)
            return t;
        return jl_type_unionall(nv, body);
    }
    if (jl_typeis(t, jl_vararg_type)) {
        jl_vararg_t *va = (jl_vararg_t *)t;
        jl_vararg_t *nv = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
        nv->T = va->T ? instantiate(va->T, env) : NULL;
        nv->N = va->N ? instantiate(va->N, env) : NULL;
        return (jl_value_t *)nv;
    }
    if (jl_is_datatype(t) && ((jl_datatype_t *)t)->hasfreetypevars) {
        jl_datatype_t *dt = (jl_datatype_t *)t;
        size_t n = jl_svec_len(dt->parameters);
        jl_value_t *ps[n ? n : 1];
        for (size_t i = 0; i < n; i++)
            ps[i] = instantiate(jl_svecref(dt->parameters, i), env);
        jl_datatype_t *body = (jl_datatype_t *)jl_unwrap_unionall(dt->name->wrapper);
        return (jl_value_t *)inst_datatype(body, ps, n, NULL);
    }
    return t;
}

/* t with every free occurrence of var replaced by val */
JL_DLLEXPORT jl_value_t *jl_substitute_var(jl_value_t *t, jl_tvar_t *var, jl_value_t *val)
{
    tvar_env_t env = {var, val, NULL};
    return instantiate(t, &env);
}

/* Instantiations that mention a TypeVar made for one subtype query (subtype.c renames a UnionAll's
   variable when it clashes with one in scope) are not cached: each query makes a new variable of the
   same name (TypeVars hash by name), so caching them grew one probe chain per signature without bound
   and made every later lookup of that type scan it (inference matching `getproperty(::Any, ::Symbol)`
   against LinearAlgebra's `LU{T,S,P}` methods went quadratic). Julia caches no type with free
   variables; julep keeps caching the others (recursive field types and image identity rely on it). */
static jl_tvar_t *uncached_var;
/* the uncached instantiations whose field types are being built: a recursive reference finds them */
typedef struct uncached_frame { jl_datatype_t *d; struct uncached_frame *prev; } uncached_frame_t;
static uncached_frame_t *uncached_stack;

static int params_mention_var(jl_value_t **params, size_t n, jl_tvar_t *v)
{
    for (size_t i = 0; i < n; i++)
        if (jl_has_typevar(params[i], v))
            return 1;
    return 0;
}

/* as jl_substitute_var, for val a TypeVar that only this query uses (instantiation does not throw,
   so the state is always restored) */
JL_DLLEXPORT jl_value_t *jl_substitute_fresh_var(jl_value_t *t, jl_tvar_t *var, jl_tvar_t *val)
{
    jl_tvar_t *outer = uncached_var;
    uncached_var = val;
    jl_value_t *r = jl_substitute_var(t, var, (jl_value_t *)val);
    uncached_var = outer;
    return r;
}

/* The instantiation cache of a TypeName is an open-addressing hash table (an svec of 2^k slots,
   NULL = empty, linear probing) keyed by the parameters. Equal parameters must hash equally:
   DataTypes by their structural hash, TypeVars (equal only to themselves) by name, and a UnionAll by
   its shape (shape_hash), since types_equal treats renamed variables as equal. Hashing every UnionAll
   alike made one probe chain of all Type{} of parametric types and method signatures, each probe a
   subtype test. No address enters: a system image keeps the caches valid wherever its objects land. */
static uintptr_t param_hash(jl_value_t *p);

/* what renaming the variables of a type keeps: the TypeNames of its DataTypes, closed parts by their
   hash (a Tuple by its first element only: a signature's function type already tells them apart) */
static uintptr_t shape_hash(jl_value_t *t, int depth)
{
    while (jl_is_unionall(t))
        t = ((jl_unionall_t *)t)->body;
    if (jl_is_uniontype(t))
        return shape_hash(((jl_uniontype_t *)t)->a, depth) ^ shape_hash(((jl_uniontype_t *)t)->b, depth);
    if (!jl_is_datatype(t))
        return jl_is_tvar(t) || jl_typeis(t, jl_vararg_type) || depth > 3 ? 0 : param_hash(t);
    jl_datatype_t *d = (jl_datatype_t *)t;
    if (!d->hasfreetypevars)
        return d->hash;
    size_t n = jl_svec_len(d->parameters);
    if (d->name == jl_tuple_typename && n > 1)
        n = 1;
    uintptr_t h = d->name->hash;
    for (size_t i = 0; i < n && depth < 3; i++)
        h = jl_hash_combine(h, shape_hash(jl_svecref(d->parameters, i), depth + 1));
    return h;
}

static uintptr_t param_hash(jl_value_t *p)
{
    if (jl_is_datatype(p))
        return ((jl_datatype_t *)p)->hash;
    if (jl_is_tvar(p))
        return ((jl_tvar_t *)p)->name->hash;
    if (jl_is_uniontype(p))
        return param_hash(((jl_uniontype_t *)p)->a) ^ param_hash(((jl_uniontype_t *)p)->b);
    if (jl_is_unionall(p))
        return shape_hash(p, 0);
    if (jl_typeis(p, jl_vararg_type) || jl_typeis(p, jl_typeofbottom_type))
        return ((jl_datatype_t *)jl_typeof(p))->hash;
    return jl_object_id(p);
}

static uintptr_t params_hash(jl_value_t **params, size_t n)
{
    uint64_t h = n;
    for (size_t i = 0; i < n; i++)
        h = jl_hash_combine(h, param_hash(params[i]));
    /* the index is the low bits: mix all bits into them (linear probing turns hashes that differ
       mostly in their high bits into long chains) */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return (uintptr_t)h;
}

static int params_equal(jl_datatype_t *d, jl_value_t **params, size_t n)
{
    if (jl_svec_len(d->parameters) != n)
        return 0;
    for (size_t j = 0; j < n; j++)
        if (!types_equal(jl_svecref(d->parameters, j), params[j]))
            return 0;
    return 1;
}

static jl_datatype_t *cache_lookup(jl_typename_t *tn, jl_value_t **params, size_t n)
{
    jl_svec_t *c = tn->cache;
    size_t sz = jl_svec_len(c);
    if (sz == 0)
        return NULL;
    size_t i = params_hash(params, n) & (sz - 1);
    for (size_t probes = 0; probes < sz; probes++) {
        jl_datatype_t *d = (jl_datatype_t *)jl_svecref(c, i);
        if (d == NULL)
            return NULL;
        if (params_equal(d, params, n))
            return d;
        i = (i + 1) & (sz - 1);
    }
    return NULL;
}

/* place d in c, which has a free slot; returns the probe length */
static size_t cache_place(jl_svec_t *c, jl_datatype_t *d)
{
    size_t sz = jl_svec_len(c);
    size_t i = params_hash(jl_svec_data(d->parameters), jl_svec_len(d->parameters)) & (sz - 1);
    size_t probes = 0;
    while (jl_svecref(c, i) != NULL) {
        i = (i + 1) & (sz - 1);
        probes++;
    }
    jl_svecset(c, i, d);
    return probes;
}

static int cache_place_would_probe_long(jl_svec_t *c, jl_datatype_t *d)
{
    size_t sz = jl_svec_len(c);
    size_t i = params_hash(jl_svec_data(d->parameters), jl_svec_len(d->parameters)) & (sz - 1);
    for (size_t probes = 0; probes < 16; probes++, i = (i + 1) & (sz - 1))
        if (jl_svecref(c, i) == NULL)
            return 0;
    return 1;
}

static size_t cache_count(jl_svec_t *c)
{
    size_t n = 0;
    for (size_t k = 0; k < jl_svec_len(c); k++)
        n += jl_svecref(c, k) != NULL;
    return n;
}

static void cache_insert(jl_typename_t *tn, jl_datatype_t *d)
{
    jl_svec_t *c = tn->cache;
    size_t sz = jl_svec_len(c);
    /* grow at 3/4 load; the count is only taken when a table is small or a probe ran long */
    if (sz == 0 || ((sz <= 16 || cache_place_would_probe_long(c, d)) && (cache_count(c) + 1) * 4 > sz * 3)) {
        jl_svec_t *nc = jl_alloc_svec(sz ? sz * 2 : 8);
        for (size_t k = 0; k < sz; k++)
            if (jl_svecref(c, k) != NULL)
                cache_place(nc, (jl_datatype_t *)jl_svecref(c, k));
        tn->cache = c = nc;
    }
    cache_place(c, d);
}

/* After an image was mapped at another address, TypeVar and object-identity hashes changed: place
   every instantiation again (sysimage/ calls this for each TypeName of a relocated image). */
JL_DLLEXPORT void jl_typename_cache_rehash(jl_typename_t *tn)
{
    jl_svec_t *c = tn->cache;
    size_t sz = jl_svec_len(c);
    if (sz == 0)
        return;
    jl_value_t *old[sz];
    memcpy(old, jl_svec_data(c), sz * sizeof(jl_value_t *));
    memset(jl_svec_data(c), 0, sz * sizeof(jl_value_t *));
    for (size_t k = 0; k < sz; k++)
        if (old[k] != NULL)
            cache_place(c, (jl_datatype_t *)old[k]);
}

static int tuple_params_concrete(jl_value_t **params, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        jl_value_t *p = params[i];
        if (!jl_is_concrete_type(p) || is_type_type(p))
            return 0; /* Tuple{Type{Int}} has instances of several kinds: not concrete */
    }
    return 1;
}

#define MAX_SPELLED_VARARG 1024

/* Apply the parametric DataType `body` (with TypeVar parameters) to `params`. */
static jl_datatype_t *inst_datatype(jl_datatype_t *body, jl_value_t **params, size_t n, tvar_env_t *env_in)
{
    jl_typename_t *tn = body->name;
    if (tn == jl_tuple_typename && n > 0 && jl_typeis(params[n - 1], jl_vararg_type)) {
        /* Tuple{A, Vararg{T, 2}} is Tuple{A, T, T}, as in Julia: one type, one spelling */
        jl_vararg_t *va = (jl_vararg_t *)params[n - 1];
        int64_t k = va->N != NULL && jl_typeis(va->N, jl_int64_type) ? jl_unbox_int64(va->N) : -1;
        if (k >= 0 && k <= MAX_SPELLED_VARARG) {
            size_t m = n - 1 + (size_t)k;
            jl_value_t *spelled[m + 1];
            memcpy(spelled, params, (n - 1) * sizeof(jl_value_t *));
            for (size_t i = n - 1; i < m; i++)
                spelled[i] = va->T ? va->T : (jl_value_t *)jl_any_type;
            if (m == 0 && jl_emptytuple_type)
                return jl_emptytuple_type;
            return inst_datatype(body, spelled, m, env_in);
        }
    }
    if (n > 0 && n == jl_svec_len(body->parameters)) {
        size_t i = 0; /* applied to its own type variables: the body itself (Node{T} inside Node) */
        while (i < n && params[i] == jl_svecref(body->parameters, i))
            i++;
        if (i == n)
            return body;
    }
    jl_datatype_t *d = cache_lookup(tn, params, n);
    if (d)
        return d;
    int cached = uncached_var == NULL || !params_mention_var(params, n, uncached_var);
    for (uncached_frame_t *f = cached ? NULL : uncached_stack; f; f = f->prev)
        if (f->d->name == tn && params_equal(f->d, params, n))
            return f->d;
    /* bind the body's type variables to the given parameters */
    size_t nb = jl_svec_len(body->parameters);
    tvar_env_t envs[nb ? nb : 1];
    tvar_env_t *env = env_in;
    for (size_t i = 0; i < nb && i < n; i++) {
        jl_value_t *p = jl_svecref(body->parameters, i);
        if (jl_is_tvar(p)) {
            envs[i] = (tvar_env_t){(jl_tvar_t *)p, params[i], env};
            env = &envs[i];
        }
    }
    d = new_uninit_datatype();
    jl_svec_t *ps = jl_alloc_svec(n);
    for (size_t i = 0; i < n; i++)
        jl_svecset(ps, i, params[i]);
    init_datatype(d, tn, NULL, ps);
    if (tn == jl_tuple_typename)
        d->isconcretetype = tuple_params_concrete(params, n);
    uncached_frame_t frame = {d, uncached_stack};
    if (cached)
        cache_insert(tn, d); /* before field types: recursive references find it */
    else
        uncached_stack = &frame;
    d->super = body->super ? (jl_datatype_t *)instantiate((jl_value_t *)body->super, env) : NULL;
    if (tn == jl_tuple_typename) {
        d->types = ps;
    }
    else if (tn == jl_namedtuple_typename) {
        jl_value_t *tt = n == 2 ? params[1] : NULL;
        int ok = tt && jl_is_tuple_type(tt) && !jl_has_free_typevars(tt) && jl_is_tuple(params[0]);
        for (size_t i = 0; ok && i < jl_svec_len(((jl_datatype_t *)tt)->parameters); i++)
            ok = !jl_typeis(jl_svecref(((jl_datatype_t *)tt)->parameters, i), jl_vararg_type);
        d->types = ok ? ((jl_datatype_t *)tt)->parameters : jl_emptysvec;
        d->isconcretetype = (uint8_t)ok;
    }
    else if (body->types && jl_svec_len(body->types)) {
        size_t nf = jl_svec_len(body->types);
        jl_svec_t *ft = jl_alloc_svec(nf);
        for (size_t i = 0; i < nf; i++)
            jl_svecset(ft, i, instantiate(jl_svecref(body->types, i), env));
        d->types = ft;
    }
    else {
        d->types = jl_emptysvec;
    }
    if (body->isprimitivetype) {
        d->isprimitivetype = 1;
        d->layout = body->layout;
        d->isbitstype = d->isconcretetype;
        d->zeroinit = 1;
    }
    else if (tn == jl_array_typename) {
        d->layout = body->layout;
    }
    else if (d->isconcretetype && !svec_has_free_typevars(d->types)) {
        jl_compute_field_offsets(d);
    }
    if (!cached)
        uncached_stack = frame.prev;
    return d;
}

/* After a parametric type's supertype and field types are set (Core._setsuper!, Core._typebody!), fix
   the instantiations made while they were still missing (e.g. Node{Int} inside Node's own fields). */
JL_DLLEXPORT void jl_reinstantiate_inner_types(jl_datatype_t *body)
{
    jl_typename_t *tn = body->name;
    size_t nb = jl_svec_len(body->parameters);
    jl_svec_t *cache = tn->cache; /* the loop may add instantiations: walk the table as it was */
    for (size_t k = 0; k < jl_svec_len(cache); k++) {
        jl_datatype_t *d = (jl_datatype_t *)jl_svecref(cache, k);
        if (d == NULL || d == body)
            continue;
        tvar_env_t envs[nb ? nb : 1];
        tvar_env_t *env = NULL;
        for (size_t i = 0; i < nb && i < jl_svec_len(d->parameters); i++) {
            jl_value_t *p = jl_svecref(body->parameters, i);
            if (jl_is_tvar(p)) {
                envs[i] = (tvar_env_t){(jl_tvar_t *)p, jl_svecref(d->parameters, i), env};
                env = &envs[i];
            }
        }
        d->super = body->super ? (jl_datatype_t *)instantiate((jl_value_t *)body->super, env) : NULL;
        if (body->isprimitivetype || tn == jl_tuple_typename || tn == jl_namedtuple_typename ||
            tn == jl_array_typename || body->types == NULL)
            continue;
        size_t nf = jl_svec_len(body->types);
        jl_svec_t *ft = jl_alloc_svec(nf);
        for (size_t i = 0; i < nf; i++)
            jl_svecset(ft, i, instantiate(jl_svecref(body->types, i), env));
        d->types = ft;
        if (d->isconcretetype && !svec_has_free_typevars(ft)) {
            d->instance = NULL;
            jl_compute_field_offsets(d);
        }
    }
}

static void check_bounds(jl_value_t *tc, jl_tvar_t *var, jl_value_t *p)
{
    if (jl_has_free_typevars(p) || jl_has_free_typevars(var->ub) || jl_has_free_typevars(var->lb))
        return; /* checked when the variables are bound */
    int istype = is_type_value(p) || jl_is_tvar(p) || jl_typeis(p, jl_vararg_type);
    if (!istype) {
        if (var->ub == (jl_value_t *)jl_any_type && var->lb == jl_bottom_type)
            return; /* isbits parameters such as N in Array{T,N} */
        jl_type_error(jl_symbol_name(((jl_datatype_t *)jl_unwrap_unionall(tc))->name->name),
                      var->ub, p);
    }
    if (!jl_subtype(p, var->ub) || !jl_subtype(var->lb, p))
        jl_type_error(jl_symbol_name(((jl_datatype_t *)jl_unwrap_unionall(tc))->name->name),
                      var->ub, p);
}

JL_DLLEXPORT jl_value_t *jl_apply_type(jl_value_t *tc, jl_value_t **params, size_t n)
{
    if (tc == (jl_value_t *)jl_anytuple_type || tc == jl_tuple_typename->wrapper)
        return (jl_value_t *)jl_apply_tuple_type_v(params, n);
    if (!jl_is_unionall(tc))
        jl_errorf("type %s is not parametric",
                  jl_is_datatype(tc) ? jl_symbol_name(((jl_datatype_t *)tc)->name->name) : "value");
    jl_tvar_t *vars[64];
    size_t nv = 0;
    jl_value_t *body = tc;
    while (jl_is_unionall(body) && nv < 64) {
        vars[nv++] = ((jl_unionall_t *)body)->var;
        body = ((jl_unionall_t *)body)->body;
    }
    if (n > nv)
        jl_errorf("too many parameters for type");
    for (size_t i = 0; i < n; i++)
        check_bounds(tc, vars[i], params[i]);
    tvar_env_t envs[64];
    tvar_env_t *env = NULL;
    for (size_t i = 0; i < n; i++) {
        envs[i] = (tvar_env_t){vars[i], params[i], env};
        env = &envs[i];
    }
    /* substitute into the remaining UnionAll wrappers (partial application keeps them) */
    jl_value_t *rest = tc;
    for (size_t i = 0; i < n; i++)
        rest = ((jl_unionall_t *)rest)->body;
    return instantiate(rest, env);
}

JL_DLLEXPORT jl_value_t *jl_apply_type1(jl_value_t *tc, jl_value_t *p1)
{
    return jl_apply_type(tc, &p1, 1);
}

JL_DLLEXPORT jl_value_t *jl_apply_type2(jl_value_t *tc, jl_value_t *p1, jl_value_t *p2)
{
    jl_value_t *ps[2] = {p1, p2};
    return jl_apply_type(tc, ps, 2);
}

JL_DLLEXPORT jl_datatype_t *jl_apply_tuple_type_v(jl_value_t **p, size_t np)
{
    if (np == 0 && jl_emptytuple_type)
        return jl_emptytuple_type;
    jl_datatype_t *body = (jl_datatype_t *)jl_unwrap_unionall(jl_tuple_typename->wrapper);
    return inst_datatype(body, p, np, NULL);
}

JL_DLLEXPORT jl_datatype_t *jl_apply_tuple_type(jl_svec_t *params)
{
    return jl_apply_tuple_type_v(jl_svec_data(params), jl_svec_len(params));
}

JL_DLLEXPORT jl_value_t *jl_apply_array_type(jl_value_t *eltype, size_t ndims)
{
    return jl_apply_type2(jl_array_type, eltype, jl_box_int64((int64_t)ndims));
}

/* ---------------------------------------------------------------- equality, subtyping, isa */

static int types_equal(jl_value_t *a, jl_value_t *b)
{
    if (a == b)
        return 1;
    jl_value_t *ta = jl_typeof(a);
    if (ta != jl_typeof(b))
        return 0;
    if (jl_is_uniontype(a) || jl_is_unionall(a))
        return jl_subtype(a, b) && jl_subtype(b, a);
    if (jl_typeis(a, jl_vararg_type)) {
        jl_vararg_t *x = (jl_vararg_t *)a, *y = (jl_vararg_t *)b;
        return types_equal(x->T ? x->T : (jl_value_t *)jl_any_type, y->T ? y->T : (jl_value_t *)jl_any_type) &&
               ((x->N == NULL && y->N == NULL) || (x->N && y->N && types_equal(x->N, y->N)));
    }
    if (jl_is_datatype(a))
        return 0; /* instantiations are hash-consed */
    return jl_egal(a, b);
}

/* subtyping and isa: src/subtype.c */

JL_DLLEXPORT const char *jl_typename_str(jl_value_t *v)
{
    jl_value_t *t = jl_typeof(v);
    if (jl_is_datatype(t))
        return jl_symbol_name(((jl_datatype_t *)t)->name->name);
    return "?";
}

/* ---------------------------------------------------------------- egal and object ids */

static int bits_equal(const char *a, const char *b, jl_datatype_t *dt);

static int fields_equal(jl_value_t *a, jl_value_t *b, jl_datatype_t *dt)
{
    const jl_datatype_layout_t *ly = dt->layout;
    if (ly->pointerfree && !ly->haspadding)
        return memcmp(a, b, ly->size) == 0;
    for (uint32_t i = 0; i < ly->nfields; i++) {
        const jl_fielddesc_t *fd = &ly->fields[i];
        char *pa = (char *)a + fd->offset, *pb = (char *)b + fd->offset;
        if (fd->isptr) {
            jl_value_t *x = *(jl_value_t **)pa, *y = *(jl_value_t **)pb;
            if (x != y && (x == NULL || y == NULL || !jl_egal(x, y)))
                return 0;
        }
        else if (!bits_equal(pa, pb, (jl_datatype_t *)jl_svecref(dt->types, i))) {
            return 0;
        }
    }
    return 1;
}

static int bits_equal(const char *a, const char *b, jl_datatype_t *dt)
{
    if (dt->layout->nfields == 0 || !dt->layout->haspadding)
        return memcmp(a, b, dt->layout->size) == 0;
    return fields_equal((jl_value_t *)a, (jl_value_t *)b, dt);
}

JL_DLLEXPORT int jl_egal(jl_value_t *a, jl_value_t *b)
{
    if (a == b)
        return 1;
    jl_value_t *ta = jl_typeof(a);
    if (ta != jl_typeof(b))
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)ta;
    if (dt == jl_string_type)
        return jl_string_len(a) == jl_string_len(b) && memcmp(jl_string_data(a), jl_string_data(b), jl_string_len(a)) == 0;
    if (dt == jl_simplevector_type) {
        size_t n = jl_svec_len(a);
        if (n != jl_svec_len(b))
            return 0;
        for (size_t i = 0; i < n; i++)
            if (!jl_egal(jl_svecref(a, i), jl_svecref(b, i)))
                return 0;
        return 1;
    }
    if (dt == jl_uniontype_type || dt == jl_unionall_type)
        return types_equal(a, b);
    if (dt == jl_datatype_type || dt == jl_symbol_type || dt->name->mutabl || dt == jl_module_type ||
        dt == jl_task_type || dt->layout == NULL)
        return 0;
    return fields_equal(a, b, dt);
}

JL_DLLEXPORT uintptr_t jl_object_id(jl_value_t *v)
{
    jl_value_t *t = jl_typeof(v);
    if (t == (jl_value_t *)jl_symbol_type)
        return ((jl_sym_t *)v)->hash;
    if (t == (jl_value_t *)jl_datatype_type)
        return ((jl_datatype_t *)v)->hash;
    if (t == (jl_value_t *)jl_string_type)
        return jl_memhash(jl_string_data(v), jl_string_len(v));
    jl_datatype_t *dt = (jl_datatype_t *)t;
    if (jl_is_datatype(t) && !dt->name->mutabl && dt->layout && dt->layout->pointerfree)
        return jl_hash_combine(dt->hash, jl_memhash((const char *)v, dt->layout->size));
    if (jl_is_datatype(t) && !dt->name->mutabl && dt->layout && dt != jl_module_type && dt != jl_task_type) {
        uintptr_t h = dt->hash;
        for (uint32_t i = 0; i < dt->layout->nfields; i++) {
            jl_value_t *f = jl_field_isdefined(v, i) ? jl_get_nth_field(v, i) : NULL;
            h = jl_hash_combine(h, f ? jl_object_id(f) : 0);
        }
        return h;
    }
    uintptr_t p = (uintptr_t)v;
    return p ^ (p >> 17) ^ (p << 13);
}
