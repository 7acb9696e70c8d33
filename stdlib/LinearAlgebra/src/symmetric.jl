# symmetric.jl -- Symmetric{T,S}: a view of one triangle of a square matrix as a symmetric matrix
# (`uplo` 'U' or 'L'); indexing mirrors the stored triangle.

struct Symmetric{T, S<:AbstractMatrix{T}} <: AbstractMatrix{T}
    data::S
    uplo::Char
end
function Symmetric(A::AbstractMatrix{T}, uplo::Symbol = :U) where {T}
    checksquare(A)
    (uplo === :U || uplo === :L) || throw(ArgumentError("uplo argument must be either :U (upper) or :L (lower)"))
    Symmetric{T, typeof(A)}(A, uplo === :U ? 'U' : 'L')
end
size(S::Symmetric) = size(S.data)
function getindex(S::Symmetric, i::Int, j::Int)
    if (S.uplo == 'U') == (i <= j)
        return S.data[i, j]
    end
    transpose(S.data[j, i])
end
function getindex(S::Symmetric, k::Int)
    n = size(S.data, 1)
    S[rem(k - 1, n) + 1, div(k - 1, n) + 1]
end
parent(S::Symmetric) = S.data
issymmetric(S::Symmetric) = true
transpose(S::Symmetric) = S
adjoint(S::Symmetric{<:Real}) = S
Matrix(S::Symmetric{T}) where {T} = copy_matrix(T, S)
copy(S::Symmetric) = Symmetric{eltype(S), typeof(S.data)}(copy_matrix(S.data), S.uplo)
