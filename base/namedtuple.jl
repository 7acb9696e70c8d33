# namedtuple.jl -- NamedTuple{names,T}: construction (used by keyword-argument lowering), field access,
# iteration, keys/values/pairs, merge and structdiff (lowering of `f(; kw...)`), equality.


function (::Type{NamedTuple{names,T}})(args::Tuple) where {names,T<:Tuple}
    length(args) == length(names) || throw(ArgumentError("Wrong number of arguments to named tuple constructor."))
    _new_namedtuple(NamedTuple{names,T}, _tuple_convert(T, args))
end
_eval(Base, :(_new_namedtuple(::Type{NT}, t::Tuple) where {NT} = $(Expr(:splatnew, :NT, :t))))
function (::Type{NamedTuple{names}})(args::Tuple) where {names}
    length(args) == length(names) || throw(ArgumentError("Wrong number of arguments to named tuple constructor."))
    _new_namedtuple(NamedTuple{names,typeof(args)}, args)
end
(::Type{NamedTuple{names}})(nt::NamedTuple) where {names} = NamedTuple{names}(map(n -> getfield(nt, n), names))
NamedTuple() = NamedTuple{(),Tuple{}}(())
function NamedTuple(itr)
    ks = Symbol[]
    vs = Any[]
    for (k, v) in itr
        push!(ks, k)
        push!(vs, v)
    end
    NamedTuple{(ks...,)}((vs...,))
end

length(t::NamedTuple) = nfields(t)
keys(::NamedTuple{names}) where {names} = names
values(t::NamedTuple) = ntuple(i -> getfield(t, i), nfields(t))
haskey(t::NamedTuple, k::Symbol) = isdefined(t, k)
haskey(t::NamedTuple, i::Integer) = 1 <= i <= nfields(t)
getindex(t::NamedTuple, i::Int) = getfield(t, i)
getindex(t::NamedTuple, k::Symbol) = getfield(t, k)
getindex(t::NamedTuple, ks::Tuple{Vararg{Symbol}}) = NamedTuple{ks}(map(k -> getfield(t, k), ks))
getindex(t::NamedTuple, ks::AbstractVector{Symbol}) = t[(ks...,)]
get(t::NamedTuple, k::Symbol, default) = isdefined(t, k) ? getfield(t, k) : default
isempty(t::NamedTuple) = nfields(t) == 0
iterate(t::NamedTuple, i::Int=1) = i > nfields(t) ? nothing : (getfield(t, i), i + 1)
(==)(a::NamedTuple, b::NamedTuple) = keys(a) == keys(b) && values(a) == values(b)
isequal(a::NamedTuple, b::NamedTuple) = isequal(keys(a), keys(b)) && isequal(values(a), values(b))

function merge(a::NamedTuple, b::NamedTuple)
    names = Symbol[]
    vals = Any[]
    for k in keys(a)
        push!(names, k)
        push!(vals, haskey(b, k) ? getfield(b, k) : getfield(a, k))
    end
    for k in keys(b)
        if !haskey(a, k)
            push!(names, k)
            push!(vals, getfield(b, k))
        end
    end
    NamedTuple{(names...,)}((vals...,))
end
merge(a::NamedTuple, itr) = merge(a, NamedTuple(itr))
merge(a::NamedTuple) = a
merge(a::NamedTuple, b, c, rest...) = merge(merge(a, b), c, rest...)
# `@generated function f(x) ... end`: the body runs once per specialization with the arguments bound
# to their types and returns the code of that specialization (lowering splits it, see
# src/lower_expand.c). `if @generated ... else ... end` in a body chooses the same way.
macro generated(f)
    if f isa Expr && (f.head === :function || (f.head === :(=) && f.args[1] isa Expr))
        body = f.args[2]
        lno = body isa Expr && body.head === :block && !isempty(body.args) && body.args[1] isa LineNumberNode ?
              body.args[1] : LineNumberNode(0, :none)
        return Expr(:escape, Expr(f.head, f.args[1],
                                  Expr(:block, lno, Expr(:if, Expr(:generated), body,
                                                         Expr(:block, Expr(:meta, :generated_only), Expr(:return, nothing))))))
    end
    error("invalid syntax; @generated must be used with a function definition")
end
macro generated()
    Expr(:generated)
end

# the fields of a whose names b lacks; generated per pair of types (as Julia's), so inference sees a
# constant shape: keyword-call lowering calls it on every call with keywords
@generated function structdiff(a::NamedTuple, b::Union{NamedTuple,Type{_S1}}) where {_S1<:NamedTuple}
    an = _nt_names(a)
    bn = b <: Type ? _nt_names(b.parameters[1]) : _nt_names(b)
    names = Symbol[]
    types = Any[]
    vals = Any[]
    for i in 1:length(an)
        if !(an[i] in bn)
            push!(names, an[i])
            push!(types, fieldtype(a, i))
            push!(vals, Expr(:call, :getfield, :a, i))
        end
    end
    :(NamedTuple{$((names...,)),$(Tuple{types...})}(($(vals...),)))
end
_nt_names(::Type{_S1}) where {names, _S1<:NamedTuple{names}} = names

# pairs(nt) for `kw...`: an iterator of key => value
struct Pairs{K,V,I,A} <: AbstractDict{K,V}
    data::A
    itr::I
end
pairs(nt::NamedTuple) = Pairs{Symbol,eltype(nt),typeof(keys(nt)),typeof(nt)}(nt, keys(nt))
eltype(::Type{NamedTuple{names,T}}) where {names,T<:Tuple} = eltype(T)
function iterate(p::Pairs, i::Int=1)
    i > length(p.itr) && return nothing
    k = p.itr[i]
    (Pair(k, p.data[k]), i + 1)
end
length(p::Pairs) = length(p.itr)
keys(p::Pairs) = p.itr
values(p::Pairs) = values(p.data)
haskey(p::Pairs, k) = haskey(p.data, k)
getindex(p::Pairs, k) = p.data[k]
isempty(p::Pairs) = length(p.itr) == 0
merge(a::NamedTuple, p::Pairs{Symbol,V,I,A}) where {V,I,A<:NamedTuple} = merge(a, p.data)
kwerr(kw, args...) = throw(MethodError(Core.kwcall, (kw, args...)))
