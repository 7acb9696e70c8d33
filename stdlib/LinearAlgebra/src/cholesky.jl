# cholesky.jl -- the Cholesky factorization A = U'U = LL' of a symmetric (Hermitian) positive
# definite matrix: `cholesky` (LAPACK potrf for Float64/Float32, the same column algorithm in Julia
# for other float types), the `Cholesky` object (factors, uplo, info; U and L as triangular views;
# destructuring gives L, U), solves (potrs), det/logdet/inv, `isposdef`.
#
# As in Julia: a plain matrix must be exactly symmetric, else PosDefException(-1) ("not Hermitian");
# a failing leading minor k gives PosDefException(k) unless `check = false`, which returns a
# Cholesky with info != 0 (issuccess false). Integer matrices are factored as Float64 (choltype).

struct Cholesky{T, S<:AbstractMatrix} <: Factorization{T}
    factors::S
    uplo::Char
    info::BlasInt
end
Cholesky(A::AbstractMatrix{T}, uplo::Char, info::Integer) where {T} =
    Cholesky{T, typeof(A)}(A, uplo, BlasInt(info))

choltype(::Type{T}) where {T} = promote_type(typeof(sqrt(one(T))), Float32)

checkpositivedefinite(info) = info == 0 || throw(PosDefException(info))

cholesky(A::AbstractMatrix; check::Bool = true) = cholesky!(copy_matrix(choltype(eltype(A)), A); check = check)
function cholesky!(A::AbstractMatrix; check::Bool = true)
    checksquare(A)
    if !ishermitian(A)
        check && checkpositivedefinite(-1)
        return Cholesky(A, 'U', -1)
    end
    cholesky_factor!(A, 'U', check)
end
cholesky(S::Union{Symmetric, Hermitian}; check::Bool = true) =
    cholesky_factor!(copy_matrix(choltype(eltype(S)), S.data), S.uplo, check)
function cholesky(x::Number; check::Bool = true)
    rx = real(x)
    r = sqrt(abs(rx))
    info = rx == abs(x) ? 0 : 1
    check && checkpositivedefinite(info)
    Cholesky(fill(convert(promote_type(typeof(x), typeof(r)), r), 1, 1), 'U', info)
end

function cholesky_factor!(A::Matrix{T}, uplo::Char, check::Bool) where {T<:BlasFloat}
    _, info = LAPACK.potrf!(uplo, A)
    check && checkpositivedefinite(info)
    Cholesky(A, uplo, info)
end
function cholesky_factor!(A::AbstractMatrix, uplo::Char, check::Bool)
    info = uplo == 'U' ? generic_chol_upper!(A) : generic_chol_lower!(A)
    check && checkpositivedefinite(info)
    Cholesky(A, uplo, info)
end

# the upper factor in A's upper triangle, row by row (Julia's unblocked algorithm); 0 or the
# failing minor
function generic_chol_upper!(A::AbstractMatrix)
    n = size(A, 1)
    for k in 1:n
        akk = real(A[k, k])
        for i in 1:k-1
            akk -= abs2(A[i, k])
        end
        real(akk) == abs(akk) || return k
        rkk = sqrt(akk)
        A[k, k] = rkk
        for j in k+1:n
            s = A[k, j]
            for i in 1:k-1
                s -= adjoint(A[i, k]) * A[i, j]
            end
            A[k, j] = s / rkk
        end
    end
    0
end
# the lower factor L = U' through the upper algorithm on A's adjoint
function generic_chol_lower!(A::AbstractMatrix)
    B = copy_matrix(adjoint(A))
    info = generic_chol_upper!(B)
    n = size(A, 1)
    for j in 1:n, i in j:n
        A[i, j] = adjoint(B[j, i])
    end
    info
end

issuccess(C::Cholesky) = getfield(C, :info) == 0
size(C::Cholesky) = size(getfield(C, :factors))
size(C::Cholesky, d::Integer) = size(getfield(C, :factors), d)

function getproperty(C::Cholesky, d::Symbol)
    F = getfield(C, :factors)
    uplo = getfield(C, :uplo)
    if d === :U
        return UpperTriangular(uplo == 'U' ? F : copy_matrix(adjoint(F)))
    elseif d === :L
        return LowerTriangular(uplo == 'L' ? F : copy_matrix(adjoint(F)))
    elseif d === :UL
        return uplo == 'U' ? UpperTriangular(F) : LowerTriangular(F)
    end
    getfield(C, d)
end
propertynames(C::Cholesky, private::Bool = false) = (:U, :L, :UL, (private ? fieldnames(typeof(C)) : ())...)
iterate(C::Cholesky, state::Int = 1) = state == 1 ? (C.L, 2) : state == 2 ? (C.U, 3) : nothing

function show(io::IO, mime::MIME"text/plain", C::Cholesky)
    if issuccess(C)
        summary(io, C)
        println(io)
        println(io, C.uplo, " factor:")
        show(io, mime, C.UL)
    else
        print(io, "Failed factorization of type ", typeof(C))
    end
end

function (\)(C::Cholesky{T, Matrix{T}}, B::AbstractVecOrMat) where {T<:BlasFloat}
    checkpositivedefinite(getfield(C, :info))
    S = typeof(one(eltype(B)) / one(T))
    X = copy_vecormat(S, B)
    S === T || return generic_chol_solve(C, X)
    LAPACK.potrs!(getfield(C, :uplo), getfield(C, :factors), X)
end
function (\)(C::Cholesky, B::AbstractVecOrMat)
    checkpositivedefinite(getfield(C, :info))
    generic_chol_solve(C, copy_vecormat(typeof(one(eltype(B)) / one(eltype(C))), B))
end
# A = U'U: solve U'y = b, then Ux = y
function generic_chol_solve(C::Cholesky, X::AbstractVecOrMat)
    size(X, 1) == size(C, 1) || throw(DimensionMismatch("matrix has $(size(C, 1)) rows, right-hand side has $(size(X, 1))"))
    U = copy_matrix(C.U)
    triangular_solve(U, triangular_solve(copy_matrix(adjoint(U)), X, false), true)
end

function det(C::Cholesky)
    F = getfield(C, :factors)
    d = one(real(eltype(C)))
    for i in 1:size(F, 1)
        d *= real(F[i, i])^2
    end
    d
end
function logdet(C::Cholesky)
    F = getfield(C, :factors)
    d = zero(real(eltype(C)))
    for i in 1:size(F, 1)
        d += log(real(F[i, i]))
    end
    d + d
end
logabsdet(C::Cholesky) = (logdet(C), one(eltype(C)))

function inv(C::Cholesky{T, Matrix{T}}) where {T<:BlasFloat}
    checkpositivedefinite(getfield(C, :info))
    uplo = getfield(C, :uplo)
    X = LAPACK.potri!(uplo, copy_matrix(getfield(C, :factors)))
    n = size(X, 1)
    # potri fills one triangle: mirror it
    for j in 1:n, i in j+1:n
        if uplo == 'U'
            X[i, j] = X[j, i]
        else
            X[j, i] = X[i, j]
        end
    end
    X
end
inv(C::Cholesky) = C \ identity_matrix(eltype(C), size(C, 1))

isposdef(A::AbstractMatrix) = ishermitian(A) && issuccess(cholesky(A; check = false))
isposdef(x::Number) = imag(x) == 0 && real(x) > 0
isposdef(C::Cholesky) = issuccess(C)
