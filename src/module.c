/*
 * module.c -- modules and their global bindings.
 * Invariant: a module's binding table maps each symbol to at most one jl_binding_t; a binding found
 * through `using` is copied into the importing module as an alias owned by the exporting module, so
 * later lookups are one probe.
 */
#include <string.h>
#include "julep_internal.h"

JL_DLLEXPORT jl_module_t *jl_new_module(jl_sym_t *name, jl_module_t *parent)
{
    jl_module_t *m = (jl_module_t *)jl_gc_alloc(sizeof(jl_module_t), (jl_value_t *)jl_module_type);
    m->name = name;
    m->parent = parent ? parent : m;
    m->bindings_size = 32;
    m->bindings = jl_gc_alloc_buf(m->bindings_size * sizeof(jl_binding_t *));
    m->usings = jl_alloc_vec_any(0);
    static uint64_t counter;
    m->build_id = ++counter;
    m->infer = 1;
    return m;
}

static jl_binding_t **binding_slot(jl_module_t *m, jl_sym_t *var)
{
    size_t mask = m->bindings_size - 1, i = (size_t)var->hash & mask;
    for (;;) {
        jl_binding_t *b = m->bindings[i];
        if (b == NULL || b->name == var)
            return &m->bindings[i];
        i = (i + 1) & mask;
    }
}

static void bindings_grow(jl_module_t *m)
{
    jl_binding_t **old = m->bindings;
    size_t oldsize = m->bindings_size;
    m->bindings_size *= 2;
    m->bindings = jl_gc_alloc_buf(m->bindings_size * sizeof(jl_binding_t *));
    for (size_t i = 0; i < oldsize; i++)
        if (old[i])
            *binding_slot(m, old[i]->name) = old[i];
}

static jl_binding_t *new_binding(jl_module_t *owner, jl_sym_t *var)
{
    jl_binding_t *b = (jl_binding_t *)jl_gc_alloc(sizeof(jl_binding_t), (jl_value_t *)jl_binding_type);
    b->name = var;
    b->owner = owner;
    b->ty = (jl_value_t *)jl_any_type;
    return b;
}

static jl_binding_t *binding_here(jl_module_t *m, jl_sym_t *var)
{
    return *binding_slot(m, var);
}

JL_DLLEXPORT jl_binding_t *jl_get_binding_wr(jl_module_t *m, jl_sym_t *var)
{
    jl_binding_t **slot = binding_slot(m, var);
    if (*slot) {
        if ((*slot)->owner == m || (*slot)->imported)
            return *slot;
        /* an implicit `using` alias: assigning creates a new global in m (Julia's rule) */
        if ((*slot)->value == NULL) {
            *slot = new_binding(m, var);
            return *slot;
        }
        jl_errorf("cannot assign a value to imported variable %s.%s from module %s",
                  jl_symbol_name((*slot)->owner->name), jl_symbol_name(var), jl_symbol_name(m->name));
    }
    if ((m->bindings_count + 1) * 4 > m->bindings_size * 3) {
        bindings_grow(m);
        slot = binding_slot(m, var);
    }
    *slot = new_binding(m, var);
    m->bindings_count++;
    return *slot;
}

/* The binding m holds for var (its own, or a `using` alias already resolved), without resolving. */
JL_DLLEXPORT jl_binding_t *jl_get_module_binding(jl_module_t *m, jl_sym_t *var)
{
    return binding_here(m, var);
}

/* A name m exported but has not defined: Julia's `export` only marks the name, so until m assigns it,
   reads still resolve it through m's `using`s (a later definition in m creates m's own value). */
static int export_only(jl_module_t *m, jl_binding_t *b)
{
    return b->owner == m && b->value == NULL && b->exportp && !b->constp && !b->imported &&
           b->ty == (jl_value_t *)jl_any_type;
}

/* An exported, defined binding of one of m's `using`s (latest first), following export-only names. */
static jl_binding_t *from_usings(jl_module_t *m, jl_sym_t *var, int depth)
{
    size_t n = jl_array_len(m->usings);
    for (size_t i = n; i-- > 0;) {
        jl_module_t *u = (jl_module_t *)jl_array_ptr_ref(m->usings, i);
        jl_binding_t *ub = binding_here(u, var);
        if (ub && export_only(u, ub)) {
            if (depth < 8 && (ub = from_usings(u, var, depth + 1)) != NULL)
                return ub;
            continue;
        }
        if (ub && (ub->exportp || u == jl_core_module) && ub->value)
            return ub;
    }
    return NULL;
}

/* A binding visible in m: its own, or an exported one from a module it uses. */
JL_DLLEXPORT jl_binding_t *jl_get_binding(jl_module_t *m, jl_sym_t *var)
{
    jl_binding_t *b = binding_here(m, var);
    if (b) {
        if (export_only(m, b)) {
            jl_binding_t *ub = from_usings(m, var, 0);
            return ub ? ub : b;
        }
        return b;
    }
    b = from_usings(m, var, 0);
    if (b) {
        if ((m->bindings_count + 1) * 4 > m->bindings_size * 3)
            bindings_grow(m);
        *binding_slot(m, var) = b; /* cache the resolution */
        m->bindings_count++;
    }
    return b;
}

/* Base.binding_module(m, s): the module owning the binding m sees as s (m, or a module it uses) */
JL_DLLEXPORT jl_value_t *jl_get_module_of_binding(jl_module_t *m, jl_sym_t *var)
{
    jl_binding_t *b = jl_get_binding(m, var);
    return b ? (jl_value_t *)b->owner : jl_nothing;
}

JL_DLLEXPORT jl_value_t *jl_get_global(jl_module_t *m, jl_sym_t *var)
{
    jl_binding_t *b = jl_get_binding(m, var);
    return b ? b->value : NULL;
}

JL_DLLEXPORT void jl_set_global(jl_module_t *m, jl_sym_t *var, jl_value_t *val)
{
    jl_binding_t *b = jl_get_binding_wr(m, var);
    if (b->constp && b->value && !jl_egal(b->value, val))
        jl_errorf("invalid redefinition of constant %s.%s", jl_symbol_name(m->name), jl_symbol_name(var));
    b->value = val;
}

JL_DLLEXPORT void jl_set_const(jl_module_t *m, jl_sym_t *var, jl_value_t *val)
{
    jl_binding_t *b = jl_get_binding_wr(m, var);
    if (b->value && b->constp && !jl_egal(b->value, val))
        jl_errorf("invalid redefinition of constant %s.%s", jl_symbol_name(m->name), jl_symbol_name(var));
    b->value = val;
    b->constp = 1;
}

JL_DLLEXPORT int jl_boundp(jl_module_t *m, jl_sym_t *var)
{
    jl_binding_t *b = jl_get_binding(m, var);
    return b && b->value;
}

JL_DLLEXPORT void jl_module_using(jl_module_t *to, jl_module_t *from)
{
    if (to == from)
        return;
    for (size_t i = 0; i < jl_array_len(to->usings); i++)
        if (jl_array_ptr_ref(to->usings, i) == (jl_value_t *)from)
            return;
    jl_array_ptr_1d_push(to->usings, (jl_value_t *)from);
}

/* `import A: x` / `using A: x`: make the binding b (owned by another module) visible in `to` under its
   own name, as an alias like the ones `using` caches. Returns 0 when `to` already has a different
   binding of that name. (toplevel.c) */
JL_DLLEXPORT int jl_module_alias_binding(jl_module_t *to, jl_binding_t *b);
JL_DLLEXPORT int jl_module_alias_binding(jl_module_t *to, jl_binding_t *b)
{
    jl_binding_t **slot = binding_slot(to, b->name);
    if (*slot)
        return *slot == b;
    if ((to->bindings_count + 1) * 4 > to->bindings_size * 3) {
        bindings_grow(to);
        slot = binding_slot(to, b->name);
    }
    *slot = b;
    to->bindings_count++;
    return 1;
}
