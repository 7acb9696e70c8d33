# permuteddims.jl -- lazy transposes and permutations: `transpose(A)` and `adjoint(A)` (`A'`) wrap a
# vector or matrix without copying (Julia's LinearAlgebra Transpose/Adjoint, defined in Base here so
# `A'` works without `using LinearAlgebra`); `permutedims` copies; `PermutedDimsArray` is the lazy
# N-d permutation. Elements are transposed/adjointed recursively, as in Julia.

struct Transpose{T,S<:AbstractArray} <: AbstractMatrix{T}
    parent::S
end
struct Adjoint{T,S<:AbstractArray} <: AbstractMatrix{T}
    parent::S
end
const AdjOrTrans = Union{Transpose,Adjoint}
Transpose(A::AbstractVecOrMat) = Transpose{_transpose_eltype(eltype(A)),typeof(A)}(A)
Adjoint(A::AbstractVecOrMat) = Adjoint{_adjoint_eltype(eltype(A)),typeof(A)}(A)
_transpose_eltype(T) = T <: Number ? T : Any
_adjoint_eltype(T) = T <: Real ? T : T <: Number ? T : Any
transpose(A::AbstractVecOrMat) = Transpose(A)
adjoint(A::AbstractVecOrMat) = Adjoint(A)
transpose(A::Transpose) = A.parent
adjoint(A::Adjoint) = A.parent
transpose(x::Number) = x
adjoint(x::Number) = conj(x)
adjoint(x::Real) = x
const var"'" = adjoint
parent(A::AdjOrTrans) = A.parent
size(A::AdjOrTrans) = _adjsize(A.parent)
_adjsize(p::AbstractVector) = (1, length(p))
_adjsize(p::AbstractMatrix) = (size(p, 2), size(p, 1))
axes(A::AdjOrTrans) = map(OneTo, size(A))
IndexStyle(::Type{<:AdjOrTrans}) = IndexCartesian()
getindex(A::Transpose, i::Int, j::Int) = (checkbounds(A, i, j); transpose(_adjget(A.parent, i, j)))
getindex(A::Adjoint, i::Int, j::Int) = (checkbounds(A, i, j); adjoint(_adjget(A.parent, i, j)))
_adjget(p::AbstractVector, i, j) = p[j]
_adjget(p::AbstractMatrix, i, j) = p[j, i]
setindex!(A::Transpose, x, i::Int, j::Int) = (checkbounds(A, i, j); _adjset!(A.parent, transpose(x), i, j); A)
setindex!(A::Adjoint, x, i::Int, j::Int) = (checkbounds(A, i, j); _adjset!(A.parent, adjoint(x), i, j); A)
_adjset!(p::AbstractVector, x, i, j) = (p[j] = x)
_adjset!(p::AbstractMatrix, x, i, j) = (p[j, i] = x)
# a row vector indexed by one index
getindex(A::Transpose{T,<:AbstractVector}, i::Int) where {T} = transpose(A.parent[i])
getindex(A::Adjoint{T,<:AbstractVector}, i::Int) where {T} = adjoint(A.parent[i])
similar(A::AdjOrTrans, ::Type{T}, dims::Tuple{Vararg{Int}}) where {T} = Array{T}(undef, dims)
function showarg(io::IO, A::AdjOrTrans, toplevel)
    print(io, A isa Transpose ? "transpose(" : "adjoint(")
    showarg(io, A.parent, false)
    print(io, ')')
    _showarg_eltype(io, A, toplevel)
end

# ---- permutedims (copies)
permutedims(v::AbstractVector) = reshape(v, (1, length(v)))
permutedims(A::AbstractMatrix) = permutedims(A, (2, 1))
function permutedims(A::AbstractArray, perm)
    N = ndims(A)
    p = Tuple(perm)
    (length(p) == N && sort!(collect(p)) == collect(1:N)) || throw(ArgumentError(string(p, " is not a valid permutation of dimensions 1:", N)))
    sz = size(A)
    dest = similar(A, eltype(A), ntuple(k -> sz[p[k]], N))
    for I in CartesianIndices(sz)
        dest[ntuple(k -> I.I[p[k]], N)...] = A[I]
    end
    dest
end
permutedims(x::Number) = x

# ---- PermutedDimsArray (lazy)
struct PermutedDimsArray{T,N,perm,iperm,AA<:AbstractArray} <: AbstractArray{T,N}
    parent::AA
end
function PermutedDimsArray(A::AbstractArray{T,N}, perm) where {T,N}
    p = Tuple(perm)
    length(p) == N || throw(ArgumentError(string(p, " is not a valid permutation of dimensions 1:", N)))
    ip = ntuple(k -> _perm_position(p, k), N)
    PermutedDimsArray{T,N,p,ip,typeof(A)}(A)
end
_perm_position(p, k) = (for i in 1:length(p); p[i] == k && return i; end; 0)
parent(A::PermutedDimsArray) = A.parent
size(A::PermutedDimsArray{T,N,perm}) where {T,N,perm} = (s = size(A.parent); ntuple(k -> s[perm[k]], N))
function getindex(A::PermutedDimsArray{T,N,perm,iperm}, I::Vararg{Int,N}) where {T,N,perm,iperm}
    checkbounds(A, I...)
    A.parent[ntuple(k -> I[iperm[k]], N)...]
end
function setindex!(A::PermutedDimsArray{T,N,perm,iperm}, x, I::Vararg{Int,N}) where {T,N,perm,iperm}
    checkbounds(A, I...)
    A.parent[ntuple(k -> I[iperm[k]], N)...] = x
    A
end
