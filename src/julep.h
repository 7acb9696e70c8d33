/*
 * julep.h -- the public C API of julep: the object model and what an embedder may call.
 *
 * Object layout (decided once, DESIGN.md §3):
 *   Every value is a `jl_value_t *` that points at the first byte of the object's data. The word just
 *   before it is the header: the value's type (`jl_datatype_t *`) with the low 3 bits reserved for flags.
 *   `jl_typeof(v)` is one load and a mask. Field offset 0 is the first field, so a struct's layout in
 *   memory is exactly its `jl_datatype_layout_t`, which compiled code relies on.
 *
 * Invariants:
 *   - Objects are allocated by gc/ (Boehm). Pointer-free objects (isbits values, strings) are atomic
 *     allocations and are never scanned; everything else is scanned conservatively.
 *   - Symbols are interned and never freed; compare them with `==`.
 *   - `jl_nothing`, `jl_true`, `jl_false`, `jl_emptysvec` and `jl_emptytuple` are unique singletons.
 */
#ifndef JULEP_H
#define JULEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <setjmp.h>

#ifdef __cplusplus
extern "C" {
#endif

#define JL_DLLEXPORT __attribute__((visibility("default")))
#define JL_NORETURN __attribute__((noreturn))

#define JULEP_VERSION_STRING "0.1.0"
#define JULEP_VERSION_MAJOR 0
#define JULEP_VERSION_MINOR 1
#define JULEP_VERSION_PATCH 0

/* ---------------------------------------------------------------- values and the header word */

typedef struct _jl_value_t jl_value_t;

typedef struct {
    uintptr_t header; /* jl_datatype_t * | flag bits (JL_GC_FLAG_*) */
} jl_taggedvalue_t;

#define JL_HEADER_FLAG_MASK ((uintptr_t)7) /* data pointers are 8-aligned (header word at -8) */
#define JL_HEADER_INIMAGE ((uintptr_t)1) /* object lives in a mapped image region */

#define jl_astaggedvalue(v) ((jl_taggedvalue_t *)((char *)(v) - sizeof(jl_taggedvalue_t)))
#define jl_valueof(t) ((jl_value_t *)((char *)(t) + sizeof(jl_taggedvalue_t)))
#define jl_typeof(v) ((jl_value_t *)(jl_astaggedvalue(v)->header & ~JL_HEADER_FLAG_MASK))
#define jl_set_typeof(v, t) (jl_astaggedvalue(v)->header = (uintptr_t)(t))
#define jl_typeis(v, t) (jl_typeof(v) == (jl_value_t *)(t))

/* ---------------------------------------------------------------- core object structs */

typedef struct _jl_sym_t {
    uintptr_t hash;
    size_t length;    /* bytes of the name, without the NUL */
    /* char name[length + 1] follows */
} jl_sym_t;
#define jl_symbol_name(s) ((char *)((jl_sym_t *)(s) + 1))

typedef struct {
    size_t length;
    /* jl_value_t *data[length] follows */
} jl_svec_t;
#define jl_svec_data(t) ((jl_value_t **)((char *)(t) + sizeof(jl_svec_t)))
#define jl_svec_len(t) (((jl_svec_t *)(t))->length)
#define jl_svecref(t, i) (jl_svec_data(t)[i])
#define jl_svecset(t, i, x) (jl_svec_data(t)[i] = (jl_value_t *)(x))

/* String: length in bytes, then the bytes and a NUL terminator. Immutable once visible. */
typedef struct {
    size_t length;
    /* char data[length + 1] follows */
} jl_string_t;
#define jl_string_len(s) (((jl_string_t *)(s))->length)
#define jl_string_data(s) ((char *)(s) + sizeof(jl_string_t))

typedef struct _jl_module_t jl_module_t;
typedef struct _jl_datatype_t jl_datatype_t;
typedef struct _jl_methtable_t jl_methtable_t;

/* One field of a struct's layout. */
typedef struct {
    uint32_t offset; /* from the start of the object's data */
    uint32_t size;   /* bytes taken inline (8 for a pointer field) */
    uint8_t isptr;   /* the field holds a jl_value_t * (boxed or reference) */
    uint8_t pad[3];
} jl_fielddesc_t;

/* The memory layout of a concrete type's instances; computed once, shared by all users. */
typedef struct {
    uint32_t size;      /* bytes of data, excluding the header word */
    uint32_t nfields;
    uint16_t alignment;
    uint16_t npointers; /* number of pointer fields */
    uint8_t pointerfree;/* no pointer anywhere inside: allocate atomically, store inline */
    uint8_t haspadding;
    uint8_t pad[2];
    jl_fielddesc_t fields[]; /* nfields entries */
} jl_datatype_layout_t;

typedef struct {
    jl_sym_t *name;
    jl_module_t *module;
    jl_svec_t *names;          /* field names (Symbols) */
    jl_value_t *wrapper;       /* the type with all parameters free (a UnionAll), or the type itself */
    jl_svec_t *cache;          /* instantiations already made (owned by the type system) */
    jl_methtable_t *mt;        /* method table of constructors / the function, if any */
    uintptr_t hash;
    int32_t n_uninitialized;
    uint8_t abstract;
    uint8_t mutabl;
    uint8_t pad[2];
} jl_typename_t;

struct _jl_datatype_t {
    jl_typename_t *name;
    jl_datatype_t *super;
    jl_svec_t *parameters;          /* type parameters */
    jl_svec_t *types;               /* field types; NULL until the layout is computed */
    jl_value_t *instance;           /* the singleton instance, if the type has exactly one value */
    const jl_datatype_layout_t *layout;
    uintptr_t hash;
    uint8_t isconcretetype;         /* can have instances */
    uint8_t isprimitivetype;        /* bits with no fields (Int64, Float64, ...) */
    uint8_t isbitstype;             /* immutable, pointer-free, concrete: stored inline */
    uint8_t hasfreetypevars;
    uint8_t zeroinit;               /* a fresh all-zero instance is valid */
    uint8_t pad[3];
};

typedef struct {
    jl_sym_t *name;
    jl_value_t *lb;  /* lower bound */
    jl_value_t *ub;  /* upper bound */
} jl_tvar_t;

typedef struct {
    jl_tvar_t *var;
    jl_value_t *body;
} jl_unionall_t;

typedef struct {
    jl_value_t *a;
    jl_value_t *b;
} jl_uniontype_t;

typedef struct {
    jl_value_t *T;   /* element type of Vararg{T, N} */
    jl_value_t *N;   /* NULL when unbounded */
} jl_vararg_t;

/* Arrays. The data is inline after the dims for small arrays, or a separate buffer. Elements of an
   isbits type are stored inline (elsize bytes each); otherwise they are jl_value_t * (NULL = #undef). */
typedef struct {
    void *data;
    size_t length;
    uint16_t elsize;
    uint16_t flags;      /* JL_ARRAY_* below */
    uint32_t ndims;
    size_t offset;       /* elements removed at the front (pushfirst!/popfirst! space) */
    size_t maxsize;      /* capacity of the buffer in elements (1-d growth) */
    jl_value_t *owner;   /* the array or string whose memory this array shares, or NULL */
    size_t dims[];       /* ndims entries; dims[0] == length for a vector */
} jl_array_t;
#define JL_ARRAY_PTRARRAY 1  /* elements are pointers */
#define JL_ARRAY_ISSHARED 2  /* memory is shared with another object: no resize */
#define JL_ARRAY_HASPTR 4    /* inline elements contain pointers (not pointer-free) */
#define jl_array_len(a) (((jl_array_t *)(a))->length)
#define jl_array_data(a) (((jl_array_t *)(a))->data)
#define jl_array_ptr_data(a) ((jl_value_t **)((jl_array_t *)(a))->data)
#define jl_array_ptr_ref(a, i) (jl_array_ptr_data(a)[i])
#define jl_array_ptr_set(a, i, x) (jl_array_ptr_data(a)[i] = (jl_value_t *)(x))

typedef struct {
    jl_sym_t *head;
    jl_array_t *args;  /* Vector{Any} */
} jl_expr_t;
#define jl_exprarg(e, n) jl_array_ptr_ref(((jl_expr_t *)(e))->args, n)
#define jl_exprargset(e, n, v) jl_array_ptr_set(((jl_expr_t *)(e))->args, n, v)
#define jl_expr_nargs(e) jl_array_len(((jl_expr_t *)(e))->args)

/* Small AST and IR nodes, laid out as Julia's Core defines them. */
typedef struct { intptr_t line; jl_value_t *file; } jl_linenumbernode_t; /* file: Symbol or nothing */
typedef struct { jl_value_t *value; } jl_quotenode_t;
typedef struct { jl_module_t *mod; jl_sym_t *name; jl_value_t *binding; } jl_globalref_t;

/* A global binding in a module. */
typedef struct _jl_binding_t {
    jl_sym_t *name;
    jl_value_t *value;        /* NULL when undefined */
    jl_module_t *owner;       /* module that defines it (differs from the holder for `using`) */
    jl_value_t *ty;           /* declared type of a typed global; jl_any_type otherwise */
    jl_globalref_t *globalref;
    uint8_t constp;
    uint8_t exportp;
    uint8_t imported;         /* came in through `import`, may be extended */
    uint8_t deprecated;
} jl_binding_t;

struct _jl_module_t {
    jl_sym_t *name;
    jl_module_t *parent;
    /* open-addressing table of bindings, keyed by symbol pointer */
    jl_binding_t **bindings;
    size_t bindings_size;     /* power of two */
    size_t bindings_count;
    jl_array_t *usings;       /* Vector{Any} of modules brought in with `using` */
    uint64_t build_id;
    uint8_t istopmod;
    uint8_t infer;
    uint8_t pad[6];
};

/* Exception handler frame: one per active `try`, chained on the task (DESIGN.md §5). */
typedef struct _jl_handler_t {
    sigjmp_buf eh_ctx;
    struct _jl_handler_t *prev;
    size_t gc_inhibit;        /* task's finalizer inhibit count when the try was entered */
    size_t excstack_state;    /* length of the task's exception stack when the try was entered */
    void *interp_frame;       /* task's innermost interpreter frame when the try was entered */
} jl_handler_t;

/* A task: the root task describes the main thread's own stack. */
typedef struct _jl_task_t {
    jl_value_t *next;          /* scheduler queue link */
    jl_value_t *result;
    jl_value_t *exception;     /* exception being thrown / caught (NULL when none) */
    jl_value_t *backtrace;
    jl_value_t *tls;           /* task_local_storage, or nothing */
    jl_value_t *start;         /* function to run, nothing for the root task */
    jl_handler_t *eh;          /* innermost exception handler */
    jl_value_t *excstack;      /* Vector{Any}: (exception, backtrace) pairs being handled, innermost last;
                                  NULL until the first throw (stackwalk.c) */
    void *interp_frame;        /* innermost interpreter frame (interpreter.c), for backtraces */
    void *stack_base;          /* highest address of the task's stack (it grows down) */
    size_t stack_size;
    size_t finalizers_inhibited; /* finalizers run at a safe point only when this is 0 */
    uint8_t in_compiler;       /* set while codegen or the loader runs on this task */
    uint8_t state;             /* JL_TASK_RUNNABLE, _DONE, _FAILED */
    uint8_t pad[6];
} jl_task_t;
#define JL_TASK_RUNNABLE 0
#define JL_TASK_DONE 1
#define JL_TASK_FAILED 2

/* ---------------------------------------------------------------- functions, methods, lowered code
   These mirror Julia 1.10's Core types (same field names and order where Julia has them), so reflection
   (`m.sig`, `ci.code`, `code_lowered`) reads the same. Calling convention (the "generic ABI"): every
   callable entry point is `jl_value_t *f(jl_value_t *F, jl_value_t **args, uint32_t nargs)` where F is the
   function object and args excludes it. */

typedef jl_value_t *(*jl_fptr_args_t)(jl_value_t *F, jl_value_t **args, uint32_t nargs);
struct _jl_code_instance_t;
typedef jl_value_t *(*jl_callptr_t)(jl_value_t *F, jl_value_t **args, uint32_t nargs,
                                    struct _jl_code_instance_t *ci);

/* A builtin function object (instance of `typeof(Core.getfield)` & co, all <: Core.Builtin) and an
   intrinsic (instance of Core.IntrinsicFunction <: Core.Builtin): one C entry point, no methods. */
typedef struct {
    jl_fptr_args_t fptr;
} jl_builtin_fn_t;

/* IR nodes of lowered code (Core.SSAValue & co). */
typedef struct { intptr_t id; } jl_ssavalue_t;         /* %id: result of statement id (1-based) */
typedef struct { intptr_t id; } jl_slotnumber_t;       /* _id: local variable slot (1-based; 1 = #self#) */
typedef struct { intptr_t n; } jl_argument_t;          /* Core.Argument: argument n in IRCode */
typedef struct { intptr_t label; } jl_gotonode_t;      /* goto statement `label` */
typedef struct { jl_value_t *cond; intptr_t dest; } jl_gotoifnot_t;
typedef struct { jl_value_t *val; } jl_returnnode_t;   /* val == NULL: unreachable */
typedef struct { jl_value_t *slot; } jl_newvarnode_t;  /* slot becomes undefined (loop-fresh locals) */
typedef struct { jl_array_t *edges; jl_array_t *values; } jl_phinode_t;   /* Vector{Int32}, Vector{Any} */
typedef struct { jl_value_t *val; jl_value_t *typ; } jl_pinode_t;
typedef struct { jl_value_t *val; } jl_upsilonnode_t;
typedef struct { jl_array_t *values; } jl_phicnode_t;
typedef struct {
    jl_module_t *module;
    jl_value_t *method;   /* Symbol or Method */
    jl_sym_t *file;
    int32_t line;
    int32_t inlined_at;
} jl_lineinfonode_t;

/* Lowered (and later inferred) code of one method body or top-level thunk: Core.CodeInfo. */
typedef struct {
    jl_array_t *code;            /* Vector{Any}: statements */
    jl_array_t *codelocs;        /* Vector{Int32}: per statement, index into linetable (0 = none) */
    jl_value_t *ssavaluetypes;   /* Int (count) when lowered; Vector{Any} after inference */
    jl_array_t *ssaflags;        /* Vector{UInt32} */
    jl_value_t *method_for_inference_limit_heuristics;
    jl_value_t *linetable;       /* Vector{Any} of LineInfoNode */
    jl_array_t *slotnames;       /* Vector{Symbol} */
    jl_array_t *slotflags;       /* Vector{UInt8}: JL_SLOT_* bits */
    jl_value_t *slottypes;       /* nothing, or Vector{Any} after inference */
    jl_value_t *rettype;
    jl_value_t *parent;          /* the MethodInstance, or nothing */
    jl_value_t *edges;
    uint64_t min_world;
    uint64_t max_world;
    uint8_t inferred;
    uint8_t propagate_inbounds;
    uint8_t has_fcall;
    uint8_t nospecializeinfer;
    uint8_t inlining;            /* 0 default, 1 @inline, 2 @noinline */
    uint8_t constprop;
    uint16_t purity;
    uint16_t inlining_cost;
    uint8_t pad[6];
} jl_code_info_t;
/* slotflags bits, as Julia's */
#define JL_SLOT_ASSIGNED 2
#define JL_SLOT_CAPTURED 4      /* captured by a closure */
#define JL_SLOT_ASSIGNEDONCE 16
#define JL_SLOT_USEDUNDEF 32

typedef struct _jl_method_t {
    jl_sym_t *name;
    jl_module_t *module;
    jl_sym_t *file;
    int32_t line;
    int32_t nargs;               /* including #self# */
    uint64_t primary_world;
    uint64_t deleted_world;
    jl_value_t *sig;             /* Tuple{typeof(f), argtypes...}, wrapped in UnionAlls for `where` */
    jl_value_t *specializations; /* MethodInstances, owned by dispatch (gf.c) */
    jl_value_t *slot_syms;       /* String: slot names separated by NUL, as Julia stores them */
    jl_value_t *external_mt;
    jl_value_t *source;          /* CodeInfo of the body */
    jl_value_t *unspecialized;
    jl_value_t *generator;       /* @generated: the generator function, else nothing */
    jl_array_t *roots;           /* objects referenced from compiled code */
    jl_value_t *invokes;
    jl_value_t *recursion_relation;
    uint32_t nkw;                /* number of keyword arguments (kwcall method bodies) */
    uint32_t nospecialize;       /* bit i: argument i is @nospecialize */
    uint8_t isva;                /* last argument is a vararg */
    uint8_t is_for_opaque_closure;
    uint8_t constprop;
    uint8_t pure;
    uint16_t purity;
    uint8_t pad[2];
} jl_method_t;

typedef struct _jl_method_instance_t {
    jl_value_t *def;             /* Method, or Module for a top-level thunk */
    jl_value_t *specTypes;       /* the concrete signature this instance is for */
    jl_svec_t *sparam_vals;      /* values of the method's static parameters */
    jl_value_t *uninferred;      /* CodeInfo for thunks and generated functions */
    jl_array_t *backedges;       /* MethodInstances whose compiled code depends on this one */
    struct _jl_code_instance_t *cache; /* linked list of CodeInstances (one per world range) */
    uint8_t inInference;
    uint8_t precompiled;
    uint8_t pad[6];
} jl_method_instance_t;

typedef struct _jl_code_instance_t {
    jl_method_instance_t *def;
    struct _jl_code_instance_t *next;
    uint64_t min_world;
    uint64_t max_world;
    jl_value_t *rettype;
    jl_value_t *rettype_const;   /* the constant result, when inference proved one */
    jl_value_t *inferred;        /* inferred CodeInfo, or nothing */
    uint32_t ipo_purity_bits;
    uint32_t purity_bits;
    jl_callptr_t invoke;         /* generic ABI entry; NULL until compiled or chosen for interpretation */
    void *specptr;               /* specialized (unboxed) ABI entry, or the fptr for invoke wrappers */
    uint8_t isspecsig;
    uint8_t precompile;
    uint8_t relocatability;
    uint8_t pad[5];
} jl_code_instance_t;

/* A function's method table. The fields after `name` belong to dispatch (src/gf.c). */
struct _jl_methtable_t {
    jl_sym_t *name;
    jl_array_t *defs;            /* Vector{Any} of Method */
    jl_value_t *leafcache;       /* dispatch cache: concrete argument types -> MethodInstance */
    jl_value_t *cache;
    intptr_t max_args;
    jl_module_t *module;
    jl_array_t *backedges;
    uint8_t offs;
    uint8_t frozen;
    uint8_t pad[6];
};

typedef struct { jl_value_t *contents; } jl_box_t;     /* Core.Box: a captured, reassigned variable */

/* ---------------------------------------------------------------- builtin types and singletons */

#define JL_EXTERN extern JL_DLLEXPORT

JL_EXTERN jl_datatype_t *jl_datatype_type, *jl_typename_type, *jl_symbol_type, *jl_simplevector_type;
JL_EXTERN jl_datatype_t *jl_any_type, *jl_type_type, *jl_typeofbottom_type, *jl_uniontype_type;
JL_EXTERN jl_datatype_t *jl_unionall_type, *jl_tvar_type, *jl_vararg_type;
JL_EXTERN jl_datatype_t *jl_nothing_type, *jl_bool_type, *jl_char_type, *jl_string_type;
JL_EXTERN jl_datatype_t *jl_int8_type, *jl_uint8_type, *jl_int16_type, *jl_uint16_type;
JL_EXTERN jl_datatype_t *jl_int32_type, *jl_uint32_type, *jl_int64_type, *jl_uint64_type;
JL_EXTERN jl_datatype_t *jl_int128_type, *jl_uint128_type;
JL_EXTERN jl_datatype_t *jl_float16_type, *jl_float32_type, *jl_float64_type;
JL_EXTERN jl_datatype_t *jl_number_type, *jl_real_type, *jl_integer_type, *jl_signed_type;
JL_EXTERN jl_datatype_t *jl_unsigned_type, *jl_abstractfloat_type, *jl_abstractstring_type;
JL_EXTERN jl_datatype_t *jl_function_type, *jl_builtin_type, *jl_exception_type;
JL_EXTERN jl_datatype_t *jl_module_type, *jl_task_type, *jl_expr_type;
JL_EXTERN jl_datatype_t *jl_linenumbernode_type, *jl_quotenode_type, *jl_globalref_type;
JL_EXTERN jl_datatype_t *jl_binding_type;
JL_EXTERN jl_datatype_t *jl_anytuple_type, *jl_emptytuple_type;
JL_EXTERN jl_datatype_t *jl_array_any_type; /* Vector{Any} */
JL_EXTERN jl_datatype_t *jl_array_uint8_type; /* Vector{UInt8} */
JL_EXTERN jl_datatype_t *jl_errorexception_type, *jl_argumenterror_type, *jl_boundserror_type;
JL_EXTERN jl_datatype_t *jl_typeerror_type, *jl_undefvarerror_type, *jl_outofmemoryerror_type;
JL_EXTERN jl_datatype_t *jl_stackovf_exception_type;
JL_EXTERN jl_datatype_t *jl_ssavalue_type, *jl_slotnumber_type, *jl_argument_type, *jl_gotonode_type;
JL_EXTERN jl_datatype_t *jl_gotoifnot_type, *jl_returnnode_type, *jl_newvarnode_type, *jl_phinode_type;
JL_EXTERN jl_datatype_t *jl_pinode_type, *jl_upsilonnode_type, *jl_phicnode_type, *jl_lineinfonode_type;
JL_EXTERN jl_datatype_t *jl_code_info_type, *jl_method_type, *jl_method_instance_type;
JL_EXTERN jl_datatype_t *jl_code_instance_type, *jl_methtable_type, *jl_intrinsic_type, *jl_box_type;
JL_EXTERN jl_datatype_t *jl_namedtuple_type_body;   /* NamedTuple{names, T<:Tuple} */
JL_EXTERN jl_value_t *jl_namedtuple_type;           /* the UnionAll */
JL_EXTERN jl_typename_t *jl_namedtuple_typename;
JL_EXTERN jl_datatype_t *jl_array_symbol_type, *jl_array_int32_type, *jl_array_uint32_type;
JL_EXTERN jl_typename_t *jl_tuple_typename, *jl_array_typename;
JL_EXTERN jl_value_t *jl_array_type;        /* the UnionAll Array{T,N} */
JL_EXTERN jl_value_t *jl_bottom_type;       /* Union{} */

JL_EXTERN jl_value_t *jl_nothing, *jl_true, *jl_false;
JL_EXTERN jl_svec_t *jl_emptysvec;
JL_EXTERN jl_value_t *jl_emptytuple;
JL_EXTERN jl_module_t *jl_core_module, *jl_base_module, *jl_main_module;

/* ---------------------------------------------------------------- type predicates */

#define jl_is_nothing(v) ((jl_value_t *)(v) == jl_nothing)
#define jl_is_bool(v) jl_typeis(v, jl_bool_type)
#define jl_is_symbol(v) jl_typeis(v, jl_symbol_type)
#define jl_is_string(v) jl_typeis(v, jl_string_type)
#define jl_is_svec(v) jl_typeis(v, jl_simplevector_type)
#define jl_is_datatype(v) jl_typeis(v, jl_datatype_type)
#define jl_is_typename(v) jl_typeis(v, jl_typename_type)
#define jl_is_module(v) jl_typeis(v, jl_module_type)
#define jl_is_expr(v) jl_typeis(v, jl_expr_type)
#define jl_is_int64(v) jl_typeis(v, jl_int64_type)
#define jl_is_float64(v) jl_typeis(v, jl_float64_type)
#define jl_is_char(v) jl_typeis(v, jl_char_type)
#define jl_is_linenode(v) jl_typeis(v, jl_linenumbernode_type)
#define jl_is_quotenode(v) jl_typeis(v, jl_quotenode_type)
#define jl_is_globalref(v) jl_typeis(v, jl_globalref_type)
#define jl_is_tvar(v) jl_typeis(v, jl_tvar_type)
#define jl_is_unionall(v) jl_typeis(v, jl_unionall_type)
#define jl_is_uniontype(v) jl_typeis(v, jl_uniontype_type)
#define jl_is_task(v) jl_typeis(v, jl_task_type)
#define jl_is_ssavalue(v) jl_typeis(v, jl_ssavalue_type)
#define jl_is_slotnumber(v) jl_typeis(v, jl_slotnumber_type)
#define jl_is_gotonode(v) jl_typeis(v, jl_gotonode_type)
#define jl_is_gotoifnot(v) jl_typeis(v, jl_gotoifnot_type)
#define jl_is_returnnode(v) jl_typeis(v, jl_returnnode_type)
#define jl_is_newvarnode(v) jl_typeis(v, jl_newvarnode_type)
#define jl_is_code_info(v) jl_typeis(v, jl_code_info_type)
#define jl_is_method(v) jl_typeis(v, jl_method_type)
#define jl_is_method_instance(v) jl_typeis(v, jl_method_instance_type)
#define jl_is_code_instance(v) jl_typeis(v, jl_code_instance_type)
#define jl_is_mtable(v) jl_typeis(v, jl_methtable_type)
JL_DLLEXPORT int jl_is_array(jl_value_t *v);
JL_DLLEXPORT int jl_is_tuple(jl_value_t *v);
JL_DLLEXPORT int jl_is_tuple_type(jl_value_t *t);
#define jl_is_mutable(t) (((jl_datatype_t *)(t))->name->mutabl)
#define jl_is_abstracttype(t) (jl_is_datatype(t) && ((jl_datatype_t *)(t))->name->abstract)
#define jl_datatype_size(t) (((jl_datatype_t *)(t))->layout->size)
#define jl_datatype_nfields(t) (((jl_datatype_t *)(t))->layout->nfields)

/* ---------------------------------------------------------------- constructors and accessors */

JL_DLLEXPORT jl_sym_t *jl_symbol(const char *name);
JL_DLLEXPORT jl_sym_t *jl_symbol_n(const char *name, size_t len);
JL_DLLEXPORT jl_sym_t *jl_symbol_lookup(const char *name); /* NULL if never interned */
JL_DLLEXPORT jl_sym_t *jl_gensym(void);
JL_DLLEXPORT jl_sym_t *jl_tagged_gensym(const char *name, size_t len);

JL_DLLEXPORT jl_value_t *jl_pchar_to_string(const char *str, size_t len);
JL_DLLEXPORT jl_value_t *jl_cstr_to_string(const char *str);
JL_DLLEXPORT jl_value_t *jl_alloc_string(size_t len); /* uninitialized bytes, NUL-terminated */

JL_DLLEXPORT jl_svec_t *jl_alloc_svec(size_t n);          /* filled with NULL */
JL_DLLEXPORT jl_svec_t *jl_svec(size_t n, ...);
JL_DLLEXPORT jl_svec_t *jl_svec1(void *a);
JL_DLLEXPORT jl_svec_t *jl_svec2(void *a, void *b);

JL_DLLEXPORT jl_value_t *jl_box_int8(int8_t x);
JL_DLLEXPORT jl_value_t *jl_box_uint8(uint8_t x);
JL_DLLEXPORT jl_value_t *jl_box_int16(int16_t x);
JL_DLLEXPORT jl_value_t *jl_box_uint16(uint16_t x);
JL_DLLEXPORT jl_value_t *jl_box_int32(int32_t x);
JL_DLLEXPORT jl_value_t *jl_box_uint32(uint32_t x);
JL_DLLEXPORT jl_value_t *jl_box_int64(int64_t x);
JL_DLLEXPORT jl_value_t *jl_box_uint64(uint64_t x);
JL_DLLEXPORT jl_value_t *jl_box_float32(float x);
JL_DLLEXPORT jl_value_t *jl_box_float64(double x);
JL_DLLEXPORT jl_value_t *jl_box_bool(int8_t x);
JL_DLLEXPORT jl_value_t *jl_box_char(uint32_t x);   /* Julia's Char encoding: UTF-8 bytes, left aligned */
JL_DLLEXPORT jl_value_t *jl_box_voidpointer(void *x);
JL_DLLEXPORT int64_t jl_unbox_int64(jl_value_t *v);
JL_DLLEXPORT int32_t jl_unbox_int32(jl_value_t *v);
JL_DLLEXPORT uint64_t jl_unbox_uint64(jl_value_t *v);
JL_DLLEXPORT uint32_t jl_unbox_uint32(jl_value_t *v);
JL_DLLEXPORT uint8_t jl_unbox_uint8(jl_value_t *v);
JL_DLLEXPORT double jl_unbox_float64(jl_value_t *v);
JL_DLLEXPORT float jl_unbox_float32(jl_value_t *v);
JL_DLLEXPORT int8_t jl_unbox_bool(jl_value_t *v);
JL_DLLEXPORT uint32_t jl_unbox_char(jl_value_t *v);
JL_DLLEXPORT uint32_t jl_char_from_codepoint(uint32_t c); /* codepoint -> Char bits */
JL_DLLEXPORT uint32_t jl_char_to_codepoint(uint32_t ch);  /* Char bits -> codepoint (invalid -> 0xFFFD) */
#define JL_SMALLINT_MIN (-512)
#define JL_SMALLINT_MAX 1023

JL_DLLEXPORT jl_value_t *jl_new_bits(jl_value_t *bt, const void *data); /* box raw bits of a bits type */
JL_DLLEXPORT jl_value_t *jl_new_struct_uninit(jl_datatype_t *type);
JL_DLLEXPORT jl_value_t *jl_new_structv(jl_datatype_t *type, jl_value_t **args, uint32_t na);
JL_DLLEXPORT jl_value_t *jl_new_struct(jl_datatype_t *type, ...);
JL_DLLEXPORT jl_value_t *jl_get_nth_field(jl_value_t *v, size_t i);
JL_DLLEXPORT void jl_set_nth_field(jl_value_t *v, size_t i, jl_value_t *rhs);
JL_DLLEXPORT int jl_field_isdefined(jl_value_t *v, size_t i);
JL_DLLEXPORT int jl_field_index(jl_datatype_t *t, jl_sym_t *fld, int err);
JL_DLLEXPORT jl_svec_t *jl_field_names(jl_datatype_t *t);

JL_DLLEXPORT jl_value_t *jl_tuple(size_t n, ...);
JL_DLLEXPORT jl_value_t *jl_tuplev(size_t n, jl_value_t **v);
JL_DLLEXPORT jl_datatype_t *jl_apply_tuple_type(jl_svec_t *params);
JL_DLLEXPORT jl_datatype_t *jl_apply_tuple_type_v(jl_value_t **p, size_t np);

JL_DLLEXPORT jl_value_t *jl_apply_array_type(jl_value_t *eltype, size_t ndims);
JL_DLLEXPORT jl_array_t *jl_alloc_array_1d(jl_value_t *atype, size_t n);
JL_DLLEXPORT jl_array_t *jl_alloc_vec_any(size_t n);
/* Array{T,N} for N = ndims (0-d arrays hold one element); elements zeroed, or #undef if boxed */
JL_DLLEXPORT jl_array_t *jl_alloc_array_nd(jl_value_t *atype, size_t ndims, const size_t *dims);
JL_DLLEXPORT jl_array_t *jl_new_array(jl_value_t *atype, jl_value_t *dims); /* dims: tuple of Ints */
JL_DLLEXPORT jl_array_t *jl_alloc_array_2d(jl_value_t *atype, size_t nr, size_t nc);
JL_DLLEXPORT jl_array_t *jl_alloc_array_3d(jl_value_t *atype, size_t n1, size_t n2, size_t n3);
JL_DLLEXPORT jl_array_t *jl_reshape_array(jl_value_t *atype, jl_array_t *data, jl_value_t *dims);
JL_DLLEXPORT jl_value_t *jl_arrayref(jl_array_t *a, size_t i);      /* boxes isbits elements */
JL_DLLEXPORT void jl_arrayset(jl_array_t *a, jl_value_t *v, size_t i);
JL_DLLEXPORT void jl_array_grow_end(jl_array_t *a, size_t inc);
JL_DLLEXPORT void jl_array_del_end(jl_array_t *a, size_t dec);
JL_DLLEXPORT void jl_array_grow_beg(jl_array_t *a, size_t inc);
JL_DLLEXPORT void jl_array_del_beg(jl_array_t *a, size_t dec);
JL_DLLEXPORT void jl_array_ptr_1d_push(jl_array_t *a, jl_value_t *item);

JL_DLLEXPORT jl_expr_t *jl_exprn(jl_sym_t *head, size_t n);
JL_DLLEXPORT jl_expr_t *jl_expr(jl_sym_t *head, size_t n, ...);
JL_DLLEXPORT jl_value_t *jl_new_linenumbernode(intptr_t line, jl_value_t *file);
JL_DLLEXPORT jl_value_t *jl_new_quotenode(jl_value_t *v);

/* ---------------------------------------------------------------- types */

JL_DLLEXPORT jl_datatype_t *jl_new_abstracttype(jl_sym_t *name, jl_module_t *module,
                                               jl_datatype_t *super, jl_svec_t *params);
JL_DLLEXPORT jl_datatype_t *jl_new_primitivetype(jl_sym_t *name, jl_module_t *module,
                                                jl_datatype_t *super, jl_svec_t *params, size_t nbits);
JL_DLLEXPORT jl_datatype_t *jl_new_datatype(jl_sym_t *name, jl_module_t *module, jl_datatype_t *super,
                                           jl_svec_t *params, jl_svec_t *fnames, jl_svec_t *ftypes,
                                           int abstract, int mutabl, int ninitialized);
JL_DLLEXPORT void jl_compute_field_offsets(jl_datatype_t *st);
JL_DLLEXPORT jl_tvar_t *jl_new_typevar(jl_sym_t *name, jl_value_t *lb, jl_value_t *ub);
JL_DLLEXPORT jl_value_t *jl_type_union(jl_value_t **ts, size_t n);
JL_DLLEXPORT jl_value_t *jl_type_unionall(jl_tvar_t *v, jl_value_t *body);
JL_DLLEXPORT int jl_subtype(jl_value_t *a, jl_value_t *b);
JL_DLLEXPORT int jl_isa(jl_value_t *v, jl_value_t *t);
JL_DLLEXPORT int jl_egal(jl_value_t *a, jl_value_t *b);
JL_DLLEXPORT const char *jl_typename_str(jl_value_t *v); /* name of v's type, for messages */

/* ---------------------------------------------------------------- modules */

JL_DLLEXPORT jl_module_t *jl_new_module(jl_sym_t *name, jl_module_t *parent);
JL_DLLEXPORT jl_binding_t *jl_get_binding(jl_module_t *m, jl_sym_t *var);    /* follows usings */
JL_DLLEXPORT jl_value_t *jl_get_module_of_binding(jl_module_t *m, jl_sym_t *var); /* owner, or nothing */
JL_DLLEXPORT jl_binding_t *jl_get_binding_wr(jl_module_t *m, jl_sym_t *var); /* creates in m */
JL_DLLEXPORT jl_binding_t *jl_get_module_binding(jl_module_t *m, jl_sym_t *var); /* no resolving */
JL_DLLEXPORT jl_value_t *jl_get_global(jl_module_t *m, jl_sym_t *var);
JL_DLLEXPORT void jl_set_global(jl_module_t *m, jl_sym_t *var, jl_value_t *val);
JL_DLLEXPORT void jl_set_const(jl_module_t *m, jl_sym_t *var, jl_value_t *val);
JL_DLLEXPORT int jl_boundp(jl_module_t *m, jl_sym_t *var);
JL_DLLEXPORT void jl_module_using(jl_module_t *to, jl_module_t *from);

/* ---------------------------------------------------------------- exceptions */

JL_DLLEXPORT JL_NORETURN void jl_throw(jl_value_t *e);
JL_DLLEXPORT JL_NORETURN void jl_rethrow(void);
JL_DLLEXPORT JL_NORETURN void jl_error(const char *msg);
JL_DLLEXPORT JL_NORETURN void jl_errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
JL_DLLEXPORT JL_NORETURN void jl_argument_error(const char *msg);
JL_DLLEXPORT JL_NORETURN void jl_type_error(const char *fname, jl_value_t *expected, jl_value_t *got);
JL_DLLEXPORT JL_NORETURN void jl_bounds_error_int(jl_value_t *v, size_t i);
JL_DLLEXPORT JL_NORETURN void jl_undefined_var_error(jl_sym_t *var);
JL_DLLEXPORT jl_value_t *jl_current_exception(void);
JL_DLLEXPORT void jl_enter_handler(jl_handler_t *eh);
JL_DLLEXPORT void jl_pop_handler(int n);

/* JL_TRY { ... } JL_CATCH { ... jl_current_exception() ... }
   Do not `return`/`break`/`goto` out of the try block: the handler is popped on the normal path by
   the inner for-loop. A throw longjmps to the handler; the catch block starts by restoring the task's
   state (handler chain, finalizer inhibit count). Locals modified in the try block and read in the
   catch block must be `volatile`. */
#define JL_TRY                                                                         \
    for (jl_handler_t __eh, *__ehp = (jl_enter_handler(&__eh), &__eh); __ehp; __ehp = NULL) \
        if (!sigsetjmp(__eh.eh_ctx, 0))                                                \
            for (int i__tr = 1; i__tr; i__tr = 0, jl_pop_handler(1))
#define JL_CATCH                                                                       \
        else                                                                           \
            for (int i__ca = (jl_eh_restore_state(&__eh), 1); i__ca;                   \
                 i__ca = 0, jl_restore_excstack(__eh.excstack_state))
JL_DLLEXPORT void jl_eh_restore_state(jl_handler_t *eh);
/* The exception stack (Julia's `current_exceptions()`): jl_throw pushes (exception, backtrace); the end
   of a catch block pops back to the state at its `try`. jl_current_exception() is its top, or the last
   exception thrown when it is empty (so a C caller can still read it just after JL_CATCH). */
JL_DLLEXPORT void jl_restore_excstack(size_t state);
JL_DLLEXPORT size_t jl_excstack_state(void);
JL_DLLEXPORT JL_NORETURN void jl_rethrow_other(jl_value_t *e); /* rethrow(e): replace the top */

/* ---------------------------------------------------------------- tasks */

/* libjulep's thread-locals are in the static TLS block (initial-exec): an access is one %fs-relative
   load, not a __tls_get_addr call */
#define JL_TLS_IE __attribute__((tls_model("initial-exec")))
JL_EXTERN jl_task_t *jl_root_task;
JL_EXTERN __thread jl_task_t *jl_current_task JL_TLS_IE;
/* &jl_current_task minus the thread pointer, the same in every thread (static TLS); compiled code
   reads the current task at that offset from %fs. 0 where unknown (not x86-64 Linux): it calls
   jl_get_current_task instead. */
JL_EXTERN intptr_t jl_tls_task_offset;

/* ---------------------------------------------------------------- embedding */

struct jl_options_t;
JL_DLLEXPORT int jl_init(const struct jl_options_t *opts); /* 0 on success */
JL_DLLEXPORT int jl_is_initialized(void);
JL_DLLEXPORT void jl_atexit_hook(int status);
JL_DLLEXPORT jl_value_t *jl_eval_string(const char *str); /* NULL and jl_current_exception() on error */
JL_DLLEXPORT const char *jl_ver_string(void);

#ifdef __cplusplus
}
#endif
#endif /* JULEP_H */
