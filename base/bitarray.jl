# bitarray.jl -- BitArray{N}: Bool arrays packed 64 to a UInt64 chunk (Julia's layout: chunks, len,
# dims). Comparisons broadcast to BitArrays (`v .> 2` is a BitVector), as in Julia; trues/falses.
# Invariant: bits past `len` in the last chunk are zero.

mutable struct BitArray{N} <: AbstractArray{Bool,N}
    chunks::Vector{UInt64}
    len::Int
    dims::NTuple{N,Int}
end
const BitVector = BitArray{1}
const BitMatrix = BitArray{2}
_nchunks(n) = (n + 63) >>> 6
function (::Type{BitArray{N}})(::UndefInitializer, dims::NTuple{N,Int}) where {N}
    n = 1
    for d in dims
        d < 0 && throw(ArgumentError(string("dimension size must be ≥ 0, got ", d, " for dimension ", N)))
        n *= d
    end
    BitArray{N}(zeros(UInt64, _nchunks(n)), n, dims)
end
(::Type{BitArray{N}})(::UndefInitializer, dims::Integer...) where {N} = BitArray{N}(undef, map(Int, dims))
(::Type{BitArray})(::UndefInitializer, dims::Integer...) = BitArray{length(dims)}(undef, map(Int, dims))
(::Type{BitArray})(::UndefInitializer, dims::Tuple{Vararg{Integer}}) = BitArray{length(dims)}(undef, map(Int, dims))
function BitArray(A::AbstractArray{<:Any,N}) where {N}
    B = BitArray{N}(undef, size(A))
    i = 1
    for x in A
        B[i] = x
        i += 1
    end
    B
end
(::Type{BitArray{N}})(A::AbstractArray{<:Any,N}) where {N} = BitArray(A)
BitArray(itr) = BitArray(collect(Bool, itr))
convert(::Type{BitArray}, A::AbstractArray{Bool}) = BitArray(A)
size(B::BitArray{1}) = (B.len,)
size(B::BitArray) = B.dims
length(B::BitArray) = B.len
IndexStyle(::Type{<:BitArray}) = IndexLinear()
function getindex(B::BitArray, i::Int)
    1 <= i <= B.len || throw(BoundsError(B, (i,)))
    (B.chunks[((i - 1) >>> 6) + 1] >>> ((i - 1) & 63)) & 0x1 == 0x1
end
function setindex!(B::BitArray, x, i::Int)
    1 <= i <= B.len || throw(BoundsError(B, (i,)))
    k = ((i - 1) >>> 6) + 1
    m = UInt64(1) << ((i - 1) & 63)
    B.chunks[k] = convert(Bool, x) ? (B.chunks[k] | m) : (B.chunks[k] & ~m)
    B
end
similar(B::BitArray, ::Type{Bool}, dims::Tuple{Vararg{Int}}) = BitArray{length(dims)}(undef, dims)
copy(B::BitArray{N}) where {N} = BitArray{N}(copy(B.chunks), B.len, B.dims)
fill!(B::BitArray, x) = (v = convert(Bool, x); fill!(B.chunks, v ? ~UInt64(0) : UInt64(0)); _clear_tail!(B); B)
function _clear_tail!(B::BitArray)
    r = B.len & 63
    if r != 0 && !isempty(B.chunks)
        B.chunks[end] &= (UInt64(1) << r) - UInt64(1)
    end
    B
end
count(B::BitArray) = sum(count_ones, B.chunks; init=0)
sum(B::BitArray; dims=:, init=_InitialValue()) = dims === (:) && init isa _InitialValue ? count(B) :
    _mapreducedim(identity, add_sum, B, dims === (:) ? (1:ndims(B)) : dims, init)
function push!(B::BitVector, x)
    B.len % 64 == 0 && push!(B.chunks, UInt64(0))
    B.len += 1
    B.dims = (B.len,)
    B[B.len] = x
    B
end
function pop!(B::BitVector)
    B.len == 0 && throw(ArgumentError("array must be non-empty"))
    x = B[B.len]
    B[B.len] = false
    B.len -= 1
    B.dims = (B.len,)
    B.len % 64 == 0 && pop!(B.chunks)
    x
end
function resize!(B::BitVector, n::Integer)
    while B.len < n
        push!(B, false)
    end
    while B.len > n
        pop!(B)
    end
    B
end
reshape(B::BitArray, dims::Tuple{Vararg{Int}}) = (_reshape_check(B, dims);
    BitArray{length(dims)}(B.chunks, B.len, dims))
(==)(A::BitArray, B::BitArray) = size(A) == size(B) && A.chunks == B.chunks

trues(dims::Integer...) = fill!(BitArray(undef, dims...), true)
trues(dims::Tuple{Vararg{Integer}}) = fill!(BitArray(undef, dims), true)
falses(dims::Integer...) = BitArray(undef, dims...)
falses(dims::Tuple{Vararg{Integer}}) = BitArray(undef, dims)
