/*
 * ccall.c -- `Expr(:foreigncall, fname, rettype, svec(argtypes...), nreq, cconv, args...)` in the
 * interpreter, through libffi. Lowering has already inserted `Base.cconvert`/`Base.unsafe_convert`, so
 * each argument arrives as a value of (or bit-compatible with) its declared C type.
 *
 * Type mapping (Julia's): primitive types by size (Float32/Float64 as float/double, Bool as an 8-bit
 * integer, Ptr{T}/Cstring as pointers); `Any` passes the object pointer itself; `Ref{T}` and other
 * non-isbits types pass a pointer (the bits of a Ptr value, else the object's data); isbits structs
 * go by value. Return types likewise; `Nothing`/`Cvoid` gives `nothing`.
 *
 * Invariants: a call site whose types and function name are constants caches its resolved function
 * pointer and prepared ffi_cif in the instruction (`*cache`); library handles are cached per name and
 * never closed.
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <ffi.h>
#include "interpreter.h"

enum { CK_VOID, CK_ANY, CK_PRIM, CK_BOOL, CK_PTR, CK_STRUCT };

typedef struct {
    void *fptr;             /* NULL when the function is not a constant */
    ffi_cif cif;
    ffi_type *rtype;
    ffi_type **atypes;
    jl_value_t *rt;         /* Julia return type */
    jl_value_t **argt;      /* Julia argument types */
    uint8_t *akind;
    uint8_t rkind;
    size_t nargs;
} ccall_site_t;

/* ---------------------------------------------------------------- libraries and symbols */

typedef struct {
    char *name;
    void *handle;
} libentry_t;

static libentry_t *libs;
static size_t nlibs, caplibs;

static void *try_dlopen(const char *name)
{
    return dlopen(name, RTLD_LAZY | RTLD_GLOBAL);
}

static void *open_library(const char *lib)
{
    static const char *known[][2] = {{"libc", "libc.so.6"}, {"libm", "libm.so.6"},
                                     {"libdl", "libdl.so.2"}, {"libpthread", "libpthread.so.0"}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(lib, known[i][0]) == 0) {
            void *h = try_dlopen(known[i][1]);
            return h ? h : RTLD_DEFAULT;
        }
    void *h = try_dlopen(lib);
    if (h == NULL && strchr(lib, '/') == NULL && strstr(lib, ".so") == NULL) {
        size_t n = strlen(lib);
        char *buf = (char *)malloc(n + 4);
        memcpy(buf, lib, n);
        memcpy(buf + n, ".so", 4);
        h = try_dlopen(buf);
        free(buf);
        if (h == NULL)
            (void)try_dlopen(lib); /* keep the first error for the message */
    }
    return h;
}

static void *library_handle(const char *lib)
{
    for (size_t i = 0; i < nlibs; i++)
        if (strcmp(libs[i].name, lib) == 0)
            return libs[i].handle;
    void *h = open_library(lib);
    if (h == NULL) {
        const char *err = dlerror();
        jl_errorf("could not load library \"%s\"\n%s", lib, err ? err : "not found");
    }
    if (nlibs == caplibs) {
        caplibs = caplibs ? caplibs * 2 : 8;
        libs = (libentry_t *)realloc(libs, caplibs * sizeof(libentry_t));
    }
    libs[nlibs].name = strdup(lib);
    libs[nlibs].handle = h;
    nlibs++;
    return h;
}

JL_DLLEXPORT void *jl_dlsym_lib(const char *lib, const char *sym)
{
    void *h = lib ? library_handle(lib) : RTLD_DEFAULT;
    dlerror();
    void *p = dlsym(h, sym);
    if (p == NULL) {
        const char *err = dlerror();
        jl_errorf("could not load symbol \"%s\":\n%s", sym, err ? err : "undefined symbol");
    }
    return p;
}

static const char *name_of(jl_value_t *v)
{
    if (jl_is_symbol(v))
        return jl_symbol_name((jl_sym_t *)v);
    if (jl_is_string(v))
        return jl_string_data(v);
    return NULL;
}

static int is_pointer_bits(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->isprimitivetype &&
           ((jl_datatype_t *)t)->layout && ((jl_datatype_t *)t)->layout->size == sizeof(void *) &&
           t != (jl_value_t *)jl_float64_type;
}

/* The C function fname names: a Symbol or String (looked up in the process), a tuple
   (name, library), or a pointer value. */
static void *resolve_function(jl_value_t *fname, int *isconst)
{
    *isconst = 1;
    const char *s = name_of(fname);
    if (s)
        return jl_dlsym_lib(NULL, s);
    if (jl_is_tuple(fname)) {
        size_t n = jl_datatype_nfields(jl_typeof(fname));
        const char *sym = n >= 1 ? name_of(jl_get_nth_field(fname, 0)) : NULL;
        const char *lib = n >= 2 ? name_of(jl_get_nth_field(fname, 1)) : NULL;
        if (sym && (lib || n == 1))
            return jl_dlsym_lib(lib, sym);
        if (n == 1 && is_pointer_bits(jl_typeof(jl_get_nth_field(fname, 0)))) {
            *isconst = 0;
            return *(void **)jl_get_nth_field(fname, 0);
        }
        jl_error("ccall: first argument not a pointer or valid constant expression");
    }
    if (is_pointer_bits(jl_typeof(fname))) {
        *isconst = 0;
        void *p = *(void **)fname;
        if (p == NULL)
            jl_error("ccall: null function pointer");
        return p;
    }
    jl_error("ccall: first argument not a pointer or valid constant expression");
}

/* ---------------------------------------------------------------- types */

static int has_sparam(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return 0;
    if (((jl_expr_t *)e)->head == jl_s_static_parameter)
        return 1;
    for (size_t i = 0; i < jl_expr_nargs(e); i++)
        if (has_sparam(jl_exprarg(e, i)))
            return 1;
    return 0;
}

static jl_value_t *eval_type(jl_value_t *e, jl_interp_frame_t *s)
{
    if (jl_is_datatype(e) || jl_is_unionall(e) || jl_is_uniontype(e) || e == jl_bottom_type)
        return e;
    if (jl_is_expr(e) && ((jl_expr_t *)e)->head == jl_s_curly) {
        size_t n = jl_expr_nargs(e);
        jl_value_t *v[n];
        for (size_t i = 0; i < n; i++)
            v[i] = eval_type(jl_exprarg(e, i), s);
        return jl_apply_type(v[0], v + 1, n - 1);
    }
    return jl_interp_eval_expr(e, s);
}

/* Int128/UInt128: the x86-64 C ABI passes and returns __int128 like a 16-byte-aligned pair of
   64-bit integers (two registers, or the stack at 16-byte alignment); libffi has no 128-bit integer
   type, so this struct (size and alignment preset, so libffi keeps them) stands for it. */
static ffi_type *int128_elements[3] = {&ffi_type_uint64, &ffi_type_uint64, NULL};
static ffi_type ffi_type_int128 = {16, 16, FFI_TYPE_STRUCT, int128_elements};

static ffi_type *prim_ffi_type(jl_datatype_t *dt)
{
    if (dt == jl_float64_type)
        return &ffi_type_double;
    if (dt == jl_float32_type)
        return &ffi_type_float;
    int issigned = jl_subtype((jl_value_t *)dt, (jl_value_t *)jl_signed_type);
    switch (dt->layout->size) {
    case 1: return issigned ? &ffi_type_sint8 : &ffi_type_uint8;
    case 2: return issigned ? &ffi_type_sint16 : &ffi_type_uint16;
    case 4: return issigned ? &ffi_type_sint32 : &ffi_type_uint32;
    case 8: return issigned ? &ffi_type_sint64 : &ffi_type_uint64;
    case 16: return &ffi_type_int128;
    default: return NULL;
    }
}

static ffi_type *struct_ffi_type(jl_datatype_t *dt, int depth)
{
    const jl_datatype_layout_t *ly = dt->layout;
    if (depth > 8 || ly->nfields == 0 || ly->haspadding)
        return NULL;
    ffi_type *st = (ffi_type *)jl_gc_alloc_buf(sizeof(ffi_type));
    ffi_type **el = (ffi_type **)jl_gc_alloc_buf((ly->nfields + 1) * sizeof(ffi_type *));
    size_t k = 0;
    for (size_t i = 0; i < ly->nfields; i++) {
        jl_datatype_t *ft = (jl_datatype_t *)jl_svecref(dt->types, i);
        if (ly->fields[i].size == 0)
            continue;
        if (!jl_is_datatype(ft) || !ft->isbitstype)
            return NULL;
        el[k] = ft->isprimitivetype ? prim_ffi_type(ft) : struct_ffi_type(ft, depth + 1);
        if (el[k] == NULL)
            return NULL;
        k++;
    }
    el[k] = NULL;
    st->size = 0;
    st->alignment = 0;
    st->type = FFI_TYPE_STRUCT;
    st->elements = el;
    return st;
}

/* Classify a Julia type for passing or returning; sets *ft. */
static int classify(jl_value_t *t, ffi_type **ft, int isret)
{
    if (t == (jl_value_t *)jl_nothing_type || t == jl_bottom_type) {
        *ft = &ffi_type_void;
        return isret ? CK_VOID : CK_PTR;
    }
    if (t == (jl_value_t *)jl_any_type) {
        *ft = &ffi_type_pointer;
        return CK_ANY;
    }
    if (t == (jl_value_t *)jl_bool_type) {
        *ft = &ffi_type_uint8;
        return CK_BOOL;
    }
    if (jl_is_datatype(t)) {
        jl_datatype_t *dt = (jl_datatype_t *)t;
        if (dt->isprimitivetype && dt->layout) {
            *ft = prim_ffi_type(dt);
            if (*ft == NULL)
                jl_errorf("ccall: primitive type %s of this size is not supported", jl_symbol_name(dt->name->name));
            return CK_PRIM;
        }
        if (dt->isbitstype && dt->layout && !dt->name->mutabl && dt->layout->size > 0) {
            *ft = struct_ffi_type(dt, 0);
            if (*ft == NULL)
                jl_errorf("ccall: passing or returning struct %s by value is not supported",
                          jl_symbol_name(dt->name->name));
            return CK_STRUCT;
        }
    }
    *ft = &ffi_type_pointer;
    return CK_PTR;
}

static ccall_site_t *prepare_site(jl_expr_t *e, size_t nargs, jl_interp_frame_t *s)
{
    jl_value_t **a = jl_array_ptr_data(e->args);
    jl_svec_t *at = (jl_svec_t *)a[2];
    ccall_site_t *site = (ccall_site_t *)jl_gc_alloc_buf(sizeof(ccall_site_t));
    site->nargs = nargs;
    site->argt = (jl_value_t **)jl_gc_alloc_buf((nargs + 1) * sizeof(jl_value_t *));
    site->atypes = (ffi_type **)jl_gc_alloc_buf((nargs + 1) * sizeof(ffi_type *));
    site->akind = (uint8_t *)jl_gc_alloc_buf(nargs + 1);
    site->rt = eval_type(a[1], s);
    site->rkind = (uint8_t)classify(site->rt, &site->rtype, 1);
    if (site->rkind == CK_PTR && !is_pointer_bits(site->rt))
        site->rkind = CK_ANY; /* a non-isbits return type: the C function returns the object */
    for (size_t i = 0; i < nargs; i++) {
        site->argt[i] = eval_type(jl_svecref(at, i), s);
        site->akind[i] = (uint8_t)classify(site->argt[i], &site->atypes[i], 0);
        if (site->argt[i] == (jl_value_t *)jl_nothing_type)
            jl_error("ccall: argument type Nothing is invalid");
    }
    size_t nreq = jl_is_int64(a[3]) ? (size_t)jl_unbox_int64(a[3]) : 0;
    ffi_status st;
    if (nreq > 0 && nreq < nargs)
        st = ffi_prep_cif_var(&site->cif, FFI_DEFAULT_ABI, (unsigned)nreq, (unsigned)nargs, site->rtype,
                              site->atypes);
    else
        st = ffi_prep_cif(&site->cif, FFI_DEFAULT_ABI, (unsigned)nargs, site->rtype, site->atypes);
    if (st != FFI_OK)
        jl_error("ccall: could not prepare the call (unsupported argument types)");
    return site;
}

static int site_cacheable(jl_expr_t *e)
{
    jl_value_t **a = jl_array_ptr_data(e->args);
    if (has_sparam(a[1]))
        return 0;
    jl_svec_t *at = (jl_svec_t *)a[2];
    for (size_t i = 0; i < jl_svec_len(at); i++)
        if (has_sparam(jl_svecref(at, i)))
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- the call */

static jl_value_t *box_result(ccall_site_t *site, void *buf)
{
    jl_value_t *rt = site->rt;
    switch (site->rkind) {
    case CK_VOID:
        return jl_nothing;
    case CK_ANY: {
        jl_value_t *v = *(jl_value_t **)buf;
        if (v == NULL)
            jl_error("ccall: the C function returned NULL for a Julia object");
        return v;
    }
    case CK_BOOL:
        return jl_box_bool(*(uint8_t *)buf != 0);
    default:
        if (rt == (jl_value_t *)jl_int64_type)
            return jl_box_int64(*(int64_t *)buf);
        if (rt == (jl_value_t *)jl_int32_type)
            return jl_box_int32(*(int32_t *)buf);
        if (rt == (jl_value_t *)jl_uint8_type)
            return jl_box_uint8(*(uint8_t *)buf);
        if (rt == (jl_value_t *)jl_int8_type)
            return jl_box_int8(*(int8_t *)buf);
        return jl_new_bits(rt, buf);
    }
}

static void *arg_pointer(ccall_site_t *site, size_t i, jl_value_t **args)
{
    jl_value_t *v = args[i];
    jl_value_t *t = site->argt[i];
    jl_value_t *vt = jl_typeof(v);
    switch (site->akind[i]) {
    case CK_ANY:
        return &args[i];
    case CK_BOOL:
        if (vt != (jl_value_t *)jl_bool_type)
            jl_type_error("ccall", t, v);
        return v;
    case CK_PRIM:
        if (vt != t && !(jl_is_datatype(vt) && ((jl_datatype_t *)vt)->isprimitivetype &&
                         ((jl_datatype_t *)vt)->layout->size == ((jl_datatype_t *)t)->layout->size))
            jl_type_error("ccall", t, v);
        return v;
    case CK_STRUCT:
        if (vt != t)
            jl_type_error("ccall", t, v);
        return v;
    default: /* pointers: the bits of a Ptr-like value, else the object's address */
        if (v == jl_nothing)
            return NULL;
        if (is_pointer_bits(vt))
            return v;
        return &args[i];
    }
}

JL_DLLEXPORT jl_value_t *jl_interp_foreigncall(jl_expr_t *e, jl_value_t *fname, jl_value_t **args,
                                               size_t nargs, jl_interp_frame_t *s, void **cache)
{
    jl_value_t *cconv = jl_exprarg(e, 4);
    if (jl_is_quotenode(cconv))
        cconv = ((jl_quotenode_t *)cconv)->value;
    if (cconv == (jl_value_t *)jl_s_llvmcall)
        jl_error("llvmcall is not supported by the interpreter");
    ccall_site_t *site = cache ? (ccall_site_t *)*cache : NULL;
    void *fp;
    if (site == NULL || site->nargs != nargs) {
        int isconst;
        site = prepare_site(e, nargs, s);
        fp = resolve_function(fname, &isconst);
        if (cache && isconst && site_cacheable(e)) {
            site->fptr = fp;
            *cache = site;
        }
    }
    else
        fp = site->fptr;
    void *avalues[nargs ? nargs : 1];
    void *nullp[nargs ? nargs : 1];
    for (size_t i = 0; i < nargs; i++) {
        avalues[i] = arg_pointer(site, i, args);
        if (avalues[i] == NULL) {
            nullp[i] = NULL;
            avalues[i] = &nullp[i];
        }
    }
    union {
        ffi_arg word;
        double d;
        char bytes[64];
    } ret;
    char *rbuf = ret.bytes;
    if (site->rkind == CK_STRUCT && site->rtype->size > sizeof ret)
        rbuf = (char *)jl_gc_alloc_buf(site->rtype->size);
    memset(&ret, 0, sizeof ret);
    ffi_call(&site->cif, FFI_FN(fp), rbuf, avalues);
    return box_result(site, rbuf);
}
