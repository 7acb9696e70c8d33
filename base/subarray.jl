# subarray.jl -- views: `view(A, I...)`, `@view A[I...]`, `@views expr` give a SubArray that shares
# A's elements. Indices are stored converted (Int, or an AbstractVector of Ints such as a Slice for
# `:`); an Int index drops its dimension. Scalar indexing maps the view's subscripts to the parent's.

struct SubArray{T,N,P,I,L} <: AbstractArray{T,N}
    parent::P
    indices::I
end
function view(A::AbstractArray, I...)
    J = to_indices(A, I)
    checkbounds(A, J...)
    N = length(_index_shape(J))
    L = IndexStyle(A) isa IndexLinear && _view_linear(J)
    SubArray{eltype(A),N,typeof(A),typeof(J),L}(A, J)
end
# a view of a range is a range
view(r::AbstractUnitRange, I::AbstractUnitRange{Int}) = r[I]
view(r::AbstractRange, I::AbstractRange{Int}) = r[I]
# Julia's viewindexing: leading Ints and leading Slice pairs are skipped; then one range followed by
# Ints only is linearly indexable
function _view_linear(J::Tuple)
    while !isempty(J) && J[1] isa Int
        J = tail(J)
    end
    while length(J) >= 2 && J[1] isa Slice && J[2] isa Slice
        J = tail(J)
    end
    isempty(J) || (J[1] isa AbstractRange && all(j -> j isa Int, tail(J)))
end
size(V::SubArray) = _index_shape(V.indices)
parent(V::SubArray) = V.parent
parentindices(V::SubArray) = V.indices
IndexStyle(::Type{SubArray{T,N,P,I,L}}) where {T,N,P,I,L} = (L || N == 1) ? IndexLinear() : IndexCartesian()

# the parent's indices of the view's element at subscripts I (exactly ndims(V) Ints, or one Int)
function _parent_index(V::SubArray, I::Tuple)
    idx = V.indices
    N = ndims(V)
    if length(I) != N
        I = length(I) == 1 ? _ind2sub(size(V), I[1]) : _cartesian_form(V, I)
    end
    k = 0
    map(idx) do ix
        ix isa Int ? ix : (k += 1; ix[I[k]])
    end
end
function getindex(V::SubArray{T,N}, I::Vararg{Int,N}) where {T,N}
    checkbounds(V, I...)
    V.parent[_parent_index(V, I)...]
end
function setindex!(V::SubArray{T,N}, x, I::Vararg{Int,N}) where {T,N}
    checkbounds(V, I...)
    V.parent[_parent_index(V, I)...] = x
    V
end
getindex(V::SubArray{T,N,P,I,true}, i::Int) where {T,N,P,I} = (checkbounds(V, i); V.parent[_parent_index(V, (i,))...])
setindex!(V::SubArray{T,N,P,I,true}, x, i::Int) where {T,N,P,I} =
    (checkbounds(V, i); V.parent[_parent_index(V, (i,))...] = x; V)
getindex(V::SubArray{T,1,P,I,true}, i::Int) where {T,P,I} = (checkbounds(V, i); V.parent[_parent_index(V, (i,))...])
setindex!(V::SubArray{T,1,P,I,true}, x, i::Int) where {T,P,I} =
    (checkbounds(V, i); V.parent[_parent_index(V, (i,))...] = x; V)
getindex(V::SubArray{T,0}) where {T} = V.parent[V.indices...]
setindex!(V::SubArray{T,0}, x) where {T} = (V.parent[V.indices...] = x; V)

function showarg(io::IO, V::SubArray, toplevel)
    print(io, "view(")
    showarg(io, parent(V), false)
    for i in V.indices
        print(io, ", ")
        _show_view_index(io, i)
    end
    print(io, ')')
    _showarg_eltype(io, V, toplevel)
end
_show_view_index(io, i) = show(io, i)
_show_view_index(io, s::Slice) = print(io, ':')
_show_view_index(io, L::LogicalIndex) = show(io, L.mask)

# ---- @view and @views: `end`/`begin` inside the brackets refer to the indexed array
macro view(ex)
    (ex isa Expr && ex.head === :ref) || throw(ArgumentError("Invalid use of @view macro: argument must be a reference expression A[...]."))
    esc(_view_expr(ex))
end
function _view_expr(ex::Expr)
    a = ex.args[1]
    s = gensym(:A)
    n = length(ex.args) - 1
    idx = Any[_replace_end(ex.args[k+1], s, k, n) for k in 1:n]
    Expr(:let, Expr(:(=), s, a), Expr(:call, GlobalRef(Base, :view), s, idx...))
end
_replace_end(x, s, k, n) = x === :end ? (n == 1 ? :($(GlobalRef(Base, :lastindex))($s)) : :($(GlobalRef(Base, :lastindex))($s, $k))) :
                           x === :begin ? (n == 1 ? :($(GlobalRef(Base, :firstindex))($s)) : :($(GlobalRef(Base, :firstindex))($s, $k))) : x
function _replace_end(x::Expr, s, k, n)
    x.head === :ref && return x   # a nested A[...] has its own `end`
    Expr(x.head, map(a -> _replace_end(a, s, k, n), x.args)...)
end
macro views(ex)
    esc(_views(ex))
end
_views(x) = x
function _views(ex::Expr)
    if ex.head === :ref
        return _view_expr(Expr(:ref, map(_views, ex.args)...))
    elseif ex.head === :(=) && ex.args[1] isa Expr && ex.args[1].head === :ref
        lhs = ex.args[1]
        return Expr(:(=), Expr(:ref, map(_views, lhs.args)...), _views(ex.args[2]))
    elseif ex.head in (:+=, :-=, :*=, :/=) && ex.args[1] isa Expr && ex.args[1].head === :ref
        lhs = ex.args[1]
        op = Symbol(string(ex.head)[1:end-1])
        tmp = _views(lhs)
        return Expr(:(=), Expr(:ref, map(_views, lhs.args)...), Expr(:call, op, tmp, _views(ex.args[2])))
    end
    Expr(ex.head, map(_views, ex.args)...)
end
