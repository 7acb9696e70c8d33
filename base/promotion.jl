# promotion.jl -- Julia's promotion system: promote_rule, promote_type, promote, and the fallbacks
# that route mixed-type arithmetic and comparison through it.

typejoin() = Bottom
typejoin(t) = t
typejoin(t, ts...) = typejoin(t, typejoin(ts...))
function typejoin(a, b)
    if a <: b
        return b
    elseif b <: a
        return a
    elseif isa(a, UnionAll)
        return UnionAll(a.var, typejoin(a.body, b))
    elseif isa(b, UnionAll)
        return UnionAll(b.var, typejoin(a, b.body))
    elseif isa(a, TypeVar)
        return typejoin(a.ub, b)
    elseif isa(b, TypeVar)
        return typejoin(a, b.ub)
    elseif isa(a, Union)
        return typejoin(typejoin(a.a, a.b), b)
    elseif isa(b, Union)
        return typejoin(a, typejoin(b.a, b.b))
    elseif a <: Tuple
        b <: Tuple || return Any
        return _tuple_join(a.parameters, b.parameters)
    elseif b <: Tuple
        return Any
    end
    while b !== Any
        if a <: b.name.wrapper
            while a.name !== b.name
                a = supertype(a)
            end
            # Type{T} and Type{S} with one of them an unconstrained variable join to Type
            if a.name === Type.body.name
                ap, bp = a.parameters[1], b.parameters[1]
                (_is_free_var(ap) || _is_free_var(bp)) && return Type
            end
            # same name: parameters that agree stay, the others become the wrapper's variables
            w = a.name.wrapper
            vars = []
            for i in 1:length(a.parameters)
                ai, bi = a.parameters[i], b.parameters[i]
                if ai === bi || (isa(ai, Type) && isa(bi, Type) && ai <: bi && bi <: ai)
                    w = w{ai}
                else
                    pushfirst!(vars, w.var)
                    w = w.body
                end
            end
            for v in vars
                w = UnionAll(v, w)
            end
            return w
        end
        b = supertype(b)
    end
    return Any
end
_is_free_var(p) = isa(p, TypeVar) && p.lb === Bottom && p.ub === Any
unwrapva(t) = isvarargtype(t) ? (isdefined(t, :T) ? t.T : Any) : t

# Tuples join element by element; a longer or Vararg tail joins into one Vararg element
function _tuple_join(ap, bp)
    la, lb = length(ap), length(bp)
    la == 0 && return Tuple{Vararg{_tail_join(bp, 1)}}
    lb == 0 && return Tuple{Vararg{_tail_join(ap, 1)}}
    fa, afixed = _full_va_len(ap)
    fb, bfixed = _full_va_len(bp)
    if fa != fb
        # make `ap` the shorter one; joining is symmetric
        fa > fb && ((ap, bp, la, lb, fa, fb, afixed) = (bp, ap, lb, la, fb, fa, bfixed))
        if isvarargtype(ap[la]) && !afixed
            c = Vector{Any}(undef, fa)
            c[fa] = Vararg{typejoin(unwrapva(ap[la]), _tail_join(bp, fa))}
            n = fa - 1
        else
            c = Vector{Any}(undef, fa + 1)
            c[fa+1] = Vararg{_tail_join(bp, fa + 1)}
            n = fa
        end
    else
        c = Vector{Any}(undef, fa)
        n = fa
    end
    for i in 1:n
        ai, bi = ap[min(i, la)], bp[min(i, lb)]
        ci = typejoin(unwrapva(ai), unwrapva(bi))
        c[i] = i == length(c) && (isvarargtype(ai) || isvarargtype(bi)) ? Vararg{ci} : ci
    end
    return Tuple{c...}
end
# (length counting a Vararg{T,N} with a known N as N elements, is that length fixed)
function _full_va_len(p)
    isempty(p) && return 0, true
    last = p[length(p)]
    if isvarargtype(last)
        isdefined(last, :N) && isa(last.N, Int) && return length(p) + last.N - 1, true
        return length(p), false
    end
    return length(p), true
end
# typejoin of the elements from i on (the Vararg's element past the end)
function _tail_join(A, i)
    i > length(A) && return unwrapva(A[length(A)])
    t = Bottom
    for j in i:length(A)
        t = typejoin(t, unwrapva(A[j]))
    end
    return t
end

# typejoin, except that Nothing and Missing stay in a Union: the element type Julia gives a collection
# holding values of types a and b (promote_typejoin(Int, Nothing) == Union{Nothing, Int64},
# promote_typejoin(Int, Float64) == Real)
function promote_typejoin(a, b)
    c = typejoin(_promote_typesubtract(a), _promote_typesubtract(b))
    return Union{a, b, c}
end
_promote_typesubtract(a) = a === Any ? a : _typesplit(_typesplit(a, Nothing), Missing)
_typesplit(T, S) = T isa Union ? Union{_typesplit(T.a, S), _typesplit(T.b, S)} : T <: S ? Union{} : T

promote_rule(::Type, ::Type) = Bottom

promote_type() = Bottom
promote_type(T) = T
promote_type(T, S, U, V...) = promote_type(T, promote_type(S, U, V...))
promote_type(::Type{Bottom}, ::Type{Bottom}) = Bottom
promote_type(::Type{T}, ::Type{T}) where {T} = T
promote_type(::Type{T}, ::Type{Bottom}) where {T} = T
promote_type(::Type{Bottom}, ::Type{T}) where {T} = T
function promote_type(::Type{T}, ::Type{S}) where {T,S}
    promote_result(T, S, promote_rule(T, S), promote_rule(S, T))
end
promote_result(::Type, ::Type, ::Type{T}, ::Type{S}) where {T,S} = promote_type(T, S)
promote_result(::Type{T}, ::Type{S}, ::Type{Bottom}, ::Type{Bottom}) where {T,S} = typejoin(T, S)

promote() = ()
promote(x) = (x,)
function promote(x, y)
    T = promote_type(typeof(x), typeof(y))
    px, py = convert(T, x), convert(T, y)
    typeof(px) === typeof(x) && typeof(py) === typeof(y) &&
        error("promotion of types ", typeof(x), " and ", typeof(y), " failed to change any arguments")
    (px, py)
end
promote(x::T, y::T) where {T} = (x, y)
function promote(x, y, z)
    T = promote_type(typeof(x), promote_type(typeof(y), typeof(z)))
    (convert(T, x), convert(T, y), convert(T, z))
end

function _promote_error(op, x, y)
    throw(MethodError(op, (x, y)))
end
function _promote_same(op, x, y)
    px, py = promote(x, y)
    if typeof(px) === typeof(x) && typeof(py) === typeof(y)
        _only_catchall(op, x, y) && _promote_error(op, x, y)
        return op(x, y) # reached by invoke(op, Tuple{Real,Real}, x, y)
    end
    op(px, py)
end
# does op(x, y) dispatch to the promoting catch-all itself (no method for these types)?
function _only_catchall(op, x, y)
    sig = unwrap_unionall(which(op, Tuple{typeof(x), typeof(y)}).sig)
    p = sig.parameters
    p[2] === p[3] && (p[2] === Number || p[2] === Real || p[2] === Integer)
end

# Julia's catch-alls: mixed types promote; with the same type on both sides there is nothing to
# promote, so the operation is not defined (`+ not defined for Foo`) unless a method for the type exists
no_op_err(name, T) = error(name, " not defined for ", T)
(+)(x::Number, y::Number) = +(promote(x, y)...)
(*)(x::Number, y::Number) = *(promote(x, y)...)
(-)(x::Number, y::Number) = -(promote(x, y)...)
(/)(x::Number, y::Number) = /(promote(x, y)...)
(^)(x::Number, y::Number) = ^(promote(x, y)...)
(+)(x::T, y::T) where {T<:Number} = no_op_err("+", T)
(*)(x::T, y::T) where {T<:Number} = no_op_err("*", T)
(-)(x::T, y::T) where {T<:Number} = no_op_err("-", T)
(/)(x::T, y::T) where {T<:Number} = no_op_err("/", T)
(^)(x::T, y::T) where {T<:Number} = no_op_err("^", T)
(==)(x::Number, y::Number) = (==)(promote(x, y)...)
(==)(x::T, y::T) where {T<:Number} = x === y
(<)(x::Real, y::Real) = _promote_same(<, x, y)
(<=)(x::Real, y::Real) = _promote_same(<=, x, y)
div(x::Real, y::Real) = _promote_same(div, x, y)
rem(x::Real, y::Real) = _promote_same(rem, x, y)
mod(x::Real, y::Real) = _promote_same(mod, x, y)
fld(x::Real, y::Real) = _promote_same(fld, x, y)
cld(x::Real, y::Real) = _promote_same(cld, x, y)
min(x::Real, y::Real) = _promote_same(min, x, y)
max(x::Real, y::Real) = _promote_same(max, x, y)
(&)(x::Integer, y::Integer) = _promote_same(&, x, y)
(|)(x::Integer, y::Integer) = _promote_same(|, x, y)
xor(x::Integer, y::Integer) = _promote_same(xor, x, y)
isless(x::Real, y::Real) = _promote_same(isless, x, y)
