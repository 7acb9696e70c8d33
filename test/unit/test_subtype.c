/* test_subtype.c -- subtyping, type equality, isa, matching with static parameters, intersection and
   specificity (src/subtype.c). Expected answers are Julia 1.10's. Types are written in Julia syntax
   and built with typeexpr.h. */
#include "typeexpr.h"
#include "gf.h"

TestSuite(subtype, .init = jl_test_init);

typedef struct {
    const char *a, *b;
    int sub;
} stcase_t;

static const stcase_t subtype_cases[] = {
    {"Int64", "Integer", 1}, {"Int64", "Any", 1}, {"Integer", "Int64", 0}, {"Union{}", "Int64", 1},
    {"Int64", "Union{}", 0}, {"Any", "Union{}", 0}, {"Union{}", "Union{}", 1}, {"Any", "Any", 1},
    {"Any", "Integer", 0}, {"Function", "Any", 1},
    /* unions */
    {"Union{Int64,String}", "Any", 1}, {"Union{Int64,String}", "Union{Integer,AbstractString}", 1},
    {"Union{Int64,Float64}", "Integer", 0}, {"Int64", "Union{Int64,String}", 1},
    {"Union{Int64,Int8}", "Signed", 1}, {"Union{Int64,String}", "Union{String,Int64}", 1},
    {"Union{Int64,String}", "Union{Int64,Float64}", 0}, {"String", "Union{Int64,Float64}", 0},
    {"Union{Int8,Union{Int16,Int32}}", "Union{Signed,String}", 1},
    /* invariance and UnionAll on the right */
    {"Array{Int64,1}", "Array{Integer,1}", 0}, {"Array{Int64,1}", "Array{T,1} where T", 1},
    {"Array{Int64,1}", "Array{T,1} where T<:Integer", 1}, {"Array{Int64,1}", "Array{T,1} where T<:AbstractFloat", 0},
    {"Array{Int64,1}", "Vector{<:Integer}", 1}, {"Array{Int64,1}", "AbstractVector{<:Integer}", 1},
    {"Array{Int64,1}", "AbstractArray{Int64}", 1}, {"Array{Int64,1}", "AbstractArray{Int64,2}", 0},
    {"Array{Int64,1}", "Array{Int64}", 1}, {"Array{Int64,2}", "Vector", 0}, {"Matrix{Int64}", "Matrix", 1},
    {"Vector", "Array{Int64,1}", 0}, {"Vector{T} where T<:Integer", "Vector{<:Real}", 1},
    {"Vector{T} where T<:Real", "Vector{<:Integer}", 0}, {"Vector{Vector{Int64}}", "Vector{Vector{T}} where T", 1},
    {"Vector{Vector{Int64}}", "Vector{Vector{T} where T}", 0},
    {"Vector{Vector{T} where T}", "Vector{Vector{T} where T}", 1},
    {"Vector{Vector{T} where T}", "Vector{Vector{S}} where S", 0},
    {"Vector{Union{Int64,String}}", "Vector{Union{String,Int64}}", 1},
    {"Vector{Union{Int64,String}}", "Vector{<:Union{Int64,String,Float64}}", 1},
    {"Vector{Int64}", "Union{Vector{Int64},Vector{String}}", 1},
    {"Vector{Union{Int64,String}}", "Union{Vector{Int64},Vector{String}}", 0},
    {"Vector", "Union{Vector, Int64}", 1}, {"Ref{Int64}", "Ref{T} where T<:Number", 1},
    {"Ptr{Int64}", "Ref{Int64}", 1}, {"Ptr{Int64}", "Ref{Integer}", 0},
    {"Vector{Vector{Int64}}", "Vector{S} where S<:(Vector{T} where T)", 1},
    {"Vector{T} where T", "Vector{S} where S", 1}, {"Vector{Int64}", "Vector{>:Int64}", 1},
    {"Vector{Integer}", "Vector{>:Int64}", 1}, {"Vector{Int8}", "Vector{>:Int64}", 0},
    /* the diagonal rule */
    {"Tuple{Int64,Int64}", "Tuple{T,T} where T", 1}, {"Tuple{Int64,String}", "Tuple{T,T} where T", 0},
    {"Tuple{Int64,Int8}", "Tuple{T,T} where T<:Integer", 0}, {"Tuple{Integer,Integer}", "Tuple{T,T} where T", 0},
    {"Tuple{Int64,Int64}", "Tuple{T,T} where T<:Integer", 1},
    {"Tuple{Vector{Int64},Int64}", "Tuple{Vector{T},T} where T", 1},
    {"Tuple{Vector{Integer},Int64}", "Tuple{Vector{T},T} where T", 1},
    {"Tuple{Vector{Int64},Integer}", "Tuple{Vector{T},T} where T", 0},
    {"Tuple{Int64,Int64}", "Tuple{T,T} where T>:Int64", 1}, {"Tuple{Integer,Integer}", "Tuple{T,T} where T>:Integer", 1},
    {"Tuple{Int64,Int64,Int64}", "Tuple{T,T,T} where T", 1}, {"Tuple{Int64,Int64,Int8}", "Tuple{T,T,T} where T", 0},
    {"Tuple{T,T} where T", "Tuple{S,S} where S", 1}, {"Tuple{T,T} where T", "Tuple{Any,Any}", 1},
    {"Tuple{Any,Any}", "Tuple{T,T} where T", 0}, {"Tuple{Int64,Float64}", "Tuple{T,S} where S where T", 1},
    {"Tuple{Int64,Float64}", "Tuple{T,S} where S<:T where T", 1},
    {"Tuple{Float64,Int64}", "Tuple{T,S} where S<:T where T<:Integer", 0},
    {"Tuple{Type{Int64},Int64}", "Tuple{Type{T},T} where T", 1},
    {"Tuple{Type{Int64},String}", "Tuple{Type{T},T} where T", 0},
    {"Tuple{Type{Integer},Int64}", "Tuple{Type{T},T} where T", 1},
    {"Tuple{DataType,Int64}", "Tuple{Type{T},T} where T", 0},
    /* unions inside tuples: choices interact */
    {"Tuple{Union{Int64,String}}", "Union{Tuple{Int64},Tuple{String}}", 1},
    {"Union{Tuple{Int64},Tuple{String}}", "Tuple{Union{Int64,String}}", 1},
    {"Tuple{Union{Int64,String},Int64}", "Union{Tuple{Int64,Int64},Tuple{String,Int64}}", 1},
    {"Tuple{Union{Int64,String},Union{Int64,String}}", "Union{Tuple{Int64,Int64},Tuple{String,String}}", 0},
    {"Tuple{Int64,String}", "Tuple{Union{T,Int64},T} where T", 1},
    {"Tuple{Union{Int64,Int8}}", "Tuple{T} where T", 1},
    {"Tuple{Union{Int64,Int8},Int64}", "Tuple{T,T} where T", 0},
    {"Vector{Union{Int64,Int8}}", "Vector{T} where T<:Signed", 1},
    /* Vararg */
    {"Tuple{Int64}", "Tuple{Vararg{Int64}}", 1}, {"Tuple{}", "Tuple{Vararg{Int64}}", 1},
    {"Tuple{Int64,Int64,Int64}", "Tuple{Vararg{Int64}}", 1}, {"Tuple{Int64,String}", "Tuple{Vararg{Int64}}", 0},
    {"Tuple{Int64,String}", "Tuple{Int64,Vararg{Any}}", 1}, {"Tuple{Int64}", "Tuple{Int64,Vararg{Any}}", 1},
    {"Tuple{}", "Tuple{Int64,Vararg{Any}}", 0}, {"Tuple{Vararg{Int64}}", "Tuple{Vararg{Integer}}", 1},
    {"Tuple{Vararg{Integer}}", "Tuple{Vararg{Int64}}", 0}, {"Tuple{Int64,Vararg{Int64}}", "Tuple{Vararg{Int64}}", 1},
    {"Tuple{Vararg{Int64}}", "Tuple{Int64,Vararg{Int64}}", 0}, {"Tuple{Int64,Int64}", "Tuple{Vararg{Int64,2}}", 1},
    {"Tuple{Int64,Int64,Int64}", "Tuple{Vararg{Int64,2}}", 0}, {"Tuple{Vararg{Int64,2}}", "Tuple{Int64,Int64}", 1},
    {"Tuple{Int64,Int64}", "Tuple{Vararg{Int64,N}} where N", 1},
    {"Tuple{Int64,Int64}", "Tuple{Vararg{T,N}} where N where T", 1},
    {"Tuple{Int64,Int8}", "Tuple{Vararg{T,N}} where N where T", 0},
    {"Tuple{Int64,Int8}", "Tuple{Vararg{Integer,N}} where N", 1},
    {"Tuple{Vararg{Int64}}", "Tuple{Vararg{Int64,N}} where N", 1},
    {"Tuple{Vararg{Int64,N}} where N", "Tuple{Vararg{Int64}}", 1},
    {"Tuple{Int64,Int8}", "Tuple{Vararg{T}} where T", 0}, {"Tuple{Int64,Int64}", "Tuple{Vararg{T}} where T", 1},
    {"Tuple{Vararg{Number}}", "Tuple{Vararg{T}} where T", 0}, {"Tuple{}", "Tuple{Vararg{T}} where T", 1},
    {"Tuple{Int64,Vararg{Int64}}", "Tuple{T,Vararg{T}} where T", 1},
    {"Tuple{Vararg{Any}}", "Tuple", 1}, {"Tuple{Int64,String}", "Tuple", 1}, {"Tuple", "Tuple{Any}", 0},
    {"Tuple{Int64}", "Tuple{Integer}", 1}, {"Tuple{Int64}", "Tuple{Int64,Int64}", 0},
    /* Type{T} and kinds */
    {"Type{Int64}", "Type", 1}, {"Type{Int64}", "DataType", 1}, {"Type{Int64}", "Type{<:Integer}", 1},
    {"Type{Int64}", "Type{<:AbstractFloat}", 0}, {"Type{Integer}", "Type{<:Integer}", 1},
    {"Type{Int64}", "Type{Integer}", 0}, {"DataType", "Type", 1}, {"Union", "Type", 1}, {"UnionAll", "Type", 1},
    {"DataType", "Type{Int64}", 0}, {"Type{Vector{Int64}}", "Type{<:AbstractArray}", 1},
    {"Type{Union{Int64,String}}", "Type{<:Union{Int64,String,Float64}}", 1}, {"Int64", "Type", 0},
    {"Type{Int64}", "Function", 0}, {"Type{Int64}", "Any", 1}, {"Type{Union{Int64,String}}", "Union", 1},
    {"Type{Union{Int64,String}}", "DataType", 0}, {"Type{Vector}", "UnionAll", 1},
    {"Type{T} where T<:Integer", "Type{<:Real}", 1}, {"Type", "DataType", 0}, {"DataType", "Any", 1},
    {"TypeofBottom", "Type", 1}, {"Type{Int64}", "Union{Type{Int64},Type{String}}", 1},
    {"Type{Type{Int64}}", "Type{<:Type}", 1},
    /* forall variables against exists variables */
    {"Tuple{Type{Ptr{T}}, Ptr{T}} where T", "Tuple{Type{P}, Ptr} where P<:Ptr", 1},
    {"Tuple{Type{Ptr{T}}, Ptr{T}} where T", "Tuple{Type{T}, T} where T", 1},
    {"Vector{T} where T", "Vector{S} where S<:Integer", 0}, {"Ref{T} where T<:Integer", "Ref{S} where S", 1},
    {"Vector{Vector{T}} where T", "Vector{Vector{T} where T}", 0},
    {"Vector{Vector{T} where T}", "Vector{Vector{T}} where T", 0},
    {"Tuple{Ref{T}, T} where T", "Tuple{Ref{S}, Any} where S", 1},
    /* value parameters */
    {"Array{Int64,1}", "Array{Int64,2}", 0}, {"Array{Int64,1}", "Array{Int64,N} where N", 1},
    {"Tuple{Array{Int64,1},Array{Int64,1}}", "Tuple{Array{Int64,N},Array{Int64,N}} where N", 1},
    {"Tuple{Array{Int64,1},Array{Int64,2}}", "Tuple{Array{Int64,N},Array{Int64,N}} where N", 0},
    {"Tuple{Array{Int64,1},Array{Float64,1}}", "Tuple{Array{T,N},Array{S,N}} where N where S where T", 1},
};

Test(subtype, table)
{
    size_t n = sizeof subtype_cases / sizeof subtype_cases[0];
    for (size_t i = 0; i < n; i++) {
        const stcase_t *c = &subtype_cases[i];
        int got = jl_subtype(T(c->a), T(c->b));
        cr_expect_eq(got, c->sub, "%s <: %s: expected %d, got %d", c->a, c->b, c->sub, got);
    }
}

/* A nominal hierarchy written out by hand: with no parameters, x <: y exactly when y is on x's chain. */
static const char *const hierarchy[][2] = {
    {"Any", NULL}, {"Number", "Any"}, {"Real", "Number"}, {"Integer", "Real"}, {"Signed", "Integer"},
    {"Unsigned", "Integer"}, {"AbstractFloat", "Real"}, {"Bool", "Integer"}, {"Int8", "Signed"},
    {"Int16", "Signed"}, {"Int32", "Signed"}, {"Int64", "Signed"}, {"Int128", "Signed"},
    {"UInt8", "Unsigned"}, {"UInt16", "Unsigned"}, {"UInt32", "Unsigned"}, {"UInt64", "Unsigned"},
    {"Float16", "AbstractFloat"}, {"Float32", "AbstractFloat"}, {"Float64", "AbstractFloat"},
    {"AbstractString", "Any"}, {"String", "AbstractString"}, {"AbstractChar", "Any"}, {"Char", "AbstractChar"},
    {"Function", "Any"}, {"Exception", "Any"}, {"ErrorException", "Exception"}, {"Symbol", "Any"},
    {"Nothing", "Any"}, {"Module", "Any"},
};
#define NH (sizeof hierarchy / sizeof hierarchy[0])

static int h_index(const char *name)
{
    for (size_t i = 0; i < NH; i++)
        if (!strcmp(hierarchy[i][0], name))
            return (int)i;
    return -1;
}

static int h_sub(int a, int b)
{
    for (int x = a; x >= 0; x = hierarchy[x][1] ? h_index(hierarchy[x][1]) : -1)
        if (x == b)
            return 1;
    return 0;
}

Test(subtype, nominal_hierarchy_matrix)
{
    for (size_t i = 0; i < NH; i++) {
        for (size_t j = 0; j < NH; j++) {
            int exp = h_sub((int)i, (int)j);
            jl_value_t *a = T(hierarchy[i][0]), *b = T(hierarchy[j][0]);
            cr_expect_eq(jl_subtype(a, b), exp, "%s <: %s", hierarchy[i][0], hierarchy[j][0]);
            /* in a tuple (covariant) the same holds; in a Vector (invariant) only equality */
            jl_value_t *ta = (jl_value_t *)jl_apply_tuple_type_v(&a, 1), *tb = (jl_value_t *)jl_apply_tuple_type_v(&b, 1);
            cr_expect_eq(jl_subtype(ta, tb), exp, "Tuple{%s} <: Tuple{%s}", hierarchy[i][0], hierarchy[j][0]);
            jl_value_t *va = jl_apply_array_type(a, 1), *vb = jl_apply_array_type(b, 1);
            cr_expect_eq(jl_subtype(va, vb), i == j, "Vector{%s} <: Vector{%s}", hierarchy[i][0], hierarchy[j][0]);
        }
    }
}

Test(subtype, unions_of_hierarchy_members)
{
    /* Union{x, y} <: z iff both are; z <: Union{x, y} iff z <: x or z <: y (for nominal z) */
    for (size_t i = 0; i < NH; i += 3)
        for (size_t j = 1; j < NH; j += 4)
            for (size_t k = 0; k < NH; k += 2) {
                jl_value_t *ab[2] = {T(hierarchy[i][0]), T(hierarchy[j][0])};
                jl_value_t *u = jl_type_union(ab, 2), *z = T(hierarchy[k][0]);
                int l = h_sub((int)i, (int)k) && h_sub((int)j, (int)k);
                int r = h_sub((int)k, (int)i) || h_sub((int)k, (int)j);
                cr_expect_eq(jl_subtype(u, z), l, "Union{%s,%s} <: %s", hierarchy[i][0], hierarchy[j][0], hierarchy[k][0]);
                cr_expect_eq(jl_subtype(z, u), r, "%s <: Union{%s,%s}", hierarchy[k][0], hierarchy[i][0], hierarchy[j][0]);
            }
}

static const stcase_t equal_cases[] = {
    {"Union{Int64,String}", "Union{String,Int64}", 1}, {"Vector{T} where T<:Integer", "Vector{<:Integer}", 1},
    {"Tuple{Vararg{Int64,N}} where N", "Tuple{Vararg{Int64}}", 1}, {"Tuple{Int64,Int64}", "Tuple{Vararg{Int64,2}}", 1},
    {"Union{Int64,Int8}", "Signed", 0}, {"Tuple{T,T} where T", "Tuple{Any,Any}", 0}, {"Type", "Type{T} where T", 1},
    {"Union{Tuple{Int64},Tuple{String}}", "Tuple{Union{Int64,String}}", 1}, {"Vector{Int64}", "Vector{Int64}", 1},
    {"Union{Int64,Union{}}", "Int64", 1}, {"Union{Integer,Int64}", "Integer", 1}, {"Int64", "Int32", 0},
    {"Vector{T} where T", "Vector{S} where S", 1}, {"Tuple{T} where T<:Integer", "Tuple{Integer}", 1},
};

Test(subtype, types_equal)
{
    for (size_t i = 0; i < sizeof equal_cases / sizeof equal_cases[0]; i++) {
        const stcase_t *c = &equal_cases[i];
        cr_expect_eq(jl_types_equal(T(c->a), T(c->b)), c->sub, "%s == %s", c->a, c->b);
    }
}

static size_t cached_instantiations(jl_typename_t *tn)
{
    size_t n = 0;
    for (size_t i = 0; i < jl_svec_len(tn->cache); i++)
        n += jl_svecref(tn->cache, i) != NULL;
    return n;
}

/* A query whose UnionAll variable clashes with one in scope renames it (subtyping a signature against
   itself, as method matching does); the types built with the new variable are not cached: they grew
   the instantiation cache by one entry per query, all hashing alike, and lookups went quadratic. */
Test(subtype, renamed_variables_are_not_cached)
{
    jl_value_t *u = T("Tuple{Ref{S}, Vector{S}} where S<:Integer");
    jl_typename_t *ref = ((jl_datatype_t *)jl_unwrap_unionall(T("Ref{Int64}")))->name;
    jl_value_t *env[1];
    cr_assert(jl_subtype_env(u, u, env, 1));
    size_t before = cached_instantiations(ref);
    for (int i = 0; i < 50; i++)
        cr_assert(jl_subtype_env(u, u, env, 1));
    cr_expect_eq(cached_instantiations(ref), before);
    cr_expect(jl_types_equal(u, T("Tuple{Ref{R}, Vector{R}} where R<:Integer")));
}

Test(subtype, isa_values)
{
    jl_value_t *one = jl_box_int64(1), *s = jl_cstr_to_string("x");
    cr_expect(jl_isa(one, T("Integer")));
    cr_expect(jl_isa(one, T("Union{Int64,String}")));
    cr_expect(!jl_isa(one, T("AbstractFloat")));
    cr_expect(jl_isa(s, T("AbstractString")));
    cr_expect(jl_isa(T("Int64"), T("DataType")));
    cr_expect(jl_isa(T("Int64"), T("Type")));
    cr_expect(jl_isa(T("Int64"), T("Type{Int64}")));
    cr_expect(!jl_isa(T("Int64"), T("Type{Integer}")));
    cr_expect(jl_isa(T("Int64"), T("Type{<:Integer}")));
    cr_expect(!jl_isa(T("String"), T("Type{<:Integer}")));
    cr_expect(jl_isa(T("Vector"), T("UnionAll")));
    cr_expect(jl_isa(T("Union{Int64,String}"), T("Union")));
    cr_expect(jl_isa(T("Union{Int64,String}"), T("Type{<:Union{Int64,String}}")));
    cr_expect(jl_isa(T("Union{}"), T("Type{Union{}}")));
    cr_expect(!jl_isa(one, T("Type")));
    cr_expect(jl_isa(T("Int64"), T("Union{Type{Int64},Int8}")));
    cr_expect(!jl_isa(T("Int64"), T("Union{Type{Int8},Int64}")));
    cr_expect(jl_isa(jl_nothing, T("Union{Nothing,Int64}")));
    cr_expect(jl_isa((jl_value_t *)jl_alloc_vec_any(0), T("AbstractVector{Any}")));
    cr_expect(!jl_isa((jl_value_t *)jl_alloc_vec_any(0), T("AbstractVector{Int64}")));
    cr_expect(jl_isa(jl_tuple(2, one, one), T("Tuple{T,T} where T")));
    cr_expect(!jl_isa(jl_tuple(2, one, s), T("Tuple{T,T} where T")));
}

Test(subtype, env_gives_static_parameters)
{
    jl_value_t *env[3];
    cr_assert(jl_subtype_env(T("Tuple{Vector{Int64},Float64}"), T("Tuple{Vector{T},S} where S where T"), env, 2));
    cr_expect_eq(env[0], T("Int64"));
    cr_expect_eq(env[1], T("Float64"));
    cr_assert(jl_subtype_env(T("Tuple{Type{Int8}}"), T("Tuple{Type{T}} where T<:Integer"), env, 1));
    cr_expect_eq(env[0], T("Int8"));
    cr_assert(jl_subtype_env(T("Tuple{Int64,Int64}"), T("Tuple{Vararg{T,N}} where N where T"), env, 2));
    cr_expect_eq(env[0], T("Int64"));
    cr_expect(jl_is_int64(env[1]) && jl_unbox_int64(env[1]) == 2, "N = 2");
    cr_assert(jl_subtype_env(T("Tuple{Array{Int64,2}}"), T("Tuple{Array{T,N}} where N where T"), env, 2));
    cr_expect_eq(env[0], T("Int64"));
    cr_expect(jl_is_int64(env[1]) && jl_unbox_int64(env[1]) == 2);
    cr_assert(jl_subtype_env(T("Tuple{Int64}"), T("Tuple{Any} where T"), env, 1));
    cr_expect(jl_is_tvar(env[0]), "an unused variable stays a TypeVar");
    cr_expect_not(jl_subtype_env(T("Tuple{Int64,String}"), T("Tuple{T,T} where T"), env, 1));
}

typedef struct {
    const char *a, *b, *r;
} icase_t;

static const icase_t inter_cases[] = {
    {"Integer", "Int64", "Int64"}, {"Int64", "String", "Union{}"}, {"Integer", "AbstractFloat", "Union{}"},
    {"Union{Int64,String}", "Integer", "Int64"}, {"Union{Int64,String,Float64}", "Real", "Union{Int64,Float64}"},
    {"Tuple{Integer,Any}", "Tuple{Any,String}", "Tuple{Integer,String}"}, {"Tuple{Int64}", "Tuple{Int64,Int64}", "Union{}"},
    {"Tuple{Vararg{Integer}}", "Tuple{Int64,Any}", "Tuple{Int64,Integer}"},
    {"Vector{T} where T<:Integer", "AbstractVector{Int64}", "Vector{Int64}"},
    {"Vector{T} where T<:Integer", "AbstractVector{Float64}", "Union{}"},
    {"Tuple{T,T} where T", "Tuple{Int64,Any}", "Tuple{Int64,Int64}"}, {"Type{Int64}", "DataType", "Type{Int64}"},
    {"Vector{Int64}", "Vector{String}", "Union{}"}, {"Any", "Vector{Int64}", "Vector{Int64}"},
    {"Tuple{Int64,Vararg{Any}}", "Tuple{Vararg{Int64}}", "Tuple{Int64,Vararg{Int64}}"},
    {"Type{String}", "Type{<:Integer}", "Union{}"}, {"Signed", "Union{Int8,UInt8}", "Int8"},
    /* the diagonal rule: a variable only in covariant positions is one concrete type */
    {"Tuple{T,T} where T", "Tuple{Int64,Float64}", "Union{}"},
    {"Tuple{Vararg{T}} where T", "Tuple{Int64,Float64}", "Union{}"},
    {"Tuple{T,Vector{T}} where T", "Tuple{Int64,Vector{Float64}}", "Union{}"},
    {"Tuple{T,T,Vector{T}} where T", "Tuple{Int64,Float64,Vector{Real}}", "Tuple{Int64,Float64,Vector{Real}}"},
};

Test(subtype, intersection)
{
    for (size_t i = 0; i < sizeof inter_cases / sizeof inter_cases[0]; i++) {
        const icase_t *c = &inter_cases[i];
        jl_value_t *got = jl_type_intersection(T(c->a), T(c->b));
        char buf[256];
        jl_static_show_type(buf, sizeof buf, got);
        cr_expect(jl_types_equal(got, T(c->r)), "typeintersect(%s, %s) = %s, expected %s", c->a, c->b, buf, c->r);
        jl_value_t *rev = jl_type_intersection(T(c->b), T(c->a));
        cr_expect(jl_types_equal(rev, T(c->r)), "typeintersect(%s, %s) (reversed)", c->b, c->a);
    }
    /* an over-approximation never loses common elements */
    jl_value_t *x = jl_type_intersection(T("Tuple{T,Vector{T}} where T"), T("Tuple{Integer,Any}"));
    cr_expect(jl_subtype(T("Tuple{Int64,Vector{Int64}}"), x));
}

typedef struct {
    const char *a, *b;
    int ab, ba;
} mscase_t;

static const mscase_t ms_cases[] = {
    {"Tuple{Int64}", "Tuple{Integer}", 1, 0}, {"Tuple{Int64,Any}", "Tuple{Any,Int64}", 0, 0},
    {"Tuple{Int64}", "Tuple{Vararg{Int64}}", 1, 0}, {"Tuple{Int64,Vararg{Int64}}", "Tuple{Vararg{Int64}}", 1, 0},
    {"Tuple{Type{Int64}}", "Tuple{DataType}", 1, 0}, {"Tuple{Type{Int64}}", "Tuple{Type{T}} where T", 1, 0},
    {"Tuple{Vector{Int64}}", "Tuple{AbstractVector{T}} where T", 1, 0}, {"Tuple{T,T} where T", "Tuple{Any,Any}", 1, 0},
    {"Tuple{Int64,Int64}", "Tuple{T,T} where T", 1, 0}, {"Tuple{Int64}", "Tuple{String}", 0, 0},
    {"Tuple{Integer,Int64}", "Tuple{Int64,Integer}", 0, 0}, {"Tuple{Int64,Integer}", "Tuple{Integer,Integer}", 1, 0},
    {"Tuple{Union{Int64,String}}", "Tuple{Any}", 1, 0}, {"Tuple{Int64}", "Tuple{Union{Int64,String}}", 1, 0},
    {"Tuple{Int64,Vararg{Any}}", "Tuple{Any,Int64}", 0, 0}, {"Tuple{Int64,String}", "Tuple{Int64,Vararg{Any}}", 1, 0},
    {"Tuple{Type{T}} where T<:Integer", "Tuple{DataType}", 1, 0}, {"Tuple{Vector{T}} where T", "Tuple{Any}", 1, 0},
    {"Tuple{Int64,Vararg{Int64}}", "Tuple{Int64}", 0, 1},
    {"Tuple{Vector, Any}", "Tuple{AbstractArray{T}, T} where T", 0, 0},
    {"Tuple{Vector, Any}", "Tuple{AbstractArray{T}, Any} where T", 1, 0},
    {"Tuple{Int64, Any}", "Tuple{T, T} where T", 0, 0},
    /* Type{P} beats Type{T} and Ptr beats T: Julia orders these without an ambiguity (the tied T is no
       tie-breaker when each position of the other side is at least as specific) */
    {"Tuple{Type{P}, Ptr} where P<:Ptr", "Tuple{Type{T}, T} where T", 1, 0},
    {"Tuple{Type{T}, T} where T<:Ptr", "Tuple{Type{P}, Ptr} where P<:Ptr", 1, 0},
    /* naming Int64 beats a diagonal variable bounded by Real (Julia's tuple_morespecific: one position
       more specific, the other equal once closed), as *(::Rational, ::Rational) beats *(::T, ::T) */
    {"Tuple{Int64, Real}", "Tuple{T, T} where T<:Real", 1, 0},
    {"Tuple{Vector, Vector}", "Tuple{T, T} where T<:AbstractVector", 1, 0},
    {"Tuple{Vector{T}, Any} where T", "Tuple{AbstractVector{Int64}, Int64}", 0, 0},
    /* u(::Type{Ptr{T}}, ::Ptr{T}) beats both u(::Type{T}, ::T) and u(::Type{P}, ::Ptr) where P<:Ptr */
    {"Tuple{Type{Ptr{T}}, Ptr{T}} where T", "Tuple{Type{T}, T} where T", 1, 0},
    {"Tuple{Type{Ptr{T}}, Ptr{T}} where T", "Tuple{Type{P}, Ptr} where P<:Ptr", 1, 0},
    {"Tuple{Type{Ptr{UInt8}}, Ptr{UInt8}}", "Tuple{Type{Ptr{T}}, Ptr{T}} where T", 1, 0},
};

Test(subtype, specificity)
{
    for (size_t i = 0; i < sizeof ms_cases / sizeof ms_cases[0]; i++) {
        const mscase_t *c = &ms_cases[i];
        cr_expect_eq(jl_type_morespecific(T(c->a), T(c->b)), c->ab, "morespecific(%s, %s)", c->a, c->b);
        cr_expect_eq(jl_type_morespecific(T(c->b), T(c->a)), c->ba, "morespecific(%s, %s)", c->b, c->a);
    }
}

Test(subtype, show_type)
{
    char buf[128];
    jl_static_show_type(buf, sizeof buf, T("Union{Int64,String}"));
    cr_expect_str_eq(buf, "Union{Int64, String}");
    jl_static_show_type(buf, sizeof buf, T("Vector{Int64}"));
    cr_expect_str_eq(buf, "Array{Int64, 1}");
    jl_static_show_type(buf, sizeof buf, T("Tuple{Int64,Vararg{Any}}"));
    cr_expect_str_eq(buf, "Tuple{Int64, Vararg{Any}}");
}
