# lapack.jl -- LinearAlgebra.LAPACK: the LAPACK drivers julep calls through ccall (Debian's OpenBLAS
# bundles LAPACK, so they come from `libopenblas` too), for Float64 and Float32.
#
# As in Julia, a negative `info` (an argument error) raises ArgumentError and a positive one is
# returned to the caller, which decides (LU reports singularity through `info`, SingularException).

module LAPACK

import ..LinearAlgebra: checksquare, SingularException, LAPACKException
using ..BLAS: BlasInt, BlasFloat
using Base: DimensionMismatch

const liblapack = "libopenblas"

function chkargs(info::Integer, routine)
    info < 0 && throw(ArgumentError("invalid argument #$(-info) to LAPACK call"))
    info
end

for (getrf, getrs, getri, geqrt, gemqrt, trtrs, gesdd, T) in
        ((:dgetrf_, :dgetrs_, :dgetri_, :dgeqrt_, :dgemqrt_, :dtrtrs_, :dgesdd_, :Float64),
         (:sgetrf_, :sgetrs_, :sgetri_, :sgeqrt_, :sgemqrt_, :strtrs_, :sgesdd_, :Float32))
    @eval begin
        # LU with partial pivoting in place: (A, ipiv, info)
        function getrf!(A::Array{$T,2})
            m, n = size(A, 1), size(A, 2)
            ipiv = Vector{BlasInt}(undef, min(m, n))
            info = Ref{BlasInt}(0)
            ccall(($(QuoteNode(getrf)), liblapack), Cvoid,
                  (Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Ptr{BlasInt}),
                  m, n, A, max(1, m), ipiv, info)
            chkargs(info[], "getrf")
            A, ipiv, Int(info[])
        end
        # solve op(A) X = B with A's LU factors, B overwritten
        function getrs!(trans::Char, A::Array{$T,2}, ipiv::Vector{BlasInt}, B::Array{$T})
            n = checksquare(A)
            size(B, 1) == n || throw(DimensionMismatch("B has leading dimension $(size(B, 1)), but needs $n"))
            nrhs = size(B, 2)
            info = Ref{BlasInt}(0)
            ccall(($(QuoteNode(getrs)), liblapack), Cvoid,
                  (Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Ptr{$T},
                   Ref{BlasInt}, Ptr{BlasInt}, Clong),
                  UInt8(trans), n, nrhs, A, max(1, n), ipiv, B, max(1, n), info, 1)
            chkargs(info[], "getrs")
            B
        end
        # the inverse from the LU factors, in place
        function getri!(A::Array{$T,2}, ipiv::Vector{BlasInt})
            n = checksquare(A)
            info = Ref{BlasInt}(0)
            work = Vector{$T}(undef, 1)
            lwork = BlasInt(-1)
            for pass in 1:2
                ccall(($(QuoteNode(getri)), liblapack), Cvoid,
                      (Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}),
                      n, A, max(1, n), ipiv, work, lwork, info)
                chkargs(info[], "getri")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, work[1])))
                    work = Vector{$T}(undef, lwork)
                end
            end
            info[] > 0 && throw(SingularException(Int(info[])))
            A
        end
        # blocked Householder QR (compact WY): A holds R and the reflectors, T the block factors
        function geqrt!(A::Array{$T,2}, nb::Integer)
            m, n = size(A, 1), size(A, 2)
            k = min(m, n)
            Tm = Matrix{$T}(undef, nb, k)
            if k > 0
                work = Vector{$T}(undef, nb * n)
                info = Ref{BlasInt}(0)
                ccall(($(QuoteNode(geqrt)), liblapack), Cvoid,
                      (Ref{BlasInt}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt},
                       Ptr{$T}, Ptr{BlasInt}),
                      m, n, nb, A, max(1, m), Tm, max(1, nb), work, info)
                chkargs(info[], "geqrt")
            end
            A, Tm
        end
        # C = op(Q) C ('L') or C op(Q) ('R') for Q stored by geqrt
        function gemqrt!(side::Char, trans::Char, V::Array{$T,2}, Tm::Array{$T,2}, C::Array{$T,2})
            m, n = size(C, 1), size(C, 2)
            k = size(Tm, 2)
            nb = size(Tm, 1)
            (m == 0 || n == 0 || k == 0) && return C
            ldwork = side == 'L' ? n : m
            work = Vector{$T}(undef, nb * ldwork)
            info = Ref{BlasInt}(0)
            ccall(($(QuoteNode(gemqrt)), liblapack), Cvoid,
                  (Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T},
                   Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ptr{BlasInt}, Clong, Clong),
                  UInt8(side), UInt8(trans), m, n, k, nb, V, max(1, size(V, 1)), Tm, max(1, nb), C, max(1, m),
                  work, info, 1, 1)
            chkargs(info[], "gemqrt")
            C
        end
        # solve a triangular system in place
        function trtrs!(uplo::Char, trans::Char, diag::Char, A::Array{$T,2}, B::Array{$T})
            n = checksquare(A)
            size(B, 1) == n || throw(DimensionMismatch("B has first dimension $(size(B, 1)) but needs $n"))
            info = Ref{BlasInt}(0)
            ccall(($(QuoteNode(trtrs)), liblapack), Cvoid,
                  (Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T},
                   Ref{BlasInt}, Ptr{BlasInt}, Clong, Clong, Clong),
                  UInt8(uplo), UInt8(trans), UInt8(diag), n, size(B, 2), A, max(1, n), B, max(1, n), info, 1, 1, 1)
            chkargs(info[], "trtrs")
            info[] > 0 && throw(SingularException(Int(info[])))
            B
        end
        # the singular values of A (destroyed), largest first
        function gesdd_values!(A::Array{$T,2})
            m, n = size(A, 1), size(A, 2)
            k = min(m, n)
            S = Vector{$T}(undef, k)
            k == 0 && return S
            work = Vector{$T}(undef, 1)
            iwork = Vector{BlasInt}(undef, 8 * k)
            lwork = BlasInt(-1)
            info = Ref{BlasInt}(0)
            dummy = Vector{$T}(undef, 1)
            for pass in 1:2
                ccall(($(QuoteNode(gesdd)), liblapack), Cvoid,
                      (Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ptr{$T}, Ref{BlasInt},
                       Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Ptr{BlasInt}, Clong),
                      UInt8('N'), m, n, A, max(1, m), S, dummy, 1, dummy, 1, work, lwork, iwork, info, 1)
                chkargs(info[], "gesdd")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, work[1])))
                    work = Vector{$T}(undef, lwork)
                end
            end
            info[] > 0 && throw(LAPACKException(Int(info[])))
            S
        end
    end
end

end # module LAPACK
