/*
 * llvm_compile.c -- the batch compiler of libjulep-codegen.so: one LLVM module per batch (the
 * function dispatch asked for and the callees it invokes), its table of global slots, the generic-ABI
 * wrappers, JIT linking; and the never-linked module reflection prints (llvm_reflect.c prints it).
 *
 * Invariants:
 *   - A function that fails to emit is removed from the batch and the batch is emitted again without
 *     it (calls to it then go through jl_invoke), so one unsupported construct never blocks the rest.
 *   - The slot table of a linked module lives in GC-scanned, uncollectable memory for the life of the
 *     process (JIT memory is not scanned by Boehm; FINDINGS.md), and its symbol is absolute.
 *   - Names: julia_<name>_<n> (specialized ABI), jlcall_<name>_<n> (generic ABI); n is unique per
 *     process, so names never collide across batches.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "llvm_jit.h"
#include "llvm_emit.h"

static unsigned long name_counter;

static void set_err(char **err, const char *msg)
{
    if (err != NULL && *err == NULL)
        *err = jl_llvmjit_strdup(msg);
}

static void func_name(char *buf, size_t sz, const char *prefix, jl_method_instance_t *mi, unsigned long id)
{
    const char *nm = jl_is_method(mi->def) ? jl_symbol_name(((jl_method_t *)mi->def)->name) : "toplevel";
    char clean[96];
    size_t k = 0;
    for (const char *p = nm; *p && k + 1 < sizeof(clean); p++)
        clean[k++] = (*p == '"' || *p == '\\' || (unsigned char)*p < 32) ? '_' : *p;
    clean[k] = '\0';
    snprintf(buf, sz, "%s%s_%lu", prefix, clean, id);
}

/* ---------------------------------------------------------------- the generic-ABI wrapper */

static void wrapper_ctx(jl_cg_ctx_t *c, jl_cg_batch_t *B, LLVMValueRef f)
{
    memset(c, 0, sizeof(*c));
    c->batch = B;
    c->ctx = B->ctx;
    c->m = B->m;
    c->f = f;
    c->T_ptr = LLVMPointerTypeInContext(c->ctx, 0);
    c->T_i1 = LLVMInt1TypeInContext(c->ctx);
    c->T_i8 = LLVMInt8TypeInContext(c->ctx);
    c->T_i16 = LLVMInt16TypeInContext(c->ctx);
    c->T_i32 = LLVMInt32TypeInContext(c->ctx);
    c->T_i64 = LLVMInt64TypeInContext(c->ctx);
    c->T_f64 = LLVMDoubleTypeInContext(c->ctx);
    c->T_void = LLVMVoidTypeInContext(c->ctx);
}

/* jl_value_t *jlcall(F, args, nargs, ci): unbox the arguments, call the specialized entry, box.
   A shared wrapper calls the entry through ci->specptr (every caller passes the CodeInstance, and
   specptr and invoke are set together), so one wrapper serves every function of its signature. */
static int emit_wrapper(jl_cg_batch_t *B, jl_cg_func_t *fn, const char *name, int shared)
{
    jl_cg_ctx_t *c = (jl_cg_ctx_t *)malloc(sizeof(jl_cg_ctx_t));
    LLVMTypeRef ptr = LLVMPointerTypeInContext(B->ctx, 0);
    LLVMTypeRef at[4] = {ptr, ptr, LLVMInt32TypeInContext(B->ctx), ptr};
    LLVMValueRef f = LLVMAddFunction(B->m, name, LLVMFunctionType(ptr, at, 4, 0));
    wrapper_ctx(c, B, f);
    c->b = LLVMCreateBuilderInContext(B->ctx);
    int ok = 0;
    if (setjmp(c->fail_jmp) == 0) {
        LLVMPositionBuilderAtEnd(c->b, LLVMAppendBasicBlockInContext(B->ctx, f, "top"));
        jl_svec_t *ps = ((jl_datatype_t *)fn->mi->specTypes)->parameters;
        size_t n = jl_svec_len(ps);
        LLVMValueRef av[n ? n : 1];
        unsigned k = 0;
        for (size_t i = 0; i < n; i++) {
            jl_value_t *t = jl_svecref(ps, i);
            if (jl_cg_is_ghost(t))
                continue;
            LLVMValueRef v;
            if (i == 0) {
                v = LLVMGetParam(f, 0);
            }
            else {
                LLVMValueRef idx = LLVMConstInt(c->T_i64, i - 1, 0);
                v = LLVMBuildLoad2(c->b, ptr, LLVMBuildInBoundsGEP2(c->b, ptr, LLVMGetParam(f, 1), &idx, 1, ""), "");
            }
            jval_t a = jl_cg_boxedval(t, v);
            av[k++] = jl_cg_is_unboxed(B, t) ? jl_cg_convert(c, a, t).v : v;
        }
        LLVMValueRef callee = fn->spec;
        if (shared) {
            LLVMValueRef off = LLVMConstInt(c->T_i64, offsetof(jl_code_instance_t, specptr), 0);
            LLVMValueRef slot = LLVMBuildInBoundsGEP2(c->b, c->T_i8, LLVMGetParam(f, 3), &off, 1, "");
            callee = LLVMBuildLoad2(c->b, ptr, slot, "specptr");
        }
        LLVMValueRef r = LLVMBuildCall2(c->b, fn->spec_ty, callee, av, k, "");
        jl_value_t *rt = jl_cg_spec_rettype(fn->ci);
        if (rt == jl_bottom_type)
            LLVMBuildUnreachable(c->b);
        else if (jl_cg_is_ghost(rt))
            LLVMBuildRet(c->b, jl_cg_boxed_ptr(c, jl_cg_ghost(rt)));
        else if (jl_cg_is_unboxed(B, rt))
            LLVMBuildRet(c->b, jl_cg_boxed_ptr(c, jl_cg_unboxed(rt, r)));
        else if (jl_cg_union_type(B, rt) != NULL)
            LLVMBuildRet(c->b, jl_cg_boxed_ptr(c, jl_cg_tagged(rt, r)));
        else
            LLVMBuildRet(c->b, r);
        ok = 1;
    }
    LLVMDisposeBuilder(c->b);
    free(c);
    fn->wrap = f;
    return ok ? 0 : -1;
}

/* ---------------------------------------------------------------- shared wrappers (JIT only)

   What a wrapper does depends only on its signature: the non-ghost argument types (a ghost is
   skipped, whatever its type) and the return type. Code generation costs about as much per function
   as optimization, so JIT batches reuse the wrapper of an earlier batch with the same signature
   instead of emitting one per function. Image batches keep their own wrappers (each batch module
   of the image stays self-contained). Keys live in uncollectable memory: a key's types stay alive,
   so comparing them by address is exact. */

typedef struct {
    jl_value_t **key;   /* n argument types (NULL for a ghost), then the return type */
    size_t n;
    uint64_t hash;
    void *addr;
} wrapsig_t;

static struct {
    wrapsig_t *v;
    size_t n, cap;
    size_t *slots;      /* open addressing: 1 + index into v, 0 = empty */
    size_t nslots;
} wrapsigs;

/* the key of fn's wrapper into key[] (room for nparams + 1); returns its length */
static size_t wrapper_key(jl_cg_func_t *fn, jl_value_t **key, uint64_t *hash)
{
    jl_svec_t *ps = ((jl_datatype_t *)fn->mi->specTypes)->parameters;
    size_t n = jl_svec_len(ps);
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i <= n; i++) {
        jl_value_t *t = i < n ? jl_svecref(ps, i) : jl_cg_spec_rettype(fn->ci);
        key[i] = i < n && jl_cg_is_ghost(t) ? NULL : t;
        h = (h ^ (uint64_t)(uintptr_t)key[i]) * 1099511628211ull;
    }
    *hash = h ^ (h >> 29);
    return n + 1;
}

static int same_key(jl_value_t **a, size_t na, jl_value_t **b, size_t nb)
{
    return na == nb && memcmp(a, b, na * sizeof(jl_value_t *)) == 0;
}

static void *find_wrapper(jl_value_t **key, size_t n, uint64_t hash)
{
    if (wrapsigs.nslots == 0)
        return NULL;
    for (size_t i = hash & (wrapsigs.nslots - 1);; i = (i + 1) & (wrapsigs.nslots - 1)) {
        size_t s = wrapsigs.slots[i];
        if (s == 0)
            return NULL;
        wrapsig_t *w = &wrapsigs.v[s - 1];
        if (w->hash == hash && same_key(w->key, w->n, key, n))
            return w->addr;
    }
}

static void rehash_wrappers(void)
{
    free(wrapsigs.slots);
    wrapsigs.nslots = wrapsigs.nslots ? wrapsigs.nslots * 2 : 64;
    wrapsigs.slots = (size_t *)calloc(wrapsigs.nslots, sizeof(size_t));
    if (wrapsigs.slots == NULL)
        abort();
    for (size_t k = 0; k < wrapsigs.n; k++) {
        size_t i = wrapsigs.v[k].hash & (wrapsigs.nslots - 1);
        while (wrapsigs.slots[i] != 0)
            i = (i + 1) & (wrapsigs.nslots - 1);
        wrapsigs.slots[i] = k + 1;
    }
}

static void remember_wrapper(jl_cg_func_t *fn, void *addr)
{
    size_t np = jl_svec_len(((jl_datatype_t *)fn->mi->specTypes)->parameters);
    jl_value_t **key = (jl_value_t **)jl_gc_alloc_uncollectable((np + 1) * sizeof(jl_value_t *));
    uint64_t hash;
    size_t n = wrapper_key(fn, key, &hash);
    if (wrapsigs.n == wrapsigs.cap) {
        wrapsigs.cap = wrapsigs.cap ? 2 * wrapsigs.cap : 64;
        wrapsigs.v = (wrapsig_t *)realloc(wrapsigs.v, wrapsigs.cap * sizeof(wrapsig_t));
        if (wrapsigs.v == NULL)
            abort();
    }
    wrapsigs.v[wrapsigs.n++] = (wrapsig_t){key, n, hash, addr};
    if (2 * wrapsigs.n > wrapsigs.nslots)
        rehash_wrappers();
    else {
        size_t i = hash & (wrapsigs.nslots - 1);
        while (wrapsigs.slots[i] != 0)
            i = (i + 1) & (wrapsigs.nslots - 1);
        wrapsigs.slots[i] = wrapsigs.n;
    }
}

static void *find_wrapper_of(jl_cg_func_t *fn)
{
    size_t np = jl_svec_len(((jl_datatype_t *)fn->mi->specTypes)->parameters);
    jl_value_t *key[np + 1];
    uint64_t hash;
    size_t n = wrapper_key(fn, key, &hash);
    return find_wrapper(key, n, hash);
}

/* the generic-ABI wrapper of batch function i in a JIT batch: an earlier batch's, one this batch
   already emits for the same signature, or a new shared one */
static int jit_wrapper(jl_cg_batch_t *B, size_t i)
{
    jl_cg_func_t *fn = &B->funcs[i];
    size_t np = jl_svec_len(((jl_datatype_t *)fn->mi->specTypes)->parameters);
    jl_value_t *key[np + 1], *key2[np + 1];
    uint64_t hash, hash2;
    size_t n = wrapper_key(fn, key, &hash);
    if ((fn->wrap_addr = find_wrapper(key, n, hash)) != NULL)
        return 0;
    for (size_t j = 0; j < i; j++) {
        jl_cg_func_t *o = &B->funcs[j];
        if (o->failed || o->wrap_name[0] == '\0' ||
            jl_svec_len(((jl_datatype_t *)o->mi->specTypes)->parameters) != np)
            continue;
        size_t n2 = wrapper_key(o, key2, &hash2);
        if (hash2 == hash && same_key(key, n, key2, n2)) {
            fn->wrap = o->wrap;
            memcpy(fn->wrap_name, o->wrap_name, sizeof(fn->wrap_name));
            return 0;
        }
    }
    snprintf(fn->wrap_name, sizeof(fn->wrap_name), "jlcall_sig_%lu", ++name_counter);
    return emit_wrapper(B, fn, fn->wrap_name, 1);
}

/* ---------------------------------------------------------------- one attempt at a batch */

static void batch_init(jl_cg_batch_t *B, jl_cg_func_t *funcs, size_t n, int reflect)
{
    B->ctx = jl_llvmjit_context();
    snprintf(B->roots_name, sizeof(B->roots_name), "julep_roots_%lu", ++name_counter);
    B->m = jl_llvmjit_new_module(B->roots_name);
    B->td = LLVMGetModuleDataLayout(B->m);
    B->funcs = funcs;
    B->nfuncs = n;
    B->roots = jl_alloc_vec_any(0);
    B->for_reflection = reflect;
    B->roots_gv = LLVMAddGlobal(B->m, LLVMPointerTypeInContext(B->ctx, 0), B->roots_name);
    LLVMSetLinkage(B->roots_gv, LLVMExternalLinkage);
}

static void fail_func(jl_cg_func_t *fn, char **reasons, size_t i, const char *why)
{
    fn->failed = 1;
    if (reasons && reasons[i] == NULL)
        reasons[i] = jl_llvmjit_strdup(why);
}

/* Declare and emit every non-failed function. 0: all emitted; 1: one failed (marked; retry). */
static int emit_all(jl_cg_batch_t *B, char **reasons, int wrappers)
{
    jl_cg_mark_frames(B);
    for (size_t i = 0; i < B->nfuncs; i++) {
        jl_cg_func_t *fn = &B->funcs[i];
        if (fn->failed)
            continue;
        fn->spec_ty = jl_cg_spec_type(B, fn);
        if (fn->spec_ty == NULL) {
            fail_func(fn, reasons, i, "no specialized signature (varargs or unsupported argument types)");
            return 1;
        }
        func_name(fn->name, sizeof(fn->name), "julia_", fn->mi, ++name_counter);
        fn->spec = LLVMAddFunction(B->m, fn->name, fn->spec_ty);
        jl_cg_declare_recursion_copies(B, fn);
    }
    for (size_t i = 0; i < B->nfuncs; i++) {
        jl_cg_func_t *fn = &B->funcs[i];
        if (fn->failed)
            continue;
        char why[256];
        if (jl_cg_emit_function(B, fn, why, sizeof(why)) != 0) {
            fail_func(fn, reasons, i, why);
            return 1;
        }
    }
    int shared = !jl_cg_imaging();
    for (size_t i = 0; wrappers && i < B->nfuncs; i++) {
        jl_cg_func_t *fn = &B->funcs[i];
        if (fn->failed)
            continue;
        char wname[200];
        snprintf(wname, sizeof(wname), "jlcall_%s", fn->name + 6);
        if ((shared ? jit_wrapper(B, i) : emit_wrapper(B, fn, wname, 0)) != 0) {
            fail_func(fn, reasons, i, "cannot emit the generic-ABI wrapper");
            return 1;
        }
    }
    return 0;
}

/* Emit the batch, dropping functions that fail, until what remains emits. Returns the module (NULL
   when nothing is left). */
static LLVMModuleRef emit_batch(jl_cg_batch_t *B, jl_cg_func_t *funcs, size_t n, char **reasons, int reflect)
{
    for (size_t attempt = 0; attempt <= n; attempt++) {
        batch_init(B, funcs, n, reflect);
        size_t live = 0;
        for (size_t i = 0; i < n; i++) {
            live += !funcs[i].failed;
            funcs[i].spec = funcs[i].wrap = NULL;
            funcs[i].wrap_addr = NULL;
            funcs[i].wrap_name[0] = '\0';
        }
        if (live == 0 || (reflect && funcs[0].failed)) {
            LLVMDisposeModule(B->m);
            return NULL;
        }
        if (emit_all(B, reasons, !reflect) == 0)
            return B->m;
        LLVMDisposeModule(B->m);
    }
    return NULL;
}

static void funcs_from_requests(jl_cg_func_t *funcs, jl_cg_request_t *reqs, size_t n)
{
    memset(funcs, 0, n * sizeof(*funcs));
    for (size_t i = 0; i < n; i++) {
        funcs[i].mi = reqs[i].mi;
        funcs[i].ci = reqs[i].ci;
        funcs[i].src = (jl_code_info_t *)reqs[i].ci->inferred;
        if (!jl_is_code_info((jl_value_t *)funcs[i].src))
            funcs[i].failed = 1;
    }
}

/* The slot table: uncollectable (scanned, never freed) memory holding the batch's objects. */
static void *make_roots_table(jl_array_t *roots)
{
    size_t n = jl_array_len(roots);
    jl_value_t **t = (jl_value_t **)jl_gc_alloc_uncollectable((n ? n : 1) * sizeof(jl_value_t *));
    for (size_t i = 0; i < n; i++)
        t[i] = jl_array_ptr_ref(roots, i);
    return t;
}

/* imaging: the module's copy goes to the image's object list (llvm_image.c) and the batch's objects
   and CodeInstances to the runtime's list (sysimage/image_native.c), in the same order */
static void keep_for_image(jl_cg_batch_t *B, LLVMModuleRef keep, jl_cg_request_t *reqs, size_t n)
{
    char **spec = (char **)calloc(n, sizeof(char *)), **wrap = (char **)calloc(n, sizeof(char *));
    jl_value_t **cis = (jl_value_t **)calloc(n, sizeof(jl_value_t *));
    for (size_t i = 0; i < n; i++) {
        if (reqs[i].invoke == NULL)
            continue;
        char wname[200];
        snprintf(wname, sizeof(wname), "jlcall_%s", B->funcs[i].name + 6);
        spec[i] = jl_llvmjit_strdup(B->funcs[i].name);
        wrap[i] = jl_llvmjit_strdup(wname);
        cis[i] = (jl_value_t *)reqs[i].ci;
    }
    jl_llvmjit_image_keep(keep, B->roots_name, jl_array_len(B->roots), spec, wrap, n);
    jl_image_native_add((jl_value_t *)B->roots, cis, n);
    free(cis);
}

static size_t link_batch(jl_cg_batch_t *B, jl_cg_request_t *reqs, size_t n, char **err)
{
    void *table = make_roots_table(B->roots);
    if (jl_llvmjit_add_absolute(B->roots_name, table, err) != 0 ||
        jl_llvmjit_define_externals(B->m, err) != 0) {
        LLVMDisposeModule(B->m);
        return 0;
    }
    if (getenv("JULEP_DUMP_IR") != NULL) {
        char *txt = LLVMPrintModuleToString(B->m);
        fprintf(stderr, "%s\n", txt);
        LLVMDisposeMessage(txt);
    }
    const char *first = NULL;
    for (size_t i = 0; i < n && first == NULL; i++)
        if (!B->funcs[i].failed)
            first = B->funcs[i].name;
    /* imaging: optimize once, keep a copy for the image's object file, then link the original */
    LLVMModuleRef keep = NULL;
    if (jl_cg_imaging() && (keep = jl_llvmjit_image_prepare(B->m, err)) == NULL) {
        LLVMDisposeModule(B->m);
        return 0;
    }
    if ((keep ? jl_llvmjit_add_prepared_module(B->m, first, err) : jl_llvmjit_add_module(B->m, first, err)) == NULL) {
        if (keep)
            jl_llvmjit_image_discard(keep);
        return 0;
    }
    size_t done = 0;
    for (size_t i = 0; i < n; i++) {
        jl_cg_func_t *fn = &B->funcs[i];
        if (fn->failed)
            continue;
        char *e2 = NULL;
        char wname[200];
        if (fn->wrap_name[0] != '\0')
            snprintf(wname, sizeof(wname), "%s", fn->wrap_name);
        else
            snprintf(wname, sizeof(wname), "jlcall_%s", fn->name + 6);
        reqs[i].specptr = jl_llvmjit_lookup(fn->name, &e2);
        reqs[i].invoke = fn->wrap_addr;
        if (reqs[i].specptr != NULL && reqs[i].invoke == NULL) {
            reqs[i].invoke = jl_llvmjit_lookup(wname, &e2);
            if (reqs[i].invoke != NULL && fn->wrap_name[0] != '\0' && find_wrapper_of(fn) == NULL)
                remember_wrapper(fn, reqs[i].invoke);
        }
        if (reqs[i].invoke == NULL) {
            reqs[i].fail = e2 ? e2 : jl_llvmjit_strdup("lookup failed");
            reqs[i].specptr = NULL;
            continue;
        }
        free(e2);
        done++;
    }
    if (keep)
        keep_for_image(B, keep, reqs, n);
    return done;
}

size_t jl_llvmjit_compile_batch(jl_cg_request_t *reqs, size_t n, char **err)
{
    if (n == 0)
        return 0;
    jl_llvmjit_lock();
    jl_cg_func_t *funcs = (jl_cg_func_t *)malloc(n * sizeof(jl_cg_func_t));
    char **reasons = (char **)calloc(n, sizeof(char *));
    funcs_from_requests(funcs, reqs, n);
    for (size_t i = 0; i < n; i++) {
        reqs[i].invoke = reqs[i].specptr = NULL;
        reqs[i].fail = NULL;
        if (funcs[i].failed)
            reasons[i] = jl_llvmjit_strdup("no inferred code");
    }
    jl_cg_batch_t B;
    memset(&B, 0, sizeof(B));
    size_t done = 0;
    uint64_t t0 = jl_llvmjit_cpu_us();
    LLVMModuleRef m = emit_batch(&B, funcs, n, reasons, 0);
    jl_llvmjit_stats()->emit_cpu_us += jl_llvmjit_cpu_us() - t0;
    if (m != NULL)
        done = link_batch(&B, reqs, n, err);
    else
        set_err(err, reasons[0] ? reasons[0] : "nothing to compile");
    for (size_t i = 0; i < n; i++) {
        if (reqs[i].fail == NULL && reqs[i].invoke == NULL)
            reqs[i].fail = reasons[i] ? reasons[i] : jl_llvmjit_strdup(err && *err ? *err : "not compiled");
        else
            free(reasons[i]);
    }
    free(reasons);
    free(funcs);
    jl_llvmjit_unlock();
    return done;
}

/* ---------------------------------------------------------------- reflection */

/* The module code_llvm / code_native print (llvm_reflect.c): mi alone, emitted like a batch but never
   linked, optimized at the -O level when `optimize`. The caller holds the lock and disposes of it. */
LLVMModuleRef jl_llvmjit_reflect_module(jl_method_instance_t *mi, jl_code_instance_t *ci, int optimize,
                                        jl_cg_func_t *fn, char **err)
{
    memset(fn, 0, sizeof(*fn));
    fn->mi = mi;
    fn->ci = ci;
    fn->src = (jl_code_info_t *)ci->inferred;
    if (!jl_is_code_info((jl_value_t *)fn->src)) {
        set_err(err, "no inferred code");
        return NULL;
    }
    char *reason = NULL;
    jl_cg_batch_t B;
    memset(&B, 0, sizeof(B));
    LLVMModuleRef m = emit_batch(&B, fn, 1, &reason, 1);
    if (m == NULL) {
        set_err(err, reason ? reason : "cannot compile");
        free(reason);
        return NULL;
    }
    free(reason);
    if (optimize && jl_llvmjit_optimize(m, err) != 0) {
        LLVMDisposeModule(m);
        return NULL;
    }
    return m;
}
