# inference_refine.jl -- branch conditions that narrow a variable's type (`x !== nothing`, `!(x === c)`,
# `while (y = iterate(...)) !== nothing`) and calls on Union-typed values that have one method: inferred
# concretely and compiled without dynamic dispatch or allocation. A call on a Union-typed value whose
# members dispatch to different methods (or to none) is split into type tests and direct calls.
using Test

# the calls in optimized code that still go through dynamic dispatch (not builtins, not invokes)
function dynamic_calls(f, types)
    ci = code_typed(f, types)[1].first
    calls = Any[]
    for st in ci.code
        e = Meta.isexpr(st, :(=)) ? st.args[2] : st
        Meta.isexpr(e, :call) || continue
        g = e.args[1]
        g isa GlobalRef && (g = getfield(g.mod, g.name))
        g isa Core.Builtin || push!(calls, g)
    end
    calls
end

not_nothing(x) = x !== nothing ? x : 0
negated_is(x) = !(x === nothing) ? x : 0
is_something(x::Union{Nothing, Float64}) = x !== nothing

function sum_iterate(itr)
    s = 0.0
    y = iterate(itr)
    y === nothing && return s
    s += y[1]
    st = y[2]
    while (y = iterate(itr, st)) !== nothing
        x, st = y
        s += x
    end
    s
end

# a slot reassigned between the test and the branch is not narrowed by the test
function reassigned_after_test(x, z)
    c = x !== nothing
    x = z
    c ? x : 0
end

@testset "conditions narrow the tested variable" begin
    @test Base.return_types(not_nothing, (Union{Nothing, Int},)) == Any[Int]
    @test Base.return_types(negated_is, (Union{Nothing, Int},)) == Any[Int]
    @test not_nothing(nothing) === 0 && not_nothing(5) === 5
    @test negated_is(nothing) === 0 && negated_is(7) === 7
    @test Base.return_types(reassigned_after_test, (Union{Nothing, Int}, Union{Nothing, Int})) ==
          Any[Union{Nothing, Int}]
    @test reassigned_after_test(1, nothing) === nothing
end

@testset "iterate loops: the assigned variable is narrowed" begin
    @test isempty(dynamic_calls(sum_iterate, (Vector{Float64},)))
    v = collect(1.0:10000.0)
    @test sum_iterate(v) == 50005000.0
    @test sum_iterate(Float64[]) == 0.0
    @test (@allocated sum_iterate(v)) < 1000   # nothing per element
end

@testset "one method for every member of a Union: no dynamic call" begin
    @test isempty(dynamic_calls(is_something, (Union{Nothing, Float64},)))
    @test is_something(1.5) && !is_something(nothing)
end

struct Tree
    left::Union{Tree, Nothing}
    right::Union{Tree, Nothing}
end
grow(d) = d == 0 ? Tree(nothing, nothing) : Tree(grow(d - 1), grow(d - 1))
nodes(t::Tree) = 1 + (t.left === nothing ? 0 : nodes(t.left) + nodes(t.right))
left_nodes(t::Tree) = nodes(t.left)     # no method for the Nothing member
describe(x::Int) = x + 1
describe(x::Float64) = 2x
describe(x::String) = length(x)
describe_field(r::Base.RefValue{Union{Int, Float64, String}}) = describe(r[])

function invokes(f, types)
    ci = code_typed(f, types)[1].first
    count(st -> Meta.isexpr(Meta.isexpr(st, :(=)) ? st.args[2] : st, :invoke), ci.code)
end

@testset "calls on a Union split into type tests and direct calls" begin
    @test invokes(nodes, (Tree,)) == 2
    t = grow(12)
    @test nodes(t) == 2^13 - 1
    allocs(t) = @allocated nodes(t)
    allocs(t)
    @test allocs(t) == 0
    @test left_nodes(grow(3)) == 7
    @test_throws MethodError left_nodes(Tree(nothing, nothing))
    @test invokes(describe_field, (Base.RefValue{Union{Int, Float64, String}},)) == 3
    r = Ref{Union{Int, Float64, String}}(1)
    @test describe_field(r) === 2
    r[] = 1.5
    @test describe_field(r) === 3.0
    r[] = "abc"
    @test describe_field(r) === 3
end

describe(x::Int) = x + 10     # a redefinition reaches the split call

@testset "a split call sees redefinitions" begin
    @test describe_field(Ref{Union{Int, Float64, String}}(1)) === 11
end

@testset "issorted with the default ordering" begin
    a = collect(1.0:10000.0)
    @test issorted(a)
    @test (@allocated issorted(a)) < 1000
    b = copy(a); b[500] = 0.0
    @test !issorted(b)
    @test issorted([3, 2, 1]; rev = true)
    @test !issorted([1, 3, 2])
    @test issorted(["a", "b", "c"])
end

# keyword calls: the NamedTuple and closure objects the keyword machinery builds and never uses are
# removed, so `parse(Int, s, base = 16)` in a loop allocates nothing
function parse_hex_sum(strs)
    t = 0
    for s in strs
        t += parse(Int64, s, base = 16)
    end
    t
end

# a String's bytes read through pointer(s) in compiled code
function count_byte(s::String, b::UInt8)
    n = 0
    for i in 1:ncodeunits(s)
        n += codeunit(s, i) == b
    end
    n
end

@testset "unused objects of keyword calls are not built" begin
    strs = [string(i, base = 16) for i in 1:2000]
    @test parse_hex_sum(strs) == sum(1:2000)
    @test (@allocated parse_hex_sum(strs)) < 1000   # nothing per call
    @test_throws ArgumentError parse_hex_sum(["fg"])
    @test count_byte("abracadabra", UInt8('a')) == 5
    @test count_byte("", UInt8('a')) == 0
    @test count_byte("ü ü", 0xc3) == 2
end

@testset "cumsum/accumulate typed by their values" begin
    @test Base.return_types(cumsum, (Vector{Float64},)) == Any[Vector{Float64}]
    @test cumsum([0.5, 0.25, 0.25]) == [0.5, 0.75, 1.0]
    c = cumsum(Int8[100, 100])
    @test c == [100, 200] && eltype(c) == Int
    @test eltype(cumsum(Float64[])) == Float64 && isempty(cumsum(Float64[]))
    a = accumulate((x, y) -> y, Any[1, 2.5, "x"])
    @test eltype(a) == Any && a[1] === 1 && a[2] === 2.5 && a[3] == "x"
    b = accumulate((x, y) -> y, Any[1, 2.5])
    @test eltype(b) == Real && b == [1, 2.5]
    @test accumulate(*, [1, 2, 3], init = 2) == [2, 4, 12]
    @test cumsum(1:4) == [1, 3, 6, 10]
end
