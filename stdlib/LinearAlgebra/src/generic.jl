# generic.jl -- element-type-generic linear algebra: dot, norm (p-norms, also of matrices as vectors),
# opnorm (1, Inf; 2 via singular values), normalize, tr, det/logdet via LU, diag/diagm/diagind,
# triu/tril, the structure predicates, kron, cross, rank.

# ---- dot

dot(x::Number, y::Number) = conj(x) * y
function dot(x::AbstractArray, y::AbstractArray)
    lx, ly = length(x), length(y)
    lx == ly || throw(DimensionMismatch("first array has length $lx which does not match the length of the second, $ly."))
    lx == 0 && return dot(zero(eltype(x)), zero(eltype(y)))
    s = dot(x[1], y[1])
    for i in 2:lx
        s += dot(x[i], y[i])
    end
    s
end
function dot(x::Array{T}, y::Array{T}) where {T<:BlasFloat}
    length(x) == length(y) ||
        throw(DimensionMismatch("first array has length $(length(x)) which does not match the length of the second, $(length(y))."))
    BLAS.dot(x, y)
end
# dot(x, A, y) = x' A y without the temporary
function dot(x::AbstractVector, A::AbstractMatrix, y::AbstractVector)
    m, n = size(A, 1), size(A, 2)
    (length(x) == m && length(y) == n) ||
        throw(DimensionMismatch("x has length $(length(x)), A has size ($m, $n), y has length $(length(y))"))
    s = zero(dot(zero(eltype(x)), zero(eltype(A)) * zero(eltype(y))))
    for j in 1:n
        t = zero(s)
        for i in 1:m
            t += dot(x[i], A[i, j])
        end
        s += t * y[j]
    end
    s
end

# ---- norm

norm(x::Number, p::Real = 2) = (p == 0 ? (iszero(x) ? zero(float(abs(x))) : one(float(abs(x)))) : float(abs(x)))

function norm(itr, p::Real = 2)
    isempty(itr) && return float(norm(zero(eltype(itr))))
    if p == 2
        return norm2(itr)
    elseif p == 1
        return norm1(itr)
    elseif p == Inf
        return normInf(itr)
    elseif p == 0
        return typeof(float(norm(first(itr))))(count(x -> !iszero(x), itr))
    elseif p == -Inf
        return normMinusInf(itr)
    else
        return normp(itr, p)
    end
end

function normInf(x)
    m = float(norm(first(x)))
    for v in x
        a = norm(v)
        (a > m || isnan(a)) && (m = a)
        isnan(m) && return m
    end
    float(m)
end
function normMinusInf(x)
    m = float(norm(first(x)))
    for v in x
        a = norm(v)
        (a < m || isnan(a)) && (m = a)
        isnan(m) && return m
    end
    float(m)
end
function norm1(x)
    av = float(norm(first(x)))
    S = promote_type(Float64, typeof(av))
    s = convert(S, 0)
    for v in x
        s += norm(v)
    end
    convert(typeof(av), s)
end
norm1(x::Array{<:BlasFloat}) = length(x) < 32 ? invoke_generic(norm1, x) : BLAS.asum(x)
# sum of squares (accumulated in at least Float64), rescaled by the largest entry when it would
# overflow or underflow
function norm2(x)
    maxabs = normInf(x)
    (iszero(maxabs) || isinf(maxabs)) && return maxabs
    T = typeof(maxabs)
    S = promote_type(Float64, T)
    s = convert(S, 0)
    if isfinite(length(x) * maxabs * maxabs) && !iszero(maxabs * maxabs)
        for v in x
            s += norm_sqr(v)
        end
        return convert(T, sqrt(s))
    else
        for v in x
            s += abs2(norm(v) / maxabs)
        end
        return convert(T, maxabs * sqrt(s))
    end
end
# Julia uses BLAS for 32 elements and more, its generic loop below that
norm2(x::Array{<:BlasFloat}) = length(x) < 32 ? invoke_generic(norm2, x) : BLAS.nrm2(x)
invoke_generic(f, x::Array) = f(GenericIter(x))
struct GenericIter{A}
    a::A
end
Base.iterate(g::GenericIter, s...) = iterate(g.a, s...)
Base.length(g::GenericIter) = length(g.a)
Base.first(g::GenericIter) = first(g.a)

norm_sqr(x::Number) = abs2(x)
norm_sqr(x) = norm(x)^2

function normp(x, p)
    v1 = first(x)
    if p > 1 || p < -1
        maxabs = p > 1 ? normInf(x) : normMinusInf(x)
        (iszero(maxabs) || isinf(maxabs)) && return maxabs
        T = typeof(maxabs)
    else
        maxabs = float(norm(v1))
        T = typeof(float(norm(v1)))
    end
    spp = convert(promote_type(Float64, T), p)
    if -1 <= p <= 1 || (isfinite(length(x) * maxabs^spp) && !iszero(maxabs^spp))
        s = convert(promote_type(Float64, T), 0)
        for v in x
            s += norm(v)^spp
        end
        return convert(T, s^inv(spp))
    else
        s = convert(promote_type(Float64, T), 0)
        for v in x
            s += (norm(v) / maxabs)^spp
        end
        return convert(T, s^inv(spp) * maxabs)
    end
end

# operator norms: 1 = largest column sum, Inf = largest row sum, 2 = largest singular value
function opnorm(A::AbstractMatrix, p::Real = 2)
    m, n = size(A, 1), size(A, 2)
    T = typeof(float(norm(zero(eltype(A)))))
    (m == 0 || n == 0) && return zero(T)
    if p == 1
        best = zero(T)
        for j in 1:n
            s = zero(T)
            for i in 1:m
                s += norm(A[i, j])
            end
            best = max(best, s)
        end
        return best
    elseif p == Inf
        best = zero(T)
        for i in 1:m
            s = zero(T)
            for j in 1:n
                s += norm(A[i, j])
            end
            best = max(best, s)
        end
        return best
    elseif p == 2
        return convert(T, maximum(svdvals(A)))
    end
    throw(ArgumentError("invalid p-norm p=$p. Valid: 1, 2, Inf"))
end
opnorm(x::Number, p::Real = 2) = norm(x, p)

function normalize!(a::AbstractArray, p::Real = 2)
    nrm = norm(a, p)
    for i in 1:length(a)
        a[i] = a[i] / nrm
    end
    a
end
function normalize(a::AbstractArray, p::Real = 2)
    nrm = norm(a, p)
    T = typeof(zero(eltype(a)) / nrm)
    b = similar(a, T)
    for i in 1:length(a)
        b[i] = a[i] / nrm
    end
    b
end
normalize(x::Number) = iszero(x) ? x / abs(x) : sign(x)

# ---- trace, determinant

function tr(A::AbstractMatrix)
    n = checksquare(A)
    n == 0 && return zero(eltype(A))
    s = A[1, 1]
    for i in 2:n
        s += A[i, i]
    end
    s
end
tr(x::Number) = x

function det(A::AbstractMatrix{T}) where {T}
    if istriu(A) || istril(A)
        checksquare(A)
        S = typeof((one(T) * zero(T) + zero(T)) / one(T))
        d = one(S)
        for i in 1:size(A, 1)
            d *= A[i, i]
        end
        return convert(S, d)
    end
    det(lu(A; check = false))
end
det(x::Number) = x
logdet(A::AbstractMatrix) = log(det(A))
logdet(x::Number) = log(x)
function logabsdet(A::AbstractMatrix)
    F = lu(A; check = false)
    logabsdet(F)
end

# ---- diagonals and triangles

function diagind(m::Integer, n::Integer, k::Integer = 0)
    (-m <= k <= n) || throw(ArgumentError("requested diagonal, $k, must be at least $(-m) and at most $n in an $m-by-$n matrix"))
    k <= 0 ? range(1 - k, step = m + 1, length = min(m + k, n)) : range(k * m + 1, step = m + 1, length = min(m, n - k))
end
diagind(A::AbstractMatrix, k::Integer = 0) = diagind(size(A, 1), size(A, 2), k)

function diag(A::AbstractMatrix, k::Integer = 0)
    m, n = size(A, 1), size(A, 2)
    (-m <= k <= n) || throw(ArgumentError("requested diagonal, $k, must be at least $(-m) and at most $n in an $m-by-$n matrix"))
    len = k <= 0 ? min(m + k, n) : min(m, n - k)
    v = Vector{eltype(A)}(undef, max(len, 0))
    for i in 1:len
        v[i] = k <= 0 ? A[i - k, i] : A[i, i + k]
    end
    v
end

diagm(v::AbstractVector) = diagm(0 => v)
diagm(m::Integer, n::Integer, v::AbstractVector) = diagm(m, n, 0 => v)
function diagm(kv::Pair{<:Integer, <:AbstractVector}...)
    n = 0
    for p in kv
        n = max(n, length(p.second) + abs(p.first))
    end
    diagm(n, n, kv...)
end
function diagm(m::Integer, n::Integer, kv::Pair{<:Integer, <:AbstractVector}...)
    T = Union{}
    for p in kv
        T = promote_type(T, eltype(p.second))
    end
    A = zeros_matrix(T, m, n)
    for p in kv
        k, v = p.first, p.second
        len = k <= 0 ? min(m + k, n) : min(m, n - k)
        length(v) <= len || throw(DimensionMismatch("diagonal $k has length $(length(v)), but a $m×$n matrix only fits $len"))
        for i in 1:length(v)
            if k <= 0
                A[i - k, i] += v[i]
            else
                A[i, i + k] += v[i]
            end
        end
    end
    A
end

zeros_matrix(::Type{T}, m::Integer, n::Integer) where {T} = fill!(Matrix{T}(undef, m, n), zero(T))

function triu!(A::AbstractMatrix, k::Integer = 0)
    m, n = size(A, 1), size(A, 2)
    for j in 1:n, i in max(1, j - k + 1):m
        A[i, j] = zero(eltype(A))
    end
    A
end
function tril!(A::AbstractMatrix, k::Integer = 0)
    m, n = size(A, 1), size(A, 2)
    for j in 1:n, i in 1:min(j - k - 1, m)
        A[i, j] = zero(eltype(A))
    end
    A
end
triu(A::AbstractMatrix, k::Integer = 0) = triu!(copy_matrix(A), k)
tril(A::AbstractMatrix, k::Integer = 0) = tril!(copy_matrix(A), k)

# a fresh dense Matrix with A's entries, optionally converted
copy_matrix(A::AbstractMatrix) = copy_matrix(eltype(A), A)
function copy_matrix(::Type{T}, A::AbstractMatrix) where {T}
    m, n = size(A, 1), size(A, 2)
    B = Matrix{T}(undef, m, n)
    for j in 1:n, i in 1:m
        B[i, j] = A[i, j]
    end
    B
end

function istriu(A::AbstractMatrix, k::Integer = 0)
    m, n = size(A, 1), size(A, 2)
    for j in 1:min(n, m + k - 1), i in max(1, j - k + 1):m
        iszero(A[i, j]) || return false
    end
    true
end
function istril(A::AbstractMatrix, k::Integer = 0)
    m, n = size(A, 1), size(A, 2)
    for j in max(1, k + 2):n, i in 1:min(j - k - 1, m)
        iszero(A[i, j]) || return false
    end
    true
end
isdiag(A::AbstractMatrix) = istriu(A) && istril(A)
istriu(x::Number) = true
istril(x::Number) = true
isdiag(x::Number) = true

function issymmetric(A::AbstractMatrix)
    m, n = size(A, 1), size(A, 2)
    m == n || return false
    for j in 1:n, i in j:n
        A[i, j] == transpose(A[j, i]) || return false
    end
    true
end
issymmetric(x::Number) = x == x
function ishermitian(A::AbstractMatrix)
    m, n = size(A, 1), size(A, 2)
    m == n || return false
    for j in 1:n, i in j:n
        A[i, j] == adjoint(A[j, i]) || return false
    end
    true
end
ishermitian(x::Number) = x == conj(x)

# ---- products of structure: kron, cross

function kron(A::AbstractMatrix, B::AbstractMatrix)
    ma, na = size(A, 1), size(A, 2)
    mb, nb = size(B, 1), size(B, 2)
    T = typeof(zero(eltype(A)) * zero(eltype(B)))
    R = Matrix{T}(undef, ma * mb, na * nb)
    for ja in 1:na, jb in 1:nb, ia in 1:ma, ib in 1:mb
        R[(ia - 1) * mb + ib, (ja - 1) * nb + jb] = A[ia, ja] * B[ib, jb]
    end
    R
end
function kron(a::AbstractVector, b::AbstractVector)
    T = typeof(zero(eltype(a)) * zero(eltype(b)))
    R = Vector{T}(undef, length(a) * length(b))
    k = 1
    for x in a, y in b
        R[k] = x * y
        k += 1
    end
    R
end
kron(a::AbstractVector, B::AbstractMatrix) = kron(reshape(a, length(a), 1), B)
kron(A::AbstractMatrix, b::AbstractVector) = kron(A, reshape(b, length(b), 1))
kron(a::Number, b::Number) = a * b
kron(a::Number, B::AbstractArray) = a * B
kron(A::AbstractArray, b::Number) = A * b

function cross(a::AbstractVector, b::AbstractVector)
    (length(a) == length(b) == 3) || throw(DimensionMismatch("cross product is only defined for vectors of length 3"))
    a1, a2, a3 = a[1], a[2], a[3]
    b1, b2, b3 = b[1], b[2], b[3]
    [a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1]
end

# numerical rank from the singular values
function rank(A::AbstractMatrix; atol::Real = 0.0, rtol::Real = (min(size(A, 1), size(A, 2)) * eps(real(float(one(eltype(A))))) * iszero(atol)))
    isempty(A) && return 0
    s = svdvals(A)
    tol = max(atol, rtol * s[1])
    count(x -> x > tol, s)
end
rank(x::Number) = iszero(x) ? 0 : 1
