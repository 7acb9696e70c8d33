/*
 * llvm_emit.h -- internal interface of the code generator proper (libjulep-codegen.so): emission of
 * LLVM IR for optimized CodeInfo (llvm_emit.c: values, slots, control flow, calls; llvm_builtins.c:
 * intrinsics and builtins) and the batch driver (llvm_compile.c: one module per batch, the global-slot
 * table, generic-ABI wrappers, reflection).
 *
 * Value representation (a `jval_t`):
 *   - a ghost (a singleton type of size 0, e.g. typeof(f), Nothing): no LLVM value at all;
 *   - an unboxed value of a concrete isbits type: an LLVM register of `jl_llvm_type(T)` (Bool is i8,
 *     Char i32, Ptr i64, Float16/32/64 half/float/double, other primitives iN, isbits structs and
 *     tuples LLVM literal structs whose element offsets equal the object layout's);
 *   - an unboxed immutable struct or tuple with pointer fields (`Tuple{Body,Int64}`, `Pair{String,Int}`,
 *     closures; see unboxed_ref_struct): the same literal struct with `ptr` for each pointer field of
 *     the layout (a boxed value; the conservative GC sees it in registers and stack slots). Boxing
 *     allocates a scanned object and stores the struct;
 *   - a boxed value: a `ptr` to a heap object (`jl_value_t *`), its static type possibly abstract;
 *   - a tagged isbits union (slots of a small Union whose members are all isbits or ghosts, e.g. the
 *     state `Union{Nothing, Tuple{Int64, Int64}}` of a `for` loop): an LLVM struct with one field per
 *     member (`{}` for a ghost) and a final i8 tag, the member's index in jl_cg_union_members order.
 * Invariants:
 *   - No heap address is embedded in code: each object code refers to is a load from the module's
 *     table of global slots (`roots`), a runtime-owned, GC-scanned array filled before the module runs.
 *   - Anything emission does not support makes it fail (longjmp to the function's emitter with a
 *     reason); the batch driver then leaves that method to the interpreter. Never guess.
 */
#ifndef JL_LLVM_EMIT_H
#define JL_LLVM_EMIT_H

#include <setjmp.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "julep_internal.h"

typedef struct {
    jl_value_t *typ;   /* static Julia type (widened) */
    LLVMValueRef v;    /* NULL for a ghost */
    int boxed;         /* v is a jl_value_t * */
    jl_value_t *cval;  /* the value when it is a compile-time constant, else NULL */
    int tagged;        /* v is an isbits union {member payloads..., i8 tag} (typ is the Union) */
} jval_t;

#define JL_CG_MAX_UNION 4
#define JL_CG_REC_COPIES 3

/* One function of a batch. */
typedef struct {
    jl_method_instance_t *mi;
    jl_code_instance_t *ci;      /* the CodeInstance whose `inferred` is emitted */
    jl_code_info_t *src;
    LLVMValueRef spec;           /* julia_<name>_<n>: specialized ABI */
    LLVMValueRef wrap;           /* jlcall_<name>_<n>: generic ABI (or a shared jlcall_sig_<n>) */
    void *wrap_addr;             /* JIT: the shared wrapper an earlier batch compiled, else NULL */
    char wrap_name[40];          /* JIT: the shared wrapper this batch defines for it, else "" */
    LLVMTypeRef spec_ty;
    char name[160];
    int failed;
    int needs_frame;             /* may throw: callers record their location before calling it */
    /* small self-recursive functions: copies of the body (internal, alwaysinline) that self-calls go
       through, spec -> rec[0] -> ... -> rec[nrec-1] -> spec, so after inlining the body holds its
       recursion unrolled nrec + 1 levels (as gcc's recursive inlining does) */
    LLVMValueRef rec[JL_CG_REC_COPIES];
    int nrec;
} jl_cg_func_t;

/* Alias classes of heap accesses (LLVM's type-based alias analysis): accesses of two different
   classes never touch the same memory, so element stores do not make LLVM reload an array's data
   pointer or length, nor a mutable object's fields, inside a loop. Only accesses whose class is
   certain are tagged; an untagged access may alias anything. */
enum {
    JL_TBAA_ARRAYPTR, /* the data pointer of an Array */
    JL_TBAA_ARRAYLEN, /* the length and dimensions of an Array */
    JL_TBAA_ARRAYBUF, /* an element of an Array, in its data buffer */
    JL_TBAA_MUTAB,    /* a field of a mutable struct */
    JL_TBAA_IMMUT,    /* a field of a boxed immutable struct (never written after construction) */
    JL_TBAA_N
};
typedef struct {
    LLVMContextRef ctx;
    LLVMModuleRef m;
    LLVMTargetDataRef td;
    jl_cg_func_t *funcs;
    size_t nfuncs;
    jl_array_t *roots;           /* objects the slot table will hold, in slot order */
    LLVMValueRef roots_gv;       /* external global: the slot table */
    char roots_name[64];
    int for_reflection;          /* emitting for code_llvm/code_native: nothing is linked */
    LLVMValueRef tbaa[JL_TBAA_N]; /* access tags of the alias classes, made on first use (jl_cg_tbaa) */
} jl_cg_batch_t;

/* Per-function emission state. */
typedef struct {
    jl_cg_batch_t *batch;
    jl_cg_func_t *fn;
    jl_method_instance_t *mi;
    jl_code_info_t *src;
    LLVMContextRef ctx;
    LLVMModuleRef m;
    LLVMBuilderRef b;
    LLVMValueRef f;              /* the LLVM function being emitted */
    LLVMValueRef self_call;      /* where this body's direct self-calls go (fn->spec or a copy) */
    size_t nstmts;
    LLVMBasicBlockRef *bbs;      /* block starting at statement i, or NULL */
    jval_t *ssa;
    size_t nslots;
    LLVMValueRef *slot_ptr;      /* alloca per slot (NULL for ghosts / never-assigned) */
    jl_value_t **slot_typ;       /* representation type of each slot */
    uint8_t *slot_boxed;
    uint8_t *slot_undef;         /* may be read undefined: NULL box, or a false slot_def flag */
    LLVMValueRef *slot_def;      /* i8 alloca, 1 once assigned: maybe-undefined unboxed slots */
    LLVMValueRef self;           /* #self# when not a ghost */
    jl_value_t *rettype;
    jmp_buf fail_jmp;
    char fail_reason[200];
    /* try/catch */
    LLVMValueRef *handlers;      /* per :enter statement: its jl_handler_t alloca, else NULL */
    int ntry;
    int has_try;                 /* slots are volatile: a longjmp must not lose their values */
    /* backtrace records (llvm_emit.c "backtrace frames"): pushed lazily, only when a call may throw */
    LLVMValueRef frame;          /* the function's jl_interp_frame_t record (an alloca), or NULL */
    LLVMBasicBlockRef fpush;     /* prologue block where the push goes once a call needs it */
    int frame_pushed;
    LLVMValueRef task;           /* the current task (computed in the prologue) */
    LLVMValueRef *pops;          /* the frame-pop stores at returns (erased when never pushed) */
    size_t npops, cappops;
    LLVMValueRef *colds;         /* per cold throw site: select(_, below, head), fixed at the end */
    size_t ncolds, capcolds;
    size_t cur_stmt;             /* the statement being emitted */
    int inl_active;              /* the record names inlined scopes: clear them after the statement */
    int32_t *lowered_ip;         /* per statement: the lowered source's statement at its line */
    LLVMValueRef cold_frame;     /* record a cold throw site fills when the frame is not pushed */
    /* common types */
    LLVMTypeRef T_ptr, T_i1, T_i8, T_i16, T_i32, T_i64, T_f64, T_void;
} jl_cg_ctx_t;

/* ---- llvm_emit.c */
void jl_cg_tbaa(jl_cg_ctx_t *c, LLVMValueRef access, int cls);
JL_NORETURN void jl_cg_fail(jl_cg_ctx_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
LLVMTypeRef jl_llvm_type(jl_cg_batch_t *B, jl_value_t *t);   /* NULL: not an unboxed type */
int jl_cg_is_ghost(jl_value_t *t);
int jl_cg_is_unboxed(jl_cg_batch_t *B, jl_value_t *t);       /* concrete isbits, representable */
LLVMValueRef jl_cg_root(jl_cg_ctx_t *c, jl_value_t *v);      /* load of v from the slot table */
jval_t jl_cg_const(jl_cg_ctx_t *c, jl_value_t *v);
jval_t jl_cg_box(jl_cg_ctx_t *c, jval_t v);                   /* boxed representation of v */
jval_t jl_cg_convert(jl_cg_ctx_t *c, jval_t v, jl_value_t *t);/* representation of type t */
/* the members of an isbits union (0 when t is not one); its LLVM struct type */
int jl_cg_union_members(jl_cg_batch_t *B, jl_value_t *t, jl_value_t **out);
LLVMTypeRef jl_cg_union_type(jl_cg_batch_t *B, jl_value_t *t);
jval_t jl_cg_to_union(jl_cg_ctx_t *c, jval_t v, jl_value_t *u);  /* tagged representation of u */
LLVMValueRef jl_cg_union_tag(jl_cg_ctx_t *c, jval_t v);          /* the i8 tag of a tagged value */
int jl_cg_union_member_index(jl_cg_batch_t *B, jl_value_t *u, jl_value_t *t); /* t's index in u, or -1 */
jval_t jl_cg_tagged(jl_value_t *u, LLVMValueRef v);               /* v: u's tagged struct */
LLVMValueRef jl_cg_boxed_ptr(jl_cg_ctx_t *c, jval_t v);
/* unboxed structs (isbits, or immutable with pointer fields that hold boxed values): field i of v;
   a new one of type dt from one value per field (each a subtype of its field's type) */
jval_t jl_cg_struct_field(jl_cg_ctx_t *c, jval_t v, size_t i);
jval_t jl_cg_struct_new(jl_cg_ctx_t *c, jl_datatype_t *dt, jval_t *args);
LLVMValueRef jl_cg_runtime_fn(jl_cg_ctx_t *c, const char *name, LLVMTypeRef ret, LLVMTypeRef *args,
                              unsigned nargs, int noreturn);
LLVMValueRef jl_cg_call(jl_cg_ctx_t *c, LLVMValueRef fn, LLVMValueRef *args, unsigned n);
void jl_cg_throw_if(jl_cg_ctx_t *c, LLVMValueRef cond, const char *thrower, LLVMValueRef *args, unsigned n);
/* before a call that may throw: the frame is pushed and records the current statement */
void jl_cg_frame_before_call(jl_cg_ctx_t *c);
/* before a throw that never returns (in its cold block): the chain describes this statement */
void jl_cg_frame_before_throw(jl_cg_ctx_t *c);
jval_t jl_cg_unboxed(jl_value_t *t, LLVMValueRef v);
jval_t jl_cg_boxedval(jl_value_t *t, LLVMValueRef v);
jval_t jl_cg_ghost(jl_value_t *t);
LLVMValueRef jl_cg_args_array(jl_cg_ctx_t *c, jval_t *args, size_t n); /* alloca'd jl_value_t *[n] */
LLVMValueRef jl_cg_typeof(jl_cg_ctx_t *c, LLVMValueRef boxed);
LLVMValueRef jl_cg_i1_to_bool(jl_cg_ctx_t *c, LLVMValueRef i1);
int jl_cg_emit_function(jl_cg_batch_t *B, jl_cg_func_t *fn, char *reason, size_t rsz);
/* declare fn's recursion copies when it is small, calls itself and keeps no backtrace frame */
void jl_cg_declare_recursion_copies(jl_cg_batch_t *B, jl_cg_func_t *fn);
/* decide which functions of the batch need a backtrace frame (fixpoint over batch invokes) */
void jl_cg_mark_frames(jl_cg_batch_t *B);
LLVMTypeRef jl_cg_spec_type(jl_cg_batch_t *B, jl_cg_func_t *fn); /* NULL: cannot be compiled */
jl_value_t *jl_cg_spec_rettype(jl_code_instance_t *ci);

/* ---- llvm_compile.c: mi's code as a module of its own, for code_llvm / code_native (never linked) */
LLVMModuleRef jl_llvmjit_reflect_module(jl_method_instance_t *mi, jl_code_instance_t *ci, int optimize,
                                        jl_cg_func_t *fn, char **err);

/* ---- llvm_builtins.c: a call of a builtin or intrinsic `f`; returns 0 when it has no inline
   emission for these argument representations (the caller then calls its C entry point) */
int jl_cg_emit_builtin(jl_cg_ctx_t *c, jl_value_t *f, jval_t *args, size_t nargs, jl_value_t *rt, jval_t *out);

#endif
