/*
 * subtype.c -- subtyping (`<:`, `isa`), type equality, matching with static parameters, a conservative
 * type intersection, and method specificity.
 *
 * The algorithm follows Julia's (the "rational reconstruction" rules): a check `x <: y` runs with an
 * environment of bound type variables. A variable bound by a UnionAll on the left is universally
 * quantified ("forall": its bounds never change); one bound on the right is existential ("exists": its
 * bounds narrow as the check proceeds, lb grows by joins and ub shrinks by meets). A Union on the left
 * must hold for every member and one on the right for some member; because a choice made for a Union can
 * constrain variables used elsewhere, choices are not made locally: every Union met records a decision
 * in a bit stack (`ustate_t`), and the whole check is rerun with the next combination until one
 * succeeds (right side) for each combination (left side).
 *
 * Invariants:
 *   - Type parameters are invariant: `A{x} <: A{y}` needs x <: y and y <: x (`forall_exists_equal`).
 *   - Tuple parameters are covariant; `Vararg{T,N}` stands for N (or any number of) copies of T.
 *   - Diagonal rule: a variable of a right UnionAll that occurs more than once in covariant position and
 *     never in invariant position can only take concrete values (`Tuple{T,T} where T`).
 *   - `Type{T}` holds exactly the types equal to T; `Type{Int} <: DataType` (its kind) for a non-variable T.
 *   - `jl_type_intersection` may over-approximate (it never loses a common element); dispatch only uses it
 *     to list candidate methods.
 */
#include <string.h>
#include "julep_internal.h"
#include "gf.h"

/* ---------------------------------------------------------------- small predicates */

static int is_kind(jl_value_t *t)
{
    return t == (jl_value_t *)jl_datatype_type || t == (jl_value_t *)jl_uniontype_type ||
           t == (jl_value_t *)jl_unionall_type || t == (jl_value_t *)jl_typeofbottom_type;
}

static int is_type(jl_value_t *v)
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

static jl_value_t *tparam0(jl_value_t *t)
{
    return jl_svecref(((jl_datatype_t *)t)->parameters, 0);
}

static jl_value_t *vararg_T(jl_value_t *v)
{
    jl_value_t *T = ((jl_vararg_t *)v)->T;
    return T ? T : (jl_value_t *)jl_any_type;
}

/* A bound that only concrete types (or Union{}, or a type-of-a-type) satisfy: the diagonal rule's test. */
static int is_leaf_bound(jl_value_t *v)
{
    if (v == jl_bottom_type)
        return 1;
    if (jl_is_datatype(v)) {
        jl_datatype_t *dt = (jl_datatype_t *)v;
        if (dt->name == jl_type_typename)
            return 1;
        return dt->isconcretetype;
    }
    return !is_type(v) && !jl_is_tvar(v);
}

/* Does `v` mention type variable `var` (free)? */
static int has_var(jl_value_t *v, jl_tvar_t *var)
{
    if (v == (jl_value_t *)var)
        return 1;
    if (jl_is_tvar(v))
        return 0;
    if (jl_is_uniontype(v))
        return has_var(((jl_uniontype_t *)v)->a, var) || has_var(((jl_uniontype_t *)v)->b, var);
    if (jl_is_unionall(v)) {
        jl_unionall_t *ua = (jl_unionall_t *)v;
        if (ua->var == var)
            return 0;
        return has_var(ua->var->lb, var) || has_var(ua->var->ub, var) || has_var(ua->body, var);
    }
    if (is_vararg(v)) {
        jl_vararg_t *va = (jl_vararg_t *)v;
        return (va->T && has_var(va->T, var)) || (va->N && has_var(va->N, var));
    }
    if (jl_is_datatype(v)) {
        jl_datatype_t *dt = (jl_datatype_t *)v;
        if (!dt->hasfreetypevars)
            return 0;
        for (size_t i = 0; i < jl_svec_len(dt->parameters); i++)
            if (has_var(jl_svecref(dt->parameters, i), var))
                return 1;
    }
    return 0;
}

typedef struct boundlist {
    jl_tvar_t *var;
    struct boundlist *prev;
} boundlist_t;

static int in_boundlist(boundlist_t *b, jl_tvar_t *v)
{
    for (; b; b = b->prev)
        if (b->var == v)
            return 1;
    return 0;
}

/* Does `v` have a type variable not bound by a UnionAll inside it (nor in `bound`)? */
static int has_free_vars(jl_value_t *v, boundlist_t *bound)
{
    if (jl_is_tvar(v))
        return !in_boundlist(bound, (jl_tvar_t *)v);
    if (jl_is_uniontype(v))
        return has_free_vars(((jl_uniontype_t *)v)->a, bound) || has_free_vars(((jl_uniontype_t *)v)->b, bound);
    if (jl_is_unionall(v)) {
        jl_unionall_t *ua = (jl_unionall_t *)v;
        if (has_free_vars(ua->var->lb, bound) || has_free_vars(ua->var->ub, bound))
            return 1;
        boundlist_t b = {ua->var, bound};
        return has_free_vars(ua->body, &b);
    }
    if (is_vararg(v)) {
        jl_vararg_t *va = (jl_vararg_t *)v;
        return (va->T && has_free_vars(va->T, bound)) || (va->N && has_free_vars(va->N, bound));
    }
    if (jl_is_datatype(v)) {
        jl_datatype_t *dt = (jl_datatype_t *)v;
        if (!dt->hasfreetypevars)
            return 0;
        for (size_t i = 0; i < jl_svec_len(dt->parameters); i++)
            if (has_free_vars(jl_svecref(dt->parameters, i), bound))
                return 1;
    }
    return 0;
}

JL_DLLEXPORT int jl_has_free_typevars_exact(jl_value_t *v)
{
    return has_free_vars(v, NULL);
}

JL_DLLEXPORT int jl_has_typevar(jl_value_t *t, jl_tvar_t *v)
{
    return has_var(t, v);
}

/* Does `var` occur in `v` inside an invariant position (a parameter of a non-Tuple type, also through Tuples
   nested in one, or a Vararg's N)? */
static int occurs_invariant(jl_value_t *v, jl_tvar_t *var, int inv)
{
    if (v == (jl_value_t *)var)
        return inv;
    if (jl_is_uniontype(v))
        return occurs_invariant(((jl_uniontype_t *)v)->a, var, inv) ||
               occurs_invariant(((jl_uniontype_t *)v)->b, var, inv);
    if (jl_is_unionall(v)) {
        jl_unionall_t *ua = (jl_unionall_t *)v;
        if (ua->var == var)
            return 0;
        return occurs_invariant(ua->var->lb, var, inv) || occurs_invariant(ua->var->ub, var, inv) ||
               occurs_invariant(ua->body, var, inv);
    }
    if (is_vararg(v)) {
        jl_vararg_t *va = (jl_vararg_t *)v;
        return (va->T && occurs_invariant(va->T, var, inv)) || (va->N && occurs_invariant(va->N, var, 1));
    }
    if (jl_is_datatype(v) && ((jl_datatype_t *)v)->hasfreetypevars) {
        jl_datatype_t *dt = (jl_datatype_t *)v;
        int istuple = dt->name == jl_tuple_typename;
        for (size_t i = 0; i < jl_svec_len(dt->parameters); i++)
            if (occurs_invariant(jl_svecref(dt->parameters, i), var, inv || !istuple))
                return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- the environment */

#define USTATE_WORDS 32 /* up to 1024 Union decisions in one check */

typedef struct {
    int depth; /* index of the next decision to read */
    int more;  /* 1 + index of the deepest decision that still has an untried branch; 0 = none */
    int used;  /* decisions recorded so far */
    uint32_t stack[USTATE_WORDS];
} ustate_t;

typedef struct varb {
    jl_tvar_t *var;
    jl_value_t *lb, *ub;
    int8_t right;      /* bound on the right of <:, existential */
    int8_t occurs_inv; /* occurrences in invariant position (saturates at 2) */
    int8_t occurs_cov; /* occurrences in covariant position (saturates at 2) */
    int8_t concrete;   /* another variable's diagonal rule forces this one to be concrete */
    int depth0;        /* invariant depth where the UnionAll was met */
    struct varb *prev;
} varb_t;

typedef struct {
    varb_t *vars;
    ustate_t L, R;
    jl_value_t **envout; /* values of the right side's outer variables (jl_subtype_env) */
    int envsz, envidx;
    int invdepth;
} stenv_t;

typedef struct {
    jl_value_t *lb, *ub;
    int8_t occurs_inv, occurs_cov, concrete;
} savedvar_t;

static int ustate_get(ustate_t *s, int i)
{
    return (s->stack[i >> 5] >> (i & 31)) & 1;
}

static void ustate_set(ustate_t *s, int i, int v)
{
    if (i >= USTATE_WORDS * 32)
        jl_error("type is too complex for subtyping: too many Union members");
    if (v)
        s->stack[i >> 5] |= 1u << (i & 31);
    else
        s->stack[i >> 5] &= ~(1u << (i & 31));
}

static varb_t *lookup(stenv_t *e, jl_tvar_t *v)
{
    for (varb_t *b = e->vars; b; b = b->prev)
        if (b->var == v)
            return b;
    return NULL;
}

static int count_vars(stenv_t *e)
{
    int n = 0;
    for (varb_t *b = e->vars; b; b = b->prev)
        n++;
    return n;
}

static void save_env(stenv_t *e, savedvar_t *sv, jl_value_t **out)
{
    int i = 0;
    for (varb_t *b = e->vars; b; b = b->prev, i++)
        sv[i] = (savedvar_t){b->lb, b->ub, b->occurs_inv, b->occurs_cov, b->concrete};
    for (int k = 0; k < e->envsz; k++)
        out[k] = e->envout[k];
}

static void restore_env(stenv_t *e, savedvar_t *sv, jl_value_t **out)
{
    int i = 0;
    for (varb_t *b = e->vars; b; b = b->prev, i++) {
        b->lb = sv[i].lb;
        b->ub = sv[i].ub;
        b->occurs_inv = sv[i].occurs_inv;
        b->occurs_cov = sv[i].occurs_cov;
        b->concrete = sv[i].concrete;
    }
    for (int k = 0; k < e->envsz; k++)
        e->envout[k] = out[k];
}

static void record_occurrence(varb_t *vb, stenv_t *e, int param)
{
    if (vb == NULL || param == 0)
        return;
    if (param == 2 && e->invdepth > vb->depth0) {
        if (vb->occurs_inv < 2)
            vb->occurs_inv++;
    }
    else if (vb->occurs_cov < 2) {
        vb->occurs_cov++;
    }
}

/* ---------------------------------------------------------------- Union decisions */

static jl_value_t *pick_union_element(jl_value_t *u, stenv_t *e, int R)
{
    ustate_t *s = R ? &e->R : &e->L;
    do {
        if (s->depth >= s->used) {
            ustate_set(s, s->used, 0);
            s->used++;
        }
        int ui = ustate_get(s, s->depth);
        s->depth++;
        if (ui == 0) {
            s->more = s->depth;
            u = ((jl_uniontype_t *)u)->a;
        }
        else {
            u = ((jl_uniontype_t *)u)->b;
        }
    } while (jl_is_uniontype(u));
    return u;
}

/* Advance to the next combination of decisions; 0 when all were tried. */
static int next_union_state(ustate_t *s)
{
    if (s->more == 0)
        return 0;
    s->used = s->more;
    ustate_set(s, s->used - 1, 1);
    s->more = s->depth = 0;
    return 1;
}

/* ---------------------------------------------------------------- bounds arithmetic */

static int subtype(jl_value_t *x, jl_value_t *y, stenv_t *e, int param);
static int forall_exists_equal(jl_value_t *x, jl_value_t *y, stenv_t *e);
static int forall_exists_subtype(jl_value_t *x, jl_value_t *y, stenv_t *e, int param);

static int plain_subtype(jl_value_t *a, jl_value_t *b)
{
    return !has_free_vars(a, NULL) && !has_free_vars(b, NULL) && jl_subtype(a, b);
}

static jl_value_t *simple_join(jl_value_t *a, jl_value_t *b)
{
    if (a == jl_bottom_type || b == (jl_value_t *)jl_any_type || a == b)
        return b;
    if (b == jl_bottom_type || a == (jl_value_t *)jl_any_type)
        return a;
    if (!is_type(a) && !jl_is_tvar(a))
        return jl_egal(a, b) ? a : (jl_value_t *)jl_any_type;
    if (!is_type(b) && !jl_is_tvar(b))
        return (jl_value_t *)jl_any_type;
    if (plain_subtype(a, b))
        return b;
    if (plain_subtype(b, a))
        return a;
    jl_value_t *ab[2] = {a, b};
    return jl_type_union(ab, 2);
}

static jl_value_t *simple_meet(jl_value_t *a, jl_value_t *b)
{
    if (a == (jl_value_t *)jl_any_type || b == jl_bottom_type || a == b)
        return b;
    if (b == (jl_value_t *)jl_any_type || a == jl_bottom_type)
        return a;
    if (!is_type(a) || !is_type(b))
        return b;
    if (plain_subtype(a, b))
        return a;
    if (plain_subtype(b, a))
        return b;
    if (!has_free_vars(a, NULL) && !has_free_vars(b, NULL))
        return jl_type_intersection(a, b);
    return b;
}

/* A nested check whose Union decisions are independent of the enclosing ones. */
static int subtype_ccheck(jl_value_t *x, jl_value_t *y, stenv_t *e)
{
    if (x == y)
        return 1;
    if (x == jl_bottom_type && is_type(y))
        return 1;
    if (y == (jl_value_t *)jl_any_type && (is_type(x) || jl_is_tvar(x)))
        return 1;
    if (!is_type(x) && !jl_is_tvar(x))
        return (!is_type(y) && !jl_is_tvar(y)) ? jl_egal(x, y) : 0;
    ustate_t oldL = e->L, oldR = e->R;
    int sub = forall_exists_subtype(x, y, e, 0);
    e->L = oldL;
    e->R = oldR;
    return sub;
}

/* Was x bound outside (before) y? */
static int var_outside(stenv_t *e, jl_tvar_t *x, jl_tvar_t *y)
{
    for (varb_t *b = e->vars; b; b = b->prev) {
        if (b->var == x)
            return 0;
        if (b->var == y)
            return 1;
    }
    return 0;
}

static int in_union(jl_value_t *u, jl_value_t *x)
{
    if (u == x)
        return 1;
    if (!jl_is_uniontype(u))
        return 0;
    return in_union(((jl_uniontype_t *)u)->a, x) || in_union(((jl_uniontype_t *)u)->b, x);
}

/* b <: a for a variable b */
static int var_lt(jl_tvar_t *b, jl_value_t *a, stenv_t *e, int param)
{
    varb_t *bb = lookup(e, b);
    if (bb == NULL)
        return subtype(b->ub, a, e, param);
    record_occurrence(bb, e, param);
    if (!bb->right)
        return subtype(bb->ub, a, e, param);
    if (bb->ub == a)
        return 1;
    if (!((bb->lb == jl_bottom_type && !is_type(a) && !jl_is_tvar(a)) || subtype_ccheck(bb->lb, a, e)))
        return 0;
    bb->ub = simple_meet(bb->ub, a);
    if (jl_is_tvar(a)) {
        /* an outer "exists" b cannot equal an inner "forall" a unless a's bounds fix it */
        varb_t *aa = lookup(e, (jl_tvar_t *)a);
        if (aa && !aa->right && in_union(bb->lb, a) && bb->depth0 != aa->depth0 &&
            var_outside(e, b, (jl_tvar_t *)a))
            return subtype(aa->ub, aa->lb, e, param);
    }
    return 1;
}

/* a <: b for a variable b */
static int var_gt(jl_tvar_t *b, jl_value_t *a, stenv_t *e, int param)
{
    varb_t *bb = lookup(e, b);
    if (bb == NULL)
        return subtype(a, b->lb, e, param);
    record_occurrence(bb, e, param);
    if (!bb->right)
        return subtype(a, bb->lb, e, param);
    if (bb->lb == a)
        return 1;
    if (!((bb->ub == (jl_value_t *)jl_any_type && !is_type(a) && !jl_is_tvar(a)) || subtype_ccheck(a, bb->ub, e)))
        return 0;
    bb->lb = simple_join(bb->lb, a);
    if (jl_is_tvar(a)) {
        varb_t *aa = lookup(e, (jl_tvar_t *)a);
        if (aa && !aa->right && bb->depth0 != aa->depth0 && param == 2 && var_outside(e, b, (jl_tvar_t *)a))
            return subtype(aa->ub, aa->lb, e, param);
    }
    return 1;
}

/* ---------------------------------------------------------------- UnionAll */

static jl_value_t *env_value(varb_t *vb, jl_unionall_t *u)
{
    if (!vb->occurs_inv && vb->lb != jl_bottom_type)
        return is_leaf_bound(vb->lb) ? vb->lb : (jl_value_t *)jl_new_typevar(u->var->name, jl_bottom_type, vb->lb);
    if (vb->lb == vb->ub)
        return vb->lb;
    if (vb->lb != jl_bottom_type)
        return vb->lb; /* the least solution: what static parameters expect */
    if (vb->lb == u->var->lb && vb->ub == u->var->ub)
        return (jl_value_t *)u->var;
    return (jl_value_t *)jl_new_typevar(u->var->name, vb->lb, vb->ub);
}

/* A UnionAll whose variable is already in the environment (the same `Complex` on both sides, or an
   outer variable whose bound became this one) gets a fresh copy of its variable, so the two stay apart. */
static jl_unionall_t *unalias_unionall(jl_unionall_t *u, stenv_t *e)
{
    for (varb_t *b = e->vars; b; b = b->prev) {
        if (b->var == u->var || (b->lb != b->var->lb && has_var(b->lb, u->var)) ||
            (b->ub != b->var->ub && has_var(b->ub, u->var))) {
            jl_tvar_t *nv = jl_new_typevar(u->var->name, u->var->lb, u->var->ub);
            return (jl_unionall_t *)jl_type_unionall(nv, jl_substitute_fresh_var(u->body, u->var, nv));
        }
    }
    return u;
}

static int subtype_unionall(jl_value_t *t, jl_unionall_t *u, stenv_t *e, int R, int param)
{
    u = unalias_unionall(u, e);
    varb_t vb = {u->var, u->var->lb, u->var->ub, (int8_t)R, 0, 0, 0, e->invdepth, e->vars};
    e->vars = &vb;
    int ans;
    if (R) {
        int idx = e->envidx++;
        ans = subtype(t, u->body, e, param);
        e->envidx--;
        if (ans && idx < e->envsz) {
            jl_value_t *val = env_value(&vb, u);
            jl_value_t *old = e->envout[idx];
            e->envout[idx] = (old && !jl_egal(old, val)) ? (jl_value_t *)u->var : val;
        }
    }
    else {
        ans = subtype(u->body, t, e, param);
    }
    e->vars = vb.prev;
    if (ans) {
        int diagonal = vb.occurs_cov > 1 && !occurs_invariant(u->body, u->var, 0);
        if (vb.concrete || (diagonal && is_leaf_bound(u->var->lb))) {
            if (vb.concrete && !diagonal && !is_leaf_bound(vb.ub)) {
                ans = 0;
            }
            else if (jl_is_tvar(vb.lb)) {
                varb_t *vlb = lookup(e, (jl_tvar_t *)vb.lb);
                if (vlb)
                    vlb->concrete = 1;
            }
            else if (!is_leaf_bound(vb.lb)) {
                ans = 0;
            }
        }
    }
    return ans;
}

/* ---------------------------------------------------------------- tuples */

typedef struct {
    jl_value_t **el;   /* fixed elements */
    size_t n;
    jl_vararg_t *va;   /* trailing Vararg with N unbounded or a variable, or NULL */
} tuple_view_t;

static size_t vararg_fixed_count(jl_value_t *v)
{
    jl_vararg_t *va = (jl_vararg_t *)v;
    if (va->N && jl_is_int64(va->N)) {
        int64_t n = jl_unbox_int64(va->N);
        return n < 0 ? 0 : (size_t)n;
    }
    return (size_t)-1;
}

static size_t tuple_view_size(jl_datatype_t *t)
{
    size_t np = jl_svec_len(t->parameters), n = np;
    if (np && is_vararg(jl_svecref(t->parameters, np - 1))) {
        size_t k = vararg_fixed_count(jl_svecref(t->parameters, np - 1));
        n = np - 1 + (k == (size_t)-1 ? 0 : k);
    }
    return n;
}

static void tuple_view(jl_datatype_t *t, tuple_view_t *tv, jl_value_t **buf)
{
    size_t np = jl_svec_len(t->parameters);
    tv->el = buf;
    tv->n = 0;
    tv->va = NULL;
    for (size_t i = 0; i < np; i++) {
        jl_value_t *p = jl_svecref(t->parameters, i);
        if (is_vararg(p) && i == np - 1) {
            size_t k = vararg_fixed_count(p);
            if (k == (size_t)-1) {
                tv->va = (jl_vararg_t *)p;
            }
            else {
                for (size_t j = 0; j < k; j++)
                    buf[tv->n++] = vararg_T(p);
            }
        }
        else {
            buf[tv->n++] = p;
        }
    }
}

static int subtype_tuple(jl_datatype_t *xd, jl_datatype_t *yd, stenv_t *e, int param)
{
    size_t sx = tuple_view_size(xd), sy = tuple_view_size(yd);
    if (sx > 100000 || sy > 100000)
        jl_error("tuple type is too long for subtyping");
    jl_value_t *bx[sx ? sx : 1], *by[sy ? sy : 1];
    tuple_view_t x, y;
    tuple_view(xd, &x, bx);
    tuple_view(yd, &y, by);
    if (y.va == NULL) {
        if (x.va) {
            /* Vararg{T,N} on the left with N an existential variable: N takes the remaining length */
            jl_value_t *N = x.va->N;
            varb_t *nb = N && jl_is_tvar(N) ? lookup(e, (jl_tvar_t *)N) : NULL;
            if (!nb || !nb->right || x.n > y.n)
                return 0;
            if (!forall_exists_equal(jl_box_int64((int64_t)(y.n - x.n)), N, e))
                return 0;
            for (size_t i = x.n; i < y.n; i++)
                if (!subtype(vararg_T((jl_value_t *)x.va), y.el[i], e, 1))
                    return 0;
        }
        else if (x.n != y.n) {
            return 0;
        }
        for (size_t i = 0; i < x.n; i++)
            if (!subtype(x.el[i], y.el[i], e, 1))
                return 0;
        return 1;
    }
    if (x.n < y.n)
        return 0;
    jl_value_t *yT = vararg_T((jl_value_t *)y.va);
    for (size_t i = 0; i < y.n; i++)
        if (!subtype(x.el[i], y.el[i], e, 1))
            return 0;
    for (size_t i = y.n; i < x.n; i++)
        if (!subtype(x.el[i], yT, e, 1))
            return 0;
    jl_value_t *yN = y.va->N;
    if (x.va) {
        jl_value_t *xT = vararg_T((jl_value_t *)x.va);
        /* twice: a Vararg stands for several elements, which the diagonal rule must see */
        if (!subtype(xT, yT, e, 1) || !subtype(xT, yT, e, 1))
            return 0;
        if (yN == NULL)
            return 1;
        if (x.va->N)
            return x.n == y.n && forall_exists_equal(x.va->N, yN, e);
        varb_t *nb = jl_is_tvar(yN) ? lookup(e, (jl_tvar_t *)yN) : NULL;
        return nb && nb->right; /* any length: an existential N can match each one */
    }
    if (yN == NULL)
        return 1;
    e->invdepth++;
    int ok = forall_exists_equal(jl_box_int64((int64_t)(x.n - y.n)), yN, e);
    e->invdepth--;
    return ok;
}

/* ---------------------------------------------------------------- the core relation */

static int obviously_egal(jl_value_t *a, jl_value_t *b)
{
    if (a == b)
        return 1;
    if (!is_type(a) && !jl_is_tvar(a) && !is_vararg(a) && !is_type(b) && !jl_is_tvar(b) && !is_vararg(b))
        return jl_egal(a, b);
    return 0;
}

static int subtype_datatypes(jl_datatype_t *xd, jl_datatype_t *yd, stenv_t *e, int param)
{
    if (xd == yd)
        return 1;
    if (yd == jl_any_type)
        return 1;
    int xtt = xd->name == jl_type_typename, ytt = yd->name == jl_type_typename;
    if (xtt && !ytt) {
        jl_value_t *tp0 = tparam0((jl_value_t *)xd);
        if (jl_is_tvar(tp0))
            return 0;
        return jl_typeof(tp0) == (jl_value_t *)yd;
    }
    if (ytt && !xtt) {
        jl_value_t *tp0 = tparam0((jl_value_t *)yd);
        if (!jl_is_tvar(tp0) || !is_kind((jl_value_t *)xd))
            return 0;
        /* DataType <: Type{T}: true when T can be any type */
        return subtype(jl_type_typename->wrapper, (jl_value_t *)yd, e, param);
    }
    while (xd->name != yd->name) {
        if (xd == jl_any_type || xd->super == NULL || xd->super == xd)
            return 0;
        xd = xd->super;
    }
    if (xd->name == jl_tuple_typename)
        return subtype_tuple(xd, yd, e, param);
    size_t np = jl_svec_len(xd->parameters);
    if (np != jl_svec_len(yd->parameters))
        return 0;
    int ans = 1;
    e->invdepth++;
    for (size_t i = 0; i < np && ans; i++) {
        jl_value_t *xi = jl_svecref(xd->parameters, i), *yi = jl_svecref(yd->parameters, i);
        if (!(xi == yi || forall_exists_equal(xi, yi, e)))
            ans = 0;
    }
    e->invdepth--;
    return ans;
}

static int subtype_vars(jl_tvar_t *x, jl_tvar_t *y, stenv_t *e, int param)
{
    if (x == y)
        return 1;
    varb_t *xx = lookup(e, x), *yy = lookup(e, y);
    int xr = xx && xx->right, yr = yy && yy->right;
    if (xr) {
        if (yy)
            record_occurrence(yy, e, param);
        if (yr) {
            record_occurrence(xx, e, param);
            return subtype(xx->lb, yy->ub, e, 0);
        }
        return var_lt(x, (jl_value_t *)y, e, param);
    }
    if (yr) {
        if (xx)
            record_occurrence(xx, e, param);
        return var_gt(y, (jl_value_t *)x, e, param);
    }
    /* both universal (or free): their bounds never change */
    jl_value_t *xub = xx ? xx->ub : x->ub;
    jl_value_t *ylb = yy ? yy->lb : y->lb;
    return subtype(xub, (jl_value_t *)y, e, param) || subtype((jl_value_t *)x, ylb, e, param);
}

static int subtype(jl_value_t *x, jl_value_t *y, stenv_t *e, int param)
{
    if (x == y && !jl_is_unionall(y) && !jl_is_uniontype(y))
        return 1;
    if (jl_is_uniontype(x)) {
        if (x == y)
            return 1;
        x = pick_union_element(x, e, 0);
    }
    if (jl_is_uniontype(y)) {
        jl_uniontype_t *uy = (jl_uniontype_t *)y;
        if (x == uy->a || x == uy->b)
            return 1;
        if (jl_is_unionall(x))
            return subtype_unionall(y, (jl_unionall_t *)x, e, 0, param);
        /* a variable against a Union: an existential one takes the whole Union as its bound, a
           universal one is checked through its bound (split on the left) */
        if (!jl_is_tvar(x))
            y = pick_union_element(y, e, 1);
    }
    if (jl_is_tvar(x)) {
        if (jl_is_tvar(y))
            return subtype_vars((jl_tvar_t *)x, (jl_tvar_t *)y, e, param);
        return var_lt((jl_tvar_t *)x, y, e, param);
    }
    if (jl_is_tvar(y))
        return var_gt((jl_tvar_t *)y, x, e, param);
    if (y == (jl_value_t *)jl_any_type && (is_type(x) || is_vararg(x)))
        return 1;
    if (x == jl_bottom_type && is_type(y))
        return 1;
    if (jl_is_unionall(x)) {
        if (x == y && e->envidx >= e->envsz)
            return 1;
        return subtype_unionall(y, (jl_unionall_t *)x, e, 0, param);
    }
    if (jl_is_unionall(y))
        return subtype_unionall(x, (jl_unionall_t *)y, e, 1, param);
    if (jl_is_datatype(x) && jl_is_datatype(y))
        return subtype_datatypes((jl_datatype_t *)x, (jl_datatype_t *)y, e, param);
    if (is_vararg(x) && is_vararg(y)) {
        jl_vararg_t *vx = (jl_vararg_t *)x, *vy = (jl_vararg_t *)y;
        if (!subtype(vararg_T(x), vararg_T(y), e, param))
            return 0;
        if (vy->N == NULL)
            return 1;
        return vx->N && forall_exists_equal(vx->N, vy->N, e);
    }
    if (is_type(y) || is_vararg(y))
        return x == jl_bottom_type;
    if (is_type(x) || is_vararg(x))
        return 0;
    return jl_egal(x, y);
}

/* ---------------------------------------------------------------- the Union loops */

static int exists_subtype(jl_value_t *x, jl_value_t *y, stenv_t *e, savedvar_t *sv, jl_value_t **so, int param)
{
    e->R.used = 0;
    while (1) {
        e->R.depth = e->R.more = 0;
        e->L.depth = e->L.more = 0;
        if (subtype(x, y, e, param))
            return 1;
        restore_env(e, sv, so);
        if (!next_union_state(&e->R))
            return 0;
    }
}

static int forall_exists_subtype(jl_value_t *x, jl_value_t *y, stenv_t *e, int param)
{
    int nv = count_vars(e);
    savedvar_t sv[nv ? nv : 1];
    jl_value_t *so[e->envsz ? e->envsz : 1];
    save_env(e, sv, so);
    e->L.used = 0;
    memset(e->L.stack, 0, sizeof e->L.stack);
    memset(e->R.stack, 0, sizeof e->R.stack);
    int sub;
    while (1) {
        sub = exists_subtype(x, y, e, sv, so, param);
        if (!sub || !next_union_state(&e->L))
            break;
        save_env(e, sv, so); /* constraints found for one left choice hold for the next */
    }
    return sub;
}

static int forall_exists_equal(jl_value_t *x, jl_value_t *y, stenv_t *e)
{
    if (obviously_egal(x, y))
        return 1;
    int xt = is_type(x) || jl_is_tvar(x) || is_vararg(x), yt = is_type(y) || jl_is_tvar(y) || is_vararg(y);
    if (!xt && !yt)
        return 0;
    if (!xt && !jl_is_tvar(y))
        return 0;
    if (!yt && !jl_is_tvar(x))
        return 0;
    ustate_t oldL = e->L;
    int sub;
    if (!has_free_vars(x, NULL) || !has_free_vars(y, NULL)) {
        ustate_t oldR = e->R;
        memset(&e->R, 0, sizeof e->R);
        memset(&e->L, 0, sizeof e->L);
        sub = forall_exists_subtype(x, y, e, 2);
        e->R = oldR;
    }
    else {
        /* variables are shared with the enclosing check: its loop explores the right side's Unions */
        memset(&e->L, 0, sizeof e->L);
        while (1) {
            e->L.more = e->L.depth = 0;
            sub = subtype(x, y, e, 2);
            if (!sub || !next_union_state(&e->L))
                break;
        }
    }
    e->L = oldL;
    return sub && subtype(y, x, e, 0);
}

/* ---------------------------------------------------------------- entry points */

static void init_stenv(stenv_t *e, jl_value_t **env, int envsz)
{
    memset(e, 0, sizeof *e);
    e->envout = env;
    e->envsz = envsz;
    for (int i = 0; i < envsz; i++)
        env[i] = NULL;
}

/* A quick answer for the common case of a concrete x against a plain DataType; -1 = don't know. */
static int quick_subtype(jl_value_t *x, jl_value_t *y)
{
    if (!jl_is_datatype(x) || !jl_is_datatype(y))
        return -1;
    jl_datatype_t *xd = (jl_datatype_t *)x, *yd = (jl_datatype_t *)y;
    if (!xd->isconcretetype || yd->hasfreetypevars || xd->name == jl_tuple_typename ||
        yd->name == jl_type_typename)
        return -1;
    while (xd->name != yd->name) {
        if (xd == jl_any_type || xd->super == NULL)
            return 0;
        xd = xd->super;
    }
    if (xd == yd)
        return 1;
    return -1;
}

JL_DLLEXPORT int jl_subtype_env(jl_value_t *x, jl_value_t *y, jl_value_t **env, int envsz)
{
    if (envsz == 0) {
        if (x == y || y == (jl_value_t *)jl_any_type || x == jl_bottom_type)
            return 1;
        int q = quick_subtype(x, y);
        if (q >= 0)
            return q;
    }
    stenv_t e;
    init_stenv(&e, env, envsz);
    int ans = forall_exists_subtype(x, y, &e, 0);
    if (ans) {
        /* variables never reached (e.g. y's body matched without mentioning them) keep themselves */
        jl_value_t *u = y;
        for (int i = 0; i < envsz && jl_is_unionall(u); i++, u = ((jl_unionall_t *)u)->body)
            if (env[i] == NULL)
                env[i] = (jl_value_t *)((jl_unionall_t *)u)->var;
    }
    return ans;
}

JL_DLLEXPORT int jl_subtype(jl_value_t *a, jl_value_t *b)
{
    return jl_subtype_env(a, b, NULL, 0);
}

JL_DLLEXPORT int jl_types_equal(jl_value_t *a, jl_value_t *b)
{
    if (a == b)
        return 1;
    if (jl_is_datatype(a) && jl_is_datatype(b) && ((jl_datatype_t *)a)->isconcretetype &&
        ((jl_datatype_t *)b)->isconcretetype)
        return 0; /* concrete instantiations are hash-consed */
    return jl_subtype(a, b) && jl_subtype(b, a);
}

static jl_value_t *wrap_Type(jl_value_t *t)
{
    return jl_apply_type1(jl_type_typename->wrapper, t);
}

static int has_intersect_type_not_kind(jl_value_t *t)
{
    t = jl_unwrap_unionall(t);
    if (t == (jl_value_t *)jl_any_type || is_type_type(t))
        return 1;
    if (jl_is_uniontype(t))
        return has_intersect_type_not_kind(((jl_uniontype_t *)t)->a) ||
               has_intersect_type_not_kind(((jl_uniontype_t *)t)->b);
    if (jl_is_tvar(t))
        return has_intersect_type_not_kind(((jl_tvar_t *)t)->ub);
    return 0;
}

JL_DLLEXPORT int jl_isa(jl_value_t *x, jl_value_t *t)
{
    if (jl_typeis(x, t) || t == (jl_value_t *)jl_any_type)
        return 1;
    if (is_type(x)) {
        if (t == jl_type_typename->wrapper)
            return 1;
        if (!has_free_vars(x, NULL)) {
            if (jl_is_concrete_type(t))
                return 0;
            if (is_type_type(t))
                return jl_types_equal(x, tparam0(t));
            jl_value_t *t2 = jl_unwrap_unionall(t);
            if (jl_is_datatype(t2)) {
                if (((jl_datatype_t *)t2)->name != jl_type_typename)
                    return jl_subtype(jl_typeof(x), t);
                jl_value_t *tp = tparam0(t2);
                if (jl_is_tvar(tp)) {
                    if (((jl_tvar_t *)tp)->lb == jl_bottom_type) {
                        while (jl_is_tvar(tp))
                            tp = ((jl_tvar_t *)tp)->ub;
                        if (!has_free_vars(tp, NULL))
                            return jl_subtype(x, tp);
                    }
                    else if (((jl_tvar_t *)tp)->ub == (jl_value_t *)jl_any_type) {
                        while (jl_is_tvar(tp))
                            tp = ((jl_tvar_t *)tp)->lb;
                        if (!has_free_vars(tp, NULL))
                            return jl_subtype(tp, x);
                    }
                }
            }
            if (jl_subtype(jl_typeof(x), t))
                return 1;
            if (has_intersect_type_not_kind(t2))
                return jl_subtype(wrap_Type(x), t);
            return 0;
        }
    }
    if (jl_is_concrete_type(t))
        return 0;
    return jl_subtype(jl_typeof(x), t);
}

/* ---------------------------------------------------------------- intersection
   Exact for the shapes dispatch meets (unions, tuples, unrelated or nested DataTypes, a UnionAll whose
   variables are fixed by the other side); otherwise one of the arguments, a safe over-approximation. */

static jl_value_t *intersect(jl_value_t *a, jl_value_t *b, int depth);

static int is_leaf_type(jl_value_t *t)
{
    return t == jl_bottom_type || (jl_is_datatype(t) && ((jl_datatype_t *)t)->isconcretetype);
}

static jl_value_t *intersect_union(jl_value_t *u, jl_value_t *b, int depth)
{
    jl_value_t *ab[2] = {intersect(((jl_uniontype_t *)u)->a, b, depth),
                         intersect(((jl_uniontype_t *)u)->b, b, depth)};
    return jl_type_union(ab, 2);
}

static jl_value_t *intersect_tuple(jl_datatype_t *a, jl_datatype_t *b, int depth)
{
    size_t sa = tuple_view_size(a), sb = tuple_view_size(b);
    jl_value_t *ba[sa ? sa : 1], *bb[sb ? sb : 1];
    tuple_view_t x, y;
    tuple_view(a, &x, ba);
    tuple_view(b, &y, bb);
    if ((x.va && x.va->N) || (y.va && y.va->N))
        return (jl_value_t *)b; /* lengths tied to variables: over-approximate */
    if ((!x.va && !y.va && x.n != y.n) || (!x.va && x.n < y.n) || (!y.va && y.n < x.n))
        return jl_bottom_type;
    size_t n = x.n > y.n ? x.n : y.n;
    jl_value_t *out[n + 1];
    for (size_t i = 0; i < n; i++) {
        jl_value_t *ea = i < x.n ? x.el[i] : vararg_T((jl_value_t *)x.va);
        jl_value_t *eb = i < y.n ? y.el[i] : vararg_T((jl_value_t *)y.va);
        out[i] = intersect(ea, eb, depth + 1);
        if (out[i] == jl_bottom_type)
            return jl_bottom_type;
    }
    size_t m = n;
    if (x.va && y.va) {
        jl_value_t *et = intersect(vararg_T((jl_value_t *)x.va), vararg_T((jl_value_t *)y.va), depth + 1);
        if (et != jl_bottom_type) {
            jl_vararg_t *va = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
            va->T = et;
            out[m++] = (jl_value_t *)va;
        }
    }
    return (jl_value_t *)jl_apply_tuple_type_v(out, m);
}

/* Matching a UnionAll's body against a closed type: M_EMPTY when no values of the variables make the
   two share an instance, M_UNKNOWN when the matching cannot tell, else M_OK with the variables it
   determines exactly (invariant positions, or a concrete type in a covariant one) in vals. */
enum { M_EMPTY, M_OK, M_UNKNOWN };

typedef struct {
    jl_tvar_t **vars;
    jl_value_t **vals;
    uint8_t *valinv;  /* vals[i] came from an invariant position */
    int nv;
    jl_value_t *body; /* the UnionAll's body, for the diagonal rule */
} match_t;

/* d or the supertype of d named `name`, or NULL */
static jl_datatype_t *super_named(jl_datatype_t *d, jl_typename_t *name)
{
    while (d->name != name) {
        if (d == jl_any_type || d->super == NULL)
            return NULL;
        d = d->super;
    }
    return d;
}

static int match_var(match_t *m, jl_tvar_t *t, jl_value_t *s, int inv)
{
    for (int i = 0; i < m->nv; i++) {
        if (m->vars[i] != t)
            continue;
        if (has_free_vars(s, NULL) || !(inv || is_leaf_type(s)))
            return M_OK; /* not determined here */
        if (m->vals[i] == NULL) {
            m->vals[i] = s;
            m->valinv[i] = (uint8_t)inv;
            return M_OK;
        }
        if (is_type(s) ? jl_types_equal(m->vals[i], s) : jl_egal(m->vals[i], s)) {
            m->valinv[i] |= (uint8_t)inv;
            return M_OK;
        }
        if (inv && m->valinv[i])
            return M_EMPTY; /* two invariant positions demand different values */
        if (inv || m->valinv[i]) {
            /* the invariant value is exact; the covariant concrete one must be an instance of it */
            jl_value_t *exact = inv ? s : m->vals[i], *cov = inv ? m->vals[i] : s;
            if (!is_type(exact) || !is_type(cov) || !jl_subtype(cov, exact))
                return M_EMPTY;
            m->vals[i] = exact;
            m->valinv[i] = 1;
            return M_OK;
        }
        /* two concrete types in covariant positions: a diagonal variable (never in an invariant
           position) must equal both (Tuple{T,T} where T against Tuple{Int,Float64}) */
        return occurs_invariant(m->body, t, 0) ? M_UNKNOWN : M_EMPTY;
    }
    return M_OK;
}

static int match_vars(match_t *m, jl_value_t *t, jl_value_t *s, int inv)
{
    if (jl_is_tvar(t))
        return match_var(m, (jl_tvar_t *)t, s, inv);
    if (!jl_is_datatype(t) || !jl_is_datatype(s))
        return M_OK;
    jl_datatype_t *td = (jl_datatype_t *)t, *sd = (jl_datatype_t *)s;
    if ((td->name == jl_type_typename) != (sd->name == jl_type_typename))
        return M_UNKNOWN; /* Type{X} and the kinds */
    if (inv && td->name != sd->name)
        return M_EMPTY;
    jl_datatype_t *up = super_named(sd, td->name);
    if (up != NULL)
        sd = up;
    else if ((up = super_named(td, sd->name)) != NULL)
        td = up;
    else
        return M_EMPTY; /* single inheritance: unrelated names share no instance */
    size_t nt = jl_svec_len(td->parameters), ns = jl_svec_len(sd->parameters);
    int istuple = td->name == jl_tuple_typename, r = M_OK;
    for (size_t i = 0; i < nt && i < ns; i++) {
        jl_value_t *pt = jl_svecref(td->parameters, i), *ps = jl_svecref(sd->parameters, i);
        if (is_vararg(ps))
            break;
        if (is_vararg(pt)) {
            /* a tuple's Vararg element stands for each remaining element of the other side */
            for (size_t j = i; j < ns && !is_vararg(jl_svecref(sd->parameters, j)); j++) {
                int rj = match_vars(m, vararg_T(pt), jl_svecref(sd->parameters, j), 0);
                if (rj == M_EMPTY)
                    return M_EMPTY;
                if (rj == M_UNKNOWN)
                    r = M_UNKNOWN;
            }
            break;
        }
        int ri = match_vars(m, pt, ps, !istuple);
        if (ri == M_EMPTY)
            return M_EMPTY;
        if (ri == M_UNKNOWN)
            r = M_UNKNOWN;
    }
    return r;
}

static jl_value_t *intersect_unionall_(jl_value_t *a, jl_value_t *b, int depth, int flipped);

/* a with the determined variables replaced by their values (the others stay bound), or NULL when a
   remaining variable's bound mentions a replaced one */
static jl_value_t *partial_instantiate(jl_value_t *body, match_t *m)
{
    for (int i = 0; i < m->nv; i++)
        if (m->vals[i])
            body = jl_substitute_var(body, m->vars[i], m->vals[i]);
    for (int i = m->nv; i-- > 0;) {
        if (m->vals[i])
            continue;
        for (int k = 0; k < m->nv; k++)
            if (m->vals[k] && (jl_has_typevar(m->vars[i]->ub, m->vars[k]) || jl_has_typevar(m->vars[i]->lb, m->vars[k])))
                return NULL;
        body = jl_type_unionall_where(m->vars[i], body);
    }
    return body;
}

/* a UnionAll against b: the variables b fixes are substituted (all of them: the instance, checked
   against b again), else, when b is a UnionAll, the same from b's side; otherwise one argument */
static jl_value_t *intersect_unionall_(jl_value_t *a, jl_value_t *b, int depth, int flipped)
{
    jl_tvar_t *vars[16];
    jl_value_t *vals[16] = {0};
    uint8_t valinv[16] = {0};
    match_t m = {vars, vals, valinv, 0, NULL};
    jl_value_t *body = a;
    while (jl_is_unionall(body) && m.nv < 16) {
        vars[m.nv++] = ((jl_unionall_t *)body)->var;
        body = ((jl_unionall_t *)body)->body;
    }
    m.body = body;
    if (jl_is_unionall(body) || has_free_vars(b, NULL))
        return has_free_vars(b, NULL) ? a : b;
    int r = match_vars(&m, body, jl_unwrap_unionall(b), 0);
    if (r == M_EMPTY)
        return jl_bottom_type;
    int ndet = 0;
    for (int i = 0; i < m.nv; i++) {
        if (vals[i] == NULL)
            continue;
        ndet++;
        jl_value_t *ub = vars[i]->ub, *lb = vars[i]->lb;
        if ((!has_free_vars(ub, NULL) && !jl_subtype(vals[i], ub)) ||
            (!has_free_vars(lb, NULL) && !jl_subtype(lb, vals[i])))
            return jl_bottom_type; /* the only candidate values violate the bounds */
    }
    if (r == M_OK && ndet == m.nv) {
        jl_value_t *c = jl_apply_type(a, vals, (size_t)m.nv);
        return jl_subtype(c, b) ? c : intersect(c, b, depth + 1);
    }
    if (r == M_OK && ndet > 0) {
        jl_value_t *c = partial_instantiate(body, &m);
        if (c != NULL)
            return intersect(c, b, depth + 1);
    }
    if (jl_is_unionall(b) && !flipped)
        return intersect_unionall_(b, a, depth + 1, 1);
    return flipped ? a : b;
}

static jl_value_t *intersect_unionall(jl_value_t *a, jl_value_t *b, int depth)
{
    return intersect_unionall_(a, b, depth, 0);
}

static jl_value_t *intersect_datatypes(jl_datatype_t *a, jl_datatype_t *b, int depth)
{
    if (a->name == jl_tuple_typename && b->name == jl_tuple_typename)
        return intersect_tuple(a, b, depth);
    if (a->hasfreetypevars || b->hasfreetypevars)
        return (jl_value_t *)b;
    int att = a->name == jl_type_typename, btt = b->name == jl_type_typename;
    if (att != btt) {
        /* Type{X} against a non-Type: the instances of both are the types equal to X of that kind */
        jl_datatype_t *tt = att ? a : b, *other = att ? b : a;
        jl_value_t *X = tparam0((jl_value_t *)tt);
        return jl_isa(X, (jl_value_t *)other) ? (jl_value_t *)tt : jl_bottom_type;
    }
    /* single inheritance and invariant parameters: unrelated closed DataTypes share no instance */
    return jl_bottom_type;
}

static jl_value_t *intersect(jl_value_t *a, jl_value_t *b, int depth)
{
    if (a == b || b == (jl_value_t *)jl_any_type || a == jl_bottom_type)
        return a;
    if (a == (jl_value_t *)jl_any_type || b == jl_bottom_type)
        return b;
    if (depth > 20)
        return b;
    if (!is_type(a) || !is_type(b)) {
        if (jl_is_tvar(a) || jl_is_tvar(b) || is_vararg(a) || is_vararg(b))
            return b;
        return jl_egal(a, b) ? a : jl_bottom_type;
    }
    if (jl_subtype(a, b))
        return a;
    if (jl_subtype(b, a))
        return b;
    if (jl_is_uniontype(a))
        return intersect_union(a, b, depth);
    if (jl_is_uniontype(b))
        return intersect_union(b, a, depth);
    if (jl_is_unionall(a))
        return intersect_unionall(a, b, depth);
    if (jl_is_unionall(b))
        return intersect_unionall(b, a, depth);
    if (jl_is_datatype(a) && jl_is_datatype(b))
        return intersect_datatypes((jl_datatype_t *)a, (jl_datatype_t *)b, depth);
    return b;
}

JL_DLLEXPORT jl_value_t *jl_type_intersection(jl_value_t *a, jl_value_t *b)
{
    return intersect(a, b, 0);
}

/* ---------------------------------------------------------------- specificity
   Which of two method signatures wins for the arguments both accept, by Julia's rules (its
   `type_morespecific_`): a strict subtype is more specific; tuples compare element by element (no
   element may be less specific, one must be more specific, a Vararg tail loses to fixed elements); a
   type is more specific than its supertypes' names whatever the parameters (`Array` beats
   `AbstractVector`); parameters of the same name are scored one by one (a concrete parameter beats a
   variable, a variable used twice beats one used once); `Type{X}` beats X's kind. UnionAll variables
   are opened into an environment that records how often each occurs, so subtype checks of the opened
   parts close them again (`sub_msp`, `eq_msp`). The relation is not transitive; dispatch asks for a
   method more specific than every other applicable one. */

typedef struct msenv {
    jl_tvar_t *var;
    int occurs;   /* occurrences of var in its UnionAll's body (a diagonal variable has 2+) */
    struct msenv *prev;
} msenv_t;

enum { VA_NONE, VA_INT, VA_BOUND, VA_UNBOUND };

static int ms_(jl_value_t *a, jl_value_t *b, int invariant, msenv_t *env);
static int obviously_disjoint(jl_value_t *a, jl_value_t *b);

static int is_type_or_var(jl_value_t *v)
{
    return is_type(v) || jl_is_tvar(v);
}

/* `t where var`, simplified as Julia's constructor does (T where T is T's bound; unused vars vanish) */
static jl_value_t *wrap_var(jl_tvar_t *var, jl_value_t *t)
{
    if (t == (jl_value_t *)var)
        return var->ub;
    return has_var(t, var) ? jl_type_unionall(var, t) : t;
}

static jl_value_t *close_env(jl_value_t *t, msenv_t *env)
{
    if (!is_type_or_var(t))
        return t;
    for (; env; env = env->prev)
        t = wrap_var(env->var, t);
    return t;
}

static int eq_msp(jl_value_t *a, jl_value_t *b, msenv_t *env)
{
    if (!is_type_or_var(a) || !is_type_or_var(b))
        return jl_egal(a, b);
    return jl_types_equal(close_env(a, env), close_env(b, env));
}

static int sub_msp(jl_value_t *a, jl_value_t *b, msenv_t *env)
{
    return jl_subtype(close_env(a, env), close_env(b, env));
}

static int num_occurs(jl_tvar_t *v, msenv_t *env)
{
    for (; env; env = env->prev)
        if (env->var == v)
            return env->occurs;
    return 0;
}

/* occurrences of v in t, a Union counting its larger side */
static int count_occurs(jl_value_t *t, jl_tvar_t *v)
{
    if (t == (jl_value_t *)v)
        return 1;
    if (jl_is_uniontype(t)) {
        int a = count_occurs(((jl_uniontype_t *)t)->a, v), b = count_occurs(((jl_uniontype_t *)t)->b, v);
        return a > b ? a : b;
    }
    if (jl_is_unionall(t))
        return ((jl_unionall_t *)t)->var == v ? 0 : count_occurs(((jl_unionall_t *)t)->body, v);
    if (is_vararg(t)) {
        jl_vararg_t *va = (jl_vararg_t *)t;
        return (va->T ? count_occurs(va->T, v) : 0) + (va->N ? count_occurs(va->N, v) : 0);
    }
    if (jl_is_datatype(t)) {
        int c = 0;
        for (size_t i = 0; i < jl_svec_len(((jl_datatype_t *)t)->parameters); i++)
            c += count_occurs(jl_svecref(((jl_datatype_t *)t)->parameters, i), v);
        return c;
    }
    return 0;
}

static int vararg_kind(jl_value_t *v)
{
    if (!is_vararg(v))
        return VA_NONE;
    jl_value_t *N = ((jl_vararg_t *)v)->N;
    if (N == NULL)
        return VA_UNBOUND;
    return jl_is_int64(N) ? VA_INT : VA_BOUND;
}

static jl_value_t *last_param(jl_datatype_t *t)
{
    size_t n = jl_svec_len(t->parameters);
    return n ? jl_svecref(t->parameters, n - 1) : NULL;
}

static int va_tuple_kind(jl_datatype_t *t)
{
    jl_value_t *l = last_param(t);
    return l ? vararg_kind(l) : VA_NONE;
}

/* element i of a tuple type (a Vararg's element type for its positions), NULL past the end */
static jl_value_t *nth_tuple_elt(jl_datatype_t *t, size_t i)
{
    size_t len = jl_svec_len(t->parameters);
    if (len == 0)
        return NULL;
    if (i < len - 1)
        return jl_svecref(t->parameters, i);
    jl_value_t *last = jl_svecref(t->parameters, len - 1);
    if (is_vararg(last)) {
        jl_value_t *N = ((jl_vararg_t *)last)->N;
        if (N && jl_is_int64(N) && (int64_t)i >= (int64_t)len - 1 + jl_unbox_int64(N))
            return NULL;
        return vararg_T(last);
    }
    return i == len - 1 ? last : NULL;
}

static size_t tuple_full_length(jl_datatype_t *t)
{
    size_t n = jl_svec_len(t->parameters);
    jl_value_t *l = last_param(t);
    if (l && vararg_kind(l) == VA_INT)
        n += (size_t)jl_unbox_int64(((jl_vararg_t *)l)->N) - 1;
    return n;
}

static int tuple_morespecific(jl_datatype_t *cdt, jl_datatype_t *pdt, int invariant, msenv_t *env)
{
    size_t plen = jl_svec_len(pdt->parameters), clen = jl_svec_len(cdt->parameters);
    if (plen == 0)
        return 0;
    if (clen == 0)
        return 1;
    jl_value_t *clast = last_param(cdt);
    int ckind = vararg_kind(clast);
    int cva = ckind > VA_INT, pva = vararg_kind(last_param(pdt)) > VA_INT;
    int cdiag = 0, pdiag = 0, some = 0;
    for (size_t i = 0;; i++) {
        if (cva && pva && i >= clen && i >= plen)
            break;
        jl_value_t *ce = nth_tuple_elt(cdt, i), *pe = nth_tuple_elt(pdt, i);
        if (ce == NULL) {
            if (pe == NULL)
                break;
            return 1;
        }
        if (pe == NULL) {
            if (!cva && !some)
                return 0;
            break;
        }
        if (ms_(pe, ce, invariant, env))
            return 0;
        if (!cdiag && jl_is_tvar(ce) && num_occurs((jl_tvar_t *)ce, env) > 1)
            cdiag = 1;
        if (!pdiag && jl_is_tvar(pe) && num_occurs((jl_tvar_t *)pe, env) > 1)
            pdiag = 1;
        /* in Tuple{a,b...} and Tuple{c,d...} the tails b and d may be disjoint */
        if (cva && pva && i >= clen - 1 && i >= plen - 1 && (some || (cdiag && !pdiag)))
            return 1;
        int cms = ms_(ce, pe, invariant, env);
        if (!cms && !sub_msp(ce, pe, env)) {
            /* a bound Vararg may win despite disjoint elements, keeping the order transitive:
               Tuple{Array{T,N}, Vararg{Int,N}} < Tuple{Array, Int} < Tuple{AbstractArray, Int, Array} */
            return some && cva && ckind == VA_BOUND &&
                   num_occurs((jl_tvar_t *)((jl_vararg_t *)clast)->N, env) > 1;
        }
        /* Tuple{..., T} is not more specific than Tuple{..., Vararg{S}} with a diagonal S */
        if (!cms && i == clen - 1 && clen == plen && !cva && pva && eq_msp(ce, pe, env) &&
            jl_is_tvar(ce) && jl_is_tvar(pe) && !cdiag && pdiag)
            return 0;
        if (cms)
            some = 1;
    }
    if (cva && pva && clen > plen && (!pdiag || cdiag))
        return 1;
    if (cva && !pva && !some)
        return 0;
    return some || (cdiag && !pdiag);
}

/* `a` has a Vararg whose length N is a variable, `b` a fixed length: fix N to b's length when that
   changes an earlier element of `a` (Array{T,N} beside Vararg{Int,N}) and compare again. -1: no answer. */
static int args_morespecific_fix1(jl_datatype_t *a, jl_datatype_t *b, int swap, msenv_t *env)
{
    size_t n = jl_svec_len(a->parameters);
    int64_t taillen = (int64_t)tuple_full_length(b) - (int64_t)n + 1;
    if (taillen <= 0)
        return -1;
    jl_value_t *N = ((jl_vararg_t *)last_param(a))->N;
    if (!jl_is_tvar(N))
        return -1;
    int changed = 0;
    for (size_t i = 0; i + 1 < n && !changed; i++)
        changed = has_var(jl_svecref(a->parameters, i), (jl_tvar_t *)N);
    if (!changed)
        return -1;
    jl_value_t *na = jl_substitute_var((jl_value_t *)a, (jl_tvar_t *)N, jl_box_int64(taillen));
    if (eq_msp((jl_value_t *)b, na, env))
        return swap;
    return swap ? ms_((jl_value_t *)b, na, 0, env) : ms_(na, (jl_value_t *)b, 0, env);
}

static int open_a(jl_value_t *a, jl_value_t *b, int invariant, msenv_t *env)
{
    jl_unionall_t *ua = (jl_unionall_t *)a;
    msenv_t e = {ua->var, count_occurs(ua->body, ua->var), env};
    return ms_(ua->body, b, invariant, &e);
}

static int open_b(jl_value_t *a, jl_value_t *b, int invariant, msenv_t *env)
{
    jl_unionall_t *ub = (jl_unionall_t *)b;
    msenv_t e = {ub->var, count_occurs(ub->body, ub->var), env};
    return ms_(a, ub->body, invariant, &e);
}

static int same_param(jl_value_t *a, jl_value_t *b)
{
    if (is_type(a) && is_type(b))
        return jl_types_equal(a, b);
    return jl_egal(a, b);
}

/* does a later parameter of t (after i) use the variable parameter v? */
static int var_used_later(jl_datatype_t *t, size_t i, jl_value_t *v)
{
    if (!jl_is_tvar(v))
        return 0;
    for (size_t j = i + 1; j < jl_svec_len(t->parameters); j++)
        if (has_var(jl_svecref(t->parameters, j), (jl_tvar_t *)v))
            return 1;
    return 0;
}

/* two DataTypes: a descends from b's name (always more specific unless b is Type{T}), or the same
   name with parameters scored position by position */
static int datatype_morespecific(jl_datatype_t *tta, jl_datatype_t *ttb, msenv_t *env)
{
    if (tta == jl_typeofbottom_type && (is_kind((jl_value_t *)ttb) || is_type_type((jl_value_t *)ttb)))
        return 1;
    int super = 0;
    for (; tta != jl_any_type; tta = tta->super, super = 1) {
        if (tta->name != ttb->name)
            continue;
        if (super) {
            if (tta->name != jl_type_typename)
                return 1;
            jl_value_t *tp0 = tparam0((jl_value_t *)ttb);
            if (jl_is_tvar(tp0) && sub_msp((jl_value_t *)jl_any_type, ((jl_tvar_t *)tp0)->ub, env))
                return 1;
        }
        size_t np = jl_svec_len(tta->parameters);
        if (np != jl_svec_len(ttb->parameters))
            return 0;
        int ascore = 0, bscore = 0, ascore1 = 0, bscore1 = 0, adiag = 0, bdiag = 0;
        for (size_t i = 0; i < np; i++) {
            jl_value_t *ap = jl_svecref(tta->parameters, i), *bp = jl_svecref(ttb->parameters, i);
            int afree = jl_has_free_typevars(ap), bfree = jl_has_free_typevars(bp);
            if (!afree && !bfree && !same_param(ap, bp))
                return 0;
            if (ms_(ap, bp, 1, env) && (jl_is_tvar(ap) || !afree || bfree))
                ascore++;
            else if (ms_(bp, ap, 1, env) && (jl_is_tvar(bp) || !bfree || afree))
                bscore++;
            else if (eq_msp(ap, bp, env)) {
                if (!afree && bfree)
                    ascore++;
                else if (afree && !bfree)
                    bscore++;
            }
            if (jl_is_tvar(bp) && !jl_is_tvar(ap) && !is_type(ap))
                ascore1 = 1;
            else if (jl_is_tvar(ap) && !jl_is_tvar(bp) && !is_type(bp))
                bscore1 = 1;
            if (!adiag && var_used_later(tta, i, ap))
                adiag = 1;
            if (!bdiag && var_used_later(ttb, i, bp))
                bdiag = 1;
        }
        if (ascore1 > bscore1)
            return 1;
        if (bscore1 > ascore1 || bscore > ascore || bdiag > adiag)
            return 0;
        return ascore > bscore || adiag > bdiag;
    }
    return 0;
}

static int typevar_morespecific(jl_tvar_t *a, jl_value_t *b, int invariant, msenv_t *env)
{
    if (jl_is_tvar(b)) {
        jl_tvar_t *tb = (jl_tvar_t *)b;
        return (ms_(a->ub, tb->ub, 0, env) && !ms_(a->lb, tb->lb, 0, env)) ||
               (ms_(tb->lb, a->lb, 0, env) && !ms_(tb->ub, a->ub, 0, env));
    }
    if (!is_type(b))
        return 0;
    if (invariant) {
        if (a->ub == jl_bottom_type)
            return 1;
        if (!jl_has_free_typevars(b))
            return 0;
        if (eq_msp(a->ub, b, env))
            return num_occurs(a, env) >= 2;
    }
    else if (b == (jl_value_t *)jl_any_type && a->ub == (jl_value_t *)jl_any_type && num_occurs(a, env) >= 2) {
        return 1; /* Tuple{T,T} where T beats Tuple{Any,Any} */
    }
    return ms_(a->ub, b, 0, env);
}

static int morespecific_than_typevar(jl_value_t *a, jl_tvar_t *b, int invariant, msenv_t *env)
{
    if (!is_type(a))
        return 1;
    if (invariant) {
        if (b->ub == jl_bottom_type)
            return 0;
        if (jl_has_free_typevars(a)) {
            if (ms_(a, b->ub, 0, env))
                return 1;
            if (eq_msp(a, b->ub, env))
                return num_occurs(b, env) < 2;
            return 0;
        }
        if (obviously_disjoint(a, b->ub))
            return 0;
        return !ms_(b->ub, a, 0, env);
    }
    return ms_(a, b->ub, 0, env);
}

static int ms_(jl_value_t *a, jl_value_t *b, int invariant, msenv_t *env)
{
    if (a == b)
        return 0;
    if (jl_is_tuple_type(a) && jl_is_tuple_type(b)) {
        jl_datatype_t *ta = (jl_datatype_t *)a, *tb = (jl_datatype_t *)b;
        int akind = va_tuple_kind(ta), bkind = va_tuple_kind(tb);
        if (akind == VA_BOUND && bkind < VA_BOUND && args_morespecific_fix1(ta, tb, 0, env) == 1)
            return 1;
        if (bkind == VA_BOUND && akind < VA_BOUND && args_morespecific_fix1(tb, ta, 1, env) == 0)
            return 0;
        return tuple_morespecific(ta, tb, invariant, env);
    }
    if (!invariant) {
        if (a == (jl_value_t *)jl_any_type)
            return 0;
        if (b == (jl_value_t *)jl_any_type && !jl_is_tvar(a))
            return 1;
    }
    if (jl_is_uniontype(a)) {
        if (jl_is_unionall(b))
            return open_b(a, b, invariant, env);
        /* some member more specific than b, and not the other way round */
        if (sub_msp(b, a, env))
            return 0;
        jl_uniontype_t *u = (jl_uniontype_t *)a;
        if (!ms_(u->a, b, invariant, env) && !ms_(u->b, b, invariant, env))
            return 0;
        if (jl_is_uniontype(b)) {
            jl_uniontype_t *v = (jl_uniontype_t *)b;
            if (ms_(v->a, a, invariant, env) || ms_(v->b, a, invariant, env))
                return 0;
        }
        return 1;
    }
    if (is_type_type(a) && !invariant) {
        if (b == (jl_value_t *)jl_typeofbottom_type)
            return 0;
        jl_value_t *p = tparam0(a);
        if (jl_is_tvar(p)) {
            if (is_kind(b) && !sub_msp((jl_value_t *)jl_any_type, ((jl_tvar_t *)p)->ub, env))
                return 1;
        }
        else if (p == jl_bottom_type) {
            if (sub_msp(b, jl_type_typename->wrapper, env))
                return 1;
        }
        else if (b == (jl_value_t *)jl_datatype_type || b == (jl_value_t *)jl_unionall_type ||
                 b == (jl_value_t *)jl_uniontype_type) {
            return 1;
        }
    }
    if (jl_is_uniontype(b)) {
        if (jl_is_unionall(a))
            return open_a(a, b, invariant, env);
        jl_uniontype_t *u = (jl_uniontype_t *)b;
        if (ms_(a, u->a, invariant, env) || ms_(a, u->b, invariant, env))
            return !ms_(b, a, invariant, env);
        return 0;
    }
    if (jl_is_datatype(a) && jl_is_datatype(b))
        return datatype_morespecific((jl_datatype_t *)a, (jl_datatype_t *)b, env);
    if (jl_is_tvar(a))
        return typevar_morespecific((jl_tvar_t *)a, b, invariant, env);
    if (jl_is_tvar(b))
        return morespecific_than_typevar(a, (jl_tvar_t *)b, invariant, env);
    if (jl_is_unionall(a))
        return open_a(a, b, invariant, env);
    if (jl_is_unionall(b))
        return open_b(a, b, invariant, env);
    return 0;
}

/* A cheap structural disjointness test (Julia's obviously_disjoint with its specificity flag): tuples of
   different lengths and types whose names descend from one another are not called disjoint here, since
   specificity still orders them. */
static int obviously_disjoint(jl_value_t *a, jl_value_t *b)
{
    if (a == b || a == (jl_value_t *)jl_any_type || b == (jl_value_t *)jl_any_type ||
        a == (jl_value_t *)jl_typeofbottom_type)
        return 0;
    if (jl_is_datatype(a) && jl_is_datatype(b) && ((jl_datatype_t *)a)->isconcretetype &&
        ((jl_datatype_t *)b)->isconcretetype)
        return 1; /* concrete types are hash-consed */
    a = jl_unwrap_unionall(a);
    b = jl_unwrap_unionall(b);
    if (jl_is_uniontype(a))
        return obviously_disjoint(((jl_uniontype_t *)a)->a, b) && obviously_disjoint(((jl_uniontype_t *)a)->b, b);
    if (jl_is_uniontype(b))
        return obviously_disjoint(a, ((jl_uniontype_t *)b)->a) && obviously_disjoint(a, ((jl_uniontype_t *)b)->b);
    if (!jl_is_datatype(a) || !jl_is_datatype(b))
        return a == jl_bottom_type || b == jl_bottom_type;
    jl_datatype_t *ad = (jl_datatype_t *)a, *bd = (jl_datatype_t *)b;
    if (ad->name != bd->name) {
        jl_datatype_t *t = ad;
        while (t != jl_any_type && t->name != bd->name)
            t = t->super;
        if (t == jl_any_type) {
            t = bd;
            while (t != jl_any_type && t->name != ad->name)
                t = t->super;
            if (t == jl_any_type)
                return 1;
        }
        return 0; /* a declared subtype is ordered by specificity */
    }
    size_t na = jl_svec_len(ad->parameters), nb = jl_svec_len(bd->parameters), np;
    if (ad->name == jl_tuple_typename) {
        int vaa = va_tuple_kind(ad) != VA_NONE, vab = va_tuple_kind(bd) != VA_NONE;
        na -= vaa;
        nb -= vab;
        np = na < nb ? na : nb;
    }
    else {
        if (na != nb)
            return 0;
        np = na;
    }
    for (size_t i = 0; i < np; i++) {
        jl_value_t *ai = jl_svecref(ad->parameters, i), *bi = jl_svecref(bd->parameters, i);
        if (jl_is_tvar(ai) || jl_is_tvar(bi))
            continue;
        if (is_type(ai)) {
            if (is_type(bi)) {
                int tuple_bottom = ad->name == jl_tuple_typename && (ai == jl_bottom_type || bi == jl_bottom_type);
                if (!tuple_bottom && obviously_disjoint(ai, bi))
                    return 1;
            }
            else if (ai != (jl_value_t *)jl_any_type) {
                return 1;
            }
        }
        else if (is_type(bi)) {
            if (bi != (jl_value_t *)jl_any_type)
                return 1;
        }
        else if (!jl_egal(ai, bi)) {
            return 1;
        }
    }
    return 0;
}

JL_DLLEXPORT int jl_type_morespecific(jl_value_t *a, jl_value_t *b)
{
    if (obviously_disjoint(a, b))
        return 0;
    if (jl_has_free_typevars(a) || jl_has_free_typevars(b))
        return 0;
    if (jl_subtype(b, a))
        return 0;
    if (jl_subtype(a, b))
        return 1;
    return ms_(a, b, 0, NULL);
}

/* Specificity without the subtype and disjointness tests (Julia's, used to sort methods). */
JL_DLLEXPORT int jl_type_morespecific_no_subtype(jl_value_t *a, jl_value_t *b)
{
    return ms_(a, b, 0, NULL);
}

JL_DLLEXPORT jl_value_t *jl_type_intersection_env(jl_value_t *a, jl_value_t *b, jl_svec_t **penv)
{
    jl_value_t *ti = jl_type_intersection(a, b);
    int n = 0;
    for (jl_value_t *u = b; jl_is_unionall(u); u = ((jl_unionall_t *)u)->body)
        n++;
    jl_value_t *env[n ? n : 1];
    if (ti == jl_bottom_type || !jl_subtype_env(ti, b, env, n)) {
        jl_value_t *u = b;
        for (int i = 0; i < n; i++, u = ((jl_unionall_t *)u)->body)
            env[i] = (jl_value_t *)((jl_unionall_t *)u)->var;
    }
    if (penv) {
        jl_svec_t *sv = jl_alloc_svec((size_t)n);
        for (int i = 0; i < n; i++)
            jl_svecset(sv, i, env[i]);
        *penv = sv;
    }
    return ti;
}

/* Base's `(intersection, env)` pair: the intersection and the values of b's variables in it */
JL_DLLEXPORT jl_svec_t *jl_type_intersection_with_env(jl_value_t *a, jl_value_t *b)
{
    jl_svec_t *env = jl_emptysvec;
    jl_value_t *ti = jl_type_intersection_env(a, b, &env);
    return jl_svec(2, ti, (jl_value_t *)env);
}
