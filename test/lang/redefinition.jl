# redefinition.jl -- redefining a method takes effect at the next call, also for callers defined
# before the redefinition (no stale dispatch cache).
using Test

version() = 1
caller() = version() + 100
g(x::Int) = "int"
@testset "method redefinition" begin
    @test caller() == 101
    @eval version() = 2
    @test version() == 2
    @test caller() == 102
    @eval caller() = version() * 10
    @test caller() == 20
    @test g(1) == "int"
    @eval g(x::Integer) = "integer"
    @test g(1) == "int"
    @test g(0x01) == "integer"
    @eval g(x::Int) = "new int"
    @test g(1) == "new int"
    @test length(methods(g)) == 2
end

# A new method skips the specializations of methods it provably cannot share a call with (gf.c
# methods_disjoint); these cases overlap and must still reach compiled callers.
abstract type Shape end
struct Sq <: Shape; s::Float64; end
struct Circ <: Shape; r::Float64; end
area(x::Shape) = -1.0
use_area(x) = area(x) + 0.0
widen_vec(v::AbstractVector) = "abstract"
use_vec(v) = widen_vec(v)
count_va(xs...) = length(xs)
use_va(a, b) = count_va(a, b)
struct Box; v::Int; end
Box(x::Float64) = Box(round(Int, x))
make_box(x) = Box(x)
@testset "new methods reach compiled callers through overlapping signatures" begin
    @test use_area(Sq(2.0)) == -1.0 && use_area(Circ(1.0)) == -1.0
    @eval area(x::Sq) = x.s^2                     # a subtype of the old argument type
    @test use_area(Sq(2.0)) == 4.0 && use_area(Circ(1.0)) == -1.0
    @eval area(x::String) = 0.0                   # disjoint: nothing changes
    @test use_area(Sq(3.0)) == 9.0
    @test use_vec([1, 2]) == "abstract"
    @eval widen_vec(v::Vector{Int}) = "concrete"  # the same name chain, parameters differ
    @test use_vec([1, 2]) == "concrete" && use_vec([1.0]) == "abstract"
    @test use_va(1, 2) == 2
    @eval count_va(a::Int, b::Int) = -1           # fixed arity against varargs
    @test use_va(1, 2) == -1 && use_va(1.0, 2) == 2
    @test make_box(2.6) == Box(3)
    @eval Box(x::Float64) = Box(floor(Int, x))    # a constructor replaced
    @test make_box(2.6) == Box(2)
    @eval Box(x::String) = Box(length(x))         # another constructor of the same type
    @test make_box("abc") == Box(3) && make_box(2.6) == Box(2)
end

# a compiled caller of a system image's specialization is invalidated with it (its backedge is kept
# beside the image's list, not in a copy of it)
include(joinpath(@__DIR__, "include", "child.jl"))
@testset "callers of the image's code see its redefinition" begin
    prog = """
        label(n::Int) = string(isodd(n), iseven(n)) * "!"
        total(v::Vector{Int}) = sum(v) + length(v)
        precompile(label, (Int,)) && precompile(total, (Vector{Int},)) || error("not compiled")
        println(label(3), " ", total([1, 2]))
        @eval Base.isodd(n::Int) = n == 1
        @eval Base.length(v::Vector{Int}) = 100
        println(label(3), " ", label(1), " ", total([1, 2]))
        """
    @test run_julep(prog)[1:3] == ("truefalse! 5\nfalsefalse! truefalse! 103\n", "", 0)
end

# constant propagation's results are reused across callers compiled in the same world; each caller
# that inlined one still depends on what that result was inferred from
cp_scale(x) = x * 2
cp_step(x) = cp_scale(x) + 1
cp_use_a(n) = cp_step(3) + n
cp_use_b(n) = cp_step(3) - n
cp_use_c(n) = (cp_step(3), cp_step(4), n)
@testset "callers sharing a constant-propagated call are invalidated together" begin
    @test cp_use_a(0) == 7 && cp_use_b(0) == 7 && cp_use_c(1) == (7, 9, 1)
    @test Base.return_types(cp_use_b, (Int,)) == [Int]
    @eval cp_scale(x) = x * 100
    @test cp_use_a(0) == 301
    @test cp_use_b(1) == 300
    @test cp_use_c(2) == (301, 401, 2)
    @eval cp_step(x) = -x
    @test (cp_use_a(0), cp_use_b(0), cp_use_c(0)) == (-3, -3, (-3, -4, 0))
end
