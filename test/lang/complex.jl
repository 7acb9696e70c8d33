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
