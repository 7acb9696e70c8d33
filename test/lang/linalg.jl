# linalg.jl -- the LinearAlgebra stdlib on OpenBLAS/LAPACK. Exact values come from Julia 1.10's
# docstrings or are exact by construction; BLAS results are checked against the generic loops.
# (Vectors, I and Diagonal here; the dense-matrix sets join when Base has matrices.)
using Test
using LinearAlgebra
using Random

@testset "dot, norm, cross" begin
    @test dot([1; 1], [2; 3]) == 5
    @test dot([1.0, 2.0], [3.0, 4.0]) === 11.0
    @test dot(Float32[1, 2], Float32[3, 4]) === 11.0f0
    @test [1, 2] ⋅ [3, 4] == 11
    @test dot(Int[], Int[]) == 0
    @test_throws DimensionMismatch dot([1, 2], [1, 2, 3])
    v = [3, -2, 6]
    @test norm(v) === 7.0
    @test norm(v, 1) === 11.0
    @test norm(v, Inf) === 6.0
    @test norm(v, -Inf) === 2.0
    @test norm(v, 0) === 3.0
    @test norm(1:9) == 16.881943016134134
    @test norm([3.0, 4.0], 3) ≈ (27 + 64)^(1 / 3)
    @test norm(Float64[]) === 0.0
    @test norm([1e300, 1e300]) ≈ sqrt(2) * 1e300      # rescaled, no overflow
    x = collect(1.0:100.0)                              # BLAS nrm2 / asum from 32 elements
    @test norm(x) ≈ sqrt(sum(t -> t^2, x))
    @test norm(x, 1) == 5050.0
    @test norm(-3) === 3.0
    @test normalize([3.0, 4.0]) == [0.6, 0.8]
    @test cross([0; 1; 0], [0; 0; 1]) == [1, 0, 0]
    @test [1, 0, 0] × [0, 1, 0] == [0, 0, 1]
    @test_throws DimensionMismatch cross([1, 2], [3, 4])
end

@testset "I and Diagonal on vectors" begin
    @test I isa UniformScaling{Bool}
    @test I * [1, 2] == [1, 2]
    @test 3I * [1, 2] == [3, 6]
    @test (2I)[1, 1] == 2 && (2I)[1, 2] == 0
    @test I + I == 2I
    @test inv(2.0I) == 0.5I
    D = Diagonal([1, 2, 3])
    @test size(D) == (3, 3)
    @test D[2, 2] == 2 && D[1, 2] == 0
    @test D * [1, 1, 1] == [1, 2, 3]
    @test det(D) == 6 && tr(D) == 6
    @test inv(Diagonal([2.0, 4.0])) == Diagonal([0.5, 0.25])
    @test Diagonal([2.0, 4.0]) \ [2.0, 2.0] == [1.0, 0.5]
    @test_throws SingularException inv(Diagonal([1.0, 0.0]))
    @test I(2) == Diagonal([true, true])
end

@testset "BLAS" begin
    @test BLAS.get_num_threads() >= 1
    x = [1.0, 2.0, 3.0]
    y = [1.0, 1.0, 1.0]
    @test BLAS.dot(x, y) == 6.0
    @test BLAS.nrm2(Float64[3, 4]) == 5.0
    @test BLAS.asum(Float64[3, -4]) == 7.0
    @test BLAS.axpy!(2.0, x, y) === y
    @test y == [3.0, 5.0, 7.0]
    @test BLAS.scal!(2.0, y) == [6.0, 10.0, 14.0]
    @test_throws DimensionMismatch BLAS.axpy!(1.0, x, [1.0])
end

@testset "display" begin
    plain(x) = sprint(show, MIME"text/plain"(), x)
    @test plain(I) == "UniformScaling{Bool}\ntrue*I"
    @test plain(2.5I) == "UniformScaling{Float64}\n2.5*I"
    @test repr(I) == "UniformScaling{Bool}(true)"
    @test sprint(showerror, SingularException(3)) == "SingularException(3)"
    @test sprint(showerror, PosDefException(2)) == "PosDefException: matrix is not positive definite; factorization failed."
end
