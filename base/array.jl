# array.jl -- AbstractArray basics and Array (Vector mostly): construction (`Vector{T}(undef, n)`,
# literals `[a, b]` / `T[a, b]`), length/size, indexing through Core.arrayref/arrayset (which throw
# BoundsError), push!/pop!/append!/insert!/deleteat!, iteration, equality, copy, fill/zeros/ones,
# and a stable merge sort.

struct UndefInitializer end
const undef = UndefInitializer()

# ---- Array construction: Array{T,N}(undef, dims...) allocates through jl_alloc_array_1d/jl_new_array
(::Type{Array{T,1}})(::UndefInitializer, n::Int) where {T} =
    ccall(:jl_alloc_array_1d, Any, (Any, Int), Array{T,1}, n)::Array{T,1}
(::Type{Array{T,N}})(::UndefInitializer, d::NTuple{N,Int}) where {T,N} =
    ccall(:jl_new_array, Any, (Any, Any), Array{T,N}, d)::Array{T,N}
(::Type{Array{T,1}})(::UndefInitializer, d::Tuple{Int}) where {T} = Array{T,1}(undef, d[1])
(::Type{Array{T,N}})(::UndefInitializer, d::NTuple{N,Integer}) where {T,N} = Array{T,N}(undef, map(Int, d))
(::Type{Array{T,N}})(::UndefInitializer, d::Vararg{Integer,N}) where {T,N} = Array{T,N}(undef, map(Int, d))
(::Type{Array{T}})(::UndefInitializer, d::NTuple{N,Integer}) where {T,N} = Array{T,N}(undef, map(Int, d))
(::Type{Array{T}})(::UndefInitializer, d::Integer...) where {T} = Array{T,length(d)}(undef, map(Int, d))
(::Type{Array{T,1}})() where {T} = Array{T,1}(undef, 0)
(::Type{Array{T,2}})() where {T} = Array{T,2}(undef, 0, 0)
(::Type{Array{T,1}})(itr) where {T} = _collect_as(T, itr)
(::Type{Array{T,N}})(A::AbstractArray{S,N}) where {T,N,S} = copyto!(Array{T,N}(undef, size(A)), A)
(::Type{Array{T,1}})(A::AbstractVector) where {T} = copyto!(Array{T,1}(undef, length(A)), A)
(::Type{Array{T}})(A::AbstractArray{S,N}) where {T,N,S} = Array{T,N}(A)
Array(A::AbstractArray{T,N}) where {T,N} = Array{T,N}(A)
Vector(::UndefInitializer, n::Integer) = Vector{Any}(undef, n)
Vector(A::AbstractVector{T}) where {T} = Vector{T}(A)
Vector(itr) = collect(itr)
Matrix(A::AbstractMatrix{T}) where {T} = Matrix{T}(A)
Matrix(::UndefInitializer, m::Integer, n::Integer) = Matrix{Any}(undef, m, n)
convert(::Type{T}, a::T) where {T<:AbstractArray} = a
convert(::Type{T}, a::AbstractArray) where {T<:AbstractArray} = a isa T ? a : T(a)
(::Type{AbstractArray{T}})(A::AbstractArray) where {T} = copyto!(similar(A, T), A)
(::Type{AbstractArray{T,N}})(A::AbstractArray{S,N}) where {T,N,S} = copyto!(similar(A, T), A)
function _collect_as(::Type{T}, itr) where {T}
    v = Vector{T}(undef, 0)
    for x in itr
        push!(v, x)
    end
    v
end

length(a::Array) = arraylen(a)
size(a::Vector) = (arraylen(a),)
size(a::Matrix) = (arraysize(a, 1), arraysize(a, 2))
size(a::Array{T,N}) where {T,N} = ntuple(d -> arraysize(a, d), N)
size(a::Array, d::Integer) = d < 1 ? throw(ArgumentError("dimension out of range")) : arraysize(a, Int(d))
isempty(a::Array) = arraylen(a) == 0
similar(a::Array, ::Type{T}, dims::Tuple{Vararg{Int}}) where {T} = Array{T}(undef, dims)
similar(a::Array{T,1}) where {T} = Vector{T}(undef, arraylen(a))
similar(a::Array{T,2}) where {T} = Matrix{T}(undef, size(a))
# scalar indexing: arrayref/arrayset check bounds (unless @inbounds) and throw BoundsError(A, (i, j, ...))
getindex(a::Array, i::Int) = arrayref(@_boundscheck, a, i)
getindex(a::Array, i::Int, j::Int) = arrayref(@_boundscheck, a, i, j)
getindex(a::Array, i::Int, j::Int, I::Int...) = arrayref(@_boundscheck, a, i, j, I...)
getindex(a::Array{T,0}) where {T} = arrayref(@_boundscheck, a, 1)
setindex!(a::Array{T}, x, i::Int) where {T} = (arrayset(@_boundscheck, a, convert(T, x), i); a)
setindex!(a::Array{T}, x, i::Int, j::Int) where {T} = (arrayset(@_boundscheck, a, convert(T, x), i, j); a)
setindex!(a::Array{T}, x, i::Int, j::Int, I::Int...) where {T} = (arrayset(@_boundscheck, a, convert(T, x), i, j, I...); a)
setindex!(a::Array{T,0}, x) where {T} = (arrayset(@_boundscheck, a, convert(T, x), 1); a)
# vectors of indices into vectors (the common case, kept fast)
function getindex(a::Vector{T}, r::AbstractUnitRange{Int}) where {T}
    checkbounds(a, r)
    v = Vector{T}(undef, length(r))
    k = 1
    for i in r
        v[k] = arrayref(false, a, i)
        k += 1
    end
    v
end
isassigned(a::Array, i::Int) = 1 <= i <= length(a) && ccall(:jl_array_isassigned, Cint, (Any, Csize_t), a, i - 1) == 1
isassigned(a::Array, i::Int, j::Int, I::Int...) =
    checkbounds(Bool, a, i, j, I...) && isassigned(a, _sub2ind(size(a), (i, j, I...)))
iterate(a::Array, i::Int=1) = i > arraylen(a) ? nothing : (arrayref(false, a, i), i + 1)
# an Array of a bits type holds plain bytes: copied with one memmove (Julia's jl_array_copy)
function copy(a::Array{T,N}) where {T,N}
    n = length(a)
    v = Array{T,N}(undef, size(a))
    if isbitstype(T)
        n > 0 && ccall(:memmove, Ptr{Cvoid}, (Ptr{Cvoid}, Ptr{Cvoid}, Csize_t), pointer(v), pointer(a), n * sizeof(T))
        return v
    end
    for i in 1:n
        isassigned(a, i) && (v[i] = a[i])
    end
    v
end
reshape(a::Array{T}, dims::Tuple{Vararg{Int}}) where {T} =
    (_reshape_check(a, dims); length(dims) == ndims(a) && dims == size(a) ? a :
     ccall(:jl_reshape_array, Any, (Any, Any, Any), Array{T,length(dims)}, a, dims)::Array{T,length(dims)})
vec(a::Array{T}) where {T} = reshape(a, (length(a),))
vec(a::Vector) = a

# literals: [a, b, c] is vect(a, b, c); T[a, b] is getindex(T, a, b)
vect() = Vector{Any}(undef, 0)
function vect(X...)
    T = promote_typeof(X...)
    v = Vector{T}(undef, length(X))
    for i in 1:length(X)
        v[i] = X[i]
    end
    v
end
promote_typeof(x) = typeof(x)
promote_typeof(x, xs...) = promote_type(typeof(x), promote_typeof(xs...))
function getindex(::Type{T}, vals...) where {T}
    v = Vector{T}(undef, length(vals))
    for i in 1:length(vals)
        v[i] = vals[i]
    end
    v
end
getindex(::Type{T}) where {T} = Vector{T}(undef, 0)

# ---- growing and shrinking vectors
_growend!(a::Vector, n::Integer) = ccall(:jl_array_grow_end, Cvoid, (Any, Csize_t), a, n)
_deleteend!(a::Vector, n::Integer) = ccall(:jl_array_del_end, Cvoid, (Any, Csize_t), a, n)
_growbeg!(a::Vector, n::Integer) = ccall(:jl_array_grow_beg, Cvoid, (Any, Csize_t), a, n)
_deletebeg!(a::Vector, n::Integer) = ccall(:jl_array_del_beg, Cvoid, (Any, Csize_t), a, n)
function push!(a::Vector{T}, item) where {T}
    x = convert(T, item)
    _growend!(a, 1)
    arrayset(false, a, x, length(a))
    a
end
push!(a::Vector, x, y, zs...) = (push!(a, x); push!(a, y, zs...))
push!(a::Vector) = a
function append!(a::Vector, items)
    for x in items
        push!(a, x)
    end
    a
end
function pop!(a::Vector)
    isempty(a) && throw(ArgumentError("array must be non-empty"))
    x = a[length(a)]
    _deleteend!(a, 1)
    x
end
function pushfirst!(a::Vector{T}, item) where {T}
    x = convert(T, item)
    _growbeg!(a, 1)
    a[1] = x
    a
end
function popfirst!(a::Vector)
    isempty(a) && throw(ArgumentError("array must be non-empty"))
    x = a[1]
    _deletebeg!(a, 1)
    x
end
function prepend!(a::Vector{T}, items) where {T}
    vals = T[x for x in items]
    _growbeg!(a, length(vals))
    for i in 1:length(vals)
        a[i] = vals[i]
    end
    a
end
function insert!(a::Vector{T}, i::Integer, item) where {T}
    1 <= i <= length(a) + 1 || throw(BoundsError(a, i))
    x = convert(T, item)
    _growend!(a, 1)
    for j in length(a):-1:i+1
        a[j] = a[j - 1]
    end
    a[i] = x
    a
end
function deleteat!(a::Vector, i::Integer)
    1 <= i <= length(a) || throw(BoundsError(a, i))
    for j in i:length(a)-1
        a[j] = a[j + 1]
    end
    _deleteend!(a, 1)
    a
end
function deleteat!(a::Vector, r::AbstractUnitRange{<:Integer})
    isempty(r) && return a
    f, l = Int(first(r)), Int(last(r))
    1 <= f && l <= length(a) || throw(BoundsError(a, r))
    n = l - f + 1
    for j in f:length(a)-n
        a[j] = a[j + n]
    end
    _deleteend!(a, n)
    a
end
# sorted unique indices, or a Bool mask as long as `a`
function deleteat!(a::Vector, inds)
    n = length(a)
    if eltype(inds) === Bool
        length(inds) == n || throw(BoundsError(a, inds))
        keep = 0
        for (j, del) in zip(1:n, inds)
            del || (keep += 1; a[keep] = a[j])
        end
        _deleteend!(a, n - keep)
        return a
    end
    keep, prev, y = 0, 0, iterate(inds)
    for j in 1:n
        if y !== nothing && j == y[1]
            y = iterate(inds, y[2])
            y === nothing || y[1] > j || throw(ArgumentError("indices must be unique and sorted"))
            continue
        end
        keep += 1
        a[keep] = a[j]
    end
    y === nothing || throw(BoundsError(a, y[1]))
    _deleteend!(a, n - keep)
    a
end
const _default_splice = []
function splice!(a::Vector, i::Integer, ins=_default_splice)
    v = a[i]
    deleteat!(a, i)
    _insert_all!(a, Int(i), ins)
    v
end
function splice!(a::Vector, r::AbstractUnitRange{<:Integer}, ins=_default_splice)
    v = a[r]
    deleteat!(a, r)
    _insert_all!(a, Int(first(r)), ins)
    v
end
function _insert_all!(a::Vector, i::Int, ins)
    items = collect(ins)
    m = length(items)
    m == 0 && return a
    n = length(a)
    _growend!(a, m)
    for j in n:-1:i
        a[j + m] = a[j]
    end
    k = i
    for x in items
        a[k] = x
        k += 1
    end
    a
end
function empty!(a::Vector)
    _deleteend!(a, length(a))
    a
end
function resize!(a::Vector, n::Integer)
    l = length(a)
    n > l ? _growend!(a, n - l) : n < l && _deleteend!(a, l - n)
    a
end
sizehint!(a::Vector, n::Integer) = a

fill(x, dims::Tuple{Vararg{Integer}}) = fill!(Array{typeof(x)}(undef, map(Int, dims)), x)
fill(x, dims::Integer...) = fill(x, dims)
function fill!(a::Array{T}, x) where {T}
    v = convert(T, x)
    for i in 1:length(a)
        arrayset(false, a, v, i)
    end
    a
end
zeros(dims::Integer...) = zeros(Float64, dims)
zeros(dims::Tuple{Vararg{Integer}}) = zeros(Float64, dims)
zeros(::Type{T}, dims::Integer...) where {T} = zeros(T, dims)
zeros(::Type{T}, dims::Tuple{Vararg{Integer}}) where {T} = fill!(Array{T}(undef, map(Int, dims)), zero(T))
ones(dims::Integer...) = ones(Float64, dims)
ones(dims::Tuple{Vararg{Integer}}) = ones(Float64, dims)
ones(::Type{T}, dims::Integer...) where {T} = ones(T, dims)
ones(::Type{T}, dims::Tuple{Vararg{Integer}}) where {T} = fill!(Array{T}(undef, map(Int, dims)), one(T))

