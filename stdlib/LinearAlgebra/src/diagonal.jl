# diagonal.jl -- Diagonal{T,V}: a square matrix stored as its diagonal vector. Indexing gives zeros
# off the diagonal; products, solves, det/tr/inv and powers work on the vector; the REPL shows
# structural zeros as `⋅` (through Base.replace_in_print_matrix).

struct Diagonal{T, V<:AbstractVector{T}} <: AbstractMatrix{T}
    diag::V
end
Diagonal(v::AbstractVector{T}) where {T} = Diagonal{T, typeof(v)}(v)
Diagonal(A::AbstractMatrix) = Diagonal(diag(A))
Diagonal{T}(v::AbstractVector) where {T} = Diagonal(copy_vecormat(T, v))

size(D::Diagonal) = (length(D.diag), length(D.diag))
function getindex(D::Diagonal{T}, i::Int, j::Int) where {T}
    n = length(D.diag)
    (1 <= i <= n && 1 <= j <= n) || throw(BoundsError(D, (i, j)))
    i == j ? D.diag[i] : zero(T)
end
function getindex(D::Diagonal, k::Int)
    n = length(D.diag)
    (1 <= k <= n * n) || throw(BoundsError(D, k))
    D[rem(k - 1, n) + 1, div(k - 1, n) + 1]
end
function setindex!(D::Diagonal, v, i::Int, j::Int)
    if i == j
        D.diag[i] = v
    elseif !iszero(v)
        throw(ArgumentError("cannot set off-diagonal entry ($i, $j) to a nonzero value ($v)"))
    end
    D
end

diag(D::Diagonal) = D.diag
function diag(D::Diagonal{T}, k::Integer) where {T}
    k == 0 && return copy_vecormat(T, D.diag)
    n = length(D.diag)
    (-n <= k <= n) || throw(ArgumentError("requested diagonal, $k, must be at least $(-n) and at most $n in an $n-by-$n matrix"))
    fill!(Vector{T}(undef, n - abs(k)), zero(T))
end
tr(D::Diagonal) = sum(D.diag)
det(D::Diagonal) = prod(D.diag)
function inv(D::Diagonal)
    for i in 1:length(D.diag)
        iszero(D.diag[i]) && throw(SingularException(i))
    end
    Diagonal([inv(x) for x in D.diag])
end
copy(D::Diagonal) = Diagonal(copy_vecormat(eltype(D), D.diag))
adjoint(D::Diagonal) = Diagonal([adjoint(x) for x in D.diag])
transpose(D::Diagonal) = Diagonal([transpose(x) for x in D.diag])
istriu(D::Diagonal, k::Integer = 0) = k <= 0 || all(iszero, D.diag)
istril(D::Diagonal, k::Integer = 0) = k >= 0 || all(iszero, D.diag)
isdiag(D::Diagonal) = true
issymmetric(D::Diagonal) = true
(==)(D1::Diagonal, D2::Diagonal) = D1.diag == D2.diag
Matrix(D::Diagonal{T}) where {T} = diagm(0 => D.diag)
Array(D::Diagonal) = Matrix(D)

(+)(D1::Diagonal, D2::Diagonal) = Diagonal(D1.diag + D2.diag)
(-)(D1::Diagonal, D2::Diagonal) = Diagonal(D1.diag - D2.diag)
(-)(D::Diagonal) = Diagonal(-D.diag)
(*)(D1::Diagonal, D2::Diagonal) = Diagonal([D1.diag[i] * D2.diag[i] for i in 1:length(D1.diag)])
(*)(x::Number, D::Diagonal) = Diagonal(x * D.diag)
(*)(D::Diagonal, x::Number) = Diagonal(D.diag * x)
(/)(D::Diagonal, x::Number) = Diagonal(D.diag / x)
(^)(D::Diagonal, p::Integer) = Diagonal([x^p for x in D.diag])
(+)(D::Diagonal, J::UniformScaling) = Diagonal([x + J.λ for x in D.diag])
(+)(J::UniformScaling, D::Diagonal) = D + J
(-)(D::Diagonal, J::UniformScaling) = Diagonal([x - J.λ for x in D.diag])

function check_diag_dims(D::Diagonal, n::Integer)
    length(D.diag) == n ||
        throw(DimensionMismatch("second dimension of D, $(length(D.diag)), does not match the first of B, $n"))
end
function (*)(D::Diagonal, v::AbstractVector)
    check_diag_dims(D, length(v))
    [D.diag[i] * v[i] for i in 1:length(v)]
end
function (*)(D::Diagonal, A::AbstractMatrix)
    check_diag_dims(D, size(A, 1))
    T = matprod_type(eltype(D), eltype(A))
    B = Matrix{T}(undef, size(A, 1), size(A, 2))
    for j in 1:size(A, 2), i in 1:size(A, 1)
        B[i, j] = D.diag[i] * A[i, j]
    end
    B
end
function (*)(A::AbstractMatrix, D::Diagonal)
    size(A, 2) == length(D.diag) ||
        throw(DimensionMismatch("second dimension of A, $(size(A, 2)), does not match the first of D, $(length(D.diag))"))
    T = matprod_type(eltype(A), eltype(D))
    B = Matrix{T}(undef, size(A, 1), size(A, 2))
    for j in 1:size(A, 2), i in 1:size(A, 1)
        B[i, j] = A[i, j] * D.diag[j]
    end
    B
end
function (\)(D::Diagonal, B::AbstractVecOrMat)
    check_diag_dims(D, size(B, 1))
    for i in 1:length(D.diag)
        iszero(D.diag[i]) && throw(SingularException(i))
    end
    T = typeof(one(eltype(B)) / one(eltype(D)))
    X = copy_vecormat(T, B)
    for j in 1:size(X, 2), i in 1:size(X, 1)
        X[i, j] = B[i, j] / D.diag[i]
    end
    X
end

# the REPL shows off-diagonal entries of a Diagonal as ⋅
Base.replace_in_print_matrix(D::Diagonal, i::Integer, j::Integer, s::AbstractString) =
    i == j ? s : Base.replace_with_centered_mark(s)
