# lapack.jl -- LinearAlgebra.LAPACK: the LAPACK drivers julep calls through ccall (Debian's OpenBLAS
# bundles LAPACK, so they come from `libopenblas` too), for Float64 and Float32 (and, for the
# eigenproblems and the SVD, ComplexF64 and ComplexF32): LU (getrf/getrs/getri),
# QR (geqrt/gemqrt), triangular solves (trtrs), Cholesky (potrf/potrs/potri), eigenproblems (syevr,
# geevx) and the SVD (gesdd). Workspace sizes come from LAPACK's own query (lwork = -1).
#
# As in Julia, a negative `info` (an argument error) raises ArgumentError and a positive one is
# returned to the caller, which decides (LU reports singularity through `info`, SingularException).

module LAPACK

import ..LinearAlgebra: checksquare, SingularException, LAPACKException
using ..BLAS: BlasInt, BlasFloat, BlasComplex, @blascall
using Base: DimensionMismatch

const liblapack = "libopenblas"

function chkargs(info::Integer, routine)
    info < 0 && throw(ArgumentError("invalid argument #$(-info) to LAPACK call"))
    info
end

for (getrf, getrs, getri, geqrt, gemqrt, trtrs, T) in
        ((:dgetrf_, :dgetrs_, :dgetri_, :dgeqrt_, :dgemqrt_, :dtrtrs_, :Float64),
         (:sgetrf_, :sgetrs_, :sgetri_, :sgeqrt_, :sgemqrt_, :strtrs_, :Float32))
    @eval begin
        # LU with partial pivoting in place: (A, ipiv, info)
        function getrf!(A::Array{$T,2})
            m, n = size(A, 1), size(A, 2)
            ipiv = Vector{BlasInt}(undef, min(m, n))
            info = Ref{BlasInt}(0)
            @blascall ccall(($(QuoteNode(getrf)), liblapack), Cvoid,
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
            @blascall ccall(($(QuoteNode(getrs)), liblapack), Cvoid,
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
                @blascall ccall(($(QuoteNode(getri)), liblapack), Cvoid,
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
                @blascall ccall(($(QuoteNode(geqrt)), liblapack), Cvoid,
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
            @blascall ccall(($(QuoteNode(gemqrt)), liblapack), Cvoid,
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
            @blascall ccall(($(QuoteNode(trtrs)), liblapack), Cvoid,
                  (Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T},
                   Ref{BlasInt}, Ptr{BlasInt}, Clong, Clong, Clong),
                  UInt8(uplo), UInt8(trans), UInt8(diag), n, size(B, 2), A, max(1, n), B, max(1, n), info, 1, 1, 1)
            chkargs(info[], "trtrs")
            info[] > 0 && throw(SingularException(Int(info[])))
            B
        end
    end
end

# ---- Cholesky, symmetric and general eigenproblems, SVD

for (potrf, potrs, potri, syevr, geevx, gesdd, T) in
        ((:dpotrf_, :dpotrs_, :dpotri_, :dsyevr_, :dgeevx_, :dgesdd_, :Float64),
         (:spotrf_, :spotrs_, :spotri_, :ssyevr_, :sgeevx_, :sgesdd_, :Float32))
    @eval begin
        # Cholesky in place, the `uplo` triangle: (A, info), info > 0 = leading minor not positive
        function potrf!(uplo::Char, A::Array{$T,2})
            n = checksquare(A)
            info = Ref{BlasInt}(0)
            n == 0 && return A, 0
            @blascall ccall(($(QuoteNode(potrf)), liblapack), Cvoid,
                  (Ref{UInt8}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Clong),
                  UInt8(uplo), n, A, max(1, n), info, 1)
            chkargs(info[], "potrf")
            A, Int(info[])
        end
        # solve A X = B from A's Cholesky factor, B overwritten
        function potrs!(uplo::Char, A::Array{$T,2}, B::Array{$T})
            n = checksquare(A)
            size(B, 1) == n || throw(DimensionMismatch("first dimension of B, $(size(B, 1)), and size of A, ($n,$n), must match!"))
            (n == 0 || size(B, 2) == 0) && return B
            info = Ref{BlasInt}(0)
            @blascall ccall(($(QuoteNode(potrs)), liblapack), Cvoid,
                  (Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt},
                   Ptr{BlasInt}, Clong),
                  UInt8(uplo), n, size(B, 2), A, max(1, n), B, max(1, n), info, 1)
            chkargs(info[], "potrs")
            B
        end
        # the inverse from the Cholesky factor, in the `uplo` triangle
        function potri!(uplo::Char, A::Array{$T,2})
            n = checksquare(A)
            n == 0 && return A
            info = Ref{BlasInt}(0)
            @blascall ccall(($(QuoteNode(potri)), liblapack), Cvoid,
                  (Ref{UInt8}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Clong),
                  UInt8(uplo), n, A, max(1, n), info, 1)
            chkargs(info[], "potri")
            info[] > 0 && throw(SingularException(Int(info[])))
            A
        end
        # all eigenvalues (ascending) and, for jobz = 'V', the eigenvectors of the symmetric matrix
        # stored in A's `uplo` triangle (A destroyed), by relatively robust representations
        function syevr!(jobz::Char, uplo::Char, A::Array{$T,2})
            n = checksquare(A)
            w = Vector{$T}(undef, n)
            ldz = jobz == 'V' ? max(1, n) : 1
            Z = Matrix{$T}(undef, ldz, jobz == 'V' ? n : 0)
            n == 0 && return w, Z
            isuppz = Vector{BlasInt}(undef, 2n)
            m = Ref{BlasInt}(0)
            info = Ref{BlasInt}(0)
            work = Vector{$T}(undef, 1)
            iwork = Vector{BlasInt}(undef, 1)
            lwork = BlasInt(-1)
            liwork = BlasInt(-1)
            zdummy = Vector{$T}(undef, 1)
            for pass in 1:2
                @blascall ccall(($(QuoteNode(syevr)), liblapack), Cvoid,
                      (Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ref{$T}, Ref{$T},
                       Ref{BlasInt}, Ref{BlasInt}, Ref{$T}, Ptr{BlasInt}, Ptr{$T}, Ptr{$T}, Ref{BlasInt},
                       Ptr{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Ref{BlasInt}, Ptr{BlasInt},
                       Clong, Clong, Clong),
                      UInt8(jobz), UInt8('A'), UInt8(uplo), n, A, max(1, n), zero($T), zero($T), 0, 0,
                      -one($T), m, w, jobz == 'V' ? Z : zdummy, ldz, isuppz, work, lwork, iwork, liwork,
                      info, 1, 1, 1)
                chkargs(info[], "syevr")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, work[1])))
                    work = Vector{$T}(undef, lwork)
                    liwork = max(BlasInt(1), iwork[1])
                    iwork = Vector{BlasInt}(undef, liwork)
                end
            end
            info[] > 0 && throw(LAPACKException(Int(info[])))
            w, Z
        end
        # eigenvalues (wr + i wi, conjugate pairs adjacent) and, for jobvr = 'V', right eigenvectors of
        # a general matrix, balanced as `balanc` says (A destroyed). Returns (wr, wi, VR).
        function geevx!(balanc::Char, jobvr::Char, A::Array{$T,2})
            n = checksquare(A)
            wr = Vector{$T}(undef, n)
            wi = Vector{$T}(undef, n)
            ldvr = jobvr == 'V' ? max(1, n) : 1
            VR = Matrix{$T}(undef, ldvr, jobvr == 'V' ? n : 0)
            n == 0 && return wr, wi, VR
            VL = Vector{$T}(undef, 1)
            ilo = Ref{BlasInt}(0)
            ihi = Ref{BlasInt}(0)
            scale = Vector{$T}(undef, n)
            abnrm = Ref{$T}(0)
            rconde = Vector{$T}(undef, n)
            rcondv = Vector{$T}(undef, n)
            iwork = Vector{BlasInt}(undef, max(1, 2n - 2))
            info = Ref{BlasInt}(0)
            work = Vector{$T}(undef, 1)
            lwork = BlasInt(-1)
            vrbuf = jobvr == 'V' ? VR : Vector{$T}(undef, 1)
            for pass in 1:2
                @blascall ccall(($(QuoteNode(geevx)), liblapack), Cvoid,
                      (Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt},
                       Ptr{$T}, Ptr{$T}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt},
                       Ptr{BlasInt}, Ptr{$T}, Ptr{$T}, Ptr{$T}, Ptr{$T}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt},
                       Ptr{BlasInt}, Clong, Clong, Clong, Clong),
                      UInt8(balanc), UInt8('N'), UInt8(jobvr), UInt8('N'), n, A, max(1, n), wr, wi,
                      VL, 1, vrbuf, ldvr, ilo, ihi, scale, abnrm, rconde, rcondv, work, lwork, iwork, info,
                      1, 1, 1, 1)
                chkargs(info[], "geevx")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, work[1])))
                    work = Vector{$T}(undef, lwork)
                end
            end
            info[] > 0 && throw(LAPACKException(Int(info[])))
            wr, wi, VR
        end
        # divide-and-conquer SVD: job 'A' (full U, Vt), 'S' (thin) or 'N' (values only). A destroyed.
        # Returns (U, S, Vt), S descending.
        function gesdd!(job::Char, A::Array{$T,2})
            m, n = size(A, 1), size(A, 2)
            k = min(m, n)
            S = Vector{$T}(undef, k)
            ucols, vtrows = job == 'A' ? (m, n) : job == 'S' ? (k, k) : (0, 0)
            U = Matrix{$T}(undef, job == 'N' ? 0 : m, ucols)
            Vt = Matrix{$T}(undef, vtrows, job == 'N' ? 0 : n)
            k == 0 && return U, S, Vt
            ldu = max(1, size(U, 1))
            ldvt = max(1, vtrows)
            ubuf = job == 'N' ? Vector{$T}(undef, 1) : U
            vtbuf = job == 'N' ? Vector{$T}(undef, 1) : Vt
            work = Vector{$T}(undef, 1)
            iwork = Vector{BlasInt}(undef, 8k)
            lwork = BlasInt(-1)
            info = Ref{BlasInt}(0)
            for pass in 1:2
                @blascall ccall(($(QuoteNode(gesdd)), liblapack), Cvoid,
                      (Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ptr{$T}, Ref{BlasInt},
                       Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Ptr{BlasInt}, Clong),
                      UInt8(job), m, n, A, max(1, m), S, ubuf, ldu, vtbuf, ldvt, work, lwork, iwork, info, 1)
                chkargs(info[], "gesdd")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, work[1])))
                    work = Vector{$T}(undef, lwork)
                end
            end
            info[] > 0 && throw(LAPACKException(Int(info[])))
            U, S, Vt
        end
    end
end

# the complex drivers (ComplexF64: z*, ComplexF32: c*): the same jobs as the real ones above; their
# real outputs (eigenvalues of a Hermitian matrix, singular values) and workspaces are of the real type
for (geevx, heevr, gesdd, T, R) in ((:zgeevx_, :zheevr_, :zgesdd_, :ComplexF64, :Float64),
                                    (:cgeevx_, :cheevr_, :cgesdd_, :ComplexF32, :Float32))
    @eval begin
        # eigenvalues w and, for jobvr = 'V', right eigenvectors (unit 2-norm, largest component
        # real) of a general complex matrix, balanced as `balanc` says (A destroyed). Returns (w, VR).
        function geevx!(balanc::Char, jobvr::Char, A::Array{$T,2})
            n = checksquare(A)
            w = Vector{$T}(undef, n)
            ldvr = jobvr == 'V' ? max(1, n) : 1
            VR = Matrix{$T}(undef, ldvr, jobvr == 'V' ? n : 0)
            n == 0 && return w, VR
            VL = Vector{$T}(undef, 1)
            ilo = Ref{BlasInt}(0)
            ihi = Ref{BlasInt}(0)
            scale = Vector{$R}(undef, n)
            abnrm = Ref{$R}(0)
            rconde = Vector{$R}(undef, n)
            rcondv = Vector{$R}(undef, n)
            rwork = Vector{$R}(undef, 2n)
            info = Ref{BlasInt}(0)
            work = Vector{$T}(undef, 1)
            lwork = BlasInt(-1)
            vrbuf = jobvr == 'V' ? VR : Vector{$T}(undef, 1)
            for pass in 1:2
                @blascall ccall(($(QuoteNode(geevx)), liblapack), Cvoid,
                      (Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt},
                       Ptr{$T}, Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{BlasInt}, Ptr{BlasInt},
                       Ptr{$R}, Ptr{$R}, Ptr{$R}, Ptr{$R}, Ptr{$T}, Ref{BlasInt}, Ptr{$R}, Ptr{BlasInt},
                       Clong, Clong, Clong, Clong),
                      UInt8(balanc), UInt8('N'), UInt8(jobvr), UInt8('N'), n, A, max(1, n), w,
                      VL, 1, vrbuf, ldvr, ilo, ihi, scale, abnrm, rconde, rcondv, work, lwork, rwork, info,
                      1, 1, 1, 1)
                chkargs(info[], "geevx")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, real(work[1]))))
                    work = Vector{$T}(undef, lwork)
                end
            end
            info[] > 0 && throw(LAPACKException(Int(info[])))
            w, VR
        end
        # all eigenvalues (real, ascending) and, for jobz = 'V', the eigenvectors of the Hermitian
        # matrix stored in A's `uplo` triangle (A destroyed)
        function syevr!(jobz::Char, uplo::Char, A::Array{$T,2})
            n = checksquare(A)
            w = Vector{$R}(undef, n)
            ldz = jobz == 'V' ? max(1, n) : 1
            Z = Matrix{$T}(undef, ldz, jobz == 'V' ? n : 0)
            n == 0 && return w, Z
            isuppz = Vector{BlasInt}(undef, 2n)
            m = Ref{BlasInt}(0)
            info = Ref{BlasInt}(0)
            work = Vector{$T}(undef, 1)
            rwork = Vector{$R}(undef, 1)
            iwork = Vector{BlasInt}(undef, 1)
            lwork = BlasInt(-1)
            lrwork = BlasInt(-1)
            liwork = BlasInt(-1)
            zdummy = Vector{$T}(undef, 1)
            for pass in 1:2
                @blascall ccall(($(QuoteNode(heevr)), liblapack), Cvoid,
                      (Ref{UInt8}, Ref{UInt8}, Ref{UInt8}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ref{$R}, Ref{$R},
                       Ref{BlasInt}, Ref{BlasInt}, Ref{$R}, Ptr{BlasInt}, Ptr{$R}, Ptr{$T}, Ref{BlasInt},
                       Ptr{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$R}, Ref{BlasInt}, Ptr{BlasInt}, Ref{BlasInt},
                       Ptr{BlasInt}, Clong, Clong, Clong),
                      UInt8(jobz), UInt8('A'), UInt8(uplo), n, A, max(1, n), zero($R), zero($R), 0, 0,
                      -one($R), m, w, jobz == 'V' ? Z : zdummy, ldz, isuppz, work, lwork, rwork, lrwork,
                      iwork, liwork, info, 1, 1, 1)
                chkargs(info[], "syevr")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, real(work[1]))))
                    work = Vector{$T}(undef, lwork)
                    lrwork = max(BlasInt(1), BlasInt(trunc(Int, rwork[1])))
                    rwork = Vector{$R}(undef, lrwork)
                    liwork = max(BlasInt(1), iwork[1])
                    iwork = Vector{BlasInt}(undef, liwork)
                end
            end
            info[] > 0 && throw(LAPACKException(Int(info[])))
            w, Z
        end
        # divide-and-conquer SVD of a complex matrix: (U, S, Vt) with S real and descending
        function gesdd!(job::Char, A::Array{$T,2})
            m, n = size(A, 1), size(A, 2)
            k = min(m, n)
            S = Vector{$R}(undef, k)
            ucols, vtrows = job == 'A' ? (m, n) : job == 'S' ? (k, k) : (0, 0)
            U = Matrix{$T}(undef, job == 'N' ? 0 : m, ucols)
            Vt = Matrix{$T}(undef, vtrows, job == 'N' ? 0 : n)
            k == 0 && return U, S, Vt
            ldu = max(1, size(U, 1))
            ldvt = max(1, vtrows)
            ubuf = job == 'N' ? Vector{$T}(undef, 1) : U
            vtbuf = job == 'N' ? Vector{$T}(undef, 1) : Vt
            work = Vector{$T}(undef, 1)
            # LAPACK's documented bound on the real workspace (as Julia sizes it)
            rwork = Vector{$R}(undef, job == 'N' ? 7k : k * max(5k + 7, 2max(m, n) + 2k + 1))
            iwork = Vector{BlasInt}(undef, 8k)
            lwork = BlasInt(-1)
            info = Ref{BlasInt}(0)
            for pass in 1:2
                @blascall ccall(($(QuoteNode(gesdd)), liblapack), Cvoid,
                      (Ref{UInt8}, Ref{BlasInt}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$R}, Ptr{$T}, Ref{BlasInt},
                       Ptr{$T}, Ref{BlasInt}, Ptr{$T}, Ref{BlasInt}, Ptr{$R}, Ptr{BlasInt}, Ptr{BlasInt}, Clong),
                      UInt8(job), m, n, A, max(1, m), S, ubuf, ldu, vtbuf, ldvt, work, lwork, rwork, iwork, info, 1)
                chkargs(info[], "gesdd")
                if pass == 1
                    lwork = max(BlasInt(1), BlasInt(trunc(Int, real(work[1]))))
                    work = Vector{$T}(undef, lwork)
                end
            end
            info[] > 0 && throw(LAPACKException(Int(info[])))
            U, S, Vt
        end
    end
end

end # module LAPACK
