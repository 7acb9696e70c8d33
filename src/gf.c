/*
 * gf.c -- generic functions: method tables, method definition, dispatch, specialization, invalidation
 * and MethodError.
 *
 * A call `F(args...)` goes through `jl_apply_generic`: the table is `typeof(F).name.mt`; its leaf cache
 * maps the exact argument types to a MethodInstance; the MethodInstance's current CodeInstance is
 * invoked with the generic ABI. On a miss, every method of the table whose signature the argument
 * types are a subtype of is a candidate; the most specific one wins (or the call is ambiguous, a
 * MethodError), is specialized on the concrete argument types (a MethodInstance with its static
 * parameters), and the result is cached.
 *
 * Invariants:
 *   - mt->defs is a Vector{Any} of Method in definition order (a replaced method keeps its slot);
 *     dispatch compares all candidates, reflection (jl_methods_of) sorts most specific first.
 *   - mt->leafcache is an svec of 2^k slots (or nothing), open addressing; a slot is NULL or an entry
 *     svec(mi, mask::UInt64, key_0, ..., key_n) for a call with n+1 values counting F; key_i is the
 *     value itself when bit i of mask is set (a type passed as a value: Type{key_i}), else its type.
 *     Looking up allocates nothing. Adding a method empties the table's cache.
 *   - A method's `specializations` is nothing or a Vector{Any} of its MethodInstances; an instance's
 *     `cache` is a list of CodeInstances, the first current one having max_world == JL_WORLD_MAX.
 *   - Invalidating an instance closes its CodeInstances' world range and invalidates its backedges.
 */
#include <alloca.h>
#include <stdio.h>
#include <string.h>
#include "iostream.h"
#include "julep_internal.h"
#include "gf.h"

JL_DLLEXPORT jl_datatype_t *jl_methoderror_type;
JL_DLLEXPORT jl_methtable_t *jl_type_type_mt, *jl_nonfunction_mt;
JL_DLLEXPORT jl_value_t *jl_kwcall_func;
jl_callptr_t (*jl_compile_hook)(jl_code_instance_t *ci);
void (*jl_method_defined_hook)(jl_method_t *m);

/* the interpreter provides this; weak so the runtime links without it */
#pragma weak jl_fptr_interpret_call

static uint64_t world_counter = 1;

JL_DLLEXPORT uint64_t *jl_world_counter_slot(void) /* saved and restored by system images */
{
    return &world_counter;
}

JL_DLLEXPORT uint64_t jl_get_world_counter(void)
{
    return world_counter;
}

/* ---------------------------------------------------------------- small helpers */

static int is_kind(jl_value_t *t)
{
    return t == (jl_value_t *)jl_datatype_type || t == (jl_value_t *)jl_uniontype_type ||
           t == (jl_value_t *)jl_unionall_type || t == (jl_value_t *)jl_typeofbottom_type;
}

static int is_type_value(jl_value_t *v)
{
    return is_kind(jl_typeof(v));
}

static int is_type_type(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_type_typename;
}

static int is_vararg(jl_value_t *v)
{
    return jl_typeis(v, jl_vararg_type);
}

static int is_builtin_value(jl_value_t *F)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(F);
    return t->super == jl_builtin_type && t->layout != NULL;
}

static jl_value_t *wrap_Type(jl_value_t *t)
{
    return jl_apply_type1(jl_type_typename->wrapper, t);
}

/* the type dispatch sees for one argument value */
static jl_value_t *arg_type(jl_value_t *v)
{
    return is_type_value(v) ? wrap_Type(v) : jl_typeof(v);
}

static int nvars_of(jl_value_t *sig)
{
    int n = 0;
    for (; jl_is_unionall(sig); sig = ((jl_unionall_t *)sig)->body)
        n++;
    return n;
}

static jl_datatype_t *sig_body(jl_value_t *sig)
{
    return (jl_datatype_t *)jl_unwrap_unionall(sig);
}

/* "#f" -> 1 for an anonymous function's or closure's type name ("#1", "#f#2") */
static int is_anonfn_name(const char *name)
{
    if (name[0] != '#' || name[1] == '#')
        return 0;
    const char *other = strrchr(name, '#');
    return other > name + 1 ? (other[1] >= '0' && other[1] <= '9') : (name[1] >= '0' && name[1] <= '9');
}

/* ---------------------------------------------------------------- tables */

JL_DLLEXPORT jl_methtable_t *jl_new_method_table(jl_sym_t *name, jl_module_t *module)
{
    jl_methtable_t *mt = (jl_methtable_t *)jl_gc_alloc(sizeof(jl_methtable_t), (jl_value_t *)jl_methtable_type);
    mt->name = name;
    mt->defs = jl_alloc_vec_any(0);
    mt->leafcache = jl_nothing;
    mt->cache = jl_nothing;
    mt->module = module;
    return mt;
}

/* the table methods of values of type dt go to (created on first use) */
static jl_methtable_t *mt_for_typename(jl_datatype_t *dt)
{
    jl_typename_t *tn = dt->name;
    if (tn->mt)
        return tn->mt;
    if (is_kind((jl_value_t *)dt) || tn == jl_type_typename)
        return jl_type_type_mt;
    if (dt->super == jl_function_type || dt->super == jl_builtin_type || is_anonfn_name(jl_symbol_name(tn->name))) {
        const char *nm = jl_symbol_name(tn->name);
        tn->mt = jl_new_method_table(nm[0] == '#' && nm[1] ? jl_symbol(nm + 1) : tn->name, tn->module);
        return tn->mt;
    }
    tn->mt = jl_nonfunction_mt;
    return tn->mt;
}

static jl_methtable_t *nth_methtable(jl_value_t *a)
{
    if (jl_is_datatype(a)) {
        jl_datatype_t *dt = (jl_datatype_t *)a;
        if (dt == jl_any_type || (dt->name->abstract && dt->name != jl_type_typename && dt->name->mt == NULL &&
                                  dt->super != jl_function_type))
            return dt == jl_any_type ? NULL : jl_nonfunction_mt;
        return mt_for_typename(dt);
    }
    if (jl_is_tvar(a))
        return nth_methtable(((jl_tvar_t *)a)->ub);
    if (jl_is_unionall(a))
        return nth_methtable(((jl_unionall_t *)a)->body);
    if (jl_is_uniontype(a)) {
        jl_methtable_t *m1 = nth_methtable(((jl_uniontype_t *)a)->a);
        jl_methtable_t *m2 = nth_methtable(((jl_uniontype_t *)a)->b);
        return m1 == m2 ? m1 : NULL;
    }
    return NULL;
}

JL_DLLEXPORT jl_methtable_t *jl_method_table_for(jl_value_t *sigtype)
{
    jl_datatype_t *tt = sig_body(sigtype);
    if (!jl_is_tuple_type((jl_value_t *)tt) || jl_svec_len(tt->parameters) == 0)
        return NULL;
    return nth_methtable(jl_svecref(tt->parameters, 0));
}

JL_DLLEXPORT jl_methtable_t *jl_gf_mtable(jl_value_t *F)
{
    if (is_builtin_value(F))
        return NULL;
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(F);
    jl_methtable_t *mt = t->name->mt;
    return mt ? mt : mt_for_typename(t);
}

/* ---------------------------------------------------------------- the leaf cache */

#define KEY_TYPE_FLAG ((uintptr_t)0x5bd1e995u)

static inline jl_value_t *arg_key(jl_value_t *v, int *istype)
{
    jl_value_t *t = jl_typeof(v);
    *istype = is_kind(t);
    return *istype ? v : t;
}

static inline uintptr_t call_hash(jl_value_t *F, jl_value_t **args, uint32_t nargs, uint64_t *mask)
{
    int ist;
    jl_value_t *k = arg_key(F, &ist);
    uint64_t m = (uint64_t)ist;
    uintptr_t h = jl_hash_combine((uintptr_t)nargs, (uintptr_t)k ^ (ist ? KEY_TYPE_FLAG : 0));
    for (uint32_t i = 0; i < nargs; i++) {
        k = arg_key(args[i], &ist);
        m |= (uint64_t)ist << (i + 1);
        h = jl_hash_combine(h, (uintptr_t)k ^ (ist ? KEY_TYPE_FLAG : 0));
    }
    *mask = m;
    return h;
}

static inline int entry_matches(jl_svec_t *e, jl_value_t *F, jl_value_t **args, uint32_t nargs, uint64_t mask)
{
    if (jl_svec_len(e) != (size_t)nargs + 3 || *(uint64_t *)jl_svecref(e, 1) != mask)
        return 0;
    jl_value_t **keys = jl_svec_data(e) + 2;
    int ist;
    if (keys[0] != arg_key(F, &ist))
        return 0;
    for (uint32_t i = 0; i < nargs; i++)
        if (keys[i + 1] != arg_key(args[i], &ist))
            return 0;
    return 1;
}

static jl_method_instance_t *cache_lookup(jl_methtable_t *mt, jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_value_t *c = mt->leafcache;
    if (!jl_is_svec(c) || nargs > 62)
        return NULL;
    uint64_t mask;
    uintptr_t h = call_hash(F, args, nargs, &mask);
    size_t sz = jl_svec_len(c), i = h & (sz - 1);
    for (size_t probes = 0; probes < sz; probes++) {
        jl_svec_t *e = (jl_svec_t *)jl_svecref(c, i);
        if (e == NULL)
            return NULL;
        if (entry_matches(e, F, args, nargs, mask))
            return (jl_method_instance_t *)jl_svecref(e, 0);
        i = (i + 1) & (sz - 1);
    }
    return NULL;
}

static size_t cache_count(jl_svec_t *c)
{
    size_t n = 0;
    for (size_t i = 0; i < jl_svec_len(c); i++)
        n += jl_svecref(c, i) != NULL;
    return n;
}

static void cache_put(jl_svec_t *c, jl_svec_t *e, uintptr_t h)
{
    size_t sz = jl_svec_len(c), i = h & (sz - 1);
    while (jl_svecref(c, i) != NULL)
        i = (i + 1) & (sz - 1);
    jl_svecset(c, i, e);
}

static uintptr_t entry_hash(jl_svec_t *e)
{
    size_t n = jl_svec_len(e) - 3;
    uint64_t mask = *(uint64_t *)jl_svecref(e, 1);
    jl_value_t **keys = jl_svec_data(e) + 2;
    uintptr_t h = jl_hash_combine((uintptr_t)n, (uintptr_t)keys[0] ^ ((mask & 1) ? KEY_TYPE_FLAG : 0));
    for (size_t i = 0; i < n; i++)
        h = jl_hash_combine(h, (uintptr_t)keys[i + 1] ^ (((mask >> (i + 1)) & 1) ? KEY_TYPE_FLAG : 0));
    return h;
}

static void cache_insert(jl_methtable_t *mt, jl_value_t *F, jl_value_t **args, uint32_t nargs,
                         jl_method_instance_t *mi)
{
    if (nargs > 62)
        return;
    /* a UnionAll or Union passed as a value is keyed by its address, but apply_type makes a new one
       each time (`NamedTuple{names}` in keyword-call lowering): caching it would only grow the table */
    if (jl_is_unionall(F) || jl_is_uniontype(F))
        return;
    for (uint32_t i = 0; i < nargs; i++)
        if (jl_is_unionall(args[i]) || jl_is_uniontype(args[i]))
            return;
    uint64_t mask;
    uintptr_t h = call_hash(F, args, nargs, &mask);
    jl_svec_t *e = jl_alloc_svec((size_t)nargs + 3);
    jl_svecset(e, 0, mi);
    jl_svecset(e, 1, jl_box_uint64(mask));
    int ist;
    jl_svecset(e, 2, arg_key(F, &ist));
    for (uint32_t i = 0; i < nargs; i++)
        jl_svecset(e, i + 3, arg_key(args[i], &ist));
    jl_value_t *c = mt->leafcache;
    if (!jl_is_svec(c)) {
        c = (jl_value_t *)jl_alloc_svec(8);
    }
    else if ((cache_count((jl_svec_t *)c) + 1) * 2 > jl_svec_len(c)) {
        jl_svec_t *nc = jl_alloc_svec(jl_svec_len(c) * 2);
        for (size_t i = 0; i < jl_svec_len(c); i++) {
            jl_svec_t *old = (jl_svec_t *)jl_svecref(c, i);
            if (old)
                cache_put(nc, old, entry_hash(old));
        }
        c = (jl_value_t *)nc;
    }
    cache_put((jl_svec_t *)c, e, h);
    mt->leafcache = c;
}

/* ---------------------------------------------------------------- specialization and code */

static jl_value_t *fptr_args_trampoline(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_code_instance_t *ci)
{
    return ((jl_fptr_args_t)ci->specptr)(F, args, nargs);
}

static jl_value_t *no_interpreter(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_code_instance_t *ci)
{
    jl_error("cannot run this method: julep was built without an interpreter");
}

/* @generated (lower_expand.c): the GlobalRef of the generator a method body names in its leading
   `(meta generated <GlobalRef>)`, or nothing. It is resolved on the first specialization: a local
   @generated function's method may be defined before the statement defining its generator runs. */
static jl_value_t *generator_of(jl_code_info_t *src)
{
    for (size_t i = 0; src && i < jl_array_len(src->code) && i < 4; i++) {
        jl_value_t *st = jl_array_ptr_ref(src->code, i);
        if (jl_is_expr(st) && ((jl_expr_t *)st)->head == jl_s_meta && jl_expr_nargs(st) == 2 &&
            jl_exprarg(st, 0) == (jl_value_t *)jl_symbol("generated") && jl_is_globalref(jl_exprarg(st, 1)))
            return jl_exprarg(st, 1);
    }
    return jl_nothing;
}

/* The code of one specialization of a @generated method: its generator is called with the static
   parameter values and the argument types (the function's type first), once per MethodInstance. */
static jl_value_t *generated_code(jl_method_t *m, jl_value_t *spec, jl_svec_t *sparams)
{
    jl_datatype_t *tt = (jl_datatype_t *)spec;
    size_t ns = jl_svec_len(sparams), na = jl_svec_len(tt->parameters);
    jl_value_t **args = (jl_value_t **)alloca((ns + na + 1) * sizeof(jl_value_t *));
    args[0] = m->generator;
    if (jl_is_globalref(m->generator)) {
        jl_globalref_t *g = (jl_globalref_t *)m->generator;
        args[0] = jl_get_global(g->mod, g->name);
        if (args[0] == NULL)
            jl_errorf("the generator of @generated function %s is not defined", jl_symbol_name(m->name));
    }
    for (size_t i = 0; i < ns; i++)
        args[1 + i] = jl_svecref(sparams, i);
    for (size_t i = 0; i < na; i++)
        args[1 + ns + i] = jl_svecref(tt->parameters, i);
    jl_value_t *ex = jl_apply(args, (uint32_t)(ns + na + 1));
    return (jl_value_t *)jl_lower_generated(m, ex, sparams);
}

/* a signature calls can have exactly: concrete types, or Type{X} of a closed X (a type passed as a
   value); @generated bodies are made for these (Julia's dispatch tuples) */
static int is_dispatch_tuple(jl_value_t *spec)
{
    if (!jl_is_datatype(spec) || !jl_is_tuple_type(spec))
        return 0;
    jl_svec_t *ps = ((jl_datatype_t *)spec)->parameters;
    for (size_t i = 0; i < jl_svec_len(ps); i++) {
        jl_value_t *p = jl_svecref(ps, i);
        if (jl_is_concrete_type(p))
            continue;
        if (!is_type_type(p) || jl_has_free_typevars(p))
            return 0;
    }
    return 1;
}

JL_DLLEXPORT jl_method_instance_t *jl_specializations_get_linfo(jl_method_t *m, jl_value_t *spec,
                                                                 jl_svec_t *sparams)
{
    if (!jl_is_array(m->specializations))
        m->specializations = (jl_value_t *)jl_alloc_vec_any(0);
    jl_array_t *specs = (jl_array_t *)m->specializations;
    for (size_t i = 0; i < jl_array_len(specs); i++) {
        jl_method_instance_t *mi = (jl_method_instance_t *)jl_array_ptr_ref(specs, i);
        if (mi->specTypes == spec)
            return mi;
    }
    jl_method_instance_t *mi =
        (jl_method_instance_t *)jl_gc_alloc(sizeof(jl_method_instance_t), (jl_value_t *)jl_method_instance_type);
    mi->def = (jl_value_t *)m;
    mi->specTypes = spec;
    mi->sparam_vals = sparams ? sparams : jl_emptysvec;
    mi->uninferred = jl_nothing;
    mi->backedges = NULL;
    mi->cache = NULL;
    if (m->generator != NULL && m->generator != jl_nothing && is_dispatch_tuple(spec))
        mi->uninferred = generated_code(m, spec, mi->sparam_vals);
    jl_array_ptr_1d_push(specs, (jl_value_t *)mi);
    return mi;
}

static jl_code_instance_t *new_code_instance(jl_method_instance_t *mi)
{
    jl_code_instance_t *ci =
        (jl_code_instance_t *)jl_gc_alloc(sizeof(jl_code_instance_t), (jl_value_t *)jl_code_instance_type);
    ci->def = mi;
    ci->min_world = world_counter;
    ci->max_world = JL_WORLD_MAX;
    ci->rettype = (jl_value_t *)jl_any_type;
    ci->inferred = jl_nothing;
    ci->next = mi->cache;
    return ci;
}

/* the native entry of a C-implemented method (jl_new_native_method), or NULL */
static jl_code_instance_t *native_template(jl_method_t *m)
{
    jl_value_t *u = m->unspecialized;
    if (u && jl_is_method_instance(u) && ((jl_method_instance_t *)u)->cache)
        return ((jl_method_instance_t *)u)->cache;
    return NULL;
}

JL_DLLEXPORT jl_code_instance_t *jl_compile_method_internal(jl_method_instance_t *mi)
{
    jl_code_instance_t *ci = mi->cache;
    if (ci && ci->max_world == JL_WORLD_MAX && ci->invoke)
        return ci;
    ci = new_code_instance(mi);
    jl_method_t *m = jl_is_method(mi->def) ? (jl_method_t *)mi->def : NULL;
    jl_code_instance_t *native = m ? native_template(m) : NULL;
    if (native) {
        ci->invoke = native->invoke;
        ci->specptr = native->specptr;
    }
    else {
        /* installed (interpreted) before the compiler runs: calls made while compiling, or
           recursive ones from the code being compiled, find it instead of compiling again */
        ci->invoke = jl_fptr_interpret_call ? jl_fptr_interpret_call : no_interpreter;
        mi->cache = ci;
        if (jl_compile_hook) {
            jl_callptr_t f = jl_compile_hook(ci);
            if (f)
                ci->invoke = f;
        }
    }
    mi->cache = ci;
    return ci;
}

/* Would dispatch keep a type argument as Type{X} for this declared parameter type? */
static int keeps_type_arg(jl_value_t *decl)
{
    while (jl_is_tvar(decl))
        decl = ((jl_tvar_t *)decl)->ub;
    decl = jl_unwrap_unionall(decl);
    if (is_type_type(decl))
        return 1;
    if (jl_is_uniontype(decl))
        return keeps_type_arg(((jl_uniontype_t *)decl)->a) || keeps_type_arg(((jl_uniontype_t *)decl)->b);
    return 0;
}

/* an @nospecialize argument is compiled for its declared type (a type variable's bound), when that
   names no other type variable of the method */
static jl_value_t *nospecialized_type(jl_value_t *decl)
{
    if (jl_is_tvar(decl))
        decl = ((jl_tvar_t *)decl)->ub;
    return jl_has_free_typevars(decl) ? NULL : decl;
}

/* The signature to compile m for: the call's types, with Type{X} widened to X's kind where the method
   does not ask for Type{...}, and @nospecialize arguments widened to their declared types (Julia's
   rules, simplified). */

static jl_value_t *specialization_sig(jl_method_t *m, jl_value_t *tt)
{
    jl_datatype_t *body = sig_body(m->sig), *t = (jl_datatype_t *)tt;
    size_t n = jl_svec_len(t->parameters), nd = jl_svec_len(body->parameters);
    jl_value_t *ps[n ? n : 1];
    int changed = 0;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *p = jl_svecref(t->parameters, i);
        ps[i] = p;
        if (nd == 0)
            continue;
        jl_value_t *decl = i < nd ? jl_svecref(body->parameters, i) : jl_svecref(body->parameters, nd - 1);
        size_t argi = i;
        if (i >= nd - 1 && is_vararg(jl_svecref(body->parameters, nd - 1))) {
            decl = ((jl_vararg_t *)jl_svecref(body->parameters, nd - 1))->T;
            if (decl == NULL)
                decl = (jl_value_t *)jl_any_type;
            argi = nd - 1;
        }
        jl_value_t *wide;
        if (argi >= 1 && argi <= 32 && (m->nospecialize >> (argi - 1) & 1) && (wide = nospecialized_type(decl))) {
            changed |= wide != p;
            ps[i] = wide;
            continue;
        }
        if (!is_type_type(p))
            continue;
        if (!keeps_type_arg(decl)) {
            ps[i] = jl_typeof(jl_svecref(((jl_datatype_t *)p)->parameters, 0));
            changed = 1;
        }
    }
    if (!changed)
        return tt;
    jl_value_t *spec = (jl_value_t *)jl_apply_tuple_type_v(ps, n);
    return jl_subtype(spec, m->sig) ? spec : tt;
}

static jl_svec_t *compute_sparams(jl_method_t *m, jl_value_t *spec)
{
    int nv = nvars_of(m->sig);
    if (nv == 0)
        return jl_emptysvec;
    jl_value_t *env[nv];
    if (!jl_subtype_env(spec, m->sig, env, nv)) {
        jl_value_t *u = m->sig;
        for (int i = 0; i < nv; i++, u = ((jl_unionall_t *)u)->body)
            env[i] = (jl_value_t *)((jl_unionall_t *)u)->var;
    }
    jl_svec_t *sv = jl_alloc_svec((size_t)nv);
    for (int i = 0; i < nv; i++)
        jl_svecset(sv, i, env[i]);
    return sv;
}

static jl_method_instance_t *specialize(jl_method_t *m, jl_value_t *tt)
{
    jl_value_t *spec = specialization_sig(m, tt);
    if (jl_is_array(m->specializations)) {
        jl_array_t *specs = (jl_array_t *)m->specializations;
        for (size_t i = 0; i < jl_array_len(specs); i++) {
            jl_method_instance_t *mi = (jl_method_instance_t *)jl_array_ptr_ref(specs, i);
            if (mi->specTypes == spec)
                return mi;
        }
    }
    return jl_specializations_get_linfo(m, spec, compute_sparams(m, spec));
}

/* for inference (codegen/infer.c): the instance dispatch would use for a call of m with argument types
   tt (a full signature); tt may be abstract, then static parameters it leaves open are TypeVars */
JL_DLLEXPORT jl_method_instance_t *jl_method_specialize(jl_method_t *m, jl_value_t *tt)
{
    return specialize(m, tt);
}

/* ---------------------------------------------------------------- finding the method */

/* n arguments besides the function; m->nargs counts the function and a trailing Vararg slot */
static int arity_ok(jl_method_t *m, size_t n)
{
    return m->isva ? n + 2 >= (size_t)m->nargs : n + 1 == (size_t)m->nargs;
}

/* the TypeName a method in the constructor table is for (Type{Point{T}} -> Point), or NULL */
static jl_typename_t *ctor_key(jl_value_t *sig)
{
    jl_datatype_t *b = sig_body(sig);
    if (!jl_is_tuple_type((jl_value_t *)b) || jl_svec_len(b->parameters) == 0)
        return NULL;
    jl_value_t *p = jl_svecref(b->parameters, 0);
    if (!is_type_type(p))
        return NULL;
    jl_value_t *X = jl_unwrap_unionall(jl_svecref(((jl_datatype_t *)p)->parameters, 0));
    return jl_is_datatype(X) ? ((jl_datatype_t *)X)->name : NULL;
}

/* The TypeName of the type a call through the constructor table constructs: F's, or from a signature
   alone (inference's lookups) its Type{X} argument's; NULL when not one datatype. A constructor method
   keyed on another TypeName cannot match (Type{} is invariant). */
static jl_typename_t *constructed_name(jl_value_t *F, jl_value_t *tt)
{
    if (F == NULL)
        return ctor_key(tt);
    jl_value_t *X = jl_unwrap_unionall(F);
    return jl_is_datatype(X) ? ((jl_datatype_t *)X)->name : NULL;
}

/* the number of arguments besides the function a signature fixes, or -1 (a Vararg) */
static size_t fixed_nargs(jl_value_t *tt)
{
    jl_datatype_t *b = sig_body(tt);
    size_t n = jl_is_tuple_type((jl_value_t *)b) ? jl_svec_len(b->parameters) : 0;
    if (n == 0 || is_vararg(jl_svecref(b->parameters, n - 1)))
        return (size_t)-1;
    return n - 1;
}

typedef struct {
    jl_method_t **v;
    size_t n, cap;
    jl_method_t *small[16];
} mlist_t;

static void mlist_push(mlist_t *l, jl_method_t *m)
{
    if (l->n == l->cap) {
        size_t nc = l->cap * 2;
        jl_method_t **nv = (jl_method_t **)jl_gc_alloc_buf(nc * sizeof(void *));
        memcpy(nv, l->v, l->n * sizeof(void *));
        l->v = nv;
        l->cap = nc;
    }
    l->v[l->n++] = m;
}

static void mlist_init(mlist_t *l)
{
    l->v = l->small;
    l->n = 0;
    l->cap = 16;
}

/* A cheap "cannot match": some concrete argument type lacks the declared (closed, nominal) type on
   its supertype chain. Saves the full subtype check for most methods of a large table. */
static int quick_reject(jl_datatype_t *tt, jl_method_t *m)
{
    jl_datatype_t *sb = sig_body(m->sig);
    if (!jl_is_tuple_type((jl_value_t *)tt))
        return 0;
    size_t n = jl_svec_len(tt->parameters), ns = jl_svec_len(sb->parameters);
    for (size_t i = 1; i < n && i < ns; i++) {
        jl_value_t *d = jl_svecref(sb->parameters, i), *a = jl_svecref(tt->parameters, i);
        if (is_vararg(d))
            break;
        if (!jl_is_datatype(d) || !jl_is_datatype(a) || d == (jl_value_t *)jl_any_type)
            continue;
        jl_datatype_t *dd = (jl_datatype_t *)d, *ad = (jl_datatype_t *)a;
        if (dd->hasfreetypevars || dd->name == jl_type_typename || !ad->isconcretetype ||
            ad->name == jl_tuple_typename)
            continue;
        while (ad->name != dd->name && ad != jl_any_type && ad->super && ad->super != ad)
            ad = ad->super;
        if (ad->name != dd->name)
            return 1;
    }
    return 0;
}

/* Methods of mt whose signature tt (a full call signature) is a subtype of; F (if known) prefilters;
   nargs may be -1 (taken from tt). */
static void matching_methods(jl_methtable_t *mt, jl_value_t *tt, jl_value_t *F, size_t nargs, mlist_t *out)
{
    jl_array_t *defs = mt->defs;
    if (nargs == (size_t)-1)
        nargs = fixed_nargs(tt);
    jl_typename_t *made = mt == jl_type_type_mt ? constructed_name(F, tt) : NULL;
    for (size_t i = 0; i < jl_array_len(defs); i++) {
        jl_method_t *m = (jl_method_t *)jl_array_ptr_ref(defs, i);
        if (nargs != (size_t)-1 && !arity_ok(m, nargs))
            continue;
        if (made != NULL) {
            jl_typename_t *k = ctor_key(m->sig);
            if (k != NULL && k != made)
                continue;
        }
        if (!quick_reject((jl_datatype_t *)tt, m) && jl_subtype(tt, m->sig))
            mlist_push(out, m);
    }
}

static int beats_all(mlist_t *c, jl_method_t *m)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->v[i] != m && !jl_type_morespecific(m->sig, c->v[i]->sig))
            return 0;
    return 1;
}

/* The candidate more specific than all others, or NULL (an ambiguous call). Specificity is not
   transitive, so when the tournament's winner fails, every candidate is tried. */
static jl_method_t *most_specific(mlist_t *c)
{
    if (c->n == 0)
        return NULL;
    jl_method_t *best = c->v[0];
    for (size_t i = 1; i < c->n; i++)
        if (jl_type_morespecific(c->v[i]->sig, best->sig))
            best = c->v[i];
    if (beats_all(c, best))
        return best;
    for (size_t i = 0; i < c->n; i++)
        if (c->v[i] != best && beats_all(c, c->v[i]))
            return c->v[i];
    return NULL;
}

/* The candidates of an ambiguous call that no other candidate beats, latest definition first (the
   order Julia lists them in). */
static void ambiguous_candidates(mlist_t *c, mlist_t *out)
{
    for (size_t i = c->n; i-- > 0;) {
        int beaten = 0;
        for (size_t j = 0; j < c->n && !beaten; j++)
            beaten = j != i && jl_type_morespecific(c->v[j]->sig, c->v[i]->sig);
        if (!beaten)
            mlist_push(out, c->v[i]);
    }
}

static jl_value_t *call_tuple_type(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_value_t *ts[nargs + 1];
    ts[0] = arg_type(F);
    for (uint32_t i = 0; i < nargs; i++)
        ts[i + 1] = arg_type(args[i]);
    return (jl_value_t *)jl_apply_tuple_type_v(ts, nargs + 1);
}

static jl_method_instance_t *lookup_call(jl_methtable_t *mt, jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_value_t *tt = call_tuple_type(F, args, nargs);
    mlist_t c;
    mlist_init(&c);
    matching_methods(mt, tt, F, nargs, &c);
    jl_method_t *m = most_specific(&c);
    return m ? specialize(m, tt) : NULL;
}

JL_DLLEXPORT jl_method_instance_t *jl_method_lookup(jl_value_t **args, uint32_t nargs)
{
    jl_value_t *F = args[0];
    jl_methtable_t *mt = jl_gf_mtable(F);
    if (mt == NULL)
        return NULL;
    jl_method_instance_t *mi = cache_lookup(mt, F, args + 1, nargs - 1);
    return mi ? mi : lookup_call(mt, F, args + 1, nargs - 1);
}

/* ---------------------------------------------------------------- calling */

static jl_value_t *apply_slow(jl_methtable_t *mt, jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    if (mt == NULL) {
        if (is_builtin_value(F))
            return ((jl_builtin_fn_t *)F)->fptr(F, args, nargs);
        mt = jl_gf_mtable(F);
    }
    jl_method_instance_t *mi = cache_lookup(mt, F, args, nargs);
    if (mi == NULL) {
        mi = lookup_call(mt, F, args, nargs);
        if (mi == NULL)
            jl_method_error(F, args, nargs);
        cache_insert(mt, F, args, nargs, mi);
    }
    jl_code_instance_t *ci = jl_compile_method_internal(mi);
    return ci->invoke(F, args, nargs, ci);
}

JL_DLLEXPORT jl_value_t *jl_apply_generic(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_methtable_t *mt = ((jl_datatype_t *)jl_typeof(F))->name->mt;
    if (mt) {
        jl_method_instance_t *mi = cache_lookup(mt, F, args, nargs);
        if (mi) {
            jl_code_instance_t *ci = mi->cache;
            if (ci && ci->max_world == JL_WORLD_MAX && ci->invoke)
                return ci->invoke(F, args, nargs, ci);
        }
    }
    return apply_slow(mt, F, args, nargs);
}

JL_DLLEXPORT jl_value_t *jl_apply(jl_value_t **args, uint32_t nargs)
{
    jl_value_t *F = args[0];
    if (is_builtin_value(F))
        return ((jl_builtin_fn_t *)F)->fptr(F, args + 1, nargs - 1);
    return jl_apply_generic(F, args + 1, nargs - 1);
}

JL_DLLEXPORT jl_value_t *jl_call(jl_value_t *f, jl_value_t **args, uint32_t nargs)
{
    jl_value_t *volatile result = NULL;
    JL_TRY {
        jl_value_t *argv[nargs + 1];
        argv[0] = f;
        for (uint32_t i = 0; i < nargs; i++)
            argv[i + 1] = args[i];
        result = jl_apply(argv, nargs + 1);
    }
    JL_CATCH {
        result = NULL;
    }
    return result;
}

JL_DLLEXPORT jl_value_t *jl_invoke(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_method_instance_t *mi)
{
    jl_code_instance_t *ci = jl_compile_method_internal(mi);
    return ci->invoke(F, args, nargs, ci);
}

/* ---------------------------------------------------------------- invoke, applicable, reflection */

static jl_method_t *lookup_by_type(jl_value_t *types)
{
    jl_methtable_t *mt = jl_method_table_for(types);
    if (mt == NULL)
        return NULL;
    mlist_t c;
    mlist_init(&c);
    matching_methods(mt, types, NULL, (size_t)-1, &c);
    return most_specific(&c);
}

/* Inference asks for the method of the same signatures over and over (every `x + 1` on Ints is
   +(::Int64, ::Int64)), and a lookup scans the whole method table with subtype tests. Remember recent
   answers per signature object, valid for the world they were computed in (every change to a method
   table starts a new world). Entries live in uncollectable memory, so a remembered signature stays
   alive and its address is never reused for another type. */
#define LOOKUP_CACHE_SIZE 1024
typedef struct {
    jl_value_t *types;
    jl_method_t *m;
    uint64_t world;
} lookup_entry_t;
static lookup_entry_t *lookup_cache;

JL_DLLEXPORT jl_value_t *jl_gf_invoke_lookup(jl_value_t *types)
{
    if (lookup_cache == NULL)
        lookup_cache = (lookup_entry_t *)jl_gc_alloc_uncollectable(LOOKUP_CACHE_SIZE * sizeof(lookup_entry_t));
    uintptr_t h = (uintptr_t)types;
    lookup_entry_t *e = &lookup_cache[((h >> 4) ^ (h >> 14)) & (LOOKUP_CACHE_SIZE - 1)];
    jl_method_t *m;
    if (e->types == types && e->world == world_counter) {
        m = e->m;
    }
    else {
        m = lookup_by_type(types);
        *e = (lookup_entry_t){types, m, world_counter};
    }
    return m ? (jl_value_t *)m : jl_nothing;
}

/* Tuple{typeof(f), types...} for invoke's `types` (which excludes the function) */
static jl_value_t *prepend_ftype(jl_value_t *f, jl_value_t *types)
{
    if (jl_is_unionall(types)) {
        jl_unionall_t *ua = (jl_unionall_t *)types;
        return jl_type_unionall(ua->var, prepend_ftype(f, ua->body));
    }
    jl_datatype_t *tt = (jl_datatype_t *)types;
    size_t n = jl_svec_len(tt->parameters);
    jl_value_t *ps[n + 1];
    ps[0] = arg_type(f);
    for (size_t i = 0; i < n; i++)
        ps[i + 1] = jl_svecref(tt->parameters, i);
    return (jl_value_t *)jl_apply_tuple_type_v(ps, n + 1);
}

JL_DLLEXPORT jl_value_t *jl_gf_invoke(jl_value_t *types, jl_value_t *f, jl_value_t **args, uint32_t nargs)
{
    jl_value_t *sig = prepend_ftype(f, types);
    jl_method_t *m = lookup_by_type(sig);
    if (m == NULL)
        jl_method_error(f, args, nargs);
    jl_value_t *tt = call_tuple_type(f, args, nargs);
    jl_method_instance_t *mi = specialize(m, tt);
    return jl_invoke(f, args, nargs, mi);
}

JL_DLLEXPORT int jl_gf_applicable(jl_value_t *f, jl_value_t **args, uint32_t nargs)
{
    jl_methtable_t *mt = jl_gf_mtable(f);
    if (mt == NULL)
        return is_builtin_value(f);
    jl_value_t *tt = call_tuple_type(f, args, nargs);
    mlist_t c;
    mlist_init(&c);
    matching_methods(mt, tt, f, nargs, &c);
    return c.n > 0;
}

JL_DLLEXPORT jl_value_t *jl_matching_methods(jl_value_t *types, int lim)
{
    jl_methtable_t *mt = jl_method_table_for(types);
    jl_array_t *out = jl_alloc_vec_any(0);
    if (mt == NULL)
        return (jl_value_t *)out;
    jl_array_t *defs = mt->defs;
    for (size_t i = 0; i < jl_array_len(defs); i++) {
        jl_method_t *m = (jl_method_t *)jl_array_ptr_ref(defs, i);
        jl_svec_t *env = jl_emptysvec;
        jl_value_t *ti = jl_type_intersection_env(types, m->sig, &env);
        if (ti == jl_bottom_type)
            continue;
        if (lim >= 0 && jl_array_len(out) >= (size_t)lim)
            return jl_false;
        jl_array_ptr_1d_push(out, (jl_value_t *)jl_svec(3, ti, env, m));
        /* a method covering all of `types` hides the less specific ones after it */
    }
    return (jl_value_t *)out;
}

JL_DLLEXPORT jl_value_t *jl_methods_of(jl_value_t *F)
{
    jl_methtable_t *mt = jl_gf_mtable(F);
    jl_array_t *out = jl_alloc_vec_any(0);
    if (mt == NULL)
        return (jl_value_t *)out;
    jl_value_t *ft = arg_type(F);
    for (size_t i = 0; i < jl_array_len(mt->defs); i++) {
        jl_method_t *m = (jl_method_t *)jl_array_ptr_ref(mt->defs, i);
        jl_datatype_t *b = sig_body(m->sig);
        jl_value_t *p0 = jl_svec_len(b->parameters) ? jl_svecref(b->parameters, 0) : NULL;
        if (mt == ((jl_datatype_t *)jl_typeof(F))->name->mt && p0 && jl_type_intersection(ft, p0) == jl_bottom_type)
            continue;
        if (mt != ((jl_datatype_t *)jl_typeof(F))->name->mt && p0 && !jl_isa(F, p0))
            continue;
        jl_array_ptr_1d_push(out, (jl_value_t *)m);
    }
    /* most specific first, otherwise in definition order */
    jl_value_t **v = jl_array_ptr_data(out);
    for (size_t i = 1; i < jl_array_len(out); i++) {
        jl_value_t *x = v[i];
        size_t j = i;
        while (j > 0 && jl_type_morespecific_no_subtype(((jl_method_t *)x)->sig, ((jl_method_t *)v[j - 1])->sig)) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    return (jl_value_t *)out;
}

/* closeness: how many argument positions match (more is closer) */
static int match_score(jl_method_t *m, jl_datatype_t *at)
{
    jl_datatype_t *b = sig_body(m->sig);
    size_t nb = jl_svec_len(b->parameters), na = jl_svec_len(at->parameters);
    int score = 0;
    for (size_t i = 1; i < na && nb > 0; i++) {
        jl_value_t *d = i < nb ? jl_svecref(b->parameters, i) : jl_svecref(b->parameters, nb - 1);
        if (is_vararg(d))
            d = ((jl_vararg_t *)d)->T ? ((jl_vararg_t *)d)->T : (jl_value_t *)jl_any_type;
        else if (i >= nb)
            break;
        while (jl_is_tvar(d))
            d = ((jl_tvar_t *)d)->ub;
        if (!jl_has_free_typevars_exact(d) && jl_subtype(jl_svecref(at->parameters, i), d))
            score++;
    }
    return score;
}

JL_DLLEXPORT jl_value_t *jl_methods_closest(jl_value_t *F, jl_value_t *argtypes, int lim)
{
    jl_array_t *all = (jl_array_t *)jl_methods_of(F);
    jl_array_t *out = jl_alloc_vec_any(0);
    jl_datatype_t *at = (jl_datatype_t *)argtypes;
    int best = -1;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < jl_array_len(all); i++) {
            jl_method_t *m = (jl_method_t *)jl_array_ptr_ref(all, i);
            int s = match_score(m, at);
            if (pass == 0 && s > best)
                best = s;
            if (pass == 1 && s == best && (lim < 0 || jl_array_len(out) < (size_t)lim))
                jl_array_ptr_1d_push(out, (jl_value_t *)m);
        }
    }
    return (jl_value_t *)out;
}

/* ---------------------------------------------------------------- invalidation */

static void invalidate_backedges(jl_array_t *be, int depth);

static void invalidate_mi(jl_method_instance_t *mi, int depth)
{
    int any = 0;
    for (jl_code_instance_t *ci = mi->cache; ci; ci = (jl_code_instance_t *)ci->next) {
        if (ci->max_world == JL_WORLD_MAX) {
            ci->max_world = world_counter - 1;
            any = 1;
        }
    }
    jl_array_t *be = mi->backedges;
    mi->backedges = NULL;
    if ((!any && !be) || depth > 1000)
        return;
    if (be)
        invalidate_backedges(be, depth + 1);
}

/* A backedge list holds callers, and possibly (first) an older list it continues: see below. */
static void invalidate_backedges(jl_array_t *be, int depth)
{
    for (size_t i = 0; i < jl_array_len(be); i++) {
        jl_value_t *x = jl_array_ptr_ref(be, i);
        if (jl_is_array(x))
            invalidate_backedges((jl_array_t *)x, depth);
        else
            invalidate_mi((jl_method_instance_t *)x, depth);
    }
}

static int backedges_contain(jl_array_t *be, jl_value_t *caller, int deep)
{
    for (size_t i = 0; i < jl_array_len(be); i++) {
        jl_value_t *x = jl_array_ptr_ref(be, i);
        if (x == caller || (deep && jl_is_array(x) && backedges_contain((jl_array_t *)x, caller, 1)))
            return 1;
    }
    return 0;
}

JL_DLLEXPORT int jl_method_instance_has_backedge(jl_method_instance_t *callee, jl_method_instance_t *caller)
{
    return callee->backedges != NULL && backedges_contain(callee->backedges, (jl_value_t *)caller, 1);
}

/* A callee of the system image keeps its image list: callers added at run time go into a new list
   whose first element is the image's (Base's popular callees have thousands of backedges, and reading
   and copying them to append one was most of the time inference took). Duplicates are looked for in
   the run time's lists only: a caller inferred in this session can be in an image list only if it was
   invalidated and inferred again, and a duplicate costs nothing but a second visit. */
JL_DLLEXPORT void jl_method_instance_add_backedge(jl_method_instance_t *callee, jl_method_instance_t *caller)
{
    jl_array_t *be = callee->backedges;
    if (be == NULL)
        be = callee->backedges = jl_alloc_vec_any(0);
    else if (jl_gc_in_image(be)) {
        jl_array_t *head = jl_alloc_vec_any(0);
        jl_array_ptr_1d_push(head, (jl_value_t *)be);
        be = callee->backedges = head;
    }
    else if (backedges_contain(be, (jl_value_t *)caller, 0))
        return;
    jl_array_ptr_1d_push(be, (jl_value_t *)caller);
}

JL_DLLEXPORT void jl_method_table_add_backedge(jl_methtable_t *mt, jl_value_t *types, jl_method_instance_t *caller)
{
    if (mt->backedges == NULL)
        mt->backedges = jl_alloc_vec_any(0);
    jl_array_ptr_1d_push(mt->backedges, types);
    jl_array_ptr_1d_push(mt->backedges, (jl_value_t *)caller);
}

/* A new method m in mt: code compiled for calls m now catches is stale. */
/* is `name` t's or one of its supertypes'? */
static int name_on_chain(jl_datatype_t *t, jl_typename_t *name)
{
    for (; t != NULL; t = t->super == t ? NULL : t->super) {
        if (t->name == name)
            return 1;
        if (t == jl_any_type)
            break;
    }
    return 0;
}

/* Are a and b (parameters of two signatures) disjoint by their names alone? Nominal types intersect
   only when one's name is on the other's supertype chain (single inheritance, invariant parameters);
   anything else (Any, unions, type variables, Type{}, tuples) counts as overlapping. */
static int names_disjoint(jl_value_t *a, jl_value_t *b)
{
    if (!jl_is_datatype(a) || !jl_is_datatype(b) || a == (jl_value_t *)jl_any_type ||
        b == (jl_value_t *)jl_any_type)
        return 0;
    jl_datatype_t *da = (jl_datatype_t *)a, *db = (jl_datatype_t *)b;
    if (da->hasfreetypevars || db->hasfreetypevars || da->name == jl_type_typename ||
        db->name == jl_type_typename || da->name == jl_tuple_typename || db->name == jl_tuple_typename)
        return 0;
    return !name_on_chain(da, db->name) && !name_on_chain(db, da->name);
}

/* Can no call of old's be one of m's? Decided on the two methods alone, so that adding a method does
   not read every specialization of a large table (image pages the run never touched): arities that
   cannot meet, constructors of different types, or an argument position whose declared types are
   disjoint. */
static int methods_disjoint(jl_method_t *old, jl_method_t *m)
{
    if (!old->isva && !arity_ok(m, (size_t)old->nargs - 1))
        return 1;
    jl_typename_t *ko = ctor_key(old->sig), *km = ctor_key(m->sig);
    if (ko != NULL && km != NULL && ko != km)
        return 1;
    jl_datatype_t *so = sig_body(old->sig), *sm = sig_body(m->sig);
    size_t no = jl_svec_len(so->parameters), nm = jl_svec_len(sm->parameters);
    for (size_t i = 1; i < no && i < nm; i++) {
        jl_value_t *a = jl_svecref(so->parameters, i), *b = jl_svecref(sm->parameters, i);
        if (is_vararg(a) || is_vararg(b))
            break;
        if (names_disjoint(a, b))
            return 1;
    }
    return 0;
}

static void invalidate_for_new_method(jl_methtable_t *mt, jl_method_t *m, jl_method_t *replaced)
{
    mt->leafcache = jl_nothing;
    jl_array_t *defs = mt->defs;
    for (size_t i = 0; i < jl_array_len(defs); i++) {
        jl_method_t *old = (jl_method_t *)jl_array_ptr_ref(defs, i);
        if (old == m || !jl_is_array(old->specializations))
            continue;
        if (old != replaced && methods_disjoint(old, m))
            continue;
        jl_array_t *specs = (jl_array_t *)old->specializations;
        for (size_t j = 0; j < jl_array_len(specs); j++) {
            jl_method_instance_t *mi = (jl_method_instance_t *)jl_array_ptr_ref(specs, j);
            if (old == replaced || (jl_is_tuple_type(mi->specTypes) &&
                                    arity_ok(m, jl_svec_len(((jl_datatype_t *)mi->specTypes)->parameters) - 1) &&
                                    !quick_reject((jl_datatype_t *)mi->specTypes, m) &&
                                    jl_subtype(mi->specTypes, m->sig)))
                invalidate_mi(mi, 0);
        }
    }
    if (replaced && jl_is_array(replaced->specializations)) {
        jl_array_t *specs = (jl_array_t *)replaced->specializations;
        for (size_t j = 0; j < jl_array_len(specs); j++)
            invalidate_mi((jl_method_instance_t *)jl_array_ptr_ref(specs, j), 0);
    }
    jl_array_t *be = mt->backedges;
    if (be) {
        size_t k = 0;
        for (size_t i = 0; i + 1 < jl_array_len(be); i += 2) {
            jl_value_t *types = jl_array_ptr_ref(be, i), *caller = jl_array_ptr_ref(be, i + 1);
            if (jl_type_intersection(types, m->sig) != jl_bottom_type) {
                invalidate_mi((jl_method_instance_t *)caller, 0);
            }
            else {
                jl_array_ptr_set(be, k++, types);
                jl_array_ptr_set(be, k++, caller);
            }
        }
        jl_array_del_end(be, jl_array_len(be) - k);
    }
}

/* ---------------------------------------------------------------- printing */

typedef struct {
    char *buf;
    size_t sz, len;
} sbuf_t;

static void sput(sbuf_t *s, const char *str)
{
    size_t n = strlen(str);
    if (s->sz && s->len < s->sz - 1) {
        size_t k = s->len + n < s->sz - 1 ? n : s->sz - 1 - s->len;
        memcpy(s->buf + s->len, str, k);
        s->buf[s->len + k] = 0;
    }
    s->len += n;
}

static void show_value(sbuf_t *s, jl_value_t *v, int depth);

static void show_params(sbuf_t *s, jl_svec_t *p, int depth)
{
    for (size_t i = 0; i < jl_svec_len(p); i++) {
        if (i)
            sput(s, ", ");
        show_value(s, jl_svecref(p, i), depth + 1);
    }
}

/* "f" for the type of function f, NULL for other types */
static const char *function_name_of_type(jl_datatype_t *dt)
{
    const char *nm = jl_symbol_name(dt->name->name);
    if (nm[0] == '#' && nm[1] && dt->instance && (dt->super == jl_function_type || dt->super == jl_builtin_type))
        return nm + 1;
    return NULL;
}

static void show_datatype(sbuf_t *s, jl_datatype_t *dt, int depth)
{
    const char *fn = function_name_of_type(dt);
    if (fn) {
        sput(s, "typeof(");
        sput(s, fn);
        sput(s, ")");
        return;
    }
    sput(s, jl_symbol_name(dt->name->name));
    if (jl_svec_len(dt->parameters) && (dt->name != jl_tuple_typename || !jl_is_tuple_type((jl_value_t *)dt) ||
                                        dt != jl_anytuple_type)) {
        sput(s, "{");
        show_params(s, dt->parameters, depth);
        sput(s, "}");
    }
    else if (dt->name == jl_tuple_typename && dt != jl_anytuple_type) {
        sput(s, "{}");
    }
}

static void show_value(sbuf_t *s, jl_value_t *v, int depth)
{
    char tmp[64];
    if (depth > 20) {
        sput(s, "…");
        return;
    }
    if (v == NULL) {
        sput(s, "#undef");
    }
    else if (jl_is_tvar(v)) {
        sput(s, jl_symbol_name(((jl_tvar_t *)v)->name));
    }
    else if (v == jl_bottom_type) {
        sput(s, "Union{}");
    }
    else if (jl_is_datatype(v)) {
        show_datatype(s, (jl_datatype_t *)v, depth);
    }
    else if (jl_is_uniontype(v)) {
        sput(s, "Union{");
        int first = 1;
        jl_value_t *u = v;
        while (jl_is_uniontype(u)) {
            if (!first)
                sput(s, ", ");
            show_value(s, ((jl_uniontype_t *)u)->a, depth + 1);
            first = 0;
            u = ((jl_uniontype_t *)u)->b;
        }
        sput(s, ", ");
        show_value(s, u, depth + 1);
        sput(s, "}");
    }
    else if (jl_is_unionall(v)) {
        jl_unionall_t *ua = (jl_unionall_t *)v;
        show_value(s, ua->body, depth + 1);
        sput(s, " where ");
        if (ua->var->lb != jl_bottom_type) {
            show_value(s, ua->var->lb, depth + 1);
            sput(s, "<:");
        }
        sput(s, jl_symbol_name(ua->var->name));
        if (ua->var->ub != (jl_value_t *)jl_any_type) {
            sput(s, "<:");
            show_value(s, ua->var->ub, depth + 1);
        }
    }
    else if (is_vararg(v)) {
        jl_vararg_t *va = (jl_vararg_t *)v;
        sput(s, "Vararg");
        if (va->T) {
            sput(s, "{");
            show_value(s, va->T, depth + 1);
            if (va->N) {
                sput(s, ", ");
                show_value(s, va->N, depth + 1);
            }
            sput(s, "}");
        }
    }
    else if (jl_is_int64(v)) {
        snprintf(tmp, sizeof tmp, "%lld", (long long)jl_unbox_int64(v));
        sput(s, tmp);
    }
    else if (jl_is_symbol(v)) {
        sput(s, ":");
        sput(s, jl_symbol_name((jl_sym_t *)v));
    }
    else if (jl_is_bool(v)) {
        sput(s, v == jl_true ? "true" : "false");
    }
    else if (v == jl_nothing) {
        sput(s, "nothing");
    }
    else if (jl_is_string(v)) {
        sput(s, "\"");
        sput(s, jl_string_data(v));
        sput(s, "\"");
    }
    else {
        jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
        const char *fn = function_name_of_type(t);
        if (fn) {
            sput(s, fn);
            return;
        }
        show_datatype(s, t, depth);
        sput(s, "(…)");
    }
}

JL_DLLEXPORT size_t jl_static_show_type(char *buf, size_t sz, jl_value_t *t)
{
    sbuf_t s = {buf, sz, 0};
    if (sz)
        buf[0] = 0;
    show_value(&s, t, 0);
    return s.len;
}

/* how a call's function is shown: "f", "Point", "(::Poly)" */
static void show_callee(sbuf_t *s, jl_value_t *F)
{
    jl_datatype_t *ft = (jl_datatype_t *)jl_typeof(F);
    const char *fn = function_name_of_type(ft);
    if (fn) {
        sput(s, fn);
    }
    else if (is_type_value(F)) {
        show_value(s, F, 0);
    }
    else {
        sput(s, "(::");
        show_value(s, (jl_value_t *)ft, 0);
        sput(s, ")");
    }
}

/* Core.kwcall(kws::NamedTuple, f, args...) is shown as f(::A; k::K) */
static int show_kwcall_sig(sbuf_t *s, jl_value_t **args, size_t nargs)
{
    if (nargs < 2 || !jl_is_datatype(jl_typeof(args[0])) ||
        ((jl_datatype_t *)jl_typeof(args[0]))->name != jl_namedtuple_typename)
        return 0;
    jl_datatype_t *nt = (jl_datatype_t *)jl_typeof(args[0]);
    jl_svec_t *names = jl_field_names(nt);
    show_callee(s, args[1]);
    sput(s, "(");
    for (size_t i = 2; i < nargs; i++) {
        if (i > 2)
            sput(s, ", ");
        sput(s, "::");
        show_value(s, arg_type(args[i]), 0);
    }
    for (size_t i = 0; i < jl_svec_len(names) && nt->types && i < jl_svec_len(nt->types); i++) {
        sput(s, i == 0 ? "; " : ", ");
        sput(s, jl_symbol_name((jl_sym_t *)jl_svecref(names, i)));
        sput(s, "::");
        show_value(s, jl_svecref(nt->types, i), 0);
    }
    sput(s, ")");
    return 1;
}

static void show_call_sig(sbuf_t *s, jl_value_t *F, jl_value_t **args, size_t nargs)
{
    if (F == jl_kwcall_func && show_kwcall_sig(s, args, nargs))
        return;
    show_callee(s, F);
    sput(s, "(");
    for (size_t i = 0; i < nargs; i++) {
        if (i)
            sput(s, ", ");
        sput(s, "::");
        show_value(s, arg_type(args[i]), 0);
    }
    sput(s, ")");
}

JL_DLLEXPORT const char *jl_method_slot_name(jl_method_t *m, size_t i)
{
    if (!m->slot_syms || !jl_is_string(m->slot_syms))
        return "";
    const char *p = jl_string_data(m->slot_syms), *end = p + jl_string_len(m->slot_syms);
    for (size_t k = 0; k < i && p < end; k++)
        p += strlen(p) + 1;
    return p < end ? p : "";
}

JL_DLLEXPORT size_t jl_show_method_sig(char *buf, size_t sz, jl_method_t *m)
{
    sbuf_t s = {buf, sz, 0};
    if (sz)
        buf[0] = 0;
    jl_datatype_t *b = sig_body(m->sig);
    size_t n = jl_svec_len(b->parameters);
    jl_value_t *f0 = n ? jl_svecref(b->parameters, 0) : (jl_value_t *)jl_any_type;
    if (jl_is_datatype(f0) && function_name_of_type((jl_datatype_t *)f0)) {
        sput(&s, function_name_of_type((jl_datatype_t *)f0));
    }
    else if (is_type_type(f0)) {
        show_value(&s, jl_svecref(((jl_datatype_t *)f0)->parameters, 0), 0);
    }
    else {
        sput(&s, "(::");
        show_value(&s, f0, 0);
        sput(&s, ")");
    }
    sput(&s, "(");
    for (size_t i = 1; i < n; i++) {
        if (i > 1)
            sput(&s, ", ");
        jl_value_t *t = jl_svecref(b->parameters, i);
        int va = is_vararg(t);
        if (va)
            t = ((jl_vararg_t *)t)->T ? ((jl_vararg_t *)t)->T : (jl_value_t *)jl_any_type;
        const char *nm = jl_method_slot_name(m, i);
        if (nm[0] && nm[0] != '#')
            sput(&s, nm);
        if (t != (jl_value_t *)jl_any_type || !nm[0] || nm[0] == '#') {
            sput(&s, "::");
            show_value(&s, t, 0);
        }
        if (va)
            sput(&s, "...");
    }
    sput(&s, ")");
    jl_value_t *u = m->sig;
    int first = 1;
    while (jl_is_unionall(u)) {
        jl_tvar_t *tv = ((jl_unionall_t *)u)->var;
        sput(&s, first ? " where {" : ", ");
        first = 0;
        sput(&s, jl_symbol_name(tv->name));
        if (tv->ub != (jl_value_t *)jl_any_type) {
            sput(&s, "<:");
            show_value(&s, tv->ub, 0);
        }
        u = ((jl_unionall_t *)u)->body;
    }
    if (!first)
        sput(&s, "}");
    return s.len;
}

static void show_method_loc(sbuf_t *s, jl_method_t *m)
{
    char tmp[32];
    sput(s, jl_symbol_name(m->module->name));
    sput(s, " ");
    sput(s, m->file ? jl_symbol_name(m->file) : "none");
    snprintf(tmp, sizeof tmp, ":%d", m->line);
    sput(s, tmp);
}

/* ---------------------------------------------------------------- MethodError */

JL_DLLEXPORT void jl_method_error(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_value_t *tup = jl_tuplev(nargs, args);
    jl_throw(jl_new_struct(jl_methoderror_type, F, tup, jl_box_uint64(world_counter)));
}

/* the methods a MethodError's call is ambiguous between, or nothing */
JL_DLLEXPORT jl_value_t *jl_methoderror_ambiguous(jl_value_t *e)
{
    jl_value_t *F = jl_get_nth_field(e, 0), *tup = jl_get_nth_field(e, 1);
    jl_methtable_t *mt = jl_gf_mtable(F);
    if (mt == NULL || !jl_is_tuple(tup))
        return jl_nothing;
    size_t n = jl_datatype_nfields(jl_typeof(tup));
    jl_value_t *args[n ? n : 1];
    for (size_t i = 0; i < n; i++)
        args[i] = jl_get_nth_field(tup, i);
    mlist_t c;
    mlist_init(&c);
    matching_methods(mt, call_tuple_type(F, args, (uint32_t)n), F, n, &c);
    if (c.n < 2 || most_specific(&c) != NULL)
        return jl_nothing;
    mlist_t amb;
    mlist_init(&amb);
    ambiguous_candidates(&c, &amb);
    jl_array_t *out = jl_alloc_vec_any(0);
    for (size_t i = 0; i < amb.n; i++)
        jl_array_ptr_1d_push(out, (jl_value_t *)amb.v[i]);
    return (jl_value_t *)out;
}

/* does any method of the shared table of callable objects apply to F at all? */
static int has_methods_for(jl_value_t *F)
{
    jl_array_t *defs = jl_nonfunction_mt->defs;
    for (size_t i = 0; i < jl_array_len(defs); i++) {
        jl_datatype_t *b = sig_body(((jl_method_t *)jl_array_ptr_ref(defs, i))->sig);
        jl_value_t *p0 = jl_svec_len(b->parameters) ? jl_svecref(b->parameters, 0) : NULL;
        while (p0 && jl_is_tvar(p0))
            p0 = ((jl_tvar_t *)p0)->ub;
        p0 = p0 ? jl_unwrap_unionall(p0) : NULL;
        if (p0 == NULL || !jl_is_datatype(p0))
            return 1;
        for (jl_datatype_t *t = (jl_datatype_t *)jl_typeof(F); t; t = t->super == t ? NULL : t->super) {
            if (t->name == ((jl_datatype_t *)p0)->name)
                return 1;
            if (t == jl_any_type)
                break;
        }
    }
    return 0;
}

JL_DLLEXPORT const char *jl_methoderror_message(jl_value_t *e)
{
    static char buf[4096];
    sbuf_t s = {buf, sizeof buf, 0};
    buf[0] = 0;
    jl_value_t *F = jl_get_nth_field(e, 0), *tup = jl_get_nth_field(e, 1);
    size_t n = jl_is_tuple(tup) ? jl_datatype_nfields(jl_typeof(tup)) : 0;
    jl_value_t *args[n ? n : 1];
    for (size_t i = 0; i < n; i++)
        args[i] = jl_get_nth_field(tup, i);
    jl_methtable_t *mt = jl_gf_mtable(F);
    mlist_t c;
    mlist_init(&c);
    if (mt)
        matching_methods(mt, call_tuple_type(F, args, (uint32_t)n), F, n, &c);
    if (c.n > 1 && most_specific(&c) == NULL) {
        mlist_t amb;
        mlist_init(&amb);
        ambiguous_candidates(&c, &amb);
        sput(&s, "MethodError: ");
        show_call_sig(&s, F, args, n);
        sput(&s, " is ambiguous.\n\nCandidates:");
        for (size_t i = 0; i < amb.n; i++) {
            char sig[512];
            jl_show_method_sig(sig, sizeof sig, amb.v[i]);
            sput(&s, "\n  ");
            sput(&s, sig);
            sput(&s, "\n    @ ");
            show_method_loc(&s, amb.v[i]);
        }
        sput(&s, "\n\nPossible fix, define\n  ");
        show_call_sig(&s, F, args, n);
        return buf;
    }
    if (c.n == 0 && mt == jl_nonfunction_mt && !has_methods_for(F)) {
        sput(&s, "MethodError: objects of type ");
        show_value(&s, jl_typeof(F), 0);
        sput(&s, " are not callable");
        return buf;
    }
    sput(&s, "MethodError: no method matching ");
    show_call_sig(&s, F, args, n);
    return buf;
}

/* ---------------------------------------------------------------- defining methods */

static void print_overwrite_warning(jl_method_t *m, jl_method_t *old)
{
    jl_datatype_t *b = sig_body(old->sig);
    jl_value_t *f0 = jl_svec_len(b->parameters) ? jl_svecref(b->parameters, 0) : NULL;
    int anon = f0 && jl_is_datatype(f0) && is_anonfn_name(jl_symbol_name(((jl_datatype_t *)f0)->name->name));
    if (jl_options.warn_overwrite != JL_OPTIONS_YES && !anon)
        return;
    char sig[1024];
    sbuf_t s = {sig, sizeof sig, 0};
    sig[0] = 0;
    /* Julia's static signature display: f(Int64, String) */
    jl_datatype_t *mb = sig_body(m->sig);
    size_t n = jl_svec_len(mb->parameters);
    jl_value_t *mf0 = n ? jl_svecref(mb->parameters, 0) : NULL;
    if (mf0 && jl_is_datatype(mf0) && function_name_of_type((jl_datatype_t *)mf0))
        sput(&s, function_name_of_type((jl_datatype_t *)mf0));
    else if (mf0 && is_type_type(mf0))
        show_value(&s, jl_svecref(((jl_datatype_t *)mf0)->parameters, 0), 0);
    else if (mf0) {
        sput(&s, "(::");
        show_value(&s, mf0, 0);
        sput(&s, ")");
    }
    sput(&s, "(");
    for (size_t i = 1; i < n; i++) {
        if (i > 1)
            sput(&s, ", ");
        show_value(&s, jl_svecref(mb->parameters, i), 0);
    }
    sput(&s, ")");
    jl_ios_flush_stdout();
    fprintf(stderr, "WARNING: Method definition %s in module %s at %s:%d overwritten", sig,
            jl_symbol_name(old->module->name), old->file ? jl_symbol_name(old->file) : "none", old->line);
    if (old->module != m->module)
        fprintf(stderr, " in module %s", jl_symbol_name(m->module->name));
    if (m->line > 0 && m->line == old->line && m->file == old->file)
        fprintf(stderr, anon ? " on the same line" : " on the same line (check for duplicate calls to `include`)");
    else
        fprintf(stderr, " at %s:%d", m->file ? jl_symbol_name(m->file) : "none", m->line);
    fprintf(stderr, ".\n");
    fflush(stderr);
}

/* ---------------------------------------------------------------- lowered code of methods */

/* Decompressed sources, keyed by the compressed blob (so a method whose source is replaced never
   sees a stale entry). Uncollectable: it keeps blobs and CodeInfos alive, as their methods are
   anyway. One CodeInfo per method for the whole process matters beyond speed: the interpreter's
   compact code and inference's caches are keyed by CodeInfo identity. The table lives outside the
   heap the image writer walks, so images hold the blobs only. */
static jl_value_t **src_keys;
static jl_code_info_t **src_vals;
static size_t src_cap, src_count;

static size_t src_hash(void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
    return (size_t)(x >> 24);
}

static void src_cache_put(jl_value_t *blob, jl_code_info_t *ci)
{
    if ((src_count + 1) * 2 > src_cap) {
        size_t ocap = src_cap;
        jl_value_t **ok = src_keys;
        jl_code_info_t **ov = src_vals;
        src_cap = src_cap ? src_cap * 2 : 1024;
        src_keys = (jl_value_t **)jl_gc_alloc_uncollectable(src_cap * sizeof(void *));
        src_vals = (jl_code_info_t **)jl_gc_alloc_uncollectable(src_cap * sizeof(void *));
        memset(src_keys, 0, src_cap * sizeof(void *));
        memset(src_vals, 0, src_cap * sizeof(void *));
        src_count = 0;
        for (size_t i = 0; i < ocap; i++)
            if (ok[i])
                src_cache_put(ok[i], ov[i]);
        if (ok) {
            jl_gc_free(ok);
            jl_gc_free(ov);
        }
    }
    size_t mask = src_cap - 1, i = src_hash(blob) & mask;
    while (src_keys[i] && src_keys[i] != blob)
        i = (i + 1) & mask;
    if (!src_keys[i])
        src_count++;
    src_keys[i] = blob;
    src_vals[i] = ci;
}

static int is_compressed(jl_value_t *src)
{
    return src && jl_typeof(src) == (jl_value_t *)jl_array_uint8_type;
}

JL_DLLEXPORT jl_code_info_t *jl_method_source(jl_method_t *m)
{
    jl_value_t *src = m->source;
    if (src && jl_is_code_info(src))
        return (jl_code_info_t *)src;
    if (!is_compressed(src))
        return NULL;
    if (src_cap) {
        size_t mask = src_cap - 1, i = src_hash(src) & mask;
        for (; src_keys[i]; i = (i + 1) & mask)
            if (src_keys[i] == src)
                return src_vals[i];
    }
    jl_code_info_t *ci = jl_uncompress_ir(m, (jl_array_t *)src);
    src_cache_put(src, ci);
    return ci;
}

/* Store f as m's source, compressed. The defining session keeps f itself as the decompressed form
   (already in memory, and running or inferring the method right after its definition is the common
   case): compression then costs nothing at run time, and what a system image saves is the blob. Code
   the serializer cannot write (an opaque C object as a constant) stays a CodeInfo. */
static void set_method_source(jl_method_t *m, jl_code_info_t *f)
{
    jl_array_t *volatile blob = NULL;
    JL_TRY {
        blob = jl_compress_ir(m, f);
    }
    JL_CATCH {
        blob = NULL;
    }
    if (blob == NULL) {
        m->source = (jl_value_t *)f;
        return;
    }
    m->source = (jl_value_t *)blob;
    src_cache_put((jl_value_t *)blob, f);
}

static jl_array_t *serialized_or_null(jl_value_t *x)
{
    jl_array_t *volatile a = NULL;
    JL_TRY {
        a = jl_serialize_to_array(x);
    }
    JL_CATCH {
        a = NULL;
    }
    return a;
}

/* roots of two definitions' code name the same thing: the same object, or equal serializations
   (a mutable constant rebuilt by running the same script again) */
static int same_roots(jl_array_t *a, jl_array_t *b)
{
    size_t n = a ? jl_array_len(a) : 0;
    if (n != (b ? jl_array_len(b) : 0))
        return 0;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *x = jl_array_ptr_ref(a, i), *y = jl_array_ptr_ref(b, i);
        if (x == y || jl_egal(x, y))
            continue;
        if (jl_typeof(x) != jl_typeof(y))
            return 0;
        jl_array_t *sx = serialized_or_null(x), *sy = sx ? serialized_or_null(y) : NULL;
        if (sy == NULL || jl_array_len(sx) != jl_array_len(sy) || memcmp(sx->data, sy->data, jl_array_len(sx)) != 0)
            return 0;
    }
    return 1;
}

/* Running a script again over an image that holds its definitions (`julep -J app.ji app.jl`,
   docs/sysimage.md) redefines each method with identical code: the old method, its instances and
   their compiled code stay. Identical: same module, file, line and signature, and compressed lowered
   code with the same bytes and the same roots (a body naming a new closure type differs). */
static int same_definition(jl_method_t *old, jl_method_t *m)
{
    if (old->module != m->module || old->file != m->file || old->line != m->line || old->nargs != m->nargs ||
        old->isva != m->isva || (old->generator && old->generator != jl_nothing) ||
        (m->generator && m->generator != jl_nothing) || old->line <= 0)
        return 0;
    if (!is_compressed(old->source) || !is_compressed(m->source))
        return 0;
    jl_array_t *a = (jl_array_t *)old->source, *b = (jl_array_t *)m->source;
    return jl_array_len(a) == jl_array_len(b) && memcmp(a->data, b->data, jl_array_len(a)) == 0 &&
           same_roots(old->roots, m->roots);
}

JL_DLLEXPORT void jl_method_table_insert(jl_methtable_t *mt, jl_method_t *m)
{
    jl_array_t *defs = mt->defs;
    size_t n = jl_array_len(defs);
    world_counter++;
    m->primary_world = world_counter;
    m->deleted_world = JL_WORLD_MAX;
    for (size_t i = 0; i < n; i++) {
        jl_method_t *old = (jl_method_t *)jl_array_ptr_ref(defs, i);
        if (old->nargs == m->nargs && old->isva == m->isva && jl_types_equal(old->sig, m->sig)) {
            print_overwrite_warning(m, old);
            if (same_definition(old, m))
                return;
            old->deleted_world = world_counter - 1;
            jl_array_ptr_set(defs, i, m);
            invalidate_for_new_method(mt, m, old);
            return;
        }
    }
    /* appended: dispatch compares all candidates, and reflection (jl_methods_of) sorts */
    jl_array_ptr_1d_push(defs, (jl_value_t *)m);
    if ((intptr_t)m->nargs > mt->max_args)
        mt->max_args = m->nargs;
    invalidate_for_new_method(mt, m, NULL);
}

static jl_method_t *new_method(jl_module_t *module)
{
    jl_method_t *m = (jl_method_t *)jl_gc_alloc(sizeof(jl_method_t), (jl_value_t *)jl_method_type);
    m->module = module;
    m->name = jl_s_anonymous;
    m->file = jl_s_none;
    m->specializations = jl_nothing;
    m->slot_syms = jl_cstr_to_string("");
    m->source = jl_nothing;
    m->unspecialized = jl_nothing;
    m->generator = jl_nothing;
    m->roots = NULL;
    m->invokes = jl_nothing;
    m->recursion_relation = jl_nothing;
    m->external_mt = jl_nothing;
    m->deleted_world = JL_WORLD_MAX;
    return m;
}

/* a method's name: the function's, or the constructed type's, or the callable type's */
static jl_sym_t *method_name(jl_methtable_t *mt, jl_value_t *f0)
{
    if (mt != jl_type_type_mt && mt != jl_nonfunction_mt)
        return mt->name;
    jl_value_t *t = f0;
    while (jl_is_tvar(t))
        t = ((jl_tvar_t *)t)->ub;
    t = jl_unwrap_unionall(t);
    if (is_type_type(t)) {
        t = jl_svecref(((jl_datatype_t *)t)->parameters, 0);
        while (jl_is_tvar(t))
            t = ((jl_tvar_t *)t)->ub;
        t = jl_unwrap_unionall(t);
    }
    return jl_is_datatype(t) ? ((jl_datatype_t *)t)->name->name : mt->name;
}

static jl_value_t *slot_syms_string(jl_code_info_t *ci)
{
    if (ci == NULL || !jl_is_code_info(ci) || ci->slotnames == NULL)
        return jl_cstr_to_string("");
    size_t n = jl_array_len(ci->slotnames), len = 0;
    for (size_t i = 0; i < n; i++)
        len += ((jl_sym_t *)jl_array_ptr_ref(ci->slotnames, i))->length + 1;
    jl_value_t *s = jl_alloc_string(len);
    char *p = jl_string_data(s);
    for (size_t i = 0; i < n; i++) {
        jl_sym_t *sym = (jl_sym_t *)jl_array_ptr_ref(ci->slotnames, i);
        memcpy(p, jl_symbol_name(sym), sym->length + 1);
        p += sym->length + 1;
    }
    return s;
}

/* does where-variable k appear in an argument type or in another variable's bounds? */
static int tvar_used(jl_svec_t *atypes, jl_svec_t *tvars, size_t k)
{
    jl_tvar_t *tv = (jl_tvar_t *)jl_svecref(tvars, k);
    for (size_t i = 0; i < jl_svec_len(atypes); i++)
        if (jl_has_typevar(jl_svecref(atypes, i), tv))
            return 1;
    for (size_t j = 0; j < jl_svec_len(tvars); j++) {
        jl_tvar_t *o = (jl_tvar_t *)jl_svecref(tvars, j);
        if (j != k && (jl_has_typevar(o->ub, tv) || jl_has_typevar(o->lb, tv)))
            return 1;
    }
    return 0;
}

/* bit k set: argument k + 1 (slot k + 2; slot 1 is the function) is named by an `@nospecialize` in the
   body, which lowering puts first for f(@nospecialize(x)) */
static uint32_t nospecialize_bits(jl_code_info_t *f, size_t nargs)
{
    uint32_t bits = 0;
    jl_sym_t *nospecialize = jl_symbol("nospecialize");
    for (size_t i = 0; f && i < jl_array_len(f->code); i++) {
        jl_value_t *st = jl_array_ptr_ref(f->code, i);
        if (!jl_is_expr(st) || ((jl_expr_t *)st)->head != jl_s_meta)
            continue;
        jl_array_t *args = ((jl_expr_t *)st)->args;
        if (jl_array_len(args) < 2 || jl_array_ptr_ref(args, 0) != (jl_value_t *)nospecialize)
            continue;
        for (size_t j = 1; j < jl_array_len(args); j++) {
            jl_value_t *a = jl_array_ptr_ref(args, j);
            for (size_t k = 1; k < nargs && k <= 32; k++) {
                int named = jl_is_slotnumber(a) ? ((jl_slotnumber_t *)a)->id == (intptr_t)k + 1
                                                : a == jl_array_ptr_ref(f->slotnames, k);
                if (named)
                    bits |= 1u << (k - 1);
            }
        }
    }
    return bits;
}

JL_DLLEXPORT jl_method_t *jl_method_def(jl_svec_t *argdata, jl_methtable_t *mt, jl_code_info_t *f,
                                        jl_module_t *module)
{
    jl_svec_t *atypes = (jl_svec_t *)jl_svecref(argdata, 0);
    jl_svec_t *tvars = (jl_svec_t *)jl_svecref(argdata, 1);
    jl_value_t *lnn = jl_svecref(argdata, 2);
    size_t nargs = jl_svec_len(atypes);
    jl_sym_t *file = jl_s_none;
    int32_t line = 0;
    if (lnn && jl_is_linenode(lnn)) {
        jl_linenumbernode_t *ln = (jl_linenumbernode_t *)lnn;
        line = (int32_t)ln->line;
        if (jl_is_symbol(ln->file))
            file = (jl_sym_t *)ln->file;
    }
    if (nargs == 0)
        jl_error("function type in method definition is not a type");
    jl_value_t *f0 = jl_svecref(atypes, 0);
    jl_value_t *argtype = (jl_value_t *)jl_apply_tuple_type(atypes);
    jl_value_t *sig = argtype;
    for (size_t i = jl_svec_len(tvars); i-- > 0;) {
        jl_value_t *tv = jl_svecref(tvars, i);
        if (!jl_is_tvar(tv))
            jl_type_error("method signature", (jl_value_t *)jl_tvar_type, tv);
        sig = jl_type_unionall((jl_tvar_t *)tv, sig);
    }
    if (mt == NULL)
        mt = jl_method_table_for(sig);
    if (mt == NULL)
        jl_errorf("cannot add methods to an abstract type");
    jl_sym_t *name = method_name(mt, f0);
    for (size_t i = 1; i < nargs; i++) {
        jl_value_t *t = jl_svecref(atypes, i);
        int ok = is_type_value(t) || jl_is_tvar(t) || (is_vararg(t) && i == nargs - 1);
        if (!ok)
            jl_errorf("invalid type for argument number %d in method definition for %s at %s:%d", (int)i,
                      jl_symbol_name(name), jl_symbol_name(file), line);
        if (is_vararg(t) && i != nargs - 1)
            jl_errorf("Vararg on non-final argument in method definition for %s at %s:%d",
                      jl_symbol_name(name), jl_symbol_name(file), line);
    }
    for (size_t i = 0; i < jl_svec_len(tvars); i++) {
        if (!tvar_used(atypes, tvars, i)) {
            jl_ios_flush_stdout();
            fprintf(stderr, "WARNING: method definition for %s at %s:%d declares type variable %s but does not use it.\n",
                    jl_symbol_name(name), jl_symbol_name(file), line,
                    jl_symbol_name(((jl_tvar_t *)jl_svecref(tvars, i))->name));
        }
    }
    jl_method_t *m = new_method(module);
    m->name = name;
    m->file = file;
    m->line = line;
    m->sig = sig;
    m->nargs = (int32_t)nargs;
    m->isva = (uint8_t)is_vararg(jl_svecref(atypes, nargs - 1));
    m->nospecialize = nospecialize_bits(f, nargs);
    m->slot_syms = slot_syms_string(f);
    m->generator = generator_of(f);
    if (f)
        set_method_source(m, f);
    jl_method_table_insert(mt, m);
    if (jl_method_defined_hook)
        jl_method_defined_hook(m);
    return m;
}

JL_DLLEXPORT jl_method_t *jl_new_native_method(jl_methtable_t *mt, jl_value_t *sig, jl_fptr_args_t fptr,
                                               jl_module_t *module, const char *name)
{
    if (mt == NULL)
        mt = jl_method_table_for(sig);
    if (mt == NULL)
        jl_error("cannot add methods to an abstract type");
    jl_method_t *m = new_method(module ? module : jl_core_module);
    jl_datatype_t *b = sig_body(sig);
    size_t n = jl_svec_len(b->parameters);
    m->name = name ? jl_symbol(name) : mt->name;
    m->sig = sig;
    m->nargs = (int32_t)n;
    m->isva = (uint8_t)(n && is_vararg(jl_svecref(b->parameters, n - 1)));
    jl_method_instance_t *mi =
        (jl_method_instance_t *)jl_gc_alloc(sizeof(jl_method_instance_t), (jl_value_t *)jl_method_instance_type);
    mi->def = (jl_value_t *)m;
    mi->specTypes = sig;
    mi->sparam_vals = jl_emptysvec;
    mi->uninferred = jl_nothing;
    jl_code_instance_t *ci = new_code_instance(mi);
    ci->invoke = fptr_args_trampoline;
    ci->specptr = (void *)fptr;
    mi->cache = ci;
    m->unspecialized = (jl_value_t *)mi;
    jl_method_table_insert(mt, m);
    return m;
}

/* ---------------------------------------------------------------- generic functions */

static jl_value_t *new_generic_function(jl_sym_t *name, jl_module_t *module)
{
    size_t len = name->length;
    char tn[len + 2];
    tn[0] = '#';
    memcpy(tn + 1, jl_symbol_name(name), len + 1);
    jl_datatype_t *ft = jl_new_datatype(jl_symbol(tn), module, jl_function_type, jl_emptysvec, jl_emptysvec,
                                        jl_emptysvec, 0, 0, 0);
    ft->name->mt = jl_new_method_table(name, module);
    if (ft->instance == NULL)
        ft->instance = jl_gc_alloc(0, (jl_value_t *)ft);
    return ft->instance;
}

static int is_function_value(jl_value_t *v)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
    return (t->name->mt && t->name->mt != jl_nonfunction_mt && t->name->mt != jl_type_type_mt) ||
           t->super == jl_builtin_type || is_type_value(v);
}

JL_DLLEXPORT jl_value_t *jl_generic_function_def(jl_sym_t *name, jl_module_t *module)
{
    /* the module's own binding; a name already resolved through `using` cannot be claimed (Julia's
       rule: extending another module's function needs `import`) */
    jl_binding_t *volatile b = NULL;
    if (jl_current_task == NULL) { /* during init: no handlers yet, nothing resolved yet */
        b = jl_get_binding_wr(module, name);
    }
    else {
        JL_TRY {
            b = jl_get_binding_wr(module, name);
        }
        JL_CATCH {
            b = NULL;
        }
    }
    if (b == NULL) {
        jl_binding_t *ob = jl_get_binding(module, name);
        jl_errorf("invalid method definition in %s: function %s.%s must be explicitly imported to be extended",
                  jl_symbol_name(module->name), ob ? jl_symbol_name(ob->owner->name) : "?", jl_symbol_name(name));
    }
    if (b->value) {
        if (!is_function_value(b->value))
            jl_errorf("cannot define function %s; it already has a value", jl_symbol_name(name));
        return b->value;
    }
    jl_value_t *f = new_generic_function(name, module);
    jl_set_const(module, name, f);
    return f;
}

/* ---------------------------------------------------------------- init */

void jl_init_gf(void)
{
    jl_type_type_mt = jl_new_method_table(jl_symbol("Type"), jl_core_module);
    jl_nonfunction_mt = jl_new_method_table(jl_symbol("#nonfunction"), jl_core_module);
    jl_type_typename->mt = jl_type_type_mt;
    jl_datatype_type->name->mt = jl_type_type_mt;
    jl_uniontype_type->name->mt = jl_type_type_mt;
    jl_unionall_type->name->mt = jl_type_type_mt;
    jl_typeofbottom_type->name->mt = jl_type_type_mt;
    jl_gc_add_root((jl_value_t *)jl_type_type_mt);
    jl_gc_add_root((jl_value_t *)jl_nonfunction_mt);

    jl_value_t *me = jl_get_global(jl_core_module, jl_symbol("MethodError"));
    if (me && jl_is_datatype(me)) {
        jl_methoderror_type = (jl_datatype_t *)me;
    }
    else {
        jl_svec_t *names = jl_svec(3, jl_symbol("f"), jl_symbol("args"), jl_symbol("world"));
        jl_svec_t *types = jl_svec(3, jl_any_type, jl_any_type, jl_uint64_type);
        jl_methoderror_type = jl_new_datatype(jl_symbol("MethodError"), jl_core_module, jl_exception_type,
                                              jl_emptysvec, names, types, 0, 0, 3);
        jl_set_const(jl_core_module, jl_symbol("MethodError"), (jl_value_t *)jl_methoderror_type);
    }
    jl_kwcall_func = jl_generic_function_def(jl_symbol("kwcall"), jl_core_module);
}
