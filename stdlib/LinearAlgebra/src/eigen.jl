# eigen.jl -- eigendecompositions: `eigen`, `eigvals`, `eigvecs`, `eigmax`/`eigmin` and the `Eigen`
# object (values, vectors; destructuring gives both).
#
# As in Julia: a diagonal matrix is answered from its diagonal; an exactly symmetric real matrix
# (or a Symmetric/Hermitian wrapper) goes to LAPACK syevr (real values, orthonormal vectors); any
# other real matrix to geevx with balancing ('B'), whose complex conjugate pairs become complex
# values and vectors. A complex matrix goes to heevr when it is Hermitian, else to the complex geevx. Values are then sorted by (real, imag) (`sortby`, `nothing` keeps LAPACK's
# order). Integer matrices are factored as Float64 (eigtype).

struct Eigen{T, V, S<:AbstractMatrix, U<:AbstractVector} <: Factorization{T}
    values::U
    vectors::S
end
Eigen(values::AbstractVector{V}, vectors::AbstractMatrix{T}) where {T, V} =
    Eigen{T, V, typeof(vectors), typeof(values)}(values, vectors)

iterate(F::Eigen, state::Int = 1) = state == 1 ? (F.values, 2) : state == 2 ? (F.vectors, 3) : nothing

function show(io::IO, mime::MIME"text/plain", F::Eigen)
    summary(io, F)
    println(io)
    println(io, "values:")
    show(io, mime, F.values)
    println(io, "\nvectors:")
    show(io, mime, F.vectors)
end

# the floating-point type eigenproblems of T run in
eigtype(::Type{T}) where {T} = promote_type(Float32, typeof(zero(T) / sqrt(abs2(one(T)))))

function eigenblas(::Type{T}) where {T}
    S = eigtype(T)
    S <: BlasScalar || throw(ArgumentError("eigen of a matrix of $T is not supported (only floating-point, complex and integer matrices)"))
    S
end

eigsortby(λ::Real) = λ
eigsortby(λ::Complex) = (real(λ), imag(λ))

# sort λ (and X's columns with it) by `sortby` unless already sorted
function sorteig!(λ::AbstractVector, X::AbstractMatrix, sortby)
    if sortby !== nothing && !issorted(λ, by = sortby)
        p = sortperm(λ, by = sortby)
        λ = λ[p]
        X = X[:, p]
    end
    λ, X
end
sorteig!(λ::AbstractVector, sortby) = sortby === nothing ? λ : sort!(λ, by = sortby)

function eigen(A::AbstractMatrix{T}; permute::Bool = true, scale::Bool = true, sortby = eigsortby) where {T}
    AA = copy_matrix(eigenblas(T), A)
    isdiag(AA) && return eigen(Diagonal(diag(AA)); sortby = sortby)
    eigen!(AA; permute = permute, scale = scale, sortby = sortby)
end
eigen(x::Number) = Eigen([x], fill(one(x), 1, 1))

balance_char(permute::Bool, scale::Bool) = permute ? (scale ? 'B' : 'P') : (scale ? 'S' : 'N')

function eigen!(A::Matrix{T}; permute::Bool = true, scale::Bool = true, sortby = eigsortby) where {T<:BlasFloat}
    n = checksquare(A)
    n == 0 && return Eigen(zeros(T, 0), zeros(T, 0, 0))
    issymmetric(A) && return eigen!(Symmetric(A); sortby = sortby)
    WR, WI, VR = LAPACK.geevx!(balance_char(permute, scale), 'V', A)
    all(iszero, WI) && return Eigen(sorteig!(WR, VR, sortby)...)
    # a conjugate pair (WI[j] > 0, WI[j+1] < 0) stores its vector as VR[:, j] ± i VR[:, j+1]
    vecs = zeros_matrix(Complex{T}, n, n)
    j = 1
    while j <= n
        if iszero(WI[j])
            for i in 1:n
                vecs[i, j] = VR[i, j]
            end
        else
            for i in 1:n
                vecs[i, j] = complex(VR[i, j], VR[i, j+1])
                vecs[i, j+1] = complex(VR[i, j], -VR[i, j+1])
            end
            j += 1
        end
        j += 1
    end
    Eigen(sorteig!([complex(WR[i], WI[i]) for i in 1:n], vecs, sortby)...)
end

# a complex matrix: Hermitian ones to heevr (real values), others to geevx
function eigen!(A::Matrix{T}; permute::Bool = true, scale::Bool = true, sortby = eigsortby) where {T<:BlasComplex}
    n = checksquare(A)
    n == 0 && return Eigen(zeros(T, 0), zeros(T, 0, 0))
    ishermitian(A) && return eigen!(Hermitian(A); sortby = sortby)
    w, VR = LAPACK.geevx!(balance_char(permute, scale), 'V', A)
    Eigen(sorteig!(w, VR, sortby)...)
end
function eigen!(S::Hermitian{T, Matrix{T}}; sortby = nothing) where {T<:BlasComplex}
    w, Z = LAPACK.syevr!('V', S.uplo, S.data)
    Eigen(sorteig!(w, Z, sortby)...)
end

function eigen!(S::Union{Symmetric{T, Matrix{T}}, Hermitian{T, Matrix{T}}}; sortby = nothing) where {T<:BlasFloat}
    w, Z = LAPACK.syevr!('V', S.uplo, S.data)
    Eigen(sorteig!(w, Z, sortby)...)
end
eigen(S::Symmetric; sortby = nothing) =
    eigen!(Symmetric(copy_matrix(eigenblas(eltype(S)), S.data), sym_uplo(S)); sortby = sortby)
eigen(S::Hermitian; sortby = nothing) =
    eigen!(Hermitian(copy_matrix(eigenblas(eltype(S)), S.data), sym_uplo(S)); sortby = sortby)

function eigen(D::Diagonal{T}; permute::Bool = true, scale::Bool = true, sortby = nothing) where {T}
    all(isfinite, D.diag) || throw(ArgumentError("matrix contains Infs or NaNs"))
    Td = typeof(one(T) / one(T))
    λ = copy_vecormat(eltype(D.diag), D.diag)
    if sortby === nothing
        return Eigen(λ, Matrix{Td}(I, length(λ), length(λ)))
    end
    p = sortperm(λ, by = sortby)
    vecs = zeros_matrix(Td, length(λ), length(λ))
    for i in 1:length(p)
        vecs[p[i], i] = one(Td)
    end
    Eigen(λ[p], vecs)
end

function eigvals(A::AbstractMatrix{T}; permute::Bool = true, scale::Bool = true, sortby = eigsortby) where {T}
    AA = copy_matrix(eigenblas(T), A)
    n = checksquare(AA)
    n == 0 && return zeros(eltype(AA), 0)
    _eigvals_herm(AA) && return sorteig!(LAPACK.syevr!('N', 'U', AA)[1], sortby)
    _eigvals_general!(AA, balance_char(permute, scale), sortby)
end
_eigvals_herm(A::Matrix{<:Real}) = issymmetric(A)
_eigvals_herm(A::Matrix{<:Complex}) = ishermitian(A)
function _eigvals_general!(A::Matrix{<:BlasFloat}, balanc::Char, sortby)
    WR, WI, _ = LAPACK.geevx!(balanc, 'N', A)
    sorteig!(all(iszero, WI) ? WR : [complex(WR[i], WI[i]) for i in 1:length(WR)], sortby)
end
_eigvals_general!(A::Matrix{<:BlasComplex}, balanc::Char, sortby) = sorteig!(LAPACK.geevx!(balanc, 'N', A)[1], sortby)
eigvals(S::Union{Symmetric, Hermitian}; sortby = nothing) =
    sorteig!(LAPACK.syevr!('N', S.uplo, copy_matrix(eigenblas(eltype(S)), S.data))[1], sortby)
eigvals(D::Diagonal; kws...) = copy_vecormat(eltype(D.diag), D.diag)
eigvals(x::Number; kws...) = imag(x) == 0 ? real(x) : x
eigvals(F::Eigen) = F.values

eigvecs(A::Union{Number, AbstractMatrix}; kws...) = eigvecs(eigen(A; kws...))
eigvecs(F::Eigen) = F.vectors

function eigmax(A::Union{Number, AbstractMatrix}; permute::Bool = true, scale::Bool = true)
    v = eigvals(A; permute = permute, scale = scale)
    eltype(v) <: Complex && throw(DomainError(A, "`A` cannot have complex eigenvalues."))
    maximum(v)
end
function eigmin(A::Union{Number, AbstractMatrix}; permute::Bool = true, scale::Bool = true)
    v = eigvals(A; permute = permute, scale = scale)
    eltype(v) <: Complex && throw(DomainError(A, "`A` cannot have complex eigenvalues."))
    minimum(v)
end

det(F::Eigen) = prod(F.values)
inv(F::Eigen) = F.vectors * inv(Diagonal(F.values)) / F.vectors
isposdef(F::Eigen) = all(x -> isreal(x) && real(x) > 0, F.values)
