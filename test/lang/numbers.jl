# numbers.jl -- arithmetic and comparison on Int64/Float64/Bool and the other primitive types,
# promotion and conversion (InexactError), integer division, and printing of numbers.
using Test

@testset "numbers" begin
    @testset "integers" begin
        @test 1 + 2 == 3
        @test 7 - 10 == -3
        @test 6 * 7 == 42
        @test 7 ÷ 2 == 3
        @test -7 ÷ 2 == -3
        @test 7 % 3 == 1
        @test -7 % 3 == -1
        @test mod(-7, 3) == 2
        @test fld(-7, 2) == -4
        @test cld(7, 2) == 4
        @test divrem(7, 3) == (2, 1)
        @test 2^10 == 1024
        @test typemax(Int64) + 1 == typemin(Int64)
        @test abs(-3) == 3
        @test 5 & 3 == 1
        @test 5 | 3 == 7
        @test xor(5, 3) == 6
        @test 1 << 4 == 16
        @test -16 >> 2 == -4
        @test -16 >>> 60 == 15
        @test gcd(12, 18) == 6
        @test lcm(4, 6) == 12
        @test isodd(3) && iseven(4)
        @test count_ones(255) == 8
        @test leading_zeros(1) == 63
        @test factorial(10) == 3628800
    end
    @testset "floats" begin
        @test 0.1 + 0.2 != 0.3
        @test 1 / 2 == 0.5
        @test 2.0^0.5 == sqrt(2.0)
        @test floor(2.7) == 2.0
        @test ceil(2.1) == 3.0
        @test round(2.5) == 2.0
        @test trunc(-2.7) == -2.0
        @test isnan(0.0 / 0.0)
        @test isinf(1 / 0)
        @test -0.0 == 0.0
        @test !isequal(-0.0, 0.0)
        @test isequal(NaN, NaN)
        @test NaN != NaN
        @test min(1.0, 2.0) == 1.0
        @test max(-1.5, 2) == 2
        @test 3.0 % 2.0 == 1.0
        @test Float32(1.5) + Float32(2) === Float32(3.5)
    end
    @testset "promotion and conversion" begin
        @test 1 + 2.5 === 3.5
        @test true + 1 === 2
        @test 0x01 + 1 === 2
        @test Int8(1) + Int8(2) === Int8(3)
        @test UInt8(200) + UInt8(100) === UInt8(44)
        @test promote(1, 2.0) === (1.0, 2.0)
        @test promote_type(Int8, Int64) === Int64
        @test promote_type(UInt8, Int8) === UInt8
        @test promote_type(Int64, Float32) === Float32
        @test convert(Float64, 3) === 3.0
        @test Int(3.0) === 3
        @test_throws InexactError Int(3.5)
        @test_throws InexactError UInt8(300)
        @test Float64(1) === 1.0
        @test 1 == 1.0
        @test 1 < 1.5
        @test UInt(5) == 5
        @test -1 < UInt(1)
        @test Bool(1) === true
        @test_throws DivideError 1 ÷ 0
    end
    @testset "printing numbers" begin
        @test string(1) == "1"
        @test string(-42) == "-42"
        @test string(0.1) == "0.1"
        @test string(0.1 + 0.2) == "0.30000000000000004"
        @test string(1.0e-5) == "1.0e-5"
        @test string(1e16) == "1.0e16"
        @test string(1e15) == "1.0e15"
        @test string(100000.0) == "100000.0"
        @test string(1234567.0) == "1.234567e6"
        @test string(-0.0) == "-0.0"
        @test string(1 / 3) == "0.3333333333333333"
        @test string(Inf) == "Inf"
        @test string(NaN) == "NaN"
        @test repr(1.5f0) == "1.5f0"
        @test string(1.5f0) == "1.5"
        @test repr(UInt8(5)) == "0x05"
        @test string(UInt8(5)) == "5"
        @test repr(0xff) == "0xff"
        @test repr(UInt16(1)) == "0x0001"
        @test string(true) == "true"
        @test repr(Int8(-3)) == "-3"
        @test string(typemax(Int)) == "9223372036854775807"
        @test string(2^62) == "4611686018427387904"
        @test string(1e300 * 10) == "1.0e301"
        @test string(255, base = 16) == "ff"
        @test string(5, pad = 3) == "005"
    end
end
