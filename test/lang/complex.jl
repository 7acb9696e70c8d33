# complex.jl -- Complex{T}: `im`, construction, arithmetic with reals and complexes, abs/angle/conj,
# elementary functions on the principal branch, powers, and printing (`1 + 2im`, `1.0 - 2.5im`).
using Test

@testset "complex" begin
    @testset "construction" begin
        @test 1 + 2im isa Complex{Int64}
        @test 1.0 - 2.5im isa ComplexF64
        @test im isa Complex{Bool}
        @test Complex(1, 2.0) === 1.0 + 2.0im
        @test complex(1, 2) === 1 + 2im
        @test ComplexF64(1) === 1.0 + 0.0im
        @test real(1 + 2im) === 1 && imag(1 + 2im) === 2
        @test reim(3 - 4im) === (3, -4)
        @test conj(1 + 2im) === 1 - 2im
        @test ComplexF32 === Complex{Float32}
        @test convert(ComplexF64, 2) === 2.0 + 0.0im
        @test Float64(3.0 + 0im) === 3.0
        @test_throws InexactError Float64(1.0 + 1.0im)
    end
    @testset "arithmetic" begin
        @test im * im === -1 + 0im
        @test 2im === 0 + 2im
        @test (1 + 2im) * (3 - 1im) === 5 + 5im
        @test (1 + 2im) + (3 - 1im) === 4 + 1im
        @test (1 + 2im) - 1 === 0 + 2im
        @test 2 * (1.5 + 1im) === 3.0 + 2.0im
        @test (1 + 2im) / (3 + 4im) === 0.44 + 0.08im
        @test (4 + 2im) / 2 === 2.0 + 1.0im
        @test inv(2.0im) === 0.0 - 0.5im
        @test (1 + 2im)^2 === -3 + 4im
        @test (1 + 1im)^10 === 0 + 32im
        @test (1 + 2im)^-1 === 0.2 - 0.4im
        @test (1 + 2im) == (1 + 2im)
        @test 1 + 0im == 1
        @test 1.0 + 0.0im == 1
        @test isreal(2 + 0im) && !isreal(im)
        @test hash(2 + 0im) == hash(2)
    end
    @testset "functions" begin
        @test abs(3 + 4im) === 5.0
        @test abs2(1 + 2im) === 5
        @test angle(1im) === pi / 2
        @test angle(-1 + 0im) === Float64(pi)
        @test sqrt(-1 + 0im) === 0.0 + 1.0im
        @test sqrt(-1 - 0.0im) === 0.0 - 1.0im
        @test sqrt(complex(-4.0)) === 0.0 + 2.0im
        @test sqrt(3 + 4im) === 2.0 + 1.0im
        @test exp(0im) === 1.0 + 0.0im
        @test exp(im * π) ≈ -1
        @test log(-1 + 0im) === 0.0 + 3.141592653589793im
        @test log(1.0im) === 0.0 + 1.5707963267948966im
        @test sin(1 + 1im) ≈ 1.2984575814159773 + 0.6349639147847361im
        @test cos(1 + 1im) ≈ 0.8337300251311491 - 0.9888977057628651im
        @test cis(0.0) === 1.0 + 0.0im
        @test (2.0 + 0im)^0.5 ≈ sqrt(2.0)
        @test (-8.0 + 0im)^(1/3) ≈ 1.0 + 1.7320508075688772im
        @test (1.0im)^2 === -1.0 + 0.0im
    end
    @testset "printing" begin
        @test repr(1 + 2im) == "1 + 2im"
        @test repr(1.0 - 2.5im) == "1.0 - 2.5im"
        @test string(3 - 4im) == "3 - 4im"
        @test repr(im) == "im"
        @test repr(Complex(true, false)) == "Complex(true,false)"
        @test repr(1.0 + Inf * im) == "1.0 + Inf*im"
        @test repr(Complex(NaN, NaN)) == "NaN + NaN*im"
        @test repr(-0.0 - 0.0im) == "-0.0 - 0.0im"
        @test repr(1.5f0 + 2im) == "1.5f0 + 2.0f0im"
        @test repr(Complex(1, typemin(Int))) == "1 - 9223372036854775808im"
        @test repr([1 + 2im, 3im]) == "Complex{Int64}[1 + 2im, 0 + 3im]"
        @test sprint(show, 1 - 2im; context = :compact => true) == "1-2im"
    end
end

# Julia's algorithms (complex.jl): robust division, ssqs-based sqrt/log, _cpow's special cases
@testset "complex division, sqrt, log, powers as Julia" begin
    @test repr((1 + 2im) / (3 + 4im)) == "0.44 + 0.08im"
    @test repr(inv(Complex(Inf, 1.0))) == "0.0 - 0.0im"
    @test inv(2.0 + 0.0im) === 0.5 - 0.0im
    @test (1e300 + 1e300im) / (1e300 + 1e300im) == 1.0 + 0.0im   # scaled, no overflow
    @test (1e-310 + 0im) / (1e-310 + 0im) == 1.0 + 0.0im
    @test repr(sqrt(-81 + 0.0im)) == "0.0 + 9.0im"
    @test repr(sqrt(-81 - 0.0im)) == "0.0 - 9.0im"
    @test sqrt(4.0 + 0.0im) === 2.0 + 0.0im
    @test sqrt(1e300 + 1e300im) ≈ 1.09868411346781e150 + 4.550898605622273e149im
    @test repr(log(-3 + 0im)) == "1.0986122886681098 + 3.141592653589793im"
    @test repr(log(-3 - 0.0im)) == "1.0986122886681098 - 3.141592653589793im"
    @test log(1.0 + 0.0im) === 0.0 + 0.0im
    @test repr((-1 + 0im)^0.5) == "0.0 + 1.0im"
    @test (2.0 + 0im)^2.0 === 4.0 + 0.0im
    @test (2.0 + 0.0im)^0 === 1.0 + 0.0im
    @test repr((0.0 + 0im)^-1.0) == "NaN + NaN*im"
    @test repr((4.0 + 0.0im)^0.5) == "2.0 + 0.0im"
    n = -1
    @test sprint(showerror, try (1 + 2im)^n catch e; e end) ==
          "DomainError with -1:\nCannot raise an integer x to a negative power -1.\nConvert input to float."
    @test repr((1 + 2im)^-1) == "0.2 - 0.4im"
    @test repr(tanh(Complex(1000.0, 1.0))) == "1.0 + 0.0im"
    @test tan(0.0 + 0.0im) == 0.0 + 0.0im
    @test repr(exp(Complex(-Inf, Inf))) == "-0.0 + 0.0im"
    @test isequal(exp(Complex(NaN, 0.0)), Complex(NaN, 0.0))
    @test (1 + 1im)^2 === 0 + 2im
end

@testset "inverse functions, expm1, log1p on Kahan's branch cuts" begin
    # principal values and round trips
    for z in (0.5 + 0.25im, -1.5 + 2.0im, 3.0 - 0.5im, -0.2 - 0.7im, 1e-3 + 2e3im)
        @test sin(asin(z)) ≈ z
        @test cos(acos(z)) ≈ z
        @test tan(atan(z)) ≈ z
        @test sinh(asinh(z)) ≈ z
        @test cosh(acosh(z)) ≈ z
        @test tanh(atanh(z)) ≈ z
        @test expm1(z) ≈ exp(z) - 1
        @test log1p(z) ≈ log(1 + z)
        @test -pi / 2 <= real(asin(z)) <= pi / 2 && 0 <= real(acos(z)) <= pi && real(acosh(z)) >= 0
    end
    @test asin(0.5 + 0.0im) ≈ pi / 6 && imag(asin(0.5 + 0.0im)) === 0.0
    @test acos(0.5 + 0.0im) ≈ pi / 3
    @test atan(1.0 + 0.0im) ≈ pi / 4
    # the cuts on the real axis: the sign of a zero imaginary part picks the side
    @test imag(asin(2.0 + 0.0im)) > 0 && imag(asin(2.0 - 0.0im)) < 0
    @test imag(acos(2.0 + 0.0im)) < 0 && imag(acos(2.0 - 0.0im)) > 0
    @test imag(atanh(2.0 + 0.0im)) ≈ pi / 2 && imag(atanh(2.0 - 0.0im)) ≈ -pi / 2
    @test imag(acosh(-2.0 + 0.0im)) ≈ pi && imag(acosh(-2.0 - 0.0im)) ≈ -pi
    @test real(atan(Complex(0.0, 2.0))) ≈ pi / 2 && real(atan(Complex(-0.0, 2.0))) ≈ -pi / 2
    @test imag(log1p(-2.0 + 0.0im)) ≈ pi && imag(log1p(-2.0 - 0.0im)) ≈ -pi
    @test asin(1.0 + 0.0im) === pi / 2 + 0.0im
    @test acos(1.0 + 0.0im) === 0.0 - 0.0im
    @test acos(0.0 + 0.0im) === pi / 2 - 0.0im
    # special values (C99 Annex G)
    @test acos(Inf + 0.0im) === 0.0 - Inf * im
    @test acos(-Inf - 0.0im) === pi + Inf * im
    @test asin(Inf + Inf * im) === pi / 4 + Inf * im
    @test atanh(1.0 + 0.0im) === Inf + 0.0im
    @test log1p(-1.0 + 0.0im) === -Inf + 0.0im
    @test expm1(-Inf + Inf * im) === -1.0 + 0.0im
    @test isequal(asin(NaN + 1.0im), NaN + NaN * im)
    # small arguments keep their accuracy
    z = 1e-10 + 1e-10im
    @test expm1(z) ≈ z + z^2 / 2 rtol = 1e-15
    @test log1p(z) ≈ z - z^2 / 2 rtol = 1e-15
    @test asin(z) ≈ z rtol = 1e-15
    @test atanh(z) ≈ z rtol = 1e-15
    # element types: Float32 stays Float32, integers go to Float64
    @test asin(ComplexF32(0.3, 0.7)) isa ComplexF32
    @test asin(ComplexF32(0.3, 0.7)) ≈ ComplexF32(asin(0.3 + 0.7im))   # Float32's default rtol
    @test ComplexF32(1, 1) ≈ ComplexF32(1 + 1f-7, 1) && 1 ≈ 1.0 + 1e-12 && !(100000000 ≈ 100000001)
    @test acos(2 + 0im) === acos(2.0 + 0.0im) && atanh(Complex(2, -1)) === atanh(2.0 - 1.0im)
    @test expm1(1 + 1im) === expm1(1.0 + 1.0im) && log1p(1 + 1im) === log1p(1.0 + 1.0im)
    @test exp2(1.0 + 0.0im) == 2.0 && exp10(2.0 + 0.0im) == 100.0 && exp2(0.5 + 1.0im) ≈ 2^(0.5 + 1.0im)
    # the reciprocal functions and their inverses
    @test sec(1.0 + 1.0im) ≈ inv(cos(1.0 + 1.0im)) && coth(0.5 + 2.0im) ≈ inv(tanh(0.5 + 2.0im))
    @test sech(0.5) === inv(cosh(0.5)) && csch(2) === inv(sinh(2.0))
    @test asec(2.0) ≈ pi / 3 && acot(1.0) ≈ pi / 4 && acsc(2.0) ≈ pi / 6 && acoth(2.0) ≈ atanh(0.5)
    @test asech(0.5) ≈ acosh(2.0) && acsch(0.5 + 0.5im) ≈ asinh(1.0 - 1.0im)
    @test asind(0.5) ≈ 30 && acosd(0.5) ≈ 60 && atand(1.0) ≈ 45 && atand(1.0, -1.0) ≈ 135
    @test secd(60) ≈ 2 && cotd(45) ≈ 1
    @test_throws DomainError asec(0.5)
end

@testset "parse(Complex{T}, s)" begin
    @test parse(ComplexF64, "1.5+2im") === 1.5 + 2.0im
    @test parse(ComplexF64, "1 + 2im") === 1.0 + 2.0im
    @test parse(ComplexF64, "3im") === 0.0 + 3.0im
    @test parse(ComplexF64, "-1.5e3-2.0im") === -1500.0 - 2.0im
    @test parse(ComplexF64, "1e-3+1e+3im") === 0.001 + 1000.0im
    @test parse(ComplexF64, "1+2i") === parse(ComplexF64, "1+2j") === 1.0 + 2.0im
    @test parse(ComplexF64, "  -2.5 ") === -2.5 + 0.0im
    @test parse(ComplexF64, "-inf") === -Inf + 0.0im
    @test parse(ComplexF64, "-3.5im") === 0.0 - 3.5im
    @test parse(Complex{Int}, "1 - 2im") === 1 - 2im
    @test parse(ComplexF32, "0.5+0.25im") === ComplexF32(0.5, 0.25)
    @test tryparse(ComplexF64, "1+2im") === 1.0 + 2.0im
    @test tryparse(ComplexF64, "1+2") === nothing
    @test tryparse(Complex{Int}, "1.5+2im") === nothing
    @test tryparse(ComplexF64, "im") === nothing
    msg(s, T = ComplexF64) = try parse(T, s); "" catch e; sprint(showerror, e) end
    @test msg("") == "ArgumentError: input string is empty or only contains whitespace"
    @test msg("1+2") == "ArgumentError: missing imaginary unit"
    @test msg("1+2m") == "ArgumentError: expected trailing \"im\", found only \"m\""
    @test msg("1x+2im") == "ArgumentError: cannot parse \"1x\" as Float64"
    @test msg("1+2.5im", Complex{Int}) == "ArgumentError: invalid base 10 digit '.' in \"2.5\""
end

struct MathExt end
Base.Math.sin(::MathExt) = :extended
@testset "Base.Math" begin
    @test Base.Math.sinpi === sinpi && Base.Math.sin === sin && Base.Math.atan === atan
    @test Base.Math.sec === sec && Base.Math.hypot === hypot && Base.Math.evalpoly === evalpoly
    @test Base.Math.sqrt(4.0) === 2.0 && Base.Math.cbrt(27.0) === 3.0
    @test Base.Math isa Module && parentmodule(Base.Math) === Base
    @test sin(MathExt()) === :extended
    @test (@eval module UsesMath using Base.Math: sinpi end; UsesMath.sinpi === sinpi)
    # the functions Julia defines in Math belong to it; the ones Math imports from Base stay Base's
    @test parentmodule(sinpi) === Base.Math && parentmodule(hypot) === Base.Math
    @test parentmodule(ldexp) === Base.Math && parentmodule(evalpoly) === Base.Math
    @test parentmodule(sin) === Base && parentmodule(sqrt) === Base && parentmodule(log) === Base
    @test sprint(show, sinpi) == "sinpi"
    # names: Math's exports and its own name, as Julia lists them
    mathnames = [:sin, :cos, :sincos, :tan, :sinh, :cosh, :tanh, :asin, :acos, :atan, :asinh, :acosh, :atanh,
        :sec, :csc, :cot, :asec, :acsc, :acot, :sech, :csch, :coth, :asech, :acsch, :acoth, :sinpi, :cospi,
        :sincospi, :tanpi, :sinc, :cosc, :cosd, :cotd, :cscd, :secd, :sind, :tand, :sincosd, :acosd, :acotd,
        :acscd, :asecd, :asind, :atand, :rad2deg, :deg2rad, :log, :log2, :log10, :log1p, :exponent, :exp,
        :exp2, :exp10, :expm1, :cbrt, :sqrt, :fourthroot, :significand, :hypot, :max, :min, :minmax, :ldexp,
        :frexp, :clamp, :clamp!, :modf, :^, :mod2pi, :rem2pi, Symbol("@evalpoly"), :evalpoly, :Math]
    @test sort(names(Base.Math)) == sort(mathnames)
    @test :sinpi in names(Base) && :sin in names(Base) && :hypot in names(Base)
    # the functions Math exports that were missing
    @test fourthroot(16.0) == 2.0 && fourthroot(81) == 3.0
    @test @evalpoly(3, 1, 0, 1) == 10 && @evalpoly(2, 1, 1, 1) == 7
    @test clamp!([1, 5, 10], 2, 6) == [2, 5, 6]
    @test tanpi(1) === -0.0 && tanpi(-2) === -0.0 && tanpi(0.0) === 0.0 && tanpi(-0.5) === -Inf
    @test tanpi(0.25) ≈ 1.0 && tanpi(1//4) ≈ 1.0
    @test_throws DomainError tanpi(Inf)
end

@testset "complex sin/cos/sinh/cosh/tan/tanh special values, sinpi/cospi/sincospi" begin
    # zero, infinite and NaN parts keep the signs of zeros C99 Annex G and Julia give
    @test isequal(sin(complex(0.0, -0.0)), complex(0.0, -0.0))
    @test isequal(sin(complex(-0.0, 2.0)), complex(-0.0, sinh(2.0)))
    @test isequal(sin(complex(Inf, 0.0)), complex(NaN, 0.0))
    @test isequal(sin(complex(Inf, -Inf)), complex(NaN, -Inf))
    @test isequal(sin(complex(NaN, 1.0)), complex(NaN, NaN))
    @test isequal(cos(complex(0.0, 0.0)), complex(1.0, -0.0))
    @test isequal(cos(complex(-0.0, 0.0)), complex(1.0, 0.0))
    @test isequal(cos(complex(0.0, NaN)), complex(NaN, 0.0))
    @test isequal(cos(complex(Inf, 0.0)), complex(NaN, -0.0))
    @test isequal(cos(complex(Inf, -0.0)), complex(NaN, 0.0))
    @test isequal(cos(complex(NaN, 0.0)), complex(NaN, 0.0))
    @test isequal(cos(complex(Inf, Inf)), complex(Inf, NaN))
    @test isequal(sinh(complex(0.0, Inf)), complex(0.0, NaN))
    @test isequal(sinh(complex(-0.0, Inf)), complex(-0.0, NaN))
    @test isequal(sinh(complex(Inf, 0.0)), complex(Inf, 0.0))
    @test isequal(cosh(complex(0.0, 0.0)), complex(1.0, 0.0))
    @test isequal(cosh(complex(0.0, NaN)), complex(NaN, 0.0))
    @test isequal(cosh(complex(Inf, 0.0)), complex(Inf, 0.0))
    @test isequal(tan(complex(0.0, -0.0)), complex(0.0, -0.0))
    @test isequal(tan(complex(-0.0, 0.0)), complex(-0.0, 0.0))
    @test isequal(tanh(complex(Inf, 1.0)), complex(1.0, 0.0))
    @test isequal(tanh(complex(NaN, 0.0)), complex(NaN, 0.0))
    # integer and Float32 arguments
    @test sin(complex(0, 1)) === complex(0.0, sinh(1.0))
    @test cos(complex(1f0, 0f0)) isa ComplexF32
    @test sin(1.0 + 2.0im) ≈ sin(1.0) * cosh(2.0) + cos(1.0) * sinh(2.0) * im
    # sinpi/cospi/sincospi: integer and half-integer real parts are exact
    @test sinpi(1 + 2im) === complex(0.0, -sinh(2pi))
    @test sinpi(complex(2.0, 1.0)) === complex(0.0, sinh(pi * 1.0))
    @test sinpi(complex(-1.0, 0.0)) === complex(-0.0, -0.0)
    @test sinpi(complex(0.5, 1.0)) === complex(cosh(pi * 1.0), 0.0)
    @test sinpi(complex(1.5, -1.0)) === complex(-cosh(pi * 1.0), -0.0)
    @test cospi(complex(0.5, 1.0)) === complex(0.0, -sinh(pi * 1.0))
    @test cospi(complex(1.0, 1.0)) === complex(-cosh(pi * 1.0), -0.0)
    @test cospi(complex(0.0, 1.0)) === complex(cosh(pi * 1.0), -0.0)
    @test cospi(2 + 0im) === complex(1.0, -0.0)
    @test isequal(sinpi(complex(Inf, 0.0)), complex(NaN, 0.0))
    @test isequal(sinpi(complex(Inf, 1.0)), complex(NaN, NaN))
    @test isequal(cospi(complex(Inf, -0.0)), complex(NaN, 0.0))
    @test isequal(cospi(complex(NaN, 0.0)), complex(NaN, 0.0))
    @test isequal(cospi(complex(-Inf, Inf)), complex(Inf, NaN))
    z = complex(0.3, 0.7)
    @test sinpi(z) ≈ sin(pi * z) && cospi(z) ≈ cos(pi * z)
    @test sincospi(z) == (sinpi(z), cospi(z))
    for w in (complex(2.0, 1.0), complex(0.5, -1.0), complex(Inf, 0.0), complex(NaN, 1.0), 3 + 4im)
        @test isequal(sincospi(w), (sinpi(w), cospi(w)))
    end
    @test sinpi(complex(1f0, 1f0)) isa ComplexF32 && sincospi(complex(1f0, 1f0))[2] isa ComplexF32
    @test tanpi(z) ≈ tan(pi * z)
end
