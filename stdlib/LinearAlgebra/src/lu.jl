# lu.jl -- LU factorization with partial pivoting: `lu`, `lu!`, the LU object (factors, ipiv, info;
# properties L, U, p, P), solves, det/logabsdet and inv through it.
#
# Float64/Float32 matrices use LAPACK getrf/getrs/getri; other element types the same algorithm in
# Julia (pivot = first entry of largest abs in the column). Integers are factored as Float64, as
# Julia's lutype does. `info > 0` marks an exactly zero pivot: `lu` throws SingularException(info)
# unless `check = false`.

abstract type Factorization{T} end
Base.eltype(::Type{<:Factorization{T}}) where {T} = T
Base.eltype(F::Factorization) = eltype(typeof(F))

struct LU{T, S<:AbstractMatrix{T}, P<:AbstractVector{<:Integer}} <: Factorization{T}
    factors::S
    ipiv::P
    info::Int
end
LU(factors::AbstractMatrix{T}, ipiv::AbstractVector{<:Integer}, info::Integer) where {T} =
    LU{T, typeof(factors), typeof(ipiv)}(factors, ipiv, Int(info))

lutype(::Type{T}) where {T} = typeof(zero(T) / one(T))

function lu(A::AbstractMatrix; check::Bool = true)
    lu!(copy_matrix(lutype(eltype(A)), A); check = check)
end
lu(x::Number; check::Bool = true) = (check && iszero(x) && throw(SingularException(1)); x)

function lu!(A::Matrix{T}; check::Bool = true) where {T<:BlasFloat}
    _, ipiv32, info = LAPACK.getrf!(A)
    ipiv = Int[Int(p) for p in ipiv32]
    check && info > 0 && throw(SingularException(info))
    LU(A, ipiv, info)
end

function lu!(A::AbstractMatrix{T}; check::Bool = true) where {T}
    m, n = size(A, 1), size(A, 2)
    k = min(m, n)
    ipiv = Vector{Int}(undef, k)
    info = 0
    for c in 1:k
        # pivot: the first entry of largest magnitude in column c, rows c:m
        kp = c
        amax = abs(zero(T))
        for i in c:m
            a = abs(A[i, c])
            if a > amax
                kp = i
                amax = a
            end
        end
        ipiv[c] = kp
        if !iszero(A[kp, c])
            if kp != c
                for j in 1:n
                    A[c, j], A[kp, j] = A[kp, j], A[c, j]
                end
            end
            piv = inv(A[c, c])
            for i in c+1:m
                A[i, c] *= piv
            end
        elseif info == 0
            info = c
        end
        for j in c+1:n, i in c+1:m
            A[i, j] -= A[i, c] * A[c, j]
        end
    end
    check && info > 0 && throw(SingularException(info))
    LU(A, ipiv, info)
end

issuccess(F::LU) = F.info == 0
size(F::LU) = size(getfield(F, :factors))
size(F::LU, d::Integer) = size(getfield(F, :factors), d)

# the row permutation the pivots describe: A[p, :] == L * U
function ipiv2perm(ipiv::AbstractVector, m::Integer)
    p = collect(1:m)
    for i in 1:length(ipiv)
        j = ipiv[i]
        p[i], p[j] = p[j], p[i]
    end
    p
end

function getproperty(F::LU{T}, d::Symbol) where {T}
    A = getfield(F, :factors)
    m, n = size(A, 1), size(A, 2)
    if d === :L
        L = zeros_matrix(T, m, min(m, n))
        for j in 1:min(m, n)
            L[j, j] = one(T)
            for i in j+1:m
                L[i, j] = A[i, j]
            end
        end
        return L
    elseif d === :U
        U = zeros_matrix(T, min(m, n), n)
        for j in 1:n, i in 1:min(j, m)
            U[i, j] = A[i, j]
        end
        return U
    elseif d === :p
        return ipiv2perm(getfield(F, :ipiv), m)
    elseif d === :P
        p = ipiv2perm(getfield(F, :ipiv), m)
        P = zeros_matrix(T, m, m)
        for i in 1:m
            P[i, p[i]] = one(T)
        end
        return P
    end
    getfield(F, d)
end
propertynames(F::LU, private::Bool = false) = (:L, :U, :p, :P, (private ? fieldnames(typeof(F)) : ())...)

# destructuring: L, U, p = lu(A)
iterate(F::LU, state::Int = 1) = state == 1 ? (F.L, 2) : state == 2 ? (F.U, 3) : state == 3 ? (F.p, 4) : nothing

function check_lu_solve(F::LU, B)
    issuccess(F) || throw(SingularException(F.info))
    n = size(F, 1)
    size(F, 1) == size(F, 2) || throw(DimensionMismatch("LU solve needs a square factorization"))
    size(B, 1) == n || throw(DimensionMismatch("arguments must have the same number of rows"))
    n
end

function (\)(F::LU{T, <:Matrix{T}}, B::AbstractVecOrMat) where {T<:BlasFloat}
    check_lu_solve(F, B)
    S = typeof(one(eltype(B)) / one(T))
    X = copy_vecormat(S, B)
    S === T || return generic_lu_solve(F, X)
    ipiv = Int32[Int32(p) for p in getfield(F, :ipiv)]
    LAPACK.getrs!('N', getfield(F, :factors), ipiv, X)
end
function (\)(F::LU, B::AbstractVecOrMat)
    check_lu_solve(F, B)
    generic_lu_solve(F, copy_vecormat(typeof(one(eltype(B)) / one(eltype(F))), B))
end

# X holds B: apply the row swaps, then forward (unit L) and back (U) substitution
function generic_lu_solve(F::LU, X::AbstractVecOrMat)
    A = getfield(F, :factors)
    ipiv = getfield(F, :ipiv)
    n = size(A, 1)
    for j in 1:size(X, 2)
        for i in 1:length(ipiv)
            p = ipiv[i]
            p != i && ((X[i, j], X[p, j]) = (X[p, j], X[i, j]))
        end
        for i in 1:n, k in 1:i-1
            X[i, j] -= A[i, k] * X[k, j]
        end
        for i in n:-1:1
            s = X[i, j]
            for k in i+1:n
                s -= A[i, k] * X[k, j]
            end
            X[i, j] = s / A[i, i]
        end
    end
    X
end

function det(F::LU{T}) where {T}
    n = checksquare(getfield(F, :factors))
    issuccess(F) || return zero(T)
    A = getfield(F, :factors)
    ipiv = getfield(F, :ipiv)
    P = one(T)
    c = 0
    for i in 1:n
        P *= A[i, i]
        ipiv[i] != i && (c += 1)
    end
    P * (isodd(c) ? -one(T) : one(T))
end

function logabsdet(F::LU{T}) where {T}
    n = checksquare(getfield(F, :factors))
    A = getfield(F, :factors)
    ipiv = getfield(F, :ipiv)
    s = one(real(T))
    c = 0
    P = zero(real(T))
    for i in 1:n
        d = A[i, i]
        s *= sign(d)
        P += log(abs(d))
        ipiv[i] != i && (c += 1)
    end
    (P, isodd(c) ? -s : s)
end

function inv(F::LU{T, <:Matrix{T}}) where {T<:BlasFloat}
    issuccess(F) || throw(SingularException(F.info))
    ipiv = Int32[Int32(p) for p in getfield(F, :ipiv)]
    LAPACK.getri!(copy_matrix(getfield(F, :factors)), ipiv)
end
function inv(F::LU{T}) where {T}
    issuccess(F) || throw(SingularException(F.info))
    generic_lu_solve(F, identity_matrix(T, size(F, 1)))
end

function show(io::IO, mime::MIME"text/plain", F::LU)
    if issuccess(F)
        summary(io, F)
        println(io)
        println(io, "L factor:")
        show(io, mime, F.L)
        println(io, "\nU factor:")
        show(io, mime, F.U)
    else
        print(io, "Failed factorization of type ", typeof(F))
    end
end
