/*
 * llvm_samples.c -- small functions built with the LLVM C API inside libjulep-codegen.so and JITted on
 * request (jl_codegen_vtable_t.build_sample): the smoke tests of the JIT, which lets test programs
 * exercise the builder, the pass pipeline and the linker without linking libLLVM themselves.
 */
#include <stdio.h>
#include <string.h>

#include "llvm_jit.h"

typedef struct {
    LLVMContextRef ctx;
    LLVMModuleRef m;
    LLVMBuilderRef b;
    LLVMTypeRef i64;
} sample_t;

static LLVMValueRef add_function(sample_t *s, const char *name, LLVMTypeRef ret, LLVMTypeRef *params,
                                 unsigned nparams)
{
    LLVMTypeRef fty = LLVMFunctionType(ret, params, nparams, 0);
    return LLVMAddFunction(s->m, name, fty);
}

/* int64_t add(int64_t a, int64_t b) = a + b */
static void build_add(sample_t *s, const char *name)
{
    LLVMTypeRef params[2] = {s->i64, s->i64};
    LLVMValueRef f = add_function(s, name, s->i64, params, 2);
    LLVMPositionBuilderAtEnd(s->b, LLVMAppendBasicBlockInContext(s->ctx, f, "top"));
    LLVMBuildRet(s->b, LLVMBuildAdd(s->b, LLVMGetParam(f, 0), LLVMGetParam(f, 1), "sum"));
}

/* int64_t sum(int64_t n) { acc = 0; for (i = 1; i <= n; i++) acc += i; return acc; } */
static void build_sum(sample_t *s, const char *name)
{
    LLVMTypeRef params[1] = {s->i64};
    LLVMValueRef f = add_function(s, name, s->i64, params, 1);
    LLVMValueRef n = LLVMGetParam(f, 0);
    LLVMBasicBlockRef top = LLVMAppendBasicBlockInContext(s->ctx, f, "top");
    LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(s->ctx, f, "loop");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(s->ctx, f, "done");
    LLVMValueRef zero = LLVMConstInt(s->i64, 0, 0), one = LLVMConstInt(s->i64, 1, 0);

    LLVMPositionBuilderAtEnd(s->b, top);
    LLVMBuildCondBr(s->b, LLVMBuildICmp(s->b, LLVMIntSLT, n, one, "empty"), done, loop);

    LLVMPositionBuilderAtEnd(s->b, loop);
    LLVMValueRef i = LLVMBuildPhi(s->b, s->i64, "i");
    LLVMValueRef acc = LLVMBuildPhi(s->b, s->i64, "acc");
    LLVMValueRef acc2 = LLVMBuildAdd(s->b, acc, i, "acc2");
    LLVMValueRef i2 = LLVMBuildAdd(s->b, i, one, "i2");
    LLVMBuildCondBr(s->b, LLVMBuildICmp(s->b, LLVMIntSGT, i2, n, "last"), done, loop);
    LLVMValueRef i_in[2] = {one, i2}, acc_in[2] = {zero, acc2};
    LLVMBasicBlockRef from[2] = {top, loop};
    LLVMAddIncoming(i, i_in, from, 2);
    LLVMAddIncoming(acc, acc_in, from, 2);

    LLVMPositionBuilderAtEnd(s->b, done);
    LLVMValueRef r = LLVMBuildPhi(s->b, s->i64, "r");
    LLVMValueRef r_in[2] = {zero, acc2};
    LLVMAddIncoming(r, r_in, from, 2);
    LLVMBuildRet(s->b, r);
}

/* jl_value_t *boxadd(int64_t a, int64_t b) = jl_box_int64(a + b): a call into the runtime */
static void build_boxadd(sample_t *s, const char *name)
{
    LLVMTypeRef ptr = LLVMPointerTypeInContext(s->ctx, 0);
    LLVMTypeRef box_params[1] = {s->i64};
    LLVMTypeRef box_ty = LLVMFunctionType(ptr, box_params, 1, 0);
    LLVMValueRef box = LLVMAddFunction(s->m, "jl_box_int64", box_ty);
    LLVMTypeRef params[2] = {s->i64, s->i64};
    LLVMValueRef f = add_function(s, name, ptr, params, 2);
    LLVMPositionBuilderAtEnd(s->b, LLVMAppendBasicBlockInContext(s->ctx, f, "top"));
    LLVMValueRef args[1] = {LLVMBuildAdd(s->b, LLVMGetParam(f, 0), LLVMGetParam(f, 1), "sum")};
    LLVMBuildRet(s->b, LLVMBuildCall2(s->b, box_ty, box, args, 1, "boxed"));
}

static const struct {
    const char *kind;
    void (*build)(sample_t *s, const char *name);
} samples[] = {
    {"add", build_add},
    {"sum", build_sum},
    {"boxadd", build_boxadd},
};

void *jl_llvmjit_build_sample(const char *kind, char **err)
{
    static unsigned counter; /* each build gets a fresh symbol name; guarded by the JIT lock */
    size_t which = sizeof(samples) / sizeof(samples[0]);
    for (size_t i = 0; kind != NULL && i < sizeof(samples) / sizeof(samples[0]); i++)
        if (strcmp(kind, samples[i].kind) == 0)
            which = i;
    if (which == sizeof(samples) / sizeof(samples[0])) {
        if (err != NULL)
            *err = jl_llvmjit_strdup("build_sample: unknown sample (add, sum, boxadd)");
        return NULL;
    }
    jl_llvmjit_lock();
    void *addr = NULL;
    sample_t s;
    s.m = jl_llvmjit_new_module("julep_sample");
    if (s.m == NULL) {
        if (err != NULL)
            *err = jl_llvmjit_strdup("the code generator has been shut down");
    }
    else {
        char name[64];
        snprintf(name, sizeof(name), "julep_sample_%s_%u", kind, counter++);
        s.ctx = jl_llvmjit_context();
        s.b = LLVMCreateBuilderInContext(s.ctx);
        s.i64 = LLVMInt64TypeInContext(s.ctx);
        samples[which].build(&s, name);
        LLVMDisposeBuilder(s.b);
        addr = jl_llvmjit_add_module(s.m, name, err);
    }
    jl_llvmjit_unlock();
    return addr;
}
