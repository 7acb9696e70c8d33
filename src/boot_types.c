/*
 * boot_types.c -- creates the builtin types of Core and the Core module (startup step "types").
 *
 * The kinds (DataType, TypeName, Symbol, SimpleVector) describe themselves, so their objects are
 * allocated first and filled in once symbols exist. The field lists of the C-defined structs must match
 * the C structs in julep.h; jl_init_types checks each computed size against sizeof.
 */
#include <string.h>
#include "julep_internal.h"

JL_DLLEXPORT jl_module_t *jl_core_module, *jl_base_module, *jl_main_module;
extern jl_datatype_t *jl_abstractarray_type_body, *jl_densearray_type_body;

static jl_datatype_t *raw_type(void)
{
    jl_datatype_t *dt = (jl_datatype_t *)jl_gc_alloc(sizeof(jl_datatype_t), NULL);
    jl_gc_add_permanent_root((jl_value_t *)dt);
    return dt;
}

static jl_svec_t *sym_svec(int n, const char **names)
{
    jl_svec_t *v = jl_alloc_svec((size_t)n);
    for (int i = 0; i < n; i++)
        jl_svecset(v, i, jl_symbol(names[i]));
    return v;
}

/* Fill a pre-allocated type object as a struct type with the given fields (types may be filled later). */
static void fill_struct(jl_datatype_t *dt, const char *name, jl_datatype_t *super, int abstract, int mutabl,
                        int nf, const char **fnames)
{
    jl_typename_t *tn = jl_new_typename_in(jl_symbol(name), NULL, abstract, mutabl);
    tn->names = nf ? sym_svec(nf, fnames) : jl_emptysvec;
    tn->wrapper = (jl_value_t *)dt;
    dt->name = tn;
    dt->super = super;
    dt->parameters = jl_emptysvec;
    dt->types = jl_emptysvec;
    dt->isconcretetype = !abstract;
    dt->hash = jl_hash_combine(tn->hash, 0);
}

static void set_field_types(jl_datatype_t *dt, int nf, jl_datatype_t **types)
{
    jl_svec_t *ft = jl_alloc_svec((size_t)nf);
    for (int i = 0; i < nf; i++)
        jl_svecset(ft, i, types[i]);
    dt->types = ft;
    jl_compute_field_offsets(dt);
}

/* variable-size or opaque objects: a layout with no fields and the C struct's fixed size */
static void set_opaque_layout(jl_datatype_t *dt, size_t size, int pointerfree)
{
    dt->types = jl_emptysvec;
    jl_compute_field_offsets(dt);
    jl_datatype_layout_t *ly = (jl_datatype_layout_t *)dt->layout;
    ly->size = (uint32_t)size;
    ly->pointerfree = (uint8_t)pointerfree;
    ly->alignment = 8;
    dt->isbitstype = 0;
    dt->instance = NULL;
}

/* exported for types made after init with an opaque C layout (builtin function types, builtins.c) */
JL_DLLEXPORT void jl_set_opaque_layout(jl_datatype_t *dt, size_t size, int pointerfree)
{
    set_opaque_layout(dt, size, pointerfree);
}

static jl_datatype_t *new_struct(const char *name, jl_datatype_t *super, int mutabl, int nf,
                                 const char **fnames, jl_datatype_t **ftypes)
{
    jl_svec_t *ft = jl_alloc_svec((size_t)nf);
    for (int i = 0; i < nf; i++)
        jl_svecset(ft, i, ftypes[i]);
    /* C code leaves pointer fields of the mutable ones NULL (Method.roots before any root, a
       CodeInstance's inferred code...): reading one must throw UndefRefError, so none is declared
       always initialized */
    return jl_new_datatype(jl_symbol(name), NULL, super, jl_emptysvec, nf ? sym_svec(nf, fnames) : jl_emptysvec,
                           ft, 0, mutabl, mutabl ? 0 : nf);
}

static jl_datatype_t *new_abstract(const char *name, jl_datatype_t *super)
{
    return jl_new_abstracttype(jl_symbol(name), NULL, super, jl_emptysvec);
}

static jl_datatype_t *new_prim(const char *name, jl_datatype_t *super, size_t nbits)
{
    return jl_new_primitivetype(jl_symbol(name), NULL, super, jl_emptysvec, nbits);
}

static jl_tvar_t *tvar(const char *name)
{
    return jl_new_typevar(jl_symbol(name), jl_bottom_type, (jl_value_t *)jl_any_type);
}

static void check_size(jl_datatype_t *dt, size_t csize)
{
    if (dt->layout->size != csize)
        jl_errorf("internal error: layout of %s is %u bytes, C struct is %zu",
                  jl_symbol_name(dt->name->name), dt->layout->size, csize);
}

static void init_kinds(void)
{
    jl_datatype_type = raw_type();
    jl_set_typeof(jl_datatype_type, jl_datatype_type);
    jl_typename_type = raw_type();
    jl_symbol_type = raw_type();
    jl_simplevector_type = raw_type();
    jl_any_type = raw_type();
    jl_type_type = raw_type();
    jl_tvar_type = raw_type();
    jl_uniontype_type = raw_type();
    jl_unionall_type = raw_type();
    jl_typeofbottom_type = raw_type();
    jl_vararg_type = raw_type();
    jl_datatype_t *raws[] = {jl_typename_type, jl_symbol_type, jl_simplevector_type, jl_any_type,
                             jl_type_type, jl_tvar_type, jl_uniontype_type, jl_unionall_type,
                             jl_typeofbottom_type, jl_vararg_type};
    for (size_t i = 0; i < sizeof raws / sizeof raws[0]; i++)
        jl_set_typeof(raws[i], jl_datatype_type);
    jl_emptysvec = (jl_svec_t *)jl_gc_alloc(sizeof(jl_svec_t), (jl_value_t *)jl_simplevector_type);
    jl_init_symbols();

    static const char *dt_f[] = {"name", "super", "parameters", "types", "instance", "layout", "hash",
                                 "flags"};
    static const char *tn_f[] = {"name", "module", "names", "wrapper", "cache", "mt", "hash",
                                 "n_uninitialized", "flags"};
    static const char *tv_f[] = {"name", "lb", "ub"};
    static const char *ua_f[] = {"var", "body"};
    static const char *u_f[] = {"a", "b"};
    static const char *va_f[] = {"T", "N"};
    fill_struct(jl_any_type, "Any", jl_any_type, 1, 0, 0, NULL);
    fill_struct(jl_type_type, "Type", jl_any_type, 1, 0, 0, NULL);
    fill_struct(jl_datatype_type, "DataType", jl_type_type, 0, 1, 8, dt_f);
    fill_struct(jl_typename_type, "TypeName", jl_any_type, 0, 1, 9, tn_f);
    fill_struct(jl_symbol_type, "Symbol", jl_any_type, 0, 0, 0, NULL);
    fill_struct(jl_simplevector_type, "SimpleVector", jl_any_type, 0, 0, 0, NULL);
    fill_struct(jl_tvar_type, "TypeVar", jl_any_type, 0, 1, 3, tv_f);
    fill_struct(jl_uniontype_type, "Union", jl_type_type, 0, 0, 2, u_f);
    fill_struct(jl_unionall_type, "UnionAll", jl_type_type, 0, 0, 2, ua_f);
    fill_struct(jl_typeofbottom_type, "TypeofBottom", jl_type_type, 0, 0, 0, NULL);
    fill_struct(jl_vararg_type, "TypeofVararg", jl_any_type, 0, 0, 2, va_f);
    jl_type_typename = jl_type_type->name;

    /* Type{T}: the kinds' supertype is Type{T} with T free */
    jl_bottom_type = jl_gc_alloc(0, (jl_value_t *)jl_typeofbottom_type);
    jl_typeofbottom_type->instance = jl_bottom_type;
    jl_tvar_t *T = tvar("T");
    jl_type_type->parameters = jl_svec1(T);
    jl_type_type->hasfreetypevars = 1;
    jl_type_type->isconcretetype = 0;
    jl_type_typename->wrapper = jl_type_unionall(T, (jl_value_t *)jl_type_type);
}

static void init_numbers(void)
{
    jl_number_type = new_abstract("Number", jl_any_type);
    jl_real_type = new_abstract("Real", jl_number_type);
    jl_integer_type = new_abstract("Integer", jl_real_type);
    jl_signed_type = new_abstract("Signed", jl_integer_type);
    jl_unsigned_type = new_abstract("Unsigned", jl_integer_type);
    jl_abstractfloat_type = new_abstract("AbstractFloat", jl_real_type);
    jl_bool_type = new_prim("Bool", jl_integer_type, 8);
    jl_int8_type = new_prim("Int8", jl_signed_type, 8);
    jl_uint8_type = new_prim("UInt8", jl_unsigned_type, 8);
    jl_int16_type = new_prim("Int16", jl_signed_type, 16);
    jl_uint16_type = new_prim("UInt16", jl_unsigned_type, 16);
    jl_int32_type = new_prim("Int32", jl_signed_type, 32);
    jl_uint32_type = new_prim("UInt32", jl_unsigned_type, 32);
    jl_int64_type = new_prim("Int64", jl_signed_type, 64);
    jl_uint64_type = new_prim("UInt64", jl_unsigned_type, 64);
    jl_int128_type = new_prim("Int128", jl_signed_type, 128);
    jl_uint128_type = new_prim("UInt128", jl_unsigned_type, 128);
    jl_float16_type = new_prim("Float16", jl_abstractfloat_type, 16);
    jl_float32_type = new_prim("Float32", jl_abstractfloat_type, 32);
    jl_float64_type = new_prim("Float64", jl_abstractfloat_type, 64);
    jl_abstractchar_type = new_abstract("AbstractChar", jl_any_type);
    jl_char_type = new_prim("Char", jl_abstractchar_type, 32);
}

/* now that the primitive types exist, the kinds get their field types and layouts */
static void layout_kinds(void)
{
    jl_datatype_t *A = jl_any_type, *S = jl_symbol_type, *V = jl_simplevector_type;
    jl_datatype_t *dt_t[] = {jl_typename_type, A, V, V, A, jl_uint64_type, jl_uint64_type, jl_uint64_type};
    set_field_types(jl_datatype_type, 8, dt_t);
    check_size(jl_datatype_type, sizeof(jl_datatype_t));
    jl_datatype_t *tn_t[] = {S, A, V, A, V, A, jl_uint64_type, jl_int32_type, jl_uint32_type};
    set_field_types(jl_typename_type, 9, tn_t);
    check_size(jl_typename_type, sizeof(jl_typename_t));
    jl_datatype_t *tv_t[] = {S, A, A};
    set_field_types(jl_tvar_type, 3, tv_t);
    jl_datatype_t *ua_t[] = {jl_tvar_type, A};
    set_field_types(jl_unionall_type, 2, ua_t);
    jl_datatype_t *u_t[] = {A, A};
    set_field_types(jl_uniontype_type, 2, u_t);
    set_field_types(jl_vararg_type, 2, u_t);
    set_field_types(jl_typeofbottom_type, 0, NULL);
    jl_typeofbottom_type->instance = jl_bottom_type;
    set_opaque_layout(jl_symbol_type, sizeof(jl_sym_t), 1);
    set_opaque_layout(jl_simplevector_type, sizeof(jl_svec_t), 0);
}

static void init_containers(void)
{
    jl_init_boxes(); /* Array{T,N} takes a boxed N */
    /* Tuple is Tuple{Vararg{Any}}; its instantiations hold their parameters as field types */
    jl_vararg_t *va = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
    va->T = (jl_value_t *)jl_any_type;
    jl_anytuple_type = jl_new_abstracttype(jl_symbol("Tuple"), NULL, jl_any_type, jl_svec1(va));
    jl_tuple_typename = jl_anytuple_type->name;
    jl_tuple_typename->abstract = 0;
    jl_tuple_typename->wrapper = (jl_value_t *)jl_anytuple_type;
    jl_emptytuple_type = NULL;
    jl_emptytuple_type = jl_apply_tuple_type_v(NULL, 0);
    jl_emptytuple_type->isconcretetype = 1;
    jl_compute_field_offsets(jl_emptytuple_type);
    jl_emptytuple = jl_emptytuple_type->instance;

    jl_tvar_t *T = tvar("T"), *N = tvar("N");
    jl_datatype_t *absarr = jl_new_abstracttype(jl_symbol("AbstractArray"), NULL, jl_any_type, jl_svec2(T, N));
    jl_abstractarray_type_body = absarr;
    T = tvar("T"), N = tvar("N");
    jl_value_t *sup = jl_apply_type2(absarr->name->wrapper, (jl_value_t *)T, (jl_value_t *)N);
    jl_datatype_t *dense = jl_new_abstracttype(jl_symbol("DenseArray"), NULL, (jl_datatype_t *)sup, jl_svec2(T, N));
    jl_densearray_type_body = dense;
    T = tvar("T"), N = tvar("N");
    sup = jl_apply_type2(dense->name->wrapper, (jl_value_t *)T, (jl_value_t *)N);
    jl_datatype_t *arr = jl_new_datatype(jl_symbol("Array"), NULL, (jl_datatype_t *)sup, jl_svec2(T, N),
                                         jl_emptysvec, jl_emptysvec, 0, 1, 0);
    jl_array_typename = arr->name;
    jl_array_type = arr->name->wrapper;
    set_opaque_layout(arr, sizeof(jl_array_t), 0);
    jl_array_any_type = (jl_datatype_t *)jl_apply_array_type((jl_value_t *)jl_any_type, 1);
    jl_array_uint8_type = (jl_datatype_t *)jl_apply_array_type((jl_value_t *)jl_uint8_type, 1);

    T = tvar("T");
    jl_datatype_t *ref = jl_new_abstracttype(jl_symbol("Ref"), NULL, jl_any_type, jl_svec1(T));
    T = tvar("T");
    sup = jl_apply_type1(ref->name->wrapper, (jl_value_t *)T);
    jl_pointer_type_body = jl_new_primitivetype(jl_symbol("Ptr"), NULL, (jl_datatype_t *)sup, jl_svec1(T), 64);
    jl_pointer_type = jl_pointer_type_body->name->wrapper;
}

static void init_structs(void)
{
    jl_datatype_t *A = jl_any_type, *S = jl_symbol_type;
    jl_nothing_type = new_struct("Nothing", A, 0, 0, NULL, NULL);
    jl_nothing = jl_nothing_type->instance;
    jl_true = jl_gc_alloc_atomic(1, (jl_value_t *)jl_bool_type);
    *(int8_t *)jl_true = 1;
    jl_false = jl_gc_alloc_atomic(1, (jl_value_t *)jl_bool_type);
    jl_voidpointer_type = (jl_datatype_t *)jl_apply_type1(jl_pointer_type, (jl_value_t *)jl_nothing_type);

    jl_abstractstring_type = new_abstract("AbstractString", A);
    jl_string_type = new_struct("String", jl_abstractstring_type, 0, 0, NULL, NULL);
    set_opaque_layout(jl_string_type, sizeof(jl_string_t), 1);
    jl_function_type = new_abstract("Function", A);
    jl_builtin_type = new_abstract("Builtin", jl_function_type);
    jl_exception_type = new_abstract("Exception", A);
    jl_module_type = new_struct("Module", A, 1, 0, NULL, NULL);
    set_opaque_layout(jl_module_type, sizeof(jl_module_t), 0);
    jl_task_type = new_struct("Task", A, 1, 0, NULL, NULL);
    set_opaque_layout(jl_task_type, sizeof(jl_task_t), 0);

    static const char *expr_f[] = {"head", "args"};
    jl_datatype_t *expr_t[] = {S, jl_array_any_type};
    jl_expr_type = new_struct("Expr", A, 1, 2, expr_f, expr_t);
    check_size(jl_expr_type, sizeof(jl_expr_t));
    static const char *ln_f[] = {"line", "file"};
    jl_datatype_t *ln_t[] = {jl_int64_type, A};
    jl_linenumbernode_type = new_struct("LineNumberNode", A, 0, 2, ln_f, ln_t);
    check_size(jl_linenumbernode_type, sizeof(jl_linenumbernode_t));
    static const char *q_f[] = {"value"};
    jl_quotenode_type = new_struct("QuoteNode", A, 0, 1, q_f, &A);
    static const char *gr_f[] = {"mod", "name", "binding"};
    jl_datatype_t *gr_t[] = {jl_module_type, S, A};
    jl_globalref_type = new_struct("GlobalRef", A, 0, 3, gr_f, gr_t);
    check_size(jl_globalref_type, sizeof(jl_globalref_t));
    jl_binding_type = new_struct("Binding", A, 1, 0, NULL, NULL);
    set_opaque_layout(jl_binding_type, sizeof(jl_binding_t), 0);

    jl_datatype_t *E = jl_exception_type;
    static const char *msg_f[] = {"msg"};
    jl_datatype_t *msg_t[] = {jl_abstractstring_type};
    jl_errorexception_type = new_struct("ErrorException", E, 0, 1, msg_f, msg_t);
    jl_argumenterror_type = new_struct("ArgumentError", E, 0, 1, msg_f, msg_t);
    static const char *be_f[] = {"a", "i"};
    jl_datatype_t *be_t[] = {A, A};
    jl_boundserror_type = new_struct("BoundsError", E, 0, 2, be_f, be_t);
    ((jl_datatype_t *)jl_boundserror_type)->name->n_uninitialized = 2;
    static const char *te_f[] = {"func", "context", "expected", "got"};
    jl_datatype_t *te_t[] = {S, A, A, A};
    jl_typeerror_type = new_struct("TypeError", E, 0, 4, te_f, te_t);
    static const char *uv_f[] = {"var"};
    jl_undefvarerror_type = new_struct("UndefVarError", E, 0, 1, uv_f, &S);
    jl_outofmemoryerror_type = new_struct("OutOfMemoryError", E, 0, 0, NULL, NULL);
    jl_stackovf_exception_type = new_struct("StackOverflowError", E, 0, 0, NULL, NULL);
}

JL_DLLEXPORT jl_datatype_t *jl_ssavalue_type, *jl_slotnumber_type, *jl_argument_type, *jl_gotonode_type;
JL_DLLEXPORT jl_datatype_t *jl_gotoifnot_type, *jl_returnnode_type, *jl_newvarnode_type, *jl_phinode_type;
JL_DLLEXPORT jl_datatype_t *jl_pinode_type, *jl_upsilonnode_type, *jl_phicnode_type, *jl_lineinfonode_type;
JL_DLLEXPORT jl_datatype_t *jl_code_info_type, *jl_method_type, *jl_method_instance_type;
JL_DLLEXPORT jl_datatype_t *jl_code_instance_type, *jl_methtable_type, *jl_intrinsic_type, *jl_box_type;
JL_DLLEXPORT jl_datatype_t *jl_namedtuple_type_body, *jl_array_symbol_type, *jl_array_int32_type;
JL_DLLEXPORT jl_datatype_t *jl_array_uint32_type;
JL_DLLEXPORT jl_value_t *jl_namedtuple_type;
JL_DLLEXPORT jl_typename_t *jl_namedtuple_typename;

#define NF(a) (int)(sizeof(a) / sizeof((a)[0]))

/* The IR node types, CodeInfo, Method, MethodInstance, CodeInstance, MethodTable: laid out as the
   C structs in julep.h, with Julia 1.10's field names. */
static void init_ir_types(void)
{
    jl_datatype_t *A = jl_any_type, *S = jl_symbol_type, *I = jl_int64_type, *B = jl_bool_type;
    jl_datatype_t *U8 = jl_uint8_type, *U16 = jl_uint16_type, *U32 = jl_uint32_type, *U64 = jl_uint64_type;
    jl_datatype_t *I32 = jl_int32_type, *P = jl_voidpointer_type;
    jl_array_symbol_type = (jl_datatype_t *)jl_apply_array_type((jl_value_t *)S, 1);
    jl_array_int32_type = (jl_datatype_t *)jl_apply_array_type((jl_value_t *)I32, 1);
    jl_array_uint32_type = (jl_datatype_t *)jl_apply_array_type((jl_value_t *)U32, 1);

    static const char *id_f[] = {"id"}, *n_f[] = {"n"}, *label_f[] = {"label"}, *val_f[] = {"val"};
    jl_ssavalue_type = new_struct("SSAValue", A, 0, 1, id_f, &I);
    jl_slotnumber_type = new_struct("SlotNumber", A, 0, 1, id_f, &I);
    jl_argument_type = new_struct("Argument", A, 0, 1, n_f, &I);
    jl_gotonode_type = new_struct("GotoNode", A, 0, 1, label_f, &I);
    static const char *gin_f[] = {"cond", "dest"};
    jl_datatype_t *gin_t[] = {A, I};
    jl_gotoifnot_type = new_struct("GotoIfNot", A, 0, 2, gin_f, gin_t);
    jl_returnnode_type = new_struct("ReturnNode", A, 0, 1, val_f, &A);
    jl_returnnode_type->name->n_uninitialized = 1;
    static const char *slot_f[] = {"slot"};
    jl_newvarnode_type = new_struct("NewvarNode", A, 0, 1, slot_f, &A);
    static const char *phi_f[] = {"edges", "values"};
    jl_datatype_t *phi_t[] = {jl_array_int32_type, jl_array_any_type};
    jl_phinode_type = new_struct("PhiNode", A, 0, 2, phi_f, phi_t);
    static const char *pi_f[] = {"val", "typ"};
    jl_datatype_t *pi_t[] = {A, A};
    jl_pinode_type = new_struct("PiNode", A, 0, 2, pi_f, pi_t);
    jl_upsilonnode_type = new_struct("UpsilonNode", A, 0, 1, val_f, &A);
    jl_upsilonnode_type->name->n_uninitialized = 1;
    static const char *values_f[] = {"values"};
    jl_phicnode_type = new_struct("PhiCNode", A, 0, 1, values_f, &jl_array_any_type);
    static const char *li_f[] = {"module", "method", "file", "line", "inlined_at"};
    jl_datatype_t *li_t[] = {jl_module_type, A, S, I32, I32};
    jl_lineinfonode_type = new_struct("LineInfoNode", A, 0, NF(li_f), li_f, li_t);
    check_size(jl_lineinfonode_type, sizeof(jl_lineinfonode_t));

    static const char *ci_f[] = {"code", "codelocs", "ssavaluetypes", "ssaflags",
        "method_for_inference_limit_heuristics", "linetable", "slotnames", "slotflags", "slottypes",
        "rettype", "parent", "edges", "min_world", "max_world", "inferred", "propagate_inbounds",
        "has_fcall", "nospecializeinfer", "inlining", "constprop", "purity", "inlining_cost"};
    jl_datatype_t *ci_t[] = {jl_array_any_type, jl_array_int32_type, A, jl_array_uint32_type, A, A,
        jl_array_symbol_type, jl_array_uint8_type, A, A, A, A, U64, U64, B, B, B, B, U8, U8, U16, U16};
    jl_code_info_type = new_struct("CodeInfo", A, 1, NF(ci_f), ci_f, ci_t);
    check_size(jl_code_info_type, sizeof(jl_code_info_t));

    static const char *m_f[] = {"name", "module", "file", "line", "nargs", "primary_world",
        "deleted_world", "sig", "specializations", "slot_syms", "external_mt", "source", "unspecialized",
        "generator", "roots", "invokes", "recursion_relation", "nkw", "nospecialize", "isva",
        "is_for_opaque_closure", "constprop", "pure", "purity"};
    jl_datatype_t *m_t[] = {S, jl_module_type, S, I32, I32, U64, U64, A, A, A, A, A, A, A, A, A, A, U32,
        U32, B, B, U8, B, U16};
    jl_method_type = new_struct("Method", A, 1, NF(m_f), m_f, m_t);
    check_size(jl_method_type, sizeof(jl_method_t));

    static const char *mi_f[] = {"def", "specTypes", "sparam_vals", "uninferred", "backedges", "cache",
        "inInference", "precompiled"};
    jl_datatype_t *mi_t[] = {A, A, A, A, A, A, B, B};
    jl_method_instance_type = new_struct("MethodInstance", A, 1, NF(mi_f), mi_f, mi_t);
    check_size(jl_method_instance_type, sizeof(jl_method_instance_t));

    static const char *cinst_f[] = {"def", "next", "min_world", "max_world", "rettype", "rettype_const",
        "inferred", "ipo_purity_bits", "purity_bits", "invoke", "specptr", "isspecsig", "precompile",
        "relocatability"};
    jl_datatype_t *cinst_t[] = {jl_method_instance_type, A, U64, U64, A, A, A, U32, U32, P, P, B, B, U8};
    jl_code_instance_type = new_struct("CodeInstance", A, 1, NF(cinst_f), cinst_f, cinst_t);
    check_size(jl_code_instance_type, sizeof(jl_code_instance_t));

    static const char *mt_f[] = {"name", "defs", "leafcache", "cache", "max_args", "module", "backedges",
        "offs", "frozen"};
    jl_datatype_t *mt_t[] = {S, A, A, A, I, jl_module_type, A, U8, U8};
    jl_methtable_type = new_struct("MethodTable", A, 1, NF(mt_f), mt_f, mt_t);
    check_size(jl_methtable_type, sizeof(jl_methtable_t));

    static const char *box_f[] = {"contents"};
    jl_box_type = new_struct("Box", A, 1, 1, box_f, &A);
    jl_box_type->name->n_uninitialized = 1;
    jl_intrinsic_type = new_struct("IntrinsicFunction", jl_builtin_type, 0, 0, NULL, NULL);
    set_opaque_layout(jl_intrinsic_type, sizeof(jl_builtin_fn_t), 1);

    /* NamedTuple{names, T<:Tuple}: field names come from `names`, fields from T (jl_field_names) */
    jl_tvar_t *names = tvar("names");
    jl_tvar_t *T = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_anytuple_type);
    jl_namedtuple_type_body = jl_new_datatype(jl_symbol("NamedTuple"), NULL, A, jl_svec2(names, T),
                                              jl_emptysvec, jl_emptysvec, 0, 0, 0);
    jl_namedtuple_typename = jl_namedtuple_type_body->name;
    jl_namedtuple_type = jl_namedtuple_typename->wrapper;
}

/* Every builtin is named in Core; the list order is fixed (the serializer's tags depend on it). */
static void init_core_module(void)
{
    jl_datatype_t *all[] = {
        jl_any_type, jl_type_type, jl_datatype_type, jl_typename_type, jl_symbol_type,
        jl_simplevector_type, jl_tvar_type, jl_uniontype_type, jl_unionall_type, jl_typeofbottom_type,
        jl_vararg_type, jl_number_type, jl_real_type, jl_integer_type, jl_signed_type, jl_unsigned_type,
        jl_abstractfloat_type, jl_bool_type, jl_int8_type, jl_uint8_type, jl_int16_type, jl_uint16_type,
        jl_int32_type, jl_uint32_type, jl_int64_type, jl_uint64_type, jl_int128_type, jl_uint128_type,
        jl_float16_type, jl_float32_type, jl_float64_type, jl_abstractchar_type, jl_char_type,
        jl_anytuple_type, jl_emptytuple_type, jl_abstractarray_type_body, jl_densearray_type_body,
        (jl_datatype_t *)jl_unwrap_unionall(jl_array_type), jl_array_any_type, jl_array_uint8_type,
        (jl_datatype_t *)jl_unwrap_unionall(jl_pointer_type_body->super->name->wrapper),
        jl_pointer_type_body, jl_voidpointer_type, jl_nothing_type, jl_abstractstring_type,
        jl_string_type, jl_function_type, jl_builtin_type, jl_exception_type, jl_module_type,
        jl_task_type, jl_expr_type, jl_linenumbernode_type, jl_quotenode_type, jl_globalref_type,
        jl_binding_type, jl_errorexception_type, jl_argumenterror_type, jl_boundserror_type,
        jl_typeerror_type, jl_undefvarerror_type, jl_outofmemoryerror_type, jl_stackovf_exception_type,
        jl_ssavalue_type, jl_slotnumber_type, jl_argument_type, jl_gotonode_type, jl_gotoifnot_type,
        jl_returnnode_type, jl_newvarnode_type, jl_phinode_type, jl_pinode_type, jl_upsilonnode_type,
        jl_phicnode_type, jl_lineinfonode_type, jl_code_info_type, jl_method_type, jl_method_instance_type,
        jl_code_instance_type, jl_methtable_type, jl_box_type, jl_intrinsic_type, jl_namedtuple_type_body,
        jl_array_symbol_type, jl_array_int32_type, jl_array_uint32_type,
    };
    jl_core_module = jl_new_module(jl_s_Core, NULL);
    jl_core_module->parent = jl_core_module;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        jl_datatype_t *dt = all[i];
        jl_register_builtin_type(dt);
        if (dt->name->module == NULL)
            dt->name->module = jl_core_module;
        if (dt->name->wrapper == (jl_value_t *)dt || jl_unwrap_unionall(dt->name->wrapper) == (jl_value_t *)dt)
            jl_set_const(jl_core_module, dt->name->name, dt->name->wrapper);
    }
    jl_set_const(jl_core_module, jl_symbol("Union"), (jl_value_t *)jl_uniontype_type);
    jl_set_const(jl_core_module, jl_s_nothing, jl_nothing);
    jl_set_const(jl_core_module, jl_symbol("true"), jl_true);
    jl_set_const(jl_core_module, jl_symbol("false"), jl_false);
    jl_set_const(jl_core_module, jl_s_Core, (jl_value_t *)jl_core_module);
}

void jl_init_types(void)
{
    init_kinds();
    init_numbers();
    layout_kinds();
    init_containers();
    init_structs();
    init_ir_types();
    init_core_module();
}
