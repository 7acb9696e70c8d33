# dense.jl -- inverse, solves (`\`, `/`), integer powers and identity/zero of dense matrices.
#
# `A \ B` follows Julia: square triangular matrices use a triangular solve (diagonal ones a division),
# other square matrices LU with partial pivoting (SingularException on an exactly zero pivot), and
# rectangular ones a least-squares QR solve.

function one(A::AbstractMatrix{T}) where {T}
    m, n = size(A, 1), size(A, 2)
    m == n || throw(DimensionMismatch("multiplicative identity defined only for square matrices"))
    identity_matrix(typeof(one(T)), m)
end
function identity_matrix(::Type{T}, n::Integer) where {T}
    R = zeros_matrix(T, n, n)
    for i in 1:n
        R[i, i] = one(T)
    end
    R
end
isone(A::AbstractMatrix) = size(A, 1) == size(A, 2) && A == one(A)

# ---- integer powers by repeated squaring (Base.power_by_squaring's order of products)

function (^)(A::AbstractMatrix{T}, p::Integer) where {T}
    checksquare(A)
    if p < 0
        if T <: Integer
            isone(A) && return copy_matrix(A)
            throw(DomainError(p, "Cannot raise an integer matrix x to a negative power $p.\nMake x a float matrix by adding a zero decimal (e.g., [2.0 1.0;1.0 0.0]^$p instead of [2 1;1 0]^$p), or write float(x)^$p or Rational.(x)^$p."))
        end
        return matpow(inv(A), -p)
    end
    matpow(A, p)
end
function (^)(A::AbstractMatrix, p::Real)
    isinteger(p) && return A^Integer(p)
    throw(ArgumentError("matrix power with a non-integer exponent ($p) is not supported"))
end

function matpow(x::AbstractMatrix, p::Integer)
    p == 1 && return copy_matrix(x)
    p == 0 && return one(x)
    p == 2 && return x * x
    t = trailing_zeros(p) + 1
    p >>= t
    while (t -= 1) > 0
        x = x * x
    end
    y = x
    while p > 0
        t = trailing_zeros(p) + 1
        p >>= t
        while (t -= 1) >= 0
            x = x * x
        end
        y = y * x
    end
    y
end

# ---- inverse

function inv(A::AbstractMatrix{T}) where {T}
    n = checksquare(A)
    S = typeof(one(T) / one(T))
    if istriu(A) && istril(A)
        R = zeros_matrix(S, n, n)
        for i in 1:n
            iszero(A[i, i]) && throw(SingularException(i))
            R[i, i] = inv(A[i, i])
        end
        return R
    elseif istriu(A) || istril(A)
        return triangular_solve(A, identity_matrix(S, n), istriu(A))
    end
    inv(lu(A))
end

# ---- solves

function (\)(A::AbstractMatrix, B::AbstractVecOrMat)
    m, n = size(A, 1), size(A, 2)
    size(B, 1) == m || throw(DimensionMismatch("arguments must have the same number of rows"))
    if m == n
        if istril(A) && istriu(A)
            return diagonal_solve(A, B)
        elseif istriu(A) || istril(A)
            T = typeof(one(eltype(B)) / one(eltype(A)))
            return triangular_solve(A, copy_vecormat(T, B), istriu(A))
        end
        return lu(A) \ B
    end
    qr(A) \ B
end
(\)(a::AbstractVector, b::AbstractVecOrMat) = reshape(a, length(a), 1) \ b

function (/)(A::AbstractVecOrMat, B::AbstractMatrix)
    # A / B = (B' \ A')'
    X = copy_matrix(transpose(B)) \ copy_vecormat(eltype(A), transpose_dense(A))
    transpose_dense(X)
end
transpose_dense(A::AbstractVector) = reshape(copy_vecormat(eltype(A), A), 1, length(A))
transpose_dense(A::AbstractMatrix) = copy_matrix(transpose(A))

function copy_vecormat(::Type{T}, B::AbstractVector) where {T}
    v = Vector{T}(undef, length(B))
    for i in 1:length(B)
        v[i] = B[i]
    end
    v
end
copy_vecormat(::Type{T}, B::AbstractMatrix) where {T} = copy_matrix(T, B)

function diagonal_solve(A::AbstractMatrix, B::AbstractVecOrMat)
    n = size(A, 1)
    T = typeof(one(eltype(B)) / one(eltype(A)))
    X = copy_vecormat(T, B)
    for i in 1:n
        iszero(A[i, i]) && throw(SingularException(i))
    end
    for j in 1:size(X, 2), i in 1:n
        X[i, j] = B[i, j] / A[i, i]
    end
    X
end

# solve A X = B in place (X holds B) for triangular A, upper or lower
function triangular_solve(A::AbstractMatrix, X::AbstractVecOrMat, upper::Bool)
    n = size(A, 1)
    if A isa Matrix{<:BlasFloat} && eltype(X) === eltype(A) && X isa Array
        return LAPACK.trtrs!(upper ? 'U' : 'L', 'N', 'N', A, X)
    end
    for i in 1:n
        iszero(A[i, i]) && throw(SingularException(i))
    end
    for j in 1:size(X, 2)
        if upper
            for i in n:-1:1
                s = X[i, j]
                for k in i+1:n
                    s -= A[i, k] * X[k, j]
                end
                X[i, j] = s / A[i, i]
            end
        else
            for i in 1:n
                s = X[i, j]
                for k in 1:i-1
                    s -= A[i, k] * X[k, j]
                end
                X[i, j] = s / A[i, i]
            end
        end
    end
    X
end
