# abstractarray.jl -- the generic AbstractArray interface, as Julia's Base: a type that defines `size`
# and scalar `getindex` (and `setindex!`) gets shape queries, index conversion (`to_indices`: Colon,
# ranges, vectors of indices, logical masks, CartesianIndex, `end`), bounds checking with Julia's
# BoundsError, non-scalar indexing and assignment, iteration, `similar`, `copy`, `==` and
# concatenation (`vcat`/`hcat`/`hvcat`/`cat`) from this file.
# Invariant: the scalar fallbacks convert between linear and Cartesian indices by IndexStyle, and call
# the array's own canonical method; reaching a fallback with the canonical form is a CanonicalIndexError.

abstract type IndexStyle end
struct IndexLinear <: IndexStyle end
struct IndexCartesian <: IndexStyle end
IndexStyle(A::AbstractArray) = IndexStyle(typeof(A))
IndexStyle(::Type{<:AbstractArray}) = IndexCartesian()
IndexStyle(::Type{<:Array}) = IndexLinear()
IndexStyle(::Type{<:AbstractRange}) = IndexLinear()

struct CanonicalIndexError <: Exception
    func::String
    type::Any
end
showerror(io::IO, e::CanonicalIndexError) = print(io, "CanonicalIndexError: ", e.func, " not defined for ", e.type)

const Dims = (NTuple{N,Int}) where N

# ---- shape
eltype(::Type{<:AbstractArray{T}}) where {T} = T
eltype(::Type) = Any
eltype(x) = eltype(typeof(x))
ndims(::AbstractArray{T,N}) where {T,N} = N
ndims(::Type{<:AbstractArray{T,N}}) where {T,N} = N
length(A::AbstractArray) = prod(size(A))
function size(A::AbstractArray, d::Integer)
    d < 1 && throw(ArgumentError("dimension out of range"))
    d <= ndims(A) ? size(A)[d] : 1
end
size(A::AbstractArray, d1::Integer, d2::Integer, ds::Integer...) = map(d -> size(A, d), (d1, d2, ds...))
axes(A::AbstractArray) = map(OneTo, size(A))
function axes(A::AbstractArray, d::Integer)
    d < 1 && throw(BoundsError(axes(A), d))
    d <= ndims(A) ? axes(A)[d] : OneTo(1)
end
axes1(A::AbstractArray) = axes(A, 1)
isempty(A::AbstractArray) = length(A) == 0
firstindex(A::AbstractArray) = 1
lastindex(A::AbstractArray) = length(A)
firstindex(A::AbstractArray, d::Integer) = first(axes(A, d))
lastindex(A::AbstractArray, d::Integer) = last(axes(A, d))
eachindex(A::AbstractArray) = _eachindex(IndexStyle(A), A)
_eachindex(::IndexLinear, A) = OneTo(length(A))
_eachindex(::IndexCartesian, A) = CartesianIndices(axes(A))
_eachindex(::IndexCartesian, A::AbstractVector) = OneTo(length(A))
eachindex(A::AbstractArray, B::AbstractArray...) = (_check_same_inds(A, B...); eachindex(A))
eachindex(::IndexLinear, A::AbstractArray) = OneTo(length(A))
eachindex(::IndexCartesian, A::AbstractArray) = CartesianIndices(axes(A))
function _check_same_inds(A, B...)
    for b in B
        axes(b) == axes(A) || size(b) == size(A) ||
            throw(DimensionMismatch(string("all inputs to eachindex must have the same indices, got ",
                                           _axes_string(axes(A)), " and ", _axes_string(axes(b)))))
    end
end
_axes_string(ax) = sprint(show, ax)
keys(A::AbstractArray) = CartesianIndices(axes(A))
keys(A::AbstractVector) = OneTo(length(A))
first(A::AbstractArray) = (isempty(A) && throw(BoundsError(A, (1,))); A[firstindex(A)])
last(A::AbstractArray) = A[lastindex(A)]
first(A::AbstractArray, n::Integer) = A[1:min(Int(n), length(A))]
last(A::AbstractArray, n::Integer) = A[max(1, length(A) - Int(n) + 1):length(A)]
stride(A::AbstractArray, k::Integer) = k > ndims(A) ? length(A) : prod(size(A)[1:k-1])
strides(A::AbstractArray) = ntuple(k -> stride(A, k), ndims(A))

# ---- index arithmetic (column major)
function _sub2ind(dims::Tuple, I::Tuple)
    lin = 0
    mult = 1
    for k in 1:length(I)
        lin += (I[k] - 1) * mult
        mult *= k <= length(dims) ? dims[k] : 1
    end
    lin + 1
end
function _ind2sub(dims::Tuple, i::Int)
    n = length(dims)
    n == 0 && return ()
    n == 1 && return (i,)
    r = i - 1
    out = Vector{Int}(undef, n)
    for k in 1:n-1
        d = dims[k]
        out[k] = rem(r, d) + 1
        r = div(r, d)
    end
    out[n] = r + 1
    (out...,)
end

# ---- index conversion (Julia's to_indices): Ints, ranges/vectors of Ints, and Slices for `:`
struct Slice{T<:AbstractUnitRange} <: AbstractUnitRange{Int}
    indices::T
end
first(s::Slice) = first(s.indices)
last(s::Slice) = last(s.indices)
length(s::Slice) = length(s.indices)
getindex(s::Slice, i::Int) = s.indices[i]
axes(s::Slice) = (s,)
show(io::IO, s::Slice) = (print(io, "Base.Slice("); show(io, s.indices); print(io, ')'))

to_index(i::Int) = i
to_index(i::Integer) = Int(i)
to_index(i::Bool) = throw(ArgumentError(string("invalid index: ", i, " of type Bool")))
to_index(I::AbstractArray{<:Integer}) = I
to_index(I::AbstractArray{Bool}) = _logical_index(I)
to_index(I::AbstractRange{Bool}) = _logical_index(I)
to_index(i) = throw(ArgumentError(string("invalid index: ", repr(i), " of type ", typeof(i))))
_logical_index(mask) = (v = Int[]; for i in 1:length(mask); mask[i] && push!(v, i); end; LogicalIndex(mask, v))

# The Int positions a mask selects; remembers the mask for bounds checks and error messages.
struct LogicalIndex{T<:AbstractArray} <: AbstractVector{Int}
    mask::T
    inds::Vector{Int}
end
size(L::LogicalIndex) = (length(L.inds),)
length(L::LogicalIndex) = length(L.inds)
getindex(L::LogicalIndex, i::Int) = L.inds[i]
iterate(L::LogicalIndex, s...) = iterate(L.inds, s...)
show(io::IO, L::LogicalIndex) = show(io, L.mask)

# flatten CartesianIndex arguments into Ints, then convert each index for its position
to_indices(A, I::Tuple) = _to_indices(A, _flatten_cartesian(I))
_flatten_cartesian(I::Tuple{}) = ()
_flatten_cartesian(I::Tuple) = (_cart_parts(I[1])..., _flatten_cartesian(tail(I))...)
_cart_parts(i) = (i,)
function _to_indices(A, I::Tuple)
    n = length(I)
    n == 1 && return (_to_index1(A, I[1]),)
    ntuple(k -> _to_index_at(A, I[k], k, n), n)
end
_to_index1(A, ::Colon) = Slice(OneTo(length(A)))
_to_index1(A, i) = to_index(i)
function _to_index1(A, I::AbstractArray{Bool})
    (size(I) == size(A) || (ndims(I) == 1 && length(I) == length(A))) || throw(BoundsError(A, (I,)))
    _logical_index(I)
end
# the axis the k-th of n indices addresses (the last one spans all trailing dimensions)
_index_axis(A, k, n) = k < n || n >= ndims(A) ? axes(A, k) : OneTo(prod(size(A)[k:end]))
_to_index_at(A, ::Colon, k, n) = Slice(_index_axis(A, k, n))
_to_index_at(A, i, k, n) = to_index(i)
function _to_index_at(A, I::AbstractArray{Bool}, k, n)
    length(I) == length(_index_axis(A, k, n)) || throw(BoundsError(A, ntuple(j -> j == k ? I : Colon(), n)))
    _logical_index(I)
end

# ---- bounds checking
checkindex(::Type{Bool}, inds::AbstractUnitRange, i::Integer) = first(inds) <= i <= last(inds)
checkindex(::Type{Bool}, inds::AbstractUnitRange, ::Colon) = true
checkindex(::Type{Bool}, inds::AbstractUnitRange, s::Slice) = length(s) == length(inds)
function checkindex(::Type{Bool}, inds::AbstractUnitRange, r::AbstractRange)
    isempty(r) || (checkindex(Bool, inds, first(r)) && checkindex(Bool, inds, last(r)))
end
function checkindex(::Type{Bool}, inds::AbstractUnitRange, I::AbstractArray)
    for i in I
        checkindex(Bool, inds, i) || return false
    end
    true
end
checkindex(::Type{Bool}, inds::AbstractUnitRange, L::LogicalIndex) = true
checkindex(::Type{Bool}, inds::AbstractUnitRange, i) =
    throw(ArgumentError(string("unable to check bounds for indices of type ", typeof(i))))
function checkbounds(::Type{Bool}, A::AbstractArray, I...)
    n = length(I)
    n == 1 && return checkindex(Bool, OneTo(length(A)), I[1])
    for k in 1:n
        checkindex(Bool, _index_axis(A, k, n), I[k]) || return false
    end
    true
end
checkbounds(::Type{Bool}, A::AbstractArray) = length(A) == 1
checkbounds(A::AbstractArray, I...) = (checkbounds(Bool, A, I...) || throw(BoundsError(A, I)); nothing)

# ---- getindex
getindex(A::AbstractArray, I...) = _getindex(A, I, to_indices(A, I))
function _getindex(A::AbstractArray, I0::Tuple, I::Tuple)
    if _all_ints(I)
        _all_ints(I0) && _is_canonical(IndexStyle(A), A, length(I)) && throw(CanonicalIndexError("getindex", typeof(A)))
        checkbounds(A, I...)
        return A[_canonical(IndexStyle(A), A, I)...]
    end
    checkbounds(A, I...)
    dest = similar(A, eltype(A), _index_shape(I))
    _copy_from_indexed!(dest, A, I)
end
_all_ints(I::Tuple) = all(i -> i isa Int, I)
getindex(A::AbstractArray) = A[_canonical(IndexStyle(A), A, (1,))...]
# the form of a scalar index a type implements: one linear index, or ndims(A) subscripts
_is_canonical(::IndexLinear, A, n) = n == 1
_is_canonical(::IndexCartesian, A, n) = n == ndims(A)
_canonical(::IndexLinear, A, I) = length(I) == 1 ? I : (_sub2ind(size(A), I),)
_canonical(::IndexCartesian, A, I) = _cartesian_form(A, I)

# Int indices of any count as exactly ndims(A) subscripts (trailing ones dropped or added)
function _cartesian_form(A, I::Tuple)
    N = ndims(A)
    n = length(I)
    n == N && return I
    n > N && return ntuple(k -> I[k], N)
    n == 1 && return _ind2sub(size(A), I[1])
    (ntuple(k -> I[k], n - 1)..., _ind2sub(size(A)[n:end], I[n])...)
end

# the shape of A[I...]: each non-scalar index contributes its own dimensions
_index_shape(I::Tuple{}) = ()
_index_shape(I::Tuple) = (_index_dims(I[1])..., _index_shape(tail(I))...)
_index_dims(i::Int) = ()
_index_dims(v::AbstractArray) = size(v)
_idx(i::Int, p) = i
_idx(v::AbstractArray, p) = v[p]
_idxlen(i::Int) = 1
_idxlen(v::AbstractArray) = length(v)

function _copy_from_indexed!(dest, A, I::Tuple)
    n = length(I)
    if n == 1
        i1 = I[1]
        for k in 1:length(i1)
            dest[k] = A[i1[k]]
        end
    elseif n == 2
        i1, i2 = I[1], I[2]
        n1, n2 = _idxlen(i1), _idxlen(i2)
        k = 1
        for q in 1:n2
            j = _idx(i2, q)
            for p in 1:n1
                dest[k] = A[_idx(i1, p), j]
                k += 1
            end
        end
    else
        k = 1
        _foreach_indexed(I) do J
            dest[k] = A[J...]
            k += 1
        end
    end
    dest
end
# call f with each index tuple of the Cartesian product of I (first index fastest)
function _foreach_indexed(f, I::Tuple)
    n = length(I)
    lens = map(_idxlen, I)
    total = prod(lens)
    total == 0 && return nothing
    pos = ones(Int, n)
    for _ in 1:total
        f(ntuple(d -> _idx(I[d], pos[d]), n))
        d = 1
        while d <= n
            pos[d] += 1
            pos[d] <= lens[d] && break
            pos[d] = 1
            d += 1
        end
    end
    nothing
end

# ---- setindex!
setindex!(A::AbstractArray, v, I...) = _setindex!(A, v, I, to_indices(A, I))
function _setindex!(A::AbstractArray, v, I0::Tuple, I::Tuple)
    if _all_ints(I)
        _all_ints(I0) && _is_canonical(IndexStyle(A), A, length(I)) && throw(CanonicalIndexError("setindex!", typeof(A)))
        checkbounds(A, I...)
        A[_canonical(IndexStyle(A), A, I)...] = v
        return A
    end
    checkbounds(A, I...)
    v isa AbstractArray || throw(ArgumentError("indexed assignment with a single value to possibly many locations is not supported; perhaps use broadcasting `.=` instead?"))
    _setindex_shape_check(v, I)
    vals = v === A ? copy(v) : v
    k = 1
    if length(I) == 1
        i1 = I[1]
        for p in 1:length(i1)
            A[i1[p]] = vals[k]
            k += 1
        end
    else
        _foreach_indexed(I) do J
            A[J...] = vals[k]
            k += 1
        end
    end
    A
end
setindex!(A::AbstractArray, v) = (A[_canonical(IndexStyle(A), A, (1,))...] = v; A)
function _setindex_shape_check(X, I::Tuple)
    lens = map(_idxlen, I)
    if length(X) != prod(lens)
        length(I) == 1 && throw(DimensionMismatch(string("tried to assign ", length(X), " elements to ", lens[1], " destinations")))
        throw(DimensionMismatch(string("tried to assign ", _dims_string(size(X)), " array to ", _dims_string(lens), " destination")))
    end
    a = filter(!=(1), collect(size(X)))
    b = filter(!=(1), collect(lens))
    a == b || throw(DimensionMismatch(string("tried to assign ", _dims_string(size(X)), " array to ", _dims_string(lens), " destination")))
    nothing
end
_dims_string(d::Tuple) = isempty(d) ? "0-dimensional" : length(d) == 1 ? string(d[1], "-element") : join(map(string, d), '×')
isassigned(a::AbstractArray, i::Int...) = checkbounds(Bool, a, i...)

# ---- iteration: through eachindex, so Cartesian-indexed types iterate with CartesianIndex
function iterate(A::AbstractArray, state=(eachindex(A),))
    y = iterate(state...)
    y === nothing && return nothing
    A[y[1]], (state[1], tail(y)...)
end

# ---- similar, copy, equality
similar(A::AbstractArray) = similar(A, eltype(A), size(A))
similar(A::AbstractArray, ::Type{T}) where {T} = similar(A, T, size(A))
similar(A::AbstractArray, dims::Tuple) = similar(A, eltype(A), dims)
similar(A::AbstractArray, dims::Int...) = similar(A, eltype(A), dims)
similar(A::AbstractArray, ::Type{T}, dims::Int...) where {T} = similar(A, T, dims)
similar(A::AbstractArray, ::Type{T}, dims::Tuple{Vararg{Integer}}) where {T} = Array{T}(undef, map(Int, dims))
similar(A::AbstractArray, ::Type{T}, dims::Tuple{Vararg{AbstractUnitRange}}) where {T} = Array{T}(undef, map(length, dims))
similar(::Type{<:AbstractArray{T}}, dims::Tuple) where {T} = Array{T}(undef, map(Int, dims))
similar(::Type{<:AbstractArray{T}}, dims::Int...) where {T} = Array{T}(undef, dims)

function copy(A::AbstractArray)
    dest = similar(A)
    i = 1
    for x in A
        dest[i] = x
        i += 1
    end
    dest
end
copymutable(A::AbstractArray) = copyto!(similar(A), A)
copymutable(A::Array) = copy(A)
copymutable(itr) = collect(itr)
copy!(dst::AbstractArray, src::AbstractArray) = (length(dst) == length(src) || throw(ArgumentError(
    string("source and destination must have same size (got ", length(src), " and ", length(dst), ")"))); copyto!(dst, src))
function copyto!(dest::AbstractArray, src)
    i = 0
    n = length(dest)
    for x in src
        i += 1
        i > n && throw(ArgumentError(string("destination has fewer elements than required")))
        dest[i] = x
    end
    dest
end
function copyto!(dest::AbstractArray, src::AbstractArray)
    n = length(src)
    n > length(dest) && throw(BoundsError(dest, (n,)))
    if dest === src
        return dest
    end
    i = 1
    for x in src
        @inbounds dest[i] = x # i <= n <= length(dest), checked above
        i += 1
    end
    dest
end
function copyto!(dest::AbstractArray, doffs::Integer, src::AbstractArray, soffs::Integer, n::Integer)
    n == 0 && return dest
    n < 0 && throw(ArgumentError(string("tried to copy n=", n, " elements, but n should be nonnegative")))
    (1 <= doffs && doffs + n - 1 <= length(dest)) || throw(BoundsError(dest, doffs:doffs+n-1))
    (1 <= soffs && soffs + n - 1 <= length(src)) || throw(BoundsError(src, soffs:soffs+n-1))
    if dest === src && doffs > soffs
        for k in n-1:-1:0
            dest[doffs + k] = src[soffs + k]
        end
    else
        for k in 0:n-1
            dest[doffs + k] = src[soffs + k]
        end
    end
    dest
end
copyto!(dest::AbstractArray, doffs::Integer, src::AbstractArray) = copyto!(dest, doffs, src, 1, length(src))

function (==)(A::AbstractArray, B::AbstractArray)
    size(A) == size(B) || return false
    anymissing = false
    for (a, b) in zip(A, B)
        eq = (a == b)
        if eq isa Bool
            eq || return false
        else
            anymissing = true   # missing
        end
    end
    anymissing ? missing : true
end
function isequal(A::AbstractArray, B::AbstractArray)
    size(A) == size(B) || return false
    for (a, b) in zip(A, B)
        isequal(a, b) || return false
    end
    true
end

fill!(A::AbstractArray, x) = (v = convert(eltype(A), x); for i in eachindex(A); A[i] = v; end; A)

# ---- reshape and vec (arrays share data through jl_reshape_array; others get a ReshapedArray)
reshape(A::AbstractArray, dims::Int...) = reshape(A, dims)
reshape(A::AbstractArray, dims::Integer...) = reshape(A, map(Int, dims))
reshape(A::AbstractArray, dims::Union{Int,Colon}...) = reshape(A, _reshape_colon(A, dims))
reshape(A::AbstractArray, dims::Tuple{Vararg{Union{Int,Colon}}}) = reshape(A, _reshape_colon(A, dims))
function _reshape_colon(A, dims)
    ncolon = count(d -> d isa Colon, dims)
    ncolon > 1 && throw(DimensionMismatch("new dimensions $(dims) may have at most one omitted dimension specified by `Colon()`"))
    known = prod(map(d -> d isa Colon ? 1 : d, dims))
    rest = known == 0 ? 0 : div(length(A), known)
    (known * rest == length(A)) || throw(DimensionMismatch(string("array size ", length(A), " must be divisible by the product of the new dimensions ", _colon_dims_string(dims))))
    map(d -> d isa Colon ? rest : d, dims)
end
_colon_dims_string(dims) = string('(', join(map(d -> d isa Colon ? ":" : string(d), dims), ", "), length(dims) == 1 ? ",)" : ")")
function _reshape_check(A, dims::Tuple)
    prod(dims) == length(A) || throw(DimensionMismatch(string("new dimensions ", _tuple_string(dims),
        " must be consistent with array size ", length(A))))
end
_tuple_string(t::Tuple) = sprint(show, t)
vec(A::AbstractArray) = reshape(A, length(A))
vec(A::AbstractVector) = A

struct ReshapedArray{T,N,P<:AbstractArray} <: AbstractArray{T,N}
    parent::P
    dims::NTuple{N,Int}
end
function reshape(A::AbstractArray, dims::Tuple{Vararg{Int}})
    _reshape_check(A, dims)
    dims == size(A) && return A
    ReshapedArray{eltype(A),length(dims),typeof(A)}(A, dims)
end
reshape(A::ReshapedArray, dims::Tuple{Vararg{Int}}) = reshape(A.parent, dims)
size(R::ReshapedArray) = R.dims
parent(R::ReshapedArray) = R.parent
IndexStyle(::Type{<:ReshapedArray}) = IndexLinear()
getindex(R::ReshapedArray, i::Int) = R.parent[_cartesian_form(R.parent, (i,))...]
setindex!(R::ReshapedArray, v, i::Int) = (R.parent[_cartesian_form(R.parent, (i,))...] = v; R)
parent(A::AbstractArray) = A

# ---- concatenation: vcat/hcat/hvcat/cat. Scalars count as 1-element arrays; the element type is the
# promotion of the pieces' element types.
_cat_eltype(x) = typeof(x)
_cat_eltype(x::AbstractArray) = eltype(x)
promote_eltype() = Bottom
promote_eltype(x, xs...) = promote_type(_cat_eltype(x), promote_eltype(xs...))
_cat_size(x, N) = ntuple(k -> 1, N)
_cat_size(x::AbstractArray, N) = ntuple(k -> size(x, k), N)

cat(xs...; dims) = _cat(dims, promote_eltype(xs...), xs...)
function _cat(d::Integer, ::Type{T}, xs...) where {T}
    N = Int(d)
    for x in xs
        x isa AbstractArray && (N = max(N, ndims(x)))
    end
    isempty(xs) && return Array{T,N}(undef, ntuple(k -> 0, N))
    shapes = map(x -> _cat_size(x, N), xs)
    outsz = Vector{Int}(undef, N)
    for k in 1:N
        outsz[k] = shapes[1][k]
    end
    outsz[d] = sum(s -> s[d], shapes)
    for s in shapes
        for k in 1:N
            k == d && continue
            s[k] == outsz[k] || _cat_mismatch(d, k, shapes)
        end
    end
    dest = Array{T,N}(undef, (outsz...,))
    off = 0
    for (x, s) in zip(xs, shapes)
        _cat_copy!(dest, x, s, d, off)
        off += s[d]
    end
    dest
end
function _cat_mismatch(d, k, shapes)
    got = map(s -> s[k], shapes)
    d == 1 && k == 2 && throw(DimensionMismatch(string("number of columns of each array must match (got ", _tuple_string(got), ")")))
    d == 2 && k == 1 && throw(DimensionMismatch(string("number of rows of each array must match (got ", _tuple_string(got), ")")))
    throw(DimensionMismatch(string("mismatch in dimension ", k, " (expected ", got[1], " got ", got[findfirst(!=(got[1]), got)], ")")))
end
function _cat_copy!(dest, x, s, d, off)
    if !(x isa AbstractArray)
        J = ntuple(k -> k == d ? off + 1 : 1, length(s))
        dest[J...] = x
        return
    end
    N = length(s)
    i = 0
    for v in x
        J = _ind2sub(s, i += 1)
        dest[ntuple(k -> k == d ? J[k] + off : J[k], N)...] = v
    end
end
# a matrix or vector into a matrix: plain column loops (the common `[a b]`, `[a; b]`, `[a b; c d]`)
function _cat_copy!(dest::Matrix, x::AbstractVecOrMat, s, d, off)
    d > 2 && return invoke(_cat_copy!, Tuple{Any, Any, Any, Any, Any}, dest, x, s, d, off)
    _copy_block!(dest, x, d == 1 ? off : 0, d == 2 ? off : 0)
end
# x into dest[io+1:io+m, jo+1:jo+n]
function _copy_block!(dest::Matrix, x::AbstractVecOrMat, io::Int, jo::Int)
    if x isa AbstractVector
        for i in 1:length(x)
            @inbounds dest[i + io, 1 + jo] = x[i]
        end
    else
        for j in 1:size(x, 2), i in 1:size(x, 1)
            @inbounds dest[i + io, j + jo] = x[i, j]
        end
    end
    nothing
end
_cat_from(d, xs) = _cat(d, promote_eltype(xs...), xs...)
vcat() = Vector{Any}(undef, 0)
vcat(xs...) = _cat_from(1, xs)
hcat() = Vector{Any}(undef, 0)
hcat(xs...) = _cat_from(2, xs)
vcat(vs::AbstractVector...) = typed_vcat(promote_eltype(vs...), vs...)
function typed_vcat(::Type{T}, vs::AbstractVector...) where {T}
    r = Vector{T}(undef, sum(length, vs; init=0))
    k = 1
    for v in vs
        for x in v
            r[k] = x
            k += 1
        end
    end
    r
end
typed_vcat(::Type{T}, xs...) where {T} = _cat(1, T, xs...)
typed_hcat(::Type{T}, xs...) where {T} = _cat(2, T, xs...)
hvcat(rows::Tuple{Vararg{Int}}, xs...) = typed_hvcat(promote_eltype(xs...), rows, xs...)

# Vectors and matrices only (`[a b c d]`, `[a; b]`, `[a b; c d]`): the result is a Matrix{T} whatever the
# sizes, so callers infer it (the general `_cat` computes its dimension count from the values). Sizes
# that do not fit go to the general code, which reports them.
_cat_block_size(x::AbstractVector) = (length(x), 1)
_cat_block_size(x::AbstractMatrix) = size(x)
hcat(xs::AbstractVecOrMat...) = typed_hcat(promote_eltype(xs...), xs...)
vcat(xs::AbstractVecOrMat...) = typed_vcat(promote_eltype(xs...), xs...)
typed_hcat(::Type{T}, xs::AbstractVecOrMat...) where {T} = typed_hvcat(T, (length(xs),), xs...)
function typed_vcat(::Type{T}, xs::AbstractVecOrMat...) where {T}
    isempty(xs) && return _cat(1, T)
    m = 0
    n = _cat_block_size(xs[1])[2]
    for x in xs
        sz = _cat_block_size(x)
        sz[2] == n || return _cat(1, T, xs...)::Matrix{T}
        m += sz[1]
    end
    dest = Matrix{T}(undef, m, n)
    io = 0
    for x in xs
        _copy_block!(dest, x, io, 0)
        io += _cat_block_size(x)[1]
    end
    dest
end
function typed_hvcat(::Type{T}, rows::Tuple{Vararg{Int}}, xs::AbstractVecOrMat...) where {T}
    sum(rows) == length(xs) || throw(ArgumentError(string("mismatched number of elements: expected ", sum(rows), " got ", length(xs))))
    isempty(xs) && return _hvcat_general(T, rows, xs...)::Matrix{T}
    # each block row: blocks of one height; every block row equally wide
    m = 0
    n = -1
    k = 1
    for r in rows
        r > 0 || return _hvcat_general(T, rows, xs...)::Matrix{T}
        h = _cat_block_size(xs[k])[1]
        w = 0
        for j in k:k+r-1
            sz = _cat_block_size(xs[j])
            sz[1] == h || return _hvcat_general(T, rows, xs...)::Matrix{T}
            w += sz[2]
        end
        n < 0 && (n = w)
        w == n || return _hvcat_general(T, rows, xs...)::Matrix{T}
        m += h
        k += r
    end
    dest = Matrix{T}(undef, m, n)
    io = 0
    k = 1
    for r in rows
        jo = 0
        for j in k:k+r-1
            _copy_block!(dest, xs[j], io, jo)
            jo += _cat_block_size(xs[j])[2]
        end
        io += _cat_block_size(xs[k])[1]
        k += r
    end
    dest
end
_hvcat_general(::Type{T}, rows, xs...) where {T} =
    length(rows) == 1 ? _cat(2, T, xs...) : invoke(typed_hvcat, Tuple{Type{T}, Tuple{Vararg{Int}}, Vararg{Any}}, T, rows, xs...)
function typed_hvcat(::Type{T}, rows::Tuple{Vararg{Int}}, xs...) where {T}
    sum(rows) == length(xs) || throw(ArgumentError(string("mismatched number of elements: expected ", sum(rows), " got ", length(xs))))
    if !any(x -> x isa AbstractArray, xs)
        nc = rows[1]
        for (i, r) in enumerate(rows)
            r == nc || throw(DimensionMismatch(string("row ", i, " has mismatched number of columns (expected ", nc, ", got ", r, ")")))
        end
        dest = Array{T,2}(undef, (length(rows), nc))
        k = 1
        for i in 1:length(rows)
            for j in 1:nc
                dest[i, j] = xs[k]
                k += 1
            end
        end
        return dest
    end
    blocks = Any[]
    k = 1
    for r in rows
        push!(blocks, _cat(2, T, xs[k:k+r-1]...))
        k += r
    end
    _cat(1, T, blocks...)
end
hvcat(rows::Int, xs...) = hvcat(ntuple(i -> rows, div(length(xs), rows)), xs...)
zero(x::AbstractArray{T}) where {T<:Number} = fill!(similar(x, typeof(zero(T))), zero(T))
zero(x::AbstractArray) = map(zero, x)

# ---- n-dimensional literals (`[a; b;; c; d;;; e]`): lowering calls hvncat(dim, xs...) when one dimension is
# concatenated, else hvncat(dims, row_first, xs...) (every block of a level has the same number of parts) or
# hvncat(shape, row_first, xs...) with shape[k] the element counts of the level-k blocks. Level k joins
# along dimension k, except that with `row_first` level 1 builds rows (dimension 2) and level 2 stacks them.
hvncat(dim::Int) = typed_hvncat(Any, dim)
hvncat(dim::Int, xs...) = typed_hvncat(promote_eltype(xs...), dim, xs...)
hvncat(dims::Tuple{Vararg{Int}}, row_first::Bool, xs...) = typed_hvncat(promote_eltype(xs...), dims, row_first, xs...)
hvncat(shape::Tuple{Vararg{Tuple}}, row_first::Bool, xs...) = typed_hvncat(promote_eltype(xs...), shape, row_first, xs...)
hvncat(::Tuple{}, row_first::Bool, xs...) = _hvncat_0d(promote_eltype(xs...), xs...)
typed_hvncat(::Type{T}, ::Tuple{}, row_first::Bool, xs...) where {T} = _hvncat_0d(T, xs...)
# The checks below run in Julia's order and throw Julia's errors (DimensionMismatch for pieces that do
# not fit, ArgumentError for a malformed dims/shape), so a malformed literal fails with the same message;
# the array is then built level by level (_hvncat_build).
_hvncat_size(x, d) = x isa AbstractArray ? size(x, d) : 1
_hvncat_length(x) = x isa AbstractArray ? length(x) : 1
_hvncat_ndims(x) = x isa AbstractArray ? ndims(x) : 0
function _hvncat_maxndims(xs)
    n = 0
    for x in xs
        n = max(n, _hvncat_ndims(x))
    end
    n
end
_hvncat_0d_one() = throw(ArgumentError("a 0-dimensional array may only contain exactly one element"))
_hvncat_0d(::Type{T}) where {T} = _hvncat_0d_one()
_hvncat_0d(::Type{T}, x) where {T} = fill(convert(T, x))
_hvncat_0d(::Type{T}, x::AbstractArray) where {T} = convert.(T, x)
_hvncat_0d(::Type{T}, x, y, zs...) where {T} = _hvncat_0d_one()
function typed_hvncat(::Type{T}, dim::Int, xs...) where {T}
    dim < 0 && throw(ArgumentError("concatenation dimension must be non-negative"))
    dim == 0 && return _hvncat_0d(T, xs...)
    isempty(xs) && return Array{T,dim}(undef, ntuple(k -> 0, dim))
    if all(x -> x isa AbstractArray, xs)
        for x in xs
            # an array with more than `dim` non-singleton dimensions: the general (dims) form
            all(k -> size(x, k) == 1, dim+1:ndims(x)) ||
                return typed_hvncat(T, (ntuple(k -> 1, dim - 1)..., length(xs), 1), false, xs...)
        end
        for i in 1:length(xs), d in 1:dim-1
            size(xs[1], d) == size(xs[i], d) ||
                throw(DimensionMismatch(string("mismatched size along axis ", d, " in element ", i)))
        end
    elseif any(x -> x isa AbstractArray, xs)
        for i in 1:length(xs), d in 1:dim-1
            _hvncat_size(xs[i], d) == 1 || throw(DimensionMismatch(string("all dimensions of element ", i,
                " other than ", dim, " must be of length 1")))
        end
    end
    _cat(dim, T, xs...)
end
# one level: `n` elements along dimension 2 (rows first) or 1
function _hvncat_1d(::Type{T}, n::Int, row_first::Bool, xs...) where {T}
    n > 0 || throw(ArgumentError("`dimsshape` argument must consist of positive integers"))
    n == length(xs) || throw(ArgumentError(string("number of elements does not match `dimshape` argument; expected ",
        n, ", got ", length(xs))))
    typed_hvncat(T, row_first ? 2 : 1, xs...)
end
function typed_hvncat(::Type{T}, dims::Tuple{Vararg{Int}}, row_first::Bool, xs...) where {T}
    N = length(dims)
    N == 1 && return _hvncat_1d(T, dims[1], false, xs...)    # one dimension: no rows to put first
    if all(x -> x isa Number, xs)
        all(>(0), dims) || throw(ArgumentError("`dims` argument must contain positive integers"))
        prod(dims) == length(xs) || throw(ArgumentError(string("argument count does not match specified shape (expected ",
            prod(dims), ", got ", length(xs), ")")))
    else
        _hvncat_check_dims((dims..., ntuple(k -> 1, max(_hvncat_maxndims(xs) - N, 0))...), row_first, xs)
    end
    # level k blocks hold prod(lv[1:k]) elements, where lv lists the parts per level
    lv = row_first ? (dims[2], dims[1], dims[3:end]...) : dims
    shape = ntuple(k -> ntuple(i -> prod(lv[1:k]), prod(lv[k+1:end])), N)
    _hvncat_build(T, shape, row_first, xs)
end
# dims form: the parts of the first level agree in their other dimensions, and walking the elements
# in order fills each dimension exactly
function _hvncat_check_dims(dims, row_first::Bool, xs)
    N = length(dims)
    isempty(xs) && throw(ArgumentError("must have at least one element"))
    all(>(0), dims) || throw(ArgumentError("`dims` argument must contain positive integers"))
    d1, d2 = row_first ? (2, 1) : (1, 2)
    d = findfirst(>(1), dims)
    if d !== nothing
        row_first && d < 3 && (d = 3 - d)
        n = dims[d]
        for b in 1:div(length(xs), n), i in (b - 1) * n + 2:b * n, dd in 1:N
            dd == d && continue
            _hvncat_size(xs[(b - 1) * n + 1], dd) == _hvncat_size(xs[i], dd) ||
                throw(DimensionMismatch(string("incompatible shape in element ", i)))
        end
    end
    outdims = zeros(Int, N)
    for i in 1:dims[d1]
        outdims[d1] += _hvncat_size(xs[i], d1)
    end
    cur = zeros(Int, N)
    blocks = 0
    count = 0
    for i in 1:length(xs)
        count += _hvncat_length(xs[i])
        cur[d1] += _hvncat_size(xs[i], d1)
        if cur[d1] == outdims[d1]
            cur[d1] = 0
            for d in (d2, 3:N...)
                cur[d] += _hvncat_size(xs[i], d)
                if outdims[d] == 0          # this dimension's extent is not known yet
                    blocks += 1
                    blocks == dims[d] || break
                    outdims[d] = cur[d]
                    cur[d] = 0
                    blocks = 0
                elseif cur[d] == outdims[d]
                    cur[d] = 0
                elseif cur[d] < outdims[d]
                    break
                else
                    throw(DimensionMismatch(string("argument ", i, " has too many elements along axis ", d)))
                end
            end
        elseif cur[d1] > outdims[d1]
            throw(DimensionMismatch(string("argument ", i, " has too many elements along axis ", d1)))
        end
    end
    prod(outdims) == count || throw(DimensionMismatch(string("mismatched number of elements; expected ",
        prod(outdims), ", got ", count)))
    nothing
end
function typed_hvncat(::Type{T}, shape::Tuple{Vararg{Tuple}}, row_first::Bool, xs...) where {T}
    N = length(shape)
    if N == 1
        isempty(shape[1]) && throw(ArgumentError("each level of `shape` argument must have at least one value"))
        return _hvncat_1d(T, shape[1][1], row_first, xs...)
    end
    # arrays of more dimensions than levels: the last level repeats
    full = (shape..., ntuple(k -> shape[end], max(_hvncat_maxndims(xs) - N, 0))...)
    _hvncat_check_shape(full, row_first, xs)
    _hvncat_build(T, shape, row_first, xs)
end
# shape form: shape[k] gives the element counts of the level-k blocks; blocks of a level agree in the
# dimensions they are not joined along and nest evenly in the next level
function _hvncat_check_shape(shape, row_first::Bool, xs)
    N = length(shape)
    isempty(xs) && throw(ArgumentError("must have at least one element"))
    all(l -> all(>(0), l), shape) || throw(ArgumentError("`shape` argument must consist of positive integers"))
    all(!isempty, shape) || throw(ArgumentError("each level of `shape` argument must have at least one value"))
    length(shape[N]) == 1 || throw(ArgumentError("last level of shape must contain only one integer"))
    # (Julia's message has the unmatched parenthesis)
    shape[N][1] == length(xs) || throw(ArgumentError(string("number of elements does not match shape; expected ",
        shape[N][1], ", got ", length(xs), ")")))
    nd = max(N, _hvncat_ndims(xs[1]))
    outdims = fill(-1, nd)
    cur = zeros(Int, nd)
    counts = zeros(Int, nd)
    pos = ones(Int, nd)
    total = 0
    for i in 1:length(xs)
        total += _hvncat_length(xs[i])
        startblock = false
        for d in 1:N
            ad = row_first && d < 3 ? 3 - d : d
            sz = _hvncat_size(xs[i], ad)
            counts[d] += 1
            if d == 1 || i == 1 || startblock
                cur[d] += sz
            elseif sz != _hvncat_size(xs[i-1], ad)
                throw(DimensionMismatch(string("argument ", i, " has a mismatched number of elements along axis ", ad,
                    "; expected ", _hvncat_size(xs[i-1], ad), ", got ", sz)))
            end
            startblock = counts[d] == 1
            counts[d] == shape[d][pos[d]] || continue
            if outdims[d] == -1
                outdims[d] = cur[d]
            elseif outdims[d] != cur[d]
                throw(DimensionMismatch(string("argument ", i, " has a mismatched number of elements along axis ", ad,
                    "; expected ", abs(outdims[d] - (cur[d] - sz)), ", got ", sz)))
            end
            cur[d] = 0
            counts[d] = 0
            pos[d] += 1
            d > 1 && counts[d-1] != 0 && throw(DimensionMismatch(string("shape in level ", d,
                " is inconsistent; level counts must nest evenly into each other")))
        end
    end
    prod(outdims) == total || throw(ArgumentError(string("mismatched number of elements; expected ",
        prod(outdims), ", got ", total)))
    nothing
end
# Level k joins along dimension k, except that with `row_first` level 1 builds rows (dimension 2) and
# level 2 stacks them.
function _hvncat_build(::Type{T}, shape, row_first::Bool, xs) where {T}
    N = length(shape)
    blocks = Any[xs...]
    sizes = fill(1, length(xs))      # elements in each block of the level below
    for k in 1:N
        d = row_first && k <= 2 ? 3 - k : k
        nb = Any[]
        j = 1
        for c in shape[k]
            first = j
            n = 0
            while n < c && j <= length(blocks)
                n += sizes[j]
                j += 1
            end
            n == c || throw(ArgumentError(string("shape ", _tuple_string(shape), " does not fit the elements at level ", k)))
            push!(nb, _cat(d, T, blocks[first:j-1]...))
        end
        j == length(blocks) + 1 || throw(ArgumentError(string("shape ", _tuple_string(shape), " does not fit the elements at level ", k)))
        blocks = nb
        sizes = collect(Int, shape[k])
    end
    length(blocks) == 1 || return _cat(N, T, blocks...)
    blocks[1]
end

# ---- searching: indices are keys (Ints for vectors, CartesianIndex for matrices), as in Julia
function findfirst(f::Function, A::AbstractArray)
    for k in keys(A)
        f(A[k]) && return k
    end
    nothing
end
function findlast(f::Function, A::AbstractArray)
    ks = vec(collect(keys(A)))
    for i in length(ks):-1:1
        f(A[ks[i]]) && return ks[i]
    end
    nothing
end
function findnext(f::Function, A::AbstractArray, start)
    ks = vec(collect(keys(A)))
    s = start isa CartesianIndex ? LinearIndices(A)[start] : Int(start)
    for i in s:length(ks)
        f(A[ks[i]]) && return ks[i]
    end
    nothing
end
function findprev(f::Function, A::AbstractArray, start)
    ks = vec(collect(keys(A)))
    s = start isa CartesianIndex ? LinearIndices(A)[start] : Int(start)
    for i in min(s, length(ks)):-1:1
        f(A[ks[i]]) && return ks[i]
    end
    nothing
end
findfirst(A::AbstractArray{Bool}) = findfirst(identity, A)
findlast(A::AbstractArray{Bool}) = findlast(identity, A)
findnext(A::AbstractArray{Bool}, start) = findnext(identity, A, start)
findprev(A::AbstractArray{Bool}, start) = findprev(identity, A, start)
findall(f::Function, A::AbstractArray) = _collect_as(eltype(keys(A)), (k for k in keys(A) if f(A[k])))
findall(A::AbstractArray{Bool}) = findall(identity, A)
function findall(f::Function, itr)
    out = Int[]
    i = 0
    for x in itr
        i += 1
        f(x) && push!(out, i)
    end
    out
end
findfirst(f::Function, t::Tuple) = (for i in 1:length(t); f(t[i]) && return i; end; nothing)

# ---- reordering and deduplicating
function reverse(A::AbstractVector, start::Integer=1, stop::Integer=length(A))
    B = copymutable(A)
    reverse!(B, start, stop)
end
function reverse!(v::AbstractVector, start::Integer=1, stop::Integer=length(v))
    lo, hi = Int(start), Int(stop)
    hi > lo || return v                # an empty or one-element range: nothing to check or swap
    checkbounds(Bool, v, lo) || throw(BoundsError(v, lo))
    checkbounds(Bool, v, hi) || throw(BoundsError(v, hi))
    while lo < hi
        @inbounds v[lo], v[hi] = v[hi], v[lo]
        lo += 1
        hi -= 1
    end
    v
end
function reverse(A::AbstractArray; dims=:)
    dims === (:) && return _reverse_all(A)
    ds = dims isa Integer ? (Int(dims),) : Tuple(dims)
    B = similar(A)
    N = ndims(A)
    for I in CartesianIndices(A)
        B[ntuple(k -> k in ds ? size(A, k) + 1 - I.I[k] : I.I[k], N)...] = A[I]
    end
    B
end
function _reverse_all(A)
    B = similar(A)
    n = length(A)
    for i in 1:n
        B[i] = A[n + 1 - i]
    end
    B
end
function circshift(A::AbstractArray, shifts)
    N = ndims(A)
    s = shifts isa Integer ? (Int(shifts),) : Tuple(shifts)
    B = similar(A)
    for I in CartesianIndices(A)
        J = ntuple(k -> k <= length(s) ? mod(I.I[k] - 1 + s[k], size(A, k)) + 1 : I.I[k], N)
        B[J...] = A[I]
    end
    B
end
circshift!(dest::AbstractArray, src, shifts) = copyto!(dest, circshift(src, shifts))
function unique(A::AbstractArray; dims=:)
    dims === (:) && return _unique_itr(A)
    d = Int(dims)
    N = ndims(A)
    keep = Int[]
    slices = Any[]
    for i in 1:size(A, d)
        s = A[ntuple(k -> k == d ? i : Colon(), N)...]
        if !any(t -> isequal(t, s), slices)
            push!(slices, s)
            push!(keep, i)
        end
    end
    A[ntuple(k -> k == d ? keep : Colon(), N)...]
end
function _unique_itr(itr)
    out = Vector{eltype(itr)}(undef, 0)
    seen = Set{eltype(itr)}()
    for x in itr
        if !(x in seen)
            push!(seen, x)
            push!(out, x)
        end
    end
    out
end
function unique(f, itr)
    out = Vector{eltype(itr)}(undef, 0)
    seen = Set()
    for x in itr
        y = f(x)
        if !(y in seen)
            push!(seen, y)
            push!(out, x)
        end
    end
    out
end
function unique!(v::AbstractVector)
    u = unique(v)
    resize!(v, length(u))
    copyto!(v, u)
end
allunique(itr) = length(unique(itr)) == length(itr)
