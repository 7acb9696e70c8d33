# broadcast.jl -- dot syntax for vectors, tuples, ranges and scalars (`f.(x)`, `x .+ 1`, `x .= y`):
# lowering calls broadcasted/materialize/materialize!. One-dimensional shapes only; the full
# Broadcast module (N-d shapes, styles) arrives with issue 6. Ref and scalars broadcast as scalars;
# arguments of length 1 are extended.

struct Broadcasted{F,Args<:Tuple}
    f::F
    args::Args
end
broadcasted(f, args...) = Broadcasted(f, args)
broadcastable(x) = x

_bcontainer(x) = false
_bcontainer(x::AbstractArray) = true
_bcontainer(x::Tuple) = true
_bcontainer(b::Broadcasted) = any(_bcontainer, b.args)
_blength(x) = 1
_blength(x::AbstractArray) = length(x)
_blength(x::Tuple) = length(x)
function _blength(b::Broadcasted)
    n = 1
    for a in b.args
        m = _blength(a)
        if m != 1
            n != 1 && n != m && throw(DimensionMismatch(string("arrays could not be broadcast to a common size; got a dimension with lengths ", n, " and ", m)))
            n = m
        end
    end
    n
end
_bget(x, i) = x
_bget(x::Ref, i) = x[]
_bget(x::AbstractArray, i) = length(x) == 1 ? x[1] : x[i]
_bget(x::Tuple, i) = length(x) == 1 ? x[1] : x[i]
_bget(b::Broadcasted, i) = _bcall(b, i)
_bcall(b::Broadcasted{F,Tuple{}}, i) where {F} = b.f()
_bcall(b::Broadcasted, i) = b.f(map(a -> _bget(a, i), b.args)...)
_btuple(b::Broadcasted) = !any(a -> a isa AbstractArray || (a isa Broadcasted && !_btuple(a)), b.args)

function materialize(b::Broadcasted)
    _bcontainer(b) || return _bcall(b, 1)
    n = _blength(b)
    _btuple(b) && return ntuple(i -> _bcall(b, i), n)
    n == 0 && return Any[]
    vals = Any[_bcall(b, i) for i in 1:n]
    T = typeof(vals[1])
    for v in vals
        T = _promote_eltype(T, typeof(v))
    end
    out = Vector{T}(undef, n)
    for i in 1:n
        out[i] = vals[i]
    end
    out
end
materialize(x) = x
function materialize!(dest::AbstractArray, b::Broadcasted)
    n = length(dest)
    m = _blength(b)
    m == 1 || m == n || throw(DimensionMismatch(string("array could not be broadcast to match destination")))
    for i in 1:n
        dest[i] = _bcall(b, i)
    end
    dest
end
materialize!(dest::AbstractArray, x) = fill!(dest, x)
broadcast(f, args...) = materialize(broadcasted(f, args...))
broadcast!(f, dest, args...) = materialize!(dest, broadcasted(f, args...))

struct DimensionMismatch <: Exception
    msg::AbstractString
end
showerror(io::IO, e::DimensionMismatch) = print(io, "DimensionMismatch: ", e.msg)
