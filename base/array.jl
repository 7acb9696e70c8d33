# array.jl -- AbstractArray basics and Array (Vector mostly): construction (`Vector{T}(undef, n)`,
# literals `[a, b]` / `T[a, b]`), length/size, indexing through Core.arrayref/arrayset (which throw
# BoundsError), push!/pop!/append!/insert!/deleteat!, iteration, equality, copy, fill/zeros/ones,
# and a stable merge sort.

struct UndefInitializer end
const undef = UndefInitializer()

# ---- AbstractArray protocol
eltype(::Type{_S1}) where {T, _S1<:AbstractArray{T}} = T
eltype(::Type) = Any
eltype(x) = eltype(typeof(x))
ndims(::AbstractArray{T,N}) where {T,N} = N
ndims(::Type{_S1}) where {T,N, _S1<:AbstractArray{T,N}} = N
length(A::AbstractArray) = prod(size(A))
size(A::AbstractArray, d::Integer) = d <= ndims(A) ? size(A)[d] : 1
axes(A::AbstractArray) = map(n -> OneTo(n), size(A))
axes(A::AbstractArray, d::Integer) = OneTo(size(A, d))
isempty(A::AbstractArray) = length(A) == 0
firstindex(A::AbstractArray) = 1
lastindex(A::AbstractArray) = length(A)
lastindex(A::AbstractArray, d::Integer) = size(A, d)
firstindex(A::AbstractArray, d::Integer) = 1
eachindex(A::AbstractArray) = OneTo(length(A))
keys(A::AbstractVector) = OneTo(length(A))
checkbounds(::Type{Bool}, A::AbstractArray, i::Integer) = 1 <= i <= length(A)
checkbounds(A::AbstractArray, i::Integer) = checkbounds(Bool, A, i) ? nothing : throw(BoundsError(A, i))
function iterate(A::AbstractArray, state::Tuple{Int}=(1,))
    i = state[1]
    i > length(A) && return nothing
    (A[i], (i + 1,))
end
first(A::AbstractArray) = (isempty(A) && throw(BoundsError(A, 1)); A[firstindex(A)])
last(A::AbstractArray) = A[lastindex(A)]
function getindex(A::AbstractVector, r::AbstractUnitRange{_S1}) where {_S1<:Integer}
    v = similar(A, eltype(A), length(r))
    k = 1
    for i in r
        v[k] = A[i]
        k += 1
    end
    v
end
function getindex(A::AbstractVector, I::AbstractVector{_S1}) where {_S1<:Integer}
    v = similar(A, eltype(A), length(I))
    for k in 1:length(I)
        v[k] = A[I[k]]
    end
    v
end
function getindex(A::AbstractVector, mask::AbstractVector{Bool})
    length(mask) == length(A) || throw(BoundsError(A, mask))
    v = similar(A, eltype(A), 0)
    for k in 1:length(A)
        mask[k] && push!(v, A[k])
    end
    v
end
getindex(A::AbstractArray, ::Colon) = copy(A)
similar(A::AbstractArray, ::Type{T}, n::Int) where {T} = Vector{T}(undef, n)
similar(A::AbstractArray, ::Type{T}) where {T} = similar(A, T, length(A))
similar(A::AbstractArray) = similar(A, eltype(A))
function copy(A::AbstractArray)
    v = similar(A)
    for i in 1:length(A)
        v[i] = A[i]
    end
    v
end
function (==)(A::AbstractArray, B::AbstractArray)
    size(A) == size(B) || return false
    for i in 1:length(A)
        A[i] == B[i] || return false
    end
    true
end
function isequal(A::AbstractArray, B::AbstractArray)
    size(A) == size(B) || return false
    for i in 1:length(A)
        isequal(A[i], B[i]) || return false
    end
    true
end
vec(A::AbstractVector) = A

# ---- Array
(::Type{Array{T,1}})(::UndefInitializer, n::Int) where {T} =
    ccall(:jl_alloc_array_1d, Any, (Any, Int), Array{T,1}, n)::Array{T,1}
(::Type{Array{T,1}})(::UndefInitializer, n::Integer) where {T} = Array{T,1}(undef, Int(n))
(::Type{Array{T,1}})(::UndefInitializer, d::Tuple{Int}) where {T} = Array{T,1}(undef, d[1])
(::Type{Array{T,1}})() where {T} = Array{T,1}(undef, 0)
(::Type{Array{T,1}})(itr) where {T} = _collect_as(T, itr)
Vector(::UndefInitializer, n::Integer) = Vector{Any}(undef, n)
Vector(itr) = collect(itr)
convert(::Type{Vector{T}}, v::Vector{T}) where {T} = v
convert(::Type{Vector{T}}, v::AbstractVector) where {T} = _collect_as(T, v)
function _collect_as(::Type{T}, itr) where {T}
    v = Vector{T}(undef, 0)
    for x in itr
        push!(v, x)
    end
    v
end

length(a::Array) = arraylen(a)
size(a::Vector) = (arraylen(a),)
size(a::Array, d::Integer) = arraysize(a, Int(d))
isempty(a::Array) = arraylen(a) == 0
getindex(a::Array, i::Int) = arrayref(true, a, i)
getindex(a::Array, i::Integer) = arrayref(true, a, Int(i))
getindex(a::Array, i::Int, j::Int) = arrayref(true, a, i, j)
setindex!(a::Array{T}, x, i::Int) where {T} = (arrayset(true, a, convert(T, x), i); a)
setindex!(a::Array{T}, x, i::Integer) where {T} = (arrayset(true, a, convert(T, x), Int(i)); a)
setindex!(a::Array{T}, x, i::Int, j::Int) where {T} = (arrayset(true, a, convert(T, x), i, j); a)
isassigned(a::Array, i::Int) = 1 <= i <= length(a) && ccall(:jl_array_isassigned, Cint, (Any, Csize_t), a, i - 1) == 1
iterate(a::Array, i::Int=1) = i > arraylen(a) ? nothing : (arrayref(false, a, i), i + 1)
function copy(a::Vector{T}) where {T}
    n = length(a)
    v = Vector{T}(undef, n)
    for i in 1:n
        isassigned(a, i) && (v[i] = a[i])
    end
    v
end

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
    _growend!(a, 1)
    for i in length(a):-1:2
        a[i] = a[i - 1]
    end
    a[1] = x
    a
end
function popfirst!(a::Vector)
    isempty(a) && throw(ArgumentError("array must be non-empty"))
    x = a[1]
    for i in 1:length(a)-1
        a[i] = a[i + 1]
    end
    _deleteend!(a, 1)
    x
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

fill(x, n::Integer) = fill!(Vector{typeof(x)}(undef, n), x)
function fill!(a::AbstractArray, x)
    for i in 1:length(a)
        a[i] = x
    end
    a
end
zeros(n::Integer) = fill(0.0, n)
ones(n::Integer) = fill(1.0, n)
zeros(::Type{T}, n::Integer) where {T} = fill(zero(T), n)
ones(::Type{T}, n::Integer) where {T} = fill(one(T), n)

function reverse(a::AbstractVector)
    n = length(a)
    v = similar(a)
    for i in 1:n
        v[i] = a[n + 1 - i]
    end
    v
end
function reverse!(a::AbstractVector)
    n = length(a)
    for i in 1:div(n, 2)
        a[i], a[n + 1 - i] = a[n + 1 - i], a[i]
    end
    a
end
function vcat(vs::AbstractVector...)
    T = Union{}
    for v in vs
        T = promote_type(T, eltype(v))
    end
    r = Vector{T}(undef, 0)
    for v in vs
        append!(r, v)
    end
    r
end
vcat(xs...) = vect(xs...)

# ---- sorting (stable merge sort)
function sort!(v::AbstractVector; lt=isless, by=identity, rev::Bool=false)
    n = length(v)
    n < 2 && return v
    tmp = copy(v)
    _mergesort!(v, tmp, 1, n, lt, by, rev)
    v
end
sort(v::AbstractVector; kws...) = sort!(copy(v); kws...)
function _mergesort!(v, tmp, lo, hi, lt, by, rev)
    if hi - lo < 12
        for i in lo+1:hi
            x = v[i]
            j = i - 1
            while j >= lo && _sort_lt(lt, by, rev, x, v[j])
                v[j + 1] = v[j]
                j -= 1
            end
            v[j + 1] = x
        end
        return v
    end
    m = div(lo + hi, 2)
    _mergesort!(v, tmp, lo, m, lt, by, rev)
    _mergesort!(v, tmp, m + 1, hi, lt, by, rev)
    for i in lo:m
        tmp[i] = v[i]
    end
    i, j, k = lo, m + 1, lo
    while i <= m && j <= hi
        if _sort_lt(lt, by, rev, v[j], tmp[i])
            v[k] = v[j]
            j += 1
        else
            v[k] = tmp[i]
            i += 1
        end
        k += 1
    end
    while i <= m
        v[k] = tmp[i]
        i += 1
        k += 1
    end
    v
end
_sort_lt(lt, by, rev, a, b) = rev ? lt(by(b), by(a)) : lt(by(a), by(b))
issorted(v; lt=isless, by=identity, rev::Bool=false) =
    all(i -> !_sort_lt(lt, by, rev, v[i + 1], v[i]), 1:length(v)-1)
