# multidimensional.jl -- Cartesian indexing: CartesianIndex (a tuple of Ints used as one index),
# CartesianIndices (the array of all Cartesian indices of a shape, iterated first index fastest) and
# LinearIndices (the array of linear indices of a shape).

abstract type AbstractCartesianIndex{N} end
struct CartesianIndex{N} <: AbstractCartesianIndex{N}
    I::NTuple{N,Int}
    CartesianIndex{N}(I::NTuple{N,Int}) where {N} = new(I)
end
CartesianIndex(I::NTuple{N,Int}) where {N} = CartesianIndex{N}(I)
CartesianIndex(I::Tuple{Vararg{Integer}}) = CartesianIndex(map(Int, I))
CartesianIndex(I::Integer...) = CartesianIndex(I)
CartesianIndex() = CartesianIndex{0}(())
_cart_parts(i::CartesianIndex) = i.I
Tuple(c::CartesianIndex) = c.I
length(::CartesianIndex{N}) where {N} = N
length(::Type{CartesianIndex{N}}) where {N} = N
getindex(c::CartesianIndex, i::Int) = c.I[i]
(==)(a::CartesianIndex, b::CartesianIndex) = a.I == b.I
isequal(a::CartesianIndex, b::CartesianIndex) = isequal(a.I, b.I)
hash(c::CartesianIndex, h::UInt) = hash(c.I, hash(:CartesianIndex, h))
isless(a::CartesianIndex, b::CartesianIndex) = isless(reverse(a.I), reverse(b.I))
(+)(a::CartesianIndex{N}, b::CartesianIndex{N}) where {N} = CartesianIndex(map(+, a.I, b.I))
(-)(a::CartesianIndex{N}, b::CartesianIndex{N}) where {N} = CartesianIndex(map(-, a.I, b.I))
(-)(a::CartesianIndex) = CartesianIndex(map(-, a.I))
(*)(a::Integer, b::CartesianIndex) = CartesianIndex(map(x -> a * x, b.I))
(*)(b::CartesianIndex, a::Integer) = a * b
oneunit(::CartesianIndex{N}) where {N} = CartesianIndex(ntuple(i -> 1, N))
zero(::CartesianIndex{N}) where {N} = CartesianIndex(ntuple(i -> 0, N))
max(a::CartesianIndex{N}, b::CartesianIndex{N}) where {N} = CartesianIndex(map(max, a.I, b.I))
min(a::CartesianIndex{N}, b::CartesianIndex{N}) where {N} = CartesianIndex(map(min, a.I, b.I))
iterate(c::CartesianIndex, s...) = throw(ArgumentError(string("iteration is deliberately unsupported for CartesianIndex. Use `I` rather than `I...`, or use `Tuple(I)...`")))
function show(io::IO, c::CartesianIndex)
    print(io, "CartesianIndex(")
    for k in 1:length(c.I)
        k > 1 && print(io, ", ")
        print(io, c.I[k])
    end
    print(io, ')')
end
to_index(I::AbstractArray{<:CartesianIndex}) = throw(ArgumentError("arrays of CartesianIndex as indices are not supported yet"))

# ---- CartesianIndices
struct CartesianIndices{N,R<:NTuple{N,AbstractUnitRange{Int}}} <: AbstractArray{CartesianIndex{N},N}
    indices::R
end
CartesianIndices(inds::NTuple{N,AbstractUnitRange{Int}}) where {N} = CartesianIndices{N,typeof(inds)}(inds)
CartesianIndices(dims::Tuple{Vararg{Integer}}) = CartesianIndices(map(d -> OneTo(Int(d)), dims))
CartesianIndices(inds::Tuple) = CartesianIndices(map(_cart_range, inds))
_cart_range(d::Integer) = OneTo(Int(d))
_cart_range(r::AbstractUnitRange) = UnitRange{Int}(first(r), last(r))
_cart_range(r::OneTo) = OneTo(Int(last(r)))
CartesianIndices(::Tuple{}) = CartesianIndices{0,Tuple{}}(())
CartesianIndices(A::AbstractArray) = CartesianIndices(axes(A))
CartesianIndices(I::Integer...) = CartesianIndices(I)
size(C::CartesianIndices) = map(length, C.indices)
axes(C::CartesianIndices) = map(r -> OneTo(length(r)), C.indices)
IndexStyle(::Type{<:CartesianIndices}) = IndexCartesian()
function getindex(C::CartesianIndices{N}, I::Vararg{Int,N}) where {N}
    checkbounds(C, I...)
    CartesianIndex(map((r, i) -> first(r) + i - 1, C.indices, I))
end
getindex(C::CartesianIndices{1}, i::Int) = (checkbounds(C, i); CartesianIndex(first(C.indices[1]) + i - 1))
getindex(C::CartesianIndices{0}) = CartesianIndex()
function iterate(C::CartesianIndices)
    any(isempty, C.indices) && return nothing
    I = CartesianIndex(map(first, C.indices))
    I, I
end
function iterate(C::CartesianIndices, state::CartesianIndex)
    t = _cart_next(state.I, C.indices)
    t === nothing ? nothing : (I = CartesianIndex(t); (I, I))
end
_cart_next(::Tuple{}, ::Tuple{}) = nothing
function _cart_next(t::Tuple, r::Tuple)
    if t[1] < last(r[1])
        return (t[1] + 1, tail(t)...)
    end
    rest = _cart_next(tail(t), tail(r))
    rest === nothing ? nothing : (first(r[1]), rest...)
end
length(C::CartesianIndices) = prod(size(C))
in(I::CartesianIndex, C::CartesianIndices) = all(map(in, I.I, C.indices))
first(C::CartesianIndices) = CartesianIndex(map(first, C.indices))
last(C::CartesianIndices) = CartesianIndex(map(last, C.indices))
function show(io::IO, C::CartesianIndices)
    print(io, "CartesianIndices(")
    if all(r -> r isa OneTo, C.indices)
        show(io, map(length, C.indices))
    else
        show(io, C.indices)
    end
    print(io, ')')
end

# ---- LinearIndices
struct LinearIndices{N,R<:NTuple{N,AbstractUnitRange{Int}}} <: AbstractArray{Int,N}
    indices::R
end
LinearIndices(inds::NTuple{N,AbstractUnitRange{Int}}) where {N} = LinearIndices{N,typeof(inds)}(inds)
LinearIndices(dims::Tuple{Vararg{Integer}}) = LinearIndices(map(d -> OneTo(Int(d)), dims))
LinearIndices(::Tuple{}) = LinearIndices{0,Tuple{}}(())
LinearIndices(A::AbstractArray) = LinearIndices(axes(A))
LinearIndices(I::Integer...) = LinearIndices(I)
size(L::LinearIndices) = map(length, L.indices)
IndexStyle(::Type{<:LinearIndices}) = IndexLinear()
getindex(L::LinearIndices, i::Int) = (checkbounds(L, i); i)
getindex(L::LinearIndices, I::CartesianIndex) = L[I.I...]
function show(io::IO, L::LinearIndices)
    print(io, "LinearIndices(")
    show(io, map(length, L.indices))
    print(io, ')')
end

getindex(A::AbstractArray, I::CartesianIndex) = A[I.I...]
setindex!(A::AbstractArray, v, I::CartesianIndex) = (A[I.I...] = v)
