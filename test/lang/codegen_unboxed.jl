# codegen_unboxed.jl -- compiled code keeps immutable tuples and structs with pointer fields
# (Tuple{Body,Int64}, Pair{String,Int}, structs with a String field, closures) unboxed, and
# Union{Nothing, T} loop states as a tag and a payload: results through calls, arrays, Any
# containers, garbage collections and exceptions, and the code_llvm of such loops (no generic calls,
# no boxing).
using Test
using InteractiveUtils

mutable struct UBody
    x::Float64
    v::Float64
    m::Float64
end

struct Named
    name::String
    n::Int
end

struct Holder
    inner::Named
    tag::Tuple{String, Int}
    anything::Any
end

struct Partial
    a::String
    b::Int
    Partial() = new()
    Partial(a) = new(a, 1)
end

function step!(bodies::Vector{UBody}, dt::Float64)
    for b in bodies
        b.x += dt * b.v
    end
    return nothing
end

function total_mass(bodies::Vector{UBody})
    m = 0.0
    for b in bodies
        m += b.m
    end
    return m
end

@noinline mkpair(s::String, i::Int) = (s, i)
@noinline swap(t::Tuple{Any, Any}) = (t[2], t[1])
@noinline named(s::String, i::Int) = Named(s, i)
@noinline hold(n::Named, x) = Holder(n, (n.name, n.n), x)

function strings_len(v::Vector{String})
    n = 0
    for s in v
        n += length(s)
    end
    return n
end

function pair_sum(d::Dict{String, Int})
    total = 0
    keys = 0
    for (k, v) in d
        total += v
        keys += length(k)
    end
    return (total, keys)
end

# an iterator of its own whose state is a tuple holding a String
struct Words
    words::Vector{String}
end
Base.iterate(w::Words) = isempty(w.words) ? nothing : (w.words[1], (w.words[1], 2))
function Base.iterate(w::Words, st::Tuple{String, Int})
    i = st[2]
    i > length(w.words) ? nothing : (string(st[1], "+", w.words[i]), (w.words[i], i + 1))
end

function joined(w::Words)
    out = String[]
    for s in w
        push!(out, s)
    end
    return out
end

function gc_survivors(n::Int)
    t = (string("a", n), n)
    p = ("x" ^ 3) => n + 1
    acc = 0
    for i in 1:n
        u = (string(i), i)     # fresh strings referenced only by unboxed values
        GC.gc()
        acc += parse(Int, u[1]) + length(t[1]) + length(p.first)
    end
    return (acc, t, p)
end

function boxed_into_any(n::Int)
    v = Any[]
    for i in 1:n
        push!(v, (string(i), i))
        push!(v, Named(string("n", i), i))
    end
    GC.gc()
    return v
end

function nested(n::Int)
    h = hold(named("in", n), [n])
    t = ((h.inner.name, n), h.tag)
    return (t[1][1], t[2][2], h.anything[1], t)
end

function closure_sum(v::Vector{Int}, s::String)
    f = x -> x + length(s)
    acc = 0
    for x in v
        acc += f(x)
    end
    return acc
end

@noinline function fail_with(t::Tuple{String, Int})
    t[2] > 0 && error("bad ", t[1])
    return t
end
catcher(t) = try
    fail_with(t)
    nothing
catch e
    (e, catch_backtrace())
end

@testset "loops over a Vector of mutable structs" begin
    bs = [UBody(Float64(i), 1.0, 2.0 * i) for i in 1:5]
    step!(bs, 0.5)
    @test [b.x for b in bs] == [1.5, 2.5, 3.5, 4.5, 5.5]
    @test total_mass(bs) == 30.0
    @test total_mass(UBody[]) == 0.0
    for f in (step!, total_mass)
        argt = f === step! ? (Vector{UBody}, Float64) : (Vector{UBody},)
        ir = sprint(code_llvm, f, argt)
        @test occursin("define", ir)
        @test !occursin("jl_apply_generic", ir)
        @test !occursin("jl_tuplev", ir) && !occursin("jl_f_tuple", ir)
        @test !occursin("jl_box_", ir)
        @test !occursin("jl_gc_alloc", ir)
        @test !occursin(r"call ptr %\d+\(", ir)   # no builtin through its C entry point
    end
end

@testset "tuples and structs with strings" begin
    t = mkpair("abc", 3)
    @test t == ("abc", 3) && t isa Tuple{String, Int}
    @test swap(t) == (3, "abc")
    @test t === ("ab" * "c", 3)          # === compares the strings' contents
    @test t !== ("abd", 3)
    n = named("z", 7)
    @test n.name == "z" && n.n == 7
    @test sprint(show, n) == "Named(\"z\", 7)"
    @test isequal(n, Named("z", 7)) && hash(n) == hash(Named("z", 7))
    v = [mkpair(string(i), i) for i in 1:4]
    @test v[3] == ("3", 3)
    v[2] = swap(swap(v[4]))
    @test v == [("1", 1), ("4", 4), ("3", 3), ("4", 4)]
    @test strings_len(["ab", "", "cde"]) == 5
    @test pair_sum(Dict("a" => 1, "bb" => 2, "ccc" => 3)) == (6, 6)
    p = Partial()
    @test !isdefined(p, :a)
    @test_throws UndefRefError p.a
    @test Partial("q").a == "q"
end

@testset "Union{Nothing, Tuple} loop states" begin
    @test joined(Words(["a", "b", "c"])) == ["a", "a+b", "b+c"]
    @test joined(Words(String[])) == String[]
    ir = sprint(code_llvm, strings_len, (Vector{String},))
    @test !occursin("jl_apply_generic", ir) && !occursin("jl_box_", ir)
    @test !occursin(r"call ptr %\d+\(", ir)
end

struct ConstPt
    x::Int
    y::Float64
end
const CONST_PT = ConstPt(3, 2.5)
@noinline pt_product(p::ConstPt) = p.x * p.y
pass_const_pt(k) = pt_product(CONST_PT) * k
function shift_left!(v::Vector{Int}, r::Int)
    for i in 1:r
        v[i] = v[i+1]
    end
    return v
end

@testset "isbits constants are LLVM constants" begin
    @test pass_const_pt(2) == 15.0
    @test occursin("{ i64 3, double 2.500000e+00 }", sprint(code_llvm, pass_const_pt, (Int,)))
    # the loop's first state (1, 1) is known, so `v[i]` needs no check and `v[i+1]` one against the end
    @test shift_left!([1, 2, 3, 4], 3) == [2, 3, 4, 4]
    @test_throws BoundsError shift_left!([1, 2, 3], 3)
    ir = sprint(code_llvm, shift_left!, (Vector{Int}, Int))
    @test count("jl_bounds_error", ir) == 1
end

@testset "garbage collection, boxing, nesting, closures" begin
    acc, t, p = gc_survivors(30)
    @test acc == sum(1:30) + 30 * (3 + 3)
    @test t == ("a30", 30) && p == ("xxx" => 31)
    v = boxed_into_any(50)
    @test length(v) == 100
    @test v[1] == ("1", 1) && v[99] == ("50", 50) && v[100] == Named("n50", 50)
    @test all(x -> x isa Union{Tuple{String, Int}, Named}, v)
    r = nested(5)
    @test r == ("in", 5, 5, (("in", 5), ("in", 5)))
    @test closure_sum([1, 2, 3], "four") == 6 + 3 * 4
end

@testset "exceptions through compiled frames with unboxed values" begin
    e, bt = catcher(("boom", 1))
    @test e isa ErrorException && e.msg == "bad boom"
    @test occursin("fail_with(t::Tuple{String, Int64})", sprint(Base.show_backtrace, bt))
    @test catcher(("fine", 0)) === nothing
end

five_bodies() = [UBody(1.0, 0.0, 1.0), UBody(2.0, 0.0, 1.0), UBody(3.0, 0.0, 1.0), UBody(4.0, 0.0, 1.0),
                 UBody(5.0, 0.0, 1.0)]
six_strings(a) = [a, a, a, a, a, a]

@testset "array literals of many elements infer their element type" begin
    # vect(X...) -> promote_typeof(x, xs...) recurses once per element; the recursion drops an
    # argument each time, so inference is not cut off at a nesting depth
    @test code_typed(five_bodies, ())[1].second == Vector{UBody}
    @test code_typed(six_strings, (String,))[1].second == Vector{String}
    @test six_strings("q") == fill("q", 6)
    @test sum(b -> b.x, five_bodies()) == 15.0
end
