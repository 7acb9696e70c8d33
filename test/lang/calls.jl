# calls.jl -- keyword arguments (defaults seeing earlier arguments, kw...), default positional
# arguments, varargs and splatting, destructuring.
using Test

kwf(x; y=2, z=x + y) = (x, y, z)
defaults(a, b=a * 2, c=b + 1) = (a, b, c)
varf(xs...) = length(xs)
first_and_rest(a, rest...) = (a, rest)
kwrest(; kws...) = sort([string(p.first, "=", p.second) for p in kws])
needs_kw(; req) = req

@testset "calls" begin
    @testset "keyword arguments" begin
        @test kwf(1) == (1, 2, 3)
        @test kwf(1; y=5) == (1, 5, 6)
        @test kwf(1, z=0) == (1, 2, 0)
        nt = (y = 10,)
        @test kwf(1; nt...) == (1, 10, 11)
        @test kwrest(a=1, b=2) == ["a=1", "b=2"]
        @test needs_kw(req=3) == 3
        @test_throws UndefKeywordError needs_kw()
        # kw... is a Base.Pairs whose value type is the element type of the keywords (Julia's)
        kwall(; kws...) = kws
        @test typeof(kwall(z=4)) === Base.Pairs{Symbol, Int64, Tuple{Symbol}, @NamedTuple{z::Int64}}
        @test sprint(show, kwall()) == "Base.Pairs{Symbol, Union{}, Tuple{}, @NamedTuple{}}()"
        @test sprint(show, kwall(z=4)) == "Base.Pairs(:z => 4)"
        @test eltype(kwall(a=1, b=2.0)) === Pair{Symbol, Real}
    end
    @testset "default positional arguments" begin
        @test defaults(1) == (1, 2, 3)
        @test defaults(1, 5) == (1, 5, 6)
        @test defaults(1, 5, 0) == (1, 5, 0)
    end
    @testset "varargs and splatting" begin
        @test varf() == 0
        @test varf(1, 2, 3) == 3
        @test first_and_rest(1, 2, 3) == (1, (2, 3))
        args = [4, 5, 6]
        @test varf(args...) == 3
        @test +(args...) == 15
        @test max(1, 7, 3) == 7
        t = (1, 2)
        @test defaults(t...) == (1, 2, 3)
    end
    @testset "destructuring" begin
        a, b = 1, 2
        a, b = b, a
        @test (a, b) == (2, 1)
        x, y, z = [7, 8, 9]
        @test y == 8
        (; p, q) = (q = 4, p = 3)
        @test p == 3 && q == 4
        f1, = (5, 6)
        @test f1 == 5
    end
end

@testset "parenthesized assignment is a positional argument" begin
    pa(a, b) = (a, b)
    r = pa(1, (i = 3))
    @test r == (1, 3)
    @test i == 3
    @test Meta.parse("f(a, (i = x))").args[3].head === :(=)
    @test Meta.parse("f(a, i = x)").args[3].head === :kw
    # Julia prints an assignment among call arguments in the Expr form (show_list's kw fallback)
    @test string(Meta.parse("f(a, (i = x), k = 2)")) == "f(a, \$(Expr(:(=), :i, :x)), k = 2)"
end

# an unnamed `::Type{T}` argument is passed on by the methods that fill in defaults and keywords
ut_pos(::Type{T}, x = zero(T)) where {T} = x
ut_kw(::Type{T}; k = one(T)) where {T} = k
ut_two(::Type{T}, ::Type{S} = T) where {T, S} = (T, S)
ut_va(::Type{T}, xs::T...; scale = 2) where {T} = scale * sum(xs; init = zero(T))
@testset "defaults and keywords with an unnamed Type{T} argument" begin
    @test ut_pos(Int) === 0
    @test ut_pos(Float64, 2.5) === 2.5
    @test ut_kw(Int) === 1
    @test ut_kw(Float64; k = 3.0) === 3.0
    @test ut_two(Int) == (Int, Int)
    @test ut_two(Int, String) == (Int, String)
    @test ut_va(Int, 1, 2) == 6
    @test ut_va(Int; scale = 5) == 0
end
