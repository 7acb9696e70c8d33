# base_misc.jl -- assorted Base utilities: hash/isequal, Ref, Some, @assert, @time/@elapsed output,
# IOBuffer, sprint, eval/Core.eval, identity/ntuple/Val, sorting helpers.
using Test

struct Key
    a::Int
    b::String
end
Base.@kwdef struct Opts
    n::Int = 3
    name::String = "x"
    extra
end

@testset "base misc" begin
    @test hash(1) == hash(1.0)
    @test hash("abc") == hash(string("ab", "c"))
    @test isequal(Key(1, "x"), Key(1, "x"))
    @test Key(1, "x") === Key(1, string("x"))
    r = Ref(5)
    r[] += 1
    @test r[] == 6
    @test something(nothing, 3) == 3
    @test something(Some(nothing), 1) === nothing
    @test_throws AssertionError @assert false
    @test (@assert true) === nothing
    t = @elapsed sum(1:100)
    @test t isa Float64 && t >= 0
    io = IOBuffer()
    Base.time_print(io, 1_500_000_000, 96, 0, 3, 0, 0, true)
    @test String(take!(io)) == "  1.500000 seconds (3 allocations: 96 bytes)\n"
    Base.time_print(io, 123_000, 0, 0, 0, 0, 0, true)
    @test String(take!(io)) == "  0.000123 seconds\n"
    Base.time_print(io, 2_000_000, 2048, 0, 1, 0, 0, true)
    @test String(take!(io)) == "  0.002000 seconds (1 allocation: 2.000 KiB)\n"
    @test sprint(show, 1.0) == "1.0"
    @test sprint(io -> print(io, "a", 2)) == "a2"
    @test eval(:(2 * 3)) == 6
    @test Core.eval(Main, :(1 + 1)) == 2
    @test ntuple(i -> i^2, 3) == (1, 4, 9)
    @test identity(:x) === :x
    @test Val(3) isa Val{3}
    @test issorted([1, 2, 2, 5])
    @test sort(["b", "a"]) == ["a", "b"]
    @test sort([3, 1, 2]; by = x -> -x) == [3, 2, 1]
    @test minmax(3, 1) == (1, 3)
    @test clamp(5, 1, 3) == 3
    @test typejoin(Int, Float64) === Real
    @test promote_type(Int, Bool) === Int
    @test isa(1, Union{Int,String})
    @test Base.tail((1, 2, 3)) == (2, 3)
    @test first([5, 6]) == 5 && last([5, 6]) == 6
    @test Opts(extra = 1) == Opts(3, "x", 1)
    @test Opts(n = 5, extra = nothing).n == 5
end
