# promotion.jl -- Julia's promotion system: promote_rule, promote_type, promote, and the fallbacks
# that route mixed-type arithmetic and comparison through it.

typejoin() = Bottom
typejoin(t) = t
function typejoin(a, b)
    if a <: b
        return b
    elseif b <: a
        return a
    end
    isa(a, Union) && return typejoin(typejoin(a.a, a.b), b)
    isa(b, Union) && return typejoin(a, typejoin(b.a, b.b))
    if isa(a, DataType) && isa(b, DataType)
        while a !== Any
            b <: a && return a
            a = supertype(a)
        end
    end
    return Any
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

# Julia's catch-alls: with the same type on both sides there is nothing to promote, so the operation
# is not defined (`+ not defined for Foo`). Julia writes these as `+(x::T, y::T) where {T<:Number}`
# methods; julep checks here, as its specificity order ranks those against `*(::Rational, ::Rational)`
# as ambiguous. `invoke` of the catch-all with a type that has its own method calls that method.
no_op_err(name, T) = error(name, " not defined for ", T)
function _promote_arith(op, name, x, y)
    if typeof(x) === typeof(y)
        _only_catchall(op, x, y) && no_op_err(name, typeof(x))
        return op(x, y) # reached by invoke(+, Tuple{Number,Number}, 1, 2)
    end
    op(promote(x, y)...)
end
# does op(x, y) dispatch to the promoting catch-all itself (no method for these types)?
function _only_catchall(op, x, y)
    sig = unwrap_unionall(which(op, Tuple{typeof(x), typeof(y)}).sig)
    p = sig.parameters
    p[2] === p[3] && (p[2] === Number || p[2] === Real || p[2] === Integer)
end
(+)(x::Number, y::Number) = _promote_arith(+, "+", x, y)
(*)(x::Number, y::Number) = _promote_arith(*, "*", x, y)
(-)(x::Number, y::Number) = _promote_arith(-, "-", x, y)
(/)(x::Number, y::Number) = _promote_arith(/, "/", x, y)
(^)(x::Number, y::Number) = _promote_arith(^, "^", x, y)
# the same type on both sides: Julia compares by identity (`==(x::T, y::T) where {T<:Number} = x === y`)
(==)(x::Number, y::Number) = typeof(x) === typeof(y) ? x === y : _promote_same(==, x, y)
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
