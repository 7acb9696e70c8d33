# linalg_factor.jl -- eigen/svd/cholesky and what is built on them (pinv, nullspace, cond), the
# triangular and Hermitian wrappers, determinants through LU. Exact values and printed forms are
# the ones Julia 1.10's docstrings show (eigen, svd, svdvals, cholesky, eigvals!); everything else is
# checked through the defining identities (A V = V Λ, U S Vt = A, L L' = A).
using Test
using LinearAlgebra

plain(x) = sprint(show, MIME"text/plain"(), x)

@testset "eigen" begin
    F = eigen([1.0 0.0 0.0; 0.0 3.0 0.0; 0.0 0.0 18.0])
    @test F isa Eigen{Float64, Float64, Matrix{Float64}, Vector{Float64}}
    @test F.values == [1.0, 3.0, 18.0]
    @test F.vectors == [1.0 0.0 0.0; 0.0 1.0 0.0; 0.0 0.0 1.0]
    vals, vecs = F
    @test vals == F.values && vecs == F.vectors
    @test plain(F) == """
        Eigen{Float64, Float64, Matrix{Float64}, Vector{Float64}}
        values:
        3-element Vector{Float64}:
          1.0
          3.0
         18.0
        vectors:
        3×3 Matrix{Float64}:
         1.0  0.0  0.0
         0.0  1.0  0.0
         0.0  0.0  1.0"""
    @test eigvals([1.0 2.0; 3.0 4.0]) == [-0.3722813232690143, 5.372281323269014]
    @test eigvals([1 0; 0 4]) == [1.0, 4.0]
    @test eigvals(-2) == -2
    # a diagonal matrix: values sorted, vectors permuted unit vectors
    D = eigen([3 0; 0 1])
    @test D.values == [1.0, 3.0] && D.vectors == [0.0 1.0; 1.0 0.0]
    # symmetric: real ascending values, orthonormal vectors
    S = [2.0 -1.0 0.0; -1.0 2.0 -1.0; 0.0 -1.0 2.0]
    E = eigen(S)
    @test E.values ≈ [2 - sqrt(2), 2.0, 2 + sqrt(2)]
    @test issorted(E.values)
    @test S * E.vectors ≈ E.vectors * Diagonal(E.values)
    @test E.vectors' * E.vectors ≈ I(3)
    @test eigvals(Symmetric([2 1; 1 2])) ≈ [1.0, 3.0]
    @test eigen(Symmetric([4.0 1.0; 100.0 4.0])).values ≈ [3.0, 5.0]       # only the upper triangle
    @test eigen(Hermitian([4.0 100.0; 1.0 4.0], :L)).values ≈ [3.0, 5.0]
    @test eigvecs([2.0 0.0; 0.0 1.0]) == [0.0 1.0; 1.0 0.0]
    @test eigmax(S) ≈ 2 + sqrt(2) && eigmin(S) ≈ 2 - sqrt(2)
    # general real: real values sorted, A V = V Λ
    A = [4.0 1.0 2.0; 0.5 3.0 1.0; 0.0 1.0 5.0]
    G = eigen(A)
    @test eltype(G.values) == Float64
    @test issorted(G.values)
    @test A * G.vectors ≈ G.vectors * Diagonal(G.values)
    @test det(G) ≈ det(A)
    @test inv(G) ≈ inv(A)
    # a rotation: a complex conjugate pair, sorted by (real, imag)
    R = [0.0 -1.0; 1.0 0.0]
    C = eigen(R)
    @test C isa Eigen{ComplexF64, ComplexF64, Matrix{ComplexF64}, Vector{ComplexF64}}
    @test C.values ≈ [-1.0im, 1.0im]
    @test R * C.vectors ≈ C.vectors * Diagonal(C.values)
    @test eigvals([1 2; -2 1]) ≈ [1 - 2im, 1 + 2im]
    @test_throws DomainError eigmax(R)
    @test eigen(zeros(0, 0)).values == Float64[]
    @test_throws DimensionMismatch eigen([1.0 2.0 3.0; 4.0 5.0 6.0])
    @test eigen(2.0).values == [2.0]
end

@testset "svd" begin
    A = [1.0 0.0 0.0 0.0 2.0; 0.0 0.0 3.0 0.0 0.0; 0.0 0.0 0.0 0.0 0.0; 0.0 2.0 0.0 0.0 0.0]
    F = svd(A)
    @test F isa SVD{Float64, Float64, Matrix{Float64}}
    @test F.S == svdvals(A)
    @test F.S ≈ [3.0, sqrt(5), 2.0, 0.0]
    @test svdvals(A)[2] == 2.23606797749979
    @test size(F.U) == (4, 4) && size(F.Vt) == (4, 5)
    @test F.U * Diagonal(F.S) * F.Vt ≈ A
    @test F.U' * F.U ≈ I(4)
    u, s, v = F
    @test u == F.U && s == F.S && v == F.V
    @test v' == F.Vt
    B = [1 2; 3 4; 5 6]
    G = svd(B)
    @test size(G.U) == (3, 2) && size(G.Vt) == (2, 2)
    @test G.U * Diagonal(G.S) * G.Vt ≈ B
    @test issorted(G.S, rev = true)
    H = svd(B; full = true)
    @test size(H.U) == (3, 3)
    @test H.U' * H.U ≈ I(3)
    @test svdvals([3.0 0.0; 0.0 -4.0]) == [4.0, 3.0]
    @test svdvals([3, 4]) == [5.0]
    @test svd(-2).U == fill(-1, 1, 1) && svd(-2).S == [2.0]
    @test plain(svd([2.0 0.0; 0.0 1.0])) == """
        SVD{Float64, Float64, Matrix{Float64}}
        U factor:
        2×2 Matrix{Float64}:
         1.0  0.0
         0.0  1.0
        singular values:
        2-element Vector{Float64}:
         2.0
         1.0
        Vt factor:
        2×2 Matrix{Float64}:
         1.0  0.0
         0.0  1.0"""
    # pseudoinverse, null space, condition number
    P = pinv(B)
    @test size(P) == (2, 3)
    @test B * P * B ≈ B
    @test P * B ≈ I(2)
    @test pinv([2.0 0.0; 0.0 0.0]) == [0.5 0.0; 0.0 0.0]
    @test pinv(4) == 0.25 && pinv(0.0) == 0.0
    N = nullspace([1.0 1.0 1.0])
    @test size(N) == (3, 2)
    @test [1.0 1.0 1.0] * N ≈ zeros(1, 2) atol = 1e-12
    @test N' * N ≈ I(2)
    @test size(nullspace([1.0 0.0; 0.0 1.0])) == (2, 0)
    @test cond([1.0 0.0; 0.0 4.0]) ≈ 4.0
    @test cond([1.0 2.0; 3.0 4.0], 1) ≈ 21.0
    @test cond([1.0 2.0; 2.0 4.0], Inf) == Inf
    @test_throws ArgumentError cond([1.0 2.0; 3.0 4.0], 3)
    @test opnorm([1.0 2.0; 3.0 4.0]) ≈ svdvals([1.0 2.0; 3.0 4.0])[1]
end

@testset "cholesky" begin
    A = [4.0 12.0 -16.0; 12.0 37.0 -43.0; -16.0 -43.0 98.0]
    C = cholesky(A)
    @test C isa Cholesky{Float64, Matrix{Float64}}
    @test C.U == [2.0 6.0 -8.0; 0.0 1.0 5.0; 0.0 0.0 3.0]
    @test C.L == [2.0 0.0 0.0; 6.0 1.0 0.0; -8.0 5.0 3.0]
    @test C.U isa UpperTriangular{Float64, Matrix{Float64}}
    @test C.L isa LowerTriangular{Float64, Matrix{Float64}}
    @test C.L * C.U == A
    @test C.L * C.L' ≈ A
    l, u = C
    @test l == C.L && u == C.U
    @test issuccess(C)
    @test plain(C) == """
        Cholesky{Float64, Matrix{Float64}}
        U factor:
        3×3 UpperTriangular{Float64, Matrix{Float64}}:
         2.0  6.0  -8.0
          ⋅   1.0   5.0
          ⋅    ⋅    3.0"""
    @test plain(C.L) == """
        3×3 LowerTriangular{Float64, Matrix{Float64}}:
          2.0   ⋅    ⋅ 
          6.0  1.0   ⋅ 
         -8.0  5.0  3.0"""
    b = [1.0, 2.0, 3.0]
    @test A * (C \ b) ≈ b
    @test C \ b ≈ A \ b
    @test det(C) ≈ 36.0
    @test logdet(C) ≈ log(36.0)
    @test inv(C) ≈ inv(A)
    @test inv(C) == inv(C)'
    # integer input is factored as Float64; a Symmetric wrapper uses its triangle
    @test cholesky([4 2; 2 5]).U == [2.0 1.0; 0.0 2.0]
    CL = cholesky(Symmetric([4.0 999.0; 2.0 5.0], :L))
    @test CL.uplo == 'L'
    @test CL.L == [2.0 0.0; 1.0 2.0]
    @test plain(CL) == "Cholesky{Float64, Matrix{Float64}}\nL factor:\n2×2 LowerTriangular{Float64, Matrix{Float64}}:\n 2.0   ⋅ \n 1.0  2.0"
    # generic elimination for other float types
    B = cholesky(BigFloat[4 2; 2 5])
    @test B.U == BigFloat[2 1; 0 2]
    @test B \ BigFloat[6, 7] == BigFloat[1, 1]
    @test cholesky(Symmetric(BigFloat[4 999; 2 5], :L)).L == BigFloat[2 0; 1 2]
    # errors
    @test_throws PosDefException cholesky([1.0 2.0; 2.0 1.0])
    e = try cholesky([1.0 2.0; 2.0 1.0]) catch err err end
    @test e.info == 2
    @test sprint(showerror, e) == "PosDefException: matrix is not positive definite; Cholesky factorization failed."
    e = try cholesky([1.0 2.0; 3.0 4.0]) catch err err end
    @test e == PosDefException(-1)
    @test sprint(showerror, e) == "PosDefException: matrix is not Hermitian; Cholesky factorization failed."
    F = cholesky([1.0 2.0; 2.0 1.0]; check = false)
    @test !issuccess(F)
    @test plain(F) == "Failed factorization of type Cholesky{Float64, Matrix{Float64}}"
    @test_throws PosDefException F \ [1.0, 1.0]
    @test isposdef(A) && !isposdef([1.0 2.0; 2.0 1.0]) && !isposdef([1.0 2.0; 3.0 4.0])
    @test_throws DimensionMismatch cholesky([1.0 2.0 3.0])
end

@testset "triangular, Hermitian, det, I(n)" begin
    U = UpperTriangular([1.0 2.0; 3.0 4.0])
    @test U == [1.0 2.0; 0.0 4.0]
    @test U[2, 1] == 0.0
    @test U \ [5.0, 8.0] == [1.0, 2.0]
    @test det(U) == 4.0
    @test U' isa LowerTriangular
    @test U' == [1.0 0.0; 2.0 4.0]
    @test istriu(U) && !istril(U)
    @test U * [1.0, 1.0] == [3.0, 4.0]
    L = LowerTriangular([1 9; 2 3])
    @test Matrix(L) == [1 0; 2 3]
    @test_throws ArgumentError (L[1, 2] = 5)
    H = Hermitian([1 2; 3 4])
    @test H == [1 2; 2 4]
    @test ishermitian(H)
    @test plain(Hermitian([1 2; 3 4], :L)) == "2×2 Hermitian{Int64, Matrix{Int64}}:\n 1  3\n 3  4"
    # det through LU with partial pivoting, as Julia computes it: the product of U's diagonal in
    # order, negated for an odd number of row swaps
    @test det([1 2 3; 4 1 6; 7 8 1]) === 104.0
    M = [1.0 2.0 5.0; 3.0 4.0 1.0; 2.0 7.0 3.0]
    F = lu(M)
    s = isodd(count(i -> F.ipiv[i] != i, 1:3)) ? -1.0 : 1.0
    @test det(M) === 1.0 * F.U[1, 1] * F.U[2, 2] * F.U[3, 3] * s
    @test det(M) ≈ 56.0
    @test logabsdet([1.0 2.0; 3.0 4.0])[2] == -1.0
    @test logabsdet([1.0 2.0; 3.0 4.0])[1] ≈ log(2.0)
    @test logdet([2.0 1.0; 1.0 2.0]) ≈ log(3.0)
    @test_throws DomainError logdet([1.0 2.0; 3.0 4.0])
    @test I(3) isa Diagonal{Bool, Vector{Bool}}
    @test I(2) == [1 0; 0 1]
    @test plain(I(2)) == "2×2 Diagonal{Bool, Vector{Bool}}:\n 1  ⋅\n ⋅  1"
    @test (2I)(2) == Diagonal([2, 2])
end

@testset "complex eigen and svd" begin
    C = [1.0+1im 2; 3 4-2im]
    E = eigen(C)
    @test E isa Eigen{ComplexF64, ComplexF64, Matrix{ComplexF64}, Vector{ComplexF64}}
    @test C * E.vectors ≈ E.vectors * Diagonal(E.values)
    @test issorted(E.values, by = λ -> (real(λ), imag(λ)))
    @test E.values ≈ [-0.09807621135331579 + 0.3660254037844384im, 5.098076211353316 - 1.3660254037844384im]
    @test [norm(E.vectors[:, j]) for j in 1:2] ≈ [1.0, 1.0]
    @test eigvals(C) ≈ E.values
    @test eigvals(ComplexF32.(C)) isa Vector{ComplexF32}
    # a Hermitian matrix has real eigenvalues, ascending, and orthonormal vectors
    H = [2.0+0im 1im; -1im 2]
    EH = eigen(H)
    @test EH.values == [1.0, 3.0]
    @test EH isa Eigen{ComplexF64, Float64, Matrix{ComplexF64}, Vector{Float64}}
    @test EH.vectors' * EH.vectors ≈ [1 0; 0 1]
    @test eigvals(Hermitian(H)) ≈ [1.0, 3.0]
    @test eigvals(H) ≈ [1.0, 3.0]
    S = svd(C)
    @test S.S ≈ [5.90638118061421, 0.33861681778418845]
    @test S.S isa Vector{Float64}
    @test S.U * Diagonal(S.S) * S.Vt ≈ C
    @test svdvals(C) ≈ S.S
    Sf = svd([1.0+0im 2im 3; 4 5 6im]; full = true)
    @test size(Sf.U) == (2, 2) && size(Sf.Vt) == (3, 3)
    @test Sf.U * [Diagonal(Sf.S) zeros(2)] * Sf.Vt ≈ [1.0+0im 2im 3; 4 5 6im]
    @test rank([1.0+1im 2+2im; 1 2]) == 1
    @test rank([1.0+1im 2; 1 2im]) == 2
    @test cond([1.0+0im 0; 0 2im]) ≈ 2.0
    Ch = cholesky(H)
    @test Ch.U' * Ch.U ≈ H
    @test det(C) ≈ (1.0+1im) * (4-2im) - 6
end
