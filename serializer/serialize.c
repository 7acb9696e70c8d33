/*
 * serialize.c -- the writer of the value-graph serializer (format: serializer.h), the stack bound
 * shared with the reader, and the IR compression entry points.
 *
 * Invariants:
 *   - The graph is walked twice by the same code (write_value): a counting pass that records how often
 *     each tracked object is reached, then the writing pass. Both passes descend into exactly the same
 *     objects in the same order, so "reached twice" in the first pass means "SHAREDREF/BACKREF" in the
 *     second.
 *   - The object table is malloc'ed and keyed by address; every key is reachable from the root value,
 *     which the caller keeps alive, and Boehm does not move objects.
 *   - Nothing here boxes an isbits field: inline data is written straight from the object.
 *   - IR mode (jl_compress_ir with a method): values that must keep their identity go to the method's
 *     roots and are written as ROOTREF; both passes make the same decision for the same object, and
 *     the counting pass already appends to the roots, so the writing pass only looks indices up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "julep_internal.h"
#include "builtins.h"
#include "gf.h"
#include "serializer.h"

/* ---------------------------------------------------------------- stack bound */

char *jl_ser_stack_floor(void)
{
    char *here = (char *)__builtin_frame_address(0);
    jl_task_t *ct = jl_current_task;
    size_t reserve = 512u << 10; /* room left for the error path and sanitizer frames */
    if (ct && ct->stack_base) {
        size_t size = ct->stack_size;
        if (size == 0) {
            struct rlimit rl;
            size = 8u << 20;
            if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur > 0)
                size = (size_t)rl.rlim_cur;
            if (size > ((size_t)1 << 30))
                size = (size_t)1 << 30;
        }
        if (reserve > size / 2)
            reserve = size / 2;
        char *lo = (char *)ct->stack_base - size + reserve;
        if (lo < here)
            return lo;
    }
    return here - (256u << 10); /* unknown stack: a modest budget from here */
}

/* ---------------------------------------------------------------- output buffer */

typedef struct {
    uint8_t *data;
    size_t len, cap;
} outbuf_t;

static void out_reserve(outbuf_t *b, size_t n)
{
    if (b->len + n <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n)
        cap *= 2;
    uint8_t *d = (uint8_t *)realloc(b->data, cap);
    if (d == NULL)
        jl_throw(jl_new_struct_uninit(jl_outofmemoryerror_type));
    b->data = d;
    b->cap = cap;
}

/* ---------------------------------------------------------------- object table */

enum { ST_NEW, ST_BUSY, ST_DONE };

typedef struct {
    jl_value_t *key;
    uint32_t count;  /* times reached in the counting pass */
    uint32_t index;  /* back-reference index, once written with SHAREDREF */
    uint8_t state;
} objent_t;

typedef struct {
    outbuf_t out;
    int counting;
    objent_t *tab;
    size_t tabcap, tabn;
    uint32_t nextref;
    char *floor;
    jl_method_t *irm;          /* IR mode: the method whose roots take identity values, else NULL */
    jl_code_info_t *irtop;     /* IR mode: the CodeInfo compressed; it and its own arrays are inline */
    jl_value_t **rkeys;        /* IR mode: open addressing, root object -> index + 1 in rvals */
    uint32_t *rvals;
    size_t rcap, rn;
} wr_t;

static size_t addr_hash(jl_value_t *v)
{
    uint64_t h = (uint64_t)(uintptr_t)v * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20);
}

static void tab_grow(wr_t *w)
{
    size_t ncap = w->tabcap ? w->tabcap * 2 : 256;
    objent_t *nt = (objent_t *)calloc(ncap, sizeof(objent_t));
    if (nt == NULL)
        jl_throw(jl_new_struct_uninit(jl_outofmemoryerror_type));
    for (size_t i = 0; i < w->tabcap; i++) {
        if (w->tab[i].key == NULL)
            continue;
        size_t j = addr_hash(w->tab[i].key) & (ncap - 1);
        while (nt[j].key != NULL)
            j = (j + 1) & (ncap - 1);
        nt[j] = w->tab[i];
    }
    free(w->tab);
    w->tab = nt;
    w->tabcap = ncap;
}

/* the entry of v, created (count 0, ST_NEW) if absent; *isnew says which */
static objent_t *tab_get(wr_t *w, jl_value_t *v, int *isnew)
{
    if ((w->tabn + 1) * 2 > w->tabcap)
        tab_grow(w);
    size_t mask = w->tabcap - 1, i = addr_hash(v) & mask;
    while (w->tab[i].key != NULL) {
        if (w->tab[i].key == v) {
            *isnew = 0;
            return &w->tab[i];
        }
        i = (i + 1) & mask;
    }
    w->tab[i].key = v;
    w->tabn++;
    *isnew = 1;
    return &w->tab[i];
}

/* ---------------------------------------------------------------- primitive output */

static void put_bytes(wr_t *w, const void *p, size_t n)
{
    if (w->counting || n == 0)
        return;
    out_reserve(&w->out, n);
    memcpy(w->out.data + w->out.len, p, n);
    w->out.len += n;
}

static void put_byte(wr_t *w, uint8_t b)
{
    put_bytes(w, &b, 1);
}

static void put_varint(wr_t *w, uint64_t x)
{
    uint8_t buf[10];
    size_t n = 0;
    do {
        uint8_t b = x & 0x7f;
        x >>= 7;
        buf[n++] = (uint8_t)(b | (x ? 0x80 : 0));
    } while (x);
    put_bytes(w, buf, n);
}

static void put_zigzag(wr_t *w, int64_t x)
{
    put_varint(w, ((uint64_t)x << 1) ^ (uint64_t)(x >> 63));
}

static void put_tag_of_type(wr_t *w, jl_datatype_t *dt)
{
    uint8_t t = jl_serializer_tag_of((jl_value_t *)dt);
    if (t == 0)
        jl_errorf("serialize: internal error: builtin type %s has no tag", jl_symbol_name(dt->name->name));
    put_byte(w, t);
}

static JL_NORETURN void cannot(jl_value_t *v, const char *why)
{
    char buf[256];
    jl_value_t *t = jl_typeof(v);
    if (jl_is_datatype(t))
        jl_static_show_type(buf, sizeof buf, t);
    else
        snprintf(buf, sizeof buf, "?");
    jl_errorf("serialize: cannot serialize a value of type %s: %s", buf, why);
}

/* ---------------------------------------------------------------- values */

static void write_value(wr_t *w, jl_value_t *v);

static int is_type_value(jl_value_t *v)
{
    return jl_is_datatype(v) || jl_is_uniontype(v) || jl_is_unionall(v) || v == jl_bottom_type;
}

/* isbits data at p of type dt, written exactly as the boxed value would be */
static void write_bits(wr_t *w, jl_datatype_t *dt, const void *p)
{
    if (dt->instance) {
        uint8_t t = jl_serializer_tag_of(dt->instance);
        if (t) {
            put_byte(w, t);
            return;
        }
        put_byte(w, JL_TAG_OBJECT);
        write_value(w, (jl_value_t *)dt);
        return;
    }
    if (dt == jl_int64_type) {
        int64_t x;
        memcpy(&x, p, 8);
        uint8_t t = jl_serializer_int64_tag(x);
        if (t) {
            put_byte(w, t);
        }
        else {
            put_byte(w, JL_TAG_INT64);
            put_zigzag(w, x);
        }
        return;
    }
    if (dt == jl_bool_type) {
        put_byte(w, jl_serializer_tag_of(*(const uint8_t *)p ? jl_true : jl_false));
        return;
    }
    put_byte(w, JL_TAG_OBJECT);
    write_value(w, (jl_value_t *)dt);
    if (dt->isprimitivetype) {
        put_bytes(w, p, dt->layout->size);
        return;
    }
    for (uint32_t i = 0; i < dt->layout->nfields; i++) /* an isbits struct: field by field */
        write_bits(w, (jl_datatype_t *)jl_svecref(dt->types, i), (const char *)p + dt->layout->fields[i].offset);
}

/* field i of v (a struct or tuple), inline or boxed */
static void write_field(wr_t *w, jl_value_t *v, jl_datatype_t *dt, size_t i)
{
    const jl_fielddesc_t *fd = &dt->layout->fields[i];
    const char *p = (const char *)v + fd->offset;
    if (fd->isptr)
        write_value(w, *(jl_value_t *const *)p);
    else
        write_bits(w, (jl_datatype_t *)jl_svecref(dt->types, i), p);
}

static void write_symbol_body(wr_t *w, jl_sym_t *s)
{
    put_byte(w, JL_TAG_SYMBOL);
    put_varint(w, s->length);
    put_bytes(w, jl_symbol_name(s), s->length);
}

/* a reference to a type name: its tagged builtin body type, or the TypeName object */
static void write_typename_ref(wr_t *w, jl_typename_t *tn)
{
    jl_value_t *body = jl_unwrap_unionall(tn->wrapper);
    uint8_t t = body ? jl_serializer_tag_of(body) : 0;
    if (t)
        put_byte(w, t);
    else
        write_value(w, (jl_value_t *)tn);
}

static void write_typename_body(wr_t *w, jl_typename_t *tn)
{
    jl_module_t *m = tn->module;
    char buf[256];
    if (m == NULL)
        jl_errorf("serialize: type %s has no module", jl_symbol_name(tn->name));
    jl_value_t *b = jl_get_global(m, tn->name);
    int kind = -1;
    jl_sym_t *name = tn->name;
    if (b && is_type_value(b) && jl_is_datatype(jl_unwrap_unionall(b)) &&
        ((jl_datatype_t *)jl_unwrap_unionall(b))->name == tn) {
        kind = JL_SER_TN_TYPE;
    }
    else {
        /* a function's type: the function is bound under its table's name, or (builtins, which
           have no table) under the type's name without its leading '#' */
        jl_sym_t *fname = NULL;
        if (tn->mt && tn->mt->name)
            fname = tn->mt->name;
        else if (jl_symbol_name(tn->name)[0] == '#' && tn->name->length > 1)
            fname = jl_symbol(jl_symbol_name(tn->name) + 1);
        jl_value_t *f = fname ? jl_get_global(m, fname) : NULL;
        if (f && jl_is_datatype(jl_typeof(f)) && ((jl_datatype_t *)jl_typeof(f))->name == tn) {
            kind = JL_SER_TN_FUNCTION;
            name = fname;
        }
    }
    if (kind < 0) {
        snprintf(buf, sizeof buf, "%s.%s", jl_symbol_name(m->name), jl_symbol_name(tn->name));
        jl_errorf("serialize: cannot serialize type %s: it is not reachable by name from its module", buf);
    }
    put_byte(w, JL_TAG_OBJECT);
    put_tag_of_type(w, jl_typename_type);
    put_byte(w, (uint8_t)kind);
    write_value(w, (jl_value_t *)m);
    write_value(w, (jl_value_t *)name);
}

static void write_module_body(wr_t *w, jl_module_t *m)
{
    put_byte(w, JL_TAG_OBJECT);
    put_tag_of_type(w, jl_module_type);
    if (m->parent == m || m->parent == NULL) {
        put_byte(w, JL_SER_MOD_ROOT);
        write_value(w, (jl_value_t *)m->name);
        return;
    }
    if (jl_get_global(m->parent, m->name) != (jl_value_t *)m)
        jl_errorf("serialize: cannot serialize module %s: it is not bound by name in its parent module",
                  jl_symbol_name(m->name));
    put_byte(w, JL_SER_MOD_CHILD);
    write_value(w, (jl_value_t *)m->parent);
    write_value(w, (jl_value_t *)m->name);
}

static void write_datatype_body(wr_t *w, jl_datatype_t *dt)
{
    put_byte(w, JL_TAG_DATATYPE);
    write_typename_ref(w, dt->name);
    size_t n = jl_svec_len(dt->parameters);
    if (n > JL_SER_MAX_TUPLE)
        jl_errorf("serialize: type %s has too many parameters", jl_symbol_name(dt->name->name));
    put_varint(w, n);
    for (size_t i = 0; i < n; i++)
        write_value(w, jl_svecref(dt->parameters, i));
}

static void write_unionall_body(wr_t *w, jl_unionall_t *ua)
{
    put_byte(w, JL_TAG_OBJECT);
    put_tag_of_type(w, jl_unionall_type);
    jl_value_t *body = jl_unwrap_unionall((jl_value_t *)ua);
    if (jl_is_datatype(body) && ((jl_datatype_t *)body)->name->wrapper == (jl_value_t *)ua) {
        put_byte(w, JL_SER_UA_WRAPPER);
        write_typename_ref(w, ((jl_datatype_t *)body)->name);
        return;
    }
    put_byte(w, JL_SER_UA_GENERIC);
    write_value(w, (jl_value_t *)ua->var);
    write_value(w, ua->body);
}

static void write_array_body(wr_t *w, jl_array_t *a)
{
    jl_value_t *et = jl_svecref(((jl_datatype_t *)jl_typeof(a))->parameters, 0);
    put_byte(w, JL_TAG_ARRAY);
    write_value(w, et);
    put_varint(w, a->ndims);
    for (uint32_t i = 0; i < a->ndims; i++)
        put_varint(w, a->dims[i]);
    size_t n = a->length;
    if (!(a->flags & JL_ARRAY_PTRARRAY)) {
        put_bytes(w, a->data, n * a->elsize);
        return;
    }
    for (size_t i = 0; i < n; i++)
        write_value(w, jl_array_ptr_ref(a, i));
}

static void write_code_info_body(wr_t *w, jl_code_info_t *ci)
{
    put_byte(w, JL_TAG_OBJECT);
    put_tag_of_type(w, jl_code_info_type);
    write_value(w, (jl_value_t *)ci->code);
    write_value(w, (jl_value_t *)ci->codelocs);
    write_value(w, ci->ssavaluetypes);
    write_value(w, (jl_value_t *)ci->ssaflags);
    write_value(w, ci->method_for_inference_limit_heuristics);
    write_value(w, ci->linetable);
    write_value(w, (jl_value_t *)ci->slotnames);
    write_value(w, (jl_value_t *)ci->slotflags);
    write_value(w, ci->slottypes);
    write_value(w, ci->rettype);
    put_varint(w, ci->min_world);
    put_varint(w, ci->max_world);
    put_varint(w, ci->inferred);
    put_varint(w, ci->propagate_inbounds);
    put_varint(w, ci->has_fcall);
    put_varint(w, ci->nospecializeinfer);
    put_varint(w, ci->inlining);
    put_varint(w, ci->constprop);
    put_varint(w, ci->purity);
    put_varint(w, ci->inlining_cost);
}

static void write_method_body(wr_t *w, jl_method_t *m)
{
    put_byte(w, JL_TAG_OBJECT);
    put_tag_of_type(w, jl_method_type);
    write_value(w, (jl_value_t *)m->module);
    write_value(w, (jl_value_t *)m->name);
    write_value(w, (jl_value_t *)m->file);
    write_value(w, m->sig);
    write_value(w, m->slot_syms);
    write_value(w, m->source);
    write_value(w, m->generator);
    write_value(w, (jl_value_t *)m->roots);
    put_zigzag(w, m->line);
    put_varint(w, (uint32_t)m->nargs);
    put_varint(w, m->nkw);
    put_varint(w, m->nospecialize);
    put_varint(w, m->isva);
    put_varint(w, m->is_for_opaque_closure);
    put_varint(w, m->constprop);
    put_varint(w, m->pure);
    put_varint(w, m->purity);
}

static void write_method_instance_body(wr_t *w, jl_method_instance_t *mi)
{
    put_byte(w, JL_TAG_OBJECT);
    put_tag_of_type(w, jl_method_instance_type);
    write_value(w, mi->def);
    write_value(w, mi->specTypes);
    write_value(w, (jl_value_t *)mi->sparam_vals);
    write_value(w, mi->uninferred);
}

/* objects whose identity and contents live only in this process */
static int is_process_local_type(jl_datatype_t *dt)
{
    return dt == jl_task_type || dt == jl_binding_type || dt == jl_methtable_type ||
           dt == jl_code_instance_type || dt == jl_typename_type || dt == jl_module_type ||
           (dt->layout && dt->layout->nfields == 0 && dt->layout->size > 0 && !dt->isprimitivetype);
}

static void write_struct_body(wr_t *w, jl_value_t *v, jl_datatype_t *dt)
{
    if (is_process_local_type(dt) || dt->layout == NULL)
        cannot(v, "its objects belong to this process");
    put_byte(w, JL_TAG_OBJECT);
    write_value(w, (jl_value_t *)dt);
    for (uint32_t i = 0; i < dt->layout->nfields; i++)
        write_field(w, v, dt, i);
}

static void write_body(wr_t *w, jl_value_t *v)
{
    jl_datatype_t *dt = (jl_datatype_t *)jl_typeof(v);
    if (dt == jl_symbol_type) {
        write_symbol_body(w, (jl_sym_t *)v);
    }
    else if (dt == jl_string_type) {
        put_byte(w, JL_TAG_STRING);
        put_varint(w, jl_string_len(v));
        put_bytes(w, jl_string_data(v), jl_string_len(v));
    }
    else if (dt == jl_datatype_type) {
        write_datatype_body(w, (jl_datatype_t *)v);
    }
    else if (dt == jl_unionall_type) {
        write_unionall_body(w, (jl_unionall_t *)v);
    }
    else if (dt == jl_uniontype_type) {
        put_byte(w, JL_TAG_OBJECT);
        put_tag_of_type(w, jl_uniontype_type);
        write_value(w, ((jl_uniontype_t *)v)->a);
        write_value(w, ((jl_uniontype_t *)v)->b);
    }
    else if (dt == jl_tvar_type) {
        jl_tvar_t *tv = (jl_tvar_t *)v;
        put_byte(w, JL_TAG_OBJECT);
        put_tag_of_type(w, jl_tvar_type);
        write_value(w, (jl_value_t *)tv->name);
        write_value(w, tv->lb);
        write_value(w, tv->ub);
    }
    else if (dt == jl_vararg_type) {
        put_byte(w, JL_TAG_OBJECT);
        put_tag_of_type(w, jl_vararg_type);
        write_value(w, ((jl_vararg_t *)v)->T);
        write_value(w, ((jl_vararg_t *)v)->N);
    }
    else if (dt == jl_simplevector_type) {
        size_t n = jl_svec_len(v);
        put_byte(w, JL_TAG_SVEC);
        put_varint(w, n);
        for (size_t i = 0; i < n; i++)
            write_value(w, jl_svecref(v, i));
    }
    else if (dt->name == jl_tuple_typename) {
        size_t n = dt->layout->nfields;
        if (n > JL_SER_MAX_TUPLE)
            cannot(v, "tuple too long");
        put_byte(w, JL_TAG_TUPLE);
        put_varint(w, n);
        for (size_t i = 0; i < n; i++)
            write_field(w, v, dt, i);
    }
    else if (dt == jl_expr_type) {
        jl_expr_t *e = (jl_expr_t *)v;
        size_t n = jl_array_len(e->args);
        put_byte(w, JL_TAG_EXPR);
        write_value(w, (jl_value_t *)e->head);
        put_varint(w, n);
        for (size_t i = 0; i < n; i++)
            write_value(w, jl_exprarg(e, i));
    }
    else if (dt->name == jl_array_typename) {
        write_array_body(w, (jl_array_t *)v);
    }
    else if (dt == jl_module_type) {
        write_module_body(w, (jl_module_t *)v);
    }
    else if (dt == jl_typename_type) {
        write_typename_body(w, (jl_typename_t *)v);
    }
    else if (dt == jl_globalref_type) {
        put_byte(w, JL_TAG_OBJECT);
        put_tag_of_type(w, jl_globalref_type);
        write_value(w, (jl_value_t *)((jl_globalref_t *)v)->mod);
        write_value(w, (jl_value_t *)((jl_globalref_t *)v)->name);
    }
    else if (dt == jl_intrinsic_type) {
        int id = jl_intrinsic_id(v);
        if (id < 0)
            cannot(v, "unknown intrinsic");
        put_byte(w, JL_TAG_OBJECT);
        put_tag_of_type(w, jl_intrinsic_type);
        write_value(w, (jl_value_t *)jl_symbol(jl_intrinsic_name(id)));
    }
    else if (dt == jl_code_info_type) {
        write_code_info_body(w, (jl_code_info_t *)v);
    }
    else if (dt == jl_method_type) {
        write_method_body(w, (jl_method_t *)v);
    }
    else if (dt == jl_method_instance_type) {
        write_method_instance_body(w, (jl_method_instance_t *)v);
    }
    else {
        write_struct_body(w, v, dt);
    }
}

/* Kinds whose reader records the object before reading its contents (see serializer.h). */
static int registered_early(jl_value_t *v)
{
    jl_datatype_t *dt = (jl_datatype_t *)jl_typeof(v);
    if (dt == jl_simplevector_type || dt == jl_expr_type || dt->name == jl_array_typename ||
        dt == jl_code_info_type)
        return 1;
    if (dt == jl_tvar_type || dt == jl_method_type || dt == jl_method_instance_type ||
        dt == jl_module_type || dt == jl_typename_type || dt == jl_datatype_type)
        return 0;
    return dt->name->mutabl;
}

static void check_stack(wr_t *w)
{
    if ((char *)__builtin_frame_address(0) < w->floor)
        jl_error("serialize: value nested too deeply");
}

/* ---------------------------------------------------------------- IR mode: method roots */

static void root_insert(wr_t *w, jl_value_t *v, uint32_t idx)
{
    if ((w->rn + 1) * 2 > w->rcap) {
        size_t ocap = w->rcap, ncap = ocap ? ocap * 2 : 64;
        jl_value_t **ok = w->rkeys;
        uint32_t *ov = w->rvals;
        w->rkeys = (jl_value_t **)calloc(ncap, sizeof(jl_value_t *));
        w->rvals = (uint32_t *)calloc(ncap, sizeof(uint32_t));
        if (w->rkeys == NULL || w->rvals == NULL) {
            free(w->rkeys);
            free(w->rvals);
            w->rkeys = ok, w->rvals = ov;
            jl_throw(jl_new_struct_uninit(jl_outofmemoryerror_type));
        }
        w->rcap = ncap;
        w->rn = 0;
        for (size_t i = 0; i < ocap; i++)
            if (ok[i])
                root_insert(w, ok[i], ov[i]);
        free(ok);
        free(ov);
    }
    size_t mask = w->rcap - 1, i = addr_hash(v) & mask;
    while (w->rkeys[i] != NULL && w->rkeys[i] != v)
        i = (i + 1) & mask;
    if (w->rkeys[i] == NULL)
        w->rn++;
    w->rkeys[i] = v;
    w->rvals[i] = idx;
}

static int root_lookup(wr_t *w, jl_value_t *v, uint32_t *idx)
{
    if (w->rcap == 0)
        return 0;
    size_t mask = w->rcap - 1, i = addr_hash(v) & mask;
    for (; w->rkeys[i] != NULL; i = (i + 1) & mask) {
        if (w->rkeys[i] == v) {
            *idx = w->rvals[i];
            return 1;
        }
    }
    return 0;
}

/* Does v go to the method's roots? Anything whose identity a copy would lose (mutable objects, type
   variables), anything the reader would resolve by name (types, modules, functions, methods), and
   non-NULL pointers (a system image must see them: its writer refuses them in the heap). Immutable
   structures -- Expr, IR nodes, tuples, strings, numbers -- stay inline: copies of them are === the
   originals. The CodeInfo itself and its own arrays are its structure, not constants of the code. */
static int is_ir_root(wr_t *w, jl_value_t *v, jl_datatype_t *dt)
{
    if (dt->isbitstype)
        return dt->name == jl_pointer_type_body->name && *(void **)v != NULL;
    if (dt->instance == v)
        return 1;
    if (dt == jl_symbol_type || dt == jl_string_type || dt == jl_expr_type || dt == jl_simplevector_type)
        return 0;
    if (dt == jl_datatype_type || dt == jl_unionall_type || dt == jl_uniontype_type || dt == jl_tvar_type ||
        dt == jl_module_type || dt == jl_typename_type || dt == jl_method_type ||
        dt == jl_method_instance_type || dt == jl_intrinsic_type)
        return 1;
    if (!dt->name->mutabl)
        return 0;
    jl_code_info_t *top = w->irtop;
    return !(v == (jl_value_t *)top || v == (jl_value_t *)top->code || v == (jl_value_t *)top->codelocs ||
             v == top->ssavaluetypes || v == (jl_value_t *)top->ssaflags || v == top->linetable ||
             v == (jl_value_t *)top->slotnames || v == (jl_value_t *)top->slotflags || v == top->slottypes);
}

static void write_root(wr_t *w, jl_value_t *v)
{
    uint32_t idx;
    if (!root_lookup(w, v, &idx)) {
        jl_method_t *m = w->irm;
        if (m->roots == NULL)
            m->roots = jl_alloc_vec_any(0);
        idx = (uint32_t)jl_array_len(m->roots);
        jl_array_ptr_1d_push(m->roots, v);
        root_insert(w, v, idx);
    }
    put_byte(w, JL_TAG_ROOTREF);
    put_varint(w, idx);
}

static void write_value(wr_t *w, jl_value_t *v)
{
    if (v == NULL) {
        put_byte(w, JL_TAG_NULL);
        return;
    }
    uint8_t tag = jl_serializer_tag_of(v);
    if (tag) {
        put_byte(w, tag);
        return;
    }
    check_stack(w);
    jl_datatype_t *dt = (jl_datatype_t *)jl_typeof(v);
    if (w->irm && is_ir_root(w, v, dt)) {
        write_root(w, v);
        return;
    }
    if (dt->instance == v) {
        put_byte(w, JL_TAG_OBJECT);
        write_value(w, (jl_value_t *)dt);
        return;
    }
    if (dt->isbitstype) {
        write_bits(w, dt, v);
        return;
    }
    int isnew;
    objent_t *e = tab_get(w, v, &isnew);
    int early = registered_early(v);
    if (w->counting) {
        if (!isnew) {
            e->count++;
            if (e->state == ST_BUSY && !early)
                write_body(w, v); /* the writing pass will write a copy here */
            return;
        }
        e->count = 1;
        e->state = ST_BUSY;
        write_body(w, v);
        e = tab_get(w, v, &isnew); /* the table may have moved */
        e->state = ST_DONE;
        return;
    }
    if (e->count >= 2) {
        if (e->state == ST_DONE || (e->state == ST_BUSY && early)) {
            put_byte(w, JL_TAG_BACKREF);
            put_varint(w, e->index);
            return;
        }
        if (e->state == ST_BUSY) {
            write_body(w, v);
            return;
        }
        put_byte(w, JL_TAG_SHAREDREF);
        e->index = w->nextref++;
    }
    else if (e->state != ST_NEW || e->count == 0) {
        jl_error("serialize: internal error: object reached more often than counted");
    }
    e->state = ST_BUSY;
    write_body(w, v);
    e = tab_get(w, v, &isnew);
    e->state = ST_DONE;
}

/* ---------------------------------------------------------------- entry points */

static void write_header(wr_t *w)
{
    put_byte(w, JL_TAG_HEADER);
    put_bytes(w, JL_SER_MAGIC, 4);
    put_varint(w, JL_SERIALIZER_VERSION);
    uint64_t h = jl_serializer_table_hash();
    uint8_t hb[8];
    for (int i = 0; i < 8; i++)
        hb[i] = (uint8_t)(h >> (8 * i));
    put_bytes(w, hb, 8);
}

static void run_writer(wr_t *w, jl_value_t *v)
{
    w->floor = jl_ser_stack_floor();
    w->counting = 1;
    write_value(w, v);
    for (size_t i = 0; i < w->tabcap; i++)
        w->tab[i].state = ST_NEW;
    w->counting = 0;
    write_header(w);
    write_value(w, v);
}

JL_DLLEXPORT uint8_t *jl_serialize_value(jl_value_t *v, size_t *len)
{
    wr_t w;
    memset(&w, 0, sizeof w);
    wr_t *volatile wp = &w;
    jl_value_t *volatile root = v; /* keeps the graph alive on the stack */
    JL_TRY {
        run_writer(wp, root);
    }
    JL_CATCH {
        free(wp->tab);
        free(wp->out.data);
        jl_rethrow();
    }
    free(w.tab);
    *len = w.out.len;
    (void)root;
    return w.out.data;
}

static jl_array_t *bytes_to_array(const uint8_t *p, size_t n)
{
    jl_array_t *a = jl_alloc_array_1d((jl_value_t *)jl_array_uint8_type, n);
    if (n)
        memcpy(a->data, p, n);
    return a;
}

JL_DLLEXPORT jl_array_t *jl_serialize_to_array(jl_value_t *v)
{
    size_t n;
    uint8_t *p = jl_serialize_value(v, &n);
    jl_array_t *a;
    JL_TRY {
        a = bytes_to_array(p, n);
    }
    JL_CATCH {
        free(p);
        jl_rethrow();
    }
    free(p);
    return a;
}

JL_DLLEXPORT jl_array_t *jl_compress_ir(jl_method_t *m, jl_code_info_t *ci)
{
    if (ci == NULL || !jl_is_code_info(ci))
        jl_errorf("compress_ir: source of %s is not a CodeInfo",
                  m && jl_is_method(m) ? jl_symbol_name(m->name) : "a method");
    if (m == NULL || !jl_is_method(m))
        return jl_serialize_to_array((jl_value_t *)ci);
    wr_t w;
    memset(&w, 0, sizeof w);
    w.irm = m;
    w.irtop = ci;
    wr_t *volatile wp = &w;
    jl_array_t *volatile res = NULL;
    JL_TRY {
        for (size_t i = 0; m->roots && i < jl_array_len(m->roots); i++) /* roots compressed before */
            root_insert(wp, jl_array_ptr_ref(m->roots, i), (uint32_t)i);
        run_writer(wp, (jl_value_t *)ci);
        res = bytes_to_array(wp->out.data, wp->out.len);
    }
    JL_CATCH {
        free(wp->tab);
        free(wp->out.data);
        free(wp->rkeys);
        free(wp->rvals);
        jl_rethrow();
    }
    free(w.tab);
    free(w.out.data);
    free(w.rkeys);
    free(w.rvals);
    return res;
}
