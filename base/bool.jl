# bool.jl -- Bool: logic operators and arithmetic (Bool is an Integer).

(&)(x::Bool, y::Bool) = and_int(x, y)
(|)(x::Bool, y::Bool) = or_int(x, y)
xor(x::Bool, y::Bool) = (x != y)
(~)(x::Bool) = !x
(==)(x::Bool, y::Bool) = eq_int(x, y)
(<)(x::Bool, y::Bool) = y & !x
(<=)(x::Bool, y::Bool) = y | !x

signbit(x::Bool) = false
sign(x::Bool) = x
abs(x::Bool) = x
iszero(x::Bool) = !x
isone(x::Bool) = x
zero(::Type{Bool}) = false
one(::Type{Bool}) = true
typemin(::Type{Bool}) = false
typemax(::Type{Bool}) = true

(+)(x::Bool) = Int(x)
(-)(x::Bool) = -Int(x)
(+)(x::Bool, y::Bool) = Int(x) + Int(y)
(-)(x::Bool, y::Bool) = Int(x) - Int(y)
(*)(x::Bool, y::Bool) = x & y
(*)(x::Bool, y::T) where {T<:Number} = ifelse(x, y, copysign(zero(y), y))
(*)(y::T, x::Bool) where {T<:Number} = x * y
(*)(x::Bool, y::T) where {T<:Integer} = ifelse(x, y, zero(y))
(*)(y::T, x::Bool) where {T<:Integer} = ifelse(x, y, zero(y))
div(x::Bool, y::Bool) = y ? x : throw(DivideError())
rem(x::Bool, y::Bool) = y ? false : throw(DivideError())
