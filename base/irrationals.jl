# irrationals.jl -- Irrational{sym}: the exact constants π, ℯ, γ, φ (Base.MathConstants) as singleton
# Reals. Arithmetic converts them to Float64 (or to the float type of the other operand); comparisons
# with floats are exact because each constant knows whether its rounded Float64 lies below or above it.

abstract type AbstractIrrational <: Real end
struct Irrational{sym} <: AbstractIrrational end

# (nearest Float64, sign of (exact - nearest Float64))
_irr(::Irrational{:π}) = (3.141592653589793, 1)
_irr(::Irrational{:ℯ}) = (2.718281828459045, 1)
_irr(::Irrational{:γ}) = (0.5772156649015329, -1)
_irr(::Irrational{:φ}) = (1.618033988749895, -1)

Float64(x::AbstractIrrational) = _irr(x)[1]
Float32(x::AbstractIrrational) = Float32(Float64(x))
Float16(x::AbstractIrrational) = Float16(Float64(x))
AbstractFloat(x::AbstractIrrational) = Float64(x)
float(x::AbstractIrrational) = Float64(x)
(::Type{T})(x::AbstractIrrational, ::RoundingMode{:Up}) where {T<:IEEEFloat} = (f = T(x); Float64(f) < x ? nextfloat(f) : f)
(::Type{T})(x::AbstractIrrational, ::RoundingMode{:Down}) where {T<:IEEEFloat} = (f = T(x); Float64(f) > x ? prevfloat(f) : f)
promote_rule(::Type{<:AbstractIrrational}, ::Type{T}) where {T<:Real} = promote_type(Float64, T)
promote_rule(::Type{<:AbstractIrrational}, ::Type{T}) where {T<:AbstractFloat} = T
promote_rule(::Type{<:AbstractIrrational}, ::Type{<:AbstractIrrational}) = Float64
convert(::Type{T}, x::AbstractIrrational) where {T<:AbstractFloat} = T(x)
for op in (:+, :-, :*, :/, :^)
    @eval $op(x::AbstractIrrational, y::AbstractIrrational) = $op(Float64(x), Float64(y))
end
(*)(x::Bool, y::AbstractIrrational) = ifelse(x, Float64(y), 0.0)
(-)(x::AbstractIrrational) = -Float64(x)
(==)(::Irrational{s}, ::Irrational{s}) where {s} = true
(==)(::AbstractIrrational, ::AbstractIrrational) = false
(==)(x::AbstractIrrational, y::Real) = false
(==)(x::Real, y::AbstractIrrational) = false
(==)(x::AbstractIrrational, y::AbstractFloat) = false
(==)(x::AbstractFloat, y::AbstractIrrational) = false
isequal(x::AbstractIrrational, y::AbstractIrrational) = x == y
# x < y for a float y: the exact value lies strictly between roundings, never equal to a float
(<)(x::AbstractIrrational, y::AbstractFloat) = (v = _irr(x); v[1] < y || (v[1] == y && v[2] < 0))
(<)(x::AbstractFloat, y::AbstractIrrational) = (v = _irr(y); x < v[1] || (x == v[1] && v[2] > 0))
(<=)(x::AbstractIrrational, y::AbstractFloat) = x < y
(<=)(x::AbstractFloat, y::AbstractIrrational) = x < y
(<)(x::AbstractIrrational, y::AbstractIrrational) = x != y && Float64(x) < Float64(y)
(<=)(x::AbstractIrrational, y::AbstractIrrational) = x == y || Float64(x) < Float64(y)
(<)(x::AbstractIrrational, y::Real) = x < Float64(y) || (Float64(y) == Float64(x) && _irr(x)[2] < 0)
(<)(x::Real, y::AbstractIrrational) = Float64(x) < y || (Float64(x) == Float64(y) && _irr(y)[2] > 0)
(<=)(x::AbstractIrrational, y::Real) = x < y
(<=)(x::Real, y::AbstractIrrational) = x < y
isless(x::AbstractIrrational, y::Real) = x < y
isless(x::Real, y::AbstractIrrational) = x < y
isless(x::AbstractFloat, y::AbstractIrrational) = isnan(x) ? false : x < y
isless(x::AbstractIrrational, y::AbstractFloat) = isnan(y) ? true : x < y
isinteger(::AbstractIrrational) = false
iszero(::AbstractIrrational) = false
isone(::AbstractIrrational) = false
hash(x::Irrational, h::UInt) = hash_uint(xor(hash(Float64(x)), h) + 0x5b8c53be42e8bd0c)
zero(::AbstractIrrational) = false
zero(::Type{<:AbstractIrrational}) = false
one(::AbstractIrrational) = true
one(::Type{<:AbstractIrrational}) = true
round(x::AbstractIrrational, r::RoundingMode) = round(Float64(x), r)
sign(x::AbstractIrrational) = sign(Float64(x))
inv(x::AbstractIrrational) = 1 / x

show(io::IO, ::Irrational{sym}) where {sym} = print(io, sym)
function show(io::IO, ::MIME"text/plain", x::Irrational{sym}) where {sym}
    if get(io, :compact, false) === true
        print(io, sym)
    else
        s = string(Float64(x))
        print(io, sym, " = ", s[1:min(end, 15)], "...")
    end
end

module MathConstants
import ..Base: Irrational
export π, pi, ℯ, e, γ, eulergamma, φ, golden
const π = Irrational{:π}()
const ℯ = Irrational{:ℯ}()
const γ = Irrational{:γ}()
const φ = Irrational{:φ}()
const pi = π
const e = ℯ
const eulergamma = γ
const golden = φ
end
using .MathConstants: π, pi, ℯ

log(::Irrational{:ℯ}) = 1
log(::Irrational{:ℯ}, x::Number) = log(x)
exp(x::Irrational{:ℯ}) = exp(Float64(x))
(^)(::Irrational{:ℯ}, x::Number) = exp(x)
(^)(::Irrational{:ℯ}, x::Integer) = exp(Float64(x))
literal_pow(::typeof(^), ::Irrational{:ℯ}, ::Val{p}) where {p} = exp(Float64(p))
sqrt(x::AbstractIrrational) = sqrt(Float64(x))
