# ranges.jl -- UnitRange/StepRange/OneTo/Char ranges, float ranges with Julia's double-double
# (TwicePrecision) semantics, range(start, stop; length/step), LinRange, and their printing.
using Test

disp(x) = sprint(show, MIME("text/plain"), x)

@testset "ranges" begin
    @testset "integer and Char ranges" begin
        @test collect(1:4) == [1, 2, 3, 4]
        @test length(10:-3:1) == 4 && collect(10:-3:1) == [10, 7, 4, 1]
        @test isempty(5:4) && length(5:4) == 0
        @test repr(1:2:10) == "1:2:9"
        @test repr(5:4) == "5:4"
        @test repr(Base.OneTo(3)) == "Base.OneTo(3)"
        @test collect('a':'c') == ['a', 'b', 'c']
        @test repr('a':'e') == "'a':1:'e'"
        @test length('a':'z') == 26
        @test (1:10)[2:4] == 2:4
        @test reverse(1:3) == 3:-1:1
        @test sum(1:100) == 5050
        @test 3 in 1:5 && !(6 in 1:5)
        @test (1:3) .+ 1 === 2:4
        @test 2 .* (1:3) === 2:2:6
        @test (1:3) .^ 2 == [1, 4, 9]
        @test typeof(1:3) == UnitRange{Int64}
        @test typeof(1:2:5) == StepRange{Int64, Int64}
        @test_throws BoundsError (1:3)[4]
        @test_throws ArgumentError 1:0:5
    end

    @testset "float ranges" begin
        r = 0:0.1:1
        @test length(r) == 11
        @test repr(r) == "0.0:0.1:1.0"
        @test collect(r) == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
        @test r[4] === 0.3                 # not 0.30000000000000004
        @test (0.1:0.1:0.5)[3] === 0.3
        @test typeof(r) == StepRangeLen{Float64, Base.TwicePrecision{Float64}, Base.TwicePrecision{Float64}, Int64}
        @test repr(typeof(r)) == "StepRangeLen{Float64, Base.TwicePrecision{Float64}, Base.TwicePrecision{Float64}, Int64}"
        @test collect(1:0.5:3) == [1.0, 1.5, 2.0, 2.5, 3.0]
        @test repr(1.0:3.0) == "1.0:1.0:3.0"
        @test sum(0:0.1:1) ≈ 5.5
        @test repr(reverse(0:0.25:1)) == "1.0:-0.25:0.0"
        @test collect(0.1:0.2:0.9) == [0.1, 0.3, 0.5, 0.7, 0.9]
        @test length(0:0.1:0.3) == 4
        @test [x for x in -2.0:0.5:0.0] == [-2.0, -1.5, -1.0, -0.5, 0.0]
        @test disp(0:0.5:1) == "0.0:0.5:1.0"
    end

    @testset "range and LinRange" begin
        @test repr(range(0, 1, length=5)) == "0.0:0.25:1.0"
        @test collect(range(0, 1, length=11)) == collect(0:0.1:1)
        @test range(1, step=2, length=3) == 1:2:5
        @test repr(range(1.0, step=0.5, length=3)) == "1.0:0.5:2.0"
        @test range(0, stop=10, step=2.5) == [0.0, 2.5, 5.0, 7.5, 10.0]
        @test range(1, 4) === 1:4
        l = LinRange(0, 1, 5)
        @test repr(l) == "LinRange{Float64}(0.0, 1.0, 5)"
        @test collect(l) == [0.0, 0.25, 0.5, 0.75, 1.0]
        @test disp(l) == "5-element LinRange{Float64, Int64}:\n 0.0, 0.25, 0.5, 0.75, 1.0"
        @test length(LinRange(0, 1, 0)) == 0
    end
    @testset "range arithmetic stays a range" begin
        @test (1:3) * 2 === 2:2:6
        @test 2 * (1:3) === 2:2:6
        @test -(1:3) === -1:-1:-3
        @test string((1:3) / 2) == "0.5:0.5:1.5"
        @test string((0:0.1:1) .* 2) == "0.0:0.2:2.0"
        @test string((0:0.1:0.3) * 3) == "0.0:0.3:0.9"
        @test string(-(1.0:0.5:2.0)) == "-1.0:-0.5:-2.0"
        @test string(range(0, 1, length=3) .+ 1) == "1.0:0.5:2.0"
        @test string(LinRange(0, 1, 3) .+ 1) == "LinRange{Float64}(1.0, 2.0, 3)"
        @test string((1:3) .+ 0.5) == "1.5:1.0:3.5"
        @test 2 .- (1:3) === 1:-1:-1
        @test (1:3) + (2:4) === 3:2:7
        @test StepRange(1, 2, 7) === 1:2:7
        @test collect((0:0.1:1) .+ 1) == [x + 1 for x in 0:0.1:1]
    end
end
