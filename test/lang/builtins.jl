# builtins.jl -- Core's builtin functions and Core.Intrinsics as Julia code sees them: egal, field
# access and its errors, type definitions (redefinition, parametric recursion), splatting, invoke,
# globals, and intrinsic arithmetic (wrapping, checked, division errors, shifts, conversions).
using Test

struct BPair
    s::String
    n::Int
end
mutable struct BMut
    a::Int
    const k::Int
    b
end
struct BNode{T}
    val::T
    next::Union{BNode{T}, Nothing}
end
abstract type BAbs end
struct BConc <: BAbs end
primitive type BPrim24 24 end

bdispatch(x) = "any"
bdispatch(x::Int) = "int"

@testset "builtins" begin
    @testset "egal" begin
        @test BPair("a", 1) === BPair("a", 1)
        @test !(BPair("a", 1) === BPair("b", 1))
        @test !(BMut(1, 2, 3) === BMut(1, 2, 3))
        m = BMut(1, 2, 3)
        @test m === m
        @test (1, "x") === (1, "x")
        @test 1 !== 1.0
        @test NaN === NaN
        @test !(0.0 === -0.0)
    end
    @testset "fields" begin
        p = BPair("a", 7)
        @test getfield(p, 2) == 7
        @test getfield(p, :s) == "a"
        @test nfields(p) == 2
        @test fieldtype(BPair, :n) === Int
        @test fieldtype(BPair, 1) === String
        @test isdefined(p, :s)
        @test !isdefined(p, :zz)
        @test_throws ErrorException getfield(p, :zz)
        @test_throws BoundsError getfield(p, 3)
        @test_throws TypeError getfield(p, 1.0)
        @test_throws ErrorException setfield!(p, :n, 1)
        m = BMut(1, 2, nothing)
        setfield!(m, :a, 5)
        @test m.a == 5
        @test_throws TypeError setfield!(m, :a, "no")
        @test_throws ErrorException setfield!(m, :k, 3)
        @test swapfield!(m, :a, 6) == 5
        @test modifyfield!(m, :a, +, 1) == Pair(6, 7)
        @test replacefield!(m, :a, 7, 8) == (old = 7, success = true)
        @test replacefield!(m, :a, 7, 9) == (old = 8, success = false)
        e = try
            getfield(p, :zz)
        catch err
            err
        end
        @test e.msg == "type BPair has no field zz"
        e = try
            setfield!(p, :n, 1)
        catch err
            err
        end
        @test e.msg == "setfield!: immutable struct of type BPair cannot be changed"
    end
    @testset "types" begin
        @test BConc() isa BAbs
        @test BConc <: BAbs
        @test sizeof(BPrim24) == 3
        @test sizeof(BPair) == 16
        n = BNode(1, BNode(2, nothing))
        @test n.next.val == 2
        @test typeof(n) === BNode{Int}
        @test fieldtype(BNode{Int}, :val) === Int
        @test isbitstype(Tuple{Int, Float64})
        @test Core.Typeof(Int) === Type{Int}
        @test Core.Typeof(1) === Int
        @test_throws TypeError Core.isa(1, 2)  # bare `isa` is an infix operator in macro arguments
        @test typeassert(1, Integer) === 1
        @test_throws TypeError typeassert(1, String)
        @test ifelse(true, 1, 2) == 1
        @test_throws TypeError ifelse(1, 1, 2)
    end
    @testset "calls" begin
        f(xs...) = xs
        @test f((1, 2)..., [3, 4]...) == (1, 2, 3, 4)
        @test f("ab"...) == ('a', 'b')
        @test invoke(bdispatch, Tuple{Any}, 1) == "any"
        @test bdispatch(1) == "int"
        @test applicable(bdispatch, 1)
        @test Core._apply_iterate(iterate, tuple, (1,), (2,)) == (1, 2)
        @test Core.svec(1, 2)[2] == 2
    end
    @testset "intrinsics" begin
        I = Core.Intrinsics
        @test I.add_int(typemax(Int8), Int8(1)) === typemin(Int8)
        @test I.mul_int(typemax(Int), 2) === -2
        @test I.checked_sadd_int(typemax(Int), 1) === (typemin(Int), true)
        @test I.checked_sadd_int(1, 2) === (3, false)
        @test_throws DivideError I.sdiv_int(1, 0)
        @test_throws DivideError I.checked_sdiv_int(typemin(Int), -1)
        @test I.shl_int(1, UInt(64)) === 0
        @test I.ashr_int(-16, UInt(100)) === -1
        @test I.lshr_int(-1, UInt(60)) === 15
        @test I.sext_int(Int64, Int8(-3)) === -3
        @test I.zext_int(Int64, Int8(-3)) === 253
        @test I.trunc_int(Int8, 0x1ff) === Int8(-1)
        @test I.bitcast(UInt64, 1.0) === 0x3ff0000000000000
        @test I.ctlz_int(1) === 63
        @test I.fptosi(Int, -3.7) === -3
        @test I.sitofp(Float64, -5) === -5.0
        @test I.fptrunc(Float32, 0.1) === 0.1f0
        @test I.fpiseq(NaN, NaN)
        @test !I.eq_float(NaN, NaN)
        @test I.rint_llvm(2.5) === 2.0
        @test 7 ÷ 2 == 3
        @test_throws DivideError 1 ÷ 0
    end
end
