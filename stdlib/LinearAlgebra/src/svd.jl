# svd.jl -- the singular value decomposition: `svd` (LAPACK gesdd, divide and conquer, thin by
# default, `full = true` for square U and Vt), the `SVD` object (U, S, Vt; V = Vt' lazily;
# destructuring gives U, S, V), `svdvals`, and what is built on it: `pinv`, `nullspace`, `cond`.
# Element types other than Float64/Float32 and their complex types are factored as floats (Int ->
# Float64, eigtype); a complex matrix has real singular values.

struct SVD{T, Tr, M<:AbstractArray{T}} <: Factorization{T}
    U::M
    S::Vector{Tr}
    Vt::M
end
SVD(U::AbstractArray{T}, S::Vector{Tr}, Vt::AbstractArray{T}) where {T, Tr} = SVD{T, Tr, typeof(U)}(U, S, Vt)

iterate(F::SVD, state::Int = 1) =
    state == 1 ? (F.U, 2) : state == 2 ? (F.S, 3) : state == 3 ? (F.V, 4) : nothing

function getproperty(F::SVD, d::Symbol)
    d === :V && return adjoint(getfield(F, :Vt))
    getfield(F, d)
end
propertynames(F::SVD, private::Bool = false) = private ? (:V, fieldnames(typeof(F))...) : (:U, :S, :V, :Vt)

size(F::SVD, d::Integer) = d == 1 ? size(getfield(F, :U), 1) : size(getfield(F, :Vt), d)
size(F::SVD) = (size(F, 1), size(F, 2))

function svd!(A::Matrix{T}; full::Bool = false) where {T<:BlasScalar}
    m, n = size(A, 1), size(A, 2)
    if m == 0 || n == 0
        return SVD(Matrix{T}(I, m, full ? m : n), real(T)[], Matrix{T}(I, n, n))
    end
    U, S, Vt = LAPACK.gesdd!(full ? 'A' : 'S', A)
    SVD(U, S, Vt)
end
svd(A::AbstractMatrix{T}; full::Bool = false) where {T} = svd!(copy_matrix(svdtype(T), A); full = full)
svd(v::AbstractVector; full::Bool = false) = svd(reshape(copy_vecormat(eltype(v), v), length(v), 1); full = full)
svd(x::Number; full::Bool = false) = SVD(fill(iszero(x) ? one(x) : x / abs(x), 1, 1), [abs(x)], fill(one(x), 1, 1))
svd(x::Integer; full::Bool = false) = svd(float(x))

# the element type the factorization runs in (LAPACK's real types)
function svdtype(::Type{T}) where {T}
    S = eigtype(T)
    S <: BlasScalar || throw(ArgumentError("svd of a matrix of $T is not supported (only floating-point, complex and integer matrices)"))
    S
end

svdvals(A::AbstractMatrix{T}) where {T} =
    isempty(A) ? zeros(svdtype(T), 0) : LAPACK.gesdd!('N', copy_matrix(svdtype(T), A))[2]
svdvals(v::AbstractVector{T}) where {T} = [convert(real(svdtype(T)), norm(v))]
svdvals(x::Number) = abs(x)
svdvals(F::SVD) = F.S

function show(io::IO, mime::MIME"text/plain", F::SVD)
    summary(io, F)
    println(io)
    println(io, "U factor:")
    show(io, mime, F.U)
    println(io, "\nsingular values:")
    show(io, mime, F.S)
    println(io, "\nVt factor:")
    show(io, mime, F.Vt)
end

# A = U S Vt  =>  A⁻¹ = V S⁻¹ U'
function inv(F::SVD)
    S = F.S
    for i in 1:length(S)
        iszero(S[i]) && throw(SingularException(i))
    end
    copy_matrix(F.V) * (Diagonal([inv(s) for s in S]) * copy_matrix(adjoint(F.U)))
end

# ---- built on the SVD

# the Moore-Penrose pseudoinverse: singular values at or below max(atol, rtol * σmax) count as zero
function pinv(A::AbstractMatrix{T}; atol::Real = 0.0,
              rtol::Real = (eps(real(float(one(T)))) * min(size(A, 1), size(A, 2))) * iszero(atol)) where {T}
    m, n = size(A, 1), size(A, 2)
    Tout = typeof(zero(T) / sqrt(one(T) + one(T)))
    (m == 0 || n == 0) && return Matrix{Tout}(undef, n, m)
    if isdiag(A)
        dmax = zero(real(Tout))
        for i in 1:min(m, n)
            dmax = max(dmax, abs(A[i, i]))
        end
        tol = max(rtol * dmax, atol)
        B = zeros_matrix(Tout, n, m)
        for i in 1:min(m, n)
            a = A[i, i]
            B[i, i] = abs(a) > tol ? pinv(a) : zero(Tout)
        end
        return B
    end
    F = svd(A)
    tol = max(rtol * maximum(F.S), atol)
    Sinv = [s > tol ? inv(s) : zero(s) for s in F.S]
    copy_matrix(F.V) * (Diagonal(Sinv) * copy_matrix(adjoint(F.U)))
end
pinv(x::Number) = isfinite(one(x) / x) ? one(x) / x : zero(x)

# an orthonormal basis of the null space: the right singular vectors past the numerical rank
function nullspace(A::AbstractVecOrMat; atol::Real = 0.0,
                   rtol::Real = (min(size(A, 1), size(A, 2)) * eps(real(float(one(eltype(A)))))) * iszero(atol))
    m, n = size(A, 1), size(A, 2)
    (m == 0 || n == 0) && return Matrix{svdtype(eltype(A))}(I, n, n)
    F = svd(A isa AbstractVector ? reshape(A, length(A), 1) : A; full = true)
    tol = max(atol, F.S[1] * rtol)
    r = count(s -> s > tol, F.S)
    Vt = F.Vt
    N = Matrix{eltype(Vt)}(undef, n, n - r)
    for j in 1:n-r, i in 1:n
        N[i, j] = adjoint(Vt[r + j, i])
    end
    N
end

# the condition number: σmax / σmin for p = 2, ‖A‖ₚ‖A⁻¹‖ₚ for p = 1 or Inf (Inf when singular)
function cond(A::AbstractMatrix, p::Real = 2)
    if p == 2
        v = svdvals(A)
        maxv = maximum(v)
        return iszero(maxv) ? oftype(real(maxv), Inf) : maxv / minimum(v)
    elseif p == 1 || p == Inf
        checksquare(A)
        local Ainv
        try
            Ainv = inv(A)
        catch e
            (e isa SingularException || e isa LAPACKException) && return convert(float(real(eltype(A))), Inf)
            rethrow()
        end
        return opnorm(A, p) * opnorm(Ainv, p)
    end
    throw(ArgumentError("p-norm must be 1, 2 or Inf, got $p"))
end
cond(x::Number) = iszero(x) ? Inf : 1.0
cond(x::Number, p) = cond(x)
