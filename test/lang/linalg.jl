# linalg.jl -- the LinearAlgebra stdlib on OpenBLAS/LAPACK. Exact values come from Julia 1.10's
# docstrings (dot, norm, opnorm, lu, qr, diagm, diag, cross, `\`) or are exact by construction
# (integer and Float16 matrices take the generic fallbacks); BLAS results are checked against them.
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
    @test dot([1, 2], [1 2; 3 4], [5, 6]) == [1, 2]' * [1 2; 3 4] * [5, 6]
    v = [3, -2, 6]
    @test norm(v) === 7.0
    @test norm(v, 1) === 11.0
    @test norm(v, Inf) === 6.0
    @test norm(v, -Inf) === 2.0
    @test norm(v, 0) === 3.0
    @test norm([1 2 3; 4 5 6; 7 8 9]) == 16.881943016134134
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

@testset "products" begin
    A = [1 2; 3 4]
    B = [5 6; 7 8]
    @test A * B == [19 22; 43 50]
    @test A * [1, 1] == [3, 7]
    @test [1, 2]' * [3, 4] == 11
    @test transpose([1, 2]) * [3, 4] == 11
    @test [1, 2] * [3, 4]' == [3 4; 6 8]
    @test [1, 2]' * A == [7 10]
    @test A' * A == [10 14; 14 20]
    @test A * A' == [5 11; 11 25]
    @test transpose(A) * B == [26 30; 38 44]
    @test_throws DimensionMismatch [1 2 3; 4 5 6] * [1 2; 3 4]
    @test_throws DimensionMismatch A * [1, 2, 3]
    # BLAS (Float64, Float32) against the generic loops on the same integers
    Af = Float64.(A)
    Bf = Float64.(B)
    @test Af * Bf == Float64.(A * B)
    @test Float32.(A) * Float32.(B) == Float32.(A * B)
    @test Af' * Bf == Float64.(A' * B)
    @test Af * Bf' == Float64.(A * B')
    @test Af' * Af == Float64.(A' * A)
    @test Af * [1.0, 2.0] == [5.0, 11.0]
    @test Af' * [1.0, 2.0] == [7.0, 10.0]
    r = Xoshiro(7)
    P = rand(r, 5, 20)
    Q = rand(r, 20, 3)
    PQ = P * Q
    @test size(PQ) == (5, 3)
    @test PQ[2, 3] ≈ sum(P[2, k] * Q[k, 3] for k in 1:20)
    G = P' * P                       # syrk, mirrored
    @test G == G'
    @test G[4, 9] ≈ sum(P[k, 4] * P[k, 9] for k in 1:5)
    C = zeros(5, 3)
    @test mul!(C, P, Q) === C
    @test C == PQ
    @test 0.5 * [2, 4] == [1.0, 2.0]
    R = Float16[1 2; 3 4]                 # no BLAS for Float16: the generic loops
    @test R * R == Float16[7 10; 15 22]
    @test R * Float16[1, 1] == Float16[3, 7]
end

@testset "tr, det, inv, solve" begin
    @test tr([1 2; 3 4]) == 5
    @test tr([1.5 0; 0 2]) == 3.5
    @test_throws DimensionMismatch tr([1 2 3])
    @test det([1 0; 2 2]) == 2.0
    @test det([2 1; 1 3]) ≈ 5.0
    @test det([1 2; 2 4]) == 0.0
    @test det([1.0 2.0 3.0; 0.0 4.0 5.0; 0.0 0.0 6.0]) == 24.0
    @test det(3) == 3
    M = [2 5; 1 3]
    @test inv(M) ≈ [3.0 -5.0; -1.0 2.0]
    @test inv(M) * M ≈ [1 0; 0 1]
    @test inv([2.0 0.0; 0.0 4.0]) == [0.5 0.0; 0.0 0.25]
    @test inv(Float16[2 0; 1 1]) == Float16[0.5 0; -0.5 1]
    @test_throws SingularException inv([1 2; 2 4])
    A = [1 0; 1 -2]
    b = [32; -4]
    x = A \ b
    @test x == [32.0, 18.0]
    @test A * x == b
    A3 = [4.0 -2.0 1.0; -2.0 4.0 -2.0; 1.0 -2.0 4.0]
    b3 = [11.0, -16.0, 17.0]
    @test A3 * (A3 \ b3) ≈ b3
    X = A3 \ [1.0 0.0; 0.0 1.0; 0.0 0.0]
    @test A3 * X ≈ [1.0 0.0; 0.0 1.0; 0.0 0.0]
    @test Float16[2 1; 4 3] \ Float16[3, 7] == Float16[1, 1]      # generic LU
    @test_throws SingularException [1.0 2.0; 2.0 4.0] \ [1.0, 2.0]
    try
        [1.0 2.0; 2.0 4.0] \ [1.0, 2.0]
    catch e
        @test sprint(showerror, e) == "SingularException(2)"
    end
    @test [2.0 0.0; 0.0 4.0] \ [2.0, 2.0] == [1.0, 0.5]
    @test [2.0 1.0; 0.0 4.0] \ [4.0, 8.0] == [1.0, 2.0]      # triangular
    @test [1.0 2.0] / [1.0 0.0; 0.0 2.0] == [1.0 1.0]
    # least squares through QR for a tall matrix
    At = [1.0 0.0; 0.0 1.0; 1.0 1.0]
    @test At \ [1.0, 1.0, 2.0] ≈ [1.0, 1.0]
end

@testset "lu and qr" begin
    A = [4 3; 6 3]
    F = lu(A)
    @test F isa LU{Float64, Matrix{Float64}, Vector{Int64}}
    @test F.L ≈ [1.0 0.0; 2 / 3 1.0]
    @test F.U == [6.0 3.0; 0.0 1.0]
    @test F.p == [2, 1]
    @test F.P * A ≈ F.L * F.U
    @test F.L * F.U == A[F.p, :]
    l, u, p = lu(A)
    @test l == F.L && u == F.U && p == F.p
    @test issuccess(F)
    @test det(F) ≈ -6.0
    @test F \ [7.0, 9.0] ≈ [1.0, 1.0]
    @test_throws SingularException lu([1 2; 2 4])
    @test !issuccess(lu([1 2; 2 4]; check = false))
    G = lu(Float16[2 1; 4 3])                    # generic elimination
    @test G.L * G.U == [4 3; 2 1]
    @test G.p == [2, 1]
    A = [3.0 -6.0; 4.0 -8.0; 0.0 1.0]
    Q = qr(A)
    @test Q.R ≈ [-5.0 10.0; 0.0 -1.0]
    @test Matrix(Q.Q) ≈ [-0.6 0.0; -0.8 0.0; 0.0 -1.0]
    @test Matrix(Q.Q) * Q.R ≈ A
    @test Q.Q' * (Q.Q * [1.0, 2.0, 3.0]) ≈ [1.0, 2.0, 3.0]
    q, r = qr([1 2; 3 4])
    @test Matrix(q) * r ≈ [1 2; 3 4]
end

@testset "powers, I, Diagonal, structure" begin
    F = [1 1; 1 0]
    @test F^10 == [89 55; 55 34]
    @test F^1 == F
    @test F^0 == [1 0; 0 1]
    @test [2.0 0.0; 0.0 4.0]^-1 == [0.5 0.0; 0.0 0.25]
    @test [2 1; 1 1]^-1 == [1.0 -1.0; -1.0 2.0]    # a literal -1 is inv(A), as in Julia
    negp = -1
    @test_throws DomainError [2 1; 1 1]^negp
    P = [1.0 2.0; 3.0 4.0]
    @test (P' * P)^4 ≈ (P' * P) * (P' * P) * (P' * P) * (P' * P)
    @test tr((P' * P)^4) ≈ tr(P' * P * P' * P * P' * P * P' * P)
    @test I isa UniformScaling{Bool}
    @test [1 2; 3 4] + I == [2 2; 3 5]
    @test [1 2; 3 4] - 2I == [-1 2; 3 2]
    @test I - [1 2; 3 4] == [0 -2; -3 -3]
    @test I * [1, 2] == [1, 2]
    @test 3I * [1, 2] == [3, 6]
    @test (2I)[1, 1] == 2 && (2I)[1, 2] == 0
    @test [1 0; 0 1] == I
    @test Matrix(I, 2, 3) == [1 0 0; 0 1 0]
    @test Matrix{Float64}(I, 2, 2) == [1.0 0.0; 0.0 1.0]
    @test_throws DimensionMismatch [1 2 3] + I
    D = Diagonal([1, 2, 3])
    @test size(D) == (3, 3)
    @test D[2, 2] == 2 && D[1, 2] == 0
    @test D * [1, 1, 1] == [1, 2, 3]
    @test D * ones(Int, 3, 2) == [1 1; 2 2; 3 3]
    @test Matrix(D) == [1 0 0; 0 2 0; 0 0 3]
    @test det(D) == 6 && tr(D) == 6
    @test inv(Diagonal([2.0, 4.0])) == Diagonal([0.5, 0.25])
    @test Diagonal([2.0, 4.0]) \ [2.0, 2.0] == [1.0, 0.5]
    @test I(2) == Diagonal([true, true])
    @test diagm([1, 2]) == [1 0; 0 2]
    @test diagm(1 => [1, 2, 3]) == [0 1 0 0; 0 0 2 0; 0 0 0 3; 0 0 0 0]
    @test diagm(1 => [1, 2, 3], -1 => [4, 5]) == [0 1 0 0; 4 0 2 0; 0 5 0 3; 0 0 0 0]
    @test diagm(2, 3, [7, 8]) == [7 0 0; 0 8 0]
    A = [1 2 3; 4 5 6; 7 8 9]
    @test diag(A) == [1, 5, 9]
    @test diag(A, 1) == [2, 6]
    @test diag(A, -2) == [7]
    @test kron([1 2; 3 4], [1 1; 1 1]) == [1 1 2 2; 1 1 2 2; 3 3 4 4; 3 3 4 4]
    @test kron([1, 2], [3, 4]) == [3, 4, 6, 8]
    @test issymmetric([1 2; 2 -1])
    @test !issymmetric([1 2; 3 1])
    @test !issymmetric([1 2 3])
    @test ishermitian([1 2; 2 1])
    @test istriu([1 2; 0 3]) && !istril([1 2; 0 3])
    @test isdiag([1 0; 0 2])
    @test triu(A) == [1 2 3; 0 5 6; 0 0 9]
    @test tril(A, -1) == [0 0 0; 4 0 0; 7 8 0]
    S = Symmetric([1 2; 3 4])
    @test S == [1 2; 2 4]
    @test issymmetric(S)
    @test Symmetric([1 2; 3 4], :L) == [1 3; 3 4]
    @test opnorm([1 -2 -3; 2 3 -1], 1) == 5.0
    @test opnorm([1 -2 -3; 2 3 -1], Inf) == 6.0
    @test opnorm([3.0 0.0; 0.0 -4.0]) ≈ 4.0
    @test rank([1.0 2.0; 2.0 4.0]) == 1
    @test rank([1.0 0.0; 0.0 1.0]) == 2
end

@testset "BLAS" begin
    @test BLAS.get_num_threads() >= 1
    x = [1.0, 2.0, 3.0]
    y = [1.0, 1.0, 1.0]
    @test BLAS.dot(x, y) == 6.0
    @test BLAS.nrm2(Float64[3, 4]) == 5.0
    @test BLAS.axpy!(2.0, x, y) === y
    @test y == [3.0, 5.0, 7.0]
    A = [1.0 2.0; 3.0 4.0]
    @test BLAS.gemm('N', 'T', A, A) == A * A'
    @test BLAS.gemv('T', A, [1.0, 1.0]) == [4.0, 6.0]
    @test_throws DimensionMismatch BLAS.gemm!('N', 'N', 1.0, A, A, 0.0, zeros(3, 3))
end

@testset "display" begin
    plain(x) = sprint(show, MIME"text/plain"(), x)
    @test plain(I) == "UniformScaling{Bool}\ntrue*I"
    @test plain(2.5I) == "UniformScaling{Float64}\n2.5*I"
    @test repr(I) == "UniformScaling{Bool}(true)"
    @test plain(lu([4 3; 6 3])) == """
        LU{Float64, Matrix{Float64}, Vector{Int64}}
        L factor:
        2×2 Matrix{Float64}:
         1.0       0.0
         0.666667  1.0
        U factor:
        2×2 Matrix{Float64}:
         6.0  3.0
         0.0  1.0"""
    F = qr([3.0 -6.0; 4.0 -8.0; 0.0 1.0])
    @test plain(F) == """
        LinearAlgebra.QRCompactWY{Float64, Matrix{Float64}, Matrix{Float64}}
        Q factor: 3×3 LinearAlgebra.QRCompactWYQ{Float64, Matrix{Float64}, Matrix{Float64}}
        R factor:
        2×2 Matrix{Float64}:
         -5.0  10.0
          0.0  -1.0"""
    @test F.Q * F.R ≈ [3.0 -6.0; 4.0 -8.0; 0.0 1.0]
    @test plain(Diagonal([1, 10, 100])) == "3×3 Diagonal{Int64, Vector{Int64}}:\n 1   ⋅    ⋅\n ⋅  10    ⋅\n ⋅   ⋅  100"
    @test plain(Symmetric([1 2; 3 4])) == "2×2 Symmetric{Int64, Matrix{Int64}}:\n 1  2\n 2  4"
    @test sprint(showerror, SingularException(3)) == "SingularException(3)"
    @test sprint(showerror, PosDefException(2)) == "PosDefException: matrix is not positive definite; Cholesky factorization failed."
end
