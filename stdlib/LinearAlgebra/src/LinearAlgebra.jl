# LinearAlgebra.jl -- Julia 1.10's LinearAlgebra stdlib on OpenBLAS/LAPACK: BLAS/LAPACK wrappers,
# matrix products (BLAS for Float64/Float32, generic loops otherwise), dot/norm/tr/det/inv, `\` through
# LU with partial pivoting, the factorizations (`lu`, `qr`, `cholesky`, `eigen`, `svd`) and what is
# built on them (pinv, nullspace, cond), matrix powers, `I` (UniformScaling), the structured wrappers
# (`Diagonal`, `Symmetric`, `Hermitian`, `UpperTriangular`, `LowerTriangular`), and the small helpers
# (diag, diagm, kron, cross, triu/tril, issymmetric, ...).
#
# Invariants: dense Float64/Float32 `Array`s go to BLAS/LAPACK (column-major, unit stride); every other
# element type takes the generic Julia loops, which compute the same sums in the same order as Julia's
# generic fallbacks. Size checks raise DimensionMismatch with Julia's messages before any ccall.
# Before its first call OpenBLAS is set to max(1, CPU threads ÷ 2) threads unless OPENBLAS_NUM_THREADS,
# GOTO_NUM_THREADS or OMP_NUM_THREADS is set, as Julia's LinearAlgebra.__init__ does at load time.

module LinearAlgebra

import Base: *, \, /, +, -, ^, ==, inv, show, size, getindex, setindex!, copy,
    similar, one, zero, conj, real, imag, isone, iszero, Matrix, Array, convert, length, axes, summary,
    getproperty, iterate, isapprox
using Base: DimensionMismatch

export BLAS, LAPACK,
    # types
    UniformScaling, I, Diagonal, Symmetric, Hermitian, UpperTriangular, LowerTriangular, LU,
    Factorization, Adjoint, Transpose, Eigen, SVD, Cholesky,
    SingularException, LAPACKException, PosDefException,
    # functions
    dot, norm, opnorm, normalize, normalize!, tr, det, logdet, logabsdet, inv, lu, lu!, qr, qr!,
    mul!, lmul!, rmul!, ldiv!, diag, diagm, diagind, kron, cross, issymmetric, ishermitian, istriu,
    istril, isdiag, triu, tril, triu!, tril!, issuccess, checksquare, axpy!, rank, ⋅, ×,
    eigen, eigen!, eigvals, eigvecs, eigmax, eigmin, svd, svd!, svdvals, cholesky, cholesky!, isposdef,
    pinv, nullspace, cond

struct LAPACKException <: Exception
    info::Int
end
struct SingularException <: Exception
    info::Int
end
struct PosDefException <: Exception
    info::Int
end
function Base.showerror(io::IO, ex::PosDefException)
    print(io, "PosDefException: matrix is not ", ex.info == -1 ? "Hermitian" : "positive definite",
          "; Cholesky factorization failed.")
end

# the side of a square matrix, else DimensionMismatch
function checksquare(A)
    m, n = size(A, 1), size(A, 2)
    m == n || throw(DimensionMismatch("matrix is not square: dimensions are $(size(A))"))
    m
end

include("blas.jl")
include("lapack.jl")
using .BLAS: BlasFloat, BlasInt, BlasComplex, BlasScalar

include("adjtrans.jl")
include("generic.jl")
include("matmul.jl")
include("dense.jl")
include("lu.jl")
include("qr.jl")
include("uniformscaling.jl")
include("diagonal.jl")
include("symmetric.jl")
include("triangular.jl")
include("cholesky.jl")
include("eigen.jl")
include("svd.jl")

const ⋅ = dot
const × = cross

# OpenBLAS gets its thread count on its first call (BLAS.ensure_threads): a system image saved the
# writer's flag
function __init__()
    BLAS.THREADS_SET[] = false
end

end # module
