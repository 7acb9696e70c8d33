# broadcast.jl -- dot syntax (`f.(x)`, `x .+ y`, `x .= y`, `A[i, :] .= v`): lowering calls
# broadcasted/materialize/materialize!/dotview. Shapes follow Julia's rules: dimensions are matched
# left to right, a dimension of length 1 (or a missing trailing one) extends to the other's length,
# anything else is a DimensionMismatch. Arrays and tuples are containers; `Ref(x)`, numbers, strings,
# types and other values are scalars. All-tuple (and scalar) broadcasts give a tuple, all-scalar ones a
# value; otherwise an Array whose element type is that of the values (widened as they come, like
# Julia's `copyto_nonleaf!`; an empty result takes the inferred type).

struct DimensionMismatch <: Exception
    msg::AbstractString
end
DimensionMismatch() = DimensionMismatch("")
showerror(io::IO, e::DimensionMismatch) = print(io, "DimensionMismatch: ", e.msg)

struct Broadcasted{F,Args<:Tuple}
    f::F
    args::Args
end
broadcasted(f, args...) = Broadcasted(f, map(broadcastable, args))
# f.(args...; kw...): the keywords reach every call of f (an f without keywords keeps its type, which
# some broadcasted methods dispatch on)
broadcasted_kwsyntax(f, args...; kwargs...) =
    isempty(kwargs) ? broadcasted(f, args...) : broadcasted((xs...) -> f(xs...; kwargs...), args...)
broadcastable(x) = x
broadcastable(x::Union{Generator,Iterators.Zip,Iterators.Enumerate,Filter}) = collect(x)
broadcastable(x::AbstractDict) = throw(ArgumentError("broadcasting over dictionaries and `NamedTuple`s is reserved"))
broadcastable(x::NamedTuple) = throw(ArgumentError("broadcasting over dictionaries and `NamedTuple`s is reserved"))
broadcastable(x::AbstractString) = Ref(x)

# ---- shapes
_bshape(x) = ()
_bshape(x::AbstractArray) = size(x)
_bshape(x::Tuple) = (length(x),)
_bshape(b::Broadcasted) = _bshape_args(b.args)
_bshape_args(args::Tuple{}) = ()
_bshape_args(args::Tuple) = _bcombine(_bshape(args[1]), _bshape_args(tail(args)))
function _bcombine(a::Tuple, b::Tuple)
    length(a) < length(b) && return _bcombine(b, a)
    isempty(b) && return a
    ntuple(length(a)) do d
        x = a[d]
        y = d <= length(b) ? b[d] : 1
        x == y ? x : x == 1 ? y : y == 1 ? x :
            throw(DimensionMismatch(string("arrays could not be broadcast to a common size; got a dimension with lengths ", x, " and ", y)))
    end
end
_bcontainer(x) = false
_bcontainer(x::AbstractArray) = true
_bcontainer(x::Tuple) = true
_bcontainer(b::Broadcasted) = any(_bcontainer, b.args)
_btuple(x) = true
_btuple(x::AbstractArray) = false
_btuple(b::Broadcasted) = all(_btuple, b.args)

# ---- evaluating one element at the Cartesian index I (a tuple of Ints)
_bget(x, I) = x
_bget(x::Ref, I) = x[]
_bget(x::Tuple, I) = length(x) == 1 ? x[1] : x[I[1]]
_bget(x::AbstractVector, I) = length(x) == 1 ? x[1] : x[I[1]]
_bget(x::AbstractArray, I) = x[ntuple(d -> size(x, d) == 1 ? 1 : I[d], ndims(x))...]
_bget(b::Broadcasted, I) = _beval(b, I)
_beval(b::Broadcasted, I) = _bapply(b.f, b.args, I)
_bapply(f, args::Tuple{}, I) = f()
_bapply(f, args::Tuple{Any}, I) = f(_bget(args[1], I))
_bapply(f, args::Tuple{Any,Any}, I) = f(_bget(args[1], I), _bget(args[2], I))
_bapply(f, args::Tuple{Any,Any,Any}, I) = f(_bget(args[1], I), _bget(args[2], I), _bget(args[3], I))
_bapply(f, args::Tuple, I) = f(map(a -> _bget(a, I), args)...)

# the Cartesian indices of a shape, first index fastest, as tuples
function _bforeach(f, shape::Tuple)
    n = length(shape)
    if n == 1
        for i in 1:shape[1]
            f((i,))
        end
    elseif n == 2
        for j in 1:shape[2], i in 1:shape[1]
            f((i, j))
        end
    else
        for J in CartesianIndices(shape)
            f(J.I)
        end
    end
    nothing
end

function materialize(b::Broadcasted)
    _bcontainer(b) || return _beval(b, ())
    shape = _bshape(b)
    _btuple(b) && return ntuple(i -> _beval(b, (i,)), shape[1])
    n = prod(shape)
    if n == 0
        T = _broadcast_eltype(b)
        return T === Bool ? BitArray(undef, shape) : Array{T}(undef, shape)
    end
    dest = nothing
    k = 0
    _bforeach(shape) do I
        v = _beval(b, I)
        k += 1
        if dest === nothing
            dest = Array{typeof(v)}(undef, shape)
        elseif !(v isa eltype(dest))
            T = promote_typejoin(eltype(dest), typeof(v))
            new = Array{T}(undef, shape)
            for q in 1:k-1
                new[q] = dest[q]
            end
            dest = new
        end
        dest[k] = v
    end
    eltype(dest) === Bool ? BitArray(dest) : dest
end
materialize(x) = x
# the element type of an empty broadcast, from inference (Any when it cannot tell)
function _broadcast_eltype(b::Broadcasted)
    T = ccall(:jl_infer_return_type, Any, (Any, Any), b.f, Tuple{map(_bargtype, b.args)...})
    T isa Type ? T : Any
end
_bargtype(x) = typeof(x)
_bargtype(x::Ref) = eltype(x)
_bargtype(x::Union{AbstractArray,Tuple}) = eltype(x)
_bargtype(b::Broadcasted) = _broadcast_eltype(b)

function materialize!(dest::AbstractArray, b::Broadcasted)
    shape = _bshape(b)
    dshape = size(dest)
    length(shape) <= max(length(dshape), 1) || _bdest_mismatch()
    for d in 1:length(shape)
        s = shape[d]
        s == 1 || s == (d <= length(dshape) ? dshape[d] : 1) || _bdest_mismatch()
    end
    src = _bunalias(dest, b)
    if ndims(dest) == 0
        dest[] = _beval(src, ())
    else
        k = 0
        _bforeach(dshape) do I
            dest[I...] = _beval(src, I)
        end
    end
    dest
end
_bdest_mismatch() = throw(DimensionMismatch("array could not be broadcast to match destination"))
materialize!(dest::AbstractArray, x) = materialize!(dest, Broadcasted(identity, (x,)))
# arguments that share memory with the destination are copied first (as Julia's unalias)
_bunalias(dest, b::Broadcasted) = Broadcasted(b.f, map(a -> _bunalias(dest, a), b.args))
_bunalias(dest, x) = x
_bunalias(dest, x::AbstractArray) = (x !== dest && _mightalias(dest, x)) ? copy(x) : x
_mightalias(A, B) = parent(A) === parent(B)

broadcast(f, args...) = materialize(broadcasted(f, args...))
broadcast!(f, dest, args...) = materialize!(dest, broadcasted(f, args...))

# integer ranges stay ranges under shifts and scaling, as in Julia
broadcasted(::typeof(+), r::AbstractUnitRange{<:Integer}, x::Integer) = (first(r) + x):(last(r) + x)
broadcasted(::typeof(+), x::Integer, r::AbstractUnitRange{<:Integer}) = (x + first(r)):(x + last(r))
broadcasted(::typeof(-), r::AbstractUnitRange{<:Integer}, x::Integer) = (first(r) - x):(last(r) - x)
broadcasted(::typeof(+), r::StepRange{<:Integer}, x::Integer) = (first(r) + x):step(r):(last(r) + x)
broadcasted(::typeof(+), x::Integer, r::StepRange{<:Integer}) = (x + first(r)):step(r):(x + last(r))
broadcasted(::typeof(-), r::StepRange{<:Integer}, x::Integer) = (first(r) - x):step(r):(last(r) - x)
broadcasted(::typeof(*), x::Integer, r::OrdinalRange{<:Integer}) = _scale_range(x, r)
broadcasted(::typeof(*), r::OrdinalRange{<:Integer}, x::Integer) = _scale_range(x, r)
broadcasted(::typeof(-), r::OrdinalRange{<:Integer}) = (-first(r)):(-step(r)):(-last(r))
_scale_range(x, r) = isempty(r) ? ((x * first(r)):(x * step(r)):(x * first(r) - x * step(r))) :
    (x * first(r)):(x * step(r)):(x * last(r))
# other ranges too (Julia's scalar-range broadcast rules): shifts keep the step, scaling scales it
broadcasted(::typeof(+), r::AbstractRange) = r
broadcasted(::typeof(-), r::AbstractRange) = -r
broadcasted(::typeof(+), r::AbstractRange, x::Number) = range(first(r) + x, step=step(r), length=length(r))
broadcasted(::typeof(+), x::Number, r::AbstractRange) = range(x + first(r), step=step(r), length=length(r))
broadcasted(::typeof(+), r::StepRangeLen{T}, x::Number) where {T} =
    StepRangeLen{typeof(T(r.ref) + x)}(r.ref + x, r.step, length(r), r.offset)
broadcasted(::typeof(+), x::Number, r::StepRangeLen{T}) where {T} =
    StepRangeLen{typeof(x + T(r.ref))}(x + r.ref, r.step, length(r), r.offset)
broadcasted(::typeof(+), r::LinRange, x::Number) = LinRange(r.start + x, r.stop + x, length(r))
broadcasted(::typeof(+), x::Number, r::LinRange) = LinRange(x + r.start, x + r.stop, length(r))
broadcasted(::typeof(-), r::AbstractRange, x::Number) = range(first(r) - x, step=step(r), length=length(r))
broadcasted(::typeof(-), x::Number, r::AbstractRange) = range(x - first(r), step=-step(r), length=length(r))
broadcasted(::typeof(-), r::StepRangeLen{T}, x::Number) where {T} =
    StepRangeLen{typeof(T(r.ref) - x)}(r.ref - x, r.step, length(r), r.offset)
broadcasted(::typeof(-), x::Number, r::StepRangeLen{T}) where {T} =
    StepRangeLen{typeof(x - T(r.ref))}(x - r.ref, -r.step, length(r), r.offset)
broadcasted(::typeof(-), r::LinRange, x::Number) = LinRange(r.start - x, r.stop - x, length(r))
broadcasted(::typeof(-), x::Number, r::LinRange) = LinRange(x - r.start, x - r.stop, length(r))
broadcasted(::typeof(*), x::Number, r::AbstractRange) = range(x * first(r), step=x * step(r), length=length(r))
broadcasted(::typeof(*), r::AbstractRange, x::Number) = range(first(r) * x, step=step(r) * x, length=length(r))
broadcasted(::typeof(*), x::Number, r::StepRangeLen{T}) where {T} =
    StepRangeLen{typeof(x * T(r.ref))}(x * r.ref, x * r.step, length(r), r.offset)
broadcasted(::typeof(*), r::StepRangeLen{T}, x::Number) where {T} =
    StepRangeLen{typeof(T(r.ref) * x)}(r.ref * x, r.step * x, length(r), r.offset)
broadcasted(::typeof(*), x::Number, r::LinRange) = LinRange(x * r.start, x * r.stop, r.len)
broadcasted(::typeof(*), r::LinRange, x::Number) = LinRange(r.start * x, r.stop * x, r.len)
broadcasted(::typeof(/), r::AbstractRange, x::Number) = range(first(r) / x, step=step(r) / x, length=length(r))
broadcasted(::typeof(/), r::StepRangeLen{T}, x::Number) where {T} =
    StepRangeLen{typeof(T(r.ref) / x)}(r.ref / x, r.step / x, length(r), r.offset)
broadcasted(::typeof(/), r::LinRange, x::Number) = LinRange(r.start / x, r.stop / x, r.len)

# `A[I...] .= x` assigns through a view; scalar indices give the element (Julia's maybeview)
dotview(A, I...) = view(A, I...)
dotview(A, I::Union{Number,CartesianIndex}...) = getindex(A, I...)

