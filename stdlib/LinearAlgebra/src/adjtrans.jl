# adjtrans.jl -- the lazy Adjoint and Transpose wrappers (`A'`, `transpose(A)`). Base defines them
# when it has matrices (so `A'` works without `using LinearAlgebra`); otherwise they are made here
# with the same shape: `Adjoint{T,S} <: AbstractMatrix{T}` around `parent`, a vector's adjoint is 1×n.

isdefined(Base, :parent) && import Base: parent

if isdefined(Base, :Adjoint)
    import Base: adjoint, transpose
    const Adjoint = Base.Adjoint
    const Transpose = Base.Transpose
else
    struct Adjoint{T, S} <: AbstractMatrix{T}
        parent::S
    end
    struct Transpose{T, S} <: AbstractMatrix{T}
        parent::S
    end
    Adjoint(A::AbstractVecOrMat{T}) where {T} = Adjoint{T, typeof(A)}(A)
    Transpose(A::AbstractVecOrMat{T}) where {T} = Transpose{T, typeof(A)}(A)
    parent(A::Union{Adjoint, Transpose}) = A.parent
    adjoint(A::AbstractVecOrMat) = Adjoint(A)
    transpose(A::AbstractVecOrMat) = Transpose(A)
    adjoint(A::Adjoint) = A.parent
    adjoint(x::Number) = conj(x)
    transpose(x::Number) = x
    transpose(A::Transpose) = A.parent
    size(A::Union{Adjoint, Transpose}) = (size(A.parent, 2), size(A.parent, 1))
    size(A::Union{Adjoint{T, <:AbstractVector}, Transpose{T, <:AbstractVector}}) where {T} = (1, length(A.parent))
    getindex(A::Adjoint{T, <:AbstractVector}, i::Int, j::Int) where {T} = adjoint(A.parent[j])
    getindex(A::Transpose{T, <:AbstractVector}, i::Int, j::Int) where {T} = transpose(A.parent[j])
    getindex(A::Adjoint, i::Int, j::Int) = adjoint(A.parent[j, i])
    getindex(A::Transpose, i::Int, j::Int) = transpose(A.parent[j, i])
    function getindex(A::Union{Adjoint, Transpose}, k::Int)
        m = size(A, 1)
        A[rem(k - 1, m) + 1, div(k - 1, m) + 1]
    end
end

# Base's propertynames and parent when Base has them
isdefined(Base, :propertynames) && import Base: propertynames
