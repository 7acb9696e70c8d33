/*
 * builtins_types.c -- the builtins that lowered type definitions call, in Julia 1.10's protocol:
 *
 *   T = Core._structtype(mod, name, params, fnames, fattrs, mutable, ninitialized)  (or _abstracttype,
 *       _primitivetype): a new type with no supertype and no field types yet
 *   Core._setsuper!(T, super)
 *   if the name is already bound and Core._equiv_typedef(old, T): continue with the old type
 *   Core._typebody!(T, svec(fieldtypes...)): field types, then the layout
 *
 * Invariants:
 *   - Between _structtype and _typebody!, T->types is NULL ("no body yet"); _typebody! on a type that
 *     already has a body only accepts identical field types (an equivalent redefinition).
 *   - Instantiations of a parametric type made before its body was set (recursive field types) are
 *     fixed by jl_reinstantiate_inner_types once the supertype and fields are known.
 *   - Field attributes (const / atomic) are recorded here, keyed by TypeName; jl_typename_t.pad[0] bit 0
 *     says the TypeName has an entry, so types without attributes never search the table.
 */
#include <string.h>
#include "builtins.h"

#define TN_HAS_FIELDATTRS 1
#define FIELD_CONST 1
#define FIELD_ATOMIC 2

typedef struct {
    jl_typename_t *tn;
    uint8_t *attrs; /* one byte per field: FIELD_* bits */
} fieldattrs_t;

static fieldattrs_t *attr_table; /* uncollectable (scanned) memory: keeps the entries alive */
static size_t attr_count, attr_cap;

static uint8_t *field_attrs(jl_typename_t *tn)
{
    if (!(tn->pad[0] & TN_HAS_FIELDATTRS))
        return NULL;
    for (size_t i = 0; i < attr_count; i++)
        if (attr_table[i].tn == tn)
            return attr_table[i].attrs;
    return NULL;
}

static void set_field_attrs(jl_typename_t *tn, uint8_t *attrs)
{
    if (attr_count == attr_cap) {
        size_t cap = attr_cap ? attr_cap * 2 : 16;
        fieldattrs_t *t = jl_gc_alloc_uncollectable(cap * sizeof(fieldattrs_t));
        if (attr_count)
            memcpy(t, attr_table, attr_count * sizeof(fieldattrs_t));
        if (attr_table)
            jl_gc_free(attr_table);
        attr_table = t;
        attr_cap = cap;
    }
    attr_table[attr_count++] = (fieldattrs_t){tn, attrs};
    tn->pad[0] |= TN_HAS_FIELDATTRS;
}

/* saved and restored by system images (sysimage/): the table is pairs of pointers (TypeName, attrs) */
JL_DLLEXPORT void **jl_fieldattrs_state(size_t **count, size_t **cap)
{
    *count = &attr_count;
    *cap = &attr_cap;
    return (void **)&attr_table;
}

JL_DLLEXPORT int jl_field_isconst(jl_datatype_t *st, size_t i)
{
    uint8_t *a = field_attrs(st->name);
    return a && (a[i] & FIELD_CONST);
}

JL_DLLEXPORT int jl_field_isatomic(jl_datatype_t *st, size_t i)
{
    uint8_t *a = field_attrs(st->name);
    return a && (a[i] & FIELD_ATOMIC);
}

/* fattrs = svec(index, :const | :atomic, ...) as lowering emits it */
static void parse_field_attrs(jl_typename_t *tn, jl_svec_t *fattrs, int mutabl)
{
    size_t nf = jl_svec_len(tn->names), na = jl_svec_len(fattrs);
    if (na == 0)
        return;
    uint8_t *attrs = jl_gc_alloc_buf_atomic(nf ? nf : 1);
    memset(attrs, 0, nf ? nf : 1);
    for (size_t i = 0; i < na; i += 2) {
        jl_value_t *fld = jl_svecref(fattrs, i);
        if (!jl_is_int64(fld))
            jl_errorf("invalid field attribute %s", jl_is_symbol(fld) ? jl_symbol_name((jl_sym_t *)fld) : "");
        int64_t k = jl_unbox_int64(fld);
        if (k < 1 || (size_t)k > nf)
            jl_errorf("invalid field attribute %lld", (long long)k);
        jl_value_t *attr = i + 1 < na ? jl_svecref(fattrs, i + 1) : jl_nothing;
        const char *an = jl_is_symbol(attr) ? jl_symbol_name((jl_sym_t *)attr) : "";
        if (strcmp(an, "atomic") == 0 || strcmp(an, "const") == 0) {
            if (!mutabl)
                jl_errorf("invalid field attribute %s for immutable struct", an);
            attrs[k - 1] |= an[0] == 'a' ? FIELD_ATOMIC : FIELD_CONST;
        }
        else {
            jl_errorf("invalid field attribute %s", an);
        }
    }
    set_field_attrs(tn, attrs);
}

/* ---------------------------------------------------------------- creating the type */

static void check_fieldnames(jl_svec_t *fnames)
{
    size_t n = jl_svec_len(fnames);
    for (size_t i = 0; i < n; i++) {
        jl_value_t *ni = jl_svecref(fnames, i);
        if (!jl_is_symbol(ni))
            jl_type_error("_structtype", (jl_value_t *)jl_symbol_type, ni);
        for (size_t j = 0; j < i; j++)
            if (jl_svecref(fnames, j) == ni)
                jl_errorf("duplicate field name in type definition: %s", jl_symbol_name((jl_sym_t *)ni));
    }
}

static void check_params(const char *fname, jl_svec_t *params)
{
    for (size_t i = 0; i < jl_svec_len(params); i++)
        JL_TYPECHK(fname, tvar, jl_svecref(params, i));
}

/* _structtype(mod, name, params, fnames, fattrs, mutable, ninitialized): Julia 1.10's form. The form
   with an `abstract` Bool before `mutable` (docs/ir.md) is accepted too. */
JL_DLLEXPORT jl_value_t *jl_f__structtype(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("_structtype", 7, 8);
    jl_value_t **a = args, *buf[7];
    int abstract = 0;
    if (nargs == 8) {
        JL_TYPECHK("_structtype", bool, args[5]);
        abstract = args[5] == jl_true;
        memcpy(buf, args, 5 * sizeof(jl_value_t *));
        buf[5] = args[6];
        buf[6] = args[7];
        a = buf;
    }
    JL_TYPECHK("_structtype", module, a[0]);
    JL_TYPECHK("_structtype", symbol, a[1]);
    JL_TYPECHK("_structtype", simplevector, a[2]);
    JL_TYPECHK("_structtype", simplevector, a[3]);
    JL_TYPECHK("_structtype", simplevector, a[4]);
    JL_TYPECHK("_structtype", bool, a[5]);
    JL_TYPECHK("_structtype", int64, a[6]);
    jl_svec_t *params = (jl_svec_t *)a[2], *fnames = (jl_svec_t *)a[3];
    check_params("_structtype", params);
    check_fieldnames(fnames);
    int mutabl = a[5] == jl_true;
    int64_t ninit = jl_unbox_int64(a[6]);
    if (ninit < 0 || (size_t)ninit > jl_svec_len(fnames))
        jl_errorf("invalid number of initialized fields in definition of %s", jl_symbol_name((jl_sym_t *)a[1]));
    jl_datatype_t *dt = jl_new_datatype((jl_sym_t *)a[1], (jl_module_t *)a[0], NULL, params, fnames,
                                        jl_emptysvec, abstract, mutabl, (int)ninit);
    /* no supertype and no body yet: _setsuper! and _typebody! complete it */
    dt->super = NULL;
    dt->types = NULL;
    dt->layout = NULL;
    dt->instance = NULL;
    dt->isbitstype = 0;
    parse_field_attrs(dt->name, (jl_svec_t *)a[4], mutabl);
    return dt->name->wrapper;
}

JL_DLLEXPORT jl_value_t *jl_f__abstracttype(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("_abstracttype", 3, 3);
    JL_TYPECHK("_abstracttype", module, args[0]);
    JL_TYPECHK("_abstracttype", symbol, args[1]);
    JL_TYPECHK("_abstracttype", simplevector, args[2]);
    check_params("_abstracttype", (jl_svec_t *)args[2]);
    jl_datatype_t *dt = jl_new_abstracttype((jl_sym_t *)args[1], (jl_module_t *)args[0], NULL,
                                            (jl_svec_t *)args[2]);
    return dt->name->wrapper;
}

JL_DLLEXPORT jl_value_t *jl_f__primitivetype(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("_primitivetype", 4, 4);
    JL_TYPECHK("_primitivetype", module, args[0]);
    JL_TYPECHK("_primitivetype", symbol, args[1]);
    JL_TYPECHK("_primitivetype", simplevector, args[2]);
    const char *name = jl_symbol_name((jl_sym_t *)args[1]);
    if (!jl_is_int64(args[3]))
        jl_errorf("invalid declaration of primitive type %s", name);
    int64_t nb = jl_unbox_int64(args[3]);
    if (nb < 1 || nb >= (1 << 23) || (nb & 7) != 0)
        jl_errorf("invalid number of bits in primitive type %s", name);
    check_params("_primitivetype", (jl_svec_t *)args[2]);
    jl_datatype_t *dt = jl_new_primitivetype((jl_sym_t *)args[1], (jl_module_t *)args[0], NULL,
                                             (jl_svec_t *)args[2], (size_t)nb);
    return dt->name->wrapper;
}

JL_DLLEXPORT jl_value_t *jl_f__setsuper(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("_setsuper!", 2, 2);
    jl_datatype_t *dt = (jl_datatype_t *)jl_unwrap_unionall(args[0]);
    JL_TYPECHK("_setsuper!", datatype, (jl_value_t *)dt);
    jl_value_t *super = args[1];
    const char *error = NULL;
    if (!jl_is_datatype(super))
        error = "can only subtype data types";
    else if (dt->super != NULL)
        error = "type already has a supertype";
    else if (dt->name == ((jl_datatype_t *)super)->name)
        error = "a type cannot subtype itself";
    else if (jl_is_tuple_type(super))
        error = "cannot subtype a tuple type";
    else if (((jl_datatype_t *)super)->name == jl_namedtuple_typename)
        error = "cannot subtype a named tuple type";
    else if (jl_subtype(super, (jl_value_t *)jl_type_type))
        error = "cannot add subtypes to Type";
    else if (jl_subtype(super, (jl_value_t *)jl_builtin_type))
        error = "cannot add subtypes to Core.Builtin";
    else if (!jl_is_abstracttype(super))
        error = "can only subtype abstract types";
    if (error)
        jl_errorf("invalid subtyping in definition of %s: %s.", jl_symbol_name(dt->name->name), error);
    dt->super = (jl_datatype_t *)super;
    return jl_nothing;
}

/* ---------------------------------------------------------------- structural type equality */

/* a's and b's type variables, paired, while comparing two definitions */
typedef struct varpair {
    jl_tvar_t *a, *b;
    struct varpair *prev;
} varpair_t;

typedef struct {
    varpair_t *vars;
    jl_typename_t *self_a, *self_b; /* b's own name stands for a's (a recursive supertype) */
} eqenv_t;

static int types_egal(jl_value_t *a, jl_value_t *b, eqenv_t *e);

static int svec_types_egal(jl_svec_t *a, jl_svec_t *b, eqenv_t *e)
{
    size_t n = jl_svec_len(a);
    if (n != jl_svec_len(b))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!types_egal(jl_svecref(a, i), jl_svecref(b, i), e))
            return 0;
    return 1;
}

static int opt_types_egal(jl_value_t *a, jl_value_t *b, eqenv_t *e)
{
    if (a == NULL || b == NULL)
        return a == b;
    return types_egal(a, b, e);
}

static int types_egal(jl_value_t *a, jl_value_t *b, eqenv_t *e)
{
    if (a == b)
        return 1;
    jl_value_t *ta = jl_typeof(a);
    if (ta != jl_typeof(b))
        return 0;
    if (jl_is_datatype(a)) {
        jl_datatype_t *da = (jl_datatype_t *)a, *db = (jl_datatype_t *)b;
        int same = da->name == db->name || (da->name == e->self_a && db->name == e->self_b);
        return same && svec_types_egal(da->parameters, db->parameters, e);
    }
    if (jl_is_tvar(a)) {
        for (varpair_t *p = e->vars; p; p = p->prev)
            if (p->a == (jl_tvar_t *)a)
                return p->b == (jl_tvar_t *)b;
        return 0;
    }
    if (jl_is_unionall(a)) {
        jl_unionall_t *ua = (jl_unionall_t *)a, *ub = (jl_unionall_t *)b;
        if (ua->var->name != ub->var->name || !types_egal(ua->var->lb, ub->var->lb, e) ||
            !types_egal(ua->var->ub, ub->var->ub, e))
            return 0;
        varpair_t p = {ua->var, ub->var, e->vars};
        eqenv_t inner = {&p, e->self_a, e->self_b};
        return types_egal(ua->body, ub->body, &inner);
    }
    if (jl_is_uniontype(a))
        return types_egal(((jl_uniontype_t *)a)->a, ((jl_uniontype_t *)b)->a, e) &&
               types_egal(((jl_uniontype_t *)a)->b, ((jl_uniontype_t *)b)->b, e);
    if (jl_typeis(a, jl_vararg_type))
        return opt_types_egal(((jl_vararg_t *)a)->T, ((jl_vararg_t *)b)->T, e) &&
               opt_types_egal(((jl_vararg_t *)a)->N, ((jl_vararg_t *)b)->N, e);
    return jl_egal(a, b);
}

static int same_field_attrs(jl_typename_t *a, jl_typename_t *b)
{
    uint8_t *x = field_attrs(a), *y = field_attrs(b);
    size_t n = jl_svec_len(a->names);
    for (size_t i = 0; i < n; i++)
        if ((x ? x[i] : 0) != (y ? y[i] : 0))
            return 0;
    return 1;
}

/* Whether `tb` (a new definition) is the same type as `ta` (the existing one): Julia's equiv_type */
JL_DLLEXPORT int jl_equiv_typedef(jl_value_t *ta, jl_value_t *tb)
{
    jl_datatype_t *a = (jl_datatype_t *)jl_unwrap_unionall(ta), *b = (jl_datatype_t *)jl_unwrap_unionall(tb);
    if (!jl_is_datatype(a) || !jl_is_datatype(b))
        return 0;
    jl_typename_t *na = a->name, *nb = b->name;
    if (na->name != nb->name || na->abstract != nb->abstract || na->mutabl != nb->mutabl ||
        na->n_uninitialized != nb->n_uninitialized || a->isprimitivetype != b->isprimitivetype ||
        (a->isprimitivetype && a->layout->size != b->layout->size) ||
        !jl_egal((jl_value_t *)jl_field_names(a), (jl_value_t *)jl_field_names(b)) ||
        jl_svec_len(a->parameters) != jl_svec_len(b->parameters) || !same_field_attrs(na, nb))
        return 0;
    /* the type variables, pairwise: same names and bounds */
    varpair_t pairs[jl_svec_len(a->parameters) + 1];
    eqenv_t e = {NULL, na, nb};
    jl_value_t *wa = ta, *wb = tb;
    size_t k = 0;
    while (jl_is_unionall(wa) && jl_is_unionall(wb)) {
        jl_tvar_t *va = ((jl_unionall_t *)wa)->var, *vb = ((jl_unionall_t *)wb)->var;
        if (va->name != vb->name || !types_egal(va->lb, vb->lb, &e) || !types_egal(va->ub, vb->ub, &e))
            return 0;
        pairs[k] = (varpair_t){va, vb, e.vars};
        e.vars = &pairs[k++];
        wa = ((jl_unionall_t *)wa)->body;
        wb = ((jl_unionall_t *)wb)->body;
    }
    if (jl_is_unionall(wa) || jl_is_unionall(wb))
        return 0;
    if (a->super == NULL || b->super == NULL)
        return a->super == b->super;
    return types_egal((jl_value_t *)a->super, (jl_value_t *)b->super, &e);
}

JL_DLLEXPORT jl_value_t *jl_f__equiv_typedef(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("_equiv_typedef", 2, 2);
    return jl_equiv_typedef(args[0], args[1]) ? jl_true : jl_false;
}

/* ---------------------------------------------------------------- the body */

static int equiv_field_types(jl_svec_t *old, jl_svec_t *ft)
{
    size_t nf = jl_svec_len(ft);
    if (jl_svec_len(old) != nf)
        return 0;
    eqenv_t e = {NULL, NULL, NULL};
    for (size_t i = 0; i < nf; i++) {
        jl_value_t *ta = jl_svecref(old, i), *tb = jl_svecref(ft, i);
        if (jl_has_free_typevars(ta)) {
            /* lowering reuses the old definition's type variables for the new field types */
            if (!jl_has_free_typevars(tb) || !types_egal(ta, tb, &e))
                return 0;
        }
        else if (jl_has_free_typevars(tb) || jl_typeof(ta) != jl_typeof(tb) ||
                 !(jl_subtype(ta, tb) && jl_subtype(tb, ta))) {
            return 0;
        }
    }
    return 1;
}

JL_DLLEXPORT jl_value_t *jl_f__typebody(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("_typebody!", 1, 2);
    jl_datatype_t *dt = (jl_datatype_t *)jl_unwrap_unionall(args[0]);
    JL_TYPECHK("_typebody!", datatype, (jl_value_t *)dt);
    if (nargs == 2) {
        jl_value_t *ft = args[1];
        JL_TYPECHK("_typebody!", simplevector, ft);
        size_t nf = jl_svec_len(ft);
        for (size_t i = 0; i < nf; i++) {
            jl_value_t *elt = jl_svecref(ft, i);
            if ((!jl_is_type(elt) && !jl_is_tvar(elt)) || jl_typeis(elt, jl_vararg_type))
                jl_type_error_rt(jl_symbol_name(dt->name->name), "type definition", (jl_value_t *)jl_type_type,
                                 elt);
        }
        if (dt->types != NULL) {
            if (!equiv_field_types(dt->types, (jl_svec_t *)ft))
                jl_errorf("invalid redefinition of type %s", jl_symbol_name(dt->name->name));
            return jl_nothing; /* an identical redefinition keeps the existing type */
        }
        if (nf != jl_svec_len(dt->name->names))
            jl_errorf("invalid type definition of %s: %zu field names but %zu field types",
                      jl_symbol_name(dt->name->name), jl_svec_len(dt->name->names), nf);
        dt->types = (jl_svec_t *)ft;
    }
    if (dt->super == NULL)
        dt->super = jl_any_type;
    if (dt->types == NULL)
        dt->types = jl_emptysvec;
    jl_reinstantiate_inner_types(dt);
    if (!dt->name->abstract && !dt->isprimitivetype && dt->isconcretetype && dt->layout == NULL)
        jl_compute_field_offsets(dt);
    return jl_nothing;
}
