# rational.jl -- Rational{T}: construction and normalization, arithmetic with integers and floats,
# comparison, rounding, conversion and printing (`3//4`).
using Test

@testset "rational" begin
    @testset "construction" begin
        @test 3//4 isa Rational{Int64}
        @test 6//8 == 3//4
        @test numerator(6//8) == 3
        @test denominator(6//8) == 4
        @test -3//-6 === 1//2
        @test 3//-6 === -1//2
        @test 1//0 == Rational(1, 0)
        @test -5//0 === -1//0
        @test sprint(showerror, try 0//0 catch e; e end) == "ArgumentError: invalid rational: zero(Int64)//zero(Int64)"
        @test Int8(3)//Int8(6) isa Rational{Int8}
        @test Rational(0.75) === 3//4
        @test Rational(5) === 5//1
        @test numerator(7) == 7 && denominator(7) == 1
        @test (1//2)//(3//4) === 2//3
        @test 2//(3//4) === 8//3
    end
    @testset "arithmetic" begin
        @test 3//4 + 1//4 === 1//1
        @test 1//3 - 1//2 === -1//6
        @test (1//2) * (2//3) === 1//3
        @test (1//2) / (1//4) === 2//1
        @test 1//2 + 1 === 3//2
        @test 2 * (3//4) === 3//2
        @test 1 - 1//3 === 2//3
        @test 1//2 + 0.5 === 1.0
        @test (2//3)^2 === 4//9
        @test (2//3)^-2 === 9//4
        @test inv(3//4) === 4//3
        @test -(1//2) === -1//2
        @test abs(-1//2) === 1//2
        @test float(3//4) === 0.75
        @test Float32(1//4) === 0.25f0
        @test Int(6//3) === 2
        @test_throws InexactError Int(1//2)
        @test_throws OverflowError typemax(Int)//1 + 1//1
        @test mod(7//2, 2) === 3//2
        @test div(7//2, 1//2) === 7
    end
    @testset "comparison" begin
        @test 1//2 < 2//3
        @test 2//3 > 1//2
        @test 1//2 <= 1//2
        @test 1//2 == 0.5
        @test 1//3 != 1/3
        @test 3//1 == 3
        @test 1//2 < 1
        @test isless(1//3, 1//2)
        @test max(1//2, 1//3) === 1//2
        @test hash(2//1) == hash(2)
        @test iszero(0//5) && isone(3//3)
        @test isinteger(4//2) && !isinteger(1//2)
    end
    @testset "rounding" begin
        @test round(7//2) === 4//1
        @test round(5//2) === 2//1
        @test round(Int, 5//2) === 2
        @test round(Int, 7//2) === 4
        @test round(Int, -5//2, RoundNearestTiesAway) === -3
        @test floor(Int, -7//2) === -4
        @test ceil(Int, 7//2) === 4
        @test trunc(Int, -7//2) === -3
        @test floor(7//2) === 3//1
    end
    @testset "printing" begin
        @test string(3//4) == "3//4"
        @test repr(-3//4) == "-3//4"
        @test sprint(print, 1//0) == "1//0"
        @test repr([1//2, 3//4]) == "Rational{Int64}[1//2, 3//4]"
        @test repr(UInt8(1)//UInt8(2)) == "0x01//0x02"
    end
end
