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

@testset "numbers: the issue's line" begin
    io = IOBuffer()
    println(io, 0.1 + 0.2, " ", 1/3, " ", 2^62, " ", typemax(Int), " ", 1e300*10)
    @test String(take!(io)) == "0.30000000000000004 0.3333333333333333 4611686018427387904 9223372036854775807 1.0e301\n"
    @test string(1e308 * 10) == "Inf"
end

@testset "Int128 and UInt128" begin
    @test string(typemax(Int128)) == "170141183460469231731687303715884105727"
    @test string(typemin(Int128)) == "-170141183460469231731687303715884105728"
    @test repr(typemax(UInt128)) == "0xffffffffffffffffffffffffffffffff"
    @test string(typemax(UInt128)) == "340282366920938463463374607431768211455"
    @test Int128(2)^100 == parse(Int128, "1267650600228229401496703205376")
    @test div(Int128(10)^30, Int128(7)) == parse(Int128, "142857142857142857142857142857")
    @test Int128(10)^30 % Int128(7) == 1
    @test parse(UInt128, "ff", base = 16) === UInt128(255)
    @test widen(Int64) === Int128
    @test string(Int128(-255), base = 16) == "-ff"
end

@testset "checked arithmetic" begin
    @test Base.checked_add(1, 2) === 3
    @test_throws OverflowError Base.checked_add(typemax(Int), 1)
    @test sprint(showerror, try Base.checked_add(typemax(Int), 1) catch e; e end) ==
        "OverflowError: 9223372036854775807 + 1 overflowed for type Int64"
    @test sprint(showerror, try Base.checked_mul(Int8(100), Int8(2)) catch e; e end) ==
        "OverflowError: 100 * 2 overflowed for type Int8"
    @test sprint(showerror, try Base.checked_neg(typemin(Int)) catch e; e end) ==
        "OverflowError: checked arithmetic: cannot compute -x for x = -9223372036854775808::Int64"
    @test_throws OverflowError Base.checked_sub(typemin(Int32), Int32(1))
    @test_throws OverflowError Base.checked_abs(typemin(Int8))
    @test Base.checked_pow(3, 4) == 81
    @test_throws OverflowError Base.checked_pow(10, 19)
    @test Base.add_with_overflow(typemax(Int), 1) == (typemin(Int), true)
    @test Base.mul_with_overflow(UInt8(16), UInt8(16)) == (0x00, true)
end

@testset "powers and literal_pow" begin
    x = 3
    @test x^2 === 9
    @test x^-1 === 1/3
    @test 2^-2 === 0.25
    @test 0.1^2 === 0.1 * 0.1
    @test (-2)^3 === -8
    @test 2.0^-1 === 0.5
    p = -1
    @test_throws DomainError 3^p
    @test sprint(showerror, try 3^p catch e; e end) == "DomainError with -1:\nCannot raise an integer x to a negative power -1.\nMake x or -1 a float by adding a zero decimal (e.g., 2.0^-1 or 2^-1.0 instead of 2^-1) or write 1/x^1, float(x)^-1, x^float(-1) or (x//1)^-1."
    @test 1^p === 1
    @test (-1)^p === -1
    @test 10^19 == -8446744073709551616
    @test_throws DomainError (-8.0)^(1/3)
    @test 2.0^0.5 == sqrt(2.0)
end

@testset "integer functions" begin
    @test gcd(12, 18) == 6
    @test gcd(6, -9) == 3
    @test gcd(0, 0) == 0
    @test gcd(0, 0, 10, 15) == 5
    @test lcm(-2, 3) == 6
    @test lcm(1, 3, 5, 7) == 105
    @test gcdx(12, 42) == (6, -3, 1)
    @test gcdx(240, 46) == (2, -9, 47)
    @test invmod(2, 5) == 3
    @test invmod(5, 6) == 5
    @test_throws DomainError invmod(2, 4)
    @test powermod(2, 6, 5) == 4
    @test powermod(5, 3, 19) == 11
    @test isqrt(5) == 2
    @test isqrt(typemax(Int)) == 3037000499
    @test factorial(20) == 2432902008176640000
    @test sprint(showerror, try factorial(21) catch e; e end) ==
        "OverflowError: 21 is too large to look up in the table; consider using `factorial(big(21))` instead"
    @test binomial(5, 3) == 10
    @test binomial(-5, 3) == -35
    @test_throws OverflowError binomial(200, 100)
    @test nextpow(2, 7) == 8
    @test prevpow(2, 9) == 8
    @test ispow2(64) && !ispow2(65)
    @test ndigits(0) == 1
    @test ndigits(-123) == 3
    @test ndigits(1022, base = 16) == 3
    @test ndigits(123, pad = 5) == 5
    @test digits(10) == [0, 1]
    @test digits(10, base = 2) == [0, 1, 0, 1]
    @test digits(-256, base = 10, pad = 5) == [-6, -5, -2, 0, 0]
    @test count_ones(0x0f) == 4
    @test count_zeros(Int8(1)) == 7
    @test leading_zeros(Int16(1)) == 15
    @test trailing_zeros(8) == 3
    @test leading_ones(0xf0) == 4
    @test trailing_ones(0x0f) == 4
    @test bswap(0x1234) === 0x3412
    @test bitstring(Int32(4)) == "00000000000000000000000000000100"
    @test bitstring(2.2) == "0100000000000001100110011001100110011001100110011001100110011010"
    @test bitstring(true) == "00000001"
    @test reinterpret(UInt64, 1.0) === 0x3ff0000000000000
    @test reinterpret(Float32, 0x3f800000) === 1.0f0
end

@testset "integers to strings and parsing" begin
    @test string(5, base = 13, pad = 4) == "0005"
    @test string(-13, base = 5, pad = 4) == "-0023"
    @test string(255, base = 16) == "ff"
    @test string(255, base = 2) == "11111111"
    @test string(61, base = 62) == "z"
    @test string(0, pad = 0) == ""
    @test string(typemin(Int8)) == "-128"
    @test repr(0x05) == "0x05"
    @test repr(UInt32(255)) == "0x000000ff"
    @test parse(Int, "  -42 ") == -42
    @test parse(Int, "+7") == 7
    @test parse(Int, "0x1f") == 31
    @test parse(Int, "0b101") == 5
    @test parse(Int, "0o17") == 15
    @test parse(Int, "zz", base = 36) == 1295
    @test parse(Int, "Z", base = 62) == 35
    @test parse(Int8, "-128") === Int8(-128)
    @test parse(UInt8, "255") === 0xff
    @test tryparse(Int, "x") === nothing
    @test tryparse(Int8, "128") === nothing
    @test tryparse(Float64, "1.5e3") === 1500.0
    @test tryparse(Float64, "1.5x") === nothing
    @test parse(Float64, " 0.1 ") === 0.1
    @test parse(Float64, "-Inf") === -Inf
    @test parse(Float32, "1.5") === 1.5f0
    @test parse(Bool, "true") === true
    @test parse(Int, '7') === 7
    msg(f) = try f(); "" catch e; sprint(showerror, e) end
    @test msg(() -> parse(Int, "12a")) == "ArgumentError: invalid base 10 digit 'a' in \"12a\""
    @test msg(() -> parse(Int, "")) == "ArgumentError: input string is empty or only contains whitespace"
    # Julia 1.10: a lone sign is reported as an empty input; a lone base prefix as a premature end
    @test msg(() -> parse(Int, "-")) == "ArgumentError: input string is empty or only contains whitespace"
    @test msg(() -> parse(Int, "0x")) == "ArgumentError: premature end of integer: \"0x\""
    @test msg(() -> parse(Int, "1 2")) == "ArgumentError: extra characters after whitespace in \"1 2\""
    @test msg(() -> parse(Int8, "300")) == "OverflowError: overflow parsing \"300\""
    @test msg(() -> parse(Int, "1", base = 63)) == "ArgumentError: invalid base: base must be 2 ≤ base ≤ 62, got 63"
    @test msg(() -> parse(Float64, "abc")) == "ArgumentError: cannot parse \"abc\" as Float64"
end

@testset "rounding" begin
    @test round(2.5) === 2.0
    @test round(3.5) === 4.0
    @test round(-2.5, RoundNearestTiesAway) === -3.0
    @test round(2.5, RoundNearestTiesUp) === 3.0
    @test round(2.1, RoundUp) === 3.0
    @test round(-2.1, RoundToZero) === -2.0
    @test round(-2.1, RoundDown) === -3.0
    @test round(2.1, RoundFromZero) === 3.0
    @test round(Int, 2.5) === 2
    @test round(Int, 3.5) === 4
    @test round(Int8, 2.7, RoundDown) === Int8(2)
    @test floor(Int, -2.5) === -3
    @test ceil(UInt8, 2.1) === 0x03
    @test trunc(Int, -2.7) === -2
    @test round(pi, digits = 3) == 3.142
    @test round(2.567, digits = 2) == 2.57
    @test round(1234.5678, digits = -2) == 1200.0
    @test round(123.456, sigdigits = 2) == 120.0
    @test round(0.000123456, sigdigits = 3) == 0.000123
    @test round(12345, sigdigits = 2) == 12000
    @test round(5.5, base = 2) == 6.0
    @test floor(2.567, digits = 1) == 2.5
    @test ceil(2.521, digits = 2) == 2.53
    @test sprint(showerror, try trunc(Int, 1e20) catch e; e end) == "InexactError: trunc(Int64, 1.0e20)"
    @test sprint(showerror, try Int(2.5) catch e; e end) == "InexactError: Int64(2.5)"
    @test_throws InexactError round(Int, NaN)
    @test repr(RoundUp) == "RoundingMode{:Up}()"
end

@testset "float properties" begin
    @test eps() === 2.220446049250313e-16
    @test eps(Float32) === 1.1920929f-7
    @test eps(1000.0) === 1.1368683772161603e-13
    @test eps(0.0) === 5.0e-324
    @test eps(floatmax(Float64)) === 1.99584030953472e292
    @test floatmax() === 1.7976931348623157e308
    @test floatmin() === 2.2250738585072014e-308
    @test floatmax(Float32) === 3.4028235f38
    @test floatmax(Float16) === Float16(65504.0)
    @test maxintfloat() === 9.007199254740992e15
    @test maxintfloat(Float32) === 1.6777216f7
    @test nextfloat(1.0) === 1.0000000000000002
    @test prevfloat(1.0) === 0.9999999999999999
    @test nextfloat(1.0f0) === 1.0000001f0
    @test nextfloat(-0.0) === 5.0e-324
    @test prevfloat(0.0) === -5.0e-324
    @test nextfloat(floatmax(Float64)) === Inf
    @test nextfloat(1.0, 3) === 1.0000000000000007
    @test exponent(8.0) == 3
    @test significand(12.0) === 1.5
    @test frexp(12.0) == (0.75, 4)
    @test ldexp(1.5, 3) === 12.0
    @test issubnormal(5.0e-324)
    @test precision(Float64) == 53
    @test repr(Float16(1.5) + Float16(2)) == "Float16(3.5)"
    @test typemax(Float16) === Inf16
end

@testset "math functions" begin
    @test hypot(3, 4) === 5.0
    @test hypot(3, 4, 12) ≈ 13.0
    @test cbrt(27.0) === 3.0
    @test cbrt(-8) === -2.0
    @test sinpi(1.0) === 0.0
    @test cospi(1.0) === -1.0
    @test sinpi(0.5) === 1.0
    @test fma(2.0, 3.0, 1.0) === 7.0
    @test muladd(2, 3, 1) === 7
    @test exp2(10) === 1024.0
    @test exp10(2) === 100.0
    @test log(2, 8) === 3.0
    @test log2(8) === 3.0
    @test atan(1, 1) === pi / 4
    @test deg2rad(180) === Float64(π)
    @test rad2deg(π) === 180.0
    @test mod2pi(10.0) ≈ 10.0 - 2π
    @test sind(30) ≈ 0.5
    @test sincos(0.0) === (0.0, 1.0)
    @test evalpoly(2, (1, 2, 3)) == 17
    msg(f) = try f(); "" catch e; sprint(showerror, e) end
    @test msg(() -> sqrt(-1.0)) == "DomainError with -1.0:\nsqrt was called with a negative real argument but will only return a complex result if called with a complex argument. Try sqrt(Complex(x))."
    @test msg(() -> log(-1.0)) == "DomainError with -1.0:\nlog was called with a negative real argument but will only return a complex result if called with a complex argument. Try log(Complex(x))."
    @test msg(() -> sin(Inf)) == "DomainError with Inf:\nsin(x) is only defined for finite x."
    @test msg(() -> asin(2.0)) == "DomainError with 2.0:\nasin(x) is not defined for |x| > 1."
    @test_throws DomainError log1p(-2.0)
    @test_throws DomainError acosh(0.5)
    @test sqrt(Float32(4)) === 2.0f0
    @test exp(Float32(0)) === 1.0f0
end

@testset "irrationals" begin
    @test repr(π) == "π"
    @test string(π) == "π"
    @test sprint(show, MIME"text/plain"(), π) == "π = 3.1415926535897..."
    @test sprint(show, MIME"text/plain"(), ℯ) == "ℯ = 2.7182818284590..."
    @test Float64(π) === 3.141592653589793
    @test Float32(π) === 3.1415927f0
    @test 2π === 6.283185307179586
    @test π / 2 === 1.5707963267948966
    @test π + π === 6.283185307179586
    @test π > 3.141592653589793
    @test π != 3.141592653589793
    @test π == π
    @test ℯ^2 == exp(2)
    @test log(ℯ) == 1
    @test Base.MathConstants.e === ℯ
    @test Base.MathConstants.golden ≈ 1.618033988749895
    @test typeof(π) === Irrational{:π}
    @test Float64(π, RoundUp) === nextfloat(3.141592653589793)
    @test Float64(π, RoundDown) === 3.141592653589793
    @test 1 + π === 4.141592653589793
end

@testset "mod1, fld1, fldmod1" begin
    @test mod1(7, 3) == 1
    @test mod1(6, 3) == 3
    @test mod1(-1, 3) == 2
    @test fld1(7, 3) == 3
    @test fld1(6, 3) == 2
    @test fldmod1(7, 3) == (3, 1)
    @test fldmod1(6, 3) == (2, 3)
    @test mod1(5.5, 2) == 1.5
    @test mod1(4.0, 2) == 2.0
    @test mod1(0x07, 0x03) === 0x01
    @test mod1(0x07, 3) === 1
    @test mod1(7, 0x03) === 1
    @test [mod1(i, 4) for i in 0:8] == [4, 1, 2, 3, 4, 1, 2, 3, 4]
end

# messages and results checked against Julia 1.10 (boot.jl conversions, errorshow.jl, checked.jl,
# intfuncs.jl, rational.jl, complex.jl)
errmsg(f) = try f(); "no error" catch e; sprint(showerror, e) end
@testset "conversion errors name Julia's function" begin
    @test errmsg(() -> UInt8(-1)) == "InexactError: trunc(UInt8, -1)"
    @test errmsg(() -> UInt(-1)) == "InexactError: check_top_bit(UInt64, -1)"
    @test errmsg(() -> UInt64(Int8(-1))) == "InexactError: check_top_bit(UInt64, -1)"
    @test errmsg(() -> Int(typemax(UInt))) == "InexactError: check_top_bit(Int64, 18446744073709551615)"
    @test errmsg(() -> Int8(0xffff)) == "InexactError: check_top_bit(Int8, 65535)"
    @test errmsg(() -> Int8(0x00ff)) == "InexactError: trunc(Int8, 255)"
    @test errmsg(() -> Int8(200)) == "InexactError: trunc(Int8, 200)"
    @test errmsg(() -> UInt8(300)) == "InexactError: trunc(UInt8, 300)"
    @test errmsg(() -> Int(2.5)) == "InexactError: Int64(2.5)"
    @test errmsg(() -> Int(Inf16)) == "InexactError: Int64(Inf)"
    @test errmsg(() -> round(Int, 1e20)) == "InexactError: trunc(Int64, 1.0e20)"
    @test errmsg(() -> round(Int8, 127.6)) == "InexactError: trunc(Int8, 128.0)"
    @test Int16(0x7fff) === Int16(32767)
    @test UInt16(Int8(5)) === 0x0005
end
@testset "checked arithmetic messages" begin
    @test errmsg(() -> Base.checked_abs(typemin(Int))) ==
          "OverflowError: checked arithmetic: cannot compute |x| for x = -9223372036854775808::Int64"
    @test errmsg(() -> Base.checked_neg(typemin(Int8))) ==
          "OverflowError: checked arithmetic: cannot compute -x for x = -128::Int8"
    @test errmsg(() -> Base.checked_add(0xff, 0x01)) == "OverflowError: 255 + 1 overflowed for type UInt8"
    @test errmsg(() -> typemax(Int)//1 + 1//1) == "OverflowError: 9223372036854775807 + 1 overflowed for type Int64"
end
@testset "mixed-sign mod, clamp to a type, invmod, gcd of rationals" begin
    @test mod(7, 0x03) === 0x0000000000000001
    @test mod(-1, 0x03) === 0x0000000000000002
    @test mod(0x07, -3) === -2
    @test clamp(300, UInt8) === 0xff
    @test clamp(-5, UInt8) === 0x00
    @test clamp(5, Int8) === Int8(5)
    @test invmod(big(3), 7) == 5
    @test invmod(3, big(7)) isa BigInt
    @test invmod(5, 1) == 0
    @test gcd(2//3, 4//9) === 2//9
    @test lcm(2//3, 4//9) === 4//3
    @test repr(gcd(2//3, 4//9)) == "2//9"
end
@testset "round of Complex and Irrational, sigdigits" begin
    @test repr(round(2.5 + 3.5im)) == "2.0 + 4.0im"
    @test round(1.26 - 2.71im; digits=1) == 1.3 - 2.7im
    @test round(2.5 + 2.5im, RoundUp, RoundDown) == 3.0 + 2.0im
    @test round(pi, sigdigits=3) === 3.14
    @test round(1//3, sigdigits=2) === 0.33
    @test round(pi, digits=3) === 3.142
end
@testset "rationalize (Julia's continued-fraction algorithm)" begin
    @test rationalize(5.6) === 28//5
    @test rationalize(BigInt, 10.3) == 103//10
    @test rationalize(BigInt, 10.3) isa Rational{BigInt}
    @test rationalize(0.1) === 1//10
    @test rationalize(-0.75) === -3//4
    @test rationalize(Int, Float64(pi); tol=0.01) === 22//7
    @test rationalize(Int8, 0.3) === Int8(3)//Int8(10)
    @test rationalize(Int8, 1000.5) === Int8(1)//Int8(0)   # the first convergent overflows Int8
    @test rationalize(Inf) === 1//0
    @test rationalize(Int, 7//3) === 7//3
    @test errmsg(() -> rationalize(Int, 0.5, -1)) == "ArgumentError: negative tolerance -1"
end
@testset "math DomainError texts" begin
    @test errmsg(() -> acos(2.0)) == "DomainError with 2.0:\nacos(x) not defined for |x| > 1"
    @test errmsg(() -> asin(2.0)) == "DomainError with 2.0:\nasin(x) is not defined for |x| > 1."
    @test errmsg(() -> sin(Inf)) == "DomainError with Inf:\nsin(x) is only defined for finite x."
    @test errmsg(() -> sqrt(-1.0)) == "DomainError with -1.0:\nsqrt was called with a negative real argument but will only return a complex result if called with a complex argument. Try sqrt(Complex(x))."
    @test errmsg(() -> log(-1.0)) == "DomainError with -1.0:\nlog was called with a negative real argument but will only return a complex result if called with a complex argument. Try log(Complex(x))."
end
primitive type Prim16 16 end
@testset "show of pointers and primitive types" begin
    @test repr(C_NULL) == "Ptr{Nothing} @0x0000000000000000"
    @test repr(Ptr{Int}(16)) == "Ptr{Int64} @0x0000000000000010"
    @test repr(reinterpret(Prim16, 0x0102)) == "Prim16(0x0102)"
end
@testset "sind/cosd in degrees as Julia (exact at multiples of 30 and 45)" begin
    @test sind(30) === 0.5
    @test cosd(60) === 0.5
    @test sind(90) === 1.0
    @test sind(180) === 0.0
    @test sind(-180) === -0.0
    @test cosd(90) === 0.0
    @test sind(45) === cosd(45)
    @test tand(45) === 1.0
    @test sind(30.0f0) === 0.5f0
    @test sincosd(30) === (0.5, cosd(30))
    @test errmsg(() -> sind(Inf)) == "DomainError with Inf:\n`x` cannot be infinite."
    @test isnan(cosd(NaN))
end
@testset "left division of numbers" begin
    @test 2 \ 10 === 5.0
    @test (1 + 1im) \ (2 + 2im) == 2.0 + 0.0im
    @test 4.0 \ 1 === 0.25
end
@testset "promotion with Nothing and Missing" begin
    @test promote_type(Nothing, Int) === Union{Nothing, Int64}
    @test promote_type(Int, Missing) === Union{Missing, Int64}
    @test promote_type(Union{Int, Missing}, Float64) === Union{Missing, Float64}
    @test promote_type(Union{Int, Nothing}, Float64) === Union{Nothing, Float64}
    @test promote_type(Nothing, Missing) === Union{Nothing, Missing}
    @test promote_type(Any, Missing) === Any
    @test [1, nothing] isa Vector{Union{Nothing, Int64}}
    @test [1, missing, 2.0] isa Vector{Union{Missing, Float64}}
    @test repr([nothing, 1]) == "Union{Nothing, Int64}[nothing, 1]"
    @test repr([missing, 1]) == "Union{Missing, Int64}[missing, 1]"
end
