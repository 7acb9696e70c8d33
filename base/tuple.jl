# tuple.jl -- tuples: length, indexing (BoundsError), iteration, comparison, map, ntuple, tail.

length(t::Tuple) = nfields(t)
lastindex(t::Tuple) = length(t)
firstindex(t::Tuple) = 1
isempty(t::Tuple) = length(t) == 0
size(t::Tuple) = (length(t),)
eachindex(t::Tuple) = OneTo(length(t))
keys(t::Tuple) = OneTo(length(t))
function getindex(t::Tuple, i::Int)
    1 <= i <= nfields(t) || throw(BoundsError(t, i))
    getfield(t, i)
end
getindex(t::Tuple, i::Integer) = getindex(t, Int(i))
getindex(t::Tuple, r::AbstractUnitRange) = ntuple(j -> t[first(r) + j - 1], length(r))
getindex(t::Tuple, ::Colon) = t
iterate(t::Tuple, i::Int=1) = 1 <= i <= length(t) ? (getfield(t, i), i + 1) : nothing
first(t::Tuple) = t[1]
last(t::Tuple) = t[end]
tail(t::Tuple) = _tail(t...)
_tail(x, rest...) = rest
front(t::Tuple) = ntuple(i -> t[i], length(t) - 1)
eltype(::Type{Tuple{}}) = Union{}
eltype(t::Type{_S1}) where {_S1<:Tuple} = _tuple_eltype(t)
# the promote_typejoin of the element types (Julia's: eltype((1, 2.0)) == Real, eltype((1, nothing))
# == Union{Nothing, Int64})
function _tuple_eltype(t)
    ps = t.parameters
    T = Union{}
    for i in 1:length(ps)
        p = ps[i]
        p = p isa Core.TypeofVararg ? p.T : p
        T = i == 1 ? p : promote_typejoin(T, p)
        T === Any && return T
    end
    T
end

function ntuple(f, n::Int)
    n == 0 && return ()
    n == 1 && return (f(1),)
    n == 2 && return (f(1), f(2))
    n == 3 && return (f(1), f(2), f(3))
    v = Any[]
    for i in 1:n
        push!(v, f(i))
    end
    (v...,)
end
ntuple(f, ::Val{n}) where {n} = ntuple(f, n)

# ==, isequal and isless compare the first elements, then the tails: for a tuple of known length,
# inference unrolls the recursion into one comparison per element. == is `missing` when an element
# comparison is and no later one is false, as Julia's.
(==)(a::Tuple, b::Tuple) = length(a) == length(b) && _tuple_eq(a, b)
_tuple_eq(::Tuple{}, ::Tuple{}) = true
function _tuple_eq(a::Tuple, b::Tuple)
    eq = a[1] == b[1]
    eq === false && return false
    ismissing(eq) && return _tuple_eq_missing(tail(a), tail(b))
    _tuple_eq(tail(a), tail(b))
end
_tuple_eq_missing(::Tuple{}, ::Tuple{}) = missing
_tuple_eq_missing(a::Tuple, b::Tuple) = (a[1] == b[1]) === false ? false : _tuple_eq_missing(tail(a), tail(b))
isequal(a::Tuple, b::Tuple) = length(a) == length(b) && _tuple_isequal(a, b)
_tuple_isequal(::Tuple{}, ::Tuple{}) = true
_tuple_isequal(a::Tuple, b::Tuple) = isequal(a[1], b[1]) && _tuple_isequal(tail(a), tail(b))
isless(::Tuple{}, ::Tuple{}) = false
isless(::Tuple{}, ::Tuple) = true
isless(::Tuple, ::Tuple{}) = false
isless(a::Tuple, b::Tuple) = isless(a[1], b[1]) || (isequal(a[1], b[1]) && isless(tail(a), tail(b)))

map(f, t::Tuple{}) = ()
# short tuples call f directly (as Julia's), so a type passed as f stays a constant for inference
# (through the closure below it would be a field of type DataType and every call dynamic)
map(f, t::Tuple{Any}) = (f(t[1]),)
map(f, t::Tuple{Any,Any}) = (f(t[1]), f(t[2]))
map(f, t::Tuple{Any,Any,Any}) = (f(t[1]), f(t[2]), f(t[3]))
map(f, t::Tuple) = ntuple(i -> f(t[i]), length(t))
map(f, t::Tuple{Any}, s::Tuple{Any}) = (f(t[1], s[1]),)
map(f, t::Tuple{Any,Any}, s::Tuple{Any,Any}) = (f(t[1], s[1]), f(t[2], s[2]))
map(f, t::Tuple, s::Tuple) = ntuple(i -> f(t[i], s[i]), min(length(t), length(s)))
reverse(t::Tuple) = ntuple(i -> t[length(t) + 1 - i], length(t))

# Tuple(itr), conversion between tuple types
(::Type{Tuple})(itr) = (collect(itr)...,)
(::Type{Tuple})(t::Tuple) = t
_tuple_convert(::Type{T}, x::T) where {T<:Tuple} = x  # statically known: no parameter walk
function _tuple_convert(::Type{T}, x::Tuple) where {T<:Tuple}
    P = T.parameters
    length(P) == length(x) || throw(MethodError(convert, (T, x)))
    ntuple(i -> convert(P[i], x[i]), length(x))
end

# `a, b... = x` lowers to Base.rest(x, i) (tuples, arrays) or Base.rest(x, state) (iterators)
rest(t::Tuple, i::Int) = ntuple(k -> getfield(t, k + i - 1), length(t) - i + 1)
rest(a::Array, i::Int=1) = a[i:end]
rest(itr, state...) = Iterators.rest(itr, state...)
