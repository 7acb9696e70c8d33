# blas.jl -- LinearAlgebra.BLAS: the Fortran BLAS routines julep calls through ccall (OpenBLAS from
# Debian, `libopenblas`), for Float64 and Float32 dense column-major data.
#
# Every routine takes and returns Julia arrays as Julia's BLAS module does; the wrappers check sizes
# (DimensionMismatch) before calling, because BLAS itself does not. Integer arguments are the LP64
# Fortran ints of Debian's OpenBLAS (Int32), passed by reference as Fortran expects.

module BLAS

import ..LinearAlgebra: checksquare
using Base: DimensionMismatch

export dot, nrm2, asum, axpy!, scal!, gemv!, gemv, gemm!, gemm, syrk!, get_num_threads, set_num_threads

const libblas = "libopenblas"
const BlasInt = Int32
const BlasFloat = Union{Float64, Float32}
const BlasComplex = Union{ComplexF64, ComplexF32}
# the element types LAPACK factors (the complex ones only for eigen and svd)
const BlasScalar = Union{BlasFloat, BlasComplex}

# OpenBLAS's thread count is set before the first call into it, not by LinearAlgebra.__init__: the
# module is in the default system image, so its __init__ runs in every process, and loading OpenBLAS
# costs ~0.1 s and ~70 MB of buffers that `println(1)` must not pay. Every ccall into the library goes
# through `@blascall`, which checks this flag (false again in each process: __init__ clears it).
const THREADS_SET = Ref(false)

# Julia sets OpenBLAS to half the CPU threads unless the environment chooses
function init_threads()
    THREADS_SET[] = true
    for v in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")
        ccall(:getenv, Ptr{UInt8}, (Ptr{UInt8},), v) == C_NULL || return
    end
    ncpu = Int(ccall(:sysconf, Clong, (Cint,), 84))   # _SC_NPROCESSORS_ONLN
    ccall((:openblas_set_num_threads, libblas), Cvoid, (Cint,), max(1, div(ncpu, 2)))
end

ensure_threads() = (THREADS_SET[] || init_threads(); nothing)

# `@blascall ccall((:f, lib), ...)`: the ccall, once OpenBLAS has its thread count
macro blascall(ex)
    esc(Expr(:block, Expr(:call, GlobalRef(BLAS, :ensure_threads)), ex))
end

# the number of threads OpenBLAS uses
get_num_threads() = Int(@blascall ccall((:openblas_get_num_threads, libblas), Cint, ()))
function set_num_threads(n::Integer)
    @blascall ccall((:openblas_set_num_threads, libblas), Cvoid, (Cint,), n)
    nothing
end

for (fdot, fnrm2, fasum, faxpy, fscal, fgemv, fgemm, fsyrk, T) in
        ((:ddot_, :dnrm2_, :dasum_, :daxpy_, :dscal_, :dgemv_, :dgemm_, :dsyrk_, :Float64),
         (:sdot_, :snrm2_, :sasum_, :saxpy_, :sscal_, :sgemv_, :sgemm_, :ssyrk_, :Float32))
    @eval begin
        function dot(n::Integer, x::Union{Ptr{$T}, Array{$T}}, incx::Integer, y::Union{Ptr{$T}, Array{$T}}, incy::Integer)
            @blascall ccall(($(QuoteNode(fdot)), libblas), $T,
                  (Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}), n, x, incx, y, incy)
        end
        nrm2(n::Integer, x::Union{Ptr{$T}, Array{$T}}, incx::Integer) =
            @blascall ccall(($(QuoteNode(fnrm2)), libblas), $T, (Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}), n, x, incx)
        asum(n::Integer, x::Union{Ptr{$T}, Array{$T}}, incx::Integer) =
            @blascall ccall(($(QuoteNode(fasum)), libblas), $T, (Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}), n, x, incx)
        function axpy!(a::Number, x::Array{$T}, y::Array{$T})
            length(x) == length(y) || throw(DimensionMismatch("x has length $(length(x)), but y has length $(length(y))"))
            @blascall ccall(($(QuoteNode(faxpy)), libblas), Cvoid,
                  (Ref{BlasInt}, Ref{$T}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}),
                  length(x), $T(a), x, 1, y, 1)
            y
        end
        function scal!(n::Integer, a::Number, x::Array{$T}, incx::Integer)
            @blascall ccall(($(QuoteNode(fscal)), libblas), Cvoid, (Ref{BlasInt}, Ref{$T}, Ptr{$T}, Ref{BlasInt}),
                  n, $T(a), x, incx)
            x
        end
        # y = alpha * op(A) * x + beta * y, op = 'N' | 'T' | 'C'
        function gemv!(trans::Char, alpha::Number, A::Array{$T,2}, x::Array{$T}, beta::Number, y::Array{$T})
            m, n = size(A, 1), size(A, 2)
            lx, ly = trans == 'N' ? (n, m) : (m, n)
            length(x) == lx || throw(DimensionMismatch("A has dimensions $(size(A)), but x has length $(length(x))"))
            length(y) == ly || throw(DimensionMismatch("A has dimensions $(size(A)), but y has length $(length(y))"))
            if m == 0 || n == 0
                beta == 0 ? fill!(y, zero($T)) : scal!(length(y), beta, y, 1)
                return y
            end
            @blascall ccall(($(QuoteNode(fgemv)), libblas), Cvoid,
                  (Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ref{$T}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt},
                   Ref{$T}, Ptr{$T}, Ref{BlasInt}, Clong),
                  UInt8(trans), m, n, $T(alpha), A, max(1, m), x, 1, $T(beta), y, 1, 1)
            y
        end
        # C = alpha * op(A) * op(B) + beta * C
        function gemm!(transA::Char, transB::Char, alpha::Number, A::Array{$T,2}, B::Array{$T,2}, beta::Number, C::Array{$T,2})
            m = transA == 'N' ? size(A, 1) : size(A, 2)
            ka = transA == 'N' ? size(A, 2) : size(A, 1)
            kb = transB == 'N' ? size(B, 1) : size(B, 2)
            n = transB == 'N' ? size(B, 2) : size(B, 1)
            ka == kb || throw(DimensionMismatch("A has dimensions ($m,$ka) but B has dimensions ($kb,$n)"))
            (size(C, 1) == m && size(C, 2) == n) ||
                throw(DimensionMismatch("A has dimensions ($m,$ka), B has dimensions ($kb,$n) but C has dimensions $(size(C))"))
            if ka == 0 || m == 0 || n == 0
                beta == 0 ? fill!(C, zero($T)) : scal!(length(C), beta, C, 1)
                return C
            end
            @blascall ccall(($(QuoteNode(fgemm)), libblas), Cvoid,
                  (Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ref{BlasInt}, Ref{$T}, Ptr{$T}, Ref{BlasInt},
                   Ptr{$T}, Ref{BlasInt}, Ref{$T}, Ptr{$T}, Ref{BlasInt}, Clong, Clong),
                  UInt8(transA), UInt8(transB), m, n, ka, $T(alpha), A, max(1, size(A, 1)),
                  B, max(1, size(B, 1)), $T(beta), C, max(1, m), 1, 1)
            C
        end
        # the `uplo` triangle of C = alpha * A * A' + beta * C ('N') or alpha * A' * A + beta * C ('T')
        function syrk!(uplo::Char, trans::Char, alpha::Number, A::Array{$T,2}, beta::Number, C::Array{$T,2})
            n = checksquare(C)
            nn = trans == 'N' ? size(A, 1) : size(A, 2)
            nn == n || throw(DimensionMismatch("C has size ($n,$n), corresponding dimension of A is $nn"))
            k = trans == 'N' ? size(A, 2) : size(A, 1)
            n == 0 && return C
            @blascall ccall(($(QuoteNode(fsyrk)), libblas), Cvoid,
                  (Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ref{$T}, Ptr{$T}, Ref{BlasInt},
                   Ref{$T}, Ptr{$T}, Ref{BlasInt}, Clong, Clong),
                  UInt8(uplo), UInt8(trans), n, k, $T(alpha), A, max(1, size(A, 1)), $T(beta), C, max(1, n), 1, 1)
            C
        end
    end
end

function dot(x::Array{T}, y::Array{T}) where {T<:BlasFloat}
    length(x) == length(y) || throw(DimensionMismatch("dot product arguments have lengths $(length(x)) and $(length(y))"))
    dot(length(x), x, 1, y, 1)
end
nrm2(x::Array{<:BlasFloat}) = nrm2(length(x), x, 1)
asum(x::Array{<:BlasFloat}) = asum(length(x), x, 1)
scal!(a::Number, x::Array{<:BlasFloat}) = scal!(length(x), a, x, 1)
gemv(trans::Char, alpha::Number, A::Array{T,2}, x::Array{T}) where {T<:BlasFloat} =
    gemv!(trans, alpha, A, x, zero(T), Vector{T}(undef, trans == 'N' ? size(A, 1) : size(A, 2)))
gemv(trans::Char, A::Array{T,2}, x::Array{T}) where {T<:BlasFloat} = gemv(trans, one(T), A, x)
gemm(transA::Char, transB::Char, alpha::Number, A::Array{T,2}, B::Array{T,2}) where {T<:BlasFloat} =
    gemm!(transA, transB, alpha, A, B, zero(T),
          Matrix{T}(undef, transA == 'N' ? size(A, 1) : size(A, 2), transB == 'N' ? size(B, 2) : size(B, 1)))
gemm(transA::Char, transB::Char, A::Array{T,2}, B::Array{T,2}) where {T<:BlasFloat} = gemm(transA, transB, one(T), A, B)

end # module BLAS
